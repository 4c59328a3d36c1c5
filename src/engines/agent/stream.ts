import type { FastifyReply, FastifyRequest } from "fastify";
import type { ChatResponseApi } from "./agent-schemas.ts";
import type { TurnEvent } from "./turn.ts";

/** Placeholder until streaming lands: runs the turn and answers JSON. */
export async function streamTurn(
  _request: FastifyRequest,
  _reply: FastifyReply,
  run: (onEvent: (event: TurnEvent) => void) => Promise<ChatResponseApi>,
): Promise<ChatResponseApi> {
  return run(() => {});
}
