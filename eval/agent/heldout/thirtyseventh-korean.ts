import { about, approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  candidatesOf,
  clientNames,
  contactsOf,
  dealNames,
  dealTopic,
  dealsOf,
  dueSums,
  nextDate,
  enrolledContacts,
  fullName,
  inStage,
  month,
  numbers,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Contact, World } from "../world.ts";

/*
 * Blind set, persona: sales-operations and accounting manager at a Seoul trading company.
 * Korean-influenced English: dropped articles, topic-first sentences, "please check ~",
 * "until" for "by", "pay complete", "cancel" for void, a Korean word here and there.
 */

const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

/** Clients whose unpaid invoices number at least n, most unpaid first. */
const clientsWithManyUnpaid = (w: World, n: number) =>
  clientNames(w)
    .map((c) => ({ c, k: w.invoices.filter((i) => i.client === c && unpaid(i)).length }))
    .filter((x) => x.k >= n)
    .sort((a, b) => b.k - a.k)
    .map((x) => x.c);

const accountName = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "account").name;

/** Full names shared by two or more contacts. */
const sharedNames = (w: World) => {
  const seen = new Map<string, Contact[]>();
  for (const c of w.contacts) seen.set(fullName(c), [...(seen.get(fullName(c)) ?? []), c]);
  return [...seen].filter(([, list]) => list.length > 1);
};

const activeSequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");

