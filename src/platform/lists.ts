import { and, asc, count as count_, desc, eq, getTableColumns, getTableName, gt, gte, ilike, inArray, is, lt, lte, not, or, Placeholder, sql, type SQL } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { Type, type TSchema } from "typebox";
import type { PGlite } from "@electric-sql/pglite";
import { embeddedSession, rawQuery, type Db } from "../db/connection.ts";
import { ApiError, type FieldError } from "./errors.ts";
import { isId, type IdKind } from "./ids.ts";
import { own } from "./own.ts";
import { AmountFrom0, COMMA_LIST, Int } from "./schemas.ts";

/**
 * The one list implementation: every list endpoint declares its filters,
 * sorts and search columns here and gets the query-string schema (validation
 * and OpenAPI), the parsed WHERE / ORDER BY, and the standard envelope.
 *
 *   field=value            equality; a comma list means any of (on a list
 *                          column such as tags: holds any of them)
 *   field[gte|gt|lte|lt|ne]=value   ranges on dates, times, amounts, numbers
 *   field[contains]=text   substring match on text fields that allow it
 *   q=text                 free-text search over the declared columns
 *   sort=-due_date,amount  "-" for descending; ties broken by id
 *   page (from 1), per_page (default 25, max 100)
 *
 * Anything else is a 400 naming the parameter.
 */

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
export const MAX_PAGE = 10_000;

const RANGE_OPS = ["gte", "gt", "lte", "lt", "ne"] as const;
type RangeOp = (typeof RANGE_OPS)[number];
type Op = RangeOp | "contains";

/** "array": a text[] column (tags, contact_ids); field=a,b matches rows holding any of the values. */
type FilterKind = "text" | "enum" | "id" | "array" | "date" | "datetime" | "money" | "integer";

export interface FilterDef {
  kind: FilterKind;
  column: PgColumn;
  description?: string;
  /** enum: the accepted values. */
  values?: readonly string[];
  /** id, array: the kind of id accepted (an array of ids). */
  idKind?: IdKind;
  /** text: a canonical form values are compared in (emails in lower case). */
  normalize?: (value: string) => string;
  /** text: allow field[contains]. */
  contains?: boolean;
  /**
   * Custom SQL for one equality value, when the value is not a stored column
   * value (invoice status "overdue"). It binds its values at once (every value
   * goes through `bind`) and returns how to make its SQL, which is made only
   * when the shape's statement is built; the value itself is part of the
   * query's shape.
   */
  match?: (value: string, bind: Bind, now: Date) => Condition;
}

export interface ListSpec {
  table: PgTable & { orgId: PgColumn };
  /** The unique, time-sortable column used to break ties. */
  tiebreak: PgColumn;
  filters: Record<string, FilterDef>;
  sorts: Record<string, PgColumn>;
  defaultSort: string;
  /** Columns (or expressions, such as a full name) q= searches. */
  search?: (PgColumn | SQL)[];
  /** The item as the database writes it in JSON (see JsonItem); lists with it answer with listJson. */
  json?: JsonItem;
}

/**
 * The list item written as JSON text by the database: one SQL expression per
 * property of the item's response schema, each yielding that property's JSON
 * text exactly as the route's serializer would write it (see jsonOf). The
 * page then leaves PostgreSQL as one string that the route sends untouched:
 * no row mapping, no Date objects, no serializer.
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
const itemJson = (item: JsonItem): SQL => objectJson(item.schema, item.fields);

/** Turns a value into a named placeholder of the query (see ParsedList). */
export type Bind = (value: unknown) => Placeholder;

/** A condition of the WHERE whose values are bound: it makes its SQL when the statement is built (undefined: no restriction). */
export type Condition = () => SQL | undefined;

/** The WHERE and ORDER BY of a parsed list. */
interface ListSql {
  where: SQL;
  orderBy: SQL[];
}

/**
 * A parsed list query. Its SQL holds placeholders only, every value being in
 * `params`, so the statement is the same for every query of the same shape
 * (same filters, operators, sort) and is built and prepared once per shape.
 * Parsing checks the query and collects the values and the shape; the SQL
 * objects are made only when asked for, which a statement already built for
 * the shape never is (building them cost more than running the query).
 * Its conditions are private: a condition added from outside would not be
 * part of the shape, so extra conditions go through parse()'s `extra`.
 */
export class ParsedList {
  readonly #build: () => ListSql;
  #built: ListSql | undefined;

