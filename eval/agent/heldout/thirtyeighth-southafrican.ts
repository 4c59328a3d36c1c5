import { about, approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, type Case } from "../judge.ts";
import {
  clientNames,
  clientWithUnpaid,
  dealNames,
  dealTopic,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  jobNamed,
  month,
  nextDate,
  numbers,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Deal, World } from "../world.ts";

/*
 * Blind set: a sales and admin coordinator at a Johannesburg security-systems
 * installer. South African English, quick typing, the odd typo.
 */

const approx = (n: number) => is.where(`about ${n}`, (v: number) => typeof v === "number" && Math.abs(v - n) < 0.005);
const accountName = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "deal account").name;
const digits = (s: string) => s.replace(/\D/g, "");
const theSequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");
/** "$88,5k" / "$88k", the way the persona writes thousands. */
const kay = (n: number) => `$${String(Math.floor(n / 1000))}${n % 1000 ? `,${String((n % 1000) / 100)}` : ""}k`;
const unpaidOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client && unpaid(i));
/** The client with the most unpaid invoices (at least two). */
const busiestDebtor = (w: World) => {
  const ranked = clientNames(w)
    .map((c) => ({ c, n: unpaidOf(w, c).length }))
    .sort((a, b) => b.n - a.n);
  if (!ranked[0] || ranked[0].n < 2) throw new Error("no client with two or more unpaid invoices");
  return ranked[0].c;
};
/** An open deal whose account has only that one deal. */
const loneDeals = (w: World) => w.deals.filter((d) => d.status === "open" && d.account_id && dealsOf(w, d.account_id).length === 1);
const wonStageFor = (w: World, d: Deal) => {
  const pipe = pick(w.pipelines, (p) => p.stages.some((s) => s.id === d.stage_id), "deal pipeline");
  return pick(pipe.stages, (s) => s.kind === "won", "won stage");
};
const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

