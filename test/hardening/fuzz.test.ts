import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { useTestApp, type Tenant } from "../helpers/harness.ts";
import { ROUTES_WITH_ID, missingId, type Route } from "../helpers/routes.ts";

/**
 * Issue 16: a property-based fuzz test generated from the OpenAPI document
 * (app.swagger()): every operation, called with valid and mutated inputs (NUL
 * bytes, prototype names, huge values, wrong types, malformed JSON, other
 * tenants' ids, no key, a read-only key). Properties: no 5xx, every error an
 * RFC 9457 problem with a code and a request id, and nothing internal (SQL,
 * stack frames, file paths, driver names) in any body.
 *
 * Issue 26 widened it: JSON nested 100,000 levels (the whole body, and inside
 * a field), every integer and number at and past its schema's bounds and
 * PostgreSQL's integer range, 1e308, -1e308, -0, 1e400 and 30-digit integers
 * written as JSON, "NaN", "Infinity" and numbers as strings, in bodies, query
 * strings and paths; NUL bytes and prototype names as keys and values.
 *
 * Bounded: FUZZ_REQUESTS (default 10,000) requests or FUZZ_SECONDS (default
 * 110) seconds, whichever comes first. A fixed set of seeds runs first (the
 * same requests every run), then a random seed, which a failure prints so the
 * run can be repeated with FUZZ_SEED.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 110);
const FIXED_SEEDS = [16, 1616, 161616];
const CONCURRENCY = 8;

const t = useTestApp({ functionWorkers: 1 });

type Schema = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  params: { in: "path" | "query"; name: string; required: boolean; schema: Schema }[];
  body?: Schema;
}
interface FuzzRequest {
  op: Operation;
  path: string;
  query: [string, string][];
  body?: string;
  auth: "full" | "read_only" | "none";
}

/** Including driver names: no answer, /readyz included, says which database the server runs on. */
const INTERNALS = [
  /\n\s+at \S+/,
  /\.ts:\d+/,
  /node_modules/,
  /\b(select|insert|update)\b[^"]{0,200}\b(from|into|set)\b/i,
  /relation "/i,
  /duplicate key/i,
  /\b(postgres|pglite|drizzle)\b/i,
];

// ---------------------------------------------------------------------------
// Values.

const PROTO_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype", "__defineGetter__", "a\u0000b", "\u0000"];

/**
 * A number JSON can write but JavaScript cannot hold (1e400, a 30-digit integer): generated as a marked string
 * and written into the JSON text as the bare token (see toJson).
 */
const RAW = "\u0001RAW:";
const raw = (token: string) => `${RAW}${token}\u0001`;
/** JSON.stringify, with raw() number tokens written bare. */
function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001RAW:([^"\\]*)\\u0001"/g, "$1");
}
/** A query or path value: raw() tokens as their text. */
const toText = (value: unknown) => (typeof value === "string" ? value : toJson(value)).replace(/\u0001RAW:([^\u0001]*)\u0001/g, "$1");

const INT4_MAX = 2 ** 31 - 1;
const INT4_MIN = -(2 ** 31);
/** Numbers at and past a schema's bounds and the database's ranges, and things that look like numbers. */
function hostileNumber(schema: Schema): fc.Arbitrary<unknown> {
  const edges = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].filter((v): v is number => typeof v === "number");
  return fc.constantFrom<unknown>(
    ...edges.flatMap((v) => [v, v - 1, v + 1, v - 0.001, v + 0.001]),
    INT4_MAX,
    INT4_MAX + 1,
    INT4_MIN,
    INT4_MIN - 1,
    2 ** 53,
    -(2 ** 53),
    2 ** 63,
    9.2e18,
    1e308,
    -1e308,
    -0,
    5e-324,
    0.1 + 0.2,
    raw("1e400"),
    raw("-1e400"),
    raw("123456789012345678901234567890"),
    raw("1E+2"),
    raw("0.0000000000000000000001"),
    "NaN",
    "Infinity",
    "-Infinity",
    "12",
    "1e3",
    "0x10",
    " 1",
    "",
  );
}

const LEVELS = 100_000;
const DEEP_ARRAY = `${"[".repeat(LEVELS)}${"]".repeat(LEVELS)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(LEVELS)}1${"}".repeat(LEVELS)}`;
const weirdString = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\u0000\u0000",
    ...PROTO_NAMES,
    "",
    " ",
    "-",
    "%00",
    "../..",
    "\u202e\ufeff",
    "😀".repeat(50),
    "null",
    "true",
    "1e999",
    "-0",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.nat({ max: 200_000 }).map((n) => "x".repeat(n)),
);
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  fc.constantFrom(
    0,
    -1,
    -0,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    2 ** 64,
    0.001,
    true,
    false,
    null,
    raw("1e400"),
    raw("123456789012345678901234567890"),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant([]),
  fc.constant({}),
  fc.array(weirdString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...PROTO_NAMES, "a"), weirdString, { maxKeys: 2 }).map((d) => Object.fromEntries(Object.entries(d))),
);

