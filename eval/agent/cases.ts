import {
  approval,
  changed,
  count,
  created,
  date,
  enrolled,
  excludes,
  figure,
  is,
  money,
  names as named,
  noChange,
  says,
  unenrolled,
  type Case,
  type Check,
  ask,
  about,
  unclear,
} from "./judge.ts";
import {
  accountNamed,
  addDays,
  amountSums,
  candidatesOf,
  christmas,
  clientWithUnpaid,
  contactsOf,
  dealNames,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  month,
  monday,
  names,
  nextWeekday,
  numbers,
  ofClient,
  openDealIn,
  overdue,
  pick,
  quarter,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  stages,
  sums,
  today,
  uniqueContacts,
  unpaid,
} from "./facts.ts";
import { HELDOUT_CASES } from "./cases-heldout.ts";
import { MORE_CASES } from "./cases-more.ts";
import type { Deal, Invoice, World } from "./world.ts";

/*
 * The requests, as finance, sales and recruiting people type them (several
 * phrasings per intent, lower case and typos included), each with what must
 * be true after the turn. Written from the product's side (the API, the demo
 * data, the README), never from a planner's code: the set measures
 * understanding. A request about particular records chooses them from the
 * data at run time (its label shows the placeholder), and every figure is
 * computed from the API before the turn, so the demo data may change.
 *
 * To add a case: pick the engine and kind, write the request as a user
 * would, and say what must hold, with the checks of judge.ts (count, money,
 * names, says, figure for replies; created, changed, approval, enrolled for
 * changes; noChange when the right answer is a question). Any change the
 * checks do not ask for is a wrong write.
 */

const list = (w: World, fits: (i: Invoice) => boolean, excluded: (i: Invoice) => boolean) =>
  named(numbers(w.invoices.filter(fits)), numbers(w.invoices.filter(excluded)));
const sumsOf = (deals: Deal[]) => sums(deals, (d: Deal) => d.amount ?? 0);
/** Invoices by amount still due, and by amount billed, largest first. */
const rankings = (list: Invoice[]): [Invoice[], Invoice[]] => [
  [...list].sort((a, b) => b.amount_due - a.amount_due),
  [...list].sort((a, b) => b.amount - a.amount),
];
/** A deal's stage_id that is the named stage's (the report shows the name, not the id). */
const inStageNamed = (w: World, name: string) => {
  const id = stageNamed(w, name).id;
  return is.where(`the ${name} stage (${id})`, (v: string) => v === id);
};
const settled = (i: Invoice) => i.status === "paid" || i.status === "void";

