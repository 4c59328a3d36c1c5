import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db, Tx } from "../db/connection.ts";
import { memberships, type MembershipRow } from "../identity/identity-table.ts";
import { permissionsForRole } from "../identity/roles.ts";
import type { ApiKeyRow } from "../platform/auth/api-keys-table.ts";
import type { Caller } from "../platform/auth/caller.ts";
import type { Permission } from "../platform/auth/permissions.ts";
import { ApiError, notFound } from "../platform/errors.ts";
import { write, type Emit, type WriteContext } from "../platform/events/outbox.ts";
import { newId } from "../platform/ids.ts";
import { defineList, jsonOf, listJson, listPage } from "../platform/lists.ts";
import { OAuthApp } from "./oauth-schemas.ts";
import { orgs } from "../platform/orgs/orgs-table.ts";
import { oauthApps, oauthGrants, oauthTokens, type ClientType, type OAuthAppRow, type OAuthGrantRow, type TokenKind } from "./oauth-table.ts";
import { SCOPES, type Scope } from "../platform/auth/scopes.ts";
import { disableGrantEndpoints } from "../webhooks/endpoints-service.ts";

/** Short-lived access tokens (RFC 9700 4.14): a leaked one is useful for minutes; refresh tokens rotate on every use. */
export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 86_400_000;
export const CODE_TTL_MS = 60_000;

const PREFIX: Record<TokenKind, string> = { code: "eoc_", access: "eoat_", refresh: "eort_" };
const SECRET_PREFIX = "eocs_";

export const sha256hex = (text: string) => createHash("sha256").update(text).digest("hex");
const random = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;

