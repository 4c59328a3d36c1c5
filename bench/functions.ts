import { openDatabase } from "../src/db/connection.ts";
import { generateSecret, hashSecret, secretHint } from "../src/platform/auth/api-key-secret.ts";
import { apiKeys } from "../src/platform/auth/api-keys-table.ts";
import { drive, freePort, startProcess, stopProcess, type LoadResult } from "./lib.ts";

/**
 * Edge-function benchmarks (issue 6), on PostgreSQL, against one API process
 * with its sandbox workers:
 * 1. cold: the first invoke of each of 40 freshly deployed functions (a new
 *    isolate: compile, load, run), one at a time, p50/p99;
 * 2. warm: a trivial function's latency with one connection (p50/p99) and
 *    its invokes/s with 50, each against GET /v1/me measured the same way in
 *    the same run (auth, rate limit, routing: everything an invoke has but the
 *    sandbox). Latency is compared unsaturated: at saturation a p50 is only
 *    connections / throughput.
 * Requests are spread over 50 keys of one enterprise organization, so the
 * per-key rate limit (10,000 a minute) never answers 429.
 * Targets: cold p50 <= 10 ms; warm p50 <= baseline p50 + 1 ms; >= 2,000 invokes/s.
 */

const ORG = `org_0bench${"1".padStart(20, "0")}`;
const KEYS = 50;
const COLD = 40;
const TRIVIAL = "export default { fetch() { return { ok: true } } }";

export async function benchKeys(url: string): Promise<string[]> {
  const database = await openDatabase({ kind: "postgres", url });
  try {
    await database.exec("DELETE FROM api_keys WHERE id LIKE 'key_0benchfn%'");
    const secrets = Array.from({ length: KEYS }, () => generateSecret());
    await database.db.insert(apiKeys).values(
      secrets.map((secret, i) => ({
        orgId: ORG,
        id: `key_0benchfn${String(i).padStart(18, "0")}`,
        name: "functions bench",
        kind: "full_access" as const,
        engines: [],
        secretHash: hashSecret(secret),
        hint: secretHint(secret),
        createdAt: new Date(),
      })),
    );
    // Functions of earlier runs: their versions and logs would only grow.
    await database.exec(
      `DELETE FROM function_invocations WHERE org_id = '${ORG}'; DELETE FROM function_versions WHERE org_id = '${ORG}'; DELETE FROM functions WHERE org_id = '${ORG}'`,
    );
    return secrets;
  } finally {
    await database.close();
  }
}

async function call(base: string, key: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function functionBench(url: string, duration: number, results: LoadResult[]): Promise<string[]> {
  const keys = await benchKeys(url);
  const port = await freePort();
  const api = await startProcess(
    ["bin/enginery", "serve"],
    { DATABASE_URL: url, SCHEDULER: "false", LOG_LEVEL: "warn", FUNCTION_TRIGGERS: "false", WEBHOOK_DISPATCHER: "false" },
    port,
    "/healthz",
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    const key = keys[0]!;
    const deployed = await call(base, key, "POST", "/v1/functions", { name: "bench-trivial", source: TRIVIAL });
    if (deployed.status !== 201) throw new Error(`deploy failed: ${deployed.status} ${JSON.stringify(deployed.json)}`);

    // Cold: every function's first call starts its isolate.
    const cold: number[] = [];
    for (let i = 0; i < COLD; i++) {
      const name = `bench-cold-${i}`;
      const made = await call(base, key, "POST", "/v1/functions", {
        name,
        source: `export default { fetch(request) { return { n: ${i}, method: request.method } } }`,
      });
      if (made.status !== 201) throw new Error(`deploy failed: ${made.status}`);
      const started = performance.now();
      const first = await call(base, key, "POST", `/v1/functions/${name}/invoke`, {});
      cold.push(performance.now() - started);
      if (first.status !== 200) throw new Error(`cold invoke failed: ${first.status} ${JSON.stringify(first.json)}`);
    }
    cold.sort((a, b) => a - b);

    const load = { connections: 50, duration, keys };
    await drive("warm-up", `${base}/v1/functions/bench-trivial/invoke`, { ...load, duration: 60, amount: 5000, body: () => ({}) });
    await drive("warm-up", `${base}/v1/me`, { ...load, duration: 60, amount: 5000 });
    const invokeUrl = `${base}/v1/functions/bench-trivial/invoke`;
    const meOne = await drive("GET /v1/me, 1 connection (baseline)", `${base}/v1/me`, { ...load, connections: 1 });
    const warmOne = await drive("POST invoke (warm), 1 connection", invokeUrl, { ...load, connections: 1, body: () => ({}) });
    const me = await drive("GET /v1/me, 50 connections (baseline)", `${base}/v1/me`, load);
    const warm = await drive("POST invoke (warm), 50 connections", invokeUrl, { ...load, body: () => ({}) });
    results.push(meOne, warmOne, me, warm);
    for (const r of [meOne, warmOne, me, warm]) console.log(`${r.name}: ${r.requestsPerSecond} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}`);

    const coldP50 = percentile(cold, 0.5);
    const coldP99 = percentile(cold, 0.99);
    return [
      `Functions, cold (first invoke of ${COLD} new functions, one at a time): p50 ${coldP50.toFixed(2)} ms, p99 ${coldP99.toFixed(2)} ms (target p50 <= 10): ${coldP50 <= 10 ? "PASS" : "MISS"}`,
      // autocannon reports whole milliseconds; with one connection the mean is exact: 1,000 / req/s.
      `Functions, warm latency (1 connection): p50 ${warmOne.p50} ms vs GET /v1/me ${meOne.p50} ms (target <= +1 ms): ${warmOne.p50 <= meOne.p50 + 1 ? "PASS" : "MISS"}; mean ${(1000 / warmOne.requestsPerSecond).toFixed(3)} ms vs ${(1000 / meOne.requestsPerSecond).toFixed(3)} ms; p99 ${warmOne.p99} ms vs ${meOne.p99} ms`,
      `Functions, warm throughput (50 connections): ${warm.requestsPerSecond} invokes/s (target >= 2,000): ${warm.requestsPerSecond >= 2000 ? "PASS" : "MISS"}; ${(warm.requestsPerSecond / me.requestsPerSecond).toFixed(2)}x GET /v1/me's ${me.requestsPerSecond} req/s; p50 ${warm.p50} ms, p99 ${warm.p99} ms`,
    ];
  } finally {
    await stopProcess(api);
  }
}
