import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The transactional outbox: a row is written in the same transaction as the
 * change it records, so an event exists exactly when its change committed.
 */
export const events = pgTable(
  "events",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    /** Insertion order: events of one transaction keep the order they were emitted in. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    type: text("type").notNull(),
    /** The id of data.object, for "everything that happened to X". */
    objectId: text("object_id").notNull(),
    data: jsonb("data").$type<{ object: object; previous_attributes?: Record<string, unknown> }>().notNull(),
    requestId: text("request_id"),
    idempotencyKey: text("idempotency_key"),
    /** The agent conversation whose action made the change, if any. */
    conversationId: text("conversation_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index("events_org_seq_idx").on(t.orgId, t.seq),
    index("events_org_type_seq_idx").on(t.orgId, t.type, t.seq),
    index("events_org_object_seq_idx").on(t.orgId, t.objectId, t.seq),
  ],
);

export type EventRow = typeof events.$inferSelect;
