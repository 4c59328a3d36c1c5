import type { Config } from "../config.ts";
import { openDatabase, type Database, type DatabaseTarget } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";

/*
 * Apart from runtime.ts (the server's wiring: logger, Redis, webhooks,
 * functions) so that the admin commands load none of that.
 */

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
