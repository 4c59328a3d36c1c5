import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { errorFields, expectInvalid, expectProblem } from "../helpers/expect-problem.ts";
import { useTestApp, type ApiResponse, type Client, type Tenant } from "../helpers/harness.ts";
import { missingId } from "../helpers/routes.ts";
import { deploy, deployVersion } from "../helpers/functions.ts";

// The deploy / management API of edge functions: /v1/functions and the routes below it.

const t = useTestApp();

const FN_ID = /^fn_[0-7][0-9a-hjkmnp-tv-z]{25}$/;
const KEY_ID = /^key_[0-7][0-9a-hjkmnp-tv-z]{25}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DEFAULT_LIMITS = { cpu_ms: 50, memory_mb: 64, timeout_ms: 5000 };
const PLAN_MAXIMA = {
  free: { cpu_ms: 100, memory_mb: 128, timeout_ms: 10_000 },
  growth: { cpu_ms: 1_000, memory_mb: 256, timeout_ms: 30_000 },
  enterprise: { cpu_ms: 5_000, memory_mb: 512, timeout_ms: 60_000 },
} as const;
const MB = 1024 * 1024;

let counter = 0;
const uniqueName = (prefix = "fn") => `${prefix}-${++counter}`;

/** A function answering which version it is, its env, its secrets' names and one secret's value. */
const reporter = (v: number) => `
export default {
  async fetch(request, ctx) {
    return {
      v: ${v},
      env: ctx.env,
      secretNames: Object.keys(ctx.secrets).sort(),
      apiKey: ctx.secrets.API_KEY ?? null,
      version: ctx.function.version,
    };
  },
  async event(event, ctx) {},
};
`;

const HELLO = `export default { async fetch(request, ctx) { return { hello: "world" } } }`;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function invoke(client: Client, name: string, body: unknown = {}): Promise<ApiResponse> {
  return client.post(`/v1/functions/${name}/invoke`, body);
}

