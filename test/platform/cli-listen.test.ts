import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKind, type TestDatabase } from "../helpers/database.ts";
import { enginery, run, start, type Server, type Target } from "../helpers/processes.ts";

/**
 * `enginery listen` and `enginery trigger` as a developer runs them: real
 * processes against a real `enginery serve`, forwarding to a local handler
 * that verifies every request with the public `standardwebhooks` library and
 * the secret listen printed. The server is stopped and started again under
 * the listener, which resumes where it left off: nothing lost, nothing twice.
 */
let testDb: TestDatabase | null = null;
let target: Target;
let port: number;
let server: Server;
let apiUrl: string;
let key: string;
const children: Server[] = [];

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function serve(): Server {
  const child = start(
    ["serve"],
    enginery(target, { PORT: String(port), SCHEDULER: "false", SNAPSHOT_EVERY_HOURS: "0", FUNCTION_WORKERS: "1", EVENT_STREAM_HEARTBEAT_MS: "500" }),
  );
  children.push(child);
  return child;
}

interface Delivery {
  id: string;
  type: string;
  verified: boolean;
}

/** The developer's webhook handler: verifies with the secret it is given, answers 200 (or 400 on a bad signature). */
async function handler() {
  const received: Delivery[] = [];
  let secret = "";
  const srv = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      try {
        const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as { id: string; type: string };
        received.push({ id: payload.id, type: payload.type, verified: payload.id === req.headers["webhook-id"] });
        res.writeHead(200).end("ok");
      } catch {
        received.push({ id: String(req.headers["webhook-id"]), type: "?", verified: false });
        res.writeHead(400).end("bad signature");
      }
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as net.AddressInfo).port}/webhooks`,
    received,
    useSecret: (s: string) => (secret = s),
    close: () => new Promise<void>((resolve) => (srv.closeAllConnections(), srv.close(() => resolve()))),
  };
}

async function until(what: string, condition: () => boolean, timeoutMs = 60_000, state: () => string = () => "") {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${state()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("enginery listen and enginery trigger, as processes", () => {
  beforeAll(async () => {
    if (testDbKind() === "postgres") {
      testDb = await createTestDatabase();
      target = { databaseUrl: testDb.url! };
    } else {
      target = { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "enginery-listen-")) };
    }
    port = await freePort();
    server = serve();
    // The first start seeds the demo organization and prints its key.
    key = (await server.waitFor(/export KEY=(\S+)/, 150_000))[1]!;
    apiUrl = `http://127.0.0.1:${port}`;
  }, 200_000);

  afterAll(async () => {
    await Promise.all(children.map((c) => c.stop("SIGKILL")));
    await testDb?.drop();
    if ("dataDir" in target) fs.rmSync(path.dirname(target.dataDir) === os.tmpdir() ? target.dataDir : "", { recursive: true, force: true });
  });

  it("forwards triggered events signed with the session's secret, and resumes after the server goes away and comes back", async () => {
    const hook = await handler();
    const env = enginery(target, { ENGINERY_API_URL: apiUrl, ENGINERY_API_KEY: key });
    const listener = start(["listen", "--forward-to", hook.url, "--events", "invoice.*"], env);
    children.push(listener);
    hook.useSecret((await listener.waitFor(/signing secret is (whsec_\S+)/))[1]!);
    await listener.waitFor(/Ready! Forwarding events matching invoice\.\* of http:\/\/127\.0\.0\.1:\d+ to /);

    // trigger with flags (listen took the environment): the same server either way.
    const paid = await run(["trigger", "invoice.paid", "--api-url", apiUrl, "--api-key", key], enginery(target));
    expect(paid.code, paid.stderr).toBe(0);
    expect(paid.stdout).toMatch(/POST \/v1\/invoices\/inv_\w+\/pay -> 200/);
    await until(
      "invoice.paid forwarded",
      () => hook.received.some((d) => d.type === "invoice.paid"),
      30_000,
      () => listener.output().stdout,
    );
    // One line per event with the handler's answer and the time it took.
    await listener.waitFor(/\d\d:\d\d:\d\d {2}--> invoice\.paid \[evt_\w+\] {2}<-- \[200\] POST http:\/\/127\.0\.0\.1:\d+\/webhooks \(\d+ ms\)/);

    // The server stops (its streams end) and starts again on the same port; meanwhile the listener backs off.
    expect(await server.stop("SIGTERM")).toBe(0);
    await listener.waitFor(/reconnecting/);
    server = serve();
    await server.waitFor(/Enginery is serving/, 150_000);
    const voided = await run(["trigger", "invoice.voided"], env);
    expect(voided.code, voided.stderr).toBe(0);
    await listener.waitFor(/Reconnected; resuming after evt_\w+\./, 60_000);
    await until(
      "invoice.voided forwarded",
      () => hook.received.some((d) => d.type === "invoice.voided"),
      30_000,
      () => listener.output().stdout,
    );

    // Every invoice event of the organization reached the handler once, verified, in the order the API lists them.
    const listed = await fetch(`${apiUrl}/v1/events?type=invoice.*&per_page=100`, { headers: { authorization: `Bearer ${key}` } });
    const ids = ((await listed.json()) as { data: { id: string }[] }).data.map((e) => e.id).reverse();
    const sinceListening = ids.slice(ids.indexOf(hook.received[0]!.id));
    await until("every event forwarded", () => hook.received.length >= sinceListening.length, 10_000);
    expect(hook.received.every((d) => d.verified)).toBe(true);
    expect(hook.received.map((d) => d.id)).toEqual(sinceListening);
    expect(hook.received.map((d) => d.type)).toEqual(expect.arrayContaining(["invoice.created", "invoice.payment_recorded", "invoice.paid", "invoice.voided"]));
    expect(hook.received.every((d) => d.type.startsWith("invoice."))).toBe(true);

    listener.child.kill("SIGINT");
    expect(await listener.exited).toBe(0);
    expect(listener.output().stdout).toMatch(/Stopped after \d+ events\./);
    await hook.close();
  }, 300_000);

  it("stops with one line when the server refuses the stream (an unknown event type)", async () => {
    const refused = await run(
      ["listen", "--forward-to", "http://127.0.0.1:9/webhooks", "--events", "invoice.payed"],
      enginery(target, { ENGINERY_API_URL: apiUrl, ENGINERY_API_KEY: key }),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^enginery: 400 validation_failed: type: "invoice\.payed" names no event type/m);
    const noTarget = await run(["listen"], enginery(target, { ENGINERY_API_KEY: key }));
    expect(noTarget.stderr).toContain("--forward-to <url> is required");
  }, 60_000);
});
