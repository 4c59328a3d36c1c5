import { about, ask, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, approval, type Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  clientNames,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  month,
  numbers,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  sums,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Deal, World } from "../world.ts";

/*
 * Twenty-ninth blind set: a property manager running a small commercial lettings and facilities
 * business. She bills her tenants through the platform, keeps her lettings pipeline in it and
 * hires maintenance and office staff with it. She calls clients tenants, deals lets, candidates
 * applicants and jobs vacancies, gives the background before the ask, and now and then misspells
 * a name.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** 2027-01-15 -> "15th of January". */
const spoken = (iso: string) => {
  const [, m, d] = iso.split("-").map(Number) as [number, number, number];
  const suffix = d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th";
  return `${d}${suffix} of ${MONTHS[m - 1]}`;
};
const accountName = (w: World, d: Deal) => w.accounts.find((a) => a.id === d.account_id)?.name ?? null;
const SYMBOL: Record<string, string> = { GBP: "£", USD: "$", EUR: "€" };
const snapshotCurrency = (w: World, currency: string) => w.snapshot?.finance.currencies.find((c) => c.currency === currency);

export const CASES: Case[] = [
  /* ---------------- reads (17) ---------------- */
  ask("finance", "read", "Morning! I'm doing my arrears ring-round before the tenants get busy. How many invoices are overdue as of right now?", (w) => [
    count(w.invoices.filter(overdue).length, "overdue invoices"),
  ]),

  about("finance", "read", "what <a tenant with several unpaid bills, misspelt> still owes in total", (w) => {
    const stark = accountNamed(w, "Stark");
    const owed = w.invoices.filter((i) => i.client === stark.name && unpaid(i));
    if (owed.length < 2) throw new Error("Stark needs several unpaid invoices");
    return {
      say: "Stark Logisitcs have asked for a statement before their lease review next week. What are they still owing us altogether, across all their unpaid invoices?",
      expect: [money(dueSums(owed), "amount Stark still owes")],
    };
  }),

  about("finance", "read", "which invoices are more than 60 days late", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const lesser = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    return {
      say: "I'm thinking of passing the worst ones to the solicitor. Which invoices are more than 60 days past due?",
      expect: [names(numbers(late), numbers(lesser), late.length)],
    };
  }),

  about("finance", "read", "what is left to pay on <a part-paid overdue invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
    return {
      say: `${inv.client} paid something towards ${shortNumber(inv)} a while back but not the lot. How much is still left to pay on it?`,
      expect: [money({ [inv.currency]: inv.amount_due }, `amount still due on ${inv.number}`)],
    };
  }),

  about("finance", "read", "list the invoices still sitting in draft", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    const issued = w.invoices.filter((i) => i.status === "open" || i.status === "overdue");
    return {
      say: "Before month end I want to make sure nothing's been forgotten. Can you list every invoice that's still sitting in draft and hasn't gone out to the tenant yet?",
      expect: [names(numbers(drafts), numbers(issued), drafts.length)],
    };
  }),

  about("finance", "read", "total owed to us in sterling", (w) => {
    const gbp = w.invoices.filter((i) => unpaid(i) && i.currency === "GBP");
    return {
      say: "The bank wants a figure for our sterling receivables. How much is owed to us in pounds, all in — overdue and not yet due?",
      expect: [money(dueSums(gbp), "GBP still owed")],
    };
  }),

  about("finance", "read", "when <a tenant with a single unpaid invoice> has to pay by", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const theirs = w.invoices.filter((i) => i.client === c);
        return theirs.length === 1 && unpaid(theirs[0]!);
      },
      "client with one unpaid invoice",
    );
    const inv = pick(w.invoices, (i) => i.client === client, "their invoice");
    return {
      say: `${client} rang asking when their invoice is due — they're juggling a few payments. What's the due date on it?`,
      expect: [date(inv.due_date, "due date")],
    };
  }),

  about("growth", "read", "who we have on file at <an account with two contacts>", (w) => {
    const account = pick(w.accounts, (a) => contactsOf(w, a.id).length === 2, "account with two contacts");
    const theirs = contactsOf(w, account.id).map(fullName);
    const others = w.contacts.filter((c) => c.account_id !== account.id).map(fullName);
    return {
      say: `I'm meeting ${account.name} about renewing their lease on Thursday. Who do we have as contacts there?`,
      expect: [names(theirs, others, theirs.length)],
    };
  }),

  about("growth", "read", "which companies have a let in the negotiation stage", (w) => {
    const negotiating = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    const inIt = [...new Set(negotiating.map((d) => accountName(w, d)).filter((n): n is string => !!n))];
    const notInIt = w.accounts.map((a) => a.name).filter((n) => !inIt.includes(n));
    return {
      say: "Which of our prospective tenants are we haggling over terms with at the moment — the lets in the Negotiation stage? Just tell me the companies.",
      expect: [names(inIt, notInIt, inIt.length)],
    };
  }),

  ask("growth", "read", "how many deals have we got on the go that aren't signed or dead yet?", (w) => [
    count(w.deals.filter((d) => d.status === "open").length, "open deals"),
  ]),

  about("growth", "read", "the email address of <a contact, surname misspelt>", (w) => {
    const c = w.contacts.find((x) => x.first_name === "Isla" && x.last_name === "Haddad") ?? pick(uniqueContacts(w), (x) => !!x.account_id, "unique contact");
    const account = w.accounts.find((a) => a.id === c.account_id)?.name ?? "";
    const said = c.last_name === "Haddad" ? "Isla Hadad" : fullName(c);
    return {
      say: `I need to send ${said} at ${account} the service charge breakdown. What's her email address?`,
      expect: [says(c.email)],
    };
  }),

  about("growth", "read", "who is on <the follow-up email sequence> right now", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active" && enrolledContacts(w, s.id).length > 0, "active sequence with people in it");
    const on = enrolledContacts(w, seq.id).map(fullName);
    const off = w.contacts.map(fullName).filter((n) => !on.includes(n));
    return {
      say: `Who's currently getting the "${seq.name}" emails? I don't want to chase anyone twice.`,
      expect: [names(on, off, on.length)],
    };
  }),

  about("growth", "read", "what <a named deal of an account with two deals> is worth", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length === 2, "account with two open deals");
    const deal = pick(dealsOf(w, account.id), (d) => d.status === "open" && d.amount !== null, "open deal with an amount");
    return {
      say: `Remind me what the ${account.name} "${dealTopic(deal)}" deal is worth? I'm putting the budget together for next year.`,
      expect: [money({ [deal.currency]: deal.amount! }, "deal amount")],
    };
  }),

  about("talent", "read", "the applicants for <the backend engineer vacancy> and their stages", (w) => {
    const job = jobNamed(w, "Backend");
    const theirs = candidatesOf(w, job.id).map(fullName);
    const others = w.candidates.filter((c) => c.job_id !== job.id).map(fullName);
    return {
      say: "Who's applied for the backend engineer vacancy, and how far along is each of them?",
      expect: [names(theirs, others, theirs.length)],
    };
  }),

  ask("talent", "read", "How many applicants are at the interview stage, across all the vacancies?", (w) => [
    count(inStage(w, "interview").length, "candidates in interview"),
  ]),

  about("talent", "read", "which vacancies are still open", (w) => {
    const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
    const closed = w.jobs.filter((j) => j.status !== "open").map((j) => j.title);
    return {
      say: "A recruiter has been on the phone touting for business. Remind me which vacancies we're actually advertising at the moment?",
      expect: [names(open, closed, open.length)],
    };
  }),

  about("talent", "read", "where <an applicant, misspelt> has got to", (w) => {
    const c =
      w.candidates.find((x) => x.first_name === "Katherine" && x.last_name === "Johnson") ??
      pick(w.candidates, (x) => x.stage === "interview", "candidate in interview");
    const said = c.last_name === "Johnson" ? "Katherine Jonson" : fullName(c);
    return {
      say: `Where's ${said} up to with her application? She emailed asking for an update.`,
      expect: [says(c.stage)],
    };
  }),

  /* ---------------- writes (15) ---------------- */
  about("finance", "write", "<a tenant> settled <their overdue invoice> in full", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const theirs = w.invoices.filter((i) => i.client === c);
        return theirs.length === 1 && overdue(theirs[0]!) && theirs[0]!.amount_paid === 0;
      },
      "client with a single overdue invoice",
    );
    const inv = pick(w.invoices, (i) => i.client === client, "their invoice");
    return {
      say: `Finally! ${client} have cleared their arrears — the transfer for ${inv.number} landed this morning, the full amount. Can you mark it paid?`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),

  about("finance", "write", "record a £2,000 part payment from <a tenant with one unpaid sterling invoice>", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const open = w.invoices.filter((i) => i.client === c && unpaid(i));
        return open.length === 1 && open[0]!.currency === "GBP" && open[0]!.amount_paid === 0 && open[0]!.amount_due > 2000;
      },
      "client with one unpaid GBP invoice",
    );
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "their unpaid invoice");
    return {
      say: `${client} are having a tight month so we agreed they'd pay in instalments. £2,000 came in today off their outstanding invoice — please record it against that.`,
      expect: [changed("invoice", inv.id, { amount_paid: 2000, amount_due: Math.round((inv.amount_due - 2000) * 100) / 100 }, inv.number)],
    };
  }),

  about("finance", "write", "raise a £7,500 quarter's rent invoice for a new tenant, due the 1st of next month", (w) => {
    const due = month(w, 1)[0];
    return {
      say: `We've got a new tenant — Harbourside Dental are taking Unit 4 on the ground floor. Please raise an invoice to them for the first quarter's rent, £7,500, due on the ${spoken(due)}.`,
      expect: [created("invoice", { client: is.text("Harbourside Dental"), amount: 7500, currency: "GBP", due_date: due })],
    };
  }),

  about("finance", "write", "push the due date of <a draft invoice> to the 15th of the month after next", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "draft", "draft invoice");
    const newDue = addDays(month(w, 2)[0], 14);
    return {
      say: `${inv.client} have asked for a bit more breathing room while their fit-out finishes. Can you move the due date on ${shortNumber(inv)} to the ${spoken(newDue)}?`,
      expect: [changed("invoice", inv.id, { due_date: newDue }, inv.number)],
    };
  }),

  about("finance", "write", "issue the one draft invoice of <a tenant>", (w) => {
    const client = pick(
      clientNames(w),
      (c) => w.invoices.filter((i) => i.client === c && i.status === "draft").length === 1 && w.invoices.filter((i) => i.client === c).length > 1,
      "client with exactly one draft among several invoices",
    );
    const inv = pick(w.invoices, (i) => i.client === client && i.status === "draft", "their draft");
    return {
      say: `I've checked the draft invoice for ${client} against their lease and it's all correct. Go ahead and finalise it so it's issued.`,
      expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),

  about("finance", "write", "cancel <an open invoice> raised against the wrong unit", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
    return {
      say: `Bit of a mess-up: ${inv.number} to ${inv.client} was raised against the wrong unit. It needs voiding, please — I'll raise a fresh one myself.`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  about("growth", "write", "add the facilities manager at <an account> as a contact", (w) => {
    const account = pick(w.accounts, (a) => !!a.domain && contactsOf(w, a.id).length > 0, "account with a domain");
    const email = `priya.nair@${account.domain}`;
    return {
      say: `${account.name} have a new facilities manager who'll be our point of contact for the building: Priya Nair, ${email}. Please add her as a contact under ${account.name}.`,
      expect: [
        created("contact", { first_name: is.text("Priya"), last_name: is.text("Nair"), email, title: is.containing("facilities"), account_id: account.id }),
      ],
    };
  }),

  about("growth", "write", "move <a deal in Proposal> on to Negotiation", (w) => {
    const deal = openDealIn(w, ["Proposal"]);
    const account = accountName(w, deal) ?? deal.name;
    return {
      say: `${account} came back on the heads of terms for the ${dealTopic(deal).toLowerCase()} — we're now arguing about the rent-free period. Move that deal into Negotiation.`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),

  about("growth", "write", "mark <the only deal of an account> as won", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `Champagne time — ${account} signed the lease this afternoon! Please mark their deal as won.`,
      expect: [changed("deal", deal.id, { status: "won", stage_id: stageNamed(w, "Closed won").id }, deal.name)],
    };
  }),

  about("growth", "write", "close <the only open deal of an account that also has a closed one> as lost", (w) => {
    const account = pick(
      w.accounts,
      (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length === 1 && dealsOf(w, a.id).some((d) => d.status !== "open"),
      "account with one open deal and a closed one",
    );
    const deal = pick(dealsOf(w, account.id), (d) => d.status === "open", "their open deal");
    return {
      say: `Bad news on ${account.name}: they've decided to go with another landlord for the ${dealTopic(deal).toLowerCase()}. Mark that one as lost, please.`,
      expect: [changed("deal", deal.id, { status: "lost", stage_id: stageNamed(w, "Closed lost").id }, deal.name)],
    };
  }),

  about("growth", "write", "new $42,000 deal for <an account>, named as told", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).some((d) => d.status !== "open"), "account with a closed deal");
    const name = `${account.name}: Second floor lease`;
    return {
      say: `${account.name} are looking at the whole second floor as well. Can you put a new deal on the pipeline for it — call it "${name}", $42,000 a year, in US dollars.`,
      expect: [created("deal", { name: is.text(name), account_id: account.id, amount: 42000, currency: "USD" })],
    };
  }),

  about("growth", "write", "put <a contact not yet enrolled> on the follow-up emails", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
    const c = pick(uniqueContacts(w), (x) => !inIt.has(x.id) && !!x.account_id && x.lifecycle_stage === "lead", "unique lead not enrolled");
    const account = w.accounts.find((a) => a.id === c.account_id)!.name;
    return {
      say: `I met ${fullName(c)} from ${account} at the property expo — they might need overflow office space. Stick them on the "${seq.name}" emails, would you?`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),

  ask(
    "talent",
    "write",
    "We need another pair of hands on the maintenance team. Please open a vacancy for a Maintenance Technician — full time, in the Facilities department, based at our Leeds site.",
    () => [
      created("job", {
        title: is.containing("Maintenance Technician"),
        employment_type: "full_time",
        department: is.containing("Facilities"),
        location: is.containing("Leeds"),
      }),
    ],
  ),

  about("talent", "write", "move <an applicant in screening> through to interview", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening", "candidate in screening");
    const job = w.jobs.find((j) => j.id === c.job_id)!.title;
    return {
      say: `${fullName(c)} came across really well on the phone screen for the ${job} role. Move them through to interview, please.`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),

  about("talent", "write", "turn down <an applicant at applied stage, surname misspelt>", (w) => {
    const c =
      w.candidates.find((x) => x.first_name === "Ken" && x.last_name === "Thompson" && x.stage === "applied") ??
      pick(w.candidates, (x) => x.stage === "applied", "applied candidate");
    const said = c.last_name === "Thompson" ? "Ken Thomson" : fullName(c);
    const job = w.jobs.find((j) => j.id === c.job_id)!.title;
    return {
      say: `Having read ${said}'s CV properly, he's not what we need for the ${job} post. Please reject him.`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),

  /* ---------------- key figures (4) ---------------- */
  about("intelligence", "figure", "total arrears across all currencies", (w) => {
    const late = w.invoices.filter(overdue);
    return {
      say: "For the quarterly landlord report I need our total arrears — everything that's overdue, in each currency we bill in.",
      expect: [money(dueSums(late), "overdue total")],
    };
  }),

  ask("intelligence", "figure", "Of the lets we've closed over the last 90 days, what proportion did we win? Give me the win rate.", (w) => [
    figure(w.snapshot?.growth.last_90_days.win_rate ?? null, "win rate", "percent"),
  ]),

  ask(
    "intelligence",
    "figure",
    "How long are our dollar-paying tenants taking to pay on average at the moment? I mean the days sales outstanding for USD.",
    (w) => [figure(snapshotCurrency(w, "USD")?.days_sales_outstanding ?? null, "USD days sales outstanding")],
  ),

  about("intelligence", "figure", "the weighted value of the open pipeline", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.amount !== null);
    const weighted = sums(open, (d: Deal) => (d.amount! * stageOf(w, d).probability) / 100);
    return {
      say: "If I weight every open deal by how likely it is to sign, what's the pipeline worth? The weighted figure, please.",
      expect: [money(weighted, "weighted pipeline value")],
    };
  }),

  /* ---------------- must not act (6) ---------------- */
  about("finance", "question", "mark <a tenant with several unpaid invoices>' invoice paid, without saying which", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 3, "client with three or more unpaid invoices");
    return {
      say: `${client} have paid their invoice, so you can mark it as paid.`,
      expect: [noChange(), asksBack()],
    };
  }),

  ask("finance", "question", "Can you raise this month's rent invoice for whoever's moved into Unit 7? Due at the end of the month.", () => [noChange()]),

  about("growth", "question", "move <an account with two open deals>' deal on a stage, without saying which", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with two open deals");
    return {
      say: `Had a good viewing with ${account.name} today. Push their deal on to the next stage.`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("growth", "question", "enrol <a name two contacts share> in the follow-up emails", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
    const shared = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length > 1 && same.every((o) => !inIt.has(o.id));
      },
      "name shared by two contacts, neither enrolled",
    );
    return {
      say: `Can you pop ${fullName(shared)} onto the "${seq.name}" emails?`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("talent", "question", "reject the applicant for <a job with several applicants still in play>, without naming them", (w) => {
    const job = pick(
      w.jobs,
      (j) => j.status === "open" && candidatesOf(w, j.id).filter((c) => ["applied", "screening", "interview", "offer"].includes(c.stage)).length >= 3,
      "job with three applicants in play",
    );
    return {
      say: `We've decided against the applicant for the ${job.title} vacancy. Reject them, please.`,
      expect: [noChange()],
    };
  }),

  about("talent", "question", "close the vacancy we've filled, when more than one has a hire", (w) => {
    const filled = w.jobs.filter((j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired"));
    if (filled.length < 2) throw new Error("needs two open jobs with a hire");
    return {
      say: "Good news, we've taken someone on, so please close the vacancy off.",
      expect: [noChange()],
    };
  }),
];
