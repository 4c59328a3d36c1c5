import { sql } from "drizzle-orm";
import type { ServerResponse } from "node:http";
import type { Db } from "../../db/connection.ts";
import { rowsOf } from "../../db/rows.ts";
import { apiKeys } from "../auth/api-keys-table.ts";
import { ApiError } from "../errors.ts";
import { eventRowOf, eventToApi, type RawEvent } from "./events-service.ts";
import type { EventRow } from "./events-table.ts";

/**
 * GET /v1/events/stream: an organization's events as server-sent events, as
 * they commit, from any API process (the feed reads the events table, so a
 * write on another process is seen as soon as it commits there).
 *
 * Order and resumption. Events are read in (tx_id, seq) order, and only those
 * whose transaction is older than the oldest transaction still running
 * (pg_snapshot_xmin of the reading statement's own snapshot): every such
 * transaction has ended, so no event can appear later before one already
 * read, although PostgreSQL commits concurrent transactions out of seq order.
 * A position is therefore exact: a stream resumed from its Last-Event-ID (that
 * event's position) misses nothing and repeats nothing. The cost is latency:
 * an event waits for every write transaction older than its own to end.
 *
 * One feed per process polls for all of its streams: one query per tick for
 * the organizations whose streams are live. A new or resumed stream first
 * catches up by itself (pages of its own organization's events after its
 * position) until it reaches the feed's position, and only then joins it;
 * ticks and catch-ups run one after the other in the feed's loop, so a stream
 * is never between the two.
 */
export interface EventStreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream and tells the client the server is there. */
  heartbeatMs: number;
  /** How often the feed reads new events while streams are open. */
  pollMs: number;
  /** Streams one API key (or dashboard member) may hold open at once, per API process. */
  maxPerKey: number;
}

export const DEFAULT_EVENT_STREAM: EventStreamOptions = { heartbeatMs: 15_000, pollMs: 250, maxPerKey: 5 };

/** A point in the stream's order: everything at or before it has been read. */
export interface Position {
  tx: bigint;
  seq: number;
}

const PAGE = 500;
/** Pages a catching-up stream reads per tick, so one long replay does not hold up the live streams. */
const CATCH_UP_PAGES = 4;
/** A client this far behind in reading is cut off; it resumes with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** How often the feed checks that the keys holding streams still work: a revoked or expired key's streams end within this. */
const KEY_CHECK_MS = 2_000;

const isAfter = (a: Position, b: Position) => a.tx > b.tx || (a.tx === b.tx && a.seq > b.seq);
const latest = (a: Position, b: Position) => (isAfter(a, b) ? a : b);
const positionOf = (row: EventRow): Position => ({ tx: BigInt(row.txId), seq: row.seq });

/**
 * The events of `orgIds` after `from`, in stream order, that every reader
 * will ever see there, and the horizon of the read: with fewer than `limit`
 * rows, everything before it has been read. `types` null means any type.
 */
async function readAfter(db: Db, orgIds: string[], from: Position, types: string[] | null, limit: number): Promise<{ rows: EventRow[]; next: Position }> {
  const typeFilter = types ? sql`AND e.type = ANY(${sql.param(types)}::text[])` : sql``;
  const result = await db.execute(sql`
    WITH h AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
    SELECT h.xmin::text AS horizon, e.org_id, e.id, e.seq, e.tx_id::text AS tx_id, e.type, e.object_id, e.data,
           e.request_id, e.idempotency_key, e.conversation_id, e.created_at
    FROM h LEFT JOIN LATERAL (
      SELECT * FROM events e
      WHERE e.org_id = ANY(${sql.param(orgIds)}::text[])
        AND (e.tx_id, e.seq) > (${from.tx.toString()}::xid8, ${from.seq}::bigint)
        AND e.tx_id < h.xmin ${typeFilter}
      ORDER BY e.tx_id, e.seq
      LIMIT ${limit}
    ) e ON true
    ORDER BY e.tx_id, e.seq`);
  const raw = rowsOf<RawEvent & { horizon: string }>(result);
  const rows = raw.filter((r) => r.id !== null).map(eventRowOf);
  const horizon: Position = { tx: BigInt(raw[0]!.horizon), seq: 0 };
  const next = rows.length === limit ? positionOf(rows.at(-1)!) : latest(from, horizon);
  return { rows, next };
}

