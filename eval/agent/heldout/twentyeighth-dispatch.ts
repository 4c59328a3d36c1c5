import { about, approval, ask, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  candidatesOf,
  clientNames,
  dealTopic,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  names as personNames,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageOf,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Deal, World } from "../world.ts";

/*
 * Blind set: the dispatcher / office lead of an HVAC field-service outfit, typing on a tablet in
 * the van yard. Short, gruff, abbreviations; "jobs" and "quotes" and "service agreements" are
 * deals, "bills" are invoices, "postings" / "spots" are openings, "the reminder emails" is the
 * outreach sequence, "kill it" is void, "bump" is push a date or move on.
 */

/* ---------- helpers of this set (they only pick records from the world) ---------- */

const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const lower = (s: string) => s.toLowerCase();
const partPaidOverdue = (w: World) => w.invoices.filter((i) => overdue(i) && i.amount_paid > 0);
const theSequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");
const isEnrolled = (w: World, contactId: string) => w.enrollments.some((e) => e.contact_id === contactId && e.status === "active");
const accountName = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "account of record").name;
const openDealsOf = (w: World, accountId: string) => dealsOf(w, accountId).filter((d) => d.status === "open");
/** An account with at least two open deals in different stages and different topics. */
function accountWithTwoOpenDeals(w: World, wantStage?: string): { account: string; deals: Deal[] } {
  for (const a of w.accounts) {
    const open = openDealsOf(w, a.id);
    if (open.length < 2) continue;
    if (new Set(open.map((d) => d.stage_id)).size < 2) continue;
    if (new Set(open.map((d) => lower(dealTopic(d)))).size < open.length) continue;
    if (wantStage && !open.some((d) => stageOf(w, d).name === wantStage)) continue;
    return { account: a.name, deals: open };
  }
  throw new Error("no account with two open deals in different stages");
}
const wonStageFor = (w: World, d: Deal) =>
  pick(w.pipelines.find((p) => p.stages.some((s) => s.id === d.stage_id))!.stages, (s) => s.kind === "won", "won stage");
const ACTIVE_STAGES = ["applied", "screening", "interview", "offer"];
const digits = (s: string): ReturnType<typeof is.where> =>
  is.where(`a phone number with the digits ${s}`, (v: unknown) => typeof v === "string" && v.replace(/\D/g, "").endsWith(s));

