import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Starts a process and waits until http://127.0.0.1:port/ answers at `readyPath`. */
export async function startProcess(args: string[], env: Record<string, string>, port: number, readyPath: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${readyPath}`);
      if (response.status < 500) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`${args.join(" ")} did not start within 60 s`);
}

/** Starts a process that serves nothing (a worker); it is up when what it does shows. */
export function spawnProcess(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * Drives url with autocannon; `keys` are spread over the requests (one org
 * each). GET by default; with `body`, a POST of body(n) for the n-th request.
 */
export async function drive(
  name: string,
  url: string,
  options: {
    connections: number;
    duration: number;
    amount?: number;
    keys?: string[];
    body?: (n: number) => unknown;
    /** Extra headers of the n-th request (an Idempotency-Key). */
    headers?: (n: number) => Record<string, string>;
  },
): Promise<LoadResult> {
  const keys = options.keys ?? [];
  const body = options.body;
  const headers = options.headers;
  let next = 0;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    ...(options.amount ? { amount: options.amount } : {}),
    requests: [
      {
        setupRequest: (request) => {
          const n = next++;
          if (keys.length > 0) request.headers = { ...request.headers, authorization: `Bearer ${keys[n % keys.length]}` };
          if (headers) request.headers = { ...request.headers, ...headers(n) };
          if (body) {
            request.method = "POST";
            request.headers = { ...request.headers, "content-type": "application/json" };
            request.body = JSON.stringify(body(n));
          }
          return request;
        },
      },
    ],
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function report(rows: LoadResult[]): string {
  const header = "| run | req/s | p50 ms | p99 ms | non-2xx | errors |\n|---|---:|---:|---:|---:|---:|";
  return [header, ...rows.map((r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`)].join("\n");
}
