import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { featureSubscribers } from "../../src/subscribers.ts";
import { ERROR_CODES } from "../../src/platform/errors.ts";
import { memoryRateLimitStore } from "../../src/platform/rate-limit/memory-store.ts";
import { Client, useTestApp, type ApiResponse, type Tenant } from "../helpers/harness.ts";

/**
 * Item 8: every error is an RFC 9457 problem (application/problem+json) with
 * type, title, status, detail, code and request_id; the request id is also the
 * X-Request-Id header; nothing internal (stack, SQL, file paths) ever leaks.
 */
const t = useTestApp();
let tenant: Tenant;

beforeAll(async () => {
  tenant = await t().tenant();
});

const INTERNALS = [
  /\bat\s+\S+\s+\(/, // a stack frame "at fn (file:line)"
  /\.ts:\d+/,
  /node_modules/,
  /\bstack\b/i,
  /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set)\b/i,
  /relation "/i,
  /postgres|pglite|drizzle/i,
];

function expectNothingInternal(text: string): void {
  for (const pattern of INTERNALS) expect(text, `response leaks ${pattern}`).not.toMatch(pattern);
}

/** Asserts the full problem shape and returns the body for further checks. */
function expectProblem(response: ApiResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  const body = response.body;
  expect(body).toMatchObject({ type: `/problems/${code}`, status, code });
  expect(body.title).toBe(ERROR_CODES[code as keyof typeof ERROR_CODES].title);
  expect(typeof body.detail).toBe("string");
  expect(body.detail.length).toBeGreaterThan(0);
  expect(typeof body.request_id).toBe("string");
  expect(body.request_id).toBe(response.headers.get("x-request-id"));
  expectNothingInternal(response.text);
  return body;
}

const JSON_HEADERS = { "content-type": "application/json" };
const validInvoice = { client: "Initech", amount: 100, currency: "USD", due_date: "2031-01-01" };

describe("routes and methods", () => {
  it("answers an unknown route with 404 route_not_found, with or without a key", async () => {
    const anonymous = await t().client.get("/v1/nothing_here");
    expect(expectProblem(anonymous, 404, "route_not_found").detail).toContain("/v1/nothing_here");
    const withKey = await tenant.client.get("/v1/nothing_here/deeper?x=1");
    expect(expectProblem(withKey, 404, "route_not_found").detail).toContain("GET /v1/nothing_here/deeper");
    expectProblem(await tenant.client.post("/totally/unknown", { a: 1 }), 404, "route_not_found");
  });

  it("answers a wrong method on an existing path with 405 and an Allow header", async () => {
    const put = await tenant.client.request("PUT", "/v1/invoices");
    expect(expectProblem(put, 405, "method_not_allowed").detail).toContain("PUT");
    expect(put.headers.get("allow")).toBe("GET, POST");

    const deleteMe = await tenant.client.delete("/v1/me");
    expectProblem(deleteMe, 405, "method_not_allowed");
    expect(deleteMe.headers.get("allow")).toBe("GET");

    // A path with a parameter, and without a key: the method is still what is wrong.
    const post = await t().client.post("/v1/invoices/inv_01jd8z6q4m2c8v3t5y7w9x0a1b", { amount: 1 });
    expectProblem(post, 405, "method_not_allowed");
    expect(post.headers.get("allow")!.split(", ").sort()).toEqual(["DELETE", "GET", "PATCH"]);

    const getAction = await tenant.client.get("/v1/invoices/inv_01jd8z6q4m2c8v3t5y7w9x0a1b/finalize");
    expectProblem(getAction, 405, "method_not_allowed");
    expect(getAction.headers.get("allow")).toBe("POST");
  });

  it("refuses a malformed URL with a problem that still carries the request id header", async () => {
    const response = await tenant.client.get("/v1/invoices/%E0%A4%A");
    expectProblem(response, 400, "validation_failed");
  });
});

