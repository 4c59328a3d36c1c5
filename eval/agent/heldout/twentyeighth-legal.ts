import { about, approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  clientNames,
  clientWithUnpaid,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  fullName,
  numbers,
  openDealIn,
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
} from "../facts.ts";
import type { Account, Deal, World } from "../world.ts";

/*
 * Blind set: the office manager of a small law firm. She handles billing,
 * client intake and the paralegal hiring, and writes in her own office's
 * words: matters / engagements (deals), statements / bills (invoices),
 * retainers, write-offs, aged receivables, client intake (accounts and
 * contacts), openings and searches (jobs). The data is the demo
 * organization's as it is; only the vocabulary is hers.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** A date as she writes it: "January 14, 2027". */
const longDate = (isoDate: string) => {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
};
const SIGN: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };
/** An amount as she writes it: $5,000.00 (or 5,000.00 CHF). */
const cash = (amount: number, currency: string) => {
  const n = amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return SIGN[currency] ? `${SIGN[currency]}${n}` : `${n} ${currency}`;
};
const accountOf = (w: World, id: string | null): Account => pick(w.accounts, (a) => a.id === id, "account of a record");
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The client with the most unpaid statements (several of them, so "the payment" designates none). */
function busiestClient(w: World): string {
  const ranked = clientNames(w)
    .map((c) => ({ c, n: w.invoices.filter((i) => i.client === c && unpaid(i)).length }))
    .sort((a, b) => b.n - a.n);
  if (!ranked.length || ranked[0]!.n < 2) throw new Error("no client with two or more unpaid invoices");
  return ranked[0]!.c;
}

/** An account with several deals of which exactly one is open (so "the matter" designates it), skipping some. */
function oneOpenAmongSeveral(w: World, skip: string[] = []): { deal: Deal; account: Account } {
  for (const account of w.accounts) {
    if (skip.includes(account.id)) continue;
    const deals = dealsOf(w, account.id);
    const open = deals.filter((d) => d.status === "open");
    if (deals.length >= 2 && open.length === 1) return { deal: open[0]!, account };
  }
  throw new Error("no account with several deals and a single open one");
}

