import { beforeAll, describe, expect, it } from "vitest";
import { classify } from "../../src/engines/agent/planner/catalog.ts";
import { resourceOf, near } from "../../src/engines/agent/planner/lexicon.ts";
import { loadLanguage, readAmounts, readDates } from "../../src/engines/agent/planner/nlp.ts";
import { parse, type Parsed } from "../../src/engines/agent/planner/parse.ts";
import { questionsOf } from "../../src/engines/agent/planner/clauses.ts";
import type { Tool } from "../../src/engines/agent/tools.ts";

/** The parser alone: what a request asks, about what, which records, which values. No lookups. */
const NOW = new Date("2026-03-10T12:00:00.000Z");
let read: (message: string) => Parsed;

beforeAll(async () => {
  const lang = await loadLanguage();
  read = (message) => parse(lang, message, NOW);
});

describe("what to do", () => {
  it.each([
    ["how many unpaid bills do we have", "count"],
    ["number of open roles", "count"],
    ["how much does Initech owe?", "sum"],
    ["total of invoices above 5k", "sum"],
    ["top 5 deals", "top"],
    ["which invoices are overdue?", "list"],
    ["show me Acme's contacts", "list"],
    ["create a contact Jane Roe", "create"],
    ["add a new opening for a designer", "create"],
    ["draft an invoice to Pied Piper for 800 GBP", "create"],
    ["bill Hooli Cloud 2,350 USD due next friday", "create"],
    ["change Acme's website to acme.io", "update"],
    ["move Cara Diaz to offer", "stage"],
    ["advance cara diaz to the offer stage", "stage"],
    ["void INV-000022", "void"],
    ["write off INV-000010 as bad debt", "uncollectible"],
    ["record a payment of 500 on INV-000038", "pay"],
    ["Umbrella settled INV-7 this morning", "pay"],
    ["INV-000002 was paid in full yesterday", "pay"],
    ["we closed the Acme renewal", "close"],
    ["we lost the globex pilot project", "lose"],
    ["enroll Ann Lee in Intro", "enroll"],
    ["pause the intro sequence", "pause"],
    ["hire Cara Diaz", "hire"],
    ["reject eli fox", "reject"],
    ["enrich initech", "enrich"],
    ["delete contact Bob Stone", "delete"],
    ["tell me about Initech", "summarize"],
  ])("%s: %s", (message, action) => {
    expect(read(message).action).toBe(action);
  });

  it("a question is a read, whatever verb it holds; a state word first is a filter, not an order", () => {
    expect(read("which deals did we close this month?").action).toBe("list");
    expect(read("open deals closing this quarter").action).toBeUndefined();
    expect(read("new contacts this week").action).toBeUndefined();
    expect([...read("closed roles").states, ...read("closed roles").groups]).toContain("closed");
    expect(read("paid invoices").action).toBeUndefined();
  });

  it("a misspelt verb is never read as a destructive one", () => {
    expect(read("remote").action).toBeUndefined();
    expect(read("we're hiring a contract DevOps Engineer, remote").phrases.map((p) => p.text)).toEqual(["DevOps Engineer", "remote"]);
  });
});

describe("what it is about", () => {
  it.each([
    ["unpaid bills", "invoice"],
    ["opportunities at the proposal stage", "deal"],
    ["applicants still screening", "candidate"],
    ["closed roles", "job"],
    ["customers in Germany", "account"],
    ["people at Acme", "contact"],
    ["our campaigns", "sequence"],
    ["invoics overdue", "invoice"],
    ["oportunities", "deal"],
  ])("%s: %s", (message, resource) => {
    expect(read(message).resource).toBe(resource);
  });

  it("a resource word after a named thing says what the name is, not what the request is about", () => {
    const p = read("who is in interview for the Backend Engineer job?");
    expect(p.resource).toBeUndefined();
    expect(p.phrases).toEqual([expect.objectContaining({ text: "Backend Engineer", prep: "for", nounResource: "job" })]);
    expect(p.states).toEqual(["interview"]);
  });

  it("words that name a state stay in a name written with capitals", () => {
    expect(read("who is in the New lead follow-up sequence?").phrases[0]).toMatchObject({ text: "New lead follow-up", nounResource: "sequence" });
    expect(read("close the Account Executive job").phrases[0]).toMatchObject({ text: "Account Executive" });
  });

  it("a state that is also a resource word is a state once the resource is known", () => {
    const p = read("how many contacts are customers?");
    expect(p.resource).toBe("contact");
    expect(p.states).toContain("customer");
    expect(read("mark Leo Andersen as a customer").to).toBe("customer");
  });
});

