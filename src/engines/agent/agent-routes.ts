import { Type } from "typebox";
import type { Api } from "../../platform/http.ts";
import { callerOf, writeContext } from "../../platform/request-context.ts";
import { EVENT_STREAM, Id, ListEnvelope, NoBody } from "../../platform/schemas.ts";
import { Action, ChatRequest, ChatResponse, ChatStreamEvent, Conversation, ConversationWithMessages } from "./agent-schemas.ts";
import { actionToApi, conversationList, deleteConversation, getConversation, listConversationsJson } from "./conversations-service.ts";
import { streamTurn } from "./stream.ts";
import { decideApproval, findApproval, runTurn, type AgentDeps } from "./turn.ts";
import { sendJson } from "../../platform/lists.ts";

const tags = ["Agent"];
/**
 * Asking is reading: a read-only key may chat (its tools are the read tools),
 * and list or read conversations. Deleting a conversation, or approving or
 * denying an action (which then changes data, with the tool's own permission
 * checked too), takes agent:write.
 */
const read = { permission: "agent:read" } as const;
const writeAccess = { permission: "agent:write" } as const;
const Params = Type.Object({ id: Id("conversation") });
const ApprovalParams = Type.Object({ id: Id("approval") });

export function registerAgentRoutes(app: Api, deps: AgentDeps): void {
  const { db } = deps;

  app.post(
    "/v1/agent/chat",
    {
      config: read,
      schema: {
        tags,
        operationId: "chatWithAgent",
        summary: "Send the agent a message",
        description:
          "The agent answers, reading and acting on the organization's data with this key's permissions. Without conversation_id a new conversation is opened. With stream: true the answer is text/event-stream: message.delta, action.started, action.completed, action.failed, approval.required, then done (this same object).",
        body: ChatRequest,
        response: { 200: ChatResponse },
        [EVENT_STREAM]: ChatStreamEvent,
      },
    },
    async (request, reply) => {
      const { message, conversation_id, stream } = request.body;
      const caller = callerOf(request);
      const turn = { message, conversationId: conversation_id };
      if (stream) return streamTurn(db, request, reply, (onEvent) => runTurn(deps, caller, turn, writeContext(request), onEvent));
      return runTurn(deps, caller, turn, writeContext(request));
    },
  );

  app.get(
    "/v1/agent/approvals/:id",
    {
      config: read,
      schema: { tags, operationId: "getAgentApproval", summary: "Get the action an approval is for", params: ApprovalParams, response: { 200: Action } },
    },
    async (request) => actionToApi(await findApproval(db, callerOf(request), request.params.id)),
  );

  for (const decision of ["approve", "deny"] as const) {
    app.post(
      `/v1/agent/approvals/:id/${decision}`,
      {
        config: writeAccess,
        schema: {
          tags,
          operationId: decision === "approve" ? "approveAgentAction" : "denyAgentAction",
          summary: decision === "approve" ? "Approve an action the agent proposed" : "Deny an action the agent proposed",
          description:
            decision === "approve"
              ? "Runs the action now, with this key's permissions (checked now), and the agent replies in its conversation. Deciding twice is a 409."
              : "The action is dropped and the agent says so in its conversation. Deciding twice is a 409.",
          params: ApprovalParams,
          body: NoBody,
          response: { 200: ChatResponse },
        },
      },
      async (request) => decideApproval(deps, callerOf(request), request.params.id, decision, writeContext(request)),
    );
  }

  app.get(
    "/v1/agent/conversations",
    {
      config: read,
      schema: {
        tags,
        operationId: "listAgentConversations",
        summary: "List conversations",
        querystring: conversationList.querystring,
        response: { 200: ListEnvelope(Conversation) },
      },
    },
    async (request, reply) => sendJson(reply, await listConversationsJson(db, callerOf(request), request.query as Record<string, unknown>, request.now)),
  );

  app.get(
    "/v1/agent/conversations/:id",
    {
      config: read,
      schema: {
        tags,
        operationId: "getAgentConversation",
        summary: "Get a conversation with its messages and actions",
        params: Params,
        response: { 200: ConversationWithMessages },
      },
    },
    async (request) => getConversation(db, callerOf(request), request.params.id),
  );

  app.delete(
    "/v1/agent/conversations/:id",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "deleteAgentConversation",
        summary: "Delete a conversation",
        description: "Its messages and actions go with it; what the actions changed stays.",
        params: Params,
        response: {
          200: Type.Object({ id: Id("conversation"), object: Type.Literal("conversation"), deleted: Type.Literal(true) }, { $id: "DeletedConversation" }),
        },
      },
    },
    async (request) => deleteConversation(db, callerOf(request), writeContext(request), request.params.id),
  );
}
