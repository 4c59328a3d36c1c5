import {
  about,
  approval,
  ask,
  changed,
  count,
  created,
  enrolled,
  figure,
  is,
  money,
  names,
  says,
  unclear,
  unenrolled,
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  jobNamed,
  monday,
  month,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  sums,
  unpaid,
} from "../facts.ts";
import type { Candidate, Deal, Snapshot, World } from "../world.ts";

/*
 * Held-out set "sixth-b": talent and growth heavy, some finance, a few
 * business figures. Written blind (without reading the planner), in the
 * words of recruiters, sales reps, finance clerks and managers.
 */

/* ---------- small helpers over the World ---------- */

const candidateNamed = (w: World, name: string, stage?: string): Candidate =>
  pick(
    w.candidates,
    (c) => fullName(c).toLowerCase() === name.toLowerCase() && (!stage || c.stage === stage),
    `candidate ${name}${stage ? ` in ${stage}` : ""}`,
  );

/** Everyone else among the candidates (for lists: the reply must not name them). */
const otherCandidates = (w: World, wanted: Candidate[]) => w.candidates.filter((c) => !wanted.includes(c)).map(fullName);

const snapshotOf = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

/** Taking a fresh snapshot to answer a figure is fair (same data); money() alone would count it as a wrong write. */
const freshSnapshotAllowed = (): Check => ({
  text: "(a fresh snapshot may be taken)",
  judge: () => null,
  allows: (event) => event.type === "intelligence.snapshot_created",
});

/** A list check that needs every wanted record when the list is short. */
const allOf = (labels: string[], others: string[] = []) => names(labels, others, labels.length <= 6 ? labels.length : 3);

const followUp = (w: World) => pick(w.sequences, (s) => s.name.toLowerCase() === "new lead follow-up", "sequence New lead follow-up");

const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");

/* ---------- talent ---------- */

const TALENT: Case[] = [
  about("talent", "read", "how many candidates total for the backend engineer opening?", (w) => {
    const job = jobNamed(w, "backend engineer");
    return { say: "how many candidates total for the backend engineer opening?", expect: [count(candidatesOf(w, job.id).length, "candidates")] };
  }),
  about("talent", "read", "who's at offer stage rn", (w) => {
    const atOffer = w.candidates.filter((c) => c.stage === "offer");
    return { say: "who's at offer stage rn", expect: [allOf(atOffer.map(fullName), otherCandidates(w, atOffer))] };
  }),
  about("talent", "read", "what stage is katherine johnson at", (w) => {
    const c = candidateNamed(w, "Katherine Johnson");
    return { say: "what stage is katherine johnson at", expect: [says(c.stage)] };
  }),
  about("talent", "read", "which of the product designer applicants are still in the running?", (w) => {
    const job = jobNamed(w, "product designer");
    const active = candidatesOf(w, job.id).filter((c) => c.stage !== "hired" && c.stage !== "rejected");
    return {
      say: "which of the product designer applicants are still in the running?",
      expect: [allOf(active.map(fullName), otherCandidates(w, active))],
    };
  }),
  about("talent", "read", "can u list the people we turned down for the account exec role", (w) => {
    const job = jobNamed(w, "account executive");
    const rejected = candidatesOf(w, job.id).filter((c) => c.stage === "rejected");
    return {
      say: "can u list the people we turned down for the account exec role",
      expect: [allOf(rejected.map(fullName), otherCandidates(w, rejected))],
    };
  }),
  about("talent", "read", "what roles are we hiring for right now", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const closed = w.jobs.filter((j) => j.status !== "open");
    return {
      say: "what roles are we hiring for right now",
      expect: [
        allOf(
          open.map((j) => j.title),
          closed.map((j) => j.title),
        ),
      ],
    };
  }),
  about("talent", "read", "which candidates did we give 5 stars?", (w) => {
    const top = w.candidates.filter((c) => c.rating === 5);
    return { say: "which candidates did we give 5 stars?", expect: [allOf(top.map(fullName), otherCandidates(w, top))] };
  }),
  about("talent", "write", "grace hopper looks promising, can you move her on to screening", (w) => {
    const c = candidateNamed(w, "Grace Hopper", "applied");
    return {
      say: "grace hopper looks promising, can you move her on to screening",
      expect: [changed("candidate", c.id, { stage: "screening" }, fullName(c))],
    };
  }),
  about("talent", "write", "alan turing smashed his phone screen - push him through to interviews", (w) => {
    const c = candidateNamed(w, "Alan Turing", "screening");
    return {
      say: "alan turing smashed his phone screen - push him through to interviews",
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "Linus Torvalds accepted our offer!! mark him as hired pls", (w) => {
    const c = candidateNamed(w, "Linus Torvalds", "offer");
    return { say: "Linus Torvalds accepted our offer!! mark him as hired pls", expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))] };
  }),
  about("talent", "write", "we're passing on radia perlman for the designer role", (w) => {
    const job = jobNamed(w, "designer");
    const c = pick(
      candidatesOf(w, job.id),
      (x) => fullName(x) === "Radia Perlman" && !["hired", "rejected"].includes(x.stage),
      "Radia Perlman, active, for the designer job",
    );
    return { say: "we're passing on radia perlman for the designer role", expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  about("talent", "write", "new applicant for the product designer opening: Ada Lovelace, ada.lovelace@gmail.com, found her on linkedin", (w) => {
    const job = jobNamed(w, "product designer");
    return {
      say: "new applicant for the product designer opening: Ada Lovelace, ada.lovelace@gmail.com, found her on linkedin",
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Ada"),
          last_name: is.text("Lovelace"),
          email: "ada.lovelace@gmail.com",
          source: is.containing("linkedin"),
        }),
      ],
    };
  }),
  ask("talent", "write", "open up a new req - Data Analyst, analytics team, based in London, contract position", () => [
    created("job", {
      title: is.text("Data Analyst"),
      department: is.containing("analytics"),
      location: is.containing("london"),
      employment_type: "contract",
    }),
  ]),
  about("talent", "write", "the account executive position has been filled, close the job out", (w) => {
    const job = pick(w.jobs, (j) => j.title === "Account Executive" && j.status === "open", "open Account Executive job");
    return { say: "the account executive position has been filled, close the job out", expect: [changed("job", job.id, { status: "closed" }, job.title)] };
  }),
  unclear("talent", "move him to the next stage"),
];

