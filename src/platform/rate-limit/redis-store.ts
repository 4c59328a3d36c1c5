import { Redis } from "ioredis";
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

export function redisRateLimitStore(url: string, prefix = "enginery:rl:"): RateLimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // Without a listener ioredis prints every failed reconnect to stderr; an outage
  // is reported per request instead, by the rate-limit hook's log.
  redis.on("error", () => {});
  redis.defineCommand("gcraConsume", { numberOfKeys: 1, lua: CONSUME });
  const consume = (
    redis as unknown as { gcraConsume(key: string, now: number, interval: number, window: number, epsilon: number): Promise<string> }
  ).gcraConsume.bind(redis);

  return {
    async consume(key, limit, windowMs, nowMs) {
      const reply = await consume(prefix + key, nowMs, windowMs / limit, windowMs, GCRA_EPSILON_MS);
      const [tat] = reply.split(":");
      // Replaying the step on the tat the script saw gives exactly the script's decision.
      return gcra(Number(tat), limit, windowMs, nowMs, 1).decision;
    },
    async peek(key, limit, windowMs, nowMs) {
      const stored = await redis.get(prefix + key);
      return gcra(stored === null ? null : Number(stored), limit, windowMs, nowMs, 0).decision;
    },
    async close() {
      await redis.quit();
    },
  };
}
