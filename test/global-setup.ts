import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { Database, Db } from "../src/db/connection.ts";
import { migrate } from "../src/db/migrate.ts";
import { build, distIsFresh } from "../scripts/build.mjs";

/**
 * Booting a fresh PGlite (initdb) and migrating it costs seconds per test
 * file. It is done once per run here; each file then starts its own database
 * from this migrated image.
 */
/** The SDK's tests use it as users do, built (sdks/typescript/dist); built here when its sources are newer. */
function buildSdk(): void {
  const root = path.resolve(import.meta.dirname, "../sdks/typescript");
  const built = path.join(root, "dist/index.js");
  const newest = Math.max(...fs.readdirSync(path.join(root, "src")).map((f) => fs.statSync(path.join(root, "src", f)).mtimeMs));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newest) return;
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, "../node_modules/typescript/bin/tsc"), "-p", path.join(root, "tsconfig.json")], { stdio: "inherit" });
}

/** Said when the run starts and again when it ends, so it is not lost above the results. */
const POSTGRES_SKIPPED = [
  "PostgreSQL half skipped: TEST_DATABASE_URL is not set, so the suite ran on the embedded database (PGlite) only.",
  "To run it on PostgreSQL too (and the Redis tests): TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm test",
].join("\n");

export default async function setup(): Promise<() => void> {
  if (!process.env.TEST_DATABASE_URL) process.stderr.write(`${POSTGRES_SKIPPED}\n`);
  buildSdk();
  // Tests that run bin/enginery run what production runs: the compiled dist/, rebuilt here when src/ is newer.
  if (!distIsFresh()) await build();
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
  return () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    if (!process.env.TEST_DATABASE_URL) process.stderr.write(`\n${POSTGRES_SKIPPED}\n`);
  };
}
