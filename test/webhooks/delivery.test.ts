import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDispatcher } from "../../src/webhooks/dispatcher.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Client, type Tenant } from "../helpers/harness.ts";

/**
 * Webhook delivery end to end: real receivers on 127.0.0.1, the real app and
 * dispatcher (`runOnce()` at the test clock's time), signatures checked by the
 * public `standardwebhooks` and `svix` libraries.
 *
 * The clock starts at the real time and only moves forward. The libraries'
 * `verify` refuses timestamps more than 5 minutes away from the real time, so
 * the tests that move the clock by hours or days come last in the file; they
 * check signatures with the libraries' `sign` instead.
 *
 * The dispatcher claims due deliveries of every organization, so each test
 * deletes its endpoints (and with them their deliveries) afterwards.
 */
const clock = testClock();
const t = useTestApp({ clock });

beforeEach(() => {
  if (clock().getTime() < Date.now()) clock.set(new Date());
});

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------
// Receivers

interface Received {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

type Responder = (request: Received, response: http.ServerResponse, n: number, raw: http.IncomingMessage) => void | Promise<void>;

interface Receiver {
  url: string;
  port: number;
  requests: Received[];
  respond(responder: Responder): void;
  /** The webhook-id of every request, in arrival order. */
  ids(): string[];
}

const ok: Responder = (_request, response) => {
  response.writeHead(200, { "content-type": "text/plain" }).end("ok");
};

/** Answers with a status (and optional headers and body). */
const answer =
  (status: number, headers: Record<string, string> = {}, body = ""): Responder =>
  (_request, response) => {
    response.writeHead(status, headers).end(body);
  };

const cleanups: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  // Endpoints first (their deliveries go with them), receivers after.
  const pending = cleanups.splice(0).reverse();
  for (const cleanup of pending) await cleanup();
});

