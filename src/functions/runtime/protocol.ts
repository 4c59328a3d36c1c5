/**
 * Messages between the API process (host) and a sandbox worker process. They
 * travel over the child-process IPC channel with V8 serialization; customer
 * values inside them are JSON text, parsed only where they are used.
 */

/**
 * What one invocation may make its worker and the host do, besides its CPU,
 * memory and wall time (docs/functions.md, "Limits"). The prelude checks these where
 * they are cheap to check; the worker and the host check again.
 */
export const RUNTIME_LIMITS = {
  /** Timers (setTimeout, setInterval) pending at once. */
  timers: 1_000,
  /** Response body, in characters (UTF-16 code units). */
  responseBytes: 5 * 1024 * 1024,
  responseHeaders: 100,
  /** Response headers, names and values together. */
  responseHeaderBytes: 32 * 1024,
  /** ctx reads per invocation. */
  reads: 200,
  /** ctx reads in flight at once per invocation (the rest wait their turn). */
  concurrentReads: 6,
} as const;

export const INVOCATION_STATUSES = ["ok", "error", "timeout", "cpu_limit", "memory_limit"] as const;
export type InvocationStatus = (typeof INVOCATION_STATUSES)[number];

export interface Limits {
  cpuMs: number;
  memoryMb: number;
  timeoutMs: number;
}

export interface LogLine {
  level: "log" | "info" | "warn" | "error" | "debug";
  message: string;
  /** Milliseconds since the invocation started. */
  at_ms: number;
}

/** What customer code is called with: the handler, its argument (JSON), and ctx's plain data (JSON). */
export interface RunRequest {
  /** Identifies the code: one function version. */
  key: string;
  limits: Limits;
  handler: "fetch" | "event";
  input: string;
  context: string;
}

export interface Outcome {
  status: InvocationStatus;
  /** fetch: {status, headers, body} of the response, as JSON text. */
  response?: string;
  error?: { name: string; message: string; stack?: string };
  cpuMs: number;
  durationMs: number;
  logs: LogLine[];
  logsTruncated: boolean;
}

/** How a module that loaded went: which handlers it exports, or why it could not load. */
export interface CheckResult {
  status: InvocationStatus;
  handlers: ("fetch" | "event")[];
  error?: { name: string; message: string; line?: number; column?: number };
}

export type HostMessage =
  | { t: "run"; id: number; run: RunRequest; code?: string }
  | { t: "check"; id: number; code: string; limits: Limits }
  | { t: "read_result"; id: number; body: string };

export type WorkerMessage =
  | { t: "ready" }
  /** No isolated-vm loads in the worker: nothing can run, and why. */
  | { t: "unavailable"; reason: string }
  | { t: "done"; id: number; outcome: Outcome }
  | { t: "checked"; id: number; result: CheckResult }
  | { t: "need_code"; id: number }
  | { t: "read"; id: number; run: number; resource: string; op: string; args: string };
