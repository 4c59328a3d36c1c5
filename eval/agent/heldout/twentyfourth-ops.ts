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
  candidatesOf,
  clientNames,
  clientWithUnpaid,
  contactsOf,
  dealTopic,
  dueSums,
  enrolledContacts,
  fullName,
  inStage,
  month,
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
} from "../facts.ts";
import type { Deal, World } from "../world.ts";

/*
 * Twenty-fourth blind set: an operations executive at a services company in
 * Bengaluru who looks after billing, the sales CRM and hiring coordination,
 * writing in Indian business English.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** 2026-12-07 -> "7th Dec 2026", as the persona writes dates. */
function human(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const suffix = d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th";
  return `${d}${suffix} ${MONTHS[m - 1]!.slice(0, 3)} ${y}`;
}

const monthName = (isoDate: string) => MONTHS[Number(isoDate.slice(5, 7)) - 1]!;

const accountName = (w: World, id: string | null) => pick(w.accounts, (a) => a.id === id, "account of the record").name;

const snapshot = (w: World) => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};

/** The active sequence a persona calls by its name. */
const activeSequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");

/** A deal whose topic no other deal of the same account shares. */
const distinctTopic = (w: World, d: Deal) => w.deals.filter((o) => o.account_id === d.account_id && dealTopic(o) === dealTopic(d)).length === 1;

