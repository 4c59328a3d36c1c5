/*
 * The twenty-second round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: the development director of a nonprofit who speaks of
 * donors, pledges, grants and the stewardship cadence (twentyseventh-nonprofit), a software engineer who types like a
 * programmer ("invoices where status=overdue", "set deal.stage = negotiation for ...", JSON-ish fragments)
 * (twentyseventh-techie), and the owner of a catering company typing between services ("tabs", "bookings", "comp it",
 * "86 that") (twentyseventh-catering). Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-22.ts
 */
import type { Case } from "./judge.ts";
import { CASES as NONPROFIT } from "./heldout/twentyseventh-nonprofit.ts";
import { CASES as TECHIE } from "./heldout/twentyseventh-techie.ts";
import { CASES as CATERING } from "./heldout/twentyseventh-catering.ts";

export const CASES: Case[] = [...NONPROFIT, ...TECHIE, ...CATERING];
