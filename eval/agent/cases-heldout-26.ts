/*
 * The twenty-sixth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: an office administrator in Bengaluru writing Indian English
 * ("kindly do the needful", "mark the same as paid", "prepone", 1.5 lakh) (thirtyfirst-indian), the French co-founder
 * of a design studio ("actually" for currently, "the facture", "1 250,50 €", "le 31/01") (thirtyfirst-french), and
 * the sales and accounts manager of a wholesale parts distributor ("on stop", "60+ days", "book the order", misspelt
 * names) (thirtyfirst-wholesale). Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-26.ts
 */
import type { Case } from "./judge.ts";
import { CASES as INDIAN } from "./heldout/thirtyfirst-indian.ts";
import { CASES as FRENCH } from "./heldout/thirtyfirst-french.ts";
import { CASES as WHOLESALE } from "./heldout/thirtyfirst-wholesale.ts";

export const CASES: Case[] = [...INDIAN, ...FRENCH, ...WHOLESALE];
