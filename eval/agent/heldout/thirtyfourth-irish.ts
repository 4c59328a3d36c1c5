import { about, approval, asksBack, changed, count, created, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  christmas,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  fullName,
  inStage,
  jobNamed,
  month,
  numbers,
  ofClient,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageOf,
  sums,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Invoice, World } from "../world.ts";

/*
 * Siobhán: runs a 15-person plumbing and heating firm in Cork and does the books, the sales and
 * the hiring herself between jobs. Irish English, casual, mostly lower case, typed on the phone
 * in the van. Records are picked from the data when the case is planned.
 */

const SYMBOL: Record<string, string> = { EUR: "€", USD: "$", GBP: "£" };
const cash = (amount: number, currency: string) =>
  `${SYMBOL[currency] ?? ""}${amount.toLocaleString("en-IE", { minimumFractionDigits: 0, maximumFractionDigits: 2 })}${SYMBOL[currency] ? "" : ` ${currency}`}`;

/** Clients billed exactly one invoice, and that invoice. */
const loneInvoices = (w: World): Invoice[] => {
  const clients = [...new Set(w.invoices.map((i) => i.client))];
  return clients
    .map((c) => w.invoices.filter((i) => i.client === c))
    .filter((list) => list.length === 1)
    .map((list) => list[0]!);
};

