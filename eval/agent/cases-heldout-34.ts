/*
 * The thirty-fourth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: an operations and finance assistant at an Istanbul textile
 * exporter writing English with Turkish structures and words, some messages wholly Turkish ("fatura", "ödendi",
 * "vadesi geçmiş", "ay sonu", "15 Ocak", "12.500,00") (thirtyninth-turkish), a sales and HR officer at a Nairobi
 * logistics firm writing Kenyan English with Swahili and Sheng ("sasa", "tafadhali", "the client has not cleared",
 * "ni invoices ngapi hazijalipwa?") (thirtyninth-nairobi), and the office manager of a small Glasgow engineering
 * consultancy who does the books, the sales admin and the hiring, writing Scottish English ("aye", "wee", "the now",
 * "gonnae", "outwith", "3/2" for 3 February) (thirtyninth-glasgow). Their blind figures are in docs/agent.md. Not in
 * the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-34.ts
 */
import type { Case } from "./judge.ts";
import { CASES as GLASGOW } from "./heldout/thirtyninth-glasgow.ts";
import { CASES as NAIROBI } from "./heldout/thirtyninth-nairobi.ts";
import { CASES as TURKISH } from "./heldout/thirtyninth-turkish.ts";

export const CASES: Case[] = [...TURKISH, ...NAIROBI, ...GLASGOW];
