// Persona: Margaret, head of people at a small British company, covering for the finance and sales leads this month.
// Writes long, formal, very polite British English; knows recruiting inside out, describes finance and sales in her own words.
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
  money,
  names,
  noChange,
  is,
  unenrolled,
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  addDays,
  amountSums,
  candidatesOf,
  christmas,
  contactsOf,
  dealsOf,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  nextWeekday,
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
import type { Candidate, Contact, Deal, Invoice, Snapshot, World } from "../world.ts";

/* ---------- small helpers of this set ---------- */

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

/** The one invoice of a client with this description (throws when none or several fit). */
function invoiceOf(w: World, client: string, description: string, more: (i: Invoice) => boolean = () => true): Invoice {
  const list = ofClient(w, client).filter((i) => (i.description ?? "").toLowerCase().includes(description.toLowerCase()) && more(i));
  if (list.length !== 1) throw new Error(`expected one ${client} invoice for ${description}, found ${list.length}`);
  return list[0]!;
}

/** The one contact of this name at this account. */
function contactAt(w: World, name: string, account: string): Contact {
  const acc = accountNamed(w, account);
  return pick(contactsOf(w, acc.id), (c) => fullName(c).toLowerCase() === name.toLowerCase(), `${name} at ${account}`);
}

/** The one deal of an account whose name mentions this topic. */
function dealOf(w: World, account: string, topic: string): Deal {
  const acc = accountNamed(w, account);
  const list = dealsOf(w, acc.id).filter((d) => d.name.toLowerCase().includes(topic.toLowerCase()));
  if (list.length !== 1) throw new Error(`expected one ${account} deal about ${topic}, found ${list.length}`);
  return list[0]!;
}

const candidateNamed = (w: World, name: string): Candidate => pick(w.candidates, (c) => fullName(c).toLowerCase() === name.toLowerCase(), `candidate ${name}`);

const stillInRunning = (c: Candidate) => c.stage !== "hired" && c.stage !== "rejected";

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The reply gives the invoice's status as paid (and does not call it unpaid / outstanding). */
function saysPaid(): Check {
  return {
    text: `the reply says the invoice is paid`,
    judge: ({ reply }) => {
      if (/\b(unpaid|not (yet )?(been )?(paid|settled))\b/i.test(reply)) return "the reply calls it unpaid";
      return /\b(paid|settled)\b/i.test(reply) ? null : `"paid" is not in the reply`;
    },
  };
}

const bySide = <T>(list: T[], fits: (x: T) => boolean): [T[], T[]] => [list.filter(fits), list.filter((x) => !fits(x))];

