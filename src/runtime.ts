import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { SecretBox } from "./functions/secrets.ts";
import { createTriggerDispatcher, type TriggerDispatcher } from "./functions/trigger-dispatcher.ts";
import type { Api } from "./platform/http.ts";
import { createDispatcher, type Dispatcher } from "./webhooks/dispatcher.ts";
import type { SsrfPolicy } from "./webhooks/ssrf.ts";
import type { Config } from "./config.ts";
import { logSerializers } from "./platform/logging.ts";
import type { Database } from "./db/connection.ts";
import type { RateLimitStore } from "./platform/rate-limit/gcra.ts";
import { memoryRateLimitStore } from "./platform/rate-limit/memory-store.ts";
import { redisRateLimitStore } from "./platform/rate-limit/redis-store.ts";

export function rateLimitStore(config: Config, log: FastifyBaseLogger): RateLimitStore {
  return config.redisUrl ? redisRateLimitStore(config.redisUrl, undefined, { log }) : memoryRateLimitStore();
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
  if (config.databaseUrl) log.warn({ file: config.functionSecretsKeyFile }, "FUNCTION_SECRETS_KEY is not set: function secrets are sealed with a key file on this machine; set the variable on every server that shares the database");
  return SecretBox.fromFile(config.functionSecretsKeyFile);
}

/** Event-triggered functions run by this process, or null when FUNCTION_TRIGGERS=false. */
export function triggerDispatcherFor(config: Config, database: Database, app: Api, log: FastifyBaseLogger): TriggerDispatcher | null {
  if (!config.functionTriggers) return null;
  return createTriggerDispatcher({ database, invoker: app.functionInvoker, log });
}

/** The webhook dispatcher for this process, or null when WEBHOOK_DISPATCHER=false. */
export function dispatcherFor(config: Config, database: Database, log: FastifyBaseLogger): Dispatcher | null {
  if (!config.webhookDispatcher) return null;
  return createDispatcher({
    database,
    policy: webhookPolicy(config),
    log,
    disableAfterMs: config.webhookDisableAfterDays * 86_400_000,
    leaseMs: config.webhookLeaseMs,
  });
}
