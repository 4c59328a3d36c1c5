import postgres from "postgres";
import { StatementCache } from "./statement-cache.ts";

/**
 * The postgres.js client Drizzle runs on (PostgreSQL; PGlite keeps its own
 * statements: see embedded-statements.ts), changed in two ways that save round trips, the
 * largest cost of a write in the API process (each one is a socket write and
 * a wait) and in PostgreSQL (a parse and a plan per statement).
 *
 * Prepared statements. Drizzle asks postgres.js for one only for
 * `.prepare(name)`. Any other statement with parameters costs postgres.js two
 * round trips (Parse and Describe, a wait for the parameter types, then Bind
 * and Execute) and PostgreSQL a parse and a plan every time. A prepared one
 * costs one round trip (Bind and Execute) once it exists on the connection.
 * Which ones: a text run a second time (as pgJDBC's prepareThreshold), and at
 * most MAX_PREPARED texts per process. postgres.js keeps a connection's
 * statements until the connection closes (its max_lifetime, 30 to 60
 * minutes) and has no way to drop one, so texts that differ on every call (a
 * bulk insert's row count, an IN list's length) must not each become one:
 * most run once, and the cap bounds the rest. That cap is the one limit here
 * that stops admitting rather than evicting (see README.md). Behind PgBouncer in transaction mode this needs its
 * max_prepared_statements (1.21 and later), as lists' statements already do.
 *
 * BEGIN with the first statement. postgres.js's begin() waits for BEGIN's
 * answer before the transaction's first statement runs; `begin` here sends
 * BEGIN and lets the first statement follow it in the same socket write
 * (PostgreSQL answers them in order), on a connection reserved for the
 * transaction, with postgres.js's own rules otherwise: an error in any
 * statement rolls the transaction back even if the caller caught it, and
 * savepoints nest.
 *
 * COMMIT with the last statement. A transaction whose last statement's result
 * decides nothing more (the outbox's events statement, which does its own
 * checks by failing) sends it with `sendLast`, and COMMIT goes right behind
 * it instead of a round trip later. If that statement fails, PostgreSQL
 * answers the COMMIT with a rollback, and the transaction throws the
 * statement's error, as if it had been awaited.
 */
const MAX_PREPARED = 500;
/** Texts run once so far (the oldest forgotten when it is full, which only delays their preparing). */
const seenOnce = new StatementCache<string, true>();
/** Not a cache: a text prepared stays prepared on its connections, so this only grows, up to MAX_PREPARED. */
const preparedTexts = new Set<string>();

function worthPreparing(text: string): boolean {
  if (preparedTexts.has(text)) return true;
  if (!seenOnce.get(text)) {
    seenOnce.set(text, true);
    return false;
  }
  if (preparedTexts.size >= MAX_PREPARED) return false;
  preparedTexts.add(text);
  return true;
}

/** What Drizzle's postgres-js session uses of a client: statements, transactions, savepoints. */
export interface DriverClient {
  unsafe(text: string, params?: unknown[], options?: { prepare?: boolean }): ReturnType<postgres.Sql["unsafe"]>;
  begin<T>(fn: (client: DriverClient) => Promise<T>): Promise<T>;
  savepoint<T>(fn: (client: DriverClient) => Promise<T>): Promise<T>;
  /** In a transaction (not a savepoint): sends the transaction's last statement now, its COMMIT follows it (see above). */
  sendLast?(text: string, params: unknown[]): void;
  options: postgres.Sql["options"];
}

function prepareOptions(params: unknown[] | undefined, text: string, options: { prepare?: boolean } | undefined) {
  return params && params.length > 0 && worthPreparing(text) ? { ...options, prepare: true } : options;
}

/** The client to give Drizzle (see above); `client` itself stays as it is for everything else. */
export function driverClient(client: postgres.Sql): DriverClient {
  return {
    // Drizzle reads the parsers and serializers it overrides from here.
    options: client.options,
    unsafe: (text, params, options) => client.unsafe(text, params as postgres.ParameterOrJSON<never>[], prepareOptions(params, text, options)),
    begin: (fn) => transaction(client, fn),
    savepoint: () => Promise.reject(new Error("a savepoint needs a transaction")),
  };
}

async function transaction<T>(client: postgres.Sql, fn: (client: DriverClient) => Promise<T>): Promise<T> {
  const reserved = await client.reserve();
  // The first error of any statement in the transaction: PostgreSQL has aborted it, whatever the caller did with the error.
  let failed: unknown;
  let savepoints = 0;
  const run = (text: string, params?: unknown[], options?: { prepare?: boolean }) => {
    const query = reserved.unsafe(text, params as postgres.ParameterOrJSON<never>[], prepareOptions(params, text, options));
    query.catch((error: unknown) => (failed ??= error));
    return query;
  };
  let sentLast = false;
  async function scope<R>(inner: (client: DriverClient) => Promise<R>, savepoint: string | null): Promise<R> {
    const scoped: DriverClient = {
      options: client.options,
      unsafe: (text, params, options) => {
        if (sentLast) throw new Error("the transaction's last statement was already sent");
        return run(text, params, options);
      },
      begin: () => Promise.reject(new Error("already in a transaction: use a savepoint")),
      savepoint: (nested) => scope(nested, `s${++savepoints}`),
    };
    // A savepoint's release must follow its statements, so only the transaction itself can end with one sent ahead.
    if (!savepoint) {
      scoped.sendLast = (text, params) => {
        if (sentLast) throw new Error("the transaction's last statement was already sent");
        sentLast = true;
        run(text, params).execute();
      };
    }
    if (savepoint) await run(`savepoint ${savepoint}`);
    let result: R;
    try {
      result = await inner(scoped);
      if (failed) throw failed;
    } catch (error) {
      // On a connection that is gone there is nothing to roll back (PostgreSQL has), and a statement sent there would fail outside any promise.
      if (!isConnectionLoss(error) && !isConnectionLoss(failed)) await run(savepoint ? `rollback to savepoint ${savepoint}` : "rollback").catch(() => {});
      if (savepoint) failed = undefined;
      // As postgres.js: a statement refused because an earlier one aborted the transaction reports that earlier error.
      throw error instanceof postgres.PostgresError && error.code === "25P02" && failed ? failed : error;
    }
    if (savepoint) await run(`release savepoint ${savepoint}`);
    return result;
  }
  try {
    // Not awaited: written with the transaction's first statement. Its error, if any, is in `failed` by then.
    run("begin").execute();
    const result = await scope(fn, null);
    await run("commit");
    // The last statement, sent ahead (sendLast), failed: PostgreSQL rolled back instead of committing.
    if (failed) throw failed;
    return result;
  } finally {
    // A connection that closed under the transaction is postgres.js's to reconnect: released, it would join the idle ones.
    if (!isConnectionLoss(failed)) reserved.release();
  }
}

const CONNECTION_LOSS = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]);

/** The connection closed, or PostgreSQL is closing it (a FATAL error: terminated backend, shutdown). */
function isConnectionLoss(error: unknown): boolean {
  if (error instanceof postgres.PostgresError) return error.severity === "FATAL" || error.severity === "PANIC";
  return error instanceof Error && CONNECTION_LOSS.has((error as Error & { code?: string }).code ?? "");
}
