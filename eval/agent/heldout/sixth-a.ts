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
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  christmas,
  clientNames,
  contactsOf,
  dealNames,
  dealTopic,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  candidatesOf,
  month,
  nextWeekday,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageOf,
  sums,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Candidate, Deal, Invoice, Snapshot, Stage, World } from "../world.ts";

/*
 * sixth-a: a blind held-out set. Finance clerks, sales reps, recruiters and
 * managers typing what they would type. Every expectation is computed from
 * the World before the turn.
 */

/* ---------- small helpers over the World ---------- */

/** A client as people shorten it: its first word when that is distinctive enough, else the whole name. */
const short = (client: string) => {
  const first = client.split(" ")[0]!;
  return (first.length >= 5 ? first : client).toLowerCase();
};

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no intelligence snapshot");
  return w.snapshot;
};

/** Answering a figure from a freshly taken snapshot is fair (the money() check alone would not allow it). */
const freshSnapshotAllowed: Check = {
  text: "(taking a fresh snapshot is allowed)",
  judge: () => null,
  allows: (event) => event.type === "intelligence.snapshot_created",
};

const pipelineOf = (w: World, d: Deal) => pick(w.pipelines, (p) => p.stages.some((s) => s.id === d.stage_id), "pipeline of the deal");
const stageInPipelineOf = (w: World, d: Deal, fits: (s: Stage) => boolean, what: string) => pick(pipelineOf(w, d).stages, fits, what);

const enrolledIn = (w: World, sequenceId: string, contactId: string) =>
  w.enrollments.some((e) => e.sequence_id === sequenceId && e.contact_id === contactId && e.status === "active");

const uniqueCandidate = (w: World, c: Candidate) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1;

const round2 = (n: number) => Math.round(n * 100) / 100;

/* ---------- finance (18) ---------- */

