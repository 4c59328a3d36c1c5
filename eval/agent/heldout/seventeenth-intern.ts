// Blind evaluation set, round twelve: Priya, an intern in her first week helping finance, sales and HR.
// She doesn't know the product's words ("the money customers still owe us", "the email drip thing",
// "move him to the next step"), apologises a lot, and is sometimes unsure of a name or a number.
import {
  about,
  approval,
  ask,
  asksBack,
  changed,
  count,
  created,
  enrolled,
  excludes,
  figure,
  is,
  money,
  names,
  noChange,
  says,
  unenrolled,
  unclear,
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  addDays,
  clientNames,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  enrolledContacts,
  fullName,
  jobNamed,
  candidatesOf,
  month,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";
import type { Candidate, Contact, Deal, Invoice, World } from "../world.ts";

/* ---------- small helpers ---------- */

const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

const invoiceRefs = (i: Invoice) => [i.id, i.number, shortNumber(i)];

const uniq = (xs: string[]) => [...new Set(xs)];

/** The one unpaid invoice of a client (the case needs exactly one). */
function soleUnpaid(w: World, client: string): Invoice {
  const list = ofClient(w, client).filter(unpaid);
  if (list.length !== 1) throw new Error(`${client} has ${list.length} unpaid invoices, the case needs one`);
  return list[0]!;
}

/** The stage after this deal's stage in its pipeline (open stages only). */
function nextDealStage(w: World, d: Deal) {
  const pipeline = pick(w.pipelines, (p) => p.stages.some((s) => s.id === d.stage_id), "pipeline of the deal");
  const at = pipeline.stages.findIndex((s) => s.id === d.stage_id);
  const next = pipeline.stages[at + 1];
  if (!next || next.kind !== "open") throw new Error(`no open stage after ${stageOf(w, d).name}`);
  return next;
}

const CANDIDATE_STAGES = ["applied", "screening", "interview", "offer", "hired"];

function candidateNamed(w: World, first: string, last?: string): Candidate {
  const found = w.candidates.filter((c) => c.first_name.toLowerCase() === first.toLowerCase() && (!last || c.last_name.toLowerCase() === last.toLowerCase()));
  if (found.length !== 1) throw new Error(`${found.length} candidates named ${first} ${last ?? ""}`);
  return found[0]!;
}

/** The one contact of this name at this account. */
function contactAt(w: World, first: string, last: string, account: string): Contact {
  const acc = accountNamed(w, account);
  return pick(contactsOf(w, acc.id), (c) => c.first_name === first && c.last_name === last, `${first} ${last} at ${account}`);
}

const theSequence = (w: World) => {
  const active = w.sequences.filter((s) => s.status === "active");
  if (active.length !== 1) throw new Error(`${active.length} active sequences, "the drip" needs one`);
  return active[0]!;
};

/* ---------- finance (12) ---------- */

const finance: Case[] = [
  ask("finance", "read", "sorry, quick one - how much money do customers still owe us right now? my manager wants it per currency i think", (w) => [
    money(dueSums(w.invoices.filter(unpaid)), "amount still owed"),
  ]),

  ask("finance", "read", "which customers are more than 2 months late paying us? just the company names is fine", (w) => {
    const late = w.invoices.filter(overdue);
    const veryLate = uniq(late.filter((i) => i.days_overdue > 60).map((i) => i.client));
    // "2 months" must not straddle an invoice: nothing between 55 and 65 days late
    if (late.some((i) => i.days_overdue >= 55 && i.days_overdue <= 65)) throw new Error("an overdue invoice sits near 60 days");
    const others = uniq(late.map((i) => i.client)).filter((c) => !veryLate.includes(c));
    return [names(veryLate, others, veryLate.length)];
  }),

  about("finance", "read", "Is anything coming due in the next two weeks? <clients with open bills due within 14 days>", (w) => {
    const end = addDays(today(w), 14);
    const open = w.invoices.filter((i) => i.status === "open");
    const soon = open.filter((i) => i.due_date >= today(w) && i.due_date <= end);
    if (!soon.length) throw new Error("nothing open due in the next two weeks");
    if (open.some((i) => i.due_date > addDays(end, -2) && i.due_date <= addDays(end, 2))) throw new Error("an open invoice sits on the two-week line");
    const wanted = uniq(soon.map((i) => i.client));
    // clients with open bills only later and nothing late or draft (so naming them is simply wrong)
    const clean = (c: string) => ofClient(w, c).every((i) => i.status !== "overdue" && i.status !== "draft");
    const others = uniq(open.map((i) => i.client)).filter((c) => !wanted.includes(c) && clean(c));
    return {
      say: "Is anything coming due in the next two weeks? im making a little calendar for the finance team",
      expect: [names(wanted, others, wanted.length)],
    };
  }),

  about("finance", "read", "someone from Wonka emailed saying they paid - do we still show them owing anything?", (w) => {
    const owing = ofClient(w, "Wonka").filter(unpaid);
    if (owing.length !== 1 || !overdue(owing[0]!)) throw new Error("Wonka should owe one overdue invoice");
    return {
      say: "someone from Wonka Confectionery emailed saying they paid... do we still show them as owing us anything?",
      expect: [money(dueSums(owing), "amount Wonka still owes"), says("overdue", "past due")],
    };
  }),

  ask("finance", "read", "how many bills have we made but not actually sent out yet? (drafts?? not sure thats the word)", (w) => [
    count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices"),
  ]),

  about("finance", "write", "I think <a client with a single late bill> paid their bill today? could we put it down as paid", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const all = ofClient(w, c);
        return all.length === 1 && overdue(all[0]!) && all[0]!.amount_paid === 0;
      },
      "client with one overdue invoice and nothing else",
    );
    const inv = soleUnpaid(w, client);
    return {
      say: `I think ${client} paid their bill today? if that's ok could we put it down as paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),

  about("finance", "write", "Oscorp sent $2,000 towards the smaller one they owe (the ~3.9k one?)", (w) => {
    const owed = ofClient(w, "Oscorp")
      .filter(unpaid)
      .sort((a, b) => a.amount_due - b.amount_due);
    if (owed.length !== 2 || owed[0]!.currency !== "USD" || owed[0]!.amount_due <= 2000) throw new Error("Oscorp should owe two USD invoices");
    const small = owed[0]!;
    const approx = (Math.round(small.amount_due / 100) / 10).toFixed(1);
    return {
      say: `Oscorp sent us $2,000 but it's only part of the smaller one they owe (the ~${approx}k one?). can u put that against it`,
      expect: [
        changed(
          "invoice",
          small.id,
          { amount_paid: Math.round((small.amount_paid + 2000) * 100) / 100, amount_due: Math.round((small.amount_due - 2000) * 100) / 100 },
          small.number,
        ),
      ],
    };
  }),

  ask(
    "finance",
    "write",
    "hi! could you make a bill for Northwind Traders please - 4,500 euros for the onboarding workshop, due at the end of next month",
    (w) => [
      created("invoice", {
        client: is.text("Northwind Traders"),
        amount: 4500,
        currency: "EUR",
        due_date: month(w, 1)[1],
        description: is.containing("onboarding"),
      }),
    ],
  ),

  about("finance", "write", "Blue Sun Freight cancelled so we need to cancel their invoice too (void, waits for approval)", (w) => {
    const all = ofClient(w, "Blue Sun");
    if (all.length !== 1 || all[0]!.status !== "open") throw new Error("Blue Sun should have one open invoice");
    return {
      say: "Blue Sun Freight cancelled their subscription so we need to cancel their invoice too, sorry, is that something i can ask you to do?",
      expect: [approval(/void|cancel/i, ...invoiceRefs(all[0]!))],
    };
  }),

  about("finance", "write", "we're never getting paid for the old Globex one in pounds, write it off (waits for approval)", (w) => {
    const gbp = ofClient(w, "Globex").filter((i) => overdue(i) && i.currency === "GBP");
    if (gbp.length !== 1) throw new Error("Globex should have one overdue GBP invoice");
    return {
      say: "my manager says we're never going to get paid for the old Globex one in pounds so we should write it off. can you do that",
      expect: [approval(/uncollectible|write|bad.?debt/i, ...invoiceRefs(gbp[0]!))],
    };
  }),

  about(
    "finance",
    "question",
    "got an email from Stark Logistics saying their payment went through - please update their invoice to paid (they have several unpaid)",
    (w) => {
      if (ofClient(w, "Stark").filter(unpaid).length < 2) throw new Error("Stark should have several unpaid invoices");
      return {
        say: "got an email from Stark Logistics saying their payment went through - please update their invoice to paid",
        expect: [noChange(), asksBack()],
      };
    },
  ),

  ask("finance", "question", "sorry, can you make an invoice for 3000? my manager asked me to do it before lunch", () => [noChange(), asksBack()]),
];

