import { about, approval, asksBack, ask, changed, count, created, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  accountNamed,
  clientNames,
  clientWithUnpaid,
  contactsOf,
  dealsOf,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  inStage,
  month,
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
  uniqueContacts,
  unpaid,
} from "../facts.ts";
import type { Deal, World } from "../world.ts";

/*
 * Blind set: a finance & admin staffer at a distribution company in Jakarta,
 * chatting in the office mix of English and Bahasa Indonesia (tolong, dong,
 * ya, kak, yg, brp, udah/belum, gak), with the typos of someone typing fast.
 */

const snapshotOf = (w: World) => {
  if (!w.snapshot) throw new Error("no intelligence snapshot in the data");
  return w.snapshot;
};

/** An account with exactly one deal, which is open (the last such, so not always the same as soleOpenDeal). */
function lastSingleOpenDeal(w: World): { deal: Deal; account: string } {
  const fits = w.accounts.filter((a) => {
    const deals = dealsOf(w, a.id);
    return deals.length === 1 && deals[0]!.status === "open";
  });
  const account = fits[fits.length - 1];
  if (!account) throw new Error("no account whose only deal is open");
  return { deal: dealsOf(w, account.id)[0]!, account: account.name };
}

/** An account with several deals of which exactly one is open. */
function oneOpenAmongSeveral(w: World): { deal: Deal; account: string } {
  const account = pick(
    w.accounts,
    (a) => dealsOf(w, a.id).length > 1 && dealsOf(w, a.id).filter((d) => d.status === "open").length === 1,
    "account with several deals and one open",
  );
  return { deal: pick(dealsOf(w, account.id), (d) => d.status === "open", "open deal"), account: account.name };
}

