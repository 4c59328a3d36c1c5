import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../db/connection.ts";
import { notFound } from "../platform/errors.ts";
import { write, type WriteContext } from "../platform/events/outbox.ts";
import { newId } from "../platform/ids.ts";
import { defineList, listPage, type ExtraCondition, type Page } from "../platform/lists.ts";
import type { AttemptApi, DeliveryApi } from "./deliveries-schemas.ts";
import { PING_TYPE } from "./dispatcher.ts";
import { findEndpoint } from "./endpoints-service.ts";
import { DELIVERIES_CHANNEL } from "./deliveries-fanout.ts";
import { DELIVERY_STATUSES, webhookAttempts, webhookDeliveries, type AttemptRow, type DeliveryRow } from "./webhooks-table.ts";

export function deliveryToApi(row: DeliveryRow): DeliveryApi {
  return {
    id: row.id,
    object: "webhook_delivery",
    endpoint_id: row.endpointId,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempt_count: row.attemptCount,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function attemptToApi(row: AttemptRow): AttemptApi {
  return {
    id: row.id,
    object: "webhook_attempt",
    delivery_id: row.deliveryId,
    attempted_at: row.attemptedAt.toISOString(),
    duration_ms: row.durationMs,
    response_status: row.responseStatus,
    response_body: row.responseBody,
    error: row.error,
    blocked: row.blocked,
  };
}

export const deliveryList = defineList({
  table: webhookDeliveries,
  tiebreak: webhookDeliveries.id,
  filters: {
    status: { kind: "enum", column: webhookDeliveries.status, values: DELIVERY_STATUSES },
    event_type: { kind: "text", column: webhookDeliveries.eventType },
    event_id: { kind: "id", column: webhookDeliveries.eventId, idKind: "event" },
    created_at: { kind: "datetime", column: webhookDeliveries.createdAt },
  },
  sorts: { created_at: webhookDeliveries.createdAt },
  defaultSort: "-created_at",
});

const ofEndpoint = (endpointId: string): ExtraCondition => ({ key: "endpoint", condition: (bind) => eq(webhookDeliveries.endpointId, bind(endpointId)) });

export async function listDeliveries(db: Db, orgId: string, endpointId: string, query: Record<string, unknown>, now: Date): Promise<Page<DeliveryApi>> {
  await findEndpoint(db, orgId, endpointId);
  return listPage(db, deliveryList.spec, deliveryList.parse(orgId, query, now, ofEndpoint(endpointId)), deliveryToApi);
}

async function findDelivery(db: Db, orgId: string, endpointId: string, id: string): Promise<DeliveryRow> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  if (!row) throw notFound("delivery of this endpoint", id);
  return row;
}

export async function listAttempts(db: Db, orgId: string, endpointId: string, deliveryId: string): Promise<Page<AttemptApi>> {
  await findDelivery(db, orgId, endpointId, deliveryId);
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.orgId, orgId), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
  return { data: rows.map(attemptToApi), meta: { total: rows.length, page: 1, per_page: rows.length } };
}

const wakeDispatchers = sql`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`;

/** One more attempt now, whatever the delivery's state (a succeeded one is sent again too: the receiver asked). */
export async function resend(db: Db, ctx: WriteContext, endpointId: string, deliveryId: string): Promise<DeliveryApi> {
  await findDelivery(db, ctx.orgId, endpointId, deliveryId);
  return write(db, ctx, async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attemptCount: 0, nextAttemptAt: ctx.now, claimedUntil: null, updatedAt: ctx.now })
      .where(and(eq(webhookDeliveries.orgId, ctx.orgId), eq(webhookDeliveries.id, deliveryId)))
      .returning();
    await tx.execute(wakeDispatchers);
    return deliveryToApi(row!);
  });
}

/** Re-sends every delivery of the endpoint that failed or was exhausted since `since`; returns how many. */
export async function recover(
  db: Db,
  ctx: WriteContext,
  endpointId: string,
  since: string,
): Promise<{ object: "webhook_recovery"; endpoint_id: string; since: string; resent: number }> {
  await findEndpoint(db, ctx.orgId, endpointId);
  return write(db, ctx, async (tx) => {
    const rows = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attemptCount: 0, nextAttemptAt: ctx.now, claimedUntil: null, updatedAt: ctx.now })
      .where(
        and(
          eq(webhookDeliveries.orgId, ctx.orgId),
          eq(webhookDeliveries.endpointId, endpointId),
          sql`${webhookDeliveries.status} IN ('failed', 'exhausted')`,
          gte(webhookDeliveries.createdAt, new Date(since)),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (rows.length > 0) await tx.execute(wakeDispatchers);
    return { object: "webhook_recovery" as const, endpoint_id: endpointId, since: new Date(since).toISOString(), resent: rows.length };
  });
}

/** A signed ping (type webhook_endpoint.ping, data.object the endpoint), sent like any delivery. */
export async function sendTest(db: Db, ctx: WriteContext, endpointId: string): Promise<DeliveryApi> {
  await findEndpoint(db, ctx.orgId, endpointId);
  return write(db, ctx, async (tx) => {
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        orgId: ctx.orgId,
        id: newId("webhookDelivery"),
        endpointId,
        eventId: newId("event"),
        eventType: PING_TYPE,
        status: "pending",
        nextAttemptAt: ctx.now,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await tx.execute(wakeDispatchers);
    return deliveryToApi(row!);
  });
}
