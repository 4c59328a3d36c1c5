import { about, approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  clientNames,
  clientWithUnpaid,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  candidatesOf,
  numbers,
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
} from "../facts.ts";
import type { Account, Candidate, Invoice, World } from "../world.ts";

/*
 * Thirtieth blind set: the office manager of a German engineering consultancy,
 * writing English as a second language (German word order, false friends such
 * as "actual" for current, "until" for by, "become" for receive, "offer" for
 * quote, "bill" and "calculation" mixed up), formal politeness, dates day-first
 * with dots, amounts with a decimal comma and a thousands dot, the odd German
 * word.
 */

/** 2027-01-15 -> 15.01.2027, as the persona writes a date. */
const de = (isoDate: string) => {
  const [y, m, d] = isoDate.split("-");
  return `${d}.${m}.${y}`;
};

const accountOf = (w: World, id: string | null): Account => pick(w.accounts, (a) => a.id === id, "account of the record");
const unpaidOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client && unpaid(i));
const uniqueCandidates = (w: World) => w.candidates.filter((c) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1);
const jobOf = (w: World, c: Candidate) => pick(w.jobs, (j) => j.id === c.job_id, "job of the candidate");
const ACTIVE = ["applied", "screening", "interview", "offer"];

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  about("finance", "read", "how many bills are overdue at the moment", (w) => ({
    say: "Good morning, please could you tell me how many bills are actual overdue? Our Geschäftsführer asks me for the number before the meeting.",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),
  about("finance", "read", "which invoices of <a client with several unpaid and some paid> are not paid yet", (w) => {
    const client = pick(
      clientNames(w),
      (c) => unpaidOf(w, c).length >= 3 && w.invoices.some((i) => i.client === c && i.status === "paid"),
      "client with three unpaid and a paid invoice",
    );
    const open = unpaidOf(w, client);
    const paid = w.invoices.filter((i) => i.client === client && i.status === "paid");
    return {
      say: `Which invoices of ${client} are still open, so not paid until now? I need the numbers for my telephone call with their Buchhaltung.`,
      expect: [names(numbers(open), numbers(paid), open.length)],
    };
  }),
  about("finance", "read", "how much <a client with two unpaid invoices> still owes us", (w) => {
    const client = clientWithUnpaid(w, 2);
    return {
      say: `How much money has ${client} still to pay to us, all together? Thank you in advance.`,
      expect: [money(dueSums(unpaidOf(w, client)), `amount ${client} still owes`)],
    };
  }),
  about("finance", "read", "until when <the only open invoice of a client> must be paid", (w) => {
    const client = clientWithUnpaid(w, 1, (i) => i.status === "open");
    const inv = unpaidOf(w, client)[0]!;
    return {
      say: `Until when must ${client} pay the bill ${shortNumber(inv)}? I do not find the Fälligkeitsdatum in my folder.`,
      expect: [date(inv.due_date, `due date of ${inv.number}`)],
    };
  }),
  about("finance", "read", "list of the invoices that are still drafts", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    const sent = w.invoices.filter((i) => i.status !== "draft");
    return {
      say: "Please give me a list of the invoices which are still in Entwurf (draft), so they are not sent to the customer until now.",
      expect: [names(numbers(drafts), numbers(sent), drafts.length)],
    };
  }),
  about("finance", "read", "which unpaid invoices are paid only partly", (w) => {
    const partly = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    const full = w.invoices.filter((i) => i.status === "paid");
    return {
      say: "Some customers have transferred only a part of the bill amount. Which invoices are partly paid and still have a rest open, please?",
      expect: [names(numbers(partly), numbers(full), partly.length)],
    };
  }),
  about("finance", "read", "the biggest overdue invoice in dollars and its client", (w) => {
    const usd = w.invoices.filter((i) => overdue(i) && i.currency === "USD");
    const top = usd.reduce(
      (a, b) => (b.amount_due > a.amount_due ? b : a),
      pick(usd, () => true, "overdue USD invoice"),
    );
    return {
      say: "Which is the highest overdue invoice in US-Dollar, and from which customer is it? I mean the amount which is still due.",
      expect: [names([top.number]), says(top.client)],
    };
  }),

  /* ---------------- reads: growth ---------------- */
  about("growth", "read", "all contact persons at <an account with four contacts>", (w) => {
    const acc = pick(w.accounts, (a) => w.contacts.filter((c) => c.account_id === a.id).length === 4, "account with four contacts");
    const people = w.contacts.filter((c) => c.account_id === acc.id).map(fullName);
    return {
      say: `Please could you show me all Ansprechpartner (contact persons) we have at ${acc.name}?`,
      expect: [names(people, [], people.length)],
    };
  }),
  about("growth", "read", "which customers have a deal in negotiation", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const inNeg = w.deals.filter((d) => d.status === "open" && d.stage_id === neg.id);
    const wanted = [...new Set(inNeg.map((d) => accountOf(w, d.account_id).name))];
    const others = [
      ...new Set(
        w.deals
          .filter((d) => d.status === "open" && d.stage_id !== neg.id && d.account_id)
          .map((d) => accountOf(w, d.account_id).name)
          .filter((n) => !wanted.includes(n)),
      ),
    ];
    return {
      say: "Which deals stand actual in the phase Negotiation? The names of the customers are enough for me.",
      expect: [names(wanted, others, wanted.length)],
    };
  }),
  about("growth", "read", "who are the decision-makers at <an account with tagged and untagged contacts>", (w) => {
    const acc = pick(
      w.accounts,
      (a) => {
        const cs = w.contacts.filter((c) => c.account_id === a.id);
        return cs.filter((c) => c.tags.includes("decision-maker")).length >= 2 && cs.some((c) => !c.tags.includes("decision-maker"));
      },
      "account with two decision-makers and other contacts",
    );
    const cs = w.contacts.filter((c) => c.account_id === acc.id);
    const deciders = cs.filter((c) => c.tags.includes("decision-maker")).map(fullName);
    const rest = cs.filter((c) => !c.tags.includes("decision-maker")).map(fullName);
    return {
      say: `Who are the Entscheider at ${acc.name}? I mean the persons which are marked as decision-maker.`,
      expect: [names(deciders, rest, deciders.length)],
    };
  }),
  about("growth", "read", "which persons are in <the active sequence> right now", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active" && enrolledContacts(w, s.id).length > 0, "active sequence with enrollments");
    const inside = enrolledContacts(w, seq.id).map(fullName);
    const outside = w.contacts.map(fullName).filter((n) => !inside.includes(n));
    return {
      say: `Which persons are at the moment in the sequence "${seq.name}"? Please all names.`,
      expect: [names(inside, outside, inside.length)],
    };
  }),
  about("growth", "read", "in which stage the open deal of <an account with a qualified deal> stands", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified", "Proposal"]);
    const several = dealsOf(w, deal.account_id!).length > 1;
    return {
      say: `In which phase is our deal with ${account}${several ? ", I mean the one which is still open" : ""}?`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "until when we expect to close the deal of <an account with one deal>", (w) => {
    const { deal, account } = soleOpenDeal(w);
    if (!deal.expected_close_date) throw new Error("the deal has no expected close date");
    return {
      say: `Until when do we expect the signature from ${account} for their deal? The Vertrieb said something but I forgot.`,
      expect: [date(deal.expected_close_date, "expected close date")],
    };
  }),

  /* ---------------- reads: talent ---------------- */
  about("talent", "read", "everyone who applied for the backend engineer job", (w) => {
    const job = jobNamed(w, "Backend");
    const mine = candidatesOf(w, job.id).map(fullName);
    const others = w.candidates.filter((c) => c.job_id !== job.id).map(fullName);
    return {
      say: `Who has applied for the ${job.title} position${job.location ? ` in ${job.location}` : ""}? Please give me all the names.`,
      expect: [names(mine, others, mine.length)],
    };
  }),
  about("talent", "read", "which candidates have an offer at the moment", (w) => {
    const offers = inStage(w, "offer").map(fullName);
    const rest = w.candidates.filter((c) => c.stage !== "offer").map(fullName);
    return {
      say: "To which Bewerber (candidates) have we made an offer at the moment, so they are in the offer stage?",
      expect: [names(offers, rest, offers.length)],
    };
  }),
  about("talent", "read", "in which stage <a candidate in screening> is", (w) => {
    const cand = pick(uniqueCandidates(w), (c) => c.stage === "screening", "candidate in screening");
    return {
      say: `Please could you tell me in which stage ${fullName(cand)} is actual? The Fachabteilung asked me.`,
      expect: [says(cand.stage)],
    };
  }),
  about("talent", "read", "how many candidates are in the interview round over all jobs", (w) => ({
    say: "How many candidates do we have at the moment in the Vorstellungsgespräch (interview) round, over all positions together?",
    expect: [count(inStage(w, "interview").length, "candidates in interview")],
  })),

  /* ---------------- writes: finance ---------------- */
  about("finance", "write", "<an overdue invoice with nothing paid> is paid completely", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice without payments");
    return {
      say: `${inv.client} has transferred yesterday the complete amount for ${shortNumber(inv)}. Please book it as paid.`,
      expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
    };
  }),
  about("finance", "write", "a part payment of 2.500,00 on <an overdue invoice>", (w) => {
    const inv = [...w.invoices].reverse().find((i) => overdue(i) && i.amount_paid === 0 && i.amount_due > 3000);
    if (!inv) throw new Error("no overdue invoice above 3000 without payments");
    return {
      say: `From ${inv.client} we have become a Teilzahlung of 2.500,00 ${inv.currency} for the invoice ${inv.number}. The rest is still open, please enter only this payment.`,
      expect: [
        changed(
          "invoice",
          inv.id,
          { amount_paid: 2500, amount_due: is.where(`${(inv.amount_due - 2500).toFixed(2)}`, (v: number) => Math.abs(v - (inv.amount_due - 2500)) < 0.01) },
          inv.number,
        ),
      ],
    };
  }),
  about("finance", "write", "a new invoice to <an account> over 4.250,00 EUR due in 30 days", (w) => {
    const acc = pick(w.accounts, (a) => a.name.startsWith("Northwind"), "account Northwind");
    const due = addDays(today(w), 30);
    return {
      say: `Please could you write a new invoice to ${acc.name} over 4.250,00 EUR for our calculation of the data migration (Berechnung der Datenmigration). Payable until ${de(due)}.`,
      expect: [created("invoice", { client: is.text(acc.name), amount: 4250, currency: "EUR", due_date: due })],
    };
  }),
  about("finance", "write", "send out the only draft of <a client>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && w.invoices.filter((o) => o.client === i.client && o.status === "draft").length === 1,
      "client with a single draft",
    );
    return {
      say: `The draft bill for ${inv.client} is checked now by our Geschäftsführer, it is okay. Please make it final so it goes out to the customer.`,
      expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),
  about("finance", "write", "cancel <the only open invoice of a client>, order was cancelled", (w) => {
    const client = [...clientNames(w)].reverse().find((c) => {
      const open = unpaidOf(w, c);
      return open.length === 1 && open[0]!.status === "open";
    });
    if (!client) throw new Error("no client with a single open invoice");
    const inv: Invoice = unpaidOf(w, client)[0]!;
    return {
      say: `Please storno the invoice ${inv.number} for ${client}. The customer has cancelled the order, so this bill is not valid any more.`,
      expect: [approval(/void/i, inv.id, inv.number, shortNumber(inv))],
    };
  }),

  /* ---------------- writes: growth ---------------- */
  about("growth", "write", "new contact Hannah Becker, head of purchasing at <an account>", (w) => {
    const acc = pick(w.accounts, (a) => a.name.startsWith("Northwind") && !!a.domain, "account Northwind with a domain");
    const email = `hannah.becker@${acc.domain}`;
    return {
      say: `We have a new Ansprechpartnerin at ${acc.name}: Mrs. Hannah Becker, she is the Leiterin Einkauf, so Head of Purchasing. Her e-mail is ${email}. Please create her as contact.`,
      expect: [
        created("contact", {
          first_name: is.text("Hannah"),
          last_name: is.text("Becker"),
          email,
          title: is.containing("Purchasing"),
          account_id: acc.id,
        }),
      ],
    };
  }),
  about("growth", "write", "move <a deal in proposal> to negotiation", (w) => {
    const deal = openDealIn(w, ["Proposal"]);
    const acc = accountOf(w, deal.account_id);
    const neg = stageNamed(w, "Negotiation");
    return {
      say: `Our offer to ${acc.name} for the ${dealTopic(deal)} is now in Verhandlung. Please put this deal into the phase Negotiation.`,
      expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)],
    };
  }),
  about("growth", "write", "we received the order from <an account with one deal in negotiation>: won", (w) => {
    const acc = [...w.accounts].reverse().find((a) => {
      const ds = dealsOf(w, a.id);
      return ds.length === 1 && ds[0]!.status === "open" && stageOf(w, ds[0]!).name === "Negotiation";
    });
    if (!acc) throw new Error("no account with a single deal in negotiation");
    const deal = dealsOf(w, acc.id)[0]!;
    return {
      say: `Good news, we have become the order from ${acc.name}! They signed today. Please set their deal on won.`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "new deal training workshop for <an account>, 12.500 EUR, closing in three months", (w) => {
    const acc = pick(w.accounts, (a) => a.name.startsWith("Umbrella"), "account Umbrella");
    const current = w.now.getUTCMonth() + 1;
    const close = endOfNamedMonth(w, ((current + 2) % 12) + 1);
    return {
      say: `Please could you create a new deal for ${acc.name}, name "Training Workshop", value 12.500 EUR. We expect the signature until ${de(close)}.`,
      expect: [
        created("deal", {
          name: is.containing("Training Workshop"),
          account_id: acc.id,
          amount: 12500,
          currency: "EUR",
          expected_close_date: close,
        }),
      ],
    };
  }),
  about("growth", "write", "put <a contact not yet enrolled> into <the active sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inside = enrolledContacts(w, seq.id).map((c) => c.id);
    const person = pick(uniqueContacts(w), (c) => !inside.includes(c.id) && !!c.account_id, "unique contact outside the sequence");
    const acc = accountOf(w, person.account_id);
    return {
      say: `Please put ${fullName(person)} from ${acc.name} into the sequence "${seq.name}", he showed interest on the Messe last week.`,
      expect: [enrolled(seq.id, person.id, fullName(person))],
    };
  }),
  about("growth", "write", "the current phone number of <a contact> is +49 89 4521 7730", (w) => {
    const person = pick(uniqueContacts(w), (c) => c.tags.includes("decision-maker") && !!c.account_id, "unique decision-maker");
    const acc = accountOf(w, person.account_id);
    return {
      say: `The actual telephone number of ${fullName(person)} (${acc.name}) is +49 89 4521 7730. Please store it, we had no number until now.`,
      expect: [
        changed(
          "contact",
          person.id,
          { phone: is.where("the digits 498945217730", (v: string) => typeof v === "string" && v.replace(/\D/g, "") === "498945217730") },
          fullName(person),
        ),
      ],
    };
  }),

  /* ---------------- writes: talent ---------------- */
  about("talent", "write", "new applicant Jonas Weber for the backend job, via referral", (w) => {
    const job = jobNamed(w, "Backend");
    return {
      say: `For the ${job.title} position we have a new Bewerber: Herr Jonas Weber, e-mail jonas.weber@example.de. He came over an Empfehlung (referral) from a colleague. Please put him into the system.`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Jonas"),
          last_name: is.text("Weber"),
          email: "jonas.weber@example.de",
          source: is.where("a referral", (v: string) => typeof v === "string" && /referral|empfehlung/i.test(v)),
        }),
      ],
    };
  }),
  about("talent", "write", "move <a candidate after the interview> to the offer stage", (w) => {
    const cand = pick(uniqueCandidates(w), (c) => c.stage === "interview", "candidate in interview");
    return {
      say: `${fullName(cand)} has made a very good impression in the Vorstellungsgespräch. Please could you move the candidate to the offer stage?`,
      expect: [changed("candidate", cand.id, { stage: "offer" }, fullName(cand))],
    };
  }),
  about("talent", "write", "reject <a candidate who just applied>", (w) => {
    const cand = [...uniqueCandidates(w)].reverse().find((c) => c.stage === "applied");
    if (!cand) throw new Error("no candidate in applied");
    return {
      say: `Unfortunately we must give ${fullName(cand)} an Absage for the ${jobOf(w, cand).title} job, the profile does not fit to us. Please reject the application.`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "close <an open job that has hired someone>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired"), "open job with a hire");
    const hired = pick(candidatesOf(w, job.id), (c) => c.stage === "hired", "hired candidate");
    return {
      say: `The ${job.title} position is besetzt now, ${fullName(hired)} has signed the contract. Please close the job, we do not search any more.`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* ---------------- key figures ---------------- */
  about("intelligence", "figure", "our current win rate on deals", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    return {
      say: "What is our actual Abschlussquote, so the win rate of the deals? Please in percent.",
      expect: [figure(w.snapshot.growth.last_90_days.win_rate, "win rate", "percent")],
    };
  }),
  about("intelligence", "figure", "total open receivables per currency", (w) => ({
    say: "Please could you tell me the sum of all offene Posten, so what the customers still owe us? For each currency separately, thank you.",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding amount")],
  })),
  about("intelligence", "figure", "days sales outstanding in US dollars", (w) => {
    const usd = w.snapshot?.finance.currencies.find((c) => c.currency === "USD");
    if (!usd) throw new Error("no USD figures in the snapshot");
    return {
      say: "How many days do our customers need in average until they pay? I mean the DSO for the Dollar invoices.",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
    };
  }),
  about("intelligence", "figure", "weighted value of the sales pipeline", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    const sums: Record<string, number> = {};
    for (const t of w.snapshot.growth.pipeline.totals) sums[t.currency] = t.weighted_value;
    return {
      say: "For the Quartalsbericht I need the weighted value of our sales pipeline, so the amounts multiplied with the probability. What is it actual?",
      expect: [money(sums, "weighted pipeline value")],
    };
  }),

  /* ---------------- must not act ---------------- */
  about("finance", "question", "<a client with several unpaid invoices> paid 'the bill' - which one?", (w) => {
    const client = [...clientNames(w)].reverse().find((c) => unpaidOf(w, c).length >= 2);
    if (!client) throw new Error("no client with two unpaid invoices");
    return {
      say: `${client} has paid the bill now, I saw it on the Kontoauszug this morning. Please mark it as paid.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "make a calculation for <an account> without amount or due date", (w) => {
    const acc = pick(w.accounts, (a) => a.name.startsWith("Tyrell"), "account Tyrell");
    return {
      say: `Please make a new calculation for ${acc.name} for the consulting of last month. Thank you in advance!`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "change the e-mail of <a name two contacts share>", (w) => {
    const twin = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1, "contact name shared by two");
    return {
      say: `Please change the e-mail address of ${fullName(twin)} to ${twin.first_name.toLowerCase()}.${twin.last_name.toLowerCase()}@gmx.de, the old address is not valid any more since this week.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "<an account with two open deals> gave us the order - which deal?", (w) => {
    const acc = [...w.accounts].reverse().find((a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2);
    if (!acc) throw new Error("no account with two open deals");
    return {
      say: `We have become the Auftrag from ${acc.name}! Please set the deal on won.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "reject 'the candidate' of <a job with several candidates in process>", (w) => {
    const job = pick(
      w.jobs,
      (j) => j.status === "open" && candidatesOf(w, j.id).filter((c) => ACTIVE.includes(c.stage)).length >= 2,
      "open job with two candidates in process",
    );
    return {
      say: `Please reject the candidate for the ${job.title}, the Fachabteilung wants somebody with more experience.`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "new applicant Lena Hoffmann without job or e-mail", () => ({
    say: "We have a new Bewerberin, Frau Lena Hoffmann, she sent her CV by post. Please put her in the system.",
    expect: [noChange(), asksBack()],
  })),
];
