import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { invite, PASSWORD, SessionClient, signUp, uniqueEmail } from "./session-client.ts";

const getApp = useTestApp({ identity: { signInLimits: { perAccount: 1000, perIp: 1000, windowMs: 60_000 } } });

describe("sign-up and the session cookie", () => {
  it("signs a new person up as the owner of a new organization, with an HttpOnly SameSite cookie", async () => {
    const session = new SessionClient(getApp().url);
    const email = uniqueEmail();
    const res = await session.post("/dashboard/api/sign_up", { email, password: PASSWORD, name: "Grace", organization_name: "Hopper & Co" });
    expect(res.status).toBe(201);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^enginery_session=[\w-]{40,};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(res.body.csrf_token).toMatch(/^[\w-]{40,}$/);

    const me = await session.get("/dashboard/api/session");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: { email, name: "Grace" },
      organization: { name: "Hopper & Co", plan: "free" },
      role: "owner",
      csrf_token: res.body.csrf_token,
    });
    expect(me.body.permissions).toContain("members:manage");
    expect(me.body.organizations).toEqual([{ id: me.body.organization.id, name: "Hopper & Co", role: "owner" }]);
  });

  it("authenticates /v1 with the cookie: /v1/me names the member and no key", async () => {
    const { session, email } = await signUp(getApp().url);
    const me = await session.get("/v1/me");
    expect(me.status).toBe(200);
    expect(me.body.api_key).toBeNull();
    expect(me.body.member).toMatchObject({ user: { email }, role: "owner" });
    expect(me.body.permissions).toContain("api_keys:manage");
    expect(me.headers.get("x-ratelimit-limit")).toBe("100");
  });

  it("refuses a state-changing request without the CSRF token, or with another session's", async () => {
    const { session } = await signUp(getApp().url);
    const other = await signUp(getApp().url);
    const body = { client: "CSRF Ltd", amount: 10, currency: "USD", due_date: "2099-01-01" };
    const missing = await session.post("/v1/invoices", body, { csrf: null });
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe("csrf_token_invalid");
    const foreign = await session.post("/v1/invoices", body, { csrf: other.session.csrf });
    expect(foreign.status).toBe(403);
    const listed = await session.get("/v1/invoices");
    expect(listed.body.meta.total).toBe(0);
    const ok = await session.post("/v1/invoices", body);
    expect(ok.status).toBe(201);
  });

  it("ends the session on sign-out: the old cookie is refused and cleared", async () => {
    const { session } = await signUp(getApp().url);
    const saved = session.cookie;
    const out = await session.post("/dashboard/api/sign_out");
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    session.cookie = saved;
    const after = await session.get("/v1/me");
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("not_signed_in");
  });

  it("expires a session left unused for a day, and every session after a week", async () => {
    const app = getApp();
    const { session } = await signUp(app.url);
    app.clock.advance(23 * 3_600_000);
    expect((await session.get("/v1/me")).status).toBe(200);
    app.clock.advance(23 * 3_600_000);
    expect((await session.get("/v1/me")).status).toBe(200);
    for (let day = 0; day < 6; day++) {
      app.clock.advance(20 * 3_600_000);
      expect((await session.get("/v1/me")).status).toBe(200);
    }
    app.clock.advance(20 * 3_600_000); // 186 h after sign-in
    const late = await session.get("/v1/me");
    expect(late.status).toBe(401);
    expect(late.body.detail).toMatch(/session has ended/);

    const idle = await signUp(app.url);
    app.clock.advance(25 * 3_600_000);
    expect((await idle.session.get("/v1/me")).status).toBe(401);
  });

  it("refuses a made-up cookie like an ended one", async () => {
    const session = new SessionClient(getApp().url);
    session.cookie = "enginery_session=not-a-real-session";
    const res = await session.get("/v1/invoices");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("not_signed_in");
  });

  it("lets an Authorization header win over a cookie", async () => {
    const tenant = await getApp().tenant();
    const { session } = await signUp(getApp().url);
    const me = await session.get("/v1/me", { headers: { authorization: `Bearer ${tenant.key}` } });
    expect(me.body.organization.id).toBe(tenant.orgId);
    expect(me.body.api_key.id).toBe(tenant.keyId);
  });
});

