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
  accountNamed,
  addDays,
  candidatesOf,
  contactsOf,
  dealNames,
  dealsOf,
  dealTopic,
  dueSums,
  enrolledContacts,
  fullName,
  inStage,
  jobNamed,
  names as personNames,
  numbers,
  ofClient,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  sums,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Candidate, Contact, Sequence, World } from "../world.ts";

/*
 * Dale: shift supervisor at a distributor in Ohio. Runs the floor, does the seasonal hiring, and chases
 * a handful of customer accounts and their bills. Types on a tablet with gloves on: short, lowercase,
 * typos, the odd ALL CAPS.
 */

/* ---------- helpers for picking records ---------- */

/** The follow-up sequence Dale calls "the follow up emails". */
const followUps = (w: World): Sequence => pick(w.sequences, (s) => s.status === "active" && /follow/i.test(s.name), "active follow-up sequence");

const isEnrolled = (w: World, sequenceId: string, contactId: string) =>
  w.enrollments.some((e) => e.sequence_id === sequenceId && e.contact_id === contactId && e.status === "active");

const accountName = (w: World, accountId: string | null) => pick(w.accounts, (a) => a.id === accountId, "account of a contact").name;

/** A candidate in this stage whose full name no other candidate shares. */
const soleCandidateIn = (w: World, stage: string, prefer?: string): Candidate => {
  const unique = inStage(w, stage).filter((c) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1);
  const preferred = prefer ? unique.find((c) => fullName(c).toLowerCase().includes(prefer.toLowerCase())) : undefined;
  return preferred ?? pick(unique, () => true, `candidate in ${stage} with a unique name`);
};

const otherCandidates = (w: World, keep: Candidate[]) => personNames(w.candidates.filter((c) => !keep.includes(c)));

