import { compileErrors, validate } from "@readme/openapi-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { CreateInvoice, PayInvoice, UpdateInvoice } from "../../src/engines/finance/invoices-schemas.ts";
import { Contract } from "../helpers/contract.ts";
import { useTestApp, type Tenant } from "../helpers/harness.ts";

/** Item 12: OpenAPI 3.1 at /v1/openapi.json, generated from the route schemas and valid; /docs. */
const t = useTestApp();
let spec: any;
let tenant: Tenant;

beforeAll(async () => {
  const response = await t().client.get("/v1/openapi.json");
  expect(response.status).toBe(200);
  spec = response.body;
  tenant = await t().tenant();
});

/** [method, path in OpenAPI form] of every route the app serves, read from Fastify's own route tree. */
function servedRoutes(): [string, string][] {
  const tree = t().app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: [string, string][] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? "") + match[2]!;
    stack.push(path);
    for (const method of (match[3] ?? "").split(", ").filter((m) => m && m !== "HEAD")) {
      // A wildcard (/invoke/*) is published as a {path} parameter that may hold slashes.
      routes.push([method, path.replace(/:([A-Za-z_]+)/g, "{$1}").replace(/\/?\*$/, "/{path}")]);
    }
  }
  return routes;
}

const requestSchema = (path: string, method: string) => spec.paths[path][method].requestBody.content["application/json"].schema;

/** The schema a $ref names (#/components/schemas/Name), or the schema itself. */
function resolved(schema: any): any {
  let current = schema;
  while (current?.$ref) current = spec.components.schemas[current.$ref.replace("#/components/schemas/", "")];
  return current;
}
/** An operation's response, or the component it refers to (components/responses: the problem answers). */
const responseOf = (operation: any, status: string): any => {
  const response = operation.responses[status];
  return response?.$ref ? spec.components.responses[response.$ref.replace("#/components/responses/", "")] : response;
};
const responseSchema = (path: string, method: string, status: string) =>
  resolved(spec.paths[path][method].responses[status].content["application/json"].schema);

