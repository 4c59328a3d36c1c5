import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { made, NOW, readEvents, seedWorld } from "./helpers.ts";

const clock = testClock(NOW);
const app = useTestApp({ clock });
let tenant: Tenant;

beforeAll(async () => {
  tenant = await app().tenant();
  await seedWorld(tenant.client);
});

async function streamChat(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${app().url}/v1/agent/chat`, {
    method: "POST",
    headers: { authorization: `Bearer ${tenant.key}`, "content-type": "application/json", ...headers },
    body: JSON.stringify({ ...body, stream: true }),
  });
}

describe('"stream": true answers text/event-stream', () => {
  it("action events as they happen, the reply text, then done with the same object as the JSON answer", async () => {
    const response = await streamChat({ message: "how much does Initech owe?" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    const events = await readEvents(response);
    expect(events.map((e) => e.event)).toEqual([
      "action.started",
      "action.completed",
      "action.started",
      "action.completed",
      ...events.slice(4, -1).map(() => "message.delta"),
      "done",
    ]);
    expect(events[0]!.data).toEqual({ tool: "list_accounts", input: { q: "Initech", per_page: 20 } });
    expect(events[3]!.data).toMatchObject({ tool: "list_invoices", status: "completed" });
    const done = events.at(-1)!.data;
    const text = events
      .filter((e) => e.event === "message.delta")
      .map((e) => e.data.delta)
      .join("");
    expect(text).toBe(done.message.content);
    expect(done.actions.map((a: any) => a.id)).toEqual([events[1]!.data.id, events[3]!.data.id]);

    const stored = await tenant.client.get(`/v1/agent/conversations/${done.conversation_id}`);
    expect(stored.body.messages.at(-1)).toMatchObject({ id: done.message.id, content: done.message.content });
  });

  it("an action that needs approval is an approval.required event", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Stream Co", amount: 10, currency: "USD", due_date: "2026-06-01", status: "open" }),
    );
    const events = await readEvents(await streamChat({ message: `void ${invoice.id}` }));
    expect(events.map((e) => e.event)).toContain("approval.required");
    const approval = events.find((e) => e.event === "approval.required")!.data;
    expect(approval).toMatchObject({ tool: "void_invoice", status: "approval_required", approval_id: expect.stringMatching(/^apr_/) });
    expect(events.at(-1)!.data.actions.at(-1).approval_id).toBe(approval.approval_id);
  });

  it("a problem found before the turn acts is an ordinary problem response", async () => {
    const response = await streamChat({ message: "hi", conversation_id: "conv_01jd8z6q4m2c8v3t5y7w9x0a1b" });
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(response.status).toBe(404);
    expectProblem(await tenant.client.post("/v1/agent/chat", { message: "", stream: true }), 400, "validation_failed");
  });

  it("with an Idempotency-Key, a retry replays the final object as JSON and acts once", async () => {
    const headers = { "idempotency-key": "stream-once" };
    const body = { message: "create a contact Stream Er streamer@example.com" };
    const events = await readEvents(await streamChat(body, headers));
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    const retry = await streamChat(body, headers);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await retry.json()).toEqual(done.data);
    const contacts = await tenant.client.get("/v1/contacts?email=streamer@example.com");
    expect(contacts.body.meta.total).toBe(1);
  });
});
