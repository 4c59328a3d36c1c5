import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RateLimitStore } from "../../src/platform/rate-limit/gcra.ts";
import { memoryRateLimitStore } from "../../src/platform/rate-limit/memory-store.ts";
import { redisRateLimitStore } from "../../src/platform/rate-limit/redis-store.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { Client, startTestApp, useTestApp, type Tenant } from "../helpers/harness.ts";

/**
 * Redis-backed limits. The store tests need REDIS_URL; the two-process test
 * also needs this file's PostgreSQL database (the postgres project, which
 * exists when TEST_DATABASE_URL is set). `.ci/run` sets both.
 */
const REDIS_URL = process.env.REDIS_URL;
const ON_POSTGRES = process.env.TEST_DB === "postgres" && !!process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WINDOW = 60_000;
const T0 = Date.parse("2030-01-01T00:00:00Z");

const storeTitle = REDIS_URL ? "Redis rate-limit store" : "Redis rate-limit store [SKIPPED: REDIS_URL is not set]";
const processesTitle = !REDIS_URL
  ? "two server processes share one budget [SKIPPED: REDIS_URL is not set]"
  : !ON_POSTGRES
    ? "two server processes share one budget [SKIPPED: needs the postgres project (TEST_DATABASE_URL); an embedded database has one process]"
    : "two server processes share one budget through Redis";

/** Keys under a prefix of this run only, deleted afterwards. */
const PREFIX = `enginery:test:${randomBytes(6).toString("hex")}:`;

describe.skipIf(!REDIS_URL)(storeTitle, () => {
  const stores: RateLimitStore[] = [];
  let admin: Redis;
  const store = () => {
    const s = redisRateLimitStore(REDIS_URL!, PREFIX);
    stores.push(s);
    return s;
  };

  beforeAll(() => {
    admin = new Redis(REDIS_URL!);
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    const keys = await admin.keys(`${PREFIX}*`);
    if (keys.length) await admin.del(...keys);
    await admin.quit();
  });

  it("lets the limit through at once, then refuses, then refills one per interval", async () => {
    const s = store();
    const decisions = [];
    for (let i = 0; i < 101; i++) decisions.push(await s.consume("burst", 100, WINDOW, T0));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(100);
    expect(decisions[0]).toEqual({ allowed: true, limit: 100, remaining: 99, resetSeconds: 1, retryAfterSeconds: 0 });
    expect(decisions[100]).toEqual({ allowed: false, limit: 100, remaining: 0, resetSeconds: 60, retryAfterSeconds: 1 });
    expect((await s.consume("burst", 100, WINDOW, T0 + 599)).allowed).toBe(false);
    expect(await s.consume("burst", 100, WINDOW, T0 + 600)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await s.consume("burst", 100, WINDOW, T0 + 600)).allowed).toBe(false);
  });

  it("decides exactly as the memory store on the same requests", async () => {
    const s = store();
    const memory = memoryRateLimitStore();
    let now = T0;
    for (let i = 0; i < 400; i++) {
      now += (i * 7919) % 23 === 0 ? 700 : (i * 31) % 5;
      const key = i % 3 === 0 ? "parity-a" : "parity-b";
      const [fromRedis, fromMemory] = await Promise.all([s.consume(key, 50, WINDOW, now), memory.consume(key, 50, WINDOW, now)]);
      expect(fromRedis, `request ${i}`).toEqual(fromMemory);
    }
  });

  it("peek spends nothing; keys are independent", async () => {
    const s = store();
    expect(await s.peek("peek", 10, WINDOW, T0)).toMatchObject({ allowed: true, remaining: 10, resetSeconds: 0 });
    await s.consume("peek", 10, WINDOW, T0);
    for (let i = 0; i < 3; i++) expect(await s.peek("peek", 10, WINDOW, T0)).toMatchObject({ remaining: 9 });
    expect(await s.consume("peek-other", 10, WINDOW, T0)).toMatchObject({ remaining: 9 });
  });

  it("two connections share one budget, atomically under concurrency", async () => {
    const a = store();
    const b = store();
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => (i % 2 ? a : b).consume("shared", 100, WINDOW, T0)));
    expect(results.filter((d) => d.allowed)).toHaveLength(100);
    expect((await a.peek("shared", 100, WINDOW, T0)).remaining).toBe(0);
    expect((await b.peek("shared", 100, WINDOW, T0)).remaining).toBe(0);
  });

  it("stores one key per API key that expires once the bucket is full again", async () => {
    const s = store();
    await s.consume("ttl", 100, WINDOW, Date.now());
    const ttl = await admin.pttl(`${PREFIX}ttl`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600 + 1_000 + 50);
  });
});

// ---------------------------------------------------------------------------

/** Two free TCP ports on 127.0.0.1 (both held until both are known, so they differ). */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

interface Server {
  process: ChildProcess;
  url: string;
  output: () => string;
}

