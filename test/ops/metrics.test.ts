import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import type { Server } from "../helpers/processes.ts";
import { api, apiUrlOf, metricsUrlOf, metricValue, newOrg, ON_POSTGRES, Processes, scrape, waitUntil, webhookReceiver } from "./helpers.ts";

/**
 * /metrics of real processes, scraped over HTTP after real traffic: an API
 * server (METRICS_PORT and METRICS_TOKEN) and a worker (METRICS_PORT only),
 * which sends the webhooks here (the server's dispatcher is off), so each
 * process's numbers are its own. PostgreSQL only: two processes share one
 * database.
 */
const TOKEN = "metrics-token-0123456789abcdef";
let testDb: TestDatabase;
let processes: Processes;
let server: Server;
let apiUrl: string;
let metricsUrl: string;
let workerMetricsUrl: string;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

describe.skipIf(!ON_POSTGRES)("metrics", () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    processes = new Processes(testDb.url!);
    // Fails its first attempt of each event (a retry comes 5 s later), answers 200 after.
    const seen = new Set<string>();
    receiver = await webhookReceiver((one, res) => {
      if (seen.has(one.id)) return void res.writeHead(200).end("ok");
      seen.add(one.id);
      res.writeHead(500).end("try again");
    });
    server = processes.serve({ METRICS_PORT: "0", METRICS_TOKEN: TOKEN, WEBHOOK_DISPATCHER: "false", DATABASE_POOL_SIZE: "7" });
    apiUrl = await apiUrlOf(server);
    metricsUrl = await metricsUrlOf(server);
    const worker = processes.worker({ METRICS_PORT: "0", FUNCTION_TRIGGERS: "false" });
    workerMetricsUrl = await metricsUrlOf(worker);
  }, 240_000);

  afterAll(async () => {
    await processes?.stopAll();
    await receiver?.close();
    await testDb?.drop();
  });

  it("refuses a scrape without the token, on both ports, and keeps /metrics out of the OpenAPI document", async () => {
    expect((await scrape(metricsUrl)).status).toBe(401);
    expect((await scrape(metricsUrl, "wrong-token-0123456789abcdef")).status).toBe(401);
    expect((await scrape(`${apiUrl}/metrics`)).status).toBe(401);
    expect((await scrape(`${apiUrl}/metrics`, TOKEN)).status).toBe(200);
    const ok = await scrape(metricsUrl, TOKEN);
    expect(ok.status).toBe(200);
    expect(ok.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const doc = (await (await fetch(`${apiUrl}/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes("metrics"))).toEqual([]);
    // The metrics listener serves nothing else.
    expect((await fetch(metricsUrl.replace("/metrics", "/v1/invoices"))).status).toBe(404);
  });

  it("counts requests by route pattern and status, with latency histograms", { timeout: 90_000 }, async () => {
    const { key } = await newOrg(processes, "Metrics Growth", "growth");
    const client = api(apiUrl, key);
    const before = (await scrape(metricsUrl, TOKEN)).text;
    const route = { method: "GET", route: "/v1/invoices/:id" };
    const created = await client.post("/v1/invoices", { client: "Metered", amount: 10, currency: "EUR", due_date: "2030-01-01" });
    expect(created.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await client.get(`/v1/invoices/${created.body.id}`)).status).toBe(200);
    expect((await client.get("/v1/invoices/inv_01h455vb4pex5vsknk084sn02q")).status).toBe(404);
    await fetch(`${apiUrl}/no/such/path/${Date.now()}`);

    const after = (await scrape(metricsUrl, TOKEN)).text;
    const moved = (name: string, labels: Record<string, string>) => metricValue(after, name, labels) - metricValue(before, name, labels);
    expect(moved("enginery_http_requests_total", { ...route, status: "200" })).toBe(3);
    expect(moved("enginery_http_requests_total", { ...route, status: "404" })).toBe(1);
    expect(moved("enginery_http_request_duration_seconds_count", { ...route, status: "200" })).toBe(3);
    expect(moved("enginery_http_request_duration_seconds_bucket", { ...route, status: "200", le: "+Inf" })).toBe(3);
    expect(metricValue(after, "enginery_http_request_duration_seconds_sum", { ...route, status: "200" })).toBeGreaterThan(0);
    expect(moved("enginery_http_requests_total", { method: "POST", route: "/v1/invoices", status: "201" })).toBe(1);
    // No raw URL becomes a label: unmatched paths share one series.
    expect(after).not.toContain(created.body.id);
    expect(after).not.toContain("/no/such/path");
    expect(moved("enginery_http_requests_total", { route: "(unmatched)", status: "404" })).toBe(1);
    expect(after).toContain('role="api"');
  });

  it("counts rate-limit refusals by plan", { timeout: 90_000 }, async () => {
    const { key } = await newOrg(processes, "Metrics Free", "free");
    const before = metricValue((await scrape(metricsUrl, TOKEN)).text, "enginery_rate_limit_refusals_total", { plan: "free" });
    const statuses = await Promise.all(
      Array.from({ length: 140 }, () => fetch(`${apiUrl}/v1/me`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status)),
    );
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThanOrEqual(1);
    const after = metricValue((await scrape(metricsUrl, TOKEN)).text, "enginery_rate_limit_refusals_total", { plan: "free" });
    expect(after - before).toBe(refused);
  });

  it("shows the webhook queue, attempts by outcome and delivery lag in the worker that sends them", async () => {
    const { key } = await newOrg(processes, "Metrics Hooks", "growth");
    const client = api(apiUrl, key);
    const endpoint = await client.post("/v1/webhook_endpoints", { url: receiver.url, events: ["contact.created"] });
    expect(endpoint.status).toBe(201);
    receiver.secrets.push(endpoint.body.secret);
    expect((await client.post("/v1/contacts", { first_name: "Metered", email: "metered@example.com" })).status).toBe(201);

    // The first attempt fails: the delivery waits for its retry, in the queue.
    await waitUntil(
      "a failed attempt",
      async () => metricValue((await scrape(workerMetricsUrl)).text, "enginery_webhook_attempts_total", { outcome: "failed" }) === 1,
      15_000,
    );
    const waiting = (await scrape(workerMetricsUrl)).text;
    expect(metricValue(waiting, "enginery_queue_depth", { queue: "webhook_deliveries" })).toBe(1);
    expect(metricValue(waiting, "enginery_queue_depth", { queue: "function_runs" })).toBe(0);
    expect(waiting).toContain('role="worker"');

    // The retry (5 s later) succeeds: the queue empties and the lag from the event to its delivery is observed.
    // The attempt is counted as it ends, a moment before its delivery row is marked done: wait for both.
    await waitUntil(
      "the retry",
      async () => {
        const text = (await scrape(workerMetricsUrl)).text;
        return (
          metricValue(text, "enginery_webhook_attempts_total", { outcome: "succeeded" }) === 1 &&
          metricValue(text, "enginery_queue_depth", { queue: "webhook_deliveries" }) === 0
        );
      },
      20_000,
    );
    const done = (await scrape(workerMetricsUrl)).text;
    expect(metricValue(done, "enginery_queue_depth", { queue: "webhook_deliveries" })).toBe(0);
    expect(metricValue(done, "enginery_webhook_delivery_lag_seconds_count")).toBe(1);
    expect(metricValue(done, "enginery_webhook_delivery_lag_seconds_sum")).toBeGreaterThan(4);
    expect(metricValue(done, "enginery_webhook_attempt_duration_seconds_count", { outcome: "failed" })).toBe(1);
    expect(receiver.invalid).toEqual([]);
    // The API server sent nothing (its dispatcher is off).
    expect(metricValue((await scrape(metricsUrl, TOKEN)).text, "enginery_webhook_attempts_total")).toBe(0);
  }, 90_000);

  it("counts function invocations by trigger and outcome", async () => {
    const { key } = await newOrg(processes, "Metrics Functions", "growth");
    const client = api(apiUrl, key);
    const source = `export default { async fetch(request) { const body = await request.json(); if (body.fail) throw new Error("asked to"); return "fine"; } }`;
    expect((await client.post("/v1/functions", { name: "metered", source })).status).toBe(201);
    const before = (await scrape(metricsUrl, TOKEN)).text;
    expect((await client.post("/v1/functions/metered/invoke", { fail: false })).status).toBe(200);
    expect((await client.post("/v1/functions/metered/invoke", { fail: false })).status).toBe(200);
    expect((await client.post("/v1/functions/metered/invoke", { fail: true })).status).toBe(500);
    const after = (await scrape(metricsUrl, TOKEN)).text;
    const moved = (labels: Record<string, string>) =>
      metricValue(after, "enginery_function_invocations_total", labels) - metricValue(before, "enginery_function_invocations_total", labels);
    expect(moved({ trigger: "http", outcome: "ok" })).toBe(2);
    expect(moved({ trigger: "http", outcome: "error" })).toBe(1);
  }, 90_000);

  it("reports database pool use and event-loop lag", async () => {
    const text = (await scrape(metricsUrl, TOKEN)).text;
    expect(metricValue(text, "enginery_db_pool_max")).toBe(7);
    const connections = metricValue(text, "enginery_db_pool_connections");
    expect(connections).toBeGreaterThanOrEqual(1);
    // The pool, and the one connection postgres.js keeps for LISTEN.
    expect(connections).toBeLessThanOrEqual(8);
    expect(metricValue(text, "enginery_db_pool_connections", { state: "active" })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{role="api"\} [0-9.e-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes\{role="api"\} \d+/m);
    // No replica configured: no lag series.
    expect(text).not.toMatch(/^enginery_db_replica_lag_seconds\{/m);
  });
});
