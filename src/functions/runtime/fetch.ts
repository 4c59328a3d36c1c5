/**
 * Outbound fetch() for customer code, made by the sandbox worker: through
 * the webhook SSRF guard (the address checked is the address connected to;
 * literal IPs are checked before connecting), with redirects followed by
 * hand so every hop is checked again, and within the invocation's budget:
 * a number of requests (redirect hops included), bytes received, and its
 * wall time (a fetch is aborted when its invocation ends).
 */
import http from "node:http";
import https from "node:https";
import type { Gate } from "./gate.ts";
import { checkUrl, guardedLookup, SsrfBlockedError, type SsrfPolicy } from "../../webhooks/ssrf.ts";

export interface FetchLimits {
  /** Requests per invocation, redirect hops included. */
  requests: number;
  /** At once, per invocation. */
  concurrent: number;
  /** Response bytes per invocation, all requests together. */
  bytes: number;
  /** Request body bytes, each. */
  bodyBytes: number;
}

export const FETCH_LIMITS: FetchLimits = { requests: 50, concurrent: 6, bytes: 8 * 1024 * 1024, bodyBytes: 1024 * 1024 };
export const FETCH_USER_AGENT = "Enginery-Functions/1.0";
const MAX_REDIRECTS = 10;
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "host", "content-length", "proxy-authorization", "te", "trailer"]);

/** One invocation's use of fetch. */
export interface FetchBudget {
  requests: number;
  /** Requests past `concurrent` wait here for their turn. */
  gate: Gate;
  bytes: number;
  /** Aborted when the invocation ends. */
  signal: AbortSignal;
}

export type FetchAnswer =
  | { ok: true; status: number; statusText: string; headers: [string, string][]; body: Uint8Array; url: string; redirected: boolean }
  | { ok: false; error: string };

interface Hop {
  status: number;
  statusText: string;
  headers: [string, string][];
  location: string | undefined;
  body: Uint8Array;
}

function hop(
  url: URL,
  method: string,
  headers: [string, string][],
  body: Uint8Array | null,
  policy: SsrfPolicy,
  budget: FetchBudget,
  limits: FetchLimits,
): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const refused = checkUrl(url.href, policy);
    if (refused) return reject(new Error(`fetch to ${url.origin} refused: ${refused}`));
    const client = url.protocol === "https:" ? https : http;
    const outgoing: Record<string, string> = { "user-agent": FETCH_USER_AGENT };
    for (const [name, value] of headers) if (!HOP_BY_HOP.has(name.toLowerCase())) outgoing[name] = value;
    if (body) outgoing["content-length"] = String(body.length);
    const request = client.request(url, { method, headers: outgoing, lookup: guardedLookup(policy), agent: false, signal: budget.signal }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => {
        budget.bytes += chunk.length;
        if (budget.bytes > limits.bytes) {
          response.destroy();
          reject(new Error(`fetch: the responses of this invocation passed ${limits.bytes} bytes, the most one may receive`));
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) pairs.push([response.rawHeaders[i]!.toLowerCase(), response.rawHeaders[i + 1]!]);
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? "",
          headers: pairs,
          location: response.headers.location,
          body: new Uint8Array(Buffer.concat(chunks)),
        });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body ?? undefined);
  });
}

function refusal(error: unknown, url: string): string {
  if (error instanceof SsrfBlockedError) return `fetch to ${url} refused: ${error.message}`;
  const e = error as Error;
  if (e.name === "AbortError") return `fetch to ${url} aborted: the invocation ended`;
  return e.message.startsWith("fetch") ? e.message : `fetch to ${url} failed: ${e.message}`;
}

/** One fetch() of customer code. Never throws: a refusal or failure is an answer the prelude rejects with. */
export async function outboundFetch(
  input: { url: string; method: string; headers: [string, string][]; body: Uint8Array | null; redirect: string },
  policy: SsrfPolicy,
  budget: FetchBudget,
  limits: FetchLimits = FETCH_LIMITS,
): Promise<FetchAnswer> {
  if (input.body && input.body.length > limits.bodyBytes) return { ok: false, error: `fetch: a request body may be at most ${limits.bodyBytes} bytes` };
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return { ok: false, error: `fetch: invalid URL ${input.url.slice(0, 200)}` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, error: `fetch: only http and https URLs can be fetched, not ${url.protocol}` };
  if (!(await budget.gate.enter(budget.signal))) return { ok: false, error: `fetch to ${url.origin} aborted: the invocation ended` };
  try {
    let method = input.method;
    let body = input.body;
    for (let redirects = 0; ; redirects++) {
      if (budget.requests >= limits.requests) return { ok: false, error: `fetch: this invocation has made ${limits.requests} requests, the most one may` };
      budget.requests++;
      const answer = await hop(url, method, input.headers, body, policy, budget, limits);
      const redirect = [301, 302, 303, 307, 308].includes(answer.status) && answer.location !== undefined;
      if (!redirect || input.redirect === "manual") {
        return {
          ok: true,
          status: answer.status,
          statusText: answer.statusText,
          headers: answer.headers,
          body: answer.body,
          url: url.href,
          redirected: redirects > 0,
        };
      }
      if (input.redirect === "error") return { ok: false, error: `fetch to ${url.href} was redirected (redirect: "error")` };
      if (redirects >= MAX_REDIRECTS) return { ok: false, error: `fetch: more than ${MAX_REDIRECTS} redirects` };
      url = new URL(answer.location!, url);
      if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, error: `fetch: redirected to a ${url.protocol} URL` };
      // As browsers do: a 303, or a POST answered 301/302, continues as a GET without its body.
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === "POST")) {
        method = method === "HEAD" ? "HEAD" : "GET";
        body = null;
      }
    }
  } catch (error) {
    return { ok: false, error: refusal(error, url.origin) };
  } finally {
    budget.gate.leave();
  }
}
