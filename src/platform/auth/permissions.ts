export const ENGINES = ["finance", "growth", "talent", "agent"] as const;
export type Engine = (typeof ENGINES)[number];

export const KEY_KINDS = ["read_only", "engine", "full_access"] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/**
 * Permissions are "<area>:<access>". Engines have read and write; platform
 * areas (api_keys, webhooks) are managed by full-access keys; functions also by
 * engine keys, since a function reads with its deployer's permissions and no
 * more. Every key may invoke functions.
 */
export type Permission =
  | `${Engine}:read`
  | `${Engine}:write`
  | "events:read"
  | "api_keys:manage"
  | "webhooks:manage"
  | "functions:manage"
  | "functions:invoke"
  /** Members and invites of an organization: signed-in owners and admins only, never an API key. */
  | "members:manage";

export function permissionsFor(kind: KeyKind, engines: readonly Engine[]): Permission[] {
  const reads = ENGINES.map((e) => `${e}:read` as const);
  const writes = ENGINES.map((e) => `${e}:write` as const);
  switch (kind) {
    case "full_access":
      return [...reads, ...writes, "events:read", "api_keys:manage", "webhooks:manage", "functions:manage", "functions:invoke"];
    case "read_only":
      // Read-only keys change nothing, functions included; they may call them.
      return [...reads, "events:read", "functions:invoke"];
    case "engine":
      // Engine keys see the events of their own engines only (filtered by the events service).
      return [...engines.map((e) => `${e}:read` as const), ...engines.map((e) => `${e}:write` as const), "events:read", "functions:manage", "functions:invoke"];
  }
}

/**
 * The widest kind of key whose permissions these hold (a member's standing
 * key for deploys): decided from the permissions, never from the kind of a
 * stand-in key.
 */
export function keyReachWithin(permissions: ReadonlySet<Permission>): { kind: KeyKind; engines: Engine[] } {
  const holds = (list: readonly Permission[]) => list.every((p) => permissions.has(p));
  if (holds(permissionsFor("full_access", []))) return { kind: "full_access", engines: [] };
  const engines = ENGINES.filter((e) => permissions.has(`${e}:read`) && permissions.has(`${e}:write`));
  if (engines.length > 0 && holds(permissionsFor("engine", engines))) return { kind: "engine", engines };
  return { kind: "read_only", engines: [] };
}
