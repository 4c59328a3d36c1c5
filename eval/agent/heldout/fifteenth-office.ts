/*
 * Persona: Dana, the office manager of a 15-person design agency.
 *
 * Who: does the billing, chases late payers, logs what lands in the bank and keeps
 * the CRM tidy in between ordering toner and booking the all-hands. Not a finance
 * person by training, not a salesperson either: she knows the clients by name, the
 * people there by first name, and the invoices by who and when and roughly how much
 * ("the wayne one for 18k", "blue sun's dec inv"), almost never by number.
 *
 * How she writes: fast, in a chat window on her laptop, between other jobs. Mostly
 * lowercase, little punctuation, typos she doesn't fix, shorthand everywhere (inv,
 * acct, amt, pls, thx, asap, w/, b4, eom, tmrw, rn). Gives a bit of context first
 * ("acme called", "boss wants it for the eom meeting"), sometimes starts one thing
 * and switches to another mid-sentence: the last clearly asked thing is the request.
 * Pastes lines from bank statements and client emails as they are.
 *
 * Mix: about half finance (who owes what, payments in, drafts out, write-offs), the
 * rest growth (contacts, accounts, deals), a little talent (she helps with the
 * design hire) and a few key figures for the monthly meeting.
 */
import { about, approval, asksBack, changed, count, created, date, enrolled, figure, money, names, noChange, says, type Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  clientNames,
  clientWithUnpaid,
  contactsOf,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  numbers,
  ofClient,
  overdue,
  pick,
  soleOpenDeal,
  stageNamed,
  stageOf,
  stages,
  sums,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Deal, Invoice, World } from "../world.ts";

/* ---------- how Dana names things ---------- */

