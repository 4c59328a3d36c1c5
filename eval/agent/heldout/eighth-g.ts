import { about, changed, count, created, enrolled, figure, is, money, names, unclear, unenrolled, says, type Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  contactsOf,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  month,
  ofClient,
  overdue,
  pick,
  quarter,
  stageNamed,
  stageOf,
  stages,
  sums,
  today,
  unpaid,
} from "../facts.ts";
import type { Candidate, Contact, Deal, World } from "../world.ts";

/*
 * eighth-g: a sales manager and a recruiter updating records between
 * meetings. Mostly changes, some reads they need in order to act.
 */

/* ---------- helpers ---------- */

const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
const wonStage = (w: World) => pick(stages(w), (s) => s.kind === "won", "won stage");
const lostStage = (w: World) => pick(stages(w), (s) => s.kind === "lost", "lost stage");
const accountName = (w: World, d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal's account").name;
/** The account's only open deal (the account must have exactly one). */
function onlyOpenDeal(w: World, account: string): Deal {
  const acc = accountNamed(w, account);
  const open = dealsOf(w, acc.id).filter((d) => d.status === "open");
  if (open.length !== 1) throw new Error(`${acc.name} has ${open.length} open deals, expected 1`);
  return open[0]!;
}
/** An open deal of the account whose topic contains the text. */
const openDealOf = (w: World, account: string, topic: string, stage?: string) =>
  pick(
    dealsOf(w, accountNamed(w, account).id),
    (d) => d.status === "open" && d.name.toLowerCase().includes(topic.toLowerCase()) && (!stage || stageOf(w, d).name === stage),
    `open ${topic} deal of ${account}${stage ? ` in ${stage}` : ""}`,
  );
/** A contact by full name at an account (by the start of its name). */
const contactAt = (w: World, name: string, account: string): Contact =>
  pick(contactsOf(w, accountNamed(w, account).id), (c) => fullName(c).toLowerCase() === name.toLowerCase(), `contact ${name} at ${account}`);
/** A candidate by full name, in this stage. */
const candidate = (w: World, name: string, stage?: string): Candidate =>
  pick(
    w.candidates,
    (c) => fullName(c).toLowerCase() === name.toLowerCase() && (!stage || c.stage === stage),
    `candidate ${name}${stage ? ` in ${stage}` : ""}`,
  );
const digits = (tail: string) =>
  is.where(`a phone number ending in the digits ${tail}`, (v: unknown) => typeof v === "string" && v.replace(/\D/g, "").endsWith(tail));
const sequence = (w: World) => pick(w.sequences, (s) => /follow-up/i.test(s.name), "follow-up sequence");

export const CASES: Case[] = [
  /* ================= growth: writes ================= */

  about("growth", "write", "<hooli> - lost, budget", (w) => {
    const acc = accountNamed(w, "Hooli");
    const deal = onlyOpenDeal(w, "Hooli");
    return {
      say: `${acc.name.split(" ")[0]!.toLowerCase()} - lost, budget`,
      expect: [changed("deal", deal.id, { stage_id: lostStage(w).id, status: "lost" }, deal.name)],
    };
  }),

  about("growth", "write", "<Aperture Labs> signed yesterday (its only open deal is won)", (w) => {
    const acc = accountNamed(w, "Aperture");
    const deal = onlyOpenDeal(w, "Aperture");
    return {
      say: `${acc.name} signed yesterday, finally 🎉`,
      expect: [changed("deal", deal.id, { stage_id: wonStage(w).id, status: "won" }, deal.name)],
    };
  }),

  about("growth", "write", "Move the <Globex> pilot to Qualified", (w) => {
    const deal = openDealOf(w, "Globex", "pilot", "Lead in");
    return {
      say: `Move the ${accountName(w, deal).split(" ")[0]} pilot to Qualified please`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Qualified").id }, deal.name)],
    };
  }),

  about("growth", "write", "<stark> support upgrade -> negotiation", (w) => {
    const deal = openDealOf(w, "Stark", "support upgrade", "Proposal");
    return {
      say: `${accountName(w, deal).split(" ")[0]!.toLowerCase()} support upgrade -> negotiation`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),

  about("growth", "write", "Sent <Tyrell> the proposal this morning (its open deal goes to Proposal)", (w) => {
    const deal = onlyOpenDeal(w, "Tyrell");
    if (stageOf(w, deal).name !== "Qualified") throw new Error("Tyrell's open deal is not in Qualified");
    return {
      say: `Sent ${accountName(w, deal).split(" ")[0]} the proposal this morning, can you update their deal`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)],
    };
  }),

  about("growth", "write", "<Northwind> wants to sign by end of next month, update the close date", (w) => {
    const deal = onlyOpenDeal(w, "Northwind");
    return {
      say: `${accountName(w, deal)} wants to sign by the end of next month - update the close date on their deal`,
      expect: [changed("deal", deal.id, { expected_close_date: month(w, 1)[1] }, deal.name)],
    };
  }),

  about("growth", "write", "<Umbrella> expansion: amount 64k, closing end of quarter", (w) => {
    const deal = openDealOf(w, "Umbrella", "expansion");
    return {
      say: `${accountName(w, deal)} expansion deal - amount is 64k now and they want it closed by the end of the quarter`,
      expect: [changed("deal", deal.id, { amount: 64000, expected_close_date: quarter(w)[1] }, deal.name)],
    };
  }),

  about("growth", "write", "New deal for <Initech>: Analytics add-on, EUR 24,000, closes end of January, in Proposal", (w) => {
    const acc = accountNamed(w, "Initech");
    return {
      say: `New deal for ${acc.name}: "Analytics add-on", €24,000, expected to close end of January. Start it at Proposal.`,
      expect: [
        created("deal", {
          name: is.containing("Analytics add-on"),
          account_id: acc.id,
          amount: 24000,
          currency: "EUR",
          stage_id: stageNamed(w, "Proposal").id,
          expected_close_date: endOfNamedMonth(w, 1),
        }),
      ],
    };
  }),

  about("growth", "write", "<Isla Haddad> is VP Finance now, direct line +1 617 555 0142", (w) => {
    const c = contactAt(w, "Isla Haddad", "Stark");
    return {
      say: `${fullName(c)} got promoted to VP Finance. Her direct line is +1 617 555 0142 btw`,
      expect: [changed("contact", c.id, { title: is.text("VP Finance"), phone: digits("6175550142") }, fullName(c))],
    };
  }),

  about("growth", "write", "<james novak> (<stark>) -> qualified", (w) => {
    const c = contactAt(w, "James Novak", "Stark");
    if (c.lifecycle_stage === "qualified") throw new Error("James Novak is already qualified");
    return {
      say: `${fullName(c).toLowerCase()} (stark) is a qualified lead now`,
      expect: [changed("contact", c.id, { lifecycle_stage: "qualified" }, fullName(c))],
    };
  }),

  about("growth", "write", "Tag <Olivia Tanaka> at <Umbrella Health> as a champion", (w) => {
    const c = contactAt(w, "Olivia Tanaka", "Umbrella");
    const acc = accountNamed(w, "Umbrella");
    return {
      say: `Tag ${fullName(c)} at ${acc.name} as a champion`,
      expect: [changed("contact", c.id, { tags: is.including(...c.tags, "champion") }, `${fullName(c)} (${acc.name})`)],
    };
  }),

  about("growth", "write", "Put <Leo Andersen> into the follow-up sequence", (w) => {
    const c = contactAt(w, "Leo Andersen", "Stark");
    const seq = sequence(w);
    if (w.enrollments.some((e) => e.contact_id === c.id && e.sequence_id === seq.id && e.status === "active")) throw new Error("Leo already enrolled");
    return {
      say: `Put ${fullName(c)} into the follow-up sequence`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),

  about("growth", "write", "<Liam Okafor> at <Northwind> asked us to stop emailing, pull him from the sequence", (w) => {
    const c = contactAt(w, "Liam Okafor", "Northwind");
    const seq = sequence(w);
    pick(w.enrollments, (e) => e.contact_id === c.id && e.sequence_id === seq.id && e.status === "active", "Liam's active enrollment");
    return {
      say: `${fullName(c)} at Northwind asked us to stop emailing him. Pull him out of the sequence.`,
      expect: [unenrolled(seq.id, c.id, fullName(c))],
    };
  }),

  about("growth", "write", "New contact at <Hooli Cloud>: Priya Nair, Head of Finance, email, phone, lead", (w) => {
    const acc = accountNamed(w, "Hooli");
    return {
      say: `add a contact at ${acc.name} - Priya Nair, Head of Finance, priya.nair@${acc.domain}, 415-555-0199. she's a lead`,
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Nair"),
          email: `priya.nair@${acc.domain}`,
          title: is.text("Head of Finance"),
          phone: digits("4155550199"),
          account_id: acc.id,
          lifecycle_stage: "lead",
        }),
      ],
    };
  }),

  /* ================= growth: reads ================= */

  about("growth", "read", "which of my deals have no close date?", (w) => {
    const missing = openDeals(w).filter((d) => !d.expected_close_date);
    return {
      say: "which of my deals have no close date?",
      expect: [names(missing.map((d) => d.name))],
    };
  }),

  about("growth", "read", "what's supposed to close in the next two weeks?", (w) => {
    const end = addDays(today(w), 14);
    const soon = openDeals(w).filter((d) => d.expected_close_date && d.expected_close_date >= today(w) && d.expected_close_date <= end);
    const accounts = [...new Set(soon.map((d) => accountName(w, d)))];
    const others = [...new Set(openDeals(w).map((d) => accountName(w, d)))].filter((a) => !accounts.includes(a));
    return {
      say: "what's supposed to close in the next two weeks?",
      expect: [count(soon.length, "deals"), names(accounts, others)],
    };
  }),

  about("growth", "read", "what's sitting in negotiation right now and what's it worth in total", (w) => {
    const neg = openDeals(w).filter((d) => stageOf(w, d).name === "Negotiation");
    const accounts = [...new Set(neg.map((d) => accountName(w, d)))];
    const others = [...new Set(openDeals(w).map((d) => accountName(w, d)))].filter((a) => !accounts.includes(a));
    return {
      say: "What's sitting in negotiation right now, and what's it all worth?",
      expect: [
        names(accounts, others, accounts.length),
        money(
          sums(neg, (d: Deal) => d.amount ?? 0),
          "value in negotiation",
        ),
      ],
    };
  }),

  about("growth", "read", "who's still getting the follow-up emails?", (w) => {
    const seq = sequence(w);
    const ids = w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id);
    const inIt = w.contacts.filter((c) => ids.includes(c.id));
    const out = w.contacts.filter((c) => !ids.includes(c.id));
    return {
      say: "who's still getting the follow-up emails?",
      expect: [names(inIt.map(fullName), out.map(fullName), inIt.length)],
    };
  }),

  about("growth", "read", "who are the decision makers at <Stark>? want to call one of them", (w) => {
    const acc = accountNamed(w, "Stark");
    const people = contactsOf(w, acc.id);
    const dm = people.filter((c) => c.tags.includes("decision-maker"));
    return {
      say: `Who are the decision makers at ${acc.name.split(" ")[0]}? I want to call one of them today`,
      expect: [names(dm.map(fullName), people.filter((c) => !dm.includes(c)).map(fullName))],
    };
  }),

  /* ================= growth: questions ================= */

  about("growth", "question", "<stark> - lost, budget (Stark has two open deals)", (w) => {
    const acc = accountNamed(w, "Stark");
    if (dealsOf(w, acc.id).filter((d) => d.status === "open").length < 2) throw new Error("Stark should have several open deals");
    return unclear("growth", `${acc.name.split(" ")[0]!.toLowerCase()} - lost, budget`).plan(w);
  }),

  about("growth", "question", "Olivia Tanaka's title is CMO now (two contacts have that name)", (w) => {
    if (w.contacts.filter((c) => fullName(c) === "Olivia Tanaka").length < 2) throw new Error("Olivia Tanaka should be two contacts");
    return unclear("growth", "Olivia Tanaka's title is CMO now, can you update it").plan(w);
  }),

  /* ================= growth: figures ================= */

  about("growth", "figure", "what's our win rate been over the last 90 days", (w) => {
    const snap = w.snapshot;
    if (!snap) throw new Error("no snapshot");
    return { say: "what's our win rate been over the last 90 days?", expect: [figure(snap.growth.last_90_days.win_rate, "win rate", "percent")] };
  }),

  about("growth", "figure", "weighted pipeline, where are we", (w) => {
    const open = openDeals(w);
    const weighted = sums(open, (d: Deal) => ((d.amount ?? 0) * stageOf(w, d).probability) / 100);
    return { say: "weighted pipeline - where are we at?", expect: [money(weighted, "weighted pipeline value")] };
  }),

  /* ================= talent: writes ================= */

  about("talent", "write", "<Radia>'s screen went well, move her to interviews", (w) => {
    const c = candidate(w, "Radia Perlman", "screening");
    return {
      say: `${c.first_name}'s screen went really well, set her up for interviews`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),

  about("talent", "write", "<alan turing> - reject, not enough Go experience", (w) => {
    const c = candidate(w, "Alan Turing", "screening");
    return {
      say: `${fullName(c).toLowerCase()} - reject, not enough Go experience`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),

  about("talent", "write", "<Frances Allen> accepted our offer!", (w) => {
    const c = candidate(w, "Frances Allen", "offer");
    return {
      say: `${fullName(c)} accepted our offer!!`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),

  about("talent", "write", "Knock <Ken Thompson> down to a 4, references were lukewarm", (w) => {
    const c = candidate(w, "Ken Thompson");
    if (c.rating === 4) throw new Error("Ken is already rated 4");
    return {
      say: `Knock ${fullName(c)} down to a 4, his references were lukewarm`,
      expect: [changed("candidate", c.id, { rating: 4 }, fullName(c))],
    };
  }),

  about("talent", "write", "<Grace Hopper>: 4 stars, good first call, move her to screening", (w) => {
    const c = candidate(w, "Grace Hopper", "applied");
    return {
      say: `${fullName(c)}: 4 stars, good first call. Move her to screening`,
      expect: [changed("candidate", c.id, { rating: 4, stage: "screening" }, fullName(c))],
    };
  }),

  about("talent", "write", "We filled the <Account Executive> role, close the req", (w) => {
    const job = jobNamed(w, "Account Executive");
    if (job.status !== "open") throw new Error("AE job is not open");
    return {
      say: `We filled the ${job.title} role, close the req`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  about("talent", "write", "Add Hedy Lamarr for <Senior Backend Engineer>, email, referral, rate 4", (w) => {
    const job = jobNamed(w, "Backend");
    return {
      say: `New candidate for the ${job.title} job: Hedy Lamarr, hedy.lamarr@example.com, came in as a referral. I'd rate her a 4.`,
      expect: [
        created("candidate", {
          first_name: is.text("Hedy"),
          last_name: is.text("Lamarr"),
          email: "hedy.lamarr@example.com",
          job_id: job.id,
          source: is.containing("referral"),
          rating: 4,
        }),
      ],
    };
  }),

  about("talent", "write", "<Katherine Johnson> crushed the onsite, let's make her an offer", (w) => {
    const c = candidate(w, "Katherine Johnson", "interview");
    return {
      say: `${fullName(c)} crushed the onsite, let's make her an offer - move her along`,
      expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
    };
  }),

  about("talent", "write", "<Tim Berners-Lee> withdrew from the <designer> process", (w) => {
    const c = candidate(w, "Tim Berners-Lee", "interview");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "Tim's job");
    return {
      say: `heads up, ${fullName(c)} withdrew from the ${job.title.toLowerCase()} process. update his record`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),

  about("talent", "write", "Open a new req: Sales Development Rep, Sales, Austin, full-time", (w) => {
    if (w.jobs.some((j) => /sales development/i.test(j.title))) throw new Error("an SDR job exists already");
    return {
      say: "Open a new req: Sales Development Rep, Sales team, based in Austin, full-time",
      expect: [
        created("job", {
          title: is.containing("Sales Development"),
          department: is.text("Sales"),
          location: is.containing("Austin"),
          employment_type: "full_time",
          status: "open",
        }),
      ],
    };
  }),

  /* ================= talent: reads ================= */

  about("talent", "read", "who's waiting on a decision after the onsite?", (w) => {
    const waiting = w.candidates.filter((c) => c.stage === "interview");
    const others = w.candidates.filter((c) => c.stage !== "interview");
    return {
      say: "who's waiting on a decision after the onsite?",
      expect: [names(waiting.map(fullName), others.map(fullName), waiting.length)],
    };
  }),

  about("talent", "read", "who do we have offers out to right now", (w) => {
    const offers = w.candidates.filter((c) => c.stage === "offer");
    const others = w.candidates.filter((c) => c.stage !== "offer");
    return {
      say: "who do we have offers out to at the moment?",
      expect: [names(offers.map(fullName), others.map(fullName), offers.length)],
    };
  }),

  about("talent", "read", "any new applicants I haven't looked at yet?", (w) => {
    const fresh = w.candidates.filter((c) => c.stage === "applied");
    const others = w.candidates.filter((c) => c.stage !== "applied");
    return {
      say: "any new applicants I haven't looked at yet?",
      expect: [names(fresh.map(fullName), others.map(fullName), fresh.length)],
    };
  }),

  about("talent", "read", "which 5-star candidates are still in the running?", (w) => {
    const active = (c: Candidate) => c.stage !== "rejected" && c.stage !== "hired";
    const top = w.candidates.filter((c) => c.rating === 5 && active(c));
    const others = w.candidates.filter((c) => !top.includes(c));
    return {
      say: "Which of our 5-star candidates are still in the running?",
      expect: [names(top.map(fullName), others.map(fullName), top.length)],
    };
  }),

  about("talent", "read", "where is <Linus Torvalds> at in the process?", (w) => {
    const c = candidate(w, "Linus Torvalds");
    return {
      say: `where's ${fullName(c)} at in the process?`,
      expect: [says(c.stage)],
    };
  }),

  /* ================= talent: questions ================= */

  about("talent", "question", "rate <Alan Turing> an 8 (ratings go 1 to 5)", (w) => {
    candidate(w, "Alan Turing");
    return unclear("talent", "rate Alan Turing an 8").plan(w);
  }),

  about("talent", "question", "reject the backend guy (several backend candidates)", (w) => {
    const job = jobNamed(w, "Backend");
    if (w.candidates.filter((c) => c.job_id === job.id && !["rejected", "hired"].includes(c.stage)).length < 2)
      throw new Error("need several backend candidates");
    return unclear("talent", "reject the backend guy, not a fit").plan(w);
  }),

  /* ================= finance: reads ================= */

  about("finance", "read", "before I call <Stark>: anything overdue on their side?", (w) => {
    const acc = accountNamed(w, "Stark");
    const late = ofClient(w, acc.name).filter(overdue);
    return {
      say: `Before I call ${acc.name.split(" ")[0]} - do they have anything overdue with us?`,
      expect: [count(late.length, "overdue invoices"), money(dueSums(late), "overdue amount")],
    };
  }),

  about("finance", "read", "how much does <Northwind> still owe us?", (w) => {
    const acc = accountNamed(w, "Northwind");
    const open = ofClient(w, acc.name).filter(unpaid);
    if (!open.length) throw new Error("Northwind owes nothing");
    return {
      say: `how much does ${acc.name} still owe us? renewal call in 10 min`,
      expect: [money(dueSums(open), "amount still owed")],
    };
  }),
];