describe("request bodies", () => {
  it("refuses malformed JSON with 400 invalid_json and creates nothing", async () => {
    const response = await tenant.client.request("POST", "/v1/invoices", { raw: '{"client": "Initech", amount: }', headers: JSON_HEADERS });
    expectProblem(response, 400, "invalid_json");
    const list = await tenant.client.get("/v1/invoices");
    expect(list.body.meta.total).toBe(0);
  });

  it("refuses a body that is not JSON with 415 unsupported_media_type naming the type", async () => {
    for (const contentType of ["text/plain", "application/xml", "application/x-www-form-urlencoded"]) {
      const response = await tenant.client.request("POST", "/v1/invoices", {
        raw: contentType === "text/plain" ? JSON.stringify(validInvoice) : "client=Initech",
        headers: { "content-type": contentType },
      });
      const body = expectProblem(response, 415, "unsupported_media_type");
      expect(body.detail).toContain(contentType);
    }
    expect((await tenant.client.get("/v1/invoices")).body.meta.total).toBe(0);
  });

  it("refuses a body over 1 MiB with 413, and reads one just under the limit", async () => {
    const over = await tenant.client.request("POST", "/v1/invoices", {
      raw: JSON.stringify({ ...validInvoice, description: "x".repeat(1024 * 1024) }),
      headers: JSON_HEADERS,
    });
    expectProblem(over, 413, "payload_too_large");

    // ~1 MB of valid JSON is parsed and then validated (the description is too long), not refused for size.
    const under = await tenant.client.request("POST", "/v1/invoices", {
      raw: JSON.stringify({ ...validInvoice, description: "x".repeat(1024 * 1024 - 200) }),
      headers: JSON_HEADERS,
    });
    const body = expectProblem(under, 400, "validation_failed");
    expect(body.errors).toEqual([{ in: "body", field: "description", message: expect.any(String) }]);
  });

  it("takes an empty body with a JSON content type as no body on an action route", async () => {
    const created = await tenant.client.post("/v1/invoices", validInvoice);
    expect(created.status).toBe(201);
    const finalized = await tenant.client.request("POST", `/v1/invoices/${created.body.id}/finalize`, { raw: "", headers: JSON_HEADERS });
    expect(finalized.status, finalized.text).toBe(200);
    expect(finalized.body.status).toBe("open");
    // No body and no content type at all (curl -X POST) is the same.
    const voided = await tenant.client.post(`/v1/invoices/${created.body.id}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.status).toBe("void");
    // An action route refuses unknown fields all the same.
    const other = await tenant.client.post("/v1/invoices", validInvoice);
    const withField = await tenant.client.post(`/v1/invoices/${other.body.id}/finalize`, { force: true });
    expect(expectProblem(withField, 400, "validation_failed").errors).toEqual([{ in: "body", field: "force", message: "is not a known field" }]);
  });

  it("takes an empty body on a route that needs one as a validation error naming the fields", async () => {
    const response = await tenant.client.request("POST", "/v1/invoices", { raw: "", headers: JSON_HEADERS });
    const body = expectProblem(response, 400, "validation_failed");
    expect(body.errors.length).toBeGreaterThan(0);
  });

  it("refuses a JSON array, string, number or null where an object is expected", async () => {
    for (const raw of ["[1, 2]", '"an invoice"', "42", "null", "true"]) {
      const response = await tenant.client.request("POST", "/v1/invoices", { raw, headers: JSON_HEADERS });
      const body = expectProblem(response, 400, "validation_failed");
      expect(body.errors[0]).toMatchObject({ in: "body", field: "body", message: "must be object" });
    }
    const invoice = await tenant.client.post("/v1/invoices", validInvoice);
    const pay = await tenant.client.request("POST", `/v1/invoices/${invoice.body.id}/pay`, { raw: "[10]", headers: JSON_HEADERS });
    expectProblem(pay, 400, "validation_failed");
  });

  it("refuses __proto__ and constructor.prototype in a body, and pollutes nothing", async () => {
    for (const raw of [
      JSON.stringify(validInvoice).replace("{", '{"__proto__": {"polluted": "yes"}, '),
      JSON.stringify(validInvoice).replace("{", '{"constructor": {"prototype": {"polluted": "yes"}}, '),
      JSON.stringify({ ...validInvoice, metadata: {} }).replace('"metadata":{}', '"metadata":{"__proto__":{"polluted":"yes"}}'),
    ]) {
      const response = await tenant.client.request("POST", "/v1/invoices", { raw, headers: JSON_HEADERS });
      expect(response.status).toBe(400);
      expect(["invalid_json", "validation_failed"]).toContain(response.body.code);
      expectProblem(response, 400, response.body.code);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("names every bad field of a body in errors[]", async () => {
    const response = await tenant.client.post("/v1/invoices", { client: "", amount: -5, currency: "usd", due_date: "31/12/2030", extra: 1 });
    const body = expectProblem(response, 400, "validation_failed");
    const fields = body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["amount", "client", "currency", "due_date", "extra"]);
    for (const error of body.errors) {
      expect(error.in).toBe("body");
      expect(error.message.length).toBeGreaterThan(0);
    }
    expect(body.detail).toContain("5 fields");
  });
});

describe("query strings", () => {
  it("refuses a repeated parameter with 400 naming it", async () => {
    const status = await tenant.client.get("/v1/invoices?status=open&status=paid");
    expect(expectProblem(status, 400, "validation_failed").errors).toEqual([{ in: "query", field: "status", message: expect.any(String) }]);
    const page = await tenant.client.get("/v1/invoices?page=1&page=2");
    expect(expectProblem(page, 400, "validation_failed").errors[0]).toMatchObject({ in: "query", field: "page" });
  });

  it("refuses an unknown parameter naming it", async () => {
    const response = await tenant.client.get("/v1/invoices?colour=red");
    const body = expectProblem(response, 400, "validation_failed");
    expect(body.errors).toEqual([{ in: "query", field: "colour", message: expect.stringContaining("not a known query parameter") }]);
  });

  it("refuses a malformed path id naming the path parameter", async () => {
    const response = await tenant.client.get("/v1/invoices/con_01jd8z6q4m2c8v3t5y7w9x0a1b");
    const body = expectProblem(response, 400, "validation_failed");
    expect(body.errors).toEqual([{ in: "path", field: "id", message: expect.stringContaining("inv_") }]);
  });
});

describe("request ids", () => {
  it("puts an X-Request-Id on every response: success, client error, unauthenticated, public", async () => {
    const responses = [
      await tenant.client.get("/v1/me"),
      await tenant.client.get("/v1/invoices?per_page=0"),
      await t().client.get("/v1/invoices"),
      await t().client.get("/healthz"),
      await t().client.get("/v1/nothing"),
    ];
    const ids = responses.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-z]{26}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expectProblem(responses[2]!, 401, "missing_api_key");
  });

  it("echoes a sane incoming X-Request-Id, in the header and in error bodies", async () => {
    const ok = await tenant.client.get("/v1/me", { headers: { "x-request-id": "trace-42.abc:def_1" } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-request-id")).toBe("trace-42.abc:def_1");
    const error = await tenant.client.get("/v1/invoices?colour=red", { headers: { "x-request-id": "my-trace-7" } });
    expect(expectProblem(error, 400, "validation_failed").request_id).toBe("my-trace-7");
  });

  it("replaces an incoming X-Request-Id that is not sane", async () => {
    for (const insane of ["has spaces in it", "<script>alert(1)</script>", "x".repeat(129), "semi;colon", 'quote"d']) {
      const response = await tenant.client.get("/v1/nothing", { headers: { "x-request-id": insane } });
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/^req_[0-9a-z]{26}$/);
      expect(expectProblem(response, 404, "route_not_found").request_id).toBe(id);
    }
  });
});

describe("request logs", () => {
  it("log one line per request with the request id of the response, and never the key", async () => {
    const lines: Record<string, any>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    const rateLimits = memoryRateLimitStore();
    const app = await buildApp({ database: t().database, subscribers: featureSubscribers, rateLimits, logger: pino({ level: "info" }, stream) });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const client = new Client(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, tenant.key);
      const responses = [await client.get("/v1/me"), await client.get("/v1/invoices?colour=red"), await client.get("/v1/nothing")];
      const logged = async (id: string) => {
        for (let i = 0; i < 50 && !lines.some((l) => l.request_id === id && l.msg === "request"); i++) await new Promise((r) => setTimeout(r, 20));
        return lines.filter((l) => l.request_id === id);
      };
      for (const response of responses) {
        const id = response.headers.get("x-request-id")!;
        const entries = await logged(id);
        const request = entries.filter((l) => l.msg === "request");
        expect(request, id).toHaveLength(1);
        expect(request[0]).toMatchObject({ status: response.status, method: "GET" });
      }
      // A refused request also says why, under the same id.
      const refusedId = responses[1]!.headers.get("x-request-id")!;
      expect(lines.find((l) => l.request_id === refusedId && l.msg === "request refused")).toMatchObject({ code: "validation_failed" });
      expect(JSON.stringify(lines)).not.toContain(tenant.key);
    } finally {
      await app.close();
      await rateLimits.close();
    }
  });
});

describe("problem types", () => {
  it("describes every error code at its type URI, publicly", async () => {
    for (const [code, { status, title }] of Object.entries(ERROR_CODES)) {
      const response = await t().client.get(`/problems/${code}`);
      expect(response.status, code).toBe(200);
      expect(response.body).toEqual({ type: `/problems/${code}`, code, status, title });
    }
    expectProblem(await t().client.get("/problems/no_such_code"), 404, "not_found");
  });

  it("uses a type URI that resolves, for an error actually returned", async () => {
    const error = await t().client.get("/v1/me");
    const described = await t().client.get(error.body.type);
    expect(described.body).toMatchObject({ code: "missing_api_key", status: 401 });
  });
});

describe("internal errors", () => {
  it("answers a failure inside the server with a 500 problem that says nothing internal", async () => {
    // Break the database under the running app (a table it needs goes away), then restore it.
    await t().database.exec("ALTER TABLE invoices RENAME TO invoices_hidden_by_test");
    try {
      const list = await tenant.client.get("/v1/invoices");
      const body = expectProblem(list, 500, "internal_error");
      expect(body.detail).not.toMatch(/invoices|relation|exist/i);
      expect(Object.keys(body).sort()).toEqual(["code", "detail", "request_id", "status", "title", "type"]);

      // A write that fails is not stored for an idempotent replay: the retry runs again.
      const create = await tenant.client.post("/v1/invoices", validInvoice, { headers: { "idempotency-key": "retry-after-500" } });
      expectProblem(create, 500, "internal_error");
    } finally {
      await t().database.exec("ALTER TABLE invoices_hidden_by_test RENAME TO invoices");
    }
    const retried = await tenant.client.post("/v1/invoices", validInvoice, { headers: { "idempotency-key": "retry-after-500" } });
    expect(retried.status, retried.text).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
  });
});
