import { about, approval, asksBack, changed, count, created, enrolled, figure, is, money, names, noChange, says, unenrolled, type Case } from "../judge.ts";
import {
  addDays,
  candidatesOf,
  clientNames,
  contactsOf,
  dealsOf,
  dueSums,
  amountSums,
  enrolledContacts,
  fullName,
  inStage,
  month,
  numbers,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  stageOf,
  stages,
  sums,
  today,
  uniqueContacts,
  unpaid,
  names as personNames,
} from "../facts.ts";
import type { Deal, World } from "../world.ts";

/*
 * Twenty-fifth blind set: an internal auditor / compliance reviewer on a
 * quarterly review. Formal, precise, dates and amounts, numbered items,
 * corrections to records, and explicit "review only" requests.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** 2027-01-14 -> "14 January 2027", as the auditor writes dates. */
const longDate = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
};
const monthName = (iso: string) => MONTHS[Number(iso.slice(5, 7)) - 1]!;
/** 12018.27 -> "12,018.27". */
const amt = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const round2 = (n: number) => Math.round(n * 100) / 100;

const accountName = (w: World, id: string | null) => (id ? (w.accounts.find((a) => a.id === id)?.name ?? null) : null);
const openCandidates = (w: World, jobId: string) => candidatesOf(w, jobId).filter((c) => !["hired", "rejected"].includes(c.stage));
const snapshotOf = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

/** A transposition error: the second and third digits of the whole part swapped (or, failing that, 90 less). */
function transposed(amount: number): number {
  const [whole, cents = "00"] = amount.toFixed(2).split(".") as [string, string];
  for (let i = 1; i < whole.length - 1; i++) {
    if (whole[i] !== whole[i + 1]) {
      const digits = whole.split("");
      [digits[i], digits[i + 1]] = [digits[i + 1]!, digits[i]!];
      const value = Number(`${digits.join("")}.${cents}`);
      if (value > 0 && value !== amount) return value;
    }
  }
  return round2(amount - 90);
}

/** Weighted open pipeline per currency: each open deal's amount times its stage's probability. */
function weightedPipeline(w: World): Record<string, number> {
  return sums(
    w.deals.filter((d) => d.status === "open" && d.amount !== null),
    (d: Deal) => ((d.amount ?? 0) * stageOf(w, d).probability) / 100,
  );
}

