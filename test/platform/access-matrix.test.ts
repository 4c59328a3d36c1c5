import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orgs } from "../../src/platform/orgs/orgs-table.ts";
import type { ApiResponse, RequestOptions, Tenant } from "../helpers/harness.ts";
import { useTestApp } from "../helpers/harness.ts";
import { ENGINES, label, pathOf, permissionsOf, ROUTES, type Engine, type KeyKind } from "../helpers/routes.ts";
import { invite, signUp, type SessionClient } from "../identity/session-client.ts";
import { discover, insecure, oauth } from "../oauth/integration.ts";

/**
 * Issue 26: what a caller may see is decided from its permissions alone, on
 * every path data leaves by. For every kind of caller (API keys of each kind,
 * OAuth tokens of several scope sets from the real authorization server,
 * dashboard members of each role), every read route of the route table and
 * every event-bearing answer (events list, get and types, the dossier, the
 * agent's chat and MCP tools, webhook and function subscriptions) is run and
 * checked: nothing of an area the caller may not read comes back.
 *
 * The rules are written out here from the product's description, not
 * imported from src/: the test checks the code against them.
 */
const getApp = useTestApp();

type Permission = string;

/** What reading an event takes, by the object it carries. */
const EVENT_READS: [RegExp, Permission[]][] = [
  [/^invoice\./, ["finance:read"]],
  [/^(contact|account|pipeline|deal|sequence)\./, ["growth:read"]],
  [/^(job|candidate)\./, ["talent:read"]],
  // The agent's events carry questions, answers and action results: whatever their asker read.
  [/^agent\./, ["agent:read", "finance:read", "growth:read", "talent:read", "functions:manage", "api_keys:manage", "webhooks:manage"]],
  [/^intelligence\./, ["finance:read", "growth:read", "talent:read"]],
  // A failed invocation carries its logs: what the function read and was handed with its deployer's permissions.
  [/^function\.invocation_failed$/, ["agent:read", "finance:read", "growth:read", "talent:read", "functions:manage", "api_keys:manage", "webhooks:manage"]],
  [/^function\./, ["functions:manage"]],
  [/^(api_key|oauth_grant|member)\./, ["api_keys:manage"]],
  [/^webhook_endpoint\./, ["webhooks:manage"]],
];

function readsOf(type: string): Permission[] {
  const rule = EVENT_READS.find(([pattern]) => pattern.test(type));
  if (!rule) throw new Error(`no read rule for event type ${type}`);
  return rule[1];
}

const mayRead = (held: ReadonlySet<Permission>, type: string) => readsOf(type).every((p) => held.has(p));

/** Text planted in each engine's data: it may appear in an answer only to a caller that reads that engine. */
const SENTINELS: Record<"finance" | "growth" | "talent", string> = {
  finance: "sentinel-finance-7q3",
  growth: "sentinel-growth-7q3",
  talent: "sentinel-talent-7q3",
};

interface HttpCaller {
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
}

interface Who {
  name: string;
  http: HttpCaller;
  permissions: Set<Permission>;
  /** A bearer credential (keys and tokens): MCP clients send it. */
  bearer?: string;
  oauth?: boolean;
}

const SCOPE_SETS = [
  "finance:read events:read",
  "finance:read webhooks:manage",
  "talent:read events:read agent:read",
  "growth:read events:read webhooks:manage functions:manage",
  "finance:read growth:read talent:read agent:read events:read webhooks:manage",
];
const ALL_SCOPES = [
  "finance:read",
  "finance:write",
  "growth:read",
  "growth:write",
  "talent:read",
  "talent:write",
  "agent:read",
  "agent:write",
  "events:read",
  "webhooks:manage",
  "functions:manage",
  "functions:invoke",
];

const ROLE_PERMISSIONS: Record<string, Set<Permission>> = {
  viewer: permissionsOf("read_only"),
  developer: permissionsOf("full_access"),
  admin: new Set([...permissionsOf("full_access"), "members:manage"]),
  owner: new Set([...permissionsOf("full_access"), "members:manage"]),
};

