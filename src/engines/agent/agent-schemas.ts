import { Type, type Static } from "typebox";
import { ProblemSchema } from "../../platform/problems.ts";
import { Id, Nullable, NullableTimestamp, StreamEvent, StringEnum, Timestamp } from "../../platform/schemas.ts";
import { ACTION_STATUSES, MESSAGE_ROLES } from "./agent-table.ts";

/** A message longer than this is refused (a question, not a document). */
export const MAX_MESSAGE_CHARS = 4000;

export const Message = Type.Object(
  {
    id: Id("agentMessage"),
    object: Type.Literal("message"),
    conversation_id: Id("conversation"),
    role: StringEnum(MESSAGE_ROLES),
    content: Type.String(),
    created_at: Timestamp("When it was written."),
  },
  { $id: "Message", description: "A message of an agent conversation." },
);
export type MessageApi = Static<typeof Message>;

const ActionError = Type.Object(
  {
    code: Type.String({ description: "The error code, as the API's problems carry." }),
    status: Type.Integer({ description: "The HTTP status the same call would have had." }),
    detail: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ in: Type.String(), field: Type.String(), message: Type.String() }))),
  },
  { additionalProperties: true },
);

export const Action = Type.Object(
  {
    id: Id("agentAction"),
    object: Type.Literal("action"),
    conversation_id: Id("conversation"),
    message_id: Id("agentMessage", "The agent's reply of the turn that took the action."),
    tool: Type.String({ description: "The tool called (see docs/agent.md, Tools)." }),
    input: Type.Object({}, { additionalProperties: true, description: "The tool's input." }),
    status: StringEnum(ACTION_STATUSES, {
      description: "completed, failed, approval_required (waits for POST /v1/agent/approvals/{id}/approve or /deny), approved (running), denied.",
    }),
    result: Type.Optional(
      Type.Unknown({
        description:
          "What the tool returned (the resource as the API returns it), when completed. A read's list keeps its first 10 items, `omitted` counting the rest of the page (`meta` as the API returned it); the action's input reads them again.",
      }),
    ),
    error: Type.Optional(ActionError),
    approval_id: Nullable(Id("approval"), { description: "Set when the action needs or needed approval." }),
    approval_reason: Type.Optional(Type.String({ description: "Why the action needs approval." })),
    created_at: Timestamp("When the agent took it."),
    decided_at: NullableTimestamp("When it was approved or denied."),
  },
  { $id: "Action", description: "A tool call the agent made." },
);
export type ActionApi = Static<typeof Action>;

export const Conversation = Type.Object(
  {
    id: Id("conversation"),
    object: Type.Literal("conversation"),
    title: Type.String({ description: "The first message, shortened." }),
    message_count: Type.Integer(),
    created_at: Timestamp("When it was opened."),
    updated_at: Timestamp("Last message."),
  },
  { $id: "Conversation", description: "A conversation with the agent." },
);
export type ConversationApi = Static<typeof Conversation>;

export const ConversationWithMessages = Type.Object(
  {
    ...Conversation.properties,
    messages: Type.Array(
      Type.Object({ ...Message.properties, actions: Type.Array(Action, { description: "Actions the agent took in this reply (none on user messages)." }) }),
      {
        description: "Every message, oldest first, each reply with its actions in order.",
      },
    ),
  },
  { $id: "ConversationWithMessages", description: "A conversation with its messages and actions." },
);

export const ChatRequest = Type.Object(
  {
    message: Type.String({
      minLength: 1,
      maxLength: MAX_MESSAGE_CHARS,
      pattern: "^(?=[\\s\\S]*\\S)[^\\u0000]*$",
      description: "What to ask or tell the agent.",
      errorMessage: `must be 1 to ${MAX_MESSAGE_CHARS} characters, not only spaces, without NUL characters`,
    }),
    conversation_id: Type.Optional(Id("conversation", "Continue this conversation; a new one is opened when omitted.")),
    stream: Type.Optional(Type.Boolean({ description: "Answer text/event-stream: events as the turn happens, then `done` with this same object." })),
  },
  { additionalProperties: false },
);
export type ChatRequestApi = Static<typeof ChatRequest>;

export const Usage = Type.Object({
  steps: Type.Integer({ description: "Planner or model steps taken." }),
  tool_calls: Type.Integer(),
  tokens: Type.Optional(Type.Integer({ description: "Tokens, when a model reports them." })),
});
export type UsageApi = Static<typeof Usage>;

export const ChatResponse = Type.Object(
  {
    conversation_id: Id("conversation"),
    message: Type.Object({ id: Id("agentMessage"), role: Type.Literal("assistant"), content: Type.String(), created_at: Timestamp("When it was written.") }),
    actions: Type.Array(Action),
    usage: Usage,
  },
  { $id: "ChatWithAgent", description: "The agent's reply, the actions it took, and what the turn used." },
);
export type ChatResponseApi = Static<typeof ChatResponse>;

/**
 * One event of a streamed turn (chat with stream: true), in the order the turn makes them: the reply's text
 * in pieces, each tool call as it starts and ends, then `done` with the same object the JSON answer has, or
 * `error` with a problem when the turn failed after the stream began.
 */
export const ChatStreamEvent = Type.Union(
  [
    StreamEvent("message.delta", Type.Object({ delta: Type.String({ description: "The next piece of the reply's text." }) }), "A piece of the reply's text."),
    StreamEvent("action.started", Type.Object({ tool: Type.String(), input: Type.Unknown({ description: "The tool's input." }) }), "A tool call begins."),
    StreamEvent("action.completed", Action, "A tool call ended and succeeded."),
    StreamEvent("action.failed", Action, "A tool call ended and failed."),
    StreamEvent("approval.required", Action, "A tool call waits for approval (POST /v1/agent/approvals/{id}/approve)."),
    StreamEvent("done", ChatResponse, "The turn is over: the same object the JSON answer has. Always the last event of a turn that succeeded."),
    StreamEvent("error", ProblemSchema, "The turn failed after the stream began: the problem, as an error answer would carry it. The last event."),
  ],
  { description: "One event of a streamed agent turn." },
);
export type ChatStreamEventApi = Static<typeof ChatStreamEvent>;
