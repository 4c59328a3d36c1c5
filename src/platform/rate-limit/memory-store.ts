import { gcra, type RateLimitStore } from "./gcra.ts";

/** The embedded default: one process, state in a Map. */
export function memoryRateLimitStore(): RateLimitStore {
  const tats = new Map<string, number>();
  let lastSweep = 0;

  // A key whose tat is in the past has a full bucket: the same as no entry.
  function sweep(nowMs: number) {
    if (nowMs - lastSweep < 60_000) return;
    lastSweep = nowMs;
    for (const [key, tat] of tats) if (tat <= nowMs) tats.delete(key);
  }

  return {
    async consume(key, limit, windowMs, nowMs) {
      sweep(nowMs);
      const { decision, tat } = gcra(tats.get(key) ?? null, limit, windowMs, nowMs, 1);
      tats.set(key, tat);
      return decision;
    },
    async peek(key, limit, windowMs, nowMs) {
      return gcra(tats.get(key) ?? null, limit, windowMs, nowMs, 0).decision;
    },
    async close() {},
  };
}
