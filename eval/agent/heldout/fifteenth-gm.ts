/*
 * Character sheet: the general manager.
 *
 * Runs a mid-size company and is also its head of people. Checks in on every
 * part of the business from a phone, between meetings: a few seconds per
 * message, whole questions in plain business English, no jargon from the
 * tool ("the AE job", "the designer role", "the pipe", "what's late"). Asks
 * who / which / when / what and wants rankings and comparisons ("which client
 * owes us the most", "who is furthest along"). Names things the way a manager
 * remembers them: clients by their short name (Stark, Hooli, Oscorp), deals by
 * client and topic ("the Umbrella pilot"), candidates by first name or full
 * name, invoices by client and what was billed, never by number or id.
 * Decisions come in one line ("hire him", "write off what Oscorp owes",
 * "we're not going ahead with the Hooli deal"), sometimes with a bit of
 * context first ("just came out of her interview"). Lower case starts,
 * the odd "pls", an emoji when a deal closes. About a third of what they ask
 * is about people and hiring; the rest is money owed, the sales pipeline and
 * the key figures they report to the board (cash we're waiting on, what's
 * late, how good we are at closing, the weighted pipe, how long clients take
 * to pay, hires this year).
 */
import { changed, count, created, date, enrolled, figure, money, names, noChange, asksBack, type Case, type Check } from "../judge.ts";
import {
  accountNamed,
  contactsOf,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  candidatesOf,
  month,
  ofClient,
  overdue,
  pick,
  stageOf,
  today,
  unpaid,
  numbers,
} from "../facts.ts";
import type { Candidate, Deal, World } from "../world.ts";

/* ---------- helpers of this set ---------- */

const STAGE_ORDER = ["applied", "screening", "interview", "offer", "hired"];
const active = (c: Candidate) => c.stage !== "hired" && c.stage !== "rejected";

/** The one candidate with this first name (a manager says "Linus"), or the case cannot be planned. */
function candidateCalled(w: World, first: string, stage?: string): Candidate {
  const all = w.candidates.filter((c) => c.first_name.toLowerCase() === first.toLowerCase());
  if (all.length !== 1) throw new Error(`no single candidate called ${first} in the data`);
  const c = all[0]!;
  if (stage && c.stage !== stage) throw new Error(`${fullName(c)} is not at ${stage}`);
  return c;
}

function snapshot(w: World) {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
}

/** The only deal of an account, open. */
function onlyDealOf(w: World, account: string): Deal {
  const acc = accountNamed(w, account);
  const deals = dealsOf(w, acc.id);
  if (deals.length !== 1 || deals[0]!.status !== "open") throw new Error(`${acc.name} does not have exactly one deal, open`);
  return deals[0]!;
}

const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
const accountName = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "deal account").name;

/**
 * An action waits for approval: the tool, or what it calls, says what
 * (/uncollectible/, /void/), and its input names the invoice. Like judge.ts's
 * approval(), but also when the tool is a general one whose input carries the
 * action.
 */
function pendingApproval(action: RegExp, what: string, ...refs: string[]): Check {
  return {
    text: `an approval is pending to ${what} ${refs.join(" / ")}`,
    expectsProposal: true,
    judge: ({ proposals }) => {
      const right = proposals.find((p) => action.test(`${p.tool} ${JSON.stringify(p.input)}`) && refs.some((r) => JSON.stringify(p.input).includes(r)));
      if (right) return null;
      return proposals.length
        ? `the approval waits for ${proposals.map((p) => `${p.tool} ${JSON.stringify(p.input)}`).join(", ")}`
        : "no action waits for approval";
    },
  };
}

/* ---------- the set ---------- */

