import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const ENDPOINT_STATUSES = ["enabled", "disabled"] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    url: text("url").notNull(),
    description: text("description"),
    /** Subscriptions as given: catalog kinds, "area.*" wildcards or "*". */
    events: text("events").array().notNull(),
    status: text("status").$type<EndpointStatus>().notNull(),
    disabledReason: text("disabled_reason"),
    /** Seconds to wait before each retry after the immediate attempt. */
    retrySchedule: integer("retry_schedule").array().notNull(),
    timeoutMs: integer("timeout_ms").notNull(),
    /**
     * The OAuth grant whose token made or last changed the subscription: the
     * endpoint is the app's, delivered only what the grant still reads and
     * disabled when it is revoked. Null: the organization's (an API key or a member made it).
     */
    oauthGrantId: text("oauth_grant_id"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    /** whsec_...; kept (not hashed) because every delivery is signed with it. */
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true, mode: "date" }),
    /** The first failure since the last success; the endpoint is disabled when this is old enough. */
    failingSince: timestamp("failing_since", { withTimezone: true, mode: "date" }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index("webhook_endpoints_org_created_idx").on(t.orgId, t.createdAt, t.id),
    // A revoked grant's endpoints are found without a scan.
    index("webhook_endpoints_org_grant_idx").on(t.orgId, t.oauthGrantId).where(sql`oauth_grant_id IS NOT NULL`),
  ],
);

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed", "exhausted"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One event for one endpoint: written with the event, in the same transaction (nothing to lose in between). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    endpointId: text("endpoint_id").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** pending: not tried yet; failed: the last attempt failed and another is due; succeeded; exhausted: no retries left. */
    status: text("status").$type<DeliveryStatus>().notNull(),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }),
    /** A dispatcher holds the delivery until then; past it (the dispatcher died), another takes it. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true, mode: "date" }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex("webhook_deliveries_endpoint_event_key").on(t.orgId, t.endpointId, t.eventId),
    index("webhook_deliveries_org_endpoint_created_idx").on(t.orgId, t.endpointId, t.createdAt, t.id),
    // The dispatchers' scan for due deliveries, across organizations.
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status IN ('pending', 'failed')`),
  ],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    deliveryId: text("delivery_id").notNull(),
    endpointId: text("endpoint_id").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true, mode: "date" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    responseStatus: integer("response_status"),
    /** The first 2 KB of the response body. */
    responseBody: text("response_body"),
    error: text("error"),
    /** Refused by the SSRF guard before any connection. */
    blocked: boolean("blocked").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index("webhook_attempts_org_delivery_idx").on(t.orgId, t.deliveryId, t.attemptedAt)],
);

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
