import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EventSource } from "eventsource";
import { insertEvents } from "../../src/platform/events/outbox.ts";
import { testDbKind } from "../helpers/database.ts";
import { useTestApp, type Client, type Tenant } from "../helpers/harness.ts";
import { openStream, type SseConnection } from "../helpers/sse.ts";

/**
 * GET /v1/events/stream in one process (two processes: test/ops/event-stream-processes.test.ts):
 * what it carries, its filters and visibility, resuming with Last-Event-ID, the
 * per-key bound, heartbeats, and the commit-order guarantee on PostgreSQL.
 */
const t = useTestApp({ eventStream: { heartbeatMs: 300, pollMs: 50, maxPerKey: 2 } });

const invoice = (client: Client, name = "Globex") => client.post("/v1/invoices", { client: name, amount: 120, currency: "EUR", due_date: "2031-01-31" });

async function stream(key: string, query = "", headers: Record<string, string> = {}): Promise<SseConnection> {
  return openStream(`${t().url}/v1/events/stream${query}`, { authorization: `Bearer ${key}`, ...headers });
}

/** The default pipeline's stage of `kind` (open stages in order, then won, lost). */
async function stageOf(client: Client, kind: "won" | "lost"): Promise<string> {
  const pipelines = await client.get("/v1/pipelines");
  return pipelines.body.data[0].stages.find((s: { kind: string }) => s.kind === kind).id;
}

/** Resolves once the stream has been registered and has read its position: a write after it is carried. */
async function opened(connection: SseConnection): Promise<SseConnection> {
  expect(connection.status, JSON.stringify(connection.problem)).toBe(200);
  await connection.waitFor("the opening comment", () => connection.comments.some((c) => c.startsWith("streaming events of")));
  return connection;
}

