/**
 * A sandbox worker: a child process of the API that runs customer code in
 * V8 isolates (isolated-vm) and nothing else. The host sends code and
 * invocations over IPC; this process keeps warm isolates per function version
 * (least recently used evicted) and one spare for the next cold start,
 * enforces each invocation's CPU and wall-time limits from outside the
 * isolate, and answers with the outcome. If customer
 * code takes the whole process down (V8 cannot always survive an isolate
 * running out of memory), the host starts another.
 *
 * Started by pool.ts with --no-node-snapshot (isolated-vm needs it on Node 20+).
 */
import type ivmTypes from "isolated-vm-types";
import { setMaxListeners } from "node:events";
import { readFileSync } from "node:fs";
import type { SsrfPolicy } from "../../webhooks/ssrf.ts";
import { FETCH_LIMITS, outboundFetch, type FetchAnswer, type FetchBudget } from "./fetch.ts";
import { Gate } from "./gate.ts";
import {
  RUNTIME_LIMITS,
  type CheckResult,
  type HostMessage,
  type Limits,
  type LogLine,
  type Outcome,
  type RunRequest,
  type WorkerMessage,
} from "./protocol.ts";
import { ENGINE_READS } from "./reads.ts";
import { webCall } from "./web.ts";
import { candidates, loadIsolatedVm, type IsolatedVm } from "./isolated-vm.ts";

/** The isolated-vm this Node runs, set once it has loaded. */
let ivm: IsolatedVm;
const PRELUDE = readFileSync(new URL("./prelude.js", import.meta.url), "utf8");
let preludeCache: ivmTypes.ExternalCopy<ArrayBuffer> | undefined;
/** Warm isolates kept by one worker, all versions together. */
const MAX_ISOLATES = Number(process.env.FUNCTION_WORKER_ISOLATES ?? 64);
const WATCHDOG_MS = 2;
const MAX_LOG_LINES = 100;
const MAX_LOG_BYTES = 32 * 1024;
/** Where fetch() may go: the webhook policy the host runs with (https to public addresses when unset). */
const FETCH_POLICY: SsrfPolicy = process.env.FUNCTION_FETCH_POLICY ? JSON.parse(process.env.FUNCTION_FETCH_POLICY) : { allowedNetworks: [], allowHttp: false };
const PRELUDE_LIMITS = {
  reads: RUNTIME_LIMITS.reads,
  timers: RUNTIME_LIMITS.timers,
  responseBytes: RUNTIME_LIMITS.responseBytes,
  responseHeaders: RUNTIME_LIMITS.responseHeaders,
  responseHeaderBytes: RUNTIME_LIMITS.responseHeaderBytes,
};

interface ActiveRun {
  id: number;
  started: number;
  logs: LogLine[];
  logBytes: number;
  logsTruncated: boolean;
  timers: Set<NodeJS.Timeout>;
  reads: number;
  readGate: Gate;
  fetch: FetchBudget;
  /** Aborted when the invocation ends: its fetches and waiting reads stop. */
  ended: AbortController;
}

type RunFn = (handler: string, input: string, context: string) => Promise<{ ok: boolean; response?: string; error?: Outcome["error"] }>;

/** What prelude.js's install() returns, seen from outside the isolate. */
interface PreludeApi {
  attach: (namespace: unknown) => ("fetch" | "event")[];
  run: RunFn;
  warm: () => Promise<boolean>;
}

interface Instance {
  key: string;
  isolate: ivmTypes.Isolate;
  run: ivmTypes.Reference<RunFn>;
  handlers: ("fetch" | "event")[];
  busy: boolean;
  lastUsed: number;
  current: ActiveRun | null;
  /** Why the watchdog stopped it, if it did. */
  killed: "timeout" | "cpu_limit" | null;
}

function send(message: WorkerMessage): void {
  process.send!(message);
}

/** Every instance by version; idle ones are reused, busy ones make the caller start another. */
const instances = new Map<string, Instance[]>();
/** Code by version, for versions this worker was sent (an instance can be started again without asking). */
const codes = new Map<string, string>();
let instanceCount = 0;
/** Instances being started: they count against the limit before they exist. */
let starting = 0;

