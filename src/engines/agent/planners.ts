import { offlinePlanner } from "./offline-planner.ts";
import { openAiPlanner } from "./openai-planner.ts";
import type { Planner } from "./turn.ts";

/** Which planner answers, from AGENT_* (src/config.ts). */
export type AgentSettings =
  | { provider: "offline"; maxSteps: number }
  | { provider: "openai"; baseUrl: string; apiKey: string | null; model: string; maxSteps: number; timeoutMs: number };

export const DEFAULT_AGENT: AgentSettings = { provider: "offline", maxSteps: 8 };

export function plannerFor(settings: AgentSettings): Planner {
  return settings.provider === "offline" ? offlinePlanner() : openAiPlanner(settings);
}
