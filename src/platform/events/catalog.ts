import type { Engine, Permission } from "../auth/permissions.ts";
import { ApiError, type FieldError } from "../errors.ts";

/**
 * The event catalog (shared/design/event-catalog.md). Names are stable forever
 * once released: add kinds, never rename. `object` names the resource carried
 * in data.object; its JSON Schema comes from the engine that owns it.
 */
type Area = Engine | "intelligence" | "functions" | "platform";

interface Kind {
  area: Area;
  object: string;
  description: string;
}

const k = (area: Area, object: string, description: string): Kind => ({ area, object, description });

export const EVENT_CATALOG = {
  "invoice.created": k("finance", "invoice", "An invoice was created."),
  "invoice.updated": k("finance", "invoice", "Any field of an invoice changed; previous values are in data.previous_attributes."),
  "invoice.deleted": k("finance", "invoice", "A draft invoice was deleted."),
  "invoice.finalized": k("finance", "invoice", "A draft invoice was finalized (draft -> open)."),
  "invoice.overdue": k("finance", "invoice", "An open invoice passed its due date (emitted once per invoice)."),
  "invoice.payment_recorded": k("finance", "invoice", "A payment, full or partial, was recorded."),
  "invoice.paid": k("finance", "invoice", "The amount due reached zero."),
  "invoice.voided": k("finance", "invoice", "An invoice was voided."),
  "invoice.marked_uncollectible": k("finance", "invoice", "An invoice was marked uncollectible."),
  "contact.created": k("growth", "contact", "A contact was created."),
  "contact.updated": k("growth", "contact", "A contact changed."),
  "contact.deleted": k("growth", "contact", "A contact was deleted."),
  "account.created": k("growth", "account", "An account was created."),
  "account.updated": k("growth", "account", "An account changed."),
  "account.deleted": k("growth", "account", "An account was deleted."),
  "account.enriched": k("growth", "account", "Enrichment added or refreshed firmographic data on an account."),
  "pipeline.created": k("growth", "pipeline", "A pipeline was created."),
  "pipeline.updated": k("growth", "pipeline", "A pipeline's stages were added, renamed or reordered."),
  "pipeline.deleted": k("growth", "pipeline", "A pipeline was deleted."),
  "deal.created": k("growth", "deal", "A deal was created."),
  "deal.updated": k("growth", "deal", "A deal changed."),
  "deal.stage_changed": k("growth", "deal", "A deal moved to another stage."),
  "deal.won": k("growth", "deal", "A deal entered a closed-won stage."),
  "deal.lost": k("growth", "deal", "A deal entered a closed-lost stage."),
  "deal.deleted": k("growth", "deal", "A deal was deleted."),
  "sequence.created": k("growth", "sequence", "An outreach sequence was created."),
  "sequence.updated": k("growth", "sequence", "An outreach sequence changed."),
  "sequence.activated": k("growth", "sequence", "A sequence went from draft or paused to active."),
  "sequence.paused": k("growth", "sequence", "A sequence went from active to paused."),
  "sequence.deleted": k("growth", "sequence", "A sequence was deleted."),
  "sequence.contact_enrolled": k("growth", "enrollment", "A contact was enrolled in a sequence."),
  "sequence.step_sent": k("growth", "enrollment", "A step of an enrollment was sent."),
  "sequence.replied": k("growth", "enrollment", "An enrolled contact replied; the enrollment stopped."),
  "sequence.completed": k("growth", "enrollment", "An enrollment finished its last step."),
  "sequence.contact_unenrolled": k("growth", "enrollment", "An enrollment was stopped by hand, bounce or unsubscribe."),
  "job.created": k("talent", "job", "A job was created."),
  "job.updated": k("talent", "job", "A job changed."),
  "job.closed": k("talent", "job", "A job was closed."),
  "job.deleted": k("talent", "job", "A job nobody had applied to was deleted."),
  "candidate.created": k("talent", "candidate", "A candidate was created."),
  "candidate.updated": k("talent", "candidate", "A candidate changed."),
  "candidate.status_changed": k("talent", "candidate", "A candidate moved to another stage."),
  "candidate.hired": k("talent", "candidate", "A candidate was hired."),
  "candidate.rejected": k("talent", "candidate", "A candidate was rejected."),
  "candidate.deleted": k("talent", "candidate", "A candidate was deleted."),
  "agent.conversation_started": k("agent", "conversation", "A new conversation with the agent was opened."),
  "agent.message_created": k("agent", "message", "The agent replied."),
  "agent.action_completed": k("agent", "action", "An action the agent took (create, update, enroll, ...) succeeded."),
  "agent.action_failed": k("agent", "action", "An action the agent attempted failed."),
  "agent.approval_required": k("agent", "action", "An action the agent proposed waits for approval (POST /v1/agent/approvals/{id}/approve or /deny)."),
  "intelligence.snapshot_created": k("intelligence", "snapshot", "A new intelligence snapshot was computed."),
  "function.deployed": k("functions", "function", "A new version of an edge function is live."),
  "function.invocation_failed": k("functions", "function_invocation", "An edge function invocation threw, timed out or hit a limit."),
  "function.deleted": k("functions", "function", "An edge function was deleted, with its versions and logs."),
  "api_key.created": k("platform", "api_key", "An API key was created."),
  "api_key.revoked": k("platform", "api_key", "An API key was revoked."),
  "webhook_endpoint.disabled": k("platform", "webhook_endpoint", "An endpoint was disabled after sustained delivery failure."),
  "api_key.rolled": k("platform", "api_key", "An API key was rolled: a new key replaces it, and it expires at data.object.expires_at."),
  "member.added": k("platform", "membership", "A person joined the organization (sign-up, invite or the CLI)."),
  "member.role_changed": k("platform", "membership", "A member's role changed; the previous role is in data.previous_attributes."),
  "member.removed": k("platform", "membership", "A member was removed from the organization."),
  "oauth_grant.created": k(
    "platform",
    "oauth_grant",
    "An app was connected: a member consented (or a confidential app of the organization used client_credentials).",
  ),
  "oauth_grant.revoked": k(
    "platform",
    "oauth_grant",
    "An app's grant was revoked (by a member, by deleting the app, or on refresh-token reuse); its tokens stopped working.",
  ),
} as const satisfies Record<string, Kind>;

