import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import { useTestApp, type Client, type Tenant } from "../helpers/harness.ts";
import {
  callRoute,
  createInvoice,
  expectedOutcome,
  label,
  fillPath,
  maskId,
  missingId,
  missingPermissions,
  permissionList,
  pathOf,
  ROUTES,
  ROUTES_WITH_ID,
  foreignIdAnswer,
  type Engine,
  type KeyKind,
  type Route,
} from "../helpers/routes.ts";

const t = useTestApp();

/** What a tenant holds, seen through its full-access key: counts, and the resource behind an id. */
async function snapshot(tenant: Tenant, route: Route, id: string | undefined) {
  const [invoices, events, keys] = await Promise.all([
    tenant.client.get("/v1/invoices?per_page=100&sort=created_at"),
    tenant.client.get("/v1/events?per_page=1"),
    tenant.client.get("/v1/api_keys?per_page=1"),
  ]);
  const resource = route.id?.read && id ? await tenant.client.get(fillPath(route.id.read, id)) : undefined;
  return {
    invoices: invoices.body.data,
    invoiceTotal: invoices.body.meta.total,
    events: events.body.meta.total,
    keys: keys.body.meta.total,
    resource: resource && { status: resource.status, body: resource.body },
  };
}

interface KeyCase {
  name: string;
  kind: KeyKind;
  engines: Engine[];
}

const KEYS: KeyCase[] = [
  { name: "full_access", kind: "full_access", engines: [] },
  { name: "read_only", kind: "read_only", engines: [] },
  { name: "engine [growth]", kind: "engine", engines: ["growth"] },
  { name: "engine [finance]", kind: "engine", engines: ["finance"] },
  { name: "engine [talent, agent]", kind: "engine", engines: ["talent", "agent"] },
];

describe.each(KEYS)("a $name key", (keyCase) => {
  let tenant: Tenant;
  let client: Client;
  beforeAll(async () => {
    tenant = await t().tenant();
    client =
      keyCase.kind === "full_access"
        ? tenant.client
        : (await tenant.newKey(keyCase.kind, { engines: keyCase.engines.length ? keyCase.engines : undefined })).client;
  });

  it.each(ROUTES.map((r) => [label(r), r] as [string, Route]))("%s", async (_, route) => {
    const expected = expectedOutcome(route, keyCase.kind, keyCase.engines);
    const maker = route.id?.madeByCaller && keyCase.kind !== "read_only" ? client : undefined;
    const id = route.id ? await route.id.make(tenant, maker) : undefined;
    const before = expected === "ok" ? undefined : await snapshot(tenant, route, id);
    const res = await callRoute(client, route, id);

    if (expected === "ok") {
      expect(res.status, `${label(route)}: ${res.text}`).toBe(route.status);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      return;
    }
    if (expected === "forbidden") {
      const problem = expectProblem(res, 403, "insufficient_permission", label(route));
      const missing = missingPermissions(route, keyCase.kind, keyCase.engines);
      expect(problem.required_permission).toBe(missing[0]);
      if (typeof route.permission !== "string") expect(problem.missing_permissions).toEqual(missing);
      for (const permission of missing) expect(problem.detail).toContain(permission);
    } else {
      // An engine key does not see another engine's data at all.
      expectProblem(res, 404, "not_found", label(route));
    }
    // A refused call changes nothing.
    expect(await snapshot(tenant, route, id)).toEqual(before);
  });
});

