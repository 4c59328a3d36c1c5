import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { createDispatcher } from "../../src/webhooks/dispatcher.ts";
import { webhookDeliveries } from "../../src/webhooks/webhooks-table.ts";
import { useTestApp } from "../helpers/harness.ts";

/**
 * Issue 16, item 7: a dispatcher renews the lease of what it claimed while the
 * work is in flight, so leases can be short (seconds) without a second
 * dispatcher taking over work that is merely slow. Two dispatchers, a lease of
 * 600 ms, a receiver that takes 2.5 s: the delivery is sent once, and its
 * claim keeps moving forward while the attempt runs.
 */
const t = useTestApp();
const servers: http.Server[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

it("a slow attempt keeps its claim: two dispatchers with a 600 ms lease send it once", async () => {
  let received = 0;
  const server = http.createServer((req, res) => {
    received++;
    req.resume();
    setTimeout(() => res.end("ok"), 2_500);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

  const tenant = await t().tenant();
  const endpoint = await tenant.client.post("/v1/webhook_endpoints", { url, events: ["invoice.created"] });
  expect(endpoint.status).toBe(201);
  const policy = { allowedNetworks: ["127.0.0.0/8"], allowHttp: true };
  const log = { info() {}, error() {} };
  const dispatchers = [0, 1].map(() => createDispatcher({ database: t().database, policy, log, leaseMs: 600, pollMs: 50 }));
  try {
    expect((await tenant.client.post("/v1/invoices", { client: "Slow", amount: 1, currency: "USD", due_date: "2099-01-01" })).status).toBe(201);
    await Promise.all(dispatchers.map((d) => d.start()));
    const where = and(eq(webhookDeliveries.orgId, tenant.orgId), eq(webhookDeliveries.endpointId, endpoint.body.id));
    const leases: number[] = [];
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [row] = await t().database.db.select().from(webhookDeliveries).where(where);
      if (row?.status === "succeeded" || Date.now() > deadline) break;
      if (row?.claimedUntil) {
        leases.push(row.claimedUntil.getTime());
        // Never lapsed while the attempt runs.
        if (received > 0) expect(row.claimedUntil.getTime()).toBeGreaterThan(Date.now() - 100);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [row] = await t().database.db.select().from(webhookDeliveries).where(where);
    expect(row!.status).toBe("succeeded");
    expect(row!.attemptCount).toBe(1);
    expect(received).toBe(1);
    // Renewed: the lease moved forward several times.
    expect(new Set(leases).size).toBeGreaterThanOrEqual(3);
  } finally {
    await Promise.all(dispatchers.map((d) => d.stop()));
  }
});