export type EventType = keyof typeof EVENT_CATALOG;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];

/**
 * What reading an event of an area takes: the permission that reads its
 * object through the API (an event carries the object as GET returns it). An
 * intelligence snapshot reads every engine, as its routes do.
 */
const EVERY_ENGINE_READ: readonly Permission[] = ["finance:read", "growth:read", "talent:read"];
const AREA_READS: Record<Exclude<Area, "platform" | "agent">, readonly Permission[]> = {
  finance: ["finance:read"],
  growth: ["growth:read"],
  talent: ["talent:read"],
  intelligence: EVERY_ENGINE_READ,
  functions: ["functions:manage"],
};

/**
 * Platform objects are read by whoever manages them: OAuth apps and grants
 * with the API keys. Memberships too: the organization's administration,
 * which full-access keys hold (so "*" is theirs), as members may list
 * members but no key may manage them.
 */
const PLATFORM_READS: Record<string, readonly Permission[]> = {
  api_key: ["api_keys:manage"],
  oauth_grant: ["api_keys:manage"],
  webhook_endpoint: ["webhooks:manage"],
  membership: ["api_keys:manage"],
};

/**
 * Some objects may hold anything their maker could read: the agent's
 * conversations, messages and actions (what was asked and answered, the
 * actions' results; the events tool lists every kind its asker sees) and a
 * function's invocations (its logs hold what it read and was handed with its
 * deployer's permissions). Reading their events takes every permission any
 * other kind takes, and agent:read: in practice full access. The same rule
 * says whose conversations a caller sees (conversations-service.ts, ownOnly).
 */
const EVERYTHING: readonly Permission[] = ["agent:read", ...new Set([...Object.values(AREA_READS).flat(), ...Object.values(PLATFORM_READS).flat()])];

// A kind without a rule (a platform object added without its entry above) is read only by full access.
const UNLISTED: readonly Permission[] = ["api_keys:manage"];

/** Every permission reading (or subscribing to) this kind of event takes. */
export function readPermissionsOf(type: EventType | string): readonly Permission[] {
  const kind: Kind | undefined = (EVENT_CATALOG as Record<string, Kind>)[type];
  if (!kind) return UNLISTED;
  if (kind.area === "agent" || kind.object === "function_invocation") return EVERYTHING;
  if (kind.area !== "platform") return AREA_READS[kind.area];
  return PLATFORM_READS[kind.object] ?? UNLISTED;
}

/**
 * Expands a subscription pattern ("invoice.paid", "deal.*", "*") into the kinds
 * it names; an empty result means the pattern names nothing in the catalog.
 */
export function matchEventTypes(pattern: string): EventType[] {
  if (pattern === "*") return EVENT_TYPES;
  if (pattern.endsWith(".*")) {
    const prefix = pattern.slice(0, -1);
    return EVENT_TYPES.filter((t) => t.startsWith(prefix));
  }
  return EVENT_TYPES.filter((t) => t === pattern);
}

/** Every pattern must name at least one catalog kind: a typo would otherwise subscribe to nothing, silently. */
export function checkEventPatterns(patterns: readonly string[], field: string): void {
  const errors: FieldError[] = patterns.flatMap((pattern, i) =>
    matchEventTypes(pattern).length > 0
      ? []
      : [{ in: "body" as const, field: `${field}[${i}]`, message: `"${pattern}" names no event type; see GET /v1/event_types (wildcards: deal.*, *)` }],
  );
  if (errors.length > 0)
    throw new ApiError("validation_failed", errors.length === 1 ? `${errors[0]!.field}: ${errors[0]!.message}` : `${errors.length} event types are unknown.`, {
      errors,
    });
}
