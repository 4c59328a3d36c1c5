import { and, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/connection.ts";
import { memberRoles, type Role } from "../identity/identity-lookups.ts";
import { permissionsForRole } from "../identity/roles.ts";
import type { ApiKeyRow } from "../platform/auth/api-keys-table.ts";
import type { Caller } from "../platform/auth/caller.ts";
import type { Permission } from "../platform/auth/permissions.ts";
import type { Scope } from "../platform/auth/scopes.ts";
import { ApiError } from "../platform/errors.ts";
import { orgs } from "../platform/orgs/orgs-table.ts";
import { oauthApps, oauthGrants, oauthTokens, type OAuthAppRow, type OAuthGrantRow } from "./oauth-table.ts";
import { PREFIX, sha256hex } from "./tokens.ts";

// The resource server's side, for the /v1 auth hook and webhook deliveries: an access token or a grant -> what it may do.

// The stand-in key's kind is for display only (callerDescription shows the scopes); access is decided from the permissions.
const WRITES = (scopes: readonly string[]) => scopes.some((s) => !s.endsWith(":read") && s !== "functions:invoke");

/**
 * What a grant may do now: the scopes granted, narrowed by what the app still
 * asks for and what the consenting member's role still holds. Nothing once
 * revoked or once the member left. The one rule for tokens on each request
 * and for the app's webhook subscriptions at delivery.
 */
function grantScopes(grant: OAuthGrantRow, app: OAuthAppRow | null, membership: { role: Role } | null): Scope[] {
  if (grant.revokedAt || !app || (grant.userId && !membership)) return [];
  const roleHolds = membership ? new Set<string>(permissionsForRole(membership.role)) : undefined;
  return grant.scopes.filter((s): s is Scope => app.scopes.includes(s) && (!roleHolds || roleHolds.has(s)));
}

/** The current permissions of each of these grants (an empty set for one revoked or missing), by grant id. */
export async function grantPermissions(db: Db, grantIds: readonly string[]): Promise<Map<string, ReadonlySet<Permission>>> {
  const ids = [...new Set(grantIds)];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ grant: oauthGrants, app: oauthApps, membership: { role: memberRoles.role } })
    .from(oauthGrants)
    .leftJoin(oauthApps, eq(oauthApps.id, oauthGrants.appId))
    .leftJoin(memberRoles, and(eq(memberRoles.orgId, oauthGrants.orgId), eq(memberRoles.userId, oauthGrants.userId)))
    .where(inArray(oauthGrants.id, ids));
  const byId = new Map<string, ReadonlySet<Permission>>(
    found.map(({ grant, app, membership }) => [grant.id, new Set<Permission>(grantScopes(grant, app, membership))]),
  );
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
      .select({ token: oauthTokens, grant: oauthGrants, app: oauthApps, org: orgs, membership: { role: memberRoles.role } })
      .from(oauthTokens)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
      .innerJoin(oauthApps, eq(oauthApps.id, oauthGrants.appId))
      .innerJoin(orgs, eq(orgs.id, oauthGrants.orgId))
      .leftJoin(memberRoles, and(eq(memberRoles.orgId, oauthGrants.orgId), eq(memberRoles.userId, oauthGrants.userId)))
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
