import { is, Param, Placeholder, SQL, sql, type DriverValueEncoder, type Table } from "drizzle-orm";
import { PgDialect, type PgColumn, type PgPreparedQuery, type PreparedQueryConfig } from "drizzle-orm/pg-core";
import { lastStatement, runText, type Db, type Tx } from "./connection.ts";

/**
 * Statements whose text is built once (issue 18). The query builder turns a
 * statement into SQL text on every call: it walks the statement's tree of
 * chunks, escapes every name and joins the strings, which was about a fifth
 * of the API process's CPU on `POST /v1/invoices` and `POST /v1/contacts`,
 * for texts that never change (only their values do). A `statement` is
 * declared with the builder, its values as placeholders:
 *
 *   const insertNote = statement((db, p: Placeholders<{ orgId: string; body: string }>) =>
 *     db.insert(notes).values({ orgId: p.orgId, body: p.body }).returning());
 *   const [row] = await insertNote.run(tx, { orgId, body });
 *
 * The builder runs once, at the first `run`; every `run` after that sends the
 * kept text with the new values through the handle it is given (a
 * transaction or not, PGlite or PostgreSQL), and its rows come back mapped by
 * the builder's own row mapping, typed as the builder's. On PostgreSQL the
 * text is prepared from its second run as any other (prepared-statements.ts).
 * `sqlStatement` is the same for SQL that is not one builder's (CTEs joining
 * several, a list page written as JSON by the database): its rows come back
 * unmapped, by column name, and outside a transaction it runs straight on the
 * driver (runText in connection.ts: on PGlite a PREPAREd generic plan).
 *
 * Values are encoded as the builder encodes them, filled here rather than by
 * Drizzle's fillPlaceholders (what `.prepare().execute(values)` uses), which
 * passes a null through the column's encoder: jsonb 'null' instead of NULL,
 * a TypeError for a timestamp. A placeholder in an insert's values is the
 * column's (dates, jsonb and arrays encoded by it, null sent as NULL); elsewhere (a where, an update's set) Drizzle leaves a
 * placeholder bare and its value goes to the driver as it is, so `encoded`
 * gives a value its column's encoding there, and a bare placeholder refuses
 * what the driver would encode differently from the column (a Date, an
 * object). Every parameter must be a placeholder, but for a bare number (a
 * LIMIT 1): a value fixed at build time (an id the build function saw, an
 * insert column's $defaultFn) would be sent by every run.
 *
 * Drizzle internals this relies on (drizzle-orm 0.45; test/platform/statements.test.ts
 * runs them on both drivers):
 * - the prepared query of `.prepare(name)` (public) is only read, never run:
 *   `getQuery()` (public) gives the text and its parameters (Placeholder, or
 *   Param wrapping one with the column as encoder); its `fields`,
 *   `customResultMapper` and `joinsNotNullableMap` (internal properties of
 *   both drivers' prepared queries) are what its `execute` maps rows with;
 * - `handle._.session.prepareQuery(query, fields, undefined, true, mapper)`
 *   (a public method of the session) is what `.prepare()` calls, here on the
 *   session of the handle given to `run`: the transaction's, when it is one.
 *   No name, so postgres.js prepares it by prepared-statements.ts's rule.
 */

type Handle = Db | Tx;

/** The placeholders a statement's values fill: `p.orgId` is `sql.placeholder("orgId")`, typed as the value's. */
export type Placeholders<V> = { readonly [K in keyof V & string]: Placeholder<K, V[K]> };

/** Values for some of a table's columns, each one given (null, not left out), typed as an insert takes them. */
export type ColumnValues<T extends Table, K extends keyof T["$inferInsert"]> = { [C in K]-?: Exclude<T["$inferInsert"][C], undefined> };

/** A placeholder's value as `column` encodes it, where Drizzle would leave it bare (an update's set, a where). */
export function encoded<C extends PgColumn>(column: C, placeholder: Placeholder): SQL<C["_"]["data"]> {
  return sql`${sql.param(placeholder, column)}`;
}

/** What a built statement's `execute` reads (internal to Drizzle's prepared queries; see above). */
interface PreparedInternals {
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
}

interface Built {
  text: string;
  /** Per parameter ($1, $2, ...): the value's name and its column's encoder (null: bare, sent as it is), or a number written in the statement. */
  params: ({ name: string; encoder: DriverValueEncoder<unknown, unknown> | null } | { constant: number })[];
  /** How the builder's prepared query maps rows. */
  prepared: PreparedInternals;
}

export interface Statement<V, R> {
  run(handle: Handle, values: V): Promise<R>;
}

/** A builder's statement, ready to prepare: every runnable builder (select, insert, update, delete) is one. */
interface Preparable {
  prepare(name: string): PgPreparedQuery<PreparedQueryConfig>;
}

/** Runs resolve to what the builder's statement resolves to (its rows, typed by Drizzle). */
export function statement<V, Q extends Preparable & PromiseLike<unknown>>(build: (db: Handle, p: Placeholders<V>) => Q): Statement<V, Awaited<Q>> {
  return fixedStatement<V, Awaited<Q>>(build as (db: Handle, p: Placeholders<never>) => Preparable);
}

