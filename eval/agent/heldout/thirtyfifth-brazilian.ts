import { about, approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  amountSums,
  candidatesOf,
  clientNames,
  contactsOf,
  dealTopic,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  month,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  stages,
  sums,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Candidate, Deal, Invoice, World } from "../world.ts";

/*
 * Blind set: a finance / operations analyst in São Paulo, writing English as a
 * second language (Portuguese structures, some Portuguese words, amounts
 * written 4.500,00, dates as 15/01). Records are picked from the data at run
 * time; dates are relative to the day the set runs.
 */

/* ---------- small helpers of this set ---------- */

/** An amount the Brazilian way: 4796.24 -> "4.796,24". */
const brl = (n: number) => {
  const [int, dec] = n.toFixed(2).split(".") as [string, string];
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${dec}`;
};

/** The first word of a client's name, when no other client starts with it ("Stark" for Stark Logistics). */
const shortClient = (w: World, client: string) => {
  const first = client.split(" ")[0]!;
  const clash = clientNames(w).filter((c) => c.toLowerCase().startsWith(first.toLowerCase()));
  return clash.length === 1 ? first : client;
};

/** The client with the most unpaid invoices. */
const busiestDebtor = (w: World) => {
  const ranked = clientNames(w)
    .map((c) => ({ c, n: w.invoices.filter((i) => i.client === c && unpaid(i)).length }))
    .sort((a, b) => b.n - a.n);
  const top = ranked[0];
  if (!top || top.n < 2) throw new Error("no client with two or more unpaid invoices");
  return top.c;
};

const NEXT: Record<string, string> = { applied: "screening", screening: "interview", interview: "offer", offer: "hired" };
const uniqueCandidates = (w: World) => w.candidates.filter((c) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1);
const openJobOf = (w: World, c: Candidate) => w.jobs.some((j) => j.id === c.job_id && j.status === "open");
const near = (want: number) => is.where(`about ${want.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - want) < 0.005);
const plain = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

