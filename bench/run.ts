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
 *
 * Growth (issue 3), on each database: POST /v1/contacts (a write and its event)
 * in req/s against the same baseline, and GET /v1/accounts/{id}/dossier p50/p99
 * on an account with 500 contacts, 200 deals and 500 invoices (10 connections).
 * Intelligence (issue 4), on PostgreSQL: the time to compute a snapshot of an
 * organization with 100,000 invoices, 20,000 deals and 20,000 candidates
 * (median and worst of 10, after one warm-up); target under 2 s.
 * Webhooks (issue 5), on PostgreSQL: event-to-arrival p50/p99 at 500 events/s,
 * and deliveries/s of one dispatcher process draining a 20,000-delivery queue
 * (bench/webhooks.ts).
 * Functions (issue 6), on PostgreSQL: cold and warm invokes against GET /v1/me
 * (bench/functions.ts).
 * Agent (issue 11), on its own fresh PostgreSQL database: the offline planner's
 * overdue-invoices answer against the list call it makes and GET /v1/me, and
 * the same in a 200-message conversation (bench/agent.ts).
 * CLI (issue 18): bin/enginery's time to first output against node's own start (bench/cli.ts).
 * --suite invoices|growth|intelligence|webhooks|functions|agent|cli picks one part.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { openDatabase, type Database } from "../src/db/connection.ts";
import { migrate } from "../src/db/migrate.ts";
import { computeFigures } from "../src/intelligence/snapshots-service.ts";
import { countInvoices, INTELLIGENCE_ORG, LARGE_ACCOUNT, loadIntelligenceOrg, loadInvoices, loadKeys, loadLargeAccount } from "./load.ts";
import { webhookLatency, webhookThroughput } from "./webhooks.ts";
import { functionBench } from "./functions.ts";
import { agentBench } from "./agent.ts";
import { cliBench } from "./cli.ts";
import { drive, freePort, report, ROOT, startProcess, stopProcess, type LoadResult } from "./lib.ts";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    duration: { type: "string", default: "10" },
    reload: { type: "boolean", default: false },
    suite: { type: "string", default: "all" },
  },
});
const duration = Number(values.duration);
const connections = 50;
const PATH = "/v1/invoices?status=overdue&per_page=25";
const results: LoadResult[] = [];
const lines: string[] = [];

interface Load {
  keys?: string[];
  connections?: number;
  body?: (n: number) => unknown;
}