async function startServer(port: number, databaseUrl: string): Promise<Server> {
  const child = spawn(process.execPath, [path.join(ROOT, "bin/enginery"), "serve"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL!,
      SCHEDULER: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return { process: child, url, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server on port ${port} did not become ready:\n${output}`);
}

async function stop(server: Server | undefined): Promise<void> {
  const child = server?.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

describe.skipIf(!REDIS_URL || !ON_POSTGRES)(processesTitle, () => {
  // Only here is an app (and this file's database) needed.
  const t = REDIS_URL && ON_POSTGRES ? useTestApp() : () => undefined as never;
  const servers: Server[] = [];
  const usedKeyIds: string[] = [];
  let tenant: Tenant;

  beforeAll(async () => {
    // The organization exists before the servers start (so they do not seed a demo organization).
    tenant = await t().tenant({ plan: "free" });
    usedKeyIds.push(tenant.keyId);
    const started = await Promise.allSettled((await freePorts(2)).map((port) => startServer(port, t().testDb.url!)));
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  });

  afterAll(async () => {
    await Promise.all(servers.map(stop));
    if (usedKeyIds.length) {
      const admin = new Redis(REDIS_URL!);
      await admin.del(...usedKeyIds.map((id) => `enginery:rl:${id}`));
      await admin.quit();
    }
  });

  it("120 requests alternating between two processes: about 100 pass in total, the rest are 429", async () => {
    const key = await tenant.newKey("read_only");
    usedKeyIds.push(key.id);
    const clients = servers.map((s) => new Client(s.url, key.secret));

    const started = Date.now();
    const results: { server: number; status: number; limit: string | null }[] = [];
    for (let i = 0; i < 120; i++) {
      const res = await clients[i % 2]!.get("/v1/me");
      results.push({ server: i % 2, status: res.status, limit: res.headers.get("x-ratelimit-limit") });
      if (res.status === 429) expectProblem(res, 429, "rate_limited");
    }
    const elapsed = Date.now() - started;

    const passed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(passed.length + refused.length).toBe(120);
    // One shared budget of 100, plus what refilled (one per 600 ms) while the requests ran.
    expect(passed.length).toBeGreaterThanOrEqual(100);
    expect(passed.length).toBeLessThanOrEqual(100 + Math.floor(elapsed / 600) + 1);
    // Both processes served and both refused: neither kept a budget of its own.
    for (const server of [0, 1]) {
      expect(passed.filter((r) => r.server === server).length, `server ${server} passed`).toBeGreaterThanOrEqual(45);
      expect(refused.filter((r) => r.server === server).length, `server ${server} refused`).toBeGreaterThan(0);
    }
    expect(new Set(results.map((r) => r.limit))).toEqual(new Set(["100"]));
    // The first 100 all passed: no process refused early.
    expect(results.slice(0, 100).every((r) => r.status === 200)).toBe(true);
  });

  it("a key revoked through one process is refused by the other on the next request", async () => {
    const tenant = await t().tenant({ plan: "growth" });
    const key = await tenant.newKey("read_only");
    usedKeyIds.push(key.id, tenant.keyId);
    const [a, b] = servers.map((s) => new Client(s.url));
    // Both processes know the key (and may cache it).
    expect((await a!.get("/v1/me", { key: key.secret })).status).toBe(200);
    expect((await b!.get("/v1/me", { key: key.secret })).status).toBe(200);
    const revoke = await a!.delete(`/v1/api_keys/${key.id}`, { key: tenant.key });
    expect(revoke.status).toBe(200);
    expectProblem(await b!.get("/v1/me", { key: key.secret }), 401, "api_key_revoked");
    expectProblem(await a!.get("/v1/me", { key: key.secret }), 401, "api_key_revoked");
  });

  it("a key created through one process works at once on the other", async () => {
    const tenant = await t().tenant({ plan: "growth" });
    usedKeyIds.push(tenant.keyId);
    const [a, b] = servers.map((s) => new Client(s.url, tenant.key));
    const created = await a!.post("/v1/api_keys", { kind: "engine", engines: ["finance"] });
    expect(created.status).toBe(201);
    usedKeyIds.push(created.body.id);
    const me = await b!.get("/v1/me", { key: created.body.secret });
    expect(me.status).toBe(200);
    expect(me.body.api_key.id).toBe(created.body.id);
  });

  it("an unreachable Redis does not take the API down: requests pass, limited locally (see test/hardening/redis-outage)", async () => {
    const [port] = await freePorts(1);
    const dead = redisRateLimitStore(`redis://127.0.0.1:${port}`, PREFIX);
    const app = await startTestApp({
      rateLimits: { ...dead, close: async () => void (await Promise.race([dead.close().catch(() => {}), new Promise((r) => setTimeout(r, 200))])) },
    });
    try {
      const tenant = await app.tenant({ plan: "free" });
      const started = Date.now();
      const res = await tenant.client.get("/v1/me");
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBe("100");
      // The limiter gives up quickly rather than holding the request.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
    }
  });
});