export const CASES: Case[] = [
  /* ====================== finance: reads ====================== */
  about("finance", "read", "how many statements are past due at present", (w) => ({
    say: "Good morning. For the aged receivables report, how many of our statements are past due at present?",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),

  about("finance", "read", "list the unsettled statements of <a client with several unpaid and the rest paid>, in a formal paragraph", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const mine = w.invoices.filter((i) => i.client === c);
        const open = mine.filter(unpaid);
        return open.length >= 2 && mine.some((i) => i.status === "paid") && mine.every((i) => unpaid(i) || i.status === "paid");
      },
      "client with two or more unpaid invoices and the others paid",
    );
    const mine = w.invoices.filter((i) => i.client === client);
    const open = mine.filter(unpaid);
    return {
      say: `Please be advised that I have a call with ${client} this afternoon regarding their account with the firm. Kindly list every statement of theirs that has not yet been settled, so that I may go through them one by one. I do not need the ones already paid.`,
      expect: [names(numbers(open), numbers(mine.filter((i) => i.status === "paid")), open.length)],
    };
  }),

  about("finance", "read", "total still owed by <the client with the most unpaid statements>", (w) => {
    const client = busiestClient(w);
    return {
      say: `What is the total balance ${client} owes us on bills not yet paid? If they are billed in more than one currency, please give each separately.`,
      expect: [money(dueSums(w.invoices.filter((i) => i.client === client && unpaid(i))), "balance owed")],
    };
  }),

  about("finance", "read", "remaining balance and due date of <a part-paid overdue statement>, by its short number", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
    return {
      say: `${inv.client} rang about statement ${shortNumber(inv)}; they say they have already paid part of it. What balance remains on it, and what was its due date?`,
      expect: [money({ [inv.currency]: inv.amount_due }, "remaining balance"), date(inv.due_date, "due date")],
    };
  }),

  about("finance", "read", "which receivables are aged beyond sixty days", (w) => {
    const old = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const younger = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    return {
      say: "Kindly pull the aged receivables: which statements are more than sixty days past due?",
      expect: [names(numbers(old), numbers(younger), old.length)],
    };
  }),

  about("finance", "read", "which statements have been written off", (w) => {
    const off = w.invoices.filter((i) => i.status === "uncollectible");
    return {
      say: "The partners want to review the write-offs before year end. Which statements have we written off?",
      expect: [names(numbers(off), [], off.length)],
    };
  }),

  /* ====================== finance: writes ====================== */
  about("finance", "write", "<the client with a single overdue statement> settled it in full (amount given, no number)", (w) => {
    const client = clientWithUnpaid(w, 1, overdue);
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "the client's unpaid invoice");
    return {
      say: `Please be advised that ${client} has settled their outstanding bill of ${cash(inv.amount_due, inv.currency)} in full; the funds cleared this morning. Kindly mark it paid.`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),

  about("finance", "write", "record a $5,000 cheque against <an unpaid USD overdue statement>", (w) => {
    const inv = pick(
      w.invoices,
      (i) =>
        overdue(i) &&
        i.currency === "USD" &&
        i.amount_paid === 0 &&
        i.amount_due > 6000 &&
        w.invoices.filter((o) => o.client === i.client && unpaid(o)).length === 1,
      "USD overdue invoice over 6000 with nothing paid",
    );
    return {
      say: `We received a cheque from ${inv.client} for $5,000.00 toward ${shortNumber(inv)}. Kindly record it as a partial payment; the remainder is still owed.`,
      expect: [changed("invoice", inv.id, { amount_paid: 5000, amount_due: Math.round((inv.amount_due - 5000) * 100) / 100 }, inv.number)],
    };
  }),

  about("finance", "write", "prepare a USD retainer bill for <a client without an account> due in thirty days", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.some((i) => i.client === c && i.account_id === null), "client billed without an account");
    return {
      say: `Kindly prepare a retainer bill for ${client}: 2,500.00 USD, described as "Retainer", due thirty days from today.`,
      expect: [
        created("invoice", {
          client: is.text(client),
          amount: 2500,
          currency: "USD",
          due_date: addDays(today(w), 30),
          description: is.containing("retainer"),
        }),
      ],
    };
  }),

  about("finance", "write", "issue the draft statement of <a client with exactly one draft>", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.filter((i) => i.client === c && i.status === "draft").length === 1, "client with one draft");
    const inv = pick(w.invoices, (i) => i.client === client && i.status === "draft", "draft");
    return {
      say: `The partner has approved the ${client} statement that is still in draft. It may go out now; please issue it.`,
      expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),

  about("finance", "write", "write off <the oldest overdue statement> (waits for approval), reason in the middle of a paragraph", (w) => {
    const inv = [...w.invoices].filter(overdue).sort((a, b) => b.days_overdue - a.days_overdue)[0];
    if (!inv) throw new Error("no overdue invoice");
    return {
      say: `Further to this morning's partners' meeting: ${inv.client} has not answered any of our letters on ${inv.number}, now ${inv.days_overdue} days past due. Please write that statement off. The partners do not wish to pursue collection on it at this time.`,
      expect: [approval(/uncollectible/i, inv.id, inv.number)],
    };
  }),

  about("finance", "write", "move the due date of <an open statement> out by two weeks, per the engagement letter", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
    const newDue = addDays(inv.due_date, 14);
    return {
      say: `Per our engagement letter with ${inv.client}, their payment terms are longer than we billed on ${inv.number}. Kindly change its due date to ${longDate(newDue)}.`,
      expect: [changed("invoice", inv.id, { due_date: newDue }, inv.number)],
    };
  }),

  /* ====================== finance: must not act ====================== */
  about("finance", "question", "record this morning's payment from <a client with several unpaid statements> (no statement, no amount)", (w) => ({
    say: `Kindly record the payment that came in from ${busiestClient(w)} this morning.`,
    expect: [noChange(), asksBack()],
  })),

  about("finance", "question", "bill the new client from yesterday's intake (no name, no amount)", () => ({
    say: "Please raise a bill for the new client from yesterday's intake, per the engagement letter.",
    expect: [noChange(), asksBack()],
  })),

  /* ====================== growth: reads ====================== */
  about("growth", "read", "which engagements are in negotiation", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const inNeg = w.deals.filter((d) => d.stage_id === neg.id);
    const otherOpen = w.deals.filter((d) => d.status === "open" && d.stage_id !== neg.id);
    return {
      say: "Which of our engagements are presently in negotiation?",
      expect: [
        names(
          inNeg.map((d) => d.name),
          otherOpen.map((d) => d.name),
          inNeg.length,
        ),
      ],
    };
  }),

  about("growth", "read", "who our contacts are at <the account with the most contacts>", (w) => {
    const account = [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0];
    if (!account) throw new Error("no account");
    const mine = contactsOf(w, account.id);
    const others = w.contacts.filter((c) => c.account_id !== account.id).map(fullName);
    return {
      say: `Before the conflict check goes to the partners, I need the names of everyone we have on file at ${account.name}. Who are our contacts there?`,
      expect: [names(mine.map(fullName), others, mine.length)],
    };
  }),

  about("growth", "read", "stage and expected close of <the only matter of an account>", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `Where does our ${account} matter stand at the moment, and when do we expect it to close?`,
      expect: [says(stageOf(w, deal).name), ...(deal.expected_close_date ? [date(deal.expected_close_date, "expected close date")] : [])],
    };
  }),

  about("growth", "read", "which contacts are tagged as decision-makers", (w) => {
    const tagged = w.contacts.filter((c) => c.tags.some((t) => t.toLowerCase() === "decision-maker"));
    const rest = w.contacts.filter((c) => !tagged.includes(c)).map(fullName);
    return {
      say: "For the client intake review, kindly tell me which of our contacts are marked as decision-makers.",
      expect: [names(tagged.map(fullName), rest, new Set(tagged.map(fullName)).size)],
    };
  }),

  about("growth", "read", "combined value of the engagements won", (w) => ({
    say: "What is the combined value of all the engagements we have won? Please keep the currencies separate.",
    expect: [
      money(
        sums(
          w.deals.filter((d) => d.status === "won"),
          (d: Deal) => d.amount ?? 0,
        ),
        "value of won deals",
      ),
    ],
  })),

  about("growth", "read", "who is enrolled in <the active sequence>", (w) => {
    const seq = pick(
      w.sequences,
      (s) => s.status === "active" && w.enrollments.some((e) => e.sequence_id === s.id && e.status === "active"),
      "active sequence with enrollments",
    );
    const people = w.enrollments
      .filter((e) => e.sequence_id === seq.id && e.status === "active")
      .map((e) => fullName(pick(w.contacts, (c) => c.id === e.contact_id, "enrolled contact")));
    return {
      say: `Who is currently receiving the "${seq.name}" emails?`,
      expect: [names(people, [], new Set(people).size)],
    };
  }),

  /* ====================== growth: writes ====================== */
  about("growth", "write", "client intake: open an account for a new firm with domain and country", () => ({
    say: "Client intake: kindly open an account for Halvorsen & Pike LLP. Their website is halvorsenpike.com and they are based in Norway.",
    expect: [created("account", { name: is.text("Halvorsen & Pike LLP"), domain: "halvorsenpike.com", country: "NO" })],
  })),

  about("growth", "write", "client intake: new contact (general counsel) at <an account with a domain>", (w) => {
    const account = [...w.accounts].filter((a) => a.domain).sort((a, b) => contactsOf(w, a.id).length - contactsOf(w, b.id).length)[0];
    if (!account) throw new Error("no account with a domain");
    const email = `priya.raman@${account.domain}`;
    return {
      say: `New intake contact for ${account.name}, please: Priya Raman, their General Counsel, ${email}.`,
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Raman"),
          email,
          title: is.containing("general counsel"),
          account_id: account.id,
        }),
      ],
    };
  }),

  about("growth", "write", "<a proposal-stage engagement> has moved to negotiation", (w) => {
    const deal = openDealIn(w, ["Proposal"]);
    const account = accountOf(w, deal.account_id);
    return {
      say: `Please be advised the ${account.name} ${lower(dealTopic(deal))} engagement has moved into negotiation; kindly update the matter.`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),

  about("growth", "write", "mark <the one open matter of an account> lost: client went to other counsel", (w) => {
    const { deal, account } = oneOpenAmongSeveral(w);
    return {
      say: `${account.name} has instructed other counsel on the ${lower(dealTopic(deal))} matter. Kindly mark that engagement as lost.`,
      expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
    };
  }),

  about("growth", "write", "enrol <a lead not yet in the sequence> in <the active sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const contact = pick(
      uniqueContacts(w),
      (c) =>
        c.lifecycle_stage === "lead" &&
        c.account_id !== null &&
        !w.enrollments.some((e) => e.contact_id === c.id && e.sequence_id === seq.id && e.status === "active"),
      "unique lead contact not enrolled",
    );
    const account = accountOf(w, contact.account_id);
    return {
      say: `Kindly enrol ${fullName(contact)} of ${account.name} in the "${seq.name}" sequence.`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),

  /* ====================== growth: must not act ====================== */
  about("growth", "question", "advance <a contact name two people share>'s matter (which person? which matter?)", (w) => {
    const shared = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1, "contact name shared by two people");
    return {
      say: `Kindly move ${fullName(shared)}'s matter along to the next stage.`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("growth", "question", "mark the <topic shared by two open deals> engagement as won (which one?)", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const shared = pick(open, (d) => open.filter((o) => dealTopic(o) === dealTopic(d)).length > 1, "deal topic shared by two open deals");
    return {
      say: `We have the signed engagement letter back. Please mark the ${dealTopic(shared)} engagement as won.`,
      expect: [noChange()],
    };
  }),

  /* ====================== talent: reads ====================== */
  about("talent", "read", "who is still in contention for <the job with the most active candidates>", (w) => {
    const active = (c: { stage: string }) => !["hired", "rejected"].includes(c.stage);
    const job = [...w.jobs]
      .filter((j) => j.status === "open")
      .sort((a, b) => w.candidates.filter((c) => c.job_id === b.id && active(c)).length - w.candidates.filter((c) => c.job_id === a.id && active(c)).length)[0];
    if (!job) throw new Error("no open job");
    const inIt = w.candidates.filter((c) => c.job_id === job.id && active(c)).map(fullName);
    const out = w.candidates.filter((c) => !(c.job_id === job.id && active(c))).map(fullName);
    return {
      say: `Which applicants remain in contention for the ${job.title} opening?`,
      expect: [names(inIt, out, inIt.length)],
    };
  }),

  about("talent", "read", "how many applicants have been turned down across all searches", (w) => ({
    say: "How many applicants have we turned down so far, across all of our searches?",
    expect: [count(w.candidates.filter((c) => c.stage === "rejected").length, "rejected candidates")],
  })),

  about("talent", "read", "where <an interviewing candidate> stands", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "interview", "candidate in interview");
    return {
      say: `Where does ${fullName(cand)} stand in our hiring process?`,
      expect: [says(cand.stage)],
    };
  }),

  /* ====================== talent: writes ====================== */
  about("talent", "write", "advance <a candidate in screening> to the interview round", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "screening", "candidate in screening");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "job");
    return {
      say: `${fullName(cand)} did well on the screening call for the ${job.title} role. Kindly advance the application to the interview round.`,
      expect: [changed("candidate", cand.id, { stage: "interview" }, fullName(cand))],
    };
  }),

  about("talent", "write", "reject <a newly applied candidate> after a conflict check", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "applied", "applied candidate");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "job");
    return {
      say: `Our conflict check came back with a problem on ${fullName(cand)}: a prior position opposite one of our clients. Kindly reject the application for the ${job.title} opening.`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),

  about("talent", "write", "post a full-time paralegal opening in the litigation department, Chicago", () => ({
    say: "Please be advised we are recruiting again. Kindly post a new opening titled Paralegal, in the Litigation department, at our Chicago office, full-time. Applications will be reviewed by the senior associate.",
    expect: [
      created("job", {
        title: is.text("Paralegal"),
        department: is.containing("litigation"),
        location: is.containing("chicago"),
        employment_type: "full_time",
        status: "open",
      }),
    ],
  })),

  about("talent", "write", "add a referred applicant to <an open job>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open", "open job");
    return {
      say: `New applicant for the ${job.title} search: Miriam Cole, miriam.cole@example.com. She was referred to us by one of the partners.`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Miriam"),
          last_name: is.text("Cole"),
          email: "miriam.cole@example.com",
          source: is.where("naming a referral", (v: string | null) => typeof v === "string" && /refer/i.test(v)),
        }),
      ],
    };
  }),

  /* ====================== talent: must not act ====================== */
  about("talent", "question", "move the candidate for the associate opening to the next round (no such opening)", (w) => {
    if (w.jobs.some((j) => /associate/i.test(j.title))) throw new Error("an associate job exists; the case needs none");
    return {
      say: "Kindly move the candidate for the associate opening on to the next round.",
      expect: [noChange(), asksBack()],
    };
  }),

  about("talent", "question", "reject the LinkedIn applicant (several came from LinkedIn)", (w) => {
    const fromLinkedIn = w.candidates.filter((c) => (c.source ?? "").toLowerCase() === "linkedin" && !["hired", "rejected"].includes(c.stage));
    if (fromLinkedIn.length < 2) throw new Error("fewer than two active LinkedIn candidates");
    return {
      say: "Please reject the applicant who came in through LinkedIn.",
      expect: [noChange()],
    };
  }),

  /* ====================== intelligence ====================== */
  about("intelligence", "read", "how many new contacts came in through intake in the last thirty days", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    return {
      say: "How many new contacts have come through client intake in the last thirty days?",
      expect: [figure(w.snapshot.growth.new_contacts_last_30_days, "new contacts in the last 30 days")],
    };
  }),

  about("intelligence", "figure", "win rate on engagements over the last ninety days", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    return {
      say: "The managing partner has asked what share of the engagements we closed in the last ninety days we actually won. Kindly give me the win rate.",
      expect: [figure(w.snapshot.growth.last_90_days.win_rate, "win rate", "percent")],
    };
  }),

  about("intelligence", "figure", "total outstanding receivables by currency", (w) => ({
    say: "Please give me our total outstanding receivables, currency by currency.",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),

  about("intelligence", "figure", "days sales outstanding on US dollar billing", (w) => {
    const usd = w.snapshot?.finance.currencies.find((c) => c.currency === "USD");
    if (!usd) throw new Error("no USD figures in the snapshot");
    return {
      say: "For the partners' meeting: how many days, on average, does it take us to collect on our US-dollar bills? The days sales outstanding figure, please.",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
    };
  }),

  about("intelligence", "figure", "weighted value of the open engagements pipeline", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    const weighted = Object.fromEntries(w.snapshot.growth.pipeline.totals.map((t) => [t.currency, t.weighted_value]));
    return {
      say: "What is the weighted value of our open engagements, each matter counted by the likelihood of its stage?",
      expect: [money(weighted, "weighted pipeline")],
    };
  }),

  about("intelligence", "figure", "how many candidates hold offers across the open searches", (w) => {
    const open = new Set(w.jobs.filter((j) => j.status === "open").map((j) => j.id));
    return {
      say: "On the hiring side: how many candidates are at the offer stage across our open searches?",
      expect: [figure(w.candidates.filter((c) => open.has(c.job_id) && c.stage === "offer").length, "candidates at offer")],
    };
  }),
];
