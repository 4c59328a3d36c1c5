import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  Enginery,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ValidationError,
  WebhookVerificationError,
  signWebhook,
  type Invoice,
} from "@enginery/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp, type Tenant } from "../helpers/harness.ts";

/**
 * The TypeScript SDK, built (sdks/typescript/dist) and used as a developer
 * would, against the real server; its exchanges are held to the OpenAPI
 * document like the rest of the suite's.
 */
const t = useTestApp();
let tenant: Tenant;
let client: Enginery;

/** fetch, with every exchange checked against the document (as the harness's Client does). */
const checkedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const contract = t().client.contract;
  if (!contract) return response;
  const text = await response.clone().text();
  const url = new URL(String(input));
  const requestHeaders = Object.fromEntries(new Headers(init?.headers).entries());
  const requestBody = typeof init?.body === "string" ? init.body : undefined;
  const problems = await contract.problems({
    method: init?.method ?? "GET",
    url: url.pathname + url.search,
    requestHeaders,
    requestBody,
    status: response.status,
    responseHeaders: response.headers,
    responseText: text,
  });
  if (problems.length) throw new Error(`The exchange does not match the OpenAPI document:\n${problems.join("\n")}`);
  return response;
};

function sdk(apiKey: string, options: Partial<ConstructorParameters<typeof Enginery>[0]> = {}): Enginery {
  return new Enginery({ apiKey, baseUrl: t().url, fetch: checkedFetch, ...options });
}

beforeAll(async () => {
  tenant = await t().tenant();
  client = sdk(tenant.key);
});

const invoice = (n: number, extra: Record<string, unknown> = {}) => ({
  client: `Client ${n}`,
  amount: 100 + n + 0.99,
  currency: "USD",
  due_date: "2031-01-31",
  ...extra,
});

describe("resources", () => {
  it("invoices: create, get, update, finalize, pay, list with filters", async () => {
    const created = await client.invoices.create({ ...invoice(1), metadata: { po: "PO-1" } });
    expect(created).toMatchObject({ object: "invoice", status: "draft", amount: 101.99 });
    expect((await client.invoices.get(created.id)).id).toBe(created.id);
    expect((await client.invoices.update(created.id, { description: "Consulting" })).description).toBe("Consulting");
    expect((await client.invoices.finalize(created.id)).status).toBe("open");
    const paid = await client.invoices.pay(created.id, { amount: 101.99 });
    expect(paid).toMatchObject({ status: "paid", amount_due: 0 });
    const page = await client.invoices.list({ status: "paid", "amount[gte]": 100, sort: "-created_at" });
    expect(page.data.map((i) => i.id)).toContain(created.id);
    expect(page.meta).toMatchObject({ page: 1 });
    const draft = await client.invoices.create(invoice(2));
    expect(await client.invoices.delete(draft.id)).toEqual({ id: draft.id, object: "invoice", deleted: true });
  });

  it("growth: accounts, contacts, dossier, enrich, pipelines, deals, sequences", async () => {
    const account = await client.accounts.create({ name: "Initech", domain: "initech.example", country: "US" });
    const contact = await client.contacts.create({ first_name: "Peter", last_name: "Gibbons", email: "peter@initech.example" });
    expect(contact.account_id).toBe(account.id);
    const enriched = await client.accounts.enrich(account.id);
    expect(enriched).toMatchObject({ id: account.id });
    const dossier = await client.accounts.dossier(account.id);
    expect(dossier).toMatchObject({ account: { id: account.id } });
    const [pipeline] = (await client.pipelines.list()).data;
    expect(pipeline).toBeDefined();
    const deal = await client.deals.create({ name: "Rollout", account_id: account.id, amount: 48000, currency: "USD" });
    const stage = pipeline!.stages.find((s) => s.id !== deal.stage_id)!;
    expect((await client.deals.update(deal.id, { stage_id: stage.id })).stage_id).toBe(stage.id);
    const sequence = await client.sequences.create({
      name: "Intro",
      status: "active",
      steps: [{ type: "email", delay_days: 0, subject: "Hi", body: "Hello" }],
    });
    const enrollment = await client.sequences.enroll(sequence.id, { contact_id: contact.id });
    expect((await client.sequences.getEnrollment(sequence.id, enrollment.id)).status).toBe("active");
    const reply = await client.sequenceReplies.record({ email: "peter@initech.example", body: "Call me" });
    expect(reply).toBeDefined();
    expect((await client.sequences.listEnrollments(sequence.id)).meta.total).toBe(1);
  });

  it("talent, intelligence, identity, keys, events and event types", async () => {
    const job = await client.jobs.create({ title: "Engineer" });
    const candidate = await client.candidates.create({ job_id: job.id, first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" });
    expect((await client.candidates.update(candidate.id, { stage: "screening" })).stage).toBe("screening");
    const snapshot = await client.intelligence.createSnapshot();
    expect((await client.intelligence.latestSnapshot()).id).toBe(snapshot.id);
    expect((await client.intelligence.getSnapshot(snapshot.id)).id).toBe(snapshot.id);
    const me = await client.me.get();
    expect(me.organization.id).toBe(tenant.orgId);
    const key = await client.apiKeys.create({ kind: "read_only", name: "dashboard" });
    expect(key.secret).toMatch(/^ek_/);
    expect((await client.apiKeys.revoke(key.id)).status).toBe("revoked");
    const events = await client.events.list({ type: "candidate.*" });
    expect(events.data[0]!.type).toBe("candidate.status_changed");
    const event = await client.events.get(events.data[0]!.id);
    if (event.type === "candidate.status_changed") expect(event.data.object).toHaveProperty("stage", "screening");
    expect((await client.eventTypes.list()).data.map((e) => e.name)).toContain("invoice.paid");
  });

  it("edge functions: deploy, invoke (the function's own response), invocations", async () => {
    const source = `export default { async fetch(request) { return new Response(JSON.stringify({ got: await request.text() }), { status: 201, headers: { "content-type": "application/json" } }) } }`;
    const fn = await client.functions.deploy({ name: "echo", source });
    expect(fn.name).toBe("echo");
    const response = await client.functions.invoke("echo", { method: "POST", body: "hello", path: "orders/42" });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ got: "hello" });
    expect(response.headers.get("x-function-version")).toBe("1");
    expect((await client.functions.listInvocations("echo")).data.length).toBeGreaterThanOrEqual(1);
  });
});

