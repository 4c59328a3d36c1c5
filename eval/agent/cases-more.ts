import {
  approval,
  changed,
  unenrolled,
  count,
  date,
  excludes,
  created,
  enrolled,
  figure,
  is,
  money,
  names as named,
  noChange,
  says,
  type Case,
  ask,
  about,
  unclear,
  asksBack,
} from "./judge.ts";
import {
  candidatesOf,
  dueSums,
  clientWithUnpaid,
  stages,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  names,
  numbers,
  openDealIn,
  overdue,
  month,
  pick,
  soleOpenDeal,
  stageNamed,
  sums,
  uniqueContacts,
  unpaid,
  accountNamed,
  addDays,
  dealTopic,
  ofClient,
  stageOf,
  today,
  endOfNamedMonth,
  nextWeekday,
  dealNames,
  dealsOf,
  clientNames,
  iso,
  contactsOf,
  shortNumber,
  nextDate,
} from "./facts.ts";
import type { Deal, Invoice, World } from "./world.ts";

/*
 * More requests, written after the first set to find what a planner fitted
 * to that set's wording misses: verb synonyms (post a job, turn down, got a
 * payment, put someone in a sequence), everyday names of states (written off,
 * past due, settled, dead, signed, filled), filler words that are not names
 * (sitting, currently, overall), "applied for" as a job's candidates, and a
 * sequence's enrollments by its name. Same form and judging as cases.ts.
 */

const list = (w: World, fits: (i: Invoice) => boolean) => named(numbers(w.invoices.filter(fits)), numbers(w.invoices.filter((i) => !fits(i))));
const status = (s: Invoice["status"]) => (i: Invoice) => i.status === s;
const deals = (w: World, fits: (d: Deal) => boolean) =>
  named(
    w.deals.filter(fits).map((d) => d.name),
    w.deals.filter((d) => !fits(d)).map((d) => d.name),
  );
const FOLLOW_UP = "New lead follow-up";
const followUp = (w: World) => pick(w.sequences, (s) => s.name === FOLLOW_UP, "sequence");
/** A contact with a name of their own who is not yet in the follow-up sequence. */
const notEnrolled = (w: World, n: number) => {
  const inIt = new Set(enrolledContacts(w, followUp(w).id).map((c) => c.id));
  return uniqueContacts(w).filter((c) => !inIt.has(c.id))[n]!;
};
const stageDeals = (w: World, stage: string) => w.deals.filter((d) => d.status === "open" && d.stage_id === stageNamed(w, stage).id);

const finance: Case[] = [
  ask("finance", "read", "show me the bad debt invoices", (w) => [list(w, status("uncollectible"))]),
  ask("finance", "read", "invoices we wrote off", (w) => [list(w, status("uncollectible"))]),
  ask("finance", "read", "how many invoices are past due", (w) => [count(w.invoices.filter(overdue).length, "overdue invoices")]),
  ask("finance", "read", "which invoices are settled", (w) => [list(w, status("paid"))]),
  ask("finance", "read", "list cancelled invoices", (w) => [list(w, status("void"))]),
  ask("finance", "read", "what's currently outstanding overall", (w) => [money(dueSums(w.invoices.filter(unpaid)), "outstanding total")]),
  ask("finance", "read", "how much is sitting in late invoices altogether", (w) => [money(dueSums(w.invoices.filter(overdue)), "overdue total")]),
  ask("finance", "read", "open bills that are due", (w) => [list(w, unpaid)]),
  about("finance", "write", "took a payment of 200 on <an overdue invoice>", (w) => {
    const inv = w.invoices.filter((i) => overdue(i) && i.amount_due > 1000).at(-1)!;
    return {
      say: `took a payment of 200 ${inv.currency} on ${inv.number}`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 200) * 100) / 100 }, inv.number)],
    };
  }),
  about("finance", "write", "collected 150 on <an open invoice>", (w) => {
    const inv = w.invoices.filter((i) => i.status === "open" && i.amount_due > 1000).at(0)!;
    return {
      say: `collected 150 ${inv.currency} on ${inv.number}`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 150) * 100) / 100 }, inv.number)],
    };
  }),
  about("finance", "write", "<invoice> is bad debt, write it off", (w) => {
    const inv = w.invoices.filter(overdue).at(0)!;
    return { say: `${inv.number} is bad debt, write it off`, expect: [approval(/uncollectible/i, inv.id, inv.number)] };
  }),
  about("finance", "write", "please cancel <an open invoice>", (w) => {
    const inv = w.invoices.filter((i) => i.status === "open").at(0)!;
    return { say: `please cancel ${inv.number}`, expect: [approval(/void/i, inv.id, inv.number)] };
  }),
  unclear("finance", "got a payment of 300 usd"),
  unclear("finance", "write it off"),
];