/** A value for a JSON schema; `mutate` is the chance of a weird value in its place, at every level. */
function fromSchema(schema: Schema | undefined, mutate: number, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFromSchema(schema ?? {}, mutate, depth);
  if (mutate <= 0) return valid;
  const weight = Math.round(mutate * 100);
  return fc.oneof({ arbitrary: valid, weight: 100 - weight }, { arbitrary: weirdValue, weight });
}

function validFromSchema(schema: Schema, mutate: number, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b: Schema) => fromSchema(b, mutate, depth + 1)));
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ["string"];
  return fc.oneof(...types.map((type) => ofType(type, schema, mutate, depth)));
}

function ofType(type: string, schema: Schema, mutate: number, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const valid = fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 100_000, 1e9) });
      return mutate > 0 ? fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: hostileNumber(schema), weight: 1 }) : valid;
    }
    case "number": {
      const cents = fc
        .integer({ min: Math.ceil((schema.minimum ?? 0) * 100), max: Math.floor(Math.min(schema.maximum ?? 1e6, 1e9) * 100) })
        .map((c) => c / 100);
      return mutate > 0 ? fc.oneof({ arbitrary: cents, weight: 2 }, { arbitrary: hostileNumber(schema), weight: 1 }) : cents;
    }
    case "array":
      return fc.array(fromSchema(schema.items, mutate, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case "object": {
      const props: Record<string, Schema> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      const entries = Object.entries(props).map(([name, s]) => {
        const value = fromSchema(s, mutate, depth + 1);
        // Required fields are usually there; optional ones half the time; any may be dropped when mutating.
        const keep = required.has(name) ? (mutate > 0 ? fc.nat(19).map((n) => n !== 0) : fc.constant(true)) : fc.boolean();
        return fc.tuple(fc.constant(name), value, keep);
      });
      const extra =
        mutate > 0 ? fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_NAMES), fc.string({ maxLength: 8 })), weirdValue), { maxLength: 1 }) : fc.constant([]);
      const metadata =
        schema.additionalProperties && typeof schema.additionalProperties === "object"
          ? fc.array(fc.tuple(fc.string({ maxLength: 10 }), fromSchema(schema.additionalProperties, mutate, depth + 1)), { maxLength: 2 })
          : fc.constant([]);
      return fc.tuple(fc.tuple(...entries), extra, metadata).map(([fields, more, meta]) =>
        // fromEntries defines "__proto__" as an own key, so it reaches the JSON as written.
        Object.fromEntries([
          ...(fields as [string, unknown, boolean][]).filter(([, , keep]) => keep).map(([k, v]) => [k, v]),
          ...(more as [string, unknown][]),
          ...(meta as [string, unknown][]),
        ]),
      );
    }
    default:
      return stringFor(schema);
  }
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  switch (schema.format) {
    case "date":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString());
    case "email":
      return fc.emailAddress();
    case "uri":
      return fc.constantFrom("https://example.com/hooks", "http://127.0.0.1:9/x", "https://10.0.0.1/", "ftp://x");
    case "iso4217":
      return fc.constantFrom("USD", "EUR", "JPY", "BHD");
    case "iso3166":
      return fc.constantFrom("US", "DE", "JP");
  }
  if (schema.pattern) {
    // Ids: a well-formed one that names nothing (existing ones come from the fixtures).
    const prefix = /^\^([a-z]+)_/.exec(schema.pattern)?.[1];
    if (prefix) return fc.constant(prefix).map((p) => missingId(p));
    const pattern = new RegExp(schema.pattern);
    // fast-check cannot generate from lookaheads (the agent's "not only spaces"): draw plain strings and keep the matches.
    if (/\(\?[=!]/.test(schema.pattern)) return fc.string({ minLength: 1, maxLength: 40 }).filter((s) => pattern.test(s));
    return fc.stringMatching(pattern).filter((s) => s.length <= (schema.maxLength ?? 200));
  }
  return fc.string({ minLength: schema.minLength ?? 1, maxLength: Math.min(schema.maxLength ?? 30, 30) });
}

// ---------------------------------------------------------------------------
// Operations and fixtures.

