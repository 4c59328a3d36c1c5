import { beforeAll, describe, expect, it } from "vitest";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { chat, made, NOW, seedWorld, type World } from "./helpers.ts";

/**
 * The offline planner through POST /v1/agent/chat, one class of request at a
 * time across finance, growth, talent and the snapshot; judged from the API's
 * state and the figures in the reply.
 */
const clock = testClock(NOW);
const app = useTestApp({ clock });
let tenant: Tenant;
let world: World;

beforeAll(async () => {
  tenant = await app().tenant();
  world = await seedWorld(tenant.client);
  // A second currency and a paid invoice: sums are per currency, filters by state.
  await made(tenant.client.post("/v1/invoices", { client: "Umbrella", amount: 900, currency: "EUR", status: "open", due_date: "2026-03-20" }));
  const paid = await made(tenant.client.post("/v1/invoices", { client: "Umbrella", amount: 40, currency: "EUR", status: "open", due_date: "2026-03-25" }));
  await made(tenant.client.post(`/v1/invoices/${paid.id}/pay`, { amount: 40 }), 200);
});

const tools = (out: any) => out.actions.map((a: any) => a.tool);
const writes = (out: any) => out.actions.filter((a: any) => !a.tool.startsWith("list_") && !a.tool.startsWith("get_"));

describe("reads: count, sum, list, top, filtered by states, amounts, dates and names", () => {
  it("counts over every matching record (meta.total), with the amounts per currency", async () => {
    const out = await chat(tenant.client, "how many unpaid bills do we have?");
    expect(out.actions[0].input).toMatchObject({ status: "open,overdue" });
    expect(out.message.content).toMatch(/^5 invoices are open or overdue, 2,350\.50 USD \+ 900\.00 EUR due in all:/);
  });

  it("sums what is owed per currency, and names the records", async () => {
    const out = await chat(tenant.client, "what's the total we're owed?");
    expect(out.message.content).toContain("2,350.50 USD + 900.00 EUR");
    expect(out.message.content).toContain("INV-000001");
  });

  it("amount comparisons and a typo in the noun", async () => {
    const out = await chat(tenant.client, "invoces above 500 dollars");
    expect(out.actions[0].input).toMatchObject({ "amount[gt]": 500, currency: "USD" });
    expect(out.message.content).toContain("2 invoices");
    expect(out.message.content).not.toContain("INV-000003");
  });

  it("date ranges read against the request's clock", async () => {
    const out = await chat(tenant.client, "which invoices are due this month?");
    expect(out.actions[0].input).toMatchObject({ "due_date[gte]": "2026-03-01", "due_date[lt]": "2026-04-01", status: "open,overdue" });
    expect(out.message.content).toContain("INV-000003");
    expect(out.message.content).toContain("INV-000005");
  });

  it("a possessive names the account whose records are listed", async () => {
    const out = await chat(tenant.client, "show me Acme's contacts");
    expect(tools(out)).toEqual(["list_accounts", "list_contacts"]);
    expect(out.actions[1].input).toMatchObject({ account_id: world.acme });
    expect(out.message.content).toMatch(/^2 contacts for Acme/);
  });

  it("a stage of the talent pipeline, for a job named in the request", async () => {
    const out = await chat(tenant.client, "applicants still screening for the backend engineer role");
    expect(out.actions.at(-1).input).toMatchObject({ stage: "screening", job_id: world.backend });
    expect(out.message.content).toContain("Dan Eve");
    expect(out.message.content).not.toContain("Cara Diaz");
  });

  it("the largest records, and a single record's field", async () => {
    const top = await chat(tenant.client, "top 2 invoices");
    expect(top.actions[0].input).toMatchObject({ sort: "-amount", per_page: 2 });
    expect(top.message.content).toMatch(/INV-000001[\s\S]*INV-000005/);
    const email = await chat(tenant.client, "what is Ann Lee's email?");
    expect(email.message.content).toContain("ann@acme.example");
    const invoice = await chat(tenant.client, "status of invoice 3");
    expect(invoice.message.content).toMatch(/^INV-000003 for Acme: .*status overdue/);
  });
});

describe("business questions from the latest snapshot", () => {
  it("takes a snapshot when none exists, then answers from the latest one saying how old it is", async () => {
    const first = await chat(tenant.client, "what's our weighted pipeline?");
    expect(tools(first)).toEqual(["get_latest_snapshot", "create_snapshot"]);
    expect(first.message.content).toMatch(/^From a snapshot taken now/);
    expect(first.message.content).toContain("Weighted pipeline:");
    const second = await chat(tenant.client, "receivables and DSO");
    expect(tools(second)).toEqual(["get_latest_snapshot"]);
    expect(second.message.content).toMatch(/^From the latest snapshot, 2026-03-10T12:00:00\.000Z \(just now\)/);
    expect(second.message.content).toContain("2,350.50 USD outstanding, 1,500.00 USD overdue");
    expect(second.message.content).toContain("Days sales outstanding");
  });

  it("a read-only key answers from the snapshot but never takes one", async () => {
    const other = await app().tenant();
    const readOnly = await other.newKey("read_only");
    const out = await chat(readOnly.client, "how are we doing?");
    expect(tools(out)).toEqual(["get_latest_snapshot"]);
    expect(out.message.content).toBe("No intelligence snapshot exists yet, and this API key cannot take one.");
  });
});

describe("writes: create, update, move, pay, enroll, with a question back when something is missing", () => {
  it("creates an account named by the request, not by a fragment of it", async () => {
    const out = await chat(tenant.client, "create an account for Contoso, their domain is contoso.com");
    expect(out.actions.at(-1)).toMatchObject({ tool: "create_account", input: { name: "Contoso", domain: "contoso.com" }, status: "completed" });
  });

  it("creates an invoice from natural values (amount and currency, due date), billing the account of that name", async () => {
    const out = await chat(tenant.client, "bill Initech 12k euros due end of April");
    expect(out.actions.at(-1)).toMatchObject({
      tool: "create_invoice",
      status: "completed",
      input: { client: "Initech", amount: 12000, currency: "EUR", due_date: "2026-04-30", account_id: world.initech },
    });
    expect(out.message.content).toMatch(/^Created invoice INV-\d+ for Initech/);
  });

  it("'issue an invoice ... for 300 EUR' creates one, issued (open); it never finalizes an existing draft", async () => {
    await made(tenant.client.post("/v1/invoices", { client: "Umbrella", amount: 10, currency: "EUR", due_date: "2026-05-01" }));
    const out = await chat(tenant.client, "issue an invoice to Umbrella for 300 EUR due end of April");
    expect(out.actions.map((a: any) => a.tool)).not.toContain("finalize_invoice");
    expect(out.actions.at(-1)).toMatchObject({
      tool: "create_invoice",
      status: "completed",
      input: { client: "Umbrella", amount: 300, currency: "EUR", due_date: "2026-04-30", status: "open" },
    });
  });

  it("creates a job and a candidate for it", async () => {
    const job = await chat(tenant.client, "open a new role: Data Analyst in Lisbon, part-time");
    expect(job.actions.at(-1)).toMatchObject({ tool: "create_job", input: { title: "Data Analyst", location: "Lisbon", employment_type: "part_time" } });
    const cand = await chat(tenant.client, "add candidate Zoe Park <zoe@park.example> for the Data Analyst job");
    expect(cand.actions.at(-1)).toMatchObject({
      tool: "create_candidate",
      status: "completed",
      input: { first_name: "Zoe", last_name: "Park", email: "zoe@park.example", job_id: job.actions.at(-1).result.id },
    });
  });

  it("asks which record when a name matches several, and the answer completes the request", async () => {
    const asked = await chat(tenant.client, "create a deal Expansion for Globex worth 3k");
    expect(writes(asked)).toEqual([]);
    expect((await tenant.client.get("/v1/deals?q=Expansion")).body.meta.total).toBe(0);
    expect(asked.message.content).toContain("More than one account matches “Globex”. Which one?");
    const west = /(\d)\. Globex West/.exec(asked.message.content)![1]!;
    const done = await chat(tenant.client, west, asked.conversation_id);
    expect(done.actions.at(-1)).toMatchObject({
      tool: "create_deal",
      status: "completed",
      input: { name: "Expansion", amount: 3000, account_id: world.globexWest },
    });
  });

  it("a missing required field is asked for, and the next message fills it", async () => {
    const asked = await chat(tenant.client, "create an invoice for Hooli due next friday");
    expect(writes(asked)).toEqual([]);
    expect(asked.message.content).toMatch(/I need amount and currency\. What amount/);
    const done = await chat(tenant.client, "1,250 USD", asked.conversation_id);
    expect(done.actions.at(-1)).toMatchObject({
      tool: "create_invoice",
      status: "completed",
      input: { client: "Hooli", amount: 1250, currency: "USD", due_date: expect.stringMatching(/^2026-03-(13|20)$/) },
    });
  });

  it("updates a field phrased as a statement", async () => {
    const out = await chat(tenant.client, "make Ann Lee VP Sales");
    expect(out.actions.at(-1)).toMatchObject({ tool: "update_contact", input: { contact_id: world.acmeContacts[0], title: "VP Sales" } });
    const website = await chat(tenant.client, "change Acme's website to acme.io");
    expect(website.actions.at(-1)).toMatchObject({ tool: "update_account", input: { account_id: world.acme, domain: "acme.io" } });
  });

  it("moves a candidate and a deal; a fact stated is a change", async () => {
    const moved = await chat(tenant.client, "advance cara diaz to the offer stage");
    expect(moved.actions.at(-1)).toMatchObject({ tool: "update_candidate", input: { stage: "offer" }, status: "completed" });
    const won = await chat(tenant.client, "we closed the Initech renewal");
    expect(won.actions.at(-1)).toMatchObject({ tool: "move_deal_to_stage", input: { deal_id: world.initechDeal, stage: "won" }, status: "completed" });
    expect((await tenant.client.get(`/v1/deals/${world.initechDeal}`)).body.status).toBe("won");
  });

  it("a payment stated as a fact pays what is due; 'record a payment' without an amount asks how much", async () => {
    const settled = await chat(tenant.client, "Initech settled INV-000002 this morning");
    expect(settled.actions.at(-1)).toMatchObject({ tool: "pay_invoice", input: { amount: 800.5 }, status: "completed" });
    const asked = await chat(tenant.client, "record a payment on INV-000004");
    expect(writes(asked)).toEqual([]);
    expect(asked.message.content).toBe("How much was paid on INV-000004 (Acme)?");
    const paid = await chat(tenant.client, "20", asked.conversation_id);
    expect(paid.actions.at(-1)).toMatchObject({ tool: "pay_invoice", input: { amount: 20 }, status: "completed" });
    expect(paid.message.content).toBe("Recorded 20.00 USD on INV-000004; 30.00 USD still due (open).");
  });

  it("pauses and resumes a sequence; enrolls two people", async () => {
    const paused = await chat(tenant.client, "pause the Intro campaign");
    expect(paused.actions.at(-1)).toMatchObject({ tool: "pause_sequence", status: "completed" });
    const resumed = await chat(tenant.client, "resume intro");
    expect(resumed.actions.at(-1)).toMatchObject({ tool: "activate_sequence", status: "completed" });
    const enrolled = await chat(tenant.client, "enroll Ann Lee and Bob Stone in Intro");
    expect(enrolled.actions.at(-1)).toMatchObject({ tool: "enroll_contacts", input: { sequence_id: world.intro, contact_ids: world.acmeContacts } });
  });

  it("takes a person out of a sequence (leaving it, not a deletion)", async () => {
    const out = await chat(tenant.client, "take Ann Lee out of Intro");
    expect(out.actions.at(-1)).toMatchObject({ tool: "unenroll_contact", status: "completed", input: { sequence_id: world.intro } });
    expect(out.message.content).toBe("Took Ann Lee out of Intro.");
  });

  it("the word after a name says what it names; a date phrased naturally is set", async () => {
    const out = await chat(tenant.client, "change the expected close date of the Initech renewal to the end of next month");
    expect(out.actions.at(-1)).toMatchObject({
      tool: "update_deal",
      input: { deal_id: world.initechDeal, expected_close_date: "2026-04-30" },
      status: "completed",
    });
  });

  it("a relative clause is a filter, not an order: 'candidates we rejected' lists them", async () => {
    const out = await chat(tenant.client, "candidates we rejected");
    expect(writes(out)).toEqual([]);
    expect(out.actions[0].input).toMatchObject({ stage: "rejected" });
  });

  it("destructive changes wait for approval, and the reply says what waits and why", async () => {
    const out = await chat(tenant.client, "cancel INV-000003");
    expect(out.actions.at(-1)).toMatchObject({ tool: "void_invoice", status: "approval_required" });
    expect(out.message.content).toBe(
      "Voiding an invoice cancels money owed. This waits for approval: once it is approved, I will void INV-000003 (Acme); until then nothing changes.",
    );
  });
});

describe("an address or a domain on file names its record", () => {
  it("a contact by email address: the change is made to them", async () => {
    const out = await chat(tenant.client, "bob@acme.example direct line is +1 212 555 0100, update the record");
    expect(writes(out)).toMatchObject([
      { tool: "update_contact", input: { contact_id: world.acmeContacts[1], phone: "+1 212 555 0100" }, status: "completed" },
    ]);
  });

  it("an account by domain: its records are read", async () => {
    const out = await chat(tenant.client, "what do the initech.example folks owe us?");
    expect(out.message.content).toMatch(/^Initech owes /);
  });

  it("an address given as a value stays a value, and one no record carries stays as written", async () => {
    const out = await chat(tenant.client, "create a contact Cy Twombly cy@twombly.example at Acme");
    expect(writes(out)).toMatchObject([{ tool: "create_contact", input: { email: "cy@twombly.example", account_id: world.acme } }]);
  });

  it("an address the API's filter refuses names nothing, and the turn still answers", async () => {
    const out = await chat(tenant.client, "who is a..b@c.example");
    expect(out.actions.filter((a: any) => a.status === "failed")).toEqual([]);
    expect(writes(out)).toEqual([]);
  });
});

describe("a create of a record on file completes it, never makes it twice", () => {
  it("a person on file: what the request says is set on them", async () => {
    const out = await chat(tenant.client, "Ann Lee at Acme, mobile is +44 20 7946 0001, please add it");
    expect(writes(out)).toMatchObject([{ tool: "update_contact", input: { contact_id: world.acmeContacts[0], phone: "+44 20 7946 0001" } }]);
    expect(out.message.content).toMatch(/^Ann Lee is already on file, so I updated it/);
  });

  it("an account on file, said again with nothing new: nothing changes", async () => {
    const out = await chat(tenant.client, "add an account called Initech");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/^Initech is already on file \(acc_/);
  });

  it("the same name with another domain is another company (as CRMs dedupe by domain)", async () => {
    const out = await chat(tenant.client, "add an account Globex East with domain globex-holdings.example");
    expect(writes(out)).toMatchObject([{ tool: "create_account", input: { name: "Globex East", domain: "globex-holdings.example" } }]);
  });

  it("a job title is not a name: who they are is asked", async () => {
    const out = await chat(tenant.client, "Acme just hired a new VP of Sales, add them as a contact");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toContain("?");
  });
});

describe("what people say around a request, and records named loosely", () => {
  it("a remark after the question, dictated with no comma, is not a filter", async () => {
    const out = await chat(tenant.client, "remind me who we know over at acme i've got a call with them in like ten minutes");
    // (Earlier tests add people to Acme: every one of them is listed, with no date or "call" filter.)
    expect(out.message.content).toMatch(/^\d+ contacts at Acme:/);
    expect(out.message.content).toContain("Ann Lee");
    expect(out.message.content).toContain("Bob Stone");
  });

  it("an invoice named by its client and what was billed, with the reason first", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", {
        client: "Initech",
        account_id: world.initech,
        amount: 640,
        currency: "USD",
        status: "open",
        due_date: "2026-05-01",
        description: "Onboarding workshop",
      }),
    );
    const out = await chat(tenant.client, "Initech's AP team asked for more time on the onboarding workshop invoice, so please push its due date to June 30");
    expect(writes(out)).toMatchObject([{ tool: "update_invoice", input: { invoice_id: invoice.id, due_date: "2026-06-30" } }]);
  });

  it("a misheard name in a read is its one near record, and the reply says so", async () => {
    const out = await chat(tenant.client, "where's kara diaz at in the process");
    expect(out.message.content).toMatch(/^\(I took “kara diaz” as Cara Diaz\.\) Cara Diaz \(cara@mail\.example, [a-z]+, for Backend Engineer/);
    expect(writes(out)).toEqual([]);
  });
});

