import { Type, type Static } from "typebox";
import { Id, StringEnum, Timestamp } from "../../platform/schemas.ts";
import { STAGE_KINDS } from "./pipelines-table.ts";

export const Stage = Type.Object({
  id: Id("stage"),
  name: Type.String(),
  position: Type.Integer({ description: "Order in the pipeline, from 0." }),
  probability: Type.Integer({ description: "Chance, in percent, that a deal in this stage is won; weights pipeline value." }),
  kind: StringEnum(STAGE_KINDS, { description: "open, or won / lost: a deal entering the stage is closed with that outcome." }),
});

export const Pipeline = Type.Object(
  {
    id: Id("pipeline"),
    object: Type.Literal("pipeline"),
    name: Type.String(),
    is_default: Type.Boolean({ description: "Deals created without a pipeline go to the default one." }),
    stages: Type.Array(Stage),
    created_at: Timestamp("Creation time."),
    updated_at: Timestamp("Last change."),
  },
  { $id: "Pipeline", description: "A sales pipeline: the ordered stages deals move through (growth engine)." },
);
export type PipelineApi = Static<typeof Pipeline>;

const NAME = { minLength: 1, maxLength: 100, pattern: "\\S", errorMessage: "must be 1 to 100 characters, not only spaces" };

const stageFields = {
  name: Type.String(NAME),
  probability: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: "Required for open stages; won stages are 100, lost stages 0." })),
  kind: Type.Optional(StringEnum(STAGE_KINDS, { description: "open (default), won or lost." })),
};
const NewStage = Type.Object(stageFields, { additionalProperties: false });
const StageInput = Type.Object(
  { id: Type.Optional(Id("stage", "An existing stage of this pipeline, to keep it (and its deals); omit for a new stage.")), ...stageFields },
  { additionalProperties: false },
);
export type StageInputApi = Static<typeof StageInput>;

const stageList = { minItems: 1, maxItems: 50, description: "The stages in order (their position is their place in this list). At least one open stage." };
const Stages = Type.Array(StageInput, stageList);
const NewStages = Type.Array(NewStage, stageList);
const Name = Type.String(NAME);

export const CreatePipeline = Type.Object(
  { name: Name, stages: NewStages, is_default: Type.Optional(Type.Boolean({ description: "Make it the default pipeline." })) },
  { additionalProperties: false },
);
export type CreatePipelineInput = Static<typeof CreatePipeline>;

export const UpdatePipeline = Type.Object(
  {
    name: Type.Optional(Name),
    stages: Type.Optional(Stages),
    is_default: Type.Optional(Type.Literal(true, { description: "Make this the default pipeline (the previous default stops being it)." })),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description:
      "stages replaces the list: stages given with their id are kept (renamed, reordered, re-weighted), stages without id are added, stages left out are deleted (refused while they hold deals).",
  },
);
export type UpdatePipelineInput = Static<typeof UpdatePipeline>;

export const StageParams = Type.Object({ id: Id("pipeline"), stage_id: Id("stage") });
