/*
 * The seventh round of blind sets, written outside the repository by people who never saw the planner's code
 * and run once before the planner was tuned to them: the one operations person of a small company (twelfth-q),
 * a sales team writing as in Slack (twelfth-r), and a recruiter with her hiring manager (twelfth-s). Their blind
 * figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-7.ts
 */
import type { Case } from "./judge.ts";
import { CASES as OPERATIONS } from "./heldout/twelfth-q.ts";
import { CASES as SALES_CHAT } from "./heldout/twelfth-r.ts";
import { CASES as RECRUITING } from "./heldout/twelfth-s.ts";

export const CASES: Case[] = [...OPERATIONS, ...SALES_CHAT, ...RECRUITING];
