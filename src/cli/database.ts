import type { Config } from "../config.ts";
import { openDatabase, type Database, type DatabaseTarget } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { subscribeFeatures } from "../subscribers.ts";

/*
 * Apart from runtime.ts (the server's wiring: logger, Redis, webhooks,
 * functions) so that the admin commands load none of that.
 */

/** The configured database; with the read replica only for the API server (workers and the CLI write). */
export function databaseTarget(config: Config, options: { replica?: boolean } = {}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize, readUrl: options.replica ? config.databaseReadUrl : null }
    : { kind: "pglite", dataDir: config.dataDir };
}

/**
 * Opens the configured database and brings its schema up to date. Every
 * command that writes opens it here, so this is where the features that owe
 * work for events (webhooks, function triggers) subscribe to the outbox.
 */
export async function openMigrated(config: Config, options: { replica?: boolean } = {}): Promise<Database> {
  subscribeFeatures();
  const database = await openDatabase(databaseTarget(config, options));
  try {
    await migrate(database);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
