import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/rows.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { api, apiUrlOf, newOrg, ON_POSTGRES, Processes, waitUntil, webhookReceiver } from "./helpers.ts";

/**
 * Scale-out, proven: two API processes and two workers on one PostgreSQL and
 * one Redis, with the test as a round-robin balancer in front of the APIs,
 * under mixed load (a rate-limit burst, writes that emit events, list reads,
 * and the scheduler's jobs in both workers). Asserted: the two APIs spend one
 * rate-limit budget; every event is delivered to a local receiver that checks
 * each signature with `standardwebhooks`; each past-due invoice is announced
 * overdue once and each organization gets one scheduled snapshot, although
 * both workers run every job every half second.
 */
let testDb: TestDatabase;
let processes: Processes;
let apis: string[] = [];
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

describe.skipIf(!ON_POSTGRES)("scale-out: 2 APIs, 2 workers, one PostgreSQL and Redis", () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    processes = new Processes(testDb.url!);
    receiver = await webhookReceiver();
    // API processes serve requests only; the workers run the queues and the scheduler.
    // REDIS_TIMEOUT_MS: on a loaded CI machine an event-loop stall of 150 ms (the default) reads as a Redis outage,
    // and the limiter then limits each process alone; this test is about the shared budget.
    const apiOnly = { SCHEDULER: "false", WEBHOOK_DISPATCHER: "false", FUNCTION_TRIGGERS: "false", REDIS_TIMEOUT_MS: "3000" };
    // The first server seeds the demo organization into the empty database; the others start on a seeded one.
    const first = processes.serve(apiOnly);
    const firstUrl = await apiUrlOf(first);
    const second = processes.serve(apiOnly);
    const workerEnv = { SCHEDULER_INTERVAL_MS: "500", SNAPSHOT_EVERY_HOURS: "24", FUNCTION_TRIGGERS: "false" };
    const workers = [processes.worker(workerEnv), processes.worker(workerEnv)];
    apis = [firstUrl, await apiUrlOf(second)];
    await Promise.all(workers.map((w) => w.waitFor(/Enginery worker started/, 150_000)));
  }, 300_000);

  afterAll(async () => {
    await processes?.stopAll();
    await receiver?.close();
    await testDb?.drop();
  });

  it("one rate-limit budget, every event delivered once or more, each scheduled job's work done once", async () => {
    let turn = 0;
    /** The balancer: each request to the next API process. */
    const next = () => apis[turn++ % apis.length]!;
    const [free, growth] = await Promise.all([newOrg(processes, "Scale Free", "free"), newOrg(processes, "Scale Growth", "growth")]);
    const growthAt = (url: string) => api(url, growth.key);

    const endpoint = await growthAt(next()).post("/v1/webhook_endpoints", { url: receiver.url, events: ["*"] });
    expect(endpoint.status).toBe(201);
    receiver.secrets.push(endpoint.body.secret);

    const started = Date.now();
    // 1. A burst of 160 requests on a free key (100 a minute), alternating between the APIs.
    const burst = Promise.all(
      Array.from({ length: 160 }, async () => {
        const url = next();
        const response = await fetch(`${url}/v1/me`, { headers: { authorization: `Bearer ${free.key}` } });
        await response.arrayBuffer();
        return { url, status: response.status };
      }),
    );
    // 2. Writes that emit events (and past-due open invoices for the overdue job), with list reads between.
    const writes = Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) {
          const client = growthAt(next());
          statuses.push((await client.post("/v1/contacts", { first_name: `Lane ${lane}`, last_name: `Person ${i}` })).status);
          statuses.push(
            (
              await client.post("/v1/invoices", {
                client: `Client ${lane}.${i}`,
                amount: 10 + i,
                currency: "EUR",
                due_date: i % 2 ? "2030-01-01" : "2024-01-01",
                status: "open",
              })
            ).status,
          );
          statuses.push((await growthAt(next()).get("/v1/invoices?per_page=5")).status);
        }
        return statuses;
      }),
    );
    const [burstResults, writeStatuses] = await Promise.all([burst, writes]);
    const elapsed = Date.now() - started;

    // One budget: 100 at once, plus what refilled (one per 600 ms) while the burst ran; two budgets would allow ~200.
    const allowed = burstResults.filter((r) => r.status === 200).length;
    expect(allowed).toBeGreaterThanOrEqual(100);
    expect(allowed, processes.all.map((p) => p.output().stdout.slice(-1500)).join("\n---\n") + JSON.stringify(burstResults.slice(0, 5))).toBeLessThanOrEqual(
      100 + Math.ceil(elapsed / 600) + 1,
    );
    expect(burstResults.filter((r) => r.status !== 200 && r.status !== 429)).toEqual([]);
    for (const url of apis) expect(burstResults.filter((r) => r.url === url && r.status === 200).length).toBeGreaterThan(0);
    expect(writeStatuses.flat().filter((s) => s !== 200 && s !== 201)).toEqual([]);

    // 3. The scheduler (both workers, every 500 ms): each past-due invoice announced once, one snapshot per organization.
    const pastDue = 8 * 3;
    const db = testDb.database.db;
    const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await db.execute(query))[0]!.n);
    await waitUntil(
      "the overdue announcements",
      async () => (await count(sql`SELECT count(*)::int AS n FROM events WHERE org_id = ${growth.orgId} AND type = 'invoice.overdue'`)) >= pastDue,
      20_000,
    );
    await waitUntil(
      "a snapshot of every organization",
      async () => (await count(sql`SELECT count(DISTINCT org_id)::int AS n FROM intelligence_snapshots`)) === 3,
      20_000,
    );
    // Both workers keep ticking: give them a few more rounds to do anything twice.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await count(sql`SELECT count(*)::int AS n FROM events WHERE org_id = ${growth.orgId} AND type = 'invoice.overdue'`)).toBe(pastDue);
    expect(await count(sql`SELECT count(DISTINCT object_id)::int AS n FROM events WHERE org_id = ${growth.orgId} AND type = 'invoice.overdue'`)).toBe(pastDue);
    const perOrg = rowsOf<{ org_id: string; n: number }>(await db.execute(sql`SELECT org_id, count(*)::int AS n FROM intelligence_snapshots GROUP BY org_id`));
    expect(perOrg.map((r) => r.n)).toEqual([1, 1, 1]);

    // 4. Every event of the organization since its endpoint existed reached the receiver, signed.
    const expected = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM events WHERE org_id = ${growth.orgId} AND type <> 'webhook_endpoint.created'
        AND created_at >= (SELECT created_at FROM webhook_endpoints WHERE org_id = ${growth.orgId} AND id = ${endpoint.body.id})`),
    ).map((r) => r.id);
    // The contacts, invoices and overdue announcements (the snapshot may predate the endpoint).
    expect(expected.length).toBeGreaterThanOrEqual(8 * 5 * 2 + pastDue);
    await waitUntil(
      "every event at the receiver",
      () => {
        const got = new Set(receiver.received.map((r) => r.id));
        return expected.every((id) => got.has(id));
      },
      20_000,
      () => `${new Set(receiver.received.map((r) => r.id)).size} of ${expected.length}`,
    );
    expect(receiver.invalid).toEqual([]);
    const undelivered = await count(sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE org_id = ${growth.orgId} AND status <> 'succeeded'`);
    expect(undelivered).toBe(0);
    const deliveriesPerEvent = await count(
      sql`SELECT count(*)::int AS n FROM (SELECT event_id FROM webhook_deliveries WHERE org_id = ${growth.orgId} GROUP BY event_id HAVING count(*) > 1) t`,
    );
    expect(deliveriesPerEvent).toBe(0);
  }, 90_000);
});