describe("the agent", () => {
  it("chat answers the reply object; stream: true gives its events in order, ending with the same object", async () => {
    const reply = await client.agent.chat({ message: "which invoices are overdue?" });
    expect(reply).toMatchObject({ conversation_id: expect.stringMatching(/^conv_/), message: { role: "assistant" } });

    // The question makes the turn call a tool (the invoice list), whatever it finds.
    const events: { event: string; at: number }[] = [];
    let final: import("@enginery/sdk").ChatWithAgent | undefined;
    let text = "";
    const completed: string[] = [];
    for await (const event of client.agent.chat({ message: "which invoices are overdue?", conversation_id: reply.conversation_id, stream: true })) {
      events.push({ event: event.event, at: events.length });
      // Narrowing on event.event types data: each branch reads its own fields.
      if (event.event === "message.delta") text += event.data.delta;
      else if (event.event === "action.completed") completed.push(event.data.id);
      else if (event.event === "done") final = event.data;
    }
    const names = events.map((e) => e.event);
    expect(names.at(-1)).toBe("done");
    expect(names.filter((n) => n === "done")).toHaveLength(1);
    expect(names).toContain("action.started");
    // Each action starts before it ends, and the reply's text comes after the actions it reports.
    expect(names.indexOf("action.started")).toBeLessThan(names.indexOf("action.completed"));
    expect(names.lastIndexOf("action.completed")).toBeLessThan(names.indexOf("message.delta"));
    expect(final!.conversation_id).toBe(reply.conversation_id);
    expect(text).toBe(final!.message.content);
    expect(final!.actions.filter((a) => a.status === "completed").map((a) => a.id)).toEqual(completed);
  });

  it("a streamed call that fails before it begins throws the problem's error, like any call", async () => {
    const stream = client.agent.chat({ message: "hi", conversation_id: "conv_01jd8z6q4m2c8v3t5y7w9x0a1b", stream: true });
    await expect(stream.next()).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a retried stream with the same Idempotency-Key gives the first turn's final object again", async () => {
    const options = { idempotencyKey: "sdk-stream-once" };
    const first = [];
    for await (const event of client.agent.chat({ message: "which invoices are overdue?", stream: true }, options)) first.push(event);
    const again = [];
    for await (const event of client.agent.chat({ message: "which invoices are overdue?", stream: true }, options)) again.push(event);
    expect(again).toEqual([first.at(-1)]);
    expect(again[0]!.event).toBe("done");
  });
});

