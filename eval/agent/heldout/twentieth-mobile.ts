/*
 * Persona: Dev, a recruiter who doubles as part-time office manager. Types on a phone between
 * interviews: lower case, typos and autocorrect slips, recruiter shorthand ("cand", "req", "HM",
 * "pls", "thx", "asap", "w/", "b/c", "tmrw", "eow"), the odd emoji, half sentences, several asks run
 * together. Mostly talent (reqs, cands, stages, sources, ratings, hiring and rejecting), plus some
 * growth (agency and client contacts, the odd deal), finance (client invoices, what's overdue) and
 * the hiring and business figures management asks about.
 */
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
  accountNamed,
  addDays,
  candidatesOf,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  fullName,
  jobNamed,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Candidate, Job, World } from "../world.ts";

/* ---------- helpers of this set ---------- */

const openJobs = (w: World) => w.jobs.filter((j) => j.status === "open");
const jobOf = (w: World, c: Candidate): Job => pick(w.jobs, (j) => j.id === c.job_id, "candidate's job");
/** Candidates whose full name no other candidate shares. */
const uniqueCands = (w: World) => w.candidates.filter((c) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1);
const cand = (w: World, fits: (c: Candidate) => boolean, what: string) => pick(uniqueCands(w), fits, what);
const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

export const CASES: Case[] = [
  /* ================= talent: reads ================= */
  about("talent", "read", "who is still active on the backend engineer req", (w) => {
    const job = jobNamed(w, "backend");
    const all = candidatesOf(w, job.id);
    const active = all.filter((c) => c.stage !== "hired" && c.stage !== "rejected");
    const others = [...all.filter((c) => !active.includes(c)), ...w.candidates.filter((c) => c.job_id !== job.id)];
    return {
      say: "whos still in the running for the backend eng req? need names for the HM sync",
      expect: [names(active.map(fullName), others.map(fullName), active.length)],
    };
  }),
  about("talent", "read", "how many candidates are at interview stage across open reqs", (w) => {
    const open = new Set(openJobs(w).map((j) => j.id));
    const n = w.candidates.filter((c) => c.stage === "interview" && open.has(c.job_id)).length;
    return { say: "how many cands r at interview stage rn, all reqs", expect: [count(n, "candidates in interview")] };
  }),
  about("talent", "read", "which candidates have an offer out", (w) => {
    const offer = w.candidates.filter((c) => c.stage === "offer");
    const others = w.candidates.filter((c) => c.stage !== "offer");
    return { say: "who do we have offers out to atm?", expect: [names(offer.map(fullName), others.map(fullName), offer.length)] };
  }),
  about("talent", "read", "where did <a candidate> come from (source)", (w) => {
    const c = cand(w, (x) => x.source === "careers page" && x.stage !== "rejected", "candidate from the careers page");
    return { say: `wher did ${fullName(c).toLowerCase()} come from? linkedin or referal or wat`, expect: [says(c.source!)] };
  }),
  about("talent", "read", "what stage is <a screening candidate> at", (w) => {
    const c = cand(w, (x) => x.stage === "screening", "candidate in screening");
    return { say: `quick one - what stage is ${c.first_name} ${c.last_name} at for ${jobOf(w, c).title.toLowerCase()}`, expect: [says(c.stage)] };
  }),
  about("talent", "read", "list the candidates who came in through referrals", (w) => {
    const refs = w.candidates.filter((c) => c.source?.toLowerCase() === "referral");
    const others = w.candidates.filter((c) => c.source?.toLowerCase() !== "referral");
    return { say: "can u pull all the referral cands? all reqs. thx", expect: [names(refs.map(fullName), others.map(fullName))] };
  }),
  about("talent", "read", "5-star candidates that are neither rejected nor hired", (w) => {
    const top = w.candidates.filter((c) => c.rating === 5 && c.stage !== "rejected" && c.stage !== "hired");
    const others = w.candidates.filter((c) => !top.includes(c));
    return {
      say: "who r my 5⭐ cands that arent rejected or already hired",
      expect: [names(top.map(fullName), others.map(fullName), top.length)],
    };
  }),
  about("talent", "read", "who was rejected for the account executive req", (w) => {
    const job = jobNamed(w, "account executive");
    const all = candidatesOf(w, job.id);
    const rejected = all.filter((c) => c.stage === "rejected");
    return {
      say: "who did we reject for AE so far? HM asking b/c he wants to revisit",
      expect: [names(rejected.map(fullName), all.filter((c) => c.stage !== "rejected").map(fullName), rejected.length)],
    };
  }),

  /* ================= talent: writes ================= */
  about("talent", "write", "move <an interview-stage candidate> to offer", (w) => {
    const c = cand(w, (x) => x.stage === "interview", "candidate in interview");
    return {
      say: `HM loved ${c.first_name.toLowerCase()} ${c.last_name.toLowerCase()} in the panel!! move to offer stage pls`,
      expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <the lowest-rated applied candidate>", (w) => {
    const applied = uniqueCands(w)
      .filter((c) => c.stage === "applied")
      .sort((a, b) => (a.rating ?? 6) - (b.rating ?? 6));
    const c = pick(applied, () => true, "applied candidate");
    return {
      say: `${fullName(c)} isnt a fit for the ${jobOf(w, c).title.toLowerCase()} role, pls reject`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "<an offer-stage candidate> accepted: mark hired", (w) => {
    const c = cand(w, (x) => x.stage === "offer", "candidate at offer");
    return {
      say: `${c.first_name} signed!!! 🎉🎉 mark ${c.first_name.toLowerCase()} ${c.last_name.toLowerCase()} as hired`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),
  about("talent", "write", "add a new candidate to the product designer req", (w) => {
    const job = jobNamed(w, "designer");
    return {
      say: "add new cand to product designer req - Priya Nair, priya.nair@gmail.com, found her on linkedin, id say 4 stars",
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Priya"),
          last_name: is.text("Nair"),
          email: "priya.nair@gmail.com",
          source: is.containing("linkedin"),
          rating: 4,
        }),
      ],
    };
  }),
  about("talent", "write", "open a new technical recruiter req (people, London, contract)", () => ({
    say: "open a new req pls: technical recruiter, people team, london, contract role",
    expect: [
      created("job", {
        title: is.text("Technical Recruiter"),
        department: is.containing("people"),
        location: is.containing("london"),
        employment_type: "contract",
        status: "open",
      }),
    ],
  })),
  about("talent", "write", "close <an open req that already has a hire>", (w) => {
    const active = (j: Job) => candidatesOf(w, j.id).filter((c) => c.stage !== "hired" && c.stage !== "rejected").length;
    const filled = openJobs(w)
      .filter((j) => candidatesOf(w, j.id).some((c) => c.stage === "hired"))
      .sort((a, b) => active(a) - active(b));
    const job = pick(filled, () => true, "open job with a hire");
    return {
      say: `we filled the ${job.title.toLowerCase()} role 🙌 close that req out`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),
  about("talent", "write", "move <a screening candidate> to interview and rate 4 stars", (w) => {
    const c = cand(w, (x) => x.stage === "screening" && x.rating !== 4, "candidate in screening not rated 4");
    return {
      say: `phone screen w ${c.first_name.toLowerCase()} ${c.last_name.toLowerCase()} went great, move to interview and giv 4 stars`,
      expect: [changed("candidate", c.id, { stage: "interview", rating: 4 }, fullName(c))],
    };
  }),
  about("talent", "write", "fix <a linkedin candidate>'s source to Hays", (w) => {
    const c = cand(w, (x) => x.source?.toLowerCase() === "linkedin" && x.stage !== "hired" && x.stage !== "rejected", "active linkedin candidate");
    return {
      say: `${fullName(c).toLowerCase()} actualy came thru hays not linkedin, can u fix the source`,
      expect: [changed("candidate", c.id, { source: is.containing("hays") }, fullName(c))],
    };
  }),

  /* ================= talent: must not act ================= */
  about("talent", "question", "reject him (nobody named)", () => ({
    say: "HM said no. reject him pls",
    expect: [noChange(), asksBack()],
  })),
  about("talent", "question", "add a candidate without saying for which req", (w) => {
    if (openJobs(w).length < 2) throw new Error("fewer than two open jobs: the request would not be ambiguous");
    return {
      say: "new cand: Marco Bellini, marco.bellini@gmail.com, referral from tom in sales. add him asap",
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "close the req (which one is not said)", (w) => {
    if (openJobs(w).length < 2) throw new Error("fewer than two open jobs: the request would not be ambiguous");
    return { say: "ok close the req thx", expect: [noChange(), asksBack()] };
  }),

  /* ================= talent: figures ================= */
  about("talent", "figure", "hiring funnel for <the open req with the most varied pipeline>", (w) => {
    const stages = ["applied", "screening", "interview", "offer", "hired", "rejected"];
    const funnels = openJobs(w).map((job) => {
      const cs = candidatesOf(w, job.id);
      const perStage = stages.map((s) => [s, cs.filter((c) => c.stage === s).length] as const);
      return { job, total: cs.length, perStage, variety: new Set(perStage.map(([, n]) => n).filter((n) => n > 0)).size };
    });
    funnels.sort((a, b) => b.variety - a.variety || b.total - a.total);
    const f = pick(funnels, (x) => x.total > 0, "open job with candidates");
    const values = new Map<number, string[]>();
    for (const [s, n] of f.perStage) if (n > 0) values.set(n, [...(values.get(n) ?? []), s]);
    const checks: Check[] = [...values].map(([n, ss]) => figure(n, `number of candidates in ${ss.join(" / ")}`));
    checks.push(figure(f.total, "total candidates"));
    return {
      say: `funnel for the ${f.job.title.toLowerCase()} req? how many at each stage + total pls`,
      expect: checks,
    };
  }),

  /* ================= growth ================= */
  about("growth", "read", "who are our contacts at <Globex>", (w) => {
    const acc = accountNamed(w, "Globex");
    const mine = contactsOf(w, acc.id);
    const others = w.contacts.filter((c) => c.account_id !== acc.id);
    return { say: "who do we kno at globex? names + titles", expect: [names(mine.map(fullName), others.map(fullName))] };
  }),
  about("growth", "read", "email of the CFO at <Northwind>", (w) => {
    const acc = accountNamed(w, "Northwind");
    const cfo = pick(contactsOf(w, acc.id), (c) => /chief financial|cfo/i.test(c.title ?? ""), "CFO at Northwind");
    return { say: "whats the email for the cfo at northwind, need to send them the agency contract", expect: [says(cfo.email)] };
  }),
  about("growth", "read", "open deals with <Umbrella Health>", (w) => {
    const acc = accountNamed(w, "Umbrella");
    const open = dealsOf(w, acc.id).filter((d) => d.status === "open");
    if (!open.length) throw new Error("no open deal with Umbrella");
    return { say: "what deals r open w umbrella health atm", expect: [names(open.map(dealTopic), [], open.length)] };
  }),
  about("growth", "write", "add a recruiting agency as an account with one contact", () => ({
    say: "add talentbridge recruiting as an account (talentbridge.io) and my contact there sam patel, sam.patel@talentbridge.io, senior consultant",
    expect: [
      created("account", { name: is.containing("talentbridge"), domain: "talentbridge.io" }),
      created("contact", { first_name: is.text("Sam"), last_name: is.text("Patel"), email: "sam.patel@talentbridge.io", title: is.containing("consultant") }),
    ],
  })),
  about("growth", "write", "move <the sole open early-stage deal of an account> to Proposal", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    const proposal = stageNamed(w, "Proposal");
    return {
      say: `${account.toLowerCase()} deal -> proposal pls, they asked for pricing`,
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),
  about("growth", "write", "enrol <a lead contact> in <the active sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const busy = new Set(w.enrollments.filter((e) => e.status === "active").map((e) => e.contact_id));
    const c = pick(uniqueContacts(w), (x) => x.lifecycle_stage === "lead" && !busy.has(x.id) && x.account_id !== null, "lead contact not enrolled");
    const acc = pick(w.accounts, (a) => a.id === c.account_id, "contact's account");
    return {
      say: `can u put ${c.first_name.toLowerCase()} ${c.last_name.toLowerCase()} from ${acc.name.toLowerCase()} in the ${seq.name.toLowerCase()} seq`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("growth", "question", "change the title of <a contact name two contacts share>", (w) => {
    const dup = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1, "contact name shared by two contacts");
    return {
      say: `change ${dup.first_name.toLowerCase()} ${dup.last_name.toLowerCase()}s title to VP people`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "move <the deal of an account with several open deals> to negotiation", (w) => {
    const acc = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length > 1, "account with several open deals");
    return {
      say: `move the ${acc.name.split(" ")[0]!.toLowerCase()} deal to negotiation`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ================= finance ================= */
  about("finance", "read", "how many invoices are more than 30 days overdue", (w) => {
    const n = w.invoices.filter((i) => overdue(i) && i.days_overdue > 30).length;
    return { say: "how many invoices r more than 30 days overdue?? office mgr hat on 😅", expect: [count(n, "invoices over 30 days overdue")] };
  }),
  about("finance", "read", "how much <Stark Logistics> owes in total", (w) => {
    const list = ofClient(w, "Stark").filter(unpaid);
    if (!list.length) throw new Error("Stark owes nothing");
    return { say: "how much does stark logistics owe us all in", expect: [money(dueSums(list), "amount Stark Logistics owes")] };
  }),
  about("finance", "read", "which <Oscorp> invoices are late", (w) => {
    const all = ofClient(w, "Oscorp");
    const late = all.filter(overdue);
    if (!late.length) throw new Error("no overdue Oscorp invoice");
    return {
      say: "which oscorp invoices r late",
      expect: [names(numbers(late), numbers(all.filter((i) => !overdue(i))), late.length)],
    };
  }),
  about("finance", "read", "when is <an open invoice> due", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return { say: `when's ${shortNumber(inv)} due?`, expect: [date(inv.due_date, "due date")] };
  }),
  about("finance", "read", "how much is still owed on <a part-paid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "part-paid invoice");
    return {
      say: `${inv.client.split(" ")[0]!.toLowerCase()} paid part of ${shortNumber(inv)} right? hows much still owing`,
      expect: [money({ [inv.currency]: inv.amount_due }, "amount still due")],
    };
  }),
  about("finance", "write", "<client> paid <an overdue invoice> in full", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return {
      say: `${inv.client.toLowerCase()} sent the money for ${shortNumber(inv)} 👍 mark it paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a 2k partial payment on <an overdue invoice>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.amount_due > 2000 && i.amount_paid > 0 && i.currency === "USD",
      "part-paid USD overdue invoice over 2000",
    );
    return {
      say: `got 2k usd from ${inv.client.toLowerCase()} against ${inv.number}, log it pls (not the full amt)`,
      expect: [changed("invoice", inv.id, { amount_paid: Math.round((inv.amount_paid + 2000) * 100) / 100, status: "overdue" }, inv.number)],
    };
  }),
  about("finance", "write", "bill Initech a 4,500 USD placement fee due in 30 days", (w) => ({
    say: "raise an invoice to initech, 4500 usd, placement fee for the AE hire, due in 30 days",
    expect: [created("invoice", { client: is.text("Initech"), amount: 4500, currency: "USD", due_date: addDays(today(w), 30) })],
  })),
  about("finance", "write", "void <an open invoice> sent to the wrong client", (w) => {
    const open = w.invoices.filter((i) => i.status === "open").sort((a, b) => b.due_date.localeCompare(a.due_date));
    const inv = pick(open, () => true, "open invoice");
    return {
      say: `${shortNumber(inv)} went to the wrong client by mistake, void it`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  about("finance", "question", "mark the Hays invoice paid (there is none)", (w) => {
    if (w.invoices.some((i) => /hays/i.test(i.client))) throw new Error("a Hays invoice exists");
    return { say: "mark the hays invoice as paid, they confirmd receipt this am", expect: [noChange()] };
  }),

  /* ================= intelligence ================= */
  about("intelligence", "read", "open reqs and total overdue for tomorrow's management meeting", (w) => {
    const late = w.invoices.filter(overdue);
    return {
      say: "mgmt mtg tmrw - how many open reqs do we have + how much $ is overdue total",
      expect: [count(openJobs(w).length, "open jobs"), money(dueSums(late), "overdue total")],
    };
  }),
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "whats our deal win rate last 90 days? boss asked",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
  })),
  about("intelligence", "figure", "DSO in USD", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
    return {
      say: "dso for usd? (days sales outstanding) need it for the eow report",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),
  about("intelligence", "figure", "median time to hire and hires in the last 12 months", (w) => {
    const t = snapshot(w).talent;
    return {
      say: "whats our median time to hire and how many ppl did we hire in the last 12 mo",
      expect: [figure(t.median_days_to_hire, "median days to hire"), figure(t.hires_last_365_days, "hires in the last 365 days")],
    };
  }),
];
