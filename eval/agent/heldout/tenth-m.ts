/*
 * Who is asking: a small team for whom English is a second language, typing fast in the chat.
 * - Finance: an accountant from India ("kindly", "do the needful", "revert back", "prepone",
 *   "currency wise", "actual" meaning current).
 * - Growth: a sales rep from Germany (German word order, "actual" for current, "since this
 *   morning", dropped articles, "Mr. Schmidt").
 * - Talent: a recruiter from Brazil ("vacancy", "she come from", "is very good profile",
 *   "please can you put...").
 * - Intelligence: any of the three asking for the key figures.
 * Their English is clear but not native. Every record and figure is chosen/computed from the
 * world at run time; only names, invoice numbers, amounts and currencies are taken as stable.
 */
import {
  approval,
  ask,
  changed,
  count,
  created,
  date,
  enrolled,
  figure,
  money,
  names,
  noChange,
  says,
  unenrolled,
  is,
  type ApiEvent,
  type Case,
  type Check,
  type Turn,
} from "../judge.ts";
import {
  accountNamed,
  candidatesOf,
  contactsOf,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  month,
  ofClient,
  overdue,
  pick,
  stageNamed,
  stageOf,
  sums,
  unpaid,
  addDays,
} from "../facts.ts";
import type { Deal, Invoice, Snapshot, World } from "../world.ts";

/* ---------- local helpers ---------- */

/** Either check passes; a change is allowed when either allows it (e.g. done at once, or waiting for approval). */
function either(a: Check, b: Check): Check {
  return {
    text: `${a.text} OR ${b.text}`,
    async judge(turn: Turn) {
      const first = await a.judge(turn);
      if (!first) return null;
      const second = await b.judge(turn);
      if (!second) return null;
      return `${first}; nor: ${second}`;
    },
    allows: (event: ApiEvent) => (a.allows?.(event) ?? false) || (b.allows?.(event) ?? false),
    expectsProposal: Boolean(a.expectsProposal || b.expectsProposal),
  };
}

/** The one invoice with this number. */
const invoice = (w: World, number: string): Invoice => pick(w.invoices, (i) => i.number === number, `invoice ${number}`);

/** An invoice number as the reply may write it: INV-000011 or INV-11. */
const shortNo = (n: string) => n.replace(/-0+(?=\d)/, "-");
const mentionsInvoice = (reply: string, n: string) =>
  [n, shortNo(n)].some((form) => new RegExp(`(?<![\\w-])${form.replace(/[-]/g, "\\-")}(?![\\w-])`, "i").test(reply));

/** The reply names all these invoices (full or short number) and none of the others. */
function invoiceNumbers(wanted: string[], others: string[]): Check {
  return {
    text: `the reply names ${wanted.join(", ")} and none of ${others.slice(0, 4).join(", ")}${others.length > 4 ? ", ..." : ""}`,
    judge: ({ reply }) => {
      const missing = wanted.filter((n) => !mentionsInvoice(reply, n));
      const wrong = others.filter((n) => mentionsInvoice(reply, n));
      if (wrong.length) return `the reply names ${wrong.slice(0, 3).join(", ")}, which the request excludes`;
      return missing.length ? `missing from the reply: ${missing.join(", ")}` : null;
    },
  };
}

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no intelligence snapshot");
  return w.snapshot;
};

const contactAt = (w: World, first: string, last: string, account: string) => {
  const acc = accountNamed(w, account);
  return pick(contactsOf(w, acc.id), (c) => c.first_name === first && c.last_name === last, `contact ${first} ${last} at ${account}`);
};
const candidateNamed = (w: World, first: string, last: string) =>
  pick(w.candidates, (c) => c.first_name === first && c.last_name === last, `candidate ${first} ${last}`);
const sequenceNamed = (w: World, name: string) => pick(w.sequences, (s) => s.name.toLowerCase() === name.toLowerCase(), `sequence ${name}`);
const digits = (s: string) => s.replace(/\D/g, "");

