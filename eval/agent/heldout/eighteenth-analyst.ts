// Persona: Tomás, a revenue-operations analyst who lives in spreadsheets and BI dashboards. He types like a filter bar:
// "status = overdue & amount_due > 10k", "sort by amount desc, top 5", column names, symbols, pasted rows of values, KPI names (DSO, win rate, weighted pipe).
import {
  about,
  approval,
  ask,
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
  unclear,
  type Case,
  type Check,
} from "../judge.ts";
import {
  accountNamed,
  addDays,
  candidatesOf,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  fullName,
  jobNamed,
  month,
  ofClient,
  overdue,
  pick,
  shortNumber,
  stageNamed,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";
import type { Candidate, Contact, Deal, Invoice, Snapshot, World } from "../world.ts";

/* ---------- helpers ---------- */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const monthName = (isoDate: string) => MONTHS[Number(isoDate.slice(5, 7)) - 1]!;
const fmt = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const round2 = (n: number) => Math.round(n * 100) / 100;
const near = (target: number) => is.where(`about ${target.toFixed(2)}`, (v: number) => typeof v === "number" && Math.abs(v - target) < 0.005);

const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const invoiceNo = (w: World, n: number): Invoice => pick(w.invoices, (i) => shortNumber(i) === `INV-${n}`, `invoice INV-${n}`);
const contactAt = (w: World, name: string, account: string): Contact => {
  const acc = accountNamed(w, account);
  return pick(contactsOf(w, acc.id), (c) => fullName(c).toLowerCase() === name.toLowerCase(), `contact ${name} at ${account}`);
};
const candidateNamed = (w: World, name: string): Candidate => {
  const found = w.candidates.filter((c) => fullName(c).toLowerCase() === name.toLowerCase());
  if (found.length !== 1) throw new Error(`expected one candidate ${name}, found ${found.length}`);
  return found[0]!;
};
const accountName = (w: World, d: Deal) => w.accounts.find((a) => a.id === d.account_id)?.name ?? d.name.split(": ")[0]!;
const sequenceNamed = (w: World, name: string) => pick(w.sequences, (s) => s.name.toLowerCase() === name.toLowerCase(), `sequence ${name}`);
const STAGE_ORDER = ["applied", "screening", "interview", "offer", "hired"];

/* ---------- finance (12) ---------- */

const finance: Case[] = [
  about("finance", "read", "filter invoices where status = overdue & currency = USD & amount_due > 10k", (w) => {
    const pool = w.invoices.filter((i) => overdue(i) && i.currency === "USD");
    if (pool.some((i) => Math.abs(i.amount_due - 10_000) < 100)) throw new Error("an overdue USD invoice sits at 10k");
    const hit = pool.filter((i) => i.amount_due > 10_000);
    const miss = w.invoices.filter((i) => !hit.includes(i));
    if (hit.length < 3) throw new Error("too few overdue USD invoices over 10k");
    return {
      say: "filter invoices where status = overdue & currency = USD & amount_due > 10k. count + list pls",
      expect: [
        count(hit.length, "invoices"),
        names(
          hit.map((i) => i.number),
          miss.map((i) => i.number),
          hit.length,
        ),
      ],
    };
  }),
  about("finance", "read", "sum amount_due for <a client with several unpaid invoices, no drafts>", (w) => {
    const list = ofClient(w, "Stark Logistics");
    if (list.some((i) => i.amount_due > 0 && !unpaid(i))) throw new Error("Stark has drafts or written-off invoices with a balance");
    const open = list.filter(unpaid);
    if (open.length < 2) throw new Error("Stark has fewer than 2 unpaid invoices");
    return { say: "sum amount_due for Stark Logistics, split by ccy", expect: [money(dueSums(open), "Stark amount due")] };
  }),
  ask("finance", "read", "open AR grouped by currency (sum of amount_due, open + overdue)", (w) => [
    money(dueSums(w.invoices.filter(unpaid)), "open receivables by currency"),
  ]),
  about("finance", "read", "sort overdue invoices by days_overdue desc, top 3", (w) => {
    const sorted = w.invoices.filter(overdue).sort((a, b) => b.days_overdue - a.days_overdue);
    if (sorted.length < 4 || sorted[2]!.days_overdue === sorted[3]!.days_overdue) throw new Error("no clean top 3 by days overdue");
    return {
      say: "sort overdue invoices by days_overdue desc, top 3",
      expect: [
        names(
          sorted.slice(0, 3).map((i) => i.number),
          sorted.slice(3).map((i) => i.number),
          3,
        ),
      ],
    };
  }),
  about("finance", "read", "<a part-paid overdue invoice> -> status / amount_paid / amount_due?", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0 && i.amount_due > 0, "part-paid overdue invoice");
    return {
      say: `${shortNumber(inv)} -> status / amount_paid / amount_due?`,
      expect: [says("overdue", "past due"), money({ [inv.currency]: inv.amount_paid }, "amount paid"), money({ [inv.currency]: inv.amount_due }, "amount due")],
    };
  }),
  about("finance", "read", "rows where status = open & due_date in <next month>", (w) => {
    const [from, to] = month(w, 1);
    const hit = w.invoices.filter((i) => i.status === "open" && i.due_date >= from && i.due_date <= to);
    if (hit.length < 2) throw new Error("fewer than 2 open invoices due next month");
    const miss = w.invoices.filter((i) => !hit.includes(i) && (i.status === "draft" || i.status === "open"));
    return {
      say: `show me rows where status = open & due_date in ${monthName(from)}`,
      expect: [
        count(hit.length, "invoices"),
        names(
          hit.map((i) => i.number),
          miss.map((i) => i.number),
          hit.length,
        ),
      ],
    };
  }),
  about("finance", "write", "<an overdue invoice, unpaid, the client's only one> -> paid", (w) => {
    const inv = pick(
      w.invoices,
      (i) => overdue(i) && i.amount_paid === 0 && i.client.startsWith("Soylent") && ofClient(w, i.client).filter(unpaid).length === 1,
      "Soylent's sole overdue invoice",
    );
    return {
      say: `${shortNumber(inv)} -> paid. Soylent wired the full ${fmt(inv.amount_due)} ${inv.currency} this am`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "partial payment of 5,000 on <an overdue USD invoice over 5k>", (w) => {
    const inv = invoiceNo(w, 12);
    if (inv.status !== "overdue" || inv.currency !== "USD" || inv.amount_due <= 6_000) throw new Error("INV-12 is not an overdue USD invoice over 6k");
    const client = inv.client.split(" ")[0]!;
    return {
      say: `log a partial pmt on ${shortNumber(inv)}: 5,000 USD rec'd from ${client} today`,
      expect: [changed("invoice", inv.id, { amount_paid: near(round2(inv.amount_paid + 5000)), amount_due: near(round2(inv.amount_due - 5000)) }, inv.number)],
    };
  }),
  about("finance", "write", "new invoice from a pasted row: client | amount | ccy | due | description", (w) => {
    const due = addDays(today(w), 30);
    if (!w.invoices.some((i) => i.client === "Pied Piper")) throw new Error("no Pied Piper in the data");
    return {
      say: `new invoice pls: Pied Piper | 4,250.00 | USD | due ${due} | Implementation services`,
      expect: [
        created("invoice", {
          client: is.text("Pied Piper"),
          amount: 4250,
          currency: "USD",
          due_date: due,
          description: is.containing("Implementation services"),
        }),
      ],
    };
  }),
  about("finance", "write", "void <an open invoice> (duplicate)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.client.startsWith("Blue Sun"), "open Blue Sun invoice");
    return {
      say: `void ${shortNumber(inv)}, dup of another Blue Sun bill, we're rebilling`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),
  about("finance", "write", "write off <the oldest overdue invoice>", (w) => {
    const inv = [...w.invoices.filter(overdue)].sort((a, b) => b.days_overdue - a.days_overdue)[0];
    if (!inv) throw new Error("no overdue invoice");
    return {
      say: `write off ${shortNumber(inv)} (${inv.client.split(" ")[0]}, ${inv.days_overdue}d late) -> not collectible`,
      expect: [approval(/uncollectible|write.?off/i, inv.id, inv.number)],
    };
  }),
  about("finance", "question", "<client with several unpaid invoices> paid, mark their invoice paid", (w) => {
    const open = ofClient(w, "Stark Logistics").filter(unpaid);
    if (open.length < 2) throw new Error("Stark has a single unpaid invoice");
    return { say: "Stark paid -> mark their invoice paid", expect: [noChange(), asksBack()] };
  }),
];

/* ---------- growth (12) ---------- */

const growth: Case[] = [
  about("growth", "read", "open deals, sort by amount desc, top 5", (w) => {
    const open = w.deals.filter((d) => d.status === "open" && d.amount !== null).sort((a, b) => b.amount! - a.amount!);
    if (open.length < 6 || open[4]!.amount === open[5]!.amount) throw new Error("no clean top 5 open deals");
    const top = open.slice(0, 5);
    const topAccounts = top.map((d) => accountName(w, d));
    const others = w.deals.map((d) => accountName(w, d)).filter((a) => !topAccounts.includes(a));
    return { say: "open deals, sort by amount desc, top 5", expect: [names(topAccounts, others, 5)] };
  }),
  about("growth", "read", "stage = Negotiation -> count + sum(amount)", (w) => {
    const st = stageNamed(w, "Negotiation");
    const list = w.deals.filter((d) => d.status === "open" && d.stage_id === st.id);
    if (list.length < 2) throw new Error("fewer than 2 deals in Negotiation");
    const sum: Record<string, number> = {};
    for (const d of list) sum[d.currency] = round2((sum[d.currency] ?? 0) + (d.amount ?? 0));
    return { say: "deals where stage = Negotiation -> count & sum(amount)", expect: [count(list.length, "deals"), money(sum, "Negotiation amount")] };
  }),
  about("growth", "read", "open deals w/ close_date in the next 3 wks", (w) => {
    const from = today(w);
    const to = addDays(from, 21);
    const open = w.deals.filter((d) => d.status === "open" && d.expected_close_date);
    if (open.some((d) => Math.abs(Date.parse(d.expected_close_date!) - Date.parse(to)) < 3 * 86_400_000))
      throw new Error("a deal closes near the 3-week cutoff");
    const hit = open.filter((d) => d.expected_close_date! >= from && d.expected_close_date! <= to);
    if (!hit.length) throw new Error("no open deal closes in the next 3 weeks");
    const hitAccounts = hit.map((d) => accountName(w, d));
    const others = w.deals.map((d) => accountName(w, d)).filter((a) => !hitAccounts.includes(a));
    return { say: "open deals w/ close_date in the next 3 wks?", expect: [count(hit.length, "deals"), names(hitAccounts, others)] };
  }),
  about("growth", "read", "contacts @ <account> where tags contains decision-maker", (w) => {
    const acc = accountNamed(w, "Stark Logistics");
    const all = contactsOf(w, acc.id);
    const hit = all.filter((c) => c.tags.includes("decision-maker"));
    if (!hit.length || hit.length === all.length) throw new Error("Stark's decision-maker tags do not split its contacts");
    return {
      say: "contacts @ Stark Logistics where tags contains decision-maker",
      expect: [names(hit.map(fullName), all.filter((c) => !hit.includes(c)).map(fullName), hit.length)],
    };
  }),
  about("growth", "read", "count of contacts where lifecycle stage = customer, w/ names", (w) => {
    const hit = w.contacts.filter((c) => c.lifecycle_stage === "customer");
    if (hit.length < 3) throw new Error("fewer than 3 customer contacts");
    const wanted = [...new Set(hit.map(fullName))];
    const others = [...new Set(w.contacts.map(fullName))].filter((n) => !wanted.includes(n));
    return {
      say: "count of contacts where lifecycle stage = customer, w/ names",
      expect: [count(hit.length, "contacts"), names(wanted, others, wanted.length)],
    };
  }),
  about("growth", "write", "move <account>'s only open deal -> Proposal", (w) => {
    const acc = accountNamed(w, "Tyrell");
    const open = dealsOf(w, acc.id).filter((d) => d.status === "open");
    if (open.length !== 1) throw new Error("Tyrell does not have exactly one open deal");
    const deal = open[0]!;
    const proposal = stageNamed(w, "Proposal");
    if (deal.stage_id === proposal.id) throw new Error("Tyrell's deal is already in Proposal");
    return {
      say: `move Tyrell ${dealTopic(deal).toLowerCase()} -> Proposal`,
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),
  about("growth", "write", "set the close date on <account>'s open pilot to March 31", (w) => {
    const acc = accountNamed(w, "Globex");
    const deal = pick(dealsOf(w, acc.id), (d) => d.status === "open" && /pilot/i.test(d.name), "Globex open pilot deal");
    if (dealsOf(w, acc.id).filter((d) => /pilot/i.test(d.name)).length !== 1) throw new Error("Globex has more than one pilot");
    const date = endOfNamedMonth(w, 3);
    if (deal.expected_close_date === date) throw new Error("the Globex pilot already closes on March 31");
    return {
      say: "set the close date on the Globex pilot to March 31",
      expect: [changed("deal", deal.id, { expected_close_date: date }, deal.name)],
    };
  }),
  about("growth", "write", "new contact from a pasted row, with account, title and tag", (w) => {
    const acc = accountNamed(w, "Hooli");
    if (w.contacts.some((c) => c.email === "priya.nair@hooli.cloud")) throw new Error("Priya Nair already exists");
    return {
      say: "new contact: Priya Nair, VP Finance @ Hooli Cloud, priya.nair@hooli.cloud, tag = champion",
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Nair"),
          email: "priya.nair@hooli.cloud",
          title: is.text("VP Finance"),
          account_id: acc.id,
          tags: is.including("champion"),
        }),
      ],
    };
  }),
  about("growth", "write", "enroll <a contact not yet enrolled> in New lead follow-up", (w) => {
    const seq = sequenceNamed(w, "New lead follow-up");
    const c = contactAt(w, "Isla Haddad", "Stark");
    if (w.contacts.filter((o) => fullName(o) === fullName(c)).length !== 1) throw new Error("Isla Haddad is not unique");
    if (w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === c.id && e.status === "active")) throw new Error("Isla already enrolled");
    return { say: "enroll Isla Haddad (Stark) in New lead follow-up", expect: [enrolled(seq.id, c.id, fullName(c))] };
  }),
  about("growth", "write", "unenroll <an enrolled contact whose name another contact shares> @ <account>", (w) => {
    const seq = sequenceNamed(w, "New lead follow-up");
    const c = contactAt(w, "Liam Okafor", "Northwind");
    if (!w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === c.id && e.status === "active"))
      throw new Error("Liam @ Northwind not enrolled");
    if (w.sequences.length !== 1) throw new Error("more than one sequence: 'the follow-up seq' may be ambiguous");
    return {
      say: "unenroll Liam Okafor @ Northwind from the follow-up seq, he already replied",
      expect: [unenrolled(seq.id, c.id, `${fullName(c)} (Northwind)`)],
    };
  }),
  about("growth", "question", "<a name two contacts share> -> lifecycle stage = customer", (w) => {
    if (w.contacts.filter((c) => fullName(c) === "Olivia Tanaka").length < 2) throw new Error("Olivia Tanaka is unique");
    return { say: "Olivia Tanaka -> lifecycle stage = customer", expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "bump <account with two open deals>'s deal to Negotiation", (w) => {
    const acc = accountNamed(w, "Stark");
    const open = dealsOf(w, acc.id).filter((d) => d.status === "open" && stageOf(w, d).name !== "Negotiation");
    if (open.length < 2) throw new Error("Stark has fewer than 2 open deals outside Negotiation");
    return { say: "bump the Stark deal to Negotiation", expect: [noChange(), asksBack()] };
  }),
];

/* ---------- talent (10) ---------- */

const talent: Case[] = [
  about("talent", "read", "backend role: candidates w/ stage >= interview (excl rejected)", (w) => {
    const job = jobNamed(w, "Backend");
    const all = candidatesOf(w, job.id);
    const rank = (c: Candidate) => STAGE_ORDER.indexOf(c.stage);
    const hit = all.filter((c) => rank(c) >= STAGE_ORDER.indexOf("interview"));
    if (!hit.length || hit.length === all.length) throw new Error("the backend candidates do not split at interview");
    return {
      say: "backend role: candidates w/ stage >= interview (excl rejected)",
      expect: [names(hit.map(fullName), all.filter((c) => !hit.includes(c)).map(fullName), hit.length)],
    };
  }),
  about("talent", "read", "AE req: count where stage = rejected + names", (w) => {
    const job = jobNamed(w, "Account Executive");
    const all = candidatesOf(w, job.id);
    const hit = all.filter((c) => c.stage === "rejected");
    if (!hit.length) throw new Error("no rejected AE candidates");
    return {
      say: "AE req: count where stage = rejected + names",
      expect: [count(hit.length, "candidates"), names(hit.map(fullName), all.filter((c) => !hit.includes(c)).map(fullName), hit.length)],
    };
  }),
  about("talent", "read", "candidates where source = referral & rating >= 3", (w) => {
    const hit = w.candidates.filter((c) => c.source?.toLowerCase() === "referral" && (c.rating ?? 0) >= 3);
    const others = w.candidates.filter((c) => c.source?.toLowerCase() === "referral" && !hit.includes(c));
    if (!hit.length || !others.length) throw new Error("referral candidates do not split at rating 3");
    return { say: "candidates where source = referral & rating >= 3", expect: [names(hit.map(fullName), others.map(fullName), hit.length)] };
  }),
  about("talent", "read", "jobs where status = open & location != Remote", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const hit = open.filter((j) => (j.location ?? "").toLowerCase() !== "remote");
    const miss = w.jobs.filter((j) => !hit.includes(j));
    if (!hit.length || !miss.length) throw new Error("open jobs do not split on Remote");
    return {
      say: "jobs where status = open & location != Remote",
      expect: [
        names(
          hit.map((j) => j.title),
          miss.map((j) => j.title),
          hit.length,
        ),
      ],
    };
  }),
  about("talent", "write", "<an interviewing candidate> -> offer", (w) => {
    const c = candidateNamed(w, "Katherine Johnson");
    if (c.stage !== "interview") throw new Error("Katherine Johnson is not interviewing");
    return { say: "Katherine Johnson -> offer", expect: [changed("candidate", c.id, { stage: "offer" }, fullName(c))] };
  }),
  about("talent", "write", "hire <a candidate at offer> for <their job>", (w) => {
    const c = candidateNamed(w, "Frances Allen");
    if (c.stage !== "offer") throw new Error("Frances Allen is not at offer");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "Frances's job");
    return { say: `hire Frances Allen for ${job.title}, she signed`, expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))] };
  }),
  about("talent", "write", "reject <a screening candidate> (backend)", (w) => {
    const c = candidateNamed(w, "Alan Turing");
    if (c.stage === "rejected" || c.stage === "hired") throw new Error("Alan Turing is already decided");
    return { say: "reject Alan Turing (backend), rating 1 -> no go", expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))] };
  }),
  about("talent", "write", "add candidate to the AE req from a pasted row", (w) => {
    const job = jobNamed(w, "Account Executive");
    if (w.candidates.some((c) => c.email === "ada.lovelace@example.com")) throw new Error("Ada already a candidate");
    return {
      say: "add candidate to the AE req: Ada Lovelace, ada.lovelace@example.com, src = linkedin",
      expect: [
        created("candidate", {
          first_name: is.text("Ada"),
          last_name: is.text("Lovelace"),
          email: "ada.lovelace@example.com",
          job_id: job.id,
          source: is.containing("linkedin"),
        }),
      ],
    };
  }),
  about("talent", "write", "open a new req from a pasted row: title | dept | location | type", (w) => {
    if (w.jobs.some((j) => /revenue operations/i.test(j.title))) throw new Error("RevOps job already exists");
    return {
      say: "open a new req: Revenue Operations Analyst | Finance | Remote | full_time",
      expect: [
        created("job", {
          title: is.text("Revenue Operations Analyst"),
          department: is.text("Finance"),
          location: is.text("Remote"),
          employment_type: "full_time",
        }),
      ],
    };
  }),
  ask("talent", "question", "add a candidate to the backend req, src = referral", () => [noChange(), asksBack()]),
];