describe("which records", () => {
  it("amounts and comparisons", () => {
    expect(read("invoices above 5k").amounts).toEqual([expect.objectContaining({ value: 5000, op: "gt" })]);
    expect(read("deals under $500").amounts).toEqual([expect.objectContaining({ value: 500, op: "lt", currency: "USD" })]);
    expect(readAmounts("between 1k and 3k").map((a) => [a.value, a.op])).toEqual([
      [1000, "gte"],
      [3000, "lte"],
    ]);
    expect(readAmounts("for 12k euros")[0]).toMatchObject({ value: 12000, currency: "EUR" });
    expect(readAmounts("2,350.50 USD")[0]).toMatchObject({ value: 2350.5, currency: "USD" });
  });

  it("dates and ranges, read against the turn's clock", () => {
    expect(read("invoices due this month").dates).toMatchObject({ gte: "2026-03-01", lt: "2026-04-01", hint: "due" });
    expect(read("deals created this quarter").dates).toMatchObject({ gte: "2026-01-01", lt: "2026-04-01" });
    expect(read("invoices due before christmas").dates).toMatchObject({ lt: "2026-12-25" });
    expect(read("contacts added since monday").dates).toMatchObject({ gte: "2026-03-09" });
    expect(read("contacts from last month").dates).toMatchObject({ gte: "2026-02-01", lt: "2026-03-01" });
    expect(read("what's due in the next 30 days?").dates).toMatchObject({ gte: "2026-03-10", lt: "2026-04-10" });
    expect(read("new invoice due end of March").dates.day).toBe("2026-03-31");
    expect(read("due on the 15th of next month").dates.day).toBe("2026-04-15");
    expect(read("how many invoices are more than 60 days overdue?").dates).toMatchObject({ lt: "2026-01-09", hint: "due" });
  });

  it("names: possessives, prepositions, quotes, record numbers, ids, emails", () => {
    expect(read("show me Acme's contacts").phrases).toEqual([expect.objectContaining({ text: "Acme", prep: "of" })]);
    expect(read("Stark Logistics's open invoices").phrases[0]).toMatchObject({ text: "Stark Logistics", prep: "of" });
    expect(read('deals named "Big one"').quoted).toEqual(["Big one"]);
    expect(read("status of INV-0007").numbers).toEqual([{ prefix: "INV", digits: "0007", raw: "INV-0007" }]);
    expect(read("show invoice 7").numbers).toEqual([expect.objectContaining({ prefix: "INV", digits: "7" })]);
    expect(read("void inv_01m8bc8xmreneahwf3pa02z29f").ids).toEqual([{ resource: "invoice", id: "inv_01m8bc8xmreneahwf3pa02z29f" }]);
    expect(read("new contact: Sam Patel <sam@acme.io>").emails).toEqual(["sam@acme.io"]);
  });

  it("currencies, countries, ratings, misspelt states", () => {
    expect(read("show me all GBP invoices").currency).toBe("GBP");
    expect(read("euro invoices that are still open").currency).toBe("EUR");
    expect(read("which accounts are in the US").phrases[0]).toMatchObject({ text: "USA", prep: "in" });
    expect(read("candidates rated 4 or more").numeric).toEqual([{ field: "rating", op: "gte", value: 4 }]);
    expect(read("how many unpiad invoices").groups).toEqual(["unpaid"]);
    expect(read("which candidates did we give 5 stars?").numeric).toEqual([{ field: "rating", value: 5 }]);
    expect(read("4-star applicants or better").numeric).toEqual([{ field: "rating", op: "gte", value: 4 }]);
  });

  it("fields a record has or lacks", () => {
    expect(read("which accounts have no domain").having).toEqual({ domain: false });
    expect(read("contacts without an email").having).toEqual({ email: false });
    expect(read("deals missing a close date").having).toEqual({ expected_close_date: false });
    expect(read("candidates that don't have a phone number on file").having).toEqual({ phone: false });
    expect(read("show me contacts that have a phone number").having).toEqual({ phone: true });
    // A value to set is not a field to have.
    expect(read("add a contact with an email of x@y.com").having).toBeUndefined();
  });

  it("a remark before the request: its subject is who the request's pronoun means", () => {
    const promising = read("grace hopper looks promising, can you move her on to screening");
    expect([promising.action, promising.phrases.map((p) => p.text), promising.states]).toEqual(["stage", ["grace hopper"], ["screening"]]);
    const lost = read("tyrell went with a competitor on the platform rollout, mark it lost");
    // "it" is the last thing the remark names, with whose it is.
    expect([lost.action, lost.phrases.map((p) => p.text)]).toEqual(["stage", ["tyrell platform rollout"]]);
    expect(read("umbrella signed the pilot!! close it won").phrases.map((p) => p.text)).toEqual(["umbrella pilot"]);
    // "it" after a remark naming a record number is that record.
    expect(read("Globex's AP lady just called, they wired the full balance on INV-11 this morning, so please mark it as paid.")).toMatchObject({
      numbers: [expect.objectContaining({ raw: "INV-11" })],
      phrases: [],
    });
    // A possessive is the name the remark gives; a deletion's "it" only when the remark names the record.
    expect(read("the proposal went out to Tyrell this afternoon, so bump their deal up to the Proposal stage").phrases[0]?.text).toBe("Tyrell");
    expect(read("Pied Piper's invoice was a duplicate, so void it please")).toMatchObject({
      action: "void",
      phrases: [expect.objectContaining({ text: "Pied Piper" })],
    });
    expect(read("Monarch pulled out, no point keeping the draft we made for them. Delete it.").phrases.map((p) => p.text)).not.toEqual(["Monarch"]);
    const filled = read("the account executive position has been filled, close the job out");
    expect([filled.action, filled.resource, filled.phrases.map((p) => p.text)]).toEqual(["close", "job", ["account executive"]]);
    // A request that names its own record leaves the remark out.
    expect(read("Acme is late again, void INV-3")).toMatchObject({ action: "void", phrases: [] });
    // A remark with figures in it is kept whole.
    expect(read("Acme paid 500, mark it paid").amounts).toHaveLength(1);
  });

  it("sentences that only tell why are left out; what they point to is kept", () => {
    expect(read("How many draft invoices are still sitting there unsent? I have a feeling we forgot a few.")).toMatchObject({ action: "count", phrases: [] });
    expect(read("I'm meeting Stark Logistics next week, who do we know over there?").phrases).toEqual([
      expect.objectContaining({ text: "Stark Logistics", prep: "at" }),
    ]);
    expect(read("Stark Logistics keeps paying late, how much do they owe us in total right now?")).toMatchObject({ action: "sum" });
    expect(read("umbrella got any draft invoices? how many")).toMatchObject({ action: "count", resource: "invoice", states: ["draft"] });
    expect(read("Marketing wants to know how many new contacts came in over the last 30 days.")).toMatchObject({ action: "count", resource: "contact" });
  });

  it("shorthand and describing words", () => {
    expect(read("new cand for the AE role").phrases[0]).toMatchObject({ text: "account executive" });
    expect(read("tyrell platform rollout -> proposal")).toMatchObject({ action: "stage" });
    expect(read("hires last 12 mo?")).toMatchObject({ resource: "candidate", states: ["hired"] });
    expect(read("void blue sun's open invoice").phrases.map((p) => p.text)).toEqual(["blue sun"]);
    expect(read("Show me the strongest applicants still in play").phrases).toEqual([]);
    expect(read("engineering jobs").phrases.map((p) => p.text)).toEqual(["engineering"]);
    expect(read("how many deals are expected to close in january").dates).toMatchObject({ gte: "2027-01-01", lt: "2027-02-01" });
  });

  it("time and texting said in passing name nothing", () => {
    expect(read("how many deals are sitting in negotiation atm?").phrases.map((p) => p.text)).toEqual(["negotiation"]);
    expect(read("how many invoices are more then 30 days late").dates).toMatchObject({ lt: "2026-02-08", hint: "due" });
    expect(read("who's enrolled in the new lead follow-up sequence at the moment?").resource).toBe("enrollment");
  });
});

