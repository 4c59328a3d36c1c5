/**
 * npm run bench [-- --only postgres|pglite] [--duration 10] [--reload]
 *
 * GET /v1/invoices?status=overdue&per_page=25 under autocannon (50 connections),
 * against a baseline measured in the same run: a bare Fastify route returning a
 * fixed 25-invoice page. PostgreSQL gets 1,000,000 invoices over 1,000
 * organizations (BENCH_DATABASE_URL, default the local server's enginery_bench
 * database, kept between runs unless --reload); PGlite gets 100,000 over 100.
 * Targets (issue 2): PostgreSQL >= 0.35x baseline req/s with p99 <= 25 ms;
 * PGlite >= 1,000 req/s.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { openDatabase, type Database } from "../src/db/connection.ts";
import { migrate } from "../src/db/migrate.ts";
import { countInvoices, loadInvoices, loadKeys } from "./load.ts";
import { drive, freePort, report, ROOT, startProcess, stopProcess, type LoadResult } from "./lib.ts";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    duration: { type: "string", default: "10" },
    reload: { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);
const connections = 50;
const PATH = "/v1/invoices?status=overdue&per_page=25";
const results: LoadResult[] = [];
const lines: string[] = [];

async function measure(name: string, url: string, keys?: string[]): Promise<LoadResult> {
  // Warm-up: JIT, connection pools, and a first use of every key (which looks the key up
  // and stamps last_used_at), so the measured run sees the steady state.
  await drive(`${name} (warm-up)`, url, { connections, duration: 60, amount: Math.max(2000, (keys?.length ?? 0) * 2), keys });
  const result = await drive(name, url, { connections, duration, keys });
  results.push(result);
  console.log(`${name}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`);
  return result;
}

async function baseline(): Promise<LoadResult> {
  const port = await freePort();
  const child = await startProcess(["--import", "tsx", "bench/baseline-server.ts"], {}, port, "/v1/invoices");
  try {
    return await measure("baseline: bare Fastify, fixed 25 invoices", `http://127.0.0.1:${port}/v1/invoices`);
  } finally {
    await stopProcess(child);
  }
}

async function api(name: string, env: Record<string, string>, keys: string[]): Promise<LoadResult> {
  const port = await freePort();
  const child = await startProcess(["bin/enginery", "serve"], { ...env, SCHEDULER: "false", LOG_LEVEL: "warn" }, port, "/healthz");
  try {
    return await measure(name, `http://127.0.0.1:${port}${PATH}`, keys);
  } finally {
    await stopProcess(child);
  }
}

async function preparePostgres(url: string): Promise<string[]> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  const exists = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
  if (exists.length > 0 && values.reload) await sql.unsafe(`DROP DATABASE ${name} WITH (FORCE)`);
  if (exists.length === 0 || values.reload) await sql.unsafe(`CREATE DATABASE ${name}`);
  await sql.end();

  const database = await openDatabase({ kind: "postgres", url });
  try {
    await migrate(database);
    if ((await countInvoices(database)) !== 1_000_000) {
      console.log("loading 1,000,000 invoices over 1,000 organizations into PostgreSQL ...");
      const started = Date.now();
      await database.exec("TRUNCATE orgs, api_keys, invoices, events, idempotency_keys");
      await loadInvoices(database, 1000, 1000, new Date());
      console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return await loadKeys(database, 1000, new Date());
  } finally {
    await database.close();
  }
}

async function preparePglite(dataDir: string): Promise<string[]> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const database: Database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await migrate(database);
    console.log("loading 100,000 invoices over 100 organizations into PGlite ...");
    await loadInvoices(database, 100, 1000, new Date());
    return await loadKeys(database, 100, new Date());
  } finally {
    await database.close();
  }
}

const base = await baseline();
lines.push(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${connections} connections, ${duration} s per run`);

if (values.only !== "pglite") {
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/enginery_bench";
  const keys = await preparePostgres(url);
  const pg = await api("PostgreSQL: GET /v1/invoices?status=overdue (1M invoices)", { DATABASE_URL: url }, keys);
  const ratio = pg.requestsPerSecond / base.requestsPerSecond;
  lines.push(
    `PostgreSQL: ${ratio.toFixed(2)}x baseline req/s (target >= 0.35), p99 ${pg.p99} ms (target <= 25): ${ratio >= 0.35 && pg.p99 <= 25 ? "PASS" : "MISS"}`,
  );
}
if (values.only !== "postgres") {
  const dataDir = path.join(os.tmpdir(), "enginery-bench-pglite");
  const keys = await preparePglite(dataDir);
  const lite = await api("PGlite: GET /v1/invoices?status=overdue (100k invoices)", { DATA_DIR: dataDir }, keys);
  lines.push(
    `PGlite: ${lite.requestsPerSecond} req/s (target >= 1000), ${(lite.requestsPerSecond / base.requestsPerSecond).toFixed(2)}x baseline: ${lite.requestsPerSecond >= 1000 ? "PASS" : "MISS"}`,
  );
}

const out = `${report(results)}\n\n${lines.join("\n")}\n`;
console.log(`\n${out}`);
fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
fs.writeFileSync(path.join(ROOT, "bench", "results", `invoices-${new Date().toISOString().replace(/[:.]/g, "-")}.md`), out);
process.exit(0);