describe("context before the request, chat shorthand and everyday words", () => {
  it("a heading before a colon is not a name, and 'close-won' is won", async () => {
    const out = await chat(tenant.client, "Great way to start the week: Initech signed the renewal on Friday, mark it close-won");
    expect(writes(out)).toMatchObject([{ tool: "move_deal_to_stage", input: { deal_id: world.initechDeal, stage: "won" }, status: "completed" }]);
  });

  it("what a change is for ('so the hiring manager can ...') is not a name", async () => {
    const dan = (await tenant.client.get("/v1/candidates?q=Dan Eve")).body.data[0];
    const out = await chat(tenant.client, "Dan Eve looks strong on paper, move him along to interview so the hiring manager can get a call on the calendar");
    expect(writes(out)).toMatchObject([{ tool: "update_candidate", input: { candidate_id: dan.id, stage: "interview" }, status: "completed" }]);
  });

  it("'which customers are late paying us' are the clients of the overdue invoices, not accounts by age", async () => {
    const out = await chat(tenant.client, "which customers are more than 30 days late paying us?");
    expect(tools(out)).toEqual(["list_invoices"]);
    expect(out.actions[0].input).toMatchObject({ status: "overdue", "due_date[lt]": "2026-02-08" });
    expect(out.message.content).toMatch(/^1 client with invoices overdue .*\n- Initech: 1 invoice, 1,200\.00 USD due/);
  });

  it("a count and a figure of the snapshot joined by 'and what's our' are both answered", async () => {
    const out = await chat(tenant.client, "how many hires have we made in the last twelve months and what's our median time-to-hire?");
    expect(out.message.content).toMatch(/Median time to hire: /);
    expect(out.message.content.split("\n\n")).toHaveLength(2);
  });

  it("the occasion and what the asker wants to see come before the request: 'rank the clients by how much they owe'", async () => {
    const out = await chat(
      tenant.client,
      "Going into the Monday review I want to see where our collections risk is concentrated, so rank the clients by how much USD they owe us",
    );
    expect(writes(out)).toEqual([]);
    // (Earlier tests pay and add invoices: the order is what holds, by what each owes.)
    expect(out.message.content).toMatch(/^The 2 clients who owe the most in USD:\n- Initech: [\d,.]+ USD due on 2 invoices\n- Acme: [\d,.]+ USD due/);
  });

  it("'On the Initech thing, what do they owe, and how late is their oldest invoice': one answer listing the invoices with their days late", async () => {
    const out = await chat(
      tenant.client,
      "On the Initech thing from last week, what do they still owe us, and how many days late is their oldest invoice at this point?",
    );
    expect(out.message.content).toMatch(/^Initech owes [\d,.]+ USD on \d open invoices\. 1 overdue \(1,200\.00 USD\)\.\n.*\(overdue, 37 days overdue\)/);
  });

  it("a new deal said by its kind ('a new renewal opp at Acme') is named as deals are: its account and its kind", async () => {
    const out = await chat(tenant.client, "Sam would like a new renewal opp opened at Acme, $9k, closing end of May");
    expect(writes(out)).toMatchObject([
      { tool: "create_deal", input: { name: "Acme: Renewal", account_id: world.acme, amount: 9000, expected_close_date: "2026-05-31" }, status: "completed" },
    ]);
    expect(out.message.content).toMatch(/^Created deal Acme: Renewal /);
  });

  it("a relayed remark: 'her' is the one person it names in full, not the one who relayed it", async () => {
    const cara = (await tenant.client.get("/v1/candidates?q=Cara Diaz")).body.data[0];
    const out = await chat(
      tenant.client,
      "Diane has had a think and doesn't feel Cara Diaz is quite right for us, I'm afraid. Would you mind rejecting her application?",
    );
    expect(writes(out)).toMatchObject([{ tool: "update_candidate", input: { candidate_id: cara.id, stage: "rejected" }, status: "completed" }]);
  });

  it("chat shorthand: 'need new inv for ... for the pipeline review' creates it, described in full", async () => {
    const out = await chat(tenant.client, "need new inv for initech - $450 for the pipeline review, due in 30 days");
    expect(writes(out)).toMatchObject([
      {
        tool: "create_invoice",
        input: { client: "Initech", account_id: world.initech, amount: 450, currency: "USD", description: "pipeline review", due_date: "2026-04-09" },
        status: "completed",
      },
    ]);
  });
});

describe("a wrong write is worse than no write", () => {
  it("'the new Acme CTO' is a company and a role, not a person's name: the name is asked", async () => {
    const out = await chat(tenant.client, "add the new acme cto as a contact");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/first name\?/);
    const named = await chat(tenant.client, "add the new Acme CTO, Dana Lee, as a contact");
    expect(writes(named)).toMatchObject([
      { tool: "create_contact", input: { first_name: "Dana", last_name: "Lee", title: "CTO", account_id: world.acme }, status: "completed" },
    ]);
  });

  it("'New contract signed with Initech - I need an invoice out to them': the invoice is Initech's, not the contract's", async () => {
    const out = await chat(
      tenant.client,
      "New contract signed with Initech - I need an invoice out to them for 700 USD covering a data audit, due end of April",
    );
    expect(writes(out)).toMatchObject([
      {
        tool: "create_invoice",
        input: { client: "Initech", account_id: world.initech, amount: 700, currency: "USD", description: "data audit", due_date: "2026-04-30" },
        status: "completed",
      },
    ]);
  });

  it.each([
    ["a name that matches no record", "move the Hooli deal to won", /^I found no deal matching “Hooli”\. Nothing changed\.$/],
    ["a name that matches several", "delete the Globex account", /^More than one account matches “Globex”\. Which one\?/],
    ["a near spelling is confirmed first", "enrich Initek", /^I found no account named “Initek”\. Did you mean this one\?\n1\. Initech/],
    [
      "a word it cannot place",
      "create a contact Jane Roe jane@roe.example at Acme with the blue hat",
      /^I did not change anything: I could not place “blue hat”/,
    ],
    ["no action and no record type", "book me a flight to Lisbon", /^I can't do that yet: I did not understand/],
    ["an action without a record type", "delete everything", /I understood “delete”, but not what it is about/],
  ])("%s: nothing changes", async (_what, message, reply) => {
    const out = await chat(tenant.client, message);
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(reply);
  });

  it("a statement asked ('INV-000001 is paid?') is a question: it is answered, nothing is recorded", async () => {
    for (const message of ["INV-000001 is paid?", "the INV-1 of Initech is paid?"]) {
      const out = await chat(tenant.client, message);
      expect(writes(out), message).toEqual([]);
      expect(out.message.content, message).toMatch(/^INV-000001 for Initech: .*status (?:open|overdue)/);
    }
  });

  it("an amount written the European way at a sentence's end is read whole ('USD 2.500,75.')", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Acme", account_id: world.acme, amount: 2500.75, currency: "USD", status: "open", due_date: "2026-06-01" }),
    );
    const out = await chat(tenant.client, `Acme pay yesterday the invoice ${invoice.number}, full value USD 2.500,75. please register the payment`);
    expect(writes(out)).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id, amount: 2500.75 }, status: "completed" }]);
  });

  it("'send Initech an invoice for the workshop': whom it is sent is the client, what it is for the description", async () => {
    const out = await chat(tenant.client, "send Initech an invoice for the onboarding workshop, 300 dollars, due end of April");
    expect(writes(out)).toMatchObject([
      {
        tool: "create_invoice",
        input: { client: "Initech", account_id: world.initech, description: "onboarding workshop", amount: 300, currency: "USD", due_date: "2026-04-30" },
      },
    ]);
  });

  it("the confirmation of a near spelling is answered with yes", async () => {
    const asked = await chat(tenant.client, "enrich Initek");
    const done = await chat(tenant.client, "yes", asked.conversation_id);
    expect(done.actions.at(-1)).toMatchObject({ tool: "enrich_account", input: { account_id: world.initech }, status: "completed" });
  });

  it("a read-only key's write is refused by the permission check: a failed action that names the permission, and nothing changes", async () => {
    const readOnly = await tenant.newKey("read_only");
    const before = (await tenant.client.get("/v1/invoices?q=INV-000001")).body.data[0];
    const out = await chat(readOnly.client, "mark INV-000001 as paid");
    expect(out.actions.at(-1)).toMatchObject({ status: "failed", error: { code: "insufficient_permission", required_permission: "finance:write" } });
    expect(writes(out).map((a: { status: string }) => a.status)).toEqual(["failed"]);
    expect(out.message.content).toMatch(/^I can't record .* on INV-000001\b.*: .*lacks the permission finance:write\.$/);
    expect((await tenant.client.get(`/v1/invoices/${before.id}`)).body.amount_paid).toBe(before.amount_paid);
  });
});

describe("round thirteen: formal letters, messages relayed from a help desk, requests typed as a filter bar", () => {
  it("a formal letter: greeting, 'I wonder whether you could tell me', 'gone past their payment date', sign-off with a name", async () => {
    const out = await chat(
      tenant.client,
      "Good morning. I'm looking after the accounts whilst our finance lead is away, and I wonder whether you could tell me which of Initech's invoices have now gone past their payment date? Many thanks, Margaret",
    );
    expect(out.actions.at(-1).input).toMatchObject({ status: "overdue", account_id: world.initech });
    expect(out.message.content).toContain(world.overdue.find((i) => i.id === world.initechInvoices[0])?.number ?? "INV-000001");
    expect(out.message.content).not.toContain("Margaret");
  });

  it("'payable a week on Friday' is the Friday after the coming one", async () => {
    const out = await chat(
      tenant.client,
      "Would you be so kind as to raise an invoice to Initech for $600 for the audit, payable a week on Friday? Kind regards, Tom",
    );
    // The clock is Tuesday 10 March 2026: the coming Friday is the 13th, a week on Friday the 20th.
    expect(writes(out)).toMatchObject([
      {
        tool: "create_invoice",
        input: { client: "Initech", account_id: world.initech, amount: 600, currency: "USD", due_date: "2026-03-20" },
        status: "completed",
      },
    ]);
  });

  it("a help desk's ticket number is not an amount, and '<Company>'s finance guy says they sent $200' is a payment", async () => {
    const owed = await made(
      tenant.client.post("/v1/invoices", {
        client: "Globex West",
        account_id: world.globexWest,
        amount: 700,
        currency: "USD",
        status: "open",
        due_date: "2026-02-15",
      }),
    );
    const out = await chat(
      tenant.client,
      "ticket 5120: Globex West's finance guy says they sent another $200 yesterday against the overdue one. log that as a part payment",
    );
    expect(writes(out)).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: owed.id, amount: 200 }, status: "completed" }]);
  });

  it("'<Company>'s head of procurement <Name> told me they signed, so she's a customer now': her record", async () => {
    const zoe = await made(
      tenant.client.post("/v1/contacts", { first_name: "Zoe", last_name: "Park", email: "zoe@globex-west.example", account_id: world.globexWest }),
    );
    const out = await chat(tenant.client, "Globex West's head of procurement Zoe Park told me they signed, so she's a customer now - update her stage");
    expect(writes(out)).toMatchObject([{ tool: "update_contact", input: { contact_id: zoe.id, lifecycle_stage: "customer" }, status: "completed" }]);
  });

  it("a candidate's own words in quotes are what they said, not a name: the request after them is done", async () => {
    const fay = await made(tenant.client.post("/v1/candidates", { job_id: world.backend, first_name: "Fay", last_name: "Gold", email: "fay@mail.example" }));
    for (const stage of ["screening", "interview", "offer"]) await made(tenant.client.patch(`/v1/candidates/${fay.id}`, { stage }), 200);
    const out = await chat(tenant.client, 'Fay Gold just phoned: "I\'ve accepted, see you in April!" please mark her hired');
    expect(writes(out)).toMatchObject([{ tool: "update_candidate", input: { candidate_id: fay.id, stage: "hired" }, status: "completed" }]);
  });

  it("a filter bar: 'status = overdue & currency = USD & amount_due > 500', what is still owed rather than billed", async () => {
    const out = await chat(tenant.client, "filter invoices where status = overdue & currency = USD & amount_due > 500. count + list pls");
    expect(out.actions.at(-1)).toMatchObject({ tool: "list_invoices", input: { status: "overdue", currency: "USD", "amount_due[gt]": 500 } });
    expect(out.message.content).toMatch(/with more than 500 still due/);
    expect(writes(out)).toEqual([]);
  });
});

describe("round fourteen: pasted emails and chat messages, dictated names, international English, part payments", () => {
  const invoice = (body: Record<string, unknown>) =>
    made(tenant.client.post("/v1/invoices", { currency: "USD", status: "open", due_date: "2026-04-01", ...body }));

  it("a part payment with no amount is asked about, never recorded as the whole balance", async () => {
    await invoice({ client: "Kestrel Freight", amount: 4200 });
    for (const message of [
      "Kestrel Freight paid some of their invoice",
      "Kestrel Freight just called, they're paying part of their balance today and the rest next month. can you record the part payment on their invoice",
    ]) {
      const out = await chat(tenant.client, message);
      expect(writes(out), message).toEqual([]);
      expect(out.message.content, message).toMatch(/^How much was paid on INV-\d+ \(Kestrel Freight\)\?/);
    }
  });

  it("figures written the European way ('USD 24.000') and a day-first date with dashes", async () => {
    const out = await chat(tenant.client, "Create one new deal for Initech - Support renewal, USD 24.000, expected closing 31-03-2026.");
    expect(writes(out)).toMatchObject([
      { tool: "create_deal", input: { account_id: world.initech, amount: 24000, currency: "USD", expected_close_date: "2026-03-31" }, status: "completed" },
    ]);
  });

  it("international English: 'and confirm once done' is no part of the request", async () => {
    const inv = await invoice({ client: "Initech", account_id: world.initech, amount: 75 });
    const out = await chat(tenant.client, `Initech has requested extension for ${inv.number}. Kindly change the due date to 20/04/2026 and confirm once done.`);
    expect(writes(out)).toMatchObject([{ tool: "update_invoice", input: { invoice_id: inv.id, due_date: "2026-04-20" }, status: "completed" }]);
  });

  it("a dictated name is matched by how it sounds: 'jon smith' is Jon Smyth, the words after it the sentence going on", async () => {
    const jon = await made(tenant.client.post("/v1/candidates", { job_id: world.backend, first_name: "Jon", last_name: "Smyth", email: "jon@mail.example" }));
    await made(tenant.client.patch(`/v1/candidates/${jon.id}`, { stage: "screening" }), 200);
    const out = await chat(tenant.client, "okay so jon smith crushed the screen lets go ahead and move him to interview");
    expect(writes(out)).toMatchObject([{ tool: "update_candidate", input: { candidate_id: jon.id, stage: "interview" }, status: "completed" }]);
    // No word of it as written ("john smyth" for Jon Smyth): a change is confirmed first.
    const unsure = await chat(tenant.client, "move john smythe to offer");
    expect(writes(unsure)).toEqual([]);
    expect(unsure.message.content).toMatch(/Did you mean/);
  });

  it("'the twenty one thousand dollar one' picks the invoice near that figure, whose amount does not change", async () => {
    const big = await invoice({ client: "Blue Harbor Freight", amount: 21508.44 });
    await invoice({ client: "Blue Harbor Freight", amount: 3000 });
    const out = await chat(
      tenant.client,
      "push the due date on the blue harbour freight invoice the twenty one thousand dollar one out to the fifteenth of april",
    );
    const [write] = writes(out);
    expect(write).toMatchObject({ tool: "update_invoice", input: { invoice_id: big.id, due_date: "2026-04-15" }, status: "completed" });
    expect(write.input).not.toHaveProperty("amount");
  });

  it("a chat message pasted with its sender and time, then 'can you do this?': the message is the request", async () => {
    const ola = await made(tenant.client.post("/v1/candidates", { job_id: world.backend, first_name: "Ola", last_name: "Berg", email: "ola@mail.example" }));
    for (const stage of ["screening", "interview", "offer"]) await made(tenant.client.patch(`/v1/candidates/${ola.id}`, { stage }), 200);
    const out = await chat(
      tenant.client,
      "Dana Whitfield  4:15 PM\nOla Berg signed the offer letter 🙌 start date is Jan 12. can you mark her as hired in the system?\n\ncan you do this?",
    );
    expect(writes(out)).toMatchObject([{ tool: "update_candidate", input: { candidate_id: ola.id, stage: "hired" }, status: "completed" }]);
  });

  it("a forwarded email (headers, greeting, signature) and a short go-ahead: the change it asks for", async () => {
    const inv = await invoice({ client: "Kestrel Freight", amount: 990 });
    const out = await chat(
      tenant.client,
      `From: Kaylee Frye <ap@kestrel.example>\nSubject: ${inv.number} - extension request\n\nHi Lena,\n\nOur payment run slipped this month. Would it be possible to move the due date on ${inv.number} to April 21? Sorry for the hassle.\n\nThanks,\nKaylee Frye\nKestrel Freight | Accounts\n\nok'd by finance, go ahead and change it`,
    );
    expect(writes(out)).toMatchObject([{ tool: "update_invoice", input: { invoice_id: inv.id, due_date: "2026-04-21" }, status: "completed" }]);
  });

  it("a spreadsheet row pasted under its header is the record to add", async () => {
    const out = await chat(
      tenant.client,
      "Account\tOpportunity\tAmount\tClose date\nAcme\tSupport renewal 2026\t$24,000\t6/30/2026\n\ncan you add this one to the pipeline",
    );
    expect(writes(out)).toMatchObject([
      { tool: "create_deal", input: { account_id: world.acme, amount: 24000, currency: "USD", expected_close_date: "2026-06-30" }, status: "completed" },
    ]);
    expect(writes(out)[0].input.name).toMatch(/Support renewal/);
  });
});

