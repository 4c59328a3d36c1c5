/*
 * Blind set: the lead of a customer-support team working the billing queue.
 * Ticket-style requests (disputes, copies, "we paid", more time, duplicates,
 * wrong drafts, write-offs, contacts, the sales drip, a peek at recruiting),
 * written without looking at how the agent plans.
 */
import {
  approval,
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
  unenrolled,
  type ApiEvent,
  type Case,
  type Check,
} from "../judge.ts";
import {
  addDays,
  dealTopic,
  dueSums,
  fullName,
  month,
  numbers,
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

/* ---------- helpers of this set ---------- */

const invoicesOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client);
const clients = (w: World) => [...new Set(w.invoices.map((i) => i.client))];
const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "";
const money2 = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A client whose invoices fit `test` (given all of its invoices). */
function clientWhere(w: World, test: (mine: Invoice[]) => boolean, what: string, skip: string[] = []): string {
  const found = clients(w).find((c) => !skip.includes(c) && test(invoicesOf(w, c)));
  if (!found) throw new Error(`no client with ${what} in the data`);
  return found;
}

/**
 * Either done at once or proposed for approval (a careful assistant may do
 * either for a write-off or a draft's deletion): the record ends as expected,
 * or an action of this tool waits for approval on it.
 */
function doneOrProposed(done: Check, tool: RegExp, ...refs: string[]): Check {
  const proposed = approval(tool, ...refs);
  return {
    text: `${done.text}, or ${proposed.text}`,
    expectsProposal: true,
    async judge(turn) {
      const direct = await done.judge(turn);
      if (!direct) return null;
      const waiting = await proposed.judge(turn);
      return waiting ? `${direct}; and ${waiting}` : null;
    },
    allows: (event) => done.allows?.(event) ?? false,
  };
}

/** The invoice is gone (deleted). */
function deleted(id: string, label: string): Check {
  let gone = false;
  return {
    text: `invoice ${label} is deleted`,
    async judge({ api }) {
      const now = await api.call("GET", `/v1/invoices/${id}`);
      gone = now.status === 404;
      return gone ? null : `invoice ${label} still answers ${now.status}`;
    },
    allows: (event: ApiEvent) => gone && event.data.object.id === id && event.type.startsWith("invoice."),
  };
}

const stillUnpaid = says("overdue", "unpaid", "not paid", "not been paid", "outstanding", "no payment", "still due", "still open");

/* ---------- the cases ---------- */

