import type { RateLimitStore } from "./gcra.ts";
import { memoryRateLimitStore } from "./memory-store.ts";

export interface OutageLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface FallbackOptions {
  /** Checks the shared store answers (a PING), rejecting or timing out when it does not. */
  probe: () => Promise<unknown>;
  /** Drops the connection and opens a fresh one (after a timeout a connection's replies cannot be trusted). */
  reset: () => void;
  /** Every call on the shared store gives up after this long. */
  timeoutMs: number;
  /** How often the background probe tries the shared store while it is down. */
  probeMs: number;
  log?: OutageLog;
}

/**
 * A shared limiter (Redis) that fails fast and falls back to a local one, as a
 * circuit breaker: the first failed or slow call opens the circuit, and until
 * a background probe finds the shared store answering again every request is
 * limited by this process alone (same plans, same headers), without waiting
 * on the shared store. Fail open to a local limit: with N processes a key may
 * get up to N times its limit during an outage, never unlimited and never
 * stalled. The outage and the recovery are logged once each.
 */
export function withLocalFallback(shared: RateLimitStore, options: FallbackOptions): RateLimitStore {
  const local = memoryRateLimitStore();
  let down = false;
  let probing: NodeJS.Timeout | undefined;

  function timed<T>(call: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the shared rate-limit store did not answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    });
    return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
  }

  function trip(error: unknown): void {
    if (down) return;
    down = true;
    options.log?.error({ err: error }, "rate limiter: Redis unavailable; limiting each process locally until it answers again");
    options.reset();
    probing = setInterval(() => {
      timed(options.probe()).then(
        () => {
          if (!down) return;
          down = false;
          clearInterval(probing);
          options.log?.info({}, "rate limiter: Redis answers again; limits are shared again");
        },
        () => options.reset(),
      );
    }, options.probeMs);
    probing.unref();
  }

  async function guarded<T>(sharedCall: () => Promise<T>, localCall: () => Promise<T>): Promise<T> {
    if (down) return localCall();
    try {
      return await timed(sharedCall());
    } catch (error) {
      trip(error);
      return localCall();
    }
  }

  return {
    consume: (key, limit, windowMs, nowMs) =>
      guarded(
        () => shared.consume(key, limit, windowMs, nowMs),
        () => local.consume(key, limit, windowMs, nowMs),
      ),
    peek: (key, limit, windowMs, nowMs) =>
      guarded(
        () => shared.peek(key, limit, windowMs, nowMs),
        () => local.peek(key, limit, windowMs, nowMs),
      ),
    async close() {
      clearInterval(probing);
      await Promise.all([shared.close(), local.close()]);
    },
  };
}
