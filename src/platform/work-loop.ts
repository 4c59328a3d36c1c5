import { and, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Db } from "../db/connection.ts";

/** How long a claim holds unless renewed; the loop renews it every third of that while the work runs. */
export const DEFAULT_LEASE_MS = 5_000;

/** A queue table: tenant rows with a status, when the next attempt is due, and who holds them until when. */
type QueueTable = PgTable & { orgId: PgColumn; id: PgColumn; status: PgColumn; nextAttemptAt: PgColumn; claimedUntil: PgColumn };

/**
 * Claims up to `batch` due rows (pending or failed, due, not held) for
 * `leaseMs`, skipping rows another claimer has locked: the claim every
 * at-least-once queue uses. A claimer that dies lets its lease run out;
 * one that lives renews it while the work is in flight (renewClaims).
 */
export async function claimDue<T extends QueueTable>(db: Db, table: T, now: Date, leaseMs: number, batch: number): Promise<T["$inferSelect"][]> {
  const at = now.toISOString();
  const due = db
    .select({ orgId: table.orgId, id: table.id })
    .from(table as PgTable)
    .where(
      and(
        sql`${table.status} IN ('pending', 'failed')`,
        sql`${table.nextAttemptAt} <= ${at}::timestamptz`,
        sql`(${table.claimedUntil} IS NULL OR ${table.claimedUntil} < ${at}::timestamptz)`,
      ),
    )
    .orderBy(table.nextAttemptAt)
    .limit(batch)
    .for("update", { skipLocked: true });
  return (await db
    .update(table as PgTable)
    .set({ claimedUntil: new Date(now.getTime() + leaseMs) } as never)
    .where(sql`(${table.orgId}, ${table.id}) IN ${due}`)
    .returning()) as T["$inferSelect"][];
}

/**
 * Extends the lease of claimed rows this claimer still holds: those whose
 * claimed_until is still the lease it set (a row whose lease ran out and was
 * claimed by another, or that is already recorded, is left alone). Called by
 * the loop's heartbeat while their work is in flight, so leases can be short
 * and the claims of a claimer that died are taken over within seconds.
 */
export async function renewClaims<T extends QueueTable>(db: Db, table: T, rows: T["$inferSelect"][], now: Date, leaseMs: number): Promise<void> {
  const held = rows.filter((r) => r.claimedUntil instanceof Date) as (T["$inferSelect"] & { claimedUntil: Date })[];
  if (held.length === 0) return;
  const until = new Date(now.getTime() + leaseMs);
  // One batch's rows were claimed by one statement and renewed together: they share one lease.
  const lease = held[0]!.claimedUntil;
  await db
    .update(table as PgTable)
    .set({ claimedUntil: until } as never)
    .where(
      and(
        sql`(${table.orgId}, ${table.id}) IN (SELECT * FROM unnest(${sql.param(held.map((r) => r.orgId))}::text[], ${sql.param(held.map((r) => r.id))}::text[]))`,
        sql`${table.claimedUntil} = ${lease.toISOString()}::timestamptz`,
      ),
    );
  for (const row of held) row.claimedUntil = until;
}

export interface WorkLoopOptions<T> {
  database: Database;
  /** NOTIFY channel that says new work was committed (a round starts at once instead of at the next poll). */
  channel: string;
  /** Claims a batch of due work (FOR UPDATE SKIP LOCKED and a lease, so loops in other processes skip it). */
  claim: () => Promise<T[]>;
  /** Does a claimed batch and records its outcomes. */
  handle: (batch: T[]) => Promise<void>;
  /** A claim this full means more is waiting: claim again at once. */
  batch: number;
  /** Poll interval when no notification arrives (retries come due without one). */
  pollMs?: number;
  /** Batches in flight at once: new work is claimed while earlier work is still slow. */
  maxWaves?: number;
  /** Heartbeat: extends the lease of a batch in flight (see renewClaims), every `renewEveryMs`. */
  renew?: (batch: T[]) => Promise<void>;
  renewEveryMs?: number;
  log: { error(obj: object, msg: string): void };
  name: string;
}

/**
 * The loop behind every queue of at-least-once work (webhook deliveries,
 * event-triggered functions): claim, handle in the background, claim again
 * while notified or while batches come back full, else sleep until notified
 * or polled. Claims keep waves apart: claimed work is skipped by the next claim.
 */
export function createWorkLoop<T>(options: WorkLoopOptions<T>) {
  const maxWaves = options.maxWaves ?? 4;
  const pollMs = options.pollMs ?? 1000;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let unlisten: (() => Promise<void>) | undefined;
  /** Set by a notification; a round that starts clears it, so one that arrives during a round is not lost. */
  let notified = false;
  let signal: (() => void) | undefined;
  const notify = () => {
    notified = true;
    signal?.();
  };

  /** Waits for a notification, a wave finishing, or the poll interval. */
  function pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        signal = undefined;
        resolve();
      }
      signal = done;
    });
  }

  let inFlight = 0;
  const waves = new Set<Promise<void>>();

  /** Handles a batch while a heartbeat keeps its claims; renewals never overlap one another. */
  async function handleHeld(batch: T[]): Promise<void> {
    const renew = options.renew;
    if (!renew) return options.handle(batch);
    let renewing: Promise<void> = Promise.resolve();
    const heartbeat = setInterval(() => {
      renewing = renewing.then(() => renew(batch)).catch((error) => options.log.error({ err: error }, `${options.name} could not renew its claims`));
    }, options.renewEveryMs ?? 1000);
    try {
      await options.handle(batch);
    } finally {
      clearInterval(heartbeat);
      await renewing;
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      if (inFlight >= maxWaves) {
        await pause(pollMs);
        continue;
      }
      notified = false;
      let claimed: T[] = [];
      try {
        claimed = await options.claim();
      } catch (error) {
        options.log.error({ err: error }, `${options.name} could not claim work`);
      }
      if (claimed.length > 0) {
        inFlight++;
        const wave = handleHeld(claimed)
          .catch((error) => options.log.error({ err: error }, `${options.name} wave failed`))
          .finally(() => {
            inFlight--;
            waves.delete(wave);
            signal?.();
          });
        waves.add(wave);
      }
      if (claimed.length >= options.batch || notified || stopped) continue;
      await pause(pollMs);
    }
    await Promise.all(waves);
  }

  return {
    /** One round, start to finish (tests, and a caller that drives the loop itself). Returns how many items it handled. */
    async runOnce(): Promise<number> {
      const claimed = await options.claim();
      if (claimed.length > 0) await handleHeld(claimed);
      return claimed.length;
    },
    async start(): Promise<void> {
      unlisten = await options.database.listen(options.channel, notify, notify);
      running = loop();
    },
    async stop(): Promise<void> {
      stopped = true;
      signal?.();
      await running;
      await unlisten?.();
    },
  };
}
