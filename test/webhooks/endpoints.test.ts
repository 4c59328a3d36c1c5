import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/platform/ids.ts";
import { act, createAccount, createInvoice } from "../finance/helpers.ts";
import { expectInvalid, expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type ApiResponse, type Client, type Tenant } from "../helpers/harness.ts";

// The clock starts at the real time, so that signatures made at the test
// clock's time pass the standardwebhooks library's 5-minute tolerance.
const clock = testClock();
const t = useTestApp({ clock });

const ENDPOINTS = "/v1/webhook_endpoints";
const DEFAULT_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const ENDPOINT_ID = /^whe_[0-7][0-9a-hjkmnp-tv-z]{25}$/;
const DELIVERY_ID = /^whd_[0-7][0-9a-hjkmnp-tv-z]{25}$/;
const EVENT_ID = /^evt_[0-7][0-9a-hjkmnp-tv-z]{25}$/;

// ---------------------------------------------------------------------------
// A real receiver on loopback: /ok answers 200, /fail 500, /gone 410.

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
let server: http.Server;
let receiverUrl = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = path.startsWith("/fail") ? 500 : path.startsWith("/gone") ? 410 : 200;
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : `status ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Runs dispatcher rounds until nothing is due (bounded, in case something keeps coming due). */
async function drain(): Promise<void> {
  for (let round = 0; round < 50; round++) {
    if ((await t().dispatcher.runOnce()) === 0) return;
  }
  throw new Error("the dispatcher still had due deliveries after 50 rounds");
}

/** The requests the receiver got for one webhook-id. */
function arrivalsOf(webhookId: string): Received[] {
  return received.filter((r) => r.headers["webhook-id"] === webhookId);
}

/** The v1 signatures of a delivery that were made with `secret` (computed here, independently of src/). */
function signedWith(arrival: Received, secret: string): boolean {
  const id = String(arrival.headers["webhook-id"]);
  const timestamp = String(arrival.headers["webhook-timestamp"]);
  const expected = `v1,${createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
    .update(`${id}.${timestamp}.${arrival.body}`)
    .digest("base64")}`;
  return String(arrival.headers["webhook-signature"]).split(" ").includes(expected);
}

function signatureCount(arrival: Received): number {
  return String(arrival.headers["webhook-signature"]).split(" ").filter(Boolean).length;
}

// ---------------------------------------------------------------------------
// Helpers

function endpointInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { url: `${receiverUrl}/ok`, events: ["invoice.*"], ...overrides };
}

/** Creates an endpoint and insists it worked; returns the answer (with its secret). */
async function createEndpoint(client: Client, overrides: Record<string, unknown> = {}): Promise<any> {
  const response = await client.post(ENDPOINTS, endpointInput(overrides));
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function getEndpoint(client: Client, id: string): Promise<any> {
  const response = await client.get(`${ENDPOINTS}/${id}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function patchEndpoint(client: Client, id: string, body: unknown): Promise<any> {
  const response = await client.patch(`${ENDPOINTS}/${id}`, body);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Every delivery of an endpoint (newest first, as the API lists them), with an optional query. */
async function deliveriesOf(client: Client, endpointId: string, query = ""): Promise<any[]> {
  const response = await client.get(`${ENDPOINTS}/${endpointId}/deliveries?per_page=100${query ? `&${query}` : ""}`);
  expect(response.status, response.text).toBe(200);
  expect(response.body.meta.total).toBe(response.body.data.length);
  return response.body.data;
}

/** Every event of the tenant, oldest first. */
async function allEvents(client: Client): Promise<any[]> {
  const response = await client.get("/v1/events?per_page=100&sort=timestamp");
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

/** The tenant's endpoints as the API lists them: any change shows here. */
async function endpointsSnapshot(client: Client): Promise<any> {
  const response = await client.get(`${ENDPOINTS}?per_page=100`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** The endpoint without its secret: what GET shows. */
function withoutSecret(endpoint: any): any {
  const { secret: _secret, ...rest } = endpoint;
  return rest;
}

// ---------------------------------------------------------------------------

describe("POST /v1/webhook_endpoints", () => {
  it("creates an enabled endpoint with the exact shape, defaults and a whsec_ secret of 32 random bytes", async () => {
    const { client } = await t().tenant();
    const url = `${receiverUrl}/ok`;
    const response = await client.post(ENDPOINTS, { url, events: ["invoice.*"] });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const now = clock().toISOString();
    expect(response.body).toEqual({
      id: expect.stringMatching(ENDPOINT_ID),
      object: "webhook_endpoint",
      url,
      description: null,
      events: ["invoice.*"],
      status: "enabled",
      disabled_reason: null,
      oauth_grant_id: null,
      retry_policy: { schedule: DEFAULT_SCHEDULE },
      timeout_ms: 15_000,
      metadata: {},
      created_at: now,
      updated_at: now,
      secret: expect.stringMatching(SECRET),
    });
    expect(Buffer.from(response.body.secret.slice("whsec_".length), "base64")).toHaveLength(32);
    // Every endpoint gets its own secret.
    const other = await createEndpoint(client);
    expect(other.secret).toMatch(SECRET);
    expect(other.secret).not.toBe(response.body.secret);
    expect(other.id).not.toBe(response.body.id);
  });

  it("keeps every field given", async () => {
    const { client } = await t().tenant();
    const input = {
      url: `${receiverUrl}/ok?tenant=1`,
      description: "Billing sync",
      events: ["invoice.paid", "deal.*", "webhook_endpoint.disabled"],
      retry_policy: { schedule: [0, 1, 86_400] },
      timeout_ms: 5_000,
      metadata: { team: "billing", env: "test" },
    };
    const created = await createEndpoint(client, input);
    expect(created).toMatchObject({ ...input, status: "enabled", disabled_reason: null });
    expect(await getEndpoint(client, created.id)).toEqual(withoutSecret(created));
  });

  it("accepts event kinds from the catalog, wildcards and *", async () => {
    const { client } = await t().tenant();
    const accepted = [
      ["invoice.created"],
      ["invoice.*"],
      ["*"],
      ["deal.*", "contact.created"],
      ["webhook_endpoint.*"],
      ["agent.action_failed", "candidate.*", "intelligence.snapshot_created"],
    ];
    for (const events of accepted) {
      const created = await createEndpoint(client, { events });
      expect(created.events, JSON.stringify(events)).toEqual(events);
    }
  });

  it("refuses unknown event kinds with a 400 naming events[i], and creates nothing", async () => {
    const { client } = await t().tenant();
    const before = await endpointsSnapshot(client);
    const cases: [string[], string[]][] = [
      [["invoice.nope"], ["events[0]"]],
      [["nope.*"], ["events[0]"]],
      [["invoice.created", "invoice.nope"], ["events[1]"]],
      [
        ["invoice.nope", "deal.*", "nope.*"],
        ["events[0]", "events[2]"],
      ],
      [["invoice."], ["events[0]"]],
      [["*.created"], ["events[0]"]],
      [["INVOICE.CREATED"], ["events[0]"]],
      [["invoice"], ["events[0]"]],
      [["webhook_endpoint.ping"], ["events[0]"]],
    ];
    for (const [events, fields] of cases) {
      const response = await client.post(ENDPOINTS, endpointInput({ events }));
      expectInvalid(response, fields, "body", JSON.stringify(events));
      if (fields.length === 1) {
        const bad = events[Number(/\d+/.exec(fields[0]!)![0])]!;
        expect(response.body.detail, JSON.stringify(events)).toContain(bad);
      }
    }
    expect(await endpointsSnapshot(client)).toEqual(before);
  });

  it("refuses a missing, empty or repeating events list", async () => {
    const { client } = await t().tenant();
    expectInvalid(await client.post(ENDPOINTS, { url: `${receiverUrl}/ok` }), ["events"]);
    expectInvalid(await client.post(ENDPOINTS, endpointInput({ events: [] })), ["events"]);
    expectInvalid(await client.post(ENDPOINTS, endpointInput({ events: ["invoice.paid", "invoice.paid"] })), ["events"]);
    expectInvalid(await client.post(ENDPOINTS, endpointInput({ events: "invoice.paid" })), ["events"]);
    expectInvalid(await client.post(ENDPOINTS, endpointInput({ events: [""] })), ["events[0]"]);
    expect((await endpointsSnapshot(client)).meta.total).toBe(0);
  });

  it("accepts a schedule of 0 to 20 delays of 0 to 86,400 s and refuses anything else naming the field", async () => {
    const { client } = await t().tenant();
    for (const schedule of [[], [0], [86_400], Array(20).fill(60), [1, 2, 3]]) {
      const created = await createEndpoint(client, { retry_policy: { schedule } });
      expect(created.retry_policy, JSON.stringify(schedule)).toEqual({ schedule });
    }
    const before = await endpointsSnapshot(client);
    const cases: [unknown, string][] = [
      [{ schedule: Array(21).fill(60) }, "retry_policy.schedule"],
      [{ schedule: [86_401] }, "retry_policy.schedule[0]"],
      [{ schedule: [5, 300, -1] }, "retry_policy.schedule[2]"],
      [{ schedule: [1.5] }, "retry_policy.schedule[0]"],
      [{ schedule: ["5"] }, "retry_policy.schedule[0]"],
      [{ schedule: 5 }, "retry_policy.schedule"],
      [{}, "retry_policy.schedule"],
      [{ schedule: [5], max_attempts: 3 }, "retry_policy.max_attempts"],
      [[5, 300], "retry_policy"],
    ];
    for (const [retry_policy, field] of cases) {
      expectInvalid(await client.post(ENDPOINTS, endpointInput({ retry_policy })), [field], "body", JSON.stringify(retry_policy));
    }
    expect(await endpointsSnapshot(client)).toEqual(before);
  });

  it("accepts timeout_ms from 1,000 to 30,000 and refuses anything else naming timeout_ms", async () => {
    const { client } = await t().tenant();
    for (const timeout_ms of [1_000, 30_000, 2_500]) {
      expect((await createEndpoint(client, { timeout_ms })).timeout_ms).toBe(timeout_ms);
    }
    const before = await endpointsSnapshot(client);
    for (const timeout_ms of [999, 30_001, 0, -1, 1500.5, "15000", null]) {
      expectInvalid(await client.post(ENDPOINTS, endpointInput({ timeout_ms })), ["timeout_ms"], "body", String(timeout_ms));
    }
    expect(await endpointsSnapshot(client)).toEqual(before);
  });

  it("accepts http and https URLs, loopback being allowed by the test policy", async () => {
    const { client } = await t().tenant();
    for (const url of [
      `${receiverUrl}/ok`,
      "https://hooks.example.com/enginery",
      "http://hooks.example.com:8080/x?y=1",
      "http://[::1]:9/hook",
      "http://127.0.0.2/hook",
    ]) {
      expect((await createEndpoint(client, { url })).url, url).toBe(url);
    }
  });

  it("refuses URLs that are not http(s), carry credentials, or name a private, link-local or otherwise blocked address literally", async () => {
    const { client } = await t().tenant();
    const before = await endpointsSnapshot(client);
    const refused = [
      "ftp://hooks.example.com/x",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "ws://hooks.example.com/x",
      "not a url",
      "hooks.example.com/x",
      "http://user:pass@hooks.example.com/x",
      "https://user@hooks.example.com/x",
      "http://:secret@127.0.0.1:1/x",
      "http://10.0.0.1/hook",
      "http://10.255.255.255:8080/hook",
      "http://192.168.1.10/hook",
      "http://172.16.0.1/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://100.64.0.1/hook",
      "http://0.0.0.0/hook",
      "http://224.0.0.1/hook",
      "http://[fd00::1]/hook",
      "http://[fe80::1]/hook",
      "http://[::ffff:10.0.0.1]/hook",
      "http://[::ffff:a9fe:a9fe]/hook",
      "http://[::]/hook",
      "http://0x0a000001/hook",
      "http://167772161/hook",
      "http://012.0.0.1/hook",
      "http://10.1/hook",
      "http://0xa9.0xfe.0xa9.0xfe/hook",
    ];
    for (const url of refused) {
      const problem = expectInvalid(await client.post(ENDPOINTS, endpointInput({ url })), ["url"], "body", url);
      expect(problem.errors[0].message, url).toEqual(expect.any(String));
    }
    expectInvalid(await client.post(ENDPOINTS, endpointInput({ url: "" })), ["url"]);
    expectInvalid(await client.post(ENDPOINTS, endpointInput({ url: `https://hooks.example.com/${"a".repeat(2048)}` })), ["url"]);
    expectInvalid(await client.post(ENDPOINTS, { events: ["*"] }), ["url"]);
    expect(await endpointsSnapshot(client)).toEqual(before);
  });

  it("says why a blocked address is refused", async () => {
    const { client } = await t().tenant();
    const reasons: [string, RegExp][] = [
      ["http://10.0.0.1/", /private/],
      ["http://0x0a000001/", /private/],
      ["http://169.254.169.254/", /link-local/],
      ["http://[fd00::1]/", /unique-local/],
      ["ftp://hooks.example.com/", /http/],
      ["http://u:p@hooks.example.com/", /credential/],
    ];
    for (const [url, reason] of reasons) {
      const response = await client.post(ENDPOINTS, endpointInput({ url }));
      expectInvalid(response, ["url"], "body", url);
      expect(response.body.errors[0].message, url).toMatch(reason);
    }
  });

  it("refuses unknown fields, read-only fields and a non-object body naming them", async () => {
    const { client } = await t().tenant();
    expectInvalid(await client.post(ENDPOINTS, endpointInput({ colour: "blue" })), ["colour"]);
    expectInvalid(await client.post(ENDPOINTS, endpointInput({ secret: "whsec_AAAA" })), ["secret"]);
    expectInvalid(await client.post(ENDPOINTS, endpointInput({ id: newId("webhookEndpoint") })), ["id"]);
    expectInvalid(await client.post(ENDPOINTS, endpointInput({ description: "x".repeat(501) })), ["description"]);
    expectInvalid(await client.post(ENDPOINTS, endpointInput({ metadata: { n: 1 } })), ["metadata.n"]);
    const array = await client.post(ENDPOINTS, [endpointInput()]);
    expectProblem(array, 400, "validation_failed");
    expectProblem(await client.post(ENDPOINTS, undefined, { raw: "{", headers: { "content-type": "application/json" } }), 400, "invalid_json");
    expect((await endpointsSnapshot(client)).meta.total).toBe(0);
  });
});

describe("the secret is shown only on create and rotate", () => {
  it("never appears in GET, list, PATCH, DELETE or the delivery routes", async () => {
    const tenant = await t().tenant();
    const { client } = tenant;
    const created = await createEndpoint(client, { events: ["*"] });
    const secretText = created.secret.slice("whsec_".length);
    await createInvoice(client);
    const responses: [string, ApiResponse][] = [];
    responses.push(["GET", await client.get(`${ENDPOINTS}/${created.id}`)]);
    responses.push(["list", await client.get(ENDPOINTS)]);
    responses.push(["list enabled", await client.get(`${ENDPOINTS}?status=enabled`)]);
    responses.push(["PATCH", await client.patch(`${ENDPOINTS}/${created.id}`, { description: "changed" })]);
    responses.push(["test", await client.post(`${ENDPOINTS}/${created.id}/test`)]);
    responses.push(["deliveries", await client.get(`${ENDPOINTS}/${created.id}/deliveries`)]);
    const delivery = responses.at(-1)![1].body.data[0];
    responses.push(["attempts", await client.get(`${ENDPOINTS}/${created.id}/deliveries/${delivery.id}/attempts`)]);
    responses.push(["resend", await client.post(`${ENDPOINTS}/${created.id}/deliveries/${delivery.id}/resend`)]);
    responses.push(["recover", await client.post(`${ENDPOINTS}/${created.id}/recover`, { since: "2000-01-01T00:00:00Z" })]);
    responses.push(["DELETE", await client.delete(`${ENDPOINTS}/${created.id}`)]);
    for (const [name, response] of responses) {
      expect(response.status, `${name}: ${response.text}`).toBeLessThan(300);
      expect(response.text, name).not.toContain(secretText);
      expect(response.text, name).not.toContain("whsec_");
      expect(response.text, name).not.toMatch(/"secret"/);
    }
    const [, get] = responses[0]!;
    expect(get.body).toEqual(withoutSecret(created));
    expect(responses[1]![1].body.data).toEqual([withoutSecret(created)]);
  });
});

describe("GET, list, PATCH, DELETE", () => {
  it("lists the organization's endpoints, newest first, and filters by status", async () => {
    const { client } = await t().tenant();
    const other = await t().tenant();
    await createEndpoint(other.client);
    const a = await createEndpoint(client, { description: "a" });
    clock.advance(1_000);
    const b = await createEndpoint(client, { description: "b" });
    clock.advance(1_000);
    const c = await createEndpoint(client, { description: "c" });
    await patchEndpoint(client, b.id, { status: "disabled" });
    const all = await client.get(ENDPOINTS);
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ total: 3, page: 1, per_page: 25 });
    expect(all.body.data.map((e: any) => e.id)).toEqual([c.id, b.id, a.id]);
    expect(all.body.data[2]).toEqual(withoutSecret(a));
    const enabled = await client.get(`${ENDPOINTS}?status=enabled`);
    expect(enabled.body.data.map((e: any) => e.id)).toEqual([c.id, a.id]);
    const disabled = await client.get(`${ENDPOINTS}?status=disabled`);
    expect(disabled.body.data.map((e: any) => e.id)).toEqual([b.id]);
    expect(disabled.body.data[0]).toMatchObject({ status: "disabled", disabled_reason: "manual" });
    expectInvalid(await client.get(`${ENDPOINTS}?status=paused`), ["status"], "query");
    expectInvalid(await client.get(`${ENDPOINTS}?colour=blue`), ["colour"], "query");
  });

  it("PATCH changes the fields given, keeps the others, and moves updated_at", async () => {
    const { client } = await t().tenant();
    const created = await createEndpoint(client, { description: "first", metadata: { a: "1" } });
    clock.advance(5_000);
    const changes = {
      url: "https://hooks.example.com/v2",
      description: "second",
      events: ["deal.*", "invoice.paid"],
      retry_policy: { schedule: [10, 20] },
      timeout_ms: 3_000,
      metadata: { b: "2" },
    };
    const patched = await patchEndpoint(client, created.id, changes);
    expect(patched).toEqual({ ...withoutSecret(created), ...changes, updated_at: clock().toISOString() });
    expect(await getEndpoint(client, created.id)).toEqual(patched);
    // One field at a time; the rest stays.
    clock.advance(1_000);
    const described = await patchEndpoint(client, created.id, { description: null });
    expect(described).toEqual({ ...patched, description: null, updated_at: clock().toISOString() });
    const emptySchedule = await patchEndpoint(client, created.id, { retry_policy: { schedule: [] } });
    expect(emptySchedule.retry_policy).toEqual({ schedule: [] });
    expect(emptySchedule.events).toEqual(changes.events);
  });

  it("PATCH refuses bad values naming the field, an empty body and unknown fields, and changes nothing", async () => {
    const { client } = await t().tenant();
    const created = await createEndpoint(client);
    const before = await getEndpoint(client, created.id);
    clock.advance(1_000);
    const path = `${ENDPOINTS}/${created.id}`;
    const cases: [unknown, string[]][] = [
      [{}, ["body"]],
      [{ colour: "blue" }, ["colour"]],
      [{ secret: "whsec_AAAA" }, ["secret"]],
      [{ disabled_reason: "gone" }, ["disabled_reason"]],
      [{ status: "paused" }, ["status"]],
      [{ status: null }, ["status"]],
      [{ url: "http://10.0.0.1/hook" }, ["url"]],
      [{ url: "http://169.254.169.254/" }, ["url"]],
      [{ url: "http://[fd00::1]/" }, ["url"]],
      [{ url: "http://0x0a000001/" }, ["url"]],
      [{ url: "http://a:b@hooks.example.com/" }, ["url"]],
      [{ url: "ftp://hooks.example.com/" }, ["url"]],
      [{ url: "" }, ["url"]],
      [{ events: ["invoice.nope"] }, ["events[0]"]],
      [{ events: ["deal.*", "nope.*"] }, ["events[1]"]],
      [{ events: [] }, ["events"]],
      [{ retry_policy: { schedule: Array(21).fill(1) } }, ["retry_policy.schedule"]],
      [{ retry_policy: { schedule: [86_401] } }, ["retry_policy.schedule[0]"]],
      [{ timeout_ms: 30_001 }, ["timeout_ms"]],
      [{ timeout_ms: 999 }, ["timeout_ms"]],
      // A good field does not carry a bad one through.
      [{ description: "fine", events: ["invoice.nope"] }, ["events[0]"]],
      [{ description: "fine", url: "http://192.168.0.1/" }, ["url"]],
    ];
    for (const [body, fields] of cases) {
      expectInvalid(await client.patch(path, body), fields, "body", JSON.stringify(body));
    }
    expectProblem(await client.request("PATCH", path), 400, "validation_failed", "no body");
    expect(await getEndpoint(client, created.id)).toEqual(before);
  });

  it("PATCH status disabled sets disabled_reason manual; enabled clears it", async () => {
    const { client } = await t().tenant();
    const created = await createEndpoint(client);
    const disabled = await patchEndpoint(client, created.id, { status: "disabled" });
    expect(disabled).toMatchObject({ status: "disabled", disabled_reason: "manual" });
    expect(await getEndpoint(client, created.id)).toEqual(disabled);
    // Other changes while disabled keep it disabled, for the same reason.
    const described = await patchEndpoint(client, created.id, { description: "still off" });
    expect(described).toMatchObject({ status: "disabled", disabled_reason: "manual", description: "still off" });
    expect(await patchEndpoint(client, created.id, { status: "disabled" })).toMatchObject({ status: "disabled", disabled_reason: "manual" });
    const enabled = await patchEndpoint(client, created.id, { status: "enabled" });
    expect(enabled).toMatchObject({ status: "enabled", disabled_reason: null });
    expect(await getEndpoint(client, created.id)).toEqual(enabled);
    expect(await patchEndpoint(client, created.id, { status: "enabled" })).toMatchObject({ status: "enabled", disabled_reason: null });
  });

  it("an endpoint disabled by a 410 keeps the reason gone through PATCHes until it is enabled again", async () => {
    const { client } = await t().tenant();
    const created = await createEndpoint(client, { url: `${receiverUrl}/gone`, events: ["*"] });
    await client.post(`${ENDPOINTS}/${created.id}/test`);
    await drain();
    expect(await getEndpoint(client, created.id)).toMatchObject({ status: "disabled", disabled_reason: "gone" });
    expect(await patchEndpoint(client, created.id, { description: "was gone" })).toMatchObject({ status: "disabled", disabled_reason: "gone" });
    expect(await patchEndpoint(client, created.id, { status: "disabled" })).toMatchObject({ status: "disabled", disabled_reason: "gone" });
    expect(await patchEndpoint(client, created.id, { status: "enabled", url: `${receiverUrl}/ok` })).toMatchObject({
      status: "enabled",
      disabled_reason: null,
    });
  });

  it("DELETE removes the endpoint and its deliveries; every route then answers 404", async () => {
    const { client } = await t().tenant();
    const doomed = await createEndpoint(client, { events: ["*"] });
    const kept = await createEndpoint(client, { events: ["*"] });
    await createInvoice(client);
    await client.post(`${ENDPOINTS}/${doomed.id}/test`);
    const [delivery] = await deliveriesOf(client, doomed.id);
    expect(delivery).toBeDefined();
    const keptDeliveries = await deliveriesOf(client, kept.id);
    expect(keptDeliveries).toHaveLength(1);

    const deleted = await client.delete(`${ENDPOINTS}/${doomed.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ id: doomed.id, object: "webhook_endpoint", deleted: true });

    const base = `${ENDPOINTS}/${doomed.id}`;
    const after: [string, string, unknown][] = [
      ["GET", base, undefined],
      ["PATCH", base, { description: "x" }],
      ["DELETE", base, undefined],
      ["POST", `${base}/rotate_secret`, {}],
      ["POST", `${base}/test`, undefined],
      ["POST", `${base}/recover`, { since: "2000-01-01T00:00:00Z" }],
      ["GET", `${base}/deliveries`, undefined],
      ["GET", `${base}/deliveries/${delivery.id}/attempts`, undefined],
      ["POST", `${base}/deliveries/${delivery.id}/resend`, undefined],
    ];
    for (const [method, path, body] of after) {
      expectProblem(await client.request(method, path, { body }), 404, "not_found", `${method} ${path}`);
    }
    expect((await endpointsSnapshot(client)).data.map((e: any) => e.id)).toEqual([kept.id]);
    expect(await deliveriesOf(client, kept.id)).toEqual(keptDeliveries);
    // The next event reaches the endpoint that is left, only.
    await createInvoice(client);
    expect(await deliveriesOf(client, kept.id)).toHaveLength(2);
  });
});

describe("POST /v1/webhook_endpoints/{id}/rotate_secret", () => {
  it("returns the endpoint with a new, different secret; the body is optional", async () => {
    const { client } = await t().tenant();
    const created = await createEndpoint(client);
    clock.advance(1_000);
    const rotated = await client.post(`${ENDPOINTS}/${created.id}/rotate_secret`, { expires_in_hours: 2 });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body).toEqual({ ...withoutSecret(created), updated_at: clock().toISOString(), secret: expect.stringMatching(SECRET) });
    expect(rotated.body.secret).not.toBe(created.secret);
    expect(Buffer.from(rotated.body.secret.slice("whsec_".length), "base64")).toHaveLength(32);

    const noBody = await client.post(`${ENDPOINTS}/${created.id}/rotate_secret`);
    expect(noBody.status, noBody.text).toBe(200);
    expect(noBody.body.secret).toMatch(SECRET);
    expect(new Set([created.secret, rotated.body.secret, noBody.body.secret]).size).toBe(3);

    const emptyObject = await client.post(`${ENDPOINTS}/${created.id}/rotate_secret`, {});
    expect(emptyObject.status, emptyObject.text).toBe(200);
    for (const hours of [0, 168]) {
      const response = await client.post(`${ENDPOINTS}/${created.id}/rotate_secret`, { expires_in_hours: hours });
      expect(response.status, `${hours}: ${response.text}`).toBe(200);
    }
    // The endpoint itself (without secret) is unchanged apart from updated_at.
    expect(await getEndpoint(client, created.id)).toEqual({ ...withoutSecret(created), updated_at: clock().toISOString() });
  });

  it("refuses expires_in_hours outside 0..168, non-integers and unknown fields, and keeps the secret", async () => {
    const { client } = await t().tenant();
    const created = await createEndpoint(client, { events: ["*"] });
    const before = await getEndpoint(client, created.id);
    clock.advance(1_000);
    const cases: [unknown, string][] = [
      [{ expires_in_hours: -1 }, "expires_in_hours"],
      [{ expires_in_hours: 169 }, "expires_in_hours"],
      [{ expires_in_hours: 1.5 }, "expires_in_hours"],
      [{ expires_in_hours: "24" }, "expires_in_hours"],
      [{ expires_in_hours: null }, "expires_in_hours"],
      [{ hours: 24 }, "hours"],
    ];
    for (const [body, field] of cases) {
      expectInvalid(await client.post(`${ENDPOINTS}/${created.id}/rotate_secret`, body), [field], "body", JSON.stringify(body));
    }
    expect(await getEndpoint(client, created.id)).toEqual(before);
    // Deliveries are still signed with the original secret alone.
    const ping = (await client.post(`${ENDPOINTS}/${created.id}/test`)).body;
    await drain();
    const [arrival] = arrivalsOf(ping.event_id);
    expect(arrival).toBeDefined();
    expect(signatureCount(arrival!)).toBe(1);
    expect(signedWith(arrival!, created.secret)).toBe(true);
  });

  it("the returned secrets are the signing secrets: both sign until the old one expires (default 24 h), then only the new one", async () => {
    const { client } = await t().tenant();
    const created = await createEndpoint(client, { events: ["*"] });
    const rotatedAt = clock().getTime();
    const rotated = (await client.post(`${ENDPOINTS}/${created.id}/rotate_secret`)).body;

    const ping = async () => {
      const response = await client.post(`${ENDPOINTS}/${created.id}/test`);
      expect(response.status, response.text).toBe(202);
      await drain();
      const arrivals = arrivalsOf(response.body.event_id);
      expect(arrivals).toHaveLength(1);
      return arrivals[0]!;
    };

    const now = await ping();
    // The public library accepts the delivery with either secret.
    const headers = {
      "webhook-id": String(now.headers["webhook-id"]),
      "webhook-timestamp": String(now.headers["webhook-timestamp"]),
      "webhook-signature": String(now.headers["webhook-signature"]),
    };
    expect(() => new Webhook(rotated.secret).verify(now.body, headers)).not.toThrow();
    expect(() => new Webhook(created.secret).verify(now.body, headers)).not.toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(now.body, headers)).toThrow();
    expect(signatureCount(now)).toBe(2);

    clock.set(new Date(rotatedAt + 24 * 3_600_000 - 60_000));
    const justBefore = await ping();
    expect(signatureCount(justBefore)).toBe(2);
    expect(signedWith(justBefore, rotated.secret)).toBe(true);
    expect(signedWith(justBefore, created.secret)).toBe(true);

    clock.set(new Date(rotatedAt + 24 * 3_600_000 + 60_000));
    const after = await ping();
    expect(signatureCount(after)).toBe(1);
    expect(signedWith(after, rotated.secret)).toBe(true);
    expect(signedWith(after, created.secret)).toBe(false);
  });

  it("expires_in_hours 0 drops the old secret at once", async () => {
    const { client } = await t().tenant();
    const created = await createEndpoint(client, { events: ["*"] });
    const rotated = (await client.post(`${ENDPOINTS}/${created.id}/rotate_secret`, { expires_in_hours: 0 })).body;
    const ping = (await client.post(`${ENDPOINTS}/${created.id}/test`)).body;
    await drain();
    const [arrival] = arrivalsOf(ping.event_id);
    expect(arrival).toBeDefined();
    expect(signatureCount(arrival!)).toBe(1);
    expect(signedWith(arrival!, rotated.secret)).toBe(true);
    expect(signedWith(arrival!, created.secret)).toBe(false);
  });
});

describe("deliveries are written with the events", () => {
  let tenant: Tenant;
  let client: Client;
  let invoiceStar: any;
  let invoiceCreated: any;
  let dealStar: any;
  let everything: any;
  let disabled: any;
  let events: any[];
  /** Events committed before the endpoints existed (the full-access key's api_key.created). */
  let earlier: Set<string>;

  beforeAll(async () => {
    tenant = await t().tenant();
    client = tenant.client;
    earlier = new Set((await allEvents(client)).map((e) => e.id));
    expect(earlier.size).toBeGreaterThan(0);
    invoiceStar = await createEndpoint(client, { events: ["invoice.*"] });
    invoiceCreated = await createEndpoint(client, { events: ["invoice.created"] });
    dealStar = await createEndpoint(client, { events: ["deal.*"] });
    everything = await createEndpoint(client, { events: ["*"] });
    disabled = await createEndpoint(client, { events: ["*"] });
    await patchEndpoint(client, disabled.id, { status: "disabled" });
    const invoice = await createInvoice(client, { status: "open" });
    await act(client, invoice.id, "pay", { amount: invoice.amount });
    await createInvoice(client);
    await createAccount(client);
    events = (await allEvents(client)).filter((e) => !earlier.has(e.id));
  });

  it("an endpoint subscribed to invoice.* gets exactly one pending, untried delivery per invoice event", async () => {
    const invoiceEvents = events.filter((e) => e.type.startsWith("invoice."));
    expect(invoiceEvents.length).toBeGreaterThanOrEqual(4);
    const deliveries = await deliveriesOf(client, invoiceStar.id);
    expect(deliveries).toHaveLength(invoiceEvents.length);
    expect(deliveries.map((d) => d.event_id).sort()).toEqual(invoiceEvents.map((e) => e.id).sort());
    const byEvent = new Map(events.map((e) => [e.id, e]));
    for (const delivery of deliveries) {
      const event = byEvent.get(delivery.event_id)!;
      expect(delivery).toEqual({
        id: expect.stringMatching(DELIVERY_ID),
        object: "webhook_delivery",
        endpoint_id: invoiceStar.id,
        event_id: event.id,
        event_type: event.type,
        status: "pending",
        attempt_count: 0,
        next_attempt_at: event.timestamp,
        last_attempt_at: null,
        created_at: event.timestamp,
        updated_at: event.timestamp,
      });
    }
  });

  it("an exact kind gets that kind only; deal.* gets no invoice events; * gets every event; a disabled endpoint's are held", async () => {
    const created = await deliveriesOf(client, invoiceCreated.id);
    const createdEvents = events.filter((e) => e.type === "invoice.created");
    expect(createdEvents).toHaveLength(2);
    expect(created.map((d) => d.event_id).sort()).toEqual(createdEvents.map((e) => e.id).sort());

    expect(await deliveriesOf(client, dealStar.id)).toEqual([]);

    const all = await deliveriesOf(client, everything.id);
    expect(events.some((e) => e.type === "account.created")).toBe(true);
    expect(all.map((d) => d.event_id).some((id) => earlier.has(id))).toBe(false);
    expect(all.map((d) => d.event_id).sort()).toEqual(events.map((e) => e.id).sort());

    // Nothing is lost while an endpoint is off: its deliveries are written, held (no next attempt) until it is enabled.
    const held = await deliveriesOf(client, disabled.id);
    expect(held.map((d) => d.event_id).sort()).toEqual(events.map((e) => e.id).sort());
    for (const delivery of held) expect(delivery).toMatchObject({ status: "pending", attempt_count: 0, next_attempt_at: null });
  });

  it("an endpoint gets no deliveries for events committed before it existed, and one enabled again gets the next ones", async () => {
    const late = await createEndpoint(client, { events: ["*"] });
    expect(await deliveriesOf(client, late.id)).toEqual([]);
    const other = await t().tenant();
    await createInvoice(other.client);
    expect(await deliveriesOf(client, late.id)).toEqual([]);

    const heldBefore = (await deliveriesOf(client, disabled.id)).length;
    const reenabled = await client.patch(`${ENDPOINTS}/${disabled.id}`, { status: "enabled" });
    expect(reenabled.status).toBe(200);
    // Enabled again: what was held is due now.
    for (const delivery of await deliveriesOf(client, disabled.id)) expect(delivery.next_attempt_at).not.toBeNull();
    const invoice = await createInvoice(client);
    const [event] = await client.get(`/v1/events?object_id=${invoice.id}`).then((r) => r.body.data);
    const after = await deliveriesOf(client, disabled.id);
    expect(after).toHaveLength(heldBefore + 1);
    expect(after.map((d) => d.event_id)).toContain(event.id);
    expect((await deliveriesOf(client, late.id)).map((d) => d.event_id)).toEqual([event.id]);
    await patchEndpoint(client, disabled.id, { status: "disabled" });
    events = (await allEvents(client)).filter((e) => !earlier.has(e.id));
  });

  it("the deliveries list filters by status, event_type and event_id", async () => {
    const all = await deliveriesOf(client, everything.id);
    expect(await deliveriesOf(client, everything.id, "status=pending")).toEqual(all);
    for (const status of ["succeeded", "failed", "exhausted"]) {
      expect(await deliveriesOf(client, everything.id, `status=${status}`), status).toEqual([]);
    }
    const paid = all.filter((d) => d.event_type === "invoice.paid");
    expect(paid).toHaveLength(1);
    expect(await deliveriesOf(client, everything.id, "event_type=invoice.paid")).toEqual(paid);
    expect(await deliveriesOf(client, everything.id, "event_type=invoice.created&status=pending")).toEqual(
      all.filter((d) => d.event_type === "invoice.created"),
    );
    expect(await deliveriesOf(client, everything.id, "event_type=deal.created")).toEqual([]);
    expect(await deliveriesOf(client, everything.id, `event_id=${paid[0].event_id}`)).toEqual(paid);
    // Newest first by default.
    expect(all.map((d) => d.created_at)).toEqual([...all.map((d) => d.created_at)].sort().reverse());
    const path = `${ENDPOINTS}/${everything.id}/deliveries`;
    expectInvalid(await client.get(`${path}?status=delivered`), ["status"], "query");
    expectInvalid(await client.get(`${path}?event_id=inv_01h455vb4pex5vsknk084sn02q`), ["event_id"], "query");
    expectInvalid(await client.get(`${path}?colour=blue`), ["colour"], "query");
  });

  it("the attempts of an untried delivery are an empty list", async () => {
    const [delivery] = await deliveriesOf(client, invoiceStar.id);
    const response = await client.get(`${ENDPOINTS}/${invoiceStar.id}/deliveries/${delivery.id}/attempts`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.meta.total).toBe(0);
    // A delivery of another endpoint is not found through this one.
    const [foreign] = await deliveriesOf(client, everything.id);
    expectProblem(await client.get(`${ENDPOINTS}/${invoiceStar.id}/deliveries/${foreign.id}/attempts`), 404, "not_found");
    expectProblem(await client.post(`${ENDPOINTS}/${invoiceStar.id}/deliveries/${foreign.id}/resend`), 404, "not_found");
    expectProblem(await client.get(`${ENDPOINTS}/${invoiceStar.id}/deliveries/${newId("webhookDelivery")}/attempts`), 404, "not_found");
  });

  it("POST .../test answers 202 with a pending webhook_endpoint.ping delivery that the list shows", async () => {
    clock.advance(1_000);
    const response = await client.post(`${ENDPOINTS}/${dealStar.id}/test`);
    expect(response.status, response.text).toBe(202);
    const now = clock().toISOString();
    expect(response.body).toEqual({
      id: expect.stringMatching(DELIVERY_ID),
      object: "webhook_delivery",
      endpoint_id: dealStar.id,
      event_id: expect.stringMatching(EVENT_ID),
      event_type: "webhook_endpoint.ping",
      status: "pending",
      attempt_count: 0,
      next_attempt_at: now,
      last_attempt_at: null,
      created_at: now,
      updated_at: now,
    });
    expect(await deliveriesOf(client, dealStar.id)).toEqual([response.body]);
    expect(await deliveriesOf(client, dealStar.id, "event_type=webhook_endpoint.ping")).toEqual([response.body]);
    // It goes to that endpoint only.
    expect(await deliveriesOf(client, everything.id, "event_type=webhook_endpoint.ping")).toEqual([]);
    expectInvalid(await client.post(`${ENDPOINTS}/${dealStar.id}/test`, { colour: "blue" }), ["colour"]);
  });

  it("resend answers 202 with the delivery due now; recover answers with how many it re-sent", async () => {
    const [delivery] = await deliveriesOf(client, invoiceCreated.id);
    clock.advance(1_000);
    const resent = await client.post(`${ENDPOINTS}/${invoiceCreated.id}/deliveries/${delivery.id}/resend`);
    expect(resent.status, resent.text).toBe(202);
    expect(resent.body).toEqual({
      ...delivery,
      status: "pending",
      attempt_count: 0,
      next_attempt_at: clock().toISOString(),
      updated_at: clock().toISOString(),
    });

    const recovered = await client.post(`${ENDPOINTS}/${invoiceCreated.id}/recover`, { since: "2000-01-01T00:00:00Z" });
    expect(recovered.status, recovered.text).toBe(202);
    expect(recovered.body).toEqual({ object: "webhook_recovery", endpoint_id: invoiceCreated.id, since: "2000-01-01T00:00:00.000Z", resent: 0 });

    const path = `${ENDPOINTS}/${invoiceCreated.id}/recover`;
    expectInvalid(await client.post(path, {}), ["since"]);
    expectInvalid(await client.post(path, { since: "yesterday" }), ["since"]);
    expectInvalid(await client.post(path, { since: "2026-01-01" }), ["since"]);
    expectInvalid(await client.post(path, { since: "2026-01-01T00:00:00Z", colour: "blue" }), ["colour"]);
    expectInvalid(await client.post(`${ENDPOINTS}/${invoiceCreated.id}/deliveries/${delivery.id}/resend`, { colour: "blue" }), ["colour"]);
  });
});

describe("recover after failures", () => {
  it("re-sends the failed and exhausted deliveries created since the given time, not the succeeded ones", async () => {
    const { client } = await t().tenant();
    await drain(); // earlier tests' deliveries out of the way
    const failing = await createEndpoint(client, { url: `${receiverUrl}/fail`, events: ["invoice.*"], retry_policy: { schedule: [] } });
    const retrying = await createEndpoint(client, { url: `${receiverUrl}/fail`, events: ["invoice.*"], retry_policy: { schedule: [3_600] } });
    const fine = await createEndpoint(client, { url: `${receiverUrl}/ok`, events: ["invoice.*"] });
    const before = clock().toISOString();
    clock.advance(1_000);
    await createInvoice(client);
    await drain();

    const [exhausted] = await deliveriesOf(client, failing.id);
    expect(exhausted).toMatchObject({ status: "exhausted", attempt_count: 1, next_attempt_at: null, last_attempt_at: clock().toISOString() });
    const attempts = await client.get(`${ENDPOINTS}/${failing.id}/deliveries/${exhausted.id}/attempts`);
    expect(attempts.status).toBe(200);
    expect(attempts.body.data).toHaveLength(1);
    expect(attempts.body.data[0]).toMatchObject({
      object: "webhook_attempt",
      delivery_id: exhausted.id,
      response_status: 500,
      response_body: "status 500",
      blocked: false,
    });
    const [failed] = await deliveriesOf(client, retrying.id);
    expect(failed).toMatchObject({ status: "failed", attempt_count: 1 });
    expect((await deliveriesOf(client, fine.id))[0]).toMatchObject({ status: "succeeded", attempt_count: 1 });

    clock.advance(1_000);
    // Nothing failed after now.
    const none = await client.post(`${ENDPOINTS}/${failing.id}/recover`, { since: clock().toISOString() });
    expect(none.status, none.text).toBe(202);
    expect(none.body.resent).toBe(0);
    expect((await deliveriesOf(client, failing.id))[0]).toEqual(exhausted);

    for (const endpoint of [failing, retrying, fine]) {
      const response = await client.post(`${ENDPOINTS}/${endpoint.id}/recover`, { since: before });
      expect(response.status, response.text).toBe(202);
      expect(response.body).toEqual({ object: "webhook_recovery", endpoint_id: endpoint.id, since: before, resent: endpoint === fine ? 0 : 1 });
    }
    for (const endpoint of [failing, retrying]) {
      expect((await deliveriesOf(client, endpoint.id))[0]).toMatchObject({ status: "pending", attempt_count: 0, next_attempt_at: clock().toISOString() });
    }
    expect((await deliveriesOf(client, fine.id))[0]).toMatchObject({ status: "succeeded" });
    // The attempts log is kept.
    expect((await client.get(`${ENDPOINTS}/${failing.id}/deliveries/${exhausted.id}/attempts`)).body.data).toHaveLength(1);
  });
});

describe("other organizations, keys and ids", () => {
  it("every endpoint route answers 404 for another organization's endpoint and changes nothing", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const endpoint = await createEndpoint(a.client, { events: ["*"] });
    await createInvoice(a.client);
    const [delivery] = await deliveriesOf(a.client, endpoint.id);
    const own = await createEndpoint(b.client, { events: ["*"] });
    const endpointBefore = await getEndpoint(a.client, endpoint.id);
    const deliveriesBefore = await deliveriesOf(a.client, endpoint.id);
    clock.advance(1_000);

    const base = `${ENDPOINTS}/${endpoint.id}`;
    const attempts: [string, string, unknown][] = [
      ["GET", base, undefined],
      ["PATCH", base, { description: "mine now", status: "disabled" }],
      ["DELETE", base, undefined],
      ["POST", `${base}/rotate_secret`, { expires_in_hours: 0 }],
      ["POST", `${base}/test`, undefined],
      ["POST", `${base}/recover`, { since: "2000-01-01T00:00:00Z" }],
      ["GET", `${base}/deliveries`, undefined],
      ["GET", `${base}/deliveries/${delivery.id}/attempts`, undefined],
      ["POST", `${base}/deliveries/${delivery.id}/resend`, undefined],
      // b's own endpoint with a's delivery
      ["GET", `${ENDPOINTS}/${own.id}/deliveries/${delivery.id}/attempts`, undefined],
      ["POST", `${ENDPOINTS}/${own.id}/deliveries/${delivery.id}/resend`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await b.client.request(method, path, { body });
      expectProblem(response, 404, "not_found", `${method} ${path}`);
      expect(response.text).not.toContain("whsec_");
    }
    expect((await endpointsSnapshot(b.client)).data.map((e: any) => e.id)).toEqual([own.id]);
    expect(await getEndpoint(a.client, endpoint.id)).toEqual(endpointBefore);
    expect(await deliveriesOf(a.client, endpoint.id)).toEqual(deliveriesBefore);
    expect(await deliveriesOf(b.client, own.id)).toEqual([]);
  });

  it("read_only and engine keys get 403 naming webhooks:manage on every webhook route, and change nothing", async () => {
    const tenant = await t().tenant();
    // invoice.* rather than *: creating the keys below emits api_key.created.
    const endpoint = await createEndpoint(tenant.client, { events: ["invoice.*"] });
    await createInvoice(tenant.client);
    const [delivery] = await deliveriesOf(tenant.client, endpoint.id);
    const endpointBefore = await getEndpoint(tenant.client, endpoint.id);
    const deliveriesBefore = await deliveriesOf(tenant.client, endpoint.id);
    clock.advance(1_000);
    const keys = [
      await tenant.newKey("read_only"),
      await tenant.newKey("engine", { engines: ["finance"] }),
      await tenant.newKey("engine", { engines: ["finance", "growth", "talent", "agent"] }),
    ];
    const base = `${ENDPOINTS}/${endpoint.id}`;
    const routes: [string, string, unknown][] = [
      ["GET", ENDPOINTS, undefined],
      ["POST", ENDPOINTS, endpointInput()],
      ["GET", base, undefined],
      ["PATCH", base, { description: "nope" }],
      ["DELETE", base, undefined],
      ["POST", `${base}/rotate_secret`, {}],
      ["POST", `${base}/test`, undefined],
      ["POST", `${base}/recover`, { since: "2000-01-01T00:00:00Z" }],
      ["GET", `${base}/deliveries`, undefined],
      ["GET", `${base}/deliveries/${delivery.id}/attempts`, undefined],
      ["POST", `${base}/deliveries/${delivery.id}/resend`, undefined],
    ];
    for (const key of keys) {
      for (const [method, path, body] of routes) {
        const response = await key.client.request(method, path, { body });
        const problem = expectProblem(response, 403, "insufficient_permission", `${method} ${path}`);
        expect(problem.required_permission, `${method} ${path}`).toBe("webhooks:manage");
        expect(problem.detail).toContain("webhooks:manage");
        expect(response.text).not.toContain("whsec_");
      }
    }
    expect((await endpointsSnapshot(tenant.client)).data).toEqual([endpointBefore]);
    expect(await deliveriesOf(tenant.client, endpoint.id)).toEqual(deliveriesBefore);
    // Without a key at all: 401.
    expectProblem(await t().client.get(ENDPOINTS), 401, "missing_api_key");
    expectProblem(await t().client.post(ENDPOINTS, endpointInput()), 401, "missing_api_key");
  });

  it("ids of the wrong kind are a 400 naming the path parameter; well-formed unknown ids a 404", async () => {
    const { client } = await t().tenant();
    const endpoint = await createEndpoint(client);
    const badEndpointIds = [newId("invoice"), newId("webhookDelivery"), "whe_123", "nope", "WHE_01H455VB4PEX5VSKNK084SN02Q"];
    for (const id of badEndpointIds) {
      const routes: [string, string, unknown][] = [
        ["GET", `${ENDPOINTS}/${id}`, undefined],
        ["PATCH", `${ENDPOINTS}/${id}`, { description: "x" }],
        ["DELETE", `${ENDPOINTS}/${id}`, undefined],
        ["POST", `${ENDPOINTS}/${id}/rotate_secret`, {}],
        ["POST", `${ENDPOINTS}/${id}/test`, undefined],
        ["POST", `${ENDPOINTS}/${id}/recover`, { since: "2000-01-01T00:00:00Z" }],
        ["GET", `${ENDPOINTS}/${id}/deliveries`, undefined],
        ["GET", `${ENDPOINTS}/${id}/deliveries/${newId("webhookDelivery")}/attempts`, undefined],
        ["POST", `${ENDPOINTS}/${id}/deliveries/${newId("webhookDelivery")}/resend`, undefined],
      ];
      for (const [method, path, body] of routes) {
        expectInvalid(await client.request(method, path, { body }), ["id"], "path", `${method} ${path}`);
      }
    }
    for (const id of [newId("event"), newId("webhookEndpoint"), "whd_123"]) {
      expectInvalid(await client.get(`${ENDPOINTS}/${endpoint.id}/deliveries/${id}/attempts`), ["delivery_id"], "path", id);
      expectInvalid(await client.post(`${ENDPOINTS}/${endpoint.id}/deliveries/${id}/resend`), ["delivery_id"], "path", id);
    }
    const missing = newId("webhookEndpoint");
    const routes: [string, string, unknown][] = [
      ["GET", `${ENDPOINTS}/${missing}`, undefined],
      ["PATCH", `${ENDPOINTS}/${missing}`, { description: "x" }],
      ["DELETE", `${ENDPOINTS}/${missing}`, undefined],
      ["POST", `${ENDPOINTS}/${missing}/rotate_secret`, {}],
      ["POST", `${ENDPOINTS}/${missing}/test`, undefined],
      ["POST", `${ENDPOINTS}/${missing}/recover`, { since: "2000-01-01T00:00:00Z" }],
      ["GET", `${ENDPOINTS}/${missing}/deliveries`, undefined],
      ["GET", `${ENDPOINTS}/${missing}/deliveries/${newId("webhookDelivery")}/attempts`, undefined],
      ["POST", `${ENDPOINTS}/${missing}/deliveries/${newId("webhookDelivery")}/resend`, undefined],
      ["POST", `${ENDPOINTS}/${endpoint.id}/deliveries/${newId("webhookDelivery")}/resend`, undefined],
    ];
    for (const [method, path, body] of routes) {
      expectProblem(await client.request(method, path, { body }), 404, "not_found", `${method} ${path}`);
    }
    expect(await getEndpoint(client, endpoint.id)).toEqual(withoutSecret(endpoint));
  });
});
