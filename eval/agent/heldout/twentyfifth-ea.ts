import { about, approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  clientNames,
  dealTopic,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  candidatesOf,
  month,
  numbers,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageOf,
  stages,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Account, Candidate, Contact, Deal, World } from "../world.ts";

/*
 * Blind set: an executive assistant to the CEO. Requests are relayed on behalf of
 * "Mark" (the CEO) and others, politely and at some length, with calendar context
 * and the odd forwarded line from an email. Records are named the way a
 * non-specialist names them: company, person, sometimes an invoice number.
 */

/* ---------- small helpers over the world ---------- */

const accountOf = (w: World, id: string | null): Account => pick(w.accounts, (a) => a.id === id, "account of a record");
const invoicesOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client);
const unpaidOf = (w: World, client: string) => invoicesOf(w, client).filter(unpaid);
const active = (c: Candidate) => !["hired", "rejected"].includes(c.stage);
const candidateName = (w: World, c: Candidate) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1;
const jobOf = (w: World, c: Candidate) => pick(w.jobs, (j) => j.id === c.job_id, "job of a candidate");
const sequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");
const isEnrolled = (w: World, seqId: string, contactId: string) =>
  w.enrollments.some((e) => e.sequence_id === seqId && e.contact_id === contactId && e.status === "active");
/** The name of a contact that also names their company, when they have one. */
const atCompany = (w: World, c: Contact) => (c.account_id ? `${fullName(c)} at ${accountOf(w, c.account_id).name}` : fullName(c));
/** An open deal that "<account> <topic>" designates alone. */
const dealByTopic = (w: World, fits: (d: Deal) => boolean, what: string): Deal =>
  pick(
    w.deals,
    (d) =>
      fits(d) &&
      d.account_id !== null &&
      dealsOf(w, d.account_id).filter((o) => dealTopic(o).toLowerCase() === dealTopic(d).toLowerCase()).length === 1 &&
      dealsOf(w, d.account_id).length >= 2,
    what,
  );
const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

