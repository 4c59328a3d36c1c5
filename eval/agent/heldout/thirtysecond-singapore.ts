import { about, approval, asksBack, changed, count, created, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  candidatesOf,
  clientNames,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  fullName,
  inStage,
  jobNamed,
  month,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  stages,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";

/*
 * Blind set: an operations exec at a Singapore logistics company, typing on her phone.
 * Billing follow-ups, the sales CRM and hiring admin, in quick Singlish-tinged English.
 */

type W = Parameters<Case["plan"]>[0];

const accountName = (w: W, id: string | null) => pick(w.accounts, (a) => a.id === id, "account of the record").name;
const snapshotOf = (w: W) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const near = (want: number) => is.where(`about ${want}`, (v: number) => typeof v === "number" && Math.abs(v - want) < 0.005);
/** Full names shared by more than one contact. */
const sharedNames = (w: W) => w.contacts.filter((c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1);
const enrolledIds = (w: W) => new Set(w.enrollments.filter((e) => e.status === "active").map((e) => e.contact_id));

export const CASES: Case[] = [
  /* ================= finance: reads ================= */
  about("finance", "read", "count of overdue invoices right now", (w) => ({
    say: "how many invoice overdue now ah",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),
  about("finance", "read", "what <a client with unpaid invoices in two currencies> still owes, per currency", (w) => {
    const open = ofClient(w, "Umbrella").filter(unpaid);
    if (!open.length) throw new Error("no unpaid Umbrella invoices");
    return {
      say: "umbrella health still owe us how much? if got diff currency pls split out",
      expect: [money(dueSums(open), "amount Umbrella Health still owes")],
    };
  }),
  about("finance", "read", "the unpaid invoice numbers for <Globex>", (w) => {
    const theirs = ofClient(w, "Globex").filter(unpaid);
    if (!theirs.length) throw new Error("no unpaid Globex invoices");
    const rest = w.invoices.filter((i) => unpaid(i) && !theirs.includes(i));
    return {
      say: "the one for Globex, which invoice number still havent pay?",
      expect: [names(numbers(theirs), numbers(rest), theirs.length)],
    };
  }),
  about("finance", "read", "invoices overdue by more than 60 days", (w) => {
    const old = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const rest = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    return {
      say: "got any invoice overdue more than 60 days? list out pls, need to chase",
      expect: [names(numbers(old), numbers(rest), old.length)],
    };
  }),
  about("finance", "read", "balance left on <a part-paid invoice>, by its short number", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "part-paid invoice");
    return {
      say: `${shortNumber(inv).toLowerCase()} they paid some already right? means balance how much left`,
      expect: [money({ [inv.currency]: inv.amount_due }, `balance of ${inv.number}`)],
    };
  }),
  about("finance", "read", "which clients have part-paid invoices still open", (w) => {
    const partly = [...new Set(w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0).map((i) => i.client))];
    const others = clientNames(w).filter((c) => !partly.includes(c) && w.invoices.some((i) => i.client === c && unpaid(i)));
    return {
      say: "which customer pay half half one? like paid some but still got balance",
      expect: [names(partly, others, partly.length)],
    };
  }),
  about("finance", "read", "unpaid invoices falling due within the next two weeks", (w) => {
    const end = addDays(today(w), 14);
    const soon = w.invoices.filter((i) => unpaid(i) && i.due_date >= today(w) && i.due_date <= end);
    const rest = w.invoices.filter((i) => unpaid(i) && !soon.includes(i));
    return {
      say: "what invoice coming due in next 2 wk? the not yet overdue ones",
      expect: [names(numbers(soon), numbers(rest), soon.length)],
    };
  }),

  /* ================= finance: writes ================= */
  about("finance", "write", "<the oldest overdue invoice> was paid in full", (w) => {
    const inv = [...w.invoices].filter(overdue).sort((a, b) => b.days_overdue - a.days_overdue)[0];
    if (!inv) throw new Error("no overdue invoice");
    return {
      say: `${inv.client.split(" ")[0]} already paid liao for ${shortNumber(inv)}, full amount. pls help to update`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a 5k part payment on <an overdue invoice with nothing paid>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0 && i.amount_due > 6000, "overdue invoice with nothing paid, over 6000 due");
    return {
      say: `${inv.client} bank in 5k this morning for ${inv.number}, not full yet. pls record`,
      expect: [changed("invoice", inv.id, { amount_paid: near(5000), amount_due: near(Math.round((inv.amount_due - 5000) * 100) / 100) }, inv.number)],
    };
  }),
  about("finance", "write", "new SGD invoice for Blue Sun Freight due end of next month", (w) => ({
    say: "pls create invoice for Blue Sun Freight, SGD 4,800 for the warehouse audit. due end of next mth",
    expect: [
      created("invoice", {
        client: is.text("Blue Sun Freight"),
        amount: 4800,
        currency: "SGD",
        due_date: month(w, 1)[1],
        description: is.containing("warehouse audit"),
      }),
    ],
  })),
  about("finance", "write", "push <an open invoice>'s due date back two weeks", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.account_id !== null, "open invoice of an account");
    return {
      say: `${inv.client.toLowerCase()} asked for more time on ${inv.number}. can push the due date back 2 wk? can or not`,
      expect: [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 14) }, inv.number)],
    };
  }),
  about("finance", "write", "cancel <the only unpaid invoice of a client> (waits for approval)", (w) => {
    const client = clientNames(w).find((c) => {
      const open = w.invoices.filter((i) => i.client === c && unpaid(i));
      return open.length === 1 && open[0]!.status === "open";
    });
    if (!client) throw new Error("no client with a single open invoice");
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "its invoice");
    return {
      say: `${client} say they never sign off on ${inv.number}, pls void it`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ================= finance: must not act ================= */
  about("finance", "question", "mark <a client with several unpaid invoices>'s invoice paid, without saying which", (w) => {
    const many = clientNames(w).filter((c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 3);
    const client = many[many.length - 1];
    if (!client) throw new Error("no client with 3+ unpaid invoices");
    return {
      say: `${(client.split(" ")[0] ?? client).toLowerCase()} called, say the invoice paid already. mark as paid can?`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "raise an invoice to Initech with no amount given", () => ({
    say: "pls raise invoice to initech for the consulting wk we did, due end of this month. thx",
    expect: [noChange(), asksBack()],
  })),

  /* ================= growth: reads ================= */
  about("growth", "read", "which accounts have a deal sitting in Negotiation", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const inNeg = w.deals.filter((d) => d.stage_id === neg.id);
    const accts = [...new Set(inNeg.map((d) => accountName(w, d.account_id)))];
    const others = w.accounts.map((a) => a.name).filter((n) => !accts.includes(n));
    return {
      say: "which deals in negotiation stage now? just need the company names",
      expect: [names(accts, others, accts.length)],
    };
  }),
  about("growth", "read", "the contacts we have at <Stark Logistics>", (w) => {
    const acct = pick(w.accounts, (a) => a.name.startsWith("Stark"), "Stark account");
    const theirs = contactsOf(w, acct.id).map(fullName);
    const others = w.contacts.filter((c) => c.account_id !== acct.id).map(fullName);
    return {
      say: "who we got on file at stark logistics ah? the ppl names",
      expect: [names(theirs, others, theirs.length)],
    };
  }),
  about("growth", "read", "which customers we have won deals with", (w) => {
    const won = [...new Set(w.deals.filter((d) => d.status === "won").map((d) => accountName(w, d.account_id)))];
    const others = w.accounts.map((a) => a.name).filter((n) => !won.includes(n));
    return {
      say: "so far which company we closed won alr?",
      expect: [names(won, others, won.length)],
    };
  }),
  about("growth", "read", "email address of <a uniquely named decision-maker contact>", (w) => {
    const c = pick(uniqueContacts(w), (x) => x.tags.includes("decision-maker"), "uniquely named decision-maker");
    return {
      say: `whats ${fullName(c)} email ah, need to cc her tmr`,
      expect: [says(c.email)],
    };
  }),
  about("growth", "read", "how many people are active in the new lead follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("new lead"), "new lead sequence");
    return {
      say: "the new lead follow up sequnce got how many ppl inside now",
      expect: [count(w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").length, "active enrollments")],
    };
  }),
  about("growth", "read", "total value of the open deals with <an account with two open deals>", (w) => {
    const acct = [...w.accounts].reverse().find((a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2);
    if (!acct) throw new Error("no account with two open deals");
    const open = dealsOf(w, acct.id).filter((d) => d.status === "open");
    const sums: Record<string, number> = {};
    for (const d of open) sums[d.currency] = Math.round(((sums[d.currency] ?? 0) + (d.amount ?? 0)) * 100) / 100;
    return {
      say: `${acct.name} open deals add up to how much?`,
      expect: [money(sums, `open deal value for ${acct.name}`)],
    };
  }),

  /* ================= growth: writes ================= */
  about("growth", "write", "move <a Proposal deal> to Negotiation", (w) => {
    const deal = pick(w.deals, (d) => d.status === "open" && stageOf(w, d).name === "Proposal", "deal in Proposal");
    return {
      say: `${accountName(w, deal.account_id).toLowerCase()} ${dealTopic(deal).toLowerCase()} deal can move to negotiation liao, they asking for pricing already`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),
  about("growth", "write", "mark <the only deal of an account> as won", (w) => {
    const acct = pick(w.accounts, (a) => dealsOf(w, a.id).length === 1 && dealsOf(w, a.id)[0]!.status === "open", "account with one open deal");
    const deal = dealsOf(w, acct.id)[0]!;
    return {
      say: `${acct.name.split(" ")[0]} signed liao!! pls mark their deal won`,
      expect: [changed("deal", deal.id, { status: "won", stage_id: pick(stages(w), (s) => s.kind === "won", "won stage").id }, deal.name)],
    };
  }),
  about("growth", "write", "cut the amount of <another account's only deal> to 85k", (w) => {
    const accts = w.accounts.filter((a) => dealsOf(w, a.id).length === 1 && dealsOf(w, a.id)[0]!.status === "open");
    const acct = accts[accts.length - 1];
    if (!acct) throw new Error("no account with one open deal");
    const deal = dealsOf(w, acct.id)[0]!;
    return {
      say: `${acct.name.toLowerCase()} cut scope, the deal now 85k only. pls update the amount`,
      expect: [changed("deal", deal.id, { amount: near(85000), currency: deal.currency }, deal.name)],
    };
  }),
  about("growth", "write", "add Rachel Tan as a new contact at Globex", (w) => {
    const acct = pick(w.accounts, (a) => a.name.startsWith("Globex"), "Globex account");
    return {
      say: "add new contact for globex - Rachel Tan, procurement manager, rachel.tan@globex.com",
      expect: [
        created("contact", {
          first_name: is.text("Rachel"),
          last_name: is.text("Tan"),
          email: "rachel.tan@globex.com",
          title: is.containing("procurement"),
          account_id: acct.id,
        }),
      ],
    };
  }),
  about("growth", "write", "enrol <a uniquely named contact not yet enrolled> in the new lead follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("new lead"), "new lead sequence");
    const taken = enrolledIds(w);
    const c = pick(uniqueContacts(w), (x) => !taken.has(x.id) && x.account_id !== null, "uniquely named contact not enrolled");
    return {
      say: `pls put ${fullName(c)} from ${accountName(w, c.account_id).split(" ")[0]} into the new lead follow up sequence`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("growth", "write", "change <a contact whose name is shared, named with its account> to customer", (w) => {
    const c = pick(sharedNames(w), (x) => x.lifecycle_stage === "qualified" && x.account_id !== null, "qualified contact with a shared name");
    return {
      say: `${fullName(c)} - the one at ${accountName(w, c.account_id)} ah, not the other one - change to customer liao`,
      expect: [changed("contact", c.id, { lifecycle_stage: "customer" }, fullName(c))],
    };
  }),

  /* ================= growth: must not act ================= */
  about("growth", "question", "update the phone of <a contact name two people share>, without saying which", (w) => {
    const c = pick(sharedNames(w), (x) => x.phone === null, "shared-name contact without phone");
    return {
      say: `pls update ${fullName(c).toLowerCase()} hp number to +65 9123 4567`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "push <an account with two open deals>'s deal to the next stage, without saying which", (w) => {
    const acct = w.accounts.find((a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2);
    if (!acct) throw new Error("no account with two open deals");
    return {
      say: `the ${acct.name.split(" ")[0]} deal push to next stage chop chop`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ================= talent: reads ================= */
  about("talent", "read", "how many candidates the backend engineer job has", (w) => {
    const job = jobNamed(w, "backend");
    return {
      say: "backend engineer role got how many candidte altogether",
      expect: [count(candidatesOf(w, job.id).length, "candidates for the backend job")],
    };
  }),
  about("talent", "read", "who is at offer stage", (w) => {
    const at = inStage(w, "offer").map(fullName);
    const rest = w.candidates.filter((c) => c.stage !== "offer").map(fullName);
    return {
      say: "who we gave offer already but not yet accept?",
      expect: [names(at, rest, at.length)],
    };
  }),
  about("talent", "read", "which stage <an interviewing candidate> is at", (w) => {
    const c = pick(
      inStage(w, "interview").reverse(),
      (x) => w.candidates.filter((o) => fullName(o) === fullName(x)).length === 1,
      "uniquely named candidate in interview",
    );
    return {
      say: `${fullName(c)} now at which stage?`,
      expect: [says("interview")],
    };
  }),
  about("talent", "read", "list the jobs still open", (w) => {
    const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
    const closed = w.jobs.filter((j) => j.status !== "open").map((j) => j.title);
    return {
      say: "got what positions still hiring now?",
      expect: [names(open, closed, open.length)],
    };
  }),

  /* ================= talent: writes ================= */
  about("talent", "write", "move <a screening candidate> to interview", (w) => {
    const c = pick(inStage(w, "screening"), () => true, "candidate in screening");
    return {
      say: `${fullName(c)} pass the phone screen liao, move to interview pls`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <a newly applied candidate>", (w) => {
    const list = inStage(w, "applied");
    const c = list[list.length - 1];
    if (!c) throw new Error("no applied candidate");
    return {
      say: `${c.first_name.toLowerCase()} ${c.last_name.toLowerCase()} not suitable lah, reject`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "add Priya Nair as a referral candidate for the product designer job", (w) => {
    const job = jobNamed(w, "designer");
    return {
      say: "new applicant for product designer: Priya Nair, priya.nair@gmail.com. she is a referral from our ops team",
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Priya"),
          last_name: is.text("Nair"),
          email: "priya.nair@gmail.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "open a contract Warehouse Supervisor job in Singapore under Operations", () => ({
    say: "need to open new role asap - Warehouse Supervisor, operations dept, based Singapore, contract basis",
    expect: [
      created("job", {
        title: is.text("Warehouse Supervisor"),
        department: is.text("Operations"),
        location: is.containing("Singapore"),
        employment_type: "contract",
        status: "open",
      }),
    ],
  })),

  /* ================= talent: must not act ================= */
  about("talent", "question", "move 'the backend engineer candidate' on, without saying who", () => ({
    say: "the backend engineer candidate can go next round liao",
    expect: [noChange(), asksBack()],
  })),
  about("talent", "question", "add a candidate called only Hafiz, no email", () => ({
    say: "add hafiz as candidate for the acc exec role, he is referral",
    expect: [noChange(), asksBack()],
  })),

  /* ================= intelligence: figures ================= */
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "whats our win rate ah, past 90 days",
    expect: [figure(snapshotOf(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
  })),
  about("intelligence", "figure", "open pipeline value and weighted pipeline", (w) => {
    const totals = snapshotOf(w).growth.pipeline.totals;
    const open: Record<string, number> = {};
    const weighted: Record<string, number> = {};
    for (const t of totals) {
      open[t.currency] = t.open_value;
      weighted[t.currency] = t.weighted_value;
    }
    return {
      say: "pipeline now total worth how much? weighted one also pls",
      expect: [money(open, "open pipeline"), money(weighted, "weighted pipeline")],
    };
  }),
  about("intelligence", "figure", "outstanding receivables per currency and the USD DSO", (w) => {
    const usd = pick(snapshotOf(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "means total outstanding how much now, each currency? and USD DSO how many days",
      expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding"), figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),
  about("intelligence", "figure", "hiring funnel: candidates across open jobs and how many hired", (w) => {
    const openJobs = new Set(w.jobs.filter((j) => j.status === "open").map((j) => j.id));
    const pool = w.candidates.filter((c) => openJobs.has(c.job_id));
    return {
      say: "hiring funnel how? all the open roles combined got how many candidates, and how many hired liao",
      expect: [count(pool.length, "candidates on open jobs"), count(pool.filter((c) => c.stage === "hired").length, "hired")],
    };
  }),
];