describe("a request that points back at what the message told", () => {
  it("a short request after the telling reads the telling as its values", () => {
    expect(read("Northwind's finance team sent 1.2k euros toward their outstanding bill. Can you record that payment?")).toMatchObject({
      action: "pay",
      amounts: [expect.objectContaining({ value: 1200, currency: "EUR" })],
    });
    // The payment is what was told, even when the request names no kind of record; "2,000" is one number.
    expect(read("soylent sent £2,000 toward their overdue invoice, can you log that")).toMatchObject({
      action: "pay",
      amounts: [expect.objectContaining({ value: 2000 })],
    });
    expect(read("Hooli says they paid 30k on INV-17. log it pls")).toMatchObject({ action: "pay", amounts: [expect.objectContaining({ value: 30000 })] });
    expect(read("We're opening a part-time bookkeeper position in London - can you set the job up?")).toMatchObject({ action: "create", resource: "job" });
    expect(read("Northwind wants to sign by the end of next month - update the close date on their deal")).toMatchObject({
      action: "update",
      resource: "deal",
      dates: expect.objectContaining({ hint: "close" }),
    });
  });

  it("a request that says something of its own is not pointing back", () => {
    expect(read("Initech is growing fast, add a contact Jane Roe at Initech")).toMatchObject({ action: "create", resource: "contact" });
    expect(read("Hooli is slow to pay. Show me their invoices")).toMatchObject({ action: "list", resource: "invoice" });
  });

  it("a yes-or-no question is a read, never the change it names", () => {
    expect(read("Has Initech paid anything on INV-12 yet?")).toMatchObject({ question: true, action: "list" });
    expect(read("have they paid INV-7")).toMatchObject({ question: true });
  });

  it("when a deal is wanted closed is its close date, not a win", () => {
    const p = read("Umbrella expansion deal - amount is 64k now and they want it closed by the end of the quarter");
    expect(p.action).not.toBe("close");
    expect(p.dates).toMatchObject({ hint: "close", day: "2026-03-31" });
  });

  it("openers and sign-offs say nothing asked", () => {
    expect(read("heads up, Tim Berners-Lee withdrew from the designer process")).toMatchObject({ action: "stage", states: ["rejected"] });
    expect(read("Aperture Labs signed yesterday, finally 🎉").phrases.map((ph) => ph.text)).not.toContain("finally");
    expect(read("Sorry if this is a silly question, but how many open jobs do we have?")).toMatchObject({ action: "count", resource: "job" });
  });
});

