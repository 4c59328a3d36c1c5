import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { isTransientConflict } from "../../db/errors.ts";
import { newId } from "../ids.ts";
import { claimUpdate, confirmClaim, refuseUnlessHeld, type IdempotencyClaim } from "../idempotency/idempotency-claim.ts";
import type { EventType } from "./catalog.ts";
import { events } from "./events-table.ts";
import { rowsOf } from "../../db/migrate.ts";

/** Who is writing, for scoping and for the event's `request` member. */
export interface WriteContext {
  orgId: string;
  requestId: string | null;
  idempotencyKey: string | null;
  now: Date;
  /** Set when an agent action makes the change: events then say which conversation asked. */
  conversationId?: string;
  /** The idempotency record the request holds, if any: its write commits only while the claim is still its own. */
  idempotencyClaim?: IdempotencyClaim | null;
}

/**
 * Test-only (set by the crash test, never in production): after an idempotent
 * request's write commits, say so on stdout and wait, so the test can kill the
 * process in the gap between commit and answer.
 */
const PAUSE_AFTER_COMMIT_MS = Number(process.env.ENGINERY_TEST_PAUSE_AFTER_COMMIT_MS ?? 0);

export interface EventDraft {
  type: EventType;
  /** The resource as GET returns it. */
  object: { readonly id: string };
  previous?: Record<string, unknown>;
  /** Batched writers (the invocation log) write many requests' events at once: each keeps its own request and time. */
  requestId?: string | null;
  createdAt?: Date;
}

export type Emit = (event: EventDraft) => void;

const ATTEMPTS = 3;

/** One row of a feature's subscriptions: who (`kind`, `id`) takes which event types, and whether it is on. */
export interface Subscription {
  kind: string;
  id: string;
  patterns: string[];
  enabled: boolean;
}

/**
 * Work a feature owes for committed events (webhook deliveries, function
 * runs: see webhooks/fanout.ts), written in the transaction that writes them.
 * Features subscribe at composition (src/subscribers.ts), so the platform
 * never imports them. A subscriber's `subscriptions` query rides in the
 * statement that inserts the events, so a write to an organization with no
 * subscriptions costs no extra round trip; `fanOut` gets the rows of its
 * `kinds`, only when there are some.
 */
export interface EventSubscriber {
  kinds: readonly string[];
  /** SELECT kind, id, patterns, enabled for the organization (column order matters: the queries are a UNION). */
  subscriptions(orgId: string): SQL;
  fanOut(tx: Tx, orgId: string, found: Subscription[], events: { id: string; type: string }[], now: Date): Promise<void>;
}
const subscribers = new Set<EventSubscriber>();
const NO_SUBSCRIPTIONS = sql`SELECT NULL::text AS kind, NULL::text AS id, NULL::text[] AS patterns, NULL::boolean AS enabled WHERE false`;

/** Adds a subscriber for every process's writes from now on; the same one twice counts once. */
export function subscribeToEvents(subscriber: EventSubscriber): void {
  subscribers.add(subscriber);
}

/**
 * The one way to change data: runs `change` in a transaction and writes the
 * events it emitted in that same transaction, so an event exists if and only
 * if its change committed (transactional outbox). A change that throws rolls
 * back with its events. One that PostgreSQL aborts as a deadlock (two writes
 * locking the same rows in opposite orders, such as deleting an account while
 * a contact is linked to it) runs again from the start, so `change` must do
 * nothing but database work. A request holding an Idempotency-Key marks its
 * record in the same transaction (see idempotency-claim.ts), so a retry knows
 * whether this change committed even if the process died before answering.
 */
export async function write<T>(db: Db, ctx: WriteContext, change: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await db.transaction(async (tx) => {
        const drafts: EventDraft[] = [];
        const result = await change(tx, (event) => drafts.push(event));
        if (drafts.length > 0) await insertEvents(tx, ctx, drafts, ctx.idempotencyClaim);
        else if (ctx.idempotencyClaim) await confirmClaim(tx, ctx.orgId, ctx.idempotencyClaim, ctx.now);
        return result;
      });
      if (ctx.idempotencyClaim && PAUSE_AFTER_COMMIT_MS > 0) {
        process.stdout.write("test hook: paused after commit\n");
        await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_COMMIT_MS));
      }
      return result;
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw error;
    }
  }
}

/**
 * Writes event rows inside a transaction the caller holds. `write` uses it;
 * scheduler jobs, which act for many organizations in one batch, call it per
 * organization with a WriteContext that has no request. One statement inserts
 * the events, confirms the idempotency claim when there is one (see
 * idempotency-claim.ts) and reads the organization's subscribers: a write
 * with no subscribers pays one round trip for all three (fanOut writes the
 * deliveries and runs when there are some).
 */
export async function insertEvents(tx: Tx, ctx: WriteContext, drafts: EventDraft[], claim?: IdempotencyClaim | null): Promise<void> {
  if (drafts.length === 0) return;
  const rows = drafts.map((d) => ({
    orgId: ctx.orgId,
    id: newId("event"),
    type: d.type,
    objectId: d.object.id,
    data: d.previous ? { object: d.object, previous_attributes: d.previous } : { object: d.object },
    requestId: d.requestId === undefined ? ctx.requestId : d.requestId,
    idempotencyKey: ctx.idempotencyKey,
    conversationId: ctx.conversationId ?? null,
    createdAt: d.createdAt ?? ctx.now,
  }));
  const inserted = tx.insert(events).values(rows).returning({ id: events.id });
  // Data-modifying CTEs run to completion whether or not the query reads them.
  const claimed = claim ? sql`, claimed AS (${claimUpdate(tx, ctx.orgId, claim, ctx.now).getSQL()})` : sql``;
  const held = claim ? sql`UNION ALL SELECT 'claim', NULL, NULL, EXISTS (SELECT 1 FROM claimed)` : sql``;
  const active = [...subscribers];
  const lookups = active.length > 0 ? sql.join(active.map((s) => s.subscriptions(ctx.orgId)), sql` UNION ALL `) : NO_SUBSCRIPTIONS;
  const found = rowsOf<Subscription>(await tx.execute(sql`WITH inserted AS (${inserted.getSQL()})${claimed} ${lookups} ${held}`));
  if (claim) refuseUnlessHeld(found.some((row) => row.kind === "claim" && row.enabled));
  for (const subscriber of active) {
    const mine = found.filter((row) => subscriber.kinds.includes(row.kind));
    if (mine.length > 0) await subscriber.fanOut(tx, ctx.orgId, mine, rows, ctx.now);
  }
}

/** The fields of `after` whose values differ from `before`, with their old values. */
export function previousAttributes<T extends Record<string, unknown>>(before: T, after: T): Partial<T> {
  const previous: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (key === "updated_at") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  return previous;
}
