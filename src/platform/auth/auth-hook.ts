import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/connection.ts";
import { ApiError } from "../errors.ts";
import { authenticate } from "./api-keys-service.ts";
import { randomBytes } from "node:crypto";
import type { Caller } from "./caller.ts";
import { publicOrigin } from "../request-context.ts";
import type { KeyCache } from "./key-cache.ts";
import type { Permission } from "./permissions.ts";
import type { IdempotencyClaim } from "../idempotency/idempotency-claim.ts";

/** The header that carries a ContextGrants pass. */
export const CONTEXT_HEADER = "x-enginery-context";

/**
 * Where a request made on a caller's behalf comes from (an agent's tool call
 * serving a chat): its writes record that request's id and Idempotency-Key,
 * confirm its idempotency claim, and name the conversation that asked, as if
 * the outer request had made them itself (see writeContext).
 */
export interface RequestOrigin {
  requestId: string | null;
  idempotencyKey: string | null;
  idempotencyClaim: IdempotencyClaim | null;
  conversationId?: string;
}

export interface Pass {
  caller: Caller;
  origin?: RequestOrigin;
}

/**
 * One-time passes for requests the platform makes itself, on a key's behalf,
 * through app.inject (an edge function's ctx reads, the agent's tool calls):
 * the request is then authenticated, limited and permission-checked as that
 * key's, with no secret handed around. A pass is random, used once, and never
 * leaves the process.
 */
export class ContextGrants {
  private readonly passes = new Map<string, Pass>();

  grant(caller: Caller, origin?: RequestOrigin): string {
    const pass = randomBytes(24).toString("base64url");
    this.passes.set(pass, { caller, origin });
    return pass;
  }

  take(pass: string): Pass | undefined {
    const granted = this.passes.get(pass);
    this.passes.delete(pass);
    return granted;
  }
}

/**
 * Another way in besides API keys (the dashboard's session cookie): returns
 * the caller, throws when its credential is present but bad, and returns
 * undefined when the request carries none.
 */
export type CallerSource = (request: FastifyRequest, reply: FastifyReply) => Promise<Caller | undefined>;

/**
 * Another kind of bearer token besides API keys (OAuth access tokens): returns
 * the caller for a token of its own shape, throws when such a token is bad,
 * and returns undefined for a token that is not its kind.
 */
export type BearerSource = (token: string, request: FastifyRequest) => Promise<Caller | undefined>;

/** RFC 9728: where a client that got a 401 finds which authorization server issues tokens for this API. */
export const PROTECTED_RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";

function challenge(request: FastifyRequest, error?: string): string {
  const metadata = `${publicOrigin(request)}${PROTECTED_RESOURCE_METADATA_PATH}`;
  return `Bearer realm="enginery"${error ? `, error="${error}"` : ""}, resource_metadata="${metadata}"`;
}

/**
 * The one guard: every route that is not marked public needs a valid key (or
 * a session, through `sessions`), and the permission its config names. Runs
 * before body parsing and validation, so an unauthenticated caller learns
 * nothing about the route. An Authorization header wins over a cookie.
 */
export function registerAuth(app: FastifyInstance, db: Db, cache: KeyCache, grants: ContextGrants, sessions?: CallerSource, bearer?: BearerSource): void {
  app.addHook("onRequest", async (request, reply) => {
    const config = request.routeOptions.config;
    // Unknown routes (404/405) and public ones need no key.
    if (!request.routeOptions.url || config.public) return;

    const pass = request.headers[CONTEXT_HEADER];
    if (typeof pass === "string") {
      const granted = grants.take(pass);
      if (!granted) throw new ApiError("invalid_api_key", `The ${CONTEXT_HEADER} header is not a valid pass.`);
      request.caller = granted.caller;
      request.origin = granted.origin;
      return;
    }

    const header = request.headers.authorization;
    if (!header && sessions) {
      request.caller = await sessions(request, reply);
      if (request.caller) return;
    }
    if (!header) {
      reply.header("www-authenticate", challenge(request));
      throw new ApiError("missing_api_key", "Send your API key as: Authorization: Bearer <key>.");
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      reply.header("www-authenticate", challenge(request, "invalid_request"));
      throw new ApiError("invalid_api_key", "The Authorization header must be: Bearer <key>.");
    }
    try {
      request.caller = (await bearer?.(match[1]!, request)) ?? (await authenticate(db, match[1]!, request.now, cache));
    } catch (error) {
      if (error instanceof ApiError) reply.header("www-authenticate", challenge(request, "invalid_token"));
      throw error;
    }
  });
}

/**
 * The one permission check: throws 403 naming what the caller lacks. The route
 * guard below calls it for every request; the agent calls it again for every
 * action it runs, with the permissions the tool needs.
 */
export function requirePermissions(caller: Caller, needed: Permission | readonly Permission[]): void {
  const all = typeof needed === "string" ? [needed] : needed;
  const missing = all.filter((p) => !caller.permissions.has(p));
  if (missing.length === 0) return;
  const who = callerDescription(caller);
  throw new ApiError(
    "insufficient_permission",
    `${who} lacks the permission${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`,
    // One permission keeps the field it always had; a route needing several lists what is missing.
    typeof needed === "string" ? { required_permission: needed } : { required_permission: missing[0], missing_permissions: missing },
  );
}

/** Who a refusal is about, as the start of a sentence: a member's role, an OAuth token's scopes, or a key's kind. */
export function callerDescription(caller: Caller): string {
  if (caller.member) return `Your role (${caller.member.role})`;
  if (caller.oauth) return `This OAuth token (scopes: ${caller.oauth.scopes.join(" ") || "none"})`;
  return `This API key (${caller.key.kind})`;
}

/** After rate limiting, so a refused permission still spends (and shows) the allowance. */
export function registerPermissionGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    const needed = request.routeOptions.config.permission;
    if (!needed || !request.caller) return;
    requirePermissions(request.caller, needed);
  });
}