/* ---------- finance: the accountant from India ---------- */

const finance = [
  ask(
    "finance",
    "read",
    "Good morning. Out of the invoices we have sent to clients, how much are not paid still? Please give me the count and pending total currency wise.",
    (w) => {
      const open = w.invoices.filter(unpaid);
      return [count(open.length, "unpaid invoices"), money(dueSums(open), "amount still due")];
    },
  ),
  ask("finance", "read", "until when Blue Sun must pay? their invoice i mean", (w) => {
    const inv = pick(ofClient(w, "Blue Sun").filter(unpaid), () => true, "unpaid Blue Sun invoice");
    return [date(inv.due_date, "due date of the Blue Sun invoice")];
  }),
  ask("finance", "write", "make for Acme one new invoice of 2000 euro, it is for the onboarding workshop. due date keep end of next month pls", (w) => [
    created("invoice", {
      client: is.containing("Acme"),
      amount: 2000,
      currency: "EUR",
      due_date: month(w, 1)[1],
    }),
  ]),
  ask("finance", "write", "Oscorp has paid INV-10 full amount, credit came in bank today. Kindly mark it as paid.", (w) => {
    const inv = invoice(w, "INV-000010");
    if (!unpaid(inv)) throw new Error("INV-000010 is not unpaid");
    return [either(changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number), approval(/pay/i, inv.id, inv.number))];
  }),
  ask("finance", "write", "Wonka transferred 5k pounds today against their pending bill, balance they will pay next month. please record the payment", (w) => {
    const inv = pick(
      ofClient(w, "Wonka").filter((i) => unpaid(i) && i.currency === "GBP"),
      () => true,
      "unpaid Wonka invoice in GBP",
    );
    if (ofClient(w, "Wonka").filter(unpaid).length !== 1) throw new Error("Wonka has not exactly one unpaid invoice");
    const paid = Math.round((inv.amount_paid + 5000) * 100) / 100;
    return [either(changed("invoice", inv.id, { amount_paid: paid }, inv.number), approval(/pay/i, inv.id, inv.number))];
  }),
  ask("finance", "write", "Umbrella requested to prepone the due date of INV-22 by one week. please do the needful", (w) => {
    const inv = invoice(w, "INV-000022");
    return [changed("invoice", inv.id, { due_date: addDays(inv.due_date, -7) }, inv.number)];
  }),
  ask(
    "finance",
    "write",
    "the Globex invoice in GBP is pending since more than 2 months, they are not responding at all. boss said write it off as bad debt",
    (w) => {
      const gbp = ofClient(w, "Globex").filter((i) => unpaid(i) && i.currency === "GBP");
      if (gbp.length !== 1) throw new Error("Globex has not exactly one unpaid GBP invoice");
      const inv = gbp[0]!;
      return [either(changed("invoice", inv.id, { status: "uncollectible" }, inv.number), approval(/uncollect|write.?off|bad.?debt/i, inv.id, inv.number))];
    },
  ),
  ask("finance", "read", "which pound invoices are overdue actual? only number and client name is sufficient", (w) => {
    const od = w.invoices.filter(overdue);
    const gbp = od.filter((i) => i.currency === "GBP");
    return [
      invoiceNumbers(
        gbp.map((i) => i.number),
        od.filter((i) => i.currency !== "GBP").map((i) => i.number),
      ),
    ];
  }),
  ask("finance", "read", "in dollars, which is the single biggest amount pending from any client? client name and amount pls", (w) => {
    const usd = w.invoices.filter((i) => unpaid(i) && i.currency === "USD").sort((a, b) => b.amount_due - a.amount_due);
    const top = pick(usd, () => true, "unpaid USD invoice");
    if (usd[1] && usd[1].amount_due === top.amount_due) throw new Error("tie for the largest USD amount due");
    return [names([top.client]), money({ USD: top.amount_due }, "largest amount due")];
  }),
  ask("finance", "read", "how much Stark Logistcs owes us actual? currency wise pls", (w) => [
    money(dueSums(ofClient(w, "Stark Logistics").filter(unpaid)), "Stark Logistics' amount due"),
  ]),
  ask("finance", "read", "Initech still has not paid. until when they had to pay, and how many days late they are now?", (w) => {
    const late = ofClient(w, "Initech").filter(overdue);
    if (late.length !== 1) throw new Error("Initech has not exactly one overdue invoice");
    const inv = late[0]!;
    return [date(inv.due_date, "due date of Initech's overdue invoice"), count(inv.days_overdue, "days overdue")];
  }),
  ask("finance", "question", "Hooli called, the project is cancelled from their side. please void their invoice and revert back", (w) => {
    if (ofClient(w, "Hooli").filter(unpaid).length < 2) throw new Error("Hooli needs several unpaid invoices for this to be ambiguous");
    return [noChange()];
  }),
];

