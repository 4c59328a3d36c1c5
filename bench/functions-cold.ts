/**
 * The cold invoke alone, A/B: the first invoke of freshly deployed functions
 * on two API processes started from two checkouts (old and new code), taken
 * in turns so both see the same machine load. Reports each side's median and
 * p90 wall time, and the CPU (user + system, from /proc) the API process and
 * its sandbox workers spent per cold invoke. Wall time on a loaded machine is
 * indicative only; the CPU figures hold better.
 *
 *   node --import tsx bench/functions-cold.ts --a /path/to/old/checkout [--b .] [--count 60]
 *     [--env-a NAME=value ...] [--env-b NAME=value ...]   (one side's server environment)
 *
 * On PostgreSQL (BENCH_DATABASE_URL, default the local enginery_bench_fn), migrated here.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { openDatabase } from "../src/db/connection.ts";
import { migrate } from "../src/db/migrate.ts";
import { benchKeys } from "./functions.ts";
import { freePort, ROOT } from "./lib.ts";

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string", default: ROOT },
    count: { type: "string", default: "60" },
    "env-a": { type: "string", multiple: true },
    "env-b": { type: "string", multiple: true },
  },
});
/** NAME=value pairs for one side's server (such as FUNCTION_WORKER_NICE=0). */
const envOf = (pairs: string[] | undefined) =>
  Object.fromEntries((pairs ?? []).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
const URL_ = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/enginery_bench_fn";
const ORG = `org_0bench${"1".padStart(20, "0")}`;

/** CPU time of every thread of the process, in ms, at nanosecond resolution (schedstat's run time). */
function cpuMs(pid: number): number {
  let ns = 0;
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // the thread ended
      }
    }
  } catch {
    // the process ended
  }
  return ns / 1e6;
}

function tree(pid: number): number[] {
  let kids: number[] = [];
  try {
    kids = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone
  }
  return [pid, ...kids.flatMap(tree)];
}

const treeCpu = (pid: number) => tree(pid).reduce((sum, p) => sum + cpuMs(p), 0);

async function start(root: string, extra: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["bin/enginery", "serve"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: URL_,
      PORT: String(port),
      SCHEDULER: "false",
      LOG_LEVEL: "warn",
      FUNCTION_TRIGGERS: "false",
      WEBHOOK_DISPATCHER: "false",
      ...extra,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).status < 500) return { child, base };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${root} did not start`);
}

async function call(base: string, key: string, method: string, p: string, body?: unknown): Promise<number> {
  const response = await fetch(`${base}${p}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${p}: ${response.status} ${text}`);
  return response.status;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function main() {
  const database = await openDatabase({ kind: "postgres", url: URL_ });
  await migrate(database);
  await database.exec(`INSERT INTO orgs (id, name, plan, created_at) VALUES ('${ORG}', 'Bench org 1', 'enterprise', now()) ON CONFLICT DO NOTHING`);
  await database.close();
  const [key] = await benchKeys(URL_);
  const sides = [
    { name: "A", root: path.resolve(values.a!), env: envOf(values["env-a"]), wall: [] as number[], cpu: [] as number[], path: [] as number[] },
    { name: "B", root: path.resolve(values.b!), env: envOf(values["env-b"]), wall: [] as number[], cpu: [] as number[], path: [] as number[] },
  ];
  const servers = await Promise.all(sides.map((s) => start(s.root, s.env)));
  try {
    // Workers start on first use: one deploy and invoke per worker slot before measuring.
    for (const [s, server] of servers.entries()) {
      for (let w = 0; w < 6; w++) {
        await call(server.base, key!, "POST", "/v1/functions", { name: `cold-warm-${s}-${w}`, source: "export default { fetch() { return { ok: true } } }" });
        await call(server.base, key!, "POST", `/v1/functions/cold-warm-${s}-${w}/invoke`);
      }
    }
    const count = Number(values.count);
    for (let i = 0; i < count; i++) {
      for (const [s, side] of i % 2 ? [...sides.entries()].reverse() : [...sides.entries()]) {
        const { base, child } = servers[s]!;
        const name = `cold-${s}-${i}`;
        await call(base, key!, "POST", "/v1/functions", { name, source: `export default { fetch(request) { return { n: ${i}, method: request.method } } }` });
        const cpuBefore = treeCpu(child.pid!);
        const started = performance.now();
        await call(base, key!, "POST", `/v1/functions/${name}/invoke`);
        side.wall.push(performance.now() - started);
        side.path.push(treeCpu(child.pid!) - cpuBefore);
        // Work that finishes after the answer (the invocation log's write) counts too.
        await new Promise((r) => setTimeout(r, 30));
        side.cpu.push(treeCpu(child.pid!) - cpuBefore);
      }
    }
    for (const side of sides) {
      const meanCpu = side.cpu.reduce((a, b) => a + b, 0) / side.cpu.length;
      console.log(
        `${side.name} (${side.root} ${JSON.stringify(side.env)}): cold wall p50 ${pct(side.wall, 0.5).toFixed(2)} ms, p90 ${pct(side.wall, 0.9).toFixed(2)} ms; CPU per cold invoke (API + workers, ${side.cpu.length} samples) until the answer: median ${pct(side.path, 0.5).toFixed(2)} ms; with what follows it (log write, spare isolate): median ${pct(side.cpu, 0.5).toFixed(2)} ms, mean ${meanCpu.toFixed(2)} ms`,
      );
    }
  } finally {
    for (const { child } of servers) child.kill("SIGTERM");
  }
}

await main();
