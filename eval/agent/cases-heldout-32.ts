/*
 * The thirty-second round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: a sales-operations and accounting manager in Seoul writing
 * Korean English ("Initech invoice, please check status", "pay until 15th", "확인 부탁드립니다") (thirtyseventh-korean),
 * a chief accountant in Tallinn writing Russian English ("how many invoices is not paid", "it is necessary to change
 * due date on 20.01", "2 000 EUR", "счёт") (thirtyseventh-russian), and an office administrator in Dubai ("kindly do
 * the needful", "mark the same as paid", "prepone", "1,500/-", "shukran") (thirtyseventh-dubai). Their blind figures
 * are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-32.ts
 */
import type { Case } from "./judge.ts";
import { CASES as DUBAI } from "./heldout/thirtyseventh-dubai.ts";
import { CASES as KOREAN } from "./heldout/thirtyseventh-korean.ts";
import { CASES as RUSSIAN } from "./heldout/thirtyseventh-russian.ts";

export const CASES: Case[] = [...KOREAN, ...RUSSIAN, ...DUBAI];
