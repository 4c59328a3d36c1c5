import { approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case, type Check } from "../judge.ts";
import {
  accountNamed,
  addDays,
  amountSums,
  clientNames,
  contactsOf,
  dealTopic,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  numbers,
  ofClient,
  openDealIn,
  overdue,
  pick,
  quarter,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Invoice, World } from "../world.ts";

/*
 * Blind set, persona: a terse CFO on a phone late at night. Finance jargon (AR, aging, DSO,
 * write-off), abbreviations, lowercase, no greetings; dips into pipeline and hiring too.
 */

/** A write a careful assistant may either do at once or hold for approval (a write-off). */
function doneOrHeld(done: Check, held: Check): Check {
  return {
    text: `${done.text}, or else ${held.text}`,
    expectsProposal: true,
    async judge(turn) {
      const a = await done.judge(turn);
      if (!a) return null;
      const b = await held.judge(turn);
      if (!b) return null;
      return `${a}; and ${b}`;
    },
    allows: (event) => done.allows?.(event) ?? false,
  };
}

const lower = (s: string) => s.toLowerCase();
/** A client or account as it is called in a hurry: its first word, unless that word alone says nothing ("blue", "massive"). */
const first = (s: string) => {
  const word = lower(s.split(" ")[0]!);
  return ["blue", "massive", "pied", "monarch"].includes(word) ? lower(s) : word;
};
const short = (i: Invoice) => lower(shortNumber(i));
const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name;
/** Accounts holding at least one open deal that fits, and those whose open deals none fit. */
function accountsSplit(w: World, fits: (d: World["deals"][number]) => boolean): [string[], string[]] {
  const withOpen = [...new Set(openDeals(w).map((d) => d.account_id))].filter((id): id is string => !!id);
  const yes = withOpen.filter((id) => openDeals(w).some((d) => d.account_id === id && fits(d)));
  const no = withOpen.filter((id) => !yes.includes(id));
  return [yes.map((id) => accountName(w, id)!), no.map((id) => accountName(w, id)!)];
}
const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  {
    label: "past-due invoices with more than 10k still owed",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const late = w.invoices.filter(overdue);
      return {
        say: "past due invs w/ >10k still owed. list them",
        expect: [names(numbers(late.filter((i) => i.amount_due > 10000)), numbers(late.filter((i) => i.amount <= 10000)))],
      };
    },
  },
  {
    label: "aging bucket: invoices 60+ days late",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const late = w.invoices.filter(overdue);
      return {
        say: "aging check - which invoices are 60+ days past due",
        expect: [names(numbers(late.filter((i) => i.days_overdue >= 60)), numbers(late.filter((i) => i.days_overdue < 60)))],
      };
    },
  },
  {
    label: "how many invoices are past due right now",
    engine: "finance",
    kind: "read",
    plan: (w) => ({ say: "# of overdue invoices rn?", expect: [count(w.invoices.filter(overdue).length, "overdue invoices")] }),
  },
  {
    label: "what one client owes us in total, every currency",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const client = pick(
        clientNames(w),
        (c) =>
          new Set(
            ofClient(w, c)
              .filter(unpaid)
              .map((i) => i.currency),
          ).size >= 2,
        "client owing in two currencies",
      );
      return {
        say: `total AR from ${lower(client)}? all ccys`,
        expect: [money(dueSums(ofClient(w, client).filter(unpaid)), `${client}'s balance`)],
      };
    },
  },
  {
    label: "status of one late invoice, by short number",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => overdue(i) && i.days_overdue > 30 && i.amount_paid === 0, "invoice over 30 days late");
      return { say: `${short(inv)} - where's that at? did ${first(inv.client)} ever pay`, expect: [says("overdue", "past due", "late", "unpaid")] };
    },
  },
  {
    label: "due date of a client's only invoice in one currency",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const inv = pick(
        w.invoices.filter(unpaid),
        (i) => w.invoices.filter((o) => o.client === i.client && o.currency === i.currency).length === 1 && i.currency !== "USD",
        "client with a single invoice in a non-USD currency",
      );
      return { say: `when's the ${first(inv.client)} ${lower(inv.currency)} invoice due`, expect: [date(inv.due_date, "due date")] };
    },
  },
  {
    label: "how much has been written off",
    engine: "finance",
    kind: "read",
    plan: (w) => ({
      say: "how much have we written off as uncollectable. total",
      expect: [money(amountSums(w.invoices.filter((i) => i.status === "uncollectible")), "written-off total")],
    }),
  },
  {
    label: "which unpaid invoices are part-paid",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const open = w.invoices.filter(unpaid);
      return {
        say: "which open invs are partially paid? need the list for the collections call",
        expect: [names(numbers(open.filter((i) => i.amount_paid > 0)), numbers(open.filter((i) => i.amount_paid === 0)))],
      };
    },
  },

  /* ---------------- reads: growth ---------------- */
  {
    label: "deals sitting in negotiation",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const [yes, no] = accountsSplit(w, (d) => stageOf(w, d).name === "Negotiation");
      return { say: "whats in negotiation", expect: [names(yes, no)] };
    },
  },
  {
    label: "open deals over 50k",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const [yes, no] = accountsSplit(w, (d) => (d.amount ?? 0) > 50000);
      return { say: "open opps >50k? who", expect: [names(yes, no)] };
    },
  },
  {
    label: "decision-makers among one account's contacts",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const acct = pick(
        w.accounts,
        (a) => {
          const cs = contactsOf(w, a.id);
          return cs.some((c) => c.tags.includes("decision-maker")) && cs.some((c) => !c.tags.includes("decision-maker"));
        },
        "account with both decision-makers and others",
      );
      const cs = contactsOf(w, acct.id);
      return {
        say: `who are the decision makers at ${first(acct.name)}? want to go over their contract myself`,
        expect: [names(cs.filter((c) => c.tags.includes("decision-maker")).map(fullName), cs.filter((c) => !c.tags.includes("decision-maker")).map(fullName))],
      };
    },
  },
  {
    label: "open deals expected to close in the next 30 days",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const end = addDays(today(w), 30);
      const fits = (d: World["deals"][number]) => !!d.expected_close_date && d.expected_close_date >= today(w) && d.expected_close_date <= end;
      const [yes, no] = accountsSplit(w, fits);
      return {
        say: "what's slated to close in the next 30d. how many deals",
        expect: [count(openDeals(w).filter(fits).length, "deals closing within 30 days"), names(yes, no, 1)],
      };
    },
  },
  {
    label: "who is enrolled in the follow-up sequence",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const seq = pick(w.sequences, (s) => s.name === "New lead follow-up", "sequence New lead follow-up");
      const inIt = w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id);
      const label = (id: string) => fullName(pick(w.contacts, (c) => c.id === id, "contact"));
      return {
        say: "who's in the new lead follow up sequence atm",
        expect: [names(inIt.map(label), w.contacts.filter((c) => !inIt.includes(c.id)).map(fullName))],
      };
    },
  },
  {
    label: "stage of an account's only open deal",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const { deal, account } = soleOpenDeal(w);
      return { say: `${first(account)} deal - what stage`, expect: [says(stageOf(w, deal).name)] };
    },
  },

  /* ---------------- reads: talent ---------------- */
  {
    label: "how many open reqs, and which",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const open = w.jobs.filter((j) => j.status === "open");
      return {
        say: "open reqs count + titles. headcount review tmrw",
        expect: [
          count(open.length, "open jobs"),
          names(
            open.map((j) => j.title),
            w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
          ),
        ],
      };
    },
  },
  {
    label: "candidates with an offer out",
    engine: "talent",
    kind: "read",
    plan: (w) => ({
      say: "who has offers out? comp exposure",
      expect: [names(w.candidates.filter((c) => c.stage === "offer").map(fullName), w.candidates.filter((c) => c.stage !== "offer").map(fullName))],
    }),
  },
  {
    label: "who is still in play for the backend role",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const job = jobNamed(w, "Backend");
      const live = w.candidates.filter((c) => c.job_id === job.id && !["rejected", "hired"].includes(c.stage));
      return {
        say: "backend eng req - who's still in the running",
        expect: [names(live.map(fullName), w.candidates.filter((c) => c.job_id !== job.id || c.stage === "rejected").map(fullName))],
      };
    },
  },

  /* ---------------- figures ---------------- */
  {
    label: "DSO in dollars",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
      return { say: "dso? usd", expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")] };
    },
  },
  {
    label: "win rate over the last 90 days",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({ say: "win rate l90d", expect: [figure(snap(w).growth.last_90_days.win_rate, "90-day win rate", "percent")] }),
  },
  {
    label: "weighted pipeline value",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const sums: Record<string, number> = {};
      for (const t of snap(w).growth.pipeline.totals) sums[t.currency] = t.weighted_value;
      return { say: "weighted pipe $ - need it for the coverage slide", expect: [money(sums, "weighted pipeline")] };
    },
  },
  {
    label: "total receivables outstanding per currency",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const sums: Record<string, number> = {};
      for (const c of snap(w).finance.currencies) sums[c.currency] = c.outstanding;
      return { say: "total AR outstanding, split by ccy", expect: [money(sums, "outstanding receivables")] };
    },
  },

  /* ---------------- writes: finance ---------------- */
  {
    label: "client paid off the balance of its one open invoice",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(
        w.invoices,
        (i) => overdue(i) && i.amount_paid > 0 && w.invoices.filter((o) => o.client === i.client && unpaid(o)).length === 1,
        "part-paid overdue invoice, its client's only unpaid one",
      );
      return {
        say: `${first(inv.client)} wired the rest on ${short(inv)}. close it out`,
        expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
      };
    },
  },
  {
    label: "record a 5k partial payment on a late invoice",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(
        w.invoices,
        (i) => overdue(i) && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 8000,
        "unpaid USD overdue invoice over 8k",
      );
      return {
        say: `recieved 5k usd from ${first(inv.client)} against ${lower(inv.number)}, partial pmt. log it`,
        expect: [
          changed(
            "invoice",
            inv.id,
            { amount_paid: Math.round((inv.amount_paid + 5000) * 100) / 100, amount_due: Math.round((inv.amount_due - 5000) * 100) / 100 },
            inv.number,
          ),
        ],
      };
    },
  },
  {
    label: "write off the oldest late invoice",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = [...w.invoices.filter(overdue)].sort((a, b) => b.days_overdue - a.days_overdue)[0];
      if (!inv) throw new Error("no overdue invoice in the data");
      return {
        say: `write off ${short(inv)}, ${first(inv.client)} is ${inv.days_overdue}d late and not answering. done chasing`,
        expect: [doneOrHeld(changed("invoice", inv.id, { status: "uncollectible" }, inv.number), approval(/uncollect|write/i, inv.id, inv.number))],
      };
    },
  },
  {
    label: "void an open invoice billed twice",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = [...w.invoices.filter((i) => i.status === "open" && i.amount_paid === 0 && i.currency === "EUR")].sort((a, b) =>
        a.due_date.localeCompare(b.due_date),
      )[0];
      if (!inv) throw new Error("no open EUR invoice in the data");
      return {
        say: `void ${short(inv)} - ${first(inv.client)} got billed twice for the ${lower(inv.description ?? "same thing")}`,
        expect: [approval(/void/i, inv.id, inv.number)],
      };
    },
  },
  {
    label: "bill Initech 12.5k USD net 30",
    engine: "finance",
    kind: "write",
    plan: (w) => ({
      say: "new invocie: initech, 12.5k usd, net 30, for q1 consulting",
      expect: [created("invoice", { client: is.containing("Initech"), amount: 12500, currency: "USD", due_date: addDays(today(w), 30) })],
    }),
  },
  {
    label: "extend an invoice's due date to the end of january",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const end = endOfNamedMonth(w, 1);
      const inv = pick(
        w.invoices,
        (i) => i.status === "open" && i.due_date < end && w.invoices.filter((o) => o.client === i.client && unpaid(o)).length === 1,
        "client's only unpaid invoice, open and due before end of January",
      );
      return {
        say: `${first(inv.client)} asked for more time on ${short(inv)}. fine, move due to end of jan`,
        expect: [changed("invoice", inv.id, { due_date: end }, inv.number)],
      };
    },
  },
  {
    label: "issue a client's single draft invoice",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(
        w.invoices,
        (i) => i.status === "draft" && w.invoices.filter((o) => o.client === i.client && o.status === "draft").length === 1 && i.due_date > today(w),
        "client with a single draft",
      );
      return {
        say: `finalize the ${first(inv.client)} draft, its good to go`,
        expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
      };
    },
  },

  /* ---------------- writes: growth ---------------- */
  {
    label: "move a proposal-stage deal to negotiation",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const deal = openDealIn(w, ["Proposal"]);
      const stage = stageNamed(w, "Negotiation");
      return {
        say: `${first(accountName(w, deal.account_id) ?? deal.name)} ${lower(dealTopic(deal))} -> negotiation. they're redlining the msa`,
        expect: [changed("deal", deal.id, { stage_id: stage.id }, deal.name)],
      };
    },
  },
  {
    label: "an account signed: its only open deal is won",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const only = w.accounts
        .map((a) => ({ account: a.name, deals: dealsOf(w, a.id) }))
        .filter((x) => x.deals.length === 1 && x.deals[0]!.status === "open" && stageOf(w, x.deals[0]!).name === "Negotiation")
        .sort((a, b) => (b.deals[0]!.amount ?? 0) - (a.deals[0]!.amount ?? 0))[0];
      if (!only) throw new Error("no account whose only deal is in negotiation");
      const { deal, account } = { deal: only.deals[0]!, account: only.account };
      return {
        say: `${first(account)} signed!! mark the deal won`,
        expect: [changed("deal", deal.id, { status: "won", stage_id: stageNamed(w, "Closed won").id }, deal.name)],
      };
    },
  },
  {
    label: "an early-stage deal is dead: mark it lost",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
      return {
        say: `${first(account)} ${lower(dealTopic(deal))} is dead, no budget til 2028. lost`,
        expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
      };
    },
  },
  {
    label: "new Initech renewal deal, 45k, closing end of quarter",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const initech = accountNamed(w, "Initech");
      return {
        say: "add opp - initech renewal, 45k, close by end of qtr",
        expect: [
          created("deal", {
            name: is.containing("renewal"),
            amount: 45000,
            account_id: initech.id,
            expected_close_date: quarter(w)[1],
          }),
        ],
      };
    },
  },
  {
    label: "enrol a named contact in the follow-up sequence",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const seq = pick(w.sequences, (s) => s.name === "New lead follow-up", "sequence New lead follow-up");
      const inIt = w.enrollments.filter((e) => e.sequence_id === seq.id).map((e) => e.contact_id);
      const c = pick(uniqueContacts(w), (x) => !inIt.includes(x.id) && x.lifecycle_stage === "lead" && !!x.account_id, "unenrolled unique lead");
      const acct = accountName(w, c.account_id)!;
      return {
        say: `put ${lower(fullName(c))} (${first(acct)}) in the new lead followup seq`,
        expect: [enrolled(seq.id, c.id, fullName(c))],
      };
    },
  },

  /* ---------------- writes: talent ---------------- */
  {
    label: "reject a fresh applicant",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = pick(w.candidates, (x) => x.stage === "applied" && w.candidates.filter((o) => fullName(o) === fullName(x)).length === 1, "applied candidate");
      return { say: `pass on ${lower(fullName(c))}. reject`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
    },
  },
  {
    label: "move an interviewed candidate to offer",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = pick(
        w.candidates,
        (x) => x.stage === "interview" && w.candidates.filter((o) => fullName(o) === fullName(x)).length === 1,
        "candidate in interview",
      );
      return {
        say: `approved comp for ${lower(fullName(c))}, move to offer`,
        expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
      };
    },
  },
  {
    label: "open a new FP&A analyst req",
    engine: "talent",
    kind: "write",
    plan: () => ({
      say: "open a req: fp&a analyst, finance dept, nyc, full time. budget approved",
      expect: [
        created("job", {
          title: is.where('containing "FP&A" or "financial planning"', (t: string) => typeof t === "string" && /fp&a|financial planning/i.test(t)),
          department: is.text("Finance"),
          location: is.where("New York / NYC", (l: string) => typeof l === "string" && /new york|nyc/i.test(l)),
          employment_type: "full_time",
        }),
      ],
    }),
  },

  /* ---------------- must not act ---------------- */
  {
    label: "a client with several open invoices 'paid' - which one?",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const client = pick(clientNames(w), (c) => ofClient(w, c).filter(unpaid).length >= 3, "client with 3+ unpaid invoices");
      return { say: `${first(client)} paid. mark the invoice paid`, expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "bill a client with no amount or currency given",
    engine: "finance",
    kind: "question",
    plan: () => ({ say: "invoice acme for the onboarding workshop we did last wk", expect: [noChange(), asksBack()] }),
  },
  {
    label: "push a due date: which invoice, to when?",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const client = pick(clientNames(w), (c) => ofClient(w, c).filter((i) => i.status === "open").length >= 2, "client with 2+ open invoices");
      return { say: `push the ${first(client)} due date out`, expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "mark 'the' deal won at an account with several open deals",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const acct = w.accounts.filter((a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2).at(-1);
      if (!acct) throw new Error("no account with 2+ open deals");
      return { say: `${first(acct.name)} closed. deal -> won`, expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "enrol a contact whose name two people share, into a sequence that does not exist",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const dup = pick(
        w.contacts,
        (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length >= 2 && !w.enrollments.some((e) => e.contact_id === c.id),
        "shared contact name",
      );
      return { say: `add ${lower(fullName(dup))} to the nurture seq`, expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "reject 'the backend candidate' when several are in play",
    engine: "talent",
    kind: "question",
    plan: (w) => {
      const job = jobNamed(w, "Backend");
      if (w.candidates.filter((c) => c.job_id === job.id && !["rejected", "hired"].includes(c.stage)).length < 2)
        throw new Error("backend job has fewer than 2 live candidates");
      return { say: "reject the backend eng candidate, not a fit", expect: [noChange(), asksBack()] };
    },
  },
];
