import { readerOf } from "../../platform/read-routing.ts";
import type { Api } from "../../platform/http.ts";
import { callerOf, writeContext } from "../../platform/request-context.ts";
import { Deleted, IdParams, ListEnvelope, NoBody } from "../../platform/schemas.ts";
import type { GrowthDeps } from "./index.ts";
import { CreateReply, CreateSequence, Enroll, Enrollment, EnrollmentParams, Reply, Sequence, SequenceMessage, UpdateSequence } from "./sequences-schemas.ts";
import { createSequence, deleteSequence, getSequence, listSequencesJson, sequenceList, transitionSequence, updateSequence } from "./sequences-service.ts";
import { enroll, enrollmentList, getEnrollment, listEnrollments, unenroll } from "./sequence-enrollments-service.ts";
import { listMessages, messageList, recordReply } from "./sequence-messages-service.ts";
import { sendJson } from "../../platform/lists.ts";

const tags = ["Sequences"];
const read = { permission: "growth:read" } as const;
const writeAccess = { permission: "growth:write" } as const;
const Params = IdParams("sequence");

export function registerSequenceRoutes(app: Api, { db }: GrowthDeps): void {
  app.get(
    "/v1/sequences",
    {
      config: read,
      schema: {
        tags,
        operationId: "listSequences",
        summary: "List sequences",
        querystring: sequenceList.querystring,
        response: { 200: ListEnvelope(Sequence) },
      },
    },
    async (request, reply) =>
      sendJson(reply, await listSequencesJson(await readerOf(request), callerOf(request).org.id, request.query as Record<string, unknown>, request.now)),
  );

  app.post(
    "/v1/sequences",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "createSequence",
        summary: "Create a sequence",
        description: "Steps run in order for each enrolled contact, each delay_days after the previous one. Created as draft, or active.",
        body: CreateSequence,
        response: { 201: Sequence },
      },
    },
    async (request, reply) => reply.code(201).send(await createSequence(db, writeContext(request), request.body)),
  );

  app.get(
    "/v1/sequences/:id",
    { config: read, schema: { tags, operationId: "getSequence", summary: "Get a sequence", params: Params, response: { 200: Sequence } } },
    async (request) => getSequence(db, callerOf(request).org.id, request.params.id),
  );

  app.patch(
    "/v1/sequences/:id",
    {
      config: writeAccess,
      schema: { tags, operationId: "updateSequence", summary: "Update a sequence", params: Params, body: UpdateSequence, response: { 200: Sequence } },
    },
    async (request) => updateSequence(db, writeContext(request), request.params.id, request.body),
  );

  app.delete(
    "/v1/sequences/:id",
    {
      config: { ...writeAccess, approval: "Deleting a sequence cannot be undone." },
      schema: {
        tags,
        operationId: "deleteSequence",
        summary: "Delete a sequence",
        description: "Refused (409) while it has active enrollments. Its finished enrollments go with it; the mail log stays.",
        params: Params,
        response: { 200: Deleted("sequence") },
      },
    },
    async (request) => deleteSequence(db, writeContext(request), request.params.id),
  );

  // approval: why an agent's call waits for a person (engines/agent/route-tools.ts); the API runs it at once.
  const actions = [
    ["activate", "activateSequence", "Activate a sequence (draft or paused -> active)", undefined],
    ["pause", "pauseSequence", "Pause a sequence (active -> paused); its enrollments wait", undefined],
    [
      "archive",
      "archiveSequence",
      "Archive a sequence; its active enrollments stop",
      "Archiving a sequence stops every one of its active enrollments, for good.",
    ],
  ] as const;
  for (const [action, operationId, summary, approval] of actions) {
    app.post(
      `/v1/sequences/:id/${action}`,
      { config: { ...writeAccess, approval }, schema: { tags, operationId, summary, params: Params, body: NoBody, response: { 200: Sequence } } },
      async (request) => transitionSequence(db, writeContext(request), request.params.id, action),
    );
  }

  app.get(
    "/v1/sequences/:id/enrollments",
    {
      config: read,
      schema: {
        tags,
        operationId: "listEnrollments",
        summary: "List a sequence's enrollments",
        params: Params,
        querystring: enrollmentList.querystring,
        response: { 200: ListEnvelope(Enrollment) },
      },
    },
    async (request) =>
      listEnrollments(await readerOf(request), callerOf(request).org.id, request.params.id, request.query as Record<string, unknown>, request.now),
  );

  app.post(
    "/v1/sequences/:id/enrollments",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "enrollContact",
        summary: "Enroll a contact",
        description:
          "A contact is in a sequence at most once at a time (409 otherwise). Its first step is due delay_days from now; steps run while the sequence is active.",
        params: Params,
        body: Enroll,
        response: { 201: Enrollment },
      },
    },
    async (request, reply) => reply.code(201).send(await enroll(db, writeContext(request), request.params.id, request.body.contact_id)),
  );

  app.get(
    "/v1/sequences/:id/enrollments/:enrollment_id",
    {
      config: read,
      schema: { tags, operationId: "getEnrollment", summary: "Get an enrollment", params: EnrollmentParams, response: { 200: Enrollment } },
    },
    async (request) => getEnrollment(db, callerOf(request).org.id, request.params.id, request.params.enrollment_id),
  );

  app.delete(
    "/v1/sequences/:id/enrollments/:enrollment_id",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "unenrollContact",
        summary: "Unenroll a contact",
        description: "Stops an active enrollment (status unenrolled, stop_reason manual). Answers the enrollment.",
        params: EnrollmentParams,
        response: { 200: Enrollment },
      },
    },
    async (request) => unenroll(db, writeContext(request), request.params.id, request.params.enrollment_id),
  );

  app.post(
    "/v1/sequence_replies",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "recordSequenceReply",
        summary: "Record a reply",
        description:
          "For an inbox sync: a reply to an enrollment (enrollment_id), or from an address (email: every active enrollment of that contact). The enrollments stop as replied and sequence.replied is emitted for each; the reply joins the mail log.",
        body: CreateReply,
        response: { 200: Reply },
      },
    },
    async (request) => recordReply(db, writeContext(request), request.body),
  );

  app.get(
    "/v1/sequence_messages",
    {
      config: read,
      schema: {
        tags,
        operationId: "listSequenceMessages",
        summary: "List the mail log",
        description: "Every email sequences sent and every reply recorded, newest first.",
        querystring: messageList.querystring,
        response: { 200: ListEnvelope(SequenceMessage) },
      },
    },
    async (request) => listMessages(await readerOf(request), callerOf(request).org.id, request.query as Record<string, unknown>, request.now),
  );
}