/* ---------- growth: the sales rep from Germany ---------- */

const growth = [
  ask("growth", "write", "the deal with Hooli, it is won! contract is signed since this morning, please close it as won", (w) => {
    const deals = dealsOf(w, accountNamed(w, "Hooli").id);
    if (deals.length !== 1 || deals[0]!.status !== "open") throw new Error("Hooli has not exactly one deal, open");
    const won = pick(
      w.pipelines.flatMap((p) => p.stages),
      (s) => s.kind === "won",
      "won stage",
    );
    return [changed("deal", deals[0]!.id, { stage_id: won.id, status: "won" }, deals[0]!.name)];
  }),
  ask("growth", "write", "Tyrell platform rollout: yesterday we had good meeting with Liam and sent them our offer. Put it please in Proposal", (w) => {
    const deal = pick(
      dealsOf(w, accountNamed(w, "Tyrell").id),
      (d) => d.name.toLowerCase().includes("platform rollout") && d.status === "open",
      "open Tyrell platform rollout deal",
    );
    return [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)];
  }),
  ask("growth", "write", "kindly update the contact number of Mr. Schmidt from Globex, new one is +49 151 23456789", (w) => {
    const c = contactAt(w, "Noah", "Schmidt", "Globex");
    return [
      changed(
        "contact",
        c.id,
        { phone: is.where("+49 151 23456789 (any spacing)", (v: unknown) => typeof v === "string" && digits(v) === "4915123456789") },
        fullName(c),
      ),
    ];
  }),
  ask("growth", "write", "new contact for Northwind please: Priya Nair, she is Head of Finance there, mail is priya.nair@northwind.co.uk", (w) => [
    created("contact", {
      email: "priya.nair@northwind.co.uk",
      first_name: is.text("Priya"),
      last_name: is.text("Nair"),
      account_id: accountNamed(w, "Northwind").id,
      title: is.containing("finance"),
    }),
  ]),
  ask("growth", "write", "put Mr. Novak from Stark in the new lead folow-up sequence, he is interessted", (w) => {
    const c = contactAt(w, "James", "Novak", "Stark");
    const seq = sequenceNamed(w, "New lead follow-up");
    if (w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === c.id && e.status === "active")) throw new Error("Novak already enrolled");
    return [enrolled(seq.id, c.id, fullName(c))];
  }),
  ask("growth", "write", "Ava from Northwind answered me already by telephone, so take her out from the follow up mails please", (w) => {
    const c = contactAt(w, "Ava", "Chen", "Northwind");
    const e = pick(w.enrollments, (x) => x.contact_id === c.id && x.status === "active", "active enrollment of Ava Chen at Northwind");
    return [unenrolled(e.sequence_id, c.id, fullName(c))];
  }),
  ask("growth", "read", "which deals are in negotiation actual, and how much is it together?", (w) => {
    const inNeg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    const accs = new Set(inNeg.map((d) => d.account_id));
    return [
      names(
        w.accounts.filter((a) => accs.has(a.id)).map((a) => a.name),
        w.accounts.filter((a) => !accs.has(a.id)).map((a) => a.name),
        99,
      ),
      money(
        sums(inNeg, (d: Deal) => d.amount ?? 0),
        "open value in negotiation",
      ),
    ];
  }),
  ask("growth", "read", "who are the decision makers at Stark? I need the names for my call tomorrow", (w) => {
    const people = contactsOf(w, accountNamed(w, "Stark").id);
    const dm = people.filter((c) => c.tags.includes("decision-maker"));
    return [names(dm.map(fullName), people.filter((c) => !dm.includes(c)).map(fullName), 99)];
  }),
  ask("growth", "read", "which open deals should close still this year? I want to know which customers I must push", (w) => {
    const end = endOfNamedMonth(w, 12);
    const soon = w.deals.filter((d) => d.status === "open" && d.expected_close_date !== null && d.expected_close_date <= end);
    const accs = new Set(soon.map((d) => d.account_id));
    return [
      names(
        w.accounts.filter((a) => accs.has(a.id)).map((a) => a.name),
        w.accounts.filter((a) => !accs.has(a.id)).map((a) => a.name),
        99,
      ),
    ];
  }),
  ask("growth", "read", "At Globex who is already customer by us?", (w) => {
    const people = contactsOf(w, accountNamed(w, "Globex").id);
    const customers = people.filter((c) => c.lifecycle_stage === "customer");
    return [names(customers.map(fullName), people.filter((c) => c.lifecycle_stage !== "customer").map(fullName), 99)];
  }),
  ask("growth", "read", "Northwind deal: how big it is and when they want to close?", (w) => {
    const deals = dealsOf(w, accountNamed(w, "Northwind").id);
    if (deals.length !== 1) throw new Error("Northwind has not exactly one deal");
    const d = deals[0]!;
    if (d.amount === null || d.expected_close_date === null) throw new Error("Northwind deal lacks amount or date");
    return [money({ [d.currency]: d.amount }, "deal amount"), date(d.expected_close_date, "expected close date")];
  }),
  ask("growth", "question", "the deal with Umbrella, it is won. Please update it", (w) => {
    const open = dealsOf(w, accountNamed(w, "Umbrella").id).filter((d) => d.status === "open");
    if (open.length < 2) throw new Error("Umbrella needs several open deals for this to be ambiguous");
    return [noChange()];
  }),
];

