/*
 * The twenty-fifth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: the manager of an events venue ("enquiries", "provisional
 * holds", "deposit and balance") (thirtieth-venue), a construction project manager typing between site visits ("bids",
 * "tenders", "valuations", "retention", "PO") (thirtieth-construction), and the office manager of a German engineering
 * consultancy writing English as a second language ("actual" for current, "until" for by, 15.01.2027, 2.500,00 EUR)
 * (thirtieth-german). Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-25.ts
 */
import type { Case } from "./judge.ts";
import { CASES as VENUE } from "./heldout/thirtieth-venue.ts";
import { CASES as CONSTRUCTION } from "./heldout/thirtieth-construction.ts";
import { CASES as GERMAN } from "./heldout/thirtieth-german.ts";

export const CASES: Case[] = [...VENUE, ...CONSTRUCTION, ...GERMAN];
