import { about, approval, asksBack, changed, count, created, enrolled, figure, is, money, names, noChange, says, unenrolled, type Case } from "../judge.ts";
import {
  accountNamed,
  addDays,
  dealsOf,
  dueSums,
  enrolledContacts,
  fullName,
  jobNamed,
  names as personNames,
  numbers,
  ofClient,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  stages,
  today,
  uniqueContacts,
  unpaid,
  clientWithUnpaid,
  soleOpenDeal,
  dealTopic,
} from "../facts.ts";
import type { Contact, Deal, World } from "../world.ts";

/*
 * Keyword persona: a busy ops person who types into the chat box as into a
 * search box or a command line. Terse fragments, lower case, abbreviations
 * (inv, acct, seq, cand, req, amt), the odd typo, slashes and arrows.
 */

/** "Stark Logistics" -> "stark": how this persona names a company. */
const short = (name: string) => name.split(" ")[0]!.toLowerCase();
const lower = (s: string) => s.toLowerCase();
/** "INV-000012" -> "12". */
const bare = (num: string) => num.replace(/^INV-0*/, "");
const accountName = (w: World, id: string | null) => (id ? (w.accounts.find((a) => a.id === id)?.name ?? "") : "");
const activeSequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");
/** "New lead follow-up" -> "new lead f/up": the sequence as this persona shortens it. */
const seqShort = (name: string) => lower(name).replace("follow-up", "f/up");

