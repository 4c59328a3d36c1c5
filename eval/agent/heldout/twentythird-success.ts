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
  unclear,
  unenrolled,
  type Case,
} from "../judge.ts";
import {
  addDays,
  candidatesOf,
  clientNames,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  names as personNames,
  numbers,
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
import type { Account, Deal, World } from "../world.ts";

/*
 * Blind set 23: a customer success manager (renewals and expansion for a book
 * of accounts). Quick lowercase typing, CS shorthand, the odd typo.
 */

const MONTHS = ["jan", "feb", "march", "april", "may", "june", "july", "aug", "sept", "oct", "nov", "dec"];
/** "2027-02-13" -> "feb 13", the way she types a date. */
const spoken = (isoDate: string) => {
  const [, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}`;
};
const lower = (s: string) => s.toLowerCase();
/** The short form of an account name she uses ("Stark Logistics" -> "stark"). */
const short = (name: string) => lower(name.split(" ")[0]!);
const accountOf = (w: World, id: string | null): Account => pick(w.accounts, (a) => a.id === id, "deal's account");
/** An open deal whose topic no other deal of its account shares (so "<account> <topic>" designates it). */
const distinctDeal = (w: World, fits: (d: Deal) => boolean, what: string): Deal =>
  pick(
    w.deals,
    (d) => d.status === "open" && d.account_id !== null && fits(d) && dealsOf(w, d.account_id).filter((o) => dealTopic(o) === dealTopic(d)).length === 1,
    what,
  );
const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};
const invoicesOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client);
/** A unique contact who belongs to an account, with that account. */
const uniqueAt = (w: World, fits: (c: World["contacts"][number]) => boolean, what: string, fromEnd = false) => {
  const list = fromEnd ? [...uniqueContacts(w)].reverse() : uniqueContacts(w);
  const c = pick(list, (x) => x.account_id !== null && fits(x), what);
  return { contact: c, account: accountOf(w, c.account_id) };
};

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  about("finance", "read", "which invoices <a client> still hasn't paid, before a QBR", (w) => {
    const client = pick(clientNames(w), (c) => invoicesOf(w, c).filter(unpaid).length >= 3, "client with 3+ unpaid invoices");
    const all = invoicesOf(w, client);
    const open = all.filter(unpaid);
    return {
      say: `qbr with ${short(client)} tmrw, what invoices do they still owe us on?`,
      expect: [names(numbers(open), numbers(all.filter((i) => !unpaid(i))), open.length)],
    };
  }),
  about("finance", "read", "how much <a client billed in two currencies> owes in total", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const list = invoicesOf(w, c);
        return new Set(list.filter(unpaid).map((i) => i.currency)).size >= 2 && !list.some((i) => i.status === "draft" || i.status === "uncollectible");
      },
      "client owing in two currencies",
    );
    return {
      say: `renewal call w ${client} in an hour — how much do they owe us all in?`,
      expect: [money(dueSums(invoicesOf(w, client).filter(unpaid)), "amount owed")],
    };
  }),
  about("finance", "read", "is <a client with one late and one current invoice> late on anything", (w) => {
    const client = pick(
      clientNames(w),
      (c) => invoicesOf(w, c).some(overdue) && invoicesOf(w, c).some((i) => i.status === "open"),
      "client with both overdue and current invoices",
    );
    const all = invoicesOf(w, client);
    return {
      say: `is ${short(client)} behind on any payments? dont want to get blindsided on the exec sponsor call`,
      expect: [names(numbers(all.filter(overdue)), numbers(all.filter((i) => !overdue(i))))],
    };
  }),
  about("finance", "read", "what is left to pay on <a part-paid overdue invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_due < i.amount, "part-paid overdue invoice");
    return {
      say: `did ${short(inv.client)} ever pay ${lower(shortNumber(inv))}?? whats still outstanding on it`,
      expect: [money({ [inv.currency]: inv.amount_due }, "amount still due")],
    };
  }),
  about("finance", "read", "due date of <an open invoice not yet late>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.due_date > today(w), "open invoice not yet due");
    return { say: `when is ${shortNumber(inv)} due? ${short(inv.client)}'s AP is asking`, expect: [date(inv.due_date, "due date")] };
  }),
  about("finance", "read", "which customers have something more than 60 days late", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const clients = [...new Set(late.map((i) => i.client))];
    const others = [...new Set(w.invoices.filter(unpaid).map((i) => i.client))].filter((c) => !clients.includes(c));
    return { say: "which customers have an invoice thats 60+ days past due? want to flag them as at risk", expect: [names(clients, others, clients.length)] };
  }),
  about("finance", "read", "the drafts sitting on <a client with two drafts>", (w) => {
    const client = pick(clientNames(w), (c) => invoicesOf(w, c).filter((i) => i.status === "draft").length >= 2, "client with two drafts");
    const all = invoicesOf(w, client);
    const drafts = all.filter((i) => i.status === "draft");
    return {
      say: `any invoices for ${client} that are still drafts and havent gone out yet?`,
      expect: [names(numbers(drafts), numbers(all.filter((i) => i.status !== "draft")), drafts.length)],
    };
  }),

  /* ---------------- reads: growth ---------------- */
  about("growth", "read", "who the CFO is at <an account>", (w) => {
    const cfo = pick(w.contacts, (c) => c.account_id !== null && /chief financial officer|\bcfo\b/i.test(c.title ?? ""), "CFO with an account");
    const account = accountOf(w, cfo.account_id);
    return { say: `whos the cfo over at ${short(account.name)}? need to loop them in on the PO`, expect: [names([fullName(cfo)])] };
  }),
  about("growth", "read", "every contact we have at <an account>", (w) => {
    const account = [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0]!;
    const mine = contactsOf(w, account.id);
    const others = w.contacts.filter((c) => c.account_id !== account.id);
    return {
      say: `pull every stakeholder we have at ${account.name}, building the org chart for my account plan`,
      expect: [names(personNames(mine), personNames(others), mine.length)],
    };
  }),
  about("growth", "read", "what stage <an account's named deal> is in", (w) => {
    const deal = distinctDeal(w, (d) => stageOf(w, d).name !== "Negotiation", "open deal with a distinct topic");
    const account = accountOf(w, deal.account_id);
    return {
      say: `where's the ${short(account.name)} ${lower(dealTopic(deal))} deal at, stage-wise?`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "total value of the open opps on <an account with two>", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with two open deals");
    const open = dealsOf(w, account.id).filter((d) => d.status === "open");
    const sums: Record<string, number> = {};
    for (const d of open) sums[d.currency] = Math.round(((sums[d.currency] ?? 0) + (d.amount ?? 0)) * 100) / 100;
    return { say: `whats the total $ of open opps on ${short(account.name)} right now`, expect: [money(sums, "open deal value")] };
  }),
  about("growth", "read", "how many open deals should close in the next 30 days", (w) => {
    const end = addDays(today(w), 30);
    const soon = w.deals.filter(
      (d) => d.status === "open" && d.expected_close_date !== null && d.expected_close_date >= today(w) && d.expected_close_date <= end,
    );
    return { say: "how many open opps are slated to close in the next 30 days?", expect: [count(soon.length, "deals closing within 30 days")] };
  }),
  about("growth", "read", "how many contacts carry the decision-maker tag", (w) => ({
    say: "how many contacts do we have tagged decision-maker",
    expect: [count(w.contacts.filter((c) => c.tags.includes("decision-maker")).length, "decision-maker contacts")],
  })),
  about("growth", "read", "who is enrolled in <the active sequence>", (w) => {
    const seq = pick(w.sequences, (s) => enrolledContacts(w, s.id).length > 0, "sequence with enrollments");
    const inIt = enrolledContacts(w, seq.id);
    const rest = w.contacts.filter((c) => !inIt.some((x) => x.id === c.id));
    return {
      say: `who's currently in the ${lower(seq.name)} sequence? dont want marketing emailing my customers`,
      expect: [names(personNames(inIt), personNames(rest), 3)],
    };
  }),
  about("growth", "read", "the biggest open deal and its value", (w) => {
    const top = [...w.deals].filter((d) => d.status === "open" && d.amount !== null).sort((a, b) => b.amount! - a.amount!)[0]!;
    return {
      say: "whats the biggest open opp across my book? which account + how much",
      expect: [says(accountOf(w, top.account_id).name), money({ [top.currency]: top.amount! }, "biggest deal's value")],
    };
  }),

  /* ---------------- reads: talent ---------------- */
  about("talent", "read", "how many candidates the account executive job has", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: "recruiting keeps pinging me abt the AE req — how many candidates has it got total?",
      expect: [count(candidatesOf(w, job.id).length, "candidates for the AE job")],
    };
  }),
  about("talent", "read", "which candidates have an offer out", (w) => {
    const offers = inStage(w, "offer");
    return {
      say: "who has an offer out rn across all the open roles?",
      expect: [names(personNames(offers), personNames(w.candidates.filter((c) => c.stage !== "offer")), offers.length)],
    };
  }),

  /* ---------------- figures ---------------- */
  about("intelligence", "figure", "the win rate over the last 90 days", (w) => ({
    say: "our exec sponsor at the QBR asked what our win rate is lately, whats the number?",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),
  about("finance", "figure", "days sales outstanding in USD", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return { say: "finance wants to know our DSO on the usd side, what is it", expect: [figure(usd.days_sales_outstanding, "USD DSO")] };
  }),
  about("growth", "figure", "the weighted pipeline value", (w) => {
    const sums: Record<string, number> = {};
    for (const t of snapshot(w).growth.pipeline.totals) sums[t.currency] = t.weighted_value;
    return { say: "whats weighted pipelne at right now?", expect: [money(sums, "weighted pipeline")] };
  }),
  about("finance", "figure", "total outstanding receivables per currency", (w) => ({
    say: "total outstanding AR across every customer, broken out by currency pls",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),

  /* ---------------- writes: finance ---------------- */
  about("finance", "write", "<client> paid <an unpaid overdue invoice> in full", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return {
      say: `${lower(inv.client)} AP just confirmed ${shortNumber(inv)} was paid in full, can u mark it`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a 5,000 part payment on <an open invoice>", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0 && i.amount_due > 6000, "open invoice over 6000");
    return {
      say: `got 5000 ${inv.currency} from ${short(inv.client)} against ${lower(shortNumber(inv))}, rest is coming once their PO clears. log it`,
      expect: [changed("invoice", inv.id, { amount_paid: 5000, amount_due: Math.round((inv.amount_due - 5000) * 100) / 100, status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "bill <an account> 12,500 USD on net 30", (w) => {
    const account = pick(
      w.accounts,
      (a) => invoicesOf(w, a.name).length > 0 && w.accounts.filter((o) => short(o.name) === short(a.name)).length === 1,
      "billed account",
    );
    return {
      say: `invoice ${account.name} for 12,500 usd for the 25 seat expansion, net 30`,
      expect: [created("invoice", { client: is.text(account.name), amount: 12500, currency: "USD", due_date: addDays(today(w), 30) })],
    };
  }),
  about("finance", "write", "void <an open invoice> (waits for approval)", (w) => {
    const open = [...w.invoices].filter((i) => i.status === "open" && i.amount_paid === 0).sort((a, b) => b.due_date.localeCompare(a.due_date));
    const inv = pick(open, () => true, "open invoice");
    return {
      say: `void ${shortNumber(inv)} pls, it went to the wrong billing entity at ${short(inv.client)} — we'll reissue`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ---------------- writes: growth ---------------- */
  about("growth", "write", "log a 36k expansion deal for <an account> closing end of february", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).some((d) => d.status === "won"), "account with a won deal");
    return {
      say: `log an expansion opp for ${short(account.name)} - 40 more seats, 36k usd, shoud close end of feb`,
      expect: [created("deal", { account_id: account.id, amount: 36000, currency: "USD", expected_close_date: endOfNamedMonth(w, 2), status: "open" })],
    };
  }),
  about("growth", "write", "move <a proposal-stage deal> to negotiation", (w) => {
    const deal = distinctDeal(w, (d) => stageOf(w, d).name === "Proposal", "proposal deal");
    const account = accountOf(w, deal.account_id);
    return {
      say: `great call w the champion at ${short(account.name)} — move the ${lower(dealTopic(deal))} opp to negotiation`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),
  about("growth", "write", "mark <a negotiation-stage deal> won", (w) => {
    const deal = distinctDeal(w, (d) => stageOf(w, d).name === "Negotiation", "negotiation deal");
    const account = accountOf(w, deal.account_id);
    return {
      say: `PO came thru!! ${short(account.name)} ${lower(dealTopic(deal))} is closed won`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Closed won").id, status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "close <an account's only open deal> as lost", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `${short(account)} went with a competitor, their open deal is dead. mark it lost`,
      expect: [changed("deal", deal.id, { status: "lost", stage_id: stageNamed(w, "Closed lost").id }, deal.name)],
    };
  }),
  about("growth", "write", "push the close date of <an open deal> out a month", (w) => {
    const deal = distinctDeal(w, () => true, "open deal");
    const account = accountOf(w, deal.account_id);
    const from = deal.expected_close_date && deal.expected_close_date > today(w) ? deal.expected_close_date : today(w);
    const when = addDays(from, 30);
    return {
      say: `exec sponsor at ${short(account.name)} is out on leave, push the close date on the ${lower(dealTopic(deal))} deal to ${spoken(when)}`,
      expect: [changed("deal", deal.id, { expected_close_date: when }, deal.name)],
    };
  }),
  about("growth", "write", "add a new champion, Sarah Lindqvist, at <an account with a domain>", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null, "account with a domain");
    const email = `sarah.lindqvist@${account.domain}`;
    return {
      say: `met sarah lindqvist at the ${short(account.name)} qbr, shes their new vp of ops and my new champion. ${email} — add her`,
      expect: [
        created("contact", {
          first_name: is.text("Sarah"),
          last_name: is.text("Lindqvist"),
          email,
          account_id: account.id,
          title: is.where("a VP of operations title", (t: string | null) => typeof t === "string" && /vp|vice/i.test(t) && /op/i.test(t)),
        }),
      ],
    };
  }),
  about("growth", "write", "<a contact> was promoted to VP Finance", (w) => {
    const below = (c: World["contacts"][number]) => c.title !== null && !/vp|vice|chief|ceo|cto|cfo/i.test(c.title);
    const finance = uniqueContacts(w).some((c) => c.account_id !== null && below(c) && /controller|financ|account/i.test(c.title!));
    const { contact, account } = uniqueAt(w, (c) => below(c) && (!finance || /controller|financ|account/i.test(c.title!)), "contact below VP level");
    return {
      say: `fyi ${lower(fullName(contact))} at ${short(account.name)} got promoted to vp finance, can u update the title on their contact`,
      expect: [
        changed(
          "contact",
          contact.id,
          { title: is.where("a VP Finance title", (t: string | null) => typeof t === "string" && /vp|vice president/i.test(t) && /financ/i.test(t)) },
          fullName(contact),
        ),
      ],
    };
  }),
  about("growth", "write", "set <a lead or qualified contact> to customer", (w) => {
    const { contact, account } = uniqueAt(w, (c) => c.lifecycle_stage === "lead" || c.lifecycle_stage === "qualified", "lead or qualified contact");
    return {
      say: `${short(account.name)} signed, can you flip ${fullName(contact)} to customer`,
      expect: [changed("contact", contact.id, { lifecycle_stage: "customer" }, fullName(contact))],
    };
  }),
  about("growth", "write", "enrol <a contact not in it> in <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = enrolledContacts(w, seq.id).map((c) => c.id);
    const { contact, account } = uniqueAt(w, (c) => !inIt.includes(c.id) && c.email !== null, "contact outside the sequence", true);
    return {
      say: `put ${lower(fullName(contact))} (${short(account.name)}) into the ${lower(seq.name)} sequnce`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),
  about("growth", "write", "take <an enrolled contact at an account> out of <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => enrolledContacts(w, s.id).length > 0, "sequence with enrollments");
    const contact = pick(enrolledContacts(w, seq.id), (c) => c.account_id !== null, "enrolled contact with an account");
    const account = accountOf(w, contact.account_id);
    return {
      say: `pls pull ${lower(fullName(contact))} at ${short(account.name)} out of the ${lower(seq.name)} emails, they're already a customer and its awkward`,
      expect: [unenrolled(seq.id, contact.id, fullName(contact))],
    };
  }),

  /* ---------------- writes: talent ---------------- */
  about("talent", "write", "move <an applied candidate> to screening", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "applied" && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1, "applied candidate");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "candidate's job");
    return {
      say: `recruiting said i could do this: move ${lower(fullName(cand))} to screening for the ${lower(job.title)} role, know them from a past customer, great fit`,
      expect: [changed("candidate", cand.id, { stage: "screening" }, fullName(cand))],
    };
  }),

  /* ---------------- must not act ---------------- */
  about("growth", "question", "churn risk score of <an account> (not something the API has)", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).some((d) => d.status === "open"), "account with an open deal");
    return { say: `whats the churn score on ${short(account.name)}? trying to see if theyre at risk before renewal`, expect: [noChange()] };
  }),
  unclear("growth", "pull the latest nps for my book and flag anyone under a 7"),
  about("growth", "question", "move <an account with two open deals> 'deal' to negotiation (which one?)", (w) => {
    const account = pick(
      w.accounts,
      (a) => dealsOf(w, a.id).filter((d) => d.status === "open" && stageOf(w, d).name !== "Negotiation").length >= 2,
      "account with two open deals outside negotiation",
    );
    return { say: `move the ${short(account.name)} deal to negotiation`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "mark <a client with several unpaid invoices>'s invoice paid (which one?)", (w) => {
    const client = pick(clientNames(w), (c) => invoicesOf(w, c).filter(unpaid).length >= 2, "client with several unpaid invoices");
    return { say: `${short(client)} sent payment on the PO, mark their invoice as paid`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "tag <a name two contacts share> as exec sponsor (which one?)", (w) => {
    const dup = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1, "contact sharing a name");
    return { say: `tag ${lower(fullName(dup))} as exec sponsor`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "set up the renewal for 'them', same terms as last year (who?)", () => ({
    say: "can u set up the renewal opp for them, same terms as last yr",
    expect: [noChange(), asksBack()],
  })),
];
