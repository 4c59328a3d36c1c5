import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";

/**
 * Runs bin/enginery as a real process, the way a user does, for the CLI and
 * storage tests. The environment is the test's own: PGlite in a temporary
 * DATA_DIR, or this file's PostgreSQL database.
 */
export const ROOT = path.resolve(import.meta.dirname, "../..");

export type Target = { dataDir: string } | { databaseUrl: string };

export function enginery(target: Target, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1", ...extra };
  for (const name of ["DATABASE_URL", "DATA_DIR", "REDIS_URL", "PORT"]) if (!(name in extra)) delete env[name];
  if ("databaseUrl" in target) env.DATABASE_URL = target.databaseUrl;
  else env.DATA_DIR = target.dataDir;
  return env;
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout's last non-empty line. */
  last: string;
}

/** Runs `node bin/enginery ...args` to its end. */
export async function run(args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  const child = spawn(process.execPath, ["bin/enginery", ...args], { cwd: ROOT, env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
  const lines = stdout.split("\n").filter((l) => l.trim() !== "");
  return { code, stdout, stderr, last: lines.at(-1) ?? "" };
}

export interface Server {
  child: ChildProcessWithoutNullStreams;
  /** Everything written so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves with the first match of `pattern` in stdout; rejects if the process ends first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a long-running command (serve). */
export function start(args: string[], env: NodeJS.ProcessEnv): Server {
  const child = spawn(process.execPath, ["bin/enginery", ...args], { cwd: ROOT, env });
  let stdout = "";
  let stderr = "";
  const listeners = new Set<() => void>();
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
    for (const l of listeners) l();
  });
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))));
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const l of listeners) l();
  });

  return {
    child,
    output: () => ({ stdout, stderr }),
    exited,
    waitFor(pattern, timeoutMs = 45_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => done(new Error(`timed out waiting for ${pattern}; stdout: ${stdout}\nstderr: ${stderr}`)), timeoutMs);
        const check = () => {
          const match = stdout.match(pattern);
          if (match) done(undefined, match);
          else if (ended) done(new Error(`the process ended before printing ${pattern}; stdout: ${stdout}\nstderr: ${stderr}`));
        };
        const done = (error?: Error, match?: RegExpMatchArray) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve(match!);
        };
        listeners.add(check);
        check();
      });
    },
    async stop(signal = "SIGTERM") {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
}
