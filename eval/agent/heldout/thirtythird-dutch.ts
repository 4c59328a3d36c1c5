import { about, approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  clientNames,
  contactsOf,
  dealNames,
  dealsOf,
  dueSums,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  month,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { World } from "../world.ts";

/*
 * Pieter, finance-and-admin lead at a 30-person firm in Utrecht. Fluent, direct, Dutch-flavoured
 * English: "make it on paid", "open posts", "debtors", "offerte", "vacature", "sollicitant",
 * amounts as "€ 4.250,00", dates as "per 1 March".
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** An amount as Pieter writes it: 4.250,00 */
const nl = (n: number) => n.toLocaleString("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** "15 January" for an ISO date. */
const dayMonth = (isoDate: string) => {
  const [, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]}`;
};
/** The coming first day of this month (1-12): this year when still ahead, else next year. */
const nextFirstOf = (w: World, m: number) => {
  const [y] = today(w).split("-").map(Number) as [number, number, number];
  const thisYear = `${y}-${String(m).padStart(2, "0")}-01`;
  return thisYear > today(w) ? thisYear : `${y + 1}-${String(m).padStart(2, "0")}-01`;
};
const sequenceNamed = (w: World, text: string) => pick(w.sequences, (s) => s.name.toLowerCase().includes(text.toLowerCase()), `sequence ${text}`);
const accountOf = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "account");
const isEnrolled = (w: World, contactId: string) => w.enrollments.some((e) => e.contact_id === contactId && e.status === "active");

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  about("finance", "read", "list of the open posts of <a client with several unpaid invoices>", (w) => {
    const client = pick(
      clientNames(w),
      (c) => ofClient(w, c).filter(unpaid).length >= 3 && ofClient(w, c).some((i) => !unpaid(i)),
      "client with 3+ unpaid and some settled",
    );
    const all = ofClient(w, client);
    return {
      say: `I want the list of all open posts of ${client}. Only what they still have to pay, not the paid ones.`,
      expect: [names(numbers(all.filter(unpaid)), numbers(all.filter((i) => !unpaid(i))), 3)],
    };
  }),
  about("finance", "read", "total still open at the debtors, per currency", (w) => ({
    say: "How much is still open at our debtors in total? Split per currency graag.",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "amount still open")],
  })),
  about("finance", "read", "invoices more than 60 days over the due date", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const lessLate = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    return {
      say: "Which invoices are more than 60 days over their due date? I want to call those debtors this week.",
      expect: [names(numbers(late), numbers(lessLate), late.length)],
    };
  }),
  about("finance", "read", "what is still to pay on <a partly paid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "partly paid unpaid invoice");
    return {
      say: `${inv.client} paid a part of ${shortNumber(inv)} already. How much is nog open on it?`,
      expect: [money({ [inv.currency]: inv.amount_due }, "amount still due")],
    };
  }),
  about("finance", "read", "how many invoices are still concept", (w) => ({
    say: "How many invoices are still in concept? So not sent out yet.",
    expect: [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
  })),
  about("finance", "read", "open amount of <a client with unpaid invoices in two currencies>", (w) => {
    const client = pick(
      clientNames(w),
      (c) =>
        new Set(
          ofClient(w, c)
            .filter(unpaid)
            .map((i) => i.currency),
        ).size >= 2,
      "client owing in two currencies",
    );
    return {
      say: `What does ${client} owe us at this moment, all open invoices together?`,
      expect: [money(dueSums(ofClient(w, client).filter(unpaid)), `amount ${client} owes`)],
    };
  }),
  about("finance", "read", "when must <client> pay the invoice for <description>", (w) => {
    const inv = pick(
      w.invoices,
      (i) =>
        i.status === "open" &&
        !!i.description &&
        !i.description.includes(":") &&
        ofClient(w, i.client).filter((o) => o.description === i.description).length === 1,
      "open invoice with a description unique for its client",
    );
    return {
      say: `When must ${inv.client} pay the invoice for the ${inv.description!.toLowerCase()}? I need the due date.`,
      expect: [date(inv.due_date, "due date")],
    };
  }),

  /* ---------------- reads: growth ---------------- */
  about("growth", "read", "contact persons at <an account with several contacts>", (w) => {
    const account = pick(w.accounts, (a) => contactsOf(w, a.id).length >= 3, "account with 3+ contacts");
    const theirs = contactsOf(w, account.id).map(fullName);
    const others = w.contacts.filter((c) => c.account_id !== account.id).map(fullName);
    return {
      say: `Who are our contactpersons at ${account.name}? Give me the names.`,
      expect: [names(theirs, others, theirs.length)],
    };
  }),
  about("growth", "read", "deals in the Negotiation stage", (w) => {
    const inNegotiation = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    const otherOpen = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name !== "Negotiation");
    return {
      say: "Which deals are in the phase Negotiation now?",
      expect: [names(dealNames(inNegotiation), dealNames(otherOpen), 3)],
    };
  }),
  about("growth", "read", "how many contacts run in the follow-up sequence", (w) => {
    const seq = sequenceNamed(w, "follow-up");
    return {
      say: `How many contacts are at this moment in the sequence "${seq.name}"?`,
      expect: [count(enrolledContacts(w, seq.id).length, "contacts enrolled")],
    };
  }),
  about("growth", "read", "which deals did we win", (w) => {
    const won = w.deals.filter((d) => d.status === "won");
    const notWon = w.deals.filter((d) => d.status !== "won");
    return {
      say: "Give me the deals we have won. Only the won ones, not what is still open.",
      expect: [names(dealNames(won), dealNames(notWon), 3)],
    };
  }),
  about("growth", "read", "email address of <a contact>", (w) => {
    const c = pick(uniqueContacts(w), (x) => !!x.email && x.tags.includes("decision-maker"), "unique decision-maker contact with email");
    return {
      say: `I need even the email address of ${fullName(c)}.`,
      expect: [says(c.email)],
    };
  }),
  about("growth", "read", "how many accounts are in the CRM", (w) => ({
    say: "How many accounts (companies) do we have in the CRM in total?",
    expect: [count(w.accounts.length, "accounts")],
  })),

  /* ---------------- reads: talent ---------------- */
  about("talent", "read", "sollicitanten for <an engineering vacature>", (w) => {
    const job = jobNamed(w, "Engineer");
    const theirs = candidatesOf(w, job.id).map(fullName);
    const others = w.candidates.filter((c) => c.job_id !== job.id).map(fullName);
    return {
      say: `Which sollicitanten do we have for the vacature ${job.title}?`,
      expect: [names(theirs, others, 3)],
    };
  }),
  about("talent", "read", "number of open vacatures", (w) => ({
    say: "How many vacatures are open at the moment?",
    expect: [count(w.jobs.filter((j) => j.status === "open").length, "open jobs")],
  })),
  about("talent", "read", "who is in the interview round over all vacatures", (w) => {
    const interviewing = inStage(w, "interview").map(fullName);
    const others = w.candidates.filter((c) => c.stage !== "interview").map(fullName);
    return {
      say: "Who is in the interview round at this moment? Over all vacatures.",
      expect: [names(interviewing, others, interviewing.length)],
    };
  }),
  about("talent", "read", "in which stage is <a candidate with an offer>", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "offer", "candidate with an offer");
    return {
      say: `Where is ${fullName(c)} in the process? Which stage?`,
      expect: [says("offer")],
    };
  }),

  /* ---------------- writes: finance ---------------- */
  about("finance", "write", "make the only unpaid invoice of <client> on paid", (w) => {
    const client = pick(
      clientNames(w),
      (c) => ofClient(w, c).filter(unpaid).length === 1 && ofClient(w, c).every((i) => unpaid(i) || i.status === "paid"),
      "client with one unpaid invoice and the rest paid",
    );
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "the unpaid invoice");
    return {
      say: `Can you make the invoice of ${client} on paid? The money is binnen since this morning.`,
      expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
    };
  }),
  about("finance", "write", "book a partial payment in euro on <an open invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.currency === "EUR" && i.amount_paid === 0 && i.amount_due > 2000, "open EUR invoice");
    const part = Math.floor(inv.amount_due / 2 / 500) * 500;
    return {
      say: `${inv.client} transferred € ${nl(part)} for ${shortNumber(inv)}. It is not the whole amount, the rest comes later. Book it graag.`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + part) * 100) / 100, status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "new invoice for <account> of 4.250 euro due the 3rd of next month", (w) => {
    const acc = accountNamed(w, "Northwind");
    const due = addDays(month(w, 1)[0], 2);
    return {
      say: `Make a new invoice for ${acc.name}: 4.250 euro for the onboarding workshop, no VAT on it (reverse charge). Due date the 3rd of next month.`,
      expect: [created("invoice", { client: is.text(acc.name), amount: 4250, currency: "EUR", due_date: due })],
    };
  }),
  about("finance", "write", "the concept invoice of <client> can go out", (w) => {
    const client = pick(clientNames(w), (c) => ofClient(w, c).filter((i) => i.status === "draft").length === 1, "client with one draft");
    const inv = pick(w.invoices, (i) => i.client === client && i.status === "draft", "the draft");
    return {
      say: `The concept invoice for ${client} is checked, it can go out. Finalize it.`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "shift the due date of <an open invoice> to the 15th of the month after next", (w) => {
    const target = addDays(month(w, 2)[0], 14);
    const inv = pick(w.invoices, (i) => i.status === "open" && i.due_date < target, "open invoice due before the new date");
    return {
      say: `${inv.client} asked for some extra time. Put the due date of ${shortNumber(inv)} on ${dayMonth(target)}.`,
      expect: [changed("invoice", inv.id, { due_date: target }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> that was made double", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.client !== accountNamed(w, "Northwind").name, "open invoice to void");
    return {
      say: `${shortNumber(inv)} of ${inv.client} is not correct, we will make a new one. Void it please.`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ---------------- writes: growth ---------------- */
  about("growth", "write", "the deal of <account> goes to Proposal, offerte sent", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    return {
      say: `We sent the offerte to ${account} today. Move their deal to the stage Proposal.`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)],
    };
  }),
  about("growth", "write", "<account> signed, deal on won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    return {
      say: `Good news, ${account} has signed! Put the deal on won.`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "new contact Sanne de Vries, Finance Manager at <account>", (w) => {
    const acc = pick(w.accounts, (a) => !!a.domain && a.name.startsWith("Northwind"), "Northwind account with a domain");
    const email = `sanne.devries@${acc.domain}`;
    return {
      say: `Make a new contact: Sanne de Vries, ${email}. She is the new Finance Manager at ${acc.name}.`,
      expect: [
        created("contact", {
          first_name: is.text("Sanne"),
          last_name: is.text("de Vries"),
          email,
          title: is.containing("Finance Manager"),
          account_id: acc.id,
        }),
      ],
    };
  }),
  about("growth", "write", "put <a contact> also in the follow-up sequence", (w) => {
    const seq = sequenceNamed(w, "follow-up");
    const c = pick(uniqueContacts(w), (x) => !!x.account_id && !isEnrolled(w, x.id) && x.lifecycle_stage === "lead", "unique lead not enrolled");
    return {
      say: `Put ${fullName(c)} of ${accountOf(w, c.account_id).name} also in the sequence ${seq.name}.`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("growth", "write", "make <a lead contact> qualified after a good call", (w) => {
    const leads = uniqueContacts(w).filter((x) => x.lifecycle_stage === "lead" && !!x.account_id);
    const c = leads[leads.length - 1];
    if (!c) throw new Error("no unique lead contact in the data");
    return {
      say: `I had a good call with ${fullName(c)} of ${accountOf(w, c.account_id).name} about the budget for next year. Put the lifecycle stage of that contact on qualified, they are no lead anymore.`,
      expect: [changed("contact", c.id, { lifecycle_stage: "qualified" }, fullName(c))],
    };
  }),
  about("growth", "write", "new deal Training days for <account>, 12.500 euro, closing per 1 March", (w) => {
    const acc = accountNamed(w, "Umbrella");
    return {
      say: `Make a new deal for ${acc.name}: "Training days", € 12.500,00 ex VAT, in euro. We expect to close it per 1 March.`,
      expect: [
        created("deal", {
          name: is.containing("Training days"),
          account_id: acc.id,
          amount: 12500,
          currency: "EUR",
          expected_close_date: nextFirstOf(w, 3),
        }),
      ],
    };
  }),

  /* ---------------- writes: talent ---------------- */
  about("talent", "write", "reject <an applied candidate>", (w) => {
    const c = pick(
      w.candidates,
      (x) => x.stage === "applied" && candidatesOf(w, x.job_id).some((o) => o.stage === "hired"),
      "applied candidate for a filled job",
    );
    const job = pick(w.jobs, (j) => j.id === c.job_id, "job");
    return {
      say: `Reject ${fullName(c)} for the ${job.title} vacature, we already have someone.`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "new part-time vacature Financial Controller in Utrecht", () => ({
    say: "Make a new vacature: Financial Controller, department Finance, location Utrecht, parttime.",
    expect: [
      created("job", {
        title: is.text("Financial Controller"),
        department: is.text("Finance"),
        location: is.containing("Utrecht"),
        employment_type: "part_time",
      }),
    ],
  })),
  about("talent", "write", "add sollicitant Femke Jansen to <the designer vacature>", (w) => {
    const job = jobNamed(w, "Designer");
    return {
      say: `New sollicitant for ${job.title}: Femke Jansen, femke.jansen@example.nl. She came in via a referral.`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Femke"),
          last_name: is.text("Jansen"),
          email: "femke.jansen@example.nl",
          source: is.containing("referral"),
        }),
      ],
    };
  }),

  /* ---------------- figures ---------------- */
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "What is our win rate of the last 90 days? Just the percentage.",
    expect: [figure(w.snapshot?.growth.last_90_days.win_rate ?? null, "win rate", "percent")],
  })),
  about("intelligence", "figure", "DSO on the euro invoices", (w) => {
    const eur = w.snapshot?.finance.currencies.find((c) => c.currency === "EUR");
    return {
      say: "How many days do our debtors take on average to pay us, the DSO, for the invoices in euro?",
      expect: [figure(eur?.days_sales_outstanding ?? null, "days sales outstanding in EUR")],
    };
  }),
  about("intelligence", "figure", "weighted value of the sales pipeline", (w) => {
    const totals = w.snapshot?.growth.pipeline.totals ?? [];
    return {
      say: "Give me the weighted value of the pipeline, so the open deals times their chance.",
      expect: [money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline")],
    };
  }),
  about("intelligence", "figure", "hires in the last 12 months", (w) => ({
    say: "How many people did we hire in the last 12 months?",
    expect: [figure(w.snapshot?.talent.hires_last_365_days ?? null, "hires in the last 365 days")],
  })),

  /* ---------------- must not act ---------------- */
  about("finance", "question", "make the invoice of <a client with several unpaid invoices> on paid", (w) => {
    const client = pick(clientNames(w), (c) => ofClient(w, c).filter(unpaid).length >= 3, "client with 3+ unpaid");
    return { say: `Make the invoice of ${client} on paid.`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "new invoice for <account> without amount or date", (w) => {
    const acc = accountNamed(w, "Globex");
    return { say: `Make a new invoice for ${acc.name} graag, for the consultancy of last month.`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "deal of <an account with two open deals> on won", (w) => {
    const acc = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with 2+ open deals");
    return { say: `${acc.name} said yes. Put the deal on won.`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "put <a name two contacts share> in the sequence", (w) => {
    const shared = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length >= 2 && same.every((o) => !isEnrolled(w, o.id));
      },
      "contact name shared by two, none enrolled",
    );
    return { say: `Put ${fullName(shared)} in the sequence, alvast bedankt.`, expect: [noChange(), asksBack()] };
  }),
  about("talent", "question", "move the candidate for <the engineering vacature> one stage further", (w) => {
    const job = jobNamed(w, "Engineer");
    return { say: `The sollicitant for ${job.title} can go one stage further.`, expect: [noChange(), asksBack()] };
  }),
  about("talent", "question", "close the vacature, which one not said", () => ({
    say: "We found somebody, so close the vacature.",
    expect: [noChange(), asksBack()],
  })),
];
