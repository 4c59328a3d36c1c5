import { about, approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  candidatesOf,
  clientNames,
  contactsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  inStage,
  numbers,
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
import type { Invoice, World } from "../world.ts";

/*
 * Blind set: a bookkeeper and office manager of a small agency, English as a second language
 * (Portuguese / German / Polish / Indian English habits): European numbers (3.000,50), dates as
 * 15.12 or 15/12, "actual" for current, "eventually" for possibly, "control" for check.
 * Half finance, the other half spread over the CRM, recruiting and the business figures.
 */

/** 2026-12-15 -> "15.12" */
const dotDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}`;
/** 2026-12-15 -> "15/12" */
const slashDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;
/** 1250.5 -> "1.250,50" */
const euro = (n: number) => {
  const [whole, cents] = n.toFixed(2).split(".") as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${cents}`;
};
const invoicesOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client);
const firstWord = (name: string) => name.split(" ")[0]!;
/** A client whose first word designates it alone. */
const shortClient = (w: World, client: string) =>
  clientNames(w).filter((c) => firstWord(c).toLowerCase() === firstWord(client).toLowerCase()).length === 1 ? firstWord(client) : client;
/** A client with exactly one unpaid invoice (nothing paid on it), all its others paid, so "the invoice of X" designates it. */
function clientWithOneBill(w: World): { client: string; invoice: Invoice } {
  for (const client of clientNames(w)) {
    const mine = invoicesOf(w, client);
    const open = mine.filter(unpaid);
    if (open.length === 1 && open[0]!.amount_paid === 0 && mine.every((i) => unpaid(i) || i.status === "paid")) return { client, invoice: open[0]! };
  }
  throw new Error("no client with exactly one unpaid invoice, the others paid");
}
const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const job = (w: World, fits: (stage: string) => boolean, what: string) => {
  const c = pick(w.candidates, (x) => fits(x.stage) && w.jobs.some((j) => j.id === x.job_id && j.status === "open"), what);
  return { candidate: c, title: pick(w.jobs, (j) => j.id === c.job_id, "job").title };
};
const uniqueCandidate = (w: World, stage: string) =>
  pick(
    w.candidates,
    (c) => c.stage === stage && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1,
    `candidate in ${stage} with a name nobody else has`,
  );

