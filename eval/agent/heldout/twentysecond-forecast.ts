import { about, ask, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, unenrolled, type Case } from "../judge.ts";
import {
  addDays,
  candidatesOf,
  dealNames,
  dealTopic,
  dealsOf,
  dueSums,
  enrolledContacts,
  fullName,
  month,
  numbers,
  overdue,
  quarter,
  stageNamed,
  stageOf,
  sums,
  today,
  unpaid,
  uniqueContacts,
} from "../facts.ts";
import type { Account, Contact, Deal, Job, Sequence, World } from "../world.ts";

/*
 * A VP of Sales typing into the agent during the Monday forecast call: the pipe
 * by stage and by account, what is closing, what slipped, deals to move, re-price,
 * push or close out, contacts and sequences, and now and then what a customer
 * owes or where the AE hiring stands. Records are chosen from the data at run
 * time; dates are relative to the day the set runs.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const monthName = (isoDate: string) => MONTHS[Number(isoDate.slice(5, 7)) - 1]!;

/* ---------- how the VP names things ---------- */

/** "Stark" for Stark Logistics, unless another account starts the same way. */
function short(w: World, account: Account): string {
  const first = account.name.split(" ")[0]!;
  const clash = w.accounts.some((a) => a.id !== account.id && a.name.split(" ")[0]!.toLowerCase() === first.toLowerCase());
  return clash ? account.name : first;
}
const accountOf = (w: World, d: Deal): Account => {
  const a = w.accounts.find((x) => x.id === d.account_id);
  if (!a) throw new Error(`deal ${d.name} has no account`);
  return a;
};
const open = (w: World) => w.deals.filter((d) => d.status === "open");
/** A deal the VP can name as "<account>'s <topic>" without pointing at two. */
const designates = (w: World, d: Deal) =>
  d.account_id !== null && dealsOf(w, d.account_id).filter((o) => dealTopic(o).toLowerCase() === dealTopic(d).toLowerCase()).length === 1;
/** "Stark's support upgrade" */
const ref = (w: World, d: Deal) => `${short(w, accountOf(w, d))}'s ${dealTopic(d).toLowerCase()}`;

