/*
 * Who asks: the founder-CEO of a 20-person services firm, typing on her phone
 * between meetings. Short messages, autocorrect slips ("invoive", "Globe" for
 * Globex), dropped words, shorthand (AR, opp, q4, eow, asap, pmt, rn), the odd
 * ALL-CAPS for emphasis, amounts like "15k" and "1.2m". She cares about money
 * owed, cash collected, the big deals and, now and then, hiring, and she wants
 * the headline figures fast.
 */
import { approval, ask, asksBack, changed, count, created, enrolled, figure, is, money, names, noChange, says, date, type Case, type Check } from "../judge.ts";
import {
  accountNamed,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  candidatesOf,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  sums,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Deal, Invoice, World } from "../world.ts";

/* ---------- helpers ---------- */

function either(a: Check, b: Check): Check {
  return {
    text: `${a.text}, or ${b.text}`,
    async judge(turn) {
      const first = await a.judge(turn);
      if (first === null) return null;
      const second = await b.judge(turn);
      return second === null ? null : `${first}; nor: ${second}`;
    },
    allows: (event) => (a.allows?.(event) ?? false) || (b.allows?.(event) ?? false),
    expectsProposal: true,
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mentionsInvoice = (reply: string, i: Invoice) =>
  [i.number, shortNumber(i)].some((label) => new RegExp(`(?<![\\w-])${escapeRegExp(label)}(?![\\w-])`, "i").test(reply));

/** The reply names each of these invoices by number (INV-000007 or INV-7), and none of `others`. */
function invoiceRefs(wanted: Invoice[], others: Invoice[] = []): Check {
  const rest = others.filter((o) => !wanted.some((x) => x.id === o.id));
  return {
    text: wanted.length
      ? `the reply names ${wanted.map((i) => i.number).join(", ")}${
          rest.length
            ? ` and none of ${rest
                .slice(0, 4)
                .map((i) => i.number)
                .join(", ")}${rest.length > 4 ? ", ..." : ""}`
            : ""
        }`
      : "the reply says there are none",
    judge: ({ reply }) => {
      const wrong = rest.filter((i) => mentionsInvoice(reply, i));
      if (wrong.length)
        return `the reply names ${wrong
          .slice(0, 3)
          .map((i) => i.number)
          .join(", ")}, which the request excludes`;
      if (!wanted.length) return /\b(no|none|nothing|zero|0)\b/i.test(reply) ? null : "the reply does not say there are none";
      const missing = wanted.filter((i) => !mentionsInvoice(reply, i));
      return missing.length ? `missing from the reply: ${missing.map((i) => i.number).join(", ")}` : null;
    },
  };
}

const invoicesOf = (w: World, client: string) => ofClient(w, client);
const dealOf = (w: World, account: string, topic?: string): Deal => {
  const a = accountNamed(w, account);
  return pick(
    w.deals,
    (d) => d.account_id === a.id && (!topic || d.name.toLowerCase().includes(topic.toLowerCase())),
    `deal of ${account}${topic ? ` (${topic})` : ""}`,
  );
};
const accountLabel = (w: World, d: Deal) => w.accounts.find((a) => a.id === d.account_id)?.name ?? d.name;
const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
const dealSums = (list: Deal[]) => sums(list, (d: Deal) => d.amount ?? 0);
const candidateNamed = (w: World, name: string) => pick(w.candidates, (c) => fullName(c).toLowerCase() === name.toLowerCase(), `candidate ${name}`);
const round2 = (n: number) => Math.round(n * 100) / 100;

/* ---------- the cases ---------- */

export const CASES: Case[] = [
  /* ===== finance: reads ===== */
  ask("finance", "read", "whats total AR outstanding rn? split by currency pls", (w) => [money(dueSums(w.invoices.filter(unpaid)), "outstanding receivables")]),

  ask("finance", "read", "how many invoives r overdue right now", (w) => [count(w.invoices.filter(overdue).length, "overdue invoices")]),

  ask("finance", "read", "total overdue $ ? need it by currency", (w) => [money(dueSums(w.invoices.filter(overdue)), "overdue total")]),

  ask("finance", "read", "how much does Globe owe us all in", (w) => [money(dueSums(invoicesOf(w, "Globex").filter(unpaid)), "Globex's unpaid balance")]),

  ask("finance", "read", "list Starks overdue invoices w/ inv #s", (w) => {
    const stark = invoicesOf(w, "Stark");
    return [
      invoiceRefs(
        stark.filter(overdue),
        stark.filter((i) => !overdue(i)),
      ),
    ];
  }),

  ask("finance", "read", "which invoices r only partly paid? inv numbers pls", (w) => {
    const partly = w.invoices.filter((i) => i.amount_paid > 0 && i.amount_due > 0);
    return [
      invoiceRefs(
        partly,
        w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0),
      ),
    ];
  }),

  ask("finance", "read", "when is the open Northwind invoive due", (w) => {
    const inv = pick(invoicesOf(w, "Northwind"), unpaid, "unpaid Northwind invoice");
    return [date(inv.due_date, "due date")];
  }),

  ask("finance", "read", "anything over 60 days late?? need the inv #s, want it all chased by EOW", (w) => {
    const late = w.invoices.filter(overdue);
    return [
      invoiceRefs(
        late.filter((i) => i.days_overdue > 60),
        late.filter((i) => i.days_overdue < 60),
      ),
    ];
  }),

  ask("finance", "read", "how much cash have we actually collected to date across all invoices (incl partial pmts)? by currency", (w) => [
    money(
      sums(w.invoices, (i: Invoice) => i.amount_paid),
      "cash collected",
    ),
  ]),

  ask("finance", "read", "who owes us the most on a single overdue USD invoice and how much", (w) => {
    const usd = w.invoices.filter((i) => overdue(i) && i.currency === "USD").sort((a, b) => b.amount_due - a.amount_due);
    const top = usd[0];
    if (!top) throw new Error("no overdue USD invoice in the data");
    return [names([top.client]), money({ USD: top.amount_due }, "largest overdue USD balance")];
  }),

  /* ===== growth: reads ===== */
  ask("growth", "read", "whats total open pipe rn? are we anywhere near 1.2m", (w) => [money(dealSums(openDeals(w)), "open pipeline")]),

  ask("growth", "read", "top 3 open opps by size?", (w) => {
    const open = [...openDeals(w)].sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0));
    const top = open.slice(0, 3);
    const topAccounts = new Set(top.map((d) => accountLabel(w, d)));
    const others = [...new Set(open.slice(3).map((d) => accountLabel(w, d)))].filter((a) => !topAccounts.has(a));
    return [names([...topAccounts], others)];
  }),

  ask("growth", "read", "what stage is the Hooli deal at", (w) => {
    const a = accountNamed(w, "Hooli");
    const deals = w.deals.filter((d) => d.account_id === a.id);
    if (deals.length !== 1) throw new Error("Hooli does not have exactly one deal");
    return [says(stageOf(w, deals[0]!).name)];
  }),

  ask("growth", "read", "Umbrella pilot - when's it supposed to close", (w) => {
    const d = dealOf(w, "Umbrella", "pilot");
    if (!d.expected_close_date) throw new Error("the Umbrella pilot has no close date");
    return [date(d.expected_close_date, "expected close date")];
  }),

  ask("growth", "read", "list the deals in negotiation + total $", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const inNeg = openDeals(w).filter((d) => d.stage_id === neg.id);
    const wanted = [...new Set(inNeg.map((d) => accountLabel(w, d)))];
    const others = [
      ...new Set(
        openDeals(w)
          .filter((d) => d.stage_id !== neg.id)
          .map((d) => accountLabel(w, d)),
      ),
    ].filter((a) => !wanted.includes(a));
    return [names(wanted, others, wanted.length), money(dealSums(inNeg), "negotiation total")];
  }),

  ask("growth", "read", "total closed won to date? by currency", (w) => [money(dealSums(w.deals.filter((d) => d.status === "won")), "closed-won total")]),

  ask("growth", "read", "who are our contacts at Globe", (w) => {
    const globex = accountNamed(w, "Globex");
    const at = w.contacts.filter((c) => c.account_id === globex.id).map(fullName);
    const elsewhere = w.contacts.filter((c) => c.account_id !== globex.id).map(fullName);
    return [names(at, elsewhere, at.length)];
  }),

  /* ===== talent: reads ===== */
  ask("talent", "read", "how many ppl still in the running for the backend eng role", (w) => {
    const job = jobNamed(w, "Backend");
    return [count(candidatesOf(w, job.id).filter((c) => c.stage !== "hired" && c.stage !== "rejected").length, "candidates in process")];
  }),

  ask("talent", "read", "who has an offer out rn", (w) => {
    const offer = w.candidates.filter((c) => c.stage === "offer").map(fullName);
    return [names(offer, w.candidates.filter((c) => c.stage !== "offer").map(fullName), offer.length)];
  }),

  ask("talent", "read", "how many open reqs do we have", (w) => [count(w.jobs.filter((j) => j.status === "open").length, "open jobs")]),

  /* ===== intelligence: figures ===== */
  ask("intelligence", "figure", "win rate last 90 days?", (w) => [figure(w.snapshot?.growth.last_90_days.win_rate ?? null, "win rate", "percent")]),

  ask("intelligence", "figure", "whats our DSO on USD", (w) => [
    figure(w.snapshot?.finance.currencies.find((c) => c.currency === "USD")?.days_sales_outstanding ?? null, "USD days sales outstanding"),
  ]),

  ask("intelligence", "figure", "board call in 10 — gimme the headline #s: AR, overdue, pipeline, win rate", (w) => [
    money(dueSums(w.invoices.filter(unpaid)), "outstanding receivables"),
    money(dueSums(w.invoices.filter(overdue)), "overdue total"),
    money(dealSums(openDeals(w)), "open pipeline"),
    figure(w.snapshot?.growth.last_90_days.win_rate ?? null, "win rate", "percent"),
  ]),

  ask("intelligence", "figure", "how many hires in the last 12 mo", (w) => [
    count(w.snapshot?.talent.hires_last_365_days ?? w.candidates.filter((c) => c.stage === "hired").length, "hires"),
  ]),

  /* ===== finance: writes ===== */
  ask("finance", "write", "new invoive for Initech, 12.5k USD, q4 consulting retainer, due dec 31", (w) => [
    created("invoice", {
      client: is.containing("Initech"),
      amount: 12500,
      currency: "USD",
      due_date: endOfNamedMonth(w, 12),
      description: is.containing("retainer"),
    }),
  ]),

  ask("finance", "write", "Pied Piper finally paid in FULL, wire hit this am. mark it paid", (w) => {
    const inv = pick(invoicesOf(w, "Pied Piper"), unpaid, "unpaid Pied Piper invoice");
    if (invoicesOf(w, "Pied Piper").filter(unpaid).length !== 1) throw new Error("Pied Piper does not have exactly one unpaid invoice");
    return [either(changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number), approval(/pay|paid/i, inv.id, inv.number, shortNumber(inv)))];
  }),

  ask("finance", "write", "Acme sent 5k against the overdue onboarding invoice, log the pmt", (w) => {
    const acmeOverdue = invoicesOf(w, "Acme").filter(overdue);
    if (acmeOverdue.length !== 1) throw new Error("Acme does not have exactly one overdue invoice");
    const inv = acmeOverdue[0]!;
    return [
      either(
        changed("invoice", inv.id, { amount_paid: round2(inv.amount_paid + 5000), amount_due: round2(inv.amount_due - 5000) }, inv.number),
        approval(/pay/i, inv.id, inv.number, shortNumber(inv)),
      ),
    ];
  }),

  ask("finance", "write", "void the 4.8k Gringotts draft its a dupe", (w) => {
    const drafts = invoicesOf(w, "Gringotts").filter((i) => i.status === "draft" && Math.abs(i.amount - 4800) < 100);
    if (drafts.length !== 1) throw new Error("no single Gringotts draft of about 4.8k");
    const inv = drafts[0]!;
    return [either(changed("invoice", inv.id, { status: "void" }, inv.number), approval(/void/i, inv.id, inv.number, shortNumber(inv)))];
  }),

  /* ===== growth: writes ===== */
  ask("growth", "write", "WE WON NORTHWIND!!! mark the deal won", (w) => {
    const a = accountNamed(w, "Northwind");
    const deals = w.deals.filter((d) => d.account_id === a.id && d.status === "open");
    if (deals.length !== 1) throw new Error("Northwind does not have exactly one open deal");
    return [changed("deal", deals[0]!.id, { status: "won" }, deals[0]!.name)];
  }),

  ask("growth", "write", "Tyrell platform rollout is dead, they went w another vendor. mark it lost", (w) => {
    const d = dealOf(w, "Tyrell", "platform rollout");
    return [changed("deal", d.id, { status: "lost" }, d.name)];
  }),

  ask("growth", "write", "move Stark support upgrade to negotiation, call went great", (w) => {
    const d = dealOf(w, "Stark", "support upgrade");
    return [changed("deal", d.id, { stage_id: stageNamed(w, "Negotiation").id }, d.name)];
  }),

  ask("growth", "write", "Umbrella 50 seat deal is 65k now not 59k, update pls", (w) => {
    const d = dealOf(w, "Umbrella", "50 seats");
    return [changed("deal", d.id, { amount: 65000 }, d.name)];
  }),

  ask("growth", "write", "new opp: Globe platform expansion 120k, close end of q1", (w) => [
    created("deal", {
      account_id: accountNamed(w, "Globex").id,
      name: is.containing("expansion"),
      amount: 120000,
      expected_close_date: endOfNamedMonth(w, 3),
    }),
  ]),

  ask("growth", "write", "add Isla Haddad (Stark) to the new lead follow up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("new lead"), "new lead sequence");
    const stark = accountNamed(w, "Stark");
    const isla = pick(uniqueContacts(w), (c) => fullName(c) === "Isla Haddad" && c.account_id === stark.id, "Isla Haddad at Stark");
    return [enrolled(seq.id, isla.id, "Isla Haddad")];
  }),

  /* ===== talent: writes ===== */
  ask("talent", "write", "Frances Allen accepted!! mark her hired", (w) => {
    const c = candidateNamed(w, "Frances Allen");
    return [changed("candidate", c.id, { stage: "hired" }, "Frances Allen")];
  }),

  ask("talent", "write", "reject Alan Turing for the backend role, not a fit", (w) => {
    const c = candidateNamed(w, "Alan Turing");
    return [changed("candidate", c.id, { stage: "rejected" }, "Alan Turing")];
  }),

  ask("talent", "write", "Tim Berners-Lee crushed the interview, rate him 4 and move to offer", (w) => {
    const c = candidateNamed(w, "Tim Berners-Lee");
    return [changed("candidate", c.id, { rating: 4, stage: "offer" }, "Tim Berners-Lee")];
  }),

  ask("talent", "write", "AE role is filled, close the job", (w) => {
    const j = jobNamed(w, "Account Executive");
    return [changed("job", j.id, { status: "closed" }, j.title)];
  }),

  /* ===== must not change anything ===== */
  ask("finance", "question", "need an invoive out to Hooli asap", () => [noChange(), asksBack()]),

  ask("finance", "question", "mark the Stark invoice paid", (w) => {
    if (invoicesOf(w, "Stark").filter(unpaid).length < 2) throw new Error("Stark no longer has several unpaid invoices");
    return [noChange(), asksBack()];
  }),

  ask("finance", "question", "Globe paid us, log it", (w) => {
    if (invoicesOf(w, "Globex").filter(unpaid).length < 2) throw new Error("Globex no longer has several unpaid invoices");
    return [noChange(), asksBack()];
  }),

  ask("growth", "question", "move Olivia Tanaka to customer", (w) => {
    if (w.contacts.filter((c) => fullName(c) === "Olivia Tanaka").length < 2) throw new Error("Olivia Tanaka is no longer ambiguous");
    return [noChange(), asksBack()];
  }),
];
