/*
 * Persona: Sam, founder and CEO of a 12-person startup, still sells and hires personally.
 * Dictates to the phone while walking: run-on sentences, fillers, numbers as the dictation renders them,
 * the odd mis-heard name ("tyrel", "hooley", "catherine"), corrections mid-sentence.
 * Mix: growth ~40%, talent ~30%, finance ~15%, headline figures ~15%.
 */
import { about, approval, ask, changed, count, created, date, enrolled, figure, is, money, names, noChange, says } from "../judge.ts";
import type { Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  contactsOf,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  pick,
  stageNamed,
  stageOf,
  sums,
  today,
  unpaid,
} from "../facts.ts";
import type { Candidate, Contact, Deal, World } from "../world.ts";

/* ---------- small helpers of this set ---------- */

const accountName = (w: World, d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, `account of ${d.name}`).name;
const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
/** The single open deal of an account whose name starts with `name`, with the topic word in it. */
const dealOf = (w: World, account: string, topic: string): Deal => {
  const acc = accountNamed(w, account);
  const fits = dealsOf(w, acc.id).filter((d) => d.name.toLowerCase().includes(topic.toLowerCase()));
  if (fits.length !== 1) throw new Error(`expected exactly one ${account} deal about ${topic}, found ${fits.length}`);
  return fits[0]!;
};
/** The contact of this full name at this account. */
const contactAt = (w: World, name: string, account: string): Contact => {
  const acc = accountNamed(w, account);
  return pick(contactsOf(w, acc.id), (c) => fullName(c).toLowerCase() === name.toLowerCase(), `${name} at ${account}`);
};
const candidateNamed = (w: World, name: string): Candidate => {
  const all = w.candidates.filter((c) => fullName(c).toLowerCase() === name.toLowerCase());
  if (all.length !== 1) throw new Error(`expected one candidate ${name}, found ${all.length}`);
  return all[0]!;
};
const theSequence = (w: World, text: string) => pick(w.sequences, (s) => s.name.toLowerCase().includes(text.toLowerCase()), `sequence ${text}`);
const activeIn = (w: World, sequenceId: string) =>
  new Set(w.enrollments.filter((e) => e.sequence_id === sequenceId && e.status === "active").map((e) => e.contact_id));
const invoicesOf = (w: World, client: string) => w.invoices.filter((i) => i.client.toLowerCase().startsWith(client.toLowerCase()));
const uniq = (xs: string[]) => [...new Set(xs)];
const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
/** Per-currency sums of a snapshot's currency rows. */
const perCurrency = (rows: { currency: string }[], value: (r: never) => number): Record<string, number> =>
  Object.fromEntries(rows.map((r) => [r.currency, Math.round(value(r as never) * 100) / 100]));

/* ---------- growth (17) ---------- */