export const CASES: Case[] = [
  /* ======================= finance: reads ======================= */
  about("finance", "read", "how many invoices are overdue right now", (w) => ({
    say: "Howzit! can you check quickly how many invoices are overdue at the moment?",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),
  about("finance", "read", "which invoices <the client with most unpaid> still owes", (w) => {
    const client = busiestDebtor(w);
    const open = unpaidOf(w, client);
    const rest = w.invoices.filter((i) => i.client === client && !unpaid(i));
    return {
      say: `eish ${client} is still sitting with ${open.length} invoices i think... which ones are still unpaid? just give me the invoice numbers`,
      expect: [names(numbers(open), numbers(rest), open.length)],
    };
  }),
  about("finance", "read", "how much <client with 3 unpaid> owes altogether", (w) => {
    const client = clientWithUnpaid(w, 3);
    return {
      say: `the client is still sitting with 3 invoices - ${client}. how much do they owe us altogether? per currency pls`,
      expect: [money(dueSums(unpaidOf(w, client)), "amount due")],
    };
  }),
  about("finance", "read", "which invoices are still drafts", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return {
      say: "which invoices are still sitting in draft? the ones we havent sent out yet",
      expect: [names(numbers(drafts), numbers(w.invoices.filter((i) => i.status !== "draft")))],
    };
  }),
  about("finance", "read", "when is <an open EUR invoice> due", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.currency === "EUR", "open EUR invoice");
    const first = inv.client.split(" ")[0]!;
    return {
      say: `${first} is on the phone asking when ${shortNumber(inv)} is due, is it? can you check`,
      expect: [date(inv.due_date, "due date")],
    };
  }),
  about("finance", "read", "total overdue in GBP", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.currency === "GBP");
    return {
      say: "whats the total overdue on the pound invoices? only GBP, not the dollar ones",
      expect: [money(dueSums(late), "GBP overdue")],
    };
  }),

  /* ======================= finance: writes ======================= */
  about("finance", "write", "<client> paid <their only unpaid, overdue invoice> in full", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.amount_paid === 0 && unpaidOf(w, i.client).length === 1,
      "overdue invoice that is its client's only unpaid one",
    );
    return {
      say: `${inv.client} finally paid!! ${shortNumber(inv)}, the full amount came in. pls mark it paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: approx(0) }, inv.number)],
    };
  }),
  about("finance", "write", "record a $5k part payment on <a part-paid overdue USD invoice>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.currency === "USD" && i.amount_paid > 0 && i.amount_due > 5000,
      "part-paid overdue USD invoice with more than 5000 due",
    );
    return {
      say: `${inv.client} paid another $5k on ${shortNumber(inv)} this morning, can you recrd it? its not the full amount hey`,
      expect: [
        changed(
          "invoice",
          inv.id,
          { amount_paid: approx(Math.round((inv.amount_paid + 5000) * 100) / 100), amount_due: approx(Math.round((inv.amount_due - 5000) * 100) / 100) },
          inv.number,
        ),
      ],
    };
  }),
  about("finance", "write", "raise an invoice for Northwind, EUR 4 250, due month-end", (w) => {
    const client = pick(w.accounts, (a) => a.name.startsWith("Northwind"), "Northwind account").name;
    return {
      say: `pls raise a new invoce for ${client}, EUR 4 250 for the CCTV maintenance callout, due end of the month`,
      expect: [created("invoice", { client: is.text(client), amount: 4250, currency: "EUR", due_date: month(w)[1] })],
    };
  }),
  about("finance", "write", "void <the only invoice of a client who cancelled> (waits for approval)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && unpaidOf(w, i.client).length === 1, "open invoice that is its client's only unpaid one");
    return {
      say: `${inv.client} cancelled the install so ${shortNumber(inv)} must fall away. void it please`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "move <an open invoice>'s due date to 15 Jan", (w) => {
    const target = nextDate(w, 1, 15);
    const open = w.invoices.filter((i) => i.status === "open" && i.currency === "USD");
    const inv =
      open.find((i) => i.due_date < target && w.invoices.filter((o) => o.client === i.client).length > 1) ?? pick(open, () => true, "open USD invoice");
    return {
      say: `${inv.client} asked for more time on ${shortNumber(inv)}. shift the due date to 15 Jan`,
      expect: [changed("invoice", inv.id, { due_date: target }, inv.number)],
    };
  }),

  /* ======================= finance: figure ======================= */
  about("finance", "figure", "DSO on the USD invoices", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "whats our DSO sitting at for the dollar invoices? the boss wants it for the month-end report",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),

  /* ======================= finance: must not act ======================= */
  about("finance", "question", "<a client with several unpaid invoices> paid, mark 'their invoice' paid", (w) => {
    const client = busiestDebtor(w);
    return {
      say: `${client.split(" ")[0]} paid us this morning, mark their invoice as paid pls`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "void the one we spoke about", () => ({
    say: "ja can you void that one we spoke about just now",
    expect: [noChange(), asksBack()],
  })),

  /* ======================= growth: reads ======================= */
  about("growth", "read", "which deals are in negotiation", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const inNeg = open.filter((d) => stageOf(w, d).name === "Negotiation");
    return {
      say: "which deals are sitting in negotation at the moment?",
      expect: [names(dealNames(inNeg), dealNames(open.filter((d) => !inNeg.includes(d))))],
    };
  }),
  about("growth", "read", "who our contacts are at <the account with most contacts>", (w) => {
    const ranked = [...w.accounts].sort(
      (a, b) => w.contacts.filter((c) => c.account_id === b.id).length - w.contacts.filter((c) => c.account_id === a.id).length,
    );
    const acc = ranked[0]!;
    const theirs = w.contacts.filter((c) => c.account_id === acc.id);
    const others = w.contacts.filter((c) => c.account_id !== acc.id);
    return {
      say: `who do we have at ${acc.name}? need the names before i phone them`,
      expect: [names(theirs.map(fullName), others.map(fullName), theirs.length)],
    };
  }),
  about("growth", "read", "how many contacts are on the follow-up sequence", (w) => {
    const seq = theSequence(w);
    return {
      say: `how many ppl are on the ${seq.name} sequence currently?`,
      expect: [count(enrolledContacts(w, seq.id).length, "active enrollments")],
    };
  }),
  about("growth", "read", "when <an account's only deal> should close", (w) => {
    const deal = pick(loneDeals(w), (d) => d.expected_close_date !== null, "lone open deal with a close date");
    return {
      say: `when is the ${accountName(w, deal.account_id)} deal supposed to close again?`,
      expect: [date(deal.expected_close_date!, "expected close date")],
    };
  }),
  about("growth", "read", "which accounts are based in the US", (w) => {
    const us = w.accounts.filter((a) => a.country === "US");
    const elsewhere = w.accounts.filter((a) => a.country && a.country !== "US");
    return {
      say: "which of our accounts are based in the States?",
      expect: [
        names(
          us.map((a) => a.name),
          elsewhere.map((a) => a.name),
        ),
      ],
    };
  }),
  about("growth", "read", "which open deals should close by month-end", (w) => {
    const [first, last] = month(w);
    const open = w.deals.filter((d) => d.status === "open");
    const soon = open.filter((d) => d.expected_close_date && d.expected_close_date >= first && d.expected_close_date <= last);
    const later = open.filter((d) => d.expected_close_date && d.expected_close_date > last);
    return {
      say: "which open deals are meant to close before the end of the month? i need to chase them",
      expect: [names(dealNames(soon), dealNames(later))],
    };
  }),

  /* ======================= growth: writes ======================= */
  about("growth", "write", "move <a lead-in deal> to proposal", (w) => {
    const deal = openDealIn(w, ["Lead in"]);
    const proposal = stageNamed(w, "Proposal");
    return {
      say: `the ${accountName(w, deal.account_id)} ${dealTopic(deal).toLowerCase()} deal has moved to proposal stage, we sent the quote yesterday. pls update`,
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),
  about("growth", "write", "mark <a negotiation deal of an account with two open deals> won", (w) => {
    const deal = pick(
      w.deals,
      (d) =>
        d.status === "open" && stageOf(w, d).name === "Negotiation" && !!d.account_id && dealsOf(w, d.account_id).filter((o) => o.status === "open").length > 1,
      "negotiation deal of an account with two open deals",
    );
    const won = wonStageFor(w, deal);
    return {
      say: `Lekker news!! ${accountName(w, deal.account_id)} signed for the ${dealTopic(deal).toLowerCase()}, mark that deal as won`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "add Thabo Nkosi as a contact at Globex", (w) => {
    const acc = pick(w.accounts, (a) => a.name.startsWith("Globex") && !!a.domain, "Globex account with a domain");
    const email = `thabo.nkosi@${acc.domain}`;
    if (w.contacts.some((c) => c.email === email)) throw new Error("Thabo already exists");
    return {
      say: `add a new contact at ${acc.name.split(" ")[0]} pls: Thabo Nkosi, he's the facilities manager, ${email}, cell 082 555 0142`,
      expect: [
        created("contact", {
          first_name: is.text("Thabo"),
          last_name: is.text("Nkosi"),
          email,
          title: is.containing("facilities"),
          account_id: acc.id,
          phone: is.where("the number 082 555 0142 (any format)", (v: string) => typeof v === "string" && digits(v).endsWith("825550142")),
        }),
      ],
    };
  }),
  about("growth", "write", "open a USD 12 500 bakkie fleet deal for Hooli, closing end of Feb", (w) => {
    const acc = pick(w.accounts, (a) => a.name.startsWith("Hooli"), "Hooli account");
    return {
      say: `new deal for ${acc.name} pls - call it "Bakkie fleet trackers", USD 12 500, should close end of Feb`,
      expect: [
        created("deal", {
          name: is.containing("bakkie fleet trackers"),
          account_id: acc.id,
          amount: 12500,
          currency: "USD",
          expected_close_date: endOfNamedMonth(w, 2),
        }),
      ],
    };
  }),
  about("growth", "write", "put <a qualified contact not yet enrolled> on the sequence", (w) => {
    const seq = theSequence(w);
    const inIt = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
    const c = pick(uniqueContacts(w), (x) => !inIt.has(x.id) && x.lifecycle_stage === "qualified" && !!x.account_id, "unique qualified contact not enrolled");
    return {
      say: `pls put ${fullName(c)} from ${accountName(w, c.account_id)} on the ${seq.name.toLowerCase()} sequence, sharp`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("growth", "write", "drop <a lone deal>'s value to ~90% after the discount", (w) => {
    const deal = [...loneDeals(w)].filter((d) => d.currency === "USD" && (d.amount ?? 0) > 20000).sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0))[0];
    if (!deal) throw new Error("no lone USD open deal above 20000");
    const value = Math.round((deal.amount! * 0.9) / 500) * 500;
    return {
      say: `the ${accountName(w, deal.account_id)} deal came down to ${kay(value)} after the discount, can you update the value`,
      expect: [changed("deal", deal.id, { amount: value }, deal.name)],
    };
  }),

  /* ======================= growth: figure ======================= */
  about("growth", "figure", "win rate over the last 90 days", (w) => ({
    say: "whats our win rate looking like, last 90 days?",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "90-day win rate", "percent")],
  })),

  /* ======================= growth: must not act ======================= */
  about("growth", "question", "move 'the deal' to negotiation", () => ({
    say: "move the deal to negotiation now-now please",
    expect: [noChange(), asksBack()],
  })),
  about("growth", "question", "add Sipho (no such contact) to the sequence", (w) => {
    if (w.contacts.some((c) => c.first_name.toLowerCase() === "sipho")) throw new Error("a Sipho exists");
    return { say: "add Sipho to the follow up sequence pls, he was keen", expect: [noChange()] };
  }),

  /* ======================= talent: reads ======================= */
  about("talent", "read", "who is still in the running for the backend job", (w) => {
    const job = jobNamed(w, "Backend");
    const theirs = w.candidates.filter((c) => c.job_id === job.id);
    const active = theirs.filter((c) => c.stage !== "rejected" && c.stage !== "hired");
    const rest = w.candidates.filter((c) => !active.includes(c));
    return {
      say: "who's still in the running for the backend engineer post?",
      expect: [names(active.map(fullName), rest.map(fullName), active.length)],
    };
  }),
  about("talent", "read", "how many candidates the Account Executive job had in total", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: "how many people applied for the account exec job altogether? incl the ones we turned down",
      expect: [count(w.candidates.filter((c) => c.job_id === job.id).length, "candidates")],
    };
  }),
  about("talent", "read", "who is at offer stage", (w) => {
    const offer = w.candidates.filter((c) => c.stage === "offer");
    const earlier = w.candidates.filter((c) => ["applied", "screening", "interview", "rejected"].includes(c.stage));
    return {
      say: "who is sitting at offer stage at the moment, across all the jobs?",
      expect: [names(offer.map(fullName), earlier.map(fullName), offer.length)],
    };
  }),

  /* ======================= talent: writes ======================= */
  about("talent", "write", "move <an interviewed candidate> to offer", (w) => {
    const c = pick(
      [...w.candidates].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0)),
      (x) => x.stage === "interview" && w.candidates.filter((o) => fullName(o) === fullName(x)).length === 1,
      "interview candidate",
    );
    return {
      say: `${fullName(c)} did lekker in the interview, move her thru to offer`,
      expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <a screening candidate>", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening" && w.candidates.filter((o) => fullName(o) === fullName(x)).length === 1, "screening candidate");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "candidate's job");
    return {
      say: `shame, ${fullName(c)} isn't right for the ${job.title.toLowerCase()} role. pls reject`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "add Lerato Dlamini, a referral, to the Product Designer job", (w) => {
    const job = jobNamed(w, "Designer");
    return {
      say: `add a candidate for the ${job.title} job: Lerato Dlamini, lerato.dlamini@gmail.com. she came thru a referral`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Lerato"),
          last_name: is.text("Dlamini"),
          email: "lerato.dlamini@gmail.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "close <the filled job with no one at interview or offer>", (w) => {
    const job = pick(
      w.jobs,
      (j) =>
        j.status === "open" &&
        w.candidates.some((c) => c.job_id === j.id && c.stage === "hired") &&
        !w.candidates.some((c) => c.job_id === j.id && (c.stage === "interview" || c.stage === "offer")),
      "filled open job",
    );
    return {
      say: `we filled the ${job.title} position, you can close that job now`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* ======================= talent: figure ======================= */
  about("talent", "figure", "hires over the past year", (w) => ({
    say: "how many people did we actually hire in the past year?",
    expect: [figure(snap(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),

  /* ======================= talent: must not act ======================= */
  about("talent", "question", "reject 'the designer candidate' (several)", (w) => {
    const job = jobNamed(w, "Designer");
    const active = w.candidates.filter((c) => c.job_id === job.id && !["rejected", "hired"].includes(c.stage));
    if (active.length < 2) throw new Error("the designer job needs two active candidates for this to be ambiguous");
    return { say: "reject the designer candidate, she's not a fit", expect: [noChange(), asksBack()] };
  }),

  /* ======================= intelligence ======================= */
  about("intelligence", "read", "total outstanding per currency", (w) => ({
    say: "wat's the total outstanding across all the currencies? split per currency pls",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),
  about("intelligence", "read", "new contacts in the last 30 days", (w) => ({
    say: "how many new contacts did we add in the last 30 days?",
    expect: [count(snap(w).growth.new_contacts_last_30_days, "new contacts")],
  })),
  about("intelligence", "figure", "weighted pipeline value", (w) => ({
    say: "what's the weighted pipeline at the moment? per currency",
    expect: [money(Object.fromEntries(snap(w).growth.pipeline.totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline")],
  })),
  about("intelligence", "question", "change the win rate to 90% for the board", () => ({
    say: "can you change our win rate to 90% on the dashboard before the board meeting just now",
    expect: [noChange()],
  })),
];