/** A client with at least n unpaid invoices (so "the invoice" does not say which). */
const clientWithManyUnpaid = (w: World, n: number, not: string[] = []): string => {
  const clients = [...new Set(w.invoices.map((i) => i.client))].filter((c) => !not.includes(c));
  return pick(clients, (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= n, `client with ${n}+ unpaid invoices`);
};

const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
const accountName = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "account of a deal").name;

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  about("finance", "read", "how many invoices are overdue at the minute", (w) => ({
    say: "c'mere how many invoices have we gone overdue at the minute",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),
  about("finance", "read", "what's overdue from Globex, which invoices and how much", (w) => {
    const globex = ofClient(w, "Globex");
    const late = globex.filter(overdue);
    if (!late.length) throw new Error("Globex has nothing overdue");
    return {
      say: "your man from Globex is after ringing me, what have they overdue with us? which invoices and how much",
      expect: [names(numbers(late), numbers(globex.filter((i) => !overdue(i)))), money(dueSums(late), "overdue from Globex")],
    };
  }),
  about("finance", "read", "what's owed by Acme all in", (w) => ({
    say: "how're we fixed with Acme, what's owed",
    expect: [money(dueSums(ofClient(w, "Acme").filter(unpaid)), "still owed by Acme")],
  })),
  about("finance", "read", "how much is left to pay on <a part-paid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0 && !i.client.startsWith("Acme"), "part-paid invoice");
    return {
      say: `${inv.client} paid some of ${shortNumber(inv)} a while back, how much is left on it`,
      expect: [money({ [inv.currency]: inv.amount_due }, `left on ${inv.number}`)],
    };
  }),
  about("finance", "read", "list the invoices not sent yet (drafts)", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return {
      say: "give us a list of the invoices I have done up but haven't sent out yet",
      expect: [names(numbers(drafts), numbers(w.invoices.filter(unpaid)))],
    };
  }),
  about("finance", "read", "which client has owed us the longest", (w) => {
    const late = w.invoices.filter(overdue);
    const worst = late.reduce((a, b) => (b.days_overdue > a.days_overdue ? b : a));
    return {
      say: "who's the worst for paying, like which client has had an invoice hanging the longest past its due date",
      expect: [names([worst.client], [], 1)],
    };
  }),
  about("finance", "read", "invoices gone out that fall due in the next fortnight", (w) => {
    const from = today(w);
    const to = addDays(from, 14);
    const sent = w.invoices.filter((i) => i.status === "open");
    const soon = sent.filter((i) => i.due_date >= from && i.due_date <= to);
    return {
      say: "of the invoices that are gone out, which ones are due to be paid in the next fortnight? want to know what's coming in before the lads' wages",
      expect: [names(numbers(soon), numbers(sent.filter((i) => !soon.includes(i))))],
    };
  }),
  about("finance", "read", "how much Wayne Enterprises has paid us so far", (w) => ({
    say: "how much have we got lodged from Wayne Enterprises so far, all in",
    expect: [
      money(
        sums(ofClient(w, "Wayne"), (i: Invoice) => i.amount_paid),
        "paid by Wayne Enterprises",
      ),
    ],
  })),

  /* ---------------- reads: growth ---------------- */
  about("growth", "read", "who are our contacts at Stark Logistics", (w) => {
    const stark = accountNamed(w, "Stark");
    const theirs = contactsOf(w, stark.id).map(fullName);
    return {
      say: "give us a list of the people we have at stark logistics",
      expect: [names(theirs, w.contacts.filter((c) => c.account_id !== stark.id).map(fullName), theirs.length)],
    };
  }),
  about("growth", "read", "what stage is the deal with <an account with one deal> at", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `how's the ${account.split(" ")[0]} job going? where's that deal at`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "which customers have deals in negotiation", (w) => {
    const inNeg = openDeals(w).filter((d) => stageOf(w, d).name === "Negotiation");
    const yes = [...new Set(inNeg.map((d) => accountName(w, d.account_id)))];
    const no = w.accounts.filter((a) => !yes.includes(a.name)).map((a) => a.name);
    return {
      say: "which of the customers have we deals at the negotiating stage",
      expect: [names(yes, no, yes.length)],
    };
  }),
  about("growth", "read", "how many contacts are still only leads", (w) => ({
    say: "how many of our contacts are still just leads",
    expect: [count(w.contacts.filter((c) => c.lifecycle_stage === "lead").length, "leads")],
  })),
  about("growth", "read", "who is on the new lead follow-up emails", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("lead follow"), "lead follow-up sequence");
    const on = w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id);
    const people = w.contacts.filter((c) => on.includes(c.id)).map(fullName);
    return {
      say: "who've we got getting the new lead follow up emails",
      expect: [names(people, [], 4)],
    };
  }),
  about("growth", "read", "how many open deals should close before Christmas, and whose", (w) => {
    const xmas = christmas(w);
    const soon = openDeals(w).filter((d) => d.expected_close_date !== null && d.expected_close_date >= today(w) && d.expected_close_date < xmas);
    const who = [...new Set(soon.map((d) => accountName(w, d.account_id)))];
    return {
      say: "fierce busy coming up to christmas so would you tell me which deals are meant to close before it, how many and who",
      expect: [count(soon.length, "deals closing before Christmas"), names(who, [], who.length)],
    };
  }),

  /* ---------------- reads: talent ---------------- */
  about("talent", "read", "who's still in the running for the backend engineer job", (w) => {
    const job = jobNamed(w, "backend");
    const all = candidatesOf(w, job.id);
    const live = all.filter((c) => c.stage !== "rejected" && c.stage !== "hired");
    const out = all.filter((c) => !live.includes(c));
    return {
      say: "who's still in the running for the backend engineer job",
      expect: [names(live.map(fullName), out.map(fullName), live.length)],
    };
  }),
  about("talent", "read", "which candidates have been made offers", (w) => {
    const offered = inStage(w, "offer");
    return {
      say: "who have we offers out to at the minute",
      expect: [names(offered.map(fullName), w.candidates.filter((c) => c.stage !== "offer").map(fullName), offered.length)],
    };
  }),
  about("talent", "read", "what jobs are we advertising", (w) => {
    const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
    return {
      say: "what jobs have we up at the minute",
      expect: [
        names(
          open,
          w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
          open.length,
        ),
      ],
    };
  }),

  /* ---------------- writes: finance ---------------- */
  about("finance", "write", "<client> paid <their only invoice, overdue> in full", (w) => {
    const inv = pick(loneInvoices(w), (i) => overdue(i) && i.amount_paid === 0, "client with one overdue invoice");
    return {
      say: `I'm after getting a payment from ${inv.client}, the full amount, lodged it this morning. would you ever mark it off`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "<client> paid part of their only invoice", (w) => {
    const lone = loneInvoices(w).filter((i) => overdue(i) && i.amount_paid === 0);
    const inv = lone[1] ?? pick(lone, () => true, "client with one overdue invoice");
    const part = Math.max(100, Math.floor(inv.amount_due / 3 / 100) * 100);
    return {
      say: `${inv.client.split(" ")[0]!.toLowerCase()} sent on ${cash(part, inv.currency)} towards their invoice, put that against it. rest to follow apparently`,
      expect: [changed("invoice", inv.id, { amount_paid: part, status: is.not("paid") }, inv.number)],
    };
  }),
  about("finance", "write", "raise and send a euro invoice to Northwind due end of next month", (w) => ({
    say: "invoice gone out to Northwind Traders today for €3,450, due end of next month. put it in as sent so",
    expect: [created("invoice", { client: is.text("Northwind Traders"), amount: 3450, currency: "EUR", due_date: month(w, 1)[1], status: "open" })],
  })),
  about("finance", "write", "send out <the only invoice of a client, a draft>", (w) => {
    const inv = pick(loneInvoices(w), (i) => i.status === "draft", "client whose only invoice is a draft");
    return {
      say: `the ${inv.client.split(" ")[0]} invoice is grand now, send it out`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice>, a duplicate", (w) => {
    const inv = pick(loneInvoices(w), (i) => i.status === "open", "client whose only invoice is open");
    return {
      say: `cancel ${shortNumber(inv)} for ${inv.client} would you, yer one in their office says we sent it twice`,
      expect: [approval(/void/, inv.id, inv.number)],
    };
  }),

  /* ---------------- writes: growth ---------------- */
  about("growth", "write", "add Aoife Brennan, facilities manager at Globex, as a contact", (w) => {
    const globex = accountNamed(w, "Globex");
    return {
      say: "add a new contact there, Aoife Brennan, aoife.brennan@globex.com, she's the new facilities manager over in Globex",
      expect: [
        created("contact", {
          first_name: is.text("Aoife"),
          last_name: is.text("Brennan"),
          email: "aoife.brennan@globex.com",
          title: is.containing("facilities"),
          account_id: globex.id,
        }),
      ],
    };
  }),
  about("growth", "write", "<a qualified contact> is a customer now", (w) => {
    const c = pick(uniqueContacts(w), (x) => x.lifecycle_stage === "qualified", "unique qualified contact");
    return {
      say: `${fullName(c)} signed up with us, she's a customer now so update her`,
      expect: [changed("contact", c.id, { lifecycle_stage: "customer" }, fullName(c))],
    };
  }),
  about("growth", "write", "move <a deal in proposal> on to negotiation", (w) => {
    const deal = openDealIn(w, ["Proposal"]);
    const account = accountName(w, deal.account_id);
    const negotiation = pick(
      w.pipelines.flatMap((p) => p.stages.map((s) => ({ ...s, pipeline: p }))),
      (s) => s.name === "Negotiation" && s.pipeline.stages.some((x) => x.id === deal.stage_id),
      "negotiation stage of the deal's pipeline",
    );
    return {
      say: `the ${account} ${dealTopic(deal).toLowerCase()} is gone to negotiation, they came back on the proposal`,
      expect: [changed("deal", deal.id, { stage_id: negotiation.id }, deal.name)],
    };
  }),
  about("growth", "write", "we won <the open deal of an account in qualified>", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Qualified"]);
    return {
      say: `we got the ${account.split(" ")[0]} job!! mark it won, sound`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "new deal for Northwind: boiler replacement, 12,500 euro, closing end of January", (w) => {
    const northwind = accountNamed(w, "Northwind");
    if (dealsOf(w, northwind.id).some((d) => d.name.toLowerCase().includes("boiler"))) throw new Error("Northwind already has a boiler deal");
    return {
      say: "put in a new deal for Northwind Traders, boiler replacement in their warehouse, about 12,500 euro, should close end of january",
      expect: [
        created("deal", {
          account_id: northwind.id,
          name: is.containing("boiler"),
          amount: 12500,
          currency: "EUR",
          expected_close_date: endOfNamedMonth(w, 1),
        }),
      ],
    };
  }),
  about("growth", "write", "put <a contact not enrolled> on the new lead follow-up emails", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("lead follow"), "lead follow-up sequence");
    const active = w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id);
    const c = pick(uniqueContacts(w), (x) => x.lifecycle_stage === "lead" && !active.includes(x.id), "unique lead not enrolled");
    return {
      say: `stick ${fullName(c)} on the new lead follow up emails would you`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),

  /* ---------------- writes: talent ---------------- */
  about("talent", "write", "<a candidate at interview> gets an offer", (w) => {
    const c = pick(inStage(w, "interview"), () => true, "candidate at interview");
    return {
      say: `${fullName(c)} flew through the interview, move them on to the offer stage`,
      expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <a candidate at screening>", (w) => {
    const c = pick(inStage(w, "screening"), () => true, "candidate at screening");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "job of the candidate");
    return {
      say: `not going ahead with ${fullName(c)} for the ${job.title.toLowerCase()} job, reject them`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "add Niamh Kelly for the backend job, a referral", (w) => {
    const job = jobNamed(w, "backend");
    return {
      say: "one of the lads put forward a friend of his for the backend engineer job, Niamh Kelly, niamh.kelly@gmail.com. add her in as a candidate, it's a referral",
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Niamh"),
          last_name: is.text("Kelly"),
          email: "niamh.kelly@gmail.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "close <an open job somebody was hired for>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired"), "open job with a hire");
    return {
      say: `we've the ${job.title.toLowerCase()} position filled, close off that job now`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* ---------------- figures ---------------- */
  about("intelligence", "figure", "our win rate over the last three months", (w) => ({
    say: "what's our win rate like over the last 90 days",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
  })),
  about("intelligence", "figure", "total value of the open pipeline", (w) => ({
    say: "how much have we in the pipeline all told, the open deals i mean",
    expect: [
      money(
        sums(openDeals(w), (d: { amount: number | null }) => d.amount ?? 0),
        "open pipeline value",
      ),
    ],
  })),
  about("intelligence", "figure", "everything owed to us altogether", (w) => ({
    say: "what's owed to us altogether, everything not paid yet",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),
  about("intelligence", "figure", "debtor days on the dollar invoices", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD in the snapshot");
    return {
      say: "the accountant was asking what our debtor days are on the dollar invoices, what's the figure",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
    };
  }),

  /* ---------------- must not act ---------------- */
  about("finance", "question", "<a client with several unpaid invoices> paid 'the invoice'", (w) => {
    const client = clientWithManyUnpaid(w, 3);
    return {
      say: `your man from ${client.split(" ")[0]} rang to say they paid the invoice, mark it paid there`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "got a payment in, put it against the invoice (no client, no amount)", () => ({
    say: "I'm after getting a payment in, would you put it against the invoice",
    expect: [noChange(), asksBack()],
  })),
  about("finance", "question", "void 'the' invoice of <a client with several unpaid>", (w) => {
    const first = clientWithManyUnpaid(w, 3);
    const client = clientWithManyUnpaid(w, 2, [first]);
    return {
      say: `void the ${client.split(" ")[0]} invoice`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "make <a name two contacts share> a customer", (w) => {
    const c = pick(
      w.contacts,
      (x) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(x));
        return same.length > 1 && same.every((o) => o.lifecycle_stage !== "customer");
      },
      "contact name shared by two non-customers",
    );
    return {
      say: `make ${fullName(c)} a customer`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "new deal for 20 grand (no customer named)", () => ({
    say: "stick a new deal in for 20 grand",
    expect: [noChange(), asksBack()],
  })),
  about("talent", "question", "move 'yer one' on the designer job to the next stage", (w) => {
    const job = jobNamed(w, "designer");
    const movable = candidatesOf(w, job.id).filter((c) => ["applied", "screening", "interview", "offer"].includes(c.stage));
    if (movable.length < 2) throw new Error("the designer job needs two candidates who can move");
    return {
      say: "move yer one for the designer job on to the next stage",
      expect: [noChange(), asksBack()],
    };
  }),
];