describe("everyday words for records, states and spans", () => {
  it("sales are deals, unless a team or a title", () => {
    expect(read("Which sales are at the negotiating stage right now?")).toMatchObject({ resource: "deal" });
    expect(read("make her VP Sales").fields).toEqual([{ words: "title", value: "VP Sales" }]);
    expect(read("how many open jobs in the sales team").resource).toBe("job");
  });

  it("spans in words, and what invoices and candidates are called", () => {
    expect(read("Which open invoices fall due in the next two weeks?").dates).toMatchObject({ hint: "due", gte: "2026-03-10", lt: "2026-03-25" });
    expect(read("How many bills are past their due date?")).toMatchObject({ action: "count", states: ["overdue"] });
    expect(read("Show me the drafts that haven't gone out yet.").phrases).toEqual([]);
    expect(read("who's waiting on a decision after the onsite?").states).toEqual(["interview"]);
    expect(read("how much of the sterling overdue is there").amounts).toEqual([]);
  });

  it("the pipeline asked in other words; a job's place", () => {
    expect(read("If every sale we're working on right now closed, how much would that add up to?")).toMatchObject({ resource: "pipeline" });
    expect(read("How much money are we owed in total, across all our customers?")).toMatchObject({ action: "sum", phrases: [] });
    expect(read("Sorry if this is a silly question, but where is the Account Executive job based?")).toMatchObject({
      resource: "job",
      phrases: [expect.objectContaining({ text: "Account Executive" })],
    });
  });

  it("the sequence by what it does: who gets the emails, taking someone off the list", () => {
    expect(read("who's still getting the follow-up emails?")).toMatchObject({ resource: "enrollment", states: ["active"] });
    expect(read("Lucas Silva asked us to stop emailing him. Can you take him off the list, please?")).toMatchObject({ action: "unenroll" });
    expect(read("Please start sending the follow-up emails to Isla Haddad")).toMatchObject({ action: "enroll" });
  });

  it("values said in passing: a phone number, a lifecycle stage, a rating, a deal's outcome in a note", () => {
    expect(read("add a contact at Hooli - Priya Nair, priya@hooli.cloud, 415-555-0199. she's a lead").fields).toEqual(
      expect.arrayContaining([
        { words: "phone", value: "415-555-0199" },
        { words: "lifecycle stage", value: "lead" },
      ]),
    );
    expect(read("Knock Ken Thompson down to a 4, his references were lukewarm").fields).toEqual([{ words: "rating", value: "4" }]);
    expect(read("hooli - lost, budget")).toMatchObject({ action: "stage", to: "lost", resource: "deal" });
    expect(read("james novak (stark) is a qualified lead now")).toMatchObject({ action: "stage", to: "qualified" });
  });
});

describe("what a remark names, for the request after it", () => {
  it("a record the remark names whole, for 'it', 'its' and 'that deal'", () => {
    expect(read("We're never going to see the money on the Oscorp Materials invoice. Write it off.")).toMatchObject({ action: "uncollectible" });
    expect(read("The Stark Logistics support upgrade deal has slipped. Push its expected close date out to the end of February.")).toMatchObject({
      resource: "deal",
      dates: expect.objectContaining({ hint: "close", day: "2027-02-28" }),
      phrases: [expect.objectContaining({ text: "Stark Logistics support upgrade" })],
    });
    expect(
      read("Umbrella Health signed the pilot today, mark that deal as won.")
        .phrases.map((ph) => ph.text)
        .join(" "),
    ).toMatch(/pilot/);
    // The req is the role named, and still a job.
    expect(read("We filled the Account Executive role, close the req")).toMatchObject({ resource: "job" });
  });

  it("a request that ends with a question mark is still a request; openers and waits are not names", () => {
    expect(read("Grace Hopper looks promising, could you move her on to the next stage?").phrases.map((ph) => ph.text)).toEqual(["Grace Hopper", "next"]);
    expect(read("Before I call Stark - do they have anything overdue with us?").phrases.map((ph) => ph.text)).toContain("Stark");
    expect(read("how much does Northwind Traders still owe us? renewal call in 10 min").resources).not.toContain("deal");
  });
});

