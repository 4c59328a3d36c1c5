/*
 * Persona: Jordan, sales development rep who also runs marketing ops.
 *
 * Lives in the CRM all day, between call blocks and sequence reviews. Types
 * fast, lower case, short imperative lines and quick questions, drops
 * punctuation, throws in "rn", "pls", "lmk", "w/", the odd emoji when a deal
 * lands. Talks in CRM jargon: lead, MQL/SQL, lifecycle stage, cadence /
 * sequence, touch, enroll / unenroll, pause, bump, deal stage, pipe, opp,
 * champion, DM (decision maker), ICP, enrich. Names people by full name or,
 * when it matters (same name at two companies), by email address; names
 * accounts by company or by domain ("the tyrell-bio.com folks"). Often gives
 * a line of context first ("about to call them", "she took the meeting").
 * Mostly growth work (contacts, deals, sequences), some key figures for the
 * weekly 1:1 (pipe, win rate), and a few finance lookups on accounts they
 * prospect ("do they owe us anything before I call?"). Never touches hiring.
 */
import { asksBack, changed, count, created, date, enrolled, figure, is, money, names, noChange, says, unenrolled, type Case } from "../judge.ts";
import {
  accountNamed,
  contactsOf,
  dealsOf,
  dealTopic,
  endOfNamedMonth,
  enrolledContacts,
  fullName,
  nextWeekday,
  numbers,
  ofClient,
  overdue,
  pick,
  soleOpenDeal,
  stageNamed,
  stages,
  stageOf,
  sums,
  uniqueContacts,
  unpaid,
  dueSums,
} from "../facts.ts";
import type { Account, Contact, Deal, Invoice, Snapshot, World } from "../world.ts";

/* ---------- helpers over the data ---------- */

const theSequence = (w: World) => pick(w.sequences, (s) => s.status === "active", "active sequence");
const isEnrolled = (w: World, c: Contact) => w.enrollments.some((e) => e.contact_id === c.id && e.status === "active");
const sharesName = (w: World, c: Contact) => w.contacts.filter((o) => fullName(o) === fullName(c)).length > 1;
const accountOf = (w: World, c: { account_id: string | null }) => pick(w.accounts, (a) => a.id === c.account_id, "account of the record");
const domainOf = (a: Account) => {
  if (!a.domain) throw new Error(`no domain on ${a.name}`);
  return a.domain;
};
const snap = (w: World): Snapshot => {
  if (!w.snapshot) throw new Error("no snapshot in the data");
  return w.snapshot;
};
const openDeals = (w: World, accountId: string) => dealsOf(w, accountId).filter((d) => d.status === "open");
const dealSums = (list: Deal[]) => sums(list, (d: Deal) => d.amount ?? 0);
const digits = (s: string) => s.replace(/\D/g, "");

