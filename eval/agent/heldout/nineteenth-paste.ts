// Lena: a busy account manager and part-time recruiting coordinator. She mostly pastes things (signatures, forwarded emails,
// remittance advice, meeting notes, CRM/spreadsheet rows, LinkedIn blurbs, Slack messages, invites) with a few words around them.
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
  accountNamed,
  addDays,
  dealTopic,
  dueSums,
  endOfNamedMonth,
  fullName,
  inStage,
  jobNamed,
  ofClient,
  overdue,
  pick,
  stageNamed,
  stageOf,
  today,
  unpaid,
} from "../facts.ts";
import type { Contact, World } from "../world.ts";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** 2026-12-21 -> "December 21" */
const spoken = (isoDate: string) => {
  const [, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}`;
};
/** 2027-03-31 -> "3/31/2027" */
const slashDate = (isoDate: string) => {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return `${m}/${d}/${y}`;
};
const usd = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const digits = (v: unknown) => (typeof v === "string" ? v.replace(/\D/g, "") : "");
const phoneEnding = (tail: string) => is.where(`a phone number ending ${tail}`, (v: unknown) => digits(v).endsWith(tail));
const contactByEmail = (w: World, email: string): Contact => pick(w.contacts, (c) => c.email === email, `contact ${email}`);
const sequenceNamed = (w: World, name: string) => pick(w.sequences, (s) => s.name.toLowerCase() === name.toLowerCase(), `sequence ${name}`);
const candidateNamed = (w: World, name: string) => pick(w.candidates, (c) => fullName(c) === name, `candidate ${name}`);
const dealNamed = (w: World, name: string) => pick(w.deals, (d) => d.name === name, `deal ${name}`);
const snap = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

export const CASES: Case[] = [
  /* ---------------- writes ---------------- */

  about("growth", "write", "signature block of a new Globex contact + add her", (w) => {
    const globex = accountNamed(w, "Globex");
    return {
      say: `Priya Natarajan | Head of Finance | Globex Corporation | priya.natarajan@globex.com | +1 312 555 0147\n\nadd her`,
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Natarajan"),
          email: "priya.natarajan@globex.com",
          title: is.text("Head of Finance"),
          account_id: globex.id,
          phone: phoneEnding("3125550147"),
        }),
      ],
    };
  }),

  about("finance", "write", "forwarded remittance: part payment on <Initech's overdue invoice> + log this", (w) => {
    const inv = pick(w.invoices, (i) => i.client === "Initech" && overdue(i) && i.amount_paid === 0, "unpaid overdue Initech invoice");
    const part = Math.max(100, Math.floor((inv.amount_due * 0.45) / 100) * 100);
    return {
      say:
        `---------- Forwarded message ---------\n` +
        `From: Initech Accounts Payable <ap@initech.io>\n` +
        `Subject: Remittance advice - ${inv.number}\n` +
        `To: billing@enginery.co\n\n` +
        `Hello,\n\n` +
        `Please be advised that a payment of ${inv.currency} ${usd(part)} has been made today towards invoice ${inv.number}. ` +
        `The remaining balance will be settled in our next payment run.\n\n` +
        `Kind regards,\nAccounts Payable\nInitech | 4120 Freidrich Lane, Austin TX 78744\n\n` +
        `This email and any attachments are confidential and intended solely for the addressee.\n\n` +
        `log this`,
      expect: [
        changed(
          "invoice",
          inv.id,
          { amount_paid: Math.round((inv.amount_paid + part) * 100) / 100, amount_due: Math.round((inv.amount_due - part) * 100) / 100 },
          inv.number,
        ),
      ],
    };
  }),

  about("finance", "write", "remittance advice from Oscorp paying <its unpaid invoices> in full", (w) => {
    const invs = ofClient(w, "Oscorp").filter(unpaid);
    if (invs.length < 2 || new Set(invs.map((i) => i.currency)).size !== 1) throw new Error("Oscorp should have 2+ unpaid invoices in one currency");
    const cur = invs[0]!.currency;
    const total = Math.round(invs.reduce((s, i) => s + i.amount_due, 0) * 100) / 100;
    const rows = invs.map((i) => `${i.number}    ${i.due_date}    ${cur} ${usd(i.amount_due)}`).join("\n");
    return {
      say:
        `fyi - got this from Oscorp, pls update\n\n` +
        `-----Original Message-----\n` +
        `From: payables@oscorp-materials.com\n` +
        `Subject: Payment notification\n\n` +
        `Dear Supplier,\n\n` +
        `We have transferred ${cur} ${usd(total)} to your account. This payment covers the following documents:\n\n` +
        `Invoice       Due date      Amount\n${rows}\n\n` +
        `Total paid: ${cur} ${usd(total)}\n\n` +
        `Oscorp Materials - Accounts Payable\nPlease do not reply to this automated message.`,
      expect: invs.map((i) => changed("invoice", i.id, { status: "paid", amount_due: 0 }, i.number)),
    };
  }),

  about("growth", "write", "Slack: Hooli signed, move the data migration deal to closed won + can you do this?", (w) => {
    const deal = dealNamed(w, "Hooli Cloud: Data migration");
    const won = stageNamed(w, "Closed won");
    return {
      say: `Sam Ortiz  10:42 AM\nHooli signed!! 🎉 can someone move the data migration deal to closed won\n\ncan you do this?`,
      expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
    };
  }),

  about("growth", "write", "meeting note from a Tyrell sync (proposal going out) + move the deal along", (w) => {
    const deal = dealNamed(w, "Tyrell Biotech: Platform rollout");
    const proposal = stageNamed(w, "Proposal");
    if (stageOf(w, deal).name !== "Qualified") throw new Error("the Tyrell rollout should be in Qualified");
    return {
      say:
        `Tyrell Biotech - weekly sync\n` +
        `Attendees: Mia Rossi, Liam Okafor, me\n` +
        `- happy with the scoping for the platform rollout\n` +
        `- their security review is done\n` +
        `- budget confirmed on their side\n` +
        `Next steps: we send the formal proposal tomorrow, Mia to loop in procurement\n\n` +
        `move the deal along pls`,
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),

  about("talent", "write", "calendar invite for Radia Perlman's interview + update her stage", (w) => {
    const c = candidateNamed(w, "Radia Perlman");
    if (c.stage !== "screening") throw new Error("Radia should be in screening");
    return {
      say:
        `Product Designer - Interview: Radia Perlman\n` +
        `Thursday · 2:00 - 3:00pm\n` +
        `Google Meet joining info\nVideo call link: https://meet.google.com/qhk-rwbd-xte\n` +
        `Guests: Radia Perlman, Lena, design-team@\n\n` +
        `she passed the screen, invite's booked. update her stage`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),

  about("talent", "write", "LinkedIn blurb + add her to the backend role, email given", (w) => {
    const job = jobNamed(w, "Backend");
    return {
      say:
        `Hedy Lamarr · 2nd\n` +
        `Senior Software Engineer at Zalando\n` +
        `Berlin, Germany · 500+ connections\n` +
        `About: Backend engineer, 8 yrs Go/Kotlin, distributed systems and payments. Ex-N26.\n\n` +
        `add her for the backend role pls, found her on linkedin. email is hedy.lamarr@proton.me`,
      expect: [
        created("candidate", {
          first_name: is.text("Hedy"),
          last_name: is.text("Lamarr"),
          email: "hedy.lamarr@proton.me",
          job_id: job.id,
          source: is.containing("linkedin"),
        }),
      ],
    };
  }),

  about("talent", "write", "Slack: Frances signed the offer + can you do this?", (w) => {
    const c = candidateNamed(w, "Frances Allen");
    if (c.stage !== "offer") throw new Error("Frances should be at offer");
    return {
      say: `Dana Whitfield  4:15 PM\nFrances signed the offer letter 🙌 start date is Jan 12. can you mark her as hired in the system?\n\ncan you do this?`,
      expect: [changed("candidate", c.id, { stage: "hired" }, fullName(c))],
    };
  }),

  about("talent", "write", "forwarded withdrawal email from Alan Turing + fyi - update", (w) => {
    const c = candidateNamed(w, "Alan Turing");
    return {
      say:
        `fyi - update\n\n` +
        `From: Alan Turing <${c.email}>\n` +
        `Subject: Re: Senior Backend Engineer - next steps\n\n` +
        `Hi Lena,\n\nThanks so much for your time last week. After a lot of thought I've decided to accept an offer elsewhere, ` +
        `so I'd like to withdraw from the process.\n\nAll the best,\nAlan\n\nSent from my iPhone`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),

  about("finance", "write", "Blue Sun asks to push <its open invoice>'s due date by two weeks + ok go ahead", (w) => {
    const inv = pick(ofClient(w, "Blue Sun"), (i) => i.status === "open", "open Blue Sun invoice");
    const newDate = addDays(inv.due_date, 14);
    return {
      say:
        `From: Kaylee Frye <ap@bluesunfreight.com>\n` +
        `Subject: ${inv.number} - extension request\n\n` +
        `Hi Lena,\n\nOur payment run slipped this month. Would it be possible to move the due date on ${inv.number} to ${spoken(newDate)}? ` +
        `Sorry for the hassle.\n\nThanks,\nKaylee Frye\nBlue Sun Freight | Accounts\n\n` +
        `ok'd by finance, go ahead and change it`,
      expect: [changed("invoice", inv.id, { due_date: newDate }, inv.number)],
    };
  }),

  about("growth", "write", "spreadsheet row (tab separated) for a new Aperture deal + add to pipeline", (w) => {
    const aperture = accountNamed(w, "Aperture");
    const qualified = stageNamed(w, "Qualified");
    const close = endOfNamedMonth(w, 3);
    return {
      say: `Account\tOpportunity\tAmount\tStage\tClose date\nAperture Labs\tSupport renewal 2027\t$24,000\tQualified\t${slashDate(close)}\n\ncan you add this one to the pipeline`,
      expect: [
        created("deal", {
          name: is.containing("Support renewal"),
          account_id: aperture.id,
          amount: 24000,
          currency: "USD",
          stage_id: qualified.id,
          expected_close_date: close,
        }),
      ],
    };
  }),

  about("growth", "write", "CRM export (pipe separated), two new Stark Logistics contacts + pls add these", (w) => {
    const stark = accountNamed(w, "Stark");
    return {
      say:
        `First Name | Last Name | Email | Title | Company | Lead Status\n` +
        `Tom | Becker | tom.becker@starklogistics.com | Procurement Lead | Stark Logistics | Lead\n` +
        `Nadia | Farouk | nadia.farouk@starklogistics.com | IT Director | Stark Logistics | Qualified\n\n` +
        `pls add these two`,
      expect: [
        created("contact", {
          first_name: is.text("Tom"),
          last_name: is.text("Becker"),
          email: "tom.becker@starklogistics.com",
          title: is.text("Procurement Lead"),
          account_id: stark.id,
          lifecycle_stage: "lead",
        }),
        created("contact", {
          first_name: is.text("Nadia"),
          last_name: is.text("Farouk"),
          email: "nadia.farouk@starklogistics.com",
          title: is.text("IT Director"),
          account_id: stark.id,
          lifecycle_stage: "qualified",
        }),
      ],
    };
  }),

  about("growth", "write", "Slack: put Isla Haddad in the new lead follow-up sequence", (w) => {
    const seq = sequenceNamed(w, "New lead follow-up");
    const isla = pick(w.contacts, (c) => fullName(c) === "Isla Haddad", "Isla Haddad");
    return {
      say: `Raj  11:03 AM\nIsla Haddad from Stark stopped by our booth at the webinar and wants more info, can we put her in the new lead follow-up sequence?\n\ncan you do this?`,
      expect: [enrolled(seq.id, isla.id, "Isla Haddad")],
    };
  }),

  about("growth", "write", "forwarded 'please stop emailing me' reply from Ava Chen (Northwind) + take her off the sequence", (w) => {
    const seq = sequenceNamed(w, "New lead follow-up");
    const ava = contactByEmail(w, "ava.chen@northwind.co.uk");
    return {
      say:
        `From: Ava Chen <ava.chen@northwind.co.uk>\n` +
        `Subject: Re: Quick question, Ava\n\n` +
        `Hi, please stop sending these - we're happy with our current setup and I'll reach out if that changes.\n\n` +
        `Ava Chen | Chief Financial Officer | Northwind Traders\n\n` +
        `take her off the sequence`,
      expect: [unenrolled(seq.id, ava.id, "Ava Chen (Northwind)")],
    };
  }),

  about("finance", "write", "email from delivery: bill Northwind EUR 6,500 net 30 + pls set this up", (w) => ({
    say:
      `From: Marcus Hale\n` +
      `Subject: billing - Northwind onboarding\n\n` +
      `Hi Lena,\nWe wrapped the onboarding workshop for Northwind Traders yesterday. Can you bill them EUR 6,500 for it, usual net 30? ` +
      `Their PO number is NWT-4471.\nThx, M\n\n` +
      `pls set this up`,
    expect: [
      created("invoice", {
        client: is.text("Northwind Traders"),
        amount: 6500,
        currency: "EUR",
        due_date: addDays(today(w), 30),
      }),
    ],
  })),

  about("finance", "write", "Aperture says <its open invoice> was sent twice + can you void it", (w) => {
    const inv = pick(ofClient(w, "Aperture"), (i) => i.status === "open", "open Aperture invoice");
    return {
      say:
        `From: Sofia Kowalski <sofia.kowalski@aperturelabs.fr>\n` +
        `Subject: Duplicate invoice ${inv.number}\n\n` +
        `Bonjour Lena,\n\nWe received ${inv.number} twice in our AP inbox and it duplicates work we already settled. ` +
        `Could you cancel it on your side?\n\nMerci,\nSofia\n\n` +
        `can you void it`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  about("finance", "write", "Slack: Pied Piper went bankrupt, write off what they owe", (w) => {
    const invs = ofClient(w, "Pied Piper").filter(unpaid);
    if (invs.length !== 1) throw new Error("Pied Piper should have exactly one unpaid invoice");
    const inv = invs[0]!;
    return {
      say: `Priya (Finance)  9:20 AM\nheads up, Pied Piper filed for bankruptcy. legal says we're not getting anything back. can you write off whatever they still owe us?\n\ncan you do this?`,
      expect: [approval(/uncollectible|write/i, inv.id, inv.number)],
    };
  }),

  about("growth", "write", "new signature from Noah Schmidt at Hooli (promotion, new phone) + pls update", (w) => {
    const noah = contactByEmail(w, "noah.schmidt@hooli.cloud");
    return {
      say: `Noah Schmidt\nDirector of Operations | Hooli Cloud\nnoah.schmidt@hooli.cloud | +1 650 555 0199\nhooli.cloud\n\nhe got promoted, new title + phone. pls update`,
      expect: [changed("contact", noah.id, { title: is.text("Director of Operations"), phone: phoneEnding("6505550199") }, "Noah Schmidt (Hooli)")],
    };
  }),

  /* ---------------- reads ---------------- */

  about("finance", "read", "Isla at Stark asks for a statement + how much do they owe", (w) => ({
    say:
      `From: Isla Haddad <isla.haddad@starklogistics.com>\n` +
      `Subject: Statement request\n\n` +
      `Hi Lena, for our year-end close could you confirm the total we currently owe you? Thanks, Isla\n\n` +
      `how much do they owe us in total?`,
    expect: [money(dueSums(ofClient(w, "Stark").filter(unpaid)), "amount Stark Logistics still owes")],
  })),

  about("finance", "read", "Slack: does Globex have anything overdue before the call", (w) => {
    const g = ofClient(w, "Globex");
    return {
      say: `Marco  2:47 PM\nhey, does Globex have anything overdue with us? jumping on a call with them in 10\n\nwhich ones?`,
      expect: [
        names(
          g.filter(overdue).map((i) => i.number),
          g.filter((i) => !overdue(i)).map((i) => i.number),
        ),
      ],
    };
  }),

  about("finance", "read", "spreadsheet column of invoice numbers + just give me the paid ones", (w) => {
    const paid = w.invoices.filter((i) => i.status === "paid").slice(0, 2);
    const open = w.invoices.filter((i) => i.status === "open").slice(0, 2);
    const od = w.invoices.filter(overdue).slice(0, 1);
    if (paid.length < 2 || open.length < 2 || od.length < 1) throw new Error("not enough paid/open/overdue invoices");
    const list = [open[0]!, paid[0]!, od[0]!, open[1]!, paid[1]!];
    return {
      say: `${list.map((i) => i.number).join("\n")}\n\nwhich of these have been paid? just give me the paid ones`,
      expect: [
        names(
          paid.map((i) => i.number),
          [...open, ...od].map((i) => i.number),
        ),
      ],
    };
  }),

  about("growth", "read", "calendar invite for the Umbrella QBR + what open deals do we have with them, total value", (w) => {
    const umbrella = accountNamed(w, "Umbrella");
    const open = w.deals.filter((d) => d.account_id === umbrella.id && d.status === "open");
    const sums: Record<string, number> = {};
    for (const d of open) sums[d.currency] = Math.round(((sums[d.currency] ?? 0) + (d.amount ?? 0)) * 100) / 100;
    return {
      say:
        `QBR - Umbrella Health\n` +
        `Thursday 10:00 - 11:00 CET\n` +
        `Zoom: https://zoom.us/j/93817264410\n` +
        `Attendees: Olivia Tanaka, Ethan Murphy, Lena\n` +
        `Agenda: renewal, expansion, support tickets\n\n` +
        `prep - what open deals do we have with them and what are they worth in total?`,
      expect: [names(open.map((d) => dealTopic(d).split(":")[0]!)), money(sums, "open deal value with Umbrella Health")],
    };
  }),

  about("talent", "read", "who's still in the running for the Account Executive role", (w) => {
    const job = jobNamed(w, "Account Executive");
    const cands = w.candidates.filter((c) => c.job_id === job.id);
    const active = cands.filter((c) => c.stage !== "rejected" && c.stage !== "hired");
    return {
      say: `who's still in the running for the account exec role?`,
      expect: [names(active.map(fullName), cands.filter((c) => c.stage === "rejected").map(fullName))],
    };
  }),

  about("talent", "read", "how many people are at interview stage across all roles", (w) => ({
    say: `how many ppl are at interview stage right now, all roles`,
    expect: [count(inStage(w, "interview").length, "candidates in interview")],
  })),

  about("talent", "read", "LinkedIn blurb of Tim Berners-Lee + didn't he apply already, where's he at", (w) => {
    const c = candidateNamed(w, "Tim Berners-Lee");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "Tim's job");
    return {
      say: `Tim Berners-Lee · 3rd\nDesign lead · ex-CERN · building for the open web\nLondon, United Kingdom\n\ndidn't he already apply with us? where's he at`,
      expect: [says(c.stage), says(job.title)],
    };
  }),

  about("growth", "read", "signature of Sofia Kowalski (Initech) + do we have her, need her email", (w) => {
    const sofia = pick(w.contacts, (c) => fullName(c) === "Sofia Kowalski" && c.account_id === accountNamed(w, "Initech").id, "Sofia at Initech");
    return {
      say: `Sofia Kowalski\nFinance Manager, Initech\nT: +1 512 555 0133\n\ndo we have her in the system? need her email`,
      expect: [says(sofia.email)],
    };
  }),

  about("growth", "read", "which deals are sitting in negotiation", (w) => {
    const open = w.deals.filter((d) => d.status === "open");
    const inNeg = open.filter((d) => stageOf(w, d).name === "Negotiation");
    const accName = (id: string | null) => pick(w.accounts, (a) => a.id === id, "deal's account").name;
    const negAccounts = [...new Set(inNeg.map((d) => accName(d.account_id)))];
    const otherAccounts = [...new Set(open.filter((d) => !inNeg.includes(d)).map((d) => accName(d.account_id)))].filter((a) => !negAccounts.includes(a));
    return {
      say: `which deals are sitting in negotiation rn?`,
      expect: [names(negAccounts, otherAccounts, negAccounts.length)],
    };
  }),

  about("finance", "read", "anything coming due in the next two weeks I should chase", (w) => {
    const t = today(w);
    const end = addDays(t, 14);
    const open = w.invoices.filter((i) => i.status === "open");
    const soon = open.filter((i) => i.due_date >= t && i.due_date <= end);
    return {
      say: `anything coming due in the next 2 weeks i should chase? (already sent ones, not drafts)`,
      expect: [
        names(
          soon.map((i) => i.number),
          open.filter((i) => !soon.includes(i)).map((i) => i.number),
        ),
      ],
    };
  }),

  about("growth", "read", "how many people do we have at Aperture Labs", (w) => ({
    say: `how many contacts do we have at aperture labs?`,
    expect: [count(w.contacts.filter((c) => c.account_id === accountNamed(w, "Aperture").id).length, "contacts at Aperture Labs")],
  })),

  about("growth", "read", "Slack: when is Stark's support upgrade expected to close", (w) => {
    const deal = dealNamed(w, "Stark Logistics: Support upgrade");
    if (!deal.expected_close_date) throw new Error("the Stark support upgrade has no close date");
    return {
      say: `Jordan  5:02 PM\nwhen's the Stark support upgrade supposed to close? need it for the forecast\n\ncan you check`,
      expect: [date(deal.expected_close_date, "expected close date")],
    };
  }),

  about("finance", "read", "which invoices are only partly paid", (w) => {
    const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
    return {
      say: `which invoices are only partly paid?`,
      expect: [
        names(
          part.map((i) => i.number),
          w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0).map((i) => i.number),
        ),
      ],
    };
  }),

  /* ---------------- figures ---------------- */

  about("intelligence", "figure", "what's our win rate lately", (w) => ({
    say: `what's our win rate looking like lately?`,
    expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate over the last 90 days", "percent")],
  })),

  about("intelligence", "figure", "DSO in USD", (w) => {
    const usdRow = pick(snap(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
    return { say: `what's our DSO on the USD side?`, expect: [figure(usdRow.days_sales_outstanding, "USD days sales outstanding")] };
  }),

  about("intelligence", "figure", "weighted pipeline", (w) => {
    const sums: Record<string, number> = {};
    for (const t of snap(w).growth.pipeline.totals) sums[t.currency] = t.weighted_value;
    return { say: `whats the weighted pipeline at the moment`, expect: [money(sums, "weighted pipeline value")] };
  }),

  about("intelligence", "figure", "Slack from the CFO: total receivables per currency for the board deck", (w) => {
    const sums: Record<string, number> = {};
    for (const c of snap(w).finance.currencies) sums[c.currency] = c.outstanding;
    return {
      say: `Helen (CFO)  8:51 AM\nLena can you grab total receivables per currency for the board deck? everything outstanding, not just overdue\n\ncan you do this?`,
      expect: [money(sums, "outstanding receivables")],
    };
  }),

  about("intelligence", "figure", "how many new contacts in the last 30 days", (w) => ({
    say: `how many new contacts did we add in the last 30 days?`,
    expect: [figure(snap(w).growth.new_contacts_last_30_days, "new contacts in the last 30 days")],
  })),

  /* ---------------- questions ---------------- */

  about("finance", "question", "Stark remittance for USD 5,000 with no invoice number (several unpaid USD invoices) + log this", (w) => {
    const usdOpen = ofClient(w, "Stark").filter((i) => unpaid(i) && i.currency === "USD" && i.amount_due > 5000);
    if (usdOpen.length < 2) throw new Error("Stark should have several unpaid USD invoices over 5,000");
    return {
      say:
        `---------- Forwarded message ---------\n` +
        `From: AP Team <accounts.payable@starklogistics.com>\n` +
        `Subject: Payment sent\n\n` +
        `Hi,\n\nWe have transferred USD 5,000.00 to your account today.\n\nRegards,\nAccounts Payable\nStark Logistics\n` +
        `1 Stark Plaza, Newark NJ\n\n` +
        `log this`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("growth", "question", "Slack: flip Olivia Tanaka to customer (two Olivia Tanakas, no company)", (w) => {
    if (w.contacts.filter((c) => fullName(c) === "Olivia Tanaka").length < 2) throw new Error("expected two Olivia Tanakas");
    return {
      say: `Jordan  3:12 PM\nOlivia Tanaka signed the order form! can you flip her to customer\n\ncan you do this?`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("growth", "question", "Slack: Initech pilot renegotiated to EUR 9,000, update the deal (two Initech pilot deals)", (w) => {
    if (w.deals.filter((d) => d.name === "Initech: Pilot project").length < 2) throw new Error("expected two Initech pilot deals");
    return {
      say: `Marco  1:30 PM\nInitech pilot - they renegotiated, it's EUR 9,000 now. can you update the deal?\n\ncan you do this?`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("finance", "question", "remittance for an invoice number that doesn't exist + log this", (w) => {
    if (w.invoices.some((i) => i.number === "INV-000512")) throw new Error("INV-000512 exists");
    return {
      say:
        `---------- Forwarded message ---------\n` +
        `From: Finance <finance@soylentfoods.com>\n` +
        `Subject: Payment for INV-000512\n\n` +
        `Dear Sir/Madam,\n\nWe have transferred GBP 3,000.00 in settlement of INV-000512.\n\nBest regards,\nSoylent Foods Finance\n\n` +
        `log this`,
      expect: [noChange()],
    };
  }),

  about("finance", "question", "Slack: Gringotts cancelled the data migration, kill the invoice (two such drafts)", (w) => {
    const drafts = ofClient(w, "Gringotts").filter((i) => i.status === "draft" && i.description === "Data migration");
    if (drafts.length < 2) throw new Error("expected two Gringotts data migration drafts");
    return {
      say: `Sam Ortiz  6:10 PM\nGringotts pulled the plug on the data migration 😕 can you kill the invoice for it\n\ncan you do this?`,
      expect: [noChange(), asksBack()],
    };
  }),

  about("talent", "question", "LinkedIn blurb with no job and no email + add her as a candidate", () => ({
    say: `Ada Lovelace · 2nd\nData Analyst · Mathematician · Writer\nLondon, United Kingdom · Open to work\n\nadd her as a candidate pls`,
    expect: [noChange(), asksBack()],
  })),
];
