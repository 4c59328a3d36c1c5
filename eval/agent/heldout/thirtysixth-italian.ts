import { approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case, type Check } from "../judge.ts";
import {
  accountNamed,
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
  month,
  nextDate,
  numbers,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  stages,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Deal, Invoice, World } from "../world.ts";

/*
 * Blind set, persona: the responsabile amministrativo of a small firm near
 * Bologna. Writes in school English with Italian words and structures, amounts
 * the Italian way (1.250,00 €), dates day-first in words, false friends
 * (actually = currently, eventually = possibly, control = check).
 */

/** A read of the key figures may take a fresh snapshot to answer: that is fair, nothing else is. */
const snapshotAllowed = (check: Check): Check => ({ ...check, allows: (event) => event.type === "intelligence.snapshot_created" });

const near = (want: number) => is.where(`about ${want.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - want) < 0.006);

/** Clients whose invoices are all either unpaid or paid (no draft, void, written off), with at least two unpaid and one paid. */
const cleanClients = (w: World) =>
  clientNames(w).filter((c) => {
    const mine = w.invoices.filter((i) => i.client === c);
    return mine.every((i) => unpaid(i) || i.status === "paid") && mine.filter(unpaid).length >= 2 && mine.some((i) => i.status === "paid");
  });

const unpaidOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client && unpaid(i));

/** Accounts with at least two open deals (so "the deal" of them is ambiguous). */
const accountsWithTwoOpen = (w: World) => w.accounts.filter((a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2);

const accountOf = (w: World, d: Deal) => pick(w.accounts, (a) => a.id === d.account_id, "deal's account").name;

const openInvoices = (w: World): Invoice[] => w.invoices.filter((i) => i.status === "open");

export const CASES: Case[] = [
  /* ================= finance: reads ================= */
  {
    label: "quante fatture scadute (overdue count, all in Italian)",
    engine: "finance",
    kind: "read",
    plan: (w) => ({
      say: "Buongiorno, quante fatture scadute abbiamo in questo momento?",
      expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
    }),
  },
  {
    label: "how much money <client with most unpaid> must still give us",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const client = [...clientNames(w)].sort((a, b) => unpaidOf(w, b).length - unpaidOf(w, a).length)[0];
      if (!client || unpaidOf(w, client).length < 2) throw new Error("no client with two unpaid invoices");
      return {
        say: `how much money the client ${client} must still give us? I mean all the fatture not yet pagate, also the scadute`,
        expect: [money(dueSums(unpaidOf(w, client)), `amount ${client} still owes`)],
      };
    },
  },
  {
    label: "list of the not-paid fatture of <a client who also paid some>",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const client = pick(cleanClients(w), () => true, "client with unpaid and paid invoices only");
      const mine = w.invoices.filter((i) => i.client === client);
      return {
        say: `Can you make me the list of the fatture of ${client} that are not pagate? the pagate ones I dont need`,
        expect: [names(numbers(mine.filter(unpaid)), numbers(mine.filter((i) => i.status === "paid")), 99)],
      };
    },
  },
  {
    label: "which open fatture go in scadenza from today to end of month",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const [, last] = month(w);
      const inRange = (i: Invoice) => i.due_date >= today(w) && i.due_date <= last;
      return {
        say: "which fatture are going in scadenza from today until the end of this month? only the ones issued and not pagate, the bozze no",
        expect: [
          names(
            numbers(w.invoices.filter((i) => i.status === "open" && inRange(i))),
            numbers(w.invoices.filter((i) => (i.status === "paid" || i.status === "void" || i.status === "draft") && inRange(i))),
            99,
          ),
        ],
      };
    },
  },
  {
    label: "control if <the most late invoice> is pagata and when was the scadenza",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const inv = [...w.invoices.filter(overdue)].sort((a, b) => b.days_overdue - a.days_overdue)[0];
      if (!inv) throw new Error("no overdue invoice");
      return {
        say: `can you control the fattura ${shortNumber(inv)} of ${inv.client}? is actually pagata or not? and the scadenza when was it`,
        expect: [
          says("overdue", "past due", "scadut", "not paid", "unpaid", "not been paid", "not yet paid", "still open", "outstanding"),
          date(inv.due_date, "due date"),
        ],
      };
    },
  },
  {
    label: "insoluti older than 60 days: which and the total",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const old = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
      return {
        say: "I need the insoluti that are scaduti since more than 60 days. which fatture are, and how much is the total? grazie",
        expect: [
          names(numbers(old), numbers(w.invoices.filter((i) => overdue(i) && i.days_overdue <= 30)), 99),
          money(dueSums(old), "total overdue more than 60 days"),
        ],
      };
    },
  },

  /* ================= finance: writes ================= */
  {
    label: "<client> paid the rest of <a part-paid overdue invoice>, put it pagata",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
      return {
        say: `the cliente ${inv.client} has paid the rest of the fattura ${inv.number}, the bonifico arrived this morning. please put it in pagata`,
        expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
      };
    },
  },
  {
    label: "acconto of 5.000,00 dollars on <an unpaid USD invoice>",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(
        w.invoices,
        (i) => overdue(i) && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 6000,
        "unpaid USD overdue invoice over 6000",
      );
      return {
        say: `Arrived today from ${inv.client} a bonifico of 5.000,00 USD for the ${shortNumber(inv)}. Is only an acconto, not all the fattura, register it please`,
        expect: [
          changed(
            "invoice",
            inv.id,
            { amount_paid: near(inv.amount_paid + 5000), amount_due: near(inv.amount_due - 5000), status: is.oneOf("open", "overdue") },
            inv.number,
          ),
        ],
      };
    },
  },
  {
    label: "create a fattura of 1.250,00 € for <Northwind> with scadenza 31 of january",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const acc = accountNamed(w, "Northwind");
      return {
        say: `I would like that you create a new fattura for ${acc.name} of 1.250,00 € , description "Annual support plan 2027", scadenza the 31 of january`,
        expect: [
          created("invoice", {
            client: is.containing(acc.name),
            amount: 1250,
            currency: "EUR",
            due_date: nextDate(w, 1, 31),
            description: is.containing("support plan"),
          }),
        ],
      };
    },
  },
  {
    label: "move the scadenza of <an open invoice> to the 15 of february",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const open = openInvoices(w);
      const inv = open[open.length - 1];
      if (!inv) throw new Error("no open invoice");
      return {
        say: `The cliente ${inv.client} asked more time, so the fattura ${inv.number} the scadenza become the 15 of february. can you change it?`,
        expect: [changed("invoice", inv.id, { due_date: nextDate(w, 2, 15) }, inv.number)],
      };
    },
  },
  {
    label: "annul <an open invoice>, the cliente cancelled the order (waits for approval)",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(openInvoices(w), () => true, "open invoice");
      return {
        say: `the fattura ${inv.number} to ${inv.client} must be annullata, the client has cancelled the ordine and we will not bill it. please void it`,
        expect: [approval(/void/i, inv.id, inv.number)],
      };
    },
  },

  /* ================= finance: must not act ================= */
  {
    label: "<client with several unpaid> has paid the fattura (which one?)",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const clients = clientNames(w).filter((c) => unpaidOf(w, c).length >= 2);
      const client = clients[1] ?? clients[0];
      if (!client) throw new Error("no client with two unpaid invoices");
      return {
        say: `${client} has paid the fattura, put it pagata thanks`,
        expect: [noChange(), asksBack()],
      };
    },
  },
  {
    label: "make a fattura for <an account> with scadenza end of month but no amount",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const acc = pick(w.accounts, (a) => a.name.startsWith("Aperture"), "account Aperture Labs");
      return {
        say: `make a new fattura for ${acc.name}, scadenza end of the month, for the consulenza of november. the importo I dont remember exactly`,
        expect: [noChange(), asksBack()],
      };
    },
  },

  /* ================= growth: reads ================= */
  {
    label: "list of the deals actually open with <account with two open deals>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const acc = pick(accountsWithTwoOpen(w), () => true, "account with two open deals");
      const deals = dealsOf(w, acc.id);
      return {
        say: `Can you make me the list of the deals actually open with ${acc.name}? eventually also the amount`,
        expect: [names(deals.filter((d) => d.status === "open").map(dealTopic), deals.filter((d) => d.status !== "open").map(dealTopic), 99)],
      };
    },
  },
  {
    label: "who are the contatti of <account with most contacts> and the role",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const acc = [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0];
      if (!acc) throw new Error("no account");
      return {
        say: `who are the persons we have in the contatti for ${acc.name}? I need name and role of everyone`,
        expect: [names(contactsOf(w, acc.id).map(fullName), [], 99)],
      };
    },
  },
  {
    label: "at which fase is the trattativa with <account with one open deal, early stage>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified", "Proposal"]);
      return {
        say: `at which point is arrived the trattativa with ${account}? in which stage of the pipline it is actually?`,
        expect: [says(stageOf(w, deal).name)],
      };
    },
  },
  {
    label: "quanti contatti nella sequenza <sequence> (Italian)",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const seq = pick(w.sequences, () => true, "sequence");
      return {
        say: `quanti contatti ci sono dentro la sequenza "${seq.name}" adesso?`,
        expect: [count(enrolledContacts(w, seq.id).length, "contacts enrolled")],
      };
    },
  },
  {
    label: "which deals are in Negotiation, with the importo",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const inNeg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
      if (!inNeg.length) throw new Error("no deal in Negotiation");
      const accounts = [...new Set(inNeg.map((d) => accountOf(w, d)))];
      const others = [...new Set(w.deals.filter((d) => d.account_id && !inNeg.some((n) => n.account_id === d.account_id)).map((d) => accountOf(w, d)))];
      return {
        say: "wich deals we have in the Negotiation stage? make me the list with the importo of each one",
        expect: [names(accounts, others, 99)],
      };
    },
  },
  {
    label: "the contacts with the tag decision-maker",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const dm = w.contacts.filter((c) => c.tags.includes("decision-maker"));
      return {
        say: "I need to know which contatcs are signed as decision-maker (the tag). the names please",
        expect: [names(dm.map(fullName), w.contacts.filter((c) => !c.tags.includes("decision-maker")).map(fullName), 99)],
      };
    },
  },

  /* ================= growth: writes ================= */
  {
    label: "we closed with <account, single deal in Negotiation>: put the deal in won",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
      return {
        say: `Finally we closed with ${account}!! they signed the offerta yesterday. put the deal in won`,
        expect: [changed("deal", deal.id, { status: "won", stage_id: stageNamed(w, "Closed won").id }, deal.name)],
      };
    },
  },
  {
    label: "pass <a deal in Proposal> to Negotiation",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const list = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Proposal");
      const deal = list[list.length - 1];
      if (!deal) throw new Error("no open deal in Proposal");
      return {
        say: `the deal "${dealTopic(deal)}" of ${accountOf(w, deal)}: the cliente accepted to discuss the prices, so pass it in Negotiation please`,
        expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
      };
    },
  },
  {
    label: "create a deal Support renewal for <Globex> of 12.500 $, closing end of march",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const acc = accountNamed(w, "Globex");
      return {
        say: `I would like that you create a new deal for ${acc.name}, name "Support renewal", value 12.500,00 USD, we think to close it within the end of march`,
        expect: [
          created("deal", {
            name: is.containing("Support renewal"),
            amount: 12500,
            currency: "USD",
            account_id: acc.id,
            expected_close_date: endOfNamedMonth(w, 3),
          }),
        ],
      };
    },
  },
  {
    label: "new contatto Giulia Bernardi, Controller of <Northwind>",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const acc = pick(w.accounts, (a) => a.name.startsWith("Northwind") && !!a.domain, "account Northwind with a domain");
      const email = `giulia.bernardi@${acc.domain}`;
      return {
        say: `please add a new contatto: Giulia Bernardi, she is the new Controller at ${acc.name}, the mail is ${email}`,
        expect: [
          created("contact", { first_name: is.text("Giulia"), last_name: is.text("Bernardi"), email, title: is.containing("controller"), account_id: acc.id }),
        ],
      };
    },
  },
  {
    label: "put <a contact not enrolled> in the sequenza <sequence>",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
      const inIt = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
      const contact = pick(
        uniqueContacts(w),
        (c) => !inIt.has(c.id) && c.lifecycle_stage === "qualified" && !!c.account_id,
        "qualified contact outside the sequence",
      );
      const acc = pick(w.accounts, (a) => a.id === contact.account_id, "contact's account");
      return {
        say: `put ${fullName(contact)} of ${acc.name} inside the sequenza "${seq.name}", so she receive also the mails`,
        expect: [enrolled(seq.id, contact.id, fullName(contact))],
      };
    },
  },
  {
    label: "<a lead contact> is now cliente, change the lifecycle",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const leads = uniqueContacts(w).filter((c) => c.lifecycle_stage === "lead" && !!c.account_id);
      const contact = leads[leads.length - 1];
      if (!contact) throw new Error("no lead contact with an account");
      const acc = pick(w.accounts, (a) => a.id === contact.account_id, "contact's account");
      return {
        say: `${fullName(contact)} (${acc.name}) is not anymore a lead, he became cliente since this month. can you update it in his scheda?`,
        expect: [changed("contact", contact.id, { lifecycle_stage: "customer" }, fullName(contact))],
      };
    },
  },

  /* ================= growth: must not act ================= */
  {
    label: "delete the contact <a name two contacts share>",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const dup = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1, "contact name shared by two");
      return {
        say: `cancel the contact ${fullName(dup)} from the system, she dont work there anymore`,
        expect: [noChange(), asksBack()],
      };
    },
  },
  {
    label: "move the trattativa of <account with two open deals> to Negotiation (which one?)",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      // Two open deals, neither already in Negotiation: nothing tells which one is meant.
      const acc = pick(
        w.accounts,
        (a) => dealsOf(w, a.id).filter((d) => d.status === "open" && stageOf(w, d).name !== "Negotiation").length >= 2,
        "account with two open deals before Negotiation",
      );
      return {
        say: `pass the trattativa of ${acc.name} in Negotiation`,
        expect: [noChange(), asksBack()],
      };
    },
  },

  /* ================= talent: reads ================= */
  {
    label: "quanti candidati per <a job whose candidates are all in play> (Italian)",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const job = pick(
        w.jobs,
        (j) => j.status === "open" && candidatesOf(w, j.id).length > 0 && candidatesOf(w, j.id).every((c) => c.stage !== "rejected" && c.stage !== "hired"),
        "open job with only active candidates",
      );
      return {
        say: `Quanti candidati abbiamo per la posizione di ${job.title}?`,
        expect: [count(candidatesOf(w, job.id).length, "candidates")],
      };
    },
  },
  {
    label: "which candidati are actually at the colloquio (interview)",
    engine: "talent",
    kind: "read",
    plan: (w) => ({
      say: "which candidati are actually at the colloquio stage? I mean interview. for all the positions",
      expect: [names(inStage(w, "interview").map(fullName), w.candidates.filter((c) => c.stage !== "interview").map(fullName), 99)],
    }),
  },
  {
    label: "at what point is the candidato <a candidate in offer>",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const cand = pick(w.candidates, (c) => c.stage === "offer", "candidate in offer");
      const job = pick(w.jobs, (j) => j.id === cand.job_id, "candidate's job");
      return {
        say: `the candidato ${fullName(cand)} for ${job.title}, at what point is arrived with the selezione?`,
        expect: [says("offer")],
      };
    },
  },
  {
    label: "list of the persons we have assunto",
    engine: "talent",
    kind: "read",
    plan: (w) => ({
      say: "Make me the list of the candidates that we have assunto (hired), with the position",
      expect: [names(inStage(w, "hired").map(fullName), w.candidates.filter((c) => c.stage !== "hired").map(fullName), 99)],
    }),
  },

  /* ================= talent: writes ================= */
  {
    label: "we don't go on with <a candidate in screening>, reject",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const cand = pick(w.candidates, (c) => c.stage === "screening", "candidate in screening");
      const job = pick(w.jobs, (j) => j.id === cand.job_id, "candidate's job");
      return {
        say: `with ${fullName(cand)} (${job.title}) we dont go forward, the profile is not adapt. please reject the candidato`,
        expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
      };
    },
  },
  {
    label: "<a candidate in interview> passed the colloquio, pass to offer",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const list = inStage(w, "interview");
      const cand = list[list.length - 1];
      if (!cand) throw new Error("no candidate in interview");
      return {
        say: `${fullName(cand)} passed very good the colloquio with the direttore. pass the candidate to the offer stage, we prepare the proposta`,
        expect: [changed("candidate", cand.id, { stage: "offer" }, fullName(cand))],
      };
    },
  },
  {
    label: "<a candidate in offer> signed, is assunto",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const list = inStage(w, "offer");
      const cand = list[list.length - 1];
      if (!cand) throw new Error("no candidate in offer");
      return {
        say: `good news, ${fullName(cand)} has signed the contract! he is assunto, update it`,
        expect: [changed("candidate", cand.id, { stage: "hired" }, fullName(cand))],
      };
    },
  },
  {
    label: "new candidato Marco Bianchi for <an open job>, from referral",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const job = pick(w.jobs, (j) => j.status === "open" && j.title.includes("Account"), "open Account Executive job");
      return {
        say: `insert a new candidato for ${job.title}: Marco Bianchi, marco.bianchi@libero.it , he arrived by referral`,
        expect: [
          created("candidate", {
            first_name: is.text("Marco"),
            last_name: is.text("Bianchi"),
            email: "marco.bianchi@libero.it",
            job_id: job.id,
            source: is.containing("referral"),
          }),
        ],
      };
    },
  },

  /* ================= talent: must not act ================= */
  {
    label: "reject the candidato for <a job with several in play> (which one?)",
    engine: "talent",
    kind: "question",
    plan: (w) => {
      const job = pick(
        w.jobs,
        (j) => candidatesOf(w, j.id).filter((c) => ["applied", "screening", "interview", "offer"].includes(c.stage)).length >= 2,
        "job with two candidates in play",
      );
      return {
        say: `scarta il candidato per ${job.title}, non ci piace`,
        expect: [noChange(), asksBack()],
      };
    },
  },

  /* ================= intelligence ================= */
  {
    label: "how many new contatti in the last 30 days",
    engine: "intelligence",
    kind: "read",
    plan: (w) => {
      if (!w.snapshot) throw new Error("no snapshot");
      return {
        say: "how many new contatti we got in the last 30 days?",
        expect: [snapshotAllowed(count(w.snapshot.growth.new_contacts_last_30_days, "new contacts"))],
      };
    },
  },
  {
    label: "percentage of deals won in the last 3 months",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      if (!w.snapshot) throw new Error("no snapshot");
      return {
        say: "what is our porcentage of trattative won on the closed ones, last 3 months? (win rate)",
        expect: [figure(w.snapshot.growth.last_90_days.win_rate, "win rate", "percent")],
      };
    },
  },
  {
    label: "how much we must still incassare in total",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "in total, how much we have still to incassare from all the clienti? scaduto and not scaduto together, divided by currency",
      expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
    }),
  },
  {
    label: "the DSO on the fatture in dollars",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const usd = w.snapshot?.finance.currencies.find((c) => c.currency === "USD");
      if (!usd) throw new Error("no USD figures in the snapshot");
      return {
        say: "the DSO (giorni medi di incasso) for the fatture in USD, how many days is actually?",
        expect: [figure(usd.days_sales_outstanding, "days sales outstanding in USD")],
      };
    },
  },
  {
    label: "quanto vale la pipeline aperta, and weighted",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const open = w.deals.filter((d) => d.status === "open" && d.amount !== null);
      const prob = (d: Deal) => pick(stages(w), (s) => s.id === d.stage_id, "stage").probability;
      return {
        say: "Quanto vale la pipeline aperta in questo momento? and the value weighted with the probability also",
        expect: [
          money(
            open.reduce<Record<string, number>>((acc, d) => ({ ...acc, [d.currency]: Math.round(((acc[d.currency] ?? 0) + d.amount!) * 100) / 100 }), {}),
            "open pipeline",
          ),
          money(
            open.reduce<Record<string, number>>(
              (acc, d) => ({ ...acc, [d.currency]: Math.round(((acc[d.currency] ?? 0) + (d.amount! * prob(d)) / 100) * 100) / 100 }),
              {},
            ),
            "weighted pipeline",
          ),
        ],
      };
    },
  },
  {
    label: "send the KPI report to the commercialista",
    engine: "intelligence",
    kind: "question",
    plan: () => ({
      say: "send the report with all the numbers of the month to our commercialista, the dott. Rinaldi, he need it entro il 30",
      expect: [noChange()],
    }),
  },
];