/* ---------- growth ---------- */

const GROWTH: Case[] = [
  about("growth", "read", "how many deals are sitting in negotiation atm?", (w) => {
    const n = openDeals(w).filter((d) => stageOf(w, d).name === "Negotiation").length;
    return { say: "how many deals are sitting in negotiation atm?", expect: [count(n, "deals in Negotiation")] };
  }),
  about("growth", "read", "what deals have we got open with stark", (w) => {
    const stark = accountNamed(w, "Stark");
    const open = dealsOf(w, stark.id).filter((d) => d.status === "open");
    if (!open.length) throw new Error("no open Stark deal");
    // The topics ("Support upgrade") are what a reply may name; the full names contain them.
    return { say: "what deals have we got open with stark", expect: [allOf(open.map(dealTopic))] };
  }),
  about("growth", "read", "who are our contacts over at globex?", (w) => {
    const globex = accountNamed(w, "Globex");
    const people = contactsOf(w, globex.id);
    if (!people.length) throw new Error("no Globex contact");
    const others = w.contacts.filter((c) => c.account_id !== globex.id).map(fullName);
    return { say: "who are our contacts over at globex?", expect: [allOf(people.map(fullName), others)] };
  }),
  about("growth", "read", "whats the total value of the open umbrella deals", (w) => {
    const umbrella = accountNamed(w, "Umbrella");
    const open = dealsOf(w, umbrella.id).filter((d) => d.status === "open");
    if (!open.length) throw new Error("no open Umbrella deal");
    return {
      say: "whats the total value of the open umbrella deals",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open Umbrella pipeline",
        ),
      ],
    };
  }),
  about("growth", "read", "which opportunities are expected to close next month", (w) => {
    const [from, to] = month(w, 1);
    const inRange = (d: Deal) => d.expected_close_date !== null && d.expected_close_date >= from && d.expected_close_date <= to;
    const wanted = openDeals(w).filter(inRange);
    const others = openDeals(w).filter((d) => !inRange(d));
    return {
      say: "which opportunities are expected to close next month",
      expect: [
        allOf(
          wanted.map((d) => d.name),
          others.map((d) => d.name),
        ),
      ],
    };
  }),
  about("growth", "read", "who's enrolled in the new lead follow-up sequence at the moment?", (w) => {
    const seq = followUp(w);
    const people = [...new Set(enrolledContacts(w, seq.id).map(fullName))];
    if (!people.length) throw new Error("nobody enrolled in the follow-up");
    const others = w.contacts.map(fullName).filter((n) => !people.includes(n));
    return { say: "who's enrolled in the new lead follow-up sequence at the moment?", expect: [allOf(people, others)] };
  }),
  about("growth", "read", "what stage is the hooli deal in?", (w) => {
    const hooli = accountNamed(w, "Hooli");
    const deals = dealsOf(w, hooli.id);
    if (deals.length !== 1) throw new Error("Hooli does not have exactly one deal");
    return { say: "what stage is the hooli deal in?", expect: [says(stageOf(w, deals[0]!).name)] };
  }),
  about("growth", "write", "add acme robotics as a new account - acmerobotics.com, they're based in canada", (w) => {
    if (w.accounts.some((a) => a.name.toLowerCase().startsWith("acme robotics"))) throw new Error("Acme Robotics is already an account");
    return {
      say: "add acme robotics as a new account - acmerobotics.com, they're based in canada",
      expect: [created("account", { name: is.text("Acme Robotics"), domain: "acmerobotics.com", country: "CA" })],
    };
  }),
  about("growth", "write", "new contact at initech: peter gibbons, peter.gibbons@initech.io, he's their head of IT", (w) => {
    const initech = accountNamed(w, "Initech");
    return {
      say: "new contact at initech: peter gibbons, peter.gibbons@initech.io, he's their head of IT",
      expect: [
        created("contact", {
          first_name: is.text("Peter"),
          last_name: is.text("Gibbons"),
          email: "peter.gibbons@initech.io",
          title: is.text("Head of IT"),
          account_id: initech.id,
        }),
      ],
    };
  }),
  about("growth", "write", "log a 45k opportunity with globex for a data warehouse project, should close by end of january", (w) => {
    const globex = accountNamed(w, "Globex");
    return {
      say: "log a 45k opportunity with globex for a data warehouse project, should close by end of january",
      expect: [
        created("deal", {
          name: is.containing("warehouse"),
          account_id: globex.id,
          amount: 45000,
          currency: "USD",
          expected_close_date: endOfNamedMonth(w, 1),
        }),
      ],
    };
  }),
  about("growth", "write", "stark's support upgrade moved to negotiation", (w) => {
    const stark = accountNamed(w, "Stark");
    const deal = pick(
      dealsOf(w, stark.id),
      (d) => d.status === "open" && dealTopic(d) === "Support upgrade" && stageOf(w, d).name !== "Negotiation",
      "open Stark support upgrade deal before Negotiation",
    );
    return {
      say: "stark's support upgrade moved to negotiation",
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),
  about("growth", "write", "tyrell went with a competitor on the platform rollout, mark it lost", (w) => {
    const tyrell = accountNamed(w, "Tyrell");
    const deal = pick(dealsOf(w, tyrell.id), (d) => d.status === "open" && dealTopic(d) === "Platform rollout", "open Tyrell platform rollout deal");
    return { say: "tyrell went with a competitor on the platform rollout, mark it lost", expect: [changed("deal", deal.id, { status: "lost" }, deal.name)] };
  }),
  about("growth", "write", "add olivia tanaka from umbrella health to the new lead follow-up sequence", (w) => {
    const umbrella = accountNamed(w, "Umbrella");
    const seq = followUp(w);
    const olivia = pick(contactsOf(w, umbrella.id), (c) => fullName(c) === "Olivia Tanaka", "Olivia Tanaka at Umbrella");
    if (w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === olivia.id && e.status === "active"))
      throw new Error("Olivia is already enrolled");
    return {
      say: "add olivia tanaka from umbrella health to the new lead follow-up sequence",
      expect: [enrolled(seq.id, olivia.id, "Olivia Tanaka (Umbrella)")],
    };
  }),
  about("growth", "write", "take lucas silva out of the follow up sequence, he asked us to stop emailing him", (w) => {
    const seq = followUp(w);
    const lucas = pick(enrolledContacts(w, seq.id), (c) => fullName(c) === "Lucas Silva", "Lucas Silva enrolled in the follow-up");
    return { say: "take lucas silva out of the follow up sequence, he asked us to stop emailing him", expect: [unenrolled(seq.id, lucas.id, "Lucas Silva")] };
  }),
  about("growth", "write", "pause the new lead follow-up campaign for now", (w) => {
    const seq = pick(w.sequences, (s) => s.name === "New lead follow-up" && s.status === "active", "active New lead follow-up sequence");
    return { say: "pause the new lead follow-up campaign for now", expect: [changed("sequence", seq.id, { status: "paused" }, seq.name)] };
  }),
  unclear("growth", "mark the deal as won"),
];

