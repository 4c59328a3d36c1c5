/*
 * The twelfth round of blind sets, written outside the repository by people who never saw the planner's code
 * and run once before the planner was tuned to them: a recruiting and sales-support coordinator who types as in
 * Slack, terse, lower case and abbreviated (seventeenth-slack), a COO running the Monday review in business
 * jargon, context first and two asks at once (seventeenth-coo), and an intern in her first week who names
 * things in everyday words, not the product's (seventeenth-intern). Their blind figures are in docs/agent.md.
 * Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-12.ts
 */
import type { Case } from "./judge.ts";
import { CASES as COO } from "./heldout/seventeenth-coo.ts";
import { CASES as INTERN } from "./heldout/seventeenth-intern.ts";
import { CASES as SLACK } from "./heldout/seventeenth-slack.ts";

export const CASES: Case[] = [...SLACK, ...COO, ...INTERN];
