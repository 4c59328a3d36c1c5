import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { missingId, permissionsOf } from "../helpers/routes.ts";

const clock = testClock("2031-06-01T08:00:00Z");
const t = useTestApp({ clock });

const SECRET_SHAPE = /^ek_live_[0-9A-Za-z]{32,}$/;

let tenant: Tenant;
beforeAll(async () => {
  tenant = await t().tenant({ name: "Keys Inc" });
});

/** Every row of a table, as one string (to look for a secret in it). */
async function tableText(table: string): Promise<string> {
  const result = await t().database.db.execute(sql.raw(`SELECT * FROM ${table}`));
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return JSON.stringify(rows);
}

async function events(type: string, objectId: string) {
  const res = await tenant.client.get(`/v1/events?type=${type}&object_id=${objectId}`);
  expect(res.status).toBe(200);
  return res.body.data as any[];
}

describe("POST /v1/api_keys", () => {
  it("creates a key and shows its secret once", async () => {
    const res = await tenant.client.post("/v1/api_keys", { kind: "read_only", name: "Reporting" });
    expect(res.status).toBe(201);
    const key = res.body;
    expect(key).toMatchObject({
      object: "api_key",
      name: "Reporting",
      kind: "read_only",
      engines: [],
      status: "active",
      created_at: clock().toISOString(),
      expires_at: null,
      revoked_at: null,
      last_used_at: null,
    });
    expect(key.id).toMatch(/^key_[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    expect(key.secret).toMatch(SECRET_SHAPE);
    expect(new Set(key.permissions)).toEqual(permissionsOf("read_only"));
    // The hint is the start and end of the secret, never the secret.
    const [start, end] = key.hint.split("…");
    expect(start).toMatch(/^ek_live_/);
    expect(key.secret.startsWith(start)).toBe(true);
    expect(key.secret.endsWith(end)).toBe(true);
    expect(key.hint.length).toBeLessThan(key.secret.length / 2);

    // The secret works, for this organization, as this key.
    const me = await t().client.get("/v1/me", { key: key.secret });
    expect(me.status).toBe(200);
    expect(me.body.api_key.id).toBe(key.id);
    expect(me.body.organization.id).toBe(tenant.orgId);

    // Never shown again: not by GET, not in the list, not in events.
    const got = await tenant.client.get(`/v1/api_keys/${key.id}`);
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty("secret");
    expect(got.body.hint).toBe(key.hint);
    expect(got.text).not.toContain(key.secret);
    const list = await tenant.client.get("/v1/api_keys?per_page=100");
    expect(list.text).not.toContain(key.secret);
    expect(list.body.data.every((k: object) => !("secret" in k))).toBe(true);
    const created = await events("api_key.created", key.id);
    expect(JSON.stringify(created)).not.toContain(key.secret);

    // Only the SHA-256 of the secret is stored.
    const stored = await tableText("api_keys");
    expect(stored).not.toContain(key.secret);
    expect(stored).toContain(createHash("sha256").update(key.secret).digest("hex"));
  });

  it("makes a different secret every time", async () => {
    const secrets = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await tenant.client.post("/v1/api_keys", { kind: "full_access" });
      expect(res.status).toBe(201);
      secrets.add(res.body.secret);
    }
    expect(secrets.size).toBe(5);
  });

  it("creates engine keys for the engines named, and keys that expire", async () => {
    const expiresAt = new Date(clock().getTime() + 7 * 86_400_000).toISOString();
    const res = await tenant.client.post("/v1/api_keys", { kind: "engine", engines: ["finance", "growth"], expires_at: expiresAt });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: "engine", engines: ["finance", "growth"], expires_at: expiresAt, status: "active", name: expect.any(String) });
    expect(new Set(res.body.permissions)).toEqual(permissionsOf("engine", ["finance", "growth"]));
  });

  it.each([
    ["an engine key without engines", { kind: "engine" }, "engines"],
    ["an engine key with an empty engine list", { kind: "engine", engines: [] }, "engines"],
    ["a read_only key with engines", { kind: "read_only", engines: ["finance"] }, "engines"],
    ["a full_access key with engines", { kind: "full_access", engines: ["growth"] }, "engines"],
    ["an unknown engine", { kind: "engine", engines: ["payroll"] }, "engines"],
    ["an engine named twice", { kind: "engine", engines: ["finance", "finance"] }, "engines"],
    ["an unknown kind", { kind: "admin" }, "kind"],
    ["no kind", { name: "nameless" }, "kind"],
    ["an empty name", { kind: "read_only", name: "" }, "name"],
    ["expires_at in the past", { kind: "read_only", expires_at: "2020-01-01T00:00:00Z" }, "expires_at"],
    ["expires_at that is not a date", { kind: "read_only", expires_at: "next week" }, "expires_at"],
    ["an unknown field", { kind: "read_only", secret: "ek_live_mine" }, "secret"],
  ])("refuses %s (400 naming %s)", async (_, body, field) => {
    const before = await tenant.client.get("/v1/api_keys?per_page=1");
    const res = await tenant.client.post("/v1/api_keys", body);
    const problem = expectProblem(res, 400, "validation_failed");
    expect(problem.errors?.map((e: { field: string }) => e.field).join(" ")).toContain(field);
    const after = await tenant.client.get("/v1/api_keys?per_page=1");
    expect(after.body.meta.total).toBe(before.body.meta.total);
  });

  it("refuses expires_at equal to now", async () => {
    const res = await tenant.client.post("/v1/api_keys", { kind: "read_only", expires_at: clock().toISOString() });
    expect(expectProblem(res, 400, "validation_failed").errors[0].field).toBe("expires_at");
  });

  it("emits api_key.created without the secret", async () => {
    const res = await tenant.client.post("/v1/api_keys", { kind: "engine", engines: ["talent"], name: "Recruiting bot" });
    const [event] = await events("api_key.created", res.body.id);
    expect(event).toMatchObject({
      type: "api_key.created",
      org_id: tenant.orgId,
      data: { object: { id: res.body.id, object: "api_key", kind: "engine", engines: ["talent"], name: "Recruiting bot", status: "active" } },
      request: { id: res.headers.get("x-request-id") },
    });
    expect(event.data.object).not.toHaveProperty("secret");
  });

  it("never stores the secret, even when the request carries an Idempotency-Key", async () => {
    const res = await tenant.client.post(
      "/v1/api_keys",
      { kind: "read_only", name: "idempotent" },
      { headers: { "idempotency-key": `key-create-${Date.now()}` } },
    );
    expect(res.status).toBe(201);
    for (const table of ["api_keys", "events", "idempotency_keys"]) {
      expect(await tableText(table), `table ${table}`).not.toContain(res.body.secret);
    }
  });

  it("does not show the secret again when the create is retried with its Idempotency-Key", async () => {
    const headers = { "idempotency-key": `key-retry-${Date.now()}` };
    const first = await tenant.client.post("/v1/api_keys", { kind: "read_only", name: "retried" }, { headers });
    expect(first.status).toBe(201);
    const retry = await tenant.client.post("/v1/api_keys", { kind: "read_only", name: "retried" }, { headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.text).not.toContain(first.body.secret);
    const { secret: _secret, ...withoutSecret } = first.body;
    expect(retry.body).toEqual(withoutSecret);
    // And the retry made no second key.
    const list = await tenant.client.get("/v1/api_keys?per_page=100");
    expect(list.body.data.filter((k: { name: string }) => k.name === "retried")).toHaveLength(1);
  });
});

