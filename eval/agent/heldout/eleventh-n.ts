/*
 * Who types these: a customer-success manager who owns renewals and churn
 * risk, and the account executive she works with. Clipped fragments, CS
 * jargon (acct, renewal, QBR, churn risk, expansion, champion, "AR is
 * chasing"), accounts by short name, people by first name or role. They mix
 * "is this customer paid up before the renewal" invoice checks, deal and
 * contact updates, and now and then the hiring they are waiting on.
 */
import {
  about,
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
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  contactsOf,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  candidatesOf,
  inStage,
  month,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  sums,
  today,
  unpaid,
} from "../facts.ts";
import type { Contact, Deal, Invoice, Snapshot, World } from "../world.ts";

/* ---------- local helpers ---------- */

/** Exactly one record fits, or the case cannot be planned. */
function only<T>(list: T[], what: string): T {
  if (list.length !== 1) throw new Error(`expected exactly one ${what}, found ${list.length}`);
  return list[0]!;
}

/** Either check may hold (a direct change, or a proposal waiting for approval). */
function either(a: Check, b: Check): Check {
  return {
    text: `${a.text} OR ${b.text}`,
    async judge(turn) {
      const first = await a.judge(turn);
      if (first === null) return null;
      const second = await b.judge(turn);
      if (second === null) return null;
      return `${first}; nor: ${second}`;
    },
    allows: (event) => (a.allows?.(event) ?? false) || (b.allows?.(event) ?? false),
    expectsProposal: Boolean(a.expectsProposal || b.expectsProposal),
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mentions = (reply: string, label: string) => new RegExp(`(?<![\\w-])${escapeRegExp(label)}(?![\\w-])`, "i").test(reply);

/** The reply names each wanted invoice (INV-000012 or INV-12) and none of the others. */
function invoicesNamed(wanted: Invoice[], others: Invoice[] = []): Check {
  const forms = (i: Invoice) => [i.number, shortNumber(i)];
  return {
    text: `the reply names ${wanted.map((i) => i.number).join(", ")}${others.length ? ` and none of ${others.map((i) => i.number).join(", ")}` : ""}`,
    judge: ({ reply }) => {
      const wrong = others.filter((i) => forms(i).some((f) => mentions(reply, f)));
      if (wrong.length) return `the reply names ${wrong.map((i) => i.number).join(", ")}, which the request excludes`;
      const missing = wanted.filter((i) => !forms(i).some((f) => mentions(reply, f)));
      return missing.length ? `missing from the reply: ${missing.map((i) => i.number).join(", ")}` : null;
    },
  };
}

/** Refs an approval's input may carry for an invoice. */
const invoiceRefs = (i: Invoice) => [i.id, i.number, shortNumber(i)];

/** The word people use for a company: "Stark Logistics" -> "Stark". */
const short = (name: string) => name.split(" ")[0]!;

const SYMBOL: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };
const asWritten = (amount: number, currency: string) =>
  `${SYMBOL[currency] ?? ""}${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${SYMBOL[currency] ? "" : ` ${currency}`}`;

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

const contactAt = (w: World, first: string, account: string): Contact => {
  const acc = accountNamed(w, account);
  return only(
    contactsOf(w, acc.id).filter((c) => c.first_name.toLowerCase() === first.toLowerCase()),
    `contact ${first} at ${account}`,
  );
};

const dealAt = (w: World, account: string, topic: string): Deal => {
  const acc = accountNamed(w, account);
  return only(
    dealsOf(w, acc.id).filter((d) => d.name.toLowerCase().includes(topic.toLowerCase())),
    `${topic} deal at ${account}`,
  );
};

const candidateNamed = (w: World, first: string, jobText?: string) =>
  only(
    w.candidates.filter((c) => c.first_name.toLowerCase() === first.toLowerCase() && (!jobText || c.job_id === jobNamed(w, jobText).id)),
    `candidate ${first}`,
  );

const stillInPlay = (stage: string) => stage !== "hired" && stage !== "rejected";

export const CASES: Case[] = [
  /* ============================== finance ============================== */

  ask("finance", "read", "stark renewal call thurs — are they paid up?? what's still outstanding on their acct, split by currency pls", (w) => [
    money(dueSums(ofClient(w, "Stark").filter(unpaid)), "amount Stark still owes"),
  ]),

  ask("finance", "read", "AR is chasing Initech. before I send the renewal quote: what's actually overdue w/ them + how many days late is it", (w) => {
    const late = ofClient(w, "Initech").filter(overdue);
    const rest = ofClient(w, "Initech").filter((i) => !overdue(i));
    const one = only(late, "overdue Initech invoice");
    return [invoicesNamed(late, rest), count(one.days_overdue, "days overdue")];
  }),

  about("finance", "write", "umbrella's AP says the <amount> wire for their overdue invoice landed — log it", (w) => {
    const inv = only(ofClient(w, "Umbrella").filter(overdue), "overdue Umbrella invoice");
    return {
      say: `umbrella's AP just confirmed the ${asWritten(inv.amount_due, inv.currency)} wire for their overdue invoice landed this am 🙌 can you log the payment so it stops showing up as late`,
      expect: [either(changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number), approval(/pay/i, ...invoiceRefs(inv)))],
    };
  }),

  ask("finance", "write", "Tyrell sent 5k against the onboarding workshop invoice, rest is coming after their renewal closes. record what they paid", (w) => {
    const inv = only(
      ofClient(w, "Tyrell").filter((i) => unpaid(i) && (i.description ?? "").toLowerCase().includes("onboarding")),
      "unpaid Tyrell onboarding invoice",
    );
    const paid = Math.round((inv.amount_paid + 5000) * 100) / 100;
    return [either(changed("invoice", inv.id, { amount_paid: paid }, inv.number), approval(/pay/i, ...invoiceRefs(inv)))];
  }),

  ask("finance", "write", "hooli asked for breathing room on the EUR invoice (onboarding one) — push its due date back 2 wks from what it is now", (w) => {
    const inv = only(
      ofClient(w, "Hooli").filter((i) => unpaid(i) && i.currency === "EUR"),
      "unpaid EUR Hooli invoice",
    );
    const moved = new Date(Date.parse(`${inv.due_date}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
    return [changed("invoice", inv.id, { due_date: moved }, inv.number)];
  }),

  ask("finance", "write", "initech renewal is SIGNED. their draft invoice is sitting there — finalize it so AR can send", (w) => {
    const inv = only(
      ofClient(w, "Initech").filter((i) => i.status === "draft"),
      "Initech draft",
    );
    return [changed("invoice", inv.id, { status: "open" }, inv.number)];
  }),

  ask(
    "finance",
    "write",
    "AE here. northwind renewal — bill them 24k EUR for the annual support plan, due end of next month. draft is fine, I'll review",
    (w) => [
      created("invoice", {
        client: is.containing("Northwind"),
        amount: 24000,
        currency: "EUR",
        due_date: month(w, 1)[1],
      }),
    ],
  ),

  about("finance", "write", "write off Oscorp's oldest overdue invoice (<number>)", (w) => {
    const inv = [...ofClient(w, "Oscorp").filter(overdue)].sort((a, b) => b.days_overdue - a.days_overdue)[0];
    if (!inv) throw new Error("no overdue Oscorp invoice");
    return {
      say: `oscorp ${shortNumber(inv)} — they're not going to pay that one, finance signed off. write it off as uncollectible`,
      expect: [
        either(changed("invoice", inv.id, { status: "uncollectible" }, inv.number), approval(/uncollectible|write.?off|writeoff/i, ...invoiceRefs(inv))),
      ],
    };
  }),

  ask("finance", "read", "churn risk sweep — which customers have an invoice 60+ days past due? just the acct names", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue >= 60);
    const wanted = [...new Set(late.map((i) => short(i.client)))];
    const others = [...new Set(w.invoices.filter(overdue).map((i) => short(i.client)))].filter((c) => !wanted.includes(c));
    return [names(wanted, others, wanted.length)];
  }),

  ask("finance", "read", "quick one for the churn review deck: how many invoices r overdue across the whole book rn?", (w) => [
    count(w.invoices.filter(overdue).length, "overdue invoices"),
  ]),

  ask("finance", "question", "stark paid!!! mark their invoice as paid pls", () => [noChange()]),

  ask("finance", "read", "aperture QBR next wk. they've got one open invoice, when's it due?", (w) => {
    const inv = only(ofClient(w, "Aperture").filter(unpaid), "unpaid Aperture invoice");
    return [date(inv.due_date, "due date")];
  }),

  /* ============================== growth ============================== */

  ask("growth", "read", "prepping the stark QBR deck — who do we have as contacts over there? names + titles", (w) => {
    const people = contactsOf(w, accountNamed(w, "Stark").id).map(fullName);
    return [names(people, [], people.length)];
  }),

  ask("growth", "read", "umbrella: how much open pipeline do we have w/ them total? expansion + whatever else is live", (w) => {
    const open = dealsOf(w, accountNamed(w, "Umbrella").id).filter((d) => d.status === "open");
    return [
      money(
        sums(open, (d: Deal) => d.amount ?? 0),
        "open pipeline with Umbrella",
      ),
    ];
  }),

  ask("growth", "write", "HOOLI SIGNED 🎉 data migration deal → closed won pls", (w) => {
    const deal = dealAt(w, "Hooli", "data migration");
    return [changed("deal", deal.id, { stage_id: stageNamed(w, "Closed won").id, status: "won" }, deal.name)];
  }),

  ask("growth", "write", "stark support upgrade — they want to go bigger after the QBR. make it 75k and push expected close to end of Jan", (w) => {
    const deal = dealAt(w, "Stark", "support upgrade");
    return [changed("deal", deal.id, { amount: 75000, expected_close_date: endOfNamedMonth(w, 1) }, deal.name)];
  }),

  ask("growth", "write", "AE here — new expansion opp at Globex, 40 more seats, $36k. put it in Qualified, close date end of March", (w) => [
    created("deal", {
      account_id: accountNamed(w, "Globex").id,
      amount: 36000,
      stage_id: stageNamed(w, "Qualified").id,
      expected_close_date: endOfNamedMonth(w, 3),
    }),
  ]),

  ask("growth", "write", "hooli's signed so Emma and Noah over there should be customers now, not qualified. fix both", (w) => {
    const emma = contactAt(w, "Emma", "Hooli");
    const noah = contactAt(w, "Noah", "Hooli");
    return [
      changed("contact", emma.id, { lifecycle_stage: "customer" }, fullName(emma)),
      changed("contact", noah.id, { lifecycle_stage: "customer" }, fullName(noah)),
    ];
  }),

  ask("growth", "write", "Isla @ Stark is basically our champion now — add a champion tag on her (keep whatever tags she has)", (w) => {
    const isla = contactAt(w, "Isla", "Stark");
    return [changed("contact", isla.id, { tags: is.including(...isla.tags, "champion") }, fullName(isla))];
  }),

  ask("growth", "write", "can u put Leo from Stark into the new lead follow-up sequence? he's the analyst, want him warmed up before renewal", (w) => {
    const leo = contactAt(w, "Leo", "Stark");
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("follow"), "follow-up sequence");
    return [enrolled(seq.id, leo.id, fullName(leo))];
  }),

  ask("growth", "write", "pull Ava (northwind's CFO) out of the follow-up sequence. she's a paying customer, the auto emails are awkward", (w) => {
    const ava = contactAt(w, "Ava", "Northwind");
    const seq = pick(
      w.sequences,
      (s) => w.enrollments.some((e) => e.sequence_id === s.id && e.contact_id === ava.id && e.status === "active"),
      "sequence Ava is in",
    );
    return [unenrolled(seq.id, ava.id, fullName(ava))];
  }),

  ask("growth", "question", "emma dubois got promoted to VP Sales, update her title pls", () => [noChange()]),

  ask("growth", "read", "forecast check: which open deals are supposed to close before end of this year? which accts + how many", (w) => {
    const yearEnd = `${today(w).slice(0, 4)}-12-31`;
    const open = w.deals.filter((d) => d.status === "open");
    const soon = open.filter((d) => d.expected_close_date !== null && d.expected_close_date <= yearEnd);
    const accountOf = (d: Deal) => short(pick(w.accounts, (a) => a.id === d.account_id, "deal account").name);
    const wanted = [...new Set(soon.map(accountOf))];
    const others = [...new Set(open.filter((d) => !soon.includes(d)).map(accountOf))].filter((a) => !wanted.includes(a));
    return [count(soon.length, "deals"), names(wanted, others, wanted.length)];
  }),

  ask("growth", "read", "renewal baseline for initech — how much have we closed-won with them, all time?", (w) => {
    const won = dealsOf(w, accountNamed(w, "Initech").id).filter((d) => d.status === "won");
    return [
      money(
        sums(won, (d: Deal) => d.amount ?? 0),
        "won with Initech",
      ),
    ];
  }),

  /* ============================== talent ============================== */

  ask("talent", "write", "headcount finally approved!! open a req: Customer Success Manager, dept Customer Success, remote, full time", () => [
    created("job", {
      title: is.containing("Customer Success Manager"),
      department: is.text("Customer Success"),
      location: is.text("Remote"),
      employment_type: "full_time",
    }),
  ]),

  ask("talent", "write", "Ken for the AE opening looks solid, move him fwd to screening", (w) => {
    const ken = candidateNamed(w, "Ken", "Account Executive");
    return [changed("candidate", ken.id, { stage: "screening" }, fullName(ken))];
  }),

  ask("talent", "write", "Tim (designer candidate) crushed the portfolio review — bump his rating to a 5", (w) => {
    const tim = candidateNamed(w, "Tim", "Designer");
    return [changed("candidate", tim.id, { rating: 5 }, fullName(tim))];
  }),

  ask(
    "talent",
    "write",
    "referral from our champion at Globex for the AE role: Priya Nair, priya.nair@gmail.com. add her as a candidate, source = referral",
    (w) => [
      created("candidate", {
        job_id: jobNamed(w, "Account Executive").id,
        first_name: is.text("Priya"),
        last_name: is.text("Nair"),
        email: "priya.nair@gmail.com",
        source: is.containing("referral"),
      }),
    ],
  ),

  ask("talent", "write", "budget for the product designer req got pulled til Q2 — close it", (w) => {
    const job = jobNamed(w, "Product Designer");
    return [changed("job", job.id, { status: "closed" }, job.title)];
  }),

  ask("talent", "read", "my AE keeps asking — who's still in the running for the Account Executive opening?", (w) => {
    const cands = candidatesOf(w, jobNamed(w, "Account Executive").id);
    const live = cands.filter((c) => stillInPlay(c.stage)).map(fullName);
    const out = cands.filter((c) => c.stage === "rejected").map(fullName);
    return [names(live, out, live.length)];
  }),

  ask("talent", "read", "how many candidates are sitting at offer stage rn, all roles? who are they", (w) => {
    const offers = inStage(w, "offer");
    return [count(offers.length, "candidates at offer"), names(offers.map(fullName), [], offers.length)];
  }),

  ask("talent", "read", "backend role — who's the highest rated person still in play?", (w) => {
    const live = candidatesOf(w, jobNamed(w, "Backend").id).filter((c) => stillInPlay(c.stage) && c.rating !== null);
    const top = Math.max(...live.map((c) => c.rating!));
    const best = only(
      live.filter((c) => c.rating === top),
      "top-rated backend candidate",
    );
    return [names([fullName(best)])];
  }),

  ask("talent", "read", "remind me who we ended up hiring for AE? want to loop them into the initech handoff", (w) => {
    const hired = candidatesOf(w, jobNamed(w, "Account Executive").id).filter((c) => c.stage === "hired");
    if (!hired.length) throw new Error("no hired AE candidate");
    return [names(hired.map(fullName), [], hired.length)];
  }),

  ask("talent", "question", "the 1-star candidate on the backend role — just reject them, not worth anyone's time", () => [noChange()]),

  ask("talent", "read", "how many ppl total have applied to the senior backend engineer job?", (w) => [
    count(candidatesOf(w, jobNamed(w, "Senior Backend Engineer").id).length, "candidates"),
  ]),

  ask("talent", "read", "where's Linus at for the backend job? what stage", (w) => {
    const linus = candidateNamed(w, "Linus");
    return [says(linus.stage)];
  }),

  /* ============================== intelligence ============================== */

  ask("intelligence", "figure", "need the win rate for the QBR slide — last 90 days", (w) => [
    figure(snap(w).growth.last_90_days.win_rate, "win rate", "percent"),
  ]),

  ask("intelligence", "figure", "whats our DSO on GBP invoices rn", (w) => {
    const gbp = pick(snap(w).finance.currencies, (c) => c.currency === "GBP", "GBP figures");
    return [figure(gbp.days_sales_outstanding, "GBP days sales outstanding")];
  }),

  ask("intelligence", "figure", "AE here — weighted pipeline number? board wants it by currency", (w) => {
    const out: Record<string, number> = {};
    for (const t of snap(w).growth.pipeline.totals) out[t.currency] = t.weighted_value;
    return [money(out, "weighted pipeline")];
  }),

  ask("intelligence", "figure", "how much USD is aging in the 31-60 day bucket? AR wants to prioritize", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
    return [money({ USD: usd.aging["31_60"] ?? 0 }, "USD 31-60 day aging")];
  }),

  ask("intelligence", "figure", "how many active sequence enrollments do we have going right now", (w) => [
    count(snap(w).growth.sequences.active_enrollments, "active enrollments"),
  ]),

  ask("intelligence", "figure", "negotiation stage — how many deals are sitting there and what's the $ value?", (w) => {
    const rows = snap(w).growth.pipeline.by_stage.filter((s) => s.stage_name === "Negotiation");
    if (!rows.length) throw new Error("no Negotiation figures");
    const value: Record<string, number> = {};
    for (const r of rows) value[r.currency] = r.open_value;
    return [
      count(
        rows.reduce((n, r) => n + r.deal_count, 0),
        "deals in Negotiation",
      ),
      money(value, "value in Negotiation"),
    ];
  }),
];
