import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import cc from "currency-codes";
import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { COUNTRY_CODES } from "./countries.ts";
import { ApiError, invalidField, type FieldError } from "./errors.ts";
import { MAX_DECIMALS, OPTIONAL_BODY } from "./schemas.ts";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
type AddFormats = (ajv: Ajv, formats: string[]) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats;

/** ISO 4217 codes, less XTS (testing) and XXX (no currency). */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(cc.codes().filter((c) => c !== "XTS" && c !== "XXX"));

/** Minor-unit digits of a currency (JPY 0, EUR 2, BHD 3). */
export function currencyDigits(code: string): number {
  return cc.code(code)?.digits ?? 2;
}

/** Digits after the decimal point of a number as JSON writes it (1.5e-7 has 8). */
function decimalPlaces(value: number): number {
  const match = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/i.exec(String(value));
  if (!match) return Infinity;
  return Math.max(0, (match[1]?.length ?? 0) - Number(match[2] ?? 0));
}

/**
 * multipleOf by decimal digits when the divisor is a power of ten (money is
 * multipleOf 0.01): float division misjudges amounts with cents, 0.07 below
 * a million and 1234567.89 above, whatever tolerance is chosen.
 */
function isMultipleOf(divisor: number, value: number): boolean {
  const places = -Math.log10(divisor);
  if (Number.isInteger(places) && places >= 0) return decimalPlaces(value) <= places;
  const quotient = value / divisor;
  return Math.abs(Math.round(quotient) - quotient) <= 1e-9;
}

function makeAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    verbose: true,
    // OpenAPI-only keywords (description, example, x-*) are allowed in schemas.
    strict: false,
  });
  ajv.removeKeyword("multipleOf");
  ajv.addKeyword({
    keyword: "multipleOf",
    type: "number",
    schemaType: "number",
    validate: function check(divisor: number, value: number) {
      if (isMultipleOf(divisor, value)) return true;
      (check as { errors?: Partial<ErrorObject>[] }).errors = [{ keyword: "multipleOf", params: { multipleOf: divisor } }];
      return false;
    },
  });
  ajv.addKeyword({
    keyword: MAX_DECIMALS,
    type: "number",
    schemaType: "number",
    validate: function check(places: number, value: number) {
      if (decimalPlaces(value) <= places) return true;
      (check as { errors?: Partial<ErrorObject>[] }).errors = [{ keyword: MAX_DECIMALS, params: { places } }];
      return false;
    },
  });
  addFormats(ajv, ["date", "date-time", "email", "uri"]);
  ajv.addFormat("iso4217", { type: "string", validate: (v: string) => CURRENCY_CODES.has(v) });
  ajv.addFormat("iso3166", { type: "string", validate: (v: string) => COUNTRY_CODES.has(v) });
  return ajv;
}

/**
 * Request bodies are JSON and must already carry the right types: "12" is not a
 * number. Query strings, path parameters and headers are text by nature and
 * are coerced.
 */
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === "body" ? bodyAjv : textAjv;
  const validate = ajv.compile(schema as object) as ValidateFunction;
  if (httpPart !== "body" || (schema as Record<string, unknown>)[OPTIONAL_BODY] !== true) return validate;
  // Fastify validates a missing (or empty) body as null: a body the route may omit accepts it.
  const optional = ((data: unknown) => {
    if (data === null || data === undefined) return true;
    const valid = validate(data);
    optional.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return optional;
};

const LOCATIONS: Record<string, FieldError["in"]> = {
  body: "body",
  querystring: "query",
  params: "path",
  headers: "header",
};

/** "/steps/0/type" -> "steps[0].type" */
function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split("/").slice(1);
  if (extra !== undefined) parts.push(extra);
  let out = "";
  for (const raw of parts) {
    const part = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  }
  return out;
}

const FORMAT_MESSAGES: Record<string, string> = {
  date: "must be a calendar date, YYYY-MM-DD",
  "date-time": "must be a date and time in RFC 3339 form, e.g. 2026-01-31T12:00:00Z",
  email: "must be an email address",
  uri: "must be an absolute URL",
  iso4217: "must be an ISO 4217 currency code in capitals, e.g. USD, EUR, JPY",
  iso3166: "must be an ISO 3166-1 alpha-2 country code in capitals, e.g. US, DE, JP",
};