describe("GET /v1/api_keys", () => {
  let org: Tenant;
  beforeAll(async () => {
    org = await t().tenant({ name: "List Co" });
    await org.newKey("read_only");
    await org.newKey("engine", { engines: ["finance"] });
    await org.newKey("engine", { engines: ["agent"] });
  });

  it("lists the organization's keys, newest first, in the list envelope", async () => {
    const res = await org.client.get("/v1/api_keys");
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 4, page: 1, per_page: 25 });
    expect(res.body.data.map((k: { kind: string }) => k.kind).sort()).toEqual(["engine", "engine", "full_access", "read_only"]);
    expect(res.body.data.some((k: { id: string }) => k.id === tenant.keyId)).toBe(false);
  });

  it("filters by kind", async () => {
    const engines = await org.client.get("/v1/api_keys?kind=engine");
    expect(engines.body.meta.total).toBe(2);
    expect(engines.body.data.every((k: { kind: string }) => k.kind === "engine")).toBe(true);
    const several = await org.client.get("/v1/api_keys?kind=read_only,full_access");
    expect(several.body.meta.total).toBe(2);
    const bad = await org.client.get("/v1/api_keys?kind=superuser");
    expectProblem(bad, 400, "validation_failed");
    expect(bad.text).toContain("kind");
  });

  it("shows expired and revoked keys with their status", async () => {
    const expiring = await org.newKey("read_only", { expiresAt: new Date(clock().getTime() + 60_000) });
    const revoked = await org.newKey("read_only");
    await org.client.delete(`/v1/api_keys/${revoked.id}`);
    clock.advance(61_000);
    const list = await org.client.get("/v1/api_keys?per_page=100");
    const byId = new Map(list.body.data.map((k: { id: string }) => [k.id, k]));
    expect(byId.get(expiring.id)).toMatchObject({ status: "expired" });
    expect(byId.get(revoked.id)).toMatchObject({ status: "revoked", revoked_at: expect.any(String) });
    expect(byId.get(org.keyId)).toMatchObject({ status: "active" });
  });

  it("404s on an unknown id and 400s on a malformed one", async () => {
    expectProblem(await org.client.get(`/v1/api_keys/${missingId("key")}`), 404, "not_found");
    const malformed = await org.client.get("/v1/api_keys/inv_01hzzzzzzzzzzzzzzzzzzzzzzz");
    expectProblem(malformed, 400, "validation_failed");
  });
});