const FINANCE: Case[] = [
  // reads
  about("finance", "read", "hey can you tell me how much <Globex> still owes us", (w) => {
    const open = ofClient(w, "Globex").filter(unpaid);
    if (!open.length) throw new Error("no unpaid Globex invoice");
    return { say: "hey can you tell me how much globex still owes us", expect: [money(dueSums(open), "balance Globex owes")] };
  }),
  about("finance", "read", "unpaid invoices for stark?", (w) => {
    const all = ofClient(w, "Stark");
    const open = all.filter(unpaid);
    if (!open.length) throw new Error("no unpaid Stark invoice");
    const settled = all.filter((i) => ["paid", "void", "uncollectible"].includes(i.status));
    return { say: "unpaid invoices for stark?", expect: [names(numbers(open), numbers(settled), open.length)] };
  }),
  about("finance", "read", "how many invoices are more than 30 days late", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 30);
    return { say: "how many invoices are more then 30 days late", expect: [count(late.length, "invoices more than 30 days overdue")] };
  }),
  about("finance", "read", "whats coming due next month? total pls", (w) => {
    const [from, to] = month(w, 1);
    const due = w.invoices.filter((i) => unpaid(i) && i.due_date >= from && i.due_date <= to);
    if (!due.length) throw new Error("no unpaid invoice due next month");
    return { say: "whats coming due next month? total pls", expect: [money(dueSums(due), "amount due next month")] };
  }),
  about("finance", "read", "late invoices over 15k", (w) => {
    const late = w.invoices.filter(overdue);
    // "over 15k": clearly over whether read as the invoice amount or the balance; clearly not when neither is.
    const over = late.filter((i) => i.amount_due > 15_000);
    const under = late.filter((i) => i.amount <= 15_000);
    if (!over.length || !under.length) throw new Error("no overdue invoices on both sides of 15k");
    return { say: "late invoices over 15k", expect: [names(numbers(over), numbers(under), over.length)] };
  }),
  about("finance", "read", "how much is left to pay on <a partly paid invoice, short number>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "partly paid invoice");
    return {
      say: `how much is left to pay on ${shortNumber(inv).toLowerCase()}`,
      expect: [money({ [inv.currency]: inv.amount_due }, `balance of ${inv.number}`)],
    };
  }),
  about("finance", "read", "when's the <client> consulting invoice due?", (w) => {
    const isConsulting = (i: Invoice) => (i.description ?? "").toLowerCase().startsWith("consulting");
    const inv = pick(
      w.invoices,
      (i) => unpaid(i) && isConsulting(i) && w.invoices.filter((o) => o.client === i.client && isConsulting(o)).length === 1,
      "unpaid consulting invoice, the client's only consulting one",
    );
    return { say: `when's the ${inv.client.toLowerCase()} consulting invoice due?`, expect: [date(inv.due_date, `due date of ${inv.number}`)] };
  }),
  about("finance", "read", "show me everything we wrote off", (w) => {
    const off = w.invoices.filter((i) => i.status === "uncollectible");
    if (!off.length) throw new Error("no uncollectible invoice");
    const rest = w.invoices.filter((i) => i.status === "void" || i.status === "paid");
    return { say: "show me everything we wrote off", expect: [names(numbers(off), numbers(rest), off.length)] };
  }),
  about("finance", "read", "which customers have more than one late invoice?", (w) => {
    const lateCount = (c: string) => w.invoices.filter((i) => i.client === c && overdue(i)).length;
    const many = clientNames(w).filter((c) => lateCount(c) >= 2);
    const one = clientNames(w).filter((c) => lateCount(c) === 1);
    if (!many.length) throw new Error("no client with two overdue invoices");
    return { say: "which customers have more than one late invoice?", expect: [names(many, one, many.length)] };
  }),
  about("finance", "read", "how many drafts are still sitting there unsent", (w) => ({
    say: "how many drafts are still sitting there unsent",
    expect: [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
  })),

  // writes
  about("finance", "write", "<client> paid <an overdue invoice, short number> yesterday", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0 && i.account_id !== null, "overdue unpaid invoice of an account");
    return {
      say: `${short(inv.client)} paid ${shortNumber(inv)} yesterday`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "got a $1,500 check from <client> for <an overdue USD invoice>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 2_000 && i.amount_due < 6_000,
      "overdue USD invoice between 2k and 6k, nothing paid",
    );
    return {
      say: `got a $1,500 check from ${short(inv.client)} for ${inv.number}`,
      expect: [changed("invoice", inv.id, { amount_paid: 1500, amount_due: round2(inv.amount - 1500), status: "overdue" }, inv.number)],
    };
  }),
  ask("finance", "write", "new invoice for hooli cloud - onboarding workshop, $4,200, due end of next month", (w) => [
    created("invoice", {
      client: is.text("Hooli Cloud"),
      amount: 4200,
      currency: "USD",
      due_date: month(w, 1)[1],
      description: is.containing("onboarding"),
    }),
  ]),
  ask("finance", "write", "bill vandelay industries 12k eur for the custom integration build, due next friday, and send it out", (w) => [
    created("invoice", {
      client: is.text("Vandelay Industries"),
      amount: 12000,
      currency: "EUR",
      due_date: is.oneOf(...nextWeekday(w, 5)),
      status: "open",
    }),
  ]),
  about("finance", "write", "cancel <an open invoice> please, <client> disputed the whole thing", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "open" && i.amount_paid === 0 && w.invoices.filter((o) => o.client === i.client).length === 1,
      "open invoice of a client with no other invoice",
    );
    return {
      say: `cancel ${inv.number} please, ${short(inv.client)} disputed the whole thing`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "delete the <client> draft for <amount>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && w.invoices.filter((o) => o.client === i.client && o.status === "draft").length >= 2,
      "draft of a client with two drafts",
    );
    const amount = inv.amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return { say: `delete the ${short(inv.client)} draft for ${amount}`, expect: [approval(/delet/i, inv.id, inv.number)] };
  }),
  about("finance", "write", "push the due date on the <client> draft to jan 15", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && w.invoices.filter((o) => o.client === i.client && o.status === "draft").length === 1,
      "the only draft of a client",
    );
    const y = Number(today(w).slice(0, 4));
    const jan15 = today(w) <= `${y}-01-15` ? `${y}-01-15` : `${y + 1}-01-15`;
    return {
      say: `push the due date on the ${short(inv.client)} draft to jan 15`,
      expect: [changed("invoice", inv.id, { due_date: jan15 }, inv.number)],
    };
  }),

  // too vague
  ask("finance", "question", "record a payment of 500", () => [noChange(), asksBack()]),
];

/* ---------- growth (13) ---------- */

