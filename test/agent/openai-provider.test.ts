import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { startTestApp, testClock, type TestApp, type Tenant } from "../helpers/harness.ts";
import { made, NOW, readEvents } from "./helpers.ts";
import { callTool, delta, say, scriptedModel, sse } from "./scripted-model.ts";

const model = scriptedModel();
const { script, received } = model;

let app: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  await model.start();
  const baseUrl = model.baseUrl();
  app = await startTestApp({
    clock: testClock(NOW),
    agent: { provider: "openai", baseUrl, apiKey: "sk-test-secret", model: "test-model", maxSteps: 4, timeoutMs: 500 },
  });
  tenant = await app.tenant();
  await made(tenant.client.post("/v1/invoices", { client: "Initech", amount: 1200, currency: "USD", due_date: "2026-02-01", status: "open" }));
});

afterAll(async () => {
  await app?.close();
  await model.close();
});

beforeEach(() => {
  script.length = 0;
  received.length = 0;
});

const conversationCount = async () => (await tenant.client.get("/v1/agent/conversations")).body.meta.total;

describe("an OpenAI-compatible model plans the turn", () => {
  it("tool-call round trip: the model's call runs through the registry, its result goes back, the model answers", async () => {
    script.push(callTool("list_invoices", { status: "overdue" }), say("One invoice ", "is overdue: Initech, 1,200 USD."));
    const res = await tenant.client.post("/v1/agent/chat", { message: "which invoices are overdue?" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.actions).toHaveLength(1);
    expect(res.body.actions[0]).toMatchObject({ tool: "list_invoices", status: "completed", input: { status: "overdue" } });
    expect(res.body.actions[0].result.meta.total).toBe(1);
    expect(res.body.message.content).toBe("One invoice is overdue: Initech, 1,200 USD.");
    expect(res.body.usage).toEqual({ steps: 2, tool_calls: 1, tokens: 150 });

    expect(received).toHaveLength(2);
    expect(received[0]!.headers.authorization).toBe("Bearer sk-test-secret");
    expect(received[0]!.body).toMatchObject({ model: "test-model", stream: true });
    expect(received[0]!.body.messages.at(-1)).toEqual({ role: "user", content: "which invoices are overdue?" });
    const offered = received[0]!.body.tools.map((t: any) => t.function.name);
    expect(offered).toContain("create_contact");
    // The whole registry, each a valid function definition: a name OpenAI accepts, an object schema, a description.
    expect([...offered].sort()).toEqual(app.app.agentTools.all.map((t) => t.name).sort());
    for (const definition of received[0]!.body.tools) {
      expect(definition.type).toBe("function");
      expect(definition.function.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(definition.function.description.length).toBeGreaterThan(10);
      expect(definition.function.parameters).toMatchObject({ type: "object", properties: expect.any(Object) });
    }
    expect(received[0]!.body.tools.find((t: any) => t.function.name === "pay_invoice").function.parameters).toMatchObject({
      type: "object",
      required: ["invoice_id", "amount"],
    });
    const toolMessage = received[1]!.body.messages.at(-1);
    expect(toolMessage).toMatchObject({ role: "tool", tool_call_id: "call_1" });
    expect(JSON.parse(toolMessage.content)).toMatchObject({ status: "completed", result: { meta: { total: 1 } } });
  });

  it("a read-only key's model is offered read tools only, and the conversation history is sent", async () => {
    const readOnly = await tenant.newKey("read_only");
    script.push(say("Hello."));
    const first = await readOnly.client.post("/v1/agent/chat", { message: "hi" });
    expect(first.status).toBe(200);
    const offered: string[] = received[0]!.body.tools.map((t: any) => t.function.name);
    expect(offered).toContain("list_invoices");
    expect(offered.filter((n) => /_(create|update|delete|move|void|enroll|record_payment|mark_uncollectible|enrich)$/.test(n))).toEqual([]);
    script.push(say("Still here."));
    await readOnly.client.post("/v1/agent/chat", { message: "again", conversation_id: first.body.conversation_id });
    expect(received[1]!.body.messages.slice(1)).toEqual([
      { role: "user", content: "hi" },
      { role: "assistant", content: "Hello." },
      { role: "user", content: "again" },
    ]);
  });

  it("a tool input that fails validation is a failed action the model sees, and it recovers", async () => {
    script.push(callTool("create_contact", { email: "not an email" }), say("That email is not valid."));
    const res = await tenant.client.post("/v1/agent/chat", { message: "add contact x" });
    expect(res.body.actions[0]).toMatchObject({
      tool: "create_contact",
      status: "failed",
      error: { code: "validation_failed", errors: [{ field: "input.email" }] },
    });
    expect(JSON.parse(received[1]!.body.messages.at(-1).content)).toMatchObject({ status: "failed", error: { code: "validation_failed" } });
    expect(res.body.message.content).toBe("That email is not valid.");
  });

  it("an action that needs approval stops the turn; the model words the answer without tools", async () => {
    const invoice = await made(tenant.client.post("/v1/invoices", { client: "Vo Id", amount: 5, currency: "USD", due_date: "2026-06-01", status: "open" }));
    script.push(callTool("void_invoice", { invoice_id: invoice.id }), say("Voiding needs your approval."));
    const res = await tenant.client.post("/v1/agent/chat", { message: `void ${invoice.number}` });
    expect(res.body.actions[0]).toMatchObject({ tool: "void_invoice", status: "approval_required" });
    expect(received[1]!.body.tools).toBeUndefined();
    expect((await tenant.client.get(`/v1/invoices/${invoice.id}`)).body.status).toBe("open");
  });

  it("streams the model's text deltas and the actions as they happen", async () => {
    script.push(callTool("list_invoices", { status: "overdue" }), say("One ", "overdue."));
    const response = await fetch(`${app.url}/v1/agent/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${tenant.key}`, "content-type": "application/json" },
      body: JSON.stringify({ message: "overdue?", stream: true }),
    });
    const events = await readEvents(response);
    expect(events.map((e) => e.event)).toEqual(["action.started", "action.completed", "message.delta", "message.delta", "done"]);
    expect(events.slice(2, 4).map((e) => e.data.delta)).toEqual(["One ", "overdue."]);
    expect(events.at(-1)!.data.message.content).toBe("One overdue.");
  });

  it("stops at the step limit", async () => {
    for (let i = 0; i < 4; i++) script.push(callTool("list_invoices", { status: "open" }, `call_${i}`));
    const res = await tenant.client.post("/v1/agent/chat", { message: "loop" });
    expect(res.body.actions).toHaveLength(4);
    expect(res.body.message.content).toBe("I stopped after 4 steps without finishing; ask again more narrowly.");
  });
});

