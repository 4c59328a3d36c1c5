import type { FastifyInstance, FastifyReply } from "fastify";
import type { Plan } from "../orgs/orgs-table.ts";
import { ApiError } from "../errors.ts";
import type { RateLimitDecision, RateLimitStore } from "./gcra.ts";

export const PLAN_LIMITS: Record<Plan, number> = { free: 100, growth: 1_000, enterprise: 10_000 };
export const WINDOW_MS = 60_000;

export function setRateLimitHeaders(reply: FastifyReply, d: RateLimitDecision): void {
  reply.header("x-ratelimit-limit", d.limit);
  reply.header("x-ratelimit-remaining", d.remaining);
  reply.header("x-ratelimit-reset", d.resetSeconds);
}

/**
 * Per-key limits by plan. A store failure (Redis down) lets the request
 * through and logs it: an outage of the limiter must not become an outage of
 * the API.
 */
export function registerRateLimit(app: FastifyInstance, store: RateLimitStore, onRefused: (plan: Plan) => void = () => {}): void {
  app.addHook("onRequest", async (request, reply) => {
    const caller = request.caller;
    if (!caller) return;
    const limit = PLAN_LIMITS[caller.org.plan];
    let decision: RateLimitDecision;
    try {
      decision = await store.consume(caller.key.id, limit, WINDOW_MS, request.now.getTime());
    } catch (error) {
      request.log.error({ err: error }, "rate limiter unavailable; request allowed");
      return;
    }
    request.rateLimit = decision;
    setRateLimitHeaders(reply, decision);
    if (!decision.allowed) {
      onRefused(caller.org.plan);
      throw new ApiError(
        "rate_limited",
        `This key may make ${limit} requests a minute on the ${caller.org.plan} plan. Retry in ${decision.retryAfterSeconds} s.`,
        { headers: { "retry-after": String(decision.retryAfterSeconds) } },
      );
    }
  });
}
