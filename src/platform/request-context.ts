import type { FastifyRequest } from "fastify";
import type { RequestOrigin } from "./auth/auth-hook.ts";
import type { Caller } from "./auth/caller.ts";
import type { Permission } from "./auth/permissions.ts";
import { ApiError } from "./errors.ts";
import type { WriteContext } from "./events/outbox.ts";
import type { RateLimitDecision } from "./rate-limit/gcra.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** PUBLIC_URL, when set: see publicOrigin. */
    publicUrl: string | null;
  }
  interface FastifyContextConfig {
    /** The permission a caller needs for this route (several: every one of them). */
    permission?: Permission | readonly Permission[];
    /** No authentication (health checks, docs). */
    public?: boolean;
    /**
     * Why an agent's call of this operation waits for a person's approval (it
     * destroys data or moves money): the reason shown to the person. The API
     * itself runs it at once; see src/engines/agent/registry.ts.
     */
    approval?: string;
  }
  interface FastifyRequest {
    caller?: Caller;
    rateLimit?: RateLimitDecision;
    idempotencyKey?: string;
    /** Set on a request the platform made on a caller's behalf (ContextGrants): the request it serves. */
    origin?: RequestOrigin;
    now: Date;
  }
}

/**
 * The origin clients reach this server at: PUBLIC_URL when set (behind a
 * TLS-terminating proxy the request itself says http), else the request's own.
 */
export function publicOrigin(request: FastifyRequest): string {
  return request.server.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The authenticated caller; routes behind the auth hook always have one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new ApiError("missing_api_key", "This route needs an API key.");
  return request.caller;
}

export function writeContext(request: FastifyRequest): WriteContext {
  const origin = request.origin;
  if (origin) {
    const ctx: WriteContext = {
      orgId: callerOf(request).org.id,
      requestId: origin.requestId,
      idempotencyKey: origin.idempotencyKey,
      now: request.now,
      idempotencyClaim: origin.idempotencyClaim,
    };
    if (origin.conversationId) ctx.conversationId = origin.conversationId;
    return ctx;
  }
  return {
    orgId: callerOf(request).org.id,
    requestId: request.id,
    idempotencyKey: request.idempotencyKey ?? null,
    now: request.now,
    idempotencyClaim: request.idempotencyRecord ? { key: request.idempotencyRecord.key, claimedAt: request.idempotencyRecord.claimedAt } : null,
  };
}
