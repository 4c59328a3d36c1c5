import {
  about,
  approval,
  ask,
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
  addDays,
  dealTopic,
  dueSums,
  fullName,
  inStage,
  month,
  numbers,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageNamed,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Account, Contact, Deal, Invoice, Snapshot, World } from "../world.ts";

/*
 * Blind set, persona: a freelance design-and-dev consultant who grew into a
 * six-person studio. Chatty, first person, thinks out loud; calls deals
 * "projects" / "retainers", sequences "my nurture emails", and asks "am I on
 * track" questions. Every record is chosen from the world at run time.
 */

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};
const accountOf = (w: World, id: string | null): Account => pick(w.accounts, (a) => a.id === id, "account of a record");
const dealAccount = (w: World, d: Deal) => accountOf(w, d.account_id).name;
const activeEnrollments = (w: World) => w.enrollments.filter((e) => e.status === "active");
const isEnrolled = (w: World, c: Contact) => activeEnrollments(w).some((e) => e.contact_id === c.id);
const activeSequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");
const jobTitle = (w: World, id: string) => pick(w.jobs, (j) => j.id === id, "job").title;
/** An invoice whose client and description designate it alone among `within`. */
const describedAlone = (within: Invoice[]) => (i: Invoice) =>
  i.description !== null && within.filter((o) => o.client === i.client && o.description === i.description).length === 1;

