import { eq } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { newId } from "../ids.ts";
import { orgs, type OrgRow, type Plan } from "./orgs-table.ts";

export interface OrgApi {
  id: string;
  object: "organization";
  name: string;
  plan: Plan;
  created_at: string;
}

export function orgToApi(row: OrgRow): OrgApi {
  return { id: row.id, object: "organization", name: row.name, plan: row.plan, created_at: row.createdAt.toISOString() };
}

export async function createOrg(db: Db, input: { name: string; plan: Plan }, now: Date): Promise<OrgRow> {
  const [row] = await db
    .insert(orgs)
    .values({ id: newId("org"), name: input.name, plan: input.plan, createdAt: now })
    .returning();
  return row!;
}

/** Not ownedRow: an organization is the tenant itself, not a row one owns. */
export async function findOrg(db: Db, id: string): Promise<OrgRow | undefined> {
  const [row] = await db.select().from(orgs).where(eq(orgs.id, id));
  return row;
}

export async function countOrgs(db: Db): Promise<number> {
  const rows = await db.select({ id: orgs.id }).from(orgs).limit(1);
  return rows.length;
}

/** Every organization, oldest first (for the operator's CLI, not the API). */
export async function listOrgs(db: Db): Promise<OrgRow[]> {
  return db.select().from(orgs).orderBy(orgs.createdAt, orgs.id);
}
