import {
  about,
  approval,
  asksBack,
  ask,
  type Case,
  type Check,
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
} from "../judge.ts";
import {
  accountNamed,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  month,
  numbers,
  ofClient,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";
import type { Contact, Deal, Snapshot, World } from "../world.ts";

/*
 * ninth-i: the revenue side. An account manager who looks after existing
 * clients (their contacts, open invoices, renewals and upsells) and an SDR
 * who runs the outbound sequence and qualifies new leads.
 */

/* ---------- pickers ---------- */

/** The contact of this name at this account (names repeat across accounts in the demo data). */
const contactAt = (w: World, name: string, account: string): Contact => {
  const acc = accountNamed(w, account);
  return pick(contactsOf(w, acc.id), (c) => fullName(c).toLowerCase() === name.toLowerCase(), `contact ${name} at ${account}`);
};

/** The deal of this account whose topic contains the text. */
const dealAt = (w: World, account: string, topic: string): Deal => {
  const acc = accountNamed(w, account);
  return pick(dealsOf(w, acc.id), (d) => dealTopic(d).toLowerCase().includes(topic.toLowerCase()), `deal ${topic} at ${account}`);
};

const theSequence = (w: World) => pick(w.sequences, (s) => s.name.toLowerCase() === "new lead follow-up", "sequence New lead follow-up");

const snapshot = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "";

const round2 = (n: number) => Math.round(n * 100) / 100;
const near = (want: number): ReturnType<typeof is.where> => is.where(`${want.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - want) < 0.005);

/** The next March 15 (today counts). */
const nextMarch15 = (w: World) => {
  const y = Number(today(w).slice(0, 4));
  const thisYear = `${y}-03-15`;
  return today(w) <= thisYear ? thisYear : `${y + 1}-03-15`;
};

const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");

/* ---------- the cases ---------- */

export const CASES: Case[] = [
  /* ===== writes ===== */

  ask(
    "growth",
    "write",
    "Just got off a discovery call with a new lead over at Hooli Cloud: Priya Raman, she's their Head of RevOps, email priya.raman@hooli.cloud. Could you add her as a lead contact? Thanks!",
    (w) => [
      created("contact", {
        first_name: is.text("Priya"),
        last_name: is.text("Raman"),
        email: "priya.raman@hooli.cloud",
        title: is.text("Head of RevOps"),
        lifecycle_stage: "lead",
        account_id: accountNamed(w, "Hooli Cloud").id,
      }),
    ],
  ),

  ask(
    "growth",
    "write",
    "heads up, a new prospect came in from the webinar: Vandelay Industries (vandelayindustries.com), based in the US, roughly 200 employees. can you set them up as an account?",
    () => [
      created("account", {
        name: is.text("Vandelay Industries"),
        domain: "vandelayindustries.com",
        country: "US",
        employee_count: 200,
      }),
    ],
  ),

  ask(
    "growth",
    "write",
    'So Globex Corporation wants to add the analytics module on top of what they have. Could you open an upsell deal for them called "Analytics add-on", 24,000 USD, with an expected close at the end of January?',
    (w) => [
      created("deal", {
        name: is.containing("Analytics add-on"),
        account_id: accountNamed(w, "Globex").id,
        amount: 24000,
        currency: "USD",
        expected_close_date: endOfNamedMonth(w, 1),
      }),
    ],
  ),

  ask(
    "growth",
    "write",
    "Good news: Stark Logistics came back on our proposal for the support upgrade and we're into negotiating terms now. Can you move that deal to Negotiation?",
    (w) => {
      const d = dealAt(w, "Stark Logistics", "Support upgrade");
      return [changed("deal", d.id, { stage_id: stageNamed(w, "Negotiation").id }, d.name)];
    },
  ),

  ask("growth", "write", "Umbrella Health just signed the pilot!! 🎉 please mark their pilot project deal as closed won", (w) => {
    const d = dealAt(w, "Umbrella Health", "Pilot project");
    return [changed("deal", d.id, { stage_id: stageNamed(w, "Closed won").id, status: "won" }, d.name)];
  }),

  ask("growth", "write", "Sadly Hooli Cloud decided to go with a competitor for the data migration work. Could you mark that deal as lost?", (w) => {
    const d = dealAt(w, "Hooli Cloud", "Data migration");
    return [changed("deal", d.id, { stage_id: stageNamed(w, "Closed lost").id, status: "lost" }, d.name)];
  }),

  ask(
    "growth",
    "write",
    "Aperture Labs' legal team needs more time on the data migration contract, so that one's slipping. Can you push its expected close date out to March 15?",
    (w) => {
      const d = dealAt(w, "Aperture Labs", "Data migration");
      return [changed("deal", d.id, { expected_close_date: nextMarch15(w) }, d.name)];
    },
  ),

  ask(
    "growth",
    "write",
    "could you add James Novak from Stark Logistics to the New lead follow-up sequence? he downloaded our pricing guide yesterday",
    (w) => {
      const c = contactAt(w, "James Novak", "Stark Logistics");
      return [enrolled(theSequence(w).id, c.id, fullName(c))];
    },
  ),

  ask("growth", "write", "Please enroll Olivia Tanaka in the new lead follow-up. I mean the one at Aperture Labs, not the Umbrella Health one!", (w) => {
    const c = contactAt(w, "Olivia Tanaka", "Aperture Labs");
    return [enrolled(theSequence(w).id, c.id, `${fullName(c)} (Aperture Labs)`)];
  }),

  ask(
    "growth",
    "write",
    "heads up, Liam Okafor at Northwind Traders answered me on LinkedIn and we've booked a meeting for next week, so please take him out of the follow-up sequence so he doesn't get more emails.",
    (w) => {
      const c = contactAt(w, "Liam Okafor", "Northwind Traders");
      return [unenrolled(theSequence(w).id, c.id, `${fullName(c)} (Northwind Traders)`)];
    },
  ),

  ask(
    "growth",
    "write",
    "We're rewriting the copy for the new lead follow-up emails this week. Could you pause that sequence for now so nothing goes out in the meantime?",
    (w) => {
      const s = theSequence(w);
      return [changed("sequence", s.id, { status: "paused" }, s.name)];
    },
  ),

  ask(
    "growth",
    "write",
    "Had a really good discovery call with Mia Rossi from Tyrell Biotech: budget, timeline, the works. Can you change her from lead to qualified?",
    (w) => {
      const c = contactAt(w, "Mia Rossi", "Tyrell Biotech");
      return [changed("contact", c.id, { lifecycle_stage: "qualified" }, `${fullName(c)} (Tyrell Biotech)`)];
    },
  ),

  ask(
    "growth",
    "write",
    "Quick update on Noah Schmidt at Globex: he got promoted to Director of Operations, and he gave me his direct line, +1 415 555 0142. Could you update his contact?",
    (w) => {
      const c = contactAt(w, "Noah Schmidt", "Globex");
      return [
        changed(
          "contact",
          c.id,
          {
            title: is.text("Director of Operations"),
            phone: is.where("the number +1 415 555 0142", (v: string) => typeof v === "string" && v.replace(/\D/g, "").endsWith("4155550142")),
          },
          `${fullName(c)} (Globex)`,
        ),
      ];
    },
  ),

  ask("growth", "write", "Leo Andersen has left Stark Logistics (his email bounces now). Can you delete him from our contacts?", (w) => {
    const c = contactAt(w, "Leo Andersen", "Stark Logistics");
    return [approval(/delet|remov/i, c.id, c.email)];
  }),

  ask(
    "finance",
    "write",
    "Just heard from Tyrell Biotech's AP team: they wired 5,000 USD this morning against their overdue invoice. Could you record that payment?",
    (w) => {
      const i = pick(ofClient(w, "Tyrell"), (x) => x.status === "overdue", "overdue Tyrell Biotech invoice");
      return [changed("invoice", i.id, { amount_paid: near(round2(i.amount_paid + 5000)), amount_due: near(round2(i.amount_due - 5000)) }, i.number)];
    },
  ),

  about(
    "finance",
    "write",
    "hey, <Wayne Enterprises' open (not yet overdue) invoice> went out by mistake, we'd already billed that work. could you void it?",
    (w) => {
      const i = pick(ofClient(w, "Wayne"), (x) => x.status === "open", "open Wayne Enterprises invoice");
      return {
        say: `hey, ${shortNumber(i)} for Wayne Enterprises went out by mistake, we'd already billed that work. could you void it?`,
        expect: [approval(/void/i, i.id, i.number)],
      };
    },
  ),

  ask(
    "finance",
    "write",
    "So Oscorp Materials has ignored every reminder on their oldest overdue invoice, the implementation services one, and finance agrees it's not coming. Can you write it off?",
    (w) => {
      const overdue = ofClient(w, "Oscorp").filter((x) => x.status === "overdue");
      if (!overdue.length) throw new Error("no overdue Oscorp invoice in the data");
      const i = overdue.reduce((a, b) => (b.days_overdue > a.days_overdue ? b : a));
      return [approval(/uncollectible|write/i, i.id, i.number)];
    },
  ),

  ask(
    "talent",
    "write",
    "Not my usual area, but a friend of mine, Dana Whitfield, would be great for the Account Executive opening. Her email is dana.whitfield@gmail.com. Could you add her as a candidate, with referral as the source?",
    (w) => [
      created("candidate", {
        first_name: is.text("Dana"),
        last_name: is.text("Whitfield"),
        email: "dana.whitfield@gmail.com",
        job_id: jobNamed(w, "Account Executive").id,
        source: is.containing("referral"),
      }),
    ],
  ),

  /* ===== reads ===== */

  ask("growth", "read", "Just got off the phone with Ava at Stark Logistics. What deals do we have open with them right now?", (w) => {
    const acc = accountNamed(w, "Stark Logistics");
    const open = dealsOf(w, acc.id).filter((d) => d.status === "open");
    const closed = dealsOf(w, acc.id).filter((d) => d.status !== "open");
    return [names(open.map(dealTopic), closed.map(dealTopic), open.length)];
  }),

  ask("growth", "read", "Prepping for the Globex renewal call tomorrow. Who are our contacts over there?", (w) => {
    const acc = accountNamed(w, "Globex");
    const theirs = contactsOf(w, acc.id).map(fullName);
    const others = w.contacts.filter((c) => c.account_id !== acc.id).map(fullName);
    return [names(theirs, others, theirs.length)];
  }),

  ask("finance", "read", "so how much does Stark Logistics still owe us across all their unpaid invoices?", (w) => {
    const open = ofClient(w, "Stark Logistics").filter(unpaid);
    return [money(dueSums(open), "amount Stark Logistics still owes")];
  }),

  ask("finance", "read", "I'm meeting Hooli Cloud on Thursday to talk renewal. Are any of their invoices overdue at the moment?", (w) => {
    const theirs = ofClient(w, "Hooli Cloud");
    return [names(numbers(theirs.filter((i) => i.status === "overdue")), numbers(theirs.filter((i) => i.status !== "overdue")))];
  }),

  ask("growth", "read", "How many people are currently active in the New lead follow-up sequence?", (w) => {
    const s = theSequence(w);
    return [count(w.enrollments.filter((e) => e.sequence_id === s.id && e.status === "active").length, "active enrollments")];
  }),

  ask("growth", "read", "Out of curiosity, what's the single biggest open deal we've got in the pipeline right now?", (w) => {
    const open = openDeals(w).filter((d) => d.amount !== null);
    if (!open.length) throw new Error("no open deal with an amount in the data");
    const biggest = open.reduce((a, b) => ((b.amount ?? 0) > (a.amount ?? 0) ? b : a));
    return [says(accountName(w, biggest.account_id) || biggest.name), money({ [biggest.currency]: biggest.amount! }, "deal's amount")];
  }),

  ask("growth", "read", "Which of our open deals are expected to close next month? Trying to plan my renewals calendar.", (w) => {
    const [from, to] = month(w, 1);
    const closing = openDeals(w).filter((d) => d.expected_close_date !== null && d.expected_close_date >= from && d.expected_close_date <= to);
    const wantedAccounts = [...new Set(closing.map((d) => accountName(w, d.account_id)))];
    const otherAccounts = [...new Set(openDeals(w).map((d) => accountName(w, d.account_id)))].filter((a) => a && !wantedAccounts.includes(a));
    const checks: Check[] = [names(wantedAccounts, otherAccounts, wantedAccounts.length)];
    for (const d of closing) checks.push(says(dealTopic(d).split(":")[0]!));
    return checks;
  }),

  ask("growth", "read", "Before I start calling, which of the Stark Logistics contacts are still just leads (not qualified yet)?", (w) => {
    const acc = accountNamed(w, "Stark Logistics");
    const theirs = contactsOf(w, acc.id);
    const leads = theirs.filter((c) => c.lifecycle_stage === "lead").map(fullName);
    return [names(leads, theirs.filter((c) => c.lifecycle_stage !== "lead").map(fullName), leads.length)];
  }),

  ask("growth", "read", "do we have anyone tagged as a decision-maker in the CRM? who are they?", (w) => {
    const tagged = [...new Set(w.contacts.filter((c) => c.tags.includes("decision-maker")).map(fullName))];
    const untagged = w.contacts.filter((c) => !c.tags.includes("decision-maker")).map(fullName);
    return [names(tagged, untagged, tagged.length)];
  }),

  ask("growth", "read", "When is the Hooli Cloud data migration deal expected to close?", (w) => {
    const d = dealAt(w, "Hooli Cloud", "Data migration");
    if (!d.expected_close_date) throw new Error("the Hooli Cloud deal has no expected close date");
    return [date(d.expected_close_date, "expected close date")];
  }),

  ask(
    "finance",
    "read",
    "Globex's finance contact asked me about their account. Which of their invoices has been overdue the longest, and by how many days?",
    (w) => {
      const overdue = ofClient(w, "Globex").filter((i) => i.status === "overdue");
      if (!overdue.length) throw new Error("no overdue Globex invoice in the data");
      const oldest = overdue.reduce((a, b) => (b.days_overdue > a.days_overdue ? b : a));
      return [names([oldest.number]), count(oldest.days_overdue, "days overdue")];
    },
  ),

  ask("growth", "read", "Which deals are sitting in Negotiation at the moment?", (w) => {
    const inNeg = openDeals(w).filter((d) => stageOf(w, d).name === "Negotiation");
    const wanted = [...new Set(inNeg.map((d) => accountName(w, d.account_id)))];
    const others = w.accounts.map((a) => a.name).filter((n) => !wanted.includes(n));
    return [names(wanted, others, wanted.length)];
  }),

  /* ===== figures ===== */

  ask("intelligence", "figure", "Putting together my QBR slides. What's our win rate looking like over the last 90 days?", (w) => [
    figure(snapshot(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent"),
  ]),

  ask("intelligence", "figure", "could you tell me what our weighted pipeline value is right now?", (w) => {
    const totals = snapshot(w).growth.pipeline.totals;
    return [money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline value")];
  }),

  ask("intelligence", "figure", "My manager asked how the outbound emails are landing. What's the reply rate on our sequences so far?", (w) => [
    figure(snapshot(w).growth.sequences.reply_rate, "reply rate of the sequences", "percent"),
  ]),

  ask("intelligence", "figure", "How much open pipeline do we have in total, and across how many deals?", (w) => {
    const totals = snapshot(w).growth.pipeline.totals;
    return [
      money(Object.fromEntries(totals.map((t) => [t.currency, t.open_value])), "open pipeline value"),
      count(
        totals.reduce((n, t) => n + t.deal_count, 0),
        "open deals",
      ),
    ];
  }),

  ask("intelligence", "figure", "so in the last 90 days, how many deals did we win and how many did we lose?", (w) => {
    const { won, lost } = snapshot(w).growth.last_90_days;
    return [figure(won, "deals won in the last 90 days"), figure(lost, "deals lost in the last 90 days")];
  }),

  ask("intelligence", "figure", "How many new contacts have we added over the last 30 days? Want to see if the lead gen push is working.", (w) => [
    figure(snapshot(w).growth.new_contacts_last_30_days, "new contacts in the last 30 days"),
  ]),

  /* ===== questions ===== */

  ask("growth", "question", "Ethan Murphy just told me they won't be renewing, sadly. Can you mark him as churned?", () => [noChange(), asksBack()]),

  ask(
    "finance",
    "question",
    "Could you raise an invoice to Northwind Traders for the extra onboarding workshop we ran for them last week? Usual net 30 terms.",
    () => [noChange(), asksBack()],
  ),

  ask("finance", "question", "Stark Logistics sent over a payment this morning, could you record it against their account?", () => [noChange(), asksBack()]),

  ask("growth", "question", "Could you bump the Initech pilot project deal up to 12,000 EUR? They expanded the scope a bit.", () => [noChange(), asksBack()]),

  ask("growth", "question", "great news, the data migration deal just got signed!! can you mark it as won?", () => [noChange(), asksBack()]),

  unclear(
    "growth",
    "Before I pitch Hooli Cloud an upsell, can you check how much they've actually been using the product over the last month? Logins, active users, that kind of thing.",
  ),
];
