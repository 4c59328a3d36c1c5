import { Type, type Static } from "typebox";
import { CANDIDATE_STAGES } from "../engines/talent/candidates-schemas.ts";
import { Id, MoneyOut, Nullable, StringEnum, Timestamp } from "../platform/schemas.ts";
import { SNAPSHOT_TRIGGERS } from "./snapshots-table.ts";

const Money = MoneyOut("Amount in the row's currency.");
const Rate = Nullable(Type.Number({ description: "0 to 1, three decimals; null when there is nothing to divide by." }));

const Finance = Type.Object({
  currencies: Type.Array(
    Type.Object({
      currency: Type.String(),
      outstanding: MoneyOut("Due on open invoices, overdue ones included."),
      overdue: MoneyOut("Due on open invoices past their due date."),
      overdue_count: Type.Integer(),
      aging: Type.Object(
        { "1_30": Money, "31_60": Money, "61_90": Money, "90_plus": Money },
        { description: "Overdue amounts by whole days past the due date." },
      ),
      days_sales_outstanding: Nullable(Type.Number({ description: "outstanding / invoiced in the last 90 days x 90, one decimal." })),
    }),
  ),
  overdue_count: Type.Integer(),
});

const Growth = Type.Object({
  pipeline: Type.Object({
    totals: Type.Array(Type.Object({ currency: Type.String(), open_value: Money, weighted_value: Money, deal_count: Type.Integer() })),
    by_stage: Type.Array(
      Type.Object({
        pipeline_id: Id("pipeline"),
        stage_id: Id("stage"),
        stage_name: Type.String(),
        probability: Type.Integer(),
        currency: Type.String(),
        deal_count: Type.Integer(),
        open_value: Money,
        weighted_value: Money,
      }),
    ),
  }),
  last_90_days: Type.Object({ won: Type.Integer(), lost: Type.Integer(), win_rate: Rate }),
  new_contacts_last_30_days: Type.Integer(),
  sequences: Type.Object({ active_enrollments: Type.Integer(), reply_rate: Rate }),
});

const Talent = Type.Object({
  open_jobs: Type.Integer(),
  open_job_pipelines: Type.Array(
    Type.Object({
      job_id: Id("job"),
      title: Type.String(),
      candidates: Type.Object(
        Object.fromEntries(CANDIDATE_STAGES.map((s) => [s, Type.Integer()])) as Record<(typeof CANDIDATE_STAGES)[number], ReturnType<typeof Type.Integer>>,
      ),
    }),
  ),
  median_days_to_hire: Nullable(Type.Number({ description: "Median days from application to hire over the last 365 days' hires, one decimal." })),
  hires_last_365_days: Type.Integer(),
});

export const SnapshotFiguresSchema = Type.Object({ finance: Finance, growth: Growth, talent: Talent });
export type SnapshotFigures = Static<typeof SnapshotFiguresSchema>;

export const Snapshot = Type.Object(
  {
    id: Id("snapshot"),
    object: Type.Literal("intelligence_snapshot"),
    trigger: StringEnum(SNAPSHOT_TRIGGERS, { description: "scheduled (the daily run) or manual (POST)." }),
    generated_at: Timestamp("The instant the figures describe."),
    ...SnapshotFiguresSchema.properties,
  },
  { $id: "IntelligenceSnapshot", description: "A point-in-time summary of the organization's finance, growth and talent engines." },
);
export type SnapshotApi = Static<typeof Snapshot>;