function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!["get", "post", "patch", "delete", "put"].includes(method)) continue;
      // An endless text/event-stream answer never ends a request: the stream has its own tests (test/platform/event-stream.test.ts).
      if (op.responses?.["200"]?.content?.["text/event-stream"]) continue;
      const params = (op.parameters ?? [])
        .filter((p: any) => p.in === "path" || p.in === "query")
        .map((p: any) => ({ in: p.in, name: p.name, required: !!p.required, schema: p.schema ?? {} }));
      ops.push({ method: method.toUpperCase(), path, params, body: op.requestBody?.content?.["application/json"]?.schema });
    }
  }
  return ops;
}

/** "/v1/sequences/{id}/enrollments/{enrollment_id}" -> the route table's "/v1/sequences/:id/enrollments/:sub". */
function tablePath(path: string): string {
  let n = 0;
  return path.replace(/\{[^}]+\}/g, () => (n++ === 0 ? ":id" : ":sub"));
}

/** Existing ids per route-table path, made in a tenant through the route table's fixtures. */
async function idsFor(tenant: Tenant, routes: readonly Route[]): Promise<Map<string, string[]>> {
  const made = new Map<Route["id"], string>();
  const out = new Map<string, string[]>();
  for (const route of routes) {
    const maker = route.id!;
    if (!made.has(maker)) made.set(maker, await maker.make(tenant));
    out.set(route.path, [...(out.get(route.path) ?? []), made.get(maker)!]);
  }
  return out;
}

function requestArbitrary(ops: Operation[], own: Map<string, string[]>, foreign: Map<string, string[]>): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      op: fc.constantFrom(...ops),
      mutate: fc.constantFrom(0, 0, 0.1, 0.3),
      idChoice: fc.constantFrom("own", "own", "foreign", "missing", "weird"),
      weirdId: weirdString,
      auth: fc.constantFrom<FuzzRequest["auth"]>("full", "full", "full", "full", "full", "full", "read_only", "none"),
      rawBody: fc.constantFrom(
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        "{",
        '{"a":',
        "[1,2",
        "nul\u0000l",
        '{"amount": 1e99999}',
        '"\\ud800"',
        '{"a":"\\u0000"}',
        "0",
        "[]",
        DEEP_ARRAY,
        DEEP_OBJECT,
        "deep field",
      ),
      seed: fc.nat(),
    })
    .chain(({ op, mutate, idChoice, weirdId, auth, rawBody }) => {
      const pathParams = op.params.filter((p) => p.in === "path");
      const queryParams = op.params.filter((p) => p.in === "query");
      const ids = (idChoice === "own" ? own : foreign).get(tablePath(op.path));
      const pathValues =
        idChoice === "weird" || (!ids && idChoice !== "missing")
          ? fc.tuple(...pathParams.map(() => (idChoice === "weird" ? fc.constant(weirdId) : fc.string({ minLength: 1, maxLength: 12 }))))
          : idChoice === "missing"
            ? // Path integers (none today) get the same hostile numbers as body and query ones.
              fc.tuple(...pathParams.map((p) => (["integer", "number"].includes(p.schema.type) ? fromSchema(p.schema, 0.5).map(toText) : stringFor(p.schema))))
            : fc.constantFrom(...ids!).map((id) => id.split("/"));
      const query = fc.tuple(
        ...queryParams.map((p) => fc.tuple(fc.constant(p.name), fc.option(fromSchema(p.schema, mutate), { freq: 3 }))),
        mutate > 0
          ? fc.option(fc.tuple(fc.constantFrom("sort", "q", "email", "object_id", "per_page", "page", ...PROTO_NAMES), weirdString), { freq: 2 })
          : fc.constant(null),
      );
      const body = op.body ? fromSchema(op.body, mutate) : fc.constant(undefined);
      return fc.tuple(pathValues, query, body).map(([values, q, value]) => {
        let i = 0;
        const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(String((values as string[])[i++] ?? "x")));
        const pairs: [string, string][] = [];
        for (const entry of q as ([string, unknown] | [string, unknown] | null)[]) {
          if (!entry || entry[1] === null || entry[1] === undefined) continue;
          pairs.push([entry[0], toText(entry[1])]);
        }
        // 100,000 levels inside the first field the body declares (or "a").
        const deepField = () => `{${JSON.stringify(Object.keys(op.body?.properties ?? {})[0] ?? "a")}:${DEEP_OBJECT}}`;
        const text =
          rawBody !== undefined && op.method !== "GET" ? (rawBody === "deep field" ? deepField() : rawBody) : value === undefined ? undefined : toJson(value);
        return { op, path, query: pairs, body: op.method === "GET" || op.method === "DELETE" ? undefined : text, auth };
      });
    });
}

