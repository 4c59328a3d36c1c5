import type { Db } from "../db/connection.ts";
import { insertEvents, type EventDraft } from "../platform/events/outbox.ts";
import { liveFunctions } from "./functions-service.ts";
import { functionInvocations, type InvocationRow } from "./functions-table.ts";

interface Entry {
  row: InvocationRow;
  /** function.invocation_failed, written with the row. */
  failed?: EventDraft;
}

/**
 * HTTP invocations' log rows, written in batches: one transaction every few
 * milliseconds instead of one per call, which is what lets warm invocations
 * answer at the speed of the sandbox. A batch that fails to write is kept and
 * tried again (up to a bound); what a crash can lose is the last few
 * milliseconds of logs, never an event-triggered run (those are recorded with
 * their run, see trigger-dispatcher.ts).
 */
export function createInvocationLog(db: Db, log: { error(obj: object, msg: string): void }, intervalMs = 20, maxQueued = 50_000) {
  let queue: Entry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function writeBatch(batch: Entry[]): Promise<void> {
    await db.transaction(async (tx) => {
      // A function deleted while these calls ran took its logs with it: write none for it.
      const live = await liveFunctions(tx, batch.map((e) => e.row));
      const kept = batch.filter((e) => live.has(`${e.row.orgId}/${e.row.functionId}`));
      if (kept.length === 0) return;
      await tx.insert(functionInvocations).values(kept.map((e) => e.row));
      for (const { row, failed } of kept) {
        if (failed) await insertEvents(tx, { orgId: row.orgId, requestId: row.requestId, idempotencyKey: null, now: row.startedAt }, [failed]);
      }
    });
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    flushing = flushing.then(async () => {
      const batch = queue;
      queue = [];
      if (batch.length === 0) return;
      try {
        await writeBatch(batch);
      } catch (error) {
        log.error({ err: error, rows: batch.length }, "function invocation logs could not be written; will retry");
        queue = [...batch, ...queue].slice(-maxQueued);
        timer ??= setTimeout(() => void flush(), intervalMs * 10);
      }
    });
    return flushing;
  }

  return {
    add(row: InvocationRow, failed?: EventDraft): void {
      queue.push({ row, failed });
      if (queue.length >= 500) void flush();
      else timer ??= setTimeout(() => void flush(), intervalMs);
    },
    /** Writes what is queued; reads of the log call it first, so a caller sees its own invocations. */
    flush,
  };
}

export type InvocationLog = ReturnType<typeof createInvocationLog>;
