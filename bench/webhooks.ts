import http from "node:http";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/connection.ts";
import { rowsOf } from "../src/db/migrate.ts";
import { freePort, spawnProcess, startProcess, stopProcess } from "./lib.ts";

/**
 * Webhook benchmarks (issue 5), on PostgreSQL:
 * 1. latency from event to arrival at a local receiver while 500 events a
 *    second are created (POST /v1/invoices at a fixed rate for `seconds`);
 * 2. the most deliveries a second one dispatcher process sustains: 20,000
 *    deliveries queued while no dispatcher runs, then one `enginery worker`
 *    drains them.
 * The receiver runs in this process; the server and the worker are child processes.
 */

const ORG = `org_0bench${"1".padStart(20, "0")}`;
const WEBHOOK_ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8", WEBHOOK_ALLOW_HTTP: "true", LOG_LEVEL: "warn", SCHEDULER: "false" };

interface Receiver {
  port: number;
  /** Arrival times (ms), first and last. */
  first: number;
  last: number;
  /** Milliseconds from each event's timestamp to its arrival. */
  latencies: number[];
  ids: Set<string>;
  close(): Promise<void>;
}

async function receiver(): Promise<Receiver> {
  const latencies: number[] = [];
  const ids = new Set<string>();
  const times = { first: 0, last: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const arrived = Date.now();
      times.first ||= arrived;
      times.last = arrived;
      res.end("ok");
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; timestamp: string };
        ids.add(event.id);
        latencies.push(arrived - Date.parse(event.timestamp));
      } catch {
        // not ours
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return {
    port,
    latencies,
    ids,
    get first() {
      return times.first;
    },
    get last() {
      return times.last;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function endpointFor(base: string, key: string, port: number): Promise<string> {
  const response = await fetch(`${base}/v1/webhook_endpoints`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events: ["invoice.created"], description: "bench" }),
  });
  if (response.status !== 201) throw new Error(`endpoint: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** Removes the bench organization's endpoints, deliveries and attempts (events stay). */
async function clearWebhooks(url: string): Promise<void> {
  const database = await openDatabase({ kind: "postgres", url });
  try {
    await database.exec(`DELETE FROM webhook_attempts WHERE org_id = '${ORG}'; DELETE FROM webhook_deliveries WHERE org_id = '${ORG}'; DELETE FROM webhook_endpoints WHERE org_id = '${ORG}';`);
  } finally {
    await database.close();
  }
}

export async function webhookLatency(url: string, key: string, seconds: number): Promise<string> {
  await clearWebhooks(url);
  const sink = await receiver();
  const port = await freePort();
  const server = await startProcess(["bin/enginery", "serve"], { ...WEBHOOK_ENV, DATABASE_URL: url }, port, "/healthz");
  try {
    const base = `http://127.0.0.1:${port}`;
    await endpointFor(base, key, sink.port);
    let n = 0;
    const result = await autocannon({
      url: `${base}/v1/invoices`,
      connections: 20,
      overallRate: 500,
      duration: seconds,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            method: "POST",
            headers: { ...request.headers, authorization: `Bearer ${key}`, "content-type": "application/json" },
            body: JSON.stringify({ client: `Webhook bench ${n++}`, amount: 10, currency: "USD", due_date: "2030-01-01" }),
          }),
        },
      ],
    });
    const sent = result["2xx"];
    const deadline = Date.now() + 30_000;
    while (sink.ids.size < sent && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const line = `PostgreSQL webhooks at ${Math.round(sent / seconds)} events/s for ${seconds} s: ${sink.ids.size}/${sent} delivered, event-to-arrival p50 ${percentile(sink.latencies, 50)} ms, p99 ${percentile(sink.latencies, 99)} ms (targets p50 <= 20, p99 <= 100)`;
    console.log(line);
    return line;
  } finally {
    await stopProcess(server);
    await sink.close();
  }
}

export async function webhookThroughput(url: string, key: string, count: number): Promise<string> {
  await clearWebhooks(url);
  const sink = await receiver();
  // An API process without a dispatcher makes the endpoint; deliveries are then queued in SQL.
  const apiPort = await freePort();
  const api = await startProcess(["bin/enginery", "serve"], { ...WEBHOOK_ENV, DATABASE_URL: url, WEBHOOK_DISPATCHER: "false" }, apiPort, "/healthz");
  let endpoint: string;
  try {
    endpoint = await endpointFor(`http://127.0.0.1:${apiPort}`, key, sink.port);
  } finally {
    await stopProcess(api);
  }
  const database = await openDatabase({ kind: "postgres", url });
  try {
    await database.exec(`
      INSERT INTO events (org_id, id, type, object_id, data, created_at)
      SELECT '${ORG}', 'evt_0' || substr(md5('wh-bench-${Date.now()}-' || n::text), 1, 25), 'invoice.created', 'inv_0bench', '{"object": {"id": "inv_0bench"}}', now()
      FROM generate_series(1, ${count}) AS n;
      INSERT INTO webhook_deliveries (org_id, id, endpoint_id, event_id, event_type, status, attempt_count, next_attempt_at, created_at, updated_at)
      SELECT '${ORG}', 'whd_0' || substr(md5(e.id), 1, 25), '${endpoint}', e.id, e.type, 'pending', 0, now(), now(), now()
      FROM events e WHERE e.org_id = '${ORG}' AND e.object_id = 'inv_0bench'
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.org_id = e.org_id AND d.event_id = e.id);
    `);
    const queued = rowsOf<{ n: string }>(await database.db.execute(sql`SELECT count(*)::text AS n FROM webhook_deliveries WHERE org_id = ${ORG} AND status = 'pending'`))[0]!.n;
    const worker = spawnProcess(["bin/enginery", "worker"], { ...WEBHOOK_ENV, DATABASE_URL: url, SCHEDULER_INTERVAL_MS: "3600000" });
    try {
      const deadline = Date.now() + 180_000;
      while (sink.ids.size < Number(queued) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // From the first arrival to the last: the worker's start-up is not delivery time.
      const elapsed = (sink.last - sink.first) / 1000;
      const line = `PostgreSQL webhooks, one dispatcher process: ${sink.ids.size} of ${queued} queued deliveries in ${elapsed.toFixed(1)} s = ${Math.round(sink.ids.size / elapsed)} deliveries/s (target >= 2000)`;
      console.log(line);
      return line;
    } finally {
      await stopProcess(worker);
      await database.exec(`DELETE FROM webhook_attempts WHERE org_id = '${ORG}'; DELETE FROM webhook_deliveries WHERE org_id = '${ORG}'; DELETE FROM events WHERE org_id = '${ORG}' AND object_id = 'inv_0bench';`);
    }
  } finally {
    await database.close();
    await sink.close();
  }
}
