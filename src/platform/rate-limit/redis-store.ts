import { Redis } from "ioredis";
import { withLocalFallback, type OutageLog } from "./fallback-store.ts";
import { gcra, GCRA_EPSILON_MS, type RateLimitStore } from "./gcra.ts";

/**
 * Shared state for several API processes. The read-decide-write of one GCRA
 * step runs as a Lua script, so it is atomic across processes; the decision
 * itself is recomputed in TypeScript from the tat the script returns, so both
 * stores share one implementation of the arithmetic.
 */
const CONSUME = `
local tat = tonumber(redis.call('GET', KEYS[1]) or ARGV[1])
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
if tat < now then tat = now end
local new_tat = tat + interval
if new_tat - window - now > tonumber(ARGV[4]) then
  return string.format('%.4f', tat) .. ':0'
end
-- Four decimals (0.1 microsecond): tostring would keep only 14 significant digits.
redis.call('SET', KEYS[1], string.format('%.4f', new_tat), 'PX', math.ceil(new_tat - now) + 1000)
return string.format('%.4f', tat) .. ':1'
`;

export interface RedisStoreOptions {
  /** Logs the outage and the recovery, once each. */
  log?: OutageLog;
  /** A Redis call slower than this counts as Redis being down (default 150 ms). */
  commandTimeoutMs?: number;
  /** How often a down Redis is probed in the background (default 1 s). */
  probeMs?: number;
}

/** The Redis store, behind a circuit breaker that falls back to a per-process limit (see fallback-store.ts). */
type ConsumeScript = (key: string, now: number, interval: number, window: number, epsilon: number) => Promise<string>;

function connect(url: string, timeoutMs: number): { redis: Redis; consume: ConsumeScript } {
  const redis = new Redis(url, {
    // Commands wait for a connection being made, but never longer than the breaker's timeout.
    maxRetriesPerRequest: 0,
    // A call the breaker gave up on was answered locally; sent again after a reconnect it would spend twice.
    autoResendUnfulfilledCommands: false,
    enableReadyCheck: false,
    commandTimeout: timeoutMs,
    connectTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Without a listener ioredis prints every failed reconnect; the breaker logs the outage once instead.
  redis.on("error", () => {});
  redis.defineCommand("gcraConsume", { numberOfKeys: 1, lua: CONSUME });
  const consume = (redis as unknown as { gcraConsume: ConsumeScript }).gcraConsume.bind(redis);
  return { redis, consume };
}

/** The Redis store, behind a circuit breaker that falls back to a per-process limit (see fallback-store.ts). */
export function redisRateLimitStore(url: string, prefix = "enginery:rl:", options: RedisStoreOptions = {}): RateLimitStore {
  const timeoutMs = options.commandTimeoutMs ?? 150;
  let client = connect(url, timeoutMs);
  const drop = (old: Redis) => {
    // disconnect() ends the socket politely, which a hung peer never completes: destroy it too.
    old.disconnect();
    old.stream?.destroy();
  };

  const shared: RateLimitStore = {
    async consume(key, limit, windowMs, nowMs) {
      const reply = await client.consume(prefix + key, nowMs, windowMs / limit, windowMs, GCRA_EPSILON_MS);
      const [tat] = reply.split(":");
      // Replaying the step on the tat the script saw gives exactly the script's decision.
      return gcra(Number(tat), limit, windowMs, nowMs, 1).decision;
    },
    async peek(key, limit, windowMs, nowMs) {
      const stored = await client.redis.get(prefix + key);
      return gcra(stored === null ? null : Number(stored), limit, windowMs, nowMs, 0).decision;
    },
    async close() {
      // quit() waits for an answer a dead Redis never gives.
      drop(client.redis);
    },
  };
  return withLocalFallback(shared, {
    probe: () => client.redis.ping(),
    // Replies are matched to commands in order: after a timeout, a late reply could answer the wrong
    // command, so a connection that timed out is replaced, never reused.
    reset: () => {
      const old = client.redis;
      client = connect(url, timeoutMs);
      drop(old);
    },
    timeoutMs,
    probeMs: options.probeMs ?? 1_000,
    log: options.log,
  });
}