/** Invokes and insists on a 200; the JSON it answered. */
async function invokeOk(client: Client, name: string): Promise<any> {
  const res = await invoke(client, name);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function getFn(client: Client, nameOrId: string): Promise<any> {
  const res = await client.get(`/v1/functions/${nameOrId}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The tenant's function names, as listed (any new deploy shows here). */
async function listedNames(client: Client): Promise<string[]> {
  const res = await client.get("/v1/functions?per_page=100");
  expect(res.status, res.text).toBe(200);
  expect(res.body.meta.total).toBe(res.body.data.length);
  return (res.body.data as any[]).map((f) => f.name).sort();
}

/** A 422 function_compile_error pointing at `source`. */
function expectCompileError(res: ApiResponse, context = ""): any {
  const problem = expectProblem(res, 422, "function_compile_error", context);
  expect(errorFields(res), `${context} fields`).toEqual(["body:source"]);
  return problem;
}

/** Rows of a raw query, on either database. */
async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  const result = await t().database.db.execute(query);
  return Array.isArray(result) ? result : (result as { rows: any[] }).rows;
}

async function events(client: Client, type: string, objectId: string): Promise<any[]> {
  const res = await client.get(`/v1/events?type=${type}&object_id=${objectId}&per_page=100`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

// ---------------------------------------------------------------------------

describe("POST /v1/functions", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
  });

  it("deploys version 1 and answers 201 with the function's exact shape", async () => {
    const name = uniqueName("shape");
    // Non-ASCII in a comment: source_bytes counts UTF-8 bytes, not characters.
    const source = `// café ☕\n${HELLO}\n`;
    const res = await tenant.client.post("/v1/functions", {
      name,
      source,
      env: { GREETING: "hello", REGION: "eu" },
      secrets: { ZED_TOKEN: "zed-secret-value", API_KEY: "sk-live-abc" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const fn = res.body;
    expect(fn).toEqual({
      id: expect.stringMatching(FN_ID),
      object: "function",
      name,
      active_version: 1,
      latest_version: 1,
      version: 1,
      sha256: sha256(source),
      source_bytes: Buffer.byteLength(source, "utf8"),
      filename: "function.ts",
      env: { GREETING: "hello", REGION: "eu" },
      secret_names: ["API_KEY", "ZED_TOKEN"],
      triggers: { http: true, events: [] },
      limits: DEFAULT_LIMITS,
      deployed_by: tenant.keyId,
      invoke_path: `/v1/functions/${name}/invoke`,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    expect(fn.source_bytes).toBe(source.length + 3); // é is 2 bytes (1 character), ☕ 3 (1 character)
    expect(fn.deployed_by).toMatch(KEY_ID);
    expect(fn.created_at).toBe(t().clock().toISOString());
    expect(fn.updated_at).toBe(fn.created_at);
    expect(res.text).not.toContain("zed-secret-value");
    expect(res.text).not.toContain("sk-live-abc");
    // It is live at its invoke_path.
    const called = await tenant.client.post(fn.invoke_path, {});
    expect(called.status, called.text).toBe(200);
    expect(called.body).toEqual({ hello: "world" });
    expect(called.headers.get("x-function-version")).toBe("1");
  });

  it("deploys TypeScript: annotations, interfaces, generics and type aliases are stripped and the code runs", async () => {
    const name = uniqueName("ts");
    const source = `interface Greeting {
  text: string;
  length: number;
}
type Mode = "loud" | "quiet";
enum Unused { A, B }
function identity<T>(value: T): T {
  return value;
}
function greet(who: string, mode: Mode = "quiet"): Greeting {
  const text: string = mode === "loud" ? \`HELLO \${who.toUpperCase()}\` : \`hello \${who}\`;
  return { text, length: text.length };
}
export default {
  async fetch(request: Request, ctx: { env: Record<string, string> }): Promise<Response> {
    const g: Greeting = greet(ctx.env.WHO as string, "loud");
    const n = identity<number>(41) + 1;
    return Response.json({ ...g, n, unused: Unused.B, method: request.method });
  },
};
`;
    const fn = await deploy(tenant.client, { name, source, env: { WHO: "typed" } });
    expect(fn.sha256).toBe(sha256(source));
    expect(fn.source_bytes).toBe(Buffer.byteLength(source));
    const res = await invoke(tenant.client, name);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toEqual({ text: "HELLO TYPED", length: 11, n: 42, unused: 1, method: "POST" });
  });

  it("`import type` is erased with the other types and deploys", async () => {
    const source = `import type { Invoice } from "./types";\nexport default { async fetch(): Promise<Invoice | null> { return null } }`;
    const res = await tenant.client.post("/v1/functions", { name: "import-type", source });
    expect(res.status, res.text).toBe(201);
  });

  it("keeps the triggers and limits given, filling the limits left out with the defaults", async () => {
    const name = uniqueName("settings");
    const fn = await deploy(tenant.client, {
      name,
      source: `export default { async event(event, ctx) {} }`,
      triggers: { http: false, events: ["invoice.paid", "deal.*"] },
      limits: { cpu_ms: 200 },
    });
    expect(fn.triggers).toEqual({ http: false, events: ["invoice.paid", "deal.*"] });
    expect(fn.limits).toEqual({ cpu_ms: 200, memory_mb: 64, timeout_ms: 5000 });
    expect(fn.env).toEqual({});
    expect(fn.secret_names).toEqual([]);
  });

  it("accepts names of 1 and 63 characters, digits and inner dashes", async () => {
    for (const name of ["a", "7", `x${"-9".repeat(31)}`, "a".repeat(63), "0-edge-fn-0"]) {
      const fn = await deploy(tenant.client, { name, source: HELLO });
      expect(fn.name).toBe(name);
      expect(fn.invoke_path).toBe(`/v1/functions/${name}/invoke`);
    }
  });

  it("accepts limits up to the plan's maxima on every plan", async () => {
    for (const plan of ["free", "growth", "enterprise"] as const) {
      const other = await t().tenant({ plan });
      const fn = await deploy(other.client, { name: "at-max", source: HELLO, limits: PLAN_MAXIMA[plan] });
      expect(fn.limits, plan).toEqual(PLAN_MAXIMA[plan]);
    }
  });
});

describe("POST /v1/functions validation (400)", () => {
  let tenant: Tenant;
  let before: string[];
  beforeAll(async () => {
    tenant = await t().tenant();
    await deploy(tenant.client, { name: "already-here", source: HELLO });
    before = await listedNames(tenant.client);
  });

  it("refuses names that are not lower-case letters, digits and inner dashes of 1 to 63 characters", async () => {
    for (const name of ["Hello", "hello_world", "-hello", "hello-", "a".repeat(64), "", "hello world", "héllo", "fn.x", "a/b"]) {
      const res = await tenant.client.post("/v1/functions", { name, source: HELLO });
      expectInvalid(res, ["name"], "body", JSON.stringify(name));
    }
  });

  it("refuses unknown fields, naming them", async () => {
    expectInvalid(await tenant.client.post("/v1/functions", { name: "x-unknown", source: HELLO, runtime: "node" }), ["runtime"]);
    expectInvalid(await tenant.client.post("/v1/functions", { name: "x-unknown", source: HELLO, version: 1 }), ["version"]);
    expectInvalid(await tenant.client.post("/v1/functions", { name: "x-unknown", source: HELLO, triggers: { cron: "* * * * *" } }), ["triggers.cron"]);
    expectInvalid(await tenant.client.post("/v1/functions", { name: "x-unknown", source: HELLO, limits: { disk_mb: 10 } }), ["limits.disk_mb"]);
  });

  it("refuses missing and wrongly typed fields, naming them", async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ source: HELLO }, ["name"]],
      [{ name: "x-types" }, ["source"]],
      [{ name: 5, source: HELLO }, ["name"]],
      [{ name: "x-types", source: 123 }, ["source"]],
      [{ name: "x-types", source: ["export default {}"] }, ["source"]],
      [{ name: "x-types", source: HELLO, env: ["A"] }, ["env"]],
      [{ name: "x-types", source: HELLO, env: { A: 1 } }, ["env.A"]],
      [{ name: "x-types", source: HELLO, secrets: { A: 1 } }, ["secrets.A"]],
      [{ name: "x-types", source: HELLO, triggers: { http: "yes" } }, ["triggers.http"]],
      [{ name: "x-types", source: HELLO, triggers: { events: "invoice.paid" } }, ["triggers.events"]],
      [{ name: "x-types", source: HELLO, triggers: "http" }, ["triggers"]],
      [{ name: "x-types", source: HELLO, limits: { cpu_ms: "fast" } }, ["limits.cpu_ms"]],
      [{ name: "x-types", source: HELLO, limits: { memory_mb: 64.5 } }, ["limits.memory_mb"]],
      [{ name: "x-types", source: HELLO, limits: { timeout_ms: null } }, ["limits.timeout_ms"]],
    ];
    for (const [body, fields] of cases) expectInvalid(await tenant.client.post("/v1/functions", body), fields, "body", JSON.stringify(body));
    // Not an object at all.
    expectProblem(await tenant.client.post("/v1/functions", [HELLO]), 400, "validation_failed");
    expectProblem(await tenant.client.post("/v1/functions", "source"), 400, "validation_failed");
  });

  it("refuses an empty source", async () => {
    expectInvalid(await tenant.client.post("/v1/functions", { name: "x-empty", source: "" }), ["source"]);
  });

  it("refuses env and secret names that are not identifiers, naming the field", async () => {
    const own = await t().tenant();
    for (const bad of ["1ABC", "has-dash", "has space", "é", "A".repeat(65)]) {
      const env = await own.client.post("/v1/functions", { name: "x-vars", source: HELLO, env: { [bad]: "v" } });
      expectInvalid(env, [`env.${bad}`], "body", `env ${bad}`);
      const secrets = await own.client.post("/v1/functions", { name: "x-vars", source: HELLO, secrets: { [bad]: "v" } });
      expectInvalid(secrets, [`secrets.${bad}`], "body", `secrets ${bad}`);
    }
    expect(await listedNames(own.client)).toEqual([]);
  });

  it("env and secret values must be strings (for identifier names)", async () => {
    expectInvalid(await tenant.client.post("/v1/functions", { name: "x-vars", source: HELLO, env: { GOOD: 5 } }), ["env.GOOD"]);
    expectInvalid(await tenant.client.post("/v1/functions", { name: "x-vars", source: HELLO, env: { GOOD: "x".repeat(5_001) } }), ["env.GOOD"]);
    expectInvalid(await tenant.client.post("/v1/functions", { name: "x-vars", source: HELLO, secrets: { GOOD: ["x"] } }), ["secrets.GOOD"]);
  });

  it("refuses limits above the plan's maxima, naming limits.<field>", async () => {
    for (const plan of ["free", "growth", "enterprise"] as const) {
      const other = plan === "enterprise" ? tenant : await t().tenant({ plan });
      for (const field of ["cpu_ms", "memory_mb", "timeout_ms"] as const) {
        const res = await other.client.post("/v1/functions", { name: "x-limits", source: HELLO, limits: { [field]: PLAN_MAXIMA[plan][field] + 1 } });
        const problem = expectInvalid(res, [`limits.${field}`], "body", `${plan} ${field}`);
        expect(problem.errors[0].message).toContain(String(PLAN_MAXIMA[plan][field]));
      }
      expect(await listedNames(other.client)).not.toContain("x-limits");
    }
  });

  it("refuses limits below the minimum (cpu 1 ms, memory 8 MB, timeout 1 ms)", async () => {
    const cases: [Record<string, number>, string][] = [
      [{ cpu_ms: 0 }, "limits.cpu_ms"],
      [{ cpu_ms: -5 }, "limits.cpu_ms"],
      [{ memory_mb: 7 }, "limits.memory_mb"],
      [{ memory_mb: 0 }, "limits.memory_mb"],
      [{ timeout_ms: 0 }, "limits.timeout_ms"],
    ];
    for (const [limits, field] of cases)
      expectInvalid(await tenant.client.post("/v1/functions", { name: "x-low", source: HELLO, limits }), [field], "body", JSON.stringify(limits));
  });

  it("refuses event patterns that name no event type, naming triggers.events[i]", async () => {
    const withEvent = `export default { async fetch() { return {} }, async event() {} }`;
    const one = await tenant.client.post("/v1/functions", { name: "x-events", source: withEvent, triggers: { events: ["invoice.paid", "invoice.nope"] } });
    expectInvalid(one, ["triggers.events[1]"]);
    const two = await tenant.client.post("/v1/functions", {
      name: "x-events",
      source: withEvent,
      triggers: { events: ["nothing.*", "deal.*", "Invoice.paid"] },
    });
    expectInvalid(two, ["triggers.events[0]", "triggers.events[2]"]);
    expectInvalid(await tenant.client.post("/v1/functions", { name: "x-events", source: withEvent, triggers: { events: [""] } }), ["triggers.events[0]"]);
    expectInvalid(await tenant.client.post("/v1/functions", { name: "x-events", source: withEvent, triggers: { events: ["deal.*", "deal.*"] } }), [
      "triggers.events",
    ]);
  });

  it("refuses malformed JSON with 400 invalid_json", async () => {
    const res = await tenant.client.request("POST", "/v1/functions", {
      raw: `{"name": "x-json", "source": "export default {}"`,
      headers: { "content-type": "application/json" },
    });
    expectProblem(res, 400, "invalid_json");
  });

  it("deployed nothing for any of the refused requests", async () => {
    expect(await listedNames(tenant.client)).toEqual(before);
    for (const name of ["x-unknown", "x-types", "x-empty", "x-vars", "x-limits", "x-low", "x-events", "x-json"]) {
      expectProblem(await tenant.client.get(`/v1/functions/${name}`), 404, "not_found", name);
    }
  });
});

