import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startTestApp, useTestApp, type TestApp } from "../helpers/harness.ts";
import { invite, PASSWORD, type SessionClient, signUp } from "../identity/session-client.ts";
import { newPage, scriptErrors, shot, signInInBrowser, useBrowser } from "./browser.ts";

const SIGN_IN_LIMITS = { signInLimits: { perAccount: 100, perIp: 1000, windowMs: 60_000 } };

/** Open invoices through the owner's session: two overdue, one not yet due. */
async function invoices(app: TestApp, owner: SessionClient): Promise<{ id: string; number: string; client: string }[]> {
  const day = (n: number) => new Date(app.clock().getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const out = [];
  for (const [client, amount, due] of [
    ["Globex", 1200, -10],
    ["Initech", 800, -45],
    ["Hooli", 300, 20],
  ] as const) {
    const res = await owner.post("/v1/invoices", { client, amount, currency: "USD", due_date: day(due), status: "open" });
    expect(res.status, res.text).toBe(201);
    out.push({ id: res.body.id, number: res.body.number, client });
  }
  return out;
}

/** Types a message in the page's box and sends it with Enter; resolves with the chat request and its response's content type. */
async function ask(page: Page, message: string): Promise<{ body: any; contentType: string | undefined }> {
  const answered = page.waitForResponse((r) => r.url().endsWith("/v1/agent/chat"));
  await page.fill("textarea[name=message]", message);
  await page.press("textarea[name=message]", "Enter");
  const response = await answered;
  return { body: response.request().postDataJSON(), contentType: response.headers()["content-type"] };
}

const action = (tool: string, status?: string) =>
  `[data-testid=conversation] [data-testid=action][data-tool=${tool}]${status ? `[data-status=${status}]` : ""}`;

// One browser run is enough: test/dashboard/agent.test.ts covers the page's requests on both databases.
describe("dashboard: the agent page in a real browser", () => {
  const getApp = useTestApp({ identity: SIGN_IN_LIMITS });
  const getBrowser = useBrowser();

  it("asks, streams the answer with its action, approves a void, denies another, survives a reload, deletes", async () => {
    const app = getApp();
    const owner = await signUp(app.url);
    const [globex, initech] = await invoices(app, owner.session);
    const page = await newPage(getBrowser(), app.url);
    await signInInBrowser(page, owner.email, PASSWORD);
    await page.click("aside.sidebar nav a:has-text('Agent')");
    await page.waitForSelector("text=No conversations yet");
    await page.waitForSelector("text=Ask the agent");
    await shot(page, "25-agent-empty");

    // The question goes out with stream: true, and the answer comes back as an event stream.
    const overdue = await ask(page, "which invoices are overdue?");
    expect(overdue.body).toEqual({ message: "which invoices are overdue?", stream: true });
    expect(overdue.contentType).toMatch(/^text\/event-stream/);
    await page.waitForSelector(`${action("list_invoices", "completed")}`);
    await page.waitForSelector(".msg.assistant[data-message-id] .bubble:has-text('2 invoices are overdue')");
    expect(await page.textContent(".msg.assistant[data-message-id] .bubble")).toContain(`${initech!.number} · Initech`);
    await page.waitForFunction(() => /^#\/agent\/conv_/.test(location.hash));
    const conversationId = (await page.evaluate(() => location.hash)).split("/")[2]!;
    await page.waitForSelector(`[data-testid=conversations] tr[data-conversation-id="${conversationId}"]:has-text('which invoices are overdue?')`);
    // The action's input and result fold out.
    await page.click(`${action("list_invoices")} summary`);
    expect(await page.textContent(`${action("list_invoices")} details`)).toContain('"status": "overdue"');
    await shot(page, "26-agent-answer");

    // A void waits for approval, in the same conversation; approving runs it and the agent says so.
    const voiding = await ask(page, `void ${globex!.number}`);
    expect(voiding.body).toEqual({ message: `void ${globex!.number}`, conversation_id: conversationId, stream: true });
    await page.waitForSelector(`${action("void_invoice", "approval_required")} button:has-text('Approve')`);
    await shot(page, "27-agent-approval");
    await page.click(`${action("void_invoice")} button:has-text('Approve')`);
    await page.waitForSelector(action("void_invoice", "completed"));
    await page.waitForSelector(`.msg.assistant .bubble:has-text('Done: voided ${globex!.number}.')`);
    expect((await owner.session.get(`/v1/invoices/${globex!.id}`)).body.status).toBe("void");
    await shot(page, "28-agent-approved");

    // Another, denied: nothing changes.
    await ask(page, `mark ${initech!.number} uncollectible`);
    await page.click(`${action("mark_invoice_uncollectible", "approval_required")} button:has-text('Deny')`);
    await page.waitForSelector(action("mark_invoice_uncollectible", "denied"));
    await page.waitForSelector(".msg.assistant .bubble:has-text('Cancelled: mark_invoice_uncollectible was denied and did nothing.')");
    expect((await owner.session.get(`/v1/invoices/${initech!.id}`)).body.status).toBe("overdue");

    // After a reload the conversation is listed and holds every message in order.
    await page.reload();
    await page.waitForSelector(`[data-testid=conversations] tr[data-conversation-id="${conversationId}"].selected`);
    await page.waitForSelector(action("mark_invoice_uncollectible", "denied"));
    const messages = await page.$$eval("[data-testid=messages] .msg .bubble", (els) => els.map((e) => e.textContent));
    expect(messages).toHaveLength(8);
    expect(messages[0]).toBe("which invoices are overdue?");
    expect(messages[2]).toBe(`void ${globex!.number}`);
    expect(messages[4]).toMatch(/^Done: voided/);
    expect(await page.textContent(`[data-testid=conversations] tr[data-conversation-id="${conversationId}"]`)).toContain("8 messages");

    // A second conversation from "+ New conversation": the list has both, newest first.
    await page.click("text=+ New conversation");
    await page.waitForSelector("text=Ask the agent");
    await page.click(".suggestions button:has-text('help')");
    await ask(page, "help");
    await page.waitForSelector(".msg.assistant[data-message-id] .bubble:has-text('I can help with:')");
    await page.waitForFunction(
      (first) => document.querySelectorAll("[data-testid=conversations] tbody tr").length === 2 && !location.hash.endsWith(first),
      conversationId,
    );
    expect(await page.getAttribute("[data-testid=conversations] tbody tr:first-child", "data-conversation-id")).not.toBe(conversationId);

    // An id that names nothing: the API's problem, in the banner.
    await page.goto(`/dashboard#/agent/conv_01jd8z6q4m2c8v3t5y7w9x0a1b`);
    await page.waitForSelector("[role=alert]:has-text('No conversation')");

    // Delete, after the confirm (browser.ts accepts it): gone from the list and the API.
    await page.click(`[data-testid=conversations] tr[data-conversation-id="${conversationId}"]`);
    await page.waitForSelector(".msg.assistant[data-message-id]");
    await page.click("[data-testid=conversation] button:has-text('Delete')");
    await page.waitForFunction(() => location.hash === "#/agent");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=conversations] tbody tr").length === 1);
    expect((await owner.session.get(`/v1/agent/conversations/${conversationId}`)).status).toBe(404);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it("lets a viewer ask and read, shows why a change failed, and offers no approve or delete", async () => {
    const app = getApp();
    const owner = await signUp(app.url);
    const [globex] = await invoices(app, owner.session);
    const waiting = await owner.session.post("/v1/agent/chat", { message: `void ${globex!.number}` });
    expect(waiting.status, waiting.text).toBe(200);
    const approvalId = waiting.body.actions.at(-1).approval_id;
    const viewer = await invite(owner.session, "viewer");

    const page = await newPage(getBrowser(), app.url);
    await signInInBrowser(page, viewer.email, PASSWORD);
    await page.goto("/dashboard#/agent");
    await page.waitForSelector("text=+ New conversation");
    // The owner's conversation may hold anything the owner reads: a viewer lists its own conversations only.
    expect(await page.locator(`[data-testid=conversations] tr[data-conversation-id="${waiting.body.conversation_id}"]`).count()).toBe(0);
    await shot(page, "29-agent-viewer");

    // Asking is reading: the viewer's own question is answered.
    await page.click("text=+ New conversation");
    await ask(page, "which invoices are overdue?");
    await page.waitForSelector(".msg.assistant[data-message-id] .bubble:has-text('2 invoices are overdue')");
    // A change is refused by the tool's permission check: a failed action that says why, and nothing changes.
    await ask(page, `void ${globex!.number}`);
    await page.waitForSelector(`${action("void_invoice", "failed")} >> text=insufficient_permission`);
    expect(await page.textContent(action("void_invoice", "failed"))).toContain("Your role (viewer) lacks the permission finance:write.");
    expect(await page.locator("[data-testid=conversation] button:has-text('Approve')").count()).toBe(0);
    expect(await page.locator("[data-testid=conversation] button:has-text('Delete')").count()).toBe(0);
    await shot(page, "30-agent-viewer-refused");
    expect((await owner.session.get(`/v1/invoices/${globex!.id}`)).body.status).toBe("overdue");

    // The page's own session, with its CSRF token: the server refuses the viewer's approval and delete anyway.
    const statuses = await page.evaluate(
      async ({ approval, conversation }) => {
        const session = await (await fetch("/dashboard/api/session")).json();
        const headers = { "x-csrf-token": session.csrf_token };
        const approve = await fetch(`/v1/agent/approvals/${approval}/approve`, { method: "POST", headers });
        const remove = await fetch(`/v1/agent/conversations/${conversation}`, { method: "DELETE", headers });
        return [approve.status, remove.status];
      },
      { approval: approvalId, conversation: waiting.body.conversation_id },
    );
    expect(statuses).toEqual([403, 403]);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});

/**
 * A model server that speaks the chat-completions protocol, each answer from
 * a script: the first holds its answer half-way until the test lets it go (the
 * page must show the first half while the turn is still running), the second
 * fails mid-stream.
 */
describe("dashboard: the agent's answer renders as it streams", () => {
  let release: () => void = () => {};
  const chunk = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`;
  const text = (content: string) => chunk({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content }, finish_reason: null }] });
  const answers: ((res: ServerResponse) => Promise<void>)[] = [
    async (res) => {
      res.write(text("The first half, "));
      await new Promise<void>((resolve) => (release = resolve));
      res.write(text("and the rest."));
    },
    async (res) => {
      res.write(text("I was about to say "));
      res.write(chunk({ error: { message: "the model is overloaded" } }));
    },
  ];
  const model = createServer(async (request, res: ServerResponse) => {
    for await (const _ of request);
    res.writeHead(200, { "content-type": "text/event-stream" });
    await answers.shift()?.(res);
    res.end("data: [DONE]\n\n");
  });
  let app: TestApp;
  const getBrowser = useBrowser();

  beforeAll(async () => {
    await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
    const baseUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
    app = await startTestApp({
      identity: SIGN_IN_LIMITS,
      agent: { provider: "openai", baseUrl, apiKey: null, model: "test-model", maxSteps: 4, timeoutMs: 20_000 },
    });
  });
  afterAll(async () => {
    release();
    await app?.close();
    model.closeAllConnections();
    await new Promise((resolve) => model.close(resolve));
  });

  it("shows the first words before the model has finished", async () => {
    const owner = await signUp(app.url);
    const page = await newPage(getBrowser(), app.url);
    await signInInBrowser(page, owner.email, PASSWORD);
    await page.goto("/dashboard#/agent");
    await page.waitForSelector("text=Ask the agent");
    await page.fill("textarea[name=message]", "say something");
    await page.press("textarea[name=message]", "Enter");
    await page.waitForSelector(".msg.assistant[data-streaming] .bubble:has-text('The first half,')");
    expect(await page.isDisabled("textarea[name=message]")).toBe(true);
    await shot(page, "31-agent-streaming");
    release();
    await page.waitForSelector(".msg.assistant[data-message-id] .bubble:has-text('The first half, and the rest.')");
    expect(await page.locator(".msg.assistant[data-streaming]").count()).toBe(0);
    expect(await page.isDisabled("textarea[name=message]")).toBe(false);

    // A model that fails mid-stream: the error event's problem in the banner, the question back in the box to retry.
    const conversationId = (await page.evaluate(() => location.hash)).split("/")[2]!;
    const failed = await ask(page, "say more");
    expect(failed.contentType).toMatch(/^text\/event-stream/);
    await page.waitForSelector("[role=alert]:has-text('the model is overloaded')");
    expect(await page.inputValue("textarea[name=message]")).toBe("say more");
    expect(await page.locator(".msg.assistant[data-streaming]").count()).toBe(0);
    expect(await page.$$eval("[data-testid=messages] .msg .bubble", (els) => els.map((e) => e.textContent))).toEqual([
      "say something",
      "The first half, and the rest.",
    ]);
    expect(await page.evaluate(() => location.hash)).toBe(`#/agent/${conversationId}`);
    await shot(page, "32-agent-stream-error");
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
