import * as oauth from "oauth4webapi";
import type { SessionClient } from "../identity/session-client.ts";

/**
 * The integration's side, written with oauth4webapi (a certified OAuth
 * client) the way a third party would, plus the browser's side of consent:
 * following the authorize URL with the member's session cookie and posting
 * the consent form it shows.
 */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;
export const CALLBACK = "http://127.0.0.1:7/callback";

export async function discover(baseUrl: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(baseUrl);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
}

export async function register(as: oauth.AuthorizationServer, metadata: Record<string, unknown> = {}): Promise<oauth.Client> {
  const response = await oauth.dynamicClientRegistrationRequest(
    as,
    { redirect_uris: [CALLBACK], client_name: "Ledger Sync", token_endpoint_auth_method: "none", ...metadata },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(response);
}

export interface Authorization {
  url: URL;
  verifier: string;
  state: string;
}

export async function authorizationUrl(as: oauth.AuthorizationServer, clientId: string, params: Record<string, string | null> = {}): Promise<Authorization> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  const all: Record<string, string | null> = {
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: "code",
    scope: "finance:read finance:write",
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    ...params,
  };
  for (const [name, value] of Object.entries(all)) if (value !== null) url.searchParams.set(name, value);
  return { url, verifier, state };
}

export interface BrowserAnswer {
  status: number;
  location: string | null;
  html: string;
}

async function browse(url: string, init: RequestInit, cookie: string | null): Promise<BrowserAnswer> {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

const htmlUnescape = (text: string) => text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));

/** The hidden fields of the consent form. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[htmlUnescape(m[1]!)] = htmlUnescape(m[2]!);
  return fields;
}

/** The member opens the authorize URL (the consent page, or an error). */
export function openAuthorize(session: SessionClient | null, url: URL): Promise<BrowserAnswer> {
  return browse(url.toString(), { method: "GET" }, session?.cookie ?? null);
}

/** The member clicks Allow or Deny; `edit` changes the form first (a tampering test). */
export async function submitConsent(
  session: SessionClient,
  page: BrowserAnswer,
  decision: "approve" | "deny",
  edit: (fields: Record<string, string>) => void = () => {},
): Promise<BrowserAnswer> {
  const fields = { ...formFields(page.html), decision };
  edit(fields);
  return browse(
    `${session.baseUrl}/oauth/authorize`,
    { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() },
    session.cookie,
  );
}

/** Consent given, end to end: the callback URL the browser lands on. */
export async function consent(session: SessionClient, url: URL): Promise<URL> {
  const page = await openAuthorize(session, url);
  if (page.status !== 200) throw new Error(`consent page: ${page.status} ${page.html.slice(0, 300)}`);
  const answer = await submitConsent(session, page, "approve");
  if (answer.status !== 303 || !answer.location) throw new Error(`consent: ${answer.status} ${answer.html.slice(0, 300)}`);
  return new URL(answer.location);
}

/** Authorization code with PKCE, all the way to tokens, for a public client. */
export async function connect(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  session: SessionClient,
  params: Record<string, string | null> = {},
): Promise<oauth.TokenEndpointResponse> {
  const auth = await authorizationUrl(as, client.client_id, params);
  const callback = await consent(session, auth.url);
  const answer = oauth.validateAuthResponse(as, client, callback, auth.state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), answer, CALLBACK, auth.verifier, insecure);
  return oauth.processAuthorizationCodeResponse(as, client, response);
}

/** The RFC 6749 error a token-endpoint call failed with. */
export async function oauthError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return error.error;
    // A 401 with a Basic challenge (a wrong client secret) comes as a challenge error; the body still says which.
    if (error instanceof oauth.WWWAuthenticateChallengeError) return ((await error.response.json()) as { error: string }).error;
    throw error;
  }
  throw new Error("expected an OAuth error");
}

export { oauth };
