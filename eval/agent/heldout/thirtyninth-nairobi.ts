import { about, approval, ask, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  accountNamed,
  candidatesOf,
  clientNames,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  month,
  numbers,
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

/*
 * Blind set, persona: a sales and HR officer at a logistics firm in Nairobi.
 * Kenyan English with Swahili and Sheng mixed in; WhatsApp-quick, pasted
 * emails, typos. 17 reads, 15 writes, 4 figures, 6 that must not act.
 */

type World = Parameters<Case["plan"]>[0];
type Deal = World["deals"][number];

/** An amount as an accounts clerk writes it: 15,092.74 */
const fmt = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Digits only, to compare phone numbers whatever their spacing. */
const digits = (v: unknown) => (typeof v === "string" ? v.replace(/\D/g, "") : "");
const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
const accountName = (w: World, d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal's account").name;

/** A client with the most overdue invoices (at least two). */
function clientMostOverdue(w: World): string {
  const ranked = clientNames(w)
    .map((c) => ({ c, n: w.invoices.filter((i) => i.client === c && overdue(i)).length }))
    .sort((a, b) => b.n - a.n);
  if (!ranked[0] || ranked[0].n < 2) throw new Error("no client with two overdue invoices");
  return ranked[0].c;
}

/** A client with at least two unpaid invoices, all in one currency, none written off, other than `not`. */
function clientOneCurrencyUnpaid(w: World, not?: string): string {
  const c = clientNames(w).find((name) => {
    const open = w.invoices.filter((i) => i.client === name && unpaid(i));
    const writtenOff = w.invoices.some((i) => i.client === name && i.status === "uncollectible");
    return name !== not && !writtenOff && open.length >= 2 && new Set(open.map((i) => i.currency)).size === 1;
  });
  if (!c) throw new Error("no client with two unpaid invoices in one currency");
  return c;
}

/** An account with at least two open deals, none in these stages. */
function accountWithOpenDeals(w: World, notIn: string[] = []): string {
  const acc = w.accounts.find((a) => {
    const open = dealsOf(w, a.id).filter((d) => d.status === "open");
    return open.length >= 2 && open.every((d) => !notIn.includes(stageOf(w, d).name)) && new Set(open.map((d) => d.currency)).size === 1;
  });
  if (!acc) throw new Error("no account with two open deals");
  return acc.name;
}

/** The open deal, in this stage, whose topic no other deal of its account shares. */
function dealByTopicIn(w: World, stage: string): { deal: Deal; account: string; topic: string } {
  const deal = pick(
    w.deals,
    (d) =>
      d.status === "open" &&
      stageOf(w, d).name === stage &&
      d.account_id !== null &&
      dealsOf(w, d.account_id).filter((o) => dealTopic(o) === dealTopic(d)).length === 1,
    `open deal in ${stage} with a distinct topic`,
  );
  return { deal, account: accountName(w, deal), topic: dealTopic(deal) };
}

export const CASES: Case[] = [
  /* ======================= reads ======================= */

  // finance
  ask("finance", "read", "sasa, ni invoices ngapi hazijalipwa? I mean zile bado ziko open ama overdue", (w) => [
    count(w.invoices.filter(unpaid).length, "unpaid (open or overdue) invoices"),
  ]),
  about("finance", "read", "which invoices of <the client with most overdue> are past their due date", (w) => {
    const client = clientMostOverdue(w);
    const mine = w.invoices.filter((i) => i.client === client);
    const late = mine.filter(overdue);
    return {
      say: `how far with ${client}? the client has not cleared... which of their invoices are past due date? nipe the invoice numbers`,
      expect: [names(numbers(late), numbers(mine.filter((i) => !overdue(i))), late.length)],
    };
  }),
  about("finance", "read", "total still owed by <a client with several unpaid invoices in one currency>", (w) => {
    const client = clientOneCurrencyUnpaid(w, clientMostOverdue(w));
    const open = w.invoices.filter((i) => i.client === client && unpaid(i));
    return {
      say: `hw much does ${client.split(" ")[0]!.toLowerCase()} owe us altogether? all their unpaid invoices, the balance not the original amnt`,
      expect: [money(dueSums(open), "balance owed")],
    };
  }),
  about("finance", "read", "has <the longest-overdue unpaid invoice> been paid or not", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.amount_paid === 0).sort((a, b) => b.days_overdue - a.days_overdue);
    const inv = pick(late, overdue, "overdue invoice with nothing paid");
    return {
      say: `ile ka-invoice ya ${inv.client}, ${shortNumber(inv)}, imelipwa ama bado? they are telling me they paid`,
      expect: [
        says("overdue", "past due", "unpaid", "not paid", "not been paid", "outstanding", "not yet"),
        money({ [inv.currency]: inv.amount_due }, "amount still due"),
      ],
    };
  }),
  about("finance", "read", "issued invoices that fall due between today and the end of this month", (w) => {
    const end = month(w)[1];
    const issued = w.invoices.filter((i) => i.status === "open");
    const dueSoon = issued.filter((i) => i.due_date >= today(w) && i.due_date <= end);
    const later = issued.filter((i) => i.due_date > end);
    return {
      say: "Kindly share the list of invoices falling due by end month. Only the ones already sent to clients, not drafts. Want to start calling them early",
      expect: [names(numbers(dueSoon), numbers(later), dueSoon.length)],
    };
  }),
  ask("finance", "read", "which invoices have the clients paid only partly? the ones with some balance still hanging", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    const none = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
    return [names(numbers(part), numbers(none), part.length)];
  }),

  // growth
  about("growth", "read", "the contacts at <the account with the most contacts>", (w) => {
    const acc = [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0]!;
    const mine = contactsOf(w, acc.id);
    const others = w.contacts.filter((c) => c.account_id !== acc.id);
    return {
      say: `nipe contacts wote wa ${acc.name} pls, names na titles zao`,
      expect: [names(mine.map(fullName), others.map(fullName), mine.length)],
    };
  }),
  ask("growth", "read", "Which deals are sitting at negotiation stage currently? Need to push them before end month", (w) => {
    const neg = openDeals(w).filter((d) => stageOf(w, d).name === "Negotiation");
    const accounts = [...new Set(neg.map((d) => accountName(w, d)))];
    const elsewhere = [...new Set(openDeals(w).map((d) => accountName(w, d)))].filter((a) => !accounts.includes(a));
    return [names(accounts, elsewhere, accounts.length)];
  }),
  about("growth", "read", "total value of the open deals with <an account with two open deals>", (w) => {
    const name = accountWithOpenDeals(w);
    const acc = pick(w.accounts, (a) => a.name === name, "account");
    const open = dealsOf(w, acc.id).filter((d) => d.status === "open");
    return {
      say: `how far with ${name}, what's the total value of the deals we still have open with them?`,
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open deal value",
        ),
      ],
    };
  }),
  about("growth", "read", "when <an account's only open deal> is expected to close", (w) => {
    const { deal, account } = soleOpenDeal(w);
    if (!deal.expected_close_date) throw new Error("the deal has no expected close date");
    return {
      say: `${account} wanataka tu-revert on timelines. when is their deal expected to close?`,
      expect: [date(deal.expected_close_date, "expected close date")],
    };
  }),
  about("growth", "read", "who is currently enrolled in <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => w.enrollments.some((e) => e.sequence_id === s.id && e.status === "active"), "sequence with enrollments");
    const inIt = enrolledContacts(w, seq.id);
    const out = w.contacts.filter((c) => !inIt.some((i) => i.id === c.id));
    return {
      say: `who r the people currently on the "${seq.name}" sequence? just the active ones`,
      expect: [names(inIt.map(fullName), out.map(fullName), inIt.length)],
    };
  }),
  ask("growth", "read", "tuko na contacts ngapi bado ziko kwa lead stage?", (w) => [
    count(w.contacts.filter((c) => c.lifecycle_stage === "lead").length, "contacts at lead stage"),
  ]),

  // talent
  about("talent", "read", "every candidate for <the backend job>, whatever their stage", (w) => {
    const job = jobNamed(w, "Backend");
    const mine = candidatesOf(w, job.id);
    const others = w.candidates.filter((c) => c.job_id !== job.id);
    return {
      say: `kindly share the list ya candidates wote wa ${job.title} role, any stage`,
      expect: [names(mine.map(fullName), others.map(fullName), mine.length)],
    };
  }),
  ask("talent", "read", "how many candidates are at interview stage across all the roles", (w) => [
    count(inStage(w, "interview").length, "candidates at interview"),
  ]),
  about("talent", "read", "where <a candidate at interview> is in the process", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "interview", "candidate at interview");
    return { say: `sasa, ${fullName(c)} amefika wapi kwa process? the hiring manager is asking`, expect: [says("interview")] };
  }),
  ask("talent", "read", "tuna open positions ngapi right now? and which ones", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    return [
      count(open.length, "open jobs"),
      names(
        open.map((j) => j.title),
        w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
        open.length,
      ),
    ];
  }),
  ask("talent", "read", "nani ako na offer currently? HR wants to prepare the contracts by end month", (w) => {
    const offer = inStage(w, "offer");
    const earlier = w.candidates.filter((c) => ["applied", "screening", "interview"].includes(c.stage));
    return [names(offer.map(fullName), earlier.map(fullName), offer.length)];
  }),

  /* ======================= writes ======================= */

  // finance
  about("finance", "write", "<client> paid <an overdue invoice> in full, per a pasted accounts email", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return {
      say: `fwd from accounts:\n\n"Dear Team,\nPlease note that we have received ${inv.currency} ${fmt(inv.amount_due)} from ${inv.client} in full settlement of invoice ${inv.number}. Kindly update your records accordingly.\nRegards,\nAccounts Dept"\n\npls mark it paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a part payment against <an open invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0 && i.amount_due > 6000, "open invoice above 6000");
    const part = 5000;
    return {
      say: `${inv.client} wametuma ${part.toLocaleString("en-US")} ${inv.currency} against ${inv.number}, balance watalipa by end month. kindly record the payment`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + part) * 100) / 100 }, inv.number)],
    };
  }),
  about("finance", "write", "raise a KES invoice for <an account> due at the end of this month", (w) => {
    const acc = accountNamed(w, "Tyrell");
    const end = month(w)[1];
    return {
      say: `raise ka-invoice for ${acc.name}: KES 450,000 for customs clearance consulting, due end month tafadhali`,
      expect: [created("invoice", { client: is.text(acc.name), amount: 450000, currency: "KES", due_date: end })],
    };
  }),
  about("finance", "write", "finalise the only draft of <a client>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && w.invoices.filter((o) => o.client === i.client && o.status === "draft").length === 1,
      "client with exactly one draft",
    );
    return {
      say: `Boss ameapprove the ${inv.client} draft invoice. Kindly finalise it so that it goes out, asante`,
      expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> (client cancelled), waits for approval", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
    return {
      say: `Tafadhali void ${inv.number} ya ${inv.client}. client cancelled that shipment, we shall reissue later`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  // growth
  about("growth", "write", "add a new procurement contact at <an account with a domain>", (w) => {
    const acc = pick(
      w.accounts,
      (a) => a.domain !== null && !w.contacts.some((c) => c.account_id === a.id && c.last_name === "Kamau"),
      "account with a domain",
    );
    const email = `wanjiku.kamau@${acc.domain}`;
    return {
      say: `Add new contact pls - Wanjiku Kamau, Head of Procurement at ${acc.name}. email ${email}, phone 0722 555 013`,
      expect: [
        created("contact", {
          first_name: is.text("Wanjiku"),
          last_name: is.text("Kamau"),
          email,
          account_id: acc.id,
          title: is.containing("procurement"),
          phone: is.where("the digits 0722555013 (or +254722555013)", (v: string) => ["0722555013", "254722555013"].includes(digits(v))),
        }),
      ],
    };
  }),
  about("growth", "write", "move <an account's deal at proposal> to negotiation", (w) => {
    const { deal, account, topic } = dealByTopicIn(w, "Proposal");
    const neg = stageNamed(w, "Negotiation");
    return {
      say: `Sasa! ${account} wamerudisha comments on the proposal, tunaenda negotiation. move the ${topic.toLowerCase()} deal to Negotiation`,
      expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)],
    };
  }),
  about("growth", "write", "mark <an open deal at qualified> as lost", (w) => {
    const { deal, account, topic } = dealByTopicIn(w, "Qualified");
    return {
      say: `pole news... ${account} ${topic.toLowerCase()} imeenda kwa competitor. mark that deal lost`,
      expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
    };
  }),
  about("growth", "write", "enrol <a contact not yet in it> in <the sequence>", (w) => {
    const seq = w.sequences[0]!;
    const active = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id));
    const free = uniqueContacts(w).filter((c) => !active.has(c.id) && c.account_id !== null);
    const c = free.find((x) => x.tags.includes("decision-maker")) ?? free[0];
    if (!c) throw new Error("no contact free to enrol");
    const acc = pick(w.accounts, (a) => a.id === c.account_id, "contact's account");
    return {
      say: `Kindly add ${fullName(c)} (${acc.name}) to the ${seq.name} sequence`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("growth", "write", "create a deal for <an account> closing end of February", (w) => {
    const acc = accountNamed(w, "Initech");
    return {
      say: `create a new deal under ${acc.name}, call it "Fleet tracking rollout", value USD 45,000, expected to close end of Feb`,
      expect: [
        created("deal", {
          name: is.containing("Fleet tracking"),
          account_id: acc.id,
          amount: 45000,
          currency: "USD",
          expected_close_date: endOfNamedMonth(w, 2),
        }),
      ],
    };
  }),
  about("growth", "write", "update <a contact>'s phone number", (w) => {
    const c = pick(uniqueContacts(w), (x) => !x.phone, "contact without a phone");
    return {
      say: `update ${fullName(c)}'s phone no. to +254 712 345 678 asante`,
      expect: [changed("contact", c.id, { phone: is.where("the digits 254712345678", (v: string) => digits(v) === "254712345678") }, fullName(c))],
    };
  }),

  // talent
  about("talent", "write", "move <a candidate at screening> on to interview", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening", "candidate at screening");
    return {
      say: `${fullName(c)} amepita screening vizuri. kindly move to interview stage`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <a candidate who only applied>", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "applied", "candidate at applied");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "job");
    return {
      say: `pole to ${fullName(c)} but hatuendelei naye for ${job.title}. reject the application pls`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "add a referred candidate to <the account executive job>", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: `New CV for the ${job.title} role: Achieng Otieno, achieng.otieno@gmail.com. Came through referral. Add her pls`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Achieng"),
          last_name: is.text("Otieno"),
          email: "achieng.otieno@gmail.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  ask(
    "talent",
    "write",
    "Good morning. Please open a new position: Fleet Operations Coordinator, Operations department, based in Nairobi, on contract terms. Thank you.",
    () => [
      created("job", {
        title: is.text("Fleet Operations Coordinator"),
        department: is.containing("Operations"),
        location: is.containing("Nairobi"),
        employment_type: "contract",
        status: "open",
      }),
    ],
  ),

  /* ======================= figures ======================= */

  ask("intelligence", "figure", "boss anauliza win rate yetu for the last 90 days, ni ngapi?", (w) => [
    figure(w.snapshot?.growth.last_90_days.win_rate ?? null, "win rate over the last 90 days", "percent"),
  ]),
  ask("intelligence", "figure", "whats the total value of our open pipeline? full value pls, not the weighted one", (w) => [
    money(
      sums(openDeals(w), (d: Deal) => d.amount ?? 0),
      "open pipeline value",
    ),
  ]),
  ask(
    "intelligence",
    "figure",
    "Dear Assistant,\nFor the month-end report kindly provide the total outstanding receivables per currency, and our DSO on the USD book.\nRegards",
    (w) => {
      const usd = w.snapshot?.finance.currencies.find((c) => c.currency === "USD");
      return [money(dueSums(w.invoices.filter(unpaid)), "outstanding receivables"), figure(usd?.days_sales_outstanding ?? null, "USD days sales outstanding")];
    },
  ),
  ask(
    "intelligence",
    "figure",
    "hiring funnel: candidates wangapi in total across the open roles (all stages, hata hired na rejected), na wangapi wamefika offer?",
    (w) => {
      const pipes = w.snapshot?.talent.open_job_pipelines ?? [];
      const total = pipes.reduce((n, p) => n + Object.values(p.candidates).reduce((a, b) => a + b, 0), 0);
      const offers = pipes.reduce((n, p) => n + (p.candidates.offer ?? 0), 0);
      return [count(total, "candidates across open jobs"), count(offers, "candidates at offer")];
    },
  ),

  /* ======================= must not act ======================= */

  about("finance", "question", "<a client with several unpaid invoices> has paid, mark 'their invoice' paid (which one?)", (w) => {
    const client = clientMostOverdue(w);
    return { say: `${client} wamelipa, mark their invoice as paid pls`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "raise an invoice for <an account> due next friday, no amount given", (w) => {
    const acc = w.accounts[1] ?? w.accounts[0]!;
    return { say: `tafadhali raise invoice for ${acc.name}, due next friday. description: monthly haulage`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "enrol <a name two contacts share> in the sequence (which one?)", (w) => {
    const dup = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1, "contact name two contacts share");
    const seq = w.sequences[0]!;
    return { say: `put ${fullName(dup)} on the ${seq.name} sequence`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "mark 'the deal' of <an account with two open deals> as won (which one?)", (w) => {
    const name = accountWithOpenDeals(w);
    return { say: `${name} deal tumeshinda!! mark it won sasa hivi`, expect: [noChange(), asksBack()] };
  }),
  about("talent", "question", "reject 'the backend candidate' (several are active)", (w) => {
    const job = jobNamed(w, "Backend");
    const active = candidatesOf(w, job.id).filter((c) => !["hired", "rejected"].includes(c.stage));
    if (active.length < 2) throw new Error("fewer than two active backend candidates");
    return { say: `reject yule candidate wa backend, hakufit kwa interview`, expect: [noChange(), asksBack()] };
  }),
  unclearLater(),
];

/** Opening a role with its details still to come: nothing to create yet. */
function unclearLater(): Case {
  return ask("talent", "question", "tufungue position mpya ya warehouse, but details nitakutumia later nikiongea na ops. usiweke kitu bado", () => [
    noChange(),
  ]);
}