describe("round fifteen: what a read leaves out, fields by their API names, decimal commas, a person named in a remark", () => {
  const invoice = (body: Record<string, unknown>) =>
    made(tenant.client.post("/v1/invoices", { currency: "USD", status: "open", due_date: "2026-04-01", ...body }));

  it("'12,5k' is twelve and a half thousand (it was read as 5,000: a wrong write)", async () => {
    const out = await chat(tenant.client, "bill Initech 12,5k USD for the licence true-up, due end of April");
    expect(writes(out)).toMatchObject([{ tool: "create_invoice", input: { client: "Initech", amount: 12500, currency: "USD" }, status: "completed" }]);
  });

  it("an amount told before 'log it' is the payment, not the whole balance (a wrong write)", async () => {
    const inv = await invoice({ client: "Tern Logistics", amount: 9000 });
    const out = await chat(tenant.client, `got 2k usd from tern logistics against ${inv.number}, log it pls`);
    expect(writes(out)).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: inv.id, amount: 2000 }, status: "completed" }]);
  });

  it("a read leaves out what it excludes: a client, a state", async () => {
    await invoice({ client: "Osprey Mining", amount: 700 });
    const all = await chat(tenant.client, "unpaid invoices except Osprey Mining");
    expect(all.actions.find((a: any) => a.tool === "list_invoices").input).toMatchObject({ "client[ne]": "Osprey Mining" });
    expect(all.message.content).not.toMatch(/· Osprey Mining ·/);
    expect(all.message.content).toMatch(/Initech/);
    const job = await made(tenant.client.post("/v1/jobs", { title: "Field Geologist", department: "Data" }));
    const person = (first: string, last: string) =>
      made(tenant.client.post("/v1/candidates", { job_id: job.id, first_name: first, last_name: last, email: `${first}@mail.example` }));
    await person("Ivo", "Kral");
    const gone = await person("Uma", "Pike");
    await made(tenant.client.patch(`/v1/candidates/${gone.id}`, { stage: "rejected" }), 200);
    const alive = await chat(tenant.client, "applicants for Field Geologist that aren't rejected");
    expect(alive.message.content).toMatch(/Ivo Kral/);
    expect(alive.message.content).not.toMatch(/Uma Pike/);
  });

  it("fields said by their API names: 'lifecycle stage lead', 'title VP Sales', 'expected_close_date'", async () => {
    const out = await chat(tenant.client, "Add a new contact under Initech: Rhea Moss, rhea@initech.example, title VP Sales, lifecycle stage lead.");
    expect(writes(out)).toMatchObject([
      { tool: "create_contact", input: { first_name: "Rhea", last_name: "Moss", title: "VP Sales", lifecycle_stage: "lead", account_id: world.initech } },
    ]);
    const deal = await chat(tenant.client, 'Create a deal on Acme named "Analytics add-on": amount 24,500 USD, expected_close_date 2026-06-30.');
    expect(writes(deal)).toMatchObject([
      { tool: "create_deal", input: { account_id: world.acme, name: "Analytics add-on", expected_close_date: "2026-06-30" } },
    ]);
  });

  it("asking whether a write-off happened reads the invoice; it proposes none", async () => {
    const inv = await invoice({ client: "Heron Labs", amount: 60 });
    const out = await chat(tenant.client, `${inv.number} - did we already write that one off or is it still open?`);
    expect(out.actions.filter((a: any) => a.status === "approval_required")).toEqual([]);
    expect(out.message.content).toMatch(new RegExp(inv.number));
  });

  it("a change that names no one is done to the one person the remark names, written in lower case", async () => {
    const lia = await made(tenant.client.post("/v1/candidates", { job_id: world.backend, first_name: "Lia", last_name: "Sand", email: "lia@mail.example" }));
    await made(tenant.client.patch(`/v1/candidates/${lia.id}`, { stage: "screening" }), 200);
    const out = await chat(tenant.client, "the panel loved lia sand!! move to interview and give 4 stars pls");
    expect(writes(out)).toMatchObject([{ tool: "update_candidate", input: { candidate_id: lia.id, stage: "interview", rating: 4 } }]);
  });

  it("words of the question that no record matches are left out of the search ('ranked by amount')", async () => {
    const port = await made(tenant.client.post("/v1/accounts", { name: "Kittiwake Ports", domain: "kittiwake.example" }));
    await made(tenant.client.post("/v1/deals", { name: "Harbor expansion", account_id: port.id, amount: 77777 }));
    const out = await chat(tenant.client, "which deals at Kittiwake Ports are open, ranked by amount?");
    expect(out.message.content).toMatch(/Harbor expansion/);
    expect(out.message.content).not.toMatch(/matching/);
  });
});

describe("round sixteen: changes to the records a condition picks, accounts by their deals, context told first, a second language", () => {
  const deal = (account_id: string, name: string, amount: number) => made(tenant.client.post("/v1/deals", { account_id, name, amount }));
  const dealNow = async (id: string) => (await tenant.client.get(`/v1/deals/${id}`)).body;

  it("'every' changes each record the condition picks, and only those", async () => {
    const puffin = await made(tenant.client.post("/v1/accounts", { name: "Puffin Air", domain: "puffin.example" }));
    const [a, b, c] = [await deal(puffin.id, "Fleet wifi", 1000), await deal(puffin.id, "Lounge kiosks", 2000), await deal(puffin.id, "Cargo app", 3000)];
    const pipeline = (await tenant.client.get(`/v1/pipelines/${(await dealNow(c.id)).pipeline_id}`)).body;
    const stage = (name: string) => pipeline.stages.find((st: any) => st.name === name).id;
    await made(tenant.client.patch(`/v1/deals/${c.id}`, { stage_id: stage("Proposal") }), 200);
    const out = await chat(tenant.client, "move every Puffin Air deal still in Lead in to Qualified");
    expect(
      writes(out)
        .map((w: any) => w.input.deal_id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect((await dealNow(a.id)).stage_id).toBe(stage("Qualified"));
    expect((await dealNow(c.id)).stage_id).toBe(stage("Proposal"));
  });

  it("a superlative picks the one record a change is for; a tie is asked about", async () => {
    const gannet = await made(tenant.client.post("/v1/accounts", { name: "Gannet Foods", domain: "gannet.example" }));
    await deal(gannet.id, "Cold chain", 10000);
    const big = await deal(gannet.id, "Bakery line", 40000);
    const out = await chat(tenant.client, "mark Gannet Foods' largest deal as won");
    expect(writes(out)).toMatchObject([{ input: { deal_id: big.id }, status: "completed" }]);
    expect((await dealNow(big.id)).status).toBe("won");
    const job = await made(tenant.client.post("/v1/jobs", { title: "Ferry Planner" }));
    for (const [first, rating] of [
      ["Oda", 2],
      ["Pim", 2],
      ["Rex", 5],
    ] as const) {
      const cand = await made(tenant.client.post("/v1/candidates", { job_id: job.id, first_name: first, last_name: "Tern", email: `${first}@tern.example` }));
      await made(tenant.client.patch(`/v1/candidates/${cand.id}`, { rating }), 200);
    }
    const tie = await chat(tenant.client, "reject the lowest-rated candidate for the Ferry Planner role");
    expect(writes(tie)).toEqual([]);
    expect(tie.message.content).toMatch(/Which one\?[\s\S]*Oda Tern[\s\S]*Pim Tern/);
  });

  it("'due within 30 days' is the days up to then: only the drafts due in them are finalized", async () => {
    const draft = (due_date: string) =>
      made(tenant.client.post("/v1/invoices", { client: "Skua Shipping", amount: 500, currency: "USD", status: "draft", due_date }));
    const soon = await draft("2026-03-20");
    const later = await draft("2026-05-15");
    const out = await chat(tenant.client, "finalize every Skua Shipping draft due within 30 days");
    expect(writes(out)).toMatchObject([{ tool: "finalize_invoice", input: { invoice_id: soon.id }, status: "completed" }]);
    expect((await tenant.client.get(`/v1/invoices/${later.id}`)).body.status).toBe("draft");
  });

  it("accounts by what their deals hold: none open, in a stage", async () => {
    const none = await chat(tenant.client, "which accounts have no open deals?");
    expect(none.message.content).toMatch(/Globex East/);
    expect(none.message.content).not.toMatch(/- Initech/);
    const staged = await chat(tenant.client, "which of our accounts have something in Lead in right now?");
    expect(staged.message.content).toMatch(/Initech/);
    expect(staged.message.content).not.toMatch(/Globex East/);
  });

  it("context told before the request: the person it names is added where the story says", async () => {
    const out = await chat(tenant.client, "Initech has a new head of finance, Ona Reyes (ona@initech.example). Could you add her to the account?");
    expect(writes(out)).toMatchObject([
      { tool: "create_contact", input: { first_name: "Ona", last_name: "Reyes", email: "ona@initech.example", account_id: world.initech } },
    ]);
    const nobody = await chat(tenant.client, "Acme has a new head of legal starting Monday, can you add her to the account?");
    expect(writes(nobody).filter((w: any) => w.status === "completed")).toEqual([]);
  });

  it("of several figures in a change, the new value ('instead of 10 ... up to 6,500'), never the old one", async () => {
    const out = await chat(tenant.client, "Initech wants 12 seats instead of 10 on the renewal, could you bump that deal's value up to 6,500?");
    expect(writes(out)).toMatchObject([{ tool: "update_deal", input: { deal_id: world.initechDeal, amount: 6500 } }]);
  });

  it("English as a second language: pending from, in delay, the enrolment of, cancel a paid invoice", async () => {
    const pending = await chat(tenant.client, "how much is pending from Acme?");
    expect(pending.message.content).toMatch(/Acme/);
    expect(pending.message.content).toMatch(/350\.00 USD|300\.00 USD/);
    const late = await chat(tenant.client, "I need the list of clients which are in delay with the payment. I must make the reminders");
    expect(late.message.content).toMatch(/Initech/);
    expect(writes(late)).toEqual([]);
    const enrol = await chat(tenant.client, "make the enrolment of Bob Stone in the sequence Intro");
    expect(writes(enrol)).toMatchObject([{ tool: "enroll_contact", input: { sequence_id: world.intro, contact_id: world.acmeContacts[1] } }]);
    const paid = await made(tenant.client.post("/v1/invoices", { client: "Auk Media", amount: 80, currency: "USD", status: "open", due_date: "2026-04-01" }));
    await made(tenant.client.post(`/v1/invoices/${paid.id}/pay`, { amount: 80 }), 200);
    const cancel = await chat(tenant.client, `cancel please the invoice ${paid.number}, the client says the amount was not correct`);
    expect(cancel.actions.filter((a: any) => a.status === "approval_required")).toEqual([]);
    expect(cancel.message.content).toMatch(/is paid/);
  });
});

describe("round seventeen: the verb's object billed, amounts lowered, deals per stage, a deal's people, stories before a request", () => {
  const account = (name: string) => made(tenant.client.post("/v1/accounts", { name, domain: `${name.split(" ")[0]!.toLowerCase()}.example` }));
  const approvals = (out: any) => out.actions.filter((a: any) => a.status === "approval_required");

  it("'invoice X for Y' bills X for Y (it billed Y)", async () => {
    await account("Merganser Studio");
    const out = await chat(tenant.client, "can you invoice Merganser for the logo refresh, 1.2k usd, due in 2 weeks");
    expect(writes(out)).toMatchObject([
      { tool: "create_invoice", status: "completed", input: { client: "Merganser Studio", description: "logo refresh", amount: 1200, currency: "USD" } },
    ]);
  });

  it("'drop X down to 5k' lowers the amount; it proposed deleting the deal", async () => {
    const shearwater = await account("Shearwater Co");
    const deal = await made(tenant.client.post("/v1/deals", { account_id: shearwater.id, name: "Harbour app", amount: 9000 }));
    const out = await chat(tenant.client, "budget got cut at Shearwater, so drop their harbour app down to 5k");
    expect(approvals(out), out.message.content).toEqual([]);
    expect(writes(out).length, out.message.content).toBe(1);
    expect(writes(out)).toMatchObject([{ tool: "update_deal", input: { deal_id: deal.id, amount: 5000 } }]);
  });

  it("open deals per stage: a count and a value for each stage, no name searched", async () => {
    const out = await chat(tenant.client, "open deals per stage, with what each stage is worth");
    expect(out.message.content).toMatch(/by stage/);
    expect(out.message.content).toMatch(/^- [A-Z][\w ]+: \d+ deals?, [\d,]+\.\d\d USD/m);
    expect(out.message.content).not.toMatch(/matching/);
  });

  it("a contact joins a deal's people, the ones already on it kept", async () => {
    const petrel = await account("Petrel Labs");
    const [ivy, ned] = [
      await made(tenant.client.post("/v1/contacts", { first_name: "Ivy", last_name: "Moss", email: "ivy@petrel.example", account_id: petrel.id })),
      await made(tenant.client.post("/v1/contacts", { first_name: "Ned", last_name: "Moss", email: "ned@petrel.example", account_id: petrel.id })),
    ];
    const deal = await made(tenant.client.post("/v1/deals", { account_id: petrel.id, name: "Sensor pilot", amount: 4000, contact_ids: [ned.id] }));
    const out = await chat(tenant.client, "put Ivy Moss on Petrel Labs' sensor pilot deal as a contact, she signs the cheques");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_deal", input: { deal_id: deal.id } }]);
    expect((await tenant.client.get(`/v1/deals/${deal.id}`)).body.contact_ids.sort()).toEqual([ivy.id, ned.id].sort());
  });

  it("a person's company is their account; of two namesakes at two accounts, a question", async () => {
    for (const name of ["Gull Works", "Skua Partners"]) {
      const a = await account(name);
      await made(tenant.client.post("/v1/contacts", { first_name: "Ada", last_name: "Wren", email: `ada@${a.domain}`, account_id: a.id }));
    }
    const out = await chat(tenant.client, "bill Ada Wren's company 500 usd for the audit, due in 2 weeks");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/Which one\?/);
    expect(out.message.content).toMatch(/Gull Works[\s\S]*Skua Partners|Skua Partners[\s\S]*Gull Works/);
  });

  it("'send X the invoice for Y' finalizes only an invoice for Y; 'to the 20th' is this month's 20th", async () => {
    const draft = await made(
      tenant.client.post("/v1/invoices", {
        client: "Fulmar Ltd",
        amount: 700,
        currency: "USD",
        status: "draft",
        due_date: "2026-04-01",
        description: "Website build",
      }),
    );
    const other = await chat(tenant.client, "send Fulmar Ltd the invoice for the brand workshop");
    expect(writes(other)).toEqual([]);
    expect(other.message.content).toMatch(/Which invoice\?/);
    const right = await chat(tenant.client, "send Fulmar Ltd the invoice for the website build");
    expect(writes(right)).toMatchObject([{ tool: "finalize_invoice", input: { invoice_id: draft.id }, status: "completed" }]);
    const moved = await chat(tenant.client, `push the due date of ${draft.number} to the 20th`);
    expect(writes(moved)).toMatchObject([{ tool: "update_invoice", input: { invoice_id: draft.id, due_date: "2026-03-20" } }]);
  });

  it("a story before the request: done by mistake, a shouted name, a remark about the one asking", async () => {
    const job = await made(tenant.client.post("/v1/jobs", { title: "Harbour Pilot" }));
    const wilma = await made(tenant.client.post("/v1/candidates", { job_id: job.id, first_name: "Wilma", last_name: "Petrel", email: "wilma@petrel.example" }));
    await made(tenant.client.patch(`/v1/candidates/${wilma.id}`, { stage: "rejected" }), 200);
    const back = await chat(tenant.client, "i accidentally rejected wilma petrel - can you put them back to applied");
    expect(writes(back)).toMatchObject([{ tool: "update_candidate", input: { candidate_id: wilma.id, stage: "applied" } }]);
    const shouted = await chat(tenant.client, "WILMA ACCEPTED!! move to screening pls");
    expect(writes(shouted)).toMatchObject([{ tool: "update_candidate", input: { candidate_id: wilma.id, stage: "screening" } }]);
    const req = await chat(tenant.client, "finally got the green light - please open a req: Dock Planner, Operations dept, remote");
    expect(writes(req)).toMatchObject([{ tool: "create_job", input: { title: "Dock Planner", department: "Operations" } }]);
  });
});

describe("round eighteen: a payment told before 'log it', owners pointed at, meetings and notes, second-language words, a company and its people", () => {
  const account = (name: string) => made(tenant.client.post("/v1/accounts", { name, domain: `${name.split(" ")[0]!.toLowerCase()}.example` }));

  it("'got 5000 from X against INV-n, rest later. log it' records 5,000, not the whole balance", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Tern Freight", amount: 9000, currency: "USD", status: "open", due_date: "2026-04-30" }),
    );
    const out = await chat(tenant.client, `got 5000 USD from tern against ${invoice.number}, rest is coming once their PO clears. log it`);
    expect(writes(out), out.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id, amount: 5000 } }]);
  });

  it("a new deal 'for them' or 'for the client', named nowhere, is asked about; it made a deal named after the remark", async () => {
    for (const message of [
      "can u set up the renewal opp for them, same terms as last yr",
      "create one deal for the client, 5000 euros, the one from the meeting",
    ]) {
      const out = await chat(tenant.client, message);
      expect(writes(out), message).toEqual([]);
      expect(out.message.content).toMatch(/Which account is the new deal for\?/);
    }
  });

  it("a meeting's company before the dash is whom 'they' means, in any case; a CFO is no company", async () => {
    await made(tenant.client.post("/v1/invoices", { client: "Plover Foods", amount: 321.5, currency: "EUR", status: "open", due_date: "2026-05-01" }));
    for (const message of [
      "sync w plover foods in 20 — what do they still owe us?",
      "The CFO has a call with Plover Foods today. Can you tell me how much they still owe us?",
    ]) {
      const out = await chat(tenant.client, message);
      expect(out.message.content, message).toMatch(/321\.50 EUR/);
      expect(out.message.content, message).toMatch(/Plover Foods/);
    }
  });

  it("a note's words are kept as written, 'round' and 'phase' included", async () => {
    const job = await made(tenant.client.post("/v1/jobs", { title: "Quay Analyst" }));
    const lark = await made(tenant.client.post("/v1/candidates", { job_id: job.id, first_name: "Lark", last_name: "Ember", email: "lark@ember.example" }));
    const out = await chat(tenant.client, 'Could you add a note to Lark Ember\'s candidate profile? It should say: "second round went well, phase two next"');
    expect(writes(out)).toMatchObject([{ tool: "update_candidate", input: { candidate_id: lark.id, notes: "second round went well, phase two next" } }]);
  });

  it("second-language words: a 'facture' made for a day written day-first, a deal passed to won", async () => {
    const heron = await account("Heron Bakery");
    const made1 = await chat(tenant.client, "make one new facture to Heron Bakery of 2500 euros, for consultancy services, the client must pay until 15/04");
    expect(writes(made1), made1.message.content).toMatchObject([
      { tool: "create_invoice", input: { client: "Heron Bakery", amount: 2500, currency: "EUR", due_date: "2026-04-15" } },
    ]);
    const deal = await made(tenant.client.post("/v1/deals", { account_id: heron.id, name: "Ovens", amount: 3000 }));
    const won = await chat(tenant.client, "pass the deal of Heron Bakery to won, they signed the contract yesterday!");
    expect(writes(won), won.message.content).toMatchObject([{ tool: "move_deal_to_stage", input: { deal_id: deal.id, stage: "won" } }]);
  });

  it("a company and its people in one message: the account first, then each person at it", async () => {
    const out = await chat(
      tenant.client,
      "Could you add Grebe Search (grebesearch.example) as an account, and their recruiter Dana Grebe as a contact there? Her email is dana@grebesearch.example and her title is Senior Recruiter.",
    );
    const [first, second] = writes(out);
    expect(first).toMatchObject({ tool: "create_account", input: { name: "Grebe Search", domain: "grebesearch.example" } });
    expect(second).toMatchObject({
      tool: "create_contact",
      input: { first_name: "Dana", last_name: "Grebe", email: "dana@grebesearch.example", title: "Senior Recruiter" },
    });
    const grebe = (await tenant.client.get("/v1/accounts?q=Grebe%20Search")).body.data[0];
    expect(second.input.account_id).toBe(grebe.id);
    const again = await chat(
      tenant.client,
      "add Grebe Search as a client, plus two people there: Ola Nord ola@grebesearch.example and Per Syd, per@grebesearch.example",
    );
    expect(writes(again).map((a: any) => a.tool)).toEqual(["create_contact", "create_contact"]);
    expect(again.message.content).toMatch(/already an account/);
  });

  it("a candidate described by their stage is asked about when several are at it", async () => {
    const job = await made(tenant.client.post("/v1/jobs", { title: "Dune Surveyor" }));
    for (const first of ["Sol", "Ras"]) {
      const c = await made(tenant.client.post("/v1/candidates", { job_id: job.id, first_name: first, last_name: "Dune", email: `${first}@dune.example` }));
      for (const stage of ["screening", "interview", "offer"]) await made(tenant.client.patch(`/v1/candidates/${c.id}`, { stage }), 200);
    }
    const out = await chat(tenant.client, "Great news — our candidate at the offer stage accepted this morning! Can you go ahead and mark them as hired?");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/Which candidate/);
  });
});

