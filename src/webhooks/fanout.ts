import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/connection.ts";
import { newId } from "../platform/ids.ts";
import { webhookDeliveries, webhookEndpoints } from "./webhooks-table.ts";

/** The channel a committed delivery is announced on, so dispatchers start at once instead of at their next poll. */
export const DELIVERIES_CHANNEL = "webhook_deliveries";

/** Whether a subscription ("invoice.paid", "deal.*", "*") takes this event type. */
export function subscribes(patterns: readonly string[], type: string): boolean {
  return patterns.some((p) => p === "*" || p === type || (p.endsWith(".*") && type.startsWith(p.slice(0, -1))));
}

/**
 * Writes one delivery per (event, subscribed endpoint), in the
 * transaction that writes the events: an event committed is an event that
 * will be delivered, with no reader to fall behind or skip. Called by the
 * outbox for every batch of events.
 */
export async function fanOut(tx: Tx, orgId: string, events: { id: string; type: string }[], now: Date): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events, status: webhookEndpoints.status })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.orgId, orgId));
  if (endpoints.length === 0) return;
  const rows = events.flatMap((event) =>
    endpoints
      .filter((endpoint) => subscribes(endpoint.events, event.type))
      .map((endpoint) => ({
        orgId,
        id: newId("webhookDelivery"),
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        status: "pending" as const,
        // A disabled endpoint's deliveries are kept, parked, and sent when it is enabled again.
        nextAttemptAt: endpoint.status === "enabled" ? now : null,
        createdAt: now,
        updatedAt: now,
      })),
  );
  if (rows.length === 0) return;
  await tx.insert(webhookDeliveries).values(rows);
  await tx.execute(sql`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`);
}
