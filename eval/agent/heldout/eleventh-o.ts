/*
 * Users: the executive assistant to the CEO (Diane), acting on her behalf.
 * Very polite, indirect and long-winded ("Would it be possible to...",
 * "Could I trouble you for..."), usually relaying what someone else said
 * (Diane, Sam in sales, the finance team), gathering figures for the board
 * pack, and making the changes others asked her to make: recording what
 * finance told her, updating a contact, moving a deal, adding a candidate
 * the CEO met. Names come as people say them (first names, short company
 * names, "the Berlin backend role"), amounts as "$5,000" or "45k".
 */
import {
  approval,
  ask,
  asksBack,
  type Case,
  type Check,
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
} from "../judge.ts";
import {
  accountNamed,
  addDays,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  month,
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
import type { Candidate, Contact, Deal, Invoice, Snapshot, World } from "../world.ts";

/* ---------- local helpers ---------- */

/** Either of two outcomes is right (e.g. done at once, or waiting for approval). */
function either(a: Check, b: Check): Check {
  return {
    text: `${a.text}, or ${b.text}`,
    expectsProposal: Boolean(a.expectsProposal || b.expectsProposal),
    async judge(turn) {
      // Both are judged: a check's allows() depends on its own judgement.
      const [x, y] = await Promise.all([a.judge(turn), b.judge(turn)]);
      return x === null || y === null ? null : `${x}; or else ${y}`;
    },
    allows: (event) => Boolean(a.allows?.(event) || b.allows?.(event)),
  };
}

/** A money-moving or destructive change on an invoice: done, or proposed for approval. */
function invoiceChangeOrApproval(inv: Invoice, tool: RegExp, expected: Record<string, unknown>): Check {
  return either(changed("invoice", inv.id, expected, inv.number), approval(tool, inv.id, inv.number, shortNumber(inv)));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mentionsInvoice = (reply: string, inv: Invoice) =>
  [inv.number, shortNumber(inv)].some((label) => new RegExp(`(?<![\\w-])${escapeRegExp(label)}(?![\\w-])`, "i").test(reply));

/** The reply names these invoices (full or short number) and none of the others. */
function invoiceRefs(wanted: Invoice[], others: Invoice[] = []): Check {
  const excluded = others.filter((o) => !wanted.some((w) => w.id === o.id));
  return {
    text: `the reply names ${wanted.map((i) => i.number).join(", ") || "no invoice"}${
      excluded.length
        ? ` and none of ${excluded
            .slice(0, 4)
            .map((i) => i.number)
            .join(", ")}${excluded.length > 4 ? ", ..." : ""}`
        : ""
    }`,
    judge: ({ reply }) => {
      const wrong = excluded.filter((i) => mentionsInvoice(reply, i));
      if (wrong.length)
        return `the reply names ${wrong
          .slice(0, 3)
          .map((i) => i.number)
          .join(", ")}, which the request excludes`;
      const missing = wanted.filter((i) => !mentionsInvoice(reply, i));
      return missing.length ? `missing from the reply: ${missing.map((i) => i.number).join(", ")}` : null;
    },
  };
}

const invoiceNumbered = (w: World, n: number) => pick(w.invoices, (i) => Number(i.number.replace(/\D/g, "")) === n, `invoice number ${n}`);
const soleInvoice = (w: World, client: string, fits: (i: Invoice) => boolean, what: string): Invoice => {
  const list = ofClient(w, client).filter(fits);
  if (list.length !== 1) throw new Error(`expected one ${what} for ${client}, found ${list.length}`);
  return list[0]!;
};
const contactAt = (w: World, name: string, account: string): Contact => {
  const acc = accountNamed(w, account);
  return pick(w.contacts, (c) => fullName(c).toLowerCase() === name.toLowerCase() && c.account_id === acc.id, `contact ${name} at ${account}`);
};
const candidateNamed = (w: World, name: string): Candidate => pick(w.candidates, (c) => fullName(c).toLowerCase() === name.toLowerCase(), `candidate ${name}`);
const dealOf = (w: World, account: string, topic: string): Deal => {
  const acc = accountNamed(w, account);
  return pick(w.deals, (d) => d.account_id === acc.id && d.name.toLowerCase().includes(topic.toLowerCase()), `deal ${account} ${topic}`);
};
const followUp = (w: World) => pick(w.sequences, (s) => s.name.toLowerCase().includes("follow"), "follow-up sequence");
const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no intelligence snapshot");
  return w.snapshot;
};
const inProcess = (c: Candidate) => c.stage !== "hired" && c.stage !== "rejected";
const dealSums = (list: Deal[]) => sums(list, (d: Deal) => d.amount ?? 0);
const round2 = (n: number) => Math.round(n * 100) / 100;

/* ---------- the cases ---------- */

export const CASES: Case[] = [
  /* ===== finance (12) ===== */
  ask(
    "finance",
    "read",
    "Good morning! Diane would like to know how much we're owed by Wayne before her call with them at 3 — would you be able to give me the figure, please? Thank you ever so much.",
    (w) => [money(dueSums(ofClient(w, "Wayne").filter(unpaid)), "amount Wayne Enterprises still owes")],
  ),
  ask(
    "finance",
    "figure",
    "I'm putting the board pack together for Thurs and I was wondering whether you could let me have the total that's currently overdue, split by currency, and how many invoices that comes to altogether?",
    (w) => {
      const late = w.invoices.filter(overdue);
      return [money(dueSums(late), "overdue total"), count(late.length, "overdue invoices")];
    },
  ),
  ask(
    "finance",
    "read",
    "Diane has asked me to chase the really old ones personally. Could I trouble you for a list of the invoices that are more than 60 days past due? Just the invoice numbers and who they're with would be perfect.",
    (w) => {
      const late = w.invoices.filter(overdue);
      return [
        invoiceRefs(
          late.filter((i) => i.days_overdue > 60),
          late,
        ),
      ];
    },
  ),
  ask(
    "finance",
    "read",
    "Just a quick one if I may — finance mentioned there are a few invoices that havent gone out yet. How many are still sitting in draft?",
    (w) => [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
  ),
  ask(
    "finance",
    "read",
    "Would it be possible to find out which single dollar invoice has the most money still owing on it? The CEO would like to mention it to the board, so the client and the amount would be wonderful.",
    (w) => {
      const top = [...w.invoices.filter((i) => unpaid(i) && i.currency === "USD")].sort((a, b) => b.amount_due - a.amount_due)[0];
      if (!top) throw new Error("no unpaid USD invoice");
      return [says(top.number, shortNumber(top), top.client), money({ USD: top.amount_due }, "amount still owing")];
    },
  ),
  ask(
    "finance",
    "read",
    "Diane likes to know what's coming in. I was wondering whether you could tell me which of the invoices we've actually sent out fall due over the next fortnight, and what they add up to?",
    (w) => {
      const end = addDays(today(w), 14);
      const open = w.invoices.filter(unpaid);
      const soon = open.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
      if (!soon.length) throw new Error("no open invoice due in the next 14 days");
      return [invoiceRefs(soon, open), money(dueSums(soon), "amount due in the next 14 days")];
    },
  ),
  ask(
    "finance",
    "write",
    "Finance have just let me know that Stark Logistics sent through $5,000 against INV-36 yesterday — it's only part of what they owe, I understand. Could you record that for me, please?",
    (w) => {
      const inv = invoiceNumbered(w, 36);
      return [
        invoiceChangeOrApproval(inv, /pay/i, {
          amount_paid: is.where(`${round2(inv.amount_paid + 5000)}`, (v: number) => Math.abs(v - (inv.amount_paid + 5000)) < 0.005),
        }),
      ];
    },
  ),
  ask(
    "finance",
    "write",
    "Sam has asked me to raise an invoice to Pied Piper for $4,200 for the strategy offsite, due by the end of next month. Would you be so kind as to set that up? It doesn't need to go out just yet, he'd like to look it over first.",
    (w) => [
      created("invoice", {
        client: is.containing("Pied Piper"),
        amount: 4200,
        currency: "USD",
        due_date: month(w, 1)[1],
        status: "draft",
      }),
    ],
  ),
  ask(
    "finance",
    "write",
    "I'm so sorry to bring bad news — Pied Piper have gone into administration, and Diane has agreed we should write off whatever they still owe us. Could you take care of that when you have a moment?",
    (w) => [invoiceChangeOrApproval(soleInvoice(w, "Pied Piper", unpaid, "unpaid invoice"), /uncollect|write/i, { status: "uncollectible" })],
  ),
  ask(
    "finance",
    "write",
    "Blue Sun Freight have asked for a little more time on their invoice and the CEO has kindly agreed. Would it be possible to push the due date back by three weeks?",
    (w) => {
      const inv = soleInvoice(w, "Blue Sun", unpaid, "unpaid invoice");
      return [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 21) }, inv.number)];
    },
  ),
  ask(
    "finance",
    "write",
    "Diane has now signed off the Initech consulting invoice (the pipeline review one that's still in draft). Could I ask you to finalise it so that it can go out to them?",
    (w) => [
      invoiceChangeOrApproval(
        soleInvoice(w, "Initech", (i) => i.status === "draft", "draft invoice"),
        /final|issue|send/i,
        {
          status: is.oneOf("open", "overdue"),
        },
      ),
    ],
  ),
  ask("finance", "question", "Sam has asked me to void the Wayne invoice — apparently it shouldn't have been raised. Would you mind doing that for me?", () => [
    noChange(),
    asksBack(),
  ]),

  /* ===== growth (12) ===== */
  ask(
    "growth",
    "read",
    "For the board pack the CEO would like to see what's sitting in Negotiation at the moment — which deals are they, and what do they add up to?",
    (w) => {
      const neg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
      const accountName = (d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal account").name;
      const inNeg = [...new Set(neg.map(accountName))];
      const others = w.accounts.map((a) => a.name).filter((n) => !inNeg.includes(n));
      return [names(inNeg, others, inNeg.length), money(dealSums(neg), "value in Negotiation")];
    },
  ),
  ask(
    "growth",
    "read",
    "Diane would like to write personally to the Controller at Stark Logistics. Could I trouble you for their name and email address?",
    (w) => {
      const acc = accountNamed(w, "Stark");
      const c = pick(w.contacts, (x) => x.account_id === acc.id && (x.title ?? "").toLowerCase() === "controller", "Stark controller");
      return [names([fullName(c)]), says(c.email)];
    },
  ),
  ask(
    "growth",
    "read",
    "Would you be able to tell me who is currently going through the new lead follow-up emails? Diane wants to be sure she isn't writing to the same people twice.",
    (w) => {
      const seq = followUp(w);
      const active = w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active");
      const people = active.map((e) => fullName(pick(w.contacts, (c) => c.id === e.contact_id, "enrolled contact")));
      const others = w.contacts.map(fullName).filter((n) => !people.includes(n));
      return [names(people, others, people.length)];
    },
  ),
  ask(
    "growth",
    "read",
    "Diane is seeing the Umbrella Health team next week. When is their pilot expected to close, please? She'd like to have the date to hand.",
    (w) => {
      const d = dealOf(w, "Umbrella", "pilot");
      if (!d.expected_close_date) throw new Error("the Umbrella pilot has no close date");
      return [date(d.expected_close_date, "expected close date")];
    },
  ),
  ask(
    "growth",
    "read",
    "For the board pack, could I ask you for the total value of the deals we've won, broken down by currency if there's more than one? Many thanks in advance.",
    (w) => [money(dealSums(w.deals.filter((d) => d.status === "won")), "won deal value")],
  ),
  ask(
    "growth",
    "write",
    "James Novak's assistant rang this morning — he has a new direct line, +1 617 555 0142. Would you mind updating his record with it?",
    (w) => {
      const c = pick(w.contacts, (x) => fullName(x) === "James Novak", "James Novak");
      return [
        changed(
          "contact",
          c.id,
          { phone: is.where("+1 617 555 0142 (any punctuation)", (v: unknown) => typeof v === "string" && v.replace(/\D/g, "") === "16175550142") },
          "James Novak",
        ),
      ];
    },
  ),
  ask(
    "growth",
    "write",
    "Sam has asked me to move the Tyrell platform rollout along to Proposal, as they've now asked us for pricing. Could you do that for him, please?",
    (w) => {
      const d = dealOf(w, "Tyrell", "platform rollout");
      return [changed("deal", d.id, { stage_id: stageNamed(w, "Proposal").id }, d.name)];
    },
  ),
  ask(
    "growth",
    "write",
    "I'm afraid Stark have told Diane they won't be going ahead with the platform rollout after all. Would you be so kind as to mark that deal as lost?",
    (w) => {
      const d = dealOf(w, "Stark", "platform rollout");
      return [changed("deal", d.id, { stage_id: stageNamed(w, "Closed lost").id, status: "lost" }, d.name)];
    },
  ),
  ask(
    "growth",
    "write",
    "Mia Rossi at Globex has asked Diane, very nicely, if we could stop the follow-up emails. Would it be possible to take her out of that seqeunce?",
    (w) => [unenrolled(followUp(w).id, contactAt(w, "Mia Rossi", "Globex").id, "Mia Rossi (Globex)")],
  ),
  ask(
    "growth",
    "write",
    "Diane met Priya Raman at a dinner last night — she's Head of Finance at Hooli. Could I trouble you to add her as a contact? Her email is priya.raman@hooli.cloud.",
    (w) => [
      created("contact", {
        first_name: is.text("Priya"),
        last_name: is.text("Raman"),
        email: "priya.raman@hooli.cloud",
        title: is.containing("finance"),
        account_id: accountNamed(w, "Hooli").id,
      }),
    ],
  ),
  ask(
    "growth",
    "write",
    "Sam would like a new deal opened for Initech for their renewal — $45k, and he expects it to close by the end of March. Would you mind setting that up?",
    (w) => [
      created("deal", {
        name: is.containing("renewal"),
        account_id: accountNamed(w, "Initech").id,
        amount: 45000,
        currency: "USD",
        expected_close_date: endOfNamedMonth(w, 3),
      }),
    ],
  ),
  ask("growth", "question", "Could you update Olivia Tanaka's title to VP of Marketing, please? She mentioned her promotion to Diane over lunch.", () => [
    noChange(),
    asksBack(),
  ]),

  /* ===== talent (12) ===== */
  ask(
    "talent",
    "read",
    "Diane was asking how many candidates are still in the running for the backend role in Berlin — would you be able to let me know?",
    (w) => [count(w.candidates.filter((c) => c.job_id === jobNamed(w, "Backend").id && inProcess(c)).length, "candidates in process")],
  ),
  ask(
    "talent",
    "read",
    "Could I just check who we currently have at the offer stage? The CEO would like to be across it before the leadership meeting.",
    (w) => {
      const offer = w.candidates.filter((c) => c.stage === "offer").map(fullName);
      return [names(offer, w.candidates.map(fullName), offer.length)];
    },
  ),
  ask(
    "talent",
    "read",
    "I was wondering whether you could tell me which of our candidates have been given five stars and are still in process? Diane would like to meet them herself.",
    (w) => {
      const five = w.candidates.filter((c) => c.rating === 5);
      const wanted = five.filter(inProcess).map(fullName);
      return [names(wanted, five.filter((c) => !inProcess(c)).map(fullName), wanted.length)];
    },
  ),
  ask("talent", "read", "Would you happen to know where Tim Berners-Lee has got to in the process? Diane was asking after him.", (w) => [
    says(candidateNamed(w, "Tim Berners-Lee").stage),
  ]),
  ask(
    "talent",
    "read",
    "Sorry to bother you — could you remind me which roles we're currently hiring for? I'd like to list them on the people page of the board pack.",
    (w) => {
      const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
      return [
        names(
          open,
          w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
          open.length,
        ),
      ];
    },
  ),
  ask(
    "talent",
    "write",
    "Diane met a wonderful designer at the conference yesterday, Ada Lovelace (ada@analytical.io), and would like her considered for the Product Designer role. Could you add her, please, and put the source down as a referral? Oh — sorry, I've just looked at her card again and the email is actually ada.lovelace@analytical.io.",
    (w) => [
      created("candidate", {
        job_id: jobNamed(w, "Product Designer").id,
        first_name: is.text("Ada"),
        last_name: is.text("Lovelace"),
        email: "ada.lovelace@analytical.io",
        source: is.containing("referral"),
      }),
    ],
  ),
  ask(
    "talent",
    "write",
    "Good news — Katherine Johnson's final interview went very well, and Diane would like her moved forward to the offer stage. Would you mind?",
    (w) => {
      const c = candidateNamed(w, "Katherine Johnson");
      return [changed("candidate", c.id, { stage: "offer" }, fullName(c))];
    },
  ),
  ask("talent", "write", "Linus has accepted! Could I ask you to mark him as hired for the backend role, please? Diane is thrilled.", (w) => {
    const c = candidateNamed(w, "Linus Torvalds");
    return [changed("candidate", c.id, { stage: "hired" }, fullName(c))];
  }),
  ask(
    "talent",
    "write",
    "Diane has had a think and doesn't feel Radia Perlman is quite right for us, I'm afraid. Would you mind rejecting her application?",
    (w) => {
      const c = candidateNamed(w, "Radia Perlman");
      return [changed("candidate", c.id, { stage: "rejected" }, fullName(c))];
    },
  ),
  ask("talent", "write", "After chatting with Alan Turing again the CEO has revised her view of him — could his rating be changed to a 4, please?", (w) => {
    const c = candidateNamed(w, "Alan Turing");
    return [changed("candidate", c.id, { rating: 4 }, fullName(c))];
  }),
  ask(
    "talent",
    "write",
    "Now that Margaret Hamilton has started with us, Diane would like the Account Executive opening in New York closed. Could you take care of that for me?",
    (w) => {
      const j = jobNamed(w, "Account Executive");
      return [changed("job", j.id, { status: "closed" }, j.title)];
    },
  ),
  ask("talent", "question", "Could you move our candidate who's at the interview stage through to offer, please? Diane was very impressed.", () => [
    noChange(),
    asksBack(),
  ]),

  /* ===== intelligence (6) ===== */
  ask("intelligence", "figure", "Diane would like our win rate over the last 90 days for the board pack — would you be able to give me that, please?", (w) => [
    figure(snap(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent"),
  ]),
  ask(
    "intelligence",
    "figure",
    "Could I trouble you for our days sales outstanding on the dollar side? The CFO mentioned it and I'd like to have the exact number for the board pack.",
    (w) => {
      const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
      return [figure(usd.days_sales_outstanding, "USD days sales outstanding")];
    },
  ),
  ask(
    "intelligence",
    "figure",
    "How much do we have overdue in sterling at the moment, and across how many invoices? Diane is preparing for the UK review.",
    (w) => {
      const gbp = pick(snap(w).finance.currencies, (c) => c.currency === "GBP", "GBP finance figures");
      return [money({ GBP: gbp.overdue }, "GBP overdue"), count(gbp.overdue_count, "overdue GBP invoices")];
    },
  ),
  ask(
    "intelligence",
    "figure",
    "I was wondering whether you could give me the weighted value of the sales pipeline? The CEO quotes it to the board every month.",
    (w) => [
      money(
        sums(snap(w).growth.pipeline.totals, (t: { weighted_value: number }) => t.weighted_value),
        "weighted pipeline",
      ),
    ],
  ),
  ask("intelligence", "figure", "Would you be able to tell me how many people we've hired over the past twelve months? It's for the people slide.", (w) => [
    figure(snap(w).talent.hires_last_365_days, "hires in the last 12 months"),
  ]),
  ask(
    "intelligence",
    "figure",
    "For the aging section of the board pack, could you let me know how much in US dollars is between 61 and 90 days overdue?",
    (w) => {
      const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
      return [money({ USD: usd.aging["61_90"] ?? 0 }, "USD 61-90 days overdue")];
    },
  ),
];