function message(error: ErrorObject, location: FieldError["in"]): string {
  const custom = (error.parentSchema as { errorMessage?: string } | undefined)?.errorMessage;
  if (custom && error.keyword !== "required" && error.keyword !== "additionalProperties") return custom;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return "is required";
    case "additionalProperties":
      return location === "query" ? "is not a known query parameter for this endpoint (see /docs)" : "is not a known field";
    case "type":
      return `must be ${String(p.type).replace(",", " or ")}`;
    case "format":
      return FORMAT_MESSAGES[String(p.format)] ?? `must be a valid ${String(p.format)}`;
    case "enum": {
      const allowed = p.allowedValues as unknown[];
      return `must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}`;
    }
    case "const":
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case MAX_DECIMALS:
      return p.places === 2 ? "must have at most two decimals" : `must have at most ${String(p.places)} decimals`;
    case "multipleOf":
      return p.multipleOf === 0.01 ? "must have at most two decimals" : `must be a multiple of ${String(p.multipleOf)}`;
    case "minimum":
      return `must be at least ${String(p.limit)}`;
    case "maximum":
      return `must be at most ${String(p.limit)}`;
    case "exclusiveMinimum":
      return `must be greater than ${String(p.limit)}`;
    case "exclusiveMaximum":
      return `must be less than ${String(p.limit)}`;
    case "minLength":
      return p.limit === 1 ? "must not be empty" : `must be at least ${String(p.limit)} characters`;
    case "maxLength":
      return `must be at most ${String(p.limit)} characters`;
    case "minItems":
      return `must have at least ${String(p.limit)} items`;
    case "maxItems":
      return `must have at most ${String(p.limit)} items`;
    case "maxProperties":
      return `must have at most ${String(p.limit)} entries`;
    case "uniqueItems":
      return "must not repeat items";
    default:
      return error.message ?? "is invalid";
  }
}

/** The values a const or enum error allows, or the types a type error names. */
function alternatives(error: ErrorObject): { kind: "values" | "types"; items: unknown[] } | undefined {
  const p = error.params as Record<string, unknown>;
  if (error.keyword === "const") return { kind: "values", items: [p.allowedValue] };
  if (error.keyword === "enum") return { kind: "values", items: p.allowedValues as unknown[] };
  if (error.keyword === "type") return { kind: "types", items: String(p.type).split(",") };
  return undefined;
}

/**
 * Ajv errors -> one field error per field. A union (anyOf) that fails reports
 * every branch; the first message for a field is the one kept, except that the
 * branches' allowed values (or types) are gathered: "must be one of "draft",
 * "open"", not just the first branch's "must be "draft"".
 */
export function fieldErrors(errors: ErrorObject[], context: string): FieldError[] {
  const location = LOCATIONS[context] ?? "body";
  const byField = new Map<string, FieldError>();
  const gathered = new Map<string, { kind: "values" | "types"; items: unknown[] }>();
  for (const error of errors) {
    if (error.keyword === "anyOf" || error.keyword === "if") continue;
    const p = error.params as Record<string, string>;
    const extra = error.keyword === "required" ? p.missingProperty : error.keyword === "additionalProperties" ? p.additionalProperty : undefined;
    const field = fieldPath(error.instancePath, extra) || (location === "body" ? "body" : location);
    const existing = byField.get(field);
    const more = alternatives(error);
    if (!existing) {
      byField.set(field, { in: location, field, message: message(error, location) });
      if (more) gathered.set(field, { kind: more.kind, items: [...more.items] });
      continue;
    }
    const soFar = gathered.get(field);
    if (!soFar || !more || more.kind !== soFar.kind) continue;
    for (const item of more.items) if (!soFar.items.includes(item)) soFar.items.push(item);
    existing.message =
      soFar.kind === "values" ? `must be one of ${soFar.items.map((v) => JSON.stringify(v)).join(", ")}` : `must be ${soFar.items.join(" or ")}`;
  }
  return [...byField.values()];
}

