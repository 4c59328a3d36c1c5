import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/connection.ts";
import { ApiError, notFound } from "../platform/errors.ts";
import { write, type WriteContext } from "../platform/events/outbox.ts";
import { newId } from "../platform/ids.ts";
import { defineList, listPage, type Page } from "../platform/lists.ts";
import { ownedRow } from "../platform/owned-rows.ts";
import { SCOPES } from "../platform/auth/scopes.ts";
import { revokeGrantIn } from "./oauth-grants-service.ts";
import { oauthApps, oauthGrants, type ClientType, type OAuthAppRow, type OAuthGrantRow } from "./oauth-table.ts";
import { newClientSecret } from "./tokens.ts";

// Apps: /v1/oauth_apps (an organization registers its apps), and /oauth/register (an app registers itself).
//
// Apps have no events (the catalog has none for oauth_app, and adding kinds would change the API), yet their
// writes go through write() all the same: it is the one write path, and it marks a request's Idempotency-Key
// committed in the same transaction, so a retry after a crash does not register a second app.

export interface OAuthAppApi {
  id: string;
  object: "oauth_app";
  client_id: string;
  name: string;
  client_type: ClientType;
  redirect_uris: string[];
  scopes: string[];
  logo_url: string | null;
  client_secret_hint: string | null;
  created_at: string;
  updated_at: string;
}

export function appToApi(row: OAuthAppRow): OAuthAppApi {
  return {
    id: row.id,
    object: "oauth_app",
    client_id: row.id,
    name: row.name,
    client_type: row.clientType,
    redirect_uris: row.redirectUris,
    scopes: row.scopes,
    logo_url: row.logoUrl,
    client_secret_hint: row.secretHint,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface AppInput {
  name: string;
  client_type: ClientType;
  redirect_uris: string[];
  scopes: string[];
  logo_url?: string | null;
}

const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Redirect URIs are compared exactly (RFC 9700 2.1), so each must be a
 * complete, fixed URL: https, or http to a loopback address for native apps
 * and local development (RFC 8252 7.3); no fragment, no wildcards.
 */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "is not an absolute URL";
  }
  if (url.hash || uri.includes("#")) return "must not have a fragment";
  if (url.username || url.password) return "must not hold credentials";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) return undefined;
  return "must be https (or http to 127.0.0.1, [::1] or localhost)";
}

/**
 * Exact match (RFC 9700 2.1), except the port of a loopback IP redirect URI:
 * a native app listens on whatever port is free when it runs (RFC 8252 7.3).
 */
export function redirectUriMatches(registered: string, given: string): boolean {
  if (registered === given) return true;
  let a: URL;
  let b: URL;
  try {
    a = new URL(registered);
    b = new URL(given);
  } catch {
    return false;
  }
  const loopbackIp = (u: URL) => u.protocol === "http:" && (u.hostname === "127.0.0.1" || u.hostname === "[::1]");
  if (!loopbackIp(a) || !loopbackIp(b) || given.includes("#")) return false;
  return a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search && !b.username && !b.password;
}

function checkAppInput(input: Partial<AppInput>): void {
  const errors: { in: "body"; field: string; message: string }[] = [];
  input.redirect_uris?.forEach((uri, i) => {
    const problem = redirectUriProblem(uri);
    if (problem) errors.push({ in: "body", field: `redirect_uris[${i}]`, message: problem });
  });
  if (input.logo_url && !input.logo_url.startsWith("https://")) errors.push({ in: "body", field: "logo_url", message: "must be an https URL" });
  if (errors.length > 0) throw new ApiError("validation_failed", `${errors[0]!.field}: ${errors[0]!.message}`, { errors });
}

const inCatalogOrder = (scopes: readonly string[]) => SCOPES.filter((s) => scopes.includes(s));

export const appList = defineList({
  table: oauthApps,
  tiebreak: oauthApps.id,
  filters: { created_at: { kind: "datetime", column: oauthApps.createdAt } },
  sorts: { created_at: oauthApps.createdAt, name: oauthApps.name },
  defaultSort: "-created_at",
});

