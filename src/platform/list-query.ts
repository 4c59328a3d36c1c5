import { and, asc, desc, eq, ilike, inArray, gt, gte, isNotNull, isNull, lt, lte, not, or, sql, SQL, type Placeholder } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { Type, type TSchema } from "typebox";
import { ApiError, type FieldError } from "./errors.ts";
import { isId, type IdKind } from "./ids.ts";
import { itemJson, type JsonItem } from "./list-json.ts";
import { own } from "./own.ts";
import { AmountFrom0, COMMA_LIST, Int } from "./schemas.ts";

/**
 * A list's definition and the parsing of its query string (lists.ts tells
 * the syntax): the query-string schema, and the WHERE and ORDER BY of one
 * request, its values bound apart from the statement's shape.
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
  /** The column, or an expression over the row's columns (an invoice's amount due is its amount less what was paid). */
  column: PgColumn | SQL;
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
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE, description: `Page size, 1 to ${MAX_PER_PAGE}.` })),
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
    if (!(def.column instanceof SQL) && !def.column.notNull) {
      props[`${name}[exists]`] = Type.Optional(
        Type.Boolean({ description: `true: only records that have a ${name}; false: only records without one ("accounts with no domain").` }),
      );
    }
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
const made =
  (condition: SQL | undefined): Condition =>
  () =>
    condition;

function equality(def: FilterDef, field: string, raw: string, bind: Bind, now: Date, shape: string[], errors: FieldError[]): Condition {
  if (def.kind !== "text" && def.kind !== "enum" && def.kind !== "id" && def.kind !== "array") {
    shape.push(field);
    const value = bind(toDbValue(def, raw));
    return () => eq(left(def), value);
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
  return () => (bound.length === 1 ? eq(left(def), bound[0]!) : inArray(left(def), bound));
}

function likePattern(text: unknown): string {
  return `%${String(text).replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * A filter's column as drizzle's comparisons take it: their overloads accept a column or an expression, not the
 * union, and build the same SQL for either (the value is always a placeholder, never encoded by the column).
 */
const left = (def: FilterDef) => def.column as PgColumn;

/** field[ne]=x keeps rows whose field is empty too: "not x" includes "nothing". */
function notEqual(column: PgColumn | SQL, value: Placeholder): SQL {
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
  return () => fns[op as Exclude<RangeOp, "ne">](left(def), value);
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
    } else if (op === "exists") {
      // Part of the shape, not a bound value: the two answers are two statements.
      const present = raw === true || raw === "true";
      shape.push(`${key}=${present}`);
      conditions.push(() => (present ? isNotNull(def.column) : isNull(def.column)));
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
