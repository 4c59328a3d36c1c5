/*
 * Who asks: the one operations person at a 20-person startup, who does the invoicing, keeps the sales
 * pipeline tidy and runs hiring, all at once. They type quickly between other tasks: mostly lower case,
 * sometimes a full sentence, sometimes a fragment, shorthand (rn, pls, thru, ppl, 5k), the odd typo.
 * Spread evenly over finance, growth and talent, plus a few business figures from the snapshot.
 */
import {
  about,
  approval,
  ask,
  asksBack,
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
  unclear,
  unenrolled,
  type ApiEvent,
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  candidatesOf,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  today,
  unpaid,
  enrolledContacts,
  inStage,
} from "../facts.ts";
import type { Candidate, Contact, Invoice, Snapshot, World } from "../world.ts";

/* ---------- helpers of this set ---------- */

/** Either outcome is right (the change itself, or the same change waiting for approval). */
function either(a: Check, b: Check): Check {
  return {
    text: `${a.text}, or else ${b.text}`,
    async judge(turn) {
      // Both are judged, so that each one's allows() knows whether it held.
      const ra = await a.judge(turn);
      const rb = await b.judge(turn);
      return ra === null || rb === null ? null : `${ra}; and ${rb}`;
    },
    allows: (event: ApiEvent) => Boolean(a.allows?.(event) || b.allows?.(event)),
    expectsProposal: Boolean(a.expectsProposal || b.expectsProposal),
  };
}

const invoiceNumbered = (w: World, number: string): Invoice => pick(w.invoices, (i) => i.number === number, `invoice ${number}`);
const contactAt = (w: World, name: string, account: string): Contact => {
  const acc = accountNamed(w, account);
  return pick(w.contacts, (c) => fullName(c).toLowerCase() === name.toLowerCase() && c.account_id === acc.id, `contact ${name} at ${account}`);
};
const candidateNamed = (w: World, name: string): Candidate => pick(w.candidates, (c) => fullName(c).toLowerCase() === name.toLowerCase(), `candidate ${name}`);
const snapshot = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const followUp = (w: World) => pick(w.sequences, (s) => s.name.toLowerCase().includes("lead follow"), "sequence New lead follow-up");
const invoiceRefs = (i: Invoice) => [i.id, i.number, shortNumber(i)];

