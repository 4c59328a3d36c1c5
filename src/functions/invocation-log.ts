import type { Db } from "../db/connection.ts";
import { insertEvents, type EventDraft } from "../platform/events/outbox.ts";
import { liveFunctions } from "./functions-service.ts";
import { functionInvocations, type InvocationRow } from "./functions-table.ts";

interface Entry {
  row: InvocationRow;
  /** function.invocation_failed, written with the row. */
  failed?: EventDraft;
  attempts: number;
}

export interface InvocationLogOptions {
  intervalMs?: number;
  /** Rows per transaction: 19 parameters a row, far below PostgreSQL's 65,535 per statement. */
  chunkRows?: number;
  /** Entries waiting, all organizations together. */
  maxQueued?: number;
  /** Entries waiting for one organization: past it, that organization's invocations go unlogged (and counted). */
  maxQueuedPerOrg?: number;
  /** Tries per chunk before its entries are given up (and counted). */
  attempts?: number;
}

/** What the log did since the process started, for health pages and metrics. */
export interface InvocationLogStats {
  queued: number;
  written: number;
  /** Refused at admission: the queue (or the organization's share of it) was full. */
  dropped: number;
  /** Accepted, then given up after `attempts` failed writes (the database was down). */
  lost: number;
  droppedByOrg: Map<string, number>;
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** At most one line per `everyMs` for a recurring condition, saying how many were folded into it. */
function throttled(everyMs: number) {
  let last = -Infinity;
  let folded = 0;
  return (write: (folded: number) => void) => {
    const now = performance.now();
    if (now - last < everyMs) {
      folded++;
      return;
    }
    last = now;
    write(folded);
    folded = 0;
  };
}

/**
 * HTTP invocations' log rows, written in batches: one transaction every few
 * milliseconds instead of one per call, which is what lets warm invocations
 * answer at the speed of the sandbox. Everything is bounded, so a tenant
 * whose functions fail in a burst slows only its own log:
 *
 * - admission: at most `maxQueued` entries wait, and at most
 *   `maxQueuedPerOrg` of one organization. An invocation past either bound is
 *   not logged and emits no `function.invocation_failed` (the caller still
 *   gets its answer); it is counted in `stats().dropped` and reported in one
 *   warning line per 10 s. That is the only place entries are shed: an entry
 *   admitted is written with its event, or counted as lost.
 * - writing: chunks of `chunkRows` rows, each row and its event in one
 *   transaction; a chunk that fails is tried `attempts` times in all, then
 *   its entries are counted in `stats().lost` (errors logged once per 10 s).
 * - reading: `flush(orgId)` writes that organization's entries only, so a
 *   listing never waits for other tenants' backlog.
 *
 * What a crash loses is what was queued; never an event-triggered run (those
 * are recorded with their run, see trigger-dispatcher.ts).
 */
export function createInvocationLog(db: Db, log: Log, options: InvocationLogOptions = {}) {
  const { intervalMs = 20, chunkRows = 500, maxQueued = 10_000, maxQueuedPerOrg = 2_000, attempts = 3 } = options;
  let queue: Entry[] = [];
  const queuedByOrg = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  const stats: InvocationLogStats = { queued: 0, written: 0, dropped: 0, lost: 0, droppedByOrg: new Map() };
  const dropLog = throttled(10_000);
  const errorLog = throttled(10_000);

  function take(entries: Entry[]): void {
    for (const e of entries) {
      const left = (queuedByOrg.get(e.row.orgId) ?? 1) - 1;
      if (left > 0) queuedByOrg.set(e.row.orgId, left);
      else queuedByOrg.delete(e.row.orgId);
    }
    stats.queued = queue.length;
  }

  async function writeChunk(chunk: Entry[]): Promise<void> {
    await db.transaction(async (tx) => {
      // A function deleted while these calls ran took its logs with it: write none for it.
      const live = await liveFunctions(
        tx,
        chunk.map((e) => e.row),
      );
      const kept = chunk.filter((e) => live.has(`${e.row.orgId}/${e.row.functionId}`));
      if (kept.length === 0) return;
      await tx.insert(functionInvocations).values(kept.map((e) => e.row));
      const eventsByOrg = new Map<string, EventDraft[]>();
      for (const { row, failed } of kept) {
        if (failed) eventsByOrg.set(row.orgId, [...(eventsByOrg.get(row.orgId) ?? []), { ...failed, requestId: row.requestId, createdAt: row.startedAt }]);
      }
      for (const [orgId, drafts] of eventsByOrg)
        await insertEvents(db, tx, { orgId, requestId: null, idempotencyKey: null, now: drafts[0]!.createdAt! }, drafts);
    });
  }

  /** Chunks being written, with the organizations they hold: a flush of one of them waits for its rows in flight. */
  const inFlight = new Map<Promise<boolean>, Set<string>>();

  /** Writes one chunk; on failure its entries go back to the front of the queue until they have had their tries. */
  async function writeOrRequeue(chunk: Entry[]): Promise<boolean> {
    const writing = writeOrRequeueNow(chunk);
    inFlight.set(writing, new Set(chunk.map((e) => e.row.orgId)));
    try {
      return await writing;
    } finally {
      inFlight.delete(writing);
    }
  }

  async function writeOrRequeueNow(chunk: Entry[]): Promise<boolean> {
    try {
      await writeChunk(chunk);
      stats.written += chunk.length;
      return true;
    } catch (error) {
      const retry = chunk.filter((e) => ++e.attempts < attempts);
      const lost = chunk.length - retry.length;
      stats.lost += lost;
      // The driver's message can carry the whole statement and its parameters: a line of megabytes. The start says enough.
      const err = {
        name: (error as Error)?.name,
        code: (error as { code?: unknown })?.code,
        message: String((error as Error)?.message ?? error).slice(0, 500),
      };
      errorLog((folded) =>
        log.error({ err, rows: chunk.length, lost, totalLost: stats.lost, similarErrorsNotLogged: folded }, "function invocation logs could not be written"),
      );
      for (const e of retry) queuedByOrg.set(e.row.orgId, (queuedByOrg.get(e.row.orgId) ?? 0) + 1);
      queue = [...retry, ...queue];
      stats.queued = queue.length;
      return false;
    }
  }

  async function writeQueue(): Promise<void> {
    while (queue.length > 0) {
      const chunk = queue.slice(0, chunkRows);
      queue = queue.slice(chunk.length);
      take(chunk);
      if (!(await writeOrRequeue(chunk))) {
        timer ??= setTimeout(() => void drain(), intervalMs * 10);
        return;
      }
    }
  }

  /** One writer at a time, chunk after chunk, until the queue is empty or a write fails (then it waits). */
  function drain(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    // Cleared once settled, never before it is set (an empty queue settles at once).
    draining ??= writeQueue().finally(() => {
      draining = undefined;
    });
    return draining;
  }

  /** An organization's entries only, written beside whatever the writer is doing (other organizations' backlog is not waited for). */
  async function flushOrg(orgId: string): Promise<void> {
    // Rows the writer already took from the queue are not there, but not committed either: wait for them too.
    const writing = [...inFlight].filter(([, orgs]) => orgs.has(orgId)).map(([done]) => done);
    await flushQueued(orgId);
    await Promise.all(writing);
  }

  async function flushQueued(orgId: string): Promise<void> {
    const mine = queue.filter((e) => e.row.orgId === orgId);
    if (mine.length === 0) return;
    queue = queue.filter((e) => e.row.orgId !== orgId);
    take(mine);
    for (let i = 0; i < mine.length; i += chunkRows) {
      if (!(await writeOrRequeue(mine.slice(i, i + chunkRows)))) {
        timer ??= setTimeout(() => void drain(), intervalMs * 10);
        return;
      }
    }
  }

  return {
    add(row: InvocationRow, failed?: EventDraft): void {
      const orgQueued = queuedByOrg.get(row.orgId) ?? 0;
      if (queue.length >= maxQueued || orgQueued >= maxQueuedPerOrg) {
        stats.dropped++;
        stats.droppedByOrg.set(row.orgId, (stats.droppedByOrg.get(row.orgId) ?? 0) + 1);
        dropLog((folded) =>
          log.warn(
            {
              orgId: row.orgId,
              orgQueued,
              queued: queue.length,
              dropped: stats.dropped,
              droppedForOrg: stats.droppedByOrg.get(row.orgId),
              sinceLastLine: folded + 1,
            },
            "function invocation log is full: invocations are not logged",
          ),
        );
        return;
      }
      queue.push({ row, failed, attempts: 0 });
      queuedByOrg.set(row.orgId, orgQueued + 1);
      stats.queued = queue.length;
      if (queue.length >= chunkRows) void drain();
      else timer ??= setTimeout(() => void drain(), intervalMs);
    },
    /** Writes what is queued (one organization's, when named); reads of the log call it first, so a caller sees its own invocations. */
    flush(orgId?: string): Promise<void> {
      return orgId === undefined ? drain() : flushOrg(orgId);
    },
    stats(): Readonly<InvocationLogStats> {
      return stats;
    },
  };
}

export type InvocationLog = ReturnType<typeof createInvocationLog>;
