/*
 * Who asks: a sales manager and an SDR on the revenue team's Slack channel, plus the hiring
 * manager for the AE req who drops in on the same channel. They type like they do in Slack:
 * lower case, terse, abbreviations (opp, acct, pipe, q4, eom, seq, 5k / 40k for thousands,
 * rn, pls, thx), the odd emoji, question marks often left off, names half-typed.
 * Mostly growth (accounts, contacts, deals and stages, sequences and enrollments), some finance
 * (what a customer owes, invoices), pipeline figures from the snapshot, and a few talent asks.
 */
import {
  approval,
  asksBack,
  ask,
  changed,
  count,
  created,
  date,
  enrolled,
  figure,
  is,
  money,
  names,
  noChange,
  says,
  unenrolled,
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  addDays,
  contactsOf,
  dealsOf,
  dueSums,
  fullName,
  jobNamed,
  month,
  ofClient,
  overdue,
  pick,
  stageNamed,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";
import type { Snapshot, World } from "../world.ts";

/** Either check holds (a change done, or the same change waiting for approval). */
function either(a: Check, b: Check): Check {
  return {
    text: `${a.text}, or ${b.text}`,
    async judge(turn) {
      const first = await a.judge(turn);
      if (first === null) return null;
      const second = await b.judge(turn);
      return second === null ? null : `${first}; and ${second}`;
    },
    allows: (event) => Boolean(a.allows?.(event) || b.allows?.(event)),
    expectsProposal: Boolean(a.expectsProposal || b.expectsProposal),
  };
}

/** The draft invoice was deleted (a draft may be deleted rather than voided). */
function deletedInvoice(id: string, label: string): Check {
  return {
    text: `invoice ${label} is deleted`,
    async judge({ changes, api }) {
      const now = await api.call("GET", `/v1/invoices/${id}`);
      return now.status === 404 && changes.some((e) => e.type === "invoice.deleted" && e.data.object.id === id) ? null : `invoice ${label} still exists`;
    },
    allows: (event) => event.type === "invoice.deleted" && event.data.object.id === id,
  };
}

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const invoiceNo = (w: World, number: string) => pick(w.invoices, (i) => i.number === number, `invoice ${number}`);
const contactByEmail = (w: World, email: string) => pick(w.contacts, (c) => c.email === email, `contact ${email}`);
const dealNamed = (w: World, name: string) => pick(w.deals, (d) => d.name === name, `deal ${name}`);
const followUp = (w: World) => pick(w.sequences, (s) => s.name.toLowerCase() === "new lead follow-up", "sequence New lead follow-up");
const candidateNamed = (w: World, first: string, last: string) =>
  pick(w.candidates, (c) => c.first_name === first && c.last_name === last, `candidate ${first} ${last}`);
const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "";
const perCurrency = <T extends { currency: string }>(list: T[], value: (x: T) => number) => Object.fromEntries(list.map((x) => [x.currency, value(x)]));

export const CASES: Case[] = [
  /* ---------- reads: finance ---------- */
  ask("finance", "read", "what does stark owe us rn", (w) => [money(dueSums(ofClient(w, "Stark").filter(unpaid)), "amount Stark Logistics owes")]),
  ask("finance", "read", "hw much is wayne overdue by", (w) => [money(dueSums(ofClient(w, "Wayne").filter(overdue)), "overdue amount for Wayne Enterprises")]),
  ask("finance", "read", "when's hooli's euro invoice due", (w) => {
    const inv = pick(ofClient(w, "Hooli"), (i) => unpaid(i) && i.currency === "EUR", "unpaid EUR invoice of Hooli");
    return [date(inv.due_date, `due date of ${inv.number}`)];
  }),
  ask("finance", "read", "inv-46 whats the status on that one", () => [says("uncollectible", "written off", "write-off")]),
  ask("finance", "read", "which invoices r part paid, still smth left on them", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    return [
      names(
        part.map((i) => i.number),
        [],
        part.length,
      ),
    ];
  }),

  /* ---------- reads: growth ---------- */
  ask("growth", "read", "how many contacts we got at stark", (w) => [count(contactsOf(w, accountNamed(w, "Stark").id).length, "contacts at Stark Logistics")]),
  ask("growth", "read", "whos the cfo over at northwind", (w) => {
    const cfo = pick(contactsOf(w, accountNamed(w, "Northwind").id), (c) => /chief financial|cfo/i.test(c.title ?? ""), "Northwind CFO");
    return [names([fullName(cfo)])];
  }),
  ask("growth", "read", "list the opps sitting in negotiation", (w) => {
    const neg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    const others = w.deals.filter((d) => d.status === "open" && !neg.includes(d)).map((d) => accountName(w, d.account_id));
    return [
      count(neg.length, "deals in Negotiation"),
      names(
        neg.map((d) => accountName(w, d.account_id)),
        others,
        4,
      ),
    ];
  }),
  ask("growth", "read", "tyrell platform rollout - what stage is that opp at", (w) => [
    says(stageOf(w, dealNamed(w, "Tyrell Biotech: Platform rollout")).name),
  ]),
  ask("growth", "read", "who's currently in the new lead follow up seq", (w) => {
    const seq = followUp(w);
    const people = w.enrollments
      .filter((e) => e.sequence_id === seq.id && e.status === "active")
      .map((e) => fullName(pick(w.contacts, (c) => c.id === e.contact_id, "enrolled contact")));
    return [names(people, [], 4)];
  }),
  ask("growth", "read", "anything expected to close in the next 30 days?", (w) => {
    const end = addDays(today(w), 30);
    const open = w.deals.filter((d) => d.status === "open" && d.expected_close_date);
    const soon = open.filter((d) => d.expected_close_date! >= today(w) && d.expected_close_date! <= end);
    const later = open.filter((d) => !soon.includes(d)).map((d) => accountName(w, d.account_id));
    return [
      count(soon.length, "open deals closing within 30 days"),
      names(
        soon.map((d) => accountName(w, d.account_id)),
        later,
      ),
    ];
  }),
  ask("growth", "read", "biggest open opp we have rn?", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.amount !== null);
    const top = open.reduce((a, b) => (b.amount! > a.amount! ? b : a));
    return [money({ [top.currency]: top.amount! }, "amount of the biggest open deal"), says(accountName(w, top.account_id))];
  }),
  ask("growth", "read", "how many contacts r still just leads", (w) => [
    count(w.contacts.filter((c) => c.lifecycle_stage === "lead").length, "contacts at lead stage"),
  ]),

  /* ---------- reads: talent ---------- */
  ask("talent", "read", "how many candidates in total on the AE req", (w) => [
    count(w.candidates.filter((c) => c.job_id === jobNamed(w, "Account Executive").id).length, "candidates for Account Executive"),
  ]),
  ask("talent", "read", "who's at offer stage rn across all roles", (w) => [names(w.candidates.filter((c) => c.stage === "offer").map(fullName), [], 5)]),
  ask("talent", "read", "any of the backend eng candidates rated a 5", (w) => {
    const job = jobNamed(w, "Backend");
    const pool = w.candidates.filter((c) => c.job_id === job.id);
    return [names(pool.filter((c) => c.rating === 5).map(fullName), pool.filter((c) => c.rating !== 5).map(fullName), 5)];
  }),

  /* ---------- writes: growth ---------- */
  ask("growth", "write", "pls enroll james novak (stark) in new lead follow-up", (w) => {
    const james = contactByEmail(w, "james.novak@starklogistics.com");
    return [enrolled(followUp(w).id, james.id, "James Novak")];
  }),
  ask("growth", "write", "liam okafor @ northwind replied on linkedin, take him out of the follow up seq", (w) => {
    const liam = contactByEmail(w, "liam.okafor@northwind.co.uk");
    return [unenrolled(followUp(w).id, liam.id, "Liam Okafor (Northwind)")];
  }),
  ask("growth", "write", "pause the new lead follow-up seq, nobody's reading email over the holidays", (w) => {
    const seq = followUp(w);
    return [changed("sequence", seq.id, { status: "paused" }, seq.name)];
  }),
  ask("growth", "write", "stark support upgrade opp -> negotiation", (w) => {
    const deal = dealNamed(w, "Stark Logistics: Support upgrade");
    return [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)];
  }),
  ask("growth", "write", "hooli signed!! 🎉 mark the opp won", (w) => {
    const deal = pick(dealsOf(w, accountNamed(w, "Hooli").id), (d) => d.status === "open", "open Hooli deal");
    return [changed("deal", deal.id, { status: "won", stage_id: stageNamed(w, "Closed won").id }, deal.name)];
  }),
  ask("growth", "write", "globex pilot is dead, they went w a competitor. close it lost", (w) => {
    const deal = pick(w.deals, (d) => d.name === "Globex Corporation: Pilot project" && d.status === "open", "open Globex pilot deal");
    return [changed("deal", deal.id, { status: "lost", stage_id: stageNamed(w, "Closed lost").id }, deal.name)];
  }),
  ask("growth", "write", "new contact at globex: priya shah, vp ops, priya.shah@globex.com", (w) => [
    created("contact", {
      email: "priya.shah@globex.com",
      first_name: is.text("Priya"),
      last_name: is.text("Shah"),
      account_id: accountNamed(w, "Globex").id,
      title: is.where("a VP ops title", (t: string | null) => typeof t === "string" && /vp|vice/i.test(t) && /op/i.test(t)),
    }),
  ]),
  ask("growth", "write", "open a new opp on northwind, analytics add-on, 40k, should close end of next month", (w) => [
    created("deal", {
      account_id: accountNamed(w, "Northwind").id,
      amount: 40000,
      expected_close_date: month(w, 1)[1],
      name: is.containing("analytics"),
    }),
  ]),
  ask("growth", "write", "mia rossi at tyrell is qualified now, update her", (w) => {
    const mia = contactByEmail(w, "mia.rossi@tyrell-bio.com");
    return [changed("contact", mia.id, { lifecycle_stage: "qualified" }, "Mia Rossi (Tyrell)")];
  }),

  /* ---------- writes: finance ---------- */
  ask("finance", "write", "globex wired 5k against inv 6, log it", (w) => {
    const inv = invoiceNo(w, "INV-000006");
    return [
      changed(
        "invoice",
        inv.id,
        { amount_paid: Math.round((inv.amount_paid + 5000) * 100) / 100, amount_due: Math.round((inv.amount_due - 5000) * 100) / 100 },
        inv.number,
      ),
    ];
  }),
  ask("finance", "write", "kill the monarch draft invoice, deal fell thru", (w) => {
    const inv = pick(ofClient(w, "Monarch"), (i) => i.status === "draft", "Monarch draft invoice");
    return [
      either(
        either(changed("invoice", inv.id, { status: "void" }, inv.number), deletedInvoice(inv.id, inv.number)),
        approval(/void|delete|cancel/i, inv.id, inv.number),
      ),
    ];
  }),
  ask("finance", "write", "pied piper finally paid INV-3 in full 🙌", (w) => {
    const inv = invoiceNo(w, "INV-000003");
    return [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)];
  }),

  /* ---------- writes: talent ---------- */
  ask("talent", "write", "frances allen accepted! mark her hired", (w) => {
    const c = candidateNamed(w, "Frances", "Allen");
    return [changed("candidate", c.id, { stage: "hired" }, "Frances Allen")];
  }),
  ask("talent", "write", "not moving fwd w alan turing for backend, reject pls", (w) => {
    const c = candidateNamed(w, "Alan", "Turing");
    return [changed("candidate", c.id, { stage: "rejected" }, "Alan Turing")];
  }),
  ask("talent", "write", "ken thompson's 2nd call was meh, drop him to a 4", (w) => {
    const c = candidateNamed(w, "Ken", "Thompson");
    return [changed("candidate", c.id, { rating: 4 }, "Ken Thompson")];
  }),
  ask("talent", "write", "add sara lopez to the AE req, sara.lopez@gmail.com, referral from margaret", (w) => [
    created("candidate", {
      email: "sara.lopez@gmail.com",
      first_name: is.text("Sara"),
      last_name: is.text("Lopez"),
      job_id: jobNamed(w, "Account Executive").id,
      source: is.where("a referral source", (s: string | null) => typeof s === "string" && /refer|margaret/i.test(s)),
    }),
  ]),

  /* ---------- figures: the snapshot ---------- */
  ask("intelligence", "figure", "whats our win rate looking like last 90d", (w) => [
    figure(snap(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent"),
  ]),
  ask("intelligence", "figure", "total open pipe?", (w) => [
    money(
      perCurrency(snap(w).growth.pipeline.totals, (t) => t.open_value),
      "open pipeline value",
    ),
  ]),
  ask("intelligence", "figure", "and weighted pipe for q4 forecast call", (w) => [
    money(
      perCurrency(snap(w).growth.pipeline.totals, (t) => t.weighted_value),
      "weighted pipeline value",
    ),
  ]),
  ask("intelligence", "figure", "how much are customers owing us overall, all currencies", (w) => [
    money(
      perCurrency(snap(w).finance.currencies, (c) => c.outstanding),
      "outstanding receivables",
    ),
  ]),
  ask("intelligence", "figure", "whats our dso in usd", (w) => [
    figure(pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures").days_sales_outstanding, "USD days sales outstanding"),
  ]),
  ask("intelligence", "figure", "how many ppl did we hire in the last 12 mo", (w) => [figure(snap(w).talent.hires_last_365_days, "hires over the last year")]),

  /* ---------- should ask back, not act ---------- */
  ask("growth", "question", "move the pilot project opp to closed won", () => [noChange(), asksBack()]),
  ask("growth", "question", "throw olivia tanaka in the follow up seq", () => [noChange(), asksBack()]),
  ask("finance", "question", "log the payment from acme", () => [noChange()]),
  ask("talent", "question", "did alan turing's screen, update his rating", () => [noChange()]),
];
