import { and, eq, inArray, like, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { Caller } from "../auth/caller.ts";

import { invalidField, notFound } from "../errors.ts";
import { defineList, listPage, type Bind, type Condition, type ExtraCondition, type Page } from "../lists.ts";
import { accessFor } from "../auth/access.ts";
import { matchEventTypes } from "./catalog.ts";
import { events, type EventRow } from "./events-table.ts";
import { rowsOf } from "../../db/rows.ts";

export interface EventApi {
  id: string;
  type: string;
  timestamp: string;
  api_version: "v1";
  org_id: string;
  data: { object: object; previous_attributes?: Record<string, unknown> };
  request: { id: string | null; idempotency_key: string | null; conversation_id?: string };
}

/** The one envelope, whether read from the API, delivered by webhook or handed to an edge function. */
export function eventToApi(row: EventRow): EventApi {
  return {
    id: row.id,
    type: row.type,
    timestamp: row.createdAt.toISOString(),
    api_version: "v1",
    org_id: row.orgId,
    data: row.data,
    request: row.conversationId
      ? { id: row.requestId, idempotency_key: row.idempotencyKey, conversation_id: row.conversationId }
      : { id: row.requestId, idempotency_key: row.idempotencyKey },
  };
}

function typeCondition(pattern: string, bind: Bind): Condition {
  if (matchEventTypes(pattern).length === 0) {
    throw invalidField("query", "type", `"${pattern}" names no event type; see GET /v1/event_types (wildcards: invoice.*, *)`);
  }
  if (pattern === "*") return () => undefined; // no restriction
  if (pattern.endsWith(".*")) {
    const prefix = bind(`${pattern.slice(0, -1)}%`);
    return () => like(events.type, prefix);
  }
  const type = bind(pattern);
  return () => eq(events.type, type);
}

export const eventList = defineList({
  table: events,
  tiebreak: events.seq,
  filters: {
    type: { kind: "text", column: events.type, description: "Event type; wildcards such as invoice.* ; a comma list means any of.", match: typeCondition },
    object_id: { kind: "text", column: events.objectId, description: "Events whose data.object has this id." },
    timestamp: { kind: "datetime", column: events.createdAt },
  },
  sorts: { timestamp: events.seq },
  defaultSort: "-timestamp",
});

/**
 * The condition limiting a caller to the event types it may see (accessFor: from its permissions);
 * `bind` turns values into placeholders for lists. A caller that sees no kind matches nothing.
 */
function visibility(caller: Caller, bind: (value: string) => string | Placeholder = (value) => value) {
  const access = accessFor(caller);
  if (access.seesAllEvents) return undefined;
  return access.eventTypes.length === 0 ? sql`false` : inArray(events.type, access.eventTypes.map(bind));
}

export async function listEvents(db: Db, caller: Caller, query: Record<string, unknown>, now: Date): Promise<Page<EventApi>> {
  const extra: ExtraCondition = { key: `types:${accessFor(caller).eventTypes.join(",")}`, condition: (bind) => visibility(caller, bind) };
  return listPage(db, eventList.spec, eventList.parse(caller.org.id, query, now, extra), eventToApi);
}

export async function getEvent(db: Db, caller: Caller, id: string): Promise<EventApi> {
  // Not ownedRow: what the caller may see is part of the condition (an event it may not see is a 404 too).
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.orgId, caller.org.id), eq(events.id, id), visibility(caller)));
  if (!row) throw notFound("event", id);
  return eventToApi(row);
}

/**
 * The newest events about any of these objects that the caller may see (a
 * dossier's activity feed). Each object's own newest events are read from the
 * (org_id, object_id, seq) index and merged, so the cost follows the number of
 * objects, not how many other events the organization has had since. The ids
 * travel as one array parameter, however many there are.
 */
export async function recentEventsFor(db: Db, caller: Caller, objectIds: string[], limit: number): Promise<EventApi[]> {
  if (objectIds.length === 0) return [];
  const access = accessFor(caller);
  const typeFilter = access.seesAllEvents ? sql`` : sql`AND e.type = ANY(${sql.param([...access.eventTypes])}::text[])`;
  const result = await db.execute(sql`
    SELECT e.org_id, e.id, e.seq, e.tx_id::text AS tx_id, e.type, e.object_id, e.data, e.request_id, e.idempotency_key, e.conversation_id, e.created_at
    FROM unnest(${sql.param(objectIds)}::text[]) AS o(id)
    CROSS JOIN LATERAL (
      SELECT * FROM ${events} e
      WHERE e.org_id = ${caller.org.id} AND e.object_id = o.id ${typeFilter}
      ORDER BY e.seq DESC
      LIMIT ${limit}
    ) e
    ORDER BY e.seq DESC
    LIMIT ${limit}`);
  return rowsOf<RawEvent>(result).map((r) => eventToApi(eventRowOf(r)));
}

/** An events row as a raw SQL read returns it (either driver), with its columns' SQL names. */
export interface RawEvent {
  org_id: string;
  id: string;
  seq: string | number;
  tx_id: string;
  type: string;
  object_id: string;
  data: EventRow["data"] | string;
  request_id: string | null;
  idempotency_key: string | null;
  conversation_id: string | null;
  created_at: string | Date;
}

export function eventRowOf(r: RawEvent): EventRow {
  return {
    orgId: r.org_id,
    id: r.id,
    seq: Number(r.seq),
    txId: String(r.tx_id),
    type: r.type,
    objectId: r.object_id,
    data: typeof r.data === "string" ? JSON.parse(r.data) : r.data,
    requestId: r.request_id,
    idempotencyKey: r.idempotency_key,
    conversationId: r.conversation_id,
    createdAt: new Date(r.created_at),
  };
}

/**
 * Events by (org_id, id) across organizations, keyed "org/id": what the
 * queues (webhook deliveries, function runs) hand out. The pairs travel as two
 * array parameters, however many there are.
 */
export async function eventsByRef(db: Db, refs: readonly { orgId: string; eventId: string }[]): Promise<Map<string, EventApi>> {
  if (refs.length === 0) return new Map();
  const found = await db
    .select()
    .from(events)
    .where(
      sql`(${events.orgId}, ${events.id}) IN (SELECT * FROM unnest(${sql.param(refs.map((r) => r.orgId))}::text[], ${sql.param(refs.map((r) => r.eventId))}::text[]))`,
    );
  return new Map(found.map((e) => [`${e.orgId}/${e.id}`, eventToApi(e)]));
}
