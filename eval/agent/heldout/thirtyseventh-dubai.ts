import { approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  candidatesOf,
  clientNames,
  dealNames,
  dealTopic,
  dueSums,
  enrolledContacts,
  fullName,
  jobNamed,
  month,
  nextDate,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { World } from "../world.ts";

/*
 * Blind set: an office administrator at a facilities-management company in Dubai.
 * Arabic first, office English picked up from South Asian colleagues: "kindly",
 * "do the needful", "the same", "prepone", "revert back", amounts as "1,500/-",
 * dates as "9th Dec". Every record is chosen from the data at run time.
 */

const MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-12-09" -> "9th Dec", the way she writes a date. */
function dubaiDate(isoDate: string): string {
  const [, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const suffix = d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th";
  return `${d}${suffix} ${MON[m - 1]}`;
}
/** "1500" -> "1,500/-". */
const slash = (n: number) => `${n.toLocaleString("en-US")}/-`;

const snapshotOf = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const followUp = (w: World) =>
  pick(w.sequences, (s) => s.status === "active" && w.enrollments.some((e) => e.sequence_id === s.id), "active sequence with enrollments");
const enrolledIds = (w: World, seqId: string) =>
  new Set(w.enrollments.filter((e) => e.sequence_id === seqId && e.status === "active").map((e) => e.contact_id));
const accountName = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "account").name;

export const CASES: Case[] = [
  /* ======================= READS (17) ======================= */

  // ---- finance (6)
  {
    label: "how many fatura overdue as of today, count only",
    engine: "finance",
    kind: "read",
    plan: (w) => ({
      say: "Salam, kindly tell me how many fatura are overdue as on today? only the count pls, manager is asking",
      expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
    }),
  },
  {
    label: "how much <a client with unpaid in two currencies> still owing us, per currency",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const fits = (c: string) => {
        const mine = ofClient(w, c);
        const open = mine.filter(unpaid);
        return open.length > 0 && new Set(open.map((i) => i.currency)).size > 1 && !mine.some((i) => i.status === "uncollectible" || i.status === "draft");
      };
      const client = pick(clientNames(w), fits, "client owing in two currencies");
      const open = ofClient(w, client).filter(unpaid);
      return {
        say: `Dear, as per our discussion in morning meeting, how much ${client} is still owing us? kindly revert back with the balance amount in each currency`,
        expect: [money(dueSums(open), `balance owed by ${client}`)],
      };
    },
  },
  {
    label: "list overdue invoices above 30 days late",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 30);
      const recent = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 30);
      return {
        say: "pls find the list of invoices which are overdue more then 30 days. I need to send reminder letters to the same clients",
        expect: [names(numbers(late), numbers(recent), late.length)],
      };
    },
  },
  {
    label: "when is the due date of <an open invoice> (short number)",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "open" && i.client !== "Hooli Cloud", "open invoice");
      return {
        say: `${shortNumber(inv)} for ${inv.client} - what is the due date of the same? client is calling`,
        expect: [date(inv.due_date, `due date of ${inv.number}`)],
      };
    },
  },
  {
    label: "which invoices still in draft not sent to client",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const drafts = w.invoices.filter((i) => i.status === "draft");
      const issued = w.invoices.filter(unpaid);
      return {
        say: "Kindly check which invoices are still sitting in draft, not yet send to the clients. Please list the same with numbers",
        expect: [names(numbers(drafts), numbers(issued), drafts.length)],
      };
    },
  },
  {
    label: "which sent invoices fall due between today and end of this month",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const [, last] = month(w, 0);
      const from = today(w);
      const coming = w.invoices.filter((i) => i.status === "open" && i.due_date >= from && i.due_date <= last);
      const later = w.invoices.filter((i) => i.status === "open" && i.due_date > last);
      const late = w.invoices.filter(overdue);
      return {
        say: `which of our issued invoices are falling due from today till ${dubaiDate(last)}? not the overdue ones, those I already have. shukran`,
        expect: [names(numbers(coming), [...numbers(later), ...numbers(late)], coming.length)],
      };
    },
  },

  // ---- growth (5)
  {
    label: "how many contact persons at <the account with most contacts>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const per = w.accounts.map((a) => ({ a, n: w.contacts.filter((c) => c.account_id === a.id).length }));
      const top = per.reduce((best, x) => (x.n > best.n ? x : best));
      return {
        say: `How many contact persons we are having in ${top.a.name} side? just the number`,
        expect: [count(top.n, `contacts at ${top.a.name}`)],
      };
    },
  },
  {
    label: "which deals are sitting in negotiation stage",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const open = w.deals.filter((d) => d.status === "open");
      const neg = open.filter((d) => stageOf(w, d).name === "Negotiation");
      const rest = open.filter((d) => stageOf(w, d).name !== "Negotiation");
      return {
        say: "Habibi pls tell me which deals are in negotiation stage right now? boss want to follow up with the same before weekend",
        expect: [names(dealNames(neg), dealNames(rest), neg.length)],
      };
    },
  },
  {
    label: "expected closing date of <account with a single open deal>'s deal",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const { deal, account } = soleOpenDeal(w);
      if (!deal.expected_close_date) throw new Error("deal without expected close date");
      return {
        say: `${account} deal - when it is expected to close? kindly confirm the date`,
        expect: [date(deal.expected_close_date, `expected close of ${deal.name}`)],
      };
    },
  },
  {
    label: "who all are enrolled in <the follow-up sequence>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const seq = followUp(w);
      const inIt = enrolledContacts(w, seq.id).map(fullName);
      const out = w.contacts.map(fullName).filter((n) => !inIt.includes(n));
      return {
        say: `who all are currently running in the "${seq.name}" sequence? pls give me names`,
        expect: [names(inIt, out, inIt.length)],
      };
    },
  },
  {
    label: "decision makers at <an account with decision-makers and others>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const acc = pick(
        w.accounts,
        (a) => {
          const cs = w.contacts.filter((c) => c.account_id === a.id);
          const dm = cs.filter((c) => c.tags.includes("decision-maker")).length;
          return dm >= 2 && cs.length > dm;
        },
        "account with two decision-makers and other contacts",
      );
      const cs = w.contacts.filter((c) => c.account_id === acc.id);
      const dm = cs.filter((c) => c.tags.includes("decision-maker")).map(fullName);
      const rest = cs.filter((c) => !c.tags.includes("decision-maker")).map(fullName);
      return {
        say: `in ${acc.name} who are the decision maker persons? I dont want to disturb the wrong people for the renewal`,
        expect: [names(dm, rest, dm.length)],
      };
    },
  },

  // ---- talent (4)
  {
    label: "candidates still in process for <the backend engineer job>",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const job = jobNamed(w, "Backend");
      const active = candidatesOf(w, job.id).filter((c) => c.stage !== "hired" && c.stage !== "rejected");
      const others = w.candidates.filter((c) => !active.includes(c));
      return {
        say: `For ${job.title} vacancy, which candidates are still in process? (not rejected, not hired)`,
        expect: [names(active.map(fullName), others.map(fullName), active.length)],
      };
    },
  },
  {
    label: "at which stage is <a candidate in interview>",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const c = pick(w.candidates, (x) => x.stage === "interview", "candidate in interview");
      return {
        say: `${fullName(c)} application is at which stage now? HR is asking me`,
        expect: [says(c.stage)],
      };
    },
  },
  {
    label: "how many candidates reached offer stage across all vacancies",
    engine: "talent",
    kind: "read",
    plan: (w) => ({
      say: "how many candidates has reached the offer stage, all vacancies together?",
      expect: [count(w.candidates.filter((c) => c.stage === "offer").length, "candidates at offer")],
    }),
  },
  {
    label: "who all got hired so far",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const hired = w.candidates.filter((c) => c.stage === "hired");
      const notYet = w.candidates.filter((c) => c.stage === "offer");
      return {
        say: "kindly share names of the candidates who are hired already, I have to prepare the visa and labour card for the same",
        expect: [names(hired.map(fullName), notYet.map(fullName), hired.length)],
      };
    },
  },

  // ---- intelligence (2)
  {
    label: "how many new contacts came in last 30 days",
    engine: "intelligence",
    kind: "read",
    plan: (w) => ({
      say: "how many new contacts got added in last 30 days? for the monthly report",
      expect: [count(snapshotOf(w).growth.new_contacts_last_30_days, "new contacts in 30 days")],
    }),
  },
  {
    label: "deals won and lost in the last 90 days",
    engine: "intelligence",
    kind: "read",
    plan: (w) => {
      const { won, lost } = snapshotOf(w).growth.last_90_days;
      return {
        say: "last 3 months (90 days) how many deals we won and how many we lost? yalla quickly pls",
        expect: [count(won, "deals won"), count(lost, "deals lost")],
      };
    },
  },

  /* ======================= WRITES (15) ======================= */

  // ---- finance (6)
  {
    label: "<client> paid <an overdue invoice> in full, mark the same as paid",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
      return {
        say: `${inv.client} has transfered the full amount for ${shortNumber(inv)} today, kindly mark the same as paid. Shukran`,
        expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
      };
    },
  },
  {
    label: "record part payment of 5,000/- against <a part-paid overdue USD invoice>",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => overdue(i) && i.currency === "USD" && i.amount_paid > 0 && i.amount_due > 5000, "part-paid overdue USD invoice");
      return {
        say: `Recieved USD ${slash(5000)} from ${inv.client} against ${inv.number} as part payment (cheque cleared today). Kindly update the same, balance they will pay next month inshallah`,
        expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 5000) * 100) / 100, status: inv.status }, inv.number)],
      };
    },
  },
  {
    label: "raise a GBP 1,500/- fatura for <an account> for AC maintenance, due 15th Jan",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const acc = pick(w.accounts, (a) => a.country === "GB", "British account");
      const due = nextDate(w, 1, 15);
      return {
        say: `Please raise one fatura to ${acc.name}, amount GBP ${slash(1500)} for AC maintenance, due date ${dubaiDate(due)}. Keep it as draft only, I will check the same tomorrow`,
        expect: [created("invoice", { client: is.text(acc.name), amount: 1500, currency: "GBP", due_date: due, status: "draft" })],
      };
    },
  },
  {
    label: "postpone due date of <an open invoice> by two weeks, to an explicit date",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0 && i.currency === "EUR", "open EUR invoice");
      const to = addDays(inv.due_date, 14);
      return {
        say: `${inv.client} requested to postpone the payment, as per our discussion kindly change the due date of ${inv.number} to ${dubaiDate(to)}. Mafi mushkil from our side`,
        expect: [changed("invoice", inv.id, { due_date: to }, inv.number)],
      };
    },
  },
  {
    label: "prepone due date of <a draft invoice> by one week",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "draft" && addDays(i.due_date, -7) > today(w), "draft invoice due more than a week ahead");
      const to = addDays(inv.due_date, -7);
      return {
        say: `kindly prepone the due date in draft ${shortNumber(inv)} (${inv.client}) to ${dubaiDate(to)}, they want to clear before there year closing`,
        expect: [changed("invoice", inv.id, { due_date: to, status: "draft" }, inv.number)],
      };
    },
  },
  {
    label: "cancel <an open invoice> raised by mistake (void waits for approval)",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0 && i.currency === "USD", "open USD invoice");
      return {
        say: `${inv.number} to ${inv.client} was raised by mistake, duplicate of old one. Kindly void the same`,
        expect: [approval(/void/i, inv.id, inv.number)],
      };
    },
  },

  // ---- growth (5)
  {
    label: "add new contact Fatima Al-Mansouri at <an account's domain> as facilities manager",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const acc = pick(w.accounts, (a) => !!a.domain && a.country === "US", "US account with a domain");
      const email = `fatima.almansouri@${acc.domain}`;
      return {
        say: `Please find below new contact details and add the same in system:\nName: Fatima Al-Mansouri\nCompany: ${acc.name}\nDesignation: Facilities Manager\nEmail: ${email}`,
        expect: [created("contact", { email, first_name: is.text("Fatima"), last_name: is.text("Al-Mansouri"), title: is.containing("Facilities Manager") })],
      };
    },
  },
  {
    label: "move <account>'s <deal in proposal> to negotiation",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const deal = pick(
        w.deals,
        (d) =>
          d.status === "open" &&
          stageOf(w, d).name === "Proposal" &&
          w.deals.filter((o) => o.account_id === d.account_id && dealTopic(o) === dealTopic(d)).length === 1,
        "open deal in Proposal",
      );
      const acc = accountName(w, deal.account_id);
      const neg = stageNamed(w, "Negotiation");
      return {
        say: `as per our discussion with ${acc} yesterday, there ${dealTopic(deal).toLowerCase()} deal is now in negotiation. Kindly move the same`,
        expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)],
      };
    },
  },
  {
    label: "<account with a single open deal in negotiation> signed, mark the deal won",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
      return {
        say: `Alhamdulillah ${account} signed the contract today!! pls mark there deal as won`,
        expect: [changed("deal", deal.id, { status: "won", stage_id: stageNamed(w, "Closed won").id }, deal.name)],
      };
    },
  },
  {
    label: "enrol <a unique-named contact not enrolled> in <the follow-up sequence>",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const seq = followUp(w);
      const inIt = enrolledIds(w, seq.id);
      const c = pick(uniqueContacts(w), (x) => !inIt.has(x.id), "unique contact not enrolled");
      return {
        say: `kindly enrol ${fullName(c)} (${accountName(w, c.account_id)}) in the ${seq.name} sequence`,
        expect: [enrolled(seq.id, c.id, fullName(c))],
      };
    },
  },
  {
    label: "<a unique-named lead contact> is now qualified, update the same",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const seq = followUp(w);
      const inIt = enrolledIds(w, seq.id);
      // Another contact than the enrolment case's.
      const firstFree = pick(uniqueContacts(w), (x) => !inIt.has(x.id), "unique contact not enrolled");
      const c = pick(uniqueContacts(w), (x) => x.lifecycle_stage === "lead" && x.id !== firstFree.id, "unique lead contact");
      return {
        say: `${fullName(c)} from ${accountName(w, c.account_id)} is now qualifed lead, had good call with him. Kindly update his stage to qualified`,
        expect: [changed("contact", c.id, { lifecycle_stage: "qualified" }, fullName(c))],
      };
    },
  },

  // ---- talent (4)
  {
    label: "<a candidate in screening> cleared screening, move to interview",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = pick(w.candidates, (x) => x.stage === "screening", "candidate in screening");
      return {
        say: `${fullName(c)} has cleared the screening call, kindly move for interview stage, do the needful`,
        expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
      };
    },
  },
  {
    label: "reject <an applied candidate>, profile not suitable",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = pick(w.candidates, (x) => x.stage === "applied", "applied candidate");
      const job = pick(w.jobs, (j) => j.id === c.job_id, "job");
      return {
        say: `${fullName(c)} profile is not suitable for ${job.title} post. Pls reject the same`,
        expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
      };
    },
  },
  {
    label: "add referral candidate Rahul Menon to <the backend engineer job>",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const job = jobNamed(w, "Backend");
      const email = "rahul.menon@example.com";
      return {
        say: `Please add new candidate for ${job.title} - Rahul Menon, email ${email}. He came through referral from our IT guy`,
        expect: [created("candidate", { job_id: job.id, email, first_name: is.text("Rahul"), last_name: is.text("Menon"), source: is.containing("referral") })],
      };
    },
  },
  {
    label: "open new vacancy HVAC Technician, Facilities, Dubai, full time",
    engine: "talent",
    kind: "write",
    plan: () => ({
      say: "Kindly open one new vacancy in system - HVAC Technician, department Facilities, location Dubai, full time. Yalla we need somebody urgently",
      expect: [
        created("job", {
          title: is.containing("HVAC Technician"),
          department: is.containing("Facilities"),
          location: is.containing("Dubai"),
          employment_type: "full_time",
          status: "open",
        }),
      ],
    }),
  },

  /* ======================= FIGURES (4) ======================= */
  {
    label: "what is our DSO on USD invoices",
    engine: "finance",
    kind: "figure",
    plan: (w) => {
      const usd = pick(snapshotOf(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
      return {
        say: "whats our DSO (days sales outstanding) for the USD invoices? finance manager need it for the report",
        expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
      };
    },
  },
  {
    label: "our win rate on deals",
    engine: "growth",
    kind: "figure",
    plan: (w) => ({
      say: "kindly tell me our deals win rate %, the last 90 days figure",
      expect: [figure(snapshotOf(w).growth.last_90_days.win_rate, "win rate", "percent")],
    }),
  },
  {
    label: "total outstanding receivables per currency",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const out: Record<string, number> = {};
      for (const c of snapshotOf(w).finance.currencies) out[c.currency] = c.outstanding;
      return {
        say: "What is total outstanding amount clients owe us as of now? Give currency wise pls (USD, EUR, GBP), I will convert to AED myself",
        expect: [money(out, "outstanding")],
      };
    },
  },
  {
    label: "weighted pipeline value",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const out: Record<string, number> = {};
      for (const t of snapshotOf(w).growth.pipeline.totals) out[t.currency] = t.weighted_value;
      return {
        say: "boss asking the weighted pipeline value, the figure after the probability. Kindly revert asap",
        expect: [money(out, "weighted pipeline")],
      };
    },
  },

  /* ======================= MUST NOT ACT (6) ======================= */
  {
    label: "mark 'the invoice' paid without saying which",
    engine: "finance",
    kind: "question",
    plan: () => ({
      say: "client confirmed the transfer, kindly mark the invoice as paid",
      expect: [noChange(), asksBack()],
    }),
  },
  {
    label: "<a client with two unpaid invoices> paid, do the needful (which one, how much?)",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const client = pick(clientNames(w), (c) => ofClient(w, c).filter(unpaid).length === 2, "client with exactly two unpaid invoices");
      return {
        say: `${client} payment recieved habibi, do the needful`,
        expect: [noChange(), asksBack()],
      };
    },
  },
  {
    label: "raise fatura for <an account> as per our discussion, no amount given",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const acc = pick(w.accounts, (a) => a.country === "US" && w.invoices.some((i) => i.client === a.name), "US account with invoices");
      return {
        say: `Raise the fatura for ${acc.name} as per our discussion, due date ${dubaiDate(addDays(month(w, 1)[0], -2))}`,
        expect: [noChange(), asksBack()],
      };
    },
  },
  {
    label: "move 'the pilot project deal' to proposal when several open ones share the name",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const topic = "Pilot project";
      const open = w.deals.filter((d) => d.status === "open" && dealTopic(d).toLowerCase() === topic.toLowerCase());
      if (open.length < 2) throw new Error("fewer than two open pilot project deals");
      return {
        say: "pls move the pilot project deal to proposal stage",
        expect: [noChange(), asksBack()],
      };
    },
  },
  {
    label: "enrol <a name two contacts share> in the sequence, no company given",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const seq = followUp(w);
      const inIt = enrolledIds(w, seq.id);
      const c = pick(
        w.contacts,
        (x) => {
          const same = w.contacts.filter((o) => fullName(o) === fullName(x));
          return same.length >= 2 && same.every((o) => !inIt.has(o.id));
        },
        "name shared by two contacts, none enrolled",
      );
      return {
        say: `kindly add ${fullName(c)} in the follow up sequence, shukran`,
        expect: [noChange(), asksBack()],
      };
    },
  },
  {
    label: "reject 'the designer candidate' when several are in process",
    engine: "talent",
    kind: "question",
    plan: (w) => {
      const job = jobNamed(w, "Designer");
      const active = candidatesOf(w, job.id).filter((c) => !["hired", "rejected"].includes(c.stage));
      if (active.length < 2) throw new Error("fewer than two designer candidates in process");
      return {
        say: "yalla reject the designer candidate, interview was not good",
        expect: [noChange(), asksBack()],
      };
    },
  },
];
