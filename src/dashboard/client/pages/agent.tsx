import { useEffect, useRef, useState } from "preact/hooks";
import { api, apiStream, can, type List, type Session } from "../api.ts";
import { ActionForm, ago, Badge, ClickableRow, dateTime, Empty, ErrorBanner, Json, ListTable, Loading, PageHeader, Pager, useAction, useLoad } from "../ui.tsx";
import type { Action, Message, Conversation } from "../models.ts";

interface ConversationWithMessages extends Conversation {
  messages: Message[];
}
interface ChatResponse {
  conversation_id: string;
  message: { id: string; content: string };
  actions: Action[];
}

/** An action as the page shows it: recorded, or started and not answered yet (while the turn streams). */
type Step = Action | { id?: undefined; tool: string; input: unknown; status: "running" };

/** The turn being streamed: the question, the reply text and actions so far, and once done where it was written. */
interface Turn {
  question: string;
  conversationId: string | undefined;
  text: string;
  steps: Step[];
  replyId?: string;
}

const SUGGESTIONS = ["which invoices are overdue?", "latest snapshot", "recent events", "help"];

const STATUS: Record<Step["status"], { tone: "green" | "red" | "grey" | "amber" | "blue"; label: string }> = {
  completed: { tone: "green", label: "completed" },
  failed: { tone: "red", label: "failed" },
  approval_required: { tone: "amber", label: "needs approval" },
  approved: { tone: "blue", label: "approved" },
  denied: { tone: "grey", label: "denied" },
  running: { tone: "blue", label: "running…" },
};

/** One event of the chat's text/event-stream applied to the turn (the events are the API's: docs/agent.md). */
// biome-ignore lint/suspicious/noExplicitAny: the event's JSON, whose shape its type names.
function applyEvent(turn: Turn, type: string, data: any): Turn {
  switch (type) {
    case "message.delta":
      return { ...turn, text: turn.text + String(data.delta) };
    case "action.started":
      return { ...turn, steps: [...turn.steps, { tool: data.tool, input: data.input, status: "running" }] };
    case "action.completed":
    case "action.failed":
    case "approval.required": {
      const steps = [...turn.steps];
      let running = steps.length - 1;
      while (running >= 0 && !(steps[running]!.status === "running" && steps[running]!.tool === data.tool)) running -= 1;
      if (running >= 0) steps[running] = data as Action;
      else steps.push(data as Action);
      return { ...turn, steps };
    }
    default:
      return turn;
  }
}

