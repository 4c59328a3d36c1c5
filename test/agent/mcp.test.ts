import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { made, NOW } from "./helpers.ts";

const app = useTestApp({ clock: testClock(NOW) });
let tenant: Tenant;
const open: McpClient[] = [];

beforeAll(async () => {
  tenant = await app().tenant();
  await made(tenant.client.post("/v1/invoices", { client: "Initech", amount: 1200, currency: "USD", due_date: "2026-02-01", status: "open" }));
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** The SDK's own client, over real HTTP, authenticated with an API key. */
async function connect(key: string): Promise<McpClient> {
  const client = new McpClient({ name: "enginery-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${app().url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } });
  await client.connect(transport);
  open.push(client);
  return client;
}

describe("the tool registry over MCP (Streamable HTTP)", () => {
  it("lists the key's tools with their JSON Schemas and calls them, recorded like the agent's actions", async () => {
    const client = await connect(tenant.key);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(["list_invoices", "create_contact", "move_deal_to_stage", "enroll_contacts", "create_snapshot", "list_events"]),
    );
    const create = tools.find((t) => t.name === "create_contact")!;
    expect(create.inputSchema).toMatchObject({ type: "object", properties: { email: expect.any(Object) } });
    expect(tools.find((t) => t.name === "void_invoice")!.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });

    const listed = await client.callTool({ name: "list_invoices", arguments: { status: "overdue" } });
    expect(listed.isError).toBeFalsy();
    expect((listed.structuredContent as any).result.meta.total).toBe(1);

    const created = await client.callTool({ name: "create_contact", arguments: { first_name: "Mia", email: "mia@mcp.example" } });
    const contactId = (created.structuredContent as any).result.id;
    const events = await tenant.client.get(`/v1/events?object_id=${contactId}`);
    expect(events.body.data.map((e: any) => e.type)).toEqual(["contact.created"]);
    const conversationId = events.body.data[0].request.conversation_id;
    const conversation = await tenant.client.get(`/v1/agent/conversations/${conversationId}`);
    expect(conversation.body.title).toBe("MCP: create_contact");
    expect(conversation.body.messages[1].actions[0]).toMatchObject({ id: (created.structuredContent as any).action_id, status: "completed" });
  });

  it("tools/list is the registry: every tool the key may use, with its input schema and read-only / destructive annotations", async () => {
    const { tools } = await (await connect(tenant.key)).listTools();
    const registry = app().app.agentTools;
    expect(tools.map((t) => t.name).sort()).toEqual(registry.all.map((t) => t.name).sort());
    for (const listed of tools) {
      const tool = registry.find(listed.name);
      expect(listed.inputSchema, tool.name).toEqual(JSON.parse(JSON.stringify(tool.input)));
      expect(listed.description).toBe(tool.description);
      expect(listed.annotations, tool.name).toMatchObject({ readOnlyHint: tool.access === "read", destructiveHint: Boolean(tool.approval) });
    }
    const readOnly = await tenant.newKey("read_only");
    const reads = (await (await connect(readOnly.secret)).listTools()).tools;
    expect(reads.map((t) => t.name).sort()).toEqual(
      registry.all
        .filter((t) => t.access === "read")
        .map((t) => t.name)
        .sort(),
    );
  });

  it("generated tools run over MCP as their routes do: a job, a candidate, a paused sequence, a sequence's enrollments", async () => {
    const client = await connect(tenant.key);
    const call = async (name: string, args: Record<string, unknown>) => {
      const out = await client.callTool({ name, arguments: args });
      expect(out.isError, JSON.stringify(out.content)).toBeFalsy();
      return (out.structuredContent as any).result;
    };
    const job = await call("create_job", { title: "MCP Engineer" });
    const candidate = await call("create_candidate", { job_id: job.id, first_name: "Ada", last_name: "Byte", email: "ada@mcp.example" });
    expect((await tenant.client.get(`/v1/candidates/${candidate.id}`)).body).toMatchObject({ job_id: job.id, stage: "applied" });
    const sequence = await call("create_sequence", { name: "MCP drip", status: "active", steps: [{ type: "task", subject: "Call" }] });
    const contact = await call("create_contact", { first_name: "Eve", email: "eve@mcp.example" });
    await call("enroll_contact", { sequence_id: sequence.id, contact_id: contact.id });
    expect((await call("pause_sequence", { sequence_id: sequence.id })).status).toBe("paused");
    const enrollments = await call("list_enrollments", { sequence_id: sequence.id, status: "active" });
    expect(enrollments.data.map((e: any) => e.contact_id)).toEqual([contact.id]);
  });

  it("bad input is a tool error naming the field; destructive calls wait for approval", async () => {
    const client = await connect(tenant.key);
    const bad = await client.callTool({ name: "create_contact", arguments: { email: "nope" } });
    expect(bad.isError).toBe(true);
    expect(JSON.parse((bad.content as any)[0].text).error).toMatchObject({ code: "validation_failed", errors: [{ field: "input.email" }] });

    const invoice = await made(tenant.client.post("/v1/invoices", { client: "Void Co", amount: 5, currency: "USD", due_date: "2026-06-01", status: "open" }));
    const voiding = await client.callTool({ name: "void_invoice", arguments: { invoice_id: invoice.id } });
    const approval = (voiding.structuredContent as any).approval_id;
    expect(approval).toMatch(/^apr_/);
    expect((await tenant.client.get(`/v1/invoices/${invoice.id}`)).body.status).toBe("open");
    expect((await tenant.client.post(`/v1/agent/approvals/${approval}/approve`)).status).toBe(200);
    expect((await tenant.client.get(`/v1/invoices/${invoice.id}`)).body.status).toBe("void");
  });

  it("a read-only key is offered read tools only and cannot call a write tool", async () => {
    const readOnly = await tenant.newKey("read_only");
    const client = await connect(readOnly.secret);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("list_invoices");
    expect(names).not.toContain("create_contact");
    await expect(client.callTool({ name: "create_contact", arguments: { first_name: "No" } })).rejects.toThrow(
      /This API key \(read_only\) lacks growth:write: it may not use the tool create_contact/,
    );
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/no tool named no_such_tool/);
  });

  it("an engine key gets its engines' tools; another organization's data stays out of reach", async () => {
    const finance = await tenant.newKey("engine", { engines: ["finance", "agent"] });
    const names = (await (await connect(finance.secret)).listTools()).tools.map((t) => t.name);
    expect(names.filter((n) => !/invoice/.test(n)).sort()).toEqual(["get_event", "list_event_types", "list_events"]);
    const other = await app().tenant();
    const theirs = await connect(other.key);
    const listed = await theirs.callTool({ name: "list_invoices", arguments: {} });
    expect((listed.structuredContent as any).result.meta.total).toBe(0);
  });

  it("needs an API key with agent access: 401 without one, 403 without agent:read", async () => {
    const res = await fetch(`${app().url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const get = await fetch(`${app().url}/mcp`, { headers: { authorization: `Bearer ${tenant.key}`, accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const growth = await tenant.newKey("engine", { engines: ["growth"] });
    await expect(connect(growth.secret)).rejects.toThrow(/403|insufficient_permission|agent:read/);
  });
});