const growth: Case[] = [
  ask("growth", "read", "what's the total value of deals in negotiation right now", (w) => [
    money(
      sums(stageDeals(w, "Negotiation"), (d: Deal) => d.amount ?? 0),
      "negotiation total",
    ),
  ]),
  ask("growth", "read", "how much is currently sitting in qualified", (w) => [
    money(
      sums(stageDeals(w, "Qualified"), (d: Deal) => d.amount ?? 0),
      "qualified total",
    ),
  ]),
  ask("growth", "read", "deals that are dead", (w) => [deals(w, (d) => d.status === "lost")]),
  ask("growth", "read", "closed-won opportunities", (w) => [deals(w, (d) => d.status === "won")]),
  ask("growth", "read", "how many deals have we signed", (w) => [count(w.deals.filter((d) => d.status === "won").length, "won deals")]),
  ask("growth", "read", "list the people in the new lead follow-up campaign", (w) => [named(enrolledContacts(w, followUp(w).id).map(fullName))]),
  ask("growth", "read", "show enrollments for new lead follow-up", (w) => [named(enrolledContacts(w, followUp(w).id).map(fullName))]),
  ask("growth", "read", "how many people are enrolled in new lead follow-up", (w) => [
    count(w.enrollments.filter((e) => e.sequence_id === followUp(w).id).length, "enrollments"),
  ]),
  ask("growth", "read", "contacts who are still leads", (w) => [
    named(w.contacts.filter((c) => c.lifecycle_stage === "lead").map(fullName), w.contacts.filter((c) => c.lifecycle_stage !== "lead").map(fullName)),
  ]),
  about("growth", "write", "sign up <a contact> for new lead follow-up", (w) => {
    const c = notEnrolled(w, 0);
    return { say: `sign up ${fullName(c)} for new lead follow-up`, expect: [enrolled(followUp(w).id, c.id, fullName(c))] };
  }),
  about("growth", "write", "put <a contact> on the new lead follow-up sequence", (w) => {
    const c = notEnrolled(w, 1);
    return { say: `put ${fullName(c)} on the new lead follow-up sequence`, expect: [enrolled(followUp(w).id, c.id, fullName(c))] };
  }),
  about("growth", "write", "add <a contact> to the New lead follow-up campaign", (w) => {
    const c = notEnrolled(w, 2);
    return { say: `add ${fullName(c)} to the New lead follow-up campaign`, expect: [enrolled(followUp(w).id, c.id, fullName(c))] };
  }),
  about("growth", "write", "mark the <account> <topic> deal as closed won", (w) => {
    const deal = openDealIn(w, ["Negotiation", "Proposal"]);
    const account = pick(w.accounts, (a) => a.id === deal.account_id, "account").name;
    return {
      say: `mark the ${account} ${deal.name.split(": ").slice(1).join(": ").toLowerCase()} deal as closed won`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "drop <a contact> into new lead follow-up", (w) => {
    const c = notEnrolled(w, 0);
    return { say: `drop ${fullName(c)} into new lead follow-up`, expect: [enrolled(followUp(w).id, c.id, fullName(c))] };
  }),
  ask("growth", "write", "put the new lead follow-up sequence on hold", (w) => [changed("sequence", followUp(w).id, { status: "paused" }, FOLLOW_UP)]),
  ask("growth", "write", "reactivate the new lead follow-up sequence", (w) => [changed("sequence", followUp(w).id, { status: "active" }, FOLLOW_UP)]),
  unclear("growth", "put Zebediah Quuxworth in the new lead follow-up sequence"),
  unclear("growth", "sign someone up for the sequence"),
];

const talent: Case[] = [
  ask("talent", "read", "candidates we passed on", (w) => [named(names(inStage(w, "rejected")), names(w.candidates.filter((c) => c.stage !== "rejected")))]),
  ask("talent", "read", "candidates we said no to", (w) => [named(names(inStage(w, "rejected")), names(w.candidates.filter((c) => c.stage !== "rejected")))]),
  ask("talent", "read", "applicants we declined", (w) => [named(names(inStage(w, "rejected")), names(w.candidates.filter((c) => c.stage !== "rejected")))]),
  ask("talent", "read", "how many people applied to the product designer role", (w) => [
    count(candidatesOf(w, jobNamed(w, "Product Designer").id).length, "candidates"),
  ]),
  ask("talent", "read", "who has applied for the account executive position", (w) => {
    const job = jobNamed(w, "Account Executive");
    return [named(names(candidatesOf(w, job.id)), names(w.candidates.filter((c) => c.job_id !== job.id)))];
  }),
  ask("talent", "read", "candidates currently interviewing", (w) => [
    named(names(inStage(w, "interview")), names(w.candidates.filter((c) => c.stage !== "interview"))),
  ]),
  ask("talent", "read", "applicants at the phone screen stage", (w) => [
    named(names(inStage(w, "screening")), names(w.candidates.filter((c) => c.stage !== "screening"))),
  ]),
  ask("talent", "read", "which positions are still open", (w) => [named(w.jobs.filter((j) => j.status === "open").map((j) => j.title))]),
  ask("talent", "write", "post a new role: Support Engineer, remote, part-time", () => [
    created("job", { title: is.text("Support Engineer"), location: is.text("Remote"), employment_type: "part_time" }),
  ]),
  ask("talent", "write", "publish a job for a Sales Engineer in Berlin, full time", () => [
    created("job", { title: is.text("Sales Engineer"), location: is.text("Berlin"), employment_type: "full_time" }),
  ]),
  ask("talent", "write", "list a new opening: Data Engineer, contract", () => [
    created("job", { title: is.text("Data Engineer"), employment_type: "contract" }),
  ]),
  about("talent", "write", "turn down <an applicant>", (w) => {
    const c = w.candidates.filter((x) => x.stage === "applied").at(-1)!;
    return { say: `turn down ${fullName(c)}`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  about("talent", "write", "let's pass on <a screening candidate>", (w) => {
    const c = w.candidates.filter((x) => x.stage === "screening").at(0)!;
    return { say: `let's pass on ${fullName(c)}`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  about("talent", "write", "decline <an applicant>", (w) => {
    const c = w.candidates.filter((x) => x.stage === "applied").at(0)!;
    return { say: `decline ${fullName(c)}`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  about("talent", "write", "move <an applicant> to phone screen", (w) => {
    const c = w.candidates.filter((x) => x.stage === "applied").at(1)!;
    return { say: `move ${fullName(c)} to phone screen`, expect: [changed("candidate", c.id, { stage: "screening" }, fullName(c))] };
  }),
  unclear("talent", "turn down the candidate"),
];

const snapshotOf = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot");
  return w.snapshot;
};
const perCurrency = <T extends { currency: string }>(rows: T[], value: (r: T) => number) => Object.fromEntries(rows.map((r) => [r.currency, value(r)]));

const intelligence: Case[] = [
  ask("intelligence", "figure", "what's our close rate", (w) => [figure(snapshotOf(w).growth.last_90_days.win_rate, "win rate", "percent")]),
  ask("intelligence", "figure", "total pipeline value right now", (w) => [
    money(
      perCurrency(snapshotOf(w).growth.pipeline.totals, (t) => t.open_value),
      "open pipeline",
    ),
  ]),
  ask("intelligence", "figure", "what are our receivables altogether", (w) => [
    money(
      perCurrency(snapshotOf(w).finance.currencies, (c) => c.outstanding),
      "outstanding receivables",
    ),
  ]),
];

/*
 * Wrong writes the third round of blind sets found, as classes: a yes-or-no question that names a change, a
 * payment larger than the balance, a value said in passing that a create must keep, a move to "the next stage".
 */
const careful: Case[] = [
  about("finance", "read", "has <client> paid anything on <an overdue invoice> yet?", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return { say: `has ${inv.client} paid anything on ${inv.number} yet?`, expect: [noChange(), says("overdue")] };
  }),
  about("finance", "question", "<client> says they paid <more than the balance> on <an open invoice>. log it", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_due > 100, "unpaid invoice");
    return { say: `${inv.client} says they paid ${Math.ceil(inv.amount_due * 2)} on ${inv.number}. log it pls`, expect: [noChange()] };
  }),
  about("talent", "write", "new candidate for <a job>: <name>, <email>, came in as a referral. I'd rate her a 4.", (w) => {
    const job = jobNamed(w, "Designer");
    return {
      say: `New candidate for the ${job.title} job: Hedy Lamarr, hedy.lamarr@example.com, came in as a referral. I'd rate her a 4.`,
      expect: [
        created("candidate", { first_name: is.text("Hedy"), last_name: is.text("Lamarr"), email: "hedy.lamarr@example.com", job_id: job.id, rating: 4 }),
      ],
    };
  }),
  about("talent", "write", "<a candidate in applied> looks promising, could you move her on to the next stage?", (w) => {
    const c = pick(inStage(w, "applied"), () => true, "applied candidate");
    return {
      say: `${fullName(c)} looks promising, could you move her on to the next stage?`,
      expect: [changed("candidate", c.id, { stage: "screening" }, fullName(c))],
    };
  }),
  about("growth", "write", "<account> deal - they want it closed by the end of next month", (w) => {
    const { deal, account } = soleOpenDeal(w);
    const [, end] = month(w, 1);
    return {
      say: `${account} deal - they want it closed by the end of next month`,
      expect: [changed("deal", deal.id, { expected_close_date: end, status: "open" }, deal.name)],
    };
  }),
];

/*
 * Round four: writes that went wrong while its classes were taught (a thousands separator cut a deal's amount to
 * 24, a person taken out of a sequence before the next name failed, a date moved from today instead of from its own
 * value), and a bulk write-off that must wait, one approval per invoice.
 */
const roundFour: Case[] = [
  about("growth", "write", 'So <account> wants more. Could you open an upsell deal for them called "Analytics add-on", 24,000 USD?', (w) => {
    const account = accountNamed(w, "Globex");
    return {
      say: `So ${account.name} wants to add the analytics module. Could you open an upsell deal for them called "Analytics add-on", 24,000 USD?`,
      expect: [created("deal", { name: "Analytics add-on", amount: 24000, currency: "USD", account_id: account.id })],
    };
  }),
  about("growth", "write", "push the close date on <an open deal> out by two weeks", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `push the close date on the ${account} ${dealTopic(deal).toLowerCase()} deal out by two weeks`,
      expect: [changed("deal", deal.id, { expected_close_date: addDays(deal.expected_close_date!, 14) }, deal.name)],
    };
  }),
  about("growth", "write", "<a contact in the sequence> answered us, take him out of the follow-up sequence so he gets no more emails", (w) => {
    const seq = w.sequences[0]!;
    const c = pick(enrolledContacts(w, seq.id), (x) => x.account_id !== null, "enrolled contact at an account");
    const at = pick(w.accounts, (a) => a.id === c.account_id, "the contact's account").name;
    return {
      say: `heads up, ${fullName(c)} at ${at} answered me on LinkedIn, so please take him out of the follow-up sequence so he doesn't get more emails.`,
      expect: [unenrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("finance", "write", "<account> asked us to bill them £3,250 for a workshop, due end of next month - can you raise the invoice?", (w) => {
    const account = accountNamed(w, "Hooli");
    const [, end] = month(w, 1);
    return {
      say: `${account.name} asked us to bill them £3,250 for the onboarding workshop we ran last week, due at the end of next month — can you raise the invoice?`,
      expect: [created("invoice", { client: is.text(account.name), account_id: account.id, amount: 3250, currency: "GBP", due_date: end })],
    };
  }),
  about("finance", "write", "<an account with one unpaid invoice> went under. write off what they still owe us", (w) => {
    const client = pick(w.accounts, (a) => w.invoices.filter((i) => i.account_id === a.id && unpaid(i)).length === 1, "account with one unpaid invoice");
    const inv = pick(w.invoices, (i) => i.account_id === client.id && unpaid(i), "its unpaid invoice");
    return {
      say: `${client.name} went into administration. write off what they still owe us, not expecting to see it`,
      expect: [approval(/uncollectible/, inv.id)],
    };
  }),
];

/*
 * Round five: a question about when someone must pay that once recorded a payment (a wrong write), a bulk void that
 * proposes one approval per invoice, part-paid invoices, two questions in one message, a stage said beside a new
 * amount, and a payment told as a bank line, allocated to the one invoice in its currency.
 */
const roundFive: Case[] = [
  about("growth", "write", "new expansion opp at <account>, 40 more seats, $36k, called Seat expansion", (w) => {
    const account = accountNamed(w, "Globex");
    return {
      say: `new expansion opp at ${account.name.split(" ")[0]}, 40 more seats, $36k, call it "Seat expansion"`,
      expect: [created("deal", { name: "Seat expansion", amount: 36000, currency: "USD", account_id: account.id })],
    };
  }),
  about("finance", "read", "before I send the renewal quote: what's overdue with <an account with a draft and an overdue invoice>?", (w) => {
    const client = pick(
      w.accounts,
      (a) => w.invoices.some((i) => i.account_id === a.id && i.status === "draft") && w.invoices.some((i) => i.account_id === a.id && i.status === "overdue"),
      "account with a draft and an overdue invoice",
    );
    const late = w.invoices.filter((i) => i.account_id === client.id && i.status === "overdue");
    return {
      say: `AR is chasing ${client.name}. before I send the renewal quote: what's actually overdue w/ them?`,
      expect: [named(numbers(late)), noChange()],
    };
  }),
  about("finance", "question", "by when does <an account with one unpaid invoice> have to pay us?", (w) => {
    const client = pick(w.accounts, (a) => w.invoices.filter((i) => i.account_id === a.id && unpaid(i)).length === 1, "account with one unpaid invoice");
    const inv = pick(w.invoices, (i) => i.account_id === client.id && unpaid(i), "its unpaid invoice");
    return { say: `by when does ${client.name} have to pay us?`, expect: [date(inv.due_date, "its due date"), noChange()] };
  }),
  about("finance", "write", "please void every unpaid invoice of <an account with two or three>", (w) => {
    const client = pick(
      w.accounts,
      (a) => [2, 3].includes(w.invoices.filter((i) => i.account_id === a.id && unpaid(i)).length),
      "account with two or three unpaid invoices",
    );
    const owed = w.invoices.filter((i) => i.account_id === client.id && unpaid(i));
    return { say: `please void every unpaid invoice of ${client.name}`, expect: owed.map((i) => approval(/void/, i.id)) };
  }),
  about("finance", "read", "anything partly paid that still has a balance?", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    if (part.length === 0) throw new Error("no part-paid invoice in the demo data");
    return { say: "anything partly paid that still has a balance?", expect: [named(numbers(part), numbers(w.invoices.filter((i) => !part.includes(i))))] };
  }),
  about("talent", "read", "how many open jobs have we got, and how many candidates are in interview?", (w) => ({
    say: "how many open jobs have we got, and how many candidates are in interview?",
    expect: [count(w.jobs.filter((j) => j.status === "open").length, "open jobs"), count(inStage(w, "interview").length, "candidates in interview")],
  })),
  about("growth", "write", "move <an account with one open and one closed deal>'s deal to Proposal and set it to 40k", (w) => {
    const client = pick(
      w.accounts,
      (a) =>
        w.deals.filter((d) => d.account_id === a.id && d.status === "open").length === 1 && w.deals.some((d) => d.account_id === a.id && d.status !== "open"),
      "account with one open and one closed deal",
    );
    const deal = pick(w.deals, (d) => d.account_id === client.id && d.status === "open", "its open deal");
    return {
      say: `${client.name} are keen, move their deal to Proposal and set it to 40k`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id, amount: 40000 }, deal.name)],
    };
  }),
  about(
    "finance",
    "write",
    "Bank statement shows 1 500 EUR from <an account with one unpaid EUR invoice among others>, allocate it to their euro invoice",
    (w) => {
      const client = pick(
        w.accounts,
        (a) => {
          const owed = w.invoices.filter((i) => i.account_id === a.id && unpaid(i));
          return owed.length > 1 && owed.filter((i) => i.currency === "EUR" && i.amount_due > 1500).length === 1;
        },
        "account with one unpaid EUR invoice among others",
      );
      const inv = pick(w.invoices, (i) => i.account_id === client.id && unpaid(i) && i.currency === "EUR", "its EUR invoice");
      return {
        say: `Bank statement this morning shows a transfer of 1 500 EUR from ${client.name}. Please allocate it to their euro invoice.`,
        expect: [changed("invoice", inv.id, { amount_paid: inv.amount_paid + 1500 }, inv.number)],
      };
    },
  ),
];

/* Classes round eight taught: a question asked after a remark (it once recorded a payment), a deal named after a
 * misspelt account, dates between two days, clients ranked by what they owe, a remark's company telling two records
 * apart, a shouted message. */
const roundEight: Case[] = [
  about("finance", "question", "about <client>'s bill, the unpaid one: when were they meant to pay it by?", (w) => {
    const client = pick(w.accounts, (a) => w.invoices.filter((i) => i.account_id === a.id && unpaid(i)).length === 1, "account with one unpaid invoice");
    const inv = pick(w.invoices, (i) => i.account_id === client.id && unpaid(i), "its unpaid invoice");
    return {
      say: `got a question about ${client.name}'s bill, the unpaid one, when were they meant to pay it by? they're asking`,
      expect: [date(inv.due_date, "its due date"), noChange()],
    };
  }),
  about("growth", "write", "new opp: <an account's first word, one letter short> onboarding 45k", (w) => {
    const account = pick(w.accounts, (a) => a.name.split(" ")[0]!.length >= 6 && a.name.includes(" "), "account with a long first word");
    const slip = account.name.split(" ")[0]!.slice(0, -1);
    return { say: `new opp: ${slip} onboarding 45k`, expect: [created("deal", { amount: 45000, account_id: account.id })] };
  }),
  about("finance", "read", "which unpaid invoices fall due between <a day> and <a day two weeks on>?", (w) => {
    const from = addDays(w.now.toISOString().slice(0, 10), 7);
    const to = addDays(from, 14);
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });
    const inside = w.invoices.filter((i) => unpaid(i) && i.due_date >= from && i.due_date <= to);
    const outside = w.invoices.filter((i) => unpaid(i) && !inside.includes(i));
    if (inside.length === 0) throw new Error("no unpaid invoice falls due in that fortnight");
    return { say: `which unpaid invoices fall due between ${day(from)} and ${day(to)}?`, expect: [named(numbers(inside), numbers(outside), inside.length)] };
  }),
  about("finance", "read", "which customer owes us the most in euros?", (w) => {
    const owed = new Map<string, number>();
    for (const i of w.invoices.filter((x) => unpaid(x) && x.currency === "EUR")) owed.set(i.client, (owed.get(i.client) ?? 0) + i.amount_due);
    const [top] = [...owed].sort((a, b) => b[1] - a[1]);
    if (!top) throw new Error("no unpaid euro invoice");
    return {
      say: "which customer owes us the most in euros?",
      expect: [
        named(
          [top[0]],
          [...owed.keys()].filter((c) => c !== top[0]),
          1,
        ),
        money({ EUR: top[1] }),
      ],
    };
  }),
  about("growth", "write", "<account> signed!! mark the <topic another account's deal shares> deal as won", (w) => {
    const deal = pick(w.deals, (d) => d.status === "open" && w.deals.some((o) => o !== d && dealTopic(o) === dealTopic(d)), "open deal sharing its topic");
    const account = pick(w.accounts, (a) => a.id === deal.account_id, "its account");
    return {
      say: `${account.name.split(" ")[0]} signed!! mark the ${dealTopic(deal).toLowerCase()} deal as won`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("finance", "write", "<CLIENT> PAID <an overdue invoice> IN FULL, MARK IT", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return {
      say: `${inv.client.toUpperCase()} PAID ${inv.number} IN FULL, MARK IT`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
];

/* Classes rounds nine and ten taught. Their wrong writes: a create of a record already on file (it made a second
 * James Novak, a second Tyrell Biotech), a title read as a person's name, a client written as typed when an account
 * has the name, a part payment recorded as the whole, "make a new invoice" changing an old one. And what they could
 * not read: a contact by email address, an account by domain, a field "of" a record, figures in plain words, a
 * remark before a bare verb, a plan said after the request. */
const uniqueContact = (w: World) => {
  const c = pick(uniqueContacts(w), (x) => x.account_id !== null && !x.phone && x.tags.length === 0, "contact with a name of its own");
  return { c, account: pick(w.accounts, (a) => a.id === c.account_id, "their account") };
};
const digits = (d: string) => is.where(`the number ${d} (any punctuation)`, (v: unknown) => typeof v === "string" && v.replace(/\D/g, "") === d);
const roundTen: Case[] = [
  about("growth", "write", "<unique contact> at <account> - mobile is +1 212 555 0199, add it (they are on file)", (w) => {
    const { c, account } = uniqueContact(w);
    return {
      say: `${fullName(c).toLowerCase()} at ${account.name.split(" ")[0]!.toLowerCase()} - mobile is +1 212 555 0199, pls add it`,
      expect: [changed("contact", c.id, { phone: digits("12125550199") }, fullName(c))],
    };
  }),
  about("growth", "write", "<account> is based in Canada, add that to their account (it is on file)", (w) => {
    const account = pick(w.accounts, (a) => a.country !== "CA", "account not in Canada");
    return {
      say: `${account.name} is based in Canada, can you add that to their account?`,
      expect: [changed("account", account.id, { country: "CA" }, account.name)],
    };
  }),
  about("growth", "question", "a new Head of Finance started at <domain>, add them as a contact", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null, "account with a domain");
    return { say: `a new Head of Finance started at ${account.domain}, add them as a contact`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "write", "new invoice for <account, lower case>, 900 usd for setup, due end of next month", (w) => {
    const account = pick(w.accounts, (a) => !a.name.includes(" "), "account of one word");
    return {
      say: `new invoice for ${account.name.toLowerCase()}, 900 usd for setup, due end of next month`,
      expect: [created("invoice", { client: account.name, account_id: account.id, amount: 900, currency: "USD", due_date: month(w, 1)[1] })],
    };
  }),
  about("finance", "write", "<client> sent part of what they owe on the <amount> invoice: <part> came in, log it", (w) => {
    const inv = pick(
      w.invoices,
      (i) => unpaid(i) && i.amount_paid === 0 && i.amount > 2000 && ofClient(w, i.client).filter(unpaid).length > 1,
      "unpaid invoice among several",
    );
    const part = Math.floor(inv.amount / 2000) * 1000;
    const fmt = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2 });
    return {
      say: `${inv.client} paid one part of the invoice of ${fmt(inv.amount)} ${inv.currency}, we received ${fmt(part)} ${inv.currency} today, register it`,
      expect: [changed("invoice", inv.id, { amount_paid: part }, inv.number)],
    };
  }),
  about("finance", "question", "make a new invoice for <account> in euros, due the end of next month (no amount)", (w) => {
    const account = pick(w.accounts, (a) => w.invoices.some((i) => i.account_id === a.id), "account with invoices");
    return { say: `make a new invoice for ${account.name} in euros, the due date is the end of next month`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "write", "<email> direct line is +44 20 7946 0000, update the record", (w) => {
    const c = pick(w.contacts, (x) => !x.phone, "contact without a phone");
    return {
      say: `${c.email} direct line is +44 20 7946 0000, update the record`,
      expect: [changed("contact", c.id, { phone: digits("442079460000") }, c.email)],
    };
  }),
  about("growth", "write", "set the title of <email> to VP Operations", (w) => {
    const c = pick(w.contacts, (x) => x.title !== "VP Operations", "contact");
    return { say: `set the title of ${c.email} to VP Operations`, expect: [changed("contact", c.id, { title: is.text("VP Operations") }, c.email)] };
  }),
  about("growth", "read", "what stage is the open deal with the <domain> folks in?", (w) => {
    const account = pick(
      w.accounts,
      (a) => a.domain !== null && w.deals.filter((d) => d.account_id === a.id && d.status === "open").length === 1,
      "account with one open deal",
    );
    const deal = pick(w.deals, (d) => d.account_id === account.id && d.status === "open", "its open deal");
    return { say: `what stage is the open deal with the ${account.domain} folks in?`, expect: [says(stageOf(w, deal).name)] };
  }),
  about("growth", "write", "we're not going ahead with <account>'s <topic> deal", (w) => {
    const deal = pick(
      w.deals,
      (d) => d.status === "open" && d.account_id !== null && w.deals.filter((o) => o.account_id === d.account_id && o.status === "open").length === 1,
      "sole open deal",
    );
    const account = pick(w.accounts, (a) => a.id === deal.account_id, "its account");
    return { say: `we're not going ahead with the ${account.name} deal`, expect: [changed("deal", deal.id, { status: "lost" }, deal.name)] };
  }),
  about("talent", "write", "the hiring manager said no to <candidate> for the <job>, please reject", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "screening" || c.stage === "applied", "candidate early in the process");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "their job");
    return {
      say: `the hiring manager said no to ${fullName(cand).toLowerCase()} for the ${job.title.toLowerCase()} role, please reject`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("growth", "write", "<unique contact> signs off on every purchase at <account>, tag as decision-maker", (w) => {
    const { c, account } = uniqueContact(w);
    return {
      say: `${fullName(c)} signs off on every purchase at ${account.name}, tag as decision-maker`,
      expect: [changed("contact", c.id, { tags: is.including("decision-maker") }, fullName(c))],
    };
  }),
  about("growth", "write", "pause <sequence> over the holidays, nobody opens email then", (w) => {
    const seq = followUp(w);
    return { say: `pause ${seq.name} over the holidays, nobody opens email then`, expect: [changed("sequence", seq.id, { status: "paused" }, seq.name)] };
  }),
  ask("intelligence", "figure", "how good are we at winning deals these days?", (w) => [
    figure(snapshotOf(w).growth.last_90_days.win_rate, "win rate", "percent"),
  ]),
  ask("intelligence", "figure", "on average how many days do customers take to pay us?", (w) => [
    figure(pick(snapshotOf(w).finance.currencies, (c) => c.currency === "USD", "USD").days_sales_outstanding, "days sales outstanding"),
  ]),
  ask("intelligence", "figure", "how much money are we still waiting on from customers?", (w) => [
    money(
      perCurrency(snapshotOf(w).finance.currencies, (c) => c.outstanding),
      "outstanding",
    ),
  ]),
  about("finance", "read", "how much are we still waiting for from <client>?", (w) => {
    const client = pick(w.invoices, (i) => unpaid(i) && ofClient(w, i.client).filter(unpaid).length > 1, "client with several unpaid").client;
    return { say: `how much are we still waiting for from ${client}?`, expect: [money(dueSums(ofClient(w, client).filter(unpaid)))] };
  }),
  about("growth", "write", "put <unique contact> from <account> in the <sequence, last two words> emails", (w) => {
    const c = notEnrolled(w, 0);
    const account = pick(w.accounts, (a) => a.id === c.account_id, "their account");
    const seq = followUp(w);
    return {
      say: `can you put ${c.first_name.toLowerCase()} from ${account.name.split(" ")[0]!.toLowerCase()} in the ${seq.name.split(" ").slice(-2).join(" ").toLowerCase()} emails`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("growth", "read", "is <enrolled contact's email> in any sequence right now?", (w) => {
    const seq = followUp(w);
    const c = pick(enrolledContacts(w, seq.id), () => true, "enrolled contact");
    return { say: `is ${c.email} in any sequence right now? don't want to double up`, expect: [says(seq.name), noChange()] };
  }),
  about("finance", "read", "which client has the most overdue? (in dollars)", (w) => {
    const owed = new Map<string, number>();
    for (const i of w.invoices.filter((x) => overdue(x) && x.currency === "USD")) owed.set(i.client, (owed.get(i.client) ?? 0) + i.amount_due);
    const [top] = [...owed].sort((a, b) => b[1] - a[1]);
    if (!top) throw new Error("no overdue dollar invoice");
    return { say: "which client has the most overdue in dollars?", expect: [named([top[0]], [], 1), money({ USD: top[1] })] };
  }),
  about("finance", "read", "of the overdue ones in <currency>, which has the most still owing on it?", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.currency === "USD").sort((a, b) => b.amount_due - a.amount_due);
    if (late.length < 2) throw new Error("fewer than two overdue dollar invoices");
    return {
      say: "of the overdue usd ones which has the most still owing on it",
      expect: [named([late[0]!.number], [], 1), money({ USD: late[0]!.amount_due })],
    };
  }),
  about("finance", "question", "my contact at <client with two unpaid> says they paid their invoice last week, mark it paid", (w) => {
    const account = pick(w.accounts, (a) => w.invoices.filter((i) => i.account_id === a.id && unpaid(i)).length >= 2, "account with two unpaid invoices");
    return { say: `my contact at ${account.name} says they paid their invoice last week, can you mark it paid`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "write", "<client>'s cheque for <part> has cleared, record it as a part payment against <invoice>; the rest is still owed", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_due > 3000 && i.currency === "USD", "unpaid dollar invoice over 3k");
    return {
      say: `${inv.client}'s cheque for $2,500.00 has cleared. Please record it as a part payment against ${inv.number}; the rest is still owed.`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 2500) * 100) / 100 }, inv.number)],
    };
  }),
  about("growth", "write", "<account> <topic of its sole open deal> is in <a later stage> now, they came back on the proposal", (w) => {
    const deal = pick(
      w.deals,
      (d) =>
        d.status === "open" && stageOf(w, d).name !== "Negotiation" && w.deals.filter((o) => o.account_id === d.account_id && o.status === "open").length === 1,
      "sole open deal not in negotiation",
    );
    const account = pick(w.accounts, (a) => a.id === deal.account_id, "its account");
    return {
      say: `${account.name.toLowerCase()} ${dealTopic(deal).toLowerCase()} is in negotiation now, they came back on the proposal`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),
  about("talent", "write", "we're done hiring for the <open job> role, can you close it", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open", "open job");
    return {
      say: `we're done hiring for the ${job.title.toLowerCase()} role, can you close the job`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),
  about("growth", "write", "<unique lead, lower case> at <account> is qualified now, update her", (w) => {
    const c = pick(uniqueContacts(w), (x) => x.lifecycle_stage === "lead" && x.account_id !== null, "lead with a name of its own");
    const account = pick(w.accounts, (a) => a.id === c.account_id, "their account");
    return {
      say: `${fullName(c).toLowerCase()} at ${account.name.split(" ")[0]!.toLowerCase()} is qualified now, update the record`,
      expect: [changed("contact", c.id, { lifecycle_stage: "qualified" }, fullName(c))],
    };
  }),
  ask("intelligence", "figure", "how much are customers owing us overall, all currencies", (w) => [
    money(
      perCurrency(snapshotOf(w).finance.currencies, (c) => c.outstanding),
      "outstanding",
    ),
  ]),
  about("growth", "read", "whos the <title's acronym> over at <account>", (w) => {
    const c = pick(
      w.contacts,
      (x) =>
        /chief financial officer/i.test(x.title ?? "") &&
        w.contacts.filter((o) => o.account_id === x.account_id && /chief financial|finance|controller/i.test(o.title ?? "")).length === 1,
      "sole finance contact",
    );
    const account = pick(w.accounts, (a) => a.id === c.account_id, "their account");
    return { say: `whos the cfo over at ${account.name.split(" ")[0]!.toLowerCase()}`, expect: [named([fullName(c)], [], 1), noChange()] };
  }),
  about("talent", "write", "<candidate>'s 2nd call was meh, drop him to a <one less>", (w) => {
    const cand = pick(w.candidates, (c) => (c.rating ?? 0) >= 3 && !["hired", "rejected"].includes(c.stage), "rated candidate in play");
    return {
      say: `${fullName(cand).toLowerCase()}'s 2nd call was meh, drop them to a ${cand.rating! - 1}`,
      expect: [changed("candidate", cand.id, { rating: cand.rating! - 1 }, fullName(cand))],
    };
  }),
  about("growth", "write", "throw <unique contact> in the follow up seq", (w) => {
    const c = notEnrolled(w, 0);
    const seq = followUp(w);
    return { say: `throw ${fullName(c).toLowerCase()} in the follow up seq`, expect: [enrolled(seq.id, c.id, fullName(c))] };
  }),
  ask("growth", "read", "how many contacts are still at lifecycle stage = lead?", (w) => [
    count(w.contacts.filter((c) => c.lifecycle_stage === "lead").length, "leads"),
  ]),
];

/* Classes round eleven taught (a bookkeeper pasting and writing politely, a founder dictating, a coordinator whose
 * English is his second language). Its wrong writes: "INV-38 is paid?" recorded a payment, "USD 8.925,59." read as
 * 59, "send northwind an invoice for the workshop" billed "the workshop". And what it could not read: remarks after
 * the request, invoices by client and what was billed, misheard names, corrections of names, day-first dates. */
const misspelt = (name: string) => `${name}${name.at(-1)}`;
const late = (w: World, days: number) => w.invoices.filter((i) => i.status === "overdue" && (i.days_overdue ?? 0) > days);
const billedOnce = (w: World) =>
  pick(
    w.invoices,
    (i) =>
      unpaid(i) &&
      i.account_id !== null &&
      i.description !== null &&
      w.invoices.filter((o) => o.client === i.client && o.description === i.description).length === 1,
    "unpaid invoice whose description its client has once",
  );
const roundEleven: Case[] = [
  about("finance", "question", "<number> of <client> is paid? (a question, not a payment)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "overdue" && i.amount_paid === 0, "overdue invoice");
    return { say: `the ${inv.number} of ${inv.client} is paid?`, expect: [noChange(), says("overdue", "not paid", "unpaid")] };
  }),
  about("finance", "write", "<client> paid the invoice <n> yesterday, full value <currency> <European amount>.", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_due >= 1000, "unpaid invoice of a thousand or more");
    const [whole, cents] = inv.amount_due.toFixed(2).split(".");
    const european = `${whole!.replace(/\B(?=(\d{3})+$)/g, ".")},${cents}`;
    return {
      say: `${inv.client} paid yesterday the invoice ${Number(inv.number.replace(/\D/g, ""))}, full value ${inv.currency} ${european}. please register`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "send <account> an invoice for the <purpose>, 2,400 euros, due end of next month", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `send ${account.name.split(" ")[0]!.toLowerCase()} an invoice for the analytics workshop, 2,400 euros, due end of next month`,
      expect: [
        created("invoice", {
          client: account.name,
          account_id: account.id,
          amount: 2400,
          currency: "EUR",
          due_date: month(w, 1)[1],
          description: is.text("analytics workshop"),
        }),
      ],
    };
  }),
  about("finance", "read", "has <client> settled the <description> invoice yet?", (w) => {
    const inv = billedOnce(w);
    return {
      say: `has ${inv.client.split(" ")[0]} settled the ${inv.description!.toLowerCase()} invoice yet?`,
      expect: [named([inv.number], [], 1), noChange()],
    };
  }),
  about(
    "finance",
    "write",
    "<client>'s people asked for more time on the <description> invoice, so please push its due date to the 20th of next month",
    (w) => {
      const inv = billedOnce(w);
      const due = `${month(w, 1)[0].slice(0, 8)}20`;
      return {
        say: `${inv.client.split(" ")[0]}'s AP people asked for more time on the ${inv.description!.toLowerCase()} invoice, so please push its due date to the 20th of next month`,
        expect: [changed("invoice", inv.id, { due_date: due }, inv.number)],
      };
    },
  ),
  about("finance", "read", "which invoices have more than 50 days of overdue? I want to phone them", (w) => ({
    say: "which invoices have more than 50 days of overdue? I want to phone those clients",
    expect: [named(numbers(late(w, 50)), numbers(w.invoices.filter((i) => i.status === "overdue" && (i.days_overdue ?? 0) < 49)))],
  })),
  about("growth", "read", "remind me who we've got over at <account> i've got a meeting with them at 3", (w) => {
    const account = pick(w.accounts, (a) => w.contacts.filter((c) => c.account_id === a.id).length >= 2, "account with people");
    const people = w.contacts.filter((c) => c.account_id === account.id);
    return {
      say: `remind me who we've got over at ${account.name.toLowerCase()} i've got a meeting with them at 3`,
      expect: [named(people.map(fullName), [], people.length)],
    };
  }),
  ask("intelligence", "figure", "how much of what our clients owe us is overdue, the board keeps asking", (w) => [
    money(dueSums(w.invoices.filter(overdue)), "overdue"),
  ]),
  about("growth", "read", "the <misheard account> <topic> deal what stage is it in", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `the ${misspelt(account.split(" ")[0]!).toLowerCase()} ${dealTopic(deal).toLowerCase()} deal what stage is it in`,
      expect: [says(stageOf(w, deal).name), noChange()],
    };
  }),
  about("talent", "read", "where's <misheard first name> <last name> at in the process", (w) => {
    const cand = pick(w.candidates, (c) => w.candidates.filter((o) => o.last_name === c.last_name).length === 1 && c.first_name.length >= 4, "candidate");
    return {
      say: `where's ${misspelt(cand.first_name).toLowerCase()} ${cand.last_name.toLowerCase()} at in the process`,
      expect: [says(cand.stage), noChange()],
    };
  }),
  about("talent", "write", "reject <candidate> no wait sorry <other candidate>, <first> is fine", (w) => {
    const [a, b] = w.candidates
      .filter((c) => ["applied", "screening"].includes(c.stage))
      .filter((c) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1);
    if (!a || !b) throw new Error("no two candidates early in the process");
    return {
      say: `reject ${fullName(a).toLowerCase()} no wait sorry ${fullName(b).toLowerCase()}, ${a.first_name.toLowerCase()}'s fine`,
      expect: [changed("candidate", b.id, { stage: "rejected" }, fullName(b))],
    };
  }),
  about("growth", "write", "add a new contact at <account> <first last> he's their new head of sales, email ...", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null && !a.name.includes(" "), "account of one word with a domain");
    return {
      say: `add a new contact at ${account.name.toLowerCase()} raj mehta he's their new head of sales, email is raj.mehta@${account.domain}`,
      expect: [
        created("contact", {
          first_name: "Raj",
          last_name: "Mehta",
          account_id: account.id,
          email: `raj.mehta@${account.domain}`,
          title: is.text("head of sales"),
        }),
      ],
    };
  }),
  about("growth", "write", "put <contact> of <account> in the sequence <name> please", (w) => {
    const c = notEnrolled(w, 1);
    const account = pick(w.accounts, (a) => a.id === c.account_id, "their account");
    return { say: `put ${fullName(c)} of ${account.name} in the sequence ${followUp(w).name} please`, expect: [enrolled(followUp(w).id, c.id, fullName(c))] };
  }),
  about("talent", "write", "put rating 5 in the <candidate>, the interview of him was very good", (w) => {
    const cand = pick(w.candidates, (c) => c.rating !== 5 && !["hired", "rejected"].includes(c.stage), "candidate below five stars");
    return {
      say: `put rating 5 in the ${fullName(cand)}, the interview of them today was very good`,
      expect: [changed("candidate", cand.id, { rating: 5 }, fullName(cand))],
    };
  }),
  about("growth", "read", "need the emails of the contacts of <account>, for send the newsletter", (w) => {
    const account = pick(w.accounts, (a) => w.contacts.filter((c) => c.account_id === a.id).length >= 2, "account with people");
    const emails = w.contacts.filter((c) => c.account_id === account.id).map((c) => c.email!);
    return { say: `need the emails of the contacts of ${account.name}, for send the newsletter`, expect: [named(emails, [], emails.length)] };
  }),
  about("growth", "read", "the deals of <account> that are still open, which are and in what stage?", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `the deals of ${account} that are still open, which are and in what stage?`,
      expect: [named([deal.name], [], 1), says(stageOf(w, deal).name)],
    };
  }),
];

