import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { notFound } from "../../platform/errors.ts";
import { write, type WriteContext } from "../../platform/events/outbox.ts";
import { defineList, jsonOf, listJson, listPage, type Bind, type ExtraCondition, type Page } from "../../platform/lists.ts";
import { accessFor } from "../../platform/auth/access.ts";
import type { Caller } from "../../platform/auth/caller.ts";
import { Conversation, type ActionApi, type ConversationApi, type MessageApi } from "./agent-schemas.ts";
import { agentActions, agentMessages, conversations, type AgentActionRow, type AgentMessageRow, type ConversationRow } from "./agent-table.ts";

export function conversationToApi(row: ConversationRow): ConversationApi {
  return {
    id: row.id,
    object: "conversation",
    title: row.title,
    message_count: row.messageCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function messageToApi(row: AgentMessageRow): MessageApi {
  return { id: row.id, object: "message", conversation_id: row.conversationId, role: row.role, content: row.content, created_at: row.createdAt.toISOString() };
}

export function actionToApi(row: AgentActionRow): ActionApi {
  const out: ActionApi = {
    id: row.id,
    object: "action",
    conversation_id: row.conversationId,
    message_id: row.messageId,
    tool: row.tool,
    input: row.input,
    status: row.status,
    approval_id: row.approvalId,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
  if (row.status === "completed") out.result = row.result;
  if (row.status === "failed" && row.error) out.error = row.error as ActionApi["error"];
  if (row.approvalReason) out.approval_reason = row.approvalReason;
  return out;
}

export const conversationList = defineList({
  table: conversations,
  tiebreak: conversations.id,
  filters: {
    created_at: { kind: "datetime", column: conversations.createdAt },
    updated_at: { kind: "datetime", column: conversations.updatedAt },
    title: { kind: "text", column: conversations.title, contains: true },
  },
  sorts: { created_at: conversations.createdAt, updated_at: conversations.updatedAt },
  defaultSort: "-created_at",
  search: [conversations.title],
  // conversationToApi, in SQL (see JsonItem).
  json: {
    schema: Conversation,
    fields: {
      id: jsonOf.text(conversations.id),
      object: jsonOf.literal("conversation"),
      title: jsonOf.text(conversations.title),
      message_count: jsonOf.integer(conversations.messageCount),
      created_at: jsonOf.timestamp(conversations.createdAt),
      updated_at: jsonOf.timestamp(conversations.updatedAt),
    },
  },
});

/**
 * A caller that does not read everything sees only the conversations it
 * opened: a conversation holds what others asked and were told, which may
 * be anything its asker could read (any engine's data, any kind of event).
 * Decided from the permissions (accessFor: the agent's own events need the
 * same), never from a key's kind: in practice full-access keys and members
 * from developer up see every conversation.
 */
export function ownOnly(caller: Caller): boolean {
  return !accessFor(caller).seesAllEvents;
}

/** The conversations a caller may list (see ownOnly). */
function visibleTo(caller: Caller): ExtraCondition | undefined {
  return ownOnly(caller) ? { key: "own", condition: (bind: Bind) => eq(conversations.keyId, bind(caller.key.id)) } : undefined;
}

export async function listConversations(db: Db, caller: Caller, query: Record<string, unknown>, now: Date): Promise<Page<ConversationApi>> {
  return listPage(db, conversationList.spec, conversationList.parse(caller.org.id, query, now, visibleTo(caller)), conversationToApi);
}

/** listConversations as the response body (JSON text written by the database). */
export async function listConversationsJson(db: Db, caller: Caller, query: Record<string, unknown>, now: Date): Promise<string> {
  return listJson(db, conversationList.spec, conversationList.parse(caller.org.id, query, now, visibleTo(caller)), now);
}

/** The conversation, if this caller may see it; a 404 otherwise, exactly as for an id that names nothing. */
export async function findConversation(db: Db | Tx, caller: Caller, id: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.orgId, caller.org.id), eq(conversations.id, id)));
  if (!row || (ownOnly(caller) && row.keyId !== caller.key.id)) throw notFound("conversation", id);
  return row;
}

export async function getConversation(db: Db, caller: Caller, id: string) {
  const orgId = caller.org.id;
  const [row, messages, actions] = await Promise.all([
    findConversation(db, caller, id),
    db
      .select()
      .from(agentMessages)
      .where(and(eq(agentMessages.orgId, orgId), eq(agentMessages.conversationId, id)))
      .orderBy(asc(agentMessages.position)),
    db
      .select()
      .from(agentActions)
      .where(and(eq(agentActions.orgId, orgId), eq(agentActions.conversationId, id)))
      .orderBy(asc(agentActions.position)),
  ]);
  const byMessage = new Map<string, ActionApi[]>();
  for (const action of actions) {
    const list = byMessage.get(action.messageId) ?? [];
    list.push(actionToApi(action));
    byMessage.set(action.messageId, list);
  }
  return { ...conversationToApi(row), messages: messages.map((m) => ({ ...messageToApi(m), actions: byMessage.get(m.id) ?? [] })) };
}

/** Deletes the conversation with its messages and actions; what its actions did to other resources stays. */
export async function deleteConversation(
  db: Db,
  caller: Caller,
  ctx: WriteContext,
  id: string,
): Promise<{ id: string; object: "conversation"; deleted: true }> {
  await write(db, ctx, async (tx) => {
    await findConversation(tx, caller, id);
    const where = and(eq(conversations.orgId, ctx.orgId), eq(conversations.id, id));
    const [gone] = await tx.delete(conversations).where(where).returning({ id: conversations.id });
    if (!gone) throw notFound("conversation", id);
    await tx.delete(agentMessages).where(and(eq(agentMessages.orgId, ctx.orgId), eq(agentMessages.conversationId, id)));
    await tx.delete(agentActions).where(and(eq(agentActions.orgId, ctx.orgId), eq(agentActions.conversationId, id)));
  });
  return { id, object: "conversation", deleted: true };
}
