import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentActions } from "../../src/engines/agent/agent-table.ts";
import { validateToolInput } from "../../src/engines/agent/tools.ts";
import { ApiError } from "../../src/platform/errors.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Client, type Tenant } from "../helpers/harness.ts";
import { permissionsOf } from "../helpers/routes.ts";
import { made, NOW } from "./helpers.ts";
import { callTool, say, scriptedModel } from "./scripted-model.ts";
import { hasFixture, inputFor, pathFields } from "./tool-fixtures.ts";

/**
 * Every tool of the registry, called the way a model calls it: a scripted
 * OpenAI-compatible model (a real HTTP server) asks for the tool in a turn of
 * POST /v1/agent/chat. Each property is checked over the whole registry, so a
 * new operation is covered as soon as it is a tool.
 */
const model = scriptedModel();
await model.start();
const app = useTestApp({
  clock: testClock(NOW),
  agent: { provider: "openai", baseUrl: model.baseUrl(), apiKey: null, model: "scripted", maxSteps: 4, timeoutMs: 5000 },
});
afterAll(() => model.close());

let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  tenant = await app().tenant();
  other = await app().tenant();
});

const registry = () => app().app.agentTools;
const tools = () => [...registry().all].sort((a, b) => a.name.localeCompare(b.name));
const generated = () => tools().filter((t) => !t.composite);

interface Turn {
  body: any;
  action: any;
  requestId: string;
}

/** One turn of the agent in which the model calls the tool with this input, then answers. */
async function callThroughModel(client: Client, name: string, input: Record<string, unknown>, headers?: Record<string, string>): Promise<Turn> {
  model.script.push(callTool(name, input), say("Done."));
  const res = await client.post("/v1/agent/chat", { message: `please ${name.replaceAll("_", " ")}` }, { headers });
  expect(res.status, res.text).toBe(200);
  expect(model.script, `${name}: the turn used its two model rounds`).toHaveLength(0);
  return { body: res.body, action: res.body.actions[0], requestId: res.headers.get("x-request-id")! };
}

/** The engine events (not agent.*) that name this conversation, newest first. */
async function engineEvents(conversationId: string): Promise<any[]> {
  const page = await tenant.client.get("/v1/events?per_page=100");
  expect(page.status).toBe(200);
  return page.body.data.filter((e: any) => e.request.conversation_id === conversationId && !e.type.startsWith("agent."));
}

async function engineEventsOf(client: Client, conversationId: string): Promise<any[]> {
  const page = await client.get("/v1/events?per_page=100");
  return page.body.data.filter((e: any) => e.request.conversation_id === conversationId && !e.type.startsWith("agent."));
}

describe("every tool runs as its route does", () => {
  it("each has a fixture: only composite tools are made by hand, and they have one too", () => {
    expect(
      tools()
        .filter((t) => !hasFixture(t))
        .map((t) => t.name),
    ).toEqual([]);
  });

  it("a full-access key runs every tool; a write's engine events carry the conversation and the chat's request id", { timeout: 120_000 }, async () => {
    for (const tool of tools()) {
      const input = await inputFor(tool, tenant);
      const turn = await callThroughModel(tenant.client, tool.name, input);
      const reason = tool.approval?.(input) ?? null;
      if (reason) {
        expect(turn.action, tool.name).toMatchObject({ tool: tool.name, status: "approval_required", approval_reason: reason });
        continue;
      }
      expect(turn.action, `${tool.name}: ${JSON.stringify(turn.action.error)}`).toMatchObject({ tool: tool.name, status: "completed" });
      const events = await engineEvents(turn.body.conversation_id);
      if (tool.access === "read") {
        expect(events, tool.name).toEqual([]);
        continue;
      }
      expect(events.length, `${tool.name} emitted its engine event`).toBeGreaterThan(0);
      for (const event of events) expect(event.request, tool.name).toMatchObject({ id: turn.requestId, conversation_id: turn.body.conversation_id });
    }
  });
});

