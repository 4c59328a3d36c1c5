import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { functionRuns } from "../../src/functions/functions-table.ts";
import { createTriggerDispatcher } from "../../src/functions/trigger-dispatcher.ts";
import { useTestApp } from "../helpers/harness.ts";
import { waitUntil } from "./helpers.ts";

/**
 * Shutdown releases function claims too (the webhook side is proven through
 * processes in shutdown.test.ts): an event-triggered run still running when
 * its dispatcher's stop deadline passes has its lease cleared, so another
 * process may claim it at once. Both databases.
 */
const use = useTestApp();

const SLOW = `export default { async event() { await new Promise((r) => setTimeout(r, 4000)); } };`;

describe("stopping the function trigger dispatcher at a deadline", () => {
  it("releases the claim of a run still in flight and returns by the deadline", async () => {
    const t = use();
    const tenant = await t.tenant();
    expect(
      (await tenant.client.post("/v1/functions", { name: "slow-on-contact", source: SLOW, triggers: { http: false, events: ["contact.created"] } })).status,
    ).toBe(201);
    expect((await tenant.client.post("/v1/contacts", { first_name: "Slow" })).status).toBe(201);
    const db = t.database.db;
    const runs = () => db.select().from(functionRuns).where(eq(functionRuns.orgId, tenant.orgId));

    // A long lease: without the release, another process would wait a minute for it.
    const dispatcher = createTriggerDispatcher({ database: t.database, invoker: t.app.functionInvoker, log: { error() {} }, leaseMs: 60_000, pollMs: 50 });
    await dispatcher.start();
    await waitUntil("the run to be claimed", async () => (await runs())[0]?.claimedUntil != null, 15_000);
    const deadline = Date.now() + 300;
    await dispatcher.stop(deadline);
    expect(Date.now() - deadline).toBeLessThan(1_500);
    const [run] = await runs();
    expect(run!.claimedUntil).toBeNull();
    expect(run!.status).toBe("pending");
  }, 60_000);
});
