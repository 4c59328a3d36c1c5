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
      }
    }
    expect(failures, failures.slice(0, 10).join("\n")).toEqual([]);
  }, 120_000);

  it("nesting up to the limit is parsed and judged by the schema as usual", async () => {
    const res = await tenant.client.request("POST", "/v1/invoices", { raw: `{"client":"A","metadata":${deepObject(MAX_JSON_DEPTH - 1)}}`, headers: { "content-type": "application/json" } });
    const body = expectProblem(res, 400, "validation_failed");
    expect(body.detail).not.toContain("levels");
  });

  it("brackets inside strings do not count", async () => {
    const res = await tenant.client.post("/v1/invoices", { client: "[".repeat(200), amount: 1, currency: "USD", due_date: "2099-01-01", metadata: { note: "{".repeat(600) } });
    expect(res.status, res.text).toBe(400); // the metadata value is too long, not too deep
    expect(res.body.detail).not.toContain("levels");
  });

  it("a NUL scan over a value deeper than any body is iterative", async () => {
    const { nulPaths } = await import("../../src/platform/validation.ts");
    let value: unknown = "a\u0000";
    for (let i = 0; i < LEVELS; i++) value = [value];
    expect(nulPaths(value)).toHaveLength(1);
  });
});
