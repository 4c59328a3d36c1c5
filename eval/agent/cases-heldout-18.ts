/*
 * The eighteenth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: a customer success manager before her calls ("my book",
 * "expansion opp", "QBR", "the champion") (twentythird-success), an office manager in Lisbon writing English as a
 * second language ("how much invoices are not paid", "the facture", "pass the deal to won", dates day-first, "1.500,00 €")
 * (twentythird-esl), and the one people-ops generalist of a 70-person company ("the req", "pass on", "bring her
 * onsite", context before the ask) (twentythird-people). Their blind figures are in docs/agent.md. Not in the default
 * set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-18.ts
 */
import type { Case } from "./judge.ts";
import { CASES as ESL } from "./heldout/twentythird-esl.ts";
import { CASES as PEOPLE } from "./heldout/twentythird-people.ts";
import { CASES as SUCCESS } from "./heldout/twentythird-success.ts";

export const CASES: Case[] = [...SUCCESS, ...ESL, ...PEOPLE];
