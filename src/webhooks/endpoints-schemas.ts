import { Type, type Static } from "typebox";
import { Id, Metadata, Nullable, StringEnum, Timestamp } from "../platform/schemas.ts";
import { ENDPOINT_STATUSES } from "./webhooks-table.ts";

/** The Standard Webhooks retry schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h after the immediate attempt. */
export const DEFAULT_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];
export const DEFAULT_TIMEOUT_MS = 15_000;

const RetryPolicy = Type.Object(
  {
    schedule: Type.Array(Type.Integer({ minimum: 0, maximum: 86_400 }), {
      maxItems: 20,
      description: "Seconds before each retry after the immediate attempt (0 to 20 of them, each up to 24 h); a little jitter is added.",
    }),
  },
  { additionalProperties: false },
);

export const Endpoint = Type.Object(
  {
    id: Id("webhookEndpoint"),
    object: Type.Literal("webhook_endpoint"),
    url: Type.String(),
    description: Nullable(Type.String()),
    events: Type.Array(Type.String(), { description: "Event kinds, wildcards such as deal.*, or *." }),
    status: StringEnum(ENDPOINT_STATUSES),
    disabled_reason: Nullable(
      Type.String({
        description:
          "Why the endpoint was disabled: manual, gone (410), failing (no success for days), grant_revoked (the OAuth app that made it was disconnected).",
      }),
    ),
    oauth_grant_id: Nullable(
      Type.String({
        description:
          "The OAuth grant (connected app) the subscription belongs to: delivered only the events the grant still reads, and disabled when it is revoked. Null for the organization's own endpoints.",
      }),
    ),
    retry_policy: RetryPolicy,
    timeout_ms: Type.Integer(),
    metadata: Type.Record(Type.String(), Type.String()),
    created_at: Timestamp("Creation time."),
    updated_at: Timestamp("Last change."),
  },
  { $id: "WebhookEndpoint", description: "A URL that receives the organization's events, signed (Standard Webhooks)." },
);
export type EndpointApi = Static<typeof Endpoint>;

export const EndpointWithSecret = Type.Object(
  // Optional: a replay of the request (same Idempotency-Key) answers without it, since secrets are not stored for replays.
  {
    ...Endpoint.properties,
    secret: Type.Optional(
      Type.String({
        description: "whsec_...: shown only in the first answer (a replay with the same Idempotency-Key leaves it out). Verify signatures with it.",
      }),
    ),
  },
  { $id: "WebhookEndpointWithSecret", description: "The endpoint, with its signing secret (only when created or rotated)." },
);

const fields = {
  url: Type.String({ minLength: 1, maxLength: 2048, description: "https URL the events are POSTed to." }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  events: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100, uniqueItems: true }),
  retry_policy: Type.Optional(RetryPolicy),
  timeout_ms: Type.Optional(Type.Integer({ minimum: 1_000, maximum: 30_000, description: "Per attempt; default 15,000." })),
  metadata: Type.Optional(Metadata),
};

export const CreateEndpoint = Type.Object(fields, { additionalProperties: false });
export type CreateEndpointInput = Static<typeof CreateEndpoint>;

export const UpdateEndpoint = Type.Object(
  {
    url: Type.Optional(fields.url),
    description: fields.description,
    events: Type.Optional(fields.events),
    retry_policy: fields.retry_policy,
    timeout_ms: fields.timeout_ms,
    metadata: fields.metadata,
    status: Type.Optional(StringEnum(ENDPOINT_STATUSES, { description: "enabled turns a disabled endpoint back on." })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateEndpointInput = Static<typeof UpdateEndpoint>;

export const RotateSecret = Type.Object(
  {
    expires_in_hours: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 168, default: 24, description: "How long the old secret keeps signing too (deliveries carry both signatures)." }),
    ),
  },
  { additionalProperties: false, "x-optional-body": true },
);