describe("sign-in without user enumeration", () => {
  it("answers an unknown email and a wrong password alike", async () => {
    const { email } = await signUp(getApp().url);
    const session = new SessionClient(getApp().url);
    const wrong = await session.post("/dashboard/api/sign_in", { email, password: "not the password" });
    const unknown = await session.post("/dashboard/api/sign_in", { email: uniqueEmail("nobody"), password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const strip = (b: any) => ({ ...b, request_id: undefined });
    expect(strip(unknown.body)).toEqual(strip(wrong.body));
    expect(wrong.body.code).toBe("invalid_credentials");
    expect(wrong.headers.get("set-cookie")).toBeNull();

    const right = await session.post("/dashboard/api/sign_in", { email: email.toUpperCase(), password: PASSWORD });
    expect(right.status).toBe(200);
    expect((await session.get("/v1/me")).body.member.user.email).toBe(email);
  });

  it("answers a sign-up with a taken email and the wrong password like a failed sign-in; with the right one it adds an organization", async () => {
    const { email } = await signUp(getApp().url);
    const session = new SessionClient(getApp().url);
    const taken = await session.post("/dashboard/api/sign_up", { email, password: "another password", name: "X", organization_name: "Second" });
    expect(taken.status).toBe(401);
    expect(taken.body.code).toBe("invalid_credentials");
    const again = await session.post("/dashboard/api/sign_up", { email, password: PASSWORD, name: "X", organization_name: "Second" });
    expect(again.status).toBe(201);
    const me = await session.get("/dashboard/api/session");
    expect(me.body.organizations.map((o: any) => o.name)).toEqual(["Analytical Engines", "Second"]);
  });

  it("names the field of a bad sign-up", async () => {
    const session = new SessionClient(getApp().url);
    const res = await session.post("/dashboard/api/sign_up", { email: "not-an-email", password: "short", name: "A", organization_name: "B" });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.field).sort()).toEqual(["email", "password"]);
    const proto = await session.post("/dashboard/api/sign_in", JSON.parse('{"__proto__": {"x": 1}, "email": "a@b.co", "password": "x"}'));
    expect(proto.status).toBe(400);
    const nul = await session.post("/dashboard/api/sign_up", {
      email: uniqueEmail(),
      password: PASSWORD,
      name: "Ada\u0000",
      organization_name: "Nul\u0000Corp",
    });
    expect(nul.status).toBe(400);
    expect(nul.body.errors.map((e: any) => e.field).sort()).toEqual(["name", "organization_name"]);
    const huge = await session.post("/dashboard/api/sign_in", { email: "a@b.co", password: "x".repeat(100_000) });
    expect(huge.status).toBe(400);
    expect(huge.body.errors[0].field).toBe("password");
  });
});

