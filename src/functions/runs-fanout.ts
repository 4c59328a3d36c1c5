import { sql, type SQL } from "drizzle-orm";
import { subscribesSql, type EventSubscriber } from "../platform/events/fan-out.ts";
import { ID_PREFIXES } from "../platform/ids.ts";

/** The channel a committed function run is announced on, so trigger dispatchers start at once instead of at their next poll. */
export const FUNCTION_RUNS_CHANNEL = "function_runs";

/**
 * One run per (event, function with a matching event trigger), written by the
 * statement that inserts the events (see EventSubscriber). Ids are made by
 * enginery_new_id (migration 0011), in newId's format.
 */
export function fanOut(orgId: SQL, events: SQL, now: SQL): { write: SQL; channel: string }[] {
  const at = sql`${now}::timestamptz`;
  return [
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

/** The outbox's subscriber for event-triggered function runs (wired with the others in src/subscribers.ts). */
export const functionRunsSubscriber: EventSubscriber = { fanOut };
