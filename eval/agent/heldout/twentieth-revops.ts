/*
 * Priya, RevOps lead. She thinks in filters and segments: every request carries a condition
 * (over / at least / under, "not yet", "everything except", the biggest / oldest / three largest,
 * date windows, per-stage or per-client breakdowns) and her writes follow from one. She types full,
 * precise sentences, sometimes long, and now and then uses the field names she sees in exports
 * (expected_close_date, lifecycle stage, amount_due). Mostly growth; also finance, talent and the
 * business figures she reports on every Monday.
 */
import { about, ask, asksBack, changed, count, created, enrolled, figure, is, money, names, noChange, unenrolled, type Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  enrolledContacts,
  fullName,
  jobNamed,
  month,
  numbers,
  ofClient,
  overdue,
  pick,
  stageNamed,
  stageOf,
  sums,
  today,
  unpaid,
} from "../facts.ts";
import type { Account, Deal, Sequence, World } from "../world.ts";

/* ---------- small helpers of this set ---------- */

const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
const accountOf = (w: World, d: Deal): Account => pick(w.accounts, (a) => a.id === d.account_id, `account of ${d.name}`);
const theSequence = (w: World): Sequence => pick(w.sequences, (s) => s.status === "active", "active sequence");
const activeIn = (w: World, sequenceId: string, contactId: string) =>
  w.enrollments.some((e) => e.sequence_id === sequenceId && e.contact_id === contactId && e.status === "active");
const nonEmpty = <T>(list: T[], what: string): T[] => {
  if (!list.length) throw new Error(`no ${what} in the data`);
  return list;
};
const weighted = (w: World) =>
  sums(
    openDeals(w).filter((d) => d.amount !== null),
    (d: Deal) => ((d.amount ?? 0) * stageOf(w, d).probability) / 100,
  );