/* ---------- finance ---------- */

const FINANCE: Case[] = [
  about("finance", "read", "unpaid invoices for stark?", (w) => {
    const all = ofClient(w, "Stark");
    const open = all.filter(unpaid);
    if (!open.length) throw new Error("no unpaid Stark invoice");
    return { say: "unpaid invoices for stark?", expect: [allOf(numbers(open), numbers(all.filter((i) => !unpaid(i))))] };
  }),
  about("finance", "read", "hey can you tell me how much globex still owes us", (w) => {
    const open = ofClient(w, "Globex").filter(unpaid);
    if (!open.length) throw new Error("no unpaid Globex invoice");
    return { say: "hey can you tell me how much globex still owes us", expect: [money(dueSums(open), "Globex balance")] };
  }),
  about("finance", "read", "whats overdue over 10k", (w) => {
    const late = w.invoices.filter(overdue);
    // "over 10k" read either as the invoice's amount or what is still due: only the clear cases count.
    const wanted = late.filter((i) => i.amount > 10_000 && i.amount_due > 10_000);
    const small = late.filter((i) => i.amount <= 10_000);
    return { say: "whats overdue over 10k", expect: [allOf(numbers(wanted), numbers(small))] };
  }),
  about("finance", "read", "anything due next week?", (w) => {
    const from = addDays(monday(w), 7);
    const to = addDays(from, 6);
    const inWeek = (d: string) => d >= from && d <= to;
    const wanted = w.invoices.filter((i) => i.status === "open" && inWeek(i.due_date));
    // Open (not yet overdue) invoices due another week are the ones the reply must leave out.
    const others = w.invoices.filter((i) => i.status === "open" && !inWeek(i.due_date));
    return { say: "anything due next week?", expect: [allOf(numbers(wanted), numbers(others))] };
  }),
  about("finance", "write", "<client> paid <an overdue invoice, short number> this morning", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    const client = inv.client.split(" ")[0]!.toLowerCase();
    return {
      say: `${client} paid ${shortNumber(inv)} this morning`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "got a $2,000 check from <client> for <an unpaid invoice over 2k>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid === 0 && i.amount_due > 2_000, "unpaid invoice over 2,000 with nothing paid");
    const client = inv.client.split(" ")[0]!.toLowerCase();
    return {
      say: `got a $2,000 check from ${client} for ${inv.number}`,
      expect: [changed("invoice", inv.id, { amount_paid: 2000, amount_due: Math.round((inv.amount_due - 2000) * 100) / 100, status: inv.status }, inv.number)],
    };
  }),
  about("finance", "write", "bill wonka $3,250 for the onboarding workshop, due dec 31", (w) => ({
    say: "bill wonka $3,250 for the onboarding workshop, due dec 31",
    expect: [
      created("invoice", {
        client: is.containing("wonka"),
        amount: 3250,
        currency: "USD",
        due_date: endOfNamedMonth(w, 12),
        description: is.containing("onboarding"),
      }),
    ],
  })),
  about("finance", "write", "void <an open invoice>, <client> says they never ordered it", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && ofClient(w, i.client.split(" ")[0]!).length === 1, "open invoice of a client with one invoice");
    return {
      say: `void ${inv.number}, ${inv.client.toLowerCase()} says they never ordered it`,
      expect: [approval(/void/, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "delete <client>'s draft invoice, we're not sending it anymore", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && ofClient(w, i.client.split(" ")[0]!).length === 1,
      "draft invoice of a client with no other invoice",
    );
    const client = inv.client.split(" ")[0]!.toLowerCase();
    return { say: `delete ${client}'s draft invoice, we're not sending it anymore`, expect: [approval(/delete/, inv.id, inv.number)] };
  }),
];

/* ---------- business figures ---------- */

const INTELLIGENCE: Case[] = [
  about("intelligence", "figure", "whats our win rate been lately", (w) => ({
    say: "whats our win rate been lately",
    expect: [figure(snapshotOf(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),
  about("intelligence", "figure", "weighted pipeline value?", (w) => {
    const totals = snapshotOf(w).growth.pipeline.totals;
    return {
      say: "weighted pipeline value?",
      expect: [money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline"), freshSnapshotAllowed()],
    };
  }),
  about("intelligence", "figure", "how's our DSO looking", (w) => {
    const known = snapshotOf(w).finance.currencies.filter((c) => c.days_sales_outstanding !== null);
    return {
      say: "how's our DSO looking",
      expect: known.length
        ? known.map((c) => figure(c.days_sales_outstanding, `days sales outstanding (${c.currency})`))
        : [figure(null, "days sales outstanding")],
    };
  }),
  about("intelligence", "figure", "how many people have we hired in the last year", (w) => ({
    say: "how many people have we hired in the last year",
    expect: [figure(snapshotOf(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),
];

export const CASES: Case[] = [...TALENT, ...GROWTH, ...FINANCE, ...INTELLIGENCE];
