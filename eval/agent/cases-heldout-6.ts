/*
 * The sixth round of blind sets, written outside the repository by people who never saw the planner's code
 * and run once before the planner was tuned to them: a customer-success manager and her AE (eleventh-n), an
 * executive assistant relaying the CEO's requests (eleventh-o), and people dictating by voice (eleventh-p).
 * Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-6.ts
 */
import type { Case } from "./judge.ts";
import { CASES as CUSTOMER_SUCCESS } from "./heldout/eleventh-n.ts";
import { CASES as ON_BEHALF } from "./heldout/eleventh-o.ts";
import { CASES as DICTATED } from "./heldout/eleventh-p.ts";

export const CASES: Case[] = [...CUSTOMER_SUCCESS, ...ON_BEHALF, ...DICTATED];
