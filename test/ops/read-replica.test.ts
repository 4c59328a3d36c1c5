import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../../src/engines/finance/invoices-table.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import type { Server } from "../helpers/processes.ts";
import { api, apiUrlOf, metricValue, newOrg, ON_POSTGRES, Processes, scrape, sleep, waitUntil } from "./helpers.ts";
import { startReplica, type Replica } from "./replica.ts";

/**
 * DATABASE_READ_URL against a real streaming replica (pg_basebackup of the
 * test server, see replica.ts). Replay is paused on the replica to make its
 * lag visible: list reads are served from it (a change made on the primary is
 * not in them), an organization that writes reads its own writes from the
 * primary, and once the replica trails by more than the pin window every read
 * goes to the primary. PostgreSQL only; on PostgreSQL a replica that cannot
 * be made fails the test (no skip).
 */
const PIN_MS = 8_000;
const TOKEN = "replica-metrics-token-0123456789";
let testDb: TestDatabase;
let replica: Replica;
let processes: Processes;
let server: Server;
let url: string;

const dbName = () => new URL(testDb.url!).pathname.slice(1);

describe.skipIf(!ON_POSTGRES)("read replica", () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    replica = await startReplica(process.env.TEST_DATABASE_URL!);
    processes = new Processes(testDb.url!);
    server = processes.serve({ DATABASE_READ_URL: replica.urlOf(dbName()), DATABASE_READ_PIN_MS: String(PIN_MS), METRICS_TOKEN: TOKEN, SCHEDULER: "false" });
    url = await apiUrlOf(server);
  }, 300_000);

  afterAll(async () => {
    await processes?.stopAll();
    await replica?.stop();
    await testDb?.drop();
  });

  it("serves lists from the replica, a writer's own reads from the primary, and everything from the primary while the replica trails too far", async () => {
    const reader = await newOrg(processes, "Reads From Replica", "growth");
    const writer = await newOrg(processes, "Writes And Reads", "growth");
    const readerApi = api(url, reader.key);
    const writerApi = api(url, writer.key);
    const created = await readerApi.post("/v1/invoices", { client: "Before pause", amount: 100, currency: "EUR", due_date: "2030-01-01" });
    expect(created.status).toBe(201);
    const replicaSql = replica.sql(dbName());
    const onReplica = async (id: string) => (await replicaSql<{ client: string }[]>`SELECT client FROM invoices WHERE id = ${id}`)[0]?.client;
    await waitUntil("the replica to have the invoice", async () => (await onReplica(created.body.id)) === "Before pause", 20_000);
    // The reader's own write pinned it to the primary: let the pin run out, then its lists come from the replica.
    await sleep(PIN_MS + 500);
    await waitUntil(
      "the replica to be caught up",
      async () => metricValue((await scrape(`${url}/metrics`, TOKEN)).text, "enginery_db_replica_lag_seconds") < 1,
      10_000,
    );

    await replicaSql`SELECT pg_wal_replay_pause()`;
    // A change on the primary that no request of the reader made (so nothing pins it).
    await testDb.database.db
      .update(invoices)
      .set({ client: "Changed on the primary" })
      .where(and(eq(invoices.orgId, reader.orgId), eq(invoices.id, created.body.id)));
    const changedAt = Date.now();

    // 1. The reader's list comes from the replica: the change is not in it, while a single GET (primary) has it.
    const listed = await readerApi.get("/v1/invoices?per_page=100");
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((i: { id: string }) => i.id === created.body.id).client).toBe("Before pause");
    expect((await readerApi.get(`/v1/invoices/${created.body.id}`)).body.client).toBe("Changed on the primary");

    // 2. The writer reads its own writes, list and dossier, although the replica has none of them.
    const account = await writerApi.post("/v1/accounts", { name: "Fresh Account", domain: "fresh.example" });
    expect(account.status).toBe(201);
    const invoice = await writerApi.post("/v1/invoices", { client: "Fresh", amount: 5, currency: "EUR", due_date: "2030-01-01", account_id: account.body.id });
    expect(invoice.status).toBe(201);
    expect(await onReplica(invoice.body.id)).toBeUndefined();
    const own = await writerApi.get("/v1/invoices");
    expect(own.body.data.map((i: { id: string }) => i.id)).toContain(invoice.body.id);
    const dossier = await writerApi.get(`/v1/accounts/${account.body.id}/dossier`);
    expect(dossier.status).toBe(200);
    expect(dossier.body.account.id).toBe(account.body.id);
    expect(Date.now() - changedAt).toBeLessThan(PIN_MS);

    // 3. The replica now trails by more than the pin window: every read goes to the primary.
    await waitUntil(
      "the measured lag to pass the pin window",
      async () => metricValue((await scrape(`${url}/metrics`, TOKEN)).text, "enginery_db_replica_lag_seconds") * 1000 > PIN_MS,
      20_000,
    );
    const fallback = await readerApi.get("/v1/invoices?per_page=100");
    expect(fallback.body.data.find((i: { id: string }) => i.id === created.body.id).client).toBe("Changed on the primary");

    // 4. Replay resumes: the replica catches up and serves the same answer.
    await replicaSql`SELECT pg_wal_replay_resume()`;
    await waitUntil("the replica to catch up", async () => (await onReplica(created.body.id)) === "Changed on the primary", 20_000);
    await waitUntil(
      "the measured lag to fall",
      async () => metricValue((await scrape(`${url}/metrics`, TOKEN)).text, "enginery_db_replica_lag_seconds") < 1,
      10_000,
    );
    const caughtUp = await readerApi.get("/v1/invoices?per_page=100");
    expect(caughtUp.body.data.find((i: { id: string }) => i.id === created.body.id).client).toBe("Changed on the primary");
  }, 120_000);
});
