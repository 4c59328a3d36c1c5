import type { ApiResponse, Client, Tenant } from "./harness.ts";

/**
 * Every authenticated route of the API, as data. Authentication, permission,
 * rate-limit and cross-tenant tests iterate over this table, so a new engine
 * is covered by adding its rows here (and nothing else).
 *
 * The permissions below are written out from the product rules, not imported
 * from src/: the tests check the code against them.
 */
export const ENGINES = ["finance", "growth", "talent", "agent"] as const;
export type Engine = (typeof ENGINES)[number];
export type KeyKind = "read_only" | "engine" | "full_access";
export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** "<engine>:read", "<engine>:write", "events:read", "api_keys:manage", "webhooks:manage", "functions:manage", "functions:invoke". */
export type Permission = `${Engine}:read` | `${Engine}:write` | "events:read" | "api_keys:manage" | "webhooks:manage" | "functions:manage" | "functions:invoke";

/** What a key of each kind may do. */
export function permissionsOf(kind: KeyKind, engines: readonly Engine[] = []): Set<Permission> {
  const reads = (list: readonly Engine[]) => list.map((e) => `${e}:read` as const);
  const writes = (list: readonly Engine[]) => list.map((e) => `${e}:write` as const);
  switch (kind) {
    case "full_access":
      return new Set([...reads(ENGINES), ...writes(ENGINES), "events:read", "api_keys:manage", "webhooks:manage", "functions:manage", "functions:invoke"]);
    case "read_only":
      // Read-only keys write nothing (functions included) but may invoke; engine keys may deploy too.
      return new Set([...reads(ENGINES), "events:read", "functions:invoke"]);
    case "engine":
      return new Set([...reads(engines), ...writes(engines), "events:read", "functions:manage", "functions:invoke"]);
  }
}

export interface RouteId {
  /**
   * The id prefix (inv, evt, key, ...), to make a well-formed id that names
   * nothing. A nested route (/v1/sequences/:id/enrollments/:sub) has two,
   * "seq/enr", and its ids are the two ids joined the same way.
   */
  prefix: string;
  /**
   * Creates, in the tenant (through its full-access client), a resource this
   * route succeeds on (a draft to finalize, an open invoice to pay, ...) and
   * returns its id. Each call makes a fresh one.
   */
  make(tenant: Tenant, as?: Client): Promise<string>;
  /**
   * Made with the calling key where that key may make it (`make`'s `as`): a
   * function runs with its deployer's permissions, so only a key holding them
   * may change it (test/functions/ownership.test.ts covers every other pair).
   */
  madeByCaller?: boolean;
  /** Reads the resource back (with the tenant's full-access client), to check that a refused call changed nothing. */
  read?: string;
  /** The engine whose data the id names: engine keys of other engines do not see it (404). */
  engine?: Engine;
  /** Seen only by the key that made it unless the caller reads everything (agent conversations): other keys get 404, full access sees all. */
  ownedByMaker?: boolean;
  /**
   * The id is named in the body, not the path (POST /v1/candidates' job_id): another organization's id, like a
   * missing one, is a 422 naming the field rather than a 404 (see foreignIdAnswer).
   */
  inBody?: boolean;
}

export interface Route {
  method: Method;
  /** Path template; ":id" stands for the route's id. */
  path: string;
  /** The permission the route needs (a list: every one of them); null: any valid key of the organization. */
  permission: Permission | readonly Permission[] | null;
  /** The status of a successful call. */
  status: number;
  /** Whether a successful call changes data. */
  writes: boolean;
  /** A valid body (a fresh one per call), given the id the call is made with, if any. */
  body?: (id?: string) => unknown;
  /** Headers the call needs (an MCP client's Accept). */
  headers?: Record<string, string>;
  id?: RouteId;
}

// ---------------------------------------------------------------------------
// Fixtures: real resources made through the API.

let counter = 0;

export function invoiceBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return { client: `Client ${counter}`, amount: 100, currency: "USD", due_date: "2099-12-31", ...overrides };
}

async function ok(response: Promise<ApiResponse>, status: number, what: string): Promise<ApiResponse> {
  const res = await response;
  if (res.status !== status) throw new Error(`fixture ${what}: expected ${status}, got ${res.status}: ${res.text}`);
  return res;
}

export async function createInvoice(tenant: Tenant, overrides: Record<string, unknown> = {}): Promise<any> {
  return (await ok(tenant.client.post("/v1/invoices", invoiceBody(overrides)), 201, "create invoice")).body;
}

const draftInvoice = async (tenant: Tenant) => (await createInvoice(tenant)).id as string;
const openInvoice = async (tenant: Tenant) => (await createInvoice(tenant, { status: "open" })).id as string;