export const CASES: Case[] = [
  /* ---------------- finance: reads ---------------- */
  about("finance", "read", "has Globex paid its invoices, and which are still unpaid", (w) => {
    const all = ofClient(w, "Globex");
    const open = all.filter(unpaid);
    if (!open.length) throw new Error("no unpaid Globex invoice");
    return {
      say: "invoice Globex sudah dibayar belum? kalo belum yg mana aja ya",
      expect: [names(numbers(open), numbers(all.filter((i) => !unpaid(i))), open.length)],
    };
  }),
  about("finance", "read", "overdue total owed by Stark Logistics", (w) => ({
    say: "kak, yg overdue dari Stark Logistics totalnya brp ya?",
    expect: [money(dueSums(ofClient(w, "Stark").filter(overdue)), "overdue total of Stark Logistics")],
  })),
  about("finance", "read", "how many unpaid (non-draft) invoices fall due this month", (w) => {
    const [first, last] = month(w);
    const due = w.invoices.filter((i) => unpaid(i) && i.due_date >= first && i.due_date <= last);
    return {
      say: "invoice yg jatuh tempo bulan ini dan belum dibayar ada berapa? yg draft gak usah diitung",
      expect: [count(due.length, "unpaid invoices due this month")],
    };
  }),
  about("finance", "read", "which client has the biggest unpaid USD balance on one invoice", (w) => {
    const usd = w.invoices.filter((i) => unpaid(i) && i.currency === "USD");
    if (!usd.length) throw new Error("no unpaid USD invoice");
    const top = usd.reduce((a, b) => (b.amount_due > a.amount_due ? b : a));
    return {
      say: "pak, invoice USD yg outstanding paling gede punya client mana? sisa tagihannya brp?",
      expect: [names([top.client], [], 1), money({ USD: top.amount_due }, "amount still due on it")],
    };
  }),
  about("finance", "read", "status and days late of <an overdue invoice, short number>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0 && i.days_overdue > 12, "unpaid overdue invoice");
    return {
      say: `${shortNumber(inv)} statusnya gimana? udah telat brp hari`,
      expect: [says("overdue", "terlambat", "telat", "lewat", "past due", "late"), count(inv.days_overdue, "days overdue")],
    };
  }),
  about("finance", "read", "list invoices that are part-paid but not settled", (w) => {
    const open = w.invoices.filter(unpaid);
    const partial = open.filter((i) => i.amount_paid > 0);
    return {
      say: "ada invoice yg udah dibayar sebagian tp belom lunas gak? tolong list dong",
      expect: [names(numbers(partial), numbers(open.filter((i) => i.amount_paid === 0)), partial.length)],
    };
  }),

  /* ---------------- finance: writes ---------------- */
  about("finance", "write", "<client> transferred in full for <its only unpaid invoice>: mark it paid", (w) => {
    const client = clientWithUnpaid(w, 1, (i) => i.amount_paid === 0);
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "unpaid invoice");
    return {
      say: `${client} udah transfer full buat ${shortNumber(inv)}, tolong ditandain lunas ya`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a USD 5.000 part payment from Stark on <an unpaid USD invoice>", (w) => {
    const inv = pick(
      ofClient(w, "Stark"),
      (i) => unpaid(i) && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 5000,
      "unpaid Stark USD invoice above 5000",
    );
    return {
      say: `Stark bayar USD 5.000 utk ${shortNumber(inv)}, sisanya nyusul katanya. tolong dicatat ya`,
      expect: [
        changed(
          "invoice",
          inv.id,
          { amount_paid: Math.round((inv.amount_paid + 5000) * 100) / 100, amount_due: Math.round((inv.amount_due - 5000) * 100) / 100 },
          inv.number,
        ),
      ],
    };
  }),
  about("finance", "write", "new USD 2,500 invoice for Initech due the 15th of next month", (w) => {
    const due = `${month(w, 1)[0].slice(0, 8)}15`;
    return {
      say: "tolong bikin invoice baru for Initech ya, USD 2.500 buat maintenance, due tgl 15 bulan depan",
      expect: [created("invoice", { client: is.text("Initech"), amount: 2500, currency: "USD", due_date: due })],
    };
  }),
  about("finance", "write", "issue (finalize) <the only draft of a client>", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.filter((i) => i.client === c && i.status === "draft").length === 1, "client with one draft");
    const inv = pick(w.invoices, (i) => i.client === client && i.status === "draft", "draft invoice");
    return {
      say: `draft invoice ${client} udah di-acc bu Rina, tolong di-issue skrg ya`,
      expect: [changed("invoice", inv.id, { status: is.oneOf("open", "overdue") }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> entered twice (waits for approval)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `tolong void ${shortNumber(inv)} yg ${inv.client}, ke-input dobel kemarin`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ---------------- finance: must not act ---------------- */
  about("finance", "question", "mark <a client with several unpaid invoices> paid, without saying which", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 3, "client with 3+ unpaid invoices");
    return { say: `tolong tandain invoice ${client} udah lunas ya`, expect: [noChange(), asksBack()] };
  }),
  ask("finance", "question", "tolong bikinin invoice buat Hooli Cloud ya, makasih kak", () => [noChange(), asksBack()]),

  /* ---------------- growth: reads ---------------- */
  about("growth", "read", "how many open deals sit in Negotiation", (w) => {
    const stage = stageNamed(w, "Negotiation");
    return {
      say: "deal yang di negotation ada berapa?",
      expect: [count(w.deals.filter((d) => d.status === "open" && d.stage_id === stage.id).length, "deals in Negotiation")],
    };
  }),
  about("growth", "read", "who are our contacts at Stark Logistics", (w) => {
    const acct = accountNamed(w, "Stark");
    const mine = contactsOf(w, acct.id).map(fullName);
    return {
      say: "kontak kita di Stark Logistics siapa aja sih?",
      expect: [names(mine, w.contacts.filter((c) => c.account_id !== acct.id).map(fullName), mine.length)],
    };
  }),
  about("growth", "read", "total value of Umbrella Health's open deals", (w) => {
    const acct = accountNamed(w, "Umbrella");
    const open = dealsOf(w, acct.id).filter((d) => d.status === "open");
    return {
      say: "total nilai deal Umbrella yg masih open brp ya?",
      expect: [
        money(
          sums(open, (d: Deal) => d.amount ?? 0),
          "open deal value of Umbrella Health",
        ),
      ],
    };
  }),
  about("growth", "read", "which stage <an account's only deal> is in", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return { say: `deal ${account} skrg udah sampe stage apa?`, expect: [says(stageOf(w, deal).name)] };
  }),
  about("growth", "read", "who is currently enrolled in <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => enrolledContacts(w, s.id).length > 0, "sequence with enrollments");
    const inIt = enrolledContacts(w, seq.id);
    return {
      say: `siapa aja yg lagi jalan di sequnce ${seq.name}?`,
      expect: [names(inIt.map(fullName), w.contacts.filter((c) => !inIt.includes(c)).map(fullName), 3)],
    };
  }),
  about("growth", "read", "how many open deals are expected to close this month, and for which accounts", (w) => {
    const [first, last] = month(w);
    const open = w.deals.filter((d) => d.status === "open");
    const closing = open.filter((d) => d.expected_close_date && d.expected_close_date >= first && d.expected_close_date <= last);
    const accountName = (d: Deal) => w.accounts.find((a) => a.id === d.account_id)?.name;
    const wanted = [...new Set(closing.map(accountName).filter((n): n is string => !!n))];
    const others = [
      ...new Set(
        open
          .filter((d) => !closing.includes(d))
          .map(accountName)
          .filter((n): n is string => !!n),
      ),
    ].filter((n) => !wanted.includes(n));
    return {
      say: "deal yg target closing-nya bulan ini ada brp? dari account mana aja",
      expect: [count(closing.length, "deals closing this month"), names(wanted, others, wanted.length)],
    };
  }),

  /* ---------------- growth: writes ---------------- */
  about("growth", "write", "move <an account's deal in Proposal> to Negotiation", (w) => {
    const deal = openDealIn(w, ["Proposal"]);
    const account = pick(w.accounts, (a) => a.id === deal.account_id, "deal's account").name;
    return {
      say: `please move the ${account} ${dealTopic(deal)} deal to negotiation, they already replied to our proposal`,
      expect: [changed("deal", deal.id, { stage_id: stageNamed(w, "Negotiation").id }, deal.name)],
    };
  }),
  about("growth", "write", "<an account's only deal> closed: set it won", (w) => {
    const { deal, account } = lastSingleOpenDeal(w);
    return {
      say: `kabar baik! deal ${account} udah closing, tolong set jadi won ya`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "<an account's one open deal> went to another vendor: mark it lost", (w) => {
    const { deal, account } = oneOpenAmongSeveral(w);
    return {
      say: `deal ${account} yg ${dealTopic(deal)} lost ya pak, mereka pilih vendor lain. tolong diupdate`,
      expect: [changed("deal", deal.id, { status: "lost" }, deal.name)],
    };
  }),
  about("growth", "write", "add contact Budi Santoso, Finance Manager at Globex", (w) => {
    const acct = accountNamed(w, "Globex");
    if (!acct.domain) throw new Error("Globex has no domain");
    const email = `budi.santoso@${acct.domain}`;
    return {
      say: `tolong tambahin kontak baru ya: Budi Santoso, ${email}, Finance Manager di ${acct.name}`,
      expect: [
        created("contact", { email, first_name: is.text("Budi"), last_name: is.text("Santoso"), title: is.text("Finance Manager"), account_id: acct.id }),
      ],
    };
  }),
  about("growth", "write", "enrol <a contact not yet in it> in <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = enrolledContacts(w, seq.id);
    const who = pick(uniqueContacts(w), (c) => !inIt.includes(c) && !!c.account_id, "unique contact not enrolled");
    const account = pick(w.accounts, (a) => a.id === who.account_id, "contact's account").name;
    return {
      say: `tolong masukin ${fullName(who)} dari ${account} ke sequence ${seq.name} dong`,
      expect: [enrolled(seq.id, who.id, fullName(who))],
    };
  }),
  about("growth", "write", "new USD 45k deal 'Warehouse expansion' for Tyrell Biotech closing end of March", (w) => {
    const acct = accountNamed(w, "Tyrell");
    return {
      say: `bikin deal baru buat ${acct.name} ya, namanya Warehouse expansion, nilainya USD 45k, target closing akhir Maret`,
      expect: [
        created("deal", {
          name: is.containing("Warehouse expansion"),
          account_id: acct.id,
          amount: 45000,
          currency: "USD",
          expected_close_date: endOfNamedMonth(w, 3),
        }),
      ],
    };
  }),

  /* ---------------- growth: must not act ---------------- */
  about("growth", "question", "delete contact <a name two contacts share>, company not said", (w) => {
    const dup = pick(w.contacts, (c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1, "contact name shared by two");
    return { say: `tolong hapus kontak ${fullName(dup)} ya, org nya udah gak kerja disana`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "update the value of <an account with several open deals>'s deal, which one not said", (w) => {
    const acct = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with 2+ open deals");
    return { say: `nilai deal ${acct.name} tolong diupdate jadi USD 50k ya`, expect: [noChange(), asksBack()] };
  }),

  /* ---------------- talent: reads ---------------- */
  about("talent", "read", "which candidates are at the interview stage", (w) => {
    const at = inStage(w, "interview");
    return {
      say: "siapa aja kandidat yg lagi di tahap interview?",
      expect: [names(at.map(fullName), w.candidates.filter((c) => c.stage !== "interview").map(fullName), at.length)],
    };
  }),
  about("talent", "read", "which job openings are still open", (w) => ({
    say: "which positions are still open right now? mau update ke HR",
    expect: [
      names(
        w.jobs.filter((j) => j.status === "open").map((j) => j.title),
        w.jobs.filter((j) => j.status !== "open").map((j) => j.title),
        w.jobs.filter((j) => j.status === "open").length,
      ),
    ],
  })),
  about("talent", "read", "what stage <a candidate with an offer> is at", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "offer", "candidate at offer");
    return { say: `${fullName(cand)} udah sampe tahap apa ya prosesnya?`, expect: [says("offer")] };
  }),
  about("talent", "read", "who was rejected for <a job with rejections>", (w) => {
    const job = pick(w.jobs, (j) => w.candidates.some((c) => c.job_id === j.id && c.stage === "rejected"), "job with rejected candidates");
    const of = w.candidates.filter((c) => c.job_id === job.id);
    const rejected = of.filter((c) => c.stage === "rejected");
    return {
      say: `kandidat ${job.title} yg udah di-reject siapa aja kak?`,
      expect: [names(rejected.map(fullName), of.filter((c) => c.stage !== "rejected").map(fullName), rejected.length)],
    };
  }),

  /* ---------------- talent: writes ---------------- */
  about("talent", "write", "<a screening candidate> passed: move to interview", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "screening", "candidate in screening");
    return {
      say: `${fullName(cand)} lolos screening, tolong majuin ke interview ya`,
      expect: [changed("candidate", cand.id, { stage: "interview" }, fullName(cand))],
    };
  }),
  about("talent", "write", "reject <an applied candidate>", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "applied", "applied candidate");
    return {
      say: `${fullName(cand)} gak lanjut ya, tolong di-reject aja`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "add referral candidate Dewi Lestari to <an open job>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && /account executive/i.test(j.title), "open Account Executive job");
    return {
      say: `tambahin kandidat baru utk ${job.title}: Dewi Lestari, dewi.lestari@gmail.com, sumbernya referral dari pak Hendra`,
      expect: [
        created("candidate", {
          job_id: job.id,
          email: "dewi.lestari@gmail.com",
          first_name: is.text("Dewi"),
          last_name: is.text("Lestari"),
          source: is.containing("referral"),
        }),
      ],
    };
  }),
  about("talent", "write", "close <an open job that has a hire>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && w.candidates.some((c) => c.job_id === j.id && c.stage === "hired"), "open job with a hire");
    return {
      say: `lowongan ${job.title} udah keisi, tolong ditutup ya biar gak ada yg apply lg`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),

  /* ---------------- talent: must not act ---------------- */
  ask("talent", "question", "kandidat yg kemarin tolong dipindah ke offer ya", () => [noChange(), asksBack()]),

  /* ---------------- intelligence ---------------- */
  about("intelligence", "read", "how many new contacts came in over the last 30 days", (w) => ({
    say: "brp kontak baru yg masuk 30 hari terakhir?",
    expect: [figure(snapshotOf(w).growth.new_contacts_last_30_days, "new contacts in the last 30 days")],
  })),
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "win rate kita 90 hari terakhir brp persen?",
    expect: [figure(snapshotOf(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent")],
  })),
  about("intelligence", "figure", "total receivables outstanding, per currency", (w) => ({
    say: "what's our total outstanding receivables now? pisahin per currency ya",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),
  about("intelligence", "figure", "days sales outstanding in USD", (w) => {
    const usd = pick(snapshotOf(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return { say: "DSO yg USD sekarang brp hari ya?", expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")] };
  }),
  about("intelligence", "figure", "weighted pipeline value", (w) => {
    const totals = snapshotOf(w).growth.pipeline.totals;
    return {
      say: "weighted pipeline kita totalnya brp skrg?",
      expect: [money(Object.fromEntries(totals.map((t) => [t.currency, t.weighted_value])), "weighted pipeline")],
    };
  }),
  ask("intelligence", "question", "tolong set target win rate jadi 60% di dashboard ya, biar keliatan di report bulanan", () => [noChange()]),
];
