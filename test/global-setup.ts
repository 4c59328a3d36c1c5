import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { Database, Db } from "../src/db/connection.ts";
import { migrate } from "../src/db/migrate.ts";

/**
 * Booting a fresh PGlite (initdb) and migrating it costs seconds per test
 * file. It is done once per run here; each file then starts its own database
 * from this migrated image.
 */
export default async function setup(): Promise<() => void> {
  const client = new PGlite();
  await client.waitReady;
  const database: Database = {
    kind: "pglite",
    db: drizzle({ client }) as unknown as Db,
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
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
