/*
 * A blind set in the voice of a Brisbane owner-operator (electrical and fit-out contracting) who does
 * the books, the sales and the hiring between jobs. Quick texts and longer rambles, Aussie register,
 * dates as day/month, money as "$5k" or "4,500 bucks". Records are picked from the world at run time.
 */
import { approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import { addDays, dueSums, fullName, overdue, pick, shortNumber, stageOf, stages, today, uniqueContacts, unpaid } from "../facts.ts";
import type { Contact, World } from "../world.ts";

/* ---------- helpers of this set ---------- */

/** A date the way this persona writes it: 21/12. */
const dm = (iso: string) => {
  const [, m, d] = iso.split("-").map(Number) as [number, number, number];
  return `${d}/${m}`;
};

/** A day at least `from` days ahead whose day of the month is above 12, so 21/12 cannot be read as month/day. */
const unambiguousDayAhead = (w: World, from: number) => {
  let d = addDays(today(w), from);
  while (Number(d.slice(8, 10)) <= 12) d = addDays(d, 1);
  return d;
};

/** A number close enough to this amount (two decimals). */
const about2 = (n: number) => is.where(`${n.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - n) < 0.005);

/** The first word of a client or account name, when it designates that name alone among the clients. */
const shortClient = (w: World, client: string) => {
  const first = client.split(" ")[0]!;
  const all = [...new Set([...w.invoices.map((i) => i.client), ...w.accounts.map((a) => a.name)])];
  return all.filter((c) => c.toLowerCase().startsWith(first.toLowerCase())).length === 1 ? first : client;
};

const clients = (w: World) => [...new Set(w.invoices.map((i) => i.client))];
const unpaidOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client && unpaid(i));
const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "";
const isUnique = (w: World, c: Contact) => uniqueContacts(w).some((u) => u.id === c.id);
const openJobs = (w: World) => w.jobs.filter((j) => j.status === "open");
const uniqueCandidates = (w: World) => w.candidates.filter((c) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1);
const jobTitle = (w: World, jobId: string) => pick(w.jobs, (j) => j.id === jobId, "job").title;
const openDeals = (w: World, accountId: string) => w.deals.filter((d) => d.account_id === accountId && d.status === "open");
const topic = (name: string) => name.split(": ").slice(1).join(": ") || name;

/* ---------- finance ---------- */

const finance: Case[] = [
  {
    label: "who's still owing us past due, company names only",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const owing = [...new Set(w.invoices.filter(overdue).map((i) => i.client))];
      const clear = clients(w).filter((c) => unpaidOf(w, c).length === 0);
      return {
        say: "Righto, end of the month and I'm doing the rounds on the phone this arvo. Who's still owing us money that's gone past due? Just the company names mate, I'll sort the rest.",
        expect: [names(owing, clear, owing.length)],
      };
    },
  },
  {
    label: "how many invoices are overdue atm",
    engine: "finance",
    kind: "read",
    plan: (w) => ({ say: "how many invoices have we got overdue atm", expect: [count(w.invoices.filter(overdue).length, "overdue invoices")] }),
  },
  {
    label: "what's <a client with several unpaid invoices> into us for all up",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const client = [...clients(w)].sort((a, b) => unpaidOf(w, b).length - unpaidOf(w, a).length)[0]!;
      if (unpaidOf(w, client).length < 2) throw new Error("no client with two or more unpaid invoices");
      return {
        say: `What's ${shortClient(w, client)} into us for all up? Everything they haven't paid, overdue or not.`,
        expect: [money(dueSums(unpaidOf(w, client)), `amount ${client} still owes`)],
      };
    },
  },
  {
    label: "when was <an overdue invoice, short number> due again",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const inv = [...w.invoices.filter(overdue)].sort((a, b) => b.days_overdue - a.days_overdue)[0];
      if (!inv) throw new Error("no overdue invoice");
      return {
        say: `when was ${shortNumber(inv)} due again? ${shortClient(w, inv.client)} reckon they've still got heaps of time`,
        expect: [date(inv.due_date, `due date of ${inv.number}`)],
      };
    },
  },
  {
    label: "which invoices are still sitting in draft",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const drafts = w.invoices.filter((i) => i.status === "draft").map((i) => i.number);
      const issued = w.invoices.filter(unpaid).map((i) => i.number);
      return {
        say: "Which invoices have I got sitting in draft that haven't gone out yet? Pretty sure I started a few and never finished them.",
        expect: [names(drafts, issued, drafts.length)],
      };
    },
  },
  {
    label: "what's falling due in the next fortnight (issued only)",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const t = today(w);
      const end = addDays(t, 14);
      const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= t && i.due_date <= end).map((i) => i.number);
      const later = w.invoices.filter((i) => i.status === "open" && i.due_date > addDays(t, 15)).map((i) => i.number);
      return {
        say: "What's coming due over the next fortnight? Only the ones we've actually sent out, not the drafts.",
        expect: [names(soon, later, soon.length)],
      };
    },
  },
  {
    label: "total outstanding across every invoice, by currency",
    engine: "finance",
    kind: "figure",
    plan: (w) => ({
      say: "Accountant's chasing me before EOFY. All up, how much is outstanding across everything we've invoiced? Break it down by currency if there's more than one.",
      expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
    }),
  },
  {
    label: "<client> finally paid <an overdue invoice> in full, mark it paid",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(
        w.invoices,
        (i) => overdue(i) && i.amount_paid === 0 && unpaidOf(w, i.client).length === 1,
        "overdue invoice of a client with nothing else unpaid",
      );
      return {
        say: `${shortClient(w, inv.client)} finally coughed up for ${shortNumber(inv)}, cheque cleared this morning for the whole lot. Mark it paid and sort it will ya`,
        expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
      };
    },
  },
  {
    label: "<client> sent through $5k against <an overdue invoice>, record it",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(
        w.invoices,
        (i) => overdue(i) && i.amount_paid === 0 && i.amount_due > 8000 && unpaidOf(w, i.client).length >= 2,
        "overdue invoice owing more than 8,000 of a client with other unpaid ones",
      );
      const paid = Math.round((inv.amount_paid + 5000) * 100) / 100;
      const due = Math.round((inv.amount_due - 5000) * 100) / 100;
      return {
        say: `${shortClient(w, inv.client)} sent through $5k against ${inv.number} this arvo, said the rest is coming end of month. Can you record that payment for me?`,
        expect: [changed("invoice", inv.id, { amount_paid: about2(paid), amount_due: about2(due) }, inv.number)],
      };
    },
  },
  {
    label: "chuck an invoice together for <a client>, 4,500 bucks AUD, switchboard upgrade, due <d/m>",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const client = pick(clients(w), (c) => w.accounts.some((a) => a.name === c), "client that is also an account");
      const due = unambiguousDayAhead(w, 21);
      return {
        say: `Can you chuck an invoice together for ${client}? 4,500 bucks AUD for the switchboard upgrade at their office. Due ${dm(due)}.`,
        expect: [
          created("invoice", {
            client: is.containing(client.split(" ")[0]!),
            amount: 4500,
            currency: "AUD",
            due_date: due,
            description: is.containing("switchboard"),
          }),
        ],
      };
    },
  },
  {
    label: "<an open invoice> was raised by mistake, void it",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
      return {
        say: `Stuffed up — ${inv.number} to ${inv.client} was raised by mistake, I doubled up on it. Void it please.`,
        expect: [approval(/void/i, inv.id, inv.number)],
      };
    },
  },
  {
    label: "push the due date on <an open invoice> back a fortnight",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = [...w.invoices.filter((i) => i.status === "open")].sort((a, b) => b.due_date.localeCompare(a.due_date))[0];
      if (!inv) throw new Error("no open invoice");
      return {
        say: `${inv.client} rang, asked for a bit more time, cash flow's tight for them before Christmas. No worries — push the due date on ${shortNumber(inv)} back a fortnight.`,
        expect: [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 14) }, inv.number)],
      };
    },
  },
  {
    label: "<a client with several unpaid> paid one of theirs, mark it off (which one?)",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const client = pick(clients(w), (c) => unpaidOf(w, c).length >= 2, "client with two or more unpaid invoices");
      return { say: `${shortClient(w, client)} paid one of theirs this morning, mark it off`, expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "raise an invoice for <a client> for last week's job, no amount given",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const paidBefore = clients(w).filter((c) => w.invoices.some((i) => i.client === c && i.status === "paid"));
      const client = paidBefore[paidBefore.length - 1];
      if (!client) throw new Error("no client with a paid invoice");
      return {
        say: `Need an invoice raised for ${client} for the lighting job the boys knocked over last week, proper tradie hours on that one. Due in 14 days.`,
        expect: [noChange(), asksBack()],
      };
    },
  },
];

