import {
  about,
  approval,
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
  type Case,
  type Check,
} from "../judge.ts";
import {
  addDays,
  candidatesOf,
  clientNames,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  inStage,
  numbers,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  sums,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Account, Deal, Job, World } from "../world.ts";

/*
 * Blind set: the office manager of an oilfield-services outfit in Midland, Texas. Talks like she
 * texts: dropped g's, "y'all", run-ons, short names for the companies ("Stark", not "Stark
 * Logistics"), invoice numbers without the zeros (INV-12), money in "grand" and "k".
 */

/* ---------- helpers ---------- */

/** Words she leaves off a company's name ("Stark Logistics" -> "Stark"). */
const SUFFIXES =
  /\s+(logistics|enterprises|corporation|corp|inc|llc|labs|cloud|biotech|health|traders|materials|systems|solutions|holdings|foods|freight|confectionery|robotics)$/i;

/** How she names a company: without its trade word, when no other client or account starts the same way. */
function short(w: World, name: string): string {
  const cut = name.replace(SUFFIXES, "");
  const all = [...new Set([...w.accounts.map((a) => a.name), ...clientNames(w)])];
  return all.filter((n) => n.toLowerCase().startsWith(cut.toLowerCase())).length === 1 ? cut : name;
}

const invoicesOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client);
const unpaidOf = (w: World, client: string) => invoicesOf(w, client).filter(unpaid);
const openDealsOf = (w: World, accountId: string) => dealsOf(w, accountId).filter((d) => d.status === "open");

/** An account with exactly one open deal (in one of these stages), skipping some accounts. */
function loneOpenDeal(w: World, inStages: string[] | null, skip: string[] = []): { deal: Deal; account: Account } {
  for (const account of w.accounts) {
    if (skip.includes(account.id)) continue;
    const open = openDealsOf(w, account.id);
    if (open.length === 1 && (!inStages || inStages.includes(stageOf(w, open[0]!).name))) return { deal: open[0]!, account };
  }
  throw new Error(`no account with a single open deal${inStages ? ` in ${inStages.join("/")}` : ""}`);
}

/** An account whose only deal is open (so "the X deal" is that one), skipping some accounts. */
function onlyDeal(w: World, skip: string[] = []): { deal: Deal; account: Account } {
  const account = pick(
    w.accounts,
    (a) => !skip.includes(a.id) && dealsOf(w, a.id).length === 1 && dealsOf(w, a.id)[0]!.status === "open",
    "account with a single deal, open",
  );
  return { deal: dealsOf(w, account.id)[0]!, account };
}

/** The follow-up sequence: the one sequence whose name says "follow". */
function followUp(w: World) {
  const found = w.sequences.filter((s) => /follow/i.test(s.name));
  if (found.length !== 1) throw new Error(`expected one follow-up sequence, found ${found.length}`);
  return found[0]!;
}

/** Overdue invoices with nothing paid yet, in dollars. */
const untouchedLateDollars = (w: World) => w.invoices.filter((i) => overdue(i) && i.amount_paid === 0 && i.currency === "USD");

const ACTIVE = ["applied", "screening", "interview", "offer"];
const STAGES = [...ACTIVE, "hired", "rejected"];
const round2 = (n: number) => Math.round(n * 100) / 100;

/* ---------- finance: reads ---------- */