/** Ids a stream that starts now skips: more than this many committed past the horizon may be repeated (clients dedupe by id, as with webhooks). */
const MAX_SEEN = 10_000;

/** Where a stream opened now starts, and the events it skips. */
export interface Start {
  position: Position;
  /**
   * Events of the organization already committed past the horizon when the
   * stream opened: the position alone would carry them once the older
   * transactions holding the horizon back end, although they happened before.
   */
  seen: ReadonlySet<string>;
}

/** Where a stream without Last-Event-ID starts: after everything committed when it opens, its own organization's events read in the same snapshot. */
export async function currentStart(db: Db, orgId: string): Promise<Start> {
  const rows = rowsOf<{ horizon: string; id: string | null }>(
    await db.execute(sql`
      WITH h AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
      SELECT h.xmin::text AS horizon, e.id
      FROM h LEFT JOIN LATERAL (
        SELECT e.id FROM events e WHERE e.org_id = ${orgId} AND e.tx_id >= h.xmin ORDER BY e.tx_id, e.seq LIMIT ${MAX_SEEN}
      ) e ON true`),
  );
  return {
    position: { tx: BigInt(rows[0]!.horizon), seq: 0 },
    seen: new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id]))),
  };
}

/** The position of an event the caller may see (a Last-Event-ID), or null if the organization has none of that id that it may. */
export async function positionOfEvent(db: Db, orgId: string, eventId: string, visible: readonly string[]): Promise<Position | null> {
  const [row] = rowsOf<{ tx_id: string; seq: string | number }>(
    await db.execute(
      sql`SELECT tx_id::text AS tx_id, seq FROM events WHERE org_id = ${orgId} AND id = ${eventId} AND type = ANY(${sql.param([...visible])}::text[])`,
    ),
  );
  return row ? { tx: BigInt(row.tx_id), seq: Number(row.seq) } : null;
}

interface Stream {
  orgId: string;
  keyId: string;
  /** The types it carries: the caller's visible types matched by its patterns. */
  types: Set<string>;
  position: Position;
  /** Committed before it opened, though past its position: not sent (see Start). */
  seen: ReadonlySet<string>;
  live: boolean;
  raw: ServerResponse;
  heartbeat: NodeJS.Timeout;
}

export type EventFeed = ReturnType<typeof createEventFeed>;

