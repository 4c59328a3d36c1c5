/**
 * The capacity model's measurements (docs/scaling.md): what one `serve`
 * process and one `worker` cost in memory, and the CPU one request costs in
 * the API process and in PostgreSQL, read from /proc (user + system time of
 * the process and of its PostgreSQL backends, found by application_name).
 *
 *   node --import tsx bench/capacity.ts [--requests 3000] [--concurrency 20] [--only POST]
 *
 * --only measures just the rows whose label contains the text (say, POST for the writes).
 * --against <dir> is an A/B on a loaded machine: a second `serve` from another
 * built checkout (its dist/main.js; `git archive <commit> | tar -x -C <dir>`,
 * a node_modules link, `node scripts/build.mjs`) on the same database, and
 * every row's requests alternate between the two in blocks, so both see the
 * same load. Each row then prints both servers' CPU per request.
 * --profile <dir> runs the measured servers (this checkout's dist/ and --against's) under
 * `--cpu-prof`, writing one profile per server under <dir>/<server>/ when they stop
 * (summarize with bench/profile-summary.ts); profiling slows them, so its CPU figures
 * are for comparing profiled runs only.
 *
 * Needs PostgreSQL (CAPACITY_DATABASE_URL, default a fresh database on
 * postgres://postgres@127.0.0.1:5432) and Linux /proc. Rate limits would cap
 * the measured rate, so the load spreads over 20 enterprise keys.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { spawn } from "node:child_process";
import path from "node:path";
import { enginery, run, start } from "../test/helpers/processes.ts";
import { children, cpuMs, rssMb } from "./proc.ts";
import { ROOT } from "./lib.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "3000" },
    concurrency: { type: "string", default: "20" },
    only: { type: "string", default: "" },
    against: { type: "string" },
    profile: { type: "string" },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const BASE = process.env.CAPACITY_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const spawned: ReturnType<typeof spawn>[] = [];

/** `serve` from a built checkout (--against, or this one under --profile), on the same database. */
async function startAgainst(dir: string, env: NodeJS.ProcessEnv, name = dir): Promise<{ name: string; base: string; pid: number }> {
  const profile = values.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values.profile, name.replace(/[^\w.-]+/g, "_"))}`] : [];
  const child = spawn(process.execPath, [...profile, path.join(dir, "dist", "main.js"), "serve"], { cwd: dir, env });
  spawned.push(child);
  let out = "";
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const found = out.match(/Enginery is serving (http:\/\/localhost:\d+)/);
      if (found) resolve(found[1]!);
    });
    child.on("exit", () => reject(new Error(`--against serve exited: ${out}`)));
  });
  return { name, base, pid: child.pid! };
}

async function main() {
  const name = `enginery_capacity_${process.pid}`;
  const admin = postgres(BASE, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  const env = enginery({ databaseUrl: url.toString() }, { PORT: "0", LOG_LEVEL: "warn", SNAPSHOT_EVERY_HOURS: "0" });
  const server = start(["serve"], env);
  let worker: ReturnType<typeof start> | undefined;
  try {
    const base = (await server.waitFor(/Enginery is serving (http:\/\/localhost:\d+)/, 180_000))[1]!;
    worker = start(["worker"], { ...env, FUNCTION_TRIGGERS: "false" });
    await worker.waitFor(/Enginery worker started/, 180_000);
    const orgId = (await run(["orgs", "create", "--name", "Capacity", "--plan", "enterprise"], env)).stdout.match(/org_[0-9a-z]+/)![0];
    const keys: string[] = [];
    for (let i = 0; i < 20; i++)
      keys.push((await run(["keys", "create", "--org", orgId, "--kind", "full_access"], env)).stdout.match(/ek_live_[0-9A-Za-z]+/)![0]);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const serverPid = server.child.pid!;
    // Profiled, this checkout's server is a second one from its dist/ (the first only set the database up).
    const servers = [values.profile ? await startAgainst(ROOT, env, "this checkout") : { name: "this checkout", base, pid: serverPid }];
    if (values.against) servers.unshift(await startAgainst(values.against, env));
    const idle = { serve: rssMb(serverPid), sandboxes: children(serverPid).map(rssMb), worker: rssMb(worker.child.pid!) };

    const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
    const backends = async (pid: number) =>
      (await db<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE application_name LIKE ${`enginery:${pid}:%`}`).map((r) => r.pid);
    const BLOCKS = servers.length > 1 ? 10 : 1;

    async function measure(label: string, request: (base: string, key: string, i: number) => Promise<Response>) {
      if (!label.includes(values.only!)) return;
      // Warm up (connections, caches), then measure.
      for (const s of servers)
        await Promise.all(keys.map((k, i) => request(s.base, k, REQUESTS * 2 + i + (s === servers[0] ? 0 : keys.length)).then((r) => r.arrayBuffer())));
      const totals = servers.map(() => ({ api: 0, pg: 0, seconds: 0, failed: 0 }));
      let next = 0;
      for (let block = 0; block < BLOCKS; block++) {
        for (const [n, s] of servers.entries()) {
          const end = Math.min(REQUESTS * servers.length, next + REQUESTS / BLOCKS);
          const pgPids = await backends(s.pid);
          const before = { api: cpuMs(s.pid), pg: pgPids.reduce((sum, p) => sum + cpuMs(p), 0), at: performance.now() };
          await Promise.all(
            Array.from({ length: CONCURRENCY }, async () => {
              while (next < end) {
                const i = next++;
                const response = await request(s.base, keys[i % keys.length]!, i);
                await response.arrayBuffer();
                if (response.status >= 300) totals[n]!.failed++;
              }
            }),
          );
          totals[n]!.seconds += (performance.now() - before.at) / 1000;
          totals[n]!.api += cpuMs(s.pid) - before.api;
          totals[n]!.pg += (await backends(s.pid)).reduce((sum, p) => sum + cpuMs(p), 0) - before.pg;
        }
      }
      for (const [n, s] of servers.entries()) {
        const t = totals[n]!;
        const result = {
          label,
          ...(servers.length > 1 ? { server: s.name } : {}),
          perSecond: Math.round(REQUESTS / t.seconds),
          apiCpuMsPerRequest: +(t.api / REQUESTS).toFixed(3),
          pgCpuMsPerRequest: +(t.pg / REQUESTS).toFixed(3),
          failed: t.failed,
          rssAfterMb: rssMb(s.pid),
        };
        console.log(JSON.stringify(result));
      }
    }

    const json = (key: string) => ({ authorization: `Bearer ${key}`, "content-type": "application/json" });
    await measure("POST /v1/contacts", (base, key, i) =>
      fetch(`${base}/v1/contacts`, {
        method: "POST",
        headers: json(key),
        body: JSON.stringify({ first_name: "Load", last_name: `N${i}`, email: `n${i}@capacity.example` }),
      }),
    );
    await measure("POST /v1/invoices", (base, key, i) =>
      fetch(`${base}/v1/invoices`, {
        method: "POST",
        headers: json(key),
        body: JSON.stringify({ client: `Client ${i % 50}`, amount: 100 + (i % 7), currency: "EUR", due_date: "2030-01-01", status: "open" }),
      }),
    );
    // As the bench's write row sends it (bench/run.ts): a key per request, so each one is a first use.
    await measure("POST /v1/invoices with Idempotency-Key", (base, key, i) =>
      fetch(`${base}/v1/invoices`, {
        method: "POST",
        headers: { ...json(key), "idempotency-key": `capacity-${i}` },
        body: JSON.stringify({ client: `Client ${i % 50}`, amount: 100 + (i % 7), currency: "EUR", due_date: "2030-01-01", status: "open" }),
      }),
    );
    await measure("GET /v1/invoices?per_page=25", (base, key) => fetch(`${base}/v1/invoices?per_page=25&sort=-due_date`, { headers: json(key) }));
    await measure("GET /v1/contacts?q=load", (base, key) => fetch(`${base}/v1/contacts?q=load&per_page=25`, { headers: json(key) }));
    await measure("GET /v1/me", (base, key) => fetch(`${base}/v1/me`, { headers: json(key) }));
    console.log(JSON.stringify({ idleRssMb: idle, loadavg: fs.readFileSync("/proc/loadavg", "utf8").trim() }));
    await db.end();
  } finally {
    await server.stop("SIGKILL");
    // A profile is written when its process exits on its own (SIGINT: the graceful shutdown).
    await Promise.all(
      spawned.map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve(null) : (child.once("exit", resolve), child.kill(values.profile ? "SIGINT" : "SIGKILL")),
          ),
      ),
    );
    await worker?.stop("SIGKILL");
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
