import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../src/webhooks/webhooks-table.ts";
import { useTestApp, type Client, type Tenant } from "../helpers/harness.ts";
import { enginery, start, type Server } from "../helpers/processes.ts";

/**
 * Dispatchers as real processes (`enginery worker`) on one PostgreSQL
 * database: two of them sharing 1,000 deliveries, and one killed with SIGKILL
 * mid-batch and replaced. PostgreSQL only: an embedded database has one process.
 *
 * The in-process app (useTestApp) serves the API that creates the endpoints and
 * the events; its own dispatcher is never started, so every delivery here is
 * sent by a worker process. The crash test shortens the claim lease through
 * WEBHOOK_LEASE_MS (5 s by default, renewed while attempts run), which the killed worker's claims and the
 * new worker's take-over both follow.
 */
const ON_POSTGRES = process.env.TEST_DB === "postgres";

/** The lease the workers of the crash test hold their claims for (WEBHOOK_LEASE_MS; 5 s by default). */
const LEASE_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number, describeState: () => string = () => ""): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${describeState() ? `: ${describeState()}` : ""}`);
    await sleep(20);
  }
}

// --- which process sent a request -------------------------------------------------

/**
 * The pid (among `pids`) owning the TCP socket 127.0.0.1:localPort ->
 * 127.0.0.1:remotePort, read from /proc while the connection is still open.
 * Best effort: null when /proc cannot tell.
 */
function processAttributor(pids: () => number[]) {
  const owners = new Map<string, number>(); // socket inode -> pid

  async function inodeOf(localPort: number, remotePort: number): Promise<string | null> {
    for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      let text: string;
      try {
        text = await fs.readFile(table, "utf8");
      } catch {
        continue;
      }
      for (const line of text.split("\n").slice(1)) {
        const fields = line.trim().split(/\s+/);
        if (fields.length < 10) continue;
        const local = parseInt(fields[1]!.split(":").at(-1)!, 16);
        const remote = parseInt(fields[2]!.split(":").at(-1)!, 16);
        if (local === localPort && remote === remotePort && fields[9] !== "0") return fields[9]!;
      }
    }
    return null;
  }

  async function rescan(): Promise<void> {
    for (const pid of pids()) {
      let fds: string[];
      try {
        fds = await fs.readdir(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      await Promise.all(
        fds.map(async (fd) => {
          try {
            const link = await fs.readlink(`/proc/${pid}/fd/${fd}`);
            const match = /^socket:\[(\d+)\]$/.exec(link);
            if (match) owners.set(match[1]!, pid);
          } catch {
            // closed meanwhile
          }
        }),
      );
    }
  }

  return async (localPort: number, remotePort: number): Promise<number | null> => {
    const inode = await inodeOf(localPort, remotePort);
    if (!inode) return null;
    if (!owners.has(inode)) await rescan();
    return owners.get(inode) ?? null;
  };
}

// --- receivers ---------------------------------------------------------------------

interface Received {
  webhookId: string;
  type: string;
  objectId: string;
  /** Date.now() when the request had been read. */
  at: number;
  /** Date.now() when the answer had been written out, if it was. */
  answeredAt: number | null;
  /** Whether the signature verified with the endpoint's secret (standardwebhooks). */
  verified: boolean;
  /** The worker process that sent it, when /proc could tell. */
  pid: number | null;
}

interface Receiver {
  url: string;
  requests: Received[];
  ids(): Set<string>;
  /** The secret to verify with, once the endpoint exists. */
  setSecret(secret: string): void;
  close(): Promise<void>;
}

const receivers: Receiver[] = [];

async function startReceiver(
  options: { delayMs?: number; attribute?: (socketPort: number, serverPort: number) => Promise<number | null> } = {},
): Promise<Receiver> {
  const requests: Received[] = [];
  let verifier: Webhook | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified = false;
      try {
        verifier?.verify(body, headers);
        verified = verifier !== undefined;
      } catch {
        verified = false;
      }
      let parsed: { type?: string; data?: { object?: { id?: string } } } = {};
      try {
        parsed = JSON.parse(body);
      } catch {
        // recorded with empty fields; the assertions catch it
      }
      const entry: Received = {
        webhookId: headers["webhook-id"] ?? "",
        type: parsed.type ?? "",
        objectId: parsed.data?.object?.id ?? "",
        at: Date.now(),
        answeredAt: null,
        verified,
        pid: null,
      };
      requests.push(entry);
      // The sender's socket is open until it has its answer, so /proc still shows whose it is.
      if (options.attribute) entry.pid = await options.attribute(req.socket.remotePort!, (server.address() as AddressInfo).port).catch(() => null);
      if (options.delayMs) await sleep(options.delayMs);
      if (res.destroyed) return;
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"ok":true}', () => {
        entry.answeredAt = Date.now();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const receiver: Receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    requests,
    ids: () => new Set(requests.map((r) => r.webhookId)),
    setSecret(secret) {
      verifier = new Webhook(secret);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  receivers.push(receiver);
  return receiver;
}

// --- worker processes --------------------------------------------------------------

const workers: Server[] = [];

/** `enginery worker` on this file's database, started and ready (its dispatcher listening). */
async function startWorker(databaseUrl: string, extra: Record<string, string> = {}): Promise<Server> {
  const worker = start(
    ["worker"],
    enginery(
      { databaseUrl },
      {
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
        WEBHOOK_ALLOW_HTTP: "true",
        SCHEDULER_INTERVAL_MS: "86400000",
        SNAPSHOT_EVERY_HOURS: "0",
        // info, not warn: "worker started" (logged once the dispatcher listens) is how readiness shows.
        // The dispatcher logs nothing per delivery at this level.
        LOG_LEVEL: "info",
        ...extra,
      },
    ),
  );
  workers.push(worker);
  await worker.waitFor(/"msg":"worker started"/, 45_000);
  expect(worker.output().stdout).toMatch(/"dispatcher":true/);
  return worker;
}

/**
 * The errors a worker logged (pino levels 50 and 60), each as its message and
 * underlying cause, cut short, so that a failure names them without pages of SQL.
 */
function loggedErrors(worker: Server): string[] {
  return worker
    .output()
    .stdout.split("\n")
    .filter((line) => /"level":(50|60)/.test(line))
    .map((line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: { message?: string; stack?: string } };
        const cause = /caused by: ([^\n]*)/.exec(entry.err?.stack ?? "")?.[1];
        return `${entry.msg}: ${(entry.err?.message ?? "").replace(/\s+/g, " ").slice(0, 160)}${cause ? ` (caused by: ${cause.slice(0, 300)})` : ""}`;
      } catch {
        return line.slice(0, 500);
      }
    });
}

/** Asserts that a worker logged no error, naming how many it logged and the first of them. */
function expectNoLoggedErrors(worker: Server, who: string): void {
  const errors = loggedErrors(worker);
  expect(errors.length, `${who} logged ${errors.length} errors; the first: ${errors[0]}`).toBe(0);
}

async function stopWorker(worker: Server): Promise<void> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  const timer = setTimeout(() => worker.child.kill("SIGKILL"), 5_000);
  await worker.stop("SIGTERM");
  clearTimeout(timer);
}

async function cleanUp(): Promise<void> {
  await Promise.all(workers.splice(0).map(stopWorker));
  await Promise.all(receivers.splice(0).map((r) => r.close()));
}

// --- API helpers -------------------------------------------------------------------

async function createEndpoint(client: Client, receiver: Receiver): Promise<{ id: string; secret: string }> {
  const res = await client.post("/v1/webhook_endpoints", { url: receiver.url, events: ["invoice.created"], description: "dispatch processes" });
  expect(res.status, res.text).toBe(201);
  expect(res.body.secret).toMatch(/^whsec_/);
  receiver.setSecret(res.body.secret);
  return { id: res.body.id, secret: res.body.secret };
}

/** Creates `count` draft invoices, `parallel` requests at a time; returns their ids. */
async function createInvoices(client: Client, count: number, parallel = 50): Promise<string[]> {
  const ids: string[] = [];
  for (let done = 0; done < count; done += parallel) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(parallel, count - done) }, (_, i) =>
        client.post("/v1/invoices", { client: `Dispatch ${done + i}`, amount: 100 + done + i, currency: "USD", due_date: "2030-01-01" }),
      ),
    );
    for (const res of batch) {
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id);
    }
  }
  return ids;
}

/** Every item of a paginated list (per_page 100). */
async function listAll(client: Client, path: string): Promise<any[]> {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const res = await client.get(`${path}${path.includes("?") ? "&" : "?"}per_page=100&page=${page}`);
    expect(res.status, res.text).toBe(200);
    items.push(...res.body.data);
    if (res.body.data.length < 100) return items;
  }
}

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

// -----------------------------------------------------------------------------------

describe.skipIf(!ON_POSTGRES)("webhook dispatchers as separate processes on one PostgreSQL database", () => {
  const t = ON_POSTGRES ? useTestApp() : () => undefined as never;

  afterEach(cleanUp);
  afterAll(cleanUp);

  it("two worker processes deliver 1,000 events: none lost, none delivered twice", { timeout: 180_000 }, async () => {
    const databaseUrl = t().testDb.url!;
    expect(databaseUrl).toMatch(/^postgres/);
    const tenant: Tenant = await t().tenant();
    const workerPids: number[] = [];
    const receiver = await startReceiver({ attribute: processAttributor(() => workerPids) });
    const endpoint = await createEndpoint(tenant.client, receiver);

    const t0 = Date.now();
    const [a, b] = await Promise.all([startWorker(databaseUrl), startWorker(databaseUrl)]);
    workerPids.push(a!.child.pid!, b!.child.pid!);
    const t1 = Date.now();

    const invoiceIds = await createInvoices(tenant.client, 1_000);
    const t2 = Date.now();
    expect(new Set(invoiceIds).size).toBe(1_000);

    await waitUntil(
      "1,000 distinct webhook-ids at the receiver",
      () => receiver.ids().size >= 1_000,
      60_000,
      () => `${receiver.ids().size} distinct, ${receiver.requests.length} requests`,
    );
    const t3 = Date.now();
    // Late duplicates (a second claim of the same delivery) would arrive in this time.
    await sleep(2_000);

    // Exactly one request per event: none lost, none twice.
    const duplicates = [...countBy(receiver.requests, (r) => r.webhookId)].filter(([, n]) => n > 1);
    expect(duplicates, "webhook-ids received more than once").toEqual([]);
    expect(receiver.requests).toHaveLength(1_000);
    expect(receiver.requests.every((r) => r.type === "invoice.created")).toBe(true);
    expect(
      receiver.requests.filter((r) => !r.verified).map((r) => r.webhookId),
      "requests whose signature did not verify",
    ).toEqual([]);
    expect(new Set(receiver.requests.map((r) => r.objectId))).toEqual(new Set(invoiceIds));

    // The receiver got exactly the committed events.
    const events = await listAll(tenant.client, "/v1/events?type=invoice.created");
    expect(events).toHaveLength(1_000);
    expect(receiver.ids()).toEqual(new Set(events.map((e) => e.id)));

    // Both processes are still running (no crash along the way) and logged no error.
    for (const worker of [a!, b!]) {
      expect(worker.child.exitCode).toBeNull();
      expectNoLoggedErrors(worker, `worker ${worker.child.pid}`);
    }

    // Each delivery succeeded on its first and only attempt. The receiver answers before the worker records the
    // attempt, and under load that record can trail the request by seconds: wait for it (one never recorded still
    // fails here, at the deadline).
    let deliveries: Awaited<ReturnType<typeof listAll>> = [];
    await waitUntil(
      "every delivery's attempt recorded",
      async () => {
        deliveries = await listAll(tenant.client, `/v1/webhook_endpoints/${endpoint.id}/deliveries`);
        return deliveries.length === 1_000 && deliveries.every((d) => d.status !== "pending");
      },
      30_000,
      () => `${deliveries.filter((d) => d.status === "pending").length} still pending`,
    );
    expect(deliveries).toHaveLength(1_000);
    expect(countBy(deliveries, (d) => `${d.status}/${d.attempt_count}`)).toEqual(new Map([["succeeded/1", 1_000]]));
    expect(new Set(deliveries.map((d) => d.event_id))).toEqual(receiver.ids());
    const succeeded = await tenant.client.get(`/v1/webhook_endpoints/${endpoint.id}/deliveries?status=succeeded&per_page=1`);
    expect(succeeded.body.meta.total).toBe(1_000);

    // Which process sent what (informative; /proc attribution is best effort).
    const byPid = countBy(receiver.requests, (r) => (r.pid === null ? "unknown" : r.pid === workerPids[0] ? "worker A" : "worker B"));
    console.info(
      `[dispatch-processes] 1,000 deliveries by process: ${JSON.stringify(Object.fromEntries(byPid))}; workers ready in ${t1 - t0} ms, ` +
        `invoices created in ${t2 - t1} ms, last delivery ${t3 - t2} ms after the last invoice`,
    );
  });

  it("a worker killed with SIGKILL mid-batch: after a new one starts and the lease runs out, every committed event has arrived", {
    timeout: 120_000,
  }, async () => {
    const databaseUrl = t().testDb.url!;
    const tenant = await t().tenant();
    // Slow answers keep a batch in flight when the worker dies.
    const receiver = await startReceiver({ delayMs: 300 });
    const endpoint = await createEndpoint(tenant.client, receiver);
    const lease = { WEBHOOK_LEASE_MS: String(LEASE_MS) };

    const first = await startWorker(databaseUrl, lease);
    // Ten at a time, so the events keep coming while the first ones are in flight.
    const creating = createInvoices(tenant.client, 100, 10);
    creating.catch(() => {}); // awaited below; no unhandled rejection meanwhile
    await waitUntil(
      "the first worker's requests",
      () => receiver.requests.length >= 5,
      30_000,
      () => `${receiver.requests.length} requests`,
    );

    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    expect(await first.exited).toBe(-1);
    const seenBeforeKill = new Set(receiver.requests.map((r) => r.webhookId));
    const answeredBeforeKill = new Set(receiver.requests.filter((r) => r.answeredAt !== null && r.answeredAt <= killedAt).map((r) => r.webhookId));
    // Mid-batch: some events reached the receiver, not all, and some of those were never answered.
    expect(seenBeforeKill.size).toBeGreaterThan(0);
    expect(seenBeforeKill.size).toBeLessThan(100);
    const inFlight = [...seenBeforeKill].filter((id) => !answeredBeforeKill.has(id));
    expect(inFlight.length, "requests the killed worker was waiting on").toBeGreaterThan(0);

    const invoiceIds = await creating;
    const events = await listAll(tenant.client, "/v1/events?type=invoice.created");
    expect(events).toHaveLength(100);
    const committed = new Set(events.map((e) => e.id));

    // What the killed worker left behind: its in-flight deliveries are unrecorded and still claimed, for one lease.
    const rows = await t()
      .database.db.select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.orgId, tenant.orgId), eq(webhookDeliveries.endpointId, endpoint.id)));
    expect(rows).toHaveLength(100);
    const rowOf = new Map(rows.map((r) => [r.eventId, r]));
    const succeededBeforeRestart = new Set(rows.filter((r) => r.status === "succeeded").map((r) => r.eventId));
    for (const id of inFlight) {
      const row = rowOf.get(id)!;
      expect(row.status, `delivery of ${id} in flight at the kill`).toBe("pending");
      expect(row.attemptCount).toBe(0);
      expect(row.claimedUntil, `claim of ${id}`).not.toBeNull();
      expect(row.claimedUntil!.getTime(), `claim of ${id} outlives the kill`).toBeGreaterThan(killedAt);
      // The lease is the configured one (WEBHOOK_LEASE_MS).
      expect(row.claimedUntil!.getTime(), `claim of ${id} holds for WEBHOOK_LEASE_MS`).toBeLessThanOrEqual(killedAt + LEASE_MS);
    }
    const receivedBeforeRestart = receiver.requests.length;

    const second = await startWorker(databaseUrl, lease);
    await waitUntil(
      "every committed event at the receiver",
      () => [...committed].every((id) => receiver.ids().has(id)),
      LEASE_MS + 45_000,
      () => `${[...committed].filter((id) => !receiver.ids().has(id)).length} of ${committed.size} missing`,
    );
    await waitUntil(
      "every delivery recorded as succeeded",
      async () => {
        const res = await tenant.client.get(`/v1/webhook_endpoints/${endpoint.id}/deliveries?status=succeeded&per_page=1`);
        return res.body.meta.total === 100;
      },
      10_000,
      () => `${receiver.requests.length} requests received; the new worker logged ${loggedErrors(second).length} errors, the first: ${loggedErrors(second)[0]}`,
    );

    // At least once: every committed event arrived, each with its invoice, signed.
    expect(receiver.ids()).toEqual(committed);
    expect(new Set(receiver.requests.map((r) => r.objectId))).toEqual(new Set(invoiceIds));
    expect(
      receiver.requests.filter((r) => !r.verified).map((r) => r.webhookId),
      "requests whose signature did not verify",
    ).toEqual([]);

    const afterKill = receiver.requests.slice(receivedBeforeRestart);
    // What the dead worker was waiting on was sent again, and not before its lease ran out.
    for (const id of inFlight) {
      const again = afterKill.filter((r) => r.webhookId === id);
      expect(again.length, `${id} sent again after the kill`).toBeGreaterThanOrEqual(1);
      expect(Math.min(...again.map((r) => r.at)), `${id} re-sent only after its lease`).toBeGreaterThanOrEqual(rowOf.get(id)!.claimedUntil!.getTime() - 50);
    }
    // What was recorded as delivered is not sent again.
    expect(afterKill.filter((r) => succeededBeforeRestart.has(r.webhookId)).map((r) => r.webhookId)).toEqual([]);
    // Events that never reached the killed worker's receiver arrive exactly once.
    const counts = countBy(receiver.requests, (r) => r.webhookId);
    expect([...committed].filter((id) => !seenBeforeKill.has(id) && counts.get(id) !== 1)).toEqual([]);

    const deliveries = await listAll(tenant.client, `/v1/webhook_endpoints/${endpoint.id}/deliveries`);
    expect(deliveries.every((d) => d.status === "succeeded")).toBe(true);
    // The attempt the killed worker never recorded does not count: one recorded attempt each.
    expect(deliveries.every((d) => d.attempt_count === 1)).toBe(true);
    expectNoLoggedErrors(second, "the new worker");
  });

  it("with the default lease, a SIGKILLed worker's claims are taken over within seconds: drain time after the kill", { timeout: 120_000 }, async () => {
    const databaseUrl = t().testDb.url!;
    const tenant = await t().tenant();
    const receiver = await startReceiver({ delayMs: 300 });
    const endpoint = await createEndpoint(tenant.client, receiver);
    // No WEBHOOK_LEASE_MS: the default (5 s), renewed by the heartbeat while attempts run.
    const first = await startWorker(databaseUrl);
    const invoiceIds = await createInvoices(tenant.client, 200, 20);
    await waitUntil("the first worker's requests", () => receiver.requests.length >= 5, 30_000);
    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    await first.exited;
    const second = await startWorker(databaseUrl);
    const committed = new Set(
      (await listAll(tenant.client, "/v1/events?type=invoice.created")).filter((e) => invoiceIds.includes(e.data.object.id)).map((e) => e.id),
    );
    expect(committed.size).toBe(200);
    await waitUntil("every committed event at the receiver", () => [...committed].every((id) => receiver.ids().has(id)), 30_000);
    // Drained: every delivery recorded as sent, those the dead worker held included.
    await waitUntil(
      "every delivery recorded as succeeded",
      async () => (await tenant.client.get(`/v1/webhook_endpoints/${endpoint.id}/deliveries?status=succeeded&per_page=1`)).body.meta.total === 200,
      30_000,
    );
    const drainMs = Date.now() - killedAt;
    const duplicates = receiver.requests.length - receiver.ids().size;
    console.info(
      `[dispatch-processes] drain after SIGKILL with the default lease: ${drainMs} ms (200 deliveries, receiver answers in 300 ms; ${duplicates} sent twice)`,
    );
    // Within the 5 s lease plus the new worker's start and the sending itself.
    expect(drainMs).toBeLessThan(20_000);
    expectNoLoggedErrors(second, "the new worker");
  });
});
