import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/connection.ts";
import { notFound } from "./errors.ts";

/** A table keyed by (org_id, id), as every tenant table is. */
type OwnedTable = PgTable & { orgId: PgColumn; id: PgColumn };

/**
 * The organization's row with this id, optionally locked for the rest of the
 * transaction; a 404 naming `what` when the organization has none (another
 * organization's id included). The one way services fetch a row by id.
 */
export async function ownedRow<T extends OwnedTable>(db: Db | Tx, table: T, orgId: string, id: string, what: string, lock?: "update" | "share"): Promise<T["$inferSelect"]> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.orgId, orgId), eq(table.id, id)));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound(what, id);
  return row as T["$inferSelect"];
}
