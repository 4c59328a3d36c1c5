import { Type, type Static } from "typebox";
import { Invoice } from "../finance/invoices-schemas.ts";
import { EventSchema } from "../../platform/events/events-routes.ts";
import { Id, MoneyOut, Nullable, NullableTimestamp, Timestamp } from "../../platform/schemas.ts";
import { Account } from "./accounts-schemas.ts";
import { Contact } from "./contacts-schemas.ts";
import { Deal } from "./deals-schemas.ts";
import { Enrollment } from "./sequences-schemas.ts";

const Amount = Type.Object({ currency: Type.String(), amount: MoneyOut("Sum in this currency.") });

const Capped = <T extends Parameters<typeof Type.Array>[0]>(item: T, description: string) =>
  Type.Object({ total: Type.Integer({ description: "How many there are in all." }), data: Type.Array(item, { description }) });

export const Dossier = Type.Object(
  {
    object: Type.Literal("account_dossier"),
    generated_at: Timestamp("When this document was put together."),
    account: Account,
    signals: Type.Object({
      last_activity_at: NullableTimestamp("The newest event about the account or anything linked to it."),
      days_since_last_activity: Nullable(Type.Integer()),
      open_deal_count: Type.Integer(),
      win_rate: Nullable(Type.Number({ description: "Won deals / closed deals, 0 to 1; null before any deal closed." })),
      outstanding: Nullable(Type.Array(Amount), { description: "Due on open invoices, per currency (null without finance access)." }),
      overdue: Nullable(Type.Array(Amount), { description: "Due on overdue invoices, per currency (null without finance access)." }),
      active_enrollment_count: Type.Integer(),
    }),
    contacts: Capped(Contact, "Up to 25, most recently updated first (GET /v1/contacts?account_id= has them all)."),
    deals: Type.Object({
      total: Type.Integer(),
      counts: Type.Object({ open: Type.Integer(), won: Type.Integer(), lost: Type.Integer() }),
      pipeline: Type.Array(
        Type.Object({
          currency: Type.String(),
          open_value: MoneyOut("Sum of open deals."),
          weighted_value: MoneyOut("Sum of open deals times their stage's probability."),
        }),
        { description: "Open pipeline value per currency." },
      ),
      by_stage: Type.Array(
        Type.Object({
          pipeline_id: Id("pipeline"),
          stage_id: Id("stage"),
          stage_name: Type.String(),
          kind: Type.String(),
          probability: Type.Integer(),
          deal_count: Type.Integer(),
          values: Type.Array(
            Type.Object({ currency: Type.String(), amount: MoneyOut("Sum of the deals' amounts."), weighted_amount: MoneyOut("amount x probability.") }),
          ),
        }),
      ),
      data: Type.Array(Deal, {
        description: "Up to 25: open deals first (soonest expected close first), then the latest closed (GET /v1/deals?account_id= has them all).",
      }),
    }),
    billing: Nullable(
      Type.Object({
        totals: Type.Array(
          Type.Object({
            currency: Type.String(),
            invoice_count: Type.Integer({ description: "Invoices past draft." }),
            outstanding: MoneyOut("Due on open invoices (overdue included)."),
            overdue: MoneyOut("Due on open invoices past their due date."),
            paid: MoneyOut("Payments received."),
            uncollectible: MoneyOut("Due on invoices marked uncollectible."),
          }),
        ),
        invoices: Capped(Invoice, "Up to 25, newest first (GET /v1/invoices?account_id= has them all)."),
      }),
      { description: "The account's invoices (finance engine); null when the key may not read finance." },
    ),
    sequences: Type.Object({
      active_enrollments: Type.Array(Type.Object({ ...Enrollment.properties, sequence_name: Type.String() }), {
        description: "Up to 25 active enrollments of the account's contacts, next step soonest first (signals.active_enrollment_count has them all).",
      }),
    }),
    recent_events: Type.Array(EventSchema, {
      description: "The last 50 events about the account, its contacts, deals, invoices and enrollments that the key may see.",
    }),
  },
  { $id: "AccountDossier", description: "Everything about an account, for someone about to call them." },
);
export type DossierApi = Static<typeof Dossier>;