/*
 * Round twelve's classes (a coordinator typing as in Slack, a COO's context-first review, an intern who names
 * things in everyday words), worded apart from its blind sets.
 */
const roundTwelve: Case[] = [
  ask("finance", "read", "r any invoices overdue rn? total per currency pls", (w) => [money(dueSums(w.invoices.filter(overdue)), "overdue")]),
  about("finance", "write", "need new invoice for <account> - €3,000 for the pipeline health check, due in 2 weeks", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `need new invoice for ${account.name} - €3,000 for the pipeline health check, due in 2 weeks`,
      expect: [
        created("invoice", {
          account_id: account.id,
          amount: 3000,
          currency: "EUR",
          due_date: addDays(today(w), 14),
          description: is.text("pipeline health check"),
        }),
      ],
    };
  }),
  about("growth", "question", "add the new <account> cto as a contact (no name said)", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return { say: `pls add the new ${account.name.split(" ")[0]!.toLowerCase()} cto as a contact`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "write", "add the new <Account> CTO, Maya Patel, as a contact", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `add the new ${account.name.split(" ")[0]} CTO, Maya Patel, as a contact`,
      expect: [created("contact", { first_name: "Maya", last_name: "Patel", account_id: account.id, title: is.text("CTO") })],
    };
  }),
  about("talent", "write", "<first name> said yes to the offer!! they're officially hired, update them pls", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "offer", "candidate at offer");
    return {
      say: `${c.first_name} said yes to the offer!! they're officially hired, update them pls`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),
  about("talent", "write", "could we put <candidate> down as rejected? the panel passed on him", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening", "candidate in screening");
    return { say: `could we put ${fullName(c)} down as rejected? the panel passed`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  about("finance", "read", "which clients are more than 45 days late paying?", (w) => {
    const late45 = w.invoices.filter((i) => i.status === "overdue" && (i.days_overdue ?? 0) > 45);
    const onTime = w.invoices.filter((i) => i.status === "overdue" && (i.days_overdue ?? 0) < 44).map((i) => i.client);
    const clients = [...new Set(late45.map((i) => i.client))];
    return {
      say: "which clients are more than 45 days late paying?",
      expect: [
        named(
          clients,
          onTime.filter((c) => !clients.includes(c)),
          clients.length,
        ),
      ],
    };
  }),
  ask("finance", "read", "how much money do our clients still owe us altogether?", (w) => [money(dueSums(w.invoices.filter(unpaid)), "owed")]),
  about("growth", "write", "<Account> signed the <topic> contract 🎉 the team asked me to record it as a win", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `${account} signed the ${dealTopic(deal).toLowerCase()} contract 🎉 the team asked me to record it as a win`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "fyi the <account> <topic> deal is slipping - revised close date is end of February", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `fyi the ${account.split(" ")[0]} ${dealTopic(deal).toLowerCase()} deal is slipping - revised close date is end of February`,
      expect: [changed("deal", deal.id, { expected_close_date: endOfNamedMonth(w, 2) }, deal.name)],
    };
  }),
  ask("intelligence", "figure", "hiring: how many people did we hire over the past 12 months and what is the median time-to-fill?", (w) => [
    figure(w.snapshot!.talent.hires_last_365_days, "hires in the last year"),
    figure(w.snapshot!.talent.median_days_to_hire, "median days to hire"),
  ]),
  about("growth", "read", "who's receiving the automated email drip at the moment?", (w) => {
    const inIt = enrolledContacts(w, followUp(w).id);
    return { say: "who's receiving the automated email drip at the moment?", expect: [named(names(inIt), [], inIt.length)] };
  }),
  about("finance", "read", "ahead of the board meeting, which invoices fall due between today and 10 days from now?", (w) => {
    const end = addDays(today(w), 10);
    const due = w.invoices.filter((i) => unpaid(i) && i.due_date >= today(w) && i.due_date <= end);
    const later = w.invoices.filter((i) => unpaid(i) && i.due_date > addDays(end, 1));
    return {
      say: "ahead of the board meeting, which invoices fall due between today and 10 days from now?",
      expect: [named(numbers(due), numbers(later), due.length)],
    };
  }),
  about("finance", "question", "raise an invoice to <account> for the Q2 retainer, net 45 (no amount)", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return { say: `raise an invoice to ${account.name} for the Q2 retainer, net 45`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "read", "which of the businesses we work with are based in the UK?", (w) => {
    const uk = w.accounts.filter((a) => a.country === "GB");
    return {
      say: "which of the businesses we work with are based in the UK?",
      expect: [
        named(
          uk.map((a) => a.name),
          w.accounts.filter((a) => a.country !== "GB").map((a) => a.name),
          uk.length,
        ),
      ],
    };
  }),
  about("growth", "read", "the largest opportunity we haven't won yet", (w) => {
    const open = w.deals.filter((d) => d.status === "open").sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0));
    return { say: "the largest opportunity we haven't won yet", expect: [named([open[0]!.name], [], 1)] };
  }),
  about("finance", "write", "Contract signed with <Account> - please bill them 7,500 GBP for the migration sprint, due end of next month", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `Contract signed with ${account.name} - please bill them 7,500 GBP for the migration sprint, due end of next month`,
      expect: [
        created("invoice", { account_id: account.id, amount: 7500, currency: "GBP", due_date: month(w, 1)[1], description: is.text("migration sprint") }),
      ],
    };
  }),
  about("growth", "read", "prepping for the quarterly board meeting: rank the Proposal deals by value, biggest first, and give me the total", (w) => {
    const inStage = stageDeals(w, "Proposal");
    return {
      say: "prepping for the quarterly board meeting: rank the Proposal deals by value, biggest first, and give me the total",
      expect: [
        named(
          inStage.map((d) => d.name),
          w.deals.filter((d) => !inStage.includes(d)).map((d) => d.name),
          inStage.length,
        ),
        money(
          sums(inStage, (d: Deal) => d.amount ?? 0),
          "Proposal total",
        ),
      ],
    };
  }),
  about(
    "finance",
    "read",
    "ahead of my 1:1 with the CFO I want to understand where the money is stuck, so rank the customers by how much USD they owe us",
    (w) => {
      const owed = new Map<string, number>();
      for (const i of w.invoices.filter((x) => unpaid(x) && x.currency === "USD")) owed.set(i.client, (owed.get(i.client) ?? 0) + i.amount_due);
      const ranked = [...owed].sort((a, b) => b[1] - a[1]).map(([client]) => client);
      return {
        say: "ahead of my 1:1 with the CFO I want to understand where the money is stuck, so rank the customers by how much USD they owe us",
        expect: [named(ranked.slice(0, 3), [], 3)],
      };
    },
  ),
  about("growth", "write", "new upsell opp at <account>, $18k, closing end of April (no name said)", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `new upsell opp at ${account.name.split(" ")[0]}, $18k, closing end of April`,
      expect: [created("deal", { account_id: account.id, amount: 18000, name: is.containing("upsell"), expected_close_date: endOfNamedMonth(w, 4) })],
    };
  }),
  about("growth", "read", "when does <account>'s <topic word> deal close?", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with two open deals");
    const open = dealsOf(w, account.id).filter((d) => d.status === "open");
    const deal = pick(open, (d) => open.filter((o) => dealTopic(o).split(" ")[0] === dealTopic(d).split(" ")[0]).length === 1, "deal with its own first word");
    return {
      say: `when does ${account.name}'s ${dealTopic(deal).split(" ")[0]!.toLowerCase()} deal close?`,
      expect: [
        date(deal.expected_close_date!, "expected close"),
        named(
          [deal.name],
          open.filter((d) => d !== deal).map((d) => d.name),
          1,
        ),
      ],
    };
  }),
  about("growth", "write", "Leo @ Stark is our new champion — put a champion tag on him", (w) => {
    const leo = pick(w.contacts, (c) => c.first_name === "Leo" && c.account_id === accountNamed(w, "Stark").id, "Leo at Stark");
    return {
      say: "Leo @ Stark is our new champion — put a champion tag on him",
      expect: [changed("contact", leo.id, { tags: is.including(...(leo.tags ?? []), "champion") }, fullName(leo))],
    };
  }),
  about("talent", "write", "Tom has thought it over and feels <candidate> isn't the right fit, I'm afraid. Could you reject her application?", (w) => {
    const grace = pick(w.candidates, (c) => fullName(c) === "Grace Hopper" && c.stage !== "rejected" && c.stage !== "hired", "Grace Hopper in process");
    return {
      say: "Tom has thought it over and feels Grace Hopper isn't the right fit, I'm afraid. Could you reject her application?",
      expect: [changed("candidate", grace.id, { stage: "rejected" }, fullName(grace))],
    };
  }),
];

