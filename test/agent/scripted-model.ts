import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server that speaks the chat-completions protocol (streaming Server-Sent
 * Events, as OpenAI, Ollama, vLLM and llama.cpp do), answering from a script:
 * the other side of the agent's OpenAI-compatible client, over real HTTP.
 */
export type Script = (body: any, res: ServerResponse) => void | Promise<void>;

export function sse(res: ServerResponse, chunks: unknown[]): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const chunk of chunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  res.end("data: [DONE]\n\n");
}
export const delta = (d: Record<string, unknown>) => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  choices: [{ index: 0, delta: d, finish_reason: null }],
});
export const usage = (total: number) => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  choices: [],
  usage: { prompt_tokens: total - 5, completion_tokens: 5, total_tokens: total },
});

/** The model calls one tool; its arguments arrive in two pieces, as real servers send them. */
export const callTool =
  (name: string, args: unknown, id = "call_1"): Script =>
  (_body, res) => {
    const json = JSON.stringify(args);
    const half = Math.floor(json.length / 2);
    sse(res, [
      delta({ role: "assistant", content: null, tool_calls: [{ index: 0, id, type: "function", function: { name, arguments: json.slice(0, half) } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: json.slice(half) } }] }),
      usage(100),
    ]);
  };
export const say =
  (...parts: string[]): Script =>
  (_body, res) =>
    sse(res, [...parts.map((p) => delta({ content: p })), usage(50)]);

export interface ScriptedModel {
  /** The answers still to give, in order. */
  script: Script[];
  /** Every request the model server received. */
  received: { body: any; headers: IncomingMessage["headers"] }[];
  /** The base URL to configure (…/v1), once started. */
  baseUrl(): string;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function scriptedModel(): ScriptedModel {
  const script: Script[] = [];
  const received: ScriptedModel["received"] = [];
  const server = createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    const body = JSON.parse(text);
    received.push({ body, headers: req.headers });
    const next = script.shift();
    if (!next) {
      res.writeHead(500).end(JSON.stringify({ error: { message: "script ran out" } }));
      return;
    }
    await next(body, res);
  });
  return {
    script,
    received,
    baseUrl: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    start: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