  constructor(
    readonly page: number,
    readonly perPage: number,
    readonly shape: string,
    readonly params: Record<string, unknown>,
    build: () => ListSql,
  ) {
    this.#build = build;
  }

  get where(): SQL {
    return (this.#built ??= this.#build()).where;
  }

  get orderBy(): SQL[] {
    return (this.#built ??= this.#build()).orderBy;
  }
}

/** A condition a service adds for the caller (e.g. the events an engine key may see). */
export interface ExtraCondition {
  /** Distinguishes the statement: every caller with the same key gets the same SQL. */
  key: string;
  condition: (bind: Bind) => SQL | undefined;
}

const isRanged = (kind: FilterKind) => kind === "date" || kind === "datetime" || kind === "money" || kind === "integer";

function valueSchema(def: FilterDef, op: Op | "eq"): TSchema {
  const description = def.description;
  switch (def.kind) {
    case "date":
      return Type.String({ format: "date", description });
    case "datetime":
      return Type.String({ format: "date-time", description });
    case "money":
      return AmountFrom0(description);
    case "integer":
      return Int({ description });
    case "enum": {
      const text = `${description ?? ""} One of ${def.values!.join(", ")}${op === "eq" ? "; a comma list means any of them" : ""}.`.trim();
      const values = [...def.values!];
      // Equality takes a comma list, which parseQuery splits and checks; the document publishes it as an array of the enum.
      if (op === "eq") return Type.String({ description: text, [COMMA_LIST]: { type: "string", enum: values } });
      return Type.String({ description: text, enum: values });
    }
    default:
      return Type.String({ minLength: 1, maxLength: 200, description });
  }
}

function querySchema(spec: ListSpec): TSchema {
  const props: Record<string, TSchema> = {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: "Page number, from 1." })),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE, description: `Page size, 1 to ${MAX_PER_PAGE}.` }),
    ),
    sort: Type.Optional(
      Type.String({
        maxLength: 200,
        description: `Comma-separated sort fields, "-" for descending. Fields: ${Object.keys(spec.sorts).join(", ")}. Default ${spec.defaultSort}.`,
      }),
    ),
  };
  if (spec.search) props.q = Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "Free-text search." }));
  for (const [name, def] of Object.entries(spec.filters)) {
    props[name] = Type.Optional(valueSchema(def, "eq"));
    const ops: Op[] = isRanged(def.kind) ? [...RANGE_OPS] : def.kind === "id" || def.kind === "array" ? [] : ["ne"];
    if (def.kind === "text" && def.contains) ops.push("contains");
    for (const op of ops) props[`${name}[${op}]`] = Type.Optional(valueSchema(def, op));
  }
  return Type.Object(props, { additionalProperties: false });
}

function invalid(errors: FieldError[]): ApiError {
  const detail = errors.length === 1 ? `${errors[0]!.field}: ${errors[0]!.message}` : `${errors.length} query parameters are invalid.`;
  return new ApiError("validation_failed", detail, { errors });
}

export interface ListDefinition {
  /** The query-string schema, for the route (validation and OpenAPI). */
  querystring: TSchema;
  parse(orgId: string, query: Record<string, unknown>, now: Date, extra?: ExtraCondition): ParsedList;
  spec: ListSpec;
}

export function defineList(spec: ListSpec): ListDefinition {
  if (spec.json) itemJson(spec.json); // a field list that does not match its schema fails at start, not on a request
  return {
    querystring: querySchema(spec),
    parse: (orgId, query, now, extra) => parseQuery(spec, orgId, query, now, extra),
    spec,
  };
}

function toDbValue(def: FilterDef, raw: unknown): unknown {
  if (def.kind === "money") return Math.round(Number(raw) * 100);
  // Bound values reach the driver as they are (no column encoder): an ISO string works on both.
  if (def.kind === "datetime") return new Date(String(raw)).toISOString();
  return raw;
}

/** An extra condition is SQL already: its values went through bind as it was made. */
const made = (condition: SQL | undefined): Condition => () => condition;

