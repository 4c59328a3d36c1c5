/*
 * Who asks: two people in their first weeks at the company, sharing the chat box. One is the
 * office coordinator (bills, payments, the hiring paperwork), the other a junior sales assistant
 * (clients, the funnel, the follow-up emails). Neither knows the product's words yet: they say
 * "bills" for invoices, "the funnel" for the pipeline, "the list of emails we send to new leads"
 * for the sequence, "applicants" and "positions" for candidates and jobs. They describe a record
 * instead of naming it, over-explain why they ask, ask whether a thing is even possible, apologise
 * for being new and thank the assistant. Lower-case starts, the odd "lol", long run-on sentences.
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
  unenrolled,
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  amountSums,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  candidatesOf,
  month,
  numbers,
  ofClient,
  overdue,
  pick,
  stageNamed,
  stageOf,
  sums,
  unpaid,
} from "../facts.ts";
import type { Deal, Invoice, World } from "../world.ts";

/* Done, or waiting for approval: either is a right outcome. */
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

/* The invoice is voided, or (a draft) deleted outright. */
function voidedOrDeleted(inv: Invoice): Check {
  let right = false;
  return {
    text: `invoice ${inv.number} is void or deleted`,
    async judge({ api }) {
      const now = await api.call<Record<string, unknown>>("GET", `/v1/invoices/${inv.id}`);
      right = now.status === 404 || (now.status === 200 && now.body.status === "void");
      return right ? null : `invoice ${inv.number} is ${now.status === 200 ? String(now.body.status) : `answering ${now.status}`}`;
    },
    allows: (event) => right && event.data.object.id === inv.id && event.type.startsWith("invoice."),
  };
}

const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

