import { about, approval, asksBack, changed, count, created, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  candidatesOf,
  contactsOf,
  dealNames,
  dealTopic,
  dueSums,
  fullName,
  month,
  numbers,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageOf,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Candidate, Invoice, World } from "../world.ts";

/*
 * Twenty-third blind set: the office manager of a 20-person company in Lisbon (Portuguese first
 * language), with a colleague in Madrid (Spanish first language). English as a second language:
 * day-first dates, "1.500,00 €" money, false friends ("actual", "actualize"), "facture"/"factura".
 * Finance first, some sales admin, some help to recruiting.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const pad = (n: number) => String(n).padStart(2, "0");
/** "2026-12-31" -> "31/12", as a Portuguese writes it. */
const dayFirst = (date: string) => {
  const [, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${pad(d)}/${pad(m)}`;
};
/** The given day of the month `offset` months from now, as YYYY-MM-DD. */
const dayOfMonth = (w: World, offset: number, day: number) => `${month(w, offset)[0].slice(0, 8)}${pad(day)}`;
const monthName = (date: string) => MONTHS[Number(date.slice(5, 7)) - 1]!;

const clients = (w: World) => [...new Set(w.invoices.map((i) => i.client))];
const invoicesOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client);
const accountName = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "account").name;
/** Candidates whose full name nobody else has. */
const uniqueCandidates = (w: World) => w.candidates.filter((c) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1);
const jobTitle = (w: World, c: Candidate) => pick(w.jobs, (j) => j.id === c.job_id, "job").title;
const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
/** 1500 -> "1.500,00", as amounts are written in Lisbon and Madrid. */
const europeanAmount = (n: number) => n.toLocaleString("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 }); // 1.500,00

export const CASES: Case[] = [
  /* ================= reads: finance ================= */
  about("finance", "read", "how many invoices are not paid (open and late)", (w) => ({
    say: "how much invoices are not paid yet? the open ones and the ones in late, all together",
    expect: [count(w.invoices.filter(unpaid).length, "unpaid invoices")],
  })),
  about("finance", "read", "which invoices of <a client with 2-3 unpaid and some settled> are still to pay", (w) => {
    const client = pick(
      clients(w),
      (c) => {
        const mine = invoicesOf(w, c);
        const open = mine.filter(unpaid).length;
        // the others all paid: a written-off or draft one would be arguable either way
        return open >= 2 && open <= 3 && mine.some((i) => i.status === "paid") && mine.every((i) => unpaid(i) || i.status === "paid");
      },
      "client with 2 or 3 unpaid invoices and some paid ones",
    );
    const mine = invoicesOf(w, client);
    return {
      say: `which factures of ${client} are still to pay?`,
      expect: [names(numbers(mine.filter(unpaid)), numbers(mine.filter((i) => !unpaid(i))))],
    };
  }),
  about("finance", "read", "how much <a client with a part-paid invoice> still owes us", (w) => {
    const part = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "part-paid unpaid invoice");
    const owed = invoicesOf(w, part.client).filter(unpaid);
    return {
      say: `How much ${part.client} still owe to us in this moment? only what is missing to pay`,
      expect: [money(dueSums(owed), "amount still due")],
    };
  }),
  about("finance", "read", "invoices late more than 60 days", (w) => {
    const late = w.invoices.filter(overdue);
    return {
      say: "show me the invoices that are in late since more than 60 days please",
      expect: [names(numbers(late.filter((i) => i.days_overdue > 60)), numbers(late.filter((i) => i.days_overdue < 60)))],
    };
  }),
  about("finance", "read", "current state and remaining amount of <a part-paid invoice>", (w) => {
    // the last part-paid one, so that this case is not about the same client as the one above
    const inv = pick([...w.invoices].reverse(), (i) => unpaid(i) && i.amount_paid > 0, "part-paid unpaid invoice");
    return {
      say: `the facture ${shortNumber(inv)}, what is the actual situation of it? how much is missing?`,
      expect: [
        inv.status === "overdue" ? says("overdue", "past due", "late") : says("open", "not yet due", "not due"),
        money({ [inv.currency]: inv.amount_due }, "amount due"),
      ],
    };
  }),
  about("finance", "read", "open invoices (not late) due by the end of next month, day-first date", (w) => {
    const end = month(w, 1)[1];
    const fits = (i: Invoice) => i.status === "open" && i.due_date <= end;
    return {
      say: `Which invoices open have the due date until ${dayFirst(end)}? the late ones no, only the ones still in time`,
      expect: [names(numbers(w.invoices.filter(fits)), numbers(w.invoices.filter((i) => !fits(i) && (unpaid(i) || i.status === "draft"))))],
    };
  }),
  about("finance", "read", "which invoices are still drafts", (w) => ({
    say: "we have some facturas in draft, not sent still to the client? which ones are?",
    expect: [names(numbers(w.invoices.filter((i) => i.status === "draft")), numbers(w.invoices.filter((i) => i.status !== "draft")))],
  })),

  /* ================= reads: growth ================= */
  about("growth", "read", "which people work at <an account with 3+ contacts>", (w) => {
    const acc = pick(w.accounts, (a) => contactsOf(w, a.id).length >= 3, "account with 3 or more contacts");
    const mine = contactsOf(w, acc.id);
    return {
      say: `which persons work at ${acc.name}? I need the names`,
      expect: [names(mine.map(fullName), w.contacts.filter((c) => c.account_id !== acc.id).map(fullName))],
    };
  }),
  about("growth", "read", "who has <a title> at <an account>", (w) => {
    const c = pick(
      w.contacts,
      (x) =>
        !!x.title &&
        !!x.account_id &&
        contactsOf(w, x.account_id).length >= 2 &&
        contactsOf(w, x.account_id).filter((o) => o.title === x.title).length === 1 &&
        !/^(CEO|CTO)$/.test(x.title),
      "contact with a title unique in its account",
    );
    const acc = accountName(w, c.account_id);
    return {
      say: `who is the ${c.title} of ${acc}? I must send them a letter and I don't remember the name`,
      expect: [
        names(
          [fullName(c)],
          contactsOf(w, c.account_id!)
            .filter((o) => o.id !== c.id)
            .map(fullName),
        ),
      ],
    };
  }),
  about("growth", "read", "open deals over 50.000 dollars", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.currency === "USD" && d.amount !== null);
    return {
      say: "I want to see the opportunities more big, the open ones with more than 50.000 dollars",
      expect: [names(dealNames(open.filter((d) => d.amount! > 50000)), dealNames(open.filter((d) => d.amount! < 50000)))],
    };
  }),
  about("growth", "read", "in which stage is the deal of <an account with one open deal>", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `in which step is the deal with ${account}?`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "how many contacts are enrolled in <a sequence>", (w) => {
    const seq = pick(w.sequences, (s) => w.enrollments.some((e) => e.sequence_id === s.id && e.status === "active"), "sequence with enrollments");
    const n = w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").length;
    return {
      say: `how many persons are inside the sequence "${seq.name}" in this moment?`,
      expect: [count(n, "contacts enrolled")],
    };
  }),
  about("growth", "read", "how many accounts are in the United States", (w) => ({
    say: "how many client companies we have registered from United States?",
    expect: [count(w.accounts.filter((a) => a.country === "US").length, "US accounts")],
  })),

  /* ================= reads: talent ================= */
  about("talent", "read", "which candidates are at the interview stage", (w) => {
    const at = w.candidates.filter((c) => c.stage === "interview");
    return {
      say: "which candidates are in the phase of interview actually?",
      expect: [names(at.map(fullName), w.candidates.filter((c) => c.stage !== "interview").map(fullName))],
    };
  }),
  about("talent", "read", "how many candidates in total for <the job with most candidates>", (w) => {
    const job = [...w.jobs].sort((a, b) => candidatesOf(w, b.id).length - candidatesOf(w, a.id).length)[0];
    if (!job) throw new Error("no job in the data");
    return {
      say: `how many candidates we have for the vacancy of ${job.title}? counting all, also the refused ones and the hired`,
      expect: [count(candidatesOf(w, job.id).length, "candidates")],
    };
  }),
  about("talent", "read", "which jobs are open now", (w) => ({
    say: "que vacancies are open in this moment? sorry, which vacancies",
    expect: [
      names(
        w.jobs.filter((j) => j.status === "open").map((j) => j.title),
        w.jobs.filter((j) => j.status === "closed").map((j) => j.title),
      ),
    ],
  })),
  about("talent", "read", "where is <a candidate> in the process", (w) => {
    const c = pick(uniqueCandidates(w), (x) => ["screening", "offer"].includes(x.stage), "candidate in screening or offer");
    return {
      say: `in what point is ${fullName(c)} in the process for ${jobTitle(w, c)}?`,
      expect: [says(c.stage)],
    };
  }),

  /* ================= writes: finance ================= */
  about("finance", "write", "record a partial payment of 1.500,00 on <an unpaid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.currency === "EUR" && i.amount_due > 1500, "unpaid EUR invoice above 1500");
    return {
      say: `we received 1.500,00 € from ${inv.client} for the factura ${inv.number}, is only one part. Please register it`,
      expect: [
        changed(
          "invoice",
          inv.id,
          { amount_paid: Math.round((inv.amount_paid + 1500) * 100) / 100, amount_due: Math.round((inv.amount_due - 1500) * 100) / 100 },
          inv.number,
        ),
      ],
    };
  }),
  about("finance", "write", "<client> paid <an overdue invoice> in full, mark as paid", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return {
      say: `${inv.client} paid today all the ${shortNumber(inv)}, the total of ${europeanAmount(inv.amount_due)} ${inv.currency}. put it as paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "new invoice of 2500 euros for <an account>, due the 15th of next month", (w) => {
    const acc = w.accounts[0];
    if (!acc) throw new Error("no account in the data");
    const due = dayOfMonth(w, 1, 15);
    return {
      say: `make one new facture to ${acc.name} of 2500 euros, for consultancy services, the client must pay until ${dayFirst(due)}`,
      expect: [created("invoice", { client: is.text(acc.name), amount: 2500, currency: "EUR", due_date: due })],
    };
  }),
  about("finance", "write", "move the due date of <a client's only draft> to the 3rd of a later month", (w) => {
    const newDue = dayOfMonth(w, 3, 3);
    const client = pick(
      clients(w),
      (c) => {
        const drafts = invoicesOf(w, c).filter((i) => i.status === "draft");
        return drafts.length === 1 && drafts[0]!.due_date < newDue;
      },
      "client with exactly one draft",
    );
    const inv = pick(invoicesOf(w, client), (i) => i.status === "draft", "draft");
    return {
      say: `the factura in draft of ${client}, they asked more time. change the due date for 3 of ${monthName(newDue)} please`,
      expect: [changed("invoice", inv.id, { due_date: newDue }, inv.number)],
    };
  }),
  about("finance", "write", "cancel (void) <an open invoice> made with the wrong value", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice with nothing paid");
    return {
      say: `cancel the invoice ${inv.number} of ${inv.client}, it was made with the value wrong. we don't want it anymore`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ================= writes: growth ================= */
  about("growth", "write", "new contact at <an account with a domain>", (w) => {
    const acc = pick(w.accounts, (a) => !!a.domain, "account with a domain");
    const email = `joana.ferreira@${acc.domain}`;
    if (w.contacts.some((c) => c.email === email)) throw new Error("the new contact's email is taken");
    return {
      say: `make one new contact: Joana Ferreira, email ${email}, she is the Head of Finance there in ${acc.name}`,
      expect: [
        created("contact", {
          first_name: is.text("Joana"),
          last_name: is.text("Ferreira"),
          email,
          title: is.containing("Head of Finance"),
          account_id: acc.id,
        }),
      ],
    };
  }),
  about("growth", "write", "new account Padaria Lusitana, Portugal, with its site", (w) => {
    if (w.accounts.some((a) => a.name === "Padaria Lusitana" || a.domain === "padarialusitana.pt")) throw new Error("the account exists already");
    return {
      say: "put one new client company in the system: Padaria Lusitana, the site is www.padarialusitana.pt, they are from Portugal",
      expect: [created("account", { name: is.text("Padaria Lusitana"), domain: "padarialusitana.pt", country: "PT" })],
    };
  }),
  about("growth", "write", "mark the deal of <an account whose only deal is open> as won", (w) => {
    const acc = pick(
      [...w.accounts].reverse(),
      (a) => w.deals.filter((d) => d.account_id === a.id).length === 1 && w.deals.some((d) => d.account_id === a.id && d.status === "open"),
      "account whose only deal is open",
    );
    const deal = pick(w.deals, (d) => d.account_id === acc.id, "deal");
    return {
      say: `pass the deal of ${acc.name} to won, they signed the contract yesterday!`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "move <a deal in Proposal> to Negotiation", (w) => {
    const deal = pick(
      w.deals,
      (d) => d.status === "open" && stageOf(w, d).name === "Proposal" && !!d.account_id && w.deals.filter((o) => o.name === d.name).length === 1,
      "open deal in Proposal",
    );
    const target = pick(w.pipelines.find((p) => p.stages.some((s) => s.id === deal.stage_id))!.stages, (s) => s.name === "Negotiation", "Negotiation stage");
    return {
      say: `the opportunity "${dealTopic(deal)}" of ${accountName(w, deal.account_id)} advanced, now we are negotiating. Put it in the step of Negotiation`,
      expect: [changed("deal", deal.id, { stage_id: target.id }, deal.name)],
    };
  }),
  about("growth", "write", "<a lead contact> is now a customer", (w) => {
    const c = pick(uniqueContacts(w), (x) => x.lifecycle_stage === "lead" && !!x.account_id, "unique lead contact with an account");
    return {
      say: `${fullName(c)} of ${accountName(w, c.account_id)} is now customer, they bought. Please actualize the stage of the contact`,
      expect: [changed("contact", c.id, { lifecycle_stage: "customer" }, fullName(c))],
    };
  }),
  about("growth", "write", "enrol <a contact not enrolled> in <the active sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const busy = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id));
    const c = pick(uniqueContacts(w), (x) => !busy.has(x.id) && !!x.account_id && x.lifecycle_stage === "qualified", "unique qualified contact not enrolled");
    return {
      say: `put ${fullName(c)} (${accountName(w, c.account_id)}) in the sequence "${seq.name}" please`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),

  /* ================= writes: talent ================= */
  about("talent", "write", "<a candidate in progress> is rejected", (w) => {
    const c = pick(uniqueCandidates(w), (x) => ["applied", "screening", "interview"].includes(x.stage), "candidate in applied/screening/interview");
    return {
      say: `the candidate ${fullName(c)} is refused, we don't continue with this candidature for ${jobTitle(w, c)}`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "move <a candidate in screening> to interview", (w) => {
    const c = pick(uniqueCandidates(w), (x) => x.stage === "screening", "candidate in screening");
    return {
      say: `${fullName(c)} passed the screening, put the candidate in the step of interview`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "new candidate Tiago Martins for <an open job>, by referral", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open", "open job");
    return {
      say: `make one new candidate for the vacancy of ${job.title}: Tiago Martins, email tiago.martins@gmail.com, he came by referral of a colleague`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Tiago"),
          last_name: is.text("Martins"),
          email: "tiago.martins@gmail.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "open a part-time Office Assistant job in Lisbon", (w) => {
    if (w.jobs.some((j) => /office assistant/i.test(j.title))) throw new Error("the job exists already");
    return {
      say: "we need to open one vacancy of Office Assistant, here in Lisbon, in part time. can you create it?",
      expect: [created("job", { title: is.containing("Office Assistant"), location: is.containing("Lisbon"), employment_type: "part_time" })],
    };
  }),

  /* ================= figures ================= */
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "what is the percentage of deals that we win, in the last 90 days?",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
  })),
  about("intelligence", "figure", "total outstanding per currency", (w) => ({
    say: "in total, how much money the clients owe to us? separated by currency please",
    expect: [money(Object.fromEntries(snapshot(w).finance.currencies.map((c) => [c.currency, c.outstanding])), "outstanding")],
  })),
  about("intelligence", "figure", "days sales outstanding for the euro invoices", (w) => {
    const cur = snapshot(w).finance.currencies.find((c) => c.currency === "EUR") ?? snapshot(w).finance.currencies[0];
    if (!cur) throw new Error("no finance currencies in the snapshot");
    const label = cur.currency === "EUR" ? "euros" : cur.currency;
    return {
      say: `what is our DSO for the ${label}? the medium of days the clients take to pay`,
      expect: [figure(cur.days_sales_outstanding, `days sales outstanding in ${cur.currency}`)],
    };
  }),
  about("intelligence", "figure", "weighted pipeline value", (w) => ({
    say: "the value of the pipeline weighted with the probabilities, how much is it?",
    expect: [money(Object.fromEntries(snapshot(w).growth.pipeline.totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline")],
  })),

  /* ================= must not act ================= */
  about("finance", "question", "<a client with several unpaid invoices> paid 'the facture' (which one?)", (w) => {
    const client = pick(clients(w), (c) => invoicesOf(w, c).filter(unpaid).length >= 2, "client with 2+ unpaid invoices");
    return {
      say: `${client} paid the facture, mark it as paid`,
      expect: [asksBack(), noChange()],
    };
  }),
  about("finance", "question", "pay the team's salaries (not something the platform does)", (w) => ({
    say: `please pay the salaries of the team on ${dayFirst(dayOfMonth(w, 1, 28))}, are 20 persons, the same value of the last month`,
    expect: [noChange()],
  })),
  about("growth", "question", "change the phone of <a name two contacts share>", (w) => {
    const c = pick(w.contacts, (x) => w.contacts.filter((o) => fullName(o) === fullName(x)).length >= 2, "contact name shared by two contacts");
    return {
      say: `change the phone of ${fullName(c)} to +351 912 345 678`,
      expect: [asksBack(), noChange()],
    };
  }),
  about("growth", "question", "create a deal of 5000 euros 'for the client' (which client?)", () => ({
    say: "create one deal for the client, 5000 euros, the one we talked in the meeting",
    expect: [asksBack(), noChange()],
  })),
  about("talent", "question", "put 'the candidate' in interview (no name)", () => ({
    say: "put the candidate in the step of interview",
    expect: [asksBack(), noChange()],
  })),
  about("talent", "question", "hire the best candidate (which job, what is best?)", () => ({
    say: "contract the best candidate, we need somebody until the end of the month",
    expect: [asksBack(), noChange()],
  })),
];