const GROWTH: Case[] = [
  // reads
  about("growth", "read", "which deals are sitting in negotiation", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const inNeg = open.filter((d) => stageOf(w, d).name === "Negotiation");
    if (!inNeg.length) throw new Error("no deal in Negotiation");
    const rest = open.filter((d) => stageOf(w, d).name !== "Negotiation");
    return { say: "which deals are sitting in negotiation", expect: [names(dealNames(inNeg), dealNames(rest), inNeg.length)] };
  }),
  about("growth", "read", "who do we know over at stark?", (w) => {
    const stark = accountNamed(w, "Stark");
    const people = contactsOf(w, stark.id);
    if (!people.length) throw new Error("no contact at Stark");
    const others = w.contacts.filter((c) => c.account_id !== stark.id);
    return { say: "who do we know over at stark?", expect: [names(people.map(fullName), others.map(fullName), people.length)] };
  }),
  about("growth", "read", "how much pipeline have we got with umbrella health", (w) => {
    const umbrella = accountNamed(w, "Umbrella");
    const open = dealsOf(w, umbrella.id).filter((d) => d.status === "open" && d.amount !== null);
    if (!open.length) throw new Error("no open Umbrella deal");
    return {
      say: "how much pipeline have we got with umbrella health",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open pipeline with Umbrella Health",
        ),
      ],
    };
  }),
  about("growth", "read", "anything expected to close before christmas?", (w) => {
    const xmas = christmas(w);
    const open = w.deals.filter((d) => d.status === "open" && d.expected_close_date);
    const before = open.filter((d) => d.expected_close_date! < xmas);
    const after = open.filter((d) => d.expected_close_date! > xmas);
    return { say: "anything expected to close before christmas?", expect: [names(dealNames(before), dealNames(after), before.length)] };
  }),
  about("growth", "read", "how many decision makers do we have at stark logistics", (w) => {
    const stark = accountNamed(w, "Stark");
    const dms = contactsOf(w, stark.id).filter((c) => c.tags.includes("decision-maker"));
    return { say: "how many decision makers do we have at stark logistics", expect: [count(dms.length, "decision-makers at Stark Logistics")] };
  }),

  // writes
  about("growth", "write", "we lost the <account> deal :(", (w) => {
    const { deal, account } = soleOpenDeal(w);
    const lost = stageInPipelineOf(w, deal, (s) => s.kind === "lost", "lost stage");
    return {
      say: `we lost the ${short(account)} deal :(`,
      expect: [changed("deal", deal.id, { status: "lost", stage_id: lost.id }, deal.name)],
    };
  }),
  about("growth", "write", "move <account>'s <deal topic> to negotiation", (w) => {
    const deal = pick(
      w.deals,
      (d) =>
        d.status === "open" &&
        stageOf(w, d).name === "Proposal" &&
        d.account_id !== null &&
        dealsOf(w, d.account_id).length >= 2 &&
        dealsOf(w, d.account_id).filter((o) => dealTopic(o) === dealTopic(d)).length === 1,
      "open Proposal deal of an account with several deals",
    );
    const account = pick(w.accounts, (a) => a.id === deal.account_id, "deal's account");
    const negotiation = stageInPipelineOf(w, deal, (s) => s.name === "Negotiation", "Negotiation stage");
    return {
      say: `move ${short(account.name)}'s ${dealTopic(deal).toLowerCase()} to negotiation`,
      expect: [changed("deal", deal.id, { stage_id: negotiation.id, status: "open" }, deal.name)],
    };
  }),
  about("growth", "write", "add priya nair at hooli, she's their head of ops, priya.nair@<hooli's domain>", (w) => {
    const hooli = accountNamed(w, "Hooli");
    if (!hooli.domain) throw new Error("Hooli has no domain");
    const email = `priya.nair@${hooli.domain}`;
    return {
      say: `add priya nair at hooli, she's their head of ops, ${email}`,
      expect: [
        created("contact", {
          first_name: is.text("priya"),
          last_name: is.text("nair"),
          email,
          account_id: hooli.id,
          title: is.containing("head of"),
        }),
      ],
    };
  }),
  about("growth", "write", "new opp for initech - data migration, 25k usd, should close end of january", (w) => {
    const initech = accountNamed(w, "Initech");
    return {
      say: "new opp for initech - data migration, 25k usd, should close end of january",
      expect: [
        created("deal", {
          account_id: initech.id,
          amount: 25000,
          currency: "USD",
          expected_close_date: endOfNamedMonth(w, 1),
          name: is.containing("migration"),
        }),
      ],
    };
  }),
  about("growth", "write", "drop <a contact not yet enrolled> into the <sequence> sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const contact = pick(uniqueContacts(w), (c) => !enrolledIn(w, seq.id, c.id), "contact with a unique name, not enrolled");
    return {
      say: `drop ${fullName(contact).toLowerCase()} into the ${seq.name.toLowerCase()} sequence`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),
  about("growth", "write", "pull <enrolled contact whose name another contact shares> from <account> out of the <sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const contact = pick(
      w.contacts,
      (c) => c.account_id !== null && enrolledIn(w, seq.id, c.id) && w.contacts.filter((o) => fullName(o) === fullName(c)).length >= 2,
      "enrolled contact whose name is shared",
    );
    const account = pick(w.accounts, (a) => a.id === contact.account_id, "contact's account");
    return {
      say: `pull ${fullName(contact).toLowerCase()} from ${short(account.name)} out of the ${seq.name.toLowerCase()}`,
      expect: [unenrolled(seq.id, contact.id, `${fullName(contact)} (${account.name})`)],
    };
  }),
  about("growth", "write", "pause the <sequence> sequence for now", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    return { say: `pause the ${seq.name.toLowerCase()} sequence for now`, expect: [changed("sequence", seq.id, { status: "paused" }, seq.name)] };
  }),

  // too vague
  unclear("growth", "close the deal"),
];

