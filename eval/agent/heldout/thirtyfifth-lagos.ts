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
  type Case,
} from "../judge.ts";
import {
  addDays,
  candidatesOf,
  clientNames,
  contactsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  month,
  numbers,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  stages,
  sums,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Account, Deal, World } from "../world.ts";

/*
 * Blind set: accounts officer (and part-time HR) at a services company in Lagos.
 * Nigerian business English, the odd pidgin line, "kindly", "revert", "on or before",
 * "as at date", dates written 30th November or 30/11.
 */

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const ordinal = (d: number) => `${d}${d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th"}`;
/** "30th December" for 2026-12-30. */
const spoken = (isoDate: string) => {
  const [, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return `${ordinal(d)} ${MONTH_NAMES[m - 1]}`;
};
/** "30/12" for 2026-12-30. */
const slashed = (isoDate: string) => {
  const [, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return `${d}/${m}`;
};
const round2 = (n: number) => Math.round(n * 100) / 100;
const near = (want: number) => is.where(`${want.toFixed(2)} (to the cent)`, (v: number) => typeof v === "number" && Math.abs(v - want) < 0.005);
/** The first word of a company name ("Globex Corporation" -> "Globex"), as people shorten it. */
const short = (name: string) => name.split(" ")[0]!;
const invoicesOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client);
/** The day-th of the coming month (or this one when it is still far enough), clamped to the month's end. */
function comingDay(w: World, day: number): string {
  const [first, last] = month(w, 0);
  const thisMonth = addDays(first, day - 1);
  if (thisMonth <= last && addDays(today(w), 10) <= thisMonth) return thisMonth;
  const [nFirst, nLast] = month(w, 1);
  const next = addDays(nFirst, day - 1);
  return next <= nLast ? next : nLast;
}
/** An account that is also billed (its short name starts an invoice's client), other than these. */
function billedAccount(w: World, not: string[] = []): Account {
  return pick(
    w.accounts,
    (a) => a.domain !== null && !not.includes(a.name) && clientNames(w).some((c) => c.toLowerCase().startsWith(short(a.name).toLowerCase())),
    "account that is also billed",
  );
}
const wonStage = (w: World) => pick(stages(w), (s) => s.kind === "won", "won stage");
const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
/** An account whose only open deal sits in one of these stages (its only deal first), other than the accounts named. */
function soleDealIn(w: World, inStages: string[], not: string[]): { deal: Deal; account: string } {
  for (const onlyDeal of [true, false]) {
    for (const a of w.accounts) {
      if (not.includes(a.name)) continue;
      const all = w.deals.filter((d) => d.account_id === a.id);
      const open = all.filter((d) => d.status === "open");
      if (open.length === 1 && (!onlyDeal || all.length === 1) && inStages.includes(stageOf(w, open[0]!).name)) return { deal: open[0]!, account: a.name };
    }
  }
  throw new Error(`no account with a single open deal in ${inStages.join("/")}`);
}
const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

export const CASES: Case[] = [
  /* ================= finance: reads ================= */
  about("finance", "read", "outstanding balance on <a client with several unpaid invoices>'s account", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const all = invoicesOf(w, c);
        return all.filter(unpaid).length >= 2 && !all.some((i) => i.status === "uncollectible" || i.status === "draft");
      },
      "client with several unpaid invoices and no draft or write-off",
    );
    return {
      say: `Good morning. Kindly let me know the outstanding balance on ${short(client)}'s account as at today, I need it for the debtors schedule.`,
      expect: [money(dueSums(invoicesOf(w, client).filter(unpaid)), `balance owed by ${client}`)],
    };
  }),
  about("finance", "read", "how many invoices are overdue as at today", (w) => ({
    say: "Please how many invoices are overdue as at today?",
    expect: [count(w.invoices.filter((i) => i.status === "overdue").length, "overdue invoices")],
  })),
  about("finance", "read", "list all invoices still sitting in draft", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    const others = w.invoices.filter((i) => i.status !== "draft");
    return {
      say: "Kindly list out all the invoices we have not yet issued, I mean the ones still in draft. I want to clear them before month end.",
      expect: [names(numbers(drafts), numbers(others), drafts.length)],
    };
  }),
  about("finance", "read", "pidgin: has <a client with one unpaid overdue invoice> paid", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const all = invoicesOf(w, c);
        return all.length === 1 && all[0]!.status === "overdue" && all[0]!.amount_paid === 0;
      },
      "client with a single overdue invoice",
    );
    return {
      say: `Abeg check if ${client} don pay. How much dem still owe us?`,
      expect: [money(dueSums(invoicesOf(w, client)), `amount ${client} still owes`)],
    };
  }),
  about("finance", "read", "due date of <an open invoice, by its short number>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `Kindly confirm the due date on ${shortNumber(inv)} for me. The client is asking.`,
      expect: [date(inv.due_date, `due date of ${inv.number}`)],
    };
  }),
  about("finance", "read", "open invoices falling due on or before month end", (w) => {
    const [, end] = month(w, 0);
    const open = w.invoices.filter((i) => i.status === "open");
    const within = open.filter((i) => i.due_date >= today(w) && i.due_date <= end);
    const later = open.filter((i) => i.due_date > end);
    return {
      say: "Which of our open invoices will fall due on or before the end of this month? So I can start reminding the clients.",
      expect: [names(numbers(within), numbers(later))],
    };
  }),
  about("finance", "read", "clients that paid part of an invoice and still owe", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    const partClients = [...new Set(part.map((i) => i.client))];
    const otherDebtors = [...new Set(w.invoices.filter((i) => unpaid(i) && !partClients.includes(i.client)).map((i) => i.client))];
    return {
      say: "Good afternoon. Which clients made part payment on their invoice but still have balance outstanding?",
      expect: [names(partClients, otherDebtors)],
    };
  }),

  /* ================= finance: writes ================= */
  about("finance", "write", "raise an invoice for <an account>, 2,500 USD, due on the 30th", (w) => {
    const account = billedAccount(w);
    const due = comingDay(w, 30);
    return {
      say: `Please help me raise an invoice for ${short(account.name)} for the sum of USD 2,500 (two thousand five hundred dollars only), being consultancy fee. Payment to be made on or before ${spoken(due)}.`,
      expect: [created("invoice", { client: is.containing(short(account.name)), amount: 2500, currency: "USD", due_date: due })],
    };
  }),
  about("finance", "write", "<client> paid <an overdue invoice> in full: update it", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "overdue" && i.amount_paid === 0 && invoicesOf(w, i.client).filter(unpaid).length >= 2,
      "overdue unpaid invoice of a client with others",
    );
    return {
      say: `Kindly note that ${inv.client} has paid ${inv.number} in full, the alert came in this morning. Please update it accordingly.`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a 5,000 USD part payment on <a part-paid invoice> and give the balance", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.currency === "USD" && i.amount_paid > 0 && i.amount_due > 6000, "part-paid USD invoice");
    const balance = round2(inv.amount_due - 5000);
    return {
      say: `Good day. ${inv.client} transferred another 5,000 dollars today against invoice ${shortNumber(inv)}. Kindly post it and revert with the balance b/f.`,
      expect: [
        changed("invoice", inv.id, { amount_paid: near(round2(inv.amount_paid + 5000)), status: inv.status }, inv.number),
        money({ USD: balance }, `balance left on ${inv.number}`),
      ],
    };
  }),
  about("finance", "write", "finalise <the only draft invoice of a client>", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const drafts = invoicesOf(w, c).filter((i) => i.status === "draft");
        return drafts.length === 1 && drafts[0]!.due_date > today(w);
      },
      "client with exactly one draft invoice",
    );
    const inv = pick(invoicesOf(w, client), (i) => i.status === "draft", "draft invoice");
    return {
      say: `The draft invoice for ${client} has been approved by my oga. Please finalise it so that it becomes open.`,
      expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> raised in error (waits for approval)", (w) => {
    const inv = pick([...w.invoices].reverse(), (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
    return {
      say: `Please void invoice ${inv.number} for ${inv.client}, it was raised in error. Kindly make sure the said invoice does not go to them, we will bill them afresh.`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ================= finance: figure ================= */
  about("finance", "figure", "days sales outstanding on dollar invoices", (w) => {
    const usd = snapshot(w).finance.currencies.find((c) => c.currency === "USD");
    if (!usd) throw new Error("no USD figures in the snapshot");
    return {
      say: "Good evening. My MD wants our DSO on the dollar invoices for the management report. Kindly revert with the figure as at date. Thanks and regards.",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
    };
  }),

  /* ================= finance: must not act ================= */
  unclear("finance", "The client has paid o. Please update it accordingly and revert."),
  about("finance", "question", "mark <a client with several unpaid invoices>'s invoice paid (which one?)", (w) => {
    const client = pick(clientNames(w), (c) => invoicesOf(w, c).filter(unpaid).length >= 3, "client with three or more unpaid invoices");
    return { say: `Please mark ${short(client)} invoice as paid.`, expect: [noChange()] };
  }),
  about("finance", "question", "raise an invoice for <an account>, urgent, with no amount or due date", (w) => {
    const account = billedAccount(w, [billedAccount(w).name]);
    return {
      say: `Kindly raise an invoice for ${account.name} and treat as urgent. Thank you.`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ================= growth: reads ================= */
  about("growth", "read", "deals that are still pending", (w) => {
    const open = openDeals(w);
    const closed = w.deals.filter((d) => d.status !== "open");
    return {
      say: "Please I want to know the deals that are still pending, the ones we have not closed either way.",
      expect: [
        names(
          open.map((d) => d.name),
          closed.map((d) => d.name),
          5,
        ),
      ],
    };
  }),
  about("growth", "read", "decision makers at <an account>", (w) => {
    const account = pick(
      w.accounts,
      (a) => {
        const people = contactsOf(w, a.id);
        const dm = people.filter((c) => c.tags.includes("decision-maker"));
        return dm.length >= 2 && people.length > dm.length;
      },
      "account with several decision makers and other contacts",
    );
    const people = contactsOf(w, account.id);
    const dm = people.filter((c) => c.tags.includes("decision-maker"));
    const rest = people.filter((c) => !c.tags.includes("decision-maker"));
    return {
      say: `Who are the decision makers we have on record for ${account.name}? I want to send them a reminder on the balance.`,
      expect: [names(dm.map(fullName), rest.map(fullName))],
    };
  }),
  about("growth", "read", "which stage <the only deal of an account> is at", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `Abeg, which stage is the ${short(account)} deal now?`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "total value of deals sitting in Negotiation", (w) => {
    const negotiation = openDeals(w).filter((d) => stageOf(w, d).name === "Negotiation");
    return {
      say: "What is the total value of the deals that are at negotiation stage as at now?",
      expect: [
        money(
          sums(negotiation, (d: Deal) => d.amount ?? 0),
          "value of deals in Negotiation",
        ),
      ],
    };
  }),
  about("growth", "read", "who is on <the active sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const on = w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id);
    const onNames = w.contacts.filter((c) => on.includes(c.id)).map(fullName);
    const offNames = w.contacts.filter((c) => !on.includes(c.id)).map(fullName);
    return {
      say: `Who and who are currently running on the ${seq.name} sequence?`,
      expect: [names(onNames, offNames)],
    };
  }),

  /* ================= growth: writes ================= */
  about("growth", "write", "move <the only open deal of an account, early stage> to Proposal", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    const proposal = stageNamed(w, "Proposal");
    return {
      say: `We have sent our proposal to ${account} yesterday. Please move their deal to Proposal stage.`,
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),
  about("growth", "write", "<an account> signed: mark its deal in Negotiation as won", (w) => {
    const { deal, account } = soleDealIn(w, ["Negotiation"], [soleOpenDeal(w).account]);
    return {
      say: `Good news! ${account} has signed the contract. Kindly update their deal as closed won.`,
      expect: [changed("deal", deal.id, { stage_id: wonStage(w).id, status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "add a contact for <an account> with title and email", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null && contactsOf(w, a.id).length >= 2, "account with a domain");
    const email = `ngozi.eze@${account.domain}`;
    return {
      say: `Please add a new contact under ${account.name}: Mrs Ngozi Eze, Procurement Lead, email ${email}. She will be handling their payments going forward.`,
      expect: [
        created("contact", { email, first_name: is.text("Ngozi"), last_name: is.text("Eze"), account_id: account.id, title: is.containing("Procurement") }),
      ],
    };
  }),
  about("growth", "write", "enrol <a lead not yet in the sequence> in <the active sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id).map((e) => e.contact_id));
    const contact = pick(uniqueContacts(w), (c) => c.lifecycle_stage === "lead" && !inIt.has(c.id) && c.account_id !== null, "lead not in the sequence");
    const company = pick(w.accounts, (a) => a.id === contact.account_id, "contact's account").name;
    return {
      say: `Kindly enrol ${fullName(contact)} of ${company} on the ${seq.name} sequence.`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),
  about("growth", "write", "open a deal for <an account>: payroll outsourcing, 12,000 USD, closing 31/1", (w) => {
    const account = pick(
      w.accounts,
      (a) => w.deals.some((d) => d.account_id === a.id && d.status === "won") && !w.deals.some((d) => d.account_id === a.id && d.status === "open"),
      "account with won deals and none open",
    );
    const close = endOfNamedMonth(w, 1);
    return {
      say: `${account.name} wants to do more business with us. Please open a new deal for them, "Payroll outsourcing", valued at 12,000 US dollars. We are expecting to close it by ${slashed(close)}.`,
      expect: [
        created("deal", {
          name: is.containing("Payroll"),
          account_id: account.id,
          amount: 12000,
          currency: "USD",
          expected_close_date: close,
        }),
      ],
    };
  }),

  /* ================= growth: must not act ================= */
  about("growth", "question", "delete <a contact whose name two contacts share> (which one?)", (w) => {
    const twin = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length >= 2, "contact name shared by two contacts");
    return {
      say: `Please remove ${fullName(twin)} from our contacts, the person has resigned.`,
      expect: [noChange()],
    };
  }),
  unclear("growth", "Please push the deal to negotiation, I spoke with their MD yesterday and he is interested."),

  /* ================= talent: reads ================= */
  about("talent", "read", "how many applicants for <an open job with nobody hired or rejected>", (w) => {
    const job = pick(
      w.jobs,
      (j) => j.status === "open" && candidatesOf(w, j.id).length > 0 && candidatesOf(w, j.id).every((c) => c.stage !== "rejected" && c.stage !== "hired"),
      "open job with only active candidates",
    );
    return {
      say: `How many applicants do we have for the ${job.title} position as at today?`,
      expect: [count(candidatesOf(w, job.id).length, `candidates for ${job.title}`)],
    };
  }),
  about("talent", "read", "candidates at interview stage", (w) => {
    const at = w.candidates.filter((c) => c.stage === "interview");
    const rest = w.candidates.filter((c) => c.stage !== "interview");
    return {
      say: "Kindly list the candidates that are at interview stage currently, across all the roles.",
      expect: [names(at.map(fullName), rest.map(fullName))],
    };
  }),
  about("talent", "read", "which positions are still open", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const closed = w.jobs.filter((j) => j.status !== "open");
    return {
      say: "Which positions are we still recruiting for?",
      expect: [
        names(
          open.map((j) => j.title),
          closed.map((j) => j.title),
        ),
      ],
    };
  }),

  /* ================= talent: writes ================= */
  about("talent", "write", "add a new applicant for <an open job>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && j.department === "Design", "open design job");
    return {
      say: `Please add Adaeze Nwosu as a new applicant for the ${job.title} role. Her email is adaeze.nwosu@gmail.com and she came through LinkedIn.`,
      expect: [created("candidate", { job_id: job.id, first_name: is.text("Adaeze"), last_name: is.text("Nwosu"), email: "adaeze.nwosu@gmail.com" })],
    };
  }),
  about("talent", "write", "reject <an applied candidate> for <their job>", (w) => {
    const byRating = [...w.candidates].sort((a, b) => (a.rating ?? 5) - (b.rating ?? 5));
    const cand = pick(byRating, (c) => c.stage === "applied" && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1, "applied candidate");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "candidate's job");
    return {
      say: `Kindly reject ${fullName(cand)}'s application for ${job.title}. The CV did not meet the minimum requirement.`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "move <a candidate in screening> to interview", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "screening", "candidate in screening");
    return {
      say: `${fullName(cand)} has passed the screening. Please move the candidate to interview stage.`,
      expect: [changed("candidate", cand.id, { stage: "interview" }, fullName(cand))],
    };
  }),
  ask("talent", "write", "Good morning. Please create a new job opening: Accountant, Finance department, based in Lagos, full time.", () => [
    created("job", {
      title: is.containing("Accountant"),
      department: is.containing("Finance"),
      location: is.containing("Lagos"),
      employment_type: "full_time",
    }),
  ]),
  about("talent", "write", "close <an open job that has a hire>", (w) => {
    const job = pick(
      w.jobs,
      (j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired") && candidatesOf(w, j.id).some((c) => c.stage === "rejected"),
      "open job with a hire",
    );
    return {
      say: `We have filled the ${job.title} role. Kindly close the position so nobody will apply again. Thank you.`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* ================= talent: figure ================= */
  about("talent", "figure", "share of the candidates for <a job with a hire> that were hired", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired"), "job with a hire");
    const all = candidatesOf(w, job.id);
    const hired = all.filter((c) => c.stage === "hired").length;
    return {
      say: `For the ${job.title} role, out of all the people that applied, what percentage did we end up hiring?`,
      expect: [figure(hired / all.length, `share hired for ${job.title}`, "percent")],
    };
  }),

  /* ================= talent: must not act ================= */
  unclear("talent", "Kindly reject the applicant we discussed yesterday and revert."),

  /* ================= intelligence ================= */
  about("intelligence", "read", "new contacts added in the last 30 days", (w) => ({
    say: "How many new contacts did we add in the last 30 days?",
    expect: [count(snapshot(w).growth.new_contacts_last_30_days, "new contacts in 30 days")],
  })),
  about("intelligence", "read", "overdue amount aged 31 to 60 days", (w) => {
    const bucket = w.invoices.filter((i) => i.status === "overdue" && i.days_overdue >= 31 && i.days_overdue <= 60);
    return {
      say: "From the aging analysis, how much is overdue between 31 and 60 days? Give me per currency.",
      expect: [money(dueSums(bucket), "overdue aged 31-60 days")],
    };
  }),
  about("intelligence", "figure", "win rate over the last 90 days", (w) => {
    const rate = snapshot(w).growth.last_90_days.win_rate;
    return {
      say: "Kindly let me know our win rate on deals for the last 90 days.",
      expect: [figure(rate, "win rate (90 days)", "percent")],
    };
  }),
  about("intelligence", "figure", "open pipeline value and weighted value", (w) => {
    const open = openDeals(w);
    const stageProb = (d: Deal) => stageOf(w, d).probability / 100;
    return {
      say: "Good morning. Please what is the total value of our open pipeline as at date, and the weighted figure? I need both for the board pack. Regards.",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open pipeline value",
        ),
        money(
          sums(open, (d: Deal) => (d.amount ?? 0) * stageProb(d)),
          "weighted pipeline value",
        ),
      ],
    };
  }),
];
