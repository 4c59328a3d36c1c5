import type { MetricsRecorder } from "../platform/metrics.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/connection.ts";
import { callerForKeyId } from "../platform/auth/api-keys-service.ts";
import { CONTEXT_HEADER, type ContextGrants } from "../platform/auth/auth-hook.ts";
import type { Caller } from "../platform/auth/caller.ts";
import type { KeyCache } from "../platform/auth/key-cache.ts";
import { ApiError } from "../platform/errors.ts";
import type { EventApi } from "../platform/events/events-service.ts";
import { newId } from "../platform/ids.ts";
import type { OrgRow } from "../platform/orgs/orgs-table.ts";
import { findLive, findSourceMap, invocationToApi, type LiveVersion } from "./functions-service.ts";
import type { FunctionRow, InvocationRow } from "./functions-table.ts";
import { createInvocationLog } from "./invocation-log.ts";
import { measureCpu, type CpuAccount } from "./host-cpu.ts";
import type { Pool, ReadHandler } from "./runtime/pool.ts";
import { Gate, Gates } from "./runtime/gate.ts";
import { RUNTIME_LIMITS, type Outcome } from "./runtime/protocol.ts";
import { READS } from "./runtime/reads.ts";
import { FORCED_HEADERS, policeHeaders, refusedStatus } from "./response-policy.ts";
import type { SecretBox } from "./secrets.ts";
import { inSource, refersToCompiled, sourceMapper, type SourceMapper, type SourcePosition } from "./source-map.ts";

/** A function's live version, ready to run: cached per process, dropped on every deploy, rollback and delete. */
interface Loaded {
  fn: FunctionRow;
  version: LiveVersion;
  org: OrgRow;
  secrets: Record<string, string>;
  /** Compiled positions -> the customer's file: the map is read and parsed when an error or a log line first needs it. */
  mapper?: Promise<SourceMapper>;
  loadedAt: number;
}

/** What app.inject gives back (the part used here). */
interface Injected {
  statusCode: number;
  body: string;
}

export interface InvokerDeps {
  db: Db;
  pool: Pool;
  box: SecretBox;
  keyCache: KeyCache;
  grants: ContextGrants;
  /** The API itself, called in-process for ctx reads. */
  inject: (request: { method: "GET"; url: string; headers: Record<string, string> }) => Promise<Injected>;
  clock: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  fairShare?: Partial<FairShare>;
  metrics?: Pick<MetricsRecorder, "functionInvocation">;
}

const CACHE_TTL_MS = 60_000;
/**
 * Fair sharing between organizations. An organization runs at most
 * `invocations` functions at once across this process's sandbox workers (so
 * it cannot fill every isolate); the next `queue` wait, up to `waitMs`, and
 * the rest are refused with a 429. Its ctx reads, which run in this
 * process's event loop (and, on PGlite, on its one database thread), go
 * `reads` at a time: one tenant's burst of reads waits behind itself while
 * other tenants' requests are served between its reads.
 */
export interface FairShare {
  invocations: number;
  queue: number;
  waitMs: number;
  reads: number;
}
export const FAIR_SHARE: FairShare = { invocations: 32, queue: 256, waitMs: 5_000, reads: 1 };
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Request headers a function does not see: the caller's credentials and our internal pass. */
// Credentials never reach customer code: keys, the dashboard's session cookie and its CSRF token.
const PRIVATE_REQUEST_HEADERS = new Set(["authorization", "cookie", "x-csrf-token", CONTEXT_HEADER]);

function problemJson(status: number, code: string, detail: string): string {
  return JSON.stringify({ ok: false, body: { status, code, detail } });
}

