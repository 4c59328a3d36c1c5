import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { SecretBox } from "../functions/secrets.ts";
import { createTriggerDispatcher, type TriggerDispatcher } from "../functions/trigger-dispatcher.ts";
import type { Api } from "../platform/http.ts";
import { createDispatcher, type Dispatcher } from "../webhooks/dispatcher.ts";
import type { SsrfPolicy } from "../webhooks/ssrf.ts";
import type { Config } from "../config.ts";
import { logSerializers } from "../platform/logging.ts";
import type { Database } from "../db/connection.ts";
import type { RateLimitStore } from "../platform/rate-limit/gcra.ts";
import { memoryRateLimitStore } from "../platform/rate-limit/memory-store.ts";
import { redisRateLimitStore } from "../platform/rate-limit/redis-store.ts";
import { createMetrics, type Metrics } from "../platform/metrics.ts";
import { startMetricsServer } from "../platform/metrics-routes.ts";
import { queueDepth } from "../platform/work-loop.ts";
import { functionRuns } from "../functions/functions-table.ts";
import { webhookDeliveries } from "../webhooks/webhooks-table.ts";

/*
 * The serve and worker commands' process wiring, from the config: logger,
 * rate-limit store, the functions' secret box, the queue dispatchers,
 * metrics and the shutdown deadline (the sandbox's own runtime is
 * functions/runtime/).
 */

export function rateLimitStore(config: Config, log: FastifyBaseLogger): RateLimitStore {
  return config.redisUrl ? redisRateLimitStore(config.redisUrl, undefined, { log, commandTimeoutMs: config.redisTimeoutMs }) : memoryRateLimitStore();
}

export function logger(config: Config) {
  return pino({ level: config.logLevel, base: { pid: process.pid }, serializers: logSerializers });
}

export function webhookPolicy(config: Config): SsrfPolicy {
  return { allowedNetworks: config.webhookAllowPrivateNetworks, allowHttp: config.webhookAllowHttp };
}

/**
 * The key that seals edge-function secrets: FUNCTION_SECRETS_KEY, or else a
 * key file made beside the embedded database on first start (zero
 * configuration). Servers sharing PostgreSQL must share the variable; with
 * DATABASE_URL and no variable, the file still works for one machine, and a
 * warning says so.
 */
export function secretBox(config: Config, log: FastifyBaseLogger): SecretBox {
  if (config.functionSecretsKey) return SecretBox.fromBase64(config.functionSecretsKey);
  if (config.databaseUrl)
    log.warn(
      { file: config.functionSecretsKeyFile },
      "FUNCTION_SECRETS_KEY is not set: function secrets are sealed with a key file on this machine; set the variable on every server that shares the database",
    );
  return SecretBox.fromFile(config.functionSecretsKeyFile);
}

/** Event-triggered functions run by this process, or null when FUNCTION_TRIGGERS=false. */
export function triggerDispatcherFor(config: Config, database: Database, app: Api, log: FastifyBaseLogger): TriggerDispatcher | null {
  if (!config.functionTriggers) return null;
  return createTriggerDispatcher({ database, invoker: app.functionInvoker, log });
}

/** The webhook dispatcher for this process, or null when WEBHOOK_DISPATCHER=false. */
export function dispatcherFor(config: Config, database: Database, log: FastifyBaseLogger, metrics?: Metrics): Dispatcher | null {
  if (!config.webhookDispatcher) return null;
  return createDispatcher({
    database,
    metrics,
    policy: webhookPolicy(config),
    log,
    disableAfterMs: config.webhookDisableAfterDays * 86_400_000,
    leaseMs: config.webhookLeaseMs,
  });
}

/** This process's metrics, with the gauges read at scrape time (queues, connections, replica lag). */
export function processMetrics(role: "api" | "worker", database: Database): Metrics {
  const metrics = createMetrics(role, { replica: database.replica !== null });
  metrics.sources.queues = async () => {
    const now = new Date();
    const [deliveries, runs] = await Promise.all([queueDepth(database.db, webhookDeliveries, now), queueDepth(database.db, functionRuns, now)]);
    return [
      { queue: "webhook_deliveries", ...deliveries },
      { queue: "function_runs", ...runs },
    ];
  };
  metrics.sources.pool = () => database.poolUse();
  metrics.sources.replicaLagSeconds = () => {
    const lag = database.replica?.lagSeconds();
    // Unmeasurable (replica down): a large finite number, which Prometheus alerts can compare.
    return lag === undefined ? null : Number.isFinite(lag) ? lag : 1e9;
  };
  return metrics;
}

/** The METRICS_PORT listener, when configured; prints its address (operators and tests read it). */
export async function metricsListener(config: Config, metrics: Metrics): Promise<{ close(): Promise<void> } | null> {
  if (config.metricsPort === null) return null;
  const listener = await startMetricsServer(metrics, { port: config.metricsPort, host: config.host, token: config.metricsToken });
  process.stdout.write(`Metrics: http://localhost:${listener.port}/metrics${config.metricsToken ? " (bearer METRICS_TOKEN)" : ""}\n`);
  return listener;
}

/**
 * Runs the shutdown steps against one deadline (SHUTDOWN_TIMEOUT_MS from the
 * signal). Returns whether everything finished in time; steps still running
 * at the deadline are abandoned (queue claims were released by then).
 */
export async function withinDeadline(deadline: number, steps: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))));
  const finished = await Promise.race([steps.then(() => true), late]);
  clearTimeout(timer);
  return finished;
}