describe("GET /v1/events/stream", () => {
  it("carries each committed event once, in order, as GET /v1/events/{id} shows it", async () => {
    const tenant = await t().tenant();
    const connection = await opened(await stream(tenant.key));
    expect(connection.headers["content-type"]).toMatch(/^text\/event-stream/);
    const first = await invoice(tenant.client, "One");
    const deal = await tenant.client.post("/v1/deals", { name: "Big one", amount: 5000 });
    expect(deal.status).toBe(201);
    await connection.waitFor("the deal", () => connection.messages.some((m) => m.event === "deal.created"));
    const messages = connection.messages;
    // The organization's first deal makes its default pipeline.
    expect(messages.map((m) => m.event)).toEqual(["invoice.created", "pipeline.created", "deal.created"]);
    const [event] = messages.map((m) => JSON.parse(m.data));
    expect(event.data.object.id).toBe(first.body.id);
    const single = await tenant.client.get(`/v1/events/${messages[0]!.id}`);
    expect(single.body).toEqual(event);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(connection.messages).toHaveLength(3);
    connection.close();
  });

  it("filters by type patterns with the subscriptions' syntax, and refuses a pattern that names nothing", async () => {
    const tenant = await t().tenant();
    const connection = await opened(await stream(tenant.key, "?type=deal.won,invoice.*"));
    await tenant.client.post("/v1/contacts", { first_name: "Ada", last_name: "Lovelace" });
    const deal = await tenant.client.post("/v1/deals", { name: "Won soon", amount: 100 });
    await invoice(tenant.client);
    expect((await tenant.client.patch(`/v1/deals/${deal.body.id}`, { stage_id: await stageOf(tenant.client, "won") })).status).toBe(200);
    await connection.waitFor("the deal.won", () => connection.messages.some((m) => m.event === "deal.won"));
    expect(connection.messages.map((m) => m.event)).toEqual(["invoice.created", "deal.won"]);
    connection.close();

    const refused = await stream(tenant.key, "?type=invoice.payed");
    expect(refused.status).toBe(400);
    expect(refused.problem.errors).toEqual([{ in: "query", field: "type", message: expect.stringContaining('"invoice.payed" names no event type') }]);
  });

  it("carries only what the caller may see: a finance key's stream has no candidate or deal events", async () => {
    const tenant = await t().tenant();
    const finance = await tenant.newKey("engine", { engines: ["finance"] });
    const connection = await opened(await stream(finance.secret));
    const job = await tenant.client.post("/v1/jobs", { title: "Engineer" });
    await tenant.client.post("/v1/candidates", { job_id: job.body.id, first_name: "Grace", last_name: "Hopper", email: "grace@example.com" });
    await tenant.client.post("/v1/deals", { name: "Hidden", amount: 1 });
    await invoice(tenant.client, "Seen");
    await connection.waitForMessages(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(connection.messages.map((m) => m.event)).toEqual(["invoice.created"]);
    connection.close();
    // Resuming from an event it may not see is refused as if it did not exist.
    const hidden = (await tenant.client.get("/v1/events?type=candidate.created")).body.data[0].id;
    const refused = await stream(finance.secret, "", { "last-event-id": hidden });
    expect(refused.status).toBe(400);
    expect(refused.problem.errors[0]).toMatchObject({ in: "header", field: "Last-Event-ID" });
  });

  it("resumes after a cut with Last-Event-ID: the events since, once each, then live", async () => {
    const tenant = await t().tenant();
    const first = await opened(await stream(tenant.key, "?type=invoice.created"));
    for (const name of ["A", "B", "C"]) await invoice(tenant.client, name);
    const seen = await first.waitForMessages(3);
    first.close();
    // Written while no one listens.
    for (const name of ["D", "E"]) await invoice(tenant.client, name);
    const resumed = await stream(tenant.key, "?type=invoice.created", { "last-event-id": seen[1]!.id! });
    expect(resumed.status).toBe(200);
    await resumed.waitForMessages(3);
    await invoice(tenant.client, "F");
    const after = await resumed.waitForMessages(4);
    const clients = after.map((m) => JSON.parse(m.data).data.object.client);
    expect(clients).toEqual(["C", "D", "E", "F"]);
    // The query parameter does the same for clients that cannot set headers.
    const byQuery = await stream(tenant.key, `?type=invoice.created&last_event_id=${after[2]!.id}`);
    const rest = await byQuery.waitForMessages(1);
    expect(JSON.parse(rest[0]!.data).data.object.client).toBe("F");
    resumed.close();
    byQuery.close();
  });

  it("reconnects with the `eventsource` client and its own Last-Event-ID after the server cuts the connection", async () => {
    const tenant = await t().tenant();
    const received: string[] = [];
    const source = new EventSource(`${t().url}/v1/events/stream?type=invoice.created`, {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${tenant.key}` } }),
    });
    source.addEventListener("invoice.created", (e) => received.push(JSON.parse((e as MessageEvent).data).data.object.client));
    await new Promise<void>((resolve) => (source.onopen = () => resolve()));
    await invoice(tenant.client, "before the cut");
    const deadline = Date.now() + 10_000;
    while (received.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // Every connection to the server is cut; EventSource reconnects on its own.
    t().app.server.closeAllConnections();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await invoice(tenant.client, "during the cut");
    await invoice(tenant.client, "after the cut");
    while (received.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    source.close();
    expect(received).toEqual(["before the cut", "during the cut", "after the cut"]);
  });

  it("refuses a key's streams beyond its bound with a 429 problem, and admits again once one closes", async () => {
    const tenant = await t().tenant();
    const [a, b] = [await opened(await stream(tenant.key)), await opened(await stream(tenant.key))];
    const refused = await stream(tenant.key);
    expect(refused.status).toBe(429);
    expect(refused.problem).toMatchObject({ code: "too_many_streams", status: 429 });
    expect(refused.problem.detail).toContain("(2)");
    // Another key of the organization has its own bound.
    const other = await tenant.newKey("read_only");
    const third = await opened(await stream(other.secret));
    a.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await opened(await stream(tenant.key));
    for (const c of [b, third, again]) c.close();
  });

  it("ends the streams of a key once it is revoked", async () => {
    const tenant = await t().tenant();
    const spare = await tenant.newKey("read_only");
    const connection = await opened(await stream(spare.secret));
    expect((await tenant.client.delete(`/v1/api_keys/${spare.id}`)).status).toBe(200);
    await Promise.race([connection.ended, new Promise((_, reject) => setTimeout(() => reject(new Error("the stream outlived its key")), 10_000))]);
    expect((await stream(spare.secret)).status).toBe(401);
  });

  it("sends a heartbeat comment while nothing happens", async () => {
    const tenant = await t().tenant();
    const connection = await opened(await stream(tenant.key));
    await connection.waitFor("two heartbeats", () => connection.comments.filter((c) => c === "heartbeat").length >= 2, 3_000);
    expect(connection.messages).toHaveLength(0);
    connection.close();
  });

  it("answers problems before streaming: no key, a malformed Last-Event-ID, an unknown one", async () => {
    const none = await openStream(`${t().url}/v1/events/stream`, {});
    expect(none.status).toBe(401);
    const tenant = await t().tenant();
    const malformed = await stream(tenant.key, "", { "last-event-id": "nope" });
    expect(malformed.status).toBe(400);
    const unknown = await stream(tenant.key, "", { "last-event-id": "evt_01jd8z6q4m2c8v3t5y7w9x0a1b" });
    expect(unknown.status).toBe(400);
    expect(unknown.problem.errors[0]).toMatchObject({ in: "header", field: "Last-Event-ID" });
  });

  it("is documented as text/event-stream of Event", async () => {
    const doc = (await t().client.get("/v1/openapi.json")).body;
    const op = doc.paths["/v1/events/stream"].get;
    expect(op.operationId).toBe("streamEvents");
    const schema = op.responses["200"].content["text/event-stream"].schema;
    expect(schema.properties.data.properties.object).toBeDefined();
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["type", "last_event_id", "last-event-id"]));
  });
});

describe.skipIf(testDbKind() !== "postgres")("commit order on PostgreSQL", () => {
  it("holds back an event while an older transaction is open, then carries both in order, so a resume misses neither", async () => {
    const tenant: Tenant = await t().tenant();
    const connection = await opened(await stream(tenant.key, "?type=invoice.created"));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const ctx = { orgId: tenant.orgId, requestId: null, idempotencyKey: null, now: new Date() };
    // The older transaction: its event row takes a lower seq, and it commits last.
    const older = t().database.db.transaction(async (tx) => {
      await insertEvents(t().database.db, tx, ctx, [
        { type: "invoice.created", object: { id: "inv_01jd8z6q4m2c8v3t5y7w9x0a1b", client: "older" } as { id: string } },
      ]);
      inserted();
      await gate;
    });
    await insertedYet;
    const newer = await invoice(tenant.client, "newer");
    expect(newer.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(connection.messages).toHaveLength(0);
    release();
    await older;
    const both = await connection.waitForMessages(2);
    expect(both.map((m) => JSON.parse(m.data).data.object.client)).toEqual(["older", "newer"]);
    const resumed = await stream(tenant.key, "?type=invoice.created", { "last-event-id": both[0]!.id! });
    const rest = await resumed.waitForMessages(1);
    expect(JSON.parse(rest[0]!.data).data.object.client).toBe("newer");
    connection.close();
    resumed.close();
  });

  it("starts after what has committed when it opens, even while an older transaction is still open", async () => {
    const tenant: Tenant = await t().tenant();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const begunYet = new Promise<void>((resolve) => (begun = resolve));
    // Any older transaction holds the horizon back (another tenant's, or another database's on the same server).
    const older = t().database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_current_xact_id()`);
      begun();
      await gate;
    });
    await begunYet;
    expect((await invoice(tenant.client, "before")).status).toBe(201);
    const connection = await opened(await stream(tenant.key, "?type=invoice.created"));
    release();
    await older;
    expect((await invoice(tenant.client, "after")).status).toBe(201);
    const [first] = await connection.waitForMessages(1);
    expect(JSON.parse(first!.data).data.object.client).toBe("after");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(connection.messages).toHaveLength(1);
    connection.close();
  });
});
