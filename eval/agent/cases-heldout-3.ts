/*
 * The third round of blind sets, written outside the repository by people who never saw the planner's code
 * and run once before the planner was tuned to them: a finance lead at month end (eighth-e), first-day users
 * who do not know the product's words (eighth-f), and a sales manager and a recruiter updating records between
 * meetings (eighth-g). Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-3.ts
 */
import type { Case } from "./judge.ts";
import { CASES as FINANCE_LEAD } from "./heldout/eighth-e.ts";
import { CASES as FIRST_DAY } from "./heldout/eighth-f.ts";
import { CASES as UPDATES } from "./heldout/eighth-g.ts";

export const CASES: Case[] = [...FINANCE_LEAD, ...FIRST_DAY, ...UPDATES];
