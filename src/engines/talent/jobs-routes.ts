import { readerOf } from "../../platform/read-routing.ts";
import type { Api, RouteDeps } from "../../platform/http.ts";
import { callerOf, writeContext } from "../../platform/request-context.ts";
import { Deleted, IdParams, ListEnvelope } from "../../platform/schemas.ts";
import { CreateJob, Job, UpdateJob } from "./jobs-schemas.ts";
import { createJob, deleteJob, getJob, jobList, listJobsJson, updateJob } from "./jobs-service.ts";
import { sendJson } from "../../platform/lists.ts";

const tags = ["Jobs"];
const read = { permission: "talent:read" } as const;
const writeAccess = { permission: "talent:write" } as const;
const Params = IdParams("job");

export function registerJobRoutes(app: Api, { db }: RouteDeps): void {
  app.get(
    "/v1/jobs",
    { config: read, schema: { tags, operationId: "listJobs", summary: "List jobs", querystring: jobList.querystring, response: { 200: ListEnvelope(Job) } } },
    async (request, reply) =>
      sendJson(reply, await listJobsJson(await readerOf(request), callerOf(request).org.id, request.query as Record<string, unknown>, request.now)),
  );

  app.post(
    "/v1/jobs",
    { config: writeAccess, schema: { tags, operationId: "createJob", summary: "Create a job", body: CreateJob, response: { 201: Job } } },
    async (request, reply) => reply.code(201).send(await createJob(db, writeContext(request), request.body)),
  );

  app.get(
    "/v1/jobs/:id",
    { config: read, schema: { tags, operationId: "getJob", summary: "Get a job", params: Params, response: { 200: Job } } },
    async (request) => getJob(db, callerOf(request).org.id, request.params.id),
  );

  app.patch(
    "/v1/jobs/:id",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "updateJob",
        summary: "Update, close or reopen a job",
        description: "status closed emits job.closed; a closed job takes no new candidates.",
        params: Params,
        body: UpdateJob,
        response: { 200: Job },
      },
    },
    async (request) => updateJob(db, writeContext(request), request.params.id, request.body),
  );

  app.delete(
    "/v1/jobs/:id",
    {
      config: { ...writeAccess, approval: "Deleting a job cannot be undone." },
      schema: {
        tags,
        operationId: "deleteJob",
        summary: "Delete a job",
        description: "Only a job without candidates (409 otherwise: close it instead).",
        params: Params,
        response: { 200: Deleted("job") },
      },
    },
    async (request) => deleteJob(db, writeContext(request), request.params.id),
  );
}