const growth: Case[] = [
  // reads
  about("growth", "read", "what's sitting in negotiation", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const inNeg = openDeals(w).filter((d) => d.stage_id === neg.id);
    if (!inNeg.length) throw new Error("no deal in negotiation");
    const wanted = uniq(inNeg.map((d) => accountName(w, d)));
    const others = uniq(
      openDeals(w)
        .filter((d) => d.stage_id !== neg.id)
        .map((d) => accountName(w, d)),
    );
    return {
      say: "ok so um whats actually sitting in negotiation right now like which deals are basically there",
      expect: [names(wanted, others, wanted.length)],
    };
  }),
  about("growth", "read", "open deals expected to close by the end of the year, and their total", (w) => {
    const yearEnd = `${today(w).slice(0, 4)}-12-31`;
    const closing = openDeals(w).filter((d) => d.expected_close_date !== null && d.expected_close_date <= yearEnd);
    if (!closing.length) throw new Error("no open deal closing this year");
    const wanted = uniq(closing.map((d) => accountName(w, d)));
    const later = uniq(
      openDeals(w)
        .filter((d) => !closing.includes(d))
        .map((d) => accountName(w, d)),
    );
    return {
      say: "what have we got thats supposed to close before end of the year and how much is that all together i want to know what december looks like",
      expect: [
        count(closing.length, "deals"),
        money(
          sums(closing, (d: Deal) => d.amount ?? 0),
          "value of those deals",
        ),
        names(wanted, later, wanted.length),
      ],
    };
  }),
  about("growth", "read", "who our contacts at Stark are", (w) => {
    const stark = accountNamed(w, "Stark");
    const mine = contactsOf(w, stark.id).map(fullName);
    const others = w.contacts.filter((c) => c.account_id !== stark.id).map(fullName);
    return {
      say: "remind me who we know over at stark logistics i've got a call with them in like ten minutes",
      expect: [names(mine, others, mine.length)],
    };
  }),
  about("growth", "read", "which contacts are tagged decision-maker", (w) => {
    const dm = w.contacts.filter((c) => c.tags.some((t) => t.toLowerCase() === "decision-maker"));
    if (!dm.length) throw new Error("no decision-maker contacts");
    const wanted = uniq(dm.map(fullName));
    const others = uniq(w.contacts.filter((c) => !dm.includes(c)).map(fullName));
    return {
      say: "pull up everyone we've got tagged as a decision maker yeah across all the accounts i want to do some founder outreach myself",
      expect: [names(wanted, others, wanted.length)],
    };
  }),
  about("growth", "read", "the deals we lost and how big they were", (w) => {
    const lost = w.deals.filter((d) => d.status === "lost");
    if (!lost.length) throw new Error("no lost deal");
    const wanted = uniq(lost.map((d) => accountName(w, d)));
    return {
      say: "so which deal did we lose um recently and how big was it, trying to remember what happened there",
      expect: [
        names(wanted, [], wanted.length),
        money(
          sums(lost, (d: Deal) => d.amount ?? 0),
          "value lost",
        ),
      ],
    };
  }),
  about("growth", "read", "who is enrolled in the new lead follow-up sequence", (w) => {
    const seq = theSequence(w, "new lead");
    const active = activeIn(w, seq.id);
    const wanted = uniq(w.contacts.filter((c) => active.has(c.id)).map(fullName));
    const others = uniq(w.contacts.filter((c) => !active.has(c.id)).map(fullName));
    return {
      say: "whos going through the new lead follow up sequence at the moment just names is fine",
      expect: [names(wanted, others, wanted.length)],
    };
  }),
  about("growth", "read", "stage and close date of the Hooli deal", (w) => {
    const deal = dealOf(w, "Hooli", "");
    if (!deal.expected_close_date) throw new Error("Hooli deal has no close date");
    return {
      say: "the hooley data migration deal what stage is it in and when are we expecting it to close",
      expect: [says(stageOf(w, deal).name), date(deal.expected_close_date, "expected close date")],
    };
  }),

  // writes
  about("growth", "write", "move the Tyrell platform deal to negotiation (after a correction) and set it to 30k", (w) => {
    const deal = dealOf(w, "Tyrell", "platform");
    return {
      say: "tyrel biotech the platform rollout move it to proposal no wait actually negotiation they're basically there, and the amount's more like thirty k now",
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id, amount: 30000 }, deal.name)],
    };
  }),
  about("growth", "write", "push the Northwind close date to the end of March", (w) => {
    const deal = dealOf(w, "Northwind", "");
    return {
      say: "northwind's slipping um their procurement wants more time so push the close date out to end of march",
      expect: [changed("deal", deal.id, { expected_close_date: endOfNamedMonth(w, 3) }, deal.name)],
    };
  }),
  about("growth", "write", "mark the Hooli deal won", (w) => {
    const deal = dealOf(w, "Hooli", "migration");
    return {
      say: "yes!! hooley just signed the data migration, mark that one as won",
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "new Initech analytics deal, 25k, qualified, closing end of January", (w) => {
    const initech = accountNamed(w, "Initech");
    return {
      say: "so initech wants an analytics add on on top of the pilot, can you create a deal for that like twenty five thousand dollars, put it in qualified and say closing end of january",
      expect: [
        created("deal", {
          account_id: initech.id,
          name: is.containing("analytics"),
          amount: 25000,
          stage_id: stageNamed(w, "Qualified").id,
          expected_close_date: endOfNamedMonth(w, 1),
        }),
      ],
    };
  }),
  about("growth", "write", "add Priya Nair as a contact at Globex", (w) => {
    const globex = accountNamed(w, "Globex");
    return {
      say: "add a new contact at globex priya nair she's their new head of ops, email is priya dot nair at globex dot com",
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Nair"),
          email: "priya.nair@globex.com",
          account_id: globex.id,
          title: is.where("a head of operations title", (v: string | null) => typeof v === "string" && /head of op/i.test(v)),
        }),
      ],
    };
  }),
  about("growth", "write", "enroll James Novak (Stark) in the new lead follow-up", (w) => {
    const seq = theSequence(w, "new lead");
    const james = contactAt(w, "James Novak", "Stark");
    if (activeIn(w, seq.id).has(james.id)) throw new Error("James Novak is already enrolled");
    return {
      say: "throw james novak from stark into the new lead follow up, he's the CEO and he hasn't heard from us in ages",
      expect: [enrolled(seq.id, james.id, "James Novak")],
    };
  }),
  about("growth", "write", "enroll Olivia Tanaka of Aperture in the sequence", (w) => {
    const seq = theSequence(w, "new lead");
    const olivia = contactAt(w, "Olivia Tanaka", "Aperture");
    if (activeIn(w, seq.id).has(olivia.id)) throw new Error("Aperture's Olivia is already enrolled");
    return {
      say: "put olivia from aperture labs in the outreach sequence, the marketing director one, she downloaded our pricing thing",
      expect: [enrolled(seq.id, olivia.id, "Olivia Tanaka (Aperture Labs)")],
    };
  }),

  // questions
  about("growth", "question", "enroll Olivia Tanaka (two contacts share the name)", (w) => {
    const olivias = w.contacts.filter((c) => fullName(c) === "Olivia Tanaka");
    if (olivias.length < 2) throw new Error("Olivia Tanaka is not ambiguous any more");
    return { say: "can you put olivia tanaka into the new lead follow up thanks", expect: [noChange()] };
  }),
  about("growth", "question", "raise the Pied Piper deal to 40k (there is no such deal)", (w) => {
    if (w.deals.some((d) => d.name.toLowerCase().includes("pied piper")) || w.accounts.some((a) => a.name.toLowerCase().includes("pied piper")))
      throw new Error("a Pied Piper deal or account exists");
    return { say: "bump the pied piper deal up to forty k they want the bigger package", expect: [noChange()] };
  }),
  about("growth", "question", "push 'the Stark deal' to the end of February (Stark has several open deals)", (w) => {
    const stark = accountNamed(w, "Stark");
    if (dealsOf(w, stark.id).filter((d) => d.status === "open").length < 2) throw new Error("Stark has a single open deal");
    return { say: "stark deal is gonna slip so push the close date to like end of feb", expect: [noChange()] };
  }),
];

