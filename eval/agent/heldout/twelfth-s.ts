/*
 * Who asks: a recruiter and a hiring manager (talent-heavy: reqs, candidates,
 * their stages and ratings, hiring, rejecting, moving people along, opening
 * roles), plus the finance person who approves agency invoices and now and
 * then asks about receivables and the sales pipeline. They type fast, in lower
 * case, with typos and shorthand (req, AE, rn, pls, thru), call candidates by
 * first name only, and sometimes ask for two things in one message.
 */
import {
  about,
  approval,
  ask,
  asksBack,
  changed,
  count,
  created,
  enrolled,
  figure,
  is,
  money,
  names,
  noChange,
  says,
  type Case,
  type Check,
} from "../judge.ts";
import {
  candidatesOf,
  christmas,
  dueSums,
  endOfNamedMonth,
  fullName,
  inStage,
  jobNamed,
  names as personNames,
  numbers,
  overdue,
  pick,
  stageNamed,
  today,
  unpaid,
} from "../facts.ts";
import type { Candidate, Snapshot, World } from "../world.ts";

/* ---------- helpers of this set ---------- */

/** Either outcome is right: the change made, or the change waiting for approval. */
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

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
/** A candidate by first name (the set only uses first names no other candidate has). */
const cand = (w: World, first: string): Candidate => {
  const found = w.candidates.filter((c) => c.first_name.toLowerCase() === first.toLowerCase());
  if (found.length !== 1) throw new Error(`no single candidate named ${first} in the data`);
  return found[0]!;
};
const everyoneBut = (w: World, keep: Candidate[]) => personNames(w.candidates.filter((c) => !keep.includes(c)));
const invoiceNo = (w: World, number: string) => pick(w.invoices, (i) => i.number === number, `invoice ${number}`);
const near = (x: number): ReturnType<typeof is.where> => is.where(`${x.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - x) < 0.01);

export const CASES: Case[] = [
  /* ====================== talent: reads ====================== */
  about("talent", "read", "how many ppl do we have in the pipeline for the senior backend role", (w) => {
    const job = jobNamed(w, "Senior Backend");
    return {
      say: "how many ppl do we have in the pipeline for the senior backend role",
      expect: [count(candidatesOf(w, job.id).length, "candidates on the backend job")],
    };
  }),
  about("talent", "read", "who's at interview stage rn?", (w) => {
    const list = inStage(w, "interview");
    if (!list.length) throw new Error("no candidate in interview in the data");
    return { say: "who's at interview stage rn?", expect: [names(personNames(list), everyoneBut(w, list), 5)] };
  }),
  about("talent", "read", "product designer applicants rated 3 or higher", (w) => {
    const pd = candidatesOf(w, jobNamed(w, "Product Designer").id);
    const good = pd.filter((c) => (c.rating ?? 0) >= 3);
    if (!good.length) throw new Error("no designer candidate rated 3+");
    return {
      say: "which of the product desginer applicants did we rate 3 or higher?",
      expect: [names(personNames(good), personNames(pd.filter((c) => !good.includes(c))), 5)],
    };
  }),
  about("talent", "read", "what stage is <Katherine> at", (w) => {
    const k = cand(w, "Katherine");
    return { say: "hey what stage is katherine at atm", expect: [says(k.stage)] };
  }),
  about("talent", "read", "AE candidates we rejected", (w) => {
    const ae = candidatesOf(w, jobNamed(w, "Account Executive").id);
    const rejected = ae.filter((c) => c.stage === "rejected");
    return {
      say: "can u list the AE candidates we've rejected so far",
      expect: [names(personNames(rejected), personNames(ae.filter((c) => c.stage !== "rejected")), 5)],
    };
  }),
  about("talent", "read", "how many open reqs, which ones", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    return {
      say: "how many open reqs do we have at the moment? and which ones are they",
      expect: [
        count(open.length, "open jobs"),
        names(
          open.map((j) => j.title),
          w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
          5,
        ),
      ],
    };
  }),
  about("talent", "read", "candidates who came in through referrals", (w) => {
    const refs = w.candidates.filter((c) => (c.source ?? "").toLowerCase().includes("referral"));
    if (!refs.length) throw new Error("no referral candidates");
    return { say: "any candidates that came in thru referrals? names pls", expect: [names(personNames(refs), everyoneBut(w, refs), 10)] };
  }),
  about("talent", "read", "how did we rate <Ken>", (w) => {
    const k = cand(w, "Ken");
    if (k.rating === null) throw new Error("Ken has no rating");
    return { say: "what rating did ken thompson get from us?", expect: [count(k.rating, "rating")] };
  }),
  about("talent", "read", "who has an offer out", (w) => {
    const offers = inStage(w, "offer");
    if (!offers.length) throw new Error("no candidate at offer");
    return { say: "who've we got sitting at offer stage right now", expect: [names(personNames(offers), everyoneBut(w, offers), 5)] };
  }),

  /* ====================== talent: writes ====================== */
  about("talent", "write", "move <Radia> (screening) to interview", (w) => {
    const r = cand(w, "Radia");
    return { say: "radia did great on the phone screen, move her to interview", expect: [changed("candidate", r.id, { stage: "interview" }, fullName(r))] };
  }),
  about("talent", "write", "reject <Alan>", (w) => {
    const a = cand(w, "Alan");
    return { say: "pls reject alan for the backend job, not a fit unfortunately", expect: [changed("candidate", a.id, { stage: "rejected" }, fullName(a))] };
  }),
  about("talent", "write", "<Linus> accepted: hire him", (w) => {
    const l = cand(w, "Linus");
    return { say: "linus signed!! mark him as hired", expect: [changed("candidate", l.id, { stage: "hired" }, fullName(l))] };
  }),
  about("talent", "write", "change <Tim>'s rating to 4", (w) => {
    const t = cand(w, "Tim");
    return { say: "bump tim's rating up to a 4, the portfolio review went really well", expect: [changed("candidate", t.id, { rating: 4 }, fullName(t))] };
  }),
  about("talent", "write", "add Ada Lovelace to the AE job, referral", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: "new applicant for the account exec role - Ada Lovelace, ada.lovelace@example.com, she was a referal from our sales team",
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Ada"),
          last_name: is.text("Lovelace"),
          email: "ada.lovelace@example.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  ask("talent", "write", "open a new req: data analyst, analytics dept, remote, contract position", () => [
    created("job", {
      title: is.text("Data Analyst"),
      department: is.text("Analytics"),
      location: is.text("Remote"),
      employment_type: "contract",
      status: "open",
    }),
  ]),
  about("talent", "write", "close the Product Designer job", (w) => {
    const job = jobNamed(w, "Product Designer");
    return { say: "we're done hiring for the product designer role, can you close the job", expect: [changed("job", job.id, { status: "closed" }, job.title)] };
  }),
  about("talent", "write", "<Grace> to screening and rate her 3", (w) => {
    const g = cand(w, "Grace");
    return {
      say: "grace hopper -> screening pls, and give her a 3",
      expect: [changed("candidate", g.id, { stage: "screening", rating: 3 }, fullName(g))],
    };
  }),
  about("talent", "write", "<Ken> to screening and <Frances> hired", (w) => {
    const k = cand(w, "Ken");
    const f = cand(w, "Frances");
    return {
      say: "two things: move ken to screening, and frances accepted her offer so she's hired",
      expect: [changed("candidate", k.id, { stage: "screening" }, fullName(k)), changed("candidate", f.id, { stage: "hired" }, fullName(f))],
    };
  }),

  /* ====================== talent: should not act ====================== */
  ask("talent", "question", "can u move the designer candidate to the next round", () => [noChange()]),
  ask("talent", "question", "add a new applicant to the engineering job, rating 4", () => [noChange(), asksBack()]),

  /* ====================== finance ====================== */
  about("finance", "read", "how much is overdue, all in", (w) => {
    const late = w.invoices.filter(overdue);
    return { say: "whats the total overdue right now across all invoices", expect: [money(dueSums(late), "overdue total")] };
  }),
  about("finance", "read", "invoices more than 60 days late", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const others = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    return { say: "which invoices are more then 60 days late?", expect: [names(numbers(late), numbers(others), 10)] };
  }),
  about("finance", "read", "status of INV-37 and what's left on it", (w) => {
    const inv = invoiceNo(w, "INV-000037");
    return {
      say: "wats the status on INV-37 and how much is still left on it",
      expect: [says(inv.status), money({ [inv.currency]: inv.amount_due }, "amount due")],
    };
  }),
  about("finance", "read", "what's coming due between now and christmas", (w) => {
    const from = today(w);
    const xmas = christmas(w);
    const due = w.invoices.filter((i) => unpaid(i) && i.due_date >= from && i.due_date < xmas);
    const others = w.invoices.filter((i) => unpaid(i) && !due.includes(i));
    return { say: "which issued invoices fall due between today and xmas (not counting xmas day)?", expect: [names(numbers(due), numbers(others), 10)] };
  }),
  about("finance", "write", "record a 5,000 payment on INV-38", (w) => {
    const inv = invoiceNo(w, "INV-000038");
    return {
      say: "acme robotics sent another 5,000 against INV-38, can you record it",
      expect: [changed("invoice", inv.id, { amount_paid: near(inv.amount_paid + 5000) }, inv.number)],
    };
  }),
  about("finance", "write", "bill Northwind 3,200 EUR due end of January", (w) => ({
    say: "pls raise an invoice to northwind traders for 3,200 eur for the onboarding workshop, due jan 31",
    expect: [created("invoice", { client: is.text("Northwind Traders"), amount: 3200, currency: "EUR", due_date: endOfNamedMonth(w, 1) })],
  })),
  about("finance", "write", "finalize the Gringotts draft of 4,796.24", (w) => {
    const inv = pick(w.invoices, (i) => i.client === "Gringotts Holdings" && i.status === "draft" && i.amount === 4796.24, "Gringotts draft of 4796.24");
    return {
      say: "the gringotts draft for 4,796.24 is approved, go ahead and finalise it",
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "void INV-20", (w) => {
    const inv = invoiceNo(w, "INV-000020");
    return {
      say: "void inv-20 please, stark's implementation work got cancelled",
      expect: [either(changed("invoice", inv.id, { status: "void" }, inv.number), approval(/void/i, inv.id, inv.number))],
    };
  }),
  ask("finance", "question", "void the wayne invoice", () => [noChange()]),

  /* ====================== growth ====================== */
  about("growth", "read", "how many deals are still open", (w) => ({
    say: "quick one - how many deals do sales have open?",
    expect: [count(w.deals.filter((d) => d.status === "open").length, "open deals")],
  })),
  about("growth", "read", "which accounts have a deal in negotiation", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const inNeg = new Set(w.deals.filter((d) => d.status === "open" && d.stage_id === neg.id).map((d) => d.account_id));
    const accounts = w.accounts.filter((a) => inNeg.has(a.id));
    const others = w.accounts.filter((a) => !inNeg.has(a.id));
    return {
      say: "which companies are we in negotiation with at the moment?",
      expect: [
        names(
          accounts.map((a) => a.name),
          others.map((a) => a.name),
          10,
        ),
      ],
    };
  }),
  about("growth", "write", "move the Stark support upgrade deal to Negotiation", (w) => {
    const deal = pick(w.deals, (d) => d.name === "Stark Logistics: Support upgrade", "Stark support upgrade deal");
    const neg = stageNamed(w, "Negotiation");
    return { say: "stark's support upgrade deal is in negotiation now, pls update it", expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)] };
  }),
  ask("growth", "write", "add Priya Natarajan, head of talent at hooli, as a contact", () => [
    // As written blind, this also expected email "priya.natarajan@hooli.cloud", which the request never gives: an agent must not invent it.
    created("contact", { first_name: is.text("Priya"), last_name: is.text("Natarajan"), title: is.containing("talent") }),
  ]),
  about("growth", "write", "enroll James Novak in the new lead follow-up", (w) => {
    const seq = pick(w.sequences, (s) => s.name === "New lead follow-up", "sequence New lead follow-up");
    const james = pick(w.contacts, (c) => fullName(c) === "James Novak", "contact James Novak");
    return { say: "can you put james novak from stark into the new lead follow up sequence", expect: [enrolled(seq.id, james.id, "James Novak")] };
  }),
  ask("growth", "question", "mark the umbrella deal as won", () => [noChange()]),

  /* ====================== intelligence ====================== */
  about("intelligence", "read", "how much is 31-60 days late, per currency", (w) => {
    const buckets: Record<string, number> = {};
    for (const c of snap(w).finance.currencies) buckets[c.currency] = c.aging["31_60"] ?? 0;
    return { say: "how much of our receivables is sitting in the 31-60 days late bucket?", expect: [money(buckets, "31-60 days aging")] };
  }),
  about("intelligence", "figure", "win rate lately", (w) => ({
    say: "what's our win rate looking like over the last 90 days",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),
  about("intelligence", "figure", "hires in the last year and median time to hire", (w) => {
    const t = snap(w).talent;
    return {
      say: "for my hiring report: how many hires did we make in the last 12 months, and whats the median time to hire",
      expect: [figure(t.hires_last_365_days, "hires in the last year"), figure(t.median_days_to_hire, "median days to hire")],
    };
  }),
  about("intelligence", "figure", "weighted pipeline value", (w) => {
    const weighted: Record<string, number> = {};
    for (const t of snap(w).growth.pipeline.totals) weighted[t.currency] = t.weighted_value;
    return { say: "whats the weighted pipeline value these days?", expect: [money(weighted, "weighted pipeline")] };
  }),
  about("intelligence", "figure", "DSO in USD", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD figures in the snapshot");
    return { say: "what's our DSO on the usd side?", expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")] };
  }),
  about("intelligence", "figure", "candidates still active across all open roles", (w) => {
    const active = snap(w).talent.open_job_pipelines.reduce(
      (n, p) => n + ["applied", "screening", "interview", "offer"].reduce((m, s) => m + (p.candidates[s] ?? 0), 0),
      0,
    );
    return {
      say: "hiring funnel check - how many candidates are still active across all the open roles? dont count hired or rejected ppl",
      expect: [figure(active, "active candidates in the funnel")],
    };
  }),
  about("intelligence", "figure", "total receivables outstanding by currency", (w) => {
    const out: Record<string, number> = {};
    for (const c of snap(w).finance.currencies) out[c.currency] = c.outstanding;
    return { say: "total AR outstanding, broken out by currency pls", expect: [money(out, "outstanding receivables")] };
  }),
];
