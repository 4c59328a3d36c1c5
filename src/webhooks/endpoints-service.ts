import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/connection.ts";
import { invalidField, notFound } from "../platform/errors.ts";
import { requireSubscribable } from "../platform/auth/access.ts";
import type { Caller } from "../platform/auth/caller.ts";
import { checkEventPatterns } from "../platform/events/catalog.ts";
import { write, type Emit, type WriteContext } from "../platform/events/outbox.ts";
import { newId } from "../platform/ids.ts";
import { defineList, listPage, type Page } from "../platform/lists.ts";
import { DEFAULT_SCHEDULE, DEFAULT_TIMEOUT_MS, type CreateEndpointInput, type EndpointApi, type UpdateEndpointInput } from "./endpoints-schemas.ts";
import { DELIVERIES_CHANNEL } from "./deliveries-fanout.ts";
import { newSecret } from "./signing.ts";
import { checkUrl, type SsrfPolicy } from "./ssrf.ts";
import { ENDPOINT_STATUSES, webhookAttempts, webhookDeliveries, webhookEndpoints, type EndpointRow } from "./webhooks-table.ts";
import { ownedRow } from "../platform/owned-rows.ts";

export function endpointToApi(row: EndpointRow): EndpointApi {
  return {
    id: row.id,
    object: "webhook_endpoint",
    url: row.url,
    description: row.description,
    events: row.events,
    status: row.status,
    disabled_reason: row.disabledReason,
    oauth_grant_id: row.oauthGrantId,
    retry_policy: { schedule: row.retrySchedule },
    timeout_ms: row.timeoutMs,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function checkTarget(url: string, policy: SsrfPolicy): void {
  const problem = checkUrl(url, policy);
  if (problem) throw invalidField("body", "url", problem);
}

export const endpointList = defineList({
  table: webhookEndpoints,
  tiebreak: webhookEndpoints.id,
  filters: {
    status: { kind: "enum", column: webhookEndpoints.status, values: ENDPOINT_STATUSES },
    created_at: { kind: "datetime", column: webhookEndpoints.createdAt },
  },
  sorts: { created_at: webhookEndpoints.createdAt },
  defaultSort: "-created_at",
  search: [webhookEndpoints.url, webhookEndpoints.description],
});

export async function listEndpoints(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<EndpointApi>> {
  return listPage(db, endpointList.spec, endpointList.parse(orgId, query, now), endpointToApi);
}

export async function findEndpoint(db: Db | Tx, orgId: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.id, id)));
  if (!row) throw notFound("webhook endpoint", id);
  return row;
}

function lockEndpoint(tx: Tx, orgId: string, id: string): Promise<EndpointRow> {
  return ownedRow(tx, webhookEndpoints, orgId, id, "webhook endpoint", "update");
}

/**
 * Who a subscription belongs to: an OAuth app's (its grant) when a token made
 * it, else the organization's. Whoever makes or changes an endpoint must read
 * every kind it subscribes to (after the change: its url and status decide
 * where those events go), and becomes its owner.
 */
function subscriber(caller: Caller, events: readonly string[]): { oauthGrantId: string | null } {
  requireSubscribable(caller, events, "events");
  return { oauthGrantId: caller.oauth?.grantId ?? null };
}

export async function createEndpoint(
  db: Db,
  ctx: WriteContext,
  caller: Caller,
  input: CreateEndpointInput,
  policy: SsrfPolicy,
): Promise<EndpointApi & { secret: string }> {
  checkTarget(input.url, policy);
  checkEventPatterns(input.events, "events");
  const owner = subscriber(caller, input.events);
  const secret = newSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      orgId: ctx.orgId,
      id: newId("webhookEndpoint"),
      url: input.url,
      description: input.description ?? null,
      events: input.events,
      status: "enabled",
      retrySchedule: input.retry_policy?.schedule ?? DEFAULT_SCHEDULE,
      timeoutMs: input.timeout_ms ?? DEFAULT_TIMEOUT_MS,
      metadata: input.metadata ?? {},
      oauthGrantId: owner.oauthGrantId,
      secret,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  return { ...endpointToApi(row!), secret };
}

