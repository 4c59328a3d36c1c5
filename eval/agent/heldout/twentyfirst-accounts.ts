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
  addDays,
  candidatesOf,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  jobNamed,
  names as personNames,
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
import type { Contact, Deal, Snapshot, World } from "../world.ts";

/*
 * A customer-success / account manager's week: a book of existing customers,
 * renewals, expansions, who to call, who owes what. Chatty, full sentences,
 * sometimes two asks in one message, sometimes the story before the ask.
 */

/* ---------- small helpers of this set ---------- */

const near = (want: number) => is.where(`about ${want}`, (v: number) => typeof v === "number" && Math.abs(v - want) < 0.005);

/** The one contact with this full name at this account. */
function contactAt(w: World, account: string, name: string): Contact {
  const acc = accountNamed(w, account);
  return pick(contactsOf(w, acc.id), (c) => fullName(c).toLowerCase() === name.toLowerCase(), `${name} at ${account}`);
}

/** The one deal of this account whose topic contains the text. */
function dealAbout(w: World, account: string, topic: string, open = true): Deal {
  const acc = accountNamed(w, account);
  const list = dealsOf(w, acc.id).filter((d) => dealTopic(d).toLowerCase().includes(topic.toLowerCase()) && (!open || d.status === "open"));
  if (list.length !== 1) throw new Error(`expected one ${open ? "open " : ""}"${topic}" deal at ${account}, found ${list.length}`);
  return list[0]!;
}

function snapshot(w: World): Snapshot {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
}

const followUp = (w: World) => pick(w.sequences, (s) => /follow-up/i.test(s.name), "follow-up sequence");

const allContactNames = (w: World) => [...new Set(w.contacts.map(fullName))];

/* ---------- reads ---------- */

