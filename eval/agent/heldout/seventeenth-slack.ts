// Blind set, round twelve: Jess (recruiting coordination + sales support at a 30-person startup),
// typing to the agent the way she types in Slack: lower case, terse, abbreviations, the odd typo.
import {
  about,
  ask,
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
  unclear,
  unenrolled,
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
  enrolledContacts,
  fullName,
  jobNamed,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  sums,
  today,
  unpaid,
  uniqueContacts,
  clientWithUnpaid,
} from "../facts.ts";
import type { Candidate, Deal, Snapshot, World } from "../world.ts";

/* ---------- helpers of this set ---------- */

/** An amount close to this one (cents may be rounded by the server). */
const near = (n: number) => is.where(`about ${n.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - n) < 0.011);

/** An action waits for approval: its tool or its input says what (void, uncollectible), and its input names the record. */
function pending(what: RegExp, ...refs: string[]): Check {
  return {
    text: `an approval is pending for ${what.source} on ${refs.join(" / ")}`,
    expectsProposal: true,
    judge: ({ proposals }) => {
      const right = proposals.find((p) => {
        const input = JSON.stringify(p.input);
        return (what.test(p.tool) || what.test(input)) && refs.some((r) => input.includes(r));
      });
      if (right) return null;
      return proposals.length
        ? `the approval waits for ${proposals.map((p) => `${p.tool} ${JSON.stringify(p.input)}`).join(", ")}`
        : "no action waits for approval";
    },
  };
}

/** A fresh intelligence snapshot was taken. */
function snapshotTaken(): Check {
  return {
    text: "a fresh intelligence snapshot is taken",
    judge: ({ changes }) => (changes.some((e) => e.type === "intelligence.snapshot_created") ? null : "no snapshot was taken"),
    allows: (event) => event.type === "intelligence.snapshot_created",
  };
}

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const usdRow = (w: World) => pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD row of the snapshot");
const candidateNamed = (w: World, first: string, last: string): Candidate =>
  pick(
    w.candidates,
    (c) => c.first_name.toLowerCase() === first.toLowerCase() && c.last_name.toLowerCase() === last.toLowerCase(),
    `candidate ${first} ${last}`,
  );
const accountName = (w: World, d: Deal) => w.accounts.find((a) => a.id === d.account_id)?.name ?? d.name;
const lower = (s: string) => s.toLowerCase();
/** Amount in Jess's shorthand: 3903.46 -> "3.9k". */
const kShort = (n: number) => `${(Math.round(n / 100) / 10).toString()}k`;

/* ---------- finance (12) ---------- */

const finance: Case[] = [
  ask("finance", "read", "how much r we owed thats overdue rn? split by currency pls", (w) => [
    money(dueSums(w.invoices.filter(overdue)), "overdue amount due, per currency"),
  ]),

  about("finance", "read", "<a part-paid overdue invoice> - paid yet?? whats left + when was it due", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
    const client = lower(inv.client.split(" ")[0]!);
    return {
      say: `${lower(shortNumber(inv))} (${client}) - did they pay?? whats left on it + when was it due`,
      expect: [money({ [inv.currency]: inv.amount_due }, "amount still due"), date(inv.due_date, "due date")],
    };
  }),

  about("finance", "read", "what does <a client with several unpaid invoices> still owe us", (w) => {
    const client = "Hooli Cloud";
    const mine = ofClient(w, "Hooli");
    const owed = mine.filter(unpaid);
    if (owed.length < 2) throw new Error("Hooli has fewer than 2 unpaid invoices");
    return {
      say: "what does hooli still owe us? need it for call w/ their AP at 2",
      expect: [names(numbers(owed), numbers(mine.filter((i) => !unpaid(i))), owed.length), money(dueSums(owed), `still owed by ${client}`)],
    };
  }),

  about("finance", "read", "overdue invoices under 5k", (w) => {
    const od = w.invoices.filter(overdue);
    const small = od.filter((i) => i.amount_due < 5000);
    // "under 5k" reads the same whether by amount or by what is left to pay
    if (small.some((i) => i.amount >= 5000) || od.some((i) => i.amount < 5000 && i.amount_due >= 5000)) throw new Error("5k is ambiguous here");
    return {
      say: "pull overdue invs under 5k pls, want to chase the small ones b4 eod",
      expect: [names(numbers(small), numbers(od.filter((i) => !small.includes(i))), small.length)],
    };
  }),

  about("finance", "read", "unpaid invoices coming due in the next 2 weeks", (w) => {
    const t = today(w);
    const end = addDays(t, 14);
    const open = w.invoices.filter((i) => i.status === "open");
    const soon = open.filter((i) => i.due_date >= t && i.due_date <= end);
    const later = open.filter((i) => i.due_date > end);
    if (!soon.length) throw new Error("nothing due in the next 2 weeks");
    // nothing open falls near the edge, so "2 wks" read as 14 days or to the end of a week gives the same list
    if (open.some((i) => i.due_date > addDays(t, 12) && i.due_date <= addDays(t, 21))) throw new Error("an invoice sits on the 2-week edge");
    return {
      say: "anything comming due next 2 wks? prepping reminder emails",
      expect: [names(numbers(soon), numbers(later), soon.length)],
    };
  }),

  about("finance", "write", "mark <an open invoice> paid (wire received)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open unpaid invoice");
    return {
      say: `got the wire from ${lower(inv.client.split(" ")[0]!)} for ${lower(shortNumber(inv))} 🙌 mark paid`,
      expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
    };
  }),

  about("finance", "write", "record a 2k partial payment on <a part-paid overdue invoice>", (w) => {
    const first = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0 && i.id !== first.id && i.amount_due > 2000, "second part-paid overdue invoice");
    const sym = inv.currency === "USD" ? "$" : inv.currency === "GBP" ? "£" : "€";
    return {
      say: `${lower(inv.client.split(" ")[0]!)} sent ${sym}2k toward ${shortNumber(inv)}, its partial not the full amt. can u log it`,
      expect: [changed("invoice", inv.id, { amount_paid: near(inv.amount_paid + 2000), amount_due: near(inv.amount_due - 2000) }, inv.number)],
    };
  }),

  about("finance", "write", "new invoice for Initech, 4500 USD, pipeline review consulting, due in 30 days", (w) => {
    accountNamed(w, "Initech");
    return {
      say: "need new inv for initech - $4,500 usd for the pipeline review consulting, due in 30 days",
      expect: [
        created("invoice", {
          client: is.text("Initech"),
          amount: 4500,
          currency: "USD",
          due_date: addDays(today(w), 30),
          description: is.containing("pipeline review"),
        }),
      ],
    };
  }),

  about("finance", "write", "void <the one open invoice of a client>", (w) => {
    const client = clientWithUnpaid(w, 1, (i) => i.status === "open" && i.amount_paid === 0);
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "that client's open invoice");
    return {
      say: `${lower(client)} cancelled the project 😕 void their open inv pls`,
      expect: [pending(/void/i, inv.id, inv.number)],
    };
  }),

  about("finance", "write", "write off <a client's oldest overdue invoice>", (w) => {
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) => w.invoices.filter((i) => i.client === c && overdue(i)).length >= 2,
      "client with 2+ overdue invoices",
    );
    const theirs = w.invoices.filter((i) => i.client === client && overdue(i)).sort((a, b) => b.days_overdue - a.days_overdue);
    const oldest = theirs[0]!;
    if (theirs[1]!.days_overdue === oldest.days_overdue) throw new Error("two oldest");
    return {
      say: `${lower(client.split(" ")[0]!)} went under apparently... write off their oldest overdue one (the ${kShort(oldest.amount_due)} one)`,
      expect: [pending(/uncollect|write.?off/i, oldest.id, oldest.number)],
    };
  }),

  about("finance", "question", "mark <a client with several unpaid invoices>'s invoice paid (which one?)", (w) => {
    const client = clientWithUnpaid(w, 4);
    return {
      say: `${lower(client.split(" ")[0]!)} just confirmed payment 👍 can u update the inv`,
      expect: [noChange()],
    };
  }),

  unclear("finance", "can u make an inv for wayne enterprises asap? its for the data migration work"),
];

/* ---------- growth (12) ---------- */

const growth: Case[] = [
  about("growth", "read", "deals in Negotiation and their total", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const inNeg = w.deals.filter((d) => d.status === "open" && d.stage_id === neg.id);
    const accounts = inNeg.map((d) => accountName(w, d));
    const others = w.deals.filter((d) => d.status === "open" && !accounts.includes(accountName(w, d))).map((d) => accountName(w, d));
    return {
      say: "whats sitting in negotation rn + total $",
      expect: [
        names(accounts, others, accounts.length),
        money(
          sums(inNeg, (d: Deal) => d.amount ?? 0),
          "value in Negotiation",
        ),
      ],
    };
  }),

  about("growth", "read", "the contacts at Stark Logistics", (w) => {
    const stark = accountNamed(w, "Stark");
    const people = contactsOf(w, stark.id).map(fullName);
    const others = uniqueContacts(w)
      .filter((c) => c.account_id !== stark.id)
      .map(fullName);
    return {
      say: "who do we have at stark logistics acct? names + titles, prepping for qbr tmrw",
      expect: [names(people, others, people.length)],
    };
  }),

  about("growth", "read", "open deals expected to close in the next 2 weeks", (w) => {
    const t = today(w);
    const end = addDays(t, 14);
    const open = w.deals.filter((d) => d.status === "open" && d.expected_close_date);
    const soon = open.filter((d) => d.expected_close_date! >= t && d.expected_close_date! <= end);
    if (!soon.length) throw new Error("no deal closes in 2 weeks");
    if (open.some((d) => d.expected_close_date! > end && d.expected_close_date! <= addDays(t, 18))) throw new Error("a deal sits on the edge");
    const soonAccounts = soon.map((d) => accountName(w, d));
    const laterAccounts = open
      .filter((d) => !soon.includes(d))
      .map((d) => accountName(w, d))
      .filter((a) => !soonAccounts.includes(a));
    return {
      say: "any deals supposed to close in the next 2 weeks? boss wants forecast",
      expect: [
        names(soonAccounts, laterAccounts, soonAccounts.length),
        count(soon.length, "deals"),
        money(
          sums(soon, (d: Deal) => d.amount ?? 0),
          "value closing in 2 weeks",
        ),
      ],
    };
  }),

  about("growth", "read", "who is enrolled in the New lead follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().startsWith("new lead"), "New lead sequence");
    const inIt = enrolledContacts(w, seq.id);
    const out = uniqueContacts(w)
      .filter((c) => !inIt.some((e) => e.id === c.id))
      .map(fullName);
    return {
      say: "list evryone in the new lead follow-up seq",
      expect: [names(inIt.map(fullName), out, inIt.length)],
    };
  }),

  about("growth", "write", "move <an open Proposal deal> to Negotiation", (w) => {
    const prop = stageNamed(w, "Proposal");
    const neg = stageNamed(w, "Negotiation");
    const deal = pick(
      w.deals,
      (d) => d.status === "open" && d.stage_id === prop.id && dealsOf(w, d.account_id ?? "").filter((x) => dealTopic(x) === dealTopic(d)).length === 1,
      "open Proposal deal",
    );
    const acct = accountName(w, deal).split(" ")[0]!.toLowerCase();
    return {
      say: `${acct} ${lower(dealTopic(deal))} -> negotiation, theyre redlining the contract`,
      expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)],
    };
  }),

  about("growth", "write", "mark <the only deal of an account, in Negotiation> won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    return {
      say: `${account.split(" ")[0]!.toUpperCase()} SIGNED 🎉🎉 mark the deal won`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),

  about("growth", "write", "add contact Priya Nair, Head of Ops at Initech", (w) => {
    const initech = accountNamed(w, "Initech");
    return {
      say: "add contact priya nair, head of ops @ initech, priya.nair@initech.io",
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Nair"),
          email: "priya.nair@initech.io",
          account_id: initech.id,
          title: is.containing("head of op"),
        }),
      ],
    };
  }),

  about("growth", "write", "enroll <a contact with a unique name, not enrolled> in New lead follow-up", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().startsWith("new lead"), "New lead sequence");
    const inIt = enrolledContacts(w, seq.id);
    const c = pick(uniqueContacts(w), (x) => x.first_name === "Isla" && !inIt.some((e) => e.id === x.id), "Isla, not enrolled");
    return {
      say: `put ${lower(fullName(c))} into new lead follow up seq`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),

  about("growth", "write", "take <an enrolled contact, named with her account> out of the sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().startsWith("new lead"), "New lead sequence");
    const c = pick(enrolledContacts(w, seq.id), (x) => x.first_name === "Ava", "Ava, enrolled");
    const acct = pick(w.accounts, (a) => a.id === c.account_id, "her account");
    return {
      say: `${lower(fullName(c))} (${lower(acct.name.split(" ")[0]!)}) replied, pull her out of the seq so she doesnt get more emails`,
      expect: [unenrolled(seq.id, c.id, fullName(c))],
    };
  }),

  about("growth", "question", "enroll <a name two contacts share> (which one?)", (w) => {
    const dup = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length === 2 && c.first_name === "Olivia", "shared name");
    return { say: `enroll ${lower(fullName(dup))} in new lead follow-up`, expect: [noChange()] };
  }),

  about("growth", "question", "move <an account with two open deals>'s deal to closed won (which one?)", (w) => {
    const acct = pick(
      w.accounts,
      (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length === 2 && a.name.startsWith("Umbrella"),
      "account with 2 open deals",
    );
    return { say: `${lower(acct.name.split(" ")[0]!)} closed!! set the deal to won`, expect: [noChange()] };
  }),

  unclear("growth", "add the new globex cfo as a contact"),
];

/* ---------- talent (10) ---------- */

const talent: Case[] = [
  about("talent", "read", "how many candidates in the Senior Backend Engineer pipeline", (w) => {
    const job = jobNamed(w, "Backend");
    return { say: "how many cands in backend eng pipeline total?", expect: [count(candidatesOf(w, job.id).length, "candidates")] };
  }),

  about("talent", "read", "who is at offer stage", (w) => {
    const at = w.candidates.filter((c) => c.stage === "offer");
    return {
      say: "who's at offer stage?",
      expect: [names(at.map(fullName), w.candidates.filter((c) => c.stage !== "offer").map(fullName), at.length)],
    };
  }),

  about("talent", "read", "what stage is <a candidate> at", (w) => {
    const c = candidateNamed(w, "Katherine", "Johnson");
    return { say: "katherine johnson - where is she at in process", expect: [says(c.stage)] };
  }),

  about("talent", "read", "candidates who came in through referral", (w) => {
    const ref = w.candidates.filter((c) => lower(c.source ?? "") === "referral");
    return {
      say: "which cands came in thru referral? need it for the referral bonus sheet",
      expect: [names(ref.map(fullName), w.candidates.filter((c) => !ref.includes(c)).map(fullName), ref.length)],
    };
  }),

  about("talent", "read", "5-star candidates still in process", (w) => {
    const active = (c: Candidate) => c.stage !== "rejected" && c.stage !== "hired";
    const top = w.candidates.filter((c) => c.rating === 5 && active(c));
    const lowerRated = w.candidates.filter((c) => active(c) && c.rating !== 5);
    return {
      say: "any 5⭐ cands still in play? (not rejected / hired)",
      expect: [names(top.map(fullName), lowerRated.map(fullName), top.length)],
    };
  }),

  about("talent", "write", "move <a candidate in screening> to interview", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening" && x.first_name === "Radia", "Radia in screening");
    return {
      say: `${lower(fullName(c))} passed phone screen, move her to interview`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),

  about("talent", "write", "reject <a candidate>", (w) => {
    const c = candidateNamed(w, "Alan", "Turing");
    if (c.stage === "rejected" || c.stage === "hired") throw new Error("Alan is not in process");
    return {
      say: "pls reject alan turing, hiring mgr says not a fit for backend",
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),

  about("talent", "write", "mark <a candidate at offer> hired", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "offer" && x.first_name === "Frances", "Frances at offer");
    return {
      say: `${lower(c.first_name)} accepted!!! 🥳 shes officially hired, update her pls`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),

  about("talent", "write", "add candidate Sam Rivera to the Account Executive job", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: "new cand for AE req: sam rivera, sam.rivera@gmail.com - found him on linkedin",
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Sam"),
          last_name: is.text("Rivera"),
          email: "sam.rivera@gmail.com",
          source: is.containing("linkedin"),
        }),
      ],
    };
  }),

  about("talent", "question", "reject the backend candidate (which one?)", (w) => {
    const job = jobNamed(w, "Backend");
    const active = candidatesOf(w, job.id).filter((c) => c.stage !== "rejected" && c.stage !== "hired");
    if (active.length < 2) throw new Error("the backend job has one candidate in process");
    return { say: "go ahead and reject the backend eng cand, hm said no", expect: [noChange()] };
  }),
];

/* ---------- intelligence (8) ---------- */

const intelligence: Case[] = [
  ask("intelligence", "figure", "win rate last 90d?", (w) => [figure(snap(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent")]),

  ask("intelligence", "figure", "pipeline $ - total open + weighted, usd", (w) => {
    const usd = pick(snap(w).growth.pipeline.totals, (t) => t.currency === "USD", "USD pipeline");
    return [money({ USD: usd.open_value }, "open pipeline"), money({ USD: usd.weighted_value }, "weighted pipeline")];
  }),

  ask("intelligence", "figure", "whats our DSO on usd invoices", (w) => [figure(usdRow(w).days_sales_outstanding, "days sales outstanding (USD)")]),

  ask("intelligence", "figure", "how much usd is 31-60 days late", (w) => [money({ USD: usdRow(w).aging["31_60"]! }, "USD 31-60 days overdue")]),

  ask("intelligence", "figure", "reply rate on our sequences? fyi for mktg sync", (w) => [
    figure(snap(w).growth.sequences.reply_rate, "sequence reply rate", "percent"),
  ]),

  ask("intelligence", "read", "how many ppl actively enrolled in sequences rn", (w) => [
    count(snap(w).growth.sequences.active_enrollments, "active enrollments"),
  ]),

  ask("intelligence", "read", "# of open reqs + how many hires in last 12 mo?", (w) => [
    count(snap(w).talent.open_jobs, "open jobs"),
    count(snap(w).talent.hires_last_365_days, "hires"),
  ]),

  ask("intelligence", "write", "refresh teh snapshot pls, then tell me how many invs r overdue", (w) => [
    snapshotTaken(),
    count(w.invoices.filter(overdue).length, "overdue invoices"),
  ]),
];

export const CASES: Case[] = [...finance, ...growth, ...talent, ...intelligence];
