/*
 * The twenty-eighth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: an operations manager in Mexico who mixes Spanish into
 * her English ("la factura de Initech, is it pagada?", "vencen de aquí al 12 de diciembre") (thirtythird-spanish),
 * an agency recruiter in staffing jargon ("reqs", "submittal", "dq", "offer out", "move sam -> offer / lmk")
 * (thirtythird-recruiter), and a Dutch finance lead writing direct, Dutch-flavoured English ("make the invoice of
 * Acme on paid", "the open posts", "offerte", "vacature", "€ 4.250,00") (thirtythird-dutch). Their blind figures
 * are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-28.ts
 */
import type { Case } from "./judge.ts";
import { CASES as SPANISH } from "./heldout/thirtythird-spanish.ts";
import { CASES as RECRUITER } from "./heldout/thirtythird-recruiter.ts";
import { CASES as DUTCH } from "./heldout/thirtythird-dutch.ts";

export const CASES: Case[] = [...SPANISH, ...RECRUITER, ...DUTCH];
