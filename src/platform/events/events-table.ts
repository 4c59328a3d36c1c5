import { sql } from "drizzle-orm";
import { bigserial, customType, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** A 64-bit transaction id, read as its decimal text (it outgrows a JS number's exact range). */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

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
    /** The writing transaction (pg_current_xact_id): with seq, the order the event stream reads in (see event-stream.ts). */
    txId: xid8("tx_id").notNull().default(sql`pg_current_xact_id()`),
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
    index("events_org_tx_seq_idx").on(t.orgId, t.txId, t.seq),
  ],
);

export type EventRow = typeof events.$inferSelect;
