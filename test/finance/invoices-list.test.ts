import { beforeAll, describe, expect, it } from "vitest";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { accountId, act, contactId, createAccount, createInvoice, NOW } from "./helpers.ts";
import { expectInvalid } from "../helpers/expect-problem.ts";

const clock = testClock("2026-03-01T00:00:00Z");
const t = useTestApp({ clock });

const CLIENTS = ["Acme Corp", "Acme Europe", "Globex", "Initech", "Hooli", "100% Organic", "snake_case Ltd"];
const AMOUNTS = [100, 250.5, 99.99, 1000, 0.5, 100, 100.01];
const DUE_DATES = ["2026-03-01", "2026-03-15", "2026-03-15", "2026-04-01", "2026-02-10"];
const COUNT = 30;

let tenant: Tenant;
let other: Tenant;
/** Two accounts of the tenant (invoices may name only real accounts of their organization). */
let accA: string;
let accB: string;
/** The invoices as the API shows them at NOW, in creation order. */
let all: any[] = [];

beforeAll(async () => {
  tenant = await t().tenant();
  other = await t().tenant();
  accA = (await createAccount(tenant.client, { name: "Account A" })).id;
  accB = (await createAccount(tenant.client, { name: "Account B" })).id;
  const created: any[] = [];
  for (let i = 0; i < COUNT; i++) {
    clock.advance(5 * 3_600_000); // 5 hours apart: created_at from 2026-03-01T05:00Z to 2026-03-07T06:00Z
    const amount = AMOUNTS[(i * 3) % AMOUNTS.length]!;
    const currencies = Number.isInteger(amount) ? ["USD", "EUR", "GBP", "JPY"] : ["USD", "EUR", "GBP"];
    const invoice = await createInvoice(tenant.client, {
      client: CLIENTS[i % CLIENTS.length],
      amount,
      currency: currencies[i % currencies.length],
      due_date: DUE_DATES[i % DUE_DATES.length],
      description: i % 4 === 0 ? `Website redesign, phase ${i}` : i % 4 === 1 ? null : `Consulting block ${i}`,
      account_id: i % 6 === 0 ? accA : i % 6 === 3 ? accB : null,
      status: i % 3 === 0 ? "open" : "draft",
    });
    const open = i % 3 === 0;
    if (!open && i % 10 === 9) await act(tenant.client, invoice.id, "finalize"); // 19, 29
    if (open && i % 9 === 3) await act(tenant.client, invoice.id, "pay", { amount: invoice.amount }); // 3, 12, 21
    // Part-paid: half of 6, 15 and 24 (yen has no minor unit).
    if (open && i % 9 === 6)
      await act(tenant.client, invoice.id, "pay", {
        amount: invoice.currency === "JPY" ? Math.floor(invoice.amount / 2) : Math.round(invoice.amount * 50) / 100,
      });
    created.push(invoice);
  }
  // Noise in another organization, which no query here may return.
  for (let i = 0; i < 3; i++) await createInvoice(other.client, { client: CLIENTS[i], amount: 100 });
  clock.set(NOW);
  // The model the filters are checked against: each invoice as GET shows it now.
  const byId = new Map<string, any>();
  for (const invoice of (await tenant.client.get("/v1/invoices?per_page=100")).body.data) byId.set(invoice.id, invoice);
  all = created.map((invoice) => byId.get(invoice.id));
  expect(all.every(Boolean)).toBe(true);
  expect(await Promise.all(all.slice(0, 3).map(async (i) => (await tenant.client.get(`/v1/invoices/${i.id}`)).body))).toEqual(all.slice(0, 3));
});

/** GET /v1/invoices with these parameters (values encoded); expects 200. */
async function list(params: Record<string, string | number>): Promise<{ data: any[]; meta: any }> {
  const query = Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join("&");
  const response = await tenant.client.get(`/v1/invoices${query ? `?${query}` : ""}`);
  expect(response.status, `${query}: ${response.text}`).toBe(200);
  return response.body;
}

async function raw(query: string) {
  return tenant.client.get(`/v1/invoices?${query}`);
}

/** Asserts the filter returns exactly the invoices the predicate selects. */
async function expectFilter(params: Record<string, string | number>, predicate: (invoice: any) => boolean): Promise<void> {
  const expected = all
    .filter(predicate)
    .map((i) => i.id)
    .sort();
  const page = await list({ ...params, per_page: 100 });
  expect(page.data.map((i) => i.id).sort(), JSON.stringify(params)).toEqual(expected);
  expect(page.meta.total).toBe(expected.length);
}

