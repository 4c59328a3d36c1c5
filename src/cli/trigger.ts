import { randomBytes } from "node:crypto";
import { EVENT_TYPES, type EventType } from "../platform/events/catalog.ts";
import { call, problem, target, type ApiFlags, type Target } from "./api-client.ts";
import { UsageError } from "./usage.ts";

/**
 * `enginery trigger <event type>`: makes a real event of that kind through the
 * public API, by creating (and changing) the objects whose change it records,
 * as `stripe trigger` does. Each request is printed; the objects stay, named so
 * they are easy to spot ("Trigger ...").
 */
// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read by each fixture field by field.
type Json = any;
interface Fixture {
  post(path: string, body?: unknown): Promise<Json>;
  patch(path: string, body: unknown): Promise<Json>;
  delete(path: string): Promise<Json>;
  get(path: string): Promise<Json>;
}

type Recipe = (api: Fixture) => Promise<unknown>;

const tag = () => randomBytes(3).toString("hex");
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const invoice = (api: Fixture, extra: Record<string, unknown> = {}) =>
  api.post("/v1/invoices", { client: `Trigger Client ${tag()}`, amount: 100, currency: "EUR", due_date: dayFrom(30), ...extra });
const openInvoice = (api: Fixture) => invoice(api, { status: "open" });
const contact = (api: Fixture) => {
  const t = tag();
  return api.post("/v1/contacts", { first_name: "Trigger", last_name: `Contact ${t}`, email: `trigger-${t}@example.com` });
};
const account = (api: Fixture) => api.post("/v1/accounts", { name: `Trigger Account ${tag()}`, domain: "example.com" });
const pipeline = (api: Fixture) =>
  api.post("/v1/pipelines", {
    name: `Trigger Pipeline ${tag()}`,
    stages: [
      { name: "First", probability: 20 },
      { name: "Second", probability: 60 },
      { name: "Won", kind: "won" },
    ],
  });
const deal = (api: Fixture) => api.post("/v1/deals", { name: `Trigger Deal ${tag()}`, amount: 1000 });
/** A stage of the deal's pipeline: the next open one, or the one closing it as won or lost. */
async function stageFor(api: Fixture, d: { pipeline_id: string; stage_id: string }, kind: "open" | "won" | "lost"): Promise<string> {
  const stages: { id: string; kind: string }[] = (await api.get(`/v1/pipelines/${d.pipeline_id}`)).stages;
  const stage = stages.find((s) => s.kind === kind && s.id !== d.stage_id);
  if (!stage) throw new Error(`the deal's pipeline has no other ${kind} stage`);
  return stage.id;
}
const moveDeal =
  (kind: "open" | "won" | "lost"): Recipe =>
  async (api) => {
    const d = await deal(api);
    await api.patch(`/v1/deals/${d.id}`, { stage_id: await stageFor(api, d, kind) });
  };
const sequence = (api: Fixture, status: "draft" | "active" = "draft") =>
  api.post("/v1/sequences", {
    name: `Trigger Sequence ${tag()}`,
    status,
    steps: [{ type: "email", delay_days: 1, subject: "Hello {{first_name}}", body: "A note from enginery trigger." }],
  });
async function enrollment(api: Fixture): Promise<{ sequence: string; enrollment: string }> {
  const s = await sequence(api, "active");
  const c = await contact(api);
  return { sequence: s.id, enrollment: (await api.post(`/v1/sequences/${s.id}/enrollments`, { contact_id: c.id })).id };
}
const job = (api: Fixture) => api.post("/v1/jobs", { title: `Trigger Job ${tag()}` });
async function candidate(api: Fixture) {
  const j = await job(api);
  const t = tag();
  return api.post("/v1/candidates", { job_id: j.id, first_name: "Trigger", last_name: `Candidate ${t}`, email: `trigger-${t}@example.com` });
}
/** Moves a new candidate through `stages` in turn (a candidate is hired from an offer, interviewed after screening, ...). */
const moveCandidate =
  (...stages: string[]): Recipe =>
  async (api) => {
    const id = (await candidate(api)).id;
    for (const stage of stages) await api.patch(`/v1/candidates/${id}`, { stage });
  };
const FAILING_FUNCTION = "export default { async fetch() { throw new Error('made to fail by enginery trigger') } }";
const fn = (api: Fixture, source = "export default { async fetch() { return { ok: true } } }") =>
  api.post("/v1/functions", { name: `trigger-${tag()}`, source });
/** A key that stops working in an hour: the trigger has no use for it, and it should not outlive the test. */
const apiKey = (api: Fixture) =>
  api.post("/v1/api_keys", { kind: "read_only", name: "made by enginery trigger", expires_at: new Date(Date.now() + 3_600_000).toISOString() });
