/**
 * Where a write's time goes on both sides of the socket: drives one write
 * route of a `serve` on the bench database (as `npm run bench -- --suite
 * writes` does) and, while it runs, records where every process on the
 * machine spends its CPU with `perf record -a` (Linux perf, software clock:
 * it needs no hardware counters). Prints CPU per request by process
 * (the API, each kind of PostgreSQL process, the load generator) and the
 * hottest PostgreSQL functions.
 *
 *   node --import tsx bench/pg-profile.ts [--route invoices|contacts] [--seconds 10]
 *
 * Needs the bench database loaded (`npm run bench -- --suite reads` once),
 * perf (Debian's linux-perf), and a quiet machine for the per-process split
 * to mean anything beyond its proportions.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/connection.ts";
import { children } from "./proc.ts";
import { drive, freePort, startProcess, stopProcess } from "./lib.ts";
import { loadKeys, removeWrites, WRITE_CLIENT } from "./load.ts";

const { values } = parseArgs({ options: { route: { type: "string", default: "invoices" }, seconds: { type: "string", default: "10" } } });
const SECONDS = Number(values.seconds);
/** Protocol steps and executor work, by the PostgreSQL function that does them (PostgreSQL 15's names). */
const STEPS = [
  { label: "parsing SQL (statements not yet prepared)", fn: "raw_parser" },
  { label: "analysing and rewriting", fn: "pg_analyze_and_rewrite_fixedparams" },
  { label: "planning (prepared statements' plans included)", fn: "GetCachedPlan" },
  { label: "planning (unprepared statements)", fn: "pg_plan_queries" },
  { label: "executing (PortalRun)", fn: "PortalRun" },
  { label: "  heap inserts", fn: "heap_insert" },
  { label: "  index entries", fn: "ExecInsertIndexTuples" },
  { label: "  heap updates", fn: "heap_update" },
  { label: "  jsonb input", fn: "jsonb_in" },
  { label: "starting transactions", fn: "StartTransactionCommand" },
  { label: "committing", fn: "CommitTransactionCommand" },
  { label: "  WAL flush (fdatasync)", fn: "XLogFlush" },
  { label: "reading the socket", fn: "secure_read" },
  { label: "writing the socket", fn: "secure_write" },
];

/** pid -> what the process is: the API, its PostgreSQL backends, the load generator, the other PostgreSQL processes. */
async function processRoles(serverPid: number): Promise<Map<number, string>> {
  // perf names threads (V8's, libuv's) by their own ids: each belongs to its process.
  const threads = (pid: number) => fs.readdirSync(`/proc/${pid}/task`).map(Number);
  const roles = new Map<number, string>();
  for (const tid of threads(serverPid)) roles.set(tid, "API (serve)");
  for (const child of children(serverPid)) for (const tid of threads(child)) roles.set(tid, "API's function sandboxes");
  for (const tid of threads(process.pid)) roles.set(tid, "load generator");
  const db = await openDatabase({ kind: "postgres", url });
  try {
    const rows = (await db.db.execute(sql`SELECT pid, application_name, backend_type FROM pg_stat_activity`)) as unknown as {
      pid: number;
      application_name: string;
      backend_type: string;
    }[];
    for (const row of rows) {
      const api = row.application_name.startsWith(`enginery:${serverPid}:`);
      roles.set(row.pid, api ? "PostgreSQL, the API's backends" : `PostgreSQL, ${row.backend_type}`);
    }
  } finally {
    await db.close();
  }
  return roles;
}

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/enginery_bench";
const runId = Date.now().toString(36);

const routes: Record<string, { path: string; body: (n: number) => unknown; headers?: (n: number) => Record<string, string> }> = {
  invoices: {
    path: "/v1/invoices",
    body: () => ({ client: WRITE_CLIENT, amount: 1250.5, currency: "USD", due_date: "2099-12-31", status: "open", metadata: { source: "bench" } }),
    headers: (n) => ({ "idempotency-key": `bench-${runId}-${n}` }),
  },
  contacts: {
    path: "/v1/contacts",
    body: (n) => ({ first_name: "Bench", last_name: `Contact ${n}`, email: `bench-${runId}-${n}@example.com`, tags: ["bench"] }),
  },
};
const route = routes[values.route!];
if (!route) throw new Error(`--route must be one of ${Object.keys(routes).join(", ")}`);

