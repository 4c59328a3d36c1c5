import {
  about,
  approval,
  ask,
  asksBack,
  changed,
  count,
  created,
  date,
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
  accountNamed,
  addDays,
  clientNames,
  clientWithUnpaid,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  sums,
  today,
  unpaid,
} from "../facts.ts";
import type { Invoice, Snapshot, World } from "../world.ts";

/*
 * eighth-e: a finance lead and a controller at month end. Collections,
 * receivables by client / currency / age, payments in, drafts out, due
 * dates, voids and write-offs, and the CFO's figures (DSO, receivables,
 * pipeline for the forecast).
 */

/** A number the API stores in cents, compared to the cent. */
const approx = (v: number) => is.where(v.toFixed(2), (x: number) => typeof x === "number" && Math.abs(x - v) < 0.005);
const cents = (v: number) => Math.round(v * 100) / 100;

/** The next time this calendar day comes (today counts). */
function nextDay(w: World, m: number, d: number): string {
  const t = today(w);
  const y = Number(t.slice(0, 4));
  const candidate = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return candidate >= t ? candidate : `${y + 1}-${candidate.slice(5)}`;
}

function snapshot(w: World): Snapshot {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
}

type Aging = { "1_30": number; "31_60": number; "61_90": number; "90_plus": number };
function aging(w: World, currency: string): Aging {
  const c = pick(snapshot(w).finance.currencies, (x) => x.currency === currency, `${currency} in the snapshot`) as unknown as { aging?: Aging };
  if (!c.aging) throw new Error("no aging in the snapshot");
  return c.aging;
}

/** A fresh snapshot was taken in the turn. */
const snapshotTaken = (): Check => ({
  text: "a fresh snapshot is taken",
  judge: ({ changes }) => (changes.some((e) => e.type === "intelligence.snapshot_created") ? null : "no snapshot was taken"),
  allows: (e) => e.type === "intelligence.snapshot_created",
});

const CURRENCY_WORD: Record<string, string> = { EUR: "euro", GBP: "sterling", USD: "dollar" };

