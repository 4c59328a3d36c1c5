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
 * Reads and writes (issue 18), as ratios against the same run's baseline, in
 * the targets table at the end:
 *   reads:  GET /v1/invoices?status=overdue, PostgreSQL (1M invoices / 1,000
 *           orgs) >= 0.35x with p99 <= 25 ms; PGlite (100k) >= 0.07x;
 *   writes: POST /v1/invoices (its event, outbox fan-out and an
 *           Idempotency-Key on every request) and POST /v1/contacts, on
 *           PostgreSQL, each >= 0.12x. The invoices the writes create are
 *           deleted afterwards, so the read data set stays as loaded.
 * --runs 3 measures every row (and the baseline) three times after one
 * warm-up and reports the medians; the machine is shared, so use it.
 * --profile writes a V8 CPU profile of each API process to bench/results/profiles
 * (open it in Chrome DevTools or speedscope) to see where a missed target's time goes.
 * CLI (issue 18): bin/enginery's time to first output against node's own start (bench/cli.ts).
 * --suite reads|writes|invoices|growth|intelligence|webhooks|functions|agent|planner|cli
 * picks parts (a comma list: --suite reads,writes; "invoices" is the old name of "reads").
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { openDatabase, type Database } from "../src/db/connection.ts";
import { migrate } from "../src/db/migrate.ts";
import { computeFigures } from "../src/intelligence/snapshots-service.ts";
import {
  countInvoices,
  WRITE_CLIENT,
  INTELLIGENCE_ORG,
  LARGE_ACCOUNT,
  loadIntelligenceOrg,
  loadInvoices,
  loadKeys,
  loadLargeAccount,
  removeWrites,
} from "./load.ts";
import { webhookLatency, webhookThroughput } from "./webhooks.ts";
import { functionBench } from "./functions.ts";
import { agentBench, plannerBench } from "./agent.ts";
import { cliBench } from "./cli.ts";
import { drive, freePort, report, ROOT, startProcess, stopProcess, type LoadResult } from "./lib.ts";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    duration: { type: "string", default: "10" },
    reload: { type: "boolean", default: false },
    suite: { type: "string", default: "all" },
    runs: { type: "string", default: "1" },
    profile: { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);
const runs = Math.max(1, Number(values.runs));
const connections = 50;
const PATH = "/v1/invoices?status=overdue&per_page=25";
const results: LoadResult[] = [];
const lines: string[] = [];

interface Load {
  keys?: string[];
  connections?: number;
  body?: (n: number) => unknown;
  headers?: (n: number) => Record<string, string>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function measure(name: string, url: string, load: Load = {}): Promise<LoadResult> {
  const { keys, body, headers } = load;
  const conns = load.connections ?? connections;
  // Warm-up: JIT, connection pools, and a first use of every key (which looks the key up
  // and stamps last_used_at), so the measured run sees the steady state.
  await drive(`${name} (warm-up)`, url, { connections: conns, duration: 60, amount: Math.max(2000, (keys?.length ?? 0) * 2), keys, body, headers });
  const each: LoadResult[] = [];
  for (let i = 0; i < runs; i++) each.push(await drive(name, url, { connections: conns, duration, keys, body, headers }));
  const result: LoadResult = {
    name: runs > 1 ? `${name} (median of ${runs})` : name,
    requestsPerSecond: median(each.map((r) => r.requestsPerSecond)),
    p50: median(each.map((r) => r.p50)),
    p99: median(each.map((r) => r.p99)),
    non2xx: each.reduce((n, r) => n + r.non2xx, 0),
    errors: each.reduce((n, r) => n + r.errors, 0),
  };
  results.push(result);
  const detail = runs > 1 ? ` (runs: ${each.map((r) => r.requestsPerSecond).join(", ")} req/s)` : "";
  console.log(`${result.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}${detail}`);
  return result;
}

/** The rows with a target (issue 18): measured as a ratio to the same run's baseline, PASS or MISS. */
const targets: { row: string; measured: string; target: string; pass: boolean }[] = [];

function ratioTarget(row: string, result: LoadResult, minRatio: number, maxP99?: number): void {
  const ratio = result.requestsPerSecond / baselineRps;
  const pass = ratio >= minRatio && result.non2xx === 0 && (maxP99 === undefined || result.p99 <= maxP99);
  targets.push({
    row,
    measured: `${ratio.toFixed(3)}x (${result.requestsPerSecond} req/s), p99 ${result.p99} ms${result.non2xx ? `, ${result.non2xx} non-2xx` : ""}`,
    target: `>= ${minRatio}x${maxP99 === undefined ? "" : `, p99 <= ${maxP99} ms`}`,
    pass,
  });
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
  // Not through NODE_OPTIONS, which refuses --cpu-prof.
  const profile = values.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(ROOT, "bench", "results", "profiles")}`] : [];
  const child = await startProcess([...profile, "bin/enginery", "serve"], { ...env, SCHEDULER: "false", LOG_LEVEL: "warn" }, port, "/healthz");
  try {
    return await measurements(`http://127.0.0.1:${port}`);
  } finally {
    await stopProcess(child);
  }
}

