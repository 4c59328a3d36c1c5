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
  type Matcher,
} from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  enrolledContacts,
  fullName,
  jobNamed,
  numbers,
  ofClient,
  overdue,
  pick,
  quarter,
  shortNumber,
  stageNamed,
  stageOf,
  sums,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Deal, World } from "../world.ts";

/*
 * Blind set: an account executive at a B2B SaaS startup. Lives in the CRM, does her own invoicing,
 * helps hire for her team. Sales-speak, Slack habits, sometimes two asks in one, sometimes a story first.
 */

const snapshotOf = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

/** The last day of the quarter after the one holding today. */
function endOfNextQuarter(w: World): string {
  const start = addDays(quarter(w)[1], 1);
  const [y, m] = start.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + 3, 0)).toISOString().slice(0, 10);
}

/** The one deal of an account whose topic starts with this text. */
function dealAbout(w: World, account: string, topic: string): Deal {
  const acc = accountNamed(w, account);
  const list = dealsOf(w, acc.id).filter((d) => dealTopic(d).toLowerCase().startsWith(topic.toLowerCase()));
  if (list.length !== 1) throw new Error(`expected one "${topic}" deal at ${acc.name}, found ${list.length}`);
  return list[0]!;
}

const near = (want: number): Matcher => is.where(`${want.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - want) < 0.005);

/** Invoices that are overdue with part of them already paid. */
const partlyPaidOverdue = (w: World) => w.invoices.filter((i) => overdue(i) && i.amount_paid > 0);

export const CASES: Case[] = [
  /* ======================= finance: reads ======================= */
  about("finance", "read", "which of <a client with several overdue invoices>'s invoices are overdue, before a QBR", (w) => {
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) => ofClient(w, c).filter(overdue).length >= 2 && ofClient(w, c).some((i) => !overdue(i)),
      "client with overdue and other invoices",
    );
    const mine = w.invoices.filter((i) => i.client === client);
    return {
      say: `prepping for my QBR w/ ${client} tmrw and I do NOT want to get blindsided on AR. which of their invoices are overdue rn?`,
      expect: [names(numbers(mine.filter(overdue)), numbers(mine.filter((i) => !overdue(i))), 10)],
    };
  }),
  about("finance", "read", "how many invoices are still drafts", (w) => ({
    say: "how many invoices do we have just sitting in draft? want them out the door before EOQ",
    expect: [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
  })),
  about("finance", "read", "what <a client with unpaid invoices in two currencies> owes in total, open and late", (w) => {
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) =>
        new Set(
          ofClient(w, c)
            .filter(unpaid)
            .map((i) => i.currency),
        ).size >= 2 && ofClient(w, c).filter(unpaid).every(overdue),
      "client owing in two currencies",
    );
    return {
      say: `before I loop in ${client.split(" ")[0]}'s EB on the renewal convo... what do they owe us total atm? open + late, all of it`,
      expect: [money(dueSums(w.invoices.filter((i) => i.client === client && unpaid(i))), "amount owed")],
    };
  }),
  about("finance", "read", "status of <a part-paid overdue invoice> and what is left to collect", (w) => {
    const inv = partlyPaidOverdue(w)[1];
    if (!inv) throw new Error("no second part-paid overdue invoice");
    return {
      say: `${inv.client}'s AP swears they paid ${shortNumber(inv)}. what's the actual status on it, and how much is left to collect?`,
      expect: [says("overdue", "past due"), money({ [inv.currency]: inv.amount_due }, "balance left")],
    };
  }),
  about("finance", "read", "open invoices coming due in the next 14 days", (w) => {
    const end = addDays(today(w), 14);
    const open = w.invoices.filter((i) => i.status === "open");
    const soon = open.filter((i) => i.due_date >= today(w) && i.due_date <= end);
    return {
      say: "which open invoices come due in the next 2 weeks? gonna ping those accounts early so nothing slips, fyi",
      expect: [names(numbers(soon), numbers(open.filter((i) => !soon.includes(i))), 10)],
    };
  }),

  /* ======================= finance: writes ======================= */
  about("finance", "write", "<an overdue invoice, unpaid> was paid in full", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0 && i.currency === "GBP", "unpaid overdue GBP invoice");
    return {
      say: `${inv.client} finally paid ${shortNumber(inv)} in full :+1: can you mark it paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a 5,000 partial payment on <a part-paid overdue invoice> and say what's left", (w) => {
    const inv = partlyPaidOverdue(w)[0];
    if (!inv) throw new Error("no part-paid overdue invoice");
    const left = Math.round((inv.amount_due - 5000) * 100) / 100;
    return {
      say: `fyi ${inv.client} wired another 5,000 ${inv.currency} against ${inv.number}, still a partial. log it and lmk what's left on it`,
      expect: [
        changed("invoice", inv.id, { amount_paid: near(inv.amount_paid + 5000), amount_due: near(left) }, inv.number),
        money({ [inv.currency]: left }, "balance left"),
      ],
    };
  }),
  about("finance", "write", "bill a brand-new logo 4,800 USD for an onboarding workshop, net 30", (w) => ({
    say: "new logo!! Vandelay Industries just signed. bill them $4,800 USD for the onboarding workshop, net 30 from today",
    expect: [created("invoice", { client: is.text("Vandelay Industries"), amount: 4800, currency: "USD", due_date: addDays(today(w), 30) })],
  })),
  about("finance", "write", "void <an open invoice> billed twice by mistake", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.currency === "EUR" && ofClient(w, i.client).length === 1, "sole open EUR invoice of a client");
    return {
      say: `ugh, ${inv.number} to ${inv.client} is a dupe, we billed them twice by accident. void it pls`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ======================= finance: must not act ======================= */
  about("finance", "question", "mark 'the Stark invoice' paid when Stark has several unpaid", (w) => {
    const open = ofClient(w, "Stark").filter(unpaid);
    if (open.length < 2) throw new Error("Stark has fewer than two unpaid invoices");
    return { say: "Stark's AP said they wired it this morning, mark the Stark invoice as paid", expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "invoice Hooli for a workshop with no amount given", () => ({
    say: "can u invoice Hooli for the onboarding workshop? due end of the month",
    expect: [noChange(), asksBack()],
  })),

  /* ======================= growth: reads ======================= */
  about("growth", "read", "accounts with an opp in Negotiation (the commit list)", (w) => {
    const neg = stageNamed(w, "Negotiation");
    const inNeg = w.deals.filter((d) => d.status === "open" && d.stage_id === neg.id);
    const accountsIn = new Set(inNeg.map((d) => d.account_id));
    const label = (id: string | null) => w.accounts.find((a) => a.id === id)?.name;
    const want = [...accountsIn].map(label).filter((n): n is string => !!n);
    const others = w.accounts.filter((a) => !accountsIn.has(a.id) && dealsOf(w, a.id).some((d) => d.status === "open")).map((a) => a.name);
    return {
      say: "whats sitting in Negotiation rn? that's basically my commit for the forecast call, just need the logos",
      expect: [names(want, others, want.length)],
    };
  }),
  about("growth", "read", "how many open opps are in the pipeline", (w) => ({
    say: "quick gut check before 1:1 w/ my manager — how many open opps do we have in teh pipe, total?",
    expect: [count(w.deals.filter((d) => d.status === "open").length, "open deals")],
  })),
  about("growth", "read", "the contacts we have at <an account with four contacts>", (w) => {
    const acc = pick(w.accounts, (a) => contactsOf(w, a.id).length >= 4, "account with four contacts");
    const mine = contactsOf(w, acc.id);
    const others = w.contacts.filter((c) => c.account_id !== acc.id).map(fullName);
    return {
      say: `single-threaded deals die, learned that the hard way lol. trying to multithread ${acc.name} — who do we actually have in the CRM over there?`,
      expect: [names(mine.map(fullName), others, mine.length)],
    };
  }),
  about("growth", "read", "stage and expected close of <an account>'s support upgrade opp", (w) => {
    const deal = dealAbout(w, "Stark", "Support upgrade");
    if (!deal.expected_close_date) throw new Error("the deal has no close date");
    return {
      say: "where's the Stark support upgrade opp at? need stage + expected close for my pipeline review",
      expect: [says(stageOf(w, deal).name), date(deal.expected_close_date, "expected close date")],
    };
  }),
  about("growth", "read", "total closed-won value, by currency", (w) => ({
    say: "tally up everything we've closed-won so far across all deals. what's the total? split by currency if it's mixed",
    expect: [
      money(
        sums(
          w.deals.filter((d) => d.status === "won"),
          (d: Deal) => d.amount ?? 0,
        ),
        "closed-won total",
      ),
    ],
  })),
  about("growth", "read", "everyone tagged decision-maker", (w) => {
    const tagged = w.contacts.filter((c) => c.tags.includes("decision-maker"));
    const want = [...new Set(tagged.map(fullName))];
    const others = w.contacts.filter((c) => !c.tags.includes("decision-maker")).map(fullName);
    return {
      say: "pull everyone tagged decision-maker for me, that's my EB shortlist for the MEDDIC review",
      expect: [names(want, others, want.length)],
    };
  }),
  about("growth", "read", "who is active in <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = enrolledContacts(w, seq.id);
    const others = w.contacts.filter((c) => !inIt.includes(c)).map(fullName);
    return {
      say: `who's active in the ${seq.name} sequence right now? don't want to double-touch anybody`,
      expect: [names(inIt.map(fullName), others, inIt.length)],
    };
  }),

  /* ======================= growth: writes ======================= */
  about("growth", "write", "move <an account>'s only opp to closed won and set its amount to 35k", (w) => {
    const acc = pick(w.accounts, (a) => dealsOf(w, a.id).length === 1 && dealsOf(w, a.id)[0]!.status === "open", "account with a single open deal");
    const deal = dealsOf(w, acc.id)[0]!;
    const won = stageNamed(w, "Closed won");
    return {
      say: `${acc.name.split(" ")[0]} gave us the verbal and legal cleared the red lines 🎉 move their ${dealTopic(deal).toLowerCase()} opp to closed won + update the amount to 35k`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won", amount: 35000 }, deal.name)],
    };
  }),
  about("growth", "write", "mark <an account>'s pilot closed-lost (DQ'd)", (w) => {
    const deal = dealAbout(w, "Globex", "Pilot");
    return {
      say: "Globex pilot is DQ'd. no budget, no EB, and they won't commit to a POC. mark it closed-lost",
      expect: [changed("deal", deal.id, { status: "lost", stage_id: stageNamed(w, "Closed lost").id }, deal.name)],
    };
  }),
  about("growth", "write", "push <an account>'s pilot expected close to the end of next quarter", (w) => {
    const deal = dealAbout(w, "Umbrella", "Pilot");
    return {
      say: "so the Umbrella pilot slipped to next quarter :( set its expected close to the last day of next quarter",
      expect: [changed("deal", deal.id, { expected_close_date: endOfNextQuarter(w) }, deal.name)],
    };
  }),
  about("growth", "write", "new 40k USD expansion opp on <an account>, in Qualified", (w) => {
    const acc = accountNamed(w, "Northwind");
    return {
      say: "net new opp for you: expansion on Northwind Traders, 40k ACV in USD. put it straight into Qualified, discovery call went great",
      expect: [
        created("deal", { account_id: acc.id, amount: 40000, currency: "USD", stage_id: stageNamed(w, "Qualified").id, name: is.containing("expansion") }),
      ],
    };
  }),
  about("growth", "write", "add Initech's new VP Finance as a contact", (w) => {
    const acc = accountNamed(w, "Initech");
    return {
      say: "met Initech's new VP Finance at dinner last night, super warm, could end up being our champion. add her pls: Priya Raman, priya.raman@initech.io, VP Finance",
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Raman"),
          email: "priya.raman@initech.io",
          title: is.text("VP Finance"),
          account_id: acc.id,
        }),
      ],
    };
  }),
  about("growth", "write", "enrol <a contact not in the sequence> in <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = enrolledContacts(w, seq.id);
    const who = pick(
      uniqueContacts(w),
      (c) => c.lifecycle_stage === "lead" && !inIt.includes(c) && c.title !== null && c.account_id !== null,
      "lead not enrolled",
    );
    const acc = pick(w.accounts, (a) => a.id === who.account_id, "contact's account");
    return {
      say: `drop ${fullName(who)} (${acc.name.split(" ")[0]}, ${who.title?.toLowerCase()}) into the ${seq.name} sequence`,
      expect: [enrolled(seq.id, who.id, fullName(who))],
    };
  }),
  about("growth", "write", "take <an enrolled contact, named by account> out of the sequence after a reply", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = enrolledContacts(w, seq.id);
    // A contact whose name is shared by someone at another account: the account tells them apart.
    const who = pick(
      inIt,
      (c) => c.first_name === "Ava" && w.contacts.some((o) => o !== c && fullName(o) === fullName(c)) && c.account_id !== null,
      "enrolled contact with a namesake",
    );
    const acc = pick(w.accounts, (a) => a.id === who.account_id, "contact's account");
    return {
      say: `${who.first_name} from ${acc.name} replied to me directly, so the cadence needs to stop. pull her out of ${seq.name}`,
      expect: [unenrolled(seq.id, who.id, `${fullName(who)} (${acc.name})`)],
    };
  }),
  about("growth", "write", "add a champion tag to <a contact>, keeping their tags", (w) => {
    const who = pick(uniqueContacts(w), (c) => c.tags.length > 0 && c.first_name === "Isla", "tagged contact Isla");
    const acc = pick(w.accounts, (a) => a.id === who.account_id, "contact's account");
    return {
      say: `${fullName(who)} at ${acc.name.split(" ")[0]} is officially my champion now. slap a "champion" tag on her contact`,
      expect: [changed("contact", who.id, { tags: is.including(...who.tags, "champion") }, fullName(who))],
    };
  }),

  /* ======================= growth: must not act ======================= */
  about("growth", "question", "enrol a contact whose name two contacts share", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = enrolledContacts(w, seq.id);
    const twins = w.contacts.filter((c) => c.first_name === "Ethan" && !inIt.includes(c));
    if (twins.length < 2 || new Set(twins.map(fullName)).size !== 1) throw new Error("no two unenrolled namesakes called Ethan");
    return { say: `loop ${fullName(twins[0]!)} into the follow-up sequence`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "move the close date of 'the Umbrella opp' when Umbrella has two open opps", (w) => {
    const open = dealsOf(w, accountNamed(w, "Umbrella").id).filter((d) => d.status === "open");
    if (open.length < 2) throw new Error("Umbrella has fewer than two open deals");
    return {
      say: "champion at Umbrella says procurement is backed up. push the close date on the Umbrella opp out to the 20th",
      expect: [noChange(), asksBack()],
    };
  }),

  /* ======================= talent: reads ======================= */
  about("talent", "read", "candidates still in play for the AE req (not rejected, not hired)", (w) => {
    const job = jobNamed(w, "Account Executive");
    const all = candidatesOf(w, job.id);
    const live = all.filter((c) => c.stage !== "rejected" && c.stage !== "hired");
    return {
      say: "for my AE req, who's still in play? ignore anyone we already rejected or hired",
      expect: [names(live.map(fullName), all.filter((c) => !live.includes(c)).map(fullName), live.length)],
    };
  }),
  about("talent", "read", "how many candidates are at interview stage across all jobs", (w) => ({
    say: "how many candidates are at the interview stage rn, all reqs combined??",
    expect: [count(w.candidates.filter((c) => c.stage === "interview").length, "candidates in interview")],
  })),
  about("talent", "read", "what stage <a candidate at offer> is in", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "offer" && c.last_name === "Torvalds", "candidate at offer");
    return { say: `where did we land w/ ${fullName(cand)}? what stage is he in`, expect: [says(cand.stage)] };
  }),
  about("talent", "read", "how many candidates came from referrals", (w) => ({
    say: "tbh referrals are the best lead source we have. how many candidates came in through a referral?",
    expect: [count(w.candidates.filter((c) => (c.source ?? "").toLowerCase() === "referral").length, "referred candidates")],
  })),

  /* ======================= talent: writes ======================= */
  about("talent", "write", "reject <an applied candidate> for the backend role", (w) => {
    const job = jobNamed(w, "Backend");
    const cand = pick(candidatesOf(w, job.id), (c) => c.stage === "applied", "applied backend candidate");
    return {
      say: `gonna pass on ${fullName(cand)} for the backend role, great human but not senior enough. reject pls`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "move <a candidate at interview> to offer", (w) => {
    const job = jobNamed(w, "Backend");
    const cand = pick(candidatesOf(w, job.id), (c) => c.stage === "interview", "backend candidate at interview");
    return {
      say: `${cand.first_name} ${cand.last_name} absolutely crushed the onsite for Senior Backend. move her to offer :rocket:`,
      expect: [changed("candidate", cand.id, { stage: "offer" }, fullName(cand))],
    };
  }),
  about("talent", "write", "add a referred candidate to the AE job", (w) => {
    const job = jobNamed(w, "Account Executive");
    return {
      say: "got a referral for my AE req from my old team — Sam Whitfield, sam.whitfield@example.com. add him as a candidate, source is referral",
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Sam"),
          last_name: is.text("Whitfield"),
          email: "sam.whitfield@example.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),

  /* ======================= talent: must not act ======================= */
  about("talent", "question", "reject 'the product designer candidate' when several are active", (w) => {
    const job = jobNamed(w, "Product Designer");
    const active = candidatesOf(w, job.id).filter((c) => !["rejected", "hired"].includes(c.stage));
    if (active.length < 2) throw new Error("fewer than two active designer candidates");
    return { say: "reject the product designer candidate, she's not a fit", expect: [noChange(), asksBack()] };
  }),

  /* ======================= intelligence ======================= */
  about("intelligence", "read", "how many new contacts in the last 30 days", (w) => ({
    say: "how many net new contacts landed in the CRM over the last 30 days?",
    expect: [count(snapshotOf(w).growth.new_contacts_last_30_days, "new contacts")],
  })),
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "what's our win rate looking like over the last 90 days? need it for the forecast call",
    expect: [figure(snapshotOf(w).growth.last_90_days.win_rate, "90-day win rate", "percent")],
  })),
  about("intelligence", "figure", "open pipeline and weighted pipeline", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const prob = (d: Deal) => stageOf(w, d).probability / 100;
    return {
      say: "board deck time. what's total open pipe, and what's it worth weighted by stage?",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open pipeline",
        ),
        money(
          sums(open, (d: Deal) => (d.amount ?? 0) * prob(d)),
          "weighted pipeline",
        ),
      ],
    };
  }),
  about("intelligence", "figure", "outstanding receivables in USD and the USD DSO", (w) => {
    const usd = pick(snapshotOf(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "two q's from my CFO: how much USD is outstanding in AR, and what's our DSO in USD?",
      expect: [money({ USD: usd.outstanding }, "USD outstanding"), figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),
  about("intelligence", "figure", "hires in the last year and median days to hire", (w) => {
    const t = snapshotOf(w).talent;
    return {
      say: "hiring funnel sanity check — how many people have we hired in the past year, and what's the median days to hire?",
      expect: [count(t.hires_last_365_days, "hires in the last year"), figure(t.median_days_to_hire, "median days to hire")],
    };
  }),
  about("intelligence", "question", "set DSO to 30 so the board deck looks better", () => ({
    say: "finance wants DSO to look better for the board lol. can you just set it to 30 days?",
    expect: [noChange()],
  })),
];
