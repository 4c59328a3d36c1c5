import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { createDispatcher, type Dispatcher } from "./webhooks/dispatcher.ts";
import type { SsrfPolicy } from "./webhooks/ssrf.ts";
import type { Config } from "./config.ts";
import { openDatabase, type Database, type DatabaseTarget } from "./db/connection.ts";
import { migrate } from "./db/migrate.ts";
import type { RateLimitStore } from "./platform/rate-limit/gcra.ts";
import { memoryRateLimitStore } from "./platform/rate-limit/memory-store.ts";
import { redisRateLimitStore } from "./platform/rate-limit/redis-store.ts";

export function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: "pglite", dataDir: config.dataDir };
}

/** Opens the configured database and brings its schema up to date. */
export async function openMigrated(config: Config): Promise<Database> {
  const database = await openDatabase(databaseTarget(config));
  try {
    await migrate(database);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

export function rateLimitStore(config: Config): RateLimitStore {
  return config.redisUrl ? redisRateLimitStore(config.redisUrl) : memoryRateLimitStore();
}

export function logger(config: Config) {
  return pino({ level: config.logLevel, base: { pid: process.pid } });
}

export function webhookPolicy(config: Config): SsrfPolicy {
  return { allowedNetworks: config.webhookAllowPrivateNetworks, allowHttp: config.webhookAllowHttp };
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
