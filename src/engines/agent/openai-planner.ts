import { ApiError } from "../../platform/errors.ts";
import { MAX_JSON_DEPTH, tooDeep } from "../../platform/validation.ts";
import { describe } from "./offline-planner.ts";
import type { Tool } from "./tools.ts";
import type { Planner, PlannerReply, PlannerTurn } from "./turn.ts";

/**
 * A planner backed by any OpenAI-compatible chat-completions server (OpenAI,
 * Ollama, vLLM, llama.cpp server, OpenRouter): the model is offered the tools
 * this key may use, its tool calls run through the same registry (validated,
 * authorized, recorded), and their results go back to it until it answers.
 *
 * The client is ours, on fetch: the protocol we use is one POST and its
 * Server-Sent Events, which fit in this file; the official SDK's current
 * major adds a dependency tree for features we do not use and tracks newer
 * Node releases than the Node 20 we support.
 */
export interface OpenAiOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** One provider request, connection to last byte. */
  timeoutMs: number;
  /** Model rounds per turn (each may call several tools). */
  maxSteps: number;
}

/** How many earlier messages the model sees: the conversation is never re-read in full. */
const HISTORY = 20;
/** A tool result longer than this is cut before it goes back to the model. */
const RESULT_CHARS = 20_000;

type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

interface Round {
  content: string;
  toolCalls: ToolCall[];
  tokens?: number;
}

const SYSTEM = [
  "You are the Enginery agent. You answer questions about, and act on, one organization's business data (finance, growth, talent) using the tools offered.",
  "Look records up with the list tools (q= searches by name) before acting; never invent ids. Ask a short question when a name matches several records or is missing.",
  "Some actions (deleting, voiding, writing off, bulk changes) wait for a person's approval: say so and stop. Say plainly when you cannot do something. Be brief.",
].join("\n");

function toolDefinition(tool: Tool) {
  // TypeBox schemas are JSON Schema; the round trip drops TypeBox's symbol keys.
  return { type: "function", function: { name: tool.name, description: tool.description, parameters: JSON.parse(JSON.stringify(tool.input)) } };
}

function providerFailed(detail: string): ApiError {
  return new ApiError("agent_provider_failed", detail);
}

/** The provider's own message from an error body, shortened: never the request (which holds the key). */
function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    const message = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (message) return String(message).slice(0, 300);
  } catch {
    // not JSON
  }
  return body.slice(0, 300);
}

/** Reads a chat-completions stream: content deltas as they come, tool calls assembled by index. */
async function readStream(response: Response, onText: (delta: string) => void): Promise<Round> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const calls: { id?: string; name?: string; arguments: string }[] = [];
  let content = "";
  let tokens: number | undefined;
  let buffer = "";
  const handle = (data: string): boolean => {
    if (data === "[DONE]") return true;
    let chunk: {
      error?: unknown;
      usage?: { total_tokens?: number } | null;
      choices?: { delta?: { content?: string | null; tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[] } }[];
    };
    try {
      chunk = JSON.parse(data);
    } catch {
      throw providerFailed("The model provider sent a stream chunk that is not JSON.");
    }
    if (chunk.error) throw providerFailed(`The model provider reported an error mid-stream: ${errorText(JSON.stringify(chunk))}`);
    if (typeof chunk.usage?.total_tokens === "number") tokens = chunk.usage.total_tokens;
    const delta = chunk.choices?.[0]?.delta;
    if (delta?.content) {
      content += delta.content;
      onText(delta.content);
    }
    for (const part of delta?.tool_calls ?? []) {
      const slot = (calls[part.index ?? calls.length] ??= { arguments: "" });
      if (part.id) slot.id = part.id;
      if (part.function?.name) slot.name = (slot.name ?? "") + part.function.name;
      if (part.function?.arguments) slot.arguments += part.function.arguments;
    }
    return false;
  };
  outer: for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
      const data = block
        .split(/\r?\n/)
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      if (data && handle(data)) break outer;
    }
  }
  return { content, tokens, toolCalls: checkCalls(calls) };
}

