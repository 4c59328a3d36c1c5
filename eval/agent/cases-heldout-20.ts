/*
 * The twentieth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: an executive assistant relaying the CEO's requests
 * ("Mark asked me to...", a forwarded line, "before the board meeting Thursday") (twentyfifth-ea), an internal auditor
 * doing a quarterly review ("as at", "net of payments", "Item 3:", "I only want to look") (twentyfifth-auditor), and
 * the owner of a small British wholesale business ("chase them", "a fortnight", "the lad from Acme", "sorted")
 * (twentyfifth-uk). Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-20.ts
 */
import type { Case } from "./judge.ts";
import { CASES as EA } from "./heldout/twentyfifth-ea.ts";
import { CASES as AUDITOR } from "./heldout/twentyfifth-auditor.ts";
import { CASES as UK } from "./heldout/twentyfifth-uk.ts";

export const CASES: Case[] = [...EA, ...AUDITOR, ...UK];
