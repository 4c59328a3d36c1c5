import {
  about,
  approval,
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
  unclear,
  unenrolled,
  type Case,
} from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  contactsOf,
  dealNames,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  fullName,
  inStage,
  jobNamed,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  sums,
  today,
  unpaid,
} from "../facts.ts";
import type { Candidate, Contact, Deal, Snapshot, World } from "../world.ts";

/*
 * seventh-d: sales reps and recruiters typing on a phone. Terse, lower case,
 * typos, abbreviations, the record first and the verb last now and then.
 * growth ~35%, talent ~35%, finance ~20%, business figures ~10%.
 */

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const openDealsOf = (w: World, account: string) => dealsOf(w, accountNamed(w, account).id).filter((d) => d.status === "open");
const dealOf = (w: World, account: string, topic: string): Deal =>
  pick(openDealsOf(w, account), (d) => dealTopic(d).toLowerCase() === topic.toLowerCase(), `open ${account} deal "${topic}"`);
const candidateNamed = (w: World, name: string): Candidate => pick(w.candidates, (c) => fullName(c).toLowerCase() === name.toLowerCase(), `candidate ${name}`);
const contactAt = (w: World, name: string, account: string): Contact => {
  const acc = accountNamed(w, account);
  return pick(w.contacts, (c) => fullName(c).toLowerCase() === name.toLowerCase() && c.account_id === acc.id, `contact ${name} at ${account}`);
};
const otherNames = <T extends { first_name: string; last_name: string }>(all: T[], wanted: T[]) => all.filter((x) => !wanted.includes(x)).map(fullName);
const theSequence = (w: World, text: string) => pick(w.sequences, (s) => s.name.toLowerCase().includes(text.toLowerCase()), `sequence ${text}`);

/* ---------------- growth ---------------- */

