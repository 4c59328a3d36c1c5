import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "../db/connection.ts";
import type { EventSubscriber, Subscription } from "../platform/events/outbox.ts";
import { functionRuns } from "../functions/functions-table.ts";
import { newId } from "../platform/ids.ts";
import { webhookDeliveries } from "./webhooks-table.ts";

/** The channel a committed delivery is announced on, so dispatchers start at once instead of at their next poll. */
export const DELIVERIES_CHANNEL = "webhook_deliveries";
/** Likewise for event-triggered function runs. */
export const FUNCTION_RUNS_CHANNEL = "function_runs";

/** Whether a subscription ("invoice.paid", "deal.*", "*") takes this event type. */
export function subscribes(patterns: readonly string[], type: string): boolean {
  return patterns.some((p) => p === "*" || p === type || (p.endsWith(".*") && type.startsWith(p.slice(0, -1))));
}

/** A webhook endpoint or a function with event triggers, as the outbox found it (see subscribersQuery). */
export type Subscriber = Subscription;

/**
 * The organization's subscribers (webhook endpoints and functions with event
 * triggers), as one query: a statement that writes events can carry it, so a
 * write to an organization with none costs no extra round trip (see outbox.ts).
 */
export function subscribersQuery(orgId: string): SQL {
  return sql`SELECT 'webhook' AS kind, id, events AS patterns, status = 'enabled' AS enabled FROM webhook_endpoints WHERE org_id = ${orgId}
    UNION ALL
    SELECT 'function', id, event_triggers, true FROM functions WHERE org_id = ${orgId} AND cardinality(event_triggers) > 0`;
}

/**
 * Writes the work events owe their subscribers, in the transaction that
 * writes the events: one delivery per (event, subscribed webhook endpoint)
 * and one run per (event, function with a matching event trigger). An event
 * committed is an event that will be delivered and run, with no reader to
 * fall behind or skip. `found` is what subscribersQuery returned in that
 * transaction. Called by the outbox for every batch of events.
 */
export async function fanOut(tx: Tx, orgId: string, found: readonly Subscriber[], events: { id: string; type: string }[], now: Date): Promise<void> {
  if (found.length === 0) return;
  const deliveries = [];
  const runs = [];
  for (const event of events) {
    for (const subscriber of found) {
      if (!subscribes(subscriber.patterns, event.type)) continue;
      const common = { orgId, eventId: event.id, eventType: event.type, status: "pending" as const, createdAt: now, updatedAt: now };
      if (subscriber.kind === "webhook") {
        // A disabled endpoint's deliveries are kept, parked, and sent when it is enabled again.
        deliveries.push({ ...common, id: newId("webhookDelivery"), endpointId: subscriber.id, nextAttemptAt: subscriber.enabled ? now : null });
      } else if (!event.type.startsWith("function.")) {
        // Functions never run on function.* events: a failing function would otherwise feed itself.
        runs.push({ ...common, id: newId("functionRun"), functionId: subscriber.id, nextAttemptAt: now });
      }
    }
  }
  if (deliveries.length > 0) {
    await tx.insert(webhookDeliveries).values(deliveries);
    await tx.execute(sql`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`);
  }
  if (runs.length > 0) {
    await tx.insert(functionRuns).values(runs);
    await tx.execute(sql`SELECT pg_notify(${FUNCTION_RUNS_CHANNEL}, '')`);
  }
}

/** The outbox's subscriber for webhook deliveries and event-triggered function runs (registered in src/subscribers.ts). */
export const webhookAndFunctionSubscriber: EventSubscriber = { kinds: ["webhook", "function"], subscriptions: subscribersQuery, fanOut };
