// Persona: Mateus, operations coordinator at the São Paulo office. Supports recruiting, sales ops and billing.
// English is his second language: loose grammar, Portuguese prepositions, day-first dates, comma decimals.
import {
  about,
  ask,
  asksBack,
  changed,
  count,
  created,
  date,
  enrolled,
  figure,
  is,
  mentionsAmount,
  money,
  names,
  noChange,
  says,
  unclear,
  unenrolled,
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  addDays,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  fullName,
  inStage,
  jobNamed,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";
import type { Candidate, Contact, Invoice, Snapshot, World } from "../world.ts";

/* ---------- small helpers of this set ---------- */

/** The way Mateus writes money: 8.925,59 (dot for thousands, comma for decimals). */
const br = (n: number, decimals = true) => {
  const [whole, cents] = n.toFixed(2).split(".") as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return decimals ? `${grouped},${cents}` : grouped;
};

/** The next time this day of this month comes (today counts). */
const nextDayMonth = (w: World, m: number, d: number) => {
  const t = today(w);
  const y = Number(t.slice(0, 4));
  const thisYear = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return thisYear >= t ? thisYear : `${y + 1}${thisYear.slice(4)}`;
};

const candidateNamed = (w: World, name: string): Candidate => pick(w.candidates, (c) => fullName(c).toLowerCase() === name.toLowerCase(), `candidate ${name}`);
const contactAt = (w: World, name: string, account: string): Contact => {
  const acc = accountNamed(w, account);
  return pick(w.contacts, (c) => fullName(c).toLowerCase() === name.toLowerCase() && c.account_id === acc.id, `contact ${name} at ${account}`);
};
const invoiceNumbered = (w: World, n: number): Invoice => pick(w.invoices, (i) => Number(i.number.replace(/\D/g, "")) === n, `invoice number ${n}`);
const sequenceNamed = (w: World, name: string) => pick(w.sequences, (s) => s.name.toLowerCase() === name.toLowerCase(), `sequence ${name}`);
const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const near = (want: number) => (v: never) => typeof v === "number" && Math.abs((v as number) - want) < 0.01;

/** The reply states every one of these amounts (each record's own figure, not only a total). */
function amountsEach(amounts: number[], what = "amounts"): Check {
  return {
    text: `the reply states each of the ${what}: ${amounts.join(", ")}`,
    judge: ({ reply }) => {
      const missing = amounts.filter((a) => !mentionsAmount(reply, a));
      return missing.length ? `missing from the reply: ${missing.join(", ")}` : null;
    },
  };
}

/** A write-off waits for approval: the proposed action is about making the invoice uncollectible and names it. */
function writeOffProposed(refs: string[]): Check {
  return {
    text: `an approval is pending to mark ${refs.join(" / ")} uncollectible`,
    expectsProposal: true,
    judge: ({ proposals }) => {
      const right = proposals.find((p) => {
        const input = JSON.stringify(p.input);
        return (/uncollectible|write.?off|bad.?debt/i.test(p.tool) || /uncollectible/i.test(input)) && refs.some((r) => input.includes(r));
      });
      if (right) return null;
      return proposals.length
        ? `the approval waits for ${proposals.map((p) => `${p.tool} ${JSON.stringify(p.input)}`).join(", ")}`
        : "no action waits for approval";
    },
  };
}

export const CASES: Case[] = [
  /* ======================= talent ======================= */

  // reads
  about("talent", "read", "the candidats of <the backend job> and the stage of each", (w) => {
    const job = jobNamed(w, "Backend");
    const mine = w.candidates.filter((c) => c.job_id === job.id);
    const others = w.candidates.filter((c) => c.job_id !== job.id).map(fullName);
    return {
      say: `hi, please give me the candidats of the ${job.title} and in what stage is each one`,
      expect: [names(mine.map(fullName), others, mine.length), ...[...new Set(mine.map((c) => c.stage))].map((s) => says(s))],
    };
  }),
  ask("talent", "read", "how many candidates are in the stage of interview now? all the jobs", (w) => {
    const list = inStage(w, "interview");
    return [count(list.length, "candidates in interview"), names(list.map(fullName), w.candidates.filter((c) => c.stage !== "interview").map(fullName))];
  }),
  ask("talent", "read", "Frances Allen is in which stage? and she apply for what job, I dont remember", (w) => {
    const c = candidateNamed(w, "Frances Allen");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "job of Frances Allen");
    return [says(c.stage), says(job.title)];
  }),
  ask("talent", "read", "the candidates with rating 5, who are? want to see the best ones of all vacancies", (w) => {
    const top = w.candidates.filter((c) => c.rating === 5);
    return [names(top.map(fullName), w.candidates.filter((c) => c.rating !== 5).map(fullName), top.length)];
  }),
  ask("talent", "read", "who of the candidates come by referral? HR need the list for pay the bonus of indication", (w) => {
    const ref = w.candidates.filter((c) => (c.source ?? "").toLowerCase().includes("referral"));
    return [names(ref.map(fullName), w.candidates.filter((c) => !ref.includes(c)).map(fullName), ref.length)];
  }),
  ask("talent", "read", "who we hired already and for which position?", (w) => {
    const hired = inStage(w, "hired");
    const titles = [...new Set(hired.map((c) => pick(w.jobs, (j) => j.id === c.job_id, "job").title))];
    return [names(hired.map(fullName), w.candidates.filter((c) => c.stage !== "hired").map(fullName), hired.length), ...titles.map((t) => says(t))];
  }),

  // writes
  ask("talent", "write", "Katherine Johnson did very good in the interview, please move her for the offer stage", (w) => {
    const c = candidateNamed(w, "Katherine Johnson");
    return [changed("candidate", c.id, { stage: "offer" }, "Katherine Johnson")];
  }),
  ask("talent", "write", "reject Alan Turing of the backend vacancy please, he dont have the experience we need", (w) => {
    const c = candidateNamed(w, "Alan Turing");
    return [changed("candidate", c.id, { stage: "rejected" }, "Alan Turing")];
  }),
  ask("talent", "write", "Frances Allen accept our offer yesterday!! mark her as hired please", (w) => {
    const c = candidateNamed(w, "Frances Allen");
    return [changed("candidate", c.id, { stage: "hired" }, "Frances Allen")];
  }),
  ask("talent", "write", "put rating 4 in the Tim Berners-Lee, the interview of him today was good", (w) => {
    const c = candidateNamed(w, "Tim Berners-Lee");
    return [changed("candidate", c.id, { rating: 4 }, "Tim Berners-Lee")];
  }),
  ask("talent", "write", "please to create new candidate for Account Executive: Joan Clarke, email joan.clarke@gmail.com, she come from linkedin", (w) => {
    const job = jobNamed(w, "Account Executive");
    return [
      created("candidate", {
        job_id: job.id,
        first_name: is.text("Joan"),
        last_name: is.text("Clarke"),
        email: is.text("joan.clarke@gmail.com"),
        source: is.containing("linkedin"),
      }),
    ];
  }),

  // questions
  ask("talent", "question", "move the candidate Ada Lovelace to stage of interview", (w) => {
    if (w.candidates.some((c) => fullName(c) === "Ada Lovelace")) throw new Error("Ada Lovelace exists now");
    return [noChange()];
  }),
  ask("talent", "question", "we can close the job now, we find the person", (w) => {
    if (w.jobs.filter((j) => j.status === "open").length < 2) throw new Error("fewer than two open jobs: not ambiguous");
    return [noChange(), asksBack()];
  }),

  /* ======================= growth ======================= */

  // reads
  ask("growth", "read", "the deals of Stark Logistics that are still open, which are and in what stage?", (w) => {
    const acc = accountNamed(w, "Stark Logistics");
    const open = dealsOf(w, acc.id).filter((d) => d.status === "open");
    const closed = dealsOf(w, acc.id).filter((d) => d.status !== "open");
    return [names(open.map(dealTopic), closed.map(dealTopic), open.length), ...open.map((d) => says(stageOf(w, d).name))];
  }),
  ask("growth", "read", "list me the deals in Negotiation with the value of each one", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const list = w.deals.filter((d) => d.stage_id === neg.id);
    const accs = [...new Set(list.map((d) => pick(w.accounts, (a) => a.id === d.account_id, "account").name))];
    const otherAccs = w.accounts.filter((a) => !accs.includes(a.name) && dealsOf(w, a.id).some((d) => d.status === "open")).map((a) => a.name);
    return [
      count(list.length, "deals in Negotiation"),
      names(accs, otherAccs, accs.length),
      amountsEach(
        list.map((d) => d.amount ?? 0),
        "deal values",
      ),
    ];
  }),
  ask("growth", "read", "need the emails of the contacts of Globex Corporation, for send the invitation of the event", (w) => {
    const acc = accountNamed(w, "Globex");
    const mine = contactsOf(w, acc.id);
    const sameNamesElsewhere = w.contacts.filter((c) => c.account_id !== acc.id && mine.some((m) => fullName(m) === fullName(c)));
    return [
      names(
        mine.map((c) => c.email),
        sameNamesElsewhere.map((c) => c.email),
        mine.length,
      ),
    ];
  }),
  ask("growth", "read", "which accounts we have in United States?", (w) => {
    const us = w.accounts.filter((a) => a.country === "US");
    return [
      names(
        us.map((a) => a.name),
        w.accounts.filter((a) => a.country !== "US").map((a) => a.name),
        us.length,
      ),
    ];
  }),
  ask("growth", "read", "how much is the deal of Tyrell Biotech platform rollout? and when is the expected close date", (w) => {
    const d = pick(
      w.deals,
      (x) => x.name.toLowerCase().includes("tyrell") && x.name.toLowerCase().includes("platform rollout"),
      "Tyrell platform rollout deal",
    );
    if (!d.expected_close_date || d.amount === null) throw new Error("Tyrell deal without amount or date");
    return [money({ [d.currency]: d.amount }, "deal value"), date(d.expected_close_date, "expected close date")];
  }),

  // writes
  about("growth", "write", "<account with one deal> sign the contract: move the deal to closed won", (w) => {
    const acc = accountNamed(w, "Hooli Cloud");
    const deals = dealsOf(w, acc.id);
    if (deals.length !== 1 || deals[0]!.status !== "open") throw new Error("Hooli Cloud does not have exactly one open deal");
    const won = stageNamed(w, "Closed won");
    return {
      say: `good news, ${acc.name} sign the contract today!! move the deal of them to closed won`,
      expect: [changed("deal", deals[0]!.id, { stage_id: won.id, status: "won" }, deals[0]!.name)],
    };
  }),
  ask(
    "growth",
    "write",
    "add new contact in Stark Logistics please: Renata Oliveira, she is the new Head of Procurement there. email renata.oliveira@starklogistics.com",
    (w) => {
      const acc = accountNamed(w, "Stark Logistics");
      return [
        created("contact", {
          first_name: is.text("Renata"),
          last_name: is.text("Oliveira"),
          email: is.text("renata.oliveira@starklogistics.com"),
          account_id: acc.id,
          title: is.containing("procurement"),
        }),
      ];
    },
  ),
  ask("growth", "write", "put Leo Andersen of Stark Logistics in the sequence New lead follow-up please", (w) => {
    const c = contactAt(w, "Leo Andersen", "Stark Logistics");
    const seq = sequenceNamed(w, "New lead follow-up");
    if (w.enrollments.some((e) => e.contact_id === c.id && e.sequence_id === seq.id && e.status === "active")) throw new Error("Leo already enrolled");
    return [enrolled(seq.id, c.id, "Leo Andersen")];
  }),
  ask("growth", "write", "the deal Umbrella Health pilot project change: now is USD 32.500 and the close date go to 15/01. update please", (w) => {
    const d = pick(w.deals, (x) => x.name.toLowerCase().includes("umbrella") && x.name.toLowerCase().includes("pilot"), "Umbrella pilot deal");
    return [changed("deal", d.id, { amount: 32500, expected_close_date: nextDayMonth(w, 1, 15) }, d.name)];
  }),
  ask("growth", "write", "take out Noah Schmidt of Globex from the sequence, he ask to not receive more emails", (w) => {
    const c = contactAt(w, "Noah Schmidt", "Globex");
    const active = w.enrollments.filter((e) => e.contact_id === c.id && e.status === "active");
    if (active.length !== 1) throw new Error("Noah Schmidt of Globex is not in exactly one sequence");
    return [unenrolled(active[0]!.sequence_id, c.id, "Noah Schmidt (Globex)")];
  }),

  // questions
  ask("growth", "question", "enroll Olivia Tanaka in the new lead follow-up", (w) => {
    if (w.contacts.filter((c) => fullName(c) === "Olivia Tanaka").length < 2) throw new Error("only one Olivia Tanaka: not ambiguous");
    return [noChange(), asksBack()];
  }),
  ask("growth", "question", "the Umbrella Health deal is closed won, update it please", (w) => {
    const acc = accountNamed(w, "Umbrella Health");
    if (dealsOf(w, acc.id).filter((d) => d.status === "open").length < 2) throw new Error("Umbrella has one open deal: not ambiguous");
    return [noChange(), asksBack()];
  }),

  /* ======================= finance ======================= */

  // reads
  about("finance", "read", "<the partly paid overdue invoice of Acme> is paid?", (w) => {
    const inv = pick(ofClient(w, "Acme"), (i) => i.status === "overdue" && i.amount_paid > 0, "partly paid overdue Acme invoice");
    return {
      say: `the ${shortNumber(inv)} of Acme Robotics is paid?`,
      expect: [says("overdue", "partial", "partly", "not fully", "not paid"), money({ [inv.currency]: inv.amount_due }, "amount still due")],
    };
  }),
  ask("finance", "read", "send me the list of overdue invoice in GBP, with the client and the value", (w) => {
    const list = w.invoices.filter((i) => overdue(i) && i.currency === "GBP");
    const others = w.invoices.filter((i) => overdue(i) && i.currency !== "GBP").map((i) => i.number);
    return [
      names(
        list.map((i) => i.number),
        others,
        list.length,
      ),
      amountsEach(
        list.map((i) => i.amount_due),
        "amounts due",
      ),
    ];
  }),
  ask("finance", "read", "how much Stark Logistics owe us in total? separate by currency please", (w) => {
    const list = ofClient(w, "Stark Logistics").filter(unpaid);
    return [money(dueSums(list), "unpaid total per currency")];
  }),
  ask("finance", "read", "invoices with more than 60 days of overdue, give me the numbers. I need to call these clients", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const others = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60).map((i) => i.number);
    return [
      names(
        late.map((i) => i.number),
        others,
        late.length,
      ),
    ];
  }),
  ask("finance", "read", "what is going to due in next 2 weeks? only open invoices, the overdues I have already", (w) => {
    const limit = addDays(today(w), 14);
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= limit);
    if (!soon.length) throw new Error("no open invoice due in two weeks");
    const later = w.invoices.filter((i) => (i.status === "open" && i.due_date > limit) || overdue(i)).map((i) => i.number);
    return [
      names(
        soon.map((i) => i.number),
        later,
        soon.length,
      ),
    ];
  }),

  // writes
  about("finance", "write", "Stark paid <its partly paid overdue invoice> in full: register the payment", (w) => {
    const inv = pick(ofClient(w, "Stark Logistics"), (i) => i.status === "overdue" && i.amount_paid > 0, "partly paid overdue Stark invoice");
    const n = Number(inv.number.replace(/\D/g, ""));
    return {
      say: `Stark pay yesterday the invoice ${n}, full value ${inv.currency} ${br(inv.amount_due)}. please register the payment`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "Tyrell sent USD 5.000,00 for <its overdue invoice>: a partial payment", (w) => {
    const inv = pick(
      ofClient(w, "Tyrell"),
      (i) => i.status === "overdue" && i.currency === "USD" && i.amount_due > 5000,
      "overdue Tyrell USD invoice over 5000",
    );
    return {
      say: `Tyrell Biotech send USD 5.000,00 for the ${shortNumber(inv)}, is a partial payment. register please`,
      expect: [
        changed(
          "invoice",
          inv.id,
          {
            amount_paid: is.where(`${(inv.amount_paid + 5000).toFixed(2)}`, near(inv.amount_paid + 5000)),
            amount_due: is.where(`${(inv.amount_due - 5000).toFixed(2)}`, near(inv.amount_due - 5000)),
          },
          inv.number,
        ),
      ],
    };
  }),
  ask("finance", "write", "I need one invoice for Northwind Traders of EUR 3.200,00 for the onboarding workshop, due date 30/12", (w) => [
    created("invoice", {
      client: is.text("Northwind Traders"),
      amount: 3200,
      currency: "EUR",
      due_date: nextDayMonth(w, 12, 30),
      description: is.containing("onboarding"),
    }),
  ]),
  about("finance", "write", "Globex <oldest overdue invoice> will never be paid: mark uncollectible (approval)", (w) => {
    const inv = pick(
      ofClient(w, "Globex")
        .filter(overdue)
        .sort((a, b) => b.days_overdue - a.days_overdue),
      () => true,
      "overdue Globex invoice",
    );
    const n = Number(inv.number.replace(/\D/g, ""));
    return {
      say: `Globex invoice ${n} we will not receive never, the company close. please mark as uncollectible`,
      expect: [writeOffProposed([inv.id, inv.number, shortNumber(inv)])],
    };
  }),

  // questions
  ask("finance", "question", "Hooli Cloud pay the invoice, mark as paid please", (w) => {
    if (ofClient(w, "Hooli").filter(unpaid).length < 2) throw new Error("Hooli has fewer than two unpaid invoices: not ambiguous");
    return [noChange(), asksBack()];
  }),
  ask("finance", "question", "the invoice INV-000052 of Wonka is paid?", (w) => {
    if (w.invoices.some((i) => i.number === "INV-000052")) throw new Error("INV-000052 exists now");
    return [noChange()];
  }),

  /* ======================= weekly figures ======================= */

  ask("intelligence", "figure", "my boss ask the win rate of the last 90 days, what is it?", (w) => [
    figure(snap(w).growth.last_90_days.win_rate, "win rate of the last 90 days", "percent"),
  ]),
  ask("intelligence", "figure", "for weekly report: how much is the open pipeline, and the weighted value?", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    return [
      money(Object.fromEntries(totals.map((t) => [t.currency, t.open_value])), "open pipeline value"),
      money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline value"),
    ];
  }),
  ask("intelligence", "figure", "what is the DSO in USD now?", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD receivables");
    return [figure(usd.days_sales_outstanding, "days sales outstanding in USD")];
  }),
  ask("intelligence", "figure", "total of receivables outstanding by currency, and how much of this is overdue", (w) => {
    const cur = snap(w).finance.currencies;
    return [
      money(Object.fromEntries(cur.map((c) => [c.currency, c.outstanding])), "outstanding receivables"),
      money(Object.fromEntries(cur.map((c) => [c.currency, c.overdue])), "overdue receivables"),
    ];
  }),
  ask("intelligence", "figure", "how many people we hire in last 12 months, and the median of days to hire?", (w) => {
    const t = snap(w).talent;
    return [count(t.hires_last_365_days, "hires in the last 365 days"), figure(t.median_days_to_hire, "median days to hire")];
  }),
  ask("intelligence", "figure", "new contacts of last 30 days, what is the number? and the active enrollments in sequences too", (w) => {
    const g = snap(w).growth;
    return [count(g.new_contacts_last_30_days, "new contacts in 30 days"), count(g.sequences.active_enrollments, "active enrollments")];
  }),
];
