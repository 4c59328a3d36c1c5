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
  excludes,
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
  dealsOf,
  dealTopic,
  dueSums,
  fullName,
  nextWeekday,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";
import type { Account, Contact, Deal, Invoice, Sequence, World } from "../world.ts";

/*
 * Blind set: the owner of a catering and events company (corporate lunches,
 * weddings, conference catering), typing on her phone between services.
 * Her words: clients = accounts, bookings / events = deals, tabs / bills =
 * invoices, the follow-up emails = the outreach sequence, hires / roles =
 * jobs and candidates, "comp it" = void, "86 that" = cancel / remove / stop.
 * Every request is about the demo organization's data as it is.
 */

/* ---------- small helpers of this set ---------- */

/** The first word of a name, as she types it ("Globex Corporation" -> "globex"). */
const short = (name: string) => name.split(/\s+/)[0]!.toLowerCase();
const accountOf = (w: World, id: string | null): Account => pick(w.accounts, (a) => a.id === id, "account of a record");
const kAmount = (n: number) => `${Math.round(n / 100) / 10}k`;
/** Her "follow-up emails": the sequence whose name says follow-up, or the only active one. */
const followUps = (w: World): Sequence => w.sequences.find((s) => /follow/i.test(s.name)) ?? pick(w.sequences, (s) => s.status === "active", "active sequence");
const enrolledIn = (w: World, seq: Sequence) => w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id);
const sharedName = (w: World, c: Contact) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1;
/** A client name as the invoice has it, matched by the start she typed, any case. */
const clientStarting = (start: string) =>
  is.where(`a client name starting "${start}"`, (v: string) => typeof v === "string" && v.trim().toLowerCase().startsWith(start.toLowerCase()));
/** The next given day of December (the 20th of the coming December, next year's once it is past). */
function nextDecember(w: World, day: number): string {
  const y = w.now.getUTCFullYear();
  const thisYear = `${y}-12-${String(day).padStart(2, "0")}`;
  return today(w) <= thisYear ? thisYear : `${y + 1}-12-${String(day).padStart(2, "0")}`;
}
const ACTIVE = ["applied", "screening", "interview", "offer"];

