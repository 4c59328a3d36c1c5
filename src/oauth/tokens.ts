import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { lt } from "drizzle-orm";
import type { Db } from "../db/connection.ts";
import { oauthTokens, type TokenKind } from "./oauth-table.ts";

/** Short-lived access tokens (RFC 9700 4.14): a leaked one is useful for minutes; refresh tokens rotate on every use. */
export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 86_400_000;
export const CODE_TTL_MS = 60_000;

/** A token's prefix says its kind, so the auth hook knows an access token without a lookup. */
export const PREFIX: Record<TokenKind, string> = { code: "eoc_", access: "eoat_", refresh: "eort_" };
const SECRET_PREFIX = "eocs_";

/** Codes, tokens and client secrets are stored by this hash only. */
export const sha256hex = (text: string) => createHash("sha256").update(text).digest("hex");
export const randomToken = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;

/** A confidential app's client secret, its hash and the hint the API shows of it. */
export function newClientSecret(): { secret: string; hash: string; hint: string } {
  const secret = randomToken(SECRET_PREFIX);
  return { secret, hash: sha256hex(secret), hint: `${secret.slice(0, SECRET_PREFIX.length + 4)}…${secret.slice(-4)}` };
}

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Scheduled: expired codes and tokens go. A rotated refresh token is kept until
 * its own expiry, so its reuse is still recognised (and ends the grant) until then.
 */
export async function purgeExpiredOAuthTokens(db: Db, now: Date): Promise<void> {
  await db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, now));
}