function fixedStatement<V, R>(build: (db: Handle, p: Placeholders<never>) => Preparable): Statement<V, R> {
  let built: Built | undefined;
  return {
    // async: a value refused is a rejection, as the builder's errors are.
    run: async (handle, values) => {
      const { text, params, prepared } = (built ??= buildOnce(handle, build));
      const query = handle._.session.prepareQuery(
        { sql: text, params: params.map((param) => paramValue(param, values as Record<string, unknown>)) },
        prepared.fields as Parameters<typeof handle._.session.prepareQuery>[1],
        undefined,
        true,
        prepared.customResultMapper as Parameters<typeof handle._.session.prepareQuery>[4],
      );
      (query as PreparedInternals).joinsNotNullableMap = prepared.joinsNotNullableMap;
      return (await query.execute()) as R;
    },
  };
}

/** A statement written as SQL rather than as one builder: its rows come unmapped, by column name. */
export interface SqlStatement<V> {
  /** Runs it on the handle's driver (runText in connection.ts), or through the session of a transaction. */
  run(handle: Handle, values: V): Promise<Record<string, unknown>[]>;
  /** Runs it as the transaction's last statement, COMMIT right behind it (lastStatement in connection.ts). */
  last(tx: Tx, values: V): Promise<void>;
}

const dialect = new PgDialect();

/** statement(), for SQL that is not one builder's: the text is built once from `build`'s SQL, values by placeholder. */
export function sqlStatement<V>(build: (db: Handle, p: Placeholders<V>) => SQL): SqlStatement<V> {
  let built: Omit<Built, "prepared"> | undefined;
  const query = (handle: Handle, values: V) => {
    if (!built) {
      const { sql: text, params } = dialect.sqlToQuery(build(handle, placeholderNames() as Placeholders<V>));
      built = { text, params: paramsOf(text, params) };
    }
    return { sql: built.text, params: built.params.map((param) => paramValue(param, values as Record<string, unknown>)) };
  };
  return {
    run: async (handle, values) => runText(handle, query(handle, values)),
    last: async (tx, values) => lastStatement(tx, query(tx, values)),
  };
}

const placeholderNames = () => new Proxy({} as Placeholders<never>, { get: (_, name) => sql.placeholder(String(name)) });

function buildOnce(handle: Handle, build: (db: Handle, p: Placeholders<never>) => Preparable): Built {
  const prepared = build(handle, placeholderNames()).prepare("statement");
  const { sql: text, params } = prepared.getQuery();
  const { fields, customResultMapper, joinsNotNullableMap } = prepared as unknown as PreparedInternals;
  return {
    text,
    params: paramsOf(text, params),
    // Only what maps rows, not the prepared query: it holds the session it was built on (a transaction's, maybe).
    prepared: { fields, customResultMapper, joinsNotNullableMap },
  };
}

/** Each parameter of a built text: a placeholder's name and its column's encoder, or a number written in the statement. */
function paramsOf(text: string, params: unknown[]): Built["params"] {
  return params.map((param, i) => {
    if (is(param, Placeholder)) return { name: param.name, encoder: null };
    if (is(param, Param) && is(param.value, Placeholder)) return { name: param.value.name, encoder: param.encoder as DriverValueEncoder<unknown, unknown> };
    // LIMIT 1 (Drizzle makes a limit a parameter): a number in the statement itself, not a value it was given.
    if (typeof param === "number") return { constant: param };
    const value: unknown = is(param, Param) ? param.value : param;
    throw new Error(
      `statement: $${i + 1} of "${text}" is a value fixed when it was built (${typeof value === "object" ? typeof value : String(value)}); every value must be a placeholder`,
    );
  });
}

/** As the builder encodes a value it is given (sqlToQuery): null as NULL, anything else through the column. */
function paramValue(param: Built["params"][number], values: Record<string, unknown>): unknown {
  if ("constant" in param) return param.constant;
  const { name, encoder } = param;
  const value = values[name];
  if (value === undefined) throw new Error(`statement: no value for placeholder "${name}"`);
  if (value === null) return null;
  if (encoder) {
    const driverValue = encoder.mapToDriverValue(value);
    // A column type whose values are SQL (none of ours) would need the builder at every run.
    if (is(driverValue, SQL)) throw new Error(`statement: the value of "${name}" encodes as SQL, which a fixed text cannot hold`);
    return driverValue;
  }
  if (!isPlain(value)) throw new Error(`statement: "${name}" is bare (no column encodes it): give it its column with encoded(column, p.${name})`);
  return value;
}

/** What a driver sends the same way a column would: strings, numbers, booleans, and arrays of them. */
function isPlain(value: unknown): boolean {
  if (Array.isArray(value)) return value.every((item) => item === null || isPlain(item));
  const type = typeof value;
  return type === "string" || type === "number" || type === "boolean" || type === "bigint";
}
