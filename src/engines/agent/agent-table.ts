import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const ACTION_STATUSES = ["completed", "failed", "approval_required", "approved", "denied"] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];
export const MESSAGE_ROLES = ["user", "assistant"] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/**
 * What the planner carries from one turn to the next (a question it asked and
 * what answering it resumes), so a turn never re-reads the whole history.
 */
export interface PendingQuestion {
  /** The request being completed, as the planner understood it. */
  intent: Record<string, unknown>;
  /** The slot the question fills, and the options offered (id and label). */
  slot: string;
  options: { id: string; label: string }[];
}

export const conversations = pgTable(
  "agent_conversations",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    title: text("title").notNull(),
    /** The key that opened it (shown, and for the audit trail). */
    keyId: text("key_id").notNull(),
    /** Messages and actions are numbered in one sequence per conversation: their order. */
    positions: integer("positions").notNull().default(0),
    messageCount: integer("message_count").notNull().default(0),
    pending: jsonb("pending").$type<PendingQuestion | null>(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index("agent_conversations_org_created_idx").on(t.orgId, t.createdAt, t.id)],
);

export const agentMessages = pgTable(
  "agent_messages",
  {
    orgId: text("org_id").notNull(),
    conversationId: text("conversation_id").notNull(),
    id: text("id").notNull(),
    position: integer("position").notNull(),
    role: text("role").$type<MessageRole>().notNull(),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index("agent_messages_org_conversation_idx").on(t.orgId, t.conversationId, t.position)],
);

export const agentActions = pgTable(
  "agent_actions",
  {
    orgId: text("org_id").notNull(),
    conversationId: text("conversation_id").notNull(),
    id: text("id").notNull(),
    /** The assistant message of the turn that took the action. */
    messageId: text("message_id").notNull(),
    position: integer("position").notNull(),
    tool: text("tool").notNull(),
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<ActionStatus>().notNull(),
    result: jsonb("result").$type<unknown>(),
    error: jsonb("error").$type<Record<string, unknown> | null>(),
    approvalId: text("approval_id"),
    approvalReason: text("approval_reason"),
    /** The key that approved or denied it. */
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index("agent_actions_org_conversation_idx").on(t.orgId, t.conversationId, t.position),
    index("agent_actions_org_approval_idx").on(t.orgId, t.approvalId),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type AgentMessageRow = typeof agentMessages.$inferSelect;
export type AgentActionRow = typeof agentActions.$inferSelect;
