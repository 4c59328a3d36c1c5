/**
 * What a function's HTTP response may carry. It is served from the API's own
 * origin, where the dashboard's session cookie lives, so nothing in it may
 * act on that origin: no cookies, no redirects, no header a browser obeys
 * for the whole site (Clear-Site-Data, Refresh, HSTS, Alt-Svc, auth
 * prompts...). An allowlist, because browsers keep learning new such headers:
 * the ones an API answer needs (content, caching, CORS without credentials,
 * Location for 201 Created) and any x-* header of the function's own. Every
 * answer is sandboxed (CSP sandbox: an HTML answer renders inert, as an
 * opaque origin with no scripts) and never content-sniffed.
 */

const ALLOWED = new Set([
  "content-type",
  "content-language",
  "content-disposition",
  "cache-control",
  "expires",
  "etag",
  "last-modified",
  "vary",
  "location",
  // CORS, but never with credentials: a page elsewhere could otherwise read answers made with a member's cookie.
  "access-control-allow-origin",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-expose-headers",
  "access-control-max-age",
]);

/** x-* headers that are the platform's: its own on every answer, and the two forced below. */
const RESERVED = /^(x-request-id|x-ratelimit-.*|x-function-.*|x-content-type-options|x-enginery-.*)$/i;

/** Set on every function answer, after (and instead of) whatever the function said. */
export const FORCED_HEADERS = { "content-security-policy": "sandbox", "x-content-type-options": "nosniff" } as const;

export function allowedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return ALLOWED.has(lower) || (lower.startsWith("x-") && !RESERVED.test(lower));
}

/** Why a status may not be answered, if it may not: redirects (304 Not Modified is none). */
export function refusedStatus(status: number): string | undefined {
  if (status < 300 || status > 399 || status === 304) return undefined;
  return `a function may not redirect (status ${status}): its answer is served from the API's own origin`;
}

/** The headers kept, and the names dropped (once each, lower case) for the invocation's log. */
export function policeHeaders(headers: readonly [string, string][]): { kept: [string, string][]; dropped: string[] } {
  const kept: [string, string][] = [];
  const dropped = new Set<string>();
  for (const pair of headers) {
    if (allowedHeader(pair[0])) kept.push(pair);
    else dropped.add(pair[0].toLowerCase());
  }
  return { kept, dropped: [...dropped] };
}