describe("what to set, in a create", () => {
  it("remarks in a create are its values, not reasons to drop", () => {
    expect(read("add priya nair at hooli, she's their head of ops, priya.nair@hooli.cloud")).toMatchObject({
      emails: ["priya.nair@hooli.cloud"],
      fields: [{ words: "title", value: "head of ops" }],
    });
    expect(read("add acme robotics as a new account - acmerobotics.com, they're based in canada").fields).toEqual([{ words: "based in", value: "canada" }]);
    expect(read("new applicant for the designer opening: Ada Lovelace, found her on linkedin").fields).toEqual([{ words: "source", value: "linkedin" }]);
    // A dash sets a name apart; a gerund before a name word is part of it.
    expect(read("new invoice for hooli cloud - onboarding workshop, $4,200").phrases.map((p) => p.text)).toEqual(["hooli cloud", "onboarding workshop"]);
  });
});

describe("what to set", () => {
  it("fields phrased naturally, their words not read as names", () => {
    const p = read("create an account for Contoso, their domain is contoso.com");
    expect(p.domains).toEqual(["contoso.com"]);
    expect(p.phrases).toEqual([expect.objectContaining({ text: "Contoso", prep: "for" })]);
    expect(read("make her VP Sales").fields).toEqual([{ words: "title", value: "VP Sales" }]);
    expect(read("add account Fabrikam, based in Lisbon").fields).toEqual([{ words: "based in", value: "Lisbon" }]);
    expect(read("Acme's phone number is +1 555 0100").fields).toEqual([{ words: "phone", value: "+1 555 0100" }]);
  });

  it("the case of names is kept", () => {
    expect(read("create a deal Big Upsell for Initech worth 5000 USD").phrases.map((p) => p.text)).toEqual(["Big Upsell", "Initech"]);
    // "Renewal" also names a deal: it stays with the name it follows.
    expect(read("create a deal Initech Renewal for Initech").phrases[0]).toMatchObject({ text: "Initech", noun: "renewal" });
  });
});

describe("a record's own date moved by a span", () => {
  const shift = (message: string) => read(message).shift ?? null;

  it("later, earlier, by days, weeks, fortnights and calendar months, however far the span is from its verb", () => {
    expect(shift("push the close date on the Stark support upgrade deal out by two weeks")).toEqual({ days: 14, months: 0 });
    expect(shift("extend INV-3 by 10 days")).toEqual({ days: 10, months: 0 });
    expect(shift("bump the close out a month")).toEqual({ days: 0, months: 1 });
    expect(shift("push it back a couple of weeks")).toEqual({ days: 14, months: 0 });
    expect(shift("make the due date a fortnight later")).toEqual({ days: 14, months: 0 });
    expect(shift("delay the Globex pilot by 3 weeks")).toEqual({ days: 21, months: 0 });
    expect(shift("bring the close date forward 2 weeks")).toEqual({ days: -14, months: 0 });
    expect(shift("pull the Umbrella pilot close in a week")).toEqual({ days: -7, months: 0 });
    expect(shift("move the Tyrell close date up by a week")).toEqual({ days: -7, months: 0 });
  });

  it("time granted counts from today when the date has passed", () => {
    expect(shift("give Hooli another week to pay")).toEqual({ days: 7, months: 0, granted: true });
    expect(shift("give them 2 more weeks")).toEqual({ days: 14, months: 0, granted: true });
  });

  it("a day named outright, or a period, is no shift", () => {
    for (const message of ["move Ann to interview in two weeks", "push the demo to next week", "set up a call in two weeks", "invoices due in 30 days"])
      expect(shift(message), message).toBeNull();
  });

  it("the words of the span are not read as names", () => {
    expect(read("pull the Umbrella pilot close in a week").phrases.map((ph) => ph.text)).toEqual(["Umbrella pilot"]);
  });
});

