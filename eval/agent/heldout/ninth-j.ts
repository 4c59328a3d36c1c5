/*
 * ninth-j: a hiring manager / people-ops coordinator running the open roles,
 * and the CFO-founder asking for the numbers and now and then touching an
 * invoice. Written blind, from the harness, the docs and the demo data only.
 */
import { about, approval, ask, asksBack, changed, count, created, figure, is, money, names, noChange, says, unclear, type Case, type Check } from "../judge.ts";
import { candidatesOf, dueSums, endOfNamedMonth, fullName, jobNamed, ofClient, pick, shortNumber, unpaid, clientWithUnpaid, overdue } from "../facts.ts";
import type { Candidate, Invoice, Job, Snapshot, World } from "../world.ts";

/* ---------- helpers ---------- */

const ACTIVE = ["applied", "screening", "interview", "offer"];
const isActive = (c: Candidate) => ACTIVE.includes(c.stage);
const uniqueName = (w: World, c: Candidate) => w.candidates.filter((o) => fullName(o).toLowerCase() === fullName(c).toLowerCase()).length === 1;
const jobOf = (w: World, c: Candidate): Job => pick(w.jobs, (j) => j.id === c.job_id, "job of a candidate");
/** A candidate at this stage whose name designates one person. */
const candidateAt = (w: World, stage: string, more: (c: Candidate) => boolean = () => true) =>
  pick(w.candidates, (c) => c.stage === stage && uniqueName(w, c) && more(c), `candidate at ${stage}`);
const refs = (i: Invoice) => [i.id, i.number, shortNumber(i)];
const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

/** The snapshot (world.ts now types the aging and by-stage fields this set reads). */
type FullSnapshot = Snapshot;
function snap(w: World): FullSnapshot {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot as FullSnapshot;
}
const usd = (w: World) => pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD line of the snapshot");

/**
 * A payment of `amount` is recorded on the invoice, or the payment waits for
 * approval (recording money received may fairly be held for a yes).
 */
function paidOrProposed(inv: Invoice, amount: number): Check {
  let right = false;
  const want = Math.round((inv.amount_paid + amount) * 100) / 100;
  return {
    text: `a payment of ${amount.toFixed(2)} ${inv.currency} is recorded on ${inv.number} (amount_paid ${want}), or waits for approval`,
    expectsProposal: true,
    async judge({ proposals, api }) {
      const mine = proposals.filter((p) => /pay/i.test(p.tool) && refs(inv).some((r) => JSON.stringify(p.input).includes(r)));
      if (mine.length) return null;
      if (proposals.length) return `the approval waits for ${proposals.map((p) => `${p.tool} ${JSON.stringify(p.input)}`).join(", ")}`;
      const now = await api.call<Invoice>("GET", `/v1/invoices/${inv.id}`);
      if (now.status !== 200) return `invoice ${inv.number} answers ${now.status}`;
      right = Math.abs(now.body.amount_paid - want) < 0.005;
      return right ? null : `invoice ${inv.number}: amount_paid is ${now.body.amount_paid}, expected ${want}`;
    },
    allows: (event) => right && event.data.object.id === inv.id && event.type.startsWith("invoice."),
  };
}

/* ---------- talent: the hiring manager and people ops ---------- */

