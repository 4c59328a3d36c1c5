import { Type } from "typebox";
import { ApiError } from "../../platform/errors.ts";
import { Id } from "../../platform/schemas.ts";
import type { Tool } from "./tools.ts";

/**
 * Tools written by hand on top of the generated ones, where one call of
 * several operations is worth more to a model or a person than the
 * operations alone. They call the generated tools (so the routes), never a
 * service or a table.
 */

/** Enrolling or changing more records than this in one call waits for approval. */
export const BULK_APPROVAL_THRESHOLD = 10;

type Deal = { id: string; pipeline_id: string };
type Pipeline = { name: string; stages: { id: string; name: string; kind: string }[] };

const moveDealToStage: Tool = {
  name: "move_deal_to_stage",
  operationId: "moveDealToStage",
  method: "PATCH",
  path: "/v1/deals/:id",
  resource: "deal",
  access: "write",
  permissions: ["growth:read", "growth:write"],
  composite: true,
  summary: "Move a deal to a stage by name",
  description:
    'Move a deal to another stage of its pipeline, named by stage id or name ("Proposal", "Won"), or to its won or lost stage by kind ("won", "lost"). Input: deal_id*, stage* (* required).',
  input: Type.Object(
    { deal_id: Id("deal"), stage: Type.String({ minLength: 1, maxLength: 200, description: "A stage's id or name, or won / lost." }) },
    { additionalProperties: false },
  ),
  run: async (run, input) => {
    const dealId = String(input.deal_id);
    const wanted = String(input.stage);
    const deal = (await run.call("get_deal", { deal_id: dealId })) as Deal;
    const pipeline = (await run.call("get_pipeline", { pipeline_id: deal.pipeline_id })) as Pipeline;
    const key = wanted.trim().toLowerCase();
    const stage =
      pipeline.stages.find((s) => s.id === wanted) ??
      pipeline.stages.find((s) => s.name.toLowerCase() === key) ??
      pipeline.stages.find((s) => s.kind === key && key !== "open");
    if (!stage) {
      throw new ApiError(
        "unprocessable",
        `The pipeline ${pipeline.name} has no stage "${wanted}"; its stages: ${pipeline.stages.map((s) => s.name).join(", ")}.`,
        {
          errors: [{ in: "body", field: "input.stage", message: "names no stage of the deal's pipeline" }],
        },
      );
    }
    return run.call("update_deal", { deal_id: dealId, stage_id: stage.id });
  },
};

const enrollContacts: Tool = {
  name: "enroll_contacts",
  operationId: "enrollContacts",
  method: "POST",
  path: "/v1/sequences/:id/enrollments",
  resource: "sequence",
  access: "write",
  permissions: ["growth:write"],
  composite: true,
  summary: "Enroll several contacts in a sequence",
  description: `Enroll one or more contacts in a sequence; each is enrolled on its own, and those that cannot be are reported. More than ${BULK_APPROVAL_THRESHOLD} at once waits for a person's approval. Input: sequence_id*, contact_ids* (* required).`,
  input: Type.Object(
    { sequence_id: Id("sequence"), contact_ids: Type.Array(Id("contact"), { minItems: 1, maxItems: 100, uniqueItems: true }) },
    { additionalProperties: false },
  ),
  approval: (input) => {
    const count = (input.contact_ids as unknown[]).length;
    return count > BULK_APPROVAL_THRESHOLD ? `Enrolling ${count} contacts at once (more than ${BULK_APPROVAL_THRESHOLD}).` : null;
  },
  run: async (run, input) => {
    const enrolled: unknown[] = [];
    const failed: { contact_id: string; code: string; detail: string }[] = [];
    // One enrollment at a time, each its own commit and events: a contact that cannot be enrolled is reported, the others proceed.
    for (const contactId of input.contact_ids as string[]) {
      try {
        enrolled.push(await run.call("enroll_contact", { sequence_id: input.sequence_id, contact_id: contactId }));
      } catch (error) {
        if (!(error instanceof ApiError) || error.code === "not_found") throw error;
        failed.push({ contact_id: contactId, code: error.code, detail: error.detail });
      }
    }
    return { enrolled, failed };
  },
};

export const COMPOSITE_TOOLS: readonly Tool[] = [moveDealToStage, enrollContacts];

/**
 * Names actions were stored under before the registry was generated (the
 * hand-written tools): an approval recorded under one of them is still
 * decided, by the tool it stands for, which takes the same input. Only names
 * an action waiting for approval can hold are kept.
 */
export const STORED_NAMES: Readonly<Record<string, string>> = {
  invoices_void: "void_invoice",
  invoices_mark_uncollectible: "mark_invoice_uncollectible",
  contacts_delete: "delete_contact",
  accounts_delete: "delete_account",
  sequences_enroll: "enroll_contacts",
};