function compareBy(...keys: string[]) {
  return (a: any, b: any) => {
    for (const key of keys) {
      const descending = key.startsWith("-");
      const field = descending ? key.slice(1) : key;
      const [x, y] = [a[field], b[field]];
      if (x < y) return descending ? 1 : -1;
      if (x > y) return descending ? -1 : 1;
    }
    return 0;
  };
}

/** Asserts the items are in the order the sort keys give (ties may be in any order). */
function expectSorted(items: any[], ...keys: string[]) {
  const cmp = compareBy(...keys);
  for (let i = 1; i < items.length; i++) expect(cmp(items[i - 1], items[i]), `${keys} at ${i}`).toBeLessThanOrEqual(0);
}

describe("the list envelope and paging", () => {
  it("returns {data, meta} with 25 items by default, newest first", async () => {
    const response = await tenant.client.get("/v1/invoices");
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["data", "meta"]);
    expect(response.body.meta).toEqual({ total: COUNT, page: 1, per_page: 25 });
    expect(response.body.data).toHaveLength(25);
    const newest = [...all].reverse().slice(0, 25);
    expect(response.body.data).toEqual(newest);
  });

  it("accepts per_page 1 and 100, and refuses 0 and 101 naming per_page", async () => {
    expect((await list({ per_page: 100 })).data).toHaveLength(COUNT);
    expect((await list({ per_page: 1 })).data).toHaveLength(1);
    expectInvalid(await raw("per_page=101"), ["per_page"], "query");
    expectInvalid(await raw("per_page=0"), ["per_page"], "query");
    expectInvalid(await raw("per_page=ten"), ["per_page"], "query");
    expectInvalid(await raw("per_page=2.5"), ["per_page"], "query");
  });

  it("refuses page 0, negative and non-numeric pages naming page", async () => {
    expectInvalid(await raw("page=0"), ["page"], "query");
    expectInvalid(await raw("page=-1"), ["page"], "query");
    expectInvalid(await raw("page=first"), ["page"], "query");
    expectInvalid(await raw("page=0&per_page=500"), ["page", "per_page"], "query");
    expectInvalid(await raw("page=10001"), ["page"], "query");
    expect((await list({ page: 10000, per_page: 100 })).data).toEqual([]);
  });

  it("returns an empty page past the end, with the right total", async () => {
    expect(await list({ page: 2, per_page: 30 })).toEqual({ data: [], meta: { total: COUNT, page: 2, per_page: 30 } });
    expect(await list({ page: 50, per_page: 10 })).toEqual({ data: [], meta: { total: COUNT, page: 50, per_page: 10 } });
    const last = await list({ page: 4, per_page: 8 });
    expect(last.data).toHaveLength(COUNT - 24);
    expect(last.meta).toEqual({ total: COUNT, page: 4, per_page: 8 });
    // Past the end of a filtered list too.
    expect((await list({ currency: "JPY", page: 9 })).data).toEqual([]);
  });

  for (const sort of [undefined, "amount", "-amount", "-due_date,amount", "client", "due_date"]) {
    it(`pages through every invoice exactly once (sort=${sort ?? "default"}), ties included`, async () => {
      const params: Record<string, string | number> = sort ? { sort } : {};
      const whole = (await list({ ...params, per_page: 100 })).data.map((i) => i.id);
      const paged: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const result = await list({ ...params, per_page: 7, page });
        expect(result.meta).toEqual({ total: COUNT, page, per_page: 7 });
        paged.push(...result.data.map((i) => i.id));
      }
      expect(paged).toHaveLength(COUNT);
      expect(new Set(paged).size).toBe(COUNT);
      expect(paged).toEqual(whole);
    });
  }
});