const MONTHS = ["jan", "feb", "march", "april", "may", "june", "july", "aug", "sept", "oct", "nov", "dec"];
const monthOf = (isoDate: string) => Number(isoDate.slice(5, 7));
/** "sept", "dec": the month of a date as she shortens it. */
const monthWord = (isoDate: string) => MONTHS[monthOf(isoDate) - 1]!;
/** The client as she types it: first word, lowercase ("stark", "blue sun" stays two words when the first is short). */
const short = (client: string) => {
  const words = client.toLowerCase().split(" ");
  return words[0]!.length <= 4 && words[1] ? `${words[0]} ${words[1]}` : words[0]!;
};
/** 18152.94 -> "18k"; 20714.99 -> "20.7k" when asked for one decimal. */
const kilo = (amount: number, decimals = 0) => `${(amount / 1000).toFixed(decimals).replace(/\.0+$/, "")}k`;
/** 3903.46 -> "3,903.46" as a bank statement prints it. */
const printed = (amount: number) => amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const partlyPaid = (i: Invoice) => unpaid(i) && i.amount_paid > 0;
const invoicesOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client);
const accountName = (w: World, d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal's account").name;
const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

export const CASES: Case[] = [
  /* ================= finance: reads ================= */
  about("finance", "read", "<client> called, starts asking for a resend, then just wants what they owe", (w) => {
    const acme = ofClient(w, "Acme").filter(unpaid);
    pick(acme, () => true, "unpaid Acme invoice");
    return {
      say: "ok so acme called, can u resend the... actually nvm just tell me what they owe us in total",
      expect: [money(dueSums(acme), "amount Acme owes")],
    };
  }),
  about("finance", "read", "which invoices are more than 60 days late", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    pick(late, () => true, "invoice over 60 days late");
    const others = w.invoices.filter((i) => !late.includes(i));
    return {
      say: "which invs are more than 60 days late? need to start making calls",
      expect: [names(numbers(late), numbers(others), late.length)],
    };
  }),
  about("finance", "read", "how many drafts are sitting there unsent", (w) => ({
    say: "how many draft invs do we have sitting there that never went out",
    expect: [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
  })),
  about("finance", "read", "when is <client>'s workshop invoice due", (w) => {
    const inv = pick(
      w.invoices,
      (i) =>
        i.status === "open" &&
        (i.description ?? "").toLowerCase().includes("workshop") &&
        invoicesOf(w, i.client).filter((o) => (o.description ?? "").toLowerCase().includes("workshop")).length === 1,
      "open workshop invoice, the client's only one",
    );
    return { say: `when is the ${short(inv.client)} workshop inv due again`, expect: [date(inv.due_date, "due date")] };
  }),
  about("finance", "read", "total overdue in GBP", (w) => {
    const gbp = w.invoices.filter((i) => overdue(i) && i.currency === "GBP");
    pick(gbp, () => true, "overdue GBP invoice");
    return { say: "whats the total overdue in gbp", expect: [money(dueSums(gbp), "overdue GBP total")] };
  }),
  about("finance", "read", "which overdue USD invoice has the most still owing", (w) => {
    const usd = w.invoices.filter((i) => overdue(i) && i.currency === "USD").sort((a, b) => b.amount_due - a.amount_due);
    const top = pick(usd, () => true, "overdue USD invoice");
    if (usd[1] && usd[1].amount_due === top.amount_due) throw new Error("two overdue USD invoices tie for the most owing");
    return {
      say: "of the overdue usd ones which has the most still owing on it",
      expect: [names([top.client], [], 1), money({ USD: top.amount_due }, "amount still owing")],
    };
  }),
  about("finance", "read", "everything <client with several unpaid> still has outstanding", (w) => {
    const stark = ofClient(w, "Stark");
    const open = stark.filter(unpaid);
    pick(open, () => true, "unpaid Stark invoice");
    return {
      say: "list everything stark still has outstanding w/ us pls",
      expect: [names(numbers(open), numbers(stark.filter((i) => !unpaid(i))), open.length)],
    };
  }),
  about("finance", "read", "how much is left on <a partly paid invoice> named by its rounded amount", (w) => {
    const inv = pick(
      [...w.invoices].sort((a, b) => a.number.localeCompare(b.number)),
      (i) => partlyPaid(i) && kilo(i.amount, 1).includes("."),
      "partly paid invoice",
    );
    const same = invoicesOf(w, inv.client).filter((i) => kilo(i.amount, 1) === kilo(inv.amount, 1));
    if (same.length > 1) throw new Error("the client has two invoices of the same rounded amount");
    return {
      say: `${short(inv.client)} paid part of the ${kilo(inv.amount, 1)} one right? hows much is left on it`,
      expect: [money({ [inv.currency]: inv.amount_due }, "amount left")],
    };
  }),
  about("finance", "read", "what comes due in the next two weeks", (w) => {
    const end = addDays(today(w), 14);
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
    pick(soon, () => true, "open invoice due in the next two weeks");
    const later = w.invoices.filter((i) => i.status === "open" && i.due_date > end);
    return {
      say: "whats coming due in the next 2 wks? want to send reminders b4 they go late",
      expect: [names(numbers(soon), numbers(later), soon.length)],
    };
  }),
  about("finance", "read", "status of <client>'s invoice that was due in <a past month>", (w) => {
    const inv = pick(
      w.invoices,
      (i) =>
        overdue(i) &&
        invoicesOf(w, i.client).length >= 3 &&
        invoicesOf(w, i.client).filter((o) => o.due_date.slice(0, 7) === i.due_date.slice(0, 7)).length === 1 &&
        i.due_date.slice(0, 7) < today(w).slice(0, 7),
      "overdue invoice, its client's only one due that month",
    );
    return {
      say: `the ${short(inv.client)} inv that was due in ${monthWord(inv.due_date)}... still not paid??`,
      expect: [
        says("overdue", "not paid", "unpaid", "hasn't been paid", "has not been paid", "outstanding"),
        money({ [inv.currency]: inv.amount_due }, "amount due"),
      ],
    };
  }),
  about("finance", "read", "pasted client email asking for their balance", (w) => {
    const account = accountNamed(w, "Northwind");
    const contact = pick(contactsOf(w, account.id), (c) => /financ/i.test(c.title ?? ""), "finance contact at Northwind");
    const open = invoicesOf(w, account.name).filter(unpaid);
    pick(open, () => true, "unpaid Northwind invoice");
    return {
      say: `got this from ${contact.first_name.toLowerCase()} at northwind: "Hi, could you confirm the outstanding balance on our account? Thanks, ${contact.first_name}" whats the number`,
      expect: [money(dueSums(open), "Northwind's outstanding balance")],
    };
  }),

  /* ================= finance: writes ================= */
  about("finance", "write", "bank statement line pays <an overdue invoice> in full, named by amount", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.amount_paid === 0 && invoicesOf(w, i.client).filter(unpaid).length >= 2,
      "unpaid overdue invoice of a client with several unpaid",
    );
    return {
      say: `this came in on the bank stmt today:\n"FPS CREDIT  ${inv.client.toUpperCase()}  PAYMENT  ${printed(inv.amount)}"\ncan u mark whichever inv that is as paid`,
      expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
    };
  }),
  about("finance", "write", "<client> sent 5k towards their partly paid workshop invoice", (w) => {
    const inv = pick(
      [...w.invoices].reverse(),
      (i) =>
        partlyPaid(i) &&
        i.amount_due > 5000 &&
        invoicesOf(w, i.client).filter((o) => o.description === i.description).length === 1 &&
        invoicesOf(w, i.client).filter(unpaid).length >= 2,
      "partly paid invoice (over 5k due) of a client with other unpaid invoices",
    );
    return {
      say: `${short(inv.client)} sent another 5k towards the ${(inv.description ?? "").toLowerCase()} inv, can u log it`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 5000) * 100) / 100 }, inv.number)],
    };
  }),
  about("finance", "write", "new invoice for Initech, brand refresh, 4,500 USD due end of December", (w) => {
    accountNamed(w, "Initech");
    return {
      say: "new inv for initech pls, 4,500 usd for the brand refresh, due end of dec",
      expect: [
        created("invoice", {
          client: "Initech",
          amount: 4500,
          currency: "USD",
          due_date: endOfNamedMonth(w, 12),
          description: { text: 'containing "brand refresh"', test: (v: unknown) => typeof v === "string" && /brand\s*refresh/i.test(v) },
        }),
      ],
    };
  }),
  about("finance", "write", "finalize <the only invoice of a client>, a draft", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "draft" && invoicesOf(w, i.client).length === 1, "draft, its client's only invoice");
    return {
      say: `${short(inv.client)} signed off on the quote so pls finalize their inv so it can go out`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> named by client and rounded amount (approval)", (w) => {
    const inv = pick(
      w.invoices,
      (i) =>
        i.status === "open" && invoicesOf(w, i.client).length >= 3 && invoicesOf(w, i.client).filter((o) => kilo(o.amount) === kilo(i.amount)).length === 1,
      "open invoice of a client with several, its rounded amount unique",
    );
    return {
      say: `${short(inv.client)} cancelled the project so void the ${kilo(inv.amount)} inv pls`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "write off <the only invoice of a client that went under> (approval)", (w) => {
    const inv = [...w.invoices].filter((i) => overdue(i) && invoicesOf(w, i.client).length === 1).sort((a, b) => b.days_overdue - a.days_overdue)[0];
    if (!inv) throw new Error("no overdue invoice that is its client's only one");
    return {
      say: `heard ${short(inv.client)} went bust. write off what they owe us, we're not getting it`,
      expect: [approval(/uncollectible|write/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "fix the amount on <a client>'s quarterly subscription draft", (w) => {
    const inv = pick(
      w.invoices,
      (i) =>
        i.status === "draft" &&
        /quarterly/i.test(i.description ?? "") &&
        invoicesOf(w, i.client).filter((o) => /quarterly/i.test(o.description ?? "")).length === 1,
      "quarterly subscription draft",
    );
    const right = Math.round((inv.amount * 0.9) / 100) * 100;
    return {
      say: `the ${short(inv.client)} quarterly sub draft is wrong, shld be ${right.toLocaleString("en-US")} not ${printed(inv.amount)}. can u fix b4 it goes out`,
      expect: [changed("invoice", inv.id, { amount: right }, inv.number)],
    };
  }),
  about("finance", "write", "push <a client>'s invoice due date to the 15th of the next month", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && invoicesOf(w, i.client).length === 1, "open invoice, its client's only one");
    const [y, m] = inv.due_date.split("-").map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-15` : `${y}-${String(m + 1).padStart(2, "0")}-15`;
    return {
      say: `${short(inv.client)} asked for more time on their ${monthWord(inv.due_date)} inv, can u push the due date to ${monthWord(next)} 15`,
      expect: [changed("invoice", inv.id, { due_date: next }, inv.number)],
    };
  }),

  /* ================= finance: ask back ================= */
  about("finance", "question", "mark <a client with several unpaid> paid, without saying which", (w) => {
    const client = pick(clientNames(w), (c) => invoicesOf(w, c).filter(unpaid).length >= 3, "client with 3+ unpaid invoices");
    return { say: `${short(client)} paid, mark their inv as paid thx`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "<a client> sent money, amount not given", (w) => {
    const client = clientWithUnpaid(w, 1);
    return { say: `${short(client)} sent some money over this morning, can u log it`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "invoice Cyberdyne for website work, amount missing", (w) => {
    pick(clientNames(w), (c) => c.startsWith("Cyberdyne"), "client Cyberdyne");
    return { say: "raise an inv for cyberdyne for the new website work, due in 30 days", expect: [noChange(), asksBack()] };
  }),

  /* ================= growth: reads ================= */
  about("growth", "read", "who are our contacts at <an account>", (w) => {
    const account = accountNamed(w, "Northwind");
    const people = contactsOf(w, account.id);
    pick(people, () => true, "contact at Northwind");
    return { say: "whos our contact at northwind again? need to email someone there", expect: [names(people.map(fullName), [], people.length)] };
  }),
  about("growth", "read", "what stage is <the account's only deal> in", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return { say: `what stage is the ${short(account)} deal at`, expect: [says(stageOf(w, deal).name)] };
  }),
  about("growth", "read", "email of <a contact> by first name and company", (w) => {
    const c = pick(
      uniqueContacts(w),
      (c) => c.account_id !== null && w.contacts.filter((o) => o.first_name === c.first_name).length === 1 && /controller|financ/i.test(c.title ?? ""),
      "contact in finance with a unique first name",
    );
    const account = pick(w.accounts, (a) => a.id === c.account_id, "contact's account");
    return { say: `whats ${c.first_name.toLowerCase()}'s email at ${short(account.name)}, want to send her the statement`, expect: [says(c.email)] };
  }),
  about("growth", "read", "which deals are in Proposal", (w) => {
    const proposal = stageNamed(w, "Proposal");
    const inIt = w.deals.filter((d) => d.stage_id === proposal.id);
    pick(inIt, () => true, "deal in Proposal");
    const others = w.deals.filter((d) => d.status === "open" && d.stage_id !== proposal.id);
    return {
      say: "which deals are sitting at proposal stage rn",
      expect: [
        names(
          inIt.map((d) => accountName(w, d)),
          others.map((d) => accountName(w, d)),
          inIt.length,
        ),
      ],
    };
  }),
  about("growth", "read", "total value of won deals", (w) => {
    const won = w.deals.filter((d) => d.status === "won");
    pick(won, () => true, "won deal");
    return {
      say: "how much have we won in deals all up",
      expect: [
        money(
          sums(won, (d: Deal) => d.amount ?? 0),
          "won deal value",
        ),
      ],
    };
  }),

  /* ================= growth: writes ================= */
  about("growth", "write", "add a new AP contact at <an account>", (w) => {
    const account = accountNamed(w, "Northwind");
    return {
      say: "add a contact pls: priya shah, priya.shah@northwind.co.uk, she's northwind's new accounts payable person",
      expect: [
        created("contact", {
          first_name: { text: '"Priya" (any case)', test: (v: unknown) => typeof v === "string" && v.trim().toLowerCase() === "priya" },
          last_name: { text: '"Shah" (any case)', test: (v: unknown) => typeof v === "string" && v.trim().toLowerCase() === "shah" },
          email: "priya.shah@northwind.co.uk",
          account_id: account.id,
        }),
      ],
    };
  }),
  about("growth", "write", "add a phone number to <a contact>", (w) => {
    const c = pick(
      [...uniqueContacts(w)].reverse(),
      (c) => c.phone === null && w.contacts.filter((o) => o.first_name === c.first_name).length === 1 && c.account_id !== null,
      "contact with a unique first name and no phone",
    );
    const account = pick(w.accounts, (a) => a.id === c.account_id, "contact's account");
    return {
      say: `${c.first_name.toLowerCase()} ${c.last_name.toLowerCase()} at ${short(account.name)} - direct line is +44 20 7946 0321, pls add it`,
      expect: [
        changed(
          "contact",
          c.id,
          { phone: { text: "the digits 442079460321", test: (v: unknown) => typeof v === "string" && v.replace(/\D/g, "").endsWith("2079460321") } },
          fullName(c),
        ),
      ],
    };
  }),
  about("growth", "write", "move <the account's only open deal> from Qualified to Proposal", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Qualified"]);
    return {
      say: `${short(account)} deal has moved to proposal, they asked for the deck + pricing`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)],
    };
  }),
  about("growth", "write", "<account> signed one of its two open deals: mark it won", (w) => {
    const deal = pick(
      w.deals,
      (d) =>
        d.status === "open" &&
        d.account_id !== null &&
        dealsOf(w, d.account_id).filter((o) => o.status === "open").length >= 2 &&
        stageOf(w, d).name === "Negotiation",
      "open deal in Negotiation of an account with two open deals",
    );
    const topic = deal.name.split(": ").slice(1).join(": ").toLowerCase();
    return {
      say: `${short(accountName(w, deal))} signed the ${topic}!! mark it won`,
      expect: [changed("deal", deal.id, { status: "won", stage_id: pick(stages(w), (s) => s.kind === "won", "won stage").id }, deal.name)],
    };
  }),
  about("growth", "write", "put <a contact> in the follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => /follow/i.test(s.name), "follow-up sequence");
    const c = pick(
      uniqueContacts(w),
      (c) =>
        c.account_id !== null &&
        c.lifecycle_stage === "lead" &&
        w.contacts.filter((o) => o.first_name === c.first_name).length === 1 &&
        !w.enrollments.some((e) => e.contact_id === c.id && e.sequence_id === seq.id),
      "unenrolled lead with a unique first name",
    );
    const account = pick(w.accounts, (a) => a.id === c.account_id, "contact's account");
    return {
      say: `can u put ${c.first_name.toLowerCase()} from ${short(account.name)} in the ${seq.name.toLowerCase()} emails`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),

  /* ================= growth: ask back ================= */
  about("growth", "question", "change <a first name two contacts share>'s title", (w) => {
    const c = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length >= 2, "contact whose name another shares");
    return { say: `update ${c.first_name.toLowerCase()}'s title to head of brand pls`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "move <an account with two open deals>'s deal, without saying which", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with two open deals");
    return { say: `move the ${short(account.name)} deal to negotiation`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "delete the old contact for <a name two contacts share>", (w) => {
    const c = [...w.contacts].reverse().find((c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length >= 2 && /financ/i.test(c.title ?? ""));
    if (!c) throw new Error("no finance contact whose name another shares");
    return { say: `${c.first_name.toLowerCase()} ${c.last_name.toLowerCase()} left, can u delete her contact`, expect: [noChange(), asksBack()] };
  }),

  /* ================= talent ================= */
  about("talent", "read", "who is still in the running for the designer job", (w) => {
    const job = jobNamed(w, "Designer");
    const all = candidatesOf(w, job.id);
    const active = all.filter((c) => c.stage !== "hired" && c.stage !== "rejected");
    pick(active, () => true, "active designer candidate");
    return {
      say: "where are we w/ the product designer role, whos still in the running",
      expect: [names(active.map(fullName), all.filter((c) => !active.includes(c)).map(fullName), active.length)],
    };
  }),
  about("talent", "write", "<the designer candidate with an offer> accepted: hired", (w) => {
    const job = jobNamed(w, "Designer");
    const c = pick(candidatesOf(w, job.id), (c) => c.stage === "offer", "designer candidate with an offer");
    return {
      say: `${c.first_name.toLowerCase()} accepted the offer!! can u mark her hired, need to sort her laptop`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <a backend candidate in screening>", (w) => {
    const job = jobNamed(w, "Backend");
    const c = pick(candidatesOf(w, job.id), (c) => c.stage === "screening", "backend candidate in screening");
    return {
      say: `tom said no to ${c.first_name.toLowerCase()} ${c.last_name.toLowerCase()} for the backend role, pls reject`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),

  /* ================= key figures ================= */
  about("intelligence", "figure", "DSO in USD", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
    return { say: "whats our dso on the usd side rn", expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")] };
  }),
  about("intelligence", "figure", "win rate for the end-of-month meeting", (w) => ({
    say: "boss wants our win rate for the eom meeting, whats it at",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),
  about("intelligence", "figure", "weighted pipeline value", (w) => {
    const totals = snapshot(w).growth.pipeline.totals;
    pick(totals, () => true, "pipeline total");
    return {
      say: "need the weighted pipeline number for the eom deck pls",
      expect: [money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline")],
    };
  }),
  about("intelligence", "figure", "how much USD is 61-90 days overdue", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
    const bucket = usd.aging["61_90"];
    if (!bucket) throw new Error("nothing USD in the 61-90 day bucket");
    return { say: "how much usd is in the 61-90 days overdue bucket", expect: [money({ USD: bucket }, "USD 61-90 days overdue")] };
  }),
];