export function AgentPage({ session, id }: { session: Session; id?: string }) {
  const allowed = can(session, "agent:read");
  const [page, setPage] = useState(1);
  const list = useLoad(
    () => (allowed ? api<List<Conversation>>("GET", `/v1/agent/conversations?sort=-updated_at&per_page=25&page=${page}`) : Promise.resolve(null)),
    [page, session.organization.id],
  );
  if (!allowed) {
    return (
      <>
        <PageHeader title="Agent" />
        <Empty title="Your role cannot use the agent">Ask an owner or admin of {session.organization.name}.</Empty>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Agent"
        subtitle="Ask about your data in plain English. The agent reads and acts through the API with your role's permissions; changes that destroy data or money wait for approval."
        actions={
          <a class="btn primary" href="#/agent">
            + New conversation
          </a>
        }
      />
      <ErrorBanner error={list.error} />
      <div class="agent-layout">
        <ListTable
          list={list}
          testid="conversations"
          empty={<Empty title="No conversations yet">Ask something to start one.</Empty>}
          head={<th>Conversations</th>}
          row={(c) => (
            <ClickableRow selected={c.id === id} onOpen={() => (location.hash = `#/agent/${c.id}`)} data-conversation-id={c.id}>
              <td>
                <div class="strong">{c.title}</div>
                <div class="muted small" title={dateTime(c.updated_at)}>
                  {c.message_count} message{c.message_count === 1 ? "" : "s"} · {ago(c.updated_at)}
                </div>
              </td>
            </ClickableRow>
          )}
          footer={list.data && <Pager meta={list.data.meta} page={page} setPage={setPage} />}
        />
        <ConversationPanel session={session} id={id} onChanged={list.reload} />
      </div>
    </>
  );
}

function ConversationPanel({ session, id, onChanged }: { session: Session; id?: string; onChanged: () => void }) {
  const convo = useLoad(() => (id ? api<ConversationWithMessages>("GET", `/v1/agent/conversations/${id}`) : Promise.resolve(null)), [id]);
  const [turn, setTurn] = useState<Turn | null>(null);
  const [draft, setDraft] = useState("");
  // The conversation on screen when a turn ends, which may no longer be the one it was asked in.
  const here = useRef(id);
  here.current = id;
  const scroller = useRef<HTMLDivElement>(null);
  // Approving, denying and deleting take agent:write; the server also requires the action's own permissions,
  // which every dashboard role with agent:write (developer, admin, owner: full access) holds.
  const writer = can(session, "agent:write");

  const send = useAction(async () => {
    const question = draft.trim();
    if (!question) return;
    const conversationId = id;
    let current: Turn = { question, conversationId, text: "", steps: [] };
    let learned: string | undefined;
    const update = (change: (t: Turn) => Turn) => {
      current = change(current);
      setTurn(current);
    };
    update((t) => t);
    setDraft("");
    try {
      const done = await apiStream<ChatResponse>("/v1/agent/chat", { message: question, conversation_id: conversationId, stream: true }, (type, data) => {
        learned ??= data?.conversation_id;
        update((t) => applyEvent(t, type, data));
      });
      update((t) => ({ ...t, conversationId: done.conversation_id, replyId: done.message.id, text: done.message.content, steps: done.actions }));
      learned = done.conversation_id;
    } catch (error) {
      // What the turn recorded before it failed is in the conversation; the question goes back in the box to retry.
      setTurn(null);
      setDraft(question);
      throw error;
    } finally {
      onChanged();
      if (here.current === conversationId && learned && learned !== conversationId) location.hash = `#/agent/${learned}`;
      else if (here.current === conversationId) convo.reload();
    }
  });

  const decide = useAction(async (action: Action, decision: "approve" | "deny") => {
    await api("POST", `/v1/agent/approvals/${action.approval_id}/${decision}`);
    convo.reload();
    onChanged();
  });

  const remove = useAction(async () => {
    if (!id || !confirm(`Delete the conversation "${convo.data?.title ?? id}"? Its messages and actions go with it; what the actions changed stays.`)) return;
    await api("DELETE", `/v1/agent/conversations/${id}`);
    location.hash = "#/agent";
    onChanged();
  });

  const shown = convo.data && convo.data.id === id ? convo.data : null;
  // The streamed turn shows until the conversation, reloaded, holds its reply.
  const live = turn && turn.conversationId === id && !(turn.replyId && shown?.messages.some((m) => m.id === turn.replyId)) ? turn : null;

  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [shown, live?.text, live?.steps.length]);

  const stepView = (step: Step) => (
    <ActionView step={step} canDecide={writer} busy={decide.busy || send.busy} onDecide={(action, decision) => decide.run(action, decision)} />
  );
  return (
    <section class="card chat" data-testid="conversation">
      <div class="chat-head">
        <div>
          <h2>{shown?.title ?? (id ? "Conversation" : "New conversation")}</h2>
          <div class="muted small">
            {shown ? <span class="mono">{shown.id}</span> : id ? null : "Your first message names the conversation."}
            {shown && ` · started ${dateTime(shown.created_at)}`}
          </div>
        </div>
        {id && writer && (
          <button class="btn small danger" disabled={remove.busy} onClick={() => remove.run()}>
            Delete
          </button>
        )}
      </div>
      <ErrorBanner error={convo.error ?? remove.error ?? decide.error} />
      <div class="messages" ref={scroller} data-testid="messages">
        {id && !shown && convo.loading && <Loading />}
        {!id && !live && (
          <Empty title="Ask the agent">
            It answers from your organization's data: invoices, accounts, contacts, deals, sequences, jobs and candidates.
            <span class="suggestions">
              {SUGGESTIONS.map((s) => (
                <button type="button" class="btn small" onClick={() => setDraft(s)}>
                  {s}
                </button>
              ))}
            </span>
          </Empty>
        )}
        {shown?.messages.map((m) =>
          m.role === "user" ? (
            <UserMessage text={m.content} at={m.created_at} />
          ) : (
            <div class="msg assistant" data-role="assistant" data-message-id={m.id}>
              {m.actions.map(stepView)}
              <div class="bubble">{m.content}</div>
              <div class="msg-meta" title={dateTime(m.created_at)}>
                {ago(m.created_at)}
              </div>
            </div>
          ),
        )}
        {live && (
          <>
            <UserMessage text={live.question} />
            <div class="msg assistant" data-role="assistant" data-streaming={live.replyId ? undefined : "true"}>
              {live.steps.map(stepView)}
              <div class="bubble">{live.text || <span class="muted">Thinking…</span>}</div>
            </div>
          </>
        )}
      </div>
      <ActionForm action={send}>
        <div class="composer">
          <textarea
            name="message"
            placeholder="Ask something, e.g. which invoices are overdue?  (Enter sends, Shift+Enter starts a new line)"
            aria-label="Message"
            maxLength={4000}
            value={draft}
            disabled={send.busy}
            onInput={(e) => setDraft((e.target as HTMLTextAreaElement).value)}
            onKeyDown={(e) => {
              if (e.key !== "Enter" || e.shiftKey || e.isComposing) return;
              e.preventDefault();
              (e.target as HTMLTextAreaElement).form?.requestSubmit();
            }}
          />
          <button class="btn primary" disabled={send.busy || !draft.trim()}>
            {send.busy ? "Answering…" : "Send"}
          </button>
        </div>
      </ActionForm>
    </section>
  );
}

