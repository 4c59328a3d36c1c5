import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import type { ApiResponse, Client } from "../helpers/harness.ts";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { callRoute, createInvoice, label, missingId, ROUTES } from "../helpers/routes.ts";

// The clock stands still unless a test moves it, so budgets refill only when told.
const clock = testClock("2032-02-02T10:00:00Z");
const t = useTestApp({ clock });

function limits(res: ApiResponse) {
  const read = (name: string) => {
    const value = res.headers.get(name);
    expect(value, `${name} on ${res.status}`).toMatch(/^\d+$/);
    return Number(value);
  };
  return { limit: read("x-ratelimit-limit"), remaining: read("x-ratelimit-remaining"), reset: read("x-ratelimit-reset") };
}

/** Sends n GET /v1/me in sequence; returns the statuses. */
async function burst(client: Client, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await client.get("/v1/me")).status);
  return statuses;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("X-RateLimit headers on every authenticated response", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant({ plan: "enterprise" });
  });

  it("on every route of the table, counting down one per request", async () => {
    const key = await tenant.newKey("full_access");
    let expected = 10_000;
    for (const route of ROUTES) {
      const id = route.id ? await route.id.make(tenant) : undefined;
      const res = await callRoute(key.client, route, id);
      expect(res.status, `${label(route)}: ${res.text}`).toBe(route.status);
      expected -= 1;
      expect(limits(res), label(route)).toEqual({ limit: 10_000, remaining: expected, reset: Math.ceil(((10_000 - expected) * 6) / 1000) });
      // The agent's tool calls (a chat's, an approval's) are requests of the key's too, counted after the answer's
      // own headers were set: the agent cannot multiply a key's allowance.
      if (route.path.startsWith("/v1/agent/") && route.method === "POST") expected -= res.body.usage.tool_calls;
    }
  });

  it("on refusals too: 404, 403, 400, 409", async () => {
    const readOnly = await tenant.newKey("read_only");
    const responses: [string, ApiResponse, number][] = [
      ["404", await tenant.client.get(`/v1/invoices/${missingId("inv")}`), 404],
      ["403", await readOnly.client.post("/v1/invoices", { client: "X", amount: 1, currency: "USD", due_date: "2030-01-01" }), 403],
      ["400", await tenant.client.post("/v1/invoices", { amount: -1 }), 400],
      ["400 query", await tenant.client.get("/v1/invoices?per_page=1000"), 400],
      ["409", await tenant.client.post(`/v1/invoices/${(await createInvoice(tenant)).id}/pay`, { amount: 1 }), 409],
    ];
    for (const [name, res, status] of responses) {
      expect(res.status, name).toBe(status);
      expect(limits(res).limit, name).toBe(10_000);
    }
  });

  it("not on public routes or on unauthenticated refusals", async () => {
    expect((await t().client.get("/healthz")).headers.get("x-ratelimit-limit")).toBeNull();
    expect((await t().client.get("/v1/invoices", { key: null })).headers.get("x-ratelimit-limit")).toBeNull();
  });
});

