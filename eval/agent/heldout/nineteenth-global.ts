// Persona: Priya, operations coordinator in the Bangalore office who also covers for colleagues in Madrid and Lagos.
// Writes international / Indian English ("kindly do the needful", "revert", "as on date", "prepone"), day-first dates, European money formats.
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
  unenrolled,
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
  inStage,
  jobNamed,
  month,
  numbers,
  ofClient,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  sums,
  unpaid,
  enrolledContacts,
} from "../facts.ts";
import type { Candidate, Contact, Deal, World } from "../world.ts";

/* ---------- how Priya writes numbers and dates ---------- */

/** 12500 -> "12.500,00" (European grouping, comma decimals). */
function eu(n: number, decimals = 2): string {
  const [whole, frac] = n.toFixed(decimals).split(".") as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return frac ? `${grouped},${frac}` : grouped;
}
/** 2027-01-20 -> "20/01/2027" or "20-01-2027". */
const dmy = (iso: string, sep = "/") => {
  const [y, m, d] = iso.split("-");
  return `${d}${sep}${m}${sep}${y}`;
};
/** The 20th (or another day) of the month `ahead` months after the month of `iso`. */
function dayOfMonthAfter(iso: string, ahead: number, day: number): string {
  const [y, m] = iso.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + ahead, day));
  return d.toISOString().slice(0, 10);
}

const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const contactNamed = (w: World, name: string, accountName: string): Contact => {
  const acc = accountNamed(w, accountName);
  return pick(w.contacts, (c) => fullName(c) === name && c.account_id === acc.id, `contact ${name} at ${accountName}`);
};
const dealNamed = (w: World, name: string): Deal => pick(w.deals, (d) => d.name === name, `deal ${name}`);
const candidateNamed = (w: World, name: string): Candidate => pick(w.candidates, (c) => fullName(c) === name, `candidate ${name}`);
const sequenceNamed = (w: World, name: string) => pick(w.sequences, (s) => s.name === name, `sequence ${name}`);
const accountOfDeal = (w: World, d: Deal) => w.accounts.find((a) => a.id === d.account_id)?.name ?? d.name.split(":")[0]!;

const question = (): Check[] => [noChange(), asksBack()];

