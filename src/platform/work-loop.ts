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

/**
 * Work not yet done (pending or retrying, parked rows aside) and how long the
 * oldest due item has waited: what an operator watches to see the queue keep up.
 */
export async function queueDepth(db: Db, table: QueueTable, now: Date): Promise<{ depth: number; oldestDueSeconds: number }> {
  const at = now.toISOString();
  const [row] = await db
    .select({
      depth: sql<number>`count(*)::int`,
      oldest: sql<number>`coalesce(extract(epoch FROM ${at}::timestamptz - min(${table.nextAttemptAt}) FILTER (WHERE ${table.nextAttemptAt} <= ${at}::timestamptz)), 0)::float8`,
    })
    .from(table as PgTable)
    .where(and(sql`${table.status} IN ('pending', 'failed')`, sql`${table.nextAttemptAt} IS NOT NULL`));
  return { depth: Number(row?.depth ?? 0), oldestDueSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}

/**
 * Gives up claims this claimer still holds (shutdown): their lease is cleared
 * and the channel notified, so another process takes them at once instead of
 * when the lease would have run out. An attempt that was already under way
 * runs again there (at-least-once; receivers deduplicate on the event id).
 */
export async function releaseClaims<T extends QueueTable>(db: Db, table: T, rows: T["$inferSelect"][], channel: string): Promise<void> {
  const held = rows.filter((r) => r.claimedUntil instanceof Date) as (T["$inferSelect"] & { claimedUntil: Date })[];
  if (held.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(table as PgTable)
      .set({ claimedUntil: null } as never)
      .where(
        and(
          sql`(${table.orgId}, ${table.id}) IN (SELECT * FROM unnest(${sql.param(held.map((r) => r.orgId))}::text[], ${sql.param(held.map((r) => r.id))}::text[]))`,
          sql`${table.claimedUntil} = ${held[0]!.claimedUntil.toISOString()}::timestamptz`,
        ),
      );
    await tx.execute(sql`SELECT pg_notify(${channel}, '')`);
  });
}

/** Whether `promise` is still pending at `deadline` (epoch ms); waits at most until then. */
async function settlesBy(promise: Promise<unknown>, deadline: number): Promise<boolean> {
  if (deadline === Infinity) {
    await promise;
    return false;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), Math.max(0, deadline - Date.now()))));
  const result = await Promise.race([promise.then(() => false as const), late]);
  clearTimeout(timer);
  return result;
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
  /** Shutdown: gives up the claims of a batch still in flight at the deadline (see releaseClaims). */
  release?: (batch: T[]) => Promise<void>;
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
  /** Batches being handled, by the promise that settles when they are done. */
  const waves = new Map<Promise<void>, T[]>();

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
        waves.set(wave, claimed);
      }
      if (claimed.length >= options.batch || notified || stopped) continue;
      await pause(pollMs);
    }
    await Promise.all(waves.keys());
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
    /**
     * Claims nothing more and waits for the batches in flight; those still
     * running at `deadline` (epoch ms) have their claims released for another
     * process, and stop returns without waiting for them.
     */
    async stop(deadline = Infinity): Promise<void> {
      stopped = true;
      signal?.();
      const late = await settlesBy(running, deadline);
      if (late) {
        const held = [...waves.values()];
        options.log.error({ batches: held.length }, `${options.name}: work still running at the shutdown deadline; releasing its claims`);
        for (const batch of held)
          await options.release?.(batch).catch((error) => options.log.error({ err: error }, `${options.name} could not release its claims`));
      }
      await unlisten?.();
    },
  };
}