describe("round nineteen: a message that changes nothing, ticket queues, a newcomer's words, Indian business English", () => {
  // The account is made once; each test bills it anew.
  let once: any;
  const kestrel = async () => {
    once ??= await made(tenant.client.post("/v1/accounts", { name: "Kestrel Air", domain: "kestrel.example" }));
    const account = once;
    const invoice = await made(
      tenant.client.post("/v1/invoices", {
        client: "Kestrel Air",
        account_id: account.id,
        amount: 950,
        currency: "USD",
        status: "open",
        due_date: "2026-03-01",
      }),
    );
    return { account, invoice };
  };

  it("'says they paid ... don't change anything, just checking' reads the invoice; it recorded the payment", async () => {
    const { invoice } = await kestrel();
    const out = await chat(
      tenant.client,
      `per the ticket, Kestrel Air says they paid ${invoice.number} "weeks ago". what do we show on it? don't change anything yet, just checking`,
    );
    expect(writes(out), out.message.content).toEqual([]);
    expect(out.message.content).toMatch(new RegExp(invoice.number));
  });

  it("a ticket number with a dash is no invoice number; 'X asks how much is still open' is what X owes", async () => {
    await kestrel();
    const out = await chat(tenant.client, "TKT-4410 | Kestrel Air asks how much is still open on their side, with the total");
    expect(out.message.content).not.toMatch(/numbered TKT/);
    expect(out.message.content).toMatch(/950\.00 USD/);
  });

  it("a wrong amount said with its old one changes the draft's amount; 'before it's issued' issues nothing", async () => {
    const draft = await made(
      tenant.client.post("/v1/invoices", { client: "Kestrel Air", amount: 950, currency: "USD", status: "draft", due_date: "2026-04-01" }),
    );
    const out = await chat(
      tenant.client,
      `wrong amount on the Kestrel Air draft ${draft.number} — their PO says 900.00 USD, not 950.00. fix it before it's issued pls`,
    );
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_invoice", input: { invoice_id: draft.id, amount: 900 } }]);
  });

  it("a newcomer's words: a 'sale' at a 'step' is a deal at a stage; 'the X ad' is the job", async () => {
    const { account } = await kestrel();
    const deal = await made(tenant.client.post("/v1/deals", { account_id: account.id, name: "Kestrel Air: Fleet pilot", amount: 5000 }));
    const stage = (await tenant.client.get(`/v1/deals/${deal.id}`)).body.stage_id;
    const pipelines = (await tenant.client.get("/v1/pipelines")).body.data;
    const name = pipelines.flatMap((p: any) => p.stages).find((st: any) => st.id === stage).name;
    const out = await chat(tenant.client, "is there a way to see where the Kestrel Air sale is at? like what step it's in");
    expect(out.message.content).toMatch(new RegExp(name));
    const job = await made(tenant.client.post("/v1/jobs", { title: "Hangar Planner" }));
    const added = await chat(
      tenant.client,
      "we've got a new person for the Hangar Planner ad: Ines Moreau, ines@moreau.example. a friend of the team referred her",
    );
    expect(writes(added), added.message.content).toMatchObject([
      { tool: "create_candidate", input: { job_id: job.id, first_name: "Ines", last_name: "Moreau", source: "referral" } },
    ]);
  });

  it("Indian business English: 'has cleared ... kindly update the same' records the payment; 'dropped' rejects, never deletes", async () => {
    const { invoice } = await kestrel();
    const paid = await chat(tenant.client, `PFB update: Kestrel Air has cleared ${invoice.number} in full today. Kindly update the same in the system.`);
    expect(writes(paid), paid.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id, amount: 950 } }]);
    const job = await made(tenant.client.post("/v1/jobs", { title: "Avionics Lead" }));
    const one = await made(tenant.client.post("/v1/candidates", { job_id: job.id, first_name: "Ravi", last_name: "Menon", email: "ravi@menon.example" }));
    const dropped = await chat(
      tenant.client,
      "The candidate Ravi Menon has been dropped, did not clear the technical round. Kindly do the updation in the system.",
    );
    expect(writes(dropped), dropped.message.content).toMatchObject([{ tool: "update_candidate", input: { candidate_id: one.id, stage: "rejected" } }]);
  });
});

describe("round twenty: requests relayed for someone else, a review's corrections, dictated punctuation", () => {
  // The account is made once; each test bills it anew.
  let once: any;
  const osprey = async () => {
    once ??= await made(tenant.client.post("/v1/accounts", { name: "Osprey Freight", domain: "osprey.example" }));
    const account = once;
    const invoice = await made(
      tenant.client.post("/v1/invoices", {
        client: "Osprey Freight",
        account_id: account.id,
        amount: 1200,
        currency: "EUR",
        status: "open",
        due_date: "2026-02-01",
      }),
    );
    return { account, invoice };
  };

  it("a forwarded customer quote keeps its invoice number; 'X agrees ..., so could you void it' voids that one (on approval)", async () => {
    const { invoice } = await osprey();
    const out = await chat(
      tenant.client,
      `Forwarded from Osprey Freight: "We never ordered this, please cancel ${invoice.number}." Priya agrees it shouldn't have gone out, so could you void it?`,
    );
    expect(
      out.actions.filter((a: any) => a.status === "approval_required"),
      out.message.content,
    ).toMatchObject([{ tool: "void_invoice", input: { invoice_id: invoice.id } }]);
  });

  it("a review's numbered item and a bank statement's receipt: the part payment is booked on the invoice quoted", async () => {
    const { invoice } = await osprey();
    const out = await chat(
      tenant.client,
      `Item 3: the bank statement shows a receipt of 300.00 EUR from Osprey Freight referenced to invoice ${invoice.number}. It is a part payment only - please record it against that invoice.`,
    );
    expect(writes(out), out.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id, amount: 300 } }]);
  });

  it("'post the receipt from X' with no amount asks which invoice and how much; it created a contact called Receipt", async () => {
    await osprey();
    await osprey();
    const out = await chat(tenant.client, "Item 4: please post the receipt from Osprey Freight which came in yesterday.");
    expect(writes(out), out.message.content).toEqual([]);
    expect(out.message.content).toMatch(/\?/);
  });

  it("the value a record shows now is not the one to set, and a date's year is never an amount", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Heron Glass" }));
    const deal = await made(
      tenant.client.post("/v1/deals", { account_id: account.id, name: "Heron Glass: Kiln retrofit", amount: 40000, expected_close_date: "2027-01-13" }),
    );
    const out = await chat(
      tenant.client,
      "Correction required: the Heron Glass deal shows an expected close of 13 January 2027, whereas the signed order form gives 3 February 2027. Please amend the deal to 3 February 2027.",
    );
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_deal", input: { deal_id: deal.id, expected_close_date: "2027-02-03" } }]);
    expect(writes(out)[0].input.amount).toBeUndefined();
  });

  it("'Has X paid their invoice yet?' says no, and shows the invoice as it is", async () => {
    const { invoice } = await osprey();
    const out = await chat(tenant.client, "Has Osprey Freight paid their invoice yet or do I need to chase them?");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/^No\b/);
    expect(out.message.content).toMatch(new RegExp(invoice.number));
  });

  it("a colleague's plans are asides: 'Mark is meeting the X team and asked me who we have over there'", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Kittiwake Labs" }));
    await made(tenant.client.post("/v1/contacts", { account_id: account.id, first_name: "Lena", last_name: "Marsh", email: "lena@kittiwake.example" }));
    await made(tenant.client.post("/v1/contacts", { account_id: account.id, first_name: "Omar", last_name: "Haddad", email: "omar@kittiwake.example" }));
    const out = await chat(
      tenant.client,
      "Mark is meeting the Kittiwake Labs team next week and asked me who we actually have on file over there. Could you give me their names?",
    );
    expect(out.message.content).toMatch(/Lena Marsh/);
    expect(out.message.content).toMatch(/Omar Haddad/);
  });

  it("dictated 'full stop' ends a sentence: the reason after the request is not a name", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Puffin Print" }));
    const contact = await made(
      tenant.client.post("/v1/contacts", { account_id: account.id, first_name: "Tomasz", last_name: "Wilk", email: "tomasz@puffin.example" }),
    );
    const sequence = await made(
      tenant.client.post("/v1/sequences", { name: "Print buyers nurture", status: "active", steps: [{ type: "email", subject: "Hi", body: "Hello" }] }),
    );
    await made(tenant.client.post(`/v1/sequences/${sequence.id}/enrollments`, { contact_id: contact.id }));
    const out = await chat(
      tenant.client,
      "right can you take Tomasz at Puffin Print off the print buyers nurture emails they've asked us to stop contacting them full stop",
    );
    expect(writes(out), out.message.content).toMatchObject([{ tool: "unenroll_contact", input: { sequence_id: sequence.id } }]);
  });
});

