/*
 * Who asks: people dictating to their phones while driving or walking between
 * meetings: a sales lead, an office/finance clerk and a hiring manager. The
 * speech-to-text leaves run-on sentences with little or no punctuation,
 * numbers spelled out ("twenty five hundred dollars", "invoice number
 * twelve", "four stars"), fillers ("um", "okay so", "yeah"), corrections in
 * the middle of a sentence ("move it to proposal no wait negotiation") and the
 * odd misheard word a reader still understands ("in voice", "burners lee").
 */
import {
  approval,
  asksBack,
  ask,
  changed,
  count,
  created,
  date,
  enrolled,
  figure,
  mentionsAmount,
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
  addDays,
  contactsOf,
  accountNamed,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  jobNamed,
  candidatesOf,
  month,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  sums,
  unpaid,
  inStage,
} from "../facts.ts";
import type { Invoice, Snapshot, World } from "../world.ts";

/* ---------- local helpers ---------- */

/** Either check may hold (a change done at once, or the same change waiting for approval). */
function either(a: Check, b: Check): Check {
  return {
    text: `${a.text}, or else ${b.text}`,
    expectsProposal: Boolean(a.expectsProposal || b.expectsProposal),
    async judge(turn) {
      const first = await a.judge(turn);
      if (first === null) return null;
      const second = await b.judge(turn);
      if (second === null) return null;
      return `${first}; and not: ${second}`;
    },
    allows: (event) => Boolean(a.allows?.(event)) || Boolean(b.allows?.(event)),
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mentions = (reply: string, label: string) => new RegExp(`(?<![\\w-])${escapeRegExp(label)}(?![\\w-])`, "i").test(reply);
/** An invoice is named by its number, full (INV-000012) or short (INV-12). */
const namesInvoice = (reply: string, i: Invoice) => mentions(reply, i.number) || mentions(reply, shortNumber(i));

/** The reply names every one of these invoices (by full or short number) and none of `others`. */
function invoices(wanted: Invoice[], others: Invoice[] = []): Check {
  return {
    text: `the reply names ${wanted.map((i) => i.number).join(", ")}${
      others.length
        ? ` and none of ${others
            .map((i) => i.number)
            .slice(0, 4)
            .join(", ")}${others.length > 4 ? ", ..." : ""}`
        : ""
    }`,
    judge: ({ reply }) => {
      const wrong = others.filter((i) => namesInvoice(reply, i));
      if (wrong.length) return `the reply names ${wrong.map((i) => i.number).join(", ")}, which the request excludes`;
      const missing = wanted.filter((i) => !namesInvoice(reply, i));
      return missing.length ? `missing from the reply: ${missing.map((i) => i.number).join(", ")}` : null;
    },
  };
}

/** The reply names this invoice, by number or by its client. */
function namesOne(i: Invoice): Check {
  return {
    text: `the reply names ${i.number} (or ${i.client})`,
    judge: ({ reply }) =>
      namesInvoice(reply, i) || reply.toLowerCase().includes(i.client.toLowerCase()) ? null : `${i.number} / ${i.client} is not in the reply`,
  };
}

/** The reply states each of these amounts. */
function amounts(values: number[], what: string): Check {
  return {
    text: `the reply states the ${what}: ${values.join(", ")}`,
    judge: ({ reply }) => {
      const missing = values.filter((v) => !mentionsAmount(reply, v));
      return missing.length ? `missing from the reply: ${missing.join(", ")}` : null;
    },
  };
}

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};
const invoiceNumbered = (w: World, n: number) => pick(w.invoices, (i) => i.number === `INV-${String(n).padStart(6, "0")}`, `invoice INV-${n}`);
const contactNamed = (w: World, name: string, fits: (c: World["contacts"][number]) => boolean = () => true) =>
  pick(w.contacts, (c) => fullName(c).toLowerCase() === name.toLowerCase() && fits(c), `contact ${name}`);
const candidateNamed = (w: World, name: string) => pick(w.candidates, (c) => fullName(c).toLowerCase() === name.toLowerCase(), `candidate ${name}`);
const sequenceNamed = (w: World, text: string) => pick(w.sequences, (s) => s.name.toLowerCase().includes(text.toLowerCase()), `sequence ${text}`);
const dealNamed = (w: World, account: string, topic: string) =>
  pick(
    w.deals,
    (d) => d.name.toLowerCase().startsWith(account.toLowerCase()) && d.name.toLowerCase().includes(topic.toLowerCase()),
    `deal ${account} ${topic}`,
  );
const near = (x: number) => is.where(`about ${Math.round(x * 100) / 100}`, (v: number) => typeof v === "number" && Math.abs(v - x) < 0.005);

/* ---------- finance (12) ---------- */

const FINANCE: Case[] = [
  ask("finance", "read", "okay so stark logistics um how much do they still owe us all in across everything that isn't paid yet", (w) => [
    money(dueSums(ofClient(w, "Stark").filter(unpaid)), "amount Stark Logistics still owes"),
  ]),

  ask("finance", "read", "yeah which invoices are more than sixty days past due I need to chase those today", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    if (!late.length) throw new Error("no invoice more than 60 days overdue");
    return [
      invoices(
        late,
        w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60),
      ),
    ];
  }),

  ask("finance", "read", "what's the biggest unpaid invoice we've got in euros like the single largest one", (w) => {
    const eur = w.invoices.filter((i) => unpaid(i) && i.currency === "EUR").sort((a, b) => b.amount_due - a.amount_due);
    const top = eur[0];
    if (!top || (eur[1] && eur[1].amount_due === top.amount_due)) throw new Error("no single largest unpaid EUR invoice");
    return [namesOne(top), money({ EUR: top.amount_due }, "its amount")];
  }),

  ask("finance", "read", "um for umbrella health which invoices are still sitting in draft", (w) => {
    const mine = ofClient(w, "Umbrella");
    const drafts = mine.filter((i) => i.status === "draft");
    if (!drafts.length) throw new Error("no Umbrella draft");
    return [
      invoices(
        drafts,
        mine.filter((i) => i.status !== "draft"),
      ),
    ];
  }),

  ask("finance", "read", "when is the massive dynamic in voice due the one that's still open not the paid one", (w) => {
    const open = ofClient(w, "Massive Dynamic").filter(unpaid);
    if (open.length !== 1) throw new Error("Massive Dynamic should have one unpaid invoice");
    return [date(open[0]!.due_date, "due date")];
  }),

  ask(
    "finance",
    "write",
    "okay so acme robotics just wired the rest of what they owe on the onboarding workshop invoice twelve thousand eighteen dollars and twenty seven cents can you log that payment",
    (w) => {
      const i = pick(ofClient(w, "Acme"), (x) => unpaid(x) && (x.description ?? "").toLowerCase().includes("onboarding"), "Acme onboarding invoice");
      return [either(changed("invoice", i.id, { status: "paid", amount_due: near(0) }, i.number), approval(/pay/i, i.id, i.number))];
    },
  ),

  ask(
    "finance",
    "write",
    "log a payment on invoice number eleven no sorry twelve the initech one they sent five thousand dollars even it's only a partial payment",
    (w) => {
      const i = invoiceNumbered(w, 12);
      return [
        either(
          changed("invoice", i.id, { amount_paid: near(i.amount_paid + 5000), amount_due: near(i.amount_due - 5000) }, i.number),
          approval(/pay/i, i.id, i.number),
        ),
      ];
    },
  ),

  ask(
    "finance",
    "write",
    "new invoice for blue sun freight twenty five hundred dollars for an onboarding workshop due at the end of next month leave it as a draft for now",
    (w) => [
      created("invoice", {
        client: is.text("Blue Sun Freight"),
        amount: 2500,
        currency: "USD",
        status: "draft",
        due_date: month(w, 1)[1],
        description: is.containing("onboarding"),
      }),
    ],
  ),

  ask(
    "finance",
    "write",
    "the blue sun freight invoice the euro one for eighty five hundred and something um they cancelled the subscription so void it please",
    (w) => {
      const i = pick(ofClient(w, "Blue Sun"), (x) => unpaid(x) && x.currency === "EUR", "Blue Sun EUR invoice");
      return [either(changed("invoice", i.id, { status: "void" }, i.number), approval(/void/i, i.id, i.number))];
    },
  ),

  ask("finance", "write", "hooli asked for more time on their euro invoice so push the due date back two weeks from whatever it's set to now", (w) => {
    const i = pick(ofClient(w, "Hooli"), (x) => unpaid(x) && x.currency === "EUR", "Hooli EUR invoice");
    return [changed("invoice", i.id, { due_date: addDays(i.due_date, 14) }, i.number)];
  }),

  ask("finance", "write", "pied piper went under so um write off their invoice we're never getting that money", (w) => {
    const open = ofClient(w, "Pied Piper").filter(unpaid);
    if (open.length !== 1) throw new Error("Pied Piper should have one unpaid invoice");
    const i = open[0]!;
    return [either(changed("invoice", i.id, { status: "uncollectible" }, i.number), approval(/uncollectible|write/i, i.id, i.number))];
  }),

  ask("finance", "question", "okay the gringotts data migration draft go ahead and finalize it and send it out", (w) => {
    const drafts = ofClient(w, "Gringotts").filter((i) => i.status === "draft" && (i.description ?? "").toLowerCase().includes("data migration"));
    if (drafts.length < 2) throw new Error("expected two Gringotts data migration drafts");
    return [noChange(), asksBack()];
  }),
];

