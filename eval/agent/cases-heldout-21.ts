/*
 * The twenty-first round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: an operations person who types the chat box like a search
 * box ("overdue invoices globex", "inv 23 status", "new contact: jane doe, jane@acme.com") (twentysixth-keywords), the
 * owner of an Australian electrical contracting business ("arvo", "chuck a job ad up", "who's still owing", "30/6")
 * (twentysixth-aussie), and a B2B growth marketer ("nurture", "drip", "MQL", "who's in the flow", "suppress")
 * (twentysixth-marketer). Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-21.ts
 */
import type { Case } from "./judge.ts";
import { CASES as KEYWORDS } from "./heldout/twentysixth-keywords.ts";
import { CASES as AUSSIE } from "./heldout/twentysixth-aussie.ts";
import { CASES as MARKETER } from "./heldout/twentysixth-marketer.ts";

export const CASES: Case[] = [...KEYWORDS, ...AUSSIE, ...MARKETER];