function equality(def: FilterDef, field: string, raw: string, bind: Bind, now: Date, shape: string[], errors: FieldError[]): Condition {
  if (def.kind !== "text" && def.kind !== "enum" && def.kind !== "id" && def.kind !== "array") {
    shape.push(field);
    const value = bind(toDbValue(def, raw));
    return () => eq(def.column, value);
  }
  const values = raw.split(",").map((v) => (def.normalize ? def.normalize(v.trim()) : v.trim()));
  for (const value of values) {
    if (value === "") {
      errors.push({ in: "query", field, message: "must not hold an empty value" });
    } else if (def.kind === "enum" && !def.values!.includes(value)) {
      errors.push({ in: "query", field, message: `unknown value "${value}"; expected one of ${def.values!.join(", ")}` });
    } else if (def.idKind && !isId(def.idKind, value)) {
      errors.push({ in: "query", field, message: `"${value}" is not an id of the right kind` });
    }
  }
  if (def.match) {
    shape.push(`${field}=${values.join(",")}`);
    const matches = values.map((v) => def.match!(v, bind, now));
    return () => or(...matches.map((m) => m()));
  }
  shape.push(`${field}:${values.length}`);
  const bound = values.map(bind);
  if (def.kind === "array") return () => sql`${def.column} && ARRAY[${sql.join(bound, sql`, `)}]::text[]`;
  return () => (bound.length === 1 ? eq(def.column, bound[0]!) : inArray(def.column, bound));
}

function likePattern(text: unknown): string {
  return `%${String(text).replace(/[\\%_]/g, "\\$&")}%`;
}

/** field[ne]=x keeps rows whose field is empty too: "not x" includes "nothing". */
function notEqual(column: PgColumn, value: Placeholder): SQL {
  return sql`${column} IS DISTINCT FROM ${value}`;
}

function operator(def: FilterDef, op: string, raw: unknown, bind: Bind): Condition {
  if (op === "contains") {
    const pattern = bind(likePattern(raw));
    return () => ilike(def.column, pattern);
  }
  const value = bind(toDbValue(def, raw));
  if (op === "ne") return () => notEqual(def.column, value);
  const fns = { gte, gt, lte, lt } as const;
  return () => fns[op as Exclude<RangeOp, "ne">](def.column, value);
}

function parseQuery(spec: ListSpec, orgId: string, query: Record<string, unknown>, now: Date, extra?: ExtraCondition): ParsedList {
  const errors: FieldError[] = [];
  const params: Record<string, unknown> = {};
  const shape: string[] = [];
  let bound = 0;
  const bind: Bind = (value) => {
    const name = `p${bound++}`;
    params[name] = value;
    return sql.placeholder(name);
  };
  // Tenant scope comes from the caller, never from the query.
  const org = bind(orgId);
  const conditions: Condition[] = [() => eq(spec.table.orgId, org)];
  if (extra) {
    shape.push(`extra:${extra.key}`);
    conditions.push(made(extra.condition(bind)));
  }

  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || key === "page" || key === "per_page" || key === "sort") continue;
    if (key === "q") {
      shape.push("q");
      const pattern = bind(likePattern(raw));
      conditions.push(() => or(...spec.search!.map((c) => ilike(c, pattern))));
      continue;
    }
    const [, field, op] = /^([a-z_]+)(?:\[([a-z]+)\])?$/.exec(key) ?? [];
    const def = field ? own(spec.filters, field) : undefined;
    if (!def) continue; // the schema has already refused unknown parameters
    if (!op) {
      conditions.push(equality(def, key, String(raw), bind, now, shape, errors));
    } else if (op === "ne" && (def.kind === "enum" || def.kind === "text")) {
      const value = def.normalize ? def.normalize(String(raw).trim()) : String(raw);
      if (def.kind === "enum" && !def.values!.includes(value)) {
        errors.push({ in: "query", field: key, message: `unknown value "${value}"; expected one of ${def.values!.join(", ")}` });
      } else if (def.match) {
        shape.push(`${key}=${value}`);
        const match = def.match(value, bind, now);
        conditions.push(() => negate(match()));
      } else {
        shape.push(key);
        const bound = bind(value);
        conditions.push(() => notEqual(def.column, bound));
      }
    } else {
      shape.push(key);
      conditions.push(operator(def, op, raw, bind));
    }
  }

  const sort = typeof query.sort === "string" ? query.sort : spec.defaultSort;
  const order = parseSort(spec, sort, errors);
  if (errors.length > 0) throw invalid(errors);
  shape.push(`sort=${sort}`);
  const page = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? DEFAULT_PER_PAGE);
  return new ParsedList(page, perPage, shape.join("&"), params, () => ({
    where: and(...conditions.map((c) => c()))!,
    orderBy: order.map(([column, descending]) => (descending ? desc(column) : asc(column))),
  }));
}


/** NOT of a custom condition; a condition of "everything" (undefined) negates to nothing. */
function negate(condition: SQL | undefined): SQL {
  return condition ? not(condition) : sql`false`;
}