const growth: Case[] = [
  about("growth", "read", "how many opps sitting in negotiation rn", (w) => {
    const neg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    return { say: "how many opps sitting in negotiation rn", expect: [count(neg.length, "open deals in Negotiation")] };
  }),
  about("growth", "read", "total $ on open stark deals?", (w) => {
    const open = openDealsOf(w, "Stark");
    if (!open.length) throw new Error("no open Stark deal in the data");
    return {
      say: "total $ on open stark deals?",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open deal value for Stark Logistics",
        ),
      ],
    };
  }),
  about("growth", "read", "who do we kno at globex", (w) => {
    const people = contactsOf(w, accountNamed(w, "Globex").id);
    return { say: "who do we kno at globex", expect: [names(people.map(fullName), otherNames(w.contacts, people))] };
  }),
  about("growth", "read", "decision makers @ stark logistics?", (w) => {
    const all = contactsOf(w, accountNamed(w, "Stark").id);
    const dm = all.filter((c) => c.tags.includes("decision-maker"));
    if (!dm.length) throw new Error("no decision-maker at Stark in the data");
    return { say: "decision makers @ stark logistics?", expect: [names(dm.map(fullName), otherNames(all, dm))] };
  }),
  about("growth", "read", "wheres the hooli deal at stage wise", (w) => {
    const open = openDealsOf(w, "Hooli");
    if (open.length !== 1) throw new Error("Hooli does not have exactly one open deal");
    return { say: "wheres the hooli deal at stage wise", expect: [says(stageOf(w, open[0]!).name)] };
  }),
  about("growth", "read", "any opps closing in the next 30 days", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const limit = addDays(today(w), 30);
    const soon = open.filter((d) => d.expected_close_date !== null && d.expected_close_date >= today(w) && d.expected_close_date <= limit);
    return {
      say: "any opps closing in the next 30 days",
      expect: [names(dealNames(soon), dealNames(open.filter((d) => !soon.includes(d))))],
    };
  }),
  about("growth", "write", "<account> <deal topic> -> proposal (an open deal in Lead in/Qualified)", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    return {
      say: `${account.split(" ")[0]!.toLowerCase()} ${dealTopic(deal).toLowerCase()} -> proposal`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)],
    };
  }),
  about("growth", "write", "umbrella signed the pilot!! close it won", (w) => {
    const deal = dealOf(w, "Umbrella", "Pilot project");
    return {
      say: "umbrella signed the pilot!! close it won",
      expect: [changed("deal", deal.id, { status: "won", stage_id: stageNamed(w, "Closed won").id }, deal.name)],
    };
  }),
  about("growth", "write", "northwind went w/ a competitor, mark the opp lost", (w) => {
    const open = openDealsOf(w, "Northwind");
    if (open.length !== 1) throw new Error("Northwind does not have exactly one open deal");
    return {
      say: "northwind went w/ a competitor, mark the opp lost",
      expect: [changed("deal", open[0]!.id, { status: "lost", stage_id: stageNamed(w, "Closed lost").id }, open[0]!.name)],
    };
  }),
  about("growth", "write", "new opp for initech, data migration, 45k eur, expected close end of jan", (w) => ({
    say: "new opp for initech, data migration, 45k eur, expected close end of jan",
    expect: [
      created("deal", {
        name: is.containing("migration"),
        account_id: accountNamed(w, "Initech").id,
        amount: 45000,
        currency: "EUR",
        expected_close_date: endOfNamedMonth(w, 1),
      }),
    ],
  })),
  about("growth", "write", "add priya nair vp sales at hooli priya.nair@hooli.cloud, decision maker", (w) => ({
    say: "add priya nair vp sales at hooli priya.nair@hooli.cloud, decision maker",
    expect: [
      created("contact", {
        first_name: is.text("Priya"),
        last_name: is.text("Nair"),
        email: "priya.nair@hooli.cloud",
        account_id: accountNamed(w, "Hooli").id,
        title: is.where("a VP of sales title", (v: unknown) => typeof v === "string" && /\b(vp|vice president)\b.*\bsales\b/i.test(v)),
        tags: is.where("a decision-maker tag", (v: unknown) => Array.isArray(v) && v.some((t) => /decision[\s_-]?maker/i.test(String(t)))),
      }),
    ],
  })),
  about("growth", "write", "enroll leo andersen in new lead follow-up", (w) => {
    const seq = theSequence(w, "new lead follow-up");
    const leo = pick(w.contacts, (c) => fullName(c) === "Leo Andersen", "contact Leo Andersen");
    if (w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === leo.id && e.status === "active"))
      throw new Error("Leo Andersen already enrolled");
    return { say: "enroll leo andersen in new lead follow-up", expect: [enrolled(seq.id, leo.id, "Leo Andersen")] };
  }),
  about("growth", "write", "mia rossi at globex asked us to stop emailing her pls pull her from the sequence", (w) => {
    const seq = theSequence(w, "new lead follow-up");
    const mia = contactAt(w, "Mia Rossi", "Globex");
    if (!w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === mia.id && e.status === "active"))
      throw new Error("Mia Rossi (Globex) is not enrolled");
    return {
      say: "mia rossi at globex asked us to stop emailing her pls pull her from the sequence",
      expect: [unenrolled(seq.id, mia.id, "Mia Rossi (Globex)")],
    };
  }),
  about("growth", "write", "pause the follow up sequence till jan", (w) => {
    const seq = theSequence(w, "follow-up");
    if (seq.status !== "active") throw new Error("the follow-up sequence is not active");
    return { say: "pause the follow up sequence till jan", expect: [changed("sequence", seq.id, { status: "paused" }, seq.name)] };
  }),
  about("growth", "write", "globex pilot amt should be 40k not <its amount>k fix pls", (w) => {
    const deal = dealOf(w, "Globex", "Pilot project");
    const now = Math.round((deal.amount ?? 0) / 1000);
    return {
      say: `globex pilot amt should be 40k not ${now}k fix pls`,
      expect: [changed("deal", deal.id, { amount: 40000, stage_id: deal.stage_id, status: "open" }, deal.name)],
    };
  }),
  about("growth", "question", "deal's won, update crm", (w) => {
    if (w.deals.filter((d) => d.status === "open").length < 2) throw new Error("fewer than two open deals");
    return { say: "deal's won, update crm", expect: [noChange(), asksBack()] };
  }),
];

/* ---------------- talent ---------------- */

