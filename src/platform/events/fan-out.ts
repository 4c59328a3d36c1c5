import { sql, type SQL } from "drizzle-orm";

/**
 * Work a feature owes for committed events (webhook deliveries, function
 * runs), written by the statement that inserts the events. `fanOut` gives
 * INSERT ... SELECT statements (no RETURNING) that read the inserted events
 * (columns id and type) from `events` and write what the organization's
 * subscriptions owe for them; each one runs as a CTE of the events statement
 * (outbox.ts), and when it writes any row the statement notifies its
 * `channel`. So a write's events, its fan-out and its idempotency claim cost
 * one statement, and that statement can be the transaction's last, with
 * COMMIT behind it in the same round trip. An event committed is an event
 * that will be delivered and run, with no reader to fall behind or skip.
 * Features implement it and the composition points wire them (see
 * wireSubscribers in outbox.ts), so the platform never imports a feature.
 */
export interface EventSubscriber {
  /** `orgId` and `now` (an ISO timestamp) are SQL values of the statement, not constants: its text is built once per shape. */
  fanOut(orgId: SQL, events: SQL, now: SQL): { write: SQL; channel: string }[];
}

/** Whether a subscription's patterns ("invoice.paid", "deal.*", "*"; a text[]) take an event type (text): matchEventTypes in SQL. */
export function subscribesSql(patterns: SQL, type: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM unnest(${patterns}) AS p WHERE p = '*' OR p = ${type} OR (right(p, 2) = '.*' AND starts_with(${type}, left(p, -1))))`;
}
