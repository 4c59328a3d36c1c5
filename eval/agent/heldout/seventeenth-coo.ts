// Blind evaluation set, round twelve: Marcus, COO of a services company, running the Monday review with the agent.
// Long context-first sentences, business jargon (slip, commit, close-won, bookings, AR, aging, reqs, backfill),
// rankings and comparisons, sometimes two asks at once, loose references ("the Globex thing", "that backend role").
import { about, approval, ask, asksBack, type Case, changed, count, created, enrolled, figure, is, money, names, noChange } from "../judge.ts";
import {
  accountNamed,
  addDays,
  amountSums,
  candidatesOf,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  inStage,
  jobNamed,
  month,
  ofClient,
  pick,
  sums,
  stageNamed,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Deal, Invoice, Snapshot, World } from "../world.ts";

/* ---------- helpers of this set ---------- */

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const currencyRow = (w: World, c: string) => pick(snap(w).finance.currencies, (r) => r.currency === c, `${c} row of the snapshot`);
const round2 = (n: number) => Math.round(n * 100) / 100;
/** The one invoice of a client that fits, or an error (the request designates exactly one). */
const onlyInvoice = (w: World, client: string, fits: (i: Invoice) => boolean, what: string): Invoice => {
  const list = ofClient(w, client).filter(fits);
  if (list.length !== 1) throw new Error(`expected exactly one ${what} of ${client}, found ${list.length}`);
  return list[0]!;
};
/** The deal of an account whose name ends with this topic ("Tyrell Biotech: Platform rollout"). */
const dealOf = (w: World, account: string, topic: string, status: Deal["status"] = "open"): Deal => {
  const acc = accountNamed(w, account);
  const list = dealsOf(w, acc.id).filter((d) => d.status === status && d.name.toLowerCase().includes(topic.toLowerCase()));
  if (list.length !== 1) throw new Error(`expected one ${status} ${topic} deal of ${account}, found ${list.length}`);
  return list[0]!;
};
const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "(no account)";
/** Deal amounts summed per currency. */
const dealSums = (list: Deal[]) => sums(list, (d: Deal) => d.amount ?? 0);
const isActive = (stage: string) => stage !== "hired" && stage !== "rejected";

/* ---------- finance (12) ---------- */