describe("round twenty-one: search-box requests, Australian idiom, marketing words", () => {
  it("'INV-n - whats left to pay' is a question: it shows the balance and pays nothing", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Gannet Tools", amount: 900, currency: "EUR", status: "open", due_date: "2027-03-01" }),
    );
    await made(tenant.client.post(`/v1/invoices/${invoice.id}/pay`, { amount: 400 }), 200);
    const out = await chat(tenant.client, `${invoice.number.toLowerCase()} - whats left to pay`);
    expect(writes(out), out.message.content).toEqual([]);
    expect(out.message.content).toMatch(/500\.00 EUR/);
  });

  it("two people named with 'and', then 'tag them X': both are tagged, each keeping their own tags", async () => {
    const a = await made(tenant.client.post("/v1/contacts", { first_name: "Wren", last_name: "Okafor", email: "wren@okafor.example", tags: ["vip"] }));
    const b = await made(tenant.client.post("/v1/contacts", { first_name: "Idris", last_name: "Vance", email: "idris@vance.example" }));
    const out = await chat(tenant.client, "Wren Okafor and Idris Vance both joined the roundtable. tag them roundtable-jan please");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "update_contact", input: { contact_id: a.id, tags: ["vip", "roundtable-jan"] } },
      { tool: "update_contact", input: { contact_id: b.id, tags: ["roundtable-jan"] } },
    ]);
  });

  it("a record typed as a list of values: 'new contact: name, email, company, title'", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Lapwing Analytics", domain: "lapwing.example" }));
    const out = await chat(tenant.client, "new contact: nora quist, nora@lapwing.example, lapwing analytics, cfo");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_contact", input: { first_name: "Nora", last_name: "Quist", email: "nora@lapwing.example", title: "CFO", account_id: account.id } },
    ]);
  });

  it("'<name> - <field>?' typed as a search answers the field", async () => {
    await made(
      tenant.client.post("/v1/contacts", { first_name: "Tobias", last_name: "Rennick", email: "tobias@rennick.example", title: "Head of Procurement" }),
    );
    const out = await chat(tenant.client, "tobias rennick - title?");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/Head of Procurement/);
  });

  it("'give X the flick' rejects the candidate", async () => {
    const job = await made(tenant.client.post("/v1/jobs", { title: "Site Estimator" }));
    const candidate = await made(
      tenant.client.post("/v1/candidates", { job_id: job.id, first_name: "Callum", last_name: "Presswood", email: "callum@presswood.example" }),
    );
    const out = await chat(tenant.client, "Give Callum Presswood the flick, not what we're after.");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_candidate", input: { candidate_id: candidate.id, stage: "rejected" } }]);
  });

  it("the stage told before 'move it along' is where the deal goes", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Dunlin Civil" }));
    const deal = await made(tenant.client.post("/v1/deals", { account_id: account.id, name: "Dunlin Civil: Depot wiring", amount: 18000 }));
    const out = await chat(
      tenant.client,
      "Had a yarn with Dunlin Civil about the depot wiring, they've accepted the scope so we're into proposal now. Move it along in the pipeline.",
    );
    expect(writes(out), out.message.content).toMatchObject([{ tool: "move_deal_to_stage", input: { deal_id: deal.id, stage: "proposal" } }]);
  });

  it("'add the <described> leads to the flow' asks who they are and changes nothing", async () => {
    await made(tenant.client.post("/v1/sequences", { name: "Spring nurture", status: "active", steps: [{ type: "email", subject: "Hi", body: "Hello" }] }));
    const out = await chat(tenant.client, "add the roadshow leads to the spring nurture flow");
    expect(writes(out), out.message.content).toEqual([]);
    expect(out.message.content).toMatch(/\?/);
  });

  it("'X got double billed, void the duplicate one' asks which of their invoices, and voids nothing", async () => {
    for (const amount of [700, 700])
      await made(tenant.client.post("/v1/invoices", { client: "Shrike Mills", amount, currency: "USD", status: "open", due_date: "2027-02-01" }));
    const out = await chat(tenant.client, "Shrike Mills says they got double billed, void the duplicate one");
    expect(writes(out), out.message.content).toEqual([]);
    expect(out.message.content).toMatch(/Which one\?/);
  });

  it("a title in brackets after a name, and 'X's AP has changed hands — new person is ...', add the contact with it", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Plover Marine", domain: "plover.example" }));
    const out = await chat(
      tenant.client,
      "per the ticket, Plover Marine's AP has changed hands — new person is Ines Varga (Accounts Payable Manager), ines.varga@plover.example. can we get her in as a contact under Plover Marine",
    );
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_contact", input: { first_name: "Ines", last_name: "Varga", title: "Accounts Payable Manager", account_id: account.id } },
    ]);
  });

  it("a sequence's steps written out are created as its steps, left as a draft", async () => {
    const out = await chat(
      tenant.client,
      'new sequence called "Roadshow follow-up". step 1: email right away, subject "Thanks for stopping by", body "Great to meet you at the roadshow." step 2: 4 days later, subject "Any questions?", body "Happy to help, {{first_name}}." leave it as a draft',
    );
    expect(writes(out), out.message.content).toMatchObject([
      {
        tool: "create_sequence",
        input: {
          name: "Roadshow follow-up",
          steps: [
            { type: "email", delay_days: 0, subject: "Thanks for stopping by", body: "Great to meet you at the roadshow." },
            { type: "email", delay_days: 4, subject: "Any questions?", body: "Happy to help, {{first_name}}." },
          ],
        },
      },
    ]);
  });
});

describe("round twenty-two: requests typed like code, other trades' words, two changes in one message", () => {
  it("a record written as a JSON object is created with its values", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Kestrel Freight" }));
    const out = await chat(
      tenant.client,
      'new invoice: {"client": "Kestrel Freight", "amount": 3100, "currency": "EUR", "due_date": "2027-04-15", "description": "Route audit"}',
    );
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_invoice", input: { account_id: account.id, amount: 3100, currency: "EUR", due_date: "2027-04-15", description: "Route audit" } },
    ]);
  });

  it("'set deal.stage = <stage> for <account>' moves the account's deal", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Avocet Dairy" }));
    const deal = await made(tenant.client.post("/v1/deals", { account_id: account.id, name: "Avocet Dairy: Cold chain", amount: 9000 }));
    const out = await chat(tenant.client, "set deal.stage = negotiation for Avocet Dairy");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "move_deal_to_stage", input: { deal_id: deal.id, stage: "negotiation" } }]);
  });

  it("'<candidate> -> <stage>, <remark>' moves the candidate and keeps the remark out", async () => {
    const job = await made(tenant.client.post("/v1/jobs", { title: "Line Cook" }));
    const candidate = await made(
      tenant.client.post("/v1/candidates", { job_id: job.id, first_name: "Oren", last_name: "Halloway", email: "oren@halloway.example" }),
    );
    const out = await chat(tenant.client, "move Oren Halloway -> interview, trial shift went fine");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_candidate", input: { candidate_id: candidate.id, stage: "interview" } }]);
  });

  it("'contacts where email like '%@domain'' lists the people at that domain, and the comparison is not a write", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Tern Optics", domain: "tern.example" }));
    await made(tenant.client.post("/v1/contacts", { first_name: "Lys", last_name: "Moreau", email: "lys@tern.example", account_id: account.id }));
    const out = await chat(tenant.client, "contacts where email like '%@tern.example'");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/Lys Moreau/);
  });

  it("'comp INV-n' voids it, waiting for approval", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Godwit Events", amount: 640, currency: "USD", status: "open", due_date: "2027-02-20" }),
    );
    const out = await chat(tenant.client, `comp ${invoice.number}, the wedding got called off`);
    expect(out.actions.filter((a: { tool: string; status: string }) => a.status === "completed" && a.tool !== "list_invoices")).toEqual([]);
    expect(out.actions.at(-1)).toMatchObject({ tool: "void_invoice", status: "approval_required", input: { invoice_id: invoice.id } });
  });

  it("'We've filled the <job> post. Please close the vacancy.' closes the job and creates none", async () => {
    const job = await made(tenant.client.post("/v1/jobs", { title: "Volunteer Coordinator" }));
    const out = await chat(tenant.client, "We've filled the Volunteer Coordinator post, thank goodness. Please close the vacancy.");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_job", input: { job_id: job.id, status: "closed" } }]);
  });

  it("a capitalized title keeps a word that reads as a verb ('Planned Giving Officer')", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Heron Trust", domain: "herontrust.example" }));
    const out = await chat(tenant.client, "Please add Mara Ellis, Planned Giving Officer at Heron Trust, mara@herontrust.example, as a contact.");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_contact", input: { first_name: "Mara", last_name: "Ellis", title: "Planned Giving Officer", account_id: account.id } },
    ]);
  });

  it("two changes in one message are both made: 'mark it lost, and 86 <contact> from the follow-up emails'", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Plover Catering" }));
    const deal = await made(tenant.client.post("/v1/deals", { account_id: account.id, name: "Plover Catering: Gala dinner", amount: 5000 }));
    const sequence = await made(
      tenant.client.post("/v1/sequences", { name: "Client follow-up", status: "active", steps: [{ type: "email", subject: "Hi", body: "Hello" }] }),
    );
    const contact = await made(tenant.client.post("/v1/contacts", { first_name: "Suki", last_name: "Brandt", email: "suki@brandt.example" }));
    await made(tenant.client.post(`/v1/sequences/${sequence.id}/enrollments`, { contact_id: contact.id }));
    const out = await chat(
      tenant.client,
      "Plover Catering went with someone else for the gala - mark it lost. and 86 Suki Brandt from the client follow-up emails",
    );
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "move_deal_to_stage", input: { deal_id: deal.id, stage: "lost" } },
      { tool: "unenroll_contact", input: { sequence_id: sequence.id } },
    ]);
  });

  it("'close the <job> role and reject the remaining candidates for it' closes it and rejects those still in play", async () => {
    const job = await made(tenant.client.post("/v1/jobs", { title: "Sous Chef" }));
    const still = await made(tenant.client.post("/v1/candidates", { job_id: job.id, first_name: "Ivo", last_name: "Grant", email: "ivo@grant.example" }));
    const out = await chat(tenant.client, "close the Sous Chef role and reject the remaining candidates for it");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "update_job", input: { job_id: job.id, status: "closed" } },
      { tool: "update_candidate", input: { candidate_id: still.id, stage: "rejected" } },
    ]);
  });

  it("a story with a dash before 'shift it along' moves the deal to its next stage", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Sanderling Labs" }));
    const deal = await made(tenant.client.post("/v1/deals", { account_id: account.id, name: "Sanderling Labs: Pilot", amount: 7000 }));
    const out = await chat(tenant.client, "Had a good call with Sanderling today — they liked the numbers. Shift it along");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "move_deal_to_stage", input: { deal_id: deal.id } }]);
  });
});

describe("round twenty-four: stories that point back, several records in one list, a trade's and a CFO's words", () => {
  it("'<number> went to the wrong unit. It needs voiding, please — I'll raise a fresh one myself' voids it, waiting for approval", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Merlin Storage", amount: 2200, currency: "GBP", status: "open", due_date: "2026-06-01" }),
    );
    const out = await chat(
      tenant.client,
      `Bit of a mess-up: ${invoice.number} was raised against the wrong unit. It needs voiding, please — I'll raise a fresh one myself.`,
    );
    expect(out.actions.filter((a: { tool: string; status: string }) => a.status === "completed" && !a.tool.startsWith("list_"))).toEqual([]);
    expect(out.actions.at(-1)).toMatchObject({ tool: "void_invoice", status: "approval_required", input: { invoice_id: invoice.id } });
  });

  it("two invoices told settled, then 'mark them both as paid', pays each", async () => {
    const a = await made(tenant.client.post("/v1/invoices", { client: "Kite Freight", amount: 310, currency: "USD", status: "open", due_date: "2026-05-01" }));
    const b = await made(
      tenant.client.post("/v1/invoices", { client: "Wren Analytics", amount: 420, currency: "USD", status: "open", due_date: "2026-05-02" }),
    );
    const out = await chat(
      tenant.client,
      `Kite Freight paid ${a.number} in full and Wren Analytics have cleared ${b.number} as well. Can you mark them both as paid?`,
    );
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "pay_invoice", input: { invoice_id: a.id, amount: 310 } },
      { tool: "pay_invoice", input: { invoice_id: b.id, amount: 420 } },
    ]);
  });

  it("two people named together are each moved", async () => {
    const job = await made(tenant.client.post("/v1/jobs", { title: "Estates Surveyor" }));
    const one = await made(tenant.client.post("/v1/candidates", { job_id: job.id, first_name: "Odile", last_name: "Marsh", email: "odile@marsh.example" }));
    const two = await made(tenant.client.post("/v1/candidates", { job_id: job.id, first_name: "Piet", last_name: "Vos-Hart", email: "piet@voshart.example" }));
    const out = await chat(tenant.client, "The phone screens went well. Please move Odile Marsh and Piet Vos-Hart on to screening.");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "update_candidate", input: { candidate_id: one.id, stage: "screening" } },
      { tool: "update_candidate", input: { candidate_id: two.id, stage: "screening" } },
    ]);
  });

  it("'<account> have a new <title> who'll be our point of contact: Name, email. Please add her' creates her with the title, at the account", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Quay Holdings", domain: "quay.example" }));
    const out = await chat(
      tenant.client,
      "Quay Holdings have a new facilities manager who'll be our point of contact for the building: Inès Laurent, ines@quay.example. Please add her as a contact under Quay Holdings.",
    );
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_contact", input: { first_name: "Inès", last_name: "Laurent", title: "facilities manager", account_id: account.id } },
    ]);
  });

  it("a job's place and team set apart by commas are its location and department, all three as names are written; 'budget approved' is no value", async () => {
    const out = await chat(tenant.client, "open a req: payroll analyst, finance dept, nyc, full time. budget approved");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_job", input: { title: "Payroll Analyst", department: "Finance", location: "NYC", employment_type: "full_time" } },
    ]);
  });

  it("a firm's name with an ampersand and LLP is kept whole", async () => {
    const out = await chat(tenant.client, "Client intake: kindly open an account for Rook & Heller LLP. Their website is rookheller.example.");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "create_account", input: { name: "Rook & Heller LLP", domain: "rookheller.example" } }]);
  });

  it("'Name, their General Counsel, email' after 'a new contact for <account>' is the person, with that title", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Lapwing Legal", domain: "lapwinglegal.example" }));
    const out = await chat(tenant.client, "New intake contact for Lapwing Legal, please: Nadia Okafor, their General Counsel, nadia@lapwinglegal.example.");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_contact", input: { first_name: "Nadia", last_name: "Okafor", title: "General Counsel", account_id: account.id } },
    ]);
  });

  it("'send <account> an invoice for <work>' with no draft of theirs asks how much, and changes nothing", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Curlew Studios" }));
    const out = await chat(tenant.client, "can you send Curlew Studios an invoice for the workshop we ran last week?");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/amount/i);
    expect(out.message.content).toMatch(/\?/);
  });

  it("'A recruiter rang. Remind me which vacancies we're advertising?' lists the jobs and creates none", async () => {
    await made(tenant.client.post("/v1/jobs", { title: "Lettings Negotiator" }));
    const out = await chat(
      tenant.client,
      "A recruiter has been on the phone touting for business. Remind me which vacancies we're actually advertising at the moment?",
    );
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/Lettings Negotiator/);
  });

  it("'the candidate for the <no such> opening' asks which job, and changes nothing", async () => {
    const out = await chat(tenant.client, "Kindly move the candidate for the conveyancer opening on to the next round.");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/^I found no job matching “conveyancer”\. Which one did you mean\?/);
  });

  it("a client with no account, misspelt in a story, is found by the invoices' spelling", async () => {
    await made(tenant.client.post("/v1/invoices", { client: "Pelican Rigging", amount: 1250, currency: "USD", status: "open", due_date: "2026-07-01" }));
    const out = await chat(
      tenant.client,
      "Got an email from Pelican Riging asking for a statement. How much do they still owe us, across their unpaid invoices?",
    );
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/1,250\.00 USD/);
  });
});

describe("round twenty-five: a venue's, a contractor's and a German writer's words", () => {
  it("'the invoices which are still in Entwurf (draft)' reads the gloss: the drafts", async () => {
    const out = await chat(
      tenant.client,
      "Please give me a list of the invoices which are still in Entwurf (draft), so they are not sent to the customer until now.",
    );
    expect(writes(out)).toEqual([]);
    expect(out.actions.find((a: { tool: string }) => a.tool === "list_invoices")?.input).toMatchObject({ status: "draft" });
  });

  it("'which bids are sitting at negotiation' lists the deals in that stage", async () => {
    const out = await chat(tenant.client, "which bids are sitting at negotiation rn");
    expect(writes(out)).toEqual([]);
    expect(out.actions.find((a: { tool: string }) => a.tool === "list_deals")?.input).toHaveProperty("stage_id");
  });

  it("'<person> at <account> has been made their Events Manager (...) - update the job title' sets the title", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Stonechat Events" }));
    const contact = await made(
      tenant.client.post("/v1/contacts", {
        first_name: "Rhian",
        last_name: "Pugh",
        email: "rhian@stonechat.example",
        account_id: account.id,
        title: "Coordinator",
      }),
    );
    const out = await chat(
      tenant.client,
      "Rhian Pugh at Stonechat has been made their Events Manager (great news for us!) - update the job title on their contact please",
    );
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_contact", input: { contact_id: contact.id, title: "Events Manager" } }]);
  });

  it("'We need a Night Porter, full time, based at the hotel in York. Could you open up the job?' posts it", async () => {
    const out = await chat(tenant.client, "We need a Night Porter, full time, based at the hotel in York. Could you open up the job?");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_job", input: { title: "Night Porter", location: "York", employment_type: "full_time" } },
    ]);
  });
});

