import { about, ask, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, approval, says, type Case } from "../judge.ts";
import {
  addDays,
  dealsOf,
  dueSums,
  fullName,
  inStage,
  jobNamed,
  candidatesOf,
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
  clientNames,
} from "../facts.ts";
import type { Contact, World } from "../world.ts";

/*
 * Twenty-seventh blind set: a software engineer at a 40-person company who
 * inherited "ops stuff". Types like it is a query console: field names,
 * operators, backticks, arrows, JSON-ish fragments, ISO dates; plain English
 * only when tired. Every record is picked from the world at plan time.
 */

const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};
const candidateNames = (list: { first_name: string; last_name: string }[]) => list.map(fullName);
const activeSequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");
const isEnrolled = (w: World, c: Contact) => w.enrollments.some((e) => e.contact_id === c.id && e.status === "active");
const round2 = (n: number) => Math.round(n * 100) / 100;

export const CASES: Case[] = [
  /* ---------------- finance: reads ---------------- */
  about("finance", "read", "count of invoices where status=overdue", (w) => ({
    say: "invoices where status=overdue -> count only, don't need the list",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),
  about("finance", "read", "<client> invoices with status != paid", (w) => {
    const client = pick(
      clientNames(w),
      (c) =>
        ofClient(w, c).some((i) => i.status === "paid") &&
        ofClient(w, c).filter((i) => i.status !== "paid").length >= 3 &&
        ofClient(w, c).every((i) => i.status === "paid" || unpaid(i)),
      "client with paid and several unpaid invoices (no drafts, voids or write-offs)",
    );
    const mine = ofClient(w, client);
    const notPaid = mine.filter((i) => i.status !== "paid");
    const paid = mine.filter((i) => i.status === "paid");
    return {
      say: `list invoices for \`${client}\` where status != paid`,
      expect: [names(numbers(notPaid), numbers(paid), notPaid.length)],
    };
  }),
  about("finance", "read", "sum(amount_due) of overdue invoices grouped by currency", (w) => ({
    say: "sum(amount_due) where status=overdue group by currency",
    expect: [money(dueSums(w.invoices.filter(overdue)), "overdue amount due")],
  })),
  about("finance", "read", "unpaid USD invoices with amount_due over 15k, biggest first", (w) => {
    const usdUnpaid = w.invoices.filter((i) => unpaid(i) && i.currency === "USD");
    const big = usdUnpaid.filter((i) => i.amount_due > 15000).sort((a, b) => b.amount_due - a.amount_due);
    const small = usdUnpaid.filter((i) => i.amount_due <= 15000);
    if (!big.length) throw new Error("no unpaid USD invoice above 15000");
    return {
      say: "unpaid invoices (open || overdue) where currency=USD && amount_due > 15k, order by amount_due desc",
      expect: [names(numbers(big), numbers(small), big.length)],
    };
  }),
  about("finance", "read", "which invoices are still drafts", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    const rest = w.invoices.filter((i) => i.status !== "draft");
    return {
      say: "anything still sitting in status=draft? just the invoice numbers fwiw",
      expect: [names(numbers(drafts), numbers(rest).slice(0, 10), drafts.length)],
    };
  }),
  about("finance", "read", "status and due_date of <an open invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `\`${inv.number}\` status + due_date?`,
      expect: [says(inv.status), date(inv.due_date, "due date")],
    };
  }),

  /* ---------------- finance: writes ---------------- */
  about("finance", "write", "<an unpaid overdue invoice, short number> -> paid in full", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return {
      say: `${shortNumber(inv)} -> paid. full amount_due landed in the bank this morning`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a partial payment of 5000 against <an open invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0 && i.amount_due > 6000, "open invoice due over 6000");
    return {
      say: `${inv.client} wired 5000 ${inv.currency} against ${inv.number}, log it as a partial payment (rest still owed)`,
      expect: [changed("invoice", inv.id, { amount_paid: 5000, amount_due: round2(inv.amount_due - 5000), status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),
  about("finance", "write", "finalize <a draft invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "draft" && i.due_date >= today(w), "draft invoice due in the future");
    return {
      say: `finalize \`${inv.number}\` (draft -> open), it's ready to go out`,
      expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),
  about("finance", "write", "new invoice from a JSON-ish blob for <an account>, due in 30 days", (w) => {
    const acct = pick(w.accounts, (a) => a.name.length > 0, "account");
    const due = addDays(today(w), 30);
    return {
      say: `new invoice: {"client": "${acct.name}", "amount": 4200, "currency": "EUR", "due_date": "${due}", "description": "Q1 retainer"}`,
      expect: [created("invoice", { client: is.text(acct.name), amount: 4200, currency: "EUR", due_date: due })],
    };
  }),
  about("finance", "write", "void <an open invoice> (billed twice)", (w) => {
    const inv = pick([...w.invoices].reverse(), (i) => i.status === "open" && i.amount_paid === 0, "open invoice with nothing paid");
    return {
      say: `void ${inv.number} for ${inv.client} tbh, we billed them twice by mistake`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ---------------- finance: must not act ---------------- */
  about("finance", "question", "void <client>'s overdue invoice (they have several)", (w) => {
    const client = pick(clientNames(w), (c) => ofClient(w, c).filter(overdue).length >= 2, "client with two or more overdue invoices");
    return {
      say: `void ${client.split(" ")[0]!.toLowerCase()}'s overdue invoice`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "create an invoice for <client> with no amount or due date", (w) => {
    const acct = pick(w.accounts, (a) => ofClient(w, a.name).length > 0, "account with invoices");
    return {
      say: `create invoice -> ${acct.name.toLowerCase()}`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ---------------- growth: reads ---------------- */
  about("growth", "read", "open deals with amount > 50k, order by amount desc", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const big = open.filter((d) => (d.amount ?? 0) > 50000).sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0));
    const others = w.deals.filter((d) => !big.includes(d)).map((d) => d.name);
    if (!big.length) throw new Error("no open deal above 50000");
    return {
      say: "deals where status=open && amount > 50000 order by amount desc",
      expect: [
        names(
          big.map((d) => d.name),
          others,
          big.length,
        ),
      ],
    };
  }),
  about("growth", "read", "contacts with no email", (w) => ({
    say: "contacts w/ no email?",
    expect: [count(w.contacts.filter((c) => !c.email).length, "contacts without an email")],
  })),
  about("growth", "read", "contacts whose email is at <an account's domain>", (w) => {
    const atDomain = (domain: string) => w.contacts.filter((c) => c.email.toLowerCase().endsWith(`@${domain}`));
    const acct = pick(w.accounts, (a) => !!a.domain && atDomain(a.domain).length >= 3, "account domain with 3+ contacts");
    const mine = atDomain(acct.domain!);
    const others = w.contacts.filter((c) => !mine.includes(c)).map(fullName);
    return {
      say: `contacts where email like '%@${acct.domain}'`,
      expect: [names(mine.map(fullName), others, mine.length)],
    };
  }),
  about("growth", "read", "which deals sit in the Negotiation stage", (w) => {
    const stage = stageNamed(w, "Negotiation");
    const inIt = w.deals.filter((d) => d.stage_id === stage.id);
    const rest = w.deals.filter((d) => d.stage_id !== stage.id).map((d) => d.name);
    return {
      say: "deals in stage `Negotiation`? name + amount is enough",
      expect: [
        names(
          inIt.map((d) => d.name),
          rest,
          inIt.length,
        ),
      ],
    };
  }),
  about("growth", "read", "who's actively enrolled in <the active sequence>", (w) => {
    const seq = activeSequence(w);
    const enrolledNow = w.enrollments
      .filter((e) => e.sequence_id === seq.id && e.status === "active")
      .map((e) => pick(w.contacts, (c) => c.id === e.contact_id, "enrolled contact"));
    const notIn = w.contacts.filter((c) => !enrolledNow.includes(c)).map(fullName);
    return {
      say: `who's enrolled in \`${seq.name}\` rn (status=active)`,
      expect: [names(enrolledNow.map(fullName), notIn, enrolledNow.length)],
    };
  }),

  /* ---------------- growth: writes ---------------- */
  about("growth", "write", "set deal.stage = negotiation for <account with one open early-stage deal>", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified", "Proposal"]);
    const neg = stageNamed(w, "Negotiation");
    return {
      say: `set deal.stage = negotiation for ${account}`,
      expect: [changed("deal", deal.id, { stage_id: neg.id, status: "open" }, deal.name)],
    };
  }),
  about("growth", "write", "<a deal in negotiation> -> closed won", (w) => {
    const { deal } = soleOpenDeal(w, ["Negotiation"]);
    const won = pick(
      w.pipelines.flatMap((p) => p.stages),
      (s) => s.kind === "won" && w.pipelines.some((p) => p.stages.includes(s) && p.stages.some((x) => x.id === deal.stage_id)),
      "won stage",
    );
    return {
      say: `\`${deal.name}\` -> closed won. they signed, finally`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "add contact from JSON at <an account's domain>", (w) => {
    const acct = pick(w.accounts, (a) => !!a.domain, "account with a domain");
    const email = `priya.raman@${acct.domain}`;
    return {
      say: `add contact {"first_name": "Priya", "last_name": "Raman", "email": "${email}", "title": "Head of Ops"}`,
      expect: [created("contact", { first_name: is.text("Priya"), last_name: is.text("Raman"), email, title: is.text("Head of Ops") })],
    };
  }),
  about("growth", "write", "enroll <a lead contact not yet enrolled> in <the active sequence>", (w) => {
    const seq = activeSequence(w);
    const c = pick(uniqueContacts(w), (x) => x.lifecycle_stage === "lead" && !isEnrolled(w, x), "unique lead contact not enrolled");
    return {
      say: `enroll ${fullName(c)} (${c.email}) in \`${seq.name}\` pls`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("growth", "write", "create a deal for <an account> with amount, currency and close date", (w) => {
    const acct = pick(w.accounts, (a) => dealsOf(w, a.id).length > 0, "account with deals");
    const close = addDays(today(w), 45);
    const name = `${acct.name}: Support renewal`;
    return {
      say: `new deal -> name='${name}', account=${acct.name}, amount=42000, currency=USD, expected_close_date=${close}`,
      expect: [created("deal", { name: is.text(name), account_id: acct.id, amount: 42000, currency: "USD", expected_close_date: close })],
    };
  }),
  about("growth", "write", "<contact by email>: lifecycle_stage -> qualified and tag champion", (w) => {
    const c = pick(
      uniqueContacts(w)
        .filter((x) => x.lifecycle_stage === "lead" && !x.tags.includes("champion"))
        .reverse(),
      () => true,
      "unique lead contact",
    );
    return {
      say: `\`${c.email}\`: lifecycle_stage -> qualified && tags += "champion"`,
      expect: [changed("contact", c.id, { lifecycle_stage: "qualified", tags: is.including("champion") }, fullName(c))],
    };
  }),

  /* ---------------- growth: must not act ---------------- */
  about("growth", "question", "update email for <a name two contacts share>", (w) => {
    const c = pick(w.contacts, (x) => w.contacts.filter((o) => fullName(o) === fullName(x)).length > 1, "contact whose name is shared");
    return {
      say: `${fullName(c).toLowerCase()} email -> ${c.first_name.toLowerCase()}@newco.io`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "move <account with several open deals>'s deal to negotiation", (w) => {
    const acct = pick(
      w.accounts,
      (a) => dealsOf(w, a.id).filter((d) => d.status === "open" && stageOf(w, d).name !== "Negotiation").length >= 2,
      "account with 2+ open deals outside negotiation",
    );
    return {
      say: `${acct.name.split(" ")[0]!.toLowerCase()} deal -> negotiation`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ---------------- talent: reads ---------------- */
  ask("talent", "read", "count(candidates) group by... no just the ones in interview", (w) => [
    count(inStage(w, "interview").length, "candidates in interview"),
  ]),
  about("talent", "read", "candidates for <the backend job> with stage != rejected", (w) => {
    const job = jobNamed(w, "backend");
    const mine = candidatesOf(w, job.id);
    const live = mine.filter((c) => c.stage !== "rejected");
    const others = w.candidates.filter((c) => !live.includes(c));
    return {
      say: `candidates where job = "${job.title}" && stage != rejected`,
      expect: [names(candidateNames(live), candidateNames(others), live.length)],
    };
  }),
  about("talent", "read", "list jobs with status=open", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const closed = w.jobs.filter((j) => j.status !== "open");
    return {
      say: "jobs where status=open",
      expect: [
        names(
          open.map((j) => j.title),
          closed.map((j) => j.title),
          open.length,
        ),
      ],
    };
  }),
  about("talent", "read", "candidates rated 4 or above", (w) => {
    const high = w.candidates.filter((c) => (c.rating ?? 0) >= 4);
    const low = w.candidates.filter((c) => (c.rating ?? 0) < 4);
    return {
      say: "candidates w/ rating >= 4, any job",
      expect: [names(candidateNames(high), candidateNames(low), high.length)],
    };
  }),
  about("talent", "read", "what stage is <a candidate in screening or interview> in", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening" || x.stage === "interview", "candidate in screening or interview");
    return {
      say: `where is ${fullName(c)} at in the process? stage only`,
      expect: [says(c.stage)],
    };
  }),

  /* ---------------- talent: writes ---------------- */
  about("talent", "write", "move <a candidate in screening> -> interview", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening", "candidate in screening");
    return {
      say: `move ${fullName(c)} -> interview, screen went fine`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <an applied candidate>", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "applied", "applied candidate");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "candidate's job");
    return {
      say: `reject ${c.first_name.toLowerCase()} ${c.last_name.toLowerCase()} (${job.title}), not a fit tbh`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "add candidate from JSON to <the backend job>", (w) => {
    const job = jobNamed(w, "backend");
    return {
      say: `add candidate to ${job.title.toLowerCase()} req: {"first_name": "Edsger", "last_name": "Dijkstra", "email": "edsger.dijkstra@example.com", "source": "referral"}`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Edsger"),
          last_name: is.text("Dijkstra"),
          email: "edsger.dijkstra@example.com",
          source: is.text("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "close <the job that already has a hire>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired"), "open job with a hire");
    return {
      say: `we filled the ${job.title} role. set job.status = closed`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* ---------------- talent: must not act ---------------- */
  about("talent", "question", "reject the <job> candidate (several are live)", (w) => {
    const job = pick(w.jobs, (j) => candidatesOf(w, j.id).filter((c) => !["rejected", "hired"].includes(c.stage)).length >= 2, "job with 2+ live candidates");
    const word = job.title.split(" ").slice(-1)[0]!.toLowerCase();
    return {
      say: `reject the ${word} candidate`,
      expect: [noChange(), asksBack()],
    };
  }),
  unclearAsk("talent", "add a candidate with only a name, no job or email", "add candidate Ada Lovelace"),

  /* ---------------- intelligence: figures ---------------- */
  about("intelligence", "figure", "win_rate over the last 90 days", (w) => ({
    say: "win_rate last 90d? as a %",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "90-day win rate", "percent")],
  })),
  about("intelligence", "figure", "open pipeline value and weighted value", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    const open: Record<string, number> = {};
    const weighted: Record<string, number> = {};
    for (const t of totals) {
      open[t.currency] = t.open_value;
      weighted[t.currency] = t.weighted_value;
    }
    return {
      say: "pipeline: sum(open value) and the weighted number too, per currency",
      expect: [money(open, "open pipeline"), money(weighted, "weighted pipeline")],
    };
  }),
  about("intelligence", "figure", "total outstanding per currency", (w) => ({
    say: "outstanding AR right now, broken out by currency. tired, just give me the totals",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),
  about("intelligence", "figure", "DSO for USD", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "DSO (USD) -> ?",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),
  about("intelligence", "figure", "hiring funnel: live candidates across open jobs", (w) => {
    const openJobs = new Set(w.jobs.filter((j) => j.status === "open").map((j) => j.id));
    const live = w.candidates.filter((c) => openJobs.has(c.job_id) && !["hired", "rejected"].includes(c.stage));
    return {
      say: "hiring funnel across open reqs: total # of candidates still in applied/screening/interview/offer (ignore hired + rejected)",
      expect: [count(live.length, "candidates in the funnel")],
    };
  }),
];

function unclearAsk(engine: "finance" | "growth" | "talent" | "intelligence", label: string, say: string): Case {
  return about(engine, "question", label, () => ({ say, expect: [noChange(), asksBack()] }));
}
