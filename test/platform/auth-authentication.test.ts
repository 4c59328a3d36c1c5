import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { generateSecret } from "../../src/platform/auth/api-key-secret.ts";
import { apiProcesses } from "../../src/platform/auth/api-keys-table.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { callRoute, label, pathOf, ROUTES, type Route } from "../helpers/routes.ts";

const clock = testClock("2031-03-01T12:00:00Z");
const t = useTestApp({ clock });

/** The same secret with one character of its random part changed: the checksum no longer matches. */
function tamper(secret: string): string {
  const i = "ek_live_".length + 5;
  const replacement = secret[i] === "A" ? "B" : "A";
  return secret.slice(0, i) + replacement + secret.slice(i + 1);
}

/** Counts calls into the database object the app uses (select, insert, ...). */
function watchDatabase() {
  const db = t().database.db as unknown as Record<string, unknown>;
  const spies = ["select", "selectDistinct", "insert", "update", "delete", "execute", "transaction"]
    .filter((m) => typeof db[m] === "function")
    .map((m) => vi.spyOn(db as Record<string, (...args: unknown[]) => unknown>, m));
  // The process's heartbeat (revocations.ts) writes its row every 2 s whatever requests do: a window that spans one is no request's query.
  const requests = (calls: unknown[][]) => calls.filter((args) => args[0] !== apiProcesses).length;
  return { calls: () => spies.reduce((n, s) => n + requests(s.mock.calls), 0) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

let tenant: Tenant;
let revokedKey: string;
let expiredKey: string;
let before: { invoices: number; events: number; keys: number };

async function counts() {
  const [invoices, events, keys] = await Promise.all([
    tenant.client.get("/v1/invoices?per_page=1"),
    tenant.client.get("/v1/events?per_page=1"),
    tenant.client.get("/v1/api_keys?per_page=1"),
  ]);
  return { invoices: invoices.body.meta.total, events: events.body.meta.total, keys: keys.body.meta.total };
}

beforeAll(async () => {
  tenant = await t().tenant();

  // A key that worked (so any cache knows it), then revoked through the API.
  const toRevoke = await tenant.newKey("full_access");
  expect((await toRevoke.client.get("/v1/me")).status).toBe(200);
  const revoked = await tenant.client.delete(`/v1/api_keys/${toRevoke.id}`);
  expect(revoked.status).toBe(200);
  revokedKey = toRevoke.secret;

  // A key that worked until its expiry, 30 s from now; then time passes it.
  const expiring = await tenant.newKey("full_access", { expiresAt: new Date(clock().getTime() + 30_000) });
  expect((await expiring.client.get("/v1/me")).status).toBe(200);
  clock.advance(31_000);
  expiredKey = expiring.secret;

  before = await counts();
});

interface Case {
  name: string;
  authorization: string | null;
  code: string;
}

function cases(): Case[] {
  return [
    { name: "no Authorization header", authorization: null, code: "missing_api_key" },
    { name: "Basic scheme", authorization: "Basic dXNlcjpwYXNz", code: "invalid_api_key" },
    { name: "Bearer without a key", authorization: "Bearer", code: "invalid_api_key" },
    { name: "Bearer with two words", authorization: `Bearer ${tenant.key} extra`, code: "invalid_api_key" },
    { name: "not shaped like a key", authorization: "Bearer not-a-key", code: "invalid_api_key" },
    { name: "truncated key", authorization: `Bearer ${tenant.key.slice(0, -1)}`, code: "invalid_api_key" },
    { name: "key with a character added", authorization: `Bearer ${tenant.key}x`, code: "invalid_api_key" },
    { name: "wrong prefix", authorization: `Bearer ${tenant.key.replace("ek_live_", "ek_test_")}`, code: "invalid_api_key" },
    { name: "one character changed", authorization: `Bearer ${tamper(tenant.key)}`, code: "invalid_api_key" },
    { name: "well-formed but unknown key", authorization: `Bearer ${generateSecret()}`, code: "invalid_api_key" },
    { name: "revoked key", authorization: `Bearer ${revokedKey}`, code: "api_key_revoked" },
    { name: "expired key", authorization: `Bearer ${expiredKey}`, code: "api_key_expired" },
  ];
}

describe("authentication on every route", () => {
  it.each(ROUTES.map((r) => [label(r), r] as [string, Route]))(
    "%s refuses missing, malformed, tampered, unknown, revoked and expired keys",
    async (_, route) => {
      for (const c of cases()) {
        const headers: Record<string, string> = c.authorization === null ? {} : { authorization: c.authorization };
        const res = await callRoute(t().client, route, undefined, { key: null, headers });
        const body = expectProblem(res, 401, c.code, `${label(route)} with ${c.name}`);
        expect(res.headers.get("www-authenticate"), `${label(route)} with ${c.name}`).toMatch(/^Bearer\b/);
        expect(body.status).toBe(401);
        // A refused caller gets no rate-limit state of any key.
        expect(res.headers.get("x-ratelimit-limit"), `${label(route)} with ${c.name}`).toBeNull();
      }
    },
  );

  it("changed nothing while refusing all of that", async () => {
    expect(await counts()).toEqual(before);
  });

  it("authenticates before looking at the body or the path", async () => {
    const badJson = await t().client.request("POST", "/v1/invoices", {
      key: null,
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expectProblem(badJson, 401, "missing_api_key");
    const badId = await t().client.get("/v1/invoices/not-an-id", { key: null });
    expectProblem(badId, 401, "missing_api_key");
    const badType = await t().client.request("POST", "/v1/invoices", { key: "Basic x", raw: "<xml/>", headers: { "content-type": "text/xml" } });
    expectProblem(badType, 401, "invalid_api_key");
  });

  it("accepts the scheme in any case and extra spaces", async () => {
    for (const authorization of [`bearer ${tenant.key}`, `BEARER ${tenant.key}`, `Bearer   ${tenant.key}`]) {
      const res = await t().client.get("/v1/me", { key: null, headers: { authorization } });
      expect(res.status, authorization).toBe(200);
    }
  });

  it("says what is wrong without echoing the key", async () => {
    const secret = tamper(tenant.key);
    const res = await t().client.get("/v1/invoices", { key: secret });
    expectProblem(res, 401, "invalid_api_key");
    expect(res.text).not.toContain(secret);
    expect(res.text).not.toContain(tenant.key);
    const missing = await t().client.get("/v1/invoices", { key: null });
    expect(missing.body.detail).toMatch(/Authorization: Bearer/);
  });
});

describe("malformed keys never reach the database", () => {
  it("refuses a key whose checksum fails without any query", async () => {
    const watch = watchDatabase();
    for (const secret of [tamper(tenant.key), "ek_live_short", `${tenant.key}0`]) {
      const res = await t().client.get("/v1/invoices", { key: secret });
      expectProblem(res, 401, "invalid_api_key");
    }
    expect(watch.calls()).toBe(0);
  });

  it("does look up a well-formed unknown key (the watch above is not blind)", async () => {
    const watch = watchDatabase();
    const res = await t().client.get("/v1/invoices", { key: generateSecret() });
    expectProblem(res, 401, "invalid_api_key");
    expect(watch.calls()).toBeGreaterThan(0);
  });
});

describe("revocation and expiry take effect at once", () => {
  it("refuses a revoked key on the very next request", async () => {
    const key = await tenant.newKey("full_access");
    // Warm: the key has been used, so any cache holds it.
    for (let i = 0; i < 3; i++) expect((await key.client.get("/v1/invoices")).status).toBe(200);
    const revoke = await tenant.client.delete(`/v1/api_keys/${key.id}`);
    expect(revoke.status).toBe(200);
    expect(revoke.body).toMatchObject({ id: key.id, status: "revoked" });
    const next = await key.client.get("/v1/invoices");
    const body = expectProblem(next, 401, "api_key_revoked");
    expect(body.detail).toContain(key.id);
    expect(next.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
  });

  it("lets a key revoke itself, and refuses it right after", async () => {
    const key = await tenant.newKey("full_access");
    const self = await key.client.delete(`/v1/api_keys/${key.id}`);
    expect(self.status).toBe(200);
    expect(self.body.status).toBe("revoked");
    expectProblem(await key.client.get("/v1/me"), 401, "api_key_revoked");
  });

  it("refuses a key from the moment it expires, even one used a moment before", async () => {
    const expiresAt = new Date(clock().getTime() + 10_000);
    const key = await tenant.newKey("read_only", { expiresAt });
    expect((await key.client.get("/v1/me")).status).toBe(200);
    clock.advance(9_999);
    expect((await key.client.get("/v1/me")).status).toBe(200);
    clock.advance(1);
    const res = await key.client.get("/v1/me");
    const body = expectProblem(res, 401, "api_key_expired");
    expect(body.detail).toContain(expiresAt.toISOString());
    // The organization's other keys are unaffected.
    expect((await tenant.client.get("/v1/me")).status).toBe(200);
  });

  it("revoked and expired keys stay refused as time passes (no cache brings them back)", async () => {
    clock.advance(10 * 60_000);
    expectProblem(await t().client.get("/v1/me", { key: revokedKey }), 401, "api_key_revoked");
    expectProblem(await t().client.get("/v1/me", { key: expiredKey }), 401, "api_key_expired");
  });
});

describe("keys belong to one organization", () => {
  it("a key sees its own organization only", async () => {
    const other = await t().tenant();
    const mine = await tenant.client.get("/v1/me");
    const theirs = await other.client.get("/v1/me");
    expect(mine.body.organization.id).toBe(tenant.orgId);
    expect(theirs.body.organization.id).toBe(other.orgId);
    // Another organization's key id is not one of mine.
    const res = await tenant.client.get(pathOf(ROUTES.find((r) => r.path === "/v1/api_keys/:id")!, other.keyId));
    expectProblem(res, 404, "not_found");
  });
});