function dropInstance(instance: Instance): void {
  const list = instances.get(instance.key);
  if (list) {
    const i = list.indexOf(instance);
    if (i >= 0) {
      list.splice(i, 1);
      instanceCount--;
    }
    if (list.length === 0) instances.delete(instance.key);
  }
  if (!instance.isolate.isDisposed) instance.isolate.dispose();
}

/** Makes room for one more isolate by disposing the least recently used idle one. */
function evictIfFull(): void {
  if (instanceCount + starting < MAX_ISOLATES) return;
  let oldest: Instance | undefined;
  for (const list of instances.values()) {
    for (const instance of list) if (!instance.busy && (!oldest || instance.lastUsed < oldest.lastUsed)) oldest = instance;
  }
  if (oldest) {
    dropInstance(oldest);
    if (!instances.has(oldest.key)) codes.delete(oldest.key);
  }
}

// ---- the watchdog: one timer checks every running invocation's CPU and wall time ----

/**
 * CPU time is charged as the smaller of two upper bounds. isolated-vm's
 * isolate.cpuTime counts the time the isolate was executing, which on a busy
 * machine includes time its thread waited for a core; this process's own CPU
 * time since the call started counts every isolate of the worker. Each is at
 * least the call's real CPU time; the smaller is the closer. A loop burns
 * both alike and is stopped at its limit; a call that was merely descheduled
 * is not.
 */
interface Watch {
  isolateStart: bigint;
  processStart: number;
  limitNs: number;
  deadline: number;
  /** The last charge seen (a disposed isolate has no clock left). */
  usedNs: number;
}

const watched = new Map<Instance, Watch>();
let watchdog: NodeJS.Timeout | undefined;

function processCpuNs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
}

function charge(instance: Instance, entry: Watch): number {
  if (instance.isolate.isDisposed) return entry.usedNs;
  entry.usedNs = Math.min(Number(instance.isolate.cpuTime - entry.isolateStart), processCpuNs() - entry.processStart);
  return entry.usedNs;
}

function watch(instance: Instance, limits: Limits): void {
  watched.set(instance, {
    isolateStart: instance.isolate.cpuTime,
    processStart: processCpuNs(),
    limitNs: limits.cpuMs * 1_000_000,
    deadline: performance.now() + limits.timeoutMs,
    usedNs: 0,
  });
  watchdog ??= setInterval(patrol, WATCHDOG_MS);
}

/** Stops watching; the CPU time charged, in nanoseconds. */
function unwatch(instance: Instance): number {
  const entry = watched.get(instance);
  watched.delete(instance);
  if (watched.size === 0 && watchdog) {
    clearInterval(watchdog);
    watchdog = undefined;
  }
  return entry ? charge(instance, entry) : 0;
}

/** Disposing the isolate is the only way to stop code that never yields; its instance is not reused. */
function patrol(): void {
  const now = performance.now();
  for (const [instance, entry] of watched) {
    if (instance.isolate.isDisposed) continue;
    if (charge(instance, entry) > entry.limitNs) instance.killed = "cpu_limit";
    else if (now > entry.deadline) instance.killed = "timeout";
    else continue;
    instance.isolate.dispose();
  }
}

// ---- starting an instance ----

/** An isolate with the prelude installed and no customer code run in it yet: what an instance starts from. */
interface Prepared {
  instance: Instance;
  context: ivmTypes.Context;
  api: ivmTypes.Reference<PreludeApi>;
  memoryMb: number;
}

/**
 * A new isolate, its context and the prelude: about three quarters of a cold
 * start, none of it the customer's. `warm`: also run the prelude's
 * invocation path once (prelude.js, warm()), worth it only off the path of a
 * waiting call (the spare).
 */