/** The parts of a function's response the worker sent, checked: customer code decides all of it. */
function parseResponse(text: string | undefined): { status: number; headers: [string, string][]; dropped: string[]; body: string } | string {
  let wire: { status?: unknown; headers?: unknown; body?: unknown };
  try {
    wire = JSON.parse(text ?? "null") ?? {};
  } catch {
    return "the response could not be read";
  }
  const { status, headers, body } = wire;
  if (!Number.isInteger(status) || (status as number) < 200 || (status as number) > 599)
    return `the response status must be a whole number from 200 to 599, got ${JSON.stringify(status)}`;
  const refused = refusedStatus(status as number);
  if (refused) return refused;
  if (typeof body !== "string") return "the response body must be a string";
  if (!Array.isArray(headers)) return "the response headers could not be read";
  // The prelude holds a function to these; they are checked again because customer code decides what arrives.
  if (body.length > RUNTIME_LIMITS.responseBytes)
    return `the response body is larger than ${RUNTIME_LIMITS.responseBytes} characters, the most a function may answer`;
  if (headers.length > RUNTIME_LIMITS.responseHeaders)
    return `the response has ${headers.length} headers; a function may set at most ${RUNTIME_LIMITS.responseHeaders}`;
  let headerBytes = 0;
  const kept: [string, string][] = [];
  for (const pair of headers) {
    const [name, value] = Array.isArray(pair) ? pair : [];
    if (typeof name !== "string" || typeof value !== "string" || !HEADER_NAME.test(name) || !HEADER_VALUE.test(value))
      return `the response has an invalid header ${JSON.stringify(name)}`;
    headerBytes += name.length + value.length + 4;
    if (headerBytes > RUNTIME_LIMITS.responseHeaderBytes)
      return `the response headers take more than ${RUNTIME_LIMITS.responseHeaderBytes} bytes, the most a function may set`;
    kept.push([name, value]);
  }
  const { kept: allowed, dropped } = policeHeaders(kept);
  return { status: status as number, headers: allowed, dropped, body };
}

/**
 * Runs deployed functions: finds the live version (cached), hands the
 * sandbox pool the code, the argument and ctx's data, answers ctx reads by
 * calling the API in-process as the deploying key, and logs every
 * invocation.
 */
