import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { StatementCache } from "../../db/statement-cache.ts";
import { sqlStatement, type SqlStatement } from "../../db/statements.ts";
import { isTransientConflict } from "../../db/errors.ts";
import { newId } from "../ids.ts";
import { claimHeld, claimLost, claimUpdate, claimValues, type IdempotencyClaim } from "../idempotency/idempotency-claim.ts";
import type { EventType } from "./catalog.ts";
import { events } from "./events-table.ts";
import type { EventSubscriber } from "./fan-out.ts";

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
type Values = Record<string, unknown>;

const ATTEMPTS = 3;

/** A handle's subscribers (see wireSubscribers) and the events statements built with their fan-out. */
interface Outbox {
  subscribers: readonly EventSubscriber[];
  /** By shape (number of events, claim or not): the usual one to a few events are kept; a batch job's larger counts are built per call. */
  statements: StatementCache<string, SqlStatement<Values>>;
}
const outboxes = new WeakMap<Db, Outbox>();

/**
 * Wires the features that owe work for events (see EventSubscriber) to the
 * handle their events are written through. Every composition point that
 * writes does it for the handle it holds (buildApp and allJobs take the
 * subscribers as a required argument; the CLI, the tests and the bench wire
 * the database they open), and the wiring stays beside the handle, as
 * connection.ts keeps a handle's driver: nothing global, so a handle nobody
 * wired refuses to write events rather than commit events that owe nothing.
 * Wiring a handle again with the same subscribers is harmless; with others,
 * an error.
 */
export function wireSubscribers(db: Db, subscribers: readonly EventSubscriber[]): void {
  const wired = outboxes.get(db);
  if (!wired) {
    outboxes.set(db, { subscribers: [...subscribers], statements: new StatementCache() });
    return;
  }
  const same = wired.subscribers.length === subscribers.length && subscribers.every((s, i) => wired.subscribers[i] === s);
  if (!same) throw new Error("wireSubscribers: this database handle is already wired to other event subscribers");
}

function outboxOf(db: Db): Outbox {
  const outbox = outboxes.get(db);
  if (!outbox)
    throw new Error(
      "events written through a database handle with no subscribers wired: wireSubscribers(db, subscribers) where the database is opened (src/subscribers.ts)",
    );
  return outbox;
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
  const outbox = outboxOf(db);
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await db.transaction(async (tx) => {
        const drafts: EventDraft[] = [];
        const result = await change(tx, (event) => drafts.push(event));
        const claim = ctx.idempotencyClaim ?? null;
        if (drafts.length > 0) await eventsStatement(outbox, drafts.length, claim !== null).last(tx, eventValues(ctx, drafts, claim));
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
 * Writes event rows inside a transaction the caller holds, opened on `db`
 * (whose wiring says where the events fan out), with their fan-out.
 * Scheduler jobs, which act for many organizations in one batch, call it per
 * organization with a WriteContext that has no request; `write` runs the same
 * statement as its transaction's last.
 */
export async function insertEvents(db: Db, tx: Tx, ctx: WriteContext, drafts: EventDraft[]): Promise<void> {
  if (drafts.length > 0) await eventsStatement(outboxOf(db), drafts.length, false).run(tx, eventValues(ctx, drafts, null));
}

const KEPT_EVENT_COUNTS = 8;

/**
 * One statement: inserts the events, writes their subscribers' work (see
 * EventSubscriber) and, for a request with an idempotency claim, confirms it
 * or fails (idempotency-claim.ts). Data-modifying CTEs run to completion
 * whether or not the query reads them; the notifications are read, so they run.
 */
function eventsStatement({ subscribers, statements }: Outbox, count: number, claimed: boolean): SqlStatement<Values> {
  const key = `${count}:${claimed}`;
  const kept = statements.get(key);
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
  if (count <= KEPT_EVENT_COUNTS) statements.set(key, built);
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
