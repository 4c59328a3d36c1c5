import { and, desc, eq, gte, lt, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { statement, type ColumnValues, type Placeholders } from "../../db/statements.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { daysBetween, utcDate } from "../../platform/dates.ts";
import { ApiError, invalidField } from "../../platform/errors.ts";
import { previousAttributes, write, type Emit, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { defineList, jsonOf, listJson, listPage, type Bind, type Condition, type Page } from "../../platform/lists.ts";
import { checkCurrencyPrecision, fromCents, toCents } from "../../platform/money.ts";
import { orgs } from "../../platform/orgs/orgs-table.ts";
// Invoices name growth-engine accounts; whether one exists is the growth engine's to say.
import { requireAccount } from "../growth/accounts-lookups.ts";
import { Invoice, INVOICE_STATUSES, type CreateInvoiceInput, type InvoiceApi, type InvoiceStatus, type UpdateInvoiceInput } from "./invoices-schemas.ts";
import { invoices, type InvoiceRow, type StoredInvoiceStatus } from "./invoices-table.ts";
import { ownedRow } from "../../platform/owned-rows.ts";

/** The invoice as the API shows it; status and days_overdue depend on today's date (UTC). */
export function invoiceToApi(row: InvoiceRow, now: Date): InvoiceApi {
  const today = utcDate(now);
  const overdue = row.status === "open" && row.dueDate < today;
  return {
    id: row.id,
    object: "invoice",
    number: row.number,
    client: row.client,
    description: row.description,
    account_id: row.accountId,
    amount: fromCents(row.amountCents),
    amount_paid: fromCents(row.amountPaidCents),
    amount_due: fromCents(row.amountCents - row.amountPaidCents),
    currency: row.currency,
    status: overdue ? "overdue" : row.status,
    due_date: row.dueDate,
    days_overdue: overdue ? daysBetween(row.dueDate, today) : 0,
    issued_at: row.issuedAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The list filter's notion of status: "open" and "overdue" split stored open invoices by due date. */
function statusCondition(status: string, bind: Bind, now: Date): Condition {
  if (status === "overdue" || status === "open") {
    const open = bind("open");
    const today = bind(utcDate(now));
    return () => and(eq(invoices.status, open), status === "overdue" ? lt(invoices.dueDate, today) : gte(invoices.dueDate, today));
  }
  const stored = bind(status);
  return () => eq(invoices.status, stored);
}

const today = sql`${sql.placeholder("j_today")}::date`;
const isOverdue = sql`${invoices.status} = 'open' AND ${invoices.dueDate} < ${today}`;

/** invoiceToApi, in SQL (see JsonItem): the list's page leaves the database as the response body. */
const invoiceJson = {
  schema: Invoice,
  params: (now: Date) => ({ j_today: utcDate(now) }),
  fields: {
    id: jsonOf.text(invoices.id),
    object: jsonOf.literal("invoice"),
    number: jsonOf.text(invoices.number),
    client: jsonOf.text(invoices.client),
    description: jsonOf.text(invoices.description),
    account_id: jsonOf.text(invoices.accountId),
    amount: jsonOf.money(invoices.amountCents),
    amount_paid: jsonOf.money(invoices.amountPaidCents),
    amount_due: jsonOf.money(sql`${invoices.amountCents} - ${invoices.amountPaidCents}`),
    currency: jsonOf.text(invoices.currency),
    status: sql`CASE WHEN ${isOverdue} THEN '"overdue"' ELSE to_json(${invoices.status})::text END`,
    due_date: jsonOf.date(invoices.dueDate),
    days_overdue: sql`CASE WHEN ${isOverdue} THEN (${today} - ${invoices.dueDate})::text ELSE '0' END`,
    issued_at: jsonOf.timestamp(invoices.issuedAt),
    paid_at: jsonOf.timestamp(invoices.paidAt),
    metadata: jsonOf.stringRecord(invoices.metadata),
    created_at: jsonOf.timestamp(invoices.createdAt),
    updated_at: jsonOf.timestamp(invoices.updatedAt),
  },
};

export const invoiceList = defineList({
  table: invoices,
  tiebreak: invoices.id,
  filters: {
    status: { kind: "enum", column: invoices.status, values: INVOICE_STATUSES, match: statusCondition },
    currency: { kind: "text", column: invoices.currency, description: "ISO 4217 code." },
    client: { kind: "text", column: invoices.client, contains: true },
    number: { kind: "text", column: invoices.number },
    account_id: { kind: "id", column: invoices.accountId, idKind: "account" },
    amount: { kind: "money", column: invoices.amountCents },
    amount_paid: {
      kind: "money",
      column: invoices.amountPaidCents,
      description: "Paid so far: amount_paid[gt]=0 with status=open,overdue lists the part-paid.",
    },
    amount_due: {
      kind: "money",
      column: sql`(${invoices.amountCents} - ${invoices.amountPaidCents})`,
      description: "Still owed (amount - amount_paid): amount_due[gt]=20000 with status=open,overdue lists the balances over 20,000.",
    },
    due_date: { kind: "date", column: invoices.dueDate },
    paid_at: { kind: "datetime", column: invoices.paidAt, description: "When the invoice was paid in full: paid_at[gte]=2026-11-01 lists those paid since." },
    created_at: { kind: "datetime", column: invoices.createdAt },
    updated_at: { kind: "datetime", column: invoices.updatedAt },
  },
  sorts: {
    created_at: invoices.createdAt,
    updated_at: invoices.updatedAt,
    due_date: invoices.dueDate,
    paid_at: invoices.paidAt,
    amount: invoices.amountCents,
    number: invoices.number,
    client: invoices.client,
  },
  defaultSort: "-created_at",
  search: [invoices.client, invoices.number, invoices.description],
  json: invoiceJson,
});

export async function listInvoices(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<InvoiceApi>> {
  return listPage(db, invoiceList.spec, invoiceList.parse(orgId, query, now), (row: InvoiceRow) => invoiceToApi(row, now));
}

/** listInvoices as the response body (JSON text written by the database). */
export async function listInvoicesJson(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<string> {
  return listJson(db, invoiceList.spec, invoiceList.parse(orgId, query, now), now);
}

export async function getInvoice(db: Db, orgId: string, id: string, now: Date): Promise<InvoiceApi> {
  return invoiceToApi(await ownedRow(db, invoices, orgId, id, "invoice"), now);
}

function lockInvoice(tx: Tx, orgId: string, id: string): Promise<InvoiceRow> {
  return ownedRow(tx, invoices, orgId, id, "invoice", "update");
}

/** INV-000042: the counter in at least six digits (as String.padStart(6, "0")). */
const numberOf = (counter: SQL) => sql`'INV-' || lpad(${counter}::text, greatest(6, length(${counter}::text)), '0')`;

/** An invoice's columns as createInvoice gives them (the rest take their defaults). */
type NewInvoice = ColumnValues<
  typeof invoices,
  | "orgId"
  | "id"
  | "client"
  | "description"
  | "accountId"
  | "amountCents"
  | "currency"
  | "status"
  | "dueDate"
  | "metadata"
  | "issuedAt"
  | "createdAt"
  | "updatedAt"
>;

/** Built once (db/statements.ts): every POST /v1/invoices runs one of these two. */
const insertNumberedInvoice = statement((db, p: Placeholders<NewInvoice & { number: string }>) =>
  db.insert(invoices).values(newInvoice(p, p.number)).returning(),
);

/**
 * With the next generated number as the value of its `number` column: the
 * insert takes the organization's counter in a data-modifying CTE (the row
 * lock on the organization orders concurrent invoices), so numbering costs no
 * round trip of its own. A number an invoice was given by hand is skipped:
 * the insert does nothing, and the caller tries the next one.
 */
const insertNextInvoice = statement((db, p: Placeholders<NewInvoice>) => {
  const next = db.$with("next", { number: sql<string>`number` }).as(
    db
      .update(orgs)
      .set({ invoiceCounter: sql`${orgs.invoiceCounter} + 1` })
      .where(eq(orgs.id, p.orgId))
      .returning({ number: sql<string>`${numberOf(sql`${orgs.invoiceCounter}`)}`.as("number") })
      .getSQL(),
  );
  return db
    .with(next)
    .insert(invoices)
    .values(newInvoice(p, sql<string>`(SELECT number FROM ${next})`))
    .onConflictDoNothing({ target: [invoices.orgId, invoices.number] })
    .returning();
});

function newInvoice(p: Placeholders<NewInvoice>, number: Placeholder | SQL<string>) {
  return {
    orgId: p.orgId,
    id: p.id,
    number,
    client: p.client,
    description: p.description,
    accountId: p.accountId,
    amountCents: p.amountCents,
    currency: p.currency,
    status: p.status,
    dueDate: p.dueDate,
    metadata: p.metadata,
    issuedAt: p.issuedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

function duplicateNumber(number: string): ApiError {
  return new ApiError("conflict", `An invoice numbered ${number} already exists in this organization.`, {
    errors: [{ in: "body", field: "number", message: "is already used by another invoice" }],
  });
}

export async function createInvoice(db: Db, ctx: WriteContext, input: CreateInvoiceInput): Promise<InvoiceApi> {
  const amountCents = toCents(input.amount);
  checkCurrencyPrecision("amount", amountCents, input.currency);
  const open = input.status === "open";
  try {
    return await write(db, ctx, async (tx, emit) => {
      if (input.account_id) await requireAccount(tx, ctx.orgId, input.account_id);
      const values = {
        orgId: ctx.orgId,
        client: input.client,
        description: input.description ?? null,
        accountId: input.account_id ?? null,
        amountCents,
        currency: input.currency,
        status: open ? ("open" as const) : ("draft" as const),
        dueDate: input.due_date,
        metadata: input.metadata ?? {},
        issuedAt: open ? ctx.now : null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      let created: InvoiceRow | undefined;
      if (input.number !== undefined) [created] = await insertNumberedInvoice.run(tx, { ...values, id: newId("invoice"), number: input.number });
      while (!created) [created] = await insertNextInvoice.run(tx, { ...values, id: newId("invoice") });
      // The event's object is the answer: built once.
      const invoice = invoiceToApi(created, ctx.now);
      emit({ type: "invoice.created", object: invoice });
      return invoice;
    });
  } catch (error) {
    if (isUniqueViolation(error, "invoices_org_number_key")) throw duplicateNumber(input.number ?? "");
    throw error;
  }
}

/** Which fields may change in which stored status. */
const EDITABLE: Record<StoredInvoiceStatus, readonly (keyof UpdateInvoiceInput)[]> = {
  draft: ["client", "amount", "currency", "due_date", "number", "description", "account_id", "metadata"],
  open: ["client", "amount", "due_date", "description", "account_id", "metadata"],
  paid: ["description", "metadata"],
  void: ["description", "metadata"],
  uncollectible: ["description", "account_id", "metadata"],
};

export async function updateInvoice(db: Db, ctx: WriteContext, id: string, input: UpdateInvoiceInput): Promise<InvoiceApi> {
  try {
    const row = await write(db, ctx, async (tx, emit) => {
      const before = await lockInvoice(tx, ctx.orgId, id);
      const refused = (Object.keys(input) as (keyof UpdateInvoiceInput)[]).filter((f) => !EDITABLE[before.status].includes(f));
      if (refused.length > 0) {
        // The status as the API shows it: an open invoice past due is "overdue".
        const status = invoiceToApi(before, ctx.now).status;
        throw new ApiError(
          "invalid_state_transition",
          `An invoice that is ${status} cannot change ${refused.join(", ")}; it can change ${EDITABLE[before.status].join(", ")}.`,
          { current_status: status, errors: refused.map((field) => ({ in: "body", field, message: `cannot change on an invoice that is ${status}` })) },
        );
      }
      if (input.account_id) await requireAccount(tx, ctx.orgId, input.account_id);
      const currency = input.currency ?? before.currency;
      const amountCents = input.amount === undefined ? before.amountCents : toCents(input.amount);
      checkCurrencyPrecision("amount", amountCents, currency);
      // Not down to the amount paid either: an open invoice with nothing due could never be paid.
      if (input.amount !== undefined && before.amountPaidCents > 0 && amountCents <= before.amountPaidCents) {
        throw invalidField(
          "body",
          "amount",
          `must be more than the amount already paid (${fromCents(before.amountPaidCents)}); to settle the rest, record a payment or void the invoice`,
        );
      }
      const dueDate = input.due_date ?? before.dueDate;
      const [after] = await tx
        .update(invoices)
        .set({
          client: input.client ?? before.client,
          amountCents,
          currency,
          dueDate,
          number: input.number ?? before.number,
          description: input.description === undefined ? before.description : input.description,
          accountId: input.account_id === undefined ? before.accountId : input.account_id,
          metadata: input.metadata ?? before.metadata,
          // A due date moved forward out of the past makes the invoice eligible for a new
          // invoice.overdue when it passes; one still past due stays reported.
          overdueNotifiedAt: dueDate > before.dueDate && dueDate >= utcDate(ctx.now) ? null : before.overdueNotifiedAt,
          updatedAt: ctx.now,
        })
        .where(and(eq(invoices.orgId, ctx.orgId), eq(invoices.id, id)))
        .returning();
      emitUpdate(emit, before, after!, ctx.now);
      return after!;
    });
    return invoiceToApi(row, ctx.now);
  } catch (error) {
    if (isUniqueViolation(error, "invoices_org_number_key")) throw duplicateNumber(input.number ?? "");
    throw error;
  }
}

function emitUpdate(emit: Emit, before: InvoiceRow, after: InvoiceRow, now: Date): InvoiceApi {
  const object = invoiceToApi(after, now);
  const previous = previousAttributes(invoiceToApi(before, now), object);
  if (Object.keys(previous).length > 0) emit({ type: "invoice.updated", object, previous });
  return object;
}

export async function deleteInvoice(db: Db, ctx: WriteContext, id: string): Promise<{ id: string; object: "invoice"; deleted: true }> {
  await write(db, ctx, async (tx, emit) => {
    const row = await lockInvoice(tx, ctx.orgId, id);
    if (row.status !== "draft") {
      throw new ApiError("invalid_state_transition", `Only draft invoices can be deleted; this one is ${invoiceToApi(row, ctx.now).status}. Void it instead.`, {
        current_status: invoiceToApi(row, ctx.now).status,
      });
    }
    await tx.delete(invoices).where(and(eq(invoices.orgId, ctx.orgId), eq(invoices.id, id)));
    emit({ type: "invoice.deleted", object: invoiceToApi(row, ctx.now) });
  });
  return { id, object: "invoice", deleted: true };
}

type Action = "finalize" | "void" | "mark_uncollectible";

const ACTIONS: Record<
  Action,
  { from: readonly StoredInvoiceStatus[]; to: StoredInvoiceStatus; event: "invoice.finalized" | "invoice.voided" | "invoice.marked_uncollectible" }
> = {
  finalize: { from: ["draft"], to: "open", event: "invoice.finalized" },
  void: { from: ["open", "uncollectible"], to: "void", event: "invoice.voided" },
  mark_uncollectible: { from: ["open"], to: "uncollectible", event: "invoice.marked_uncollectible" },
};

function refuseTransition(row: InvoiceRow, action: string, allowed: readonly string[], now: Date): ApiError {
  const status: InvoiceStatus = invoiceToApi(row, now).status;
  return new ApiError(
    "invalid_state_transition",
    `Cannot ${action.replace("_", " ")} an invoice that is ${status}; allowed only from ${allowed.join(" or ")}${allowed.includes("open") ? " (including overdue)" : ""}.`,
    { current_status: status },
  );
}

export async function transitionInvoice(db: Db, ctx: WriteContext, id: string, action: Action): Promise<InvoiceApi> {
  const rule = ACTIONS[action];
  const row = await write(db, ctx, async (tx, emit) => {
    const before = await lockInvoice(tx, ctx.orgId, id);
    if (!rule.from.includes(before.status)) throw refuseTransition(before, action, rule.from, ctx.now);
    const [after] = await tx
      .update(invoices)
      .set({
        status: rule.to,
        issuedAt: action === "finalize" ? ctx.now : before.issuedAt,
        voidedAt: action === "void" ? ctx.now : before.voidedAt,
        updatedAt: ctx.now,
      })
      .where(and(eq(invoices.orgId, ctx.orgId), eq(invoices.id, id)))
      .returning();
    const object = emitUpdate(emit, before, after!, ctx.now);
    emit({ type: rule.event, object });
    return after!;
  });
  return invoiceToApi(row, ctx.now);
}

export async function payInvoice(db: Db, ctx: WriteContext, id: string, amount: number): Promise<InvoiceApi> {
  const cents = toCents(amount);
  const row = await write(db, ctx, async (tx, emit) => {
    const before = await lockInvoice(tx, ctx.orgId, id);
    if (before.status !== "open" && before.status !== "uncollectible") {
      throw refuseTransition(before, "record a payment on", ["open", "uncollectible"], ctx.now);
    }
    checkCurrencyPrecision("amount", cents, before.currency);
    const due = before.amountCents - before.amountPaidCents;
    if (cents > due) {
      throw new ApiError("unprocessable", `The payment (${amount}) is more than the amount due (${fromCents(due)} ${before.currency}).`, {
        errors: [{ in: "body", field: "amount", message: `must be at most the amount due, ${fromCents(due)}` }],
      });
    }
    const paid = cents === due;
    const [after] = await tx
      .update(invoices)
      .set({
        amountPaidCents: before.amountPaidCents + cents,
        status: paid ? "paid" : before.status,
        paidAt: paid ? ctx.now : null,
        updatedAt: ctx.now,
      })
      .where(and(eq(invoices.orgId, ctx.orgId), eq(invoices.id, id)))
      .returning();
    const object = emitUpdate(emit, before, after!, ctx.now);
    emit({ type: "invoice.payment_recorded", object });
    if (paid) emit({ type: "invoice.paid", object });
    return after!;
  });
  return invoiceToApi(row, ctx.now);
}

export interface BillingTotals {
  currency: string;
  invoice_count: number;
  /** Due on open invoices, overdue ones included. */
  outstanding: number;
  /** Due on open invoices past their due date. */
  overdue: number;
  paid: number;
  /** Due on invoices marked uncollectible. */
  uncollectible: number;
}

export interface AccountBilling {
  totals: BillingTotals[];
  /** The most recent invoices, newest first. */
  recent: InvoiceApi[];
  /** Every invoice's id (for activity feeds). */
  invoiceIds: string[];
}

/**
 * An account's invoices as the growth engine's dossier and enrichment see
 * them: totals per currency (drafts and void invoices count for nothing), the
 * most recent invoices, and every id.
 */
export async function billingForAccount(db: Db, orgId: string, accountId: string, now: Date, recent = 50): Promise<AccountBilling> {
  const today = utcDate(now);
  const scope = and(eq(invoices.orgId, orgId), eq(invoices.accountId, accountId));
  const due = sql`${invoices.amountCents} - ${invoices.amountPaidCents}`;
  const cents = (condition: SQL) => sql<string>`coalesce(sum(${due}) FILTER (WHERE ${condition}), 0)`;
  const [totals, rows, ids] = await Promise.all([
    db
      .select({
        currency: invoices.currency,
        count: sql<string>`count(*) FILTER (WHERE ${invoices.status} <> 'draft')`,
        outstanding: cents(sql`${invoices.status} = 'open'`),
        overdue: cents(sql`${invoices.status} = 'open' AND ${invoices.dueDate} < ${today}`),
        paid: sql<string>`coalesce(sum(${invoices.amountPaidCents}) FILTER (WHERE ${invoices.status} <> 'void'), 0)`,
        uncollectible: cents(sql`${invoices.status} = 'uncollectible'`),
      })
      .from(invoices)
      .where(scope)
      .groupBy(invoices.currency)
      .orderBy(invoices.currency),
    db.select().from(invoices).where(scope).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(recent),
    db.select({ id: invoices.id }).from(invoices).where(scope),
  ]);
  return {
    totals: totals
      .filter((t) => Number(t.count) > 0)
      .map((t) => ({
        currency: t.currency,
        invoice_count: Number(t.count),
        outstanding: fromCents(Number(t.outstanding)),
        overdue: fromCents(Number(t.overdue)),
        paid: fromCents(Number(t.paid)),
        uncollectible: fromCents(Number(t.uncollectible)),
      })),
    recent: rows.map((row) => invoiceToApi(row, now)),
    invoiceIds: ids.map((r) => r.id),
  };
}
