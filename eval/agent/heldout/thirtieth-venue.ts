import { about, approval, ask, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  clientNames,
  clientWithUnpaid,
  contactsOf,
  dealTopic,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  jobNamed,
  names as personNames,
  numbers,
  ofClient,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  today,
  unpaid,
  uniqueContacts,
} from "../facts.ts";
import type { World } from "../world.ts";

/*
 * Blind set: the manager of an events venue (weddings, corporate away-days,
 * conferences). Invoices are event invoices (deposits and balances), deals are
 * enquiries and bookings, the sequence is the nurture emails, jobs are the
 * roles the venue is hiring for. Chatty, warm, hospitality words, a detail
 * about the event, sometimes two things at once.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** 2026-12-14 -> "14 December", as the manager writes dates. */
const spoken = (isoDate: string) => {
  const [, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]}`;
};
const SYMBOL: Record<string, string> = { USD: "$", GBP: "£", EUR: "€" };
/** 11130.62 USD -> "$11,130.62". */
const money$ = (amount: number, currency: string) =>
  `${SYMBOL[currency] ?? `${currency} `}${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const theSequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");
const isEnrolled = (w: World, contactId: string) => w.enrollments.some((e) => e.contact_id === contactId && e.status === "active");
const accountName = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "account").name;
const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