const finance: Case[] = [
  // Lists and counts by status.
  ask("finance", "read", "which invoices are overdue?", (w) => [
    count(w.invoices.filter(overdue).length, "overdue invoices"),
    list(w, overdue, (i) => settled(i) || i.status === "draft"),
  ]),
  ask("finance", "read", "show me overdue invoices", (w) => [list(w, overdue, (i) => settled(i) || i.status === "draft")]),
  ask("finance", "read", "how many invoices are overdue", (w) => [count(w.invoices.filter(overdue).length, "overdue invoices")]),
  ask("finance", "read", "how many overdue invoices do we have right now?", (w) => [count(w.invoices.filter(overdue).length, "overdue invoices")]),
  ask("finance", "read", "list overdue invocies", (w) => [list(w, overdue, (i) => settled(i) || i.status === "draft")]),
  ask("finance", "read", "show me unpaid invoices", (w) => [list(w, unpaid, settled)]),
  ask("finance", "read", "what invoices are still unpaid", (w) => [count(w.invoices.filter(unpaid).length, "unpaid invoices"), list(w, unpaid, settled)]),
  ask("finance", "read", "how many unpiad invoices are there", (w) => [count(w.invoices.filter(unpaid).length, "unpaid invoices")]),
  ask("finance", "read", "list draft invoices", (w) => [
    list(
      w,
      (i) => i.status === "draft",
      (i) => i.status !== "draft",
    ),
  ]),
  ask("finance", "read", "any invoices still in draft?", (w) => [
    count(w.invoices.filter((i) => i.status === "draft").length, "drafts"),
    list(
      w,
      (i) => i.status === "draft",
      (i) => i.status !== "draft",
    ),
  ]),
  ask("finance", "read", "how many invoices have been paid", (w) => [count(w.invoices.filter((i) => i.status === "paid").length, "paid invoices")]),
  ask("finance", "read", "show me the uncollectible ones", (w) => [
    list(
      w,
      (i) => i.status === "uncollectible",
      (i) => i.status !== "uncollectible",
    ),
  ]),
  ask("finance", "read", "which invoices did we void?", (w) => [
    list(
      w,
      (i) => i.status === "void",
      (i) => i.status !== "void",
    ),
  ]),
  // Sums per currency.
  ask("finance", "read", "how much is overdue?", (w) => [money(dueSums(w.invoices.filter(overdue)), "overdue total")]),
  ask("finance", "read", "total overdue amount", (w) => [money(dueSums(w.invoices.filter(overdue)), "overdue total")]),
  ask("finance", "read", "how much money are we owed in total", (w) => [money(dueSums(w.invoices.filter(unpaid)), "outstanding total")]),
  // By client, possessives included.
  ask("finance", "read", "how much does Initech owe?", (w) => [money(dueSums(ofClient(w, "Initech").filter(unpaid)), "Initech's balance")]),
  ask("finance", "read", "what does globex owe us", (w) => [money(dueSums(ofClient(w, "Globex").filter(unpaid)), "Globex's balance")]),
  ask("finance", "read", "Stark Logistics's open invoices", (w) => [
    named(numbers(ofClient(w, "Stark").filter(unpaid)), numbers(w.invoices.filter((i) => unpaid(i) && !i.client.startsWith("Stark")))),
  ]),
  ask("finance", "read", "show invoices for Hooli Cloud", (w) => [
    named(numbers(ofClient(w, "Hooli")), numbers(w.invoices.filter((i) => !i.client.startsWith("Hooli")))),
  ]),
  ask("finance", "read", "list invoces for initech", (w) => [
    named(numbers(ofClient(w, "Initech")), numbers(w.invoices.filter((i) => !i.client.startsWith("Initech")))),
  ]),
  ask("finance", "read", "whats outstanding for umbrella health", (w) => [money(dueSums(ofClient(w, "Umbrella").filter(unpaid)), "Umbrella's balance")]),
  ask("finance", "read", "Wayne Enterprises' balance", (w) => [money(dueSums(ofClient(w, "Wayne").filter(unpaid)), "Wayne's balance")]),
  // Amount ranges, top, currency.
  ask("finance", "read", "invoices over 20k", (w) => [
    list(
      w,
      (i) => i.amount > 20_000,
      (i) => i.amount < 19_000,
    ),
  ]),
  ask("finance", "read", "unpaid invoices above 15,000", (w) => [
    list(
      w,
      (i) => unpaid(i) && i.amount_due > 15_000 && i.amount > 15_000,
      (i) => settled(i) || (unpaid(i) && i.amount < 15_000),
    ),
  ]),
  ask("finance", "read", "which open invoices are under 1000 dollars?", (w) => [
    list(
      w,
      (i) => unpaid(i) && i.currency === "USD" && i.amount_due < 1000,
      (i) => i.amount > 1000,
    ),
  ]),
  // "Biggest" may mean the amount billed or the amount still due: either ranking's top is right, the rest is not.
  ask("finance", "read", "what's our biggest overdue invoice?", (w) => {
    const [byDue, byAmount] = rankings(w.invoices.filter(overdue));
    return [
      named(
        [byDue[0]!.number, byAmount[0]!.number],
        numbers(w.invoices.filter((i) => !overdue(i) || (!byDue.slice(0, 3).includes(i) && !byAmount.slice(0, 3).includes(i)))),
        1,
      ),
    ];
  }),
  ask("finance", "read", "top 3 overdue invoices by amount", (w) => {
    const [byDue, byAmount] = rankings(w.invoices.filter(overdue));
    const top = [...new Set([...byDue.slice(0, 3), ...byAmount.slice(0, 3)])];
    return [named(numbers(top), numbers(w.invoices.filter((i) => !overdue(i) || (!byDue.slice(0, 5).includes(i) && !byAmount.slice(0, 5).includes(i)))), 2)];
  }),
  ask("finance", "read", "show me all GBP invoices", (w) => [
    list(
      w,
      (i) => i.currency === "GBP",
      (i) => i.currency !== "GBP",
    ),
  ]),
  ask("finance", "read", "euro invoices that are still open", (w) => [
    list(
      w,
      (i) => unpaid(i) && i.currency === "EUR",
      (i) => i.currency !== "EUR" || settled(i),
    ),
  ]),
  // Dates, relative ones included.
  ask("finance", "read", "unpaid invoices due this month", (w) => {
    const [first, last] = month(w);
    return [
      list(
        w,
        (i) => unpaid(i) && i.due_date >= first && i.due_date <= last,
        (i) => i.due_date < first || i.due_date > last || settled(i),
      ),
    ];
  }),
  ask("finance", "read", "what's due in the next 30 days?", (w) => {
    const end = addDays(today(w), 30);
    return [
      list(
        w,
        (i) => i.status === "open" && i.due_date <= end,
        (i) => i.due_date > addDays(end, 2) || settled(i),
      ),
    ];
  }),
  ask("finance", "read", "which invoices are due before christmas", (w) => {
    const xmas = christmas(w);
    return [
      list(
        w,
        (i) => i.status === "open" && i.due_date < xmas,
        (i) => i.due_date > xmas,
      ),
    ];
  }),
  ask("finance", "read", "how many invoices are more than 60 days overdue?", (w) => [
    count(w.invoices.filter((i) => overdue(i) && i.days_overdue > 60).length, "invoices over 60 days late"),
    excludes(numbers(w.invoices.filter((i) => !overdue(i) || i.days_overdue < 55))),
  ]),
  ask("finance", "read", "overdue invoices that fell due since monday", (w) => {
    const since = monday(w);
    return [
      list(
        w,
        (i) => overdue(i) && i.due_date >= since,
        (i) => i.due_date < addDays(since, -1) || settled(i),
      ),
    ];
  }),
  // One record.
  about("finance", "read", "what's the status of <an overdue invoice>?", (w) => {
    const inv = pick(w.invoices, overdue, "overdue invoice");
    return { say: `what's the status of ${inv.number}?`, expect: [says("overdue")] };
  }),
  about("finance", "read", "is <a paid invoice> paid?", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "paid", "paid invoice");
    return { say: `is ${inv.number} paid?`, expect: [says("paid")] };
  }),
  about("finance", "read", "status of invoice <n> (short number)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "void", "void invoice");
    return { say: `status of ${shortNumber(inv).toLowerCase()}`, expect: [says("void")] };
  }),
  about("finance", "read", "how much is left to pay on <a partly paid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "partly paid invoice");
    return { say: `how much is left to pay on ${inv.number}`, expect: [money({ [inv.currency]: inv.amount_due }, "amount due")] };
  }),

  // Creating invoices, values phrased naturally.
  about("finance", "write", "create an invoice for Initech for 12k euros, due end of March", (w) => ({
    say: "create an invoice for Initech for 12k euros, due end of March",
    expect: [created("invoice", { client: is.containing("Initech"), amount: 12_000, currency: "EUR", due_date: endOfNamedMonth(w, 3) })],
  })),
  about("finance", "write", "new invoice: Globex Corporation, $4,500, due in 30 days", (w) => ({
    say: "new invoice: Globex Corporation, $4,500, due in 30 days",
    expect: [
      created("invoice", {
        client: is.containing("Globex"),
        amount: 4500,
        currency: "USD",
        due_date: is.oneOf(addDays(today(w), 30), addDays(today(w), 29), addDays(today(w), 31)),
      }),
    ],
  })),
  about("finance", "write", "bill Hooli Cloud 2,350.50 USD due on the 15th of next month", (w) => ({
    say: "bill Hooli Cloud 2,350.50 USD due on the 15th of next month",
    expect: [created("invoice", { client: is.containing("Hooli"), amount: 2350.5, currency: "USD", due_date: `${month(w, 1)[0].slice(0, 8)}15` })],
  })),
  about("finance", "write", "draft an invoice to pied piper for 800 gbp due next friday", (w) => ({
    say: "draft an invoice to pied piper for 800 gbp due next friday",
    expect: [
      created("invoice", { client: is.containing("pied piper"), amount: 800, currency: "GBP", status: "draft", due_date: is.oneOf(...nextWeekday(w, 5)) }),
    ],
  })),
  // Payments, statements of fact included.
  about("finance", "write", "record a payment of 500 on <an overdue USD invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.currency === "USD" && i.amount_due > 1000, "overdue USD invoice");
    return {
      say: `record a payment of 500 on ${inv.number}`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 500) * 100) / 100 }, inv.number)],
    };
  }),
  about("finance", "write", "<client> settled <their only unpaid invoice> (short number)", (w) => {
    const client = clientWithUnpaid(w, 1, overdue);
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "invoice");
    return { say: `${client.split(" ")[0]} settled ${shortNumber(inv)}`, expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)] };
  }),
  about("finance", "write", "we received 1,000 from <client> for <invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_due > 2000, "overdue invoice over 2000");
    return {
      say: `we received 1,000 ${inv.currency} from ${inv.client} for ${inv.number}`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 1000) * 100) / 100 }, inv.number)],
    };
  }),
  about("finance", "write", "mark <an overdue invoice> as paid", (w) => {
    const inv = w.invoices.filter(overdue).at(-1)!;
    return { say: `mark ${inv.number} as paid`, expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)] };
  }),
  about("finance", "write", "<client> paid their invoice in full", (w) => {
    const client = clientWithUnpaid(w, 1);
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "invoice");
    return { say: `${client} paid their invoice in full`, expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)] };
  }),
  // Voiding and writing off wait for approval.
  about("finance", "write", "void <an open invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return { say: `void ${inv.number}`, expect: [approval(/void/i, inv.id, inv.number)] };
  }),
  about("finance", "write", "cancel invoice <n>, it was a duplicate", (w) => {
    const inv = w.invoices.filter((i) => i.status === "open").at(-1)!;
    return { say: `cancel invoice ${inv.number}, it was a duplicate`, expect: [approval(/void/i, inv.id, inv.number)] };
  }),
  about("finance", "write", "write off <an old overdue invoice> as bad debt", (w) => {
    const inv = [...w.invoices.filter(overdue)].sort((a, b) => b.days_overdue - a.days_overdue)[0]!;
    return { say: `write off ${inv.number} as bad debt`, expect: [approval(/uncollectible/i, inv.id, inv.number)] };
  }),
  // Drafts and fields.
  about("finance", "write", "finalize <a draft invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "draft", "draft invoice");
    return { say: `finalize ${inv.number}`, expect: [changed("invoice", inv.id, { status: "open" }, inv.number)] };
  }),
  about("finance", "write", "change the due date of <an open invoice> to the end of next month", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `change the due date of ${inv.number} to the end of next month`,
      expect: [changed("invoice", inv.id, { due_date: month(w, 1)[1] }, inv.number)],
    };
  }),
  about("finance", "write", "bump the amount on <a draft invoice> to 16,000", (w) => {
    const inv = w.invoices.filter((i) => i.status === "draft").at(-1)!;
    return { say: `bump the amount on ${inv.number} to 16,000`, expect: [changed("invoice", inv.id, { amount: 16_000 }, inv.number)] };
  }),

  ask("finance", "read", "show me invoices from acme robotics", (w) => [
    named(numbers(ofClient(w, "Acme Robotics")), numbers(w.invoices.filter((i) => !i.client.startsWith("Acme")))),
  ]),
  ask("finance", "read", "What's the total of our draft invoices?", (w) => [
    money(amountSums(w.invoices.filter((i) => i.status === "draft")), "drafts' total"),
  ]),
  ask("finance", "read", "how many invoices are open in euros", (w) => [
    count(w.invoices.filter((i) => unpaid(i) && i.currency === "EUR").length, "unpaid EUR invoices"),
  ]),
  ask("finance", "read", "Oscorp's overdue invoices", (w) => [
    named(numbers(ofClient(w, "Oscorp").filter(overdue)), numbers(w.invoices.filter((i) => !(overdue(i) && i.client.startsWith("Oscorp"))))),
  ]),
  ask("finance", "read", "list the 5 most overdue invoices", (w) => {
    const sorted = [...w.invoices.filter(overdue)].sort((a, b) => b.days_overdue - a.days_overdue);
    return [named(numbers(sorted.slice(0, 5)), numbers(sorted.slice(8).concat(w.invoices.filter((i) => !overdue(i)))))];
  }),
  ask("finance", "read", "which clients have overdue invoices?", (w) => {
    const late = new Set(w.invoices.filter(overdue).map((i) => i.client));
    return [
      named(
        [...late],
        [...new Set(w.invoices.map((i) => i.client))].filter((c) => !late.has(c)),
      ),
    ];
  }),
  ask("finance", "read", "invoices due next month", (w) => {
    const [first, last] = month(w, 1);
    return [
      list(
        w,
        (i) => unpaid(i) && i.due_date >= first && i.due_date <= last,
        (i) => i.due_date < first || i.due_date > last,
      ),
    ];
  }),
  about("finance", "read", "who is <invoice, short number> billed to?", (w) => {
    const inv = w.invoices.filter(overdue).at(-1)!;
    return { say: `who is ${shortNumber(inv)} billed to?`, expect: [says(inv.client)] };
  }),
  about("finance", "read", "when is <an open invoice> due?", (w) => {
    const inv = w.invoices.filter((i) => i.status === "open").at(-2)!;
    return { say: `when is ${inv.number} due?`, expect: [date(inv.due_date, "due date")] };
  }),
  about("finance", "read", "<invoice> details", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "paid", "paid invoice");
    return { say: `${inv.number.toLowerCase()} details`, expect: [says(inv.client), says("paid"), money({ [inv.currency]: inv.amount }, "amount")] };
  }),

  about("finance", "write", "push <an open invoice>'s due date back two weeks", (w) => {
    const inv = w.invoices.filter((i) => i.status === "open").at(-3)!;
    return { say: `push ${inv.number}'s due date back two weeks`, expect: [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 14) }, inv.number)] };
  }),
  about("finance", "write", "<client> paid 2,000 against <invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.currency === "GBP" && i.amount_due > 3000, "overdue GBP invoice");
    return {
      say: `${inv.client.split(" ")[0]} paid 2,000 against ${inv.number}`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 2000) * 100) / 100 }, inv.number)],
    };
  }),
  about("finance", "write", "log a 500 payment from <client with one unpaid invoice> on their invoice", (w) => {
    const client = clientWithUnpaid(w, 1, (i) => i.amount_due > 600);
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "invoice");
    const symbol = { USD: "$", EUR: "€", GBP: "£" }[inv.currency] ?? "";
    return {
      say: `log a ${symbol}500 payment from ${client} on their invoice`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 500) * 100) / 100 }, inv.number)],
    };
  }),
  about("finance", "write", "create a draft invoice for Monarch Solutions, 3,200 USD, due 2 weeks from today, for the onboarding workshop", (w) => ({
    say: "create a draft invoice for Monarch Solutions, 3,200 USD, due 2 weeks from today, for the onboarding workshop",
    expect: [
      created("invoice", {
        client: is.text("Monarch Solutions"),
        amount: 3200,
        currency: "USD",
        status: "draft",
        due_date: addDays(today(w), 14),
        description: is.containing("onboarding"),
      }),
    ],
  })),
  about("finance", "write", "issue an invoice to Initech for 1500 usd due jan 31 and send it", (w) => ({
    say: "issue an invoice to Initech for 1500 usd due jan 31 and send it",
    expect: [
      created("invoice", {
        client: is.containing("Initech"),
        amount: 1500,
        currency: "USD",
        due_date: endOfNamedMonth(w, 1),
        status: is.oneOf("open", "overdue"),
      }),
    ],
  })),
  about("finance", "write", "invoice Stark Logistics €9,999 for the data migration, due on new year's eve", (w) => ({
    say: "invoice Stark Logistics €9,999 for the data migration, due on new year's eve",
    expect: [created("invoice", { client: is.containing("Stark"), amount: 9999, currency: "EUR", due_date: endOfNamedMonth(w, 12) })],
  })),
  about("finance", "write", "mark <an overdue invoice> uncollectible", (w) => {
    const inv = w.invoices.filter(overdue).at(-2)!;
    return { say: `mark ${inv.number} uncollectible`, expect: [approval(/uncollectible/i, inv.id, inv.number)] };
  }),
  about("finance", "write", "delete the draft invoice <draft>", (w) => {
    const inv = w.invoices.filter((i) => i.status === "draft").at(-2)!;
    return { say: `delete the draft invoice ${inv.number}`, expect: [approval(/delete/i, inv.id, inv.number)] };
  }),
  about("finance", "write", "void invoice <short number> please", (w) => {
    const inv = w.invoices.filter((i) => i.status === "open").at(-4)!;
    return { say: `void invoice ${shortNumber(inv).toLowerCase()} please`, expect: [approval(/void/i, inv.id, inv.number)] };
  }),

  // Missing or ambiguous: a question back, no change.
  unclear("finance", "create an invoice for Initech"),
  unclear("finance", "create an invoice for 5000 due next month"),
  unclear("finance", "pay INV-999999"),
  about("finance", "question", "mark the <client with several unpaid invoices> invoice as paid", (w) => ({
    say: `mark the ${clientWithUnpaid(w, 4)} invoice as paid`,
    expect: [noChange()],
  })),
  about("finance", "question", "record a payment of 1,000,000 on <an open invoice> (more than is due)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_due < 1_000_000, "open invoice");
    return { say: `record a payment of 1,000,000 on ${inv.number}`, expect: [noChange()] };
  }),
  about("finance", "question", "void the <client with several unpaid invoices> invoice", (w) => {
    const client = clientWithUnpaid(w, 3);
    return { say: `void the ${client} invoice`, expect: [noChange()] };
  }),
  about("finance", "question", "record a payment on <an overdue invoice> (no amount)", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice");
    return { say: `record a payment on ${inv.number}`, expect: [noChange()] };
  }),
];

