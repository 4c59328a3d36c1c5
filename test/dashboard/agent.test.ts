import { describe, expect, it } from "vitest";
import { readEvents } from "../agent/helpers.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { useTestApp } from "../helpers/harness.ts";
import { invite, signUp, type SessionClient } from "../identity/session-client.ts";

/**
 * What the dashboard's Agent page asks of the API with a member's session
 * cookie, on both databases (the page itself is driven in a browser by
 * agent.e2e.test.ts): a streamed chat, approvals, and each role's reach.
 */
const getApp = useTestApp();

function streamChat(session: SessionClient, body: Record<string, unknown>, csrf = session.csrf): Promise<Response> {
  const headers: Record<string, string> = { cookie: session.cookie!, "content-type": "application/json", accept: "text/event-stream, application/json" };
  if (csrf) headers["x-csrf-token"] = csrf;
  return fetch(`${getApp().url}/v1/agent/chat`, { method: "POST", headers, body: JSON.stringify({ ...body, stream: true }) });
}

async function overdueInvoice(session: SessionClient): Promise<{ id: string; number: string }> {
  const due = new Date(getApp().clock().getTime() - 5 * 86_400_000).toISOString().slice(0, 10);
  const res = await session.post("/v1/invoices", { client: "Globex", amount: 1200, currency: "USD", due_date: due, status: "open" });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe("the agent with a dashboard session", () => {
  it("streams a member's chat as events, then done; without the CSRF header it is refused and nothing is recorded", async () => {
    const owner = await signUp(getApp().url);
    await overdueInvoice(owner.session);
    const refused = await streamChat(owner.session, { message: "which invoices are overdue?" }, null);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("csrf_token_invalid");
    expect((await owner.session.get("/v1/agent/conversations")).body.meta.total).toBe(0);

    const response = await streamChat(owner.session, { message: "which invoices are overdue?" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const events = await readEvents(response);
    expect(events.map((e) => e.event).filter((e) => e !== "message.delta")).toEqual(["action.started", "action.completed", "done"]);
    const done = events.at(-1)!.data;
    expect(done.message.content).toMatch(/^1 invoice is overdue/);
    const listed = await owner.session.get("/v1/agent/conversations?sort=-updated_at");
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([done.conversation_id]);
  });

  it("lets a viewer read and ask but not decide or delete; a developer approves, and the action runs", async () => {
    const owner = await signUp(getApp().url);
    const invoice = await overdueInvoice(owner.session);
    const waiting = await owner.session.post("/v1/agent/chat", { message: `void ${invoice.number}` });
    expect(waiting.status, waiting.text).toBe(200);
    const pending = waiting.body.actions.at(-1);
    expect(pending).toMatchObject({ tool: "void_invoice", status: "approval_required" });

    const viewer = await invite(owner.session, "viewer");
    // A conversation carries whatever its asker could read: a viewer, who does not read everything, sees only its own (a1bb44b).
    expect((await viewer.session.get("/v1/agent/conversations")).body.data.map((c: { id: string }) => c.id)).not.toContain(waiting.body.conversation_id);
    expectProblem(await viewer.session.get(`/v1/agent/conversations/${waiting.body.conversation_id}`), 404, "not_found");
    expectProblem(await viewer.session.post(`/v1/agent/approvals/${pending.approval_id}/approve`), 403, "insufficient_permission");
    expectProblem(await viewer.session.delete(`/v1/agent/conversations/${waiting.body.conversation_id}`), 403, "insufficient_permission");
    const tried = await viewer.session.post("/v1/agent/chat", { message: `void ${invoice.number}` });
    expect(tried.status, tried.text).toBe(200);
    // The planner calls the tool the request needs; the permission check refuses it, recorded as a failed action that says why.
    expect(tried.body.actions.at(-1)).toMatchObject({
      tool: "void_invoice",
      status: "failed",
      error: { code: "insufficient_permission", required_permission: "finance:write" },
    });
    expect(tried.body.message.content).toMatch(
      new RegExp(`^I can't void ${invoice.number}\\b.*: Your role \\(viewer\\) lacks the permission finance:write\\.$`),
    );
    expect((await owner.session.get(`/v1/invoices/${invoice.id}`)).body.status).not.toBe("void");
    expect((await viewer.session.get(`/v1/agent/conversations/${tried.body.conversation_id}`)).status).toBe(200);

    const developer = await invite(owner.session, "developer");
    const approved = await developer.session.post(`/v1/agent/approvals/${pending.approval_id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.message.content).toBe(`Done: voided ${invoice.number}.`);
    expect((await owner.session.get(`/v1/invoices/${invoice.id}`)).body.status).toBe("void");
    const reread = await owner.session.get(`/v1/agent/conversations/${waiting.body.conversation_id}`);
    expect(reread.body.messages.at(-1)).toMatchObject({ role: "assistant", content: `Done: voided ${invoice.number}.` });
    expect(reread.body.messages.flatMap((m: { actions: { status: string }[] }) => m.actions.map((a) => a.status))).toContain("completed");
    expect((await owner.session.delete(`/v1/agent/conversations/${waiting.body.conversation_id}`)).status).toBe(200);
  });
});