describe("event streams, byte by byte", () => {
  /** A server that answers one stream as written, split into the chunks given (as a proxy may split it). */
  async function streaming(chunks: string[]): Promise<{ url: string; close: () => void }> {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const next = () => (chunks.length ? res.write(chunks.shift(), () => setTimeout(next, 5)) : res.end());
      next();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
  }

  it("reads events split anywhere, CRLF lines, comments and multi-line data; an error event is thrown as its ApiError", async () => {
    const problem = {
      type: "https://x/problems/function_timeout",
      title: "Timeout",
      status: 504,
      detail: "The planner did not answer.",
      code: "upstream_timeout",
      request_id: "req_1",
    };
    const wire = `: heartbeat\r\n\r\nevent: message.delta\r\ndata: {"delta":"Hel"}\r\n\r\nevent: message.delta\ndata: {"delta":\ndata: "lo"}\n\nevent: error\ndata: ${JSON.stringify(problem)}\n\n`;
    // The first event's data is cut mid-line, and its CRLF between two chunks.
    const cr = wire.indexOf('"}\r\n') + 2;
    const server = await streaming([wire.slice(0, cr - 6), wire.slice(cr - 6, cr + 1), wire.slice(cr + 1)]);
    try {
      const seen: unknown[] = [];
      const own = new Enginery({ apiKey: "ek_live_x", baseUrl: server.url });
      const failure = await (async () => {
        for await (const event of own.agent.chat({ message: "hi", stream: true })) seen.push(event);
      })().catch((e: unknown) => e);
      expect(seen).toEqual([
        { event: "message.delta", data: { delta: "Hel" } },
        { event: "message.delta", data: { delta: "lo" } },
      ]);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ status: 504, code: "upstream_timeout" });
    } finally {
      server.close();
    }
  });
});

describe("lists", () => {
  it("give the envelope, and every item of every page when iterated", async () => {
    const other = await t().tenant();
    const own = sdk(other.key);
    for (let i = 0; i < 7; i++) await own.invoices.create(invoice(i));
    const first = await own.invoices.list({ per_page: 3 });
    expect(first.meta).toEqual({ total: 7, page: 1, per_page: 3 });
    expect(first.data).toHaveLength(3);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.nextPage();
    expect(second.meta.page).toBe(2);
    const seen: Invoice[] = [];
    for await (const item of own.invoices.list({ per_page: 3, sort: "created_at" })) seen.push(item);
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((i) => i.id)).size).toBe(7);
    expect(await own.invoices.list({ per_page: 2 }).all()).toHaveLength(7);
  });
});

describe("errors", () => {
  it("ValidationError names each field", async () => {
    const error = await client.invoices.create({ client: "A", amount: -5, currency: "usd", due_date: "2031-01-01" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(ApiError);
    const validation = error as ValidationError;
    expect(validation).toMatchObject({ status: 400, code: "validation_failed" });
    expect(validation.requestId).toMatch(/^req_/);
    expect(validation.errors.map((e) => e.field).sort()).toEqual(["amount", "currency"]);
  });

  it("AuthenticationError, PermissionError, NotFoundError, ConflictError", async () => {
    await expect(sdk("ek_live_nope").me.get()).rejects.toBeInstanceOf(AuthenticationError);
    const readOnly = await tenant.newKey("read_only");
    const denied = await sdk(readOnly.secret)
      .invoices.create(invoice(9))
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(PermissionError);
    expect((denied as PermissionError).status).toBe(403);
    const missing = await client.invoices.get("inv_01jd8z6q4m2c8v3t5y7w9x0a1b").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).detail).toBeTruthy();
    const draft = await client.invoices.create(invoice(3));
    const conflict = await client.invoices.pay(draft.id, { amount: 1 }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect((conflict as ConflictError).code).toBe("invalid_state_transition");
  });

  it("RateLimitError carries Retry-After; the rate-limit state is read from every response", async () => {
    const free = await t().tenant({ plan: "free" });
    const limited = sdk(free.key, { maxRetries: 0 });
    await limited.me.get();
    expect(limited.rateLimit).toMatchObject({ limit: 100 });
    let error: unknown;
    for (let i = 0; i < 120 && !error; i++)
      error = await limited.me.get().then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited.rateLimit?.remaining).toBe(0);
  });

  it("ConnectionError when nothing answers", async () => {
    const nobody = new Enginery({ apiKey: "ek_live_x", baseUrl: "http://127.0.0.1:9", maxRetries: 1 });
    await expect(nobody.me.get()).rejects.toBeInstanceOf(ConnectionError);
  });
});

