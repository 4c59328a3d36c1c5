/*
 * The fifteenth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: a financial controller at month-end close, terse and in
 * accounting words ("aged debtors", "30+ days", "book it", "12,5k") (twentieth-controller), a recruiter typing on a
 * phone between interviews, in lower case with typos, abbreviations and emoji (twentieth-mobile), and a RevOps lead
 * whose requests carry conditions: comparisons, negations, superlatives, ranges and breakdowns (twentieth-revops).
 * Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-15.ts
 */
import type { Case } from "./judge.ts";
import { CASES as CONTROLLER } from "./heldout/twentieth-controller.ts";
import { CASES as MOBILE } from "./heldout/twentieth-mobile.ts";
import { CASES as REVOPS } from "./heldout/twentieth-revops.ts";

export const CASES: Case[] = [...CONTROLLER, ...MOBILE, ...REVOPS];