describe("round twenty-six: Indian English office words, French words and figures, a distributor's ledger talk", () => {
  it("'<client> has made the payment, kindly mark the same as paid' pays that client's one open invoice", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Kestrel Forge", amount: 1200, currency: "USD", status: "open", due_date: "2026-04-30" }),
    );
    const out = await chat(tenant.client, "Kestrel Forge has made the payment yesterday, kindly mark the same as paid");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id }, status: "completed" }]);
  });

  it("'<name> has cleared the technical round, please move the same to offer' moves the candidate, not a call", async () => {
    const wren = await made(
      tenant.client.post("/v1/candidates", { job_id: world.backend, first_name: "Wren", last_name: "Adeyemi", email: "wren@mail.example" }),
    );
    for (const stage of ["screening", "interview"]) expect((await tenant.client.patch(`/v1/candidates/${wren.id}`, { stage })).status).toBe(200);
    const out = await chat(tenant.client, "Wren Adeyemi has cleared the technical round, please move the same to offer stage");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_candidate", input: { candidate_id: wren.id, stage: "offer" } }]);
  });

  it("'Make a facture for X: 2 400,00 € for the refonte of their website, échéance le 27/02' bills 2,400 EUR, due the next 27 February", async () => {
    const out = await chat(tenant.client, "Make a facture for Ortolan Studio: 2 400,00 € for the refonte of their website, échéance le 27/02");
    expect(writes(out), out.message.content).toMatchObject([
      {
        tool: "create_invoice",
        input: { client: "Ortolan Studio", amount: 2400, currency: "EUR", description: "redesign of their website", due_date: "2027-02-27" },
      },
    ]);
  });

  it("a deal's value written '18 000 €' is in euros, and its name in « » is its name", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Merle Atelier" }));
    const out = await chat(tenant.client, "Create an opportunity for Merle Atelier, call it « Signage 2027 », 18 000 € please");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "create_deal", input: { name: "Signage 2027", amount: 18000, currency: "EUR" } }]);
  });

  it("'who is actually in the séquence « X » ?' lists its enrollments", async () => {
    const sequence = await made(
      tenant.client.post("/v1/sequences", { name: "Whinchat nurture", status: "active", steps: [{ type: "task", subject: "Call" }] }),
    );
    const out = await chat(tenant.client, "who is actually in the séquence « Whinchat nurture » ?");
    expect(writes(out)).toEqual([]);
    expect(tools(out)).toContain("list_enrollments");
    expect(out.message.content).toContain("Whinchat nurture");
    expect(sequence.id).toMatch(/^seq_/);
  });

  it("'what is <client> into us for all told' sums what they owe, not every invoice they ever had", async () => {
    await made(tenant.client.post("/v1/invoices", { client: "Dunnock Yard", amount: 500, currency: "USD", status: "open", due_date: "2026-04-30" }));
    const paid = await made(
      tenant.client.post("/v1/invoices", { client: "Dunnock Yard", amount: 9000, currency: "USD", status: "open", due_date: "2026-04-30" }),
    );
    expect((await tenant.client.post(`/v1/invoices/${paid.id}/pay`, { amount: 9000 })).status).toBe(200);
    const out = await chat(tenant.client, "what is dunnock into us for all told");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toContain("500.00 USD");
    expect(out.message.content).not.toContain("9,500");
  });

  it("'<name>'s a no for the <job> job' rejects them; 'put her through to the next round' moves to interview", async () => {
    const ida = await made(tenant.client.post("/v1/candidates", { job_id: world.backend, first_name: "Ida", last_name: "Kowal", email: "ida@mail.example" }));
    const ben = await made(tenant.client.post("/v1/candidates", { job_id: world.backend, first_name: "Ben", last_name: "Oduya", email: "ben@mail.example" }));
    expect((await tenant.client.patch(`/v1/candidates/${ben.id}`, { stage: "screening" })).status).toBe(200);
    const out = await chat(tenant.client, "ben oduya did ok on the phone screen, put him through to the next round. and ida kowal's a no for the backend job");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "update_candidate", input: { candidate_id: ben.id, stage: "interview" } },
      { tool: "update_candidate", input: { candidate_id: ida.id, stage: "rejected" } },
    ]);
  });

  it("'we need a stock picker for the fresno depot, part time. get the vacancy up' opens it in Fresno, written as a name", async () => {
    const out = await chat(tenant.client, "we need a stock picker for the fresno depot, part time. get the vacancy up");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_job", input: { title: "Stock Picker", location: "Fresno", employment_type: "part_time" } },
    ]);
  });

  it("'open a temp X role, and add <person> (<email>) to it' makes the job, then the candidate on it", async () => {
    const out = await chat(tenant.client, "open a temp crate packer role, and add nia osei (nia.osei@example.com) to it as the first applicant");
    const [job, candidate] = writes(out);
    expect(job, out.message.content).toMatchObject({ tool: "create_job", input: { title: "Crate Packer", employment_type: "temporary" } });
    expect(job.input).not.toHaveProperty("department");
    const jobId = (await tenant.client.get("/v1/jobs?q=Crate%20Packer")).body.data[0].id;
    expect(candidate).toMatchObject({ tool: "create_candidate", input: { first_name: "Nia", last_name: "Osei", job_id: jobId } });
  });

  it("'wayne enterprises have changed buyers again. add the new fella as a contact' asks the name; a company is no person", async () => {
    const out = await chat(tenant.client, "wayne enterprises have changed buyers again. add the new fella as a contact");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/first name/i);
  });

  it("'new purchaser at <account> — name, head of logistics, email. get him in the system' adds the contact there", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Brambling Freight" }));
    const out = await chat(
      tenant.client,
      "new purchaser at brambling freight — ravi menon, head of logistics, ravi.menon@brambling.example. get him in the system",
    );
    expect(writes(out), out.message.content).toMatchObject([
      {
        tool: "create_contact",
        input: { first_name: "Ravi", last_name: "Menon", email: "ravi.menon@brambling.example", account_id: account.id, title: "head of logistics" },
      },
    ]);
  });

  it("'client has given the go-ahead, please change the deal stage' asks which deal and changes nothing", async () => {
    const out = await chat(tenant.client, "client has given the go-ahead, please change the deal stage");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/which deal/i);
  });

  it("'cv in for the X job. <name in lower case>, <email>, came thru a referral from one of the lads' adds them, source referral", async () => {
    const out = await chat(
      tenant.client,
      "cv in for the backend job. tomas reyes, tomas.reyes@outlook.example, came thru a referral from one of the lads. add him on",
    );
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_candidate", input: { first_name: "Tomas", last_name: "Reyes", source: "referral", job_id: world.backend } },
    ]);
  });

  it("'the <client> draft for <amount> got raised twice by mistake, bin it' proposes deleting it, with the client's name misspelt", async () => {
    const draft = await made(
      tenant.client.post("/v1/invoices", { client: "Goldcrest Holdings", amount: 4796.24, currency: "USD", status: "draft", due_date: "2026-04-30" }),
    );
    const out = await chat(tenant.client, "the goldcrist draft for 4,796.24 got raised twice by mistake, bin it");
    expect(out.actions.at(-1), out.message.content).toMatchObject({ tool: "delete_invoice", status: "approval_required", input: { invoice_id: draft.id } });
  });
});

describe("round twenty-seven: Singapore English, sales-speak, a treasurer's letters", () => {
  it("'set its expected close to the last day of next quarter' is the quarter's end, not a day of this month", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Tanager Labs" }));
    const deal = await made(tenant.client.post("/v1/deals", { name: "Tanager pilot", account_id: account.id, amount: 9000 }));
    const out = await chat(tenant.client, "so the Tanager pilot slipped to next quarter :( set its expected close to the last day of next quarter");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_deal", input: { deal_id: deal.id, expected_close_date: "2026-06-30" } }]);
  });

  it("'move their X opp to closed won + update the amount to 35k' makes both changes", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Grosbeak Cloud" }));
    const deal = await made(tenant.client.post("/v1/deals", { name: "Grosbeak migration", account_id: account.id, amount: 30000 }));
    const out = await chat(tenant.client, "Grosbeak gave us the verbal 🎉 move their migration opp to closed won + update the amount to 35k");
    const changed = writes(out);
    expect(
      changed.map((a: { tool: string }) => a.tool),
      out.message.content,
    ).toEqual(["move_deal_to_stage", "update_deal"]);
    expect(changed[1]).toMatchObject({ input: { deal_id: deal.id, amount: 35000 } });
    expect((await tenant.client.get(`/v1/deals/${deal.id}`)).body).toMatchObject({ status: "won", amount: 35000 });
  });

  it("'<client> already paid liao for INV-n, full amount. pls help to update' pays it in full", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Bulbul Freight", amount: 640, currency: "SGD", status: "open", due_date: "2026-04-30" }),
    );
    const out = await chat(tenant.client, `Bulbul Freight already paid liao for ${invoice.number}, full amount. pls help to update`);
    expect(writes(out), out.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id, amount: 640 } }]);
  });

  it("a pasted email's 'bill them EUR 6,500 for it, usual net 30' never bills a client called 'usual'", async () => {
    const out = await chat(
      tenant.client,
      "From: Marcus Hale\nSubject: billing\n\nHi Lena,\nWe wrapped the workshop yesterday. Can you bill them EUR 6,500 for it, usual net 30?\nThx, M\n\npls set this up",
    );
    expect(writes(out).filter((a: { input: { client?: string } }) => /usual/i.test(a.input.client ?? ""))).toEqual([]);
  });

  it("'Dear ..., how many of our invoices have now gone beyond their due date without being paid? The number alone will do' counts the overdue ones", async () => {
    const out = await chat(
      tenant.client,
      "Dear assistant, only a short question today: how many of our invoices have now gone beyond their due date without being paid? The number alone will do for the present.",
    );
    expect(writes(out)).toEqual([]);
    expect(out.actions.find((a: { tool: string }) => a.tool === "list_invoices")?.input).toMatchObject({ status: "overdue" });
  });
});

describe("round twenty-seven: a treasurer's letters", () => {
  it("'asked me to telephone the chaps at X ... how much they still owe us altogether? Kindly, Margaret' sums X's open invoices", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Kingfisher Supplies" }));
    await made(
      tenant.client.post("/v1/invoices", {
        client: "Kingfisher Supplies",
        account_id: account.id,
        amount: 730,
        currency: "GBP",
        status: "open",
        due_date: "2026-04-30",
      }),
    );
    const out = await chat(
      tenant.client,
      "My nephew has asked me to telephone the chaps at Kingfisher later this week, and I would much rather have the figure in front of me before I do. I wonder if you might tell me how much they still owe us altogether? I believe some of it is in pounds and some in euros, so do keep those apart. Kindly, Margaret",
    );
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/^Kingfisher Supplies owes 730\.00 GBP/);
    expect(out.message.content).not.toContain("Margaret");
  });

  it("'... decided not to go any further with X. Would you record that the application has been turned down? I shall write the letter myself.' rejects X", async () => {
    const cara = await made(
      tenant.client.post("/v1/candidates", { job_id: world.backend, first_name: "Cara", last_name: "Lindqvist", email: "cara.lindqvist@mail.example" }),
    );
    const out = await chat(
      tenant.client,
      "It gives me no pleasure to say so, but the engineering people have decided not to go any further with Cara Lindqvist. Would you record that the application has been turned down? I shall write the letter myself.",
    );
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_candidate", input: { candidate_id: cara.id, stage: "rejected" } }]);
  });
});

describe("round twenty-eight: Spanish requests, Dutch English, agency recruiting talk", () => {
  it("'cuántas facturas vencidas hay?' counts the overdue invoices", async () => {
    const out = await chat(tenant.client, "oye, cuántas facturas vencidas hay ahorita?");
    expect(writes(out)).toEqual([]);
    expect(out.actions.find((a: { tool: string }) => a.tool === "list_invoices")?.input, out.message.content).toMatchObject({ status: "overdue" });
  });

  it("'ya nos pagó X la INV-n, márcala como pagada por favor' pays it in full", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Colibrí Transportes", amount: 1250, currency: "USD", status: "open", due_date: "2026-04-15" }),
    );
    const out = await chat(tenant.client, `ya nos pagó Colibrí Transportes la ${invoice.number}, márcala como pagada por favor`);
    expect(writes(out), out.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id, amount: 1250 } }]);
  });

  it("'hazme una factura para X por $4,800 MXN, que venza el 20 de abril' bills pesos, due that day", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Quetzal Foods" }));
    const out = await chat(tenant.client, "hazme una factura para Quetzal Foods por $4,800 MXN, concepto auditoría, que venza el 20 de abril");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "create_invoice", input: { amount: 4800, currency: "MXN", due_date: "2026-04-20" } }]);
  });

  it("a Spanish message keeps an address whole: 'su correo es x@y.de' is not read as 'of'", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Tucán Media", domain: "tucan-media.de" }));
    const out = await chat(tenant.client, "agrega a Lucía Pérez como contacto, es la nueva gerente de Tucán Media. Su correo: lucia.perez@tucan-media.de");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "create_contact", input: { first_name: "Lucía", email: "lucia.perez@tucan-media.de" } }]);
  });

  it("'Put the lifecycle stage of X on qualified, he is no lead anymore' qualifies the contact", async () => {
    const contact = await made(tenant.client.post("/v1/contacts", { first_name: "Joost", last_name: "Verbeek", email: "joost@verbeek.example" }));
    const out = await chat(tenant.client, "Had a good call with Joost Verbeek. Put the lifecycle stage of Joost Verbeek on qualified, he is no lead anymore.");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_contact", input: { contact_id: contact.id, lifecycle_stage: "qualified" } }]);
  });

  it("'How many vacatures do we have open?' counts the open jobs", async () => {
    const out = await chat(tenant.client, "How many vacatures do we have open at this moment?");
    expect(writes(out)).toEqual([]);
    expect(out.actions.find((a: { tool: string }) => a.tool === "list_jobs")?.input, out.message.content).toMatchObject({ status: "open" });
  });

  it("'who got DQ'd on the X req' lists the rejected candidates of that job", async () => {
    const out = await chat(tenant.client, "who got DQ'd on the backend engineer req?");
    expect(writes(out)).toEqual([]);
    expect(out.actions.find((a: { tool: string }) => a.tool === "list_candidates")?.input, out.message.content).toMatchObject({
      stage: "rejected",
      job_id: world.backend,
    });
  });

  it("'open req: title / team / place / type' reads each field set apart by slashes", async () => {
    const out = await chat(tenant.client, "open a new req: data analyst / finance team / remote / contract");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_job", input: { title: "Data Analyst", department: "Finance", location: "Remote", employment_type: "contract" } },
    ]);
  });

  it("'bill X the placement fee -> 18.5k gbp, net 30': an arrow after a bill is what it is for", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Osprey Staffing" }));
    const out = await chat(tenant.client, "bill osprey staffing the placement fee -> 18.5k gbp, net 30");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_invoice", input: { client: "Osprey Staffing", amount: 18500, currency: "GBP", due_date: "2026-04-09" } },
    ]);
  });

  it("'$900 CAD': the code after the amount says which dollar", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Loon Outfitters" }));
    const out = await chat(tenant.client, "bill Loon Outfitters $900 CAD for the audit, due in 30 days");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "create_invoice", input: { amount: 900, currency: "CAD" } }]);
  });
});