const TALENT: Case[] = [
  // writes
  ask("talent", "write", "got headcount approved for a Customer Success Manager 🎉 CS dept, based in London, full time. can you open the req?", () => [
    created("job", {
      title: is.text("Customer Success Manager"),
      department: is.where('"Customer Success" or "CS"', (v: unknown) => typeof v === "string" && (/customer success/i.test(v) || /^cs\b/i.test(v.trim()))),
      location: is.containing("London"),
      employment_type: "full_time",
      status: "open",
    }),
  ]),
  ask("talent", "write", "pls close out the account exec req, we're freezing sales hiring until Q1", (w) => [
    changed("job", jobNamed(w, "Account Executive").id, { status: "closed" }, "Account Executive"),
  ]),
  ask("talent", "write", "heads up the product designer role is going to be a contract gig now, not FT. can you update the posting", (w) => [
    changed("job", jobNamed(w, "Product Designer").id, { employment_type: "contract" }, "Product Designer"),
  ]),
  ask("talent", "write", "new applicant for the senior backend role: Ada Lovelace, ada@lovelace.dev — Linus referred her", (w) => [
    created("candidate", {
      job_id: jobNamed(w, "Senior Backend").id,
      first_name: is.text("Ada"),
      last_name: is.text("Lovelace"),
      email: is.text("ada@lovelace.dev"),
      source: is.containing("referr"),
      stage: "applied",
    }),
  ]),
  ask(
    "talent",
    "write",
    "can you add Hedy Lamarr to the product designer pipeline? hedy.lamarr@gmail.com, found her on LinkedIn. she's a 4 in my book",
    (w) => [
      created("candidate", {
        job_id: jobNamed(w, "Product Designer").id,
        first_name: is.text("Hedy"),
        last_name: is.text("Lamarr"),
        email: is.text("hedy.lamarr@gmail.com"),
        source: is.containing("linkedin"),
        rating: 4,
      }),
    ],
  ),
  about("talent", "write", "<a candidate in screening> did great on the phone screen, move them on to interviews and put them down as a 4", (w) => {
    const c = candidateAt(w, "screening", (x) => x.rating !== 4);
    return {
      say: `${fullName(c)} did great on the phone screen for ${jobOf(w, c).title.toLowerCase()}. move them on to interviews and put them down as a 4`,
      expect: [changed("candidate", c.id, { stage: "interview", rating: 4 }, fullName(c))],
    };
  }),
  about("talent", "write", "we're going to make <a candidate at interview> an offer, move them to offer stage", (w) => {
    const c = candidateAt(w, "interview");
    return {
      say: `debrief went well, we're going to make ${fullName(c)} an offer for the ${jobOf(w, c).title} role. can you move them to offer stage`,
      expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
    };
  }),
  about("talent", "write", "<a candidate at offer> signed!! mark them as hired", (w) => {
    const c = candidateAt(w, "offer");
    return {
      say: `${c.first_name} signed the offer letter this morning!! mark ${fullName(c)} as hired pls`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),
  about("talent", "write", "going to pass on <an applied candidate>, reject them", (w) => {
    const c = candidateAt(w, "applied");
    return {
      say: `going to pass on ${fullName(c)} for ${jobOf(w, c).title}, not the right fit. can you reject them`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "let's take another look at <a rejected candidate>, put them back in the applied pile", (w) => {
    const c = candidateAt(w, "rejected");
    return {
      say: `actually let's take another look at ${fullName(c)} — can you put them back in the applied pile for the ${jobOf(w, c).title.toLowerCase()} req?`,
      expect: [changed("candidate", c.id, { stage: "applied" }, fullName(c))],
    };
  }),
  about("talent", "write", "references for <an active candidate> came back lukewarm, knock their rating down to 2", (w) => {
    const c = pick(w.candidates, (x) => isActive(x) && uniqueName(w, x) && x.rating !== null && x.rating > 2, "active candidate rated above 2");
    return {
      say: `references for ${c.first_name.toLowerCase()} ${c.last_name.toLowerCase()} came back pretty lukewarm tbh. knock their rating down to a 2`,
      expect: [changed("candidate", c.id, { rating: 2 }, fullName(c))],
    };
  }),

  // reads
  ask("talent", "read", "who's sitting at offer stage right now?", (w) => {
    const at = w.candidates.filter((c) => c.stage === "offer").map(fullName);
    const rest = w.candidates.filter((c) => c.stage !== "offer").map(fullName);
    return [names(at, rest, at.length)];
  }),
  ask("talent", "read", "how many people total have we had come through the AE req? incl the ones we turned down", (w) => [
    count(candidatesOf(w, jobNamed(w, "Account Executive").id).length, "candidates for Account Executive"),
  ]),
  ask("talent", "read", "which applicants for account exec did we reject?", (w) => {
    const all = candidatesOf(w, jobNamed(w, "Account Executive").id);
    const rejected = all.filter((c) => c.stage === "rejected").map(fullName);
    const rest = w.candidates.filter((c) => !(c.job_id === jobNamed(w, "Account Executive").id && c.stage === "rejected")).map(fullName);
    return [names(rejected, rest, rejected.length)];
  }),
  ask("talent", "read", "who are our 4s and 5s that are still in the running? (not hired, not rejected)", (w) => {
    const top = w.candidates.filter((c) => isActive(c) && (c.rating ?? 0) >= 4).map(fullName);
    const rest = w.candidates.filter((c) => !(isActive(c) && (c.rating ?? 0) >= 4)).map(fullName);
    return [names(top, rest, top.length)];
  }),
  ask("talent", "read", "where's linus torvalds at in the process?", (w) => {
    const c = pick(w.candidates, (x) => fullName(x) === "Linus Torvalds", "candidate Linus Torvalds");
    return [says(c.stage)];
  }),
  ask("talent", "read", "quick one - how many of our candidates came in as referrals, across all the roles?", (w) => [
    count(w.candidates.filter((c) => /referr/i.test(c.source ?? "")).length, "referred candidates"),
  ]),

  // questions
  about("talent", "question", "move the backend eng candidate through to the next round", (w) => {
    const job = jobNamed(w, "Senior Backend");
    const inPlay = candidatesOf(w, job.id).filter((c) => ["applied", "screening", "interview", "offer"].includes(c.stage));
    if (inPlay.length < 2) throw new Error("fewer than two backend candidates in play");
    return { say: "move the backend eng candidate through to the next round", expect: [noChange(), asksBack()] };
  }),
  ask("talent", "question", "add a candidate for me: Sam Okoye, sam.okoye@proton.me, came in through a referral", () => [noChange(), asksBack()]),
  unclear("talent", "what's the salary band on the product designer req? candidate is asking before the next call"),
];

/* ---------- finance: the CFO touching an invoice ---------- */

const FINANCE: Case[] = [
  // writes
  ask("finance", "write", "bill Northwind Traders €12,400 for the Q1 platform subscription, due end of January", (w) => [
    created("invoice", { client: is.text("Northwind Traders"), amount: 12400, currency: "EUR", due_date: endOfNamedMonth(w, 1) }),
  ]),
  about("finance", "write", "<client> wired $2,000 toward <an overdue USD invoice>, log the payment", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 2000,
      "overdue USD invoice with nothing paid",
    );
    return {
      say: `${inv.client} wired $2,000 this morning against ${shortNumber(inv)} — can you log the payment`,
      expect: [paidOrProposed(inv, 2000)],
    };
  }),
  about("finance", "write", "void <an open invoice>, billed the wrong entity", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `void ${shortNumber(inv)} please, we billed the wrong entity. I'll reissue it next week`,
      expect: [approval(/void/i, ...refs(inv))],
    };
  }),
  about("finance", "write", "<a client whose one unpaid invoice is overdue> went into administration, write off what they owe", (w) => {
    const client = clientWithUnpaid(w, 1, overdue);
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "the client's unpaid invoice");
    return {
      say: `${client} went into administration. write off what they still owe us, not expecting to see it`,
      expect: [approval(/uncollectible|write/i, ...refs(inv))],
    };
  }),
  about("finance", "write", "the <client with one draft> draft should be <a new amount>, fix it", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && w.invoices.filter((o) => o.client === i.client && o.status === "draft").length === 1,
      "client with a single draft",
    );
    const amount = Math.ceil(inv.amount / 1000) * 1000 + 500;
    return {
      say: `the ${inv.client} draft invoice is wrong, it should be ${fmt(amount)} not ${fmt(inv.amount)}. can you fix it`,
      expect: [changed("invoice", inv.id, { amount }, inv.number)],
    };
  }),

  // reads
  ask("finance", "read", "what's outstanding from Stark Logistics right now?", (w) => [
    money(dueSums(ofClient(w, "Stark Logistics").filter(unpaid)), "outstanding from Stark Logistics"),
  ]),
  ask("finance", "read", "which invoice has been overdue the longest?", (w) => {
    const late = w.invoices.filter(overdue);
    const most = Math.max(...late.map((i) => i.days_overdue));
    if (!late.length) throw new Error("no overdue invoice");
    const oldest = late.filter((i) => i.days_overdue === most);
    return [
      names(
        oldest.flatMap((i) => [i.number, shortNumber(i)]),
        [],
        1,
      ),
    ];
  }),
  ask("finance", "read", "what's the biggest unpaid invoice we've got in euros?", (w) => {
    const eur = w.invoices.filter((i) => unpaid(i) && i.currency === "EUR");
    if (!eur.length) throw new Error("no unpaid EUR invoice");
    const top = Math.max(...eur.map((i) => i.amount_due));
    const biggest = eur.filter((i) => i.amount_due === top);
    return [
      names(
        biggest.flatMap((i) => [i.number, shortNumber(i)]),
        [],
        1,
      ),
      money({ EUR: top }, "largest unpaid EUR amount"),
    ];
  }),
  ask("finance", "read", "how many invoices are 60+ days past due? list them", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue >= 60);
    const rest = w.invoices.filter((i) => !(overdue(i) && i.days_overdue >= 60)).map((i) => i.number);
    return [
      count(late.length, "invoices 60+ days past due"),
      names(
        late.map((i) => i.number),
        rest,
        late.length,
      ),
    ];
  }),

  // question
  about("finance", "question", "go ahead and finalize the <a client with two drafts> draft", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && w.invoices.filter((o) => o.client === i.client && o.status === "draft").length >= 2,
      "client with two drafts",
    );
    return { say: `go ahead and finalize the ${inv.client} draft`, expect: [noChange(), asksBack()] };
  }),
];

