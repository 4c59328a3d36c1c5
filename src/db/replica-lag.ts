import type postgres from "postgres";

const LAG_SAMPLE_MS = 250;
/** Samples the replica has not replayed yet: beyond this it is far behind anyway, and the oldest go. */
const MAX_SAMPLES = 10_000;

/**
 * Samples a replica's lag: every LAG_SAMPLE_MS the primary's WAL position is
 * noted with the time, and the replica's replayed position tells the newest
 * noted moment it has caught up with. This measures lag in time even while
 * the primary is idle (no new WAL: caught up), unlike
 * pg_last_xact_replay_timestamp(), which ages without writes.
 */
export function sampleLag(primary: postgres.Sql, replica: postgres.Sql): { seconds(): number; stop(): Promise<void> } {
  const samples: { at: number; lsn: string }[] = [];
  let caughtUpTo = -Infinity;
  let stopped = false;
  let sampling: Promise<void> = Promise.resolve();

  async function sample(): Promise<void> {
    try {
      const at = Date.now();
      const [current] = await primary<{ lsn: string }[]>`SELECT pg_current_wal_lsn()::text AS lsn`;
      samples.push({ at, lsn: current!.lsn });
      const [standby] = await replica<{ replayed: string | null }[]>`SELECT pg_last_wal_replay_lsn()::text AS replayed`;
      const replayed = standby?.replayed ?? null;
      if (replayed === null) throw new Error("DATABASE_READ_URL is not a standby (pg_last_wal_replay_lsn() is null)");
      caughtUpTo = Math.max(caughtUpTo, replayedSince(samples, lsnValue(replayed)));
    } catch {
      // Unmeasurable: treat as far behind, so reads go to the primary until it answers again.
      caughtUpTo = -Infinity;
    }
    if (samples.length > MAX_SAMPLES) samples.splice(0, samples.length - MAX_SAMPLES);
  }

  const timer = setInterval(() => {
    sampling = sampling.then(() => (stopped ? undefined : sample()));
  }, LAG_SAMPLE_MS);
  timer.unref();
  sampling = sample();

  return {
    seconds: () => Math.max(0, (Date.now() - caughtUpTo) / 1000),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await sampling;
    },
  };
}

/**
 * The time of the newest sample the replica has replayed past (-Infinity if
 * none), dropping the samples before it: older ones can no longer tell anything.
 */
function replayedSince(samples: { at: number; lsn: string }[], replayed: bigint): number {
  for (let i = samples.length - 1; i >= 0; i--) {
    if (lsnValue(samples[i]!.lsn) <= replayed) {
      const at = samples[i]!.at;
      samples.splice(0, i);
      return at;
    }
  }
  return -Infinity;
}

/** A pg_lsn ("16/B374D848") as a number that orders like it. */
function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}