export const CASES: Case[] = [
  /* ---------------- finance: reads ---------------- */
  about("finance", "read", "what all invoices are still pending from <a client with several unpaid> side", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 3, "client with 3+ unpaid invoices");
    const mine = w.invoices.filter((i) => i.client === client);
    const pending = mine.filter(unpaid);
    const settled = mine.filter((i) => i.status === "paid");
    return {
      say: `Kindly share what all invoices are still pending from ${client} side till date.`,
      expect: [names(numbers(pending), numbers(settled), pending.length)],
    };
  }),
  {
    label: "how many invoices are overdue as on today",
    engine: "finance",
    kind: "read",
    plan: (w) => ({
      say: "Hi, how many invoices are overdue as on today? Need the count for the weekly review.",
      expect: [count(w.invoices.filter(overdue).length, "overdue invoices")],
    }),
  },
  about("finance", "read", "total amount pending from <a client billed in two currencies>", (w) => {
    const client = pick(
      clientNames(w),
      (c) => new Set(w.invoices.filter((i) => i.client === c && unpaid(i)).map((i) => i.currency)).size >= 2,
      "client owing in two currencies",
    );
    return {
      say: `What is the total amount pending from ${client}? Please give currency wise.`,
      expect: [money(dueSums(w.invoices.filter((i) => i.client === client && unpaid(i))), "amount pending")],
    };
  }),
  about("finance", "read", "status and balance of <a part-paid overdue invoice>, short number", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "overdue" && i.amount_paid > 0, "part-paid overdue invoice");
    return {
      say: `What is the status of ${shortNumber(inv)}? How much balance is still to come from the client?`,
      expect: [says("overdue"), money({ [inv.currency]: inv.amount_due }, "balance")],
    };
  }),
  {
    label: "which invoices are still in draft, not yet raised",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const drafts = w.invoices.filter((i) => i.status === "draft");
      return {
        say: "PFB my query - which invoices are still lying in draft and not yet raised to the client? Kindly share the list.",
        expect: [names(numbers(drafts), numbers(w.invoices.filter(unpaid)), drafts.length)],
      };
    },
  },
  about("finance", "read", "when is the pending invoice of <a client with one open invoice> due", (w) => {
    const client = clientWithUnpaid(w, 1, (i) => i.status === "open");
    const inv = pick(w.invoices, (i) => i.client === client && unpaid(i), "the client's open invoice");
    return {
      say: `By when is the payment due for the pending invoice of ${client}?`,
      expect: [date(inv.due_date, "due date")],
    };
  }),
  {
    label: "invoices where part payment came but balance is pending",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const part = w.invoices.filter((i) => unpaid(i) && i.amount_paid > 0);
      const none = w.invoices.filter((i) => unpaid(i) && i.amount_paid === 0);
      return {
        say: "Which invoices have received part payment but the balance is still pending? Please list the same.",
        expect: [names(numbers(part), numbers(none), part.length)],
      };
    },
  },

  /* ---------------- finance: writes ---------------- */
  about("finance", "write", "<client> has paid <an overdue invoice> in full, update the same", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "overdue" && i.amount_paid === 0, "unpaid overdue invoice");
    return {
      say: `PFB update: ${inv.client} has cleared ${inv.number} in full today. Kindly update the same in the system.`,
      expect: [changed("invoice", inv.id, { status: "paid" }, inv.number)],
    };
  }),
  about("finance", "write", "record a part payment of 3,000 against <an overdue USD invoice>", (w) => {
    const inv = pick(
      [...w.invoices].reverse(),
      (i) => i.status === "overdue" && i.currency === "USD" && i.amount_paid === 0 && i.amount_due > 6000,
      "overdue USD invoice above 6,000",
    );
    const amount = 3000;
    return {
      say: `Received USD 3,000 from ${inv.client} against ${shortNumber(inv)} as part payment. Balance is pending from client side. Please update the payment.`,
      expect: [
        changed(
          "invoice",
          inv.id,
          {
            amount_paid: is.where(`${inv.amount_paid + amount}`, (v: number) => Math.abs(v - (inv.amount_paid + amount)) < 0.005),
            status: inv.status,
          },
          inv.number,
        ),
      ],
    };
  }),
  about("finance", "write", "postpone the due date of <an open invoice> by two weeks", (w) => {
    const inv = pick(w.invoices, (i) => i.status === "open" && i.due_date > today(w), "open invoice not yet due");
    return {
      say: `${inv.client} has requested to postpone the due date of ${inv.number} by 2 weeks. Please do the needful.`,
      expect: [changed("invoice", inv.id, { due_date: addDays(inv.due_date, 14) }, inv.number)],
    };
  }),
  about("finance", "write", "raise an invoice to <an account> for USD 4,500, consulting retainer, due in 30 days", (w) => {
    const account = pick(w.accounts, (a) => w.invoices.some((i) => i.account_id === a.id), "account that is billed");
    const due = addDays(today(w), 30);
    const next = monthName(month(w, 1)[0]);
    return {
      say: `Kindly raise an invoice to ${account.name} for USD 4,500 towards consulting retainer for ${next}. Due date ${human(due)}.`,
      expect: [
        created("invoice", {
          client: is.containing(account.name),
          amount: 4500,
          currency: "USD",
          due_date: due,
          description: is.containing("retainer"),
        }),
      ],
    };
  }),
  about("finance", "write", "cancel <an open invoice> raised by mistake (waits for approval)", (w) => {
    const inv = pick([...w.invoices].reverse(), (i) => i.status === "open", "open invoice");
    return {
      say: `${inv.number} for ${inv.client} was raised by mistake, we will issue a fresh one. Kindly cancel the same.`,
      expect: [approval(/void/i, inv.id, inv.number)],
    };
  }),

  /* ---------------- finance: must not act ---------------- */
  {
    label: "mark the invoice as paid, with no invoice named",
    engine: "finance",
    kind: "question",
    plan: () => ({
      say: "Client has confirmed the payment yesterday. Kindly mark the invoice as paid and revert.",
      expect: [noChange(), asksBack()],
    }),
  },
  about("finance", "question", "<a client with several unpaid invoices> has made the payment, no invoice or amount", (w) => {
    const client = pick(clientNames(w), (c) => w.invoices.filter((i) => i.client === c && unpaid(i)).length >= 2, "client with 2+ unpaid invoices");
    return {
      say: `${client} has made the payment, please update the same.`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ---------------- growth: reads ---------------- */
  about("growth", "read", "what is the status of <an account>'s deal", (w) => {
    const { deal, account } = soleOpenDeal(w);
    return {
      say: `What is the status of the ${account} deal? Which stage it is in currently?`,
      expect: [says(stageOf(w, deal).name)],
    };
  }),
  about("growth", "read", "contacts we have at <the account with most contacts> with designation", (w) => {
    const account = [...w.accounts].sort((a, b) => contactsOf(w, b.id).length - contactsOf(w, a.id).length)[0]!;
    const theirs = contactsOf(w, account.id).map(fullName);
    const others = w.contacts.filter((c) => c.account_id !== account.id).map(fullName);
    return {
      say: `Please share the contacts we have at ${account.name} along with their designation.`,
      expect: [names(theirs, others, theirs.length)],
    };
  }),
  {
    label: "how many deals are sitting in negotiation stage",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const neg = stageNamed(w, "Negotiation");
      return {
        say: "How many deals are there in negotiation stage as of now?",
        expect: [count(w.deals.filter((d) => d.status === "open" && d.stage_id === neg.id).length, "deals in Negotiation")],
      };
    },
  },
  about("growth", "read", "which open deals are expected to close by end of next month", (w) => {
    const end = month(w, 1)[1];
    const open = w.deals.filter((d) => d.status === "open");
    const soon = open.filter((d) => d.expected_close_date !== null && d.expected_close_date <= end);
    const later = open.filter((d) => !soon.includes(d));
    return {
      say: `Which deals are expected to close by end of ${monthName(end)}? Need to plan the billing for the same.`,
      expect: [
        names(
          soon.map((d) => d.name),
          later.map((d) => d.name),
          soon.length,
        ),
      ],
    };
  }),
  {
    label: "total value of deals won till date",
    engine: "growth",
    kind: "read",
    plan: (w) => ({
      say: "What is the total value of deals we have won till date?",
      expect: [
        money(
          sums(
            w.deals.filter((d) => d.status === "won"),
            (d: Deal) => d.amount ?? 0,
          ),
          "won value",
        ),
      ],
    }),
  },
  about("growth", "read", "who all are currently enrolled in <the active sequence>", (w) => {
    const seq = activeSequence(w);
    const inIt = enrolledContacts(w, seq.id).map(fullName);
    const notIn = w.contacts
      .filter((c) => !w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === c.id && e.status === "active"))
      .map(fullName);
    return {
      say: `Who all are currently running in the "${seq.name}" sequence? Kindly share names.`,
      expect: [names(inIt, notIn, inIt.length)],
    };
  }),

  /* ---------------- growth: writes ---------------- */
  about("growth", "write", "<account>'s early-stage deal has moved to proposal, update the same", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Lead in", "Qualified"]);
    const proposal = stageNamed(w, "Proposal");
    return {
      say: `As discussed in today's call, ${account} ${dealTopic(deal).toLowerCase()} deal has moved to proposal stage. Kindly update the same in CRM.`,
      expect: [changed("deal", deal.id, { stage_id: proposal.id }, deal.name)],
    };
  }),
  about("growth", "write", "<account> has signed, mark its negotiation deal as won", (w) => {
    const { deal, account } = soleOpenDeal(w, ["Negotiation"]);
    return {
      say: `Good news - ${account} has signed the agreement for ${dealTopic(deal).toLowerCase()}. Please mark the deal as won.`,
      expect: [changed("deal", deal.id, { status: "won" }, deal.name)],
    };
  }),
  about("growth", "write", "add a new contact, head of finance, at <an account with a domain>", (w) => {
    const account = pick(w.accounts, (a) => !!a.domain && contactsOf(w, a.id).length > 0, "account with a domain");
    const email = `priya.raghavan@${account.domain}`;
    return {
      say: `Please add a new contact - Priya Raghavan, Head of Finance at ${account.name}, email id ${email}.`,
      expect: [
        created("contact", {
          first_name: is.text("Priya"),
          last_name: is.text("Raghavan"),
          email,
          title: is.text("Head of Finance"),
          account_id: account.id,
        }),
      ],
    };
  }),
  about("growth", "write", "create a USD 42,000 support renewal deal for <an account> closing end of next month", (w) => {
    const account = pick(w.accounts, (a) => w.deals.some((d) => d.account_id === a.id && d.status === "won"), "account with a won deal");
    const close = month(w, 1)[1];
    return {
      say: `Kindly create a new deal for ${account.name} - Annual support renewal, value USD 42,000, expected closure ${human(close)}.`,
      expect: [
        created("deal", {
          name: is.containing("support renewal"),
          account_id: account.id,
          amount: 42000,
          currency: "USD",
          expected_close_date: close,
        }),
      ],
    };
  }),
  about("growth", "write", "add <a contact with a unique name, not enrolled> to <the active sequence>", (w) => {
    const seq = activeSequence(w);
    const c = pick(
      uniqueContacts(w),
      (x) => !!x.account_id && !w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === x.id && e.status === "active"),
      "unique contact not in the sequence",
    );
    return {
      say: `Kindly add ${fullName(c)} (${accountName(w, c.account_id)}) in the ${seq.name} sequence.`,
      expect: [enrolled(seq.id, c.id, fullName(c))],
    };
  }),
  about("growth", "write", "stop the follow-up mails to <an enrolled contact> of <account>", (w) => {
    const seq = activeSequence(w);
    const c = pick(
      enrolledContacts(w, seq.id),
      (x) => !!x.account_id && w.contacts.filter((o) => fullName(o) === fullName(x) && o.account_id === x.account_id).length === 1,
      "enrolled contact",
    );
    return {
      say: `${fullName(c)} from ${accountName(w, c.account_id)} is already in discussion with our sales team. Please stop the follow-up mails to ${c.first_name} - take out from the sequence.`,
      expect: [unenrolled(seq.id, c.id, fullName(c))],
    };
  }),

  /* ---------------- growth: must not act ---------------- */
  {
    label: "move the deal to negotiation, with no deal named",
    engine: "growth",
    kind: "question",
    plan: () => ({
      say: "Please move the deal to negotiation stage and revert once done.",
      expect: [noChange(), asksBack()],
    }),
  },
  about("growth", "question", "add <a name two contacts share> to the sequence, without saying which", (w) => {
    const seq = activeSequence(w);
    const isIn = (id: string) => w.enrollments.some((e) => e.sequence_id === seq.id && e.contact_id === id && e.status === "active");
    const c = pick(
      w.contacts,
      (x) => {
        const same = w.contacts.filter((o) => fullName(o) === fullName(x));
        return same.length >= 2 && same.every((o) => !isIn(o.id));
      },
      "name shared by two contacts, none enrolled",
    );
    return {
      say: `Kindly add ${fullName(c)} to the ${seq.name} sequence.`,
      expect: [noChange(), asksBack()],
    };
  }),

  /* ---------------- talent: reads ---------------- */
  {
    label: "who all are at interview stage across positions",
    engine: "talent",
    kind: "read",
    plan: (w) => {
      const at = inStage(w, "interview");
      return {
        say: "Who all are at interview stage currently? Across all positions.",
        expect: [names(at.map(fullName), w.candidates.filter((c) => c.stage !== "interview").map(fullName), at.length)],
      };
    },
  },
  about("talent", "read", "how many candidates in total for <a job that has rejected ones>, rejected included", (w) => {
    const job = pick(w.jobs, (j) => candidatesOf(w, j.id).some((c) => c.stage === "rejected"), "job with rejected candidates");
    return {
      say: `How many candidates we have received for the ${job.title} position till date, including the rejected ones?`,
      expect: [count(candidatesOf(w, job.id).length, "candidates")],
    };
  }),
  about("talent", "read", "what is the status of <a candidate at offer>", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "offer", "candidate at offer");
    return {
      say: `What is the status of ${fullName(c)}'s candidature?`,
      expect: [says("offer")],
    };
  }),
  about("talent", "read", "candidates still in process for <a job with a hire>", (w) => {
    const job = pick(
      w.jobs,
      (j) =>
        j.status === "open" &&
        candidatesOf(w, j.id).some((c) => c.stage === "hired") &&
        candidatesOf(w, j.id).some((c) => !["hired", "rejected"].includes(c.stage)),
      "open job with a hire and candidates in process",
    );
    const all = candidatesOf(w, job.id);
    const live = all.filter((c) => !["hired", "rejected"].includes(c.stage));
    const done = all.filter((c) => ["hired", "rejected"].includes(c.stage));
    return {
      say: `For ${job.title}, please share the candidates who are still in process (not hired, not rejected).`,
      expect: [names(live.map(fullName), done.map(fullName), live.length)],
    };
  }),

  /* ---------------- talent: writes ---------------- */
  about("talent", "write", "<a candidate at screening> is shortlisted, move to interview", (w) => {
    const c = pick([...w.candidates].reverse(), (x) => x.stage === "screening", "candidate at screening");
    const job = pick(w.jobs, (j) => j.id === c.job_id, "job");
    return {
      say: `${fullName(c)} has been shortlisted after the screening call for ${job.title}. Kindly move to interview stage.`,
      expect: [changed("candidate", c.id, { stage: "interview" }, fullName(c))],
    };
  }),
  about("talent", "write", "<a candidate at interview> dropped after technical round", (w) => {
    const c = pick([...w.candidates].reverse(), (x) => x.stage === "interview", "candidate at interview");
    return {
      say: `The candidate ${fullName(c)} has been dropped, did not clear the technical round. Kindly do the updation in the system.`,
      expect: [changed("candidate", c.id, { stage: "rejected" }, fullName(c))],
    };
  }),
  about("talent", "write", "close <an open job that already has a hire>", (w) => {
    const job = pick(w.jobs, (j) => j.status === "open" && candidatesOf(w, j.id).some((c) => c.stage === "hired"), "open job with a hire");
    return {
      say: `We have already hired for the ${job.title} opening. Kindly close the position.`,
      expect: [changed("job", job.id, { status: "closed" }, job.title)],
    };
  }),
  about("talent", "write", "add a referral candidate for <an open job>", (w) => {
    const job = pick([...w.jobs].reverse(), (j) => j.status === "open", "open job");
    return {
      say: `Kindly add Arjun Mehta (arjun.mehta@example.in) as a candidate for ${job.title}. Source is employee referral.`,
      expect: [
        created("candidate", {
          job_id: job.id,
          first_name: is.text("Arjun"),
          last_name: is.text("Mehta"),
          email: "arjun.mehta@example.in",
          source: is.containing("referral"),
        }),
      ],
    };
  }),

  /* ---------------- talent: must not act ---------------- */
  {
    label: "close the position, with several open and none named",
    engine: "talent",
    kind: "question",
    plan: (w) => {
      if (w.jobs.filter((j) => j.status === "open").length < 2) throw new Error("fewer than two open jobs");
      return { say: "We have got the candidate, kindly close the position.", expect: [noChange(), asksBack()] };
    },
  },
  about("talent", "question", "prepone <a candidate at interview>'s interview and send invites (cannot be done)", (w) => {
    const c = pick(w.candidates, (x) => x.stage === "interview", "candidate at interview");
    return {
      say: `Please prepone ${fullName(c)}'s interview to tomorrow 11 AM and send the calendar invite to the panel.`,
      expect: [noChange()],
    };
  }),

  /* ---------------- intelligence: figures ---------------- */
  {
    label: "win rate for the last 90 days",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "What is our win rate for the last 90 days?",
      expect: [figure(snapshot(w).growth.last_90_days.win_rate, "win rate", "percent")],
    }),
  },
  {
    label: "DSO for USD billing",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const usd = pick(snapshot(w).finance.currencies, (c) => c.currency === "USD", "USD finance figures");
      return {
        say: "What is the DSO currently for our USD billing?",
        expect: [figure(usd.days_sales_outstanding, "days sales outstanding (USD)")],
      };
    },
  },
  {
    label: "weighted pipeline value as of now",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const weighted: Record<string, number> = {};
      for (const t of snapshot(w).growth.pipeline.totals) weighted[t.currency] = t.weighted_value;
      return {
        say: "Kindly revert with the weighted pipeline value as of now.",
        expect: [money(weighted, "weighted pipeline")],
      };
    },
  },
  {
    label: "total receivables outstanding, currency wise",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "What is the total outstanding receivable till date? Currency wise please.",
      expect: [money(dueSums(w.invoices.filter(unpaid)), "outstanding")],
    }),
  },
];