/* ---------- intelligence: the CFO's numbers ---------- */

const INTELLIGENCE: Case[] = [
  // figures
  ask("intelligence", "figure", "what's our DSO on the USD side these days?", (w) => [figure(usd(w).days_sales_outstanding, "USD days sales outstanding")]),
  ask("intelligence", "figure", "total AR in dollars right now?", (w) => [money({ USD: usd(w).outstanding }, "USD outstanding")]),
  ask("intelligence", "figure", "how much is overdue at the moment? break it out by currency", (w) => [
    money(Object.fromEntries(snap(w).finance.currencies.map((c) => [c.currency, c.overdue])), "overdue per currency"),
  ]),
  ask("intelligence", "figure", "of the USD receivables, how much is sitting in the 61-90 days late bucket?", (w) => [
    money({ USD: usd(w).aging["61_90"] ?? 0 }, "USD aged 61-90 days"),
  ]),
  ask("intelligence", "figure", "win rate over the last 90 days?", (w) => [figure(snap(w).growth.last_90_days.win_rate, "win rate", "percent")]),
  ask("intelligence", "figure", "where's weighted pipeline at?", (w) => [
    money(Object.fromEntries(snap(w).growth.pipeline.totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline"),
  ]),
  ask("intelligence", "figure", "how long is it taking us to hire people? median days, over the past year", (w) => [
    figure(snap(w).talent.median_days_to_hire, "median days to hire"),
  ]),

  // reads
  ask("intelligence", "read", "how many reqs do we have open, and which ones?", (w) => {
    const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
    const closed = w.jobs.filter((j) => j.status !== "open").map((j) => j.title);
    return [count(snap(w).talent.open_jobs, "open jobs"), names(open, closed, open.length)];
  }),
  ask("intelligence", "read", "hiring funnel check — how many candidates are still active (not hired or rejected) across all our open roles?", (w) => [
    count(
      snap(w).talent.open_job_pipelines.reduce((n, p) => n + ACTIVE.reduce((m, s) => m + (p.candidates[s] ?? 0), 0), 0),
      "active candidates on open jobs",
    ),
  ]),
  ask("intelligence", "read", "how many deals are sitting in negotiation and what are they worth all in?", (w) => {
    const rows = snap(w).growth.pipeline.by_stage.filter((s) => s.stage_name === "Negotiation");
    if (!rows.length) throw new Error("no Negotiation stage in the snapshot");
    const sums: Record<string, number> = {};
    for (const r of rows) sums[r.currency] = Math.round(((sums[r.currency] ?? 0) + r.open_value) * 100) / 100;
    return [
      count(
        rows.reduce((n, r) => n + r.deal_count, 0),
        "deals in Negotiation",
      ),
      money(sums, "open value in Negotiation"),
    ];
  }),

  // questions
  unclear("intelligence", "what was our DSO this time last year? want to compare YoY for the board deck"),
  unclear("intelligence", "what's our cash runway at the current burn rate?"),
];

export const CASES: Case[] = [...TALENT, ...FINANCE, ...INTELLIGENCE];
