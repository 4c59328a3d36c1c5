import { Type, type Static } from "typebox";
import { CalendarDate, Currency, Id, Metadata, Money, MoneyOut, Nullable, NullableTimestamp, StringEnum, Timestamp } from "../../platform/schemas.ts";
import { STAGE_KINDS } from "./pipelines-table.ts";

export const Deal = Type.Object(
  {
    id: Id("deal"),
    object: Type.Literal("deal"),
    name: Type.String(),
    account_id: Nullable(Id("account")),
    contact_ids: Type.Array(Id("contact")),
    pipeline_id: Id("pipeline"),
    stage_id: Id("stage"),
    amount: Nullable(MoneyOut("Deal value.")),
    currency: Type.String({ description: "ISO 4217 currency code." }),
    expected_close_date: Nullable(Type.String({ format: "date" })),
    status: StringEnum(STAGE_KINDS, { description: "The kind of the deal's stage: open, won or lost." }),
    closed_at: NullableTimestamp("When the deal entered a won or lost stage."),
    metadata: Type.Record(Type.String(), Type.String()),
    created_at: Timestamp("Creation time."),
    updated_at: Timestamp("Last change."),
  },
  { $id: "Deal", description: "A sales opportunity moving through a pipeline (growth engine)." },
);
export type DealApi = Static<typeof Deal>;

const Name = Type.String({ minLength: 1, maxLength: 200 });
const ContactIds = Type.Array(Id("contact"), { maxItems: 100, uniqueItems: true, description: "Contacts involved in the deal." });

const fields = {
  account_id: Type.Optional(Nullable(Id("account"))),
  contact_ids: Type.Optional(ContactIds),
  pipeline_id: Type.Optional(Id("pipeline", "The pipeline; the default pipeline when omitted (or the stage's own pipeline).")),
  stage_id: Type.Optional(Id("stage", "The stage; the pipeline's first open stage when omitted.")),
  amount: Type.Optional(Nullable(Money("Deal value, at most two decimals."))),
  currency: Type.Optional(Currency),
  expected_close_date: Type.Optional(Nullable(CalendarDate("Expected close date, YYYY-MM-DD."))),
  metadata: Type.Optional(Metadata),
};

export const CreateDeal = Type.Object(
  { name: Name, ...fields, currency: Type.Optional({ ...Currency, description: "ISO 4217 code; USD when omitted." }) },
  { additionalProperties: false },
);
export type CreateDealInput = Static<typeof CreateDeal>;

export const UpdateDeal = Type.Object(
  { name: Type.Optional(Name), ...fields },
  {
    additionalProperties: false,
    minProperties: 1,
    description: "Moving stage_id emits deal.stage_changed, and deal.won or deal.lost when the new stage closes the deal.",
  },
);
export type UpdateDealInput = Static<typeof UpdateDeal>;