export const CASES: Case[] = [
  /* ==================== finance: reads ==================== */
  about("finance", "read", "overdue invoices for <a client with two or more overdue>", (w) => {
    const withTwo = (c: string) => w.invoices.filter((i) => i.client === c && overdue(i)).length >= 2;
    const clients = [...new Set(w.invoices.map((i) => i.client))];
    const client = clients.find((c) => c.startsWith("Globex") && withTwo(c)) ?? pick(clients, withTwo, "client with two overdue invoices");
    const mine = w.invoices.filter((i) => i.client === client && overdue(i));
    const others = w.invoices.filter((i) => !(i.client === client && overdue(i)) && (overdue(i) || i.client === client));
    return { say: `overdue invoices ${short(client)}`, expect: [names(numbers(mine), numbers(others), mine.length)] };
  }),
  about("finance", "read", "<client> owes? (what is still due, per currency)", (w) => {
    const mine = ofClient(w, "Stark").filter(unpaid);
    if (!mine.length) throw new Error("no unpaid Stark invoices");
    return { say: "stark owes?", expect: [money(dueSums(mine), "amount Stark still owes")] };
  }),
  about("finance", "read", "inv <n> status, for a voided invoice", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "void", "void invoice");
    return { say: `inv ${bare(inv.number)} status`, expect: [says("void")] };
  }),
  about("finance", "read", "balance left on <a part-paid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0 && i.amount_due > 0, "part-paid invoice");
    return { say: `${shortNumber(inv).toLowerCase()} - whats left to pay`, expect: [money({ [inv.currency]: inv.amount_due }, "amount still due")] };
  }),
  about("finance", "read", "open invoices falling due in the next two weeks", (w) => {
    const t = today(w);
    const soon = w.invoices.filter((i) => i.status === "open" && i.due_date >= t && i.due_date <= addDays(t, 14));
    // open ones due comfortably after the window, and the ones already late, are not "due next 2 wks"
    const later = w.invoices.filter((i) => i.status === "open" && i.due_date > addDays(t, 16));
    const late = w.invoices.filter(overdue);
    if (!soon.length) throw new Error("no open invoice due in the next 14 days");
    return { say: "invs due nxt 2 wks", expect: [names(numbers(soon), numbers([...later, ...late]), soon.length)] };
  }),
  about("finance", "read", "how many invoices are overdue", (w) => ({
    say: "# overdue invs?",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),

  /* ==================== finance: writes ==================== */
  about("finance", "write", "mark <an unpaid overdue invoice> paid", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0 && i.currency === "USD", "untouched overdue USD invoice");
    return { say: `mark ${shortNumber(inv)} paid`, expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)] };
  }),
  about("finance", "write", "void <an open invoice> (waits for approval)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return { say: `void inv ${bare(inv.number)}`, expect: [approval(/void/i, inv.id, inv.number)] };
  }),
  about("finance", "write", "new invoice for <an account>: 2500 usd, net 30", (w) => {
    const acct = accountNamed(w, "Initech");
    return {
      say: `new inv: ${lower(acct.name)} / 2500 usd / net 30 / consulting`,
      expect: [created("invoice", { client: is.text(acct.name), amount: 2500, currency: "USD", due_date: addDays(today(w), 30) })],
    };
  }),
  about("finance", "write", "record a partial payment of 2k GBP against <an overdue GBP invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.currency === "GBP" && i.amount_paid === 0 && i.amount_due > 3000, "overdue GBP invoice over 3000");
    return {
      say: `rcvd £2k from ${short(inv.client)} agst inv ${bare(inv.number)}`,
      expect: [changed("invoice", inv.id, { amount_paid: 2000, status: is.not("paid") }, inv.number)],
    };
  }),

  /* ==================== growth: reads ==================== */
  about("growth", "read", "accounts based in the US", (w) => {
    const us = w.accounts.filter((a) => a.country === "US");
    const rest = w.accounts.filter((a) => a.country !== "US");
    if (!us.length) throw new Error("no US account");
    return {
      say: "accts - US only",
      expect: [
        names(
          us.map((a) => a.name),
          rest.map((a) => a.name),
          us.length,
        ),
      ],
    };
  }),
  about("growth", "read", "contacts at <an account with several contacts>", (w) => {
    const acct = accountNamed(w, "Stark");
    const mine = w.contacts.filter((c) => c.account_id === acct.id);
    const others = w.contacts.filter((c) => c.account_id !== acct.id);
    return { say: `contacts @ ${short(acct.name)}`, expect: [names(personNames(mine), personNames(others), mine.length)] };
  }),
  about("growth", "read", "contacts tagged decision-maker", (w) => {
    const tagged = w.contacts.filter((c) => c.tags.includes("decision-maker"));
    const rest = w.contacts.filter((c) => !c.tags.includes("decision-maker"));
    if (!tagged.length) throw new Error("no decision-maker contact");
    return { say: "decision-maker contacts", expect: [names(personNames(tagged), personNames(rest), 4)] };
  }),
  about("growth", "read", "total value of open deals in the Proposal stage", (w) => {
    const stage = stageNamed(w, "Proposal");
    const deals = w.deals.filter((d) => d.status === "open" && d.stage_id === stage.id);
    const sums: Record<string, number> = {};
    for (const d of deals) sums[d.currency] = Math.round(((sums[d.currency] ?? 0) + (d.amount ?? 0)) * 100) / 100;
    return { say: "deals proposal stage total", expect: [money(sums, "value of deals in Proposal")] };
  }),
  about("growth", "read", "how many open deals are expected to close in the next 30 days", (w) => {
    const t = today(w);
    const soon = w.deals.filter((d) => d.status === "open" && d.expected_close_date && d.expected_close_date >= t && d.expected_close_date <= addDays(t, 30));
    return { say: "deals closing next 30d - how many", expect: [count(soon.length, "open deals closing within 30 days")] };
  }),
  about("growth", "read", "the stages of the sales pipeline", (w) => {
    const p = pick(w.pipelines, (x) => x.stages.length > 0, "pipeline with stages");
    return {
      say: "pipeline stages?",
      expect: [
        names(
          p.stages.map((s) => s.name),
          [],
          p.stages.length,
        ),
      ],
    };
  }),
  about("growth", "read", "who is enrolled in <the active sequence>", (w) => {
    const seq = activeSequence(w);
    const inIt = enrolledContacts(w, seq.id);
    const inNames = new Set(personNames(inIt));
    const out = w.contacts.filter((c) => !inNames.has(fullName(c)));
    if (!inIt.length) throw new Error("nobody enrolled");
    return { say: `whos in ${seqShort(seq.name)} seq`, expect: [names([...inNames], personNames(out), 4)] };
  }),
  about("growth", "read", "amount of <the only deal of an account>", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return { say: `${short(account)} deal amt`, expect: [money({ [deal.currency]: deal.amount ?? 0 }, `value of ${deal.name}`)] };
  }),

  /* ==================== growth: writes ==================== */
  about("growth", "write", "new contact at <an account> with name, email and title", (w) => {
    const acct = pick(w.accounts, (a) => a.name.startsWith("Initech") && !!a.domain, "Initech with a domain");
    const email = `priya.nair@${acct.domain}`;
    return {
      say: `new contact: priya nair, ${email}, ${lower(acct.name)}, cfo`,
      expect: [created("contact", { first_name: is.text("Priya"), last_name: is.text("Nair"), email, account_id: acct.id, title: is.text("CFO") })],
    };
  }),
  about("growth", "write", "change <a contact>'s title to VP Finance", (w) => {
    const c = pick(uniqueContacts(w), (x) => x.title !== "VP Finance" && /controller/i.test(x.title ?? ""), "uniquely named controller");
    return { say: `${lower(fullName(c))} title -> VP Finance`, expect: [changed("contact", c.id, { title: is.text("VP Finance") }, fullName(c))] };
  }),
  about("growth", "write", "move <an account's deal in Proposal> on to Negotiation", (w) => {
    const deal = pick(
      w.deals,
      (d) => d.status === "open" && stageOf(w, d).name === "Proposal" && !!d.account_id && dealsOf(w, d.account_id).length > 1,
      "proposal-stage deal of an account with several deals",
    );
    const target = stageNamed(w, "Negotiation");
    return {
      say: `${short(accountName(w, deal.account_id))} ${lower(dealTopic(deal))} -> negotiation`,
      expect: [changed("deal", deal.id, { stage_id: target.id }, deal.name)],
    };
  }),
  about("growth", "write", "<account>'s one open deal: closed won", (w) => {
    // an account with a single open deal next to closed ones, so "the deal" designates it (lost ones beside it first)
    const fits = (lostOnly: boolean) => (a: { id: string }) => {
      const ds = dealsOf(w, a.id);
      const closed = ds.filter((d) => d.status !== "open");
      return closed.length > 0 && ds.length - closed.length === 1 && (!lostOnly || closed.every((d) => d.status === "lost"));
    };
    const acct = w.accounts.find(fits(true)) ?? pick(w.accounts, fits(false), "account with one open deal and closed ones");
    const deal = pick(dealsOf(w, acct.id), (d: Deal) => d.status === "open", "open deal");
    const won = pick(
      stages(w),
      (s) => s.kind === "won" && w.pipelines.some((p) => p.stages.some((x) => x.id === deal.stage_id) && p.stages.some((x) => x.id === s.id)),
      "won stage",
    );
    return {
      say: `${short(acct.name)} deal - closed won`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "pause <the active sequence>", (w) => {
    const seq = activeSequence(w);
    return { say: `pause ${seqShort(seq.name)} seq`, expect: [changed("sequence", seq.id, { status: "paused" }, seq.name)] };
  }),
  about("growth", "write", "enrol <a uniquely named contact> in <the active sequence>", (w) => {
    const seq = activeSequence(w);
    const inIt = new Set(w.enrollments.filter((e) => e.sequence_id === seq.id && e.status === "active").map((e) => e.contact_id));
    const pool = uniqueContacts(w).filter((c) => !inIt.has(c.id));
    const c: Contact | undefined = pool[pool.length - 1];
    if (!c) throw new Error("no uniquely named contact outside the sequence");
    return { say: `enroll ${lower(fullName(c))} in ${seqShort(seq.name)}`, expect: [enrolled(seq.id, c.id, fullName(c))] };
  }),
  about("growth", "write", "take <an enrolled contact, named with its company> out of <the active sequence>", (w) => {
    const seq = activeSequence(w);
    const inIt = enrolledContacts(w, seq.id).filter((c) => c.account_id);
    const c = inIt.find((x) => /noah/i.test(x.first_name)) ?? inIt[0];
    if (!c) throw new Error("nobody with an account enrolled");
    return {
      say: `unenroll ${lower(fullName(c))}/${short(accountName(w, c.account_id))} from ${seqShort(seq.name)} seq`,
      expect: [unenrolled(seq.id, c.id, `${fullName(c)} (${accountName(w, c.account_id)})`)],
    };
  }),

  /* ==================== talent: reads ==================== */
  about("talent", "read", "candidates for the backend engineering job", (w) => {
    const job = jobNamed(w, "Backend");
    const mine = w.candidates.filter((c) => c.job_id === job.id);
    const others = w.candidates.filter((c) => c.job_id !== job.id);
    return { say: "candidates backend role", expect: [names(personNames(mine), personNames(others), mine.length)] };
  }),
  about("talent", "read", "candidates currently at the interview stage", (w) => {
    const at = w.candidates.filter((c) => c.stage === "interview");
    const rest = w.candidates.filter((c) => c.stage !== "interview");
    if (!at.length) throw new Error("nobody at interview");
    return { say: "cands @ interview stage", expect: [names(personNames(at), personNames(rest), at.length)] };
  }),
  about("talent", "read", "which jobs are open", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const closed = w.jobs.filter((j) => j.status !== "open");
    return {
      say: "open reqs",
      expect: [
        names(
          open.map((j) => j.title),
          closed.map((j) => j.title),
          open.length,
        ),
      ],
    };
  }),
  about("talent", "read", "what stage <a candidate> is at", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "applied", "applied candidate");
    return { say: `${lower(fullName(c))} - stage?`, expect: [says(c.stage)] };
  }),

  /* ==================== talent: writes ==================== */
  about("talent", "write", "reject <an applied candidate>", (w) => {
    const applied = w.candidates.filter((c) => c.stage === "applied" && w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1);
    const c = applied[applied.length - 1];
    if (!c) throw new Error("no uniquely named applied candidate");
    return { say: `reject ${lower(fullName(c))}`, expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  about("talent", "write", "move <a candidate in screening> to interview", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "screening", "candidate in screening");
    return { say: `${lower(fullName(c))} -> interview`, expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))] };
  }),
  about("talent", "write", "add a referral candidate to the designer job", (w) => {
    const job = jobNamed(w, "Designer");
    if (job.status !== "open") throw new Error("designer job is closed");
    return {
      say: `new cand - product desginer: ada lovelace, ada@lovelace.dev, src referral`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Ada"),
          last_name: is.text("Lovelace"),
          email: "ada@lovelace.dev",
          source: is.containing("referral"),
        }),
      ],
    };
  }),

  /* ==================== intelligence: figures ==================== */
  about("intelligence", "figure", "win rate", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    return { say: "win rate", expect: [figure(w.snapshot.growth.last_90_days.win_rate, "win rate over the last 90 days", "percent")] };
  }),
  about("intelligence", "figure", "days sales outstanding, per currency", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    const withDso = w.snapshot.finance.currencies.filter((c) => c.days_sales_outstanding !== null);
    if (!withDso.length) throw new Error("no DSO in the snapshot");
    return { say: "dsos?", expect: withDso.map((c) => figure(c.days_sales_outstanding, `DSO in ${c.currency} (days)`)) };
  }),
  about("intelligence", "figure", "open pipeline value and weighted value", (w) => {
    if (!w.snapshot) throw new Error("no snapshot");
    const totals = w.snapshot.growth.pipeline.totals;
    return {
      say: "pipeline $ - total / weighted",
      expect: [
        money(Object.fromEntries(totals.map((t) => [t.currency, t.open_value])), "open pipeline value"),
        money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline value"),
      ],
    };
  }),
  about("intelligence", "figure", "total outstanding receivables by currency", (w) => ({
    say: "total outstanding by ccy",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding (unpaid open and overdue invoices)")],
  })),

  /* ==================== must not act ==================== */
  about("growth", "question", "update the deal (which deal, what change?)", () => ({ say: "update the deal", expect: [noChange()] })),
  about("growth", "question", "delete contact (no contact named)", () => ({ say: "delete contact", expect: [noChange()] })),
  about("growth", "question", "retitle a contact whose name two contacts share", (w) => {
    const dup = pick(
      w.contacts,
      (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1 && c.title !== "CTO",
      "contact name shared by two contacts",
    );
    return { say: `${lower(fullName(dup))} title -> cto`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "void <a client>'s invoice when it has two unpaid ones", (w) => {
    const client = clientWithUnpaid(w, 2);
    return { say: `void ${short(client)} inv`, expect: [noChange()] };
  }),
  about("finance", "question", "new invoice for a client with no amount", (w) => {
    const acct = accountNamed(w, "Globex");
    return { say: `new inv ${short(acct.name)}`, expect: [noChange()] };
  }),
  about("talent", "question", "reject cand (no candidate named)", () => ({ say: "reject cand", expect: [noChange()] })),
];
