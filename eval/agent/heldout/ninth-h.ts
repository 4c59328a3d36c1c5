/*
 * ninth-h: the owner-operator of a 12-person agency, typing from a phone
 * between meetings. Terse, mostly lower case, typos and shorthand.
 * 42 cases across finance, growth, talent and intelligence.
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
  mentionsAmount,
  mentionsNumber,
  money,
  names,
  noChange,
  says,
  type ApiEvent,
  type Case,
  type Check,
  type Engine,
} from "../judge.ts";
import {
  accountNamed,
  contactsOf,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  jobNamed,
  candidatesOf,
  ofClient,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  sums,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Deal, Invoice, Snapshot, World } from "../world.ts";

/* ---------- helpers of this set ---------- */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const wholeWord = (reply: string, label: string) => new RegExp(`(?<![\\w-])${escapeRegExp(label)}(?![\\w-])`, "i").test(reply);
/** An invoice as people refer to it: INV-000010 or INV-10. */
const invoiceForms = (i: Invoice) => [...new Set([i.number, shortNumber(i)])];
const mentionsInvoice = (reply: string, i: Invoice) => invoiceForms(i).some((f) => wholeWord(reply, f));

/** The reply names every one of these invoices (by number, long or short) and none of the others. */
function invoices(wanted: Invoice[], others: Invoice[]): Check {
  return {
    text: `the reply names ${wanted.map((i) => i.number).join(", ")}${
      others.length
        ? ` and none of ${others
            .slice(0, 4)
            .map((i) => i.number)
            .join(", ")}${others.length > 4 ? ", ..." : ""}`
        : ""
    }`,
    judge: ({ reply }) => {
      const wrong = others.filter((i) => mentionsInvoice(reply, i));
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

/** The reply points at this invoice: its number (long or short), or its client with its amount due or its days overdue. */
function pointsAt(i: Invoice): Check {
  return {
    text: `the reply names ${i.number} (or ${i.client} with ${i.amount_due.toFixed(2)} or ${i.days_overdue} days)`,
    judge: ({ reply }) =>
      mentionsInvoice(reply, i) ||
      (reply.toLowerCase().includes(i.client.toLowerCase()) &&
        (mentionsAmount(reply, i.amount_due) || (i.days_overdue > 0 && mentionsNumber(reply, i.days_overdue))))
        ? null
        : `the reply does not point at ${i.number} (${i.client})`,
  };
}

/**
 * One of these outcomes. Whether recording a payment waits for approval is the
 * product's policy, not the person's words: either the payment is recorded or
 * it waits for approval on the right invoice.
 */
function either(...checks: Check[]): Check {
  let passed: Check | undefined;
  return {
    text: checks.map((c) => c.text).join("; or "),
    expectsProposal: checks.some((c) => c.expectsProposal),
    async judge(turn) {
      const reasons: string[] = [];
      for (const check of checks) {
        const reason = await check.judge(turn);
        if (reason === null) {
          passed = check;
          return null;
        }
        reasons.push(reason);
      }
      return reasons.join("; or ");
    },
    allows: (event) => passed?.allows?.(event) ?? false,
  };
}

/** Also allows the side events of a change that are about the same record (a sequence's enrollments when it is paused). */
function alsoAllow(check: Check, related: (event: ApiEvent) => boolean): Check {
  let right = false;
  return {
    ...check,
    async judge(turn) {
      const reason = await check.judge(turn);
      right = reason === null;
      return reason;
    },
    allows: (event) => (check.allows?.(event) ?? false) || (right && related(event)),
  };
}

/** Nothing changes and nothing waits for approval, except that looking at a fresh snapshot is fair. */
function noChangeButSnapshot(): Check {
  const snap = (e: ApiEvent) => e.type === "intelligence.snapshot_created";
  return {
    text: "nothing changes (a fresh snapshot aside) and nothing waits for approval",
    judge: ({ changes, proposals }) => {
      const other = changes.filter((e) => !snap(e));
      return other.length ? `changed: ${other.map((e) => e.type).join(", ")}` : proposals.length ? `proposed ${proposals.map((p) => p.tool).join(", ")}` : null;
    },
    allows: snap,
  };
}

/** A money amount equal to this one, to the cent. */
const amountOf = (n: number) => is.where(`${n.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - n) < 0.005);
const refsOf = (i: Invoice) => [i.id, ...invoiceForms(i)];

const only = <T>(list: T[], what: string): T => {
  if (list.length !== 1) throw new Error(`expected exactly one ${what}, found ${list.length}`);
  return list[0]!;
};
const snapshot = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const dealNamed = (w: World, name: string): Deal => pick(w.deals, (d) => d.name.toLowerCase() === name.toLowerCase(), `deal ${name}`);
const candidateNamed = (w: World, name: string) => pick(w.candidates, (c) => fullName(c).toLowerCase() === name.toLowerCase(), `candidate ${name}`);
const uniqueContact = (w: World, name: string, account?: string) => {
  const matches = w.contacts.filter((c) => fullName(c).toLowerCase() === name.toLowerCase() && (!account || c.account_id === accountNamed(w, account).id));
  return only(matches, `contact ${name}${account ? ` at ${account}` : ""}`);
};
/** The request names a person or a record more than one match: ambiguity the case relies on. */
const ambiguous = (engine: Engine, say: string, holds: (w: World) => boolean, what: string): Case =>
  ask(engine, "question", say, (w) => {
    if (!holds(w)) throw new Error(what);
    return [noChange()];
  });

/* ---------- the cases ---------- */

export const CASES: Case[] = [
  /* ===== finance: writes ===== */
  ask("finance", "write", "acme robotics wired 5k this morning against the overdue inv. pls log the payment", (w) => {
    const inv = only(
      ofClient(w, "Acme Robotics").filter((i) => i.status === "overdue"),
      "overdue Acme Robotics invoice",
    );
    if (inv.currency !== "USD" || inv.amount_due <= 5000) throw new Error("Acme's overdue invoice is not a USD one with more than 5000 due");
    const recorded = changed("invoice", inv.id, { amount_paid: amountOf(inv.amount_paid + 5000), amount_due: amountOf(inv.amount_due - 5000) }, inv.number);
    return [either(recorded, approval(/pay/i, ...refsOf(inv)))];
  }),
  ask("finance", "write", "pied piper finally paid up!! mark thier inv paid in full", (w) => {
    const inv = only(ofClient(w, "Pied Piper").filter(unpaid), "unpaid Pied Piper invoice");
    const recorded = changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number);
    return [either(recorded, approval(/pay/i, ...refsOf(inv)))];
  }),
  ask("finance", "write", "gringotts has 2 draft invs, the smaller one is a dupe. delete it pls", (w) => {
    const drafts = ofClient(w, "Gringotts").filter((i) => i.status === "draft");
    if (drafts.length !== 2) throw new Error(`expected 2 Gringotts drafts, found ${drafts.length}`);
    const smaller = [...drafts].sort((a, b) => a.amount - b.amount)[0]!;
    return [approval(/delete/i, ...refsOf(smaller))];
  }),
  ask("finance", "write", "wayne enterprises is never paying that overdue one, just write it off", (w) => {
    const inv = only(
      ofClient(w, "Wayne").filter((i) => i.status === "overdue"),
      "overdue Wayne Enterprises invoice",
    );
    return [approval(/uncollectible|write.?off/i, ...refsOf(inv))];
  }),
  ask("finance", "write", "new inv for blue sun freight pls - 3.2k eur for the brand refresh, due end of jan", (w) => [
    created("invoice", { client: is.text("Blue Sun Freight"), amount: 3200, currency: "EUR", due_date: endOfNamedMonth(w, 1) }),
  ]),
  ask("finance", "write", "the monarch draft inv has the wrong amount, shd be 19.5k. fix pls", (w) => {
    const inv = only(
      ofClient(w, "Monarch").filter((i) => i.status === "draft"),
      "Monarch Solutions draft",
    );
    if (inv.amount === 19500) throw new Error("the Monarch draft is already 19500");
    return [changed("invoice", inv.id, { amount: 19500, status: "draft" }, inv.number)];
  }),

  /* ===== finance: reads ===== */
  ask("finance", "read", "how much does stark logistics owe us all in", (w) => {
    const open = ofClient(w, "Stark Logistics").filter(unpaid);
    if (!open.length) throw new Error("Stark Logistics owes nothing");
    return [money(dueSums(open), "amount Stark Logistics owes")];
  }),
  ask("finance", "read", "which invs are 60+ days late", (w) => {
    const late = w.invoices.filter((i) => i.status === "overdue");
    const old = late.filter((i) => i.days_overdue >= 60);
    if (!old.length) throw new Error("no invoice 60+ days overdue");
    return [
      invoices(
        old,
        late.filter((i) => i.days_overdue < 60),
      ),
    ];
  }),
  ask("finance", "read", "how many invoices r still sitting in draft?", (w) => [
    count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices"),
  ]),
  ask("finance", "read", "whats our oldest unpaid invoice", (w) => {
    const open = w.invoices.filter(unpaid).sort((a, b) => a.due_date.localeCompare(b.due_date));
    if (open.length < 2 || open[0]!.due_date === open[1]!.due_date) throw new Error("no single oldest unpaid invoice");
    return [pointsAt(open[0]!)];
  }),
  ask("finance", "read", "tyrell onboarding workshop inv - how much is still outstanding on it", (w) => {
    const inv = only(
      ofClient(w, "Tyrell").filter((i) => (i.description ?? "").toLowerCase().includes("onboarding")),
      "Tyrell Biotech onboarding invoice",
    );
    if (!unpaid(inv)) throw new Error("the Tyrell onboarding invoice is not unpaid");
    return [money({ [inv.currency]: inv.amount_due }, "amount still due")];
  }),

  /* ===== finance: questions ===== */
  ask("finance", "question", "make an inv for hooli cloud for 8k", () => [noChange()]),
  ambiguous(
    "finance",
    "void the stark logistics invoice asap",
    (w) => ofClient(w, "Stark Logistics").filter(unpaid).length > 1,
    "Stark Logistics has no more than one unpaid invoice",
  ),

  /* ===== growth: writes ===== */
  ask("growth", "write", "tyrell platform rollout -> proposal stage pls, sent them the deck today", (w) => {
    const deal = dealNamed(w, "Tyrell Biotech: Platform rollout");
    const proposal = stageNamed(w, "Proposal");
    if (deal.status !== "open" || deal.stage_id === proposal.id) throw new Error("the Tyrell platform rollout is not open before Proposal");
    return [changed("deal", deal.id, { stage_id: proposal.id, status: "open" }, deal.name)];
  }),
  ask("growth", "write", "we won hooli!! mark the deal closed won", (w) => {
    const account = accountNamed(w, "Hooli");
    const deal = only(
      w.deals.filter((d) => d.account_id === account.id && d.status === "open"),
      "open Hooli deal",
    );
    return [changed("deal", deal.id, { stage_id: stageNamed(w, "Closed won").id, status: "won" }, deal.name)];
  }),
  ask("growth", "write", "new deal for initech: phase 2 retainer, 45k usd. stick it in qualified", (w) => [
    created("deal", {
      name: is.containing("phase 2"),
      amount: 45000,
      currency: "USD",
      stage_id: stageNamed(w, "Qualified").id,
      account_id: accountNamed(w, "Initech").id,
    }),
  ]),
  ask("growth", "write", "add a contact - priya nair, head of finance at globex, priya.nair@globex.com", (w) => [
    created("contact", {
      first_name: is.text("Priya"),
      last_name: is.text("Nair"),
      email: "priya.nair@globex.com",
      title: is.text("Head of Finance"),
      account_id: accountNamed(w, "Globex").id,
    }),
  ]),
  ask("growth", "write", "isla haddad at stark got promoted, her title is finance director now. update pls thx", (w) => {
    const isla = uniqueContact(w, "Isla Haddad", "Stark");
    return [changed("contact", isla.id, { title: is.text("Finance Director") }, fullName(isla))];
  }),
  ask("growth", "write", "put james novak (stark ceo) into the new lead follow up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("follow"), "follow-up sequence");
    const james = uniqueContact(w, "James Novak");
    if (enrolledContacts(w, seq.id).some((c) => c.id === james.id)) throw new Error("James Novak is already enrolled");
    return [enrolled(seq.id, james.id, fullName(james))];
  }),
  ask("growth", "write", "pause the follow-up sequence til after the holidays", (w) => {
    const seq = only(
      w.sequences.filter((s) => s.name.toLowerCase().includes("follow")),
      "follow-up sequence",
    );
    if (seq.status !== "active") throw new Error("the follow-up sequence is not active");
    return [alsoAllow(changed("sequence", seq.id, { status: "paused" }, seq.name), (e) => e.data.object.sequence_id === seq.id)];
  }),

  /* ===== growth: reads ===== */
  ask("growth", "read", "what deals r in negotiation rn", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const inNeg = open.filter((d) => stageOf(w, d).name === "Negotiation");
    const accountName = (d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal's account").name;
    const negAccounts = new Set(inNeg.map(accountName));
    const elsewhere = [...new Set(open.filter((d) => !negAccounts.has(accountName(d))).map(accountName))];
    if (inNeg.length < 2) throw new Error("fewer than 2 deals in Negotiation");
    return [names([...negAccounts], elsewhere, negAccounts.size)];
  }),
  ask("growth", "read", "how many ppl do we have at stark logistics in the crm", (w) => [
    count(contactsOf(w, accountNamed(w, "Stark Logistics").id).length, "contacts at Stark Logistics"),
  ]),
  ask("growth", "read", "how much $ is sitting in proposal stage atm", (w) => {
    const proposal = stageNamed(w, "Proposal");
    const deals = w.deals.filter((d) => d.stage_id === proposal.id && d.status === "open");
    if (!deals.length) throw new Error("no deal in Proposal");
    return [
      money(
        sums(deals, (d: Deal) => d.amount ?? 0),
        "value in Proposal",
      ),
    ];
  }),
  ask("growth", "read", "whos currently getting the follow up emails", (w) => {
    const seq = only(
      w.sequences.filter((s) => s.name.toLowerCase().includes("follow")),
      "follow-up sequence",
    );
    const inIt = enrolledContacts(w, seq.id);
    if (!inIt.length) throw new Error("nobody is enrolled");
    const enrolledNames = new Set(inIt.map(fullName));
    const others = w.contacts.map(fullName).filter((n) => !enrolledNames.has(n));
    return [names([...enrolledNames], others, enrolledNames.size)];
  }),

  /* ===== growth: questions ===== */
  ambiguous(
    "growth",
    "add olivia tanaka to the follow up seq",
    (w) => w.contacts.filter((c) => fullName(c) === "Olivia Tanaka").length > 1 && !uniqueContacts(w).some((c) => fullName(c) === "Olivia Tanaka"),
    "Olivia Tanaka is not a name two contacts share",
  ),
  ambiguous(
    "growth",
    "bump the initech pilot deal to 10k",
    (w) => w.deals.filter((d) => d.name.toLowerCase().startsWith("initech") && d.name.toLowerCase().includes("pilot")).length > 1,
    "Initech does not have two pilot deals",
  ),

  /* ===== talent: writes ===== */
  ask("talent", "write", "katherine johnson smashed her interview. move her to offer", (w) => {
    const k = candidateNamed(w, "Katherine Johnson");
    if (k.stage !== "interview") throw new Error("Katherine Johnson is not at interview");
    return [changed("candidate", k.id, { stage: "offer" }, fullName(k))];
  }),
  ask("talent", "write", "linus accepted!! mark him as hired", (w) => {
    const linus = only(
      w.candidates.filter((c) => c.first_name.toLowerCase() === "linus"),
      "candidate Linus",
    );
    if (linus.stage !== "offer") throw new Error("Linus is not at offer");
    return [changed("candidate", linus.id, { stage: "hired" }, fullName(linus))];
  }),
  ask("talent", "write", "new applicant for the product designer role: maya lin, maya.lin@gmail.com. came in as a referral", (w) => [
    created("candidate", {
      first_name: is.text("Maya"),
      last_name: is.text("Lin"),
      email: "maya.lin@gmail.com",
      job_id: jobNamed(w, "Product Designer").id,
      source: is.containing("referral"),
    }),
  ]),
  ask("talent", "write", "the account exec role is filled, pls close the job", (w) => {
    const job = jobNamed(w, "Account Executive");
    if (job.status !== "open") throw new Error("the Account Executive job is not open");
    return [changed("job", job.id, { status: "closed" }, job.title)];
  }),

  /* ===== talent: reads ===== */
  ask("talent", "read", "whos still in the running for the backend eng role", (w) => {
    const job = jobNamed(w, "Backend");
    const mine = candidatesOf(w, job.id);
    const active = mine.filter((c) => c.stage !== "rejected" && c.stage !== "hired");
    const out = [...mine.filter((c) => !active.includes(c)), ...w.candidates.filter((c) => c.job_id !== job.id)];
    return [names(active.map(fullName), out.map(fullName), active.length)];
  }),
  ask("talent", "read", "how many ppl applied to the designer job in total", (w) => [
    count(candidatesOf(w, jobNamed(w, "Designer").id).length, "candidates for the Product Designer job"),
  ]),
  ask("talent", "read", "who do we have at offer stage rn", (w) => {
    const atOffer = w.candidates.filter((c) => c.stage === "offer");
    if (!atOffer.length) throw new Error("nobody at offer");
    return [names(atOffer.map(fullName), w.candidates.filter((c) => c.stage !== "offer").map(fullName), atOffer.length)];
  }),

  /* ===== talent: question ===== */
  ask("talent", "question", "set up an interview w grace hopper thurs at 2pm", (w) => {
    candidateNamed(w, "Grace Hopper");
    return [noChange()];
  }),

  /* ===== intelligence: figures ===== */
  ask("intelligence", "figure", "whats our win rate been lately", (w) => [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")]),
  ask("intelligence", "figure", "dso on usd invoices? need it for the bank call tmrw", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return [figure(usd.days_sales_outstanding, "USD days sales outstanding")];
  }),
  ask("intelligence", "figure", "what's the weighted pipeline at rn", (w) => {
    const totals = snapshot(w).growth.pipeline.totals;
    return [money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline value")];
  }),
  ask("intelligence", "figure", "how many hires have we made in the last 12 months", (w) => [
    figure(snapshot(w).talent.hires_last_365_days, "hires in the last 12 months"),
  ]),
  ask("intelligence", "figure", "how much money is 31-60 days overdue", (w) => {
    const currencies = snapshot(w).finance.currencies as (Snapshot["finance"]["currencies"][number] & { aging: Record<string, number> })[];
    const buckets = Object.fromEntries(currencies.map((c) => [c.currency, c.aging["31_60"] ?? 0]));
    if (!Object.values(buckets).some((v) => v > 0)) throw new Error("nothing 31-60 days overdue");
    return [money(buckets, "amount 31-60 days overdue")];
  }),
  ask("intelligence", "figure", "how many new contacts came in the last 30 days", (w) => [
    figure(snapshot(w).growth.new_contacts_last_30_days, "new contacts in the last 30 days"),
  ]),

  /* ===== intelligence: read ===== */
  ask("intelligence", "read", "which stage of the pipeline has the most $ in it", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    if (new Set(open.map((d) => d.currency)).size !== 1) throw new Error("open deals in more than one currency");
    const byStage = new Map<string, number>();
    for (const d of open) byStage.set(stageOf(w, d).name, (byStage.get(stageOf(w, d).name) ?? 0) + (d.amount ?? 0));
    const ranked = [...byStage.entries()].sort((a, b) => b[1] - a[1]);
    if (ranked.length < 2 || ranked[0]![1] === ranked[1]![1]) throw new Error("no single stage holds the most");
    return [says(ranked[0]![0])];
  }),

  /* ===== intelligence: question ===== */
  ask("intelligence", "question", "hows our runway looking, how many months of cash do we have left", () => [noChangeButSnapshot()]),
];