describe("round twenty-seven, continued: described records, afterthoughts, 'at last'", () => {
  it("'X have paid the X bill at last' asks which when X owes several, never pays the latest", async () => {
    for (const [amount, due] of [
      [300, "2026-02-20"],
      [450, "2026-04-20"],
    ] as const)
      await made(tenant.client.post("/v1/invoices", { client: "Heron Joinery", amount, currency: "GBP", status: "open", due_date: due }));
    const out = await chat(tenant.client, "Heron Joinery have paid the Heron bill at last, so you can tick that one off.");
    expect(writes(out), out.message.content).toEqual([]);
    expect(out.message.content).toMatch(/Which one\?/);
  });

  it("a first-person afterthought after a create ('I have not got his figures to hand') leaves the amount to be asked", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Plover Dental" }));
    const out = await chat(
      tenant.client,
      "Would you make out a bill to Plover Dental for the audit work last month? I have not got the figures to hand just now, but I did not want it forgotten.",
    );
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/what amount/i);
  });

  it("'... so I am trying to look ahead. Of the invoices we have sent out, which fall due in the coming fortnight?' reads the question alone", async () => {
    const out = await chat(
      tenant.client,
      "We are rather thin at the bank at present, so I am trying to look ahead. Of the invoices we have actually sent out, which ones fall due over the coming fortnight?",
    );
    expect(writes(out)).toEqual([]);
    const listed = out.actions.find((a: { tool: string; input: Record<string, unknown> }) => a.tool === "list_invoices" && a.input["due_date[gte]"]);
    expect(listed?.input, out.message.content).toMatchObject({ "due_date[gte]": "2026-03-10", "due_date[lt]": "2026-03-25" });
    expect(listed?.input).not.toHaveProperty("q");
  });

  it("'Whatever became of the X we were hoping to sell to Y?' reads back the deal's stage and worth", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Avocet Mills" }));
    await made(tenant.client.post("/v1/deals", { name: "Loom refit", account_id: account.id, amount: 12500, currency: "GBP" }));
    const out = await chat(tenant.client, "Whatever became of the loom refit we were hoping to sell to Avocet Mills? I have heard nothing of it for weeks.");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/stage .*12,500\.00 GBP|12,500\.00 GBP.*stage/);
  });
});

describe("round twenty-nine: Irish English, formal second-language English, a warehouse supervisor's words", () => {
  it("'I'm after getting a payment from X, the full amount. would you ever mark it off' pays it in full", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Dunlin Heating", amount: 880, currency: "EUR", status: "open", due_date: "2026-03-30" }),
    );
    const out = await chat(
      tenant.client,
      "I'm after getting a payment from Dunlin Heating, the full amount, lodged it this morning. would you ever mark it off",
    );
    expect(writes(out), out.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id, amount: 880 } }]);
  });

  it("'what's our debtor days on the dollar invoices' is days sales outstanding", async () => {
    const out = await chat(tenant.client, "the accountant was asking what our debtor days are on the dollar invoices, what's the figure");
    expect(
      tools(out).filter((t: string) => /snapshot/.test(t)),
      out.message.content,
    ).not.toEqual([]);
    expect(out.message.content).toMatch(/Days sales outstanding/);
  });

  it("'Please register a new contact. Name: Mr. X, title at Y. E-mail: ...' creates the contact", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Ibis Trading", domain: "ibis-trading.jp" }));
    const out = await chat(
      tenant.client,
      "Please register a new contact. Name: Mr. Kenta Ono, Sales Manager at Ibis Trading. E-mail: kenta.ono@ibis-trading.jp. Best regards.",
    );
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_contact", input: { first_name: "Kenta", last_name: "Ono", email: "kenta.ono@ibis-trading.jp", account_id: account.id } },
    ]);
  });

  it("'Regarding the invoice of X, INV-n, we received the remaining amount. Please change the status to paid' pays the rest", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Ibis Trading", amount: 5000, currency: "JPY", status: "open", due_date: "2026-03-30" }),
    );
    const out = await chat(
      tenant.client,
      `Regarding the invoice of Ibis Trading, ${invoice.number}, we received the remaining amount today by bank transfer. Please change the status to 'paid'.`,
    );
    expect(writes(out), out.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id } }]);
  });

  it("'X (job) passed the screening. Please move to the interview stage' moves X", async () => {
    const kai = await made(
      tenant.client.post("/v1/candidates", { job_id: world.backend, first_name: "Kai", last_name: "Brandt", email: "kai.brandt@mail.example" }),
    );
    await tenant.client.patch(`/v1/candidates/${kai.id}`, { stage: "screening" });
    const out = await chat(tenant.client, "Kai Brandt (Backend Engineer) passed the screening. Please move to the interview stage.");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_candidate", input: { candidate_id: kai.id, stage: "interview" } }]);
  });

  it("'cut an invoice to X for $N ..., due 30 days out' bills X, due in 30 days", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Buckeye Pallets" }));
    const out = await chat(tenant.client, "cut an invoice to Buckeye Pallets for $1,900 dock leveler repair, due 30 days out");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_invoice", input: { client: "Buckeye Pallets", amount: 1900, currency: "USD", due_date: "2026-04-09" } },
    ]);
  });

  it("'how much money is PAST DUE all together' totals the overdue invoices, not a client called 'Past Due'", async () => {
    const out = await chat(tenant.client, "how much money is PAST DUE all together");
    expect(writes(out)).toEqual([]);
    const listed = out.actions.filter((a: { tool: string }) => a.tool === "list_invoices").map((a: { input: Record<string, unknown> }) => a.input);
    expect(
      listed.some((i: Record<string, unknown>) => i.status === "overdue"),
      out.message.content,
    ).toBe(true);
    expect(listed.some((i: Record<string, unknown>) => "client[contains]" in i)).toBe(false);
  });

  it("'void out INV-n Umbrella cancelled the order': the reason run on after the number is no record", async () => {
    const invoice = await made(tenant.client.post("/v1/invoices", { client: "Umbrella", amount: 75, currency: "USD", status: "open", due_date: "2026-04-02" }));
    const out = await chat(tenant.client, `void out ${invoice.number} Umbrella cancelled the order`);
    expect(
      out.actions.find((a: { tool: string }) => a.tool === "void_invoice"),
      out.message.content,
    ).toMatchObject({ input: { invoice_id: invoice.id }, status: "approval_required" });
  });
});

describe("a client billed by name beside an account that shares its first word", () => {
  it("'X Roofing paid their invoice' pays X Roofing's invoice, not looked for under the account 'X Studios'", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Sandpiper Studios" }));
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Sandpiper Roofing", amount: 640, currency: "USD", status: "open", due_date: "2026-04-12" }),
    );
    const out = await chat(tenant.client, "Sandpiper Roofing paid their invoice in full");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id, amount: 640 } }]);
  });
});

describe("round thirty: Brazilian English, a Texas field office, a Lagos accounts office", () => {
  it("'which faturas have vencimento this month?' lists the invoices due this month", async () => {
    const out = await chat(tenant.client, "which faturas have vencimento this month? only the ones not paid yet, the others dont matter");
    expect(writes(out)).toEqual([]);
    expect(out.actions.at(-1).input, out.message.content).toMatchObject({
      "due_date[gte]": "2026-03-01",
      "due_date[lt]": "2026-04-01",
      status: "open,overdue",
    });
  });

  it("'add one candidate in the vaga of <job>: name, email' adds them to that job", async () => {
    const out = await chat(tenant.client, "add one candidate in the vaga of Backend Engineer: Lia Souza, lia.souza@mail.example, she came by indication");
    expect(writes(out), out.message.content).toMatchObject([
      {
        tool: "create_candidate",
        input: { job_id: world.backend, first_name: "Lia", last_name: "Souza", email: "lia.souza@mail.example", source: "referral" },
      },
    ]);
  });

  it("'make a discount of 15% on INV-n' changes nothing and asks for the new amount", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Garoa Tintas", amount: 2000, currency: "USD", status: "open", due_date: "2026-04-20" }),
    );
    const out = await chat(tenant.client, `make a discount of 15% on ${invoice.number} please`);
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/\?/);
    const after = await made(tenant.client.get(`/v1/invoices/${invoice.id}`), 200);
    expect(after.amount).toBe(2000);
  });

  it("'who's still owin us' with dropped g's and an expletive lists the unpaid invoices", async () => {
    const out = await chat(tenant.client, "who all's still owin us on them dang invoices");
    const listed = out.actions.filter((a: { tool: string }) => a.tool === "list_invoices").map((a: { input: Record<string, unknown> }) => a.input);
    expect(
      listed.some((i: Record<string, unknown>) => i.status === "open,overdue"),
      out.message.content,
    ).toBe(true);
    expect(listed.some((i: Record<string, unknown>) => "client[contains]" in i)).toBe(false);
  });

  it("'get a bill out to X for the job we did monday. call it 3 grand, net 30' bills X in the currency they are billed in", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Permian Pumps" }));
    await made(
      tenant.client.post("/v1/invoices", {
        client: "Permian Pumps",
        account_id: account.id,
        amount: 100,
        currency: "USD",
        status: "open",
        due_date: "2026-03-30",
      }),
    );
    const out = await chat(tenant.client, "gotta get a bill out to Permian Pumps for the fence job the crew did monday. call it 3 grand, net 30 like always");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_invoice", input: { account_id: account.id, amount: 3000, currency: "USD", due_date: "2026-04-09" } },
    ]);
  });

  it("a no-show told as a story, then 'scratch em', rejects the candidate named", async () => {
    const gil = await made(
      tenant.client.post("/v1/candidates", { job_id: world.backend, first_name: "Gil", last_name: "Hart", email: "gil.hart@mail.example" }),
    );
    const out = await chat(
      tenant.client,
      "so we had Gil Hart down for a call at 10 this mornin, waited 15 minutes, called him twice, nothin. scratch em, we ain't chasin nobody",
    );
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_candidate", input: { candidate_id: gil.id, stage: "rejected" } }]);
  });

  it("'Abeg check if X don pay. How much dem still owe us?' sums what X owes", async () => {
    for (const [amount, due_date] of [
      [1200, "2026-02-20"],
      [300.25, "2026-04-15"],
    ] as const)
      await made(tenant.client.post("/v1/invoices", { client: "Apapa Freight", amount, currency: "USD", status: "open", due_date }));
    const out = await chat(tenant.client, "Abeg check if Apapa Freight don pay. How much dem still owe us?");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toContain("1,500.25 USD");
  });

  it("'raise an invoice for X for the sum of USD n (in words only), being fee. Payment to be made on or before <day>' creates it", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Ikoyi Logistics" }));
    const out = await chat(
      tenant.client,
      "Please help me raise an invoice for Ikoyi Logistics for the sum of USD 1,500 (one thousand five hundred dollars only), being service fee. Payment to be made on or before 30th March.",
    );
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_invoice", input: { client: "Ikoyi Logistics", amount: 1500, currency: "USD", due_date: "2026-03-30" } },
    ]);
  });

  it("'a new deal ..., valued at 12,000 US dollars' is worth 12,000, not a time of day", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Lekki Payroll" }));
    const out = await chat(tenant.client, 'Please open a new deal for Lekki Payroll, "Payroll outsourcing", valued at 12,000 US dollars.');
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_deal", input: { account_id: account.id, name: "Payroll outsourcing", amount: 12000, currency: "USD" } },
    ]);
  });

  it("'what percentage of the <job> candidates are in interview' answers the share; 'how many at each stage' counts per stage", async () => {
    const job = await made(tenant.client.post("/v1/jobs", { title: "Rig Welder" }));
    for (const [first, stages] of [
      ["Ada", ["screening", "interview"]],
      ["Ben", ["screening", "interview"]],
      ["Cy", ["screening"]],
      ["Dee", []],
    ] as const) {
      const c = await made(
        tenant.client.post("/v1/candidates", { job_id: job.id, first_name: first, last_name: "Welder", email: `${first.toLowerCase()}@weld.example` }),
      );
      for (const stage of stages) await made(tenant.client.patch(`/v1/candidates/${c.id}`, { stage }), 200);
    }
    const share = await chat(tenant.client, "For the Rig Welder role, what percentage of the candidates are in interview?");
    expect(writes(share)).toEqual([]);
    expect(share.message.content).toMatch(/\b2 of 4 candidates for Rig Welder are interview: 50%/);
    const funnel = await chat(tenant.client, "how's the hiring looking for the rig welder job? how many folks at each stage");
    expect(writes(funnel)).toEqual([]);
    expect(funnel.message.content, funnel.message.content).toMatch(
      /- applied: 1 \(Dee Welder\)\n- screening: 1 \(Cy Welder\)\n- interview: 2 \((?:Ada Welder, Ben Welder|Ben Welder, Ada Welder)\)/,
    );
  });

  it("'who is the <title> at <account>' names the holder of that title, not the whole family of titles", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Karoo Mining", domain: "karoo.example" }));
    for (const [first, last, title] of [
      ["Zola", "Dube", "Account Executive"],
      ["Sipho", "Nkosi", "CEO"],
    ])
      await made(
        tenant.client.post("/v1/contacts", {
          first_name: first,
          last_name: last,
          title,
          email: `${first!.toLowerCase()}@karoo.example`,
          account_id: account.id,
        }),
      );
    const out = await chat(tenant.client, "who is the Account Executive at Karoo Mining? I need their email");
    expect(out.message.content).toContain("Zola Dube");
    expect(out.message.content).not.toContain("Sipho Nkosi");
  });

  it("'how much have we received from X so far' sums what their invoices have been paid, part payments included", async () => {
    const whole = await made(
      tenant.client.post("/v1/invoices", { client: "Mallow Plumbing", amount: 500, currency: "EUR", status: "open", due_date: "2026-03-01" }),
    );
    const part = await made(
      tenant.client.post("/v1/invoices", { client: "Mallow Plumbing", amount: 800, currency: "EUR", status: "open", due_date: "2026-03-20" }),
    );
    await made(tenant.client.post(`/v1/invoices/${whole.id}/pay`, { amount: 500 }), 200);
    await made(tenant.client.post(`/v1/invoices/${part.id}/pay`, { amount: 120 }), 200);
    const out = await chat(tenant.client, "how much have we got lodged from Mallow Plumbing so far");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toContain("620.00 EUR");
  });
});

describe("round thirty-one: Filipino English, Italian, Chinese English", () => {
  it("'how much po does <client> still owe na?' with Tagalog particles reads that client's balance", async () => {
    await made(tenant.client.post("/v1/invoices", { client: "Cebu Pacific Parts", amount: 1250, currency: "USD", status: "open", due_date: "2026-04-02" }));
    const out = await chat(tenant.client, "how much po does Cebu Pacific Parts still owe na?");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toContain("1,250.00 USD");
  });

  it("'quanto ci deve ancora <client>?' in Italian reads the client's balance", async () => {
    await made(tenant.client.post("/v1/invoices", { client: "Ferramenta Rossi", amount: 3100, currency: "EUR", status: "open", due_date: "2026-04-09" }));
    const out = await chat(tenant.client, "quanto ci deve ancora Ferramenta Rossi?");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toContain("3,100.00 EUR");
  });

  it("'<invoice>, this one cancel pls' voids that invoice (after approval), not its client", async () => {
    // (The client is an account too, which a turn must not take for the thing to cancel.)
    const account = await made(tenant.client.post("/v1/accounts", { name: "Shenzhen Molds" }));
    const invoice = await made(
      tenant.client.post("/v1/invoices", {
        client: "Shenzhen Molds",
        account_id: account.id,
        amount: 4400,
        currency: "USD",
        status: "open",
        due_date: "2026-04-12",
      }),
    );
    const out = await chat(tenant.client, `${invoice.number} of Shenzhen Molds, this one cancel pls. customer say the order is wrong, we will issue again`);
    expect(out.actions.filter((a: { status: string }) => a.status === "approval_required").map((a: { tool: string }) => a.tool)).toEqual(["void_invoice"]);
  });

  it("'we think to close it within the end of march' sets the new deal's expected close date", async () => {
    const out = await chat(
      tenant.client,
      'I would like that you create a new deal for Initech, name "Rinnovo supporto", value 12.500,00 USD, we think to close it within the end of march',
    );
    expect(writes(out), out.message.content).toMatchObject([
      {
        tool: "create_deal",
        input: { name: "Rinnovo supporto", amount: 12500, currency: "USD", expected_close_date: "2026-03-31", account_id: world.initech },
      },
    ]);
  });

  it("'the email of the CFO of <account>' names the Chief Financial Officer, not the whole finance team", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Makati Freight" }));
    await made(
      tenant.client.post("/v1/contacts", {
        first_name: "Rosa",
        last_name: "Lim",
        title: "Chief Financial Officer",
        email: "rosa@makati.example",
        account_id: account.id,
      }),
    );
    await made(
      tenant.client.post("/v1/contacts", {
        first_name: "Jun",
        last_name: "Cruz",
        title: "Finance Manager",
        email: "jun@makati.example",
        account_id: account.id,
      }),
    );
    const out = await chat(tenant.client, "paki-check naman what's the email of the CFO of Makati Freight, i will cc her sa SOA");
    expect(out.message.content).toContain("rosa@makati.example");
    expect(out.message.content).not.toContain("jun@makati.example");
  });

  it("'customer <client> still owe how much?' puts the question word where English does", async () => {
    await made(tenant.client.post("/v1/invoices", { client: "Dongguan Plastics", amount: 780, currency: "USD", status: "open", due_date: "2026-04-15" }));
    const out = await chat(tenant.client, "customer Dongguan Plastics still owe how much?");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toContain("780.00 USD");
  });
});

