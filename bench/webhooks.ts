import http from "node:http";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/connection.ts";
import { rowsOf } from "../src/db/rows.ts";
import { wireSubscribers, write } from "../src/platform/events/outbox.ts";
import { featureSubscribers } from "../src/subscribers.ts";
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
  /** Called with each arriving event. */
  onArrival?: (event: { id: string; timestamp: string }, arrived: number) => void;
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
        self.onArrival?.(event, arrived);
      } catch {
        // not ours
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const self: Receiver = {
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
  return self;
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
    await database.exec(
      `DELETE FROM webhook_attempts WHERE org_id = '${ORG}'; DELETE FROM webhook_deliveries WHERE org_id = '${ORG}'; DELETE FROM webhook_endpoints WHERE org_id = '${ORG}';`,
    );
  } finally {
    await database.close();
  }
}

/**
 * Events are committed through the real outbox (write(), which fans them out
 * to the endpoint and notifies the dispatchers) in batches of 10 every 20 ms
 * for `seconds`; latency is from each batch's commit to each event's arrival.
 * The dispatcher is a separate `enginery worker` process.
 */
export async function webhookLatency(url: string, key: string, seconds: number): Promise<string> {
  await clearWebhooks(url);
  const sink = await receiver();
  const apiPort = await freePort();
  const api = await startProcess(["bin/enginery", "serve"], { ...WEBHOOK_ENV, DATABASE_URL: url, WEBHOOK_DISPATCHER: "false" }, apiPort, "/healthz");
  try {
    await endpointFor(`http://127.0.0.1:${apiPort}`, key, sink.port);
  } finally {
    await stopProcess(api);
  }
  const worker = spawnProcess(["bin/enginery", "worker"], { ...WEBHOOK_ENV, DATABASE_URL: url, SCHEDULER_INTERVAL_MS: "3600000" });
  const database = await openDatabase({ kind: "postgres", url });
  wireSubscribers(database.db, featureSubscribers);
  const committedAt = new Map<string, number>(); // event timestamp (one per batch) -> commit time
  const latencies: number[] = [];
  sink.onArrival = (event, arrived) => {
    const committed = committedAt.get(event.timestamp);
    if (committed !== undefined) latencies.push(arrived - committed);
  };
  try {
    await new Promise((r) => setTimeout(r, 5_000)); // the worker starts and listens
    const started = Date.now();
    const ends = started + seconds * 1000;
    let sent = 0;
    let batchNo = 0;
    while (Date.now() < ends) {
      const now = new Date(Date.UTC(2000, 0, 1) + batchNo++); // a distinct timestamp per batch, to find its commit time
      await write(database.db, { orgId: ORG, requestId: null, idempotencyKey: null, now }, async (_tx, emit) => {
        for (let i = 0; i < 10; i++) emit({ type: "invoice.created", object: { id: `inv_0webhookbench${i}` } });
      });
      committedAt.set(now.toISOString(), Date.now());
      sent += 10;
      // Paced against the start, not the last batch, so a slow commit is caught up and the rate stays 500/s.
      const wait = started + batchNo * 20 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const deadline = Date.now() + 30_000;
    while (latencies.length < sent && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const rate = Math.round(sent / seconds);
    const line = `PostgreSQL webhooks at ${rate} events/s for ${seconds} s (one worker): ${latencies.length}/${sent} delivered, commit-to-arrival p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms (targets p50 <= 20, p99 <= 100)`;
    console.log(line);
    return line;
  } finally {
    await stopProcess(worker);
    await database.exec(
      `DELETE FROM webhook_attempts WHERE org_id = '${ORG}'; DELETE FROM webhook_deliveries WHERE org_id = '${ORG}'; DELETE FROM events WHERE org_id = '${ORG}' AND object_id LIKE 'inv_0webhookbench%';`,
    );
    await database.close();
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
    const queued = rowsOf<{ n: string }>(
      await database.db.execute(sql`SELECT count(*)::text AS n FROM webhook_deliveries WHERE org_id = ${ORG} AND status = 'pending'`),
    )[0]!.n;
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
      await database.exec(
        `DELETE FROM webhook_attempts WHERE org_id = '${ORG}'; DELETE FROM webhook_deliveries WHERE org_id = '${ORG}'; DELETE FROM events WHERE org_id = '${ORG}' AND object_id = 'inv_0bench';`,
      );
    }
  } finally {
    await database.close();
    await sink.close();
  }
}
