import { randomBytes } from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";
import { openDatabase, type Database } from "../../src/db/connection.ts";
import { migrate } from "../../src/db/migrate.ts";
import { wireSubscribers } from "../../src/platform/events/outbox.ts";
import { featureSubscribers } from "../../src/subscribers.ts";

/**
 * Each test file gets a database of its own, so files run in parallel and a
 * scheduler tick in one never touches another's rows. The same suite runs on
 * PGlite (in memory) and, when TEST_DATABASE_URL is set, on PostgreSQL, where
 * each file creates and later drops a database of its own.
 */
export type DbKind = "pglite" | "postgres";

export function testDbKind(): DbKind {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

export interface TestDatabase {
  database: Database;
  /** postgres:// URL of this file's database (PostgreSQL only), for child processes. */
  url: string | null;
  drop(): Promise<void>;
}

/**
 * A migrated database, wired to the features that owe work for events as the
 * CLI's openMigrated wires the real one; `wired: false` leaves it as a
 * composition point that forgot would.
 */
export async function createTestDatabase(options: { wired?: boolean } = {}): Promise<TestDatabase> {
  const testDb = await openTestDatabase();
  if (options.wired ?? true) wireSubscribers(testDb.database.db, featureSubscribers);
  return testDb;
}

async function openTestDatabase(): Promise<TestDatabase> {
  if (testDbKind() === "pglite") {
    // test/global-setup.ts leaves a migrated image; without it (a file run alone by hand), start empty.
    const imagePath = process.env.ENGINERY_TEST_PGLITE_IMAGE;
    const image = imagePath && fs.existsSync(imagePath) ? new Blob([fs.readFileSync(imagePath)]) : undefined;
    const database = await openDatabase({ kind: "pglite-memory", image });
    await migrate(database);
    return { database, url: null, drop: () => database.close() };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `enginery_test_${randomBytes(6).toString("hex")}`;
  // test/global-setup.ts leaves a migrated template; without it (a file run alone by hand), start empty.
  const template = process.env.ENGINERY_TEST_PG_TEMPLATE;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 5 });
  await migrate(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = postgres(base, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
