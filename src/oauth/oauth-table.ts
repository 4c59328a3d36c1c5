import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const CLIENT_TYPES = ["confidential", "public"] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/**
 * OAuth clients. An app registered through /v1/oauth_apps belongs to an
 * organization and only that organization's members can authorize it; one
 * registered dynamically (RFC 7591, /oauth/register) is public, belongs to no
 * organization, and any member may connect it to theirs. The app id is the
 * client_id.
 */
export const oauthApps = pgTable(
  "oauth_apps",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id"),
    name: text("name").notNull(),
    clientType: text("client_type").$type<ClientType>().notNull(),
    /** SHA-256 of the client secret (confidential apps); the secret itself is never stored. */
    secretHash: text("secret_hash"),
    secretHint: text("secret_hint"),
    redirectUris: text("redirect_uris").array().notNull(),
    scopes: text("scopes").array().notNull(),
    logoUrl: text("logo_url"),
    dynamic: boolean("dynamic").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("oauth_apps_org_created_idx").on(t.orgId, t.createdAt)],
);

/**
 * One organization's consent to one app: what it may do (scopes), for whom
 * (the member who consented; none for client_credentials). Revoking it ends
 * every token issued under it at once: tokens are checked against their
 * grant on every request, in every process, with no cache.
 */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    orgId: text("org_id").notNull(),
    id: text("id").primaryKey(),
    appId: text("app_id").notNull(),
    userId: text("user_id"),
    scopes: text("scopes").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("oauth_grants_org_created_idx").on(t.orgId, t.createdAt), index("oauth_grants_app_idx").on(t.appId)],
);

export const TOKEN_KINDS = ["code", "access", "refresh"] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/**
 * Authorization codes, access tokens and refresh tokens, by the SHA-256 of
 * their value. `used_at` makes codes and refresh tokens single-use: the one
 * UPDATE that sets it wins; a second use finds it set and revokes the grant.
 */
export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    hash: text("hash").primaryKey(),
    kind: text("kind").$type<TokenKind>().notNull(),
    orgId: text("org_id").notNull(),
    grantId: text("grant_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    /** Codes only: the PKCE S256 challenge and the redirect URI the code was issued for. */
    codeChallenge: text("code_challenge"),
    redirectUri: text("redirect_uri"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("oauth_tokens_grant_idx").on(t.grantId)],
);

export type OAuthAppRow = typeof oauthApps.$inferSelect;
export type OAuthGrantRow = typeof oauthGrants.$inferSelect;
export type OAuthTokenRow = typeof oauthTokens.$inferSelect;
