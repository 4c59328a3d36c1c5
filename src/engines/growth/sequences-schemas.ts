import { Type, type Static } from "typebox";
import { Id, Metadata, Nullable, NullableTimestamp, StringEnum, Timestamp } from "../../platform/schemas.ts";
import { ENROLLMENT_STATUSES, MESSAGE_DIRECTIONS, SEQUENCE_STATUSES, STEP_TYPES, STOP_REASONS } from "./sequences-table.ts";

export const StepOut = Type.Object({
  type: StringEnum(STEP_TYPES),
  delay_days: Type.Integer(),
  subject: Nullable(Type.String()),
  body: Nullable(Type.String()),
});

export const Sequence = Type.Object(
  {
    id: Id("sequence"),
    object: Type.Literal("sequence"),
    name: Type.String(),
    status: StringEnum(SEQUENCE_STATUSES),
    steps: Type.Array(StepOut),
    metadata: Type.Record(Type.String(), Type.String()),
    created_at: Timestamp("Creation time."),
    updated_at: Timestamp("Last change."),
  },
  { $id: "Sequence", description: "An outreach sequence: steps (emails, tasks, waits) run for each enrolled contact (growth engine)." },
);
export type SequenceApi = Static<typeof Sequence>;

const StepIn = Type.Object(
  {
    type: StringEnum(STEP_TYPES, { description: "email (sent to the contact), task (a to-do for the owner) or wait." }),
    delay_days: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 365, default: 0, description: "Days after the previous step (or the enrollment) before this one runs." }),
    ),
    subject: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 200,
          description: "Email subject or task title. {{first_name}}, {{last_name}}, {{company}} and {{title}} are filled in.",
        }),
      ),
    ),
    body: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 20_000, description: "Email body or task notes, with the same placeholders." }))),
  },
  { additionalProperties: false },
);
export type StepInput = Static<typeof StepIn>;

const Steps = Type.Array(StepIn, {
  maxItems: 50,
  description: "Email steps need subject and body, task steps a subject; wait steps only delay_days (at least 1).",
});
const Name = Type.String({ minLength: 1, maxLength: 200 });

export const CreateSequence = Type.Object(
  {
    name: Name,
    steps: Type.Optional(Steps),
    status: Type.Optional(StringEnum(["draft", "active"], { description: "draft (default) or active." })),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);
export type CreateSequenceInput = Static<typeof CreateSequence>;

export const UpdateSequence = Type.Object(
  { name: Type.Optional(Name), steps: Type.Optional(Steps), metadata: Type.Optional(Metadata) },
  {
    additionalProperties: false,
    minProperties: 1,
    description: "Steps change only while the sequence is draft or paused. Status changes through activate, pause and archive.",
  },
);
export type UpdateSequenceInput = Static<typeof UpdateSequence>;

export const Enrollment = Type.Object(
  {
    id: Id("enrollment"),
    object: Type.Literal("enrollment"),
    sequence_id: Id("sequence"),
    contact_id: Id("contact"),
    status: StringEnum(ENROLLMENT_STATUSES, { description: "active, then completed (all steps ran), replied, or unenrolled." }),
    current_step: Type.Integer({ description: "Index of the next step to run (the number of steps once all ran)." }),
    next_step_at: NullableTimestamp("When the next step is due (while active)."),
    last_step_index: Nullable(Type.Integer(), { description: "The step that ran last." }),
    last_step_at: NullableTimestamp("When it ran."),
    stop_reason: Nullable(StringEnum(STOP_REASONS), { description: "Why an unenrolled enrollment stopped." }),
    enrolled_at: Timestamp("When the contact was enrolled."),
    finished_at: NullableTimestamp("When it completed, got a reply or was unenrolled."),
    updated_at: Timestamp("Last change."),
  },
  { $id: "Enrollment", description: "A contact's run through a sequence." },
);
export type EnrollmentApi = Static<typeof Enrollment>;

export const Enroll = Type.Object({ contact_id: Id("contact") }, { additionalProperties: false });

export const EnrollmentParams = Type.Object({ id: Id("sequence"), enrollment_id: Id("enrollment") });

export const SequenceMessage = Type.Object(
  {
    id: Id("message"),
    object: Type.Literal("sequence_message"),
    sequence_id: Id("sequence"),
    enrollment_id: Id("enrollment"),
    contact_id: Id("contact"),
    direction: StringEnum(MESSAGE_DIRECTIONS, { description: "outbound: an email step sent; inbound: a reply." }),
    step_index: Nullable(Type.Integer()),
    address: Nullable(Type.String({ description: "The address it was sent to (outbound)." })),
    subject: Nullable(Type.String()),
    body: Type.String(),
    transport: Nullable(Type.String({ description: "The mail transport that sent it." })),
    transport_message_id: Nullable(Type.String()),
    created_at: Timestamp("When it was sent or received."),
  },
  { $id: "SequenceMessage", description: "An email a sequence sent, or a reply it received." },
);
export type SequenceMessageApi = Static<typeof SequenceMessage>;

export const CreateReply = Type.Object(
  {
    enrollment_id: Type.Optional(Id("enrollment", "The enrollment replied to.")),
    email: Type.Optional(
      Type.String({ format: "email", maxLength: 254, description: "Or the address the reply came from: every active enrollment of that contact stops." }),
    ),
    body: Type.String({ minLength: 1, maxLength: 100_000, description: "The reply's text." }),
  },
  { additionalProperties: false, description: "Exactly one of enrollment_id and email." },
);
export type CreateReplyInput = Static<typeof CreateReply>;

export const Reply = Type.Object(
  {
    object: Type.Literal("sequence_reply"),
    contact_id: Id("contact"),
    enrollments: Type.Array(Enrollment, { description: "The enrollments the reply stopped." }),
  },
  { $id: "SequenceReply" },
);