describe("round four's everyday words", () => {
  it("how late invoices are, as due dates: at least, more than, and between", () => {
    // NOW is 2026-03-10.
    expect(read("which invs are 60+ days late")).toMatchObject({ states: ["overdue"], dates: { lt: "2026-01-10", hint: "due" } });
    expect(read("invoices more than 60 days overdue").dates).toEqual({ lt: "2026-01-09", hint: "due" });
    expect(read("how much is 31-60 days overdue").dates).toEqual({ gte: "2026-01-09", lt: "2026-02-08", hint: "due" });
    expect(read("the 61-90 days late bucket").phrases).toEqual([]);
  });

  it("where a candidate came from, said every way", () => {
    const source = (message: string) => read(message).fields.find((f) => f.words === "source")?.value;
    expect(source("how many candidates came in as referrals")).toBe("referral");
    expect(source("new applicant: Ada Lovelace, ada@lovelace.dev, Linus referred her")).toBe("referral");
    expect(source("add her as a candidate, with referral as the source")).toBe("referral");
    expect(source("she applied through LinkedIn")).toBe("linkedin");
  });

  it("ratings said as plurals, and shorthand written out", () => {
    expect(read("who are our 4s and 5s").numeric).toEqual([{ field: "rating", op: "gte", value: 4 }]);
    expect(read("how many ppl applied to the designer job").raw).toContain("people");
    expect(read("mark thier inv paid").raw).toBe("mark their invoice paid");
    // A prefix before a number stays: INV-12 is a number, not "invoice-12".
    expect(read("void INV-12").numbers).toEqual([expect.objectContaining({ prefix: "INV", digits: "12" })]);
  });

  it("a story before the request gives its values and whom it is about", () => {
    expect(
      read(
        "Quick update on Noah Schmidt at Globex: he got promoted to Director of Operations, and he gave me his direct line, +1 415 555 0142. Could you update his contact?",
      ).fields,
    ).toEqual(
      expect.arrayContaining([
        { words: "title", value: "Director of Operations" },
        { words: "phone", value: "+1 415 555 0142" },
      ]),
    );
    expect(read("Just got off the phone with Ava at Stark Logistics. What deals do we have open with them right now?").phrases).toEqual([
      expect.objectContaining({ text: "Stark Logistics" }),
    ]);
    expect(read("Radia Perlman did great on the phone screen. move them on to interviews and put them down as a 4")).toMatchObject({
      fields: [{ words: "rating", value: "4" }],
    });
  });
});

describe("what is promised, and whom a story names", () => {
  it("a payment to come is never one made", () => {
    for (const message of [
      "Tyrell's AP team called, they'll pay INV-000037 next week",
      "Hooli says they will settle INV-12 on friday",
      "Initech promised to pay INV-9",
      "Stark Logistics have promised to pay INV-9 by the end of the month",
      "Stark wameahidi kulipa INV-9 mwisho wa mwezi",
    ])
      expect(read(message).action, message).not.toBe("pay");
  });

  it("a field of the record told of, in the request after it", () => {
    // A move of a date, which the planner makes an update of the due date (see index.ts).
    expect(read("Tyrell's AP team called, they'll pay INV-000037 next week. push the due date to next friday")).toMatchObject({
      action: "stage",
      numbers: [expect.objectContaining({ raw: "INV-000037" })],
      dates: { day: expect.any(String) },
    });
  });

  it("a title told with capitals, and a person removed from the contacts rather than from a sequence", () => {
    expect(read("Had a chat with Noah Schmidt from Globex, he's now Head of Ops. update him pls").fields).toEqual([{ words: "title", value: "Head of Ops" }]);
    expect(read("Heads up, Emma Dubois from Hooli left the company. Please remove her from our contacts.").action).toBe("delete");
  });
});

describe("part-paid invoices, and bulk changes said with all or every", () => {
  it("something paid and something still due, said every way", () => {
    for (const message of [
      "which invoices are part-paid?",
      "how much is still owed on partially paid invoices",
      "has anyone made a partial payment",
      "invoices that have been paid in part",
      "list the partly paid bills",
      "which clients paid some of the invoice",
    ]) {
      const p = read(message);
      expect(p.numeric, message).toEqual([{ field: "amount_paid", op: "gt", value: 0 }]);
      expect(p.groups, message).toContain("unpaid");
      expect(p.states, message).not.toContain("paid");
    }
    for (const message of ["which invoices are paid", "show paid invoices", "list invoices paid in full"]) expect(read(message).numeric, message).toEqual([]);
  });

  it("void before all, every or a possessive is the verb; void after a list verb is the state", () => {
    for (const message of ["void all of Hooli's invoices", "void every invoice for Wayne", "void their invoices", "please void all Hooli invoices"])
      expect(read(message), message).toMatchObject({ action: "void", resources: ["invoice"] });
    expect(read("show void invoices")).toMatchObject({ action: "list", states: ["void"] });
    expect(read("how many void invoices do we have").states).toEqual(["void"]);
  });
});

