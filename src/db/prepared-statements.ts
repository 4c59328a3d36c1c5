import type postgres from "postgres";

/**
 * Server-side prepared statements for the statements a process runs again and
 * again, on PostgreSQL (PGlite keeps its own: see lists.ts).
 *
 * Drizzle asks postgres.js for a prepared statement only for `.prepare(name)`.
 * Any other statement with parameters costs postgres.js two round trips
 * (Parse and Describe, a wait for the parameter types, then Bind and Execute:
 * two socket writes and two waits) and PostgreSQL a parse and a plan every
 * time. A prepared one costs one round trip (Bind and Execute) once it exists
 * on the connection. A write is four to six statements, so this halves its
 * round trips.
 *
 * Which ones: a text run a second time (as pgJDBC's prepareThreshold), and at
 * most MAX_PREPARED texts per process. postgres.js keeps a connection's
 * statements until the connection closes (its max_lifetime, 30 to 60 minutes),
 * so texts that differ on every call (a bulk insert's row count, an IN list's
 * length) must not each become one: most run once, and the cap bounds the
 * rest. Behind PgBouncer in transaction mode this needs its
 * max_prepared_statements (1.21 and later), as lists' statements already do.
 */
const MAX_PREPARED = 500;
const MAX_SEEN = 10_000;
/** Texts run once so far (forgotten in bulk when too many, which only delays their preparing). */
const seenOnce = new Set<string>();
const preparedTexts = new Set<string>();

function worthPreparing(text: string): boolean {
  if (preparedTexts.has(text)) return true;
  if (!seenOnce.has(text)) {
    if (seenOnce.size >= MAX_SEEN) seenOnce.clear();
    seenOnce.add(text);
    return false;
  }
  if (preparedTexts.size >= MAX_PREPARED) return false;
  seenOnce.delete(text);
  preparedTexts.add(text);
  return true;
}

type Unsafe = postgres.Sql["unsafe"];
type Scoped = (sql: postgres.TransactionSql) => unknown;

/**
 * The client to give Drizzle: the same postgres.js client, whose `unsafe`
 * (what Drizzle runs every statement through) prepares the texts worth it,
 * in transactions and savepoints too.
 */
export function preparingClient<T extends postgres.Sql | postgres.TransactionSql>(client: T): T {
  const unsafe: Unsafe = (text, params, options) =>
    client.unsafe(text, params, params && params.length > 0 && worthPreparing(text) ? { ...options, prepare: true } : options);
  // Drizzle passes the callback last (begin(options?, fn), savepoint(name?, fn)).
  const scoped =
    (method: "begin" | "savepoint") =>
    (...args: unknown[]) => {
      const fn = args.pop() as Scoped;
      const call = (client as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!;
      return call.call(client, ...args, (sql: postgres.TransactionSql) => fn(preparingClient(sql)));
    };
  const overrides: Record<PropertyKey, unknown> = { unsafe, begin: scoped("begin"), savepoint: scoped("savepoint") };
  return new Proxy(client, {
    get: (target, property) => (property in overrides ? overrides[property] : Reflect.get(target, property, target)),
  });
}