describe("POST /v1/functions: code that does not load is a 422 and deploys nothing", () => {
  let tenant: Tenant;
  let before: string[];
  beforeAll(async () => {
    tenant = await t().tenant();
    await deploy(tenant.client, { name: "already-here", source: HELLO });
    before = await listedNames(tenant.client);
  });

  async function refused(name: string): Promise<void> {
    expectProblem(await tenant.client.get(`/v1/functions/${name}`), 404, "not_found", name);
    expectProblem(await invoke(tenant.client, name), 404, "not_found", `${name} invoke`);
    expect(await listedNames(tenant.client)).toEqual(before);
  }

  it("a syntax error: function_compile_error with its 1-based line and column", async () => {
    const source = ["const a = 1;", "const b = 2;", "const c = ;", "export default { fetch() { return { a, b, c } } };"].join("\n");
    const res = await tenant.client.post("/v1/functions", { name: "syntax", source });
    const problem = expectCompileError(res);
    expect(problem.line).toBe(3);
    expect(problem.column).toBe(11); // the ";" after "const c = "
    expect(problem.errors[0].in).toBe("body");
    expect(problem.errors[0].message).toContain("line 3, column 11");
    expect(problem.detail).toContain("line 3, column 11");
    await refused("syntax");
  });

  it("a TypeScript syntax error on the first column of line 2", async () => {
    const source = "export default { fetch(): number { return 1 } };\n}\n";
    const problem = expectCompileError(await tenant.client.post("/v1/functions", { name: "syntax-ts", source }));
    expect([problem.line, problem.column]).toEqual([2, 1]);
    await refused("syntax-ts");
  });

  it("a module that imports something", async () => {
    const sources = [
      `import fs from "node:fs";\nexport default { fetch() { return { files: fs.readdirSync("/") } } }`,
      `import { x } from "./helper.js";\nexport default { fetch() { return { x } } }`,
      `import "node:process";\n${HELLO}`,
      `export { default } from "./elsewhere.js";`,
    ];
    for (const source of sources) {
      const problem = expectCompileError(await tenant.client.post("/v1/functions", { name: "imports", source }), source);
      expect(problem.detail, source).toMatch(/imports are not available/);
    }
    await refused("imports");
  });

  // TypeScript drops an import whose names are unused (or used as types only): it used to deploy, although
  // nothing can be imported. Every import and re-export is refused where it stands, before any sandbox runs.
  it("an import or re-export that would be dropped or never run, at its line and column", async () => {
    const sources: [string, number, number][] = [
      [`import { x } from "./helper.js";\n${HELLO}`, 1, 19],
      [`${HELLO}\nimport type_only_in_ts from "./types";\nconst y: type_only_in_ts | null = null;`, 2, 29],
      [`import * as lib from "lib";\n${HELLO}`, 1, 22],
      [`// helpers\nexport * from "./other.js";\n${HELLO}`, 2, 15],
      [`export { a } from "./a.js";\n${HELLO}`, 1, 19],
      [`export default { async fetch() {\n  const fs = await import("node:fs");\n  return {};\n} }`, 2, 27],
    ];
    for (const [source, line, column] of sources) {
      const problem = expectCompileError(await tenant.client.post("/v1/functions", { name: "imports-unused", source }), source);
      expect(problem.detail, source).toMatch(/imports are not available/);
      expect([problem.line, problem.column], source).toEqual([line, column]);
    }
    await refused("imports-unused");
  });

  it("top-level code that throws", async () => {
    const source = `const config = JSON.parse("{}");\nif (!config.ready) throw new Error("not configured at load");\n${HELLO}`;
    const problem = expectCompileError(await tenant.client.post("/v1/functions", { name: "throws", source }));
    expect(problem.detail).toContain("not configured at load");
    await refused("throws");
  });

  it("a module without a default export", async () => {
    const problem = expectCompileError(await tenant.client.post("/v1/functions", { name: "no-default", source: `export const fetch = () => ({});` }));
    expect(problem.detail).toMatch(/export default/);
    await refused("no-default");
  });

  it("top-level code that loops forever, stopped by the CPU limit", async () => {
    const started = Date.now();
    const res = await tenant.client.post("/v1/functions", { name: "spins", source: `let n = 0;\nwhile (true) { n++; }\n${HELLO}`, limits: { cpu_ms: 50 } });
    const elapsed = Date.now() - started;
    const problem = expectCompileError(res);
    expect(problem.detail).toMatch(/cpu/i);
    // Stopped by the 50 ms CPU limit, not by the 5 s wall time or the host's grace period.
    expect(elapsed).toBeLessThan(4_000);
    await refused("spins");
    // The sandbox still works afterwards.
    const ok = await deploy(tenant.client, { name: "after-spin", source: HELLO });
    expect(await invokeOk(tenant.client, ok.name)).toEqual({ hello: "world" });
    before = [...before, "after-spin"].sort();
  });

  it("triggers.http (the default) without a fetch() handler is a 422 naming triggers.http", async () => {
    const res = await tenant.client.post("/v1/functions", { name: "no-fetch", source: `export default { async event() {} }` });
    expect(res.status, res.text).toBe(422);
    expect(errorFields(res)).toEqual(["body:triggers.http"]);
  });

  it("event triggers without an event() handler are a 422 naming triggers.events", async () => {
    const res = await tenant.client.post("/v1/functions", { name: "no-event", source: HELLO, triggers: { events: ["invoice.paid"] } });
    expect(res.status, res.text).toBe(422);
    expect(errorFields(res)).toEqual(["body:triggers.events"]);
  });

  it("a trigger without its handler is refused naming the trigger (today: 400 validation_failed), and deploys nothing", async () => {
    const noFetch = await tenant.client.post("/v1/functions", { name: "no-fetch", source: `export default { async event() {} }` });
    expect([400, 422]).toContain(noFetch.status);
    expect(errorFields(noFetch)).toEqual(["body:triggers.http"]);
    await refused("no-fetch");
    const noEvent = await tenant.client.post("/v1/functions", { name: "no-event", source: HELLO, triggers: { events: ["invoice.paid"] } });
    expect([400, 422]).toContain(noEvent.status);
    expect(errorFields(noEvent)).toEqual(["body:triggers.events"]);
    await refused("no-event");
    // Without the trigger, the same modules deploy.
    await deploy(tenant.client, { name: "no-fetch", source: `export default { async event() {} }`, triggers: { http: false, events: ["invoice.paid"] } });
    await deploy(tenant.client, { name: "no-event", source: HELLO });
    before = [...before, "no-event", "no-fetch"].sort();
    expect(await listedNames(tenant.client)).toEqual(before);
  });
});