describe("DELETE /v1/api_keys/:id", () => {
  it("revokes; revoking twice is harmless and emits one event", async () => {
    const key = await tenant.newKey("engine", { engines: ["finance"] });
    const first = await tenant.client.delete(`/v1/api_keys/${key.id}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: key.id, status: "revoked", revoked_at: clock().toISOString() });
    expect(first.body).not.toHaveProperty("secret");
    clock.advance(5_000);
    const second = await tenant.client.delete(`/v1/api_keys/${key.id}`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const revokedEvents = await events("api_key.revoked", key.id);
    expect(revokedEvents).toHaveLength(1);
    expect(revokedEvents[0]).toMatchObject({ data: { object: { id: key.id, status: "revoked" } }, request: { id: first.headers.get("x-request-id") } });
    expectProblem(await key.client.get("/v1/invoices"), 401, "api_key_revoked");
  });

  it("404s on an unknown key and changes nothing", async () => {
    const before = await tenant.client.get("/v1/events?per_page=1");
    expectProblem(await tenant.client.delete(`/v1/api_keys/${missingId("key")}`), 404, "not_found");
    const after = await tenant.client.get("/v1/events?per_page=1");
    expect(after.body.meta.total).toBe(before.body.meta.total);
  });
});

describe("last_used_at", () => {
  it("is null until the key is used, then the time of use, to the minute", async () => {
    const key = await tenant.newKey("read_only");
    const read = async () => (await tenant.client.get(`/v1/api_keys/${key.id}`)).body.last_used_at;
    expect(await read()).toBeNull();

    const firstUse = clock().toISOString();
    expect((await key.client.get("/v1/invoices")).status).toBe(200);
    expect(await read()).toBe(firstUse);

    // Within the minute, uses do not rewrite it.
    clock.advance(30_000);
    expect((await key.client.get("/v1/invoices")).status).toBe(200);
    expect(await read()).toBe(firstUse);

    // After it, the next use does.
    clock.advance(31_000);
    const later = clock().toISOString();
    expect((await key.client.get("/v1/me")).status).toBe(200);
    expect(await read()).toBe(later);
  });

  it("is not touched by a refused key", async () => {
    const key = await tenant.newKey("read_only");
    await tenant.client.delete(`/v1/api_keys/${key.id}`);
    expectProblem(await key.client.get("/v1/me"), 401, "api_key_revoked");
    expect((await tenant.client.get(`/v1/api_keys/${key.id}`)).body.last_used_at).toBeNull();
  });
});

describe("GET /v1/me", () => {
  it("shows the organization, the key without its secret, its permissions and the rate limit", async () => {
    const org = await t().tenant({ name: "Me Ltd", plan: "growth" });
    const res = await org.client.get("/v1/me");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "me",
      organization: { id: org.orgId, object: "organization", name: "Me Ltd", plan: "growth", created_at: expect.any(String) },
      api_key: { id: org.keyId, object: "api_key", kind: "full_access", status: "active", hint: expect.stringMatching(/^ek_live_/) },
      rate_limit: { limit: 1000, remaining: 999, reset_seconds: expect.any(Number), window_seconds: 60 },
    });
    expect(res.body.api_key).not.toHaveProperty("secret");
    expect(res.text).not.toContain(org.key);
    expect(new Set(res.body.permissions)).toEqual(permissionsOf("full_access"));
    // The body's rate-limit state agrees with the headers.
    expect(String(res.body.rate_limit.remaining)).toBe(res.headers.get("x-ratelimit-remaining"));
    expect(String(res.body.rate_limit.reset_seconds)).toBe(res.headers.get("x-ratelimit-reset"));
    expect(String(res.body.rate_limit.limit)).toBe(res.headers.get("x-ratelimit-limit"));

    const again = await org.client.get("/v1/me");
    expect(again.body.rate_limit.remaining).toBe(998);
  });

  it.each([
    ["read_only", [] as const],
    ["engine", ["growth"] as const],
    ["engine", ["finance", "agent"] as const],
  ] as const)("shows the permissions of a %s key %j", async (kind, engines) => {
    const key = await tenant.newKey(kind, { engines: engines.length ? [...engines] : undefined });
    const res = await key.client.get("/v1/me");
    expect(res.status).toBe(200);
    expect(res.body.api_key).toMatchObject({ id: key.id, kind, engines: [...engines] });
    expect(new Set(res.body.permissions)).toEqual(permissionsOf(kind, engines));
  });
});