const runId = Date.now().toString(36);
let contactsMade = 0; // across warm-up and measured run: every contact gets its own email
const chosen = values.suite!.split(",");
const picked = (...names: string[]) => names.some((n) => chosen.includes(n));
const suites = {
  invoices: picked("all", "invoices", "reads"),
  writes: picked("all", "writes"),
  growth: picked("all", "growth"),
  intelligence: picked("all", "intelligence"),
  webhooks: picked("all", "webhooks"),
  functions: picked("all", "functions"),
  agent: picked("all", "agent"),
  planner: picked("all", "agent", "planner"),
  cli: picked("all", "cli"),
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
    const worst = times[9]!;
    lines.push(
      `PostgreSQL: snapshot of 100k invoices, 20k deals, 20k candidates: median ${median(times).toFixed(0)} ms, worst ${worst.toFixed(0)} ms of 10 (target < 2000 ms): ${worst < 2000 ? "PASS" : "MISS"}`,
    );
    console.log(lines.at(-1));
  } finally {
    await database.close();
  }
}

/** The database's runs: the invoices list, the writes, then contact creation and the large account's dossier. */
async function runAll(label: string, env: Record<string, string>, keys: string[], targetsOf: { read: (r: LoadResult) => void; writes: boolean }) {
  await withApi(env, async (base) => {
    if (suites.invoices) targetsOf.read(await measure(`${label}: GET /v1/invoices?status=overdue`, `${base}${PATH}`, { keys }));
    if (suites.writes && targetsOf.writes) {
      let invoicesMade = 0;
      const invoice = await measure(`${label}: POST /v1/invoices (event, outbox, Idempotency-Key)`, `${base}/v1/invoices`, {
        keys,
        body: () => ({ client: WRITE_CLIENT, amount: 1250.5, currency: "USD", due_date: "2099-12-31", status: "open", metadata: { source: "bench" } }),
        headers: () => ({ "idempotency-key": `bench-${runId}-${invoicesMade++}` }),
      });
      ratioTarget(`${label}: POST /v1/invoices (event, outbox, idempotency)`, invoice, 0.12);
    }
    if (!suites.growth && !(suites.writes && targetsOf.writes)) return;
    const contacts = await measure(`${label}: POST /v1/contacts`, `${base}/v1/contacts`, {
      keys,
      body: () => {
        const n = contactsMade++;
        return { first_name: "Bench", last_name: `Contact ${n}`, email: `bench-${runId}-${n}@example.com`, tags: ["bench"] };
      },
    });
    if (targetsOf.writes) ratioTarget(`${label}: POST /v1/contacts`, contacts, 0.12);
    lines.push(
      `${label}: POST /v1/contacts ${contacts.requestsPerSecond} req/s, ${(contacts.requestsPerSecond / baselineRps).toFixed(2)}x baseline, p99 ${contacts.p99} ms`,
    );
    if (!suites.growth) return;
    const dossier = await measure(`${label}: GET dossier (500 contacts, 200 deals, 500 invoices)`, `${base}/v1/accounts/${LARGE_ACCOUNT}/dossier`, {
      keys: keys.slice(0, 1),
      connections: 10,
    });
    lines.push(`${label}: dossier p50 ${dossier.p50} ms, p99 ${dossier.p99} ms at ${dossier.requestsPerSecond} req/s (10 connections)`);
  });
}

/** Removes what the writes made (their invoices and those invoices' events), so every run reads the same data set. */
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
lines.push(
  `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${connections} connections, ${duration} s per run, ${runs} run(s) per row; load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`,
);

if (values.only !== "pglite" && suites.agent) lines.push(...(await agentBench(duration, results)));
if (values.only !== "postgres" && suites.planner) lines.push(...(await plannerBench(duration, results)));
if (values.only !== "pglite" && (suites.invoices || suites.writes || suites.growth || suites.intelligence || suites.webhooks || suites.functions)) {
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/enginery_bench";
  const keys = await preparePostgres(url);
  if (suites.intelligence) await snapshotTimes(url);
  if (suites.webhooks) {
    lines.push(await webhookLatency(url, keys[0]!, Math.max(duration, 10)));
    lines.push(await webhookThroughput(url, keys[0]!, 20_000));
  }
  if (suites.functions) lines.push(...(await functionBench(url, duration, results)));
  if (suites.invoices || suites.writes || suites.growth) {
    try {
      await runAll("PostgreSQL", { DATABASE_URL: url }, keys, {
        read: (pg) => ratioTarget("PostgreSQL (1M invoices): GET /v1/invoices?status=overdue", pg, 0.35, 25),
        writes: true,
      });
    } finally {
      if (suites.writes) {
        const database = await openDatabase({ kind: "postgres", url });
        await removeWrites(database).finally(() => database.close());
      }
    }
  }
}
if (values.only !== "postgres" && (suites.invoices || suites.growth)) {
  const dataDir = path.join(os.tmpdir(), "enginery-bench-pglite");
  const keys = await preparePglite(dataDir);
  await runAll("PGlite", { DATA_DIR: dataDir }, keys, {
    read: (lite) => ratioTarget("PGlite (100k invoices): GET /v1/invoices?status=overdue", lite, 0.07),
    writes: false,
  });
}

const targetTable =
  targets.length === 0
    ? ""
    : `\n\n| row (against the same-run baseline, ${baselineRps} req/s) | measured | target | result |\n|---|---|---|---|\n${targets
        .map((t) => `| ${t.row} | ${t.measured} | ${t.target} | ${t.pass ? "PASS" : "MISS"} |`)
        .join("\n")}`;
const out = `${report(results)}${targetTable}\n\n${lines.join("\n")}\n`;
console.log(`\n${out}`);
fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
fs.writeFileSync(path.join(ROOT, "bench", "results", `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.md`), out);
process.exit(0);