async function prepare(memoryMb: number, warm = false): Promise<Prepared> {
  const isolate = new ivm.Isolate({
    memoryLimit: memoryMb,
    // V8 lost control of this isolate: nothing in this process can be trusted to work, so the host starts another.
    onCatastrophicError: () => process.abort(),
  });
  const instance: Instance = { key: "", isolate, run: undefined as never, handlers: [], busy: true, lastUsed: performance.now(), current: null, killed: null };
  try {
    const context = await isolate.createContext();
    // V8's code cache of the prelude, made by the first isolate: every later one skips parsing it (a cold start's share).
    const install = await isolate.compileScript(PRELUDE, {
      filename: "enginery:prelude",
      ...(preludeCache ? { cachedData: preludeCache } : { produceCachedData: true }),
    });
    // isolated-vm sets cachedData on the Script it returns, which its types leave out.
    preludeCache ??= (install as ivmTypes.Script & ivmTypes.CachedDataResult).cachedData;
    const installFn = await install.run(context, { reference: true });
    const host = [
      new ivm.Callback((level: string, message: string, cut: boolean) => onLog(instance, level, message, cut)),
      new ivm.Reference((resource: string, op: string, args: string) => onRead(instance, resource, op, args)),
      new ivm.Reference((ms: number) => onTimer(instance, ms)),
      new ivm.ExternalCopy(ENGINE_READS).copyInto(),
      new ivm.Callback(webCall),
      new ivm.Reference((url: string, method: string, headers: [string, string][], body: Uint8Array | null, redirect: string) =>
        onFetch(instance, url, method, headers, body, redirect),
      ),
      new ivm.ExternalCopy(PRELUDE_LIMITS).copyInto(),
    ];
    const api = (await installFn.apply(undefined, host, { result: { reference: true } })) as ivmTypes.Reference<PreludeApi>;
    if (warm) await (await api.get("warm", { reference: true })).apply(undefined, [], { result: { promise: true, copy: true } });
    return { instance, context, api, memoryMb };
  } catch (error) {
    if (!isolate.isDisposed) isolate.dispose();
    throw error;
  }
}

/**
 * One prepared isolate per worker, made ahead of need while the worker is
 * idle, so a cold start compiles and runs only the customer's module. It has
 * run no customer code; the start that takes it binds it to one version (one
 * organization's code) for the rest of its life, and it is never handed to
 * another. V8 fixes an isolate's memory limit at creation, so the spare is
 * made with the limit last asked for (FUNCTION_WORKER_SPARE_MB at first): a
 * start that asks for another builds its own, and the next spare follows it.
 * It is one isolate beyond MAX_ISOLATES.
 */
let spare: { memoryMb: number; ready: Promise<Prepared | undefined> } | undefined;
let spareMemoryMb = Number(process.env.FUNCTION_WORKER_SPARE_MB ?? 0);

/** The spare if it has this memory limit (whatever it is, it is taken: a mismatch is thrown away). */
async function takeSpare(memoryMb: number): Promise<Prepared | undefined> {
  spareMemoryMb = memoryMb;
  const taken = spare;
  spare = undefined;
  if (!taken) return undefined;
  const prepared = await taken.ready;
  if (prepared && taken.memoryMb === memoryMb) return prepared;
  if (prepared && !prepared.instance.isolate.isDisposed) prepared.instance.isolate.dispose();
  return undefined;
}

/** Makes the next spare; called once the worker has answered, so it is off every invocation's path. */
function refillSpare(): void {
  if (spare || spareMemoryMb <= 0) return;
  const memoryMb = spareMemoryMb;
  // A spare that fails to build (the worker is short of memory) leaves the next start to build its own.
  spare = { memoryMb, ready: prepare(memoryMb, true).catch(() => undefined) };
}

/**
 * A version's instance: its module loaded and evaluated in a prepared
 * isolate. `useSpare`: take the spare if it fits (invocations); a deploy's
 * check builds its own, so the spare is still there for the first
 * invocation that usually follows it.
 */
