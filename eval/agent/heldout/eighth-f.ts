import {
  about,
  approval,
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
  unenrolled,
  type Case,
} from "../judge.ts";
import {
  accountNamed,
  candidatesOf,
  clientNames,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  enrolledContacts,
  fullName,
  jobNamed,
  month,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  sums,
  unpaid,
} from "../facts.ts";
import type { Candidate, Contact, Deal, World } from "../world.ts";

/*
 * eighth-f: people trying the product on their first day. They do not know
 * its words (they say companies, people, sales, the funnel, openings,
 * applicants, bills), they are polite and a little long-winded, and their
 * first writes are simple ones.
 */

/* ---------- helpers of this set ---------- */

/** The one contact with this full name at the account whose name starts so. */
function personAt(w: World, person: string, accountName: string): Contact {
  const account = accountNamed(w, accountName);
  return pick(contactsOf(w, account.id), (c) => fullName(c).toLowerCase() === person.toLowerCase(), `${person} at ${accountName}`);
}

/** The one candidate with this full name (throws when none or several). */
function candidateNamed(w: World, person: string): Candidate {
  const found = w.candidates.filter((c) => fullName(c).toLowerCase() === person.toLowerCase());
  if (found.length !== 1) throw new Error(`expected one candidate ${person}, found ${found.length}`);
  return found[0]!;
}

/** The sequence whose name holds this text. */
const sequenceNamed = (w: World, text: string) => pick(w.sequences, (s) => s.name.toLowerCase().includes(text.toLowerCase()), `sequence ${text}`);

