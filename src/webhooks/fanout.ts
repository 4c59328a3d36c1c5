import { sql, type SQL } from "drizzle-orm";
import type { EventSubscriber } from "../platform/events/outbox.ts";
import { ID_PREFIXES } from "../platform/ids.ts";

/** The channel a committed delivery is announced on, so dispatchers start at once instead of at their next poll. */
export const DELIVERIES_CHANNEL = "webhook_deliveries";
/** Likewise for event-triggered function runs. */
export const FUNCTION_RUNS_CHANNEL = "function_runs";

/** Whether a subscription's patterns ("invoice.paid", "deal.*", "*"; a text[]) take an event type (text). */
export function subscribesSql(patterns: SQL, type: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM unnest(${patterns}) AS p WHERE p = '*' OR p = ${type} OR (right(p, 2) = '.*' AND starts_with(${type}, left(p, -1))))`;
}

/**
 * The work events owe their subscribers, written by the statement that
 * inserts the events (see EventSubscriber in outbox.ts): one delivery per
 * (event, subscribed webhook endpoint) and one run per (event, function with a
 * matching event trigger). An event committed is an event that will be
 * delivered and run, with no reader to fall behind or skip. `events` holds
 * the inserted events' id and type. Ids are made by enginery_new_id
 * (migration 0011), in newId's format.
 */
export function fanOut(orgId: SQL, events: SQL, now: SQL): { write: SQL; channel: string }[] {
  const at = sql`${now}::timestamptz`;
  return [
    {
      channel: DELIVERIES_CHANNEL,
      // A disabled endpoint's deliveries are kept, parked (no next attempt), and sent when it is enabled again.
      write: sql`INSERT INTO webhook_deliveries (org_id, id, endpoint_id, event_id, event_type, status, next_attempt_at, created_at, updated_at)
        SELECT w.org_id, enginery_new_id(${sql.raw(`'${ID_PREFIXES.webhookDelivery}'`)}), w.id, e.id, e.type, 'pending', CASE WHEN w.status = 'enabled' THEN ${at} END, ${at}, ${at}
        FROM ${events} AS e JOIN webhook_endpoints AS w ON w.org_id = ${orgId} AND ${subscribesSql(sql`w.events`, sql`e.type`)}`,
    },
    {
      channel: FUNCTION_RUNS_CHANNEL,
      // Functions never run on function.* events: a failing function would otherwise feed itself. The
      // cardinality condition picks the partial index of functions with triggers (migration 0010).
      write: sql`INSERT INTO function_runs (org_id, id, function_id, event_id, event_type, status, next_attempt_at, created_at, updated_at)
        SELECT f.org_id, enginery_new_id(${sql.raw(`'${ID_PREFIXES.functionRun}'`)}), f.id, e.id, e.type, 'pending', ${at}, ${at}, ${at}
        FROM ${events} AS e JOIN functions AS f ON f.org_id = ${orgId} AND cardinality(f.event_triggers) > 0
          AND NOT starts_with(e.type, 'function.') AND ${subscribesSql(sql`f.event_triggers`, sql`e.type`)}`,
    },
  ];
}

/** The outbox's subscriber for webhook deliveries and event-triggered function runs (registered in src/subscribers.ts). */
export const webhookAndFunctionSubscriber: EventSubscriber = { fanOut };
