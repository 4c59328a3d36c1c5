import { beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../src/platform/validation.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { useTestApp, type Tenant } from "../helpers/harness.ts";

/**
 * Issue 26, section 2: input that used to reach a 500. JSON nested 100,000
 * levels deep overflowed the stack of a recursive walk over the body; it is
 * refused at the parser, before anything walks it, on every route that takes
 * a JSON body (served routes, hidden ones included).
 */
const t = useTestApp();
let tenant: Tenant;

beforeAll(async () => {
  tenant = await t().tenant();
});

const LEVELS = 100_000;
const deepArray = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;

/** Every served route that may carry a body, with its path parameters filled (the parser runs before they are looked at). */
function bodyRoutes() {
  return t()
    .app.servedRoutes.filter((r) => ["POST", "PATCH", "PUT"].includes(r.method) && !r.url.includes("/invoke"))
    .map((r) => ({ ...r, path: r.url.replace(/:[a-z_]+/g, "x") }));
}

describe("deeply nested JSON", () => {
  it(`is refused with a 400 naming the depth on every body route, as the whole body and inside a field (${LEVELS} levels)`, async () => {
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let refused = 0;
    for (const route of routes) {
      for (const [shape, raw, field] of [
        ["array", deepArray(LEVELS), "body"],
        ["object", deepObject(LEVELS), "a"],
        ["inside a field", `{"name":"x","metadata":${deepObject(LEVELS)}}`, "metadata"],
      ] as const) {
        const res = await tenant.client.request(route.method, route.path, { raw, headers: { "content-type": "application/json" } });
        const what = `${route.method} ${route.url} (${shape}) -> ${res.status} ${res.text.slice(0, 200)}`;
        if (res.status >= 500) failures.push(what);
        // Routes refused before the body is read (no session for the dashboard's own API, a wrong content type) say so first.
        if (res.status !== 400) continue;
        if (res.body?.code !== "validation_failed" || !String(res.body.detail).includes(`${MAX_JSON_DEPTH} levels`)) failures.push(what);
        else if (!res.body.errors?.some((e: { in: string; field: string }) => e.in === "body" && e.field === field)) failures.push(`field not named: ${what}`);
        else refused++;
      }
    }
    expect(failures, failures.slice(0, 10).join("\n")).toEqual([]);
    // Every route a key reaches (all of /v1 and /mcp) got that far: the depth, not an earlier refusal, answered.
    const keyRoutes = routes.filter((r) => r.url.startsWith("/v1/") || r.url === "/mcp");
    expect(refused).toBeGreaterThanOrEqual(keyRoutes.length * 3);
  }, 120_000);

  it("nesting up to the limit is parsed and judged by the schema as usual", async () => {
    const res = await tenant.client.request("POST", "/v1/invoices", {
      raw: `{"client":"A","metadata":${deepObject(MAX_JSON_DEPTH - 1)}}`,
      headers: { "content-type": "application/json" },
    });
    const body = expectProblem(res, 400, "validation_failed");
    expect(body.detail).not.toContain("levels");
  });

  it("brackets inside strings do not count", async () => {
    const res = await tenant.client.post("/v1/invoices", {
      client: "[".repeat(200),
      amount: 1,
      currency: "USD",
      due_date: "2099-01-01",
      metadata: { note: "{".repeat(600) },
    });
    expect(res.status, res.text).toBe(400); // the metadata value is too long, not too deep
    expect(res.body.detail).not.toContain("levels");
  });

  it("the depth scan reads strings as JSON does: escaped quotes and backslashes, brackets inside", async () => {
    const { tooDeep } = await import("../../src/platform/validation.ts");
    const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    expect(tooDeep(JSON.stringify({ a: `\\"${"[".repeat(100)}`, b: "\\", c: '"{{{' }))).toBeUndefined();
    expect(tooDeep(`{"x\\"y":1,"deep":${deep(MAX_JSON_DEPTH)}}`)).toBe("deep");
    expect(tooDeep(`{"a\\\\":${deep(MAX_JSON_DEPTH - 1)}}`)).toBeUndefined();
    expect(tooDeep(`{"a\\\\":"\\\\",  "b" : ${deep(MAX_JSON_DEPTH)}}`)).toBe("b");
    expect(tooDeep(deep(MAX_JSON_DEPTH + 1))).toBe("body");
    expect(tooDeep(`{"unterminated: ${deep(100)}`)).toBeUndefined();
  });

  it("a NUL scan over a value deeper than any body is iterative", async () => {
    const { nulPaths } = await import("../../src/platform/validation.ts");
    let value: unknown = "a\u0000";
    for (let i = 0; i < LEVELS; i++) value = [value];
    expect(nulPaths(value)).toHaveLength(1);
  });
});

type Schema = Record<string, any>;

/** Every integer and number in a schema, with its path; `$ref`s are followed into the document's components. */
function numbersIn(schema: Schema | undefined, doc: Schema, path: string, out: [string, Schema][] = [], seen = new Set<Schema>()): [string, Schema][] {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return out;
  seen.add(schema);
  if (typeof schema.$ref === "string") return numbersIn(doc.components?.schemas?.[schema.$ref.split("/").pop()!], doc, path, out, seen);
  const types = ([] as string[]).concat(schema.type ?? []);
  if (types.includes("integer") || types.includes("number")) out.push([path, schema]);
  for (const [name, child] of Object.entries<Schema>(schema.properties ?? {})) numbersIn(child, doc, `${path}.${name}`, out, seen);
  if (schema.items) numbersIn(schema.items, doc, `${path}[]`, out, seen);
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") numbersIn(schema.additionalProperties, doc, `${path}.*`, out, seen);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) numbersIn(branch, doc, path, out, seen);
  return out;
}

const INT4 = 2 ** 31;

describe("numbers a client sends", () => {
  it("every integer and number in every request (body, query, path) has a minimum and a maximum within PostgreSQL's integer or numeric range", () => {
    // The served routes' own schemas: hidden routes (the dashboard's API, OAuth registration) are held to it too.
    const doc = t().app.swagger() as Schema;
    const unbounded: string[] = [];
    let checked = 0;
    for (const route of t().app.servedRoutes) {
      const found: [string, Schema][] = [];
      for (const [part, schema] of Object.entries(route.request)) numbersIn(schema as Schema, doc, part, found);
      checked += found.length;
      for (const [where, s] of found) {
        const min = s.minimum ?? s.exclusiveMinimum;
        const max = s.maximum ?? s.exclusiveMaximum;
        const isInt = ([] as string[]).concat(s.type).includes("integer");
        const ok =
          typeof min === "number" && typeof max === "number" && (!isInt || (min >= -INT4 && max < INT4)) && Math.abs(min) <= 1e15 && Math.abs(max) <= 1e15;
        if (!ok)
          unbounded.push(
            `${route.method} ${route.url} ${where}: minimum ${min}, maximum ${max} (give it both bounds: Int() or Money() from src/platform/schemas.ts)`,
          );
      }
    }
    expect(unbounded, unbounded.join("\n")).toEqual([]);
    expect(checked, "numbers found in request schemas (page, per_page, amounts, filters...)").toBeGreaterThan(50);
  });

  const HUGE = "123456789012345678901234567890";
  it("an integer past PostgreSQL's range is a 400 naming the field, in a body, a query and a path", async () => {
    const fn = await tenant.client.post("/v1/functions", { name: "bounded-fn", source: "export default { async fetch() { return {} } }" });
    expect(fn.status, fn.text).toBeLessThan(300);
    const rollback = await tenant.client.request("POST", "/v1/functions/bounded-fn/rollback", {
      raw: `{"version": ${HUGE}}`,
      headers: { "content-type": "application/json" },
    });
    expect(expectProblem(rollback, 400, "validation_failed").errors).toEqual([expect.objectContaining({ in: "body", field: "version" })]);
    for (const value of [HUGE, String(INT4), "1e308", "-1", "Infinity", "NaN"]) {
      const page = await tenant.client.get(`/v1/invoices?page=${value}`);
      expect(expectProblem(page, 400, "validation_failed", `page=${value}`).errors).toEqual([expect.objectContaining({ in: "query", field: "page" })]);
    }
  });
});
