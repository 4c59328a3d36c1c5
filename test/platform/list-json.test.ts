import { sql } from "drizzle-orm";
import build from "fast-json-stringify";
import type { TSchema } from "typebox";
import { beforeAll, describe, expect, it } from "vitest";
import { ListEnvelope } from "../../src/platform/schemas.ts";
import type { Page } from "../../src/platform/lists.ts";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { SCOPES } from "../../src/platform/auth/scopes.ts";
import { Conversation } from "../../src/engines/agent/agent-schemas.ts";
import { listConversations } from "../../src/engines/agent/conversations-service.ts";
import { authenticate } from "../../src/platform/auth/api-keys-service.ts";
import { KeyCache } from "../../src/platform/auth/key-cache.ts";
import { Deal } from "../../src/engines/growth/deals-schemas.ts";
import { listDeals } from "../../src/engines/growth/deals-service.ts";
import { Pipeline } from "../../src/engines/growth/pipelines-schemas.ts";
import { listPipelines } from "../../src/engines/growth/pipelines-service.ts";
import { Enrollment, Sequence, SequenceMessage } from "../../src/engines/growth/sequences-schemas.ts";
import { listEnrollments } from "../../src/engines/growth/sequence-enrollments-service.ts";
import { listMessages } from "../../src/engines/growth/sequence-messages-service.ts";
import { listSequences } from "../../src/engines/growth/sequences-service.ts";
import { CandidateSummary } from "../../src/engines/talent/candidates-schemas.ts";
import { listCandidates } from "../../src/engines/talent/candidates-service.ts";
import { Job } from "../../src/engines/talent/jobs-schemas.ts";
import { listJobs } from "../../src/engines/talent/jobs-service.ts";

/**
 * Lists whose page the database writes as JSON (lists.ts, JsonItem) must send
 * the bytes the row mapper and the response serializer send for the same
 * rows: each item of the list's body is compared, as text, with GET of that
 * item (which goes through invoiceToApi / contactToApi and the serializer),
 * and the whole page with the list's row-mapper path (listPage) written by
 * fast-json-stringify from the route's response schema, as Fastify writes it.
 * The rows hold what is easy to get wrong: escapes, non-ASCII, nulls, amounts
 * with and without decimals, timestamps with microseconds, every status.
 */
const clock = testClock("2026-03-10T12:00:00.123Z");
const t = useTestApp({ clock });
let tenant: Tenant;

const AWKWARD = ['He said "hi"\\ and left', "line\nbreak\ttab\u0001ctl", "emoji 🧾 and é and \u2028 separator", "</script><b>&amp;", ""];

/** Keys a JavaScript object puts first, in ascending order ("4294967295" is not an array index), among keys jsonb orders by length. */
const ARRAY_INDEX_KEYS = {
  b: "1",
  "10": "ten",
  "2": "two",
  "0": "zero",
  "4294967295": "big",
  "4294967294": "max index",
  "01": "not an index",
  "": "empty key",
};

/**
 * The list's text must be the envelope around the single GETs' texts, byte for
 * byte (`asItem` turns a GET's text into the list item's, where the two differ).
 */
async function expectSameBytes(path: string, query: string, asItem: (text: string) => string = (text) => text, itemPath = path): Promise<number> {
  const list = await tenant.client.get(`${path}?${query}`);
  expect(list.status, list.text).toBe(200);
  expect(list.headers.get("content-type")).toBe("application/json; charset=utf-8");
  const items = await Promise.all(
    (list.body.data as { id: string }[]).map(async (item) => {
      const one = await tenant.client.get(`${itemPath}/${item.id}`);
      expect(one.status).toBe(200);
      return asItem(one.text);
    }),
  );
  const meta = list.body.meta as { total: number; page: number; per_page: number };
  expect(list.text).toBe(`{"data":[${items.join(",")}],"meta":{"total":${meta.total},"page":${meta.page},"per_page":${meta.per_page}}}`);
  return items.length;
}

/** The list's text must be the row mapper's page as the route's serializer writes it. */
async function expectSameAsMapper(
  path: string,
  query: string,
  item: TSchema,
  mapped: (query: Record<string, unknown>) => Promise<Page<unknown>>,
): Promise<number> {
  const list = await tenant.client.get(`${path}?${query}`);
  expect(list.status, list.text).toBe(200);
  const page = await mapped(Object.fromEntries(new URLSearchParams(query)));
  expect(list.text).toBe(build(ListEnvelope(item))(page));
  return page.data.length;
}