/** The id of the invoice.created event of a fresh invoice. */
export async function invoiceEventId(tenant: Tenant): Promise<string> {
  const invoice = await createInvoice(tenant);
  const events = await ok(tenant.client.get(`/v1/events?object_id=${invoice.id}&type=invoice.created`), 200, "find event");
  const id = events.body.data[0]?.id;
  if (!id) throw new Error(`fixture: no invoice.created event for ${invoice.id}`);
  return id;
}

/** A fresh read-only key of the tenant (never used), to read or revoke. */
export async function spareKeyId(tenant: Tenant): Promise<string> {
  return (await tenant.newKey("read_only")).id;
}

// Growth engine fixtures.

async function made(response: Promise<ApiResponse>, what: string): Promise<any> {
  return (await ok(response, 201, what)).body;
}

export const growthContact = async (tenant: Tenant) =>
  (
    await made(
      tenant.client.post("/v1/contacts", { first_name: "Route", last_name: `Test ${++counter}`, email: `route-${counter}-${Date.now()}@example.com` }),
      "create contact",
    )
  ).id as string;
export const growthAccount = async (tenant: Tenant) =>
  (await made(tenant.client.post("/v1/accounts", { name: `Route Account ${++counter}` }), "create account")).id as string;
const twoStages = () => [
  { name: "First", probability: 20 },
  { name: "Second", probability: 60 },
  { name: "Won", kind: "won" },
];
const growthPipeline = async (tenant: Tenant) =>
  (await made(tenant.client.post("/v1/pipelines", { name: `Route Pipeline ${++counter}`, stages: twoStages() }), "create pipeline")) as any;
const growthDeal = async (tenant: Tenant) =>
  (await made(tenant.client.post("/v1/deals", { name: `Route Deal ${++counter}`, amount: 1000 }), "create deal")).id as string;
const sequenceBody = (status: "draft" | "active" = "draft") => ({
  name: `Route Sequence ${++counter}`,
  status,
  steps: [{ type: "email", delay_days: 1, subject: "Hello {{first_name}}", body: "A note." }],
});
const growthSequence = (status: "draft" | "active") => async (tenant: Tenant) =>
  (await made(tenant.client.post("/v1/sequences", sequenceBody(status)), "create sequence")).id as string;
/** Contacts made for an enrollment call, by the sequence id the call is made with. */
const contactFor = new Map<string, string>();
const sequenceToEnrollIn = async (tenant: Tenant) => {
  const sequence = await growthSequence("active")(tenant);
  contactFor.set(sequence, await growthContact(tenant));
  return sequence;
};
const growthEnrollment = async (tenant: Tenant) => {
  const sequence = await growthSequence("active")(tenant);
  const contact = await growthContact(tenant);
  const enrollment = await made(tenant.client.post(`/v1/sequences/${sequence}/enrollments`, { contact_id: contact }), "enroll");
  return `${sequence}/${enrollment.id}`;
};

// Talent engine and intelligence fixtures.

const talentJob = async (tenant: Tenant) => (await made(tenant.client.post("/v1/jobs", { title: `Route Job ${++counter}` }), "create job")).id as string;
const talentCandidate = async (tenant: Tenant) => {
  const job = await talentJob(tenant);
  const body = { job_id: job, first_name: "Route", last_name: `Candidate ${++counter}`, email: `cand-${counter}@example.com` };
  return (await made(tenant.client.post("/v1/candidates", body), "create candidate")).id as string;
};
const intelligenceSnapshot = async (tenant: Tenant) => (await made(tenant.client.post("/v1/intelligence/snapshots"), "take snapshot")).id as string;
/** Snapshots summarize every engine: reading one takes read access to each. */
const EVERY_ENGINE = ["finance:read", "growth:read", "talent:read"] as const;
/** Making one stores it and emits an event: a write over every engine's data, which read-only keys never do. */
const EVERY_ENGINE_WRITE = [...EVERY_ENGINE, "finance:write", "growth:write", "talent:write"] as const;

// Agent fixtures: a conversation (one question asked), and an action waiting for approval (voiding a fresh open invoice).

const agentChat = async (tenant: Tenant, message: string) => (await ok(tenant.client.post("/v1/agent/chat", { message }), 200, "chat")).body;
const agentConversation: RouteId = {
  prefix: "conv",
  make: async (tenant) => (await agentChat(tenant, "which invoices are overdue?")).conversation_id as string,
  read: "/v1/agent/conversations/:id",
  ownedByMaker: true,
};
const agentApproval: RouteId = {
  prefix: "apr",
  make: async (tenant) => {
    const invoice = await createInvoice(tenant, { status: "open" });
    const out = await agentChat(tenant, `void ${invoice.id}`);
    const approval = out.actions.at(-1)?.approval_id;
    if (!approval) throw new Error(`fixture approval: no approval in ${JSON.stringify(out)}`);
    return approval as string;
  },
  read: "/v1/agent/approvals/:id",
  ownedByMaker: true,
};

// Edge-function fixtures: a function that answers every call, addressed by its fn_ id.

