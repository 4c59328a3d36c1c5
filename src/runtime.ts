import pino from "pino";
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