export const CASES: Case[] = [
  /* ================= growth: reads ================= */
  {
    label: "who's in <the active sequence> rn",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const seq = theSequence(w);
      const inIt = enrolledContacts(w, seq.id);
      if (!inIt.length) throw new Error("no one enrolled in the sequence");
      const out = w.contacts.filter((c) => !inIt.some((i) => i.id === c.id));
      const labels = inIt.map(fullName);
      return {
        say: `who's in the ${seq.name} sequence rn? need names`,
        expect: [names(labels, out.map(fullName), labels.length)],
      };
    },
  },
  {
    label: "what stage is <domain with one open and one closed deal>'s opp at",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const acc = pick(
        w.accounts,
        (a) => !!a.domain && openDeals(w, a.id).length === 1 && dealsOf(w, a.id).length > 1,
        "account with one open deal and a closed one",
      );
      const deal = openDeals(w, acc.id)[0]!;
      return {
        say: `what stage is the open opp w/ the ${domainOf(acc)} folks at`,
        expect: [says(stageOf(w, deal).name)],
      };
    },
  },
  {
    label: "what's <unique contact>'s title",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const c = pick(
        uniqueContacts(w),
        (x) => !!x.title && !x.tags.includes("decision-maker") && x.lifecycle_stage === "lead" && x.title !== "CEO",
        "unique contact with a title",
      );
      return {
        say: `whats ${fullName(c)}'s title again? prepping a touch`,
        expect: [says(c.title!)],
      };
    },
  },
  {
    label: "phone number for <unique contact without one>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const c = pick(uniqueContacts(w), (x) => x.phone === null && x.title === "CEO", "unique CEO contact without a phone");
      return {
        say: `do we have a phone # for ${fullName(c)}? want to call before the next email touch`,
        expect: [figure(null, "phone number on file")],
      };
    },
  },
  {
    label: "decision makers at <account with DMs and non-DMs>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const acc = pick(
        w.accounts,
        (a) => {
          const cs = contactsOf(w, a.id);
          return cs.filter((c) => c.tags.includes("decision-maker")).length >= 2 && cs.some((c) => !c.tags.includes("decision-maker"));
        },
        "account with 2+ decision makers and others",
      );
      const cs = contactsOf(w, acc.id);
      const dms = cs.filter((c) => c.tags.includes("decision-maker")).map(fullName);
      const rest = cs.filter((c) => !c.tags.includes("decision-maker")).map(fullName);
      return {
        say: `who are the DMs at ${acc.name}? just the ones tagged decision-maker`,
        expect: [names(dms, rest, dms.length)],
      };
    },
  },
  {
    label: "which accounts have an opp sitting in Negotiation",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const neg = stageNamed(w, "Negotiation");
      const withNeg = w.accounts.filter((a) => dealsOf(w, a.id).some((d) => d.stage_id === neg.id));
      if (!withNeg.length) throw new Error("no deal in Negotiation");
      const without = w.accounts.filter((a) => !withNeg.includes(a));
      return {
        say: "which accounts have an opp sitting in negotiation rn",
        expect: [
          names(
            withNeg.map((a) => a.name),
            without.map((a) => a.name),
            withNeg.length,
          ),
        ],
      };
    },
  },
  {
    label: "how many contacts are still at lifecycle stage lead",
    engine: "growth",
    kind: "read",
    plan: (w) => ({
      say: "how many contacts are still sitting at lifecycle stage = lead? trying to size my next enroll batch",
      expect: [count(w.contacts.filter((c) => c.lifecycle_stage === "lead").length, "contacts at lead")],
    }),
  },
  {
    label: "is <enrolled contact, by email, name shared> in any sequence",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const seq = theSequence(w);
      const c = pick(enrolledContacts(w, seq.id), (x) => sharesName(w, x), "enrolled contact whose name another contact shares");
      return {
        say: `is ${c.email} in any sequence rn? dont want to double touch`,
        expect: [says(seq.name)],
      };
    },
  },
  {
    label: "expected close on <the only deal of an account>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const solo = w.accounts.filter(
        (a) => dealsOf(w, a.id).length === 1 && dealsOf(w, a.id)[0]!.status === "open" && dealsOf(w, a.id)[0]!.expected_close_date,
      );
      const acc = solo[solo.length - 1];
      if (!acc) throw new Error("no account with a single open deal and a close date");
      const deal = dealsOf(w, acc.id)[0]!;
      return {
        say: `when's the ${acc.name} opp expected to close?`,
        expect: [date(deal.expected_close_date!, "expected close date")],
      };
    },
  },
  {
    label: "total open pipe with <domain with 2+ open deals>",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const neg = stageNamed(w, "Negotiation");
      const acc = pick(
        w.accounts,
        (a) => !!a.domain && openDeals(w, a.id).length >= 2 && openDeals(w, a.id).some((d) => d.stage_id === neg.id),
        "account with 2+ open deals, one in Negotiation",
      );
      return {
        say: `whats the total open pipe w/ the ${domainOf(acc)} folks? all their open opps added up`,
        expect: [money(dealSums(openDeals(w, acc.id)), `open deal value at ${acc.name}`)],
      };
    },
  },
  {
    label: "qualified contacts at <domain> not in a sequence yet",
    engine: "growth",
    kind: "read",
    plan: (w) => {
      const fits = (c: Contact) => c.lifecycle_stage === "qualified" && !isEnrolled(w, c);
      const acc = pick(
        w.accounts,
        (a) => !!a.domain && contactsOf(w, a.id).filter(fits).length >= 2,
        "account with 2+ qualified contacts outside any sequence",
      );
      const cs = contactsOf(w, acc.id);
      const want = cs.filter(fits).map(fullName);
      const rest = cs.filter((c) => !fits(c)).map(fullName);
      return {
        say: `any SQLs (lifecycle qualified) at ${domainOf(acc)} that aren't enrolled in a sequence yet? lmk who`,
        expect: [names(want, rest, want.length)],
      };
    },
  },

  /* ================= growth: writes ================= */
  {
    label: "add new lead <name, email at an account's domain, title>",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const acc = accountNamed(w, "Initech");
      const email = `priya.raman@${domainOf(acc)}`;
      return {
        say: `new lead from the webinar, add pls: Priya Raman, ${email}, Head of RevOps`,
        expect: [
          created("contact", {
            first_name: is.text("Priya"),
            last_name: is.text("Raman"),
            email,
            title: is.text("Head of RevOps"),
            account_id: acc.id,
            lifecycle_stage: "lead",
          }),
        ],
      };
    },
  },
  {
    label: "update <contact by email>'s phone",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const c = pick(uniqueContacts(w), (x) => x.phone === null && x.tags.includes("decision-maker"), "unique decision maker without a phone");
      return {
        say: `${c.email} direct line is +1 (646) 555-0142, update the record`,
        expect: [
          changed(
            "contact",
            c.id,
            { phone: is.where("the number +1 646 555 0142 (any punctuation)", (v: string | null) => typeof v === "string" && digits(v) === "16465550142") },
            c.email,
          ),
        ],
      };
    },
  },
  {
    label: "<lead by email, name shared> took the meeting: lifecycle to qualified",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const c = pick(
        w.contacts,
        (x) => x.lifecycle_stage === "lead" && sharesName(w, x) && !x.tags.includes("decision-maker") && !isEnrolled(w, x),
        "lead whose name another contact shares",
      );
      return {
        say: `${c.email} took the discovery call, they're SQL now. move lifecycle stage to qualified`,
        expect: [changed("contact", c.id, { lifecycle_stage: "qualified" }, c.email)],
      };
    },
  },
  {
    label: "tag <unique contact> as decision-maker",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const c = pick(uniqueContacts(w), (x) => !x.tags.includes("decision-maker") && x.title === "CEO", "unique CEO not tagged decision-maker");
      const acc = accountOf(w, c);
      return {
        say: `${fullName(c)} signs off on everything at ${acc.name}, tag as decision-maker`,
        expect: [changed("contact", c.id, { tags: is.including("decision-maker") }, fullName(c))],
      };
    },
  },
  {
    label: "enroll <qualified contact by email, name shared with an enrolled one> in <the sequence>",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const seq = theSequence(w);
      const c = pick(
        w.contacts,
        (x) =>
          !isEnrolled(w, x) && x.lifecycle_stage === "qualified" && w.contacts.some((o) => o.id !== x.id && fullName(o) === fullName(x) && isEnrolled(w, o)),
        "unenrolled qualified contact sharing a name with an enrolled one",
      );
      return {
        say: `enroll ${c.email} in ${seq.name} pls`,
        expect: [enrolled(seq.id, c.id, c.email)],
      };
    },
  },
  {
    label: "take <enrolled contact at an account> out of the cadence",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const seq = theSequence(w);
      const c = pick(
        [...enrolledContacts(w, seq.id)].reverse(),
        (x) => sharesName(w, x) && x.tags.includes("decision-maker"),
        "enrolled decision maker whose name another contact shares",
      );
      const acc = accountOf(w, c);
      return {
        say: `unenroll ${fullName(c)} (the ${acc.name} one) from the cadence, asked us to stop emailing. ill follow up by hand`,
        expect: [unenrolled(seq.id, c.id, `${fullName(c)} at ${acc.name}`)],
      };
    },
  },
  {
    label: "bump <an account's deal in Proposal> to Negotiation",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const proposal = stageNamed(w, "Proposal");
      const neg = stageNamed(w, "Negotiation");
      const deal = pick(
        w.deals,
        (d) => d.stage_id === proposal.id && !!d.account_id && openDeals(w, d.account_id).length >= 2,
        "Proposal deal of an account with another open deal",
      );
      const acc = accountOf(w, deal);
      return {
        say: `bump the ${acc.name} ${dealTopic(deal).toLowerCase()} opp to negotiation, they came back on pricing`,
        expect: [changed("deal", deal.id, { stage_id: neg.id, status: "open" }, deal.name)],
      };
    },
  },
  {
    label: "<domain> signed: mark their only deal closed won",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const { deal } = soleOpenDeal(w, ["Negotiation"]);
      const acc = accountOf(w, deal);
      const won = pick(stages(w), (s) => s.kind === "won", "won stage");
      return {
        say: `${domainOf(acc)} signed!! 🎉 mark their deal closed won`,
        expect: [changed("deal", deal.id, { stage_id: won.id, status: "won" }, deal.name)],
      };
    },
  },
  {
    label: "new opp for <domain>: Annual renewal, 42k, close end of Jan, in Qualified",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const acc = accountNamed(w, "Initech");
      const qualified = stageNamed(w, "Qualified");
      return {
        say: `create an opp for the ${domainOf(acc)} folks: annual renewal, 42k USD, close end of jan. put it straight in Qualified`,
        expect: [
          created("deal", {
            name: is.containing("renewal"),
            account_id: acc.id,
            amount: 42000,
            currency: "USD",
            stage_id: qualified.id,
            expected_close_date: endOfNamedMonth(w, 1),
          }),
        ],
      };
    },
  },
  {
    label: "<account>'s expansion opp is now 65k",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const deal = pick(w.deals, (d) => d.status === "open" && dealTopic(d).startsWith("Expansion") && d.amount !== 65000, "open expansion deal");
      const acc = accountOf(w, deal);
      return {
        say: `${acc.name.split(" ")[0]} expansion opp grew to 65k after they added seats, update the amount`,
        expect: [changed("deal", deal.id, { amount: 65000 }, deal.name)],
      };
    },
  },
  {
    label: "push <an account's pilot opp> close date to next friday",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const lead = stageNamed(w, "Lead in");
      const deal = pick(w.deals, (d) => d.stage_id === lead.id && dealTopic(d) === "Pilot project", "pilot project deal in Lead in");
      const acc = accountOf(w, deal);
      const fridays = nextWeekday(w, 5);
      return {
        say: `push the close date on the ${acc.name} pilot to next friday`,
        expect: [changed("deal", deal.id, { expected_close_date: is.oneOf(...fridays) }, deal.name)],
      };
    },
  },
  {
    label: "link <contact by email> to <account's deal> as champion",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const proposal = stageNamed(w, "Proposal");
      const deal = pick(
        w.deals,
        (d) => d.stage_id === proposal.id && !!d.account_id && contactsOf(w, d.account_id).some((c) => c.tags.includes("decision-maker") && sharesName(w, c)),
        "Proposal deal whose account has a decision maker with a shared name",
      );
      const acc = accountOf(w, deal);
      const c = pick(
        contactsOf(w, acc.id),
        (x) => x.tags.includes("decision-maker") && sharesName(w, x) && !deal.contact_ids.includes(x.id),
        "decision maker to link",
      );
      return {
        say: `add ${c.email} as a contact on the ${acc.name.split(" ")[0]} ${dealTopic(deal).toLowerCase()} deal, champion on that one`,
        expect: [changed("deal", deal.id, { contact_ids: is.including(c.id) }, deal.name)],
      };
    },
  },
  {
    label: "enrich <domain> account",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const acc = pick(
        w.accounts,
        (a) =>
          !!a.domain &&
          (a as Account & { enrichment?: { status: string } }).enrichment?.status === "none" &&
          openDeals(w, a.id).length === 1 &&
          dealsOf(w, a.id).some((d) => d.status === "lost"),
        "unenriched account",
      );
      return {
        say: `can u enrich ${domainOf(acc)}? want to see if they fit ICP before I build a list`,
        expect: [
          changed(
            "account",
            acc.id,
            {
              enrichment: is.where(
                "enrichment asked for (pending or enriched)",
                (e: { status?: string } | null) => !!e && (e.status === "pending" || e.status === "enriched"),
              ),
            },
            acc.name,
          ),
        ],
      };
    },
  },
  {
    label: "pause <the active sequence> for the holidays",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const seq = theSequence(w);
      return {
        say: `pause ${seq.name} for the holidays, nobody reads email the last week of dec`,
        expect: [changed("sequence", seq.id, { status: "paused" }, seq.name)],
      };
    },
  },
  {
    label: "<contact by email> promoted: new title",
    engine: "growth",
    kind: "write",
    plan: (w) => {
      const c = pick(
        w.contacts,
        (x) => x.title === "Operations Manager" && sharesName(w, x) && !isEnrolled(w, x),
        "operations manager whose name another contact shares",
      );
      return {
        say: `saw on linkedin ${c.email} got promoted, title is Director of Operations now. update it`,
        expect: [changed("contact", c.id, { title: is.text("Director of Operations") }, c.email)],
      };
    },
  },

  /* ================= growth: questions back ================= */
  {
    label: "update <a name two contacts share>'s phone",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const c = pick(w.contacts, (x) => sharesName(w, x) && x.title === "Software Engineer", "software engineer whose name another contact shares");
      return { say: `update ${fullName(c)}'s cell to 555-0199`, expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "bump <account with two open deals, neither in Negotiation> deal to negotiation",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const neg = stageNamed(w, "Negotiation");
      const acc = pick(
        w.accounts,
        (a) => openDeals(w, a.id).length >= 2 && openDeals(w, a.id).every((d) => d.stage_id !== neg.id),
        "account with 2+ open deals, none in Negotiation",
      );
      return { say: `bump the ${acc.name} deal to negotiation`, expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "enroll <a name two unenrolled contacts share> in the sequence",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const seq = theSequence(w);
      const c = pick(
        w.contacts,
        (x) => {
          const same = w.contacts.filter((o) => fullName(o) === fullName(x));
          return same.length > 1 && same.every((o) => !isEnrolled(w, o));
        },
        "name shared by two contacts, none enrolled",
      );
      return { say: `enroll ${fullName(c)} in ${seq.name}`, expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "add the new VP of Sales at <domain> as a contact (no name, no email)",
    engine: "growth",
    kind: "question",
    plan: (w) => {
      const acc = pick([...w.accounts].reverse(), (a) => !!a.domain && a.country === "US" && contactsOf(w, a.id).length >= 3, "US account with contacts");
      return { say: `they just hired a new VP of Sales at ${domainOf(acc)}, add them as a contact`, expect: [noChange(), asksBack()] };
    },
  },
  {
    label: "change the deal amount to 50k (which deal?)",
    engine: "growth",
    kind: "question",
    plan: () => ({ say: "change the deal amount to 50k", expect: [noChange(), asksBack()] }),
  },

  /* ================= finance: reads on prospected accounts ================= */
  {
    label: "anything overdue on <domain> before I call",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const acc = pick(
        w.accounts,
        (a) => !!a.domain && ofClient(w, a.name).filter(overdue).length === 1 && ofClient(w, a.name).some((i) => i.status === "draft"),
        "account with exactly one overdue invoice and a draft",
      );
      const late = ofClient(w, acc.name).filter(overdue);
      return {
        say: `about to call ${domainOf(acc)} about an expansion — are they overdue on anything w/ us? how much`,
        expect: [money(dueSums(late), `overdue amount for ${acc.name}`), names(numbers(late))],
      };
    },
  },
  {
    label: "how much does <account> owe us total rn",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const acc = pick(
        w.accounts,
        (a) =>
          ofClient(w, a.name).filter(unpaid).length >= 4 &&
          new Set(
            ofClient(w, a.name)
              .filter(unpaid)
              .map((i) => i.currency),
          ).size >= 2,
        "account with 4+ unpaid invoices in two currencies",
      );
      return {
        say: `how much does ${acc.name} owe us total rn? everything unpaid`,
        expect: [money(dueSums(ofClient(w, acc.name).filter(unpaid)), `unpaid balance of ${acc.name}`)],
      };
    },
  },
  {
    label: "unpaid invoice numbers for <domain>",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const acc = pick(
        w.accounts,
        (a) => !!a.domain && ofClient(w, a.name).filter(unpaid).length === 3 && ofClient(w, a.name).some((i) => !unpaid(i)),
        "account with 3 unpaid invoices and others",
      );
      const inv = ofClient(w, acc.name);
      const open = inv.filter(unpaid);
      return {
        say: `anything unpaid on the ${domainOf(acc)} side? need the invoice #s before my call`,
        expect: [names(numbers(open), numbers(inv.filter((i) => !unpaid(i))), open.length)],
      };
    },
  },
  {
    label: "how many days late is <account>'s oldest overdue invoice",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const acc = pick(w.accounts, (a) => ofClient(w, a.name).filter(overdue).length >= 2, "account with 2+ overdue invoices");
      const days = Math.max(
        ...ofClient(w, acc.name)
          .filter(overdue)
          .map((i) => i.days_overdue),
      );
      return {
        say: `how late is ${acc.name} on their oldest overdue invoice? days pls`,
        expect: [count(days, "days overdue")],
      };
    },
  },

  {
    label: "what has <domain> paid us so far",
    engine: "finance",
    kind: "read",
    plan: (w) => {
      const acc = pick(
        w.accounts,
        (a) => !!a.domain && ofClient(w, a.name).some((i) => i.status === "paid") && ofClient(w, a.name).some(unpaid),
        "account with paid and unpaid invoices",
      );
      return {
        say: `is ${domainOf(acc)} already paying us? how much have they paid so far, trying to tell if theyre a real customer or just a logo`,
        expect: [
          money(
            sums(ofClient(w, acc.name), (i: Invoice) => i.amount_paid),
            `amount ${acc.name} has paid`,
          ),
        ],
      };
    },
  },

  /* ================= finance: question back ================= */
  {
    label: "<account with two unpaid invoices> says they paid their invoice, mark it paid",
    engine: "finance",
    kind: "question",
    plan: (w) => {
      const acc = pick(
        w.accounts,
        (a) => ofClient(w, a.name).filter(unpaid).length === 2 && ofClient(w, a.name).filter(overdue).length === 2,
        "account with exactly 2 unpaid invoices, both overdue",
      );
      return {
        say: `my contact at ${acc.name} says they paid their invoice last week, can you mark it paid`,
        expect: [noChange(), asksBack()],
      };
    },
  },

  /* ================= intelligence: key figures ================= */
  {
    label: "win rate rn",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "whats our win rate rn? for my 1:1",
      expect: [figure(snap(w).growth.last_90_days.win_rate, "win rate", "percent")],
    }),
  },
  {
    label: "total open pipe",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const totals: Record<string, number> = {};
      for (const t of snap(w).growth.pipeline.totals) totals[t.currency] = t.open_value;
      return { say: "how much open pipe do we have total", expect: [money(totals, "open pipeline")] };
    },
  },
  {
    label: "weighted pipeline",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const totals: Record<string, number> = {};
      for (const t of snap(w).growth.pipeline.totals) totals[t.currency] = t.weighted_value;
      return { say: "whats the weighted pipe number? manager wants weighted not raw", expect: [money(totals, "weighted pipeline")] };
    },
  },
  {
    label: "pipe sitting in Proposal",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => {
      const rows = snap(w).growth.pipeline.by_stage.filter((s) => s.stage_name === "Proposal");
      if (!rows.length) throw new Error("no Proposal row in the snapshot");
      const totals: Record<string, number> = {};
      for (const r of rows) totals[r.currency] = (totals[r.currency] ?? 0) + r.open_value;
      return { say: "how much pipe is sitting at the proposal stage?", expect: [money(totals, "open value in Proposal")] };
    },
  },
  {
    label: "how many open opps in the pipe",
    engine: "intelligence",
    kind: "figure",
    plan: (w) => ({
      say: "how many open opps are in the pipe right now",
      expect: [
        count(
          snap(w).growth.pipeline.totals.reduce((n, t) => n + t.deal_count, 0),
          "open deals",
        ),
      ],
    }),
  },
];
