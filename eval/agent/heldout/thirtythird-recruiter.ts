import { about, approval, asksBack, changed, count, created, date, enrolled, figure, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  dealTopic,
  dueSums,
  fullName,
  inStage,
  jobNamed,
  numbers,
  ofClient,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  today,
  uniqueContacts,
  unpaid,
  accountNamed,
  candidatesOf,
  contactsOf,
  dealsOf,
  enrolledContacts,
  names as personNames,
} from "../facts.ts";
import type { Deal, Snapshot, World } from "../world.ts";

/*
 * Jordan: ex-agency recruiter, now also doing sales + billing. Clipped, lower case, agency jargon
 * (reqs, submittals, pipe, DQ'd, AR, chase), arrows and slashes.
 */

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const accountOf = (w: World, d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal's account").name;
const followUp = (w: World) => pick(w.sequences, (s) => /follow/i.test(s.name), "follow-up sequence");

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  about("finance", "read", "what acme still owes us, all currencies", (w) => {
    const open = ofClient(w, "Acme").filter(unpaid);
    if (!open.length) throw new Error("Acme owes nothing");
    return { say: "acme AR - what are they into us for rn? everything unpaid", expect: [money(dueSums(open), "amount Acme still owes")] };
  }),
  about("finance", "read", "how many invoices are more than 60 days late, and which", (w) => {
    const old = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const rest = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    return {
      say: "how many invoices r over 60 days past due? list em, need to chase",
      expect: [count(old.length, "invoices over 60 days late"), names(numbers(old), numbers(rest))],
    };
  }),
  about("finance", "read", "which late invoice has been overdue the longest", (w) => {
    const late = w.invoices.filter(overdue).sort((a, b) => b.days_overdue - a.days_overdue);
    const oldest = late[0];
    if (!oldest || late[1]?.days_overdue === oldest.days_overdue) throw new Error("no single oldest overdue invoice");
    return { say: "whats our oldest AR item? the one thats been late longest", expect: [names([oldest.number])] };
  }),
  about("finance", "read", "<client>'s unpaid invoices, not the paid ones", (w) => {
    const all = ofClient(w, "Stark");
    const open = all.filter(unpaid);
    if (open.length < 2) throw new Error("Stark has too few unpaid invoices");
    return {
      say: "stark logistics - pull their open billables pls. just what's not paid",
      expect: [names(numbers(open), numbers(all.filter((i) => i.status === "paid")), open.length)],
    };
  }),
  about("finance", "read", "when is <an open invoice> due", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return { say: `${shortNumber(inv).toLowerCase()} (${inv.client.toLowerCase()}) - when's that one due?`, expect: [date(inv.due_date, "due date")] };
  }),
  about("finance", "read", "unpaid invoices with a partial payment on them", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    const none = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
    return {
      say: "any invoices where they paid part but still owe a balance? which ones",
      expect: [names(numbers(part), numbers(none), Math.min(part.length, 4))],
    };
  }),

  /* ---------------- reads: growth ---------------- */
  about("growth", "read", "who our contacts are at <account>", (w) => {
    const acc = accountNamed(w, "Stark");
    const people = contactsOf(w, acc.id).map(fullName);
    return { say: "who do we know over at stark? contacts list", expect: [names(people, [], Math.min(people.length, 4))] };
  }),
  about("growth", "read", "how many deals are in negotiation and whose", (w) => {
    const neg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    const accounts = [...new Set(neg.map((d) => accountOf(w, d)))];
    return {
      say: "how many deals sitting at negotiation rn / which accounts",
      expect: [count(neg.length, "deals in Negotiation"), names(accounts, [], Math.min(accounts.length, 4))],
    };
  }),
  about("growth", "read", "how many open deals are set to close in the next 30 days", (w) => {
    const end = addDays(today(w), 30);
    const soon = w.deals.filter((d) => d.status === "open" && d.expected_close_date && d.expected_close_date >= today(w) && d.expected_close_date <= end);
    return { say: "what's slated to close in the next 30 days? # of open deals", expect: [count(soon.length, "open deals closing in 30 days")] };
  }),
  about("growth", "read", "who is enrolled in the follow-up sequence", (w) => {
    const seq = followUp(w);
    const people = personNames(enrolledContacts(w, seq.id));
    return {
      say: `who's in the ${seq.name.toLowerCase()} seq right now? names + how many`,
      expect: [count(people.length, "contacts enrolled"), names(people)],
    };
  }),
  about("growth", "read", "the biggest open deal and its value", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.amount !== null).sort((a, b) => b.amount! - a.amount!);
    const top = open[0];
    if (!top) throw new Error("no open deal");
    return {
      say: "biggest open deal in the pipe - who and how much",
      expect: [says(accountOf(w, top)), money({ [top.currency]: top.amount! }, "deal amount")],
    };
  }),
  about("growth", "read", "where each of <account>'s deals stands", (w) => {
    const acc = accountNamed(w, "Globex");
    const deals = dealsOf(w, acc.id);
    if (deals.length < 2) throw new Error("Globex has too few deals");
    return {
      say: "globex deals - where are we at w/ each one?",
      expect: deals.map((d) => (d.status === "open" ? says(stageOf(w, d).name) : says(d.status))),
    };
  }),

  /* ---------------- reads: talent ---------------- */
  about("talent", "read", "how many open reqs and which", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    return { say: "open reqs - how many do we have + what are they", expect: [count(open.length, "open jobs"), names(open.map((j) => j.title))] };
  }),
  about("talent", "read", "which candidates have an offer out", (w) => {
    const offer = inStage(w, "offer");
    return {
      say: "who's got an offer out rn",
      expect: [names(personNames(offer), personNames(w.candidates.filter((c) => c.stage !== "offer")))],
    };
  }),
  about("talent", "read", "who is still active in the <job> pipeline", (w) => {
    const job = jobNamed(w, "Backend");
    const all = candidatesOf(w, job.id);
    const active = all.filter((c) => c.stage !== "rejected" && c.stage !== "hired");
    const out = all.filter((c) => c.stage === "rejected" || c.stage === "hired");
    return {
      say: "backend eng req - who's still live in the pipe? skip anyone DQ'd",
      expect: [names(personNames(active), personNames(out), Math.min(active.length, 4))],
    };
  }),
  about("talent", "read", "how many were rejected on the <job> req, and who", (w) => {
    const job = jobNamed(w, "Account Executive");
    const dq = candidatesOf(w, job.id).filter((c) => c.stage === "rejected");
    return { say: "how many DQ'd on the AE req so far? who", expect: [count(dq.length, "rejected candidates"), names(personNames(dq))] };
  }),
  about("talent", "read", "5-star candidates still in process", (w) => {
    const top = w.candidates.filter((c) => c.rating === 5);
    const live = top.filter((c) => c.stage !== "rejected" && c.stage !== "hired");
    const done = top.filter((c) => c.stage === "rejected" || c.stage === "hired");
    if (!live.length) throw new Error("no 5-star candidate in process");
    return { say: "anyone rated 5 stars still in play? not the ones already dispo'd", expect: [names(personNames(live), personNames(done))] };
  }),

  /* ---------------- writes: finance ---------------- */
  about("finance", "write", "<client> paid the rest of <a part-paid overdue invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
    return {
      say: `got the rest of ${inv.client.split(" ")[0]!.toLowerCase()}'s wire on ${shortNumber(inv)} -> close it out as paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a 5,000 partial payment on <an overdue invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0 && i.amount_due > 5000 && i.currency === "USD", "unpaid USD overdue invoice over 5k");
    return {
      say: `${inv.client.toLowerCase()} sent 5k against ${inv.number}, rest still outstanding. log it`,
      expect: [changed("invoice", inv.id, { amount_paid: 5000, amount_due: Math.round((inv.amount_due - 5000) * 100) / 100, status: inv.status }, inv.number)],
    };
  }),
  about("finance", "write", "invoice Northwind Traders an 18,500 GBP placement fee, net 30", (w) => ({
    say: "bill northwind traders the placement fee -> 18.5k gbp, net 30",
    expect: [created("invoice", { client: "Northwind Traders", amount: 18500, currency: "GBP", due_date: addDays(today(w), 30) })],
  })),
  about("finance", "write", "finalize <a client's only draft>", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    const inv = pick(drafts, (i) => drafts.filter((d) => d.client === i.client).length === 1 && i.due_date > today(w), "client with a single draft");
    return {
      say: `the ${inv.client.split(" ")[0]!.toLowerCase()} draft is good to go, finalize it`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> billed by mistake", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `void ${inv.number} for ${inv.client.toLowerCase()} - billed in error, dupe of a prior one`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ---------------- writes: growth ---------------- */
  about("growth", "write", "add a Head of Talent contact at <account>", (w) => {
    const acc = accountNamed(w, "Hooli");
    if (!acc.domain) throw new Error("Hooli has no domain");
    const email = `priya.nair@${acc.domain}`;
    return {
      say: `add contact: priya nair / head of talent @ ${acc.name.toLowerCase()} / ${email}`,
      expect: [
        created("contact", {
          email,
          first_name: { text: '"Priya" (any case)', test: (v: unknown) => typeof v === "string" && v.trim().toLowerCase() === "priya" },
          last_name: { text: '"Nair" (any case)', test: (v: unknown) => typeof v === "string" && v.trim().toLowerCase() === "nair" },
          title: { text: 'containing "talent"', test: (v: unknown) => typeof v === "string" && v.toLowerCase().includes("talent") },
          account_id: acc.id,
        }),
      ],
    };
  }),
  about("growth", "write", "move <a deal in Proposal> to Negotiation", (w) => {
    const deal = openDealIn(w, ["Proposal"]);
    const neg = stageNamed(w, "Negotiation");
    return {
      say: `${accountOf(w, deal).split(" ")[0]!.toLowerCase()} ${dealTopic(deal).toLowerCase()} -> negotiation, they're redlining terms`,
      expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)],
    };
  }),
  about("growth", "write", "mark <an account's only open deal> won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    const won = stageNamed(w, "Closed won");
    return {
      say: `${account.toLowerCase()} signed!! mark their deal won`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "enroll <a contact> in the follow-up sequence", (w) => {
    const seq = followUp(w);
    const inSeq = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id).map((e) => e.contact_id));
    const person = pick(uniqueContacts(w), (c) => c.account_id !== null && !inSeq.has(c.id) && c.lifecycle_stage === "lead", "unique lead not in the sequence");
    const acc = pick(w.accounts, (a) => a.id === person.account_id, "contact's account");
    return {
      say: `put ${fullName(person).toLowerCase()} (${acc.name.split(" ")[0]!.toLowerCase()}) in the ${seq.name.toLowerCase()} seq`,
      expect: [enrolled(seq.id, person.id, fullName(person))],
    };
  }),
  about("growth", "write", "new 45k USD contract staffing deal for <account>", (w) => {
    const acc = accountNamed(w, "Tyrell");
    return {
      say: `new opp -> ${acc.name.toLowerCase()}, contract staffing, 45k usd`,
      expect: [
        created("deal", {
          account_id: acc.id,
          amount: 45000,
          currency: "USD",
          name: { text: 'containing "staffing"', test: (v: unknown) => typeof v === "string" && v.toLowerCase().includes("staffing") },
        }),
      ],
    };
  }),

  /* ---------------- writes: talent ---------------- */
  about("talent", "write", "move <an interviewing candidate> to offer", (w) => {
    const c = pick(
      w.candidates,
      (x) => x.stage === "interview" && w.candidates.filter((o) => fullName(o) === fullName(x)).length === 1,
      "interviewing candidate",
    );
    return {
      say: `${fullName(c).toLowerCase()} crushed the final -> move to offer`,
      expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <a screening candidate>", (w) => {
    const job = jobNamed(w, "Backend");
    const c = pick(candidatesOf(w, job.id), (x) => x.stage === "screening", "screening candidate on the backend job");
    return {
      say: `dq ${c.first_name.toLowerCase()} ${c.last_name.toLowerCase()} on the backend req, comp expectations way off`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "add a referral submittal to the <job> req", (w) => {
    const job = jobNamed(w, "Designer");
    return {
      say: "new submittal on the product designer req: maya patel, maya.patel@example.com, referral",
      expect: [
        created("candidate", {
          job_id: job.id,
          email: "maya.patel@example.com",
          first_name: { text: '"Maya" (any case)', test: (v: unknown) => typeof v === "string" && v.trim().toLowerCase() === "maya" },
          last_name: { text: '"Patel" (any case)', test: (v: unknown) => typeof v === "string" && v.trim().toLowerCase() === "patel" },
          source: { text: 'containing "referral"', test: (v: unknown) => typeof v === "string" && v.toLowerCase().includes("referral") },
        }),
      ],
    };
  }),
  about("talent", "write", "open a remote contract Recruiting Coordinator req on the People team", () => ({
    say: "open a new req: recruiting coordinator / people team / remote / contract",
    expect: [
      created("job", {
        title: {
          text: '"Recruiting Coordinator" (any case)',
          test: (v: unknown) => typeof v === "string" && v.trim().toLowerCase() === "recruiting coordinator",
        },
        department: { text: 'containing "people"', test: (v: unknown) => typeof v === "string" && v.toLowerCase().includes("people") },
        location: { text: 'containing "remote"', test: (v: unknown) => typeof v === "string" && v.toLowerCase().includes("remote") },
        employment_type: "contract",
        status: "open",
      }),
    ],
  })),
  about("talent", "write", "close the filled <job> req", (w) => {
    const job = jobNamed(w, "Account Executive");
    const hire = pick(candidatesOf(w, job.id), (c) => c.stage === "hired", "hire on the AE job");
    return {
      say: `AE req is filled (${hire.first_name.toLowerCase()} accepted + started) - close it out`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* ---------------- figures ---------------- */
  about("intelligence", "figure", "the deal win rate", (w) => ({
    say: "what's our win rate on deals lately",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent")],
  })),
  about("intelligence", "figure", "weighted pipeline value", (w) => {
    const weighted: Record<string, number> = {};
    for (const t of snap(w).growth.pipeline.totals) weighted[t.currency] = t.weighted_value;
    return { say: "weighted pipe number? the probability-adjusted one, not raw", expect: [money(weighted, "weighted pipeline value")] };
  }),
  about("intelligence", "figure", "days sales outstanding on USD billing", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return { say: "DSO on the usd side - how many days r we at", expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")] };
  }),
  about("intelligence", "figure", "hires in the last 12 months", (w) => ({
    say: "how many hires did we close out in the last 12 months",
    expect: [figure(snap(w).talent.hires_last_365_days, "hires over the last 365 days")],
  })),

  /* ---------------- must not act ---------------- */
  about("finance", "question", "log a payment from a client with several unpaid invoices, no invoice or amount", (w) => {
    if (ofClient(w, "Stark").filter(unpaid).length < 2) throw new Error("Stark has fewer than two unpaid invoices");
    return { say: "stark paid, log the payment", expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "bill a placement fee with no amount", (w) => {
    if (!ofClient(w, "Acme").length) throw new Error("no Acme client");
    return { say: "invoice acme for the placement fee / net 30", expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "enroll a contact whose name two contacts share", (w) => {
    const seq = followUp(w);
    const inSeq = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id).map((e) => e.contact_id));
    const twin = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length > 1 && same.every((o) => !inSeq.has(o.id));
      },
      "contact name shared by two contacts outside the sequence",
    );
    return { say: `add ${twin.first_name.toLowerCase()} ${twin.last_name.toLowerCase()} to the follow-up seq`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "mark won a deal topic several open deals share", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const shared = pick(
      open,
      (d) => open.filter((o) => dealTopic(o) === dealTopic(d) && o.account_id !== d.account_id).length > 0,
      "deal topic shared by open deals",
    );
    return { say: `${dealTopic(shared).toLowerCase()} closed -> mark won`, expect: [noChange(), asksBack()] };
  }),
  about("talent", "question", "move a candidate nobody is called to offer", (w) => {
    if (w.candidates.some((c) => /^sam/i.test(c.first_name))) throw new Error("a candidate is called Sam");
    return { say: "move sam -> offer / lmk", expect: [noChange()] };
  }),
  about("talent", "question", "open a backfill req without saying for what role", () => ({
    say: "need a backfill req opened asap",
    expect: [noChange(), asksBack()],
  })),
];
