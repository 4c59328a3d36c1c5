import { Type, type TSchema } from "typebox";
import type { Api, RouteDeps } from "../http.ts";
import { callerOf } from "../request-context.ts";
import { Id, ListEnvelope, Nullable } from "../schemas.ts";
import { accessFor } from "../auth/access.ts";
import { invalidField } from "../errors.ts";
import { EVENT_CATALOG, EVENT_TYPES, matchEventTypes, readPermissionsOf } from "./catalog.ts";
import { createEventFeed, currentStart, DEFAULT_EVENT_STREAM, positionOfEvent, type EventStreamOptions } from "./event-stream.ts";
import { eventList, getEvent, listEvents } from "./events-service.ts";

const tags = ["Events"];

export const EventSchema = Type.Object(
  {
    id: Id("event"),
    // Typed as a string here: stored events are read back as strings, and the catalog only grows.
    type: Type.Unsafe<string>({
      type: "string",
      enum: EVENT_TYPES,
      description: "Event type from the catalog (GET /v1/event_types).",
      // Which object data.object is, per type: typed clients (sdks/) read it to type each event's payload.
      "x-object-of": Object.fromEntries(EVENT_TYPES.map((type) => [type, EVENT_CATALOG[type].object])),
    }),
    timestamp: Type.String({ format: "date-time" }),
    api_version: Type.Literal("v1"),
    org_id: Type.String(),
    data: Type.Object({
      object: Type.Object({}, { additionalProperties: true, description: "The resource as GET returns it." }),
      previous_attributes: Type.Optional(Type.Object({}, { additionalProperties: true })),
    }),
    request: Type.Object({
      id: Nullable(Type.String()),
      idempotency_key: Nullable(Type.String()),
      conversation_id: Type.Optional(Type.String({ description: "The agent conversation whose action made the change." })),
    }),
  },
  { $id: "Event" },
);

const EventType = Type.Object(
  {
    name: Type.String(),
    area: Type.String(),
    description: Type.String(),
    read_permissions: Type.Array(Type.String(), { description: "What reading this kind, or subscribing to it (webhooks, function triggers), takes." }),
    readable: Type.Boolean({ description: "Whether the caller holds read_permissions: it sees these events and may subscribe to them." }),
    schema: Type.Object({}, { additionalProperties: true, description: "JSON Schema of data.object." }),
  },
  { $id: "EventType" },
);

/** A schema as data, without the $ids that name it in the OpenAPI document (they are not part of its shape). */
function unnamed(schema: TSchema | undefined): TSchema | undefined {
  return schema && JSON.parse(JSON.stringify(schema, (key, value) => (key === "$id" ? undefined : value)));
}

const StreamQuery = Type.Object({
  type: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description:
        "Event types to carry, comma-separated, with the webhook subscriptions' wildcards (invoice.*, deal.won, *). All the caller may see when left out.",
    }),
  ),
  last_event_id: Type.Optional(Id("event", "Resume after this event (as the Last-Event-ID header does), for clients that cannot set headers.")),
});

const StreamHeaders = Type.Object({
  "last-event-id": Type.Optional(Id("event", "Resume after this event: the stream replays what followed it, then goes on live.")),
});

/** The patterns of `?type=` as the types they name, each checked against the catalog. */
function streamTypes(param: string | undefined): Set<string> {
  const patterns = (param ?? "*")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  const types = new Set<string>();
  for (const pattern of patterns) {
    const matched = matchEventTypes(pattern);
    if (matched.length === 0) throw invalidField("query", "type", `"${pattern}" names no event type; see GET /v1/event_types (wildcards: invoice.*, *)`);
    for (const type of matched) types.add(type);
  }
  if (types.size === 0) throw invalidField("query", "type", "names no event type");
  return types;
}

