import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { StatementCache } from "../../db/statement-cache.ts";
import { sqlStatement, type SqlStatement } from "../../db/statements.ts";
import { isTransientConflict } from "../../db/errors.ts";
import { newId } from "../ids.ts";
import { claimHeld, claimLost, claimUpdate, claimValues, type IdempotencyClaim } from "../idempotency/idempotency-claim.ts";
import type { EventType } from "./catalog.ts";
import { events } from "./events-table.ts";

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

/**
 * Work a feature owes for committed events (webhook deliveries, function
 * runs: see webhooks/fanout.ts), written by the statement that inserts the
 * events. Features subscribe at composition (src/subscribers.ts), so the
 * platform never imports them. `fanOut` gives INSERT ... SELECT statements
 * (no RETURNING) that read the inserted events (columns id and type) from
 * `events` and write what the organization's subscriptions owe for them; each
 * one runs as a CTE of the events statement, and when it writes any row the
 * statement notifies its `channel`. So a write's events, its fan-out and its idempotency claim cost
 * one statement, and that statement can be the transaction's last, with COMMIT
 * behind it in the same round trip.
 */
export interface EventSubscriber {
  /** `orgId` and `now` (an ISO timestamp) are SQL values of the statement, not constants: its text is built once per shape. */
  fanOut(orgId: SQL, events: SQL, now: SQL): { write: SQL; channel: string }[];
}
const subscribers = new Set<EventSubscriber>();

/** Adds a subscriber for every process's writes from now on; the same one twice counts once. */
export function subscribeToEvents(subscriber: EventSubscriber): void {
  if (subscribers.has(subscriber)) return;
  subscribers.add(subscriber);
  // The statements built so far carry the old subscribers' fan-out.
  eventsStatements.clear();
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
        const claim = ctx.idempotencyClaim ?? null;
        if (drafts.length > 0) await eventsStatement(drafts.length, claim !== null).last(tx, eventValues(ctx, drafts, claim));
        else if (claim) await claimStatement.last(tx, claimValues(ctx.orgId, claim, ctx.now));
        return result;
      });
      if (ctx.idempotencyClaim && PAUSE_AFTER_COMMIT_MS > 0) {
        process.stdout.write("test hook: paused after commit\n");
        await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_COMMIT_MS));
      }
      return result;
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw claimLost(error);
    }
  }
}

/**
 * Writes event rows inside a transaction the caller holds, with their
 * fan-out. Scheduler jobs, which act for many organizations in one batch,
 * call it per organization with a WriteContext that has no request; `write`
 * runs the same statement as its transaction's last.
 */
export async function insertEvents(tx: Tx, ctx: WriteContext, drafts: EventDraft[]): Promise<void> {
  if (drafts.length > 0) await eventsStatement(drafts.length, false).run(tx, eventValues(ctx, drafts, null));
}

type Values = Record<string, unknown>;
/** Statements by shape (number of events, claim or not): the usual one to a few events are kept; a batch job's larger counts are built per call. */
const eventsStatements = new StatementCache<string, SqlStatement<Values>>();
const KEPT_EVENT_COUNTS = 8;

/**
 * One statement: inserts the events, writes their subscribers' work (see
 * EventSubscriber) and, for a request with an idempotency claim, confirms it
 * or fails (idempotency-claim.ts). Data-modifying CTEs run to completion
 * whether or not the query reads them; the notifications are read, so they run.
 */
function eventsStatement(count: number, claimed: boolean): SqlStatement<Values> {
  const key = `${count}:${claimed}`;
  const kept = eventsStatements.get(key);
  if (kept) return kept;
  const built = sqlStatement<Values>((db, p) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      orgId: p.orgId!,
      id: p[`id${i}`]!,
      type: p[`type${i}`]!,
      objectId: p[`object${i}`]!,
      data: p[`data${i}`]!,
      requestId: p[`request${i}`]!,
      idempotencyKey: p.idempotencyKey!,
      conversationId: p.conversationId!,
      createdAt: p[`at${i}`]!,
    }));
    const ctes = [sql`inserted AS (${db.insert(events).values(rows).returning({ id: events.id, type: events.type }).getSQL()})`];
    const checks = [sql`true`];
    if (claimed) {
      ctes.push(sql`claimed AS (${claimUpdate(db).getSQL()})`);
      checks.push(claimHeld(sql`claimed`));
    }
    for (const subscriber of subscribers) {
      for (const { write: fanOut, channel } of subscriber.fanOut(sql`${p.orgId}`, sql`inserted`, sql`${p.now}`)) {
        const name = sql.raw(`fan_out_${ctes.length}`);
        ctes.push(sql`${name} AS (${fanOut} RETURNING 1)`);
        // pg_notify returns void: IS NULL makes the column a boolean either driver reads.
        checks.push(sql`(SELECT pg_notify(${sql.raw(`'${channel}'`)}, '') WHERE EXISTS (SELECT 1 FROM ${name})) IS NULL`);
      }
    }
    return sql`WITH ${sql.join(ctes, sql`, `)} SELECT ${sql.join(checks, sql`, `)}`;
  });
  if (count <= KEPT_EVENT_COUNTS) eventsStatements.set(key, built);
  return built;
}

function eventValues(ctx: WriteContext, drafts: EventDraft[], claim: IdempotencyClaim | null): Values {
  const values: Values = {
    orgId: ctx.orgId,
    now: ctx.now.toISOString(),
    idempotencyKey: ctx.idempotencyKey,
    conversationId: ctx.conversationId ?? null,
    ...(claim ? claimValues(ctx.orgId, claim, ctx.now) : {}),
  };
  drafts.forEach((d, i) => {
    values[`id${i}`] = newId("event");
    values[`type${i}`] = d.type;
    values[`object${i}`] = d.object.id;
    values[`data${i}`] = d.previous ? { object: d.object, previous_attributes: d.previous } : { object: d.object };
    values[`request${i}`] = d.requestId === undefined ? ctx.requestId : d.requestId;
    values[`at${i}`] = d.createdAt ?? ctx.now;
  });
  return values;
}

/** A write that emitted no event still confirms its idempotency claim, in its last statement. */
const claimStatement = sqlStatement<Values>((db, p) => sql`WITH claimed AS (${claimUpdate(db).getSQL()}) SELECT ${claimHeld(sql`claimed`)}`);

/** The fields of `after` whose values differ from `before`, with their old values. */
export function previousAttributes<T extends Record<string, unknown>>(before: T, after: T): Partial<T> {
  const previous: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (key === "updated_at") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  return previous;
}