/** "a", "a.b", "a[0]": a field path as problems name it. */
function childPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

const MAX_NUL_FIELDS = 20;

/**
 * How deeply objects and arrays may nest in a JSON body. Our deepest schema
 * nests about six levels (a function deploy's triggers, an agent step), so 64
 * leaves room for any client's metadata-like values while keeping every walk
 * over a body (validation, the NUL scan, idempotency hashing, jsonb) far from
 * the stack's end: 100,000 levels overflowed it.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The paths of the strings (or field names) in a parsed request part that hold
 * a NUL character (at most MAX_NUL_FIELDS). PostgreSQL stores no NUL in text or
 * jsonb, so such a value could only fail deep inside a write.
 */
export function nulPaths(value: unknown): string[] {
  const found: string[] = [];
  // Iterative: a walk that recursed overflowed the stack on a value nested 100,000 levels deep.
  const stack: [unknown, string][] = [[value, ""]];
  // Enough to name every bad field of a real request; a body made of NULs stops here.
  while (stack.length > 0 && found.length < MAX_NUL_FIELDS) {
    const [item, path] = stack.pop()!;
    if (typeof item === "string") {
      if (item.includes("\0")) found.push(path);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], childPath(path, i)]);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item).reverse()) {
        if (key.includes("\0")) found.push(childPath(path, key.replaceAll("\0", "\\u0000")));
        else stack.push([child, childPath(path, key)]);
      }
    }
  }
  return found;
}

/**
 * Where a JSON text nests objects and arrays deeper than `max`: the top-level
 * field holding the nesting ("body" when the body itself is), or undefined
 * when it does not. A scan of the text, before parsing, so nothing ever walks
 * such a value; brackets inside strings do not count.
 */
export function tooDeep(text: string, max = MAX_JSON_DEPTH): string | undefined {
  let depth = 0;
  // Where the last string at the top level starts and ends (sliced only when a colon makes it a field's name).
  let nameStart = 0;
  let nameEnd = 0;
  let fieldStart = 0;
  let fieldEnd = 0;
  let topIsObject = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string: jump to its closing quote (one not escaped by an odd run of backslashes) with indexOf, not char by char.
      const start = i;
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i < 0) return undefined; // unterminated: the parser says so
        let slashes = 0;
        while (text.charCodeAt(i - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) break;
      }
      if (depth === 1) (nameStart = start), (nameEnd = i + 1);
    } else if (c === 123 || c === 91) {
      if (depth === 0) topIsObject = c === 123;
      if (++depth > max) return (topIsObject && jsonString(text.slice(fieldStart, fieldEnd))) || "body";
    } else if (c === 125 || c === 93) {
      depth--;
    } else if (c === 58 && depth === 1) {
      // The string before a colon at the top level is the field's name.
      (fieldStart = nameStart), (fieldEnd = nameEnd);
    }
  }
  return undefined;
}

function jsonString(text: string): string {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "string" ? value : "";
  } catch {
    return "";
  }
}

/** The problem for a body tooDeep() refused. */
export function tooDeepError(field: string, max = MAX_JSON_DEPTH): ApiError {
  return invalidField("body", field, `nests objects and arrays more than ${max} levels deep`);
}

const TEXT_PARTS = [
  ["params", "path"],
  ["query", "query"],
  ["body", "body"],
] as const;

/**
 * Refuses a NUL character anywhere in the path parameters, the query or the
 * body, on every route (schemas or not), before validation: one check at the
 * edge instead of one per field.
 */
export function registerTextChecks(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const message = "must not contain NUL characters (\\u0000)";
    const errors: FieldError[] = TEXT_PARTS.flatMap(([part, location]) =>
      nulPaths(request[part]).map((field) => ({ in: location, field: field || location, message })),
    );
    if (errors.length === 1) throw invalidField(errors[0]!.in, errors[0]!.field, message);
    if (errors.length > 1) throw new ApiError("validation_failed", `${errors.length} fields contain NUL characters; see errors.`, { errors });
  });
}