describe("provider failures are clear problems, and a turn that has not acted leaves nothing", () => {
  it("an error status from the provider is a 502 naming it, without the key", async () => {
    const before = await conversationCount();
    script.push((_b, res) => {
      res.writeHead(429, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "Rate limit reached for test-model" } }));
    });
    const problem = expectProblem(await tenant.client.post("/v1/agent/chat", { message: "hi" }), 502, "agent_provider_failed");
    expect(problem.detail).toBe("The model provider answered 429: Rate limit reached for test-model");
    expect(problem.detail).not.toContain("sk-test");
    expect(await conversationCount()).toBe(before);
  });

  it("a provider that hangs is a 504 after the timeout", async () => {
    const before = await conversationCount();
    script.push(() => new Promise(() => {}));
    const started = Date.now();
    expectProblem(await tenant.client.post("/v1/agent/chat", { message: "hi" }), 504, "agent_provider_timeout");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await conversationCount()).toBe(before);
  });

  it("a stream that stops mid-answer is a 504 too", async () => {
    script.push((_b, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`data: ${JSON.stringify(delta({ content: "Half" }))}\n\n`);
    });
    expectProblem(await tenant.client.post("/v1/agent/chat", { message: "hi" }), 504, "agent_provider_timeout");
  });

  it.each([
    ["arguments that are not JSON", [{ index: 0, id: "call_x", type: "function", function: { name: "create_contact", arguments: '{"first_name": "Ann' } }]],
    ["arguments that are not an object", [{ index: 0, id: "call_x", type: "function", function: { name: "create_contact", arguments: "[1,2]" } }]],
    ["a call without a name", [{ index: 0, id: "call_x", type: "function", function: { arguments: "{}" } }]],
    // Past the bodies' depth limit: a walk over it (input cloning, validation) would overflow the stack (a 500).
    [
      "arguments nested 100,000 levels",
      [
        {
          index: 0,
          id: "call_x",
          type: "function",
          function: { name: "create_contact", arguments: `{"first_name":${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}}` },
        },
      ],
    ],
  ])("a malformed tool call (%s) is a 502, and nothing of that step runs", async (_what, toolCalls) => {
    const before = await conversationCount();
    const contactsBefore = (await tenant.client.get("/v1/contacts")).body.meta.total;
    script.push((_b, res) =>
      sse(res, [
        delta({ tool_calls: [{ index: 1, id: "call_ok", type: "function", function: { name: "create_contact", arguments: '{"first_name":"Ok"}' } }] }),
        delta({ tool_calls: toolCalls }),
      ]),
    );
    expectProblem(await tenant.client.post("/v1/agent/chat", { message: "hi" }), 502, "agent_provider_failed");
    expect(await conversationCount()).toBe(before);
    expect((await tenant.client.get("/v1/contacts")).body.meta.total).toBe(contactsBefore);
  });

  it("an unreachable provider is a 502", async () => {
    const down = await startTestApp({
      agent: { provider: "openai", baseUrl: "http://127.0.0.1:9/v1", apiKey: null, model: "m", maxSteps: 2, timeoutMs: 2000 },
    });
    try {
      const t = await down.tenant();
      const problem = expectProblem(await t.client.post("/v1/agent/chat", { message: "hi" }), 502, "agent_provider_failed");
      expect(problem.detail).toMatch(/^The model provider could not be reached/);
    } finally {
      await down.close();
    }
  });
});

