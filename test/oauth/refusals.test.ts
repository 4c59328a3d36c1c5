import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { invite, signUp, type SessionClient } from "../identity/session-client.ts";
import { authorizationUrl, CALLBACK, consent, discover, insecure, oauth, oauthError, openAuthorize, register, submitConsent } from "./integration.ts";

/** Every refusal of the authorization server, each checked to issue nothing. */
const getApp = useTestApp({ identity: { signInLimits: { perAccount: 1000, perIp: 1000, windowMs: 60_000 } } });

const errorOf = (location: string | null) => (location ? new URL(location).searchParams.get("error") : null);

describe("OAuth 2.0 refusals", () => {
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  let owner: SessionClient;

  beforeAll(async () => {
    as = await discover(getApp().url);
    client = await register(as, { scope: "finance:read finance:write" });
    owner = (await signUp(getApp().url)).session;
  });

  const exchange = async (code: URL, verifier: string) => {
    const params = oauth.validateAuthResponse(as, client, code, oauth.skipStateCheck);
    return oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, CALLBACK, verifier, insecure),
    );
  };

  it("never redirects to an unregistered redirect URI, nor for an unknown client", async () => {
    const wrong = await authorizationUrl(as, client.client_id, { redirect_uri: "http://127.0.0.1:7/callback/other" });
    const page = await openAuthorize(owner, wrong.url);
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.html).toContain("Invalid redirect URI");
    for (const near of [
      "http://127.0.0.1:7/callback?x=1",
      "http://127.0.0.1:7/callback/",
      "http://localhost:7/callback",
      "https://127.0.0.1:7/callback",
      "http://127.0.0.2:7/callback",
    ]) {
      const answer = await openAuthorize(owner, (await authorizationUrl(as, client.client_id, { redirect_uri: near })).url);
      expect(answer.status, near).toBe(400);
      expect(answer.location, near).toBeNull();
    }
    const unknown = await openAuthorize(owner, (await authorizationUrl(as, "oapp_01jd8z6q4m2c8v3t5y7w9x0a1b")).url);
    expect(unknown.status).toBe(400);
    expect(unknown.location).toBeNull();
  });

  it("answers a malformed authorization request (a parameter twice) with a page, on GET and on the consent POST", async () => {
    const auth = await authorizationUrl(as, client.client_id);
    const twice = new URL(auth.url);
    twice.searchParams.append("client_id", client.client_id);
    const page = await openAuthorize(owner, twice);
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.html).toContain("client_id is sent more than once");
    const consentPage = await openAuthorize(owner, auth.url);
    const posted = await submitConsent(owner, consentPage, "approve", (fields) => void (fields.state = "x".repeat(5000)));
    expect(posted.status).toBe(400);
    expect(posted.location).toBeNull();
    expect(posted.html).toContain("too long or holds control characters");
  });

  it("a native app's loopback redirect may use any port (RFC 8252), and the code is bound to that port", async () => {
    const auth = await authorizationUrl(as, client.client_id, { redirect_uri: "http://127.0.0.1:51234/callback" });
    const code = await consent(owner, auth.url);
    expect(code.origin).toBe("http://127.0.0.1:51234");
    const params = oauth.validateAuthResponse(as, client, code, auth.state);
    const exchangeAt = async (uri: string) =>
      oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, uri, auth.verifier, insecure),
      );
    expect(await oauthError(exchangeAt(CALLBACK))).toBe("invalid_grant");
  });

  it("requires PKCE S256 and response_type=code, answering at the registered URI with the state", async () => {
    const cases: Record<string, string | null>[] = [{ code_challenge: null }, { code_challenge_method: "plain" }, { code_challenge_method: null }];
    for (const params of cases) {
      const auth = await authorizationUrl(as, client.client_id, params);
      const answer = await openAuthorize(owner, auth.url);
      expect(answer.status).toBe(302);
      const location = new URL(answer.location!);
      expect(location.origin + location.pathname).toBe(CALLBACK);
      expect(location.searchParams.get("error")).toBe("invalid_request");
      expect(location.searchParams.get("state")).toBe(auth.state);
      expect(location.searchParams.get("iss")).toBe(as.issuer);
    }
    const implicit = await openAuthorize(owner, (await authorizationUrl(as, client.client_id, { response_type: "token" })).url);
    expect(errorOf(implicit.location)).toBe("unsupported_response_type");
  });

  it("refuses a missing or wrong code verifier, and a code used twice (which also ends what it issued)", async () => {
    const auth = await authorizationUrl(as, client.client_id);
    const code = await consent(owner, auth.url);
    expect(await oauthError(exchange(code, oauth.generateRandomCodeVerifier()))).toBe("invalid_grant");
    // The failed attempt spent the code.
    expect(await oauthError(exchange(code, auth.verifier))).toBe("invalid_grant");

    const noVerifier = await consent(owner, (await authorizationUrl(as, client.client_id)).url);
    const res = await fetch(as.token_endpoint!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        client_id: client.client_id,
        code: noVerifier.searchParams.get("code")!,
        redirect_uri: CALLBACK,
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("invalid_request");

    const twice = await authorizationUrl(as, client.client_id);
    const twiceCode = await consent(owner, twice.url);
    const tokens = await exchange(twiceCode, twice.verifier);
    expect((await getApp().client.withKey(tokens.access_token).get("/v1/me")).status).toBe(200);
    expect(await oauthError(exchange(twiceCode, twice.verifier))).toBe("invalid_grant");
    expect((await getApp().client.withKey(tokens.access_token).get("/v1/me")).status).toBe(401);
  });

  it("refuses a code after a minute, and a code exchanged with another redirect URI or by another client", async () => {
    const late = await authorizationUrl(as, client.client_id);
    const lateCode = await consent(owner, late.url);
    getApp().clock.advance(61_000);
    expect(await oauthError(exchange(lateCode, late.verifier))).toBe("invalid_grant");

    const other = await register(as, { client_name: "Thief" });
    const auth = await authorizationUrl(as, client.client_id);
    const code = await consent(owner, auth.url);
    const params = oauth.validateAuthResponse(as, client, code, auth.state);
    const stolen = oauth.processAuthorizationCodeResponse(
      as,
      other,
      await oauth.authorizationCodeGrantRequest(as, other, oauth.None(), params, CALLBACK, auth.verifier, insecure),
    );
    expect(await oauthError(stolen)).toBe("invalid_grant");
  });

  it("refuses scopes beyond the app's registration, in the URL or by editing the consent form", async () => {
    const beyond = await openAuthorize(owner, (await authorizationUrl(as, client.client_id, { scope: "finance:read growth:write" })).url);
    expect(errorOf(beyond.location)).toBe("invalid_scope");
    const unknown = await openAuthorize(owner, (await authorizationUrl(as, client.client_id, { scope: "api_keys:manage" })).url);
    expect(errorOf(unknown.location)).toBe("invalid_scope");

    const auth = await authorizationUrl(as, client.client_id, { scope: "finance:read" });
    const page = await openAuthorize(owner, auth.url);
    const tampered = await submitConsent(owner, page, "approve", (fields) => (fields.scope = "finance:read growth:write"));
    expect(errorOf(tampered.location)).toBe("invalid_scope");
    expect(new URL(tampered.location!).searchParams.get("code")).toBeNull();
  });

  it("a refresh cannot change the grant's scopes", async () => {
    const auth = await authorizationUrl(as, client.client_id, { scope: "finance:read" });
    const tokens = await exchange(await consent(owner, auth.url), auth.verifier);
    const refresh = (scope: string) =>
      fetch(as.token_endpoint!, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", client_id: client.client_id, refresh_token: tokens.refresh_token!, scope }),
      });
    const wider = await refresh("finance:read finance:write");
    expect(wider.status).toBe(400);
    expect((await wider.json()).error).toBe("invalid_scope");
    // The mistake did not spend the refresh token; the same scope is accepted.
    expect((await refresh("finance:read")).status).toBe(200);
  });

  it("a viewer cannot grant write scopes; a denial answers access_denied", async () => {
    const viewer = (await invite(owner, "viewer")).session;
    const auth = await authorizationUrl(as, client.client_id);
    const page = await openAuthorize(viewer, auth.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain("cannot grant finance:write");
    const approved = await submitConsent(viewer, page, "approve");
    expect(approved.status).toBe(303);
    expect(errorOf(approved.location)).toBe("access_denied");
    expect(new URL(approved.location!).searchParams.get("code")).toBeNull();

    // Reading is within a viewer's role.
    const read = await consent(viewer, (await authorizationUrl(as, client.client_id, { scope: "finance:read" })).url);
    expect(read.searchParams.get("code")).toBeTruthy();

    const denied = await submitConsent(owner, await openAuthorize(owner, auth.url), "deny");
    expect(errorOf(denied.location)).toBe("access_denied");
    expect(new URL(denied.location!).searchParams.get("state")).toBe(auth.state);
  });

  it("a removed member's tokens stop working, and a demoted one's narrow to the new role", async () => {
    const developer = await invite(owner, "developer");
    const auth = await authorizationUrl(as, client.client_id);
    const tokens = await exchange(await consent(developer.session, auth.url), auth.verifier);
    const api = getApp().client.withKey(tokens.access_token);
    expect((await api.get("/v1/me")).body.permissions.sort()).toEqual(["finance:read", "finance:write"]);
    expect((await owner.patch(`/dashboard/api/members/${developer.membershipId}`, { role: "viewer" })).status).toBe(200);
    expect((await api.get("/v1/me")).body.permissions).toEqual(["finance:read"]);
    expect((await owner.delete(`/dashboard/api/members/${developer.membershipId}`)).status).toBe(200);
    expect((await api.get("/v1/me")).status).toBe(401);
  });

  it("consent needs a session and its CSRF token; signed out, the member is sent to sign in and back", async () => {
    const auth = await authorizationUrl(as, client.client_id);
    const signedOut = await openAuthorize(null, auth.url);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe(`/dashboard/?return_to=${encodeURIComponent(auth.url.pathname + auth.url.search)}#/sign-in`);

    const page = await openAuthorize(owner, auth.url);
    const forged = await submitConsent(owner, page, "approve", (fields) => (fields.csrf_token = "forged"));
    expect(forged.status).toBe(403);
    expect(forged.location).toBeNull();
    const page2 = await fetch(`${getApp().url}/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: client.client_id, decision: "approve" }),
      redirect: "manual",
    });
    expect(page2.status).toBe(401);
    // The consent page cannot be framed (clickjacking).
    const headers = await fetch(auth.url, { headers: { cookie: owner.cookie! }, redirect: "manual" });
    expect(headers.headers.get("x-frame-options")).toBe("DENY");
    expect(headers.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("an app registered by one organization cannot be authorized in another", async () => {
    const tenant = await getApp().tenant();
    const created = await tenant.client.post("/v1/oauth_apps", {
      name: "Tenant Tool",
      client_type: "public",
      redirect_uris: [CALLBACK],
      scopes: ["finance:read"],
    });
    expect(created.status).toBe(201);
    expect(created.body.client_secret).toBeUndefined();
    const auth = await authorizationUrl(as, created.body.client_id, { scope: "finance:read" });
    const page = await openAuthorize(owner, auth.url);
    expect(page.status).toBe(403);
    expect(page.html).toContain("another organization");
    expect(page.location).toBeNull();
  });

  it("an organization's grants and apps are its own (cross-tenant)", async () => {
    const tokens = await (async () => {
      const auth = await authorizationUrl(as, client.client_id);
      return exchange(await consent(owner, auth.url), auth.verifier);
    })();
    const grantId = (await getApp().client.withKey(tokens.access_token).get("/v1/me")).body.oauth_grant.id;
    const other = await getApp().tenant();
    expect((await other.client.get(`/v1/oauth_grants/${grantId}`)).status).toBe(404);
    expect((await other.client.delete(`/v1/oauth_grants/${grantId}`)).status).toBe(404);
    expect((await other.client.get("/v1/oauth_grants")).body.data).toEqual([]);
    // A dynamically registered client belongs to no organization: no organization manages it through /v1.
    expect((await other.client.get(`/v1/oauth_apps/${client.client_id}`)).status).toBe(404);
    expect((await other.client.delete(`/v1/oauth_apps/${client.client_id}`)).status).toBe(404);
    // The token reaches only its own organization's data.
    const invoice = await other.client.post("/v1/invoices", { client: "Other", amount: 5, currency: "USD", due_date: "2099-01-01" });
    expect((await getApp().client.withKey(tokens.access_token).get(`/v1/invoices/${invoice.body.id}`)).status).toBe(404);
    expect((await getApp().client.withKey(tokens.access_token).get("/v1/me")).status).toBe(200);
  });

  it("refuses bad input with RFC errors, never a 500", async () => {
    const post = (path: string, body: string, type = "application/x-www-form-urlencoded") =>
      fetch(`${getApp().url}${path}`, { method: "POST", headers: { "content-type": type }, body });
    const cases: [string, string, string | undefined, number, string][] = [
      ["/oauth/token", "grant_type=password&username=a&password=b&client_id=" + client.client_id, undefined, 400, "unsupported_grant_type"],
      ["/oauth/token", "grant_type=implicit&client_id=" + client.client_id, undefined, 400, "unsupported_grant_type"],
      ["/oauth/token", `client_id=${client.client_id}`, undefined, 400, "invalid_request"],
      ["/oauth/token", `grant_type=refresh_token&grant_type=refresh_token&client_id=${client.client_id}`, undefined, 400, "invalid_request"],
      ["/oauth/token", `grant_type=refresh_token&client_id=${client.client_id}&refresh_token=%00`, undefined, 400, "invalid_request"],
      ["/oauth/token", "grant_type=client_credentials", undefined, 401, "invalid_client"],
      ["/oauth/token", `grant_type=client_credentials&client_id=__proto__`, undefined, 401, "invalid_client"],
      ["/oauth/token", JSON.stringify({ grant_type: "client_credentials" }), "application/json", 400, "invalid_request"],
      ["/oauth/introspect", `client_id=${client.client_id}`, undefined, 400, "invalid_request"],
      ["/oauth/revoke", `token=x`, undefined, 401, "invalid_client"],
      ["/oauth/register", JSON.stringify({ redirect_uris: ["javascript:alert(1)"] }), "application/json", 400, "invalid_redirect_uri"],
      ["/oauth/register", JSON.stringify({ redirect_uris: ["http://evil.example/cb"] }), "application/json", 400, "invalid_redirect_uri"],
      [
        "/oauth/register",
        JSON.stringify({ redirect_uris: [CALLBACK], token_endpoint_auth_method: "client_secret_basic" }),
        "application/json",
        400,
        "invalid_client_metadata",
      ],
      ["/oauth/register", JSON.stringify({ redirect_uris: [CALLBACK], scope: "api_keys:manage" }), "application/json", 400, "invalid_client_metadata"],
      [
        "/oauth/register",
        JSON.stringify({ redirect_uris: [CALLBACK], grant_types: ["client_credentials"] }),
        "application/json",
        400,
        "invalid_client_metadata",
      ],
      ["/oauth/register", JSON.stringify([1]), "application/json", 400, "invalid_client_metadata"],
    ];
    for (const [path, body, type, status, error] of cases) {
      const res = await post(path, body, type);
      expect(res.status, `${path} ${body}`).toBe(status);
      expect((await res.json()).error, `${path} ${body}`).toBe(error);
    }
    const badApp = await (await getApp().tenant()).client.post("/v1/oauth_apps", {
      name: "x",
      client_type: "public",
      redirect_uris: ["https://a.example/cb#frag"],
      scopes: ["finance:read"],
    });
    expect(badApp.status).toBe(400);
    expect(badApp.body.errors[0].field).toBe("redirect_uris[0]");
  });
});
