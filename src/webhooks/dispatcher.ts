import { and, eq, sql } from "drizzle-orm";
import http from "node:http";
import https from "node:https";
import type { Database, Tx } from "../db/connection.ts";
import { eventsByRef, type EventApi } from "../platform/events/events-service.ts";
import { insertEvents } from "../platform/events/outbox.ts";
import { newId } from "../platform/ids.ts";
import { claimDue, createWorkLoop, DEFAULT_LEASE_MS, releaseClaims, renewClaims } from "../platform/work-loop.ts";
import type { MetricsRecorder } from "../platform/metrics.ts";
import { accessOf } from "../platform/auth/access.ts";
import type { Permission } from "../platform/auth/permissions.ts";
import { readPermissionsOf } from "../platform/events/catalog.ts";
import { grantPermissions } from "../oauth/access-tokens.ts";
import { endpointToApi } from "./endpoints-service.ts";
import { DELIVERIES_CHANNEL } from "./deliveries-fanout.ts";
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
  metrics?: Pick<MetricsRecorder, "webhookAttempt">;
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
 * Delivers committed deliveries (the loop is createWorkLoop's). Any number of dispatchers may run (in the
 * server and in `enginery worker` processes): each claims a batch of due
 * deliveries with FOR UPDATE SKIP LOCKED and a lease, sends them, and records
 * each outcome, renewing its lease while the batch runs. A dispatcher that dies mid-batch leaves its claims to expire;
 * they are sent again (at-least-once; receivers deduplicate on webhook-id).
 */