const database = await openDatabase({ kind: "postgres", url });
const keys = await loadKeys(database, 1000, new Date());
await database.close();

const port = await freePort();
const server = await startProcess(["bin/enginery", "serve"], { DATABASE_URL: url, SCHEDULER: "false", LOG_LEVEL: "warn" }, port, "/healthz");
const out = path.join(os.tmpdir(), `enginery-perf-${process.pid}.data`);
try {
  let n = 0;
  const load = { connections: 50, keys, body: () => route.body(n), headers: route.headers && (() => route.headers!(n++)) };
  await drive("warm-up", `http://127.0.0.1:${port}${route.path}`, { ...load, duration: 5 });
  const recording = spawn("perf", ["record", "-a", "--call-graph", "dwarf,16384", "-e", "cpu-clock", "-F", "499", "-o", out, "--", "sleep", String(SECONDS)], {
    stdio: "ignore",
  });
  const measured = await drive("measured", `http://127.0.0.1:${port}${route.path}`, { ...load, duration: SECONDS });
  await new Promise((resolve) => recording.once("exit", resolve));
  const requests = measured.requestsPerSecond * SECONDS;
  console.log(`POST ${route.path}: ${measured.requestsPerSecond} req/s, p99 ${measured.p99} ms; load average ${os.loadavg()[0]!.toFixed(2)}`);

  const roles = await processRoles(server.pid!);
  const report = (args: string[]) => execFileSync("perf", ["report", "-i", out, "--stdio", "--no-inline", ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
  // Each sample is 1/499 s of one CPU; `pid` rows read "  12.34%  567  8901:postgres".
  const byRole = new Map<string, number>();
  for (const line of report(["--no-children", "--sort", "pid", "-F", "overhead,sample,pid"]).split("\n")) {
    const match = line.match(/^\s+[\d.]+%\s+(\d+)\s+(\d+):(\S+)/);
    if (!match) continue;
    const role = roles.get(Number(match[2])) ?? (match[3] === "postgres" ? "PostgreSQL, other" : `other: ${match[3]}`);
    byRole.set(role, (byRole.get(role) ?? 0) + Number(match[1]));
  }
  console.log("\nCPU per request by process (ms):");
  for (const [role, samples] of [...byRole].sort((a, b) => b[1] - a[1])) {
    const ms = (samples / 499 / requests) * 1000;
    if (ms >= 0.005) console.log(`  ${role.padEnd(36)} ${ms.toFixed(3)}`);
  }
  // Inclusive shares of the API's PostgreSQL backends' samples, by protocol step and by what the executor does.
  const backends = [...roles].filter(([, role]) => role === "PostgreSQL, the API's backends").map(([pid]) => pid);
  const inclusive = report(["--children", "--pid", backends.join(","), "--sort", "sym", "-g", "none", "--percent-limit", "0.2"]);
  console.log("\nThe API's PostgreSQL backends, inclusive share of their CPU:");
  for (const step of STEPS) {
    const line = inclusive.split("\n").find((l) => new RegExp(`\\] ${step.fn}\\s*$`).test(l));
    console.log(`  ${step.label.padEnd(52)} ${line ? line.trim().split(/\s+/)[0] : "-"}`);
  }
  // PostgreSQL is built without frame pointers, so many samples have no caller chain: the functions themselves, by their own time.
  const flat = report(["--no-children", "--pid", backends.join(","), "--sort", "dso,sym", "-g", "none", "--percent-limit", "0.8"]);
  console.log("\nThe API's PostgreSQL backends, by function (own time; [k] is the kernel):");
  console.log(
    flat
      .split("\n")
      .filter((l) => /^\s+\d/.test(l))
      .slice(0, 30)
      .join("\n"),
  );
} finally {
  await stopProcess(server);
  fs.rmSync(out, { force: true });
  const cleanup = await openDatabase({ kind: "postgres", url });
  await removeWrites(cleanup);
  await cleanup.close();
}
