/*
 * The eleventh round of blind sets, written outside the repository by people who never saw the planner's code
 * and run once before the planner was tuned to them: a part-time bookkeeper who writes polite British English
 * and pastes bank-statement lines and remittances (sixteenth-books), a founder dictating to a phone, fillers,
 * misheard names and corrections mid-sentence included (sixteenth-founder), and an operations coordinator
 * whose English is his second language (sixteenth-ops). Their blind figures are in docs/agent.md. Not in the
 * default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-11.ts
 */
import type { Case } from "./judge.ts";
import { CASES as BOOKS } from "./heldout/sixteenth-books.ts";
import { CASES as FOUNDER } from "./heldout/sixteenth-founder.ts";
import { CASES as OPS } from "./heldout/sixteenth-ops.ts";

export const CASES: Case[] = [...BOOKS, ...FOUNDER, ...OPS];