export const CASES: Case[] = [
  /* =================== reads (17) =================== */

  // finance
  about("finance", "read", "how much <the client with most unpaid invoices> still owes us, all open faturas summed", (w) => {
    const client = busiestDebtor(w);
    return {
      say: `How much the ${shortClient(w, client)} still owes to us? sum all the faturas that are open please`,
      expect: [money(dueSums(ofClient(w, client).filter(unpaid)), "amount still owed")],
    };
  }),
  about("finance", "read", "which invoices are delayed today, with their numbers", (w) => {
    const late = w.invoices.filter(overdue);
    const notLate = w.invoices.filter((i) => unpaid(i) && !overdue(i));
    return {
      say: "which faturas are delayed today? i need the list with the numbers and how many are",
      expect: [count(late.length, "overdue invoices"), names(numbers(late), numbers(notLate))],
    };
  }),
  about("finance", "read", "is there still some invoice of <a client with open and closed invoices> open", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const mine = w.invoices.filter((i) => i.client === c);
        return mine.filter(unpaid).length >= 2 && mine.some((i) => ["paid", "void", "uncollectible"].includes(i.status));
      },
      "client with unpaid and closed invoices",
    );
    const mine = w.invoices.filter((i) => i.client === client);
    const closed = mine.filter((i) => ["paid", "void", "uncollectible"].includes(i.status));
    return {
      say: `there is some invoice of ${shortClient(w, client)} still open? if yes tell me which`,
      expect: [names(numbers(mine.filter(unpaid)), numbers(closed))],
    };
  }),
  about("finance", "read", "the situation of <a part-paid overdue invoice>, by its short number", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
    return {
      say: `whats the situation of the ${shortNumber(inv)}? the client paid something already or not, how much is missing`,
      expect: [says("overdue", "past due", "late"), money({ [inv.currency]: inv.amount_due }, "amount still due")],
    };
  }),
  about("finance", "read", "which unpaid invoices have their due date this month", (w) => {
    const [first, last] = month(w);
    const inMonth = (i: Invoice) => i.due_date >= first && i.due_date <= last;
    const open = w.invoices.filter(unpaid);
    return {
      say: "Which faturas have vencimento this month? only the ones not paid yet, the others dont matter",
      expect: [names(numbers(open.filter(inMonth)), numbers(open.filter((i) => !inMonth(i))))],
    };
  }),
  about("finance", "read", "how many draft invoices there are and their total value", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return {
      say: "how many invoices we have in draft still (not emitted)? and what is the total value of them",
      expect: [count(drafts.length, "draft invoices"), money(amountSums(drafts), "total of the drafts")],
    };
  }),

  // growth
  about("growth", "read", "who are the contacts of <the account with most contacts>", (w) => {
    const distinct = (id: string) => uniqueContacts(w).filter((c) => c.account_id === id).length;
    const acc = [...w.accounts].sort((a, b) => distinct(b.id) - distinct(a.id))[0]!;
    const mine = contactsOf(w, acc.id);
    const others = w.contacts.filter((c) => c.account_id !== acc.id);
    return {
      say: `who are the contacts that we have in the ${acc.name}?`,
      expect: [names(mine.map(fullName), others.map(fullName))],
    };
  }),
  about("growth", "read", "which deals are in the negotiation stage now (named by their accounts)", (w) => {
    const neg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    const accountName = (d: Deal) => w.accounts.find((a) => a.id === d.account_id)?.name;
    const inNeg = neg.map(accountName).filter((n): n is string => !!n);
    const notInNeg = w.accounts.filter((a) => dealsOf(w, a.id).length && !inNeg.includes(a.name)).map((a) => a.name);
    return {
      say: "which deals are in the phase of negotiation now?",
      expect: [names(inNeg, notInNeg)],
    };
  }),
  about("growth", "read", "how many contacts are still in lead stage", (w) => ({
    say: "how many contacts are still lead? not qualified nor customer, only lead",
    expect: [count(w.contacts.filter((c) => c.lifecycle_stage === "lead").length, "lead contacts")],
  })),
  about("growth", "read", "who is enrolled now in <the active sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active" && enrolledContacts(w, s.id).length > 0, "active sequence with enrollments");
    return {
      say: `who is inside the sequence "${seq.name}" at the moment?`,
      expect: [names(enrolledContacts(w, seq.id).map(fullName))],
    };
  }),
  about("growth", "read", "the value and expected close date of the deal of <an account with one open deal>", (w) => {
    const { deal, account } = soleOpenDeal(w);
    if (deal.amount === null || !deal.expected_close_date) throw new Error("the deal has no amount or close date");
    return {
      say: `what is the value of the deal of ${account} and when is the previsão to close it?`,
      expect: [money({ [deal.currency]: deal.amount }, "deal value"), date(deal.expected_close_date, "expected close date")],
    };
  }),

  // talent
  about("talent", "read", "who is still in process for <a job with rejected candidates>, leaving out the rejected", (w) => {
    const job = pick(
      w.jobs,
      (j) => candidatesOf(w, j.id).some((c) => c.stage === "rejected") && candidatesOf(w, j.id).some((c) => c.stage in NEXT),
      "job with rejected and active candidates",
    );
    const mine = candidatesOf(w, job.id);
    return {
      say: `who still is in process for the vaga of ${job.title.toLowerCase()}? the rejected ones i dont need`,
      expect: [names(mine.filter((c) => c.stage in NEXT).map(fullName), mine.filter((c) => c.stage === "rejected").map(fullName))],
    };
  }),
  about("talent", "read", "in which stage is <a candidate in interview or offer>", (w) => {
    const cand = pick(uniqueCandidates(w), (c) => c.stage === "offer" || c.stage === "interview", "candidate in interview or offer");
    return {
      say: `in which phase is the candidate ${fullName(cand)}?`,
      expect: [says(cand.stage)],
    };
  }),
  about("talent", "read", "how many jobs are open and which", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const closed = w.jobs.filter((j) => j.status !== "open");
    return {
      say: "how much vagas we have open now? and which are they",
      expect: [
        count(open.length, "open jobs"),
        names(
          open.map((j) => j.title),
          closed.map((j) => j.title),
        ),
      ],
    };
  }),
  about("talent", "read", "the candidates that came by referral", (w) => {
    const byReferral = w.candidates.filter((c) => (c.source ?? "").toLowerCase() === "referral");
    const rest = w.candidates.filter((c) => (c.source ?? "").toLowerCase() !== "referral");
    return {
      say: "list for me the candidates that came by indication (referral)",
      expect: [names(byReferral.map(fullName), rest.map(fullName))],
    };
  }),

  // intelligence
  about("intelligence", "read", "how many new contacts came in the last 30 days", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    return {
      say: "How many new contacts entered in the last 30 days?",
      expect: [count(w.snapshot.growth.new_contacts_last_30_days, "new contacts in 30 days")],
    };
  }),
  about("intelligence", "read", "how much is overdue by more than 60 days, per currency", (w) => {
    const old = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    return {
      say: "how much money we have overdue more than 60 days? separate by currency please",
      expect: [money(dueSums(old), "overdue beyond 60 days")],
    };
  }),

  /* =================== writes (15) =================== */

  // finance
  about("finance", "write", "create an invoice for <an account> of 4.750,00 dollars due in 30 days", (w) => {
    const acc = pick(
      w.accounts,
      (a) => {
        const mine = w.invoices.filter((i) => i.client === a.name);
        return a.name.split(" ").length === 2 && mine.length > 0 && mine.every((i) => i.currency === "USD");
      },
      "account billed in dollars only",
    );
    return {
      say: `pls register one fatura to the client ${acc.name} in the value of 4.750,00 dollars with due in 30 days, is for the consulting of this month`,
      expect: [
        created("invoice", {
          client: is.containing(acc.name.split(" ")[0]!),
          amount: 4750,
          currency: "USD",
          due_date: addDays(today(w), 30),
        }),
      ],
    };
  }),
  about("finance", "write", "<client> paid <an overdue invoice> in full, mark it paid", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "unpaid overdue invoice");
    return {
      say: `the ${shortClient(w, inv.client)} paid the ${shortNumber(inv)} complete yesterday, can mark as paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a partial payment of 2000 on <a USD overdue invoice>", (w) => {
    const fits = w.invoices.filter((i) => overdue(i) && i.currency === "USD" && i.amount_due > 5000 && i.amount_paid === 0);
    const inv = fits[fits.length - 1];
    if (!inv) throw new Error("no USD overdue invoice above 5000 in the data");
    return {
      say: `we received 2.000,00 dollars from ${inv.client} for the ${inv.number}, is only one part, they will pay the rest until friday. register the payment`,
      expect: [changed("invoice", inv.id, { amount_paid: near(2000), amount_due: near(inv.amount_due - 2000) }, inv.number)],
    };
  }),
  about("finance", "write", "issue <a draft invoice> named by its client and amount", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft" && i.due_date > today(w));
    const several = (i: Invoice) => drafts.filter((d) => d.client === i.client).length >= 2;
    const inv = drafts.find(several) ?? pick(drafts, () => true, "draft invoice due later");
    return {
      say: `the fatura of ${inv.client} of ${brl(inv.amount)} (${inv.currency.toLowerCase()}) is approved, can emit it now`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "cancel <an open invoice> because the client ended the contract (waits for approval)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `cancel the invoice ${inv.number} of ${inv.client} please, they finished the contract with us and this one is not valid more`,
      expect: [approval(/void|cancel/i, inv.id, inv.number)],
    };
  }),

  // growth
  about("growth", "write", "move the deal of <an account whose open deal is early> to Proposal", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    return {
      say: `the negociation with ${account} advanced, pass their deal to the phase proposal pls`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)],
    };
  }),
  about("growth", "write", "the deal of <an account in negotiation> was won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    const won = pick(stages(w), (s) => s.kind === "won", "won stage");
    return {
      say: `we closed with ${account}!! they signed today, mark the deal as won`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "the <topic> deal of <an account with two open deals> was lost", (w) => {
    const acc = pick(
      w.accounts,
      (a) => {
        const open = dealsOf(w, a.id).filter((d) => d.status === "open");
        return open.length >= 2 && new Set(open.map(dealTopic)).size === open.length;
      },
      "account with two open deals",
    );
    const deal = dealsOf(w, acc.id).filter((d) => d.status === "open")[1]!;
    const lost = pick(stages(w), (s) => s.kind === "lost", "lost stage");
    return {
      say: `we lost the ${dealTopic(deal).toLowerCase()} of ${acc.name}, the client chose other supplier. put it as lost please`,
      expect: [changed("deal", deal.id, { stage_id: lost.id, status: "lost" }, deal.name)],
    };
  }),
  about("growth", "write", "new contact Mariana Costa, CFO of <an account with a domain>", (w) => {
    const acc = pick([...w.accounts].reverse(), (a) => !!a.domain?.endsWith(".com") && contactsOf(w, a.id).length > 0, "account with a .com domain");
    const email = `mariana.costa@${acc.domain}`;
    return {
      say: `register a new contact for me: Mariana Costa, email ${email}, she is the new CFO of ${acc.name}`,
      expect: [created("contact", { email, first_name: is.text("Mariana"), last_name: is.text("Costa"), account_id: acc.id })],
    };
  }),
  about("growth", "write", "create a deal Expansion 2027 for <an account>, 45 thousand euros, closing end of March", (w) => {
    const acc = pick([...w.accounts].reverse(), (a) => dealsOf(w, a.id).length > 0, "account with deals");
    return {
      say: `create one deal for ${acc.name} with name "Expansion 2027", 45.000 euros, previsão to close in the end of march`,
      expect: [
        created("deal", {
          name: is.containing("Expansion 2027"),
          account_id: acc.id,
          amount: 45000,
          currency: "EUR",
          expected_close_date: endOfNamedMonth(w, 3),
        }),
      ],
    };
  }),
  about("growth", "write", "enrol <a contact not yet in it> in <the active sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id));
    const contact = pick(uniqueContacts(w), (c) => !inIt.has(c.id) && c.lifecycle_stage === "lead", "unique lead contact outside the sequence");
    const acc = w.accounts.find((a) => a.id === contact.account_id);
    return {
      say: `put the ${fullName(contact)}${acc ? ` of ${acc.name}` : ""} in the sequence ${seq.name.toLowerCase()}, is a new lead from the event`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),

  // talent
  about("talent", "write", "<a candidate in screening or interview> passed, move to the next stage", (w) => {
    const cand = pick(uniqueCandidates(w), (c) => (c.stage === "interview" || c.stage === "screening") && openJobOf(w, c), "candidate in screening/interview");
    return {
      say: `the candidate ${fullName(cand)} was approved in the ${cand.stage}, actualize to the next fase please`,
      expect: [changed("candidate", cand.id, { stage: NEXT[cand.stage]! }, fullName(cand))],
    };
  }),
  about("talent", "write", "reject <a candidate in applied or screening>", (w) => {
    const cand = pick(uniqueCandidates(w), (c) => (c.stage === "screening" || c.stage === "applied") && openJobOf(w, c), "candidate in applied/screening");
    const job = w.jobs.find((j) => j.id === cand.job_id)!;
    return {
      say: `${fullName(cand)} not passed for the vaga of ${job.title}, the profile is not what we need. can reject`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "add candidate Camila Rocha from LinkedIn to <an open job>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && j.title.toLowerCase().includes("account"), "open account job");
    return {
      say: `add one candidate in the vaga of ${job.title}: Camila Rocha, camila.rocha@gmail.com, she came from linkedin`,
      expect: [
        created("candidate", {
          job_id: job.id,
          email: "camila.rocha@gmail.com",
          first_name: is.text("Camila"),
          last_name: is.text("Rocha"),
          source: is.containing("linkedin"),
        }),
      ],
    };
  }),
  about("talent", "write", "open a new job: Financial Analyst, Finance, São Paulo, full time", () => ({
    say: "we need to open a new vaga: Financial Analyst, department Finance, here in São Paulo, full time",
    expect: [
      created("job", {
        title: is.containing("Financial Analyst"),
        department: is.text("Finance"),
        location: is.where('containing "Sao Paulo" (accents or not)', (v: string) => typeof v === "string" && plain(v).includes("sao paulo")),
        employment_type: "full_time",
      }),
    ],
  })),

  /* =================== figures (4) =================== */

  about("intelligence", "figure", "win rate of the last 90 days", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    return {
      say: "what is our win rate of the last 90 days? in percentage",
      expect: [figure(w.snapshot.growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
    };
  }),
  about("intelligence", "figure", "days sales outstanding in dollars", (w) => {
    const usd = w.snapshot?.finance.currencies.find((c) => c.currency === "USD");
    if (!usd) throw new Error("no USD figures in the snapshot");
    return {
      say: "the director is asking the DSO of the dollar invoices, how many days is it?",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
    };
  }),
  about("growth", "figure", "open pipeline value and its weighted value", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.amount !== null);
    return {
      say: "quanto we have in the pipeline? i want the total open and also the weighted value",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open pipeline",
        ),
        money(
          sums(open, (d: Deal) => ((d.amount ?? 0) * stageOf(w, d).probability) / 100),
          "weighted pipeline",
        ),
      ],
    };
  }),
  about("talent", "figure", "how many candidates of open jobs are in interview or offer", (w) => {
    const late = w.candidates.filter((c) => (c.stage === "interview" || c.stage === "offer") && openJobOf(w, c));
    return {
      say: "to see the funnel of hiring: how many candidates are in interview or in offer, summing all the vagas open?",
      expect: [figure(late.length, "candidates in interview or offer")],
    };
  }),

  /* =================== must not act (6) =================== */

  about("finance", "question", "make a discount on the invoice, without saying which", () => ({
    say: "make a discount of 10% in the fatura of the client please",
    expect: [noChange(), asksBack()],
  })),
  about("finance", "question", "mark as paid the invoice of <a client with several unpaid invoices>", (w) => {
    const client = busiestDebtor(w);
    return {
      say: `the ${shortClient(w, client)} paid, mark the invoice as paid`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "move the deal to the next stage, no deal named", () => ({
    say: "move the deal to the next phase, the meeting was good",
    expect: [noChange(), asksBack()],
  })),
  about("growth", "question", "make <a contact name two contacts share> a customer", (w) => {
    const shared = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length >= 2 && new Set(same.map((o) => o.account_id)).size >= 2 && same.every((o) => o.lifecycle_stage !== "customer");
      },
      "name shared by two non-customer contacts",
    );
    return {
      say: `the ${fullName(shared)} now is customer, actualize it please`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "reject the candidate of <a job with several candidates in process>, without a name", (w) => {
    const inProcess = (id: string) => candidatesOf(w, id).filter((c) => c.stage in NEXT).length;
    const job = [...w.jobs].filter((j) => j.status === "open").sort((a, b) => inProcess(b.id) - inProcess(a.id))[0];
    if (!job || inProcess(job.id) < 2) throw new Error("no open job with several candidates in process");
    return {
      say: `the candidate of the ${job.title.toLowerCase()} vaga did not pass, reject please`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "close the job, without saying which", (w) => {
    const withHire = w.jobs.filter((j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired"));
    if (withHire.length < 2) throw new Error("fewer than two open jobs with a hire");
    return {
      say: "can close the vaga please, we already hired the person",
      expect: [noChange(), asksBack()],
    };
  }),
];