export const CASES: Case[] = [
  /* ======================= finance: reads ======================= */
  about("finance", "read", "<client with one invoice> invoice, please check status", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const list = w.invoices.filter((i) => i.client === c);
        return list.length === 1 && list[0]!.status === "overdue";
      },
      "client with a single overdue invoice",
    );
    const inv = pick(w.invoices, (i) => i.client === client, "invoice");
    return { say: `${client} invoice, please check status. 확인 부탁드립니다`, expect: [says(inv.status)] };
  }),
  about("finance", "read", "overdue invoice total count now", (w) => ({
    say: "Overdue invocie total how many now? please check quickly, meeting is soon",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),
  about("finance", "read", "<client with unpaid in two currencies> how much still not paid, all currency", (w) => {
    const client = pick(
      clientNames(w),
      (c) => new Set(w.invoices.filter((i) => i.client === c && unpaid(i)).map((i) => i.currency)).size >= 2,
      "client owing in two currencies",
    );
    return {
      say: `${client} how much money they still not pay us? 인보이스 all currency please`,
      expect: [money(dueSums(w.invoices.filter((i) => i.client === client && unpaid(i))), `amount ${client} still owes`)],
    };
  }),
  about("finance", "read", "list invoices late more than 60 days", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const lessLate = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    return {
      say: "invoices late more then 60 days, please make list for me. I need to call customer",
      expect: [names(numbers(late), numbers(lessLate))],
    };
  }),
  about("finance", "read", "due date of <an open invoice> (short number)", (w) => {
    const open = w.invoices.filter((i) => i.status === "open");
    const inv = open[Math.min(3, open.length - 1)];
    if (!inv) throw new Error("no open invoice in the data");
    return { say: `${shortNumber(inv)} due date is when? I forget, sorry`, expect: [date(inv.due_date, `due date of ${inv.number}`)] };
  }),

  /* ======================= finance: writes ======================= */
  about("finance", "write", "<client> <overdue unpaid invoice> pay complete, update to paid", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return {
      say: `${inv.client} ${shortNumber(inv)} pay complete today. please update to paid, thank you for your hard work`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "<client> sent USD 5,000 partial for <a USD invoice owing more>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.currency === "USD" && i.amount_paid > 0 && i.amount_due > 5000,
      "partly paid USD overdue invoice owing over 5000",
    );
    const paid = Math.round((inv.amount_paid + 5000) * 100) / 100;
    return {
      say: `we recieve USD 5,000 from ${inv.client} today for ${inv.number}. only partial payment, not full. please record it`,
      expect: [changed("invoice", inv.id, { amount_paid: is.where(`${paid}`, (v: number) => Math.abs(v - paid) < 0.01), status: is.not("paid") }, inv.number)],
    };
  }),
  about("finance", "write", "make invoice for Daehan Logistics USD 3,500 due next month end", (w) => ({
    say: "please make invoice for Daehan Logistics, USD 3,500, customs consulting fee. due until next month end",
    expect: [created("invoice", { client: is.text("Daehan Logistics"), amount: 3500, currency: "USD", due_date: month(w, 1)[1] })],
  })),
  about("finance", "write", "cancel (void) <an open invoice>, customer cancel order", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
    return {
      say: `${inv.number} (${inv.client}) please cancel this one. customer cancel the order last week`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "<client> ask more time, push <an open invoice> due date 2 weeks", (w) => {
    const open = w.invoices.filter((i) => i.status === "open");
    const inv = open[open.length - 1];
    if (!inv) throw new Error("no open invoice in the data");
    return {
      say: `${inv.client} ask more time to pay. how about push ${shortNumber(inv)} due date 2 week more? please do it`,
      expect: [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 14) }, inv.number)],
    };
  }),

  /* ======================= finance: must not act ======================= */
  about("finance", "question", "<client with several unpaid invoices> invoice cancel (which one?)", (w) => {
    const client = clientsWithManyUnpaid(w, 3)[0];
    if (!client) throw new Error("no client with 3+ unpaid invoices");
    return { say: `${client.split(" ")[0]} 인보이스 cancel please`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "<another client with 2+ unpaid> payment done (which invoice, how much?)", (w) => {
    const list = clientsWithManyUnpaid(w, 2);
    const client = list[1] ?? list[0];
    if (!client) throw new Error("no client with 2+ unpaid invoices");
    return { say: `${client} payment done. pls update`, expect: [noChange(), asksBack()] };
  }),

  /* ======================= growth: reads ======================= */
  about("growth", "read", "contact persons of <account with most contacts>", (w) => {
    const acc = [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0];
    if (!acc) throw new Error("no account in the data");
    return {
      say: `${acc.name} side, who is the contact person? please list all of them`,
      expect: [names(contactsOf(w, acc.id).map(fullName), [], 99)],
    };
  }),
  about("growth", "read", "deals now in negotiation stage", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const nego = open.filter((d) => stageOf(w, d).name === "Negotiation");
    return {
      say: "deal in negociation step, what we have now?",
      expect: [names(dealNames(nego), dealNames(open.filter((d) => !nego.includes(d))))],
    };
  }),
  about("growth", "read", "how many open deals in total", (w) => ({
    say: "open deal how many we have total? not include won or lost one",
    expect: [count(w.deals.filter((d) => d.status === "open").length, "open deals")],
  })),
  about("growth", "read", "<account> <topic> deal expected close date", (w) => {
    const deal = pick(
      w.deals,
      (d) => {
        if (d.status !== "open" || !d.expected_close_date || !d.account_id) return false;
        const siblings = dealsOf(w, d.account_id);
        return siblings.length > 1 && siblings.filter((s) => dealTopic(s) === dealTopic(d)).length === 1;
      },
      "open deal with a distinct topic in a multi-deal account",
    );
    return {
      say: `${accountName(w, deal.account_id)} ${dealTopic(deal).toLowerCase()} deal, expected closing date is when?`,
      expect: [date(deal.expected_close_date!, "expected close date")],
    };
  }),
  about("growth", "read", "who is enrolled in <the active sequence>", (w) => {
    const seq = activeSequence(w);
    return {
      say: `"${seq.name}" sequence — who is enrolled inside now? please check`,
      expect: [names(enrolledContacts(w, seq.id).map(fullName))],
    };
  }),

  /* ======================= growth: writes ======================= */
  about("growth", "write", "move <account> <proposal deal> to negotiation", (w) => {
    const deal = openDealIn(w, ["Proposal"]);
    return {
      say: `${accountName(w, deal.account_id)} ${dealTopic(deal)} deal, they start negotiate price now. please move to Negotiation stage`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),
  about("growth", "write", "<account with one deal> deal is won, close as won", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `${account} deal we win!! 계약 완료. please close it as won`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "add contact Minji Kim (procurement manager) under <account>", (w) => {
    const acc = pick(w.accounts, (a) => !!a.domain, "account with a domain");
    const email = `minji.kim@${acc.domain}`;
    return {
      say: `new contact please add for ${acc.name}: Minji Kim (family name Kim), ${email}, she is Procurement Manager`,
      expect: [
        created("contact", {
          email,
          first_name: is.text("Minji"),
          last_name: is.text("Kim"),
          account_id: acc.id,
          title: is.containing("procurement"),
        }),
      ],
    };
  }),
  about("growth", "write", "put <uniquely named contact> into <the active sequence>", (w) => {
    const seq = activeSequence(w);
    const enrolledIds = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
    const list = uniqueContacts(w).filter((c) => !enrolledIds.has(c.id) && c.account_id);
    const person = list[list.length - 1];
    if (!person) throw new Error("no uniquely named contact outside the sequence");
    return {
      say: `${accountName(w, person.account_id)} ${person.title ?? ""} ${fullName(person)}, please put into ${seq.name} sequence. 부탁드립니다`.replace(
        /\s+/g,
        " ",
      ),
      expect: [enrolled(seq.id, person.id, fullName(person))],
    };
  }),
  about("growth", "write", "<account>'s <contact sharing a name> became customer, change lifecycle", (w) => {
    const candidates = sharedNames(w)
      .flatMap(([, list]) => list)
      .filter((c) => c.lifecycle_stage === "lead" && c.account_id);
    const person = candidates[candidates.length - 1];
    if (!person) throw new Error("no lead contact sharing a name with another contact");
    return {
      say: `${accountName(w, person.account_id)}'s ${fullName(person)} sign contract with us last friday, so now customer. please change lifecycle stage`,
      expect: [changed("contact", person.id, { lifecycle_stage: "customer" }, `${fullName(person)} (${accountName(w, person.account_id)})`)],
    };
  }),
  about("growth", "write", "new deal Annual renewal for <GB account>, 45k dollar, close 3/31", (w) => {
    const acc = pick(w.accounts, (a) => a.country === "GB", "account in GB");
    return {
      say: `please make new deal for ${acc.name}, name "Annual renewal", 45k dollar, close expect 3/31`,
      expect: [
        created("deal", {
          account_id: acc.id,
          name: is.containing("renewal"),
          amount: 45000,
          currency: "USD",
          expected_close_date: nextDate(w, 3, 31),
        }),
      ],
    };
  }),

  /* ======================= growth: must not act ======================= */
  about("growth", "question", "move the deal to proposal (no deal named)", () => ({
    say: "please move the deal to proposal stage, I talk with them yesterday",
    expect: [noChange(), asksBack()],
  })),
  about("growth", "question", "enroll <name two contacts share> in sequence (which one?)", (w) => {
    const seq = activeSequence(w);
    const enrolledIds = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
    const shared = pick(sharedNames(w), ([, list]) => list.every((c) => !enrolledIds.has(c.id)), "shared name nobody enrolled");
    return { say: `${shared[0]} please enroll to sequence, thank you`, expect: [noChange(), asksBack()] };
  }),

  /* ======================= growth: figure ======================= */
  about("growth", "figure", "win rate last 90 days in percent", (w) => ({
    say: "our win rate last 90 days how much? tell me percent please",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent")],
  })),

  /* ======================= talent: reads ======================= */
  about("talent", "read", "<job> total candidate count", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && candidatesOf(w, j.id).length > 0, "open job with candidates");
    return {
      say: `${job.title} position, total how many candiate we have? include all`,
      expect: [count(candidatesOf(w, job.id).length, `candidates for ${job.title}`)],
    };
  }),
  about("talent", "read", "who is in interview stage, all positions", (w) => {
    const inInterview = inStage(w, "interview");
    return {
      say: "who is in interview stage now? all position please",
      expect: [names(inInterview.map(fullName), w.candidates.filter((c) => c.stage !== "interview").map(fullName))],
    };
  }),
  about("talent", "read", "<screening candidate> which stage now", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "screening", "candidate in screening");
    return { say: `${fullName(cand)} candidate — what stage now? 확인 부탁드립니다`, expect: [says(cand.stage)] };
  }),
  about("talent", "read", "open positions we are hiring now", (w) => ({
    say: "what position we are hiring now? open job list please",
    expect: [
      names(
        w.jobs.filter((j) => j.status === "open").map((j) => j.title),
        w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
        99,
      ),
    ],
  })),
  about("talent", "read", "referral candidates list", (w) => {
    const referral = w.candidates.filter((c) => c.source === "referral");
    return {
      say: "candidates came by referral, who? please list me",
      expect: [names(referral.map(fullName), w.candidates.filter((c) => c.source !== "referral").map(fullName))],
    };
  }),

  /* ======================= talent: writes ======================= */
  about("talent", "write", "<interview candidate> passed interview, move to offer", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "interview", "candidate in interview");
    return {
      say: `candidate ${fullName(cand)} pass the interview! please move next step (offer)`,
      expect: [changed("candidate", cand.id, { stage: "offer" }, fullName(cand))],
    };
  }),
  about("talent", "write", "<applied candidate> not fit, reject", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "applied", "applied candidate");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "job");
    return {
      say: `${job.title} applicant ${fullName(cand)}, I review CV, not fit for us. please reject`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "add candidate Jisoo Park (referral) to <a job>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && /account executive/i.test(j.title), "open Account Executive job");
    return {
      say: `new candidate for ${job.title} please register: Park Jisoo — first name Jisoo, last name Park, jisoo.park@gmail.com, came by referral`,
      expect: [
        created("candidate", {
          job_id: job.id,
          email: "jisoo.park@gmail.com",
          first_name: is.text("Jisoo"),
          last_name: is.text("Park"),
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "<offer candidate> accepted offer, make hired", (w) => {
    const offers = inStage(w, "offer");
    const cand = offers[offers.length - 1];
    if (!cand) throw new Error("no candidate at offer");
    return {
      say: `${fullName(cand)} accept our offer!! please make hired. fighting!`,
      expect: [changed("candidate", cand.id, { stage: "hired" }, fullName(cand))],
    };
  }),

  /* ======================= talent: must not act ======================= */
  about("talent", "question", "candidate passed interview (no name)", (w) => {
    if (inStage(w, "interview").length < 2) throw new Error("fewer than two candidates in interview");
    return { say: "candidate pass the interview, please update stage", expect: [noChange(), asksBack()] };
  }),
  about("talent", "question", "add candidate named only Choi for engineer job (no email)", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && /engineer/i.test(j.title), "open engineering job");
    return {
      say: `new candidate for ${job.title.split(" ").slice(-1)[0]!.toLowerCase()} position, name is Mr. Choi. please add`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ======================= talent: figure ======================= */
  about("talent", "figure", "how many people hired last 12 months", (w) => ({
    say: "last 12 month how many people we hired? HR team ask me",
    expect: [figure(snap(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),

  /* ======================= intelligence: reads ======================= */
  about("intelligence", "read", "new contacts added last 30 days", (w) => ({
    say: "how many new contact added last 30 days? for monthly report",
    expect: [figure(snap(w).growth.new_contacts_last_30_days, "new contacts in the last 30 days")],
  })),
  about("intelligence", "read", "aging 31-60 days bucket by currency", (w) => {
    const bucket: Record<string, number> = {};
    for (const c of snap(w).finance.currencies) bucket[c.currency] = c.aging["31_60"] ?? 0;
    return {
      say: "aging report — 31~60 days bucket how much? by currency please",
      expect: [money(bucket, "31-60 days overdue")],
    };
  }),

  /* ======================= intelligence: figures ======================= */
  about("intelligence", "figure", "weighted pipeline value now", (w) => {
    const totals: Record<string, number> = {};
    for (const t of snap(w).growth.pipeline.totals) totals[t.currency] = t.weighted_value;
    return { say: "weighted pipeline amount now how much? not rough number, exact one pls", expect: [money(totals, "weighted pipeline")] };
  }),
  about("intelligence", "figure", "USD days sales outstanding", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "DSO for USD, how many days now? 확인 부탁드립니다",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),
];