describe("sorting", () => {
  it("sort=amount ascending, sort=-amount descending", async () => {
    const ascending = (await list({ sort: "amount", per_page: 100 })).data;
    expectSorted(ascending, "amount");
    expect(ascending[0].amount).toBe(0.5);
    const descending = (await list({ sort: "-amount", per_page: 100 })).data;
    expectSorted(descending, "-amount");
    expect(descending[0].amount).toBe(1000);
  });

  it("sort=-due_date,amount sorts by due date descending, then amount ascending", async () => {
    const items = (await list({ sort: "-due_date,amount", per_page: 100 })).data;
    expectSorted(items, "-due_date", "amount");
    expect(items[0].due_date).toBe("2026-04-01");
    expect(items.at(-1).due_date).toBe("2026-02-10");
  });

  it("sorts by created_at, client and number too", async () => {
    expect((await list({ sort: "created_at", per_page: 100 })).data.map((i) => i.id)).toEqual(all.map((i) => i.id));
    expectSorted((await list({ sort: "-client", per_page: 100 })).data, "-client");
    const byNumber = (await list({ sort: "number", per_page: 100 })).data.map((i) => i.number);
    expect(byNumber).toEqual(all.map((i) => i.number).sort());
  });

  it("refuses an unknown sort field naming sort and the field", async () => {
    for (const sort of ["color", "-color", "amount,bogus", "-", "status"]) {
      const response = await raw(`sort=${encodeURIComponent(sort)}`);
      expectInvalid(response, ["sort"], "query");
    }
    expect((await raw("sort=bogus")).body.errors[0].message).toContain("bogus");
  });
});

describe("parameters the list does not know", () => {
  it("refuses an unknown parameter naming it", async () => {
    const response = await raw("color=red");
    expectInvalid(response, ["color"], "query");
    expect(response.body.detail).toContain("color");
    expectInvalid(await raw("color=red&size=xl"), ["color", "size"], "query");
    expectInvalid(await raw("org_id=org_whatever"), ["org_id"], "query");
  });

  it("refuses an unknown operator, or an operator a field does not have", async () => {
    expectInvalid(await raw("amount[foo]=1"), ["amount[foo]"], "query");
    expectInvalid(await raw("due_date[between]=2026-01-01"), ["due_date[between]"], "query");
    expectInvalid(await raw("status[gte]=open"), ["status[gte]"], "query");
    expectInvalid(await raw("currency[lt]=USD"), ["currency[lt]"], "query");
    expectInvalid(await raw("amount[contains]=1"), ["amount[contains]"], "query");
  });

  it("refuses a status that does not exist, naming status", async () => {
    const response = await raw("status=late");
    expectInvalid(response, ["status"], "query");
    expect(response.body.errors[0].message).toContain("late");
    expectInvalid(await raw("status=open,late"), ["status"], "query");
    expectInvalid(await raw("status=OPEN"), ["status"], "query");
    expectInvalid(await raw("status[ne]=late"), ["status[ne]"], "query");
    expectInvalid(await raw("status=open,"), ["status"], "query");
  });

  it("refuses malformed filter values naming the parameter", async () => {
    for (const [query, field] of [
      ["amount[gte]=abc", "amount[gte]"],
      ["amount[gte]=1.001", "amount[gte]"],
      ["amount[lt]=-5", "amount[lt]"],
      ["amount=ten", "amount"],
      ["due_date[gte]=2026-13-01", "due_date[gte]"],
      ["due_date=2026-02-30", "due_date"],
      ["due_date[lt]=tomorrow", "due_date[lt]"],
      ["created_at[gte]=yesterday", "created_at[gte]"],
      ["account_id=" + contactId(), "account_id"],
      ["account_id=acc_123", "account_id"],
      ["currency=USD,", "currency"],
      ["q=", "q"],
    ] as const) {
      expectInvalid(await raw(query), [field], "query");
    }
  });
});

