import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { requirePermissions } from "../../platform/auth/auth-hook.ts";
import type { Caller } from "../../platform/auth/caller.ts";
import { ApiError, ERROR_CODES } from "../../platform/errors.ts";
import { write, type Emit, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import type { ActionApi, ChatResponseApi } from "./agent-schemas.ts";
import {
  agentActions,
  agentMessages,
  conversations,
  type ActionStatus,
  type AgentActionRow,
  type AgentMessageRow,
  type ConversationRow,
  type MessageRole,
  type PendingQuestion,
} from "./agent-table.ts";
import { actionToApi, conversationToApi, findConversation, messageToApi } from "./conversations-service.ts";
import { validateToolInput, type Tool, type ToolRegistry } from "./tools.ts";

/** What a tool call came to, as the planner sees it. */
export type ToolOutcome =
  | { status: "completed"; result: unknown; action: ActionApi }
  | { status: "failed"; error: NonNullable<ActionApi["error"]>; action: ActionApi | null }
  | { status: "approval_required"; reason: string; action: ActionApi };

export interface ToolCaller {
  /** The tools this key may use (a model is offered only these). */
  readonly available: readonly Tool[];
  /**
   * Every tool of the registry, those the caller may not use included: a
   * planner that knows what the request needs calls it anyway, so the refusal
   * is recorded as a failed action naming the missing permission (a model is
   * still offered only `available`).
   */
  readonly all: readonly Tool[];
  call(name: string, input: unknown): Promise<ToolOutcome>;
  /** Calls this turn may still make: a planner that searches widely stops before the limit, not at it. */
  callsLeft(): number;
}

export interface PlannerTurn {
  message: string;
  /** The instant the turn runs at (the request's clock): "this month", "overdue" and a snapshot's age are read from it. */
  now: Date;
  /** The question the agent asked last turn, which this message may answer. */
  pending: PendingQuestion | null;
  tools: ToolCaller;
  /** The conversation's last messages, oldest first, this one excluded: bounded, for planners that need context. */
  recentMessages(limit: number): Promise<{ role: MessageRole; content: string }[]>;
  /** Streams reply text as it is produced. */
  text(delta: string): void;
}

export interface PlannerReply {
  content: string;
  pending?: PendingQuestion | null;
  /** Planning steps (model calls, or 1 for the offline planner). */
  steps: number;
  tokens?: number;
}

export interface Planner {
  reply(turn: PlannerTurn): Promise<PlannerReply>;
  /** One line saying what a completed action did, for the reply to an approval. */
  describe(tool: string, result: unknown): string;
}

export type TurnEvent =
  | { type: "message.delta"; delta: string }
  | { type: "action.started"; tool: string; input: unknown }
  | { type: "action.completed"; action: ActionApi }
  | { type: "action.failed"; action: ActionApi }
  | { type: "approval.required"; action: ActionApi };

export interface AgentDeps {
  db: Db;
  /** The tools, generated from the route table when the app is ready. */
  tools: ToolRegistry;
  planner: Planner;
  /** Tool calls one turn may make. */
  maxSteps: number;
}

const TITLE_CHARS = 80;
/** Items of a read's page an action keeps: what a reply lists (a screen); its input reads the rest again. */
export const STORED_ITEMS = 10;

/**
 * What an action records of its tool's result. A read's page is cut to its
 * first STORED_ITEMS items, `omitted` saying how many more the page held
 * (`meta` is the route's, total included): a 100-invoice page written as
 * jsonb with every turn cost more than the turn's other writes together.
 * The planner works on the whole page; a change's result is kept whole.
 */
function recordedResult(tool: Tool | null, result: unknown): unknown {
  if (tool?.access !== "read" || result === null || typeof result !== "object" || !("data" in result)) return result;
  const { data } = result as { data: unknown };
  if (!Array.isArray(data) || data.length <= STORED_ITEMS) return result;
  return { ...result, data: data.slice(0, STORED_ITEMS), omitted: data.length - STORED_ITEMS };
}

function problemOf(error: ApiError): NonNullable<ActionApi["error"]> {
  const out: NonNullable<ActionApi["error"]> & Record<string, unknown> = { code: error.code, status: ERROR_CODES[error.code].status, detail: error.detail };
  if (error.extras.errors) out.errors = error.extras.errors;
  if (typeof error.extras.required_permission === "string") out.required_permission = error.extras.required_permission;
  return out;
}

type ActionRecord = Omit<AgentActionRow, "position">;
type MessageRecord = Omit<AgentMessageRow, "position">;
/** A message or an action of a conversation, not yet written. */
type Item = { kind: "action"; row: ActionRecord; announce: boolean } | { kind: "message"; row: MessageRecord };

/**
 * Writes a turn's queued messages and actions in order, with their agent.*
 * events, in the caller's transaction. A new conversation is one statement
 * (the conversation, its messages and actions as data-modifying CTEs); an
 * existing one two: the position counter's update (which numbers them and
 * serializes concurrent turns), then the messages and actions in one.
 * `create` opens the conversation; `pending` replaces the question the
 * conversation waits on, when given.
 */
async function persist(
  tx: Tx,
  emit: Emit,
  ctx: WriteContext,
  conversationId: string,
  items: Item[],
  options: { create?: { title: string; keyId: string }; pending?: PendingQuestion | null },
): Promise<void> {
  const messages = items.filter((i) => i.kind === "message").length;
  const inserts: SQL[] = [];
  let last = items.length;
  if (options.create) {
    const row: ConversationRow = {
      orgId: ctx.orgId,
      id: conversationId,
      ...options.create,
      positions: items.length,
      messageCount: messages,
      pending: options.pending ?? null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    inserts.push(tx.insert(conversations).values(row).getSQL());
    emit({ type: "agent.conversation_started", object: conversationToApi(row) });
  } else {
    const [row] = await tx
      .update(conversations)
      .set({
        positions: sql`${conversations.positions} + ${items.length}`,
        messageCount: sql`${conversations.messageCount} + ${messages}`,
        updatedAt: ctx.now,
        ...(options.pending !== undefined ? { pending: options.pending } : {}),
      })
      .where(and(eq(conversations.orgId, ctx.orgId), eq(conversations.id, conversationId)))
      .returning({ positions: conversations.positions });
    if (!row) throw new ApiError("conflict", `The conversation ${conversationId} was deleted during the turn.`);
    last = row.positions;
  }
  let position = last - items.length;
  const messageRows = items.flatMap((i) => (i.kind === "message" ? [{ ...i.row, position: ++position }] : (++position, [])));
  position = last - items.length;
  const actionRows = items.flatMap((i) => (i.kind === "action" ? [{ ...i.row, position: ++position }] : (++position, [])));
  if (messageRows.length > 0) inserts.push(tx.insert(agentMessages).values(messageRows).getSQL());
  if (actionRows.length > 0) inserts.push(tx.insert(agentActions).values(actionRows).getSQL());
  // Data-modifying CTEs all run, read or not: one round trip (and one parse and plan) for every insert of the turn.
  if (inserts.length > 0)
    await tx.execute(
      sql`WITH ${sql.join(
        inserts.map((insert, i) => sql`${sql.raw(`w${i}`)} AS (${insert})`),
        sql`, `,
      )} SELECT 1`,
    );
  for (const item of items) {
    if (item.kind === "message") {
      if (item.row.role === "assistant") emit({ type: "agent.message_created", object: messageToApi({ ...item.row, position: 0 }) });
      continue;
    }
    // agent.action_* events announce changes (and attempts at them), not lookups: a read's result stays in the conversation.
    if (!item.announce) continue;
    const action = actionToApi({ ...item.row, position: 0 });
    if (item.row.status === "completed") emit({ type: "agent.action_completed", object: action });
    if (item.row.status === "failed") emit({ type: "agent.action_failed", object: action });
    if (item.row.status === "approval_required") emit({ type: "agent.approval_required", object: action });
  }
}

function messageRecord(ctx: WriteContext, conversationId: string, id: string, role: MessageRole, content: string): MessageRecord {
  return { orgId: ctx.orgId, conversationId, id, role, content, createdAt: ctx.now };
}

/** Runs a validated, authorized call of a tool and records it: the engine's own events carry the conversation id. */
async function execute(
  deps: AgentDeps,
  caller: Caller,
  ctx: WriteContext,
  tool: Tool,
  input: Record<string, unknown>,
): Promise<{ status: "completed"; result: unknown } | { status: "failed"; error: NonNullable<ActionApi["error"]> }> {
  try {
    const result = await deps.tools.run(tool, caller, ctx, input);
    return { status: "completed", result };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: "failed", error: problemOf(error) };
  }
}

/**
 * One turn of a conversation: the user's message, the planner's tool calls
 * (each validated and authorized, then authorized again as it runs), the
 * reply. The conversation row and the user's message commit with the turn's
 * first record (see flush); a read-only turn is one transaction.
 */
export async function runTurn(
  deps: AgentDeps,
  caller: Caller,
  request: { message: string; conversationId?: string },
  baseCtx: WriteContext,
  onEvent: (event: TurnEvent) => void = () => {},
): Promise<ChatResponseApi> {
  const existing: ConversationRow | null = request.conversationId ? await findConversation(deps.db, caller, request.conversationId) : null;
  const conversationId = existing?.id ?? newId("conversation");
  const ctx: WriteContext = { ...baseCtx, conversationId };
  const replyId = newId("agentMessage");
  const actions: ActionApi[] = [];
  let started = false;
  let waiting = false;
  let toolCalls = 0;
  const queue: Item[] = [{ kind: "message", row: messageRecord(ctx, conversationId, newId("agentMessage"), "user", request.message) }];

  /**
   * Writes what the turn has queued. Reads are recorded with the reply (they
   * changed nothing); a change, and an action waiting for approval, at once.
   * Nothing is written before the first of these, so a turn that fails before
   * acting (a model provider that is down) leaves no trace.
   */
  const flush = async (pending?: PendingQuestion | null) => {
    const items = queue.splice(0);
    const create = !started && !existing ? { title: request.message.trim().replace(/\s+/g, " ").slice(0, TITLE_CHARS), keyId: caller.key.id } : undefined;
    await write(deps.db, ctx, (tx, emit) => persist(tx, emit, ctx, conversationId, items, { create, pending: started ? pending : (pending ?? null) }));
    started = true;
  };
  const recordAction = async (
    tool: Tool | null,
    fields: { tool: string; input: Record<string, unknown>; status: ActionStatus; result?: unknown; error?: ActionApi["error"]; approvalReason?: string },
  ): Promise<ActionApi> => {
    const row: ActionRecord = {
      orgId: ctx.orgId,
      conversationId,
      id: newId("agentAction"),
      messageId: replyId,
      tool: fields.tool,
      input: fields.input,
      status: fields.status,
      result: recordedResult(tool, fields.result ?? null),
      error: fields.error ?? null,
      approvalId: fields.approvalReason ? newId("approval") : null,
      approvalReason: fields.approvalReason ?? null,
      decidedBy: null,
      decidedAt: null,
      createdAt: ctx.now,
    };
    queue.push({ kind: "action", row, announce: tool === null || tool.access === "write" });
    if (fields.status === "approval_required" || (fields.status === "completed" && tool?.access === "write")) await flush();
    const action = actionToApi({ ...row, position: 0 });
    actions.push(action);
    return action;
  };

  const tools: ToolCaller = {
    available: deps.tools.for(caller),
    all: deps.tools.all,
    callsLeft: () => deps.maxSteps - toolCalls,
    async call(name, rawInput) {
      if (toolCalls >= deps.maxSteps) {
        return {
          status: "failed",
          action: null,
          error: { code: "unprocessable", status: 422, detail: `A turn makes at most ${deps.maxSteps} tool calls; this one reached the limit.` },
        };
      }
      toolCalls += 1;
      const input = rawInput !== null && typeof rawInput === "object" && !Array.isArray(rawInput) ? (rawInput as Record<string, unknown>) : { value: rawInput };
      onEvent({ type: "action.started", tool: name, input });
      let tool: Tool;
      let valid: Record<string, unknown>;
      try {
        tool = deps.tools.find(name);
        valid = validateToolInput(tool, rawInput);
        // Refused before approval is asked for; checked again when it runs (by the route's own guard).
        requirePermissions(caller, tool.permissions);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const action = await recordAction(null, { tool: name, input, status: "failed", error: problemOf(error) });
        onEvent({ type: "action.failed", action });
        return { status: "failed", error: action.error!, action };
      }
      const reason = tool.approval?.(valid as never) ?? null;
      // Once an action waits, no other change runs (it might build on what waits), but more proposals may join it,
      // and reads find their records: "void INV-12 and INV-13" is one approval per invoice, each decided on its own.
      if (waiting && !reason && tool.access !== "read") {
        return {
          status: "failed",
          action: null,
          error: {
            code: "conflict",
            status: 409,
            detail: "An earlier action of this turn waits for approval; the turn changes nothing more, it may only read and propose.",
          },
        };
      }
      if (reason) {
        waiting = true;
        const action = await recordAction(tool, { tool: name, input: valid, status: "approval_required", approvalReason: reason });
        onEvent({ type: "approval.required", action });
        return { status: "approval_required", reason, action };
      }
      const outcome = await execute(deps, caller, ctx, tool, valid);
      const action = await recordAction(tool, { tool: name, input: valid, ...outcome });
      onEvent({ type: outcome.status === "completed" ? "action.completed" : "action.failed", action });
      return outcome.status === "completed" ? { status: "completed", result: outcome.result, action } : { status: "failed", error: outcome.error, action };
    },
  };

  const reply = await deps.planner.reply({
    message: request.message,
    now: ctx.now,
    pending: existing?.pending ?? null,
    tools,
    recentMessages: async (limit) => {
      if (!existing) return [];
      const rows = await deps.db
        .select({ role: agentMessages.role, content: agentMessages.content })
        .from(agentMessages)
        .where(and(eq(agentMessages.orgId, ctx.orgId), eq(agentMessages.conversationId, conversationId)))
        .orderBy(desc(agentMessages.position))
        .limit(limit);
      return rows.reverse();
    },
    text: (delta) => onEvent({ type: "message.delta", delta }),
  });

  const replyRow = messageRecord(ctx, conversationId, replyId, "assistant", reply.content);
  queue.push({ kind: "message", row: replyRow });
  await flush(reply.pending ?? null);
  const message = messageToApi({ ...replyRow, position: 0 });
  const usage: ChatResponseApi["usage"] = { steps: reply.steps, tool_calls: toolCalls };
  if (reply.tokens !== undefined) usage.tokens = reply.tokens;
  return {
    conversation_id: conversationId,
    message: { id: message.id, role: "assistant", content: message.content, created_at: message.created_at },
    actions,
    usage,
  };
}

const approvalNotFound = (id: string) => new ApiError("not_found", `No approval with id ${id}.`);

/** The action an approval id names, seen as its conversation is (engine keys: their own conversations only). */
export async function findApproval(db: Db | Tx, caller: Caller, approvalId: string, lock = false) {
  const query = db
    .select()
    .from(agentActions)
    .where(and(eq(agentActions.orgId, caller.org.id), eq(agentActions.approvalId, approvalId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw approvalNotFound(approvalId);
  await findConversation(db, caller, row.conversationId).catch(() => {
    throw approvalNotFound(approvalId);
  });
  return row;
}

/**
 * Approves (runs, with the approving key's permissions, checked now) or denies
 * an action that waits for approval. Deciding twice is a 409; an approval of
 * another organization is a 404, as for any id.
 */
export async function decideApproval(
  deps: AgentDeps,
  caller: Caller,
  approvalId: string,
  decision: "approve" | "deny",
  baseCtx: WriteContext,
  onEvent: (event: TurnEvent) => void = () => {},
): Promise<ChatResponseApi> {
  const decided = await write(deps.db, baseCtx, async (tx) => {
    const row = await findApproval(tx, caller, approvalId, true);
    // Only keys that may run the action decide it.
    if (!row || !deps.tools.findStored(row.tool).permissions.every((p) => caller.permissions.has(p))) throw approvalNotFound(approvalId);
    if (row.status !== "approval_required") {
      throw new ApiError(
        "conflict",
        `The approval ${approvalId} was already decided (${row.status}) at ${row.decidedAt?.toISOString() ?? "an earlier time"}.`,
        { current_status: row.status },
      );
    }
    const [updated] = await tx
      .update(agentActions)
      .set({ status: decision === "approve" ? "approved" : "denied", decidedBy: caller.key.id, decidedAt: baseCtx.now })
      .where(and(eq(agentActions.orgId, baseCtx.orgId), eq(agentActions.id, row.id)))
      .returning();
    return updated!;
  });
  const ctx: WriteContext = { ...baseCtx, conversationId: decided.conversationId };
  const tool = deps.tools.findStored(decided.tool);
  let content: string;
  let action = actionToApi(decided);
  if (decision === "deny") {
    content = `Cancelled: ${tool.name} was denied and did nothing.`;
  } else {
    onEvent({ type: "action.started", tool: tool.name, input: decided.input });
    let outcome: Awaited<ReturnType<typeof execute>>;
    try {
      outcome = await execute(deps, caller, ctx, tool, validateToolInput(tool, decided.input));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcome = { status: "failed", error: problemOf(error) };
    }
    action = await write(deps.db, ctx, async (tx, emit) => {
      const [row] = await tx
        .update(agentActions)
        .set({
          status: outcome.status,
          result: outcome.status === "completed" ? outcome.result : null,
          error: outcome.status === "failed" ? outcome.error : null,
        })
        .where(and(eq(agentActions.orgId, ctx.orgId), eq(agentActions.id, decided.id)))
        .returning();
      const api = actionToApi(row!);
      emit({ type: outcome.status === "completed" ? "agent.action_completed" : "agent.action_failed", object: api });
      return api;
    });
    onEvent({ type: outcome.status === "completed" ? "action.completed" : "action.failed", action });
    content = outcome.status === "completed" ? `Done: ${deps.planner.describe(tool.name, outcome.result)}` : `That did not work: ${outcome.error.detail}`;
  }
  onEvent({ type: "message.delta", delta: content });
  const replyRow = messageRecord(ctx, decided.conversationId, newId("agentMessage"), "assistant", content);
  await write(deps.db, ctx, (tx, emit) => persist(tx, emit, ctx, decided.conversationId, [{ kind: "message", row: replyRow }], { pending: null }));
  const message = messageToApi({ ...replyRow, position: 0 });
  return {
    conversation_id: decided.conversationId,
    message: { id: message.id, role: "assistant", content: message.content, created_at: message.created_at },
    actions: [action],
    usage: { steps: 1, tool_calls: decision === "approve" ? 1 : 0 },
  };
}
