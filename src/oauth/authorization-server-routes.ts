import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/connection.ts";
import { CSRF_HEADER, csrfTokenFor, readCookie, SESSION_COOKIE, sessionCaller } from "../identity/sessions.ts";
import { PROTECTED_RESOURCE_METADATA_PATH } from "../platform/auth/auth-hook.ts";
import type { Caller } from "../platform/auth/caller.ts";
import { requirePermissions } from "../platform/auth/auth-hook.ts";
import { ApiError } from "../platform/errors.ts";
import type { Api } from "../platform/http.ts";
import type { RateLimitStore } from "../platform/rate-limit/gcra.ts";
import { publicOrigin } from "../platform/request-context.ts";
import { consentPage, errorPage } from "./consent-page.ts";
import {
  authenticateClient,
  clientCredentials,
  exchangeCode,
  grantWithCode,
  introspect,
  OAuthError,
  refresh,
  revokeToken,
} from "./authorization-server-service.ts";
import { createApp, findApp, redirectUriMatches, redirectUriProblem } from "./oauth-apps-service.ts";
import type { OAuthAppRow } from "./oauth-table.ts";
import { parseScope, SCOPES, type Scope } from "../platform/auth/scopes.ts";

export const AUTHORIZATION_SERVER_METADATA_PATH = "/.well-known/oauth-authorization-server";
const hidden = { config: { public: true }, schema: { hide: true } } as const;
const MAX_PARAM_LENGTH = 4096;
const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** Dynamic registration is open to anyone: a client address registers at most this many apps per window. */
const REGISTRATIONS_PER_IP = 30;
const REGISTRATION_WINDOW_MS = 10 * 60_000;

/** The issuer is this server's origin, as the client reached it. */
export const issuerOf = (request: FastifyRequest) => publicOrigin(request);

/**
 * Form parameters (RFC 6749 requires application/x-www-form-urlencoded for
 * the token, revocation and introspection endpoints). A parameter sent twice
 * is refused (RFC 6749 3.1), as is one too long or holding control characters.
 */
function formOf(request: FastifyRequest): Map<string, string> {
  const source = request.method === "GET" ? new URLSearchParams(request.url.split("?")[1] ?? "") : request.body;
  if (!(source instanceof URLSearchParams)) throw new OAuthError("invalid_request", "The body must be application/x-www-form-urlencoded.");
  const params = new Map<string, string>();
  for (const [name, value] of source) {
    if (params.has(name)) throw new OAuthError("invalid_request", `The parameter ${name} is sent more than once.`);
    if (value.length > MAX_PARAM_LENGTH || /[\u0000-\u001f\u007f]/.test(value))
      throw new OAuthError("invalid_request", `The parameter ${name} is too long or holds control characters.`);
    params.set(name, value);
  }
  return params;
}

function sendOAuthError(reply: FastifyReply, error: OAuthError, basicAuth = false) {
  if (error.status === 401 && basicAuth) reply.header("www-authenticate", 'Basic realm="enginery"');
  return reply.code(error.status).header("cache-control", "no-store").send({ error: error.error, error_description: error.description });
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-frame-options", "DENY")
    .header("referrer-policy", "no-referrer")
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; img-src https:; frame-ancestors 'none'")
    .send(body);
}

type Checked =
  | { kind: "page"; status: number; title: string; detail: string }
  | { kind: "redirect"; app: OAuthAppRow; redirectUri: string; error: string; description: string }
  | { kind: "ok"; app: OAuthAppRow; redirectUri: string; scopes: Scope[]; challenge: string };

/**
 * RFC 6749 4.1.2.1: while the client or its redirect URI is in doubt, the
 * answer is a page for the person at the browser; only once both are known
 * good do errors go back to the client, at its registered URI.
 */
