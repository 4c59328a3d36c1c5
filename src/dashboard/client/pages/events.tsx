import { useEffect, useState } from "preact/hooks";
import { api, can, type List, type Session } from "../api.ts";
import { ago, ClickableRow, dateTime, Empty, ErrorBanner, Json, ListTable, PageHeader, Pager, useLoad } from "../ui.tsx";
import type { Event } from "../models.ts";

export function EventsPage({ session }: { session: Session }) {
  const [type, setType] = useState("");
  const [objectId, setObjectId] = useState("");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Event | null>(null);
  const types = useLoad(() => api<List<{ name: string }>>("GET", "/v1/event_types"));
  const query = new URLSearchParams({ page: String(page), per_page: "25" });
  if (type) query.set("type", type);
  if (objectId) query.set("object_id", objectId);
  const events = useLoad(
    () => (can(session, "events:read") ? api<List<Event>>("GET", `/v1/events?${query}`) : Promise.resolve(null)),
    [type, objectId, page, session.organization.id],
  );
  const live = useLiveEvents(
    page === 1 && events.data ? (events.data.data[0]?.id ?? "") : null,
    type,
    objectId,
    types.data?.data.map((t) => t.name),
  );
  // The first page follows the stream: events newer than the list, newest first.
  const shown =
    events.data && page === 1
      ? { ...events, data: { ...events.data, data: [...live.events, ...events.data.data.filter((e) => !live.ids.has(e.id))] } }
      : events;
  return (
    <>
      <PageHeader
        title="Events"
        subtitle={
          <>
            Everything that changed, in order. Webhooks deliver these; GET /v1/events lists them.{" "}
            {live.following && (
              <span class="muted" data-testid="events-live">
                ● Following new events live.
              </span>
            )}
          </>
        }
      />
      <div class="filters">
        <label>
          Type
          <select
            name="type"
            value={type}
            onChange={(e) => {
              setType((e.target as HTMLSelectElement).value);
              setPage(1);
            }}
          >
            <option value="">All types</option>
            {[...new Set(types.data?.data.map((t) => `${t.name.split(".")[0]}.*`))].map((w) => (
              <option value={w}>{w}</option>
            ))}
            {types.data?.data.map((t) => (
              <option value={t.name}>{t.name}</option>
            ))}
          </select>
        </label>
        <label>
          Object id
          <input
            name="object_id"
            placeholder="inv_…"
            value={objectId}
            onChange={(e) => {
              setObjectId((e.target as HTMLInputElement).value.trim());
              setPage(1);
            }}
          />
        </label>
      </div>
      <ErrorBanner error={events.error} />
      <ListTable
        list={shown}
        testid="events"
        empty={<Empty title="No events match">Events appear as data changes through the API or this dashboard.</Empty>}
        head={
          <>
            <th>Type</th>
            <th>Object</th>
            <th>When</th>
          </>
        }
        row={(e) => (
          <ClickableRow selected={open?.id === e.id} onOpen={() => setOpen(e)}>
            <td class="mono small strong">{e.type}</td>
            <td class="mono small">{String(e.data.object.id)}</td>
            <td title={dateTime(e.timestamp)}>{ago(e.timestamp)}</td>
          </ClickableRow>
        )}
        footer={events.data && <Pager meta={events.data.meta} page={page} setPage={setPage} />}
        aside={
          <div class="card sticky">
            {open ? (
              <>
                <h2 class="mono">{open.id}</h2>
                <Json value={open} />
              </>
            ) : (
              <p class="muted">Pick an event to see its JSON.</p>
            )}
          </div>
        }
      />
    </>
  );
}

/**
 * New events from GET /v1/events/stream (the session cookie goes with it, as
 * with every API call), resumed after `after`, the newest event the list
 * showed, so none falls between the list and the stream. null: not following
 * (a later page, or the list not loaded). EventSource reconnects by itself
 * with Last-Event-ID. `types` names every kind: SSE messages are named by
 * their type, and EventSource hands out only the names listened for.
 */
function useLiveEvents(after: string | null, type: string, objectId: string, types: string[] | undefined) {
  const [events, setEvents] = useState<Event[]>([]);
  const [following, setFollowing] = useState(false);
  useEffect(() => {
    setEvents([]);
    setFollowing(false);
    if (after === null || !types || typeof EventSource === "undefined") return;
    const query = new URLSearchParams();
    if (type) query.set("type", type);
    if (after) query.set("last_event_id", after);
    const source = new EventSource(`/v1/events/stream?${query}`, { withCredentials: true });
    const onEvent = (message: MessageEvent) => {
      const event = JSON.parse(message.data) as Event;
      if (objectId && event.data.object.id !== objectId) return;
      setEvents((list) => (list.some((e) => e.id === event.id) ? list : [event, ...list].slice(0, 200)));
    };
    for (const name of types) source.addEventListener(name, onEvent);
    source.onopen = () => setFollowing(true);
    source.onerror = () => setFollowing(false);
    return () => source.close();
  }, [after, type, objectId, types?.length]);
  return { events, ids: new Set(events.map((e) => e.id)), following };
}
