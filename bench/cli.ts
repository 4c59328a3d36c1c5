import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { build, distIsFresh } from "../scripts/build.mjs";
import { ROOT } from "./lib.ts";

/**
 * `--suite cli` (issue 18): how long `bin/enginery` takes from start to its
 * first line of output, against `node -e` printing a line, measured in the
 * same run, interleaved (one of each in turn) so both see the same noise.
 * The target, 0.3 s on a quiet machine, is checked as a ratio: node itself
 * starts in about 0.05 s there, so a command passes at <= 6x node's start.
 */
const RUNS = 11;
const TARGET_RATIO = 6;

/** Milliseconds from spawn to the first byte on stdout; the process is then left to finish. */
function firstOutput(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let at: number | undefined;
    let stderr = "";
    child.stdout.once("data", () => (at = performance.now() - started));
    child.stdout.resume();
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => (code === 0 && at !== undefined ? resolve(at) : reject(new Error(`${args.join(" ")} exited ${code}: ${stderr}`))));
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function preparePostgres(): Promise<{ url: string; orgId: string }> {
  const base = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/enginery_bench";
  const url = new URL(base);
  url.pathname = "/enginery_bench_cli";
  const admin = new URL(base);
  admin.pathname = "/postgres";
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  await sql.unsafe("DROP DATABASE IF EXISTS enginery_bench_cli WITH (FORCE)");
  await sql.unsafe("CREATE DATABASE enginery_bench_cli");
  await sql.end();
  const env = { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: "warn" };
  const created = await run(["bin/enginery", "orgs", "create", "--name", "Bench CLI"], env);
  return { url: url.toString(), orgId: created.trim().split("\n").at(-1)! };
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(" ")} exited ${code}`))));
  });
}

export async function cliBench(): Promise<string[]> {
  if (!distIsFresh()) await build();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-bench-cli-"));
  const pglite = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" } as NodeJS.ProcessEnv;
  delete pglite.DATABASE_URL;
  await run(["bin/enginery", "orgs", "create", "--name", "Bench CLI"], pglite); // so that `orgs list` prints a line
  const pg = await preparePostgres();
  const onPostgres = { ...process.env, DATABASE_URL: pg.url, LOG_LEVEL: "warn" };
  const commands: [string, string[], NodeJS.ProcessEnv][] = [
    ["baseline: node -e (prints a line)", ["-e", "console.log(1)"], process.env],
    ["bin/enginery --version", ["bin/enginery", "--version"], process.env],
    ["bin/enginery orgs list (PGlite)", ["bin/enginery", "orgs", "list"], pglite],
    ["bin/enginery orgs list (PostgreSQL)", ["bin/enginery", "orgs", "list"], onPostgres],
    ["bin/enginery keys create (PostgreSQL)", ["bin/enginery", "keys", "create", "--org", pg.orgId, "--kind", "read_only"], onPostgres],
  ];
  const times: number[][] = commands.map(() => []);
  for (let i = 0; i < RUNS + 1; i++) {
    for (const [n, [, args, env]] of commands.entries()) {
      const ms = await firstOutput(args, env);
      if (i > 0) times[n]!.push(ms); // the first round warms the file cache
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const node = median(times[0]!);
  const lines = [`CLI, time to first output (median of ${RUNS}; load average ${os.loadavg()[0]!.toFixed(1)}): ${commands[0]![0]} ${node.toFixed(0)} ms`];
  for (const [n, [name]] of commands.entries()) {
    if (n === 0) continue;
    const ms = median(times[n]!);
    const ratio = ms / node;
    lines.push(
      `CLI: ${name}: ${ms.toFixed(0)} ms, ${ratio.toFixed(1)}x node's start (target <= ${TARGET_RATIO}x, 0.3 s quiet): ${ratio <= TARGET_RATIO ? "PASS" : "MISS"}`,
    );
  }
  for (const line of lines) console.log(line);
  return lines;
}