async function receiver(responder: Responder = ok): Promise<Receiver> {
  const requests: Received[] = [];
  let current = responder;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const received: Received = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(received);
      Promise.resolve(current(received, response, requests.length, request)).catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${port}/hooks/enginery`,
    port,
    requests,
    respond(next) {
      current = next;
    },
    ids: () => requests.map((r) => r.headers["webhook-id"]!),
  };
}

// ---------------------------------------------------------------------------
// API helpers

async function createEndpoint(tenant: Tenant, url: string, fields: Record<string, unknown> = {}): Promise<any> {
  const response = await tenant.client.post("/v1/webhook_endpoints", { url, events: ["invoice.created"], ...fields });
  expect(response.status, response.text).toBe(201);
  cleanups.push(() => tenant.client.delete(`/v1/webhook_endpoints/${response.body.id}`));
  return response.body;
}

async function getEndpoint(client: Client, id: string): Promise<any> {
  const response = await client.get(`/v1/webhook_endpoints/${id}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

let invoiceCounter = 0;
async function createInvoice(client: Client, fields: Record<string, unknown> = {}): Promise<any> {
  const response = await client.post("/v1/invoices", { client: `Client ${++invoiceCounter}`, amount: 100, currency: "USD", due_date: "2031-06-30", ...fields });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** The invoice.created event of an invoice. */
async function creationEvent(client: Client, invoiceId: string): Promise<any> {
  const response = await client.get(`/v1/events?object_id=${invoiceId}&type=invoice.created`);
  expect(response.status, response.text).toBe(200);
  expect(response.body.data).toHaveLength(1);
  return response.body.data[0];
}

async function deliveries(client: Client, endpointId: string, query = ""): Promise<any[]> {
  const response = await client.get(`/v1/webhook_endpoints/${endpointId}/deliveries?per_page=100${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

async function deliveryOf(client: Client, endpointId: string, eventId: string): Promise<any> {
  const list = await deliveries(client, endpointId, `&event_id=${eventId}`);
  expect(list, `one delivery of ${eventId}`).toHaveLength(1);
  return list[0];
}

async function attemptsOf(client: Client, endpointId: string, deliveryId: string): Promise<any[]> {
  const response = await client.get(`/v1/webhook_endpoints/${endpointId}/deliveries/${deliveryId}/attempts`);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

async function eventsOfType(client: Client, type: string): Promise<any[]> {
  const all: any[] = [];
  for (let page = 1; ; page++) {
    const response = await client.get(`/v1/events?type=${type}&per_page=100&page=${page}`);
    expect(response.status, response.text).toBe(200);
    all.push(...response.body.data);
    if (response.body.data.length < 100) return all;
  }
}

/** runOnce until a round handles nothing; returns how many deliveries were handled in all. */
async function drain(max = 50): Promise<number> {
  let total = 0;
  for (let round = 0; round < max; round++) {
    const handled = await t().dispatcher.runOnce();
    if (handled === 0) return total;
    total += handled;
  }
  throw new Error(`the dispatcher still had work after ${max} rounds`);
}

/** Milliseconds from the clock's now to a timestamp. */
const fromNow = (iso: string) => new Date(iso).getTime() - clock().getTime();

// ---------------------------------------------------------------------------
// Signatures

function headersOf(request: Received) {
  return {
    "webhook-id": request.headers["webhook-id"]!,
    "webhook-timestamp": request.headers["webhook-timestamp"]!,
    "webhook-signature": request.headers["webhook-signature"]!,
  };
}

/**
 * Verifies a request as receivers using the public libraries do:
 * standardwebhooks with webhook-* headers, svix with svix-* headers and with
 * webhook-* headers. Returns the payload they hand back.
 */
function expectVerified(secret: string, request: Received): unknown {
  const headers = headersOf(request);
  const expected = JSON.parse(request.body);
  expect(new StandardWebhook(secret).verify(request.body, headers)).toEqual(expected);
  expect(new StandardWebhook(secret).verify(request.body, request.headers)).toEqual(expected);
  const svixHeaders = { "svix-id": headers["webhook-id"], "svix-timestamp": headers["webhook-timestamp"], "svix-signature": headers["webhook-signature"] };
  expect(new SvixWebhook(secret).verify(request.body, svixHeaders)).toEqual(expected);
  expect(new SvixWebhook(secret).verify(request.body, headers)).toEqual(expected);
  return expected;
}

function expectNotVerified(secret: string, request: Received): void {
  const headers = headersOf(request);
  expect(() => new StandardWebhook(secret).verify(request.body, headers)).toThrow(/no matching signature/i);
  expect(() => new SvixWebhook(secret).verify(request.body, headers)).toThrow(/no matching signature/i);
}

/**
 * For tests whose clock is far from the real time (the libraries' verify
 * refuses such timestamps): one of the signatures is what the library's own
 * `sign` computes for this id, timestamp and body.
 */
function signedWith(secret: string, request: Received): boolean {
  const { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature } = headersOf(request);
  const expected = new StandardWebhook(secret).sign(id, new Date(Number(timestamp) * 1000), request.body);
  return signature.split(" ").includes(expected);
}

const otherSecret = () => `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`;

describe("signatures and headers", () => {
  it("sends the event as GET /v1/events/{id} returns it, with Standard Webhooks headers both libraries verify", async () => {
    const tenant = await t().tenant();
    const hook = await receiver();
    const endpoint = await createEndpoint(tenant, hook.url);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(endpoint.secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);

    const invoice = await createInvoice(tenant.client);
    const event = await creationEvent(tenant.client, invoice.id);
    expect(await t().dispatcher.runOnce()).toBe(1);

    expect(hook.requests).toHaveLength(1);
    const request = hook.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/hooks/enginery");
    expect(request.headers["webhook-id"]).toBe(event.id);
    expect(request.headers["webhook-timestamp"]).toBe(String(Math.floor(clock().getTime() / 1000)));
    expect(request.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(request.headers["content-type"]).toMatch(/^application\/json\b/);
    expect(request.headers["user-agent"]).toMatch(/enginery/i);

    const single = await tenant.client.get(`/v1/events/${event.id}`);
    expect(single.status).toBe(200);
    expect(JSON.parse(request.body)).toStrictEqual(single.body);
    expect(JSON.parse(request.body).data.object).toEqual(invoice);

    expect(expectVerified(endpoint.secret, request)).toStrictEqual(single.body);
    // A receiver holding another secret, or a tampered body, is refused: the check can fail.
    expectNotVerified(otherSecret(), request);
    expectNotVerified(endpoint.secret, { ...request, body: request.body.replace(invoice.id, `${invoice.id}x`) });
    expect(() => new StandardWebhook(endpoint.secret).verify(request.body, { ...headersOf(request), "webhook-id": `${event.id}x` })).toThrow();

    const delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({
      object: "webhook_delivery",
      endpoint_id: endpoint.id,
      event_id: event.id,
      event_type: "invoice.created",
      status: "succeeded",
      attempt_count: 1,
      next_attempt_at: null,
    });
  });

  it("keeps webhook-id (the event id) on every retry and signs each attempt with its own timestamp", async () => {
    const tenant = await t().tenant();
    const hook = await receiver(answer(500));
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: [2, 2] } });
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);

    await t().dispatcher.runOnce();
    clock.advance(3 * SECOND);
    await t().dispatcher.runOnce();
    hook.respond(ok);
    clock.advance(3 * SECOND);
    await t().dispatcher.runOnce();

    expect(hook.requests).toHaveLength(3);
    expect(hook.ids()).toEqual([event.id, event.id, event.id]);
    const stamps = hook.requests.map((r) => Number(r.headers["webhook-timestamp"]));
    expect(stamps[1]! - stamps[0]!).toBe(3);
    expect(stamps[2]! - stamps[1]!).toBe(3);
    expect(stamps[2]).toBe(Math.floor(clock().getTime() / 1000));
    for (const request of hook.requests) {
      expect(request.body).toBe(hook.requests[0]!.body);
      expectVerified(endpoint.secret, request);
    }
  });

  it("signs with the old and the new secret during a rotation, and with the new one only when the old expires at once", async () => {
    const tenant = await t().tenant();
    const hook = await receiver();
    const endpoint = await createEndpoint(tenant, hook.url);
    const first = endpoint.secret as string;

    await createInvoice(tenant.client);
    await t().dispatcher.runOnce();
    expect(hook.requests).toHaveLength(1);
    expect(hook.requests[0]!.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expectVerified(first, hook.requests[0]!);

    const rotated = await tenant.client.post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, { expires_in_hours: 24 });
    expect(rotated.status, rotated.text).toBe(200);
    const second = rotated.body.secret as string;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);

    await createInvoice(tenant.client);
    await t().dispatcher.runOnce();
    expect(hook.requests).toHaveLength(2);
    const during = hook.requests[1]!;
    const signatures = during.headers["webhook-signature"]!.split(" ");
    expect(signatures).toHaveLength(2);
    for (const signature of signatures) expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expectVerified(first, during);
    expectVerified(second, during);
    expectNotVerified(otherSecret(), during);

    const immediate = await tenant.client.post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, { expires_in_hours: 0 });
    expect(immediate.status, immediate.text).toBe(200);
    const third = immediate.body.secret as string;

    await createInvoice(tenant.client);
    await t().dispatcher.runOnce();
    expect(hook.requests).toHaveLength(3);
    const after = hook.requests[2]!;
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expectVerified(third, after);
    expectNotVerified(second, after);
    expectNotVerified(first, after);
  });
});

// ---------------------------------------------------------------------------
// Logs and replay (signatures are verified here too, so the clock is still near the real time)

describe("logs and replay", () => {
  it("sends a signed ping whose data.object is the endpoint", async () => {
    const tenant = await t().tenant();
    const hook = await receiver();
    const endpoint = await createEndpoint(tenant, hook.url, { description: "ping me", metadata: { team: "billing" } });

    const ping = await tenant.client.post(`/v1/webhook_endpoints/${endpoint.id}/test`);
    expect(ping.status, ping.text).toBe(202);
    expect(ping.body).toMatchObject({ object: "webhook_delivery", endpoint_id: endpoint.id, event_type: "webhook_endpoint.ping", status: "pending" });

    expect(await t().dispatcher.runOnce()).toBe(1);
    expect(hook.requests).toHaveLength(1);
    const request = hook.requests[0]!;
    const payload = expectVerified(endpoint.secret, request) as any;
    expect(request.headers["webhook-id"]).toBe(payload.id);
    expect(request.headers["webhook-id"]).toBe(ping.body.event_id);
    expect(payload.type).toBe("webhook_endpoint.ping");
    expect(payload.org_id).toBe(tenant.orgId);
    expect(payload.data.object).toEqual(await getEndpoint(tenant.client, endpoint.id));
    expect(payload.data.object).not.toHaveProperty("secret");

    const [delivery] = await deliveries(tenant.client, endpoint.id, "&event_type=webhook_endpoint.ping");
    expect(delivery).toMatchObject({ id: ping.body.id, status: "succeeded", attempt_count: 1 });
  });

  it("resends a succeeded delivery with the same webhook-id and records the attempts in order", async () => {
    const tenant = await t().tenant();
    const hook = await receiver(answer(200, { "content-type": "text/plain" }, "first"));
    const endpoint = await createEndpoint(tenant, hook.url);
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    await t().dispatcher.runOnce();
    const delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery.status).toBe("succeeded");

    // Nothing is due any more.
    expect(await t().dispatcher.runOnce()).toBe(0);
    expect(hook.requests).toHaveLength(1);

    clock.advance(5 * SECOND);
    hook.respond(answer(200, { "content-type": "text/plain" }, "second"));
    const resent = await tenant.client.post(`/v1/webhook_endpoints/${endpoint.id}/deliveries/${delivery.id}/resend`);
    expect(resent.status, resent.text).toBe(202);
    expect(resent.body).toMatchObject({ id: delivery.id, event_id: event.id, status: "pending" });

    expect(await t().dispatcher.runOnce()).toBe(1);
    expect(hook.requests).toHaveLength(2);
    expect(hook.ids()).toEqual([event.id, event.id]);
    expect(hook.requests[1]!.body).toBe(hook.requests[0]!.body);
    expect(Number(hook.requests[1]!.headers["webhook-timestamp"]) - Number(hook.requests[0]!.headers["webhook-timestamp"])).toBe(5);
    expectVerified(endpoint.secret, hook.requests[1]!);

    const after = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(after.status).toBe("succeeded");
    const attempts = await attemptsOf(tenant.client, endpoint.id, delivery.id);
    expect(attempts.map((a) => a.response_body)).toEqual(["first", "second"]);
    expect(new Date(attempts[0].attempted_at).getTime()).toBeLessThan(new Date(attempts[1].attempted_at).getTime());
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ object: "webhook_attempt", delivery_id: delivery.id, response_status: 200, error: null, blocked: false });
      expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
    }
  });

  it("recover {since} re-sends the failed and exhausted deliveries since then, and only those", async () => {
    const tenant = await t().tenant();
    // Which invoice client answers what.
    const outcome: Record<string, number> = {};
    const hook = await receiver((request, response) => {
      const client = JSON.parse(request.body).data.object.client as string;
      response.writeHead(outcome[client] ?? 200).end();
    });
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: [3600] } });
    const invoice = async (name: string, status: number) => {
      outcome[name] = status;
      const created = await createInvoice(tenant.client, { client: name });
      return (await creationEvent(tenant.client, created.id)).id as string;
    };

    const oldFailed = await invoice("old-failed", 500);
    await t().dispatcher.runOnce();
    clock.advance(60 * SECOND);
    const since = clock().toISOString();
    const newFailed = await invoice("new-failed", 500);
    const newOk = await invoice("new-ok", 200);
    await t().dispatcher.runOnce();
    // No retry left for the next one: it is exhausted after its first attempt.
    expect((await tenant.client.patch(`/v1/webhook_endpoints/${endpoint.id}`, { retry_policy: { schedule: [] } })).status).toBe(200);
    const newExhausted = await invoice("new-exhausted", 500);
    await t().dispatcher.runOnce();
    expect((await tenant.client.patch(`/v1/webhook_endpoints/${endpoint.id}`, { retry_policy: { schedule: [3600] } })).status).toBe(200);

    const statuses = async () => Object.fromEntries((await deliveries(tenant.client, endpoint.id)).map((d) => [d.event_id, d.status]));
    expect(await statuses()).toEqual({ [oldFailed]: "failed", [newFailed]: "failed", [newOk]: "succeeded", [newExhausted]: "exhausted" });
    expect(hook.requests).toHaveLength(4);

    clock.advance(SECOND);
    for (const name of Object.keys(outcome)) outcome[name] = 200;
    const recovered = await tenant.client.post(`/v1/webhook_endpoints/${endpoint.id}/recover`, { since });
    expect(recovered.status, recovered.text).toBe(202);
    expect(recovered.body).toEqual({ object: "webhook_recovery", endpoint_id: endpoint.id, since, resent: 2 });

    expect(await t().dispatcher.runOnce()).toBe(2);
    expect(hook.ids().slice(4).sort()).toEqual([newFailed, newExhausted].sort());
    for (const request of hook.requests.slice(4)) expectVerified(endpoint.secret, request);
    expect(await statuses()).toEqual({ [oldFailed]: "failed", [newFailed]: "succeeded", [newOk]: "succeeded", [newExhausted]: "succeeded" });
    expect(await t().dispatcher.runOnce()).toBe(0);
    expect(hook.requests).toHaveLength(6);
  });

  it("refuses recover without a valid since and resend of another endpoint's delivery", async () => {
    const tenant = await t().tenant();
    const hook = await receiver();
    const endpoint = await createEndpoint(tenant, hook.url);
    const other = await createEndpoint(tenant, hook.url, { events: ["invoice.updated"] });
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    await t().dispatcher.runOnce();
    const delivery = await deliveryOf(tenant.client, endpoint.id, event.id);

    expectProblem(await tenant.client.post(`/v1/webhook_endpoints/${endpoint.id}/recover`, {}), 400, "validation_failed");
    expectProblem(await tenant.client.post(`/v1/webhook_endpoints/${endpoint.id}/recover`, { since: "yesterday" }), 400, "validation_failed");
    expectProblem(await tenant.client.post(`/v1/webhook_endpoints/${other.id}/deliveries/${delivery.id}/resend`), 404, "not_found");
    expect(await t().dispatcher.runOnce()).toBe(0);
    expect(hook.requests).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------
// SSRF at attempt time

describe("SSRF guard at delivery time", () => {
  const strictDispatcher = () =>
    createDispatcher({ database: t().database, policy: { allowedNetworks: [], allowHttp: true }, clock, log: { info() {}, error() {} } });

  it.each([
    ["a hostname resolving to loopback", (port: number) => `http://localhost:${port}/hook`],
    ["a literal loopback address", (port: number) => `http://127.0.0.1:${port}/hook`],
  ])("records a blocked attempt for %s and sends nothing", async (_name, urlOf) => {
    const tenant = await t().tenant();
    const hook = await receiver();
    const endpoint = await createEndpoint(tenant, urlOf(hook.port), { retry_policy: { schedule: [60] } });
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);

    expect(await strictDispatcher().runOnce()).toBe(1);
    expect(hook.requests).toHaveLength(0);
    const delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({ status: "failed", attempt_count: 1 });
    const [attempt, ...more] = await attemptsOf(tenant.client, endpoint.id, delivery.id);
    expect(more).toHaveLength(0);
    expect(attempt).toMatchObject({ blocked: true, response_status: null, response_body: null });
    expect(attempt.error).toMatch(/blocked/i);
    expect(attempt.error).toMatch(/loopback/);
  });
});

