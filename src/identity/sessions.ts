import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/connection.ts";
import type { Caller } from "../platform/auth/caller.ts";
import { ApiError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { orgs } from "../platform/orgs/orgs-table.ts";
import { memberships, sessions, users, type SessionRow } from "./identity-table.ts";
import { memberKey, permissionsForRole } from "./roles.ts";

export const SESSION_COOKIE = "enginery_session";
export const CSRF_HEADER = "x-csrf-token";
/** A session ends a week after sign-in, or after a day unused, whichever comes first. */
export const SESSION_MAX_MS = 7 * 86_400_000;
export const SESSION_IDLE_MS = 86_400_000;
const LAST_SEEN_RESOLUTION_MS = 60_000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The CSRF token is derived from the session secret: a page on another site
 * can make the browser send the cookie but can read neither it nor this
 * token, so a state-changing request without the header is refused. Nothing
 * extra is stored, and it changes with every session.
 */
export function csrfTokenFor(secret: string): string {
  return createHash("sha256").update(`csrf\0${secret}`).digest("base64url");
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  // Secure whenever the request came over https; on http://localhost the browser would drop a Secure cookie.
  const secure = request.protocol === "https" ? "; Secure" : "";
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header("set-cookie", cookie(request, "", 0));
}

export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  orgId: string,
): Promise<{ session: SessionRow; csrfToken: string }> {
  const secret = randomBytes(32).toString("base64url");
  const now = request.now;
  const [session] = await db
    .insert(sessions)
    .values({
      id: newId("session"),
      tokenHash: sha256(secret),
      userId,
      orgId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
      lastSeenAt: now,
      ip: request.ip,
      userAgent: (request.headers["user-agent"] ?? "").slice(0, 300),
    })
    .returning();
  reply.header("set-cookie", cookie(request, secret, SESSION_MAX_MS / 1000));
  return { session: session!, csrfToken: csrfTokenFor(secret) };
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function switchSessionOrg(db: Db, sessionId: string, orgId: string): Promise<void> {
  await db.update(sessions).set({ orgId }).where(eq(sessions.id, sessionId));
}

function tokensMatch(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Cookie -> caller, for the auth hook. Each request reads the session with
 * its membership, so sign-out, removal and role changes take effect on the
 * next request in every process (no cache to invalidate).
 */
export function sessionCaller(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<Caller | undefined> => {
    const secret = readCookie(request, SESSION_COOKIE);
    if (!secret) return undefined;
    const now = request.now;
    const [found] = await db
      .select({ session: sessions, membership: memberships, user: users, org: orgs })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(orgs, eq(orgs.id, sessions.orgId))
      .leftJoin(memberships, and(eq(memberships.orgId, sessions.orgId), eq(memberships.userId, sessions.userId)))
      .where(eq(sessions.tokenHash, sha256(secret)));
    const { session, membership, user, org } = found ?? {};
    const ended = !session || session.revokedAt || session.expiresAt <= now || now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS;
    if (ended || !membership || !user || !org) {
      clearSessionCookie(request, reply);
      throw new ApiError("not_signed_in", ended ? "Your session has ended. Sign in again." : "You are no longer a member of this organization. Sign in again.");
    }
    if (!SAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== "string" || !tokensMatch(sent, csrfTokenFor(secret))) {
        throw new ApiError("csrf_token_invalid", `A signed-in request that changes data needs the ${CSRF_HEADER} header from GET /dashboard/api/session.`);
      }
    }
    if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      await db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(and(eq(sessions.id, session.id), lt(sessions.lastSeenAt, now)));
    }
    return {
      org,
      key: memberKey(membership, user),
      permissions: new Set(permissionsForRole(membership.role)),
      member: { userId: user.id, email: user.email, name: user.name, membershipId: membership.id, role: membership.role, sessionId: session.id },
    };
  };
}

export { sha256 };
