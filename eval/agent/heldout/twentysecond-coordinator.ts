import { about, asksBack, changed, count, created, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  accountNamed,
  candidatesOf,
  clientNames,
  contactsOf,
  dealTopic,
  dueSums,
  fullName,
  inStage,
  jobNamed,
  numbers,
  ofClient,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  stageOf,
  unpaid,
} from "../facts.ts";
import type { Candidate, World } from "../world.ts";

/*
 * Blind set: a recruiting coordinator at a fast-growing startup. Types in
 * Slack-style lowercase shorthand, makes typos, pastes names and emails from
 * email threads, calls roles by nicknames ("platform eng" for the backend
 * opening, "the design opening", "the AE req"). Mostly talent; the office
 * manager also has them look up invoices, accounts, contacts and deals.
 */

const lower = (c: { first_name: string; last_name: string }) => fullName(c).toLowerCase();
const others = (w: World, keep: Candidate[]) => w.candidates.filter((c) => !keep.some((k) => k.id === c.id)).map(fullName);
const backend = (w: World) => jobNamed(w, "Backend");
const design = (w: World) => jobNamed(w, "Designer");
const ae = (w: World) => jobNamed(w, "Account Executive");
const onJobIn = (w: World, jobId: string, stage: string, more: (c: Candidate) => boolean = () => true) =>
  pick(candidatesOf(w, jobId), (c) => c.stage === stage && more(c), `${stage} candidate on ${jobId}`);
const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "";

