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
  type ApiEvent,
  type Case,
  type Check,
} from "../judge.ts";
import {
  addDays,
  candidatesOf,
  christmas,
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
  month,
  names as personNames,
  numbers,
  ofClient,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageOf,
  stages,
  sums,
  today,
  unpaid,
} from "../facts.ts";
import type { Contact, Deal, World } from "../world.ts";

/*
 * Blind set: the owner of a small British wholesale business who does the
 * selling, the invoicing and the hiring themselves. Chatty, British idiom,
 * sometimes typed on a phone in a hurry, sometimes dictated. Every record is
 * chosen from the organization at run time; every date is relative to w.now.
 */

/* ---------- small helpers of this set ---------- */

/** The first word of a client's name, as people shorten it ("Acme Robotics" -> "Acme"). */
const shortName = (name: string) => name.split(" ")[0]!;

/** Within a penny of this amount (the API's sums are floating point). */
const about2 = (n: number) => is.where(`about ${n.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - n) < 0.006);

/** A figure may be read from a fresh snapshot: allow that one write. */
const freshSnapshotOk = (check: Check): Check => ({
  ...check,
  allows: (event: ApiEvent) => event.type === "intelligence.snapshot_created" || (check.allows?.(event) ?? false),
});

const accountName = (w: World, id: string | null) => (id ? (w.accounts.find((a) => a.id === id)?.name ?? null) : null);

/** Contacts whose full name another contact shares. */
const sharedName = (w: World, c: Contact) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1;

const isEnrolled = (w: World, contactId: string) => w.enrollments.some((e) => e.contact_id === contactId && e.status === "active");

const sequenceNamed = (w: World, text: string) => pick(w.sequences, (s) => s.name.toLowerCase().includes(text.toLowerCase()), `sequence ${text}`);

const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");

const snapshotOf = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

const ACTIVE_STAGES = ["applied", "screening", "interview", "offer"];

export const CASES: Case[] = [
  /* ====================== finance: reads ====================== */

  about("finance", "read", "how many invoices are overdue right now (phone typing)", (w) => ({
    say: "hw many invoices r overdue atm? just need the number",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),

  about("finance", "read", "how much <a client with unpaid invoices in two currencies> still owes, all in", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const open = ofClient(w, c).filter(unpaid);
        return open.length >= 2 && new Set(open.map((i) => i.currency)).size >= 2;
      },
      "client owing in two currencies",
    );
    const owed = ofClient(w, client).filter(unpaid);
    return {
      say: `How much are ${client} into us for at the moment, all told? I know some of it's in different currencies so split it out if you need to.`,
      expect: [money(dueSums(owed), `amount ${client} still owes`)],
    };
  }),

  about("finance", "read", "which overdue invoices are in sterling, by number", (w) => {
    const late = w.invoices.filter(overdue);
    const gbp = late.filter((i) => i.currency === "GBP");
    return {
      say: "Of the invoices that are late, which ones are in pounds sterling? Invoice numbers please.",
      expect: [names(numbers(gbp), numbers(late.filter((i) => i.currency !== "GBP")), gbp.length)],
    };
  }),

  about("finance", "read", "has <a client with a single, overdue invoice> paid yet, and for how much", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const mine = w.invoices.filter((i) => i.client === c);
        return mine.length === 1 && overdue(mine[0]!) && mine[0]!.amount_paid === 0;
      },
      "client with a single overdue invoice",
    );
    const inv = pick(w.invoices, (i) => i.client === client, "its invoice");
    return {
      say: `Has ${client} paid their invoice yet or do I need to chase them? Remind me what it was for an' all, amount wise.`,
      expect: [
        says("overdue", "past due", "late", "not been paid", "hasn't been paid", "not paid", "unpaid"),
        money({ [inv.currency]: inv.amount_due }, "amount due"),
      ],
    };
  }),

  about("finance", "read", "which invoices are part-paid with money still owing", (w) => {
    const open = w.invoices.filter(unpaid);
    const part = open.filter((i) => i.amount_paid > 0);
    return {
      say: "Which invoices have we had a bit of money in on but not the lot? Give me the invoice numbers and who they're for.",
      expect: [names(numbers(part), numbers(open.filter((i) => i.amount_paid === 0)), part.length)],
    };
  }),

  about("finance", "read", "what falls due in the next fortnight", (w) => {
    const t = today(w);
    const issued = w.invoices.filter((i) => i.status === "open");
    const soon = issued.filter((i) => i.due_date >= t && i.due_date <= addDays(t, 13));
    const later = issued.filter((i) => i.due_date > addDays(t, 15));
    return {
      say: "what invoices have we got falling due over the next fortnight? numbers and clients ta",
      expect: [names(numbers(soon), numbers(later), soon.length)],
    };
  }),

  /* ====================== finance: writes ====================== */

  about("finance", "write", "<client> has paid <their only unpaid invoice> in full, mark it paid", (w) => {
    const client = clientWithUnpaid(w, 1, (i) => overdue(i) && i.amount_paid === 0);
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "its unpaid invoice");
    return {
      say: `Good news, ${client} have finally coughed up. ${shortNumber(inv)} paid in full, landed in the bank this morning. Can you mark it off as paid?`,
      expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
    };
  }),

  about("finance", "write", "the lad from <client> sent 5k dollars against <a part-paid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.currency === "USD" && i.amount_paid > 0 && i.amount_due > 5000, "part-paid USD invoice owing over 5000");
    return {
      say: `The lad from ${shortName(inv.client)} rang, they've sent another $5,000 over against ${inv.number}. Rest to follow end of the month apparently. Can you put that payment on?`,
      expect: [changed("invoice", inv.id, { amount_paid: about2(inv.amount_paid + 5000), amount_due: about2(inv.amount_due - 5000) }, inv.number)],
    };
  }),

  about("finance", "write", "raise a 2,400 euro invoice to <an account with a UK domain> due end of next month", (w) => {
    const acc = pick(w.accounts, (a) => (a.domain ?? "").endsWith(".co.uk") || a.country === "GB", "UK account");
    const due = month(w, 1)[1];
    return {
      say: `Can you raise an invoice to ${acc.name} for €2,400 please, that's for the bits and bobs we shipped them last week. Due end of next month.`,
      expect: [created("invoice", { client: is.containing(acc.name.split(" ")[0]!), amount: 2400, currency: "EUR", due_date: due })],
    };
  }),

  about("finance", "write", "push the due date of <an open invoice> back to the 20th, written d/m", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    const [y, m] = inv.due_date.split("-").map(Number) as [number, number];
    const target = new Date(Date.UTC(y, m, 20)); // the 20th of the month after the current due date
    const iso = target.toISOString().slice(0, 10);
    return {
      say: `${shortName(inv.client)} have asked for a bit more time on ${shortNumber(inv)}, I've said that's fine. Push the due date back to 20/${target.getUTCMonth() + 1} would you.`,
      expect: [changed("invoice", inv.id, { due_date: iso }, inv.number)],
    };
  }),

  about("finance", "write", "<client> cancelled the order: scrap <their open invoice> (waits for approval)", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "open" && w.invoices.filter((o) => o.client === i.client && unpaid(o)).length === 1,
      "client whose only unpaid invoice is open",
    );
    return {
      say: `${inv.client} have pulled the order so ${inv.number} needs cancelling, void it please. Nothing's been paid on it.`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ====================== finance: must not act ====================== */

  about("finance", "question", "mark 'the' invoice of <a client with several unpaid ones> paid", (w) => {
    const client = pick(clientNames(w), (c) => ofClient(w, c).filter(unpaid).length >= 3, "client with three or more unpaid invoices");
    return {
      say: `${shortName(client)} have paid, mark their invoice as paid cheers`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("finance", "question", "do an invoice for <a client> with no amount or date", (w) => {
    const client = pick(clientNames(w), (c) => ofClient(w, c).some((i) => i.status === "paid"), "client we have billed before");
    return {
      say: `Need an invoice doing for ${client}, can you sort that for me`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ====================== growth: reads ====================== */

  about("growth", "read", "how many contacts we hold at <an account with several>", (w) => {
    const acc = pick(w.accounts, (a) => contactsOf(w, a.id).length >= 3, "account with three or more contacts");
    return {
      say: `How many contacts have we got over at ${acc.name}?`,
      expect: [count(contactsOf(w, acc.id).length, `contacts at ${acc.name}`)],
    };
  }),

  about("growth", "read", "who is the CFO at <an account>, and their email", (w) => {
    const cfo = pick(
      w.contacts,
      (c) =>
        (c.title ?? "").toLowerCase() === "chief financial officer" &&
        c.account_id !== null &&
        contactsOf(w, c.account_id).filter((o) => o.title === c.title).length === 1,
      "CFO contact",
    );
    const acc = accountName(w, cfo.account_id)!;
    return {
      say: `Who's the finance bod at ${acc}? The CFO I mean. And what's their email, I want to chase something.`,
      expect: [names([fullName(cfo)]), says(cfo.email)],
    };
  }),

  about("growth", "read", "which deals are sat in negotiation", (w) => {
    const neg = openDeals(w).filter((d) => stageOf(w, d).name.toLowerCase() === "negotiation");
    const wanted = [...new Set(neg.map((d) => accountName(w, d.account_id)).filter((n): n is string => !!n))];
    const others = [
      ...new Set(
        openDeals(w)
          .filter((d) => d.account_id && !neg.some((n) => n.account_id === d.account_id))
          .map((d) => accountName(w, d.account_id)!)
          .filter(Boolean),
      ),
    ];
    return {
      say: "Which deals have we got sat in negotiation at the moment?",
      expect: [names(wanted, others, wanted.length)],
    };
  }),

  about("growth", "read", "where is <an account>'s <deal topic> at, and when should it close", (w) => {
    const deal = pick(
      openDeals(w),
      (d) =>
        d.account_id !== null &&
        d.expected_close_date !== null &&
        dealsOf(w, d.account_id).length > 1 &&
        dealsOf(w, d.account_id).filter((o) => dealTopic(o) === dealTopic(d)).length === 1,
      "open deal of an account with other deals",
    );
    return {
      say: `Where are we at with the ${accountName(w, deal.account_id)} ${dealTopic(deal).toLowerCase()} deal? What stage is it in and when's it meant to be closing?`,
      expect: [says(stageOf(w, deal).name), date(deal.expected_close_date!, "expected close date")],
    };
  }),

  about("growth", "read", "who is on the new-lead follow-up sequence right now", (w) => {
    const seq = sequenceNamed(w, "follow");
    const on = enrolledContacts(w, seq.id);
    const onNames = on.map(fullName);
    const off = w.contacts.filter((c) => !onNames.includes(fullName(c))).map(fullName);
    return {
      say: `who's on the ${seq.name.toLowerCase()} emails at the minute`,
      expect: [names(onNames, off, onNames.length)],
    };
  }),

  about("growth", "read", "which deals are due to close before Christmas, and how many", (w) => {
    const xmas = christmas(w);
    const open = openDeals(w).filter((d) => d.expected_close_date !== null);
    const before = open.filter((d) => d.expected_close_date! < xmas);
    const after = open.filter((d) => d.expected_close_date! > xmas);
    const wanted = [...new Set(before.map((d) => accountName(w, d.account_id)).filter((n): n is string => !!n))];
    const others = [
      ...new Set(
        after
          .filter((d) => !before.some((b) => b.account_id === d.account_id))
          .map((d) => accountName(w, d.account_id))
          .filter((n): n is string => !!n),
      ),
    ];
    return {
      say: "Anything in the pipeline that's meant to close before Christmas? How many deals is that and who with?",
      expect: [count(before.length, "open deals closing before Christmas"), names(wanted, others, wanted.length)],
    };
  }),

  /* ====================== growth: writes ====================== */

  about("growth", "write", "move <an account>'s <deal in Proposal> on to Negotiation", (w) => {
    const deal = openDealIn(w, ["Proposal"]);
    const neg = pick(stages(w), (s) => s.name.toLowerCase() === "negotiation", "Negotiation stage");
    return {
      say: `${accountName(w, deal.account_id)} came back keen on the ${dealTopic(deal).toLowerCase()}, we're haggling over price now. Move that deal on to negotiation please.`,
      expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)],
    };
  }),

  about("growth", "write", "<an account> has signed: mark their only deal won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    return {
      say: `Get in!! ${account} have signed on the dotted line. Mark their deal as won`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),

  about("growth", "write", "add a new contact at <a UK account> with a mobile number", (w) => {
    const acc = pick(w.accounts, (a) => !!a.domain && ((a.domain ?? "").endsWith(".co.uk") || a.country === "GB"), "UK account with a domain");
    const email = `priya.patel@${acc.domain}`;
    return {
      say: `Add a new contact for me please: Priya Patel, she's the new head of operations at ${acc.name}. Email ${email}, mobile 07700 900123.`,
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Patel"),
          email,
          account_id: acc.id,
          phone: is.where("the number 07700 900123 in any layout", (v: string | null) => typeof v === "string" && v.replace(/\D/g, "").endsWith("7700900123")),
        }),
      ],
    };
  }),

  about("growth", "write", "enrol <a contact whose name is shared, named with their company> in the follow-up sequence", (w) => {
    const seq = sequenceNamed(w, "follow");
    const c = pick(w.contacts, (x) => x.account_id !== null && sharedName(w, x) && !isEnrolled(w, x.id), "unenrolled contact with a shared name");
    return {
      say: `Stick ${fullName(c)} from ${accountName(w, c.account_id)} on the ${seq.name.toLowerCase()} sequence would you`,
      expect: [enrolled(seq.id, c.id, `${fullName(c)} (${accountName(w, c.account_id)})`)],
    };
  }),

  about("growth", "write", "dictated: take <an enrolled contact at an account> off the follow-up emails", (w) => {
    const seq = sequenceNamed(w, "follow");
    const c = pick(
      enrolledContacts(w, seq.id),
      (x) => x.account_id !== null && contactsOf(w, x.account_id).filter((o) => o.first_name === x.first_name).length === 1 && sharedName(w, x),
      "enrolled contact named by first name and company",
    );
    return {
      say: `right can you take ${c.first_name} at ${accountName(w, c.account_id)} off the ${seq.name.toLowerCase()} emails they've asked us to stop contacting them full stop`,
      expect: [unenrolled(seq.id, c.id, `${fullName(c)} (${accountName(w, c.account_id)})`)],
    };
  }),

  about("growth", "write", "new GBP deal for <an account>: a restock order, 12k, closing end of January", (w) => {
    const acc = pick(w.accounts, (a) => dealsOf(w, a.id).some((d) => d.status === "won"), "account we have won a deal with");
    return {
      say: `New deal for ${acc.name} — a restock order, £12k, should close end of January all being well.`,
      expect: [
        created("deal", {
          account_id: acc.id,
          name: is.containing("restock"),
          amount: 12000,
          currency: "GBP",
          expected_close_date: endOfNamedMonth(w, 1),
        }),
      ],
    };
  }),

  /* ====================== growth: must not act ====================== */

  about("growth", "question", "mark 'the' deal of <an account with two open deals> won", (w) => {
    const acc = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with two open deals");
    return {
      say: `${acc.name} have said yes! mark the deal as won`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("growth", "question", "enrol <a name two contacts share>, company not given", (w) => {
    const seq = sequenceNamed(w, "follow");
    const shared = w.contacts.filter((c) => sharedName(w, c) && w.contacts.filter((o) => fullName(o) === fullName(c)).every((o) => !isEnrolled(w, o.id)));
    const firstPickName = shared[0] ? fullName(shared[0]) : "";
    const c = pick(shared, (x) => fullName(x) !== firstPickName, "a second shared name nobody enrolled");
    return {
      say: `pop ${fullName(c)} on the ${seq.name.toLowerCase()} sequence`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("growth", "question", "change the value on <an account>'s deal, no figure given", (w) => {
    const single = w.accounts.filter((a) => dealsOf(w, a.id).length === 1 && dealsOf(w, a.id)[0]!.status === "open");
    if (!single.length) throw new Error("no account with a single, open deal");
    const account = single[single.length - 1]!.name;
    return {
      say: `Can you update the value on the ${account} deal, they've changed the order size`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ====================== talent: reads ====================== */

  about("talent", "read", "how many have applied for <the backend job> altogether", (w) => {
    const job = jobNamed(w, "backend");
    return {
      say: `How many people have applied for the ${job.title.toLowerCase()} job altogether?`,
      expect: [count(candidatesOf(w, job.id).length, `candidates for ${job.title}`)],
    };
  }),

  about("talent", "read", "who is sat at offer stage", (w) => {
    const offer = w.candidates.filter((c) => c.stage === "offer");
    return {
      say: "who've we got sat at offer stage across all the jobs?",
      expect: [names(personNames(offer), personNames(w.candidates.filter((c) => c.stage !== "offer")), offer.length)],
    };
  }),

  about("talent", "read", "what stage is <a candidate at interview> at", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "interview", "candidate at interview");
    return {
      say: `Quick one, what stage is ${fullName(c)} at?`,
      expect: [says(c.stage)],
    };
  }),

  about("talent", "read", "who have we turned down for <the account executive job>", (w) => {
    const job = jobNamed(w, "account executive");
    const mine = candidatesOf(w, job.id);
    const turned = mine.filter((c) => c.stage === "rejected");
    return {
      say: `Who've we turned down for the ${job.title} role so far?`,
      expect: [names(personNames(turned), personNames(mine.filter((c) => c.stage !== "rejected")), turned.length)],
    };
  }),

  /* ====================== talent: writes ====================== */

  about("talent", "write", "<a candidate at screening> was a no-show: reject", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening", "candidate at screening");
    return {
      say: `${fullName(c)} was a no-show for the screening call, twice. Reject them please, not wasting any more time.`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),

  about("talent", "write", "<a candidate at offer> accepted: mark hired", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "offer", "candidate at offer");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "their job");
    return {
      say: `${c.first_name} ${c.last_name} has accepted the offer for the ${job.title.toLowerCase()} job, brilliant news. Mark them as hired.`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),

  about("talent", "write", "add a referred candidate to <the designer job>", (w) => {
    const job = jobNamed(w, "designer");
    return {
      say: `Got a new one for the ${job.title.toLowerCase()} role: Chloe Barnes, chloe.barnes@gmail.com. Came through a referral from a mate of mine. Can you add her?`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Chloe"),
          last_name: is.text("Barnes"),
          email: "chloe.barnes@gmail.com",
          source: is.containing("referr"),
        }),
      ],
    };
  }),

  ask("talent", "write", "Need to get a job up for a warehouse operative, part time, based at the Leeds depot. Can you set that up?", () => [
    created("job", { title: is.containing("warehouse"), employment_type: "part_time", location: is.containing("Leeds") }),
  ]),

  /* ====================== talent: must not act ====================== */

  about("talent", "question", "dictated: bin off 'the linkedin applicant' when several came from LinkedIn", (w) => {
    const fromLinkedin = w.candidates.filter((c) => (c.source ?? "").toLowerCase() === "linkedin" && ACTIVE_STAGES.includes(c.stage));
    if (fromLinkedin.length < 2) throw new Error("fewer than two active LinkedIn candidates");
    return {
      say: "can you bin off the linkedin applicant we're not taking them forward",
      expect: [noChange(), asksBack()],
    };
  }),

  /* ====================== intelligence: key figures ====================== */

  about("intelligence", "figure", "our win rate over the last 90 days", (w) => ({
    say: "What's our win rate looking like over the last 90 days?",
    expect: [figure(snapshotOf(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),

  about("intelligence", "figure", "what the open pipeline is worth, unweighted", (w) => {
    const open = openDeals(w).filter((d): d is Deal & { amount: number } => d.amount !== null);
    return {
      say: "What's the pipeline worth at the moment? Just the straight total of the open deals, not the weighted figure.",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open pipeline value",
        ),
      ],
    };
  }),

  about("intelligence", "figure", "how much we're owed in total, per currency", (w) => ({
    say: "How much are we owed in total across the board? Split by currency, cheers.",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding receivables")],
  })),

  about("intelligence", "figure", "debtor days on the sterling side", (w) => {
    const gbp = pick(snapshotOf(w).finance.currencies, (c) => c.currency === "GBP", "GBP in the snapshot");
    return {
      say: "What are our debtor days (DSO) on the sterling invoices?",
      expect: [figure(gbp.days_sales_outstanding, "GBP days sales outstanding")],
    };
  }),

  about("intelligence", "figure", "how many candidates are still live across the open jobs", (w) => {
    const openJobs = w.jobs.filter((j) => j.status === "open").map((j) => j.id);
    const live = w.candidates.filter((c) => openJobs.includes(c.job_id) && ACTIVE_STAGES.includes(c.stage));
    return {
      say: "How many candidates have we got live across all the open jobs? Not counting anyone we've hired or rejected.",
      expect: [freshSnapshotOk(count(live.length, "candidates still in progress"))],
    };
  }),
];