const finance: Case[] = [
  // read: ranking clients by overdue USD
  ask(
    "finance",
    "read",
    "Going into the Monday review I want to see where our collections risk is concentrated, so rank the clients by how much overdue USD they owe us and give me the top three with the amounts",
    (w) => {
      const byClient = new Map<string, number>();
      for (const i of w.invoices.filter((x) => x.status === "overdue" && x.currency === "USD"))
        byClient.set(i.client, round2((byClient.get(i.client) ?? 0) + i.amount_due));
      const ranked = [...byClient.entries()].sort((a, b) => b[1] - a[1]);
      if (ranked.length < 4 || ranked[2]![1] === ranked[3]![1]) throw new Error("no clear top three of overdue USD");
      const top = ranked.slice(0, 3);
      return [
        names(
          top.map(([c]) => c),
          [],
          3,
        ),
        ...top.map(([c, v]) => money({ USD: v }, `overdue USD of ${c}`)),
      ];
    },
  ),
  // read: loose reference to a client, two asks
  ask(
    "finance",
    "read",
    "On the Globex thing from last week, what do they still owe us across both currencies, and how many days late is their oldest invoice at this point?",
    (w) => {
      const open = ofClient(w, "Globex").filter(unpaid);
      const late = open.filter((i) => i.status === "overdue").sort((a, b) => b.days_overdue - a.days_overdue);
      if (!late.length) throw new Error("no overdue Globex invoice");
      return [money(dueSums(open), "Globex balance per currency"), count(late[0]!.days_overdue, "days overdue on the oldest Globex invoice")];
    },
  ),
  // read: drafts, count and total
  ask(
    "finance",
    "read",
    "Before we close out the month I'd like a handle on what's sitting in draft and never actualy went out the door - how many of those are there and what do they total by currency?",
    (w) => {
      const drafts = w.invoices.filter((i) => i.status === "draft");
      return [count(drafts.length, "draft invoices"), money(amountSums(drafts), "draft total")];
    },
  ),
  // read: open invoices coming due in the next two weeks
  ask(
    "finance",
    "read",
    "For cash planning over the next couple of weeks, which open invoices (not the ones already overdue) come due between today and 14 days from now, and what does that add up to?",
    (w) => {
      const end = addDays(today(w), 14);
      const due = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
      if (!due.length) throw new Error("no open invoice due in the next 14 days");
      return [names([...new Set(due.map((i) => i.client))], [], 3), money(dueSums(due), "total coming due")];
    },
  ),
  // read: one client's open balance
  ask(
    "finance",
    "read",
    "Wayne Enterprises has been a headache all year and I'm sitting down with their CFO on Thursday, so what's their total open balance with us right now, overdue included?",
    (w) => [money(dueSums(ofClient(w, "Wayne").filter(unpaid)), "Wayne Enterprises open balance")],
  ),
  // write: mark paid
  about("finance", "write", "mark <Acme's onboarding workshop invoice> paid in full", (w) => {
    const inv = onlyInvoice(w, "Acme", (i) => unpaid(i) && (i.description ?? "").toLowerCase().includes("onboarding"), "unpaid onboarding invoice");
    return {
      say: "Acme's controller confirmed on Friday that the wire for the rest of the onboarding workshop landed. Mark that invoice paid in full.",
      expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
    };
  }),
  // write: create an invoice
  ask(
    "finance",
    "write",
    "New SOW signed with Northwind Traders - I need an invoice out to them for 12,500 EUR covering an onboarding workshop, due end of next month",
    (w) => [
      created("invoice", {
        client: is.containing("Northwind"),
        amount: 12500,
        currency: "EUR",
        due_date: month(w, 1)[1],
        description: is.containing("onboarding"),
      }),
    ],
  ),
  // write (approval): void
  about("finance", "write", "void <the Blue Sun Freight invoice>", (w) => {
    const inv = onlyInvoice(w, "Blue Sun", unpaid, "unpaid invoice");
    return {
      say: "The Blue Sun Freight invoice shouldn't exist, sales raised it before the contract fell through - void it and let me know once it's done",
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  // write (approval): write-off
  about("finance", "write", "write off <Pied Piper's custom integration invoice>", (w) => {
    const inv = onlyInvoice(w, "Pied Piper", unpaid, "unpaid invoice");
    return {
      say: "Pied Piper has basically gone under and we're not seeing a dime on that custom integration invoice. Let's write it off as uncollectible and eat the hit this quarter.",
      expect: [approval(/uncollectible|write.?off|bad.?debt/i, inv.id, inv.number)],
    };
  }),
  // write: push a due date out
  about("finance", "write", "push <Massive Dynamic's API overage invoice> due date out two weeks", (w) => {
    const inv = onlyInvoice(w, "Massive", (i) => unpaid(i) && (i.description ?? "").toLowerCase().includes("overage"), "unpaid overage invoice");
    return {
      say: "Can you give Massive Dynamic two more weeks on the API overage invoice? Their AP team asked for a bit more runway and I already said yes, so just move the due date out 14 days from its current one",
      expect: [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 14) }, inv.number)],
    };
  }),
  // question: which Stark invoice?
  ask("finance", "question", "Stark sent a wire this morning, mark their invoice paid pls", (w) => {
    if (ofClient(w, "Stark").filter(unpaid).length < 2) throw new Error("Stark has fewer than two unpaid invoices: not ambiguous");
    return [noChange(), asksBack()];
  }),
  // question: missing amount
  ask("finance", "question", "can you raise an invoice to Hooli for the Q1 retainer, net 30, usual terms", () => [noChange(), asksBack()]),
];

/* ---------- growth (12) ---------- */