describe("round thirty-two: Korean, Russian and Gulf office English", () => {
  it("pasted 'Name: / Company: / Designation: / Email:' lines make one contact with its title", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Jumeirah Facilities" }));
    const out = await chat(
      tenant.client,
      "Please find below new contact details and add the same in system:\nName: Layla Nasser\nCompany: Jumeirah Facilities\nDesignation: Procurement Lead\nEmail: layla@jumeirah.example",
    );
    expect(writes(out), out.message.content).toMatchObject([
      {
        tool: "create_contact",
        input: { first_name: "Layla", last_name: "Nasser", email: "layla@jumeirah.example", title: "Procurement Lead", account_id: account.id },
      },
    ]);
  });

  it("'make new deal \"X\" for client Y, amount 25 000 EUR, expected close 31.03' creates it with that close date", async () => {
    const out = await chat(tenant.client, 'make new deal "Tallinn rollout" for client Initech, amount 25 000 EUR, expected close 31.03');
    expect(writes(out), out.message.content).toMatchObject([
      {
        tool: "create_deal",
        input: { name: "Tallinn rollout", amount: 25000, currency: "EUR", expected_close_date: "2026-03-31", account_id: world.initech },
      },
    ]);
  });

  it("'X payment done. pls update' for a client with several unpaid invoices asks which, and pays none", async () => {
    for (const amount of [300, 450])
      await made(tenant.client.post("/v1/invoices", { client: "Busan Shipping", amount, currency: "USD", status: "open", due_date: "2026-04-20" }));
    const out = await chat(tenant.client, "Busan Shipping payment done. pls update");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/Which one\?/);
  });

  it("'who is now inside of sequence \"X\"? names please' names its enrolled contacts", async () => {
    const contact = await made(tenant.client.post("/v1/contacts", { first_name: "Svetlana", last_name: "Orlova", email: "svetlana@tallinn.example" }));
    const sequence = await made(
      tenant.client.post("/v1/sequences", { name: "Baltic nurture", status: "active", steps: [{ type: "email", subject: "Hi", body: "Hello" }] }),
    );
    await made(tenant.client.post(`/v1/sequences/${sequence.id}/enrollments`, { contact_id: contact.id }));
    const out = await chat(tenant.client, 'who is now inside of sequence "Baltic nurture"? names please');
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toContain("Svetlana Orlova");
  });
});

describe("round thirty-four: Scottish office English, people told apart by where they work", () => {
  it("'there's a new lass started at X, can you add her as a contact' asks for her name and creates nobody", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Clyde Surveys" }));
    const out = await chat(tenant.client, "there's a new lass started at Clyde Surveys, can you add her as a contact please");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/first name/i);
  });

  it("'got £750 in fae X the day against INV-n ... can you put that through' records the part payment", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Forth Marine", amount: 2000, currency: "GBP", status: "open", due_date: "2026-04-02" }),
    );
    const out = await chat(tenant.client, `got £750 in fae Forth Marine the day against ${invoice.number}. rest to come, mind. can you put that through`);
    expect(writes(out), out.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id, amount: 750 }, status: "completed" }]);
  });

  it("'Name for the X job - it's a pass from the panel' rejects that candidate", async () => {
    const job = await made(tenant.client.post("/v1/jobs", { title: "Bridge Inspector" }));
    const cand = await made(tenant.client.post("/v1/candidates", { job_id: job.id, first_name: "Morag", last_name: "Baird", email: "morag@mail.example" }));
    const out = await chat(tenant.client, "Morag Baird for the Bridge Inspector job - it's a pass from the panel I'm afraid");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_candidate", input: { candidate_id: cand.id, stage: "rejected" } }]);
  });

  it("a British writer's '6/5' is the 6th of May", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Lomond Joinery", amount: 900, currency: "GBP", status: "open", due_date: "2026-04-01" }),
    );
    const out = await chat(tenant.client, `Lomond Joinery have asked for longer. Can you push ${invoice.number} back to 6/5?`);
    expect(writes(out), out.message.content).toMatchObject([{ tool: "update_invoice", input: { invoice_id: invoice.id, due_date: "2026-05-06" } }]);
  });

  it("namesakes told apart by their company: 'the Rhona Kerr who works at X', 'Rhona Kerrs phone, the one at X', 'phone number for Rhona Kerr at X'", async () => {
    const ness = await made(tenant.client.post("/v1/accounts", { name: "Ness Analytics", domain: "nessanalytics.example" }));
    const tay = await made(tenant.client.post("/v1/accounts", { name: "Tay Freight", domain: "tayfreight.example" }));
    await made(
      tenant.client.post("/v1/contacts", {
        first_name: "Rhona",
        last_name: "Kerr",
        email: "rhona@nessanalytics.example",
        phone: "+44 141 555 0101",
        account_id: ness.id,
      }),
    );
    await made(
      tenant.client.post("/v1/contacts", {
        first_name: "Rhona",
        last_name: "Kerr",
        email: "rhona@tayfreight.example",
        phone: "+44 1382 555 0202",
        account_id: tay.id,
      }),
    );
    for (const said of [
      "what's the phone of the Rhona Kerr who works at Tay Freight",
      "need Rhona Kerrs phone, the one at tay",
      "phone number for Rhona Kerr at Tay Freight",
      "Rhona Kerr (the one at Tay Freight) - phone?",
    ]) {
      const out = await chat(tenant.client, said);
      expect(writes(out)).toEqual([]);
      expect(out.message.content, said).toContain("+44 1382 555 0202");
      expect(out.message.content, said).not.toContain("+44 141 555 0101");
    }
  });
});

describe("a list in the order asked, an average", () => {
  it("'X's invoices sorted by amount, smallest first' lists them in that order; 'by due date' soonest first", async () => {
    for (const [amount, due] of [
      [700, "2026-05-01"],
      [300, "2026-06-01"],
      [500, "2026-04-01"],
    ] as const)
      await made(tenant.client.post("/v1/invoices", { client: "Orderly Mills", amount, currency: "USD", status: "open", due_date: due }));
    const bySize = await chat(tenant.client, "Orderly Mills invoices sorted by amount, smallest first");
    expect(bySize.message.content.match(/(?<=· )\d{3}\.00 USD/g), bySize.message.content).toEqual(["300.00 USD", "500.00 USD", "700.00 USD"]);
    const byDue = await chat(tenant.client, "list the Orderly Mills invoices ordered by due date");
    expect(byDue.message.content.match(/(?<=· )\d{3}\.00 USD/g), byDue.message.content).toEqual(["500.00 USD", "700.00 USD", "300.00 USD"]);
    expect(writes(byDue)).toEqual([]);
  });

  it("'what's the average invoice for X' is each currency's mean", async () => {
    for (const [amount, currency] of [
      [100, "EUR"],
      [300, "EUR"],
      [1000, "GBP"],
    ] as const)
      await made(tenant.client.post("/v1/invoices", { client: "Mean Street Bakery", amount, currency, status: "open", due_date: "2026-05-01" }));
    const out = await chat(tenant.client, "what's the average invoice for Mean Street Bakery?");
    expect(out.message.content).toContain("200.00 EUR (over 2 invoices)");
    expect(out.message.content).toContain("1,000.00 GBP (over 1 invoice)");
  });
});

describe("money paid in a period, an account's size, a million", () => {
  it("'how much did X pay us this month' sums the invoices paid in full this month, by when they were paid", async () => {
    const paid = await made(
      tenant.client.post("/v1/invoices", { client: "Paisley Textiles", amount: 640, currency: "GBP", status: "open", due_date: "2026-03-20" }),
    );
    expect((await tenant.client.post(`/v1/invoices/${paid.id}/pay`, { amount: 640 })).status).toBe(200);
    await made(tenant.client.post("/v1/invoices", { client: "Paisley Textiles", amount: 90, currency: "GBP", status: "open", due_date: "2026-03-25" }));
    const out = await chat(tenant.client, "how much did Paisley Textiles pay us this month?");
    expect(out.actions.find((a: any) => a.tool === "list_invoices" && a.input["paid_at[gte]"])?.input).toMatchObject({
      "paid_at[gte]": "2026-03-01T00:00:00.000Z",
    });
    expect(out.message.content).toContain("640.00 GBP");
    expect(out.message.content).not.toContain("90.00 GBP");
    const last = await chat(tenant.client, "payments received from Paisley Textiles last month");
    expect(last.message.content).not.toContain("640.00 GBP");
  });

  it("'accounts with more than 400 employees', 'with revenue over 1.5M' compare the account's size and revenue", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Bigfield Steel", employee_count: 900, annual_revenue: 2_000_000 }));
    await made(tenant.client.post("/v1/accounts", { name: "Smallbrook Crafts", employee_count: 12, annual_revenue: 300_000 }));
    for (const said of ["accounts with more than 400 employees", "which accounts have revenue over 1.5M?"]) {
      const out = await chat(tenant.client, said);
      expect(out.message.content, said).toContain("Bigfield Steel");
      expect(out.message.content, said).not.toContain("Smallbrook Crafts");
    }
  });

  it("'deals over 1.2m' is an amount, not a time of day", async () => {
    await made(tenant.client.post("/v1/deals", { name: "Megaproject", amount: 1_500_000, currency: "USD", account_id: world.initech }));
    const out = await chat(tenant.client, "deals over 1.2m");
    expect(out.actions.find((a: any) => a.tool === "list_deals")?.input).toMatchObject({ "amount[gt]": 1_200_000 });
    expect(out.actions.find((a: any) => a.tool === "list_deals")?.input).not.toHaveProperty("created_at[gte]");
    expect(out.message.content).toContain("Megaproject");
  });
});

describe("Swahili and Kenyan English", () => {
  it("'ni ankara ngapi za X hazijalipwa?' counts that client's unpaid invoices", async () => {
    for (const amount of [1200, 800])
      await made(tenant.client.post("/v1/invoices", { client: "Kisumu Traders", amount, currency: "KES", status: "open", due_date: "2026-04-15" }));
    const paid = await made(
      tenant.client.post("/v1/invoices", { client: "Kisumu Traders", amount: 300, currency: "KES", status: "open", due_date: "2026-04-01" }),
    );
    await made(tenant.client.post(`/v1/invoices/${paid.id}/pay`, { amount: 300 }), 200);
    const out = await chat(tenant.client, "ni ankara ngapi za Kisumu Traders hazijalipwa?");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toMatch(/^2 invoices/);
    expect(out.message.content).toContain("2,000.00 KES");
  });

  it("'X wamelipa INV-n yote, tafadhali mark it paid' pays that invoice in full", async () => {
    const inv = await made(
      tenant.client.post("/v1/invoices", { client: "Mombasa Movers", amount: 640, currency: "USD", status: "open", due_date: "2026-03-30" }),
    );
    const out = await chat(tenant.client, `Mombasa Movers wamelipa ${inv.number} yote, tafadhali mark it paid`);
    expect(writes(out), out.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: inv.id, amount: 640 }, status: "completed" }]);
  });

  it("'ongeza mgombea mpya wa <job>: Name, email, amekuja kupitia referral' adds the candidate with that source", async () => {
    const job = await made(tenant.client.post("/v1/jobs", { title: "Depot Supervisor" }));
    const out = await chat(tenant.client, "ongeza mgombea mpya wa Depot Supervisor: Wanjiru Mwangi, wanjiru.mwangi@example.com, amekuja kupitia referral");
    expect(writes(out), out.message.content).toMatchObject([
      {
        tool: "create_candidate",
        input: { job_id: job.id, first_name: "Wanjiru", last_name: "Mwangi", email: "wanjiru.mwangi@example.com", source: "referral" },
      },
    ]);
  });

  it("'usimark INV-n kama paid bado' (don't mark it paid yet) changes nothing", async () => {
    const inv = await made(
      tenant.client.post("/v1/invoices", { client: "Eldoret Grain", amount: 410, currency: "USD", status: "open", due_date: "2026-03-28" }),
    );
    const out = await chat(tenant.client, `Eldoret Grain wanasema wamelipa ${inv.number}, lakini usimark kama paid bado`);
    expect(writes(out)).toEqual([]);
    expect((await tenant.client.get(`/v1/invoices/${inv.id}`)).body.status).toBe("open");
  });

  it("'kindly raise an invoice for X: KSh 85,000/= ..., due by end month' bills KES at the end of this month", async () => {
    await made(tenant.client.post("/v1/accounts", { name: "Nakuru Dairies" }));
    const out = await chat(tenant.client, "Kindly raise an invoice for Nakuru Dairies: KSh 85,000/= for cold storage, due by end month");
    expect(writes(out), out.message.content).toMatchObject([
      { tool: "create_invoice", input: { client: "Nakuru Dairies", amount: 85000, currency: "KES", due_date: "2026-03-31" } },
    ]);
  });
});

describe("round thirty-nine: Turkish", () => {
  it("'<client>'nın ödenmemiş faturalarını listeler misin?' lists that client's unpaid invoices and their total", async () => {
    const one = await made(
      tenant.client.post("/v1/invoices", { client: "Bursa Dokuma", amount: 1500, currency: "USD", status: "open", due_date: "2026-04-03" }),
    );
    const two = await made(
      tenant.client.post("/v1/invoices", { client: "Bursa Dokuma", amount: 2500, currency: "USD", status: "open", due_date: "2026-04-17" }),
    );
    const out = await chat(tenant.client, "Bursa Dokuma'nın ödenmemiş faturalarını listeler misin? toplamı ne kadar");
    expect(writes(out)).toEqual([]);
    expect(out.message.content).toContain(one.number);
    expect(out.message.content).toContain(two.number);
    expect(out.message.content).toContain("4,000.00 USD");
  });

  it("'<invoice>'e 750 USD ödeme girer misin' records that part payment on it, typed without Turkish letters", async () => {
    const invoice = await made(
      tenant.client.post("/v1/invoices", { client: "Izmir Iplik", amount: 2000, currency: "USD", status: "open", due_date: "2026-04-20" }),
    );
    const out = await chat(tenant.client, `${invoice.number}'e 750 USD odeme girer misin, kalani gelecek hafta gelecekmis`);
    expect(writes(out), out.message.content).toMatchObject([{ tool: "pay_invoice", input: { invoice_id: invoice.id, amount: 750 } }]);
  });

  it("'<account> işini kaybettik, deal'i kaybedildi olarak işaretle' moves that account's deal to lost", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Gaziantep Carpets" }));
    const deal = await made(tenant.client.post("/v1/deals", { account_id: account.id, name: "Lobby rugs", amount: 6400 }));
    const out = await chat(tenant.client, "Gaziantep Carpets işini kaybettik maalesef, deal'i kaybedildi olarak işaretler misin");
    expect(writes(out), out.message.content).toMatchObject([{ tool: "move_deal_to_stage", input: { deal_id: deal.id, stage: "lost" } }]);
  });

  it("'şu faturayı iptal edelim' with no invoice named asks which one and voids none", async () => {
    const out = await chat(tenant.client, "şu faturayı iptal edelim lütfen, müşteri vazgeçti");
    expect(writes(out)).toEqual([]);
    expect(out.actions.filter((a: { status: string }) => a.status === "approval_required")).toEqual([]);
    expect(out.message.content).toMatch(/\?/);
  });
});