export const CASES: Case[] = [
  /* =================== finance: reads =================== */
  about("finance", "read", "how many invoices are overdue right now (for the board meeting)", (w) => ({
    say: "Hi there! Mark asked me to find out, before the board meeting on Thursday, how many of our invoices are currently overdue. Just the number is fine for now, thank you so much.",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),
  about("finance", "read", "how much <a client with several unpaid invoices> still owes us in total", (w) => {
    const client = pick([...clientNames(w)].reverse(), (c) => unpaidOf(w, c).length >= 2, "client with two or more unpaid invoices");
    return {
      say: `The CEO is having lunch with the people from ${client} tomorrow and he'd like to know going in how much they still owe us altogether. Would you mind checking for me?`,
      expect: [money(dueSums(unpaidOf(w, client)), `amount ${client} still owes`)],
    };
  }),
  about("finance", "read", "balance and due date of <a part-paid overdue invoice> quoted from an email", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
    return {
      say: `I've had this forwarded from the accounts team at ${inv.client}: "Re: ${inv.number} - could you confirm the remaining balance and the original due date?" Could you tell me what's still owing on that one and when it was actually due, please?`,
      expect: [money({ [inv.currency]: inv.amount_due }, `amount still due on ${inv.number}`), date(inv.due_date, "due date")],
    };
  }),
  about("finance", "read", "invoice numbers of everything <a client> hasn't paid yet", (w) => {
    const client = pick(
      clientNames(w),
      (c) => unpaidOf(w, c).length >= 2 && invoicesOf(w, c).some((i) => i.status === "paid") && invoicesOf(w, c).every((i) => unpaid(i) || i.status === "paid"),
      "client with two unpaid and one paid invoice (and nothing else)",
    );
    const open = unpaidOf(w, client);
    const rest = invoicesOf(w, client).filter((i) => !unpaid(i));
    return {
      say: `Could you please list which ${client} invoices haven't been paid yet? Mark wants the invoice numbers so he can mention them when he speaks to their CFO.`,
      expect: [names(numbers(open), numbers(rest), open.length)],
    };
  }),
  about("finance", "read", "how many invoices are still sitting in draft", (w) => ({
    say: "The CEO has a feeling a few invoices were prepared but never actually sent out. How many are still sitting there as drafts?",
    expect: [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
  })),
  about("finance", "read", "which issued invoices fall due in the next two weeks", (w) => {
    const end = addDays(today(w), 14);
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
    const later = w.invoices.filter((i) => i.status === "open" && i.due_date > end);
    return {
      say: "Mark would like a heads-up on cash coming in before the holidays. Which of the invoices we've sent out come due over the next two weeks?",
      expect: [names(numbers(soon), numbers(later), soon.length)],
    };
  }),

  /* =================== finance: writes =================== */
  about("finance", "write", "<client> wired the full balance of <their only unpaid invoice>: mark it paid", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && unpaidOf(w, i.client).length === 1, "overdue invoice that is its client's only unpaid one");
    return {
      say: `Good morning! ${inv.client}'s finance team just emailed Mark to say they've wired the full balance on ${shortNumber(inv)}. Could you mark it as paid, please?`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a 5,000 dollar part payment against <a client>'s overdue invoice", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.currency === "USD" && i.amount_due > 5000 && invoicesOf(w, i.client).filter(overdue).length === 1,
      "client with a single overdue USD invoice over 5,000",
    );
    return {
      say: `${inv.client} sent through $5,000 this morning towards their overdue invoice - it's only part of it, the rest is supposedly coming next month. Could you log that payment for me?`,
      expect: [
        changed(
          "invoice",
          inv.id,
          { amount_paid: Math.round((inv.amount_paid + 5000) * 100) / 100, amount_due: Math.round((inv.amount_due - 5000) * 100) / 100 },
          inv.number,
        ),
      ],
    };
  }),
  about("finance", "write", "raise a 4,500 USD invoice to Initech for the strategy workshop, due end of next month", (w) => ({
    say: "Mark asked me to raise an invoice to Initech for the strategy workshop he ran for them - 4,500 US dollars, payable by the end of next month. Thanks ever so much!",
    expect: [created("invoice", { client: is.text("Initech"), amount: 4500, currency: "USD", due_date: month(w, 1)[1] })],
  })),
  about("finance", "write", "issue the draft invoice of <a client with exactly one draft>", (w) => {
    const draft = pick(
      w.invoices,
      (i) => i.status === "draft" && invoicesOf(w, i.client).filter((o) => o.status === "draft").length === 1,
      "client with exactly one draft invoice",
    );
    return {
      say: `The invoice for ${draft.client} that's still in draft - the CEO has looked it over and is happy with it, so please go ahead and finalise it so it's officially issued.`,
      expect: [changed("invoice", draft.id, { status: is.oneOf("open", "overdue") }, draft.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> raised in error (waits for approval)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `Forwarded from ${inv.client}: "We believe ${inv.number} was raised in error, please cancel it." Mark agrees it shouldn't have gone out, so could you void it?`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* =================== finance: must not act =================== */
  about("finance", "question", "mark <a client with several unpaid invoices>'s invoice as paid (which one?)", (w) => {
    const client = pick(clientNames(w), (c) => unpaidOf(w, c).length >= 3, "client with three or more unpaid invoices");
    return {
      say: `${client} emailed to say they've paid - could you mark their invoice as paid for me? Thank you!`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "invoice <a client> for December consulting with no amount given", (w) => {
    const client = pick(w.accounts, (a) => invoicesOf(w, a.name).length > 0, "account with invoices").name;
    return {
      say: `Could you do up an invoice to ${client} for the consulting work in December? Due at the end of the month, please - Mark would like it out before he flies to Singapore on Friday.`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* =================== growth: reads =================== */
  about("growth", "read", "who we have on file at <an account with several contacts>", (w) => {
    const account = pick(w.accounts, (a) => w.contacts.filter((c) => c.account_id === a.id).length >= 3, "account with three contacts");
    const people = w.contacts.filter((c) => c.account_id === account.id).map(fullName);
    const others = w.contacts.filter((c) => c.account_id !== account.id).map(fullName);
    return {
      say: `Mark is meeting the ${account.name} team next week and asked me who we actually have on file over there. Could you give me their names?`,
      expect: [names(people, others, people.length)],
    };
  }),
  about("growth", "read", "what stage <an account>'s only deal is at", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `Quick question from the CEO: where are we with the ${account} deal these days - what stage is it sitting at?`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "which companies have deals in Negotiation", (w) => {
    const negotiation = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    const inIt = new Set(negotiation.map((d) => d.account_id));
    const companies = w.accounts.filter((a) => inIt.has(a.id)).map((a) => a.name);
    const others = w.accounts.filter((a) => !inIt.has(a.id)).map((a) => a.name);
    return {
      say: "Mark would like to ring the companies we're in the final negotiation stage with, personally. Which ones are they?",
      expect: [names(companies, others, companies.length)],
    };
  }),
  about("growth", "read", "who is enrolled in the follow-up sequence", (w) => {
    const seq = sequence(w);
    const people = w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id);
    const enrolledNames = w.contacts.filter((c) => people.includes(c.id)).map(fullName);
    const others = w.contacts.filter((c) => !people.includes(c.id)).map(fullName);
    return {
      say: `Sorry to bother you - who is currently receiving the "${seq.name}" emails? The CEO wants to make sure none of his personal contacts are on it.`,
      expect: [names(enrolledNames, others, enrolledNames.length)],
    };
  }),
  about("growth", "read", "the web domain we have for <an account>", (w) => {
    const account = pick(w.accounts, (a) => !!a.domain && w.accounts.filter((o) => o.name === a.name).length === 1, "account with a domain");
    return {
      say: `What web address do we have on record for ${account.name}? Mark wants to send their team a link and can't remember it.`,
      expect: [says(account.domain!)],
    };
  }),
  about("growth", "read", "when <an account>'s <topic> deal is expected to close", (w) => {
    const deal = dealByTopic(w, (d) => d.status === "open" && !!d.expected_close_date, "open deal named by account and topic");
    const account = accountOf(w, deal.account_id);
    return {
      say: `When is the ${account.name} ${dealTopic(deal).toLowerCase()} expected to close? I'm trying to pencil in a celebratory dinner for the CEO's calendar.`,
      expect: [date(deal.expected_close_date!, "expected close date")],
    };
  }),

  /* =================== growth: writes =================== */
  about("growth", "write", "add Priya Raman as Head of Operations at <an account with a domain>", (w) => {
    const account = pick(
      [...w.accounts].reverse(),
      (a) => !!a.domain && !w.contacts.some((c) => c.email === `priya.raman@${a.domain}`),
      "account with a domain",
    );
    const email = `priya.raman@${account.domain}`;
    return {
      say: `Could you add a new contact for me? Priya Raman - she's just started as Head of Operations at ${account.name}. Her email is ${email}. Mark met her at the dinner last night.`,
      expect: [
        created("contact", { first_name: is.text("Priya"), last_name: is.text("Raman"), email, title: is.containing("operations"), account_id: account.id }),
      ],
    };
  }),
  about("growth", "write", "update <a contact>'s phone number from an email signature", (w) => {
    const person = pick(uniqueContacts(w), (c) => !c.phone && !!c.account_id, "contact with a unique name and no phone");
    return {
      say: `${atCompany(w, person)} has a new direct line - it was in the signature of their last email: +1 617 555 0142. Would you update it in the system so Mark's got it?`,
      expect: [
        changed(
          "contact",
          person.id,
          { phone: is.where("the number +1 617 555 0142", (v: string | null) => typeof v === "string" && v.replace(/\D/g, "") === "16175550142") },
          fullName(person),
        ),
      ],
    };
  }),
  about("growth", "write", "move <an account>'s early-stage deal to the next stage", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    const pipeline = pick(w.pipelines, (p) => p.stages.some((s) => s.id === deal.stage_id), "pipeline of the deal");
    const at = pipeline.stages.findIndex((s) => s.id === deal.stage_id);
    const next = pick(pipeline.stages.slice(at + 1), (s) => s.kind === "open", "next open stage");
    return {
      say: `Good news from the ${account} call this afternoon! Mark says their deal can move on to ${next.name} now - could you update it?`,
      expect: [changed("deal", deal.id, { stage_id: next.id }, deal.name)],
    };
  }),
  about("growth", "write", "<an account> signed: mark their deal as won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    const won = pick(stages(w), (s) => s.kind === "won", "won stage");
    return {
      say: `Wonderful news - ${account} signed this morning!! The CEO is thrilled. Please mark the deal as won.`,
      expect: [changed("deal", deal.id, { status: "won", stage_id: won.id }, deal.name)],
    };
  }),
  about("growth", "write", "put <a contact> on the follow-up email sequence", (w) => {
    const seq = sequence(w);
    const person = pick(uniqueContacts(w), (c) => !!c.account_id && !isEnrolled(w, seq.id, c.id), "unique contact not enrolled");
    return {
      say: `Mark met ${atCompany(w, person)} at the conference and would like us to keep in touch. Could you add them to the "${seq.name}" sequence?`,
      expect: [enrolled(seq.id, person.id, fullName(person))],
    };
  }),
  about("growth", "write", "open a 25,000 USD 'Analytics add-on' deal for <an account>, closing end of January", (w) => {
    const account = w.accounts[0] ?? pick(w.accounts, () => true, "account");
    return {
      say: `Please could you open a new deal for ${account.name}? Call it "Analytics add-on" - it's worth 25,000 dollars and they're hoping to sign by the end of January.`,
      expect: [
        created("deal", {
          name: is.containing("analytics add-on"),
          account_id: account.id,
          amount: 25000,
          currency: "USD",
          expected_close_date: endOfNamedMonth(w, 1),
        }),
      ],
    };
  }),

  /* =================== growth: must not act =================== */
  about("growth", "question", "enrol <a name two contacts share> in the sequence (which one?)", (w) => {
    const seq = sequence(w);
    const shared = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length >= 2 && same.every((o) => !isEnrolled(w, seq.id, o.id));
      },
      "two contacts sharing a name, neither enrolled",
    );
    return {
      say: `Hello! Could you pop ${fullName(shared)} onto the "${seq.name}" emails? Mark mentioned it in passing on his way to the airport.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "mark <an account with two open deals>'s deal as won (which one?)", (w) => {
    const account = pick([...w.accounts].reverse(), (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with two open deals");
    return {
      say: `Mark just came out of a call and says the ${account.name} deal is done - please close it as won!`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* =================== talent: reads =================== */
  about("talent", "read", "how many candidates are still in the running for <a job>", (w) => {
    const job = pick(
      [...w.jobs].sort((a, b) => candidatesOf(w, b.id).filter(active).length - candidatesOf(w, a.id).filter(active).length),
      (j) => j.status === "open",
      "open job",
    );
    return {
      say: `How many candidates are still in the running for the ${job.title} position? I mean not turned down and not already hired. Mark wants a feel for it before his one-to-one with the hiring manager.`,
      expect: [count(candidatesOf(w, job.id).filter(active).length, "active candidates")],
    };
  }),
  about("talent", "read", "who is at the offer stage right now", (w) => {
    const offer = w.candidates.filter((c) => c.stage === "offer");
    const rest = w.candidates.filter((c) => c.stage !== "offer");
    return {
      say: "The CEO wants to know who we've got sitting at the offer stage at the moment, across all the roles. Names would be perfect.",
      expect: [names(offer.map(fullName), rest.map(fullName), offer.length)],
    };
  }),
  about("talent", "read", "where <a candidate in interview> is in the process", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "interview" && candidateName(w, c), "candidate in interview");
    return {
      say: `Quick one - where is ${fullName(cand)} up to in the hiring process? Mark bumped into them in reception this morning.`,
      expect: [says(cand.stage)],
    };
  }),
  about("talent", "read", "which positions we are actively hiring for", (w) => {
    const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
    const closed = w.jobs.filter((j) => j.status !== "open").map((j) => j.title);
    return {
      say: "Mark is writing his note for the all-hands and would like to mention the roles we're currently recruiting for. Which positions are open at the moment?",
      expect: [names(open, closed, open.length)],
    };
  }),

  /* =================== talent: writes =================== */
  about("talent", "write", "reject <a candidate at screening> after the panel", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "screening" && candidateName(w, c), "candidate at screening");
    return {
      say: `After chatting with the panel, Mark has decided not to go ahead with ${fullName(cand)} for the ${jobOf(w, cand).title} role. Could you mark them as rejected, please?`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "<a candidate with an offer> accepted: mark as hired", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "offer" && candidateName(w, c), "candidate with an offer");
    return {
      say: `Lovely news to end the week - ${fullName(cand)} has accepted our offer for ${jobOf(w, cand).title}! Please record them as hired.`,
      expect: [changed("candidate", cand.id, { stage: "hired" }, fullName(cand))],
    };
  }),
  about("talent", "write", "add Joan Clarke as a referred candidate for <an open job>", (w) => {
    const job = pick(
      [...w.jobs].reverse(),
      (j) => j.status === "open" && !candidatesOf(w, j.id).some((c) => c.email === "joan.clarke@example.com"),
      "open job",
    );
    return {
      say: `Could you please add a candidate for the ${job.title} opening? Her name is Joan Clarke, joan.clarke@example.com - our head of sales referred her to Mark.`,
      expect: [created("candidate", { job_id: job.id, first_name: is.text("Joan"), last_name: is.text("Clarke"), email: "joan.clarke@example.com" })],
    };
  }),
  about("talent", "write", "close the posting for <a job someone was hired into>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired"), "open job with a hire");
    return {
      say: `Now that the ${job.title} role has been filled, Mark asked if we could take the job posting down. Would you close it, please?`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* =================== talent: must not act =================== */
  about("talent", "question", "reject the applicant for <a job with several candidates> (which one?)", (w) => {
    const job = pick(
      w.jobs,
      (j) => j.status === "open" && candidatesOf(w, j.id).filter((c) => ["applied", "screening", "interview", "offer"].includes(c.stage)).length >= 2,
      "job with two candidates still in play",
    );
    return {
      say: `Mark wasn't impressed with the applicant for the ${job.title} job, unfortunately. Could you reject them?`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "add a candidate to a Marketing Manager opening that does not exist", (w) => {
    if (w.jobs.some((j) => j.title.toLowerCase().includes("marketing"))) throw new Error("a marketing job exists; the case needs none");
    return {
      say: "Please add Ada Lovelace (ada.lovelace@example.com) as a candidate for our Marketing Manager opening - the CEO's friend recommended her.",
      expect: [noChange()],
    };
  }),

  /* =================== intelligence: key figures =================== */
  about("intelligence", "figure", "our win rate over the last 90 days", (w) => ({
    say: "Before the board meeting on Thursday, the CEO would like our win rate on deals over roughly the last three months. Could you look that up?",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
  })),
  about("intelligence", "figure", "total value of the open sales pipeline", (w) => {
    const totals: Record<string, number> = {};
    for (const t of snapshot(w).growth.pipeline.totals) totals[t.currency] = t.open_value;
    return {
      say: "What's the total value of everything in our sales pipeline that's still open? Just the headline figure for Mark's slides, nothing weighted.",
      expect: [money(totals, "open pipeline value")],
    };
  }),
  about("intelligence", "figure", "outstanding receivables across all customers", (w) => {
    const outstanding: Record<string, number> = {};
    for (const c of snapshot(w).finance.currencies) outstanding[c.currency] = c.outstanding;
    return {
      say: "Our CFO is away this week, so Mark asked me instead: how much do customers owe us in total right now, i.e. our outstanding receivables?",
      expect: [money(outstanding, "outstanding receivables")],
    };
  }),
  about("intelligence", "figure", "days sales outstanding on the US dollar invoices", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
    return {
      say: "The board pack has a line for DSO (days sales outstanding, I'm told). What's our current number for the US dollar invoices?",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding in USD")],
    };
  }),
  about("intelligence", "figure", "how many people we hired over the past year", (w) => ({
    say: "For the hiring slide - how many people have we hired over the past twelve months?",
    expect: [figure(snapshot(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),
];
