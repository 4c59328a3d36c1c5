import fs from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import postgres from "postgres";
import * as schema from "./schema.ts";
import { acquireEmbeddedLock } from "./embedded-lock.ts";

export type Schema = typeof schema;
/** The query builder, for both drivers. A transaction is one too, so services take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Runs SQL text that may hold several statements and no parameters (migrations, bench loads). */
  exec(sqlText: string): Promise<void>;
  /**
   * Subscribes to NOTIFY on a channel. `onReconnect` runs when the listening
   * connection was re-established, since notifications may have been missed.
   * Returns the unsubscribe function.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string }
  /** A throwaway in-memory PGlite, for tests; `image` is a data directory dump to start from. */
  | { kind: "pglite-memory"; image?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") return openPostgres(target.url, target.poolSize ?? 10);
  // Loaded only here: a process on PostgreSQL (a CLI command, say) does not pay for the embedded engine.
  const { PGlite } = await import("@electric-sql/pglite");
  if (target.kind === "pglite-memory") {
    const client = new PGlite(target.image ? { loadDataDir: target.image } : {});
    await client.waitReady;
    return openPglite(client, () => {});
  }
  const release = acquireEmbeddedLock(target.dataDir);
  try {
    fs.mkdirSync(target.dataDir, { recursive: true });
    const client = new PGlite(target.dataDir);
    await client.waitReady;
    return await openPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

async function openPglite(client: PGlite, release: () => void): Promise<Database> {
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  // Both drivers build the same PgDatabase; only their result HKT differs, which no caller sees.
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    exec: async (text) => {
      await client.exec(text);
    },
    // One process owns an embedded database, so there is no reconnect to miss anything.
    listen: async (channel, onNotify) => client.listen(channel, onNotify),
    close: async () => {
      await client.close();
      release();
    },
  };
}

function openPostgres(url: string, poolSize: number): Database {
  const client = postgres(url, {
    max: poolSize,
    onnotice: () => {},
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  return {
    kind: "postgres",
    db,
    exec: async (text) => {
      await client.unsafe(text);
    },
    listen: async (channel, onNotify, onReconnect) => {
      let first = true;
      const request = await client.listen(channel, onNotify, () => {
        if (!first) onReconnect();
        first = false;
      });
      return () => request.unlisten();
    },
    close: async () => {
      await client.end({ timeout: 5 });
    },
  };
}
