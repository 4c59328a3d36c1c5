/*
 * Chinese words in an English request, as a team in Shenzhen or Shanghai types it ("USD 发票 overdue", "客户 Acme
 * still owe how much"), and amounts counted in ten-thousands ("USD 1w", "5万 USD"). Only the words of the trade are
 * read; a name written in Chinese is kept.
 */
import { type Phrase, translator } from "./translate.ts";

const MARKERS = /\p{Script=Han}/u;

const PHRASES: Phrase[] = [
  // "5万", "1.5万": ten thousands.
  [/(\d+(?:\.\d+)?)\s?万/g, (_, n: string) => String(Math.round(Number(n) * 10_000))],
];

const WORDS: Record<string, string> = {
  发票: "invoice",
  账单: "invoice",
  客户: "client",
  付款: "payment",
  收款: "payment",
  逾期: "overdue",
  未付: "unpaid",
  已付: "paid",
  合同: "contract",
  商机: "deal",
  联系人: "contact",
  候选人: "candidate",
  职位: "job",
  谢谢: "",
  请: "please",
};

/** The message with its Chinese trade words in English, when it has some; else as it was. */
export const fromChinese = translator({ markers: MARKERS, phrases: PHRASES, words: WORDS });