describe("members and roles", () => {
  it("maps a viewer onto read-only permissions: reads pass, writes are refused naming the role", async () => {
    const owner = await signUp(getApp().url);
    const viewer = await invite(owner.session, "viewer");
    expect((await viewer.session.get("/v1/invoices")).status).toBe(200);
    const refused = await viewer.session.post("/v1/api_keys", { kind: "read_only" });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/Your role \(viewer\) lacks the permission api_keys:manage/);
    expect((await viewer.session.post("/dashboard/api/invites", { role: "viewer" })).status).toBe(403);
  });

  it("lets owners change roles, with an event; admins cannot touch owners; the last owner stays", async () => {
    const owner = await signUp(getApp().url);
    const admin = await invite(owner.session, "admin");
    const dev = await invite(owner.session, "developer");
    const members = (await owner.session.get("/dashboard/api/members")).body.data;
    const ownerMembership = members.find((m: any) => m.role === "owner").id;

    const promoted = await admin.session.patch(`/dashboard/api/members/${dev.membershipId}`, { role: "viewer" });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe("viewer");
    expect((await admin.session.patch(`/dashboard/api/members/${dev.membershipId}`, { role: "owner" })).status).toBe(403);
    expect((await admin.session.delete(`/dashboard/api/members/${ownerMembership}`)).status).toBe(403);
    const last = await owner.session.patch(`/dashboard/api/members/${ownerMembership}`, { role: "admin" });
    expect(last.status).toBe(409);

    // The change is in force on the member's next request.
    expect((await dev.session.post("/v1/invoices", { client: "X", amount: 1, currency: "USD", due_date: "2099-01-01" })).status).toBe(403);
    const events = await owner.session.get("/v1/events?type=member.role_changed");
    expect(events.body.data[0].data.object).toMatchObject({ id: dev.membershipId, role: "viewer", object: "membership" });
    expect(events.body.data[0].data.previous_attributes).toEqual({ role: "developer" });

    const removed = await owner.session.delete(`/dashboard/api/members/${dev.membershipId}`);
    expect(removed.status).toBe(200);
    const gone = await dev.session.get("/v1/me");
    expect(gone.status).toBe(401);
    expect(gone.body.detail).toMatch(/no longer a member/);
  });

  it("accepts an invite once; a revoked invite not at all", async () => {
    const owner = await signUp(getApp().url);
    const created = await owner.session.post("/dashboard/api/invites", { role: "developer" });
    const token = created.body.url.split("/invite/")[1];
    const first = new SessionClient(getApp().url);
    expect((await first.post("/dashboard/api/invites/accept", { token, email: uniqueEmail(), password: PASSWORD })).status).toBe(200);
    const second = new SessionClient(getApp().url);
    expect((await second.post("/dashboard/api/invites/accept", { token, email: uniqueEmail(), password: PASSWORD })).status).toBe(401);

    const revoked = await owner.session.post("/dashboard/api/invites", { role: "viewer" });
    expect((await owner.session.get("/dashboard/api/invites")).body.data.map((i: any) => i.id)).toContain(revoked.body.id);
    expect((await owner.session.delete(`/dashboard/api/invites/${revoked.body.id}`)).status).toBe(200);
    const late = new SessionClient(getApp().url);
    expect(
      (await late.post("/dashboard/api/invites/accept", { token: revoked.body.url.split("/invite/")[1], email: uniqueEmail(), password: PASSWORD })).status,
    ).toBe(401);
  });

  it("switches between the member's organizations, never into another", async () => {
    const a = await signUp(getApp().url);
    const b = await signUp(getApp().url);
    const refused = await a.session.post("/dashboard/api/session/organization", { organization_id: b.orgId });
    expect(refused.status).toBe(404);
    const joined = await invite(b.session, "viewer");
    const orgs = (await joined.session.get("/dashboard/api/session")).body.organizations;
    expect(orgs).toHaveLength(1);
    expect((await joined.session.post("/dashboard/api/session/organization", { organization_id: a.orgId })).status).toBe(404);
  });

  it("keeps API keys out of the dashboard's member routes", async () => {
    const tenant = await getApp().tenant();
    for (const [method, path] of [
      ["GET", "/dashboard/api/members"],
      ["GET", "/dashboard/api/session"],
      ["POST", "/dashboard/api/invites"],
    ] as const) {
      const res = await tenant.client.request(method, path, method === "POST" ? { body: { role: "viewer" } } : {});
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe("cross-organization access on every dashboard route", () => {
  it("answers 404 for another organization's members and invites, and changes nothing", async () => {
    const a = await signUp(getApp().url);
    const b = await signUp(getApp().url);
    const bMember = (await b.session.get("/dashboard/api/members")).body.data[0].id;
    const bInvite = (await b.session.post("/dashboard/api/invites", { role: "viewer" })).body.id;
    const attempts: [string, string, unknown?][] = [
      ["PATCH", `/dashboard/api/members/${bMember}`, { role: "viewer" }],
      ["DELETE", `/dashboard/api/members/${bMember}`],
      ["DELETE", `/dashboard/api/invites/${bInvite}`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await a.session.request(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await a.session.get("/dashboard/api/members")).body.data.map((m: any) => m.id)).not.toContain(bMember);
    expect((await a.session.get("/dashboard/api/invites")).body.data).toEqual([]);
    const malformed = await a.session.patch("/dashboard/api/members/mem_\u0000", { role: "viewer" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].field).toBe("id");
    expect((await b.session.get("/dashboard/api/members")).body.data[0].role).toBe("owner");
    expect((await b.session.get("/dashboard/api/invites")).body.data.map((i: any) => i.id)).toEqual([bInvite]);
    // /v1 through the cookie is scoped to the session's organization like a key.
    const bInvoice = await b.session.post("/v1/invoices", { client: "B", amount: 5, currency: "USD", due_date: "2099-01-01" });
    expect((await a.session.get(`/v1/invoices/${bInvoice.body.id}`)).status).toBe(404);
  });
});