export const CASES: Case[] = [
  /* ---------------- talent: reads ---------------- */
  about("talent", "read", "how many candidates are on the backend (platform eng) opening", (w) => ({
    say: "quick one - how many cands we got on platform eng rn?",
    expect: [count(candidatesOf(w, backend(w).id).length, `candidates on ${backend(w).title}`)],
  })),
  about("talent", "read", "who is in the interview stage across every role", (w) => {
    const list = inStage(w, "interview");
    return {
      say: "hms are chasing me for feedback — who's in interview stage rn across all the reqs?",
      expect: [names(list.map(fullName), others(w, list), list.length)],
    };
  }),
  about("talent", "read", "which roles are open", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    return {
      say: "remind me which roles we have open atm? updating the careers pg",
      expect: [
        names(
          open.map((j) => j.title),
          w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
          open.length,
        ),
      ],
    };
  }),
  about("talent", "read", "what rating <a rated applicant> has", (w) => {
    const c = pick(
      w.candidates,
      (x) => x.stage === "applied" && x.rating !== null && w.candidates.filter((o) => o.rating === x.rating).length < 4,
      "rated applicant",
    );
    return { say: `whats ${lower(c)}'s rating again? cant find it in my notes`, expect: [count(c.rating!, "as the rating")] };
  }),
  about("talent", "read", "what stage <the design opening's offer candidate> is at", (w) => {
    const c = onJobIn(w, design(w).id, "offer");
    return { say: `where's ${lower(c)} at in the process?? hm is asking and i'm in back to backs`, expect: [says(c.stage)] };
  }),
  about("talent", "read", "everyone on the design opening and their stage", (w) => {
    const list = candidatesOf(w, design(w).id);
    return {
      say: "can u pull up everyone on the design opening + what stage theyre in. prepping for the hm sync",
      expect: [names(list.map(fullName), others(w, list), list.length)],
    };
  }),
  about("talent", "read", "the 5-star candidates still in play (not rejected, not hired)", (w) => {
    const list = w.candidates.filter((c) => c.rating === 5 && c.stage !== "rejected" && c.stage !== "hired");
    return {
      say: "ceo wants a shortlist of our best ppl. who's rated 5 and still in play? skip anyone rejected or already hired",
      expect: [names(list.map(fullName), others(w, list), list.length)],
    };
  }),
  about("talent", "read", "how many candidates came in as referrals, all roles", (w) => ({
    say: "how many cands came in thru referrals? all roles, doing a referral bonus tally",
    expect: [count(w.candidates.filter((c) => c.source === "referral").length, "referred candidates")],
  })),
  about("talent", "read", "who was rejected for the AE role", (w) => {
    const all = candidatesOf(w, ae(w).id);
    const rejected = all.filter((c) => c.stage === "rejected");
    return {
      say: "who'd we rejct for the AE req? want to make sure they all got the nice-no email",
      expect: [names(rejected.map(fullName), all.filter((c) => c.stage !== "rejected").map(fullName), rejected.length)],
    };
  }),
  about("talent", "read", "the email of <the backend screening candidate>", (w) => {
    const c = onJobIn(w, backend(w).id, "screening");
    return { say: `need ${lower(c)}s email for the cal invite pls`, expect: [says(c.email)] };
  }),
  about("talent", "read", "who is at offer stage right now", (w) => {
    const list = inStage(w, "offer");
    return {
      say: "fyi finance needs comp approvals — who's sitting at offer stage rn?",
      expect: [names(list.map(fullName), others(w, list), list.length)],
    };
  }),

  /* ---------------- talent: writes ---------------- */
  about("talent", "write", "move <the backend screening candidate> to interview", (w) => {
    const c = onJobIn(w, backend(w).id, "screening");
    return {
      say: `${lower(c)} crushed the phone screen, pls move to interveiw`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <the backend applicant> after the hiring manager passed", (w) => {
    const c = onJobIn(w, backend(w).id, "applied");
    return {
      say: `hm passed on ${lower(c)} for platform eng b/c not enough distributed systems exp. pls reject`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "mark <the design opening's offer candidate> as hired", (w) => {
    const c = onJobIn(w, design(w).id, "offer");
    return {
      say: `${c.first_name.toUpperCase()} SIGNED 🎉🎉 pls mark as hired on the design opening`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),
  about("talent", "write", "lower <a 5-star interviewee>'s rating to 4", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "interview" && x.rating === 5, "5-star interviewee");
    return {
      say: `after the onsite the hm was kinda lukewarm on ${lower(c)}, drop the rating to a 4`,
      expect: [changed("candidate", c.id, { rating: 4 }, fullName(c))],
    };
  }),
  about("talent", "write", "add a candidate pasted from an email thread to the design opening", (w) => {
    const job = design(w);
    return {
      say: [
        "adding this one to the design opening, applied via email:",
        "> From: Priya Raman <Priya.Raman@gmail.com>",
        "> Subject: Re: Product Designer role",
        "> Hi! Attaching my portfolio...",
      ].join("\n"),
      expect: [created("candidate", { job_id: job.id, first_name: is.text("Priya"), last_name: is.text("Raman"), email: "priya.raman@gmail.com" })],
    };
  }),
  about("talent", "write", "add a referred candidate to the backend opening with source referral", (w) => {
    const job = backend(w);
    return {
      say: "new referral for platform eng from someone on infra — Tomas Okonkwo, tomas.okonkwo@fastmail.com. source = referral pls",
      expect: [
        created("candidate", {
          job_id: job.id,
          last_name: is.text("Okonkwo"),
          email: "tomas.okonkwo@fastmail.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "open a new Frontend Engineer job in Engineering, remote, full time", () => ({
    say: "ok finally got the green light — pls open a req: Frontend Engineer, Engineering dept, remote, full time",
    expect: [
      created("job", {
        title: is.text("Frontend Engineer"),
        department: is.text("Engineering"),
        location: is.containing("remote"),
        employment_type: "full_time",
        status: "open",
      }),
    ],
  })),
  about("talent", "write", "close the AE job now that it is filled", (w) => {
    const job = ae(w);
    const hired = candidatesOf(w, job.id).find((c) => c.stage === "hired");
    return {
      say: `we filled the AE role${hired ? ` (${hired.first_name.toLowerCase()} accepted)` : ""}! can u close the req so no new applicants come thru`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),
  about("talent", "write", "move <the AE applicant> to screening", (w) => {
    const c = onJobIn(w, ae(w).id, "applied");
    return {
      say: `${lower(c)} -> screening pls, hm wants a call tmrw`,
      expect: [changed("candidate", c.id, { stage: "screening" }, fullName(c))],
    };
  }),
  about("talent", "write", "put <a rejected AE candidate> back to applied", (w) => {
    const c = onJobIn(w, ae(w).id, "rejected");
    return {
      say: `ugh i rejected ${lower(c)} by accident last wk, meant to reject someone else. can u put them back to applied`,
      expect: [changed("candidate", c.id, { stage: "applied" }, fullName(c))],
    };
  }),
  about("talent", "write", "correct <the design interviewee>'s email", (w) => {
    const c = onJobIn(w, design(w).id, "interview");
    return {
      say: `the email we have for ${lower(c)} bounces, its tim.bl@w3mail.org now. can u fix`,
      expect: [changed("candidate", c.id, { email: "tim.bl@w3mail.org" }, fullName(c))],
    };
  }),

  /* ---------------- talent / intelligence: figures ---------------- */
  about("intelligence", "figure", "how many hires in the last year", (w) => ({
    say: "how many ppl have we hired in the last yr? ceo wants the number for all hands tmrw",
    expect: [count(w.snapshot?.talent.hires_last_365_days ?? inStage(w, "hired").length, "hires in the last 365 days")],
  })),
  about("talent", "figure", "AE role funnel: total candidates and how many rejected", (w) => {
    const all = candidatesOf(w, ae(w).id);
    return {
      say: "funnel check on the AE req — how many cands total went thru it, and how many did we reject?",
      expect: [count(all.length, "candidates on the AE job"), count(all.filter((c) => c.stage === "rejected").length, "rejected")],
    };
  }),

  /* ---------------- talent: must not act ---------------- */
  about("talent", "question", "move the candidates of a frontend role that does not exist to onsite", () => ({
    say: "move all the fe role cands to onsite pls, hm wants to batch them this wk",
    expect: [noChange()],
  })),
  about("talent", "question", "reject 'the candidate' on the design opening without saying which", () => ({
    say: "reject the cand on the design opening, hm said no",
    expect: [noChange(), asksBack()],
  })),
  about("talent", "question", "hire a candidate who is not in the system", () => ({
    say: "sam whitfield accepted!!! mark hired asap",
    expect: [noChange()],
  })),
  about("talent", "question", "add a candidate with only a name, no email or role", () => ({
    say: "add jordan lee to the pipeline pls, met him at the meetup last nite",
    expect: [noChange(), asksBack()],
  })),

  /* ---------------- growth / finance: reads ---------------- */
  about("growth", "read", "how many accounts are in the CRM", (w) => ({
    say: "office mgr asking: how many accounts r in the crm? (not contacts, accounts)",
    expect: [count(w.accounts.length, "accounts")],
  })),
  about("growth", "read", "the email of a contact whose name two accounts share, at one account", (w) => {
    const c = pick(
      w.contacts,
      (x) => x.account_id !== null && w.contacts.some((o) => o.id !== x.id && fullName(o) === fullName(x) && o.account_id && o.account_id !== x.account_id),
      "contact sharing a name with one at another account",
    );
    const twin = pick(w.contacts, (o) => o.id !== c.id && fullName(o) === fullName(c) && o.account_id !== c.account_id, "twin contact");
    return {
      say: `need ${lower(c)}'s email — the ${accountName(w, c.account_id).toLowerCase()} one, not ${accountName(w, twin.account_id).toLowerCase()}`,
      expect: [says(c.email)],
    };
  }),
  about("growth", "read", "what stage <an account>'s deal is in", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return { say: `office mgr wants to know what stage the ${account.toLowerCase()} deal is at`, expect: [says(stageOf(w, deal).name)] };
  }),
  about("finance", "read", "which of Stark's invoices are overdue", (w) => {
    const mine = ofClient(w, "Stark");
    const late = mine.filter(overdue);
    return {
      say: "which stark invoices r overdue? office mgr is calling them later",
      expect: [names(numbers(late), numbers(mine.filter((i) => !overdue(i))), late.length)],
    };
  }),
  about("finance", "read", "how many invoices are still drafts", (w) => ({
    say: "how many invoices are just sitting in draft rn",
    expect: [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
  })),
  about("growth", "read", "who our contacts at Globex are", (w) => {
    const acc = accountNamed(w, "Globex");
    const mine = contactsOf(w, acc.id);
    return {
      say: "who're our contacts at globex? sending them a holiday card thing",
      expect: [names(mine.map(fullName), w.contacts.filter((c) => c.account_id !== acc.id).map(fullName), mine.length)],
    };
  }),

  /* ---------------- growth / finance: writes ---------------- */
  about("finance", "write", "mark <a part-paid overdue invoice> paid after the client sent the rest", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
    return {
      say: `fyi office mgr says ${inv.client.split(" ")[0]!.toLowerCase()} sent the rest of what they owed on ${shortNumber(inv).toLowerCase()}, can u mark it paid`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("growth", "write", "move <a deal in Proposal> to Negotiation", (w) => {
    const deal = openDealIn(w, ["Proposal"]);
    const target = stageNamed(w, "Negotiation");
    return {
      say: `sales said the ${accountName(w, deal.account_id).toLowerCase()} ${dealTopic(deal).toLowerCase()} deal is in negotiation now, can u update it`,
      expect: [changed("deal", deal.id, { stage_id: target.id }, deal.name)],
    };
  }),
  about("growth", "write", "add a new Initech contact pasted with name, email and title", () => ({
    say: "can u add a contact for initech pls: Dana Whitaker <dana.whitaker@initech.io>, she's their new Finance Director",
    expect: [
      created("contact", {
        first_name: is.text("Dana"),
        last_name: is.text("Whitaker"),
        email: "dana.whitaker@initech.io",
        title: is.containing("Finance Director"),
      }),
    ],
  })),
  about("growth", "write", "enrol <a contact> in the sales follow-up sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const c = pick(
      w.contacts,
      (x) =>
        x.account_id !== null &&
        w.contacts.filter((o) => fullName(o) === fullName(x)).length === 1 &&
        !w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === x.id && e.status === "active"),
      "unique contact not in the sequence",
    );
    return {
      say: `sales asked me to put ${lower(c)} (${accountName(w, c.account_id).toLowerCase()}) in the ${seq.name.toLowerCase()} sequence, can u do that`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),

  /* ---------------- growth / finance: figures ---------------- */
  about("growth", "figure", "the win rate", (w) => {
    if (!w.snapshot) throw new Error("no snapshot to take the win rate from");
    return {
      say: "office mgr wants our win rate on deals, whatever the system has",
      expect: [figure(w.snapshot.growth.last_90_days.win_rate, "win rate", "percent")],
    };
  }),
  about("finance", "figure", "how much money is still owed to us, per currency", (w) => ({
    say: "how much $$ are ppl still owing us total? office mgr again lol",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),

  /* ---------------- growth / finance: must not act ---------------- */
  about("finance", "question", "mark 'the invoice' of a client with several unpaid ones as paid", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 2, "client with several unpaid invoices");
    return { say: `${client.toLowerCase()} says they paid, mark their invoice paid pls`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "close as won the deal of an account that does not exist", () => ({
    say: "office mgr says dunder mifflin signed, move their deal to closed won",
    expect: [noChange()],
  })),
];
