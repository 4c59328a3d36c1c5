/**
 * Rate limiting by GCRA (the generic cell rate algorithm), a token bucket kept
 * as one number per key: the "theoretical arrival time" (tat) at which the
 * bucket would be full again. A key may spend `limit` requests at once and
 * then gets one more every window/limit ms, so no window boundary ever lets
 * twice the limit through. Memory and Redis stores run this same arithmetic.
 */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds to wait before the next request can pass (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimitStore {
  /** Spends one request for `key`, given `limit` per `windowMs`. */
  consume(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitDecision>;
  /** The state without spending (for GET /v1/me). */
  peek(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitDecision>;
  close(): Promise<void>;
}

/**
 * Slack for floating point: with an interval that is not exact (1000/7 ms) the
 * sum of `limit` intervals can land a hair past the window and refuse the last
 * request of a full burst. A microsecond is far below any real interval.
 */
export const GCRA_EPSILON_MS = 0.001;

/** One GCRA step; returns the decision and the tat to store (unchanged when refused). */
export function gcra(storedTat: number | null, limit: number, windowMs: number, nowMs: number, cost: 0 | 1): { decision: RateLimitDecision; tat: number } {
  const interval = windowMs / limit;
  const tat = Math.max(storedTat ?? nowMs, nowMs);
  const newTat = tat + interval * cost;
  const allowAt = newTat - windowMs;
  if (allowAt - nowMs > GCRA_EPSILON_MS) {
    return {
      tat,
      decision: {
        allowed: false,
        limit,
        remaining: 0,
        resetSeconds: Math.ceil((tat - nowMs) / 1000),
        retryAfterSeconds: Math.max(1, Math.ceil((allowAt - nowMs) / 1000)),
      },
    };
  }
  return {
    tat: newTat,
    decision: {
      allowed: true,
      limit,
      remaining: Math.max(0, Math.floor((windowMs - (newTat - nowMs) + GCRA_EPSILON_MS) / interval)),
      resetSeconds: Math.ceil((newTat - nowMs) / 1000),
      retryAfterSeconds: 0,
    },
  };
}