export const CASES: Case[] = [
  /* ===== talent ===== */
  {
    label: "are we hiring for anything in engineering",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const eng = w.jobs.filter((j) => j.status === "open" && (j.department ?? "").toLowerCase() === "engineering");
      if (!eng.length) throw new Error("no open engineering job in the data");
      const others = w.jobs.filter((j) => !eng.includes(j)).map((j) => j.title);
      return {
        say: "are we hiring for anything in engineering at the moment?",
        expect: [
          names(
            eng.map((j) => j.title),
            others,
          ),
        ],
      };
    },
  },
  {
    label: "who is furthest along for the designer role",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const job = jobNamed(w, "Designer");
      const live = candidatesOf(w, job.id).filter(active);
      const best = Math.max(...live.map((c) => STAGE_ORDER.indexOf(c.stage)));
      const top = live.filter((c) => STAGE_ORDER.indexOf(c.stage) === best);
      if (top.length !== 1) throw new Error("no single candidate furthest along for the designer job");
      return { say: "who is furthest along for the designer role?", expect: [names([fullName(top[0]!)])] };
    },
  },
  {
    label: "how many people are still in the running for the AE job",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const job = jobNamed(w, "Account Executive");
      const live = candidatesOf(w, job.id).filter(active);
      if (!live.length) throw new Error("nobody active for the AE job");
      const expect = [names(live.map(fullName))];
      if (live.length > 1) expect.push(count(live.length, "candidates still in the running"));
      return { say: "how many people are still in the running for the AE job?", expect };
    },
  },
  {
    label: "highest rated candidate for the backend engineer job",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const job = jobNamed(w, "Backend");
      const live = candidatesOf(w, job.id).filter(active);
      const best = Math.max(...live.map((c) => c.rating ?? 0));
      const top = live.filter((c) => (c.rating ?? 0) === best);
      if (top.length !== 1) throw new Error("no single top rated backend candidate");
      return { say: "for the backend engineer opening, who's our highest rated candidate?", expect: [names([fullName(top[0]!)])] };
    },
  },
  {
    label: "who is sitting at offer stage right now",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const offers = w.candidates.filter((c) => c.stage === "offer");
      if (!offers.length) throw new Error("no candidate at offer");
      const early = w.candidates.filter((c) => ["applied", "screening"].includes(c.stage)).map(fullName);
      return { say: "who have we got sitting at offer stage right now?", expect: [names(offers.map(fullName), early)] };
    },
  },
  {
    label: "how many people are we interviewing across all roles",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const interviewing = w.candidates.filter((c) => c.stage === "interview");
      if (interviewing.length < 2) throw new Error("fewer than two candidates at interview");
      return {
        say: "how many people are we interviewing at the moment, across all roles?",
        expect: [count(interviewing.length, "candidates at interview"), names(interviewing.map(fullName))],
      };
    },
  },
  {
    label: "<the interviewing backend candidate> was excellent, make her an offer",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = candidateCalled(w, "Katherine", "interview");
      return {
        say: `Just came out of ${fullName(c)}'s interview, she was excellent. let's make her an offer`,
        expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
      };
    },
  },
  {
    label: "<the backend candidate at offer> accepted, hire him",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = candidateCalled(w, "Linus", "offer");
      return { say: `${c.first_name} accepted. hire him`, expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))] };
    },
  },
  {
    label: "<a designer candidate at screening> isn't the right fit, reject her",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = candidateCalled(w, "Radia", "screening");
      return {
        say: `${c.first_name} isn't the right fit for the designer job, pls reject her`,
        expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
      };
    },
  },
  {
    label: "open a full-time Customer Success Manager role in London",
    engine: "talent",
    kind: "write",
    plan: () => ({
      say: "We need to start hiring a Customer Success Manager, full time, based in London. Can you open the role?",
      expect: [
        created("job", {
          title: { text: 'containing "Customer Success"', test: (v: unknown) => typeof v === "string" && /customer success/i.test(v) },
          location: { text: 'containing "London"', test: (v: unknown) => typeof v === "string" && /london/i.test(v) },
          employment_type: "full_time",
          status: "open",
        }),
      ],
    }),
  },
  {
    label: "the AE position is filled, close the job",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const job = jobNamed(w, "Account Executive");
      if (job.status !== "open") throw new Error("the AE job is not open");
      return { say: "The AE position is filled, close the job", expect: [changed("job", job.id, { status: "closed" }, job.title)] };
    },
  },
  {
    label: "the backend candidate didn't work out, reject them (several candidates)",
    engine: "talent",
    kind: "question",
    plan: (w) => {
      const job = jobNamed(w, "Backend");
      if (candidatesOf(w, job.id).filter(active).length < 2) throw new Error("fewer than two active backend candidates");
      return { say: "the backend candidate didn't work out, reject them", expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "put a referral in the pipeline (no job, no email)",
    engine: "talent",
    kind: "question",
    plan: (w) => {
      if (w.jobs.filter((j) => j.status === "open").length < 2) throw new Error("fewer than two open jobs");
      return { say: "Got a great referral from a friend, Ada Lovelace. put her in the pipeline", expect: [noChange(), asksBack()] };
    },
  },

  /* ===== finance ===== */
  {
    label: "which client owes us the most, dollar invoices only",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const usd = new Map<string, number>();
      for (const i of w.invoices.filter((i) => unpaid(i) && i.currency === "USD"))
        usd.set(i.client, Math.round(((usd.get(i.client) ?? 0) + i.amount_due) * 100) / 100);
      const ranked = [...usd.entries()].sort((a, b) => b[1] - a[1]);
      if (ranked.length < 2 || ranked[0]![1] === ranked[1]![1]) throw new Error("no single client owing the most in USD");
      const [client, total] = ranked[0]!;
      return { say: "which client owes us the most? dollar invoices only", expect: [names([client]), money({ USD: total }, `unpaid USD of ${client}`)] };
    },
  },
  {
    label: "how much does Stark Logistics owe us in total",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const open = ofClient(w, "Stark").filter(unpaid);
      if (!open.length) throw new Error("Stark owes nothing");
      return { say: "how much does Stark Logistics owe us in total?", expect: [money(dueSums(open), "Stark's unpaid balance")] };
    },
  },
  {
    label: "which invoices are more than 60 days overdue",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
      if (late.length < 2) throw new Error("fewer than two invoices over 60 days late");
      const others = numbers(w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60));
      return {
        say: "anything more than 60 days overdue? which invoices",
        expect: [count(late.length, "invoices over 60 days late"), names(numbers(late), others, late.length)],
      };
    },
  },
  {
    label: "what's left to pay on <a client>'s part-paid <service> invoice",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const inv = pick(
        ofClient(w, "Acme"),
        (i) => unpaid(i) && i.amount_paid > 0 && ofClient(w, "Acme").filter((o) => o.description === i.description).length === 1,
        "part-paid Acme invoice with its own description",
      );
      return {
        say: `what's left to pay on Acme's ${(inv.description ?? "").toLowerCase()} invoice?`,
        expect: [money({ [inv.currency]: inv.amount_due }, "amount still due")],
      };
    },
  },
  {
    label: "write off what Oscorp owes",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const owed = ofClient(w, "Oscorp").filter(unpaid);
      if (owed.length < 1) throw new Error("Oscorp owes nothing");
      return {
        say: "write off what Oscorp owes, we're not getting that money back",
        expect: owed.map((i) => pendingApproval(/uncollectible|write.?off/i, "write off", i.id, i.number)),
      };
    },
  },
  {
    label: "<a client with one unpaid invoice> paid their invoice in full",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const owed = ofClient(w, "Soylent").filter(unpaid);
      if (owed.length !== 1) throw new Error("Soylent does not have exactly one unpaid invoice");
      const inv = owed[0]!;
      return { say: "Soylent paid their invoice in full this morning", expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)] };
    },
  },
  {
    label: "Globex wired 5,000 against the custom integration invoice",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(
        ofClient(w, "Globex"),
        (i) => unpaid(i) && i.currency === "USD" && i.amount_due > 5000 && /integration/i.test(i.description ?? ""),
        "unpaid Globex integration invoice in USD",
      );
      return {
        say: "Globex wired $5,000 against the custom integration invoice",
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
    label: "void the Blue Sun invoice, billed by mistake",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const owed = ofClient(w, "Blue Sun").filter(unpaid);
      if (owed.length !== 1) throw new Error("Blue Sun does not have exactly one unpaid invoice");
      const inv = owed[0]!;
      return { say: "void the Blue Sun invoice, we billed them by mistake", expect: [pendingApproval(/void/i, "void", inv.id, inv.number)] };
    },
  },
  {
    label: "bill Hooli $12,500 for extra data migration work, due end of next month",
    engine: "finance",
    kind: "write",
    plan: (w) => ({
      say: "bill Hooli $12,500 for the extra data migration work, due end of next month",
      expect: [
        created("invoice", {
          client: { text: 'containing "Hooli"', test: (v: unknown) => typeof v === "string" && /hooli/i.test(v) },
          amount: 12500,
          currency: "USD",
          due_date: month(w, 1)[1],
        }),
      ],
    }),
  },
  {
    label: "void the Wayne invoice (several)",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      if (ofClient(w, "Wayne").filter(unpaid).length < 2) throw new Error("Wayne has fewer than two unpaid invoices");
      return { say: "void the Wayne invoice", expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "Umbrella paid their invoice (several unpaid)",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      if (ofClient(w, "Umbrella").filter(unpaid).length < 2) throw new Error("Umbrella has fewer than two unpaid invoices");
      return { say: "Umbrella paid their invoice, mark it as paid", expect: [noChange(), asksBack()] };
    },
  },

  /* ===== growth ===== */
  {
    label: "when is the Northwind deal supposed to close",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const d = onlyDealOf(w, "Northwind");
      if (!d.expected_close_date) throw new Error("the Northwind deal has no close date");
      return { say: "when is the Northwind deal supposed to close?", expect: [date(d.expected_close_date, "expected close date")] };
    },
  },
  {
    label: "which deals are in negotiation right now",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const neg = openDeals(w).filter((d) => stageOf(w, d).name === "Negotiation");
      if (neg.length < 2) throw new Error("fewer than two deals in negotiation");
      const accounts = neg.map((d) => accountName(w, d.account_id));
      const others = openDeals(w)
        .map((d) => accountName(w, d.account_id))
        .filter((a) => !accounts.includes(a));
      return { say: "which deals are in negotiation right now?", expect: [names(accounts, others, accounts.length)] };
    },
  },
  {
    label: "who are the decision makers at Stark Logistics",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const stark = accountNamed(w, "Stark");
      const people = contactsOf(w, stark.id);
      const dms = people.filter((c) => c.tags.includes("decision-maker"));
      if (!dms.length) throw new Error("no decision-maker at Stark");
      const juniors = people.filter((c) => !dms.includes(c) && !/ceo|chief|president|founder|owner/i.test(c.title ?? "")).map(fullName);
      return { say: "who are the decision makers at Stark Logistics?", expect: [names(dms.map(fullName), juniors, dms.length)] };
    },
  },
  {
    label: "which deals are supposed to close before the end of the year",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const yearEnd = `${today(w).slice(0, 4)}-12-31`;
      const soon = openDeals(w).filter((d) => d.expected_close_date !== null && d.expected_close_date <= yearEnd);
      if (soon.length < 2) throw new Error("fewer than two open deals closing this year");
      const accounts = soon.map((d) => accountName(w, d.account_id));
      const others = openDeals(w)
        .map((d) => accountName(w, d.account_id))
        .filter((a) => !accounts.includes(a));
      return {
        say: "which deals are supposed to close before the end of the year?",
        expect: [count(soon.length, "deals closing this year"), names(accounts, others, accounts.length)],
      };
    },
  },
  {
    label: "we're not going ahead with the Hooli deal",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const d = onlyDealOf(w, "Hooli");
      return { say: "we're not going ahead with the Hooli deal", expect: [changed("deal", d.id, { status: "lost" }, d.name)] };
    },
  },
  {
    label: "Stark signed the support upgrade, mark it won",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const stark = accountNamed(w, "Stark");
      const d = pick(dealsOf(w, stark.id), (x) => x.status === "open" && /support upgrade/i.test(x.name), "open Stark support upgrade deal");
      return { say: "Stark signed the support upgrade 🎉 mark it won", expect: [changed("deal", d.id, { status: "won" }, d.name)] };
    },
  },
  {
    label: "push the Umbrella pilot's close date to end of January",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const umb = accountNamed(w, "Umbrella");
      const d = pick(dealsOf(w, umb.id), (x) => x.status === "open" && /pilot/i.test(x.name), "open Umbrella pilot deal");
      const target = endOfNamedMonth(w, 1);
      if (d.expected_close_date === target) throw new Error("the Umbrella pilot already closes end of January");
      return {
        say: "Umbrella pilot is slipping, push the close date to end of January",
        expect: [changed("deal", d.id, { expected_close_date: target }, d.name)],
      };
    },
  },
  {
    label: "add Priya Nair as a contact at Hooli, their new head of finance",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const hooli = accountNamed(w, "Hooli");
      return {
        say: "add Priya Nair as a contact at Hooli Cloud, she's their new head of finance. priya.nair@hooli.cloud",
        expect: [
          created("contact", {
            first_name: "Priya",
            last_name: "Nair",
            email: "priya.nair@hooli.cloud",
            account_id: hooli.id,
            title: { text: 'containing "finance"', test: (v: unknown) => typeof v === "string" && /finance/i.test(v) },
          }),
        ],
      };
    },
  },
  {
    label: "put <a contact> from <an account> on the lead follow-up sequence",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const seq = pick(w.sequences, (s) => /follow-?up/i.test(s.name) && s.status === "active", "active follow-up sequence");
      const tyrell = accountNamed(w, "Tyrell");
      const mia = pick(contactsOf(w, tyrell.id), (c) => c.first_name === "Mia", "Mia at Tyrell");
      if (w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === mia.id && e.status === "active"))
        throw new Error("Mia at Tyrell is already enrolled");
      return {
        say: `put ${fullName(mia)} from Tyrell on the new lead follow-up sequence`,
        expect: [enrolled(seq.id, mia.id, `${fullName(mia)} (Tyrell)`)],
      };
    },
  },
  {
    label: "add <a contact name two accounts share> to the follow-up emails",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const olivias = w.contacts.filter((c) => fullName(c) === "Olivia Tanaka");
      if (olivias.length < 2) throw new Error("fewer than two contacts called Olivia Tanaka");
      return { say: "add Olivia Tanaka to the lead follow-up emails", expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "move the Stark deal to negotiation (two open deals)",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const stark = accountNamed(w, "Stark");
      if (dealsOf(w, stark.id).filter((d) => d.status === "open").length < 2) throw new Error("Stark has fewer than two open deals");
      return { say: "move the Stark deal to negotiation", expect: [noChange(), asksBack()] };
    },
  },

  /* ===== key figures ===== */
  {
    label: "how much cash are we waiting on from clients",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({ say: "how much cash are we waiting on from clients?", expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding receivables")] }),
  },
  {
    label: "how much is late",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({ say: "how much is late?", expect: [money(dueSums(w.invoices.filter(overdue)), "overdue receivables")] }),
  },
  {
    label: "how good are we at closing deals lately",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const rate = snapshot(w).growth.last_90_days.win_rate;
      return { say: "how good are we at closing deals lately?", expect: [figure(rate, "win rate (last 90 days)", "percent")] };
    },
  },
  {
    label: "how much is in the pipe weighted",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const weighted: Record<string, number> = {};
      for (const d of openDeals(w)) {
        const v = ((d.amount ?? 0) * stageOf(w, d).probability) / 100;
        weighted[d.currency] = Math.round(((weighted[d.currency] ?? 0) + v) * 100) / 100;
      }
      return { say: "how much is in the pipe weighted?", expect: [money(weighted, "weighted pipeline")] };
    },
  },
  {
    label: "how many days clients take to pay us, dollar invoices",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
      return {
        say: "on average how many days does it take clients to pay us? dollar invoices is what I care about",
        expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
      };
    },
  },
  {
    label: "how many deals are open and what they are worth",
    engine: "intelligence",
    kind: "read",
    plan: (w) => {
      const open = openDeals(w);
      const worth: Record<string, number> = {};
      for (const d of open) worth[d.currency] = Math.round(((worth[d.currency] ?? 0) + (d.amount ?? 0)) * 100) / 100;
      return {
        say: "how many deals do we have open and what are they worth all together?",
        expect: [count(open.length, "open deals"), money(worth, "open pipeline value")],
      };
    },
  },
  {
    label: "how many people have we hired in the last 12 months",
    engine: "intelligence",
    kind: "read",
    plan: (w) => {
      const hires = snapshot(w).talent.hires_last_365_days;
      return { say: "how many people have we hired in the last 12 months?", expect: [count(hires, "hires in the last 12 months")] };
    },
  },
];