const near = (x: number) => is.where(`about ${x.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - x) < 0.011);

const sequenceForNewLeads = (w: World) => pick(w.sequences, (s) => /lead/i.test(s.name), "sequence for new leads");
const contactNamed = (w: World, name: string, account?: string) =>
  pick(
    w.contacts,
    (c) => fullName(c) === name && (!account || c.account_id === accountNamed(w, account).id),
    `contact ${name}${account ? ` at ${account}` : ""}`,
  );
const candidateNamed = (w: World, name: string) => pick(w.candidates, (c) => fullName(c) === name, `candidate ${name}`);
const dealOf = (w: World, account: string, topic: string, open = true): Deal =>
  pick(
    dealsOf(w, accountNamed(w, account).id),
    (d) => dealTopic(d).toLowerCase().includes(topic.toLowerCase()) && (!open || d.status === "open"),
    `${open ? "open " : ""}${topic} deal of ${account}`,
  );
const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "";

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  ask(
    "finance",
    "read",
    "Hi, sorry, I only started on Monday so I don't know all the words yet. Is it possible to see how many of our bills to clients are late? I mean the ones where the date they were supposed to pay by has already gone past and they still haven't paid. Just the number is fine, thank you!",
    (w) => [count(w.invoices.filter(overdue).length, "late invoices")],
  ),
  ask(
    "finance",
    "read",
    "Hello! My manager asked me to find out the money Stark still hasn't sent us. So everything we billed them that they haven't paid yet, late or not late (not the ones we haven't sent out obviously). Is there a way to get the total? thanks a lot",
    (w) => [money(dueSums(ofClient(w, "Stark").filter(unpaid)), "Stark's unpaid balance")],
  ),
  ask(
    "finance",
    "read",
    "Which clients have a bill that's been late for more than two months? like over 60 days past the date they should have paid. Just the company names please, I'm making a list of who to call. Thank you",
    (w) => {
      const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
      const lateClients = [...new Set(late.map((i) => i.client))];
      const others = [...new Set(w.invoices.filter((i) => overdue(i) && !lateClients.includes(i.client)).map((i) => i.client))];
      return [names(lateClients, others, lateClients.length)];
    },
  ),
  ask(
    "finance",
    "read",
    "quick question, the Pied Piper bill, the one they still haven't paid, when was it supposed to be paid by? someone from their side is on the phone asking me. thanks!",
    (w) => {
      const open = ofClient(w, "Pied Piper").filter(unpaid);
      if (open.length !== 1) throw new Error("Pied Piper does not have exactly one unpaid invoice");
      return [date(open[0]!.due_date, "due date")];
    },
  ),
  ask(
    "finance",
    "read",
    "Out of the bills in euros that the client hasn't paid yet, which one is the biggest, and for how much? I'm trying to understand which clients owe us the most in euros. Thank you!",
    (w) => {
      const eur = w.invoices.filter((i) => unpaid(i) && i.currency === "EUR").sort((a, b) => b.amount_due - a.amount_due);
      const top = pick(eur, () => true, "unpaid EUR invoice");
      return [
        names(
          [top.client],
          eur.slice(1).map((i) => i.client),
          1,
        ),
        money({ EUR: top.amount_due }, "biggest unpaid euro bill"),
      ];
    },
  ),
  ask(
    "finance",
    "read",
    "How many bills have we made but not actually sent out to the client yet? I think they're called drafts? And what do they add up to all together? Thanks!",
    (w) => {
      const drafts = w.invoices.filter((i) => i.status === "draft");
      return [count(drafts.length, "draft invoices"), money(amountSums(drafts), "draft total")];
    },
  ),
  ask(
    "finance",
    "read",
    "Is it possible to get a list of the bills that clients are supposed to pay next month? Only ones we already sent that aren't paid yet, not the drafts. I want to put reminders in the calendar. Thank you so much",
    (w) => {
      const [from, to] = month(w, 1);
      const due = w.invoices.filter((i) => unpaid(i) && i.due_date >= from && i.due_date <= to);
      const others = w.invoices.filter((i) => unpaid(i) && !due.includes(i));
      return [names(numbers(due), numbers(others), due.length)];
    },
  ),
  ask(
    "finance",
    "read",
    "Did Globex ever pay the bill for their annual support plan? I just want to check before I call them so I don't embarrass myself. Thanks",
    (w) => {
      const inv = pick(ofClient(w, "Globex"), (i) => /annual support/i.test(i.description ?? ""), "Globex annual support plan invoice");
      return [says(inv.status)];
    },
  ),

  /* ---------------- reads: growth ---------------- */
  ask(
    "growth",
    "read",
    "How many deals are still going in the funnel? So not the ones we already won or lost, only the ones still in progress. And how much are they worth together? Thank you!",
    (w) => {
      const open = w.deals.filter((d) => d.status === "open");
      return [
        count(open.length, "open deals"),
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open deal value",
        ),
      ];
    },
  ),
  ask(
    "growth",
    "read",
    "Which companies are we at the negotiating part with? Like the deals that are nearly done but we're still going back and forth on the price and terms. I'd like the company names please, thanks",
    (w) => {
      const neg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
      const wanted = [...new Set(neg.map((d) => accountName(w, d.account_id)))];
      const others = [...new Set(w.deals.filter((d) => d.status === "open" && !neg.includes(d)).map((d) => accountName(w, d.account_id)))];
      return [names(wanted, others, wanted.length)];
    },
  ),
  ask(
    "growth",
    "read",
    "What step is the Stark deal for the support upgrade at? My manager wants to know if they've gotten the proposal from us yet or if it's further along. thanks!",
    (w) => [says(stageOf(w, dealOf(w, "Stark", "Support upgrade")).name)],
  ),
  ask(
    "growth",
    "read",
    "When do we think the Umbrella Health pilot will close? The deal for the pilot project I mean, not the bigger one with the seats. Thank you",
    (w) => {
      const deal = dealOf(w, "Umbrella", "Pilot");
      if (!deal.expected_close_date) throw new Error("the Umbrella pilot has no expected close date");
      return [date(deal.expected_close_date, "expected close date")];
    },
  ),
  ask(
    "growth",
    "read",
    "Who is getting the list of emails we send to new leads at the moment? The automatic ones that go out one after the other. I'd like the names of the people please, I'm trying to learn who's who. Thanks",
    (w) => {
      const seq = sequenceForNewLeads(w);
      const people = enrolledContacts(w, seq.id).map(fullName);
      const others = w.contacts.map(fullName).filter((n) => !people.includes(n));
      return [names(people, others, people.length)];
    },
  ),
  ask(
    "growth",
    "read",
    "What's the biggest deal we have that's still open? just curious how big they get here haha. Which company and how much? Thanks",
    (w) => {
      const open = w.deals.filter((d) => d.status === "open").sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0));
      const top = pick(open, () => true, "open deal");
      return [names([accountName(w, top.account_id)], [], 1), money({ [top.currency]: top.amount ?? 0 }, "biggest open deal")];
    },
  ),
  ask(
    "growth",
    "read",
    "At Stark Logistics, which of the people we have in the system are still only leads? I mean not qualified and not customers yet. I'm supposed to reach out to them. Thanks!",
    (w) => {
      const people = contactsOf(w, accountNamed(w, "Stark").id);
      const leads = people.filter((c) => c.lifecycle_stage === "lead").map(fullName);
      const others = people.filter((c) => c.lifecycle_stage !== "lead").map(fullName);
      return [names(leads, others, leads.length)];
    },
  ),

  /* ---------------- reads: talent ---------------- */
  ask(
    "talent",
    "read",
    "Could you show me the people who applied for the engineering job? The backend one in Berlin. I'm booking rooms for the interviews and need to know who's who. Thank you",
    (w) => {
      const job = jobNamed(w, "Backend");
      const wanted = candidatesOf(w, job.id).map(fullName);
      const others = w.candidates.filter((c) => c.job_id !== job.id).map(fullName);
      return [names(wanted, others, wanted.length)];
    },
  ),
  ask(
    "talent",
    "read",
    "How many applicants are at the interview step right now, across all the positions we're hiring for? I need to know how many interview slots to book. Thanks",
    (w) => [count(inStage(w, "interview").length, "candidates in interview")],
  ),
  ask("talent", "read", "Who did we make an offer to for the designer position? I need to send them a welcome pack if they accept lol. thank you", (w) => {
    const job = jobNamed(w, "Designer");
    const all = candidatesOf(w, job.id);
    const offered = all.filter((c) => c.stage === "offer").map(fullName);
    return [names(offered, all.filter((c) => c.stage !== "offer").map(fullName), offered.length)];
  }),
  ask(
    "talent",
    "read",
    "What rating did Tim Berners-Lee get? I think people give the applicants stars out of 5 after talking to them? Just want to see. Thanks!",
    (w) => {
      const c = candidateNamed(w, "Tim Berners-Lee");
      if (c.rating === null) throw new Error("Tim Berners-Lee has no rating");
      return [count(c.rating, "stars")];
    },
  ),

  /* ---------------- reads: the business figures ---------------- */
  ask(
    "intelligence",
    "figure",
    "I keep hearing people talk about our 'win rate' in meetings. Could you tell me what it is right now? Like out of the deals that finished lately, what percent did we actually win? Thank you",
    (w) => [figure(snap(w).growth.last_90_days.win_rate, "win rate", "percent")],
  ),
  ask(
    "intelligence",
    "figure",
    "How much money in total is late right now? From all the bills where the pay-by date has passed. Separately for each currency is fine, thanks!",
    (w) => [money(dueSums(w.invoices.filter(overdue)), "overdue total")],
  ),
  ask(
    "intelligence",
    "figure",
    "Someone in the finance meeting said 'DSO' and I nodded but I don't actually know what it is lol. I think it's how many days it takes clients to pay us on average? What's ours for the bills in dollars? Thanks",
    (w) => {
      const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
      return [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")];
    },
  ),
  ask(
    "intelligence",
    "figure",
    "What's our funnel worth if you count each deal by how likely it is to actually close? My manager called it the 'weighted' number I think. Thanks so much",
    (w) => {
      const totals = snap(w).growth.pipeline.totals;
      return [money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline")];
    },
  ),
  ask(
    "intelligence",
    "figure",
    "How many people have we hired in the last year, all positions together? It's for the welcome board in the kitchen. thank you!",
    (w) => [figure(snap(w).talent.hires_last_365_days, "hires in the last 365 days")],
  ),

  /* ---------------- writes: finance ---------------- */
  ask(
    "finance",
    "write",
    "Hi! Could you make a new bill for Initech please? It's for the onboarding workshop we ran for them last week, $4,500, and they should pay it by the 15th of next month. Thank you!!",
    (w) => [
      created("invoice", {
        client: is.containing("Initech"),
        amount: 4500,
        currency: "USD",
        due_date: `${month(w, 1)[0].slice(0, 8)}15`,
      }),
    ],
  ),
  about("finance", "write", "Blue Sun Freight paid <their only unpaid invoice> in full", (w) => {
    const open = ofClient(w, "Blue Sun").filter(unpaid);
    if (open.length !== 1) throw new Error("Blue Sun Freight does not have exactly one unpaid invoice");
    const inv = open[0]!;
    return {
      say: "Blue Sun Freight just phoned to say they paid their bill, the whole thing. Can you mark it as paid please? It's the only one they have open with us I think. Thanks!",
      expect: [either(changed("invoice", inv.id, { status: "paid" }, inv.number), approval(/pay|paid/i, inv.id, inv.number))],
    };
  }),
  about("finance", "write", "Acme Robotics paid 5,000 towards <their overdue USD invoice>", (w) => {
    const late = ofClient(w, "Acme").filter((i) => overdue(i));
    if (late.length !== 1) throw new Error("Acme Robotics does not have exactly one overdue invoice");
    const inv = late[0]!;
    return {
      say: "Acme Robotics sent us 5,000 dollars for the bill of theirs that's late. Not the full amount, only part of it. Is it possible to put that in so it shows they paid that much? Thank you",
      expect: [
        either(
          changed("invoice", inv.id, { amount_paid: near(inv.amount_paid + 5000), amount_due: near(inv.amount_due - 5000) }, inv.number),
          approval(/pay/i, inv.id, inv.number),
        ),
      ],
    };
  }),
  about("finance", "write", "cancel <the smaller Gringotts draft>, made by mistake", (w) => {
    const drafts = ofClient(w, "Gringotts")
      .filter((i) => i.status === "draft")
      .sort((a, b) => a.amount - b.amount);
    if (drafts.length < 2) throw new Error("Gringotts does not have two drafts");
    const inv = drafts[0]!;
    const shown = inv.amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return {
      say: `so sorry, I made a bill for Gringotts by mistake, the one for $${shown} that hasn't been sent yet. It shouldn't exist at all, can you cancel it or get rid of it? Not the other Gringotts one, that one is right. Thanks`,
      expect: [either(voidedOrDeleted(inv), approval(/void|delete|cancel/i, inv.id, inv.number))],
    };
  }),

  /* ---------------- writes: growth ---------------- */
  ask(
    "growth",
    "write",
    "We met a new person from Globex at the trade fair yesterday: Hannah Berg, she's their Head of Finance, her email is hannah.berg@globex.com. Can you add her to our contacts under Globex? Thanks!",
    (w) => [
      created("contact", {
        first_name: "Hannah",
        last_name: "Berg",
        email: "hannah.berg@globex.com",
        title: is.text("Head of Finance"),
        account_id: accountNamed(w, "Globex").id,
      }),
    ],
  ),
  about("growth", "write", "move <Tyrell's platform rollout deal> to Proposal", (w) => {
    const deal = dealOf(w, "Tyrell", "Platform rollout");
    return {
      say: "Tyrell asked us to send them a proposal for the platform rollout, so I think that deal should go to the proposal step in the funnel now? Could you move it please. Thank you",
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)],
    };
  }),
  about("growth", "write", "mark <Hooli's data migration deal> as won", (w) => {
    const deal = dealOf(w, "Hooli", "Data migration");
    return {
      say: "Great news, Hooli signed!! The data migration one. Is it possible to put that deal down as won? thank you so much",
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "add Isla Haddad (Stark) to the new-lead sequence", (w) => {
    const seq = sequenceForNewLeads(w);
    const isla = contactNamed(w, "Isla Haddad", "Stark");
    if (enrolledContacts(w, seq.id).some((c) => c.id === isla.id)) throw new Error("Isla Haddad is already enrolled");
    return {
      say: "Can you add Isla Haddad from Stark Logistics to the list of emails we send to new leads? The automatic follow-up ones. My manager says she should be getting them. Thanks!",
      expect: [enrolled(seq.id, isla.id, "Isla Haddad")],
    };
  }),
  about("growth", "write", "take <the enrolled Ava Chen> out of the new-lead sequence", (w) => {
    const seq = sequenceForNewLeads(w);
    const ava = pick(enrolledContacts(w, seq.id), (c) => fullName(c) === "Ava Chen", "enrolled Ava Chen");
    const company = accountName(w, ava.account_id);
    return {
      say: `Ava Chen at ${company} wrote back asking us to please stop sending her those automatic follow-up emails. Could you take her off that list? Only her. Thank you`,
      expect: [unenrolled(seq.id, ava.id, `Ava Chen (${company})`)],
    };
  }),

  /* ---------------- writes: talent ---------------- */
  about("talent", "write", "move Alan Turing to interview", (w) => {
    const c = candidateNamed(w, "Alan Turing");
    return {
      say: "Alan Turing did really well on the first phone call for the engineering job, so can he go on to the interview round now? Thanks!",
      expect: [changed("candidate", c.id, { stage: "interview" }, "Alan Turing")],
    };
  }),
  about("talent", "write", "reject Ken Thompson (Account Executive)", (w) => {
    const c = candidateNamed(w, "Ken Thompson");
    return {
      say: "For the sales position, Ken Thompson isn't a fit unfortunately, the team decided. Could you please mark him as turned down? Thank you",
      expect: [either(changed("candidate", c.id, { stage: "rejected" }, "Ken Thompson"), approval(/reject|candidate/i, c.id))],
    };
  }),
  about("talent", "write", "rate Grace Hopper 4", (w) => {
    const c = candidateNamed(w, "Grace Hopper");
    return {
      say: "Is it possible to change the stars for Grace Hopper (the engineering applicant)? The hiring manager said she should be a 4 out of 5 now after they spoke. thanks!",
      expect: [changed("candidate", c.id, { rating: 4 }, "Grace Hopper")],
    };
  }),
  ask(
    "talent",
    "write",
    "A new person applied for the designer job by email, can you put her in? Her name is Ada Lovelace, ada.lovelace@example.com, and she heard about us from a referral (one of our designers knows her). Thank you!",
    (w) => [
      created("candidate", {
        job_id: jobNamed(w, "Designer").id,
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada.lovelace@example.com",
        source: is.containing("referral"),
      }),
    ],
  ),
  ask(
    "talent",
    "write",
    "We need to start looking for an Office Manager, based in London, full time. Could you open that position so people can apply? Thanks a lot",
    () => [
      created("job", {
        title: is.containing("Office Manager"),
        location: is.containing("London"),
        employment_type: is.where("full time", (v: string) => typeof v === "string" && /full/i.test(v)),
      }),
    ],
  ),

  /* ---------------- must not change anything ---------------- */
  ask("finance", "question", "can you mark the bill as paid please? the one from last week, the client called and said it's done. thanks!", () => [
    noChange(),
    asksBack(),
  ]),
  ask("growth", "question", "Could you change Sofia Kowalski's phone number to +44 20 7946 0123? She gave me her new one. Thank you!", () => [
    noChange(),
    asksBack(),
  ]),
  ask("finance", "question", "Is it possible to make a bill for Wonka? My manager said they need one for this month. Thank you", () => [
    noChange(),
    asksBack(),
  ]),
  ask("talent", "question", "could you move the applicant for the designer position on to the next step? they did great apparently. thanks!", () => [
    noChange(),
    asksBack(),
  ]),
];