/** An error answered the RFC 6749 way: {"error", "error_description"}, never a problem document. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

// ---------------------------------------------------------------------------
// Apps.

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

function newSecret(): { secret: string; hash: string; hint: string } {
  const secret = random(SECRET_PREFIX);
  return { secret, hash: sha256hex(secret), hint: `${secret.slice(0, SECRET_PREFIX.length + 4)}…${secret.slice(-4)}` };
}

export const appList = defineList({
  table: oauthApps,
  tiebreak: oauthApps.id,
  filters: { created_at: { kind: "datetime", column: oauthApps.createdAt } },
  sorts: { created_at: oauthApps.createdAt, name: oauthApps.name },
  defaultSort: "-created_at",
  // appToApi, in SQL (see JsonItem).
  json: {
    schema: OAuthApp,
    fields: {
      id: jsonOf.text(oauthApps.id),
      object: jsonOf.literal("oauth_app"),
      client_id: jsonOf.text(oauthApps.id),
      name: jsonOf.text(oauthApps.name),
      client_type: jsonOf.text(oauthApps.clientType),
      redirect_uris: jsonOf.textArray(oauthApps.redirectUris),
      scopes: jsonOf.textArray(oauthApps.scopes),
      logo_url: jsonOf.text(oauthApps.logoUrl),
      client_secret_hint: jsonOf.text(oauthApps.secretHint),
      created_at: jsonOf.timestamp(oauthApps.createdAt),
      updated_at: jsonOf.timestamp(oauthApps.updatedAt),
    },
  },
});

export const grantList = defineList({
  table: oauthGrants,
  tiebreak: oauthGrants.id,
  filters: { app_id: { kind: "id", column: oauthGrants.appId, idKind: "oauthApp" }, created_at: { kind: "datetime", column: oauthGrants.createdAt } },
  sorts: { created_at: oauthGrants.createdAt },
  defaultSort: "-created_at",
});

export class OAuthService {
  constructor(readonly db: Db) {}

  async createApp(ctx: WriteContext, input: AppInput, dynamic = false): Promise<{ app: OAuthAppApi; secret: string | null }> {
    checkAppInput(input);
    const secret = input.client_type === "confidential" ? newSecret() : null;
    const [row] = await this.db
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
    return { app: appToApi(row!), secret: secret?.secret ?? null };
  }

  listApps(orgId: string, query: Record<string, unknown>, now: Date) {
    return listPage(this.db, appList.spec, appList.parse(orgId, query, now), appToApi);
  }

  /** listApps as the response body (JSON text written by the database). */
  listAppsJson(orgId: string, query: Record<string, unknown>, now: Date): Promise<string> {
    return listJson(this.db, appList.spec, appList.parse(orgId, query, now), now);
  }

  async ownApp(orgId: string, id: string): Promise<OAuthAppRow> {
    const [row] = await this.db.select().from(oauthApps).where(and(eq(oauthApps.orgId, orgId), eq(oauthApps.id, id)));
    if (!row) throw notFound("OAuth app", id);
    return row;
  }

  async updateApp(orgId: string, id: string, input: Partial<AppInput>, now: Date): Promise<OAuthAppApi> {
    checkAppInput(input);
    const set: Partial<OAuthAppRow> = { updatedAt: now };
    if (input.name !== undefined) set.name = input.name;
    if (input.redirect_uris !== undefined) set.redirectUris = [...new Set(input.redirect_uris)];
    if (input.scopes !== undefined) set.scopes = inCatalogOrder(input.scopes);
    if (input.logo_url !== undefined) set.logoUrl = input.logo_url;
    const [row] = await this.db.update(oauthApps).set(set).where(and(eq(oauthApps.orgId, orgId), eq(oauthApps.id, id))).returning();
    if (!row) throw notFound("OAuth app", id);
    return appToApi(row);
  }

  async rotateSecret(orgId: string, id: string, now: Date): Promise<{ app: OAuthAppApi; secret: string }> {
    const app = await this.ownApp(orgId, id);
    if (app.clientType !== "confidential") throw new ApiError("conflict", "Public apps have no client secret.");
    const secret = newSecret();
    const [row] = await this.db.update(oauthApps).set({ secretHash: secret.hash, secretHint: secret.hint, updatedAt: now }).where(eq(oauthApps.id, id)).returning();
    return { app: appToApi(row!), secret: secret.secret };
  }

  /** Deleting an app revokes every grant it holds, in every organization that connected it. */
  async deleteApp(ctx: WriteContext, id: string): Promise<OAuthAppApi> {
    const app = await this.ownApp(ctx.orgId, id);
    const grants = await this.db.select().from(oauthGrants).where(and(eq(oauthGrants.appId, id), isNull(oauthGrants.revokedAt)));
    // Each organization's revocation event goes to that organization.
    const byOrg = new Map<string, OAuthGrantRow[]>();
    for (const grant of grants) byOrg.set(grant.orgId, [...(byOrg.get(grant.orgId) ?? []), grant]);
    for (const [orgId, list] of byOrg) {
      await write(this.db, { ...ctx, orgId }, async (tx, emit) => {
        for (const grant of list) await revokeGrantIn(tx, emit, grant, app, ctx.now);
      });
    }
    await this.db.delete(oauthApps).where(eq(oauthApps.id, id));
    return appToApi(app);
  }

  async findApp(clientId: string): Promise<OAuthAppRow | undefined> {
    if (clientId.length > 100) return undefined;
    const [row] = await this.db.select().from(oauthApps).where(eq(oauthApps.id, clientId));
    return row;
  }

  // -------------------------------------------------------------------------
  // Grants.

  listGrants(orgId: string, query: Record<string, unknown>, now: Date) {
    // Connected apps: revoked grants stay in the table (and in events), not in this list.
    const parsed = grantList.parse(orgId, query, now, { key: "active", condition: () => isNull(oauthGrants.revokedAt) });
    return listPage(this.db, grantList.spec, parsed, (row: OAuthGrantRow) => row).then(async (page) => ({ ...page, data: await this.grantsToApi(page.data) }));
  }

  async grantsToApi(rows: OAuthGrantRow[]): Promise<OAuthGrantApi[]> {
    const ids = [...new Set(rows.map((r) => r.appId))];
    const found = ids.length ? await this.db.select().from(oauthApps).where(inArray(oauthApps.id, ids)) : [];
    const apps = new Map(found.map((app) => [app.id, app]));
    return rows.map((r) => grantToApi(r, apps.get(r.appId)));
  }

  async getGrant(orgId: string, id: string): Promise<OAuthGrantApi> {
    const [row] = await this.db.select().from(oauthGrants).where(and(eq(oauthGrants.orgId, orgId), eq(oauthGrants.id, id)));
    if (!row) throw notFound("OAuth grant", id);
    return (await this.grantsToApi([row]))[0]!;
  }

  async revokeGrant(ctx: WriteContext, id: string): Promise<OAuthGrantApi> {
    return write(this.db, ctx, async (tx, emit) => {
      const [grant] = await tx.select().from(oauthGrants).where(and(eq(oauthGrants.orgId, ctx.orgId), eq(oauthGrants.id, id)));
      if (!grant) throw notFound("OAuth grant", id);
      const [app] = await tx.select().from(oauthApps).where(eq(oauthApps.id, grant.appId));
      return (await revokeGrantIn(tx, emit, grant, app, ctx.now)) ?? grantToApi(grant, app);
    });
  }

  /** Consent given: the grant and its single-use code, bound to the PKCE challenge and the redirect URI. */
  async grantWithCode(ctx: WriteContext, input: { app: OAuthAppRow; userId: string; scopes: Scope[]; codeChallenge: string; redirectUri: string }): Promise<string> {
    const code = random(PREFIX.code);
    await write(this.db, ctx, async (tx, emit) => {
      const grant = await insertGrant(tx, emit, ctx, input.app, input.userId, input.scopes);
      await tx.insert(oauthTokens).values({
        hash: sha256hex(code),
        kind: "code",
        orgId: ctx.orgId,
        grantId: grant.id,
        expiresAt: new Date(ctx.now.getTime() + CODE_TTL_MS),
        codeChallenge: input.codeChallenge,
        redirectUri: input.redirectUri,
        createdAt: ctx.now,
      });
    });
    return code;
  }

  // -------------------------------------------------------------------------
  // The token endpoint.

  /** Client authentication (RFC 6749 2.3): a confidential app proves its secret; a public one names itself. */
  async authenticateClient(clientId: string | undefined, secret: string | undefined): Promise<OAuthAppRow> {
    const refused = new OAuthError("invalid_client", "Client authentication failed.", 401);
    if (!clientId) throw refused;
    const app = await this.findApp(clientId);
    if (!app) throw refused;
    if (app.clientType === "public") {
      if (secret) throw refused;
      return app;
    }
    if (!secret || !app.secretHash || !sameText(sha256hex(secret), app.secretHash)) throw refused;
    return app;
  }

  async exchangeCode(app: OAuthAppRow, input: { code?: string; redirectUri?: string; verifier?: string }, requestId: string, now: Date): Promise<TokenResponse> {
    if (!input.code) throw new OAuthError("invalid_request", "code is required.");
    if (!input.verifier) throw new OAuthError("invalid_request", "code_verifier is required (PKCE is required for every client).");
    const row = await this.useOnce(sha256hex(input.code), "code", now);
    const bad = new OAuthError("invalid_grant", "The authorization code is invalid, expired or already used.");
    if (!row) throw bad;
    const grant = await this.activeGrant(row.token.grantId);
    if (!grant || grant.appId !== app.id) throw bad;
    if (row.reused) {
      // RFC 6749 4.1.2: a code used twice may have been stolen; what it issued is revoked.
      await this.revokeGrantById(grant, requestId, now);
      throw bad;
    }
    if (row.token.expiresAt <= now) throw bad;
    if (input.redirectUri !== row.token.redirectUri) throw new OAuthError("invalid_grant", "redirect_uri differs from the authorization request's.");
    const challenge = createHash("sha256").update(input.verifier).digest("base64url");
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(input.verifier) || !sameText(challenge, row.token.codeChallenge ?? "")) {
      throw new OAuthError("invalid_grant", "The code_verifier does not match the code_challenge.");
    }
    return this.issue(grant, now, true);
  }

  async refresh(app: OAuthAppRow, token: string | undefined, scope: string | undefined, requestId: string, now: Date): Promise<TokenResponse> {
    if (!token) throw new OAuthError("invalid_request", "refresh_token is required.");
    const bad = new OAuthError("invalid_grant", "The refresh token is invalid, expired or revoked.");
    if (scope !== undefined) await this.refuseScopeChange(app, sha256hex(token), scope);
    const row = await this.useOnce(sha256hex(token), "refresh", now);
    if (!row) throw bad;
    const grant = await this.activeGrant(row.token.grantId);
    if (!grant || grant.appId !== app.id) throw bad;
    if (row.reused) {
      // RFC 9700 4.14.2: an old refresh token used again means one of two parties has a stolen copy: end the grant.
      await this.revokeGrantById(grant, requestId, now);
      throw bad;
    }
    if (row.token.expiresAt <= now) throw bad;
    return this.issue(grant, now, true);
  }

  /**
   * RFC 6749 6: a refresh may not widen the grant; tokens carry their grant's
   * scopes, so it may not narrow them either. Checked before the token is
   * spent, so a client's mistake does not cost it the refresh token.
   */
  private async refuseScopeChange(app: OAuthAppRow, hash: string, scope: string): Promise<void> {
    const [row] = await this.db.select().from(oauthTokens).where(and(eq(oauthTokens.hash, hash), eq(oauthTokens.kind, "refresh")));
    const grant = row && (await this.activeGrant(row.grantId));
    if (!grant || grant.appId !== app.id) return;
    if (scope.split(" ").filter(Boolean).sort().join(" ") === [...grant.scopes].sort().join(" ")) return;
    throw new OAuthError("invalid_scope", `A refresh keeps the grant's scopes (${grant.scopes.join(" ")}); to change them, ask the member to authorize again.`);
  }

  /** A confidential app acting in its own organization, with no member: one grant per set of scopes, reused. */
  async clientCredentials(app: OAuthAppRow, scopes: Scope[], requestId: string, now: Date): Promise<TokenResponse> {
    if (app.clientType !== "confidential" || !app.orgId) throw new OAuthError("unauthorized_client", "Only a confidential app registered by an organization may use client_credentials.");
    const ctx: WriteContext = { orgId: app.orgId, requestId, idempotencyKey: null, now };
    const grant = await write(this.db, ctx, async (tx, emit) => {
      const existing = await tx.select().from(oauthGrants).where(and(eq(oauthGrants.appId, app.id), isNull(oauthGrants.userId), isNull(oauthGrants.revokedAt)));
      const same = existing.find((g) => g.scopes.join(" ") === scopes.join(" "));
      return same ?? insertGrant(tx, emit, ctx, app, null, scopes);
    });
    return this.issue(grant, now, false);
  }

  /** RFC 7009: revoking a refresh token ends its grant; an access token ends alone. Unknown tokens are not an error. */
  async revokeToken(app: OAuthAppRow, token: string, requestId: string, now: Date): Promise<void> {
    const [row] = await this.db.select().from(oauthTokens).where(eq(oauthTokens.hash, sha256hex(token)));
    if (!row || row.kind === "code") return;
    const grant = await this.activeGrant(row.grantId);
    if (!grant || grant.appId !== app.id) return;
    if (row.kind === "refresh") return void (await this.revokeGrantById(grant, requestId, now));
    await this.db.update(oauthTokens).set({ expiresAt: now }).where(eq(oauthTokens.hash, row.hash));
  }

  /** RFC 7662, for the app the token was issued to (other clients learn only that it is not active for them). */
  async introspect(app: OAuthAppRow, token: string, issuer: string, now: Date): Promise<Record<string, unknown>> {
    const [row] = await this.db.select().from(oauthTokens).where(eq(oauthTokens.hash, sha256hex(token)));
    if (!row || row.kind === "code" || row.expiresAt <= now || (row.kind === "refresh" && row.usedAt)) return { active: false };
    const grant = await this.activeGrant(row.grantId);
    if (!grant || grant.appId !== app.id) return { active: false };
    return {
      active: true,
      scope: grant.scopes.join(" "),
      client_id: app.id,
      token_type: row.kind === "access" ? "Bearer" : "refresh_token",
      exp: Math.floor(row.expiresAt.getTime() / 1000),
      iat: Math.floor(row.createdAt.getTime() / 1000),
      sub: grant.userId ?? app.id,
      iss: issuer,
      organization_id: grant.orgId,
      grant_id: grant.id,
    };
  }

  // -------------------------------------------------------------------------

  /**
   * Marks a code or refresh token used, in the one statement that can: two
   * racing exchanges cannot both win. `reused` says it had been used before.
   */
  private async useOnce(hash: string, kind: TokenKind, now: Date) {
    const [won] = await this.db
      .update(oauthTokens)
      .set({ usedAt: now })
      .where(and(eq(oauthTokens.hash, hash), eq(oauthTokens.kind, kind), isNull(oauthTokens.usedAt)))
      .returning();
    if (won) return { token: won, reused: false };
    const [seen] = await this.db.select().from(oauthTokens).where(and(eq(oauthTokens.hash, hash), eq(oauthTokens.kind, kind)));
    return seen ? { token: seen, reused: true } : undefined;
  }

  private async activeGrant(id: string): Promise<OAuthGrantRow | undefined> {
    const [grant] = await this.db.select().from(oauthGrants).where(and(eq(oauthGrants.id, id), isNull(oauthGrants.revokedAt)));
    return grant;
  }

  private async revokeGrantById(grant: OAuthGrantRow, requestId: string, now: Date): Promise<void> {
    await write(this.db, { orgId: grant.orgId, requestId, idempotencyKey: null, now }, async (tx, emit) => {
      const [app] = await tx.select().from(oauthApps).where(eq(oauthApps.id, grant.appId));
      await revokeGrantIn(tx, emit, grant, app, now);
    });
  }

  private async issue(grant: OAuthGrantRow, now: Date, withRefresh: boolean): Promise<TokenResponse> {
    const access = random(PREFIX.access);
    const refresh = withRefresh ? random(PREFIX.refresh) : null;
    const base = { orgId: grant.orgId, grantId: grant.id, createdAt: now };
    await this.db.insert(oauthTokens).values([
      { ...base, hash: sha256hex(access), kind: "access" as const, expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS) },
      ...(refresh ? [{ ...base, hash: sha256hex(refresh), kind: "refresh" as const, expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS) }] : []),
    ]);
    return {
      access_token: access,
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_TTL_MS / 1000,
      scope: grant.scopes.join(" "),
      ...(refresh && { refresh_token: refresh }),
    };
  }
}

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

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

