import { about, approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  christmas,
  clientNames,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  fullName,
  jobNamed,
  month,
  names as personNames,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Snapshot, World } from "../world.ts";

/*
 * Blind set: the practice manager of a group of three physiotherapy clinics.
 * Hurried, polite, whole sentences, often two questions in one message; says
 * physio / receptionist / locum, "invoices", "deals", "applicants", and now
 * and then tells you about her day.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** A date as she writes it: "31 December". */
const spoken = (isoDate: string) => {
  const [, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]}`;
};
const snapshot = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const accountName = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "account of a deal").name;
const sequenceNamed = (w: World, text: string) => pick(w.sequences, (s) => s.name.toLowerCase().includes(text.toLowerCase()), `sequence ${text}`);
const isEnrolled = (w: World, contactId: string) => w.enrollments.some((e) => e.contact_id === contactId && e.status === "active");

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  about("finance", "read", "how many invoices are overdue and which one is the oldest", (w) => {
    const late = w.invoices.filter(overdue);
    const oldest = [...late].sort((a, b) => b.days_overdue - a.days_overdue)[0]!;
    return {
      say: "Morning! Quick one before my 9 o'clock: how many of our invoices are overdue right now, and which one has been sitting unpaid the longest?",
      expect: [count(late.length, "overdue invoices"), names([oldest.number], [], 1)],
    };
  }),
  about("finance", "read", "what <a client with several unpaid invoices> still owes us in total", (w) => {
    const client = [...clientNames(w)].sort((a, b) => ofClient(w, b).filter(unpaid).length - ofClient(w, a).filter(unpaid).length)[0]!;
    return {
      say: `I've got ${client} on the phone later about their staff physio contract. Can you tell me how much they still owe us altogether?`,
      expect: [money(dueSums(ofClient(w, client).filter(unpaid)), "amount still owed")],
    };
  }),
  about("finance", "read", "list the invoices still in draft", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return {
      say: "Which invoices are still sitting in draft? I have a feeling the receptionist at the Northside clinic started a few and never sent them.",
      expect: [names(numbers(drafts), [], drafts.length)],
    };
  }),
  about("finance", "read", "open invoices falling due between today and Christmas", (w) => {
    const xmas = christmas(w);
    const open = w.invoices.filter((i) => i.status === "open");
    const before = open.filter((i) => i.due_date >= today(w) && i.due_date <= xmas);
    const after = open.filter((i) => i.due_date > xmas);
    return {
      say: "Which of our open invoices fall due before Christmas? I'm trying to work out what money should be coming in over the next few weeks.",
      expect: [names(numbers(before), numbers(after))],
    };
  }),
  about("finance", "read", "due date and balance of <an open invoice> by its short number", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
    return {
      say: `When is ${shortNumber(inv)} for ${inv.client} actually due, and how much is on it? They've emailed asking and I can't find my copy.`,
      expect: [date(inv.due_date, "due date"), money({ [inv.currency]: inv.amount_due }, "amount due")],
    };
  }),
  about("finance", "read", "invoices that have been partly paid", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0 && i.amount_due > 0);
    return {
      say: "Have any clients paid part of an invoice but not the rest? Our bookkeeper wants a list of the half-paid ones.",
      expect: [names(numbers(part), [], part.length)],
    };
  }),

  /* ---------------- reads: growth ---------------- */
  about("growth", "read", "the contacts we hold at <an account with several contacts>", (w) => {
    const account = [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0]!;
    const people = personNames(contactsOf(w, account.id));
    return {
      say: `Who do we have on file at ${account.name}? I need to send them the new corporate rates and I'm not sure who to address it to.`,
      expect: [names(people, [], people.length)],
    };
  }),
  about("growth", "read", "which deals are at the negotiation stage", (w) => {
    const inNegotiation = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    const wanted = [...new Set(inNegotiation.map((d) => accountName(w, d.account_id)))];
    const others = [...new Set(w.deals.filter((d) => d.account_id && !wanted.includes(accountName(w, d.account_id))).map((d) => accountName(w, d.account_id)))];
    return {
      say: "Which of our deals are in negotiation at the moment? The owners want an update at Thursday's meeting.",
      expect: [names(wanted, others, wanted.length)],
    };
  }),
  about("growth", "read", "stage and expected close date of <an account's only deal>", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `Where are we with the ${account} deal, what stage is it at and when do we expect it to close?`,
      expect: [says(stageOf(w, deal).name), ...(deal.expected_close_date ? [date(deal.expected_close_date, "expected close date")] : [])],
    };
  }),
  about("growth", "read", "who is currently on the new lead follow-up emails", (w) => {
    const seq = sequenceNamed(w, "lead follow");
    const people = [
      ...new Set(
        w.enrollments
          .filter((e) => e.sequence_id === seq.id && e.status === "active")
          .map((e) => fullName(pick(w.contacts, (c) => c.id === e.contact_id, "enrolled contact"))),
      ),
    ];
    return {
      say: `Who is getting the "${seq.name}" emails at the moment? I don't want to double up when I ring people this week.`,
      expect: [names(people, [], people.length)],
    };
  }),
  about("growth", "read", "how many contacts are marked as decision makers", (w) => ({
    say: "How many of our contacts are tagged as decision makers? Just the number is fine.",
    expect: [count(w.contacts.filter((c) => c.tags.includes("decision-maker")).length, "decision-maker contacts")],
  })),
  about("growth", "read", "the biggest open deal and what it is worth", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.amount !== null);
    const biggest = [...open].sort((a, b) => b.amount! - a.amount!)[0]!;
    return {
      say: "Sorry, one more thing from me today. What's the largest deal we still have open, and how much is it worth?",
      expect: [says(accountName(w, biggest.account_id)), money({ [biggest.currency]: biggest.amount! }, "deal value")],
    };
  }),
  about("growth", "read", "which client companies are based in the US", (w) => {
    const us = w.accounts.filter((a) => a.country === "US").map((a) => a.name);
    return {
      say: "Which of the companies we work with are based in the States? We're looking at a telehealth offer for overseas staff.",
      expect: [names(us, [], us.length)],
    };
  }),

  /* ---------------- reads: talent ---------------- */
  about("talent", "read", "applicants still in the running for the designer job", (w) => {
    const job = jobNamed(w, "Designer");
    const active = personNames(candidatesOf(w, job.id).filter((c) => !["hired", "rejected"].includes(c.stage)));
    return {
      say: `Who is still in the running for the ${job.title} role? I lose track of these between clinic visits.`,
      expect: [names(active)],
    };
  }),
  about("talent", "read", "how many applicants were turned down for the account exec job", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: "How many applicants have we turned down so far for the account exec job? I definately remember saying no to at least one.",
      expect: [count(candidatesOf(w, job.id).filter((c) => c.stage === "rejected").length, "rejected applicants")],
    };
  }),
  about("talent", "read", "which jobs are open right now", (w) => {
    const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
    const closed = w.jobs.filter((j) => j.status === "closed").map((j) => j.title);
    return {
      say: "What jobs do we have advertised at the moment? A physio friend of mine asked and I honestly couldnt remember.",
      expect: [names(open, closed, open.length)],
    };
  }),
  about("talent", "read", "who has an offer out and for which job", (w) => {
    const offers = w.candidates.filter((c) => c.stage === "offer");
    return {
      say: "Which applicants have we made offers to, and for which jobs?",
      expect: [names(personNames(offers), [], offers.length), ...offers.map((c) => says(pick(w.jobs, (j) => j.id === c.job_id, "job").title))],
    };
  }),

  /* ---------------- writes: finance ---------------- */
  about("finance", "write", "two clients paid <two overdue invoices> in full", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.amount_paid === 0);
    const first = late[0]!;
    const second = pick(late, (i) => i.client !== first.client, "second overdue invoice");
    return {
      say: `Good news for once: ${first.client} paid ${first.number} in full and ${second.client} have cleared ${second.number} as well. Can you mark them both as paid?`,
      expect: [changed("invoice", first.id, { status: "paid" }, first.number), changed("invoice", second.id, { status: "paid" }, second.number)],
    };
  }),
  about("finance", "write", "record a part payment of 2,000 on <an overdue invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0 && i.amount_due > 3000 && i.currency === "GBP", "overdue GBP invoice");
    return {
      say: `${inv.client} sent £2,000 towards ${shortNumber(inv)} this morning, the rest is coming next month apparently. Please put the payment against it.`,
      expect: [changed("invoice", inv.id, { amount_paid: 2000 }, inv.number)],
    };
  }),
  about("finance", "write", "invoice Initech 1,850 dollars for a screening day, due end of next month", (w) => {
    const [, end] = month(w, 1);
    return {
      say: "Could you raise an invoice to Initech for $1,850 for the workplace injury screening day our physios ran there? Due at the end of next month please.",
      expect: [created("invoice", { client: is.text("Initech"), amount: 1850, currency: "USD", due_date: end })],
    };
  }),
  about("finance", "write", "issue the one draft invoice of <a client>", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    const inv = pick(drafts, (i) => drafts.filter((d) => d.client === i.client).length === 1, "client with a single draft");
    return {
      say: `The draft invoice for ${inv.client} is ready to go, I've checked the figures. Can you finalise it so it goes out?`,
      expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),
  about("finance", "write", "cancel the one invoice of <a client> raised by mistake", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && w.invoices.filter((o) => o.client === i.client).length === 1, "client with a single unpaid invoice");
    return {
      say: `The invoice we sent ${inv.client} went out by mistake, they were never our client, it was a mix-up at reception. Please cancel it.`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "push back the due date of <an open invoice> by three weeks", (w) => {
    const inv = pick([...w.invoices].reverse(), (i) => i.status === "open" && i.due_date > today(w), "open invoice not yet due");
    const moved = addDays(inv.due_date, 21);
    return {
      say: `${inv.client} asked for a bit more time on ${inv.number}. Can you move the due date to ${spoken(moved)}? That's fine by me.`,
      expect: [changed("invoice", inv.id, { due_date: moved }, inv.number)],
    };
  }),

  /* ---------------- writes: growth ---------------- */
  about("growth", "write", "add Priya Shah, HR lead at <an account with a domain>, as a contact", (w) => {
    const account = pick(w.accounts, (a) => a.country === "GB" && !!a.domain, "UK account with a domain");
    const email = `priya.shah@${account.domain}`;
    return {
      say: `Please add a new contact for ${account.name}: Priya Shah, she's their HR lead, email ${email}. She's the one booking their staff in for assessments now.`,
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Shah"),
          email,
          account_id: account.id,
          title: is.where("mentioning HR", (t: string | null) => typeof t === "string" && /\bhr\b|human resources/i.test(t)),
        }),
      ],
    };
  }),
  about("growth", "write", "move <a lead-in deal> up to Qualified", (w) => {
    const deal = pick(
      w.deals,
      (d) => d.status === "open" && stageOf(w, d).name === "Lead in" && dealsOf(w, d.account_id!).filter((o) => dealTopic(o) === dealTopic(d)).length === 1,
      "lead-in deal",
    );
    return {
      say: `I spoke to ${accountName(w, deal.account_id)} yesterday about the ${dealTopic(deal).toLowerCase()} and they're properly interested now. Move that deal to Qualified please.`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Qualified").id }, deal.name)],
    };
  }),
  about("growth", "write", "mark <an account's only deal> as won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation", "Proposal"]);
    return {
      say: `${account} signed this afternoon!! Can you mark their deal as won? I'm off to get a coffee to celebrate.`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Closed won").id, status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "mark <an account's only open deal> as lost", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    return {
      say: `Unfortunately ${account} have gone with another provider for their staff physio. Please mark the ${dealTopic(deal).toLowerCase()} deal as lost.`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Closed lost").id, status: "lost" }, deal.name)],
    };
  }),
  about("growth", "write", "put <a contact> on the new lead follow-up emails", (w) => {
    const seq = sequenceNamed(w, "lead follow");
    const c = pick(uniqueContacts(w), (x) => !isEnrolled(w, x.id) && !!x.account_id, "contact not enrolled");
    return {
      say: `Could you add ${fullName(c)} from ${accountName(w, c.account_id)} to the new lead follow up emails? Met them at the health fair on Saturday.`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("growth", "write", "<a contact whose name is shared> at <their account> is now a customer", (w) => {
    const c = pick(
      [...w.contacts].reverse(),
      (x) => x.lifecycle_stage === "lead" && !!x.account_id && w.contacts.some((o) => o.id !== x.id && fullName(o) === fullName(x)),
      "lead sharing a name",
    );
    return {
      say: `${fullName(c)} at ${accountName(w, c.account_id)} has signed up with us, so they're a customer now. Could you update the record?`,
      expect: [changed("contact", c.id, { lifecycle_stage: "customer" }, `${fullName(c)} (${accountName(w, c.account_id)})`)],
    };
  }),

  /* ---------------- writes: talent ---------------- */
  about("talent", "write", "move both screening applicants to interview", (w) => {
    const screening = w.candidates.filter((c) => c.stage === "screening");
    const [a, b] = screening;
    if (!a || !b) throw new Error("fewer than two applicants in screening");
    return {
      say: `The phone screens went well. Please move ${fullName(a)} and ${fullName(b)} on to the interview stage.`,
      expect: screening.slice(0, 2).map((c) => changed("candidate", c.id, { stage: "interview" }, fullName(c))),
    };
  }),
  about("talent", "write", "reject <an applied candidate> for the account exec job", (w) => {
    const job = jobNamed(w, "Account Executive");
    const c = pick(candidatesOf(w, job.id), (x) => x.stage === "applied", "applied account exec candidate");
    return {
      say: `We won't be going ahead with ${fullName(c)} for the account exec job, can you reject the application? Nice person, just not the right fit.`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "post a part-time locum physio job at the Riverside clinic", () => ({
    say: "Can you post a new job for a locum physiotherapist, part-time, based at our Riverside clinic? One of our physios is going on maternity leave in February.",
    expect: [
      created("job", {
        title: is.where("a locum physio title", (t: string) => typeof t === "string" && /locum/i.test(t) && /physio/i.test(t)),
        employment_type: "part_time",
        location: is.containing("Riverside"),
      }),
    ],
  })),

  /* ---------------- key figures ---------------- */
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "What's our win rate on deals over the last three months? The owners keep asking me and I'd like a proper number.",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),
  about("intelligence", "figure", "how long clients take to pay in dollars (DSO)", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "On average, how many days are our clients taking to pay us? The dollar invoices are the ones I care about.",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding in USD")],
    };
  }),
  about("intelligence", "figure", "open pipeline value and its weighted value", (w) => {
    const totals = snapshot(w).growth.pipeline.totals;
    const open: Record<string, number> = {};
    const weighted: Record<string, number> = {};
    for (const t of totals) {
      open[t.currency] = t.open_value;
      weighted[t.currency] = t.weighted_value;
    }
    return {
      say: "What is our sales pipeline worth right now, and what does it come to once it's weighted by how likely each deal is?",
      expect: [money(open, "open pipeline value"), money(weighted, "weighted pipeline value")],
    };
  }),
  about("intelligence", "figure", "total owed to us and how much of it is overdue", (w) => {
    const currencies = snapshot(w).finance.currencies;
    const outstanding: Record<string, number> = {};
    const late: Record<string, number> = {};
    for (const c of currencies) {
      outstanding[c.currency] = c.outstanding;
      late[c.currency] = c.overdue;
    }
    return {
      say: "How much money are we owed in total at the moment, and how much of that is already overdue? Doing the month-end figures tonight, wish me luck.",
      expect: [money(outstanding, "total outstanding"), money(late, "overdue amount")],
    };
  }),

  /* ---------------- must not act ---------------- */
  about("finance", "question", "<a client with several unpaid invoices> paid their invoice (which one?)", (w) => {
    const client = pick(clientNames(w), (c) => ofClient(w, c).filter(unpaid).length >= 2, "client with several unpaid invoices");
    return {
      say: `${client} rang to say they've paid their invoice. Can you mark it as paid for me?`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "raise an invoice for <a client> with no amount", (w) => {
    const client = pick(
      [...w.accounts].reverse().map((a) => a.name),
      (c) => ofClient(w, c).some((i) => i.status === "paid"),
      "client with a paid invoice",
    );
    return {
      say: `Please raise an invoice for ${client} for the ergonomic workshop we ran last week. Thanks so much!`,
      expect: [noChange()],
    };
  }),
  about("talent", "question", "move the backend applicant to the next stage (several of them)", (w) => {
    const job = jobNamed(w, "Backend");
    if (candidatesOf(w, job.id).filter((c) => !["hired", "rejected"].includes(c.stage)).length < 2)
      throw new Error("backend job has fewer than two active applicants");
    return {
      say: "Can you move the backend engineer applicant on to the next stage? Sorry, rushing out to the Eastgate clinic.",
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "add <a name two contacts share> to the follow-up emails", (w) => {
    const c = pick(w.contacts, (x) => w.contacts.some((o) => o.id !== x.id && fullName(o) === fullName(x)) && !isEnrolled(w, x.id), "shared name not enrolled");
    return {
      say: `Please put ${fullName(c)} on the new lead follow-up emails.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "mark <an account with two open deals>'s deal as won", (w) => {
    const account = pick([...w.accounts].reverse(), (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with two open deals");
    return {
      say: `Great news, ${account.name} said yes! Can you mark their deal as won?`,
      expect: [noChange()],
    };
  }),
  about("talent", "question", "put up the new role's job ad without saying what the role is", () => ({
    say: "The owners finally agreed the new role this morning, so can you put the job ad up for us? I'll let you know which clinic it's for later.",
    expect: [noChange(), asksBack()],
  })),
];
