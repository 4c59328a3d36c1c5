import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { TSchema } from "typebox";

/**
 * The list item written as JSON text by the database: one SQL expression per
 * property of the item's response schema, each yielding that property's JSON
 * text exactly as the route's serializer would write it (see jsonOf). The
 * page then leaves PostgreSQL as one string that the route sends untouched:
 * no row mapping, no Date objects, no serializer. It is a second mapping of
 * the item beside the row mapper: declare one only for a list a bench row
 * shows paged often (db/README.md).
 */
export interface JsonItem {
  /** The response schema of one item: its properties, in order, are the object's members. */
  schema: TSchema;
  fields: Record<string, SQL>;
  /** Values the fields' placeholders take (named j_...), from the request's time. */
  params?: (now: Date) => Record<string, unknown>;
}

const TIMESTAMP_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/**
 * Orders jsonb_each's rows (e) as a JavaScript object's keys: array indexes
 * first, ascending. Nested CASE: AND does not promise to test the pattern
 * before the cast, and the cast of a non-number would fail.
 */
const ARRAY_INDEX_FIRST = `CASE WHEN e.key ~ '^(0|[1-9][0-9]{0,9})$' THEN CASE WHEN e.key::bigint < 4294967295 THEN e.key::bigint END END NULLS LAST`;

/**
 * SQL expressions giving a value's JSON text, byte for byte what the response
 * serializer writes for the JavaScript value the row mapper would produce
 * (toISOString timestamps, cents / 100 amounts, compact objects). None yields
 * NULL: a null value is the text null.
 */
export const jsonOf = {
  /** A text column or expression (to_json escapes as JSON.stringify does). */
  text: (value: PgColumn | SQL) => sql`coalesce(to_json(${value})::text, 'null')`,
  /** A constant, written into the statement (part of its shape, never a request's value). */
  literal: (value: string | number | boolean) => sql.raw(`'${JSON.stringify(value).replaceAll("'", "''")}'`),
  integer: (value: PgColumn | SQL) => sql`coalesce((${value})::text, 'null')`,
  boolean: (value: PgColumn | SQL) => sql`coalesce(CASE WHEN ${value} THEN 'true' ELSE 'false' END, 'null')`,
  /** Integer hundredths as the API's amount: 1250.5, not 1250.50 (fromCents). */
  money: (cents: PgColumn | SQL) => sql`coalesce(trim_scale((${cents})::numeric / 100)::text, 'null')`,
  /** A date column as YYYY-MM-DD. */
  date: (value: PgColumn | SQL) => sql`coalesce('"' || to_char(${value}, 'YYYY-MM-DD') || '"', 'null')`,
  /** A timestamptz as Date.toISOString() writes it: UTC, milliseconds (truncated, as the driver's Date does). */
  timestamp: (value: PgColumn | SQL) => sql`coalesce('"' || to_char((${value}) AT TIME ZONE 'UTC', ${sql.raw(TIMESTAMP_FORMAT)}) || '"', 'null')`,
  /** A text[] (or integer[]) column: ["a","b"], [60,300]. */
  textArray: (value: PgColumn | SQL) => sql`coalesce(array_to_json(${value})::text, 'null')`,
  /**
   * A jsonb object of strings (metadata; the API accepts no other values),
   * compact, its keys in the order the mapped object has them: the driver
   * parses jsonb's text (keys by length, then bytes) into a JavaScript object,
   * which puts array-index keys ("0", "12", below 2^32 - 1) first, ascending.
   * Most objects take jsonb's own text with its ", " and ": " closed up. That
   * is exact when no string holds an escaped quote (every quote is then a
   * delimiter, so those four characters are a separator, or a string that is
   * just ", " or ": ", which the second pattern refuses, with some harmless
   * others) and none starts with a digit (so no key is an index). The others
   * are written pair by pair, at about 3x the database's CPU.
   */
  stringRecord: (value: PgColumn | SQL) =>
    sql`coalesce((SELECT CASE WHEN strpos(r.t, '\\"') = 0 AND r.t !~ '"[0-9]|[{ ]"[,:] "' THEN replace(replace(r.t, '": "', '":"'), '", "', '","') ELSE (SELECT '{' || string_agg(to_json(e.key)::text || ':' || to_json(e.value)::text, ',' ORDER BY ${sql.raw(ARRAY_INDEX_FIRST)}, e.n) || '}' FROM jsonb_each_text(${value}) WITH ORDINALITY AS e(key, value, n)) END FROM (SELECT (${value})::text AS t) AS r), 'null')`,
  /** A nested object: the schema's properties in order, each from its field (as a list's item). */
  object: (schema: TSchema, fields: Record<string, SQL>) => objectJson(schema, fields),
  /**
   * An array of the element's JSON text over the rows of `from` (a set-returning
   * function or a correlated subquery's FROM ... WHERE), in `orderBy`'s order; [] when none.
   */
  array: (element: SQL, from: SQL, orderBy: SQL) => sql`coalesce((SELECT '[' || string_agg(${element}, ',' ORDER BY ${orderBy}) || ']' FROM ${from}), '[]')`,
};

/** An object's JSON text: the schema's properties in order, each from its field. */
function objectJson(schema: TSchema, fields: Record<string, SQL>): SQL {
  const names = Object.keys((schema as { properties?: Record<string, unknown> }).properties ?? {});
  const missing = names.filter((n) => !Object.hasOwn(fields, n));
  const extra = Object.keys(fields).filter((n) => !names.includes(n));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(`list JSON fields do not match the item schema: missing ${missing.join(", ") || "none"}, extra ${extra.join(", ") || "none"}`);
  }
  const parts = names.map((name, i) => sql`${sql.raw(`'${i === 0 ? "{" : ","}${JSON.stringify(name).replaceAll("'", "''")}:'`)} || ${fields[name]!}`);
  return sql`(${sql.join(parts, sql` || `)} || '}')`;
}

/** The item's JSON text. */
export const itemJson = (item: JsonItem): SQL => objectJson(item.schema, item.fields);
