import { integer, pgTable, primaryKey, text, timestamp, index } from "drizzle-orm/pg-core";

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    orgId: text("org_id").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    /** null while the first request is still being handled. */
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    responseContentType: text("response_content_type"),
    /** Set in the transaction of the request's write: its effect committed, whether or not it lived to answer. */
    committedAt: timestamp("committed_at", { withTimezone: true, mode: "date" }),
    /** Renewed every few seconds while the request runs: a record silent too long belongs to a dead process. */
    aliveAt: timestamp("alive_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
