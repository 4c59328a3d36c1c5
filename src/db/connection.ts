import fs from "node:fs";
import type { PGlite, PGliteOptions } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import postgres from "postgres";
import { startEmbeddedEngine } from "./embedded-engine.ts";
import { acquireEmbeddedLock } from "./embedded-lock.ts";
import { driverClient, type DriverClient } from "./prepared-statements.ts";
import { embeddedQuery } from "./embedded-statements.ts";
import { sampleLag } from "./replica-lag.ts";
import { rowsOf } from "./rows.ts";

/**
 * The query builder, for both drivers. A transaction is one too, so services
 * take either. Opened without the tables' schema: nothing uses Drizzle's
 * relational queries (`db.query`), and with a schema Drizzle builds one for
 * every table on every transaction it opens (a tenth of its time in a write).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /**
   * The read replica (DATABASE_READ_URL), or null. Never used directly by a
   * request: see platform/read-routing.ts, which picks it only while it is
   * fresh enough for the caller.
   */
  replica: Replica | null;
  /** This process's connections by state, from pg_stat_activity (metrics). */
  poolUse(): Promise<{ max: number; byState: Record<string, number> }>;
  /** Runs SQL text that may hold several statements and no parameters (migrations, bench loads). */
  exec(sqlText: string): Promise<void>;
  /**
   * Subscribes to NOTIFY on a channel. `onReconnect` runs when the listening
   * connection was re-established, since notifications may have been missed.
   * Returns the unsubscribe function.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>;
  /** Closes the connections (a second call does nothing). */
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number; readUrl?: string | null }
  /**
   * `shortLived`: this process opens the database for one command and exits
   * (an admin command), so the embedded engine is started for a quick start
   * rather than for throughput: see quickStart below.
   */
  | { kind: "pglite"; dataDir: string; shortLived?: boolean }
  /** A throwaway in-memory PGlite, for tests; `image` is a data directory dump to start from. */
  | { kind: "pglite-memory"; image?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") return openPostgres(target.url, target.poolSize ?? 10, target.readUrl ?? null);
  // A command's process compiles the engine while PGlite's JavaScript loads (a no-op when main.ts has started it).
  if (target.kind === "pglite" && target.shortLived) void startEmbeddedEngine();
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
    const client = new PGlite(target.dataDir, target.shortLived ? await quickStart(PGlite.defaultStartParams) : {});
    await client.waitReady;
    return await openPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * How a process that runs one command and exits starts PGlite (issue 18:
 * `orgs list` on PGlite took 0.66 s to its first line against 0.14 s on
 * PostgreSQL). The compiled engine comes from embedded-engine.ts (compiled
 * while the command loaded, kept on V8's baseline code). shared_buffers: the
 * data directory's postgresql.conf asks for 128MB, which the backend zeroes at
 * start (memset, growing the WebAssembly memory as it goes); a command reads
 * a few pages, so 16MB for this process only, and the server keeps the
 * configured 128MB. Nothing here changes what is stored or how (PGlite's own
 * fsync setting stays as it is), nor who may open it.
 */
async function quickStart(defaultStartParams: readonly string[]): Promise<PGliteOptions> {
  const compiled = await startEmbeddedEngine();
  return { startParams: [...defaultStartParams, "-c", "shared_buffers=16MB"], ...(compiled ? { pgliteWasmModule: compiled } : {}) };
}

/**
 * Runs a query (its text and its values, as the driver takes them) as the
 * last statement of the transaction `tx`: nothing may run in `tx` after it.
 * On PostgreSQL it is sent now and the transaction's COMMIT goes right behind
 * it (prepared-statements.ts), saving a round trip; if it fails, the
 * transaction throws its error and commits nothing. Elsewhere (a savepoint,
 * PGlite, which has no round trips) it simply runs. Its rows are not
 * returned: a check it makes must fail the statement instead.
 */
export async function lastStatement(tx: Tx, query: { sql: string; params: unknown[] }): Promise<void> {
  // Drizzle's postgres-js session keeps its driver client as `client`: in a transaction that is ours (prepared-statements.ts).
  const client = (tx._.session as unknown as { client?: DriverClient }).client;
  if (client?.sendLast) {
    client.sendLast(query.sql, query.params);
    return;
  }
  await tx._.session.prepareQuery(query, undefined, undefined, false).execute();
}

/** Runs SQL text with its values ($1, $2, ...) and returns the rows as objects by column name. */
type RawQuery = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;
/** Each handle's own driver, without the query builder (none for a transaction): see runText. */
const drivers = new WeakMap<Db, RawQuery>();

/**
 * Runs a statement whose text is built once (statements.ts) the fastest way
 * the handle's database has, and returns its rows by column name. PostgreSQL:
 * prepared once per connection, as the builder's prepared statements are.
 * PGlite: PREPAREd in the process's one session, with a generic plan
 * (embedded-statements.ts). A transaction: through its session, as the
 * builder runs its statements. No query building, no row mapping.
 */
export async function runText(handle: Db | Tx, query: { sql: string; params: unknown[] }): Promise<Record<string, unknown>[]> {
  const driver = drivers.get(handle as Db);
  if (driver) return driver(query.sql, query.params);
  return rowsOf(await handle._.session.prepareQuery(query, undefined, undefined, false).execute());
}

function postgresHandle(client: postgres.Sql): Db {
  // Drizzle runs on the client that prepares repeated statements and pipelines BEGIN (prepared-statements.ts).
  const db = drizzlePostgres({ client: driverClient(client) as unknown as postgres.Sql }) as unknown as Db;
  // The values go to the driver as the builder would pass them (its prepared queries call unsafe too).
  drivers.set(db, (text, values) => client.unsafe(text, values as postgres.ParameterOrJSON<never>[], { prepare: true }));
  return db;
}

async function openPglite(client: PGlite, release: () => void): Promise<Database> {
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  // Both drivers build the same PgDatabase; only their result HKT differs, which no caller sees.
  const db = drizzlePglite({ client }) as unknown as Db;
  drivers.set(db, embeddedQuery(client));
  return {
    kind: "pglite",
    db,
    replica: null,
    // One in-process connection, always there.
    poolUse: async () => ({ max: 1, byState: { idle: 1 } }),
    exec: async (text) => {
      await client.exec(text);
    },
    // One process owns an embedded database, so there is no reconnect to miss anything.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      // A closed database listens to nothing: unsubscribing after close is harmless, as close itself is.
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      // As the PostgreSQL pool's end(): closing twice is harmless (the second would otherwise throw, and release the lock again).
      if (client.closed) return;
      await client.close();
      release();
    },
  };
}

let opened = 0;

function openPostgres(url: string, poolSize: number, readUrl: string | null): Database {
  // A name of its own per pool, so pg_stat_activity tells this process's connections apart (poolUse).
  const applicationName = `enginery:${process.pid}:${++opened}`;
  const client = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    connection: { application_name: applicationName },
  });
  const db = postgresHandle(client);
  const replica = readUrl ? openReplica(client, readUrl, poolSize) : null;
  let closed = false;
  return {
    kind: "postgres",
    db,
    replica,
    poolUse: async () => {
      const rows = await client<{ state: string | null; count: number }[]>`
        SELECT coalesce(state, 'unknown') AS state, count(*)::int AS count FROM pg_stat_activity
        WHERE application_name = ${applicationName} AND pid <> pg_backend_pid() GROUP BY 1`;
      // The connection asking is in use too.
      const byState: Record<string, number> = { active: 1, idle: 0, "idle in transaction": 0 };
      for (const row of rows) byState[row.state!] = (byState[row.state!] ?? 0) + row.count;
      return { max: poolSize, byState };
    },
    exec: async (text) => {
      await client.unsafe(text);
    },
    listen: async (channel, onNotify, onReconnect) => {
      let first = true;
      const request = await client.listen(channel, onNotify, () => {
        if (!first) onReconnect();
        first = false;
      });
      // As on PGlite: after close there is nothing to unsubscribe from (postgres.js would throw CONNECTION_ENDED).
      return async () => {
        if (!closed) await request.unlisten();
      };
    },
    close: async () => {
      closed = true;
      await replica?.close();
      await client.end({ timeout: 5 });
    },
  };
}

/** A streaming replica (DATABASE_READ_URL) and how far it trails the primary. */
export interface Replica {
  db: Db;
  /**
   * Seconds since the newest moment whose primary WAL position the replica
   * has replayed (0 when caught up); Infinity while it cannot be measured
   * (the replica is down or not yet sampled): see replica-lag.ts.
   */
  lagSeconds(): number;
  close(): Promise<void>;
}

function openReplica(primary: postgres.Sql, readUrl: string, poolSize: number): Replica {
  const client = postgres(readUrl, { max: poolSize, onnotice: () => {}, connection: { application_name: `enginery:${process.pid}:replica` } });
  const lag = sampleLag(primary, client);
  return {
    db: postgresHandle(client),
    lagSeconds: lag.seconds,
    close: async () => {
      await lag.stop();
      await client.end({ timeout: 5 });
    },
  };
}