describe("round five's everyday words", () => {
  it("when someone must pay is a question about a due date, never a payment", () => {
    for (const message of [
      "until when Blue Sun must pay? their invoice i mean",
      "by when does Initech have to pay us",
      "when do they need to pay",
      "Initech must pay INV-12 by Friday",
      "they have to pay INV-3 next week",
    ]) {
      const p = read(message);
      expect(p.action, message).not.toBe("pay");
    }
  });

  it("how to answer is not what to find: 'client name and amount pls', 'currency wise', 'actual'", () => {
    for (const message of [
      "which pound invoices are overdue actual? only number and client name is sufficient",
      "how much is unpaid? currency wise pls",
      "biggest deals, names + amounts",
    ])
      expect(read(message).phrases, message).toEqual([]);
    // A date the request needs stays: "past their due date" is not "how to answer".
    expect(read("deals missing a close date").having).toEqual({ expected_close_date: false });
  });

  it("amounts with spaces between the thousands, when a currency says it is money", () => {
    expect(readAmounts("a transfer from Tyrell of 4 000 USD.").map((a) => [a.value, a.currency])).toEqual([[4000, "USD"]]);
    expect(readAmounts("€ 1 200 for it").map((a) => [a.value, a.currency])).toEqual([[1200, "EUR"]]);
    expect(readAmounts("top 5 100 deals").map((a) => a.value)).toEqual([5, 100]);
  });

  it("people: titles of address, 'give N stars', passing on someone, a capitalized Lead in a title", () => {
    expect(read("put Mr. Novak from Stark in the new lead follow-up sequence").phrases.map((p) => p.text)).toContain("Novak");
    expect(read("give 4 stars for Grace Hopper, I read her CV, is very good profile")).toMatchObject({
      numeric: [],
      fields: [{ words: "rating", value: "4" }],
    });
    expect(read("we won't be moving forward with Grace Hopper")).toMatchObject({ action: "reject" });
    expect(read("we will go ahead with Grace Hopper").action).not.toBe("reject");
    expect(read("add a contact at Globex: Priya Natarajan, Accounts Payable Lead, priya@globex.com").phrases.map((p) => p.text)).toContain(
      "Accounts Payable Lead",
    );
  });

  it("a clause about when the teller acts asks nothing: 'before I send the renewal quote'", () => {
    const p = read("AR is chasing Initech. before I send the renewal quote: what's actually overdue w/ them");
    expect(p.action).not.toBe("finalize");
    expect(p.states).toContain("overdue");
    // "invoice 60" before "+ days" is an age, not an invoice number.
    expect(read("which customers have an invoice 60+ days past due?")).toMatchObject({ numbers: [], dates: { lt: "2026-01-10" } });
  });

  it("'under a month late' is overdue by at most 30 days", () => {
    // NOW is 2026-03-10.
    expect(read("of the USD that's overdue, how much is under a month late?")).toMatchObject({
      states: expect.arrayContaining(["overdue"]),
      dates: { gte: "2026-02-08" },
    });
    expect(read("invoices less than 30 days overdue").dates).toEqual({ gte: "2026-02-08", hint: "due" });
  });

  it("'by the end of' includes that day; 'before' does not", () => {
    expect(read("deals closing by the end of next month").dates.lt).toBe("2026-05-01");
    expect(read("invoices due before March 20").dates.lt).toBe("2026-03-20");
  });
});

describe("questions and requests a message holds", () => {
  it("two questions are two; a follow-up about the same records is not", () => {
    expect(questionsOf("how many people have we hired over the last twelve months, and how many jobs do we have open right now?")).toEqual([
      "how many people have we hired over the last twelve months",
      "how many jobs do we have open right now?",
    ]);
    expect(questionsOf("How many invoices are past due, and which customer is sitting on the oldest one?")).toEqual(["How many invoices are past due"]);
    expect(questionsOf("how many referral candidates are in process? And who are they")).toEqual(["how many referral candidates are in process?"]);
    expect(questionsOf("which deals close this year, and what do they add up to?")).toEqual(["which deals close this year"]);
    // A request that changes things is never split.
    expect(questionsOf("move Tim to interview, and which job is he on?")).toEqual(["move Tim to interview, and which job is he on?"]);
  });
});

describe("the tools read as operations on resources, under either naming", () => {
  const tool = (name: string, extra: Partial<Tool> = {}) => ({ name, ...extra }) as Tool;
  it.each([
    ["list_invoices", "list", "invoice"],
    ["invoices_list", "list", "invoice"],
    ["pay_invoice", "pay", "invoice"],
    ["invoices_record_payment", "pay", "invoice"],
    ["mark_invoice_uncollectible", "uncollectible", "invoice"],
    ["get_latest_snapshot", "latest", "snapshot"],
    ["snapshots_read", "latest", "snapshot"],
    ["create_snapshot", "create", "snapshot"],
    ["get_account_dossier", "dossier", "account"],
    ["enroll_contact", "enroll", "sequence"],
    ["activate_sequence", "resume", "sequence"],
    ["list_enrollments", "list", "enrollment"],
  ])("%s: %s %s", (name, op, resource) => {
    expect(classify(tool(name))).toMatchObject({ op, resource });
  });

  it("a tool's declared resource wins over its name", () => {
    expect(classify(tool("move_deal_to_stage", { resource: "deal", operationId: "moveDealToStage" } as Partial<Tool>))).toMatchObject({
      op: "move",
      resource: "deal",
    });
  });
});

