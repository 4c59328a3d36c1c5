import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { eventToApi, type EventApi } from "../platform/events/events-service.ts";
import { events } from "../platform/events/events-table.ts";
import { insertEvents } from "../platform/events/outbox.ts";
import { newId } from "../platform/ids.ts";
import { endpointToApi } from "./endpoints-service.ts";
import { DELIVERIES_CHANNEL } from "./fanout.ts";
import { send, type SendResult } from "./sender.ts";
import { signatureHeaders } from "./signing.ts";
import type { SsrfPolicy } from "./ssrf.ts";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type DeliveryRow, type EndpointRow } from "./webhooks-table.ts";

export const PING_TYPE = "webhook_endpoint.ping";

export interface DispatcherOptions {
  database: Database;
  policy: SsrfPolicy;
  clock?: () => Date;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** An endpoint failing with no success for this long is disabled (default 5 days). */
  disableAfterMs?: number;
  /** How long a claim holds; a dispatcher that dies lets others take its deliveries after this. */
  leaseMs?: number;
  batch?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** Poll interval when no notification arrives (retries come due without one). */
  pollMs?: number;
}

const DAY_MS = 86_400_000;
const MAX_RETRY_AFTER_S = 86_400;

/** The wait before the retry that follows `attempts` attempts, or null when the schedule is spent; ±10 % jitter. */
export function nextDelaySeconds(schedule: readonly number[], attempts: number, retryAfter: number | null, random = Math.random): number | null {
  const base = schedule[attempts - 1];
  if (base === undefined) return null;
  const jittered = base * (0.9 + random() * 0.2);
  // 429 / 503 with Retry-After: wait at least that long (within a day).
  return retryAfter === null ? jittered : Math.max(jittered, Math.min(retryAfter, MAX_RETRY_AFTER_S));
}

/**
 * Delivers committed deliveries. Any number of dispatchers may run (in the
 * server and in `enginery worker` processes): each claims a batch of due
 * deliveries with FOR UPDATE SKIP LOCKED and a lease, sends them, and records
 * each outcome. A dispatcher that dies mid-batch leaves its claims to expire;
 * they are sent again (at-least-once; receivers deduplicate on webhook-id).
 */
