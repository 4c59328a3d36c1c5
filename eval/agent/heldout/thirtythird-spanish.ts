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
  addDays,
  contactsOf,
  dealsOf,
  dueSums,
  enrolledContacts,
  fullName,
  month,
  names as personNames,
  numbers,
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
  candidatesOf,
  inStage,
} from "../facts.ts";
import type { Deal, World } from "../world.ts";

/*
 * Lucía, operations manager of a small Mexican distribution company. She
 * writes to the assistant in English and Spanish at once: Spanish business
 * words, día/mes dates, "12 mil" amounts, sometimes whole sentences in
 * Spanish. Every record is chosen from the data at run time.
 */

const MESES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];
const parts = (d: string) => d.split("-").map(Number) as [number, number, number];
/** "15 de enero", as she says a date. */
const diaDeMes = (d: string) => {
  const [, m, day] = parts(d);
  return `${day} de ${MESES[m - 1]}`;
};
/** "20/12" (día/mes), with the year only when it is not this year's. */
const diaMes = (w: World, d: string) => {
  const [y, m, day] = parts(d);
  const short = `${String(day).padStart(2, "0")}/${String(m).padStart(2, "0")}`;
  return y === parts(today(w))[0] ? short : `${short}/${y}`;
};
/** The record at this place in the list (wrapping), so cases spread over the data; an error when the list is empty. */
function nth<T>(list: T[], i: number, what: string): T {
  if (!list.length) throw new Error(`no ${what} in the data`);
  return list[i % list.length]!;
}
const digits = (s: unknown) => (typeof s === "string" ? s.replace(/\D/g, "") : "");
const accountName = (w: World, id: string | null) => w.accounts.find((a) => a.id === id)?.name ?? "";
const openDeals = (w: World, accountId: string) => dealsOf(w, accountId).filter((d) => d.status === "open");
/** Spanish and English words for a pipeline stage, any of which tells it. */
const STAGE_WORDS: Record<string, string[]> = {
  "Lead in": ["lead in", "lead"],
  Qualified: ["qualified", "calificad"],
  Proposal: ["proposal", "propuesta"],
  Negotiation: ["negotiation", "negociación", "negociacion"],
};
const unpaidOf = (w: World, client: string) => w.invoices.filter((i) => i.client === client && unpaid(i));
const clientsWithUnpaid = (w: World, atLeast: number) => [...new Set(w.invoices.map((i) => i.client))].filter((c) => unpaidOf(w, c).length >= atLeast);