/*
 * Round thirteen's classes, worded apart from its blind sets: formal British letters (greeting, sign-off, "I wonder
 * whether", "a week on Tuesday", "fortnight", what is told before "how many there are"), messages relayed from a
 * help desk (ticket numbers, a customer's words in quotes, "<Company>'s head of finance <Name>"), and requests typed
 * as a filter bar ("status = open & currency = EUR", "src = referral & rating >= 4", "sort by amount desc, top 2").
 */
const roundThirteen: Case[] = [
  ask(
    "finance",
    "read",
    "Dear team, there are some invoices that have been drawn up but not sent yet. Could you tell me how many there are and their total? Kind regards, Tom",
    (w) => {
      const drafts = w.invoices.filter((i) => i.status === "draft");
      return [count(drafts.length, "draft invoices"), money(dueSums(drafts), "drafts' total")];
    },
  ),
  about("finance", "read", "Which open invoices fall due within the coming fortnight?", (w) => {
    const end = addDays(today(w), 14);
    const open = w.invoices.filter((i) => i.status === "open");
    if (open.some((i) => i.due_date >= addDays(end, -1) && i.due_date <= addDays(end, 1))) throw new Error("an open invoice sits on the fortnight's edge");
    const soon = open.filter((i) => i.due_date <= end);
    const later = open.filter((i) => i.due_date > end);
    return {
      say: "Hello Sam, which open invoices fall due within the coming fortnight? Best, Tom",
      expect: [named(numbers(soon), numbers(later), soon.length)],
    };
  }),
  about("finance", "write", "Please raise a bill to <account> for £1,200 for the training day, payable a week on Tuesday. Kind regards, Tom", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    const [coming, after] = nextWeekday(w, 2) as [string, string];
    return {
      say: `Good afternoon. Please could you raise a bill to ${account.name} for £1,200 for the training day, payable a week on Tuesday? Kind regards, Tom`,
      expect: [
        created("invoice", {
          account_id: account.id,
          amount: 1200,
          currency: "GBP",
          due_date: is.oneOf(...(w.now.getUTCDay() === 2 ? [coming, after] : [after])),
          description: is.containing("training"),
        }),
      ],
    };
  }),
  about("finance", "write", "re case #5521 - <client>'s AP lady says they sent $1,000 this morning toward the oldest unpaid one. log it pls", (w) => {
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) => {
        const mine = ofClient(w, c)
          .filter(unpaid)
          .sort((a, b) => a.due_date.localeCompare(b.due_date));
        return mine.length >= 2 && mine[0]!.currency === "USD" && mine[0]!.amount_due > 1000 && mine[0]!.due_date < mine[1]!.due_date;
      },
      "client with two unpaid invoices, the oldest in USD",
    );
    const oldest = ofClient(w, client)
      .filter(unpaid)
      .sort((a, b) => a.due_date.localeCompare(b.due_date))[0]!;
    return {
      say: `re case #5521 - ${client}'s AP lady says they sent $1,000 this morning toward the oldest unpaid one. log it pls`,
      expect: [
        changed(
          "invoice",
          oldest.id,
          { amount_paid: Math.round((oldest.amount_paid + 1000) * 100) / 100, amount_due: Math.round((oldest.amount_due - 1000) * 100) / 100 },
          oldest.number,
        ),
      ],
    };
  }),
  about("talent", "write", '<candidate at offer> just phoned: "I\'ve accepted, see you in January!" please mark them hired', (w) => {
    const c = pick(w.candidates, (x) => x.stage === "offer", "candidate at offer");
    return {
      say: `${fullName(c)} just phoned: "I've accepted, see you in January!" please mark them hired`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),
  about("growth", "write", "<Account>'s head of finance <Name> told me they renewed, so she's a customer now - please update her stage", (w) => {
    const c = pick(
      uniqueContacts(w),
      (x) => x.lifecycle_stage !== "customer" && x.account_id !== null && w.accounts.some((a) => a.id === x.account_id),
      "contact not yet a customer",
    );
    const account = pick(w.accounts, (a) => a.id === c.account_id, "account");
    return {
      say: `${account.name}'s head of finance ${fullName(c)} told me they renewed, so she's a customer now - please update her stage`,
      expect: [changed("contact", c.id, { lifecycle_stage: "customer" }, fullName(c))],
    };
  }),
  ask("finance", "read", "invoices where status = open & currency = EUR", (w) => {
    const list = w.invoices.filter((i) => i.status === "open" && i.currency === "EUR");
    const others = w.invoices.filter((i) => i.status === "open" && i.currency !== "EUR");
    return [named(numbers(list), numbers(others), list.length)];
  }),
  ask("talent", "read", "candidates where src = referral & rating >= 3", (w) => {
    const fits = w.candidates.filter((c) => c.source === "referral" && (c.rating ?? 0) >= 3);
    const others = w.candidates.filter((c) => c.source !== "referral" || (c.rating ?? 0) < 3);
    return [named(names(fits), names(others), fits.length)];
  }),
  ask("growth", "read", "open deals, sort by amount desc, top 2", (w) => {
    const open = w.deals.filter((d) => stageOf(w, d).kind === "open").sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0));
    return [named(dealNames(open.slice(0, 2)), dealNames(open.slice(3)), 2)];
  }),
  ask("finance", "write", "Sadly we shan't see a penny from Pied Piper for that invoice, so could you write it off as a bad debt?", (w) => {
    const inv = pick(ofClient(w, "Pied Piper").filter(unpaid), () => true, "Pied Piper's unpaid invoice");
    return [approval(/uncollectible/i, inv.id, inv.number)];
  }),
  ask("intelligence", "figure", "how long, roughly, are clients taking to settle their invoices these days?", (w) => {
    return [figure(pick(snapshotOf(w).finance.currencies, (c) => c.currency === "USD", "USD").days_sales_outstanding, "days sales outstanding")];
  }),
  about("talent", "read", "a quick run-down of where the applicants for <job> have got to", (w) => {
    const job = pick(w.jobs, (j) => candidatesOf(w, j.id).length >= 2, "job with candidates");
    const theirs = candidatesOf(w, job.id);
    return {
      say: `Could I have a quick run-down of where the applicants for the ${job.title} vacancy have got to?`,
      expect: [named(names(theirs), [], Math.min(theirs.length, 3))],
    };
  }),
];

/*
 * Round fourteen's classes, worded apart from its blind sets (nineteenth-*): figures written the European way,
 * dictated requests (lower case, the sentence going on after a name), pasted chat messages, emails and table rows,
 * international English ("and confirm once done", "came via"), and a part payment whose amount is not said.
 */
/*
 * Round fifteen's classes (a month-end controller, a recruiter on a phone, a RevOps lead), worded apart from its
 * blind sets: what a read leaves out, fields said by their API names, decimal commas before a "k", a question about
 * a write-off, namesakes told apart by where they work, an account's name run into a new deal's.
 */
const roundFifteen: Case[] = [
  about("finance", "read", "unpaid invoices apart from <client>'s", (w) => {
    const client = pick([...new Set(w.invoices.filter(unpaid).map((i) => i.client))], (c) => ofClient(w, c).filter(unpaid).length >= 2, "client with 2 unpaid");
    const others = w.invoices.filter((i) => unpaid(i) && i.client !== client);
    return {
      say: `unpaid invoices apart from ${client}`,
      expect: [named(numbers(others), numbers(ofClient(w, client).filter(unpaid)))],
    };
  }),
  about("growth", "read", "contacts at <account> other than the customers", (w) => {
    const account = pick(
      w.accounts,
      (a) => {
        const people = w.contacts.filter((c) => c.account_id === a.id);
        return people.some((c) => c.lifecycle_stage === "customer") && people.some((c) => c.lifecycle_stage !== "customer");
      },
      "account with customers and others",
    );
    const people = w.contacts.filter((c) => c.account_id === account.id);
    return {
      say: `people at ${account.name} other than the customers`,
      expect: [named(names(people.filter((c) => c.lifecycle_stage !== "customer")), names(people.filter((c) => c.lifecycle_stage === "customer")))],
    };
  }),
  about("talent", "read", "applicants for <job> who aren't rejected", (w) => {
    const job = pick(
      w.jobs,
      (j) => candidatesOf(w, j.id).some((c) => c.stage === "rejected") && candidatesOf(w, j.id).some((c) => c.stage !== "rejected"),
      "job with a rejection",
    );
    const all = candidatesOf(w, job.id);
    return {
      say: `applicants for ${job.title} who aren't rejected`,
      expect: [named(names(all.filter((c) => c.stage !== "rejected")), names(all.filter((c) => c.stage === "rejected")))],
    };
  }),
  about("talent", "read", "open roles outside <department>", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const dept = pick(open, (j) => j.department !== null && open.some((o) => o.department !== j.department), "open job with a department").department!;
    return {
      say: `which open roles are outside the ${dept} department?`,
      expect: [
        named(
          open.filter((j) => j.department !== dept).map((j) => j.title),
          open.filter((j) => j.department === dept).map((j) => j.title),
        ),
      ],
    };
  }),
  about("finance", "write", "invoice <client> 7,5k EUR for workshop days, due in 30 days", (w) => {
    const client = pick(clientNames(w), (c) => w.accounts.some((a) => a.name === c), "client with an account");
    return {
      say: `invoice ${client} 7,5k EUR for workshop days, due in 30 days`,
      expect: [created("invoice", { client, amount: 7500, currency: "EUR", due_date: addDays(today(w), 30) })],
    };
  }),
  about("finance", "read", "has <uncollectible INV> been written off already?", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "uncollectible", "uncollectible invoice");
    return { say: `${inv.number} - did we already write it off?`, expect: [says("uncollectible", "written off", "write-off"), noChange()] };
  }),
  about("growth", "write", "new contact for <account>: <name>, title Head of Finance, lifecycle stage customer", (w) => {
    const account = pick(w.accounts, (a) => a.name.split(" ").length >= 2, "account");
    return {
      say: `new contact for ${account.name}: Marta Quint, marta.quint@example.org, title Head of Finance, lifecycle stage customer`,
      expect: [
        created("contact", { first_name: "Marta", last_name: "Quint", title: is.text("Head of Finance"), lifecycle_stage: "customer", account_id: account.id }),
      ],
    };
  }),
  about("growth", "write", "open a deal for <account> data warehouse, 30k", (w) => {
    const account = pick(w.accounts, (a) => /\s/.test(a.name), "account of two words");
    const first = account.name.split(" ")[0]!;
    const unique = w.accounts.filter((a) => a.name.startsWith(`${first} `) || a.name === first).length === 1;
    const said = unique ? first : account.name;
    return {
      say: `open a deal for ${said} data warehouse, 30k`,
      expect: [
        created("deal", { account_id: account.id, amount: 30000, name: is.where("containing data warehouse", (v: string) => /data warehouse/i.test(v)) }),
      ],
    };
  }),
  about("growth", "read", "<namesake>'s email, the one at <their company>", (w) => {
    const c = pick(w.contacts, (x) => x.account_id !== null && w.contacts.filter((o) => fullName(o) === fullName(x)).length === 2, "contact with a namesake");
    const account = w.accounts.find((a) => a.id === c.account_id)!;
    const twin = w.contacts.find((o) => fullName(o) === fullName(c) && o.id !== c.id)!;
    return { say: `what's ${fullName(c)}'s email, the one at ${account.name.split(" ")[0]}`, expect: [says(c.email), excludes([twin.email])] };
  }),
  about("talent", "write", "we need to open a req for a support engineer under the customer success department", () => ({
    say: "we need to open a req for a support engineer, under the customer success department",
    expect: [created("job", { title: is.text("support engineer"), department: is.text("customer success") })],
  })),
];

const roundFourteen: Case[] = [
  about("finance", "write", "Please record a payment of EUR 1.250,00 against <an open EUR invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.currency === "EUR" && i.amount_due > 1250, "open EUR invoice over 1,250");
    return {
      say: `Please record a payment of EUR 1.250,00 against ${inv.number}.`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 1250) * 100) / 100 }, inv.number)],
    };
  }),
  about("finance", "question", "<client> paid a portion of what they owe (no amount)", (w) => {
    const client = pick([...new Set(w.invoices.map((i) => i.client))], (c) => ofClient(w, c).filter(unpaid).length === 1, "client with one unpaid invoice");
    return { say: `${client} paid a portion of what they owe`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "write", "a pasted chat message: <client> wired the full balance of <INV>, can you mark it paid + can you do this?", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "overdue" && i.amount_paid === 0, "overdue invoice");
    return {
      say: `Priya  10:02 AM\n${inv.client} just wired the full balance for ${inv.number} 🎉 can you mark it paid?\n\ncan you do this?`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("growth", "read", "whats <account, lower case>s open pipeline worth (dictated)", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => stageOf(w, d).kind === "open").length >= 2, "account with two open deals");
    const open = dealsOf(w, account.id).filter((d) => stageOf(w, d).kind === "open");
    return {
      say: `okay um whats the ${account.name.toLowerCase()} pipeline worth right now`,
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open pipeline of the account",
        ),
      ],
    };
  }),
  about("talent", "write", "<candidate at interview, lower case> did really well lets move them to offer (dictated)", (w) => {
    const c = pick(
      w.candidates,
      (x) => x.stage === "interview" && w.candidates.filter((o) => o.first_name === x.first_name).length === 1,
      "candidate at interview",
    );
    return {
      say: `so ${fullName(c).toLowerCase()} did really well in the panel lets move them to offer`,
      expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
    };
  }),
  about("finance", "write", "a forwarded email asking to move <INV>'s due date, then 'ok, go ahead and do it'", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    const to = addDays(inv.due_date, 21);
    return {
      say: `From: Jo Park <jo.park@example.com>\nSubject: Re: ${inv.number}\n\nHi there,\n\nCould you push the due date on ${inv.number} to ${to}? Our approvals are running late.\n\nThanks,\nJo\n\nok, go ahead and do it`,
      expect: [changed("invoice", inv.id, { due_date: to }, inv.number)],
    };
  }),
  about("growth", "write", "a pasted table row (pipes) for a new deal at <account> + add this to the pipeline", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    const close = endOfNamedMonth(w, 6);
    const [y, m, d] = close.split("-");
    return {
      say: `Company | Deal | Value | Close date\n${account.name} | Expansion 2027 | $30,000 | ${Number(m)}/${Number(d)}/${y}\n\nadd this to the pipeline pls`,
      expect: [created("deal", { account_id: account.id, amount: 30000, currency: "USD", expected_close_date: close, name: is.containing("Expansion") })],
    };
  }),
  about("finance", "read", "anything due in the next 10 days we should chase up?", (w) => {
    // Those well inside the span must be named (one on its edge may fall either side of a day's reading).
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date <= addDays(today(w), 8));
    if (soon.length === 0) throw new Error("no open invoice due within 8 days");
    return { say: "anything due in the next 10 days we should chase up?", expect: [named(numbers(soon), [], Math.min(soon.length, 3))] };
  }),
  about("finance", "write", "Kindly extend the due date of <INV> to <dd-mm-yyyy> and confirm once done", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && Number(i.due_date.slice(8)) <= 15, "open invoice due in a month's first half");
    const to = addDays(inv.due_date, 20);
    const [y, m, d] = to.split("-");
    if (Number(d) <= 12) throw new Error("the day could be read as a month");
    return {
      say: `Kindly extend the due date of ${inv.number} to ${d}-${m}-${y} and confirm once done.`,
      expect: [changed("invoice", inv.id, { due_date: to }, inv.number)],
    };
  }),
  about("talent", "write", "Pls add new candidate for <job> role - <name>, email, came via LinkedIn", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open", "open job");
    return {
      say: `Pls add new candidate for ${job.title} role - Amara Nwosu, email amara.nwosu@example.org, came via LinkedIn.`,
      expect: [created("candidate", { first_name: "Amara", last_name: "Nwosu", email: "amara.nwosu@example.org", job_id: job.id, source: "linkedin" })],
    };
  }),
  about("growth", "write", "<an open deal, lower case> - they went with someone else, please mark it as lost", (w) => {
    const { deal } = soleOpenDeal(w);
    return {
      say: `${dealTopic(deal).toLowerCase()} at ${deal.name.split(": ")[0]!.toLowerCase()} - they went with someone else, please mark it as lost`,
      expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
    };
  }),
];

