import type { Database } from "../db/connection.ts";

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
        const wave = options
          .handle(claimed)
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
      if (claimed.length > 0) await options.handle(claimed);
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
