import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/connection.ts";
import { completeIdempotency } from "../../platform/idempotency/idempotency-hook.ts";
import { problemBody, toApiError } from "../../platform/problems.ts";
import type { ChatResponseApi, ChatStreamEventApi } from "./agent-schemas.ts";
import type { TurnEvent } from "./turn.ts";

/** A turn's event as it goes on the wire (ChatStreamEvent, as the document publishes it). */
function wireEvent(event: TurnEvent): ChatStreamEventApi {
  switch (event.type) {
    case "message.delta":
      return { event: event.type, data: { delta: event.delta } };
    case "action.started":
      return { event: event.type, data: { tool: event.tool, input: event.input } };
    default:
      return { event: event.type, data: event.action };
  }
}

/**
 * A turn as Server-Sent Events: `event: <type>` and `data: <JSON>` per event
 * (message.delta, action.started, action.completed, action.failed,
 * approval.required), then `done` with the same object the JSON answer has.
 * The stream opens with the first event, so a problem found before the turn
 * acts (an unknown conversation) is an ordinary problem response; one after
 * is an `error` event carrying the problem document. A client that goes away
 * does not stop the turn: its actions finish and are recorded. With an
 * Idempotency-Key, a retry replays the final object as JSON.
 */
export async function streamTurn(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (onEvent: (event: TurnEvent) => void) => Promise<ChatResponseApi>,
): Promise<FastifyReply> {
  const raw = reply.raw;
  let open = false;
  const send = ({ event, data }: ChatStreamEventApi) => {
    if (!open) {
      open = true;
      reply.hijack();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = String(value);
      raw.writeHead(200, { ...headers, "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "x-accel-buffering": "no" });
    }
    if (!raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  try {
    const result = await run((event) => send(wireEvent(event)));
    send({ event: "done", data: result });
    await completeIdempotency(db, request, 200, JSON.stringify(result));
  } catch (error) {
    if (!open) throw error;
    const problem = toApiError(error, request);
    if (problem.status >= 500) request.log.error({ err: error }, "agent turn failed mid-stream");
    send({ event: "error", data: problemBody(problem, request.id) });
    await completeIdempotency(db, request, problem.status, JSON.stringify(problemBody(problem, request.id)), "application/problem+json");
  }
  raw.end();
  return reply;
}
