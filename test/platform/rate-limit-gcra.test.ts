import { describe, expect, it } from "vitest";
import { gcra, type RateLimitDecision } from "../../src/platform/rate-limit/gcra.ts";
import { memoryRateLimitStore } from "../../src/platform/rate-limit/memory-store.ts";

const WINDOW = 60_000;
const T0 = Date.parse("2030-01-01T00:00:00Z");

/** Runs requests through gcra at the given times; returns the decisions. */
function run(limit: number, windowMs: number, times: number[]): RateLimitDecision[] {
  let tat: number | null = null;
  return times.map((now) => {
    const step = gcra(tat, limit, windowMs, now, 1);
    tat = step.tat;
    return step.decision;
  });
}

describe("gcra", () => {
  it("starts with a full allowance", () => {
    const { decision, tat } = gcra(null, 100, WINDOW, T0, 1);
    expect(decision).toEqual({ allowed: true, limit: 100, remaining: 99, resetSeconds: 1, retryAfterSeconds: 0 });
    expect(tat).toBe(T0 + 600);
  });

  it("peeking (cost 0) spends nothing", () => {
    const fresh = gcra(null, 100, WINDOW, T0, 0);
    expect(fresh.decision).toEqual({ allowed: true, limit: 100, remaining: 100, resetSeconds: 0, retryAfterSeconds: 0 });
    expect(fresh.tat).toBe(T0);
    const spent = gcra(T0 + 6_000, 100, WINDOW, T0, 0);
    expect(spent.decision.remaining).toBe(90);
    expect(spent.tat).toBe(T0 + 6_000);
  });

  it("lets `limit` requests through at once, then refuses", () => {
    const decisions = run(100, WINDOW, Array(101).fill(T0));
    expect(decisions.slice(0, 100).every((d) => d.allowed)).toBe(true);
    expect(decisions.map((d) => d.remaining).slice(0, 100)).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
    expect(decisions[99]!.resetSeconds).toBe(60);
    expect(decisions[100]).toEqual({ allowed: false, limit: 100, remaining: 0, resetSeconds: 60, retryAfterSeconds: 1 });
  });

  it("a refused request does not move the state", () => {
    let tat: number | null = null;
    for (let i = 0; i < 100; i++) tat = gcra(tat, 100, WINDOW, T0, 1).tat;
    const refused = gcra(tat, 100, WINDOW, T0 + 100, 1);
    expect(refused.decision.allowed).toBe(false);
    expect(refused.tat).toBe(tat);
    // 500 ms after the 100th request: still refused, and it says to wait the remaining 100 ms (rounded up to 1 s).
    expect(gcra(tat, 100, WINDOW, T0 + 500, 1).decision).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    // One interval (600 ms) later: exactly one more.
    const next = gcra(tat, 100, WINDOW, T0 + 600, 1);
    expect(next.decision).toMatchObject({ allowed: true, remaining: 0 });
    expect(gcra(next.tat, 100, WINDOW, T0 + 600, 1).decision.allowed).toBe(false);
  });

  it("refills at limit/window, with no boundary where twice the limit gets through", () => {
    // Exhaust at T0, then hammer every 10 ms for two minutes: only the refill passes.
    const times = [...Array(100).fill(T0)];
    for (let t = T0 + 10; t <= T0 + 120_000; t += 10) times.push(t);
    const decisions = run(100, WINDOW, times);
    const allowedAt = times.filter((_, i) => decisions[i]!.allowed);
    expect(allowedAt.length).toBe(100 + 200); // the burst, then one per 600 ms for 120 s
    // In any span of length d, at most limit + d/interval requests pass (a fixed window would allow 2x in 2 ms).
    for (let i = 0; i < allowedAt.length; i++) {
      for (let j = i; j < allowedAt.length; j += 7) {
        const span = allowedAt[j]! - allowedAt[i]!;
        expect(j - i + 1).toBeLessThanOrEqual(100 + Math.floor(span / 600) + 1);
      }
    }
    // Around what would be a fixed window's boundary (T0 + 60 s), a 100 ms span lets at most one through.
    const nearBoundary = allowedAt.filter((t) => t >= T0 + 59_950 && t < T0 + 60_050);
    expect(nearBoundary.length).toBeLessThanOrEqual(1);
  });

  it("a steady rate at the limit is never refused", () => {
    const times = Array.from({ length: 1_000 }, (_, i) => T0 + i * 600);
    expect(run(100, WINDOW, times).every((d) => d.allowed)).toBe(true);
  });

  it("a steady rate above the limit settles at the limit", () => {
    // 2 requests a second against 1 a second: after the burst of 60, half pass.
    const times = Array.from({ length: 600 }, (_, i) => T0 + i * 500);
    const allowed = run(60, WINDOW, times).filter((d) => d.allowed).length;
    // 60 at once + 300 s worth at 1 per second, minus what the first 60 s of the burst overlapped.
    expect(allowed).toBeGreaterThanOrEqual(60 + 299 - 1);
    expect(allowed).toBeLessThanOrEqual(60 + 300 + 1);
  });

  it("the allowance comes back in full after a quiet window", () => {
    let tat: number | null = null;
    for (let i = 0; i < 100; i++) tat = gcra(tat, 100, WINDOW, T0, 1).tat;
    const later = gcra(tat, 100, WINDOW, T0 + WINDOW, 1);
    expect(later.decision).toMatchObject({ allowed: true, remaining: 99 });
    // Long after, a stale state is the same as none.
    expect(gcra(tat, 100, WINDOW, T0 + 10 * WINDOW, 1)).toEqual(gcra(null, 100, WINDOW, T0 + 10 * WINDOW, 1));
  });

  it("counts right for the plans' limits (whole-ms intervals) and for a 333.33 ms interval", () => {
    for (const limit of [100, 1_000, 10_000]) {
      const decisions = run(limit, WINDOW, Array(limit + 1).fill(T0));
      expect(
        decisions.filter((d) => d.allowed),
        `limit ${limit}`,
      ).toHaveLength(limit);
      expect(decisions[limit - 1]!.remaining).toBe(0);
      expect(decisions[0]!.remaining).toBe(limit - 1);
    }
    const thirds = run(3, 1_000, Array(4).fill(T0));
    expect(thirds.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(thirds.map((d) => d.allowed)).toEqual([true, true, true, false]);
    const big = run(10_000, WINDOW, Array(10_001).fill(T0));
    expect(big.filter((d) => d.allowed)).toHaveLength(10_000);
    expect(big[9_999]!.remaining).toBe(0);
  });

  // With an interval that is not exact in floating point (1000/7 ms) on real timestamps (~1.9e12 ms), the
  // accumulated tat rounds a hair above the window; without slack the burst would lose one request.
  it("lets exactly `limit` through when window/limit is not exact in floating point (7 per second)", () => {
    const decisions = run(7, 1_000, Array(8).fill(T0));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([6, 5, 4, 3, 2, 1, 0, 0]);
  });

  it("headers stay sane: integers, remaining in [0, limit], Retry-After at least 1 when refused", () => {
    let tat: number | null = null;
    let now = T0;
    for (let i = 0; i < 2_000; i++) {
      now += Math.floor(((i * 7919) % 1_300) / 3);
      const step = gcra(tat, 100, WINDOW, now, 1);
      tat = step.tat;
      const d = step.decision;
      for (const n of [d.remaining, d.resetSeconds, d.retryAfterSeconds]) expect(Number.isInteger(n)).toBe(true);
      expect(d.remaining).toBeGreaterThanOrEqual(0);
      expect(d.remaining).toBeLessThanOrEqual(100);
      expect(d.resetSeconds).toBeLessThanOrEqual(60);
      if (d.allowed) expect(d.retryAfterSeconds).toBe(0);
      else expect(d.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("memory store", () => {
  it("keeps one budget per key", async () => {
    const store = memoryRateLimitStore();
    for (let i = 0; i < 3; i++) expect((await store.consume("a", 3, WINDOW, T0)).allowed).toBe(true);
    expect((await store.consume("a", 3, WINDOW, T0)).allowed).toBe(false);
    expect(await store.consume("b", 3, WINDOW, T0)).toMatchObject({ allowed: true, remaining: 2 });
    await store.close();
  });

  it("peek shows the state without spending", async () => {
    const store = memoryRateLimitStore();
    expect(await store.peek("k", 10, WINDOW, T0)).toMatchObject({ allowed: true, remaining: 10 });
    await store.consume("k", 10, WINDOW, T0);
    for (let i = 0; i < 5; i++) expect(await store.peek("k", 10, WINDOW, T0)).toMatchObject({ remaining: 9 });
    expect(await store.consume("k", 10, WINDOW, T0)).toMatchObject({ remaining: 8 });
  });

  it("forgets full buckets without losing a partly spent one", async () => {
    const store = memoryRateLimitStore();
    await store.consume("idle", 10, WINDOW, T0);
    for (let i = 0; i < 10; i++) await store.consume("busy", 10, 10 * WINDOW, T0);
    // Two minutes later a sweep runs: "idle" is full again, "busy" (a 10-minute window) is not.
    expect(await store.consume("other", 10, WINDOW, T0 + 2 * WINDOW)).toMatchObject({ allowed: true });
    expect(await store.peek("idle", 10, WINDOW, T0 + 2 * WINDOW)).toMatchObject({ remaining: 10 });
    expect((await store.peek("busy", 10, 10 * WINDOW, T0 + 2 * WINDOW)).remaining).toBe(2);
  });
});
