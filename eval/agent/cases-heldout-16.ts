/*
 * The sixteenth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: an account manager who owns existing customers, chatty and
 * with context before the ask (twentyfirst-accounts), an engineering hiring manager who also sits on the leadership
 * team ("req", "onsite", "pass on him") (twentyfirst-hiring), and a bookkeeper whose English is a second language
 * ("please to create invoice", "3.000 euro", "until the 15.12") (twentyfirst-bookkeeper).
 * Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-16.ts
 */
import type { Case } from "./judge.ts";
import { CASES as ACCOUNTS } from "./heldout/twentyfirst-accounts.ts";
import { CASES as BOOKKEEPER } from "./heldout/twentyfirst-bookkeeper.ts";
import { CASES as HIRING } from "./heldout/twentyfirst-hiring.ts";

export const CASES: Case[] = [...ACCOUNTS, ...HIRING, ...BOOKKEEPER];