export const CASES: Case[] = [
  /* ====================== reads ====================== */

  about("finance", "read", "what does Stark still owe us, all currencies", (w) => {
    const open = ofClient(w, "Stark").filter(unpaid);
    if (!open.length) throw new Error("Stark has nothing unpaid");
    return { say: "whats Stark still owe us", expect: [money(dueSums(open), "amount Stark Logistics still owes")] };
  }),

  about("finance", "read", "which Acme bills are still open", (w) => {
    const acme = ofClient(w, "Acme");
    const open = acme.filter(unpaid);
    if (!open.length) throw new Error("Acme has nothing unpaid");
    return {
      say: "acme still got bills out?? which ones",
      expect: [names(numbers(open), numbers(acme.filter((i) => !unpaid(i))), open.length)],
    };
  }),

  about("finance", "read", "how many bills are past due right now", (w) => ({
    say: "how many bills r past due rn",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),

  about("finance", "read", "invoices more than 60 days late", (w) => {
    const late = w.invoices.filter(overdue);
    const bad = late.filter((i) => i.days_overdue > 60);
    return {
      say: "which invoices r more then 60 days late",
      expect: [names(numbers(bad), numbers(late.filter((i) => i.days_overdue <= 60)), bad.length)],
    };
  }),

  about("finance", "read", "how many invoices are still drafts, never sent", (w) => ({
    say: "how many invoices we got sitting in draft that never went out",
    expect: [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
  })),

  about("finance", "read", "when is <a client with one open bill> due", (w) => {
    const fits = (client: string) => {
      const theirs = w.invoices.filter((i) => i.client === client);
      const open = theirs.filter(unpaid);
      return open.length === 1 && open[0]!.status === "open" && !theirs.some((i) => i.status === "draft");
    };
    const clients = [...new Set(w.invoices.map((i) => i.client))].filter(fits);
    const client = clients.find((c) => c.startsWith("Blue Sun")) ?? pick(clients, () => true, "client with a single open invoice and no draft");
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "open invoice");
    return { say: `when's the ${client} bill due`, expect: [date(inv.due_date, `due date of ${inv.number}`)] };
  }),

  about("growth", "read", "who are our contacts at Stark", (w) => {
    const stark = accountNamed(w, "Stark");
    const theirs = contactsOf(w, stark.id);
    return {
      say: "who do we know over at stark, names",
      expect: [names(personNames(theirs), personNames(w.contacts.filter((c) => c.account_id !== stark.id)), theirs.length)],
    };
  }),

  about("growth", "read", "what stage is <an account with a single deal> deal at", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return { say: `where's the ${account} deal at right now`, expect: [says(stageOf(w, deal).name)] };
  }),

  about("growth", "read", "how many deals are in negotiation", (w) => ({
    say: "how many deals r in negotiation stage",
    expect: [count(w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation").length, "deals in Negotiation")],
  })),

  about("growth", "read", "who is getting the follow up emails", (w) => {
    const seq = followUps(w);
    const on = enrolledContacts(w, seq.id);
    return { say: "who's on the follow up emails right now", expect: [names(personNames(on), [], 3)] };
  }),

  about("growth", "read", "open deals supposed to close in the next two weeks", (w) => {
    const end = addDays(today(w), 14);
    const open = w.deals.filter((d) => d.status === "open");
    const soon = open.filter((d) => d.expected_close_date !== null && d.expected_close_date >= today(w) && d.expected_close_date <= end);
    return {
      say: "any deals supposed to close in the next 2 wks",
      expect: [names(dealNames(soon), dealNames(open.filter((d) => !soon.includes(d))), soon.length)],
    };
  }),

  about("growth", "read", "email address for <a Stark contact whose name is shared elsewhere>", (w) => {
    const stark = accountNamed(w, "Stark");
    const theirs = contactsOf(w, stark.id);
    const shared = theirs.find((c) => w.contacts.some((o) => o.id !== c.id && fullName(o) === fullName(c)));
    const c: Contact = shared ?? pick(theirs, () => true, "Stark contact");
    return { say: `need ${fullName(c)}s email, the one at stark`, expect: [says(c.email)] };
  }),

  about("talent", "read", "which candidates are at the interview stage", (w) => {
    const them = inStage(w, "interview");
    return { say: "who's up for interviews rn", expect: [names(personNames(them), otherCandidates(w, them), them.length)] };
  }),

  about("talent", "read", "how many job postings are open", (w) => ({
    say: "how many job postings do we have open",
    expect: [count(w.jobs.filter((j) => j.status === "open").length, "open jobs")],
  })),

  about("talent", "read", "who is still in the running for the backend job", (w) => {
    const job = jobNamed(w, "backend");
    const live = candidatesOf(w, job.id).filter((c) => c.stage !== "rejected" && c.stage !== "hired");
    return {
      say: "who we got lined up for the backend engineer job, still in the running",
      expect: [names(personNames(live), otherCandidates(w, live), live.length)],
    };
  }),

  about("talent", "read", "who has an offer out to them", (w) => {
    const them = inStage(w, "offer");
    return { say: "who we got an offer out to", expect: [names(personNames(them), otherCandidates(w, them), them.length)] };
  }),

  about("talent", "read", "who did we end up hiring", (w) => {
    const them = inStage(w, "hired");
    return {
      say: "who'd we end up HIRING, need to know who's starting",
      expect: [names(personNames(them), otherCandidates(w, them), them.length)],
    };
  }),

  /* ====================== writes ====================== */

  about("finance", "write", "new invoice to Buckeye Cold Storage, 4250 dollars, due in 30 days", (w) => ({
    say: "cut an invoice to Buckeye Cold Storage for $4,250 pallet racking install, due 30 days out",
    expect: [
      created("invoice", {
        client: is.text("Buckeye Cold Storage"),
        amount: 4250,
        currency: "USD",
        due_date: addDays(today(w), 30),
      }),
    ],
  })),

  about("finance", "write", "Stark paid <an overdue Stark invoice> off in full", (w) => {
    const late = ofClient(w, "Stark").filter(overdue);
    const inv = late.find((i) => i.amount_paid > 0) ?? pick(late, () => true, "overdue Stark invoice");
    return {
      say: `stark paid off ${shortNumber(inv)}, whole balance, mark it paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),

  about("finance", "write", "Acme sent 5000 toward <an Acme USD bill>", (w) => {
    const inv = pick(ofClient(w, "Acme"), (i) => unpaid(i) && i.currency === "USD" && i.amount_due > 5000, "Acme USD invoice owing over 5000");
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      say: `acme sent a check, 5000 on ${inv.number}. not the whole thing`,
      expect: [changed("invoice", inv.id, { amount_paid: round(inv.amount_paid + 5000), amount_due: round(inv.amount_due - 5000) }, inv.number)],
    };
  }),

  about("finance", "write", "void <an open invoice>, the customer cancelled", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `void out ${shortNumber(inv)} ${inv.client.split(" ")[0]} cancelled the order`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  about("finance", "write", "send out <the only draft of a client>", (w) => {
    const clients = [...new Set(w.invoices.map((i) => i.client))].filter((c) => {
      const theirs = w.invoices.filter((i) => i.client === c);
      return theirs.length === 1 && theirs[0]!.status === "draft" && theirs[0]!.due_date > today(w);
    });
    const client = pick(clients, () => true, "client whose only invoice is a future draft");
    const inv = pick(w.invoices, (i) => i.client === client, "draft");
    return {
      say: `the ${client} invoice is still sitting in draft, finalize it and send it`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),

  about("growth", "write", "add Ray Dominguez as the dock manager at Stark", (w) => {
    const stark = accountNamed(w, "Stark");
    const domain = stark.domain ?? "starklogistics.com";
    return {
      say: `add a new contact at Stark - Ray Dominguez, ray.dominguez@${domain}, hes there dock manager`,
      expect: [
        created("contact", {
          first_name: is.text("Ray"),
          last_name: is.text("Dominguez"),
          email: `ray.dominguez@${domain}`,
          title: is.containing("dock"),
          account_id: stark.id,
        }),
      ],
    };
  }),

  about("growth", "write", "put <a Stark contact> on the follow up emails", (w) => {
    const seq = followUps(w);
    const stark = accountNamed(w, "Stark");
    const unique = uniqueContacts(w);
    const c = pick(contactsOf(w, stark.id), (x) => unique.includes(x) && !isEnrolled(w, seq.id, x.id), "Stark contact with a unique name, not enrolled");
    return { say: `put ${fullName(c)} from stark in the follow up emails`, expect: [enrolled(seq.id, c.id, fullName(c))] };
  }),

  about("growth", "write", "take <an enrolled contact> off the follow up emails", (w) => {
    const seq = followUps(w);
    const c = pick(enrolledContacts(w, seq.id), (x) => x.account_id !== null, "enrolled contact with an account");
    return {
      say: `take ${fullName(c)} w/ ${accountName(w, c.account_id)} OFF the follow up emails, they called me back`,
      expect: [unenrolled(seq.id, c.id, fullName(c))],
    };
  }),

  about("growth", "write", "move <a deal in Proposal> to negotiation", (w) => {
    const deal = openDealIn(w, ["Proposal"]);
    const account = accountName(w, deal.account_id);
    const target = stageNamed(w, "Negotiation");
    return {
      say: `${account.split(" ")[0]} ${dealTopic(deal).toLowerCase()} deal - we're in negotiation now, move it`,
      expect: [changed("deal", deal.id, { stage_id: target.id }, deal.name)],
    };
  }),

  about("growth", "write", "mark <the only open deal of an account that also has closed ones> won", (w) => {
    const account = pick(
      w.accounts,
      (a) => dealsOf(w, a.id).length > 1 && dealsOf(w, a.id).filter((d) => d.status === "open").length === 1,
      "account with one open deal among closed ones",
    );
    const deal = pick(dealsOf(w, account.id), (d) => d.status === "open", "open deal");
    const pipeline = pick(w.pipelines, (p) => p.stages.some((s) => s.id === deal.stage_id), "pipeline of the deal");
    const won = pick(pipeline.stages, (s) => s.kind === "won", "won stage");
    return {
      say: `${account.name} signed on the ${dealTopic(deal).toLowerCase()}!! mark it won`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
    };
  }),

  about("talent", "write", "post a seasonal warehouse picker job in Columbus", () => ({
    say: "need 3 more pickers for peak. put up a warehouse picker posting, seasonal temp, Columbus",
    expect: [created("job", { title: is.containing("picker"), employment_type: "temporary", location: is.containing("Columbus") })],
  })),

  about("talent", "write", "close the product designer posting, it's filled", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && /designer/i.test(j.title), "open designer job");
    return { say: `close out the ${job.title.toLowerCase()} posting we filled it`, expect: [changed("job", job.id, { status: "closed" }, job.title)] };
  }),

  about("talent", "write", "move <a candidate in screening> up to interview", (w) => {
    const c = soleCandidateIn(w, "screening", "Turing");
    return { say: `bump ${fullName(c).toLowerCase()} to interview`, expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))] };
  }),

  about("talent", "write", "reject <an applicant> who no-showed", (w) => {
    const c = soleCandidateIn(w, "applied", "Hopper");
    return {
      say: `${fullName(c)} no show today. reject`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),

  about("talent", "write", "add Marcus Bell as a referral for the account exec job", (w) => {
    const job = jobNamed(w, "account exec");
    return {
      say: "add a candidate for the account exec job, Marcus Bell marcus.bell@gmail.com, he's a referral",
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Marcus"),
          last_name: is.text("Bell"),
          email: "marcus.bell@gmail.com",
          source: is.containing("referr"),
        }),
      ],
    };
  }),

  /* ====================== key figures ====================== */

  about("intelligence", "figure", "what's our win rate lately", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    return { say: "whats our win rate been lately on deals", expect: [figure(w.snapshot.growth.last_90_days.win_rate, "win rate", "percent")] };
  }),

  about("intelligence", "figure", "how much is past due all together", (w) => ({
    say: "how much money is PAST DUE all together",
    expect: [money(dueSums(w.invoices.filter(overdue)), "overdue total")],
  })),

  about("intelligence", "figure", "DSO on the dollar side", (w) => {
    const usd = pick(w.snapshot?.finance.currencies ?? [], (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "how many days its taking people to pay us on avg, DSO, just the USD",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
    };
  }),

  about("intelligence", "figure", "what's the open sales pipeline worth", (w) => ({
    say: "whats the sales pipeline worth right now, all the open deals $",
    expect: [
      money(
        sums(
          w.deals.filter((d) => d.status === "open" && d.amount !== null),
          (d: { amount: number }) => d.amount,
        ),
        "open pipeline value",
      ),
    ],
  })),

  /* ====================== must not act ====================== */

  about("talent", "question", "close the forklift posting (there is none)", (w) => {
    if (w.jobs.some((j) => /forklift/i.test(j.title))) throw new Error("a forklift job exists");
    return { say: "close out the forklift posting", expect: [noChange()] };
  }),

  about("finance", "question", "cut an invoice for Stark (no amount)", () => ({ say: "cut an invoice for stark", expect: [noChange(), asksBack()] })),

  about("finance", "question", "mark the Stark bill paid (Stark has several)", (w) => {
    if (ofClient(w, "Stark").filter(unpaid).length < 2) throw new Error("Stark needs several unpaid invoices");
    return { say: "mark the stark bill paid", expect: [noChange(), asksBack()] };
  }),

  about("talent", "question", "bump him to interview (who?)", () => ({ say: "bump him to interview", expect: [noChange(), asksBack()] })),

  about("growth", "question", "move the Stark deal up a stage (Stark has several)", (w) => {
    const stark = accountNamed(w, "Stark");
    if (dealsOf(w, stark.id).filter((d) => d.status === "open").length < 2) throw new Error("Stark needs several open deals");
    return { say: "move the stark deal up a stage", expect: [noChange(), asksBack()] };
  }),

  about("growth", "question", "put <a name two contacts share> in the follow up emails", (w) => {
    const seq = followUps(w);
    const c = pick(
      w.contacts,
      (x) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(x));
        return same.length > 1 && same.every((o) => !isEnrolled(w, seq.id, o.id));
      },
      "contact name shared by two, none enrolled",
    );
    return { say: `put ${fullName(c).toLowerCase()} in the follow up emails`, expect: [noChange(), asksBack()] };
  }),
];
