import { approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  clientNames,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  fullName,
  month,
  endOfNamedMonth,
  numbers,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageOf,
  today,
  unpaid,
  candidatesOf,
} from "../facts.ts";
import type { Invoice, World } from "../world.ts";

/*
 * Blind set: the owner of an 8-person design and dev agency doing the admin
 * late in the evening. Invoicing clients for jobs and retainers, chasing late
 * payers, recording bank transfers, adding clients and prospects, and now
 * and then hiring a contractor or a junior.
 */

const SYMBOL: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };
const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** The first word of a client's name, the way it gets said ("Stark Logistics" -> "Stark"). */
const short = (name: string) => name.split(" ")[0]!;
const unpaidOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client && unpaid(i));
/** A client with at least n unpaid invoices, skipping the ones listed. */
function clientWithAtLeast(w: World, n: number, skip: string[] = []): string {
  const c = clientNames(w).find((name) => !skip.includes(name) && unpaidOf(w, name).length >= n);
  if (!c) throw new Error(`no client with ${n}+ unpaid invoices`);
  return c;
}
const ACTIVE = ["applied", "screening", "interview", "offer"];
/** Full names that more than one contact carries, each with its contacts. */
function sharedNames(w: World): string[] {
  const seen = new Map<string, number>();
  for (const c of w.contacts) seen.set(fullName(c), (seen.get(fullName(c)) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([name]) => name);
}
const activelyEnrolled = (w: World, seqId: string, contactId: string) =>
  w.enrollments.some((e) => e.sequence_id === seqId && e.contact_id === contactId && e.status === "active");
const followUp = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");
const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "";

export const CASES: Case[] = [
  /* ---------------- finance: reads ---------------- */
  {
    label: "which clients are late paying me",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const late = [...new Set(w.invoices.filter(overdue).map((i) => i.client))];
      const onTime = clientNames(w).filter((c) => !late.includes(c));
      return {
        say: "ok who's late paying me right now? just the clients, I'll chase them tomorrow morning",
        expect: [names(late, onTime)],
      };
    },
  },
  {
    label: "what does <a client with unpaid invoices in two currencies> owe all in",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const client = pick(clientNames(w), (c) => new Set(unpaidOf(w, c).map((i) => i.currency)).size >= 2, "client owing in two currencies");
      return {
        say: `what does ${client} owe us all in? they've got a few things open I think, some in different currencies`,
        expect: [money(dueSums(unpaidOf(w, client)), `${client}'s amount due`)],
      };
    },
  },
  {
    label: "how many invoices are still sitting in draft",
    engine: "finance",
    kind: "read",
    plan: (w) => ({
      say: "how many invoices have I got sitting in draft that I never actually sent",
      expect: [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
    }),
  },
  {
    label: "when is <an open invoice> due (short number)",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
      return {
        say: `remind me when ${shortNumber(inv)} is due? the ${short(inv.client)} one`,
        expect: [date(inv.due_date, `due date of ${inv.number}`)],
      };
    },
  },
  {
    label: "biggest overdue invoice in dollars",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const usd = w.invoices.filter((i) => overdue(i) && i.currency === "USD");
      if (!usd.length) throw new Error("no overdue USD invoice");
      const top = usd.reduce((a, b) => (b.amount_due > a.amount_due ? b : a));
      const billed = usd.reduce((a, b) => (b.amount > a.amount ? b : a));
      return {
        say: "of the late ones in dollars which is the biggest? want to know who to ring first",
        expect: [names([top.number, top.client, billed.number, billed.client], [], 1)],
      };
    },
  },
  {
    label: "invoices more than 60 days overdue",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const old = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
      const recent = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
      return {
        say: "anything more than 60 days overdue?? need to know how bad it's got",
        expect: [names(numbers(old), numbers(recent))],
      };
    },
  },
  {
    label: "invoices part paid with money still owing",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
      const rest = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
      return {
        say: "which invoices have clients paid a chunk of but not the whole thing",
        expect: [names(numbers(part), numbers(rest))],
      };
    },
  },
  {
    label: "open invoices coming due in the next two weeks",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const end = addDays(today(w), 14);
      const open = w.invoices.filter((i) => i.status === "open");
      const soon = open.filter((i) => i.due_date >= today(w) && i.due_date <= end);
      const later = open.filter((i) => i.due_date > end);
      return {
        say: "what's coming due in the next 2 weeks that hasn't been paid yet (not the late ones, the upcoming ones)",
        expect: [names(numbers(soon), numbers(later))],
      };
    },
  },
  {
    label: "total overdue in pounds",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const gbp = w.invoices.filter((i) => overdue(i) && i.currency === "GBP");
      return {
        say: "how much is overdue in pounds? the UK clients specifically",
        expect: [money({ GBP: dueSums(gbp).GBP ?? 0 }, "overdue in GBP")],
      };
    },
  },
  {
    label: "list <a client>'s unpaid invoice numbers",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const multi = (c: string) => new Set(unpaidOf(w, c).map((i) => i.currency)).size >= 2;
      const client = pick(
        clientNames(w),
        (c) =>
          unpaidOf(w, c).length >= 2 &&
          !multi(c) &&
          w.invoices.some((i) => i.client === c && i.status === "paid") &&
          !w.invoices.some((i) => i.client === c && i.status === "uncollectible"),
        "client with 2+ unpaid and some paid invoices, none written off",
      );
      const open = w.invoices.filter((i) => i.client === client && unpaid(i));
      const settled = w.invoices.filter((i) => i.client === client && !unpaid(i));
      return {
        say: `the ${short(client)} account... what's still unpaid from them? invoice numbers pls, I'm writing them an email`,
        expect: [names(numbers(open), numbers(settled))],
      };
    },
  },

  /* ---------------- finance: writes ---------------- */
  {
    label: "invoice <a client> the monthly retainer, 2.5k euro, due end of next month",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const client = pick(w.accounts, (a) => w.invoices.some((i) => i.client === a.name), "account that is billed").name;
      const monthName = MONTHS[w.now.getUTCMonth()]!;
      return {
        say: `can you invoice ${short(client)} for the ${monthName} retainer. 2.5k euro, due end of next month`,
        expect: [created("invoice", { client: is.containing(short(client)), amount: 2500, currency: "EUR", due_date: month(w, 1)[1] })],
      };
    },
  },
  {
    label: "invoice <a client> fifteen hundred dollars due in two weeks and send it",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const client = pick(clientNames(w), (c) => !w.accounts.some((a) => a.name === c), "client without an account");
      return {
        say: `new invoice for ${client}, fifteen hundred dollars for the landing page job, due in two weeks. send it out tonight, don't leave it in drafts`,
        expect: [created("invoice", { client: is.containing(short(client)), amount: 1500, currency: "USD", due_date: addDays(today(w), 14), status: "open" })],
      };
    },
  },
  {
    label: "<client> paid <an overdue invoice> in full by bank transfer",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
      return {
        say: `finally!! ${inv.client} paid ${inv.number} by bank transfer today, the whole lot. can you mark it off`,
        expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
      };
    },
  },
  {
    label: "record a part payment of 1,200 against <an unpaid invoice>",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const fits = (i: Invoice) => unpaid(i) && i.amount_paid === 0 && i.amount_due > 3000;
      const inv = w.invoices.find((i) => fits(i) && i.currency === "EUR") ?? pick(w.invoices, fits, "unpaid invoice over 3000");
      const sym = SYMBOL[inv.currency] ?? `${inv.currency} `;
      return {
        say: `${sym}1,200 landed in the bank from ${short(inv.client)} this afternoon, it's for ${shortNumber(inv)}. they said the rest comes next month`,
        expect: [
          changed(
            "invoice",
            inv.id,
            {
              amount_paid: is.where("1200.00", (v: number) => Math.abs(v - 1200) < 0.005),
              amount_due: is.where(`${(inv.amount_due - 1200).toFixed(2)}`, (v: number) => Math.abs(v - (inv.amount_due - 1200)) < 0.005),
            },
            inv.number,
          ),
        ],
      };
    },
  },
  {
    label: "void <an open invoice> sent to the wrong client",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
      return {
        say: `ugh I sent ${inv.number} to ${inv.client} but that job was for someone else entirely. void it please`,
        expect: [approval(/void/i, inv.id, inv.number)],
      };
    },
  },
  {
    label: "send the draft for <a client with one draft>",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const drafts = w.invoices.filter((i) => i.status === "draft" && i.due_date > today(w));
      const inv = pick(drafts, (i) => drafts.filter((d) => d.client === i.client).length === 1, "client with a single draft");
      return {
        say: `the draft I did for ${inv.client}${inv.description ? ` (${inv.description.toLowerCase()})` : ""} is fine actually, finalise it and send it`,
        expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
      };
    },
  },
  {
    label: "give <a client> until the 1st on <an overdue invoice>",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => overdue(i) && i.days_overdue < 40, "recently overdue invoice");
      return {
        say: `${short(inv.client)} rang, cash flow problems on their end, asked for more time on ${inv.number}. fine, push the due date to the 1st`,
        expect: [changed("invoice", inv.id, { due_date: month(w, 1)[0] }, inv.number)],
      };
    },
  },

  /* ---------------- finance: must not act ---------------- */
  {
    label: "invoice <a client> for the website job with no amount",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const client = pick(w.accounts, () => true, "account").name;
      return {
        say: `invoice ${short(client)} for the website job we wrapped up last week, due by friday pls`,
        expect: [noChange(), asksBack()],
      };
    },
  },
  {
    label: "bill <a contact name two companies share>'s company (which client?)",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const name = pick(
        sharedNames(w),
        (n) => new Set(w.contacts.filter((c) => fullName(c) === n).map((c) => c.account_id)).size >= 2,
        "contact name at two companies",
      );
      return {
        say: `bill ${name}'s company €2,000 for the brand workshop we ran last week, due in two weeks`,
        expect: [noChange(), asksBack()],
      };
    },
  },
  {
    label: "mark a payment against an invoice number that doesn't exist",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const top = Math.max(...w.invoices.map((i) => Number(i.number.replace(/\D/g, "")) || 0));
      const ghost = `INV-${top + 41}`;
      if (w.invoices.some((i) => shortNumber(i) === ghost || i.number === ghost)) throw new Error("ghost invoice exists");
      const client = clientWithAtLeast(w, 1);
      return {
        say: `${client} says they paid ${ghost} by bank transfer on monday, £3,200. mark it paid would you`,
        expect: [noChange()],
      };
    },
  },
  {
    label: "<a client with several unpaid invoices> paid 'their invoice' (which one?)",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const client = clientWithAtLeast(w, 3);
      return {
        say: `${short(client)} finally paid up, the transfer came through. mark their invoice as paid`,
        expect: [noChange(), asksBack()],
      };
    },
  },

  /* ---------------- growth: reads ---------------- */
  {
    label: "who do we know at <an account>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const acc = [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0]!;
      const ours = contactsOf(w, acc.id).map(fullName);
      const theirs = w.contacts.filter((c) => c.account_id !== acc.id).map(fullName);
      return {
        say: `who do we actually know over at ${acc.name}? names are fine`,
        expect: [names(ours, theirs)],
      };
    },
  },
  {
    label: "open deals with <an account with two open deals>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const twoOpen = w.accounts.filter((a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2);
      const acc = twoOpen.find((a) => dealsOf(w, a.id).every((d) => !dealTopic(d).includes(":"))) ?? pick(twoOpen, () => true, "account with two open deals");
      const deals = dealsOf(w, acc.id);
      return {
        say: `what have we got on the go with ${short(acc.name)} deal-wise? only the live ones`,
        expect: [names(deals.filter((d) => d.status === "open").map(dealTopic), deals.filter((d) => d.status !== "open").map(dealTopic))],
      };
    },
  },
  {
    label: "what stage is <an account>'s only open deal at",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const { deal, account } = soleOpenDeal(w);
      return {
        say: `where are we with the ${account} thing, what stage is it at`,
        expect: [says(stageOf(w, deal).name)],
      };
    },
  },
  {
    label: "who is in the follow-up sequence right now",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const seq = followUp(w);
      const inIt = w.contacts.filter((c) => activelyEnrolled(w, seq.id, c.id)).map(fullName);
      const out = w.contacts.filter((c) => !activelyEnrolled(w, seq.id, c.id)).map(fullName);
      return {
        say: `who's currently getting the "${seq.name.toLowerCase()}" emails?`,
        expect: [names(inIt, out)],
      };
    },
  },

  /* ---------------- growth: writes ---------------- */
  {
    label: "add a new client company with two contacts",
    engine: "growth",
    kind: "write",
    plan: () => ({
      say:
        "signed a new client today, Larkspur Coffee Roasters, website's larkspurcoffee.com. can you add them, plus their two people: " +
        "Niamh Byrne who runs marketing (niamh@larkspurcoffee.com) and Cian Walsh, ops, cian@larkspurcoffee.com",
      expect: [
        created("account", { name: is.containing("Larkspur"), domain: "larkspurcoffee.com" }),
        created("contact", {
          first_name: "Niamh",
          last_name: "Byrne",
          email: "niamh@larkspurcoffee.com",
          account_id: is.where("linked to an account", (v: unknown) => typeof v === "string"),
        }),
        created("contact", {
          first_name: "Cian",
          last_name: "Walsh",
          email: "cian@larkspurcoffee.com",
          account_id: is.where("linked to an account", (v: unknown) => typeof v === "string"),
        }),
      ],
    }),
  },
  {
    label: "move <an account>'s deal on to the next stage",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified", "Proposal"]);
      const pipe = pick(w.pipelines, (p) => p.stages.some((s) => s.id === deal.stage_id), "deal's pipeline");
      const at = pipe.stages.findIndex((s) => s.id === deal.stage_id);
      const next = pick(pipe.stages.slice(at + 1), (s) => s.kind === "open", "next open stage");
      return {
        say: `good call with ${short(account)} today, they're keen. move their deal to ${next.name.toLowerCase()}`,
        expect: [changed("deal", deal.id, { stage_id: next.id }, deal.name)],
      };
    },
  },
  {
    label: "<an account in negotiation> signed, mark the deal won",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
      const pipe = pick(w.pipelines, (p) => p.stages.some((s) => s.id === deal.stage_id), "deal's pipeline");
      const won = pick(pipe.stages, (s) => s.kind === "won", "won stage");
      return {
        say: `${account} signed the contract!! 🎉 mark it as won`,
        expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
      };
    },
  },
  {
    label: "new deal for <an account>: website redesign, 18k dollars, closing end of January",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const acc = w.accounts.find((a) => !dealsOf(w, a.id).some((d) => d.status === "open")) ?? pick(w.accounts, () => true, "account");
      return {
        say: `${acc.name} want a quote for a full website redesign, roughly 18k dollars. they said they'd decide by end of january. stick it in as a deal`,
        expect: [
          created("deal", {
            name: is.containing("redesign"),
            account_id: acc.id,
            amount: 18000,
            currency: "USD",
            expected_close_date: endOfNamedMonth(w, 1),
          }),
        ],
      };
    },
  },
  {
    label: "enrol two prospects in the follow-up sequence",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const seq = followUp(w);
      const shared = sharedNames(w);
      const free = w.contacts.filter((c) => !shared.includes(fullName(c)) && !activelyEnrolled(w, seq.id, c.id) && c.account_id);
      if (free.length < 2) throw new Error("fewer than two contacts free to enrol");
      const [a, b] = free as [(typeof free)[0], (typeof free)[0]];
      return {
        say:
          a.account_id === b.account_id
            ? `can you put ${fullName(a)} and ${fullName(b)} over at ${accountName(w, a.account_id)} into the ${seq.name.toLowerCase()} sequence. both went quiet after the intro call`
            : `can you put ${fullName(a)} (${accountName(w, a.account_id)}) and ${fullName(b)} from ${accountName(w, b.account_id)} into the ${seq.name.toLowerCase()} sequence. both went quiet after the intro call`,
        expect: [enrolled(seq.id, a.id, fullName(a)), enrolled(seq.id, b.id, fullName(b))],
      };
    },
  },

  /* ---------------- growth: must not act ---------------- */
  {
    label: "enrol <a name two contacts share> in the follow-up (which one?)",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const seq = followUp(w);
      const names_ = sharedNames(w).filter((n) => w.contacts.filter((c) => fullName(c) === n).every((c) => !activelyEnrolled(w, seq.id, c.id)));
      const name = names_[1] ?? pick(names_, () => true, "shared name nobody enrolled");
      return {
        say: `add ${name} to the follow up emails`,
        expect: [noChange(), asksBack()],
      };
    },
  },

  /* ---------------- talent: reads ---------------- */
  {
    label: "who's still in the running for <a job>",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const job = pick(
        w.jobs,
        (j) => j.status === "open" && candidatesOf(w, j.id).filter((c) => ACTIVE.includes(c.stage)).length >= 2,
        "open job with two live candidates",
      );
      const all = candidatesOf(w, job.id);
      return {
        say: `for the ${job.title.toLowerCase()} role, who's still in the running? ignore anyone we've said no to or already hired`,
        expect: [names(all.filter((c) => ACTIVE.includes(c.stage)).map(fullName), all.filter((c) => !ACTIVE.includes(c.stage)).map(fullName))],
      };
    },
  },
  {
    label: "how many job openings are live",
    engine: "talent",
    kind: "read",
    plan: (w) => ({
      say: "how many job ads have I got open at the moment",
      expect: [count(w.jobs.filter((j) => j.status === "open").length, "open jobs")],
    }),
  },
  {
    label: "what stage is <a candidate in interview or offer> at",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const cand = pick(
        w.candidates,
        (c) => ["interview", "offer"].includes(c.stage) && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1,
        "candidate in interview or offer",
      );
      return {
        say: `where did we get to with ${fullName(cand)}?`,
        expect: [says(cand.stage)],
      };
    },
  },

  /* ---------------- talent: writes ---------------- */
  {
    label: "post a contract motion designer role, remote",
    engine: "talent",
    kind: "write",
    plan: () => ({
      say: "we need a freelance motion designer for a couple of months, can you put a job up? contract, fully remote",
      expect: [created("job", { title: is.containing("motion designer"), employment_type: "contract", location: is.containing("remote") })],
    }),
  },
  {
    label: "add an applicant to <an open job>",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const job = pick(w.jobs, (j) => j.status === "open", "open job");
      return {
        say: `got a CV in for the ${job.title} job from Priya Nair, priya.nair@gmail.com. a friend referred her. add her as an applicant`,
        expect: [created("candidate", { job_id: job.id, first_name: "Priya", last_name: "Nair", email: "priya.nair@gmail.com" })],
      };
    },
  },
  {
    label: "reject <an early-stage candidate>",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const cand = pick(
        w.candidates,
        (c) => ["applied", "screening"].includes(c.stage) && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1,
        "early candidate",
      );
      const job = pick(w.jobs, (j) => j.id === cand.job_id, "candidate's job");
      return {
        say: `had a look at ${fullName(cand)}'s portfolio for the ${job.title.toLowerCase()} thing, not for us. reject them pls`,
        expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
      };
    },
  },

  /* ---------------- talent: must not act ---------------- */
  {
    label: "reject 'the applicant' for <a job with several live candidates> (which one?)",
    engine: "talent",
    kind: "question",
    plan: (w) => {
      const job = pick(
        w.jobs,
        (j) => j.status === "open" && candidatesOf(w, j.id).filter((c) => ACTIVE.includes(c.stage)).length >= 2,
        "job with several live candidates",
      );
      const word = job.title.split(" ").slice(-1)[0]!.toLowerCase();
      return {
        say: `the ${word} applicant, the one I spoke to on tuesday, it's a no. reject`,
        expect: [noChange(), asksBack()],
      };
    },
  },

  /* ---------------- intelligence: figures ---------------- */
  {
    label: "how much am I owed in total",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "roughly how much am I owed across the board atm? everything that's not paid yet",
      expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
    }),
  },
  {
    label: "days sales outstanding on dollar invoices",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      if (!w.snapshot) throw new Error("no snapshot");
      const usd = pick(w.snapshot.finance.currencies, (c) => c.currency === "USD", "USD figures");
      return {
        say: "what's my DSO looking like on the dollar side? accountant keeps asking",
        expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
      };
    },
  },
  {
    label: "win rate on deals over the last three months",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      if (!w.snapshot) throw new Error("no snapshot");
      return {
        say: "how's my hit rate on deals been the last 3 months or so, won vs lost",
        expect: [figure(w.snapshot.growth.last_90_days.win_rate, "win rate", "percent")],
      };
    },
  },
  {
    label: "total value of the open pipeline",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      if (!w.snapshot) throw new Error("no snapshot");
      const totals = Object.fromEntries(w.snapshot.growth.pipeline.totals.map((t) => [t.currency, t.open_value]));
      return {
        say: "how's the pipeline looking? what's everything open worth added up, not the weighted number",
        expect: [money(totals, "open pipeline value")],
      };
    },
  },
];