/** The sort's columns, each with whether it descends, and the tiebreak last. */
function parseSort(spec: ListSpec, sort: string, errors: FieldError[]): [PgColumn, boolean][] {
  const order: [PgColumn, boolean][] = [];
  const seen = new Set<string>();
  let lastDescending = true;
  for (const part of sort.split(",")) {
    const descending = part.startsWith("-");
    const name = descending ? part.slice(1) : part;
    const column = own(spec.sorts, name);
    if (!column) {
      errors.push({
        in: "query",
        field: "sort",
        message: `unknown sort field "${name}"; allowed: ${Object.keys(spec.sorts).join(", ")}`,
      });
      continue;
    }
    if (seen.has(name)) continue;
    seen.add(name);
    order.push([column, descending]);
    lastDescending = descending;
  }
  // A stable order, so paging never repeats or skips a row among equal sort values.
  order.push([spec.tiebreak, lastDescending]);
  return order;
}

export interface Page<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}

type PreparedPage = { execute(params: Record<string, unknown>): Promise<{ row: unknown; total: number }[]> };

// Prepared statements belong to one database handle; a handle that goes away takes its cache with it.
const preparedByDb = new WeakMap<Db, Map<string, PreparedPage>>();
const MAX_PREPARED_PER_DB = 1000;
let preparedCount = 0;

function pageQuery(db: Db, spec: ListSpec, query: ParsedList) {
  const total = sql<number>`(SELECT count(*) FROM ${spec.table} WHERE ${query.where})`.mapWith(Number);
  return db
    .select({ row: getTableColumns(spec.table), total })
    .from(spec.table)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
}

/**
 * The statement for this query's shape, built and prepared on first use:
 * building SQL through the query builder costs more than running it.
 */
function preparedFor(db: Db, spec: ListSpec, query: ParsedList): PreparedPage {
  let cache = preparedByDb.get(db);
  if (!cache) preparedByDb.set(db, (cache = new Map()));
  const key = `${getTableName(spec.table)}?${query.shape}`;
  let prepared = cache.get(key);
  if (!prepared) {
    const built = pageQuery(db, spec, query);
    // A value written into the SQL instead of bound would be served to every later query of this shape.
    if (built.toSQL().params.some((p) => !is(p, Placeholder))) {
      throw new Error(`list query ${key} holds a literal value; filters must pass values through bind()`);
    }
    if (cache.size >= MAX_PREPARED_PER_DB) cache.delete(cache.keys().next().value!);
    prepared = built.prepare(`list_${++preparedCount}`) as unknown as PreparedPage;
    cache.set(key, prepared);
  }
  return prepared;
}

/**
 * Runs a parsed list query: the page and the total in one round trip (the
 * total is an uncorrelated subquery, computed once), then the envelope. Only a
 * page past the end needs a second query for the total.
 */