/** A dynamic app (RFC 7591) belongs to no organization: any member may connect it to theirs. */
export async function createApp(db: Db, ctx: WriteContext, input: AppInput, dynamic = false): Promise<{ app: OAuthAppApi; secret: string | null }> {
  checkAppInput(input);
  const secret = input.client_type === "confidential" ? newClientSecret() : null;
  const row = await write(db, ctx, async (tx) => {
    const [inserted] = await tx
      .insert(oauthApps)
      .values({
        id: newId("oauthApp"),
        orgId: dynamic ? null : ctx.orgId,
        name: input.name,
        clientType: input.client_type,
        secretHash: secret?.hash ?? null,
        secretHint: secret?.hint ?? null,
        redirectUris: [...new Set(input.redirect_uris)],
        scopes: inCatalogOrder(input.scopes),
        logoUrl: input.logo_url ?? null,
        dynamic,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    return inserted!;
  });
  return { app: appToApi(row), secret: secret?.secret ?? null };
}

export function listApps(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<OAuthAppApi>> {
  return listPage(db, appList.spec, appList.parse(orgId, query, now), appToApi);
}

export function ownApp(db: Db, orgId: string, id: string): Promise<OAuthAppRow> {
  return ownedRow(db, oauthApps, orgId, id, "OAuth app");
}

export async function updateApp(db: Db, ctx: WriteContext, id: string, input: Partial<AppInput>): Promise<OAuthAppApi> {
  checkAppInput(input);
  const set: Partial<OAuthAppRow> = { updatedAt: ctx.now };
  if (input.name !== undefined) set.name = input.name;
  if (input.redirect_uris !== undefined) set.redirectUris = [...new Set(input.redirect_uris)];
  if (input.scopes !== undefined) set.scopes = inCatalogOrder(input.scopes);
  if (input.logo_url !== undefined) set.logoUrl = input.logo_url;
  return write(db, ctx, async (tx) => {
    const [row] = await tx
      .update(oauthApps)
      .set(set)
      .where(and(eq(oauthApps.orgId, ctx.orgId), eq(oauthApps.id, id)))
      .returning();
    if (!row) throw notFound("OAuth app", id);
    return appToApi(row);
  });
}

export async function rotateSecret(db: Db, ctx: WriteContext, id: string): Promise<{ app: OAuthAppApi; secret: string }> {
  const secret = newClientSecret();
  const row = await write(db, ctx, async (tx) => {
    const app = await ownedRow(tx, oauthApps, ctx.orgId, id, "OAuth app", "update");
    if (app.clientType !== "confidential") throw new ApiError("conflict", "Public apps have no client secret.");
    const [rotated] = await tx
      .update(oauthApps)
      .set({ secretHash: secret.hash, secretHint: secret.hint, updatedAt: ctx.now })
      .where(eq(oauthApps.id, id))
      .returning();
    return rotated!;
  });
  return { app: appToApi(row), secret: secret.secret };
}

/** Deleting an app revokes every grant it holds, in every organization that connected it. */
export async function deleteApp(db: Db, ctx: WriteContext, id: string): Promise<OAuthAppApi> {
  const app = await ownApp(db, ctx.orgId, id);
  const grants = await db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.appId, id), isNull(oauthGrants.revokedAt)));
  // Each organization's revocation events go to that organization, in a write of its own; the app goes in its own organization's.
  const own = grants.filter((grant) => grant.orgId === ctx.orgId);
  const others = new Map<string, OAuthGrantRow[]>();
  for (const grant of grants) if (grant.orgId !== ctx.orgId) others.set(grant.orgId, [...(others.get(grant.orgId) ?? []), grant]);
  for (const [orgId, list] of others) {
    await write(db, { ...ctx, orgId, idempotencyClaim: null }, async (tx, emit) => {
      for (const grant of list) await revokeGrantIn(tx, emit, grant, app, ctx.now);
    });
  }
  await write(db, ctx, async (tx, emit) => {
    for (const grant of own) await revokeGrantIn(tx, emit, grant, app, ctx.now);
    await tx.delete(oauthApps).where(eq(oauthApps.id, id));
  });
  return appToApi(app);
}

/** The app a client names, in any organization or none (the client_id is the app's id): the authorization server's lookup. */
export async function findApp(db: Db, clientId: string): Promise<OAuthAppRow | undefined> {
  if (clientId.length > 100) return undefined;
  const [row] = await db.select().from(oauthApps).where(eq(oauthApps.id, clientId));
  return row;
}
