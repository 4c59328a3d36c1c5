import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { redisRateLimitStore } from "../../src/platform/rate-limit/redis-store.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { startTestApp } from "../helpers/harness.ts";

/**
 * Issue 16, item 5: losing Redis must not stall requests. Two ways to lose it:
 * a server that accepts connections and never answers (a hung Redis, a black
 * hole), and a port that refuses them. Either way every request answers
 * quickly, with limit headers from the local fallback limit, the local limit
 * holds, and the outage is logged once, not per request.
 */
const servers: net.Server[] = [];
afterAll(async () => {
  for (const s of servers) await new Promise((resolve) => s.close(resolve));
});

/** Accepts connections and never writes a byte. */
async function blackHole(): Promise<number> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => void sockets.push(socket));
  server.on("close", () => {
    for (const s of sockets) s.destroy();
  });
  const close = server.close.bind(server);
  server.close = ((cb?: (err?: Error) => void) => {
    for (const s of sockets) s.destroy();
    return close(cb);
  }) as typeof server.close;
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A port nothing listens on. */
async function refusing(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function collectingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: object, msg: string) => void lines.push({ level, msg });
  return { lines, log: { error: at("error"), warn: at("warn"), info: at("info") } };
}

describe.each([
  ["accepts and never answers", blackHole],
  ["refuses connections", refusing],
])("a Redis that %s", (_name, makePort) => {
  it("costs requests milliseconds, keeps limit headers from a local limit that holds, and is logged once", async () => {
    const port = await makePort();
    const { lines, log } = collectingLog();
    const store = redisRateLimitStore(`redis://127.0.0.1:${port}`, "enginery:test:", { log });
    const app = await startTestApp({ rateLimits: store });
    try {
      const tenant = await app.tenant({ plan: "free" });
      const times: number[] = [];
      for (let i = 0; i < 100; i++) {
        const started = performance.now();
        const res = await tenant.client.get("/v1/me");
        times.push(performance.now() - started);
        expect(res.status, res.text).toBe(200);
        expect(res.headers.get("x-ratelimit-limit")).toBe("100");
        expect(res.headers.get("x-ratelimit-remaining")).toBe(String(99 - i));
      }
      // The free plan's 100 a minute, enforced by this process alone.
      const refused = await tenant.client.get("/v1/me");
      expectProblem(refused, 429, "rate_limited");
      expect(refused.headers.get("retry-after")).toBeTruthy();

      times.sort((a, b) => a - b);
      // The first request may wait for the command timeout; none waits longer, and the rest not at all.
      expect(times.at(-1)!).toBeLessThan(1_000);
      expect(times[Math.floor(times.length * 0.9)]!).toBeLessThan(100);
      const outages = lines.filter((l) => /unavailable/.test(l.msg));
      expect(outages, JSON.stringify(lines)).toHaveLength(1);
      expect(outages[0]!.level).toBe("error");
    } finally {
      await app.close();
    }
  });
});

const REDIS_URL = process.env.REDIS_URL;
describe.skipIf(!REDIS_URL)("a Redis that comes back", () => {
  it("is used again once a background probe finds it answering, and the recovery is logged once", async () => {
    // A proxy to the real Redis that can be switched to drop everything.
    const upstream = new URL(REDIS_URL!);
    let dropping = true;
    const proxy = net.createServer((client) => {
      const server = net.connect(Number(upstream.port || 6379), upstream.hostname);
      client.on("data", (chunk) => {
        if (!dropping) server.write(chunk);
      });
      server.on("data", (chunk) => client.write(chunk));
      const end = () => {
        client.destroy();
        server.destroy();
      };
      client.on("close", end);
      server.on("close", end);
      client.on("error", end);
      server.on("error", end);
    });
    servers.push(proxy);
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const { port } = proxy.address() as net.AddressInfo;
    const { lines, log } = collectingLog();
    const store = redisRateLimitStore(`redis://127.0.0.1:${port}`, `enginery:test:${Date.now()}:`, { log, probeMs: 100 });
    try {
      const first = await store.consume("k", 10, 60_000, Date.now());
      expect(first.remaining).toBe(9);
      expect(lines.filter((l) => /unavailable/.test(l.msg))).toHaveLength(1);
      dropping = false;
      const deadline = Date.now() + 10_000;
      while (!lines.some((l) => /shared again/.test(l.msg)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(lines.filter((l) => /shared again/.test(l.msg))).toHaveLength(1);
      // Back on the shared store: its own count, which the outage's local requests did not touch.
      const shared = await store.consume("k", 10, 60_000, Date.now());
      expect(shared.remaining).toBe(9);
    } finally {
      await store.close();
    }
  });
});
