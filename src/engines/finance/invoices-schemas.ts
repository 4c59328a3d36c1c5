import { Type, type Static } from "typebox";
import { CalendarDate, Currency, Id, Metadata, Money, MoneyOut, NullableTimestamp, Timestamp, Nullable, StringEnum } from "../../platform/schemas.ts";

export const INVOICE_STATUSES = ["draft", "open", "overdue", "paid", "void", "uncollectible"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const Invoice = Type.Object(
  {
    id: Id("invoice"),
    object: Type.Literal("invoice"),
    number: Type.String({ description: "Human-facing invoice number, unique in the organization." }),
    client: Type.String({ description: "Name of the client." }),
    description: Nullable(Type.String()),
    account_id: Nullable(Id("account"), { description: "The growth-engine account billed, if any." }),
    amount: MoneyOut("Total amount, up to two decimals."),
    amount_paid: MoneyOut("Sum of recorded payments."),
    amount_due: MoneyOut("amount - amount_paid."),
    currency: Type.String({ description: "ISO 4217 currency code." }),
    status: StringEnum(INVOICE_STATUSES, { description: "overdue is an open invoice whose due date (UTC) has passed." }),
    due_date: Type.String({ format: "date" }),
    days_overdue: Type.Integer({ description: "Whole days past the due date for overdue invoices, else 0." }),
    issued_at: NullableTimestamp("When the invoice was finalized (left draft)."),
    paid_at: NullableTimestamp("When the amount due reached zero."),
    metadata: Type.Record(Type.String(), Type.String()),
    created_at: Timestamp("Creation time."),
    updated_at: Timestamp("Last change."),
  },
  { $id: "Invoice", description: "An invoice (finance engine)." },
);
export type InvoiceApi = Static<typeof Invoice>;

const Number_ = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: "^[A-Za-z0-9][A-Za-z0-9._/-]*$",
  description: "Invoice number; generated (INV-000001) when omitted.",
});
const Client = Type.String({ minLength: 1, maxLength: 200, description: "Name of the client." });
const Description = Nullable(Type.String({ maxLength: 5000 }));
const AccountId = Nullable(Id("account"));

export const CreateInvoice = Type.Object(
  {
    client: Client,
    amount: Money("Total amount, greater than 0, at most two decimals (none for currencies without minor units)."),
    currency: Currency,
    due_date: CalendarDate("Due date, YYYY-MM-DD."),
    status: Type.Optional(StringEnum(["draft", "open"], { description: "draft (default) or open." })),
    number: Type.Optional(Number_),
    description: Type.Optional(Description),
    account_id: Type.Optional(AccountId),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);
export type CreateInvoiceInput = Static<typeof CreateInvoice>;

export const UpdateInvoice = Type.Object(
  {
    client: Type.Optional(Client),
    amount: Type.Optional(Money("New total; on an open invoice it may not drop below amount_paid.")),
    currency: Type.Optional(Currency),
    due_date: Type.Optional(CalendarDate("New due date.")),
    number: Type.Optional(Number_),
    description: Type.Optional(Description),
    account_id: Type.Optional(AccountId),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateInvoiceInput = Static<typeof UpdateInvoice>;

export const PayInvoice = Type.Object({ amount: Money("Amount received; at most the amount due.") }, { additionalProperties: false });
