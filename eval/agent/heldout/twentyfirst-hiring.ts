/*
 * Blind set: an engineering hiring manager who owns a few reqs, runs loops and
 * sits on the leadership team (so now and then asks about money and deals).
 * Terse, jargon-heavy ("req", "onsite", "loop", "pass on", "bump"), and records
 * are chosen from the world at run time.
 */
import { approval, asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  candidatesOf,
  clientNames,
  dealsOf,
  dueSums,
  fullName,
  jobNamed,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageOf,
  stages,
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Candidate, World } from "../world.ts";

/* ---------- helpers ---------- */

const ACTIVE = ["applied", "screening", "interview", "offer"];
const active = (c: Candidate) => ACTIVE.includes(c.stage);
const backend = (w: World) => jobNamed(w, "backend");
const designer = (w: World) => jobNamed(w, "designer");
const ae = (w: World) => jobNamed(w, "account executive");
const others = (w: World, keep: Candidate[]) => w.candidates.filter((c) => !keep.includes(c)).map(fullName);
/** How a busy person names a candidate: the first name when nobody else has it, else the full name. */
const shortName = (w: World, c: Candidate) =>
  w.candidates.filter((o) => o.first_name.toLowerCase() === c.first_name.toLowerCase()).length === 1 ? c.first_name : fullName(c);
/** The same, by last name. */
const lastName = (w: World, c: Candidate) =>
  w.candidates.filter((o) => o.last_name.toLowerCase() === c.last_name.toLowerCase()).length === 1 ? c.last_name : fullName(c);
const candidateIn = (w: World, jobId: string, stage: string, what: string) => pick(candidatesOf(w, jobId), (c) => c.stage === stage, what);
const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