const chat = (api: Fixture) => api.post("/v1/agent/chat", { message: "How many invoices are overdue?" });

export const RECIPES: Partial<Record<EventType, Recipe>> = {
  "invoice.created": (api) => invoice(api),
  "invoice.updated": async (api) => api.patch(`/v1/invoices/${(await invoice(api)).id}`, { amount: 150 }),
  "invoice.deleted": async (api) => api.delete(`/v1/invoices/${(await invoice(api)).id}`),
  "invoice.finalized": async (api) => api.post(`/v1/invoices/${(await invoice(api)).id}/finalize`),
  "invoice.payment_recorded": async (api) => api.post(`/v1/invoices/${(await openInvoice(api)).id}/pay`, { amount: 40 }),
  "invoice.paid": async (api) => api.post(`/v1/invoices/${(await openInvoice(api)).id}/pay`, { amount: 100 }),
  "invoice.voided": async (api) => api.post(`/v1/invoices/${(await openInvoice(api)).id}/void`),
  "invoice.marked_uncollectible": async (api) => api.post(`/v1/invoices/${(await openInvoice(api)).id}/mark_uncollectible`),
  "invoice.overdue": (api) => invoice(api, { status: "open", due_date: dayFrom(-1) }),
  "contact.created": (api) => contact(api),
  "contact.updated": async (api) => api.patch(`/v1/contacts/${(await contact(api)).id}`, { title: "Head of Testing" }),
  "contact.deleted": async (api) => api.delete(`/v1/contacts/${(await contact(api)).id}`),
  "account.created": (api) => account(api),
  "account.updated": async (api) => api.patch(`/v1/accounts/${(await account(api)).id}`, { industry: "Testing" }),
  "account.deleted": async (api) => api.delete(`/v1/accounts/${(await account(api)).id}`),
  "account.enriched": async (api) => api.post(`/v1/accounts/${(await account(api)).id}/enrich`),
  "pipeline.created": (api) => pipeline(api),
  "pipeline.updated": async (api) => api.patch(`/v1/pipelines/${(await pipeline(api)).id}`, { name: `Trigger Pipeline ${tag()}` }),
  "pipeline.deleted": async (api) => api.delete(`/v1/pipelines/${(await pipeline(api)).id}`),
  "deal.created": (api) => deal(api),
  "deal.updated": async (api) => api.patch(`/v1/deals/${(await deal(api)).id}`, { amount: 1500 }),
  "deal.stage_changed": moveDeal("open"),
  "deal.won": moveDeal("won"),
  "deal.lost": moveDeal("lost"),
  "deal.deleted": async (api) => api.delete(`/v1/deals/${(await deal(api)).id}`),
  "sequence.created": (api) => sequence(api),
  "sequence.updated": async (api) => api.patch(`/v1/sequences/${(await sequence(api)).id}`, { name: `Trigger Sequence ${tag()}` }),
  "sequence.activated": async (api) => api.post(`/v1/sequences/${(await sequence(api)).id}/activate`),
  "sequence.paused": async (api) => api.post(`/v1/sequences/${(await sequence(api, "active")).id}/pause`),
  "sequence.deleted": async (api) => api.delete(`/v1/sequences/${(await sequence(api)).id}`),
  "sequence.contact_enrolled": (api) => enrollment(api),
  "sequence.contact_unenrolled": async (api) => {
    const e = await enrollment(api);
    await api.delete(`/v1/sequences/${e.sequence}/enrollments/${e.enrollment}`);
  },
  "job.created": (api) => job(api),
  "job.updated": async (api) => api.patch(`/v1/jobs/${(await job(api)).id}`, { location: "Remote" }),
  "job.closed": async (api) => api.patch(`/v1/jobs/${(await job(api)).id}`, { status: "closed" }),
  "job.deleted": async (api) => api.delete(`/v1/jobs/${(await job(api)).id}`),
  "candidate.created": (api) => candidate(api),
  "candidate.updated": async (api) => api.patch(`/v1/candidates/${(await candidate(api)).id}`, { rating: 4 }),
  "candidate.status_changed": moveCandidate("screening"),
  "candidate.hired": moveCandidate("screening", "interview", "offer", "hired"),
  "candidate.rejected": moveCandidate("rejected"),
  "candidate.deleted": async (api) => api.delete(`/v1/candidates/${(await candidate(api)).id}`),
  "agent.conversation_started": chat,
  "agent.message_created": chat,
  "intelligence.snapshot_created": (api) => api.post("/v1/intelligence/snapshots"),
  "function.deployed": (api) => fn(api),
  "function.deleted": async (api) => api.delete(`/v1/functions/${(await fn(api)).name}`),
  "function.invocation_failed": async (api) => api.post(`/v1/functions/${(await fn(api, FAILING_FUNCTION)).name}/invoke`, {}),
  "api_key.created": (api) => apiKey(api),
  "api_key.revoked": async (api) => api.delete(`/v1/api_keys/${(await apiKey(api)).id}`),
  "api_key.rolled": async (api) => api.post(`/v1/api_keys/${(await apiKey(api)).id}/roll`, { expires_in_seconds: 60 }),
};

