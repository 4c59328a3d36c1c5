import { readerOf } from "../../platform/read-routing.ts";
import type { Api } from "../../platform/http.ts";
import { callerOf, writeContext } from "../../platform/request-context.ts";
import { Deleted, IdParams, ListEnvelope } from "../../platform/schemas.ts";
import { CreateDeal, Deal, UpdateDeal } from "./deals-schemas.ts";
import { createDeal, dealList, deleteDeal, getDeal, listDealsJson, updateDeal } from "./deals-service.ts";
import type { GrowthDeps } from "./index.ts";
import { sendJson } from "../../platform/lists.ts";

const tags = ["Deals"];
const read = { permission: "growth:read" } as const;
const writeAccess = { permission: "growth:write" } as const;
const Params = IdParams("deal");

export function registerDealRoutes(app: Api, { db }: GrowthDeps): void {
  app.get(
    "/v1/deals",
    {
      config: read,
      schema: {
        tags,
        operationId: "listDeals",
        summary: "List deals",
        description: "Filter by status, pipeline, stage, account, contact, amount and dates; search names with q.",
        querystring: dealList.querystring,
        response: { 200: ListEnvelope(Deal) },
      },
    },
    async (request, reply) =>
      sendJson(reply, await listDealsJson(await readerOf(request), callerOf(request).org.id, request.query as Record<string, unknown>, request.now)),
  );

  app.post(
    "/v1/deals",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "createDeal",
        summary: "Create a deal",
        description: "Without pipeline_id and stage_id the deal starts in the default pipeline's first open stage.",
        body: CreateDeal,
        response: { 201: Deal },
      },
    },
    async (request, reply) => reply.code(201).send(await createDeal(db, writeContext(request), request.body)),
  );

  app.get(
    "/v1/deals/:id",
    { config: read, schema: { tags, operationId: "getDeal", summary: "Get a deal", params: Params, response: { 200: Deal } } },
    async (request) => getDeal(db, callerOf(request).org.id, request.params.id),
  );

  app.patch(
    "/v1/deals/:id",
    {
      config: writeAccess,
      schema: { tags, operationId: "updateDeal", summary: "Update or move a deal", params: Params, body: UpdateDeal, response: { 200: Deal } },
    },
    async (request) => updateDeal(db, writeContext(request), request.params.id, request.body),
  );

  app.delete(
    "/v1/deals/:id",
    {
      config: { ...writeAccess, approval: "Deleting a deal cannot be undone." },
      schema: { tags, operationId: "deleteDeal", summary: "Delete a deal", params: Params, response: { 200: Deleted("deal") } },
    },
    async (request) => deleteDeal(db, writeContext(request), request.params.id),
  );
}
