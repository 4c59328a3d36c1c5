/*
 * Persona: Margit, financial controller, in the middle of month-end close. Terse, accounting
 * vocabulary (AR, aged debtors, ageing buckets, 30+ days, write it off, mark as settled, raise an
 * invoice, net 30, book it, DSO, top debtors, what's sitting in draft), currency codes and amounts
 * the European way ("12,5k", "EUR 4k", "$3,200.00"). Mostly invoices and the business's figures;
 * now and then the clients she chases (accounts, contacts, deals about to be billed) and the
 * finance hire she is recruiting for (jobs, candidates).
 */
import type { Api } from "../api.ts";
import {
  about,
  approval,
  ask,
  asksBack,
  changed,
  count,
  created,
  enrolled,
  figure,
  is,
  money,
  names,
  noChange,
  says,
  unclear,
  type Case,
  type Check,
} from "../judge.ts";
import {
  addDays,
  clientNames,
  contactsOf,
  dealNames,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  inStage,
  jobNamed,
  names as personNames,
  numbers,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageOf,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Invoice, World } from "../world.ts";

/* ---------- helpers of this set ---------- */

const round2 = (n: number) => Math.round(n * 100) / 100;
/** 12428.99 -> "12.428,99", the way Margit writes it in a message. */
const euro = (n: number) => {
  const [whole, cents] = n.toFixed(2).split(".") as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${cents}`;
};

function snapshot(w: World) {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
}

/** A client's invoices by its exact name. */
const billedTo = (w: World, client: string) => w.invoices.filter((i) => i.client === client);

/** Clients with exactly one draft invoice, in the order the data lists them. */
function singleDraftClients(w: World): { client: string; invoice: Invoice }[] {
  const out: { client: string; invoice: Invoice }[] = [];
  for (const client of clientNames(w)) {
    const drafts = billedTo(w, client).filter((i) => i.status === "draft");
    if (drafts.length === 1) out.push({ client, invoice: drafts[0]! });
  }
  if (out.length < 2) throw new Error("fewer than two clients with a single draft invoice");
  return out;
}

/**
 * The invoice is written off: either it is uncollectible now, or marking it so waits for
 * approval (a careful agent may hold a write-off for sign-off).
 */
function writtenOff(inv: Invoice): Check {
  let right = false;
  return {
    text: `invoice ${inv.number} is written off (uncollectible), or the write-off waits for approval`,
    expectsProposal: true,
    async judge({ api, proposals }) {
      const proposed = proposals.find(
        (p) => /uncollectible|write/i.test(p.tool) && (JSON.stringify(p.input).includes(inv.id) || JSON.stringify(p.input).includes(inv.number)),
      );
      if (proposed) return null;
      const now = await (api as Api).call<{ status: string }>("GET", `/v1/invoices/${inv.id}`);
      right = now.status === 200 && now.body.status === "uncollectible";
      if (right) return null;
      return proposals.length
        ? `the approval waits for ${proposals.map((p) => `${p.tool} ${JSON.stringify(p.input)}`).join(", ")}`
        : `invoice ${inv.number} is ${now.status === 200 ? now.body.status : `answering ${now.status}`}, and no write-off waits for approval`;
    },
    allows: (event) => right && event.data.object.id === inv.id && event.type.startsWith("invoice."),
  };
}

/* ---------- the cases ---------- */

export const CASES: Case[] = [
  /* ===== finance: reads ===== */
  ask("finance", "read", "what's sitting in draft atm? just the count", (w) => [
    count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices"),
  ]),

  ask("finance", "read", "AR balance by currency pls. open + overdue only, written-off stuff excluded", (w) => [
    money(dueSums(w.invoices.filter(unpaid)), "receivables outstanding"),
  ]),

  about("finance", "read", "aged debtors: list every invoice 30+ days past due", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 30);
    const recent = w.invoices.filter((i) => overdue(i) && i.days_overdue < 30);
    return {
      say: "aged debtors - give me every invoice that's 30+ days past due, number + client",
      expect: [names(numbers(late), numbers(recent), late.length)],
    };
  }),

  about("finance", "read", "what does <a client with two live invoices, nothing written off> owe us in total", (w) => {
    const client = pick(
      clientNames(w),
      (c) => billedTo(w, c).filter(unpaid).length === 2 && !billedTo(w, c).some((i) => i.status === "uncollectible"),
      "client with exactly two unpaid invoices and no write-off",
    );
    return {
      say: `${client} - how much do they owe us, all in? per currency if it's mixed`,
      expect: [money(dueSums(billedTo(w, client).filter(unpaid)), `amount ${client} owes`)],
    };
  }),

  about("finance", "read", "is <an uncollectible invoice, short number> written off already?", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "uncollectible", "uncollectible invoice");
    return {
      say: `${shortNumber(inv)} (${inv.client}) - did we already write that one off or is it still in collections?`,
      expect: [says("uncollectible", "written off", "write-off", "written-off")],
    };
  }),

  about("finance", "read", "top 3 debtors in USD, live receivables only", (w) => {
    const byClient = new Map<string, number>();
    for (const i of w.invoices.filter((x) => unpaid(x) && x.currency === "USD")) byClient.set(i.client, (byClient.get(i.client) ?? 0) + i.amount_due);
    const top = [...byClient]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([c]) => c);
    if (top.length < 3) throw new Error("fewer than three USD debtors");
    return {
      say: "top 3 debtors in USD? live receivables only, ignore write-offs",
      expect: [names(top, [], 3)],
    };
  }),

  about("finance", "read", "which issued invoices fall due in the next 14 days", (w) => {
    const t = today(w);
    const horizon = addDays(t, 14);
    const open = w.invoices.filter((i) => i.status === "open");
    const soon = open.filter((i) => i.due_date > t && i.due_date <= horizon);
    const later = open.filter((i) => i.due_date > addDays(t, 15));
    return {
      say: "anything issued that falls due in the next 14 days? need it for the cash forecast",
      expect: [names(numbers(soon), numbers(later), soon.length)],
    };
  }),

  about("finance", "read", "list the part-paid invoices with what's left on each", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    const untouched = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
    return {
      say: "which invoices are part-paid? show me the balance left on each",
      expect: [names(numbers(part), numbers(untouched), part.length)],
    };
  }),

  about("finance", "read", "which is our oldest overdue invoice", (w) => {
    const late = w.invoices.filter(overdue);
    const worst = Math.max(...late.map((i) => i.days_overdue));
    const oldest = late.filter((i) => i.days_overdue === worst);
    if (!oldest.length) throw new Error("no overdue invoice");
    return {
      say: "oldest item on the overdue list - which invoice and how many days?",
      expect: [names(numbers(oldest), [], 1), figure(worst, "days overdue")],
    };
  }),

  /* ===== finance: writes ===== */
  about("finance", "write", "<client> paid the balance of <a part-paid invoice>: mark as settled", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "part-paid invoice");
    return {
      say: `${inv.client} wired the remaining ${inv.currency} ${euro(inv.amount_due)} on ${inv.number}. mark as settled`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),

  about("finance", "write", "book a $3,200.00 part payment against <an unpaid USD invoice>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 5000,
      "overdue USD invoice over 5k, nothing paid",
    );
    return {
      say: `book it: $3,200.00 received from ${inv.client} against ${shortNumber(inv)}. rest still outstanding`,
      expect: [changed("invoice", inv.id, { amount_paid: 3200, amount_due: round2(inv.amount_due - 3200), status: inv.status }, inv.number)],
    };
  }),

  about("finance", "write", "raise an invoice to <an account> for EUR 4k, net 30", (w) => {
    const account = pick(w.accounts, (a) => w.invoices.some((i) => i.client === a.name), "account that is billed");
    return {
      say: `raise an invoice to ${account.name}, EUR 4k, net 30 from today, description "Q4 close support"`,
      expect: [created("invoice", { client: is.text(account.name), amount: 4000, currency: "EUR", due_date: addDays(today(w), 30) })],
    };
  }),

  about("finance", "write", "bill <a client> 12,5k USD due end of December", (w) => {
    const client = pick(clientNames(w), (c) => billedTo(w, c).some(overdue), "client with an overdue invoice");
    const short = client.split(" ")[0]!;
    return {
      say: `bill ${short} 12,5k USD for the licence true-up, due end of December`,
      expect: [created("invoice", { client: is.containing(short), amount: 12500, currency: "USD", due_date: endOfNamedMonth(w, 12) })],
    };
  }),

  about("finance", "write", "write off <the oldest overdue invoice>", (w) => {
    const late = w.invoices.filter(overdue).sort((a, b) => b.days_overdue - a.days_overdue);
    const inv = late[0];
    if (!inv) throw new Error("no overdue invoice");
    return {
      say: `${inv.number}, ${inv.client}, ${inv.days_overdue} days late and collections got nowhere. write it off`,
      expect: [writtenOff(inv)],
    };
  }),

  about("finance", "write", "void <an issued, not yet due invoice> raised in error", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice with nothing paid");
    return {
      say: `void ${shortNumber(inv)} - raised in error, ${inv.client} cancelled the PO`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  about("finance", "write", "issue the draft for <a client with one draft>", (w) => {
    const { client, invoice } = singleDraftClients(w)[0]!;
    return {
      say: `the ${client} draft is approved, issue it`,
      expect: [changed("invoice", invoice.id, { status: is.oneOf("open", "overdue") }, invoice.number)],
    };
  }),

  about("finance", "write", "bin the draft for <another client with one draft>", (w) => {
    const list = singleDraftClients(w);
    const { client, invoice } = list[list.length - 1]!;
    return {
      say: `${client} deal fell through, bin their draft invoice`,
      expect: [approval(/delete|remove/i, invoice.id, invoice.number)],
    };
  }),

  /* ===== finance: must not act ===== */
  unclear("finance", "not worth chasing anymore, write it off"),

  about("finance", "question", "<a client with several live invoices> paid: mark their invoice as settled (which one?)", (w) => {
    const client = pick(clientNames(w), (c) => billedTo(w, c).filter(unpaid).length >= 3, "client with three or more unpaid invoices");
    return { say: `${client} paid, mark their invoice as settled`, expect: [noChange(), asksBack()] };
  }),

  about("finance", "question", "raise an invoice for <a client>, net 30 (no amount)", (w) => {
    const client = pick(clientNames(w), (c) => billedTo(w, c).some((i) => i.status === "paid"), "client with a paid invoice");
    return { say: `raise an invoice for ${client}, net 30`, expect: [noChange(), asksBack()] };
  }),

  unclear("finance", "reconcile yesterday's bank statement against open AR and clear whatever matches"),

  /* ===== growth ===== */
  about("growth", "read", "who is the finance contact at <an account with one finance person>", (w) => {
    const finance = /financ|controller|cfo|accounts payable/i;
    const account = pick(
      w.accounts,
      (a) => contactsOf(w, a.id).filter((c) => finance.test(c.title ?? "")).length === 1,
      "account with exactly one finance contact",
    );
    const person = pick(contactsOf(w, account.id), (c) => finance.test(c.title ?? ""), "finance contact");
    return {
      say: `who do I chase for payment at ${account.name}? their finance person`,
      expect: [names([fullName(person)])],
    };
  }),

  about("growth", "read", "everyone we have on file at <the overdue account with the most contacts>", (w) => {
    const late = w.accounts.filter((a) => w.invoices.some((i) => i.account_id === a.id && overdue(i)));
    const account = [...late].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0];
    if (!account) throw new Error("no account with an overdue invoice");
    const people = contactsOf(w, account.id);
    if (people.length < 3) throw new Error("no account with three contacts");
    return {
      say: `list all contacts we have at ${account.name}, with titles. need someone senior for the dunning letter`,
      expect: [names(personNames(people), [], people.length)],
    };
  }),

  about("growth", "read", "which deals are in Negotiation (about to turn into invoices)", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const neg = open.filter((d) => stageOf(w, d).name.toLowerCase() === "negotiation");
    const rest = open.filter((d) => stageOf(w, d).name.toLowerCase() !== "negotiation");
    if (!neg.length) throw new Error("no deal in Negotiation");
    return {
      say: "what's in Negotiation right now? trying to guess what I'll be billing in Jan",
      expect: [names(dealNames(neg), dealNames(rest), 3)],
    };
  }),

  about("growth", "write", "<account> signed: mark its one open deal won", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `${account} signed. mark the deal won so I can raise the invoice`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),

  about("growth", "write", "update the phone number of <a contact in a finance role>", (w) => {
    const person = pick(
      uniqueContacts(w),
      (c) => /controller|cfo|chief financial|financ/i.test(c.title ?? "") && c.account_id !== null,
      "finance contact with a unique name",
    );
    const account = pick(w.accounts, (a) => a.id === person.account_id, "contact's account");
    return {
      say: `new number for ${fullName(person)} at ${account.name}: +44 20 7946 0958. update it`,
      expect: [
        changed(
          "contact",
          person.id,
          { phone: is.where("+44 20 7946 0958 (any spacing)", (v: unknown) => typeof v === "string" && v.replace(/\D/g, "") === "442079460958") },
          fullName(person),
        ),
      ],
    };
  }),

  about("growth", "write", "add an AP clerk as a contact at <an account with a domain>", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null && w.invoices.some((i) => i.account_id === a.id), "billed account with a domain");
    const email = `priya.nair@${account.domain}`;
    return {
      say: `add a contact: Priya Nair, AP clerk at ${account.name}, ${email}. she handles their payables now`,
      expect: [created("contact", { first_name: is.text("Priya"), last_name: is.text("Nair"), email, account_id: account.id })],
    };
  }),

  about("growth", "write", "sales asked: enrol <a lead not yet in it> in the follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id));
    const person = pick(uniqueContacts(w), (c) => c.lifecycle_stage === "lead" && !inIt.has(c.id), "lead not enrolled");
    return {
      say: `sales asked me to put ${fullName(person)} on the "${seq.name}" sequence, can you do it`,
      expect: [enrolled(seq.id, person.id, fullName(person))],
    };
  }),

  about("growth", "question", "<an account with two open deals> signed: close their deal as won (which one?)", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with two open deals");
    return { say: `${account.name} signed, close their deal as won`, expect: [noChange(), asksBack()] };
  }),

  /* ===== talent ===== */
  ask("talent", "write", "open a req: Senior Accountant, Finance dept, Berlin, FT", () => [
    created("job", { title: is.text("Senior Accountant"), department: is.text("Finance"), location: is.text("Berlin"), employment_type: "full_time" }),
  ]),

  ask("talent", "read", "how many open reqs do we have across the company", (w) => [count(w.jobs.filter((j) => j.status === "open").length, "open jobs")]),

  about("talent", "read", "who is at offer stage right now", (w) => {
    const offers = inStage(w, "offer");
    const others = w.candidates.filter((c) => c.stage !== "offer");
    return {
      say: "who's sitting at offer stage? need to budget the salaries",
      expect: [names(personNames(offers), personNames(others), offers.length)],
    };
  }),

  about("talent", "write", "reject <a candidate who just applied>", (w) => {
    const cand = pick(
      w.candidates,
      (c) => c.stage === "applied" && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1,
      "applied candidate with a unique name",
    );
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "candidate's job");
    return {
      say: `${fullName(cand)} for the ${job.title} role - not a fit, reject`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),

  about("talent", "write", "move <a candidate in screening> on to interview", (w) => {
    const cand = pick(
      w.candidates,
      (c) => c.stage === "screening" && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1,
      "screening candidate with a unique name",
    );
    return {
      say: `screening call with ${fullName(cand)} went fine, move to interview`,
      expect: [changed("candidate", cand.id, { stage: "interview" }, fullName(cand))],
    };
  }),

  about("talent", "write", "add a referral candidate to <the Account Executive job>", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: `referral for the ${job.title} opening from our sales director: Joan Clarke, joan.clarke@example.com. add her`,
      expect: [created("candidate", { job_id: job.id, first_name: is.text("Joan"), last_name: is.text("Clarke"), email: "joan.clarke@example.com" })],
    };
  }),

  about("talent", "question", "add a candidate to the controller req (there is no such job)", (w) => {
    if (w.jobs.some((j) => /controller|accountant|finance/i.test(`${j.title} ${j.department ?? ""}`)))
      throw new Error("a finance job exists; the case needs none");
    return { say: "add Dana Whitfield, dana.whitfield@example.com, to the controller req", expect: [noChange()] };
  }),

  /* ===== intelligence ===== */
  about("intelligence", "figure", "DSO on the USD book", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return { say: "DSO on the USD book?", expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")] };
  }),

  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "sales keeps bragging - what's our actual win rate, last 90 days?",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "90-day win rate", "percent")],
  })),

  about("intelligence", "figure", "weighted pipeline value per currency", (w) => {
    const weighted: Record<string, number> = {};
    for (const t of snapshot(w).growth.pipeline.totals) weighted[t.currency] = t.weighted_value;
    return { say: "weighted pipeline, per currency. for the revenue forecast", expect: [money(weighted, "weighted pipeline")] };
  }),

  about("intelligence", "figure", "how many hires in the last 12 months", (w) => ({
    say: "how many people did we hire in the last 12 months? headcount reconciliation",
    expect: [figure(snapshot(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),

  about("intelligence", "read", "what sits in the 61-90 days ageing bucket, per currency", (w) => {
    const bucket: Record<string, number> = {};
    for (const c of snapshot(w).finance.currencies) bucket[c.currency] = c.aging["61_90"] ?? 0;
    return { say: "ageing: what's in the 61-90 bucket, per currency?", expect: [money(bucket, "61-90 days bucket")] };
  }),

  about("intelligence", "read", "GBP ageing buckets broken down", (w) => {
    const gbp = pick(snapshot(w).finance.currencies, (c) => c.currency === "GBP", "GBP finance figures");
    const buckets: [string, string][] = [
      ["1_30", "1-30 days bucket"],
      ["31_60", "31-60 days bucket"],
      ["61_90", "61-90 days bucket"],
      ["90_plus", "90+ days bucket"],
    ];
    const checks = buckets.filter(([k]) => (gbp.aging[k] ?? 0) > 0).map(([k, what]) => money({ GBP: gbp.aging[k]! }, `GBP ${what}`));
    if (!checks.length) throw new Error("nothing overdue in GBP");
    return { say: "GBP receivables by ageing bucket - 1-30, 31-60, 61-90, 90+", expect: checks };
  }),
];
