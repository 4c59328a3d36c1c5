import { Type, type TSchema } from "typebox";
import type { Api, RouteDeps } from "../http.ts";
import { callerOf } from "../request-context.ts";
import { Id, ListEnvelope, Nullable } from "../schemas.ts";
import { accessFor } from "../auth/access.ts";
import { EVENT_CATALOG, EVENT_TYPES, readPermissionsOf } from "./catalog.ts";
import { eventList, getEvent, listEvents } from "./events-service.ts";

const tags = ["Events"];

export const EventSchema = Type.Object({
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
}, { $id: "Event" });

const EventType = Type.Object({
  name: Type.String(),
  area: Type.String(),
  description: Type.String(),
  read_permissions: Type.Array(Type.String(), { description: "What reading this kind, or subscribing to it (webhooks, function triggers), takes." }),
  readable: Type.Boolean({ description: "Whether the caller holds read_permissions: it sees these events and may subscribe to them." }),
  schema: Type.Object({}, { additionalProperties: true, description: "JSON Schema of data.object." }),
}, { $id: "EventType" });

/** A schema as data, without the $ids that name it in the OpenAPI document (they are not part of its shape). */
function unnamed(schema: TSchema | undefined): TSchema | undefined {
  return schema && JSON.parse(JSON.stringify(schema, (key, value) => (key === "$id" ? undefined : value)));
}

/** `objectSchemas` maps catalog object names (invoice, api_key, ...) to the schemas their engines declare. */
export function registerEventRoutes(app: Api, { db }: RouteDeps, objectSchemas: Record<string, TSchema>): void {
  app.get(
    "/v1/events",
    {
      config: { permission: "events:read" },
      schema: {
        tags,
        operationId: "listEvents",
        summary: "List events",
        description: "Newest first. A caller sees the kinds its permissions read (GET /v1/event_types says which): an engine key its engines', an OAuth token its scopes', a member their role's.",
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