const growth: Case[] = [
  ask("growth", "read", "how many contacts do we have?", (w) => [count(w.contacts.length, "contacts")]),
  ask("growth", "read", "list our accounts", (w) => [named(w.accounts.map((a) => a.name))]),
  ask("growth", "read", "who works at Globex?", (w) => [
    named(contactsOf(w, accountNamed(w, "Globex").id).map(fullName), w.contacts.filter((c) => c.account_id !== accountNamed(w, "Globex").id).map(fullName)),
  ]),
  ask("growth", "read", "Stark Logistics' contacts", (w) => [
    named(contactsOf(w, accountNamed(w, "Stark").id).map(fullName), w.contacts.filter((c) => c.account_id !== accountNamed(w, "Stark").id).map(fullName)),
  ]),
  ask("growth", "read", "contacts at aperture labs", (w) => [
    named(contactsOf(w, accountNamed(w, "Aperture").id).map(fullName), w.contacts.filter((c) => c.account_id !== accountNamed(w, "Aperture").id).map(fullName)),
  ]),
  ask("growth", "read", "show me the leads", (w) => [
    named(w.contacts.filter((c) => c.lifecycle_stage === "lead").map(fullName), w.contacts.filter((c) => c.lifecycle_stage === "customer").map(fullName)),
  ]),
  ask("growth", "read", "how many contacts are customers?", (w) => [
    count(w.contacts.filter((c) => c.lifecycle_stage === "customer").length, "customer contacts"),
  ]),
  about("growth", "read", "what's <a contact>'s email?", (w) => {
    const c = uniqueContacts(w)[0]!;
    return { say: `what's ${fullName(c)}'s email?`, expect: [says(c.email)] };
  }),
  about("growth", "read", "what is <a contact>'s title", (w) => {
    const c = uniqueContacts(w).find((x) => x.title)!;
    return { say: `what is ${fullName(c).toLowerCase()}'s title`, expect: [says(c.title!)] };
  }),
  ask("growth", "read", "open deals", (w) => [
    named(dealNames(w.deals.filter((d) => d.status === "open")), dealNames(w.deals.filter((d) => d.status !== "open"))),
  ]),
  ask("growth", "read", "how many deals are in negotiation?", (w) => [
    count(w.deals.filter((d) => stageOf(w, d).name === "Negotiation").length, "deals in negotiation"),
  ]),
  ask("growth", "read", "opportunities at the proposal stage", (w) => [
    named(dealNames(w.deals.filter((d) => stageOf(w, d).name === "Proposal")), dealNames(w.deals.filter((d) => stageOf(w, d).name !== "Proposal"))),
  ]),
  ask("growth", "read", "which deals did we win?", (w) => [
    named(dealNames(w.deals.filter((d) => d.status === "won")), dealNames(w.deals.filter((d) => d.status !== "won"))),
  ]),
  ask("growth", "read", "deals worth more than 50k", (w) => [
    named(dealNames(w.deals.filter((d) => (d.amount ?? 0) > 50_000)), dealNames(w.deals.filter((d) => (d.amount ?? 0) < 45_000))),
  ]),
  ask("growth", "read", "what's our biggest open deal?", (w) => {
    const top = [...w.deals.filter((d) => d.status === "open")].sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0))[0]!;
    return [named([top.name], dealNames(w.deals.filter((d) => d.id !== top.id && d.account_id !== top.account_id)), 1)];
  }),
  about("growth", "read", "what stage is the <account> deal in?", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return { say: `what stage is the ${account} deal in?`, expect: [says(stageOf(w, deal).name)] };
  }),
  ask("growth", "read", "open deals closing this quarter", (w) => {
    const [first, last] = quarter(w);
    const inQuarter = (d: { expected_close_date: string | null }) => !!d.expected_close_date && d.expected_close_date >= first && d.expected_close_date <= last;
    return [
      named(dealNames(w.deals.filter((d) => d.status === "open" && inQuarter(d))), dealNames(w.deals.filter((d) => d.status !== "open" || !inQuarter(d)))),
    ];
  }),
  ask("growth", "read", "who is in the New lead follow-up sequence?", (w) => {
    const seq = pick(w.sequences, (s) => s.name === "New lead follow-up", "sequence");
    const inIt = enrolledContacts(w, seq.id);
    return [named(inIt.map(fullName), w.contacts.filter((c) => !inIt.includes(c)).map(fullName))];
  }),
  ask("growth", "read", "which accounts are in the US", (w) => [
    named(
      w.accounts.filter((a) => a.country === "US").map((a) => a.name),
      w.accounts.filter((a) => a.country && a.country !== "US").map((a) => a.name),
    ),
  ]),

  // Creating and changing records.
  ask("growth", "write", "add a contact Jane Roe, jane@roe.io", () => [created("contact", { first_name: "Jane", last_name: "Roe", email: "jane@roe.io" })]),
  ask("growth", "write", "new contact: Sam Patel <sam@initech.io>, VP Sales at Initech", (w) => [
    created("contact", {
      first_name: "Sam",
      last_name: "Patel",
      email: "sam@initech.io",
      title: is.text("VP Sales"),
      account_id: accountNamed(w, "Initech").id,
    }),
  ]),
  ask("growth", "write", "create an account for Contoso, their domain is contoso.com", () => [
    created("account", { name: is.text("Contoso"), domain: "contoso.com" }),
  ]),
  ask("growth", "write", "add account Fabrikam (fabrikam.com), based in Lisbon", () => [
    created("account", { name: is.text("Fabrikam"), domain: "fabrikam.com", country: "PT" }),
  ]),
  about("growth", "write", "make <a contact> CFO", (w) => {
    const c = uniqueContacts(w).find((x) => !/financ|cfo/i.test(x.title ?? ""))!;
    return { say: `make ${fullName(c)} CFO`, expect: [changed("contact", c.id, { title: is.oneOf("CFO", "Chief Financial Officer") }, fullName(c))] };
  }),
  about("growth", "write", "mark <a lead> as a customer", (w) => {
    const c = uniqueContacts(w).find((x) => x.lifecycle_stage === "lead")!;
    return { say: `mark ${fullName(c)} as a customer`, expect: [changed("contact", c.id, { lifecycle_stage: "customer" }, fullName(c))] };
  }),
  ask("growth", "write", "create a deal Contoso pilot for Hooli Cloud worth 25k", (w) => [
    created("deal", { name: is.text("Contoso pilot"), account_id: accountNamed(w, "Hooli").id, amount: 25_000 }),
  ]),
  about("growth", "write", "move the <account> <topic> deal to proposal", (w) => {
    const deal = openDealIn(w, ["Lead in", "Qualified"]);
    const account = pick(w.accounts, (a) => a.id === deal.account_id, "account").name;
    return {
      say: `move the ${account} ${dealTopic(deal).toLowerCase()} deal to proposal`,
      expect: [changed("deal", deal.id, { stage_id: inStageNamed(w, "Proposal") }, deal.name)],
    };
  }),
  about("growth", "write", "we won the <account> deal", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return { say: `we won the ${account} deal`, expect: [changed("deal", deal.id, { status: "won" }, deal.name)] };
  }),
  about("growth", "write", "we lost the <account> <topic>", (w) => {
    const account = accountNamed(w, "Globex");
    const deal = pick(dealsOf(w, account.id), (d) => d.status === "open", "open Globex deal");
    return { say: `we lost the globex ${dealTopic(deal).toLowerCase()}`, expect: [changed("deal", deal.id, { status: "lost" }, deal.name)] };
  }),
  ask("growth", "write", "create a sequence called Winback", () => [created("sequence", { name: is.text("Winback") })]),
  about("growth", "write", "enroll <a contact> in New lead follow-up", (w) => {
    const seq = pick(w.sequences, (s) => s.name === "New lead follow-up", "sequence");
    const inIt = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
    const c = uniqueContacts(w).find((x) => !inIt.has(x.id))!;
    return { say: `enroll ${fullName(c)} in New lead follow-up`, expect: [enrolled(seq.id, c.id, fullName(c))] };
  }),
  ask("growth", "write", "pause the New lead follow-up sequence", (w) => [
    changed("sequence", pick(w.sequences, (s) => s.name === "New lead follow-up", "sequence").id, { status: "paused" }, "New lead follow-up"),
  ]),
  about("growth", "write", "delete contact <a contact>", (w) => {
    const c = uniqueContacts(w).at(-1)!;
    return { say: `delete contact ${fullName(c)}`, expect: [approval(/delete/i, c.id)] };
  }),

  ask("growth", "read", "how many accounts do we have", (w) => [count(w.accounts.length, "accounts")]),
  ask("growth", "read", "who's our contact at Hooli?", (w) => [
    named(contactsOf(w, accountNamed(w, "Hooli").id).map(fullName), w.contacts.filter((c) => c.account_id !== accountNamed(w, "Hooli").id).map(fullName)),
  ]),
  ask("growth", "read", "decision makers at stark", (w) => {
    const stark = contactsOf(w, accountNamed(w, "Stark").id);
    return [named(stark.filter((c) => c.tags.includes("decision-maker")).map(fullName), stark.filter((c) => !c.tags.includes("decision-maker")).map(fullName))];
  }),
  ask("growth", "read", "qualified contacts please", (w) => [
    named(w.contacts.filter((c) => c.lifecycle_stage === "qualified").map(fullName), w.contacts.filter((c) => c.lifecycle_stage !== "qualified").map(fullName)),
  ]),
  ask("growth", "read", "what's the domain for Tyrell Biotech?", (w) => [says(accountNamed(w, "Tyrell").domain!)]),
  ask("growth", "read", "show me lost deals", (w) => [
    named(dealNames(w.deals.filter((d) => d.status === "lost")), dealNames(w.deals.filter((d) => d.status !== "lost"))),
  ]),
  ask("growth", "read", "how many open deals do we have", (w) => [
    count(w.deals.filter((d) => d.status === "open").length, "open deals"),
    excludes(dealNames(w.deals.filter((d) => d.status !== "open"))),
  ]),
  ask("growth", "read", "deals in the lead in stage", (w) => [
    named(dealNames(w.deals.filter((d) => stageOf(w, d).name === "Lead in")), dealNames(w.deals.filter((d) => stageOf(w, d).name !== "Lead in"))),
  ]),
  ask("growth", "read", "whats the total value of deals in negotiation", (w) => [
    money(sumsOf(w.deals.filter((d) => stageOf(w, d).name === "Negotiation")), "value in negotiation"),
  ]),
  ask("growth", "read", "open deals expected to close next month", (w) => {
    const [first, last] = month(w, 1);
    const fits = (d: { expected_close_date: string | null; status: string }) =>
      d.status === "open" && !!d.expected_close_date && d.expected_close_date >= first && d.expected_close_date <= last;
    return [named(dealNames(w.deals.filter(fits)), dealNames(w.deals.filter((d) => !fits(d))))];
  }),
  ask("growth", "read", "Umbrella Health's deals", (w) => [
    named(dealNames(dealsOf(w, accountNamed(w, "Umbrella").id)), dealNames(w.deals.filter((d) => d.account_id !== accountNamed(w, "Umbrella").id))),
  ]),
  ask("growth", "read", "list sequences", (w) => [named(w.sequences.map((x) => x.name))]),
  ask("growth", "read", "what are the stages of our pipeline?", (w) => [
    named(
      stages(w).map((x) => x.name),
      [],
      6,
    ),
  ]),
  ask("growth", "read", "summarize account Globex", (w) => {
    const globex = accountNamed(w, "Globex");
    return [named([...contactsOf(w, globex.id).map(fullName), ...dealNames(dealsOf(w, globex.id))], [], 2)];
  }),

  ask("growth", "write", "new opportunity: Initech expansion, 40,000 EUR, closing end of Q1", (w) => [
    created("deal", {
      name: is.text("Initech expansion"),
      account_id: accountNamed(w, "Initech").id,
      amount: 40_000,
      currency: "EUR",
      expected_close_date: endOfNamedMonth(w, 3),
    }),
  ]),
  about("growth", "write", "advance <account>'s <topic> to negotiation", (w) => {
    const deal = w.deals.filter((d) => d.status === "open" && ["Lead in", "Qualified", "Proposal"].includes(stageOf(w, d).name)).at(-1)!;
    const account = pick(w.accounts, (a) => a.id === deal.account_id, "account").name;
    return {
      say: `advance ${account}'s ${dealTopic(deal)} to negotiation`,
      expect: [changed("deal", deal.id, { stage_id: inStageNamed(w, "Negotiation") }, deal.name)],
    };
  }),
  about("growth", "write", "<account> signed!", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    return { say: `${account} signed!`, expect: [changed("deal", deal.id, { status: "won" }, deal.name)] };
  }),
  about("growth", "write", "set the amount of the <account> deal to 30k", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return { say: `set the amount of the ${account.toLowerCase()} deal to 30k`, expect: [changed("deal", deal.id, { amount: 30_000 }, deal.name)] };
  }),
  about("growth", "write", "tag <contact> as champion", (w) => {
    const c = uniqueContacts(w).at(1)!;
    return { say: `tag ${fullName(c)} as champion`, expect: [changed("contact", c.id, { tags: is.including("champion") }, fullName(c))] };
  }),
  about("growth", "write", "<contact>'s new phone number is +1 555 0100", (w) => {
    const c = uniqueContacts(w).at(2)!;
    return {
      say: `${fullName(c)}'s new phone number is +1 555 0100`,
      expect: [changed("contact", c.id, { phone: is.oneOf("+1 555 0100", "+15550100", "+1 555-0100") }, fullName(c))],
    };
  }),
  about("growth", "write", "add <a shared name> at <account> to the follow-up sequence", (w) => {
    const seq = pick(w.sequences, (x) => x.name === "New lead follow-up", "sequence");
    const inIt = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
    const c = pick(w.contacts, (x) => !uniqueContacts(w).includes(x) && !inIt.has(x.id) && !!x.account_id, "contact sharing a name");
    const account = pick(w.accounts, (a) => a.id === c.account_id, "account");
    return {
      say: `add ${fullName(c)} at ${account.name.split(" ")[0]} to the follow-up sequence`,
      expect: [enrolled(seq.id, c.id, `${fullName(c)} (${account.name})`)],
    };
  }),
  about("growth", "write", "we closed the <account> <topic>", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation", "Proposal"]);
    return { say: `we closed the ${account.split(" ")[0]} ${dealTopic(deal).toLowerCase()}`, expect: [changed("deal", deal.id, { status: "won" }, deal.name)] };
  }),
  about("growth", "write", "take <an enrolled contact> from <account> out of the follow-up sequence", (w) => {
    const seq = pick(w.sequences, (x) => x.name === "New lead follow-up", "sequence");
    const c = pick(enrolledContacts(w, seq.id), (x) => !!x.account_id, "enrolled contact of an account");
    const account = pick(w.accounts, (a) => a.id === c.account_id, "account");
    return { say: `take ${fullName(c)} from ${account.name} out of the follow-up sequence`, expect: [unenrolled(seq.id, c.id, fullName(c))] };
  }),
  ask("growth", "write", "stop the follow up sequence for now", (w) => [
    changed("sequence", pick(w.sequences, (x) => x.name === "New lead follow-up", "sequence").id, { status: "paused" }, "New lead follow-up"),
  ]),
  ask("growth", "write", "enrich Tyrell Biotech", (w) => [
    changed(
      "account",
      accountNamed(w, "Tyrell").id,
      { enrichment: is.where("enrichment pending or enriched", (e: { status: string }) => ["pending", "enriched"].includes(e?.status)) },
      "Tyrell Biotech",
    ),
  ]),
  ask("growth", "write", "update the website for Initech to initech.com", (w) => [
    changed("account", accountNamed(w, "Initech").id, { domain: "initech.com" }, "Initech"),
  ]),
  ask("growth", "write", "create a contact for Maria Garcia at Globex, maria.garcia@globex.com, head of IT", (w) => [
    created("contact", {
      first_name: "Maria",
      last_name: "Garcia",
      email: "maria.garcia@globex.com",
      title: is.text("Head of IT"),
      account_id: accountNamed(w, "Globex").id,
    }),
  ]),
  ask("growth", "write", "create an outreach sequence Q1 webinar invite", () => [created("sequence", { name: is.text("Q1 webinar invite") })]),

  unclear("growth", "create a deal"),
  unclear("growth", "add a contact"),
  unclear("growth", "create an account"),
  about("growth", "question", "enroll <a name two contacts share> in New lead follow-up", (w) => {
    const shared = pick(w.contacts, (c) => !uniqueContacts(w).includes(c), "contact sharing a name");
    return { say: `enroll ${fullName(shared)} in New lead follow-up`, expect: [noChange()] };
  }),
  about("growth", "question", "move the <account with two deals> deal to won", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length === 2, "account with two open deals");
    return { say: `move the ${account.name} deal to won`, expect: [noChange()] };
  }),
  about("growth", "question", "update <a name two contacts share>'s title to CMO", (w) => {
    const shared = w.contacts.find((c) => !uniqueContacts(w).includes(c));
    if (!shared) throw new Error("no two contacts share a name");
    return { say: `update ${fullName(shared)}'s title to CMO`, expect: [noChange()] };
  }),
];