// ---------------------------------------------------------------------------

let tenant: Tenant;
let keys: { full: string[]; read_only: string };
let ops: Operation[];
let own: Map<string, string[]>;
let foreign: Map<string, string[]>;

beforeAll(async () => {
  tenant = await t().tenant();
  const other = await t().tenant();
  // Several full-access keys, each with its own rate limit (10,000 a minute on the enterprise plan).
  const full = [tenant.key];
  for (let i = 0; i < 4; i++) full.push((await tenant.newKey("full_access")).secret);
  keys = { full, read_only: (await tenant.newKey("read_only")).secret };
  ops = operationsOf(t().app.swagger());
  own = await idsFor(tenant, ROUTES_WITH_ID);
  foreign = await idsFor(other, ROUTES_WITH_ID);
}, 120_000);

it(`${REQUESTS} generated requests over every operation: no 5xx, problems on every error, no internals`, async () => {
  expect(ops.length).toBeGreaterThan(50);
  const random = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  const fixedCount = Math.floor(REQUESTS / 2 / FIXED_SEEDS.length);
  const arbitrary = requestArbitrary(ops, own, foreign);
  const batches = [...FIXED_SEEDS.map((seed) => ({ seed, count: fixedCount })), { seed: random, count: REQUESTS - fixedCount * FIXED_SEEDS.length }];
  // Every operation at least once, with valid input, first.
  const firsts: FuzzRequest[] = ops.map((op) => fc.sample(requestArbitrary([op], own, foreign), { seed: 1, numRuns: 1 })[0]!);

  const deadline = Date.now() + SECONDS * 1000;
  const failures: string[] = [];
  const seenOps = new Set<string>();
  const statuses = new Map<number, number>();
  let sent = 0;
  let n = 0;

  async function send(request: FuzzRequest, seed: number): Promise<void> {
    const headers: Record<string, string> = {};
    const key = request.auth === "full" ? keys.full[n++ % keys.full.length] : request.auth === "read_only" ? keys.read_only : undefined;
    if (key) headers.authorization = `Bearer ${key}`;
    if (request.body !== undefined) headers["content-type"] = "application/json";
    const qs = request.query.length > 0 ? `?${new URLSearchParams(request.query).toString()}` : "";
    const res = await fetch(`${t().url}${request.path}${qs}`, { method: request.op.method, headers, body: request.body });
    const text = await res.text();
    sent++;
    seenOps.add(`${request.op.method} ${request.op.path}`);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const what = () =>
      `[seed ${seed}] ${request.op.method} ${request.path}${qs.slice(0, 300)} body ${String(request.body).slice(0, 300)} -> ${res.status} ${text.slice(0, 300)}`;
    const invoke = request.op.path.endsWith("/invoke");
    if (res.status >= 500 && !(invoke && /"code":"function_/.test(text))) failures.push(`5xx: ${what()}`);
    if (res.status >= 400) {
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (
        !/^application\/problem\+json/.test(res.headers.get("content-type") ?? "") ||
        typeof body?.code !== "string" ||
        typeof body?.request_id !== "string"
      ) {
        failures.push(`not a problem: ${what()}`);
      }
    }
    // A function's own answer is the function's; everything else is ours.
    if (!invoke) for (const pattern of INTERNALS) if (pattern.test(text)) failures.push(`internals (${pattern}): ${what()}`);
  }

  async function run(requests: FuzzRequest[], seed: number): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length && Date.now() < deadline && failures.length < 20) await send(requests[next++]!, seed);
      }),
    );
  }

  await run(firsts, 1);
  for (const { seed, count } of batches) {
    // Sampled in chunks so a time-bounded run does not generate what it never sends.
    for (let done = 0; done < count && Date.now() < deadline; done += 500) {
      await run(fc.sample(arbitrary, { seed: seed + done, numRuns: Math.min(500, count - done) }), seed);
    }
  }
  console.info(
    `[fuzz] ${sent} requests over ${seenOps.size} of ${ops.length} operations (seeds ${FIXED_SEEDS.join(", ")}, then ${random}); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
  );
  expect(failures, failures.slice(0, 10).join("\n")).toEqual([]);
  expect(seenOps.size).toBe(ops.length);
  if (!process.env.FUZZ_SECONDS) expect(sent).toBeGreaterThanOrEqual(Math.min(REQUESTS, 10_000));
}, 300_000);