function UserMessage({ text, at }: { text: string; at?: string }) {
  return (
    <div class="msg user" data-role="user">
      <div class="bubble">{text}</div>
      {at && (
        <div class="msg-meta" title={dateTime(at)}>
          {ago(at)}
        </div>
      )}
    </div>
  );
}

function ActionView({
  step,
  canDecide,
  busy,
  onDecide,
}: {
  step: Step;
  canDecide: boolean;
  busy: boolean;
  onDecide: (action: Action, decision: "approve" | "deny") => void;
}) {
  const status = STATUS[step.status];
  const action = step.id === undefined ? null : step;
  return (
    <div class="agent-action" data-testid="action" data-tool={step.tool} data-status={step.status}>
      <div class="agent-action-head">
        <span class="mono small strong">{step.tool}</span>
        <Badge tone={status.tone}>{status.label}</Badge>
        {action?.approval_reason && <span class="muted small">{action.approval_reason}</span>}
      </div>
      {action?.error && (
        <div class="agent-action-problem">
          <code>{action.error.code}</code> {action.error.detail}
          {action.error.errors?.map((e) => (
            <div>
              <code>{e.field}</code> {e.message}
            </div>
          ))}
        </div>
      )}
      {action?.status === "approval_required" &&
        (canDecide ? (
          <div class="decide">
            <button class="btn small primary" disabled={busy} onClick={() => onDecide(action, "approve")}>
              Approve
            </button>
            <button class="btn small danger" disabled={busy} onClick={() => onDecide(action, "deny")}>
              Deny
            </button>
          </div>
        ) : (
          <div class="muted small">Waits for an owner, admin or developer to approve or deny it.</div>
        ))}
      <details>
        <summary>{action && "result" in action ? "Input and result" : "Input"}</summary>
        <Json value={step.input} />
        {action && "result" in action && <Json value={action.result} />}
      </details>
    </div>
  );
}
