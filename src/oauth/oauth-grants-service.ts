import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/connection.ts";
import { write, type Emit, type WriteContext } from "../platform/events/outbox.ts";
import { newId } from "../platform/ids.ts";
import { defineList, listPage, type Page } from "../platform/lists.ts";
import { ownedRow } from "../platform/owned-rows.ts";
import type { Scope } from "../platform/auth/scopes.ts";
import { disableGrantEndpoints } from "../webhooks/endpoints-service.ts";
import { oauthApps, oauthGrants, type OAuthAppRow, type OAuthGrantRow } from "./oauth-table.ts";

// Grants: /v1/oauth_grants (connected apps), and the grants the authorization server makes and ends.

export interface OAuthGrantApi {
  id: string;
  object: "oauth_grant";
  app: { id: string; name: string; logo_url: string | null } | null;
  user_id: string | null;
  scopes: string[];
  status: "active" | "revoked";
  created_at: string;
  revoked_at: string | null;
}

export function grantToApi(row: OAuthGrantRow, app: OAuthAppRow | undefined): OAuthGrantApi {
  return {
    id: row.id,
    object: "oauth_grant",
    app: app ? { id: app.id, name: app.name, logo_url: app.logoUrl } : null,
    user_id: row.userId,
    scopes: row.scopes,
    status: row.revokedAt ? "revoked" : "active",
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export const grantList = defineList({
  table: oauthGrants,
  tiebreak: oauthGrants.id,
  filters: { app_id: { kind: "id", column: oauthGrants.appId, idKind: "oauthApp" }, created_at: { kind: "datetime", column: oauthGrants.createdAt } },
  sorts: { created_at: oauthGrants.createdAt },
  defaultSort: "-created_at",
});

export async function listGrants(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<OAuthGrantApi>> {
  // Connected apps: revoked grants stay in the table (and in events), not in this list.
  const parsed = grantList.parse(orgId, query, now, { key: "active", condition: () => isNull(oauthGrants.revokedAt) });
  const page = await listPage(db, grantList.spec, parsed, (row: OAuthGrantRow) => row);
  return { ...page, data: await grantsToApi(db, page.data) };
}

/** Grants with their apps, read in one query (an app may belong to another organization, or be gone). */
async function grantsToApi(db: Db, rows: OAuthGrantRow[]): Promise<OAuthGrantApi[]> {
  const ids = [...new Set(rows.map((r) => r.appId))];
  const found = ids.length ? await db.select().from(oauthApps).where(inArray(oauthApps.id, ids)) : [];
  const apps = new Map(found.map((app) => [app.id, app]));
  return rows.map((r) => grantToApi(r, apps.get(r.appId)));
}

export async function getGrant(db: Db, orgId: string, id: string): Promise<OAuthGrantApi> {
  return (await grantsToApi(db, [await ownedRow(db, oauthGrants, orgId, id, "OAuth grant")]))[0]!;
}

/** A grant's app by its id alone: an app connected from another organization (or registered dynamically) is not this organization's row. */
async function appOf(tx: Tx, grant: OAuthGrantRow): Promise<OAuthAppRow | undefined> {
  const [app] = await tx.select().from(oauthApps).where(eq(oauthApps.id, grant.appId));
  return app;
}

export async function revokeGrant(db: Db, ctx: WriteContext, id: string): Promise<OAuthGrantApi> {
  return write(db, ctx, async (tx, emit) => {
    const grant = await ownedRow(tx, oauthGrants, ctx.orgId, id, "OAuth grant");
    const app = await appOf(tx, grant);
    return (await revokeGrantIn(tx, emit, grant, app, ctx.now)) ?? grantToApi(grant, app);
  });
}

/** Ends a grant the authorization server found misused (a code or refresh token used twice), or whose refresh token the client revoked. */
export async function revokeGrantRow(db: Db, grant: OAuthGrantRow, requestId: string, now: Date): Promise<void> {
  await write(db, { orgId: grant.orgId, requestId, idempotencyKey: null, now }, async (tx, emit) => {
    await revokeGrantIn(tx, emit, grant, await appOf(tx, grant), now);
  });
}

export async function insertGrant(tx: Tx, emit: Emit, ctx: WriteContext, app: OAuthAppRow, userId: string | null, scopes: Scope[]): Promise<OAuthGrantRow> {
  const [grant] = await tx
    .insert(oauthGrants)
    .values({ orgId: ctx.orgId, id: newId("oauthGrant"), appId: app.id, userId, scopes, createdAt: ctx.now })
    .returning();
  emit({ type: "oauth_grant.created", object: grantToApi(grant!, app) });
  return grant!;
}

/** Sets revoked_at once (a second revocation changes nothing and emits nothing). */
export async function revokeGrantIn(tx: Tx, emit: Emit, grant: OAuthGrantRow, app: OAuthAppRow | undefined, now: Date): Promise<OAuthGrantApi | undefined> {
  const [row] = await tx
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.orgId, grant.orgId), eq(oauthGrants.id, grant.id), isNull(oauthGrants.revokedAt)))
    .returning();
  if (!row) return undefined;
  const object = grantToApi(row, app);
  emit({ type: "oauth_grant.revoked", object });
  await disableGrantEndpoints(tx, emit, row.orgId, row.id, now);
  return object;
}