export const CASES: Case[] = [
  /* ======================= finance: reads ======================= */
  about("finance", "read", "how much is pending from <a client with unpaid invoices and no drafts>?", (w) => {
    const client = pick(
      clientNames(w),
      (c) => invoicesOf(w, c).filter(unpaid).length >= 2 && invoicesOf(w, c).every((i) => unpaid(i) || i.status === "paid"),
      "client with two unpaid invoices and nothing drafted, voided or written off",
    );
    return {
      say: `how much is pending from ${shortClient(w, client)}?`,
      expect: [money(dueSums(invoicesOf(w, client).filter(unpaid)), `amount still due from ${client}`)],
    };
  }),
  about("finance", "read", "the full list of clients who are late with payment", (w) => {
    const late = [...new Set(w.invoices.filter(overdue).map((i) => i.client))];
    const clean = clientNames(w).filter((c) => !invoicesOf(w, c).some(unpaid));
    return {
      say: "I need the list of clients which are in delay with the payment. All of them please, I must make the reminders",
      expect: [names(late, clean, late.length)],
    };
  }),
  about("finance", "read", "until when is <an open invoice, short number>?", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice not yet due");
    return { say: `until when is ${shortNumber(inv)}?`, expect: [date(inv.due_date, `due date of ${inv.number}`)] };
  }),
  about("finance", "read", "what is the situation of <an uncollectible invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "uncollectible", "uncollectible invoice");
    return {
      say: `the invoice ${inv.number} of ${inv.client}, which is the situation of it? I don't find it in my excel`,
      expect: [says("uncollectible", "written off", "write-off")],
    };
  }),
  about("finance", "read", "how many invoices are still drafts", (w) => ({
    say: "how many invoices we have still in draft, not emitted to the client?",
    expect: [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
  })),
  about("finance", "read", "sum of the overdue invoices in pounds", (w) => {
    const gbp = w.invoices.filter((i) => overdue(i) && i.currency === "GBP");
    if (!gbp.length) throw new Error("no overdue GBP invoice");
    return {
      say: "please tell me the sum of all invoices in GBP which are expired and not paid",
      expect: [money(dueSums(gbp), "overdue amount in GBP")],
    };
  }),
  about("finance", "read", "invoices more than 60 days late", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const others = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    return {
      say: "which invoices are in delay since more than 60 days? these ones I must call personally",
      expect: [names(numbers(late), numbers(others), late.length)],
    };
  }),
  about("finance", "read", "invoices paid only in part", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    const others = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
    return {
      say: "give me the invoices where the client paid only one part and there is still a rest to pay",
      expect: [names(numbers(part), numbers(others), part.length)],
    };
  }),
  about("finance", "read", "control if <a client with open but nothing overdue> has something late", (w) => {
    const client = pick(
      clientNames(w),
      (c) => invoicesOf(w, c).some((i) => i.status === "open") && !invoicesOf(w, c).some(overdue),
      "client with open invoices and none overdue",
    );
    return {
      say: `can you control if ${client} has some invoice in delay?`,
      expect: [count(0, `overdue invoices of ${client}`)],
    };
  }),

  /* ======================= finance: writes ======================= */
  about("finance", "write", "create invoice for <an account> of 3.000 euro due on <a date> (dd.mm)", (w) => {
    const client = pick(w.accounts, (a) => a.name.includes(" ") === false, "account with a one-word name").name;
    const due = addDays(today(w), 16);
    return {
      say: `please to create invoice for client ${client} of 3.000 euro, to pay until the ${dotDate(due)}`,
      expect: [created("invoice", { client: is.text(client), amount: 3000, currency: "EUR", due_date: due })],
    };
  }),
  about("finance", "write", "new invoice 1.250,50 GBP for the onboarding workshop, payment in 30 days", (w) => {
    const client = pick(w.accounts, (a) => a.country === "GB", "British account").name;
    return {
      say: `make new invoice to ${client}: 1.250,50 GBP for the onboarding workshop, payment in 30 days`,
      expect: [
        created("invoice", {
          client: is.text(client),
          amount: 1250.5,
          currency: "GBP",
          due_date: addDays(today(w), 30),
          description: is.containing("workshop"),
        }),
      ],
    };
  }),
  about("finance", "write", "the invoice of <a client with a single unpaid invoice> is paid yesterday", (w) => {
    const { client, invoice } = clientWithOneBill(w);
    return {
      say: `the invoice of ${client}, it is paid yesterday. please to register it`,
      expect: [changed("invoice", invoice.id, { status: "paid", amount_due: 0 }, invoice.number)],
    };
  }),
  about("finance", "write", "record a partial payment of 2.000,00 USD on <an unpaid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 5000, "unpaid USD invoice over 5000");
    return {
      say: `we received 2.000,00 USD from ${inv.client} for the ${shortNumber(inv)}, it is only a part, the rest comes next month`,
      expect: [changed("invoice", inv.id, { amount_paid: 2000, amount_due: Math.round((inv.amount_due - 2000) * 100) / 100, status: inv.status }, inv.number)],
    };
  }),
  about("finance", "write", "emit <a draft invoice due in the future>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "draft" && i.due_date > today(w), "draft invoice due later");
    return {
      say: `the draft ${inv.number} for ${inv.client} is controlled and ok, you can emit it now`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "move the due date of <an open invoice> to 31.01", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.due_date < endOfNamedMonth(w, 1), "open invoice due before end of January");
    return {
      say: `${inv.client} asked us more time. put please the due date of ${shortNumber(inv)} to ${slashDate(endOfNamedMonth(w, 1))}`,
      expect: [changed("invoice", inv.id, { due_date: endOfNamedMonth(w, 1) }, inv.number)],
    };
  }),
  about("finance", "write", "annul <an open invoice made twice by mistake> (waits for approval)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice with nothing paid");
    return {
      say: `the ${inv.number} for ${inv.client} we made by mistake, it is double. please annul it`,
      expect: [approval(/void/, inv.id, inv.number)],
    };
  }),

  /* ======================= finance: must not act ======================= */
  about("finance", "question", "make invoice for the new client of 5.000 (no client, no currency)", () => ({
    say: "please make invoice for the new client, 5.000",
    expect: [noChange(), asksBack()],
  })),
  about("finance", "question", "<a client with several unpaid invoices> paid the invoice (which one?)", (w) => {
    const client = pick(clientNames(w), (c) => invoicesOf(w, c).filter(unpaid).length >= 3, "client with three unpaid invoices");
    return {
      say: `${shortClient(w, client)} has paid the invoice, mark it as paid please`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "cancel <a paid invoice> (it is paid, it cannot be voided)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "paid", "paid invoice");
    return {
      say: `cancel please the invoice ${shortNumber(inv)}, the client says the amount was not correct`,
      expect: [noChange()],
    };
  }),
  about("finance", "question", "book 50.000,00 on <an unpaid invoice owing much less>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_due < 20000 && i.currency === "USD", "unpaid USD invoice under 20000");
    return {
      say: `we got ${euro(50000)} USD from ${inv.client} on the bank, please book it on ${inv.number}`,
      expect: [noChange()],
    };
  }),

  /* ======================= finance: figure ======================= */
  about("finance", "figure", "how much the clients owe us in total, per currency", (w) => ({
    say: "how much money is outside in total? I mean everything the clients still must pay us, for each currency",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),

  /* ======================= growth: reads ======================= */
  about("growth", "read", "which is the status of the deal with <an account with one open deal>?", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return { say: `which is the status of the deal with ${account}?`, expect: [says(stageOf(w, deal).name)] };
  }),
  about("growth", "read", "the contact persons of <an account with several contacts>", (w) => {
    const unique = uniqueContacts(w);
    const account = pick(w.accounts, (a) => unique.filter((c) => c.account_id === a.id).length >= 3, "account with three contacts of their own name");
    const mine = contactsOf(w, account.id).map(fullName);
    const others = w.contacts.filter((c) => c.account_id !== account.id).map(fullName);
    return {
      say: `I need the contact persons of ${account.name}, eventually with their function`,
      expect: [names(mine, others, mine.length)],
    };
  }),
  about("growth", "read", "how many deals are in negotiation now", (w) => {
    const stage = stageNamed(w, "Negotiation");
    return {
      say: "how many deals are now in the phase of negotiation?",
      expect: [count(w.deals.filter((d) => d.stage_id === stage.id).length, "deals in Negotiation")],
    };
  }),
  about("growth", "read", "who is inside <the active sequence> at the moment", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inside = w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id);
    const wanted = w.contacts.filter((c) => inside.includes(c.id)).map(fullName);
    const others = uniqueContacts(w)
      .filter((c) => !inside.includes(c.id))
      .map(fullName);
    return { say: `who is inside the sequence "${seq.name}" at the moment?`, expect: [names(wanted, others, wanted.length)] };
  }),

  /* ======================= growth: writes ======================= */
  about("growth", "write", "put the deal of <an account, its open deal early in the pipeline> in Proposal", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    return {
      say: `put the deal of ${account} in the phase Proposal, we sent them the offer this morning`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)],
    };
  }),
  about("growth", "write", "<an account with one deal in negotiation> signed, the deal is won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    return {
      say: `good news, ${account} has signed the contract! the deal is won, please actualize it`,
      expect: [changed("deal", deal.id, { status: "won", stage_id: stageNamed(w, "Closed won").id }, deal.name)],
    };
  }),
  about("growth", "write", "add a new contact, Joana Ferreira, buyer at <an account with a domain>", (w) => {
    const account = pick(w.accounts, (a) => !!a.domain && !a.domain.endsWith(".com"), "account with a domain");
    const email = `joana.ferreira@${account.domain}`;
    return {
      say: `please to add new contact: Joana Ferreira, email ${email}, function Buyer, company ${account.name}`,
      expect: [
        created("contact", {
          first_name: is.text("Joana"),
          last_name: is.text("Ferreira"),
          email,
          title: is.containing("buyer"),
          account_id: account.id,
        }),
      ],
    };
  }),
  about("growth", "write", "enrol <a contact with a unique name> in <the active sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inside = w.enrollments.filter((e) => e.sequence_id === seq.id).map((e) => e.contact_id);
    const contact = pick(uniqueContacts(w), (c) => !!c.account_id && !inside.includes(c.id), "contact with a unique name not in the sequence");
    const account = pick(w.accounts, (a) => a.id === contact.account_id, "account").name;
    return {
      say: `make the enrolment of ${fullName(contact)} from ${account} in the sequence ${seq.name}`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),

  /* ======================= growth: must not act ======================= */
  about("growth", "question", "put <a name two contacts share> in the sequence (which one?)", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inside = w.enrollments.filter((e) => e.sequence_id === seq.id).map((e) => e.contact_id);
    const twin = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length >= 2 && same.every((o) => !inside.includes(o.id));
      },
      "a name two contacts share, none in the sequence",
    );
    return {
      say: `please put ${fullName(twin)} in the sequence ${seq.name}`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ======================= talent: reads ======================= */
  about("talent", "read", "which candidates are in interview actually", (w) => {
    const inInterview = inStage(w, "interview").map(fullName);
    const others = w.candidates.filter((c) => c.stage !== "interview").map(fullName);
    return { say: "which candidates are in interview actually?", expect: [names(inInterview, others, inInterview.length)] };
  }),
  about("talent", "read", "in which point is <a candidate with an offer>", (w) => {
    const c = uniqueCandidate(w, "offer");
    return { say: `in which point is the candidate ${fullName(c)}?`, expect: [says("offer")] };
  }),
  about("talent", "read", "which positions are open", (w) => {
    const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
    const closed = w.jobs.filter((j) => j.status === "closed").map((j) => j.title);
    return { say: "for which positions we are searching people for the moment?", expect: [names(open, closed, open.length)] };
  }),
  about("talent", "read", "how many candidates in total for <a job>", (w) => {
    const j = pick(w.jobs, (x) => candidatesOf(w, x.id).some((c) => c.stage === "rejected"), "job with a rejected candidate");
    return {
      say: `how many candidates we have in total for the position ${j.title}, all of them also the rejected?`,
      expect: [count(candidatesOf(w, j.id).length, `candidates for ${j.title}`)],
    };
  }),

  /* ======================= talent: writes ======================= */
  about("talent", "write", "put <a candidate in screening> in interview", (w) => {
    const c = uniqueCandidate(w, "screening");
    return {
      say: `put the candidate ${fullName(c)} in interview please, the phone call was good`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <a candidate who just applied>", (w) => {
    const { candidate, title } = job(w, (s) => s === "applied", "applied candidate for an open job");
    return {
      say: `${fullName(candidate)} for ${title}: we don't continue, the profile does not fit. please reject`,
      expect: [changed("candidate", candidate.id, { stage: "rejected" }, fullName(candidate))],
    };
  }),
  about("talent", "write", "register Piotr Nowak as new candidate for <an open job>, source LinkedIn", (w) => {
    const j = pick(w.jobs, (x) => x.status === "open", "open job");
    return {
      say: `register new candidate for ${j.title}: Piotr Nowak, piotr.nowak@example.pl, he came from LinkedIn`,
      expect: [
        created("candidate", {
          job_id: j.id,
          first_name: is.text("Piotr"),
          last_name: is.text("Nowak"),
          email: "piotr.nowak@example.pl",
          source: is.containing("linkedin"),
        }),
      ],
    };
  }),
  about("talent", "write", "<a candidate with an offer> accepted, change to hired", (w) => {
    const c = pick(
      inStage(w, "offer"),
      (x) => w.candidates.filter((o) => fullName(o) === fullName(x)).length === 1 && x.id !== uniqueCandidate(w, "offer").id,
      "a second candidate with an offer",
    );
    return {
      say: `${fullName(c)} accepted our offer and signs the contract on monday, please to change in hired`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),

  /* ======================= talent: must not act ======================= */
  about("talent", "question", "put him in the next phase (who?)", () => ({
    say: "the interview was very good, put him in the next phase",
    expect: [noChange(), asksBack()],
  })),

  /* ======================= intelligence: figures ======================= */
  about("intelligence", "figure", "the actual win rate of the sales", (w) => ({
    say: "which is the actual win rate of our sales? in percent please",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),
  about("intelligence", "figure", "DSO in dollars", (w) => {
    const usd = snapshot(w).finance.currencies.find((c) => c.currency === "USD");
    if (!usd) throw new Error("no USD figures in the snapshot");
    return {
      say: "my accountant asks the DSO, the days sales outstanding, for the USD invoices. how many days is it?",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding in USD")],
    };
  }),
  about("intelligence", "figure", "how many people hired in the last 12 months", (w) => ({
    say: "for the yearly report: how many persons we have hired in the last 12 months?",
    expect: [figure(snapshot(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),
];