const growth: Case[] = [
  // read: ranking a stage, plus its total
  ask(
    "growth",
    "read",
    "Rank whatever is sitting in Negotiation by deal size, biggest first, and give me the total value of that stage so I can hold it up against what we committed for the quarter",
    (w) => {
      const neg = stageNamed(w, "Negotiation");
      const deals = w.deals.filter((d) => d.status === "open" && d.stage_id === neg.id);
      if (!deals.length) throw new Error("no open deal in Negotiation");
      return [
        names(
          deals.map((d) => accountName(w, d.account_id)),
          [],
          deals.length,
        ),
        money(dealSums(deals), "Negotiation total"),
      ];
    },
  ),
  // read: deals slated to close before year end
  ask(
    "growth",
    "read",
    "I'm worried about slip into next year: how many open deals still have an expected close date on or before December 31, and what's the dollar value riding on them?",
    (w) => {
      const yearEnd = endOfNamedMonth(w, 12);
      const deals = w.deals.filter((d) => d.status === "open" && d.expected_close_date !== null && d.expected_close_date <= yearEnd);
      if (!deals.length) throw new Error("no open deal closing before year end");
      return [count(deals.length, "open deals closing by year end"), money(dealSums(deals), "value closing by year end")];
    },
  ),
  // read: contacts at an account
  ask("growth", "read", "who do we actually know over at Stark Logistics? list the contacts and flag which ones are decision-makers", (w) => {
    const people = contactsAt(w, "Stark");
    return [names(people.map(fullName), [], people.length)];
  }),
  // read: bookings
  ask("growth", "read", "How many deals have we closed-won to date, and what do the bookings on those come to?", (w) => {
    const won = w.deals.filter((d) => d.status === "won");
    return [count(won.length, "won deals"), money(dealSums(won), "bookings")];
  }),
  // read: accounts with no open deal
  ask(
    "growth",
    "read",
    "Top of funnel question - which of our accounts have no open deal at all right now, i.e. nothing live in the pipeline for them?",
    (w) => {
      const empty = w.accounts.filter((a) => !dealsOf(w, a.id).some((d) => d.status === "open")).map((a) => a.name);
      return [names(empty, [], empty.length)];
    },
  ),
  // write: move a deal's stage
  about("growth", "write", "move <Tyrell's platform rollout deal> to Proposal", (w) => {
    const deal = dealOf(w, "Tyrell", "Platform rollout");
    const proposal = stageNamed(w, "Proposal");
    if (deal.stage_id === proposal.id) throw new Error("the deal is already in Proposal");
    return {
      say: "After the demo Tyrell asked us for pricing on the platform rollout, which to me means that deal belongs in Proposal now, please update it",
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),
  // write: close-won
  about("growth", "write", "mark <Hooli's data migration deal> won", (w) => {
    const deal = dealOf(w, "Hooli", "Data migration");
    return {
      say: "Great way to start the week: Hooli signed the data migration SOW on Friday, mark it close-won",
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  // write: slip the close date
  about("growth", "write", "push <the Umbrella pilot deal> close date to the end of January", (w) => {
    const deal = dealOf(w, "Umbrella", "Pilot");
    return {
      say: "heads up the Umbrella pilot is slipping (procurement over there is crawling) - new expected close is end of January",
      expect: [changed("deal", deal.id, { expected_close_date: endOfNamedMonth(w, 1) }, deal.name)],
    };
  }),
  // write: enroll a contact
  about("growth", "write", "enroll <a contact with a unique name, not yet enrolled> in the New lead follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("lead follow"), "New lead follow-up sequence");
    const busy = new Set(w.enrollments.filter((e) => e.status === "active").map((e) => e.contact_id));
    const person = pick(
      uniqueContacts(w).filter((c) => c.account_id !== null && c.lifecycle_stage === "lead"),
      (c) => !busy.has(c.id),
      "unenrolled lead with a unique name",
    );
    return {
      say: `Can you put ${fullName(person)} from ${accountName(w, person.account_id)} on the ${seq.name} sequence, nobody has worked that lead yet`,
      expect: [enrolled(seq.id, person.id, fullName(person))],
    };
  }),
  // write: create a contact under an account
  ask("growth", "write", "add a contact under Globex: Priya Raman, she's their new VP Finance, priya.raman@globex.com", (w) => [
    created("contact", {
      first_name: is.text("Priya"),
      last_name: is.text("Raman"),
      email: is.text("priya.raman@globex.com"),
      title: is.containing("Finance"),
      account_id: accountNamed(w, "Globex").id,
    }),
  ]),
  // question: two contacts share the name
  ask("growth", "question", "Olivia Tanaka got promoted to VP Marketing, update her title in the CRM", (w) => {
    if (w.contacts.filter((c) => fullName(c) === "Olivia Tanaka").length < 2) throw new Error("only one Olivia Tanaka: not ambiguous");
    return [noChange(), asksBack()];
  }),
  // question: two open Stark deals
  ask("growth", "question", "move the Stark deal to negotiation, they're redlining the MSA as we speak", (w) => {
    if (dealsOf(w, accountNamed(w, "Stark").id).filter((d) => d.status === "open").length < 2) throw new Error("Stark has one open deal: not ambiguous");
    return [noChange(), asksBack()];
  }),
];

function contactsAt(w: World, account: string) {
  const acc = accountNamed(w, account);
  return w.contacts.filter((c) => c.account_id === acc.id);
}

/* ---------- talent (10) ---------- */

const talent: Case[] = [
  // read: one req's pipeline, two asks
  ask("talent", "read", "Where are we on that backend role - how many candidates are in the pipe and who's furthest along?", (w) => {
    const job = jobNamed(w, "Backend");
    const all = candidatesOf(w, job.id);
    const order = ["applied", "screening", "interview", "offer"];
    const live = all.filter((c) => order.includes(c.stage)).sort((a, b) => order.indexOf(b.stage) - order.indexOf(a.stage));
    if (!live.length || (live[1] && live[1].stage === live[0]!.stage)) throw new Error("no single furthest-along backend candidate");
    return [count(all.filter((c) => isActive(c.stage)).length, "candidates on the backend req"), names([fullName(live[0]!)])];
  }),
  // read: ranking reqs by active candidates
  ask("talent", "read", "Rank our open reqs by number of active candidates on each, and don't count anyone already hired or rejected", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const counts = open.map((j) => ({ title: j.title, n: candidatesOf(w, j.id).filter((c) => isActive(c.stage)).length })).sort((a, b) => b.n - a.n);
    if (!counts.length) throw new Error("no open job");
    return [
      names(
        counts.map((c) => c.title),
        [],
        counts.length,
      ),
      count(counts[0]!.n, `active candidates on ${counts[0]!.title}`),
    ];
  }),
  // read: a stage across jobs
  ask("talent", "read", "who's sitting at offer stage right now, across all the roles?", (w) => {
    const offer = inStage(w, "offer");
    const others = w.candidates.filter((c) => c.stage !== "offer").map(fullName);
    return [names(offer.map(fullName), others, offer.length)];
  }),
  // read: filter by source on one job
  ask("talent", "read", "Did any of the Product Designer candidates come in through a referral?", (w) => {
    const job = jobNamed(w, "Product Designer");
    const cands = candidatesOf(w, job.id);
    const referred = cands.filter((c) => (c.source ?? "").toLowerCase().includes("referral"));
    return [names(referred.map(fullName), [], referred.length)];
  }),
  // write: hire
  about("talent", "write", "mark <the Product Designer candidate at offer> hired", (w) => {
    const job = jobNamed(w, "Product Designer");
    const cand = pick(candidatesOf(w, job.id), (c) => c.stage === "offer", "designer candidate at offer");
    return {
      say: `${fullName(cand)} accepted our offer for the product designer role!! mark her hired, great news for the design team`,
      expect: [changed("candidate", cand.id, { stage: "hired" }, fullName(cand))],
    };
  }),
  // write: reject
  about("talent", "write", "reject <the backend candidate in screening>", (w) => {
    const job = jobNamed(w, "Backend");
    const cand = pick(candidatesOf(w, job.id), (c) => c.stage === "screening", "backend candidate in screening");
    return {
      say: `After the screen we're passing on ${fullName(cand)} for the Senior Backend Engineer req, go ahead and reject`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  // write: advance
  about("talent", "write", "move <the backend candidate who applied> to screening", (w) => {
    const job = jobNamed(w, "Backend");
    const cand = pick(candidatesOf(w, job.id), (c) => c.stage === "applied", "backend candidate in applied");
    return {
      say: `${fullName(cand)} looks strong on paper, move her along to screening so the recruiter can get a call on the calendar this week`,
      expect: [changed("candidate", cand.id, { stage: "screening" }, fullName(cand))],
    };
  }),
  // write: open a req
  ask("talent", "write", "Open a backfill req for a Customer Success Manager - Customer Success dept, based in London, full time", () => [
    created("job", {
      title: is.text("Customer Success Manager"),
      department: is.containing("Customer Success"),
      location: is.containing("London"),
      employment_type: "full_time",
    }),
  ]),
  // write: add a candidate
  about("talent", "write", "add Ada Lovelace as a referral candidate on <the backend job>", (w) => {
    const job = jobNamed(w, "Backend");
    if (w.candidates.some((c) => fullName(c) === "Ada Lovelace")) throw new Error("Ada Lovelace already exists");
    return {
      say: "New referral for the backend role, Linus sent her our way: Ada Lovelace, ada.lovelace@example.com. Add her as a candidate",
      expect: [
        created("candidate", {
          first_name: is.text("Ada"),
          last_name: is.text("Lovelace"),
          email: is.text("ada.lovelace@example.com"),
          job_id: job.id,
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  // question: which candidate?
  ask("talent", "question", "bump the backend candidate to the next stage, the hiring manager liked them", (w) => {
    if (candidatesOf(w, jobNamed(w, "Backend").id).filter((c) => isActive(c.stage)).length < 2) throw new Error("one backend candidate: not ambiguous");
    return [noChange(), asksBack()];
  }),
];

/* ---------- intelligence (8) ---------- */

const intelligence: Case[] = [
  ask("intelligence", "figure", "Whats our win rate looking like over the last 90 days, and how many did we close-won versus lose in that window?", (w) => {
    const g = snap(w).growth.last_90_days;
    return [figure(g.win_rate, "win rate", "percent"), count(g.won, "deals won"), count(g.lost, "deals lost")];
  }),
  ask("intelligence", "figure", "compare DSO on USD vs GBP for me - which one is worse right now?", (w) => [
    figure(currencyRow(w, "USD").days_sales_outstanding, "USD days sales outstanding"),
    figure(currencyRow(w, "GBP").days_sales_outstanding, "GBP days sales outstanding"),
  ]),
  ask(
    "intelligence",
    "figure",
    "When I present pipeline on Monday the board always asks for both numbers, so give me weighted pipeline next to total open pipeline as of now",
    (w) => {
      const t = snap(w).growth.pipeline.totals;
      return [
        money(Object.fromEntries(t.map((x) => [x.currency, x.weighted_value])), "weighted pipeline"),
        money(Object.fromEntries(t.map((x) => [x.currency, x.open_value])), "open pipeline"),
      ];
    },
  ),
  ask("intelligence", "figure", "How much of our USD receivables is aged past 60 days?", (w) => {
    const a = currencyRow(w, "USD").aging;
    return [money({ USD: round2((a["61_90"] ?? 0) + (a["90_plus"] ?? 0)) }, "USD receivables more than 60 days past due")];
  }),
  ask("intelligence", "figure", "Total overdue across the whole book, broken out by currency, and how many invoices are we talking about?", (w) => {
    const f = snap(w).finance;
    return [money(Object.fromEntries(f.currencies.map((c) => [c.currency, c.overdue])), "overdue"), count(f.overdue_count, "overdue invoices")];
  }),
  ask("intelligence", "figure", "on the people side, how many hires have we made in the last twelve months and what's our median time-to-hire?", (w) => {
    const t = snap(w).talent;
    return [count(t.hires_last_365_days, "hires in the last year"), figure(t.median_days_to_hire, "median days to hire")];
  }),
  ask("intelligence", "read", "rank the pipeline stages by open value so I can see where the dollars are concentrated", (w) => {
    const rows = [...snap(w).growth.pipeline.by_stage].sort((a, b) => b.open_value - a.open_value);
    if (!rows.length) throw new Error("no open pipeline by stage");
    return [
      names(
        rows.map((r) => r.stage_name),
        [],
        rows.length,
      ),
      money({ [rows[0]!.currency]: rows[0]!.open_value }, `open value in ${rows[0]!.stage_name}`),
    ];
  }),
  ask(
    "intelligence",
    "read",
    "How many contacts are actively enrolled in outreach sequences at the moment, and are we getting any replies out of them or is it crickets?",
    (w) => {
      const s = snap(w).growth.sequences;
      return [count(s.active_enrollments, "active enrollments"), figure(s.reply_rate, "reply rate", "percent")];
    },
  ),
];

export const CASES: Case[] = [...finance, ...growth, ...talent, ...intelligence];
