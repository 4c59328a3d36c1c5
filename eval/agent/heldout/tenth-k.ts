/*
 * Blind set "tenth-k": the office at month-end close.
 *
 * Users: the company's part-time bookkeeper and its finance controller, with
 * the office manager who helps them. They write whole sentences in accounting
 * language (AR, aging buckets, remittance, receivables, chase, credit control,
 * past due, outstanding balance, on account), mix British and US spelling and
 * money formats (£2.4k, 4 000 USD, USD 11,130.62), usually give the context
 * before the ask and sometimes ask two things at once. For growth and talent
 * they are the same office: tidying the CRM before the audit, checking who is
 * still in the hiring pipeline, updating a contact from an email signature.
 *
 * Every id, date and figure is computed from the world inside plan(w).
 */
import {
  approval,
  ask,
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
  unenrolled,
  type ApiEvent,
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  contactsOf,
  dealsOf,
  dueSums,
  fullName,
  jobNamed,
  month,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";
import type { Candidate, Contact, Invoice, World } from "../world.ts";

/* ---------- small local helpers ---------- */

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const wordIn = (reply: string, label: string) => new RegExp(`(?<![\\w-])${esc(label)}(?![\\w-])`, "i").test(reply);

/** Passes when any of the checks passes; allows what any of them allows. Every judge runs (their allows depend on it). */
function either(...checks: Check[]): Check {
  return {
    text: checks.map((c) => c.text).join(" OR "),
    expectsProposal: checks.some((c) => c.expectsProposal),
    async judge(turn) {
      const results: (string | null)[] = [];
      for (const c of checks) results.push(await c.judge(turn));
      return results.some((r) => r === null) ? null : results.join(" / ");
    },
    allows: (event: ApiEvent) => checks.some((c) => c.allows?.(event) ?? false),
  };
}

/** The invoice by its number (INV-000012). */
const inv = (w: World, number: string): Invoice => pick(w.invoices, (i) => i.number === number, `invoice ${number}`);

/** What an approval's input may name an invoice by: its id, its number, its short number as a whole JSON string. */
const invoiceRefs = (i: Invoice) => [i.id, i.number, `"${shortNumber(i)}"`];

/**
 * The reply names these invoices (full number INV-000012 or short INV-12) and none of `others`.
 */
function invoicesNamed(list: Invoice[], others: Invoice[] = []): Check {
  const says = (reply: string, i: Invoice) => wordIn(reply, i.number) || wordIn(reply, shortNumber(i));
  return {
    text: `the reply names ${list.map((i) => i.number).join(", ") || "none"}${
      others.length
        ? ` and none of ${others
            .slice(0, 4)
            .map((i) => i.number)
            .join(", ")}${others.length > 4 ? ", ..." : ""}`
        : ""
    }`,
    judge: ({ reply }) => {
      const wrong = others.filter((i) => says(reply, i));
      if (wrong.length) return `the reply names ${wrong.map((i) => i.number).join(", ")}, which the request excludes`;
      if (!list.length) return /\b(no|none|nothing|zero|0)\b/i.test(reply) ? null : "the reply does not say there are none";
      const missing = list.filter((i) => !says(reply, i));
      return missing.length ? `missing from the reply: ${missing.map((i) => i.number).join(", ")}` : null;
    },
  };
}

/** The reply mentions each of these words and none of the others (company short names). */
function mentionsWords(wanted: string[], others: string[] = []): Check {
  return {
    text: `the reply mentions ${wanted.join(", ") || "none"}${others.length ? ` and none of ${others.join(", ")}` : ""}`,
    judge: ({ reply }) => {
      const wrong = others.filter((o) => wordIn(reply, o));
      if (wrong.length) return `the reply mentions ${wrong.join(", ")}, which the request excludes`;
      if (!wanted.length) return /\b(no|none|nothing|zero|0)\b/i.test(reply) ? null : "the reply does not say there are none";
      const missing = wanted.filter((x) => !wordIn(reply, x));
      return missing.length ? `missing from the reply: ${missing.join(", ")}` : null;
    },
  };
}

/** A payment recorded on this invoice (the payment's own events name the invoice too) or waiting for approval. */
function paymentOn(i: Invoice, expected: Record<string, unknown>): Check {
  const base = changed("invoice", i.id, expected, i.number);
  let right = false;
  const recorded: Check = {
    text: base.text,
    async judge(turn) {
      const failure = await base.judge(turn);
      right = failure === null;
      return failure;
    },
    allows: (event) => (base.allows?.(event) ?? false) || (right && event.type.startsWith("invoice.") && event.data.object.invoice_id === i.id),
  };
  return either(recorded, approval(/pay/i, ...invoiceRefs(i)));
}

/** A fresh snapshot taken to answer is fair. */
const snapshotAllowed: Check = {
  text: "(a fresh snapshot may be taken)",
  judge: () => null,
  allows: (event) => event.type === "intelligence.snapshot_created",
};

const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

const round2 = (n: number) => Math.round(n * 100) / 100;
const firstWord = (name: string) => name.split(/\s+/)[0]!;
const contactAt = (w: World, person: string, account: string): Contact =>
  pick(contactsOf(w, accountNamed(w, account).id), (c) => fullName(c) === person, `contact ${person} at ${account}`);
const candidate = (w: World, person: string): Candidate => pick(w.candidates, (c) => fullName(c) === person, `candidate ${person}`);
const stillLive = (c: Candidate) => c.stage !== "hired" && c.stage !== "rejected";

/* ---------- the cases ---------- */

export const CASES: Case[] = [
  /* ===== finance (12) ===== */
  ask(
    "finance",
    "read",
    "Month end today, so I need our total receivables for the controller — everything invoiced and not yet paid, drafts excluded. Can you give me the outstanding balance per currency please?",
    (w) => [money(dueSums(w.invoices.filter(unpaid)), "outstanding balance")],
  ),
  ask(
    "finance",
    "read",
    "Doing the credit control run this afternoon. How many invoices are past due at the moment, and which customer is sitting on the oldest one?",
    (w) => {
      const late = w.invoices.filter(overdue);
      const oldest = [...late].sort((a, b) => b.days_overdue - a.days_overdue)[0]!;
      return [count(late.length, "past-due invoices"), says(firstWord(oldest.client))];
    },
  ),
  ask(
    "finance",
    "read",
    "I want to chase Stark before we close the month. Can you list what they've still got outstanding on account, and the total they owe us in each currency?",
    (w) => {
      const open = w.invoices.filter((i) => i.client.startsWith("Stark") && unpaid(i));
      return [invoicesNamed(open), money(dueSums(open), "Stark's outstanding balance")];
    },
  ),
  ask(
    "finance",
    "read",
    "For the aged debtors report: which invoices fall in the 31-60 days past due bucket? Just that bucket, I've already got the others.",
    (w) => {
      const late = w.invoices.filter(overdue);
      const bucket = late.filter((i) => i.days_overdue >= 31 && i.days_overdue <= 60);
      return [
        invoicesNamed(
          bucket,
          late.filter((i) => !bucket.includes(i)),
        ),
      ];
    },
  ),
  ask("finance", "read", "Quick one — what's the single biggest euro receivable we're still waiting on, and who's it from?", (w) => {
    const eur = w.invoices.filter((i) => unpaid(i) && i.currency === "EUR").sort((a, b) => b.amount_due - a.amount_due);
    const top = eur[0];
    if (!top) throw new Error("no unpaid EUR invoice");
    return [money({ EUR: top.amount_due }, "largest EUR amount due"), says(firstWord(top.client))];
  }),
  ask(
    "finance",
    "write",
    "Remittance advice from Initech just landed: USD 11,130.62 against INV-12, which clears it in full. Can you record the payment please?",
    (w) => {
      const i = inv(w, "INV-000012");
      return [paymentOn(i, { status: "paid", amount_due: 0, amount_paid: i.amount })];
    },
  ),
  ask(
    "finance",
    "write",
    "Bank rec this morning shows a transfer from Tyrell of 4 000 USD. It's a part payment towards their onboarding workshop invoice, so please allocate it there and leave the rest outstanding.",
    (w) => {
      const i = pick(w.invoices, (x) => x.client.startsWith("Tyrell") && unpaid(x) && /onboarding/i.test(x.description ?? ""), "Tyrell onboarding invoice");
      return [paymentOn(i, { amount_paid: round2(i.amount_paid + 4000), amount_due: round2(i.amount_due - 4000), status: i.status })];
    },
  ),
  ask(
    "finance",
    "write",
    "Could you raise an invoice to Northwind Traders for £2.4k, November consultancy, due at the end of next month? Keep it as a draft for now — the controller wants to review it before it's issued.",
    (w) => [
      created("invoice", {
        client: is.containing("Northwind"),
        amount: 2400,
        currency: "GBP",
        due_date: month(w, 1)[1],
        status: "draft",
      }),
    ],
  ),
  ask("finance", "write", "The controller has signed off both Gringotts drafts. Please finalise them so they're issued before close.", (w) => {
    const drafts = w.invoices.filter((i) => i.client.startsWith("Gringotts") && i.status === "draft");
    if (drafts.length !== 2) throw new Error(`expected 2 Gringotts drafts, found ${drafts.length}`);
    return drafts.map((i) => changed("invoice", i.id, { status: is.oneOf("open", "overdue") }, i.number));
  }),
  ask("finance", "write", "We're giving up on Pied Piper — three chasers, no reply, and it's well past due. Please write the balance off as bad debt.", (w) => {
    const open = w.invoices.filter((i) => i.client.startsWith("Pied Piper") && unpaid(i));
    if (open.length !== 1) throw new Error(`expected 1 unpaid Pied Piper invoice, found ${open.length}`);
    const i = open[0]!;
    return [either(changed("invoice", i.id, { status: "uncollectible" }, i.number), approval(/uncollect|write|bad/i, ...invoiceRefs(i)))];
  }),
  ask(
    "finance",
    "write",
    "Hooli rang asking for more time on the data migration invoice. We've agreed an extra two weeks, so can you push the due date back 14 days?",
    (w) => {
      const i = pick(
        w.invoices,
        (x) => x.client.startsWith("Hooli") && unpaid(x) && /data migration/i.test(x.description ?? ""),
        "Hooli data migration invoice",
      );
      return [changed("invoice", i.id, { due_date: addDays(i.due_date, 14) }, i.number)];
    },
  ),
  ask("finance", "question", "Umbrella Health have paid, the money hit the account this morning. Can you mark their invoice as paid?", () => [noChange()]),

  /* ===== growth (12) ===== */
  ask("growth", "read", "Tidying the CRM before the audit. How many of our contacts at Aperture Labs are still sitting as leads, and who are they?", (w) => {
    const leads = contactsOf(w, accountNamed(w, "Aperture").id).filter((c) => c.lifecycle_stage === "lead");
    return [count(leads.length, "leads at Aperture Labs"), names(leads.map(fullName), [], leads.length)];
  }),
  ask("growth", "read", "The auditors asked whether we've got duplicate people in the CRM. Which names appear more than once in our contacts list?", (w) => {
    const all = w.contacts.map(fullName);
    const dup = [...new Set(all.filter((n) => all.filter((m) => m === n).length > 1))];
    const single = all.filter((n) => !dup.includes(n));
    return [names(dup, single, dup.length)];
  }),
  ask("growth", "read", "What's happening with the Northwind deal? Which stage is it at and how much is it worth?", (w) => {
    const deals = dealsOf(w, accountNamed(w, "Northwind").id);
    if (deals.length !== 1) throw new Error(`expected one Northwind deal, found ${deals.length}`);
    const d = deals[0]!;
    return [says(stageOf(w, d).name), money({ [d.currency]: d.amount ?? 0 }, "deal value")];
  }),
  ask(
    "growth",
    "read",
    "Controller wants a heads-up for the forecast: which deals are expected to close before the end of this year, and what do they add up to?",
    (w) => {
      const yearEnd = `${today(w).slice(0, 4)}-12-31`;
      const open = w.deals.filter((d) => d.status === "open");
      const soon = open.filter((d) => d.expected_close_date !== null && d.expected_close_date <= yearEnd);
      const accountOf = (id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "";
      const wanted = [...new Set(soon.map((d) => firstWord(accountOf(d.account_id))))];
      const others = [...new Set(open.filter((d) => !soon.includes(d)).map((d) => firstWord(accountOf(d.account_id))))].filter((x) => !wanted.includes(x));
      const sum: Record<string, number> = {};
      for (const d of soon) sum[d.currency] = round2((sum[d.currency] ?? 0) + (d.amount ?? 0));
      return [mentionsWords(wanted, others), money(sum, "value closing this year")];
    },
  ),
  ask("growth", "read", "I need to chase Stark Logistics for payment. Who's the finance person over there, and what's their email address?", (w) => {
    const finance = contactsOf(w, accountNamed(w, "Stark").id).filter((c) => /financ|controller|cfo/i.test(c.title ?? ""));
    if (!finance.length) throw new Error("no finance contact at Stark");
    return [says(...finance.map((c) => c.email))];
  }),
  ask(
    "growth",
    "write",
    "Just had an email from Isla Haddad at Stark — her signature says she's now Financial Controller, direct line +44 20 7946 0321. Can you update her details in the CRM?",
    (w) => {
      const c = contactAt(w, "Isla Haddad", "Stark");
      return [
        changed(
          "contact",
          c.id,
          {
            title: is.text("Financial Controller"),
            phone: is.where("the number +44 20 7946 0321", (v: string | null) => typeof v === "string" && v.replace(/\D/g, "") === "442079460321"),
          },
          "Isla Haddad",
        ),
      ];
    },
  ),
  ask(
    "growth",
    "write",
    "Please add a new contact under Globex: Priya Natarajan, Accounts Payable Lead, priya.natarajan@globex.com. She handles their remittances now, so put her down as a customer.",
    (w) => [
      created("contact", {
        first_name: is.text("Priya"),
        last_name: is.text("Natarajan"),
        email: "priya.natarajan@globex.com",
        title: is.text("Accounts Payable Lead"),
        lifecycle_stage: "customer",
        account_id: accountNamed(w, "Globex").id,
      }),
    ],
  ),
  ask("growth", "write", "Good news, Umbrella have signed off the pilot — please mark that deal as won.", (w) => {
    const d = pick(dealsOf(w, accountNamed(w, "Umbrella").id), (x) => x.status === "open" && /pilot/i.test(x.name), "Umbrella pilot deal");
    return [changed("deal", d.id, { status: "won", stage_id: stageNamed(w, "Closed won").id }, d.name)];
  }),
  ask("growth", "write", "Tyrell's platform rollout is dead in the water, they went with another supplier. Can you close it out as lost?", (w) => {
    const d = pick(dealsOf(w, accountNamed(w, "Tyrell").id), (x) => x.status === "open" && /platform rollout/i.test(x.name), "Tyrell rollout deal");
    return [changed("deal", d.id, { status: "lost", stage_id: stageNamed(w, "Closed lost").id }, d.name)];
  }),
  ask("growth", "write", "Can you put Leo Andersen (Stark) into the new lead follow-up sequence please?", (w) => {
    const seq = pick(w.sequences, (s) => /follow-up/i.test(s.name), "follow-up sequence");
    const c = contactAt(w, "Leo Andersen", "Stark");
    return [enrolled(seq.id, c.id, "Leo Andersen")];
  }),
  ask("growth", "write", "Ava Chen from Northwind rang and asked us to stop emailing her. Please take her out of the follow-up sequence.", (w) => {
    const seq = pick(w.sequences, (s) => /follow-up/i.test(s.name), "follow-up sequence");
    const c = contactAt(w, "Ava Chen", "Northwind");
    if (!w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === c.id && e.status === "active"))
      throw new Error("Ava Chen (Northwind) is not enrolled");
    return [unenrolled(seq.id, c.id, "Ava Chen (Northwind)")];
  }),
  ask("growth", "question", "Can you change Olivia Tanaka's lifecycle stage to customer please? She's signed.", () => [noChange()]),

  /* ===== talent (12) ===== */
  ask(
    "talent",
    "read",
    "Office manager here, sorting interview rooms for next week. Who is still live in the pipeline for the Senior Backend Engineer role — i.e. not hired or rejected — and what stage is each of them at?",
    (w) => {
      const live = candidatesOf(w, jobNamed(w, "Senior Backend").id).filter(stillLive);
      return [names(live.map(fullName), [], live.length)];
    },
  ),
  ask(
    "talent",
    "read",
    "How many candidates are at offer stage at the moment across all the roles, and who are they? I need to pencil in payroll set-up.",
    (w) => {
      const offers = w.candidates.filter((c) => c.stage === "offer");
      return [count(offers.length, "candidates at offer"), names(offers.map(fullName), [], offers.length)];
    },
  ),
  ask("talent", "read", "For the headcount reconciliation: which of our open roles have already had someone hired, and who was it?", (w) => {
    const hires = w.candidates.filter((c) => c.stage === "hired" && w.jobs.some((j) => j.id === c.job_id && j.status === "open"));
    const roles = [...new Set(hires.map((c) => pick(w.jobs, (j) => j.id === c.job_id, "job").title))];
    return [names(roles, [], roles.length), names(hires.map(fullName), [], hires.length)];
  }),
  ask(
    "talent",
    "read",
    "How many of the referral candidates are still in process, not hired or rejected? And who are they — we owe referral bonuses if they get through.",
    (w) => {
      const live = w.candidates.filter((c) => /referr/i.test(c.source ?? "") && stillLive(c));
      return [count(live.length, "referral candidates in process"), names(live.map(fullName), [], live.length)];
    },
  ),
  ask("talent", "read", "Who's the highest-rated candidate on the Account Exec job that we haven't turned down?", (w) => {
    const pool = candidatesOf(w, jobNamed(w, "Account Executive").id)
      .filter((c) => c.stage !== "rejected" && c.rating !== null)
      .sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
    const top = pool[0];
    if (!top || (pool[1] && pool[1].rating === top.rating)) throw new Error("no single top-rated Account Executive candidate");
    return [names([fullName(top)], [], 1)];
  }),
  ask("talent", "write", "Katherine Johnson did brilliantly in her backend interview, please move her forward to offer.", (w) => {
    const c = candidate(w, "Katherine Johnson");
    return [changed("candidate", c.id, { stage: "offer" }, "Katherine Johnson")];
  }),
  ask("talent", "write", "Alan Turing emailed to withdraw from the backend process, so please reject him.", (w) => {
    const c = candidate(w, "Alan Turing");
    return [changed("candidate", c.id, { stage: "rejected" }, "Alan Turing")];
  }),
  ask("talent", "write", "Frances Allen has accepted our offer for Product Designer 🎉 can you mark her as hired?", (w) => {
    const c = candidate(w, "Frances Allen");
    return [changed("candidate", c.id, { stage: "hired" }, "Frances Allen")];
  }),
  ask("talent", "write", "Radia Perlman's screening call went far better than her CV suggested — please bump her rating up to a 4.", (w) => {
    const c = candidate(w, "Radia Perlman");
    return [changed("candidate", c.id, { rating: 4, stage: c.stage }, "Radia Perlman")];
  }),
  ask(
    "talent",
    "write",
    "A CV came in by email for the Account Executive vacancy: Hedy Lamarr, hedy.lamarr@example.com, she found us via LinkedIn. Add her as a candidate please.",
    (w) => [
      created("candidate", {
        job_id: jobNamed(w, "Account Executive").id,
        first_name: is.text("Hedy"),
        last_name: is.text("Lamarr"),
        email: "hedy.lamarr@example.com",
        source: is.where('"LinkedIn" (any case)', (v: string | null) => typeof v === "string" && /linked\s*in/i.test(v)),
        stage: "applied",
      }),
    ],
  ),
  ask(
    "talent",
    "write",
    "The Senior Backend Engineer role isn't Berlin-based any more, it's fully remote now. Could you update the location on the job?",
    (w) => {
      const j = jobNamed(w, "Senior Backend");
      return [changed("job", j.id, { location: is.text("Remote"), status: j.status }, j.title)];
    },
  ),
  ask("talent", "question", "Please add Ada Lovelace (ada.lovelace@example.com) as a candidate for our Finance Assistant vacancy.", () => [noChange()]),

  /* ===== intelligence (6) ===== */
  ask("intelligence", "figure", "For the board pack I need DSO — days sales outstanding — for each currency we bill in, please.", (w) => {
    const rows = snap(w).finance.currencies.filter((c) => c.days_sales_outstanding !== null);
    return [...rows.map((c) => figure(c.days_sales_outstanding, `${c.currency} DSO`)), snapshotAllowed];
  }),
  ask("intelligence", "figure", "Month-end aging summary for our dollar receivables please: how much is sitting in each past-due bucket?", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    const buckets = Object.entries(usd.aging).filter(([, v]) => Math.abs(v) > 0.001);
    return [...buckets.map(([k, v]) => money({ USD: v }, `USD ${k} bucket`)), snapshotAllowed];
  }),
  ask("intelligence", "figure", "What's our win rate over the last 90 days? And how many deals did we actually win in that time?", (w) => {
    const g = snap(w).growth.last_90_days;
    return [figure(g.win_rate, "90-day win rate", "percent"), count(g.won, "deals won"), snapshotAllowed];
  }),
  ask("intelligence", "figure", "The controller is asking about the sales pipeline: what's the total open value, and what's the weighted figure?", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    const open: Record<string, number> = {};
    const weighted: Record<string, number> = {};
    for (const t of totals) {
      open[t.currency] = t.open_value;
      weighted[t.currency] = t.weighted_value;
    }
    return [money(open, "open pipeline value"), money(weighted, "weighted pipeline value"), snapshotAllowed];
  }),
  ask("intelligence", "figure", "How much have we got overdue in sterling right now, and across how many invoices?", (w) => {
    const gbp = pick(snap(w).finance.currencies, (c) => c.currency === "GBP", "GBP finance figures");
    return [money({ GBP: gbp.overdue }, "GBP overdue"), count(gbp.overdue_count, "overdue GBP invoices"), snapshotAllowed];
  }),
  ask(
    "intelligence",
    "figure",
    "HR bit for the quarterly pack: how many people have we hired over the last twelve months, and how many jobs do we have open right now?",
    (w) => {
      const t = snap(w).talent;
      return [count(t.hires_last_365_days, "hires in the last year"), count(t.open_jobs, "open jobs"), snapshotAllowed];
    },
  ),
];
