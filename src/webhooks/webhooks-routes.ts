import type { Api, RouteDeps } from "../platform/http.ts";
import { callerOf, writeContext } from "../platform/request-context.ts";
import { Deleted, IdParams, ListEnvelope, NoBody } from "../platform/schemas.ts";
import { Type } from "typebox";
import { Attempt, Delivery, DeliveryParams, Recover } from "./deliveries-schemas.ts";
import { deliveryList, listAttempts, listDeliveries, recover, resend, sendTest } from "./deliveries-service.ts";
import { CreateEndpoint, Endpoint, EndpointWithSecret, RotateSecret, UpdateEndpoint } from "./endpoints-schemas.ts";
import { createEndpoint, deleteEndpoint, endpointList, endpointToApi, findEndpoint, listEndpoints, rotateSecret, updateEndpoint } from "./endpoints-service.ts";
import type { SsrfPolicy } from "./ssrf.ts";

const tags = ["Webhooks"];
const manage = { permission: "webhooks:manage" } as const;
const Params = IdParams("webhookEndpoint");

export function registerWebhookRoutes(app: Api, { db }: RouteDeps, policy: SsrfPolicy): void {
  app.get(
    "/v1/webhook_endpoints",
    {
      config: manage,
      schema: {
        tags,
        operationId: "listWebhookEndpoints",
        summary: "List webhook endpoints",
        querystring: endpointList.querystring,
        response: { 200: ListEnvelope(Endpoint) },
      },
    },
    async (request) => listEndpoints(db, callerOf(request).org.id, request.query as Record<string, unknown>, request.now),
  );

  app.post(
    "/v1/webhook_endpoints",
    {
      config: manage,
      schema: {
        tags,
        operationId: "createWebhookEndpoint",
        summary: "Create a webhook endpoint",
        description: "The answer holds the signing secret (whsec_...), shown only now. Events are signed per Standard Webhooks.",
        body: CreateEndpoint,
        response: { 201: EndpointWithSecret },
      },
    },
    async (request, reply) => reply.code(201).send(await createEndpoint(db, writeContext(request), callerOf(request), request.body, policy)),
  );

  app.get(
    "/v1/webhook_endpoints/:id",
    { config: manage, schema: { tags, operationId: "getWebhookEndpoint", summary: "Get a webhook endpoint", params: Params, response: { 200: Endpoint } } },
    async (request) => endpointToApi(await findEndpoint(db, callerOf(request).org.id, request.params.id)),
  );

  app.patch(
    "/v1/webhook_endpoints/:id",
    {
      config: manage,
      schema: {
        tags,
        operationId: "updateWebhookEndpoint",
        summary: "Update a webhook endpoint",
        description: 'status "enabled" turns a disabled endpoint back on; deliveries held while it was off are sent.',
        params: Params,
        body: UpdateEndpoint,
        response: { 200: Endpoint },
      },
    },
    async (request) => updateEndpoint(db, writeContext(request), callerOf(request), request.params.id, request.body, policy),
  );

  app.delete(
    "/v1/webhook_endpoints/:id",
    {
      config: manage,
      schema: {
        tags,
        operationId: "deleteWebhookEndpoint",
        summary: "Delete a webhook endpoint and its logs",
        params: Params,
        response: { 200: Deleted("webhook_endpoint") },
      },
    },
    async (request) => deleteEndpoint(db, writeContext(request), request.params.id),
  );

  app.post(
    "/v1/webhook_endpoints/:id/rotate_secret",
    {
      config: manage,
      schema: {
        tags,
        operationId: "rotateWebhookSecret",
        summary: "Rotate the signing secret",
        description: "Returns the new secret. Until the old one expires, deliveries carry both signatures.",
        params: Params,
        body: RotateSecret,
        response: { 200: EndpointWithSecret },
      },
    },
    async (request) =>
      rotateSecret(db, writeContext(request), request.params.id, (request.body as { expires_in_hours?: number } | undefined)?.expires_in_hours ?? 24),
  );

  app.post(
    "/v1/webhook_endpoints/:id/test",
    {
      config: manage,
      schema: { tags, operationId: "testWebhookEndpoint", summary: "Send a signed ping", params: Params, body: NoBody, response: { 202: Delivery } },
    },
    async (request, reply) => reply.code(202).send(await sendTest(db, writeContext(request), request.params.id)),
  );

  app.post(
    "/v1/webhook_endpoints/:id/recover",
    {
      config: manage,
      schema: {
        tags,
        operationId: "recoverWebhookEndpoint",
        summary: "Re-send failed deliveries",
        params: Params,
        body: Recover,
        response: {
          202: Type.Object(
            { object: Type.Literal("webhook_recovery"), endpoint_id: Type.String(), since: Type.String(), resent: Type.Integer() },
            { $id: "WebhookRecovery" },
          ),
        },
      },
    },
    async (request, reply) => reply.code(202).send(await recover(db, writeContext(request), request.params.id, request.body.since)),
  );

  app.get(
    "/v1/webhook_endpoints/:id/deliveries",
    {
      config: manage,
      schema: {
        tags,
        operationId: "listWebhookDeliveries",
        summary: "List an endpoint's deliveries",
        params: Params,
        querystring: deliveryList.querystring,
        response: { 200: ListEnvelope(Delivery) },
      },
    },
    async (request) => listDeliveries(db, callerOf(request).org.id, request.params.id, request.query as Record<string, unknown>, request.now),
  );

  app.get(
    "/v1/webhook_endpoints/:id/deliveries/:delivery_id/attempts",
    {
      config: manage,
      schema: {
        tags,
        operationId: "listWebhookAttempts",
        summary: "List a delivery's attempts",
        params: DeliveryParams,
        response: { 200: ListEnvelope(Attempt) },
      },
    },
    async (request) => listAttempts(db, callerOf(request).org.id, request.params.id, request.params.delivery_id),
  );

  app.post(
    "/v1/webhook_endpoints/:id/deliveries/:delivery_id/resend",
    {
      config: manage,
      schema: {
        tags,
        operationId: "resendWebhookDelivery",
        summary: "Send a delivery again now",
        params: DeliveryParams,
        body: NoBody,
        response: { 202: Delivery },
      },
    },
    async (request, reply) => reply.code(202).send(await resend(db, writeContext(request), request.params.id, request.params.delivery_id)),
  );
}
