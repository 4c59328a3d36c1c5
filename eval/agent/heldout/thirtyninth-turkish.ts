import { about, approval, asksBack, changed, count, created, enrolled, figure, is, money, names, noChange, says, type Case } from "../judge.ts";
import {
  contactsOf,
  dealNames,
  dealsOf,
  dueSums,
  enrolledContacts,
  fullName,
  jobNamed,
  candidatesOf,
  inStage,
  month,
  nextDate,
  numbers,
  openDealIn,
  overdue,
  pick,
  shortNumber,
  soleOpenDeal,
  stageOf,
  sums,
  today,
  uniqueContacts,
  unpaid,
} from "../facts.ts";

/*
 * Blind set: an operations and finance assistant at a textile exporter in Istanbul. Writes English
 * with Turkish structures and words, sometimes wholly Turkish, sometimes without Turkish letters
 * (odendi, musteri), amounts in the Turkish style (12.500,00), dates like "15 Ocak", "ay sonu".
 */

type World = Parameters<Case["plan"]>[0];
type Invoice = World["invoices"][number];
type Deal = World["deals"][number];

/** An amount as written in Istanbul: 12500 -> "12.500,00". */
const tr = (n: number) => n.toLocaleString("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Just the thousands: 45000 -> "45.000". */
const trWhole = (n: number) => n.toLocaleString("de-DE", { maximumFractionDigits: 0 });

const accountName = (w: World, id: string | null) => (id ? (w.accounts.find((a) => a.id === id)?.name ?? null) : null);
const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
/** The stage of this kind in the deal's own pipeline. */
const stageOfKind = (w: World, d: Deal, kind: "won" | "lost") => {
  const pipeline = pick(w.pipelines, (p) => p.stages.some((s) => s.id === d.stage_id), "pipeline of the deal");
  return pick(pipeline.stages, (s) => s.kind === kind, `${kind} stage`);
};
const stageInPipelineOf = (w: World, d: Deal, name: string) => {
  const pipeline = pick(w.pipelines, (p) => p.stages.some((s) => s.id === d.stage_id), "pipeline of the deal");
  return pick(pipeline.stages, (s) => s.name.toLowerCase() === name.toLowerCase(), `stage ${name}`);
};
const clients = (w: World) => [...new Set(w.invoices.map((i) => i.client))];
const unpaidOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client && unpaid(i));
/** An invoice that is the only unpaid one of its client (so the client's name alone would also designate it). */
const loneUnpaid = (w: World, fits: (i: Invoice) => boolean, what: string) => pick(w.invoices, (i) => fits(i) && unpaidOf(w, i.client).length === 1, what);

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  about("finance", "read", "how many invoices are overdue now (Turkish, no Turkish letters)", (w) => ({
    say: "su an vadesi gecmis kac fatura var?",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),
  about("finance", "read", "the unpaid invoices of <the client with the most unpaid> and what they still owe", (w) => {
    const client = [...clients(w)].sort((a, b) => unpaidOf(w, b).length - unpaidOf(w, a).length)[0]!;
    const list = unpaidOf(w, client);
    const others = w.invoices.filter((i) => unpaid(i) && i.client !== client);
    return {
      say: `${client}'in odenmemis faturalari hangileri abi? toplam ne kadar alacagimiz var onlardan, doviz bazinda soyle`,
      expect: [names(numbers(list), numbers(others), list.length), money(dueSums(list), "amount still due")],
    };
  }),
  about("finance", "read", "is <a part-paid overdue invoice> paid, by its short number, and how much is left", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid > 0, "part-paid overdue invoice");
    return {
      say: `hocam ${shortNumber(inv)} ödendi mi? müşteri bir kısmını yatırmıştı galiba, ne kadar kaldı`,
      expect: [money({ [inv.currency]: inv.amount_due }, "amount left to pay")],
    };
  }),
  about("finance", "read", "open invoices falling due between today and the end of this month, drafts left out", (w) => {
    const [, end] = month(w);
    const list = w.invoices.filter((i) => i.status === "open" && i.due_date >= today(w) && i.due_date <= end);
    const others = w.invoices.filter((i) => (i.status === "open" && i.due_date > end) || i.status === "draft");
    return {
      say: "Bu ay sonuna kadar vadesi dolacak açık faturaları listeler misiniz lütfen? Taslaklar hariç, sadece kesilmiş olanlar.",
      expect: [names(numbers(list), numbers(others), list.length)],
    };
  }),
  about("finance", "read", "invoices with a partial payment received but still not closed", (w) => {
    const list = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    const others = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
    return {
      say: "which invoices got kısmi ödeme but still not closed? yani bir kısmı ödenmiş, kalanı bekleyen olanlar",
      expect: [names(numbers(list), numbers(others), list.length)],
    };
  }),
  about("finance", "read", "how many invoices are still drafts, not issued yet", (w) => ({
    say: "taslakta bekleyen kac fatura var, henuz kesilmemis olanlar?",
    expect: [count(w.invoices.filter((i) => i.status === "draft").length, "draft invoices")],
  })),
  about("finance", "read", "total a <client with several unpaid invoices in one currency> owes us", (w) => {
    const client = pick(
      clients(w),
      (c) => {
        const list = unpaidOf(w, c);
        return list.length >= 2 && new Set(list.map((i) => i.currency)).size === 1 && list.every(overdue);
      },
      "client with several overdue invoices in one currency",
    );
    const list = unpaidOf(w, client);
    return {
      say: `${client.split(" ")[0]} bize toplam ne kadar borclu? odenmemis faturalarinin toplamini ver`,
      expect: [money(dueSums(list), `what ${client} owes`)],
    };
  }),

  /* ---------------- reads: growth ---------------- */
  about("growth", "read", "who are our contacts at <the account with the most contacts>", (w) => {
    const account = [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0]!;
    const list = contactsOf(w, account.id);
    const others = w.contacts.filter((c) => c.account_id !== account.id);
    return {
      say: `${account.name} tarafında kimlerle çalışıyoruz? kontak listesini atar mısın`,
      expect: [names(list.map(fullName), others.map(fullName), list.length)],
    };
  }),
  about("growth", "read", "which open deals sit in the Negotiation stage", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const list = open.filter((d) => stageOf(w, d).name === "Negotiation");
    const others = open.filter((d) => stageOf(w, d).name !== "Negotiation");
    return {
      say: "Negotiation aşamasındaki deal'ler hangileri? pazarlık masasında olanlar yani",
      expect: [names(dealNames(list), dealNames(others))],
    };
  }),
  about("growth", "read", "how many people are active in <the sequence with enrolments>", (w) => {
    const seq = pick(w.sequences, (s) => enrolledContacts(w, s.id).length > 0, "sequence with active enrollments");
    return {
      say: `"${seq.name}" sekansinda su an aktif kac kisi kayitli?`,
      expect: [count(enrolledContacts(w, seq.id).length, "active enrollments")],
    };
  }),
  about("growth", "read", "total value of the open deals with <an account with two or more open deals>", (w) => {
    const several = w.accounts.filter((a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2);
    const account = several[several.length - 1];
    if (!account) throw new Error("no account with two open deals");
    const list = dealsOf(w, account.id).filter((d) => d.status === "open");
    return {
      say: `${account.name} ile açık fırsatlarımızın toplam tutarı ne ediyor? kazanılmış/kaybedilmişler hariç`,
      expect: [
        money(
          sums(list, (d: Deal) => d.amount ?? 0),
          "open deal value",
        ),
      ],
    };
  }),
  about("growth", "read", "who is the CFO at <an account>, and their email", (w) => {
    const cfo = pick(w.contacts, (c) => /chief financial officer|cfo/i.test(c.title ?? "") && c.account_id !== null, "CFO contact");
    const account = accountName(w, cfo.account_id)!;
    return {
      say: `${account}'in CFO'su kimdi ya? mail adresini de yazar misin, ekstre gondercem`,
      expect: [names([fullName(cfo)]), says(cfo.email)],
    };
  }),
  about("growth", "read", "how many contacts carry the decision-maker tag", (w) => ({
    say: "How many contact we have with decision-maker etiketi? karar verici olanlar",
    expect: [count(w.contacts.filter((c) => c.tags.includes("decision-maker")).length, "decision-maker contacts")],
  })),

  /* ---------------- reads: talent ---------------- */
  about("talent", "read", "how many candidates applied to <the backend job> in total", (w) => {
    const job = jobNamed(w, "Backend");
    return {
      say: `${job.title} ilanına toplam kaç aday başvurdu? hepsi dahil, elenenler de`,
      expect: [count(candidatesOf(w, job.id).length, "candidates")],
    };
  }),
  about("talent", "read", "which candidates are at the interview stage right now", (w) => {
    const list = inStage(w, "interview");
    const others = w.candidates.filter((c) => c.stage !== "interview");
    return {
      say: "mulakat asamasindaki adaylar kimler su an?",
      expect: [names(list.map(fullName), others.map(fullName), list.length)],
    };
  }),
  about("talent", "read", "which positions are open", (w) => {
    const open = w.jobs.filter((j) => j.status === "open");
    const closed = w.jobs.filter((j) => j.status !== "open");
    return {
      say: "Şu an açık pozisyonlarımız neler? İK'ya liste lazım",
      expect: [
        names(
          open.map((j) => j.title),
          closed.map((j) => j.title),
          open.length,
        ),
      ],
    };
  }),
  about("talent", "read", "who has reached the offer stage for <the designer job>", (w) => {
    const job = jobNamed(w, "Designer");
    const all = candidatesOf(w, job.id);
    const list = all.filter((c) => c.stage === "offer");
    return {
      say: `${job.title} icin teklif (offer) asamasina gelen aday kim?`,
      expect: [names(list.map(fullName), all.filter((c) => c.stage !== "offer").map(fullName), list.length)],
    };
  }),

  /* ---------------- writes: finance ---------------- */
  about("finance", "write", "<an overdue invoice> paid in full, close it", (w) => {
    const inv = loneUnpaid(w, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice, its client's only unpaid one");
    return {
      say: `${inv.client.split(" ")[0]}'dan ${shortNumber(inv)} icin odeme geldi, tamami odendi. kapatabilir misin lutfen`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a partial payment of 2.500,00 on <an overdue invoice>", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0 && i.amount_due > 5000, "overdue unpaid invoice over 5000");
    const paid = 2500;
    return {
      say: `${inv.number} için ${tr(paid)} ${inv.currency} havale geldi, kısmi ödeme olarak işler misin? kalanı ay sonu gelecekmiş`,
      expect: [
        changed(
          "invoice",
          inv.id,
          { amount_paid: paid, amount_due: Math.round((inv.amount_due - paid) * 100) / 100, status: is.oneOf("open", "overdue") },
          inv.number,
        ),
      ],
    };
  }),
  about("finance", "write", "new invoice to <an account> for 12.500,00 EUR due at month end", (w) => {
    const withDomain = w.accounts.filter((a) => a.domain !== null);
    const client = withDomain[withDomain.length - 1]?.name;
    if (!client) throw new Error("no account with a domain");
    const [, end] = month(w);
    return {
      say: `${client}'a yeni fatura kesmemiz lazim: 12.500,00 EUR, vade ay sonu, aciklama "numune kumas + kargo"`,
      expect: [created("invoice", { client: is.text(client), amount: 12500, currency: "EUR", due_date: end, description: is.containing("numune") })],
    };
  }),
  about("finance", "write", "finalize the draft invoice of <a client with one draft>", (w) => {
    const inv = pick(
      w.invoices,
      (i) => i.status === "draft" && w.invoices.filter((o) => o.client === i.client && o.status === "draft").length === 1 && i.due_date >= today(w),
      "client with a single draft invoice",
    );
    return {
      say: `${inv.client}'in taslaktaki faturasini kesinlestirelim, musteriye gidecek bugun`,
      expect: [changed("invoice", inv.id, { status: "open" }, inv.number)],
    };
  }),
  about("finance", "write", "void <an open invoice> issued by mistake (waits for approval)", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `${inv.number} yanlış kesilmiş abi, tutar hatalı. void edelim, iptal yani`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ---------------- writes: growth ---------------- */
  about("growth", "write", "add Mehmet Yılmaz as purchasing manager at <an account with a domain>", (w) => {
    const account = pick(w.accounts, (a) => a.domain !== null && contactsOf(w, a.id).length > 0, "account with a domain");
    const email = `mehmet.yilmaz@${account.domain}`;
    return {
      say: `Yeni kontak ekler misin: Mehmet Yılmaz, ${email}, ${account.name}'da satınalma müdürü.`,
      expect: [created("contact", { first_name: is.text("Mehmet"), last_name: is.text("Yılmaz"), email, account_id: account.id })],
    };
  }),
  about("growth", "write", "we won the only deal of <an account>, mark it won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation", "Proposal"]);
    const won = stageOfKind(w, deal, "won");
    return {
      say: `${account} işini aldık abi!! deal'i kazanıldı olarak işaretle lütfen`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "move <a Qualified deal> to Proposal, the offer was sent", (w) => {
    const deal = openDealIn(w, ["Qualified"]);
    const proposal = stageInPipelineOf(w, deal, "Proposal");
    return {
      say: `${deal.name} firsatina teklifi gonderdik, asamasini Proposal yapalim`,
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),
  about("growth", "write", "the deal of <another single-deal account> is now worth 105.000 in its currency", (w) => {
    const single = w.accounts.filter((a) => {
      const ds = dealsOf(w, a.id);
      return ds.length === 1 && ds[0]!.status === "open";
    });
    const account = single[single.length - 1];
    if (!account) throw new Error("no account with a single open deal");
    const deal = dealsOf(w, account.id)[0]!;
    const amount = 105000;
    return {
      say: `${account.name} ile olan deal'in tutari revize oldu, ${trWhole(amount)} ${deal.currency} yapar misin`,
      expect: [changed("deal", deal.id, { amount, currency: deal.currency }, deal.name)],
    };
  }),
  about("growth", "write", "enrol <a lead at an account> in <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inSeq = new Set(enrolledContacts(w, seq.id).map((c) => c.id));
    const contact = pick(w.contacts, (c) => c.lifecycle_stage === "lead" && c.account_id !== null && !inSeq.has(c.id), "lead not in the sequence");
    const account = accountName(w, contact.account_id)!;
    return {
      say: `${account} tarafindaki ${fullName(contact)} - bunu ${seq.name} sekansına kaydeder misin? takip maillerini alsın`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),
  about("growth", "write", "<a qualified contact> became a customer, change the lifecycle stage", (w) => {
    const contact = pick(uniqueContacts(w), (c) => c.lifecycle_stage === "qualified", "qualified contact with a unique name");
    return {
      say: `${fullName(contact)} artik musterimiz oldu, lifecycle'ini customer yapar misin`,
      expect: [changed("contact", contact.id, { lifecycle_stage: "customer" }, fullName(contact))],
    };
  }),
  about("growth", "write", "open a deal 'Kışlık kumaş siparişi' at <an account>, 45.000 USD, closing 15 Ocak", (w) => {
    const account = pick(
      w.accounts,
      (a) => dealsOf(w, a.id).some((d) => d.status === "open" && stageOf(w, d).name === "Proposal"),
      "account with an open deal in Proposal",
    );
    return {
      say: `${account.name} için yeni fırsat açalım: "Kışlık kumaş siparişi", 45.000 USD, 15 Ocak'ta kapanır diye düşünüyoruz.`,
      expect: [
        created("deal", {
          name: is.containing("Kışlık kumaş"),
          account_id: account.id,
          amount: 45000,
          currency: "USD",
          expected_close_date: nextDate(w, 1, 15),
        }),
      ],
    };
  }),

  /* ---------------- writes: talent ---------------- */
  about("talent", "write", "move <a candidate in screening> to interview", (w) => {
    const cand = pick(inStage(w, "screening"), (c) => w.candidates.filter((o) => fullName(o) === fullName(c)).length === 1, "candidate in screening");
    return {
      say: `${fullName(cand)} ilk gorusmeyi gecti, mulakata alalim`,
      expect: [changed("candidate", cand.id, { stage: "interview" }, fullName(cand))],
    };
  }),
  about("talent", "write", "reject <an applied candidate>", (w) => {
    const cand = pick(inStage(w, "applied"), () => true, "applied candidate");
    return {
      say: `${fullName(cand)}'in başvurusu bize uygun değil, reddedelim lütfen.`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "new candidate Ayşe Demir for <the account executive job>, came from LinkedIn", (w) => {
    const job = jobNamed(w, "Account Executive");
    if (job.status !== "open") throw new Error("the Account Executive job is closed");
    return {
      say: `${job.title} ilanina yeni aday ekle: Ayşe Demir, ayse.demir@example.com, LinkedIn'den geldi`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Ayşe"),
          last_name: is.text("Demir"),
          email: "ayse.demir@example.com",
          stage: "applied",
        }),
      ],
    };
  }),

  /* ---------------- figures ---------------- */
  about("intelligence", "figure", "win rate over the last 90 days", (w) => ({
    say: "son 90 günde kazanma oranımız ne? win rate yani, yönetim soruyor",
    expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate over 90 days", "percent")],
  })),
  about("intelligence", "figure", "open pipeline value, per currency", (w) => {
    const totals: Record<string, number> = {};
    for (const t of snapshot(w).growth.pipeline.totals) totals[t.currency] = t.open_value;
    return {
      say: "pipeline'da acik firsatlarin toplam degeri ne kadar su an? agirliksiz, brut rakam",
      expect: [money(totals, "open pipeline value")],
    };
  }),
  about("intelligence", "figure", "days sales outstanding for the USD invoices", (w) => {
    const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD figures");
    return {
      say: "USD faturalar için DSO kaç gün çıkıyor? tahsilat süremiz yani",
      expect: [figure(usd.days_sales_outstanding, "USD days sales outstanding")],
    };
  }),
  about("intelligence", "figure", "candidates still in process on open jobs (hired and rejected left out)", (w) => {
    const openJobs = new Set(w.jobs.filter((j) => j.status === "open").map((j) => j.id));
    const active = w.candidates.filter((c) => openJobs.has(c.job_id) && ["applied", "screening", "interview", "offer"].includes(c.stage));
    return {
      say: "Açık ilanlarda toplam kaç aday hala süreçte? işe alınanlar ve reddedilenler hariç, funnel'a bakmak istiyorum",
      expect: [count(active.length, "candidates in process")],
    };
  }),

  /* ---------------- must not act ---------------- */
  about("finance", "question", "mark 'the invoice' paid, no invoice named", () => ({
    say: "faturayı ödendi olarak işaretle lütfen",
    expect: [noChange(), asksBack()],
  })),
  about("growth", "question", "enrol <a name two contacts share> in the sequence", (w) => {
    const enrolledIds = new Set(w.enrollments.filter((e) => e.status === "active").map((e) => e.contact_id));
    const shared = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length >= 2 && same.every((o) => !enrolledIds.has(o.id));
      },
      "name shared by two contacts, none enrolled",
    );
    return { say: `${fullName(shared)}'yi sekansa ekle hocam`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "cancel 'the invoice' of <a client with several unpaid invoices>", (w) => {
    const client = pick(clients(w), (c) => unpaidOf(w, c).length >= 3, "client with three unpaid invoices");
    return { say: `${client.split(" ")[0]}'in faturasini iptal et`, expect: [noChange(), asksBack()] };
  }),
  about("talent", "question", "move 'the candidate' to the next stage, nobody named", () => ({
    say: "adayı bir sonraki aşamaya geçir abi, görüşme iyi geçti",
    expect: [noChange(), asksBack()],
  })),
  about("growth", "question", "close the deal of <an account with two open deals>, won or lost not said", (w) => {
    const account = pick(w.accounts, (a) => dealsOf(w, a.id).filter((d) => d.status === "open").length >= 2, "account with two open deals");
    return { say: `${account.name.split(" ")[0]} deal'ini kapat`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "new invoice to <a client> due 15 Ocak, no amount or currency", (w) => {
    const withDomain = w.accounts.filter((a) => a.domain !== null);
    const client = withDomain[Math.min(5, withDomain.length - 1)]?.name;
    if (!client) throw new Error("no account with a domain");
    return { say: `${client}'e yeni fatura aç, vadesi 15 Ocak. tesekkurler`, expect: [noChange(), asksBack()] };
  }),
];