async function measure(name: string, url: string, load: Load = {}): Promise<LoadResult> {
  const { keys, body } = load;
  const conns = load.connections ?? connections;
  // Warm-up: JIT, connection pools, and a first use of every key (which looks the key up
  // and stamps last_used_at), so the measured run sees the steady state.
  await drive(`${name} (warm-up)`, url, { connections: conns, duration: 60, amount: Math.max(2000, (keys?.length ?? 0) * 2), keys, body });
  const result = await drive(name, url, { connections: conns, duration, keys, body });
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

/** Starts the API on the database `env` names and runs `measurements` against it. */
async function withApi<T>(env: Record<string, string>, measurements: (base: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const child = await startProcess(["bin/enginery", "serve"], { ...env, SCHEDULER: "false", LOG_LEVEL: "warn" }, port, "/healthz");
  try {
    return await measurements(`http://127.0.0.1:${port}`);
  } finally {
    await stopProcess(child);
  }
}

const runId = Date.now().toString(36);
let contactsMade = 0; // across warm-up and measured run: every contact gets its own email
const suites = {
  invoices: ["all", "invoices"].includes(values.suite!),
  growth: ["all", "growth"].includes(values.suite!),
  intelligence: ["all", "intelligence"].includes(values.suite!),
  webhooks: ["all", "webhooks"].includes(values.suite!),
  functions: ["all", "functions"].includes(values.suite!),
  agent: ["all", "agent"].includes(values.suite!),
  cli: ["all", "cli"].includes(values.suite!),
};

/** Snapshot computation, in process (what the scheduler and POST /v1/intelligence/snapshots spend), on a warm database. */
async function snapshotTimes(url: string): Promise<void> {
  const database = await openDatabase({ kind: "postgres", url });
  try {
    await loadIntelligenceOrg(database);
    await computeFigures(database.db, INTELLIGENCE_ORG, new Date());
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await computeFigures(database.db, INTELLIGENCE_ORG, new Date());
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = (times[4]! + times[5]!) / 2;
    const worst = times[9]!;
    lines.push(
      `PostgreSQL: snapshot of 100k invoices, 20k deals, 20k candidates: median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms of 10 (target < 2000 ms): ${worst < 2000 ? "PASS" : "MISS"}`,
    );
    console.log(lines.at(-1));
  } finally {
    await database.close();
  }
}

/** The database's runs: invoices list, then contact creation and the large account's dossier. */
async function runAll(label: string, env: Record<string, string>, keys: string[], invoicesTarget: (r: LoadResult) => string) {
  await withApi(env, async (base) => {
    if (suites.invoices) {
      const invoices = await measure(`${label}: GET /v1/invoices?status=overdue`, `${base}${PATH}`, { keys });
      lines.push(invoicesTarget(invoices));
    }
    if (!suites.growth) return;
    const contacts = await measure(`${label}: POST /v1/contacts`, `${base}/v1/contacts`, {
      keys,
      body: () => {
        const n = contactsMade++;
        return { first_name: "Bench", last_name: `Contact ${n}`, email: `bench-${runId}-${n}@example.com`, tags: ["bench"] };
      },
    });
    lines.push(`${label}: POST /v1/contacts ${contacts.requestsPerSecond} req/s, ${(contacts.requestsPerSecond / baselineRps).toFixed(2)}x baseline, p99 ${contacts.p99} ms`);
    const dossier = await measure(`${label}: GET dossier (500 contacts, 200 deals, 500 invoices)`, `${base}/v1/accounts/${LARGE_ACCOUNT}/dossier`, {
      keys: keys.slice(0, 1),
      connections: 10,
    });
    lines.push(`${label}: dossier p50 ${dossier.p50} ms, p99 ${dossier.p99} ms at ${dossier.requestsPerSecond} req/s (10 connections)`);
  });
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
      await database.exec(
        "TRUNCATE orgs, api_keys, invoices, events, idempotency_keys, accounts, contacts, pipelines, pipeline_stages, deals, sequences, sequence_enrollments, sequence_messages, jobs, candidates, candidate_stage_changes, intelligence_snapshots",
      );
      await loadInvoices(database, 1000, 1000, new Date());
      console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await loadLargeAccount(database);
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
    await loadLargeAccount(database);
    return await loadKeys(database, 100, new Date());
  } finally {
    await database.close();
  }
}

// The CLI suite has its own baseline (node's start) and needs no load generator.
if (suites.cli) lines.push(...(await cliBench()));
const baselineRps = values.suite === "cli" ? 0 : (await baseline()).requestsPerSecond;
lines.push(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${connections} connections, ${duration} s per run`);

if (values.only !== "pglite" && suites.agent) lines.push(...(await agentBench(duration, results)));
if (values.only !== "pglite" && (suites.invoices || suites.growth || suites.intelligence || suites.webhooks || suites.functions)) {
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/enginery_bench";
  const keys = await preparePostgres(url);
  if (suites.intelligence) await snapshotTimes(url);
  if (suites.webhooks) {
    lines.push(await webhookLatency(url, keys[0]!, Math.max(duration, 10)));
    lines.push(await webhookThroughput(url, keys[0]!, 20_000));
  }
  if (suites.functions) lines.push(...(await functionBench(url, duration, results)));
  if (suites.invoices || suites.growth) await runAll("PostgreSQL", { DATABASE_URL: url }, keys, (pg) => {
    const ratio = pg.requestsPerSecond / baselineRps;
    return `PostgreSQL (1M invoices): ${ratio.toFixed(2)}x baseline req/s (target >= 0.35), p99 ${pg.p99} ms (target <= 25): ${ratio >= 0.35 && pg.p99 <= 25 ? "PASS" : "MISS"}`;
  });
}
if (values.only !== "postgres" && (suites.invoices || suites.growth)) {
  const dataDir = path.join(os.tmpdir(), "enginery-bench-pglite");
  const keys = await preparePglite(dataDir);
  await runAll("PGlite", { DATA_DIR: dataDir }, keys, (lite) =>
    `PGlite (100k invoices): ${lite.requestsPerSecond} req/s (target >= 1000), ${(lite.requestsPerSecond / baselineRps).toFixed(2)}x baseline: ${lite.requestsPerSecond >= 1000 ? "PASS" : "MISS"}`,
  );
}

const out = `${report(results)}\n\n${lines.join("\n")}\n`;
console.log(`\n${out}`);
fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
fs.writeFileSync(path.join(ROOT, "bench", "results", `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.md`), out);
process.exit(0);
