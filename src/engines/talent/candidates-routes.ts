import { readerOf } from "../../platform/read-routing.ts";
import type { Api, RouteDeps } from "../../platform/http.ts";
import { callerOf, writeContext } from "../../platform/request-context.ts";
import { Deleted, IdParams, ListEnvelope } from "../../platform/schemas.ts";
import { Candidate, CandidateSummary, CreateCandidate, UpdateCandidate } from "./candidates-schemas.ts";
import { candidateList, createCandidate, deleteCandidate, getCandidate, listCandidatesJson, updateCandidate } from "./candidates-service.ts";
import { sendJson } from "../../platform/lists.ts";

const tags = ["Candidates"];
const read = { permission: "talent:read" } as const;
const writeAccess = { permission: "talent:write" } as const;
const Params = IdParams("candidate");

export function registerCandidateRoutes(app: Api, { db }: RouteDeps): void {
  app.get(
    "/v1/candidates",
    {
      config: read,
      schema: {
        tags,
        operationId: "listCandidates",
        summary: "List candidates",
        description:
          "Filter by job_id, stage (a comma list means any of), source, rating ranges and dates; search names and email with q. Items leave out history.",
        querystring: candidateList.querystring,
        response: { 200: ListEnvelope(CandidateSummary) },
      },
    },
    async (request, reply) =>
      sendJson(reply, await listCandidatesJson(await readerOf(request), callerOf(request).org.id, request.query as Record<string, unknown>, request.now)),
  );

  app.post(
    "/v1/candidates",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "createCandidate",
        summary: "Create a candidate",
        description: "For an open job; starts as applied. The email is unique per job (409).",
        body: CreateCandidate,
        response: { 201: Candidate },
      },
    },
    async (request, reply) => reply.code(201).send(await createCandidate(db, writeContext(request), request.body)),
  );

  app.get(
    "/v1/candidates/:id",
    {
      config: read,
      schema: { tags, operationId: "getCandidate", summary: "Get a candidate with its stage history", params: Params, response: { 200: Candidate } },
    },
    async (request) => getCandidate(db, callerOf(request).org.id, request.params.id),
  );

  app.patch(
    "/v1/candidates/:id",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "updateCandidate",
        summary: "Update or move a candidate",
        description:
          "stage moves the candidate: applied -> screening -> interview -> offer -> hired, any of the first four -> rejected, rejected -> applied. Any other move is a 409 with allowed_next_stages. A move emits candidate.status_changed, and candidate.hired or candidate.rejected.",
        params: Params,
        body: UpdateCandidate,
        response: { 200: Candidate },
      },
    },
    async (request) => updateCandidate(db, writeContext(request), request.params.id, request.body),
  );

  app.delete(
    "/v1/candidates/:id",
    {
      config: { ...writeAccess, approval: "Deleting a candidate cannot be undone." },
      schema: { tags, operationId: "deleteCandidate", summary: "Delete a candidate", params: Params, response: { 200: Deleted("candidate") } },
    },
    async (request) => deleteCandidate(db, writeContext(request), request.params.id),
  );
}