const talent: Case[] = [
  ask("talent", "read", "how many candidates do we have", (w) => [count(w.candidates.length, "candidates")]),
  ask("talent", "read", "what roles are we hiring for?", (w) => [named(w.jobs.filter((j) => j.status === "open").map((j) => j.title))]),
  ask("talent", "read", "who's interviewing for the backend role?", (w) => {
    const job = jobNamed(w, "Backend");
    return [
      named(
        names(candidatesOf(w, job.id).filter((c) => c.stage === "interview")),
        names(w.candidates.filter((c) => c.job_id !== job.id || c.stage !== "interview")),
      ),
    ];
  }),
  ask("talent", "read", "candidates for Product Designer", (w) => {
    const job = jobNamed(w, "Product Designer");
    return [named(names(candidatesOf(w, job.id)), names(w.candidates.filter((c) => c.job_id !== job.id)))];
  }),
  ask("talent", "read", "applicants still screening", (w) => [
    named(names(inStage(w, "screening")), names(w.candidates.filter((c) => c.stage !== "screening"))),
  ]),
  ask("talent", "read", "how many people have we hired", (w) => [count(inStage(w, "hired").length, "hires")]),
  about("talent", "read", "what stage is <a candidate> at?", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "applied", "applied candidate");
    return { say: `what stage is ${fullName(c)} at?`, expect: [says(c.stage)] };
  }),
  ask("talent", "read", "candidates who came from referrals", (w) => [
    named(names(w.candidates.filter((c) => c.source === "referral")), names(w.candidates.filter((c) => c.source !== "referral"))),
  ]),
  ask("talent", "read", "candidates rated 4 or more", (w) => [
    named(names(w.candidates.filter((c) => (c.rating ?? 0) >= 4)), names(w.candidates.filter((c) => (c.rating ?? 0) < 4))),
  ]),
  ask("talent", "read", "who got rejected?", (w) => [named(names(inStage(w, "rejected")), names(w.candidates.filter((c) => c.stage !== "rejected")))]),

  about("talent", "write", "move <a screening candidate> to interview", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening", "screening candidate");
    return { say: `move ${fullName(c)} to interview`, expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))] };
  }),
  about("talent", "write", "hire <a candidate at offer>", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "offer", "candidate at offer");
    return { say: `hire ${fullName(c)}`, expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))] };
  }),
  about("talent", "write", "we're making <an interviewing candidate> an offer", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "interview", "interviewing candidate");
    return { say: `we're making ${fullName(c)} an offer`, expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))] };
  }),
  about("talent", "write", "reject <an applicant>", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "applied", "applicant");
    return { say: `reject ${fullName(c).toLowerCase()}`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  ask("talent", "write", "create a job: Data Analyst in London, full time", () => [
    created("job", { title: is.text("Data Analyst"), location: is.text("London"), employment_type: "full_time" }),
  ]),
  ask("talent", "write", "we're hiring a contract DevOps Engineer, remote", () => [
    created("job", { title: is.text("DevOps Engineer"), employment_type: "contract", location: is.text("Remote") }),
  ]),
  ask("talent", "write", "close the Account Executive job", (w) => [
    changed("job", jobNamed(w, "Account Executive").id, { status: "closed" }, "Account Executive"),
  ]),
  ask("talent", "write", "add candidate Ada Lovelace ada@lovelace.dev to Product Designer", (w) => [
    created("candidate", { first_name: "Ada", last_name: "Lovelace", email: "ada@lovelace.dev", job_id: jobNamed(w, "Product Designer").id }),
  ]),

  ask("talent", "read", "who's at offer stage?", (w) => [named(names(inStage(w, "offer")), names(w.candidates.filter((c) => c.stage !== "offer")))]),
  ask("talent", "read", "open jobs", (w) => [named(w.jobs.filter((j) => j.status === "open").map((j) => j.title))]),
  about("talent", "read", "where is <a candidate> in the process", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "interview", "interviewing candidate");
    return { say: `where is ${fullName(c).toLowerCase()} in the process`, expect: [says(c.stage)] };
  }),
  ask("talent", "read", "how many candidates for the account executive role", (w) => [
    count(candidatesOf(w, jobNamed(w, "Account Executive").id).length, "candidates"),
  ]),
  ask("talent", "read", "engineering jobs", (w) => [
    named(
      w.jobs.filter((j) => j.department === "Engineering").map((j) => j.title),
      w.jobs.filter((j) => j.department !== "Engineering").map((j) => j.title),
    ),
  ]),
  ask("talent", "read", "candidates from linkedin", (w) => [
    named(names(w.candidates.filter((c) => c.source === "linkedin")), names(w.candidates.filter((c) => c.source !== "linkedin"))),
  ]),
  ask("talent", "read", "who applied for the Account Executive job", (w) => {
    const job = jobNamed(w, "Account Executive");
    return [named(names(candidatesOf(w, job.id)), names(w.candidates.filter((c) => c.job_id !== job.id)))];
  }),
  about("talent", "read", "what is <candidate>'s email", (w) => {
    const c = w.candidates.at(-1)!;
    return { say: `what is ${fullName(c)}'s email`, expect: [says(c.email)] };
  }),
  ask("talent", "read", "how many people are in the interview stage", (w) => [
    count(inStage(w, "interview").length, "candidates in interview"),
    excludes(names(w.candidates.filter((c) => c.stage !== "interview"))),
  ]),

  about("talent", "write", "advance <a screening candidate> to the interview stage", (w) => {
    const c = w.candidates.filter((x) => x.stage === "screening").at(-1)!;
    return { say: `advance ${fullName(c)} to the interview stage`, expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))] };
  }),
  about("talent", "write", "move <an applicant> to screening", (w) => {
    const c = w.candidates.filter((x) => x.stage === "applied").at(-1)!;
    return { say: `move ${fullName(c)} to screening`, expect: [changed("candidate", c.id, { stage: "screening" }, fullName(c))] };
  }),
  ask("talent", "write", "open a new role for a part-time Office Manager in Berlin", () => [
    created("job", { title: is.text("Office Manager"), employment_type: "part_time", location: is.text("Berlin") }),
  ]),
  ask("talent", "write", "new job opening: Senior Accountant, Finance department, Lisbon", () => [
    created("job", { title: is.text("Senior Accountant"), department: is.text("Finance"), location: is.text("Lisbon") }),
  ]),
  ask("talent", "write", "new applicant for the backend role: Edsger Dijkstra, edsger@example.org, referred by Ken", (w) => [
    created("candidate", {
      first_name: "Edsger",
      last_name: "Dijkstra",
      email: "edsger@example.org",
      job_id: jobNamed(w, "Backend").id,
      source: is.where("a source naming the referral", (v: string | null) => /refer/i.test(v ?? "")),
    }),
  ]),
  about("talent", "write", "rate <candidate> 5 stars", (w) => {
    const c = pick(w.candidates, (x) => x.rating !== 5, "candidate rated under 5");
    return { say: `rate ${fullName(c)} 5 stars`, expect: [changed("candidate", c.id, { rating: 5 }, fullName(c))] };
  }),
  about("talent", "write", "<candidate at offer> accepted our offer", (w) => {
    const c = w.candidates.filter((x) => x.stage === "offer").at(-1)!;
    return { say: `${fullName(c)} accepted our offer`, expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))] };
  }),
  about("talent", "write", "<interviewing candidate> didn't make it, reject them", (w) => {
    const c = w.candidates.filter((x) => x.stage === "interview").at(-1)!;
    return { say: `${c.first_name} ${c.last_name} didn't make it, reject them`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  ask("talent", "write", "close the Product Designer position, we filled it", (w) => [
    changed("job", jobNamed(w, "Product Designer").id, { status: "closed" }, "Product Designer"),
  ]),

  unclear("talent", "add a candidate"),
  unclear("talent", "create a job"),
  unclear("talent", "hire Olivia"),
  about("talent", "question", "hire <an applicant> (not allowed from applied)", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "applied", "applicant");
    return { say: `hire ${fullName(c)}`, expect: [noChange()] };
  }),
  ask("talent", "question", "reject the designer candidate", () => [noChange()]),
  about("talent", "question", "move <a screening candidate> to offer (not allowed from screening)", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening", "screening candidate");
    return { say: `move ${fullName(c)} to offer`, expect: [noChange()] };
  }),
];