const READS: Case[] = [
  about("growth", "read", "who are my contacts at Globex", (w) => {
    const globex = accountNamed(w, "Globex");
    const people = personNames(contactsOf(w, globex.id));
    return {
      say: "Hey! I need to ping someone at Globex about their renewal next quarter, who do we actually have on file over there?",
      expect: [names(people, allContactNames(w), people.length)],
    };
  }),
  about("growth", "read", "who handles finance at Stark Logistics", (w) => {
    const stark = accountNamed(w, "Stark");
    const finance = contactsOf(w, stark.id).filter((c) => /financ|controller|cfo/i.test(c.title ?? ""));
    if (!finance.length) throw new Error("no finance contact at Stark");
    return {
      say: "Who's the finance person at Stark Logistics? I've got to chase them about an invoice and I don't want to bother their CEO with it.",
      expect: [names(personNames(finance), [], 1)],
    };
  }),
  about("finance", "read", "how much Globex owes that is past due", (w) => {
    const late = ofClient(w, "Globex").filter(overdue);
    if (!late.length) throw new Error("Globex has nothing overdue");
    return {
      say: "Is Globex behind on payments at the moment? If so how much is actually past due — I have a QBR with them Thursday and don't want to be blindsided.",
      expect: [money(dueSums(late), "overdue amount for Globex")],
    };
  }),
  about("finance", "read", "list Hooli Cloud's unpaid invoices", (w) => {
    const hooli = ofClient(w, "Hooli");
    const open = hooli.filter(unpaid);
    if (open.length < 2) throw new Error("Hooli needs several unpaid invoices");
    return {
      say: "quick one - which Hooli Cloud invoices are still unpaid? just the invoice numbers is fine",
      expect: [names(numbers(open), numbers(hooli.filter((i) => !unpaid(i))), open.length)],
    };
  }),
  about("finance", "read", "total Stark Logistics still owes us", (w) => {
    const open = ofClient(w, "Stark").filter(unpaid);
    if (!open.length) throw new Error("Stark owes nothing");
    return {
      say: "Before my call with Stark Logistics this afternoon — what's the total they still owe us across all their open invoices, late or not?",
      expect: [money(dueSums(open), "amount Stark Logistics still owes")],
    };
  }),
  about("finance", "read", "when Northwind's one open invoice is due", (w) => {
    const open = ofClient(w, "Northwind").filter(unpaid);
    if (open.length !== 1) throw new Error(`Northwind should have exactly one unpaid invoice, has ${open.length}`);
    return {
      say: "Northwind's finance lead asked me when their outstanding invoice is due, can you remind me of the date?",
      expect: [date(open[0]!.due_date, "due date")],
    };
  }),
  about("growth", "read", "what stage the Aperture data migration deal is in", (w) => {
    const deal = dealAbout(w, "Aperture", "Data migration");
    return {
      say: "Where are we at with the Aperture Labs data migration deal? what stage is it sitting in right now?",
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "which accounts have a deal in negotiation", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const inNeg = new Set(w.deals.filter((d) => d.status === "open" && d.stage_id === neg.id).map((d) => d.account_id));
    const yes = w.accounts.filter((a) => inNeg.has(a.id)).map((a) => a.name);
    const no = w.accounts.filter((a) => !inNeg.has(a.id)).map((a) => a.name);
    return {
      say: "Which of my accounts have something in negotiation at the moment? Trying to figure out where to spend my week.",
      expect: [names(yes, no, yes.length)],
    };
  }),
  about("growth", "read", "who is in the new lead follow-up sequence", (w) => {
    const seq = followUp(w);
    const inIt = personNames(enrolledContacts(w, seq.id));
    if (!inIt.length) throw new Error("nobody is enrolled");
    return {
      say: `I think some of my customers are still getting the "${seq.name}" emails, which is awkward. Who's currently enrolled in it?`,
      expect: [names(inIt, allContactNames(w), inIt.length)],
    };
  }),
  about("finance", "read", "which customers are more than 60 days late", (w) => {
    const late = w.invoices.filter(overdue);
    const veryLate = [...new Set(late.filter((i) => i.days_overdue > 60).map((i) => i.client))];
    const others = [...new Set(late.map((i) => i.client))].filter((c) => !veryLate.includes(c));
    if (!veryLate.length) throw new Error("nobody is 60+ days late");
    return {
      say: "Which customers have an invoice that's more than 60 days late? I want to get ahead of those before end of month.",
      expect: [names(veryLate, others, veryLate.length)],
    };
  }),
  about("growth", "read", "the biggest open deal in the book", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.amount !== null);
    const top = open.reduce((a, b) => (b.amount! > a.amount! ? b : a));
    const acc = pick(w.accounts, (a) => a.id === top.account_id, "account of the top deal");
    return {
      say: "Out of curiosity, what's the single biggest open deal we've got going right now and what's it worth?",
      expect: [names([acc.name], [], 1), money({ [top.currency]: top.amount! }, "deal value")],
    };
  }),
  about("growth", "read", "when the Hooli data migration deal should close", (w) => {
    const deal = dealAbout(w, "Hooli", "Data migration");
    if (!deal.expected_close_date) throw new Error("the Hooli deal has no close date");
    return {
      say: "Remind me — when is the Hooli data migration deal supposed to close?",
      expect: [date(deal.expected_close_date, "expected close date")],
    };
  }),
  about("finance", "read", "how late Initech's overdue invoice is and what is left on it", (w) => {
    const late = ofClient(w, "Initech").filter(overdue);
    if (late.length !== 1) throw new Error(`Initech should have one overdue invoice, has ${late.length}`);
    const inv = late[0]!;
    return {
      say: `Is Initech still sitting on that ${inv.description ? `${inv.description.toLowerCase()} ` : ""}invoice? How many days late is it now and how much is left to pay?`,
      expect: [count(inv.days_overdue, "days overdue"), money({ [inv.currency]: inv.amount_due }, "amount left")],
    };
  }),
  about("growth", "read", "Stark's open deals and decision-makers", (w) => {
    const stark = accountNamed(w, "Stark");
    const open = dealsOf(w, stark.id).filter((d) => d.status === "open");
    const deciders = contactsOf(w, stark.id).filter((c) => c.tags.some((t) => /decision/i.test(t)));
    if (!open.length || !deciders.length) throw new Error("Stark needs open deals and decision-makers");
    return {
      say: "Can you give me the rundown on Stark Logistics? Mainly what deals we have open with them and who the decision-makers are over there.",
      expect: [names(open.map(dealTopic), [], open.length), names(personNames(deciders), [], deciders.length)],
    };
  }),
  about("growth", "read", "whether anyone at Initech is tagged decision-maker", (w) => {
    const initech = accountNamed(w, "Initech");
    const deciders = contactsOf(w, initech.id).filter((c) => c.tags.some((t) => /decision/i.test(t)));
    return {
      say: "Do we have anybody at Initech flagged as a decision-maker? Feels like I've only ever talked to people who can't sign anything.",
      expect: [deciders.length ? names(personNames(deciders), [], deciders.length) : count(0, "decision-makers at Initech")],
    };
  }),
  about("finance", "read", "which accounts have overdue invoices (at risk)", (w) => {
    const lateIds = new Set(w.invoices.filter(overdue).map((i) => i.account_id));
    const atRisk = w.accounts.filter((a) => lateIds.has(a.id)).map((a) => a.name);
    const fine = w.accounts.filter((a) => !lateIds.has(a.id)).map((a) => a.name);
    return {
      say: "I'm putting together my at-risk list for the team meeting. Which of our accounts currently have an overdue invoice?",
      expect: [names(atRisk, fine, atRisk.length)],
    };
  }),
  about("talent", "read", "who has applied for the Account Executive role", (w) => {
    const job = jobNamed(w, "Account Executive");
    const people = personNames(candidatesOf(w, job.id));
    return {
      say: "We're supposedly hiring another AE so I can hand off a few accounts. Who's applied for the Account Executive job so far?",
      expect: [names(people, [], people.length)],
    };
  }),
];