describe("configuration", () => {
  it("offline by default; openai needs a model; a wrong value names its variable", () => {
    expect(loadConfig({}).agent).toEqual({ provider: "offline", maxSteps: 8 });
    expect(
      loadConfig({ AGENT_PROVIDER: "openai", AGENT_MODEL: "llama3.1", AGENT_BASE_URL: "http://127.0.0.1:11434/v1", AGENT_TIMEOUT_MS: "5000" }).agent,
    ).toEqual({
      provider: "openai",
      baseUrl: "http://127.0.0.1:11434/v1",
      apiKey: null,
      model: "llama3.1",
      maxSteps: 8,
      timeoutMs: 5000,
    });
    expect(() => loadConfig({ AGENT_PROVIDER: "claude" })).toThrow(/^AGENT_PROVIDER: must be offline/);
    expect(() => loadConfig({ AGENT_PROVIDER: "openai" })).toThrow(/^AGENT_MODEL: is required/);
    expect(() => loadConfig({ AGENT_PROVIDER: "openai", AGENT_MODEL: "m", AGENT_BASE_URL: "ftp://x" })).toThrow(/^AGENT_BASE_URL: must start with/);
    expect(() => loadConfig({ AGENT_MODEL: "m" })).toThrow(/^AGENT_MODEL: is set but AGENT_PROVIDER is offline/);
    expect(() => loadConfig({ AGENT_MAX_STEPS: "0" })).toThrow(/^AGENT_MAX_STEPS: must be between 1 and 50/);
  });
});