/** Every event envelope inside an answer, however deep (lists, dossiers, tool results, JSON-RPC frames). */
function envelopesIn(value: unknown, found: { type: string; id: string }[] = []): { type: string; id: string }[] {
  if (Array.isArray(value)) for (const item of value) envelopesIn(item, found);
  else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (record.api_version === "v1" && typeof record.type === "string" && typeof record.id === "string" && record.id.startsWith("evt_"))
      found.push({ type: record.type, id: record.id });
    for (const inner of Object.values(record)) envelopesIn(inner, found);
  } else if (typeof value === "string" && (value.startsWith("{") || value.startsWith("["))) {
    // MCP tool results carry JSON as text.
    try {
      envelopesIn(JSON.parse(value), found);
    } catch {
      // not JSON
    }
  }
  return found;
}

/** Event types named in free text (the agent's answers list events as "<timestamp> <type> <id>"). */
function typesNamedIn(text: string, catalog: readonly string[]): string[] {
  return catalog.filter((type) => new RegExp(`\\b${type.replace(".", "\\.")}\\b`).test(text));
}

function expectNothingUnreadable(who: Who, what: string, text: string, body: unknown, catalog: readonly string[]): void {
  for (const [engine, sentinel] of Object.entries(SENTINELS)) {
    if (!who.permissions.has(`${engine}:read`)) expect(text.includes(sentinel), `${who.name}: ${what} carries ${engine} data`).toBe(false);
  }
  for (const event of envelopesIn(body)) expect(mayRead(who.permissions, event.type), `${who.name}: ${what} carries a ${event.type} event`).toBe(true);
  // Free text (the agent's answers) lists events by type; the catalog's own pages name every type as documentation.
  if (!/agent|mcp/.test(what)) return;
  for (const type of typesNamedIn(text, catalog)) expect(mayRead(who.permissions, type), `${who.name}: ${what} names a ${type} event`).toBe(true);
}

