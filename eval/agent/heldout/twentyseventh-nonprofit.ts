import {
  about,
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
  approval,
  unenrolled,
  type Case,
  type Check,
} from "../judge.ts";
import {
  DAY,
  addDays,
  clientNames,
  dueSums,
  endOfNamedMonth,
  fullName,
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
import type { Candidate, Contact, Deal, Invoice, World } from "../world.ts";

/*
 * Blind set: the development (fundraising) director of a mid-size nonprofit.
 * She speaks of donors, funders and sponsors (contacts and accounts), gifts,
 * pledges and grants in the pipeline (deals), invoices to sponsors
 * (invoices), the stewardship cadence (a sequence) and open posts (jobs).
 * The data is the demo organisation as it is; only the words are hers.
 */

/* ---------- small helpers of this set ---------- */

const round2 = (n: number) => Math.round(n * 100) / 100;
const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name;
const contactAccount = (w: World, c: Contact) => accountName(w, c.account_id) ?? "";
const activeCandidate = (c: Candidate) => ["applied", "screening", "interview", "offer"].includes(c.stage);
const jobTitle = (w: World, id: string) => pick(w.jobs, (j) => j.id === id, "job").title;
const candidateNameIsUnique = (w: World, c: Candidate) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1;
const activelyEnrolled = (w: World, sequenceId: string, contactId: string) =>
  w.enrollments.some((e) => e.sequence_id === sequenceId && e.contact_id === contactId && e.status === "active");
const theSequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");

/** Taking a fresh snapshot to answer a key-figure question is fair: it changes no business data. */
const orSnapshot = (check: Check): Check => ({ ...check, allows: (event) => event.type === "intelligence.snapshot_created" || !!check.allows?.(event) });

/** A client with at least `min` unpaid invoices (and some already paid, when asked). */
function clientWithSeveralUnpaid(w: World, min: number, max = Infinity, withPaid = false): string {
  const client = clientNames(w).find((c) => {
    const mine = w.invoices.filter((i) => i.client === c);
    const open = mine.filter(unpaid);
    // With withPaid, only sent invoices that are unpaid or paid: no drafts, voids or write-offs to argue over.
    const clean = mine.every((i) => unpaid(i) || i.status === "paid");
    return open.length >= min && open.length <= max && (!withPaid || (clean && mine.some((i) => i.status === "paid")));
  });
  if (!client) throw new Error(`no client with ${min}-${max} unpaid invoices`);
  return client;
}

/** An account with two or more open deals (so "their pledge" is ambiguous). */
function accountWithSeveralOpenDeals(w: World): string {
  const acc = w.accounts.find((a) => w.deals.filter((d) => d.account_id === a.id && d.status === "open").length >= 2);
  if (!acc) throw new Error("no account with two open deals");
  return acc.name;
}

/** Open deal value (and weighted value) per currency, from the deals and their stages' probabilities. */
function pipelineSums(w: World): { open: Record<string, number>; weighted: Record<string, number> } {
  const open: Record<string, number> = {};
  const weighted: Record<string, number> = {};
  for (const d of w.deals.filter((x: Deal) => x.status === "open" && x.amount !== null)) {
    const p = stageOf(w, d).probability;
    open[d.currency] = round2((open[d.currency] ?? 0) + d.amount!);
    weighted[d.currency] = round2((weighted[d.currency] ?? 0) + (d.amount! * p) / 100);
  }
  return { open, weighted };
}

export const CASES: Case[] = [
  /* ====================== finance: reads ====================== */
  about("finance", "read", "how many sponsor invoices are past due, for the finance committee", (w) => ({
    say: "Our finance committee meets on Thursday and the treasurer will want to know: how many of our sponsor invoices are past due at the moment?",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),

  about("finance", "read", "which invoices <a sponsor with several unpaid> still hasn't paid, before coffee with them", (w) => {
    const client = clientWithSeveralUnpaid(w, 2, 4, true);
    const mine = w.invoices.filter((i) => i.client === client);
    return {
      say: `I'm having coffee with the team from ${client} next week and I'd rather not be caught out. Which of their invoices are still unpaid?`,
      expect: [
        names(
          mine.filter(unpaid).map((i) => i.number),
          mine.filter((i) => i.status === "paid").map((i) => i.number),
          mine.filter(unpaid).length,
        ),
      ],
    };
  }),

  about("finance", "read", "sponsor invoices more than 60 days overdue, to flag to the board", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const recent = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 55);
    return {
      say: "Which sponsor invoices have been overdue for more than 60 days? I want to flag them to the board before the year-end appeal goes out.",
      expect: [
        names(
          late.map((i) => i.number),
          recent.map((i) => i.number),
          late.length,
        ),
      ],
    };
  }),

  about("finance", "read", "when <an overdue invoice, short number> was due and how late it is", (w) => {
    const inv = pick([...w.invoices].reverse(), (i) => overdue(i) && i.days_overdue >= 10, "invoice ten or more days overdue");
    return {
      say: `Quick one before I ring ${inv.client}: when was ${shortNumber(inv)} due, and how many days late is it now?`,
      expect: [date(inv.due_date, "due date"), count(inv.days_overdue, "days overdue")],
    };
  }),

  about("finance", "read", "sent invoices falling due within the next fortnight", (w) => {
    const t = today(w);
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= t && i.due_date <= addDays(t, 14));
    const later = w.invoices.filter((i) => i.status === "open" && i.due_date > addDays(t, 21));
    return {
      say: "Thinking about our cash flow, which of the invoices we've already sent out fall due within the next fortnight?",
      expect: [names(numbers(soon), numbers(later), soon.length)],
    };
  }),

  /* ====================== finance: writes ====================== */
  about("finance", "write", "<sponsor>'s cheque for <an unpaid overdue invoice> cleared in full: mark it paid", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return {
      say: `Wonderful news: ${inv.client}'s cheque for ${inv.number} has cleared, the full amount. Could you mark that invoice as paid, please?`,
      expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
    };
  }),

  about("finance", "write", "record a 2,000 part-payment from <sponsor> against <a part-paid overdue invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0 && i.amount_due > 3000, "part-paid overdue invoice owing over 3000");
    return {
      say: `${inv.client} have sent a further instalment of 2,000 ${inv.currency} towards ${shortNumber(inv)}. Please record it against the invoice; they say the balance will follow.`,
      expect: [changed("invoice", inv.id, { amount_paid: round2(inv.amount_paid + 2000) }, inv.number)],
    };
  }),

  about("finance", "write", "raise a 3,000 GBP gala table invoice to <a UK account>, due in thirty days", (w) => {
    const acc = w.accounts.find((a) => a.country === "GB") ?? w.accounts[0]!;
    return {
      say: `${acc.name} have kindly agreed to sponsor a table at our winter gala. Please raise an invoice to them for 3,000 GBP, due thirty days from today.`,
      expect: [created("invoice", { client: is.containing(acc.name), amount: 3000, currency: "GBP", due_date: addDays(today(w), 30) })],
    };
  }),

  about("finance", "write", "cancel <an open, not yet due invoice> that went out in error", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice with nothing paid");
    return {
      say: `I'm afraid ${inv.number} to ${inv.client} went out in error. That gift is being made personally by their chief executive instead, so please cancel the invoice.`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ====================== finance: must not act ====================== */
  about("finance", "question", "<a sponsor with several unpaid invoices> has paid: mark 'their invoice' settled (which one?)", (w) => {
    const client = clientWithSeveralUnpaid(w, 2);
    return { say: `Good news, ${client} have paid! Can you mark their invoice as settled?`, expect: [noChange(), asksBack()] };
  }),

  about("finance", "question", "raise an invoice to <account> for the fun run sponsorship, with no amount or date", (w) => {
    const acc = pick(w.accounts, (a) => a.country === "US", "US account");
    return { say: `Please raise an invoice to ${acc.name} for their sponsorship of the spring fun run.`, expect: [noChange(), asksBack()] };
  }),

  /* ====================== growth: reads ====================== */
  about("growth", "read", "how many live gifts and grants are open in the pipeline", (w) => ({
    say: "How many gifts and grants do we have open in the pipeline at the moment? Just the live ones, not those already won or lost.",
    expect: [count(w.deals.filter((d) => d.status === "open").length, "open deals")],
  })),

  about("growth", "read", "which funders we're at the negotiation stage with", (w) => {
    const negotiating = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    const wanted = [...new Set(negotiating.map((d) => accountName(w, d.account_id)).filter((n): n is string => !!n))];
    const others = [
      ...new Set(
        w.deals
          .filter((d) => d.status === "open" && stageOf(w, d).name !== "Negotiation")
          .map((d) => accountName(w, d.account_id))
          .filter((n): n is string => !!n && !wanted.includes(n)),
      ),
    ];
    return {
      say: "Which funders are we at the negotiation stage with? Those are the pledges I'd like to chase before the board meeting.",
      expect: [names(wanted, others, wanted.length)],
    };
  }),

  about("growth", "read", "who we have on file at <the account with most contacts>, for the donor reception", (w) => {
    const acc = [...w.accounts].sort(
      (a, b) => w.contacts.filter((c) => c.account_id === b.id).length - w.contacts.filter((c) => c.account_id === a.id).length,
    )[0]!;
    const theirs = w.contacts.filter((c) => c.account_id === acc.id);
    const elsewhere = w.contacts.filter((c) => c.account_id !== acc.id);
    return {
      say: `We're inviting ${acc.name} to our donor reception in the spring. Who do we have on file there?`,
      expect: [names(theirs.map(fullName), elsewhere.map(fullName), theirs.length)],
    };
  }),

  about("growth", "read", "contacts tagged decision-maker, for the major donor breakfast", (w) => {
    const tagged = w.contacts.filter((c) => c.tags.includes("decision-maker"));
    const untagged = w.contacts.filter((c) => !c.tags.includes("decision-maker"));
    const wanted = [...new Set(tagged.map(fullName))];
    return {
      say: "I'm planning the major donor breakfast. Which of our contacts are tagged as decision-makers?",
      expect: [names(wanted, untagged.map(fullName), wanted.length)],
    };
  }),

  about("growth", "read", "who is going through <the sequence> (her stewardship cadence) right now", (w) => {
    const seq = theSequence(w);
    const inIt = w.contacts.filter((c) => activelyEnrolled(w, seq.id, c.id));
    const notInIt = w.contacts.filter((c) => !activelyEnrolled(w, seq.id, c.id));
    return {
      say: `Who is currently going through the "${seq.name}" sequence? It's our stewardship cadence and I want to be sure nobody gets contacted twice over.`,
      expect: [names([...new Set(inIt.map(fullName))], notInIt.map(fullName), inIt.length)],
    };
  }),

  about("growth", "read", "when the <account with a single deal> pledge is expected to close, for the trustees' forecast", (w) => {
    const acc = [...w.accounts].reverse().find((a) => {
      const deals = w.deals.filter((d) => d.account_id === a.id);
      return deals.length === 1 && deals[0]!.status === "open" && deals[0]!.expected_close_date;
    });
    if (!acc) throw new Error("no account with a single open deal with a close date");
    const deal = pick(w.deals, (d) => d.account_id === acc.id, "deal");
    return {
      say: `When is the ${acc.name} pledge expected to close? I'd like to put it in the forecast for the trustees.`,
      expect: [date(deal.expected_close_date!, "expected close date")],
    };
  }),

  /* ====================== growth: writes ====================== */
  about("growth", "write", "add a new prospect met at the reception: Priya Raman, Head of Community Giving at <account>", (w) => {
    const acc = pick(w.accounts, (a) => !!a.domain && !w.contacts.some((c) => c.email === `priya.raman@${a.domain}`), "account with a domain");
    const email = `priya.raman@${acc.domain}`;
    return {
      say: `I met a lovely new prospect at last night's reception: Priya Raman, Head of Community Giving at ${acc.name}. Her email is ${email}. Could you add her as a contact?`,
      expect: [
        created("contact", {
          email,
          first_name: is.text("Priya"),
          last_name: is.text("Raman"),
          title: is.text("Head of Community Giving"),
          account_id: acc.id,
        }),
      ],
    };
  }),

  about("growth", "write", "enrol <a uniquely named contact not yet enrolled> in <the sequence>", (w) => {
    const seq = theSequence(w);
    const c = pick(uniqueContacts(w), (x) => !w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === x.id), "contact not in the sequence");
    return {
      say: `Please enrol ${fullName(c)} from ${contactAccount(w, c)} in our "${seq.name}" sequence so the stewardship emails start going to them.`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),

  about("growth", "write", "take <an enrolled contact> at <their account> out of <the sequence> for a break", (w) => {
    const seq = theSequence(w);
    const c = pick(w.contacts, (x) => activelyEnrolled(w, seq.id, x.id) && !!x.account_id, "enrolled contact with an account");
    return {
      say: `${fullName(c)} at ${contactAccount(w, c)} has asked for a break from our emails for a while. Please take them out of the ${seq.name} sequence.`,
      expect: [unenrolled(seq.id, c.id, fullName(c))],
    };
  }),

  about("growth", "write", "<the account whose only deal is open> confirmed their pledge: mark it won", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `Fantastic news! ${account} have confirmed their pledge. Please mark it as won in the pipeline.`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),

  about("growth", "write", "proposal sent to <account> for <its early-stage grant>: move it to Proposal", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    const proposal = stageNamed(w, "Proposal");
    const topic = deal.name.split(": ").slice(1).join(": ") || deal.name;
    return {
      say: `We've just sent the formal proposal to ${account} for the ${topic} grant. Can you move it along to the Proposal stage?`,
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),

  about("growth", "write", "new 12,000 USD pledge 'Spring Appeal match funding' for <an account with no open deal>, closing end of March", (w) => {
    const acc = w.accounts.find((a) => !w.deals.some((d) => d.account_id === a.id && d.status === "open")) ?? pick(w.accounts, () => true, "account");
    return {
      say: `Please add a new pledge to the pipeline for ${acc.name}: call it "Spring Appeal match funding", 12,000 USD, and we expect it to close at the end of March.`,
      expect: [
        created("deal", {
          name: is.containing("Spring Appeal match funding"),
          account_id: acc.id,
          amount: 12000,
          currency: "USD",
          expected_close_date: endOfNamedMonth(w, 3),
        }),
      ],
    };
  }),

  /* ====================== growth: must not act ====================== */
  about("growth", "question", "add <a name two contacts share> to <the sequence> (which one?)", (w) => {
    const seq = theSequence(w);
    const shared = w.contacts.find((c) => {
      const same = w.contacts.filter((o) => fullName(o) === fullName(c));
      return same.length >= 2 && same.every((o) => !activelyEnrolled(w, seq.id, o.id));
    });
    if (!shared) throw new Error("no name shared by two contacts outside the sequence");
    return { say: `Please pop ${fullName(shared)} into the ${seq.name} sequence.`, expect: [noChange(), asksBack()] };
  }),

  about("growth", "question", "<an account with two open pledges> said yes: mark 'their gift' won (which one?)", (w) => {
    const account = accountWithSeveralOpenDeals(w);
    return { say: `${account} rang this morning to say yes! Please mark their gift as won.`, expect: [noChange(), asksBack()] };
  }),

  /* ====================== talent: reads ====================== */
  about("talent", "read", "which roles we're recruiting for, for a trustee", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const closed = w.jobs.filter((j) => j.status !== "open");
    return {
      say: "A trustee asked whether we're still hiring. Which roles are we recruiting for at the moment?",
      expect: [
        names(
          open.map((j) => j.title),
          closed.map((j) => j.title),
          open.length,
        ),
      ],
    };
  }),

  about("talent", "read", "who is still in the running for <the post with most people hired or turned down>", (w) => {
    const job = [...w.jobs]
      .filter((j) => w.candidates.some((c) => c.job_id === j.id && activeCandidate(c)))
      .sort(
        (a, b) =>
          w.candidates.filter((c) => c.job_id === b.id && !activeCandidate(c)).length -
          w.candidates.filter((c) => c.job_id === a.id && !activeCandidate(c)).length,
      )[0];
    if (!job) throw new Error("no job with active candidates");
    const running = w.candidates.filter((c) => c.job_id === job.id && activeCandidate(c));
    const rest = w.candidates.filter((c) => !running.includes(c));
    return {
      say: `Who is still in the running for the ${job.title} role? Please leave out anyone we've already hired or turned down.`,
      expect: [names(running.map(fullName), rest.map(fullName), running.length)],
    };
  }),

  about("talent", "read", "how many candidates have an offer on the table", (w) => ({
    say: "How many candidates currently have an offer on the table with us?",
    expect: [count(w.candidates.filter((c) => c.stage === "offer").length, "candidates at offer")],
  })),

  about("talent", "read", "where <a candidate at interview> has got to in the process", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "interview" && candidateNameIsUnique(w, x), "candidate at interview");
    return {
      say: `Where has ${fullName(c)} got to in our hiring process for the ${jobTitle(w, c.job_id)} post?`,
      expect: [says("interview")],
    };
  }),

  /* ====================== talent: writes ====================== */
  about("talent", "write", "not taking <an applied candidate> forward: reject them", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "applied" && candidateNameIsUnique(w, x), "applied candidate");
    return {
      say: `We've decided not to take ${fullName(c)} forward for the ${jobTitle(w, c.job_id)} position. Please mark them as rejected.`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),

  about("talent", "write", "<a candidate at screening> did well in the phone screen: move to interview", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening" && candidateNameIsUnique(w, x), "candidate at screening");
    return {
      say: `${fullName(c)} was excellent in the phone screen for ${jobTitle(w, c.job_id)}. Please move them through to the interview stage.`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),

  about("talent", "write", "add a volunteer's referral, Amara Okonkwo, as a candidate for <an open post>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && !w.candidates.some((c) => c.job_id === j.id && c.email === "amara.okonkwo@example.org"), "open job");
    return {
      say: `One of our volunteers has referred a friend for the ${job.title} role: Amara Okonkwo, amara.okonkwo@example.org. Please add her as a candidate, with referral as the source.`,
      expect: [
        created("candidate", {
          job_id: job.id,
          email: "amara.okonkwo@example.org",
          first_name: is.text("Amara"),
          last_name: is.text("Okonkwo"),
          source: is.text("referral"),
        }),
      ],
    };
  }),

  about("talent", "write", "we've filled <an open post with a hire>: close the vacancy", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && w.candidates.some((c) => c.job_id === j.id && c.stage === "hired"), "open job with a hire");
    return {
      say: `We've filled the ${job.title} post, thank goodness. Please close the vacancy so no more applications come in.`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  about("talent", "write", "open a part-time Grants Officer post in Development, based in London", () => ({
    say: "We've had funding confirmed for a new post! Please open a part-time Grants Officer role in the Development department, based in London.",
    expect: [
      created("job", {
        title: is.text("Grants Officer"),
        department: is.text("Development"),
        location: is.text("London"),
        employment_type: "part_time",
        status: "open",
      }),
    ],
  })),

  /* ====================== talent: must not act ====================== */
  about("talent", "question", "move 'the <post with several active candidates> candidate' to the next round (which one?)", (w) => {
    const job = w.jobs.find((j) => w.candidates.filter((c) => c.job_id === j.id && ["applied", "screening", "interview"].includes(c.stage)).length >= 2);
    if (!job) throw new Error("no job with two candidates who could move on");
    return { say: `Please move the ${job.title} candidate on to the next round.`, expect: [noChange(), asksBack()] };
  }),

  about("talent", "question", "advertise a new programmes vacancy, with no title given", () => ({
    say: "We need to advertise a new vacancy on the programmes team. Can you set that up for me?",
    expect: [noChange(), asksBack()],
  })),

  /* ====================== intelligence ====================== */
  about("intelligence", "read", "how many new contacts were added in the last 30 days, for the CEO", (w) => {
    const since = w.now.getTime() - 30 * DAY;
    const fresh = w.contacts.filter((c) => Date.parse((c as Contact & { created_at: string }).created_at) >= since);
    return {
      say: "Our CEO likes to see how the supporter base is growing. How many new contacts have we added over the last 30 days?",
      expect: [orSnapshot(count(fresh.length, "new contacts"))],
    };
  }),

  about("intelligence", "figure", "win rate on gifts closed over the last 90 days, for the board pack", (w) => {
    const rate = w.snapshot?.growth.last_90_days.win_rate;
    if (rate === undefined) throw new Error("no snapshot");
    return {
      say: "For the board pack: of the gifts we closed over the last 90 days, what proportion did we win? I need the win rate as a percentage.",
      expect: [figure(rate, "win rate over 90 days", "percent")],
    };
  }),

  about("intelligence", "figure", "total still outstanding on sent invoices, by currency", (w) => ({
    say: "What's the total still outstanding on the invoices we've sent out, overdue ones included? Please break it down by currency.",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "amount outstanding")],
  })),

  about("intelligence", "figure", "DSO on US dollar invoices, for the auditor", (w) => {
    const usd = w.snapshot?.finance.currencies.find((c) => c.currency === "USD");
    if (!usd) throw new Error("no USD figures in the snapshot");
    return {
      say: "Our auditor has asked about our days sales outstanding. What's the DSO on our US dollar invoices?",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
    };
  }),

  about("intelligence", "figure", "active candidates across open posts, and how many reached interview or offer", (w) => {
    const openJobs = new Set(w.jobs.filter((j) => j.status === "open").map((j) => j.id));
    const active = w.candidates.filter((c) => openJobs.has(c.job_id) && activeCandidate(c));
    const far = active.filter((c) => c.stage === "interview" || c.stage === "offer");
    return {
      say: "Across all our open roles, how many candidates are still active in the process, and how many of those have reached the interview or offer stage?",
      expect: [orSnapshot(count(active.length, "active candidates")), orSnapshot(count(far.length, "candidates at interview or offer"))],
    };
  }),

  about("intelligence", "figure", "open pipeline value of live pledges, total and weighted", (w) => {
    const { open, weighted } = pipelineSums(w);
    return {
      say: "What's our open pipeline worth at the moment? I'd like both the total value of the live pledges and the weighted figure.",
      expect: [money(open, "open pipeline value"), money(weighted, "weighted pipeline value")],
    };
  }),
];

function numbers(list: Invoice[]): string[] {
  return list.map((i) => i.number);
}