const roundSixteen: Case[] = [
  about("growth", "write", "shift all of <account>'s deals sitting in <stage> over to <the next stage>", (w) => {
    const open = stages(w).filter((st) => st.kind === "open");
    const account = pick(
      w.accounts,
      (a) => dealsOf(w, a.id).some((d) => d.status === "open" && open.indexOf(stageOf(w, d)) >= 0 && open.indexOf(stageOf(w, d)) < open.length - 1),
      "account with an open deal before the last open stage",
    );
    const from = stageOf(
      w,
      pick(dealsOf(w, account.id), (d) => d.status === "open" && open.indexOf(stageOf(w, d)) < open.length - 1, "deal"),
    );
    const to = open[open.indexOf(from) + 1]!;
    const moving = dealsOf(w, account.id).filter((d) => d.stage_id === from.id);
    return {
      say: `shift all of ${account.name}'s deals sitting in ${from.name} over to ${to.name}`,
      expect: moving.map((d) => changed("deal", d.id, { stage_id: to.id }, d.name)),
    };
  }),
  about("talent", "write", "decline each applicant for <job> still sitting at applied", (w) => {
    const job = pick(
      w.jobs,
      (j) => {
        const n = candidatesOf(w, j.id).filter((c) => c.stage === "applied").length;
        return n >= 1 && n <= 5;
      },
      "job with applicants at applied",
    );
    const applied = candidatesOf(w, job.id).filter((c) => c.stage === "applied");
    return {
      say: `decline each applicant for the ${job.title} job still sitting at applied`,
      expect: applied.map((c) => changed("candidate", c.id, { stage: "rejected" }, fullName(c))),
    };
  }),
  about("growth", "write", "close out <account>'s biggest open deal as won", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with two open deals");
    const open = dealsOf(w, account.id).filter((d) => d.status === "open");
    const biggest = open.reduce((a, b) => ((a.amount ?? 0) >= (b.amount ?? 0) ? a : b));
    return { say: `close out ${account.name}'s biggest open deal as won`, expect: [changed("deal", biggest.id, { status: "won" }, biggest.name)] };
  }),
  about("finance", "write", "issue the smallest of our drafts", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    const smallest = drafts.reduce((a, b) => (a.amount <= b.amount ? a : b));
    if (drafts.filter((i) => i.amount === smallest.amount).length > 1) throw new Error("two drafts share the smallest amount");
    return { say: "issue the smallest of our drafts", expect: [changed("invoice", smallest.id, { status: "open" }, smallest.number)] };
  }),
  about("finance", "write", "finalise all the drafts falling due within 3 weeks", (w) => {
    const soon = w.invoices.filter((i) => i.status === "draft" && i.due_date >= today(w) && i.due_date <= addDays(today(w), 20));
    if (soon.length === 0 || soon.length > 5) throw new Error("no handful of drafts due within 3 weeks");
    return { say: "finalise all the drafts falling due within 3 weeks", expect: soon.map((i) => changed("invoice", i.id, { status: "open" }, i.number)) };
  }),
  about("growth", "read", "which customers don't have a single open deal at the moment?", (w) => {
    const withOpen = w.accounts.filter((a) => dealsOf(w, a.id).some((d) => d.status === "open"));
    const without = w.accounts.filter((a) => !withOpen.includes(a));
    if (without.length === 0) throw new Error("every account has an open deal");
    return {
      say: "which accounts don't have a single open deal at the moment?",
      expect: [
        named(
          without.map((a) => a.name),
          withOpen.map((a) => a.name),
        ),
      ],
    };
  }),
  about("growth", "read", "which companies have 3 or more contacts on file?", (w) => {
    const many = w.accounts.filter((a) => w.contacts.filter((c) => c.account_id === a.id).length >= 3);
    const few = w.accounts.filter((a) => !many.includes(a) && w.contacts.some((c) => c.account_id === a.id));
    return {
      say: "which companies have 3 or more contacts on file?",
      expect: [
        named(
          many.map((a) => a.name),
          few.map((a) => a.name),
        ),
      ],
    };
  }),
  about("finance", "read", "what is still pending from <client>?", (w) => {
    const client = clientWithUnpaid(w, 1);
    return { say: `what is still pending from ${client}?`, expect: [money(dueSums(ofClient(w, client).filter(unpaid)), `still due from ${client}`)] };
  }),
  about("growth", "write", "<account> has a new CFO, Ines Duarte (email). Please add her to the account.", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account of two words");
    return {
      say: `${account.name} has a new CFO, Ines Duarte (ines.duarte@example.org). Please add her to the account.`,
      expect: [created("contact", { first_name: "Ines", last_name: "Duarte", email: "ines.duarte@example.org", account_id: account.id })],
    };
  }),
  about("growth", "write", "<account> are taking 25 licences rather than 20 - change that deal to 48,000", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `${account} are taking 25 licences rather than 20 on the ${dealTopic(deal).toLowerCase()} - please change that deal to 48,000`,
      expect: [changed("deal", deal.id, { amount: 48000 }, deal.name)],
    };
  }),
];

/*
 * Round seventeen: the classes a recruiting coordinator's Slack shorthand, a VP of Sales's forecast call and an
 * agency owner's late-night admin found, worded apart from those blind sets.
 */
const roundSeventeen: Case[] = [
  about("finance", "write", "invoice <account> for the onboarding sprint, 3.2k usd, due in 3 weeks", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account of two words");
    const first = account.name.split(" ")[0]!;
    return {
      say: `can u invoice ${first} for the onboarding sprint, 3.2k usd, due in 3 weeks`,
      expect: [
        created("invoice", {
          client: is.containing(first),
          description: is.containing("onboarding"),
          amount: 3200,
          currency: "USD",
          due_date: addDays(today(w), 21),
        }),
      ],
    };
  }),
  about("growth", "write", "cut <account>'s <deal> down to 15k (a lower amount, never a deletion)", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `budget got slashed at ${account} - cut their ${dealTopic(deal).toLowerCase()} down to 15k`,
      expect: [changed("deal", deal.id, { amount: 15000 }, deal.name)],
    };
  }),
  about("growth", "read", "which 2 open deals are the largest?", (w) => {
    const open = w.deals.filter((d) => d.status === "open").sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0));
    return { say: "which 2 open deals are the largest?", expect: [named(dealNames(open.slice(0, 2)), dealNames(open.slice(3)), 2)] };
  }),
  about("growth", "read", "open deals per stage, with what each stage is worth", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const byStage = new Map<string, Deal[]>();
    for (const d of open) byStage.set(stageOf(w, d).name, [...(byStage.get(stageOf(w, d).name) ?? []), d]);
    return {
      say: "open deals per stage, with what each stage is worth",
      expect: [...byStage].map(([stage, held]) =>
        money(
          sums(held, (d: Deal) => d.amount ?? 0),
          `the ${stage} value`,
        ),
      ),
    };
  }),
  about("talent", "write", "<first name of the only candidate at offer> accepted!! mark as hired", (w) => {
    const offer = inStage(w, "offer");
    const one = pick(offer, (c) => w.candidates.filter((o) => o.first_name === c.first_name).length === 1, "candidate at offer with a unique first name");
    return { say: `${one.first_name.toUpperCase()} ACCEPTED!! mark as hired pls`, expect: [changed("candidate", one.id, { stage: "hired" }, fullName(one))] };
  }),
  about("growth", "write", "put <contact> on <account>'s <deal> as a contact", (w) => {
    const deal = pick(
      w.deals,
      (d) =>
        d.status === "open" &&
        dealsOf(w, d.account_id ?? "").filter((o) => dealTopic(o) === dealTopic(d)).length === 1 &&
        uniqueContacts(w).some((c) => c.account_id === d.account_id && !d.contact_ids.includes(c.id)),
      "an open deal, the only one of its kind at its account, with a contact not on it",
    );
    const contact = pick(uniqueContacts(w), (c) => c.account_id === deal.account_id && !deal.contact_ids.includes(c.id), "contact");
    const account = pick(w.accounts, (a) => a.id === deal.account_id, "account");
    return {
      say: `attach ${fullName(contact)} to the ${account.name} ${dealTopic(deal).toLowerCase()} deal, they sign the cheques`,
      expect: [changed("deal", deal.id, { contact_ids: is.including(contact.id) }, deal.name)],
    };
  }),
  about("finance", "write", "move the due date of <an open invoice> to the 20th", (w) => {
    const invoice = pick(w.invoices, (i) => i.status === "open", "open invoice");
    const now = w.now;
    let day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 20));
    if (iso(day) < today(w)) day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 20));
    return { say: `move the due date on ${invoice.number} to the 20th`, expect: [changed("invoice", invoice.id, { due_date: iso(day) }, invoice.number)] };
  }),
  about("growth", "write", "the phone number we have for <contact> is out of date, it's +1 415 555 0100 now, please update it", (w) => {
    const contact = pick(uniqueContacts(w), () => true, "contact");
    return {
      say: `the phone number we have for ${fullName(contact)} is out of date, it's +1 415 555 0100 now. please update it`,
      expect: [changed("contact", contact.id, { phone: "+1 415 555 0100" }, fullName(contact))],
    };
  }),
  about("talent", "write", "we need a part-time bookkeeper for a few months, could you post a job? 100% remote", () => ({
    say: "we need a part-time bookkeeper for a few months, could you post a job? 100% remote",
    expect: [created("job", { title: is.containing("bookkeeper"), employment_type: "part_time", location: is.containing("remote") })],
  })),
  about("talent", "read", "did we end up landing anyone for <job with a hire>?", (w) => {
    const job = pick(w.jobs, (j) => candidatesOf(w, j.id).some((c) => c.stage === "hired"), "job with a hire");
    const all = candidatesOf(w, job.id);
    return {
      say: `did we end up landing anyone for the ${job.title} role?`,
      expect: [named(names(all.filter((c) => c.stage === "hired")), names(all.filter((c) => c.stage !== "hired")), 1)],
    };
  }),
  about("growth", "read", "quick q, what stage is <account with one open deal> at?", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return { say: `quick q, what stage is ${account} at?`, expect: [says(stageOf(w, deal).name)] };
  }),
  about("talent", "write", "i accidentally rejected <rejected candidate> - can you put them back to applied", (w) => {
    const one = pick(inStage(w, "rejected"), () => true, "rejected candidate");
    return {
      say: `i accidentally rejected ${fullName(one).toLowerCase()} - can you put them back to applied`,
      expect: [changed("candidate", one.id, { stage: "applied" }, fullName(one))],
    };
  }),
];

/*
 * Round eighteen: the classes a customer success manager, an office manager writing English as a second language
 * and a people-ops generalist found, each said in other words: a payment told before "log it", an owner pointed at
 * but never named, a meeting before the question, "factures" and "the step of", a title that holds the work, a field
 * "we have on file for" someone, a candidate described by their stage, a note's own words, a company and its people
 * in one message, a quoted deal name with its account, back into the pipeline, a cheer before the news.
 */