export function createInvoker(deps: InvokerDeps) {
  const cache = new Map<string, Loaded>();
  const invocations = createInvocationLog(deps.db, deps.log);
  const share = { ...FAIR_SHARE, ...deps.fairShare };
  const running = new Gates(() => new Gate(share.invocations, share.queue, share.waitMs));
  const reading = new Gates(() => new Gate(share.reads));
  // Bumped by every eviction: a load that began before one must not cache what it read (a deleted function would live on).
  let evictions = 0;

  function evict(fnId: string): void {
    evictions++;
    for (const [key, loaded] of cache) if (loaded.fn.id === fnId) cache.delete(key);
  }

  async function load(orgId: string, nameOrId: string): Promise<Loaded> {
    const cacheKey = `${orgId}/${nameOrId}`;
    const hit = cache.get(cacheKey);
    const now = Date.now();
    if (hit && now - hit.loadedAt < CACHE_TTL_MS) return hit;
    const evictionsBefore = evictions;
    const { fn, version, org } = await findLive(deps.db, orgId, nameOrId);
    const loaded: Loaded = { fn, version, org, secrets: version.secrets ? deps.box.open(version.secrets) : {}, loadedAt: now };
    if (evictions === evictionsBefore) cache.set(cacheKey, loaded);
    return loaded;
  }

  /**
   * ctx reads: a GET on the API as the deploying key, which checks its
   * permissions and counts against its rate limit. The CPU this process
   * spends serving them goes to `cpu`, the invocation's.
   */
  function reader(loaded: Loaded, cpu: CpuAccount): ReadHandler {
    return (resource, op, argsText) => measureCpu(cpu, () => read(loaded, resource, op, argsText));
  }

  async function read(loaded: Loaded, resource: string, op: string, argsText: string): Promise<string> {
    const target = Object.hasOwn(READS, resource) ? READS[resource] : undefined;
    if (!target?.ops.includes(op as never)) return problemJson(400, "validation_failed", `ctx cannot read ${resource}.${op}`);
    let path: string;
    try {
      path = readPath(target.path, op, JSON.parse(argsText));
    } catch (error) {
      return problemJson(400, "validation_failed", `${resource}.${op}: ${(error as Error).message}`);
    }
    let caller: Caller;
    try {
      caller = await callerForKeyId(deps.db, loaded.version.deployedBy, deps.clock(), deps.keyCache);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return problemJson(
        error.status,
        error.code,
        `The key that deployed this version (${loaded.version.deployedBy}) cannot be used: ${error.detail} Deploy a new version with a valid key.`,
      );
    }
    const grant = deps.grants.grant(caller);
    return reading.run(
      loaded.org.id,
      async () => {
        const answer = await deps.inject({ method: "GET", url: path, headers: { [CONTEXT_HEADER]: grant } });
        return `{"ok":${answer.statusCode < 300},"body":${answer.body || "null"}}`;
      },
      () => problemJson(409, "conflict", "the read could not be made"),
    );
  }

  async function execute(loaded: Loaded, handler: "fetch" | "event", input: unknown, caller: unknown): Promise<Outcome & { location?: SourcePosition }> {
    const { fn, version, org } = loaded;
    const context = {
      org: { id: org.id, name: org.name, plan: org.plan },
      caller,
      function: { id: fn.id, name: fn.name, version: version.version },
      env: version.env,
      secrets: loaded.secrets,
    };
    const limits = { cpuMs: version.limits.cpu_ms, memoryMb: version.limits.memory_mb, timeoutMs: version.limits.timeout_ms };
    const readCpu: CpuAccount = { ns: 0 };
    const run = () =>
      deps.pool.run(
        { key: `${org.id}/${fn.id}@${version.version}`, limits, handler, input: JSON.stringify(input), context: JSON.stringify(context) },
        { code: () => version.code, read: reader(loaded, readCpu) },
      );
    const ran = await running.run(org.id, run, () => {
      throw new ApiError(
        "rate_limited",
        `Too many invocations of this organization's functions are running: at most ${share.invocations} run at once and ${share.queue} wait (up to ${share.waitMs / 1000} s). Retry shortly.`,
        { headers: { "retry-after": "1" }, limit: "function_concurrency" },
      );
    });
    // cpu_ms: the isolate's CPU and this process's serving its ctx reads (docs/functions.md, "Limits").
    const outcome = { ...ran, cpuMs: Math.round(ran.cpuMs * 1000 + readCpu.ns / 1000) / 1000 };
    return refersToCompiled(outcome) ? inSource(outcome, await mapperOf(loaded)) : outcome;
  }

  /** The version's source map, read once per cached copy; if it cannot be read, positions stay in the compiled code. */
  function mapperOf(loaded: Loaded): Promise<SourceMapper> {
    loaded.mapper ??= findSourceMap(deps.db, loaded.version).then(
      (map) => sourceMapper(map, loaded.version.filename),
      (error: unknown) => {
        loaded.mapper = undefined;
        deps.log.warn({ err: error, functionId: loaded.fn.id }, "could not read the function's source map");
        return sourceMapper(null, loaded.version.filename);
      },
    );
    return loaded.mapper;
  }

  function invocationRow(loaded: Loaded, outcome: Outcome, startedAt: Date, extra: Partial<InvocationRow>): InvocationRow {
    deps.metrics?.functionInvocation(extra.trigger ?? "http", outcome.status);
    return {
      orgId: loaded.org.id,
      id: newId("functionInvocation"),
      functionId: loaded.fn.id,
      version: loaded.version.version,
      trigger: "http",
      eventId: null,
      runId: null,
      method: null,
      responseStatus: null,
      status: outcome.status,
      errorName: outcome.error?.name ?? null,
      errorMessage: outcome.error?.message ?? null,
      errorStack: outcome.error?.stack ?? null,
      startedAt,
      durationMs: outcome.durationMs,
      cpuMs: outcome.cpuMs,
      logs: outcome.logs,
      logsTruncated: outcome.logsTruncated,
      requestId: null,
      ...extra,
    };
  }

  /** Any method under /v1/functions/{name}/invoke: the request goes to fetch(), its answer back to the caller. */
  async function invokeHttp(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const caller = request.caller!;
    const loaded = await load(caller.org.id, (request.params as { name: string }).name);
    if (!loaded.version.httpTrigger) {
      throw new ApiError("conflict", `The function ${loaded.fn.name} takes no HTTP invocations (triggers.http is false in version ${loaded.version.version}).`);
    }
    const startedAt = deps.clock();
    const headers = Object.entries(request.headers).flatMap(([name, value]) =>
      PRIVATE_REQUEST_HEADERS.has(name) || value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value] as [string, string]],
    );
    const input = {
      method: request.method,
      url: `${request.protocol}://${request.host}${request.url}`,
      headers,
      body: typeof request.body === "string" ? request.body : "",
    };
    // A signed-in member invoking from the dashboard is named as such (id: the membership).
    const who = {
      type: caller.member ? "member" : "api_key",
      id: caller.key.id,
      name: caller.key.name,
      kind: caller.key.kind,
      permissions: [...caller.permissions],
    };
    const outcome = await execute(loaded, "fetch", input, who);
    let status = outcome.status;
    let error = outcome.error;
    const response = status === "ok" ? parseResponse(outcome.response) : undefined;
    if (typeof response === "string") {
      status = "error";
      error = { name: "TypeError", message: response };
    }
    // Headers the response policy dropped: the function's author sees which, and why, in the log.
    const dropped =
      typeof response === "object" && response.dropped.length > 0
        ? [
            {
              level: "warn" as const,
              message: `response headers dropped (not allowed on the API's origin; see the response policy): ${response.dropped.join(", ")}`,
              at_ms: Math.round(outcome.durationMs),
            },
          ]
        : [];
    const final = { ...outcome, status, error, logs: [...outcome.logs, ...dropped] };
    const answered = typeof response === "object" ? response.status : status === "timeout" ? 504 : 500;
    const row = invocationRow(loaded, final, startedAt, { method: request.method, responseStatus: answered, requestId: request.id });
    invocations.add(row, status === "ok" ? undefined : { type: "function.invocation_failed", object: invocationToApi(row, loaded.fn.name) });

    reply.header("x-function-invocation-id", row.id).header("x-function-version", String(loaded.version.version));
    if (typeof response === "object") {
      for (const [name, value] of response.headers) reply.header(name, value);
      reply.headers(FORCED_HEADERS);
      return reply.code(response.status).send(response.body);
    }
    throw failure(row, loaded.fn.name, final.location);
  }

  /**
   * One event-triggered attempt; undefined when there is nothing to run: the
   * function is gone, or its live version no longer takes this event (a new
   * version or a rollback changed its triggers). The caller records the row.
   */
  async function invokeForEvent(orgId: string, functionId: string, event: EventApi, runId: string): Promise<{ row: InvocationRow; name: string } | undefined> {
    let loaded: Loaded;
    try {
      loaded = await load(orgId, functionId);
    } catch (error) {
      if (error instanceof ApiError && error.code === "not_found") return undefined;
      throw error;
    }
    if (!loaded.fn.eventTriggers.includes(event.type)) return undefined;
    const startedAt = deps.clock();
    const outcome = await execute(loaded, "event", event, { type: "event", id: event.id, event_type: event.type });
    return { row: invocationRow(loaded, outcome, startedAt, { trigger: "event", eventId: event.id, runId }), name: loaded.fn.name };
  }

  return {
    invokeHttp,
    invokeForEvent,
    /** The sandbox workers (health, tests). */
    workers: () => deps.pool.stats(),
    evict,
    clear: () => {
      evictions++;
      cache.clear();
    },
    /** Writes the queued invocation logs: one organization's when named (a listing waits for no other tenant). */
    flushLogs: (orgId?: string) => invocations.flush(orgId),
    /** What the invocation log wrote, dropped and lost (health, metrics). */
    logStats: () => invocations.stats(),
  };
}