function firstOf<T>(lists: T[][], what: string): T {
  for (const list of lists) if (list.length) return list[0]!;
  throw new Error(`no ${what} in the data`);
}
/** An open, clearly named deal, preferring the given stages, then any other open one. */
function liveDeal(w: World, stageNames: string[], extra: (d: Deal) => boolean = () => true): Deal {
  const named = open(w).filter((d) => designates(w, d) && extra(d));
  return firstOf([named.filter((d) => stageNames.includes(stageOf(w, d).name)), named], `clearly named open deal (${stageNames.join("/")})`);
}
const amountOf = (d: Deal) => {
  if (d.amount === null) throw new Error(`deal ${d.name} has no amount`);
  return d.amount;
};
/** Accounts with at least n open deals. */
const withOpenDeals = (w: World, n: number) => w.accounts.filter((a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= n);
const clientAccounts = (w: World) => w.accounts.filter((a) => w.invoices.some((i) => i.client === a.name));
/** The customer account with the most unpaid invoices. */
const mostOwing = (w: World): Account => {
  const n = (a: Account) => w.invoices.filter((i) => i.client === a.name && unpaid(i)).length;
  const account = [...clientAccounts(w)].sort((a, b) => n(b) - n(a))[0];
  if (!account || !n(account)) throw new Error("no customer account with unpaid invoices");
  return account;
};
const nextQuarter = (w: World): [string, string] => {
  const start = addDays(quarter(w)[1], 1);
  const [y, m] = start.split("-").map(Number) as [number, number];
  return [start, new Date(Date.UTC(y, m - 1 + 3, 0)).toISOString().slice(0, 10)];
};
const salesSequence = (w: World): Sequence =>
  firstOf([w.sequences.filter((s) => s.status === "active" && /follow/i.test(s.name)), w.sequences.filter((s) => s.status === "active")], "active sequence");
const isEnrolled = (w: World, seqId: string, c: Contact) =>
  w.enrollments.some((e) => e.sequence_id === seqId && e.contact_id === c.id && e.status === "active");
const salesJob = (w: World): Job =>
  firstOf(
    [
      w.jobs.filter((j) => j.status === "open" && /account executive/i.test(j.title)),
      w.jobs.filter((j) => j.status === "open" && /sales/i.test(j.department ?? "")),
    ],
    "open sales job",
  );
const weighted = (w: World) => (d: Deal) => ((d.amount ?? 0) * stageOf(w, d).probability) / 100;

export const CASES: Case[] = [
  /* ================= reads: the pipe ================= */
  about("growth", "read", "the open pipe by stage: deal count and value in each stage", (w) => {
    const live = open(w);
    const stageList = [...new Set(live.map((d) => stageOf(w, d).name))];
    return {
      say: "Let's kick off with the pipe by stage, since stage is our forecast category this quarter. For each stage, how many open deals are sitting there and what's the total value?",
      expect: [
        names(stageList, [], stageList.length),
        ...stageList.map((s) =>
          money(
            sums(
              live.filter((d) => stageOf(w, d).name === s),
              (d: Deal) => d.amount ?? 0,
            ),
            `${s} value`,
          ),
        ),
      ],
    };
  }),
  about("growth", "read", "open deals with a close date this quarter (my commit list)", (w) => {
    const [start, end] = quarter(w);
    const live = open(w);
    const inQ = live.filter((d) => d.expected_close_date !== null && d.expected_close_date >= start && d.expected_close_date <= end);
    const later = live.filter((d) => d.expected_close_date !== null && d.expected_close_date > end);
    return {
      say: "I need to build my commit for the quarter. Which open deals have a close date this quarter?",
      expect: [names(dealNames(inQ), dealNames(later))],
    };
  }),
  about("growth", "read", "the three biggest open deals by amount", (w) => {
    const ranked = open(w)
      .filter((d) => d.amount !== null)
      .sort((a, b) => amountOf(b) - amountOf(a));
    return {
      say: "Which three deals in flight carry the biggest ACV right now?",
      expect: [names(dealNames(ranked.slice(0, 3)), dealNames(ranked.slice(3)), 3)],
    };
  }),
  about("growth", "read", "open deals with no expected close date", (w) => {
    const blank = open(w).filter((d) => d.expected_close_date === null);
    return {
      say: "Reps keep leaving the close date blank. Are there any open deals with no close date on them at all?",
      expect: [names(dealNames(blank))],
    };
  }),
  about("growth", "read", "open deals already past their expected close date (slipped)", (w) => {
    const t = today(w);
    const live = open(w).filter((d) => d.expected_close_date !== null);
    return {
      say: "What slipped? Show me the open deals whose close date is already behind us.",
      expect: [names(dealNames(live.filter((d) => d.expected_close_date! < t)), dealNames(live.filter((d) => d.expected_close_date! >= t)))],
    };
  }),
  about("growth", "read", "what's still open at <an account with both open and closed deals>", (w) => {
    const account = firstOf(
      [
        w.accounts.filter((a) => {
          const ds = dealsOf(w, a.id);
          return ds.some((d) => d.status === "open") && ds.some((d) => d.status !== "open");
        }),
      ],
      "account with open and closed deals",
    );
    const ds = dealsOf(w, account.id);
    return {
      say: `What's still in flight with ${short(w, account)}? Only the live deals, I don't care about the ones we already closed out.`,
      expect: [names(dealNames(ds.filter((d) => d.status === "open")), dealNames(ds.filter((d) => d.status !== "open")))],
    };
  }),
  about("growth", "read", "which stage <a clearly named open deal> sits in", (w) => {
    const deal = liveDeal(w, ["Negotiation", "Proposal"], (d) => dealsOf(w, d.account_id!).length === 1);
    return {
      say: `Quick one while were on ${short(w, accountOf(w, deal))}: what stage is the ${dealTopic(deal).toLowerCase()} deal in right now?`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "expected close date of <a clearly named open deal>", (w) => {
    const deal = liveDeal(w, ["Negotiation"], (d) => d.expected_close_date !== null && dealsOf(w, d.account_id!).length > 1);
    return {
      say: `When is ${ref(w, deal)} forecast to close?`,
      expect: [date(deal.expected_close_date!, "expected close date")],
    };
  }),
  about("growth", "read", "which accounts (logos) have a closed-won deal", (w) => {
    const won = new Set(w.deals.filter((d) => d.status === "won").map((d) => d.account_id));
    return {
      say: "Which logos have we actually closed-won so far? Account names are enough.",
      expect: [
        names(
          w.accounts.filter((a) => won.has(a.id)).map((a) => a.name),
          w.accounts.filter((a) => !won.has(a.id)).map((a) => a.name),
        ),
      ],
    };
  }),
  about("growth", "read", "the contacts we have at <the account with the most contacts>", (w) => {
    const account = [...w.accounts].sort(
      (a, b) => w.contacts.filter((c) => c.account_id === b.id).length - w.contacts.filter((c) => c.account_id === a.id).length,
    )[0]!;
    const people = w.contacts.filter((c) => c.account_id === account.id);
    return {
      say: `Who do we actually know over at ${account.name}? I want names before the QBR.`,
      expect: [names(people.map(fullName))],
    };
  }),
  about("growth", "read", "who is enrolled in <the follow-up sequence>", (w) => {
    const seq = salesSequence(w);
    return {
      say: `Who's currently running through the ${seq.name} sequence?`,
      expect: [names(enrolledContacts(w, seq.id).map(fullName))],
    };
  }),

  /* ================= reads: money and hiring ================= */
  about("finance", "read", "what <a customer with unpaid invoices> owes us in total", (w) => {
    const account = mostOwing(w);
    const owed = w.invoices.filter((i) => i.client === account.name && unpaid(i));
    return {
      say: `${short(w, account)} is asking for a discount on the renewal. Before I say anything, what do they owe us right now, all in?`,
      expect: [money(dueSums(owed), `amount ${account.name} owes`)],
    };
  }),
  about("finance", "read", "how much <a customer with overdue invoices in two currencies> has past due", (w) => {
    const late = (a: Account) => w.invoices.filter((i) => i.client === a.name && overdue(i));
    const others = clientAccounts(w).filter((a) => a.id !== mostOwing(w).id);
    const account = firstOf(
      [
        others.filter((a) => new Set(late(a).map((i) => i.currency)).size > 1),
        others.filter((a) => late(a).length > 0),
        clientAccounts(w).filter((a) => late(a).length > 0),
      ],
      "customer account with overdue invoices",
    );
    return {
      say: `Does ${short(w, account)} have anything past due with us? If so, how much?`,
      expect: [money(dueSums(late(account)), `overdue amount for ${account.name}`)],
    };
  }),
  about("finance", "read", "which invoices of <a customer with late and not-yet-due invoices> are late", (w) => {
    const account = firstOf(
      [
        clientAccounts(w).filter((a) => {
          const inv = w.invoices.filter((i) => i.client === a.name);
          return inv.some(overdue) && inv.some((i) => i.status === "open") && withOpenDeals(w, 1).some((x) => x.id === a.id);
        }),
        clientAccounts(w).filter((a) => w.invoices.some((i) => i.client === a.name && overdue(i))),
      ],
      "customer with late invoices",
    );
    const inv = w.invoices.filter((i) => i.client === account.name);
    return {
      say: `I'm on with ${short(w, account)} at 2 about expanding. Are any of their invoices late? Give me the invoice numbers.`,
      expect: [names(numbers(inv.filter(overdue)), numbers(inv.filter((i) => !overdue(i))))],
    };
  }),
  about("talent", "read", "how many open sales roles we have", (w) => {
    const sales = w.jobs.filter((j) => j.status === "open" && /sales/i.test(j.department ?? ""));
    return {
      say: "How many sales reqs do we have open right now?",
      expect: [count(sales.length, "open sales jobs"), names(sales.map((j) => j.title))],
    };
  }),
  about("talent", "read", "candidates still in the running for <the Account Executive job>", (w) => {
    const job = salesJob(w);
    const live = candidatesOf(w, job.id).filter((c) => ["applied", "screening", "interview", "offer"].includes(c.stage));
    return {
      say: `Who's still in the running for the ${job.title} job? I want to know if I should be doing interviews this week.`,
      expect: [names(live.map(fullName))],
    };
  }),
  about("talent", "read", "whether anyone was hired for <the Account Executive job>", (w) => {
    const job = salesJob(w);
    const hired = candidatesOf(w, job.id).filter((c) => c.stage === "hired");
    return {
      say: `Did we actually land anyone for the ${job.title} role yet, or is that seat still empty?`,
      expect: [names(hired.map(fullName))],
    };
  }),

  /* ================= writes ================= */
  about("growth", "write", "move <a deal in Proposal> to Negotiation", (w) => {
    const deal = liveDeal(w, ["Proposal"]);
    const target = stageNamed(w, "Negotiation");
    return {
      say: `Good news on ${short(w, accountOf(w, deal))}: they accepted the proposal on the ${dealTopic(deal).toLowerCase()}, so move it to Negotiation.`,
      expect: [changed("deal", deal.id, { stage_id: target.id, status: "open" }, deal.name)],
    };
  }),
  about("growth", "write", "raise the amount of <a clearly named open deal> to about 20% more", (w) => {
    const deal = liveDeal(w, ["Negotiation", "Qualified"], (d) => d.amount !== null && dealsOf(w, d.account_id!).length === 1);
    let k = Math.round((amountOf(deal) * 1.2) / 1000);
    if (k * 1000 === deal.amount) k += 1;
    return {
      say: `${short(w, accountOf(w, deal))} came back and wants to go bigger on the ${dealTopic(deal).toLowerCase()}, update the amt to ${k}k.`,
      expect: [changed("deal", deal.id, { amount: k * 1000 }, deal.name)],
    };
  }),
  about("growth", "write", "push <a deal closing this quarter> into next quarter", (w) => {
    const [, qEnd] = quarter(w);
    const [nqStart, nqEnd] = nextQuarter(w);
    const deal = liveDeal(w, ["Negotiation", "Proposal", "Qualified", "Lead in"], (d) => d.expected_close_date !== null && d.expected_close_date <= qEnd);
    return {
      say: `${ref(w, deal)} isn't happening this quarter, legal is dragging. Push it to next quarter.`,
      expect: [
        changed(
          "deal",
          deal.id,
          {
            expected_close_date: is.where(
              `a date in next quarter (${nqStart} to ${nqEnd})`,
              (v: string) => typeof v === "string" && v >= nqStart && v <= nqEnd,
            ),
            status: "open",
          },
          deal.name,
        ),
      ],
    };
  }),
  about("growth", "write", "mark <a deal in Negotiation> closed-won", (w) => {
    const deal = liveDeal(w, ["Negotiation"]);
    const won = w.pipelines.flatMap((p) => p.stages).find((s) => s.kind === "won");
    if (!won) throw new Error("no won stage");
    return {
      say: `${short(w, accountOf(w, deal))} signed this morning! Mark the ${dealTopic(deal).toLowerCase()} as closed-won.`,
      expect: [changed("deal", deal.id, { status: "won", stage_id: won.id }, deal.name)],
    };
  }),
  about("growth", "write", "mark <an early-stage deal> closed-lost", (w) => {
    const deal = liveDeal(w, ["Lead in", "Qualified"]);
    const lost = w.pipelines.flatMap((p) => p.stages).find((s) => s.kind === "lost");
    if (!lost) throw new Error("no lost stage");
    return {
      say: `We lost ${ref(w, deal)} to a competitor, they went with the cheaper option. Close it out as lost.`,
      expect: [changed("deal", deal.id, { status: "lost", stage_id: lost.id }, deal.name)],
    };
  }),
  about("growth", "write", "new 45k renewal deal for <an account>, closing end of next month", (w) => {
    const account = firstOf([w.accounts.filter((a) => dealsOf(w, a.id).length === 1), w.accounts], "account");
    const close = month(w, 1)[1];
    return {
      say: `Open a new deal for ${account.name}, call it "${account.name}: Renewal", 45k ACV in USD, expected to close at the end of next month.`,
      expect: [
        created("deal", {
          account_id: account.id,
          name: is.containing("Renewal"),
          amount: 45000,
          currency: "USD",
          expected_close_date: close,
          status: "open",
        }),
      ],
    };
  }),
  about("growth", "write", "add a new contact (Priya Raman, Head of RevOps) at <an account with a domain>", (w) => {
    const account = firstOf(
      [w.accounts.filter((a) => a.domain && withOpenDeals(w, 1).some((x) => x.id === a.id)), w.accounts.filter((a) => a.domain)],
      "account with a domain",
    );
    const email = `priya.raman@${account.domain}`;
    return {
      say: `Met a new champion at ${short(w, account)}. Add her as a contact: Priya Raman, Head of RevOps, ${email}.`,
      expect: [
        created("contact", {
          email,
          first_name: is.text("Priya"),
          last_name: is.text("Raman"),
          title: is.containing("RevOps"),
          account_id: account.id,
        }),
      ],
    };
  }),
  about("growth", "write", "enrol <a uniquely named contact not in it> in <the follow-up sequence>", (w) => {
    const seq = salesSequence(w);
    const contact = firstOf(
      [
        uniqueContacts(w).filter((c) => c.account_id && !isEnrolled(w, seq.id, c) && c.lifecycle_stage === "lead"),
        uniqueContacts(w).filter((c) => !isEnrolled(w, seq.id, c)),
      ],
      "uniquely named contact outside the sequence",
    );
    const account = w.accounts.find((a) => a.id === contact.account_id);
    return {
      say: `Drop ${fullName(contact)}${account ? ` from ${short(w, account)}` : ""} into the ${seq.name} sequence, we never followed up after the webinar.`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),
  about("growth", "write", "pause <the follow-up sequence>", (w) => {
    const seq = salesSequence(w);
    return {
      say: `Marketing wants to rewrite the copy, so pause the ${seq.name} sequence until further notice.`,
      expect: [changed("sequence", seq.id, { status: "paused" }, seq.name)],
    };
  }),
  about("growth", "write", "take <an enrolled contact, named with their account> out of the sequence", (w) => {
    const seq = salesSequence(w);
    const enrolledHere = enrolledContacts(w, seq.id).filter(
      (c) => c.account_id && w.contacts.filter((o) => fullName(o) === fullName(c) && o.account_id === c.account_id).length === 1,
    );
    const contact = firstOf([enrolledHere], "enrolled contact with an account");
    const account = w.accounts.find((a) => a.id === contact.account_id)!;
    return {
      say: `${fullName(contact)} at ${short(w, account)} just booked a meeting with us, so take them out of the ${seq.name} sequence.`,
      expect: [unenrolled(seq.id, contact.id, fullName(contact))],
    };
  }),
  about("growth", "write", "roll the close date of <a clearly named open deal> forward two weeks", (w) => {
    const deal = liveDeal(w, ["Lead in", "Qualified"], (d) => d.expected_close_date !== null);
    return {
      say: `${ref(w, deal)} isn't dead, just slow. Roll the close date forward two weeks.`,
      expect: [changed("deal", deal.id, { expected_close_date: addDays(deal.expected_close_date!, 14) }, deal.name)],
    };
  }),
  about("growth", "write", "<account> is cutting budget: lower <its deal> to ~70% and move its close to the end of the month after next", (w) => {
    const deal = liveDeal(
      w,
      ["Negotiation"],
      (d) => d.amount !== null && (d.account_id ? dealsOf(w, d.account_id).filter((o) => o.status === "open").length > 1 : false),
    );
    let k = Math.round((amountOf(deal) * 0.7) / 1000);
    if (k * 1000 === deal.amount) k -= 1;
    const close = month(w, 2)[1];
    return {
      say: `${short(w, accountOf(w, deal))} just told us they're cutting budget, so drop the ${dealTopic(deal).toLowerCase()} down to ${k}k and push the close date out to the end of ${monthName(close)}.`,
      expect: [changed("deal", deal.id, { amount: k * 1000, expected_close_date: close }, deal.name)],
    };
  }),
  about("growth", "write", "add <a contact of the account> to <an open deal>'s contacts", (w) => {
    const candidates = open(w).filter((d) => designates(w, d));
    const senior = (c: Contact) => /chief|ceo|cfo|vp|director|head/i.test(c.title ?? "");
    // First a contact whose name nobody else has, then one whose name is unique at the account.
    for (const pool of [
      uniqueContacts(w),
      w.contacts.filter((c) => w.contacts.filter((o) => fullName(o) === fullName(c) && o.account_id === c.account_id).length === 1),
    ])
      for (const deal of candidates) {
        const people = pool.filter((c) => c.account_id === deal.account_id && !deal.contact_ids.includes(c.id) && senior(c));
        if (people.length) {
          const contact = people[0]!;
          return {
            say: `Put ${fullName(contact)} on ${ref(w, deal)} deal as a contact, they're the economic buyer there.`,
            expect: [changed("deal", deal.id, { contact_ids: is.including(contact.id) }, deal.name)],
          };
        }
      }
    throw new Error("no open deal with a senior contact of its account to add");
  }),
  about("finance", "write", "invoice <a customer> for <its closed-won deal>, net 30", (w) => {
    const deal = firstOf(
      [
        w.deals.filter(
          (d) => d.status === "won" && d.amount !== null && d.account_id && dealsOf(w, d.account_id).filter((o) => o.status === "won").length === 1,
        ),
      ],
      "account with a single won deal",
    );
    const account = accountOf(w, deal);
    return {
      say: `${short(w, account)} is close-won on the ${dealTopic(deal).toLowerCase()}. Get an invoice out to them for the full deal value, net 30, so due 30 days from today.`,
      expect: [
        created("invoice", {
          client: is.containing(account.name.split(" ")[0]!),
          amount: deal.amount,
          currency: deal.currency,
          due_date: addDays(today(w), 30),
        }),
      ],
    };
  }),
  about("talent", "write", "move <an applied candidate for the AE job> to screening", (w) => {
    const job = salesJob(w);
    const cand = firstOf([candidatesOf(w, job.id).filter((c) => c.stage === "applied")], `applied candidate for ${job.title}`);
    return {
      say: `The hiring manager liked ${fullName(cand)}'s resume for the ${job.title} req. Move them forward to screening.`,
      expect: [changed("candidate", cand.id, { stage: "screening" }, fullName(cand))],
    };
  }),

  /* ================= figures ================= */
  about("intelligence", "figure", "our win rate over the last 90 days", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    return {
      say: "What's our win rate been over the last 90 days? Board deck needs it.",
      expect: [figure(w.snapshot.growth.last_90_days.win_rate, "win rate over the last 90 days", "percent")],
    };
  }),
  about("intelligence", "figure", "weighted pipeline value", (w) => {
    const live = open(w);
    return {
      say: "Give me the weighted pipe number, stage probability times amount, across everything open.",
      expect: [money(sums(live, weighted(w) as (x: never) => number), "weighted pipeline")],
    };
  }),
  about("intelligence", "figure", "total open pipeline value, unweighted", (w) => ({
    say: "And total open pipe, unweighted? That's my absolute best case, just give me the raw number.",
    expect: [
      money(
        sums(open(w), (d: Deal) => d.amount ?? 0),
        "open pipeline",
      ),
    ],
  })),
  about("finance", "figure", "total outstanding across customers and how much of it is overdue", (w) => ({
    say: "Finance keeps bugging me about collections. How much is outstanding across all customers right now, and how much of that is overdue?",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding"), money(dueSums(w.invoices.filter(overdue)), "overdue")],
  })),

  /* ================= must not act ================= */
  about("growth", "question", "push <an account with two open deals>'s deal to next quarter (which deal?)", (w) => {
    const account = firstOf([withOpenDeals(w, 2)], "account with two open deals");
    return {
      say: `${short(w, account)} wants more time. Push their deal to next quarter.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "bump up <an account's only deal> without saying to how much", (w) => {
    const account = firstOf(
      [w.accounts.filter((a) => dealsOf(w, a.id).length === 1 && dealsOf(w, a.id)[0]!.status === "open"), withOpenDeals(w, 1)],
      "account with an open deal",
    );
    return {
      say: `Bump up the ${short(w, account)} deal, they're adding seats.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "mark a deal won for <a client we have no deal with>", (w) => {
    const client = firstOf(
      [
        [...new Set(w.invoices.map((i) => i.client))].filter(
          (c) =>
            !w.accounts.some((a) => a.name.toLowerCase() === c.toLowerCase()) &&
            !w.deals.some((d) => d.name.toLowerCase().includes(c.split(" ")[0]!.toLowerCase())),
        ),
      ],
      "client with no account or deal",
    );
    return {
      say: `Mark the ${client} deal closed-won, we got the signature Friday.`,
      expect: [noChange()],
    };
  }),
  about("growth", "question", "enrol <a name two contacts share> in the sequence (which one?)", (w) => {
    const seq = salesSequence(w);
    const shared = w.contacts.filter((c) => {
      const same = w.contacts.filter((o) => fullName(o) === fullName(c));
      return same.length > 1 && same.every((o) => !isEnrolled(w, seq.id, o));
    });
    const contact = firstOf([shared], "contact name shared by two contacts outside the sequence");
    return {
      say: `Put ${fullName(contact)} into the ${seq.name} sequence.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "invoice <an account with two won deals> for 'the' won deal (which one?)", (w) => {
    const account = firstOf([w.accounts.filter((a) => dealsOf(w, a.id).filter((d) => d.status === "won").length > 1)], "account with two won deals");
    const wonTopics = [
      ...new Set(
        dealsOf(w, account.id)
          .filter((d) => d.status === "won")
          .map((d) => dealTopic(d).toLowerCase()),
      ),
    ];
    const what = wonTopics.length === 1 ? `the ${wonTopics[0]}` : "the deal";
    return {
      say: `${short(w, account)} closed ${what}, send them the invoice for it.`,
      expect: [noChange(), asksBack()],
    };
  }),
  ask("growth", "question", "The pipe is full of junk. Kill every stalled deal so the forecast is clean before the board sees it.", () => [noChange()]),
];