async function start(key: string, code: string, limits: Limits, useSpare: boolean): Promise<Instance> {
  evictIfFull();
  const { instance, context, api } = (useSpare ? await takeSpare(limits.memoryMb) : undefined) ?? (await prepare(limits.memoryMb));
  const { isolate } = instance;
  instance.key = key;
  instance.lastUsed = performance.now();
  try {
    const module = await isolate.compileModule(code, { filename: "function.js" });
    await module.instantiate(context, (specifier) => {
      throw new Error(`imports are not available to functions (import "${specifier}"): deploy one self-contained module`);
    });
    // Top-level code runs under the same limits as a handler.
    watch(instance, limits);
    try {
      await module.evaluate({ promise: true });
      const attach = await api.get("attach", { reference: true });
      instance.handlers = await attach.apply(undefined, [module.namespace.derefInto()], { result: { copy: true } });
    } finally {
      unwatch(instance);
    }
    instance.run = await api.get("run", { reference: true });
  } catch (error) {
    if (!isolate.isDisposed) isolate.dispose();
    throw Object.assign(error as Error, { killed: instance.killed });
  }
  const list = instances.get(key) ?? [];
  list.push(instance);
  instances.set(key, list);
  instanceCount++;
  return instance;
}

/**
 * Calls waiting for room when every isolate is busy, first come first
 * served: slow functions (awaiting timers or reads) cannot make a worker start
 * isolates without bound. A call that waits too long is refused.
 */
const waiting: (() => void)[] = [];
const QUEUE_WAIT_MS = 10_000;

function waitForRoom(): Promise<boolean> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(wake), 1);
      resolve(false);
    }, QUEUE_WAIT_MS);
    waiting.push(wake);
  });
}

/** An isolate became idle or went away: the first waiting call may go. */
function roomMade(): void {
  waiting.shift()?.();
}

async function acquire(key: string, limits: Limits): Promise<Instance | undefined> {
  for (;;) {
    const idle = instances.get(key)?.find((i) => !i.busy);
    if (idle) {
      idle.busy = true;
      return idle;
    }
    const code = codes.get(key);
    if (code === undefined) return undefined;
    evictIfFull();
    if (instanceCount + starting < MAX_ISOLATES) {
      starting++;
      try {
        return await start(key, code, limits, true);
      } catch (error) {
        roomMade();
        throw error;
      } finally {
        starting--;
      }
    }
    if (!(await waitForRoom()))
      throw Object.assign(new Error(`the sandbox is busy: every isolate stayed in use for ${QUEUE_WAIT_MS / 1000} s`), { name: "SandboxBusy" });
  }
}

// ---- host callbacks (the only doors out of an isolate) ----

/** One console line; `cut`: the prelude shortened it to 2,000 characters, which the log says (logs_truncated). */
function onLog(instance: Instance, level: string, message: string, cut: boolean): void {
  const run = instance.current;
  if (!run) return;
  const text = String(message);
  if (level === "truncated" || run.logs.length >= MAX_LOG_LINES || run.logBytes + text.length > MAX_LOG_BYTES) {
    run.logsTruncated = true;
    return;
  }
  if (cut === true) run.logsTruncated = true;
  run.logBytes += text.length;
  run.logs.push({
    level: (["log", "info", "warn", "error", "debug"].includes(level) ? level : "log") as LogLine["level"],
    message: text,
    at_ms: Math.round(performance.now() - run.started),
  });
}

let nextRead = 1;
const reads = new Map<number, (body: string) => void>();

const refusedRead = (status: number, code: string, detail: string) => JSON.stringify({ ok: false, body: { status, code, detail } });

/**
 * A ctx read: the host answers it with the key and organization of the run,
 * whatever the isolate says. At most RUNTIME_LIMITS.reads per invocation,
 * and concurrentReads at once: the rest wait here, on the invocation's own
 * wall time, not in the host's event loop.
 */
async function onRead(instance: Instance, resource: string, op: string, args: string): Promise<string> {
  const run = instance.current;
  if (!run) return refusedRead(409, "conflict", "the invocation has ended");
  if (++run.reads > RUNTIME_LIMITS.reads)
    return refusedRead(429, "rate_limited", `this invocation has made ${RUNTIME_LIMITS.reads} ctx reads, the most one may make`);
  if (!(await run.readGate.enter(run.ended.signal))) return refusedRead(409, "conflict", "the invocation has ended");
  try {
    const id = nextRead++;
    return await new Promise<string>((resolve) => {
      reads.set(id, resolve);
      send({ t: "read", id, run: run.id, resource: String(resource), op: String(op), args: String(args) });
    });
  } finally {
    run.readGate.leave();
  }
}

