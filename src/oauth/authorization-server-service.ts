import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/connection.ts";
import { write, type WriteContext } from "../platform/events/outbox.ts";
import type { Scope } from "../platform/auth/scopes.ts";
import { findApp } from "./oauth-apps-service.ts";
import { insertGrant, revokeGrantRow } from "./oauth-grants-service.ts";
import { oauthGrants, oauthTokens, type OAuthAppRow, type OAuthGrantRow, type TokenKind } from "./oauth-table.ts";
import { ACCESS_TOKEN_TTL_MS, CODE_TTL_MS, PREFIX, randomToken, REFRESH_TOKEN_TTL_MS, sameText, sha256hex } from "./tokens.ts";

// The authorization server's work behind /oauth/*: consent's code, client authentication, the token,
// revocation and introspection endpoints.

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

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

/** Consent given: the grant and its single-use code, bound to the PKCE challenge and the redirect URI. */
export async function grantWithCode(
  db: Db,
  ctx: WriteContext,
  input: { app: OAuthAppRow; userId: string; scopes: Scope[]; codeChallenge: string; redirectUri: string },
): Promise<string> {
  const code = randomToken(PREFIX.code);
  await write(db, ctx, async (tx, emit) => {
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

/** Client authentication (RFC 6749 2.3): a confidential app proves its secret; a public one names itself. */
export async function authenticateClient(db: Db, clientId: string | undefined, secret: string | undefined): Promise<OAuthAppRow> {
  const refused = new OAuthError("invalid_client", "Client authentication failed.", 401);
  if (!clientId) throw refused;
  const app = await findApp(db, clientId);
  if (!app) throw refused;
  if (app.clientType === "public") {
    if (secret) throw refused;
    return app;
  }
  if (!secret || !app.secretHash || !sameText(sha256hex(secret), app.secretHash)) throw refused;
  return app;
}

export async function exchangeCode(
  db: Db,
  app: OAuthAppRow,
  input: { code?: string; redirectUri?: string; verifier?: string },
  requestId: string,
  now: Date,
): Promise<TokenResponse> {
  if (!input.code) throw new OAuthError("invalid_request", "code is required.");
  if (!input.verifier) throw new OAuthError("invalid_request", "code_verifier is required (PKCE is required for every client).");
  const bad = new OAuthError("invalid_grant", "The authorization code is invalid, expired or already used.");
  const { token, grant } = await spend(db, app, sha256hex(input.code), "code", bad, requestId, now);
  if (input.redirectUri !== token.redirectUri) throw new OAuthError("invalid_grant", "redirect_uri differs from the authorization request's.");
  const challenge = createHash("sha256").update(input.verifier).digest("base64url");
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(input.verifier) || !sameText(challenge, token.codeChallenge ?? "")) {
    throw new OAuthError("invalid_grant", "The code_verifier does not match the code_challenge.");
  }
  return issue(db, grant, now, true);
}

export async function refresh(
  db: Db,
  app: OAuthAppRow,
  token: string | undefined,
  scope: string | undefined,
  requestId: string,
  now: Date,
): Promise<TokenResponse> {
  if (!token) throw new OAuthError("invalid_request", "refresh_token is required.");
  const bad = new OAuthError("invalid_grant", "The refresh token is invalid, expired or revoked.");
  if (scope !== undefined) await refuseScopeChange(db, app, sha256hex(token), scope);
  const { grant } = await spend(db, app, sha256hex(token), "refresh", bad, requestId, now);
  return issue(db, grant, now, true);
}

/**
 * RFC 6749 6: a refresh may not widen the grant; tokens carry their grant's
 * scopes, so it may not narrow them either. Checked before the token is
 * spent, so a client's mistake does not cost it the refresh token.
 */
async function refuseScopeChange(db: Db, app: OAuthAppRow, hash: string, scope: string): Promise<void> {
  const [row] = await db
    .select()
    .from(oauthTokens)
    .where(and(eq(oauthTokens.hash, hash), eq(oauthTokens.kind, "refresh")));
  const grant = row && (await activeGrant(db, row.grantId));
  if (!grant || grant.appId !== app.id) return;
  if (scope.split(" ").filter(Boolean).sort().join(" ") === [...grant.scopes].sort().join(" ")) return;
  throw new OAuthError("invalid_scope", `A refresh keeps the grant's scopes (${grant.scopes.join(" ")}); to change them, ask the member to authorize again.`);
}

/** A confidential app acting in its own organization, with no member: one grant per set of scopes, reused. */
export async function clientCredentials(db: Db, app: OAuthAppRow, scopes: Scope[], requestId: string, now: Date): Promise<TokenResponse> {
  if (app.clientType !== "confidential" || !app.orgId)
    throw new OAuthError("unauthorized_client", "Only a confidential app registered by an organization may use client_credentials.");
  const ctx: WriteContext = { orgId: app.orgId, requestId, idempotencyKey: null, now };
  const grant = await write(db, ctx, async (tx, emit) => {
    const existing = await tx
      .select()
      .from(oauthGrants)
      .where(and(eq(oauthGrants.appId, app.id), isNull(oauthGrants.userId), isNull(oauthGrants.revokedAt)));
    const same = existing.find((g) => g.scopes.join(" ") === scopes.join(" "));
    return same ?? insertGrant(tx, emit, ctx, app, null, scopes);
  });
  return issue(db, grant, now, false);
}

/** RFC 7009: revoking a refresh token ends its grant; an access token ends alone. Unknown tokens are not an error. */
export async function revokeToken(db: Db, app: OAuthAppRow, token: string, requestId: string, now: Date): Promise<void> {
  const [row] = await db
    .select()
    .from(oauthTokens)
    .where(eq(oauthTokens.hash, sha256hex(token)));
  if (!row || row.kind === "code") return;
  const grant = await activeGrant(db, row.grantId);
  if (!grant || grant.appId !== app.id) return;
  if (row.kind === "refresh") return void (await revokeGrantRow(db, grant, requestId, now));
  await db.update(oauthTokens).set({ expiresAt: now }).where(eq(oauthTokens.hash, row.hash));
}

/** RFC 7662, for the app the token was issued to (other clients learn only that it is not active for them). */
export async function introspect(db: Db, app: OAuthAppRow, token: string, issuer: string, now: Date): Promise<Record<string, unknown>> {
  const [row] = await db
    .select()
    .from(oauthTokens)
    .where(eq(oauthTokens.hash, sha256hex(token)));
  if (!row || row.kind === "code" || row.expiresAt <= now || (row.kind === "refresh" && row.usedAt)) return { active: false };
  const grant = await activeGrant(db, row.grantId);
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

/**
 * Spends one of the app's codes or refresh tokens: its grant, or `bad`. A
 * second use ends the grant: a code used twice may have been stolen (RFC 6749
 * 4.1.2), and an old refresh token used again means one of two parties has a
 * stolen copy (RFC 9700 4.14.2).
 */
async function spend(db: Db, app: OAuthAppRow, hash: string, kind: "code" | "refresh", bad: OAuthError, requestId: string, now: Date) {
  const row = await useOnce(db, hash, kind, now);
  if (!row) throw bad;
  const grant = await activeGrant(db, row.token.grantId);
  if (!grant || grant.appId !== app.id) throw bad;
  if (row.reused) {
    await revokeGrantRow(db, grant, requestId, now);
    throw bad;
  }
  if (row.token.expiresAt <= now) throw bad;
  return { token: row.token, grant };
}

/**
 * Marks a code or refresh token used, in the one statement that can: two
 * racing exchanges cannot both win. `reused` says it had been used before.
 */
async function useOnce(db: Db, hash: string, kind: TokenKind, now: Date) {
  const [won] = await db
    .update(oauthTokens)
    .set({ usedAt: now })
    .where(and(eq(oauthTokens.hash, hash), eq(oauthTokens.kind, kind), isNull(oauthTokens.usedAt)))
    .returning();
  if (won) return { token: won, reused: false };
  const [seen] = await db
    .select()
    .from(oauthTokens)
    .where(and(eq(oauthTokens.hash, hash), eq(oauthTokens.kind, kind)));
  return seen ? { token: seen, reused: true } : undefined;
}

/** A token's grant, by its id alone: the token, not a caller, says which organization it acts in. */
async function activeGrant(db: Db, id: string): Promise<OAuthGrantRow | undefined> {
  const [grant] = await db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.id, id), isNull(oauthGrants.revokedAt)));
  return grant;
}

async function issue(db: Db, grant: OAuthGrantRow, now: Date, withRefresh: boolean): Promise<TokenResponse> {
  const access = randomToken(PREFIX.access);
  const refreshToken = withRefresh ? randomToken(PREFIX.refresh) : null;
  const base = { orgId: grant.orgId, grantId: grant.id, createdAt: now };
  await db
    .insert(oauthTokens)
    .values([
      { ...base, hash: sha256hex(access), kind: "access" as const, expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS) },
      ...(refreshToken
        ? [{ ...base, hash: sha256hex(refreshToken), kind: "refresh" as const, expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS) }]
        : []),
    ]);
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_MS / 1000,
    scope: grant.scopes.join(" "),
    ...(refreshToken && { refresh_token: refreshToken }),
  };
}