describe("the access matrix: every caller kind, every read route and event path", () => {
  let owner: SessionClient;
  let tenant: Tenant;
  let callers: Who[];
  let catalog: string[];
  let orgEvents: { id: string; type: string }[];
  let accountId: string;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    const app = getApp();
    const signedUp = await signUp(app.url);
    owner = signedUp.session;
    // Signed up on the free plan; the matrix makes thousands of requests per caller within the minute.
    await app.database.db.update(orgs).set({ plan: "enterprise" }).where(eq(orgs.id, signedUp.orgId));
    // The organization's own full-access key, made by its owner: route fixtures are made with it.
    const keyOf = async (kind: KeyKind, engines?: Engine[]) => {
      const res = await owner.post("/v1/api_keys", { kind, engines, name: `${kind} ${engines?.join("+") ?? ""}` });
      if (res.status !== 201) throw new Error(`key: ${res.status} ${res.text}`);
      return { secret: res.body.secret as string, id: res.body.id as string, client: app.client.withKey(res.body.secret) };
    };
    const full = await keyOf("full_access");
    tenant = { orgId: signedUp.orgId, key: full.secret, keyId: full.id, client: full.client, newKey: (kind, options) => keyOf(kind, options?.engines) };

    // Data of every area, each engine's carrying its sentinel.
    const c = tenant.client;
    const account = await c.post("/v1/accounts", { name: `Account ${SENTINELS.growth}` });
    accountId = account.body.id;
    expect(
      (await c.post("/v1/contacts", { first_name: "Grace", last_name: "Hopper", email: `${SENTINELS.growth}@example.com`, account_id: accountId })).status,
    ).toBe(201);
    expect(
      (await c.post("/v1/invoices", { client: `Client ${SENTINELS.finance}`, amount: 120, currency: "EUR", due_date: "2099-01-31", account_id: accountId }))
        .status,
    ).toBe(201);
    // A function of the full-access key's that logs every candidate event it is handed: its logs carry talent data.
    const logger = "export default { async event(event) { console.log(JSON.stringify(event)) } }";
    expect((await c.post("/v1/functions", { name: "talent-logger", source: logger, triggers: { http: false, events: ["candidate.*"] } })).status).toBe(201);
    const job = await c.post("/v1/jobs", { title: "Analyst" });
    expect(
      (await c.post("/v1/candidates", { job_id: job.body.id, first_name: "Ada", last_name: SENTINELS.talent, email: `${SENTINELS.talent}@example.com` }))
        .status,
    ).toBe(201);
    expect(await app.functionRuns.runOnce()).toBeGreaterThan(0);
    expect((await c.post("/v1/agent/chat", { message: "which invoices are overdue?" })).status).toBe(200);
    expect((await c.post("/v1/intelligence/snapshots")).status).toBe(201);
    expect((await c.post("/v1/functions", { name: "noop", source: "export default { async fetch() { return 'ok' } }" })).status).toBe(201);

    // OAuth: one confidential app of the organization asking for every scope; each token asks for a set.
    const as = await discover(app.url);
    const created = await c.post("/v1/oauth_apps", {
      name: "Matrix",
      client_type: "confidential",
      redirect_uris: ["http://127.0.0.1:7/callback"],
      scopes: ALL_SCOPES,
    });
    expect(created.status).toBe(201);
    const client: oauth.Client = { client_id: created.body.client_id };
    const token = async (scope: string) =>
      (
        await oauth.processClientCredentialsResponse(
          as,
          client,
          await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(created.body.client_secret), { scope }, insecure),
        )
      ).access_token;

    const keys: Who[] = [];
    const keyKinds: [string, KeyKind, Engine[]][] = [
      ["read-only key", "read_only", []],
      ["full-access key", "full_access", []],
      ...ENGINES.map((e): [string, KeyKind, Engine[]] => [`${e} engine key`, "engine", [e]]),
    ];
    for (const [name, kind, engines] of keyKinds) {
      const key = kind === "full_access" ? full : await keyOf(kind, engines);
      keys.push({ name, http: key.client, bearer: key.secret, permissions: permissionsOf(kind, engines) as Set<Permission> });
    }
    const tokens: Who[] = [];
    for (const scope of [...SCOPE_SETS, ALL_SCOPES.join(" ")]) {
      const secret = await token(scope);
      tokens.push({ name: `OAuth token (${scope})`, http: app.client.withKey(secret), bearer: secret, permissions: new Set(scope.split(" ")), oauth: true });
    }
    const members: Who[] = [{ name: "owner", http: owner, permissions: ROLE_PERMISSIONS.owner! }];
    for (const role of ["viewer", "developer", "admin"])
      members.push({ name: role, http: (await invite(owner, role)).session, permissions: ROLE_PERMISSIONS[role]! });
    callers = [...keys, ...tokens, ...members];

    catalog = (await c.get("/v1/event_types")).body.data.map((t: { name: string }) => t.name);
    orgEvents = await allEvents(owner);
    // Every area has events to see or not see.
    for (const prefix of ["invoice.", "contact.", "candidate.", "agent.", "intelligence.", "function.", "api_key.", "oauth_grant.", "member."]) {
      expect(
        orgEvents.some((e) => e.type.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    // One fixture per read route, made once.
    for (const route of readRoutes()) if (route.id) ids.set(label(route), await route.id.make(tenant));
  }, 300_000);

  const readRoutes = () => ROUTES.filter((r) => !r.writes);

  async function allEvents(who: HttpCaller): Promise<{ id: string; type: string }[]> {
    const out: { id: string; type: string }[] = [];
    for (let page = 1; ; page++) {
      const res = await who.request("GET", `/v1/events?per_page=100&page=${page}`);
      expect(res.status).toBe(200);
      out.push(...res.body.data);
      if (res.body.data.length < 100) return out;
    }
  }

  it("events list and get: exactly the kinds the caller's permissions read", async () => {
    for (const who of callers) {
      if (!who.permissions.has("events:read")) {
        expect((await who.http.request("GET", "/v1/events")).status, who.name).toBe(403);
        continue;
      }
      const seen = await allEvents(who.http);
      const expected = orgEvents.filter((e) => mayRead(who.permissions, e.type)).map((e) => e.id);
      // Every event the caller reads, and no other (the list may have grown since: compare the ones both know).
      const known = new Set(orgEvents.map((e) => e.id));
      expect(
        seen
          .filter((e) => known.has(e.id))
          .map((e) => e.id)
          .sort(),
        who.name,
      ).toEqual(expected.sort());
      for (const event of seen) expect(mayRead(who.permissions, event.type), `${who.name} lists ${event.type}`).toBe(true);
      // One event of each type, fetched by id: 200 exactly when readable.
      const oneOfEach = [...new Map(orgEvents.map((e) => [e.type, e])).values()];
      for (const event of oneOfEach) {
        const res = await who.http.request("GET", `/v1/events/${event.id}`);
        expect(res.status, `${who.name} GET ${event.type}`).toBe(mayRead(who.permissions, event.type) ? 200 : 404);
      }
    }
  }, 300_000);

  it("event types: readable says what the caller reads", async () => {
    for (const who of callers) {
      const res = await who.http.request("GET", "/v1/event_types");
      expect(res.status, who.name).toBe(200);
      for (const type of res.body.data as { name: string; readable: boolean; read_permissions: string[] }[]) {
        expect(type.readable, `${who.name}: ${type.name}`).toBe(mayRead(who.permissions, type.name));
        expect([...type.read_permissions].sort(), type.name).toEqual([...readsOf(type.name)].sort());
      }
    }
  });

  it("every read route answers only what the caller may read", async () => {
    for (const who of callers) {
      for (const route of readRoutes()) {
        const id = ids.get(label(route));
        const res = await who.http.request(route.method, pathOf(route, id), { body: route.body?.(id), headers: route.headers });
        const needed = route.permission === null ? [] : typeof route.permission === "string" ? [route.permission] : [...route.permission];
        if (res.status >= 200 && res.status < 300) {
          expect(
            needed.filter((p) => !who.permissions.has(p)),
            `${who.name}: ${label(route)} answered ${res.status}`,
          ).toEqual([]);
          expectNothingUnreadable(who, label(route), res.text, res.body, catalog);
        } else {
          expect([403, 404], `${who.name}: ${label(route)}: ${res.text.slice(0, 300)}`).toContain(res.status);
        }
      }
    }
  }, 600_000);

  it("a function's logs reach only callers that read what it was handed", async () => {
    const full = await tenant.client.get("/v1/functions/talent-logger/invocations");
    expect(full.text).toContain(SENTINELS.talent);
    for (const who of callers) {
      for (const path of ["/v1/functions/talent-logger/invocations", "/v1/functions/talent-logger"]) {
        const res = await who.http.request("GET", path);
        if (res.status === 200) expectNothingUnreadable(who, path, res.text, res.body, catalog);
        else expect([403, 404], `${who.name} ${path}`).toContain(res.status);
      }
    }
  });

  it("the dossier's activity feed holds only readable events", async () => {
    for (const who of callers.filter((w) => w.permissions.has("growth:read"))) {
      const res = await who.http.request("GET", `/v1/accounts/${accountId}/dossier`);
      expect(res.status, who.name).toBe(200);
      const feed = envelopesIn(res.body);
      expect(
        feed.some((e) => e.type.startsWith("account.")),
        who.name,
      ).toBe(true);
      // Its invoice's events appear to those who read finance, and only to them.
      expect(
        feed.some((e) => e.type.startsWith("invoice.")),
        who.name,
      ).toBe(who.permissions.has("finance:read"));
      expectNothingUnreadable(who, "dossier", res.text, res.body, catalog);
    }
  });

  it("the agent's answers and its MCP tools carry only readable events", async () => {
    for (const who of callers.filter((w) => w.permissions.has("agent:read"))) {
      const res = await who.http.request("POST", "/v1/agent/chat", { body: { message: "show me the recent events" } });
      expect(res.status, who.name).toBe(200);
      expectNothingUnreadable(who, "agent chat", res.text, res.body, catalog);
      if (!who.bearer) continue;
      const mcp = new McpClient({ name: "matrix", version: "1" });
      await mcp.connect(
        new StreamableHTTPClientTransport(new URL(`${getApp().url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${who.bearer}` } } }),
      );
      try {
        const tools = (await mcp.listTools()).tools.map((t) => t.name);
        expect(tools.includes("list_events"), who.name).toBe(who.permissions.has("events:read"));
        if (!tools.includes("list_events")) continue;
        const result = await mcp.callTool({ name: "list_events", arguments: { per_page: 100 } });
        const text = JSON.stringify(result);
        const listed = envelopesIn(result.content);
        expect(listed.length, who.name).toBeGreaterThan(0);
        expectNothingUnreadable(who, "MCP list_events", text, result.content, catalog);
      } finally {
        await mcp.close();
      }
    }
  }, 300_000);

  it("webhook subscriptions need read access to every kind they name", async () => {
    const patterns = [
      "invoice.*",
      "contact.*",
      "candidate.*",
      "agent.*",
      "intelligence.*",
      "function.*",
      "api_key.*",
      "member.*",
      "webhook_endpoint.disabled",
      "*",
    ];
    for (const who of callers.filter((w) => w.permissions.has("webhooks:manage"))) {
      for (const pattern of patterns) {
        const readable = catalog.filter((t) => pattern === "*" || (pattern.endsWith(".*") ? t.startsWith(pattern.slice(0, -1)) : t === pattern));
        const missing = [...new Set(readable.flatMap(readsOf).filter((p) => !who.permissions.has(p)))];
        const res = await who.http.request("POST", "/v1/webhook_endpoints", { body: { url: "http://127.0.0.1:9/hook", events: [pattern] } });
        if (missing.length === 0) {
          expect(res.status, `${who.name}: ${pattern}: ${res.text}`).toBe(201);
          expect(res.body.oauth_grant_id === null, who.name).toBe(!who.oauth);
          expect((await who.http.request("DELETE", `/v1/webhook_endpoints/${res.body.id}`)).status).toBe(200);
        } else {
          expect(res.status, `${who.name}: ${pattern}`).toBe(403);
          expect(res.body.pattern).toBe(pattern);
          expect(missing).toContain(res.body.required_permission);
        }
      }
    }
  }, 300_000);

  it("function event triggers need read access to every kind they name; apps deploy none", async () => {
    const source = "export default { async event(event) { console.log(event.type) } }";
    let n = 0;
    for (const who of callers.filter((w) => w.permissions.has("functions:manage"))) {
      for (const pattern of ["invoice.*", "candidate.*", "*"]) {
        const readable = catalog.filter((t) => !t.startsWith("function.") && (pattern === "*" || t.startsWith(pattern.slice(0, -1))));
        const missing = [...new Set(readable.flatMap(readsOf).filter((p) => !who.permissions.has(p)))];
        const res = await who.http.request("POST", "/v1/functions", { body: { name: `trigger-${++n}`, source, triggers: { http: false, events: [pattern] } } });
        if (who.oauth) expect(res.status, who.name).toBe(403);
        else if (missing.length === 0) expect(res.status, `${who.name}: ${pattern}: ${res.text}`).toBe(201);
        else {
          expect(res.status, `${who.name}: ${pattern}`).toBe(403);
          expect(res.body.pattern).toBe(pattern);
        }
      }
    }
  }, 300_000);
});