const near = (target: number): ReturnType<typeof is.where> =>
  is.where(`about ${target.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - target) < 0.01);
const k = (n: number) => `${Math.round(n / 1000)}k`;

export const CASES: Case[] = [
  /* ================= growth: reads ================= */
  about("growth", "read", "which accounts have an open deal over 50k (amount, open only)", (w) => {
    const big = openDeals(w).filter((d) => (d.amount ?? 0) > 50_000);
    const wanted = [...new Set(nonEmpty(big, "open deal over 50k").map((d) => accountOf(w, d).name))];
    const others = [...new Set(openDeals(w).map((d) => accountOf(w, d).name))].filter((n) => !wanted.includes(n));
    return {
      say: "Which accounts currently have an open deal with an amount over 50,000? Only open deals please, won and lost ones don't count for this.",
      expect: [names(wanted, others, wanted.length)],
    };
  }),
  about("growth", "read", "the three largest open deals by amount", (w) => {
    const sorted = [...openDeals(w)].sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0));
    const top = sorted.slice(0, 3);
    const wanted = top.map((d) => accountOf(w, d).name);
    if (new Set(wanted).size < 3) throw new Error("two of the three largest open deals share an account");
    const others = [...new Set(sorted.slice(3).map((d) => accountOf(w, d).name))].filter((n) => !wanted.includes(n));
    return {
      say: "What are the three largest open deals in the pipeline right now, ranked by amount? Give me the account and the amount for each.",
      expect: [names(wanted, others, 3)],
    };
  }),
  about("growth", "read", "how many open deals have an expected_close_date in the next 30 days", (w) => {
    const from = today(w);
    const to = addDays(from, 30);
    const soon = openDeals(w).filter((d) => d.expected_close_date !== null && d.expected_close_date >= from && d.expected_close_date <= to);
    return {
      say: "How many open deals have an expected_close_date falling within the next 30 days?",
      expect: [count(soon.length, "open deals closing in the next 30 days")],
    };
  }),
  about("growth", "read", "count and total value of the open deals sitting in Negotiation", (w) => {
    const stage = stageNamed(w, "Negotiation");
    const inIt = nonEmpty(
      openDeals(w).filter((d) => d.stage_id === stage.id),
      "open deal in Negotiation",
    );
    return {
      say: "For the Negotiation stage only: how many open deals are in it, and what is their combined amount?",
      expect: [
        count(inIt.length, "deals in Negotiation"),
        money(
          sums(inIt, (d: Deal) => d.amount ?? 0),
          "value in Negotiation",
        ),
      ],
    };
  }),
  about("growth", "read", "Stark Logistics contacts whose lifecycle stage is still lead", (w) => {
    const stark = accountNamed(w, "Stark");
    const people = contactsOf(w, stark.id);
    const leads = nonEmpty(
      people.filter((c) => c.lifecycle_stage === "lead"),
      "lead at Stark",
    );
    const rest = people.filter((c) => c.lifecycle_stage !== "lead");
    return {
      say: `List the contacts at ${stark.name} whose lifecycle stage is still "lead" — leave out anyone who is already qualified or a customer.`,
      expect: [names(leads.map(fullName), rest.map(fullName), leads.length)],
    };
  }),
  about("growth", "read", "decision-makers (by tag) who are not customers yet", (w) => {
    const dms = w.contacts.filter((c) => c.tags.includes("decision-maker"));
    const notYet = nonEmpty(
      dms.filter((c) => c.lifecycle_stage !== "customer"),
      "decision-maker who is not a customer",
    );
    const already = dms.filter((c) => c.lifecycle_stage === "customer");
    return {
      say: "How many contacts tagged decision-maker are not customers yet (lifecycle stage anything other than customer)? Please name them too.",
      expect: [count(notYet.length, "non-customer decision-makers"), names(notYet.map(fullName), already.map(fullName), 3)],
    };
  }),
  about("growth", "read", "who is actively enrolled in the sequence, everyone except the Globex people", (w) => {
    const seq = theSequence(w);
    const globex = accountNamed(w, "Globex");
    const all = enrolledContacts(w, seq.id);
    const keep = nonEmpty(
      all.filter((c) => c.account_id !== globex.id),
      "enrolled contact outside Globex",
    );
    const drop = all.filter((c) => c.account_id === globex.id);
    return {
      say: `Who is actively enrolled in "${seq.name}" at the moment? Exclude everyone from ${globex.name}, I already know about those.`,
      expect: [names(keep.map(fullName), drop.map(fullName), keep.length)],
    };
  }),
  about("growth", "read", "accounts with no open deal at all", (w) => {
    const hasOpen = new Set(openDeals(w).map((d) => d.account_id));
    const none = nonEmpty(
      w.accounts.filter((a) => !hasOpen.has(a.id)),
      "account without an open deal",
    );
    return {
      say: "Which accounts have no open deals at all right now? Closed won or lost deals are fine, I'm looking for accounts with nothing currently in flight.",
      expect: [
        names(
          none.map((a) => a.name),
          w.accounts.filter((a) => hasOpen.has(a.id)).map((a) => a.name),
          none.length,
        ),
      ],
    };
  }),
  about("growth", "read", "accounts with at least 3 contacts", (w) => {
    const big = nonEmpty(
      w.accounts.filter((a) => contactsOf(w, a.id).length >= 3),
      "account with 3+ contacts",
    );
    const small = w.accounts.filter((a) => contactsOf(w, a.id).length < 3);
    return {
      say: "Which accounts have at least 3 contacts attached to them?",
      expect: [
        names(
          big.map((a) => a.name),
          small.map((a) => a.name),
          big.length,
        ),
      ],
    };
  }),
  about("growth", "read", "how many contacts have no phone number", (w) => ({
    say: "Data hygiene check: how many contacts in the CRM have no phone number on file?",
    expect: [count(w.contacts.filter((c) => !c.phone?.trim()).length, "contacts without a phone number")],
  })),

  /* ================= finance: reads ================= */
  about("finance", "read", "open or overdue invoices with more than 15k still due, everything except Wayne Enterprises", (w) => {
    const isWayne = (c: string) => c.toLowerCase().startsWith("wayne");
    const big = nonEmpty(
      w.invoices.filter((i) => unpaid(i) && i.amount_due > 15_000 && !isWayne(i.client)),
      "unpaid invoice over 15k outside Wayne",
    );
    const others = w.invoices.filter((i) => !big.includes(i) && (isWayne(i.client) || i.amount > 15_000));
    return {
      say: "Pull every open or overdue invoice where the amount_due (what's still owed, not the original amount) is over 15,000, for every client except Wayne Enterprises.",
      expect: [names(numbers(big), numbers(others), big.length)],
    };
  }),
  about("finance", "read", "Stark Logistics outstanding balance per currency", (w) => {
    const open = nonEmpty(ofClient(w, "Stark").filter(unpaid), "unpaid Stark invoice");
    return {
      say: "What does Stark Logistics still owe us across their open and overdue invoices? Split it per currency, please.",
      expect: [money(dueSums(open), "outstanding for Stark Logistics")],
    };
  }),
  about("finance", "read", "the oldest overdue invoice and how many days late it is", (w) => {
    const late = nonEmpty(w.invoices.filter(overdue), "overdue invoice");
    const max = Math.max(...late.map((i) => i.days_overdue));
    const oldest = late.filter((i) => i.days_overdue === max);
    if (oldest.length !== 1) throw new Error("several invoices share the largest days_overdue");
    return {
      say: "Which overdue invoice has been outstanding the longest, and by how many days is it past due?",
      expect: [names(numbers(oldest), [], 1), count(max, "days overdue")],
    };
  }),
  about("finance", "read", "clients with at least two overdue invoices", (w) => {
    const per = new Map<string, number>();
    for (const i of w.invoices.filter(overdue)) per.set(i.client, (per.get(i.client) ?? 0) + 1);
    const many = nonEmpty(
      [...per].filter(([, n]) => n >= 2).map(([c]) => c),
      "client with 2+ overdue invoices",
    );
    const one = [...per].filter(([, n]) => n === 1).map(([c]) => c);
    return {
      say: "Group the overdue invoices per client and tell me which clients have at least two of them.",
      expect: [names(many, one, many.length)],
    };
  }),

  /* ================= talent: reads ================= */
  about("talent", "read", "referral candidates rated 3 or higher", (w) => {
    const refs = w.candidates.filter((c) => (c.source ?? "").toLowerCase() === "referral");
    const good = nonEmpty(
      refs.filter((c) => (c.rating ?? 0) >= 3),
      "referral rated 3+",
    );
    const weak = refs.filter((c) => (c.rating ?? 0) < 3);
    return {
      say: "Across all jobs, which candidates came in through a referral and have a rating of 3 or higher?",
      expect: [names(good.map(fullName), weak.map(fullName), good.length)],
    };
  }),
  about("talent", "read", "open jobs outside the Engineering department", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const outside = nonEmpty(
      open.filter((j) => (j.department ?? "").toLowerCase() !== "engineering"),
      "open job outside Engineering",
    );
    const eng = w.jobs.filter((j) => (j.department ?? "").toLowerCase() === "engineering");
    return {
      say: "Which open jobs are we hiring for outside the Engineering department, and where is each one located?",
      expect: [
        names(
          outside.map((j) => j.title),
          eng.map((j) => j.title),
          outside.length,
        ),
      ],
    };
  }),
  about("talent", "read", "Senior Backend Engineer candidates still in play (neither hired nor rejected)", (w) => {
    const job = jobNamed(w, "Backend");
    const live = candidatesOf(w, job.id).filter((c) => c.stage !== "hired" && c.stage !== "rejected");
    return {
      say: `For the ${job.title} role, how many candidates are still active, meaning not rejected and not hired?`,
      expect: [count(live.length, "active candidates")],
    };
  }),

  /* ================= intelligence: figures ================= */
  about("intelligence", "figure", "win rate over the last 90 days", (w) => {
    if (!w.snapshot) throw new Error("no snapshot in the data");
    return {
      say: "What's our win rate over the last 90 days (won vs. won plus lost)?",
      expect: [figure(w.snapshot.growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
    };
  }),
  about("intelligence", "figure", "weighted pipeline value per currency", (w) => ({
    say: "I need the weighted pipeline for the Monday report: open deal amounts times their stage probability, summed per currency.",
    expect: [money(weighted(w), "weighted pipeline")],
  })),
  about("intelligence", "figure", "reply rate on our outreach sequences", (w) => {
    if (!w.snapshot) throw new Error("no snapshot in the data");
    return {
      say: "What's the reply rate on our sequences so far?",
      expect: [figure(w.snapshot.growth.sequences.reply_rate, "reply rate", "percent")],
    };
  }),
  about("intelligence", "figure", "days sales outstanding in USD", (w) => {
    if (!w.snapshot) throw new Error("no snapshot in the data");
    const usd = pick(w.snapshot.finance.currencies, (c) => c.currency === "USD", "USD figures");
    return {
      say: "What is our DSO for USD invoices at the moment? Just the USD number, not the other currencies.",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),

  /* ================= growth: writes ================= */
  about("growth", "write", "move every Stark Logistics deal still in Lead in to Qualified", (w) => {
    const stark = accountNamed(w, "Stark");
    const leadIn = stageNamed(w, "Lead in");
    const qualified = stageNamed(w, "Qualified");
    const stuck = nonEmpty(
      dealsOf(w, stark.id).filter((d) => d.stage_id === leadIn.id),
      "Stark deal in Lead in",
    );
    return {
      say: `Move every ${stark.name} deal that is still sitting in "Lead in" over to "Qualified". Anything further along stays where it is.`,
      expect: stuck.map((d) => changed("deal", d.id, { stage_id: qualified.id }, d.name)),
    };
  }),
  about("growth", "write", "push the soonest-closing Umbrella Health deal's expected_close_date out by 14 days", (w) => {
    const umbrella = accountNamed(w, "Umbrella");
    const dated = dealsOf(w, umbrella.id)
      .filter((d) => d.status === "open" && d.expected_close_date !== null)
      .sort((a, b) => a.expected_close_date!.localeCompare(b.expected_close_date!));
    const first = nonEmpty(dated, "open dated Umbrella deal")[0]!;
    if (dated[1] && dated[1].expected_close_date === first.expected_close_date) throw new Error("two Umbrella deals close the same day");
    return {
      say: `Of the open ${umbrella.name} deals, take the one with the earliest expected_close_date and push that date out by 14 days. Leave the rest of them alone.`,
      expect: [changed("deal", first.id, { expected_close_date: addDays(first.expected_close_date!, 14) }, first.name)],
    };
  }),
  about("growth", "write", "mark the biggest deal in Negotiation as Closed won", (w) => {
    const negotiation = stageNamed(w, "Negotiation");
    const won = stageNamed(w, "Closed won");
    const inIt = nonEmpty(
      openDeals(w)
        .filter((d) => d.stage_id === negotiation.id)
        .sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0)),
      "deal in Negotiation",
    );
    const top = inIt[0]!;
    if (inIt[1] && inIt[1].amount === top.amount) throw new Error("two Negotiation deals tie on amount");
    return {
      say: "The largest deal currently in Negotiation (by amount) signed this morning, so please mark it Closed won.",
      expect: [changed("deal", top.id, { stage_id: won.id, status: "won" }, top.name)],
    };
  }),
  about("growth", "write", "the qualified contact at Tyrell Biotech becomes a customer", (w) => {
    const tyrell = accountNamed(w, "Tyrell");
    const people = contactsOf(w, tyrell.id).filter((c) => c.lifecycle_stage === "qualified");
    if (people.length !== 1) throw new Error("Tyrell does not have exactly one qualified contact");
    const who = people[0]!;
    return {
      say: `At ${tyrell.name}, the one contact whose lifecycle stage is "qualified" has converted — set them to customer. Don't touch the lead there.`,
      expect: [changed("contact", who.id, { lifecycle_stage: "customer" }, fullName(who))],
    };
  }),
  about("growth", "write", "enrol Stark Logistics decision-makers who are not in the sequence yet", (w) => {
    const seq = theSequence(w);
    const stark = accountNamed(w, "Stark");
    const todo = nonEmpty(
      contactsOf(w, stark.id).filter((c) => c.tags.includes("decision-maker") && !activeIn(w, seq.id, c.id)),
      "Stark decision-maker not enrolled",
    );
    return {
      say: `Enroll every ${stark.name} contact tagged decision-maker who isn't already in "${seq.name}" into that sequence.`,
      expect: todo.map((c) => enrolled(seq.id, c.id, fullName(c))),
    };
  }),
  about("growth", "write", "take <an enrolled contact whose name is shared> at <account> out of the sequence", (w) => {
    const seq = theSequence(w);
    const who = pick(
      enrolledContacts(w, seq.id),
      (c) => c.account_id !== null && w.contacts.some((o) => o.id !== c.id && fullName(o) === fullName(c)),
      "enrolled contact sharing a name",
    );
    const account = pick(w.accounts, (a) => a.id === who.account_id, "account of the contact");
    return {
      say: `Please pull ${fullName(who)} — the one at ${account.name}, not the other ${who.first_name} — out of "${seq.name}". They asked us to stop emailing.`,
      expect: [unenrolled(seq.id, who.id, `${fullName(who)} (${account.name})`)],
    };
  }),
  about("growth", "write", "create an account for <a billed client that is not in the CRM>", (w) => {
    const accountNames = new Set(w.accounts.map((a) => a.name.toLowerCase()));
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) => !accountNames.has(c.toLowerCase()) && c.includes(" "),
      "billed client without an account",
    );
    const domain = `${client
      .split(" ")[0]!
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")}.io`;
    return {
      say: `We invoice ${client} but they aren't in the CRM. Create an account for them: name "${client}", domain ${domain}, country US.`,
      expect: [created("account", { name: is.text(client), domain, country: "US" })],
    };
  }),
  about("growth", "write", "new Globex deal in Proposal, 24,500 USD, closing end of next month", (w) => {
    const globex = accountNamed(w, "Globex");
    const proposal = stageNamed(w, "Proposal");
    const end = month(w, 1)[1];
    return {
      say: `Create a new deal on ${globex.name} named "Analytics add-on": amount 24,500 USD, stage Proposal, expected_close_date the last day of next month.`,
      expect: [
        created("deal", {
          name: is.containing("Analytics add-on"),
          account_id: globex.id,
          amount: 24500,
          currency: "USD",
          stage_id: proposal.id,
          expected_close_date: end,
        }),
      ],
    };
  }),
  about("growth", "write", "add Peter Gibbons at Initech as a lead contact", (w) => {
    const initech = accountNamed(w, "Initech");
    const domain = initech.domain ?? "initech.io";
    const email = `peter.gibbons@${domain}`;
    if (w.contacts.some((c) => c.email === email)) throw new Error("the contact already exists");
    return {
      say: `Add a new contact under ${initech.name}: Peter Gibbons, ${email}, title VP Sales, lifecycle stage lead.`,
      expect: [
        created("contact", {
          first_name: is.text("Peter"),
          last_name: is.text("Gibbons"),
          email,
          title: is.text("VP Sales"),
          lifecycle_stage: "lead",
          account_id: initech.id,
        }),
      ],
    };
  }),

  /* ================= finance: writes ================= */
  about("finance", "write", "Stark Logistics paid their oldest overdue invoice in full", (w) => {
    const late = nonEmpty(ofClient(w, "Stark").filter(overdue), "overdue Stark invoice").sort((a, b) => a.due_date.localeCompare(b.due_date));
    const oldest = late[0]!;
    if (late[1] && late[1].due_date === oldest.due_date) throw new Error("two Stark invoices share the oldest due date");
    return {
      say: "Stark Logistics settled their oldest overdue invoice (the one with the earliest due date) in full yesterday. Please record the payment.",
      expect: [changed("invoice", oldest.id, { status: "paid", amount_due: 0 }, oldest.number)],
    };
  }),
  about("finance", "write", "Hooli Cloud paid 5,000 toward their largest open invoice", (w) => {
    const open = nonEmpty(
      ofClient(w, "Hooli").filter((i) => i.status === "open"),
      "open Hooli invoice",
    ).sort((a, b) => b.amount_due - a.amount_due);
    const top = open[0]!;
    if (top.amount_due <= 5000) throw new Error("Hooli's largest open invoice is too small");
    return {
      say: `Hooli Cloud sent 5,000 ${top.currency} as a partial payment against their largest open invoice (largest amount_due, status open, not the overdue one). Record it; the rest stays open.`,
      expect: [changed("invoice", top.id, { amount_paid: near(top.amount_paid + 5000), amount_due: near(top.amount_due - 5000), status: "open" }, top.number)],
    };
  }),
  about("finance", "write", "finalize the Umbrella Health drafts due within the next 30 days", (w) => {
    const horizon = addDays(today(w), 30);
    const drafts = ofClient(w, "Umbrella").filter((i) => i.status === "draft");
    const due = nonEmpty(
      drafts.filter((i) => i.due_date <= horizon),
      "Umbrella draft due within 30 days",
    );
    if (due.length === drafts.length) throw new Error("every Umbrella draft falls inside the window: the condition would not filter");
    return {
      say: "Finalize every Umbrella Health draft invoice whose due date falls within the next 30 days. Drafts due later than that stay drafts for now.",
      expect: due.map((i) => changed("invoice", i.id, { status: is.oneOf("open", "overdue") }, i.number)),
    };
  }),

  /* ================= talent: writes ================= */
  about("talent", "write", "reject the 1-star Senior Backend Engineer candidates still in applied or screening", (w) => {
    const job = jobNamed(w, "Backend");
    const low = nonEmpty(
      candidatesOf(w, job.id).filter((c) => c.rating === 1 && (c.stage === "applied" || c.stage === "screening")),
      "1-star early-stage backend candidate",
    );
    return {
      say: `For ${job.title}, reject every candidate with a rating of 1 who is still at the applied or screening stage. Leave everyone else alone.`,
      expect: low.map((c) => changed("candidate", c.id, { stage: "rejected" }, fullName(c))),
    };
  }),
  about("talent", "write", "move the highest-rated candidate currently in interview to offer", (w) => {
    const inInterview = nonEmpty(
      w.candidates.filter((c) => c.stage === "interview"),
      "candidate in interview",
    ).sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
    const best = inInterview[0]!;
    if (inInterview[1] && inInterview[1].rating === best.rating) throw new Error("two interviewees tie on rating");
    return {
      say: "Looking at everyone currently at the interview stage, across all jobs: move the highest-rated one to offer.",
      expect: [changed("candidate", best.id, { stage: "offer" }, fullName(best))],
    };
  }),
  about("talent", "write", "close the Product Designer job now that it has a hire", (w) => {
    const job = jobNamed(w, "Designer");
    if (job.status !== "open") throw new Error("the designer job is not open");
    if (!candidatesOf(w, job.id).some((c) => c.stage === "hired")) throw new Error("nobody was hired for the designer job");
    return {
      say: `We've made our hire for the ${job.title} role, so please set that job's status to closed.`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* ================= must not act ================= */
  about("growth", "question", "mark the <topic shared by two open deals> deal as won", (w) => {
    const byTopic = new Map<string, Deal[]>();
    for (const d of openDeals(w)) byTopic.set(dealTopic(d), [...(byTopic.get(dealTopic(d)) ?? []), d]);
    const topic = pick([...byTopic], ([, list]) => list.length >= 2, "topic shared by two open deals")[0];
    return { say: `The ${topic} deal closed — mark it as won.`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "set <a contact name two non-customers share> to customer", (w) => {
    const who = pick(
      w.contacts,
      (c) => c.lifecycle_stage !== "customer" && w.contacts.some((o) => o.id !== c.id && fullName(o) === fullName(c) && o.lifecycle_stage !== "customer"),
      "name shared by two non-customers",
    );
    return { say: `Change ${fullName(who)}'s lifecycle stage to customer.`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "change the amount on the Stark Logistics deal (it has several open ones) to 50k", (w) => {
    const stark = accountNamed(w, "Stark");
    const open = dealsOf(w, stark.id).filter((d) => d.status === "open");
    if (open.length < 2) throw new Error("Stark has fewer than two open deals");
    return { say: `Update the amount on the ${stark.name} deal to ${k(50_000)}.`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "push back the December close dates on the Umbrella deals, without saying by how much", (w) => {
    const umbrella = accountNamed(w, "Umbrella");
    if (!dealsOf(w, umbrella.id).some((d) => d.status === "open")) throw new Error("Umbrella has no open deal");
    return {
      say: `Can you push back the expected_close_date on the ${umbrella.name} deals that are supposed to close soon? They're slipping.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "mark Wayne Enterprises' invoice as paid (they have several unpaid)", (w) => {
    const open = ofClient(w, "Wayne").filter(unpaid);
    if (open.length < 2) throw new Error("Wayne has fewer than two unpaid invoices");
    return { say: "Wayne Enterprises paid. Mark their invoice as paid.", expect: [noChange(), asksBack()] };
  }),
  ask("talent", "question", "Reject everyone on the Product Designer pipeline who is below the bar.", () => [noChange()]),
];
