import { about, approval, ask, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, type Case } from "../judge.ts";
import {
  addDays,
  candidatesOf,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  month,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  sums,
  today,
  uniqueContacts,
  unpaid,
  names as peopleNames,
} from "../facts.ts";
import type { Deal, World } from "../world.ts";

/*
 * Thirty-ninth blind set. Persona: the office manager at a wee Glasgow
 * engineering consultancy who does the books, the sales admin and the hiring.
 * Writes Scottish English, UK dates (3/2 is the 3rd of February), "a fortnight",
 * "end of the month", and the odd typo. The world does bill in GBP, so "£" means GBP.
 */

/** A date as a UK office writes it: 2027-02-03 -> "3/2". */
const ukDate = (isoDate: string) => {
  const [, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return `${d}/${m}`;
};

const ACTIVE_STAGES = ["applied", "screening", "interview", "offer"];

const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
const accountOf = (w: World, d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal's account");
const followUp = (w: World) => pick(w.sequences, (s) => s.status === "active" && /follow/i.test(s.name), "active follow-up sequence");

export const CASES: Case[] = [
  /* ------------------------------------------------------------------ finance: reads */
  about("finance", "read", "how many invoices are overdue right now", (w) => ({
    say: "how many invoices are overdue the now?",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),
  about("finance", "read", "what <a client with several unpaid invoices> owes us in total, per currency", (w) => {
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 3,
      "client with three or more unpaid invoices",
    );
    const owed = ofClient(w, client).filter(unpaid);
    return {
      say: `Morning! Just doing my ring-round of the folk that owe us. How much is ${client} into us for at the minute, all in? Everything they've no paid yet`,
      expect: [money(dueSums(owed), `${client}'s unpaid balance`)],
    };
  }),
  about("finance", "read", "which GBP invoices are still unpaid", (w) => {
    const gbp = w.invoices.filter((i) => i.currency === "GBP");
    return {
      say: "which of our invoices in pounds sterling are still no paid?",
      expect: [names(numbers(gbp.filter(unpaid)), numbers(gbp.filter((i) => i.status === "paid")))],
    };
  }),
  about("finance", "read", "which issued invoices fall due in the next fortnight", (w) => {
    const end = addDays(today(w), 14);
    const open = w.invoices.filter((i) => i.status === "open");
    const soon = open.filter((i) => i.due_date >= today(w) && i.due_date <= end);
    const later = open.filter((i) => i.due_date > addDays(today(w), 15));
    return {
      say: "Trying to work out cash flow for the next couple of weeks. Which of the invoices we've sent out are due in the next fortnight? Just the ones that arent late yet",
      expect: [names(numbers(soon), numbers(later))],
    };
  }),
  about("finance", "read", "how much is still owing on <a part-paid overdue invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
    return {
      say: `${inv.client} sent a wee bit towards ${shortNumber(inv)} a while back didn't they? How much is left owing on it`,
      expect: [money({ [inv.currency]: inv.amount_due }, `amount still due on ${inv.number}`)],
    };
  }),
  ask("finance", "read", "how many draft invoices are sitting there no sent out? bet there's a couple of quid tied up in them", (w) => [
    count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices"),
  ]),
  about("finance", "read", "total overdue in GBP", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.currency === "GBP");
    return {
      say: "whats the total we're owed in £ thats past its due date? just sterling, anything outwith that ignore for now",
      expect: [money(dueSums(late), "overdue GBP")],
    };
  }),

  /* ------------------------------------------------------------------ finance: writes */
  about("finance", "write", "<client> has paid <an overdue GBP invoice with nothing paid yet> in full", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.currency === "GBP" && i.amount_paid === 0, "unpaid overdue GBP invoice");
    return {
      say: `Good news for once, ${inv.client} have finally coughed up, ${shortNumber(inv)} paid in full. Can you mark it as paid, ta`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a part payment of 2,000 against <an overdue USD invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 3000, "overdue USD invoice over 3000");
    return {
      say: `got $2,000 in fae ${inv.client} the day against ${inv.number}. its only part of it mind, the rest is still to come. can you put that through`,
      expect: [changed("invoice", inv.id, { amount_paid: 2000, amount_due: Math.round((inv.amount_due - 2000) * 100) / 100, status: "overdue" }, inv.number)],
    };
  }),
  about("finance", "write", "raise a GBP invoice for <an account> for a structural survey, due at the end of the month", (w) => {
    const account = pick(w.accounts, (a) => a.country === "GB", "UK account");
    return {
      say: `Can you raise an invoice to ${account.name} for £2,400 for the structural survey we did for them. Due end of the month please`,
      expect: [
        created("invoice", {
          client: is.where(`starting "${account.name}"`, (v: string) => typeof v === "string" && v.toLowerCase().startsWith(account.name.toLowerCase())),
          amount: 2400,
          currency: "GBP",
          due_date: month(w)[1],
          description: is.containing("survey"),
        }),
      ],
    };
  }),
  about("finance", "write", "finalise the only draft invoice of <a client>", (w) => {
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) => w.invoices.filter((i) => i.client === c && i.status === "draft").length === 1,
      "client with exactly one draft",
    );
    const inv = pick(w.invoices, (i) => i.client === client && i.status === "draft", "draft");
    return {
      say: `The ${client} draft invoice is good to go now, gonnae finalise it so it's issued`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "move the due date of <an open invoice> to the 3rd of the month after next, written 3/M", (w) => {
    const target = addDays(month(w, 2)[0], 2);
    const inv = pick(w.invoices, (i) => i.status === "open" && i.due_date < target, "open invoice due before the new date");
    return {
      say: `${inv.client} have asked for a bit longer to pay ${inv.number}. Can you push the due date back to ${ukDate(target)}?`,
      expect: [changed("invoice", inv.id, { due_date: target }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> that went out by mistake", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.currency === "EUR", "open EUR invoice");
    return {
      say: `Och, ${inv.number} to ${inv.client} should never have went out, the job was cancelled. Can you void it please`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ------------------------------------------------------------------ growth: reads */
  about("growth", "read", "who are our contacts at <an account with several contacts>", (w) => {
    const account = pick(w.accounts, (a) => contactsOf(w, a.id).length >= 4, "account with four contacts");
    const theirs = contactsOf(w, account.id);
    return {
      say: `who've we got as contacts over at ${account.name}?`,
      expect: [names(theirs.map(fullName), w.contacts.filter((c) => c.account_id !== account.id).map(fullName))],
    };
  }),
  about("growth", "read", "which accounts have a deal in Negotiation", (w) => {
    const negotiation = openDeals(w).filter((d) => stageOf(w, d).name === "Negotiation");
    const inIt = new Set(negotiation.map((d) => d.account_id));
    return {
      say: "Which clients have we got deals in negotiation with just now? Boss wants to know who to chase before Christmas",
      expect: [
        names(
          w.accounts.filter((a) => inIt.has(a.id)).map((a) => a.name),
          w.accounts.filter((a) => !inIt.has(a.id) && dealsOf(w, a.id).length > 0).map((a) => a.name),
        ),
      ],
    };
  }),
  about("growth", "read", "how many people are on <the follow-up sequence>", (w) => {
    const seq = followUp(w);
    return {
      say: `how many folk have we got on the ${seq.name.toLowerCase()} sequence at the minute`,
      expect: [count(enrolledContacts(w, seq.id).length, "active enrollments")],
    };
  }),
  about("growth", "read", "what <an account's named open deal> is worth and when it should close", (w) => {
    const deal = pick(
      openDeals(w),
      (d) =>
        d.amount !== null &&
        d.expected_close_date !== null &&
        d.account_id !== null &&
        openDeals(w).filter((o) => o.account_id === d.account_id).length >= 2 &&
        dealsOf(w, d.account_id).filter((o) => dealTopic(o) === dealTopic(d)).length === 1,
      "open deal with a topic unique to an account with two open deals",
    );
    const account = accountOf(w, deal);
    return {
      say: `Hows the ${account.name} ${dealTopic(deal).toLowerCase()} deal looking? What's it worth and when's it meant to close`,
      expect: [money({ [deal.currency]: deal.amount! }, "deal value"), date(deal.expected_close_date!, "expected close date")],
    };
  }),
  ask("growth", "read", "how many contacts are tagged decision-maker", (w) => [
    count(w.contacts.filter((c) => c.tags.includes("decision-maker")).length, "decision-maker contacts"),
  ]),
  about("growth", "read", "which accounts are in the US", (w) => {
    const us = w.accounts.filter((a) => a.country === "US");
    return {
      say: "which of our accounts are based in the States? cannae mind and I need it for a VAT thing",
      expect: [
        names(
          us.map((a) => a.name),
          w.accounts.filter((a) => a.country !== null && a.country !== "US").map((a) => a.name),
        ),
      ],
    };
  }),

  /* ------------------------------------------------------------------ growth: writes */
  about("growth", "write", "add a new contact at <an account>: Morag Campbell, procurement lead", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null && contactsOf(w, a.id).length >= 2, "account with a domain");
    const email = `morag.campbell@${account.domain}`;
    return {
      say: `Can you add a new contact at ${account.name} for me - Morag Campbell, she's their new Procurement Lead, email ${email}`,
      expect: [
        created("contact", {
          first_name: is.text("Morag"),
          last_name: is.text("Campbell"),
          email,
          account_id: account.id,
          title: is.containing("procurement"),
        }),
      ],
    };
  }),
  about("growth", "write", "move <an account's only open deal, in Qualified> to Proposal", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Qualified"]);
    return {
      say: `${account} have asked us for a proposal so can you move their deal on to the Proposal stage`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)],
    };
  }),
  about("growth", "write", "mark <an account's only open deal, in Negotiation> as won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    return {
      say: `Get in!! ${account} signed this morning. Mark their deal as won please`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "enrol <a lead contact not yet enrolled> in <the follow-up sequence>", (w) => {
    const seq = followUp(w);
    const enrolledIds = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
    const contact = pick(
      uniqueContacts(w),
      (c) => c.lifecycle_stage === "lead" && c.account_id !== null && !enrolledIds.has(c.id),
      "lead contact not in the sequence",
    );
    const account = pick(w.accounts, (a) => a.id === contact.account_id, "contact's account");
    return {
      say: `stick ${fullName(contact)} fae ${account.name} on the ${seq.name.toLowerCase()} sequance would you`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),
  about("growth", "write", "change <a contact>'s title to Finance Director", (w) => {
    const contact = pick(
      uniqueContacts(w),
      (c) => c.title !== null && !/finance director/i.test(c.title) && c.lifecycle_stage !== "lead",
      "contact with a unique name",
    );
    return {
      say: `Aye so ${fullName(contact)}'s been promoted to Finance Director, fair play. Can you update the title on the contact`,
      expect: [changed("contact", contact.id, { title: is.text("Finance Director") }, fullName(contact))],
    };
  }),

  /* ------------------------------------------------------------------ talent: reads */
  about("talent", "read", "who is still in the running for the backend engineer job", (w) => {
    const job = jobNamed(w, "Backend");
    const theirs = candidatesOf(w, job.id);
    const live = theirs.filter((c) => ACTIVE_STAGES.includes(c.stage));
    return {
      say: "whos still in the running for the backend engineer job?",
      expect: [
        names(peopleNames(live), peopleNames(theirs.filter((c) => !ACTIVE_STAGES.includes(c.stage)).concat(w.candidates.filter((c) => c.job_id !== job.id)))),
      ],
    };
  }),
  about("talent", "read", "how many people applied for the Account Executive job altogether", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: "How many applicants have we had for the account exec post altogether? Including the ones we've knocked back",
      expect: [count(candidatesOf(w, job.id).length, "candidates for Account Executive")],
    };
  }),
  about("talent", "read", "who is at offer stage", (w) => {
    const offer = inStage(w, "offer");
    return {
      say: "Who have we got sitting at offer stage across all the jobs?",
      expect: [names(peopleNames(offer), peopleNames(w.candidates.filter((c) => c.stage !== "offer")))],
    };
  }),
  about("talent", "read", "which jobs are open", (w) => ({
    say: "what jobs have we got open at the moment",
    expect: [
      names(
        w.jobs.filter((j) => j.status === "open").map((j) => j.title),
        w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
      ),
    ],
  })),

  /* ------------------------------------------------------------------ talent: writes */
  about("talent", "write", "reject <an applied candidate> for their job", (w) => {
    const cand = pick(inStage(w, "applied"), () => true, "applied candidate");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "candidate's job");
    return {
      say: `${fullName(cand)} for the ${job.title} job - it's a no from us I'm afraid. Can you reject them`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "move <a candidate in screening> on to interview", (w) => {
    const cand = pick(inStage(w, "screening"), () => true, "candidate in screening");
    return {
      say: `${cand.first_name} ${cand.last_name}s phone screen went well, can you move them through to interview. Ta`,
      expect: [changed("candidate", cand.id, { stage: "interview" }, fullName(cand))],
    };
  }),
  ask(
    "talent",
    "write",
    "We're taking on a graduate! Can you put up a job for a Graduate Civil Engineer, full time, based here in Glasgow, in the Engineering department",
    () => [
      created("job", {
        title: is.containing("civil engineer"),
        location: is.containing("Glasgow"),
        employment_type: "full_time",
        department: is.containing("engineering"),
      }),
    ],
  ),
  about("talent", "write", "add Fiona MacLeod to the Product Designer job, a referral", (w) => {
    const job = jobNamed(w, "Designer");
    return {
      say: `Add a new candidate to the ${job.title.toLowerCase()} job please: Fiona MacLeod, fiona.macleod@gmail.com. She came through a referral fae one of the lads`,
      expect: [
        created("candidate", {
          job_id: job.id,
          email: "fiona.macleod@gmail.com",
          first_name: is.text("Fiona"),
          last_name: is.text("MacLeod"),
          source: is.containing("referral"),
        }),
      ],
    };
  }),

  /* ------------------------------------------------------------------ intelligence: figures */
  ask("intelligence", "figure", "What's our win rate on deals looking like over the last 90 days?", (w) => [
    figure(w.snapshot?.growth.last_90_days.win_rate ?? null, "win rate (last 90 days)", "percent"),
  ]),
  about("intelligence", "figure", "how big the open pipeline is, and its weighted value", (w) => {
    const open = openDeals(w).filter((d) => d.amount !== null);
    const weighted = sums(open, (d: Deal) => ((d.amount ?? 0) * stageOf(w, d).probability) / 100);
    return {
      say: "Hows the sales pipeline looking? Whats the total value of everything open, and what's it come to weighted",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open pipeline value",
        ),
        money(weighted, "weighted pipeline value"),
      ],
    };
  }),
  about("intelligence", "figure", "days sales outstanding on GBP invoices", (w) => {
    const gbp = pick(w.snapshot?.finance.currencies ?? [], (c) => c.currency === "GBP", "GBP finance figures");
    return {
      say: "whit's our debtor days (DSO) on the sterling invoices?",
      expect: [figure(gbp.days_sales_outstanding, "days sales outstanding in GBP")],
    };
  }),
  about("intelligence", "figure", "hiring funnel: live candidates and hires across the open jobs", (w) => {
    const openJobs = new Set(w.jobs.filter((j) => j.status === "open").map((j) => j.id));
    const theirs = w.candidates.filter((c) => openJobs.has(c.job_id));
    return {
      say: "How's the hiring funnel looking across all the open jobs? How many candidates are still live (no hired or rejected) and how many have we actually hired",
      expect: [
        count(theirs.filter((c) => ACTIVE_STAGES.includes(c.stage)).length, "live candidates"),
        count(theirs.filter((c) => c.stage === "hired").length, "hired candidates"),
      ],
    };
  }),

  /* ------------------------------------------------------------------ must not act */
  about("finance", "question", "mark <a client with several unpaid invoices>'s invoice paid, without saying which", (w) => {
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 2,
      "client with two or more unpaid invoices",
    );
    return {
      say: `${client} paid one of their invoices yesterday, can you mark it off`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "raise an invoice for <a client> with no amount", (w) => {
    const client = pick(w.accounts, (a) => ofClient(w, a.name).length > 0, "client account").name;
    return {
      say: `Raise an invocie for ${client} for the work we did for them last month, cheers`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "change <a name two contacts share>'s title, without saying which", (w) => {
    const contact = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length >= 2, "contact name shared by two");
    return {
      say: `can you change ${fullName(contact)}'s job title to Head of Marketing`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "move <an account with two open deals>'s deal to Negotiation, without saying which", (w) => {
    const account = pick(w.accounts, (a) => openDeals(w).filter((d) => d.account_id === a.id).length >= 2, "account with two open deals");
    return {
      say: `move the ${account.name} deal to negotiation, they're keen`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "add the new person at <an account> as a contact, no name given", (w) => {
    const account = pick(w.accounts, (a) => contactsOf(w, a.id).length >= 2, "account").name;
    return {
      say: `theres a new guy started at ${account}, can you add him as a contact. cheers`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "reject the candidate for <a job with several live candidates>, without saying which", (w) => {
    const job = pick(
      w.jobs,
      (j) => j.status === "open" && candidatesOf(w, j.id).filter((c) => ACTIVE_STAGES.includes(c.stage)).length >= 2,
      "open job with two live candidates",
    );
    return {
      say: `Gonnae reject the ${job.title.toLowerCase()} candidate, we've went off them`,
      expect: [noChange(), asksBack()],
    };
  }),
];