async function onFetch(
  instance: Instance,
  url: string,
  method: string,
  headers: [string, string][],
  body: Uint8Array | null,
  redirect: string,
): Promise<FetchAnswer> {
  const run = instance.current;
  if (!run) return { ok: false, error: "fetch: the invocation has ended (a fetch cannot outlive it, nor run in top-level code)" };
  return outboundFetch(
    {
      url: String(url),
      method: String(method),
      headers: Array.isArray(headers) ? headers : [],
      body: body instanceof Uint8Array ? body : null,
      redirect: String(redirect),
    },
    FETCH_POLICY,
    run.fetch,
  );
}

function onTimer(instance: Instance, ms: number): Promise<void> {
  const run = instance.current;
  // A timer set outside an invocation (top-level code) or after it never fires.
  if (!run) return new Promise(() => {});
  // The prelude refuses past the limit; this holds if it were bypassed.
  if (run.timers.size >= RUNTIME_LIMITS.timers) return new Promise(() => {});
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      run.timers.delete(timer);
      resolve();
    }, Number(ms));
    run.timers.add(timer);
  });
}

// ---- invocations ----

function elapsed(since: number): number {
  return Math.round((performance.now() - since) * 1000) / 1000;
}

function limitStatus(instance: Instance, error: unknown): Outcome["status"] {
  if (instance.killed) return instance.killed;
  // Errors thrown inside the isolate (a RangeError for a string too long) come back as data; only a
  // disposal reaches here, and the watchdog did not do it: isolated-vm did, for memory.
  if (instance.isolate.isDisposed || /memory limit/i.test(String((error as Error)?.message))) return "memory_limit";
  return "error";
}

async function invoke(id: number, request: RunRequest): Promise<Outcome | "need_code"> {
  const started = performance.now();
  let instance: Instance | undefined;
  try {
    instance = await acquire(request.key, request.limits);
  } catch (error) {
    // The module failed to start (it loaded fine at deploy; a limit or its top-level code failed now).
    const killed = (error as { killed?: Outcome["status"] }).killed;
    return {
      status: killed ?? (/memory limit/i.test(String((error as Error).message)) ? "memory_limit" : "error"),
      error: errorOf(error),
      cpuMs: 0,
      durationMs: elapsed(started),
      logs: [],
      logsTruncated: false,
    };
  }
  if (!instance) return "need_code";
  const ended = new AbortController();
  // Every waiting read and fetch listens for the end: up to a few hundred, by design.
  setMaxListeners(0, ended.signal);
  const run: ActiveRun = {
    id,
    started,
    logs: [],
    logBytes: 0,
    logsTruncated: false,
    timers: new Set(),
    reads: 0,
    readGate: new Gate(RUNTIME_LIMITS.concurrentReads),
    fetch: { requests: 0, bytes: 0, gate: new Gate(FETCH_LIMITS.concurrent), signal: ended.signal },
    ended,
  };
  instance.current = run;
  instance.killed = null;
  watch(instance, request.limits);
  let outcome: Pick<Outcome, "status" | "response" | "error">;
  try {
    const result = await instance.run.apply(undefined, [request.handler, request.input, request.context], { result: { promise: true, copy: true } });
    outcome = result && result.ok === true ? okOutcome(result.response) : { status: "error", error: sanitizeError(result?.error) };
  } catch (error) {
    const status = limitStatus(instance, error);
    outcome = { status, error: status === "error" ? errorOf(error) : limitError(status, request.limits) };
  }
  const cpuNs = unwatch(instance);
  for (const timer of run.timers) clearTimeout(timer);
  ended.abort();
  instance.current = null;
  instance.busy = false;
  instance.lastUsed = performance.now();
  if (instance.isolate.isDisposed) dropInstance(instance);
  roomMade();
  return { ...outcome, cpuMs: Math.round(cpuNs / 1000) / 1000, durationMs: elapsed(started), logs: run.logs, logsTruncated: run.logsTruncated };
}