export async function listPage<Row, Out>(
  db: Db,
  spec: ListSpec,
  query: ParsedList,
  toApi: (row: Row) => Out,
): Promise<Page<Out>> {
  const rows = await preparedFor(db, spec, query).execute({
    ...query.params,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await db.select({ total: count_() }).from(spec.table).where(query.where).prepare(`count_${++preparedCount}`).execute(query.params);
    total = Number(counted?.total ?? 0);
  }
  return {
    data: rows.map((r) => toApi(r.row as Row)),
    meta: { total, page: query.page, per_page: query.perPage },
  };
}

/**
 * The page as JSON text built by the database (spec.json): the items, in the
 * list's order, joined in the query, and the total from the same statement
 * (an uncorrelated subquery, so a page past the end needs no second query).
 */
function jsonQuery(db: Db, spec: ListSpec, query: ParsedList) {
  const rows = db
    .select({ item: sql<string>`${itemJson(spec.json!)}`.as("item") })
    .from(spec.table)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page_items");
  // string_agg takes the rows in the subquery's order (as PostgREST's json_agg over an ordered subquery does).
  return db
    .select({
      data: sql<string | null>`string_agg(${rows.item}, ',')`.as("data"),
      total: sql<string>`(SELECT count(*) FROM ${spec.table} WHERE ${query.where})::text`.as("total"),
    })
    .from(rows);
}

/** A list statement as the driver takes it: its text, and the names of the values it takes as $1, $2, ... */
interface Statement {
  key: string;
  text: string;
  names: string[];
}

/**
 * Statements by list and shape. The text is the same for every database
 * handle (one dialect), so one map serves them all; each driver prepares it
 * on its own connections.
 */
const jsonStatements = new Map<string, Statement>();

function jsonStatementFor(db: Db, spec: ListSpec, query: ParsedList): Statement {
  const key = `${getTableName(spec.table)}?${query.shape}`;
  let statement = jsonStatements.get(key);
  if (!statement) {
    const built = jsonQuery(db, spec, query).toSQL();
    const names = built.params.map((p) => (is(p, Placeholder) ? p.name : undefined));
    // A value written into the SQL instead of bound would be served to every later query of this shape.
    if (names.some((n) => n === undefined)) throw new Error(`list query ${key} holds a literal value; filters must pass values through bind()`);
    if (jsonStatements.size >= MAX_PREPARED_PER_DB) jsonStatements.delete(jsonStatements.keys().next().value!);
    statement = { key, text: built.sql, names: names as string[] };
    jsonStatements.set(key, statement);
  }
  return statement;
}

/**
 * On PGlite, planning costs more than running a list's statement (the engine
 * runs in WebAssembly on this thread, and each extended-protocol query is
 * parsed and planned anew): the statement is PREPAREd once in the session and
 * EXECUTEd with a generic plan (measured: about 3x less time per page). The
 * values go into the EXECUTE as literals; only strings and finite numbers are
 * (quotes doubled; standard_conforming_strings is on, so that is the whole
 * escape), anything else takes the driver's path.
 */
const sessionStatements = new WeakMap<PGlite, Map<string, string>>();

function sqlLiteral(value: unknown): string | undefined {
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

async function executeInSession(session: PGlite, statement: Statement, values: unknown[]) {
  const literals = values.map(sqlLiteral);
  if (literals.some((literal) => literal === undefined)) return undefined;
  let names = sessionStatements.get(session);
  if (!names) sessionStatements.set(session, (names = new Map()));
  let name = names.get(statement.key);
  if (!name) {
    if (names.size >= MAX_PREPARED_PER_DB) {
      const [oldKey, oldName] = names.entries().next().value!;
      names.delete(oldKey);
      await session.exec(`DEALLOCATE ${oldName}`);
    }
    name = `list_session_${++preparedCount}`;
    await session.exec(`PREPARE ${name} AS ${statement.text}`);
    names.set(statement.key, name);
  }
  // SET inside the one implicit transaction of a multi-statement exec: an error rolls it back too.
  const results = await session.exec(`SET plan_cache_mode = force_generic_plan; EXECUTE ${name}(${literals.join(", ")}); RESET plan_cache_mode`);
  return results[1]!.rows as { data: string | null; total: string }[];
}

/** Runs the statement on the handle's driver; a handle without one (a transaction) takes the query builder's path. */
async function runJson(db: Db, spec: ListSpec, query: ParsedList, statement: Statement, values: unknown[]) {
  const session = embeddedSession(db);
  const fromSession = session && (await executeInSession(session, statement, values));
  if (fromSession) return fromSession;
  const raw = rawQuery(db);
  if (raw) return (await raw(statement.text, values)) as { data: string | null; total: string }[];
  const byName = Object.fromEntries(statement.names.map((name, i) => [name, values[i]]));
  return (await jsonQuery(db, spec, query).prepare(`list_json_${++preparedCount}`).execute(byName)) as { data: string | null; total: string }[];
}

/**
 * The page as the response body: the same items, order, total and envelope as
 * listPage with the item's row mapper, written by the database and sent as it
 * is (see JsonItem; test/platform/list-json.test.ts holds the two to the same bytes).
 */
export async function listJson(db: Db, spec: ListSpec, query: ParsedList, now: Date): Promise<string> {
  if (!spec.json) throw new Error(`list ${getTableName(spec.table)} has no JSON item; use listPage`);
  const statement = jsonStatementFor(db, spec, query);
  const named: Record<string, unknown> = { ...query.params, ...spec.json.params?.(now), limit: query.perPage, offset: (query.page - 1) * query.perPage };
  const rows = await runJson(db, spec, query, statement, statement.names.map((name) => named[name]));
  const result = rows[0];
  return `{"data":[${result?.data ?? ""}],"meta":{"total":${result?.total ?? "0"},"page":${query.page},"per_page":${query.perPage}}}`;
}

/** Sends JSON text the server already holds (listJson) as the body, with the type Fastify's serializer would give it. */
export function sendJson(reply: FastifyReply, text: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(text);
}
