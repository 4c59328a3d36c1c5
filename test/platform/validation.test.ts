import type { ErrorObject } from "ajv";
import { Type, type TSchema } from "typebox";
import { describe, expect, it } from "vitest";
import { CreateInvoice } from "../../src/engines/finance/invoices-schemas.ts";
import { ApiError } from "../../src/platform/errors.ts";
import { invoiceList } from "../../src/engines/finance/invoices-service.ts";
import { Id, Metadata, NoBody } from "../../src/platform/schemas.ts";
import { CURRENCY_CODES, currencyDigits, fieldErrors, validatorCompiler } from "../../src/platform/validation.ts";

/** Unit tests of the dense parts: request validation, field error naming and list query parsing. */

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
const compile = (schema: TSchema, httpPart: "body" | "querystring" | "params" = "body") =>
  validatorCompiler({ schema, httpPart, method: "POST", url: "/test" }) as unknown as Validate;

/** Validates and returns the field errors the API would report. */
function errorsOf(schema: TSchema, data: unknown, httpPart: "body" | "querystring" = "body") {
  const validate = compile(schema, httpPart);
  if (validate(data)) return [];
  return fieldErrors(validate.errors!, httpPart);
}

describe("validatorCompiler", () => {
  it("does not coerce body types, but coerces query strings", () => {
    const schema = Type.Object({ amount: Type.Number(), on: Type.Boolean() });
    expect(errorsOf(schema, { amount: "12", on: "true" })).toEqual([
      { in: "body", field: "amount", message: "must be number" },
      { in: "body", field: "on", message: "must be boolean" },
    ]);
    const query = { amount: "12", on: "true" } as Record<string, unknown>;
    expect(compile(schema, "querystring")(query)).toBe(true);
    expect(query).toEqual({ amount: 12, on: true });
  });

  it("checks ISO 4217 currencies exactly", () => {
    const schema = Type.Object({ currency: CreateInvoice.properties.currency });
    for (const ok of ["USD", "EUR", "JPY", "BHD", "CHF"]) expect(errorsOf(schema, { currency: ok }), ok).toEqual([]);
    for (const bad of ["usd", "US", "USDD", "XTS", "XXX", "ABC", ""]) {
      expect(errorsOf(schema, { currency: bad }), bad).toEqual([
        { in: "body", field: "currency", message: "must be an ISO 4217 currency code in capitals, e.g. USD, EUR, JPY" },
      ]);
    }
    expect(CURRENCY_CODES.size).toBeGreaterThan(150);
    expect([currencyDigits("JPY"), currencyDigits("EUR"), currencyDigits("BHD")]).toEqual([0, 2, 3]);
  });

  it("takes money with at most two decimals, without float error", () => {
    const schema = Type.Object({ amount: CreateInvoice.properties.amount });
    for (const ok of [0.01, 0.07, 0.29, 1.1, 19.99, 1234567.89, 1e12]) expect(errorsOf(schema, { amount: ok }), String(ok)).toEqual([]);
    expect(errorsOf(schema, { amount: 1.001 })).toEqual([{ in: "body", field: "amount", message: "must have at most two decimals" }]);
    expect(errorsOf(schema, { amount: 0 })).toEqual([{ in: "body", field: "amount", message: "must be greater than 0" }]);
    expect(errorsOf(schema, { amount: 1e12 + 1 })).toEqual([{ in: "body", field: "amount", message: "must be at most 1000000000000" }]);
  });

  it("accepts no body, an empty body or {} for an optional body, and nothing else", () => {
    const validate = compile(NoBody);
    expect(validate(null)).toBe(true);
    expect(validate(undefined)).toBe(true);
    expect(validate({})).toBe(true);
    expect(validate({ force: true })).toBe(false);
    expect(fieldErrors(validate.errors!, "body")).toEqual([{ in: "body", field: "force", message: "is not a known field" }]);
    expect(validate([])).toBe(false);
    expect(validate("x")).toBe(false);
    // A body that is not optional refuses null.
    expect(compile(CreateInvoice)(null)).toBe(false);
  });
});

