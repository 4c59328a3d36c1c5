import { ApiError } from "../errors.ts";
import { EVENT_TYPES, matchEventTypes, readPermissionsOf, type EventType } from "../events/catalog.ts";
import { callerDescription } from "./auth-hook.ts";
import type { Caller } from "./caller.ts";
import type { Permission } from "./permissions.ts";

/**
 * What a caller may see, decided once from its permissions and nothing else:
 * an API key of any kind, an OAuth token (its grant's scopes) and a signed-in
 * member (their role) all reach here through `caller.permissions`, so no key
 * kind, synthetic or real, decides access. Every path events leave by asks
 * it: the events list and get, the dossier's feed, webhook and function
 * subscriptions (when made and, for an app's, when delivered), the agent's
 * and MCP's tools.
 *
 * An event kind is visible when the caller holds every permission that reads
 * its object through the API (see readPermissionsOf in the catalog).
 */
export interface Access {
  readonly eventTypes: readonly EventType[];
  /** Every kind of the catalog: lists need no type filter. */
  readonly seesAllEvents: boolean;
  mayReadEvent(type: string): boolean;
}

const byPermissions = new WeakMap<ReadonlySet<Permission>, Access>();

/** The access these permissions give; computed once per permission set (a caller's lives for its request or cache entry). */
export function accessOf(permissions: ReadonlySet<Permission>): Access {
  const known = byPermissions.get(permissions);
  if (known) return known;
  const eventTypes = EVENT_TYPES.filter((type) => readPermissionsOf(type).every((p) => permissions.has(p)));
  const visible = new Set<string>(eventTypes);
  const access: Access = { eventTypes, seesAllEvents: eventTypes.length === EVENT_TYPES.length, mayReadEvent: (type) => visible.has(type) };
  byPermissions.set(permissions, access);
  return access;
}

export function accessFor(caller: Caller): Access {
  return accessOf(caller.permissions);
}

/** The kinds a pattern names that these permissions cannot read, and every permission missing for them. */
export function unreadableKinds(permissions: ReadonlySet<Permission>, pattern: string): { types: EventType[]; missing: Permission[] } | undefined {
  const types = matchEventTypes(pattern).filter((type) => readPermissionsOf(type).some((p) => !permissions.has(p)));
  if (types.length === 0) return undefined;
  const missing = [...new Set(types.flatMap((type) => readPermissionsOf(type).filter((p) => !permissions.has(p))))];
  return { types, missing };
}

/**
 * A subscription (webhook endpoint events, function event triggers) fans out
 * what it names, so making or changing one needs read access to every kind
 * it names, wildcards included (HubSpot asks for the object's read scope for
 * each subscription). Refused with a 403 naming the pattern and the permission.
 */
export function requireSubscribable(caller: Caller, patterns: readonly string[], field: string): void {
  for (const [i, pattern] of patterns.entries()) {
    const refused = unreadableKinds(caller.permissions, pattern);
    if (!refused) continue;
    const { types, missing } = refused;
    const named = types.length === 1 ? types[0] : `${types[0]} and ${types.length - 1} more kinds`;
    throw new ApiError(
      "insufficient_permission",
      `${callerDescription(caller)} may not subscribe to "${pattern}" (${field}[${i}]): it names ${named}, and reading ${types.length === 1 ? "it" : "them"} needs ${missing.join(", ")}. Subscribe only to events you may read (GET /v1/event_types says which).`,
      { required_permission: missing[0], missing_permissions: missing, pattern, field: `${field}[${i}]` },
    );
  }
}