describe("what each key kind may do, in words", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
    await createInvoice(tenant);
  });

  it("read_only keys read every engine route but write none", async () => {
    const { client } = await tenant.newKey("read_only");
    for (const route of ROUTES.filter((r) => r.method === "GET" && permissionList(r).length > 0 && permissionList(r).every((p) => p.endsWith(":read")))) {
      const id = route.id ? await route.id.make(tenant) : undefined;
      // Others' conversations may hold what read-only keys may not read (see expectedOutcome): 404, like a missing id.
      expect((await callRoute(client, route, id)).status, label(route)).toBe(expectedOutcome(route, "read_only") === "hidden" ? 404 : 200);
    }
    for (const route of ROUTES.filter((r) => r.writes)) {
      const id = route.id ? await route.id.make(tenant) : undefined;
      expect((await callRoute(client, route, id)).status, label(route)).toBe(403);
    }
  });

  it("engine keys cannot manage API keys, whatever their engines", async () => {
    const { client } = await tenant.newKey("engine", { engines: ["finance", "growth", "talent", "agent"] });
    const res = await client.post("/v1/api_keys", { kind: "full_access" });
    expect(expectProblem(res, 403, "insufficient_permission").required_permission).toBe("api_keys:manage");
    expect((await client.get("/v1/api_keys")).status).toBe(403);
    expect((await client.delete(`/v1/api_keys/${tenant.keyId}`)).status).toBe(403);
    // The full-access key is untouched.
    expect((await tenant.client.get("/v1/me")).status).toBe(200);
  });

  it("a 403 wins over a bad body: permissions are checked first and nothing is validated", async () => {
    const { client } = await tenant.newKey("read_only");
    const res = await client.post("/v1/invoices", { amount: "lots" });
    expectProblem(res, 403, "insufficient_permission");
  });

  it("engine keys see the events of their own engines only; keys see platform events only where they manage those objects", async () => {
    const growth = (await tenant.newKey("engine", { engines: ["growth"] })).client;
    const finance = (await tenant.newKey("engine", { engines: ["finance"] })).client;
    const readOnly = (await tenant.newKey("read_only")).client;

    const all = await readOnly.get("/v1/events?per_page=100");
    expect(all.status).toBe(200);
    const types = new Set(all.body.data.map((e: { type: string }) => e.type));
    expect(types.has("invoice.created")).toBe(true);
    // A read-only key cannot list API keys, so it does not read their events either; a full-access key does.
    expect(types.has("api_key.created")).toBe(false);
    expect((await readOnly.get("/v1/events?type=api_key.*")).body.data).toEqual([]);
    expect((await tenant.client.get("/v1/events?type=api_key.*")).body.data.length).toBeGreaterThan(0);

    const forGrowth = await growth.get("/v1/events?per_page=100");
    expect(forGrowth.status).toBe(200);
    expect(forGrowth.body.data.filter((e: { type: string }) => e.type.startsWith("invoice."))).toEqual([]);
    expect(forGrowth.body.data.filter((e: { type: string }) => e.type.startsWith("api_key."))).toEqual([]);

    const forFinance = await finance.get("/v1/events?per_page=100");
    expect(forFinance.body.data.length).toBeGreaterThan(0);
    // Its engine's, and its functions' (engine keys manage functions).
    expect(forFinance.body.data.map((e: { type: string }) => e.type).filter((t: string) => !t.startsWith("invoice.") && !t.startsWith("function."))).toEqual(
      [],
    );
  });
});

describe("cross-tenant: another organization's ids are 404 (422 when named in a body), exactly like missing ones", () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await t().tenant({ name: "Tenant A" });
    b = await t().tenant({ name: "Tenant B" });
    // B has data of its own, so its queries are not trivially empty.
    await createInvoice(b);
  });

  it.each(ROUTES_WITH_ID.map((r) => [label(r), r] as [string, Route]))("%s", async (_, route) => {
    const id = await route.id!.make(a);
    const before = await snapshot(a, route, id);

    const foreign = await callRoute(b.client, route, id);
    const missing = missingId(route.id!.prefix);
    const absent = await callRoute(b.client, route, missing);

    const { status, code } = foreignIdAnswer(route);
    const foreignProblem = expectProblem(foreign, status, code, `${label(route)} with A's id`);
    const absentProblem = expectProblem(absent, status, code, `${label(route)} with a missing id`);
    // The same answer as for an id that does not exist: nothing tells B that A's id is real.
    const { request_id: _r1, detail: foreignDetail, ...foreignRest } = foreignProblem;
    const { request_id: _r2, detail: absentDetail, ...absentRest } = absentProblem;
    expect(foreignRest).toEqual(absentRest);
    expect(maskId(foreignDetail, id)).toBe(maskId(absentDetail, missing));
    expect(foreign.headers.get("content-type")).toBe(absent.headers.get("content-type"));

    // Nothing changed for A.
    expect(await snapshot(a, route, id)).toEqual(before);
    expect(before.resource?.status).toBe(200);
  });

  it("lists show an organization its own data only", async () => {
    const invoice = await createInvoice(a, { client: "Only A" });
    const bInvoices = await b.client.get("/v1/invoices?per_page=100");
    expect(bInvoices.body.data.some((i: { id: string }) => i.id === invoice.id)).toBe(false);
    expect((await b.client.get("/v1/invoices?q=Only A")).body.meta.total).toBe(0);
    const bEvents = await b.client.get(`/v1/events?object_id=${invoice.id}`);
    expect(bEvents.body.meta.total).toBe(0);
    expect((await a.client.get(`/v1/events?object_id=${invoice.id}`)).body.meta.total).toBe(1);
    const bKeys = await b.client.get("/v1/api_keys?per_page=100");
    expect(bKeys.body.data.some((k: { id: string }) => k.id === a.keyId)).toBe(false);
  });

  it("B cannot revoke A's key; A's key keeps working", async () => {
    const res = await b.client.delete(pathOf(ROUTES_WITH_ID.find((r) => r.path === "/v1/api_keys/:id" && r.method === "DELETE")!, a.keyId));
    expectProblem(res, 404, "not_found");
    expect((await a.client.get("/v1/me")).status).toBe(200);
  });
});