const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
const accountName = (w: World, d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal's account").name;

const FLOW = ["applied", "screening", "interview", "offer", "hired"];

/** Fails the plan when the data no longer fits what the request assumes. */
function expectThat(condition: boolean, what: string): void {
  if (!condition) throw new Error(`the data no longer fits: ${what}`);
}

export const CASES: Case[] = [
  /* ==================== growth (15) ==================== */

  about("growth", "read", "Could you please tell me who we know at <an account with several contacts>?", (w) => {
    const acc = accountNamed(w, "Stark Logistics");
    const people = contactsOf(w, acc.id).map(fullName);
    expectThat(people.length >= 3, "Stark Logistics has several contacts");
    const others = w.contacts.filter((c) => c.account_id !== acc.id).map(fullName);
    return { say: `Could you please tell me who we know at ${acc.name}?`, expect: [names(people, others, people.length)] };
  }),

  about("growth", "read", "What's going on with <account>? Do they owe us anything at the moment?", (w) => {
    const acc = accountNamed(w, "Initech");
    const deals = dealsOf(w, acc.id);
    expectThat(deals.length > 0 && deals.every((d) => dealTopic(d) === "Pilot project"), "Initech's deals are pilot projects");
    const owed = ofClient(w, acc.name).filter(unpaid);
    expectThat(owed.length > 0, "Initech owes something");
    return {
      say: `What's going on with ${acc.name}? Do they owe us anything at the moment?`,
      expect: [money(dueSums(owed), `amount ${acc.name} owes`), says("pilot")],
    };
  }),

  about("growth", "read", "Which companies do we have in the system?", (w) => {
    const all = w.accounts.map((a) => a.name);
    return { say: "Which companies do we have in the system?", expect: [names(all, [], all.length)] };
  }),

  about("growth", "read", "Which sales are at the negotiating stage right now?", (w) => {
    const negotiating = openDeals(w).filter((d) => stageOf(w, d).name === "Negotiation");
    expectThat(negotiating.length >= 2, "several deals in Negotiation");
    const with_ = [...new Set(negotiating.map((d) => accountName(w, d)))];
    const without = w.accounts.map((a) => a.name).filter((n) => !with_.includes(n));
    return { say: "Which sales are at the negotiating stage right now?", expect: [names(with_, without, with_.length)] };
  }),

  about("growth", "read", "Who's the person who handles finance over at <account>?", (w) => {
    const acc = accountNamed(w, "Northwind Traders");
    const finance = contactsOf(w, acc.id).filter((c) => /financ/i.test(c.title ?? ""));
    expectThat(finance.length === 1, "one finance person at Northwind Traders");
    return { say: `Who's the person who handles finance over at ${acc.name}?`, expect: [names([fullName(finance[0]!)])] };
  }),

  about("growth", "read", "Which people are getting our automatic follow-up emails at the moment?", (w) => {
    const seq = sequenceNamed(w, "follow-up");
    expectThat(w.sequences.length === 1, "one sequence");
    const inIt = enrolledContacts(w, seq.id).map(fullName);
    expectThat(inIt.length > 0, "someone is enrolled");
    const others = w.contacts.filter((c) => !w.enrollments.some((e) => e.contact_id === c.id && e.status === "active")).map(fullName);
    return { say: "Which people are getting our automatic follow-up emails at the moment?", expect: [names(inIt, others, inIt.length)] };
  }),

  about("growth", "figure", "If every sale we're working on right now closed, how much would that add up to?", (w) => {
    const open = openDeals(w);
    expectThat(open.length > 0, "open deals");
    return {
      say: "If every sale we're working on right now closed, how much would that add up to?",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "value of the open deals",
        ),
      ],
    };
  }),

  about("growth", "write", "Please add a new company called Vandelay Industries. Their website is vandelay.com.", (w) => {
    expectThat(!w.accounts.some((a) => /vandelay/i.test(a.name)), "no Vandelay yet");
    return {
      say: "Please add a new company called Vandelay Industries. Their website is vandelay.com.",
      expect: [created("account", { name: is.text("Vandelay Industries"), domain: "vandelay.com" })],
    };
  }),

  about("growth", "write", "I'd like to add a person at <account>: Peter Gibbons, his email is peter.gibbons@<domain>", (w) => {
    const acc = accountNamed(w, "Initech");
    expectThat(!!acc.domain, "Initech has a domain");
    const email = `peter.gibbons@${acc.domain}`;
    expectThat(!w.contacts.some((c) => c.email === email), "no Peter Gibbons yet");
    return {
      say: `I'd like to add a person at ${acc.name}: Peter Gibbons, his email is ${email}`,
      expect: [created("contact", { first_name: is.text("Peter"), last_name: is.text("Gibbons"), email, account_id: acc.id })],
    };
  }),

  about("growth", "write", "Can you log a new deal with <account>? It's a website redesign worth 12,000 dollars.", (w) => {
    const acc = accountNamed(w, "Aperture Labs");
    return {
      say: `Can you log a new deal with ${acc.name}? It's a website redesign worth 12,000 dollars.`,
      expect: [created("deal", { account_id: acc.id, amount: 12000, currency: "USD", name: is.containing("redesign") })],
    };
  }),

  about("growth", "write", "Great news, <account with one open deal> signed! Please mark their deal as won.", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation", "Proposal"]);
    const won = stageNamed(w, "Closed won");
    return {
      say: `Great news, ${account} signed! Please mark their deal as won.`,
      expect: [changed("deal", deal.id, { status: "won", stage_id: won.id }, deal.name)],
    };
  }),

  about("growth", "write", "Please start sending the follow-up emails to <contact> at <account>.", (w) => {
    const seq = sequenceNamed(w, "follow-up");
    expectThat(w.sequences.length === 1 && seq.status === "active", "one active sequence");
    const isla = personAt(w, "Isla Haddad", "Stark Logistics");
    expectThat(!w.enrollments.some((e) => e.contact_id === isla.id && e.status === "active"), "Isla not enrolled yet");
    return {
      say: `Please start sending the follow-up emails to ${fullName(isla)} at Stark Logistics.`,
      expect: [enrolled(seq.id, isla.id, fullName(isla))],
    };
  }),

  about("growth", "write", "<enrolled contact> from <account> asked us to stop emailing him, can you take him off the list?", (w) => {
    const seq = sequenceNamed(w, "follow-up");
    const lucas = personAt(w, "Lucas Silva", "Initech");
    expectThat(
      w.enrollments.some((e) => e.contact_id === lucas.id && e.sequence_id === seq.id && e.status === "active"),
      "Lucas Silva at Initech enrolled",
    );
    return {
      say: `${fullName(lucas)} from Initech asked us to stop emailing him. Can you take him off the list, please?`,
      expect: [unenrolled(seq.id, lucas.id, fullName(lucas))],
    };
  }),

  about("growth", "question", "Could you add <a name two contacts share> to our follow-up emails?", (w) => {
    const both = w.contacts.filter((c) => fullName(c) === "Olivia Tanaka");
    expectThat(both.length >= 2, "two Olivia Tanakas");
    expectThat(!both.some((c) => w.enrollments.some((e) => e.contact_id === c.id && e.status === "active")), "neither Olivia enrolled");
    return { say: "Could you add Olivia Tanaka to our follow-up emails?", expect: [noChange(), asksBack()] };
  }),

  about("growth", "question", "Please delete the <account with two deals of the same name> deal.", (w) => {
    const acc = accountNamed(w, "Initech");
    expectThat(dealsOf(w, acc.id).length >= 2, "Initech has several deals");
    return { say: `Please delete the ${acc.name} deal.`, expect: [noChange(), asksBack()] };
  }),

  /* ==================== talent (13) ==================== */

  about("talent", "read", "Who applied for the designer job?", (w) => {
    const job = jobNamed(w, "Designer");
    const applied = candidatesOf(w, job.id).map(fullName);
    expectThat(applied.length >= 3, "several designer candidates");
    const others = w.candidates.filter((c) => c.job_id !== job.id).map(fullName);
    return { say: "Who applied for the designer job?", expect: [names(applied, others)] };
  }),

  about("talent", "read", "What positions are we hiring for at the moment?", (w) => {
    const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
    const closed = w.jobs.filter((j) => j.status !== "open").map((j) => j.title);
    return { say: "What positions are we hiring for at the moment?", expect: [names(open, closed, open.length)] };
  }),

  about("talent", "read", "How many applicants do we have in total for the backend engineer opening?", (w) => {
    const job = jobNamed(w, "Backend Engineer");
    return {
      say: "How many applicants do we have in total for the backend engineer opening?",
      expect: [count(candidatesOf(w, job.id).length, "candidates for the backend job")],
    };
  }),

  about("talent", "read", "Could you please tell me where <candidate> is in the hiring process?", (w) => {
    const kate = candidateNamed(w, "Katherine Johnson");
    return { say: `Could you please tell me where ${fullName(kate)} is in the hiring process?`, expect: [says(kate.stage)] };
  }),

  about("talent", "read", "Which applicants have we made offers to?", (w) => {
    const offered = w.candidates.filter((c) => c.stage === "offer").map(fullName);
    expectThat(offered.length >= 2, "several candidates at offer");
    const others = w.candidates.filter((c) => c.stage !== "offer").map(fullName);
    return { say: "Which applicants have we made offers to?", expect: [names(offered, others, offered.length)] };
  }),

  about("talent", "read", "Going by their ratings, who's the strongest applicant for the Senior Backend Engineer role?", (w) => {
    const job = jobNamed(w, "Senior Backend Engineer");
    const list = candidatesOf(w, job.id);
    const best = Math.max(...list.map((c) => c.rating ?? 0));
    const top = list.filter((c) => c.rating === best);
    expectThat(top.length === 1, "one top-rated backend candidate");
    return {
      say: `Going by their ratings, who's the strongest applicant for the ${job.title} role?`,
      expect: [names([fullName(top[0]!)], list.filter((c) => c !== top[0]).map(fullName))],
    };
  }),

  about("talent", "read", "Where is the <job> job based?", (w) => {
    const job = jobNamed(w, "Account Executive");
    expectThat(!!job.location, "the job has a location");
    return { say: `Sorry if this is a silly question, but where is the ${job.title} job based?`, expect: [says(job.location!)] };
  }),

  about("talent", "write", "Please add a new applicant for the product designer position: Ada Lovelace, ada.lovelace@example.com", (w) => {
    const job = jobNamed(w, "Product Designer");
    expectThat(job.status === "open", "the designer job is open");
    expectThat(!w.candidates.some((c) => c.email === "ada.lovelace@example.com"), "no Ada yet");
    return {
      say: "Please add a new applicant for the product designer position: Ada Lovelace, ada.lovelace@example.com",
      expect: [created("candidate", { first_name: is.text("Ada"), last_name: is.text("Lovelace"), email: "ada.lovelace@example.com", job_id: job.id })],
    };
  }),

  about("talent", "write", "<candidate at applied> looks promising, could you move her on to the next stage?", (w) => {
    const grace = candidateNamed(w, "Grace Hopper");
    const at = FLOW.indexOf(grace.stage);
    expectThat(at >= 0 && at < 3, "Grace is early in the process");
    return {
      say: `${fullName(grace)} looks promising, could you move her on to the next stage?`,
      expect: [changed("candidate", grace.id, { stage: FLOW[at + 1] }, fullName(grace))],
    };
  }),

  about("talent", "write", "We've decided to hire <candidate at offer> for the designer role!", (w) => {
    const frances = candidateNamed(w, "Frances Allen");
    expectThat(frances.stage === "offer", "Frances is at offer");
    return {
      say: `We've decided to hire ${fullName(frances)} for the designer role!`,
      expect: [changed("candidate", frances.id, { stage: "hired" }, fullName(frances))],
    };
  }),

  about("talent", "write", "Unfortunately <candidate> isn't a good fit. Please mark him as not moving forward.", (w) => {
    const alan = candidateNamed(w, "Alan Turing");
    expectThat(["applied", "screening", "interview", "offer"].includes(alan.stage), "Alan can be rejected");
    return {
      say: `Unfortunately ${fullName(alan)} isn't a good fit. Please mark him as not moving forward.`,
      expect: [changed("candidate", alan.id, { stage: "rejected" }, fullName(alan))],
    };
  }),

  about("talent", "write", "I'd like to open a new position: Customer Support Specialist, based in London, part-time.", (w) => {
    expectThat(!w.jobs.some((j) => /customer support/i.test(j.title)), "no support job yet");
    return {
      say: "I'd like to open a new position: Customer Support Specialist, based in London, part-time.",
      expect: [
        created("job", {
          title: is.text("Customer Support Specialist"),
          location: is.containing("London"),
          employment_type: "part_time",
          status: "open",
        }),
      ],
    };
  }),

  about("talent", "question", "Please reject the applicant for the backend job.", (w) => {
    const job = jobNamed(w, "Backend Engineer");
    const rejectable = candidatesOf(w, job.id).filter((c) => ["applied", "screening", "interview", "offer"].includes(c.stage));
    expectThat(rejectable.length >= 2, "several backend candidates could be rejected");
    return { say: "Please reject the applicant for the backend job.", expect: [noChange(), asksBack()] };
  }),

  /* ==================== finance (10) ==================== */

  about("finance", "read", "Which clients owe us money right now?", (w) => {
    const owing = clientNames(w).filter((c) => w.invoices.some((i) => i.client === c && unpaid(i)));
    const clear = clientNames(w).filter((c) => !owing.includes(c));
    expectThat(clear.length > 0, "some clients owe nothing");
    return { say: "Which clients owe us money right now?", expect: [names(owing, clear)] };
  }),

  about("finance", "read", "How many bills are past their due date?", (w) => ({
    say: "How many bills are past their due date?",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),

  about("finance", "read", "How much does <client with several unpaid invoices> still owe us?", (w) => {
    const owed = ofClient(w, "Stark Logistics").filter(unpaid);
    expectThat(owed.length >= 2, "Stark owes several invoices");
    return { say: "I'd like to know how much Stark Logistics still owes us, please.", expect: [money(dueSums(owed), "amount Stark Logistics owes")] };
  }),

  about("finance", "read", "Could you please tell me when the <client> invoice for the onboarding workshop is due?", (w) => {
    const list = ofClient(w, "Hooli Cloud").filter((i) => /onboarding workshop/i.test(i.description ?? ""));
    expectThat(list.length === 1 && unpaid(list[0]!), "one unpaid Hooli onboarding invoice");
    const inv = list[0]!;
    return {
      say: `Could you please tell me when the ${inv.client} invoice for the onboarding workshop is due?`,
      expect: [date(inv.due_date, "due date")],
    };
  }),

  about("finance", "read", "Which bill has been waiting the longest for payment?", (w) => {
    const late = w.invoices.filter(overdue);
    const most = Math.max(...late.map((i) => i.days_overdue));
    const oldest = late.filter((i) => i.days_overdue === most);
    expectThat(oldest.length === 1, "one invoice is the most overdue");
    const inv = oldest[0]!;
    return { say: "Which bill has been waiting the longest for payment?", expect: [names([inv.number, shortNumber(inv)], [], 1)] };
  }),

  about("finance", "write", "<client> paid their overdue bill today, please mark it as paid.", (w) => {
    const late = ofClient(w, "Initech").filter(overdue);
    expectThat(late.length === 1, "Initech has one overdue invoice");
    const inv = late[0]!;
    return {
      say: "Initech paid their overdue bill today, please mark it as paid.",
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),

  about("finance", "write", "We received 5,000 dollars from <client> towards their late invoice.", (w) => {
    const late = ofClient(w, "Acme Robotics").filter(overdue);
    expectThat(late.length === 1 && late[0]!.currency === "USD" && late[0]!.amount_due > 5000, "Acme has one late USD invoice over 5000");
    const inv = late[0]!;
    return {
      say: "We received 5,000 dollars from Acme Robotics towards their late invoice. Could you record that?",
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

  about("finance", "write", "Please create a bill for Pied Piper: 2,500 dollars for consulting, due at the end of next month.", (w) => {
    const [, end] = month(w, 1);
    return {
      say: "Please create a bill for Pied Piper: 2,500 dollars for consulting, due at the end of next month.",
      expect: [created("invoice", { client: is.text("Pied Piper"), amount: 2500, currency: "USD", due_date: end })],
    };
  }),

  about("finance", "write", "Please cancel the <client with a single invoice> invoice, it was sent by mistake.", (w) => {
    const list = ofClient(w, "Blue Sun");
    expectThat(list.length === 1 && unpaid(list[0]!), "Blue Sun has one unpaid invoice");
    const inv = list[0]!;
    return {
      say: `Please cancel the ${inv.client} invoice, it was sent by mistake.`,
      expect: [approval(/void/, inv.id, inv.number)],
    };
  }),

  about("finance", "question", "Please mark the <client with several unpaid invoices> bill as paid.", (w) => {
    expectThat(ofClient(w, "Stark Logistics").filter(unpaid).length >= 2, "Stark owes several invoices");
    return { say: "Please mark the Stark Logistics bill as paid.", expect: [noChange(), asksBack()] };
  }),

  /* ==================== intelligence (4) ==================== */

  about("intelligence", "figure", "Out of the sales we closed in the last 3 months, what percentage did we win?", (w) => {
    const snap = w.snapshot;
    expectThat(!!snap, "a snapshot exists");
    return {
      say: "Out of the sales we closed in the last 3 months, what percentage did we win?",
      expect: [figure(snap!.growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
    };
  }),

  about("intelligence", "figure", "How much money are we owed in total, across all our customers?", (w) => ({
    say: "How much money are we owed in total, across all our customers?",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding amount")],
  })),

  about("intelligence", "figure", "How many people did we hire over the last year?", (w) => {
    const snap = w.snapshot;
    expectThat(!!snap, "a snapshot exists");
    return { say: "How many people did we hire over the last year?", expect: [figure(snap!.talent.hires_last_365_days, "hires in the last 365 days")] };
  }),

  about("intelligence", "figure", "If you factor in how likely each sale is to close, what is the funnel worth?", (w) => {
    const open = openDeals(w);
    const weighted = sums(open, (d: Deal) => ((d.amount ?? 0) * stageOf(w, d).probability) / 100);
    return { say: "If you factor in how likely each sale is to close, what is the whole funnel worth?", expect: [money(weighted, "weighted pipeline value")] };
  }),
];