describe("permissions: a tool is offered and runs only with every permission its route needs", () => {
  async function offered(client: Client): Promise<string[]> {
    model.script.push(say("Hello."));
    const res = await client.post("/v1/agent/chat", { message: "hello" });
    expect(res.status).toBe(200);
    return model.received
      .at(-1)!
      .body.tools.map((t: any) => t.function.name)
      .sort();
  }

  it("a read-only key is offered exactly the read tools, and every write tool is refused naming the permission, changing nothing", {
    timeout: 120_000,
  }, async () => {
    const readOnly = await tenant.newKey("read_only");
    const held = permissionsOf("read_only");
    expect(await offered(readOnly.client)).toEqual(
      tools()
        .filter((t) => t.access === "read")
        .map((t) => t.name),
    );
    for (const tool of tools().filter((t) => t.access === "write")) {
      const missing = tool.permissions.filter((p) => !held.has(p as never));
      expect(missing.length, `${tool.name} needs a permission a read-only key lacks`).toBeGreaterThan(0);
      const turn = await callThroughModel(readOnly.client, tool.name, await inputFor(tool, tenant));
      expect(turn.action, tool.name).toMatchObject({
        status: "failed",
        error: { code: "insufficient_permission", status: 403, required_permission: missing[0] },
      });
      expect(turn.action.error.detail).toContain(missing[0]);
      expect(await engineEvents(turn.body.conversation_id), tool.name).toEqual([]);
    }
  });

  it("an engine key is offered its engines' tools only, runs them, and is refused the others naming the permission", { timeout: 120_000 }, async () => {
    const talent = await tenant.newKey("engine", { engines: ["talent", "agent"] });
    const held = permissionsOf("engine", ["talent", "agent"]);
    const mine = tools().filter((t) => t.permissions.every((p) => held.has(p as never)));
    expect(await offered(talent.client)).toEqual(mine.map((t) => t.name));
    expect(new Set(mine.map((t) => t.resource))).toEqual(new Set(["job", "candidate", "event", "event_type"]));
    for (const tool of tools().filter((t) => !mine.includes(t))) {
      const missing = tool.permissions.filter((p) => !held.has(p as never));
      const turn = await callThroughModel(talent.client, tool.name, await inputFor(tool, tenant));
      expect(turn.action, tool.name).toMatchObject({ status: "failed", error: { code: "insufficient_permission", required_permission: missing[0] } });
    }
    for (const tool of mine.filter((t) => t.resource === "job" && t.access === "read")) {
      const turn = await callThroughModel(talent.client, tool.name, await inputFor(tool, tenant));
      expect(turn.action.status, tool.name).toBe("completed");
    }
  });
});

