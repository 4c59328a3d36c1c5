import { Type, type Static } from "typebox";
import { Id, Nullable, NullableTimestamp, StringEnum, Timestamp } from "../platform/schemas.ts";
import { DELIVERY_STATUSES } from "./webhooks-table.ts";

export const Delivery = Type.Object(
  {
    id: Id("webhookDelivery"),
    object: Type.Literal("webhook_delivery"),
    endpoint_id: Id("webhookEndpoint"),
    event_id: Id("event"),
    event_type: Type.String(),
    status: StringEnum(DELIVERY_STATUSES, { description: "pending (not tried yet), failed (retry due), succeeded, exhausted (no retries left)." }),
    attempt_count: Type.Integer(),
    next_attempt_at: NullableTimestamp("When the next attempt is due."),
    last_attempt_at: NullableTimestamp("When it was last tried."),
    created_at: Timestamp("When the event was committed."),
    updated_at: Timestamp("Last change."),
  },
  { $id: "WebhookDelivery", description: "One event for one endpoint." },
);
export type DeliveryApi = Static<typeof Delivery>;

export const Attempt = Type.Object(
  {
    id: Id("webhookAttempt"),
    object: Type.Literal("webhook_attempt"),
    delivery_id: Id("webhookDelivery"),
    attempted_at: Timestamp("When the attempt started."),
    duration_ms: Type.Integer(),
    response_status: Nullable(Type.Integer()),
    response_body: Nullable(Type.String({ description: "The first 2 KB of the response." })),
    error: Nullable(Type.String({ description: "Timeout, connection error, or the SSRF guard's refusal." })),
    blocked: Type.Boolean({ description: "Refused by the SSRF guard before connecting." }),
  },
  { $id: "WebhookAttempt", description: "One try of a delivery." },
);
export type AttemptApi = Static<typeof Attempt>;

export const DeliveryParams = Type.Object({ id: Id("webhookEndpoint"), delivery_id: Id("webhookDelivery") });

export const Recover = Type.Object(
  { since: Type.String({ format: "date-time", description: "Re-send every delivery of this endpoint that failed or was exhausted since then." }) },
  { additionalProperties: false },
);
