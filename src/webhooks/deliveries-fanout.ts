import { sql, type SQL } from "drizzle-orm";
import { subscribesSql, type EventSubscriber } from "../platform/events/fan-out.ts";
import { ID_PREFIXES } from "../platform/ids.ts";

/** The channel a committed delivery is announced on, so dispatchers start at once instead of at their next poll. */
export const DELIVERIES_CHANNEL = "webhook_deliveries";

/**
 * One delivery per (event, subscribed webhook endpoint), written by the
 * statement that inserts the events (see EventSubscriber). Ids are made by
 * enginery_new_id (migration 0011), in newId's format.
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
  ];
}

/** The outbox's subscriber for webhook deliveries (wired with the others in src/subscribers.ts). */
export const deliveriesSubscriber: EventSubscriber = { fanOut };
