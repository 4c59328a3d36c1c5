import { Type, type Static } from "typebox";
import { Id, Metadata, Nullable, StringEnum, Timestamp } from "../../platform/schemas.ts";
import { CANDIDATE_STAGES } from "./candidates-table.ts";

/** The pipeline's stages, for other engines (they import schemas, never the table). */
export { CANDIDATE_STAGES };

const candidateFields = {
  id: Id("candidate"),
  object: Type.Literal("candidate"),
  job_id: Id("job"),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String({ description: "Lower case; unique per job." }),
  phone: Nullable(Type.String()),
  stage: StringEnum(CANDIDATE_STAGES),
  source: Nullable(Type.String({ description: "Where the candidate came from (referral, linkedin, ...)." })),
  rating: Nullable(Type.Integer({ description: "1 to 5." })),
  resume_url: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  metadata: Type.Record(Type.String(), Type.String()),
  stage_changed_at: Timestamp("When the candidate entered the current stage."),
  created_at: Timestamp("Creation time."),
  updated_at: Timestamp("Last change."),
};

/** As lists show a candidate. */
export const CandidateSummary = Type.Object(candidateFields, {
  $id: "CandidateSummary",
  description: "A candidate for a job (talent engine), without history.",
});

export const StageChange = Type.Object({
  from: Nullable(StringEnum(CANDIDATE_STAGES), { description: "null for the stage the candidate started in." }),
  to: StringEnum(CANDIDATE_STAGES),
  changed_at: Timestamp("When the move happened."),
});

/** As GET /v1/candidates/{id} (and events) show a candidate. */
export const Candidate = Type.Object(
  { ...candidateFields, history: Type.Array(StageChange, { description: "Every stage the candidate entered, oldest first." }) },
  { $id: "Candidate", description: "A candidate for a job (talent engine), with its stage history." },
);
export type CandidateApi = Static<typeof Candidate>;
export type CandidateSummaryApi = Static<typeof CandidateSummary>;

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: "\\S", errorMessage: "must be 1 to 100 characters, not only spaces" });
const Phone = Nullable(
  Type.String({
    minLength: 3,
    maxLength: 40,
    pattern: "^\\+?[0-9 ().-]+$",
    errorMessage: "must be a phone number: digits, spaces, ( ) . - and an optional leading +",
  }),
);

const fields = {
  first_name: Name,
  last_name: Name,
  email: Type.String({ format: "email", maxLength: 254, description: "Unique per job, compared in lower case." }),
  phone: Type.Optional(Phone),
  source: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
  rating: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 5, description: "1 to 5." }))),
  resume_url: Type.Optional(
    Nullable(Type.String({ format: "uri", pattern: "^https?://[^/?#\\\\s]+", maxLength: 2048, errorMessage: "must be an http(s) URL with a host" })),
  ),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  metadata: Type.Optional(Metadata),
};

export const CreateCandidate = Type.Object(
  { job_id: Id("job"), ...fields, stage: Type.Optional(StringEnum(["applied"], { description: "Candidates start as applied." })) },
  { additionalProperties: false },
);
export type CreateCandidateInput = Static<typeof CreateCandidate>;

export const UpdateCandidate = Type.Object(
  {
    first_name: Type.Optional(Name),
    last_name: Type.Optional(Name),
    email: Type.Optional(fields.email),
    phone: fields.phone,
    source: fields.source,
    rating: fields.rating,
    resume_url: fields.resume_url,
    notes: fields.notes,
    metadata: fields.metadata,
    stage: Type.Optional(
      StringEnum(CANDIDATE_STAGES, {
        description: "Moves the candidate: applied -> screening -> interview -> offer -> hired; any of the first four -> rejected; rejected -> applied.",
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateCandidateInput = Static<typeof UpdateCandidate>;