/** `objectSchemas` maps catalog object names (invoice, api_key, ...) to the schemas their engines declare. */
export function registerEventRoutes(
  app: Api,
  { db }: RouteDeps,
  objectSchemas: Record<string, TSchema>,
  streamOptions: Partial<EventStreamOptions> = {},
): void {
  const options = { ...DEFAULT_EVENT_STREAM, ...streamOptions };
  const feed = createEventFeed(db, options, app.log);
  // Before the server waits for its connections to end: an open stream never would.
  app.addHook("preClose", async () => feed.close());

  app.get(
    "/v1/events/stream",
    {
      config: { permission: "events:read" },
      schema: {
        tags,
        operationId: "streamEvents",
        summary: "Stream events as they happen",
        description: [
          "Server-sent events (text/event-stream) of the organization's events as they commit, on any API process: each message has `id:` the event id, `event:` its type and `data:` the event (as GET /v1/events/{id} and webhooks give it).",
          "The caller sees the events it may list (engine keys their engines' events only), filtered by `type`.",
          "Reconnecting with `Last-Event-ID` (EventSource does it by itself) replays every event after that one, in the same order, then goes on live: nothing is missed or repeated.",
          "Events come in the order their transactions began, each once every write transaction begun before it has ended (so none can appear later before it): a long transaction delays those after it.",
          `A comment line (\`: heartbeat\`) comes every ${options.heartbeatMs / 1000} s while nothing else does.`,
          `One key holds at most ${options.maxPerKey} streams at once on an API process (429 \`too_many_streams\` beyond). Streams end when the server shuts down: reconnect with Last-Event-ID.`,
        ].join("\n\n"),
        querystring: StreamQuery,
        headers: StreamHeaders,
        response: {
          200: {
            description: "An endless stream of events.",
            content: {
              "text/event-stream": { schema: Type.Unsafe<unknown>({ ...EventSchema, $id: undefined, description: "The `data:` of each message: an Event." }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // The one decision of what the caller may see, as the list and every other path events leave by ask it.
      const visible = accessFor(caller).eventTypes;
      const wanted = streamTypes(request.query.type);
      const types = visible.filter((type) => wanted.has(type));
      const resumeFrom = request.headers["last-event-id"] ?? request.query.last_event_id;
      const position = resumeFrom ? await positionOfEvent(db, caller.org.id, resumeFrom, visible) : null;
      if (resumeFrom && !position) {
        const field = request.headers["last-event-id"] ? "Last-Event-ID" : "last_event_id";
        throw invalidField(
          request.headers["last-event-id"] ? "header" : "query",
          field,
          `names no event of this organization that this key may see: ${resumeFrom}`,
        );
      }
      const start = position ? { position, seen: new Set<string>() } : await currentStart(db, caller.org.id);
      feed.admit(caller.key.id);
      reply.hijack();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = String(value);
      const raw = reply.raw;
      // connection: close: a stream's connection is not reused, so an ended stream leaves no socket for shutdown to wait on.
      raw.writeHead(200, {
        ...headers,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        "x-accel-buffering": "no",
        connection: "close",
      });
      // The browser's EventSource waits this long before reconnecting; the comment shows the stream is open.
      raw.write(`retry: 2000\n: streaming events of ${caller.org.id}\n\n`);
      feed.open(raw, { orgId: caller.org.id, keyId: caller.key.id, types }, start);
      return reply;
    },
  );

  app.get(
    "/v1/events",
    {
      config: { permission: "events:read" },
      schema: {
        tags,
        operationId: "listEvents",
        summary: "List events",
        description:
          "Newest first. A caller sees the kinds its permissions read (GET /v1/event_types says which): an engine key its engines', an OAuth token its scopes', a member their role's.",
        querystring: eventList.querystring,
        response: { 200: ListEnvelope(EventSchema) },
      },
    },
    async (request) => listEvents(db, callerOf(request), request.query as Record<string, unknown>, request.now),
  );

  app.get(
    "/v1/events/:id",
    {
      config: { permission: "events:read" },
      schema: { tags, operationId: "getEvent", summary: "Get an event", params: Type.Object({ id: Id("event") }), response: { 200: EventSchema } },
    },
    async (request) => getEvent(db, callerOf(request), request.params.id),
  );

  // Event types share their objects' schemas (every invoice.* an Invoice): each is copied once.
  const copies = new Map<TSchema | undefined, TSchema | undefined>();
  const copyOf = (schema: TSchema | undefined) => (copies.has(schema) ? copies.get(schema) : copies.set(schema, unnamed(schema)).get(schema));
  const types = EVENT_TYPES.map((name) => {
    const kind = EVENT_CATALOG[name];
    const schema = copyOf(objectSchemas[kind.object]) ?? {
      type: "object",
      description: `A ${kind.object}; its full schema is published when the ${kind.area} feature ships.`,
      properties: { id: { type: "string" } },
    };
    return { name, area: kind.area, description: kind.description, read_permissions: [...readPermissionsOf(name)], schema };
  });

  app.get(
    "/v1/event_types",
    {
      schema: {
        tags,
        operationId: "listEventTypes",
        summary: "List event types",
        description: "Every kind of event, with the JSON Schema of its data.object, the permissions reading it takes, and whether the caller holds them.",
        response: { 200: ListEnvelope(EventType) },
      },
    },
    async (request) => {
      const access = accessFor(callerOf(request));
      const data = types.map((type) => ({ ...type, readable: access.mayReadEvent(type.name) }));
      return { data, meta: { total: data.length, page: 1, per_page: data.length } };
    },
  );
}
