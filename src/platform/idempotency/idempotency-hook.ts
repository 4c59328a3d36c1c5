import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/connection.ts";
import { ApiError, invalidField } from "../errors.ts";
import { idempotencyKeys } from "./idempotency-table.ts";

/**
 * Idempotency-Key on POST (as Stripe): the first request with a key runs and
 * its response is stored for 24 hours; a retry with the same key and the same
 * request gets that response again (Idempotent-Replayed: true) without running
 * twice; the same key with a different request is a 422; a retry while the
 * first is still running is a 409. Keys are scoped to the organization.
 * Responses of 500 and above are not stored, so a failed request can be retried.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** No handler runs this long; an unfinished record this old belongs to a process that died. */
export const ABANDONED_AFTER_MS = 60_000;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

function stableJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
}

/** What identifies "the same request": method, path and the body's content (key order aside). */
export function requestHashOf(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n${stableJson(body ?? null)}`).digest("hex");
}

function requestHash(request: FastifyRequest): string {
  return requestHashOf(request.method, request.url.split("?")[0]!, request.body);
}

/**
 * A secret shown once (a new API key's `secret`) is never stored for a replay:
 * the replay shows the created object without it.
 */
function withoutSecret(body: string): string {
  if (!body.includes('"secret"')) return body;
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed) && "secret" in parsed) {
      const { secret: _secret, ...rest } = parsed as Record<string, unknown>;
      return JSON.stringify(rest);
    }
  } catch {
    // Not JSON: stored as it is.
  }
  return body;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set when this request owns an idempotency record it must complete. */
    idempotencyRecord?: { orgId: string; key: string };
  }
}

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook("preHandler", async (request, reply) => {
    if (request.method !== "POST" || !request.caller) return;
    const header = request.headers["idempotency-key"];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (!KEY_SHAPE.test(key)) {
      throw invalidField("header", "Idempotency-Key", "must be 1 to 255 visible ASCII characters (a UUID is a good choice)");
    }
    const orgId = request.caller.org.id;
    const hash = requestHash(request);
    const now = request.now;
    const own = () => {
      request.idempotencyKey = key;
      request.idempotencyRecord = { orgId, key };
    };

    const inserted = await db
      .insert(idempotencyKeys)
      .values({ orgId, key, requestHash: hash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return own();

    const where = and(eq(idempotencyKeys.orgId, orgId), eq(idempotencyKeys.key, key));
    const [existing] = await db.select().from(idempotencyKeys).where(where);
    if (!existing) throw new ApiError("idempotency_key_in_progress", "A request with this Idempotency-Key is finishing; retry shortly.");
    const age = now.getTime() - existing.createdAt.getTime();
    const expired = age > IDEMPOTENCY_TTL_MS;
    if (!expired && existing.requestHash !== hash) {
      throw new ApiError(
        "idempotency_key_reused",
        "This Idempotency-Key was used for a different request (method, path or body). Use a new key for a new request.",
      );
    }
    // A record past its 24 hours no longer counts; one left unfinished by a process that
    // died mid-request is taken over after a minute. The created_at guard lets one taker win.
    if (expired || (existing.responseStatus === null && age > ABANDONED_AFTER_MS)) {
      const taken = await db
        .update(idempotencyKeys)
        .set({ requestHash: hash, createdAt: now, responseStatus: null, responseBody: null, responseContentType: null })
        .where(and(where, eq(idempotencyKeys.createdAt, existing.createdAt)))
        .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) return own();
      throw new ApiError("idempotency_key_in_progress", "Another request with this Idempotency-Key just started; retry shortly.");
    }
    if (existing.responseStatus === null) {
      throw new ApiError("idempotency_key_in_progress", "The first request with this Idempotency-Key is still running; retry shortly.", {
        headers: { "retry-after": "1" },
      });
    }
    reply.header("idempotent-replayed", "true");
    reply.code(existing.responseStatus).type(existing.responseContentType ?? "application/json");
    return reply.send(existing.responseBody ?? "");
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const record = request.idempotencyRecord;
    if (!record) return payload;
    request.idempotencyRecord = undefined;
    const where = and(eq(idempotencyKeys.orgId, record.orgId), eq(idempotencyKeys.key, record.key));
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    await db
      .update(idempotencyKeys)
      .set({
        responseStatus: reply.statusCode,
        responseBody: withoutSecret(typeof payload === "string" ? payload : payload == null ? "" : String(payload)),
        responseContentType: String(reply.getHeader("content-type") ?? "application/json"),
      })
      .where(where);
    return payload;
  });
}

/**
 * For a response the route writes itself (an event stream, sent outside
 * Fastify's onSend): stores what a retry replays, or drops the record after a
 * failure so the request can be retried.
 */
export async function completeIdempotency(db: Db, request: FastifyRequest, status: number, body: string, contentType = "application/json"): Promise<void> {
  const record = request.idempotencyRecord;
  if (!record) return;
  request.idempotencyRecord = undefined;
  const where = and(eq(idempotencyKeys.orgId, record.orgId), eq(idempotencyKeys.key, record.key));
  if (status >= 500) {
    await db.delete(idempotencyKeys).where(where);
    return;
  }
  await db.update(idempotencyKeys).set({ responseStatus: status, responseBody: body, responseContentType: contentType }).where(where);
}

/** Scheduler job: forget records past their 24 hours. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
