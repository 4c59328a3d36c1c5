import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { featureSubscribers } from "../../src/subscribers.ts";
import { NOT_TOOLS, resourceOf, toolFromRoute, toolName } from "../../src/engines/agent/route-tools.ts";
import { memoryRateLimitStore } from "../../src/platform/rate-limit/memory-store.ts";
import { Id } from "../../src/platform/schemas.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { useTestApp } from "../helpers/harness.ts";

const app = useTestApp();
const registry = () => app().app.agentTools;

/** The areas whose every operation must be a tool: the engines, the intelligence snapshots, events (read). */
const TOOL_AREAS = [
  "/v1/invoices",
  "/v1/contacts",
  "/v1/accounts",
  "/v1/pipelines",
  "/v1/deals",
  "/v1/sequences",
  "/v1/sequence_replies",
  "/v1/sequence_messages",
  "/v1/jobs",
  "/v1/candidates",
  "/v1/intelligence/snapshots",
  "/v1/events",
  "/v1/event_types",
];
/** Operations of those areas that are not tools all the same: an endless event stream answers no call. */
const AREA_EXCEPTIONS = ["/v1/events/stream"];
const inArea = (url: string) => !AREA_EXCEPTIONS.includes(url) && TOOL_AREAS.some((area) => url === area || url.startsWith(`${area}/`));

