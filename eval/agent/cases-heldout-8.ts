/*
 * The eighth round of blind sets, written outside the repository by people who never saw the planner's code
 * and run once before the planner was tuned to them: a founder typing on her phone (thirteenth-t), two
 * newcomers who do not know the product's words (thirteenth-u), and a head of finance preparing the board
 * pack (thirteenth-v). Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-8.ts
 */
import type { Case } from "./judge.ts";
import { CASES as FOUNDER } from "./heldout/thirteenth-t.ts";
import { CASES as NEWCOMERS } from "./heldout/thirteenth-u.ts";
import { CASES as BOARD_PACK } from "./heldout/thirteenth-v.ts";

export const CASES: Case[] = [...FOUNDER, ...NEWCOMERS, ...BOARD_PACK];
