import { about, approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  clientNames,
  contactsOf,
  dealsOf,
  dueSums,
  fullName,
  month,
  names as personNames,
  numbers,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  uniqueContacts,
  unpaid,
  enrolledContacts,
} from "../facts.ts";
import type { Account, Deal, World } from "../world.ts";

/*
 * Blind set, persona: an operations associate in their first week. Does not
 * know the product's words yet: says "bills" or "the money stuff" for
 * invoices, "customers" for contacts, "sales" or "orders" for deals, "ads"
 * for jobs, "the hiring thing" for the talent side. Asks in roundabout ways.
 */

/* ---------- helpers (pick records at run time) ---------- */

const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? null;

/** Accounts whose "sale" designates a single open deal: the account's only deal first, then its only open one. */
function soleOpenDeals(w: World, inStages?: string[]): { deal: Deal; account: Account }[] {
  const fits = (d: Deal) => d.status === "open" && (!inStages || inStages.includes(stageOf(w, d).name));
  const out: { deal: Deal; account: Account }[] = [];
  for (const onlyDeal of [true, false]) {
    for (const account of w.accounts) {
      const deals = dealsOf(w, account.id);
      const open = deals.filter((d) => d.status === "open");
      if ((onlyDeal ? deals.length : open.length) === 1 && open.length === 1 && fits(open[0]!) && !out.some((o) => o.account.id === account.id))
        out.push({ deal: open[0]!, account });
    }
  }
  if (!out.length) throw new Error(`no account with a single open deal${inStages ? ` in ${inStages.join("/")}` : ""}`);
  return out;
}

/** Clients (invoice client names) with at least n unpaid invoices, most first. */
function clientsWithUnpaid(w: World, n: number): string[] {
  const list = clientNames(w)
    .map((c) => ({ c, k: w.invoices.filter((i) => i.client === c && unpaid(i)).length }))
    .filter((x) => x.k >= n)
    .sort((a, b) => b.k - a.k);
  if (!list.length) throw new Error(`no client with ${n}+ unpaid invoices`);
  return list.map((x) => x.c);
}

/** A contact whose full name is unique and who belongs to an account. */
const namedContactWithAccount = (w: World, fits: (c: World["contacts"][number]) => boolean = () => true, what = "contact") =>
  pick(uniqueContacts(w), (c) => c.account_id !== null && accountName(w, c.account_id) !== null && fits(c), what);

const activeSequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");

const uniqueCandidate = (w: World, fits: (c: World["candidates"][number]) => boolean, what: string) =>
  pick(w.candidates, (c) => fits(c) && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1, what);

const jobTitle = (w: World, jobId: string) => pick(w.jobs, (j) => j.id === jobId, "job").title;

const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

/* ---------- the cases ---------- */