/* ---------- talent: the recruiter from Brazil ---------- */

const talent = [
  ask("talent", "write", "please can you put the candidate Radia in interview stage, the screening call was very good", (w) => {
    const c = candidateNamed(w, "Radia", "Perlman");
    if (c.stage !== "screening") throw new Error("Radia is not in screening");
    return [changed("candidate", c.id, { stage: "interview" }, fullName(c))];
  }),
  ask("talent", "write", "Frances accepted our offer!! 🎉 mark her as hired please", (w) => {
    const c = candidateNamed(w, "Frances", "Allen");
    if (c.stage !== "offer") throw new Error("Frances is not in offer");
    return [changed("candidate", c.id, { stage: "hired" }, fullName(c))];
  }),
  ask("talent", "write", "Alan Turing from the backend vacancy, we will not go ahead with him. reject please", (w) => {
    const c = candidateNamed(w, "Alan", "Turing");
    return [changed("candidate", c.id, { stage: "rejected" }, fullName(c))];
  }),
  ask("talent", "write", "give 4 stars for Grace Hopper, I read her CV, is very good profile", (w) => {
    const c = candidateNamed(w, "Grace", "Hopper");
    return [changed("candidate", c.id, { rating: 4 }, fullName(c))];
  }),
  ask("talent", "write", "new candidate for the vacancy of Account Executive: Joana Ferreira, joana.ferreira@gmail.com, she come from LinkedIn", (w) => [
    created("candidate", {
      job_id: jobNamed(w, "Account Executive").id,
      first_name: is.text("Joana"),
      last_name: is.text("Ferreira"),
      email: "joana.ferreira@gmail.com",
      source: is.containing("linkedin"),
    }),
  ]),
  ask("talent", "write", "the Product Designer vacancy is filled already, John start on monday. please close the vacancy", (w) => {
    const job = jobNamed(w, "Product Designer");
    if (job.status !== "open") throw new Error("Product Designer job is not open");
    return [changed("job", job.id, { status: "closed" }, job.title)];
  }),
  ask("talent", "read", "Ken Thompson from AE, in which stage he is actual and how much rating he has?", (w) => {
    const c = candidateNamed(w, "Ken", "Thompson");
    if (c.rating === null) throw new Error("Ken has no rating");
    return [says(c.stage), count(c.rating, "rating")];
  }),
  ask("talent", "read", "who is in offer stage now?", (w) => {
    const offer = w.candidates.filter((c) => c.stage === "offer");
    return [names(offer.map(fullName), w.candidates.filter((c) => c.stage !== "offer").map(fullName), 99)];
  }),
  ask("talent", "read", "how many candidats we have for the backend vacancy?", (w) => [
    count(candidatesOf(w, jobNamed(w, "Backend").id).length, "candidates for Senior Backend Engineer"),
  ]),
  ask("talent", "read", "which candidates came by referral and are still in process? not the rejected or hired ones", (w) => {
    const active = (s: string) => s !== "rejected" && s !== "hired";
    const fits = w.candidates.filter((c) => (c.source ?? "").toLowerCase() === "referral" && active(c.stage));
    return [names(fits.map(fullName), w.candidates.filter((c) => !fits.includes(c)).map(fullName), 99)];
  }),
  ask("talent", "read", "who has 5 stars and is still in the game?", (w) => {
    const active = (s: string) => s !== "rejected" && s !== "hired";
    const fits = w.candidates.filter((c) => c.rating === 5 && active(c.stage));
    return [names(fits.map(fullName), w.candidates.filter((c) => !fits.includes(c)).map(fullName), 99)];
  }),
  ask("talent", "question", "can you move Sofia to the next stage please?", (w) => {
    if (w.candidates.some((c) => c.first_name === "Sofia")) throw new Error("a candidate named Sofia exists");
    return [noChange()];
  }),
];

