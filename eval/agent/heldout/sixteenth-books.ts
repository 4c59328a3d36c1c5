/*
 * Priya, part-time bookkeeper of a 30-person agency. Tuesdays and Fridays she works through
 * the finance side: chasing, recording payments, raising and fixing invoices, and the
 * month-end figures for the owner. Polite, complete British English; pastes bank lines and
 * remittance advice; names invoices by (shortened) number, by client or by what was billed.
 *
 * Every case plans from the data it runs on: records are found by client, status, description
 * and dates, and figures are computed from them.
 */
import {
  about,
  ask,
  asksBack,
  count,
  changed,
  created,
  figure,
  is,
  mentionsNumber,
  money,
  names,
  noChange,
  says,
  type Case,
  type Check,
  type Matcher,
} from "../judge.ts";
import { addDays, dueSums, fullName, month, numbers, pick, today, unpaid } from "../facts.ts";
import type { Invoice, Snapshot, World } from "../world.ts";

/* ---------- small helpers ---------- */

const SYM: Record<string, string> = { GBP: "£", USD: "$", EUR: "€" };
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** 1234.5 -> "1,234.50", the way a bank statement prints it. */
const gb = (n: number) => n.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** "£1,234.50" */
const cash = (i: { currency: string }, n: number) => `${SYM[i.currency] ?? `${i.currency} `}${gb(n)}`;
/** A client as Priya calls it: the first word of its name ("Stark Logistics" -> "Stark"). */
const short = (client: string) => {
  const words = client.split(" ");
  // A first word that is an everyday word does not name the client on its own ("Blue", "Pied").
  return /^(blue|pied|massive|monarch)$/i.test(words[0]!) && words[1] ? `${words[0]} ${words[1]}` : words[0]!;
};
/** The invoice's running number: INV-000012 -> "12". */
const tail = (i: Invoice) => String(Number(i.number.replace(/\D/g, "")));
/** An amount within a penny (floating-point sums). */
const near = (x: number): Matcher => is.where(`about ${x.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - x) < 0.011);
/** "2027-01-15" -> "15 January" */
const dayMonth = (isoDate: string) => `${Number(isoDate.slice(8, 10))} ${MONTHS[Number(isoDate.slice(5, 7)) - 1]}`;
/** The next time this day of this month comes (today excluded). */
function nextDate(w: World, m: number, d: number): string {
  const t = today(w);
  const y = Number(t.slice(0, 4));
  const pad = (n: number) => String(n).padStart(2, "0");
  const thisYear = `${y}-${pad(m)}-${pad(d)}`;
  return thisYear > t ? thisYear : `${y + 1}-${pad(m)}-${pad(d)}`;
}
/** Yesterday as a bank statement prints it: 28/11 */
const statementDay = (w: World) => {
  const y = addDays(today(w), -1);
  return `${y.slice(8, 10)}/${y.slice(5, 7)}`;
};
const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const invoicesOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client);
const clients = (w: World) => [...new Set(w.invoices.map((i) => i.client))];
/** A client whose unpaid invoices are exactly one, that fits. */
function soleUnpaid(w: World, fits: (i: Invoice) => boolean, what: string, skip: string[] = []): Invoice {
  for (const c of clients(w)) {
    if (skip.includes(c)) continue;
    const open = invoicesOf(w, c).filter(unpaid);
    if (open.length === 1 && fits(open[0]!)) return open[0]!;
  }
  throw new Error(`no client whose only unpaid invoice is ${what}`);
}
/** The invoice is the only one of its client with this description. */
const onlyOfItsKind = (w: World, i: Invoice) => invoicesOf(w, i.client).filter((o) => o.description === i.description).length === 1;

/**
 * An action waits for approval on this invoice: the tool's name, or its input, says what
 * (a void, a write-off). Nothing may have changed yet (the judge counts any change).
 */
function awaitsApproval(what: string, signal: RegExp, ...refs: string[]): Check {
  return {
    text: `an approval is pending to ${what} ${refs.join(" / ")}`,
    expectsProposal: true,
    judge: ({ proposals }) => {
      const right = proposals.find((p) => {
        const input = JSON.stringify(p.input);
        return (signal.test(p.tool) || signal.test(input)) && refs.some((r) => input.includes(r));
      });
      if (right) return null;
      return proposals.length
        ? `the approval waits for ${proposals.map((p) => `${p.tool} ${JSON.stringify(p.input)}`).join(", ")}`
        : "no action waits for approval";
    },
  };
}

/** The reply states how many invoices are overdue: in all, or per currency (every currency's count). */
function overdueCount(w: World): Check {
  const total = snap(w).finance.overdue_count;
  const each = snap(w).finance.currencies.filter((c) => c.overdue_count > 0);
  return {
    text: `the reply states ${total} overdue invoices (or ${each.map((c) => `${c.overdue_count} ${c.currency}`).join(" and ")})`,
    judge: ({ reply }) =>
      mentionsNumber(reply, total) || (each.length > 0 && each.every((c) => mentionsNumber(reply, c.overdue_count)))
        ? null
        : `neither ${total} nor the per-currency counts are in the reply`,
  };
}

/* ---------- the cases ---------- */

export const CASES: Case[] = [
  /* ===== finance: reads ===== */

  about("finance", "read", "statement of <a client with several unpaid invoices>'s unpaid invoices and balances", (w) => {
    const client = pick(
      clients(w),
      (c) => invoicesOf(w, c).filter(unpaid).length >= 3 && invoicesOf(w, c).some((i) => i.status === "paid"),
      "client with 3+ unpaid and a paid invoice",
    );
    const mine = invoicesOf(w, client);
    const open = mine.filter(unpaid);
    const fin = w.contacts.find((c) => c.account_id === open[0]!.account_id && /financ|cfo|controller/i.test(c.title ?? ""));
    const who = fin ? `${fin.first_name} in ${short(client)}'s finance team` : `${short(client)}'s finance team`;
    return {
      say: `${who} has asked for a statement before releasing any payments. Could you please list every ${short(client)} invoice that's still unpaid, with the balance on each, and the total they owe us?`,
      expect: [names(numbers(open), numbers(mine.filter((i) => !unpaid(i))), open.length), money(dueSums(open), "balance owed")],
    };
  }),

  about("finance", "read", "status of <an overdue invoice the client says was paid>, by its short number", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "overdue" && i.amount_paid === 0 && i.account_id !== null && i.currency === "GBP",
      "unpaid overdue GBP invoice of an account",
    );
    return {
      say: `${short(inv.client)} are adamant they paid inv ${tail(inv)} last week, but I can't see anything on our side. What does the system have for it at the moment?`,
      expect: [says("overdue"), money({ [inv.currency]: inv.amount_due }, "amount still due")],
    };
  }),

  about("finance", "read", "sent invoices falling due in the next 30 days", (w) => {
    const from = today(w);
    const to = addDays(from, 30);
    const inWindow = (i: Invoice) => i.due_date >= from && i.due_date <= to;
    const due = w.invoices.filter((i) => i.status === "open" && inWindow(i));
    // "the next 30 days" may end on day 30 or day 31: an invoice due on either may be named or left out.
    const edge = (i: Invoice) => i.due_date === to || i.due_date === addDays(to, 1);
    const notThese = w.invoices.filter((i) => ((i.status === "draft" && inWindow(i)) || (i.status === "open" && i.due_date > to)) && !edge(i));
    if (!due.length) throw new Error("no open invoice due in the next 30 days");
    return {
      say: "Which of the invoices we've actually sent out fall due in the next 30 days, please? I'm trying to get a feel for what ought to land in the account before the owner asks.",
      expect: [names(numbers(due), numbers(notThese), due.filter((i) => !edge(i)).length)],
    };
  }),

  about("finance", "read", "how much <a client with a single unpaid GBP invoice> owes", (w) => {
    const inv = soleUnpaid(w, (i) => i.currency === "GBP" && i.status === "overdue", "an overdue GBP invoice");
    return {
      say: `Quick one – how much does ${short(inv.client)} owe us at the moment, all in?`,
      expect: [money({ [inv.currency]: inv.amount_due }, "amount owed")],
    };
  }),

  about("finance", "read", "partly paid invoices with a balance left", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    if (!part.length) throw new Error("no partly paid invoice");
    const rest = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
    return {
      say: "Which invoices have had a part payment but still have something left to pay on them? I'd like to chase the balances this afternoon.",
      expect: [names(numbers(part), numbers(rest), part.length)],
    };
  }),

  about("finance", "read", "the client with the longest-overdue invoice, and how late it is", (w) => {
    const late = w.invoices.filter((i) => i.status === "overdue").sort((a, b) => b.days_overdue - a.days_overdue);
    const worst = late[0]!;
    if (late[1] && late[1].days_overdue === worst.days_overdue) throw new Error("two invoices equally overdue");
    return {
      say: "Who's our worst payer at the moment? By that I mean whichever client has the invoice that's been overdue the longest – and how many days late is it now?",
      expect: [names([short(worst.client)]), count(worst.days_overdue, "days overdue")],
    };
  }),

  about("finance", "read", "every invoice billed to <a client with four invoices>, with its status", (w) => {
    const client = pick(
      clients(w),
      (c) => invoicesOf(w, c).length === 4 && invoicesOf(w, c).some((i) => i.status === "paid") && invoicesOf(w, c).some(unpaid),
      "client with four invoices, paid and unpaid",
    );
    const mine = invoicesOf(w, client);
    return {
      say: `${short(client)}'s new accounts payable person wants to reconcile with us. Could you pull up everything we've billed them, paid or not, and tell me where each one stands?`,
      expect: [names(numbers(mine), [], mine.length), says("paid")],
    };
  }),

  about("finance", "read", "unpaid EUR invoices and their total", (w) => {
    const eur = w.invoices.filter((i) => unpaid(i) && i.currency === "EUR");
    if (!eur.length) throw new Error("no unpaid EUR invoice");
    const other = w.invoices.filter((i) => unpaid(i) && i.currency !== "EUR");
    return {
      say: "Just the euro side, please: which EUR invoices are still unpaid, and what do they add up to?",
      expect: [names(numbers(eur), numbers(other), eur.length), money(dueSums(eur), "EUR total unpaid")],
    };
  }),

  about("finance", "read", "how many drafts have not gone out yet", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return {
      say: "How many draft invoices have we got sitting there that haven't been sent yet, and which are they? I suspect one or two have been forgotten about.",
      expect: [count(drafts.length, "drafts"), names(numbers(drafts), numbers(w.invoices.filter((i) => i.status !== "draft")), 3)],
    };
  }),

  about("finance", "read", "was <a paid invoice, named by client and what was billed> paid, and for how much", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "paid" && onlyOfItsKind(w, i) && i.description !== null && invoicesOf(w, i.client).some((o) => o.status === "draft"),
      "paid invoice of a client that also has drafts",
    );
    return {
      say: `Did ${short(inv.client)} ever pay the ${inv.description!.replace(/^Consulting: /, "").toLowerCase()} invoice? And what was it for, amount-wise?`,
      expect: [says("paid"), money({ [inv.currency]: inv.amount }, "invoice amount")],
    };
  }),

  about("finance", "read", "invoices written off as uncollectible and their total", (w) => {
    const gone = w.invoices.filter((i) => i.status === "uncollectible");
    if (!gone.length) throw new Error("no uncollectible invoice");
    return {
      say: "For the year-end file, which invoices have we written off as bad debt, and what did that come to in total?",
      expect: [names(numbers(gone), numbers(w.invoices.filter((i) => i.status === "void")), gone.length), money(sums(gone), "written off")],
    };
  }),

  /* ===== finance: writes ===== */

  about("finance", "write", "mark paid in full <an overdue invoice>, from a pasted bank line", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "overdue" && i.amount_paid === 0 && i.account_id !== null && i.currency === "USD",
      "unpaid overdue USD invoice of an account",
    );
    return {
      say: `${statementDay(w)} FPS CREDIT ${inv.client.toUpperCase()} REF INV${tail(inv)} ${gb(inv.amount_due)}\n\nThat's from this morning's statement – could you mark it as paid please? cheers`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_paid: near(inv.amount), amount_due: near(0) }, inv.number)],
    };
  }),

  about("finance", "write", "record a £5,000 part payment on <a client's only overdue GBP invoice>", (w) => {
    const inv = soleUnpaid(
      w,
      (i) => i.currency === "GBP" && i.status === "overdue" && i.amount_paid === 0 && i.amount_due > 6000,
      "an overdue GBP invoice over £6,000",
    );
    return {
      say: `${short(inv.client)} have paid £5,000 towards #${inv.number.slice(-4)} and say the rest will follow next month. Could you record that part payment please?`,
      expect: [changed("invoice", inv.id, { amount_paid: near(inv.amount_paid + 5000), amount_due: near(inv.amount_due - 5000) }, inv.number)],
    };
  }),

  about("finance", "write", "record the remaining balance of <a partly paid invoice, named by client and what was billed>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => unpaid(i) && i.amount_paid > 0 && i.account_id !== null && onlyOfItsKind(w, i) && i.description !== null,
      "partly paid invoice of an account, alone of its kind",
    );
    return {
      say: `${short(inv.client)}'s finance team have emailed to say the remaining balance on the ${inv.description!.toLowerCase()} invoice went out yesterday, and I can see it's in the bank. Would you mind recording it so that one's closed off?`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_paid: near(inv.amount), amount_due: near(0) }, inv.number)],
    };
  }),

  about("finance", "write", "move the due date of <an open invoice, named by client and what was billed> to 15 January", (w) => {
    const inv = pick(
      w.invoices,
      (i) =>
        i.status === "open" &&
        i.account_id !== null &&
        onlyOfItsKind(w, i) &&
        invoicesOf(w, i.client).filter(unpaid).length >= 2 &&
        /pipeline review/i.test(i.description ?? ""),
      "open pipeline review invoice of a client with other unpaid invoices",
    );
    const when = nextDate(w, 1, 15);
    return {
      say: `${short(inv.client)}'s accounts team have asked for a bit more time on the pipeline review invoice, so could you please move its due date to ${dayMonth(when)}?`,
      expect: [changed("invoice", inv.id, { due_date: when }, inv.number)],
    };
  }),

  about("finance", "write", "correct the amount of <one of two same-description drafts>, named by its wrong amount", (w) => {
    const inv = pick(
      w.invoices,
      (i) =>
        i.status === "draft" &&
        invoicesOf(w, i.client).filter((o) => o.status === "draft" && o.description === i.description).length === 2 &&
        invoicesOf(w, i.client).filter((o) => o.status === "draft" && o.description === i.description && o.amount < i.amount).length === 0,
      "the smaller of two drafts of a client with the same description",
    );
    let right = Math.round(inv.amount / 500) * 500;
    if (Math.abs(right - inv.amount) < 1) right += 250;
    return {
      say: `I made a typo on one of the ${short(inv.client)} ${inv.description!.toLowerCase()} drafts – the ${cash(inv, inv.amount)} one. It should be ${cash(inv, right)}. Could you correct the amount please?`,
      expect: [changed("invoice", inv.id, { amount: near(right) }, inv.number)],
    };
  }),

  about("finance", "write", "raise a GBP invoice to <an account> for next month's support retainer, due in 30 days", (w) => {
    const acc = pick(w.accounts, (a) => a.country === "GB", "UK account");
    const next = MONTHS[Number(month(w, 1)[0].slice(5, 7)) - 1]!;
    const due = addDays(today(w), 30);
    return {
      say: `I need to get an invoice out to ${short(acc.name)} today please: £3,250 for the ${next} support retainer, due in 30 days.`,
      expect: [
        created("invoice", {
          client: is.text(acc.name),
          amount: near(3250),
          currency: "GBP",
          due_date: is.oneOf(due, addDays(due, 1), addDays(due, -1)),
          description: is.containing("retainer"),
        }),
      ],
    };
  }),

  about("finance", "write", "raise a EUR invoice to <an account> for this month's API overage, due at the end of next month", (w) => {
    const acc = pick(w.accounts, (a) => a.domain?.endsWith(".fr") ?? false, "French account");
    const thisMonth = MONTHS[Number(today(w).slice(5, 7)) - 1]!;
    const due = month(w, 1)[1];
    return {
      say: `${acc.name} need invoicing for their ${thisMonth} API overage: €1,800, due ${dayMonth(due)} please.`,
      expect: [created("invoice", { client: is.text(acc.name), amount: near(1800), currency: "EUR", due_date: due, description: is.containing("overage") })],
    };
  }),

  about("finance", "write", "send <a client's only draft>, named by what was billed", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && i.account_id !== null && i.due_date > today(w) && invoicesOf(w, i.client).filter((o) => o.status === "draft").length === 1,
      "the only draft of an account's client",
    );
    const what = inv.description!.replace(/^Consulting: /, "").toLowerCase();
    return {
      say: `The owner has signed off the ${short(inv.client)} ${what} invoice, so could you send it out to them now please?`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),

  about("finance", "write", "void <the only invoice of a client> (waits for approval)", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "open" && invoicesOf(w, i.client).length === 1 && /subscription/i.test(i.description ?? ""),
      "open subscription invoice of a one-invoice client",
    );
    return {
      say: `${short(inv.client)} have disputed the whole ${inv.description!.toLowerCase()} invoice and the owner has agreed to cancel it rather than argue about it, so it needs voiding please.`,
      expect: [awaitsApproval("void", /void/i, inv.id, inv.number)],
    };
  }),

  about("finance", "write", "write off <the longest-overdue invoice>, named by client, what was billed and its due month (waits for approval)", (w) => {
    const inv = [...w.invoices].filter((i) => i.status === "overdue").sort((a, b) => b.days_overdue - a.days_overdue)[0];
    if (!inv || invoicesOf(w, inv.client).filter((o) => unpaid(o) && o.description === inv.description).length !== 1)
      throw new Error("no longest-overdue invoice alone of its kind among its client's unpaid ones");
    const due = MONTHS[Number(inv.due_date.slice(5, 7)) - 1];
    return {
      say: `We've given up on ${short(inv.client)}'s ${inv.description!.toLowerCase()} invoice from ${due} – it's been chased to death and they've stopped answering. Please write it off as uncollectible.`,
      expect: [awaitsApproval("write off", /uncollectible|write.?off|bad.?debt/i, inv.id, inv.number)],
    };
  }),

  about("finance", "write", "change the description of <a client's only unpaid invoice> to add the quarter", (w) => {
    const inv = soleUnpaid(
      w,
      (i) => i.status === "open" && invoicesOf(w, i.client).some((o) => o.status === "paid") && /overage/i.test(i.description ?? ""),
      "an open overage invoice",
    );
    return {
      say: `${short(inv.client)}'s AP team have bounced the open invoice because it doesn't show the quarter. I'd be grateful if you could change its description to 'API usage overage – Q4'.`,
      expect: [
        changed(
          "invoice",
          inv.id,
          {
            description: is.where(
              `containing "API usage overage" and "Q4"`,
              (v: string) => typeof v === "string" && /api usage overage/i.test(v) && /\bQ4\b/.test(v),
            ),
          },
          inv.number,
        ),
      ],
    };
  }),

  about("finance", "write", "push back by two weeks the due date of <a client's only unpaid invoice>", (w) => {
    const inv = soleUnpaid(w, (i) => i.status === "open" && i.account_id !== null, "an open invoice of an account");
    return {
      say: `${short(inv.client)}'s finance director is off sick and they've asked for another fortnight on their outstanding invoice. Would you mind pushing the due date back by two weeks?`,
      expect: [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 14) }, inv.number)],
    };
  }),

  about("finance", "write", "raise a $12k invoice to <a client without an account> for phase 2, due at the end of January", (w) => {
    const client = pick(
      clients(w),
      (c) =>
        invoicesOf(w, c).every((i) => i.account_id === null) &&
        invoicesOf(w, c).some((i) => /integration/i.test(i.description ?? "")) &&
        invoicesOf(w, c).length === 1,
      "one-invoice client with an integration build and no account",
    );
    const due = nextDate(w, 1, 31);
    return {
      say: `Please could you raise a $12k invoice for ${client} for the custom integration build, phase 2, due at the end of January?`,
      expect: [created("invoice", { client: is.text(client), amount: near(12000), currency: "USD", due_date: due, description: is.containing("phase 2") })],
    };
  }),

  about("finance", "write", "settle two overdue invoices of <a client> from a pasted remittance advice", (w) => {
    let pair: Invoice[] | undefined;
    for (const c of clients(w)) {
      const late = invoicesOf(w, c).filter((i) => i.status === "overdue" && i.currency === "USD");
      if (late.length === 2 && invoicesOf(w, c).some((i) => i.status === "open")) {
        pair = late;
        break;
      }
    }
    if (!pair) throw new Error("no client with exactly two overdue USD invoices and an open one");
    const [a, b] = pair.sort((x, y) => x.number.localeCompare(y.number)) as [Invoice, Invoice];
    const total = Math.round((a.amount_due + b.amount_due) * 100) / 100;
    return {
      say: `Remittance advice just in from ${short(a.client)}:\n\n"Please be advised that a payment of USD ${gb(total)} has been made to your account today in settlement of ${a.number} and ${b.number}."\n\nCould you get that recorded please?`,
      expect: [
        changed("invoice", a.id, { status: "paid", amount_paid: near(a.amount), amount_due: near(0) }, a.number),
        changed("invoice", b.id, { status: "paid", amount_paid: near(b.amount), amount_due: near(0) }, b.number),
      ],
    };
  }),

  about("finance", "write", "move the due date of <a client's EUR draft> to 5 January and send it", (w) => {
    const inv = pick(
      w.invoices,
      (i) =>
        i.status === "draft" &&
        i.currency === "EUR" &&
        invoicesOf(w, i.client).filter((o) => o.status === "draft").length >= 2 &&
        invoicesOf(w, i.client).filter((o) => o.status === "draft" && o.currency === "EUR").length === 1,
      "the only EUR draft of a client with several drafts",
    );
    const when = nextDate(w, 1, 5);
    return {
      say: `The client rang to say their PO has been reissued, so ${short(inv.client)}'s euro draft needs its due date moving to ${dayMonth(when)}. Could you change that and then send it out please?`,
      expect: [changed("invoice", inv.id, { due_date: when, status: "open" }, inv.number)],
    };
  }),

  /* ===== finance: questions ===== */

  about("finance", "question", "a pasted bank line whose reference is another client's invoice and whose amount fits none", (w) => {
    const payer = pick(
      clients(w),
      (c) => invoicesOf(w, c).filter(unpaid).length >= 2 && invoicesOf(w, c).some((i) => i.account_id !== null),
      "client with unpaid invoices",
    );
    const ref = pick(w.invoices, (i) => unpaid(i) && i.client !== payer && i.amount_due > 4200, "another client's unpaid invoice");
    if (w.invoices.some((i) => unpaid(i) && Math.abs(i.amount_due - 4200) < 0.01)) throw new Error("an invoice of 4,200 exists");
    return {
      say: `Could you put this one against the right invoice please?\n\n${statementDay(w)} FPS CREDIT ${payer.toUpperCase()} REF ${ref.number} 4,200.00`,
      expect: [asksBack(), noChange()],
    };
  }),

  about("finance", "question", "mark paid 'the' invoice of <a client with three unpaid invoices>", (w) => {
    const client = pick(
      clients(w),
      (c) =>
        invoicesOf(w, c).filter(unpaid).length === 3 &&
        new Set(
          invoicesOf(w, c)
            .filter(unpaid)
            .map((i) => i.currency),
        ).size >= 2,
      "client with three unpaid invoices in two currencies",
    );
    return {
      say: `${short(client)} have paid, apparently, so please mark their invoice as paid.`,
      expect: [asksBack(), noChange()],
    };
  }),

  about("finance", "question", "record a payment against an invoice number that does not exist", (w) => {
    const highest = Math.max(...w.invoices.map((i) => Number(i.number.replace(/\D/g, ""))));
    const missing = `INV-${String(highest + 31).padStart(6, "0")}`;
    return {
      say: `Can you record £2,000 against ${missing} please? It's on today's Lloyds statement.`,
      expect: [noChange()],
    };
  }),

  about("finance", "question", "raise an invoice to <an account> with no amount", (w) => {
    const acc = pick(
      w.accounts,
      (a) => invoicesOf(w, a.name).length > 0 && !invoicesOf(w, a.name).some((i) => i.status === "draft"),
      "account with invoices and no drafts",
    );
    return {
      say: `Could you raise an invoice for ${short(acc.name)} for the January retainer please? Due at the end of the month as usual.`,
      expect: [asksBack(), noChange()],
    };
  }),

  about("finance", "question", "record a payment larger than <a client's only unpaid invoice>", (w) => {
    const inv = soleUnpaid(w, (i) => i.currency === "GBP" && i.status === "overdue" && i.amount_paid === 0, "an overdue GBP invoice", [soleUnpaidClient(w)]);
    const paid = Math.ceil(inv.amount_due / 1000) * 1000 + 1000;
    return {
      say: `${short(inv.client)} have sent £${paid.toLocaleString("en-GB")} for their invoice. Please record it against them, cheers.`,
      expect: [asksBack(), noChange()],
    };
  }),

  /* ===== growth ===== */

  about("growth", "read", "the finance contact at <an account with an overdue invoice>", (w) => {
    for (const inv of w.invoices.filter((i) => i.status === "overdue" && i.account_id !== null)) {
      const fin = w.contacts.filter((c) => c.account_id === inv.account_id && /financ|controller|cfo|accounts/i.test(c.title ?? ""));
      if (fin.length === 1) {
        const person = fin[0]!;
        return {
          say: `Who's the finance person at ${short(inv.client)}? I need to chase inv ${tail(inv)} and I'd like the right name and email this time.`,
          expect: [names([fullName(person)]), says(person.email)],
        };
      }
    }
    throw new Error("no account with an overdue invoice and one finance contact");
  }),

  about("growth", "read", "names and emails of everyone at <an account with four contacts>", (w) => {
    const acc = pick(
      w.accounts,
      (a) => w.contacts.filter((c) => c.account_id === a.id).length === 4 && w.invoices.some((i) => i.account_id === a.id && i.status === "overdue"),
      "account with four contacts and an overdue invoice",
    );
    const people = w.contacts.filter((c) => c.account_id === acc.id);
    return {
      say: `May I have the names and email addresses of everyone we've got at ${acc.name}, please? I want to know who to copy in on the chaser.`,
      expect: [
        names(
          people.map((c) => c.email),
          [],
          people.length,
        ),
      ],
    };
  }),

  about("growth", "read", "surname and email of <a contact named by first name and account>", (w) => {
    const person = pick(
      w.contacts,
      (c) => /procurement/i.test(c.title ?? "") && w.contacts.filter((o) => o.account_id === c.account_id && o.first_name === c.first_name).length === 1,
      "procurement contact",
    );
    const acc = pick(w.accounts, (a) => a.id === person.account_id, "the contact's account");
    return {
      say: `Who's ${person.first_name} at ${short(acc.name)} – could I have the surname and email address? That's who signs off our invoices, I think.`,
      expect: [names([fullName(person)]), says(person.email)],
    };
  }),

  about("growth", "read", "the email domain of <an account outside .com>", (w) => {
    const acc = pick(w.accounts, (a) => (a.domain?.endsWith(".de") ?? false) && a.name.includes(" "), "German account");
    return {
      say: `What email domain do ${acc.name} use? I'm setting up their billing contact and want to make sure it isn't .com.`,
      expect: [says(acc.domain!)],
    };
  }),

  about("growth", "question", "update the phone of <a contact whose name two accounts share>", (w) => {
    const twin = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length === 2, "a contact name two accounts share");
    return {
      say: `${fullName(twin)} rang this morning to say the direct line is now 020 7946 0321. Could you update the contact record please?`,
      expect: [asksBack(), noChange()],
    };
  }),

  /* ===== intelligence: figures ===== */

  ask(
    "intelligence",
    "figure",
    "I'm doing the month-end pack for the owner. Could you please give me total receivables as things stand, broken down by currency?",
    (w) => [money(Object.fromEntries(snap(w).finance.currencies.map((c) => [c.currency, c.outstanding])), "receivables")],
  ),

  ask("intelligence", "figure", "Would you mind telling me how much is overdue at the moment, and across how many invoices? Per currency is fine.", (w) => [
    money(Object.fromEntries(snap(w).finance.currencies.map((c) => [c.currency, c.overdue])), "overdue"),
    overdueCount(w),
  ]),

  about("intelligence", "figure", "DSO in USD", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
    return {
      say: "What's our DSO looking like on the dollar side? The owner thinks it's crept up this quarter.",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),

  about("intelligence", "figure", "GBP overdue by more than 30 days", (w) => {
    const gbp = pick(snap(w).finance.currencies, (c) => c.currency === "GBP", "GBP figures");
    const over30 = Math.round(((gbp.aging["31_60"] ?? 0) + (gbp.aging["61_90"] ?? 0) + (gbp.aging["90_plus"] ?? 0)) * 100) / 100;
    return {
      say: "How much sterling is more than 30 days past due? I want to get the worst of it chased before the Christmas shutdown.",
      expect: [money({ GBP: over30 }, "GBP more than 30 days overdue")],
    };
  }),

  ask(
    "intelligence",
    "figure",
    "The owner wants a rough idea of cash expected from the sales pipeline – the weighted figure, not the headline one. Could you let me know please?",
    (w) => [money(Object.fromEntries(snap(w).growth.pipeline.totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline")],
  ),

  ask("intelligence", "figure", "Last one for the owner's report, then I'm done: what's our win rate been over the last 90 days?", (w) => [
    figure(snap(w).growth.last_90_days.win_rate, "win rate", "percent"),
  ]),
];

/** Sums of invoice amounts per currency. */
function sums(list: Invoice[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of list) out[i.currency] = Math.round(((out[i.currency] ?? 0) + i.amount) * 100) / 100;
  return out;
}

/** The client the part-payment case uses, so the overpayment case talks about another one. */
function soleUnpaidClient(w: World): string {
  return soleUnpaid(
    w,
    (i) => i.currency === "GBP" && i.status === "overdue" && i.amount_paid === 0 && i.amount_due > 6000,
    "an overdue GBP invoice over £6,000",
  ).client;
}