const FUNCTION_SOURCE = "export default { async fetch(request) { return { method: request.method } } }";
const functionBody = () => ({ name: `route-fn-${++counter}`, source: FUNCTION_SOURCE });
const fn: RouteId = {
  prefix: "fn",
  make: async (tenant, as = tenant.client) => (await made(as.post("/v1/functions", functionBody()), "deploy function")).id as string,
  read: "/v1/functions/:id",
  madeByCaller: true,
};

// Webhook fixtures. Endpoints point at a loopback port nothing listens on: no dispatcher runs in these tests.

const webhookBody = () => ({ url: `http://127.0.0.1:9/hook-${++counter}`, events: ["invoice.*"] });
const webhookEndpoint = async (tenant: Tenant) => (await made(tenant.client.post("/v1/webhook_endpoints", webhookBody()), "create endpoint")).id as string;
/** An endpoint with one delivery (of a fresh invoice's invoice.created): "whe/whd". */
const webhookDelivery = async (tenant: Tenant) => {
  const endpoint = await webhookEndpoint(tenant);
  await createInvoice(tenant);
  const list = await ok(tenant.client.get(`/v1/webhook_endpoints/${endpoint}/deliveries`), 200, "list deliveries");
  return `${endpoint}/${list.body.data[0].id}`;
};
const webhook = (make: (tenant: Tenant) => Promise<string>): RouteId => ({ prefix: "whe", make, read: "/v1/webhook_endpoints/:id" });

// OAuth fixtures: an app of the tenant (confidential, so its secret can rotate), and a grant (the app's client_credentials).

