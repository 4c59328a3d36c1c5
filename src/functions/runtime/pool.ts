import { fork, type ChildProcess } from "node:child_process";
import { setPriority } from "node:os";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { SsrfPolicy } from "../../webhooks/ssrf.ts";
import { ApiError } from "../../platform/errors.ts";
import { DEFAULT_LIMITS } from "../functions-schemas.ts";
import type { CheckResult, HostMessage, Limits, Outcome, RunRequest, WorkerMessage } from "./protocol.ts";

export interface PoolOptions {
  /** Worker processes; each runs many isolates. */
  workers: number;
  /** Warm isolates per worker. */
  isolatesPerWorker?: number;
  /** The workers' nice value (0 to 19); WORKER_NICENESS when left out. */
  niceness?: number;
  /** Where functions' fetch() may go (the webhook policy); https to public addresses when left out. */
  fetchPolicy?: SsrfPolicy;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** The isolated-vm packages a worker tries, in order; by default the natural order for this Node (see isolated-vm.ts). */
  isolatedVm?: string[];
}

/** A ctx read from customer code, answered by the host as JSON text ({ok, body}). */
export type ReadHandler = (resource: string, op: string, args: string) => Promise<string>;

export interface RunOptions {
  /** The version's compiled code; asked for only when a worker does not hold it. */
  code: () => Promise<string> | string;
  read: ReadHandler;
}

interface Pending {
  kind: "run" | "check";
  message: HostMessage;
  resolve: (value: never) => void;
  reject: (error: Error) => void;
  options?: RunOptions;
  /** A worker died while running this: run it once more elsewhere, then give up. */
  retried: boolean;
  /** The host's own deadline, in case a worker stops answering. */
  timer?: NodeJS.Timeout;
}

interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  /** Versions whose code this worker was sent. */
  sent: Set<string>;
  alive: boolean;
}

// Compiled (dist/), this module is pool.js and its worker is JavaScript beside it; run from the sources,
// the worker is TypeScript too and loads through tsx's loader, found the way Node would find it from here.
const COMPILED = import.meta.url.endsWith(".js");
const WORKER = fileURLToPath(new URL(COMPILED ? "./worker.js" : "./worker.ts", import.meta.url));
const LOADER = COMPILED ? [] : ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href];
/** How long past an invocation's own limit the host waits before it gives up on a worker (a call may queue 10 s for an isolate). */
const HOST_GRACE_MS = 15_000;
/** Nice 10: on a contended core a worker weighs about a tenth of the API (Linux CFS weights 110 vs 1024). */
const WORKER_NICENESS = 10;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function crashed(message: string): Outcome {
  return { status: "memory_limit", error: { name: "WorkerCrashed", message }, cpuMs: 0, durationMs: 0, logs: [], logsTruncated: false };
}

/**
 * The sandbox workers of one API process. Workers start on first use; a
 * version's calls go to the same worker (warm isolates) unless it is gone.
 * A worker that dies is replaced; what it was running is run once more on
 * another (functions only read, so a second run is safe), and whatever kills
 * its worker twice is reported as having run out of memory.
 */