/* ---------- intelligence: anyone of the team ---------- */

const intelligence = [
  ask("intelligence", "figure", "what is our win rate for last 90 days?", (w) => [figure(snap(w).growth.last_90_days.win_rate, "win rate", "percent")]),
  ask("intelligence", "figure", "how much money is overdue in total? per currency please", (w) => {
    const out: Record<string, number> = {};
    for (const c of snap(w).finance.currencies) out[c.currency] = c.overdue;
    return [money(out, "overdue amount")];
  }),
  ask("intelligence", "figure", "what is the weighted value of the pipeline actual?", (w) => {
    const out: Record<string, number> = {};
    for (const t of snap(w).growth.pipeline.totals) out[t.currency] = t.weighted_value;
    return [money(out, "weighted pipeline value")];
  }),
  ask("intelligence", "figure", "how many people we hired in the last one year?", (w) => [
    figure(snap(w).talent.hires_last_365_days, "hires in the last 365 days"),
  ]),
  ask("intelligence", "figure", "what is the DSO for USD?", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
    return [figure(usd.days_sales_outstanding, "days sales outstanding in USD")];
  }),
  ask("intelligence", "figure", "how many new contacts came in the last 30 days?", (w) => [
    figure(snap(w).growth.new_contacts_last_30_days, "new contacts in the last 30 days"),
  ]),
];

export const CASES: Case[] = [...finance, ...growth, ...talent, ...intelligence];