const roundEighteen: Case[] = [
  about("finance", "write", "received 2,000 from <client> against <open invoice>, rest later. record it", (w) => {
    const invoice = pick(w.invoices, (i) => i.status === "open" && i.amount_due > 2500, "open invoice over 2,500");
    const first = invoice.client.split(" ")[0]!.toLowerCase();
    return {
      say: `received 2,000 ${invoice.currency} from ${first} against ${shortNumber(invoice)}, rest comes next month once their PO clears. record it pls`,
      expect: [changed("invoice", invoice.id, { amount_paid: 2000, status: "open" }, invoice.number)],
    };
  }),
  about("growth", "question", "set up an expansion opp for them, 30k (whom?)", () => ({
    say: "can you set up an expansion opp for them, 30k, closing end of next quarter",
    expect: [noChange(), asksBack()],
  })),
  about("finance", "read", "sync w <client in lower case> in 20 — what do they owe us?", (w) => {
    const client = clientWithUnpaid(w, 2);
    const held = ofClient(w, client).filter(unpaid);
    return { say: `sync w ${client.toLowerCase()} in 20 — what do they still owe us?`, expect: [money(dueSums(held), `${client}'s balance`)] };
  }),
  about("finance", "read", "which factures of <client> are still to pay", (w) => {
    const client = clientWithUnpaid(w, 2);
    const held = ofClient(w, client);
    return { say: `which factures of ${client} are still to pay?`, expect: [named(numbers(held.filter(unpaid)), numbers(held.filter((i) => !unpaid(i))), 2)] };
  }),
  about("growth", "read", "who is the head of engineering at <account with an engineer>?", (w) => {
    const account = pick(w.accounts, (a) => contactsOf(w, a.id).some((c) => /\bengineer|\bcto\b/i.test(c.title ?? "")), "account with an engineering contact");
    const people = contactsOf(w, account.id);
    const doers = people.filter((c) => /\bengineer|\bcto\b/i.test(c.title ?? ""));
    return { say: `who is the head of engineering of ${account.name}?`, expect: [named(names(doers), [], doers.length)] };
  }),
  about("growth", "read", "what email do we have stored for <contact>?", (w) => {
    const contact = pick(uniqueContacts(w), (c) => Boolean(c.email), "contact with an email");
    return { say: `what email do we have stored for ${fullName(contact)}? need it for an intro`, expect: [says(contact.email!)] };
  }),
  about("talent", "question", "the one at the interview stage nailed it! move them to offer (several at interview)", (w) => {
    pick([inStage(w, "interview")], (l) => l.length > 1, "two candidates at interview");
    return {
      say: "Fantastic — our person at the interview stage nailed the panel! Can you go ahead and move them to offer?",
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "write", 'add a note to <candidate>\'s profile saying "...second round..."', (w) => {
    const one = pick(inStage(w, "interview"), () => true, "candidate at interview");
    return {
      say: `please add a note to ${fullName(one)}'s candidate profile, saying: "second round went well; wants a remote start in phase two"`,
      expect: [changed("candidate", one.id, { notes: is.containing("second round went well; wants a remote start in phase two") }, fullName(one))],
    };
  }),
  about("growth", "write", "add <new company> (domain) as a client, plus their two contacts with emails", () => ({
    say: "Could you add Fjord Analytics (fjordanalytics.no) as a client, plus their two contacts: Ingrid Berg ingrid@fjordanalytics.no and Lars Moen, lars@fjordanalytics.no?",
    expect: [
      created("account", { name: is.text("Fjord Analytics"), domain: "fjordanalytics.no" }),
      created("contact", {
        first_name: "Ingrid",
        last_name: "Berg",
        email: "ingrid@fjordanalytics.no",
        account_id: is.where("an account", (v: unknown) => typeof v === "string"),
      }),
      created("contact", {
        first_name: "Lars",
        last_name: "Moen",
        email: "lars@fjordanalytics.no",
        account_id: is.where("an account", (v: unknown) => typeof v === "string"),
      }),
    ],
  })),
  about("growth", "write", 'move the opportunity "<topic>" of <account> to <next stage>', (w) => {
    const deal = pick(
      w.deals,
      (d) =>
        d.status === "open" && stageOf(w, d).name === "Proposal" && dealsOf(w, d.account_id ?? "").filter((o) => dealTopic(o) === dealTopic(d)).length === 1,
      "a deal in Proposal, the only one of its kind at its account",
    );
    const account = pick(w.accounts, (a) => a.id === deal.account_id, "account").name;
    const next = stageNamed(w, "Negotiation");
    return {
      say: `the opportunity "${dealTopic(deal)}" of ${account} is moving, please put it in the step of Negotiation`,
      expect: [changed("deal", deal.id, { stage_id: next.id }, deal.name)],
    };
  }),
  about("talent", "write", "put <rejected candidate's first name> back into the pipeline as a new applicant", (w) => {
    const one = pick(
      inStage(w, "rejected"),
      (c) => w.candidates.filter((o) => o.first_name === c.first_name).length === 1,
      "rejected candidate with a unique first name",
    );
    return {
      say: `we passed on ${fullName(one)} too fast. could you put ${one.first_name} back into the process as a new applicant?`,
      expect: [changed("candidate", one.id, { stage: "applied" }, fullName(one))],
    };
  }),
  about("growth", "write", "yesss!! <account> <deal> is closed won", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `yesss!! contract signed!! ${account.toLowerCase()} ${dealTopic(deal).toLowerCase()} is closed won`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
];

/*
 * Round nineteen: the classes a new hire in their first week, an operations executive writing Indian business
 * English and a billing support lead found, each said in other words: a message that says to change nothing, a
 * ticket number with a dash, a wrong figure said with the right one, a newcomer's names for things ("orders" at "the
 * proposal point", "the people we're talking to", "the ad"), "kindly update the same", "currency wise", "dropped",
 * "shortlisted", a part payment told before "update the payment", a record numbered before the question.
 */
const roundNineteen: Case[] = [
  about("finance", "read", "<client> insists they paid <overdue invoice>: what does it show? change nothing", (w) => {
    const invoice = pick(w.invoices, (i) => i.status === "overdue", "overdue invoice");
    return {
      say: `${invoice.client} insists they paid ${shortNumber(invoice)} last week. what does our side show? don't change anything yet, just looking`,
      expect: [noChange(), says("overdue")],
    };
  }),
  about("finance", "read", "TKT-2231 | <client> asks how much is still open on their side", (w) => {
    const client = clientWithUnpaid(w, 2);
    return {
      say: `TKT-2231 | ${client} asks how much is still open on their side, with the total`,
      expect: [money(dueSums(ofClient(w, client).filter(unpaid)), `${client}'s balance`)],
    };
  }),
  about("finance", "write", "wrong total on <draft>: the PO says 9,000", (w) => {
    const draft = pick(w.invoices, (i) => i.status === "draft" && i.currency === "USD", "USD draft");
    return {
      say: `wrong total on ${shortNumber(draft)} — their PO says 9,000.00 USD`,
      expect: [changed("invoice", draft.id, { amount: 9000 }, draft.number)],
    };
  }),
  about("growth", "read", "is there a way to see which orders are at the proposal point?", (w) => {
    const inProposal = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Proposal");
    const others = w.deals.filter((d) => !inProposal.includes(d));
    return {
      say: "is there a way to see which orders are at the proposal point?",
      expect: [named(dealNames(inProposal), dealNames(others), inProposal.length)],
    };
  }),
  about("growth", "read", "can I get a list of the people we're talking to at <account>?", (w) => {
    const account = pick(w.accounts, (a) => contactsOf(w, a.id).length >= 2, "account with two contacts");
    const people = contactsOf(w, account.id);
    return { say: `can I get a list of the people we're talking to at ${account.name}?`, expect: [named(names(people), [], people.length)] };
  }),
  about("talent", "read", "how do I know how we found <candidate with a source>?", (w) => {
    const one = pick(w.candidates, (c) => Boolean(c.source), "candidate with a source");
    return { say: `how do I know how we found ${fullName(one)}? like a job board or what`, expect: [says(one.source!)] };
  }),
  about("talent", "write", "we've got a new person for the <job> ad: name, email, referred by a friend", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open", "open job");
    return {
      say: `we've got a new person for the ${job.title} ad: Noor Haddad, noor.haddad@example.org. a friend of the team referred her`,
      expect: [created("candidate", { first_name: "Noor", last_name: "Haddad", email: "noor.haddad@example.org", job_id: job.id })],
    };
  }),
  about("finance", "read", "Kindly share the total amount pending from <client>, currency wise", (w) => {
    const client = clientWithUnpaid(w, 2);
    return {
      say: `Kindly share the total amount pending from ${client}, currency wise.`,
      expect: [money(dueSums(ofClient(w, client).filter(unpaid)), `${client}'s balance`)],
    };
  }),
  about("finance", "write", "<client> has cleared <open invoice> in full. Kindly update the same.", (w) => {
    const invoice = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `${invoice.client} has cleared ${invoice.number} in full this morning. Kindly update the same.`,
      expect: [changed("invoice", invoice.id, { status: "paid", amount_due: 0 }, invoice.number)],
    };
  }),
  about("talent", "write", "<candidate at interview> has been dropped after the final round. Kindly do the updation.", (w) => {
    const one = pick(inStage(w, "interview"), () => true, "candidate at interview");
    return {
      say: `${fullName(one)} has been dropped after the final round. Kindly do the updation in the system.`,
      expect: [changed("candidate", one.id, { stage: "rejected" }, fullName(one))],
    };
  }),
  about("finance", "write", "Received 1,000 from <client> against <open invoice> as part payment. Please update the payment.", (w) => {
    const invoice = pick(w.invoices, (i) => i.status === "open" && i.amount_due > 1500, "open invoice over 1,500");
    return {
      say: `Received ${invoice.currency} 1,000 from ${invoice.client} against ${shortNumber(invoice)} as part payment, balance pending from client side. Please update the payment.`,
      expect: [changed("invoice", invoice.id, { amount_paid: 1000 }, invoice.number)],
    };
  }),
  about("talent", "write", "<candidate at screening> has been shortlisted after the phone screen. Kindly move to interview stage.", (w) => {
    const one = pick(
      inStage(w, "screening"),
      (c) => inStage(w, "screening").filter((o) => o.job_id === c.job_id).length === 1,
      "the only candidate at screening for a job",
    );
    return {
      say: `${fullName(one)} has been shortlisted after the phone screen. Kindly move to interview stage.`,
      expect: [changed("candidate", one.id, { stage: "interview" }, fullName(one))],
    };
  }),
];

/*
 * Round twenty's classes, worded apart from its blind sets (an executive assistant, an internal auditor, a British
 * wholesale owner): a request relayed for someone else, whose plans and meetings are asides; a review's numbered
 * items and headings; the old value told before the new one asked; dictated punctuation; "has X paid yet?".
 */
const roundTwenty: Case[] = [
  about("finance", "write", "forwarded from <client>: 'please cancel <open invoice>'; Priya agrees, so void it", (w) => {
    const invoice = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `Forwarded by ${invoice.client}'s accounts team: "We never ordered this, please cancel ${invoice.number}." Priya agrees it shouldn't have been sent, so could you void it?`,
      expect: [approval(/void/, invoice.id)],
    };
  }),
  about("finance", "write", "Point 4 - the bank feed shows a receipt of 500 from <client> quoting <invoice>: book it", (w) => {
    const invoice = pick(w.invoices, (i) => i.status === "open" && i.amount_due > 1000, "open invoice over 1,000");
    return {
      say: `Point 4 - yesterday's bank feed shows a receipt of 500.00 ${invoice.currency} from ${invoice.client} quoting ${shortNumber(invoice)}. Part payment only, please book it against that invoice.`,
      expect: [changed("invoice", invoice.id, { amount_paid: 500 }, invoice.number)],
    };
  }),
  about("finance", "read", "has <client with one overdue invoice> settled up yet, or do I ring them?", (w) => {
    const client = clientWithUnpaid(w, 1, overdue);
    const invoice = pick(ofClient(w, client), unpaid, "their unpaid invoice");
    return {
      say: `Has ${client} settled their invoice yet or should I ring them?`,
      expect: [says("overdue"), money(dueSums([invoice]), `${invoice.number}'s balance`), noChange()],
    };
  }),
  about("finance", "question", "Item 2: post the receipt from <client with several unpaid> (no amount, no invoice): ask", (w) => {
    const client = clientWithUnpaid(w, 2);
    return { say: `Item 2: please post the receipt from ${client} that came in this morning.`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "write", "the quoted deal still shows <stage>, the call happened: move it to <next stage>", (w) => {
    const deal = openDealIn(w, ["Qualified"]);
    return {
      say: `The "${deal.name}" deal still shows Qualified, though the demo went ahead on Monday. Please move it to Proposal.`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)],
    };
  }),
  about("growth", "write", "Correction: <account>'s deal shows one close date, the contract another: amend it", (w) => {
    const { deal, account } = soleOpenDeal(w);
    const wanted = addDays(deal.expected_close_date ?? today(w), 35);
    const said = new Date(`${wanted}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    return {
      say: `Correction: the ${account} deal shows an expected close of ${deal.expected_close_date}, whereas the signed contract gives ${said}. Please amend the deal to ${said}.`,
      expect: [changed("deal", deal.id, { expected_close_date: wanted, amount: deal.amount }, deal.name)],
    };
  }),
  about("growth", "write", "Sam met <contact> at the trade show and wants to stay in touch: put them on <sequence>", (w) => {
    const sequence = w.sequences[0]!;
    const inIt = new Set(w.enrollments.filter((e) => e.sequence_id === sequence.id).map((e) => e.contact_id));
    const one = pick(uniqueContacts(w), (c) => !inIt.has(c.id) && c.account_id !== null, "contact not in the sequence");
    const account = pick(w.accounts, (a) => a.id === one.account_id, "their account");
    return {
      say: `Sam met ${fullName(one)} from ${account.name} at the trade show and wants us to stay in touch. Could you put them on the "${sequence.name}" sequence?`,
      expect: [enrolled(sequence.id, one.id, fullName(one))],
    };
  }),
  about("growth", "read", "Nadia is seeing the <account> team on Friday and asked me who we have there", (w) => {
    const account = pick(w.accounts, (a) => contactsOf(w, a.id).length >= 2, "account with two contacts");
    const people = contactsOf(w, account.id);
    return {
      say: `Nadia is seeing the ${account.name} team on Friday and asked me who we actually have over there. Names please?`,
      expect: [named(names(people), [], people.length)],
    };
  }),
  about("growth", "write", "<contact> has a new mobile, from their email footer: update it so Sam has it", (w) => {
    const one = pick(uniqueContacts(w), (c) => c.account_id !== null, "contact at an account");
    const account = pick(w.accounts, (a) => a.id === one.account_id, "their account");
    return {
      say: `${fullName(one)} at ${account.name} has a new mobile number - it was in the footer of their last email: +44 20 7946 0321. Could you update it so Sam's got it?`,
      expect: [changed("contact", one.id, { phone: "+44 20 7946 0321" }, fullName(one))],
    };
  }),
  about("growth", "read", "is anyone at <account with an enrolled contact> still receiving our automated emails? who?", (w) => {
    const active = w.enrollments.filter((e) => e.status === "active").map((e) => pick(w.contacts, (c) => c.id === e.contact_id, "enrolled contact"));
    const withAccount = active.find((c) => c.account_id !== null)!;
    const account = pick(w.accounts, (a) => a.id === withAccount.account_id, "their account");
    const theirs = active.filter((c) => c.account_id === account.id);
    return {
      say: `We're in a dispute with ${account.name}. Is anyone over there still receiving our automated emails? Who?`,
      expect: [named(names(theirs), [], theirs.length), noChange()],
    };
  }),
  about("talent", "write", "Brilliant news for a Monday - <candidate at offer> signed the offer! record the hire", (w) => {
    const one = pick(inStage(w, "offer"), () => true, "candidate at offer");
    return {
      say: `Brilliant news for a Monday - ${fullName(one)} has signed our offer! Please record the hire.`,
      expect: [changed("candidate", one.id, { stage: "hired" }, fullName(one))],
    };
  }),
  about("talent", "read", "what score has been given to <rated candidate>, and which role is that application for?", (w) => {
    const one = pick(w.candidates, (c) => c.rating !== null && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1, "rated candidate");
    const job = pick(w.jobs, (j) => j.id === one.job_id, "their job");
    return {
      say: `What score has been given to ${fullName(one)}, and which role is that application for?`,
      expect: [says(String(one.rating)), says(job.title)],
    };
  }),
];

/*
 * Round twenty-one: the classes its blind sets (a search-box typist, an Australian contractor, a growth marketer)
 * showed, worded apart from them.
 */
const roundTwentyOne: Case[] = [
  about("finance", "read", "<part-paid invoice> — what's still owing (a question, never a payment)", (w) => {
    const invoice = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "part-paid invoice");
    return {
      say: `${shortNumber(invoice).toLowerCase()} — whats still owing`,
      expect: [money({ [invoice.currency]: invoice.amount_due }, `${invoice.number}'s balance`), noChange()],
    };
  }),
  about("growth", "write", "label <contact> and <contact> as trade-show-2026", (w) => {
    const [a, b] = uniqueContacts(w).filter((c) => c.account_id !== null);
    if (!a || !b) throw new Error("two contacts with names of their own");
    return {
      say: `${fullName(a)} and ${fullName(b)} came by the stand. label them trade-show-2026 please`,
      expect: [
        changed("contact", a.id, { tags: is.including(...a.tags, "trade-show-2026") }, fullName(a)),
        changed("contact", b.id, { tags: is.including(...b.tags, "trade-show-2026") }, fullName(b)),
      ],
    };
  }),
  about("growth", "read", "<contact> title? (typed as a search)", (w) => {
    const c = pick(uniqueContacts(w), (x) => x.title !== null, "contact with a title");
    return { say: `${fullName(c).toLowerCase()} title?`, expect: [says(c.title!), noChange()] };
  }),
  about("growth", "write", "new contact: <name>, <email>, <account>, head of finance (a list of values)", (w) => {
    const account = w.accounts[0]!;
    const domain = account.domain ?? "example.com";
    return {
      say: `new contact: marta kowal, marta.kowal@${domain}, ${account.name.toLowerCase()}, head of finance`,
      expect: [
        created("contact", {
          first_name: "Marta",
          last_name: "Kowal",
          email: `marta.kowal@${domain}`,
          account_id: account.id,
          title: is.text("head of finance"),
        }),
      ],
    };
  }),
  about("growth", "write", "take <name>/<account> off <sequence> (the slash says where they work)", (w) => {
    const sequence = followUp(w);
    const [c] = enrolledContacts(w, sequence.id);
    if (!c) throw new Error("a contact in the sequence");
    const account = pick(w.accounts, (a) => a.id === c.account_id, "their account");
    return {
      say: `take ${fullName(c).toLowerCase()}/${account.name.split(" ")[0]!.toLowerCase()} off the ${sequence.name.toLowerCase()} seq`,
      expect: [unenrolled(sequence.id, c.id, fullName(c))],
    };
  }),
  about("growth", "read", "open deals closing nxt 60d - count", (w) => {
    const end = addDays(today(w), 60);
    const n = w.deals.filter((d) => d.status === "open" && d.expected_close_date && d.expected_close_date >= today(w) && d.expected_close_date <= end).length;
    return { say: "open deals closing nxt 60d - count", expect: [count(n, "deals closing in 60 days")] };
  }),
  about("talent", "write", "give <applied candidate> the boot, not a fit", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "applied", "applied candidate");
    return { say: `Give ${c.first_name} ${c.last_name} the boot, not a fit for us.`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  about("finance", "write", "whack an invoice together for <client>, 1,200 bucks USD for a callout fee", (w) => {
    const account = w.accounts[1]!;
    return {
      say: `Can you whack an invoice together for ${account.name}? 1,200 bucks USD for the emergency callout at their warehouse, due in 3 weeks.`,
      expect: [created("invoice", { client: account.name, amount: 1200, currency: "USD", due_date: addDays(today(w), 21) })],
    };
  }),
  about("growth", "write", "<account> liked the numbers on today's call, we're into <stage> now — shift it along", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead", "Qualified"]);
    return {
      say: `${account} liked the numbers on today's call, so we're into proposal now. Shift it along in the pipeline please.`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)],
    };
  }),
  about("growth", "write", "press pause on the <sequence> drip", (w) => {
    const sequence = pick(w.sequences, (x) => x.status === "active", "active sequence");
    return {
      say: `press pause on the ${sequence.name.toLowerCase()} drip while legal reviews the wording`,
      expect: [changed("sequence", sequence.id, { status: "paused" }, sequence.name)],
    };
  }),
  about("growth", "read", "planning the Q1 push: how many contacts sit at lifecycle stage customer?", (w) => {
    const n = w.contacts.filter((c) => c.lifecycle_stage === "customer").length;
    return { say: "planning the Q1 push: how many contacts sit at lifecycle stage customer?", expect: [count(n, "customers")] };
  }),
  about("growth", "question", "put the trade show leads in the flow (which people?)", () => ({
    say: "put the trade show leads in the follow-up flow",
    expect: [noChange(), asksBack()],
  })),
];

/*
 * Round twenty-two: the classes the twenty-seventh blind sets (a fundraiser, a programmer, a caterer) showed, worded
 * apart from them: a request typed like code (objects, arrows, "set x.y = v", "order by ... limit"), other trades'
 * words for the same records, two changes in one message, a story before "nudge it forward".
 */
const roundTwentyTwo: Case[] = [
  about("growth", "read", "open deals order by amount desc limit 3 (typed like a query)", (w) => {
    const open = [...w.deals].filter((d) => d.status === "open").sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0));
    return {
      say: "select deals where status = open order by amount desc limit 3",
      expect: [named(dealNames(open.slice(0, 3)), dealNames(open.slice(3)), 3), noChange()],
    };
  }),
  about("growth", "read", "contacts where email ilike '%@<domain>%'", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null && contactsOf(w, a.id).length > 1, "account with contacts");
    const people = contactsOf(w, account.id);
    return {
      say: `contacts where email ilike '%@${account.domain}%'`,
      expect: [
        named(names(people), names(w.contacts.filter((c) => c.account_id !== account.id && !people.some((p) => fullName(p) === fullName(c)))), people.length),
      ],
    };
  }),
  about("growth", "write", "new deal as a JSON object for <account>", (w) => {
    const account = w.accounts[2]!;
    const close = addDays(today(w), 50);
    return {
      say: `create deal {"name": "Analytics add-on", "account": "${account.name}", "value": 18000, "currency": "EUR", "close_date": "${close}"}`,
      expect: [created("deal", { name: is.text("Analytics add-on"), account_id: account.id, amount: 18000, currency: "EUR", expected_close_date: close })],
    };
  }),
  about("talent", "write", "set candidate.stage = offer for <candidate in interview>", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "interview", "candidate in interview");
    return { say: `set candidate.stage = offer for ${fullName(c)}`, expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))] };
  }),
  about("finance", "write", "<unpaid invoice> -> paid (an arrow to a state)", (w) => {
    const invoice = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
    return {
      say: `\`${invoice.number}\` -> paid`,
      expect: [changed("invoice", invoice.id, { status: "paid", amount_due: 0 }, invoice.number)],
    };
  }),
  about("growth", "read", "which bookings are sitting in proposal (a caterer's word for deals)", (w) => {
    const stage = stageNamed(w, "Proposal");
    const inIt = w.deals.filter((d) => d.stage_id === stage.id && d.status === "open");
    return { say: "which bookings are sitting in proposal at the moment?", expect: [named(dealNames(inIt), [], inIt.length)] };
  }),
  about("finance", "write", "comp <open invoice>, goodwill after the mix-up (void, waits for approval)", (w) => {
    const invoice = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return { say: `comp ${shortNumber(invoice)}, goodwill gesture after the mix-up`, expect: [approval(/void/i, invoice.id, invoice.number)] };
  }),
  about("growth", "write", "86 <enrolled contact> from the follow-up emails", (w) => {
    const sequence = followUp(w);
    const c = pick(enrolledContacts(w, sequence.id), (x) => x.account_id !== null, "enrolled contact");
    const account = pick(w.accounts, (a) => a.id === c.account_id, "their account");
    return {
      say: `86 ${fullName(c)} from ${account.name} from the follow-up emails, they asked us to stop`,
      expect: [unenrolled(sequence.id, c.id, fullName(c))],
    };
  }),
  about("growth", "write", "mark <sole open deal> won and enrol <contact> in the follow-up (two changes)", (w) => {
    const { deal, account } = soleOpenDeal(w);
    const sequence = followUp(w);
    const c = pick(uniqueContacts(w), (x) => !enrolledContacts(w, sequence.id).some((e) => e.id === x.id), "contact not enrolled");
    return {
      say: `${account} came through - mark their deal won, and enrol ${fullName(c)} in the ${sequence.name} sequence`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name), enrolled(sequence.id, c.id, fullName(c))],
    };
  }),
  about("talent", "write", "we've filled the <job> post, close the vacancy (British 'post', no new job)", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired"), "open job with a hire");
    return {
      say: `Good news, we've filled the ${job.title} post. Could you close the vacancy?`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),
  about("growth", "write", "add a contact whose title reads like a verb: Planned Giving Officer at <account>", (w) => {
    const account = w.accounts[3]!;
    const domain = account.domain ?? "example.com";
    return {
      say: `Please add Rosa Delgado, Planned Giving Officer at ${account.name}, rosa.delgado@${domain}, as a contact.`,
      expect: [created("contact", { first_name: "Rosa", last_name: "Delgado", account_id: account.id, title: is.text("Planned Giving Officer") })],
    };
  }),
  about("growth", "write", "good call with <account>, story, then nudge the deal forward", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Qualified", "Proposal"]);
    const open = stages(w).filter((st) => st.kind === "open");
    const next = open[open.indexOf(stageOf(w, deal)) + 1]!;
    return {
      say: `Really good call with ${account} this morning, they want to see the contract. Nudge the deal forward.`,
      expect: [changed("deal", deal.id, { stage_id: next.id }, deal.name)],
    };
  }),
  about("talent", "read", "how many candidates are in play, and how many of those made it to interview", (w) => {
    const interview = w.candidates.filter((c) => c.stage === "interview").length;
    return {
      say: "how many candidates are still in play, and how many of those have made it to interview?",
      expect: [count(interview, "candidates at interview"), noChange()],
    };
  }),
];

