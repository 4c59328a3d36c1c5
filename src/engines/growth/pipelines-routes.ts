import type { Api } from "../../platform/http.ts";
import { callerOf, writeContext } from "../../platform/request-context.ts";
import { Deleted, IdParams, ListEnvelope } from "../../platform/schemas.ts";
import type { GrowthDeps } from "./index.ts";
import { CreatePipeline, Pipeline, StageParams, UpdatePipeline } from "./pipelines-schemas.ts";
import { createPipeline, deletePipeline, deleteStage, getPipeline, listPipelinesJson, pipelineList, updatePipeline } from "./pipelines-service.ts";
import { sendJson } from "../../platform/lists.ts";

const tags = ["Pipelines"];
const read = { permission: "growth:read" } as const;
const writeAccess = { permission: "growth:write" } as const;
const Params = IdParams("pipeline");

export function registerPipelineRoutes(app: Api, { db }: GrowthDeps): void {
  app.get(
    "/v1/pipelines",
    {
      config: read,
      schema: {
        tags,
        operationId: "listPipelines",
        summary: "List pipelines",
        description: "Every organization starts with a default pipeline.",
        querystring: pipelineList.querystring,
        response: { 200: ListEnvelope(Pipeline) },
      },
    },
    async (request, reply) => sendJson(reply, await listPipelinesJson(db, callerOf(request).org.id, request.query as Record<string, unknown>, request.now)),
  );

  app.post(
    "/v1/pipelines",
    { config: writeAccess, schema: { tags, operationId: "createPipeline", summary: "Create a pipeline", body: CreatePipeline, response: { 201: Pipeline } } },
    async (request, reply) => reply.code(201).send(await createPipeline(db, writeContext(request), request.body)),
  );

  app.get(
    "/v1/pipelines/:id",
    { config: read, schema: { tags, operationId: "getPipeline", summary: "Get a pipeline", params: Params, response: { 200: Pipeline } } },
    async (request) => getPipeline(db, callerOf(request).org.id, request.params.id),
  );

  app.patch(
    "/v1/pipelines/:id",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "updatePipeline",
        summary: "Update a pipeline and its stages",
        params: Params,
        body: UpdatePipeline,
        response: { 200: Pipeline },
      },
    },
    async (request) => updatePipeline(db, writeContext(request), request.params.id, request.body),
  );

  app.delete(
    "/v1/pipelines/:id",
    {
      config: { ...writeAccess, approval: "Deleting a pipeline cannot be undone." },
      schema: {
        tags,
        operationId: "deletePipeline",
        summary: "Delete a pipeline",
        description: "Refused (409) for the default pipeline and for a pipeline that holds deals.",
        params: Params,
        response: { 200: Deleted("pipeline") },
      },
    },
    async (request) => deletePipeline(db, writeContext(request), request.params.id),
  );

  app.delete(
    "/v1/pipelines/:id/stages/:stage_id",
    {
      config: { ...writeAccess, approval: "Deleting a pipeline stage cannot be undone." },
      schema: {
        tags,
        operationId: "deletePipelineStage",
        summary: "Delete a stage",
        description: "Refused (409) while the stage holds deals, and for a pipeline's last open stage. Answers the pipeline.",
        params: StageParams,
        response: { 200: Pipeline },
      },
    },
    async (request) => deleteStage(db, writeContext(request), request.params.id, request.params.stage_id),
  );
}