export const CASES: Case[] = [
  /* =============================== FINANCE: writes =============================== */
  about("finance", "write", "Pied Piper paid full amount for their only pending invoice: mark it paid", (w) => {
    const open = ofClient(w, "Pied Piper").filter(unpaid);
    if (open.length !== 1) throw new Error("Pied Piper should have exactly one unpaid invoice");
    const inv = open[0]!;
    return {
      say: "Hi, Pied Piper has transferred the full amount today for their pending invoice. Kindly mark invoice as paid and revert.",
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "received EUR 5.000,00 part payment from Acme Robotics against <their open EUR invoice>", (w) => {
    const inv = pick(
      ofClient(w, "Acme Robotics"),
      (i) => unpaid(i) && i.currency === "EUR" && i.amount_due > 5000,
      "Acme Robotics unpaid EUR invoice above 5000",
    );
    return {
      say: `Received EUR 5.000,00 from Acme Robotics against ${shortNumber(inv)} today. This is part payment only, balance they will pay next month. Pls update the same.`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 5000) * 100) / 100, status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),
  about("finance", "write", "Umbrella Health asked for an extension of <their open USD invoice>: new due date the 20th, two months on", (w) => {
    const inv = pick(ofClient(w, "Umbrella Health"), (i) => i.status === "open" && i.currency === "USD", "Umbrella Health open USD invoice");
    const newDate = dayOfMonthAfter(inv.due_date, 1, 20);
    return {
      say: `Umbrella Health has requested extension for ${shortNumber(inv)}. Kindly change the due date to ${dmy(newDate)} and confirm once done.`,
      expect: [changed("invoice", inv.id, { due_date: newDate }, inv.number)],
    };
  }),
  about("finance", "write", "raise new invoice to Northwind Traders for EUR 12.500,00, due <end of the month after next>", (w) => {
    const due = month(w, 2)[1];
    return {
      say: `Pls raise new invoice to Northwind Traders for EUR 12.500,00 towards annual support plan, due date ${dmy(due, "-")}.`,
      expect: [created("invoice", { client: is.text("Northwind Traders"), amount: 12500, currency: "EUR", due_date: due })],
    };
  }),
  about("finance", "write", "Globex not responding on <their overdue GBP invoice>: write it off (approval)", (w) => {
    const inv = pick(ofClient(w, "Globex"), (i) => i.status === "overdue" && i.currency === "GBP", "Globex overdue GBP invoice");
    return {
      say: `Globex is not responding on ${shortNumber(inv)} since more than 2 months, management has approved to write off the same. Kindly do the needful.`,
      expect: [approval(/uncollectible|write/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "Tyrell Biotech cleared the balance of <their part-paid invoice>: mark fully paid", (w) => {
    const inv = pick(ofClient(w, "Tyrell Biotech"), (i) => unpaid(i) && i.amount_paid > 0, "Tyrell Biotech part-paid invoice");
    return {
      say: `Tyrell Biotech has cleared balance amount ${inv.currency} ${eu(inv.amount_due)} for ${shortNumber(inv)}. Pls mark as fully paid.`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),

  /* =============================== FINANCE: reads =============================== */
  about("finance", "read", "total outstanding from Stark Logistics as on date, currency wise", (w) => ({
    say: "What is the total outstanding from Stark Logistics as on date? Need currency wise pls.",
    expect: [money(dueSums(ofClient(w, "Stark Logistics").filter(unpaid)), "Stark Logistics outstanding")],
  })),
  about("finance", "read", "list of EUR invoices pending for payment", (w) => {
    const eur = w.invoices.filter((i) => unpaid(i) && i.currency === "EUR");
    const others = w.invoices.filter((i) => unpaid(i) && i.currency !== "EUR");
    return {
      say: "Pls share the list of EUR invoices which are pending for payment. Madrid team is asking.",
      expect: [names(numbers(eur), numbers(others), eur.length)],
    };
  }),
  about("finance", "read", "which invoices are part paid", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    const others = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
    return {
      say: "Which all invoices are part paid till date? Pls give balance pending also.",
      expect: [names(numbers(part), numbers(others), part.length)],
    };
  }),
  about("finance", "read", "status of <Wonka's unpaid invoice> and how much is pending", (w) => {
    const inv = pick(ofClient(w, "Wonka"), unpaid, "Wonka unpaid invoice");
    return {
      say: `What is the status of ${shortNumber(inv)}? And how much is pending on the same?`,
      expect: [says(inv.status), money({ [inv.currency]: inv.amount_due }, "amount due")],
    };
  }),
  about("finance", "read", "unpaid USD invoices above USD 21.000,00", (w) => {
    const usd = w.invoices.filter((i) => unpaid(i) && i.currency === "USD");
    const byAmount = usd.filter((i) => i.amount > 21000);
    const byDue = usd.filter((i) => i.amount_due > 21000);
    const both = byAmount.filter((i) => byDue.includes(i));
    if (!both.length) throw new Error("no unpaid USD invoice above 21000");
    const others = w.invoices.filter((i) => unpaid(i) && !byAmount.includes(i) && !byDue.includes(i));
    return {
      say: "Kindly list all unpaid USD invoices above USD 21.000,00",
      expect: [names(numbers(both), numbers(others), both.length)],
    };
  }),

  /* =============================== FINANCE: questions =============================== */
  about("finance", "question", "Stark Logistics made payment, mark their invoice paid (several unpaid)", (w) => {
    if (ofClient(w, "Stark Logistics").filter(unpaid).length < 2) throw new Error("Stark Logistics should have several unpaid invoices");
    return { say: "Stark Logistics has made the payment, kindly mark their invoice as paid.", expect: question() };
  }),
  about("finance", "question", "prepone the due date of <Stark's open invoice> (no date given)", (w) => {
    const inv = pick(ofClient(w, "Stark Logistics"), (i) => i.status === "open", "Stark Logistics open invoice");
    return { say: `Kindly prepone the due date of ${shortNumber(inv)}, client has agreed to pay early.`, expect: question() };
  }),
  about("finance", "question", "Hooli invoice raised wrongly, void the same (several unpaid)", (w) => {
    if (ofClient(w, "Hooli Cloud").filter(unpaid).length < 2) throw new Error("Hooli Cloud should have several unpaid invoices");
    return { say: "Hooli invoice was raised wrongly by Lagos team, pls void the same.", expect: question() };
  }),

  /* =============================== GROWTH: writes =============================== */
  about("growth", "write", "add new contact Chukwuemeka Obi at Stark Logistics", (w) => {
    const stark = accountNamed(w, "Stark Logistics");
    return {
      say: "Pls add new contact in Stark Logistics - Chukwuemeka Obi, Procurement Manager, email chukwuemeka.obi@starklogistics.com, mobile +234 803 555 0192. He is handling their Lagos operations.",
      expect: [
        created("contact", {
          email: "chukwuemeka.obi@starklogistics.com",
          first_name: is.text("Chukwuemeka"),
          last_name: is.text("Obi"),
          account_id: stark.id,
          title: is.containing("procurement"),
        }),
      ],
    };
  }),
  about("growth", "write", "Stark Logistics support upgrade deal moved to negotiation", (w) => {
    const deal = dealNamed(w, "Stark Logistics: Support upgrade");
    const neg = stageNamed(w, "Negotiation");
    if (deal.stage_id === neg.id || deal.status !== "open") throw new Error("deal should be open and not yet in Negotiation");
    return {
      say: "Stark Logistics support upgrade deal has moved to negotiation stage after yesterday's call, pls update the same in system.",
      expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)],
    };
  }),
  about("growth", "write", "Hooli Cloud signed for data migration: mark the deal won", (w) => {
    const deal = dealNamed(w, "Hooli Cloud: Data migration");
    const won = stageNamed(w, "Closed won");
    return {
      say: "Good news - Hooli Cloud has signed for the data migration!! Kindly mark the deal as won.",
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "add Isla Haddad (Stark) in New lead follow-up sequence", (w) => {
    const seq = sequenceNamed(w, "New lead follow-up");
    const isla = contactNamed(w, "Isla Haddad", "Stark Logistics");
    if (enrolledContacts(w, seq.id).some((c) => c.id === isla.id)) throw new Error("Isla Haddad is already enrolled");
    return {
      say: "Kindly add Isla Haddad (Controller, Stark) in New lead follow-up sequence.",
      expect: [enrolled(seq.id, isla.id, "Isla Haddad")],
    };
  }),
  about("growth", "write", "remove Noah Schmidt of Globex from the New lead follow-up sequence", (w) => {
    const seq = sequenceNamed(w, "New lead follow-up");
    const noah = contactNamed(w, "Noah Schmidt", "Globex");
    if (!enrolledContacts(w, seq.id).some((c) => c.id === noah.id)) throw new Error("Noah Schmidt of Globex should be enrolled");
    return {
      say: "Noah Schmidt from Globex has requested not to send any more mails. Pls remove him from the New lead follow-up sequence.",
      expect: [unenrolled(seq.id, noah.id, "Noah Schmidt (Globex)")],
    };
  }),
  about("growth", "write", "create new deal for Initech: Support renewal, USD 24.000, closing <end of March>", (w) => {
    const initech = accountNamed(w, "Initech");
    const close = endOfNamedMonth(w, 3);
    return {
      say: `Create one new deal for Initech - Support renewal, USD 24.000, expected closing ${dmy(close, "-")}.`,
      expect: [created("deal", { name: is.containing("Support renewal"), account_id: initech.id, amount: 24000, currency: "USD", expected_close_date: close })],
    };
  }),

  /* =============================== GROWTH: reads =============================== */
  about("growth", "read", "how many contacts for Stark Logistics, with names", (w) => {
    const stark = accountNamed(w, "Stark Logistics");
    const mine = w.contacts.filter((c) => c.account_id === stark.id);
    const others = w.contacts.filter((c) => c.account_id !== stark.id);
    return {
      say: "How many contacts we are having for Stark Logistics? Pls share names also.",
      expect: [count(mine.length, "contacts"), names(mine.map(fullName), others.map(fullName), mine.length)],
    };
  }),
  about("growth", "read", "what all deals are in negotiation stage as on date", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const inNeg = w.deals.filter((d) => d.status === "open" && d.stage_id === neg.id);
    const accounts = [...new Set(inNeg.map((d) => accountOfDeal(w, d)))];
    const others = [...new Set(w.deals.map((d) => accountOfDeal(w, d)))].filter((a) => !accounts.includes(a));
    return {
      say: "What all deals are there in negotiation stage as on date?",
      expect: [count(inNeg.length, "deals in Negotiation"), names(accounts, others, accounts.length)],
    };
  }),
  about("growth", "read", "who all are in New lead follow-up sequence currently", (w) => {
    const seq = sequenceNamed(w, "New lead follow-up");
    const people = enrolledContacts(w, seq.id);
    return {
      say: "Who all are currently there in New lead follow-up sequence?",
      expect: [count(people.length, "enrolled contacts"), names(people.map(fullName))],
    };
  }),
  about("growth", "read", "total value of open deals with Umbrella Health", (w) => {
    const umbrella = accountNamed(w, "Umbrella Health");
    const open = dealsOf(w, umbrella.id).filter((d) => d.status === "open");
    return {
      say: "What is the total value of open deals with Umbrella Health?",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open deal value",
        ),
      ],
    };
  }),
  about("growth", "read", "Tyrell platform rollout deal is in which stage", (w) => {
    const deal = dealNamed(w, "Tyrell Biotech: Platform rollout");
    return { say: "Tyrell platform rollout deal is in which stage now? pls check once", expect: [says(stageOf(w, deal).name)] };
  }),

  /* =============================== GROWTH: questions =============================== */
  about("growth", "question", "add Olivia Tanaka in the sequence (two contacts of that name)", (w) => {
    if (w.contacts.filter((c) => fullName(c) === "Olivia Tanaka").length < 2) throw new Error("there should be two Olivia Tanakas");
    return { say: "Kindly add Olivia Tanaka in the New lead follow-up sequence.", expect: question() };
  }),
  about("growth", "question", "update deal value to EUR 45.000,00 (which deal?)", () => ({
    say: "Pls update deal value to EUR 45.000,00 as discussed in today's call.",
    expect: question(),
  })),

  /* =============================== TALENT: writes =============================== */
  about("talent", "write", "Katherine Johnson cleared interview: move to offer", (w) => {
    const c = candidateNamed(w, "Katherine Johnson");
    if (c.stage !== "interview") throw new Error("Katherine Johnson should be in interview");
    return {
      say: "Katherine Johnson has cleared final interview for Senior Backend Engineer. Pls move her to offer stage.",
      expect: [changed("candidate", c.id, { stage: "offer" }, "Katherine Johnson")],
    };
  }),
  about("talent", "write", "Linus Torvalds accepted offer: mark hired", (w) => {
    const c = candidateNamed(w, "Linus Torvalds");
    if (c.stage !== "offer") throw new Error("Linus Torvalds should be at offer");
    return {
      say: "Linus Torvalds has accepted our offer, joining on 4th Jan. Kindly mark him as hired.",
      expect: [changed("candidate", c.id, { stage: "hired" }, "Linus Torvalds")],
    };
  }),
  about("talent", "write", "Alan Turing not suitable: reject", (w) => {
    const c = candidateNamed(w, "Alan Turing");
    return {
      say: "Alan Turing is not suitable for backend role as per panel, kindly reject him.",
      expect: [changed("candidate", c.id, { stage: "rejected" }, "Alan Turing")],
    };
  }),
  about("talent", "write", "add candidate Ngozi Adeyemi for Product Designer, referral", (w) => {
    const job = jobNamed(w, "Product Designer");
    return {
      say: "Pls add new candidate for Product Designer role - Ngozi Adeyemi, email ngozi.adeyemi@gmail.com, came through referral from our Lagos team.",
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Ngozi"),
          last_name: is.text("Adeyemi"),
          email: "ngozi.adeyemi@gmail.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "open new position: Finance Analyst, Finance, Madrid, full time", () => ({
    say: "Kindly open one new position - Finance Analyst, Finance department, Madrid office, full time.",
    expect: [
      created("job", {
        title: is.containing("Finance Analyst"),
        department: is.text("Finance"),
        location: is.containing("Madrid"),
        employment_type: "full_time",
      }),
    ],
  })),

  /* =============================== TALENT: reads =============================== */
  about("talent", "read", "how many candidate are there in interview stage", (w) => {
    const list = inStage(w, "interview");
    const others = w.candidates.filter((c) => c.stage !== "interview");
    return {
      say: "how many candidate are there in interview stage currently?",
      expect: [count(list.length, "candidates in interview"), names(list.map(fullName), others.map(fullName), list.length)],
    };
  }),
  about("talent", "read", "status of Frances Allen application", (w) => {
    const c = candidateNamed(w, "Frances Allen");
    return { say: "What is the status of Frances Allen application?", expect: [says(c.stage)] };
  }),
  about("talent", "read", "who all candidates came through referral", (w) => {
    const list = w.candidates.filter((c) => (c.source ?? "").toLowerCase() === "referral");
    const others = w.candidates.filter((c) => (c.source ?? "").toLowerCase() !== "referral");
    return {
      say: "Who all candidates came through referral? Pls share with role.",
      expect: [names(list.map(fullName), others.map(fullName), list.length)],
    };
  }),
  about("talent", "read", "Senior Backend Engineer candidates, with stage", (w) => {
    const job = jobNamed(w, "Senior Backend Engineer");
    const list = candidatesOf(w, job.id);
    const others = w.candidates.filter((c) => c.job_id !== job.id);
    return {
      say: "Pls share candidates list for Senior Backend Engineer position along with their current stage.",
      expect: [names(list.map(fullName), others.map(fullName), list.length)],
    };
  }),

  /* =============================== TALENT: question =============================== */
  about("talent", "question", "reject the Product Designer candidate (several in process)", (w) => {
    const job = jobNamed(w, "Product Designer");
    const active = candidatesOf(w, job.id).filter((c) => !["hired", "rejected"].includes(c.stage));
    if (active.length < 2) throw new Error("Product Designer should have several candidates in process");
    return { say: "Pls reject the Product Designer candidate, hiring manager is not happy.", expect: question() };
  }),

  /* =============================== INTELLIGENCE: figures =============================== */
  about("intelligence", "figure", "our win rate as on date", (w) => ({
    say: "What is our win rate as on date?",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),
  about("intelligence", "figure", "DSO for EUR", (w) => {
    const eur = pick(snap(w).finance.currencies, (c) => c.currency === "EUR", "EUR in the snapshot");
    return {
      say: "Pls share DSO for EUR, Madrid team needs it for month end review.",
      expect: [figure(eur.days_sales_outstanding, "EUR days sales outstanding")],
    };
  }),
  about("intelligence", "figure", "weighted pipeline value currently", (w) => ({
    say: "What is the weighted pipeline value currently?",
    expect: [money(Object.fromEntries(snap(w).growth.pipeline.totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline")],
  })),
  about("intelligence", "figure", "GBP overdue by more than 30 days", (w) => {
    const gbp = pick(snap(w).finance.currencies, (c) => c.currency === "GBP", "GBP in the snapshot");
    const older = Math.round(((gbp.aging["31_60"] ?? 0) + (gbp.aging["61_90"] ?? 0) + (gbp.aging["90_plus"] ?? 0)) * 100) / 100;
    return { say: "How much GBP amount is overdue by more than 30 days?", expect: [money({ GBP: older }, "GBP overdue over 30 days")] };
  }),
  about("intelligence", "figure", "total receivables outstanding, currency wise", (w) => ({
    say: "Total receivables outstanding currency wise pls, need for the weekly ops call.",
    expect: [money(Object.fromEntries(snap(w).finance.currencies.map((c) => [c.currency, c.outstanding])), "outstanding receivables")],
  })),
];
