import { createHash } from "node:crypto";
import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/connection.ts";
import { encoded, statement, type ColumnValues, type Placeholders } from "../../db/statements.ts";
import { ApiError, invalidField } from "../errors.ts";
import { events } from "../events/events-table.ts";
import { problemBody } from "../problems.ts";
import { idempotencyKeys } from "./idempotency-table.ts";

/**
 * Idempotency-Key on POST (as Stripe): the first request with a key runs and
 * its response is stored for 24 hours; a retry with the same key and the same
 * request gets that response again (Idempotent-Replayed: true) without running
 * twice; the same key with a different request is a 422; a retry while the
 * first is still running is a 409. Keys are scoped to the organization.
 * Responses of 500 and above are not stored, so a failed request can be
 * retried, unless its write had committed.
 *
 * Surviving a crash: the request's claim on its record (request
 * idempotencyRecord -> writeContext().idempotencyClaim) goes with every
 * write(), which marks the record committed in the write's own transaction,
 * and commits only while the claim is still the request's. So a record left
 * unfinished by a dead process tells the retry whether its effect happened:
 * not committed, the retry takes the record over and runs (the dead attempt
 * can no longer commit); committed, the retry is answered from the events
 * that write emitted (the object as it then was) and nothing runs again.
 * A consumer needs nothing but this hook and writeContext(request).
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * An unfinished record whose request has not said it is alive for this long
 * is taken to belong to a process that died. A running request says so every
 * ALIVE_EVERY_MS (a long function invocation included); and a takeover is safe
 * anyway: an attempt still running after it cannot commit its write (see
 * claimUpdate).
 */
export const ABANDONED_AFTER_MS = 10_000;
const ALIVE_EVERY_MS = 3_000;
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
  return createHash("sha256")
    .update(`${method} ${path}\n${stableJson(body ?? null)}`)
    .digest("hex");
}

function requestHash(request: FastifyRequest): string {
  return requestHashOf(request.method, request.url.split("?")[0]!, request.body);
}

/**
 * A secret shown once (a new API key's `secret`, an OAuth app's
 * `client_secret`) is never stored for a replay: the replay shows the created
 * object without it.
 */
const SHOWN_ONCE = ["secret", "client_secret"];

function withoutSecret(body: string): string {
  if (!SHOWN_ONCE.some((name) => body.includes(`"${name}"`))) return body;
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed) && SHOWN_ONCE.some((name) => name in parsed)) {
      const rest = { ...(parsed as Record<string, unknown>) };
      for (const name of SHOWN_ONCE) delete rest[name];
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
    idempotencyRecord?: { orgId: string; key: string; claimedAt: Date; alive?: NodeJS.Timeout };
  }
}

/**
 * The response of a request whose write committed but which died before
 * answering: the object its last event carries (as GET returned it then) with
 * the route's success status. A write that emitted no event leaves a 409
 * saying so: the change happened, and nothing runs twice.
 */
async function answerFromEvents(db: Db, request: FastifyRequest, startedAt: Date) {
  const orgId = request.caller!.org.id;
  const [event] = await db
    .select({ data: events.data })
    .from(events)
    .where(
      and(
        eq(events.orgId, orgId),
        eq(events.idempotencyKey, request.idempotencyKey ?? String(request.headers["idempotency-key"])),
        eq(events.createdAt, startedAt),
      ),
    )
    .orderBy(desc(events.id))
    .limit(1);
  if (event) {
    const responses = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
    const status = Number(Object.keys(responses).find((code) => /^2\d\d$/.test(code)) ?? 200);
    const object = (event.data as { object: unknown }).object;
    return { responseStatus: status, responseBody: withoutSecret(JSON.stringify(object)), responseContentType: "application/json; charset=utf-8" };
  }
  const problem = new ApiError(
    "conflict",
    "The first request with this Idempotency-Key made its change, but its answer was lost; read the resource for its result.",
  );
  return { responseStatus: problem.status, responseBody: JSON.stringify(problemBody(problem, request.id)), responseContentType: "application/problem+json" };
}

/** The first request with a key claims its record (every POST with a key runs it: built once, see db/statements.ts). */
const claimRecord = statement((db, p: Placeholders<ColumnValues<typeof idempotencyKeys, "orgId" | "key" | "requestHash" | "createdAt">>) =>
  db
    .insert(idempotencyKeys)
    .values({ orgId: p.orgId, key: p.key, requestHash: p.requestHash, createdAt: p.createdAt })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key }),
);

