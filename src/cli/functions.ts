import { readFile } from "node:fs/promises";
import path from "node:path";
import { call, problem, target, type ApiFlags } from "./api-client.ts";
import { UsageError } from "./usage.ts";

export { RequestFailed } from "./api-client.ts";

/**
 * `enginery functions ...`: a client of the HTTP API (like curl), so it works
 * against any Enginery server, local or remote.
 */
export interface FunctionsFlags extends ApiFlags {
  name?: string;
  data?: string;
  method?: string;
  limit?: string;
}

/** Deploys a file: version 1 of a new function, or the next version of an existing one. */
export async function functionsDeploy(file: string | undefined, flags: FunctionsFlags, env = process.env): Promise<void> {
  if (!file) throw new UsageError("usage: enginery functions deploy <file> --name <name>");
  if (!flags.name) throw new UsageError("--name <name> is required");
  const t = target(flags, env);
  const source = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${file}: ${error.code ?? error.message}`);
  });
  const name = encodeURIComponent(flags.name);
  // Stack traces then name the file deployed (a name the API would refuse is left out: function.ts).
  const base = path.basename(file);
  const filename = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$/.test(base) ? base : undefined;
  const existing = await call(t, "GET", `/v1/functions/${name}`);
  if (existing.status !== 200 && existing.status !== 404) throw problem(existing);
  const res =
    existing.status === 200
      ? await call(t, "POST", `/v1/functions/${name}/versions`, JSON.stringify({ source, filename }))
      : await call(t, "POST", "/v1/functions", JSON.stringify({ name: flags.name, source, filename }));
  if (res.status !== 201) throw problem(res);
  const fn = res.json;
  console.log(`Deployed ${fn.name} version ${fn.active_version} (${fn.id}, sha256 ${String(fn.sha256).slice(0, 12)})`);
  console.log(`Invoke: ${t.url}${fn.invoke_path}`);
}

/** Calls a function over HTTP and prints what it answered (exit 1 when it failed). */
export async function functionsInvoke(name: string | undefined, flags: FunctionsFlags, env = process.env): Promise<void> {
  if (!name) throw new UsageError("usage: enginery functions invoke <name> [--data <json>] [--method <method>]");
  const t = target(flags, env);
  if (flags.data !== undefined) {
    try {
      JSON.parse(flags.data);
    } catch {
      throw new UsageError("--data must be JSON");
    }
  }
  const method = (flags.method ?? (flags.data === undefined ? "GET" : "POST")).toUpperCase();
  const res = await call(t, method, `/v1/functions/${encodeURIComponent(name)}/invoke`, flags.data);
  // The platform's problems (the function failed, no such function, bad key) are errors; anything else is the function's answer.
  if (res.status >= 400 && typeof res.json?.type === "string" && res.json.type.startsWith("/problems/")) throw problem(res);
  console.log(res.text);
}

/** Prints a function's latest invocations, oldest first, with their console lines. */
export async function functionsLogs(name: string | undefined, flags: FunctionsFlags, env = process.env): Promise<void> {
  if (!name) throw new UsageError("usage: enginery functions logs <name> [--limit <n>]");
  const t = target(flags, env);
  const limit = flags.limit ?? "20";
  if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 100) throw new UsageError("--limit must be a number from 1 to 100");
  const res = await call(t, "GET", `/v1/functions/${encodeURIComponent(name)}/invocations?per_page=${limit}`);
  if (res.status !== 200) throw problem(res);
  const invocations = [...res.json.data].reverse();
  if (invocations.length === 0) console.log(`No invocations of ${name} yet.`);
  for (const inv of invocations) {
    const trigger = inv.trigger === "event" ? `event ${inv.event_id}` : `${inv.method} -> ${inv.response_status}`;
    console.log(`${inv.started_at}  v${inv.version}  ${inv.status.padEnd(12)} ${inv.duration_ms} ms (cpu ${inv.cpu_ms} ms)  ${trigger}  ${inv.id}`);
    for (const line of inv.logs) console.log(`    [${line.level}] ${line.message}`);
    if (inv.logs_truncated) console.log("    [...] more lines were dropped");
    if (inv.error) console.log(`    ${inv.error.name}: ${inv.error.message}`);
  }
}
