import { about, approval, ask, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  contactsOf,
  dealTopic,
  dueSums,
  enrolledContacts,
  fullName,
  month,
  numbers,
  ofClient,
  openDealIn,
  overdue,
  pick,
  soleOpenDeal,
  stageNamed,
  stageOf,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { World } from "../world.ts";

/*
 * Blind set: Kenji, office administrator at the Tokyo branch of a trading company.
 * Careful, formal English as a second language, with the habits of Japanese business mail.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** 2026-12-15 -> "2026/12/15", the way Kenji writes a date. */
const slash = (iso: string) => iso.replaceAll("-", "/");
/** 2026-12-15 -> "December 15th". */
function spoken(iso: string): string {
  const [, m, d] = iso.split("-").map(Number) as [number, number, number];
  const suffix = d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th";
  return `${MONTHS[m - 1]} ${d}${suffix}`;
}
const monthName = (iso: string) => MONTHS[Number(iso.slice(5, 7)) - 1]!;

function snap(w: World) {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
}
const accountOf = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "account");
const isEnrolled = (w: World, sequenceId: string, contactId: string) =>
  w.enrollments.some((e) => e.sequence_id === sequenceId && e.contact_id === contactId && e.status === "active");
const ACTIVE_STAGES = ["applied", "screening", "interview", "offer"];