/** What follows a trigger that the server finishes later. */
const AFTERWARDS: Partial<Record<EventType, string>> = {
  "invoice.overdue": "The open invoice is past due: the scheduler announces invoice.overdue on its next run (every SCHEDULER_INTERVAL_MS, 30 s by default).",
};

/** The kinds a client of the API cannot cause, and why: every catalog kind is in one table or the other (a test checks). */
export const NOT_TRIGGERABLE: Partial<Record<EventType, string>> = {
  "sequence.step_sent": "the scheduler sends a step when its delay (in whole days) has passed",
  "sequence.completed": "the scheduler completes an enrollment when its last step is sent, days later",
  "sequence.replied": "the mail integration reports a contact's reply",
  "agent.action_completed": "what the agent does with a message is its planner's decision; ask it with POST /v1/agent/chat",
  "agent.action_failed": "what the agent does with a message is its planner's decision; ask it with POST /v1/agent/chat",
  "agent.approval_required": "what the agent does with a message is its planner's decision; ask it with POST /v1/agent/chat",
  "webhook_endpoint.disabled": "an endpoint is disabled after WEBHOOK_DISABLE_AFTER_DAYS days of failed deliveries",
  "member.added": "members are managed in the dashboard by a signed-in owner or admin, not with an API key",
  "member.role_changed": "members are managed in the dashboard by a signed-in owner or admin, not with an API key",
  "member.removed": "members are managed in the dashboard by a signed-in owner or admin, not with an API key",
  "oauth_grant.created": "a member consents to an app in the browser (see the OAuth documentation)",
  "oauth_grant.revoked": "a member revokes an app's grant in the dashboard, or the app's refresh token is reused",
};

/** `enginery trigger --help`, and the answer to an unknown kind. */
export function triggerKinds(): string {
  const can = EVENT_TYPES.filter((type) => RECIPES[type]);
  const cannot = EVENT_TYPES.filter((type) => NOT_TRIGGERABLE[type]);
  return [
    "Event types enginery trigger makes:",
    ...wrap(can),
    "",
    "Event types it cannot make, and why:",
    ...cannot.map((type) => `  ${type}: ${NOT_TRIGGERABLE[type]}`),
  ].join("\n");
}

function wrap(types: string[]): string[] {
  const lines: string[] = [];
  let line = " ";
  for (const type of types) {
    if (line.length + type.length > 100) lines.push(line), (line = " ");
    line += ` ${type}`;
  }
  return [...lines, line];
}

export async function trigger(
  kind: string | undefined,
  flags: ApiFlags,
  env = process.env,
  print: (line: string) => void = (line) => console.log(line),
): Promise<void> {
  if (!kind) throw new UsageError(`usage: enginery trigger <event type>\n${triggerKinds()}`);
  const recipe = RECIPES[kind as EventType];
  if (!recipe) {
    const why = NOT_TRIGGERABLE[kind as EventType];
    throw new UsageError(why ? `${kind} cannot be triggered: ${why}` : `unknown event type "${kind}"\n${triggerKinds()}`);
  }
  const t = target(flags, env);
  print(`Triggering ${kind}:`);
  await recipe(fixture(t, print));
  print(AFTERWARDS[kind as EventType] ?? `Done: ${kind} is on its way to webhook endpoints, listeners and GET /v1/events.`);
}

/** Requests printed as they go, each failing the trigger unless it succeeded (an invoked function may fail: that is the point). */
function fixture(t: Target, print: (line: string) => void): Fixture {
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await call(t, method, path, body === undefined ? (method === "POST" ? "{}" : undefined) : JSON.stringify(body));
    print(`  ${method} ${path} -> ${res.status}${res.json?.id ? ` ${res.json.id}` : ""}`);
    const expectedFailure = method === "POST" && path.endsWith("/invoke") && res.status >= 500;
    if (res.status >= 300 && !expectedFailure) throw problem(res);
    return res.json;
  };
  return {
    post: (path, body) => send("POST", path, body),
    patch: (path, body) => send("PATCH", path, body),
    delete: (path) => send("DELETE", path),
    get: (path) => send("GET", path),
  };
}