export const CASES: Case[] = [
  /* ---------------- reads: finance ---------------- */
  about("finance", "read", "how many facturas vencidas do we have right now", (w) => ({
    say: "oye, cuántas facturas vencidas tenemos ahorita?",
    expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
  })),
  about("finance", "read", "how much <a client with several unpaid invoices> owes us in total", (w) => {
    const client = pick(clientsWithUnpaid(w, 2), () => true, "client with two or more unpaid invoices");
    return {
      say: `cuánto nos debe ${client}? todo lo pendiente, vencido y no vencido`,
      expect: [money(dueSums(unpaidOf(w, client)), `amount ${client} still owes`)],
    };
  }),
  about("finance", "read", "is <an overdue unpaid invoice> of <client> already paid", (w) => {
    const inv = pick(w.invoices, (i) => overdue(i) && i.amount_paid === 0, "overdue invoice with nothing paid");
    return {
      say: `the factura of ${inv.client}, the ${shortNumber(inv)}, is it pagada already?`,
      expect: [says("overdue", "vencida", "past due", "unpaid", "not paid", "not been paid", "no está pagada", "no ha sido pagada", "sin pagar")],
    };
  }),
  about("finance", "read", "what is left to pay on <a part-paid invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.amount_paid > 0, "part-paid invoice");
    return {
      say: `${inv.number}: they gave us an anticipo, cuánto falta por pagar?`,
      expect: [money({ [inv.currency]: inv.amount_due }, `amount still due on ${inv.number}`)],
    };
  }),
  about("finance", "read", "list the draft invoices not sent yet", (w) => {
    const drafts = w.invoices.filter((i) => i.status === "draft");
    const sent = w.invoices.filter(unpaid);
    return {
      say: "pásame la lista de facturas en borrador, las que todavía no mandamos al cliente",
      expect: [names(numbers(drafts), numbers(sent), drafts.length)],
    };
  }),
  about("finance", "read", "which open invoices fall due between today and <a day a few weeks out>", (w) => {
    const open = w.invoices.filter((i) => i.status === "open").sort((a, b) => a.due_date.localeCompare(b.due_date));
    const limit = pick(open.slice(2), () => true, "three open invoices").due_date;
    const inside = open.filter((i) => i.due_date <= limit);
    const outside = open.filter((i) => i.due_date > limit);
    return {
      say: `Which facturas abiertas vencen de aquí al ${diaDeMes(limit)}? Las que todavía no están vencidas, para avisarle a los clientes`,
      expect: [names(numbers(inside), numbers(outside), inside.length)],
    };
  }),
  about("finance", "read", "when is <an open invoice> due", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open", "open invoice");
    return { say: `la ${shortNumber(inv)} cuándo vence?`, expect: [date(inv.due_date, `due date of ${inv.number}`)] };
  }),

  /* ---------------- reads: growth ---------------- */
  about("growth", "read", "which deals are in negotiation right now", (w) => {
    const negotiation = stageNamed(w, "Negotiation");
    const inIt = w.deals.filter((d) => d.status === "open" && d.stage_id === negotiation.id);
    const accounts = [...new Set(inIt.map((d) => accountName(w, d.account_id)).filter(Boolean))];
    const notIn = [
      ...new Set(
        w.deals.filter((d) => d.status === "open" && d.account_id && !inIt.some((x) => x.account_id === d.account_id)).map((d) => accountName(w, d.account_id)),
      ),
    ];
    return {
      say: "qué deals tenemos en negociación ahorita? nomás los que están en esa etapa",
      expect: [names(accounts, notIn, accounts.length)],
    };
  }),
  about("growth", "read", "the contacts we have at <an account with several contacts>", (w) => {
    const account = pick(w.accounts, (a) => contactsOf(w, a.id).length >= 3, "account with three or more contacts");
    const people = personNames(contactsOf(w, account.id));
    return { say: `dame los contactos de ${account.name} please`, expect: [names(people, [], people.length)] };
  }),
  about("growth", "read", "who holds <a title> at <an account>", (w) => {
    const contact = pick(
      w.contacts,
      (c) => !!c.title && !!c.account_id && contactsOf(w, c.account_id).filter((o) => o.title === c.title).length === 1,
      "contact whose title is unique in its account",
    );
    return {
      say: `quién es el ${contact.title} de ${accountName(w, contact.account_id)}? necesito hablarle`,
      expect: [names([fullName(contact)])],
    };
  }),
  about("growth", "read", "how many contacts are enrolled in <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => enrolledContacts(w, s.id).length > 0, "sequence with enrolled contacts");
    return {
      say: `cuántos contactos tenemos metidos en la secuencia "${seq.name}"?`,
      expect: [count(enrolledContacts(w, seq.id).length, "contacts enrolled")],
    };
  }),
  about("growth", "read", "the email of <a contact>", (w) => {
    const contact = nth(
      uniqueContacts(w).filter((c) => !!c.account_id),
      1,
      "contact with a unique name",
    );
    return {
      say: `pásame el correo de ${fullName(contact)} de ${accountName(w, contact.account_id)}, por favor`,
      expect: [says(contact.email)],
    };
  }),
  about("growth", "read", "what stage the single open deal of <an account> is in", (w) => {
    const { deal, account } = soleOpenDeal(w);
    const stage = stageOf(w, deal);
    return {
      say: `el deal de ${account}, en qué etapa va?`,
      expect: [says(stage.name, ...(STAGE_WORDS[stage.name] ?? []))],
    };
  }),

  /* ---------------- reads: talent ---------------- */
  about("talent", "read", "how many candidates <a job> has", (w) => {
    const job = pick(
      w.jobs,
      (j) => j.status === "open" && candidatesOf(w, j.id).length > 0 && candidatesOf(w, j.id).every((c) => c.stage !== "rejected" && c.stage !== "hired"),
      "open job whose candidates are all still in process",
    );
    return {
      say: `cuántos candidatos tiene la vacante de ${job.title}?`,
      expect: [count(candidatesOf(w, job.id).length, `candidates for ${job.title}`)],
    };
  }),
  about("talent", "read", "who is at the interview stage", (w) => {
    const people = personNames(inStage(w, "interview"));
    const others = personNames(w.candidates.filter((c) => c.stage !== "interview"));
    return { say: "quiénes están en etapa de entrevista? de todas las vacantes", expect: [names(people, others, people.length)] };
  }),
  about("talent", "read", "what stage <a candidate with an offer> is at", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "offer", "candidate in offer");
    return { say: `y ${fullName(cand)}? en qué etapa va su proceso`, expect: [says("offer", "oferta")] };
  }),
  about("talent", "read", "which job openings are open", (w) => {
    const open = w.jobs.filter((j) => j.status === "open").map((j) => j.title);
    const closed = w.jobs.filter((j) => j.status === "closed").map((j) => j.title);
    return { say: "which vacantes tenemos abiertas ahorita?", expect: [names(open, closed, open.length)] };
  }),

  /* ---------------- figures ---------------- */
  about("intelligence", "figure", "our win rate", (w) => ({
    say: "oye, cuál es nuestro win rate de los deals? el porcentaje",
    expect: [figure(w.snapshot?.growth.last_90_days.win_rate ?? null, "win rate", "percent")],
  })),
  about("intelligence", "figure", "days sales outstanding in dollars", (w) => {
    const usd = w.snapshot?.finance.currencies.find((c) => c.currency === "USD");
    return {
      say: "cuántos días nos tardamos en cobrar en promedio? el DSO de lo que facturamos en dólares",
      expect: [figure(usd?.days_sales_outstanding ?? null, "days sales outstanding (USD)")],
    };
  }),
  about("intelligence", "figure", "the open pipeline value", (w) => ({
    say: "cuánto traemos en pipeline abierto? the total value of the deals que siguen abiertos",
    expect: [
      money(
        sums(
          w.deals.filter((d: Deal) => d.status === "open"),
          (d: Deal) => d.amount ?? 0,
        ),
        "open pipeline value",
      ),
    ],
  })),
  about("intelligence", "figure", "everything customers owe us, per currency", (w) => ({
    say: "En total, cuánto nos deben los clientes? Separado por moneda por favor",
    expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
  })),

  /* ---------------- writes: finance ---------------- */
  about("finance", "write", "<client> paid <an overdue invoice> in full, mark it paid", (w) => {
    const inv = nth(w.invoices.filter((i) => overdue(i) && i.amount_paid === 0).reverse(), 0, "overdue invoice with nothing paid");
    return {
      say: `ya pagó ${inv.client} la ${shortNumber(inv)}, completa. márcala como pagada porfa`,
      expect: [changed("invoice", inv.id, { status: "paid", amount_due: 0 }, inv.number)],
    };
  }),
  about("finance", "write", "record a payment of 5 mil dollars on <an unpaid USD invoice>", (w) => {
    const inv = pick(w.invoices, (i) => unpaid(i) && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 6000, "unpaid USD invoice over 6000");
    return {
      say: `${inv.client} nos depositó 5 mil dólares a cuenta de la factura ${inv.number}. Regístralo, no es el pago completo`,
      expect: [changed("invoice", inv.id, { amount_paid: 5000, amount_due: Math.round((inv.amount_due - 5000) * 100) / 100, status: inv.status }, inv.number)],
    };
  }),
  about("finance", "write", "new invoice in pesos for <an account>, due the 15th two months out", (w) => {
    const account = nth(
      w.accounts.filter((a) => !!a.domain),
      1,
      "account",
    );
    const [first] = month(w, 2);
    const due = `${first.slice(0, 8)}15`;
    return {
      say: `hazme una factura para ${account.name} por $12,500 MXN, concepto servicio de flete, que venza el ${diaDeMes(due)}`,
      expect: [created("invoice", { client: is.containing(account.name), amount: 12500, currency: "MXN", due_date: due })],
    };
  }),
  about("finance", "write", "push the due date of <an open invoice> back two weeks", (w) => {
    const open = w.invoices.filter((i) => i.status === "open").sort((a, b) => b.due_date.localeCompare(a.due_date));
    const inv = nth(open, 0, "open invoice");
    const due = addDays(inv.due_date, 15);
    return {
      say: `el cliente pidió más tiempo: a la ${inv.number} de ${inv.client} cámbiale la fecha de vencimiento al ${diaMes(w, due)}`,
      expect: [changed("invoice", inv.id, { due_date: due }, inv.number)],
    };
  }),
  about("finance", "write", "cancel (void) <an open invoice>, billed by mistake", (w) => {
    const inv = [...w.invoices].reverse().find((i) => i.status === "open") ?? pick(w.invoices, (i) => i.status === "open", "open invoice");
    return {
      say: `cancela la factura ${inv.number} de ${inv.client} por favor, se facturó mal y la vamos a volver a hacer`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ---------------- writes: growth ---------------- */
  about("growth", "write", "add a new buyer contact at <an account with a domain>", (w) => {
    const account = nth(
      w.accounts.filter((a) => !!a.domain),
      4,
      "account with a domain",
    );
    const email = `mariana.gomez@${account.domain}`;
    return {
      say: `agrega a Mariana Gómez como contacto, es la nueva compradora de ${account.name}. Su correo: ${email}`,
      expect: [
        created("contact", {
          email,
          first_name: is.text("Mariana"),
          last_name: is.where('"Gómez" (or Gomez)', (v: string) => typeof v === "string" && ["gómez", "gomez"].includes(v.trim().toLowerCase())),
          account_id: account.id,
        }),
      ],
    };
  }),
  about("growth", "write", "the deal of <an account> moved to negotiation", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified", "Proposal"]);
    const negotiation = stageNamed(w, "Negotiation");
    return {
      say: `el deal de ${account} ya pasó a negociación, actualízalo`,
      expect: [changed("deal", deal.id, { stage_id: negotiation.id }, deal.name)],
    };
  }),
  about("growth", "write", "we won the deal of <an account> in negotiation", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    return {
      say: `ganamos lo de ${account}!! márcalo como ganado`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "put <a contact not yet enrolled> into <the sequence>", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = enrolledContacts(w, seq.id).map((c) => c.id);
    const contact = pick(uniqueContacts(w), (c) => !!c.account_id && !inIt.includes(c.id), "contact not enrolled");
    return {
      say: `mete a ${fullName(contact)} (${accountName(w, contact.account_id)}) a la secuencia ${seq.name}`,
      expect: [enrolled(seq.id, contact.id, fullName(contact))],
    };
  }),
  about("growth", "write", "take <an enrolled contact> out of the sequence", (w) => {
    const seq = pick(w.sequences, (s) => enrolledContacts(w, s.id).length > 0, "sequence with enrolled contacts");
    // a name may be shared, but not by two people of the same account
    const contact = nth(
      enrolledContacts(w, seq.id).filter(
        (c) => w.contacts.filter((o) => fullName(o) === fullName(c) && o.account_id === c.account_id).length === 1 && !!c.account_id,
      ),
      1,
      "enrolled contact",
    );
    return {
      say: `saca a ${fullName(contact)} de ${accountName(w, contact.account_id)} de la secuencia "${seq.name}", ya no le mandes más correos`,
      expect: [unenrolled(seq.id, contact.id, fullName(contact))],
    };
  }),
  about("growth", "write", "open a new renewal deal of 45 mil dollars for <an account>", (w) => {
    const account = nth(w.accounts.filter((a) => dealsOf(w, a.id).length > 0).reverse(), 0, "account with deals");
    return {
      say: `abre un deal nuevo para ${account.name}, que se llame "Renovación anual", son 45 mil dólares`,
      expect: [
        created("deal", {
          name: is.where('containing "Renovación" (or Renovacion)', (v: string) => typeof v === "string" && /renovaci[oó]n/i.test(v)),
          amount: 45000,
          currency: "USD",
          account_id: account.id,
        }),
      ],
    };
  }),
  about("growth", "write", "change the phone number of <a contact> to a Mexican one", (w) => {
    const contact = nth(
      uniqueContacts(w)
        .filter((c) => !!c.account_id && !c.phone)
        .reverse(),
      0,
      "contact with a unique name and no phone",
    );
    return {
      say: `cámbiale el teléfono a ${fullName(contact)}, el nuevo es +52 55 1234 5678`,
      expect: [
        changed("contact", contact.id, { phone: is.where("the number +52 55 1234 5678", (v: string) => digits(v) === "525512345678") }, fullName(contact)),
      ],
    };
  }),

  /* ---------------- writes: talent ---------------- */
  about("talent", "write", "reject <a candidate early in the process>", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "applied", "applied candidate");
    const job = pick(w.jobs, (j) => j.id === cand.job_id, "job");
    return {
      say: `rechaza a ${fullName(cand)} de la vacante de ${job.title} por favor, no tiene la experiencia que buscamos`,
      expect: [changed("candidate", cand.id, { stage: "rejected" }, fullName(cand))],
    };
  }),
  about("talent", "write", "move <a candidate in screening> to interview", (w) => {
    const cand = pick(w.candidates, (c) => c.stage === "screening", "candidate in screening");
    return {
      say: `${fullName(cand)} ya pasó el filtro telefónico. Pasa a ${cand.first_name} a entrevista, please`,
      expect: [changed("candidate", cand.id, { stage: "interview" }, fullName(cand))],
    };
  }),
  about("talent", "write", "open a part-time warehouse job in Monterrey", () => ({
    say: "Abre una vacante nueva: Almacenista, en Monterrey, medio tiempo, del área de Operaciones.",
    expect: [
      created("job", {
        title: is.containing("Almacenista"),
        location: is.containing("Monterrey"),
        employment_type: "part_time",
        department: is.where('"Operaciones" (or Operations)', (v: string) => typeof v === "string" && /^(operaciones|operations)$/i.test(v.trim())),
      }),
    ],
  })),

  /* ---------------- must not act ---------------- */
  about("finance", "question", "cancel the invoice of <a client with several unpaid invoices>, without saying which", (w) => {
    const client = pick(clientsWithUnpaid(w, 2), () => true, "client with two or more unpaid invoices");
    return { say: `cancela la factura de ${client.split(" ")[0]}, por favor`, expect: [noChange(), asksBack()] };
  }),
  about("finance", "question", "invoice <an account> for 8 mil, no currency and no due date", (w) => {
    const account = nth(
      w.accounts.filter((a) => !!a.domain),
      2,
      "account",
    );
    return { say: `hazle una factura a ${account.name} por 8 mil`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "mark the deal of <an account with two open deals> as won, without saying which", (w) => {
    const account = pick(w.accounts, (a) => openDeals(w, a.id).length >= 2, "account with two open deals");
    return { say: `el deal de ${account.name}, ponlo como ganado ya`, expect: [noChange(), asksBack()] };
  }),
  about("growth", "question", "enrol <a name two contacts share> in the sequence", (w) => {
    const seq = pick(w.sequences, (s) => s.status === "active", "active sequence");
    const inIt = enrolledContacts(w, seq.id).map((c) => c.id);
    const shared = pick(
      w.contacts,
      (c) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(c));
        return same.length >= 2 && same.every((o) => !inIt.includes(o.id));
      },
      "name two contacts share, none enrolled",
    );
    return { say: `agrega a ${fullName(shared)} a la secuencia ${seq.name}`, expect: [noChange()] };
  }),
  about("talent", "question", "move the candidate to the next stage, without saying who", () => ({
    say: "ya la entrevisté, pasa a la candidata a la siguiente etapa",
    expect: [noChange()],
  })),
  about("talent", "question", "close the job opening, without saying which", (w) => {
    // only a question when several jobs are open
    pick(w.jobs.filter((j) => j.status === "open").slice(1), () => true, "two open jobs");
    return { say: "oye, cierra la vacante, ya la llenamos", expect: [noChange(), asksBack()] };
  }),
];