describe("fuzzy matching", () => {
  it("one edit or a swap of neighbours", () => {
    expect(near("unpiad", "unpaid")).toBe(true);
    expect(near("invoce", "invoice")).toBe(true);
    expect(near("remote", "remove")).toBe(true);
    expect(near("contact", "contract")).toBe(true);
    expect(resourceOf("contract")).toBeUndefined();
    expect(resourceOf("candidtes")).toBe("candidate");
  });
});

describe("round eight: questions asked late, ranges, words that tell how", () => {
  it("a question asked after a remark is never a payment", () => {
    const p = read("quick question, the Pied Piper bill, the one they still haven't paid, when was it supposed to be paid by? they're on the phone");
    expect(p.question).toBe(true);
    expect(p.action).toBe("list");
    // A clause opening with "which" that does not end the question is not one.
    expect(read("USD 11,130.62 against INV-12, which clears it in full. Can you record the payment please?").action).toBe("pay");
  });

  it.each([
    ["which invoices fall due between 1 and 15 March?", "2026-03-01", "2026-03-16"],
    ["invoices due between 1 April and 15 April", "2026-04-01", "2026-04-16"],
    ["which issued invoices fall due between today and xmas (not counting xmas day)?", "2026-03-10", "2026-12-25"],
    ["which invoices fell due between 1 and 15 February and are unpaid?", "2026-02-01", "2026-02-16"],
  ])("%s", (said, gte, lt) => expect(read(said).dates).toMatchObject({ hint: "due", gte, lt }));

  it("before the end of a period includes its last day; before a day does not", () => {
    expect(read("which deals are expected to close before the end of this year?").dates).toMatchObject({ lt: "2027-01-01" });
    expect(read("invoices due before 20 March").dates).toMatchObject({ lt: "2026-03-20" });
  });

  it("a rating asked as a question filters", () => {
    expect(read("which of the designer applicants did we rate 3 or higher?").numeric).toContainEqual({ field: "rating", op: "gte", value: 3 });
    expect(read("any of the backend candidates rated a 5").numeric).toContainEqual({ field: "rating", op: undefined, value: 5 });
  });

  it("an amount said to a scale is any figure that rounds to it", () => {
    expect(readAmounts("the 4.8k draft")[0]).toMatchObject({ value: 4800, rounding: 50 });
    expect(readAmounts("5k")[0]).toMatchObject({ value: 5000, rounding: 500 });
    expect(readAmounts("4,800")[0]!.rounding).toBeUndefined();
  });

  it("an amount range is not a date range", () => {
    expect(read("deals between 10 and 20k").dates.gte).toBeUndefined();
  });

  it.each([
    ["do we have drafts sitting there that never went out? how many"],
    ["how many contacts we got at stark"],
    ["pls reject alan for the backend job, not a fit unfortunately"],
    ["pause the new lead follow-up seq, nobody's reading email over the holidays"],
  ])("words that tell how name nothing: %s", (said) => {
    const names = read(said).phrases.map((ph) => ph.text.toLowerCase());
    expect(names.every((n) => ["stark", "alan", "backend", "follow-up"].includes(n))).toBe(true);
  });

  it("bills made but not sent are drafts; drafts left out are not asked for", () => {
    expect(read("How many bills have we made but not actually sent out to the client yet?").states).toEqual(["draft"]);
    expect(read("the bills clients are supposed to pay next month, not the drafts").states).not.toContain("draft");
  });
});

describe("round thirty: shares, discounts and a day put off to", () => {
  let chrono: Awaited<ReturnType<typeof loadLanguage>>["chrono"];
  beforeAll(async () => {
    chrono = (await loadLanguage()).chrono;
  });

  it("a percentage is never a sum of money", () => {
    expect(readAmounts("make a discount of 10% on the invoice")).toEqual([]);
    expect(readAmounts("knock 15 percent off")).toEqual([]);
    expect(readAmounts("$10 off, 20 per cent")).toMatchObject([{ value: 10, currency: "USD" }]);
  });

  it("a day something is put off to comes after today; a day it is due by may be today", () => {
    const first = new Date("2026-12-01T09:00:00.000Z");
    expect(readDates(chrono, "push the due date to the 1st", first).range.day).toBe("2027-01-01");
    expect(readDates(chrono, "give them until the 1st", first).range.day).toBe("2027-01-01");
    expect(readDates(chrono, "due by the 1st", first).range.day).toBe("2026-12-01");
    expect(readDates(chrono, "push it to the 15th", first).range.day).toBe("2026-12-15");
  });
});