/* ---------- writes ---------- */

const WRITES: Case[] = [
  about("growth", "write", "Globex pilot won, and take Emma Dubois (Globex) out of the lead follow-up", (w) => {
    const deal = dealAbout(w, "Globex", "Pilot");
    const won = stageNamed(w, "Closed won");
    const emma = contactAt(w, "Globex", "Emma Dubois");
    const seq = followUp(w);
    if (!enrolledContacts(w, seq.id).some((c) => c.id === emma.id)) throw new Error("Emma Dubois at Globex is not enrolled");
    return {
      say: `Just got off a call with Globex — they're going ahead with the pilot! Can you mark that deal as won? Also Emma Dubois over there is obviously a customer now, so please take her out of the ${seq.name} sequence.`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name), unenrolled(seq.id, emma.id, "Emma Dubois (Globex)")],
    };
  }),
  about("growth", "write", "add Tyrell's new head of procurement as a contact", (w) => {
    const tyrell = accountNamed(w, "Tyrell");
    const domain = tyrell.domain ?? "tyrell-bio.com";
    const email = `priya.nair@${domain}`;
    return {
      say: `Tyrell Biotech has a new head of procurement, Priya Nair (${email}). Can you add her to the account? Title should be Head of Procurement.`,
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Nair"),
          email,
          title: is.containing("procurement"),
          account_id: tyrell.id,
        }),
      ],
    };
  }),
  about("finance", "write", "Globex paid <their custom integration invoice> in full", (w) => {
    const inv = pick(ofClient(w, "Globex"), (i) => unpaid(i) && i.currency === "USD", "unpaid Globex USD invoice");
    return {
      say: `Good news, Globex's finance team just confirmed the wire for ${shortNumber(inv)} went out — the whole amount. Can you mark it as paid?`,
      expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
    };
  }),
  about("finance", "write", "record a 5,000 partial payment from Stark on their annual support invoice", (w) => {
    const list = ofClient(w, "Stark").filter((i) => unpaid(i) && /annual support/i.test(i.description ?? ""));
    if (list.length !== 1) throw new Error(`expected one unpaid Stark annual support invoice, found ${list.length}`);
    const inv = list[0]!;
    if (inv.amount_due <= 5000) throw new Error("the invoice is too small for a 5,000 partial payment");
    return {
      say: `Stark Logistics sent a partial payment of 5,000 ${inv.currency} against their annual support plan invoice. Can you record it? They say the rest comes next month.`,
      expect: [
        changed("invoice", inv.id, { amount_paid: near(inv.amount_paid + 5000), amount_due: near(inv.amount_due - 5000), status: inv.status }, inv.number),
      ],
    };
  }),
  about("growth", "write", "move the Stark support upgrade deal to negotiation", (w) => {
    const deal = dealAbout(w, "Stark", "Support upgrade");
    const neg = stageNamed(w, "Negotiation");
    if (deal.stage_id === neg.id) throw new Error("the deal is already in negotiation");
    return {
      say: "Stark came back on the support upgrade proposal and we're haggling over price now, so please move that deal into Negotiation.",
      expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)],
    };
  }),
  about("growth", "write", "enrol Isla Haddad and James Novak (Stark) in the lead follow-up", (w) => {
    const seq = followUp(w);
    const isla = contactAt(w, "Stark", "Isla Haddad");
    const james = contactAt(w, "Stark", "James Novak");
    const already = enrolledContacts(w, seq.id).map((c) => c.id);
    if (already.includes(isla.id) || already.includes(james.id)) throw new Error("already enrolled");
    return {
      say: `Could you put Isla Haddad and James Novak from Stark Logistics into the ${seq.name} sequence? I want a couple of touchpoints going out to them before the renewal conversation.`,
      expect: [enrolled(seq.id, isla.id, "Isla Haddad"), enrolled(seq.id, james.id, "James Novak")],
    };
  }),
  about("growth", "write", "open an expansion deal for Northwind, 24k USD, closing end of January", (w) => {
    const northwind = accountNamed(w, "Northwind");
    return {
      say: `Northwind wants to expand! Can you open a new deal for them called "Analytics add-on", 24,000 USD, and set it to close by the end of January?`,
      expect: [
        created("deal", {
          name: is.containing("Analytics add-on"),
          account_id: northwind.id,
          amount: 24000,
          currency: "USD",
          expected_close_date: endOfNamedMonth(w, 1),
        }),
      ],
    };
  }),
  about("growth", "write", "Tyrell renewed: make Mia Rossi and Liam Okafor at Tyrell customers", (w) => {
    const mia = contactAt(w, "Tyrell", "Mia Rossi");
    const liam = contactAt(w, "Tyrell", "Liam Okafor");
    return {
      say: "Log this one for me: Tyrell Biotech renewed 🎉 So Mia Rossi and Liam Okafor over at Tyrell should both be customers now, not leads/qualified.",
      expect: [
        changed("contact", mia.id, { lifecycle_stage: "customer" }, "Mia Rossi (Tyrell)"),
        changed("contact", liam.id, { lifecycle_stage: "customer" }, "Liam Okafor (Tyrell)"),
      ],
    };
  }),
  about("finance", "write", "invoice Umbrella Health 12,500 USD for the annual renewal, due in 30 days", (w) => ({
    say: 'Umbrella Health signed their renewal, so we need to bill them: 12,500 USD, due 30 days from today, description "Annual renewal".',
    expect: [
      created("invoice", {
        client: is.containing("Umbrella"),
        amount: 12500,
        currency: "USD",
        due_date: addDays(today(w), 30),
        description: is.containing("renewal"),
      }),
    ],
  })),
  about("growth", "write", "mark Tyrell's platform rollout deal as lost", (w) => {
    const deal = dealAbout(w, "Tyrell", "Platform rollout");
    return {
      say: "Bad news on Tyrell — they went with a competitor for the platform rollout. Can you close that deal out as lost?",
      expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
    };
  }),
  about("talent", "write", "move Ken Thompson to screening for the Account Executive job", (w) => {
    const job = jobNamed(w, "Account Executive");
    const ken = pick(candidatesOf(w, job.id), (c) => fullName(c) === "Ken Thompson" && c.stage === "applied", "Ken Thompson (applied)");
    return {
      say: "I was asked to weigh in on the AE hire since they'll take some of my accounts. Ken Thompson looks great on paper, can you move him on to screening?",
      expect: [changed("candidate", ken.id, { stage: "screening" }, "Ken Thompson")],
    };
  }),
  about("growth", "write", "set up Soylent Foods as a new account", (w) => {
    if (w.accounts.some((a) => /soylent/i.test(a.name))) throw new Error("Soylent already has an account");
    return {
      say: "We just signed Soylent Foods through a referral, they don't have an account in here yet. Can you create one? Domain is soylentfoods.com and they're UK based.",
      expect: [created("account", { name: is.text("Soylent Foods"), domain: "soylentfoods.com", country: "GB" })],
    };
  }),
  about("growth", "write", "raise the Umbrella expansion deal to 71,500", (w) => {
    const deal = dealAbout(w, "Umbrella", "Expansion");
    return {
      say: "Umbrella Health wants 60 seats instead of 50 on the expansion — could you bump that deal's value up to 71,500?",
      expect: [changed("deal", deal.id, { amount: 71500 }, deal.name)],
    };
  }),
  about("growth", "write", "push the Hooli data migration close date to the end of February", (w) => {
    const deal = dealAbout(w, "Hooli", "Data migration");
    return {
      say: "The Hooli data migration is slipping, their legal team is slow. Push the expected close date out to the end of February please.",
      expect: [changed("deal", deal.id, { expected_close_date: endOfNamedMonth(w, 2) }, deal.name)],
    };
  }),
  about("finance", "write", "void Hooli's duplicate <onboarding workshop invoice> (needs approval)", (w) => {
    const inv = pick(ofClient(w, "Hooli"), (i) => i.status === "open" && /onboarding/i.test(i.description ?? ""), "open Hooli onboarding invoice");
    return {
      say: `Hooli pointed out that ${inv.number} (the onboarding workshop one) is a duplicate, we already billed that. Please void it.`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
];

/* ---------- figures ---------- */

const FIGURES: Case[] = [
  about("intelligence", "figure", "our win rate lately", (w) => ({
    say: "How's our win rate looking lately? My VP keeps asking and I never have the number handy.",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent")],
  })),
  about("intelligence", "figure", "open pipeline value, raw and weighted", (w) => {
    const totals = snapshot(w).growth.pipeline.totals;
    const open: Record<string, number> = {};
    const weighted: Record<string, number> = {};
    for (const t of totals) {
      open[t.currency] = t.open_value;
      weighted[t.currency] = t.weighted_value;
    }
    return {
      say: "What's the whole open pipeline worth right now? And what does it come to once you weight it by stage?",
      expect: [money(open, "open pipeline"), money(weighted, "weighted pipeline")],
    };
  }),
  about("intelligence", "figure", "how much customers owe us in total", (w) => {
    const out: Record<string, number> = {};
    for (const c of snapshot(w).finance.currencies) out[c.currency] = c.outstanding;
    return {
      say: "Big picture question: how much money is outstanding across all our customers right now?",
      expect: [money(out, "outstanding amount")],
    };
  }),
  about("intelligence", "figure", "days sales outstanding", (w) => {
    const checks: Check[] = snapshot(w)
      .finance.currencies.filter((c) => c.days_sales_outstanding !== null)
      .map((c) => figure(c.days_sales_outstanding, `DSO in ${c.currency}`));
    if (!checks.length) throw new Error("no DSO in the snapshot");
    return {
      say: "Finance keeps bringing up DSO in our syncs — what is it for us at the moment?",
      expect: checks,
    };
  }),
];

/* ---------- must not act ---------- */

const QUESTIONS: Case[] = [
  about("growth", "question", "flip Olivia Tanaka to customer (two people share the name)", (w) => {
    const olivias = w.contacts.filter((c) => fullName(c) === "Olivia Tanaka");
    if (olivias.length < 2) throw new Error("Olivia Tanaka is not ambiguous");
    return { say: "Olivia Tanaka signed the order form this morning! Can you flip her to customer?", expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "Stark says the invoice is paid (which one?)", (w) => {
    if (ofClient(w, "Stark").filter(unpaid).length < 2) throw new Error("Stark has fewer than two unpaid invoices");
    return {
      say: "Heard back from Stark's accounts payable, they say the invoice has been paid. Can you mark it off?",
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "close Umbrella's deal as won (it has two open)", (w) => {
    const umbrella = accountNamed(w, "Umbrella");
    if (dealsOf(w, umbrella.id).filter((d) => d.status === "open").length < 2) throw new Error("Umbrella has fewer than two open deals");
    return { say: "Umbrella Health are in!! Close out their deal as won please", expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "add Globex's new head of procurement (no name given)", () => ({
    say: "Globex has a new head of procurement starting Monday, can you add her to the account?",
    expect: [noChange(), asksBack()],
  })),
  about("finance", "question", "log Initech's payment (amount not given)", (w) => {
    if (!ofClient(w, "Initech").some(overdue)) throw new Error("Initech has nothing overdue");
    return {
      say: "Initech finally sent some money through for their overdue invoice, can you log the payment?",
      expect: [noChange(), asksBack()],
    };
  }),
  about("finance", "question", "chase Pied Piper's finance team (no contact on file)", (w) => {
    if (!ofClient(w, "Pied Piper").some(overdue)) throw new Error("Pied Piper has nothing overdue");
    if (w.contacts.some((c) => /piedpiper|pied-piper|pied piper/i.test(c.email))) throw new Error("Pied Piper has a contact");
    return {
      say: "Can you chase Pied Piper's finance team about their overdue invoice? Drop them into a sequence or whatever works.",
      expect: [noChange()],
    };
  }),
];

export const CASES: Case[] = [...READS, ...WRITES, ...FIGURES, ...QUESTIONS];