export const CASES: Case[] = [
  /* ================= reads: finance ================= */
  ask("finance", "read", "How many is the number of overdue invoices at this moment?", (w) => [count(w.invoices.filter(overdue).length, "overdue invoices")]),
  about("finance", "read", "total still unpaid by Stark Logistics, per currency", (w) => {
    const list = ofClient(w, "Stark").filter(unpaid);
    if (!list.length) throw new Error("Stark Logistics has nothing unpaid");
    return {
      say: "Good morning. I want to know the total amount of unpaid of Stark Logistics. If there are some currencies, please tell me each one separately. Thank you in advance.",
      expect: [money(dueSums(list), "amount Stark Logistics still owes")],
    };
  }),
  about("finance", "read", "which Globex invoices are not paid yet", (w) => {
    const mine = ofClient(w, "Globex").filter(unpaid);
    if (!mine.length) throw new Error("Globex has nothing unpaid");
    const rest = w.invoices.filter((i) => !mine.includes(i));
    return {
      say: "Regarding the invoice of Globex, I would like to confirm which ones are not paid yet. Please kindly let me know the invoice numbers.",
      expect: [names(numbers(mine), numbers(rest), mine.length)],
    };
  }),
  about("finance", "read", "due date of <an open invoice>, asked by its number", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `Please kindly let me know the due date of ${inv.number}. The accounting team of ${inv.client} asked me by phone.`,
      expect: [date(inv.due_date, "due date")],
    };
  }),
  about("finance", "read", "unpaid invoices falling due next month, by name of the month", (w) => {
    const [from, to] = month(w, 1);
    const inMonth = w.invoices.filter((i) => unpaid(i) && i.due_date >= from && i.due_date <= to);
    const outside = w.invoices.filter((i) => unpaid(i) && !inMonth.includes(i));
    return {
      say: `I am preparing the cash flow report. Which issued invoices, not paid yet, have the due date in ${monthName(from)}? Please list them up with the client name.`,
      expect: [names(numbers(inMonth), numbers(outside), inMonth.length)],
    };
  }),
  about("finance", "read", "sum overdue in pounds only", (w) => {
    const gbp = w.invoices.filter((i) => overdue(i) && i.currency === "GBP");
    return {
      say: "Sorry for trouble, but could you tell me how much is overdue in GBP only? Our UK colleague is asking.",
      expect: [money(dueSums(gbp), "overdue amount in GBP")],
    };
  }),
  about("finance", "read", "invoices where the customer paid only a part", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    const full = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
    return {
      say: "Is there any invoice which the customer paid only a part and the rest is still remaining? Please show me.",
      expect: [names(numbers(part), numbers(full), part.length)],
    };
  }),

  /* ================= reads: growth ================= */
  about("growth", "read", "who are the contacts registered at Northwind Traders", (w) => {
    const acc = accountNamed(w, "Northwind");
    const mine = contactsOf(w, acc.id);
    const others = w.contacts.filter((c) => c.account_id !== acc.id);
    return {
      say: "Please let me know the contact persons we have registered at Northwind Traders.",
      expect: [names(mine.map(fullName), others.map(fullName), mine.length)],
    };
  }),
  about("growth", "read", "e-mail of <a title> at Globex", (w) => {
    const acc = accountNamed(w, "Globex");
    const mine = contactsOf(w, acc.id);
    const person = pick(mine, (c) => !!c.title && mine.filter((o) => o.title === c.title).length === 1, "Globex contact with a unique title");
    return {
      say: `I would like to send the documents to the ${person.title} at Globex. What is the e-mail address of this person?`,
      expect: [says(person.email)],
    };
  }),
  ask("growth", "read", "How many deals are in the Negotiation stage now?", (w) => [
    count(w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation").length, "deals in Negotiation"),
  ]),
  about("growth", "read", "amount of the only deal of <an account>", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `How much is the amount of the deal with ${account}? My manager wants to know before the meeting.`,
      expect: [money({ [deal.currency]: deal.amount ?? 0 }, "deal amount")],
    };
  }),
  about("growth", "read", "which stage <a deal of an account with two open deals> is in", (w) => {
    const acc = pick(w.accounts, (a) => w.deals.filter((d) => d.account_id === a.id && d.status === "open").length >= 2, "account with two open deals");
    const deal = pick(w.deals, (d) => d.account_id === acc.id && d.status === "open", "open deal");
    return {
      say: `I would like to confirm about the ${dealTopic(deal)} deal of ${acc.name}. Which stage is it in now?`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "who is now enrolled in the lead follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => enrolledContacts(w, s.id).length > 0, "sequence with enrollments");
    const inIt = enrolledContacts(w, seq.id);
    const notIn = w.contacts.filter((c) => !inIt.includes(c));
    return {
      say: `Please kindly let me know the members who are currently in the "${seq.name}" sequence.`,
      expect: [names(inIt.map(fullName), notIn.map(fullName))],
    };
  }),
  ask("growth", "read", "How many contacts are registered as 'lead' status?", (w) => [
    count(w.contacts.filter((c) => c.lifecycle_stage === "lead").length, "lead contacts"),
  ]),

  /* ================= reads: talent ================= */
  about("talent", "read", "how many people applied to <a job nobody was rejected from>", (w) => {
    const job = pick(
      w.jobs,
      (j) => j.status === "open" && w.candidates.some((c) => c.job_id === j.id) && !w.candidates.some((c) => c.job_id === j.id && c.stage === "rejected"),
      "open job with candidates and no rejection",
    );
    return {
      say: `How many candidates do we have for the ${job.title} position in total?`,
      expect: [count(w.candidates.filter((c) => c.job_id === job.id).length, "candidates")],
    };
  }),
  about("talent", "read", "candidates at the interview step, any job", (w) => {
    const inIt = w.candidates.filter((c) => c.stage === "interview");
    const rest = w.candidates.filter((c) => c.stage !== "interview");
    return {
      say: "For arranging the meeting rooms, please tell me the candidates who are in the interview stage now.",
      expect: [names(inIt.map(fullName), rest.map(fullName), inIt.length)],
    };
  }),
  about("talent", "read", "positions we are recruiting now", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const closed = w.jobs.filter((j) => j.status !== "open");
    return {
      say: "Which positions are we recruiting at the moment? I need it for the Tokyo branch newsletter.",
      expect: [
        names(
          open.map((j) => j.title),
          closed.map((j) => j.title),
          open.length,
        ),
      ],
    };
  }),

  /* ================= figures ================= */
  ask("intelligence", "figure", "Please kindly let me know our win rate of deals for the last 90 days.", (w) => [
    figure(snap(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent"),
  ]),
  about("intelligence", "figure", "DSO for the dollar invoices", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "Headquarters asked us the DSO (days sales outstanding). How many days is it for USD?",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding in USD")],
    };
  }),
  about("intelligence", "figure", "all money customers still owe, per currency", (w) => {
    const outstanding: Record<string, number> = {};
    for (const c of snap(w).finance.currencies) outstanding[c.currency] = c.outstanding;
    return {
      say: "For the month-end report, what is the total outstanding amount of receivables? Please show it by currency.",
      expect: [money(outstanding, "outstanding receivables")],
    };
  }),
  about("intelligence", "figure", "weighted value of the sales pipeline", (w) => {
    const weighted: Record<string, number> = {};
    for (const t of snap(w).growth.pipeline.totals) weighted[t.currency] = t.weighted_value;
    return {
      say: "Sorry to bother you. I want to know the weighted pipeline value, I mean the deal amounts considering the probability of each stage.",
      expect: [money(weighted, "weighted pipeline value")],
    };
  }),

  /* ================= writes: finance ================= */
  about("finance", "write", "the rest of <a part-paid invoice> arrived: mark it paid", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "part-paid invoice");
    return {
      say: `Regarding the invoice of ${inv.client}, ${inv.number}, we received the remaining amount today by bank transfer. Please change the status to 'paid'.`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record 5,000 dollars paid on <an overdue dollar invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 5000, "overdue USD invoice over 5,000");
    return {
      say: `We received 5,000 dollars from ${inv.client} for ${inv.number}. It is only a part of the amount, so please record this payment.`,
      expect: [changed("invoice", inv.id, { amount_paid: 5000, amount_due: Math.round((inv.amount_due - 5000) * 100) / 100 }, inv.number)],
    };
  }),
  about("finance", "write", "<an open invoice> was issued by mistake: cancel it", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
    return {
      say: `Sorry for trouble, but ${inv.number} for ${inv.client} was issued by mistake. Please cancel this invoice.`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "push the due date of <another open invoice> two weeks later", (w) => {
    const opens = w.invoices.filter((i) => i.status === "open" && i.amount_paid === 0);
    const inv = opens[1] ?? pick(opens, () => true, "second open invoice");
    const due = addDays(inv.due_date, 14);
    return {
      say: `Regarding ${inv.number} of ${inv.client}, the person in charge asked us to extend the payment term. Please change the due date to ${slash(due)}.`,
      expect: [changed("invoice", inv.id, { due_date: due }, inv.number)],
    };
  }),
  about("finance", "write", "new yen invoice for Globex due in about two weeks", (w) => {
    const due = addDays(today(w), 15);
    return {
      say: `Is it possible to register a new invoice? Client is Globex Corporation, amount JPY 1,200,000, payment due ${spoken(due)}. It is for the consulting fee of the Tokyo office.`,
      expect: [created("invoice", { client: is.text("Globex Corporation"), amount: 1200000, currency: "JPY", due_date: due })],
    };
  }),

  /* ================= writes: growth ================= */
  about("growth", "write", "register Hiroshi Sato, new sales manager at Globex", (w) => {
    const acc = accountNamed(w, "Globex");
    return {
      say: `Please register a new contact. Name: Mr. Hiroshi Sato, Sales Manager at Globex Corporation. E-mail: hiroshi.sato@${acc.domain ?? "globex.com"}. Best regards.`,
      expect: [
        created("contact", {
          first_name: is.text("Hiroshi"),
          last_name: is.text("Sato"),
          email: `hiroshi.sato@${acc.domain ?? "globex.com"}`,
          title: is.text("Sales Manager"),
          account_id: acc.id,
        }),
      ],
    };
  }),
  about("growth", "write", "advance the single open deal of <an account> to Proposal", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    const target = stageNamed(w, "Proposal");
    return {
      say: `We sent the quotation to ${account} yesterday. Please move the deal of ${account} to 'Proposal' stage.`,
      expect: [changed("deal", deal.id, { stage_id: target.id }, deal.name)],
    };
  }),
  about("growth", "write", "<a negotiation deal> is signed: closed won", (w) => {
    const deal = openDealIn(w, ["Negotiation"]);
    const acc = accountOf(w, deal.account_id);
    const pipeline = pick(w.pipelines, (p) => p.stages.some((s) => s.id === deal.stage_id), "pipeline of the deal");
    const won = pick(pipeline.stages, (s) => s.kind === "won", "won stage");
    return {
      say: `Good news! ${acc.name} signed the contract for the ${dealTopic(deal)}. Please make this deal closed won.`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "put <a lead not yet in it> into the follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const person = pick(
      uniqueContacts(w),
      (c) => c.lifecycle_stage === "lead" && !!c.account_id && !isEnrolled(w, seq.id, c.id),
      "lead contact not in the sequence",
    );
    const acc = accountOf(w, person.account_id);
    return {
      say: `Please add ${fullName(person)} of ${acc.name} to the "${seq.name}" sequence.`,
      expect: [enrolled(seq.id, person.id, fullName(person))],
    };
  }),
  about("growth", "write", "<a lead contact> became a customer", (w) => {
    const leads = uniqueContacts(w).filter((c) => c.lifecycle_stage === "lead" && !!c.account_id);
    const person = leads[1] ?? pick(leads, () => true, "second lead contact");
    const acc = accountOf(w, person.account_id);
    return {
      say: `${fullName(person)} (${acc.name}) has started the business with us. Please change the status to 'customer'.`,
      expect: [changed("contact", person.id, { lifecycle_stage: "customer" }, fullName(person))],
    };
  }),
  about("growth", "write", "new 45,000 dollar deal for Northwind, closing in about three months", (w) => {
    const acc = accountNamed(w, "Northwind");
    const close = addDays(today(w), 90);
    return {
      say: `Is it possible to register a new deal for Northwind Traders? Deal name is "Tokyo office expansion", amount is 45,000 dollars, and the expected closing date is ${slash(close)}.`,
      expect: [
        created("deal", {
          name: is.containing("Tokyo office expansion"),
          account_id: acc.id,
          amount: 45000,
          currency: "USD",
          expected_close_date: close,
        }),
      ],
    };
  }),

  /* ================= writes: talent ================= */
  about("talent", "write", "<a screening candidate> goes on to the interview", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "screening", "candidate in screening");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "job");
    return {
      say: `${fullName(cand)} (${job.title}) passed the screening. Please move to the interview stage.`,
      expect: [changed("candidate", cand.id, { stage: "interview" }, fullName(cand))],
    };
  }),
  about("talent", "write", "turn down <an applied candidate>", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "applied", "applied candidate");
    return {
      say: `Sorry, but we decided not to proceed with ${fullName(cand)}. Please reject this candidate.`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "new referral candidate Yuki Yamamoto for <an open job without a hire>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && !w.candidates.some((c) => c.job_id === j.id && c.stage === "hired"), "open job without a hire");
    return {
      say: `Is it possible to register a new candidate for the ${job.title} position? Name: Yuki Yamamoto, e-mail: yuki.yamamoto@example.jp. She came by referral from our Osaka office.`,
      expect: [
        created("candidate", {
          first_name: is.text("Yuki"),
          last_name: is.text("Yamamoto"),
          email: "yuki.yamamoto@example.jp",
          job_id: job.id,
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "close <an open job that already hired>", (w) => {
    const inProgress = (jobId: string) => w.candidates.filter((c) => c.job_id === jobId && ACTIVE_STAGES.includes(c.stage)).length;
    const filled = w.jobs
      .filter((j) => j.status === "open" && w.candidates.some((c) => c.job_id === j.id && c.stage === "hired"))
      .sort((a, b) => inProgress(a.id) - inProgress(b.id));
    const job = pick(filled, () => true, "open job with a hire");
    return {
      say: `The ${job.title} position is filled now. Please close this job posting. Thank you.`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* ================= must not act ================= */
  about("finance", "question", "mark 'the invoice' of <a client with several unpaid> paid", (w) => {
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 3,
      "client with three unpaid invoices",
    );
    return {
      say: `Regarding the invoice of ${client}, the payment was received. Please change the status to 'paid'.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "invoice for Wayne Enterprises without any amount", (w) => {
    const due = addDays(today(w), 30);
    return {
      say: `Is it possible to register an invoice for Wayne Enterprises? The due date is ${slash(due)}. Currency is USD.`,
      expect: [noChange(), asksBack()],
    };
  }),
  ask("growth", "question", "Please register the person in charge at Globex as a new contact.", () => [noChange(), asksBack()]),
  about("growth", "question", "retitle <a name two contacts share>", (w) => {
    const person = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1, "shared contact name");
    return {
      say: `Please change the job title of ${fullName(person)} to "Chief Marketing Officer".`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "delete 'the deal' of <an account with two deals>", (w) => {
    const acc = pick(
      w.accounts,
      (a) => {
        const ds = w.deals.filter((d) => d.account_id === a.id);
        return ds.length >= 2 && ds.every((d) => d.status === ds[0]!.status);
      },
      "account with two deals of the same status",
    );
    return {
      say: `Sorry for trouble, but please delete the deal of ${acc.name}. It was registered wrongly.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "reject 'the candidate' of <a job with several in progress>", (w) => {
    const job = pick(
      w.jobs,
      (j) => w.candidates.filter((c) => c.job_id === j.id && ACTIVE_STAGES.includes(c.stage)).length >= 2,
      "job with several candidates in progress",
    );
    return {
      say: `Regarding the ${job.title} position, the manager said the candidate is not suitable. Please reject.`,
      expect: [noChange(), asksBack()],
    };
  }),
];