export function createPool(options: PoolOptions) {
  const workers: (Worker | undefined)[] = Array.from({ length: Math.max(1, options.workers) }, () => undefined);
  let nextId = 1;
  let closed = false;
  /** In-flight runs by id, so a read can be routed to its run's handler. */
  const runs = new Map<number, Pending>();
  /** Why no worker can run code (no isolated-vm loads on this Node), once a worker has said so. */
  let unavailable: string | null = null;

  function unavailableError(reason: string): ApiError {
    return new ApiError("service_unavailable", `Functions cannot run on this server: ${reason}.`);
  }

  function spawn(slot: number): Worker {
    const child = fork(WORKER, [], {
      execArgv: ["--no-node-snapshot", ...LOADER],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      // Customer code cannot reach the environment, but the worker needs none of ours either.
      env: {
        PATH: process.env.PATH,
        NODE_ENV: process.env.NODE_ENV,
        FUNCTION_WORKER_ISOLATES: String(options.isolatesPerWorker ?? 64),
        // The worker's spare isolate (worker.ts) starts at the default memory limit, what most versions run with.
        FUNCTION_WORKER_SPARE_MB: String(DEFAULT_LIMITS.memory_mb),
        ...(options.fetchPolicy ? { FUNCTION_FETCH_POLICY: JSON.stringify(options.fetchPolicy) } : {}),
        ...(options.isolatedVm ? { ENGINERY_ISOLATED_VM: options.isolatedVm.join(",") } : {}),
      },
    });
    // Customer code runs at a lower CPU priority than the API: when cores are short, a tenant's busy
    // functions slow the sandbox (theirs and their own invocations), not every organization's requests.
    try {
      if (child.pid !== undefined) setPriority(child.pid, options.niceness ?? WORKER_NICENESS);
    } catch (error) {
      options.log.warn({ err: error }, "could not lower the function worker's CPU priority");
    }
    let markReady: () => void;
    const worker: Worker = { child, ready: new Promise((r) => (markReady = r)), pending: new Map(), sent: new Set(), alive: true };
    child.on("message", (message: WorkerMessage) => {
      if (message.t === "ready") return markReady();
      if (message.t === "unavailable") return onUnavailable(worker, message.reason);
      onMessage(worker, message);
    });
    child.on("exit", (code, signal) => onExit(slot, worker, code, signal));
    child.on("error", (error) => options.log.error({ err: error }, "function worker error"));
    workers[slot] = worker;
    return worker;
  }

  /** The same on every worker and for the life of the process: say it once, fail what waits, stop the worker. */
  function onUnavailable(worker: Worker, reason: string): void {
    if (unavailable === null) options.log.error({ reason }, `functions cannot run: ${reason}`);
    unavailable = reason;
    for (const [id, pending] of worker.pending) {
      clearTimeout(pending.timer);
      worker.pending.delete(id);
      runs.delete(id);
      pending.reject(unavailableError(reason));
    }
    worker.alive = false;
    worker.child.kill("SIGKILL");
  }

  function onMessage(worker: Worker, message: WorkerMessage): void {
    switch (message.t) {
      case "done":
      case "checked": {
        const pending = worker.pending.get(message.id);
        if (!pending) return;
        settle(worker, message.id, pending, message.t === "done" ? message.outcome : message.result);
        return;
      }
      case "need_code": {
        const pending = worker.pending.get(message.id);
        if (!pending?.options || pending.message.t !== "run") return;
        const run = pending.message.run;
        void Promise.resolve(pending.options.code()).then((code) => post(worker, { t: "run", id: message.id, run, code }));
        return;
      }
      case "read": {
        const pending = runs.get(message.run);
        const answer = pending?.options
          ? pending.options.read(message.resource, message.op, message.args)
          : Promise.resolve(JSON.stringify({ ok: false, body: { status: 409, code: "conflict", detail: "the invocation has ended" } }));
        void answer.then((body) => post(worker, { t: "read_result", id: message.id, body }));
        return;
      }
    }
  }

  function settle(worker: Worker, id: number, pending: Pending, value: unknown): void {
    clearTimeout(pending.timer);
    worker.pending.delete(id);
    runs.delete(id);
    pending.resolve(value as never);
  }

  function post(worker: Worker, message: HostMessage): void {
    if (worker.alive && worker.child.connected) worker.child.send(message);
  }

  function onExit(slot: number, worker: Worker, code: number | null, signal: string | null): void {
    worker.alive = false;
    if (workers[slot] === worker) workers[slot] = undefined;
    if (closed || unavailable !== null) return;
    options.log.warn({ code, signal, inFlight: worker.pending.size }, "function worker exited; starting another");
    for (const [id, pending] of worker.pending) {
      worker.pending.delete(id);
      clearTimeout(pending.timer);
      if (pending.retried) {
        runs.delete(id);
        const outcome = crashed("the sandbox stopped while running this code (it most likely exceeded its memory limit)");
        pending.resolve((pending.kind === "run" ? outcome : { status: outcome.status, handlers: [], error: outcome.error }) as never);
        continue;
      }
      pending.retried = true;
      // On another worker if there is one, so a worker that keeps dying does not take the retries with it.
      dispatch(pending, slot);
    }
  }

  function workerFor(key: string, avoid?: number): [number, Worker] {
    let slot = hash(key) % workers.length;
    if (avoid !== undefined && workers.length > 1 && slot === avoid % workers.length) slot = (slot + 1) % workers.length;
    return [slot, workers[slot] ?? spawn(slot)];
  }

  function dispatch(pending: Pending, avoid?: number): void {
    const message = pending.message;
    const key = message.t === "run" ? message.run.key : `check:${message.id}`;
    const [, worker] = workerFor(key, avoid);
    worker.pending.set(message.id, pending);
    const limits = message.t === "run" ? message.run.limits : (message as { limits: Limits }).limits;
    clearTimeout(pending.timer);
    // The worker enforces the limits; this only covers a worker that stopped answering altogether.
    pending.timer = setTimeout(() => {
      options.log.error({ id: message.id }, "function worker did not answer; restarting it");
      worker.child.kill("SIGKILL");
    }, limits.timeoutMs + HOST_GRACE_MS);
    void worker.ready.then(() => {
      if (message.t === "run" && !worker.sent.has(key)) {
        worker.sent.add(key);
        void Promise.resolve(pending.options!.code()).then((code) => post(worker, { ...message, code }));
        return;
      }
      post(worker, message);
    });
  }

  return {
    /**
     * Runs one invocation; resolves with the outcome (customer failures included). Rejects with a 503
     * ApiError only when no isolated-vm loads on this Node, so nothing can run at all.
     */
    run(request: RunRequest, runOptions: RunOptions): Promise<Outcome> {
      if (closed) return Promise.resolve(crashed("the function runtime is shutting down"));
      if (unavailable !== null) return Promise.reject(unavailableError(unavailable));
      const id = nextId++;
      return new Promise<Outcome>((resolve, reject) => {
        const pending: Pending = {
          kind: "run",
          message: { t: "run", id, run: request },
          resolve: resolve as (v: never) => void,
          reject,
          options: runOptions,
          retried: false,
        };
        runs.set(id, pending);
        dispatch(pending);
      });
    },

    /** Loads compiled code in a fresh isolate: does it load within its limits, and which handlers does it export? */
    check(code: string, limits: Limits): Promise<CheckResult> {
      if (unavailable !== null) return Promise.reject(unavailableError(unavailable));
      const id = nextId++;
      return new Promise<CheckResult>((resolve, reject) => {
        dispatch({ kind: "check", message: { t: "check", id, code, limits }, resolve: resolve as (v: never) => void, reject, retried: false });
      });
    },

    /** The live workers' process ids and what each is running (health, tests). */
    stats(): { pid: number; inFlight: number }[] {
      return workers.flatMap((w) => (w?.alive && w.child.pid !== undefined ? [{ pid: w.child.pid, inFlight: w.pending.size }] : []));
    },

    async close(): Promise<void> {
      closed = true;
      await Promise.all(
        workers.map(async (worker) => {
          if (!worker?.alive) return;
          const exited = new Promise((r) => worker.child.once("exit", r));
          worker.child.kill("SIGKILL");
          await exited;
        }),
      );
    },
  };
}

export type Pool = ReturnType<typeof createPool>;
