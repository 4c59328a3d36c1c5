import { changed, count, noChange, type Case } from "./judge.ts";
import { overdue, pick } from "./facts.ts";

/*
 * A set of your own, as `npm run agent:eval -- --cases eval/agent/example-cases.ts`
 * runs it: a module whose CASES export is a Case[] written with judge.ts and
 * facts.ts (see cases.ts for every kind of check). Write the requests in your
 * team's words; each runs on a fresh demo organization.
 */
export const CASES: Case[] = [
  {
    label: "how many invoices are late right now",
    engine: "finance",
    kind: "read",
    plan: (w) => ({ say: "how many invoices are late right now", expect: [count(w.invoices.filter(overdue).length, "overdue invoices")] }),
  },
  {
    label: "<client> paid <an overdue invoice> in full",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, overdue, "overdue invoice");
      return { say: `${inv.client} paid ${inv.number} in full`, expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)] };
    },
  },
  { label: "void the invoice", engine: "finance", kind: "question", plan: () => ({ say: "void the invoice", expect: [noChange()] }) },
];