const financeReads: Case[] = [
  about("finance", "read", "list every overdue invoice", (w) => {
    const late = w.invoices.filter(overdue);
    const notLate = w.invoices.filter((i) => !overdue(i));
    return {
      say: "pull up every dang invoice that's late, I wanna see em all",
      expect: [names(numbers(late), numbers(notLate))],
    };
  }),
  about("finance", "read", "how much <client with the most unpaid invoices> owes in total, per currency", (w) => {
    const client = [...clientNames(w)].sort((a, b) => unpaidOf(w, b).length - unpaidOf(w, a).length)[0];
    if (!client || unpaidOf(w, client).length < 2) throw new Error("no client with several unpaid invoices");
    return {
      say: `ok so I got ${short(w, client)} callin me back in like ten minutes and I'm gonna get asked about money, how much are they into us for right now? everything they ain't paid yet, all added up`,
      expect: [money(dueSums(unpaidOf(w, client)), `amount ${client} still owes`)],
    };
  }),
  about("finance", "read", "is <the oldest unpaid overdue invoice> paid, and how many days late", (w) => {
    const inv = [...w.invoices.filter((i) => overdue(i) && i.amount_paid === 0)].sort((a, b) => b.days_overdue - a.days_overdue)[0];
    if (!inv) throw new Error("no overdue invoice with nothing paid");
    return {
      say: `did ${short(w, inv.client)} ever pay ${shortNumber(inv)} or is that thing still just hangin out there? how many days late is it now`,
      expect: [says("overdue", "past due", "late", "not paid", "unpaid"), count(inv.days_overdue, "days overdue")],
    };
  }),
  about("finance", "read", "which invoices <client with unpaid and settled invoices> still owes on", (w) => {
    const client = clientNames(w).find((c) => unpaidOf(w, c).length >= 2 && invoicesOf(w, c).some((i) => i.status === "paid" || i.status === "void"));
    if (!client) throw new Error("no client with unpaid and settled invoices");
    const owed = unpaidOf(w, client);
    const settled = invoicesOf(w, client).filter((i) => i.status === "paid" || i.status === "void");
    return {
      say: `y'all got anything from ${short(w, client)} yet?? what all invoices are they still owin us on`,
      expect: [names(numbers(owed), numbers(settled), owed.length)],
    };
  }),
  about("finance", "read", "when is <the only invoice of a client, open> due", (w) => {
    const client = clientNames(w).find((c) => invoicesOf(w, c).length === 1 && invoicesOf(w, c)[0]!.status === "open");
    if (!client) throw new Error("no client with a single open invoice");
    const inv = invoicesOf(w, client)[0]!;
    return {
      say: `when's that ${short(w, client)} invoice due again`,
      expect: [date(inv.due_date, "due date")],
    };
  }),
];

/* ---------- growth: reads ---------- */

const growthReads: Case[] = [
  about("growth", "read", "which deals have been won", (w) => {
    const won = w.deals.filter((d) => d.status === "won");
    const rest = w.deals.filter((d) => d.status !== "won");
    return {
      say: "what deals have we actually won? just the ones we closed and got, not the ones still cookin",
      expect: [
        names(
          won.map((d) => d.name),
          rest.map((d) => d.name),
        ),
      ],
    };
  }),
  about("growth", "read", "how many open deals are in Negotiation", (w) => {
    const stage = stageNamed(w, "Negotiation");
    const n = w.deals.filter((d) => d.status === "open" && d.stage_id === stage.id).length;
    return { say: "how many deals we got sittin in negotiation right now", expect: [count(n, "deals in Negotiation")] };
  }),
  about("growth", "read", "every contact at <the account with the most contacts>", (w) => {
    const account = [...w.accounts].sort(
      (a, b) => w.contacts.filter((c) => c.account_id === b.id).length - w.contacts.filter((c) => c.account_id === a.id).length,
    )[0];
    if (!account) throw new Error("no account");
    const theirs = w.contacts.filter((c) => c.account_id === account.id);
    const others = w.contacts.filter((c) => c.account_id !== account.id);
    return {
      say: `who all do we know over at ${short(w, account.name)}? need names, I'm tryin to figure out who to call`,
      expect: [names(theirs.map(fullName), others.map(fullName), theirs.length)],
    };
  }),
  about("growth", "read", "what stage <the only deal of an account> is in", (w) => {
    const { deal, account } = onlyDeal(w);
    return {
      say: `wheres the ${short(w, account.name)} deal at, what stage`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "who is enrolled in the follow-up sequence", (w) => {
    const seq = followUp(w);
    const inIt = enrolledContacts(w, seq.id);
    const ids = new Set(inIt.map((c) => c.id));
    const notInIt = w.contacts.filter((c) => !ids.has(c.id));
    return {
      say: "who's gettin them follow-up emails right now",
      expect: [names(inIt.map(fullName), notInIt.map(fullName))],
    };
  }),
  about("growth", "read", "what <another account's only deal> is worth", (w) => {
    const first = onlyDeal(w);
    const { deal, account } = onlyDeal(w, [first.account.id]);
    if (deal.amount === null) throw new Error("the deal has no amount");
    return {
      say: `remind me what the ${short(w, account.name)} deal's worth? boss is askin`,
      expect: [money({ [deal.currency]: deal.amount }, "deal's value")],
    };
  }),
];

/* ---------- talent: reads ---------- */

const talentReads: Case[] = [
  about("talent", "read", "how many candidates applied to <a job nobody was hired or rejected for>", (w) => {
    const job = pick(
      w.jobs,
      (j) => j.status === "open" && candidatesOf(w, j.id).length > 1 && candidatesOf(w, j.id).every((c) => ACTIVE.includes(c.stage)),
      "open job whose candidates are all still in play",
    );
    return {
      say: `reckon how many folks have put in for the ${job.title.toLowerCase()} spot? all of em, don't matter what stage`,
      expect: [count(candidatesOf(w, job.id).length, `candidates for ${job.title}`)],
    };
  }),
  about("talent", "read", "who is at the interview stage, all jobs", (w) => {
    const them = inStage(w, "interview");
    const rest = w.candidates.filter((c) => c.stage !== "interview");
    return {
      say: "who we got in interviews right now, across all the jobs",
      expect: [names(them.map(fullName), rest.map(fullName), them.length)],
    };
  }),
  about("talent", "read", "which jobs are open", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const closed = w.jobs.filter((j) => j.status !== "open");
    return {
      say: "what jobs we got posted that are still open, somebody at church asked me if we was hirin",
      expect: [
        names(
          open.map((j) => j.title),
          closed.map((j) => j.title),
          open.length,
        ),
      ],
    };
  }),
  about("talent", "read", "what stage <a candidate at interview> is at", (w) => {
    const cand = pick(inStage(w, "interview"), (c) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1, "candidate at interview");
    return {
      say: `where's ${fullName(cand)} at in the hirin process`,
      expect: [says(cand.stage)],
    };
  }),
];

/* ---------- intelligence: reads ---------- */

const intelligenceReads: Case[] = [
  about("intelligence", "read", "how many contacts were added in the last 30 days", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    return {
      say: "how many new contacts come in over the last 30 days or so",
      expect: [count(w.snapshot.growth.new_contacts_last_30_days, "new contacts in 30 days")],
    };
  }),
  about("intelligence", "read", "how much is 61 to 90 days overdue, per currency", (w) => {
    const bucket = w.invoices.filter((i) => overdue(i) && i.days_overdue >= 61 && i.days_overdue <= 90);
    return {
      say: "how much money we got out there that's somewhere between 61 and 90 days late? if it's in more than one currency break it out",
      expect: [money(dueSums(bucket), "amount 61-90 days overdue")],
    };
  }),
];