export const CASES: Case[] = [
  /* ===== finance: reads ===== */
  {
    label: "TKT: <client with several unpaid> says they don't know what they owe: list their unpaid invoices and the total",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const client = clientWhere(
        w,
        (mine) => mine.filter(unpaid).length >= 3 && mine.some((i) => i.status === "paid") && !mine.some((i) => i.status === "draft"),
        "3+ unpaid and a paid invoice",
      );
      const mine = invoicesOf(w, client);
      const open = mine.filter(unpaid);
      return {
        say: `TKT-4410 | ${client} AP: "we honestly have no idea what's outstanding with you guys". what do they still owe us? invoice by invoice pls + the total`,
        expect: [names(numbers(open), numbers(mine.filter((i) => i.status === "paid")), open.length), money(dueSums(open), "amount they still owe")],
      };
    },
  },
  {
    label: "cust claims they paid <an unpaid overdue invoice> weeks ago: what does our side show (no change)",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
      return {
        say: `per the ticket, ${inv.client} says they paid ${shortNumber(inv)} "weeks ago, stop chasing us". what do we actually show on it? don't mark anything yet, just checking`,
        expect: [stillUnpaid, money({ [inv.currency]: inv.amount_due }, "amount still due")],
      };
    },
  },
  {
    label: "cust wants a copy of <an open invoice>: give amount, due date and status to paste",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
      return {
        say: `cust is asking for a copy of ${inv.number}. i know we can't attach pdfs from here, just give me the amount, due date and status so i can paste it into my reply`,
        expect: [money({ [inv.currency]: inv.amount }, "invoice amount"), date(inv.due_date, "due date"), says("open")],
      };
    },
  },
  {
    label: "how many late invoices does <a client with exactly two overdue> have",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const client = clientWhere(w, (mine) => mine.filter(overdue).length === 2, "exactly 2 overdue invoices");
      return {
        say: `quick one before i call them back: how many late invoices has ${client} got with us atm?`,
        expect: [count(2, `overdue invoices of ${client}`)],
      };
    },
  },
  {
    label: "which invoices are more than 30 days past due",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 30);
      const recent = w.invoices.filter((i) => overdue(i) && i.days_overdue < 30);
      return {
        say: "escalation list for the weekly sync — which invoices are more than 30 days past due? not the fresh ones",
        expect: [names(numbers(late), numbers(recent), late.length)],
      };
    },
  },
  {
    label: "which unpaid invoices already have a partial payment on them",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
      const none = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
      return {
        say: `getting a lot of "we already paid some of it" tickets. which invoices have a part payment recorded but still have a balance?`,
        expect: [names(numbers(part), numbers(none), part.length)],
      };
    },
  },
  {
    label: "which invoices have we written off as uncollectible",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const off = w.invoices.filter((i) => i.status === "uncollectible");
      const voided = w.invoices.filter((i) => i.status === "void");
      return {
        say: "fyi a cust we wrote off is back asking about their account. remind me which invoices are written off as bad debt?",
        expect: [names(numbers(off), numbers(voided), off.length)],
      };
    },
  },
  {
    label: "does <a client with several drafts> have drafts waiting to go out",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const client = clientWhere(
        w,
        (mine) => mine.filter((i) => i.status === "draft").length >= 2 && mine.some((i) => i.status !== "draft"),
        "2+ drafts and other invoices",
      );
      const mine = invoicesOf(w, client);
      const drafts = mine.filter((i) => i.status === "draft");
      return {
        say: `TKT-5177 | ${client} asks if there's anything else coming their way from us. any draft invoices sitting in our system for them?`,
        expect: [names(numbers(drafts), numbers(mine.filter((i) => i.status !== "draft")), drafts.length)],
      };
    },
  },
  {
    label: "which open invoices fall due in the next two weeks",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const end = addDays(today(w), 14);
      const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
      const later = w.invoices.filter((i) => i.status === "open" && i.due_date > end);
      return {
        say: `want to get ahead of the "never got the invoice" tickets — which open invoices come due in the next 2 weeks?`,
        expect: [names(numbers(soon), numbers(later), soon.length)],
      };
    },
  },
  {
    label: "how many days late is <an overdue invoice> and when was it due",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => overdue(i) && i.days_overdue > 20, "invoice 20+ days overdue");
      return {
        say: `cust disputing the late notice on ${shortNumber(inv)}, says it "can't be that late". when was it actually due and how many days over are we?`,
        expect: [date(inv.due_date, "due date"), figure(inv.days_overdue, "days overdue")],
      };
    },
  },

  /* ===== finance: writes ===== */
  {
    label: "TKT: <client> paid <an overdue invoice> in full by wire: mark it paid",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(
        w.invoices,
        (i) => overdue(i) && i.amount_paid === 0 && i.currency === "USD" && invoicesOf(w, i.client).filter(unpaid).length >= 2,
        "USD overdue invoice of a client with several unpaid",
      );
      return {
        say: `TKT-5120 | ${inv.client} says ${inv.number} was paid in full by wire last friday, remittance is on the ticket and finance confirmed it landed. pls mark it paid`,
        expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
      };
    },
  },
  {
    label: "record a partial payment against <an overdue invoice>",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(
        w.invoices,
        (i) => overdue(i) && i.amount_paid === 0 && i.amount_due > 4000 && i.currency !== "USD",
        "non-USD overdue invoice over 4000 with nothing paid",
      );
      const part = Math.floor(inv.amount_due / 2 / 100) * 100;
      return {
        say: `cust sent ${money2(part)} ${inv.currency} against ${shortNumber(inv)} — partial, they say the rest follows next month. can we log it`,
        expect: [changed("invoice", inv.id, { amount_paid: part, amount_due: Math.round((inv.amount - part) * 100) / 100 }, inv.number)],
      };
    },
  },
  {
    label: "cust asked for more time: move <an overdue invoice>'s due date to the 15th of next month",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => overdue(i) && i.days_overdue < 30 && i.amount_paid === 0, "recently overdue invoice");
      const due = addDays(month(w, 1)[0], 14);
      return {
        say: `${inv.client} asked for more time on ${inv.number}, cash flow issues. mgmt ok'd it — can we push the due date to the 15th of next month?`,
        expect: [changed("invoice", inv.id, { due_date: due }, inv.number)],
      };
    },
  },
  {
    label: "void <an open invoice> billed twice (waits for approval)",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
      return {
        say: `TKT-3307 | ${inv.client} got billed twice for the same ${(inv.description ?? "work").toLowerCase()}. ${shortNumber(inv)} is the duplicate, pls void it`,
        expect: [approval(/void/i, inv.id, inv.number)],
      };
    },
  },
  {
    label: "delete the duplicate draft of <a client with two drafts>",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const client = clientWhere(
        w,
        (mine) => {
          const drafts = mine.filter((i) => i.status === "draft");
          return drafts.length === 2 && drafts[0]!.description === drafts[1]!.description;
        },
        "two drafts with the same description",
      );
      const drafts = invoicesOf(w, client).filter((i) => i.status === "draft");
      const dupe = drafts.reduce((a, b) => (a.amount <= b.amount ? a : b));
      return {
        say: `${client} has two drafts for the same ${(dupe.description ?? "job").toLowerCase()} job. the smaller one, ${dupe.number}, is a dupe someone created by mistake — get rid of it before it goes out`,
        expect: [doneOrProposed(deleted(dupe.id, dupe.number), /delete|remove/i, dupe.id, dupe.number)],
      };
    },
  },
  {
    label: "fix the wrong amount on <a draft invoice>",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "draft" && i.amount > 2000, "draft invoice");
      const right = Math.floor(inv.amount / 1000) * 1000;
      return {
        say: `wrong amount on the ${inv.client} draft ${shortNumber(inv)} — cust quote was ${money2(right)} ${inv.currency}, not ${money2(inv.amount)}. fix it before it's issued pls`,
        expect: [changed("invoice", inv.id, { amount: right, status: "draft" }, inv.number)],
      };
    },
  },
  {
    label: "write off <the longest-overdue invoice> as bad debt",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = w.invoices.filter((i) => overdue(i) && i.amount_paid === 0).reduce((a, b) => (a.days_overdue >= b.days_overdue ? a : b));
      return {
        say: `${inv.client} went into administration, collections gave up. write off ${inv.number} as bad debt`,
        expect: [doneOrProposed(changed("invoice", inv.id, { status: "uncollectible" }, inv.number), /uncollectible|write/i, inv.id, inv.number)],
      };
    },
  },
  {
    label: "cust approved <a draft invoice>: issue it",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "draft" && i.account_id !== null, "draft of a known account");
      return {
        say: `fyi ${inv.client} signed off on the draft ${inv.number} on the ticket, no changes. go ahead and issue it`,
        expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
      };
    },
  },
  {
    label: "bill <an account> separately for an extra onboarding session, due end of next month",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const acc = pick(w.accounts, (a) => a.country === "GB" || a.name.startsWith("Northwind"), "UK account");
      const due = month(w, 1)[1];
      return {
        say: `TKT-7002 | ${acc.name} want the extra onboarding session billed on its own invoice: 2,400 EUR, due end of next month, line "Additional onboarding session". draft is fine, i'll check it before it goes`,
        expect: [
          created("invoice", {
            client: is.containing(acc.name.split(" ")[0]!),
            amount: 2400,
            currency: "EUR",
            due_date: due,
            description: is.containing("onboarding"),
          }),
        ],
      };
    },
  },
  {
    label: "<client> paid off the rest of <a part-paid invoice>",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "part-paid invoice");
      return {
        say: `good news on ${inv.client}: they paid the remaining ${money2(inv.amount_due)} on ${shortNumber(inv)} today, balance cleared. update it pls`,
        expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
      };
    },
  },

  /* ===== finance: must not act ===== */
  {
    label: "refund <a paid invoice> to the cust's card (can't be done here)",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "paid", "paid invoice");
      return {
        say: `TKT-8121 | ${inv.client} wants ${inv.number} refunded back to the visa they paid with. can you process the refund?`,
        expect: [noChange()],
      };
    },
  },
  {
    label: "email the PDF of <an open invoice> to the cust (can't be done here)",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
      return {
        say: `per the ticket ${inv.client} never received ${shortNumber(inv)}. can you email them the PDF?`,
        expect: [noChange()],
      };
    },
  },
  {
    label: "<client with several unpaid> says 'we paid the invoice': which one? ask back",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const client = clientWhere(w, (mine) => mine.filter(unpaid).length >= 3, "3+ unpaid invoices");
      return {
        say: `cust from ${client} says "we've paid the invoice, please update your records". mark it paid`,
        expect: [asksBack(), noChange()],
      };
    },
  },
  {
    label: "void 'the duplicate' for <another client with several unpaid>: which one? ask back",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const first = clientWhere(w, (mine) => mine.filter(unpaid).length >= 3, "3+ unpaid invoices");
      const client = clientWhere(w, (mine) => mine.filter(unpaid).length >= 3, "another client with 3+ unpaid", [first]);
      return {
        say: `${client} says they got double billed, void the duplicate one`,
        expect: [asksBack(), noChange()],
      };
    },
  },

  /* ===== growth: reads ===== */
  {
    label: "who do we have on file at <the account with the most contacts>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const acc = w.accounts.reduce((a, b) =>
        w.contacts.filter((c) => c.account_id === b.id).length > w.contacts.filter((c) => c.account_id === a.id).length ? b : a,
      );
      const people = w.contacts.filter((c) => c.account_id === acc.id);
      return {
        say: `TKT-3390 | before i reply on the ${acc.name} dispute — who do we have on file over there? names + roles`,
        expect: [names(people.map(fullName), [], people.length)],
      };
    },
  },
  {
    label: "who is the finance contact at <an account with exactly one finance person>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const finance = /financ|controller|payable|cfo/i;
      const acc = pick(
        w.accounts,
        (a) => w.contacts.filter((c) => c.account_id === a.id && finance.test(c.title ?? "")).length === 1,
        "account with one finance contact",
      );
      const person = pick(w.contacts, (c) => c.account_id === acc.id && finance.test(c.title ?? ""), "finance contact");
      return {
        say: `who's the finance person at ${acc.name}? want to cc them on the invoice dispute`,
        expect: [names([fullName(person)])],
      };
    },
  },
  {
    label: "what's <a uniquely named contact>'s email",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const person = pick(uniqueContacts(w), (c) => !!c.email && !!c.account_id, "uniquely named contact with an email");
      return {
        say: `cust says our reminder went to the wrong inbox. what email do we have for ${fullName(person)}?`,
        expect: [says(person.email)],
      };
    },
  },
  {
    label: "who at <an account> is still getting the sales follow-up emails",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const active = w.enrollments.filter((e) => e.status === "active");
      const isIn = (id: string) => active.some((e) => e.contact_id === id);
      const acc = pick(w.accounts, (a) => w.contacts.filter((c) => c.account_id === a.id && isIn(c.id)).length >= 2, "account with 2+ enrolled contacts");
      const mine = w.contacts.filter((c) => c.account_id === acc.id);
      const enrolledHere = mine.filter((c) => isIn(c.id));
      const rest = mine.filter((c) => !isIn(c.id));
      return {
        say: `${acc.name} has an open billing dispute with us. is anyone over there still getting the automated sales follow-up emails? who?`,
        expect: [names(enrolledHere.map(fullName), rest.map(fullName), enrolledHere.length)],
      };
    },
  },
  {
    label: "does <an account with a single open deal> have a deal open with sales, and at what stage",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const { deal, account } = soleOpenDeal(w);
      return {
        say: `fyi ${account} escalated a billing complaint. do they have anything open with sales right now? which deal + what stage, so i can give the AE a heads up`,
        expect: [names([dealTopic(deal)]), says(stageOf(w, deal).name)],
      };
    },
  },

  /* ===== growth: writes ===== */
  {
    label: "add <an account>'s new billing contact with name and email",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const acc = pick(
        w.accounts,
        (a) => !!a.domain && w.invoices.some((i) => i.account_id === a.id && unpaid(i)),
        "account with a domain and unpaid invoices",
      );
      const email = `priya.natarajan@${acc.domain}`;
      return {
        say: `TKT-6031 | ${acc.name} has a new billing contact going forward: Priya Natarajan, ${email}. pls add her to their account so we stop emailing the old person`,
        expect: [created("contact", { first_name: is.text("Priya"), last_name: is.text("Natarajan"), email: is.text(email), account_id: acc.id })],
      };
    },
  },
  {
    label: "add <another account>'s new Accounts Payable Manager as a contact, with title",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const accs = w.accounts.filter((a) => !!a.domain && w.contacts.some((c) => c.account_id === a.id));
      const acc = accs[accs.length - 1];
      if (!acc) throw new Error("no account with a domain and contacts in the data");
      const email = `marcus.bell@${acc.domain}`;
      return {
        say: `per the ticket, ${acc.name}'s AP has changed hands — new person is Marcus Bell (Accounts Payable Manager), ${email}. can we get him in as a contact under ${acc.name}`,
        expect: [
          created("contact", {
            first_name: is.text("Marcus"),
            last_name: is.text("Bell"),
            email: is.text(email),
            title: is.containing("accounts payable"),
            account_id: acc.id,
          }),
        ],
      };
    },
  },
  {
    label: "upset cust: take <an enrolled contact, named with their account> off the sales follow-up emails",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const e = pick(w.enrollments, (x) => x.status === "active", "active enrollment");
      const person = pick(w.contacts, (c) => c.id === e.contact_id, "enrolled contact");
      return {
        say: `${fullName(person)} at ${accountName(w, person.account_id)} is really upset about the invoice mixup and just got another sales follow-up email. pls stop those for them — just them, not the whole campaign`,
        expect: [unenrolled(e.sequence_id, person.id, fullName(person))],
      };
    },
  },
  {
    label: "cust replied from <an enrolled contact's email> asking to stop the drip: unenrol them",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const active = w.enrollments.filter((x) => x.status === "active");
      const e = active[active.length - 1];
      if (!e) throw new Error("no active enrollment in the data");
      const person = pick(w.contacts, (c) => c.id === e.contact_id, "enrolled contact");
      return {
        say: `ticket from ${person.email}: "please stop the marketing emails, we're only talking to you about our bill right now". take them out of the follow-up sequence`,
        expect: [unenrolled(e.sequence_id, person.id, fullName(person))],
      };
    },
  },

  /* ===== growth: must not act ===== */
  {
    label: "update <a name two contacts share>'s title, no account given: which one? ask back",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const shared = pick(
        w.contacts,
        (c) => w.contacts.filter((o) => fullName(o) === fullName(c) && o.account_id !== c.account_id).length >= 1,
        "contact name shared across accounts",
      );
      return {
        say: `can we update ${fullName(shared)}'s title to Head of Finance Ops? saw it in her email signature on a ticket`,
        expect: [asksBack(), noChange()],
      };
    },
  },
  {
    label: "add <an account>'s new billing contact without saying who: ask back",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const acc = pick(w.accounts, (a) => w.contacts.some((c) => c.account_id === a.id && /procurement|account executive/i.test(c.title ?? "")), "account");
      return {
        say: `${acc.name} has a new billing contact, pls add them to the account`,
        expect: [asksBack(), noChange()],
      };
    },
  },

  /* ===== talent ===== */
  {
    label: "are any support roles open (for my team's backfill)",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const support = w.jobs.filter((j) => j.status === "open" && /support/i.test(j.title));
      return {
        say: "do we have any customer support roles open on the careers page yet? i was promised a backfill for my team",
        expect: [
          names(
            support.map((j) => j.title),
            [],
            support.length,
          ),
        ],
      };
    },
  },
  {
    label: "where is <a candidate in interview> in the hiring process",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const cand = pick(w.candidates, (c) => c.stage === "interview", "candidate in interview");
      return {
        say: `HR mentioned ${fullName(cand)} might move over to support at some point. where are they in the process right now?`,
        expect: [says(cand.stage)],
      };
    },
  },
  {
    label: "I sat in on <a screening candidate>'s screen, they passed: move to interview",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const cand = pick(w.candidates, (c) => c.stage === "screening", "candidate in screening");
      const job = pick(w.jobs, (j) => j.id === cand.job_id, "job");
      return {
        say: `fyi i sat in on ${fullName(cand)}'s phone screen for the ${job.title} role as the cross-team panelist. strong yes from me and the hiring mgr, move them on to interview`,
        expect: [changed("candidate", cand.id, { stage: "interview" }, fullName(cand))],
      };
    },
  },

  /* ===== key figures ===== */
  {
    label: "total outstanding, per currency",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "fyi finance wants our total outstanding for the support/billing review, split by currency",
      expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
    }),
  },
  {
    label: "overdue: how many invoices and how much per currency",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const late = w.invoices.filter(overdue);
      return {
        say: "where are we on overdue overall? number of invoices and the amount, per currency",
        expect: [count(late.length, "overdue invoices"), money(dueSums(late), "overdue amount")],
      };
    },
  },
  {
    label: "DSO in USD",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const usd = w.snapshot?.finance.currencies.find((c) => c.currency === "USD");
      if (!usd) throw new Error("no USD figures in the latest snapshot");
      return {
        say: "what's our DSO looking like on the USD side? my manager keeps asking if the billing tickets are slowing collections",
        expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
      };
    },
  },
  {
    label: "how much overdue money is more than 60 days late, per currency",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "how much of the overdue balance is over 60 days late? per currency is fine",
      expect: [
        money(
          sums(
            w.invoices.filter((i) => overdue(i) && i.days_overdue > 60),
            (i: Invoice) => i.amount_due,
          ),
          "amount over 60 days late",
        ),
      ],
    }),
  },
];