async function checkAuthorizationRequest(db: Db, params: Map<string, string>): Promise<Checked> {
  const clientId = params.get("client_id");
  if (!clientId) return { kind: "page", status: 400, title: "Invalid request", detail: "client_id is missing." };
  const app = await findApp(db, clientId);
  if (!app) return { kind: "page", status: 400, title: "Unknown app", detail: `No app has the client_id ${clientId}.` };
  const given = params.get("redirect_uri");
  const redirectUri = given ?? (app.redirectUris.length === 1 ? app.redirectUris[0] : undefined);
  if (!redirectUri) return { kind: "page", status: 400, title: "Invalid request", detail: "redirect_uri is missing, and the app has several." };
  if (!app.redirectUris.some((registered) => redirectUriMatches(registered, redirectUri))) {
    return {
      kind: "page",
      status: 400,
      title: "Invalid redirect URI",
      detail: "The redirect_uri is not one the app registered (they are compared exactly; only a loopback IP's port may differ).",
    };
  }
  const fail = (error: string, description: string): Checked => ({ kind: "redirect", app, redirectUri, error, description });
  if (params.get("response_type") !== "code") return fail("unsupported_response_type", "Only response_type=code is supported.");
  const challenge = params.get("code_challenge");
  if (params.get("code_challenge_method") !== "S256" || !challenge || !PKCE_CHALLENGE.test(challenge)) {
    return fail("invalid_request", "PKCE is required: send code_challenge (S256 of the verifier, base64url) and code_challenge_method=S256.");
  }
  const requested = params.get("scope");
  if (requested === undefined) return { kind: "ok", app, redirectUri, scopes: app.scopes as Scope[], challenge };
  const { scopes, unknown } = parseScope(requested);
  if (unknown.length) return fail("invalid_scope", `Unknown scopes: ${unknown.join(" ")}.`);
  const beyond = scopes.filter((s) => !app.scopes.includes(s));
  if (beyond.length) return fail("invalid_scope", `The app is not registered for: ${beyond.join(" ")}.`);
  if (scopes.length === 0) return fail("invalid_scope", "No scope requested.");
  return { kind: "ok", app, redirectUri, scopes, challenge };
}

/** The authorization request's parameters; a malformed one is answered with a page (no client is known to send it to). */
function authorizationParams(request: FastifyRequest, reply: FastifyReply): Map<string, string> | undefined {
  try {
    return formOf(request);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    html(reply, 400, errorPage("Invalid request", error.description));
    return undefined;
  }
}

function redirectTo(reply: FastifyReply, status: 302 | 303, redirectUri: string, values: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) if (value !== undefined) url.searchParams.set(name, value);
  return reply.code(status).header("cache-control", "no-store").header("referrer-policy", "no-referrer").redirect(url.toString(), status);
}

const AUTHORIZATION_PARAMS = ["client_id", "redirect_uri", "response_type", "scope", "state", "code_challenge", "code_challenge_method"];