/* ---------- talent (12) ---------- */

const talent: Case[] = [
  // reads
  about("talent", "read", "candidates for the backend role", (w) => {
    const job = jobNamed(w, "Backend");
    const wanted = candidatesOf(w, job.id).map(fullName);
    const others = w.candidates.filter((c) => c.job_id !== job.id).map(fullName);
    return {
      say: "backend engineer hire, who've we actually got in the pipeline for that, and where they're at",
      expect: [names(wanted, others, wanted.length)],
    };
  }),
  about("talent", "read", "who has an offer out", (w) => {
    const offers = w.candidates.filter((c) => c.stage === "offer");
    if (!offers.length) throw new Error("no candidate at offer");
    return {
      say: "who have we got offers out to right now, i need to chase",
      expect: [names(offers.map(fullName), w.candidates.filter((c) => c.stage !== "offer").map(fullName), offers.length)],
    };
  }),
  about("talent", "read", "candidates who came from referrals", (w) => {
    const refs = w.candidates.filter((c) => (c.source ?? "").toLowerCase().includes("referral"));
    if (!refs.length) throw new Error("no referral candidates");
    return {
      say: "which candidates came in through referrals, um, sorting out referral bonuses this week",
      expect: [names(refs.map(fullName), w.candidates.filter((c) => !refs.includes(c)).map(fullName), refs.length)],
    };
  }),
  about("talent", "read", "Katherine Johnson's stage (name mis-heard)", (w) => {
    const k = candidateNamed(w, "Katherine Johnson");
    return { say: "where's catherine johnson at in the process", expect: [says(k.stage)] };
  }),
  about("talent", "read", "how many and which jobs are open", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    return {
      say: "quick one how many roles are we hiring for right now and which ones",
      expect: [
        count(open.length, "open jobs"),
        names(
          open.map((j) => j.title),
          w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
          open.length,
        ),
      ],
    };
  }),

  // writes
  about("talent", "write", "move Tim Berners-Lee to offer", (w) => {
    const tim = candidateNamed(w, "Tim Berners-Lee");
    return {
      say: "tim berners lee the designer guy absolutely nailed the interview so yeah lets move him to offer",
      expect: [changed("candidate", tim.id, { stage: "offer" }, "Tim Berners-Lee")],
    };
  }),
  about("talent", "write", "mark Frances Allen hired", (w) => {
    const f = candidateNamed(w, "Frances Allen");
    return {
      say: "frances allen signed her offer this morning!! so mark her as hired please",
      expect: [changed("candidate", f.id, { stage: "hired" }, "Frances Allen")],
    };
  }),
  about("talent", "write", "reject Grace Hopper (after naming Alan Turing by mistake)", (w) => {
    const grace = candidateNamed(w, "Grace Hopper");
    candidateNamed(w, "Alan Turing");
    return {
      say: "reject alan turing no wait sorry grace hopper, alan's fine keep him, grace just isn't senior enough for the backend role",
      expect: [changed("candidate", grace.id, { stage: "rejected" }, "Grace Hopper")],
    };
  }),
  about("talent", "write", "add Ada Lovelace as a referral candidate for the designer job", (w) => {
    const job = jobNamed(w, "Designer");
    return {
      say: "add a candidate for the product designer role ada lovelace, email ada at lovelace dot dev, she was a referral",
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Ada"),
          last_name: is.text("Lovelace"),
          email: "ada@lovelace.dev",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  ask("talent", "write", "um we need to open up a new job customer success manager, remote, full time, can you set that up", () => [
    created("job", {
      title: is.containing("customer success"),
      location: is.text("Remote"),
    }),
  ]),

  // questions
  about("talent", "question", "move Sarah Connor to interview (no such candidate)", (w) => {
    if (w.candidates.some((c) => /sara/i.test(c.first_name) || /conn?or/i.test(c.last_name))) throw new Error("a Sarah Connor exists");
    return { say: "move sarah conor to the interview stage for backend", expect: [noChange()] };
  }),
  about("talent", "question", "reject 'the backend candidate' (there are several)", (w) => {
    const job = jobNamed(w, "Backend");
    if (candidatesOf(w, job.id).filter((c) => c.stage !== "rejected" && c.stage !== "hired").length < 2) throw new Error("only one backend candidate in play");
    return { say: "yeah so reject the backend engineer candidate, not feeling it", expect: [noChange()] };
  }),
];

/* ---------- finance (7) ---------- */

const finance: Case[] = [
  // reads
  about("finance", "read", "what Stark owes us", (w) => {
    const open = invoicesOf(w, "Stark").filter(unpaid);
    if (!open.length) throw new Error("Stark owes nothing");
    return {
      say: "does stark owe us anything at the moment, like total",
      expect: [money(dueSums(open), "amount Stark owes")],
    };
  }),
  about("finance", "read", "clients more than 60 days overdue", (w) => {
    const late = w.invoices.filter((i) => i.status === "overdue" && i.days_overdue > 60);
    if (!late.length) throw new Error("no invoice over 60 days late");
    const wanted = uniq(late.map((i) => i.client));
    const others = uniq(w.invoices.filter((i) => i.status === "overdue" && !wanted.includes(i.client)).map((i) => i.client));
    return {
      say: "who's really late paying us, like more than sixty days, i might ring a couple of them myself",
      expect: [names(wanted, others, wanted.length)],
    };
  }),
  about("finance", "read", "the draft invoices", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    if (!drafts.length) throw new Error("no drafts");
    const wanted = uniq(drafts.map((i) => i.client));
    return {
      say: "how many invoices are still sitting in draft not sent, and for who",
      expect: [count(drafts.length, "draft invoices"), names(wanted, [], wanted.length)],
    };
  }),

  // writes
  about("finance", "write", "invoice Northwind 12,000 GBP for the onboarding workshop, due in 30 days", (w) => {
    accountNamed(w, "Northwind");
    return {
      say: "send northwind an invoice for the onboarding workshop, twelve thousand pounds, due in thirty days",
      expect: [
        created("invoice", {
          client: is.containing("Northwind"),
          amount: 12000,
          currency: "GBP",
          due_date: addDays(today(w), 30),
          description: is.containing("onboarding"),
        }),
      ],
    };
  }),
  about("finance", "write", "record a $1,500 part payment from Pied Piper", (w) => {
    const open = invoicesOf(w, "Pied Piper").filter(unpaid);
    if (open.length !== 1) throw new Error(`Pied Piper has ${open.length} unpaid invoices`);
    const inv = open[0]!;
    if (inv.amount_due <= 1500) throw new Error("Pied Piper owes less than the payment");
    return {
      say: "pied piper sent over $1,500 towards what they owe us, can you log that against their invoice",
      expect: [
        changed(
          "invoice",
          inv.id,
          { amount_paid: Math.round((inv.amount_paid + 1500) * 100) / 100, amount_due: Math.round((inv.amount_due - 1500) * 100) / 100 },
          inv.number,
        ),
      ],
    };
  }),
  about("finance", "write", "write off the Soylent invoice (approval)", (w) => {
    const open = invoicesOf(w, "Soylent").filter(unpaid);
    if (open.length !== 1) throw new Error(`Soylent has ${open.length} unpaid invoices`);
    const inv = open[0]!;
    return {
      say: "soylent foods basically went under so they're never paying, just write off their invoice",
      expect: [approval(/uncollectible|write/i, inv.id, inv.number)],
    };
  }),

  // question
  about("finance", "question", "bill Aperture for a workshop, no amount given", (w) => {
    if (invoicesOf(w, "Aperture").some((i) => /workshop/i.test(i.description ?? ""))) throw new Error("Aperture already has a workshop invoice");
    return { say: "um can you bill aperture for the workshop we ran for them last week yeah", expect: [noChange()] };
  }),
];

/* ---------- headline figures (6) ---------- */

const figures: Case[] = [
  about("intelligence", "figure", "total and weighted pipeline", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    return {
      say: "for the investor update what's our pipeline at right now total and weighted",
      expect: [
        money(
          perCurrency(totals, (t: { open_value: number }) => t.open_value),
          "open pipeline",
        ),
        money(
          perCurrency(totals, (t: { weighted_value: number }) => t.weighted_value),
          "weighted pipeline",
        ),
      ],
    };
  }),
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "whats our win rate been like over the last ninety days",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),
  about("intelligence", "figure", "total receivables outstanding", (w) => {
    const rows = snap(w).finance.currencies;
    return {
      say: "how much cash is owed to us all in right now, everything not paid yet",
      expect: [
        money(
          perCurrency(rows, (r: { outstanding: number }) => r.outstanding),
          "amount outstanding",
        ),
      ],
    };
  }),
  about("intelligence", "figure", "how much is overdue", (w) => {
    const rows = snap(w).finance.currencies;
    return {
      say: "so how much of what people owe us is actually overdue, investors always ask about that",
      expect: [
        money(
          perCurrency(rows, (r: { overdue: number }) => r.overdue),
          "amount overdue",
        ),
      ],
    };
  }),
  about("intelligence", "figure", "hires in the last twelve months", (w) => ({
    say: "how many people have we hired in the last twelve months",
    expect: [figure(snap(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),
  about("intelligence", "figure", "DSO in dollars", (w) => {
    const usd = pick(snap(w).finance.currencies, (r) => r.currency === "USD", "USD figures");
    return {
      say: "whats our DSO on the dollar side, days sales outstanding i mean",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),
];

export const CASES: Case[] = [...growth, ...talent, ...finance, ...figures];
