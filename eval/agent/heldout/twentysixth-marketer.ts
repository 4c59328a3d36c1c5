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
} from "../judge.ts";
import {
  candidatesOf,
  contactsOf,
  dealTopic,
  dealsOf,
  dueSums,
  fullName,
  month,
  numbers,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  sums,
  uniqueContacts,
  unpaid,
  clientNames,
  enrolledContacts,
} from "../facts.ts";
import type { Contact, Deal, World } from "../world.ts";

/*
 * Blind set: the growth marketer at a B2B software startup. Owns the outbound sequences and lead
 * lists, and ends up asking about pipeline, the finance lead's invoices and the hiring of a
 * marketing role. Every record is picked from the organization at run time.
 */

/* ---------- small pickers of my own ---------- */

/** The live outbound sequence ("the flow"). */
const liveFlow = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");
/** Contacts with an active enrollment in any sequence. */
const inAnyFlow = (w: World) => new Set(w.enrollments.filter((e) => e.status === "active").map((e) => e.contact_id));
/** The account's name for a contact. */
const accountName = (w: World, c: Contact) => pick(w.accounts, (a) => a.id === c.account_id, `account of ${fullName(c)}`).name;
/** Contacts whose full name another contact shares (they need an account or an email to be told apart). */
const sharedNameContacts = (w: World) => w.contacts.filter((c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1);
const openDeals = (w: World) => w.deals.filter((d) => d.status === "open");
const roundCents = (n: number) => Math.round(n * 100) / 100;
const activeStages = ["applied", "screening", "interview", "offer"];

export const CASES: Case[] = [
  /* =============================== READS =============================== */

  about("growth", "read", "who is enrolled right now in <the active sequence>", (w) => {
    const flow = liveFlow(w);
    const inFlow = enrolledContacts(w, flow.id);
    if (!inFlow.length) throw new Error("nobody enrolled in the live sequence");
    const outside = w.contacts.filter((c) => !inFlow.some((e) => e.id === c.id)).map(fullName);
    return {
      say: `who's in the ${flow.name.toLowerCase()} flow right now? need the list of people actively in it before I change the copy`,
      expect: [names(inFlow.map(fullName), outside, inFlow.length)],
    };
  }),

  about("growth", "read", "how many contacts are at the lead lifecycle stage", (w) => ({
    say: "sizing top of funnel for the nurture: how many contacts do we have sitting at lifecycle stage lead?",
    expect: [count(w.contacts.filter((c) => c.lifecycle_stage === "lead").length, "lead-stage contacts")],
  })),

  about("growth", "read", "the contacts tagged decision-maker at <an account with several of them>", (w) => {
    const account = pick(
      w.accounts,
      (a) => {
        const people = contactsOf(w, a.id);
        const tagged = people.filter((c) => c.tags.includes("decision-maker"));
        return tagged.length >= 2 && tagged.length < people.length;
      },
      "account with two or more decision-maker contacts and others",
    );
    const people = contactsOf(w, account.id);
    const tagged = people.filter((c) => c.tags.includes("decision-maker"));
    const rest = people.filter((c) => !c.tags.includes("decision-maker"));
    return {
      say: `doing an exec dinner invite for ${account.name}. pull me just the contacts there tagged decision-maker, not the whole account`,
      expect: [names(tagged.map(fullName), rest.map(fullName), tagged.length)],
    };
  }),

  about("growth", "read", "what lifecycle stage <a qualified contact with a unique name> is at", (w) => {
    const c = pick(uniqueContacts(w), (x) => x.lifecycle_stage === "qualified", "uniquely named qualified contact");
    return {
      say: `is ${fullName(c)} still just an MQL or have they moved on? what lifecycle stage is the CRM showing`,
      expect: [says(c.lifecycle_stage)],
    };
  }),

  about("growth", "read", "which accounts are based in the US", (w) => {
    const us = w.accounts.filter((a) => a.country === "US");
    if (us.length < 2) throw new Error("fewer than two US accounts");
    return {
      say: "building a US-only geo segment for the January campaign. which of our accounts are US based?",
      expect: [
        names(
          us.map((a) => a.name),
          w.accounts.filter((a) => a.country !== "US").map((a) => a.name),
          us.length,
        ),
      ],
    };
  }),

  about("growth", "read", "what is still open in the pipeline with <an account that has one open and some closed deals>", (w) => {
    const account = pick(
      w.accounts,
      (a) => {
        const deals = dealsOf(w, a.id);
        const open = deals.filter((d) => d.status === "open");
        const closed = deals.filter((d) => d.status !== "open");
        return open.length === 1 && closed.length >= 1 && closed.every((d) => dealTopic(d) !== dealTopic(open[0]!));
      },
      "account with one open deal and closed ones",
    );
    const deals = dealsOf(w, account.id);
    return {
      say: `anything still live in the pipe with ${account.name}? skip whatever's already closed, I only care about what's in play`,
      expect: [names(deals.filter((d) => d.status === "open").map(dealTopic), deals.filter((d) => d.status !== "open").map(dealTopic))],
    };
  }),

  about("growth", "read", "how many deals are in the Negotiation stage", (w) => {
    const negotiation = stageNamed(w, "Negotiation");
    return {
      say: "how many opps are sitting in negotiation rn",
      expect: [count(w.deals.filter((d) => d.stage_id === negotiation.id).length, "deals in Negotiation")],
    };
  }),

  about("growth", "read", "the total value of open deals in the Proposal stage", (w) => {
    const proposal = stageNamed(w, "Proposal");
    const there = w.deals.filter((d) => d.stage_id === proposal.id && d.status === "open");
    if (!there.length) throw new Error("no deal in Proposal");
    return {
      say: "what's the total $ value of the deals at proposal stage? trying to show sales how much of it our webinar touched",
      expect: [
        money(
          sums(there, (d: Deal) => d.amount ?? 0),
          "value of deals in Proposal",
        ),
      ],
    };
  }),

  about("growth", "read", "everyone we have as a contact at <an account with many contacts>", (w) => {
    const account = pick(
      [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length),
      (a) => contactsOf(w, a.id).filter((c) => c.tags.includes("decision-maker")).length < 2 && contactsOf(w, a.id).length >= 3,
      "account with three or more contacts",
    );
    const people = contactsOf(w, account.id);
    const others = w.contacts.filter((c) => c.account_id !== account.id).map(fullName);
    return {
      say: `ABM play for ${account.name} next month. who do we actually know over there? names and titles pls`,
      expect: [names(people.map(fullName), others, people.length)],
    };
  }),

  about("growth", "read", "when <an account's only open deal> is expected to close", (w) => {
    const { deal, account } = soleOpenDeal(w);
    if (!deal.expected_close_date) throw new Error("the deal has no expected close date");
    return {
      say: `when is the ${account} deal expected to close? want to line up a case study ask right after signature`,
      expect: [date(deal.expected_close_date, "expected close date")],
    };
  }),

  /* finance reads */

  about("finance", "read", "how much <a client with unpaid invoices in two currencies, one part-paid, no drafts> still owes", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const theirs = w.invoices.filter((i) => i.client === c);
        const open = theirs.filter(unpaid);
        return (
          open.length >= 2 &&
          new Set(open.map((i) => i.currency)).size >= 2 &&
          open.some((i) => i.amount_paid > 0) &&
          theirs.every((i) => i.status !== "draft" && i.status !== "uncollectible")
        );
      },
      "client with part-paid unpaid invoices in two currencies and no drafts",
    );
    const open = w.invoices.filter((i) => i.client === client && unpaid(i));
    return {
      say: `${client} is on the list for our customer-love email. before it goes out: how much do they still owe us, all invoices combined?`,
      expect: [money(dueSums(open), `amount ${client} still owes`)],
    };
  }),

  about("finance", "read", "which invoices of <a client with several overdue and some not> are overdue", (w) => {
    const client = pick(
      clientNames(w),
      (c) => {
        const theirs = w.invoices.filter((i) => i.client === c);
        const late = theirs.filter(overdue);
        return late.length >= 2 && late.length < theirs.length;
      },
      "client with two or more overdue invoices and others",
    );
    const theirs = w.invoices.filter((i) => i.client === client);
    return {
      say: `finance lead flagged ${client}. which of their invoices are past due? just the late ones`,
      expect: [names(numbers(theirs.filter(overdue)), numbers(theirs.filter((i) => !overdue(i))), theirs.filter(overdue).length)],
    };
  }),

  about("finance", "read", "how many invoices are overdue right now", (w) => ({
    say: "finance lead keeps grumbling about collections. how many invoices are overdue at the moment?",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),

  about("finance", "read", "when <an open invoice, by its short number> is due", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `quick one, when's ${shortNumber(inv)} due?`,
      expect: [date(inv.due_date, "due date")],
    };
  }),

  /* talent reads */

  about("talent", "read", "who is still in the running for <a job with active and finished candidates>", (w) => {
    const job = pick(
      w.jobs,
      (j) => {
        const people = candidatesOf(w, j.id);
        return j.status === "open" && people.filter((c) => activeStages.includes(c.stage)).length >= 2 && people.some((c) => !activeStages.includes(c.stage));
      },
      "open job with active and finished candidates",
    );
    const people = candidatesOf(w, job.id);
    const active = people.filter((c) => activeStages.includes(c.stage));
    return {
      say: `who's still in the running for the ${job.title} role? I'm on the panel and want to prep`,
      expect: [names(active.map(fullName), people.filter((c) => !activeStages.includes(c.stage)).map(fullName), active.length)],
    };
  }),

  about("talent", "read", "what stage <a candidate in interview> is at", (w) => {
    const cand = pick(
      w.candidates,
      (c) => c.stage === "interview" && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1,
      "uniquely named candidate in interview",
    );
    return {
      say: `where is ${fullName(cand)} in the hiring process?`,
      expect: [says(cand.stage)],
    };
  }),

  about("talent", "read", "which roles are open right now", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    return {
      say: "I'm writing the 'we're hiring' section for the newsletter. what roles do we have open at the moment?",
      expect: [
        names(
          open.map((j) => j.title),
          w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
          open.length,
        ),
      ],
    };
  }),

  /* =============================== WRITES =============================== */

  about("growth", "write", "enrol <a uniquely named lead outside any flow> in <the active sequence>", (w) => {
    const flow = liveFlow(w);
    const busy = inAnyFlow(w);
    const c = pick(uniqueContacts(w), (x) => x.lifecycle_stage === "lead" && !busy.has(x.id), "uniquely named lead outside any sequence");
    return {
      say: `add ${fullName(c)} to the ${flow.name.toLowerCase()} flow`,
      expect: [enrolled(flow.id, c.id, fullName(c))],
    };
  }),

  about(
    "growth",
    "write",
    "after explaining a finance-persona nurture, enrol <a finance contact> and <a finance contact named by email> in <the active sequence>",
    (w) => {
      const flow = liveFlow(w);
      const busy = inAnyFlow(w);
      const finance = (c: Contact) => /controller|financ|cfo/i.test(c.title ?? "") && !busy.has(c.id);
      const first = pick(uniqueContacts(w), finance, "uniquely named finance contact outside any sequence");
      const second = pick(sharedNameContacts(w), (c) => finance(c) && c.id !== first.id, "finance contact sharing a name, outside any sequence");
      return {
        say:
          `context: we're kicking off a Q1 nurture for the finance persona (controllers, finance managers, CFOs). ` +
          `the dedicated flow isn't built yet, so for now I want them getting the ${flow.name} sequence so they don't go cold. ` +
          `please enrol ${fullName(first)} and ${second.email} in it. nobody else yet, I'll send the rest of the list once it's cleaned.`,
        expect: [enrolled(flow.id, first.id, fullName(first)), enrolled(flow.id, second.id, second.email)],
      };
    },
  ),

  about("growth", "write", "take <an enrolled contact, named with their account> out of <the active sequence> after an opt-out", (w) => {
    const flow = liveFlow(w);
    const inFlow = enrolledContacts(w, flow.id);
    const c = pick(inFlow, (x) => x.account_id !== null, "enrolled contact with an account");
    return {
      say: `${fullName(c)} at ${accountName(w, c)} opted out. pls pull them from the ${flow.name.toLowerCase()} drip asap, we can't keep emailing them`,
      expect: [unenrolled(flow.id, c.id, fullName(c))],
    };
  }),

  about("growth", "write", "set <a lead who shares a name, named with their account> to qualified", (w) => {
    const c = pick(sharedNameContacts(w), (x) => x.lifecycle_stage === "lead" && x.account_id !== null, "lead sharing a name");
    return {
      say: `sales accepted ${fullName(c)} (${accountName(w, c)}) as an SQL this morning, flip their lifecycle stage to qualified`,
      expect: [changed("contact", c.id, { lifecycle_stage: "qualified" }, `${fullName(c)} (${accountName(w, c)})`)],
    };
  }),

  about("growth", "write", "tag <a tagged contact> and <an untagged contact> with webinar-dec, keeping their tags", (w) => {
    const one = pick(uniqueContacts(w), (c) => c.tags.length > 0, "uniquely named contact with tags");
    const two = pick(uniqueContacts(w), (c) => c.tags.length === 0 && c.id !== one.id, "uniquely named contact without tags");
    return {
      say: `${fullName(one)} and ${fullName(two)} both showed up to the webinar. tag them webinar-dec so I can build the follow-up segment`,
      expect: [
        changed("contact", one.id, { tags: is.including(...one.tags, "webinar-dec") }, fullName(one)),
        changed("contact", two.id, { tags: is.including("webinar-dec") }, fullName(two)),
      ],
    };
  }),

  about("growth", "write", "add a new inbound lead at <an account's domain> as a contact", (w) => {
    const account = pick(w.accounts, (a) => !!a.domain, "account with a domain");
    const email = `priya.raman@${account.domain}`;
    if (w.contacts.some((c) => c.email === email)) throw new Error("the new lead's email already exists");
    return {
      say: `new inbound MQL from the pricing page form: Priya Raman, ${email}, VP Marketing. can you get her into the CRM as a lead`,
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Raman"),
          email,
          title: is.text("VP Marketing"),
          lifecycle_stage: "lead",
        }),
      ],
    };
  }),

  about("growth", "write", "open an 18k USD deal for <an account with no open deal>, closing end of next month", (w) => {
    const account = pick(
      w.accounts,
      (a) => dealsOf(w, a.id).length > 0 && dealsOf(w, a.id).every((d) => d.status !== "open"),
      "account whose deals are all closed",
    );
    return {
      say: `${account.name} wants the analytics add-on after sitting in on our webinar. create a deal for them called "Analytics add-on", 18k USD, expected to close end of next month`,
      expect: [
        created("deal", {
          name: is.containing("Analytics add-on"),
          account_id: account.id,
          amount: 18000,
          currency: "USD",
          expected_close_date: month(w, 1)[1],
        }),
      ],
    };
  }),

  about("growth", "write", "move <an account's only open deal, early stage> to Proposal", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    const proposal = stageNamed(w, "Proposal");
    return {
      say: `${account} asked for a proposal after the product demo, so their deal should be at Proposal now. can you move it`,
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),

  about("growth", "write", "build a draft two-email webinar follow-up sequence", () => ({
    say:
      `need a new sequence called "Webinar follow-up". step 1: email right away, subject "Thanks for joining, {{first_name}}", ` +
      `body "Here's the recording from today's session. Happy to walk {{company}} through it 1:1." ` +
      `step 2: 3 days later another email, subject "Any questions?", body "Did the recording spark anything for your team?" ` +
      `leave it as a draft, don't turn it on`,
    expect: [
      created("sequence", {
        name: is.text("Webinar follow-up"),
        status: "draft",
        steps: is.where("two email steps", (steps: { type: string }[]) => Array.isArray(steps) && steps.filter((s) => s.type === "email").length === 2),
      }),
    ],
  })),

  about("growth", "write", "pause <the active sequence>", (w) => {
    const flow = liveFlow(w);
    return {
      say: `hit pause on the ${flow.name.toLowerCase()} cadence. we're rewriting the copy and I don't want anything going out meanwhile`,
      expect: [changed("sequence", flow.id, { status: "paused" }, flow.name)],
    };
  }),

  /* finance writes */

  about("finance", "write", "<a client whose only invoice still due is unpaid> paid it in full: mark it paid", (w) => {
    // Only one invoice of theirs could be "the outstanding one": no draft or written-off one beside it.
    const client = pick(
      clientNames(w),
      (c) => {
        const pending = w.invoices.filter((i) => i.client === c && (unpaid(i) || i.status === "draft" || i.status === "uncollectible"));
        return pending.length === 1 && unpaid(pending[0]!);
      },
      "client with exactly one invoice still due",
    );
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), `unpaid invoice of ${client}`);
    return {
      say: `fyi from the finance lead: ${client} paid their outstanding invoice in full yesterday. can you mark it as paid`,
      expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
    };
  }),

  about("finance", "write", "void <an open invoice> billed to the wrong entity", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `${inv.number} went to the wrong entity for ${inv.client}, finance lead says to void it`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* talent writes */

  about("talent", "write", "open a remote full-time Growth Marketing Manager job in Marketing", () => ({
    say: "we finally got headcount for my first hire! open a job: Growth Marketing Manager, Marketing department, remote, full time",
    expect: [
      created("job", {
        title: is.text("Growth Marketing Manager"),
        department: is.text("Marketing"),
        location: is.containing("remote"),
        employment_type: "full_time",
      }),
    ],
  })),

  about("talent", "write", "reject <a candidate who just applied>", (w) => {
    const cand = pick(
      w.candidates,
      (c) => c.stage === "applied" && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1,
      "uniquely named candidate who just applied",
    );
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "candidate's job");
    return {
      say: `went through ${fullName(cand)}'s application for the ${job.title} role with the hiring manager. not a fit for us, please reject them`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),

  about("talent", "write", "move <a candidate in screening> on to interview", (w) => {
    const cand = pick(
      w.candidates,
      (c) => c.stage === "screening" && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1,
      "uniquely named candidate in screening",
    );
    return {
      say: `${fullName(cand)} crushed the screening call, move them through to interview`,
      expect: [changed("candidate", cand.id, { stage: "interview" }, fullName(cand))],
    };
  }),

  /* =============================== FIGURES =============================== */

  about("intelligence", "figure", "the win rate over the last 90 days", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    return {
      say: "for the board funnel slide: what's our win rate over the last 90 days?",
      expect: [figure(w.snapshot.growth.last_90_days.win_rate, "90-day win rate", "percent")],
    };
  }),

  about("intelligence", "figure", "the weighted value of the open pipeline", (w) => {
    const open = openDeals(w);
    const weighted: Record<string, number> = {};
    for (const d of open) weighted[d.currency] = roundCents((weighted[d.currency] ?? 0) + ((d.amount ?? 0) * stageOf(w, d).probability) / 100);
    return {
      say: "what's weighted pipeline sitting at right now? need it for marketing-sourced attribution next to total",
      expect: [money(weighted, "weighted pipeline")],
    };
  }),

  about("intelligence", "figure", "days sales outstanding on USD invoices", (w) => {
    const usd = w.snapshot?.finance.currencies.find((c) => c.currency === "USD");
    if (!usd) throw new Error("no USD figures in the snapshot");
    return {
      say: "finance lead mentioned DSO in standup and I nodded along. what is it for our USD invoices?",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),

  about("intelligence", "figure", "how many candidates are in the hiring funnel across open roles, hired and rejected left out", (w) => {
    const openJobs = new Set(w.jobs.filter((j) => j.status === "open").map((j) => j.id));
    const n = w.candidates.filter((c) => openJobs.has(c.job_id) && activeStages.includes(c.stage)).length;
    return {
      say: "hiring funnel check: how many candidates are in process across all our open roles? don't count people already hired or rejected",
      expect: [count(n, "candidates in process")],
    };
  }),

  /* =============================== MUST NOT ACT =============================== */

  about("growth", "question", "add the webinar leads to the flow (which leads?)", () => ({
    say: "add the webinar leads to the flow",
    expect: [noChange(), asksBack()],
  })),

  about("growth", "question", "update the deal to 45k (which deal?)", () => ({
    say: "they're expanding seats so bump the deal to 45k",
    expect: [noChange(), asksBack()],
  })),

  about("growth", "question", "mark <a name two contacts share> as a customer (which one?)", (w) => {
    const c = pick(
      sharedNameContacts(w),
      (x) => w.contacts.filter((o) => fullName(o) === fullName(x)).every((o) => o.lifecycle_stage !== "customer"),
      "shared name none of whose contacts is a customer",
    );
    return {
      say: `${fullName(c)} signed, mark them as a customer`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("finance", "question", "mark <a client with several unpaid invoices>'s invoice paid (which one?)", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 3, "client with three or more unpaid invoices");
    return {
      say: `${client.split(" ")[0]} says they paid, mark the invoice as paid`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("finance", "question", "bill them 5k for the booth sponsorship (who?)", () => ({
    say: "can you bill them for the booth sponsorship? 5k, due in 30 days",
    expect: [noChange(), asksBack()],
  })),

  about("talent", "question", "move the <job with several candidates in process> candidate to the next stage (which one?)", (w) => {
    const job = pick(
      w.jobs,
      (j) =>
        j.status === "open" &&
        new Set(
          candidatesOf(w, j.id)
            .filter((c) => activeStages.includes(c.stage))
            .map((c) => c.stage),
        ).size >= 2,
      "open job with candidates in two or more stages",
    );
    return {
      say: `move the ${job.title} candidate to the next stage`,
      expect: [noChange(), asksBack()],
    };
  }),
];