export function registerAuthorizationServer(app: Api, db: Db, throttle: RateLimitStore): void {
  const readSession = sessionCaller(db);

  /** The signed-in member, or undefined (an ended session counts as none: the member signs in again). */
  async function memberSession(request: FastifyRequest, reply: FastifyReply): Promise<Caller | undefined> {
    try {
      const caller = await readSession(request, reply);
      return caller?.member ? caller : undefined;
    } catch (error) {
      if (error instanceof ApiError && error.code === "not_signed_in") return undefined;
      throw error;
    }
  }

  app.get("/oauth/authorize", hidden, async (request, reply) => {
    const params = authorizationParams(request, reply);
    if (!params) return reply;
    const checked = await checkAuthorizationRequest(db, params);
    const state = params.get("state");
    if (checked.kind === "page") return html(reply, checked.status, errorPage(checked.title, checked.detail));
    const issuer = issuerOf(request);
    if (checked.kind === "redirect")
      return redirectTo(reply, 302, checked.redirectUri, { error: checked.error, error_description: checked.description, state, iss: issuer });
    const caller = await memberSession(request, reply);
    if (!caller) {
      // Sign in in the dashboard, which comes back here (see return_to in the dashboard's main.tsx).
      return reply.redirect(`/dashboard/?return_to=${encodeURIComponent(request.url)}#/sign-in`, 302);
    }
    if (checked.app.orgId && checked.app.orgId !== caller.org.id) {
      return html(
        reply,
        403,
        errorPage(
          "Another organization's app",
          `${checked.app.name} is registered by another organization; only its members can connect it. Switch organization in the dashboard if you belong to it.`,
        ),
      );
    }
    const member = caller.member!;
    const fields: Record<string, string> = {};
    for (const name of AUTHORIZATION_PARAMS) {
      const value = name === "redirect_uri" ? checked.redirectUri : name === "scope" ? checked.scopes.join(" ") : params.get(name);
      if (value !== undefined) fields[name] = value;
    }
    fields.csrf_token = csrfTokenFor(readCookie(request, SESSION_COOKIE)!);
    return html(
      reply,
      200,
      consentPage({
        appName: checked.app.name,
        logoUrl: checked.app.logoUrl,
        organizationName: caller.org.name,
        userEmail: member.email,
        role: member.role,
        redirectHost: new URL(checked.redirectUri).host,
        scopes: checked.scopes,
        beyondRole: checked.scopes.filter((s) => !caller.permissions.has(s)),
        fields,
      }),
    );
  });

  // Consent: a same-origin form post carrying the session's CSRF token as a field (a form cannot set headers).
  app.post("/oauth/authorize", hidden, async (request, reply) => {
    const params = authorizationParams(request, reply);
    if (!params) return reply;
    request.headers[CSRF_HEADER] = params.get("csrf_token") ?? "";
    let caller: Caller | undefined;
    try {
      caller = await memberSession(request, reply);
    } catch (error) {
      if (error instanceof ApiError && error.code === "csrf_token_invalid")
        return html(reply, 403, errorPage("Request refused", "The form's CSRF token is missing or wrong. Go back to the app and start again."));
      throw error;
    }
    if (!caller) return html(reply, 401, errorPage("Not signed in", "Your session has ended. Go back to the app and start again."));
    const checked = await checkAuthorizationRequest(db, params);
    if (checked.kind === "page") return html(reply, checked.status, errorPage(checked.title, checked.detail));
    const issuer = issuerOf(request);
    const state = params.get("state");
    if (checked.kind === "redirect")
      return redirectTo(reply, 303, checked.redirectUri, { error: checked.error, error_description: checked.description, state, iss: issuer });
    if (checked.app.orgId && checked.app.orgId !== caller.org.id) {
      return html(reply, 403, errorPage("Another organization's app", `${checked.app.name} is registered by another organization.`));
    }
    if (params.get("decision") !== "approve")
      return redirectTo(reply, 303, checked.redirectUri, { error: "access_denied", error_description: "The member denied the request.", state, iss: issuer });
    try {
      // A member grants no more than their role holds: the one permission check, on the scopes asked for.
      requirePermissions(caller, checked.scopes);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectTo(reply, 303, checked.redirectUri, { error: "access_denied", error_description: error.message, state, iss: issuer });
    }
    const code = await grantWithCode(
      db,
      { orgId: caller.org.id, requestId: request.id, idempotencyKey: null, now: request.now },
      { app: checked.app, userId: caller.member!.userId, scopes: checked.scopes, codeChallenge: checked.challenge, redirectUri: checked.redirectUri },
    );
    return redirectTo(reply, 303, checked.redirectUri, { code, state, iss: issuer });
  });

  /** Client authentication: HTTP Basic (client_secret_basic), form fields (client_secret_post), or client_id alone (public clients). */
  async function clientOf(request: FastifyRequest, params: Map<string, string>) {
    const header = request.headers.authorization;
    if (header) {
      const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
      const decoded = match ? Buffer.from(match[1]!, "base64").toString("utf8") : "";
      const colon = decoded.indexOf(":");
      if (colon < 0) throw new OAuthError("invalid_client", "The Authorization header must be Basic base64(client_id:client_secret).", 401);
      if (params.has("client_secret")) throw new OAuthError("invalid_request", "Use one client authentication method, not two.");
      const id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " "));
      const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " "));
      if (params.has("client_id") && params.get("client_id") !== id)
        throw new OAuthError("invalid_request", "client_id differs from the Authorization header's.");
      return authenticateClient(db, id, secret);
    }
    return authenticateClient(db, params.get("client_id"), params.get("client_secret"));
  }

  /** The token, revocation and introspection endpoints answer RFC 6749 errors, never problem documents. */
  function oauthEndpoint(path: string, handle: (request: FastifyRequest, reply: FastifyReply, params: Map<string, string>) => Promise<unknown>) {
    app.post(path, hidden, async (request, reply) => {
      try {
        const params = formOf(request);
        return await handle(request, reply, params);
      } catch (error) {
        if (error instanceof OAuthError) return sendOAuthError(reply, error, Boolean(request.headers.authorization));
        throw error;
      }
    });
  }

  oauthEndpoint("/oauth/token", async (request, reply, params) => {
    const client = await clientOf(request, params);
    reply.header("cache-control", "no-store");
    const grantType = params.get("grant_type");
    switch (grantType) {
      case "authorization_code":
        return exchangeCode(
          db,
          client,
          { code: params.get("code"), redirectUri: params.get("redirect_uri"), verifier: params.get("code_verifier") },
          request.id,
          request.now,
        );
      case "refresh_token":
        return refresh(db, client, params.get("refresh_token"), params.get("scope"), request.id, request.now);
      case "client_credentials": {
        const { scopes, unknown } = parseScope(params.get("scope") ?? client.scopes.join(" "));
        const beyond = scopes.filter((s) => !client.scopes.includes(s));
        if (unknown.length || beyond.length || scopes.length === 0)
          throw new OAuthError("invalid_scope", `The app may not ask for: ${[...unknown, ...beyond].join(" ") || "(no scope)"}.`);
        return clientCredentials(db, client, scopes, request.id, request.now);
      }
      case undefined:
        throw new OAuthError("invalid_request", "grant_type is required.");
      default:
        throw new OAuthError("unsupported_grant_type", "Supported: authorization_code, refresh_token, client_credentials.");
    }
  });

  oauthEndpoint("/oauth/revoke", async (request, reply, params) => {
    const client = await clientOf(request, params);
    const token = params.get("token");
    if (!token) throw new OAuthError("invalid_request", "token is required.");
    await revokeToken(db, client, token, request.id, request.now);
    return reply.code(200).send();
  });

  oauthEndpoint("/oauth/introspect", async (request, reply, params) => {
    const client = await clientOf(request, params);
    const token = params.get("token");
    if (!token) throw new OAuthError("invalid_request", "token is required.");
    reply.header("cache-control", "no-store");
    return introspect(db, client, token, issuerOf(request), request.now);
  });

  // RFC 7591, for public clients (MCP clients register themselves): no secret, PKCE, authorization_code and refresh_token.
  app.post("/oauth/register", hidden, async (request, reply) => {
    const decision = await throttle.consume(`oauth:register:${request.ip}`, REGISTRATIONS_PER_IP, REGISTRATION_WINDOW_MS, request.now.getTime());
    if (!decision.allowed) {
      return reply
        .code(429)
        .header("retry-after", String(decision.retryAfterSeconds))
        .send({ error: "invalid_client_metadata", error_description: `Too many registrations; retry in ${decision.retryAfterSeconds} s.` });
    }
    const refuse = (error: string, description: string) => reply.code(400).header("cache-control", "no-store").send({ error, error_description: description });
    const body = request.body;
    if (!body || typeof body !== "object" || Array.isArray(body)) return refuse("invalid_client_metadata", "The body must be a JSON object (RFC 7591).");
    const meta = body as Record<string, unknown>;
    const uris = meta.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10 || !uris.every((u) => typeof u === "string" && u.length <= 2000)) {
      return refuse("invalid_redirect_uri", "redirect_uris must be a list of 1 to 10 URLs.");
    }
    const badUri = (uris as string[]).find((u) => redirectUriProblem(u) || /[\u0000-\u001f\u007f]/.test(u));
    if (badUri !== undefined) return refuse("invalid_redirect_uri", `${badUri}: ${redirectUriProblem(badUri) ?? "holds control characters"}.`);
    const method = meta.token_endpoint_auth_method ?? "none";
    if (method !== "none")
      return refuse(
        "invalid_client_metadata",
        "Only public clients register themselves: token_endpoint_auth_method must be none. Register confidential apps with POST /v1/oauth_apps.",
      );
    const grantTypes = meta.grant_types ?? ["authorization_code", "refresh_token"];
    if (!Array.isArray(grantTypes) || !grantTypes.every((g) => g === "authorization_code" || g === "refresh_token"))
      return refuse("invalid_client_metadata", "grant_types may hold authorization_code and refresh_token.");
    const responseTypes = meta.response_types ?? ["code"];
    if (!Array.isArray(responseTypes) || !responseTypes.every((r) => r === "code"))
      return refuse("invalid_client_metadata", "response_types may hold code only.");
    const name = meta.client_name ?? "Unnamed app";
    if (typeof name !== "string" || name.length === 0 || name.length > 100 || /[\u0000-\u001f\u007f]/.test(name))
      return refuse("invalid_client_metadata", "client_name must be 1 to 100 characters.");
    const scopeText = meta.scope ?? SCOPES.join(" ");
    if (typeof scopeText !== "string") return refuse("invalid_client_metadata", "scope must be a space-separated string.");
    const { scopes, unknown } = parseScope(scopeText);
    if (unknown.length || scopes.length === 0) return refuse("invalid_client_metadata", `Unknown scopes: ${unknown.join(" ") || "(none)"}.`);
    const logo = meta.logo_uri;
    if (logo !== undefined && (typeof logo !== "string" || !logo.startsWith("https://") || logo.length > 2000))
      return refuse("invalid_client_metadata", "logo_uri must be an https URL.");
    const { app: created } = await createApp(
      db,
      { orgId: "", requestId: request.id, idempotencyKey: null, now: request.now },
      { name, client_type: "public", redirect_uris: uris as string[], scopes, logo_url: (logo as string | undefined) ?? null },
      true,
    );
    return reply
      .code(201)
      .header("cache-control", "no-store")
      .send({
        client_id: created.client_id,
        client_id_issued_at: Math.floor(request.now.getTime() / 1000),
        client_name: created.name,
        redirect_uris: created.redirect_uris,
        grant_types: grantTypes,
        response_types: ["code"],
        token_endpoint_auth_method: "none",
        scope: created.scopes.join(" "),
        ...(created.logo_url && { logo_uri: created.logo_url }),
      });
  });

  app.get(AUTHORIZATION_SERVER_METADATA_PATH, hidden, async (request) => {
    const issuer = issuerOf(request);
    const clientAuth = ["client_secret_basic", "client_secret_post", "none"];
    return {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      introspection_endpoint: `${issuer}/oauth/introspect`,
      registration_endpoint: `${issuer}/oauth/register`,
      scopes_supported: SCOPES,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
      token_endpoint_auth_methods_supported: clientAuth,
      revocation_endpoint_auth_methods_supported: clientAuth,
      introspection_endpoint_auth_methods_supported: clientAuth,
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${issuer}/docs`,
    };
  });

  app.get(PROTECTED_RESOURCE_METADATA_PATH, hidden, async (request) => {
    const issuer = issuerOf(request);
    return {
      resource: issuer,
      authorization_servers: [issuer],
      scopes_supported: SCOPES,
      bearer_methods_supported: ["header"],
      resource_name: "Enginery API",
      resource_documentation: `${issuer}/docs`,
    };
  });
}