describe("approvals: declared once beside the route, kept by every tool that has one", () => {
  const waiting = () => tools().filter((t) => t.approval);

  it("deletes, void and mark-uncollectible (and other destructive operations) declare an approval", () => {
    const names = waiting().map((t) => t.name);
    for (const tool of generated().filter((t) => t.method === "DELETE" && t.name !== "unenroll_contact")) expect(names, tool.name).toContain(tool.name);
    expect(names).toEqual(expect.arrayContaining(["void_invoice", "mark_invoice_uncollectible", "archive_sequence", "enroll_contacts"]));
    for (const tool of generated().filter((t) => t.approval)) expect(tool.approval!({})).toMatch(/\.$/);
  });

  it("every approval-declared operation waits, and approving runs it with the approver's permissions, checked then", { timeout: 120_000 }, async () => {
    const readOnly = await tenant.newKey("read_only");
    const financeOnly = await tenant.newKey("engine", { engines: ["finance", "agent"] });
    const talentOnly = await tenant.newKey("engine", { engines: ["talent", "agent"] });
    for (const tool of generated().filter((t) => t.approval)) {
      const input = await inputFor(tool, tenant);
      const turn = await callThroughModel(tenant.client, tool.name, input);
      expect(turn.action, tool.name).toMatchObject({ status: "approval_required", approval_reason: tool.approval!(input) });
      expect(await engineEvents(turn.body.conversation_id), `${tool.name} did nothing yet`).toEqual([]);
      const approve = `/v1/agent/approvals/${turn.action.approval_id}/approve`;
      expectProblem(await readOnly.client.post(approve), 403, "insufficient_permission");
      // A key that may not run the action does not see the approval at all.
      const outsider = tool.permissions.some((p) => p.startsWith("finance")) ? talentOnly : financeOnly;
      expectProblem(await outsider.client.post(approve), 404, "not_found");
      const approved = await tenant.client.post(approve);
      expect(approved.status, approved.text).toBe(200);
      expect(approved.body.actions[0], tool.name).toMatchObject({ status: "completed", tool: tool.name });
      const events = await engineEvents(turn.body.conversation_id);
      expect(events.length, `${tool.name} ran on approval`).toBeGreaterThan(0);
    }
  });

  it("bulk enrollment waits above the threshold only", async () => {
    const tool = registry().find("enroll_contacts");
    const ids = (n: number) =>
      Array.from(
        { length: n },
        (_, i) =>
          `con_01jd8z6q4m2c8v3t5y7w9x0a${String(i)
            .padStart(2, "0")
            .replace(/\d/g, (d) => "abcdefghjk"[Number(d)]!)}`,
      );
    expect(tool.approval!({ contact_ids: ids(10) })).toBeNull();
    expect(tool.approval!({ contact_ids: ids(11) })).toBe("Enrolling 11 contacts at once (more than 10).");
  });

  it("an approval stored under a tool's name from before the registry (invoices_void) is still decided", async () => {
    const invoice = await made(tenant.client.post("/v1/invoices", { client: "Stored", amount: 10, currency: "USD", due_date: "2026-06-01", status: "open" }));
    const turn = await callThroughModel(tenant.client, "void_invoice", { invoice_id: invoice.id });
    await app().database.db.update(agentActions).set({ tool: "invoices_void" }).where(eq(agentActions.approvalId, turn.action.approval_id));
    expect((await tenant.client.get(`/v1/agent/approvals/${turn.action.approval_id}`)).body.tool).toBe("invoices_void");
    const approved = await tenant.client.post(`/v1/agent/approvals/${turn.action.approval_id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.actions[0].status).toBe("completed");
    expect((await tenant.client.get(`/v1/invoices/${invoice.id}`)).body.status).toBe("void");
  });
});

describe("tenancy: another organization's id is a 404 through every tool that takes one", () => {
  it("reads and writes alike (approved ones too), and the other organization's record is untouched", { timeout: 120_000 }, async () => {
    const withIds = tools().filter((t) => pathFields(t).length > 0 || t.name === "enroll_contacts");
    expect(withIds.length).toBeGreaterThan(30);
    for (const tool of withIds) {
      const input = await inputFor(tool, tenant);
      const turn = await callThroughModel(other.client, tool.name, input);
      let action = turn.action;
      if (action.status === "approval_required") {
        const approved = await other.client.post(`/v1/agent/approvals/${action.approval_id}/approve`);
        expect(approved.status, approved.text).toBe(200);
        action = approved.body.actions[0];
      }
      expect(action, `${tool.name} ${JSON.stringify(action.error ?? action.result)}`).toMatchObject({
        status: "failed",
        error: { code: "not_found", status: 404 },
      });
      expect(await engineEventsOf(other.client, turn.body.conversation_id), tool.name).toEqual([]);
      expect(await engineEvents(turn.body.conversation_id), `${tool.name} left the first organization's data alone`).toEqual([]);
    }
  });
});

describe("idempotency: a retried chat replays its answer and its tool calls act once", () => {
  it("for every tool that creates (POST without a path id)", { timeout: 120_000 }, async () => {
    const creators = tools().filter((t) => t.method === "POST" && pathFields(t).length === 0);
    expect(creators.map((t) => t.name)).toEqual(expect.arrayContaining(["create_invoice", "create_job", "create_candidate", "create_deal"]));
    for (const tool of creators) {
      const headers = { "idempotency-key": `tool-${tool.name}-${Date.now()}` };
      const input = await inputFor(tool, tenant);
      const first = await callThroughModel(tenant.client, tool.name, input, headers);
      expect(first.action.status, tool.name).toBe("completed");
      const events = await engineEvents(first.body.conversation_id);
      expect(events.length, tool.name).toBeGreaterThan(0);
      for (const event of events) expect(event.request.idempotency_key, tool.name).toBe(headers["idempotency-key"]);
      // The retry is answered from the first response: the model is not asked again.
      const again = await tenant.client.post("/v1/agent/chat", { message: `please ${tool.name.replaceAll("_", " ")}` }, { headers });
      expect(again.headers.get("idempotent-replayed"), tool.name).toBe("true");
      expect(again.body).toEqual(first.body);
      expect(await engineEvents(first.body.conversation_id)).toHaveLength(events.length);
    }
  });
});