/** The prelude bounds the response; this holds if it were bypassed, before the text crosses to the host. */
function okOutcome(response: unknown): Pick<Outcome, "status" | "response" | "error"> {
  const text = typeof response === "string" ? response : undefined;
  // JSON escaping can make the wire text up to six times the body.
  const most = 6 * (RUNTIME_LIMITS.responseBytes + RUNTIME_LIMITS.responseHeaderBytes) + 1024;
  if (text !== undefined && text.length > most)
    return { status: "error", error: { name: "RangeError", message: `the response is larger than ${most} characters, the most a function may answer` } };
  return { status: "ok", response: text };
}

function limitError(status: Outcome["status"], limits: Limits): Outcome["error"] {
  const message =
    status === "timeout"
      ? `the invocation ran past its wall-time limit of ${limits.timeoutMs} ms`
      : status === "cpu_limit"
        ? `the invocation used more than its CPU limit of ${limits.cpuMs} ms`
        : `the invocation used more than its memory limit of ${limits.memoryMb} MB`;
  return { name: "LimitExceeded", message };
}

/** Whatever the isolate sent as an error, as three bounded strings. */
function sanitizeError(error: unknown): Outcome["error"] {
  const e = (error ?? {}) as Record<string, unknown>;
  const text = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");
  return { name: text(e.name, 100) || "Error", message: text(e.message, 2000) || "the function failed", stack: text(e.stack, 4000) || undefined };
}

function errorOf(error: unknown): NonNullable<Outcome["error"]> {
  const e = error as Error;
  return { name: String(e?.name ?? "Error").slice(0, 100), message: String(e?.message ?? error).slice(0, 2000) };
}

/** Loads a module in a fresh isolate, as a deploy check: does it load within its limits, which handlers does it export? */
async function check(code: string, limits: Limits): Promise<CheckResult> {
  try {
    const instance = await start(`check:${Math.random()}`, code, limits, false);
    const handlers = instance.handlers;
    dropInstance(instance);
    roomMade();
    return { status: "ok", handlers };
  } catch (error) {
    const killed = (error as { killed?: CheckResult["status"] }).killed;
    const status = killed ?? (/memory limit/i.test(String((error as Error).message)) ? "memory_limit" : "error");
    const position = /function\.js:(\d+):(\d+)/.exec(String((error as Error).stack ?? ""));
    return {
      status,
      handlers: [],
      error: {
        ...(status === "error" ? errorOf(error) : limitError(status, limits)!),
        ...(position ? { line: Number(position[1]), column: Number(position[2]) } : {}),
      } as CheckResult["error"],
    };
  }
}

// The pool may name the packages to try (tests name missing ones); otherwise the natural order for this Node.
const loaded = loadIsolatedVm(process.env.ENGINERY_ISOLATED_VM?.split(",") ?? candidates());
if (!loaded.ok) {
  // Nothing here can run code: say why once; the pool answers every request itself from now on.
  send({ t: "unavailable", reason: loaded.reason });
  process.on("disconnect", () => process.exit(0));
} else {
  serve(loaded.ivm);
}

function serve(loadedIvm: IsolatedVm): void {
  ivm = loadedIvm;
  process.on("message", (message: HostMessage) => {
    switch (message.t) {
      case "run":
        if (message.code !== undefined) codes.set(message.run.key, message.code);
        void invoke(message.id, message.run).then((outcome) => {
          send(outcome === "need_code" ? { t: "need_code", id: message.id } : { t: "done", id: message.id, outcome });
          refillSpare();
        });
        return;
      case "check":
        void check(message.code, message.limits).then((result) => send({ t: "checked", id: message.id, result }));
        return;
      case "read_result": {
        const resolve = reads.get(message.id);
        reads.delete(message.id);
        resolve?.(message.body);
        return;
      }
    }
  });
  // The host went away: nothing left to serve.
  process.on("disconnect", () => process.exit(0));
  send({ t: "ready" });
  refillSpare();
}