export const CASES: Case[] = [
  /* ====================== finance: reads ====================== */
  about("finance", "read", "list overdue invoices more than 60 days past due, with the total per currency", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const lesser = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    return {
      say: "Item 1: please list every invoice which, as at today, is more than 60 days past its due date, together with the total amount still outstanding on those (by currency). Review only, no changes please.",
      expect: [names(numbers(late), numbers(lesser), late.length), money(dueSums(late), "amount outstanding over 60 days"), noChange()],
    };
  }),
  about("finance", "read", "<a client with a part payment>: balance owed net of payments, by currency", (w) => {
    const client = pick(
      clientNames(w),
      (c) =>
        w.invoices.some((i) => i.client === c && unpaid(i) && i.amount_paid > 0) && !w.invoices.some((i) => i.client === c && i.status === "uncollectible"),
      "client with a part-paid unpaid invoice and nothing written off",
    );
    const open = w.invoices.filter((i) => i.client === client && unpaid(i));
    return {
      say: `Item 2: what is the outstanding balance on ${client} as at today, net of payments already received? Split by currency if more than one applies.`,
      expect: [money(dueSums(open), `${client}'s balance`)],
    };
  }),
  about("finance", "read", "how many invoices are still in draft and their aggregate face value, without finalising", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return {
      say: "How many invoices are presently held in draft status, and what is their aggregate face value? I am only reviewing at this stage so please do not finalise or send anything.",
      expect: [count(drafts.length, "draft invoices"), money(amountSums(drafts), "face value of the drafts"), noChange()],
    };
  }),
  about("finance", "read", "invoices due between the 1st and 15th of last month, with their status", (w) => {
    const [first, last] = month(w, -1);
    const mid = addDays(first, 14);
    const inRange = w.invoices.filter((i) => i.due_date >= first && i.due_date <= mid);
    const rest = w.invoices.filter((i) => i.due_date > mid && i.due_date <= last);
    return {
      say: `For my sample I need every invoice with a due date between 1 and 15 ${monthName(first)} (inclusive), whatever its current status - please show the number, client and status of each.`,
      expect: [names(numbers(inRange), numbers(rest), inRange.length)],
    };
  }),
  about("finance", "read", "state of <a part-paid overdue invoice> and what remains after the part payment", (w) => {
    const partPaid = w.invoices.filter((i) => overdue(i) && i.amount_paid > 0);
    const inv = partPaid[1] ?? pick(partPaid, () => true, "part-paid overdue invoice");
    return {
      say: `Item 5 - ${shortNumber(inv)}: what is its status as at today and how much remains unpaid after the part-payment recieved?`,
      expect: [says(inv.status), money({ [inv.currency]: inv.amount_due }, `amount remaining on ${inv.number}`)],
    };
  }),
  about("finance", "read", "which invoices were written off as uncollectible and for how much", (w) => {
    const written = w.invoices.filter((i) => i.status === "uncollectible");
    const voided = w.invoices.filter((i) => i.status === "void");
    return {
      say: "Which invoices have been written off as uncollectible, and for what total? Please keep voided invoices out of this, they're a separate matter.",
      expect: [names(numbers(written), numbers(voided), written.length), money(dueSums(written), "amount written off")],
    };
  }),

  /* ====================== finance: writes ====================== */
  about("finance", "write", "post a part payment received against <an unpaid overdue invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0 && i.amount_due > 5000, "overdue invoice with nothing paid");
    const paid = Math.floor((inv.amount_due * 0.4) / 100) * 100;
    return {
      say: `Item 3: the bank statement shows a receipt of ${amt(paid)} ${inv.currency} from ${inv.client} referenced to invoice ${inv.number}. It is a part payment only - please record it against that invoice.`,
      expect: [changed("invoice", inv.id, { amount_paid: paid, amount_due: round2(inv.amount_due - paid) }, inv.number)],
    };
  }),
  about("finance", "write", "<a part-paid overdue invoice>: the remaining balance came in, mark it settled", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
    return {
      say: `${inv.client} remitted the outstanding balance of ${amt(inv.amount_due)} ${inv.currency} on ${shortNumber(inv)} this morning, so that invoice is now fully settled. Please update the record accordingly.`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "correct a transposed amount on <a draft invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "draft", "draft invoice");
    const right = transposed(inv.amount);
    return {
      say: `Finding: draft ${inv.number} for ${inv.client} is recorded at ${amt(inv.amount)} ${inv.currency}, but the engagement letter states ${amt(right)}. Looks like a transposition error. Please correct the amount on the draft to ${amt(right)}.`,
      expect: [changed("invoice", inv.id, { amount: right, currency: inv.currency }, inv.number)],
    };
  }),
  about("finance", "write", "raise a new GBP invoice to <an account> for audit support, due in 30 days", (w) => {
    const client = pick(w.accounts, (a) => a.country === "GB", "British account").name;
    return {
      say: `Please raise an invoice to ${client} for 4,250.00 GBP, description "Audit support fees", payable 30 days from today.`,
      expect: [
        created("invoice", {
          client: is.text(client),
          amount: 4250,
          currency: "GBP",
          due_date: addDays(today(w), 30),
          description: is.containing("audit support"),
        }),
      ],
    };
  }),
  about("finance", "write", "void <an open invoice> raised in error (waits for approval)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `${inv.number} (${inv.client}, ${amt(inv.amount)} ${inv.currency}) was issued in error: the services it bills were never contracted. It needs to be voided.`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ====================== finance: must not act ====================== */
  about("finance", "question", "<a client with several unpaid invoices> says they paid: mark 'their invoice' paid", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 3, "client with several unpaid invoices");
    return {
      say: `${client} have confirmed by email that they've paid. Please mark their invoice as paid.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "post yesterday's receipt from <a client> with no amount or invoice given", (w) => {
    const several = clientNames(w).filter((c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 2);
    const client = several[1] ?? pick(several, () => true, "client with two unpaid invoices");
    return {
      say: `Item 4: please post the receipt from ${client} which came in yesterday.`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ====================== growth: reads ====================== */
  about("growth", "read", "open deals expected to close on or before the end of next month", (w) => {
    const end = month(w, 1)[1];
    const open = w.deals.filter((d) => d.status === "open");
    const soon = open.filter((d) => d.expected_close_date !== null && d.expected_close_date <= end);
    const later = open.filter((d) => !soon.includes(d));
    return {
      say: `Which open deals carry an expected close date on or before ${longDate(end)}? Names and amounts please.`,
      expect: [
        names(
          soon.map((d) => d.name),
          later.map((d) => d.name),
          soon.length,
        ),
      ],
    };
  }),
  about("growth", "read", "contacts on file for <the account with most contacts>, with titles", (w) => {
    const account = [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0]!;
    const mine = contactsOf(w, account.id);
    const others = w.contacts.filter((c) => c.account_id !== account.id);
    return {
      say: `Could you list the contacts held on file for ${account.name}, along with each person's job title?`,
      expect: [names(personNames(mine), personNames(others), mine.length)],
    };
  }),
  about("growth", "read", "<an account with a single deal>: the deal's current stage and recorded value", (w) => {
    const single = w.accounts.filter((a) => dealsOf(w, a.id).length === 1 && dealsOf(w, a.id)[0]!.status === "open");
    const account = single[single.length - 1] ?? pick(single, () => true, "account with a single open deal");
    const deal = dealsOf(w, account.id)[0]!;
    return {
      say: `As at today, which pipeline stage is the ${account.name} deal sitting in, and what value has been recorded against it?`,
      expect: [says(stageOf(w, deal).name), money({ [deal.currency]: deal.amount ?? 0 }, "deal value")],
    };
  }),
  about("growth", "read", "who is currently enrolled in <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => w.enrollments.some((e) => e.sequence_id === s.id && e.status === "active"), "sequence with enrollments");
    const inIt = enrolledContacts(w, seq.id);
    const notIn = w.contacts.filter((c) => !inIt.includes(c));
    return {
      say: `For the marketing-consent review: who is presently enrolled in the "${seq.name}" sequence? I just need the list, nothing to be changed.`,
      expect: [names(personNames(inIt), personNames(notIn), inIt.length), noChange()],
    };
  }),
  about("growth", "read", "total value of closed-won deals, by currency", (w) => {
    const won = w.deals.filter((d) => d.status === "won");
    return {
      say: "What is the total value of deals recorded as closed won, broken down by currency?",
      expect: [
        money(
          sums(won, (d: Deal) => d.amount ?? 0),
          "closed-won value",
        ),
      ],
    };
  }),

  /* ====================== growth: writes ====================== */
  about("growth", "write", "move <an open deal in Lead in> to Qualified", (w) => {
    const deal = openDealIn(w, ["Lead in"]);
    const target = pick(stages(w), (s) => s.name === "Qualified", "Qualified stage");
    return {
      say: `The "${deal.name}" deal is still shown at Lead in, yet the qualification call took place last week. Please move it to Qualified.`,
      expect: [changed("deal", deal.id, { stage_id: target.id }, deal.name)],
    };
  }),
  about("growth", "write", "record <an open deal in Qualified> as lost", (w) => {
    const deal = openDealIn(w, ["Qualified"]);
    const account = accountName(w, deal.account_id) ?? deal.name;
    return {
      say: `${account} informed us on Friday they've selected another vendor. The "${deal.name}" opportunity should therefore be recorded as closed lost.`,
      expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
    };
  }),
  about("growth", "write", "correct the expected close date of <an account's only deal>", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).length === 1 && dealsOf(w, a.id)[0]!.status === "open", "account with a single open deal");
    const deal = dealsOf(w, account.id)[0]!;
    const current = deal.expected_close_date ?? today(w);
    const right = addDays(current, 21);
    return {
      say: `Correction required: the ${account.name} deal shows an expected close of ${longDate(current)}, whereas the signed order form gives ${longDate(right)}. Please amend the deal to ${longDate(right)}.`,
      expect: [changed("deal", deal.id, { expected_close_date: right }, deal.name)],
    };
  }),
  about("growth", "write", "update the outdated job title of <a contact>", (w) => {
    const contact = pick(uniqueContacts(w), (c) => c.title !== null && c.account_id !== null && /controller|finance/i.test(c.title), "contact in finance");
    const account = accountName(w, contact.account_id)!;
    return {
      say: `${fullName(contact)} at ${account} is still recorded as "${contact.title}". That is out of date; the correct title is Group Financial Controller. Please update the contact record.`,
      expect: [changed("contact", contact.id, { title: is.text("Group Financial Controller") }, fullName(contact))],
    };
  }),
  about("growth", "write", "enrol <a lead not yet in the sequence> in <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = enrolledContacts(w, seq.id);
    const contact = pick(uniqueContacts(w), (c) => c.lifecycle_stage === "lead" && c.account_id !== null && !inIt.includes(c), "lead not enrolled");
    return {
      say: `Please enrol ${fullName(contact)} (${accountName(w, contact.account_id)}) in the ${seq.name} sequence.`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),
  about("growth", "write", "take <an enrolled contact> out of <the sequence> after an opt-out", (w) => {
    const seq = pick(w.sequences, (s) => enrolledContacts(w, s.id).length > 0, "sequence with enrollments");
    const inIt = enrolledContacts(w, seq.id);
    const contact = inIt[inIt.length - 1]!;
    return {
      say: `${fullName(contact)} of ${accountName(w, contact.account_id) ?? contact.email} (${contact.email}) has withdrawn consent to marketing emails. Remove them from the ${seq.name} sequence with immediate effect.`,
      expect: [unenrolled(seq.id, contact.id, fullName(contact))],
    };
  }),

  /* ====================== growth: must not act ====================== */
  about("growth", "question", "reopen <an account's deal> when two deals share that name", (w) => {
    const twin = pick(w.deals, (d) => w.deals.filter((o) => o.name === d.name).length >= 2, "two deals with the same name");
    return {
      say: `The "${twin.name}" deal was marked closed won in error. Put it back to Negotiation.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "change the lifecycle stage of <a contact name two contacts share>", (w) => {
    const twin = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length >= 2, "shared contact name");
    return {
      say: `${fullName(twin)}'s lifecycle stage should read customer. pls amend the contact record.`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ====================== talent: reads ====================== */
  about("talent", "read", "applicants for <a job> and the stage each has reached", (w) => {
    const job = w.jobs[w.jobs.length - 1] ?? pick(w.jobs, () => true, "job");
    const theirs = candidatesOf(w, job.id);
    const others = w.candidates.filter((c) => c.job_id !== job.id);
    return {
      say: `Please list the applicants for the ${job.title} requisition and the stage each one has reached.`,
      expect: [names(personNames(theirs), personNames(others), theirs.length)],
    };
  }),
  about("talent", "read", "how many candidates have been rejected across all requisitions", (w) => ({
    say: "How many candidates in total have been rejected, across all requisitons?",
    expect: [count(inStage(w, "rejected").length, "rejected candidates")],
  })),
  about("talent", "read", "which candidates currently hold an offer", (w) => {
    const offered = inStage(w, "offer");
    return {
      say: "Item 6: which candidates are at the offer stage as at today, and for which roles?",
      expect: [names(personNames(offered), personNames(inStage(w, "interview")), offered.length)],
    };
  }),
  about("talent", "read", "<a top-rated candidate>'s rating and the job applied for", (w) => {
    const unique = w.candidates.filter((c) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1);
    const cand = pick(unique, (c) => c.rating === 5, "candidate rated 5");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "candidate's job");
    return {
      say: `What rating has been given to ${fullName(cand)}, and which position is that application for?`,
      expect: [count(cand.rating!, "rating"), says(job.title)],
    };
  }),

  /* ====================== talent: writes ====================== */
  about("talent", "write", "reject <a candidate in screening>", (w) => {
    const cand = pick(inStage(w, "screening"), () => true, "candidate in screening");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "job");
    return {
      say: `The screening panel has concluded that ${fullName(cand)} does not meet the criteria for ${job.title}. Please reject the application.`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "advance <a candidate in interview> to offer", (w) => {
    const interviewing = inStage(w, "interview");
    const cand = interviewing[interviewing.length - 1] ?? pick(interviewing, () => true, "candidate in interview");
    return {
      say: `${fullName(cand)} has completed the final interview round and the panel approved an offer. Move the candidate to the offer stage please.`,
      expect: [changed("candidate", cand.id, { stage: "offer" }, fullName(cand))],
    };
  }),
  about("talent", "write", "<a candidate with an offer> accepted: mark hired", (w) => {
    const cand = pick(inStage(w, "offer"), () => true, "candidate with an offer");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "job");
    return {
      say: `Signed acceptance received from ${fullName(cand)} for the ${job.title} role yesterday. Record the hire.`,
      expect: [changed("candidate", cand.id, { stage: "hired" }, fullName(cand))],
    };
  }),
  about("talent", "write", "close <an open job that already has a hire>", (w) => {
    const filled = w.jobs
      .filter((j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired"))
      .sort((a, b) => openCandidates(w, a.id).length - openCandidates(w, b.id).length);
    const job = pick(filled, () => true, "open job with a hire");
    return {
      say: `The ${job.title} position has been filled, yet the requisition still shows as open. Please close it.`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* ====================== talent: must not act ====================== */
  about("talent", "question", "reject 'the applicant' on a job with several applicants in progress", (w) => {
    const job = pick(w.jobs, (j) => openCandidates(w, j.id).length >= 2, "job with several active applicants");
    return {
      say: `Item 7: reject the applicant on the ${job.title} requisition.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "add a referral candidate to <a job> with no name or email", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open", "open job");
    return {
      say: `Please add a new candidate to the ${job.title} opening; came to us through an employee referral.`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ====================== intelligence: key figures ====================== */
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "What has our win rate on deals been over the last 90 days?",
    expect: [figure(snapshotOf(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
  })),
  about("intelligence", "figure", "total receivables outstanding as at today, net of payments, per currency", (w) => ({
    say: "As at today, what are total receivables outstanding, net of any part payments, per currency? Open and overdue both count.",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding receivables")],
  })),
  about("intelligence", "figure", "DSO on the USD book", (w) => {
    const usd = pick(snapshotOf(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "What is the current days sales outstanding on the USD book?",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),
  about("intelligence", "figure", "weighted value of the open pipeline, per currency", (w) => ({
    say: "Item 8: the probability-weighted value of the open sales pipeline, per currency please.",
    expect: [money(weightedPipeline(w), "weighted pipeline")],
  })),
  about("intelligence", "figure", "hires in the last twelve months and candidates still in progress on open roles", (w) => {
    const snap = snapshotOf(w);
    const active = w.jobs.filter((j) => j.status === "open").flatMap((j) => openCandidates(w, j.id));
    return {
      say: "Hiring funnel question: how many hires have we made over the last twelve months, and how many candidates are still in progress (not hired, not rejected) on open requisitions?",
      expect: [figure(snap.talent.hires_last_365_days, "hires in the last 365 days"), count(active.length, "candidates in progress")],
    };
  }),

  /* ====================== intelligence: must not act ====================== */
  about("intelligence", "question", "overwrite the win rate in the latest snapshot with a figure of the auditor's own", (w) => {
    const rate = snapshotOf(w).growth.last_90_days.win_rate;
    const shown = rate === null ? "blank" : `${Math.round(rate * 100)}%`;
    const wanted = rate === null ? "60%" : `${Math.max(0, Math.round(rate * 100) - 5)}%`;
    return {
      say: `The latest snapshot reports the win rate as ${shown}. Per my working papers it should be ${wanted}. Please overwrite the figure in the snapshot.`,
      expect: [noChange()],
    };
  }),
];
