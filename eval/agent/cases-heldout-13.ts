/*
 * The thirteenth round of blind sets, written outside the repository by people who never saw the planner's code
 * and run once before the planner was tuned to them: a revenue-operations analyst who types like a filter bar
 * ("status = overdue & amount_due > 10k", "sort by amount desc, top 5", KPI names) (eighteenth-analyst), a
 * customer-support lead relaying what customers and candidates say mid-call, context first, ticket numbers that
 * are not invoice numbers (eighteenth-support), and a head of people writing long, formal British English while
 * covering for finance and sales (eighteenth-formal). Their blind figures are in docs/agent.md.
 * Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-13.ts
 */
import type { Case } from "./judge.ts";
import { CASES as ANALYST } from "./heldout/eighteenth-analyst.ts";
import { CASES as FORMAL } from "./heldout/eighteenth-formal.ts";
import { CASES as SUPPORT } from "./heldout/eighteenth-support.ts";

export const CASES: Case[] = [...ANALYST, ...SUPPORT, ...FORMAL];