/* ---------- growth ---------- */

const growth: Case[] = [
  {
    label: "who've we got on file at <the account with the most contacts>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const acc = [...w.accounts].sort(
        (a, b) => w.contacts.filter((c) => c.account_id === b.id).length - w.contacts.filter((c) => c.account_id === a.id).length,
      )[0]!;
      const here = w.contacts.filter((c) => c.account_id === acc.id).map(fullName);
      const elsewhere = w.contacts.filter((c) => c.account_id !== acc.id).map(fullName);
      return {
        say: `Who've we got on file over at ${acc.name}? Names and what they do there.`,
        expect: [names(here, elsewhere, here.length)],
      };
    },
  },
  {
    label: "where's the <account with a single deal> deal sitting",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const sole = w.accounts.filter((a) => {
        const all = w.deals.filter((d) => d.account_id === a.id);
        return all.length === 1 && all[0]!.status === "open";
      });
      const acc = sole[sole.length - 1];
      if (!acc) throw new Error("no account with a single open deal");
      const deal = w.deals.find((d) => d.account_id === acc.id)!;
      return { say: `where's the ${shortClient(w, acc.name)} deal sitting at the moment?`, expect: [says(stageOf(w, deal).name)] };
    },
  },
  {
    label: "which deals are in negotiation right now, by company",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const neg = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name.toLowerCase() === "negotiation");
      if (!neg.length) throw new Error("no deal in negotiation");
      const inNeg = [...new Set(neg.map((d) => accountName(w, d.account_id)))].filter(Boolean);
      const notInNeg = w.accounts.filter((a) => !neg.some((d) => d.account_id === a.id)).map((a) => a.name);
      return {
        say: "Which deals have we got in negotiation right now? Just give me the company for each one.",
        expect: [names(inNeg, notInNeg, inNeg.length)],
      };
    },
  },
  {
    label: "how many contacts are still just leads",
    engine: "growth",
    kind: "read",
    plan: (w) => ({
      say: "how many of our contacts r still just leads? haven't looked at the CRM in weeks",
      expect: [count(w.contacts.filter((c) => c.lifecycle_stage === "lead").length, "leads")],
    }),
  },
  {
    label: "who's going through <the sequence> emails right now",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const seq = pick(w.sequences, (s) => w.enrollments.some((e) => e.sequence_id === s.id && e.status === "active"), "sequence with enrolments");
      const ids = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id));
      const inIt = w.contacts.filter((c) => ids.has(c.id)).map(fullName);
      const outOfIt = w.contacts.filter((c) => !ids.has(c.id)).map(fullName);
      return {
        say: `Who's currently getting the "${seq.name}" emails? Want to make sure I'm not doubling up when I ring round.`,
        expect: [names(inIt, outOfIt, inIt.length)],
      };
    },
  },
  {
    label: "who's tagged decision-maker at <an account>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const acc = pick(
        w.accounts,
        (a) => {
          const here = w.contacts.filter((c) => c.account_id === a.id);
          return here.filter((c) => c.tags.includes("decision-maker")).length >= 2 && here.some((c) => !c.tags.includes("decision-maker"));
        },
        "account with tagged and untagged contacts",
      );
      const here = w.contacts.filter((c) => c.account_id === acc.id);
      const tagged = here.filter((c) => c.tags.includes("decision-maker")).map(fullName);
      const untagged = here.filter((c) => !c.tags.includes("decision-maker")).map(fullName);
      return {
        say: `I need to ring someone at ${acc.name} about the quote — who've we got tagged as decision-makers over there?`,
        expect: [names(tagged, untagged, tagged.length)],
      };
    },
  },
  {
    label: "met a bloke from <an account> on site, add him as a contact",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const acc = w.accounts.find((a) => !!a.domain && a.name.startsWith("Globex")) ?? pick(w.accounts, (a) => !!a.domain, "account with a domain");
      const email = `dave.nguyen@${acc.domain}`;
      if (w.contacts.some((c) => c.email === email)) throw new Error("the new contact's email is taken");
      return {
        say: `Met a bloke from ${shortClient(w, acc.name)} on site today, Dave Nguyen, he's their new facilities manager. Email's ${email}, mobile 0412 345 678. Pop him in as a contact would ya.`,
        expect: [
          created("contact", {
            first_name: is.text("Dave"),
            last_name: is.text("Nguyen"),
            email,
            title: is.containing("facilities"),
            account_id: acc.id,
            phone: is.where("the number 0412 345 678 (any layout)", (v: string) => typeof v === "string" && v.replace(/\D/g, "").endsWith("412345678")),
          }),
        ],
      };
    },
  },
  {
    label: "<a lead contact> is a paying customer now, update them",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const c = pick(w.contacts, (x) => x.lifecycle_stage === "lead" && isUnique(w, x) && !!x.account_id, "lead with a unique name");
      return {
        say: `${fullName(c)} at ${accountName(w, c.account_id)} is a paying customer of ours now, can you update their status`,
        expect: [changed("contact", c.id, { lifecycle_stage: "customer" }, fullName(c))],
      };
    },
  },
  {
    label: "the <account> <deal topic> has gone to negotiation, move it along",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const neg = pick(stages(w), (s) => s.name.toLowerCase() === "negotiation", "negotiation stage");
      const deal = pick(
        w.deals,
        (d) =>
          d.status === "open" &&
          stageOf(w, d).name.toLowerCase() === "proposal" &&
          w.deals.filter((o) => o.account_id === d.account_id && topic(o.name) === topic(d.name)).length === 1,
        "open deal in proposal with a topic unique to its account",
      );
      return {
        say: `Had a yarn with ${accountName(w, deal.account_id)} this morning about the ${topic(deal.name).toLowerCase()} — they've come back on price so we're into negotiation now. Move it along in the pipeline.`,
        expect: [changed("deal", deal.id, { stage_id: neg.id }, deal.name)],
      };
    },
  },
  {
    label: "<account with two open deals> gave the <topic> the flick, mark it lost",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const two = w.accounts.filter((a) => openDeals(w, a.id).length >= 2);
      const acc = two[two.length - 1];
      if (!acc) throw new Error("no account with two open deals");
      const deal = pick(
        openDeals(w, acc.id),
        (d) => !topic(d.name).includes(":") && openDeals(w, acc.id).filter((o) => topic(o.name) === topic(d.name)).length === 1,
        "open deal with a plain topic unique to its account",
      );
      return {
        say: `${shortClient(w, acc.name)} have given the ${topic(deal.name).toLowerCase()} the flick, went with another mob. Mark that one lost.`,
        expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
      };
    },
  },
  {
    label: "<an account> want a quote on a lab fit-out, about $45k US, new deal",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const acc = pick(w.accounts, (a) => w.deals.some((d) => d.account_id === a.id && d.status === "lost"), "account with a lost deal");
      return {
        say: `${acc.name} are having another crack — they want a quote on a lab fit-out, reckon it's worth about $45k US. Chuck it in the pipeline as a new deal.`,
        expect: [
          created("deal", {
            account_id: acc.id,
            amount: 45000,
            currency: "USD",
            name: is.where('a name mentioning the fit-out ("fit")', (v: string) => typeof v === "string" && /fit/i.test(v)),
          }),
        ],
      };
    },
  },
  {
    label: "pop <a contact not enrolled> into <the sequence>",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
      const free = w.contacts.filter(
        (x) => isUnique(w, x) && !!x.email && !w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === x.id && e.status === "active"),
      );
      const c = free[free.length - 1];
      if (!c) throw new Error("no contact with a unique name outside the sequence");
      return {
        say: `Pop ${fullName(c)} from ${accountName(w, c.account_id)} into the ${seq.name} sequence, they've gone quiet on me since the site visit`,
        expect: [enrolled(seq.id, c.id, fullName(c))],
      };
    },
  },
  {
    label: "<account with two open deals> said yes, mark their deal won (which one?)",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const acc = pick(w.accounts, (a) => openDeals(w, a.id).length >= 2, "account with two open deals");
      return { say: `Good news mate, ${acc.name} said yes! Mark their deal as won.`, expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "change <a name two contacts share>'s mobile (which one?)",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const c = pick(w.contacts, (x) => !isUnique(w, x), "contact whose name another shares");
      return { say: `change ${fullName(c)}'s mobile to 0400 111 222, she texted me the new one`, expect: [noChange(), asksBack()] };
    },
  },
];

