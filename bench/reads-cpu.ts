/**
 * The read row of issue 18 in CPU per request, which a shared machine leaves
 * nearly intact where it ruins req/s: the API process's CPU (/proc) and its
 * PostgreSQL backends' (found by application_name), and the statements each
 * request costs (pg_stat_database's transactions), for
 * `GET /v1/invoices?status=overdue&per_page=25` over the bench data set
 * (1,000,000 invoices, 1,000 organizations, one key each, as `npm run bench`
 * loads it).
 *
 *   node --import tsx bench/reads-cpu.ts [--requests 20000] [--concurrency 50] [--rounds 3]
 *        [--variant label=/path/to/checkout[,ENV=value...]] ...
 *
 * Each variant is a checkout whose bin/enginery serves (this one by default),
 * with extra environment (DATABASE_POOL_SIZE=4, say). All variants run at
 * once and are measured in turn, round after round (interleaved A/B), so a
 * change of load hits them alike; the medians per variant end the report.
 * Needs the bench database (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/enginery_bench) loaded by `npm run bench -- --suite reads --only postgres`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";
import { openDatabase } from "../src/db/connection.ts";
import { countInvoices, loadKeys } from "./load.ts";
import { freePort, ROOT } from "./lib.ts";
import { cpuMs } from "./proc.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "20000" },
    concurrency: { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
    path: { type: "string", default: "/v1/invoices?status=overdue&per_page=25" },
    variant: { type: "string", multiple: true },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const URL_ = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/enginery_bench";

interface Variant {
  label: string;
  root: string;
  env: Record<string, string>;
}

function parseVariant(text: string): Variant {
  const [label, rest] = text.split("=", 2) as [string, string | undefined];
  const [root, ...pairs] = (rest ?? ROOT).split(",");
  return { label, root: root || ROOT, env: Object.fromEntries(pairs.map((p) => p.split("=", 2) as [string, string])) };
}

const variants = (values.variant ?? ["this"]).map(parseVariant);

async function startServer(variant: Variant): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  // Rate limits in memory, as `npm run bench` runs the API (unless the variant sets REDIS_URL).
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: URL_, PORT: String(port), HOST: "127.0.0.1", SCHEDULER: "false", LOG_LEVEL: "warn" };
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [...(process.env.READS_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "bin/enginery", "serve"], {
    cwd: variant.root,
    env: { ...env, ...variant.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`${variant.label} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).status < 500) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`${variant.label} did not start`);
}

async function drive(url: string, keys: string[], amount: number): Promise<{ non2xx: number; errors: number }> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONCURRENCY,
    amount,
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${keys[next++ % keys.length]}` } }) }],
  });
  return { non2xx: result.non2xx, errors: result.errors };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  const database = await openDatabase({ kind: "postgres", url: URL_ });
  let keys: string[];
  try {
    if ((await countInvoices(database)) !== 1_000_000)
      throw new Error(`${URL_} does not hold the bench data set: run npm run bench -- --suite reads --only postgres first`);
    keys = await loadKeys(database, 1000, new Date());
  } finally {
    await database.close();
  }
  const sql = postgres(URL_, { max: 1, onnotice: () => {} });
  const servers: { variant: Variant; child: ChildProcess; base: string }[] = [];
  const results = new Map<string, { api: number[]; pg: number[]; xacts: number[]; seconds: number[] }>();
  try {
    for (const variant of variants) servers.push({ variant, ...(await startServer(variant)) });
    // Warm-up: JIT, pools, and every key looked up once (and its last_used_at stamped).
    for (const s of servers) await drive(`${s.base}${values.path}`, keys, Math.max(3000, keys.length * 2));
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of servers) {
        const pid = s.child.pid!;
        const backends = async () =>
          (await sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE application_name LIKE ${`enginery:${pid}:%`}`).map((r) => r.pid);
        const xacts = async () =>
          Number((await sql<{ n: string }[]>`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`)[0]!.n);
        await sql`SELECT pg_stat_clear_snapshot()`;
        const pgBefore = await backends();
        const before = { api: cpuMs(pid), pg: pgBefore.reduce((a, p) => a + cpuMs(p), 0), xacts: await xacts(), at: performance.now() };
        const { non2xx, errors } = await drive(`${s.base}${values.path}`, keys, REQUESTS);
        const seconds = (performance.now() - before.at) / 1000;
        // Backends opened during the run started from 0 CPU; those that closed are lost (the pool keeps them open).
        const pgAfter = [...new Set([...pgBefore, ...(await backends())])].reduce((a, p) => a + cpuMs(p), 0);
        // The statistics collector reports with a delay: wait for it to settle.
        await new Promise((r) => setTimeout(r, 1_200));
        await sql`SELECT pg_stat_clear_snapshot()`;
        const row = {
          variant: s.variant.label,
          round,
          apiCpuMsPerRequest: +((cpuMs(pid) - before.api) / REQUESTS).toFixed(4),
          pgCpuMsPerRequest: +((pgAfter - before.pg) / REQUESTS).toFixed(4),
          // Our own two statistics queries count too (a handful in 20,000).
          transactionsPerRequest: +(((await xacts()) - before.xacts) / REQUESTS).toFixed(3),
          seconds: +seconds.toFixed(1),
          non2xx,
          errors,
          loadavg: fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
        };
        console.log(JSON.stringify(row));
        const r = results.get(row.variant) ?? { api: [], pg: [], xacts: [], seconds: [] };
        r.api.push(row.apiCpuMsPerRequest);
        r.pg.push(row.pgCpuMsPerRequest);
        r.xacts.push(row.transactionsPerRequest);
        r.seconds.push(row.seconds);
        results.set(row.variant, r);
      }
    }
    console.log(`\n| variant | API CPU ms/request | PostgreSQL CPU ms/request | total | transactions/request |\n|---|---:|---:|---:|---:|`);
    for (const [label, r] of results) {
      const api = median(r.api);
      const pg = median(r.pg);
      console.log(`| ${label} | ${api.toFixed(3)} | ${pg.toFixed(3)} | ${(api + pg).toFixed(3)} | ${median(r.xacts).toFixed(2)} |`);
    }
    console.log(`\n${REQUESTS} requests per measurement, ${CONCURRENCY} connections, median of ${ROUNDS} rounds (interleaved); ${values.path}`);
  } finally {
    // SIGTERM: a graceful stop, which writes a --cpu-prof profile (READS_NODE_ARGS).
    await Promise.all(
      servers.map(async (s) => {
        const exited = new Promise((r) => s.child.once("exit", r));
        s.child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
      }),
    );
    await sql.end();
  }
}

await main();