// ---------------------------------------------------------------------------
// Outcomes

describe("outcomes", () => {
  it.each([200, 202, 204])("%i is a success, recorded with its status and body", async (status) => {
    const tenant = await t().tenant();
    const hook = await receiver(answer(status, { "content-type": "text/plain" }, status === 204 ? "" : `thanks ${status}`));
    const endpoint = await createEndpoint(tenant, hook.url);
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    await t().dispatcher.runOnce();

    const delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({ status: "succeeded", attempt_count: 1, next_attempt_at: null, last_attempt_at: clock().toISOString() });
    const attempts = await attemptsOf(tenant.client, endpoint.id, delivery.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      response_status: status,
      response_body: status === 204 ? "" : `thanks ${status}`,
      error: null,
      blocked: false,
      attempted_at: clock().toISOString(),
    });
    expect(await t().dispatcher.runOnce()).toBe(0);
  });

  it("keeps the first 2048 bytes of a 10 KB answer", async () => {
    const tenant = await t().tenant();
    const big = Array.from({ length: 10_240 }, (_, i) => String.fromCharCode(97 + (i % 26))).join("");
    const hook = await receiver(answer(200, { "content-type": "text/plain" }, big));
    const endpoint = await createEndpoint(tenant, hook.url);
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    await t().dispatcher.runOnce();

    const delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery.status).toBe("succeeded");
    const [attempt] = await attemptsOf(tenant.client, endpoint.id, delivery.id);
    expect(attempt.response_status).toBe(200);
    expect(attempt.response_body).toHaveLength(2048);
    expect(attempt.response_body).toBe(big.slice(0, 2048));
  });

  it.each([400, 401, 404, 500, 502])("%i is a failure retried on the schedule", async (status) => {
    const tenant = await t().tenant();
    const hook = await receiver(answer(status, {}, "nope"));
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: [30] } });
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    await t().dispatcher.runOnce();
    const delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({ status: "failed", attempt_count: 1 });
    expect(fromNow(delivery.next_attempt_at)).toBeGreaterThanOrEqual(27 * SECOND);
    expect(fromNow(delivery.next_attempt_at)).toBeLessThanOrEqual(33 * SECOND);
    const [attempt] = await attemptsOf(tenant.client, endpoint.id, delivery.id);
    expect(attempt).toMatchObject({ response_status: status, response_body: "nope", blocked: false });
  });

  it("retries a 500 on the schedule [10, 20]: not before the delay, then after it, until a 200", async () => {
    const tenant = await t().tenant();
    const hook = await receiver(answer(500, { "content-type": "text/plain" }, "down"));
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: [10, 20] } });
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);

    const start = clock().getTime();
    expect(await t().dispatcher.runOnce()).toBe(1);
    let delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({ status: "failed", attempt_count: 1, last_attempt_at: new Date(start).toISOString() });
    const firstDelay = fromNow(delivery.next_attempt_at);
    expect(firstDelay).toBeGreaterThanOrEqual(9 * SECOND);
    expect(firstDelay).toBeLessThanOrEqual(11 * SECOND);

    // Not retried before it is due.
    clock.advance(firstDelay - 50);
    expect(await t().dispatcher.runOnce()).toBe(0);
    expect(hook.requests).toHaveLength(1);

    // Due: retried, fails again, the second delay applies.
    clock.set(new Date(delivery.next_attempt_at));
    expect(await t().dispatcher.runOnce()).toBe(1);
    expect(hook.requests).toHaveLength(2);
    delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({ status: "failed", attempt_count: 2 });
    const secondDelay = fromNow(delivery.next_attempt_at);
    expect(secondDelay).toBeGreaterThanOrEqual(18 * SECOND);
    expect(secondDelay).toBeLessThanOrEqual(22 * SECOND);

    clock.advance(secondDelay - 50);
    expect(await t().dispatcher.runOnce()).toBe(0);
    hook.respond(answer(200, { "content-type": "text/plain" }, "back"));
    clock.set(new Date(new Date(delivery.next_attempt_at).getTime() + 1));
    expect(await t().dispatcher.runOnce()).toBe(1);

    delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({ status: "succeeded", attempt_count: 3, next_attempt_at: null });
    const attempts = await attemptsOf(tenant.client, endpoint.id, delivery.id);
    expect(attempts.map((a) => [a.response_status, a.response_body])).toEqual([
      [500, "down"],
      [500, "down"],
      [200, "back"],
    ]);
    const times = attempts.map((a) => new Date(a.attempted_at).getTime());
    expect(times[0]).toBe(start);
    expect(times[1]! - times[0]!).toBe(firstDelay);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(secondDelay);
    expect(hook.ids()).toEqual([event.id, event.id, event.id]);
    for (const request of hook.requests) expectVerified(endpoint.secret, request);
    expect(await t().dispatcher.runOnce()).toBe(0);
  });

  it("is exhausted once the schedule is spent: [0] makes two attempts", async () => {
    const tenant = await t().tenant();
    const hook = await receiver(answer(500));
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: [0] } });
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);

    expect(await t().dispatcher.runOnce()).toBe(1);
    let delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({ status: "failed", attempt_count: 1, next_attempt_at: clock().toISOString() });
    expect(await t().dispatcher.runOnce()).toBe(1);
    delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({ status: "exhausted", attempt_count: 2, next_attempt_at: null });
    expect(await attemptsOf(tenant.client, endpoint.id, delivery.id)).toHaveLength(2);

    clock.advance(HOUR / 60);
    expect(await t().dispatcher.runOnce()).toBe(0);
    expect(hook.requests).toHaveLength(2);
    expect(await deliveries(tenant.client, endpoint.id, "&status=exhausted")).toHaveLength(1);
    expect(await deliveries(tenant.client, endpoint.id, "&status=failed")).toHaveLength(0);
  });

  it("with an empty schedule a failed first attempt is final", async () => {
    const tenant = await t().tenant();
    const hook = await receiver(answer(503));
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: [] } });
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    await t().dispatcher.runOnce();
    expect(await deliveryOf(tenant.client, endpoint.id, event.id)).toMatchObject({ status: "exhausted", attempt_count: 1, next_attempt_at: null });
  });

  it.each([301, 302, 307, 308])("treats a %i redirect as a failure and does not follow it", async (status) => {
    const tenant = await t().tenant();
    const target = await receiver();
    const hook = await receiver(answer(status, { location: target.url }, "moved"));
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: [60] } });
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    await t().dispatcher.runOnce();

    expect(hook.requests).toHaveLength(1);
    expect(target.requests).toHaveLength(0);
    const delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({ status: "failed", attempt_count: 1 });
    const [attempt] = await attemptsOf(tenant.client, endpoint.id, delivery.id);
    expect(attempt.response_status).toBe(status);
  });

  it("disables the endpoint on 410 Gone and emits webhook_endpoint.disabled; nothing is sent until it is enabled, then the held delivery is", async () => {
    const tenant = await t().tenant();
    let held: string | undefined;
    // The first request commits another invoice (its delivery is written while the endpoint is still enabled), then answers 410.
    const hook = await receiver(async (_request, response, n) => {
      if (n === 1) held = (await createInvoice(tenant.client, { client: "held" })).id;
      response.writeHead(n === 1 ? 410 : 200).end(n === 1 ? "gone" : "ok");
    });
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: [] } });
    const goneEvent = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);

    expect(await t().dispatcher.runOnce()).toBe(1);
    expect(hook.requests).toHaveLength(1);
    const disabled = await getEndpoint(tenant.client, endpoint.id);
    expect(disabled).toMatchObject({ status: "disabled", disabled_reason: "gone" });
    const [attempt] = await attemptsOf(tenant.client, endpoint.id, (await deliveryOf(tenant.client, endpoint.id, goneEvent.id)).id);
    expect(attempt.response_status).toBe(410);

    const emitted = await eventsOfType(tenant.client, "webhook_endpoint.disabled");
    expect(emitted).toHaveLength(1);
    expect(emitted[0].data.object).toMatchObject({ id: endpoint.id, status: "disabled", disabled_reason: "gone" });
    expect(emitted[0].data.object).not.toHaveProperty("secret");

    // The delivery committed before the endpoint was disabled is held, not sent.
    const heldEvent = await creationEvent(tenant.client, held!);
    await drain();
    expect(hook.requests).toHaveLength(1);
    const heldDelivery = await deliveryOf(tenant.client, endpoint.id, heldEvent.id);
    expect(heldDelivery.status).toBe("pending");
    expect(await attemptsOf(tenant.client, endpoint.id, heldDelivery.id)).toHaveLength(0);
    clock.advance(HOUR / 6);
    await drain();
    expect(hook.requests).toHaveLength(1);

    const enabled = await tenant.client.patch(`/v1/webhook_endpoints/${endpoint.id}`, { status: "enabled" });
    expect(enabled.status, enabled.text).toBe(200);
    expect(enabled.body).toMatchObject({ status: "enabled", disabled_reason: null });
    await drain();
    expect(hook.ids()).toEqual([goneEvent.id, heldEvent.id]);
    expect(await deliveryOf(tenant.client, endpoint.id, heldEvent.id)).toMatchObject({ status: "succeeded", attempt_count: 1 });
    // The 410'd delivery had no retry left: it stays exhausted.
    expect(await deliveryOf(tenant.client, endpoint.id, goneEvent.id)).toMatchObject({ status: "exhausted" });
  });

  it("delivers an event committed while the endpoint was disabled once it is enabled again", async () => {
    const tenant = await t().tenant();
    const hook = await receiver(answer(410));
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: [] } });
    await createInvoice(tenant.client);
    await t().dispatcher.runOnce();
    expect(await getEndpoint(tenant.client, endpoint.id)).toMatchObject({ status: "disabled", disabled_reason: "gone" });

    hook.respond(ok);
    const whileDisabled = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    await drain();
    expect(hook.requests).toHaveLength(1);

    expect((await tenant.client.patch(`/v1/webhook_endpoints/${endpoint.id}`, { status: "enabled" })).status).toBe(200);
    await drain();
    expect(hook.ids(), "the event committed while the endpoint was disabled").toContain(whileDisabled.id);
  });

  it.each([429, 503])("%i with Retry-After: 120 waits at least 120 s even with a schedule of [1]", async (status) => {
    const tenant = await t().tenant();
    const hook = await receiver(answer(status, { "retry-after": "120" }));
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: [1] } });
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    await t().dispatcher.runOnce();

    const delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({ status: "failed", attempt_count: 1 });
    expect(fromNow(delivery.next_attempt_at)).toBeGreaterThanOrEqual(120 * SECOND);
    expect(fromNow(delivery.next_attempt_at)).toBeLessThanOrEqual(132 * SECOND);

    clock.advance(60 * SECOND);
    expect(await t().dispatcher.runOnce()).toBe(0);
    clock.advance(61 * SECOND);
    hook.respond(ok);
    expect(await t().dispatcher.runOnce()).toBe(1);
    expect(hook.requests).toHaveLength(2);
    expect(await deliveryOf(tenant.client, endpoint.id, event.id)).toMatchObject({ status: "succeeded", attempt_count: 2 });
  });

  it("records a receiver that hangs past timeout_ms as a failed attempt, within about that time", async () => {
    const tenant = await t().tenant();
    const hook = await receiver(() => {
      /* never answers */
    });
    const endpoint = await createEndpoint(tenant, hook.url, { timeout_ms: 1000, retry_policy: { schedule: [60] } });
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);

    const started = performance.now();
    expect(await t().dispatcher.runOnce()).toBe(1);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(3000);

    expect(hook.requests).toHaveLength(1);
    const delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
    expect(delivery).toMatchObject({ status: "failed", attempt_count: 1 });
    const [attempt] = await attemptsOf(tenant.client, endpoint.id, delivery.id);
    expect(attempt.response_status).toBeNull();
    expect(attempt.error).toMatch(/timeout|timed out|1000 ?ms/i);
    expect(attempt.duration_ms).toBeGreaterThanOrEqual(950);
    expect(attempt.duration_ms).toBeLessThan(3000);
  });

  describe("bad answers never harm the dispatcher", () => {
    /**
     * Sends one event to the bad receiver and to a healthy one in the same
     * round; returns the bad endpoint's attempt and how long the round took.
     */
    async function oneRound(bad: Responder, fields: Record<string, unknown> = {}) {
      const tenant = await t().tenant();
      const badHook = await receiver(bad);
      const goodHook = await receiver();
      const badEndpoint = await createEndpoint(tenant, badHook.url, { timeout_ms: 1000, retry_policy: { schedule: [60] }, ...fields });
      const goodEndpoint = await createEndpoint(tenant, goodHook.url);
      const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);

      const started = performance.now();
      const handled = await t()
        .dispatcher.runOnce()
        .catch((error: Error) => error);
      const elapsed = performance.now() - started;
      expect(handled, "the round completes and records both outcomes").toBe(2);

      expect(badHook.requests).toHaveLength(1);
      expect(goodHook.ids()).toEqual([event.id]);
      expect(await deliveryOf(tenant.client, goodEndpoint.id, event.id)).toMatchObject({ status: "succeeded" });
      const delivery = await deliveryOf(tenant.client, badEndpoint.id, event.id);
      expect(delivery.attempt_count).toBe(1);
      const attempts = await attemptsOf(tenant.client, badEndpoint.id, delivery.id);
      expect(attempts).toHaveLength(1);

      // The dispatcher goes on: a later event is delivered to both.
      badHook.respond(ok);
      const next = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
      expect(await t().dispatcher.runOnce()).toBe(2);
      expect(goodHook.ids()).toEqual([event.id, next.id]);
      expect(badHook.ids()).toEqual([event.id, next.id]);
      return { delivery, attempt: attempts[0], elapsed };
    }

    it("a connection reset before any answer is a failed attempt", async () => {
      const { delivery, attempt, elapsed } = await oneRound((_request, _response, _n, raw) => {
        raw.socket.resetAndDestroy();
      });
      expect(delivery.status).toBe("failed");
      expect(attempt.response_status).toBeNull();
      expect(attempt.error).toMatch(/ECONNRESET|socket hang up|reset/i);
      expect(elapsed).toBeLessThan(900);
    });

    it("a connection reset in the middle of the body is a recorded attempt", async () => {
      const { attempt } = await oneRound((_request, response, _n, raw) => {
        response.writeHead(200, { "content-type": "text/plain", "content-length": "1000" });
        response.write("partial", () => setTimeout(() => raw.socket.resetAndDestroy(), 20));
      });
      expect(attempt.blocked).toBe(false);
    });

    it("a body dripped slowly past timeout_ms is a failed attempt ended at the timeout", async () => {
      const { delivery, attempt, elapsed } = await oneRound((_request, response) => {
        response.writeHead(200, { "content-type": "text/plain" });
        let sent = 0;
        const timer = setInterval(() => {
          if (++sent > 40) {
            clearInterval(timer);
            response.end();
          } else response.write("x");
        }, 100);
        response.on("close", () => clearInterval(timer));
      });
      expect(delivery.status).toBe("failed");
      expect(attempt.error).toMatch(/timeout|timed out|1000 ?ms/i);
      expect(elapsed).toBeGreaterThanOrEqual(950);
      expect(elapsed).toBeLessThan(3000);
    });

    it("a body dripped slowly within timeout_ms is a success with the whole body", async () => {
      const { delivery, attempt } = await oneRound((_request, response) => {
        response.writeHead(200, { "content-type": "text/plain" });
        let sent = 0;
        const timer = setInterval(() => {
          response.write("ab"[sent % 2]!);
          if (++sent === 5) {
            clearInterval(timer);
            response.end();
          }
        }, 50);
      });
      expect(delivery.status).toBe("succeeded");
      expect(attempt).toMatchObject({ response_status: 200, response_body: "ababa", error: null });
    });

    it("an answer in invalid UTF-8 is recorded", async () => {
      const { delivery, attempt } = await oneRound((_request, response) => {
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        response.end(Buffer.concat([Buffer.from("bad "), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x80, 0xed, 0xa0, 0x80]), Buffer.from(" end")]));
      });
      expect(delivery.status).toBe("failed");
      expect(attempt.response_status).toBe(500);
      expect(attempt.response_body).toMatch(/^bad .+ end$/);
    });

    it("an answer holding NUL bytes is recorded", async () => {
      const { delivery, attempt } = await oneRound((_request, response) => {
        response.writeHead(500, { "content-type": "application/octet-stream" });
        response.end(Buffer.from([0x62, 0x69, 0x6e, 0x00, 0x01, 0x00, 0x02]));
      });
      expect(delivery.status).toBe("failed");
      expect(attempt.response_status).toBe(500);
      expect(attempt.response_body).toMatch(/^bin/);
    });
  });
});

