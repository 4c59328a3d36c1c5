import { createParser, type EventSourceMessage } from "eventsource-parser";
import { newSecret, signatureHeaders } from "../webhooks/signing.ts";
import { problem, RequestFailed, target, type ApiFlags, type Answer } from "./api-client.ts";
import { UsageError } from "./usage.ts";

/**
 * `enginery listen --forward-to <url>`: the organization's events, read from
 * GET /v1/events/stream, forwarded one at a time and in order to a local
 * handler as Standard Webhooks requests, signed with a secret made for this
 * session (so the handler's own verification code runs). A cut connection is
 * resumed with Last-Event-ID after a backoff, so no event is lost or sent twice.
 */
export interface ListenFlags extends ApiFlags {
  "forward-to"?: string;
  events?: string;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
/** Nothing at all (not even a heartbeat, every 15 s by default) for this long: the connection is dead though no one closed it. */
const IDLE_MS = 60_000;
const FORWARD_TIMEOUT_MS = 30_000;

/** A refusal that waiting will not change (a bad key, an unknown event type): listen stops. */
class Refused extends RequestFailed {}

export async function listen(flags: ListenFlags, env = process.env, print: (line: string) => void = (line) => console.log(line)): Promise<void> {
  const t = target(flags, env);
  const forwardTo = flags["forward-to"];
  if (!forwardTo) throw new UsageError("--forward-to <url> is required: where to send the events, such as http://localhost:3000/webhooks");
  if (!/^https?:\/\/[^/]/.test(forwardTo)) throw new UsageError(`--forward-to must be an http:// or https:// URL, got "${forwardTo}"`);
  const query = flags.events ? `?type=${encodeURIComponent(flags.events)}` : "";
  const secret = newSecret();
  const stop = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop.abort());

  print(`Your webhook signing secret is ${secret} (for this session; verify with it as with an endpoint's secret)`);
  let lastEventId: string | undefined;
  let forwarded = 0;
  let retryMs = FIRST_RETRY_MS;
  while (!stop.signal.aborted) {
    try {
      await follow();
      if (!stop.signal.aborted) print("The server closed the stream; reconnecting.");
      retryMs = FIRST_RETRY_MS;
    } catch (error) {
      if (error instanceof Refused) throw error;
      if (stop.signal.aborted) break;
      print(`Connection lost (${reason(error)}); reconnecting in ${(retryMs / 1000).toFixed(1)} s.`);
      await sleep(retryMs, stop.signal);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  }
  print(`Stopped after ${forwarded} event${forwarded === 1 ? "" : "s"}.`);

  /** One connection: read until it ends, forwarding each event before reading on. */
  async function follow(): Promise<void> {
    const connection = new AbortController();
    const cut = () => connection.abort();
    stop.signal.addEventListener("abort", cut);
    let idle = setTimeout(cut, IDLE_MS);
    try {
      const headers: Record<string, string> = { authorization: `Bearer ${t.key}`, accept: "text/event-stream" };
      if (lastEventId) headers["last-event-id"] = lastEventId;
      const response = await fetch(`${t.url}/v1/events/stream${query}`, { headers, signal: connection.signal });
      if (!response.ok || !response.body) await refusal(response);
      print(
        lastEventId
          ? `Reconnected; resuming after ${lastEventId}.`
          : `Ready! Forwarding ${flags.events ? `events matching ${flags.events}` : "every event"} of ${t.url} to ${forwardTo}. Ctrl-C stops.`,
      );
      const received: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (message) => received.push(message) });
      const decoder = new TextDecoder();
      for await (const chunk of response.body!) {
        clearTimeout(idle);
        idle = setTimeout(cut, IDLE_MS);
        parser.feed(decoder.decode(chunk, { stream: true }));
        for (const message of received.splice(0)) {
          if (!message.id) continue;
          await forward(message);
          lastEventId = message.id;
          forwarded++;
        }
      }
    } finally {
      clearTimeout(idle);
      stop.signal.removeEventListener("abort", cut);
    }
  }

  async function forward(message: EventSourceMessage): Promise<void> {
    const body = message.data;
    const headers = {
      "content-type": "application/json",
      "user-agent": "enginery-listen",
      ...signatureHeaders([secret], message.id!, Math.floor(Date.now() / 1000), body),
    };
    const started = performance.now();
    let outcome: string;
    try {
      const answer = await fetch(forwardTo!, { method: "POST", headers, body, signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) });
      await answer.arrayBuffer();
      outcome = `[${answer.status}]`;
    } catch (error) {
      outcome = `[failed: ${reason(error)}]`;
    }
    const ms = Math.round(performance.now() - started);
    print(`${new Date().toISOString().slice(11, 19)}  --> ${message.event} [${message.id}]  <-- ${outcome} POST ${forwardTo} (${ms} ms)`);
  }
}

/** A stream the server refused: waiting helps with a full server or too many streams, nothing else. */
async function refusal(response: Response): Promise<never> {
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not a problem document: a proxy's page, say.
  }
  const failed = problem({ status: response.status, text, json } as Answer);
  if (response.status === 429 || response.status >= 500) throw failed;
  throw new Refused(failed.message);
}

function reason(error: unknown): string {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  return e.cause?.code ?? e.cause?.message ?? e.message;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}