const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot");
  return w.snapshot;
};
const snapshotTaken = (): Check => ({
  text: "a new intelligence snapshot",
  judge: ({ changes }) => (changes.some((e) => e.type === "intelligence.snapshot_created") ? null : "no snapshot was taken"),
  allows: (e) => e.type === "intelligence.snapshot_created",
});
const perCurrency = (rows: { currency: string }[], value: (r: never) => number) => Object.fromEntries(rows.map((r) => [r.currency, value(r as never)]));

const intelligence: Case[] = [
  ask("intelligence", "figure", "what's our win rate?", (w) => [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")]),
  ask("intelligence", "figure", "win rate over the last 90 days", (w) => [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")]),
  ask("intelligence", "figure", "what's the open pipeline worth", (w) => [
    money(
      perCurrency(snapshot(w).growth.pipeline.totals, (t: { open_value: number }) => t.open_value),
      "open pipeline",
    ),
  ]),
  ask("intelligence", "figure", "weighted pipeline value", (w) => [
    money(
      perCurrency(snapshot(w).growth.pipeline.totals, (t: { weighted_value: number }) => t.weighted_value),
      "weighted pipeline",
    ),
  ]),
  ask("intelligence", "figure", "how much are overdue receivables", (w) => [
    money(
      perCurrency(snapshot(w).finance.currencies, (c: { overdue: number }) => c.overdue),
      "overdue receivables",
    ),
  ]),
  ask("intelligence", "figure", "what's our DSO?", (w) =>
    snapshot(w)
      .finance.currencies.filter((c) => c.days_sales_outstanding !== null)
      .map((c) => figure(c.days_sales_outstanding, `days sales outstanding in ${c.currency}`)),
  ),
  ask("intelligence", "figure", "how many open jobs do we have", (w) => [count(snapshot(w).talent.open_jobs, "open jobs")]),
  ask("intelligence", "figure", "show me the hiring funnel", (w) => [named(snapshot(w).talent.open_job_pipelines.map((p) => p.title))]),
  ask("intelligence", "figure", "how many new contacts in the last 30 days?", (w) => [count(snapshot(w).growth.new_contacts_last_30_days, "new contacts")]),
  ask("intelligence", "figure", "what's our hit rate on deals lately", (w) => [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")]),
  ask("intelligence", "figure", "how long does it take us to hire someone?", (w) => [figure(snapshot(w).talent.median_days_to_hire, "median days to hire")]),
  ask("intelligence", "figure", "how many people did we hire in the last year", (w) => [count(snapshot(w).talent.hires_last_365_days, "hires")]),
  ask("intelligence", "figure", "how much is outstanding in receivables", (w) => [
    money(
      perCurrency(snapshot(w).finance.currencies, (c: { outstanding: number }) => c.outstanding),
      "outstanding receivables",
    ),
  ]),
  ask("intelligence", "figure", "days sales outstanding in usd", (w) => [
    figure(pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD figures").days_sales_outstanding, "USD days sales outstanding"),
  ]),
  ask("intelligence", "figure", "how many deals did we win in the last 90 days", (w) => [count(snapshot(w).growth.last_90_days.won, "deals won")]),
  ask("intelligence", "figure", "how many active sequence enrollments are there", (w) => [
    count(snapshot(w).growth.sequences.active_enrollments, "active enrollments"),
  ]),
  ask("intelligence", "figure", "what's the reply rate on our sequences?", (w) => [figure(snapshot(w).growth.sequences.reply_rate, "reply rate", "percent")]),
  ask("intelligence", "figure", "how many invoices are overdue according to the latest snapshot", (w) => [
    count(snapshot(w).finance.overdue_count, "overdue invoices"),
  ]),
  ask("intelligence", "write", "refresh the numbers", () => [snapshotTaken()]),
  ask("intelligence", "write", "take a new intelligence snapshot now", () => [snapshotTaken()]),
  ask("intelligence", "write", "take a snapshot", () => [snapshotTaken()]),
];

/** Written later, to find what the first set's wording hid (cases-more.ts). */
export const CASES: Case[] = [...finance, ...growth, ...talent, ...intelligence, ...MORE_CASES, ...HELDOUT_CASES];