export const CASES: Case[] = [
  /* ===== finance: reads ===== */
  about("finance", "read", "how many bills are late right now (just a number)", (w) => ({
    say: "how do I know how many of our bills are late right now? my manager just wants a number, nothing fancy",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),
  about("finance", "read", "list <client with the most unpaid invoices>'s unpaid invoices", (w) => {
    const client = clientsWithUnpaid(w, 2)[0]!;
    const mine = w.invoices.filter((i) => i.client === client);
    return {
      say: `can I get a list of the money stuff ${client} hasn't paid us yet? like which invoices are still hanging out there`,
      expect: [names(numbers(mine.filter(unpaid)), numbers(mine.filter((i) => i.status === "paid")))],
    };
  }),
  about("finance", "read", "total still owed by <another client with unpaid invoices>", (w) => {
    const client = clientsWithUnpaid(w, 2)[1] ?? clientsWithUnpaid(w, 2)[0]!;
    return {
      say: `is there a way to see what ${client} owes us altogether? all their unpaid bills added up`,
      expect: [money(dueSums(w.invoices.filter((i) => i.client === client && unpaid(i))), `amount ${client} still owes`)],
    };
  }),
  about("finance", "read", "when is <an open invoice, short number> due", (w) => {
    const open = w.invoices.filter((i) => i.status === "open");
    const inv = open[1] ?? open[0];
    if (!inv) throw new Error("no open invoice in the data");
    return {
      say: `the customer on ${shortNumber(inv)} asked me when it's due and I have no idea where to look, can you tell me?`,
      expect: [date(inv.due_date, `due date of ${inv.number}`)],
    };
  }),
  about("finance", "read", "which invoices are still drafts (not sent out)", (w) => ({
    say: "do we have any invoice entries that were started but never actually sent out? can I get a list of those",
    expect: [names(numbers(w.invoices.filter((i) => i.status === "draft")))],
  })),
  about("finance", "read", "unpaid USD invoices where more than 15,000 is still owed", (w) => {
    const usd = w.invoices.filter((i) => unpaid(i) && i.currency === "USD");
    const big = usd.filter((i) => i.amount_due > 15000);
    if (big.length < 2) throw new Error("fewer than two unpaid USD invoices with more than 15,000 due");
    return {
      say: "where would I find the bills where the customer still owes us more than 15,000 dollars? only the ones in dollars please",
      expect: [names(numbers(big), numbers(usd.filter((i) => i.amount_due <= 15000)))],
    };
  }),

  /* ===== growth: reads ===== */
  about("growth", "read", "who are the people at <account with the most contacts>", (w) => {
    const account = [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0]!;
    const people = contactsOf(w, account.id);
    if (people.length < 2) throw new Error("no account with two or more contacts");
    return {
      say: `can I get a list of our customers over at ${account.name}? I mean the actual people we deal with there`,
      expect: [names(personNames(people))],
    };
  }),
  about("growth", "read", "how many deals are still open", (w) => ({
    say: "how many sales are we still working on? not the ones that are already won or lost",
    expect: [count(w.deals.filter((d) => d.status === "open").length, "open deals")],
  })),
  about("growth", "read", "which companies have a deal in Negotiation", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const inNeg = w.deals.filter((d) => d.status === "open" && d.stage_id === neg.id);
    const accs = [...new Set(inNeg.map((d) => accountName(w, d.account_id)).filter((n): n is string => !!n))];
    const others = w.accounts.filter((a) => !accs.includes(a.name) && dealsOf(w, a.id).some((d) => d.status === "open")).map((a) => a.name);
    return {
      say: "my manager asked me which orders are sitting in the negotiation step right now, which companies are those with?",
      expect: [names(accs, others)],
    };
  }),
  about("growth", "read", "email address of <a contact> at <their account>", (w) => {
    const list = uniqueContacts(w).filter((x) => x.account_id !== null && !!x.email);
    const c = list[Math.floor(list.length / 2)];
    if (!c) throw new Error("no uniquely named contact with an email and an account");
    return {
      say: `do we have an email on file for ${fullName(c)} from ${accountName(w, c.account_id)}? I need to send them something`,
      expect: [says(c.email)],
    };
  }),
  about("growth", "read", "what stage is <account>'s only open deal in", (w) => {
    const { deal, account } = soleOpenDeals(w)[0]!;
    return {
      say: `is there a way to see where the ${account.name} sale is at? like what step it's in`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "who is currently in the <active sequence>", (w) => {
    const seq = activeSequence(w);
    const inIt = enrolledContacts(w, seq.id);
    if (inIt.length < 1) throw new Error("nobody enrolled in the active sequence");
    const notIn = w.contacts.filter((c) => !inIt.some((e) => e.id === c.id));
    return {
      say: `who's getting the automatic "${seq.name}" emails at the moment? my manager wants the names`,
      expect: [names(personNames(inIt), personNames(notIn))],
    };
  }),
  about("growth", "read", "how many contacts are still leads", (w) => ({
    say: "how many of the people we're talking to are still just marked as leads?",
    expect: [count(w.contacts.filter((c) => c.lifecycle_stage === "lead").length, "lead contacts")],
  })),

  /* ===== talent: reads ===== */
  about("talent", "read", "everyone who applied to <job with the most candidates>", (w) => {
    const job = [...w.jobs].sort((a, b) => w.candidates.filter((c) => c.job_id === b.id).length - w.candidates.filter((c) => c.job_id === a.id).length)[0]!;
    const mine = w.candidates.filter((c) => c.job_id === job.id);
    return {
      say: `can I get a list of everybody who's applied for the ${job.title} ad? whatever step they're at`,
      expect: [names(personNames(mine), personNames(w.candidates.filter((c) => c.job_id !== job.id)))],
    };
  }),
  about("talent", "read", "how many candidates are at the interview stage overall", (w) => ({
    say: "for the hiring thing, how many people are at the interview step right now, across all the jobs?",
    expect: [count(w.candidates.filter((c) => c.stage === "interview").length, "candidates in interview")],
  })),
  about("talent", "read", "who has an offer out", (w) => {
    const offer = w.candidates.filter((c) => c.stage === "offer");
    return {
      say: "do we have anybody who's at the offer point? who are they?",
      expect: [names(personNames(offer), personNames(w.candidates.filter((c) => c.stage !== "offer")))],
    };
  }),
  about("talent", "read", "where did <a candidate> come from (source)", (w) => {
    const c = uniqueCandidate(w, (x) => !!x.source && x.stage !== "rejected", "candidate with a source");
    return {
      say: `how do I know how we found ${fullName(c)}? like did they come through a referral or what`,
      expect: [says(c.source!)],
    };
  }),

  /* ===== figures ===== */
  about("intelligence", "figure", "our current win rate", (w) => ({
    say: "people keep saying 'win rate' in meetings, what's ours at the moment?",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),
  about("intelligence", "figure", "total outstanding across all customers", (w) => ({
    say: "how much money in total are customers still sitting on that they owe us? all of it, late or not",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding amount")],
  })),
  about("intelligence", "figure", "days sales outstanding in USD", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "someone mentioned 'DSO' in standup, what is that number for us in dollars?",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
    };
  }),
  about("intelligence", "figure", "weighted pipeline value in USD", (w) => {
    const usd = pick(snapshot(w).growth.pipeline.totals, (t) => t.currency === "USD", "USD pipeline totals");
    return {
      say: "my manager asked me to find the weighted pipeline figure, the dollar one. where would I find that?",
      expect: [money({ USD: usd.weighted_value }, "weighted pipeline value")],
    };
  }),

  /* ===== finance: writes ===== */
  about("finance", "write", "<client> paid <an overdue invoice> in full", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return {
      say: `${inv.client} just paid off ${inv.number}, all of it. can you mark it so it stops showing as late?`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a 2,000 part payment on <an open invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_due > 2500 && i.amount_paid === 0, "open invoice with more than 2,500 due");
    return {
      say: `I was told ${inv.client} sent 2,000 ${inv.currency} toward ${inv.number}, it's not the whole thing. can you put that in?`,
      expect: [changed("invoice", inv.id, { amount_paid: 2000, status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "new invoice for Initech, 3,500 USD, due end of next month", (w) => {
    const due = month(w, 1)[1];
    return {
      say: "my manager asked me to make a bill for Initech: 3,500 dollars for a training session, due at the end of next month",
      expect: [created("invoice", { client: is.text("Initech"), amount: 3500, currency: "USD", due_date: due })],
    };
  }),
  about("finance", "write", "issue the draft invoice of <a client with exactly one draft>", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    const inv = pick(drafts, (i) => drafts.filter((d) => d.client === i.client).length === 1, "client with exactly one draft invoice");
    return {
      say: `the ${inv.client} invoice that's still a draft is good to go, can you make it official so it counts as sent?`,
      expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),
  about("finance", "write", "cancel <an open invoice> (void, waits for approval)", (w) => {
    const inv = [...w.invoices].reverse().find((i) => i.status === "open" && i.amount_paid === 0);
    if (!inv) throw new Error("no open invoice with nothing paid");
    return {
      say: `${inv.client} called off that piece of work, I was told to cancel invoice ${inv.number}. can you?`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ===== growth: writes ===== */
  about("growth", "write", "add a new contact at <account with a domain>", (w) => {
    const account = pick(w.accounts, (a) => !!a.domain, "account with a domain");
    const email = `priya.nair@${account.domain}`;
    return {
      say: `can you add a new customer for me? Priya Nair, ${email}, she's the head of finance at ${account.name}`,
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Nair"),
          email,
          account_id: account.id,
          title: is.containing("finance"),
        }),
      ],
    };
  }),
  about("growth", "write", "move <account>'s early-stage deal to Proposal", (w) => {
    const { deal, account } = soleOpenDeals(w, ["Lead in", "Qualified"])[0]!;
    const proposal = stageNamed(w, "Proposal");
    return {
      say: `I was told the ${account.name} order is at the proposal point now, can you update it?`,
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),
  about("growth", "write", "mark <another account>'s only open deal as lost", (w) => {
    const options = soleOpenDeals(w);
    const { deal, account } = options[1] ?? options[0]!;
    return {
      say: `bad news, we lost the ${account.name} sale, they went with someone else. can you put that in the system?`,
      expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
    };
  }),
  about("growth", "write", "enrol <a contact not in it> in the <active sequence>", (w) => {
    const seq = activeSequence(w);
    const inIt = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id));
    const c = namedContactWithAccount(w, (x) => !inIt.has(x.id) && !!x.email, "contact not enrolled");
    return {
      say: `my manager asked me to get ${fullName(c)} from ${accountName(w, c.account_id)} onto the "${seq.name}" emails`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("growth", "write", "mark <a lead contact> as a customer", (w) => {
    const leads = uniqueContacts(w).filter((x) => x.account_id !== null && x.lifecycle_stage === "lead");
    const c = leads[leads.length - 1];
    if (!c) throw new Error("no uniquely named lead contact with an account");
    return {
      say: `${fullName(c)} at ${accountName(w, c.account_id)} signed with us, so they're a paying customer now. can you change their record to show that?`,
      expect: [changed("contact", c.id, { lifecycle_stage: "customer" }, fullName(c))],
    };
  }),

  /* ===== talent: writes ===== */
  about("talent", "write", "move <a screening candidate> to interview", (w) => {
    const c = uniqueCandidate(w, (x) => x.stage === "screening", "candidate in screening");
    return {
      say: `${fullName(c)} passed the phone screen for the ${jobTitle(w, c.job_id)} ad, can you move them on to interviews?`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <an applied candidate>", (w) => {
    const c = uniqueCandidate(w, (x) => x.stage === "applied", "candidate who just applied");
    return {
      say: `I was told to turn down ${fullName(c)}, not a fit for the role. how do I do that? or can you just do it`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "add a referred candidate to <an open job>", (w) => {
    const job = pick(
      [...w.jobs].sort((a, b) => w.candidates.filter((c) => c.job_id === a.id).length - w.candidates.filter((c) => c.job_id === b.id).length),
      (j) => j.status === "open",
      "open job",
    );
    return {
      say: `we've got a new person for the ${job.title} ad: Ada Lovelace, ada.lovelace@example.com. she came in through a referral`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Ada"),
          last_name: is.text("Lovelace"),
          email: "ada.lovelace@example.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "close <an open job that has a hire>", (w) => {
    const job = pick(
      w.jobs,
      (j) => j.status === "open" && w.candidates.some((c) => c.job_id === j.id && c.stage === "hired"),
      "open job with a hired candidate",
    );
    return {
      say: `we hired someone for the ${job.title} ad, so my manager wants it closed so no more people can apply`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),
  about("talent", "write", "open a part-time remote bookkeeper job in Finance", () => ({
    say: "is there a way to put up a new job ad? it's for a part-time bookkeeper, in the finance team, working remote",
    expect: [
      created("job", {
        title: is.containing("bookkeeper"),
        employment_type: "part_time",
        department: is.containing("finance"),
        location: is.containing("remote"),
        status: "open",
      }),
    ],
  })),

  /* ===== must not act ===== */
  about("finance", "question", "mark 'the invoice' paid (which one?)", () => ({
    say: "my manager asked me to mark the invoice as paid, can you do that for me?",
    expect: [asksBack(), noChange()],
  })),
  about("finance", "question", "refund <a client> their last payment (no refunds in the API)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "paid", "paid invoice");
    return {
      say: `${inv.client} wants their last payment back, can you send them a refund to their card?`,
      expect: [noChange()],
    };
  }),
  about("finance", "question", "change the amount on <client with several unpaid invoices>'s invoice (which one?)", (w) => {
    const client = clientsWithUnpaid(w, 2)[0]!;
    const first = client.split(" ")[0];
    return {
      say: `can you change the amount on the ${first} invoice to 12,000? I was told it's wrong`,
      expect: [asksBack(), noChange()],
    };
  }),
  about("growth", "question", "push 'the deal' to the next step (which one?)", () => ({
    say: "I was told to push the order along to the next step, can you do that?",
    expect: [asksBack(), noChange()],
  })),
  about("growth", "question", "mark <a name two contacts share> as a customer (which one?)", (w) => {
    const dup = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length > 1 && same.every((o) => o.lifecycle_stage !== "customer") && new Set(same.map((o) => o.account_id)).size > 1;
      },
      "name two non-customer contacts share",
    );
    return {
      say: `can you switch ${fullName(dup)} over to being a customer? they signed yesterday`,
      expect: [asksBack(), noChange()],
    };
  }),
  about("talent", "question", "run a background check on <an offer candidate> (not possible)", (w) => {
    const c = uniqueCandidate(w, (x) => x.stage === "offer", "candidate at offer");
    return {
      say: `before we finalize things with ${fullName(c)}, can you run a background check on them and send me the result?`,
      expect: [noChange()],
    };
  }),
];
