import http from "node:http";
import { createParser, type EventSourceMessage } from "eventsource-parser";

/**
 * A server-sent-events reader over fetch for the stream tests: it keeps every
 * message and comment, so a test can wait for some, cut the connection where
 * it wants and resume with the Last-Event-ID it chooses (EventSource itself
 * is exercised by the browser and `eventsource` tests).
 */
export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body when the answer was not a stream (a problem). */
  problem: any;
  messages: EventSourceMessage[];
  comments: string[];
  /** Waits until `count` messages have arrived in all. */
  waitForMessages(count: number, timeoutMs?: number): Promise<EventSourceMessage[]>;
  waitFor(what: string, condition: () => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Over node:http with a socket of its own (no pool): close() destroys it, and nothing lingers for the server's shutdown. */
export async function openStream(url: string, headers: Record<string, string>): Promise<SseConnection> {
  const request = http.get(url, { headers: { accept: "text/event-stream", ...headers }, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => request.on("response", resolve).on("error", reject));
  const messages: EventSourceMessage[] = [];
  const comments: string[] = [];
  let problem: any = null;
  let ended: Promise<void> = Promise.resolve();
  response.setEncoding("utf8");
  if (!String(response.headers["content-type"]).startsWith("text/event-stream")) {
    let body = "";
    for await (const chunk of response) body += chunk;
    problem = JSON.parse(body);
  } else {
    const parser = createParser({ onEvent: (m) => messages.push(m), onComment: (c) => comments.push(c.trim()) });
    response.on("data", (chunk: string) => parser.feed(chunk));
    ended = new Promise<void>((resolve) => response.on("close", () => resolve()));
  }
  const waitFor = async (what: string, condition: () => boolean, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; messages: ${messages.map((m) => `${m.id} ${m.event}`).join(", ")}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    problem,
    messages,
    comments,
    waitFor,
    async waitForMessages(count, timeoutMs) {
      await waitFor(`${count} messages`, () => messages.length >= count, timeoutMs);
      return messages.slice(0, count);
    },
    ended,
    close: () => request.destroy(),
  };
}