describe("source size", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
  });

  it("a source over 1 MB of ASCII is a 400 naming source (the schema's maxLength)", async () => {
    const source = `${HELLO}\n// ${"x".repeat(MB)}`;
    expectInvalid(await tenant.client.post("/v1/functions", { name: "too-big", source }), ["source"]);
    expectProblem(await tenant.client.get("/v1/functions/too-big"), 404, "not_found");
  });

  it("a source under 1 M characters but over 1 MB of UTF-8 is a 422 naming source", async () => {
    const source = `${HELLO}\n// ${"é".repeat(600_000)}`;
    expect(source.length).toBeLessThan(MB);
    expect(Buffer.byteLength(source)).toBeGreaterThan(MB);
    const problem = expectCompileError(await tenant.client.post("/v1/functions", { name: "too-big-utf8", source }));
    expect(problem.detail).toMatch(/1024 KB/);
    expectProblem(await tenant.client.get("/v1/functions/too-big-utf8"), 404, "not_found");
  });

  it("a source near 900 KB deploys and runs, also when JSON escaping doubles the body past 1 MB", async () => {
    // 900 KB of newlines: each is two characters in JSON, so the request body is ~1.8 MB.
    const source = `${HELLO}\n${"\n".repeat(900 * 1024)}// end\n`;
    const body = JSON.stringify({ name: "big", source });
    expect(body.length).toBeGreaterThan(1.7 * MB);
    const fn = await deploy(tenant.client, { name: "big", source });
    expect(fn.source_bytes).toBe(Buffer.byteLength(source));
    expect(fn.sha256).toBe(sha256(source));
    expect(await invokeOk(tenant.client, "big")).toEqual({ hello: "world" });
    // A new version of the same size goes through the versions route too.
    const v2 = await deployVersion(tenant.client, "big", { source: source.replace("world", "again") });
    expect(v2.version).toBe(2);
    expect(await invokeOk(tenant.client, "big")).toEqual({ hello: "again" });
  });

  it("a body over the deploy routes' 3 MB limit is a 413", async () => {
    // Control characters are 6 characters each in JSON: ~3.6 MB of body for 600 K characters of source.
    const source = `${HELLO}\n// ${"\u0001".repeat(600_000)}`;
    expectProblem(await tenant.client.post("/v1/functions", { name: "huge-body", source }), 413, "payload_too_large");
    expectProblem(await tenant.client.get("/v1/functions/huge-body"), 404, "not_found");
  });
});

describe("names are unique per organization", () => {
  it("a duplicate name is a 409 conflict with existing_id; after DELETE the name is free again", async () => {
    const tenant = await t().tenant();
    const first = await deploy(tenant.client, { name: "dup", source: `export default { fetch() { return { which: "first" } } }` });
    expect(await invokeOk(tenant.client, "dup")).toEqual({ which: "first" });

    const again = await tenant.client.post("/v1/functions", { name: "dup", source: `export default { fetch() { return { which: "second" } } }` });
    const problem = expectProblem(again, 409, "conflict");
    expect(problem.existing_id).toBe(first.id);
    expect(problem.detail).toContain("/v1/functions/dup/versions");
    // The first is untouched.
    expect(await getFn(tenant.client, "dup")).toEqual(first);
    expect(await invokeOk(tenant.client, "dup")).toEqual({ which: "first" });

    const deleted = await tenant.client.delete("/v1/functions/dup");
    expect(deleted.status, deleted.text).toBe(200);
    const reused = await deploy(tenant.client, { name: "dup", source: `export default { fetch() { return { which: "third" } } }` });
    expect(reused.id).not.toBe(first.id);
    expect(reused).toMatchObject({ name: "dup", version: 1, active_version: 1, latest_version: 1 });
    // The invoker serves the new function, not a cached copy of the deleted one.
    expect(await invokeOk(tenant.client, "dup")).toEqual({ which: "third" });
    expectProblem(await tenant.client.get(`/v1/functions/${first.id}`), 404, "not_found");
  });

  it("two organizations may use the same name", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const fa = await deploy(a.client, { name: "shared-name", source: `export default { fetch(r, ctx) { return { org: ctx.org.id } } }` });
    const fb = await deploy(b.client, { name: "shared-name", source: `export default { fetch(r, ctx) { return { org: ctx.org.id, b: true } } }` });
    expect(fa.id).not.toBe(fb.id);
    expect(await invokeOk(a.client, "shared-name")).toEqual({ org: a.orgId });
    expect(await invokeOk(b.client, "shared-name")).toEqual({ org: b.orgId, b: true });
  });
});