/** A proxy in front of the server whose behaviour a test sets per request. */
async function proxy(
  upstream: string,
  handle: (n: number, request: http.IncomingMessage, body: string, response: http.ServerResponse, forward: () => Promise<Response>) => Promise<void>,
) {
  const seen: { method: string; idempotencyKey: string | undefined }[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    seen.push({ method: request.method!, idempotencyKey: request.headers["idempotency-key"] as string | undefined });
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([k]) => !["host", "connection", "content-length"].includes(k)) as [string, string][],
    );
    const forward = () => fetch(upstream + request.url, { method: request.method, headers, body: body || undefined });
    await handle(seen.length, request, body, response, forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function relay(upstream: Response, response: http.ServerResponse): Promise<void> {
  const text = await upstream.text();
  response.writeHead(upstream.status, Object.fromEntries([...upstream.headers].filter(([k]) => k !== "content-length" && k !== "transfer-encoding")));
  response.end(text);
}

describe("retries", () => {
  it("retry a POST whose connection dropped after the server acted, with the same Idempotency-Key: it acts once", async () => {
    const other = await t().tenant();
    const front = await proxy(t().url, async (n, request, _body, response, forward) => {
      const upstream = await forward();
      // The first answer is lost on the way back: the server created the invoice, the client never heard.
      if (n === 1) return void request.socket.destroy();
      await relay(upstream, response);
    });
    try {
      const flaky = new Enginery({ apiKey: other.key, baseUrl: front.url, maxRetries: 2 });
      const created = await flaky.invoices.create(invoice(1));
      expect(front.seen).toHaveLength(2);
      expect(front.seen[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(front.seen[1]!.idempotencyKey).toBe(front.seen[0]!.idempotencyKey);
      const all = await sdk(other.key).invoices.list();
      expect(all.meta.total).toBe(1);
      expect(all.data[0]!.id).toBe(created.id);
    } finally {
      await front.close();
    }
  });

  it("retry a 409 whose Idempotency-Key is still in progress, and an attempt that times out; not a state conflict", async () => {
    const problem = (code: string) => JSON.stringify({ type: `/problems/${code}`, title: "Conflict", status: 409, detail: code, code, request_id: "req_z" });
    let script: ("lock" | "hang" | "conflict" | "pass")[] = [];
    const front = await proxy(t().url, async (n, _request, _body, response, forward) => {
      const step = script[n - 1] ?? "pass";
      if (step === "lock") return void response.writeHead(409, { "content-type": "application/problem+json" }).end(problem("idempotency_key_in_progress"));
      if (step === "conflict") return void response.writeHead(409, { "content-type": "application/problem+json" }).end(problem("invalid_state_transition"));
      if (step === "hang") return; // never answers: the attempt times out
      await relay(await forward(), response);
    });
    try {
      const retrying = new Enginery({ apiKey: tenant.key, baseUrl: front.url, maxRetries: 3, timeoutMs: 500 });
      script = ["lock", "hang", "pass"];
      const created = await retrying.invoices.create(invoice(4));
      expect(created.object).toBe("invoice");
      expect(front.seen).toHaveLength(3);
      expect(new Set(front.seen.map((s) => s.idempotencyKey)).size).toBe(1);

      front.seen.length = 0;
      script = ["conflict"];
      await expect(retrying.invoices.finalize(created.id)).rejects.toBeInstanceOf(ConflictError);
      expect(front.seen).toHaveLength(1);
    } finally {
      await front.close();
    }
  });

  it("take the caller's own Idempotency-Key: the same call twice acts once", async () => {
    const other = await t().tenant();
    const own = sdk(other.key);
    const key = `order-${Date.now()}`;
    const first = await own.invoices.create(invoice(1), { idempotencyKey: key });
    const again = await own.invoices.create(invoice(1), { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect((await own.invoices.list()).meta.total).toBe(1);
    const changed = await own.invoices.create(invoice(2), { idempotencyKey: key }).catch((e: unknown) => e);
    expect(changed).toBeInstanceOf(ApiError);
    expect((changed as ApiError).status).toBe(422);
  });

  it("wait as long as a 429's Retry-After says, then succeed; 5xx are retried too", async () => {
    const front = await proxy(t().url, async (n, _request, _body, response, forward) => {
      if (n === 1)
        return void response.writeHead(429, { "retry-after": "1", "content-type": "application/problem+json" }).end(
          JSON.stringify({
            type: "/problems/rate_limited",
            title: "Too many requests",
            status: 429,
            detail: "slow down",
            code: "rate_limited",
            request_id: "req_x",
          }),
        );
      if (n === 2)
        return void response
          .writeHead(503, { "content-type": "application/problem+json" })
          .end(JSON.stringify({ type: "/problems/unavailable", title: "Unavailable", status: 503, detail: "busy", code: "unavailable", request_id: "req_y" }));
      await relay(await forward(), response);
    });
    try {
      const patient = new Enginery({ apiKey: tenant.key, baseUrl: front.url, maxRetries: 3 });
      const started = Date.now();
      const me = await patient.me.get();
      expect(me.object).toBe("me");
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(front.seen).toHaveLength(3);
      const impatient = new Enginery({ apiKey: tenant.key, baseUrl: front.url, maxRetries: 0 });
      front.seen.length = 0;
      const error = await impatient.me.get().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfter).toBe(1);
    } finally {
      await front.close();
    }
  });
});

describe("webhooks", () => {
  let receiver: http.Server;
  const deliveries: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let receiverUrl: string;

  beforeAll(async () => {
    receiver = http.createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(200).end("ok");
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  async function deliver(): Promise<void> {
    while ((await t().dispatcher.runOnce()) > 0);
  }

  it("verifies deliveries made by the real dispatcher, and returns the typed event", async () => {
    const hooks = await t().tenant();
    const own = sdk(hooks.key);
    const endpoint = await own.webhookEndpoints.create({ url: receiverUrl, events: ["invoice.*"] });
    expect(endpoint.secret!).toMatch(/^whsec_/);
    const created = await own.invoices.create(invoice(5));
    deliveries.length = 0;
    await deliver();
    const delivery = deliveries.find((d) => d.body.includes(created.id))!;
    expect(delivery).toBeDefined();

    const event = await own.webhooks.verify(delivery.body, delivery.headers, endpoint.secret!);
    expect(event.type).toBe("invoice.created");
    if (event.type === "invoice.created") expect(event.data.object.amount).toBe(created.amount);

    // Headers as fetch gives them work too.
    await expect(own.webhooks.verify(delivery.body, new Headers(delivery.headers as Record<string, string>), endpoint.secret!)).resolves.toMatchObject({
      id: event.id,
    });
    // A wrong secret, a changed body, a timestamp out of tolerance: refused.
    const other = await signWebhook("{}", endpoint.secret!);
    await expect(own.webhooks.verify(delivery.body, delivery.headers, "whsec_" + btoa("another secret of 32 bytes......"))).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    await expect(own.webhooks.verify(delivery.body.replace(created.id, "inv_x"), delivery.headers, endpoint.secret!)).rejects.toThrow(/No signature matches/);
    await expect(own.webhooks.verify(delivery.body, delivery.headers, endpoint.secret!, { now: new Date(Date.now() + 600_000) })).rejects.toThrow(/from now/);
    await expect(
      own.webhooks.verify(delivery.body, { ...delivery.headers, "webhook-signature": other["webhook-signature"] }, endpoint.secret!),
    ).rejects.toThrow(/No signature matches/);
  });

  it("accepts any of several signatures while a secret is being rotated", async () => {
    const hooks = await t().tenant();
    const own = sdk(hooks.key);
    const endpoint = await own.webhookEndpoints.create({ url: receiverUrl, events: ["contact.*"] });
    const rotated = await own.webhookEndpoints.rotateSecret(endpoint.id, { expires_in_hours: 24 });
    const contact = await own.contacts.create({ first_name: "Rot", last_name: "Ation", email: "rot@example.com" });
    deliveries.length = 0;
    await deliver();
    const delivery = deliveries.find((d) => d.body.includes(contact.id))!;
    expect(String(delivery.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [endpoint.secret!, rotated.secret!]) {
      await expect(own.webhooks.verify(delivery.body, delivery.headers, secret)).resolves.toMatchObject({ type: "contact.created" });
    }
  });

  it("signs a test payload the way the API does", async () => {
    const secret = "whsec_" + btoa("0123456789abcdef0123456789abcdef");
    const payload = JSON.stringify({ id: "evt_1", type: "invoice.paid", data: { object: { id: "inv_1" } } });
    const headers = await client.webhooks.sign(payload, secret, { id: "msg_1", timestamp: new Date() });
    expect(headers["webhook-id"]).toBe("msg_1");
    expect((await client.webhooks.verify(payload, headers, secret)).type).toBe("invoice.paid");
  });
});
