import type { TSchema } from "typebox";
import type { Api } from "../../platform/http.ts";
import { Action, Conversation, Message } from "./agent-schemas.ts";
import { registerAgentRoutes } from "./agent-routes.ts";
import { registerMcpRoute } from "./mcp.ts";
import type { AgentDeps } from "./turn.ts";

/** The agent engine's registration: its routes, and the schemas of the objects its events carry. */
export function registerAgent(app: Api, deps: AgentDeps): { eventObjects: Record<string, TSchema> } {
  registerAgentRoutes(app, deps);
  registerMcpRoute(app, deps);
  return { eventObjects: { conversation: Conversation, message: Message, action: Action } };
}
