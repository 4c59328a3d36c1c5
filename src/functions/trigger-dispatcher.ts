import { sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { eventsByRef, type EventApi } from "../platform/events/events-service.ts";
import { insertEvents } from "../platform/events/outbox.ts";
import { claimDue, createWorkLoop, DEFAULT_LEASE_MS, releaseClaims, renewClaims } from "../platform/work-loop.ts";
import { nextDelaySeconds } from "../webhooks/dispatcher.ts";
import { DEFAULT_SCHEDULE } from "../webhooks/endpoints-schemas.ts";
import { FUNCTION_RUNS_CHANNEL } from "./runs-fanout.ts";
import { invocationToApi, liveFunctions } from "./functions-service.ts";
import { functionInvocations, functionRuns, type InvocationRow, type RunRow } from "./functions-table.ts";
import type { Invoker } from "./invoker.ts";

export interface TriggerDispatcherOptions {
  database: Database;
  invoker: Invoker;
  clock?: () => Date;
  log: { error(obj: object, msg: string): void };
  /** Longer than the longest invocation a plan allows (60 s), so a claim never expires under a running function. */
  leaseMs?: number;
  batch?: number;
  pollMs?: number;
}

interface Attempt {
  run: RunRow;
  row?: InvocationRow;
  name?: string;
  /** Why there is nothing to run (the event or the function is gone). */
  gone?: string;
}

/**
 * Runs event-triggered functions: each committed event with a matching
 * trigger left a run (see runs-fanout.ts); this claims due runs, calls event(event,
 * ctx) in the sandbox, and records each attempt with the run's new state in
 * one transaction. A failed attempt is retried on the webhook schedule
 * (5 s, 5 min, 30 min, ... 24 h); a dispatcher that dies lets its lease
 * expire and another runs the event again (at least once).
 */
export function createTriggerDispatcher(options: TriggerDispatcherOptions) {
  const db = options.database.db;
  const clock = options.clock ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batch = options.batch ?? 64;

  async function attempt(run: RunRow, event: EventApi | undefined): Promise<Attempt> {
    if (!event) return { run, gone: "the event no longer exists" };
    const result = await options.invoker.invokeForEvent(run.orgId, run.functionId, event, run.id);
    return result ? { run, ...result } : { run, gone: "the function no longer exists" };
  }

  async function record(attempts: Attempt[]): Promise<void> {
    const now = clock();
    await db.transaction(async (tx) => {
      // A function deleted while its code ran took its runs and logs with it: record nothing for it.
      const live = await liveFunctions(
        tx,
        attempts.map((a) => a.run),
      );
      const kept = attempts.filter((a) => live.has(`${a.run.orgId}/${a.run.functionId}`));
      const rows = kept.flatMap((a) => (a.row ? [a.row] : []));
      if (rows.length > 0) await tx.insert(functionInvocations).values(rows);
      for (const { run, row, name, gone } of kept) {
        const tries = run.attemptCount + 1;
        const ok = row?.status === "ok";
        const delay = ok || gone ? null : nextDelaySeconds(DEFAULT_SCHEDULE, tries, null);
        const status = ok ? "succeeded" : delay === null ? "exhausted" : "failed";
        await tx
          .update(functionRuns)
          .set({
            status,
            attemptCount: tries,
            nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay * 1000),
            claimedUntil: null,
            updatedAt: now,
          })
          .where(sql`${functionRuns.orgId} = ${run.orgId} AND ${functionRuns.id} = ${run.id}`);
        if (row && !ok) {
          await insertEvents(db, tx, { orgId: run.orgId, requestId: null, idempotencyKey: null, now }, [
            { type: "function.invocation_failed", object: invocationToApi(row, name!) },
          ]);
        }
      }
    });
  }

  async function handle(claimed: RunRow[]): Promise<void> {
    const eventMap = await eventsByRef(db, claimed);
    const attempts = await Promise.all(
      claimed.map((run) =>
        attempt(run, eventMap.get(`${run.orgId}/${run.eventId}`)).catch((error) => {
          // Left claimed: the lease runs out and the run is tried again.
          options.log.error({ err: error, run: run.id }, "function run failed to start");
          return undefined;
        }),
      ),
    );
    await record(attempts.filter((a): a is Attempt => a !== undefined));
  }

  const claim = () => claimDue(db, functionRuns, clock(), leaseMs, batch);
  const renew = (rows: RunRow[]) => renewClaims(db, functionRuns, rows, clock(), leaseMs);
  const release = (rows: RunRow[]) => releaseClaims(db, functionRuns, rows, FUNCTION_RUNS_CHANNEL);
  return createWorkLoop({
    database: options.database,
    channel: FUNCTION_RUNS_CHANNEL,
    claim,
    handle,
    renew,
    release,
    renewEveryMs: leaseMs / 3,
    batch,
    pollMs: options.pollMs,
    log: options.log,
    name: "function trigger dispatcher",
  });
}

export type TriggerDispatcher = ReturnType<typeof createTriggerDispatcher>;