const talent: Case[] = [
  about("talent", "read", "backend engineer req, cand count?", (w) => {
    const job = jobNamed(w, "Senior Backend");
    return { say: "backend engineer req, cand count?", expect: [count(candidatesOf(w, job.id).length, "candidates for Senior Backend Engineer")] };
  }),
  about("talent", "read", "offers out rn - which cands", (w) => {
    const atOffer = inStage(w, "offer");
    return { say: "offers out rn - which cands", expect: [names(atOffer.map(fullName), otherNames(w.candidates, atOffer))] };
  }),
  about("talent", "read", "did ken thompson get screened yet", (w) => {
    const ken = candidateNamed(w, "Ken Thompson");
    return { say: "did ken thompson get screened yet", expect: [says(ken.stage)] };
  }),
  about("talent", "read", "open roles rn?", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    return { say: "open roles rn?", expect: [count(open.length, "open jobs"), names(open.map((j) => j.title))] };
  }),
  about("talent", "read", "list 5 star applicants still in play", (w) => {
    const five = w.candidates.filter((c) => c.rating === 5 && c.stage !== "rejected" && c.stage !== "hired");
    if (!five.length) throw new Error("no 5-star candidate still in play");
    return { say: "list 5 star applicants still in play", expect: [names(five.map(fullName), otherNames(w.candidates, five))] };
  }),
  about("talent", "read", "anyone interviewing for the designer role atm?", (w) => {
    const job = jobNamed(w, "Product Designer");
    const interviewing = candidatesOf(w, job.id).filter((c) => c.stage === "interview");
    return { say: "anyone interviewing for the designer role atm?", expect: [names(interviewing.map(fullName), otherNames(w.candidates, interviewing))] };
  }),
  about("talent", "write", "alan turing passed the screen, move him to interviews", (w) => {
    const c = candidateNamed(w, "Alan Turing");
    if (c.stage !== "screening") throw new Error("Alan Turing is not in screening");
    return { say: "alan turing passed the screen, move him to interviews", expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))] };
  }),
  about("talent", "write", "sending katherine johnson an offer today, update her stage", (w) => {
    const c = candidateNamed(w, "Katherine Johnson");
    if (c.stage !== "interview") throw new Error("Katherine Johnson is not at interview");
    return { say: "sending katherine johnson an offer today, update her stage", expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))] };
  }),
  about("talent", "write", "linus took the offer, hes hired", (w) => {
    const c = pick(w.candidates, (x) => x.first_name === "Linus" && x.stage === "offer", "Linus at offer");
    return { say: "linus took the offer, hes hired", expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))] };
  }),
  about("talent", "write", "radia perlman not a fit for design, reject pls", (w) => {
    const c = candidateNamed(w, "Radia Perlman");
    return { say: "radia perlman not a fit for design, reject pls", expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  about("talent", "write", "new cand for the AE role: jane doe, jane.doe@gmail.com, referral from mike", (w) => ({
    say: "new cand for the AE role: jane doe, jane.doe@gmail.com, referral from mike",
    expect: [
      created("candidate", {
        job_id: jobNamed(w, "Account Executive").id,
        first_name: is.text("Jane"),
        last_name: is.text("Doe"),
        email: "jane.doe@gmail.com",
        source: is.where("a referral source", (v: unknown) => typeof v === "string" && /referr/i.test(v)),
        stage: "applied",
      }),
    ],
  })),
  newReq("open a req for a customer success mgr in london, contract"),
  about("talent", "write", "product designer role filled, close the req", (w) => {
    const job = jobNamed(w, "Product Designer");
    return { say: "product designer role filled, close the req", expect: [changed("job", job.id, { status: "closed" }, job.title)] };
  }),
  about("talent", "write", "delete grace hopper's application, dupe", (w) => {
    const c = candidateNamed(w, "Grace Hopper");
    return { say: "delete grace hopper's application, dupe", expect: [approval(/delete/i, c.id, c.email)] };
  }),
  unclear("talent", "reject him"),
];

function newReq(say: string): Case {
  return about("talent", "write", say, () => ({
    say,
    expect: [
      created("job", {
        title: is.where('a title with "customer success"', (v: unknown) => typeof v === "string" && /customer success/i.test(v)),
        location: is.containing("london"),
        employment_type: "contract",
        status: "open",
      }),
    ],
  }));
}

/* ---------------- finance ---------------- */

const finance: Case[] = [
  about("finance", "read", "does globex still owe us anything", (w) => {
    const open = ofClient(w, "Globex").filter(unpaid);
    return { say: "does globex still owe us anything", expect: [money(dueSums(open), "amount Globex owes")] };
  }),
  about("finance", "read", "overdue invs for stark?", (w) => {
    const all = ofClient(w, "Stark");
    const late = all.filter(overdue);
    if (!late.length) throw new Error("no overdue Stark invoice");
    return { say: "overdue invs for stark?", expect: [names(numbers(late), numbers(all.filter((i) => !late.includes(i))))] };
  }),
  about("finance", "read", "<an overdue Pied Piper invoice, short number> status", (w) => {
    const inv = pick(ofClient(w, "Pied Piper"), overdue, "overdue Pied Piper invoice");
    return { say: `${shortNumber(inv).toLowerCase()} status`, expect: [says("overdue")] };
  }),
  about("finance", "read", "how much is hooli late on", (w) => {
    const late = ofClient(w, "Hooli").filter(overdue);
    if (!late.length) throw new Error("no overdue Hooli invoice");
    return { say: "how much is hooli late on", expect: [money(dueSums(late), "overdue for Hooli")] };
  }),
  about("finance", "read", "umbrella got any draft invoices? how many", (w) => {
    const drafts = ofClient(w, "Umbrella").filter((i) => i.status === "draft");
    return { say: "umbrella got any draft invoices? how many", expect: [count(drafts.length, "draft invoices for Umbrella Health")] };
  }),
  about("finance", "write", "<short number> paid, <client> wired it (a client's only unpaid, overdue invoice)", (w) => {
    const inv = pick(
      w.invoices,
      // Initech's invoice is the partial-payment case's; another client here.
      (i) => overdue(i) && i.amount_paid === 0 && !i.client.startsWith("Initech") && w.invoices.filter((o) => o.client === i.client && unpaid(o)).length === 1,
      "client (not Initech) whose only unpaid invoice is overdue",
    );
    return {
      say: `${shortNumber(inv)} paid, ${inv.client.split(" ")[0]!.toLowerCase()} wired it`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "got 5k from initech toward <its overdue invoice, short number>", (w) => {
    const inv = pick(ofClient(w, "Initech"), (i) => overdue(i) && i.amount_due > 5000, "overdue Initech invoice over 5k");
    return {
      say: `got 5k from initech toward inv ${shortNumber(inv).replace(/^INV-/, "")}`,
      expect: [
        changed(
          "invoice",
          inv.id,
          { amount_paid: Math.round((inv.amount_paid + 5000) * 100) / 100, amount_due: Math.round((inv.amount_due - 5000) * 100) / 100 },
          inv.number,
        ),
      ],
    };
  }),
  about("finance", "write", "blue sun cancelled the order, void their open invoice", (w) => {
    const open = ofClient(w, "Blue Sun").filter(unpaid);
    if (open.length !== 1) throw new Error("Blue Sun does not have exactly one unpaid invoice");
    return { say: "blue sun cancelled the order, void their open invoice", expect: [approval(/void/i, open[0]!.id, open[0]!.number)] };
  }),
];

/* ---------------- business figures ---------------- */

const intelligence: Case[] = [
  about("intelligence", "figure", "our win rate lately?", (w) => ({
    say: "our win rate lately?",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent")],
  })),
  about("intelligence", "figure", "weighted pipe number pls", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    return {
      say: "weighted pipe number pls",
      expect: [money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline")],
    };
  }),
  about("intelligence", "figure", "hires last 12 mo?", (w) => ({
    say: "hires last 12 mo?",
    expect: [figure(snap(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),
  about("intelligence", "figure", "dso on usd?", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return { say: "dso on usd?", expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")] };
  }),
];

export const CASES: Case[] = [...growth, ...talent, ...finance, ...intelligence];