describe("GET /v1/openapi.json", () => {
  it("is public, OpenAPI 3.1.0, and valid", async () => {
    const response = await t().client.get("/v1/openapi.json", { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body.openapi).toBe("3.1.0");
    expect(response.body.info).toMatchObject({ title: "Enginery API", version: "v1" });
    const result = await validate(structuredClone(response.body));
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it("documents every /v1 route the app serves, each with a unique operationId", () => {
    const served = servedRoutes().filter(([, path]) => path.startsWith("/v1/") && path !== "/v1/openapi.json");
    expect(served.length).toBeGreaterThanOrEqual(14);
    const operationIds: string[] = [];
    for (const [method, path] of served) {
      const operation = spec.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${path} is not in the OpenAPI document`).toBeDefined();
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      operationIds.push(operation.operationId);
    }
    expect(new Set(operationIds).size).toBe(operationIds.length);
    for (const op of [
      "listInvoices",
      "createInvoice",
      "getInvoice",
      "updateInvoice",
      "deleteInvoice",
      "payInvoice",
      "finalizeInvoice",
      "listEvents",
      "getEvent",
      "listEventTypes",
      "getMe",
      "listApiKeys",
      "createApiKey",
      "revokeApiKey",
    ]) {
      expect(operationIds).toContain(op);
    }
  });

  it("documents nothing the app does not serve", async () => {
    const served = new Set(servedRoutes().map(([method, path]) => `${method} ${path}`));
    for (const [path, item] of Object.entries(spec.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item)) expect(served, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
    }
    // Internal routes are served but not documented.
    expect(spec.paths).not.toHaveProperty("/v1/openapi.json");
    expect(spec.paths).not.toHaveProperty("/problems/{code}");
  });

  it("uses as request bodies the very schemas that validate requests", async () => {
    const create = requestSchema("/v1/invoices", "post");
    expect(create.additionalProperties).toBe(false);
    expect([...create.required].sort()).toEqual(["amount", "client", "currency", "due_date"]);
    expect(Object.keys(create.properties).sort()).toEqual(Object.keys(CreateInvoice.properties).sort());
    expect(create.properties.amount).toMatchObject({ type: "number", exclusiveMinimum: 0, "x-max-decimals": 2 });
    expect(create.properties.amount).not.toHaveProperty("multipleOf");
    expect(create.properties.currency).toMatchObject({ type: "string", format: "iso4217" });
    expect(create.properties.due_date).toMatchObject({ type: "string", format: "date" });
    expect(spec.paths["/v1/invoices"].post.requestBody.required).toBe(true);

    // What the document says is required is exactly what the server asks for.
    const empty = await tenant.client.post("/v1/invoices", {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([...create.required].sort());
    // And a field it does not list is refused.
    const extra = await tenant.client.post("/v1/invoices", { client: "A", amount: 1, currency: "USD", due_date: "2031-01-01", colour: "red" });
    expect(extra.body.errors).toEqual([{ in: "body", field: "colour", message: "is not a known field" }]);

    const update = requestSchema("/v1/invoices/{id}", "patch");
    expect(update).toMatchObject({ additionalProperties: false, minProperties: 1 });
    expect(update.required ?? []).toEqual([]);
    expect(Object.keys(update.properties).sort()).toEqual(Object.keys(UpdateInvoice.properties).sort());

    const pay = requestSchema("/v1/invoices/{id}/pay", "post");
    expect(pay).toMatchObject({ additionalProperties: false, required: ["amount"] });
    expect(Object.keys(pay.properties)).toEqual(Object.keys(PayInvoice.properties));

    const key = requestSchema("/v1/api_keys", "post");
    expect(key.required).toEqual(["kind"]);
    expect(key.properties.kind.enum).toEqual(["read_only", "engine", "full_access"]);
  });

  it("documents action bodies as optional, as the server treats them", async () => {
    for (const action of ["finalize", "void", "mark_uncollectible"]) {
      const body = spec.paths[`/v1/invoices/{id}/${action}`].post.requestBody;
      expect(body.required, action).toBe(false);
      expect(body.content["application/json"].schema).toMatchObject({ type: "object", additionalProperties: false });
    }
  });

  it("documents query parameters, path ids and problem responses", () => {
    const list = spec.paths["/v1/invoices"].get;
    const names = list.parameters.filter((p: { in: string }) => p.in === "query").map((p: { name: string }) => p.name);
    for (const name of ["page", "per_page", "sort", "q", "status", "amount[gte]", "due_date[lt]", "client[contains]", "created_at[gte]"]) {
      expect(names).toContain(name);
    }
    const page = list.parameters.find((p: { name: string }) => p.name === "per_page");
    expect(page.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 25 });
    const events = spec.paths["/v1/events"].get.parameters.map((p: { name: string }) => p.name);
    for (const name of ["type", "object_id", "timestamp[gte]", "timestamp[lt]"]) expect(events).toContain(name);

    const id = spec.paths["/v1/invoices/{id}"].get.parameters.find((p: { in: string }) => p.in === "path");
    expect(id).toMatchObject({ name: "id", required: true, schema: { type: "string" } });
    expect(id.schema.pattern).toMatch(/^\^inv_/);

    for (const [path, item] of Object.entries(spec.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const problem = resolved(responseOf(operation, "4XX")?.content?.["application/problem+json"]?.schema);
        expect(problem, `${method} ${path}`).toBeDefined();
        expect(problem.required).toEqual(["type", "title", "status", "detail", "code", "request_id"]);
        expect(responseOf(operation, "4XX").content).not.toHaveProperty("application/json");
      }
    }
  });

  it("declares bearer authentication, OAuth 2.0 scopes per operation, and no security on public routes", () => {
    expect(spec.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(spec.components.securitySchemes.oauth2.flows.authorizationCode).toMatchObject({ authorizationUrl: "/oauth/authorize", tokenUrl: "/oauth/token" });
    expect(spec.security).toEqual([{ apiKey: [] }, { oauth2: [] }]);
    expect(spec.paths["/healthz"].get.security).toEqual([]);
    expect(spec.paths["/readyz"].get.security).toEqual([]);
    expect(spec.paths["/v1/invoices"].get.security).toEqual([{ apiKey: [] }, { oauth2: ["finance:read"] }]);
    // No OAuth token manages API keys or OAuth apps.
    expect(spec.paths["/v1/api_keys"].get.security).toEqual([{ apiKey: [] }]);
    expect(spec.paths["/v1/oauth_apps"].post.security).toEqual([{ apiKey: [] }]);
  });

  it("describes response bodies as the server sends them", async () => {
    const schema = responseSchema("/v1/invoices/{id}", "get", "200");
    const created = await tenant.client.post("/v1/invoices", { client: "Docs", amount: 12.5, currency: "USD", due_date: "2031-01-01" });
    expect(Object.keys(created.body).sort()).toEqual(Object.keys(schema.properties).sort());
    expect([...schema.required].sort()).toEqual(Object.keys(created.body).sort());
  });
});

/** Every schema object in the document, with where it is. */
function* schemas(node: unknown, at: string[] = []): Generator<[Record<string, any>, string[]]> {
  if (!node || typeof node !== "object") return;
  const record = node as Record<string, any>;
  if (typeof record.type === "string" || Array.isArray(record.type) || record.enum) yield [record, at];
  for (const [key, value] of Object.entries(record)) yield* schemas(value, [...at, key]);
}

const operations = () =>
  Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

describe("the document is exact (standard validators read it as the server behaves)", () => {
  it("lists null among a nullable enum's values", () => {
    let nullableEnums = 0;
    for (const [schema, at] of schemas({ paths: spec.paths, components: spec.components })) {
      if (!Array.isArray(schema.enum) || !Array.isArray(schema.type) || !schema.type.includes("null")) continue;
      nullableEnums++;
      expect(schema.enum, at.join("/")).toContain(null);
    }
    expect(nullableEnums).toBeGreaterThanOrEqual(2); // stop_reason, a candidate's history[].from
    const enrollment = responseSchema("/v1/sequences/{id}/enrollments/{enrollment_id}", "get", "200");
    expect(enrollment.properties.stop_reason.enum).toContain(null);
  });

  it("carries the two-decimal rule as x-max-decimals, not a multipleOf that rejects 19.99", async () => {
    for (const [schema, at] of schemas(spec)) expect(schema, at.join("/")).not.toHaveProperty("multipleOf");
    const contract = Contract.load(spec);
    const at = ["paths", "/v1/invoices", "post", "requestBody", "content", "application/json", "schema"];
    expect(await contract.check(at, { client: "A", amount: 19.99, currency: "USD", due_date: "2031-01-01" })).toBeUndefined();
    // The server keeps the rule with the same 400.
    const cents = await tenant.client.post("/v1/invoices", { client: "A", amount: 19.99, currency: "USD", due_date: "2031-01-01" });
    expect(cents.status).toBe(201);
    const tooFine = await tenant.client.post("/v1/invoices", { client: "A", amount: 19.999, currency: "USD", due_date: "2031-01-01" });
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.errors).toEqual([{ in: "body", field: "amount", message: "must have at most two decimals" }]);
    const filter = spec.paths["/v1/invoices"].get.parameters.find((p: { name: string }) => p.name === "amount[gte]");
    expect(filter.schema["x-max-decimals"]).toBe(2);
  });

  it("documents what a function's HTTP invocation takes and answers", () => {
    for (const method of ["get", "post", "put", "patch", "delete", "options"]) {
      const op = spec.paths["/v1/functions/{name}/invoke"][method];
      expect(op.responses.default.content).toEqual({ "*/*": { schema: {} } });
      expect(Object.keys(op.responses.default.headers)).toEqual([
        "X-Function-Invocation-Id",
        "X-Function-Version",
        "X-Request-Id",
        "X-RateLimit-Limit",
        "X-RateLimit-Remaining",
        "X-RateLimit-Reset",
      ]);
      if (method === "get" || method === "options") expect(op.requestBody, method).toBeUndefined();
      else expect(op.requestBody, method).toMatchObject({ required: false, content: { "*/*": { schema: {} } } });
      expect(op).not.toHaveProperty("x-raw-exchange");
    }
  });

  it("documents the headers every operation takes and answers", () => {
    const { parameters, headers } = spec.components;
    expect(parameters.IdempotencyKey).toMatchObject({ name: "Idempotency-Key", in: "header", required: false });
    expect(parameters.RequestId).toMatchObject({ name: "X-Request-Id", in: "header" });
    expect(headers["Retry-After"]).toMatchObject({ required: true, schema: { type: "integer" } });
    for (const { path, method, op } of operations()) {
      const refs = op.parameters.map((p: { $ref?: string }) => p.$ref).filter(Boolean);
      const isPublic = op.security?.length === 0;
      expect(refs.includes("#/components/parameters/IdempotencyKey"), `${method} ${path}`).toBe(method === "post" && !isPublic);
      expect(refs, `${method} ${path}`).toContain("#/components/parameters/RequestId");
      for (const status of Object.keys(op.responses)) {
        const names = Object.keys(responseOf(op, status).headers);
        expect(names, `${method} ${path} ${status}`).toContain("X-Request-Id");
        if (!isPublic)
          expect(names, `${method} ${path} ${status}`).toEqual(expect.arrayContaining(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]));
      }
      if (!isPublic) expect(responseOf(op, "429").headers["Retry-After"], `${method} ${path}`).toEqual({ $ref: "#/components/headers/Retry-After" });
    }
  });

  it("gives every JSON body an example that its own schema accepts", async () => {
    const contract = Contract.load(spec);
    let checked = 0;
    for (const { path, method, op } of operations()) {
      const places: [string[], any][] = Object.entries(op.responses as Record<string, any>)
        .filter(([status, r]) => status.startsWith("2") && r.content?.["application/json"])
        .map(([status, r]) => [["responses", status, "content", "application/json"], r.content["application/json"]]);
      if (op.requestBody?.content?.["application/json"])
        places.push([["requestBody", "content", "application/json"], op.requestBody.content["application/json"]]);
      for (const [at, media] of places) {
        expect(media.example, `${method} ${path} ${at.join("/")}`).toBeDefined();
        const problem = await contract.check(["paths", path, method, ...at, "schema"], media.example);
        expect(problem, `${method} ${path} ${at.join("/")}: ${JSON.stringify(media.example)}`).toBeUndefined();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    const invoice = spec.paths["/v1/invoices/{id}"].get.responses["200"].content["application/json"].example;
    expect(invoice).toMatchObject({ id: expect.stringMatching(/^inv_/), object: "invoice", amount: 1250.5 });
  });
});

/** Every node of the document with its place. */
function* nodes(node: unknown, at: string[] = []): Generator<[Record<string, any>, string[]]> {
  if (!node || typeof node !== "object") return;
  yield [node as Record<string, any>, at];
  for (const [key, value] of Object.entries(node)) yield* nodes(value, [...at, key]);
}

describe("shared schemas are named once (components/schemas) and referred to", () => {
  it("defines each resource, list, deletion and the problem body once, under its name", () => {
    const names = Object.keys(spec.components.schemas);
    for (const name of [
      "Invoice",
      "InvoiceList",
      "DeletedInvoice",
      "ListMeta",
      "Problem",
      "Contact",
      "Account",
      "AccountDossier",
      "Candidate",
      "CandidateSummary",
      "Event",
      "Me",
      "ApiKey",
      "Function",
      "WebhookEndpoint",
    ]) {
      expect(names).toContain(name);
    }
    const invoice = { $ref: "#/components/schemas/Invoice" };
    const media = (path: string, method: string, status: string) => spec.paths[path][method].responses[status].content["application/json"].schema;
    expect(media("/v1/invoices/{id}", "get", "200")).toEqual(invoice);
    expect(media("/v1/invoices", "post", "201")).toEqual(invoice);
    expect(media("/v1/invoices/{id}", "patch", "200")).toEqual(invoice);
    expect(media("/v1/invoices", "get", "200")).toEqual({ $ref: "#/components/schemas/InvoiceList" });
    expect(spec.components.schemas.InvoiceList.properties).toEqual({
      data: { type: "array", items: invoice },
      meta: { $ref: "#/components/schemas/ListMeta" },
    });
    expect(resolved(media("/v1/accounts/{id}/dossier", "get", "200")).properties.billing).toBeDefined();
    expect(JSON.stringify(spec.components.schemas.AccountDossier)).toContain('"$ref":"#/components/schemas/Invoice"');
    // The error answers themselves are shared too: the problem body with the headers every answer carries.
    for (const { path, method, op } of operations()) {
      const isPublic = op.security?.length === 0;
      for (const status of ["4XX", "5XX", "429"]) {
        const problem = responseOf(op, status)?.content?.["application/problem+json"]?.schema;
        if (problem) expect(problem, `${method} ${path} ${status}`).toEqual({ $ref: "#/components/schemas/Problem" });
      }
      expect(op.responses["4XX"], `${method} ${path}`).toEqual({ $ref: `#/components/responses/${isPublic ? "PublicProblem" : "Problem"}` });
      expect(op.responses["5XX"], `${method} ${path}`).toEqual({ $ref: `#/components/responses/${isPublic ? "PublicProblem" : "Problem"}` });
      if (!isPublic) expect(op.responses["429"], `${method} ${path}`).toEqual({ $ref: "#/components/responses/RateLimited" });
    }
  });

  it("inlines no named schema anywhere: every object that says what it is refers to its component", () => {
    // A resource's `object` value -> its components (a list item and its fuller form share one: CandidateSummary, Candidate).
    const kinds = new Set<string>();
    for (const schema of Object.values(spec.components.schemas as Record<string, any>)) {
      const kind = schema.properties?.object?.enum;
      if (kind?.length === 1) kinds.add(kind[0]);
    }
    expect(kinds.size).toBeGreaterThan(20);
    for (const [node, at] of nodes(spec.paths)) {
      const kind = node.properties?.object?.enum;
      if (kind?.length === 1) expect(kinds.has(kind[0]), `${at.join("/")} inlines a ${kind[0]}`).toBe(false);
    }
  });

  it("resolves every reference, carries no $id, and is well under half its inlined size", () => {
    let refs = 0;
    for (const [node, at] of nodes(spec)) {
      expect(node, at.join("/")).not.toHaveProperty("$id");
      if (typeof node.$ref !== "string") continue;
      refs++;
      const target = node.$ref
        .slice(2)
        .split("/")
        .reduce((on: any, key: string) => on?.[key], spec);
      expect(target, `${at.join("/")}: ${node.$ref}`).toBeDefined();
    }
    expect(refs).toBeGreaterThan(500);
    // 1,062,089 bytes when every operation inlined every schema and error answer.
    expect(JSON.stringify(spec).length).toBeLessThan(400_000);
  });

  it("refuses two different schemas under one name, and a name on a request schema", async () => {
    const { default: Fastify } = await import("fastify");
    const { default: swagger } = await import("@fastify/swagger");
    const { openApiOptions } = await import("../../src/platform/openapi.ts");
    const documentOf = async (routes: (app: any) => void) => {
      const app = Fastify();
      await app.register(swagger, openApiOptions());
      routes(app);
      await app.ready();
      try {
        return app.swagger();
      } finally {
        await app.close();
      }
    };
    const named = (extra: object) => ({ $id: "Thing", type: "object", properties: { id: { type: "string" }, ...extra } });
    await expect(
      documentOf((app) => {
        app.get("/a", { schema: { response: { 200: named({}) } } }, async () => ({}));
        app.get("/b", { schema: { response: { 200: named({ more: { type: "string" } }) } } }, async () => ({}));
      }),
    ).rejects.toThrow(/Two different schemas are named Thing/);
    await expect(documentOf((app) => app.post("/c", { schema: { body: named({}) } }, async () => ({})))).rejects.toThrow(/request schema is named Thing/);
    const same = await documentOf((app) => {
      app.get("/a", { schema: { response: { 200: named({}) } } }, async () => ({}));
      app.get("/b", { schema: { response: { 200: { type: "array", items: named({}) } } } }, async () => []);
    });
    expect((same as any).paths["/a"].get.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Thing" });
    expect((same as any).paths["/b"].get.responses["200"].content["application/json"].schema.items).toEqual({ $ref: "#/components/schemas/Thing" });
  });
});

describe("the contract check (test/helpers/contract.ts)", () => {
  /** One real exchange, made without the harness's own check, to hold to a document of our choosing. */
  async function exchange(method: string, url: string, body?: unknown) {
    const requestHeaders: Record<string, string> = { authorization: `Bearer ${tenant.key}` };
    if (body !== undefined) requestHeaders["content-type"] = "application/json";
    const requestBody = body === undefined ? undefined : JSON.stringify(body);
    const response = await fetch(t().url + url, { method, headers: requestHeaders, body: requestBody });
    return { method, url, requestHeaders, requestBody, status: response.status, responseHeaders: response.headers, responseText: await response.text() };
  }

  it("passes the real exchange the document describes", async () => {
    const created = await exchange("POST", "/v1/invoices", { client: "Contract", amount: 19.99, currency: "USD", due_date: "2031-01-01" });
    expect(await Contract.load(spec).problems(created)).toEqual([]);
    const listed = await exchange("GET", "/v1/invoices?status=draft,open&status[ne]=void&amount[gte]=10.5&per_page=2");
    expect(listed.status).toBe(200);
    expect(await Contract.load(spec).problems(listed)).toEqual([]);
  });

  it("reads an enum filter as the comma list of enum values it is, refusing a value outside the enum", async () => {
    const status = spec.paths["/v1/invoices"].get.parameters.find((p: { name?: string }) => p.name === "status");
    expect(status).toMatchObject({
      in: "query",
      style: "form",
      explode: false,
      schema: { type: "array", minItems: 1, items: { type: "string", enum: ["draft", "open", "overdue", "paid", "void", "uncollectible"] } },
    });
    const ne = spec.paths["/v1/invoices"].get.parameters.find((p: { name?: string }) => p.name === "status[ne]");
    expect(ne.schema.enum).toContain("overdue");
    // The server refuses the value, and so would the document (checked as if the server had accepted it).
    const refused = await exchange("GET", "/v1/invoices?status=open,overdoo");
    expect(refused.status).toBe(400);
    const refusedNe = await exchange("GET", "/v1/invoices?status[ne]=overdoo");
    expect(refusedNe.status).toBe(400);
    expect(JSON.parse(refusedNe.responseText).errors).toEqual([
      expect.objectContaining({ in: "query", field: "status[ne]", message: expect.stringContaining('"overdue"') }),
    ]);
    const problems = await Contract.load(spec).problems({
      ...refused,
      status: 200,
      responseText: JSON.stringify({ data: [], meta: { total: 0, page: 1, per_page: 25 } }),
    });
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/query parameter status: #\/1 fails/)]));
  });

  it("holds a function invoked at a sub-path to the {path} operation (as a validating proxy would)", async () => {
    const source = `export default { async fetch(request) { const url = new URL(request.url); return { path: url.pathname, x: url.searchParams.get("x") } } }`;
    const deployed = await tenant.client.post("/v1/functions", { name: "contract-echo", source });
    expect(deployed.status, deployed.text).toBe(201);
    const invoked = await exchange("GET", "/v1/functions/contract-echo/invoke/orders/42?x=1");
    expect(invoked.status, invoked.responseText).toBe(200);
    expect(JSON.parse(invoked.responseText)).toMatchObject({ x: "1" });
    expect(JSON.parse(invoked.responseText).path).toMatch(/orders\/42$/);
    expect(await Contract.load(spec).problems(invoked)).toEqual([]);
    // The exchange is matched to the sub-path operation, not skipped: without it, its query is undocumented.
    const wrong = structuredClone(spec);
    const operation = wrong.paths["/v1/functions/{name}/invoke/{path}"].get;
    operation.parameters = operation.parameters.filter((p: { name?: string }) => p.name !== "query");
    expect(await Contract.load(wrong).problems(invoked)).toEqual([
      expect.stringMatching(/^GET \/v1\/functions\/\{name\}\/invoke\/\{path\} -> 200: query parameter x: accepted by the server but not documented/),
    ]);
  });

  it("holds each event of a streamed agent turn to the schema of one event (x-item-schema)", async () => {
    const streamed = await exchange("POST", "/v1/agent/chat", { message: "which invoices are overdue?", stream: true });
    expect(streamed.responseHeaders.get("content-type")).toMatch(/^text\/event-stream/);
    expect(await Contract.load(spec).problems(streamed)).toEqual([]);
    const wrong = structuredClone(spec);
    const item = wrong.paths["/v1/agent/chat"].post.responses["200"].content["text/event-stream"]["x-item-schema"];
    item.anyOf.find((e: any) => e.properties.event.const === "done").properties.data = { type: "string" };
    const problems = await Contract.load(wrong).problems(streamed);
    expect(problems).toEqual([expect.stringMatching(/^POST \/v1\/agent\/chat -> 200: event \d+ \(done\): /)]);
  });

  it("fails a response that breaks a deliberately wrong schema, naming the field", async () => {
    const wrong = structuredClone(spec);
    wrong.components.schemas.Invoice.properties.amount = { type: "string" };
    const created = await tenant.client.post("/v1/invoices", { client: "Contract", amount: 5, currency: "USD", due_date: "2031-01-01" });
    const problems = await Contract.load(wrong).problems(await exchange("GET", `/v1/invoices/${created.body.id}`));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^GET \/v1\/invoices\/\{id\} -> 200: response body: #\/amount fails .*amount\/type/);
  });

  it("fails a status, a header, a query parameter and a request body the document does not describe", async () => {
    const wrong = structuredClone(spec);
    delete wrong.paths["/v1/invoices"].post.responses["201"];
    delete wrong.paths["/v1/invoices"].post.responses["2XX"];
    wrong.components.headers["X-RateLimit-Remaining"].schema = { type: "integer", maximum: -1 };
    wrong.paths["/v1/invoices"].get.parameters = wrong.paths["/v1/invoices"].get.parameters.filter((p: { name?: string }) => p.name !== "per_page");
    wrong.paths["/v1/invoices/{id}/pay"].post.requestBody.content["application/json"].schema.properties.amount = { type: "string" };
    const contract = Contract.load(wrong);
    const created = await exchange("POST", "/v1/invoices", { client: "Contract", amount: 7, currency: "USD", due_date: "2031-01-01", status: "open" });
    expect(await contract.problems(created)).toEqual(expect.arrayContaining([expect.stringMatching(/-> 201: status: not documented$/)]));
    const listed = await contract.problems(await exchange("GET", "/v1/invoices?per_page=2"));
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/query parameter per_page: accepted by the server but not documented/),
        expect.stringMatching(/response header X-RateLimit-Remaining/),
      ]),
    );
    const paid = await contract.problems(await exchange("POST", `/v1/invoices/${JSON.parse(created.responseText).id}/pay`, { amount: 1 }));
    expect(paid).toEqual(expect.arrayContaining([expect.stringMatching(/request body: #\/amount fails/)]));
  });
});

describe("/docs", () => {
  it("serves the API reference as HTML without a key", async () => {
    const redirect = await fetch(`${t().url}/docs`, { redirect: "manual" });
    expect([200, 301, 302, 308]).toContain(redirect.status);
    await redirect.arrayBuffer();

    const response = await fetch(`${t().url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<html/i);
    expect(html).toContain("/v1/openapi.json");

    const script = await fetch(new URL("js/scalar.js", response.url));
    expect(script.status).toBe(200);
    await script.arrayBuffer(); // read whole: a cancelled body can leave the server writing, and app.close() waiting for it
  });

  it("is titled Enginery API, loads everything from this server, and turns off what needs Scalar's hosted service", async () => {
    const html = await (await fetch(`${t().url}/docs/`)).text();
    expect(html).toMatch(/<title>Enginery API<\/title>/);
    // Every URL the page names is this server's (the script, the document); no font host, no CDN.
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"|https?:\/\/[^\s"'<>)]+/g)].map((m) => m[1] ?? m[0]);
    expect(urls.filter((u) => /^(https?:)?\/\//.test(u))).toEqual([]);
    expect(html).not.toMatch(/fonts\.|jsdelivr|unpkg/);
    // The page's configuration: system fonts (the default ones come from fonts.scalar.com) and no hosted features.
    const config = JSON.parse(/Scalar\.createApiReference\([^,]+,\s*(\{[\s\S]*\})\s*\)/.exec(html)![1]!);
    expect(config).toMatchObject({
      url: "/v1/openapi.json",
      withDefaultFonts: false,
      hideClientButton: true,
      showDeveloperTools: "never",
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
    });
  });
});