describe("input is checked against the route's own schema, fields named input.<field>", () => {
  it("every required field of every tool is named when it is missing", () => {
    for (const tool of tools()) {
      const required: string[] = (tool.input as { required?: string[] }).required ?? [];
      if (required.length === 0) {
        expect(validateToolInput(tool, {}), tool.name).toBeTypeOf("object");
        continue;
      }
      let problem: ApiError | undefined;
      try {
        validateToolInput(tool, {});
      } catch (error) {
        problem = error as ApiError;
      }
      expect(problem, tool.name).toBeInstanceOf(ApiError);
      expect(problem!.code).toBe("validation_failed");
      const fields = (problem!.extras.errors ?? []).map((e) => e.field);
      for (const name of required) expect(fields, tool.name).toContain(`input.${name}`);
    }
  });

  it("a missing required field, a wrong type and an unknown field are failed actions naming input.<field>", async () => {
    const missing = await callThroughModel(tenant.client, "pay_invoice", { amount: 5 });
    expect(missing.action).toMatchObject({ status: "failed", error: { code: "validation_failed", errors: [{ field: "input.invoice_id" }] } });
    const unknown = await callThroughModel(tenant.client, "create_job", { title: "X", salary: 5 });
    expect(unknown.action.error.errors.map((e: any) => e.field)).toContain("input.salary");
    const typed = await callThroughModel(tenant.client, "create_invoice", { client: "A", amount: "12", currency: "USD", due_date: "2026-09-01" });
    expect(typed.action.error.errors.map((e: any) => e.field)).toContain("input.amount");
  });

  it("list filters given as text coerce as a query string would", async () => {
    await made(tenant.client.post("/v1/invoices", { client: "Coerce", amount: 7000, currency: "USD", due_date: "2026-09-01", status: "open" }));
    const turn = await callThroughModel(tenant.client, "list_invoices", { per_page: "2", "amount[gte]": "6999.5", client: "Coerce" });
    expect(turn.action).toMatchObject({ status: "completed", input: { per_page: 2, "amount[gte]": 6999.5 } });
    expect(turn.action.result.meta).toMatchObject({ per_page: 2, total: 1 });
    // "Any of" written as a list, as models do, is the comma list the query string takes.
    const anyOf = await callThroughModel(tenant.client, "list_invoices", { status: ["open", "overdue"], client: "Coerce" });
    expect(anyOf.action).toMatchObject({ status: "completed", input: { status: "open,overdue" } });
    expect(anyOf.action.result.meta.total).toBe(1);
  });

  it("a problem the route finds names the tool's field too", async () => {
    const invoice = await made(tenant.client.post("/v1/invoices", { client: "Over", amount: 10, currency: "USD", due_date: "2026-09-01", status: "open" }));
    const turn = await callThroughModel(tenant.client, "pay_invoice", { invoice_id: invoice.id, amount: 11 });
    expect(turn.action).toMatchObject({ status: "failed", error: { code: "unprocessable", status: 422 } });
    expect(turn.action.error.errors).toEqual([{ in: "body", field: "input.amount", message: "must be at most the amount due, 10" }]);
    const gone = await callThroughModel(tenant.client, "get_invoice", { invoice_id: "inv_01jd8z6q4m2c8v3t5y7w9x0a1b" });
    expect(gone.action).toMatchObject({ status: "failed", error: { code: "not_found", status: 404 } });
  });
});

describe("rate limits", () => {
  it("each tool call counts against the key, as the request it is", async () => {
    const free = await app().tenant({ plan: "free" });
    const remaining = async () => Number((await free.client.get("/v1/me")).headers.get("x-ratelimit-remaining"));
    const before = await remaining();
    await callThroughModel(free.client, "list_invoices", {});
    // The chat, its one tool call and the second GET /v1/me.
    expect(await remaining()).toBe(before - 3);
  });
});
