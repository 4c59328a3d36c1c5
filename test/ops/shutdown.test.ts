import net from "node:net";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../src/webhooks/webhooks-table.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { api, apiUrlOf, newOrg, ON_POSTGRES, Processes, sleep, waitUntil, webhookReceiver } from "./helpers.ts";

/**
 * Graceful shutdown of the real server process on SIGTERM: it stops
 * accepting connections at once, finishes the requests in flight, gives up
 * the queue claims of work still running at SHUTDOWN_TIMEOUT_MS (so another
 * process takes them at once, not when their lease would run out), and exits
 * within that bound. PostgreSQL only: the take-over needs a second process.
 */
let testDb: TestDatabase;
let processes: Processes;

beforeEach(async () => {
  if (!ON_POSTGRES) return;
  testDb = await createTestDatabase();
  processes = new Processes(testDb.url!);
});
afterEach(async () => {
  await processes?.stopAll();
  await testDb?.drop();
});

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

const SLOW_FUNCTION = `export default { async fetch() { await new Promise((r) => setTimeout(r, 1500)); return "finished"; } }`;

describe.skipIf(!ON_POSTGRES)("graceful shutdown", () => {
  it("stops accepting at once, finishes the request in flight and exits 0 well before the deadline", async () => {
    const server = processes.serve({ SHUTDOWN_TIMEOUT_MS: "10000" });
    const url = await apiUrlOf(server);
    const port = Number(new URL(url).port);
    const { key } = await newOrg(processes, "Shutdown", "growth");
    const client = api(url, key);
    expect((await client.post("/v1/functions", { name: "slow", source: SLOW_FUNCTION })).status).toBe(201);

    const inFlight = client.post("/v1/functions/slow/invoke");
    await sleep(300);
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    await waitUntil("the listener to close", () => refused(port), 1_000);

    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body).toBe("finished");
    expect(await server.exited, JSON.stringify(server.output())).toBe(0);
    const took = Date.now() - signalled;
    // The remaining ~1.2 s of the request and the close, far from the 10 s bound.
    expect(took).toBeGreaterThan(900);
    expect(took).toBeLessThan(6_000);
  }, 240_000);

  it("releases the claim of a webhook attempt still running at the deadline: another worker sends it at once, and the process exits by the bound", async () => {
    // The first attempt of every event hangs (never answered while the test runs); later ones succeed.
    const held: string[] = [];
    const receiver = await webhookReceiver((one, res) => {
      if (!held.includes(one.id)) {
        held.push(one.id);
        return;
      }
      res.writeHead(200).end("ok");
    });
    try {
      // A lease of a minute: without the release, the other worker would wait that long.
      const lease = { WEBHOOK_LEASE_MS: "60000" };
      const server = processes.serve({ ...lease, SHUTDOWN_TIMEOUT_MS: "2000" });
      const url = await apiUrlOf(server);
      const { key, orgId } = await newOrg(processes, "Shutdown Hooks", "growth");
      const client = api(url, key);
      const endpoint = await client.post("/v1/webhook_endpoints", { url: receiver.url, events: ["contact.created"], timeout_ms: 30_000 });
      expect(endpoint.status).toBe(201);
      receiver.secrets.push(endpoint.body.secret);
      expect((await client.post("/v1/contacts", { first_name: "Held" })).status).toBe(201);
      await waitUntil("the server's dispatcher to send the attempt that hangs", () => held.length === 1, 15_000);

      // Another worker, started after the claim: it cannot take the delivery while the lease holds.
      const worker = processes.worker({ ...lease, FUNCTION_TRIGGERS: "false", SCHEDULER: "false" });
      await worker.waitFor(/Enginery worker started/, 150_000);
      await sleep(1_500);
      expect(receiver.received).toHaveLength(1);

      const signalled = Date.now();
      server.child.kill("SIGTERM");
      const code = await server.exited;
      const took = Date.now() - signalled;
      // Work was cut short at the deadline: exit 1, within the bound (2 s) and a margin for the release.
      expect(code, JSON.stringify(server.output())).toBe(1);
      expect(took).toBeGreaterThanOrEqual(1_900);
      expect(took).toBeLessThan(4_500);

      let rowState: unknown = null;
      const timer = setInterval(async () => {
        rowState = await testDb.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orgId, orgId));
      }, 500);
      await waitUntil(
        "the other worker to deliver the released event",
        () => receiver.received.length === 2,
        5_000,
        () => JSON.stringify([worker.output(), rowState]),
      );
      clearInterval(timer);
      const tookOver = Date.now() - signalled;
      expect(tookOver).toBeLessThan(8_000);
      expect(receiver.received[1]!.id).toBe(receiver.received[0]!.id);
      expect(receiver.invalid).toEqual([]);
      await waitUntil(
        "the delivery to be recorded as succeeded",
        async () => {
          const [row] = await testDb.database.db
            .select()
            .from(webhookDeliveries)
            .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.endpointId, endpoint.body.id)));
          return row?.status === "succeeded";
        },
        5_000,
      );
    } finally {
      await receiver.close();
    }
  }, 240_000);
});
