import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";

const getApp = useTestApp();

describe("rolling an API key", () => {
  it("makes a new key now and lets the old one work until the grace period ends", async () => {
    const app = getApp();
    const tenant = await app.tenant();
    const old = await tenant.newKey("engine", { engines: ["finance"] });
    expect((await old.client.get("/v1/me")).status).toBe(200); // cached now: the roll must reach the cache

    const rolled = await tenant.client.post(`/v1/api_keys/${old.id}/roll`, { expires_in_seconds: 60 });
    expect(rolled.status).toBe(201);
    expect(rolled.body).toMatchObject({ kind: "engine", engines: ["finance"], status: "active", expires_at: null });
    expect(rolled.body.secret).toMatch(/^ek_live_/);
    expect(rolled.body.rolled_key).toMatchObject({ id: old.id, status: "active", expires_at: new Date(app.clock().getTime() + 60_000).toISOString() });

    const fresh = app.client.withKey(rolled.body.secret);
    expect((await fresh.get("/v1/invoices")).status).toBe(200);
    expect((await old.client.get("/v1/invoices")).status).toBe(200);
    app.clock.advance(61_000);
    const expired = await old.client.get("/v1/invoices");
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe("api_key_expired");
    expect((await fresh.get("/v1/invoices")).status).toBe(200);

    const events = await tenant.client.get(`/v1/events?type=api_key.rolled&object_id=${old.id}`);
    expect(events.body.data).toHaveLength(1);
  });

  it("stops the old key at once with a grace of 0, and refuses to roll a revoked key", async () => {
    const tenant = await getApp().tenant();
    const old = await tenant.newKey("read_only");
    await old.client.get("/v1/me");
    expect((await tenant.client.post(`/v1/api_keys/${old.id}/roll`, { expires_in_seconds: 0 })).status).toBe(201);
    expect((await old.client.get("/v1/me")).body.code).toBe("api_key_expired");

    const revoked = await tenant.newKey("read_only");
    await tenant.client.delete(`/v1/api_keys/${revoked.id}`);
    const refused = await tenant.client.post(`/v1/api_keys/${revoked.id}/roll`);
    expect(refused.status).toBe(409);
  });

  it("names a bad grace period and keeps an earlier expiry", async () => {
    const app = getApp();
    const tenant = await app.tenant();
    const bad = await tenant.client.post(`/v1/api_keys/${tenant.keyId}/roll`, { expires_in_seconds: 31 * 86_400 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("expires_in_seconds");
    const soon = await tenant.newKey("read_only", { expiresAt: new Date(app.clock().getTime() + 10_000) });
    const rolled = await tenant.client.post(`/v1/api_keys/${soon.id}/roll`, { expires_in_seconds: 3600 });
    expect(rolled.body.rolled_key.expires_at).toBe(new Date(app.clock().getTime() + 10_000).toISOString());
    expect(rolled.body.expires_at).toBeNull();
  });
});
