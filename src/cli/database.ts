import type { Config } from "../config.ts";
import { openDatabase, type Database, type DatabaseTarget } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { wireSubscribers } from "../platform/events/outbox.ts";
import { featureSubscribers } from "../subscribers.ts";

/*
 * Apart from server-wiring.ts (the server's wiring: logger, Redis, webhooks,
 * functions) so that the admin commands load none of that.
 */

interface TargetOptions {
  /** The read replica, for the API server only (workers and the CLI write). */
  replica?: boolean;
  /** The process runs one command and exits (the admin commands): the embedded database starts for that. */
  shortLived?: boolean;
}

/** The configured database. */
export function databaseTarget(config: Config, options: TargetOptions = {}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize, readUrl: options.replica ? config.databaseReadUrl : null }
    : { kind: "pglite", dataDir: config.dataDir, shortLived: options.shortLived };
}

/**
 * Opens the configured database and brings its schema up to date. Every
 * command that writes opens it here, so this is where the features that owe
 * work for events (webhooks, function triggers) are wired to it.
 */
export async function openMigrated(config: Config, options: TargetOptions = {}): Promise<Database> {
  const database = await openDatabase(databaseTarget(config, options));
  try {
    await migrate(database);
    wireSubscribers(database.db, featureSubscribers);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
