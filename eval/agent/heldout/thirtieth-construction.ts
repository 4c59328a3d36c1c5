import { about, approval, ask, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  accountNamed,
  amountSums,
  candidatesOf,
  clientNames,
  dealTopic,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  inStage,
  jobNamed,
  month,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  unpaid,
  addDays,
  today,
} from "../facts.ts";
import type { Deal, World } from "../world.ts";

/*
 * Persona: project manager at a small construction / fit-out contractor. Types between site
 * visits, trade shorthand, blunt, light on punctuation. Invoices clients (valuations,
 * retentions), tracks bids / tenders as deals, hires site and office staff.
 */

const round2 = (n: number) => Math.round(n * 100) / 100;
const near = (x: number) => is.where(`${x.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - x) < 0.005);
const accountName = (w: World, d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal's account").name;
const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  ask("finance", "read", "back in the van after site walk. how many invoices r overdue atm", (w) => [
    count(w.invoices.filter(overdue).length, "overdue invoices"),
  ]),
  about("finance", "read", "total still owing from <a client with unpaid invoices in two currencies>, open and overdue", (w) => {
    const client = pick(
      clientNames(w),
      (c) =>
        new Set(
          ofClient(w, c)
            .filter(unpaid)
            .map((i) => i.currency),
        ).size > 1,
      "client owing in more than one currency",
    );
    const owed = w.invoices.filter((i) => i.client === client && unpaid(i));
    return {
      say: `${client} QS just rang asking for a statement. whats their total still owing us, open + overdue, all of it`,
      expect: [money(dueSums(owed), `${client}'s balance`)],
    };
  }),
  ask("finance", "read", "which invoices are more than 60 days late? want the boss chasing them not me", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const rest = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    return [names(numbers(late), numbers(rest), late.length)];
  }),
  about("finance", "read", "has <a paid invoice, short number> been paid", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "paid", "paid invoice");
    return { say: `did ${shortNumber(inv)} ever get paid or am i still chasing it`, expect: [says("paid")] };
  }),
  ask("finance", "read", "list the invoices where the client paid some of the valuation but theres still a balance left on it", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    const rest = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
    return [names(numbers(part), numbers(rest), part.length)];
  }),
  ask("finance", "read", "how much have we got sat in draft invoices that havent gone out yet", (w) => [
    money(amountSums(w.invoices.filter((i) => i.status === "draft")), "total of the drafts"),
  ]),
  about("finance", "read", "due date of <the invoice of a client for one piece of work>", (w) => {
    const inv = pick(
      w.invoices,
      (i) =>
        (i.status === "draft" || unpaid(i)) &&
        !!i.description &&
        w.invoices.filter((o) => o.client === i.client && o.description === i.description).length === 1,
      "invoice whose client and description designate it",
    );
    return {
      say: `whens the ${inv.client} invoice for the ${inv.description!.toLowerCase()} due`,
      expect: [date(inv.due_date, `due date of ${inv.number}`)],
    };
  }),

  /* ---------------- reads: growth ---------------- */
  ask("growth", "read", "which bids are sitting at negotiation rn", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const open = w.deals.filter((d) => d.status === "open" && d.account_id);
    const at = open.filter((d) => d.stage_id === neg.id).map((d) => accountName(w, d));
    const rest = open.filter((d) => d.stage_id !== neg.id).map((d) => accountName(w, d));
    return [names(at, rest, new Set(at).size)];
  }),
  about("growth", "read", "contacts at <an account with several contacts>, names and roles", (w) => {
    const acc = pick(w.accounts, (a) => w.contacts.filter((c) => c.account_id === a.id).length >= 4, "account with 4+ contacts");
    const people = w.contacts.filter((c) => c.account_id === acc.id).map(fullName);
    return { say: `who do we know over at ${acc.name}? names + what they do`, expect: [names(people, [], people.length)] };
  }),
  ask("growth", "read", "how many tenders have we actually won, all time", (w) => [count(w.deals.filter((d) => d.status === "won").length, "won deals")]),
  ask("growth", "read", "whats the biggest bid we've still got open and who's it for", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.amount !== null && d.account_id);
    const top = [...open].sort((x, y) => y.amount! - x.amount!)[0];
    if (!top) throw new Error("no open deal with an amount");
    return [names([accountName(w, top)], [], 1), money({ [top.currency]: top.amount! }, "its value")];
  }),
  about("growth", "read", "who is enrolled in <the follow-up sequence> now", (w) => {
    const seq = pick(w.sequences, (s) => /follow/i.test(s.name), "follow-up sequence");
    const active = w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active");
    const people = [...new Set(active.map((e) => fullName(pick(w.contacts, (c) => c.id === e.contact_id, "enrolled contact"))))];
    return { say: `who's on the ${seq.name.toLowerCase()} emails at the moment`, expect: [names(people, [], people.length)] };
  }),
  about("growth", "read", "stage of <an open bid of an account with two deals>", (w) => {
    const deal = pick(
      w.deals,
      (d) =>
        d.status === "open" &&
        !!d.account_id &&
        dealsOf(w, d.account_id).length > 1 &&
        dealsOf(w, d.account_id).filter((o) => dealTopic(o) === dealTopic(d)).length === 1,
      "open deal of an account with several deals",
    );
    return {
      say: `${accountName(w, deal).split(" ")[0]} ${dealTopic(deal).toLowerCase()} bid - what stage is it sat at`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),

  /* ---------------- reads: talent ---------------- */
  about("talent", "read", "candidates still in the running for <a job with rejections>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "rejected"), "job with rejected candidates");
    const all = candidatesOf(w, job.id);
    const live = all.filter((c) => !["rejected", "hired"].includes(c.stage)).map(fullName);
    const binned = all.filter((c) => c.stage === "rejected").map(fullName);
    return {
      say: `${job.title.toLowerCase()} role, who's still in the running? dont care about the ones we binned`,
      expect: [names(live, binned, live.length)],
    };
  }),
  ask("talent", "read", "anyone at offer stage on any of the roles?", (w) => {
    const offer = inStage(w, "offer").map(fullName);
    const rest = w.candidates.filter((c) => c.stage !== "offer").map(fullName);
    return [names(offer, rest, offer.length)];
  }),
  ask("talent", "read", "what roles have we got advertised at the mo", (w) => {
    const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
    const closed = w.jobs.filter((j) => j.status === "closed").map((j) => j.title);
    return [names(open, closed, open.length)];
  }),
  about("talent", "read", "where <a candidate in interview> is in the process", (w) => {
    const pool = w.candidates.filter((c) => c.stage === "interview" && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1);
    const cand = pool[pool.length - 1];
    if (!cand) throw new Error("no candidate in interview");
    return { say: `wheres ${fullName(cand).toLowerCase()} got to in the hiring process`, expect: [says(cand.stage)] };
  }),

  /* ---------------- figures ---------------- */
  ask("intelligence", "figure", "boss wants our bid win rate for the last 90 days for mondays meeting. whats the %", (w) => [
    figure(snapshot(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent"),
  ]),
  ask("intelligence", "figure", "whats our DSO on the dollar invoices? debtor days basically", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return [figure(usd.days_sales_outstanding, "USD days sales outstanding")];
  }),
  ask("intelligence", "figure", "whats the total outstanding across every client? everything invoiced n not paid yet, split by currency pls", (w) => [
    money(dueSums(w.invoices.filter(unpaid)), "outstanding"),
  ]),
  ask("intelligence", "figure", "weighted value of the bid pipeline - the probability adjusted number not the raw total", (w) => {
    const out: Record<string, number> = {};
    for (const d of w.deals.filter((x) => x.status === "open" && x.amount !== null)) {
      out[d.currency] = round2((out[d.currency] ?? 0) + (d.amount! * stageOf(w, d).probability) / 100);
    }
    return [money(out, "weighted pipeline")];
  }),

  /* ---------------- writes: finance ---------------- */
  about("finance", "write", "<client> paid <an overdue invoice> in full", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue unpaid invoice");
    return {
      say: `${inv.client.split(" ")[0]!.toLowerCase()} finally paid ${shortNumber(inv)} in full, remittance came thru this morning. mark it off`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "part payment of 5,000 against <a part-paid overdue invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0 && i.amount_due > 5000, "part-paid overdue invoice owing over 5000");
    return {
      say: `${inv.client} sent another 5k against ${inv.number}, part payment on the valuation. log it`,
      expect: [changed("invoice", inv.id, { amount_paid: near(round2(inv.amount_paid + 5000)), amount_due: near(round2(inv.amount_due - 5000)) }, inv.number)],
    };
  }),
  about("finance", "write", "new invoice to Initech, 12,500 USD, due end of next month", (w) => {
    const due = month(w, 1)[1];
    return {
      say: "raise an invoice to Initech for $12,500 - stage 2 valuation on the office strip out. due end of next month",
      expect: [created("invoice", { client: is.text("Initech"), amount: 12500, currency: "USD", due_date: due })],
    };
  }),
  about("finance", "write", "finalise <the only draft of a client>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && w.invoices.filter((o) => o.client === i.client && o.status === "draft").length === 1 && i.due_date > addDays(today(w), 1),
      "client's only draft invoice",
    );
    return {
      say: `${inv.client} draft invoice has been checked over and its good to go. finalise it pls`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "push the due date of <a draft invoice> back two weeks", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && w.invoices.filter((o) => o.client === i.client && o.status === "draft").length > 1,
      "draft invoice of a client with several drafts",
    );
    return {
      say: `clients PO is held up at their end. push the due date on ${shortNumber(inv)} back 2 weeks from what it is now`,
      expect: [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 14) }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> raised twice", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice");
    return {
      say: `void ${inv.number}, office raised it twice by accident`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ---------------- writes: growth ---------------- */
  about("growth", "write", "move <a proposal-stage bid> to negotiation after the site meeting", (w) => {
    const deal = pick(
      w.deals,
      (d) =>
        d.status === "open" &&
        stageOf(w, d).name === "Proposal" &&
        !!d.account_id &&
        dealsOf(w, d.account_id).filter((o) => dealTopic(o) === dealTopic(d)).length === 1,
      "open deal in Proposal",
    );
    return {
      say: `just out the site meeting w ${accountName(w, deal)}, the ${dealTopic(deal).toLowerCase()} tender has gone to negotiation. update it`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),
  about("growth", "write", "mark <the one open bid of an account> won", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `WE GOT THE ${account.toUpperCase()} ONE!! mark the bid as won`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "new bid: Tyrell Biotech lab fit-out, 145k USD, closing end of Feb", (w) => {
    const acc = accountNamed(w, "Tyrell");
    return {
      say: `new tender in from ${acc.name} - lab fit-out, 145k usd, they're saying award end of feb. stick it on as a deal`,
      expect: [
        created("deal", {
          name: is.where("mentioning the fit-out", (v: string) => typeof v === "string" && /fit.?out/i.test(v)),
          amount: 145000,
          currency: "USD",
          account_id: acc.id,
          expected_close_date: endOfNamedMonth(w, 2),
        }),
      ],
    };
  }),
  about("growth", "write", "add a QS contact at <an account>", (w) => {
    const acc = pick(w.accounts, (a) => !!a.domain && !w.contacts.some((c) => c.email === `priya.nair@${a.domain}`), "account with a domain");
    const email = `priya.nair@${acc.domain}`;
    return {
      say: `add a contact at ${acc.name}: priya nair, their QS, ${email}`,
      expect: [created("contact", { first_name: is.text("Priya"), last_name: is.text("Nair"), email, account_id: acc.id })],
    };
  }),
  about("growth", "write", "enrol <a contact whose name is shared, named by company> in the follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => /follow/i.test(s.name), "follow-up sequence");
    const con = pick(
      w.contacts,
      (c) =>
        !!c.account_id &&
        w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1 &&
        !w.enrollments.some((e) => e.contact_id === c.id && e.sequence_id === seq.id && e.status === "active") &&
        w.contacts.filter((o) => fullName(o) === fullName(c) && o.account_id === c.account_id).length === 1,
      "contact sharing a name with one at another account",
    );
    const acc = pick(w.accounts, (a) => a.id === con.account_id, "contact's account").name;
    return {
      say: `put ${fullName(con).toLowerCase()} on the ${seq.name.toLowerCase()} sequence - the one at ${acc}, not the other one`,
      expect: [enrolled(seq.id, con.id, `${fullName(con)} (${acc})`)],
    };
  }),

  /* ---------------- writes: talent ---------------- */
  ask("talent", "write", "need a site foreman full time based in Manchester, get a job ad up", () => [
    created("job", {
      title: is.containing("foreman"),
      location: is.containing("Manchester"),
      employment_type: "full_time",
    }),
  ]),
  about("talent", "write", "move <a candidate in interview> to offer", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "interview", "candidate in interview");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "candidate's job");
    return {
      say: `${fullName(cand)} smashed the interview for the ${job.title.toLowerCase()} job, move to offer`,
      expect: [changed("candidate", cand.id, { stage: "offer" }, fullName(cand))],
    };
  }),
  about("talent", "write", "reject <a candidate in screening>", (w) => {
    const cand = pick(
      w.candidates,
      (c) => c.stage === "screening" && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1,
      "candidate in screening",
    );
    return {
      say: `${fullName(cand).toLowerCase()} - not a fit for us, no site experience at all. reject`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "add a referred candidate to <the designer job>", (w) => {
    const job = jobNamed(w, "designer");
    return {
      say: `cv in for the ${job.title.toLowerCase()} job. sam okoro, sam.okoro@outlook.com, came thru a referral from one of the lads. add him on`,
      expect: [created("candidate", { job_id: job.id, first_name: is.text("Sam"), last_name: is.text("Okoro"), email: "sam.okoro@outlook.com" })],
    };
  }),

  /* ---------------- must not act ---------------- */
  about("finance", "question", "mark paid the invoice of <a client with several unpaid invoices> (which one?)", (w) => {
    const client = pick(clientNames(w), (c) => ofClient(w, c).filter(unpaid).length > 2, "client with several unpaid invoices");
    return { say: `got a payment in from ${client} today, mark their invoice as paid`, expect: [noChange()] };
  }),
  about("finance", "question", "raise the retention release invoice for <an account> (no amount, no due date)", (w) => {
    const client = pick(clientNames(w), (c) => ofClient(w, c).length > 1, "client");
    return { say: `raise the retention release invoice for ${client.split(" ")[0]!.toLowerCase()}`, expect: [noChange()] };
  }),
  about("growth", "question", "change the title of <a contact whose name two contacts share>", (w) => {
    const con = pick(
      w.contacts,
      (c) => w.contacts.filter((o) => fullName(o) === fullName(c) && o.account_id !== c.account_id).length > 0,
      "contact with a shared name",
    );
    return { say: `update ${fullName(con).toLowerCase()}'s job title to site manager`, expect: [noChange()] };
  }),
  about("growth", "question", "move <a bid topic open at several accounts, none in negotiation> to negotiation", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const candidates = (t: string) => w.deals.filter((d) => d.status === "open" && d.stage_id !== neg.id && dealTopic(d) === t);
    const topic = pick(w.deals.map(dealTopic), (t) => new Set(candidates(t).map((d) => d.account_id)).size > 1, "bid topic open at several accounts");
    return { say: `move the ${topic.toLowerCase()} bid to negotiation, client came back positive`, expect: [noChange()] };
  }),
  ask("talent", "question", "reject the one at screening, no-showed the trial day", (w) => {
    if (inStage(w, "screening").length < 2) throw new Error("fewer than two candidates in screening: not ambiguous");
    return [noChange()];
  }),
  ask("talent", "question", "were fully staffed now, close the job ad", (w) => {
    if (w.jobs.filter((j) => j.status === "open").length < 2) throw new Error("fewer than two open jobs: not ambiguous");
    return [noChange()];
  }),
];