/** The problem a caller gets for a failed invocation: which limit, or what the code threw. */
function failure(row: InvocationRow, name: string, location: SourcePosition | undefined): ApiError {
  const extras = { invocation_id: row.id, invocation_status: row.status };
  switch (row.status) {
    case "timeout":
      return new ApiError("function_timeout", `The function ${name} ${row.errorMessage}.`, extras);
    case "cpu_limit":
    case "memory_limit":
      return new ApiError("function_limit_exceeded", `The function ${name}: ${row.errorMessage}.`, extras);
    default:
      return new ApiError("function_failed", `The function ${name} failed: ${row.errorName}: ${row.errorMessage}`, {
        ...extras,
        // Where it was thrown, in the deployed source; the whole stack is in the invocation's log.
        function_error: { name: row.errorName, message: row.errorMessage, ...(location ? { location } : {}) },
      });
  }
}

/** A ctx read's arguments -> the API path it is. */
function readPath(base: string, op: string, arg: unknown): string {
  if (op === "latest") return `${base}/latest`;
  if (op === "list") {
    if (arg === null || arg === undefined) return base;
    if (typeof arg !== "object" || Array.isArray(arg)) throw new Error('takes an object of query parameters, such as { status: "overdue" }');
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(arg as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      if (!["string", "number", "boolean"].includes(typeof value)) throw new Error(`${name}: query values are strings, numbers or booleans`);
      query.set(name, String(value));
    }
    const text = query.toString();
    return text ? `${base}?${text}` : base;
  }
  if (typeof arg !== "string" || arg.length === 0 || arg.length > 100) throw new Error("takes an id (a string)");
  return op === "dossier" ? `${base}/${encodeURIComponent(arg)}/dossier` : `${base}/${encodeURIComponent(arg)}`;
}

export type Invoker = ReturnType<typeof createInvoker>;