export const CASES: Case[] = [
  /* ================= reads: finance ================= */
  ask("finance", "read", "how many bills r overdue rn? just the number", (w) => [count(w.invoices.filter(overdue).length, "overdue invoices")]),
  about("finance", "read", "what does <a client with several unpaid bills> still owe, all open bills", (w) => {
    const client = pick(clientNames(w), (c) => ofClient(w, c).filter(unpaid).length >= 3, "client with 3+ unpaid invoices");
    const open = w.invoices.filter((i) => i.client === client && unpaid(i));
    return { say: `what's ${client} still owe us? all their open bills added up`, expect: [money(dueSums(open), `amount ${client} still owes`)] };
  }),
  ask("finance", "read", "which invoices r still sitting in draft, need the #s", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return [names(numbers(drafts), numbers(w.invoices.filter(unpaid)), drafts.length)];
  }),
  about("finance", "read", "how much is left on <a part-paid overdue invoice>", (w) => {
    const inv = pick(partPaidOverdue(w), () => true, "part-paid overdue invoice");
    return {
      say: `${shortNumber(inv)} - how much left on it?\nthey paid part of it already`,
      expect: [money({ [inv.currency]: inv.amount_due }, `amount still due on ${inv.number}`)],
    };
  }),
  about("finance", "read", "when is <a client with one open bill>'s bill due", (w) => {
    const client = pick(
      clientNames(w),
      (c) => ofClient(w, c).length === 1 && ofClient(w, c)[0]!.status === "open" && ofClient(w, c)[0]!.client === c,
      "client with a single open invoice",
    );
    const inv = ofClient(w, client)[0]!;
    return { say: `when's the ${lower(client)} bill due`, expect: [date(inv.due_date, `due date of ${inv.number}`)] };
  }),

  /* ================= reads: growth ================= */
  about("growth", "read", "who are the contacts at <an account with two contacts>", (w) => {
    const acct = pick([...w.accounts].reverse(), (a) => w.contacts.filter((c) => c.account_id === a.id).length === 2, "account with two contacts");
    const theirs = w.contacts.filter((c) => c.account_id === acct.id);
    const others = w.contacts.filter((c) => c.account_id !== acct.id);
    return {
      say: `who do we have at ${acct.name.split(" ")[0]!.toLowerCase()}? names pls`,
      expect: [names(personNames(theirs), personNames(others), theirs.length)],
    };
  }),
  ask("growth", "read", "how many service agreements sitting in negotiation rn", (w) => [
    count(w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation").length, "open deals in Negotiation"),
  ]),
  about("growth", "read", "what is <an account's only deal> worth and when does it close", (w) => {
    const { deal, account } = soleOpenDeal(w);
    if (deal.amount === null || !deal.expected_close_date) throw new Error("sole open deal without amount or close date");
    return {
      say: `${account.split(" ")[0]!.toLowerCase()} quote - what's it worth and when's it supposed to close`,
      expect: [money({ [deal.currency]: deal.amount }, `value of ${deal.name}`), date(deal.expected_close_date, "expected close date")],
    };
  }),
  ask("growth", "read", "who's getting the reminder emails rn", (w) => {
    const on = enrolledContacts(w, theSequence(w).id);
    return [names(personNames(on), [], on.length)];
  }),
  about("growth", "read", "what stage is <one of an account's two open deals> in", (w) => {
    const { account, deals } = accountWithTwoOpenDeals(w);
    const deal = deals[0]!;
    return {
      say: `where's the ${account.split(" ")[0]!.toLowerCase()} ${lower(dealTopic(deal))} job at, what stage`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),

  /* ================= reads: talent ================= */
  ask("talent", "read", "who's still in the running for the backend engineer spot", (w) => {
    const job = jobNamed(w, "Backend");
    const live = candidatesOf(w, job.id).filter((c) => ACTIVE_STAGES.includes(c.stage));
    const out = w.candidates.filter((c) => c.job_id !== job.id || !ACTIVE_STAGES.includes(c.stage));
    return [names(personNames(live), personNames(out), live.length)];
  }),
  ask("talent", "read", "how many ppl we get on the account exec posting? total, rejects too", (w) => [
    count(candidatesOf(w, jobNamed(w, "Account Executive").id).length, "candidates for Account Executive"),
  ]),
  ask("talent", "read", "anybody sitting at offer stage rn? who", (w) => {
    const atOffer = inStage(w, "offer");
    return [names(personNames(atOffer), personNames(w.candidates.filter((c) => c.stage !== "offer")), atOffer.length)];
  }),
  about("talent", "read", "what stage is <a candidate in interview>", (w) => {
    const c = pick(inStage(w, "interview"), (x) => w.candidates.filter((o) => fullName(o) === fullName(x)).length === 1, "candidate in interview");
    return { say: `where's ${lower(fullName(c))} at in hiring, what stage`, expect: [says(c.stage)] };
  }),

  /* ================= reads: intelligence ================= */
  ask("intelligence", "read", "how much $ is 31-60 days late, by currency", (w) => [
    money(Object.fromEntries(snap(w).finance.currencies.map((c) => [c.currency, c.aging["31_60"] ?? 0])), "amount 31-60 days overdue"),
  ]),
  ask("intelligence", "read", "how many new contacts came in the last 30 days", (w) => [
    count(snap(w).growth.new_contacts_last_30_days, "new contacts in 30 days"),
  ]),

  /* ================= figures ================= */
  ask("intelligence", "figure", "whats our win rate on quotes the last 90 days", (w) => [
    figure(snap(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent"),
  ]),
  ask("intelligence", "figure", "open pipeline - total $ and the weighted #, pls", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    return [
      money(Object.fromEntries(totals.map((t) => [t.currency, t.open_value])), "open pipeline value"),
      money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline value"),
    ];
  }),
  ask("intelligence", "figure", "how much we got owed out there total? each currency sep", (w) => [
    money(Object.fromEntries(snap(w).finance.currencies.map((c) => [c.currency, c.outstanding])), "outstanding"),
  ]),
  ask("intelligence", "figure", "DSO on the USD side?", (w) => [
    figure(pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD figures").days_sales_outstanding, "days sales outstanding in USD"),
  ]),
  ask("intelligence", "figure", "across all open postings how many candidates still active? not counting hired or rejected", (w) => {
    const total = snap(w).talent.open_job_pipelines.reduce((n, p) => n + ACTIVE_STAGES.reduce((m, s) => m + (p.candidates[s] ?? 0), 0), 0);
    return [count(total, "active candidates across open jobs")];
  }),

  /* ================= writes: finance ================= */
  about("finance", "write", "<client> paid off the rest of <a part-paid overdue invoice>", (w) => {
    const list = partPaidOverdue(w);
    const inv = list[1] ?? pick(list, () => true, "part-paid overdue invoice");
    return {
      say: `${inv.client.split(" ")[0]} paid off the rest of ${shortNumber(inv)}, mark it paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "<a client with one overdue USD bill> sent a check for 1,500 toward it", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const theirs = w.invoices.filter((i) => i.client === c);
        return theirs.length === 1 && overdue(theirs[0]!) && theirs[0]!.currency === "USD" && theirs[0]!.amount_due > 1500 && theirs[0]!.amount_paid === 0;
      },
      "client with a single overdue USD invoice",
    );
    const inv = pick(w.invoices, (i) => i.client === client, "their invoice");
    return {
      say: `${lower(client)} mailed a check, $1,500 toward their overdue bill. log it pls`,
      expect: [changed("invoice", inv.id, { amount_paid: 1500, amount_due: Math.round((inv.amount_due - 1500) * 100) / 100 }, inv.number)],
    };
  }),
  about("finance", "write", "bill <an account> $2,450 for a rooftop unit repair, due in 30 days", (w) => {
    const acct = pick(w.accounts, (a) => ofClient(w, a.name).length > 0 && ofClient(w, a.name).every((i) => i.currency === "USD"), "account billed in USD");
    return {
      say: `get an invoice on the books for ${acct.name} - $2,450 for the rooftop unit repair, due 30 days out`,
      expect: [
        created("invoice", {
          client: is.containing(acct.name),
          amount: 2450,
          currency: "USD",
          due_date: addDays(today(w), 30),
          description: is.containing("rooftop"),
        }),
      ],
    };
  }),
  about("finance", "write", "push <an open invoice>'s due date two weeks past its current one", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `bump ${shortNumber(inv)} out 2 wks past the due date it's got now, cust asked`,
      expect: [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 14) }, inv.number)],
    };
  }),
  about("finance", "write", "void <the only unpaid invoice of a client>, the work order was cancelled", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const theirs = w.invoices.filter((i) => i.client === c);
        const open = theirs.filter(unpaid);
        return theirs.length > 1 && open.length === 1 && open[0]!.status === "open";
      },
      "client with one open invoice among others",
    );
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "their open invoice");
    return { say: `kill ${shortNumber(inv)}, ${lower(client)} cancelled the wo`, expect: [approval(/void/, inv.id, inv.number)] };
  }),

  /* ================= writes: growth ================= */
  about("growth", "write", "add a new facilities manager contact at <an account with a domain>", (w) => {
    const acct = pick(
      [...w.accounts].reverse(),
      (a) => a.domain !== null && a.country === "US" && !w.contacts.some((c) => c.email === `rosa.diaz@${a.domain}`),
      "US account with a domain",
    );
    const email = `rosa.diaz@${acct.domain}`;
    return {
      say: `new cust contact at ${acct.name.split(" ")[0]} - Rosa Diaz, facilities mgr, ${email}, cell 555-201-4477`,
      expect: [
        created("contact", {
          first_name: is.text("Rosa"),
          last_name: is.text("Diaz"),
          email,
          account_id: acct.id,
          title: is.containing("facilities"),
          phone: digits("5552014477"),
        }),
      ],
    };
  }),
  about("growth", "write", "<account> signed <one of their two open deals>: mark it won", (w) => {
    const { account, deals } = accountWithTwoOpenDeals(w, "Negotiation");
    const deal = pick(deals, (d) => stageOf(w, d).name === "Negotiation", "deal in negotiation");
    return {
      say: `${account.split(" ")[0]!.toLowerCase()} signed the ${lower(dealTopic(deal))} - mark that job won`,
      expect: [changed("deal", deal.id, { status: "won", stage_id: wonStageFor(w, deal).id }, deal.name)],
    };
  }),
  about("growth", "write", "push the close date of <an account's one open deal> out to end of March", (w) => {
    const acct = pick(w.accounts, (a) => openDealsOf(w, a.id).length === 1 && dealsOf(w, a.id).length > 1, "account with one open deal among closed ones");
    const deal = openDealsOf(w, acct.id)[0]!;
    return {
      say: `push the ${acct.name.split(" ")[0]} ${lower(dealTopic(deal))} quote close date out to end of march`,
      expect: [changed("deal", deal.id, { expected_close_date: endOfNamedMonth(w, 3) }, deal.name)],
    };
  }),
  about("growth", "write", "new 42k chiller replacement deal for <an account>, closing end of Feb", (w) => {
    const acct = pick(w.accounts, (a) => a.country === "GB", "GB account");
    return {
      say: `get a quote on the books for ${acct.name} - chiller replacement, est 42k, should close by end of feb`,
      expect: [
        created("deal", {
          name: is.containing("chiller"),
          account_id: acct.id,
          amount: 42000,
          expected_close_date: endOfNamedMonth(w, 2),
        }),
      ],
    };
  }),
  about("growth", "write", "put <a contact not yet enrolled> on the reminder emails", (w) => {
    const seq = theSequence(w);
    const c = pick(uniqueContacts(w), (x) => x.lifecycle_stage === "qualified" && !isEnrolled(w, x.id), "unique qualified contact not enrolled");
    return { say: `put ${lower(fullName(c))} on the reminder emails`, expect: [enrolled(seq.id, c.id, fullName(c))] };
  }),
  about("growth", "write", "<a lead at an account> is a customer now", (w) => {
    const c = pick(uniqueContacts(w), (x) => x.lifecycle_stage === "lead" && x.account_id !== null, "unique lead with an account");
    return {
      say: `${fullName(c)} @ ${accountName(w, c.account_id).split(" ")[0]} is a paying cust now, update the contact pls`,
      expect: [changed("contact", c.id, { lifecycle_stage: "customer" }, fullName(c))],
    };
  }),

  /* ================= writes: talent ================= */
  ask("talent", "write", "get a posting up for an HVAC service tech, full time, Denver, field ops", () => [
    created("job", { title: is.containing("HVAC"), employment_type: "full_time", location: is.containing("Denver"), department: is.containing("field") }),
  ]),
  about("talent", "write", "new referral applicant for the backend engineer posting", (w) => {
    const job = jobNamed(w, "Backend");
    return {
      say: `new applicant for the backend engineer spot - Marco Reyes, marco.reyes@gmail.com, came thru a referral`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Marco"),
          last_name: is.text("Reyes"),
          email: "marco.reyes@gmail.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "reject <an applied candidate>; move <a backend candidate in screening> to interview", (w) => {
    const no = pick(inStage(w, "applied"), () => true, "applied candidate");
    const yes = pick(candidatesOf(w, jobNamed(w, "Backend").id), (c) => c.stage === "screening" && c.id !== no.id, "backend candidate in screening");
    return {
      say: `${lower(fullName(no))}'s a no, reject\nand move ${lower(fullName(yes))} up to interview`,
      expect: [changed("candidate", no.id, { stage: "rejected" }, fullName(no)), changed("candidate", yes.id, { stage: "interview" }, fullName(yes))],
    };
  }),
  about("talent", "write", "<a candidate at offer> took the offer: hired", (w) => {
    const c = pick(inStage(w, "offer"), () => true, "candidate at offer");
    return { say: `${fullName(c)} took the offer!! mark hired`, expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))] };
  }),

  /* ================= must not act ================= */
  about("finance", "question", "void <a client>'s bill when the client has two unpaid ones", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length === 2, "client with two unpaid invoices");
    return { say: `kill the ${client.split(" ")[0]!.toLowerCase()} bill, they're disputing it`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "<a client with several unpaid bills> paid: which one is not said", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 3, "client with 3+ unpaid invoices");
    return { say: `${client.split(" ")[0]} paid. mark it`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "enrol <a name two contacts share> in the reminder emails", (w) => {
    const c = pick(
      w.contacts,
      (x) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(x));
        return same.length === 2 && same.every((o) => !isEnrolled(w, o.id)) && new Set(same.map((o) => o.account_id)).size === 2;
      },
      "name shared by two contacts, neither enrolled",
    );
    return { say: `add ${lower(fullName(c))} to the reminder emails`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "move <an account with two open deals>'s deal up a stage", (w) => {
    const { account } = accountWithTwoOpenDeals(w);
    return { say: `bump the ${account.split(" ")[0]!.toLowerCase()} job up a stage`, expect: [noChange(), asksBack()] };
  }),
  about("talent", "question", "reject the designer applicant (several are in play)", (w) => {
    const job = jobNamed(w, "Designer");
    if (candidatesOf(w, job.id).filter((c) => ACTIVE_STAGES.includes(c.stage)).length < 2)
      throw new Error("designer job with fewer than two active candidates");
    return { say: "reject the designer applicant, not a fit", expect: [noChange(), asksBack()] };
  }),
  ask("talent", "question", "need a posting up asap, we're short on bodies", () => [noChange(), asksBack()]),
];
