/**
 * Edge functions in the sandbox: HTTP invocation (request in, response out),
 * ctx (org, caller, env, secrets, engine reads with the deployer's key),
 * tenant isolation, limits (CPU, wall time, memory), escapes, logs, the
 * function.invocation_failed event, and a worker that dies mid-run.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createInvoice, invoiceIn, NOW } from "../finance/helpers.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type ApiResponse, type Client, type Tenant } from "../helpers/harness.ts";
import { deployToRun, invoke } from "../helpers/functions.ts";

// The clock stays at NOW for the whole file: invoices due before it are overdue,
// and rate-limit buckets never refill, so X-RateLimit-Remaining moves only when a request spends it.
const clock = testClock(NOW);
const t = useTestApp({ clock });

const INVOCATION_ID = /^fninv_[0-7][0-9a-hjkmnp-tv-z]{25}$/;

// ---------------------------------------------------------------------------
// Helpers

/** The headers every invocation answer carries. */
function expectInvocationHeaders(response: ApiResponse, version = 1): string {
  const id = response.headers.get("x-function-invocation-id");
  expect(id, `x-function-invocation-id (${response.status} ${response.text})`).toMatch(INVOCATION_ID);
  expect(response.headers.get("x-function-version")).toBe(String(version));
  return id!;
}

/** A 200 from a function, with its body. */
async function invokeOk(client: Client, name: string, options: Parameters<typeof invoke>[2] = {}): Promise<any> {
  const response = await invoke(client, name, options);
  expect(response.status, `${name}: ${response.text}`).toBe(200);
  expectInvocationHeaders(response);
  return response.body;
}

async function invocationsOf(client: Client, name: string, query = ""): Promise<any[]> {
  const response = await client.get(`/v1/functions/${name}/invocations?per_page=100${query ? `&${query}` : ""}`);
  expect(response.status, response.text).toBe(200);
  expect(response.body.meta.total).toBe(response.body.data.length);
  return response.body.data;
}

async function invocation(client: Client, name: string, id: string): Promise<any> {
  const found = (await invocationsOf(client, name)).find((i) => i.id === id);
  expect(found, `invocation ${id} of ${name}`).toBeDefined();
  return found;
}