export function createEventFeed(db: Db, options: EventStreamOptions, log: { error(obj: object, msg: string): void }) {
  const streams = new Set<Stream>();
  /** Everything at or before it has been read for the live streams' organizations. */
  let cursor: Position | null = null;
  let running: Promise<void> | null = null;
  let closed = false;
  let wake: (() => void) | undefined;

  function send(stream: Stream, row: EventRow): void {
    if (stream.raw.destroyed || stream.seen.has(row.id)) return;
    stream.raw.write(`id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(eventToApi(row))}\n\n`);
    if (stream.raw.writableLength > MAX_BUFFERED_BYTES) end(stream);
  }

  function end(stream: Stream): void {
    if (!streams.delete(stream)) return;
    clearInterval(stream.heartbeat);
    stream.raw.end();
    // A client that stopped reading would otherwise hold the socket, and shutdown with it.
    stream.raw.socket?.destroySoon();
  }

  /** Reads what is new for the live streams' organizations and hands each stream what it carries and has not had. */
  async function tick(): Promise<void> {
    const live = [...streams].filter((s) => s.live);
    const orgIds = [...new Set(live.map((s) => s.orgId))];
    for (let page = 0; page < CATCH_UP_PAGES; page++) {
      const from = cursor ?? { tx: 0n, seq: 0 };
      const { rows, next } = await readAfter(db, orgIds, from, null, PAGE);
      for (const row of rows) {
        const at = positionOf(row);
        for (const s of live) if (s.orgId === row.orgId && s.types.has(row.type) && isAfter(at, s.position)) send(s, row);
      }
      cursor = cursor ? latest(cursor, next) : next;
      for (const s of live) s.position = latest(s.position, cursor);
      if (rows.length < PAGE) break;
    }
  }

  /** A stream not yet live reads its own organization's events until it reaches the feed's position. */
  async function catchUp(stream: Stream): Promise<void> {
    for (let page = 0; page < CATCH_UP_PAGES && streams.has(stream); page++) {
      const { rows, next } = await readAfter(db, [stream.orgId], stream.position, [...stream.types], PAGE);
      for (const row of rows) send(stream, row);
      stream.position = next;
      if (rows.length === PAGE) continue;
      if (cursor && !isAfter(cursor, stream.position)) stream.live = true;
      return;
    }
  }

  /** Ends the streams of keys revoked or expired since they opened (a dashboard member's stream has no key row: its session ends it with the tab). */
  let keysCheckedAt = Date.now();
  async function checkKeys(): Promise<void> {
    if (Date.now() - keysCheckedAt < KEY_CHECK_MS) return;
    keysCheckedAt = Date.now();
    const held = [...streams];
    const ended = rowsOf<{ org_id: string; id: string }>(
      await db.execute(sql`
        SELECT org_id, id FROM ${apiKeys}
        WHERE (org_id, id) IN (SELECT * FROM unnest(${sql.param(held.map((s) => s.orgId))}::text[], ${sql.param(held.map((s) => s.keyId))}::text[]))
          AND (revoked_at IS NOT NULL OR expires_at <= now())`),
    );
    for (const key of ended) for (const s of held) if (s.orgId === key.org_id && s.keyId === key.id) end(s);
  }

  async function loop(): Promise<void> {
    while (!closed && streams.size > 0) {
      try {
        await checkKeys();
        await tick();
        for (const stream of [...streams]) if (!stream.live) await catchUp(stream);
      } catch (error) {
        log.error({ err: error }, "event stream feed could not read events");
      }
      const waiting = [...streams].some((s) => !s.live);
      if (!waiting) await pause(options.pollMs);
    }
    running = null;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  return {
    /** Refuses a key that already holds its share of streams (before the response starts, so the refusal is a problem). */
    admit(keyId: string): void {
      if (closed) throw new ApiError("service_unavailable", "The server is shutting down; reconnect with Last-Event-ID.");
      const held = [...streams].filter((s) => s.keyId === keyId).length;
      if (held >= options.maxPerKey) {
        throw new ApiError(
          "too_many_streams",
          `This key already holds ${held} open event streams, the most one key may hold at once (${options.maxPerKey}); close one first.`,
        );
      }
    },
    /** Starts streaming to `raw` (headers already sent) from `start`; the stream ends when the client goes away or the server closes. */
    open(raw: ServerResponse, caller: { orgId: string; keyId: string; types: readonly string[] }, start: Start): void {
      const stream: Stream = {
        orgId: caller.orgId,
        keyId: caller.keyId,
        types: new Set(caller.types),
        position: start.position,
        seen: start.seen,
        live: false,
        raw,
        heartbeat: setInterval(() => raw.write(": heartbeat\n\n"), options.heartbeatMs),
      };
      streams.add(stream);
      raw.on("close", () => end(stream));
      running ??= loop();
      wake?.();
    },
    /** Server shutdown: every stream ends (clients reconnect elsewhere with Last-Event-ID) and the feed stops. */
    async close(): Promise<void> {
      closed = true;
      for (const stream of [...streams]) end(stream);
      wake?.();
      await running;
    },
  };
}