describe("free plan: 100 a minute, as a token bucket", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant({ plan: "free" });
  });

  it("lets 100 through, refuses the 101st with 429, and refills one per 600 ms", async () => {
    const key = await tenant.newKey("read_only");
    for (let i = 1; i <= 100; i++) {
      const res = await key.client.get("/v1/me");
      expect(res.status, `request ${i}`).toBe(200);
      expect(limits(res), `request ${i}`).toEqual({ limit: 100, remaining: 100 - i, reset: Math.ceil((i * 600) / 1000) });
    }

    const refused = await key.client.get("/v1/me");
    const problem = expectProblem(refused, 429, "rate_limited");
    expect(problem.detail).toMatch(/100/);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(limits(refused)).toEqual({ limit: 100, remaining: 0, reset: 60 });

    // Refused requests spend nothing: after many of them, 600 ms still buys exactly one.
    expect(count(await burst(key.client, 20), 429)).toBe(20);
    clock.advance(599);
    expect((await key.client.get("/v1/me")).status).toBe(429);
    clock.advance(1);
    const one = await key.client.get("/v1/me");
    expect(one.status).toBe(200);
    expect(limits(one).remaining).toBe(0);
    expect((await key.client.get("/v1/me")).status).toBe(429);

    // Half a minute later: half the allowance, not a fresh window of 100.
    clock.advance(30_000);
    const half = await burst(key.client, 60);
    expect(count(half, 200)).toBe(50);
    expect(half.slice(0, 50).every((s) => s === 200)).toBe(true);

    // After a full quiet minute: exactly the full allowance again, never 2x.
    clock.advance(60_000);
    const full = await burst(key.client, 110);
    expect(count(full, 200)).toBe(100);
    expect(count(full, 429)).toBe(10);
  });

  it("a 429 changes nothing", async () => {
    const key = await tenant.newKey("full_access");
    expect(count(await burst(key.client, 100), 200)).toBe(100);
    const before = (await tenant.client.get("/v1/invoices?per_page=1")).body.meta.total;
    const res = await key.client.post("/v1/invoices", { client: "Late", amount: 10, currency: "EUR", due_date: "2033-01-01" });
    expectProblem(res, 429, "rate_limited");
    const revoke = await key.client.delete(`/v1/api_keys/${tenant.keyId}`);
    expectProblem(revoke, 429, "rate_limited");
    expect((await tenant.client.get("/v1/invoices?per_page=1")).body.meta.total).toBe(before);
    expect((await tenant.client.get(`/v1/api_keys/${tenant.keyId}`)).body.status).toBe("active");
  });

  it("a 403 still spends the allowance", async () => {
    const key = await tenant.newKey("read_only");
    const first = await key.client.post("/v1/invoices", {});
    expect(first.status).toBe(403);
    expect(limits(first).remaining).toBe(99);
    const second = await key.client.get("/v1/api_keys");
    expect(second.status).toBe(403);
    expect(limits(second).remaining).toBe(98);
  });

  it("limits are per key: another key of the same organization, and other organizations, are unaffected", async () => {
    const a = await tenant.newKey("read_only");
    const b = await tenant.newKey("read_only");
    expect(count(await burst(a.client, 101), 429)).toBe(1);
    const other = await b.client.get("/v1/me");
    expect(other.status).toBe(200);
    expect(limits(other).remaining).toBe(99);
    const otherOrg = await t().tenant({ plan: "free" });
    expect(limits(await otherOrg.client.get("/v1/me")).remaining).toBe(99);
    expect((await a.client.get("/v1/me")).status).toBe(429);
  });

  it("GET /v1/me reports the same state as the headers", async () => {
    const key = await tenant.newKey("read_only");
    await burst(key.client, 40);
    const me = await key.client.get("/v1/me");
    expect(me.body.rate_limit).toEqual({ limit: 100, remaining: 59, reset_seconds: 25, window_seconds: 60 });
    expect(limits(me)).toEqual({ limit: 100, remaining: 59, reset: 25 });
  });
});

describe("plans", () => {
  it.each([
    ["free", 100],
    ["growth", 1_000],
    ["enterprise", 10_000],
  ] as const)("%s: %i a minute", async (plan, limit) => {
    const tenant = await t().tenant({ plan });
    const res = await tenant.client.get("/v1/me");
    expect(limits(res)).toEqual({ limit, remaining: limit - 1, reset: Math.ceil(60_000 / limit / 1000) });
    expect(res.body.rate_limit).toMatchObject({ limit, remaining: limit - 1, window_seconds: 60 });
  });

  it("concurrent requests cannot overspend: 150 at once on the free plan, exactly 100 pass", async () => {
    const tenant = await t().tenant({ plan: "free" });
    const key = await tenant.newKey("read_only");
    const statuses = await Promise.all(Array.from({ length: 150 }, () => key.client.get("/v1/event_types").then((r) => r.status)));
    expect(count(statuses, 200)).toBe(100);
    expect(count(statuses, 429)).toBe(50);
  });
});
