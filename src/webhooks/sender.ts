import http from "node:http";
import https from "node:https";
import { checkUrl, guardedLookup, SsrfBlockedError, type SsrfPolicy } from "./ssrf.ts";

/** What one attempt came to. */
export interface SendResult {
  status: number | null;
  /** The first 2 KB of the body, as text. */
  body: string | null;
  error: string | null;
  blocked: boolean;
  retryAfterSeconds: number | null;
  durationMs: number;
}

const BODY_LIMIT = 2048;
export const USER_AGENT = "Enginery-Webhooks/1.0 (+https://standardwebhooks.com)";

function retryAfter(value: string | string[] | undefined): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - Date.now()) / 1000));
}

/**
 * POSTs one signed delivery. The target's address is checked by the SSRF
 * guard at connection time (the address checked is the one connected to),
 * redirects are not followed, and the whole attempt, body included, must fit
 * in `timeoutMs` (a reused connection found closed is replaced within it);
 * only the first 2 KB of the answer are read, so a huge or
 * dripping body costs nothing. Never throws.
 */
export function send(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  policy: SsrfPolicy,
  agents?: { http: http.Agent; https: https.Agent },
): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, "durationMs">): SendResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (r: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return finish({ status: null, body: null, error: "the endpoint URL is not valid", blocked: false, retryAfterSeconds: null });
    }
    // Node connects to a literal IP without calling `lookup`, so the URL itself is checked again on every attempt.
    const refused = checkUrl(url, policy);
    if (refused) return finish({ status: null, body: null, error: `blocked: ${refused}`, blocked: true, retryAfterSeconds: null });
    const client = target.protocol === "https:" ? https : http;
    let request: http.ClientRequest;
    let answered = false;
    const post = () => {
      request = client.request(
        target,
        {
          method: "POST",
          headers: { ...headers, "content-type": "application/json", "user-agent": USER_AGENT, "content-length": Buffer.byteLength(body) },
          lookup: guardedLookup(policy),
          agent: agents ? (target.protocol === "https:" ? agents.https : agents.http) : false,
        },
        (response) => {
          answered = true;
          const chunks: Buffer[] = [];
          let size = 0;
          const result = () => ({
            status: response.statusCode ?? null,
            // Stored as text: NUL cannot be, and invalid UTF-8 becomes U+FFFD.
            body: Buffer.concat(chunks).toString("utf8").replaceAll("\u0000", "\uFFFD"),
            error: null,
            blocked: false,
            retryAfterSeconds: retryAfter(response.headers["retry-after"]),
          });
          response.on("data", (chunk: Buffer) => {
            if (size >= BODY_LIMIT) return;
            chunks.push(chunk.subarray(0, BODY_LIMIT - size));
            size += chunk.length;
            if (size >= BODY_LIMIT) {
              finish(result());
              response.destroy();
            }
          });
          response.on("end", () => finish(result()));
          response.on("error", () => finish(result()));
        },
      );
      request.on("error", (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the receiver closed as we reused it (its idle timeout and our send crossed) has
        // answered nothing, so the request goes again on another connection; the dead socket has left the pool.
        // Receivers dedupe on webhook-id, as for any retry.
        const stale = request.reusedSocket && !answered && (error.code === "ECONNRESET" || error.code === "EPIPE");
        if (stale && !settled) return post();
        const blocked = error instanceof SsrfBlockedError || (error as { cause?: unknown }).cause instanceof SsrfBlockedError;
        finish({
          status: null,
          body: null,
          error: blocked ? `blocked: ${error.message}` : `could not deliver: ${error.message}`,
          blocked,
          retryAfterSeconds: null,
        });
      });
      request.end(body);
    };
    timer = setTimeout(() => {
      finish({ status: null, body: null, error: `no complete answer within ${timeoutMs} ms`, blocked: false, retryAfterSeconds: null });
      request.destroy();
    }, timeoutMs);
    post();
  });
}
