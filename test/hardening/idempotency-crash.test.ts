import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { createTestDatabase, testDbKind, type TestDatabase } from "../helpers/database.ts";
import { enginery, start, type Server, type Target } from "../helpers/processes.ts";

/**
 * Issue 16, item 4: a server process killed (SIGKILL) after a write committed
 * but before it answered, and a retry with the same Idempotency-Key against a
 * new process: exactly one effect, and the retry gets the first response.
 *
 * ENGINERY_TEST_PAUSE_AFTER_COMMIT_MS (set only here) makes the first process
 * wait after committing an idempotent request's write, printing a line, so the
 * kill lands in that gap every time.
 */
let tmp: string;
let testDb: TestDatabase | undefined;
let target: Target;
const servers: Server[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-crash-"));
  if (testDbKind() === "pglite") target = { dataDir: path.join(tmp, "data") };
  else {
    testDb = await createTestDatabase();
    target = { databaseUrl: testDb.url! };
  }
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop("SIGKILL")));
});

afterAll(async () => {
  await testDb?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function serve(extra: Record<string, string> = {}): Server {
  const server = start(["serve"], enginery(target, { PORT: "0", LOG_LEVEL: "warn", SNAPSHOT_EVERY_HOURS: "0", ...extra }));
  servers.push(server);
  return server;
}

async function urlOf(server: Server): Promise<string> {
  return (await server.waitFor(/Enginery is serving (http:\/\/localhost:\d+)/, 30_000))[1]!;
}

it("SIGKILL between a write's commit and its answer: the retry with the same key makes no second invoice", async () => {
  const first = serve({ ENGINERY_TEST_PAUSE_AFTER_COMMIT_MS: "60000" });
  const url1 = await urlOf(first);
  const [, secret] = await first.waitFor(/export KEY=(ek_live_[0-9A-Za-z]+)/);
  const headers = { authorization: `Bearer ${secret}`, "content-type": "application/json", "idempotency-key": "crash-test-1" };
  const client = `Crash test ${Date.now()}`;
  const body = JSON.stringify({ client, amount: 42.5, currency: "EUR", due_date: "2099-01-31" });

  const lost = fetch(`${url1}/v1/invoices`, { method: "POST", headers, body }).then(
    (r) => r.status,
    () => "connection lost",
  );
  await first.waitFor(/test hook: paused after commit/, 20_000);
  first.child.kill("SIGKILL");
  await first.exited;
  expect(await lost).toBe("connection lost");

  const second = serve();
  const url2 = await urlOf(second);
  const started = Date.now();
  let retry: Response;
  for (;;) {
    retry = await fetch(`${url2}/v1/invoices`, { method: "POST", headers, body });
    if (retry.status !== 409 || Date.now() - started > 40_000) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const answer = (await retry.json()) as any;
  expect(retry.status, JSON.stringify(answer)).toBe(201);
  expect(retry.headers.get("idempotent-replayed")).toBe("true");
  expect(answer).toMatchObject({ client, amount: 42.5, currency: "EUR" });

  const auth = { authorization: `Bearer ${secret}` };
  const list = (await (await fetch(`${url2}/v1/invoices?q=${encodeURIComponent(client)}`, { headers: auth })).json()) as any;
  expect(list.data.map((i: any) => i.id)).toEqual([answer.id]);
  const events = (await (await fetch(`${url2}/v1/events?object_id=${answer.id}`, { headers: auth })).json()) as any;
  expect(events.data.map((e: any) => e.type)).toEqual(["invoice.created"]);

  // Later retries replay the same answer.
  const again = await fetch(`${url2}/v1/invoices`, { method: "POST", headers, body });
  expect(again.status).toBe(201);
  expect(((await again.json()) as any).id).toBe(answer.id);
}, 120_000);