export const CASES: Case[] = [
  /* ================= talent: reads ================= */
  {
    label: "who's still live on the backend req (not rejected, not hired)",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const live = candidatesOf(w, backend(w).id).filter(active);
      const elsewhere = w.candidates.filter((c) => c.job_id !== backend(w).id);
      return {
        say: "who's still live on the backend req? skip anyone we already passed on or hired",
        expect: [names(live.map(fullName), elsewhere.map(fullName), live.length)],
      };
    },
  },
  {
    label: "how many folks are at onsite stage across every req",
    engine: "talent",
    kind: "read",
    plan: (w) => ({
      say: "how many folks are at the onsite stage right now? all reqs, not just mine",
      expect: [count(w.candidates.filter((c) => c.stage === "interview").length, "candidates at interview")],
    }),
  },
  {
    label: "what rating did <the backend candidate at interview> get",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const c = pick(candidatesOf(w, backend(w).id), (x) => x.stage === "interview" && x.rating !== null, "rated backend candidate at interview");
      return { say: `what'd we score ${fullName(c)} at? just the rating`, expect: [count(c.rating!, "rating")] };
    },
  },
  {
    label: "list the referrals across the open reqs",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const openJobs = new Set(w.jobs.filter((j) => j.status === "open").map((j) => j.id));
      const refs = w.candidates.filter((c) => openJobs.has(c.job_id) && (c.source ?? "").toLowerCase() === "referral");
      return {
        say: "pull up every referral we've got on the open reqs, whatever stage they're in",
        expect: [names(refs.map(fullName), others(w, refs), refs.length)],
      };
    },
  },
  {
    label: "how many reqs are open",
    engine: "talent",
    kind: "read",
    plan: (w) => ({
      say: "how many open reqs do we have at the moment?",
      expect: [count(w.jobs.filter((j) => j.status === "open").length, "open jobs")],
    }),
  },
  {
    label: "anyone rated 4+ still in play for the backend opening",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const all = candidatesOf(w, backend(w).id);
      const strong = all.filter((c) => active(c) && (c.rating ?? 0) >= 4);
      return {
        say: "backend opening — anyone rated 4 or better who's still in play?",
        expect: [names(strong.map(fullName), all.filter((c) => !strong.includes(c)).map(fullName))],
      };
    },
  },
  {
    label: "who did we end up hiring for the designer role",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const hired = candidatesOf(w, designer(w).id).filter((c) => c.stage === "hired");
      return { say: "who did we end up hiring for product design?", expect: [names(hired.map(fullName))] };
    },
  },
  {
    label: "who's sitting at offer, all roles",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const atOffer = w.candidates.filter((c) => c.stage === "offer");
      return {
        say: "who has an offer out right now? all roles, not just eng",
        expect: [names(atOffer.map(fullName), others(w, atOffer), atOffer.length)],
      };
    },
  },
  {
    label: "how many candidates came from LinkedIn, all-time",
    engine: "talent",
    kind: "read",
    plan: (w) => ({
      say: "total candidates sourced off LinkedIn, every req, rejects and hires included. just need the number",
      expect: [count(w.candidates.filter((c) => (c.source ?? "").toLowerCase() === "linkedin").length, "LinkedIn candidates")],
    }),
  },
  {
    label: "which department and location is the AE req under",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const job = ae(w);
      if (!job.department || !job.location) throw new Error("AE job without department or location");
      return {
        say: "the Account Executive req, which dept does it sit under and where's it based?",
        expect: [says(job.department), says(job.location)],
      };
    },
  },
  {
    label: "how many have we passed on for the AE role, and who",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const rejected = candidatesOf(w, ae(w).id).filter((c) => c.stage === "rejected");
      return {
        say: "AE role: how many did we pass on so far, and who were they",
        expect: [count(rejected.length, "rejected AE candidates"), names(rejected.map(fullName), [], rejected.length)],
      };
    },
  },

  /* ================= talent: writes ================= */
  {
    label: "bump <backend candidate at interview> to offer after the loop",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = candidateIn(w, backend(w).id, "interview", "backend candidate at interview");
      return {
        say: `loop went great for ${shortName(w, c)} on backend, bump to offer`,
        expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))],
      };
    },
  },
  {
    label: "move <backend candidate at screening> to the onsite",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = candidateIn(w, backend(w).id, "screening", "backend candidate at screening");
      return {
        say: `${fullName(c)} cleared the phone screen. move to onsite pls`,
        expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
      };
    },
  },
  {
    label: "pass on <backend applicant>",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = candidateIn(w, backend(w).id, "applied", "backend applicant");
      return {
        say: `pass on ${fullName(c)} for the backend role, not enough distributed systems depth`,
        expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
      };
    },
  },
  {
    label: "get <AE applicant> onto a phone screen",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = candidateIn(w, ae(w).id, "applied", "AE applicant");
      return {
        say: `can we get ${fullName(c)} (AE) into screening`,
        expect: [changed("candidate", c.id, { stage: "screening" }, fullName(c))],
      };
    },
  },
  {
    label: "close the product designer req, not hiring for it anymore",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const job = designer(w);
      return {
        say: `we're not backfilling the ${job.title} role anymore, close the req`,
        expect: [changed("job", job.id, { status: "closed" }, job.title)],
      };
    },
  },
  {
    label: "spin up a req for a staff engineer in Berlin",
    engine: "talent",
    kind: "write",
    plan: () => ({
      say: "spin up a req for a Staff Engineer (IC, L6), Berlin, Engineering dept, full time",
      expect: [
        created("job", {
          title: is.where('a title with "staff" and "engineer"', (t: string) => /staff/i.test(t) && /engineer/i.test(t)),
          location: is.containing("berlin"),
          department: is.containing("engineering"),
          employment_type: "full_time",
          status: "open",
        }),
      ],
    }),
  },
  {
    label: "add the person Sam referred to the backend req",
    engine: "talent",
    kind: "write",
    plan: (w) => ({
      say: "Sam referred someone for the backend opening: Edsger Dijkstra, e.dijkstra@fastmail.com. add him as a referral",
      expect: [
        created("candidate", {
          job_id: backend(w).id,
          first_name: is.text("Edsger"),
          last_name: is.text("Dijkstra"),
          email: "e.dijkstra@fastmail.com",
          source: is.containing("referr"),
        }),
      ],
    }),
  },
  {
    label: "re-score <a backend candidate> after the debrief",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = pick(candidatesOf(w, backend(w).id), (x) => active(x) && x.rating !== null && x.rating <= 3, "backend candidate rated 3 or less");
      const to = c.rating! + 2;
      return {
        say: `after the debrief I'm moving ${lastName(w, c)} to a ${to}. update the rating`,
        expect: [changed("candidate", c.id, { rating: to }, fullName(c))],
      };
    },
  },
  {
    label: "<designer candidate at offer> signed, mark hired",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = candidateIn(w, designer(w).id, "offer", "designer candidate at offer");
      return {
        say: `${fullName(c)} signed! mark as hired`,
        expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
      };
    },
  },
  {
    label: "leave interview feedback as a note on <designer candidate at interview>",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = candidateIn(w, designer(w).id, "interview", "designer candidate at interview");
      return {
        say: `note on ${fullName(c)}: portfolio strong, shaky on design systems, want a second opinion before deciding`,
        expect: [changed("candidate", c.id, { notes: is.containing("portfolio") }, fullName(c))],
      };
    },
  },
  {
    label: "un-reject <a rejected AE candidate>, put back in the pipeline",
    engine: "talent",
    kind: "write",
    plan: (w) => {
      const c = candidateIn(w, ae(w).id, "rejected", "rejected AE candidate");
      return {
        say: `we bounced ${fullName(c)} too fast on the AE req. put them back in the pipeline`,
        expect: [changed("candidate", c.id, { stage: "applied" }, fullName(c))],
      };
    },
  },

  /* ================= talent: must not act ================= */
  {
    label: "close my req (which one?)",
    engine: "talent",
    kind: "question",
    plan: () => ({ say: "close out my req, we're done", expect: [noChange(), asksBack()] }),
  },
  {
    label: "bump the person Sam referred to the onsite (who?)",
    engine: "talent",
    kind: "question",
    plan: () => ({ say: "bump the person Sam referred to the onsite", expect: [noChange(), asksBack()] }),
  },
  {
    label: "pass on the backend referral when there are several",
    engine: "talent",
    kind: "question",
    plan: (w) => {
      const refs = candidatesOf(w, backend(w).id).filter((c) => active(c) && (c.source ?? "").toLowerCase() === "referral");
      if (refs.length < 2) throw new Error("fewer than two live referrals on the backend job");
      return { say: "pass on the referral for backend", expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "send <backend candidate already at offer> to the onsite",
    engine: "talent",
    kind: "question",
    plan: (w) => {
      const c = candidateIn(w, backend(w).id, "offer", "backend candidate at offer");
      return { say: `bump ${fullName(c)} to the onsite`, expect: [noChange()] };
    },
  },
  {
    label: "give <a candidate> a 7 (scale is 1-5)",
    engine: "talent",
    kind: "question",
    plan: (w) => {
      const c = pick(w.candidates, (x) => active(x) && x.rating !== null && x.rating < 5, "live candidate rated under 5");
      return { say: `put ${fullName(c)} down as a 7`, expect: [noChange()] };
    },
  },
  {
    label: "open a new req in Berlin with no title",
    engine: "talent",
    kind: "question",
    plan: () => ({ say: "open a new req for me in Berlin", expect: [noChange(), asksBack()] }),
  },

  /* ================= finance ================= */
  {
    label: "total we're owed right now, per currency",
    engine: "finance",
    kind: "read",
    plan: (w) => ({
      say: "leadership sync in 10 — what's the total we're still owed on invoices? by currency",
      expect: [money(dueSums(w.invoices.filter(unpaid)), "amount still owed")],
    }),
  },
  {
    label: "what does <a client with one unpaid invoice> owe us",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const client = pick(clientNames(w), (c) => ofClient(w, c).filter(unpaid).length === 1, "client with one unpaid invoice");
      return {
        say: `how much does ${client} owe us?`,
        expect: [money(dueSums(ofClient(w, client).filter(unpaid)), `owed by ${client}`)],
      };
    },
  },
  {
    label: "<client> wired <an overdue invoice>, mark paid",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "untouched overdue invoice");
      return {
        say: `FYI finance says ${inv.client} wired ${shortNumber(inv)} in full. mark it paid`,
        expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
      };
    },
  },
  {
    label: "void <an open invoice> raised by mistake",
    engine: "finance",
    kind: "write",
    plan: (w) => {
      const inv = pick(w.invoices, (i) => i.status === "open" && i.amount_paid === 0, "open invoice with nothing paid");
      return {
        say: `${inv.number} to ${inv.client} was raised by mistake, void it`,
        expect: [approval(/void/i, inv.id, inv.number)],
      };
    },
  },
  {
    label: "mark the <client with several unpaid invoices> invoice paid (which one?)",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const client = pick(clientNames(w), (c) => ofClient(w, c).filter(unpaid).length >= 2, "client with several unpaid invoices");
      const short = client.split(" ")[0]!;
      return { say: `the ${short} invoice is paid, mark it`, expect: [noChange(), asksBack()] };
    },
  },

  /* ================= growth ================= */
  {
    label: "which deals are in negotiation",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const deals = w.deals.filter((d) => d.status === "open" && stageOf(w, d).name === "Negotiation");
      const accounts = [...new Set(deals.map((d) => pick(w.accounts, (a) => a.id === d.account_id, "deal account").name))];
      return { say: "what's sitting in negotiation right now?", expect: [names(accounts, [], accounts.length)] };
    },
  },
  {
    label: "biggest open deal and its size",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const open = w.deals.filter((d) => d.status === "open" && d.amount !== null);
      const top = open.reduce((a, b) => (b.amount! > a.amount! ? b : a), open[0]!);
      if (!top) throw new Error("no open deal with an amount");
      const account = pick(w.accounts, (a) => a.id === top.account_id, "account of the biggest deal").name;
      return {
        say: "what's the single biggest deal we have open, and how big",
        expect: [names([account]), money({ [top.currency]: top.amount! }, "deal size")],
      };
    },
  },
  {
    label: "when is <an account's only deal> expected to close",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const fits = w.accounts.filter((a) => {
        const deals = dealsOf(w, a.id);
        return deals.length === 1 && deals[0]!.status === "open" && deals[0]!.expected_close_date !== null;
      });
      const account = fits[fits.length - 1];
      if (!account) throw new Error("no account with a single open, dated deal");
      const deal = dealsOf(w, account.id)[0]!;
      return { say: `when's the ${account.name} deal supposed to close?`, expect: [date(deal.expected_close_date!.slice(0, 10), "expected close date")] };
    },
  },
  {
    label: "<account with one open deal> signed, move the deal to closed won",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const account = pick(
        w.accounts,
        (a) => {
          const deals = dealsOf(w, a.id);
          return deals.length === 1 && deals[0]!.status === "open";
        },
        "account with a single open deal",
      );
      const deal = dealsOf(w, account.id)[0]!;
      const won = pick(stages(w), (s) => s.kind === "won", "won stage");
      return {
        say: `${account.name.split(" ")[0]} signed this morning, move their deal to closed won`,
        expect: [changed("deal", deal.id, { status: "won", stage_id: won.id }, deal.name)],
      };
    },
  },
  {
    label: "drop <a contact not in the sequence> into the lead follow-up sequence",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
      const inIt = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id));
      const c = pick(uniqueContacts(w), (x) => !inIt.has(x.id) && x.account_id !== null, "unique contact outside the sequence");
      const account = pick(w.accounts, (a) => a.id === c.account_id, "contact's account").name;
      return {
        say: `met ${fullName(c)} from ${account} at the offsite, put them in the "${seq.name}" sequence`,
        expect: [enrolled(seq.id, c.id, fullName(c))],
      };
    },
  },

  /* ================= figures ================= */
  {
    label: "deal win rate over the last 90 days",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "what's our win rate on deals, trailing 90 days?",
      expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")],
    }),
  },
  {
    label: "weighted pipeline value",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const weighted: Record<string, number> = {};
      for (const t of snapshot(w).growth.pipeline.totals) weighted[t.currency] = t.weighted_value;
      return { say: "give me the weighted pipeline number for the board deck", expect: [money(weighted, "weighted pipeline")] };
    },
  },
  {
    label: "median time to hire over the last year",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "median time-to-hire over the last 12 months, in days?",
      expect: [figure(snapshot(w).talent.median_days_to_hire, "median days to hire")],
    }),
  },
  {
    label: "how many hires in the last year",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "how many hires have we actually closed in the past year, company-wide",
      expect: [figure(snapshot(w).talent.hires_last_365_days, "hires in the last 365 days")],
    }),
  },
];
