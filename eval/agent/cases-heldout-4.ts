/*
 * The fourth round of blind sets, written outside the repository by people who never saw the planner's code
 * and run once before the planner was tuned to them: an agency owner typing on a phone (ninth-h), an account
 * manager and an SDR who tell the story before the ask (ninth-i), and a hiring manager with the CFO (ninth-j).
 * Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-4.ts
 */
import type { Case } from "./judge.ts";
import { CASES as ON_THE_PHONE } from "./heldout/ninth-h.ts";
import { CASES as STORY_FIRST } from "./heldout/ninth-i.ts";
import { CASES as HIRING_AND_CFO } from "./heldout/ninth-j.ts";

export const CASES: Case[] = [...ON_THE_PHONE, ...STORY_FIRST, ...HIRING_AND_CFO];