/* ---------- intelligence (8) ---------- */

const intelligence: Case[] = [
  about("intelligence", "figure", "win rate, last 90d?", (w) => {
    const rate = snap(w).growth.last_90_days.win_rate;
    return { say: "win rate, last 90d?", expect: [figure(rate, "win rate", "percent")] };
  }),
  about("intelligence", "figure", "DSO by currency", (w) => {
    const checks: Check[] = snap(w)
      .finance.currencies.filter((c) => c.days_sales_outstanding !== null)
      .map((c) => figure(c.days_sales_outstanding, `DSO in ${c.currency}`));
    if (!checks.length) throw new Error("no DSO in the snapshot");
    return { say: "DSO by currency", expect: checks };
  }),
  about("intelligence", "figure", "weighted pipe?", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    if (!totals.length) throw new Error("no pipeline totals");
    return { say: "weighted pipe?", expect: [money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline")] };
  }),
  about("intelligence", "figure", "median time-to-hire + # hires L12M", (w) => {
    const t = snap(w).talent;
    return {
      say: "median time-to-hire + # of hires L12M",
      expect: [figure(t.median_days_to_hire, "median days to hire"), count(t.hires_last_365_days, "hires")],
    };
  }),
  about("intelligence", "figure", "overdue AR by ccy + # of overdue invoices", (w) => {
    const f = snap(w).finance;
    return {
      say: "overdue AR by ccy + # of overdue invoices",
      expect: [money(Object.fromEntries(f.currencies.map((c) => [c.currency, c.overdue])), "overdue receivables"), count(f.overdue_count, "overdue invoices")],
    };
  }),
  about("intelligence", "figure", "open pipe $ & # of open deals", (w) => {
    const totals = snap(w).growth.pipeline.totals;
    if (totals.length !== 1) throw new Error("pipeline is not in a single currency");
    const t = totals[0]!;
    return { say: "open pipe $ & # of open deals", expect: [money({ [t.currency]: t.open_value }, "open pipeline"), count(t.deal_count, "open deals")] };
  }),
  about("intelligence", "read", "USD overdue aging buckets: 1-30 / 31-60 / 61-90 / 90+", (w) => {
    const usd = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD receivables");
    const checks = Object.entries(usd.aging)
      .filter(([, v]) => v > 0)
      .map(([bucket, v]) => money({ USD: v }, `USD overdue aged ${bucket}`));
    if (checks.length < 2) throw new Error("fewer than 2 non-empty USD aging buckets");
    return { say: "USD overdue aging buckets: 1-30 / 31-60 / 61-90 / 90+", expect: checks };
  }),
  unclear("intelligence", "set DSO target = 40 on the dashboard"),
];

export const CASES: Case[] = [...finance, ...growth, ...talent, ...intelligence];