describe("fieldErrors", () => {
  it("names nested fields, array items and required fields", () => {
    const schema = Type.Object({
      steps: Type.Array(Type.Object({ type: Type.String({ enum: ["email", "wait"] }), days: Type.Optional(Type.Integer({ minimum: 1 })) })),
      "a/b": Type.Optional(Type.String({ minLength: 1 })),
      metadata: Type.Optional(Metadata),
    });
    expect(errorsOf(schema, { steps: [{ type: "email" }, { type: "sms", days: 0 }, {}], "a/b": "", metadata: { plan: 5 } })).toEqual([
      { in: "body", field: "steps[1].type", message: 'must be one of "email", "wait"' },
      { in: "body", field: "steps[1].days", message: "must be at least 1" },
      { in: "body", field: "steps[2].type", message: "is required" },
      { in: "body", field: "a/b", message: "must not be empty" },
      { in: "body", field: "metadata.plan", message: "must be string" },
    ]);
  });

  it("names unknown fields differently in a body and in a query", () => {
    const schema = Type.Object({ a: Type.Optional(Type.String()) }, { additionalProperties: false });
    expect(errorsOf(schema, { b: "x" })).toEqual([{ in: "body", field: "b", message: "is not a known field" }]);
    expect(errorsOf(schema, { "b[gte]": "x" }, "querystring")).toEqual([
      { in: "query", field: "b[gte]", message: "is not a known query parameter for this endpoint (see /docs)" },
    ]);
  });

  it("gathers a failed union's allowed values and types into one message", () => {
    const schema = Type.Object({
      kind: Type.Union([Type.Literal("a"), Type.Literal("b"), Type.Literal("c")]),
      note: Type.Union([Type.String(), Type.Null()]),
    });
    expect(errorsOf(schema, { kind: "z", note: 5 })).toEqual([
      { in: "body", field: "kind", message: 'must be one of "a", "b", "c"' },
      { in: "body", field: "note", message: "must be string or null" },
    ]);
  });

  it("keeps one message per field for a failed union, and uses an id's own message", () => {
    const schema = Type.Object({ account_id: Type.Union([Id("account"), Type.Null()]) });
    expect(errorsOf(schema, { account_id: "inv_01jd8z6q4m2c8v3t5y7w9x0a1b" })).toEqual([
      { in: "body", field: "account_id", message: "must be an id of the form acc_ followed by 26 characters" },
    ]);
  });

  it("reports every bad field of a create request, once each", () => {
    const errors = errorsOf(CreateInvoice, { client: "x".repeat(201), amount: "5", due_date: "2031-02-30", status: "paid", number: "#1", colour: "red" });
    expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual({
      currency: "is required",
      client: "must be at most 200 characters",
      amount: "must be number",
      due_date: "must be a calendar date, YYYY-MM-DD",
      status: 'must be one of "draft", "open"',
      number: expect.stringMatching(/pattern|match/),
      colour: "is not a known field",
    });
  });
});

describe("list query parsing", () => {
  const now = new Date("2031-03-15T12:00:00Z");
  const org = "org_01jd8z6q4m2c8v3t5y7w9x0a1b";
  const parse = (query: Record<string, unknown>) => invoiceList.parse(org, query, now);
  const refusal = (query: Record<string, unknown>) => {
    try {
      parse(query);
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return (error as ApiError).extras.errors;
    }
    throw new Error(`accepted ${JSON.stringify(query)}`);
  };

  it("declares ranges on dates and amounts only, and equality with [ne] on text", () => {
    const keys = Object.keys((invoiceList.querystring as { properties: object }).properties);
    for (const k of [
      "page",
      "per_page",
      "sort",
      "q",
      "status",
      "status[ne]",
      "amount[gte]",
      "amount[lt]",
      "due_date[lte]",
      "created_at[gt]",
      "client[contains]",
      "currency[ne]",
    ]) {
      expect(keys).toContain(k);
    }
    for (const k of ["status[gte]", "client[gt]", "currency[contains]", "account_id[ne]", "amount[contains]"]) expect(keys).not.toContain(k);
    const validate = compile(invoiceList.querystring, "querystring");
    const query: Record<string, unknown> = {};
    expect(validate(query)).toBe(true);
    expect(query).toEqual({ page: 1, per_page: 25 });
    expect(validate({ per_page: "101" })).toBe(false);
    expect(validate({ page: "0" })).toBe(false);
    expect(validate({ "amount[gte]": "1.001" })).toBe(false);
  });

  it("parses paging and a valid query", () => {
    expect(parse({ page: 3, per_page: 10, status: "open,overdue", sort: "-due_date,amount", "amount[gte]": 10, q: "100%_done" })).toMatchObject({
      page: 3,
      perPage: 10,
    });
    expect(parse({})).toMatchObject({ page: 1, perPage: 25 });
  });

  it("names unknown enum values, empty list items and unknown sort fields, all at once", () => {
    expect(refusal({ status: "open,bogus", currency: "USD,", sort: "-colour,amount,size" })).toEqual([
      { in: "query", field: "status", message: expect.stringContaining('unknown value "bogus"') },
      { in: "query", field: "currency", message: "must not hold an empty value" },
      { in: "query", field: "sort", message: expect.stringContaining('unknown sort field "colour"') },
      { in: "query", field: "sort", message: expect.stringContaining('unknown sort field "size"') },
    ]);
    expect(refusal({ "status[ne]": "closed" })).toEqual([{ in: "query", field: "status[ne]", message: expect.stringContaining('"closed"') }]);
    expect(refusal({ account_id: "acc_01jd8z6q4m2c8v3t5y7w9x0a1b,inv_01jd8z6q4m2c8v3t5y7w9x0a1b" })).toEqual([
      { in: "query", field: "account_id", message: '"inv_01jd8z6q4m2c8v3t5y7w9x0a1b" is not an id of the right kind' },
    ]);
  });
});
