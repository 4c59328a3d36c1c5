/*
 * The tenth round of blind sets, written outside the repository by people who never saw the planner's code
 * and run once before the planner was tuned to them: an agency's office manager who types fast and loose
 * (fifteenth-office), a sales development rep in CRM jargon who names people by email and companies by domain
 * (fifteenth-sdr), and a general manager asking whole questions and deciding in one line (fifteenth-gm). Their
 * blind figures are in docs/agent.md. (Round nine's sets were lost with the machine they were written on; only
 * their figures survive, in docs/agent.md.) Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-10.ts
 */
import type { Case } from "./judge.ts";
import { CASES as OFFICE } from "./heldout/fifteenth-office.ts";
import { CASES as SDR } from "./heldout/fifteenth-sdr.ts";
import { CASES as MANAGER } from "./heldout/fifteenth-gm.ts";

export const CASES: Case[] = [...OFFICE, ...SDR, ...MANAGER];
