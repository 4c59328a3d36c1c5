/*
 * The fifth round of blind sets, written outside the repository by people who never saw the planner's code
 * and run once before the planner was tuned to them: a bookkeeper and controller at month-end close (tenth-k),
 * a founder and her RevOps lead in a pipeline review (tenth-l), and a team writing English as a second
 * language (tenth-m). Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-5.ts
 */
import type { Case } from "./judge.ts";
import { CASES as MONTH_END } from "./heldout/tenth-k.ts";
import { CASES as PIPELINE_REVIEW } from "./heldout/tenth-l.ts";
import { CASES as SECOND_LANGUAGE } from "./heldout/tenth-m.ts";

export const CASES: Case[] = [...MONTH_END, ...PIPELINE_REVIEW, ...SECOND_LANGUAGE];
