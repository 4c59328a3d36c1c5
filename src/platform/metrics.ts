import { timingSafeEqual } from "node:crypto";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Prometheus metrics of one process (API server or worker). One registry per
 * call, no globals: tests build several apps in one process. prom-client is
 * the maintained reference client for Node (engines: Node 16, 18, >= 20) and
 * brings the process and runtime metrics (CPU, memory, GC, event-loop lag
 * from perf_hooks.monitorEventLoopDelay) an operator expects beside ours.
 *
 * Gauges that need a query (queue depth, database connections) are read when
 * scraped, through `sources` a process registers once it has them.
 */
export interface MetricsSources {
  /** Due and retrying work per queue (webhook deliveries, function runs). */
  queues?: () => Promise<{ queue: string; depth: number; oldestDueSeconds: number }[]>;
  /** This process's database connections by state, as the server sees them. */
  pool?: () => Promise<{ max: number; byState: Record<string, number> }>;
  /** The read replica's lag behind the primary, in seconds; null: no replica configured. */
  replicaLagSeconds?: () => number | null;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const DELIVERY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600];

export function createMetrics(role: "api" | "worker", options: { replica?: boolean } = {}) {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const sources: MetricsSources = {};
  // Two gauges read each source, concurrently, in one scrape: one query serves both.
  const queues = shared(() => sources.queues?.() ?? Promise.resolve([]));
  const pool = shared(() => sources.pool?.() ?? Promise.resolve(undefined));

  const requests = new Counter({
    name: "enginery_http_requests_total",
    help: "HTTP requests answered, by route pattern and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "enginery_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern and status",
    labelNames: ["method", "route", "status"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: "enginery_rate_limit_refusals_total",
    help: "Requests refused with 429 by the per-key rate limit, by plan",
    labelNames: ["plan"],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: "enginery_webhook_attempts_total",
    help: "Webhook delivery attempts by outcome (succeeded, failed: retried later, exhausted: no retry left)",
    labelNames: ["outcome"],
    registers: [registry],
  });
  const attemptSeconds = new Histogram({
    name: "enginery_webhook_attempt_duration_seconds",
    help: "Duration of one webhook attempt (connect to answer)",
    labelNames: ["outcome"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const deliveryLag = new Histogram({
    name: "enginery_webhook_delivery_lag_seconds",
    help: "From the event's commit to its successful delivery (retries included)",
    buckets: DELIVERY_BUCKETS,
    registers: [registry],
  });
  const invocations = new Counter({
    name: "enginery_function_invocations_total",
    help: "Edge-function invocations by trigger and outcome",
    labelNames: ["trigger", "outcome"],
    registers: [registry],
  });

  new Gauge({
    name: "enginery_queue_depth",
    help: "Work waiting or retrying: due now or later, not yet done",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      for (const q of await queues()) this.set({ queue: q.queue }, q.depth);
    },
  });
  new Gauge({
    name: "enginery_queue_oldest_due_seconds",
    help: "How long the oldest due item of each queue has waited (0 when none is due)",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      for (const q of await queues()) this.set({ queue: q.queue }, q.oldestDueSeconds);
    },
  });
  new Gauge({
    name: "enginery_db_pool_connections",
    help: "This process's database connections by state (active, idle, idle in transaction), as pg_stat_activity reports them: the pool and one LISTEN connection",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const found = await pool();
      if (!found) return;
      this.reset();
      for (const [state, count] of Object.entries(found.byState)) this.set({ state }, count);
    },
  });
  new Gauge({
    name: "enginery_db_pool_max",
    help: "The most database connections this process opens (DATABASE_POOL_SIZE)",
    registers: [registry],
    async collect() {
      const found = await pool();
      if (found) this.set(found.max);
    },
  });
  // Only with a replica: a 0 from a process that has none would read as a healthy one.
  if (options.replica) {
    new Gauge({
      name: "enginery_db_replica_lag_seconds",
      help: "How far the read replica trails the primary (reads go to the primary while it trails more than the pin window)",
      registers: [registry],
      collect() {
        const lag = sources.replicaLagSeconds?.();
        if (lag !== null && lag !== undefined) this.set(lag);
      },
    });
  }

  return {
    registry,
    sources,
    request(method: string, route: string, status: number, seconds: number): void {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    rateLimited(plan: string): void {
      refusals.inc({ plan });
    },
    webhookAttempt(outcome: "succeeded" | "failed" | "exhausted", seconds: number, sinceEventSeconds: number): void {
      deliveries.inc({ outcome });
      attemptSeconds.observe({ outcome }, seconds);
      if (outcome === "succeeded") deliveryLag.observe(Math.max(0, sinceEventSeconds));
    },
    functionInvocation(trigger: string, outcome: string): void {
      invocations.inc({ trigger, outcome });
    },
    /** The text exposition format Prometheus scrapes. */
    async exposition(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** Calls made while one is under way share its answer. */
function shared<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().finally(() => setTimeout(() => (pending = null), 50).unref());
    return pending;
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The narrow part queues and the invoker record into, so a test or a process without metrics passes nothing. */
export type MetricsRecorder = Pick<Metrics, "webhookAttempt" | "functionInvocation">;

/** Whether an Authorization header carries the metrics token (constant time). */
export function metricsAuthorized(header: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice(7) : "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
