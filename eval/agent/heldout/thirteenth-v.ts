/*
 * Who asks: the head of finance, preparing the monthly board pack with a
 * sales-ops colleague at their elbow. Writes in full, formal sentences with
 * British spelling (finalise, cheque, organisation, enrol), uses accounting
 * vocabulary (debtors, receivables ageing, write off, credit control,
 * bookings, conversion rate, DSO), usually gives the reason first ("For the
 * board pack, ...", "Since Initech confirmed the transfer, ..."), thinks in
 * date ranges ("between 1 and 15 October", "before the year end") and in
 * rankings ("our three largest debtors", "which client owes the most").
 * Mostly figures and reads; the writes are the ones finance and sales ops
 * actually ask for at month end.
 */
import {
  about,
  approval,
  ask,
  asksBack,
  changed,
  count,
  created,
  date,
  enrolled,
  figure,
  is,
  money,
  names,
  noChange,
  says,
  type Case,
  type Check,
  type Matcher,
} from "../judge.ts";
import { accountNamed, addDays, dueSums, endOfNamedMonth, fullName, month, numbers, ofClient, pick, stageNamed, stageOf, sums, unpaid } from "../facts.ts";
import type { Deal, Invoice, World } from "../world.ts";

/* ---------- helpers ---------- */

function either(a: Check, b: Check): Check {
  return {
    text: `${a.text}, or ${b.text}`,
    async judge(turn) {
      const first = await a.judge(turn);
      if (first === null) return null;
      const second = await b.judge(turn);
      return second === null ? null : `${first}; nor: ${second}`;
    },
    allows: (event) => (a.allows?.(event) ?? false) || (b.allows?.(event) ?? false),
    expectsProposal: true,
  };
}