export function createDispatcher(options: DispatcherOptions) {
  const db = options.database.db;
  const clock = options.clock ?? (() => new Date());
  // Short, because the loop's heartbeat renews it while attempts run: a dead dispatcher's claims are retaken in seconds.
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const concurrency = options.concurrency ?? 256;
  // One batch is one wave of concurrent attempts; the heartbeat keeps its claims while they run.
  const batch = options.batch ?? concurrency;
  const disableAfterMs = options.disableAfterMs ?? 5 * DAY_MS;
  // Connections to receivers are kept alive between deliveries (each was checked by the SSRF guard when it opened).
  const agents = { http: new http.Agent({ keepAlive: true, maxSockets: concurrency }), https: new https.Agent({ keepAlive: true, maxSockets: concurrency }) };

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

  const eventsOf = (rows: DeliveryRow[]) =>
    eventsByRef(
      db,
      rows.filter((r) => r.eventType !== PING_TYPE),
    );

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

  interface Outcome {
    delivery: DeliveryRow;
    endpoint: EndpointRow;
    result: SendResult;
    at: Date;
    /** Not sent, and never will be: the endpoint's owner may no longer read the event. */
    withheld?: boolean;
  }

  /**
   * An OAuth app's endpoint is delivered only what its grant reads now (the
   * app may have dropped a scope, the consenting member changed role): the
   * same access decision as the app's own requests. The organization's
   * endpoints were checked when made, against permissions that do not change.
   */
  function withheldReason(delivery: DeliveryRow, endpoint: EndpointRow, grants: Map<string, ReadonlySet<Permission>>): string | undefined {
    if (!endpoint.oauthGrantId || delivery.eventType === PING_TYPE) return undefined;
    const permissions = grants.get(endpoint.oauthGrantId) ?? new Set<Permission>();
    if (accessOf(permissions).mayReadEvent(delivery.eventType)) return undefined;
    const needs = readPermissionsOf(delivery.eventType);
    return `withheld: the OAuth grant ${endpoint.oauthGrantId} that owns this endpoint no longer reads ${delivery.eventType} (needs ${needs.join(", ")})`;
  }

  /** Sends one delivery; undefined when its endpoint is off (the delivery is parked instead). */
  async function attempt(
    delivery: DeliveryRow,
    endpoint: EndpointRow | undefined,
    event: EventApi | undefined,
    grants: Map<string, ReadonlySet<Permission>>,
  ): Promise<Outcome | undefined> {
    const at = clock();
    if (endpoint?.status !== "enabled") {
      // Parked until the endpoint is enabled again (re-enabling makes them due).
      await db
        .update(webhookDeliveries)
        .set({ claimedUntil: null, nextAttemptAt: null, updatedAt: at })
        .where(and(eq(webhookDeliveries.orgId, delivery.orgId), eq(webhookDeliveries.id, delivery.id)));
      return undefined;
    }
    const withheld = withheldReason(delivery, endpoint, grants);
    if (withheld)
      return {
        delivery,
        endpoint,
        at,
        withheld: true,
        result: { status: null, body: null, error: withheld, blocked: false, retryAfterSeconds: null, durationMs: 0 },
      };
    const payload = payloadOf(delivery, endpoint, event);
    if (!payload) {
      return {
        delivery,
        endpoint,
        at,
        result: { status: null, body: null, error: "the event no longer exists", blocked: false, retryAfterSeconds: null, durationMs: 0 },
      };
    }
    const body = JSON.stringify(payload);
    const secrets = [endpoint.secret];
    if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at) secrets.push(endpoint.previousSecret);
    const headers = signatureHeaders(secrets, payload.id, Math.floor(at.getTime() / 1000), body);
    return { delivery, endpoint, at, result: await send(endpoint.url, headers, body, endpoint.timeoutMs, options.policy, agents) };
  }

  /**
   * Records a wave of outcomes in one transaction: the attempts, the
   * deliveries' new states (one UPDATE from arrays), and per endpoint its
   * success or failure streak, disabling it on 410 or after `disableAfterMs`
   * without success (with webhook_endpoint.disabled).
   */
  async function record(outcomes: Outcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const now = clock();
    const states = outcomes.map(({ delivery, endpoint, result, at, withheld }) => {
      const ok = result.status !== null && result.status >= 200 && result.status < 300;
      const attempts = delivery.attemptCount + 1;
      const throttled = result.status === 429 || result.status === 503;
      const delay = ok || withheld ? null : nextDelaySeconds(endpoint.retrySchedule, attempts, throttled ? result.retryAfterSeconds : null);
      const status: "succeeded" | "exhausted" | "failed" = ok ? "succeeded" : delay === null ? "exhausted" : "failed";
      return { delivery, endpoint, result, at, ok, withheld, attempts, status, next: delay === null ? null : new Date(at.getTime() + delay * 1000) };
    });
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values(
        states.map(({ delivery, endpoint, result, at }) => ({
          orgId: delivery.orgId,
          id: newId("webhookAttempt"),
          deliveryId: delivery.id,
          endpointId: endpoint.id,
          attemptedAt: at,
          durationMs: result.durationMs,
          responseStatus: result.status,
          responseBody: result.body,
          error: result.error,
          blocked: result.blocked,
        })),
      );
      // Timestamps travel as text[]: the PostgreSQL driver has no encoder for a timestamptz[] parameter.
      const column = <T>(pick: (s: (typeof states)[number]) => T) => sql.param(states.map(pick));
      await tx.execute(sql`
        UPDATE ${webhookDeliveries} AS d
        SET status = v.status, attempt_count = v.attempts, last_attempt_at = v.at, next_attempt_at = v.next,
            claimed_until = NULL, updated_at = ${now.toISOString()}::timestamptz
        FROM unnest(${column((s) => s.delivery.orgId)}::text[], ${column((s) => s.delivery.id)}::text[], ${column((s) => s.status)}::text[],
                    ${column((s) => s.attempts)}::int[], ${column((s) => s.at.toISOString())}::text[]::timestamptz[],
                    ${column((s) => s.next?.toISOString() ?? null)}::text[]::timestamptz[]) AS v(org_id, id, status, attempts, at, next)
        WHERE d.org_id = v.org_id AND d.id = v.id`);
      const byEndpoint = new Map<string, (typeof states)[number][]>();
      // A withheld delivery says nothing about the receiver's health.
      for (const state of states.filter((s) => !s.withheld)) {
        const key = `${state.endpoint.orgId}/${state.endpoint.id}`;
        byEndpoint.set(key, [...(byEndpoint.get(key) ?? []), state]);
      }
      for (const group of byEndpoint.values()) await recordStreak(tx, group[0]!.endpoint, group, now);
    });
    // Counted once recorded, so a scrape never sees an attempt whose delivery still looks untried.
    for (const { status, result, at, delivery } of states) {
      options.metrics?.webhookAttempt(status, result.durationMs / 1000, (at.getTime() + result.durationMs - delivery.createdAt.getTime()) / 1000);
    }
  }

  async function recordStreak(tx: Tx, endpoint: EndpointRow, group: { ok: boolean; result: SendResult; at: Date }[], now: Date): Promise<void> {
    const last = group.at(-1)!;
    const where = and(eq(webhookEndpoints.orgId, endpoint.orgId), eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.status, "enabled"));
    if (group.some((g) => g.ok) && !group.some((g) => g.result.status === 410)) {
      // last_success_at moves at most once a minute: concurrent waves would otherwise queue on the endpoint's row.
      const stale = !endpoint.lastSuccessAt || now.getTime() - endpoint.lastSuccessAt.getTime() > 60_000;
      if (endpoint.failingSince || !last.ok || stale) {
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: last.ok ? null : now, lastSuccessAt: now })
          .where(where);
      }
      return;
    }
    const failingSince = endpoint.failingSince ?? group[0]!.at;
    const gone = group.some((g) => g.result.status === 410);
    const tooLong = now.getTime() - failingSince.getTime() >= disableAfterMs;
    if (!gone && !tooLong && endpoint.failingSince) return;
    const [after] = await tx
      .update(webhookEndpoints)
      .set(gone || tooLong ? { status: "disabled", disabledReason: gone ? "gone" : "failing", failingSince, updatedAt: now } : { failingSince })
      .where(where)
      .returning();
    if (after?.status === "disabled") {
      await insertEvents(db, tx, { orgId: endpoint.orgId, requestId: null, idempotencyKey: null, now }, [
        { type: "webhook_endpoint.disabled", object: endpointToApi(after) },
      ]);
    }
  }

  /** Sends a claimed batch as one wave of attempts and records their outcomes. */
  async function deliver(claimed: DeliveryRow[]): Promise<void> {
    const [endpoints, eventMap] = await Promise.all([endpointsOf(claimed), eventsOf(claimed)]);
    const grants = await grantPermissions(
      db,
      [...endpoints.values()].flatMap((e) => (e.oauthGrantId ? [e.oauthGrantId] : [])),
    );
    const outcomes = await Promise.all(
      claimed.map((delivery) =>
        attempt(delivery, endpoints.get(`${delivery.orgId}/${delivery.endpointId}`), eventMap.get(`${delivery.orgId}/${delivery.eventId}`), grants).catch(
          (error) => {
            options.log.error({ err: error, delivery: delivery.id }, "webhook attempt failed to run");
            return undefined;
          },
        ),
      ),
    );
    await record(outcomes.filter((o): o is Outcome => o !== undefined));
  }

  const loop = createWorkLoop({
    database: options.database,
    channel: DELIVERIES_CHANNEL,
    claim: () => claimDue(db, webhookDeliveries, clock(), leaseMs, batch),
    renew: (rows) => renewClaims(db, webhookDeliveries, rows, clock(), leaseMs),
    renewEveryMs: leaseMs / 3,
    release: (rows) => releaseClaims(db, webhookDeliveries, rows, DELIVERIES_CHANNEL),
    handle: deliver,
    batch,
    pollMs: options.pollMs,
    log: options.log,
    name: "webhook dispatcher",
  });

  return {
    runOnce: loop.runOnce,
    start: loop.start,
    /** See createWorkLoop's stop: attempts still running at `deadline` have their claims released. */
    async stop(deadline?: number): Promise<void> {
      await loop.stop(deadline);
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