const oauthAppBody = () => ({
  name: `Route App ${++counter}`,
  client_type: "confidential",
  redirect_uris: ["https://app.example/callback"],
  scopes: ["finance:read"],
});
const oauthAppMade = async (tenant: Tenant) => (await made(tenant.client.post("/v1/oauth_apps", oauthAppBody()), "create oauth app")) as any;
const oauthApp: RouteId = { prefix: "oapp", make: async (tenant) => (await oauthAppMade(tenant)).id as string, read: "/v1/oauth_apps/:id" };
const oauthGrant: RouteId = {
  prefix: "ogr",
  make: async (tenant) => {
    const created = await oauthAppMade(tenant);
    const basic = Buffer.from(`${created.client_id}:${created.client_secret}`).toString("base64");
    const token = await fetch(`${tenant.client.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    if (token.status !== 200) throw new Error(`fixture oauth grant: ${token.status} ${await token.text()}`);
    const list = await ok(tenant.client.get(`/v1/oauth_grants?app_id=${created.id}`), 200, "list grants");
    return list.body.data[0].id as string;
  },
  read: "/v1/oauth_grants/:id",
};

// ---------------------------------------------------------------------------
// The table.

const invoice = (make: (tenant: Tenant) => Promise<string>): RouteId => ({ prefix: "inv", make, read: "/v1/invoices/:id", engine: "finance" });
const growth = (prefix: string, make: (tenant: Tenant) => Promise<string>, read: string): RouteId => ({ prefix, make, read, engine: "growth" });
const talent = (prefix: string, make: (tenant: Tenant) => Promise<string>, read: string): RouteId => ({ prefix, make, read, engine: "talent" });

export const ROUTES: readonly Route[] = [
  { method: "GET", path: "/v1/me", permission: null, status: 200, writes: false },

  // Finance engine: invoices.
  { method: "GET", path: "/v1/invoices", permission: "finance:read", status: 200, writes: false },
  { method: "POST", path: "/v1/invoices", permission: "finance:write", status: 201, writes: true, body: () => invoiceBody() },
  { method: "GET", path: "/v1/invoices/:id", permission: "finance:read", status: 200, writes: false, id: invoice(draftInvoice) },
  {
    method: "PATCH",
    path: "/v1/invoices/:id",
    permission: "finance:write",
    status: 200,
    writes: true,
    body: () => ({ description: "Changed by a test", metadata: { touched: "yes" } }),
    id: invoice(draftInvoice),
  },
  { method: "DELETE", path: "/v1/invoices/:id", permission: "finance:write", status: 200, writes: true, id: invoice(draftInvoice) },
  { method: "POST", path: "/v1/invoices/:id/finalize", permission: "finance:write", status: 200, writes: true, id: invoice(draftInvoice) },
  { method: "POST", path: "/v1/invoices/:id/void", permission: "finance:write", status: 200, writes: true, id: invoice(openInvoice) },
  { method: "POST", path: "/v1/invoices/:id/mark_uncollectible", permission: "finance:write", status: 200, writes: true, id: invoice(openInvoice) },
  {
    method: "POST",
    path: "/v1/invoices/:id/pay",
    permission: "finance:write",
    status: 200,
    writes: true,
    body: () => ({ amount: 40 }),
    id: invoice(openInvoice),
  },

  // Growth engine.
  { method: "GET", path: "/v1/contacts", permission: "growth:read", status: 200, writes: false },
  {
    method: "POST",
    path: "/v1/contacts",
    permission: "growth:write",
    status: 201,
    writes: true,
    body: () => ({ email: `new-${++counter}-${Date.now()}@example.com` }),
  },
  { method: "GET", path: "/v1/contacts/:id", permission: "growth:read", status: 200, writes: false, id: growth("con", growthContact, "/v1/contacts/:id") },
  {
    method: "PATCH",
    path: "/v1/contacts/:id",
    permission: "growth:write",
    status: 200,
    writes: true,
    body: () => ({ title: "Changed by a test" }),
    id: growth("con", growthContact, "/v1/contacts/:id"),
  },
  { method: "DELETE", path: "/v1/contacts/:id", permission: "growth:write", status: 200, writes: true, id: growth("con", growthContact, "/v1/contacts/:id") },
  { method: "GET", path: "/v1/accounts", permission: "growth:read", status: 200, writes: false },
  { method: "POST", path: "/v1/accounts", permission: "growth:write", status: 201, writes: true, body: () => ({ name: `New Account ${++counter}` }) },
  { method: "GET", path: "/v1/accounts/:id", permission: "growth:read", status: 200, writes: false, id: growth("acc", growthAccount, "/v1/accounts/:id") },
  {
    method: "PATCH",
    path: "/v1/accounts/:id",
    permission: "growth:write",
    status: 200,
    writes: true,
    body: () => ({ industry: "Changed by a test" }),
    id: growth("acc", growthAccount, "/v1/accounts/:id"),
  },
  { method: "DELETE", path: "/v1/accounts/:id", permission: "growth:write", status: 200, writes: true, id: growth("acc", growthAccount, "/v1/accounts/:id") },
  {
    method: "GET",
    path: "/v1/accounts/:id/dossier",
    permission: "growth:read",
    status: 200,
    writes: false,
    id: growth("acc", growthAccount, "/v1/accounts/:id"),
  },
  {
    method: "POST",
    path: "/v1/accounts/:id/enrich",
    permission: "growth:write",
    status: 200,
    writes: true,
    id: growth("acc", growthAccount, "/v1/accounts/:id"),
  },
  { method: "GET", path: "/v1/pipelines", permission: "growth:read", status: 200, writes: false },
  {
    method: "POST",
    path: "/v1/pipelines",
    permission: "growth:write",
    status: 201,
    writes: true,
    body: () => ({ name: `New Pipeline ${++counter}`, stages: twoStages() }),
  },
  {
    method: "GET",
    path: "/v1/pipelines/:id",
    permission: "growth:read",
    status: 200,
    writes: false,
    id: growth("pipe", async (t) => (await growthPipeline(t)).id, "/v1/pipelines/:id"),
  },
  {
    method: "PATCH",
    path: "/v1/pipelines/:id",
    permission: "growth:write",
    status: 200,
    writes: true,
    body: () => ({ name: `Renamed ${++counter}` }),
    id: growth("pipe", async (t) => (await growthPipeline(t)).id, "/v1/pipelines/:id"),
  },
  {
    method: "DELETE",
    path: "/v1/pipelines/:id",
    permission: "growth:write",
    status: 200,
    writes: true,
    id: growth("pipe", async (t) => (await growthPipeline(t)).id, "/v1/pipelines/:id"),
  },
  {
    method: "DELETE",
    path: "/v1/pipelines/:id/stages/:sub",
    permission: "growth:write",
    status: 200,
    writes: true,
    id: growth(
      "pipe/stage",
      async (t) => {
        const pipeline = await growthPipeline(t);
        return `${pipeline.id}/${pipeline.stages[1].id}`;
      },
      "/v1/pipelines/:id",
    ),
  },
  { method: "GET", path: "/v1/deals", permission: "growth:read", status: 200, writes: false },
  { method: "POST", path: "/v1/deals", permission: "growth:write", status: 201, writes: true, body: () => ({ name: `New Deal ${++counter}`, amount: 250 }) },
  { method: "GET", path: "/v1/deals/:id", permission: "growth:read", status: 200, writes: false, id: growth("deal", growthDeal, "/v1/deals/:id") },
  {
    method: "PATCH",
    path: "/v1/deals/:id",
    permission: "growth:write",
    status: 200,
    writes: true,
    body: () => ({ amount: 999 }),
    id: growth("deal", growthDeal, "/v1/deals/:id"),
  },
  { method: "DELETE", path: "/v1/deals/:id", permission: "growth:write", status: 200, writes: true, id: growth("deal", growthDeal, "/v1/deals/:id") },
  { method: "GET", path: "/v1/sequences", permission: "growth:read", status: 200, writes: false },
  { method: "POST", path: "/v1/sequences", permission: "growth:write", status: 201, writes: true, body: () => sequenceBody() },
  {
    method: "GET",
    path: "/v1/sequences/:id",
    permission: "growth:read",
    status: 200,
    writes: false,
    id: growth("seq", growthSequence("draft"), "/v1/sequences/:id"),
  },
  {
    method: "PATCH",
    path: "/v1/sequences/:id",
    permission: "growth:write",
    status: 200,
    writes: true,
    body: () => ({ name: `Renamed ${++counter}` }),
    id: growth("seq", growthSequence("draft"), "/v1/sequences/:id"),
  },
  {
    method: "DELETE",
    path: "/v1/sequences/:id",
    permission: "growth:write",
    status: 200,
    writes: true,
    id: growth("seq", growthSequence("draft"), "/v1/sequences/:id"),
  },
  {
    method: "POST",
    path: "/v1/sequences/:id/activate",
    permission: "growth:write",
    status: 200,
    writes: true,
    id: growth("seq", growthSequence("draft"), "/v1/sequences/:id"),
  },
  {
    method: "POST",
    path: "/v1/sequences/:id/pause",
    permission: "growth:write",
    status: 200,
    writes: true,
    id: growth("seq", growthSequence("active"), "/v1/sequences/:id"),
  },
  {
    method: "POST",
    path: "/v1/sequences/:id/archive",
    permission: "growth:write",
    status: 200,
    writes: true,
    id: growth("seq", growthSequence("draft"), "/v1/sequences/:id"),
  },
  {
    method: "GET",
    path: "/v1/sequences/:id/enrollments",
    permission: "growth:read",
    status: 200,
    writes: false,
    id: growth("seq", growthSequence("active"), "/v1/sequences/:id"),
  },
  {
    method: "POST",
    path: "/v1/sequences/:id/enrollments",
    permission: "growth:write",
    status: 201,
    writes: true,
    body: (sequence) => ({ contact_id: (sequence && contactFor.get(sequence)) ?? missingId("con") }),
    id: growth("seq", sequenceToEnrollIn, "/v1/sequences/:id"),
  },
  {
    method: "GET",
    path: "/v1/sequences/:id/enrollments/:sub",
    permission: "growth:read",
    status: 200,
    writes: false,
    id: growth("seq/enr", growthEnrollment, "/v1/sequences/:id/enrollments/:sub"),
  },
  {
    method: "DELETE",
    path: "/v1/sequences/:id/enrollments/:sub",
    permission: "growth:write",
    status: 200,
    writes: true,
    id: growth("seq/enr", growthEnrollment, "/v1/sequences/:id/enrollments/:sub"),
  },
  { method: "GET", path: "/v1/sequence_messages", permission: "growth:read", status: 200, writes: false },
  {
    method: "POST",
    path: "/v1/sequence_replies",
    permission: "growth:write",
    status: 200,
    writes: true,
    // The id is "sequence/enrollment" (to read the enrollment back); the body names the enrollment.
    body: (id) => ({ enrollment_id: id?.split("/")[1] ?? missingId("enr"), body: "Thanks, let's talk." }),
    id: { ...growth("seq/enr", growthEnrollment, "/v1/sequences/:id/enrollments/:sub"), inBody: true },
  },

  // Talent engine.
  { method: "GET", path: "/v1/jobs", permission: "talent:read", status: 200, writes: false },
  { method: "POST", path: "/v1/jobs", permission: "talent:write", status: 201, writes: true, body: () => ({ title: `New Job ${++counter}` }) },
  { method: "GET", path: "/v1/jobs/:id", permission: "talent:read", status: 200, writes: false, id: talent("job", talentJob, "/v1/jobs/:id") },
  {
    method: "PATCH",
    path: "/v1/jobs/:id",
    permission: "talent:write",
    status: 200,
    writes: true,
    body: () => ({ location: "Changed by a test" }),
    id: talent("job", talentJob, "/v1/jobs/:id"),
  },
  { method: "DELETE", path: "/v1/jobs/:id", permission: "talent:write", status: 200, writes: true, id: talent("job", talentJob, "/v1/jobs/:id") },
  { method: "GET", path: "/v1/candidates", permission: "talent:read", status: 200, writes: false },
  {
    method: "POST",
    path: "/v1/candidates",
    permission: "talent:write",
    status: 201,
    writes: true,
    body: (job) => ({
      job_id: job ?? missingId("job"),
      first_name: "Route",
      last_name: `Applicant ${++counter}`,
      email: `applicant-${counter}-${Date.now()}@example.com`,
    }),
    id: { prefix: "job", make: talentJob, read: "/v1/jobs/:id", engine: "talent", inBody: true },
  },
  {
    method: "GET",
    path: "/v1/candidates/:id",
    permission: "talent:read",
    status: 200,
    writes: false,
    id: talent("cand", talentCandidate, "/v1/candidates/:id"),
  },
  {
    method: "PATCH",
    path: "/v1/candidates/:id",
    permission: "talent:write",
    status: 200,
    writes: true,
    body: () => ({ stage: "screening" }),
    id: talent("cand", talentCandidate, "/v1/candidates/:id"),
  },
  {
    method: "DELETE",
    path: "/v1/candidates/:id",
    permission: "talent:write",
    status: 200,
    writes: true,
    id: talent("cand", talentCandidate, "/v1/candidates/:id"),
  },

  // Intelligence snapshots. Making one stores a summary of every engine's data: read and write access to each.
  { method: "POST", path: "/v1/intelligence/snapshots", permission: EVERY_ENGINE_WRITE, status: 201, writes: true },
  { method: "GET", path: "/v1/intelligence/snapshots", permission: EVERY_ENGINE, status: 200, writes: false },
  // "latest" names the tenant's newest snapshot without an id in the path; the fixture makes one.
  {
    method: "GET",
    path: "/v1/intelligence/snapshots/latest",
    permission: EVERY_ENGINE,
    status: 200,
    writes: false,
    id: { prefix: "snap", make: intelligenceSnapshot, read: "/v1/intelligence/snapshots/:id" },
  },
  {
    method: "GET",
    path: "/v1/intelligence/snapshots/:id",
    permission: EVERY_ENGINE,
    status: 200,
    writes: false,
    id: { prefix: "snap", make: intelligenceSnapshot, read: "/v1/intelligence/snapshots/:id" },
  },

  // Webhooks (full-access keys: webhooks:manage).
  { method: "GET", path: "/v1/webhook_endpoints", permission: "webhooks:manage", status: 200, writes: false },
  { method: "POST", path: "/v1/webhook_endpoints", permission: "webhooks:manage", status: 201, writes: true, body: webhookBody },
  { method: "GET", path: "/v1/webhook_endpoints/:id", permission: "webhooks:manage", status: 200, writes: false, id: webhook(webhookEndpoint) },
  {
    method: "PATCH",
    path: "/v1/webhook_endpoints/:id",
    permission: "webhooks:manage",
    status: 200,
    writes: true,
    body: () => ({ description: "Changed by a test" }),
    id: webhook(webhookEndpoint),
  },
  { method: "DELETE", path: "/v1/webhook_endpoints/:id", permission: "webhooks:manage", status: 200, writes: true, id: webhook(webhookEndpoint) },
  { method: "POST", path: "/v1/webhook_endpoints/:id/rotate_secret", permission: "webhooks:manage", status: 200, writes: true, id: webhook(webhookEndpoint) },
  { method: "POST", path: "/v1/webhook_endpoints/:id/test", permission: "webhooks:manage", status: 202, writes: true, id: webhook(webhookEndpoint) },
  {
    method: "POST",
    path: "/v1/webhook_endpoints/:id/recover",
    permission: "webhooks:manage",
    status: 202,
    writes: true,
    body: () => ({ since: "2020-01-01T00:00:00Z" }),
    id: webhook(webhookEndpoint),
  },
  { method: "GET", path: "/v1/webhook_endpoints/:id/deliveries", permission: "webhooks:manage", status: 200, writes: false, id: webhook(webhookEndpoint) },
  {
    method: "GET",
    path: "/v1/webhook_endpoints/:id/deliveries/:sub/attempts",
    permission: "webhooks:manage",
    status: 200,
    writes: false,
    id: { prefix: "whe/whd", make: webhookDelivery, read: "/v1/webhook_endpoints/:id" },
  },
  {
    method: "POST",
    path: "/v1/webhook_endpoints/:id/deliveries/:sub/resend",
    permission: "webhooks:manage",
    status: 202,
    writes: true,
    id: { prefix: "whe/whd", make: webhookDelivery, read: "/v1/webhook_endpoints/:id" },
  },

  // Edge functions: deployed by full-access and engine keys, invoked by any key of the organization.
  { method: "GET", path: "/v1/functions", permission: "functions:manage", status: 200, writes: false },
  { method: "POST", path: "/v1/functions", permission: "functions:manage", status: 201, writes: true, body: functionBody },
  { method: "GET", path: "/v1/functions/:id", permission: "functions:manage", status: 200, writes: false, id: fn },
  { method: "DELETE", path: "/v1/functions/:id", permission: "functions:manage", status: 200, writes: true, id: fn },
  { method: "GET", path: "/v1/functions/:id/versions", permission: "functions:manage", status: 200, writes: false, id: fn },
  {
    method: "POST",
    path: "/v1/functions/:id/versions",
    permission: "functions:manage",
    status: 201,
    writes: true,
    body: () => ({ source: FUNCTION_SOURCE }),
    id: fn,
  },
  { method: "POST", path: "/v1/functions/:id/rollback", permission: "functions:manage", status: 200, writes: true, body: () => ({ version: 1 }), id: fn },
  { method: "GET", path: "/v1/functions/:id/invocations", permission: "functions:manage", status: 200, writes: false, id: fn },
  { method: "POST", path: "/v1/functions/:id/invoke", permission: "functions:invoke", status: 200, writes: false, body: () => ({ hello: "world" }), id: fn },
  { method: "GET", path: "/v1/functions/:id/invoke", permission: "functions:invoke", status: 200, writes: false, id: fn },

  // Agent. Asking is reading (agent:read, tools limited to the key's own permissions); deleting a conversation
  // and deciding an approval take agent:write. Engine keys see only the conversations they opened.
  { method: "POST", path: "/v1/agent/chat", permission: "agent:read", status: 200, writes: false, body: () => ({ message: "which invoices are overdue?" }) },
  { method: "GET", path: "/v1/agent/conversations", permission: "agent:read", status: 200, writes: false },
  { method: "GET", path: "/v1/agent/conversations/:id", permission: "agent:read", status: 200, writes: false, id: agentConversation },
  { method: "DELETE", path: "/v1/agent/conversations/:id", permission: "agent:write", status: 200, writes: true, id: agentConversation },
  // The same tools over MCP (Streamable HTTP): any agent key; the tools offered follow the key's permissions.
  {
    method: "POST",
    path: "/mcp",
    permission: "agent:read",
    status: 200,
    writes: false,
    headers: { accept: "application/json, text/event-stream" },
    body: () => ({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "route-test", version: "1" } },
    }),
  },
  { method: "GET", path: "/v1/agent/approvals/:id", permission: "agent:read", status: 200, writes: false, id: agentApproval },
  { method: "POST", path: "/v1/agent/approvals/:id/approve", permission: "agent:write", status: 200, writes: true, id: agentApproval },
  { method: "POST", path: "/v1/agent/approvals/:id/deny", permission: "agent:write", status: 200, writes: true, id: agentApproval },

  // Events.
  { method: "GET", path: "/v1/events", permission: "events:read", status: 200, writes: false },
  {
    method: "GET",
    path: "/v1/events/:id",
    permission: "events:read",
    status: 200,
    writes: false,
    id: { prefix: "evt", make: invoiceEventId, read: "/v1/events/:id", engine: "finance" },
  },
  { method: "GET", path: "/v1/event_types", permission: null, status: 200, writes: false },

  // API keys (full-access keys only).
  { method: "GET", path: "/v1/api_keys", permission: "api_keys:manage", status: 200, writes: false },
  {
    method: "POST",
    path: "/v1/api_keys",
    permission: "api_keys:manage",
    status: 201,
    writes: true,
    body: () => ({ kind: "read_only", name: "made by a route test" }),
  },
  {
    method: "GET",
    path: "/v1/api_keys/:id",
    permission: "api_keys:manage",
    status: 200,
    writes: false,
    id: { prefix: "key", make: spareKeyId, read: "/v1/api_keys/:id" },
  },
  {
    method: "DELETE",
    path: "/v1/api_keys/:id",
    permission: "api_keys:manage",
    status: 200,
    writes: true,
    id: { prefix: "key", make: spareKeyId, read: "/v1/api_keys/:id" },
  },
  {
    method: "POST",
    path: "/v1/api_keys/:id/roll",
    permission: "api_keys:manage",
    status: 201,
    writes: true,
    body: () => ({ expires_in_seconds: 60 }),
    id: { prefix: "key", make: spareKeyId, read: "/v1/api_keys/:id" },
  },

  // OAuth apps and connected apps (grants): managing credentials, like API keys.
  { method: "GET", path: "/v1/oauth_apps", permission: "api_keys:manage", status: 200, writes: false },
  { method: "POST", path: "/v1/oauth_apps", permission: "api_keys:manage", status: 201, writes: true, body: oauthAppBody },
  { method: "GET", path: "/v1/oauth_apps/:id", permission: "api_keys:manage", status: 200, writes: false, id: oauthApp },
  {
    method: "PATCH",
    path: "/v1/oauth_apps/:id",
    permission: "api_keys:manage",
    status: 200,
    writes: true,
    body: () => ({ name: `Renamed ${++counter}` }),
    id: oauthApp,
  },
  { method: "DELETE", path: "/v1/oauth_apps/:id", permission: "api_keys:manage", status: 200, writes: true, id: oauthApp },
  { method: "POST", path: "/v1/oauth_apps/:id/rotate_secret", permission: "api_keys:manage", status: 200, writes: true, id: oauthApp },
  { method: "GET", path: "/v1/oauth_grants", permission: "api_keys:manage", status: 200, writes: false },
  { method: "GET", path: "/v1/oauth_grants/:id", permission: "api_keys:manage", status: 200, writes: false, id: oauthGrant },
  { method: "DELETE", path: "/v1/oauth_grants/:id", permission: "api_keys:manage", status: 200, writes: true, id: oauthGrant },
];

export const ROUTES_WITH_ID = ROUTES.filter((r) => r.id);

// ---------------------------------------------------------------------------
// Calling a route.

export function label(route: Route): string {
  return `${route.method} ${route.path}`;
}

export function pathOf(route: Route, id?: string): string {
  if (!route.path.includes(":id")) return route.path;
  if (!id) throw new Error(`${label(route)} needs an id`);
  return fillPath(route.path, id);
}

/** Puts an id (or the two of a nested route's "parent/child" id) into a path template. */
export function fillPath(template: string, id: string): string {
  const [parent, child] = id.split("/");
  return template.replace(":id", parent!).replace(":sub", child ?? "");
}

/** The text with each part of the id replaced by <id> (to compare problem details across ids). */
export function maskId(text: string, id: string): string {
  return id.split("/").reduce((out, part) => out.replaceAll(part, "<id>"), text);
}

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

/** A well-formed id of this prefix that names nothing ("seq/enr": one of each, joined). */
export function missingId(prefix: string): string {
  return prefix
    .split("/")
    .map((p) => {
      let tail = "0";
      for (let i = 0; i < 25; i++) tail += CROCKFORD[Math.floor(Math.random() * CROCKFORD.length)];
      return `${p}_${tail}`;
    })
    .join("/");
}

/** Calls the route with its valid body. `id` defaults to a well-formed id that names nothing. */
export function callRoute(client: Client, route: Route, id?: string, options: { headers?: Record<string, string>; key?: string | null } = {}) {
  const target = route.id ? (id ?? missingId(route.id.prefix)) : undefined;
  return client.request(route.method, pathOf(route, target), { body: route.body?.(target), ...options, headers: { ...route.headers, ...options.headers } });
}

/** The permissions a route needs, as a list (empty for any key). */
export function permissionList(route: Route): readonly Permission[] {
  if (!route.permission) return [];
  return typeof route.permission === "string" ? [route.permission] : route.permission;
}

/** The permissions a key of this kind lacks for the route. */
export function missingPermissions(route: Route, kind: KeyKind, engines: readonly Engine[] = []): Permission[] {
  const held = permissionsOf(kind, engines);
  return permissionList(route).filter((p) => !held.has(p));
}

/** What another organization's id (or a missing one) gets: a 404 in the path, a 422 naming the field in a body. */
export function foreignIdAnswer(route: Route): { status: number; code: string } {
  return route.id?.inBody ? { status: 422, code: "unprocessable" } : { status: 404, code: "not_found" };
}

/** What a route would return for a key, by the rules above. */
export function expectedOutcome(route: Route, kind: KeyKind, engines: readonly Engine[] = []): "ok" | "forbidden" | "hidden" {
  if (missingPermissions(route, kind, engines).length > 0) return "forbidden";
  if (kind === "engine" && route.id?.engine && !engines.includes(route.id.engine)) return "hidden";
  // Others' conversations may hold anything their askers read: only a key that reads everything (full access) sees them.
  if (kind !== "full_access" && route.id?.ownedByMaker) return "hidden";
  return "ok";
}

/** A served route's URL as the table writes it: its first parameter is ":id", its second ":sub" (/v1/functions/:name -> /v1/functions/:id). */
export function tableRoute(url: string): string {
  let n = 0;
  return url.replace(/:[A-Za-z_]+/g, () => (n++ === 0 ? ":id" : ":sub"));
}

/**
 * Served routes the table leaves out, each with the reason (test/platform/route-table.test.ts fails on a served
 * route in neither list). Only routes no API key reaches belong here, and endless streams, whose answer a table
 * call cannot wait for: anything else a key calls goes in ROUTES.
 */
export const EXCLUDED_ROUTES: readonly { match: RegExp; reason: string }[] = [
  {
    match: /^GET \/(healthz|readyz|problems\/:id|v1\/openapi\.json|docs\/.*|\.well-known\/.*)$/,
    reason: "public: answered without a key (test/platform/health, openapi, errors and test/oauth/discovery cover them)",
  },
  {
    match: /^(GET|POST|PATCH|DELETE) \/dashboard(\/.*)?$/,
    reason:
      "the dashboard's pages and its session API: signed-in members, not keys (test/identity and test/dashboard cover them, cross-tenant-session.test.ts runs this table with a session)",
  },
  {
    match: /^(GET|POST) \/oauth\/(authorize|token|revoke|introspect|register)$/,
    reason: "the OAuth protocol's endpoints: client credentials, codes and tokens, not keys (test/oauth covers them)",
  },
  { match: /^(GET|DELETE) \/mcp$/, reason: "refused as 405 for every caller (a stateless MCP server); POST /mcp is in the table" },
  {
    match: /^GET \/v1\/events\/stream$/,
    reason:
      "an endless text/event-stream: test/platform/event-stream.test.ts covers its key (401), visibility, per-key bound (429) and revocation, behind the same guard and limiter as every route",
  },
  {
    match: /^(PUT|PATCH|DELETE|OPTIONS) \/v1\/functions\/:id\/invoke$|^[A-Z]+ \/v1\/functions\/:id\/invoke\/\*$/,
    reason: "the same handler and permission as GET and POST /v1/functions/:id/invoke, in the table (one route per method only for the OpenAPI document)",
  },
];