describe("GET /v1/functions and /v1/functions/{name}", () => {
  let tenant: Tenant;
  const deployed: any[] = [];
  beforeAll(async () => {
    tenant = await t().tenant();
    for (const name of ["alpha-report", "beta-report", "gamma"]) {
      t().clock.advance(1_000);
      deployed.push(await deploy(tenant.client, { name, source: HELLO, env: { NAME: name } }));
    }
  });

  it("lists the organization's functions, newest first, with the same shape as GET", async () => {
    const res = await tenant.client.get("/v1/functions");
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toEqual({ total: 3, page: 1, per_page: 25 });
    expect(res.body.data).toEqual([...deployed].reverse());
  });

  it("paginates", async () => {
    const one = await tenant.client.get("/v1/functions?per_page=2");
    expect(one.status, one.text).toBe(200);
    expect(one.body.meta).toEqual({ total: 3, page: 1, per_page: 2 });
    expect(one.body.data.map((f: any) => f.name)).toEqual(["gamma", "beta-report"]);
    const two = await tenant.client.get("/v1/functions?per_page=2&page=2");
    expect(two.body.meta).toEqual({ total: 3, page: 2, per_page: 2 });
    expect(two.body.data.map((f: any) => f.name)).toEqual(["alpha-report"]);
    const sorted = await tenant.client.get("/v1/functions?sort=name");
    expect(sorted.body.data.map((f: any) => f.name)).toEqual(["alpha-report", "beta-report", "gamma"]);
  });

  it("filters by name and searches with q", async () => {
    const byName = await tenant.client.get("/v1/functions?name=beta-report");
    expect(byName.status, byName.text).toBe(200);
    expect(byName.body.meta.total).toBe(1);
    expect(byName.body.data).toEqual([deployed[1]]);
    const none = await tenant.client.get("/v1/functions?name=beta");
    expect(none.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 25 } });
    const q = await tenant.client.get("/v1/functions?q=report");
    expect(q.status, q.text).toBe(200);
    expect(q.body.data.map((f: any) => f.name)).toEqual(["beta-report", "alpha-report"]);
    const qCase = await tenant.client.get("/v1/functions?q=GAMM");
    expect(qCase.body.data.map((f: any) => f.name)).toEqual(["gamma"]);
  });

  it("refuses unknown query parameters and sort fields", async () => {
    const bad = await tenant.client.get("/v1/functions?status=active");
    expectProblem(bad, 400, "validation_failed");
    expect(errorFields(bad)).toEqual(["query:status"]);
    expectProblem(await tenant.client.get("/v1/functions?sort=source"), 400, "validation_failed");
  });

  it("gets a function by name and by fn_ id", async () => {
    const [alpha] = deployed;
    expect(await getFn(tenant.client, "alpha-report")).toEqual(alpha);
    expect(await getFn(tenant.client, alpha.id)).toEqual(alpha);
  });

  it("answers 404 for an unknown name or id", async () => {
    expectProblem(await tenant.client.get("/v1/functions/nope"), 404, "not_found");
    expectProblem(await tenant.client.get(`/v1/functions/${missingId("fn")}`), 404, "not_found");
    // A name that could never be deployed is not found either.
    expectProblem(await tenant.client.get("/v1/functions/Alpha-Report"), 404, "not_found");
  });
});

describe("another organization's functions are invisible (404 on every route)", () => {
  it("by name and by id", async () => {
    const owner = await t().tenant();
    const other = await t().tenant();
    const fn = await deploy(owner.client, { name: "private-fn", source: reporter(1), secrets: { API_KEY: "owner-secret" } });
    await deployVersion(owner.client, "private-fn", { source: reporter(2) });

    for (const ref of ["private-fn", fn.id]) {
      const base = `/v1/functions/${ref}`;
      const attempts: [string, ApiResponse][] = [
        ["GET", await other.client.get(base)],
        ["GET versions", await other.client.get(`${base}/versions`)],
        ["GET invocations", await other.client.get(`${base}/invocations`)],
        ["POST versions", await other.client.post(`${base}/versions`, { source: HELLO })],
        ["POST rollback", await other.client.post(`${base}/rollback`, { version: 1 })],
        ["POST invoke", await other.client.post(`${base}/invoke`, {})],
        ["GET invoke", await other.client.get(`${base}/invoke`)],
        ["GET invoke sub-path", await other.client.get(`${base}/invoke/a/b?x=1`)],
        ["DELETE", await other.client.delete(base)],
      ];
      for (const [what, res] of attempts) {
        expectProblem(res, 404, "not_found", `${what} ${ref}`);
        expect(res.text).not.toContain("owner-secret");
      }
    }
    const listed = await other.client.get("/v1/functions?q=private");
    expect(listed.body.meta.total).toBe(0);
    // Nothing changed for the owner.
    const after = await getFn(owner.client, "private-fn");
    expect(after).toMatchObject({ id: fn.id, active_version: 2, latest_version: 2 });
    expect(await invokeOk(owner.client, "private-fn")).toMatchObject({ v: 2, apiKey: "owner-secret" });
  });
});

