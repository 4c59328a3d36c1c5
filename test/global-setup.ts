import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import type { Database, Db } from "../src/db/connection.ts";
import { openDatabase } from "../src/db/connection.ts";
import { migrate } from "../src/db/migrate.ts";
import { build, distIsFresh } from "../scripts/build.mjs";
import { PGLITE_ONLY, POSTGRES_ONLY } from "../vitest.config.ts";

/**
 * Vitest runs this once for the root project and once per project (database). Booting a fresh PGlite (initdb) and
 * migrating it, or migrating a new PostgreSQL database, costs each test file
 * time; it is done once here, and each file then starts its own database from
 * the migrated image (PGlite) or template database (PostgreSQL).
 */
/** The SDK's tests use it as users do, built (sdks/typescript/dist); built here when its sources are newer. */
function buildSdk(): void {
  const root = path.resolve(import.meta.dirname, "../sdks/typescript");
  const built = path.join(root, "dist/index.js");
  const newest = Math.max(...fs.readdirSync(path.join(root, "src")).map((f) => fs.statSync(path.join(root, "src", f)).mtimeMs));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newest) return;
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, "../node_modules/typescript/bin/tsc"), "-p", path.join(root, "tsconfig.json")], {
    stdio: "inherit",
  });
}

/** Said when the run starts and again when it ends, so it is not lost above the results. */
const POSTGRES_SKIPPED = [
  "PostgreSQL half skipped: TEST_DATABASE_URL is not set, so the suite ran on the embedded database (PGlite) only.",
  "To run it on PostgreSQL too (and the Redis tests): TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm test",
].join("\n");

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildSdk();
  // Tests that run bin/enginery run what production runs: the compiled dist/, rebuilt here when src/ is newer.
  if (!distIsFresh()) await build();
  if (project.name === "postgres") {
    process.stderr.write(`PostgreSQL only (${POSTGRES_ONLY.length} files, several processes on one server): ${POSTGRES_ONLY.join(" ")}\n`);
    return postgresTemplate();
  }
  // The root project runs no files of its own.
  if (project.name !== "pglite") return async () => {};
  if (!process.env.TEST_DATABASE_URL) process.stderr.write(`${POSTGRES_SKIPPED}\n`);
  process.stderr.write(`PGlite only (${PGLITE_ONLY.length} files, independent of the database): ${PGLITE_ONLY.join(" ")}\n`);
  const client = new PGlite();
  await client.waitReady;
  const database: Database = {
    kind: "pglite",
    db: drizzle({ client }) as unknown as Db,
    replica: null,
    poolUse: async () => ({ max: 1, byState: {} }),
    exec: async (text) => void (await client.exec(text)),
    listen: async () => async () => {},
    close: () => client.close(),
  };
  await migrate(database);
  const image = await client.dumpDataDir("none");
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "enginery-test-")), "pglite-migrated.tar");
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  process.env.ENGINERY_TEST_PGLITE_IMAGE = file;
  return async () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    if (!process.env.TEST_DATABASE_URL) process.stderr.write(`\n${POSTGRES_SKIPPED}\n`);
  };
}

/**
 * A migrated database each test file's database is created from (CREATE
 * DATABASE ... TEMPLATE copies it: cheaper than running every migration per
 * file). Named like the files' databases so .ci/run's cleanup finds one an
 * interrupted run left behind; random, so runs on one server do not share it.
 */
async function postgresTemplate(): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("the postgres project needs TEST_DATABASE_URL");
  const name = `enginery_test_template_${randomBytes(6).toString("hex")}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
  await migrate(database);
  // A template with a connection open cannot be copied.
  await database.close();
  process.env.ENGINERY_TEST_PG_TEMPLATE = name;
  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