/** Every call of a round must be whole before any runs: a malformed one fails the turn, and none of its round acts. */
function checkCalls(calls: ({ id?: string; name?: string; arguments: string } | undefined)[]): ToolCall[] {
  return calls.map((call, i) => {
    if (!call?.id || !call.name) throw providerFailed(`The model sent a malformed tool call (number ${i + 1} has no id or name); nothing of it was run.`);
    try {
      // Nesting past the bodies' limit would overflow the walks over it (input cloning, validation), as a body's would.
      if (tooDeep(call.arguments) !== undefined) throw new Error("nested too deeply");
      const args = call.arguments.trim() === "" ? {} : JSON.parse(call.arguments);
      if (args === null || typeof args !== "object" || Array.isArray(args)) throw new Error("not an object");
    } catch {
      throw providerFailed(
        `The model sent malformed arguments for the tool ${call.name} (not a JSON object of at most ${MAX_JSON_DEPTH} levels); nothing of that step was run.`,
      );
    }
    return { id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } };
  });
}

async function complete(options: OpenAiOptions, messages: ChatMessage[], tools: Tool[], onText: (delta: string) => void): Promise<Round> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const body = {
    model: options.model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
    ...(tools.length > 0 ? { tools: tools.map(toolDefinition), tool_choice: "auto" } : {}),
  };
  try {
    const response = await fetch(`${options.baseUrl.replace(/\/+$/, "")}/chat/completions`, { method: "POST", headers, body: JSON.stringify(body), signal });
    if (!response.ok) {
      throw providerFailed(`The model provider answered ${response.status}: ${errorText(await response.text())}`);
    }
    if (!String(response.headers.get("content-type")).includes("text/event-stream")) {
      // A server that ignores stream: true answers one JSON completion.
      const json = (await response.json().catch(() => null)) as {
        choices?: { message?: { content?: string | null; tool_calls?: ToolCall[] } }[];
        usage?: { total_tokens?: number };
      } | null;
      const message = json?.choices?.[0]?.message;
      if (!message) throw providerFailed("The model provider's answer has no choices[0].message.");
      if (message.content) onText(message.content);
      const calls = (message.tool_calls ?? []).map((c) => ({
        id: c.id,
        name: c.function?.name,
        arguments: typeof c.function?.arguments === "string" ? c.function.arguments : "",
      }));
      return { content: message.content ?? "", toolCalls: checkCalls(calls), tokens: json?.usage?.total_tokens };
    }
    return await readStream(response, onText);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal.aborted) throw new ApiError("agent_provider_timeout", `The model provider did not answer within ${options.timeoutMs} ms.`);
    throw providerFailed(`The model provider could not be reached: ${(error as Error).message}`);
  }
}

function resultText(outcome: Awaited<ReturnType<PlannerTurn["tools"]["call"]>>): string {
  const payload =
    outcome.status === "completed"
      ? { status: "completed", result: outcome.result }
      : outcome.status === "approval_required"
        ? {
            status: "approval_required",
            reason: outcome.reason,
            approval_id: outcome.action.approval_id,
            note: "Waits for a person's approval. Tell the user; do not retry.",
          }
        : { status: "failed", error: outcome.error };
  const text = JSON.stringify(payload);
  return text.length > RESULT_CHARS ? `${text.slice(0, RESULT_CHARS)}… (cut)` : text;
}

export function openAiPlanner(options: OpenAiOptions): Planner {
  return {
    describe,
    async reply(turn): Promise<PlannerReply> {
      const history = await turn.recentMessages(HISTORY);
      const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }, ...history, { role: "user", content: turn.message }];
      let tokens: number | undefined;
      for (let step = 1; step <= options.maxSteps; step++) {
        const round = await complete(options, messages, [...turn.tools.available], (delta) => turn.text(delta));
        if (round.tokens !== undefined) tokens = (tokens ?? 0) + round.tokens;
        if (round.toolCalls.length === 0) return { content: round.content, steps: step, tokens };
        messages.push({ role: "assistant", content: round.content || null, tool_calls: round.toolCalls });
        let waiting = false;
        for (const call of round.toolCalls) {
          const outcome = await turn.tools.call(call.function.name, call.function.arguments.trim() === "" ? {} : JSON.parse(call.function.arguments));
          if (outcome.status === "approval_required") waiting = true;
          messages.push({ role: "tool", tool_call_id: call.id, content: resultText(outcome) });
        }
        if (waiting) {
          // The turn stops at an approval; the model words the answer with no further tools.
          const last = await complete(options, messages, [], (delta) => turn.text(delta));
          return { content: last.content, steps: step + 1, tokens: last.tokens !== undefined ? (tokens ?? 0) + last.tokens : tokens };
        }
      }
      const content = `I stopped after ${options.maxSteps} steps without finishing; ask again more narrowly.`;
      turn.text(content);
      return { content, steps: options.maxSteps, tokens };
    },
  };
}
