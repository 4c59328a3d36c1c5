import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { signUp, type SessionClient } from "../identity/session-client.ts";
import { oauthTokens } from "../../src/oauth/oauth-table.ts";
import { CALLBACK, connect, discover, insecure, oauth, oauthError, register } from "./integration.ts";

/**
 * The whole flow as an integration runs it, with oauth4webapi: discovery from
 * a 401, dynamic registration, PKCE authorization with a member's consent,
 * code exchange, API calls, refresh rotation and reuse detection, revocation
 * and introspection.
 */
const getApp = useTestApp({ identity: { signInLimits: { perAccount: 1000, perIp: 1000, windowMs: 60_000 } } });

describe("OAuth 2.0: the authorization code flow, end to end", () => {
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  let owner: SessionClient;

  beforeAll(async () => {
    as = await discover(getApp().url);
    client = await register(as);
    owner = (await signUp(getApp().url)).session;
  });

  it("a client finds the authorization server from a 401 (RFC 9728, RFC 8414)", async () => {
    const res = await fetch(`${getApp().url}/v1/me`);
    expect(res.status).toBe(401);
    const challenge = res.headers.get("www-authenticate") ?? "";
    expect(challenge).toMatch(/^Bearer /);
    expect(/resource_metadata="([^"]+)"/.exec(challenge)?.[1]).toBe(`${getApp().url}/.well-known/oauth-protected-resource`);
    const resource = new URL(getApp().url);
    const metadata = await oauth.processResourceDiscoveryResponse(resource, await oauth.resourceDiscoveryRequest(resource, insecure));
    expect(metadata.authorization_servers).toEqual([as.issuer]);
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
    expect(as.grant_types_supported).not.toContain("implicit");
    expect(as.grant_types_supported).not.toContain("password");
    expect(as.scopes_supported).toContain("finance:write");
    expect(as.scopes_supported).not.toContain("api_keys:manage");
  });

  it("behind a proxy, PUBLIC_URL is the issuer and the origin of every advertised endpoint", async () => {
    const app = getApp().app;
    app.publicUrl = "https://api.example.com";
    try {
      const metadata = (await (await fetch(`${getApp().url}/.well-known/oauth-authorization-server`)).json()) as any;
      expect(metadata.issuer).toBe("https://api.example.com");
      expect(metadata.token_endpoint).toBe("https://api.example.com/oauth/token");
      const challenge = (await fetch(`${getApp().url}/v1/me`)).headers.get("www-authenticate");
      expect(challenge).toContain('resource_metadata="https://api.example.com/.well-known/oauth-protected-resource"');
    } finally {
      app.publicUrl = null;
    }
  });

  it("registers a public client, gets consent, exchanges the code and calls the API with the token", async () => {
    expect(client.token_endpoint_auth_method).toBe("none");
    const tokens = await connect(as, client, owner);
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.scope).toBe("finance:read finance:write");
    expect(tokens.expires_in).toBe(900);
    expect(tokens.refresh_token).toMatch(/^eort_/);

    const api = getApp().client.withKey(tokens.access_token);
    const me = await api.get("/v1/me");
    expect(me.status).toBe(200);
    expect(me.body.api_key).toBeNull();
    expect(me.body.oauth_grant.app).toEqual({ id: client.client_id, name: "Ledger Sync" });
    expect(me.body.permissions.sort()).toEqual(["finance:read", "finance:write"]);
    const created = await api.post("/v1/invoices", { client: "Via OAuth", amount: 10, currency: "USD", due_date: "2099-01-01" });
    expect(created.status).toBe(201);
    const refused = await api.get("/v1/contacts");
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain("OAuth token");

    // Consent is an event the organization sees.
    const events = await owner.get(`/v1/events?type=oauth_grant.created`);
    expect(events.body.data.map((e: any) => e.data.object.id)).toContain(me.body.oauth_grant.id);
  });

  it("an MCP client's token reaches /mcp; apps list functions but deploy none (a function would outlive the grant)", async () => {
    const tokens = await connect(as, client, owner, { scope: "agent:read functions:manage" });
    const api = getApp().client.withKey(tokens.access_token);
    const mcp = await api.post(
      "/mcp",
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "oauth-test", version: "1" } },
      },
      { headers: { accept: "application/json, text/event-stream" } },
    );
    expect(mcp.status, mcp.text).toBe(200);
    expect((await api.get("/v1/functions")).status).toBe(200);
    const deploy = await api.post("/v1/functions", { name: "from-oauth", source: "export default { async fetch() { return {} } }" });
    expect(deploy.status).toBe(403);
    expect(deploy.body.detail).toContain("cannot deploy functions");
  });

  it("rotates the refresh token on every use; reusing an old one revokes the whole grant", async () => {
    const first = await connect(as, client, owner);
    const second = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token!, insecure),
    );
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await getApp().client.withKey(second.access_token).get("/v1/invoices")).status).toBe(200);

    // The first refresh token again: someone holds a stolen copy. Everything issued under the grant stops.
    expect(
      await oauthError(
        oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token!, insecure)),
      ),
    ).toBe("invalid_grant");
    expect(
      await oauthError(
        oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), second.refresh_token!, insecure)),
      ),
    ).toBe("invalid_grant");
    const after = await getApp().client.withKey(second.access_token).get("/v1/invoices");
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("invalid_access_token");
    expect(after.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("introspects a token for its client (RFC 7662) and revokes it (RFC 7009)", async () => {
    const tokens = await connect(as, client, owner);
    const introspect = async (token: string, by = client) =>
      oauth.processIntrospectionResponse(as, by, await oauth.introspectionRequest(as, by, oauth.None(), token, insecure));
    const active = await introspect(tokens.access_token);
    expect(active.active).toBe(true);
    expect(active.scope).toBe("finance:read finance:write");
    expect(active.client_id).toBe(client.client_id);
    // Another client learns nothing about it.
    const other = await register(as, { client_name: "Someone Else" });
    expect((await introspect(tokens.access_token, other)).active).toBe(false);
    // Revoking with another client does nothing either.
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, other, oauth.None(), tokens.refresh_token!, insecure));
    expect((await getApp().client.withKey(tokens.access_token).get("/v1/me")).status).toBe(200);

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect((await introspect(tokens.access_token)).active).toBe(false);
    expect((await getApp().client.withKey(tokens.access_token).get("/v1/me")).status).toBe(401);
    const revoked = await owner.get(`/v1/events?type=oauth_grant.revoked`);
    expect(revoked.body.data.length).toBeGreaterThan(0);
  });

  it("a member sees the connected app and disconnects it; its tokens stop at once", async () => {
    const tokens = await connect(as, client, owner);
    const me = await getApp().client.withKey(tokens.access_token).get("/v1/me");
    const list = await owner.get(`/v1/oauth_grants?app_id=${client.client_id}`);
    expect(list.status).toBe(200);
    const grant = list.body.data.find((g: any) => g.id === me.body.oauth_grant.id);
    expect(grant).toMatchObject({
      object: "oauth_grant",
      status: "active",
      app: { id: client.client_id, name: "Ledger Sync" },
      scopes: ["finance:read", "finance:write"],
    });
    const revoked = await owner.delete(`/v1/oauth_grants/${grant.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe("revoked");
    expect((await getApp().client.withKey(tokens.access_token).get("/v1/me")).status).toBe(401);
    expect(
      await oauthError(
        oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure)),
      ),
    ).toBe("invalid_grant");
  });

  it("access tokens are short-lived", async () => {
    const tokens = await connect(as, client, owner);
    const api = getApp().client.withKey(tokens.access_token);
    expect((await api.get("/v1/me")).status).toBe(200);
    getApp().clock.advance(15 * 60_000 + 1000);
    const expired = await api.get("/v1/me");
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe("invalid_access_token");
    // The refresh token still works (30 days), and gives a fresh access token.
    const fresh = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect((await getApp().client.withKey(fresh.access_token).get("/v1/me")).status).toBe(200);
  });

  it("a confidential app of the organization uses client_credentials; its secret rotates", async () => {
    const tenant = await getApp().tenant();
    const created = await tenant.client.post("/v1/oauth_apps", {
      name: "Nightly Export",
      client_type: "confidential",
      redirect_uris: [CALLBACK],
      scopes: ["finance:read", "events:read"],
    });
    expect(created.status).toBe(201);
    expect(created.body.client_secret).toMatch(/^eocs_/);
    const confidential: oauth.Client = { client_id: created.body.client_id };
    const tokenFor = async (secret: string, scope = "finance:read") =>
      oauth.processClientCredentialsResponse(
        as,
        confidential,
        await oauth.clientCredentialsGrantRequest(as, confidential, oauth.ClientSecretBasic(secret), { scope }, insecure),
      );
    const tokens = await tokenFor(created.body.client_secret);
    expect(tokens.refresh_token).toBeUndefined();
    const me = await getApp().client.withKey(tokens.access_token).get("/v1/me");
    expect(me.body.organization.id).toBe(tenant.orgId);
    expect(me.body.oauth_grant.user_id).toBeNull();
    expect(me.body.permissions).toEqual(["finance:read"]);
    expect(await oauthError(tokenFor(created.body.client_secret, "finance:write"))).toBe("invalid_scope");

    // A replay of the create (same Idempotency-Key) answers the app without its secret: secrets are never stored.
    const replayKey = `oauth-app-${Date.now()}`;
    const once = await tenant.client.post(
      "/v1/oauth_apps",
      { name: "Replayed", client_type: "confidential", redirect_uris: [CALLBACK], scopes: ["finance:read"] },
      { headers: { "idempotency-key": replayKey } },
    );
    const replay = await tenant.client.post(
      "/v1/oauth_apps",
      { name: "Replayed", client_type: "confidential", redirect_uris: [CALLBACK], scopes: ["finance:read"] },
      { headers: { "idempotency-key": replayKey } },
    );
    expect(once.body.client_secret).toMatch(/^eocs_/);
    expect(replay.body.id).toBe(once.body.id);
    expect(replay.body.client_secret).toBeUndefined();

    const rotated = await tenant.client.post(`/v1/oauth_apps/${created.body.id}/rotate_secret`);
    expect(rotated.status).toBe(200);
    expect(await oauthError(tokenFor(created.body.client_secret))).toBe("invalid_client");
    expect((await tokenFor(rotated.body.client_secret)).access_token).toMatch(/^eoat_/);

    // A public client may not use client_credentials.
    const publicClient = await register(as);
    const res = await fetch(as.token_endpoint!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: publicClient.client_id }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("unauthorized_client");

    // Deleting the app ends its tokens.
    expect((await tenant.client.delete(`/v1/oauth_apps/${created.body.id}`)).status).toBe(200);
    expect((await getApp().client.withKey(tokens.access_token).get("/v1/me")).status).toBe(401);
  });

  it("rate limits per grant (every token of a grant shares one allowance) and purges expired tokens", async () => {
    const tokens = await connect(as, client, owner);
    const first = await getApp().client.withKey(tokens.access_token).get("/v1/me");
    const fresh = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    const second = await getApp().client.withKey(fresh.access_token).get("/v1/me");
    expect(second.body.rate_limit.remaining).toBe(first.body.rate_limit.remaining - 1);
    const other = await connect(as, client, owner);
    const separate = await getApp().client.withKey(other.access_token).get("/v1/me");
    expect(separate.body.rate_limit.remaining).toBe(separate.body.rate_limit.limit - 1);

    const db = getApp().database.db;
    expect((await db.select().from(oauthTokens)).length).toBeGreaterThan(0);
    getApp().clock.advance(31 * 86_400_000);
    await getApp().scheduler.tick();
    expect(await db.select().from(oauthTokens)).toEqual([]);
  });
});
