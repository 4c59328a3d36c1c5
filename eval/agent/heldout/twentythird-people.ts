import { about, approval, asksBack, changed, count, created, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  addDays,
  candidatesOf,
  clientNames,
  contactsOf,
  dueSums,
  fullName,
  inStage,
  numbers,
  pick,
  shortNumber,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Candidate, Job, World } from "../world.ts";

/*
 * Blind set: the one-person people-ops / HR generalist at a 70-person company.
 * Mostly recruiting (reqs, pipelines, stage moves, referrals), plus the CFO's
 * invoice questions, recruiting agencies as accounts, and the odd company figure.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** 2027-01-04 -> "Monday, January 4". */
const spoken = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return `${DAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};

const ACTIVE = ["applied", "screening", "interview", "offer"];
const isActive = (c: Candidate) => ACTIVE.includes(c.stage);
const openJobs = (w: World) => w.jobs.filter((j) => j.status === "open");
const jobOf = (w: World, c: Candidate): Job => pick(w.jobs, (j) => j.id === c.job_id, "job of a candidate");
/** Candidates whose full name no other candidate shares. */
const uniqueCandidates = (w: World) => w.candidates.filter((c) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1);
const uniqueIn = (w: World, stage: string, what = `${stage} candidate`) => pick(uniqueCandidates(w), (c) => c.stage === stage, what);
/** The last such candidate (so that cases about one stage do not all name the same person). */
const lastUniqueIn = (w: World, stage: string, what = `${stage} candidate`) => pick([...uniqueCandidates(w)].reverse(), (c) => c.stage === stage, what);
const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

export const CASES: Case[] = [
  /* ---------------- talent: reads ---------------- */
  about("talent", "read", "who is in the pipeline for <the backend engineer req>", (w) => {
    const job = pick(openJobs(w), (j) => /backend/i.test(j.title), "open backend engineering req");
    const mine = candidatesOf(w, job.id);
    const rest = w.candidates.filter((c) => c.job_id !== job.id);
    return {
      say: `Hi! The hiring manager for the ${job.title} req is asking for an update before our sync. Could you tell me who's currently in the pipeline for that role?`,
      expect: [names(mine.map(fullName), rest.map(fullName), mine.length)],
    };
  }),
  about("talent", "read", "which candidates are sitting at offer stage", (w) => {
    const offer = inStage(w, "offer");
    const rest = w.candidates.filter((c) => c.stage !== "offer");
    return {
      say: "Quick one before my 1:1 with the CEO — which candidates do we currently have at the offer stage, across all the reqs?",
      expect: [names(offer.map(fullName), rest.map(fullName), offer.length)],
    };
  }),
  about("talent", "read", "how many candidates came in as referrals, all reqs, all time", (w) => {
    const referrals = w.candidates.filter((c) => (c.source ?? "").toLowerCase().includes("referral"));
    return {
      say: "I'm putting together a slide on our referral program. How many candidates in total have come to us as referrals? Please count everyone, including people we've hired or passed on.",
      expect: [count(referrals.length, "referred candidates")],
    };
  }),
  about("talent", "read", "what stage is <an interviewing candidate> at", (w) => {
    const c = uniqueIn(w, "interview", "interviewing candidate");
    return {
      say: `${c.first_name} ${c.last_name} just emailed me asking for a status update and I'm away from my desk. Can you remind me what stage ${c.first_name} is at right now?`,
      expect: [says("interview")],
    };
  }),
  about("talent", "read", "who have we passed on for <a req with rejections>", (w) => {
    const job = pick(w.jobs, (j) => candidatesOf(w, j.id).some((c) => c.stage === "rejected"), "req with a rejected candidate");
    const passed = candidatesOf(w, job.id).filter((c) => c.stage === "rejected");
    const others = candidatesOf(w, job.id).filter((c) => c.stage !== "rejected");
    return {
      say: `I need to send a few "thanks, but no" follow-ups today. Which candidates have we already passed on for the ${job.title} role?`,
      expect: [names(passed.map(fullName), others.map(fullName), passed.length)],
    };
  }),
  about("talent", "read", "every candidate whose source is LinkedIn, hires included", (w) => {
    const li = w.candidates.filter((c) => (c.source ?? "").toLowerCase() === "linkedin");
    const rest = w.candidates.filter((c) => (c.source ?? "").toLowerCase() !== "linkedin");
    return {
      say: "We're deciding whether to renew our LinkedIn Recruiter seat, so I'd like to see what it's actually bringing us. Could you list every candidate whose source is LinkedIn, including the ones we hired or rejected?",
      expect: [names(li.map(fullName), rest.map(fullName), li.length)],
    };
  }),
  about("talent", "read", "candidates still in process with a 5 rating", (w) => {
    const top = w.candidates.filter((c) => isActive(c) && c.rating === 5);
    const rest = w.candidates.filter((c) => !(isActive(c) && c.rating === 5));
    return {
      say: "Which of the candidates who are still in process have a rating of 5? I don't need anyone we've already hired or turned down.",
      expect: [names(top.map(fullName), rest.map(fullName), top.length)],
    };
  }),

  /* ---------------- talent: writes ---------------- */
  about("talent", "write", "move <a screening candidate> forward to interview (bring onsite)", (w) => {
    const c = uniqueIn(w, "screening", "candidate in screening");
    return {
      say: `${fullName(c)} did really well on the phone screen for the ${jobOf(w, c).title} role. Let's move forward and bring ${c.first_name} in for interviews — can you update the stage, please?`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "pass on <an applied candidate>", (w) => {
    const c = uniqueIn(w, "applied", "applied candidate");
    return {
      say: `After reviewing the resume with the hiring manager, we've decided to pass on ${fullName(c)} for the ${jobOf(w, c).title} req. Please mark them as rejected.`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "add a referred candidate to <an open req>", (w) => {
    const job = pick(openJobs(w), (j) => /designer/i.test(j.title), "open designer req");
    return {
      say: `One of our engineers referred a friend for the ${job.title} opening. Could you add her as a candidate? Her name is Priya Raman, email priya.raman@fastmail.com, and the source should be referral.`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Priya"),
          last_name: is.text("Raman"),
          email: "priya.raman@fastmail.com",
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "open a new part-time People Operations Coordinator req in Austin", () => ({
    say: 'Good news, the budget for my backfill finally got approved! Please open a new req titled "People Operations Coordinator" in the People department, based in Austin, part-time.',
    expect: [
      created("job", {
        title: is.text("People Operations Coordinator"),
        department: is.text("People"),
        location: is.containing("Austin"),
        employment_type: "part_time",
        status: "open",
      }),
    ],
  })),
  about("talent", "write", "close <a req that has a hire>", (w) => {
    const job = pick(openJobs(w), (j) => candidatesOf(w, j.id).some((c) => c.stage === "hired"), "open req with a hire");
    return {
      say: `We've filled the ${job.title} position and the hiring manager doesn't want any more applicants. Could you close that req for me?`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),
  about("talent", "write", "<an offer-stage candidate> signed: mark hired", (w) => {
    const c = uniqueIn(w, "offer", "candidate at offer");
    return {
      say: `${fullName(c)} just sent back the signed paperwork for the ${jobOf(w, c).title} role 🎉 Please move ${c.first_name} to hired.`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),
  about("talent", "write", "bump <a low-rated active candidate>'s rating to 4", (w) => {
    const c = pick([...uniqueCandidates(w)].reverse(), (x) => isActive(x) && x.rating !== null && x.rating <= 2, "active candidate rated 2 or lower");
    return {
      say: `The panel debrief for ${fullName(c)} went better than the scorecards suggested. Can you change ${c.first_name}'s rating to a 4?`,
      expect: [changed("candidate", c.id, { rating: 4 }, fullName(c))],
    };
  }),
  about("talent", "write", "add an interview note to <an interviewing candidate>", (w) => {
    const c = lastUniqueIn(w, "interview", "interviewing candidate");
    return {
      say: `Could you add a note to ${fullName(c)}'s candidate profile? It should say: "Strong system design round; prefers a hybrid schedule."`,
      expect: [changed("candidate", c.id, { notes: is.containing("system design") }, fullName(c))],
    };
  }),
  about("talent", "write", "put <a rejected candidate> back into the pipeline", (w) => {
    const c = uniqueIn(w, "rejected", "rejected candidate");
    return {
      say: `We were a bit too quick to pass on ${fullName(c)} — the hiring manager wants to take another look. Can you put ${c.first_name} back into the pipeline as a new applicant for the ${jobOf(w, c).title} role?`,
      expect: [changed("candidate", c.id, { stage: "applied" }, fullName(c))],
    };
  }),

  /* ---------------- talent: must not act ---------------- */
  about("talent", "question", "the offer-stage candidate accepted: mark hired (two at offer)", (w) => {
    if (inStage(w, "offer").length < 2) throw new Error("fewer than two candidates at offer");
    return {
      say: "Great news — our candidate at the offer stage accepted this morning! Can you go ahead and mark them as hired?",
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "pass on the person in phone screen (two in screening)", (w) => {
    const screening = inStage(w, "screening");
    if (new Set(screening.map((c) => c.job_id)).size < 2) throw new Error("fewer than two reqs with someone in screening");
    return {
      say: "The hiring manager wasn't impressed with the phone screen yesterday, so we're not going to move forward with the person in screening. Please pass on them.",
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "close the req we just filled (several filled reqs)", (w) => {
    const filled = openJobs(w).filter((j) => candidatesOf(w, j.id).some((c) => c.stage === "hired"));
    if (filled.length < 2) throw new Error("fewer than two open reqs with a hire");
    return {
      say: "Now that we've made the hire, can you close out the req we just filled? Thanks so much.",
      expect: [noChange(), asksBack()],
    };
  }),
  about("talent", "question", "send <an offer-stage candidate> an offer letter with salary and start date", (w) => {
    const c = uniqueIn(w, "offer", "candidate at offer");
    const start = addDays(today(w), 35);
    return {
      say: `Could you generate the offer letter for ${fullName(c)} and email it over? Base salary is $142,000 with a start date of ${spoken(start)}.`,
      expect: [noChange()],
    };
  }),
  about("talent", "question", "kick off a background check on <an offer-stage candidate>", (w) => {
    const c = lastUniqueIn(w, "offer", "candidate at offer");
    return {
      say: `We're getting close with ${fullName(c)}, so I'd like to get ahead of things. Please start the background check through Checkr — ${c.first_name} already signed the consent form.`,
      expect: [noChange()],
    };
  }),

  /* ---------------- finance: reads ---------------- */
  about("finance", "read", "how many invoices are past due (for the CFO)", (w) => {
    const late = w.invoices.filter((i) => i.status === "overdue");
    return {
      say: "Our CFO is out today and asked me to cover a couple of questions. First: how many of our invoices are past due at the moment?",
      expect: [count(late.length, "overdue invoices")],
    };
  }),
  about("finance", "read", "what <a client with unpaid invoices in two currencies> still owes", (w) => {
    const client = pick(
      clientNames(w),
      (c) => new Set(w.invoices.filter((i) => i.client === c && unpaid(i)).map((i) => i.currency)).size >= 2,
      "client with unpaid invoices in two currencies",
    );
    const open = w.invoices.filter((i) => i.client === client && unpaid(i));
    return {
      say: `The CFO has a call with ${client} this afternoon. Can you tell me how much they still owe us right now?`,
      expect: [money(dueSums(open), `amount ${client} still owes`)],
    };
  }),
  about("finance", "read", "how much is left to pay on <a part-paid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "part-paid invoice");
    return {
      say: `I was told ${inv.client} made a partial payment on ${shortNumber(inv)}. How much is still left to pay on it?`,
      expect: [money({ [inv.currency]: inv.amount_due }, `balance of ${inv.number}`)],
    };
  }),
  about("finance", "read", "which invoices fall due in the next two weeks", (w) => {
    const from = today(w);
    const to = addDays(from, 14);
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= from && i.due_date <= to);
    const rest = w.invoices.filter((i) => unpaid(i) && !soon.includes(i));
    return {
      say: "The CFO wants to plan cash for the next couple of weeks. Which open invoices come due in the next 14 days?",
      expect: [names(numbers(soon), numbers(rest), soon.length)],
    };
  }),
  about("finance", "read", "how many invoices are still drafts", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return {
      say: "How many invoices are still sitting in draft and haven't been sent out yet?",
      expect: [count(drafts.length, "draft invoices")],
    };
  }),
  about("finance", "read", "the invoice that has been overdue the longest, and whose it is", (w) => {
    const late = w.invoices.filter((i) => i.status === "overdue");
    const oldest = late.reduce((a, b) => (b.days_overdue > a.days_overdue ? b : a), late[0]!);
    if (!oldest) throw new Error("no overdue invoice");
    if (late.filter((i) => i.days_overdue === oldest.days_overdue).length > 1) throw new Error("tie for the oldest overdue invoice");
    return {
      say: "Which invoice has been overdue the longest, and which client is it for? The CFO wants to chase that one first.",
      expect: [names([oldest.number, shortNumber(oldest)], [], 1), says(oldest.client)],
    };
  }),

  /* ---------------- finance: writes ---------------- */
  about("finance", "write", "<client> paid <an overdue invoice> in full", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "overdue" && i.amount_paid === 0, "untouched overdue invoice");
    return {
      say: `Passing this along from the CFO: ${inv.client} wired the full amount for ${inv.number} this morning. Could you mark that invoice as paid?`,
      expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
    };
  }),
  about("finance", "write", "record a 1,500 partial payment on <an unpaid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_due > 3000, "unpaid invoice with more than 3,000 due");
    const after = Math.round((inv.amount_paid + 1500) * 100) / 100;
    return {
      say: `${inv.client} sent a partial payment of ${inv.currency} 1,500 toward ${shortNumber(inv)}. Please record it against that invoice — the rest is still outstanding.`,
      expect: [changed("invoice", inv.id, { amount_paid: is.where(`${after}`, (v: number) => Math.abs(v - after) < 0.005) }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> billed twice (waits for approval)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `The CFO realized ${inv.number} to ${inv.client} was billed twice by mistake. She asked me to void it — can you take care of that?`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ---------------- growth: reads ---------------- */
  about("growth", "read", "who our contacts are at <an account with several contacts>", (w) => {
    const acct = pick(w.accounts, (a) => contactsOf(w, a.id).length >= 3, "account with three or more contacts");
    const mine = contactsOf(w, acct.id);
    const rest = w.contacts.filter((c) => c.account_id !== acct.id);
    return {
      say: `We might be sharing a hiring event with ${acct.name}. Who are all the contacts we have on file there?`,
      expect: [names(mine.map(fullName), rest.map(fullName), mine.length)],
    };
  }),
  about("growth", "read", "the email address of <a contact>", (w) => {
    const c = pick(uniqueContacts(w), (x) => Boolean(x.email) && Boolean(x.title), "contact with an email and a title");
    return {
      say: `I need to send an intro to ${fullName(c)} — could you look up the email address we have for them?`,
      expect: [says(c.email)],
    };
  }),
  about("growth", "read", "the domain on file for <an account>", (w) => {
    const acct = pick([...w.accounts].reverse(), (a) => Boolean(a.domain) && contactsOf(w, a.id).length > 0, "account with a domain");
    return {
      say: `What website domain do we have saved for ${acct.name}? I want to double-check before I send over a vendor form.`,
      expect: [says(acct.domain!)],
    };
  }),

  /* ---------------- growth: writes ---------------- */
  about("growth", "write", "add an HR business partner contact at <a US account>", (w) => {
    const acct = pick(w.accounts, (a) => Boolean(a.domain) && a.country === "US", "US account with a domain");
    const email = `renee.park@${acct.domain}`;
    return {
      say: `Please add a new contact for me at ${acct.name}: Renee Park, HR Business Partner, email ${email}. She's my counterpart for a joint internship program.`,
      expect: [
        created("contact", {
          first_name: is.text("Renee"),
          last_name: is.text("Park"),
          email,
          title: is.text("HR Business Partner"),
          account_id: acct.id,
        }),
      ],
    };
  }),
  about("growth", "write", "add recruiting agency Hollis Search Group and its recruiter Dana Whitfield", () => ({
    say: "We just signed with a new recruiting agency for our engineering roles. Could you add Hollis Search Group (hollissearch.com) as an account, and their recruiter Dana Whitfield as a contact there? Her email is dana.whitfield@hollissearch.com and her title is Senior Technical Recruiter.",
    expect: [
      created("account", { name: is.text("Hollis Search Group"), domain: "hollissearch.com" }),
      created("contact", {
        first_name: is.text("Dana"),
        last_name: is.text("Whitfield"),
        email: "dana.whitfield@hollissearch.com",
        title: is.containing("Recruiter"),
        account_id: is.where("an account", (v: unknown) => typeof v === "string" && v.length > 0),
      }),
    ],
  })),
  about("growth", "write", "update <a contact>'s title after a promotion", (w) => {
    const c = pick(uniqueContacts(w), (x) => /controller|finance manager/i.test(x.title ?? ""), "contact who is a controller or finance manager");
    return {
      say: `I saw on LinkedIn that ${fullName(c)} was promoted from ${c.title}. Could you update their title in our records to "VP of Finance"?`,
      expect: [changed("contact", c.id, { title: is.text("VP of Finance") }, fullName(c))],
    };
  }),

  /* ---------------- growth: must not act ---------------- */
  about("growth", "question", "update the phone number of <a contact name two people share>", (w) => {
    const dup = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length >= 2, "contact name shared by two people");
    return {
      say: `${fullName(dup)} let me know their phone number changed. Could you update it to +1 312 555 0148?`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ---------------- figures ---------------- */
  about("intelligence", "figure", "hiring funnel: candidates actively in process across open reqs", (w) => {
    const openIds = new Set(openJobs(w).map((j) => j.id));
    const active = w.candidates.filter((c) => openIds.has(c.job_id) && isActive(c));
    return {
      say: "How's our hiring funnel looking overall? Specifically, how many candidates are actively in process across all our open reqs — not counting people we've hired or passed on?",
      expect: [count(active.length, "active candidates in open reqs")],
    };
  }),
  about("intelligence", "figure", "median days to hire", (w) => ({
    say: "For the board deck, what's our median time to hire, in days?",
    expect: [figure(snap(w).talent.median_days_to_hire, "median days to hire")],
  })),
  about("intelligence", "figure", "hires over the last 12 months", (w) => ({
    say: "Our CEO wants to mention hiring in the all-hands. How many people have we hired over the past year?",
    expect: [figure(snap(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),
  about("intelligence", "figure", "total outstanding receivables per currency", (w) => ({
    say: "The CFO asked me to pull a number for her: what's our total outstanding on unpaid invoices right now? Please break it out by currency.",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),
  about("intelligence", "figure", "days sales outstanding in USD", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "One more from the CFO, sorry! What's our DSO on the US dollar side?",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),
];