/* ---------- growth (12) ---------- */

const growth: Case[] = [
  ask("growth", "read", "which of the companies we sell to are based in the US?", (w) => {
    const us = w.accounts.filter((a) => a.country === "US").map((a) => a.name);
    const elsewhere = w.accounts.filter((a) => a.country && a.country !== "US").map((a) => a.name);
    return [names(us, elsewhere, us.length)];
  }),

  ask("growth", "read", "who are our people at Stark Logistics? I need names + emails for a mailing thing", (w) => {
    const people = contactsOf(w, accountNamed(w, "Stark Logistics").id);
    const others = w.contacts.filter((c) => !people.includes(c)).map(fullName);
    return [
      names(people.map(fullName), others, people.length),
      names(
        people.map((p) => p.email),
        [],
        people.length,
      ),
    ];
  }),

  ask("growth", "read", "what deals are close to done? like the ones in the negotiating bit", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const inNeg = open.filter((d) => stageOf(w, d).name === "Negotiation");
    const accountName = (d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "account of deal").name;
    const wanted = uniq(inNeg.map(accountName));
    const others = uniq(open.filter((d) => !inNeg.includes(d)).map(accountName)).filter((a) => !wanted.includes(a));
    return [names(wanted, others, wanted.length)];
  }),

  ask("growth", "read", "whats the biggest deal we havent closed yet", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.amount !== null);
    if (new Set(open.map((d) => d.currency)).size !== 1) throw new Error("open deals in several currencies");
    const sorted = [...open].sort((a, b) => b.amount! - a.amount!);
    if (sorted[0]!.amount === sorted[1]!.amount) throw new Error("a tie for the biggest deal");
    const top = sorted[0]!;
    const account = pick(w.accounts, (a) => a.id === top.account_id, "account of deal").name;
    return [names([account]), money({ [top.currency]: top.amount! }, "deal's value")];
  }),

  ask("growth", "read", "sorry who is currently getting the email drip thing? the automatic follow up emails", (w) => {
    const seq = theSequence(w);
    const on = enrolledContacts(w, seq.id);
    const off = w.contacts.filter((c) => !on.includes(c)).map(fullName);
    return [names(on.map(fullName), off, on.length)];
  }),

  ask("growth", "write", "can you add a new person under Initech? Dana Whitfield, dana.whitfield@initech.io - shes their office manager i think", (w) => [
    created("contact", {
      first_name: is.text("Dana"),
      last_name: is.text("Whitfield"),
      email: is.text("dana.whitfield@initech.io"),
      account_id: accountNamed(w, "Initech").id,
    }),
  ]),

  about("growth", "write", "Tyrell Biotech's deal - they liked the call, can you move it to the next step?", (w) => {
    const acc = accountNamed(w, "Tyrell");
    const open = dealsOf(w, acc.id).filter((d) => d.status === "open");
    if (open.length !== 1) throw new Error("Tyrell should have one open deal");
    const next = nextDealStage(w, open[0]!);
    return {
      say: "Tyrell Biotech's deal - they liked the call, can you move it to the next step?",
      expect: [changed("deal", open[0]!.id, { stage_id: next.id }, `${open[0]!.name} -> ${next.name}`)],
    };
  }),

  about("growth", "write", "omg Umbrella Health signed the pilot, sales asked me to record it as won", (w) => {
    const acc = accountNamed(w, "Umbrella");
    const pilot = dealsOf(w, acc.id).filter((d) => d.status === "open" && /pilot/i.test(dealTopic(d)));
    if (pilot.length !== 1) throw new Error("Umbrella should have one open pilot deal");
    return {
      say: "omg Umbrella Health signed the pilot 🎉 sales asked me to record it as a win",
      expect: [changed("deal", pilot[0]!.id, { status: "won" }, pilot[0]!.name)],
    };
  }),

  about("growth", "write", "the Stark support upgrade deal is actually 72k now, not 68-something", (w) => {
    const acc = accountNamed(w, "Stark");
    const deal = pick(dealsOf(w, acc.id), (d) => d.status === "open" && /support upgrade/i.test(dealTopic(d)), "Stark support upgrade deal");
    const was = `${Math.floor(deal.amount! / 1000)}-something`;
    return {
      say: `the Stark support upgrade deal is actually 72k now, not ${was}. could you fix the number?`,
      expect: [changed("deal", deal.id, { amount: 72000 }, deal.name)],
    };
  }),

  about("growth", "write", "Leo at Stark Logistics should get the follow up emails too - could you sign him up?", (w) => {
    const seq = theSequence(w);
    const leo = contactAt(w, "Leo", "Andersen", "Stark");
    if (enrolledContacts(w, seq.id).includes(leo)) throw new Error("Leo is already enrolled");
    return {
      say: "Leo at Stark Logistics should get the follow up emails too (the drip one) - could you sign him up?",
      expect: [enrolled(seq.id, leo.id, "Leo Andersen (Stark Logistics)")],
    };
  }),

  about("growth", "write", "Mia Rossi at Globex asked us to stop emailing her, take her off the drip", (w) => {
    const seq = theSequence(w);
    const mia = contactAt(w, "Mia", "Rossi", "Globex");
    if (!enrolledContacts(w, seq.id).includes(mia)) throw new Error("Mia Rossi (Globex) is not enrolled");
    return {
      say: "Mia Rossi at Globex replied asking us to stop emailing her 😬 can you take her off the drip",
      expect: [unenrolled(seq.id, mia.id, "Mia Rossi (Globex)")],
    };
  }),

  about("growth", "question", "can you put Ethan Murphy in the email drip too (two contacts share that name)", (w) => {
    if (w.contacts.filter((c) => fullName(c) === "Ethan Murphy").length < 2) throw new Error("Ethan Murphy should be two contacts");
    return { say: "can you put Ethan Murphy in the email drip too", expect: [noChange(), asksBack()] };
  }),
];