function grantToApi(row: OAuthGrantRow, app: OAuthAppRow | undefined): OAuthGrantApi {
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

async function insertGrant(tx: Tx, emit: Emit, ctx: WriteContext, app: OAuthAppRow, userId: string | null, scopes: Scope[]): Promise<OAuthGrantRow> {
  const [grant] = await tx.insert(oauthGrants).values({ orgId: ctx.orgId, id: newId("oauthGrant"), appId: app.id, userId, scopes, createdAt: ctx.now }).returning();
  emit({ type: "oauth_grant.created", object: grantToApi(grant!, app) });
  return grant!;
}

/** Sets revoked_at once (a second revocation changes nothing and emits nothing). */
async function revokeGrantIn(tx: Tx, emit: Emit, grant: OAuthGrantRow, app: OAuthAppRow | undefined, now: Date): Promise<OAuthGrantApi | undefined> {
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

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// ---------------------------------------------------------------------------
// The auth hook's side: access token -> caller.

// The stand-in key's kind is for display only (callerDescription shows the scopes); access is decided from the permissions.
const WRITES = (scopes: readonly string[]) => scopes.some((s) => !s.endsWith(":read") && s !== "functions:invoke");

/**
 * What a grant may do now: the scopes granted, narrowed by what the app still
 * asks for and what the consenting member's role still holds. Nothing once
 * revoked or once the member left. The one rule for tokens on each request
 * and for the app's webhook subscriptions at delivery.
 */
function grantScopes(grant: OAuthGrantRow, app: OAuthAppRow | null, membership: { role: MembershipRow["role"] } | null): Scope[] {
  if (grant.revokedAt || !app || (grant.userId && !membership)) return [];
  const roleHolds = membership ? new Set<string>(permissionsForRole(membership.role)) : undefined;
  return grant.scopes.filter((s): s is Scope => app.scopes.includes(s) && (!roleHolds || roleHolds.has(s)));
}

/** The current permissions of each of these grants (an empty set for one revoked or missing), by grant id. */
export async function grantPermissions(db: Db, grantIds: readonly string[]): Promise<Map<string, ReadonlySet<Permission>>> {
  const ids = [...new Set(grantIds)];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ grant: oauthGrants, app: oauthApps, membership: memberships })
    .from(oauthGrants)
    .leftJoin(oauthApps, eq(oauthApps.id, oauthGrants.appId))
    .leftJoin(memberships, and(eq(memberships.orgId, oauthGrants.orgId), eq(memberships.userId, oauthGrants.userId)))
    .where(inArray(oauthGrants.id, ids));
  const byId = new Map<string, ReadonlySet<Permission>>(found.map(({ grant, app, membership }) => [grant.id, new Set<Permission>(grantScopes(grant, app, membership))]));
  for (const id of ids) if (!byId.has(id)) byId.set(id, new Set());
  return byId;
}