export const CASES: Case[] = [
  /* ------------------------------------------------------------ finance: reads */
  about("finance", "read", "which invoices are overdue (who's ghosted me on payment)", (w) => {
    const late = w.invoices.filter(overdue);
    const notLate = w.invoices.filter((i) => i.status === "open");
    return {
      say: "ok so I need to do a round of chasing payment this afternoon 😩 which of my invoices are actually overdue right now (aka who's ghosted me)? invoice numbers + client pls",
      expect: [names(numbers(late), numbers(notLate))],
    };
  }),
  about("finance", "read", "how much <a client with two unpaid invoices and no drafts> still owes in total", (w) => {
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length === 2 && !w.invoices.some((i) => i.client === c && i.status === "draft"),
      "client with two unpaid invoices and no drafts",
    );
    const owed = w.invoices.filter((i) => i.client === client && unpaid(i));
    return {
      say: `honestly I've lost track with ${client}. how much do they still owe me altogether, across everything I've sent them that isn't paid yet?`,
      expect: [money(dueSums(owed), `amount ${client} still owes`)],
    };
  }),
  about("finance", "read", "what's left to pay on <a part-paid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0 && i.amount_due > 0, "part-paid invoice");
    return {
      say: `${inv.client} paid part of ${shortNumber(inv)} a while back I think? remind me how much is still left on it`,
      expect: [money({ [inv.currency]: inv.amount_due }, `amount still due on ${inv.number}`)],
    };
  }),
  about("finance", "read", "when is <client>'s <description> invoice due", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "open" && !i.description?.includes(":") && describedAlone(w.invoices)(i),
      "open invoice its client and description designate",
    );
    return {
      say: `I always forget this stuff — when is the invoice I sent ${inv.client} for the ${inv.description!.toLowerCase()} due?`,
      expect: [date(inv.due_date, `due date of ${inv.number}`)],
    };
  }),
  about("finance", "read", "which invoices are still drafts I never sent", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    return {
      say: "confession: I think I have a bunch of invoices I started and never actually sent lol. which ones are still sitting in draft?",
      expect: [names(numbers(drafts), numbers(w.invoices.filter((i) => i.status !== "draft")))],
    };
  }),
  about("finance", "read", "which sent invoices fall due in the next two weeks", (w) => {
    const end = addDays(today(w), 14);
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
    const later = w.invoices.filter((i) => i.status === "open" && i.due_date > end);
    return {
      say: "trying to plan cash for the next couple of weeks. of the invoices I've already sent out, which ones come due in the next 14 days?",
      expect: [names(numbers(soon), numbers(later))],
    };
  }),

  /* ------------------------------------------------------------ finance: writes */
  about("finance", "write", "<client> paid <an overdue invoice> in full", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return {
      say: `omg ${inv.client} finally paid ${inv.number}!! the whole thing. can you mark it as paid so I stop feeling awkward about it`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a part payment of 2,500 on <an unpaid USD invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 5000, "unpaid USD invoice over 5,000");
    return {
      say: `${inv.client} sent over $2,500 towards ${shortNumber(inv)} today, they say the rest comes next month. can you log that payment?`,
      expect: [changed("invoice", inv.id, { amount_paid: 2500, status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),
  about("finance", "write", "draft an invoice for <an account>: 4,800 USD, net 30, brand refresh sprint", (w) => {
    const acc = pick(w.accounts, (a) => a.domain !== null, "account");
    return {
      say: `can you draft an invoice for ${acc.name}? $4,800 USD for the brand refresh sprint, due 30 days from today. leave it as a draft, I want to eyeball it before it goes out`,
      expect: [
        created("invoice", {
          client: is.text(acc.name),
          amount: 4800,
          currency: "USD",
          due_date: addDays(today(w), 30),
          status: "draft",
        }),
      ],
    };
  }),
  about("finance", "write", "send (finalize) <client>'s draft invoice for <description>", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    const inv = pick(
      drafts,
      (i) => i.due_date > today(w) && !i.description?.includes(":") && describedAlone(drafts)(i),
      "draft its client and description designate",
    );
    return {
      say: `ok I've looked over the ${inv.client} draft for the ${inv.description!.toLowerCase()} and it's fine — please finalize it so it's officially issued`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> billed twice by mistake", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice with nothing paid");
    return {
      say: `ugh, I billed ${inv.client} twice by accident — ${inv.number} is the duplicate. can you void it?`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ------------------------------------------------------------ finance: must not act */
  about("finance", "question", "mark <a client with several unpaid invoices>'s invoice paid (which one?)", (w) => {
    const client = pick(
      [...new Set(w.invoices.map((i) => i.client))],
      (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 3,
      "client with three or more unpaid invoices",
    );
    return { say: `${client} just paid me, yay! can you mark their invoice as paid?`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "invoice <a client> for last week's workshop (no amount given)", (w) => {
    const acc = pick(w.accounts, (a) => a.domain !== null, "account");
    return {
      say: `can you send ${acc.name} an invoice for the workshop we ran last week? due in two weeks-ish`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ------------------------------------------------------------ growth: reads */
  about("growth", "read", "which projects are in Negotiation right now", (w) => {
    const stage = stageNamed(w, "Negotiation");
    const open = w.deals.filter((d) => d.status === "open");
    return {
      say: "remind me which of my projects are in the negotiation stage at the moment? I feel like there's a few and I'm dropping balls",
      expect: [
        names(
          open.filter((d) => d.stage_id === stage.id).map((d) => d.name),
          open.filter((d) => d.stage_id !== stage.id).map((d) => d.name),
        ),
      ],
    };
  }),
  about("growth", "read", "the biggest open project in dollars, and its client", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.currency === "USD" && d.amount !== null && d.account_id !== null);
    if (!open.length) throw new Error("no open USD deal");
    const top = open.reduce((a, b) => (b.amount! > a.amount! ? b : a));
    return {
      say: "out of curiosity, what's my biggest open project in dollar terms? like who is it with and how much",
      expect: [says(dealAccount(w, top)), money({ USD: top.amount! }, "value of the biggest open deal")],
    };
  }),
  about("growth", "read", "who I know at <the account with the most contacts>", (w) => {
    const acc = w.accounts.reduce((a, b) =>
      w.contacts.filter((c) => c.account_id === b.id).length > w.contacts.filter((c) => c.account_id === a.id).length ? b : a,
    );
    const mine = w.contacts.filter((c) => c.account_id === acc.id);
    return {
      say: `I've got a call with ${acc.name} tomorrow and I can't remember who's who over there. who are my contacts at ${acc.name}?`,
      expect: [names(mine.map(fullName), w.contacts.filter((c) => c.account_id !== acc.id).map(fullName))],
    };
  }),
  about("growth", "read", "how many people are getting my nurture emails", (w) => ({
    say: "quick one: how many people are currently getting my nurture emails? just the ones still active",
    expect: [count(activeEnrollments(w).length, "active enrollments")],
  })),
  about("growth", "read", "which client companies are US-based", (w) => {
    const us = w.accounts.filter((a) => a.country === "US");
    const elsewhere = w.accounts.filter((a) => a.country !== null && a.country !== "US");
    return {
      say: "my accountant is asking which of my client companies are in the US (something about tax forms, honestly no idea). which ones are?",
      expect: [
        names(
          us.map((a) => a.name),
          elsewhere.map((a) => a.name),
        ),
      ],
    };
  }),

  /* ------------------------------------------------------------ growth: writes */
  about("growth", "write", "add Priya Raman, Head of Design at <an account>, as a contact", (w) => {
    const acc = pick(w.accounts, (a) => a.domain !== null && !w.contacts.some((c) => c.email === `priya.raman@${a.domain}`), "account with a domain");
    return {
      say: `just had the loveliest intro call with someone at ${acc.name} — Priya Raman, she's their Head of Design, email priya.raman@${acc.domain}. can you add her to my contacts?`,
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Raman"),
          email: `priya.raman@${acc.domain}`,
          title: is.text("Head of Design"),
          account_id: acc.id,
        }),
      ],
    };
  }),
  about("growth", "write", "move <account>'s early-stage project to Proposal", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    const proposal = stageNamed(w, "Proposal");
    return {
      say: `ok so I finally sent ${account} the proposal for the ${dealTopic(deal).toLowerCase()} project last night 🙈 can you bump it to the Proposal stage?`,
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),
  about("growth", "write", "<account> signed: mark their project won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Proposal", "Negotiation"]);
    return {
      say: `${account} SIGNED!!! 🎉 mark the ${dealTopic(deal).toLowerCase()} project as won please, I'm going to go scream into a pillow`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "new retainer for <an account>: 36k USD, closing end of next month", (w) => {
    const acc = pick(w.accounts, (a) => !w.deals.some((d) => d.account_id === a.id && d.status === "open"), "account with no open deal");
    const [, end] = month(w, 1);
    return {
      say: `can you add a new deal for ${acc.name}? call it "Design retainer" — $36,000 USD for the year, and I'm hoping it closes by the end of next month`,
      expect: [
        created("deal", {
          name: is.containing("retainer"),
          account_id: acc.id,
          amount: 36000,
          currency: "USD",
          expected_close_date: end,
        }),
      ],
    };
  }),
  about("growth", "write", "put <a contact> into my nurture emails", (w) => {
    const seq = activeSequence(w);
    const c = pick(uniqueContacts(w), (x) => x.account_id !== null && !isEnrolled(w, x), "uniquely named contact not enrolled");
    return {
      say: `can you pop ${fullName(c)} from ${accountOf(w, c.account_id).name} into my nurture emails? the ${seq.name} one`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("growth", "write", "take <an enrolled contact> out of the sequence (they replied)", (w) => {
    const e = pick(activeEnrollments(w), (x) => w.contacts.some((c) => c.id === x.contact_id && c.account_id !== null), "active enrollment");
    const c = pick(w.contacts, (x) => x.id === e.contact_id, "enrolled contact");
    const seq = pick(w.sequences, (s) => s.id === e.sequence_id, "sequence");
    return {
      say: `${fullName(c)} at ${accountOf(w, c.account_id).name} replied to me directly, so please take them out of the ${seq.name} emails before it gets weird`,
      expect: [unenrolled(seq.id, c.id, fullName(c))],
    };
  }),

  /* ------------------------------------------------------------ growth: must not act */
  about("growth", "question", "move <an account with two open projects>'s project forward (which one?)", (w) => {
    const acc = pick(w.accounts, (a) => w.deals.filter((d) => d.account_id === a.id && d.status === "open").length >= 2, "account with two open deals");
    return {
      say: `the call with ${acc.name} went really well! move their project to the next stage`,
      expect: [noChange(), asksBack()],
    };
  }),
  about("growth", "question", "add <a name two contacts share> to my nurture emails (which one?)", (w) => {
    const twin = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length >= 2 && same.every((o) => !isEnrolled(w, o));
      },
      "name shared by two contacts, none enrolled",
    );
    return {
      say: `add ${fullName(twin)} to my nurture emails, I keep meaning to do that`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ------------------------------------------------------------ talent: reads */
  about("talent", "read", "how many people have applied for <a job>, all stages", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && w.candidates.some((c) => c.job_id === j.id), "open job with candidates");
    return {
      say: `how many candidates have we had for the ${job.title} role in total? count everyone, even the ones who got a no`,
      expect: [count(w.candidates.filter((c) => c.job_id === job.id).length, `candidates for ${job.title}`)],
    };
  }),
  about("talent", "read", "who is at the interview stage across all roles", (w) => {
    const inInterview = inStage(w, "interview");
    return {
      say: "I need to block out time this week — who's at the interview stage right now, across all my roles?",
      expect: [names(inInterview.map(fullName), w.candidates.filter((c) => c.stage !== "interview").map(fullName))],
    };
  }),
  about("talent", "read", "what stage <a candidate in screening> is at", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening", "candidate in screening");
    return {
      say: `where are we with ${fullName(c)} for the ${jobTitle(w, c.job_id)} job? I honestly can't remember if we've even talked yet`,
      expect: [says("screening")],
    };
  }),
  about("talent", "read", "which roles are open", (w) => ({
    say: "which job postings do I actually have open at the moment? growing pains lol",
    expect: [
      names(
        w.jobs.filter((j) => j.status === "open").map((j) => j.title),
        w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
      ),
    ],
  })),

  /* ------------------------------------------------------------ talent: writes */
  about("talent", "write", "move <a candidate in screening> on to interview", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening", "candidate in screening");
    return {
      say: `${fullName(c)} absolutely smashed the screening call. can you move them on to the interview stage?`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "reject <an applied candidate> for <job>", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "applied", "applied candidate");
    return {
      say: `I've decided not to go ahead with ${fullName(c)} for ${jobTitle(w, c.job_id)} — not the right fit right now. please mark them as rejected`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "add Sam Okonkwo as a candidate for <an open job>, via Dribbble", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open", "open job");
    return {
      say: `new applicant for the ${job.title} role! Sam Okonkwo, sam.okonkwo@example.com — found us through Dribbble. can you add them?`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Sam"),
          last_name: is.text("Okonkwo"),
          email: "sam.okonkwo@example.com",
          source: is.containing("dribbble"),
        }),
      ],
    };
  }),
  about("talent", "write", "close <an open job that has its hire>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && w.candidates.some((c) => c.job_id === j.id && c.stage === "hired"), "open job with a hire");
    return {
      say: `we've officially made our hire for the ${job.title} role (it's where my very first hire went, I'm emotional). can you close that job posting now?`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* ------------------------------------------------------------ talent: must not act */
  about("talent", "question", "reject the candidate with an offer (several have one)", (w) => {
    if (inStage(w, "offer").length < 2) throw new Error("fewer than two candidates at offer");
    return {
      say: "sad news, the candidate we made an offer to turned it down :( can you reject them?",
      expect: [noChange(), asksBack()],
    };
  }),
  ask("talent", "question", "add that designer I met at the meetup last night as a candidate, she was so good", () => [noChange(), asksBack()]),

  /* ------------------------------------------------------------ intelligence */
  about("intelligence", "read", "how many hires in the last year", (w) => ({
    say: "how many people have we actually hired in the last 12 months? I want to put it in my little end-of-year post",
    expect: [figure(snap(w).talent.hires_last_365_days, "hires in the last 365 days")],
  })),
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "honestly am I any good at closing? what's my win rate been over the last 90 days or so",
    expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
  })),
  about("intelligence", "figure", "open and weighted pipeline value", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    return {
      say: "am I on track for next quarter? remind me what my pipeline's worth right now — the straight total and the weighted one",
      expect: [
        money(Object.fromEntries(totals.map((t) => [t.currency, t.open_value])), "open pipeline value"),
        money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline value"),
      ],
    };
  }),
  about("intelligence", "figure", "DSO on USD invoices", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return {
      say: "I always forget what DSO even stands for 🙃 but what's mine on my USD invoices? am I getting paid fast enough?",
      expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
    };
  }),
  about("intelligence", "figure", "total outstanding across all clients", (w) => ({
    say: "cash check, am I on track? how much is outstanding across all my clients right now — everything sent that hasn't been paid yet",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),
  about("intelligence", "figure", "hiring funnel: candidates still in play on open roles, and how many at offer", (w) => {
    const openJobs = new Set(w.jobs.filter((j) => j.status === "open").map((j) => j.id));
    const live = w.candidates.filter((c) => openJobs.has(c.job_id) && ["applied", "screening", "interview", "offer"].includes(c.stage));
    return {
      say: "hiring funnel check: across my open roles, how many candidates are still in play (not hired, not rejected)? and how many of those have an offer out?",
      expect: [count(live.length, "candidates still in play"), count(live.filter((c) => c.stage === "offer").length, "candidates at offer")],
    };
  }),
];
