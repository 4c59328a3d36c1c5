import { Api } from "./api.ts";
import { isChange, wrongWrites, type Action, type ApiEvent, type Case, type Engine, type Kind, type Plan, type Turn } from "./judge.ts";
import type { Target } from "./server.ts";
import { readWorld } from "./world.ts";

export interface CaseResult {
  label: string;
  engine: Engine;
  kind: Kind;
  /** The request as sent. */
  say: string;
  passed: boolean;
  /** The expectations, in words. */
  expected: string[];
  /** Why it failed (empty when it passed). */
  failures: string[];
  /** Changes no expectation asked for: worse than a failure. */
  wrongWrites: string[];
  reply: string;
  actions: { tool: string; status: string; input: Record<string, unknown> }[];
  /** The chat request's time. */
  ms: number;
}

export interface RunOptions {
  /** Runs the cases whose label, engine or kind contains this (any case). */
  filter?: string;
  onResult?: (result: CaseResult, index: number, total: number) => void;
}

export function selectCases(cases: Case[], filter?: string): Case[] {
  if (!filter) return cases;
  const f = filter.toLowerCase();
  return cases.filter((c) => [c.label, c.engine, c.kind].some((s) => s.toLowerCase().includes(f)));
}

/**
 * Runs the cases one after another. Each runs on a fresh demo organization
 * unless the previous turn changed nothing there (a lookup): then its
 * organization is as fresh as a new one and the next case reuses it, which
 * saves a seeding per read. A turn that changed anything, or left an action
 * waiting for approval, retires its organization.
 */
export async function runCases(target: Target, cases: Case[], options: RunOptions = {}): Promise<CaseResult[]> {
  const selected = selectCases(cases, options.filter);
  const results: CaseResult[] = [];
  let key: string | null = null;
  for (const [index, c] of selected.entries()) {
    key ??= await target.fresh();
    const { result, pristine } = await runCase(new Api(target.url, key), c, target.isolated);
    if (!pristine && target.isolated) key = null;
    results.push(result);
    options.onResult?.(result, index, selected.length);
  }
  return results;
}

interface ChatAnswer {
  conversation_id: string;
  message: { content: string };
  actions: Action[];
}

async function runCase(api: Api, c: Case, isolated: boolean): Promise<{ result: CaseResult; pristine: boolean }> {
  const before = await readWorld(api);
  const base = { label: c.label, engine: c.engine, kind: c.kind };
  let plan: Plan;
  try {
    plan = c.plan(before);
  } catch (error) {
    // The demo data has no record this case needs: a defect of the case, shown as a failure.
    const failure = `the case could not be planned on this data: ${(error as Error).message}`;
    return {
      result: { ...base, say: c.label, passed: false, expected: [], failures: [failure], wrongWrites: [], reply: "", actions: [], ms: 0 },
      pristine: true,
    };
  }
  const marker = (await api.get<{ data: ApiEvent[] }>("/v1/events?per_page=1")).data[0]?.id;
  const started = performance.now();
  const answer = await api.call<ChatAnswer>("POST", "/v1/agent/chat", { message: plan.say });
  const ms = performance.now() - started;
  const ok = answer.status === 200;
  const conversation = ok ? answer.body.conversation_id : undefined;
  const events = (await eventsSince(api, marker)).filter((e) => isolated || e.request.conversation_id === conversation);
  const actions = ok ? answer.body.actions : [];
  const turn: Turn = {
    reply: ok ? answer.body.message.content : "",
    actions,
    changes: events.filter(isChange),
    proposals: actions.filter((a) => a.status === "approval_required"),
    api,
    before,
    after: () => readWorld(api),
  };
  const failures: string[] = ok ? [] : [`the chat answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`];
  for (const check of plan.expect) {
    const failure = await check.judge(turn);
    if (failure) failures.push(failure);
  }
  if (turn.proposals.length && !plan.expect.some((check) => check.expectsProposal)) {
    failures.push(`proposed for approval, unasked: ${turn.proposals.map((p) => `${p.tool} ${JSON.stringify(p.input)}`).join(", ")}`);
  }
  const wrong = wrongWrites(plan.expect, turn.changes).map(describeChange);
  return {
    result: {
      ...base,
      say: plan.say,
      passed: failures.length === 0 && wrong.length === 0,
      expected: plan.expect.map((check) => check.text),
      failures,
      wrongWrites: wrong,
      reply: turn.reply,
      actions: actions.map((a) => ({ tool: a.tool, status: a.status, input: a.input })),
      ms,
    },
    pristine: turn.changes.length === 0 && turn.proposals.length === 0,
  };
}

/** A change as the report shows it: its type, the record (id and name) and what it was before. */
function describeChange(event: ApiEvent): string {
  const o = event.data.object as Record<string, unknown>;
  const name = o.number ?? o.name ?? o.title ?? (o.first_name ? `${o.first_name} ${o.last_name}` : undefined);
  const before = event.data.previous_attributes ? ` (was ${JSON.stringify(event.data.previous_attributes)})` : "";
  return `${event.type} ${o.id ?? ""}${name ? ` "${name}"` : ""}${before}`;
}

/** The events newer than `marker`, oldest first. */
async function eventsSince(api: Api, marker: string | undefined): Promise<ApiEvent[]> {
  const found: ApiEvent[] = [];
  for (let page = 1; ; page++) {
    const { data } = await api.get<{ data: ApiEvent[] }>(`/v1/events?per_page=100&page=${page}`);
    for (const event of data) {
      if (event.id === marker) return found.reverse();
      found.push(event);
    }
    if (data.length < 100) return found.reverse();
  }
}
