import { about, approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  dealsOf,
  dealNames,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  month,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";

/*
 * Blind set, persona: sales and accounts manager at a wholesale industrial-parts
 * distributor. Terse, lower case, trade jargon (AR, net 30, 60+, on stop, book
 * the order, second round), the odd misspelt company name.
 */

type W = Parameters<Case["plan"]>[0];

const snapshot = (w: W) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const still = (stage: string) => stage !== "rejected" && stage !== "hired";
const person = (w: W, first: string, last: string) => pick(w.contacts, (c) => c.first_name === first && c.last_name === last, `contact ${first} ${last}`);
const candidate = (w: W, first: string, last: string) =>
  pick(w.candidates, (c) => c.first_name === first && c.last_name === last, `candidate ${first} ${last}`);
const dealOf = (w: W, account: string, topic: string) => {
  const acc = accountNamed(w, account);
  return pick(dealsOf(w, acc.id), (d) => d.name.toLowerCase().includes(topic.toLowerCase()), `${account} deal ${topic}`);
};

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  about("finance", "read", "which clients have invoices more than 60 days past due (before putting anyone on stop)", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const rest = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    return {
      say: "before i start putting people on stop — who's 60+ days on us? just the accounts over 60",
      expect: [names([...new Set(late.map((i) => i.client))], [...new Set(rest.map((i) => i.client))])],
    };
  }),
  about("finance", "read", "what Globex owes in total, unpaid invoices, per currency", (w) => {
    const open = ofClient(w, "Globex").filter(unpaid);
    return { say: "thinking of a credit hold on globx. what are they into us for all told", expect: [money(dueSums(open), "amount Globex owes")] };
  }),
  about("finance", "read", "balance left on <a part-paid overdue Tyrell invoice>", (w) => {
    const inv = pick(ofClient(w, "Tyrell"), (i) => overdue(i) && i.amount_paid > 0, "part-paid Tyrell invoice");
    return {
      say: `tyrel sent a part payment on ${shortNumber(inv).toLowerCase()} a while back — how much is still owing on it?`,
      expect: [money({ [inv.currency]: inv.amount_due }, `balance of ${inv.number}`)],
    };
  }),
  about("finance", "read", "list the invoices still in draft", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return { say: "which invoices are sat in draft that nobody's issued yet", expect: [names(numbers(drafts))] };
  }),
  about("finance", "read", "open invoices falling due within the next 14 days", (w) => {
    const end = addDays(today(w), 14);
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
    const later = w.invoices.filter((i) => i.status === "open" && i.due_date > end);
    return { say: "what's falling due in the next fortnight? only the issued ones", expect: [names(numbers(soon), numbers(later))] };
  }),
  about("finance", "read", "how many invoices are overdue and the overdue total per currency", (w) => {
    const late = w.invoices.filter(overdue);
    return {
      say: "ar check — how many invoices are past terms right now, and what does that come to",
      expect: [count(late.length, "overdue invoices"), money(dueSums(late), "overdue total")],
    };
  }),

  /* ---------------- reads: intelligence ---------------- */
  about("intelligence", "read", "USD receivables in the 31-60 day aging bucket", (w) => {
    const bucket = w.invoices.filter((i) => overdue(i) && i.currency === "USD" && i.days_overdue >= 31 && i.days_overdue <= 60);
    return {
      say: "aging question: how much of the dollar ledger is in the 31-60 bucket",
      expect: [money(dueSums(bucket), "USD overdue 31-60 days")],
    };
  }),

  /* ---------------- reads: growth ---------------- */
  about("growth", "read", "everyone we have on file at Stark Logistics", (w) => {
    const stark = accountNamed(w, "Stark");
    const people = w.contacts.filter((c) => c.account_id === stark.id).map(fullName);
    return { say: "new territory rep is taking over stark — who've we got on file there? names please", expect: [names(people, [], people.length)] };
  }),
  about("growth", "read", "how many open deals are in negotiation", (w) => {
    const n = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation").length;
    return { say: "how many deals have we got at the haggling stage — negotiation i mean", expect: [count(n, "deals in negotiation")] };
  }),
  about("growth", "read", "value and expected close date of the Northwind deal", (w) => {
    const deal = pick(dealsOf(w, accountNamed(w, "Northwind").id), (d) => d.status === "open", "open Northwind deal");
    if (deal.amount === null || deal.expected_close_date === null) throw new Error("Northwind deal lacks amount or close date");
    return {
      say: "northwnd deal — what's it worth and when are we supposed to be closing it",
      expect: [money({ [deal.currency]: deal.amount }, "deal value"), date(deal.expected_close_date, "expected close date")],
    };
  }),
  about("growth", "read", "which accounts are based in the US", (w) => {
    const us = w.accounts.filter((a) => a.country === "US").map((a) => a.name);
    const abroad = w.accounts.filter((a) => a.country !== null && a.country !== "US").map((a) => a.name);
    return { say: "which of our accounts are stateside", expect: [names(us, abroad, us.length)] };
  }),
  about("growth", "read", "who is currently enrolled in the new lead follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("follow-up"), "follow-up sequence");
    const active = w.enrollments
      .filter((e) => e.sequence_id === seq.id && e.status === "active")
      .map((e) => fullName(pick(w.contacts, (c) => c.id === e.contact_id, "enrolled contact")));
    return { say: "who's getting the follow-up emails at the moment? the new lead one", expect: [names(active)] };
  }),
  about("growth", "read", "which deals have been lost", (w) => {
    const lost = w.deals.filter((d) => d.status === "lost");
    const won = w.deals.filter((d) => d.status === "won");
    return { say: "any deals we've lost? give me the names", expect: [names(dealNames(lost), dealNames(won))] };
  }),

  /* ---------------- reads: talent ---------------- */
  about("talent", "read", "candidates still in the running for the backend engineer job", (w) => {
    const job = jobNamed(w, "Backend");
    const all = candidatesOf(w, job.id);
    const live = all.filter((c) => still(c.stage)).map(fullName);
    const out = all.filter((c) => !still(c.stage)).map(fullName);
    return { say: "backend engineer vacancy — who's still in with a shout?", expect: [names(live, out, live.length)] };
  }),
  about("talent", "read", "how many candidates were rejected for the account executive job", (w) => {
    const job = jobNamed(w, "Account Executive");
    const n = candidatesOf(w, job.id).filter((c) => c.stage === "rejected").length;
    return { say: "how many have we knocked back for the account exec post so far", expect: [count(n, "rejected candidates")] };
  }),
  about("talent", "read", "which stage Katherine Johnson is at", (w) => {
    const c = candidate(w, "Katherine", "Johnson");
    return { say: "where's katherine johnson up to", expect: [says(c.stage)] };
  }),
  about("talent", "read", "list the open jobs", (w) => {
    const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
    const closed = w.jobs.filter((j) => j.status === "closed").map((j) => j.title);
    return { say: "remind me what vacancies we've got live", expect: [names(open, closed)] };
  }),

  /* ---------------- writes: finance ---------------- */
  about("finance", "write", "Stark paid their annual support plan invoice in full: mark it paid", (w) => {
    const inv = pick(ofClient(w, "Stark"), (i) => unpaid(i) && (i.description ?? "").toLowerCase().includes("annual support"), "unpaid Stark support invoice");
    return {
      say: "stark's buyer rang, the annual support plan invoice has been paid in full — mark it off",
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a 2,000 part payment on Globex's GBP invoice", (w) => {
    const inv = pick(ofClient(w, "Globex"), (i) => unpaid(i) && i.currency === "GBP", "unpaid Globex GBP invoice");
    const paid = Math.round((inv.amount_paid + 2000) * 100) / 100;
    return {
      say: "globex sent £2,000 on account against their sterling invoice, post it please",
      expect: [changed("invoice", inv.id, { amount_paid: paid }, inv.number)],
    };
  }),
  about("finance", "write", "new invoice to Blue Sun Freight, 3,480 USD, due in 30 days", (w) => ({
    say: "raise one to blue sun freight for 3,480 dollars, the racking order on their PO 5521 — usual net 30",
    expect: [created("invoice", { client: is.containing("Blue Sun"), amount: 3480, currency: "USD", due_date: addDays(today(w), 30) })],
  })),
  about("finance", "write", "push the Pied Piper overdue invoice's due date to the end of next month", (w) => {
    const inv = pick(ofClient(w, "Pied Piper"), overdue, "overdue Pied Piper invoice");
    return {
      say: "piedpiper asked for more time on the one they owe. give them till the end of next month",
      expect: [changed("invoice", inv.id, { due_date: month(w, 1)[1] }, inv.number)],
    };
  }),
  about("finance", "write", "get rid of <the smaller Gringotts draft> raised twice (waits for approval)", (w) => {
    const drafts = ofClient(w, "Gringotts").filter((i) => i.status === "draft");
    const dup = pick(drafts, (i) => drafts.every((o) => o.amount >= i.amount), "Gringotts draft");
    if (drafts.length < 2) throw new Error("Gringotts has no second draft");
    return {
      say: `the gringots draft for ${dup.amount.toLocaleString("en-US")} got raised twice by mistake, bin it`,
      expect: [approval(/void|delete|remove|cancel/i, dup.id, dup.number)],
    };
  }),

  /* ---------------- writes: growth ---------------- */
  about("growth", "write", "move Stark's support upgrade deal to Negotiation", (w) => {
    const deal = dealOf(w, "Stark", "Support upgrade");
    return {
      say: "stark came back on the support upgrade quote, they want to talk price. move it to negotiation",
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),
  about("growth", "write", "Hooli's data migration deal is won", (w) => {
    const deal = dealOf(w, "Hooli", "Data migration");
    return { say: "hooly signed the PO for the data migration — book it, that one's won", expect: [changed("deal", deal.id, { status: "won" }, deal.name)] };
  }),
  about("growth", "write", "Umbrella's pilot project deal is lost", (w) => {
    const deal = dealOf(w, "Umbrella", "Pilot");
    return {
      say: "umbrela's pilot is dead, went with a cheaper supplier. mark it lost",
      expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
    };
  }),
  about("growth", "write", "add Priya Nair, head of purchasing at Globex, as a contact", (w) => {
    const globex = accountNamed(w, "Globex");
    return {
      say: "new buyer at globex — priya nair, head of purchasing, priya.nair@globex.com. get her on the system",
      expect: [
        created("contact", {
          email: "priya.nair@globex.com",
          first_name: is.text("Priya"),
          last_name: is.text("Nair"),
          title: is.containing("purchasing"),
          account_id: globex.id,
        }),
      ],
    };
  }),
  about("growth", "write", "enrol Isla Haddad (Stark) in the new lead follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("follow-up"), "follow-up sequence");
    const isla = person(w, "Isla", "Haddad");
    return { say: "stick isla haddad from stark on the new lead follow-up emails", expect: [enrolled(seq.id, isla.id, "Isla Haddad")] };
  }),
  about("growth", "write", "new Initech deal, 36,000, closing at the end of January", (w) => {
    const initech = accountNamed(w, "Initech");
    return {
      say: "initech want pricing on 40 pallet jacks, call it 36k, should land end of jan. put it in the pipeline",
      expect: [created("deal", { account_id: initech.id, amount: 36000, expected_close_date: endOfNamedMonth(w, 1) })],
    };
  }),

  /* ---------------- writes: talent ---------------- */
  about("talent", "write", "move Alan Turing on to interview and reject Ken Thompson", (w) => {
    const alan = candidate(w, "Alan", "Turing");
    const ken = candidate(w, "Ken", "Thompson");
    return {
      say: "alan turing did alright on the phone screen, put him through to the second round. and ken thompson's a no for the AE job",
      expect: [changed("candidate", alan.id, { stage: "interview" }, "Alan Turing"), changed("candidate", ken.id, { stage: "rejected" }, "Ken Thompson")],
    };
  }),
  about("talent", "write", "open a full-time forklift driver job in Reno", () => ({
    say: "we need a forklift driver for the reno warehouse, full time. get the vacancy up",
    expect: [created("job", { title: is.containing("forklift"), location: is.containing("reno"), employment_type: "full_time", status: "open" })],
  })),
  about("talent", "write", "open a temporary stock picker job and add Marco Diaz to it", (w) => ({
    say: "open a temp stock picker role, and add marco diaz (marco.diaz@example.com) to it as the first applicant",
    expect: [
      created("job", { title: is.containing("picker"), employment_type: "temporary" }),
      created("candidate", {
        email: "marco.diaz@example.com",
        first_name: is.text("Marco"),
        last_name: is.text("Diaz"),
        job_id: is.where("the new job, not an existing one", (v: string) => !w.jobs.some((j) => j.id === v)),
      }),
    ],
  })),
  about("talent", "write", "Frances Allen accepted the offer: mark her hired", (w) => {
    const fran = candidate(w, "Frances", "Allen");
    return { say: "frances allen's signed on the dotted line, mark her hired", expect: [changed("candidate", fran.id, { stage: "hired" }, "Frances Allen")] };
  }),

  /* ---------------- figures ---------------- */
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "what's our strike rate on deals, last 90 days",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")],
  })),
  about("intelligence", "figure", "weighted value of the open pipeline", (w) => {
    const weighted: Record<string, number> = {};
    for (const t of snapshot(w).growth.pipeline.totals) weighted[t.currency] = t.weighted_value;
    return { say: "pipeline weighted by stage — what's it come to", expect: [money(weighted, "weighted pipeline")] };
  }),
  about("intelligence", "figure", "days sales outstanding on USD invoices", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return { say: "dso on the dollar accounts?", expect: [figure(usd.days_sales_outstanding, "USD DSO")] };
  }),
  about("intelligence", "figure", "candidates still active across all open jobs (hiring funnel)", (w) => {
    const openJobs = new Set(w.jobs.filter((j) => j.status === "open").map((j) => j.id));
    const n = w.candidates.filter((c) => openJobs.has(c.job_id) && still(c.stage)).length;
    return {
      say: "across every open vacancy, how many people are actually still in the hiring funnel — leave out the rejects and the ones we've hired",
      expect: [count(n, "active candidates")],
    };
  }),

  /* ---------------- must not act ---------------- */
  about("finance", "question", "Stark paid one of their invoices, which one not said", () => ({
    say: "remittance came in from stark this morning, tick their invoice off as paid",
    expect: [noChange(), asksBack()],
  })),
  about("finance", "question", "invoice for the Initech reorder with no amount", () => ({
    say: "raise an invoice for the initech reorder, net 30",
    expect: [noChange(), asksBack()],
  })),
  about("growth", "question", "move the Stark deal on a stage, Stark has two open deals", () => ({
    say: "bump the stark deal on a stage",
    expect: [noChange(), asksBack()],
  })),
  about("growth", "question", "add Wayne's new buyer, no name or email given", () => ({
    say: "wayne enterprises have changed buyers again. add the new fella as a contact",
    expect: [noChange(), asksBack()],
  })),
  about("talent", "question", "reject the product designer candidate, three are still active", () => ({
    say: "the designer candidate's not for us, reject",
    expect: [noChange(), asksBack()],
  })),
  about("intelligence", "question", "set DSO to 30 days for the board pack (cannot be done)", () => ({
    say: "dso looks awful for the board pack. just set it to 30 days",
    expect: [noChange()],
  })),
];