export const CASES: Case[] = [
  /* ======================= reads (17) ======================= */

  about("finance", "read", "how many invoices are overdue and what that adds up to", (w) => {
    const late = w.invoices.filter(overdue);
    return {
      say: "Morning! Before the Monday ops meeting - how many of our invoices have gone overdue now, and what's the total we're chasing? Need it for the board, ta",
      expect: [count(late.length, "overdue invoices"), money(dueSums(late), "overdue total")],
    };
  }),

  about("finance", "read", "what <Stark Logistics> still owes us across their events", (w) => {
    const open = ofClient(w, "Stark").filter(unpaid);
    if (!open.length) throw new Error("no unpaid Stark invoice");
    return {
      say: "Stark Logistics are coming in for a site visit tomorrow about their summer conference - how much do they still owe us from previous events? Want to raise it gently over coffee",
      expect: [money(dueSums(open), "Stark's unpaid balance")],
    };
  }),

  about("finance", "read", "which of <Oscorp>'s invoices are past due", (w) => {
    const inv = ofClient(w, "Oscorp");
    const late = inv.filter(overdue);
    if (!late.length) throw new Error("no overdue Oscorp invoice");
    return {
      say: "oscorp's coordinator has gone quiet on me again... which of thier invoices are actually overdue? just the late ones pls",
      expect: [names(numbers(late), numbers(inv.filter((i) => !overdue(i))), late.length)],
    };
  }),

  about("finance", "read", "list the invoices still sitting as drafts", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    if (!drafts.length) throw new Error("no draft invoice");
    return {
      say: "I think I've got a load of invoices I started and never sent out - can you list me everything that's still a draft? Bit of housekeeping before the Christmas party season kicks off",
      expect: [names(numbers(drafts), [], drafts.length)],
    };
  }),

  about("finance", "read", "when the balance is due on <a client's only invoice>", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const mine = w.invoices.filter((i) => i.client === c);
        return mine.length === 1 && mine[0]!.status === "open";
      },
      "client with a single open invoice",
    );
    const inv = ofClient(w, client)[0]!;
    return {
      say: `Quick one - ${client} just rang asking when their balance is due for the conference booking. When did we put as the due date on their invoice?`,
      expect: [date(inv.due_date, "due date")],
    };
  }),

  about("finance", "read", "invoices falling due in the next fortnight", (w) => {
    const end = addDays(today(w), 14);
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
    const later = w.invoices.filter((i) => i.status === "open" && i.due_date > end);
    return {
      say: "which invoices are falling due over the next two weeks? want to send friendly reminders before the event dates creep up on everyone",
      expect: [names(numbers(soon), numbers(later), soon.length)],
    };
  }),

  about("finance", "read", "the single biggest unpaid dollar invoice", (w) => {
    const usd = w.invoices.filter((i) => unpaid(i) && i.currency === "USD").sort((a, b) => b.amount_due - a.amount_due);
    const top = usd[0];
    if (!top) throw new Error("no unpaid USD invoice");
    return {
      say: "Out of the dollar invoices, which one's got the biggest balance still unpaid? Whoever it is I'll give them a ring myself",
      expect: [names([top.number, top.client], [], 1)],
    };
  }),

  about("finance", "read", "which clients paid a deposit but still owe the balance", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    if (!part.length) throw new Error("no part-paid invoice");
    const partClients = [...new Set(part.map((i) => i.client))];
    const others = [...new Set(w.invoices.filter((i) => unpaid(i) && !partClients.includes(i.client)).map((i) => i.client))];
    return {
      say: "Who's paid their deposit but not the balance yet? i.e. part-paid invoices where there's still something owing. Client names is fine",
      expect: [names(partClients, others, partClients.length)],
    };
  }),

  about("growth", "read", "which accounts have an enquiry at negotiation", (w) => {
    const neg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    if (!neg.length) throw new Error("no deal in negotiation");
    const withNeg = [...new Set(neg.map((d) => accountName(w, d.account_id)))];
    const without = w.accounts.filter((a) => !withNeg.includes(a.name)).map((a) => a.name);
    return {
      say: "Which companies have got a booking sitting at Negotiation right now? I want to chase them before the provisional holds on the dates run out",
      expect: [names(withNeg, without, withNeg.length)],
    };
  }),

  ask("growth", "read", "how many enquires are still open in the pipline, roughly? I mean ones that aren't confirmed or lost yet", (w) => [
    count(w.deals.filter((d) => d.status === "open").length, "open deals"),
  ]),

  about("growth", "read", "who we have on file at <Stark Logistics>", (w) => {
    const acc = accountNamed(w, "Stark");
    const mine = contactsOf(w, acc.id);
    const others = w.contacts.filter((c) => c.account_id !== acc.id).map(fullName);
    return {
      say: "who are our contacts at Stark Logistics? I've forgotten who the event lead was on their last away day and I don't want to email the wrong person lol",
      expect: [names(mine.map(fullName), others, mine.length)],
    };
  }),

  about("growth", "read", "who is currently getting the nurture emails", (w) => {
    const seq = theSequence(w);
    const on = enrolledContacts(w, seq.id);
    if (!on.length) throw new Error("nobody enrolled");
    return {
      say: `Who's on the "${seq.name}" emails at the moment? Just want to make sure we're not nurturing anyone who's already booked!`,
      expect: [names(on.map(fullName), [], on.length)],
    };
  }),

  about("growth", "read", "when <Hooli Cloud>'s enquiry is expected to close", (w) => {
    const { deal, account } = soleOpenDeal(w);
    if (!deal.expected_close_date) throw new Error("sole deal has no close date");
    return {
      say: `When are we expecting ${account} to confirm? They're the ones who keep asking about the terrace for the drinks reception - what close date have we got down for their enquiry?`,
      expect: [date(deal.expected_close_date, "expected close date")],
    };
  }),

  about("growth", "read", "what stage <Aperture Labs>'s live enquiry is at (not the won one)", (w) => {
    const acc = pick(
      w.accounts,
      (a) => {
        const ds = dealsOf(w, a.id);
        return ds.filter((d) => d.status === "open").length === 1 && ds.some((d) => d.status !== "open");
      },
      "account with one open and one closed deal",
    );
    const live = pick(dealsOf(w, acc.id), (d) => d.status === "open", "open deal");
    return {
      say: `what stage is the ${acc.name} enquiry at?? the live one obviously, not the one that's already done and dusted`,
      expect: [says(stageOf(w, live).name)],
    };
  }),

  about("talent", "read", "which backend engineer candidates are still in the running", (w) => {
    const job = jobNamed(w, "Backend");
    const all = candidatesOf(w, job.id);
    const live = all.filter((c) => !["rejected", "hired"].includes(c.stage));
    const out = w.candidates.filter((c) => !live.includes(c));
    return {
      say: "For the backend engineer job (the one for our new booking system) - who's still in the running? Leave out anyone we've turned down",
      expect: [names(personNames(live), personNames(out), live.length)],
    };
  }),

  about("talent", "read", "who has an offer out to them right now", (w) => {
    const offers = w.candidates.filter((c) => c.stage === "offer");
    if (!offers.length) throw new Error("no candidate at offer");
    return {
      say: "Who have we got at offer stage at the moment, across all the roles? HR want to know before everyone breaks up for the festive season",
      expect: [names(personNames(offers), personNames(w.candidates.filter((c) => c.stage !== "offer")), offers.length)],
    };
  }),

  about("talent", "read", "how many people applied for the Account Executive role in total", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: "how many people applied for the Account Executive role altogether? including the ones we said no to. It's basically our events sales exec job",
      expect: [count(candidatesOf(w, job.id).length, "candidates for Account Executive")],
    };
  }),

  /* ======================= figures (4) ======================= */

  about("intelligence", "figure", "our win rate on enquiries over the last 90 days", (w) => {
    const rate = snapshot(w).growth.last_90_days.win_rate;
    return {
      say: "What's our win rate been like the last 90 days - how many enquiries actually turn into confirmed bookings? As a percentage please",
      expect: [figure(rate, "win rate", "percent")],
    };
  }),

  about("intelligence", "figure", "weighted value of the open pipeline", (w) => {
    const sums: Record<string, number> = {};
    for (const t of snapshot(w).growth.pipeline.totals) sums[t.currency] = t.weighted_value;
    return {
      say: "Owners want a realistic number for next year's bookings - what's the pipeline worth weighted by how likely each one is to land? Not the full headline figure, the weighted one",
      expect: [money(sums, "weighted pipeline")],
    };
  }),

  about("intelligence", "figure", "how many days clients take to pay (USD DSO)", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
    return {
      say: "on average how many days are our clients taking to pay us? the DSO thing our accountant keeps going on about - the dollar one is fine",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding")],
    };
  }),

  about("intelligence", "figure", "how many people we hired in the last year", (w) => {
    const hires = snapshot(w).talent.hires_last_365_days;
    return {
      say: "How many people have we actually hired over the past 12 months? Putting together a little thank-you for the team and want the number right",
      expect: [figure(hires, "hires in the last year")],
    };
  }),

  /* ======================= writes (15) ======================= */

  about("finance", "write", "<client> paid the balance of their only unpaid invoice in full", (w) => {
    const client = clientWithUnpaid(w, 1, (i) => overdue(i) && i.amount_paid === 0);
    const inv = ofClient(w, client).find(unpaid)!;
    return {
      say: `Good news!! ${client} have finally settled up - the full ${money$(inv.amount_due, inv.currency)} for their launch party came through this morning. Can you mark their invoice as paid?`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),

  about("finance", "write", "record a 2,000 deposit against <an overdue GBP invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.currency === "GBP" && i.amount_paid === 0 && i.amount_due > 3000, "unpaid GBP invoice over 3000");
    return {
      say: `${inv.client} have sent £2,000 towards ${shortNumber(inv)} - it's a part payment, they'll do the rest after the event. Please log it against the invoice`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 2000) * 100) / 100, status: "overdue" }, inv.number)],
    };
  }),

  about("finance", "write", "raise a GBP 4,250 deposit invoice for Northwind Traders due in two weeks", (w) => {
    const due = addDays(today(w), 14);
    return {
      say: `Can you raise an invoice for Northwind Traders please - £4,250 deposit for their summer garden party, due ${spoken(due)}. Leave it as a draft, I'll check the wording before it goes`,
      expect: [created("invoice", { client: is.text("Northwind Traders"), amount: 4250, currency: "GBP", due_date: due, status: "draft" })],
    };
  }),

  about("finance", "write", "void <a client's open invoice> because they cancelled", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && ofClient(w, i.client).length === 1, "open invoice of a one-invoice client");
    return {
      say: `Sad one - ${inv.client} have cancelled their conference with us, budget cuts apparently. Please void ${inv.number}, we won't be charging them`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  about("finance", "write", "push <an open invoice>'s due date to the end of February", (w) => {
    const client = clientWithUnpaid(w, 1, (i) => i.status === "open" && i.amount_paid === 0);
    const inv = ofClient(w, client).find(unpaid)!;
    const end = endOfNamedMonth(w, 2);
    return {
      say: `${client} have moved their event date back to spring so I've agreed they can pay later - can you change the due date on their invoice (${shortNumber(inv)}) to the end of Feb?`,
      expect: [changed("invoice", inv.id, { due_date: end }, inv.number)],
    };
  }),

  about("finance", "write", "finalise <a draft invoice> so it's issued", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && i.due_date > today(w) && ofClient(w, i.client).filter((o) => o.status === "draft").length === 1,
      "a client's only draft",
    );
    return {
      say: `I've double-checked ${inv.number} for ${inv.client} (their away day) and it's all correct now - please finalise it so it's issued properly`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),

  about("growth", "write", "move <account>'s <deal> enquiry on to Negotiation", (w) => {
    const deal = openDealIn(w, ["Proposal"]);
    const neg = stageNamed(w, "Negotiation");
    return {
      say: `${accountName(w, deal.account_id)} came back on our proposal for the "${dealTopic(deal)}" one - they want to talk numbers on the room hire, so move it to Negotiation please`,
      expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)],
    };
  }),

  about("growth", "write", "mark <an account's only enquiry> as won, deposit received", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation", "Proposal"]);
    const pipeline = pick(w.pipelines, (p) => p.stages.some((s) => s.id === deal.stage_id), "deal's pipeline");
    const won = pick(pipeline.stages, (s) => s.kind === "won", "won stage");
    return {
      say: `CONFIRMED 🎉 ${account} signed the contract and the deposit's landed, date is locked in! Please mark their deal as won`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
    };
  }),

  ask(
    "growth",
    "write",
    "Add a new contact for me - Priya Raman, priya.raman@hollowaygardens.co.uk, she's the wedding planner who sends us loads of couples. Put her in as a lead",
    () => [
      created("contact", {
        first_name: is.text("Priya"),
        last_name: is.text("Raman"),
        email: "priya.raman@hollowaygardens.co.uk",
        lifecycle_stage: "lead",
      }),
    ],
  ),

  about("growth", "write", "new $8,500 Christmas party enquiry for Northwind Traders", (w) => {
    const acc = accountNamed(w, "Northwind");
    return {
      say: "New enquiry just in from Northwind Traders!! Christmas party for about 80, looking at the ballroom. Can you log it as a deal on their account - call it Christmas party, value $8,500",
      expect: [created("deal", { account_id: acc.id, name: is.containing("Christmas"), amount: 8500, currency: "USD" })],
    };
  }),

  about("growth", "write", "put <a contact at a company> on the nurture emails", (w) => {
    const seq = theSequence(w);
    const c = pick(
      w.contacts,
      (x) =>
        x.lifecycle_stage === "lead" && x.account_id !== null && !isEnrolled(w, x.id) && w.contacts.some((o) => o.id !== x.id && fullName(o) === fullName(x)),
      "lead not enrolled whose name another contact shares",
    );
    return {
      say: `Can you pop ${fullName(c)} from ${accountName(w, c.account_id)} onto the ${seq.name} emails? Met them at the wedding fair on Saturday, really lovely, keen on a product launch in spring`,
      expect: [enrolled(seq.id, c.id, `${fullName(c)} (${accountName(w, c.account_id)})`)],
    };
  }),

  about("growth", "write", "update <a contact>'s job title to Events Manager", (w) => {
    const acc = accountNamed(w, "Stark");
    const c = pick(uniqueContacts(w), (x) => x.account_id === acc.id && x.title !== "Events Manager" && x.lifecycle_stage === "lead", "unique lead at Stark");
    return {
      say: `${fullName(c)} at Stark has been made their Events Manager (good for us, they'll be booking everything now!) - update the job title on their contact please`,
      expect: [changed("contact", c.id, { title: is.text("Events Manager") }, fullName(c))],
    };
  }),

  about("talent", "write", "move one backend candidate to offer and reject another", (w) => {
    const job = jobNamed(w, "Backend");
    const mine = candidatesOf(w, job.id);
    const star = pick(mine, (c) => c.stage === "interview", "backend candidate at interview");
    const no = pick(mine, (c) => c.stage === "screening", "backend candidate at screening");
    return {
      say: `Two things on the backend engineer hire: ${fullName(star)} smashed the interview so please move them to offer, and ${fullName(no)} isn't the right fit so reject them. Thanks lovely`,
      expect: [changed("candidate", star.id, { stage: "offer" }, fullName(star)), changed("candidate", no.id, { stage: "rejected" }, fullName(no))],
    };
  }),

  ask(
    "talent",
    "write",
    "We need a Front of House Supervisor for weekends and evening events - part time, based at the venue in Bath. Can you open up the job please?",
    () => [created("job", { title: is.containing("Front of House"), employment_type: "part_time", status: "open" })],
  ),

  about("talent", "write", "add a referred applicant to the Account Executive job", (w) => {
    const job = jobNamed(w, "Account Executive");
    if (job.status !== "open") throw new Error("Account Executive is closed");
    return {
      say: "One of our regular coordinators referred her friend for the Account Exec role - Tamsin Okoro, tamsin.okoro@gmail.com. Can you add her as a candidate? Source is referral",
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Tamsin"),
          last_name: is.text("Okoro"),
          email: "tamsin.okoro@gmail.com",
          source: is.text("referral"),
        }),
      ],
    };
  }),

  /* ======================= must not act (6) ======================= */

  about("growth", "question", "mark <a contact name two people share> as a customer (no company given)", (w) => {
    const c = pick(w.contacts, (x) => w.contacts.filter((o) => fullName(o) === fullName(x)).length > 1, "shared contact name");
    return {
      say: `${fullName(c)} has booked with us so can you change them over to a customer now? Thanks!`,
      expect: [noChange()],
    };
  }),

  about("finance", "question", "<client with several unpaid invoices> has paid their invoice (which one?)", (w) => {
    const client = pick(clientNames(w), (c) => ofClient(w, c).filter(unpaid).length >= 3, "client with 3+ unpaid invoices");
    return {
      say: `${client} said on the phone they've paid their invoice - mark it paid for me would you`,
      expect: [noChange()],
    };
  }),

  ask("finance", "question", "raise the invoice for the Wilson wedding deposit, you know the one", () => [noChange()]),

  about("growth", "question", "move the <shared topic> deal to Proposal (several have that name)", (w) => {
    const topic = pick(
      [...new Set(w.deals.map((d) => d.name.split(": ").slice(1).join(": ")))],
      (t) => {
        const open = w.deals.filter((d) => d.status === "open" && d.name.endsWith(`: ${t}`));
        // two or more live enquiries with that name, none at Proposal or beyond yet: either could be meant
        return open.length >= 2 && open.every((d) => stageOf(w, d).probability < stageNamed(w, "Proposal").probability);
      },
      "topic shared by two open deals before Proposal",
    );
    return {
      say: `the ${topic.toLowerCase()} enquiry has gone to proposal stage, can you update it`,
      expect: [noChange()],
    };
  }),

  about("talent", "question", "reject the product designer applicant (which one?)", (w) => {
    const job = jobNamed(w, "Designer");
    const live = candidatesOf(w, job.id).filter((c) => !["rejected", "hired"].includes(c.stage));
    if (live.length < 2) throw new Error("designer job has fewer than two live candidates");
    return {
      say: "Not feeling the designer candidate tbh, go ahead and reject them",
      expect: [noChange()],
    };
  }),

  about("talent", "question", "close the job ad now the role's filled (which job?)", (w) => {
    if (w.jobs.filter((j) => j.status === "open").length < 2) throw new Error("fewer than two open jobs");
    return {
      say: "We've filled the role!! so can you close the job ad down so we stop getting applications. cheers",
      expect: [noChange()],
    };
  }),
];