/* ---------- talent (6) ---------- */

const TALENT: Case[] = [
  about("talent", "read", "where's <a candidate in interview> at in the process?", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "interview" && uniqueCandidate(w, x), "candidate in interview");
    return { say: `where's ${fullName(c).toLowerCase()} at in the process?`, expect: [says(c.stage)] };
  }),
  about("talent", "read", "list the canidates for the backend engineer opening", (w) => {
    const job = jobNamed(w, "Backend");
    const theirs = candidatesOf(w, job.id);
    if (!theirs.length) throw new Error("no backend candidate");
    const others = w.candidates.filter((c) => c.job_id !== job.id);
    return { say: "list the canidates for the backend engineer opening", expect: [names(theirs.map(fullName), others.map(fullName), theirs.length)] };
  }),
  about("talent", "write", "move <a candidate in screening> to interviews", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening" && uniqueCandidate(w, x), "candidate in screening");
    return { say: `move ${fullName(c).toLowerCase()} to interviews`, expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))] };
  }),
  about("talent", "write", "we're going with linus for the <his role> role, he signed!", (w) => {
    const c = pick(
      w.candidates,
      (x) => x.stage === "offer" && x.first_name === "Linus" && w.candidates.filter((o) => o.first_name === x.first_name).length === 1,
      "Linus, the only Linus, with an offer",
    );
    const job = pick(w.jobs, (j) => j.id === c.job_id, "candidate's job");
    return {
      say: `we're going with ${c.first_name.toLowerCase()} for the ${job.title.toLowerCase()} role, he signed!`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <an applied candidate>, not a fit", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "applied" && uniqueCandidate(w, x), "candidate in applied");
    return { say: `reject ${fullName(c).toLowerCase()}, not a fit`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  about("talent", "write", "new applicant for product designer: Ada Lovelace, ada.lovelace@example.com, came in through a referral", (w) => {
    const job = jobNamed(w, "Product Designer");
    return {
      say: "new applicant for product designer: Ada Lovelace, ada.lovelace@example.com, came in through a referral",
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
];

/* ---------- intelligence (6) ---------- */

const INTELLIGENCE: Case[] = [
  about("intelligence", "figure", "whats our win rate looking like", (w) => ({
    say: "whats our win rate looking like",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate (last 90 days)", "percent")],
  })),
  about("intelligence", "figure", "what's our dso on the usd side", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD receivables in the snapshot");
    return { say: "what's our dso on the usd side", expect: [figure(usd.days_sales_outstanding, "days sales outstanding in USD")] };
  }),
  about("intelligence", "figure", "what's the weighted pipeline worth right now?", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    const weighted = Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value]));
    return { say: "what's the weighted pipeline worth right now?", expect: [money(weighted, "weighted pipeline"), freshSnapshotAllowed] };
  }),
  about("intelligence", "figure", "total AR outstanding?", (w) => {
    const outstanding = Object.fromEntries(snap(w).finance.currencies.map((c) => [c.currency, c.outstanding]));
    // The same as the unpaid invoices' balances (a cross-check of the snapshot against the invoices).
    const fromInvoices = dueSums(w.invoices.filter(unpaid));
    for (const [cur, v] of Object.entries(outstanding)) {
      if (Math.abs((fromInvoices[cur] ?? 0) - v) > 0.01) throw new Error(`snapshot outstanding ${cur} ${v} differs from the invoices' ${fromInvoices[cur]}`);
    }
    return { say: "total AR outstanding?", expect: [money(outstanding, "receivables outstanding"), freshSnapshotAllowed] };
  }),
  about("intelligence", "figure", "how many new contacts did we add in the last 30 days", (w) => ({
    say: "how many new contacts did we add in the last 30 days",
    expect: [figure(snap(w).growth.new_contacts_last_30_days, "new contacts in the last 30 days")],
  })),
  about("intelligence", "figure", "how many people did we hire over the past year", (w) => ({
    say: "how many people did we hire over the past year",
    expect: [figure(snap(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),
];

export const CASES: Case[] = [...FINANCE, ...GROWTH, ...TALENT, ...INTELLIGENCE];