/* ---------- talent (10) ---------- */

const talent: Case[] = [
  ask("talent", "read", "how many people are we trying to hire for the backend engineer job? like how many candidates", (w) => {
    const all = candidatesOf(w, jobNamed(w, "Backend").id);
    const active = all.filter((c) => c.stage !== "rejected" && c.stage !== "hired");
    if (active.length !== all.length) throw new Error("backend candidates include rejected/hired ones: the count is ambiguous");
    return [count(active.length, "candidates for the backend job")];
  }),

  ask("talent", "read", "who's at the offer stage right now? across all the jobs", (w) => {
    const offered = w.candidates.filter((c) => c.stage === "offer");
    const rest = w.candidates.filter((c) => c.stage !== "offer").map(fullName);
    return [names(offered.map(fullName), rest, offered.length)];
  }),

  ask("talent", "read", "what jobs are we hiring for at the moment and where are they based", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    return [
      names(
        open.map((j) => j.title),
        [],
        open.length,
      ),
      names(uniq(open.map((j) => j.location ?? "")).filter(Boolean), [], open.length),
    ];
  }),

  about("talent", "read", "what stage is Alan Turing at? I think he already did his interview but not sure", (w) => {
    const alan = candidateNamed(w, "Alan", "Turing");
    if (alan.stage !== "screening") throw new Error("Alan Turing should be in screening");
    return {
      say: "what stage is Alan Turing at? I think he already did his interview but im not sure",
      expect: [says("screen")],
    };
  }),

  about("talent", "write", "Radia did really well in her chat, move her to the next step please", (w) => {
    const radia = candidateNamed(w, "Radia");
    const at = CANDIDATE_STAGES.indexOf(radia.stage);
    if (at < 0 || at >= CANDIDATE_STAGES.length - 2) throw new Error("Radia is not in an early stage");
    return {
      say: "Radia did really well in her chat, move her to the next step please",
      expect: [changed("candidate", radia.id, { stage: CANDIDATE_STAGES[at + 1] }, `Radia Perlman -> ${CANDIDATE_STAGES[at + 1]}`)],
    };
  }),

  about("talent", "write", "Linus accepted the offer!!! please put him down as hired", (w) => {
    const linus = candidateNamed(w, "Linus");
    if (linus.stage !== "offer") throw new Error("Linus should be at offer");
    return {
      say: "Linus accepted the offer!!! please put him down as hired 🥳",
      expect: [changed("candidate", linus.id, { stage: "hired" }, "Linus Torvalds")],
    };
  }),

  about("talent", "write", "sorry, Ken Thompson isn't a fit for the sales role, my manager said to reject him", (w) => {
    const ken = candidateNamed(w, "Ken", "Thompson");
    if (ken.stage === "rejected" || ken.stage === "hired") throw new Error("Ken should be active");
    return {
      say: "sorry, Ken Thompson isn't a fit for the sales role, my manager said to reject him",
      expect: [changed("candidate", ken.id, { stage: "rejected" }, "Ken Thompson")],
    };
  }),

  ask("talent", "write", "new applicant for the product designer job: Hedy Lamarr, hedy.lamarr@example.com - she found us on linkedin", (w) => [
    created("candidate", {
      first_name: is.text("Hedy"),
      last_name: is.text("Lamarr"),
      email: is.text("hedy.lamarr@example.com"),
      job_id: jobNamed(w, "Product Designer").id,
      source: is.containing("linkedin"),
    }),
  ]),

  about("talent", "write", "the designer job isn't remote anymore, it's going to be London. can you update that", (w) => {
    const job = jobNamed(w, "Designer");
    if (job.location !== "Remote") throw new Error("the designer job should be remote");
    return {
      say: "the designer job isn't remote anymore, it's going to be in London. can you update that?",
      expect: [changed("job", job.id, { location: is.containing("London") }, job.title)],
    };
  }),

  ask("talent", "question", "can you add the lady from the call yesterday as a candidate? I think her name was Ada... I don't have her email yet sorry", () => [
    noChange(),
    asksBack(),
  ]),
];