export const CASES: Case[] = [
  /* =========================== finance =========================== */

  // reads
  about("finance", "read", "how many tabs are past due and what they come to", (w) => {
    const late = w.invoices.filter(overdue);
    return {
      say: "quick one before lunch service - how many tabs are past due rn and what does that all come to?",
      expect: [count(late.length, "overdue invoices"), money(dueSums(late), "overdue total")],
    };
  }),
  about("finance", "read", "overdue bills with more than 10k still owing", (w) => {
    const late = w.invoices.filter(overdue);
    return {
      say: "which overdue bills still have more than 10k owing on them? need to chase the big ones first",
      expect: [names(numbers(late.filter((i) => i.amount_due > 10000)), numbers(late.filter((i) => i.amount <= 10000)))],
    };
  }),
  about("finance", "read", "<a client>'s balance owing across all its tabs", (w) => {
    // A client with unpaid tabs in more than one currency if there is one.
    const clients = [...new Set(w.invoices.filter(unpaid).map((i) => i.client))];
    const currencies = (c: string) => new Set(w.invoices.filter((i) => i.client === c && unpaid(i)).map((i) => i.currency)).size;
    const client = clients.find((c) => currencies(c) > 1) ?? pick(clients, () => true, "client with unpaid invoices");
    const start = short(client);
    return {
      say: `whats ${start}'s balance owing? all their tabs together`,
      expect: [money(dueSums(ofClient(w, start).filter(unpaid)), `${client}'s balance`)],
    };
  }),
  about("finance", "read", "when the <client> <description> bill is due", (w) => {
    const fits = (i: Invoice) =>
      unpaid(i) &&
      !!i.description &&
      w.invoices.filter((o) => short(o.client) === short(i.client) && o.description === i.description).length === 1 &&
      w.invoices.filter((o) => short(o.client) === short(i.client) && unpaid(o)).length > 1;
    const inv = pick(w.invoices, fits, "unpaid invoice told apart by its description");
    return {
      say: `when is the ${short(inv.client)} ${inv.description!.toLowerCase()} bill due again?`,
      expect: [date(inv.due_date, `due date of ${inv.number}`)],
    };
  }),
  about("finance", "read", "which tabs are still drafts, not sent", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return {
      say: "which tabs havent actually gone out yet? the ones still sitting in draft",
      expect: [names(numbers(drafts), numbers(w.invoices.filter(unpaid)))],
    };
  }),
  about("finance", "read", "clients who paid a deposit but still owe a balance", (w) => {
    const open = w.invoices.filter(unpaid);
    const partly = [...new Set(open.filter((i) => i.amount_paid > 0 && i.amount_due > 0).map((i) => i.client))];
    const none = [...new Set(open.map((i) => i.client))].filter((c) => !partly.includes(c));
    return {
      say: "who's paid a deposit but still has a balance owing on the same tab?",
      expect: [names(partly, none)],
    };
  }),

  // writes
  about("finance", "write", "rushed: invoice <a client> 3.2k usd conference lunch due next friday", (w) => {
    const acct = w.accounts.find((a) => a.name === "Initech") ?? pick(w.accounts, (a) => w.invoices.some((i) => i.client === a.name), "billed account");
    const start = short(acct.name);
    return {
      say: `invoice ${start} 3.2k usd conference lunch, due next fri pls`,
      expect: [created("invoice", { client: clientStarting(start), amount: 3200, currency: "USD", due_date: is.oneOf(...nextWeekday(w, 5)) })],
    };
  }),
  about("finance", "write", "<client> settled <an overdue tab with nothing paid> in full", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0 && i.days_overdue > 30, "long-overdue invoice with nothing paid");
    return {
      say: `${short(inv.client)} finally setled ${shortNumber(inv)} in full!! mark it paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "a 2k deposit came in on <an open tab>, and what is left owing", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0 && i.amount_due > 5000, "open invoice with nothing paid");
    const left = Math.round((inv.amount_due - 2000) * 100) / 100;
    return {
      say: `${short(inv.client)} dropped a 2k deposit on ${inv.number} today. record it and tell me whats left owing on it`,
      expect: [
        changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 2000) * 100) / 100, amount_due: left }, inv.number),
        money({ [inv.currency]: left }, `balance left on ${inv.number}`),
      ],
    };
  }),
  about("finance", "write", "comp <an open tab>, the event was cancelled (void, waits for approval)", (w) => {
    const onlyOne = (i: Invoice) => w.invoices.filter((o) => o.client === i.client && unpaid(o)).length === 1;
    const inv =
      w.invoices.find((i) => i.status === "open" && i.amount_paid === 0 && onlyOne(i)) ??
      pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
    return {
      say: `comp ${shortNumber(inv)} for ${short(inv.client)}, their event got cancelled on them`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "86 the smaller of <a client>'s two drafts (delete, waits for approval)", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    const client = pick([...new Set(drafts.map((i) => i.client))], (c) => drafts.filter((i) => i.client === c).length === 2, "client with two draft invoices");
    const [small] = drafts.filter((i) => i.client === client).sort((a, b) => a.amount - b.amount);
    return {
      say: `86 the smaller ${short(client)} draft (the ${kAmount(small!.amount)} one), made it by mistake`,
      expect: [approval(/delete|remove|discard/i, small!.id, small!.number)],
    };
  }),

  // must not act
  about("finance", "question", "<a client with several unpaid tabs> paid 'their tab': which one?", (w) => {
    const clients = [...new Set(w.invoices.filter(unpaid).map((i) => i.client))];
    const client = pick(clients, (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 3, "client with three unpaid invoices");
    return { say: `${short(client)} paid their tab, mark it off`, expect: [noChange(), asksBack()] };
  }),
  ask("finance", "question", "bill the wedding couple for their deposit, usual amount", () => [noChange(), asksBack()]),

  /* =========================== growth =========================== */

  // reads
  about("growth", "read", "which clients have bookings in negotiation", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.account_id);
    const inNeg = open.filter((d) => stageOf(w, d).name === "Negotiation");
    const wanted = [...new Set(inNeg.map((d) => accountOf(w, d.account_id).name))];
    const others = [...new Set(open.map((d) => accountOf(w, d.account_id).name))].filter((a) => !wanted.includes(a));
    return { say: "which clients have bookimgs sitting in negotiation rn?", expect: [names(wanted, others)] };
  }),
  about("growth", "read", "email of <a contact whose name another contact shares>, at <account>", (w) => {
    const c = pick(w.contacts, (x) => sharedName(w, x) && !!x.account_id, "contact sharing a name");
    const twins = w.contacts.filter((o) => o.id !== c.id && fullName(o) === fullName(c)).map((o) => o.email);
    return {
      say: `need ${c.first_name}'s email - ${fullName(c)} at ${short(accountOf(w, c.account_id).name)}, not the other one`,
      expect: [says(c.email), excludes(twins)],
    };
  }),
  about("growth", "read", "who is on the follow-up emails", (w) => {
    const seq = followUps(w);
    const ids = enrolledIn(w, seq);
    const people = w.contacts.filter((c) => ids.includes(c.id));
    return { say: "who's getting the follow-up emails at the moment?", expect: [names(people.map(fullName))] };
  }),
  about("growth", "read", "the biggest open booking: which client and how much", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.amount !== null && d.account_id);
    const top = [...open].sort((a, b) => b.amount! - a.amount!)[0];
    if (!top) throw new Error("no open deal with an amount");
    return {
      say: "whats the biggest booking we've still got open? which client + how much",
      expect: [names([accountOf(w, top.account_id).name]), money({ [top.currency]: top.amount! }, "its value")],
    };
  }),
  about("growth", "read", "when <account>'s <topic> booking should close", (w) => {
    const fits = (d: Deal) =>
      d.status === "open" &&
      !!d.expected_close_date &&
      !!d.account_id &&
      dealsOf(w, d.account_id).length > 1 &&
      dealsOf(w, d.account_id).filter((o) => dealTopic(o) === dealTopic(d)).length === 1;
    const deal = pick(w.deals, fits, "open deal told apart by its topic");
    return {
      say: `when's the ${short(accountOf(w, deal.account_id).name)} ${dealTopic(deal).toLowerCase()} booking meant to close?`,
      expect: [date(deal.expected_close_date!, `expected close of ${deal.name}`)],
    };
  }),

  // writes
  about("growth", "write", "move <account>'s <topic> booking to Negotiation", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const fits = (d: Deal) =>
      d.status === "open" &&
      !!d.account_id &&
      ["Qualified", "Proposal"].includes(stageOf(w, d).name) &&
      dealsOf(w, d.account_id).filter((o) => dealTopic(o) === dealTopic(d)).length === 1;
    const deal = pick(w.deals, fits, "open deal in Qualified/Proposal");
    return {
      say: `${short(accountOf(w, deal.account_id).name)} loved the tasting 🙌 move their ${dealTopic(deal).toLowerCase()} booking to negotiation`,
      expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)],
    };
  }),
  about("growth", "write", "<account> signed: mark its only open booking won", (w) => {
    const fits = (a: Account) => {
      const open = dealsOf(w, a.id).filter((d) => d.status === "open");
      return open.length === 1 && stageOf(w, open[0]!).name === "Negotiation";
    };
    const acct = pick(w.accounts, fits, "account with a single open deal in Negotiation");
    const deal = dealsOf(w, acct.id).find((d) => d.status === "open")!;
    return {
      say: `${acct.name} signed the contract!! mark the booking as won, yes chef`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "<account> went elsewhere: mark its booking lost and take <contact> off the follow-up emails", (w) => {
    const seq = followUps(w);
    const ids = enrolledIn(w, seq);
    const fits = (a: Account) =>
      dealsOf(w, a.id).filter((d) => d.status === "open").length === 1 && w.contacts.some((c) => c.account_id === a.id && ids.includes(c.id));
    const acct = pick(w.accounts, fits, "account with one open deal and an enrolled contact");
    const deal = dealsOf(w, acct.id).find((d) => d.status === "open")!;
    const person = pick(w.contacts, (c) => c.account_id === acct.id && ids.includes(c.id), "enrolled contact");
    return {
      say: `${short(acct.name)} went with another caterer for the ${dealTopic(deal).toLowerCase()} - mark it lost. and 86 ${fullName(person)} from the follow-up emails`,
      expect: [changed("deal", deal.id, { status: "lost" }, deal.name), unenrolled(seq.id, person.id, fullName(person))],
    };
  }),
  about("growth", "write", "new booking for <account>: holiday party, 12k USD, closing 20 Dec", (w) => {
    const acct = w.accounts.find((a) => a.name === "Initech") ?? pick(w.accounts, () => true, "account");
    return {
      say: `new booking for ${acct.name} - their holiday party, 120 covers, 12k usd, should close by the 20th dec`,
      expect: [
        created("deal", {
          name: is.containing("holiday party"),
          account_id: acct.id,
          amount: 12000,
          currency: "USD",
          expected_close_date: nextDecember(w, 20),
        }),
      ],
    };
  }),
  about("growth", "write", "add a new contact at <account>: Priya Nair, events coordinator", (w) => {
    const acct = w.accounts.find((a) => !!a.domain && a.name.startsWith("Globex")) ?? pick(w.accounts, (a) => !!a.domain, "account with a domain");
    const email = `priya.nair@${acct.domain}`;
    return {
      say: `add priya nair as a contact, she's the new events coordinator over at ${short(acct.name)} - ${email}`,
      expect: [
        created("contact", {
          email,
          first_name: is.text("Priya"),
          last_name: is.text("Nair"),
          account_id: acct.id,
          title: is.containing("coordinator"),
        }),
      ],
    };
  }),
  about("growth", "write", "put <a contact, the one at account X> on the follow-up emails", (w) => {
    const seq = followUps(w);
    const ids = enrolledIn(w, seq);
    const free = w.contacts.filter((c) => !ids.includes(c.id) && !!c.account_id);
    // Best: someone who shares a name with a contact already on the emails, so the client matters.
    const person =
      free.find((c) => w.contacts.some((o) => o.id !== c.id && fullName(o) === fullName(c) && ids.includes(o.id))) ??
      pick(free, () => true, "contact not enrolled");
    return {
      say: `stick ${fullName(person).toLowerCase()} on the follow-up emails too - the ${short(accountOf(w, person.account_id).name)} one`,
      expect: [enrolled(seq.id, person.id, `${fullName(person)} (${accountOf(w, person.account_id).name})`)],
    };
  }),

  // must not act
  about("growth", "question", "move 'the <topic> booking' when several clients have one", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const deal = pick(
      open,
      (d) => new Set(open.filter((o) => dealTopic(o) === dealTopic(d)).map((o) => o.account_id)).size > 1,
      "topic shared by open deals of two clients",
    );
    return { say: `move the ${dealTopic(deal).toLowerCase()} booking to proposal`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "add <a name two contacts share> to the follow-up emails", (w) => {
    const ids = enrolledIn(w, followUps(w));
    const dupes = w.contacts.filter((c) => sharedName(w, c) && w.contacts.filter((o) => fullName(o) === fullName(c)).every((o) => !ids.includes(o.id)));
    const person = dupes[dupes.length - 1];
    if (!person) throw new Error("no shared name with nobody enrolled");
    return { say: `add ${fullName(person).toLowerCase()} to the follow-up emails`, expect: [noChange(), asksBack()] };
  }),
  ask("growth", "question", "86 the booking, they cancelled last minute", () => [noChange(), asksBack()]),

  /* =========================== talent =========================== */

  // reads
  about("talent", "read", "how many candidates for <an open role with nobody out yet>", (w) => {
    const jobs = w.jobs.filter((j) => j.status === "open");
    const job =
      jobs.find((j) => w.candidates.some((c) => c.job_id === j.id) && w.candidates.filter((c) => c.job_id === j.id).every((c) => ACTIVE.includes(c.stage))) ??
      pick(jobs, () => true, "open job");
    return {
      say: `how many candidates have we got for the ${job.title.toLowerCase()} role all up?`,
      expect: [count(w.candidates.filter((c) => c.job_id === job.id).length, `candidates for ${job.title}`)],
    };
  }),
  about("talent", "read", "who is at interview stage, any role", (w) => {
    const at = w.candidates.filter((c) => c.stage === "interview");
    const others = w.candidates.filter((c) => ["applied", "screening", "offer"].includes(c.stage));
    return { say: "who've we got at interveiw stage atm? any role", expect: [names(at.map(fullName), others.map(fullName))] };
  }),
  about("talent", "read", "who we hired for <a role with one hire>", (w) => {
    const job = pick(w.jobs, (j) => w.candidates.filter((c) => c.job_id === j.id && c.stage === "hired").length === 1, "job with one hire");
    const all = w.candidates.filter((c) => c.job_id === job.id);
    return {
      say: `remind me who we ended up hiring for ${job.title.toLowerCase()}?`,
      expect: [names(all.filter((c) => c.stage === "hired").map(fullName), all.filter((c) => c.stage !== "hired").map(fullName))],
    };
  }),

  // writes
  about("talent", "write", "<a candidate at screening> through to interview", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening", "candidate at screening");
    return {
      say: `${c.first_name} ${c.last_name} smashed the phone screen, bump them thru to interview`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "new applicant for <an open role>: Nigella Lawson, by referral", (w) => {
    const job = w.jobs.find((j) => j.status === "open" && /designer/i.test(j.title)) ?? pick(w.jobs, (j) => j.status === "open", "open job");
    return {
      say: `new applicant for the ${job.title.toLowerCase()} job - Nigella Lawson, nigella.lawson@example.com, came to us thru a referral`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Nigella"),
          last_name: is.text("Lawson"),
          email: "nigella.lawson@example.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  ask("talent", "write", "open a new front of house role: Events Coordinator, part time, based in London", () => [
    created("job", { title: is.text("Events Coordinator"), employment_type: "part_time", location: is.containing("London"), status: "open" }),
  ]),
  about("talent", "write", "<a role we filled>: close it and 86 whoever is still in the pile", (w) => {
    const fits = (jobId: string) => {
      const mine = w.candidates.filter((c) => c.job_id === jobId);
      return mine.some((c) => c.stage === "hired") && mine.some((c) => ACTIVE.includes(c.stage));
    };
    const open = w.jobs.filter((j) => j.status === "open" && fits(j.id));
    const job = [...open].sort(
      (a, b) =>
        w.candidates.filter((c) => c.job_id === a.id && ACTIVE.includes(c.stage)).length -
        w.candidates.filter((c) => c.job_id === b.id && ACTIVE.includes(c.stage)).length,
    )[0];
    if (!job) throw new Error("no open job with a hire and someone still in play");
    const left = w.candidates.filter((c) => c.job_id === job.id && ACTIVE.includes(c.stage));
    return {
      say: `we filled the ${job.title.toLowerCase()} role 🎉 close the posting and 86 whoever's still in the pile for it`,
      expect: [
        changed("job", job.id, { status: "closed" }, job.title),
        ...left.map((c): Check => changed("candidate", c.id, { stage: "rejected" }, fullName(c))),
      ],
    };
  }),

  // must not act
  about("talent", "question", "bump 'the <role> candidate' to the next round when there are several", (w) => {
    const job = pick(
      w.jobs,
      (j) => j.status === "open" && w.candidates.filter((c) => c.job_id === j.id && ACTIVE.includes(c.stage)).length >= 2,
      "open job with several candidates in play",
    );
    return { say: `bump the ${job.title.toLowerCase()} candidate to the next round`, expect: [noChange(), asksBack()] };
  }),

  /* =========================== intelligence =========================== */

  // reads
  about("intelligence", "read", "how many new contacts came in over the last 30 days", (w) => {
    const n = w.snapshot?.growth.new_contacts_last_30_days;
    if (n === undefined) throw new Error("no snapshot");
    return { say: "how many new contacts have come in the last 30 days?", expect: [count(n, "new contacts in 30 days")] };
  }),
  about("intelligence", "read", "how many people we hired this past year", (w) => {
    const n = w.snapshot?.talent.hires_last_365_days;
    if (n === undefined) throw new Error("no snapshot");
    return { say: "how many ppl have we actually hired this past year?", expect: [count(n, "hires in the last 365 days")] };
  }),

  // figures
  about("intelligence", "figure", "win rate on bookings lately", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    return {
      say: "whats our win rate on bookings lately? last 90 days or so",
      expect: [figure(w.snapshot.growth.last_90_days.win_rate, "win rate", "percent")],
    };
  }),
  about("intelligence", "figure", "what the open pipeline is worth", (w) => {
    const totals: Record<string, number> = {};
    if (w.snapshot) for (const t of w.snapshot.growth.pipeline.totals) totals[t.currency] = t.open_value;
    else for (const d of w.deals.filter((x) => x.status === "open")) totals[d.currency] = (totals[d.currency] ?? 0) + (d.amount ?? 0);
    return { say: "what's the pipeline worth rn - all the bookings still in play, not weighted", expect: [money(totals, "open pipeline value")] };
  }),
  about("intelligence", "figure", "DSO on the dollar tabs", (w) => {
    const usd = w.snapshot?.finance.currencies.find((c) => c.currency === "USD");
    if (!usd) throw new Error("no USD figures in the snapshot");
    return {
      say: "what's our DSO looking like on the USD tabs? how many days are clients taking to pay",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding")],
    };
  }),
  about("intelligence", "figure", "total balance owing across all clients, per currency", (w) => ({
    say: "total balance owing across every client? split by currency pls",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),
  about("intelligence", "figure", "hiring funnel: candidates still in play across open roles", (w) => {
    const open = new Set(w.jobs.filter((j) => j.status === "open").map((j) => j.id));
    const n = w.candidates.filter((c) => open.has(c.job_id) && ACTIVE.includes(c.stage)).length;
    return {
      say: "hiring funnel check - how many candidates are still in play across all the open roles? not counting hired or 86'd ones",
      expect: [count(n, "candidates in play")],
    };
  }),
];