export const CASES: Case[] = [
  /* ================= finance: reads ================= */
  ask("finance", "read", "how much is overdue rn? total pls", (w) => [money(dueSums(w.invoices.filter(overdue)), "overdue total")]),

  about("finance", "read", "what does stark logistics still owe us, how many invoices", (w) => {
    const open = ofClient(w, "Stark Logistics").filter(unpaid);
    return {
      say: "what does stark logistics still owe us? how many invoices is that",
      expect: [count(open.length, "unpaid Stark Logistics invoices"), money(dueSums(open), "amount Stark Logistics owes")],
    };
  }),

  ask("finance", "read", "do we have drafts sitting there that never went out? how many", (w) => [
    count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices"),
  ]),

  about("finance", "read", "when is the umbrella health onboarding workshop invoice due", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.client === "Umbrella Health" && (i.description ?? "").toLowerCase().includes("onboarding workshop"),
      "Umbrella Health onboarding workshop invoice",
    );
    return { say: "whens the umbrella health invoice for the onboarding workshop due?", expect: [date(inv.due_date, "due date")] };
  }),

  about("finance", "read", "unpaid invoices under 5k", (w) => {
    const small = w.invoices.filter((i) => unpaid(i) && i.amount_due < 5000);
    const others = w.invoices.filter((i) => !unpaid(i) && i.amount < 5000);
    return {
      say: "which unpaid invoices are under 5k? the small stuff i can chase in one go",
      expect: [names(numbers(small), numbers(others), small.length)],
    };
  }),

  about("finance", "read", "did wayne ever pay INV-47", (w) => {
    const inv = invoiceNumbered(w, "INV-000047");
    const status = inv.status === "uncollectible" ? ["uncollectible", "written off", "write-off", "wrote off"] : [inv.status];
    return { say: "did wayne ever pay inv-47 or is it still out there", expect: [says(...status)] };
  }),

  /* ================= finance: writes ================= */
  about("finance", "write", "stark paid off the rest of INV-36", (w) => {
    const inv = invoiceNumbered(w, "INV-000036");
    return {
      say: "stark logistics paid off whats left on INV-36, can u mark it",
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),

  about("finance", "write", "5k from oscorp against INV-000008 (partial)", (w) => {
    const inv = invoiceNumbered(w, "INV-000008");
    const paid = Math.round((inv.amount_paid + 5000) * 100) / 100;
    return {
      say: "oscorp wired 5,000 usd today for INV-000008. only part of it, rest is still due",
      expect: [changed("invoice", inv.id, { amount_paid: paid, amount_due: Math.round((inv.amount - paid) * 100) / 100 }, inv.number)],
    };
  }),

  about("finance", "write", "new invoice: initech 4,500 usd, q1 retainer, due jan 31", (w) => ({
    say: "new invocie for initech - 4,500 usd for the q1 consulting retainer, due jan 31",
    expect: [created("invoice", { client: is.containing("Initech"), amount: 4500, currency: "USD", due_date: endOfNamedMonth(w, 1) })],
  })),

  about("finance", "write", "void INV-21 (acme)", (w) => {
    const inv = invoiceNumbered(w, "INV-000021");
    return {
      say: "acme says they never signed off on the consulting in INV-21, void it",
      expect: [either(changed("invoice", inv.id, { status: "void" }, inv.number), approval(/void/i, ...invoiceRefs(inv)))],
    };
  }),

  about("finance", "write", "finalize the initech draft INV-43", (w) => {
    const inv = invoiceNumbered(w, "INV-000043");
    return {
      say: "initech pipeline review invoice (inv-43) is good to go, finalize it so it goes out",
      expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),

  about("finance", "write", "write off pied piper's INV-3", (w) => {
    const inv = invoiceNumbered(w, "INV-000003");
    return {
      say: "pied piper went under, were never getting INV-3. write it off as uncollectable",
      expect: [either(changed("invoice", inv.id, { status: "uncollectible" }, inv.number), approval(/uncollect/i, ...invoiceRefs(inv)))],
    };
  }),

  /* ================= growth: reads ================= */
  about("growth", "read", "biggest open deal", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.amount !== null);
    const top = open.reduce((a, b) => ((b.amount ?? 0) > (a.amount ?? 0) ? b : a));
    const account = pick(w.accounts, (a) => a.id === top.account_id, "account of the biggest deal");
    return {
      say: "whats the biggest deal we still have open",
      expect: [names([account.name]), money({ [top.currency]: top.amount! }, "deal amount")],
    };
  }),

  about("growth", "read", "who do we know at hooli", (w) => {
    const hooli = accountNamed(w, "Hooli");
    const there = w.contacts.filter((c) => c.account_id === hooli.id).map(fullName);
    const elsewhere = w.contacts.filter((c) => c.account_id !== hooli.id).map(fullName);
    return { say: "who do we know at hooli", expect: [names(there, elsewhere, there.length)] };
  }),

  about("growth", "read", "open deals expected to close before end of year", (w) => {
    const yearEnd = `${today(w).slice(0, 4)}-12-31`;
    const closing = w.deals.filter((d) => d.status === "open" && d.expected_close_date !== null && d.expected_close_date <= yearEnd);
    return { say: "how many open deals are supposed to close before the end of the year", expect: [count(closing.length, "open deals closing this year")] };
  }),

  about("growth", "read", "who's enrolled in the new lead follow-up sequence", (w) => {
    const people = enrolledContacts(w, followUp(w).id).map(fullName);
    return { say: "who's currently in the new lead follow up sequence?", expect: [names(people, [], 4)] };
  }),

  about("growth", "read", "what stage is the tyrell platform rollout deal in", (w) => {
    const tyrell = accountNamed(w, "Tyrell");
    const deal = pick(dealsOf(w, tyrell.id), (d) => d.name.toLowerCase().includes("platform rollout"), "Tyrell platform rollout deal");
    return { say: "tyrell platform rollout - what stage is that at", expect: [says(stageOf(w, deal).name)] };
  }),

  /* ================= growth: writes ================= */
  about("growth", "write", "add contact priya nair at initech", (w) => {
    const initech = accountNamed(w, "Initech");
    return {
      say: "add a contact pls: priya nair, head of ops at initech, priya.nair@initech.io",
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Nair"),
          email: "priya.nair@initech.io",
          account_id: initech.id,
        }),
      ],
    };
  }),

  about("growth", "write", "move the stark support upgrade deal to negotiation", (w) => {
    const stark = accountNamed(w, "Stark");
    const deal = pick(dealsOf(w, stark.id), (d) => d.name.toLowerCase().includes("support upgrade") && d.status === "open", "Stark support upgrade deal");
    return {
      say: "stark support upgrade is in negotiation now, they came back on the proposal",
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),

  about("growth", "write", "hooli signed, data migration deal won", (w) => {
    const hooli = accountNamed(w, "Hooli");
    const deal = pick(dealsOf(w, hooli.id), (d) => d.name.toLowerCase().includes("data migration"), "Hooli data migration deal");
    return { say: "hooli signed!! mark the data migration deal as won", expect: [changed("deal", deal.id, { status: "won" }, deal.name)] };
  }),

  about("growth", "write", "enroll james novak (stark) in the new lead follow-up", (w) => {
    const james = contactAt(w, "James Novak", "Stark");
    return {
      say: "put james novak from stark into the new lead follow-up sequence",
      expect: [enrolled(followUp(w).id, james.id, "James Novak")],
    };
  }),

  about("growth", "write", "take ava chen at northwind out of the follow-up sequence", (w) => {
    const ava = contactAt(w, "Ava Chen", "Northwind");
    return {
      say: "ava chen at northwind called me back so take her out of the follow up emails",
      expect: [unenrolled(followUp(w).id, ava.id, "Ava Chen (Northwind)")],
    };
  }),

  /* ================= talent: reads ================= */
  about("talent", "read", "how many candidates for the senior backend engineer job", (w) => ({
    say: "how many ppl do we have in total for the senior backend engineer job",
    expect: [count(candidatesOf(w, jobNamed(w, "Backend").id).length, "candidates for Senior Backend Engineer")],
  })),

  about("talent", "read", "who's at offer stage", (w) => {
    const atOffer = inStage(w, "offer").map(fullName);
    const rest = w.candidates.filter((c) => c.stage !== "offer").map(fullName);
    return { say: "who's sitting at offer stage rn", expect: [names(atOffer, rest, atOffer.length)] };
  }),

  about("talent", "read", "candidates rated 5 still in the running", (w) => {
    const done = ["rejected", "hired"];
    const top = w.candidates.filter((c) => c.rating === 5 && !done.includes(c.stage)).map(fullName);
    const out = w.candidates.filter((c) => !(c.rating === 5 && !done.includes(c.stage))).map(fullName);
    return { say: "anyone rated 5 thats still in the running? (not rejected / not already hired)", expect: [names(top, out, top.length)] };
  }),

  about("talent", "read", "where is tim berners-lee in the process", (w) => {
    const tim = candidateNamed(w, "Tim Berners-Lee");
    return { say: "where's tim berners-lee at in the process", expect: [says(tim.stage)] };
  }),

  about("talent", "read", "candidates that came in through referrals", (w) => {
    const referred = w.candidates.filter((c) => (c.source ?? "").toLowerCase().includes("referral")).map(fullName);
    const rest = w.candidates.filter((c) => !(c.source ?? "").toLowerCase().includes("referral")).map(fullName);
    return { say: "which candidates came in thru referrals", expect: [names(referred, rest, referred.length)] };
  }),

  /* ================= talent: writes ================= */
  about("talent", "write", "linus torvalds accepted, mark him hired", (w) => {
    const linus = candidateNamed(w, "Linus Torvalds");
    return { say: "linus torvalds accepted the offer!! mark him hired", expect: [changed("candidate", linus.id, { stage: "hired" }, "Linus Torvalds")] };
  }),

  about("talent", "write", "reject alan turing for the backend role", (w) => {
    const alan = candidateNamed(w, "Alan Turing");
    return { say: "alan turing - not moving fwd for backend, reject pls", expect: [changed("candidate", alan.id, { stage: "rejected" }, "Alan Turing")] };
  }),

  about("talent", "write", "rate grace hopper 4", (w) => {
    const grace = candidateNamed(w, "Grace Hopper");
    return { say: "give grace hopper a 4, her take home was really solid", expect: [changed("candidate", grace.id, { rating: 4 }, "Grace Hopper")] };
  }),

  about("talent", "write", "add candidate maria garcia for the account executive job", (w) => {
    const ae = jobNamed(w, "Account Executive");
    return {
      say: "new applicant for the AE job: maria garcia, maria.garcia@gmail.com, found us on linkedin",
      expect: [
        created("candidate", {
          job_id: ae.id,
          first_name: is.text("Maria"),
          last_name: is.text("Garcia"),
          email: "maria.garcia@gmail.com",
          source: is.containing("linkedin"),
        }),
      ],
    };
  }),

  ask("talent", "write", "we need a customer success manager, remote, full time. can you open the job", () => [
    created("job", { title: is.text("Customer Success Manager"), location: is.containing("remote"), employment_type: "full_time" }),
  ]),

  /* ================= business figures (snapshot) ================= */
  ask("intelligence", "figure", "whats our win rate looking like lately", (w) => [
    figure(snapshot(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent"),
  ]),

  ask("intelligence", "figure", "total pipeline value? and the weighted number too", (w) => {
    const totals = snapshot(w).growth.pipeline.totals;
    return [
      money(Object.fromEntries(totals.map((t) => [t.currency, t.open_value])), "open pipeline value"),
      money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline value"),
    ];
  }),

  about("intelligence", "figure", "dso on the usd side", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD figures in the snapshot");
    return { say: "whats our dso for usd invoices", expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")] };
  }),

  ask("intelligence", "figure", "how much are we owed in total right now, all currencies", (w) => [
    money(Object.fromEntries(snapshot(w).finance.currencies.map((c) => [c.currency, c.outstanding])), "outstanding receivables"),
  ]),

  ask("intelligence", "figure", "how many hires have we made in the last 12 months", (w) => [
    figure(snapshot(w).talent.hires_last_365_days, "hires in the last year"),
  ]),

  about("intelligence", "figure", "USD overdue more than 60 days", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD figures in the snapshot");
    const old = Math.round(((usd.aging["61_90"] ?? 0) + (usd.aging["90_plus"] ?? 0)) * 100) / 100;
    return { say: "of the overdue usd money how much is more than 60 days late", expect: [money({ USD: old }, "USD overdue past 60 days")] };
  }),

  /* ================= should not act ================= */
  about("finance", "question", "mark the acme invoice paid (acme has more than one unpaid)", (w) => {
    const open = ofClient(w, "Acme").filter(unpaid);
    if (open.length < 2) throw new Error("Acme should have two or more unpaid invoices");
    return { say: "acme paid, mark the acme invoice paid", expect: [noChange(), asksBack()] };
  }),

  unclear("growth", "can u add the deal from the call this morning, 25k"),

  about("talent", "question", "reject the designer candidate (several are active)", (w) => {
    const active = candidatesOf(w, jobNamed(w, "Product Designer").id).filter((c) => !["hired", "rejected"].includes(c.stage));
    if (active.length < 2) throw new Error("Product Designer should have two or more active candidates");
    return { say: "reject the designer candidate, not a fit", expect: [noChange(), asksBack()] };
  }),

  about("growth", "question", "enroll ethan murphy in the follow-up (two contacts share the name)", (w) => {
    const ethans = w.contacts.filter((c) => fullName(c) === "Ethan Murphy");
    if (ethans.length < 2) throw new Error("two contacts named Ethan Murphy expected");
    return { say: "add ethan murphy to teh new lead follow up sequence", expect: [noChange(), asksBack()] };
  }),
];