describe("versions and rollback", () => {
  let tenant: Tenant;
  let v1: any;
  const name = "versioned";
  beforeAll(async () => {
    tenant = await t().tenant();
    v1 = await deploy(tenant.client, {
      name,
      source: reporter(1),
      env: { GREETING: "hi", MODE: "a" },
      secrets: { API_KEY: "sk-one", OTHER: "other-one" },
      triggers: { http: true, events: ["invoice.paid"] },
      limits: { cpu_ms: 400 },
    });
  });

  it("version 1 runs with its env and secrets", async () => {
    expect(await invokeOk(tenant.client, name)).toEqual({
      v: 1,
      env: { GREETING: "hi", MODE: "a" },
      secretNames: ["API_KEY", "OTHER"],
      apiKey: "sk-one",
      version: 1,
    });
  });

  it("POST versions: version 2 is live at once; env, triggers and limits carry over; secrets are merged", async () => {
    t().clock.advance(60_000);
    const source = reporter(2);
    const res = await tenant.client.post(`/v1/functions/${name}/versions`, { source, secrets: { API_KEY: "sk-two", NEW_ONE: "new-one", OTHER: null } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      ...v1,
      active_version: 2,
      latest_version: 2,
      version: 2,
      sha256: sha256(source),
      source_bytes: Buffer.byteLength(source),
      secret_names: ["API_KEY", "NEW_ONE"],
      updated_at: t().clock().toISOString(),
    });
    expect(res.body.created_at).toBe(v1.created_at);
    expect(res.body.updated_at).not.toBe(v1.updated_at);
    expect(res.text).not.toContain("sk-two");
    const called = await invoke(tenant.client, name);
    expect(called.status, called.text).toBe(200);
    expect(called.headers.get("x-function-version")).toBe("2");
    expect(called.body).toEqual({ v: 2, env: { GREETING: "hi", MODE: "a" }, secretNames: ["API_KEY", "NEW_ONE"], apiKey: "sk-two", version: 2 });
    expect(await getFn(tenant.client, name)).toEqual(res.body);
  });

  it("POST versions: env given replaces the env; secrets left out all carry over; limits merge", async () => {
    const v3 = await deployVersion(tenant.client, name, { source: reporter(3), env: { ONLY: "x" }, limits: { timeout_ms: 2_000 } });
    expect(v3).toMatchObject({
      version: 3,
      active_version: 3,
      latest_version: 3,
      env: { ONLY: "x" },
      secret_names: ["API_KEY", "NEW_ONE"],
      triggers: { http: true, events: ["invoice.paid"] },
      limits: { cpu_ms: 400, memory_mb: 64, timeout_ms: 2_000 },
    });
    expect(await invokeOk(tenant.client, name)).toEqual({ v: 3, env: { ONLY: "x" }, secretNames: ["API_KEY", "NEW_ONE"], apiKey: "sk-two", version: 3 });
  });

  it("POST versions: deployed_by is the key that deployed the version", async () => {
    const second = await tenant.newKey("full_access");
    const v4 = await deployVersion(second.client, name, { source: reporter(4), env: {} });
    expect(v4.deployed_by).toBe(second.id);
    expect(v4.env).toEqual({});
    expect(await invokeOk(tenant.client, name)).toMatchObject({ v: 4, env: {}, secretNames: ["API_KEY", "NEW_ONE"] });
  });

  it("POST versions: an invalid source is a 422 and the live version is unchanged", async () => {
    const before = await getFn(tenant.client, name);
    expectCompileError(await tenant.client.post(`/v1/functions/${name}/versions`, { source: "export default { fetch( {" }));
    expectCompileError(await tenant.client.post(`/v1/functions/${name}/versions`, { source: `throw new Error("no");\n${reporter(9)}` }));
    expectInvalid(await tenant.client.post(`/v1/functions/${name}/versions`, { source: reporter(9), limits: { cpu_ms: 5_001 } }), ["limits.cpu_ms"]);
    expectInvalid(await tenant.client.post(`/v1/functions/${name}/versions`, { source: reporter(9), triggers: { events: ["nope.nope"] } }), [
      "triggers.events[0]",
    ]);
    expectInvalid(await tenant.client.post(`/v1/functions/${name}/versions`, { source: reporter(9), name: "renamed" }), ["name"]);
    expectInvalid(await tenant.client.post(`/v1/functions/${name}/versions`, { env: {} }), ["source"]);
    // Without its handler for the events trigger carried over from the live version.
    const noEvent = await tenant.client.post(`/v1/functions/${name}/versions`, { source: HELLO });
    expect([400, 422]).toContain(noEvent.status);
    expect(errorFields(noEvent)).toEqual(["body:triggers.events"]);
    expect(await getFn(tenant.client, name)).toEqual(before);
    expect(await invokeOk(tenant.client, name)).toMatchObject({ v: 4 });
    const versions = await tenant.client.get(`/v1/functions/${name}/versions`);
    expect(versions.body.meta.total).toBe(4);
  });

  it("GET versions: newest first, the live one marked active", async () => {
    const res = await tenant.client.get(`/v1/functions/${name}/versions`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toEqual({ total: 4, page: 1, per_page: 4 });
    const list = res.body.data as any[];
    expect(list.map((v) => [v.version, v.active])).toEqual([
      [4, true],
      [3, false],
      [2, false],
      [1, false],
    ]);
    for (const v of list) {
      expect(Object.keys(v).sort()).toEqual(
        [
          "object",
          "function_id",
          "version",
          "sha256",
          "source_bytes",
          "filename",
          "env",
          "secret_names",
          "triggers",
          "limits",
          "deployed_by",
          "active",
          "created_at",
        ].sort(),
      );
      expect(v.object).toBe("function_version");
      expect(v.function_id).toBe(v1.id);
      expect(v.sha256).toBe(sha256(reporter(v.version)));
      expect(v.created_at).toMatch(ISO);
    }
    expect(list[3]).toMatchObject({
      env: { GREETING: "hi", MODE: "a" },
      secret_names: ["API_KEY", "OTHER"],
      limits: { cpu_ms: 400, memory_mb: 64, timeout_ms: 5_000 },
      deployed_by: tenant.keyId,
      created_at: v1.created_at,
    });
    expect(list[2]).toMatchObject({ env: { GREETING: "hi", MODE: "a" }, secret_names: ["API_KEY", "NEW_ONE"] });
    expect(list[1]).toMatchObject({ env: { ONLY: "x" }, limits: { cpu_ms: 400, memory_mb: 64, timeout_ms: 2_000 } });
    for (const secret of ["sk-one", "sk-two", "other-one", "new-one"]) expect(res.text).not.toContain(secret);
    // By id as well.
    const byId = await tenant.client.get(`/v1/functions/${v1.id}/versions`);
    expect(byId.body).toEqual(res.body);
  });

  it("POST rollback makes version 1 live: active_version moves, latest_version stays", async () => {
    t().clock.advance(60_000);
    const res = await tenant.client.post(`/v1/functions/${name}/rollback`, { version: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ...v1, active_version: 1, latest_version: 4, updated_at: t().clock().toISOString() });
    const called = await invoke(tenant.client, name);
    expect(called.status, called.text).toBe(200);
    expect(called.headers.get("x-function-version")).toBe("1");
    expect(called.body).toEqual({ v: 1, env: { GREETING: "hi", MODE: "a" }, secretNames: ["API_KEY", "OTHER"], apiKey: "sk-one", version: 1 });
    expect(await getFn(tenant.client, name)).toEqual(res.body);
    const versions = await tenant.client.get(`/v1/functions/${name}/versions`);
    expect(versions.body.data.filter((v: any) => v.active).map((v: any) => v.version)).toEqual([1]);
  });

  it("rolling back to the live version is a 200 no-op", async () => {
    const before = await getFn(tenant.client, name);
    const deployedEvents = (await events(tenant.client, "function.deployed", v1.id)).length;
    t().clock.advance(60_000);
    const res = await tenant.client.post(`/v1/functions/${name}/rollback`, { version: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(before);
    expect(await getFn(tenant.client, name)).toEqual(before);
    expect((await events(tenant.client, "function.deployed", v1.id)).length).toBe(deployedEvents);
  });

  it("rollback to a version that does not exist is a 422 naming version; bad bodies are 400s", async () => {
    const before = await getFn(tenant.client, name);
    const res = await tenant.client.post(`/v1/functions/${name}/rollback`, { version: 9 });
    expectProblem(res, 422, "unprocessable");
    expect(errorFields(res)).toEqual(["body:version"]);
    expectInvalid(await tenant.client.post(`/v1/functions/${name}/rollback`, { version: 0 }), ["version"]);
    expectInvalid(await tenant.client.post(`/v1/functions/${name}/rollback`, { version: "2" }), ["version"]);
    expectInvalid(await tenant.client.post(`/v1/functions/${name}/rollback`, {}), ["version"]);
    expectInvalid(await tenant.client.post(`/v1/functions/${name}/rollback`, { version: 2, force: true }), ["force"]);
    expectProblem(await tenant.client.post(`/v1/functions/nope/rollback`, { version: 1 }), 404, "not_found");
    expect(await getFn(tenant.client, name)).toEqual(before);
  });

  it("a version deployed after a rollback is latest + 1 and carries the live (rolled-back) version's settings", async () => {
    const v5 = await deployVersion(tenant.client, name, { source: reporter(5) });
    expect(v5).toMatchObject({
      version: 5,
      active_version: 5,
      latest_version: 5,
      env: { GREETING: "hi", MODE: "a" },
      secret_names: ["API_KEY", "OTHER"],
      limits: { cpu_ms: 400, memory_mb: 64, timeout_ms: 5_000 },
    });
    expect(await invokeOk(tenant.client, name)).toEqual({
      v: 5,
      env: { GREETING: "hi", MODE: "a" },
      secretNames: ["API_KEY", "OTHER"],
      apiKey: "sk-one",
      version: 5,
    });
    // And rolling forward to a later version works as well.
    const forward = await tenant.client.post(`/v1/functions/${name}/rollback`, { version: 3 });
    expect(forward.status, forward.text).toBe(200);
    expect(forward.body).toMatchObject({ active_version: 3, latest_version: 5, version: 3, env: { ONLY: "x" } });
    expect(await invokeOk(tenant.client, name)).toMatchObject({ v: 3, env: { ONLY: "x" }, apiKey: "sk-two" });
  });

  it("rollback restores the version's triggers too", async () => {
    const fnName = uniqueName("trig");
    await deploy(tenant.client, { name: fnName, source: reporter(1) });
    const v2 = await deployVersion(tenant.client, fnName, { source: reporter(2), triggers: { http: false, events: ["deal.*"] } });
    expect(v2.triggers).toEqual({ http: false, events: ["deal.*"] });
    const off = await invoke(tenant.client, fnName);
    expectProblem(off, 409, "conflict");
    const back = await tenant.client.post(`/v1/functions/${fnName}/rollback`, { version: 1 });
    expect(back.body.triggers).toEqual({ http: true, events: [] });
    expect(await invokeOk(tenant.client, fnName)).toMatchObject({ v: 1 });
  });
});

describe("DELETE /v1/functions/{name}", () => {
  it("answers {id, object, deleted}; then every route answers 404 and nothing of it is left", async () => {
    const tenant = await t().tenant();
    const fn = await deploy(tenant.client, { name: "doomed", source: reporter(1), secrets: { API_KEY: "doomed-secret" } });
    await deployVersion(tenant.client, "doomed", { source: reporter(2) });
    expect(await invokeOk(tenant.client, "doomed")).toMatchObject({ v: 2 });
    const logs = await tenant.client.get("/v1/functions/doomed/invocations");
    expect(logs.body.meta.total).toBe(1);

    const res = await tenant.client.delete("/v1/functions/doomed");
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: fn.id, object: "function", deleted: true });

    for (const ref of ["doomed", fn.id]) {
      const base = `/v1/functions/${ref}`;
      expectProblem(await tenant.client.get(base), 404, "not_found", `GET ${ref}`);
      expectProblem(await invoke(tenant.client, ref), 404, "not_found", `invoke ${ref}`);
      expectProblem(await tenant.client.get(`${base}/invoke`), 404, "not_found", `GET invoke ${ref}`);
      expectProblem(await tenant.client.get(`${base}/versions`), 404, "not_found", `versions ${ref}`);
      expectProblem(await tenant.client.get(`${base}/invocations`), 404, "not_found", `invocations ${ref}`);
      expectProblem(await tenant.client.post(`${base}/versions`, { source: HELLO }), 404, "not_found", `new version ${ref}`);
      expectProblem(await tenant.client.post(`${base}/rollback`, { version: 1 }), 404, "not_found", `rollback ${ref}`);
      expectProblem(await tenant.client.delete(base), 404, "not_found", `DELETE ${ref}`);
    }
    expect(await listedNames(tenant.client)).toEqual([]);
    const left = await rows(sql`SELECT
      (SELECT count(*) FROM function_versions WHERE function_id = ${fn.id})::int AS versions,
      (SELECT count(*) FROM functions WHERE id = ${fn.id})::int AS functions`);
    expect(left).toEqual([{ versions: 0, functions: 0 }]);
  });

  // HTTP invocation logs are written in batches: a row queued for a function deleted meanwhile is dropped.
  it("leaves no invocation log rows behind, even for an invocation that ends after the delete", async () => {
    const tenant = await t().tenant();
    const fn = await deploy(tenant.client, {
      name: "slow",
      source: `export default { async fetch() { await new Promise((r) => setTimeout(r, 600)); return { done: true } } }`,
    });
    const running = invoke(tenant.client, "slow");
    await new Promise((r) => setTimeout(r, 150));
    const res = await tenant.client.delete("/v1/functions/slow");
    expect(res.status, res.text).toBe(200);
    expect((await running).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const left = await rows(sql`SELECT count(*)::int AS n FROM function_invocations WHERE function_id = ${fn.id}`);
    expect(left).toEqual([{ n: 0 }]);
  });
});

describe("secrets", () => {
  it("are never returned by any route and are not stored in plain text; env values are returned", async () => {
    const tenant = await t().tenant();
    const SECRET = "s3cr3t-plaintext-value-7f2a";
    const OTHER_SECRET = "another-plaintext-value-91c";
    const fn = await deploy(tenant.client, {
      name: "holder",
      source: reporter(1),
      env: { PUBLIC_URL: "https://example.test/env-value" },
      secrets: { API_KEY: SECRET, SECOND: OTHER_SECRET },
    });
    await deployVersion(tenant.client, "holder", { source: reporter(2), secrets: { SECOND: `${OTHER_SECRET}-v2` } });
    await tenant.client.post("/v1/functions/holder/rollback", { version: 1 });
    // The function itself can read them.
    expect(await invokeOk(tenant.client, "holder")).toMatchObject({ apiKey: SECRET, secretNames: ["API_KEY", "SECOND"] });

    const answers = [
      await tenant.client.get("/v1/functions/holder"),
      await tenant.client.get(`/v1/functions/${fn.id}`),
      await tenant.client.get("/v1/functions"),
      await tenant.client.get("/v1/functions/holder/versions"),
      await tenant.client.get("/v1/functions/holder/invocations"),
      await tenant.client.get("/v1/events?per_page=100"),
    ];
    for (const res of answers) {
      expect(res.status, res.text).toBe(200);
      expect(res.text).not.toContain(SECRET);
      expect(res.text).not.toContain(OTHER_SECRET);
    }
    const got = answers[0]!.body;
    expect(got.env).toEqual({ PUBLIC_URL: "https://example.test/env-value" });
    expect(got.secret_names).toEqual(["API_KEY", "SECOND"]);

    const stored = await rows(sql`SELECT version, secrets, secret_names FROM function_versions WHERE function_id = ${fn.id} ORDER BY version`);
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(typeof row.secrets).toBe("string");
      expect(row.secrets).not.toContain(SECRET);
      expect(row.secrets).not.toContain(OTHER_SECRET);
      expect(row.secrets).not.toContain(Buffer.from(SECRET).toString("base64").slice(0, 16));
    }
    // Two versions: two different ciphertexts.
    expect(stored[0].secrets).not.toBe(stored[1].secrets);
    // Nowhere in the function tables, nor in the event log.
    const everything = JSON.stringify([
      await rows(sql`SELECT * FROM function_versions WHERE function_id = ${fn.id}`),
      await rows(sql`SELECT * FROM functions WHERE id = ${fn.id}`),
      await rows(sql`SELECT * FROM events WHERE org_id = ${tenant.orgId}`),
    ]);
    expect(everything).toContain("env-value");
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(OTHER_SECRET);
  });

  it("a version without secrets stores none (null), and null removes a secret", async () => {
    const tenant = await t().tenant();
    const fn = await deploy(tenant.client, { name: "plain", source: reporter(1) });
    const v2 = await deployVersion(tenant.client, "plain", { source: reporter(2), secrets: { API_KEY: "temporary" } });
    expect(v2.secret_names).toEqual(["API_KEY"]);
    const v3 = await deployVersion(tenant.client, "plain", { source: reporter(3), secrets: { API_KEY: null, NEVER_SET: null } });
    expect(v3.secret_names).toEqual([]);
    expect(await invokeOk(tenant.client, "plain")).toMatchObject({ v: 3, secretNames: [], apiKey: null });
    const stored = await rows(sql`SELECT version, secrets FROM function_versions WHERE function_id = ${fn.id} ORDER BY version`);
    expect(stored.map((r) => r.secrets === null)).toEqual([true, false, true]);
    // A deploy may name a secret null: it is simply not set.
    const withNull = await deploy(tenant.client, { name: "null-secret", source: reporter(1), secrets: { API_KEY: null, KEPT: "k" } });
    expect(withNull.secret_names).toEqual(["KEPT"]);
  });
});

describe("events", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
  });

  it("function.deployed on deploy, new version and rollback; function.deleted on delete", async () => {
    const fn = await deploy(tenant.client, { name: "evented", source: reporter(1), secrets: { API_KEY: "evt-secret" } });
    let list = await events(tenant.client, "function.deployed", fn.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: "function.deployed", data: { object: fn } });

    const v2 = await deployVersion(tenant.client, "evented", { source: reporter(2) });
    list = await events(tenant.client, "function.deployed", fn.id);
    expect(list).toHaveLength(2);
    expect(list[0].data.object).toEqual(v2);

    const back = await tenant.client.post("/v1/functions/evented/rollback", { version: 1 });
    expect(back.status, back.text).toBe(200);
    list = await events(tenant.client, "function.deployed", fn.id);
    expect(list).toHaveLength(3);
    expect(list[0].data.object).toEqual(back.body);
    expect(list[0].data.previous_attributes).toEqual({ active_version: 2 });
    expect(list.map((e) => e.data.object.active_version)).toEqual([1, 2, 1]);

    const all = await tenant.client.get("/v1/events?type=function.*&per_page=100");
    expect(all.body.data.filter((e: any) => e.data.object.id === fn.id).map((e: any) => e.type)).toEqual([
      "function.deployed",
      "function.deployed",
      "function.deployed",
    ]);

    const deleted = await tenant.client.delete("/v1/functions/evented");
    expect(deleted.status).toBe(200);
    const gone = await events(tenant.client, "function.deleted", fn.id);
    expect(gone).toHaveLength(1);
    expect(gone[0].data.object).toMatchObject({ id: fn.id, object: "function", name: "evented", active_version: 1, latest_version: 2 });
    // The event stands alone: its id reads back.
    const one = await tenant.client.get(`/v1/events/${gone[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(gone[0]);
    // Refused deploys emit nothing.
    const count = (await tenant.client.get("/v1/events?type=function.*&per_page=100")).body.meta.total;
    await tenant.client.post("/v1/functions", { name: "evented-bad", source: "export default {" });
    await tenant.client.post("/v1/functions", { name: "Evented", source: HELLO });
    expect((await tenant.client.get("/v1/events?type=function.*&per_page=100")).body.meta.total).toBe(count);
  });

  it("function events are read with functions:manage; a failed invocation's (it carries logs) only with full access", async () => {
    await deploy(tenant.client, { name: "seen-by-full", source: HELLO });
    const full = await tenant.client.get("/v1/events?type=function.*&per_page=100");
    expect(full.body.meta.total).toBeGreaterThan(0);
    const deployed = full.body.data.find((e: any) => e.type === "function.deployed");
    // An engine key manages functions: it reads their deploys, as GET /v1/functions shows them.
    const engine = await tenant.newKey("engine", { engines: ["finance"] });
    expect((await engine.client.get(`/v1/events/${deployed.id}`)).status).toBe(200);
    // A failed invocation's logs hold what the function read with its deployer's permissions.
    expect((await engine.client.get("/v1/events?type=function.invocation_failed")).body.data).toEqual([]);
    // A read-only key manages no functions.
    const reader = await tenant.newKey("read_only");
    const res = await reader.client.get("/v1/events?type=function.*&per_page=100");
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.total).toBe(0);
    expectProblem(await reader.client.get(`/v1/events/${deployed.id}`), 404, "not_found");
  });
});

describe("permissions", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
    await deploy(tenant.client, {
      name: "guarded",
      source: `export default { fetch(request, ctx) { return { caller: ctx.caller.kind, version: ctx.function.version } } }`,
    });
  });

  const manageRoutes = (name: string): [string, string, unknown?][] => [
    ["GET", "/v1/functions"],
    ["POST", "/v1/functions", { name: `${name}-new`, source: HELLO }],
    ["GET", `/v1/functions/${name}`],
    ["GET", `/v1/functions/${name}/versions`],
    ["POST", `/v1/functions/${name}/versions`, { source: HELLO }],
    ["POST", `/v1/functions/${name}/rollback`, { version: 1 }],
    ["GET", `/v1/functions/${name}/invocations`],
    ["DELETE", `/v1/functions/${name}`],
  ];

  // Read-only keys change nothing: functions:manage is refused them on every management route.
  it("read-only keys get 403 insufficient_permission (functions:manage) on the management routes", async () => {
    const key = await tenant.newKey("read_only");
    for (const [method, path, body] of manageRoutes("guarded")) {
      const res = await key.client.request(method, path, body === undefined ? {} : { body });
      const problem = expectProblem(res, 403, "insufficient_permission", `${method} ${path}`);
      expect(problem.required_permission).toBe("functions:manage");
    }
    expect(await getFn(tenant.client, "guarded")).toMatchObject({ active_version: 1, latest_version: 1 });
  });

  // Engine keys manage functions (a function reads with its deployer's permissions, no more);
  // each route answers as it does for a full-access key, and the new version records its deployer.
  it("engine keys may deploy and manage functions; the deploying key is recorded", async () => {
    const key = await tenant.newKey("engine", { engines: ["finance"] });
    const name = "guarded-by-engine";
    await deploy(key.client, { name, source: HELLO });
    for (const [method, path, body] of manageRoutes(name)) {
      const res = await key.client.request(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
    }
    expect((await tenant.client.get(`/v1/functions/${name}-new`)).body.deployed_by).toBe(key.id);
  });

  it("read-only and engine keys may invoke (functions:invoke)", async () => {
    const reader = await tenant.newKey("read_only");
    const engine = await tenant.newKey("engine", { engines: ["finance"] });
    for (const [kind, key] of [
      ["read_only", reader],
      ["engine", engine],
    ] as const) {
      const res = await invoke(key.client, "guarded");
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ caller: kind, version: 1 });
      const get = await key.client.get("/v1/functions/guarded/invoke/sub?x=1");
      expect(get.status, get.text).toBe(200);
    }
  });

  it("no key: 401 on every route", async () => {
    for (const [method, path, body] of manageRoutes("guarded")) {
      const res = await tenant.client.request(method, path, { key: null, ...(body === undefined ? {} : { body }) });
      expectProblem(res, 401, "missing_api_key", `${method} ${path}`);
    }
    expectProblem(await tenant.client.request("POST", "/v1/functions/guarded/invoke", { key: null, body: {} }), 401, "missing_api_key");
  });
});
