import { Type, type Static } from "typebox";
import { Id, Metadata, Nullable, NullableTimestamp, StringEnum, Timestamp } from "../../platform/schemas.ts";
import { EMPLOYMENT_TYPES, JOB_STATUSES } from "./jobs-table.ts";

export const Job = Type.Object(
  {
    id: Id("job"),
    object: Type.Literal("job"),
    title: Type.String(),
    department: Nullable(Type.String()),
    location: Nullable(Type.String()),
    employment_type: StringEnum(EMPLOYMENT_TYPES),
    status: StringEnum(JOB_STATUSES),
    closed_at: NullableTimestamp("When the job was closed."),
    metadata: Type.Record(Type.String(), Type.String()),
    created_at: Timestamp("Creation time."),
    updated_at: Timestamp("Last change."),
  },
  { $id: "Job", description: "An opening candidates apply to (talent engine)." },
);
export type JobApi = Static<typeof Job>;

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: "\\S", errorMessage: `must be 1 to ${max} characters, not only spaces` });

const fields = {
  department: Type.Optional(Nullable(Text(100))),
  location: Type.Optional(Nullable(Text(200))),
  employment_type: Type.Optional(StringEnum(EMPLOYMENT_TYPES, { description: "full_time (default), part_time, contract, temporary or internship." })),
  metadata: Type.Optional(Metadata),
};

export const CreateJob = Type.Object(
  { title: Text(200), ...fields, status: Type.Optional(StringEnum(JOB_STATUSES, { description: "open (default) or closed." })) },
  { additionalProperties: false },
);
export type CreateJobInput = Static<typeof CreateJob>;

export const UpdateJob = Type.Object(
  {
    title: Type.Optional(Text(200)),
    ...fields,
    status: Type.Optional(StringEnum(JOB_STATUSES, { description: "closed closes the job (job.closed); open reopens it." })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateJobInput = Static<typeof UpdateJob>;