/* ---------- finance: writes ---------- */

const financeWrites: Case[] = [
  about("finance", "write", "<an overdue invoice, nothing paid> was paid in full by check", (w) => {
    const inv = pick(untouchedLateDollars(w), () => true, "overdue dollar invoice with nothing paid");
    return {
      say: `go ahead and mark ${shortNumber(inv)} paid, ${short(w, inv.client)}'s check came in this mornin for the whole thing, Darlene's takin it to the bank at lunch`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "bill <a client billed only in dollars> 7,000 USD due in 30 days", (w) => {
    const client = clientNames(w).find((c) => w.accounts.some((a) => a.name === c) && invoicesOf(w, c).every((i) => i.currency === "USD"));
    if (!client) throw new Error("no account billed only in dollars");
    const name = short(w, client);
    return {
      say: `gotta get a bill out to ${name} for the pump job the boys did out past Odessa last week. call it 7 grand, net 30 like always`,
      expect: [created("invoice", { client: is.containing(name), amount: 7000, currency: "USD", due_date: addDays(today(w), 30) })],
    };
  }),
  about("finance", "write", "record a 5,000 partial payment on <an overdue dollar invoice>", (w) => {
    const inv = pick(untouchedLateDollars(w).slice(1), (i) => i.amount_due > 5000, "second overdue dollar invoice over 5000");
    return {
      say: `${short(w, inv.client)} mailed us a check for 5 grand on ${shortNumber(inv)}. it ain't the whole thing, just put it toward what they owe on that one`,
      expect: [changed("invoice", inv.id, { amount_paid: round2(inv.amount_paid + 5000), amount_due: round2(inv.amount_due - 5000) }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> entered twice (waits for approval)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice with nothing paid");
    return {
      say: `ok so long story, the new girl in billing went and keyed in the same job twice last week and ${short(w, inv.client)} called all confused. ${shortNumber(inv)} is the duplicate one, the real one already went out fine. void ${shortNumber(inv)} please`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
];

/* ---------- growth: writes ---------- */

const growthWrites: Case[] = [
  about("growth", "write", "move <an account's lone early-stage deal> to Negotiation", (w) => {
    const { deal, account } = loneOpenDeal(w, ["Lead in", "Qualified", "Proposal"]);
    const stage = stageNamed(w, "Negotiation");
    return {
      say: `bump ${short(w, account.name)}'s ${dealTopic(deal).toLowerCase()} deal up to negotiation, they're talkin numbers now`,
      expect: [changed("deal", deal.id, { stage_id: stage.id, status: "open" }, deal.name)],
    };
  }),
  about("growth", "write", "mark <another account's lone open deal> won", (w) => {
    const first = loneOpenDeal(w, ["Lead in", "Qualified", "Proposal"]);
    const { deal, account } = loneOpenDeal(w, null, [first.account.id]);
    return {
      say: `good news for once!! got off the phone with the folks at ${short(w, account.name)} and they signed on the ${dealTopic(deal).toLowerCase()}, so go on and mark that deal won`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "add contact Bubba Reyes at <an account with a domain>", (w) => {
    const account = pick(w.accounts, (a) => !!a.domain && a.country === "US", "US account with a domain");
    const email = `bubba.reyes@${account.domain}`;
    return {
      say: `add a contact for me, Bubba Reyes, he's the ops superintendent over at ${short(w, account.name)}. email is ${email}`,
      expect: [created("contact", { first_name: is.text("Bubba"), last_name: is.text("Reyes"), email, account_id: account.id })],
    };
  }),
  about("growth", "write", "enrol <a contact with a unique name> in the follow-up sequence", (w) => {
    const seq = followUp(w);
    const inIt = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
    const contact = pick(uniqueContacts(w), (c) => !inIt.has(c.id), "unique contact outside the follow-up sequence");
    return {
      say: `put ${fullName(contact)} on the follow-up emails`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),
  about("growth", "write", "create account Caprock Welding Supply, caprockwelding.com", () => ({
    say: "need a new account set up, Caprock Welding Supply, their website's caprockwelding.com",
    expect: [created("account", { name: is.text("Caprock Welding Supply"), domain: "caprockwelding.com" })],
  })),
  about("growth", "write", "new 45k deal for <an account with no open deal>, closing end of January", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).length > 0 && openDealsOf(w, a.id).length === 0, "account with no open deal");
    return {
      say: `new deal for ${short(w, account.name)}, saltwater disposal contract, figure about 45k, oughta close end of January`,
      expect: [created("deal", { account_id: account.id, amount: 45000, expected_close_date: endOfNamedMonth(w, 1) })],
    };
  }),
];

/* ---------- talent: writes ---------- */

const talentWrites: Case[] = [
  about("talent", "write", "reject <a candidate at screening>", (w) => {
    const cand = pick(inStage(w, "screening"), () => true, "candidate at screening");
    return {
      say: `ok so we had ${fullName(cand)} down for a screenin call at 9 this mornin, sat there twenty minutes, called twice, nothin. no-show. scratch em, we ain't chasin nobody`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "move <an applied candidate> to screening", (w) => {
    const cand = pick(inStage(w, "applied"), () => true, "applied candidate");
    return {
      say: `move ${fullName(cand)} on to screening, resume looked alright to me`,
      expect: [changed("candidate", cand.id, { stage: "screening" }, fullName(cand))],
    };
  }),
  about("talent", "write", "mark <a candidate with an offer> hired", (w) => {
    const cand = pick(inStage(w, "offer"), () => true, "candidate at offer");
    return {
      say: `${fullName(cand)} took the offer!! mark em hired`,
      expect: [changed("candidate", cand.id, { stage: "hired" }, fullName(cand))],
    };
  }),
  about("talent", "write", "add referral candidate Dale Whitaker to <an open job>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && w.jobs.filter((o) => o.title === j.title).length === 1, "open job");
    return {
      say: `got a new applicant for the ${job.title.toLowerCase()} job, Dale Whitaker, dale.whitaker@gmail.com. he came in as a referral`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Dale"),
          last_name: is.text("Whitaker"),
          email: "dale.whitaker@gmail.com",
          source: is.containing("referr"),
        }),
      ],
    };
  }),
  about("talent", "write", "post a full-time CDL driver job in Midland, field ops", () => ({
    say: "need a new job posted. CDL truck driver, based outta Midland TX, full time, put it under field ops",
    expect: [
      created("job", {
        title: is.containing("driver"),
        location: is.containing("Midland"),
        employment_type: "full_time",
        department: is.containing("field"),
        status: "open",
      }),
    ],
  })),
];

/* ---------- figures ---------- */

const figures: Case[] = [
  about("intelligence", "figure", "the win rate", (w) => {
    let rate = w.snapshot?.growth.last_90_days.win_rate;
    if (rate === undefined) {
      const won = w.deals.filter((d) => d.status === "won").length;
      const lost = w.deals.filter((d) => d.status === "lost").length;
      rate = won + lost ? won / (won + lost) : null;
    }
    return { say: "whats our win rate lookin like lately", expect: [figure(rate, "win rate", "percent")] };
  }),
  about("intelligence", "figure", "the open pipeline's value, per currency", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    return {
      say: "what's the whole pipeline worth right now, all the open deals added up",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open pipeline",
        ),
      ],
    };
  }),
  about("intelligence", "figure", "days sales outstanding on the dollar invoices", (w) => {
    const usd = w.snapshot?.finance.currencies.find((c) => c.currency === "USD");
    if (!usd) throw new Error("no dollar figures in the snapshot");
    return {
      say: "what's our DSO runnin on the dollar side, ROUGHLY is fine",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
    };
  }),
  about("intelligence", "figure", "candidates per stage for <the open job with the most varied funnel>", (w) => {
    const perStage = (j: Job) => STAGES.map((s) => [s, candidatesOf(w, j.id).filter((c) => c.stage === s).length] as const).filter(([, n]) => n > 0);
    const job = [...w.jobs.filter((j) => j.status === "open")].sort(
      (a, b) =>
        new Set(perStage(b).map(([, n]) => n)).size - new Set(perStage(a).map(([, n]) => n)).size ||
        candidatesOf(w, b.id).length - candidatesOf(w, a.id).length,
    )[0];
    if (!job || !candidatesOf(w, job.id).length) throw new Error("no open job with candidates");
    const checks: Check[] = perStage(job).flatMap(([stage, n]) => [says(stage), count(n, `candidates at ${stage}`)]);
    return {
      say: `how's the hirin lookin for the ${job.title.toLowerCase()} job? like how many folks at each stage`,
      expect: checks,
    };
  }),
];

/* ---------- must not act ---------- */

const questions: Case[] = [
  about("finance", "question", "mark <a client with several unpaid invoices>'s invoice paid (which one?)", (w) => {
    const client = [...clientNames(w)].reverse().find((c) => unpaidOf(w, c).length >= 2);
    if (!client) throw new Error("no client with several unpaid invoices");
    return { say: `mark the ${short(w, client)} invoice paid, they sent a check`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "bill <an account> for a rig move, no amount given", (w) => {
    const account = pick([...w.accounts].reverse(), (a) => invoicesOf(w, a.name).length > 0, "account with invoices");
    return { say: `bill ${short(w, account.name)} for that rig move job we did tuesday, net 30`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "enrol <a name two contacts share> in the follow-up sequence (which one?)", (w) => {
    const seq = followUp(w);
    const inIt = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
    const shared = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length > 1 && same.every((o) => !inIt.has(o.id));
      },
      "name shared by contacts outside the sequence",
    );
    return { say: `put ${fullName(shared)} on the follow-up emails`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "close out <an account with two open deals>'s deal (which, won or lost?)", (w) => {
    const account = pick(w.accounts, (a) => openDealsOf(w, a.id).length >= 2, "account with several open deals");
    return { say: `close out the ${short(w, account.name)} deal`, expect: [noChange(), asksBack()] };
  }),
  about("talent", "question", "reject 'that candidate' with no name", () => ({
    say: "scratch that candidate, he never showed up this mornin",
    expect: [noChange(), asksBack()],
  })),
  about("talent", "question", "move 'the <job> candidate' on when several are in play (which one?)", (w) => {
    const word = (j: Job) => j.title.split(/\s+/).pop()!.toLowerCase();
    const job = pick(
      w.jobs,
      (j) =>
        j.status === "open" &&
        w.jobs.filter((o) => o.title.toLowerCase().includes(word(j))).length === 1 &&
        candidatesOf(w, j.id).filter((c) => ACTIVE.includes(c.stage)).length >= 2,
      "open job with several candidates in play",
    );
    return { say: `move the ${word(job)} candidate on to the next round`, expect: [noChange(), asksBack()] };
  }),
];

export const CASES: Case[] = [
  ...financeReads,
  ...growthReads,
  ...talentReads,
  ...intelligenceReads,
  ...financeWrites,
  ...growthWrites,
  ...talentWrites,
  ...figures,
  ...questions,
];