/* ---------- growth (12) ---------- */

const GROWTH: Case[] = [
  ask("growth", "read", "which deals are in negotiation right now and what's each one worth", (w) => {
    const neg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    if (!neg.length) throw new Error("no deal in negotiation");
    const accountName = (id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "";
    const inNeg = new Set(neg.map((d) => d.account_id));
    const otherAccounts = w.deals.filter((d) => d.status === "open" && !inNeg.has(d.account_id)).map((d) => accountName(d.account_id));
    return [
      names(
        neg.map((d) => accountName(d.account_id)),
        otherAccounts,
        neg.length,
      ),
      amounts(
        neg.map((d) => d.amount ?? 0),
        "deal values",
      ),
    ];
  }),

  ask("growth", "read", "um what's the total value of the open deals with stark logistic", (w) => {
    const stark = accountNamed(w, "Stark");
    const open = w.deals.filter((d) => d.account_id === stark.id && d.status === "open");
    return [
      money(
        sums(open, (d: { amount: number | null }) => d.amount ?? 0),
        "open pipeline with Stark Logistics",
      ),
    ];
  }),

  ask("growth", "read", "who do we have as contacts over at stark logistics I'm about to walk into their office", (w) => {
    const stark = accountNamed(w, "Stark");
    const theirs = contactsOf(w, stark.id).map(fullName);
    const rest = w.contacts.filter((c) => c.account_id !== stark.id).map(fullName);
    return [names(theirs, rest, theirs.length)];
  }),

  ask("growth", "read", "yeah who's currently enrolled in the new lead follow up sequence", (w) => {
    const seq = sequenceNamed(w, "new lead");
    const inIt = enrolledContacts(w, seq.id).map(fullName);
    if (!inIt.length) throw new Error("nobody enrolled");
    const rest = w.contacts.map(fullName).filter((n) => !inIt.includes(n));
    return [names(inIt, rest, Math.min(5, inIt.length))];
  }),

  ask("growth", "read", "when is the umbrella health fifty seat expansion supposed to close", (w) => {
    const d = dealNamed(w, "Umbrella", "50 seats");
    if (!d.expected_close_date) throw new Error("the Umbrella expansion has no close date");
    return [date(d.expected_close_date, "expected close date")];
  }),

  ask("growth", "write", "okay tyrell bio tech platform rollout move it to proposal no wait negotiation they skipped right ahead after the demo", (w) => {
    const d = dealNamed(w, "Tyrell", "Platform rollout");
    return [changed("deal", d.id, { stage_id: stageNamed(w, "Negotiation").id }, d.name)];
  }),

  ask("growth", "write", "add a new contact at hooli cloud priya nair she's the head of finance email is priya dot nair at hooli dot cloud", (w) => [
    created("contact", {
      first_name: is.text("Priya"),
      last_name: is.text("Nair"),
      email: "priya.nair@hooli.cloud",
      title: is.containing("finance"),
      account_id: accountNamed(w, "Hooli").id,
    }),
  ]),

  ask("growth", "write", "put isla haddad from stark into the new lead follow up sequence", (w) => {
    const seq = sequenceNamed(w, "new lead");
    const isla = contactNamed(w, "Isla Haddad");
    return [enrolled(seq.id, isla.id, "Isla Haddad")];
  }),

  ask("growth", "write", "take liam okafor the northwind one out of the new lead follow up he told me on the call he's not interested", (w) => {
    const seq = sequenceNamed(w, "new lead");
    const nw = accountNamed(w, "Northwind");
    const liam = contactNamed(w, "Liam Okafor", (c) => c.account_id === nw.id);
    if (!enrolledContacts(w, seq.id).some((c) => c.id === liam.id)) throw new Error("Liam Okafor (Northwind) is not enrolled");
    return [unenrolled(seq.id, liam.id, "Liam Okafor")];
  }),

  ask("growth", "write", "pause the new lead follow up sequence for now we're rewriting the emails", (w) => {
    const seq = sequenceNamed(w, "new lead");
    if (seq.status !== "active") throw new Error("the sequence is not active");
    return [changed("sequence", seq.id, { status: "paused" }, seq.name)];
  }),

  ask(
    "growth",
    "write",
    "create a deal for northwind traders um call it analytics add on twelve and a half thousand dollars should close by the end of january",
    (w) => [
      created("deal", {
        name: is.containing("analytics"),
        account_id: accountNamed(w, "Northwind").id,
        amount: 12500,
        currency: "USD",
        expected_close_date: endOfNamedMonth(w, 1),
      }),
    ],
  ),

  ask("growth", "question", "enroll olivia tanaka in the new lead follow up sequence thanks", (w) => {
    const olivias = w.contacts.filter((c) => fullName(c) === "Olivia Tanaka");
    if (olivias.length < 2) throw new Error("expected two contacts named Olivia Tanaka");
    return [noChange(), asksBack()];
  }),
];

/* ---------- talent (12) ---------- */

const TALENT: Case[] = [
  ask("talent", "read", "how many candidates are still in the running for the senior backend engineer job not counting anyone hired or rejected", (w) => {
    const job = jobNamed(w, "Backend");
    return [count(candidatesOf(w, job.id).filter((c) => c.stage !== "hired" && c.stage !== "rejected").length, "candidates in the running")];
  }),

  ask("talent", "read", "who's at the offer stage right now across all our jobs", (w) => {
    const at = inStage(w, "offer");
    if (!at.length) throw new Error("nobody at offer");
    return [names(at.map(fullName), w.candidates.filter((c) => c.stage !== "offer").map(fullName), at.length)];
  }),

  ask("talent", "read", "which candidates came to us through referrals", (w) => {
    const refs = w.candidates.filter((c) => (c.source ?? "").toLowerCase() === "referral");
    if (!refs.length) throw new Error("no referral candidates");
    return [names(refs.map(fullName), w.candidates.filter((c) => !refs.includes(c)).map(fullName), refs.length)];
  }),

  ask("talent", "read", "for the account exec role who's our highest rated candidate that we haven't rejected", (w) => {
    const job = jobNamed(w, "Account Executive");
    const live = candidatesOf(w, job.id)
      .filter((c) => c.stage !== "rejected" && c.rating !== null)
      .sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
    const top = live[0];
    if (!top || (live[1] && live[1].rating === top.rating)) throw new Error("no single top-rated Account Executive candidate");
    return [names([fullName(top)])];
  }),

  ask("talent", "read", "where's radia perlman at in the process for the product designer job", (w) => {
    const radia = candidateNamed(w, "Radia Perlman");
    return [says(radia.stage)];
  }),

  ask("talent", "write", "tim burners lee move him to rejected no wait no no to offer the design team loved him", (w) => {
    const tim = candidateNamed(w, "Tim Berners-Lee");
    if (tim.stage !== "interview") throw new Error("Tim Berners-Lee should be at interview");
    return [changed("candidate", tim.id, { stage: "offer" }, "Tim Berners-Lee")];
  }),

  ask("talent", "write", "give alan turing four stars he did way better on the second call", (w) => {
    const alan = candidateNamed(w, "Alan Turing");
    return [changed("candidate", alan.id, { rating: 4 }, "Alan Turing")];
  }),

  ask("talent", "write", "reject grace hopper for the backend role um she took another offer", (w) => {
    const grace = candidateNamed(w, "Grace Hopper");
    return [changed("candidate", grace.id, { stage: "rejected" }, "Grace Hopper")];
  }),

  ask("talent", "write", "frances accepted yeah mark her hired for the product designer job", (w) => {
    const frances = candidateNamed(w, "Frances Allen");
    if (frances.stage !== "offer") throw new Error("Frances Allen should be at offer");
    return [changed("candidate", frances.id, { stage: "hired" }, "Frances Allen")];
  }),

  ask("talent", "write", "add a candidate to the account executive role joan clarke joan dot clarke at example dot com she came in as a referral", (w) => [
    created("candidate", {
      first_name: is.text("Joan"),
      last_name: is.text("Clarke"),
      email: "joan.clarke@example.com",
      job_id: jobNamed(w, "Account Executive").id,
      source: is.containing("referral"),
    }),
  ]),

  ask("talent", "write", "we need a new job posting data analyst based in london full time under the engineering department", () => [
    created("job", {
      title: is.containing("data analyst"),
      location: is.containing("london"),
      department: is.text("Engineering"),
      employment_type: "full_time",
      status: "open",
    }),
  ]),

  ask("talent", "question", "move margaret hamilton back to the interview stage we want one more round with her", (w) => {
    const margaret = candidateNamed(w, "Margaret Hamilton");
    if (margaret.stage !== "hired") throw new Error("Margaret Hamilton should be hired");
    return [noChange()];
  }),
];

/* ---------- intelligence (6) ---------- */

const INTELLIGENCE: Case[] = [
  ask("intelligence", "figure", "okay so what's our win rate been over the last ninety days", (w) => [
    figure(snap(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent"),
  ]),

  ask("intelligence", "figure", "how much money is outstanding right now broken out by currency", (w) => {
    const out: Record<string, number> = {};
    for (const c of snap(w).finance.currencies) out[c.currency] = c.outstanding;
    return [money(out, "outstanding amount per currency")];
  }),

  ask("intelligence", "figure", "um what's the weighted value of the pipeline at the moment", (w) => {
    const out: Record<string, number> = {};
    for (const t of snap(w).growth.pipeline.totals) out[t.currency] = t.weighted_value;
    return [money(out, "weighted pipeline value")];
  }),

  ask("intelligence", "figure", "what's our DSO on the dollar invoices you know days sales outstanding", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
    return [figure(usd.days_sales_outstanding, "days sales outstanding for USD")];
  }),

  ask("intelligence", "figure", "um what reply rate are we getting on the outreach sequences", (w) => [
    figure(snap(w).growth.sequences.reply_rate, "sequence reply rate", "percent"),
  ]),

  ask("intelligence", "figure", "how much in US dollars is between thirty one and sixty days overdue", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
    const value = usd.aging["31_60"];
    if (value === undefined) throw new Error("no 31-60 aging bucket");
    return [money({ USD: value }, "USD overdue 31 to 60 days")];
  }),
];

export const CASES: Case[] = [...FINANCE, ...GROWTH, ...TALENT, ...INTELLIGENCE];