describe("filters", () => {
  it("currency: one value, or a comma list meaning any of", async () => {
    await expectFilter({ currency: "JPY" }, (i) => i.currency === "JPY");
    await expectFilter({ currency: "USD,EUR" }, (i) => i.currency === "USD" || i.currency === "EUR");
    await expectFilter({ currency: "USD, GBP" }, (i) => i.currency === "USD" || i.currency === "GBP");
    await expectFilter({ "currency[ne]": "USD" }, (i) => i.currency !== "USD");
    expect(all.some((i) => i.currency === "JPY")).toBe(true);
  });

  it("client: exact match, [contains] case-insensitively with wildcards taken literally, [ne]", async () => {
    await expectFilter({ client: "Acme Corp" }, (i) => i.client === "Acme Corp");
    await expectFilter({ client: "Acme Corp,Globex" }, (i) => i.client === "Acme Corp" || i.client === "Globex");
    await expectFilter({ "client[contains]": "acme" }, (i) => i.client.startsWith("Acme"));
    await expectFilter({ "client[contains]": "CORP" }, (i) => i.client === "Acme Corp");
    await expectFilter({ "client[contains]": "%" }, (i) => i.client === "100% Organic");
    await expectFilter({ "client[contains]": "_" }, (i) => i.client === "snake_case Ltd");
    await expectFilter({ "client[contains]": "e_c" }, (i) => i.client === "snake_case Ltd");
    await expectFilter({ "client[ne]": "Globex" }, (i) => i.client !== "Globex");
  });

  it("amount: equality and [gte] [gt] [lte] [lt] [ne] in decimal money", async () => {
    await expectFilter({ amount: 100 }, (i) => i.amount === 100);
    await expectFilter({ amount: 250.5 }, (i) => i.amount === 250.5);
    await expectFilter({ "amount[gte]": 100 }, (i) => i.amount >= 100);
    await expectFilter({ "amount[gt]": 100 }, (i) => i.amount > 100);
    await expectFilter({ "amount[gt]": 99.99 }, (i) => i.amount > 99.99);
    await expectFilter({ "amount[lte]": 99.99 }, (i) => i.amount <= 99.99);
    await expectFilter({ "amount[lt]": 100.01 }, (i) => i.amount < 100.01);
    await expectFilter({ "amount[ne]": 100 }, (i) => i.amount !== 100);
    await expectFilter({ "amount[gte]": 0.5, "amount[lt]": 100 }, (i) => i.amount >= 0.5 && i.amount < 100);
    await expectFilter({ "amount[gt]": 100, "amount[lte]": 250.5 }, (i) => i.amount > 100 && i.amount <= 250.5);
  });

  it("amount_paid: ranges; [gt]=0 with the unpaid statuses is the part-paid", async () => {
    expect(all.filter((i) => i.amount_paid > 0 && i.amount_due > 0)).toHaveLength(3);
    await expectFilter({ "amount_paid[gt]": 0 }, (i) => i.amount_paid > 0);
    await expectFilter({ "amount_paid[gt]": 0, status: "open,overdue" }, (i) => i.amount_paid > 0 && i.amount_due > 0);
    await expectFilter({ amount_paid: 0 }, (i) => i.amount_paid === 0);
    await expectFilter({ "amount_paid[gte]": 100 }, (i) => i.amount_paid >= 100);
  });

  it("amount_due: what is still owed (amount less amount_paid), in ranges and equality, not the amount billed", async () => {
    const partPaid = all.find((i) => i.amount_paid > 0 && i.amount_due > 0)!;
    // A threshold between the part-paid invoice's balance and its amount: the balance decides.
    const between = Math.round(((partPaid.amount_due + partPaid.amount) / 2) * 100) / 100;
    await expectFilter({ "amount_due[gt]": between }, (i) => i.amount_due > between);
    expect(all.some((i) => i.amount > between && i.amount_due <= between)).toBe(true);
    await expectFilter({ "amount_due[lte]": partPaid.amount_due, status: "open,overdue" }, (i) => i.amount_due <= partPaid.amount_due && i.amount_due > 0);
    await expectFilter({ amount_due: partPaid.amount_due }, (i) => i.amount_due === partPaid.amount_due);
    await expectFilter({ "amount_due[ne]": 0 }, (i) => i.amount_due !== 0);
  });

  it("paid_at: when an invoice was paid in full, in ranges (the part-paid and unpaid have none); it sorts", async () => {
    const paid = all.filter((i) => i.paid_at !== null);
    // Paid 15 hours apart (invoices 3, 12 and 21): a bound between the first two splits them.
    expect(paid).toHaveLength(3);
    const second = paid.map((i) => i.paid_at).sort()[1];
    await expectFilter({ "paid_at[gte]": second }, (i) => i.paid_at !== null && i.paid_at >= second);
    await expectFilter({ "paid_at[lt]": second }, (i) => i.paid_at !== null && i.paid_at < second);
    const sorted = await list({ "paid_at[gte]": "2026-01-01T00:00:00Z", sort: "-paid_at" });
    expectSorted(sorted.data, "-paid_at");
    expect(sorted.data).toHaveLength(3);
  });

  it("due_date: equality and ranges", async () => {
    await expectFilter({ due_date: "2026-03-15" }, (i) => i.due_date === "2026-03-15");
    await expectFilter({ "due_date[gte]": "2026-03-15", "due_date[lte]": "2026-04-01" }, (i) => i.due_date >= "2026-03-15" && i.due_date <= "2026-04-01");
    await expectFilter({ "due_date[lt]": "2026-03-01" }, (i) => i.due_date < "2026-03-01");
    await expectFilter({ "due_date[gt]": "2026-03-15" }, (i) => i.due_date > "2026-03-15");
    await expectFilter({ "due_date[ne]": "2026-03-15" }, (i) => i.due_date !== "2026-03-15");
  });

  it("created_at: ranges on the creation time", async () => {
    const from = all[10].created_at;
    const to = all[20].created_at;
    await expectFilter({ "created_at[gte]": from, "created_at[lt]": to }, (i) => i.created_at >= from && i.created_at < to);
    await expectFilter({ "created_at[gt]": from }, (i) => i.created_at > from);
    await expectFilter({ "created_at[lte]": "2026-03-02T00:00:00Z" }, (i) => i.created_at <= "2026-03-02T00:00:00.000Z");
    expect((await list({ "created_at[gte]": from, "created_at[lt]": to })).meta.total).toBe(10);
    // An offset is understood: 12:00+02:00 is 10:00Z.
    await expectFilter({ "created_at[gte]": "2026-03-03T12:00:00+02:00" }, (i) => i.created_at >= "2026-03-03T10:00:00.000Z");
  });

  it("account_id: one id or a comma list", async () => {
    await expectFilter({ account_id: accA }, (i) => i.account_id === accA);
    await expectFilter({ account_id: `${accA},${accB}` }, (i) => i.account_id !== null);
    await expectFilter({ account_id: accountId() }, () => false);
  });

  it("number: exact", async () => {
    await expectFilter({ number: "INV-000003" }, (i) => i.number === "INV-000003");
    expect((await list({ number: "INV-000003" })).data).toHaveLength(1);
  });

  it("status: stored statuses and overdue", async () => {
    await expectFilter({ status: "draft" }, (i) => i.status === "draft");
    await expectFilter({ status: "paid" }, (i) => i.status === "paid");
    await expectFilter({ status: "overdue" }, (i) => i.status === "overdue");
    await expectFilter({ status: "open" }, (i) => i.status === "open");
    await expectFilter({ status: "open,overdue,paid" }, (i) => ["open", "overdue", "paid"].includes(i.status));
    for (const status of ["draft", "paid", "overdue", "open"])
      expect(
        all.some((i) => i.status === status),
        status,
      ).toBe(true);
  });

  it("q: searches client, number and description, case-insensitively", async () => {
    const matches = (text: string) => (i: any) =>
      [i.client, i.number, i.description ?? ""].some((field: string) => field.toLowerCase().includes(text.toLowerCase()));
    await expectFilter({ q: "redesign" }, matches("redesign"));
    await expectFilter({ q: "GLOBEX" }, matches("globex"));
    await expectFilter({ q: "INV-00001" }, matches("INV-00001"));
    await expectFilter({ q: "%" }, matches("%"));
    await expectFilter({ q: "block 1" }, matches("block 1"));
    await expectFilter({ q: "nothing like this" }, () => false);
    await expectFilter({ q: "\\" }, () => false);
    await expectFilter({ q: "_" }, matches("_"));
    expect((await list({ q: "INV-00001" })).meta.total).toBe(10);
  });

  it("combines filters with AND, and sorts and pages the result", async () => {
    const predicate = (i: any) => i.currency === "USD" && i.amount >= 100 && i.status === "draft";
    await expectFilter({ currency: "USD", "amount[gte]": 100, status: "draft" }, predicate);
    const expected = all.filter(predicate).sort(compareBy("-amount"));
    const page = await list({ currency: "USD", "amount[gte]": 100, status: "draft", sort: "-amount", per_page: 2 });
    expect(page.meta.total).toBe(expected.length);
    expectSorted(page.data, "-amount");
    expect(page.data[0].amount).toBe(expected[0].amount);
    const q = all.filter((i) => i.client.startsWith("Acme") && (i.description ?? "").includes("redesign"));
    await expectFilter({ "client[contains]": "acme", q: "redesign" }, (i) => q.includes(i));
  });

  it("never returns another organization's invoices, whatever the filter", async () => {
    const theirs = (await other.client.get("/v1/invoices?per_page=100")).body.data.map((i: any) => i.id);
    expect(theirs).toHaveLength(3);
    const filters: Record<string, string | number>[] = [{}, { client: "Acme Corp" }, { amount: 100 }, { q: "Acme" }, { status: "draft" }];
    for (const params of filters) {
      const ids = (await list({ ...params, per_page: 100 })).data.map((i) => i.id);
      for (const id of theirs) expect(ids).not.toContain(id);
    }
  });
});