export function createDispatcher(options: DispatcherOptions) {
  const db = options.database.db;
  const clock = options.clock ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = options.concurrency ?? 64;
  // One batch is one wave of concurrent attempts, so a batch takes at most about one attempt's
  // timeout (30 s at most), well inside the lease: claims never expire while their attempts run.
  const batch = options.batch ?? concurrency;
  const disableAfterMs = options.disableAfterMs ?? 5 * DAY_MS;
  let stopped = false;
  let wake: (() => void) | undefined;
  let running: Promise<void> = Promise.resolve();
  let unlisten: (() => Promise<void>) | undefined;

  async function claim(now: Date): Promise<DeliveryRow[]> {
    const due = db
      .select({ orgId: webhookDeliveries.orgId, id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          sql`${webhookDeliveries.status} IN ('pending', 'failed')`,
          sql`${webhookDeliveries.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
          sql`(${webhookDeliveries.claimedUntil} IS NULL OR ${webhookDeliveries.claimedUntil} < ${now.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(batch)
      .for("update", { skipLocked: true });
    return db
      .update(webhookDeliveries)
      .set({ claimedUntil: new Date(now.getTime() + leaseMs) })
      .where(sql`(${webhookDeliveries.orgId}, ${webhookDeliveries.id}) IN ${due}`)
      .returning();
  }

  /** Rows by (org_id, id), with the pairs as two array parameters (however many). */
  async function endpointsOf(rows: DeliveryRow[]): Promise<Map<string, EndpointRow>> {
    const found = await db
      .select()
      .from(webhookEndpoints)
      .where(
        sql`(${webhookEndpoints.orgId}, ${webhookEndpoints.id}) IN (SELECT * FROM unnest(${sql.param(rows.map((r) => r.orgId))}::text[], ${sql.param(rows.map((r) => r.endpointId))}::text[]))`,
      );
    return new Map(found.map((e) => [`${e.orgId}/${e.id}`, e]));
  }

  async function eventsOf(rows: DeliveryRow[]): Promise<Map<string, EventApi>> {
    const real = rows.filter((r) => r.eventType !== PING_TYPE);
    if (real.length === 0) return new Map();
    const found = await db
      .select()
      .from(events)
      .where(
        sql`(${events.orgId}, ${events.id}) IN (SELECT * FROM unnest(${sql.param(real.map((r) => r.orgId))}::text[], ${sql.param(real.map((r) => r.eventId))}::text[]))`,
      );
    return new Map(found.map((e) => [`${e.orgId}/${e.id}`, eventToApi(e)]));
  }

  function payloadOf(delivery: DeliveryRow, endpoint: EndpointRow, event: EventApi | undefined): EventApi | undefined {
    if (delivery.eventType !== PING_TYPE) return event;
    return {
      id: delivery.eventId,
      type: PING_TYPE,
      timestamp: delivery.createdAt.toISOString(),
      api_version: "v1",
      org_id: delivery.orgId,
      data: { object: endpointToApi(endpoint) },
      request: { id: null, idempotency_key: null },
    };
  }

  async function attempt(delivery: DeliveryRow, endpoint: EndpointRow | undefined, event: EventApi | undefined): Promise<void> {
    const now = clock();
    if (!endpoint || endpoint.status !== "enabled") {
      // Parked until the endpoint is enabled again (re-enabling makes them due).
      await db
        .update(webhookDeliveries)
        .set({ claimedUntil: null, nextAttemptAt: null, updatedAt: now })
        .where(and(eq(webhookDeliveries.orgId, delivery.orgId), eq(webhookDeliveries.id, delivery.id)));
      return;
    }
    const payload = payloadOf(delivery, endpoint, event);
    let result: SendResult;
    if (!payload) {
      result = { status: null, body: null, error: "the event no longer exists", blocked: false, retryAfterSeconds: null, durationMs: 0 };
    } else {
      const body = JSON.stringify(payload);
      const secrets = [endpoint.secret];
      if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) secrets.push(endpoint.previousSecret);
      const headers = signatureHeaders(secrets, payload.id, Math.floor(now.getTime() / 1000), body);
      result = await send(endpoint.url, headers, body, endpoint.timeoutMs, options.policy);
    }
    await record(delivery, endpoint, result, now);
  }

  async function record(delivery: DeliveryRow, endpoint: EndpointRow, result: SendResult, now: Date): Promise<void> {
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const attempts = delivery.attemptCount + 1;
    const delay = ok ? null : nextDelaySeconds(endpoint.retrySchedule, attempts, result.status === 429 || result.status === 503 ? result.retryAfterSeconds : null);
    const status = ok ? "succeeded" : delay === null ? "exhausted" : "failed";
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        orgId: delivery.orgId,
        id: newId("webhookAttempt"),
        deliveryId: delivery.id,
        endpointId: endpoint.id,
        attemptedAt: now,
        durationMs: result.durationMs,
        responseStatus: result.status,
        responseBody: result.body,
        error: result.error,
        blocked: result.blocked,
      });
      await tx
        .update(webhookDeliveries)
        .set({
          status,
          attemptCount: attempts,
          lastAttemptAt: now,
          nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay * 1000),
          claimedUntil: null,
          updatedAt: now,
        })
        .where(and(eq(webhookDeliveries.orgId, delivery.orgId), eq(webhookDeliveries.id, delivery.id)));
      if (ok) {
        if (endpoint.failingSince) {
          await tx
            .update(webhookEndpoints)
            .set({ failingSince: null, lastSuccessAt: now })
            .where(and(eq(webhookEndpoints.orgId, endpoint.orgId), eq(webhookEndpoints.id, endpoint.id)));
        }
        return;
      }
      const failingSince = endpoint.failingSince ?? now;
      const gone = result.status === 410;
      const tooLong = now.getTime() - failingSince.getTime() >= disableAfterMs;
      const [after] = await tx
        .update(webhookEndpoints)
        .set(gone || tooLong ? { status: "disabled", disabledReason: gone ? "gone" : "failing", failingSince, updatedAt: now } : { failingSince })
        .where(and(eq(webhookEndpoints.orgId, endpoint.orgId), eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.status, "enabled")))
        .returning();
      if (after && after.status === "disabled") {
        await insertEvents(tx, { orgId: endpoint.orgId, requestId: null, idempotencyKey: null, now }, [
          { type: "webhook_endpoint.disabled", object: endpointToApi(after) },
        ]);
      }
    });
  }

  /** One round: claims a batch and sends it. Returns how many deliveries it handled. */
  async function runOnce(): Promise<number> {
    const claimed = await claim(clock());
    if (claimed.length === 0) return 0;
    const [endpoints, eventMap] = await Promise.all([endpointsOf(claimed), eventsOf(claimed)]);
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const delivery = claimed[next++]!;
        try {
          await attempt(delivery, endpoints.get(`${delivery.orgId}/${delivery.endpointId}`), eventMap.get(`${delivery.orgId}/${delivery.eventId}`));
        } catch (error) {
          options.log.error({ err: error, delivery: delivery.id }, "webhook attempt could not be recorded");
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    return claimed.length;
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      let handled = 0;
      try {
        handled = await runOnce();
      } catch (error) {
        options.log.error({ err: error }, "webhook dispatcher round failed");
      }
      if (handled >= batch || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs ?? 1000);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    runOnce,
    async start(): Promise<void> {
      unlisten = await options.database.listen(DELIVERIES_CHANNEL, () => wake?.(), () => wake?.());
      running = loop();
    },
    async stop(): Promise<void> {
      stopped = true;
      wake?.();
      await running;
      await unlisten?.();
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