export async function updateEndpoint(
  db: Db,
  ctx: WriteContext,
  caller: Caller,
  id: string,
  input: UpdateEndpointInput,
  policy: SsrfPolicy,
): Promise<EndpointApi> {
  if (input.url) checkTarget(input.url, policy);
  if (input.events) checkEventPatterns(input.events, "events");
  return write(db, ctx, async (tx) => {
    const before = await lockEndpoint(tx, ctx.orgId, id);
    const owner = subscriber(caller, input.events ?? before.events);
    const status = input.status ?? before.status;
    const reenabled = before.status === "disabled" && status === "enabled";
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        url: input.url ?? before.url,
        description: input.description === undefined ? before.description : input.description,
        events: input.events ?? before.events,
        retrySchedule: input.retry_policy?.schedule ?? before.retrySchedule,
        timeoutMs: input.timeout_ms ?? before.timeoutMs,
        metadata: input.metadata ?? before.metadata,
        oauthGrantId: owner.oauthGrantId,
        status,
        disabledReason: status === "enabled" ? null : before.status === "disabled" ? before.disabledReason : "manual",
        // Turned back on: the days-without-success count starts again.
        failingSince: reenabled ? null : before.failingSince,
        updatedAt: ctx.now,
      })
      .where(and(eq(webhookEndpoints.orgId, ctx.orgId), eq(webhookEndpoints.id, id)))
      .returning();
    // Deliveries parked while it was disabled are due again.
    if (reenabled) {
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: ctx.now, updatedAt: ctx.now })
        .where(
          and(
            eq(webhookDeliveries.orgId, ctx.orgId),
            eq(webhookDeliveries.endpointId, id),
            sql`${webhookDeliveries.status} IN ('pending', 'failed')`,
            isNull(webhookDeliveries.nextAttemptAt),
          ),
        );
      await tx.execute(sql`SELECT pg_notify(${DELIVERIES_CHANNEL}, '')`);
    }
    return endpointToApi(after!);
  });
}

export async function deleteEndpoint(db: Db, ctx: WriteContext, id: string): Promise<{ id: string; object: "webhook_endpoint"; deleted: true }> {
  await write(db, ctx, async (tx) => {
    await lockEndpoint(tx, ctx.orgId, id);
    await tx.delete(webhookAttempts).where(and(eq(webhookAttempts.orgId, ctx.orgId), eq(webhookAttempts.endpointId, id)));
    await tx.delete(webhookDeliveries).where(and(eq(webhookDeliveries.orgId, ctx.orgId), eq(webhookDeliveries.endpointId, id)));
    await tx.delete(webhookEndpoints).where(and(eq(webhookEndpoints.orgId, ctx.orgId), eq(webhookEndpoints.id, id)));
  });
  return { id, object: "webhook_endpoint", deleted: true };
}

/** A new secret; the old one keeps signing (deliveries carry both signatures) for `expiresInHours`. */
export async function rotateSecret(db: Db, ctx: WriteContext, id: string, expiresInHours: number): Promise<EndpointApi & { secret: string }> {
  return write(db, ctx, async (tx) => {
    const before = await lockEndpoint(tx, ctx.orgId, id);
    const secret = newSecret();
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: expiresInHours > 0 ? before.secret : null,
        previousSecretExpiresAt: expiresInHours > 0 ? new Date(ctx.now.getTime() + expiresInHours * 3_600_000) : null,
        updatedAt: ctx.now,
      })
      .where(and(eq(webhookEndpoints.orgId, ctx.orgId), eq(webhookEndpoints.id, id)))
      .returning();
    return { ...endpointToApi(after!), secret };
  });
}

/**
 * A revoked grant's subscriptions end with it (as an app's end with its
 * install): its endpoints are disabled ("grant_revoked"), in the revoking
 * transaction, each with webhook_endpoint.disabled. Their deliveries are
 * parked; whoever enables one again must read what it subscribes to, and owns it.
 */
export async function disableGrantEndpoints(tx: Tx, emit: Emit, orgId: string, grantId: string, now: Date): Promise<void> {
  const disabled = await tx
    .update(webhookEndpoints)
    .set({ status: "disabled", disabledReason: "grant_revoked", updatedAt: now })
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.oauthGrantId, grantId), eq(webhookEndpoints.status, "enabled")))
    .returning();
  for (const row of disabled) emit({ type: "webhook_endpoint.disabled", object: endpointToApi(row) });
}