describe("the registry is the route table", () => {
  it("every /v1 operation the app serves is a tool or excluded with a reason; every engine, snapshot and event operation is a tool", () => {
    const served = registry().served();
    expect(served.length).toBeGreaterThan(100);
    // The route table the server answers from (app.servedRoutes): each documented /v1 operation is in the registry's view.
    const table = app().app.servedRoutes.filter((r) => r.url.startsWith("/v1/") && !r.hidden && typeof r.schema.operationId === "string");
    expect(served.map((op) => `${op.method} ${op.url}`).sort()).toEqual(table.map((r) => `${r.method} ${r.url}`).sort());
    for (const op of served) {
      const what = `${op.method} ${op.url} (${op.operationId})`;
      expect(Boolean(op.tool) !== Boolean(op.excluded), `${what} is a tool or excluded, not both or neither`).toBe(true);
      if (op.excluded) expect(op.excluded.length, what).toBeGreaterThan(20);
      if (inArea(op.url)) expect(op.tool, `${what} is an engine operation: it must be a tool`).toBe(toolName(op.operationId));
    }
    // Every tool that is not hand-written is one served operation.
    const operations = new Set(served.map((op) => op.operationId));
    for (const tool of registry().all.filter((t) => !t.composite)) expect(operations.has(tool.operationId), tool.name).toBe(true);
  });

  it("each exclusion excludes something served, and names its reason", () => {
    const served = registry().served();
    for (const entry of NOT_TOOLS) {
      expect(entry.reason.length).toBeGreaterThan(20);
      expect(
        served.some((op) => op.excluded === entry.reason),
        `${entry.path ?? entry.operationId} matches a served operation`,
      ).toBe(true);
    }
    expect(served.filter((op) => op.excluded).map((op) => op.url)).toEqual(
      expect.arrayContaining(["/v1/events/stream", "/v1/webhook_endpoints", "/v1/functions", "/v1/api_keys", "/v1/oauth_apps", "/v1/agent/chat", "/v1/me"]),
    );
  });

  it("names tools as the contract says: snake_case operationId; :id as <resource>_id, other path parameters by their names", () => {
    expect(toolName("listInvoices")).toBe("list_invoices");
    expect(toolName("payInvoice")).toBe("pay_invoice");
    expect(toolName("getAccountDossier")).toBe("get_account_dossier");
    expect(toolName("markInvoiceUncollectible")).toBe("mark_invoice_uncollectible");
    expect(resourceOf("/v1/intelligence/snapshots/:id")).toBe("snapshot");
    expect(resourceOf("/v1/sequence_replies")).toBe("sequence_reply");
    const byName = (name: string) => registry().find(name);
    expect(Object.keys((byName("get_enrollment").input as any).properties)).toEqual(["sequence_id", "enrollment_id"]);
    expect(Object.keys((byName("delete_pipeline_stage").input as any).properties)).toEqual(["pipeline_id", "stage_id"]);
    expect(byName("get_snapshot")).toMatchObject({ resource: "snapshot", path: "/v1/intelligence/snapshots/:id", method: "GET", access: "read" });
    expect((byName("get_event").input as any).required).toEqual(["event_id"]);
    expect(byName("pay_invoice")).toMatchObject({
      operationId: "payInvoice",
      method: "POST",
      resource: "invoice",
      access: "write",
      permissions: ["finance:write"],
    });
    expect((byName("pay_invoice").input as any).required).toEqual(["invoice_id", "amount"]);
    for (const tool of registry().all) {
      expect(tool.access, tool.name).toBe(tool.method === "GET" ? "read" : "write");
      const properties = Object.keys((tool.input as any).properties);
      for (const param of tool.path.matchAll(/:(\w+)/g)) expect(properties, tool.name).toContain(param[1] === "id" ? `${tool.resource}_id` : param[1]);
    }
  });

  it("an input schema is the route's own: the same schema objects, not copies", async () => {
    const { CreateInvoice, PayInvoice } = await import("../../src/engines/finance/invoices-schemas.ts");
    const { invoiceList } = await import("../../src/engines/finance/invoices-service.ts");
    const create = registry().find("create_invoice").input as any;
    for (const [name, schema] of Object.entries(CreateInvoice.properties)) expect(create.properties[name], name).toBe(schema);
    expect((registry().find("pay_invoice").input as any).properties.amount).toBe(PayInvoice.properties.amount);
    const list = registry().find("list_invoices").input as any;
    for (const [name, schema] of Object.entries((invoiceList.querystring as any).properties)) expect(list.properties[name], name).toBe(schema);
  });

  it("every tool is a valid OpenAI function definition and reads well: name, an object schema, a description with its filters' values", () => {
    for (const tool of registry().all) {
      expect(tool.name, tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      const parameters = JSON.parse(JSON.stringify(tool.input));
      expect(parameters.type, tool.name).toBe("object");
      expect(parameters.additionalProperties, tool.name).toBe(false);
      for (const required of parameters.required ?? []) expect(Object.keys(parameters.properties), tool.name).toContain(required);
      expect(JSON.stringify(parameters)).not.toContain('"$id"');
      expect(tool.description.length, tool.name).toBeGreaterThan(10);
      expect(tool.description.length, tool.name).toBeLessThanOrEqual(1024);
    }
    expect(registry().find("list_invoices").description).toMatch(/status \(draft\|open\|overdue\|paid\|void\|uncollectible\)/);
    expect(registry().find("list_candidates").description).toContain("stage (applied|screening|interview|offer|hired|rejected)");
    expect(registry().find("list_invoices").description).toContain("amount [gte|gt|lte|lt|ne]");
    expect(registry().find("list_invoices").description).toContain('An operator is part of the field\'s name: "amount[gte]".');
    expect(registry().find("void_invoice").description).toContain("Waits for a person's approval: Voiding an invoice cancels money owed.");
  });
});

describe("a merged input whose names collide stops the app from starting", () => {
  const route = (schema: Record<string, unknown>) => ({
    method: "POST",
    url: "/v1/widgets/:id",
    config: { permission: "finance:write" as const },
    schema: { operationId: "touchWidget", ...schema },
  });
  const never = () => async () => undefined;

  it("a path parameter named as a body or query field, or a query field as a body field", () => {
    const params = Type.Object({ id: Id("invoice") });
    expect(() => toolFromRoute(route({ params, body: Type.Object({ widget_id: Type.String() }) }), never)).toThrow(/"widget_id" \(from the body\)/);
    expect(() => toolFromRoute(route({ params, querystring: Type.Object({ widget_id: Type.String() }) }), never)).toThrow(/widget_id/);
    expect(() => toolFromRoute(route({ querystring: Type.Object({ q: Type.String() }), body: Type.Object({ q: Type.String() }) }), never)).toThrow(/"q"/);
    expect(() => toolFromRoute(route({ body: Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]) }), never)).toThrow(
      /cannot become tool input/,
    );
    expect(toolFromRoute(route({ params, body: Type.Object({ name: Type.String() }) }), never)).toMatchObject({ name: "touch_widget", resource: "widget" });
  });

  it("buildApp with such a route fails at ready, naming the field", async () => {
    const testDb = await createTestDatabase();
    const rateLimits = memoryRateLimitStore();
    const built = await buildApp({ database: testDb.database, subscribers: featureSubscribers, rateLimits, functions: { workers: 1 } });
    try {
      built.post(
        "/v1/invoices/:id/remind",
        {
          config: { permission: "finance:write" },
          schema: { operationId: "remindInvoice", params: Type.Object({ id: Id("invoice") }), body: Type.Object({ invoice_id: Type.String() }) },
        },
        async () => ({}),
      );
      await expect(built.ready()).rejects.toThrow(/remind_invoice .*"invoice_id"/);
    } finally {
      await built.close().catch(() => {});
      await rateLimits.close();
      await testDb.drop();
    }
  });
});