// ---------------------------------------------------------------------------
// No event lost

describe("no event lost", () => {
  it("delivers each of 200 invoices created in parallel batches exactly once", async () => {
    const tenant = await t().tenant();
    const hook = await receiver();
    const endpoint = await createEndpoint(tenant, hook.url);

    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(Array.from({ length: 20 }, () => createInvoice(tenant.client)));
    }
    const handled = await drain();
    expect(handled).toBe(200);

    const ids = hook.ids();
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
    const events = await eventsOfType(tenant.client, "invoice.created");
    expect(events).toHaveLength(200);
    expect([...ids].sort()).toEqual(events.map((e) => e.id).sort());
    for (const request of hook.requests) expect(signedWith(endpoint.secret, request)).toBe(true);
    const succeeded = await tenant.client.get(`/v1/webhook_endpoints/${endpoint.id}/deliveries?status=succeeded&per_page=1`);
    expect(succeeded.body.meta.total).toBe(200);
  });
});

// ---------------------------------------------------------------------------
// Hours and days (the clock leaves the real time behind from here on)

describe("over hours and days", () => {
  it("stops signing with the old secret once it expires", async () => {
    const tenant = await t().tenant();
    const hook = await receiver();
    const endpoint = await createEndpoint(tenant, hook.url);
    const rotated = await tenant.client.post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, { expires_in_hours: 1 });
    expect(rotated.status, rotated.text).toBe(200);
    const next = rotated.body.secret as string;

    clock.advance(HOUR - SECOND);
    await createInvoice(tenant.client);
    await t().dispatcher.runOnce();
    clock.advance(2 * SECOND);
    await createInvoice(tenant.client);
    await t().dispatcher.runOnce();

    const [before, after] = hook.requests;
    expect(before!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(signedWith(endpoint.secret, before!)).toBe(true);
    expect(signedWith(next, before!)).toBe(true);
    expect(after!.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(signedWith(endpoint.secret, after!)).toBe(false);
    expect(signedWith(next, after!)).toBe(true);
  });

  it("disables an endpoint failing with no success for 5 days (reason failing) and emits webhook_endpoint.disabled", async () => {
    const tenant = await t().tenant();
    const hook = await receiver(answer(500));
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: Array(10).fill(86_400) } });
    const event = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);

    const firstFailure = clock().getTime();
    await t().dispatcher.runOnce();
    let disabledAt: number | undefined;
    for (let round = 0; round < 8 && disabledAt === undefined; round++) {
      const delivery = await deliveryOf(tenant.client, endpoint.id, event.id);
      expect(delivery.status).toBe("failed");
      clock.set(new Date(delivery.next_attempt_at));
      expect(await t().dispatcher.runOnce()).toBe(1);
      const now = (await getEndpoint(tenant.client, endpoint.id)).status;
      const failingFor = clock().getTime() - firstFailure;
      if (failingFor < 5 * DAY) expect(now, `after ${failingFor / DAY} days`).toBe("enabled");
      else {
        expect(now, `after ${failingFor / DAY} days`).toBe("disabled");
        disabledAt = clock().getTime();
      }
    }
    expect(disabledAt).toBeDefined();
    expect(await getEndpoint(tenant.client, endpoint.id)).toMatchObject({ status: "disabled", disabled_reason: "failing" });

    const emitted = await eventsOfType(tenant.client, "webhook_endpoint.disabled");
    expect(emitted).toHaveLength(1);
    expect(emitted[0].timestamp).toBe(new Date(disabledAt!).toISOString());
    expect(emitted[0].data.object).toMatchObject({ id: endpoint.id, status: "disabled", disabled_reason: "failing" });

    // Nothing more is sent while it is disabled.
    const sent = hook.requests.length;
    await createInvoice(tenant.client);
    clock.advance(2 * DAY);
    await drain();
    expect(hook.requests).toHaveLength(sent);
  });

  it("counts the 5 days from the first failure after the last success", async () => {
    const tenant = await t().tenant();
    const failing = new Set<string>();
    const hook = await receiver((request, response) => {
      response.writeHead(failing.has(request.headers["webhook-id"]!) ? 500 : 200).end();
    });
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: Array(10).fill(86_400) } });
    const start = clock().getTime();
    const first = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    failing.add(first.id);
    await t().dispatcher.runOnce();

    // Twelve hours later (the first delivery's retry is not due yet), one success.
    clock.set(new Date(start + 12 * HOUR));
    const success = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    expect(await t().dispatcher.runOnce()).toBe(1);
    expect(await deliveryOf(tenant.client, endpoint.id, success.id)).toMatchObject({ status: "succeeded" });

    // Five days and an hour after the first failure: failing again only since now.
    clock.set(new Date(start + 5 * DAY + HOUR));
    expect(await t().dispatcher.runOnce()).toBe(1);
    expect(await getEndpoint(tenant.client, endpoint.id)).toMatchObject({ status: "enabled", disabled_reason: null });
    const delivery = await deliveryOf(tenant.client, endpoint.id, first.id);
    expect(delivery).toMatchObject({ status: "failed", attempt_count: 2 });

    // Four days later, still under five since then.
    clock.set(new Date(start + 9 * DAY + HOUR));
    expect(await t().dispatcher.runOnce()).toBe(1);
    expect(await getEndpoint(tenant.client, endpoint.id)).toMatchObject({ status: "enabled" });
    expect(await eventsOfType(tenant.client, "webhook_endpoint.disabled")).toHaveLength(0);

    // Five days after the failure that followed the success: disabled.
    const due = new Date((await deliveryOf(tenant.client, endpoint.id, first.id)).next_attempt_at).getTime();
    clock.set(new Date(Math.max(due, start + 10 * DAY + HOUR)));
    expect(await t().dispatcher.runOnce()).toBe(1);
    expect(await getEndpoint(tenant.client, endpoint.id)).toMatchObject({ status: "disabled", disabled_reason: "failing" });
    expect(await eventsOfType(tenant.client, "webhook_endpoint.disabled")).toHaveLength(1);
  });

  it("a success recorded in the same round as a failure still restarts the 5 days", async () => {
    const tenant = await t().tenant();
    const failing = new Set<string>();
    // The failing delivery answers late, so its outcome is recorded after the success of the same round.
    const hook = await receiver(async (request, response) => {
      const fails = failing.has(request.headers["webhook-id"]!);
      if (fails) await new Promise((resolve) => setTimeout(resolve, 300));
      response.writeHead(fails ? 500 : 200).end();
    });
    const endpoint = await createEndpoint(tenant, hook.url, { retry_policy: { schedule: Array(10).fill(86_400) } });
    const start = clock().getTime();
    const first = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    failing.add(first.id);
    await t().dispatcher.runOnce();

    // One day and a half later: the retry of the first and a new event, in one round.
    clock.set(new Date(start + 36 * HOUR));
    const success = await creationEvent(tenant.client, (await createInvoice(tenant.client)).id);
    expect(await t().dispatcher.runOnce()).toBe(2);
    expect(await deliveryOf(tenant.client, endpoint.id, success.id)).toMatchObject({ status: "succeeded" });
    expect(await deliveryOf(tenant.client, endpoint.id, first.id)).toMatchObject({ status: "failed", attempt_count: 2 });

    // Five days and an hour after the first failure, but under four since the success.
    clock.set(new Date(start + 5 * DAY + HOUR));
    expect(await t().dispatcher.runOnce()).toBe(1);
    expect(await getEndpoint(tenant.client, endpoint.id), "last success 3.6 days ago").toMatchObject({ status: "enabled", disabled_reason: null });
  });
});