/* ---------- talent ---------- */

const talent: Case[] = [
  {
    label: "who's still in the running for <the job with most live candidates>",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const live = (jobId: string) => w.candidates.filter((c) => c.job_id === jobId && c.stage !== "rejected" && c.stage !== "hired");
      const job = [...openJobs(w)].sort((a, b) => live(b.id).length - live(a.id).length)[0];
      if (!job || !live(job.id).length) throw new Error("no open job with live candidates");
      const inIt = live(job.id).map(fullName);
      const others = w.candidates.filter((c) => c.job_id !== job.id).map(fullName);
      return {
        say: `Who's still in the running for the ${job.title.toLowerCase()} role? Anyone we haven't knocked back or already put on.`,
        expect: [names(inIt, others, inIt.length)],
      };
    },
  },
  {
    label: "where's <a candidate at interview> up to",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const c = pick(uniqueCandidates(w), (x) => x.stage === "interview", "candidate at interview");
      return { say: `where's ${fullName(c)} up to?`, expect: [says(c.stage)] };
    },
  },
  {
    label: "how many roles have we got open",
    engine: "talent",
    kind: "read",
    plan: (w) => ({ say: "how many roles have we got open at the moment?", expect: [count(openJobs(w).length, "open jobs")] }),
  },
  {
    label: "who've we got offers out to",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const offer = w.candidates.filter((c) => c.stage === "offer").map(fullName);
      const earlier = w.candidates.filter((c) => ["applied", "screening", "interview"].includes(c.stage)).map(fullName);
      return {
        say: "Who've we got offers out to at the moment? Don't want anyone slipping through the cracks over the break.",
        expect: [names(offer, earlier, offer.length)],
      };
    },
  },
  {
    label: "chuck a job ad up for a qualified sparky in Brisbane",
    engine: "talent",
    kind: "write",
    plan: () => ({
      say: "Flat out at the moment and need another pair of hands. Chuck a job ad up for a qualified sparky (A-grade electrician) — full time, based in Brisbane, goes in the Electrical team.",
      expect: [
        created("job", {
          title: is.where('a title naming the trade ("electric" or "sparky")', (v: string) => typeof v === "string" && /electric|sparky/i.test(v)),
          location: is.containing("Brisbane"),
          department: is.containing("electrical"),
          employment_type: "full_time",
          status: "open",
        }),
      ],
    }),
  },
  {
    label: "give <an applied candidate> the flick",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = pick(uniqueCandidates(w), (x) => x.stage === "applied", "candidate who applied");
      return {
        say: `Give ${fullName(c)} the flick, not what we're after for the ${jobTitle(w, c.job_id)} job.`,
        expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
      };
    },
  },
  {
    label: "<a candidate in screening> went well on the phone, move them to interview",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = pick(uniqueCandidates(w), (x) => x.stage === "screening", "candidate in screening");
      return {
        say: `Had a chat on the phone with ${fullName(c)} between jobs today, went really well. Move them through to interview and I'll organise a time to meet on site.`,
        expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
      };
    },
  },
  {
    label: "new referral applicant for <an open job>: Sam Whitfield",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const job = pick(openJobs(w), (j) => !w.candidates.some((c) => c.job_id === j.id && c.email === "sam.whitfield@outlook.com"), "open job");
      return {
        say: `New applicant for the ${job.title} job: Sam Whitfield, sam.whitfield@outlook.com. Came through a referral from one of the tradies we sub out to. Add him in.`,
        expect: [
          created("candidate", {
            job_id: job.id,
            first_name: is.text("Sam"),
            last_name: is.text("Whitfield"),
            email: "sam.whitfield@outlook.com",
            source: is.containing("referral"),
          }),
        ],
      };
    },
  },
  {
    label: "close off the job ad, we've got enough applicants (which one?)",
    engine: "talent",
    kind: "question",
    plan: (w) => {
      if (openJobs(w).length < 2) throw new Error("fewer than two open jobs");
      return { say: "We've got heaps of applicants now, close off the job ad.", expect: [noChange(), asksBack()] };
    },
  },
];