/** Rows written with microseconds, as other tools (or now()) write them: the API shows milliseconds, truncated. */
async function microseconds(table: string, column: string): Promise<void> {
  await t().database.db.execute(
    sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${sql.identifier(column)} + interval '0.000999 seconds' WHERE org_id = ${tenant.orgId}`,
  );
}

beforeAll(async () => {
  tenant = await t().tenant();
  const account = await tenant.client.post("/v1/accounts", { name: "Billed Co" });
  expect(account.status, account.text).toBe(201);
  const amounts = [0.5, 1, 99.99, 1000, 1234567890.12, 250.1];
  for (let i = 0; i < 12; i++) {
    clock.advance(1_001);
    const created = await tenant.client.post("/v1/invoices", {
      client: AWKWARD[i % AWKWARD.length] || "Plain client",
      amount: amounts[i % amounts.length],
      currency: i % 4 === 3 ? "EUR" : "USD",
      due_date: i % 2 === 0 ? "2026-02-01" : "2026-05-01",
      status: i % 3 === 0 ? "draft" : "open",
      description: i % 5 === 0 ? null : AWKWARD[(i + 2) % AWKWARD.length],
      account_id: i % 3 === 1 ? account.body.id : null,
      metadata: i % 2 === 0 ? {} : { 'quote"key': AWKWARD[i % AWKWARD.length]!, plain: "v", ü: "ß" },
    });
    expect(created.status, created.text).toBe(201);
    if (i % 6 === 1) expect((await tenant.client.post(`/v1/invoices/${created.body.id}/pay`, { amount: 0.25 })).status).toBe(200);
    if (i % 6 === 2) expect((await tenant.client.post(`/v1/invoices/${created.body.id}/void`)).status).toBe(200);
    if (i === 5) expect((await tenant.client.post(`/v1/invoices/${created.body.id}/pay`, { amount: amounts[5] })).status).toBe(200);
    if (i % 4 === 1) {
      const contact = await tenant.client.post("/v1/contacts", {
        first_name: AWKWARD[i % AWKWARD.length] || null,
        email: `person${i}@example.com`,
        tags: i % 8 === 1 ? [] : ["vip", 'quo"te', "ünï"],
        metadata: i === 5 ? {} : { k: AWKWARD[(i + 1) % AWKWARD.length]!, ...ARRAY_INDEX_KEYS },
      });
      expect(contact.status, contact.text).toBe(201);
    }
  }
  // Timestamps with microseconds, as rows written by other tools (or now()) hold: the API shows milliseconds, truncated.
  await t().database.db.execute(sql`UPDATE invoices SET updated_at = '2026-03-10 12:00:00.999999+00' WHERE org_id = ${tenant.orgId}`);
  await t().database.db.execute(sql`UPDATE contacts SET created_at = '2026-03-10 12:00:00.000999+00' WHERE org_id = ${tenant.orgId}`);
});

describe("a list page written by the database", () => {
  it("is byte for byte the mapped and serialized invoices, every status, escapes and amounts included", async () => {
    expect(await expectSameBytes("/v1/invoices", "per_page=100")).toBe(12);
    expect(await expectSameBytes("/v1/invoices", "status=overdue&sort=amount")).toBeGreaterThan(0);
    expect(await expectSameBytes("/v1/invoices", "status=open,paid,void&per_page=5&page=2")).toBeGreaterThan(0);
  });

  it("is the same for contacts (tags, metadata, null names)", async () => {
    expect(await expectSameBytes("/v1/contacts", "per_page=100")).toBe(3);
  });

  it("takes filter values with quotes and backslashes as values (PGlite writes them into its EXECUTE as literals)", async () => {
    const quoted = await tenant.client.get(`/v1/invoices?client=${encodeURIComponent(AWKWARD[0]!)}&per_page=100`);
    expect(quoted.status, quoted.text).toBe(200);
    expect(quoted.body.meta.total).toBe(3);
    expect(quoted.body.data.every((i: { client: string }) => i.client === AWKWARD[0])).toBe(true);
    const injection = await tenant.client.get(`/v1/invoices?q=${encodeURIComponent("x' OR '1'='1")}`);
    expect(injection.body.meta.total).toBe(0);
    const trailing = await tenant.client.get(`/v1/invoices?client[contains]=${encodeURIComponent("left\\")}`);
    expect(trailing.body.meta.total).toBe(0);
  });

  it("answers an empty page and a page past the end with the right total", async () => {
    const empty = await tenant.client.get("/v1/invoices?client=nobody");
    expect(empty.text).toBe('{"data":[],"meta":{"total":0,"page":1,"per_page":25}}');
    const past = await tenant.client.get("/v1/invoices?page=9&per_page=5");
    expect(past.text).toBe('{"data":[],"meta":{"total":12,"page":9,"per_page":5}}');
  });
});

/**
 * Metadata as clients write it: none; plain (jsonb's own text, closed up:
 * commas, colons and escapes in values, no quotes); or what must be written
 * pair by pair: index-like keys, quotes, a trailing backslash, and strings
 * that are just a separator.
 */
const PLAIN_METADATA = { region: "eu-west", ü: "ß 🧾", "with space": "a, b: c", ctl: "line\nbreak\ttab\u0001", empty: "", x9: "v9" };
const SEPARATORS = { sep: ", ", colon: ": ", ", ": "k", ": ": "v", "a ": "b ", z: "," };
const metadataOf = (i: number): Record<string, string> =>
  [{}, { k: AWKWARD[i % AWKWARD.length]!, ...ARRAY_INDEX_KEYS }, PLAIN_METADATA, { tail: "ends in a backslash\\" }, { quoted: 'x", "y": "z' }, SEPARATORS][
    i % 6
  ]!;
/** Text a field requiring a non-blank value takes. */
const textOf = (i: number) => AWKWARD[i % AWKWARD.length] || "Plain";

describe("the growth and talent lists written by the database", () => {
  beforeAll(async () => {
    const account = await tenant.client.post("/v1/accounts", { name: "Dealt Co" });
    const contacts: string[] = [];
    for (let i = 0; i < 3; i++) contacts.push((await tenant.client.post("/v1/contacts", { email: `dealt${i}@example.com` })).body.id);
    const pipeline = await tenant.client.post("/v1/pipelines", {
      name: textOf(0),
      stages: [
        { name: textOf(1), probability: 10 },
        { name: "Won", kind: "won" },
        { name: "Lost", kind: "lost" },
      ],
    });
    expect(pipeline.status, pipeline.text).toBe(201);
    const amounts = [null, 0.01, 1250.5, 99_999_999.99, 1000];
    for (let i = 0; i < 8; i++) {
      clock.advance(1_003);
      const deal = await tenant.client.post("/v1/deals", {
        name: textOf(i),
        account_id: i % 2 === 0 ? account.body.id : null,
        contact_ids: contacts.slice(0, i % 4),
        amount: amounts[i % amounts.length],
        currency: i % 3 === 2 ? "EUR" : "USD",
        expected_close_date: i % 2 === 1 ? "2026-12-31" : null,
        metadata: metadataOf(i),
        ...(i % 4 === 3 ? { stage_id: pipeline.body.stages[1 + ((i >> 2) % 2)].id } : {}),
      });
      expect(deal.status, deal.text).toBe(201);
      const job = await tenant.client.post("/v1/jobs", {
        title: textOf(i),
        department: i % 2 === 0 ? null : textOf(i + 1),
        location: i % 3 === 0 ? textOf(i + 2) : null,
        employment_type: i % 2 === 0 ? "full_time" : "contract",
        status: i === 7 ? "closed" : "open",
        metadata: metadataOf(i + 1),
      });
      expect(job.status, job.text).toBe(201);
      if (i < 7) {
        const candidate = await tenant.client.post("/v1/candidates", {
          job_id: job.body.id,
          first_name: textOf(i),
          last_name: textOf(i + 3),
          email: `cand${i}@example.com`,
          phone: i % 2 === 0 ? null : "+1 (555) 010-0000",
          source: i % 3 === 0 ? null : textOf(i + 1),
          rating: i % 2 === 0 ? null : 1 + (i % 5),
          resume_url: i % 2 === 0 ? null : "https://cv.example.com/a?b=c&d=%22e%22",
          notes: i % 4 === 0 ? null : AWKWARD[i % AWKWARD.length],
          metadata: metadataOf(i + 2),
        });
        expect(candidate.status, candidate.text).toBe(201);
        if (i % 2 === 1) expect((await tenant.client.patch(`/v1/candidates/${candidate.body.id}`, { stage: "screening" })).status).toBe(200);
      }
    }
    for (const [table, column] of [
      ["deals", "updated_at"],
      ["deals", "closed_at"],
      ["jobs", "created_at"],
      ["candidates", "stage_changed_at"],
    ] as const)
      await microseconds(table, column);
  });

  it("deals: amounts and none, contact ids, dates, closed deals", async () => {
    expect(await expectSameBytes("/v1/deals", "per_page=100")).toBe(8);
    expect(await expectSameBytes("/v1/deals", "sort=amount&per_page=3&page=2")).toBe(3);
    expect(await expectSameAsMapper("/v1/deals", "per_page=100", Deal, (q) => listDeals(t().database.db, tenant.orgId, q, clock()))).toBe(8);
  });

  it("jobs: null departments and locations, closed jobs", async () => {
    expect(await expectSameBytes("/v1/jobs", "per_page=100")).toBe(8);
    expect(await expectSameAsMapper("/v1/jobs", "status=closed", Job, (q) => listJobs(t().database.db, tenant.orgId, q, clock()))).toBe(1);
  });

  it("candidates: the list item is the GET without its history", async () => {
    const withoutHistory = (text: string) => text.replace(/,"history":\[[^\]]*\]\}$/, "}");
    expect(await expectSameBytes("/v1/candidates", "per_page=100", withoutHistory)).toBe(7);
    expect(
      await expectSameAsMapper("/v1/candidates", "per_page=100&sort=rating", CandidateSummary, (q) =>
        listCandidates(t().database.db, tenant.orgId, q, clock()),
      ),
    ).toBe(7);
  });
});

describe("the sequence lists written by the database", () => {
  let sequenceId: string;
  beforeAll(async () => {
    const steps = [
      { type: "email", delay_days: 0, subject: `Hi {{first_name}} ${textOf(0)}`, body: textOf(2) },
      { type: "wait", delay_days: 2 },
      { type: "task", delay_days: 1, subject: textOf(1) },
    ];
    for (let i = 0; i < 4; i++) {
      clock.advance(1_007);
      const sequence = await tenant.client.post("/v1/sequences", {
        name: textOf(i),
        steps: i === 3 ? [] : steps,
        status: i === 0 ? "active" : "draft",
        metadata: metadataOf(i),
      });
      expect(sequence.status, sequence.text).toBe(201);
      if (i === 0) sequenceId = sequence.body.id;
    }
    for (let i = 0; i < 3; i++) {
      const contact = await tenant.client.post("/v1/contacts", { email: `enrolled${i}@example.com`, first_name: textOf(i) });
      const enrollment = await tenant.client.post(`/v1/sequences/${sequenceId}/enrollments`, { contact_id: contact.body.id });
      expect(enrollment.status, enrollment.text).toBe(201);
    }
    await t().scheduler.tick(); // the email step, due at once: outbound messages
    const enrolled = (await tenant.client.get(`/v1/sequences/${sequenceId}/enrollments`)).body.data;
    expect((await tenant.client.post("/v1/sequence_replies", { enrollment_id: enrolled[0].id, body: AWKWARD.join(" | ") })).status).toBe(200);
    expect((await tenant.client.delete(`/v1/sequences/${sequenceId}/enrollments/${enrolled[1].id}`)).status).toBe(200);
    for (const [table, column] of [
      ["sequences", "updated_at"],
      ["sequence_enrollments", "next_step_at"],
      ["sequence_messages", "created_at"],
    ] as const)
      await microseconds(table, column);
  });

  it("sequences: steps in order, with null subjects and bodies, and none", async () => {
    expect(await expectSameBytes("/v1/sequences", "per_page=100")).toBe(4);
    expect(await expectSameAsMapper("/v1/sequences", "sort=name", Sequence, (q) => listSequences(t().database.db, tenant.orgId, q, clock()))).toBe(4);
  });

  it("enrollments: active, replied and unenrolled", async () => {
    expect(await expectSameBytes(`/v1/sequences/${sequenceId}/enrollments`, "per_page=100")).toBe(3);
    const mapped = (q: Record<string, unknown>) => listEnrollments(t().database.db, tenant.orgId, sequenceId, q, clock());
    expect(await expectSameAsMapper(`/v1/sequences/${sequenceId}/enrollments`, "sort=-updated_at", Enrollment, mapped)).toBe(3);
  });

  it("messages: sent and received (no single GET: compared with the row mapper)", async () => {
    const mapped = (q: Record<string, unknown>) => listMessages(t().database.db, tenant.orgId, q, clock());
    expect(await expectSameAsMapper("/v1/sequence_messages", "per_page=100", SequenceMessage, mapped)).toBeGreaterThanOrEqual(4);
    expect(await expectSameAsMapper("/v1/sequence_messages", "direction=inbound", SequenceMessage, mapped)).toBe(1);
  });
});

describe("the pipelines list written by the database", () => {
  it("pipelines: the default one and others, their stages from their own table in order", async () => {
    const renamed = await tenant.client.post("/v1/pipelines", {
      name: "Renamed",
      stages: [
        { name: textOf(0), probability: 0 },
        { name: textOf(1), probability: 100 },
        { name: "W", kind: "won" },
      ],
    });
    expect(renamed.status, renamed.text).toBe(201);
    // Stages reordered after creation: the list must follow position, not insertion.
    const [first, second, won] = renamed.body.stages as { id: string; name: string }[];
    const reordered = await tenant.client.patch(`/v1/pipelines/${renamed.body.id}`, {
      stages: [
        { id: won!.id, name: won!.name, kind: "won" },
        { id: second!.id, name: second!.name, probability: 50 },
        { name: "New", probability: 40 },
        { id: first!.id, name: first!.name, probability: 50 },
      ],
    });
    expect(reordered.status, reordered.text).toBe(200);
    await microseconds("pipelines", "updated_at");
    const total = (await tenant.client.get("/v1/pipelines")).body.meta.total;
    expect(await expectSameBytes("/v1/pipelines", "per_page=100")).toBe(total);
    expect(await expectSameAsMapper("/v1/pipelines", "sort=-name&per_page=2", Pipeline, (q) => listPipelines(t().database.db, tenant.orgId, q, clock()))).toBe(
      2,
    );
  });
});

describe("the agent's conversation list written by the database", () => {
  it("conversations: titles from awkward messages; an engine key sees its own only (no single GET of the same shape: compared with the row mapper)", async () => {
    const engine = await tenant.newKey("engine", { engines: ["agent", "finance"] });
    for (const [i, client] of [tenant.client, tenant.client, engine.client].entries()) {
      clock.advance(1_011);
      const chat = await client.post("/v1/agent/chat", { message: `${AWKWARD[i]} list invoices ${"long ".repeat(i * 40)}` });
      expect(chat.status, chat.text).toBe(200);
    }
    await microseconds("agent_conversations", "updated_at");
    for (const [secret, count] of [
      [tenant.key, 3],
      [engine.secret, 1],
    ] as const) {
      const caller = await authenticate(t().database.db, secret, clock(), new KeyCache());
      const mapped = (q: Record<string, unknown>) => listConversations(t().database.db, caller, q, clock());
      tenant.client = tenant.client.withKey(secret);
      expect(await expectSameAsMapper("/v1/agent/conversations", "per_page=100", Conversation, mapped)).toBe(count);
    }
    tenant.client = tenant.client.withKey(tenant.key);
  });
});

describe("the OAuth app list written by the database", () => {
  it("oauth apps: confidential and public, with and without a logo", async () => {
    for (let i = 0; i < 3; i++) {
      clock.advance(1_013);
      const app = await tenant.client.post("/v1/oauth_apps", {
        name: `${AWKWARD[i === 1 ? 0 : 2]} app ${i}`,
        client_type: i === 1 ? "public" : "confidential",
        redirect_uris: i === 0 ? ['https://app.example.com/cb?x="y"&z=ü'] : ["http://127.0.0.1/cb", "https://app.example.com/other"],
        scopes: SCOPES.slice(0, i + 1),
        ...(i === 2 ? { logo_url: "https://app.example.com/logo.png" } : {}),
      });
      expect(app.status, app.text).toBe(201);
    }
    await microseconds("oauth_apps", "updated_at");
    expect(await expectSameBytes("/v1/oauth_apps", "per_page=100")).toBe(3);
  });
});