/** A number equal to this one to the penny. */
const approx = (n: number): Matcher => is.where(`${n.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - n) < 0.005);

const round2 = (n: number) => Math.round(n * 100) / 100;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** The month's name of an ISO date. */
const monthName = (isoDate: string) => MONTHS[Number(isoDate.slice(5, 7)) - 1]!;

const accountName = (w: World, id: string | null) => (id ? (w.accounts.find((a) => a.id === id)?.name ?? "") : "");
const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
const dealSums = (list: Deal[]) => sums(list, (d: Deal) => d.amount ?? 0);

/** Unpaid balance per client in one currency, largest first. */
function debtors(w: World, currency: string, which: (i: Invoice) => boolean): [string, number][] {
  const byClient = new Map<string, number>();
  for (const i of w.invoices.filter((i) => i.currency === currency && which(i))) byClient.set(i.client, round2((byClient.get(i.client) ?? 0) + i.amount_due));
  return [...byClient.entries()].sort((a, b) => b[1] - a[1]);
}

const invoiceOf = (w: World, client: string, fits: (i: Invoice) => boolean, what: string) => pick(ofClient(w, client), fits, `${client} invoice ${what}`);

const dealNamed = (w: World, account: string, topic: string) =>
  pick(
    w.deals,
    (d) => accountName(w, d.account_id).toLowerCase().startsWith(account.toLowerCase()) && d.name.toLowerCase().includes(topic.toLowerCase()),
    `${account} ${topic} deal`,
  );

const candidateNamed = (w: World, name: string) => pick(w.candidates, (c) => fullName(c) === name, `candidate ${name}`);

const sequenceNamed = (w: World, name: string) => pick(w.sequences, (s) => s.name.toLowerCase() === name.toLowerCase(), `sequence ${name}`);

/* ---------- the cases ---------- */

export const CASES: Case[] = [
  /* ===== finance: reads ===== */
  ask("finance", "read", "For the board pack, please give me the total overdue receivables as they stand today, split by currency.", (w) => [
    money(dueSums(w.invoices.filter((i) => i.status === "overdue")), "overdue balance"),
  ]),

  ask("finance", "read", "How many invoices are currently overdue, and how many of those are denominated in sterling?", (w) => {
    const overdue = w.invoices.filter((i) => i.status === "overdue");
    return [count(overdue.length, "overdue invoices"), count(overdue.filter((i) => i.currency === "GBP").length, "overdue sterling invoices")];
  }),

  ask("finance", "read", "For the receivables ageing section, which invoices are now more than 60 days past due, and what do they come to in total?", (w) => {
    const overdue = w.invoices.filter((i) => i.status === "overdue");
    const old = overdue.filter((i) => i.days_overdue > 60);
    return [names(numbers(old), numbers(overdue.filter((i) => i.days_overdue <= 60)), 10), money(dueSums(old), "balance over 60 days")];
  }),

  ask(
    "finance",
    "read",
    "Which client owes us the most in US dollars at present, counting both open and overdue invoices? Please give the balance as well.",
    (w) => {
      const ranked = debtors(w, "USD", unpaid);
      const [top, amount] = pick(ranked, () => true, "client with a USD balance");
      return [names([top]), money({ USD: amount }, "top client's USD balance")];
    },
  ),

  ask("finance", "read", "For the credit control update, who are our three largest debtors on overdue balances? US dollar invoices only, please.", (w) => {
    const ranked = debtors(w, "USD", (i) => i.status === "overdue");
    if (ranked.length < 4) throw new Error("fewer than four clients with overdue USD invoices");
    return [
      names(
        ranked.slice(0, 3).map(([c]) => c),
        [ranked[3]![0]],
      ),
    ];
  }),

  ask(
    "finance",
    "read",
    "Since Stark Logistics have asked for a statement of account, could you tell me their total outstanding balance with us, broken down by currency?",
    (w) => [money(dueSums(ofClient(w, "Stark Logistics").filter(unpaid)), "Stark Logistics' outstanding balance")],
  ),

  ask("finance", "read", "What is the current status of Initech's invoice for the API usage overage, and how many days late is it, if any?", (w) => {
    const inv = invoiceOf(w, "Initech", (i) => i.description === "API usage overage", "for the API usage overage");
    return inv.days_overdue > 0 ? [says(inv.status), count(inv.days_overdue, "days overdue")] : [says(inv.status)];
  }),

  ask("finance", "read", "On what date was the Globex invoice for the custom integration build due?", (w) => {
    const inv = invoiceOf(w, "Globex", (i) => i.description === "Custom integration build", "for the custom integration build");
    return [date(inv.due_date, "due date")];
  }),

  about("finance", "read", "Which invoices we have already issued fall due between 1 and 15 <next month>?", (w) => {
    const [first] = month(w, 1);
    const last = addDays(first, 14);
    const inRange = w.invoices.filter((i) => i.due_date >= first && i.due_date <= last);
    const issued = inRange.filter((i) => i.status !== "draft" && i.status !== "void");
    return {
      say: `For the cash forecast, which invoices that we have already issued fall due between 1 and 15 ${monthName(first)}?`,
      expect: [names(numbers(issued), numbers(inRange.filter((i) => !issued.includes(i))), 10)],
    };
  }),

  about("finance", "read", "Which invoices that fell due between 1 and 15 <last month> are still unpaid?", (w) => {
    const [first] = month(w, -1);
    const last = addDays(first, 14);
    const inRange = w.invoices.filter((i) => i.due_date >= first && i.due_date <= last);
    return {
      say: `Which of the invoices that fell due between 1 and 15 ${monthName(first)} have still not been paid?`,
      expect: [names(numbers(inRange.filter(unpaid)), numbers(inRange.filter((i) => i.status === "paid")), 10)],
    };
  }),

  ask("finance", "read", "Which invoices have we written off as uncollectible, and how much does that amount to in total?", (w) => {
    const written = w.invoices.filter((i) => i.status === "uncollectible");
    return [names(numbers(written)), money(dueSums(written), "amount written off")];
  }),

  ask("finance", "read", "Before I finalise this month's billing, how many invoices are still sitting in draft, and what is their combined value?", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return [
      count(drafts.length, "draft invoices"),
      money(
        sums(drafts, (i: Invoice) => i.amount),
        "value of the drafts",
      ),
    ];
  }),

  /* ===== growth: reads ===== */
  ask("growth", "read", "For the board pack, which deals are currently in negotiation, and what is their combined value?", (w) => {
    const neg = openDeals(w).filter((d) => stageOf(w, d).name === "Negotiation");
    const accounts = neg.map((d) => accountName(w, d.account_id));
    const others = openDeals(w)
      .map((d) => accountName(w, d.account_id))
      .filter((a) => a && !accounts.includes(a));
    return [names(accounts, others, 10), money(dealSums(neg), "value in negotiation")];
  }),

  ask("growth", "read", "For the forecast, which open deals are expected to close before the year end, and what are they worth in total?", (w) => {
    const yearEnd = endOfNamedMonth(w, 12);
    const closing = openDeals(w).filter((d) => d.expected_close_date !== null && d.expected_close_date <= yearEnd);
    const accounts = closing.map((d) => accountName(w, d.account_id));
    const others = openDeals(w)
      .map((d) => accountName(w, d.account_id))
      .filter((a) => a && !accounts.includes(a));
    return [names(accounts, others, 10), money(dealSums(closing), "value closing before year end")];
  }),

  ask("growth", "read", "What is the total value of our closed-won bookings to date? Please split it by currency.", (w) => [
    money(dealSums(w.deals.filter((d) => d.status === "won")), "closed-won bookings"),
  ]),

  ask("growth", "read", "Which client has the largest open deal in the pipeline at the moment, and what is it worth?", (w) => {
    const biggest = [...openDeals(w)].sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0))[0];
    if (!biggest) throw new Error("no open deal in the data");
    return [names([accountName(w, biggest.account_id)]), money({ [biggest.currency]: biggest.amount ?? 0 }, "largest open deal")];
  }),

  ask("growth", "read", "For credit control purposes, who is our finance contact at Initech, and what is her email address?", (w) => {
    const initech = accountNamed(w, "Initech");
    const contact = pick(w.contacts, (c) => c.account_id === initech.id && (c.title ?? "").toLowerCase().includes("finance"), "finance contact at Initech");
    return [names([fullName(contact)]), says(contact.email)];
  }),

  /* ===== talent: reads ===== */
  ask("talent", "read", "For the headcount section, how many candidates are currently at offer stage, and who are they?", (w) => {
    const offers = w.candidates.filter((c) => c.stage === "offer");
    return [count(offers.length, "candidates at offer"), names(offers.map(fullName))];
  }),

  ask("talent", "read", "Who have we hired so far, and into which roles?", (w) => {
    const hired = w.candidates.filter((c) => c.stage === "hired");
    const titles = hired.map((c) => pick(w.jobs, (j) => j.id === c.job_id, "job of a hire").title);
    return [names(hired.map(fullName)), names(titles)];
  }),

  ask("talent", "read", "How many candidates are still in contention for the Account Executive role, leaving aside anyone already hired or rejected?", (w) => {
    const job = pick(w.jobs, (j) => j.title === "Account Executive", "Account Executive job");
    const live = w.candidates.filter((c) => c.job_id === job.id && c.stage !== "hired" && c.stage !== "rejected");
    return [count(live.length, "candidates in contention"), names(live.map(fullName))];
  }),

  /* ===== intelligence: figures ===== */
  ask(
    "intelligence",
    "figure",
    "For the board pack, what was our conversion rate on deals closed over the last 90 days (won against lost), according to the latest intelligence snapshot?",
    (w) => [figure(w.snapshot?.growth.last_90_days.win_rate ?? null, "win rate over the last 90 days", "percent")],
  ),

  ask("intelligence", "figure", "What are our debtor days (DSO) at present for the US dollar and sterling receivables respectively?", (w) => {
    const dso = (c: string) => w.snapshot?.finance.currencies.find((x) => x.currency === c)?.days_sales_outstanding ?? null;
    return [figure(dso("USD"), "USD days sales outstanding"), figure(dso("GBP"), "GBP days sales outstanding")];
  }),

  ask("intelligence", "figure", "For the board pack, what is the weighted value of the sales pipeline?", (w) => {
    const totals = w.snapshot?.growth.pipeline.totals ?? [];
    const weighted: Record<string, number> = {};
    for (const t of totals) weighted[t.currency] = round2((weighted[t.currency] ?? 0) + t.weighted_value);
    if (!totals.length) {
      for (const d of openDeals(w)) weighted[d.currency] = round2((weighted[d.currency] ?? 0) + ((d.amount ?? 0) * stageOf(w, d).probability) / 100);
    }
    return [money(weighted, "weighted pipeline value")];
  }),

  ask("intelligence", "figure", "In the receivables ageing, how much is sitting in the 31 to 60 day bucket, by currency?", (w) => [
    money(dueSums(w.invoices.filter((i) => i.status === "overdue" && i.days_overdue >= 31 && i.days_overdue <= 60)), "31-60 day ageing bucket"),
  ]),

  /* ===== finance: writes ===== */
  about("finance", "write", "Since Initech confirmed the transfer, mark <Initech's overdue invoice> as paid in full", (w) => {
    const inv = invoiceOf(w, "Initech", (i) => i.status === "overdue", "that is overdue");
    return {
      say: `Since Initech confirmed the transfer this morning, please mark ${inv.number} as paid in full.`,
      expect: [either(changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number), approval(/pay|paid|invoice/i, inv.id, inv.number))],
    };
  }),

  about("finance", "write", "Record Acme Robotics' $5,000 cheque as a part payment against <their overdue invoice>", (w) => {
    const inv = invoiceOf(w, "Acme Robotics", (i) => i.status === "overdue" && i.amount_due > 5000, "overdue with more than 5,000 due");
    return {
      say: `Acme Robotics' cheque for $5,000.00 has cleared. Please record it as a part payment against ${inv.number}; the remainder is still owed.`,
      expect: [
        either(
          changed("invoice", inv.id, { amount_paid: approx(inv.amount_paid + 5000), amount_due: approx(inv.amount_due - 5000) }, inv.number),
          approval(/pay|invoice/i, inv.id, inv.number),
        ),
      ],
    };
  }),

  about("finance", "write", "Credit control has exhausted every avenue: write off <Pied Piper's overdue invoice>", (w) => {
    const inv = invoiceOf(w, "Pied Piper", (i) => i.status === "overdue", "that is overdue");
    return {
      say: "Credit control has exhausted every avenue with Pied Piper, so please write off their overdue invoice as uncollectible.",
      expect: [either(changed("invoice", inv.id, { status: "uncollectible" }, inv.number), approval(/uncollectible|write|invoice/i, inv.id, inv.number))],
    };
  }),

  ask("finance", "write", "Please raise an invoice to Northwind Traders for £4,250.00 for the Q1 support retainer, payable by 31 January.", (w) => [
    created("invoice", {
      client: is.text("Northwind Traders"),
      amount: approx(4250),
      currency: "GBP",
      due_date: endOfNamedMonth(w, 1),
      description: is.containing("retainer"),
    }),
  ]),

  about("finance", "write", "Finalise <Umbrella Health's draft for the onboarding workshop>", (w) => {
    const inv = invoiceOf(w, "Umbrella Health", (i) => i.status === "draft" && i.description === "Onboarding workshop", "draft for the onboarding workshop");
    return {
      say: "Please finalise the Umbrella Health draft for the onboarding workshop so that it can go out with this month's billing.",
      expect: [either(changed("invoice", inv.id, { status: "open" }, inv.number), approval(/final|issue|send|invoice/i, inv.id, inv.number))],
    };
  }),

  about("finance", "write", "Since Hooli Cloud asked for an extension, move the due date of <their euro invoice> to 15 January", (w) => {
    const euro = ofClient(w, "Hooli Cloud").filter((i) => i.currency === "EUR" && unpaid(i));
    if (euro.length !== 1) throw new Error(`Hooli Cloud has ${euro.length} unpaid EUR invoices, expected one`);
    const inv = euro[0]!;
    const newDue = `${endOfNamedMonth(w, 1).slice(0, 4)}-01-15`;
    return {
      say: "Since Hooli Cloud has asked for a short extension, please move the due date on their euro invoice to 15 January.",
      expect: [changed("invoice", inv.id, { due_date: newDue }, inv.number)],
    };
  }),

  /* ===== growth: writes ===== */
  about("growth", "write", "Umbrella Health signed: mark <the Umbrella Health pilot project deal> as won", (w) => {
    const deal = dealNamed(w, "Umbrella Health", "Pilot project");
    if (deal.status !== "open") throw new Error("the Umbrella Health pilot is not open");
    return {
      say: "Umbrella Health signed the pilot contract yesterday, so please mark the pilot project deal as won.",
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),

  about("growth", "write", "Tyrell Biotech chose another supplier: mark <the Tyrell platform rollout deal> as lost", (w) => {
    const deal = dealNamed(w, "Tyrell Biotech", "Platform rollout");
    if (deal.status !== "open") throw new Error("the Tyrell platform rollout is not open");
    return {
      say: "Tyrell Biotech have informed us that they are going with another supplier for the platform rollout; please mark that deal as lost.",
      expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
    };
  }),

  about("growth", "write", "Move <the Stark Logistics support upgrade deal> into negotiation", (w) => {
    const deal = dealNamed(w, "Stark Logistics", "Support upgrade");
    const negotiation = stageNamed(w, "Negotiation");
    if (deal.stage_id === negotiation.id) throw new Error("the Stark support upgrade is already in negotiation");
    return {
      say: "My sales-ops colleague tells me the Stark Logistics support upgrade has now moved into negotiation. Please update the deal's stage accordingly.",
      expect: [changed("deal", deal.id, { stage_id: negotiation.id }, deal.name)],
    };
  }),

  ask(
    "growth",
    "write",
    "Please add Harriet Forsyth as a contact at Northwind Traders. She is their Financial Controller and her email address is harriet.forsyth@northwind.co.uk.",
    (w) => [
      created("contact", {
        first_name: is.text("Harriet"),
        last_name: is.text("Forsyth"),
        email: is.text("harriet.forsyth@northwind.co.uk"),
        title: is.containing("Controller"),
        account_id: accountNamed(w, "Northwind Traders").id,
      }),
    ],
  ),

  about("growth", "write", "Enrol <Sofia Kowalski at Initech> in the New lead follow-up sequence", (w) => {
    const initech = accountNamed(w, "Initech");
    const sofia = pick(w.contacts, (c) => fullName(c) === "Sofia Kowalski" && c.account_id === initech.id, "Sofia Kowalski at Initech");
    const seq = sequenceNamed(w, "New lead follow-up");
    if (w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === sofia.id && e.status === "active"))
      throw new Error("Sofia Kowalski is already enrolled");
    return {
      say: "Sales ops would like Sofia Kowalski at Initech added to the New lead follow-up sequence. Please enrol her.",
      expect: [enrolled(seq.id, sofia.id, "Sofia Kowalski (Initech)")],
    };
  }),

  /* ===== talent: writes ===== */
  about("talent", "write", "Frances Allen accepted the Product Designer offer: mark <her> as hired", (w) => {
    const c = candidateNamed(w, "Frances Allen");
    return {
      say: "Frances Allen has accepted our offer for the Product Designer role. For the headcount figures, please mark her as hired.",
      expect: [changed("candidate", c.id, { stage: "hired" }, "Frances Allen")],
    };
  }),

  about("talent", "write", "Reject <Alan Turing> for the Senior Backend Engineer role", (w) => {
    const c = candidateNamed(w, "Alan Turing");
    return {
      say: "Alan Turing did not get through the screening for the Senior Backend Engineer role, so please reject his application.",
      expect: [changed("candidate", c.id, { stage: "rejected" }, "Alan Turing")],
    };
  }),

  ask("talent", "write", "Please open a new vacancy for a Credit Controller in the Finance department, based in London, on a full-time basis.", () => [
    created("job", {
      title: is.containing("Credit Controller"),
      department: is.text("Finance"),
      location: is.containing("London"),
      employment_type: is.where("full time", (v: string) => typeof v === "string" && /full/i.test(v)),
      status: "open",
    }),
  ]),

  /* ===== must not change anything ===== */
  ask("finance", "question", "Wayne Enterprises have sent a payment through; please record it against their account.", () => [asksBack(), noChange()]),

  ask("finance", "question", "Please raise an invoice to Globex for last month's consultancy work.", () => [asksBack(), noChange()]),

  about("finance", "question", "The remittance from <a client with several overdue invoices> arrived: mark their overdue invoice as paid", (w) => {
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) => w.invoices.filter((i) => i.client === c && i.status === "overdue").length >= 2,
      "client with several overdue invoices",
    );
    return {
      say: `${client.endsWith("s") ? `${client}'` : `${client}'s`} remittance arrived this morning, so please mark their overdue invoice as paid.`,
      expect: [asksBack(), noChange()],
    };
  }),

  about("growth", "question", "Enrol <a contact name two contacts share> in the New lead follow-up sequence", (w) => {
    const seq = sequenceNamed(w, "New lead follow-up");
    const active = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id));
    const shared = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length >= 2 && same.every((o) => !active.has(o.id));
      },
      "contact name shared by two unenrolled contacts",
    );
    return {
      say: `Sales ops have asked me to enrol ${fullName(shared)} in the New lead follow-up sequence.`,
      expect: [asksBack(), noChange()],
    };
  }),
];