/* ---------- intelligence ---------- */

const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot");
  return w.snapshot;
};

const intelligence: Case[] = [
  {
    label: "how're we tracking on win rate, last 90 days",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "how're we tracking on winning work? what's the win rate on deals over the last 90 days",
      expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
    }),
  },
  {
    label: "what's DSO on the US dollar invoices",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
      return {
        say: "My accountant keeps banging on about debtor days. What's our DSO sitting at on the US dollar invoices?",
        expect: [figure(usd.days_sales_outstanding, "days sales outstanding in USD")],
      };
    },
  },
  {
    label: "what's the pipeline worth weighted by the odds",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const totals: Record<string, number> = {};
      for (const t of snap(w).growth.pipeline.totals) totals[t.currency] = t.weighted_value;
      return {
        say: "Bank manager wants a feel for the next few months. What's the sales pipeline worth weighted — you know, factoring in the odds of each one actually landing?",
        expect: [money(totals, "weighted pipeline")],
      };
    },
  },
  {
    label: "how many people have we put on in the last 12 months",
    engine: "intelligence",
    kind: "read",
    plan: (w) => ({
      say: "Doing the numbers for the insurance renewal. How many people have we actually put on (hired) in the last 12 months?",
      expect: [count(snap(w).talent.hires_last_365_days, "hires in the last year")],
    }),
  },
  {
    label: "set our EOFY revenue target to $1.2 mil",
    engine: "intelligence",
    kind: "question",
    plan: () => ({ say: "Set our EOFY revenue target to $1.2 mil so I can see how we're tracking against it each week.", expect: [noChange()] }),
  },
];

export const CASES: Case[] = [...finance, ...growth, ...talent, ...intelligence];
