/*
 * The fourteenth round of blind sets, written outside the repository by people who never saw the planner's code
 * and run once before the planner was tuned to them: an operations coordinator writing international English
 * ("kindly do the needful", day-first dates, "EUR 12.500,00") (nineteenth-global), a sales director dictating to his
 * phone while driving, so transcripts with numbers spelt out, fillers, self-corrections and misheard names
 * (nineteenth-voice), and an account manager pasting signatures, forwarded emails, remittance advice, CRM rows and
 * Slack messages with a word or two of instruction (nineteenth-paste). Their blind figures are in docs/agent.md.
 * Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-14.ts
 */
import type { Case } from "./judge.ts";
import { CASES as GLOBAL } from "./heldout/nineteenth-global.ts";
import { CASES as PASTE } from "./heldout/nineteenth-paste.ts";
import { CASES as VOICE } from "./heldout/nineteenth-voice.ts";

export const CASES: Case[] = [...GLOBAL, ...VOICE, ...PASTE];
