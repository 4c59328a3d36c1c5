/*
 * Who is asking: a startup founder and her RevOps lead, typing fast into the
 * chat during their Monday pipeline review. Comparisons ("which is bigger"),
 * forecasts and weighted figures, deals named loosely by account and topic,
 * updates dictated straight from the meeting, emoji and dashes, questions
 * phrased as statements, and finance / hiring asks in a founder's words.
 */
import { approval, ask, type Case, type Check, changed, count, created, enrolled, figure, is, money, names, noChange, says, unenrolled } from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  contactsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  inStage,
  jobNamed,
  month,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";
import type { Candidate, Deal, Invoice, Snapshot, World } from "../world.ts";

/* ---------- local helpers ---------- */

/** Either check may hold (a direct change, or a proposal waiting for approval); its allowed changes are either's. */
function either(a: Check, b: Check): Check {
  return {
    text: `${a.text} OR ${b.text}`,
    expectsProposal: Boolean(a.expectsProposal || b.expectsProposal),
    async judge(turn) {
      const ra = await a.judge(turn);
      const rb = await b.judge(turn);
      return ra === null || rb === null ? null : `${ra}; nor: ${rb}`;
    },
    allows: (event) => Boolean(a.allows?.(event)) || Boolean(b.allows?.(event)),
  };
}

/** The invoice no longer exists (deleted). */
function deletedInvoice(inv: Invoice): Check {
  let right = false;
  return {
    text: `invoice ${inv.number} is deleted`,
    async judge({ api }) {
      const now = await api.call<Record<string, unknown>>("GET", `/v1/invoices/${inv.id}`);
      right = now.status === 404 || now.status === 410;
      return right ? null : `invoice ${inv.number} still answers ${now.status}`;
    },
    allows: (event) => right && event.data.object.id === inv.id && event.type.startsWith("invoice."),
  };
}

/** The ways a request may name an invoice. */
const refs = (inv: Invoice) => [inv.id, inv.number, shortNumber(inv)];

const invoiceNumbered = (w: World, number: string) => pick(w.invoices, (i) => i.number === number, `invoice ${number}`);

/** An open deal of an account (by the start of its name) whose name holds this topic. */
const dealOf = (w: World, account: string, topic: string, open = true): Deal =>
  pick(
    w.deals,
    (d) => d.name.toLowerCase().startsWith(account.toLowerCase()) && d.name.toLowerCase().includes(topic.toLowerCase()) && (!open || d.status === "open"),
    `${open ? "open " : ""}deal ${account} / ${topic}`,
  );

const candidateNamed = (w: World, name: string): Candidate => pick(w.candidates, (c) => fullName(c).toLowerCase() === name.toLowerCase(), `candidate ${name}`);

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no intelligence snapshot");
  return w.snapshot;
};

const followUp = (w: World) => pick(w.sequences, (s) => s.name.toLowerCase().includes("follow"), "follow-up sequence");

