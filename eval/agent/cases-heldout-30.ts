/*
 * The thirtieth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: a finance analyst in São Paulo writing English with
 * Portuguese structures ("How much the client X still owes to us?", "register one invoice to the client", "fatura",
 * "vaga", "4.750,00") (thirtyfifth-brazilian), an oilfield-services office manager in Midland, Texas ("y'all got
 * anything from Wayne yet", "fixin' to bill Globex", "7 grand, net 30") (thirtyfifth-texan), and an accounts officer in
 * Lagos writing Nigerian business English ("Kindly revert", "on or before 30th", "as at date", "Abeg check if Wayne don
 * pay") (thirtyfifth-lagos). Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-30.ts
 */
import type { Case } from "./judge.ts";
import { CASES as BRAZILIAN } from "./heldout/thirtyfifth-brazilian.ts";
import { CASES as LAGOS } from "./heldout/thirtyfifth-lagos.ts";
import { CASES as TEXAN } from "./heldout/thirtyfifth-texan.ts";

export const CASES: Case[] = [...BRAZILIAN, ...TEXAN, ...LAGOS];
