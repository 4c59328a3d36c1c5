/*
 * The twenty-fourth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: a commercial property manager ("tenants", "lets", "rent",
 * "vacancies", misspelt names) (twentyninth-property), the practice manager of a physiotherapy group, polite and
 * hurried, two requests to a message (twentyninth-clinic), and a CFO on a phone late at night ("dso? usd", ">10k",
 * "l90d", "ccy") (twentyninth-cfo). Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-24.ts
 */
import type { Case } from "./judge.ts";
import { CASES as PROPERTY } from "./heldout/twentyninth-property.ts";
import { CASES as CLINIC } from "./heldout/twentyninth-clinic.ts";
import { CASES as CFO } from "./heldout/twentyninth-cfo.ts";

export const CASES: Case[] = [...PROPERTY, ...CLINIC, ...CFO];