/** The same day one calendar month later (clamped to the month's last day). */
function plusOneMonth(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/* ---------- the cases ---------- */

export const CASES: Case[] = [
  /* ===== finance ===== */

  ask("finance", "read", "are we getting paid by Initech or what 🙄 how much do they actually owe us rn", (w) => [
    money(dueSums(ofClient(w, "Initech").filter(unpaid)), "Initech's unpaid balance"),
  ]),

  ask("finance", "read", "need total overdue - split by currency pls", (w) => [money(dueSums(w.invoices.filter(overdue)), "overdue total")]),

  ask("finance", "read", "which is bigger — what Oscorp owes us or what Initech owes us?", (w) => [
    money(dueSums(ofClient(w, "Oscorp").filter(unpaid)), "Oscorp's unpaid balance"),
    money(dueSums(ofClient(w, "Initech").filter(unpaid)), "Initech's unpaid balance"),
  ]),

  ask("finance", "read", "which invoices we've actually sent out come due in the next 2 wks? (not the ones already late)", (w) => {
    const end = addDays(today(w), 14);
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
    return [names([...new Set(soon.map((i) => i.client))], [], 10), count(soon.length, "invoices")];
  }),

  ask("finance", "read", "biggest overdue invoice in USD — who is it and how much", (w) => {
    const usd = w.invoices.filter((i) => overdue(i) && i.currency === "USD");
    const top = usd.reduce((a, b) => (b.amount_due > a.amount_due ? b : a));
    return [names([top.client]), money({ USD: top.amount_due }, "its amount due")];
  }),

  ask("finance", "write", "Initech just wired 5k against INV-12 - log the payment", (w) => {
    const inv = invoiceNumbered(w, "INV-000012");
    return [either(changed("invoice", inv.id, { amount_paid: round2(inv.amount_paid + 5000) }, inv.number), approval(/pay/i, ...refs(inv)))];
  }),

  ask("finance", "write", "good news, Globex paid the £6,142.86 support plan invoice in full, mark it paid ✅", (w) => {
    const inv = pick(ofClient(w, "Globex"), (i) => unpaid(i) && i.currency === "GBP", "Globex GBP unpaid invoice");
    return [either(changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number), approval(/pay/i, ...refs(inv)))];
  }),

  ask(
    "finance",
    "write",
    "bill Umbrella Health $12,500 for the onboarding workshop, due end of next month — send it out, don't leave it sitting as a draft",
    (w) => [
      created("invoice", {
        client: is.containing("Umbrella"),
        amount: 12500,
        currency: "USD",
        due_date: month(w, 1)[1],
        status: "open",
      }),
    ],
  ),

  ask("finance", "write", "Oscorp's INV-10 is almost 3 months late and they've gone dark. write it off", (w) => {
    const inv = invoiceNumbered(w, "INV-000010");
    return [either(changed("invoice", inv.id, { status: "uncollectible" }, inv.number), approval(/uncollect|write.?off|writeoff/i, ...refs(inv)))];
  }),

  ask("finance", "write", "we double-billed Gringotts for the migration — scrap the smaller of their two drafts", (w) => {
    const drafts = ofClient(w, "Gringotts").filter((i) => i.status === "draft");
    if (drafts.length !== 2) throw new Error(`expected 2 Gringotts drafts, found ${drafts.length}`);
    const small = drafts.reduce((a, b) => (b.amount < a.amount ? b : a));
    return [either(deletedInvoice(small), approval(/delet|remov/i, ...refs(small)))];
  }),

  ask("finance", "write", "Hooli asked for more time on the euro invoice, push its due date out two weeks", (w) => {
    const inv = pick(ofClient(w, "Hooli"), (i) => unpaid(i) && i.currency === "EUR", "Hooli EUR unpaid invoice");
    return [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 14) }, inv.number)];
  }),

  ask("finance", "question", "Stark finally paid!! mark the Stark invoice as paid", () => [noChange()]),

  /* ===== growth ===== */

  ask("growth", "read", "which is bigger, the Umbrella expansion or Stark's support upgrade?", (w) => {
    const a = dealOf(w, "Umbrella", "Expansion");
    const b = dealOf(w, "Stark", "Support upgrade");
    return [
      money({ [a.currency]: a.amount ?? 0 }, "the Umbrella expansion's value"),
      money({ [b.currency]: b.amount ?? 0 }, "the Stark support upgrade's value"),
    ];
  }),

  ask("growth", "read", "anything stuck in proposal?", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const inProposal = open.filter((d) => stageOf(w, d).name === "Proposal");
    const accountName = (d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal account").name;
    const wanted = [...new Set(inProposal.map(accountName))];
    const others = [...new Set(open.map(accountName))].filter((n) => !wanted.includes(n));
    return [names(wanted, others, 10)];
  }),

  ask("growth", "read", "what's closing this month or next? names + amounts", (w) => {
    const [start] = month(w, 0);
    const [, end] = month(w, 1);
    const closing = w.deals.filter(
      (d) => d.status === "open" && d.expected_close_date !== null && d.expected_close_date >= start && d.expected_close_date <= end,
    );
    const accountName = (d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal account").name;
    const wanted = [...new Set(closing.map(accountName))];
    const others = [...new Set(w.deals.filter((d) => d.status === "open").map(accountName))].filter((n) => !wanted.includes(n));
    return [names(wanted, others, 10), count(closing.length, "deals")];
  }),

  ask("growth", "read", "need the number of open deals", (w) => [count(w.deals.filter((d) => d.status === "open").length, "open deals")]),

  ask("growth", "read", "who do we actually know at Stark? names + titles", (w) => {
    const people = contactsOf(w, accountNamed(w, "Stark").id);
    return [names(people.map(fullName), [], 10)];
  }),

  ask("growth", "write", "Globex verbally said yes 🎉 bump their deal to negotiation and make it 48k", (w) => {
    const deal = dealOf(w, "Globex", "");
    return [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id, amount: 48000 }, deal.name)];
  }),

  ask("growth", "write", "Hooli data migration just signed!!! mark it won 🥂", (w) => {
    const deal = dealOf(w, "Hooli", "Data migration");
    return [changed("deal", deal.id, { status: "won" }, deal.name)];
  }),

  ask("growth", "write", "new opp from this morning — Initech wants a data migration, ~35k, stick it in Qualified, should close end of Feb", (w) => [
    created("deal", {
      account_id: accountNamed(w, "Initech").id,
      amount: 35000,
      currency: "USD",
      stage_id: stageNamed(w, "Qualified").id,
      expected_close_date: endOfNamedMonth(w, 2),
    }),
  ]),

  ask("growth", "write", "Northwind keeps slipping... push the close date on their deal out a month", (w) => {
    const deal = dealOf(w, "Northwind", "");
    const d = deal.expected_close_date;
    if (!d) throw new Error("Northwind deal has no close date");
    return [changed("deal", deal.id, { expected_close_date: is.oneOf(plusOneMonth(d), addDays(d, 30), addDays(d, 31)) }, deal.name)];
  }),

  ask("growth", "write", "add Sofia from Initech to the new lead follow-up sequence pls", (w) => {
    const initech = accountNamed(w, "Initech");
    const sofia = pick(w.contacts, (c) => c.first_name === "Sofia" && c.account_id === initech.id, "Sofia at Initech");
    return [enrolled(followUp(w).id, sofia.id, "Sofia Kowalski (Initech)")];
  }),

  ask("growth", "write", "Mia at Globex asked us to stop emailing her — take her out of the follow-up sequence", (w) => {
    const globex = accountNamed(w, "Globex");
    const mia = pick(w.contacts, (c) => c.first_name === "Mia" && c.account_id === globex.id, "Mia at Globex");
    return [unenrolled(followUp(w).id, mia.id, "Mia Rossi (Globex)")];
  }),

  ask("growth", "question", "enroll Olivia Tanaka in the follow-up sequence", () => [noChange()]),

  /* ===== talent ===== */

  ask("talent", "read", "how many people are we interviewing for the design role rn", (w) => {
    const job = jobNamed(w, "Designer");
    const list = candidatesOf(w, job.id).filter((c) => c.stage === "interview");
    return [count(list.length, "candidates in interview"), names(list.map(fullName))];
  }),

  ask("talent", "read", "who's got an offer out right now?", (w) => [names(inStage(w, "offer").map(fullName), [], 10)]),

  ask("talent", "read", "highest rated candidate still in play for the backend role?", (w) => {
    const live = candidatesOf(w, jobNamed(w, "Backend").id).filter((c) => c.stage !== "hired" && c.stage !== "rejected" && c.rating !== null);
    const best = Math.max(...live.map((c) => c.rating ?? 0));
    const top = live.filter((c) => c.rating === best);
    if (top.length !== 1) throw new Error("no single top-rated backend candidate");
    return [names([fullName(top[0]!)])];
  }),

  ask("talent", "read", "AE search - who's still actually in the running?", (w) => {
    const list = candidatesOf(w, jobNamed(w, "Account Executive").id);
    const live = list.filter((c) => c.stage !== "hired" && c.stage !== "rejected");
    const out = list.filter((c) => c.stage === "rejected");
    return [names(live.map(fullName), out.map(fullName), 10)];
  }),

  ask("talent", "read", "Radia - remind me what role she's up for and where she is in the process", (w) => {
    const radia = candidateNamed(w, "Radia Perlman");
    const job = pick(w.jobs, (j) => j.id === radia.job_id, "Radia's job");
    return [says(job.title, job.title.split(" ").slice(-1)[0]!), says(radia.stage)];
  }),

  ask("talent", "write", "Katherine crushed the onsite 🔥 move her to offer", (w) => {
    const c = candidateNamed(w, "Katherine Johnson");
    return [changed("candidate", c.id, { stage: "offer" }, fullName(c))];
  }),

  ask("talent", "write", "Frances accepted!!! 🎉 mark her hired", (w) => {
    const c = candidateNamed(w, "Frances Allen");
    return [changed("candidate", c.id, { stage: "hired" }, fullName(c))];
  }),

  ask("talent", "write", "we're passing on Alan Turing for backend — not senior enough. reject him", (w) => {
    const c = candidateNamed(w, "Alan Turing");
    return [changed("candidate", c.id, { stage: "rejected" }, fullName(c))];
  }),

  ask("talent", "write", "Grace Hopper - bump her rating to a 4, the referral call went really well", (w) => {
    const c = candidateNamed(w, "Grace Hopper");
    return [changed("candidate", c.id, { rating: 4 }, fullName(c))];
  }),

  ask("talent", "write", "add a candidate for the designer role: Ada Lovelace, ada@lovelace.dev, came in via referral", (w) => [
    created("candidate", {
      job_id: jobNamed(w, "Designer").id,
      first_name: is.text("Ada"),
      last_name: is.text("Lovelace"),
      email: "ada@lovelace.dev",
      source: is.containing("referral"),
    }),
  ]),

  ask("talent", "write", "Margaret started so we're done w/ the AE search - close the req", (w) => {
    const job = jobNamed(w, "Account Executive");
    return [changed("job", job.id, { status: "closed" }, job.title)];
  }),

  ask("talent", "question", "bump the backend candidate to the next round", () => [noChange()]),

  /* ===== intelligence ===== */

  ask("intelligence", "figure", "weighted pipeline number for the board deck?", (w) => [
    money(Object.fromEntries(snap(w).growth.pipeline.totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline"),
  ]),

  ask("intelligence", "figure", "win rate over the last 90 days — are we getting better or what", (w) => [
    figure(snap(w).growth.last_90_days.win_rate, "win rate (last 90 days)", "percent"),
  ]),

  ask("intelligence", "figure", "negotiation vs proposal: how much open $$ is sitting in each stage?", (w) => {
    const by = snap(w).growth.pipeline.by_stage;
    const sumsFor = (stage: string) => Object.fromEntries(by.filter((s) => s.stage_name === stage).map((s) => [s.currency, s.open_value]));
    return [money(sumsFor("Negotiation"), "open value in Negotiation"), money(sumsFor("Proposal"), "open value in Proposal")];
  }),

  ask("intelligence", "figure", "what's our DSO on the USD side these days", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return [figure(usd.days_sales_outstanding, "USD days sales outstanding")];
  }),

  ask("intelligence", "figure", "how many ppl have we hired in the last 12 months?", (w) => [
    figure(snap(w).talent.hires_last_365_days, "hires in the last 365 days"),
  ]),

  ask("intelligence", "figure", "of the USD that's overdue, how much is under a month late?", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return [money({ USD: usd.aging["1_30"] ?? 0 }, "USD overdue aged 1-30 days")];
  }),
];