export const CASES: Case[] = [
  /* ---------------- finance: reads ---------------- */
  about("finance", "read", "overdue broken down by client", (w) => {
    const late = w.invoices.filter(overdue);
    const clients = [...new Set(late.map((i) => i.client))];
    const others = clientNames(w).filter((c) => !clients.includes(c));
    return {
      say: "Can you pull up everything that's overdue right now, broken down by client?",
      expect: [names(clients, others, clients.length)],
    };
  }),
  ask("finance", "read", "what's our total outstanding AR at the moment, split by currency?", (w) => [
    money(dueSums(w.invoices.filter(unpaid)), "outstanding receivables"),
  ]),
  about("finance", "read", "How much does <Stark> owe us in total right now?", (w) => {
    const client = pick(clientNames(w), (c) => c.startsWith("Stark"), "client Stark");
    return {
      say: `How much does ${client} owe us in total right now? Include anything not yet due.`,
      expect: [money(dueSums(ofClient(w, client).filter(unpaid)), `${client} outstanding`)],
    };
  }),
  ask("finance", "read", "Which invoices are more than 60 days past due? I want to escalate those before we close the month.", (w) => {
    const late = w.invoices.filter(overdue);
    const old = late.filter((i) => i.days_overdue > 60);
    return [names(numbers(old), numbers(late.filter((i) => i.days_overdue <= 60)), old.length), count(old.length, "invoices over 60 days")];
  }),
  ask("finance", "read", "how many invoices are over 30 days late", (w) => [
    count(w.invoices.filter((i) => overdue(i) && i.days_overdue > 30).length, "invoices over 30 days late"),
  ]),
  ask("finance", "read", "Which of our GBP invoices are still unpaid?", (w) => {
    const gbp = w.invoices.filter((i) => i.currency === "GBP");
    const open = gbp.filter(unpaid);
    return [names(numbers(open), numbers(gbp.filter((i) => !unpaid(i))), open.length)];
  }),
  about("finance", "read", "Has <client> paid anything on <an overdue invoice> yet? where does it stand", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.amount_paid === 0 && ofClient(w, i.client).filter(unpaid).length === 1,
      "overdue unpaid invoice of a client with one unpaid invoice",
    );
    return {
      say: `Has ${inv.client} paid anything on ${shortNumber(inv)} yet? Where does it stand?`,
      expect: [says("overdue", "past due"), money({ [inv.currency]: inv.amount_due }, "amount due")],
    };
  }),
  about("finance", "read", "When is <client>'s euro invoice due?", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "open" && i.currency !== "USD" && w.invoices.filter((o) => o.client === i.client && o.currency === i.currency).length === 1,
      "open invoice that is its client's only one in its currency",
    );
    return {
      say: `When is the ${inv.client} ${CURRENCY_WORD[inv.currency] ?? inv.currency} invoice due?`,
      expect: [date(inv.due_date, "due date")],
    };
  }),
  ask("finance", "read", "Show me the drafts that haven't gone out yet.", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return [names(numbers(drafts), [], drafts.length), count(drafts.length, "drafts")];
  }),
  ask("finance", "read", "Which open invoices fall due in the next two weeks? I'd like to send reminders ahead of time.", (w) => {
    const t = today(w);
    const end = addDays(t, 14);
    const inWindow = (i: Invoice) => i.due_date > t && i.due_date <= end;
    const soon = w.invoices.filter((i) => i.status === "open" && inWindow(i));
    const drafts = w.invoices.filter((i) => i.status === "draft" && inWindow(i));
    return [names(numbers(soon), numbers(drafts), soon.length), count(soon.length, "invoices due in the next 14 days")];
  }),
  about("finance", "read", "How far behind is <Globex>? overdue amounts per currency", (w) => {
    const client = pick(clientNames(w), (c) => c.startsWith("Globex"), "client Globex");
    const late = ofClient(w, client).filter(overdue);
    if (late.length < 2) throw new Error("Globex needs two overdue invoices");
    return {
      say: `How far behind is Globex? I need their overdue amounts per currency before I call them.`,
      expect: [money(dueSums(late), `${client} overdue`)],
    };
  }),
  ask("finance", "read", "Which invoices have been part-paid, and what's still owed on each?", (w) => {
    const partial = w.invoices.filter((i) => i.amount_paid > 0 && i.amount_due > 0 && unpaid(i));
    return [names(numbers(partial), [], partial.length)];
  }),

  /* ---------------- finance: writes ---------------- */
  about("finance", "write", "Globex wired 5k against <their overdue USD invoice>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.client.startsWith("Globex") && unpaid(i) && i.currency === "USD" && i.amount_due > 5000,
      "Globex USD invoice over 5k",
    );
    return {
      say: `Globex wired 5k against ${shortNumber(inv)} this morning.`,
      expect: [
        changed(
          "invoice",
          inv.id,
          { amount_paid: approx(inv.amount_paid + 5000), amount_due: approx(cents(inv.amount_due - 5000)), status: inv.status },
          inv.number,
        ),
      ],
    };
  }),
  about("finance", "write", "bank confirms <client> settled <their only unpaid invoice> in full", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.amount_paid === 0 && i.client.startsWith("Pied") && ofClient(w, i.client).filter(unpaid).length === 1,
      "Pied Piper's only unpaid invoice",
    );
    return {
      say: `Got confirmation from the bank: ${inv.client} settled ${inv.number} in full. Please record it as paid.`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "soylent sent £2,000 toward their overdue invoice", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.client.startsWith("Soylent") && overdue(i) && i.currency === "GBP" && i.amount_due > 2000 && ofClient(w, i.client).filter(unpaid).length === 1,
      "Soylent's only unpaid invoice, in GBP",
    );
    return {
      say: "soylent sent £2,000 toward their overdue invoice, can you log that",
      expect: [changed("invoice", inv.id, { amount_paid: approx(inv.amount_paid + 2000), amount_due: approx(cents(inv.amount_due - 2000)) }, inv.number)],
    };
  }),
  about("finance", "write", "<client> just paid off the rest of <a part-paid invoice>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => unpaid(i) && i.amount_paid > 0 && ofClient(w, i.client).filter(unpaid).length === 1,
      "part-paid invoice, its client's only unpaid one",
    );
    return {
      say: `${inv.client} just paid off the rest of ${shortNumber(inv)}, so that one's done.`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0, amount_paid: approx(inv.amount) }, inv.number)],
    };
  }),
  about("finance", "write", "Please finalize the <Initech> draft and send it out", (w) => {
    const drafts = w.invoices.filter((i) => i.client.startsWith("Initech") && i.status === "draft");
    if (drafts.length !== 1) throw new Error("Initech needs exactly one draft");
    const inv = drafts[0]!;
    return {
      say: `Please finalize the ${inv.client} draft so it goes out with this month's billing.`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "Move the due date on the <Monarch> draft to January 15th", (w) => {
    const drafts = w.invoices.filter((i) => i.client.startsWith("Monarch") && i.status === "draft");
    if (drafts.length !== 1 || ofClient(w, "Monarch").length !== 1) throw new Error("Monarch needs exactly one invoice, a draft");
    const inv = drafts[0]!;
    return {
      say: `${inv.client} asked for January terms. Move the due date on their draft to January 15th.`,
      expect: [changed("invoice", inv.id, { due_date: nextDay(w, 1, 15) }, inv.number)],
    };
  }),
  about("finance", "write", "<Blue Sun> asked for more time, push their invoice out two weeks", (w) => {
    const list = ofClient(w, "Blue Sun");
    const inv = pick(list, (i) => i.status === "open", "Blue Sun open invoice");
    if (list.length !== 1) throw new Error("Blue Sun needs exactly one invoice");
    return {
      say: `${inv.client} asked for a bit more time. Push the due date on their invoice out by two weeks.`,
      expect: [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 14) }, inv.number)],
    };
  }),
  about("finance", "write", "Void <an open invoice>, raised in error", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "open" && i.client.startsWith("Massive") && ofClient(w, i.client).filter(unpaid).length === 1,
      "Massive Dynamic's open invoice",
    );
    return {
      say: `Void ${inv.number} please, the ${inv.client} invoice was raised in error.`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "Write off the <Oscorp> invoice that's <n> days overdue", (w) => {
    const list = ofClient(w, "Oscorp").filter(overdue);
    if (!list.length) throw new Error("no overdue Oscorp invoice");
    const inv = list.reduce((a, b) => (b.days_overdue > a.days_overdue ? b : a));
    return {
      say: `We're never going to see the money on the ${inv.client} invoice that's ${inv.days_overdue} days overdue. Write it off.`,
      expect: [approval(/uncollectible|write/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "Raise a new invoice to <Northwind> for €4,500, due in 30 days", (w) => {
    const client = pick(clientNames(w), (c) => c.startsWith("Northwind"), "client Northwind");
    return {
      say: `Raise a new invoice to ${client} for €4,500 for the onboarding workshop, due in 30 days.`,
      expect: [created("invoice", { client: is.text(client), amount: 4500, currency: "EUR", due_date: addDays(today(w), 30) })],
    };
  }),

  /* ---------------- finance: questions ---------------- */
  unclear("finance", "Record the payment that came in from Stark."),
  about("finance", "question", "Hooli says they paid 30k on <an invoice with less due>, log it", (w) => {
    const inv = pick(w.invoices, (i) => i.client.startsWith("Hooli") && i.status === "open" && i.amount_due < 30000, "Hooli open invoice under 30k");
    return {
      say: `Hooli says they paid 30k on ${shortNumber(inv)}. log it pls`,
      expect: [noChange()],
    };
  }),
  about("finance", "question", "mark the <client with two unpaid invoices> invoice as paid", (w) => {
    const client = clientWithUnpaid(w, 2);
    return { say: `mark the ${client} invoice as paid`, expect: [noChange(), asksBack()] };
  }),

  /* ---------------- intelligence ---------------- */
  ask("intelligence", "figure", "What's our DSO at the moment?", (w) => {
    const list = snapshot(w).finance.currencies.filter((c) => c.days_sales_outstanding !== null);
    if (!list.length) throw new Error("no DSO in the snapshot");
    return list.map((c) => figure(c.days_sales_outstanding, `${c.currency} days sales outstanding`));
  }),
  ask("intelligence", "figure", "what is days sales outstanding looking like on the dollar side?", (w) => [
    figure(pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD in the snapshot").days_sales_outstanding, "USD days sales outstanding"),
  ]),
  ask("intelligence", "figure", "What's our win rate on deals over the last 90 days?", (w) => [
    figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent"),
  ]),
  ask("intelligence", "figure", "I'm putting the revenue forecast together. What's our weighted pipeline value?", (w) => [
    money(Object.fromEntries(snapshot(w).growth.pipeline.totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline"),
  ]),
  ask("intelligence", "figure", "According to the latest snapshot, what are total recievables outstanding?", (w) => [
    money(Object.fromEntries(snapshot(w).finance.currencies.map((c) => [c.currency, c.outstanding])), "outstanding receivables"),
  ]),
  ask("intelligence", "read", "Give me the aging on USD receivables: 1-30, 31-60, 61-90 and 90+.", (w) => {
    const a = aging(w, "USD");
    return [
      money({ USD: a["1_30"] }, "1-30 days bucket"),
      money({ USD: a["31_60"] }, "31-60 days bucket"),
      money({ USD: a["61_90"] }, "61-90 days bucket"),
    ].filter((_, i) => [a["1_30"], a["31_60"], a["61_90"]][i]! > 0);
  }),
  ask("intelligence", "read", "How much of the sterling overdue is between 31 and 60 days old?", (w) => [
    money({ GBP: aging(w, "GBP")["31_60"] }, "GBP 31-60 days overdue"),
  ]),
  ask("intelligence", "write", "Take a fresh snapshot and tell me how many invoices are overdue now.", (w) => [
    snapshotTaken(),
    count(w.invoices.filter(overdue).length, "overdue invoices"),
  ]),

  /* ---------------- growth ---------------- */
  ask("growth", "read", "What's in the pipeline expected to close in the next 30 days, and what's it worth?", (w) => {
    const t = today(w);
    const soon = w.deals.filter((d) => d.status === "open" && d.expected_close_date && d.expected_close_date >= t && d.expected_close_date <= addDays(t, 30));
    return [
      count(soon.length, "deals closing in 30 days"),
      money(
        sums(soon, (d: { amount: number | null }) => d.amount ?? 0),
        "value closing in 30 days",
      ),
    ];
  }),
  ask("growth", "read", "how much open pipeline is sitting in Negotiation", (w) => {
    const stage = stageNamed(w, "Negotiation");
    const list = w.deals.filter((d) => d.status === "open" && d.stage_id === stage.id);
    return [
      money(
        sums(list, (d: { amount: number | null }) => d.amount ?? 0),
        "open value in Negotiation",
      ),
    ];
  }),
  about("growth", "read", "Who's the finance contact at <Stark Logistics>? need someone to chase", (w) => {
    const account = accountNamed(w, "Stark");
    const finance = contactsOf(w, account.id).filter((c) => /financ|controller|cfo/i.test(c.title ?? ""));
    if (!finance.length) throw new Error("no finance contact at Stark");
    return {
      say: `Who's the finance contact at ${account.name}? I need someone to chase about their overdue invoices.`,
      expect: [
        names(
          finance.map((c) => `${c.first_name} ${c.last_name}`),
          [],
          1,
        ),
      ],
    };
  }),
  about("growth", "write", "<Stark>'s support upgrade deal slipped, push expected close to end of February", (w) => {
    const account = accountNamed(w, "Stark");
    const deal = pick(dealsOf(w, account.id), (d) => d.status === "open" && /support upgrade/i.test(dealTopic(d)), "Stark support upgrade deal");
    return {
      say: `The ${account.name} support upgrade deal has slipped. Push its expected close date out to the end of February.`,
      expect: [changed("deal", deal.id, { expected_close_date: endOfNamedMonth(w, 2) }, deal.name)],
    };
  }),
  about("growth", "write", "Mark the <Umbrella> pilot as won, they signed today", (w) => {
    const account = accountNamed(w, "Umbrella");
    const pilots = dealsOf(w, account.id).filter((d) => /pilot/i.test(dealTopic(d)));
    if (pilots.length !== 1 || pilots[0]!.status !== "open") throw new Error("Umbrella needs one open pilot deal");
    const won = pick(w.pipelines.find((p) => p.stages.some((s) => s.id === pilots[0]!.stage_id))!.stages, (s) => s.kind === "won", "won stage");
    return {
      say: `${account.name} signed the pilot today, mark that deal as won.`,
      expect: [changed("deal", pilots[0]!.id, { status: "won", stage_id: won.id }, pilots[0]!.name)],
    };
  }),
  about("growth", "write", "add Priya Nair, AP at <Globex>, priya.nair@globex.com", (w) => {
    const account = accountNamed(w, "Globex");
    if (account.domain !== "globex.com") throw new Error("Globex's domain changed");
    if (w.contacts.some((c) => c.email === "priya.nair@globex.com")) throw new Error("Priya Nair already exists");
    return {
      say: "Please add Priya Nair as a contact, she runs accounts payable at Globex. Email is priya.nair@globex.com",
      expect: [created("contact", { first_name: is.text("Priya"), last_name: is.text("Nair"), email: "priya.nair@globex.com", account_id: account.id })],
    };
  }),
  about("growth", "question", "move the <Stark> deal to negotiation", (w) => {
    const account = accountNamed(w, "Stark");
    const open = dealsOf(w, account.id).filter((d) => d.status === "open" && stageOf(w, d).name !== "Negotiation");
    if (open.length < 2) throw new Error("Stark needs two open deals");
    return { say: "move the Stark deal to negotiation", expect: [noChange(), asksBack()] };
  }),

  /* ---------------- talent ---------------- */
  ask("talent", "read", "How many roles are we actively hiring for? I need the number for the headcount plan.", (w) => [
    count(w.jobs.filter((j) => j.status === "open").length, "open jobs"),
  ]),
  about("talent", "write", "The <filled role> is filled, close the req", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && w.candidates.some((c) => c.job_id === j.id && c.stage === "hired"), "open job with a hire");
    return {
      say: `The ${job.title} role has been filled, can you close the req so nobody budgets for it?`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),
];