export const CASES: Case[] = [
  /* ======================= finance (12) ======================= */

  // read: overdue invoices of one client, listed and totalled (two currencies)
  about("finance", "read", "which of <Stark Logistics>' invoices are overdue and what they owe on them", (w) => {
    const stark = ofClient(w, "Stark Logistics");
    const [late, rest] = bySide(stark, overdue);
    if (late.length < 2) throw new Error("Stark Logistics needs several overdue invoices");
    return {
      say: "Good morning. I'm looking after the accounts whilst our finance lead is away, and I wonder whether you could tell me which of Stark Logistics' invoices have now gone past their payment date, and how much they still owe us on those in total? Many thanks, Margaret",
      expect: [count(late.length, "overdue invoices"), names(numbers(late), numbers(rest), late.length), money(dueSums(late), "amount still owed")],
    };
  }),

  // read: one invoice's status, designated by client and description
  about("finance", "read", "has <Wonka> paid the custom integration invoice?", (w) => {
    const inv = invoiceOf(w, "Wonka", "custom integration");
    if (inv.status !== "paid") throw new Error("the Wonka custom integration invoice should be paid");
    return {
      say: "Could you possibly let me know whether Wonka Confectionery have settled their invoice for the custom integration build? Their finance director has rung me about it and I should hate to chase them unnecessarily.",
      expect: [saysPaid()],
    };
  }),

  // read: count and total of drafts, in her words
  about("finance", "read", "how many draft invoices, and their total", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    if (!drafts.length) throw new Error("no draft invoices");
    return {
      say: "I'm given to understand that there are a number of invoices which have been prepared but not yet sent out to the clients. Would you be so kind as to tell me how many there are, and what they come to altogether?",
      expect: [count(drafts.length, "draft invoices"), money(amountSums(drafts), "total of the drafts")],
    };
  }),

  // read: filter by amount still owed (not the invoice's full amount)
  about("finance", "read", "unpaid invoices where more than 20,000 is still owed", (w) => {
    const open = w.invoices.filter(unpaid);
    if (open.some((i) => Math.abs(i.amount_due - 20000) < 1)) throw new Error("an unpaid invoice sits at 20,000");
    const [big, small] = bySide(open, (i) => i.amount_due > 20000);
    if (!big.length) throw new Error("no unpaid invoice over 20,000 due");
    return {
      say: "I wonder whether you could help me with something. Of the invoices we are still waiting to be paid on, which are the ones where the sum still owed to us is more than 20,000, whatever the currency? I'd like to mention them at Monday's management meeting.",
      expect: [names(numbers(big), numbers(small), big.length)],
    };
  }),

  // read: sent invoices falling due within the next fortnight
  about("finance", "read", "sent invoices due in the next fortnight", (w) => {
    const t = today(w);
    const end = addDays(t, 14);
    const sent = w.invoices.filter((i) => i.status === "open");
    if (sent.some((i) => i.due_date === end || i.due_date === addDays(end, 1) || i.due_date === t))
      throw new Error("an open invoice sits at the fortnight's edge");
    const inWindow = (i: Invoice) => i.due_date > t && i.due_date <= end;
    const [soon, later] = bySide(sent, inWindow);
    const draftsInWindow = w.invoices.filter((i) => i.status === "draft" && inWindow(i));
    if (!soon.length) throw new Error("no open invoice due within a fortnight");
    return {
      say: "Could you let me know which of the invoices we have already sent out fall due for payment within the next fortnight, please? I'd like to give the clients a gentle reminder beforehand.",
      expect: [names(numbers(soon), [...numbers(later), ...numbers(draftsInWindow)], soon.length)],
    };
  }),

  // write: mark paid in full
  about("finance", "write", "mark <Wonka's API overage invoice> paid", (w) => {
    const inv = invoiceOf(w, "Wonka", "API usage", unpaid);
    return {
      say: "Good afternoon. Wonka Confectionery's accounts department telephoned this morning to say that they have now paid their invoice for the API overage in full, by bank transfer. I'd be most grateful if you could mark it as paid at your earliest convenience. Kind regards, Margaret",
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),

  // write: part payment by cheque
  about("finance", "write", "record a 5,000 USD part payment on <Acme's onboarding workshop invoice>", (w) => {
    const inv = invoiceOf(w, "Acme", "onboarding", unpaid);
    if (inv.currency !== "USD" || inv.amount_due <= 5000) throw new Error("Acme's onboarding invoice should be USD with more than 5,000 due");
    return {
      say: "Acme Robotics have sent us a cheque for 5,000 US dollars towards their invoice for the onboarding workshop. As I understand it, this won't clear the whole balance, so would you be so kind as to record it as a part payment against that invoice?",
      expect: [changed("invoice", inv.id, { amount_paid: round2(inv.amount_paid + 5000), amount_due: round2(inv.amount_due - 5000) }, inv.number)],
    };
  }),

  // write: new invoice, due "a week on Friday"
  about("finance", "write", "raise a GBP 3,250 invoice to Northwind for an onboarding workshop, due a week on Friday", (w) => {
    const [coming, after] = nextWeekday(w, 5) as [string, string];
    const due = w.now.getUTCDay() === 5 ? [coming, after] : [after];
    accountNamed(w, "Northwind");
    return {
      say: "Would you be so kind as to raise an invoice to Northwind Traders for £3,250 for the onboarding workshop we ran for them last week? They have asked for it to be payable a week on Friday. Many thanks, Margaret",
      expect: [
        created("invoice", {
          client: is.containing("Northwind"),
          amount: 3250,
          currency: "GBP",
          due_date: is.oneOf(...due),
          description: is.containing("onboarding"),
        }),
      ],
    };
  }),

  // write (approval): void an invoice sent in error
  about("finance", "write", "cancel <Blue Sun Freight's subscription invoice> (void, approval)", (w) => {
    const inv = invoiceOf(w, "Blue Sun", "subscription", unpaid);
    return {
      say: "I have just learnt that Blue Sun Freight's quarterly subscription invoice went out in error, as they had already given notice before it was raised. I'd be most grateful if you could cancel it so that it no longer stands against them.",
      expect: [approval(/void|cancel/i, inv.id, inv.number, shortNumber(inv))],
    };
  }),

  // write (approval): write off as bad debt
  about("finance", "write", "write off <Pied Piper's overdue invoice> (approval)", (w) => {
    const inv = invoiceOf(w, "Pied Piper", "custom integration", overdue);
    return {
      say: "I'm afraid I've been told that we shan't see a penny from Pied Piper for the custom integration work, as the company is being wound up. Could you please write that invoice off as a bad debt?",
      expect: [approval(/uncollectible|write|bad/i, inv.id, inv.number, shortNumber(inv))],
    };
  }),

  // question: "their invoice" but several are unpaid
  about("finance", "question", "mark Stark Logistics' invoice paid (several unpaid: ask which)", (w) => {
    const open = ofClient(w, "Stark Logistics").filter(unpaid);
    if (open.length < 2) throw new Error("Stark Logistics needs several unpaid invoices");
    return {
      say: "Stark Logistics have emailed to say that they have now paid their invoice. Could you possibly mark it as settled for me? Thank you ever so much.",
      expect: [noChange(), asksBack()],
    };
  }),

  // question: invoice without an amount
  about("finance", "question", "raise an invoice to Initech with no amount (ask)", (w) => {
    accountNamed(w, "Initech");
    return {
      say: "Would you be so kind as to raise an invoice to Initech for the consultancy work on their pipeline review? They would like it to be payable at the end of next month, if that's at all possible.",
      expect: [noChange(), asksBack()],
    };
  }),

  /* ======================= growth (12) ======================= */

  // read: contacts of one account
  about("growth", "read", "who are our contacts at <Stark Logistics>", (w) => {
    const acc = accountNamed(w, "Stark Logistics");
    const [mine, rest] = bySide(w.contacts, (c) => c.account_id === acc.id);
    return {
      say: "Could you possibly remind me who our contacts are at Stark Logistics, and what their positions are? I'm meeting their people next week and should like to be prepared.",
      expect: [names(mine.map(fullName), rest.map(fullName), mine.length)],
    };
  }),

  // read: deals in Negotiation, how many and their value
  about("growth", "read", "deals in negotiation: how many, which, worth", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const [here, rest] = bySide(
      w.deals.filter((d) => d.status === "open"),
      (d) => d.stage_id === neg.id,
    );
    const accountsHere = [...new Set(here.map((d) => pick(w.accounts, (a) => a.id === d.account_id, "account").name))];
    const accountsElsewhere = w.accounts.filter((a) => !accountsHere.includes(a.name)).map((a) => a.name);
    const value: Record<string, number> = {};
    for (const d of here) value[d.currency] = round2((value[d.currency] ?? 0) + (d.amount ?? 0));
    return {
      say: "I'm covering for our sales lead this month and I'm still finding my feet. Could you tell me which deals have reached the stage where we are haggling over terms (negotiation, I believe it's called), how many there are, and what they are worth between them?",
      expect: [count(here.length, "deals in negotiation"), names(accountsHere, accountsElsewhere, accountsHere.length), money(value, "value of those deals")],
    };
  }),

  // read: a deal's expected close date
  about("growth", "read", "expected close date of <Umbrella Health's 50-seat expansion>", (w) => {
    const deal = dealOf(w, "Umbrella Health", "expansion");
    if (!deal.expected_close_date) throw new Error("the expansion deal has no close date");
    return {
      say: "When are we expecting the Umbrella Health expansion, the fifty additional seats, to be signed and sealed? Their chief executive asked me at a dinner last night and I didn't like to guess.",
      expect: [date(deal.expected_close_date, "expected close date")],
    };
  }),

  // read: who is enrolled in a sequence
  about("growth", "read", "who is enrolled in the new lead follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("follow-up"), "follow-up sequence");
    const ids = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id));
    const [inIt, out] = bySide(w.contacts, (c) => ids.has(c.id));
    if (!inIt.length) throw new Error("nobody is enrolled");
    return {
      say: "I wonder whether you could tell me who is currently receiving the automatic follow-up emails that go out to new leads? I'd like to be sure we aren't pestering anyone we oughtn't to be.",
      expect: [names(inIt.map(fullName), out.map(fullName), inIt.length)],
    };
  }),

  // read: open deals expected to close before Christmas
  about("growth", "read", "open deals expected to close before Christmas", (w) => {
    const xmas = christmas(w);
    const open = w.deals.filter((d) => d.status === "open" && d.expected_close_date);
    if (open.some((d) => Math.abs(Date.parse(d.expected_close_date!) - Date.parse(xmas)) <= 86_400_000)) throw new Error("a deal closes around Christmas");
    const [soon, later] = bySide(open, (d) => d.expected_close_date! < xmas);
    if (!soon.length) throw new Error("no deal closes before Christmas");
    const accountOf = (d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "account").name;
    const soonAccounts = [...new Set(soon.map(accountOf))];
    const laterAccounts = [...new Set(later.map(accountOf))].filter((a) => !soonAccounts.includes(a));
    return {
      say: "Good morning. Our managing director would like to know which of the deals we are still working on are expected to be concluded before Christmas, and how many of them there are. Could you possibly let me know? Many thanks, Margaret",
      expect: [count(soon.length, "deals closing before Christmas"), names(soonAccounts, laterAccounts, soonAccounts.length)],
    };
  }),

  // write: new contact at an existing account
  about("growth", "write", "add Rupert Fairweather, Head of Operations at Northwind, as a contact", (w) => {
    const acc = accountNamed(w, "Northwind");
    return {
      say: "We met a most helpful gentleman from Northwind Traders at the trade fair yesterday: Rupert Fairweather, their Head of Operations. His email address is rupert.fairweather@northwind.co.uk. Would you be so kind as to add him to our records under Northwind?",
      expect: [
        created("contact", {
          first_name: is.text("Rupert"),
          last_name: is.text("Fairweather"),
          email: is.text("rupert.fairweather@northwind.co.uk"),
          title: is.containing("operations"),
          account_id: acc.id,
        }),
      ],
    };
  }),

  // write: move a deal to Negotiation, described in her words
  about("growth", "write", "move <Stark's support upgrade> to Negotiation", (w) => {
    const deal = dealOf(w, "Stark Logistics", "support upgrade");
    const neg = stageNamed(w, "Negotiation");
    if (deal.stage_id === neg.id || stageOf(w, deal).kind !== "open") throw new Error("the Stark support upgrade should be open and short of Negotiation");
    return {
      say: "I understand from the sales team that Stark Logistics are content with our proposal for the support upgrade, and that we are now discussing the terms and the price with them. I'd be most grateful if you could move that deal along to the appropriate stage.",
      expect: [changed("deal", deal.id, { stage_id: neg.id, status: "open" }, deal.name)],
    };
  }),

  // write: expected close date to the end of the financial year (31 March)
  about("growth", "write", "push <Globex's pilot project> close date to 31 March", (w) => {
    const deal = dealOf(w, "Globex", "pilot");
    if (deal.status !== "open") throw new Error("the Globex pilot should be open");
    return {
      say: "I'm sorry to report that the Globex pilot project is going to slip, as their budget won't be signed off until later. Would you be so kind as to push its expected closing date back to the end of the financial year, that is to say the 31st of March?",
      expect: [changed("deal", deal.id, { expected_close_date: endOfNamedMonth(w, 3) }, deal.name)],
    };
  }),

  // write: enroll one contact and take another out, in one message
  about("growth", "write", "enroll <Isla Haddad> in the follow-up and take <Ava Chen at Northwind> out of it", (w) => {
    const seq = pick(w.sequences, (s) => s.name.toLowerCase().includes("follow-up"), "follow-up sequence");
    const isla = contactAt(w, "Isla Haddad", "Stark Logistics");
    const ava = contactAt(w, "Ava Chen", "Northwind");
    const active = (c: Contact) => w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === c.id && e.status === "active");
    if (active(isla) || !active(ava)) throw new Error("Isla should be out of the sequence and Ava (Northwind) in it");
    return {
      say: "Two small things regarding the follow-up emails we send to new leads, if I may. Firstly, could you please add Isla Haddad at Stark Logistics to them? Secondly, Ava Chen at Northwind Traders has asked, very courteously, not to receive any more of them, so I'd be grateful if you could take her off. Many thanks, Margaret",
      expect: [enrolled(seq.id, isla.id, "Isla Haddad"), unenrolled(seq.id, ava.id, "Ava Chen (Northwind)")],
    };
  }),

  // write: lifecycle stage and tag on one of two same-named contacts
  about("growth", "write", "<Sofia Kowalski at Initech> becomes a customer and a decision-maker", (w) => {
    const sofia = contactAt(w, "Sofia Kowalski", "Initech");
    if (sofia.lifecycle_stage === "customer" || sofia.tags.includes("decision-maker")) throw new Error("Sofia (Initech) already has it");
    return {
      say: "Sofia Kowalski at Initech has now become a customer of ours, I'm pleased to say. Could you update her record accordingly, and whilst you're at it, tag her as a decision-maker, as she holds the purse strings there?",
      expect: [changed("contact", sofia.id, { lifecycle_stage: "customer", tags: is.including("decision-maker") }, "Sofia Kowalski (Initech)")],
    };
  }),

  // question: two contacts share the name
  about("growth", "question", "change Olivia Tanaka's title (two Olivia Tanakas: ask)", (w) => {
    const olivias = w.contacts.filter((c) => fullName(c) === "Olivia Tanaka");
    if (olivias.length < 2) throw new Error("needs two Olivia Tanakas");
    return {
      say: "Olivia Tanaka has been promoted to Chief Marketing Officer, how lovely. Would you be so kind as to update her job title on our records?",
      expect: [noChange(), asksBack()],
    };
  }),

  // question: "the Umbrella Health deal" but two are open
  about("growth", "question", "mark the Umbrella Health deal lost (two open: ask)", (w) => {
    const acc = accountNamed(w, "Umbrella Health");
    if (dealsOf(w, acc.id).filter((d) => d.status === "open").length < 2) throw new Error("Umbrella Health needs two open deals");
    return {
      say: "I'm sorry to say that the Umbrella Health deal has fallen through; they've gone with a competitor. Could you please mark it as lost?",
      expect: [noChange(), asksBack()],
    };
  }),

  /* ======================= talent (10) ======================= */

  // read: candidates of one job
  about("talent", "read", "where the Senior Backend Engineer candidates are", (w) => {
    const job = jobNamed(w, "Senior Backend");
    const [mine, rest] = bySide(w.candidates, (c) => c.job_id === job.id);
    return {
      say: "Could you give me a quick run-down of where each of the candidates for the Senior Backend Engineer vacancy has got to? I have the hiring manager coming to see me at two.",
      expect: [names(mine.map(fullName), rest.map(fullName), mine.length)],
    };
  }),

  // read: rejected candidates for one job
  about("talent", "read", "how many rejected for Account Executive, and who", (w) => {
    const job = jobNamed(w, "Account Executive");
    const [rej, rest] = bySide(candidatesOf(w, job.id), (c) => c.stage === "rejected");
    return {
      say: "How many people have we turned down for the Account Executive post so far, and could you remind me who they were? I want to make sure each of them has had a proper letter.",
      expect: [count(rej.length, "rejected candidates"), names(rej.map(fullName), rest.map(fullName), rej.length)],
    };
  }),

  // read: referrals still in the running
  about("talent", "read", "candidates still in the running who came by referral", (w) => {
    const [refs, rest] = bySide(w.candidates, (c) => (c.source ?? "").toLowerCase() === "referral" && stillInRunning(c));
    if (!refs.length) throw new Error("no referral still in the running");
    return {
      say: "We are thinking of introducing a bonus for staff who refer candidates. As a starting point, could you tell me which of our candidates who are still in the running (so not hired and not turned down) came to us through a referral?",
      expect: [names(refs.map(fullName), rest.map(fullName), refs.length)],
    };
  }),

  // read: highly rated candidates still in the running
  about("talent", "read", "candidates rated four or more still in the running", (w) => {
    const [top, rest] = bySide(w.candidates, (c) => (c.rating ?? 0) >= 4 && stillInRunning(c));
    if (!top.length) throw new Error("no highly rated live candidate");
    return {
      say: "I wonder whether you could pull together for me a list of our most highly rated candidates, those rated four or above, who are still in the running for a role at present?",
      expect: [names(top.map(fullName), rest.map(fullName), top.length)],
    };
  }),

  // write: hire
  about("talent", "write", "mark <Frances Allen> hired", (w) => {
    const c = candidateNamed(w, "Frances Allen");
    if (c.stage !== "offer") throw new Error("Frances Allen should be at offer");
    return {
      say: "Splendid news: Frances Allen has accepted our offer for the Product Designer role and will join us in the new year. Would you be so kind as to mark her as hired?",
      expect: [changed("candidate", c.id, { stage: "hired" }, "Frances Allen")],
    };
  }),

  // write: reject
  about("talent", "write", "reject <Alan Turing>", (w) => {
    const c = candidateNamed(w, "Alan Turing");
    if (!stillInRunning(c)) throw new Error("Alan Turing should be in the running");
    return {
      say: "I'm afraid Alan Turing's screening call didn't go terribly well, and the panel have decided not to take him forward for the backend role. Could you please mark him as rejected?",
      expect: [changed("candidate", c.id, { stage: "rejected" }, "Alan Turing")],
    };
  }),

  // write: new candidate with a source
  about("talent", "write", "add Priya Raman (LinkedIn) as a candidate for Account Executive", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: "Good afternoon. Please could you add a new candidate for the Account Executive position? Her name is Priya Raman, her email address is priya.raman@example.co.uk, and she came to us through LinkedIn. Many thanks, Margaret",
      expect: [
        created("candidate", {
          first_name: is.text("Priya"),
          last_name: is.text("Raman"),
          email: is.text("priya.raman@example.co.uk"),
          job_id: job.id,
          source: is.text("linkedin"),
        }),
      ],
    };
  }),

  // write: stage and rating in one message
  about("talent", "write", "move <Tim Berners-Lee> to offer and rate him 5", (w) => {
    const c = candidateNamed(w, "Tim Berners-Lee");
    if (c.stage === "offer" || c.rating === 5) throw new Error("Tim already at offer or rated 5");
    return {
      say: "Tim Berners-Lee interviewed quite beautifully on Thursday and the panel were unanimous. Could you move him on to the offer stage, and would you also bump his rating up to five?",
      expect: [changed("candidate", c.id, { stage: "offer", rating: 5 }, "Tim Berners-Lee")],
    };
  }),

  // write: new job
  about("talent", "write", "open a full-time Payroll Administrator job in Finance, Manchester", (w) => {
    if (w.jobs.some((j) => j.title.toLowerCase().includes("payroll"))) throw new Error("a payroll job exists");
    return {
      say: "We have been given the go-ahead to recruit a Payroll Administrator for the Finance department. It will be a full-time role based in our Manchester office. I'd be most grateful if you could set the vacancy up so that we can start taking applications.",
      expect: [
        created("job", {
          title: is.text("Payroll Administrator"),
          department: is.text("Finance"),
          location: is.containing("Manchester"),
          employment_type: "full_time",
        }),
      ],
    };
  }),

  // question: "the vacancy" we've hired for, but two open jobs have a hire
  about("talent", "question", "close the vacancy now we've hired (two open jobs have a hire: ask)", (w) => {
    const filled = w.jobs.filter((j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired"));
    if (filled.length < 2) throw new Error("needs two open jobs with a hire");
    return {
      say: "Now that we have made our hire, would you be so kind as to close the vacancy so that no further applications come in?",
      expect: [noChange(), asksBack()],
    };
  }),

  /* ======================= intelligence (8) ======================= */

  // figure: win rate
  about("intelligence", "figure", "win rate over the last 90 days", (w) => {
    const rate = snap(w).growth.last_90_days.win_rate;
    return {
      say: "Could you possibly tell me what proportion of the deals we have concluded over the last three months or so we have actually won? The board are bound to ask me on Friday.",
      expect: [figure(rate, "win rate", "percent")],
    };
  }),

  // figure: days sales outstanding per currency
  about("intelligence", "figure", "days sales outstanding", (w) => {
    const dso = snap(w).finance.currencies.filter((c) => c.days_sales_outstanding !== null && c.outstanding > 0);
    if (!dso.length) throw new Error("no days sales outstanding");
    return {
      say: "I wonder whether you could tell me how long, on average, our customers are taking to pay us at the moment? I believe the finance people have a particular measure for it, counted in days.",
      expect: dso.map((c) => figure(c.days_sales_outstanding, `days sales outstanding (${c.currency})`)),
    };
  }),

  // figure: median time to hire and hires in the last year
  about("intelligence", "figure", "median time to hire and hires over the last year", (w) => {
    const t = snap(w).talent;
    return {
      say: "For my report to the board, could you let me know the median time it is taking us to hire someone, and how many people we have hired in the past twelve months altogether?",
      expect: [figure(t.median_days_to_hire, "median days to hire"), figure(t.hires_last_365_days, "hires in the last 365 days")],
    };
  }),

  // figure: weighted pipeline
  about("intelligence", "figure", "weighted pipeline value", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    const weighted: Record<string, number> = {};
    for (const t of totals) weighted[t.currency] = t.weighted_value;
    return {
      say: "Our managing director has asked me what our sales pipeline is realistically worth, that is, once one allows for how likely each deal is to come off rather than simply adding them all up. Would you be so kind as to give me that figure?",
      expect: [money(weighted, "weighted pipeline")],
    };
  }),

  // figure: overdue receivables, total and count
  about("intelligence", "figure", "total overdue and how many invoices", (w) => {
    const f = snap(w).finance;
    const late: Record<string, number> = {};
    for (const c of f.currencies) late[c.currency] = c.overdue;
    return {
      say: "Good morning. Before the end of the financial year I should like to get a grip on late payers. Could you tell me how much money is overdue to us altogether, and how many invoices that amounts to? Many thanks, Margaret",
      expect: [money(late, "amount overdue"), figure(f.overdue_count, "number of overdue invoices")],
    };
  }),

  // read: candidates still in play across open roles (hiring funnel)
  about("intelligence", "read", "candidates in play across open roles", (w) => {
    const t = snap(w).talent;
    const live = t.open_job_pipelines.reduce(
      (n, p) => n + (p.candidates.applied ?? 0) + (p.candidates.screening ?? 0) + (p.candidates.interview ?? 0) + (p.candidates.offer ?? 0),
      0,
    );
    return {
      say: "Across all of the roles we currently have open, how many candidates do we have in play at the moment, by which I mean everyone who has neither been hired nor turned down?",
      expect: [figure(live, "candidates in play in open roles")],
    };
  }),

  // read: overdue by more than sixty days (aging)
  about("intelligence", "read", "overdue by more than 60 days", (w) => {
    if (w.invoices.some((i) => overdue(i) && (i.days_overdue === 60 || i.days_overdue === 61))) throw new Error("an invoice sits at 60 days overdue");
    const old: Record<string, number> = {};
    for (const c of snap(w).finance.currencies) old[c.currency] = round2((c.aging["61_90"] ?? 0) + (c.aging["90_plus"] ?? 0));
    return {
      say: "Could you let me know how much of the money that is owed to us has been overdue for more than sixty days? I suspect those are the ones we ought to be worrying about.",
      expect: [money(old, "amount overdue more than 60 days")],
    };
  }),

  // read: new contacts in the last 30 days
  about("intelligence", "read", "new contacts in the last 30 days", (w) => {
    const n = snap(w).growth.new_contacts_last_30_days;
    return {
      say: "I'd be most grateful if you could tell me how many new contacts have been added to our records over the past thirty days. I'm trying to gauge how busy the sales side of the organisation has been.",
      expect: [figure(n, "new contacts in the last 30 days")],
    };
  }),
];