/** The function_failed problem a throwing (or badly returning) function gets, with what it threw. */
function expectFailed(response: ApiResponse, name: string, message: string | RegExp): any {
  const body = expectProblem(response, 500, "function_failed");
  const id = expectInvocationHeaders(response);
  expect(body.invocation_id).toBe(id);
  expect(body.invocation_status).toBe("error");
  expect(body.function_error.name).toBe(name);
  if (typeof message === "string") expect(body.function_error.message).toBe(message);
  else expect(body.function_error.message).toMatch(message);
  expect(body.detail).toContain(body.function_error.message);
  return body;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** A trivial function, deployed in a tenant to show the platform still serves. */
const OK_SOURCE = `export default { fetch(request, ctx) { return { ok: true, org: ctx.org.id }; } }`;

/** Everything still works: a normal function in both tenants, the worker pool, /healthz. */
async function expectHealthy(a: Tenant, b: Tenant): Promise<void> {
  for (const tenant of [a, b]) {
    const started = performance.now();
    expect(await invokeOk(tenant.client, "ok")).toEqual({ ok: true, org: tenant.orgId });
    expect(performance.now() - started).toBeLessThan(3_000);
  }
  const workers = t().app.functionInvoker.workers();
  expect(workers.length).toBeGreaterThanOrEqual(1);
  for (const { pid } of workers) expect(() => process.kill(pid, 0)).not.toThrow();
  const health = await t().client.get("/healthz");
  expect(health.status).toBe(200);
  expect(health.body).toEqual({ status: "ok" });
}

// ---------------------------------------------------------------------------

describe("HTTP invocation: the request reaches fetch(request, ctx)", () => {
  let tenant: Tenant;
  const ECHO = `
    export default {
      async fetch(request, ctx) {
        const text = await request.text();
        let json;
        try { json = await request.json(); } catch (error) { json = "not json: " + error.name; }
        return {
          method: request.method,
          url: request.url,
          custom: request.headers.get("x-custom"),
          authorization: request.headers.get("authorization"),
          context: request.headers.get("x-enginery-context"),
          contentType: request.headers.get("content-type"),
          text,
          json,
        };
      },
    };`;

  beforeAll(async () => {
    tenant = await t().tenant();
    await deployToRun(tenant.client, "echo", ECHO);
  });

  it("passes method, url (path and query), headers and a JSON body, and hides the caller's Authorization", async () => {
    const raw = '{"a": 1,  "b": [2, "three"]}';
    const response = await invoke(tenant.client, "echo", {
      path: "/orders/42?x=1&y=two",
      raw,
      headers: { "content-type": "application/json", "x-custom": "custom value" },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expectInvocationHeaders(response);
    expect(response.body).toEqual({
      method: "POST",
      url: `${t().url}/v1/functions/echo/invoke/orders/42?x=1&y=two`,
      custom: "custom value",
      authorization: null,
      context: null,
      contentType: "application/json",
      text: raw,
      json: { a: 1, b: [2, "three"] },
    });
  });

  it("passes a text/plain body as it was sent", async () => {
    const body = await invokeOk(tenant.client, "echo", { method: "PUT", raw: "just some text\nline two", headers: { "content-type": "text/plain" } });
    expect(body).toMatchObject({
      method: "PUT",
      contentType: "text/plain",
      text: "just some text\nline two",
      json: "not json: SyntaxError",
      authorization: null,
    });
    expect(body.url).toBe(`${t().url}/v1/functions/echo/invoke`);
  });

  it.each(["GET", "POST", "PUT", "PATCH", "DELETE"])("reaches fetch() with %s on /invoke and on a sub-path", async (method) => {
    const withBody = method !== "GET" && method !== "DELETE";
    const options = withBody ? { raw: JSON.stringify({ m: method }), headers: { "content-type": "application/json" } } : {};
    const root = await invokeOk(tenant.client, "echo", { method, ...options });
    expect(root.method).toBe(method);
    expect(root.url).toBe(`${t().url}/v1/functions/echo/invoke`);
    expect(root.text).toBe(withBody ? JSON.stringify({ m: method }) : "");
    const sub = await invokeOk(tenant.client, "echo", { method, path: "/orders/42?x=1", ...options });
    expect(sub.method).toBe(method);
    expect(sub.url.endsWith("/v1/functions/echo/invoke/orders/42?x=1")).toBe(true);
    if (withBody) expect(sub.json).toEqual({ m: method });
  });

  it("answers 404 for a function that does not exist", async () => {
    expectProblem(await invoke(tenant.client, "nope"), 404, "not_found");
    expectProblem(await invoke(tenant.client, "nope", { path: "/a/b" }), 404, "not_found");
  });

  it("refuses HTTP invocations of a function with triggers.http false (409)", async () => {
    await deployToRun(tenant.client, "no-http", OK_SOURCE, { triggers: { http: false } });
    const response = await invoke(tenant.client, "no-http");
    const body = expectProblem(response, 409, "conflict");
    expect(body.detail).toContain("triggers.http");
    expect(await invocationsOf(tenant.client, "no-http")).toEqual([]);
  });
});

describe("HTTP invocation: what fetch() returns becomes the response", () => {
  let tenant: Tenant;
  const RESPONDER = `
    export default {
      async fetch(request) {
        const what = request.url.split("/invoke/")[1];
        switch (what) {
          case "object": return { a: 1, nested: { b: [true, null] } };
          case "response": return new Response("hi", { status: 201, headers: { "x-a": "b" } });
          case "json": return Response.json({ k: "v" }, { status: 202 });
          case "undefined": return undefined;
          case "string": return "plain string";
          case "reserved":
            return new Response("reserved", {
              status: 200,
              headers: {
                "x-request-id": "evil",
                "x-ratelimit-limit": "1",
                "x-ratelimit-remaining": "999999",
                "x-ratelimit-reset": "0",
                "x-function-version": "99",
                "x-function-invocation-id": "fninv_fake",
                "x-mine": "kept",
              },
            });
          case "throw": throw new Error("boom");
          case "reject": return Promise.reject(new Error("rejected on purpose"));
          case "throw-value": throw "a plain string";
          case "symbol": return Symbol("s");
          case "function": return () => 1;
          case "bigint": return 10n;
          case "cyclic": { const o = { name: "loop" }; o.self = o; return o; }
          case "status99": return new Response("x", { status: 99 });
          case "status700": return new Response("x", { status: 700 });
          case "json-status99": return Response.json({}, { status: 99 });
        }
        return new Response("unknown case " + what, { status: 418 });
      },
    };`;

  beforeAll(async () => {
    tenant = await t().tenant();
    await deployToRun(tenant.client, "responder", RESPONDER);
  });

  const call = (what: string) => invoke(tenant.client, "responder", { method: "GET", path: `/${what}` });

  it("a plain object: 200 application/json", async () => {
    const response = await call("object");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body).toEqual({ a: 1, nested: { b: [true, null] } });
    expectInvocationHeaders(response);
  });

  it("a string: 200, the string as JSON", async () => {
    const response = await call("string");
    expect(response.status).toBe(200);
    expect(response.body).toBe("plain string");
  });

  it("new Response(body, {status, headers}): that status, body and header", async () => {
    const response = await call("response");
    expect(response.status).toBe(201);
    expect(response.text).toBe("hi");
    expect(response.headers.get("x-a")).toBe("b");
    expectInvocationHeaders(response);
  });

  it("Response.json(data, {status}): that status, JSON body", async () => {
    const response = await call("json");
    expect(response.status).toBe(202);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body).toEqual({ k: "v" });
    expectInvocationHeaders(response);
  });

  it("undefined: 204 with no body", async () => {
    const response = await call("undefined");
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expectInvocationHeaders(response);
  });

  it("cannot set x-request-id, x-ratelimit-* or x-function-* headers", async () => {
    const response = await invoke(tenant.client, "responder", { method: "GET", path: "/reserved", headers: { "x-request-id": "mine-123" } });
    expect(response.status).toBe(200);
    expect(response.text).toBe("reserved");
    expect(response.headers.get("x-mine")).toBe("kept");
    expect(response.headers.get("x-request-id")).toBe("mine-123");
    expect(response.headers.get("x-ratelimit-limit")).toBe("10000");
    expect(Number(response.headers.get("x-ratelimit-remaining"))).toBeLessThan(10_000);
    expect(response.headers.get("x-ratelimit-reset")).not.toBe("0");
    expect(response.headers.get("x-function-version")).toBe("1");
    expect(response.headers.get("x-function-invocation-id")).not.toBe("fninv_fake");
    expectInvocationHeaders(response);
    // Without the caller's own id, the platform's.
    const plain = await call("reserved");
    expect(plain.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("throw new Error: 500 function_failed with the error and the invocation id", async () => {
    const response = await call("throw");
    const body = expectFailed(response, "Error", "boom");
    const logged = await invocation(tenant.client, "responder", body.invocation_id);
    expect(logged).toMatchObject({ status: "error", response_status: 500, method: "GET", error: { name: "Error", message: "boom" } });
  });

  it("a rejected promise: function_failed", async () => {
    expectFailed(await call("reject"), "Error", "rejected on purpose");
  });

  it("a thrown non-Error: function_failed naming the value", async () => {
    expectFailed(await call("throw-value"), "Error", /a non-Error value was thrown: a plain string/);
  });

  it.each([
    ["symbol", /symbol/],
    ["function", /function/],
    ["bigint", /BigInt/],
    ["cyclic", /circular/i],
  ])("returning a %s: function_failed naming what was wrong", async (what, message) => {
    expectFailed(await call(what), "TypeError", message);
  });

  it.each(["status99", "status700", "json-status99"])("a response with an impossible status (%s): function_failed naming the status", async (what) => {
    const body = expectFailed(await call(what), "TypeError", /status must be a whole number from 200 to 599/);
    expect(body.function_error.message).toContain(what === "status700" ? "700" : "99");
    expect((await invocation(tenant.client, "responder", body.invocation_id)).status).toBe("error");
  });
});

// ---------------------------------------------------------------------------

/** One function that reads through ctx, told what to read by the request body. */
const READER = `
  export default {
    async fetch(request, ctx) {
      const q = await request.json();
      try {
        switch (q.op) {
          case "overdue": return await ctx.engines.finance.invoices.list({ status: "overdue" });
          case "invoices": return await ctx.engines.finance.invoices.list(q.query);
          case "invoice": return await ctx.engines.finance.invoices.get(q.id);
          case "dossier": return await ctx.engines.growth.accounts.dossier(q.id);
          case "contacts": return await ctx.engines.growth.contacts.list();
          case "candidates": return await ctx.engines.talent.candidates.list();
          case "snapshot": return await ctx.snapshots.latest();
          case "many": {
            let done = 0;
            try {
              for (; done < q.n; done++) await ctx.engines.finance.invoices.list({ per_page: 1 });
            } catch (error) {
              return { done, caught: true, name: error.name, status: error.status, code: error.code, isPlatformError: error instanceof PlatformError };
            }
            return { done };
          }
          case "uncaught": return await ctx.engines.finance.invoices.get(q.id);
        }
      } catch (error) {
        if (q.op === "uncaught") throw error;
        return { caught: true, name: error.name, status: error.status, code: error.code, message: error.message, isPlatformError: error instanceof PlatformError };
      }
      return Response.json({ unknown: q.op }, { status: 400 });
    },
  };`;

const read = (client: Client, name: string, body: Record<string, unknown>) => invokeOk(client, name, { body });

describe("ctx: who, where, configuration", () => {
  let tenant: Tenant;
  const CTX = `
    export default {
      fetch(request, ctx) {
        return {
          org: ctx.org,
          caller: ctx.caller,
          env: ctx.env,
          secrets: ctx.secrets,
          fn: ctx.function,
          frozen: Object.isFrozen(ctx) && Object.isFrozen(ctx.env) && Object.isFrozen(ctx.secrets),
        };
      },
    };`;
  let deployed: any;

  beforeAll(async () => {
    tenant = await t().tenant({ name: "Ctx Org" });
    deployed = await deployToRun(tenant.client, "who", CTX, { env: { REGION: "eu", MODE: "test" }, secrets: { TOKEN: "s3cret-value" } });
  });

  it("gives the org, the invoking key, env, secrets and the function", async () => {
    const body = await invokeOk(tenant.client, "who");
    expect(body.org).toEqual({ id: tenant.orgId, name: "Ctx Org", plan: "enterprise" });
    expect(body.caller).toMatchObject({ type: "api_key", id: tenant.keyId, kind: "full_access" });
    expect(body.caller.permissions).toContain("functions:manage");
    expect(body.env).toEqual({ REGION: "eu", MODE: "test" });
    expect(body.secrets).toEqual({ TOKEN: "s3cret-value" });
    expect(body.fn).toEqual({ id: deployed.id, name: "who", version: 1 });
    expect(body.frozen).toBe(true);
  });

  it("ctx.caller is the key that invokes: a read-only key, an engine key", async () => {
    const readOnly = await tenant.newKey("read_only");
    const ro = await invokeOk(readOnly.client, "who");
    expect(ro.caller).toMatchObject({ type: "api_key", id: readOnly.id, kind: "read_only" });
    expect(ro.caller.permissions).toContain("finance:read");
    expect(ro.caller.permissions).not.toContain("finance:write");
    const engine = await tenant.newKey("engine", { engines: ["talent"] });
    const en = await invokeOk(engine.client, "who");
    expect(en.caller).toMatchObject({ type: "api_key", id: engine.id, kind: "engine" });
    expect(en.caller.permissions).toEqual(expect.arrayContaining(["talent:read", "functions:invoke"]));
    expect(en.caller.permissions).not.toContain("finance:read");
    // Same org, same function either way.
    expect(en.org.id).toBe(tenant.orgId);
    expect(en.secrets).toEqual({ TOKEN: "s3cret-value" });
  });

  it("a new version's ctx.function.version and env follow the deploy", async () => {
    const response = await tenant.client.post("/v1/functions/who/versions", { source: CTX, env: { REGION: "us" } });
    expect(response.status, response.text).toBe(201);
    const answer = await invoke(tenant.client, "who");
    expect(answer.status).toBe(200);
    expectInvocationHeaders(answer, 2);
    expect(answer.body.fn).toEqual({ id: deployed.id, name: "who", version: 2 });
    expect(answer.body.env).toEqual({ REGION: "us" });
    expect(answer.body.secrets).toEqual({ TOKEN: "s3cret-value" });
  });
});

describe("ctx reads: the API's own answers", () => {
  let tenant: Tenant;
  const overdueIds: string[] = [];
  let openInvoice: any;

  beforeAll(async () => {
    tenant = await t().tenant();
    overdueIds.push((await invoiceIn(tenant.client, "overdue", { client: "Late One" })).id);
    overdueIds.push((await invoiceIn(tenant.client, "overdue", { client: "Late Two", due_date: "2026-01-15", amount: 250 })).id);
    openInvoice = await invoiceIn(tenant.client, "open");
    await invoiceIn(tenant.client, "draft", { due_date: "2026-01-01" });
    await invoiceIn(tenant.client, "paid", { due_date: "2026-01-01" });
    await deployToRun(tenant.client, "reader", READER);
  });

  it("invoices.list({status: 'overdue'}) returns exactly the overdue invoices, as GET /v1/invoices?status=overdue", async () => {
    const body = await read(tenant.client, "reader", { op: "overdue" });
    const direct = await tenant.client.get("/v1/invoices?status=overdue");
    expect(direct.status).toBe(200);
    expect(body).toEqual(direct.body);
    expect(body.data.map((i: any) => i.id).sort()).toEqual([...overdueIds].sort());
    expect(body.data.every((i: any) => i.status === "overdue" && i.days_overdue > 0)).toBe(true);
    expect(body.meta.total).toBe(2);
  });

  it("invoices.get(id) returns the invoice as GET /v1/invoices/{id}", async () => {
    const body = await read(tenant.client, "reader", { op: "invoice", id: openInvoice.id });
    const direct = await tenant.client.get(`/v1/invoices/${openInvoice.id}`);
    expect(body).toEqual(direct.body);
    expect(body).toMatchObject({ id: openInvoice.id, status: "open" });
  });

  it("a bad query is a PlatformError 400 the function can catch", async () => {
    const body = await read(tenant.client, "reader", { op: "invoices", query: { status: "bogus" } });
    expect(body).toMatchObject({ caught: true, name: "PlatformError", status: 400, code: "validation_failed", isPlatformError: true });
  });

  it("cpu_ms counts the CPU the API spends serving the function's ctx reads, not only the isolate's", async () => {
    const reads = 100;
    // What the same reads cost this process when the API serves them directly (the API runs in the test's process).
    const before = process.cpuUsage();
    for (let i = 0; i < reads; i++) {
      const direct = await t().app.inject({ method: "GET", url: "/v1/invoices?per_page=1", headers: { authorization: `Bearer ${tenant.key}` } });
      expect(direct.statusCode).toBe(200);
    }
    const spent = process.cpuUsage(before);
    const directMs = (spent.user + spent.system) / 1000;
    const response = await invoke(tenant.client, "reader", { body: { op: "many", n: reads, query: {} } });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ done: reads });
    const logged = await invocation(tenant.client, "reader", response.headers.get("x-function-invocation-id")!);
    // The isolate's own share (a loop that awaits and parses small answers) is a small part of it.
    expect(logged.cpu_ms).toBeGreaterThan(directMs / 2);
  });

  it("an uncaught PlatformError fails the invocation naming it", async () => {
    const missing = "inv_00000000000000000000000000";
    const response = await invoke(tenant.client, "reader", { body: { op: "uncaught", id: missing } });
    expectFailed(response, "PlatformError", /./);
  });

  it("growth: accounts.dossier(id) and contacts.list(); talent: candidates.list(); snapshots.latest()", async () => {
    const account = (await tenant.client.post("/v1/accounts", { name: "Initech", domain: "initech.com" })).body;
    expect(account.id).toMatch(/^acc_/);
    const contact = await tenant.client.post("/v1/contacts", { first_name: "Peter", last_name: "Gibbons", email: "peter@initech.com" });
    expect(contact.status, contact.text).toBe(201);
    const job = await tenant.client.post("/v1/jobs", { title: "Engineer" });
    expect(job.status, job.text).toBe(201);
    const candidate = await tenant.client.post("/v1/candidates", { job_id: job.body.id, first_name: "Ann", last_name: "Lee", email: "ann@example.com" });
    expect(candidate.status, candidate.text).toBe(201);
    const snapshot = await tenant.client.post("/v1/intelligence/snapshots");
    expect(snapshot.status, snapshot.text).toBe(201);

    const dossier = await read(tenant.client, "reader", { op: "dossier", id: account.id });
    expect(dossier).toEqual((await tenant.client.get(`/v1/accounts/${account.id}/dossier`)).body);
    expect(JSON.stringify(dossier)).toContain(contact.body.id);

    const contacts = await read(tenant.client, "reader", { op: "contacts" });
    expect(contacts).toEqual((await tenant.client.get("/v1/contacts")).body);
    expect(contacts.data.map((c: any) => c.id)).toEqual([contact.body.id]);

    const candidates = await read(tenant.client, "reader", { op: "candidates" });
    expect(candidates).toEqual((await tenant.client.get("/v1/candidates")).body);
    expect(candidates.data.map((c: any) => c.id)).toEqual([candidate.body.id]);

    const latest = await read(tenant.client, "reader", { op: "snapshot" });
    expect(latest).toEqual((await tenant.client.get("/v1/intelligence/snapshots/latest")).body);
    expect(latest.id).toBe(snapshot.body.id);
  });
});

describe("ctx reads: tenant isolation", () => {
  it("tenant B's function cannot read tenant A's invoice (PlatformError 404) and never lists A's rows", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const aInvoices = [await invoiceIn(a.client, "overdue"), await invoiceIn(a.client, "open")];
    const bInvoice = await invoiceIn(b.client, "overdue");
    await deployToRun(a.client, "reader", READER);
    await deployToRun(b.client, "reader", READER);

    for (const aInvoice of aInvoices) {
      const body = await read(b.client, "reader", { op: "invoice", id: aInvoice.id });
      expect(body).toMatchObject({ caught: true, name: "PlatformError", status: 404, code: "not_found", isPlatformError: true });
      expect(JSON.stringify(body)).not.toContain(aInvoice.client);
    }
    for (const op of ["overdue", "invoices"]) {
      const list = await read(b.client, "reader", { op });
      expect(list.data.map((i: any) => i.id)).toEqual([bInvoice.id]);
      expect(list.meta.total).toBe(1);
    }
    // A's own function sees A's rows (the same code, the other tenant).
    const aList = await read(a.client, "reader", { op: "invoices" });
    expect(aList.data.map((i: any) => i.id).sort()).toEqual(aInvoices.map((i) => i.id).sort());
    // And B cannot invoke A's function at all.
    const reader = await b.client.get("/v1/functions/reader");
    const aReader = await a.client.get("/v1/functions/reader");
    expect(reader.body.id).not.toBe(aReader.body.id);
    expectProblem(await invoke(b.client, aReader.body.id, { body: { op: "invoices" } }), 404, "not_found");
  });
});

describe("ctx reads use the deploying key", () => {
  it("an engine key without finance invokes a function that reads invoices with the deployer's (full-access) permissions", async () => {
    const tenant = await t().tenant();
    const invoice = await invoiceIn(tenant.client, "overdue");
    await deployToRun(tenant.client, "reader", READER);
    const engine = await tenant.newKey("engine", { engines: ["talent"] });
    expectProblem(await engine.client.get("/v1/invoices"), 403, "insufficient_permission");
    const viaEngine = await read(engine.client, "reader", { op: "overdue" });
    expect(viaEngine.data.map((i: any) => i.id)).toEqual([invoice.id]);
    const readOnly = await tenant.newKey("read_only");
    expect(await read(readOnly.client, "reader", { op: "overdue" })).toEqual(viaEngine);
  });

  it("a read-only key may not deploy (it changes nothing), but a function it invokes reads with the deployer's permissions", async () => {
    const tenant = await t().tenant();
    const readOnly = await tenant.newKey("read_only");
    expect(
      expectProblem(await readOnly.client.post("/v1/functions", { name: "reader", source: READER }), 403, "insufficient_permission").required_permission,
    ).toBe("functions:manage");
    expect((await tenant.client.get("/v1/functions/reader")).status).toBe(404);
  });

  it("an engine key's function cannot read an engine the key lacks (PlatformError 403), even when a full-access key invokes it", async () => {
    const tenant = await t().tenant();
    const invoice = await invoiceIn(tenant.client, "overdue");
    const job = await tenant.client.post("/v1/jobs", { title: "Engineer" });
    const candidate = await tenant.client.post("/v1/candidates", { job_id: job.body.id, first_name: "Ann", last_name: "Lee", email: "ann@example.com" });
    expect(candidate.status, candidate.text).toBe(201);
    const talent = await tenant.newKey("engine", { engines: ["talent"] });
    const fn = await deployToRun(talent.client, "reader", READER);
    expect(fn.deployed_by).toBe(talent.id);
    for (const body of [
      await read(tenant.client, "reader", { op: "overdue" }),
      await read(tenant.client, "reader", { op: "invoice", id: invoice.id }),
      await read(talent.client, "reader", { op: "contacts" }),
    ]) {
      expect(body).toMatchObject({ caught: true, name: "PlatformError", status: 403, code: "insufficient_permission", isPlatformError: true });
    }
    // A snapshot needs every engine's read.
    expect(await read(tenant.client, "reader", { op: "snapshot" })).toMatchObject({ caught: true, status: 403, code: "insufficient_permission" });
    // What the key may read, the function reads.
    const candidates = await read(tenant.client, "reader", { op: "candidates" });
    expect(candidates.data.map((c: any) => c.id)).toEqual([candidate.body.id]);
  });

  it("revoking the deploying key makes ctx reads fail with PlatformError 401 api_key_revoked; the invocation still answers", async () => {
    const tenant = await t().tenant();
    const invoice = await invoiceIn(tenant.client, "open");
    const deployer = await tenant.newKey("full_access");
    const fn = await deployToRun(deployer.client, "reader", READER);
    expect(fn.deployed_by).toBe(deployer.id);

    const before = await read(tenant.client, "reader", { op: "invoice", id: invoice.id });
    expect(before.id).toBe(invoice.id);

    const revoked = await tenant.client.delete(`/v1/api_keys/${deployer.id}`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.status).toBe("revoked");

    const response = await invoke(tenant.client, "reader", { body: { op: "invoice", id: invoice.id } });
    expect(response.status).toBe(200);
    expectInvocationHeaders(response);
    expect(response.body).toMatchObject({ caught: true, name: "PlatformError", status: 401, code: "api_key_revoked", isPlatformError: true });
    expect(response.body.message).toContain(deployer.id);
    // A new version deployed with a working key reads again.
    const redeploy = await tenant.client.post("/v1/functions/reader/versions", { source: READER });
    expect(redeploy.status, redeploy.text).toBe(201);
    expect(redeploy.body.deployed_by).toBe(tenant.keyId);
    const after = await invoke(tenant.client, "reader", { body: { op: "invoice", id: invoice.id } });
    expect(after.status).toBe(200);
    expect(after.body.id).toBe(invoice.id);
  });

  it("each ctx read spends one request of the deploying key's rate limit", async () => {
    const tenant = await t().tenant();
    await deployToRun(tenant.client, "reader", READER);
    const readOnly = await tenant.newKey("read_only");
    const remaining = async () => {
      const me = await tenant.client.get("/v1/me");
      expect(me.status).toBe(200);
      return Number(me.headers.get("x-ratelimit-remaining"));
    };
    const start = await remaining();
    // Invoked by another key: only the reads are the deployer's.
    const result = await read(readOnly.client, "reader", { op: "many", n: 7 });
    expect(result).toEqual({ done: 7 });
    expect(await remaining()).toBe(start - 1 - 7);
  });

  it("a free-plan function that reads past the deployer's limit gets PlatformError 429 rate_limited", async () => {
    const tenant = await t().tenant({ plan: "free" });
    await deployToRun(tenant.client, "reader", READER, { limits: { cpu_ms: 100 } });
    const readOnly = await tenant.newKey("read_only");
    const me = await tenant.client.get("/v1/me");
    expect(me.headers.get("x-ratelimit-limit")).toBe("100");
    const left = Number(me.headers.get("x-ratelimit-remaining"));
    expect(left).toBeGreaterThan(90);
    const result = await read(readOnly.client, "reader", { op: "many", n: 150 });
    expect(result).toEqual({ done: left, caught: true, name: "PlatformError", status: 429, code: "rate_limited", isPlatformError: true });
    // The deployer's own calls are refused now too; the invoking key is untouched.
    expectProblem(await tenant.client.get("/v1/me"), 429, "rate_limited");
    expect((await readOnly.client.get("/v1/me")).status).toBe(200);
  }, 30_000);
});

// ---------------------------------------------------------------------------

describe("limits", () => {
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    a = await t().tenant({ plan: "enterprise" });
    b = await t().tenant({ plan: "enterprise" });
    await deployToRun(a.client, "ok", OK_SOURCE);
    await deployToRun(b.client, "ok", OK_SOURCE);
  });

  async function expectLimit(name: string, code: "function_limit_exceeded" | "function_timeout", statuses: string[]): Promise<any> {
    const started = performance.now();
    const response = await invoke(a.client, name);
    const elapsed = performance.now() - started;
    const body = expectProblem(response, code === "function_timeout" ? 504 : 500, code);
    const id = expectInvocationHeaders(response);
    expect(body.invocation_id).toBe(id);
    expect(statuses).toContain(body.invocation_status);
    expect(body.function_error).toBeUndefined();
    const logged = await invocation(a.client, name, id);
    expect(logged.status).toBe(body.invocation_status);
    expect(logged.response_status).toBe(response.status);
    expect(logged.error.name).toMatch(/LimitExceeded|WorkerCrashed/);
    return { body, logged, elapsed };
  }

  it("an infinite synchronous loop: 500 function_limit_exceeded, cpu_limit", async () => {
    await deployToRun(a.client, "spin", `export default { fetch() { for (;;) {} } }`, { limits: { cpu_ms: 50 } });
    const { logged, body } = await expectLimit("spin", "function_limit_exceeded", ["cpu_limit"]);
    expect(logged.cpu_ms).toBeGreaterThanOrEqual(50);
    expect(logged.error.message).toBe("the invocation used more than its CPU limit of 50 ms");
    expect(body.detail).toContain("CPU limit of 50 ms");
    await expectHealthy(a, b);
    // The function itself runs again (a fresh isolate), and hits its limit again.
    await expectLimit("spin", "function_limit_exceeded", ["cpu_limit"]);
    await expectHealthy(a, b);
  });

  it("an infinite async loop (for(;;) await null): cpu_limit", async () => {
    await deployToRun(a.client, "spin-async", `export default { async fetch() { for (;;) await null; } }`, { limits: { cpu_ms: 50 } });
    await expectLimit("spin-async", "function_limit_exceeded", ["cpu_limit"]);
    await expectHealthy(a, b);
  });

  it("a promise that never settles, timeout_ms 300: 504 function_timeout after about 300 ms", async () => {
    await deployToRun(a.client, "hang", `export default { fetch() { return new Promise(() => {}); } }`, { limits: { timeout_ms: 300 } });
    const { logged, elapsed, body } = await expectLimit("hang", "function_timeout", ["timeout"]);
    expect(logged.duration_ms).toBeGreaterThanOrEqual(300);
    expect(logged.duration_ms).toBeLessThan(1_500);
    expect(elapsed).toBeGreaterThanOrEqual(295);
    expect(logged.error.message).toBe("the invocation ran past its wall-time limit of 300 ms");
    expect(body.detail).toContain("300 ms");
    await expectHealthy(a, b);
  });

  it("a memory bomb of arrays of arrays (cpu_ms 1000): memory_limit, and the pool still serves", async () => {
    const source = `export default { fetch() { const all = []; for (;;) { const row = []; for (let i = 0; i < 100; i++) row.push(new Array(10000).fill(i)); all.push(row); } } }`;
    await deployToRun(a.client, "bomb-arrays", source, { limits: { cpu_ms: 1_000 } });
    const { body } = await expectLimit("bomb-arrays", "function_limit_exceeded", ["memory_limit"]);
    expect(body.detail).toMatch(/memory/);
    await expectHealthy(a, b);
  });

  it("a memory bomb of a string doubling loop that keeps its strings flat (cpu_ms 3000): memory_limit", async () => {
    // s += s alone builds ropes that take no memory; reading each one forces it to be a real string.
    const source = `export default { fetch() { let s = "x".repeat(1024); const keep = []; for (;;) { s = s + s; s.charCodeAt(s.length - 1); keep.push(s.slice(1)); } } }`;
    await deployToRun(a.client, "bomb-string", source, { limits: { cpu_ms: 3_000 } });
    const { body } = await expectLimit("bomb-string", "function_limit_exceeded", ["memory_limit"]);
    expect(body.detail).toContain("memory limit of 64 MB");
    await expectHealthy(a, b);
  });

  it("a naive string doubling loop (s += s) reaches V8's longest string first: function_failed RangeError, no limit", async () => {
    await deployToRun(a.client, "bomb-rope", `export default { fetch() { let s = "x"; for (;;) s += s; } }`, { limits: { cpu_ms: 1_000 } });
    const body = expectFailed(await invoke(a.client, "bomb-rope"), "RangeError", "Invalid string length");
    expect((await invocation(a.client, "bomb-rope", body.invocation_id)).status).toBe("error");
    await expectHealthy(a, b);
  });

  // isolate.cpuTime grows with wall time while the isolate runs (isolated-vm adds a steady-clock delta),
  // so a worker that is descheduled (a loaded host; here SIGSTOP for 1.5 s) must not charge that time
  // to the running function: a ~0.2 s function with cpu_ms 1000 completes, charged about 0.2 s.
  it("the CPU limit counts CPU time, not time the worker was not scheduled", async () => {
    await deployToRun(a.client, "busy", `export default { fetch() { let x = 0; for (let i = 0; i < 5e7; i++) x = (x + i * 7) % 1000003; return { x }; } }`, {
      limits: { cpu_ms: 1_000 },
    });
    const warm = await invoke(a.client, "busy");
    expect(warm.status, warm.text).toBe(200);
    const pid = t().app.functionInvoker.workers()[0]!.pid;
    const running = invoke(a.client, "busy");
    await waitFor("the invocation to reach the worker", () =>
      t()
        .app.functionInvoker.workers()
        .some((w) => w.inFlight > 0),
    );
    await sleep(50);
    process.kill(pid, "SIGSTOP");
    try {
      await sleep(1_500);
    } finally {
      process.kill(pid, "SIGCONT");
    }
    const response = await running;
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual(warm.body);
    const logged = await invocation(a.client, "busy", response.headers.get("x-function-invocation-id")!);
    expect(logged.cpu_ms).toBeLessThan(1_000);
  });

  it("while tenant A's function burns its CPU limit, tenant B's functions answer at once", async () => {
    // Wall time to spare: on a loaded machine a nice-10 worker gets 3 s of CPU only slowly, and the CPU limit is what this tests.
    await deployToRun(a.client, "long-spin", `export default { fetch() { for (;;) {} } }`, { limits: { cpu_ms: 3_000, timeout_ms: 40_000 } });
    let done = false;
    const looping = invoke(a.client, "long-spin").then((response) => {
      done = true;
      return response;
    });
    await waitFor("the loop to start", () =>
      t()
        .app.functionInvoker.workers()
        .some((w) => w.inFlight > 0),
    );
    await sleep(50);
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect(await invokeOk(b.client, "ok")).toEqual({ ok: true, org: b.orgId });
      expect(performance.now() - started).toBeLessThan(1_500);
    }
    expect(done, "A's loop ended before B's calls did").toBe(false);
    const response = await looping;
    expectProblem(response, 500, "function_limit_exceeded");
    expect(response.body.invocation_status).toBe("cpu_limit");
    await expectHealthy(a, b);
  }, 60_000);
});

