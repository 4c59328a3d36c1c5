import {
  about,
  approval,
  asksBack,
  changed,
  count,
  created,
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
  clientNames,
  clientWithUnpaid,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  jobNamed,
  candidatesOf,
  month,
  names as personNames,
  numbers,
  ofClient,
  overdue,
  pick,
  shortNumber,
  sums,
  soleOpenDeal,
  stageNamed,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";
import type { Candidate, Deal, Snapshot, World } from "../world.ts";

/*
 * seventh-c: a busy operations manager and a finance lead, writing whole,
 * chatty sentences with a reason or a remark in the same message.
 * finance ~30%, growth ~30%, talent ~25%, business figures ~15%.
 */

const firstWord = (name: string) => name.split(" ")[0]!;
const followUp = (w: World) => pick(w.sequences, (s) => s.name === "New lead follow-up" && s.status === "active", "active New lead follow-up sequence");
const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
/** Answering a figure from a fresh snapshot is fair (as figure() allows): the same data. */
const freshSnapshotAllowed: Check = {
  text: "(a fresh snapshot may be taken to answer)",
  judge: () => null,
  allows: (event) => event.type === "intelligence.snapshot_created",
};
const active = (c: Candidate) => c.stage !== "hired" && c.stage !== "rejected";
const dealSums = (list: Deal[]) => sums(list, (d: Deal) => d.amount ?? 0);
const openDeals = (list: Deal[]) => list.filter((d) => d.status === "open");

export const CASES: Case[] = [
  /* ------------------------------ finance ------------------------------ */
  about(
    "finance",
    "write",
    "<Globex>'s AP lady just called, they wired the full balance on <their overdue GBP invoice, short number> this morning, so please mark it as paid.",
    (w) => {
      const inv = pick(ofClient(w, "Globex"), (i) => overdue(i) && i.currency === "GBP", "overdue GBP invoice of Globex");
      return {
        say: `${firstWord(inv.client)}'s AP lady just called, they wired the full balance on ${shortNumber(inv)} this morning, so please mark it as paid.`,
        expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
      };
    },
  ),
  about(
    "finance",
    "write",
    "<client with one unpaid EUR invoice>'s finance team sent 1.2k euros toward their outstanding bill, the rest is coming after Christmas apparently. Can you record that payment?",
    (w) => {
      const client = clientWithUnpaid(w, 1, (i) => i.currency === "EUR" && i.amount_due > 1200);
      const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), `unpaid invoice of ${client}`);
      return {
        say: `${firstWord(client)}'s finance team sent 1.2k euros toward their outstanding bill, the rest is coming after Christmas apparently. Can you record that payment?`,
        expect: [
          changed(
            "invoice",
            inv.id,
            { amount_paid: Math.round((inv.amount_paid + 1200) * 100) / 100, amount_due: Math.round((inv.amount_due - 1200) * 100) / 100 },
            inv.number,
          ),
        ],
      };
    },
  ),
  about(
    "finance",
    "write",
    "Hooli Cloud asked us to bill them £3,250 for the onboarding workshop we ran last week, due at the end of next month, can you raise the invoice?",
    (w) => ({
      say: "Hooli Cloud asked us to bill them £3,250 for the onboarding workshop we ran last week, due at the end of next month — can you raise the invoice?",
      expect: [
        created("invoice", {
          client: is.text("Hooli Cloud"),
          amount: 3250,
          currency: "GBP",
          due_date: month(w, 1)[1],
          description: is.containing("onboarding"),
        }),
      ],
    }),
  ),
  about(
    "finance",
    "write",
    "<client with a single invoice, unpaid>'s invoice was a duplicate (accounting already billed that integration work under another PO), so void it please.",
    (w) => {
      const client = pick(
        clientNames(w),
        (c) => ofClient(w, c).length === 1 && unpaid(ofClient(w, c)[0]!) && /integration/i.test(ofClient(w, c)[0]!.description ?? ""),
        "client with a single invoice, unpaid, for integration work",
      );
      const inv = ofClient(w, client)[0]!;
      return {
        say: `${client}'s invoice was a duplicate (accounting already billed that integration work under another PO), so void it please.`,
        expect: [approval(/void/i, inv.id, inv.number)],
      };
    },
  ),
  about(
    "finance",
    "write",
    "<client whose only invoice is a draft> pulled out of the support renewal, no point keeping the draft invoice we made for them. Delete it.",
    (w) => {
      const client = pick(clientNames(w), (c) => ofClient(w, c).length === 1 && ofClient(w, c)[0]!.status === "draft", "client whose only invoice is a draft");
      const inv = ofClient(w, client)[0]!;
      return {
        say: `${firstWord(client)} pulled out of the support renewal, no point keeping the draft invoice we made for them. Delete it.`,
        expect: [approval(/delete/i, inv.id, inv.number)],
      };
    },
  ),
  about("finance", "write", "Dan signed off on the <Initech> consulting draft, go ahead and finalize it so it goes out today", (w) => {
    const inv = pick(ofClient(w, "Initech"), (i) => i.status === "draft" && /consulting/i.test(i.description ?? ""), "Initech consulting draft");
    if (ofClient(w, "Initech").filter((i) => i.status === "draft").length !== 1) throw new Error("Initech should have exactly one draft");
    return {
      say: "Dan signed off on the Initech consulting draft, go ahead and finalize it so it goes out today",
      expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),
  about("finance", "read", "Stark Logistics keeps paying late, how much do they owe us in total right now?", (w) => ({
    say: "Stark Logistics keeps paying late, how much do they owe us in total right now?",
    expect: [money(dueSums(ofClient(w, "Stark Logistics").filter(unpaid)), "amount Stark Logistics owes")],
  })),
  about("finance", "read", "which invoices are more than two months overdue? i want to chase them before the board meeting on thursday", (w) => {
    const late = w.invoices.filter((i) => overdue(i) && i.days_overdue > 60);
    const rest = w.invoices.filter((i) => overdue(i) && i.days_overdue <= 60);
    if (late.some((i) => i.days_overdue <= 62) || rest.some((i) => i.days_overdue >= 58)) throw new Error("an overdue invoice sits too close to two months");
    return {
      say: "which invoices are more than two months overdue? i want to chase them before the board meeting on thursday",
      expect: [names(numbers(late), numbers(rest), late.length)],
    };
  }),
  about("finance", "read", "Pull up every unpaid bill with more than 15 thousand still owing on it, any currency is fine.", (w) => {
    const open = w.invoices.filter(unpaid);
    const wanted = open.filter((i) => i.amount_due > 15_000);
    // A part-paid invoice billed over 15k but owing less is read either way: left out of both lists.
    const others = open.filter((i) => i.amount <= 15_000);
    return {
      say: "Pull up every unpaid bill with more than 15 thousand still owing on it, any currency is fine.",
      expect: [names(numbers(wanted), numbers(others), wanted.length)],
    };
  }),
  about("finance", "read", "anything falling due in the next 2 weeks? id like to give those clients a heads-up", (w) => {
    const end = addDays(today(w), 14);
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
    const others = w.invoices.filter((i) => unpaid(i) && !soon.includes(i));
    return {
      say: "anything falling due in the next 2 weeks? id like to give those clients a heads-up",
      expect: [names(numbers(soon), numbers(others), soon.length)],
    };
  }),
  about("finance", "read", "How many draft invoices are still sitting there unsent? I have a feeling we forgot a few.", (w) => ({
    say: "How many draft invoices are still sitting there unsent? I have a feeling we forgot a few.",
    expect: [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
  })),
  about("finance", "read", "<client>'s controller insists <a paid invoice> was settled weeks ago. Is that what we have on our side too?", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "paid" && i.client.startsWith("Hooli"), "paid Hooli invoice");
    return {
      say: `${firstWord(inv.client)}'s controller insists ${inv.number} was settled weeks ago. Is that what we have on our side too?`,
      expect: [says("paid")],
    };
  }),
  {
    label: "please record the payment that came in this morning, thanks",
    engine: "finance",
    kind: "question",
    plan: () => ({ say: "please record the payment that came in this morning, thanks", expect: [noChange(), asksBack()] }),
  },

  /* ------------------------------ growth ------------------------------ */
  about(
    "growth",
    "write",
    "the proposal went out to <account whose only open deal is Qualified> this afternoon, so bump their deal up to the Proposal stage",
    (w) => {
      const { deal, account } = soleOpenDeal(w, ["Qualified"]);
      return {
        say: `the proposal went out to ${firstWord(account)} this afternoon, so bump their deal up to the Proposal stage`,
        expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Proposal").id }, deal.name)],
      };
    },
  ),
  about("growth", "write", "<account with a single deal, in Negotiation> just signed the <topic> contract!! mark it won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    if (dealsOf(w, deal.account_id!).length !== 1) throw new Error("the account should have a single deal");
    return {
      say: `${firstWord(account)} just signed the ${dealTopic(deal).toLowerCase()} contract!! mark it won`,
      expect: [changed("deal", deal.id, { status: "won", stage_id: stageNamed(w, "Closed won").id }, deal.name)],
    };
  }),
  about(
    "growth",
    "write",
    "<account with two open deals> told us they're going with a competitor for the <topic of its Negotiation deal>, so close that one out as lost. The other deal is still alive though.",
    (w) => {
      const deal = pick(
        w.deals,
        (d) => d.status === "open" && stageOf(w, d).name === "Negotiation" && openDeals(dealsOf(w, d.account_id!)).length === 2,
        "open Negotiation deal of an account with two open deals",
      );
      const account = pick(w.accounts, (a) => a.id === deal.account_id, "account");
      if (dealsOf(w, account.id).filter((d) => dealTopic(d) === dealTopic(deal)).length !== 1) throw new Error("the topic should designate one deal");
      return {
        say: `${account.name} told us they're going with a competitor for the ${dealTopic(deal).toLowerCase()}, so close that one out as lost. The other deal is still alive though.`,
        expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
      };
    },
  ),
  about(
    "growth",
    "write",
    "Just got off a call with Globex, their new head of finance is Priya Nair (priya.nair@<globex domain>). Can you add her as a contact?",
    (w) => {
      const globex = accountNamed(w, "Globex");
      const email = `priya.nair@${globex.domain}`;
      return {
        say: `Just got off a call with Globex, their new head of finance is Priya Nair (${email}). Can you add her as a contact?`,
        expect: [
          created("contact", { first_name: is.text("Priya"), last_name: is.text("Nair"), email, title: is.containing("finance"), account_id: globex.id }),
        ],
      };
    },
  ),
  about(
    "growth",
    "write",
    "Northwind want to add 25 seats, ballpark forty grand in USD, and they're hoping to sign before the end of January. Open a deal for it please.",
    (w) => {
      const northwind = accountNamed(w, "Northwind");
      return {
        say: "Northwind want to add 25 seats, ballpark forty grand in USD, and they're hoping to sign before the end of January. Open a deal for it please.",
        expect: [created("deal", { account_id: northwind.id, amount: 40_000, currency: "USD", expected_close_date: endOfNamedMonth(w, 1), status: "open" })],
      };
    },
  ),
  about("growth", "write", "Olivia Tanaka from Umbrella downloaded our invoicing guide yesterday, stick her on the new lead follow-up sequence.", (w) => {
    const umbrella = accountNamed(w, "Umbrella");
    const seq = followUp(w);
    const olivia = pick(contactsOf(w, umbrella.id), (c) => fullName(c) === "Olivia Tanaka", "Olivia Tanaka at Umbrella");
    if (w.contacts.filter((c) => fullName(c) === "Olivia Tanaka").length < 2) throw new Error("the case wants a name shared by two contacts");
    if (enrolledContacts(w, seq.id).some((c) => c.id === olivia.id)) throw new Error("Olivia is already enrolled");
    return {
      say: "Olivia Tanaka from Umbrella downloaded our invoicing guide yesterday, stick her on the new lead follow-up sequence.",
      expect: [enrolled(seq.id, olivia.id, "Olivia Tanaka (Umbrella)")],
    };
  }),
  about("growth", "write", "Noah at Globex has asked us to stop emailing him for now, please pull him out of the follow-up sequence.", (w) => {
    const seq = followUp(w);
    const globex = accountNamed(w, "Globex");
    const noah = pick(enrolledContacts(w, seq.id), (c) => c.first_name === "Noah" && c.account_id === globex.id, "Noah at Globex, enrolled");
    return {
      say: "Noah at Globex has asked us to stop emailing him for now — please pull him out of the follow-up sequence.",
      expect: [unenrolled(seq.id, noah.id, `${fullName(noah)} (Globex)`)],
    };
  }),
  about("growth", "write", "With everyone off over the holidays, can we pause the new lead follow-up until January?", (w) => {
    const seq = followUp(w);
    return {
      say: "With everyone off over the holidays, can we pause the new lead follow-up until January?",
      expect: [changed("sequence", seq.id, { status: "paused" }, seq.name)],
    };
  }),
  about("growth", "read", "Which deals are in negotiation at the moment, and what are they worth all together?", (w) => {
    const inNeg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
    const accounts = w.accounts.filter((a) => inNeg.some((d) => d.account_id === a.id)).map((a) => a.name);
    const others = w.accounts.filter((a) => !accounts.includes(a.name)).map((a) => a.name);
    return {
      say: "Which deals are in negotiation at the moment, and what are they worth all together?",
      expect: [names(accounts, others, accounts.length), money(dealSums(inNeg), "value in negotiation")],
    };
  }),
  about("growth", "read", "I'm meeting Stark Logistics next week, who do we know over there?", (w) => {
    const stark = accountNamed(w, "Stark");
    const people = personNames(contactsOf(w, stark.id));
    const others = personNames(w.contacts.filter((c) => c.account_id !== stark.id));
    return { say: "I'm meeting Stark Logistics next week, who do we know over there?", expect: [names(people, others, people.length)] };
  }),
  about("growth", "read", "What's our open pipeline with Umbrella Health looking like in dollar terms?", (w) => {
    const umbrella = accountNamed(w, "Umbrella");
    const open = openDeals(dealsOf(w, umbrella.id));
    if (open.some((d) => d.currency !== "USD")) throw new Error("Umbrella's open deals should all be in USD");
    return {
      say: "What's our open pipeline with Umbrella Health looking like in dollar terms?",
      expect: [money(dealSums(open), "open pipeline with Umbrella Health")],
    };
  }),
  about("growth", "read", "how many deals are we expecting to close in january, and for how much? finance wants it for the forecast", (w) => {
    const end = endOfNamedMonth(w, 1);
    const start = `${end.slice(0, 7)}-01`;
    const jan = w.deals.filter((d) => d.status === "open" && d.expected_close_date !== null && d.expected_close_date >= start && d.expected_close_date <= end);
    return {
      say: "how many deals are we expecting to close in january, and for how much? finance wants it for the forecast",
      expect: [count(jan.length, "open deals closing in January"), money(dealSums(jan), "value closing in January")],
    };
  }),
  about("growth", "read", "Remind me who's currently enrolled in the new lead follow-up?", (w) => {
    const seq = followUp(w);
    const people = personNames(enrolledContacts(w, seq.id));
    const others = personNames(w.contacts).filter((n) => !people.includes(n));
    return { say: "Remind me who's currently enrolled in the new lead follow-up?", expect: [names(people, others, people.length)] };
  }),
  {
    label: "can you move that deal forward, they sounded really keen on the call",
    engine: "growth",
    kind: "question",
    plan: () => ({ say: "can you move that deal forward, they sounded really keen on the call", expect: [noChange()] }),
  },

  /* ------------------------------ talent ------------------------------ */
  about(
    "talent",
    "write",
    "Katherine's final interview went really well and the panel wants to make her an offer, so move her forward to the offer stage.",
    (w) => {
      const kat = pick(w.candidates, (c) => c.first_name === "Katherine" && c.stage === "interview", "Katherine, at interview");
      if (w.candidates.filter((c) => c.first_name === "Katherine").length !== 1) throw new Error("Katherine should be one candidate");
      return {
        say: "Katherine's final interview went really well and the panel wants to make her an offer, so move her forward to the offer stage.",
        expect: [changed("candidate", kat.id, { stage: "offer" }, fullName(kat))],
      };
    },
  ),
  about(
    "talent",
    "write",
    "<the Product Designer candidate at offer> signed her offer letter last night 🎉 please mark her as hired for the designer role.",
    (w) => {
      const job = jobNamed(w, "Designer");
      const cand = pick(candidatesOf(w, job.id), (c) => c.stage === "offer" && c.first_name === "Frances", "Frances, at offer for the designer job");
      return {
        say: `${fullName(cand)} signed her offer letter last night 🎉 please mark her as hired for the designer role.`,
        expect: [changed("candidate", cand.id, { stage: "hired" }, fullName(cand))],
      };
    },
  ),
  about("talent", "write", "After the phone screen we've decided not to move forward with Alan for the backend role, reject him please.", (w) => {
    const job = jobNamed(w, "Backend");
    const alan = pick(candidatesOf(w, job.id), (c) => c.first_name === "Alan" && c.stage === "screening", "Alan, at screening for the backend job");
    return {
      say: "After the phone screen we've decided not to move forward with Alan for the backend role — reject him please.",
      expect: [changed("candidate", alan.id, { stage: "rejected" }, fullName(alan))],
    };
  }),
  about(
    "talent",
    "write",
    "Our sales director referred someone for the account exec opening: Chidi Anagonye, chidi.anagonye@gmail.com. Add him as a candidate, would you?",
    (w) => {
      const job = jobNamed(w, "Account Executive");
      return {
        say: "Our sales director referred someone for the account exec opening: Chidi Anagonye, chidi.anagonye@gmail.com. Add him as a candidate, would you?",
        expect: [
          created("candidate", {
            job_id: job.id,
            first_name: is.text("Chidi"),
            last_name: is.text("Anagonye"),
            email: "chidi.anagonye@gmail.com",
            source: is.containing("referr"),
          }),
        ],
      };
    },
  ),
  about("talent", "write", "We're opening a part-time bookkeeper position in the Finance team, based in London, can you set the job up?", () => ({
    say: "We're opening a part-time bookkeeper position in the Finance team, based in London — can you set the job up?",
    expect: [
      created("job", {
        title: is.containing("bookkeeper"),
        department: is.text("Finance"),
        location: is.containing("London"),
        employment_type: "part_time",
        status: "open",
      }),
    ],
  })),
  about("talent", "read", "how many people are still in the running for the Berlin backend job?", (w) => {
    const job = pick(w.jobs, (j) => /backend/i.test(j.title) && j.location === "Berlin", "backend job in Berlin");
    return {
      say: "how many people are still in the running for the Berlin backend job?",
      expect: [count(candidatesOf(w, job.id).filter(active).length, "candidates still in the running")],
    };
  }),
  about("talent", "read", "Who's sitting at offer stage right now, across all the roles?", (w) => {
    const atOffer = w.candidates.filter((c) => c.stage === "offer");
    const others = w.candidates.filter((c) => c.stage !== "offer");
    return {
      say: "Who's sitting at offer stage right now, across all the roles?",
      expect: [names(personNames(atOffer), personNames(others), atOffer.length)],
    };
  }),
  about("talent", "read", "HR is reviewing the referral bonus scheme, which candidates came to us through referrals?", (w) => {
    const referred = w.candidates.filter((c) => c.source === "referral");
    const others = w.candidates.filter((c) => c.source !== "referral");
    return {
      say: "HR is reviewing the referral bonus scheme, which candidates came to us through referrals?",
      expect: [names(personNames(referred), personNames(others), referred.length)],
    };
  }),
  about("talent", "read", "Quick one, what stage is <a candidate at applied> at?", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "applied" && c.rating === 5, "top-rated candidate still at applied");
    return { say: `Quick one, what stage is ${fullName(cand)} at?`, expect: [says(cand.stage)] };
  }),
  about("talent", "read", "Show me the strongest applicants still in play, anyone rated 4 stars or better.", (w) => {
    const strong = w.candidates.filter((c) => active(c) && (c.rating ?? 0) >= 4);
    const others = w.candidates.filter((c) => !strong.includes(c));
    if (!others.some((c) => !active(c) && (c.rating ?? 0) >= 4)) throw new Error("the case wants a well-rated candidate who is out of the running");
    return {
      say: "Show me the strongest applicants still in play, anyone rated 4 stars or better.",
      expect: [names(personNames(strong), personNames(others), strong.length)],
    };
  }),

  /* ---------------------------- intelligence ---------------------------- */
  about("intelligence", "figure", "The board keeps asking about our win rate, what is it looking like lately?", (w) => ({
    say: "The board keeps asking about our win rate — what is it looking like lately?",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent")],
  })),
  about("intelligence", "figure", "What's the weighted pipeline at the moment?", (w) => {
    const weighted: Record<string, number> = {};
    for (const t of snap(w).growth.pipeline.totals) weighted[t.currency] = t.weighted_value;
    return { say: "What's the weighted pipeline at the moment?", expect: [money(weighted, "weighted pipeline"), freshSnapshotAllowed] };
  }),
  about("intelligence", "figure", "since the auditors want it for the dollar side, what's our DSO in USD?", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "since the auditors want it for the dollar side, what's our DSO in USD?",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding in USD")],
    };
  }),
  about("intelligence", "figure", "Of everything customers owe us, how much is actually past due? break it down by currency please", (w) => {
    const late: Record<string, number> = {};
    for (const c of snap(w).finance.currencies) late[c.currency] = c.overdue;
    return {
      say: "Of everything customers owe us, how much is actually past due? break it down by currency please",
      expect: [money(late, "overdue receivables"), freshSnapshotAllowed],
    };
  }),
  about("intelligence", "figure", "how many hires have we made over the past 12 months", (w) => ({
    say: "how many hires have we made over the past 12 months",
    expect: [figure(snap(w).talent.hires_last_365_days, "hires in the last year")],
  })),
  about("intelligence", "figure", "Marketing wants to know how many new contacts came in over the last 30 days.", (w) => ({
    say: "Marketing wants to know how many new contacts came in over the last 30 days.",
    expect: [figure(snap(w).growth.new_contacts_last_30_days, "new contacts in the last 30 days")],
  })),
];