/*
 * Round twenty-four's classes, in other words than its blind sets: stories around a request that point back into
 * them, the same change to records listed together, a job's place and team set apart by commas, firm names with an
 * ampersand, trade words (lets, arrears) and the CFO's shorthand.
 */
const roundTwentyFour: Case[] = [
  about("finance", "read", "a client named misspelt in a story, then what they owe on their unpaid invoices", (w) => {
    const client = clientWithUnpaid(w, 2);
    const open = w.invoices.filter((i) => i.client === client && unpaid(i));
    return {
      say: `Got an email from ${misspelt(client)} asking for a statement. How much do they still owe us, across their unpaid invoices?`,
      expect: [money(dueSums(open)), noChange()],
    };
  }),
  about("finance", "write", "<open invoice> went to the wrong client. It needs cancelling (void, waits for approval)", (w) => {
    const invoice = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `Small mix-up: ${invoice.number} went out to the wrong department. It needs cancelling — I'll redo it myself.`,
      expect: [approval(/void/i, invoice.id, invoice.number)],
    };
  }),
  about("growth", "write", "<account> has a new finance director: Name, email. Add her", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null && a.name.includes(" "), "account with a domain");
    return {
      say: `${account.name} has a new finance director: Marta Lindqvist, marta.lindqvist@${account.domain}. Please add her to our contacts.`,
      expect: [created("contact", { first_name: "Marta", last_name: "Lindqvist", account_id: account.id, title: is.containing("finance director") })],
    };
  }),
  about("talent", "write", "move two candidates in interview on to offer, named together", (w) => {
    const [a, b] = inStage(w, "interview");
    if (!a || !b) throw new Error("two candidates in interview");
    return {
      say: `Both final interviews went well. Move ${fullName(a)} and ${fullName(b)} through to the offer stage please.`,
      expect: [changed("candidate", a.id, { stage: "offer" }, fullName(a)), changed("candidate", b.id, { stage: "offer" }, fullName(b))],
    };
  }),
  about("finance", "write", "two invoices settled in full, told in a story, then 'mark both as paid'", (w) => {
    const [a, b] = w.invoices.filter((i) => i.status === "overdue" && i.amount_paid === 0);
    if (!a || !b) throw new Error("two overdue unpaid invoices");
    return {
      say: `${a.client} settled ${a.number} in full and ${b.client} cleared ${b.number} too. Could you mark both of them as paid?`,
      expect: [changed("invoice", a.id, { status: "paid", amount_due: 0 }, a.number), changed("invoice", b.id, { status: "paid", amount_due: 0 }, b.number)],
    };
  }),
  about("talent", "write", "open a req: title, team, city, contract (set apart by commas)", () => ({
    say: "open a req: data analyst, analytics team, Boston, contract. headcount approved",
    expect: [created("job", { title: is.text("data analyst"), department: is.text("analytics"), location: is.text("Boston"), employment_type: "contract" })],
  })),
  about("finance", "question", "send <account without a draft> an invoice for the audit (no amount: asks)", (w) => {
    const account = pick(
      w.accounts,
      (a) => !w.invoices.some((i) => i.account_id === a.id && i.status === "draft") && a.name.includes(" "),
      "account without a draft",
    );
    return { say: `can you send ${account.name} an invoice for the audit we did last month?`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "read", "which of our customers are in the Proposal stage (accounts, by their deals)", (w) => {
    const inIt = stageDeals(w, "Proposal");
    const accounts = w.accounts.filter((a) => inIt.some((d) => d.account_id === a.id));
    const others = w.accounts.filter((a) => !accounts.includes(a) && !w.deals.some((d) => d.account_id === a.id && d.status === "open"));
    return {
      say: "Which of our customers are in the Proposal stage right now?",
      expect: [
        named(
          accounts.map((a) => a.name),
          others.map((a) => a.name),
        ),
        noChange(),
      ],
    };
  }),
  about("finance", "figure", "our total arrears, in each currency we bill in", (w) => {
    const late = w.invoices.filter(overdue);
    return { say: "For the monthly board pack I need our total arrears, in each currency we bill in.", expect: [money(dueSums(late)), noChange()] };
  }),
  about("growth", "write", "open an account for a firm with an ampersand and LLP", () => ({
    say: "please open an account for Barrow & Finch LLP, their website is barrowfinch.com",
    expect: [created("account", { name: is.text("Barrow & Finch LLP"), domain: "barrowfinch.com" })],
  })),
  about("growth", "write", "new contact: Name, their Head of Procurement, email, at <account>", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null, "account with a domain");
    return {
      say: `New contact at ${account.name}: Tomas Berg, their Head of Procurement, tomas.berg@${account.domain}`,
      expect: [created("contact", { first_name: "Tomas", last_name: "Berg", account_id: account.id, title: is.text("Head of Procurement") })],
    };
  }),
  about("talent", "question", "move the candidate for a role that does not exist (asks which role)", () => ({
    say: "please move the candidate for the paralegal opening to the next stage",
    expect: [noChange(), asksBack()],
  })),
  about("finance", "write", "<client> asked for more time on <invoice>. ok, push due to <date>", (w) => {
    const invoice = pick(w.invoices, (i) => i.status === "open", "open invoice");
    const due = addDays(invoice.due_date, 21);
    return {
      say: `${invoice.client} asked for a bit longer on ${shortNumber(invoice).toLowerCase()}. ok, push due to ${due}`,
      expect: [changed("invoice", invoice.id, { due_date: due }, invoice.number)],
    };
  }),
  about("talent", "read", "<role> role: who's still in the running", (w) => {
    const job = pick(
      w.jobs,
      (j) => candidatesOf(w, j.id).filter((c) => c.stage !== "hired" && c.stage !== "rejected").length > 1,
      "job with candidates in play",
    );
    const inPlay = candidatesOf(w, job.id).filter((c) => c.stage !== "hired" && c.stage !== "rejected");
    const out = candidatesOf(w, job.id).filter((c) => !inPlay.includes(c));
    return {
      say: `${job.title.toLowerCase()} role: who's still in the running?`,
      expect: [named(inPlay.map(fullName), out.map(fullName), inPlay.length), noChange()],
    };
  }),
];

/* Round twenty-five's classes, in other words than its blind sets: a contractor's and a venue's words, a German writer's. */
const roundTwentyFive: Case[] = [
  about("growth", "read", "which tenders are sitting in proposal", (w) => {
    const inIt = stageDeals(w, "Proposal");
    return { say: "which tenders are sitting in proposal this week?", expect: [named(dealNames(inIt), [], inIt.length), noChange()] };
  }),
  about("talent", "read", "which Bewerber (applicants) are in screening (a glossed German word)", (w) => {
    const screening = inStage(w, "screening");
    return {
      say: "Which Bewerber (applicants) are at the moment in the screening?",
      expect: [named(screening.map(fullName), w.candidates.filter((c) => c.stage !== "screening").map(fullName), screening.length), noChange()],
    };
  }),
  about("growth", "write", "<contact> has been promoted to Head of Operations - update the title on their contact", (w) => {
    const c = pick(uniqueContacts(w), (x) => x.account_id !== null, "contact");
    return {
      say: `${fullName(c)} has been promoted to Head of Operations (about time!) - can you update the title on their contact?`,
      expect: [changed("contact", c.id, { title: is.text("Head of Operations") }, fullName(c))],
    };
  }),
  about("talent", "write", "we need a Night Porter, full time, based at the hotel in York: open up the job", () => ({
    say: "We need a Night Porter, full time, based at the hotel in York. Could you open up the job?",
    expect: [created("job", { title: is.text("Night Porter"), location: is.text("York"), employment_type: "full_time" })],
  })),
  about("finance", "read", "how much has <client> still got to pay us", (w) => {
    const client = clientWithUnpaid(w, 2);
    return {
      say: `how much has ${client} still got to pay us?`,
      expect: [money(dueSums(w.invoices.filter((i) => i.client === client && unpaid(i)))), noChange()],
    };
  }),
];

/*
 * Round twenty-six: Indian English office words ("the same", "from X side", "invoice nos"), French words and
 * figures ("facture", "échéance", "3 000,50 €", « »), and a distributor's ledger talk ("90+ days on us", "into us
 * for", "put her through to the next round", "get the vacancy up"), worded apart from the blind sets.
 */
const roundTwentySix: Case[] = [
  about("finance", "write", "<client> has made the payment, kindly mark the same as paid (one unpaid invoice)", (w) => {
    const client = clientWithUnpaid(w, 1);
    const invoice = pick(w.invoices, (i) => i.client === client && unpaid(i), "invoice");
    return {
      say: `${client} has made the payment yesterday, kindly mark the same as paid`,
      expect: [changed("invoice", invoice.id, { status: "paid", amount_due: 0 }, invoice.number)],
    };
  }),
  about("talent", "write", "<candidate> cleared the technical round, please move the same to offer", (w) => {
    const c = pick(inStage(w, "interview"), () => true, "candidate in interview");
    return {
      say: `${c.first_name} has cleared the technical round, please move the same to offer stage`,
      expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
    };
  }),
  about("finance", "read", "how many of our factures in euros are en retard (French words)", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.currency === "EUR");
    return { say: "combien of the factures in euros are en retard ?", expect: [count(late.length, "overdue EUR invoices"), noChange()] };
  }),
  about("finance", "write", "make a facture for <account>: 2 400,00 € for the refonte of their website (French figures)", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `Make a facture for ${account.name}: 2 400,00 € for the refonte of their website, échéance le 27/02`,
      expect: [created("invoice", { client: is.text(account.name), amount: 2400, currency: "EUR" })],
    };
  }),
  about("growth", "read", "who is actually in the séquence « <sequence> » ? (French quotation marks)", (w) => {
    const seq = pick(w.sequences, (q) => enrolledContacts(w, q.id).length > 0, "sequence");
    const people = enrolledContacts(w, seq.id);
    return { say: `who is actually in the séquence « ${seq.name} » ?`, expect: [named(names(people), [], Math.min(people.length, 3)), noChange()] };
  }),
  about("finance", "read", "who's 90+ days on us? just the clients", (w) => {
    const cutoff = addDays(today(w), -90);
    const late = clientNames(w).filter((c) => w.invoices.some((i) => i.client === c && overdue(i) && i.due_date < cutoff));
    const fine = clientNames(w).filter((c) => !late.includes(c) && !w.invoices.some((i) => i.client === c && overdue(i)));
    return { say: "who's 90+ days on us? just the clients please", expect: [named(late, fine, late.length), noChange()] };
  }),
  about("finance", "read", "what is <client> into us for all told", (w) => {
    const client = clientWithUnpaid(w, 2);
    return {
      say: `what is ${client.split(" ")[0]!.toLowerCase()} into us for all told`,
      expect: [money(dueSums(w.invoices.filter((i) => i.client === client && unpaid(i)))), noChange()],
    };
  }),
  about("talent", "write", "<candidate> did ok on the phone screen, put her through to the next round", (w) => {
    const c = pick(inStage(w, "screening"), () => true, "candidate in screening");
    return {
      say: `${fullName(c).toLowerCase()} did ok on the phone screen, put them through to the next round`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "<candidate>'s a no for the <job> job", (w) => {
    const c = pick(inStage(w, "applied"), (x) => x.job_id !== null, "candidate applied");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "job");
    return { say: `${fullName(c)}'s a no for the ${job.title} job`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  about("talent", "write", "we need a stock picker for the fresno depot, part time. get the vacancy up", () => ({
    say: "we need a stock picker for the fresno depot, part time. get the vacancy up",
    expect: [created("job", { title: is.text("Stock Picker"), location: is.text("Fresno"), employment_type: "part_time" })],
  })),
  ask("intelligence", "figure", "what's our strike rate", (w) => [figure(snapshotOf(w).growth.last_90_days.win_rate, "win rate", "percent")]),
  about("growth", "question", "client has given the go-ahead, please change the deal stage (which deal?)", () => ({
    say: "client has given the go-ahead, please change the deal stage",
    expect: [noChange(), asksBack()],
  })),
  about("growth", "write", "new purchaser at <account> — first last, head of logistics, email. get him in", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null, "account");
    const email = `ravi.menon@${account.domain}`;
    return {
      say: `new purchaser at ${account.name.toLowerCase()} — ravi menon, head of logistics, ${email}. get him in the system`,
      expect: [created("contact", { first_name: "Ravi", last_name: "Menon", email, account_id: account.id })],
    };
  }),
  about("finance", "read", "pls share the invoice nos still lying in draft, not yet sent to client", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return { say: "pls share the invoice nos still lying in draft, not yet sent to client", expect: [named(numbers(drafts), [], drafts.length), noChange()] };
  }),
];

/* Round twenty-eight: Spanish requests, Dutch English, agency recruiting talk (worded apart from the blind sets). */
const roundTwentyEight: Case[] = [
  about("finance", "read", "cuántas facturas están vencidas? (Spanish)", (w) => {
    const late = w.invoices.filter(overdue);
    return { say: "cuántas facturas están vencidas en este momento?", expect: [count(late.length, "overdue invoices"), noChange()] };
  }),
  about("finance", "read", "cuánto nos debe <client>? (Spanish)", (w) => {
    const client = clientWithUnpaid(w, 2);
    return { say: `cuánto nos debe ${client} en total?`, expect: [money(dueSums(ofClient(w, client).filter(unpaid)), `what ${client} owes`), noChange()] };
  }),
  about("talent", "read", "dame las vacantes abiertas (Spanish)", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    return {
      say: "dame las vacantes abiertas por favor",
      expect: [
        named(
          open.map((j) => j.title),
          w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
        ),
        noChange(),
      ],
    };
  }),
  about("growth", "write", "ganamos el deal de <account>, márcalo como ganado (Spanish)", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `ganamos lo de ${account}, márcalo como ganado porfa`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("talent", "write", "rechaza a <candidate> (Spanish, with a reason after 'por favor')", (w) => {
    const c = pick(inStage(w, "applied"), () => true, "candidate applied");
    return {
      say: `rechaza a ${fullName(c)} por favor, buscamos a alguien con más experiencia`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("finance", "read", "How many invoices are still concept? (Dutch English)", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return { say: "How many invoices are still concept at the moment?", expect: [count(drafts.length, "draft invoices"), noChange()] };
  }),
  about("talent", "read", "Which sollicitanten are there for <job>? (Dutch English)", (w) => {
    const job = pick(w.jobs, (j) => candidatesOf(w, j.id).length > 1, "job with candidates");
    const people = candidatesOf(w, job.id);
    return { say: `Give me the sollicitanten for the vacature ${job.title}.`, expect: [named(names(people), [], Math.min(people.length, 3)), noChange()] };
  }),
  about("finance", "write", "Make <client>'s only open invoice on paid (Dutch English)", (w) => {
    const client = clientWithUnpaid(w, 1);
    const invoice = pick(w.invoices, (i) => i.client === client && unpaid(i), "invoice");
    return {
      say: `Please make the invoice of ${client} on paid, the money came binnen this morning.`,
      expect: [changed("invoice", invoice.id, { status: "paid", amount_due: 0 }, invoice.number)],
    };
  }),
  about("talent", "read", "who got dispo'd on the <job> req (recruiter)", (w) => {
    const job = pick(w.jobs, (j) => candidatesOf(w, j.id).some((c) => c.stage === "rejected"), "job with rejections");
    const out = candidatesOf(w, job.id).filter((c) => c.stage === "rejected");
    const kept = candidatesOf(w, job.id).filter((c) => c.stage !== "rejected");
    return { say: `who got dispo'd on the ${job.title.toLowerCase()} req so far`, expect: [named(names(out), names(kept)), noChange()] };
  }),
  about("talent", "write", "new req: title / team / place / type (recruiter, slashes)", () => ({
    say: "new req: payroll specialist / finance team / remote / contract",
    expect: [
      created("job", { title: is.text("Payroll Specialist"), department: is.text("Finance"), location: is.text("Remote"), employment_type: "contract" }),
    ],
  })),
  about("growth", "write", "new opp -> <account>, <name>, amount (recruiter)", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `new opp -> ${account.name.toLowerCase()}, temp staffing, 22k usd`,
      expect: [created("deal", { name: is.text("temp staffing"), account_id: account.id, amount: 22000 })],
    };
  }),
];

