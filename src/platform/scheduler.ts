import type { FastifyBaseLogger } from "fastify";

export interface Job {
  name: string;
  run(now: Date): Promise<unknown>;
}

export interface Scheduler {
  /** Runs every job once, now (tests call this with a moved clock). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the jobs every intervalMs, one tick at a time (a slow tick delays the
 * next, never overlaps it). Jobs must be safe to run in several processes at
 * once (they claim work with FOR UPDATE SKIP LOCKED), so a server and a
 * separate `enginery worker` can both run it.
 */
export function createScheduler(options: {
  jobs: Job[];
  intervalMs: number;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, "info" | "error">;
}): Scheduler & { start(): void } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  async function runAll() {
    for (const job of options.jobs) {
      const started = Date.now();
      try {
        const result = await job.run(options.clock());
        if (typeof result === "number" && result > 0) {
          options.log.info({ job: job.name, count: result, ms: Date.now() - started }, "scheduler job done");
        }
      } catch (error) {
        options.log.error({ err: error, job: job.name }, "scheduler job failed");
      }
    }
  }

  function tick() {
    running = running.then(runAll);
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void tick().then(schedule), options.intervalMs);
    timer.unref();
  }

  return {
    tick,
    start() {
      void tick().then(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