/** What a retry replays (every answered request with a key). */
const storeAnswer = statement(
  (db, p: Placeholders<ColumnValues<typeof idempotencyKeys, "orgId" | "key" | "responseStatus" | "responseBody" | "responseContentType">>) =>
    db
      .update(idempotencyKeys)
      .set({
        responseStatus: encoded(idempotencyKeys.responseStatus, p.responseStatus),
        responseBody: encoded(idempotencyKeys.responseBody, p.responseBody),
        responseContentType: encoded(idempotencyKeys.responseContentType, p.responseContentType),
      })
      .where(and(eq(idempotencyKeys.orgId, p.orgId), eq(idempotencyKeys.key, p.key))),
);

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  const claim = async (request: FastifyRequest, reply: FastifyReply) => {
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
      // Alive times are on the request's clock (request.now plus the time spent), as created_at is.
      const startedWall = Date.now();
      const alive = setInterval(() => {
        const at = new Date(now.getTime() + Date.now() - startedWall);
        db.update(idempotencyKeys)
          .set({ aliveAt: at })
          .where(and(eq(idempotencyKeys.orgId, orgId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.createdAt, now)))
          .catch((error: unknown) => request.log.warn({ err: error }, "idempotency: could not mark the request alive"));
      }, ALIVE_EVERY_MS);
      alive.unref();
      request.idempotencyRecord = { orgId, key, claimedAt: now, alive };
    };

    const inserted = await claimRecord.run(db, { orgId, key, requestHash: hash, createdAt: now });
    if (inserted.length > 0) return own();

    const where = and(eq(idempotencyKeys.orgId, orgId), eq(idempotencyKeys.key, key));
    const [existing] = await db.select().from(idempotencyKeys).where(where);
    if (!existing) throw new ApiError("idempotency_key_in_progress", "A request with this Idempotency-Key is finishing; retry shortly.");
    const age = now.getTime() - existing.createdAt.getTime();
    const silentFor = now.getTime() - (existing.aliveAt ?? existing.createdAt).getTime();
    const expired = age > IDEMPOTENCY_TTL_MS;
    if (!expired && existing.requestHash !== hash) {
      throw new ApiError(
        "idempotency_key_reused",
        "This Idempotency-Key was used for a different request (method, path or body). Use a new key for a new request.",
      );
    }
    // A record past its 24 hours no longer counts; one left unfinished by a process that
    // died mid-request is taken over, if its write never committed. The created_at guard lets one taker win.
    const abandoned = existing.responseStatus === null && silentFor > ABANDONED_AFTER_MS;
    if (!expired && abandoned && existing.committedAt !== null) {
      const answer = await answerFromEvents(db, request, existing.createdAt);
      await db
        .update(idempotencyKeys)
        .set(answer)
        .where(and(where, eq(idempotencyKeys.createdAt, existing.createdAt)));
      reply.header("idempotent-replayed", "true");
      return reply.code(answer.responseStatus).type(answer.responseContentType).send(answer.responseBody);
    }
    if (expired || abandoned) {
      const taken = await db
        .update(idempotencyKeys)
        .set({ requestHash: hash, createdAt: now, responseStatus: null, responseBody: null, responseContentType: null, committedAt: null, aliveAt: null })
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
  };

  // However the request ends (answered, failed, or its client gone), it stops saying it is alive.
  const stopAlive = async (request: FastifyRequest) => clearInterval(request.idempotencyRecord?.alive);
  const complete = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const body = typeof payload === "string" ? payload : payload == null ? "" : String(payload);
    await completeIdempotency(db, request, reply.statusCode, body, String(reply.getHeader("content-type") ?? "application/json"));
    return payload;
  };
  // Only POST routes can hold a record: the others' requests skip these hooks altogether.
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes("POST")) return;
    // First, as the global hook it was: before the route's own preHandlers.
    route.preHandler = [claim, ...hooksOf(route.preHandler)];
    route.onResponse = [...hooksOf(route.onResponse), stopAlive];
    route.onRequestAbort = [...hooksOf(route.onRequestAbort), stopAlive];
    route.onSend = [...hooksOf(route.onSend), complete];
  });
}

/** A route option's hooks as a list (Fastify takes one function or an array). */
function hooksOf<H>(hooks: H | H[] | undefined): H[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Stores what a retry replays, or forgets the record after a failure so the
 * request can be retried (unless its write committed: then a retry is answered
 * from that write). The onSend hook calls it for every answer; a route that
 * writes its response itself (an event stream, outside onSend) calls it too.
 */
export async function completeIdempotency(db: Db, request: FastifyRequest, status: number, body: string, contentType = "application/json"): Promise<void> {
  const record = request.idempotencyRecord;
  if (!record) return;
  clearInterval(record.alive);
  request.idempotencyRecord = undefined;
  if (status >= 500) {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.orgId, record.orgId), eq(idempotencyKeys.key, record.key), isNull(idempotencyKeys.committedAt)));
    return;
  }
  await storeAnswer.run(db, {
    orgId: record.orgId,
    key: record.key,
    responseStatus: status,
    responseBody: withoutSecret(body),
    responseContentType: contentType,
  });
}

/** Scheduler job: forget records past their 24 hours. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