/**
 * Access tokens are looked up on every request with their grant, app and the
 * consenting member's current membership: revoking a grant, deleting an app or
 * removing the member takes effect on the next request in every process. A
 * token's permissions are the granted scopes, narrowed by what the app still
 * asks for and what the member's role still holds.
 */
export function oauthBearer(db: Db) {
  return async (token: string, request: FastifyRequest): Promise<Caller | undefined> => {
    if (!token.startsWith(PREFIX.access)) return undefined;
    const [found] = await db
      .select({ token: oauthTokens, grant: oauthGrants, app: oauthApps, org: orgs, membership: memberships })
      .from(oauthTokens)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
      .innerJoin(oauthApps, eq(oauthApps.id, oauthGrants.appId))
      .innerJoin(orgs, eq(orgs.id, oauthGrants.orgId))
      .leftJoin(memberships, and(eq(memberships.orgId, oauthGrants.orgId), eq(memberships.userId, oauthGrants.userId)))
      .where(and(eq(oauthTokens.hash, sha256hex(token)), eq(oauthTokens.kind, "access")));
    const now = request.now;
    if (!found || found.grant.revokedAt || found.token.expiresAt <= now || (found.grant.userId && !found.membership)) {
      throw new ApiError("invalid_access_token", "The access token is invalid, expired or revoked. Refresh it, or ask the user to authorize the app again.");
    }
    const { grant, app, org, membership } = found;
    const scopes = grantScopes(grant, app, membership);
    const key: ApiKeyRow = {
      orgId: org.id,
      id: grant.id,
      name: app.name,
      kind: WRITES(scopes) ? "full_access" : "read_only",
      engines: [],
      secretHash: "",
      hint: "",
      createdAt: grant.createdAt,
      expiresAt: found.token.expiresAt,
      revokedAt: null,
      lastUsedAt: null,
    };
    return {
      org,
      key,
      permissions: new Set(scopes as Permission[]),
      oauth: { grantId: grant.id, appId: app.id, appName: app.name, scopes, userId: grant.userId },
    };
  };
}

/**
 * Scheduled: expired codes and tokens go. A rotated refresh token is kept until
 * its own expiry, so its reuse is still recognised (and ends the grant) until then.
 */
export async function purgeExpiredOAuthTokens(db: Db, now: Date): Promise<void> {
  await db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, now));
}