// ---------------------------------------------------------------------------

describe("escapes have no effect", () => {
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    a = await t().tenant();
    b = await t().tenant();
    await deployToRun(a.client, "ok", OK_SOURCE);
    await deployToRun(b.client, "ok", OK_SOURCE);
  });

  it("no process, no require, no imports, no host object through constructors", async () => {
    const source = `
      export default {
        async fetch(request, ctx) {
          const out = { process: typeof process, require: typeof require, globalProcess: typeof globalThis.process, module: typeof module, buffer: typeof Buffer };
          // A literal import("fs") is refused at deploy (below); one the compiler cannot see fails when it runs.
          const specifier = ["f", "s"].join("");
          try { await import(specifier); out.importFs = "resolved"; } catch (error) { out.importFs = "rejected"; }
          try { out.ctorProcess = typeof this.constructor.constructor("return process")(); } catch (error) { out.ctorProcess = "threw " + error.name; }
          try { out.ctorRequire = typeof this.constructor.constructor("return require")(); } catch (error) { out.ctorRequire = "threw " + error.name; }
          const g = ctx.engines.constructor.constructor("return this")();
          out.gIsGlobal = g === globalThis;
          out.gProcess = typeof g.process;
          out.gRequire = typeof g.require;
          out.readerProcess = ctx.engines.finance.invoices.list.constructor("return typeof process")();
          return out;
        },
      };`;
    await deployToRun(a.client, "escape", source);
    expect(await invokeOk(a.client, "escape")).toEqual({
      process: "undefined",
      require: "undefined",
      globalProcess: "undefined",
      module: "undefined",
      buffer: "undefined",
      importFs: "rejected",
      ctorProcess: "threw ReferenceError",
      ctorRequire: "threw ReferenceError",
      gIsGlobal: true,
      gProcess: "undefined",
      gRequire: "undefined",
      readerProcess: "undefined",
    });
    await expectHealthy(a, b);
  });

  it("a static import, or a dynamic one of a literal, is refused at deploy (422)", async () => {
    for (const source of [
      `import fs from "fs"; export default { fetch() { return typeof fs; } }`,
      `export default { async fetch() { return typeof (await import("fs")); } }`,
    ]) {
      const response = await a.client.post("/v1/functions", { name: "importer", source });
      expectProblem(response, 422, "function_compile_error", source);
      expect(response.body.detail).toContain("imports are not available");
    }
  });

  it("polluting prototypes changes nothing outside the function", async () => {
    const polluter = `export default { fetch() { Object.prototype.polluted = 1; Array.prototype.map = null; Array.prototype.push = null; return { polluted: ({}).polluted }; } }`;
    const checker = `export default { fetch() { return { polluted: ({}).polluted === undefined ? "no" : "yes", map: typeof [].map, doubled: [1, 2].map((x) => x * 2) }; } }`;
    await deployToRun(a.client, "polluter", polluter);
    await deployToRun(a.client, "checker", checker);
    await deployToRun(b.client, "checker", checker);
    expect(await invokeOk(a.client, "polluter")).toEqual({ polluted: 1 });
    // Again, warm: the function's own isolate is polluted, its answers still come back.
    expect(await invokeOk(a.client, "polluter")).toEqual({ polluted: 1 });
    expect(await invokeOk(a.client, "checker")).toEqual({ polluted: "no", map: "function", doubled: [2, 4] });
    expect(await invokeOk(b.client, "checker")).toEqual({ polluted: "no", map: "function", doubled: [2, 4] });
    const list = await a.client.get("/v1/invoices");
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 25 } });
    await createInvoice(a.client);
    await expectHealthy(a, b);
  });

  it("a cold start's isolate (the worker's spare) has run no other code: what tenant A's module left behind, B's first invocation never sees", async () => {
    // A leaves marks at top level and in every call; each of B's functions starts cold, after A's ran, on every worker.
    const marker = `globalThis.mark = "A"; Object.prototype.markA = "A";
      export default { fetch(request, ctx) { globalThis.secret = ctx.secrets.S; globalThis.calls = (globalThis.calls ?? 0) + 1; return { calls: globalThis.calls }; } }`;
    const looker = `export default { fetch(request, ctx) {
      console.log("first line");
      return { mark: typeof globalThis.mark, secret: typeof globalThis.secret, calls: typeof globalThis.calls, proto: ({}).markA ?? null, org: ctx.org.id, secrets: ctx.secrets };
    } }`;
    for (let i = 0; i < 4; i++) {
      await deployToRun(a.client, `marker-${i}`, marker, { secrets: { S: "tenant A's secret" } });
      expect(await invokeOk(a.client, `marker-${i}`)).toEqual({ calls: 1 });
      expect(await invokeOk(a.client, `marker-${i}`)).toEqual({ calls: 2 });
      await deployToRun(b.client, `looker-${i}`, looker);
      const response = await invoke(b.client, `looker-${i}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ mark: "undefined", secret: "undefined", calls: "undefined", proto: null, org: b.orgId, secrets: {} });
      // The log is the invocation's own: its one line, nothing from before it.
      const logged = await invocation(b.client, `looker-${i}`, response.headers.get("x-function-invocation-id")!);
      expect(logged.logs.map((l: { message: string }) => l.message)).toEqual(["first line"]);
    }
  });

  it("replacing JSON.stringify and JSON.parse inside a function still yields the real response", async () => {
    const source = `
      export default {
        async fetch(request) {
          JSON.stringify = () => "evil";
          JSON.parse = () => ({ evil: true });
          const mode = request.url.split("/invoke/")[1];
          if (mode === "throwing") JSON.stringify = () => { throw new Error("no json for you"); };
          if (mode === "response") return Response.json({ via: "Response.json" }, { status: 201 });
          return { real: true, mode };
        },
      };`;
    await deployToRun(a.client, "json-swap", source);
    expect(await invokeOk(a.client, "json-swap", { path: "/plain" })).toEqual({ real: true, mode: "plain" });
    expect(await invokeOk(a.client, "json-swap", { path: "/throwing" })).toEqual({ real: true, mode: "throwing" });
    const response = await invoke(a.client, "json-swap", { path: "/response" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ via: "Response.json" });
    await expectHealthy(a, b);
  });
});

// ---------------------------------------------------------------------------

describe("logs and the invocation list", () => {
  let tenant: Tenant;

  beforeAll(async () => {
    tenant = await t().tenant();
  });

  it("captures console.log/info/warn/error with level, message and at_ms", async () => {
    const source = `
      export default {
        fetch() {
          console.log("plain", 1, { b: 2 });
          console.info("info line");
          console.warn("warn line");
          console.error("error line");
          return null;
        },
      };`;
    await deployToRun(tenant.client, "logger", source);
    const response = await invoke(tenant.client, "logger", { method: "PATCH", body: {} });
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
    const id = expectInvocationHeaders(response);
    const logged = await invocation(tenant.client, "logger", id);
    expect(logged.logs.map((l: any) => [l.level, l.message])).toEqual([
      ["log", 'plain 1 {"b":2}'],
      ["info", "info line"],
      ["warn", "warn line"],
      ["error", "error line"],
    ]);
    for (const line of logged.logs) {
      expect(typeof line.at_ms).toBe("number");
      expect(line.at_ms).toBeGreaterThanOrEqual(0);
      expect(line.at_ms).toBeLessThan(5_000);
    }
    expect(logged.logs_truncated).toBe(false);
  });

  it("keeps at most 100 of 1,000 lines and says the logs were truncated", async () => {
    await deployToRun(tenant.client, "chatty", `export default { fetch() { for (let i = 0; i < 1000; i++) console.log("line " + i); return "done"; } }`);
    const response = await invoke(tenant.client, "chatty");
    expect(response.status).toBe(200);
    const logged = await invocation(tenant.client, "chatty", expectInvocationHeaders(response));
    expect(logged.logs).toHaveLength(100);
    expect(logged.logs[0].message).toBe("line 0");
    expect(logged.logs[99].message).toBe("line 99");
    expect(logged.logs_truncated).toBe(true);
  });

  it("cuts a 1 MB line to 2,000 characters, and says the log was cut", async () => {
    await deployToRun(tenant.client, "huge-line", `export default { fetch() { console.log("x".repeat(1024 * 1024)); console.log("after"); return "done"; } }`);
    const response = await invoke(tenant.client, "huge-line");
    expect(response.status).toBe(200);
    const logged = await invocation(tenant.client, "huge-line", expectInvocationHeaders(response));
    expect(logged.logs.map((l: any) => l.message.length)).toEqual([2_000, 5]);
    expect(logged.logs[0].message).toBe("x".repeat(2_000));
    expect(logged.logs_truncated).toBe(true);
  });

  it("lists each invocation with its fields; filters status and version", async () => {
    const source = (version: number) =>
      `export default { async fetch(request) { const q = await request.text(); if (q === "fail") throw new TypeError("failing on purpose"); return { version: ${version} }; } }`;
    const fn = await deployToRun(tenant.client, "flaky", source(1));
    const ok = await invoke(tenant.client, "flaky", { method: "PUT", raw: "fine", headers: { "content-type": "text/plain", "x-request-id": "trace-flaky-1" } });
    expect(ok.status).toBe(200);
    const failed = await invoke(tenant.client, "flaky", { raw: "fail", headers: { "content-type": "text/plain" } });
    expectFailed(failed, "TypeError", "failing on purpose");
    const again = await invoke(tenant.client, "flaky", { method: "GET" });
    expect(again.status).toBe(200);
    const v2 = await tenant.client.post("/v1/functions/flaky/versions", { source: source(2) });
    expect(v2.status).toBe(201);
    const second = await invoke(tenant.client, "flaky", { method: "DELETE" });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ version: 2 });
    expectInvocationHeaders(second, 2);

    const all = await invocationsOf(tenant.client, "flaky");
    expect(all).toHaveLength(4);
    const okRow = all.find((i) => i.id === ok.headers.get("x-function-invocation-id"));
    expect(okRow).toMatchObject({
      object: "function_invocation",
      function_id: fn.id,
      function_name: "flaky",
      version: 1,
      trigger: "http",
      event_id: null,
      run_id: null,
      method: "PUT",
      response_status: 200,
      status: "ok",
      error: null,
      logs: [],
      logs_truncated: false,
      request_id: "trace-flaky-1",
    });
    expect(okRow.duration_ms).toBeGreaterThan(0);
    expect(okRow.cpu_ms).toBeGreaterThanOrEqual(0);
    expect(okRow.started_at).toBe(new Date(NOW).toISOString());
    const failedRow = all.find((i) => i.id === failed.headers.get("x-function-invocation-id"));
    expect(failedRow).toMatchObject({ status: "error", method: "POST", response_status: 500, version: 1, request_id: failed.headers.get("x-request-id") });
    expect(failedRow.error).toMatchObject({ name: "TypeError", message: "failing on purpose" });

    const errors = await invocationsOf(tenant.client, "flaky", "status=error");
    expect(errors.map((i) => i.id)).toEqual([failedRow.id]);
    const v1 = await invocationsOf(tenant.client, "flaky", "version=1");
    expect(v1.map((i) => i.id).sort()).toEqual([ok, failed, again].map((r) => r.headers.get("x-function-invocation-id")).sort());
    const v2rows = await invocationsOf(tenant.client, "flaky", "version=2");
    expect(v2rows.map((i) => i.id)).toEqual([second.headers.get("x-function-invocation-id")]);
    expect(await invocationsOf(tenant.client, "flaky", "status=timeout")).toEqual([]);
  });

  it("emits function.invocation_failed with the invocation, for a throw and for a limit", async () => {
    const tenant = await t().tenant();
    await deployToRun(tenant.client, "thrower", `export default { fetch() { throw new RangeError("out of range"); } }`);
    await deployToRun(tenant.client, "looper", `export default { fetch() { for (;;) {} } }`, { limits: { cpu_ms: 50 } });
    await deployToRun(tenant.client, "fine", OK_SOURCE);
    const thrown = await invoke(tenant.client, "thrower");
    expectFailed(thrown, "RangeError", "out of range");
    const limited = await invoke(tenant.client, "looper");
    expectProblem(limited, 500, "function_limit_exceeded");
    expect((await invoke(tenant.client, "fine")).status).toBe(200);

    const thrownRow = await invocation(tenant.client, "thrower", thrown.body.invocation_id);
    const limitedRow = await invocation(tenant.client, "looper", limited.body.invocation_id);
    const events = await tenant.client.get("/v1/events?type=function.invocation_failed&per_page=100");
    expect(events.status).toBe(200);
    const byObject = new Map(events.body.data.map((e: any) => [e.data.object.id, e]));
    expect(events.body.data).toHaveLength(2);
    expect((byObject.get(thrownRow.id) as any).data.object).toEqual(thrownRow);
    expect((byObject.get(limitedRow.id) as any).data.object).toEqual(limitedRow);
    expect(limitedRow.status).toBe("cpu_limit");
    expect((byObject.get(thrownRow.id) as any).request.id).toBe(thrown.headers.get("x-request-id"));
    expect((byObject.get(limitedRow.id) as any).request.id).toBe(limited.headers.get("x-request-id"));
  });
});

// ---------------------------------------------------------------------------

describe("a worker that dies", () => {
  it("an invocation running when its worker is killed still answers (run again on a fresh worker)", async () => {
    const tenant = await t().tenant();
    const source = `export default { async fetch() { await new Promise((r) => setTimeout(r, 500)); return "survived"; } }`;
    await deployToRun(tenant.client, "slow", source);
    expect(await invokeOk(tenant.client, "slow")).toBe("survived");
    const [worker] = t().app.functionInvoker.workers();
    expect(worker).toBeDefined();
    const oldPid = worker!.pid;

    const started = performance.now();
    const running = invoke(tenant.client, "slow");
    await waitFor("the invocation to reach the worker", () =>
      t()
        .app.functionInvoker.workers()
        .some((w) => w.pid === oldPid && w.inFlight > 0),
    );
    await sleep(150);
    process.kill(oldPid, "SIGKILL");
    const response = await running;
    expect(response.status, response.text).toBe(200);
    expect(response.body).toBe("survived");
    expectInvocationHeaders(response);
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);

    const pids = t()
      .app.functionInvoker.workers()
      .map((w) => w.pid);
    expect(pids.length).toBeGreaterThanOrEqual(1);
    expect(pids).not.toContain(oldPid);
    expect(() => process.kill(oldPid, 0)).toThrow();
    expect(await invokeOk(tenant.client, "slow")).toBe("survived");
    const logged = await invocation(tenant.client, "slow", response.headers.get("x-function-invocation-id")!);
    expect(logged).toMatchObject({ status: "ok", response_status: 200 });
  });
});
