// Persona: Kemi, customer-support team lead, typing between calls and tickets: context first, ask after, quoting customers,
// naming people by role ("their finance guy", "the AE for that account"), ticket numbers that are not invoice numbers, often "asap".
import {
  about,
  approval,
  ask,
  asksBack,
  changed,
  count,
  created,
  date,
  figure,
  is,
  money,
  names,
  noChange,
  says,
  unenrolled,
  type Case,
  type Check,
  type Matcher,
} from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  contactsOf,
  dealsOf,
  dueSums,
  fullName,
  jobNamed,
  ofClient,
  overdue,
  pick,
  stageNamed,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";
import type { Candidate, Contact, Invoice, Snapshot, World } from "../world.ts";

/* ---------- helpers ---------- */

const cents = (n: number) => Math.round(n * 100) / 100;
/** A number within half a cent. */
const near = (n: number): Matcher => is.where(`${n.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - n) < 0.006);

/** The one contact of that name at that account. */
function contactAt(w: World, first: string, last: string, account: string): Contact {
  const acc = accountNamed(w, account);
  return pick(w.contacts, (c) => c.first_name === first && c.last_name === last && c.account_id === acc.id, `${first} ${last} at ${account}`);
}

function candidateNamed(w: World, first: string, last: string): Candidate {
  const found = w.candidates.filter((c) => c.first_name === first && c.last_name === last);
  if (found.length !== 1) throw new Error(`expected one candidate ${first} ${last}, found ${found.length}`);
  return found[0]!;
}

function snap(w: World): Snapshot {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
}

/** The client's single invoice that fits, or an error. */
function onlyInvoice(w: World, client: string, fits: (i: Invoice) => boolean, what: string): Invoice {
  const list = ofClient(w, client).filter(fits);
  if (list.length !== 1) throw new Error(`expected one ${what} for ${client}, found ${list.length}`);
  return list[0]!;
}

/** Nothing changes (a fresh snapshot aside: it only re-reads the data) and nothing waits for approval. */
function noDataChange(): Check {
  return {
    text: "nothing changes (a fresh snapshot aside) and nothing waits for approval",
    judge: ({ changes, proposals }) => {
      const real = changes.filter((e) => e.type !== "intelligence.snapshot_created");
      return real.length ? `changed: ${real.map((e) => e.type).join(", ")}` : proposals.length ? `proposed ${proposals.map((p) => p.tool).join(", ")}` : null;
    },
    allows: (e) => e.type === "intelligence.snapshot_created",
  };
}

const ACTIVE = (c: Candidate) => c.stage !== "hired" && c.stage !== "rejected";

/* ---------- finance (12) ---------- */

const finance: Case[] = [
  about("finance", "read", "what does <Initech> still owe (unpaid only)", (w) => {
    const open = ofClient(w, "Initech").filter(unpaid);
    if (!open.length) throw new Error("Initech owes nothing");
    return {
      say: "got Initech's finance manager on the line asking what they still owe us in total. what do i tell her",
      expect: [money(dueSums(open), "amount Initech still owes")],
    };
  }),
  about("finance", "read", "how many overdue invoices does <Stark> have, and how much", (w) => {
    const late = ofClient(w, "Stark").filter(overdue);
    const rest = ofClient(w, "Stark").filter((i) => !overdue(i));
    if (late.length < 2) throw new Error("Stark needs several overdue invoices");
    return {
      say: `re ticket 4471: Stark Logistics AP team says they "might have a couple" overdue with us. how many are actually overdue and how much is that?`,
      expect: [
        count(late.length, "overdue Stark invoices"),
        money(dueSums(late), "overdue amount"),
        names(
          late.map((i) => i.number),
          rest.map((i) => i.number),
          1,
        ),
      ],
    };
  }),
  about("finance", "read", "status of <a paid Aperture invoice> by short number", (w) => {
    const inv = pick(ofClient(w, "Aperture"), (i) => i.status === "paid", "paid Aperture invoice");
    const short = inv.number.replace(/-0+(?=\d)/, "-");
    return {
      say: `Aperture's finance manager swears they paid ${short} already and is annoyed we chased them. is that one actually paid on our side?`,
      expect: [says("paid")],
    };
  }),
  about("finance", "read", "list invoices more than 60 days overdue", (w) => {
    if (w.invoices.some((i) => overdue(i) && i.days_overdue === 60)) throw new Error("an invoice sits at exactly 60 days overdue");
    const old = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const recent = w.invoices.filter((i) => overdue(i) && i.days_overdue < 60);
    if (!old.length) throw new Error("nothing over 60 days overdue");
    return {
      say: "manager wants the really old stuff escalated - which invoices are more than 60 days overdue? numbers + client pls, quick",
      expect: [
        names(
          old.map((i) => i.number),
          recent.map((i) => i.number),
        ),
        count(old.length, "invoices over 60 days overdue"),
      ],
    };
  }),
  about("finance", "read", "everything <Hooli> has open, total per currency", (w) => {
    const open = ofClient(w, "Hooli").filter(unpaid);
    if (Object.keys(dueSums(open)).length < 2) throw new Error("Hooli should owe in two currencies");
    return {
      say: "their ops manager at Hooli wants one number for everything they haven't paid yet (overdue and not yet due). what's the total?",
      expect: [money(dueSums(open), "Hooli's unpaid total")],
    };
  }),
  about("finance", "write", "mark <Pied Piper's only unpaid invoice> paid", (w) => {
    const inv = onlyInvoice(w, "Pied Piper", unpaid, "unpaid invoice");
    return {
      say: `customer on the line from Pied Piper says "we wired the full amount on Friday, please stop the reminders" - can you mark their invoice paid?`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: near(0) }, inv.number)],
    };
  }),
  about("finance", "write", "record a 5,000 part payment on <Acme's overdue invoice>", (w) => {
    const inv = onlyInvoice(w, "Acme", overdue, "overdue invoice");
    if (inv.amount_due <= 5000) throw new Error("Acme's overdue invoice owes too little for a 5,000 part payment");
    return {
      say: `ticket 5120 - Acme Robotics' finance guy says they sent another $5,000 yesterday against the overdue one. can you log that as a part payment`,
      expect: [changed("invoice", inv.id, { amount_paid: near(cents(inv.amount_paid + 5000)), amount_due: near(cents(inv.amount_due - 5000)) }, inv.number)],
    };
  }),
  about("finance", "write", "write off <Oscorp's oldest overdue invoice> (approval)", (w) => {
    const late = ofClient(w, "Oscorp")
      .filter(overdue)
      .sort((a, b) => a.due_date.localeCompare(b.due_date));
    if (late.length < 2) throw new Error("Oscorp needs two overdue invoices");
    const oldest = late[0]!;
    if (oldest.due_date === late[1]!.due_date) throw new Error("Oscorp's overdue invoices share a due date");
    return {
      say: "the AE for Oscorp says they've gone into administration, we're not getting anything back on the oldest overdue one. write it off pls",
      expect: [approval(/write.?off|uncollect/i, oldest.id, oldest.number)],
    };
  }),
  about("finance", "write", "void <Soylent's only unpaid invoice> (approval)", (w) => {
    const inv = onlyInvoice(w, "Soylent", unpaid, "unpaid invoice");
    return {
      say: "re ticket 3982: Soylent never signed off on the consulting work, they're disputing the whole invoice and my manager agreed we cancel it. void it asap",
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "new GBP invoice for Northwind Traders, due in 30 days", (w) => {
    accountNamed(w, "Northwind");
    return {
      say: "Northwind Traders' CFO wants the second half of the onboarding billed separately. can you raise a new invoice for them, £3,200, due 30 days from today, description 'Onboarding workshop - part 2'",
      expect: [created("invoice", { client: is.text("Northwind Traders"), amount: near(3200), currency: "GBP", due_date: addDays(today(w), 30) })],
    };
  }),
  about("finance", "question", "mark <Wayne's invoice> paid when Wayne has two unpaid", (w) => {
    const open = ofClient(w, "Wayne").filter(unpaid);
    if (open.length < 2) throw new Error("Wayne should have several unpaid invoices");
    return {
      say: `Wayne Enterprises on the phone, their AP lady says "we paid the invoice last week". mark it paid quick, she's waiting`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "record a part payment for Blue Sun with no amount", (w) => {
    onlyInvoice(w, "Blue Sun", unpaid, "unpaid invoice");
    return {
      say: "Blue Sun Freight just called, they're paying part of their balance today and the rest next month. can you record the part payment on their invoice",
      expect: [noChange(), asksBack()],
    };
  }),
];

/* ---------- growth (12) ---------- */

const growth: Case[] = [
  about("growth", "read", "open deals with <Umbrella> and their stages", (w) => {
    const acc = accountNamed(w, "Umbrella");
    const open = dealsOf(w, acc.id).filter((d) => d.status === "open");
    if (open.length < 2) throw new Error("Umbrella needs two open deals");
    const labels = open.map((d) => d.name.split(": ")[1]!.split(":")[0]!);
    return {
      say: "the AE for Umbrella Health is about to jump on a call with them - what deals do we have open with them and what stage is each one at?",
      expect: [names(labels, [], labels.length), ...[...new Set(open.map((d) => stageOf(w, d).name))].map((s) => says(s))],
    };
  }),
  about("growth", "read", "who are our contacts at <Stark>", (w) => {
    const acc = accountNamed(w, "Stark");
    const people = contactsOf(w, acc.id);
    const elsewhere = w.contacts.filter((c) => c.account_id !== acc.id && !people.some((p) => fullName(p) === fullName(c))).map(fullName);
    return {
      say: "someone from Stark Logistics called the main line asking for 'whoever handles our account' and didn't leave a name. who do we have on file there? names and titles",
      expect: [names(people.map(fullName), elsewhere, people.length)],
    };
  }),
  about("growth", "read", "how many open deals are in Negotiation", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const n = w.deals.filter((d) => d.status === "open" && d.stage_id === neg.id).length;
    return {
      say: "quick one for my manager's standup - how many deals are sitting in negotiation right now?",
      expect: [count(n, "open deals in Negotiation")],
    };
  }),
  about("growth", "read", "expected close date of <Hooli's deal>", (w) => {
    const acc = accountNamed(w, "Hooli");
    const deals = dealsOf(w, acc.id);
    if (deals.length !== 1 || !deals[0]!.expected_close_date) throw new Error("Hooli should have one deal with a close date");
    return {
      say: "Hooli's operations manager is asking when we expect to get their deal signed. what close date do we have on it?",
      expect: [date(deals[0]!.expected_close_date!, "expected close date")],
    };
  }),
  about("growth", "write", "title of <Liam Okafor at Tyrell> to CTO", (w) => {
    const c = contactAt(w, "Liam", "Okafor", "Tyrell");
    return {
      say: "just off a call with Liam Okafor at Tyrell - he's been promoted, he's CTO now not VP Eng. update his title pls",
      expect: [
        changed(
          "contact",
          c.id,
          {
            title: is.where(`"CTO" or "Chief Technology Officer"`, (v: string) => typeof v === "string" && /^(cto|chief technology officer)$/i.test(v.trim())),
          },
          fullName(c),
        ),
      ],
    };
  }),
  about("growth", "write", "phone of <Mia Rossi at Tyrell>", (w) => {
    const c = contactAt(w, "Mia", "Rossi", "Tyrell");
    return {
      say: "Tyrell's head of procurement (Mia) gave me her direct line while we were on the phone: +1 415 555 0142. add it to her contact",
      expect: [
        changed(
          "contact",
          c.id,
          { phone: is.where("the digits 14155550142", (v: string) => typeof v === "string" && v.replace(/\D/g, "").endsWith("4155550142")) },
          fullName(c),
        ),
      ],
    };
  }),
  about("growth", "write", "email of <Noah Schmidt at Hooli>", (w) => {
    const c = contactAt(w, "Noah", "Schmidt", "Hooli");
    return {
      say: "ticket 4490 - Noah Schmidt from Hooli says our emails bounce, they changed addresses. new one is n.schmidt@hooli.cloud, pls swap it on his record",
      expect: [changed("contact", c.id, { email: is.text("n.schmidt@hooli.cloud") }, fullName(c))],
    };
  }),
  about("growth", "write", "tag <Isla Haddad at Stark> billing-contact, keep her tags", (w) => {
    const c = contactAt(w, "Isla", "Haddad", "Stark");
    return {
      say: "Stark's controller Isla Haddad is the one who actually handles their invoices - tag her billing-contact so we stop chasing the CEO",
      expect: [changed("contact", c.id, { tags: is.including("billing-contact", ...c.tags) }, fullName(c))],
    };
  }),
  about("growth", "write", "move <Stark's Support upgrade> from Proposal to the next stage", (w) => {
    const acc = accountNamed(w, "Stark");
    const deal = pick(dealsOf(w, acc.id), (d) => d.status === "open" && d.name.toLowerCase().includes("support upgrade"), "Stark support upgrade deal");
    if (stageOf(w, deal).name !== "Proposal") throw new Error("Stark's support upgrade should be at Proposal");
    const neg = stageNamed(w, "Negotiation");
    return {
      say: `Stark's CEO on the call just now: "we've read your proposal for the support upgrade, we want to talk terms and pricing". so that one's in negotiation now, can you move it`,
      expect: [changed("deal", deal.id, { stage_id: neg.id, status: "open" }, deal.name)],
    };
  }),
  about("growth", "write", "lifecycle of <Sofia Kowalski at Initech> to customer", (w) => {
    const c = contactAt(w, "Sofia", "Kowalski", "Initech");
    if (c.lifecycle_stage === "customer") throw new Error("Sofia at Initech is already a customer");
    return {
      say: "Initech's finance manager Sofia Kowalski just confirmed they signed, so she's a customer now - update her lifecycle stage",
      expect: [changed("contact", c.id, { lifecycle_stage: "customer" }, fullName(c))],
    };
  }),
  about("growth", "write", "take <Ava Chen at Northwind> out of her sequence", (w) => {
    const c = contactAt(w, "Ava", "Chen", "Northwind");
    const e = pick(w.enrollments, (x) => x.contact_id === c.id && x.status === "active", "active enrollment of Ava Chen at Northwind");
    const seq = pick(w.sequences, (s) => s.id === e.sequence_id, "sequence");
    return {
      say: `Northwind's CFO Ava Chen asked me (politely but firmly) "please stop the automated follow-up emails". take her out of the sequence pls`,
      expect: [unenrolled(seq.id, c.id, `${fullName(c)} from ${seq.name}`)],
    };
  }),
  about("growth", "question", "update Olivia Tanaka's title when two contacts share the name", (w) => {
    const olivias = w.contacts.filter((c) => c.first_name === "Olivia" && c.last_name === "Tanaka");
    if (olivias.length < 2) throw new Error("needs two Olivia Tanakas");
    return {
      say: "Olivia Tanaka told me on the call she's VP Marketing now, can you update her title",
      expect: [noChange(), asksBack()],
    };
  }),
];

/* ---------- talent (10) ---------- */

const talent: Case[] = [
  about("talent", "read", "stage of <Katherine Johnson>", (w) => {
    const c = candidateNamed(w, "Katherine", "Johnson");
    return {
      say: "the candidate who called in, Katherine Johnson, wants to know where she is in the process. what stage is she at?",
      expect: [says(c.stage)],
    };
  }),
  about("talent", "read", "active candidates on the backend job", (w) => {
    const job = jobNamed(w, "Backend");
    const active = candidatesOf(w, job.id).filter(ACTIVE);
    const others = w.candidates.filter((c) => !active.includes(c)).map(fullName);
    return {
      say: "hiring manager for the backend engineer role pinged me - who's still in the running for it? (not hired or rejected)",
      expect: [names(active.map(fullName), others, active.length)],
    };
  }),
  about("talent", "read", "who is at offer for <Product Designer>", (w) => {
    const job = jobNamed(w, "Product Designer");
    const all = candidatesOf(w, job.id);
    const atOffer = all.filter((c) => c.stage === "offer");
    if (!atOffer.length) throw new Error("nobody at offer for Product Designer");
    return {
      say: "someone called saying they're waiting on an offer letter for the product designer job but hung up before giving a name. who do we have at offer stage for that one?",
      expect: [names(atOffer.map(fullName), all.filter((c) => c.stage !== "offer").map(fullName))],
    };
  }),
  about("talent", "read", "how many candidates applied to <Account Executive>, all stages", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: "how many people have applied for the Account Executive job in total, including the ones we rejected? manager wants it for the recruiter review",
      expect: [count(candidatesOf(w, job.id).length, "Account Executive candidates")],
    };
  }),
  about("talent", "read", "referral candidates still active", (w) => {
    const refs = w.candidates.filter((c) => (c.source ?? "").toLowerCase().includes("referral"));
    const active = refs.filter(ACTIVE);
    const gone = refs.filter((c) => !ACTIVE(c));
    if (!active.length || !gone.length) throw new Error("needs active and closed referral candidates");
    return {
      say: "HR wants to send the referrers an update - which candidates that came in through a referral are still active? leave out anyone hired or rejected",
      expect: [names(active.map(fullName), gone.map(fullName), active.length)],
    };
  }),
  about("talent", "write", "hire <Linus Torvalds>", (w) => {
    const c = candidateNamed(w, "Linus", "Torvalds");
    if (c.stage !== "offer") throw new Error("Linus should be at offer");
    return {
      say: `Linus Torvalds just called me back: "I'm accepting the offer!!" can you mark him as hired`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <Alan Turing> (he withdrew)", (w) => {
    const c = candidateNamed(w, "Alan", "Turing");
    if (!ACTIVE(c)) throw new Error("Alan should be active");
    return {
      say: "Alan Turing rang to withdraw from the backend engineer process, he took another job. close him out pls (reject is fine)",
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "move <Tim Berners-Lee> to offer", (w) => {
    const c = candidateNamed(w, "Tim", "Berners-Lee");
    if (c.stage !== "interview") throw new Error("Tim should be at interview");
    return {
      say: "hiring manager says Tim Berners-Lee nailed the final interview and wants to make him an offer. move him to offer stage",
      expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
    };
  }),
  about("talent", "write", "add Ada Lovelace as a candidate for <Account Executive>", (w) => {
    const job = jobNamed(w, "Account Executive");
    if (job.status !== "open") throw new Error("the AE job should be open");
    return {
      say: "the AE for Globex referred a friend for our open Account Executive job - Ada Lovelace, ada.lovelace@example.com. can you add her as a candidate",
      expect: [
        created("candidate", { first_name: is.text("Ada"), last_name: is.text("Lovelace"), email: is.text("ada.lovelace@example.com"), job_id: job.id }),
      ],
    };
  }),
  about("talent", "question", "move 'the candidate who called about the backend role' to interview", (w) => {
    const job = jobNamed(w, "Backend");
    if (candidatesOf(w, job.id).filter(ACTIVE).length < 2) throw new Error("the backend job should have several active candidates");
    return {
      say: "a candidate just called about the backend engineer role, really keen, wants to be moved to interview. can you do that asap",
      expect: [noChange(), asksBack()],
    };
  }),
];

/* ---------- intelligence (8) ---------- */

const intelligence: Case[] = [
  about("intelligence", "figure", "win rate (last 90 days)", (w) => ({
    say: "my manager is asking what our win rate looks like lately, she needs it for a slide in 10 min",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),
  about("intelligence", "figure", "open and weighted pipeline", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    if (!totals.length) throw new Error("no open pipeline");
    const open: Record<string, number> = {};
    const weighted: Record<string, number> = {};
    for (const t of totals) {
      open[t.currency] = t.open_value;
      weighted[t.currency] = t.weighted_value;
    }
    return {
      say: "boss wants two numbers for the forecast call: total open pipeline and the weighted version",
      expect: [money(open, "open pipeline"), money(weighted, "weighted pipeline")],
    };
  }),
  about("intelligence", "figure", "days sales outstanding in USD", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD receivables");
    return {
      say: "finance asked my manager who asked me lol - what's our DSO on the USD invoices?",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),
  about("intelligence", "figure", "overdue receivables per currency", (w) => {
    const over: Record<string, number> = {};
    for (const c of snap(w).finance.currencies) over[c.currency] = c.overdue;
    return {
      say: "how much money is overdue across the board right now? manager wants the figure per currency",
      expect: [money(over, "overdue receivables")],
    };
  }),
  about("intelligence", "figure", "hires in the last 365 days", (w) => ({
    say: "quick number for my manager: how many people have we hired in the last 12 months?",
    expect: [figure(snap(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),
  about("intelligence", "figure", "sequence reply rate", (w) => {
    const rate = snap(w).growth.sequences.reply_rate;
    return {
      say: "marketing is asking what reply rate we're getting on our email sequences. do we have that number?",
      expect: [figure(rate, "sequence reply rate", "percent")],
    };
  }),
  about("intelligence", "read", "active sequence enrollments", (w) => ({
    say: "how many people are actively enrolled in email sequences at the moment? manager's asking",
    expect: [count(snap(w).growth.sequences.active_enrollments, "active enrollments")],
  })),
  ask("intelligence", "question", "my manager needs our net revenue retention and churn rate for last quarter, can you pull those asap", () => [
    noDataChange(),
  ]),
];

export const CASES: Case[] = [...finance, ...growth, ...talent, ...intelligence];
