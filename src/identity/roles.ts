import type { ApiKeyRow } from "../platform/auth/api-keys-table.ts";
import { permissionsFor, type Permission } from "../platform/auth/permissions.ts";
import type { MembershipRow, Role, UserRow } from "./identity-table.ts";

/**
 * Roles map onto the permissions API keys already have, so every /v1 route
 * and the one permission guard treat a member like a key of that reach:
 * viewers like a read-only key, developers like a full-access key, and owners
 * and admins like a full-access key that may also manage members.
 */
export function permissionsForRole(role: Role): Permission[] {
  switch (role) {
    case "viewer":
      return permissionsFor("read_only", []);
    case "developer":
      return permissionsFor("full_access", []);
    case "admin":
    case "owner":
      return [...permissionsFor("full_access", []), "members:manage"];
  }
}

/**
 * The key a member acts as: its id (the membership's) names the member's own
 * rate-limit bucket. Its kind is for display; what the member may see and do
 * is decided from their permissions (platform/auth/access.ts).
 */
export function memberKey(membership: MembershipRow, user: UserRow): ApiKeyRow {
  return {
    orgId: membership.orgId,
    id: membership.id,
    name: user.email,
    kind: membership.role === "viewer" ? "read_only" : "full_access",
    engines: [],
    secretHash: "",
    hint: "",
    createdAt: membership.createdAt,
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
  };
}

/** Who may give or take which role: only owners touch owners; admins manage the rest. */
export function mayAssign(actor: Role, from: Role | null, to: Role | null): boolean {
  if (actor === "owner") return true;
  if (actor !== "admin") return false;
  return from !== "owner" && to !== "owner";
}
