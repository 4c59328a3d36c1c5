// Persona: Dan, a sales director dictating to the agent from his phone while driving between meetings.
// What arrives is a raw speech-to-text transcript: lower case, little punctuation, spelled-out numbers, fillers, self-corrections, misheard names.
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
  unenrolled,
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  contactsOf,
  dealsOf,
  dueSums,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  candidatesOf,
  month,
  ofClient,
  overdue,
  pick,
  stageNamed,
  stageOf,
  sums,
  today,
  unpaid,
} from "../facts.ts";
import type { Deal, Invoice, Snapshot, World } from "../world.ts";

/* ---------- how a dictation engine writes numbers and dates ---------- */

const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** A whole number as it is spoken: 38 -> "thirty eight", 8500 -> "eight thousand five hundred". */
function spoken(n: number): string {
  if (n < 20) return ONES[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? ` ${ONES[n % 10]}` : "");
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred` + (n % 100 ? ` ${spoken(n % 100)}` : "");
  if (n < 1_000_000) return `${spoken(Math.floor(n / 1000))} thousand` + (n % 1000 ? ` ${spoken(n % 1000)}` : "");
  return `${spoken(Math.floor(n / 1_000_000))} million` + (n % 1_000_000 ? ` ${spoken(n % 1_000_000)}` : "");
}

const ORDINALS: Record<number, string> = {
  1: "first",
  2: "second",
  3: "third",
  5: "fifth",
  8: "eighth",
  9: "ninth",
  12: "twelfth",
  20: "twentieth",
  30: "thirtieth",
};
/** 15 -> "fifteenth", 22 -> "twenty second". */
function ordinal(n: number): string {
  if (ORDINALS[n]) return ORDINALS[n]!;
  if (n < 20) return `${spoken(n)}th`;
  return `${TENS[Math.floor(n / 10)]} ${ordinal(n % 10)}`;
}
const MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
/** "2027-01-15" -> "the fifteenth of january". */
const spokenDate = (iso: string) => {
  const [, m, d] = iso.split("-").map(Number) as [number, number, number];
  return `the ${ordinal(d)} of ${MONTH_NAMES[m - 1]}`;
};
/** INV-000038 -> "thirty eight". */
const spokenInvoice = (i: Invoice) => spoken(Number(i.number.replace(/\D/g, "")));

/* ---------- picking records ---------- */

const openDealOf = (w: World, account: string, topic: string): Deal => {
  const acc = accountNamed(w, account);
  return pick(dealsOf(w, acc.id), (d) => d.status === "open" && d.name.toLowerCase().includes(topic.toLowerCase()), `open ${topic} deal of ${account}`);
};
const contactAt = (w: World, first: string, last: string, account: string) => {
  const acc = accountNamed(w, account);
  return pick(contactsOf(w, acc.id), (c) => c.first_name === first && c.last_name === last, `${first} ${last} at ${account}`);
};
const candidateNamed = (w: World, first: string, last: string) =>
  pick(w.candidates, (c) => c.first_name === first && c.last_name === last, `candidate ${first} ${last}`);
const followUp = (w: World) => pick(w.sequences, (s) => s.name.toLowerCase().includes("follow"), "follow-up sequence");
const only = <T>(list: T[], what: string): T => {
  if (list.length !== 1) throw new Error(`expected exactly one ${what}, found ${list.length}`);
  return list[0]!;
};
const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const ask = (): Check[] => [noChange(), asksBack()];

export const CASES: Case[] = [
  /* ================= writes ================= */

  // growth: move a deal forward
  about("growth", "write", "stark's support upgrade (in Proposal) -> Negotiation", (w) => {
    const deal = openDealOf(w, "Stark", "support upgrade");
    if (stageOf(w, deal).name !== "Proposal") throw new Error("Stark's support upgrade is no longer in Proposal");
    return {
      say: "okay so I just got off the phone with stark logistics and uh they want to start talking pricing on the support upgrade so move that one to negotiation",
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),

  // growth: win a deal ("won" heard as "one")
  about("growth", "write", "umbrella's pilot project -> Closed won", (w) => {
    const deal = openDealOf(w, "Umbrella", "pilot");
    return {
      say: "great news the umbrella health pilot project got signed this morning um mark it closed one",
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Closed won").id, status: "won" }, deal.name)],
    };
  }),

  // growth: lose a deal ("globex" split)
  about("growth", "write", "globex's pilot -> Closed lost", (w) => {
    const deal = openDealOf(w, "Globex", "pilot");
    return {
      say: "so the globe ex pilot is dead they went with somebody else you know mark it as lost",
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Closed lost").id, status: "lost" }, deal.name)],
    };
  }),

  // growth: create a deal, with a self-correction on the amount
  about("growth", "write", "new Initech platform rollout deal, 45,000 USD", (w) => {
    const acc = accountNamed(w, "Initech");
    return {
      say: "okay so initech wants to do a platform rollout too um open a deal for that forty thousand no sorry forty five thousand dollars",
      expect: [created("deal", { account_id: acc.id, amount: 45000, currency: "USD", name: is.containing("rollout") })],
    };
  }),

  // growth: change a deal's amount
  about("growth", "write", "northwind's deal amount -> 110,000", (w) => {
    const acc = accountNamed(w, "Northwind");
    const deal = only(
      dealsOf(w, acc.id).filter((d) => d.status === "open"),
      "open Northwind deal",
    );
    return {
      say: "the northwind support upgrade is bigger than we thought its now like a hundred and ten thousand can you update the amount",
      expect: [changed("deal", deal.id, { amount: 110000 }, deal.name)],
    };
  }),

  // growth: add a contact, email dictated
  about("growth", "write", "add Priya Natarajan at Tyrell Biotech", (w) => {
    const acc = accountNamed(w, "Tyrell");
    return {
      say: "add a new contact at tyrell bio her name is priya natarajan she runs operations over there um email is priya dot natarajan at tyrell dash bio dot com",
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Natarajan"),
          email: "priya.natarajan@tyrell-bio.com",
          account_id: acc.id,
        }),
      ],
    };
  }),

  // growth: enroll ("Andersen" heard as "anderson")
  about("growth", "write", "enroll Leo Andersen (Stark) in the follow-up sequence", (w) => {
    const seq = followUp(w);
    const leo = contactAt(w, "Leo", "Andersen", "Stark");
    if (enrolledContacts(w, seq.id).some((c) => c.id === leo.id)) throw new Error("Leo Andersen is already enrolled");
    return {
      say: "put leo anderson from stark into the new lead follow up sequence",
      expect: [enrolled(seq.id, leo.id, fullName(leo))],
    };
  }),

  // growth: unenroll
  about("growth", "write", "take Mia Rossi (Globex) out of the follow-up sequence", (w) => {
    const seq = followUp(w);
    const mia = contactAt(w, "Mia", "Rossi", "Globex");
    if (!enrolledContacts(w, seq.id).some((c) => c.id === mia.id)) throw new Error("Mia Rossi is not enrolled");
    return {
      say: "uh take mia rossi at globex out of the follow up sequence she asked us to stop emailing her",
      expect: [unenrolled(seq.id, mia.id, fullName(mia))],
    };
  }),

  // finance: paid in full ("oscorp" heard as "oz corp")
  about("finance", "write", "Oscorp paid <its overdue invoice from Nov> in full", (w) => {
    const inv = pick(ofClient(w, "Oscorp"), (i) => overdue(i) && i.amount_paid === 0 && i.amount > 10000, "large overdue Oscorp invoice");
    return {
      say: `oz corp just paid invoice ${spokenInvoice(inv)} in full mark it paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),

  // finance: part payment
  about("finance", "write", "Pied Piper paid 2,000 USD towards <its only unpaid invoice>", (w) => {
    const inv = only(ofClient(w, "Pied Piper").filter(unpaid), "unpaid Pied Piper invoice");
    return {
      say: "pied piper sent over two thousand dollars toward their invoice can you log that",
      expect: [
        changed(
          "invoice",
          inv.id,
          { amount_paid: Math.round((inv.amount_paid + 2000) * 100) / 100, amount_due: Math.round((inv.amount_due - 2000) * 100) / 100 },
          inv.number,
        ),
      ],
    };
  }),

  // finance: due date, named by its rough amount
  about("finance", "write", "Globex's USD invoice: due date -> the 15th of next month", (w) => {
    const mine = ofClient(w, "Globex").filter(unpaid);
    const inv = only(
      mine.filter((i) => i.amount >= 20000),
      "large unpaid Globex invoice",
    );
    const when = month(w, 1)[0].slice(0, 8) + "15";
    return {
      say: `push the due date on the globex invoice the ${spoken(Math.floor(inv.amount / 1000))} thousand dollar one out to ${spokenDate(when)}`,
      expect: [changed("invoice", inv.id, { due_date: when }, inv.number)],
    };
  }),

  // finance: create an invoice, with a self-correction
  about("finance", "write", "invoice Wonka 8,500 USD for an onboarding workshop, due end of next month", (w) => ({
    say: "bill wonka confectionery for um ten thousand no sorry eight thousand five hundred dollars for the onboarding workshop due the end of next month",
    expect: [
      created("invoice", {
        client: is.text("Wonka Confectionery"),
        amount: 8500,
        currency: "USD",
        due_date: month(w, 1)[1],
        description: is.containing("onboarding"),
      }),
    ],
  })),

  // finance: void (approval) ("blue sun" heard as "blue son")
  about("finance", "write", "void <Blue Sun Freight's only invoice>", (w) => {
    const inv = only(ofClient(w, "Blue Sun").filter(unpaid), "unpaid Blue Sun invoice");
    return {
      say: "the blue son freight invoice they cancelled the whole contract so go ahead and void it",
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  // finance: write off (approval) ("soylent" split)
  about("finance", "write", "write off <Soylent's only unpaid invoice>", (w) => {
    const inv = only(ofClient(w, "Soylent").filter(unpaid), "unpaid Soylent invoice");
    return {
      say: "okay so soy lent foods went under I don't think we're ever seeing that money write off what they owe us",
      expect: [approval(/uncollectible|write/i, inv.id, inv.number)],
    };
  }),

  // talent: interview -> offer
  about("talent", "write", "Katherine Johnson -> offer", (w) => {
    const c = candidateNamed(w, "Katherine", "Johnson");
    if (c.stage !== "interview") throw new Error("Katherine Johnson is not at interview");
    return {
      say: "katherine johnson crushed the interview for the back end role lets go ahead and move her to offer",
      expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
    };
  }),

  // talent: reject ("Turing" heard as "touring")
  about("talent", "write", "reject Alan Turing", (w) => {
    const c = candidateNamed(w, "Alan", "Turing");
    return {
      say: "uh alan touring for the senior back end engineer spot its a no reject him",
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),

  // talent: hire ("Frances" heard as "francis")
  about("talent", "write", "Frances Allen (offer) -> hired", (w) => {
    const c = candidateNamed(w, "Frances", "Allen");
    if (c.stage !== "offer") throw new Error("Frances Allen is not at offer");
    return {
      say: "francis allen signed her offer letter for product designer so mark her as hired",
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),

  // talent: open a job
  about("talent", "write", "new job: Sales Development Rep, Austin, full time, Sales", () => ({
    say: "we need to open up a req for a sales development rep um based in austin full time under the sales department",
    expect: [
      created("job", {
        title: is.containing("sales development"),
        location: is.containing("austin"),
        employment_type: "full_time",
        department: is.text("Sales"),
      }),
    ],
  })),

  /* ================= reads ================= */

  about("finance", "read", "Stark's overdue total", (w) => ({
    say: "um how much does stark logistics owe us thats past due",
    expect: [money(dueSums(ofClient(w, "Stark").filter(overdue)), "overdue balance")],
  })),

  about("finance", "read", "how many overdue invoices are in GBP", (w) => ({
    say: "how many of the overdue invoices are in british pounds",
    expect: [count(w.invoices.filter((i) => overdue(i) && i.currency === "GBP").length, "overdue GBP invoices")],
  })),

  about("finance", "read", "open invoices coming due from today to the end of the year", (w) => {
    const end = `${today(w).slice(0, 4)}-12-31`;
    const due = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
    const later = w.invoices.filter((i) => i.status === "open" && i.due_date > end);
    return {
      say: "okay so what invoices are coming due between now and the end of the year",
      expect: [
        names(
          due.map((i) => i.number),
          later.map((i) => i.number),
          due.length,
        ),
      ],
    };
  }),

  about("finance", "read", "the biggest unpaid USD invoice and its client", (w) => {
    const usd = w.invoices.filter((i) => unpaid(i) && i.currency === "USD").sort((a, b) => b.amount_due - a.amount_due);
    const top = pick(usd, () => true, "unpaid USD invoice");
    return {
      say: "whats the biggest unpaid invoice we have out there in dollars and who's it for",
      expect: [names([top.number, top.client], [], 2)],
    };
  }),

  about("finance", "read", "Umbrella Health's outstanding balance", (w) => ({
    say: "what's umbrella health's total outstanding with us right now",
    expect: [money(dueSums(ofClient(w, "Umbrella").filter(unpaid)), "outstanding balance")],
  })),

  about("finance", "read", "did Wayne pay <its paid invoice>", (w) => {
    const inv = pick(ofClient(w, "Wayne"), (i) => i.status === "paid", "paid Wayne invoice");
    return {
      say: `did wayne enterprises ever pay invoice ${spokenInvoice(inv)}`,
      expect: [says("paid")],
    };
  }),

  about("growth", "read", "which deals are in Negotiation (by account)", (w) => {
    const inNeg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    const accName = (id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "";
    const wanted = [...new Set(inNeg.map((d) => accName(d.account_id)))];
    const others = [...new Set(w.deals.filter((d) => d.status === "open").map((d) => accName(d.account_id)))].filter((n) => !wanted.includes(n));
    return {
      say: "which deals are sitting in negotiation right now",
      expect: [names(wanted, others, wanted.length)],
    };
  }),

  about("growth", "read", "Stark's open pipeline value", (w) => {
    const acc = accountNamed(w, "Stark");
    const open = dealsOf(w, acc.id).filter((d) => d.status === "open");
    return {
      say: "what's the stark logistics pipeline worth all in like total open deals",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open pipeline",
        ),
      ],
    };
  }),

  about("growth", "read", "who are our contacts at Hooli", (w) => {
    const acc = accountNamed(w, "Hooli");
    return {
      say: "remind me who we know over at hooli",
      expect: [names(contactsOf(w, acc.id).map(fullName))],
    };
  }),

  about("growth", "read", "who is in the follow-up sequence", (w) => {
    const inSeq = enrolledContacts(w, followUp(w).id).map(fullName);
    return {
      say: "who's currently in the new lead follow up sequence",
      expect: [names(inSeq, [], inSeq.length)],
    };
  }),

  about("growth", "read", "when Tyrell's open deal is expected to close", (w) => {
    const acc = accountNamed(w, "Tyrell");
    const deal = only(
      dealsOf(w, acc.id).filter((d) => d.status === "open"),
      "open Tyrell deal",
    );
    if (!deal.expected_close_date) throw new Error("Tyrell's deal has no close date");
    return {
      say: "when's the tyrell deal supposed to close again",
      expect: [date(deal.expected_close_date, "expected close date")],
    };
  }),

  // "initech" heard as "initek"
  about("growth", "read", "Lucas Silva (Initech)'s email", (w) => {
    const c = contactAt(w, "Lucas", "Silva", "Initech");
    return {
      say: "whats lucas silva's email the guy at initek",
      expect: [says(c.email)],
    };
  }),

  about("talent", "read", "who is at offer stage", (w) => {
    const atOffer = inStage(w, "offer").map(fullName);
    const rest = w.candidates.filter((c) => c.stage !== "offer").map(fullName);
    return {
      say: "who have we got sitting at offer stage across all the jobs",
      expect: [names(atOffer, rest, atOffer.length)],
    };
  }),

  about("talent", "read", "how many candidates for Product Designer", (w) => ({
    say: "how many candidates have we got for the product designer job",
    expect: [count(candidatesOf(w, jobNamed(w, "Product Designer").id).length, "candidates")],
  })),

  /* ================= figures ================= */

  about("intelligence", "figure", "win rate", (w) => {
    const rate = snap(w).growth.last_90_days.win_rate;
    return { say: "whats our win rate looking like these days", expect: [figure(rate, "win rate", "percent")] };
  }),

  about("intelligence", "figure", "weighted pipeline", (w) => {
    const totals: Record<string, number> = {};
    for (const t of snap(w).growth.pipeline.totals) totals[t.currency] = t.weighted_value;
    return { say: "okay what's the weighted pipeline number at the moment", expect: [money(totals, "weighted pipeline")] };
  }),

  about("intelligence", "figure", "USD days sales outstanding", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return { say: "what's our d s o on the dollar side", expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")] };
  }),

  about("intelligence", "figure", "median days to hire", (w) => ({
    say: "how long is it typically taking us to hire people these days",
    expect: [figure(snap(w).talent.median_days_to_hire, "median days to hire")],
  })),

  /* ================= questions ================= */

  about("finance", "question", "Acme paid 'the invoice' (two unpaid)", (w) => {
    if (ofClient(w, "Acme").filter(unpaid).length < 2) throw new Error("Acme no longer has several unpaid invoices");
    return { say: "okay so acme called and said they paid the invoice go ahead and mark it paid", expect: ask() };
  }),

  about("finance", "question", "bill Initech with no amount", () => ({
    say: "bill initech for the consulting work we did last month due the end of the month",
    expect: ask(),
  })),

  about("finance", "question", "change a due date, then never mind", (w) => {
    const inv = pick(ofClient(w, "Stark"), (i) => unpaid(i) && i.amount_paid > 0, "part-paid Stark invoice");
    return {
      say: `push out the due date on stark's invoice ${spokenInvoice(inv)} to um actually you know what never mind I'll talk to ava first`,
      expect: [noChange()],
    };
  }),

  about("growth", "question", "change 'the Stark deal' amount (two open)", (w) => {
    const acc = accountNamed(w, "Stark");
    if (dealsOf(w, acc.id).filter((d) => d.status === "open").length < 2) throw new Error("Stark no longer has two open deals");
    return { say: "bump the stark logistics deal up to ninety thousand", expect: ask() };
  }),

  about("growth", "question", "enroll Olivia Tanaka (two of them)", (w) => {
    if (w.contacts.filter((c) => fullName(c) === "Olivia Tanaka").length < 2) throw new Error("only one Olivia Tanaka");
    return { say: "um add olivia tanaka to the new lead follow up sequence", expect: ask() };
  }),

  about("talent", "question", "move 'her' to the next stage (no name)", () => ({
    say: "okay so that interview went really well uh lets move her forward to the next stage",
    expect: ask(),
  })),
];