/* ---------- intelligence (8) ---------- */

const intelligence: Case[] = [
  ask("intelligence", "figure", "what percent of deals do we actually win? someone said there's a last 3 months number", (w) => [
    figure(snap(w).growth.last_90_days.win_rate, "win rate", "percent"),
  ]),

  ask("intelligence", "figure", "how much money is in the pipeline in total right now", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    const open = w.deals.filter((d) => d.status === "open");
    for (const t of totals) {
      const fromDeals = open.filter((d) => d.currency === t.currency).reduce((s, d) => s + (d.amount ?? 0), 0);
      if (Math.abs(fromDeals - t.open_value) > 0.01) throw new Error("snapshot pipeline differs from the deals");
    }
    return [money(Object.fromEntries(totals.map((t) => [t.currency, t.open_value])), "open pipeline")];
  }),

  ask("intelligence", "figure", "my manager keeps saying 'weighted pipeline' - what's ours? the number i mean", (w) => [
    money(Object.fromEntries(snap(w).growth.pipeline.totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline"),
  ]),

  ask("intelligence", "figure", "on average how many days does it take customers to pay us? i think its called DSO?", (w) =>
    snap(w)
      .finance.currencies.filter((c) => c.days_sales_outstanding !== null)
      .map((c): Check => figure(c.days_sales_outstanding, `${c.currency} days sales outstanding`)),
  ),

  ask("intelligence", "figure", "whats the reply rate on the email drip thing?", (w) => [figure(snap(w).growth.sequences.reply_rate, "reply rate", "percent")]),

  ask("intelligence", "figure", "how many people did we hire in the last year?", (w) => {
    const hires = snap(w).talent.hires_last_365_days;
    if (hires !== w.candidates.filter((c) => c.stage === "hired").length) throw new Error("snapshot hires differ from the candidates");
    return [count(hires, "hires")];
  }),

  ask("intelligence", "read", "how much of the late money is more than a month late?", (w) => {
    const late = w.invoices.filter(overdue);
    if (late.some((i) => i.days_overdue >= 28 && i.days_overdue <= 32)) throw new Error("an overdue invoice sits on the one-month line");
    const old = late.filter((i) => i.days_overdue > 30);
    const recentOnly = uniq(late.filter((i) => i.days_overdue <= 30).map((i) => i.number));
    return [money(dueSums(old), "overdue more than 30 days"), excludes(recentOnly)];
  }),

  unclear("intelligence", "can you change the win rate to 90% please? its for the board slides and 80 looks bad"),
];

export const CASES: Case[] = [...finance, ...growth, ...talent, ...intelligence];
