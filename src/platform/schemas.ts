import { Type, type Static, type TSchema } from "typebox";
import { idPattern, ID_PREFIXES, type IdKind } from "./ids.ts";

/**
 * Schema pieces every engine uses, so a money amount, a date or an id is
 * described, validated and documented the same way everywhere.
 */

export const MAX_AMOUNT = 1_000_000_000_000; // 10^12: any real invoice, and exact in cents as a double.

/**
 * At most this many decimals (validation.ts checks it by the number's digits). Not multipleOf: 0.01, which
 * standard validators judge by float division and so reject 19.99; the document carries it as an extension.
 */
export const MAX_DECIMALS = "x-max-decimals";

/** PostgreSQL's `integer` range: a client's integer past it would fail in the database (a 500), not at the edge. */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;

/**
 * An integer a client sends: always bounded, by the domain's own range when it has one and by the `integer`
 * column's otherwise (test/hardening/hostile-input.test.ts fails on any request integer without both bounds).
 */
export const Int = (options: { minimum?: number; maximum?: number; default?: number; description?: string } = {}) =>
  Type.Integer({ minimum: INT_MIN, maximum: INT_MAX, ...options });

/** An amount from 0 with at most two decimals (list filters, annual revenue). */
export const AmountFrom0 = (description?: string) => Type.Number({ minimum: 0, maximum: MAX_AMOUNT, [MAX_DECIMALS]: 2, description });

export const Money = (description: string) => Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT, [MAX_DECIMALS]: 2, description, examples: [1250.5] });

export const MoneyOut = (description: string) => Type.Number({ description, examples: [1250.5] });

export const Currency = Type.String({
  format: "iso4217",
  description: "ISO 4217 currency code in capitals.",
  examples: ["USD"],
});

export const Country = Type.String({
  format: "iso3166",
  description: "ISO 3166-1 alpha-2 country code in capitals.",
  examples: ["US"],
});

export const CalendarDate = (description: string) => Type.String({ format: "date", description, examples: ["2026-12-31"] });

export const Timestamp = (description: string) => Type.String({ format: "date-time", description });

/**
 * T or null, written as `type: [T, "null"]` rather than anyOf: the response
 * serializer handles a type list directly, where an anyOf makes it run a
 * validator over every row's field to pick a branch.
 */
export function Nullable<T extends TSchema>(schema: T, options: Record<string, unknown> = {}) {
  const { type, enum: values } = schema as unknown as { type: string; enum?: unknown[] };
  // An enum lists every allowed value: null must be among them, or a validator rejects it whatever the type says.
  const nullable = { ...schema, ...options, type: [type, "null"], ...(values ? { enum: [...values, null] } : {}) };
  return Type.Unsafe<Static<T> | null>(nullable);
}

/** A closed set of strings (an enum with its type, so serializers need no branch tests). */
export function StringEnum<const V extends readonly string[]>(values: V, options: Record<string, unknown> = {}) {
  return Type.Unsafe<V[number]>({ type: "string", enum: [...values], ...options });
}

export const NullableTimestamp = (description: string) => Nullable(Type.String({ format: "date-time" }), { description });

export function Id(kind: IdKind, description?: string) {
  const prefix = ID_PREFIXES[kind];
  return Type.String({
    pattern: idPattern(kind),
    description: description ?? `Identifier, ${prefix}_ followed by 26 characters.`,
    examples: [`${prefix}_01jd8z6q4m2c8v3t5y7w9x0a1b`],
    errorMessage: `must be an id of the form ${prefix}_ followed by 26 characters`,
  });
}

export const Metadata = Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 500 }), {
  maxProperties: 50,
  description: "Your own key-value strings (at most 50 keys; keys up to 40 characters, values up to 500).",
});

export const IdParams = (kind: IdKind) => Type.Object({ id: Id(kind) });

/**
 * A schema's name in the OpenAPI document (components/schemas), from its `$id`: declare a response object as
 * `Type.Object({...}, { $id: "Invoice" })` and every route answering it refers to that one component (see openapi.ts).
 * Names go on response schemas only: request schemas are compiled by a shared Ajv, which refuses two different
 * schemas under one `$id`, and they are published as they are elsewhere too (MCP tool inputs).
 */
export function schemaName(schema: TSchema): string | undefined {
  const id = (schema as { $id?: unknown }).$id;
  return typeof id === "string" ? id : undefined;
}

const ListMeta = Type.Object(
  {
    total: Type.Integer({ description: "Number of items matching the query." }),
    page: Type.Integer({ description: "Current page, from 1." }),
    per_page: Type.Integer({ description: "Page size." }),
  },
  { $id: "ListMeta" },
);

/** A page of items; named <Item>List when the item is named (InvoiceList). */
export function ListEnvelope<T extends TSchema>(item: T) {
  const name = schemaName(item);
  return Type.Object({ data: Type.Array(item), meta: ListMeta }, name ? { $id: `${name}List` } : {});
}

/** Marks a body schema the request may omit (validation.ts accepts no body; openapi.ts documents it as optional). */
export const OPTIONAL_BODY = "x-optional-body";

/** Marks a route whose request and response are passed through as they are (an edge function's HTTP invocation). */
export const RAW_EXCHANGE = "x-raw-exchange";

/** Marks a query-string value that takes a comma list (any of): its value is the schema of one item (openapi.ts publishes the array). */
export const COMMA_LIST = "x-comma-list";

/** Marks a route that may answer Server-Sent Events: its value is the schema of one event, `{ event, data }` (openapi.ts documents it). */
export const EVENT_STREAM = "x-event-stream";

/** One Server-Sent Event as EVENT_STREAM declares it: its `event:` name and its `data:` (JSON) shape. */
export function StreamEvent<const E extends string, D extends TSchema>(event: E, data: D, description: string) {
  return Type.Object({ event: Type.Literal(event), data }, { description });
}

/** Action routes (finalize, void, ...): no body, an empty one, or {}. */
export const NoBody = Type.Object({}, { additionalProperties: false, description: "No body, or an empty object.", [OPTIONAL_BODY]: true });

/** What DELETE answers: the id, the kind of object, and deleted: true. */
export function Deleted<const O extends string>(object: O) {
  const name = `Deleted${object.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase())}`;
  return Type.Object({ id: Type.String(), object: Type.Literal(object), deleted: Type.Literal(true) }, { $id: name });
}