/* Round twenty-nine: Irish English, formal second-language English, a warehouse supervisor (worded apart from the blind sets). */
const roundTwentyNine: Case[] = [
  about("finance", "write", "I'm after getting a payment from <client>, the full amount (Irish)", (w) => {
    const client = clientWithUnpaid(w, 1);
    const invoice = pick(w.invoices, (i) => i.client === client && unpaid(i), "invoice");
    return {
      say: `I'm after getting a payment from ${client}, the full amount. would you ever mark it off`,
      expect: [changed("invoice", invoice.id, { status: "paid", amount_due: 0 }, invoice.number)],
    };
  }),
  about("growth", "write", "we got the <account> job!! mark it won (Irish: a job is a deal won)", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return { say: `we got the ${account} job!! mark it won, cheers`, expect: [changed("deal", deal.id, { status: "won" }, deal.name)] };
  }),
  about("talent", "read", "who've we got at interview stage (Irish)", (w) => {
    const people = inStage(w, "interview");
    return { say: "who've we got in interview at the minute", expect: [named(names(people), names(inStage(w, "applied"))), noChange()] };
  }),
  about("finance", "read", "what's our debtor days on the euro invoices", (w) => {
    const eur = snapshotOf(w).finance.currencies.find((c) => c.currency === "EUR");
    return {
      say: "what's our debtor days on the euro invoices?",
      expect: [figure(eur?.days_sales_outstanding ?? 0, "days sales outstanding (EUR)", "number"), noChange()],
    };
  }),
  about("finance", "read", "I want to know the total amount of unpaid of <client> (formal)", (w) => {
    const client = clientWithUnpaid(w, 2);
    return {
      say: `Good afternoon. I want to know the total amount of unpaid of ${client}. Thank you in advance.`,
      expect: [money(dueSums(ofClient(w, client).filter(unpaid)), `what ${client} owes`), noChange()],
    };
  }),
  about("growth", "write", "Please register a new contact. Name: Mr. X, title at <account>. E-mail: ... (formal)", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null && a.name.includes(" "), "account");
    const email = `takeshi.mori@${account.domain}`;
    return {
      say: `Please register a new contact. Name: Mr. Takeshi Mori, Purchasing Manager at ${account.name}. E-mail: ${email}. Best regards.`,
      expect: [created("contact", { first_name: "Takeshi", last_name: "Mori", email, account_id: account.id })],
    };
  }),
  about("talent", "write", "<candidate> (job) passed the screening. Please move to the interview stage (formal)", (w) => {
    const c = pick(inStage(w, "screening"), (x) => x.job_id !== null, "candidate in screening");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "job");
    return {
      say: `${fullName(c)} (${job.title}) passed the screening. Please move to the interview stage.`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("finance", "write", "cut an invoice to <account> for $N, due 30 days out (warehouse)", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `cut an invoice to ${account.name} for $2,750 for dock door repair, due 30 days out`,
      expect: [created("invoice", { client: is.text(account.name), amount: 2750, currency: "USD", due_date: addDays(today(w), 30) })],
    };
  }),
  about("finance", "read", "how much is PAST DUE all together (warehouse, shouted)", (w) => {
    const late = w.invoices.filter(overdue);
    return { say: "how much is PAST DUE all together right now", expect: [money(dueSums(late), "overdue total"), noChange()] };
  }),
  about("talent", "write", "put up a <title> posting, seasonal temp, <city> (warehouse)", () => ({
    say: "need 2 more loaders for peak. put up a truck loader posting, seasonal temp, Dayton",
    expect: [created("job", { title: is.text("Truck Loader"), location: is.text("Dayton"), employment_type: "temporary" })],
  })),
];

const roundThirty: Case[] = [
  about("finance", "read", "quais faturas do <client> ainda estão em aberto (Portuguese)", (w) => {
    const client = clientWithUnpaid(w, 2);
    const theirs = ofClient(w, client);
    return {
      say: `quais faturas da ${client} ainda estão em aberto?`,
      expect: [named(numbers(theirs.filter(unpaid)), numbers(theirs.filter((i) => !unpaid(i)))), noChange()],
    };
  }),
  about("finance", "question", "give <client> a 5% discount on <invoice>: asked back, nothing changed", (w) => {
    const inv = pick(w.invoices, unpaid, "unpaid invoice");
    return { say: `give ${inv.client} a 5% discount on ${shortNumber(inv)}`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "write", "<client> sent a check for 2 grand on <invoice>, it ain't the whole thing (Texan)", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.currency === "USD" && i.amount_due > 3000, "dollar invoice");
    return {
      say: `${inv.client.split(" ")[0]} sent a check for 2 grand on ${shortNumber(inv)}, it ain't the whole thing`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 2000) * 100) / 100 }, inv.number)],
    };
  }),
  about("talent", "read", "what percentage of the <job> candidates got rejected", (w) => {
    const job = pick(w.jobs, (j) => candidatesOf(w, j.id).some((c) => c.stage === "rejected"), "job with rejections");
    const all = candidatesOf(w, job.id);
    const share = all.filter((c) => c.stage === "rejected").length / all.length;
    return {
      say: `what percentage of the ${job.title} candidates got rejected?`,
      expect: [figure(share, `share rejected for ${job.title}`, "percent"), noChange()],
    };
  }),
  about("talent", "read", "candidates per stage for the <job> job", (w) => {
    const job = pick(w.jobs, (j) => new Set(candidatesOf(w, j.id).map((c) => c.stage)).size >= 3, "job with a spread funnel");
    const all = candidatesOf(w, job.id);
    const stagesHeld = [...new Set(all.map((c) => c.stage))];
    return {
      say: `candidates per stage for the ${job.title} job`,
      expect: [...stagesHeld.map((st) => says(`${st}: ${all.filter((c) => c.stage === st).length}`)), noChange()],
    };
  }),
  about("growth", "write", "Abeg move the <account> deal to <next stage> (Pidgin)", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    return { say: `Abeg move the ${account} deal to Proposal`, expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)] };
  }),
  about("finance", "write", "kindly help me raise an invoice for <account> for the sum of USD 900 (in words only), being service fee", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `kindly help me raise an invoice for ${account.name} for the sum of USD 900 (nine hundred dollars only), being service fee. Payment on or before 31st January.`,
      expect: [created("invoice", { client: is.text(account.name), amount: 900, currency: "USD", due_date: endOfNamedMonth(w, 1) })],
    };
  }),
  about("growth", "write", 'create a deal for <account> named "Fleet pilot", valued at 8,500 US dollars', (w) => {
    const account = pick(w.accounts, (a) => !w.deals.some((d) => d.account_id === a.id && d.status === "open"), "account with no open deal");
    return {
      say: `create a deal for ${account.name} named "Fleet pilot", valued at 8,500 US dollars`,
      expect: [created("deal", { name: is.containing("Fleet pilot"), account_id: account.id, amount: 8500, currency: "USD" })],
    };
  }),
  about("talent", "write", "<candidate> not passed in the interview, can reject (Brazilian)", (w) => {
    const c = pick(inStage(w, "interview"), () => true, "candidate in interview");
    return { say: `${fullName(c)} not passed in the interview, can reject`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  ask("finance", "read", "which invoices are delayed right now", (w) => [
    named(numbers(w.invoices.filter(overdue)), numbers(w.invoices.filter((i) => !unpaid(i)))),
    noChange(),
  ]),
];

/*
 * Round thirty-one: Filipino English (Tagalog particles), Italian and Chinese English, worded apart from the blind
 * sets that found them.
 */
const roundThirtyOne: Case[] = [
  ask("finance", "read", "how many overdue invoices do we have na po?", (w) => [count(w.invoices.filter(overdue).length, "overdue invoices"), noChange()]),
  about("finance", "write", "paki-mark as paid naman <an unpaid invoice>, the client paid it already (Filipino)", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid === 0, "unpaid invoice");
    return {
      say: `paki-mark as paid naman ${inv.number}, the client paid it already`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("growth", "read", "quante trattative abbiamo in <stage> adesso? (Italian)", (w) => {
    const stage = stageNamed(w, "Negotiation");
    return {
      say: "quante trattative abbiamo in Negotiation adesso?",
      expect: [count(w.deals.filter((d) => d.status === "open" && d.stage_id === stage.id).length, "deals in Negotiation"), noChange()],
    };
  }),
  about("finance", "write", "sposta la scadenza della fattura <an open invoice> al 20 marzo (Italian)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `sposta la scadenza della fattura ${inv.number} al 20 marzo`,
      expect: [changed("invoice", inv.id, { due_date: nextDate(w, 3, 20) }, inv.number)],
    };
  }),
  about("finance", "read", "customer <client> still owe how much? (Chinese English)", (w) => {
    const client = clientWithUnpaid(w, 2);
    return { say: `customer ${client} still owe how much?`, expect: [money(dueSums(ofClient(w, client).filter(unpaid)), `${client}'s balance`), noChange()] };
  }),
  about("finance", "write", "<an open invoice>, this one void pls (Chinese English; waits for approval)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return { say: `${inv.number}, this one void pls. the order is wrong`, expect: [approval(/void_invoice/, inv.id)] };
  }),
  about("growth", "read", "need the CFO's email at <account>", (w) => {
    const cfo = pick(w.contacts, (c) => /chief financial officer/i.test(c.title ?? "") && !!c.account_id, "CFO");
    const account = pick(w.accounts, (a) => a.id === cfo.account_id, "CFO's account");
    return { say: `need the CFO's email at ${account.name}`, expect: [says(cfo.email!), noChange()] };
  }),
  about("finance", "read", "did the payments from <client> all come in? which invoices still not paid", (w) => {
    const client = clientWithUnpaid(w, 2);
    const theirs = ofClient(w, client);
    return {
      say: `did the payments from ${client} all come in? which invoices still not paid`,
      expect: [named(numbers(theirs.filter(unpaid)), numbers(theirs.filter((i) => !unpaid(i) && i.status !== "draft"))), noChange()],
    };
  }),
  ask("finance", "read", "list the invoices over USD 2w", (w) => [
    named(
      numbers(w.invoices.filter((i) => i.currency === "USD" && i.amount > 20_000)),
      numbers(w.invoices.filter((i) => i.currency === "USD" && i.amount < 19_000)),
    ),
    noChange(),
  ]),
  about("talent", "write", "new candidate for <job>: <name>, <email>, she came through LinkedIn. pls add her", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open", "open job");
    return {
      say: `new candidate for ${job.title}: Liza Manalo, liza.manalo@example.ph, she came through LinkedIn. pls add her`,
      expect: [created("candidate", { email: "liza.manalo@example.ph", job_id: job.id, source: is.containing("linkedin") })],
    };
  }),
];

/*
 * Round thirty-two: Korean, Russian and Gulf office English, worded apart from the blind sets that found them.
 */
const roundThirtyTwo: Case[] = [
  about("finance", "question", "<client with several unpaid> payment done. pls update (which invoice is asked)", (w) => ({
    say: `${clientWithUnpaid(w, 3)} payment done. pls update`,
    expect: [noChange(), asksBack()],
  })),
  about("finance", "write", "how about move <an open invoice> due date 1 week more? (Korean English)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `how about move ${inv.number} due date 1 week more?`,
      expect: [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 7) }, inv.number)],
    };
  }),
  ask("finance", "read", "overdue invoice how many we have?", (w) => [count(w.invoices.filter(overdue).length, "overdue invoices"), noChange()]),
  about("growth", "read", "Salam, how many deals are in Negotiation as on today? shukran", (w) => {
    const stage = stageNamed(w, "Negotiation");
    return {
      say: "Salam, how many deals are in Negotiation as on today? shukran",
      expect: [count(w.deals.filter((d) => d.status === "open" && d.stage_id === stage.id).length, "deals in Negotiation"), noChange()],
    };
  }),
  about("finance", "write", "it is necessary to change due date of <an open invoice> on 20.01 (Russian English)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `it is necessary to change due date of ${inv.number} on 20.01`,
      expect: [changed("invoice", inv.id, { due_date: nextDate(w, 1, 20) }, inv.number)],
    };
  }),
  about("growth", "read", 'who is now inside of sequence "<sequence>"? names please', (w) => {
    const seq = pick(w.sequences, (q) => q.name === FOLLOW_UP, "follow-up sequence");
    const people = enrolledContacts(w, seq.id);
    return { say: `who is now inside of sequence "${seq.name}"? names please`, expect: [named([...new Set(people.map(fullName))]), noChange()] };
  }),
  about("growth", "write", 'make new deal "Pilot 2027" for client <account>, amount 12 000 EUR, expected close 31.03', (w) => {
    const account = pick(w.accounts, (a) => !w.deals.some((d) => d.account_id === a.id && d.status === "open"), "account with no open deal");
    return {
      say: `make new deal "Pilot 2027" for client ${account.name}, amount 12 000 EUR, expected close 31.03`,
      expect: [created("deal", { name: "Pilot 2027", account_id: account.id, amount: 12000, currency: "EUR", expected_close_date: nextDate(w, 3, 31) })],
    };
  }),
  about("growth", "write", "new contact for <account> please register: Kim Minji — first name Minji, last name Kim, <email>", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `new contact for ${account.name} please register: Kim Minji — first name Minji, last name Kim, minji.kim@example.kr`,
      expect: [created("contact", { first_name: is.text("Minji"), last_name: is.text("Kim"), email: "minji.kim@example.kr", account_id: account.id })],
    };
  }),
  about("finance", "write", "void <two open invoices> (one approval each)", (w) => {
    const [a, b] = w.invoices.filter((i) => i.status === "open");
    if (!a || !b) throw new Error("two open invoices");
    return { say: `please void invoices ${shortNumber(a)} and ${shortNumber(b)}`, expect: [approval(/void_invoice/, a.id), approval(/void_invoice/, b.id)] };
  }),
  about("growth", "write", "please find below details of new contact (pasted Name / Company / Designation / Email lines)", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `Please find below details of new contact:\nName: Omar Haddad\nCompany: ${account.name}\nDesignation: Procurement Lead\nEmail: omar.haddad@example.ae`,
      expect: [created("contact", { email: "omar.haddad@example.ae", account_id: account.id, title: is.containing("Procurement Lead") })],
    };
  }),
];

/*
 * Round thirty-three: Indonesian, Polish and South African office English, worded apart from the blind sets that
 * found them.
 */
const roundThirtyThree: Case[] = [
  ask("finance", "read", "ile mamy przeterminowanych faktur? (Polish)", (w) => [count(w.invoices.filter(overdue).length, "overdue invoices"), noChange()]),
  about("finance", "write", "tolong tandain <an unpaid invoice> udah lunas ya (Indonesian)", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid === 0, "unpaid invoice");
    return { say: `tolong tandain ${inv.number} udah lunas ya`, expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)] };
  }),
  about("growth", "read", "kontak kita di <account> siapa aja? (Indonesian)", (w) => {
    const account = pick(w.accounts, (a) => contactsOf(w, a.id).length >= 2, "account with contacts");
    const theirs = contactsOf(w, account.id).map(fullName);
    return { say: `kontak kita di ${account.name} siapa aja?`, expect: [named(theirs, [], Math.min(3, theirs.length)), noChange()] };
  }),
  about("growth", "read", "deal yang di Negotiation ada berapa? (Indonesian)", (w) => {
    const stage = stageNamed(w, "Negotiation");
    return {
      say: "deal yang di Negotiation ada berapa?",
      expect: [count(w.deals.filter((d) => d.status === "open" && d.stage_id === stage.id).length, "deals in Negotiation"), noChange()],
    };
  }),
  about("finance", "write", "please to make invoice for <account>, 3 tys. EUR, termin płatności 20.01 (Polish)", (w) => {
    const account = pick(w.accounts, (a) => a.name.includes(" "), "account");
    return {
      say: `please to make invoice for ${account.name}, 3 tys. EUR, termin płatności 20.01`,
      expect: [created("invoice", { client: is.text(account.name), amount: 3000, currency: "EUR", due_date: nextDate(w, 1, 20) })],
    };
  }),
  about("growth", "write", "new deal for <account> - call it X, USD 12 500, should close end of Feb (spaced thousands)", (w) => {
    const account = pick(w.accounts, (a) => !w.deals.some((d) => d.account_id === a.id && d.status === "open"), "account with no open deal");
    return {
      say: `new deal for ${account.name} pls - call it "Bakkie tracking", USD 12 500, should close end of Feb`,
      expect: [created("deal", { name: "Bakkie tracking", account_id: account.id, amount: 12500, currency: "USD" })],
    };
  }),
  ask("talent", "read", "how many people did we actually hire in the past year?", (w) => [
    says(String(w.candidates.filter((c) => c.stage === "hired").length)),
    noChange(),
  ]),
  about("finance", "question", "ja can you void that one we spoke about just now (nothing named: asked back)", () => ({
    say: "ja can you void that one we spoke about just now",
    expect: [noChange(), asksBack()],
  })),
];

export const MORE_CASES: Case[] = [
  ...finance,
  ...growth,
  ...talent,
  ...intelligence,
  ...careful,
  ...roundFour,
  ...roundFive,
  ...roundEight,
  ...roundTen,
  ...roundEleven,
  ...roundTwelve,
  ...roundThirteen,
  ...roundFourteen,
  ...roundFifteen,
  ...roundSixteen,
  ...roundSeventeen,
  ...roundEighteen,
  ...roundNineteen,
  ...roundTwenty,
  ...roundTwentyOne,
  ...roundTwentyTwo,
  ...roundTwentyFour,
  ...roundTwentyFive,
  ...roundTwentySix,
  ...roundTwentyEight,
  ...roundTwentyNine,
  ...roundThirty,
  ...roundThirtyOne,
  ...roundThirtyTwo,
  ...roundThirtyThree,
];
