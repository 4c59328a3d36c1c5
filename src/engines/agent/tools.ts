import { Type, type Static, type TSchema } from "typebox";
import type { ValidateFunction } from "ajv";
import type { Db } from "../../db/connection.ts";
import { requirePermissions } from "../../platform/auth/auth-hook.ts";
import type { Caller } from "../../platform/auth/caller.ts";
import type { Permission } from "../../platform/auth/permissions.ts";
import { ApiError } from "../../platform/errors.ts";
import type { WriteContext } from "../../platform/events/outbox.ts";
import { eventList, listEvents } from "../../platform/events/events-service.ts";
import { Id, StringEnum } from "../../platform/schemas.ts";
import { fieldErrors, validatorCompiler } from "../../platform/validation.ts";
import { PayInvoice } from "../finance/invoices-schemas.ts";
import { getInvoice, invoiceList, listInvoices, payInvoice, transitionInvoice } from "../finance/invoices-service.ts";
import { CreateAccount, UpdateAccount } from "../growth/accounts-schemas.ts";
import { accountList, createAccount, deleteAccount, listAccounts, updateAccount } from "../growth/accounts-service.ts";
import { CreateContact, UpdateContact } from "../growth/contacts-schemas.ts";
import { contactList, createContact, deleteContact, listContacts, updateContact } from "../growth/contacts-service.ts";
import { CreateDeal } from "../growth/deals-schemas.ts";
import { createDeal, dealList, getDeal, listDeals, updateDeal } from "../growth/deals-service.ts";
import { accountDossier } from "../growth/dossier-service.ts";
import { requestEnrichment, type Enricher } from "../growth/enrichment-service.ts";
import { getPipeline } from "../growth/pipelines-service.ts";
import { CreateSequence } from "../growth/sequences-schemas.ts";
import { createSequence, enroll, listSequences, sequenceList } from "../growth/sequences-service.ts";
import { CANDIDATE_STAGES } from "../talent/candidates-schemas.ts";
import { candidateList, listCandidates, updateCandidate } from "../talent/candidates-service.ts";
import { jobList, listJobs } from "../talent/jobs-service.ts";
import { getSnapshot, latestSnapshot, takeSnapshot } from "../../intelligence/snapshots-service.ts";

/**
 * The agent's tools: one registry over the engines' services and their own
 * TypeBox schemas, used by the offline planner, by real models (as function
 * definitions) and by MCP clients. A tool never touches another engine's
 * tables; it calls that engine's service, with the caller's organization and
 * a write context that names the conversation (so engine events say who asked).
 */
export interface ToolContext {
  db: Db;
  caller: Caller;
  ctx: WriteContext;
  enricher: Enricher;
}

export interface Tool<S extends TSchema = TSchema> {
  name: string;
  description: string;
  /** read tools change nothing; a read-only key gets only these. */
  access: "read" | "write";
  /** Every permission the call needs, checked again each time it runs. */
  permissions: readonly Permission[];
  input: S;
  /** Why this call needs a person's approval first (destroys data or money, or changes many records), or null. */
  approval?: (input: Static<S>) => string | null;
  run(tool: ToolContext, input: Static<S>): Promise<unknown>;
}

/** Enrolling or changing more records than this in one call waits for approval. */
export const BULK_APPROVAL_THRESHOLD = 10;

const EVERY_ENGINE = ["finance:read", "growth:read", "talent:read"] as const;
const FINANCE_READ = ["finance:read"] as const;
const FINANCE_WRITE = ["finance:write"] as const;
const GROWTH_READ = ["growth:read"] as const;
const GROWTH_WRITE = ["growth:write"] as const;
const TALENT_READ = ["talent:read"] as const;
const TALENT_WRITE = ["talent:write"] as const;

function define<S extends TSchema>(tool: Tool<S>): Tool {
  return tool as unknown as Tool;
}

const obj = <P extends Record<string, TSchema>>(props: P, description?: string) => Type.Object(props, { additionalProperties: false, description });
/** An update body (every field optional, at least one) with the id of what it updates. */
const withId = <S extends TSchema>(key: string, idSchema: TSchema, update: S) =>
  Type.Unsafe<{ [key: string]: unknown }>({
    ...update,
    properties: { [key]: idSchema, ...(update as unknown as { properties: Record<string, TSchema> }).properties },
    required: [key],
    minProperties: 2,
  });

const EmptyInput = obj({});

export const TOOLS: readonly Tool[] = [
  // Finance
  define({
    name: "invoices_list",
    description: "List invoices. Filters as GET /v1/invoices: status (overdue included), client, client[contains], account_id, q, sort, page, per_page.",
    access: "read",
    permissions: FINANCE_READ,
    input: invoiceList.querystring,
    run: ({ db, caller, ctx }, input) => listInvoices(db, caller.org.id, input as Record<string, unknown>, ctx.now),
  }),
  define({
    name: "invoices_get",
    description: "Get one invoice by id.",
    access: "read",
    permissions: FINANCE_READ,
    input: obj({ invoice_id: Id("invoice") }),
    run: ({ db, caller, ctx }, input) => getInvoice(db, caller.org.id, input.invoice_id, ctx.now),
  }),
  define({
    name: "invoices_record_payment",
    description: "Record a payment (full or partial) received on an open or overdue invoice.",
    access: "write",
    permissions: FINANCE_WRITE,
    input: Type.Object({ invoice_id: Id("invoice"), amount: PayInvoice.properties.amount }, { additionalProperties: false }),
    run: ({ db, ctx }, input) => payInvoice(db, ctx, input.invoice_id, input.amount),
  }),
  define({
    name: "invoices_void",
    description: "Void an open or uncollectible invoice. Needs approval.",
    access: "write",
    permissions: FINANCE_WRITE,
    input: obj({ invoice_id: Id("invoice") }),
    approval: () => "Voiding an invoice cancels money owed.",
    run: ({ db, ctx }, input) => transitionInvoice(db, ctx, input.invoice_id, "void"),
  }),
  define({
    name: "invoices_mark_uncollectible",
    description: "Mark an open invoice uncollectible. Needs approval.",
    access: "write",
    permissions: FINANCE_WRITE,
    input: obj({ invoice_id: Id("invoice") }),
    approval: () => "Marking an invoice uncollectible writes off money owed.",
    run: ({ db, ctx }, input) => transitionInvoice(db, ctx, input.invoice_id, "mark_uncollectible"),
  }),
  // Growth: contacts
  define({
    name: "contacts_list",
    description: "List or search contacts. Filters as GET /v1/contacts: q (name or email), email, account_id, lifecycle_stage, tags, sort, page, per_page.",
    access: "read",
    permissions: GROWTH_READ,
    input: contactList.querystring,
    run: ({ db, caller, ctx }, input) => listContacts(db, caller.org.id, input as Record<string, unknown>, ctx.now),
  }),
  define({
    name: "contacts_create",
    description: "Create a contact (as POST /v1/contacts).",
    access: "write",
    permissions: GROWTH_WRITE,
    input: CreateContact,
    run: ({ db, ctx }, input) => createContact(db, ctx, input),
  }),
  define({
    name: "contacts_update",
    description: "Update a contact: contact_id and the fields to change (as PATCH /v1/contacts/{id}).",
    access: "write",
    permissions: GROWTH_WRITE,
    input: withId("contact_id", Id("contact"), UpdateContact),
    run: ({ db, ctx }, input) => {
      const { contact_id, ...changes } = input as { contact_id: string } & Record<string, unknown>;
      return updateContact(db, ctx, contact_id, changes);
    },
  }),
  define({
    name: "contacts_delete",
    description: "Delete a contact. Needs approval.",
    access: "write",
    permissions: GROWTH_WRITE,
    input: obj({ contact_id: Id("contact") }),
    approval: () => "Deleting a contact cannot be undone.",
    run: ({ db, ctx }, input) => deleteContact(db, ctx, input.contact_id),
  }),
  // Growth: accounts
  define({
    name: "accounts_list",
    description: "List or search accounts. Filters as GET /v1/accounts: q (name or domain), sort, page, per_page.",
    access: "read",
    permissions: GROWTH_READ,
    input: accountList.querystring,
    run: ({ db, caller, ctx }, input) => listAccounts(db, caller.org.id, input as Record<string, unknown>, ctx.now),
  }),
  define({
    name: "accounts_create",
    description: "Create an account (as POST /v1/accounts).",
    access: "write",
    permissions: GROWTH_WRITE,
    input: CreateAccount,
    run: ({ db, ctx }, input) => createAccount(db, ctx, input),
  }),
  define({
    name: "accounts_update",
    description: "Update an account: account_id and the fields to change.",
    access: "write",
    permissions: GROWTH_WRITE,
    input: withId("account_id", Id("account"), UpdateAccount),
    run: ({ db, ctx }, input) => {
      const { account_id, ...changes } = input as { account_id: string } & Record<string, unknown>;
      return updateAccount(db, ctx, account_id, changes);
    },
  }),
  define({
    name: "accounts_delete",
    description: "Delete an account. Needs approval.",
    access: "write",
    permissions: GROWTH_WRITE,
    input: obj({ account_id: Id("account") }),
    approval: () => "Deleting an account cannot be undone.",
    run: ({ db, ctx }, input) => deleteAccount(db, ctx, input.account_id),
  }),
  define({
    name: "accounts_dossier",
    description: "The account's dossier: contacts, deals, invoices (with finance:read), enrollments, recent events, signals.",
    access: "read",
    permissions: GROWTH_READ,
    input: obj({ account_id: Id("account") }),
    run: ({ db, caller, ctx }, input) => accountDossier(db, caller, input.account_id, ctx.now),
  }),
  define({
    name: "accounts_enrich",
    description: "Enrich an account with firmographic data from the configured provider.",
    access: "write",
    permissions: GROWTH_WRITE,
    input: obj({ account_id: Id("account") }),
    run: async ({ db, ctx, enricher }, input) => (await requestEnrichment(db, ctx, input.account_id, enricher)).account,
  }),
  // Growth: deals
  define({
    name: "deals_list",
    description: "List or search deals. Filters as GET /v1/deals: q (name), status, account_id, pipeline_id, stage_id, sort, page, per_page.",
    access: "read",
    permissions: GROWTH_READ,
    input: dealList.querystring,
    run: ({ db, caller, ctx }, input) => listDeals(db, caller.org.id, input as Record<string, unknown>, ctx.now),
  }),
  define({
    name: "deals_create",
    description: "Create a deal (as POST /v1/deals).",
    access: "write",
    permissions: GROWTH_WRITE,
    input: CreateDeal,
    run: ({ db, ctx }, input) => createDeal(db, ctx, input),
  }),
  define({
    name: "deals_move",
    description: "Move a deal to another stage of its pipeline, named by stage id or name (\"Won\", \"Proposal\"), or to its pipeline's won or lost stage by kind (\"won\", \"lost\").",
    access: "write",
    permissions: GROWTH_WRITE,
    input: obj({ deal_id: Id("deal"), stage: Type.String({ minLength: 1, maxLength: 200 }) }),
    run: async ({ db, caller, ctx }, input) => {
      const deal = await getDeal(db, caller.org.id, input.deal_id);
      const pipeline = await getPipeline(db, caller.org.id, deal.pipeline_id);
      const wanted = input.stage.trim().toLowerCase();
      const stage =
        pipeline.stages.find((s) => s.id === input.stage) ??
        pipeline.stages.find((s) => s.name.toLowerCase() === wanted) ??
        pipeline.stages.find((s) => s.kind === wanted && wanted !== "open");
      if (!stage) {
        throw new ApiError("unprocessable", `The pipeline ${pipeline.name} has no stage "${input.stage}"; its stages: ${pipeline.stages.map((s) => s.name).join(", ")}.`, {
          errors: [{ in: "body", field: "stage", message: "names no stage of the deal's pipeline" }],
        });
      }
      return updateDeal(db, ctx, input.deal_id, { stage_id: stage.id });
    },
  }),
  // Growth: sequences
  define({
    name: "sequences_list",
    description: "List or search outreach sequences: q (name), status, sort, page, per_page.",
    access: "read",
    permissions: GROWTH_READ,
    input: sequenceList.querystring,
    run: ({ db, caller, ctx }, input) => listSequences(db, caller.org.id, input as Record<string, unknown>, ctx.now),
  }),
  define({
    name: "sequences_create",
    description: "Create an outreach sequence (as POST /v1/sequences).",
    access: "write",
    permissions: GROWTH_WRITE,
    input: CreateSequence,
    run: ({ db, ctx }, input) => createSequence(db, ctx, input),
  }),
  define({
    name: "sequences_enroll",
    description: `Enroll contacts in a sequence. More than ${BULK_APPROVAL_THRESHOLD} at once needs approval.`,
    access: "write",
    permissions: GROWTH_WRITE,
    input: obj({
      sequence_id: Id("sequence"),
      contact_ids: Type.Array(Id("contact"), { minItems: 1, maxItems: 100, uniqueItems: true }),
    }),
    approval: (input) =>
      input.contact_ids.length > BULK_APPROVAL_THRESHOLD ? `Enrolling ${input.contact_ids.length} contacts at once (more than ${BULK_APPROVAL_THRESHOLD}).` : null,
    run: async ({ db, ctx }, input) => {
      // One enrollment at a time, each its own commit and events: a contact that cannot be enrolled is reported, the others proceed.
      const enrolled = [];
      const failed = [];
      for (const contactId of input.contact_ids) {
        try {
          enrolled.push(await enroll(db, ctx, input.sequence_id, contactId));
        } catch (error) {
          if (!(error instanceof ApiError) || error.code === "not_found") throw error;
          failed.push({ contact_id: contactId, code: error.code, detail: error.detail });
        }
      }
      return { enrolled, failed };
    },
  }),
  // Talent
  define({
    name: "jobs_list",
    description: "List or search jobs: q (title, department, location), status, sort, page, per_page.",
    access: "read",
    permissions: TALENT_READ,
    input: jobList.querystring,
    run: ({ db, caller, ctx }, input) => listJobs(db, caller.org.id, input as Record<string, unknown>, ctx.now),
  }),
  define({
    name: "candidates_list",
    description: "List or search candidates: job_id, stage, q (name or email), sort, page, per_page.",
    access: "read",
    permissions: TALENT_READ,
    input: candidateList.querystring,
    run: ({ db, caller, ctx }, input) => listCandidates(db, caller.org.id, input as Record<string, unknown>, ctx.now),
  }),
  define({
    name: "candidates_move",
    description: "Move a candidate to another stage: applied, screening, interview, offer, hired or rejected.",
    access: "write",
    permissions: TALENT_WRITE,
    input: obj({ candidate_id: Id("candidate"), stage: StringEnum(CANDIDATE_STAGES) }),
    run: ({ db, ctx }, input) => updateCandidate(db, ctx, input.candidate_id, { stage: input.stage }),
  }),
  // Intelligence and events
  define({
    name: "snapshots_take",
    description: "Compute an intelligence snapshot of finance, growth and talent now.",
    access: "read",
    permissions: EVERY_ENGINE,
    input: EmptyInput,
    run: ({ db, ctx }) => takeSnapshot(db, ctx),
  }),
  define({
    name: "snapshots_read",
    description: "Read an intelligence snapshot: the latest, or the one named by snapshot_id.",
    access: "read",
    permissions: EVERY_ENGINE,
    input: obj({ snapshot_id: Type.Optional(Id("snapshot")) }),
    run: ({ db, caller }, input) => (input.snapshot_id ? getSnapshot(db, caller.org.id, input.snapshot_id) : latestSnapshot(db, caller.org.id)),
  }),
  define({
    name: "events_list",
    description: "List recent events (what happened): type (e.g. invoice.*), object_id, sort, page, per_page.",
    access: "read",
    permissions: ["events:read"],
    input: eventList.querystring,
    run: ({ db, caller, ctx }, input) => listEvents(db, caller, input as Record<string, unknown>, ctx.now),
  }),
];

const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

export function findTool(name: string): Tool {
  const tool = BY_NAME.get(name);
  if (!tool) throw new ApiError("unprocessable", `There is no tool named "${name}".`, { errors: [{ in: "body", field: "tool", message: "names no tool" }] });
  return tool;
}

/** The tools a key may use: those whose every permission it holds. */
export function toolsFor(caller: Caller): Tool[] {
  return TOOLS.filter((t) => t.permissions.every((p) => caller.permissions.has(p)));
}

const validators = new Map<string, ValidateFunction>();

/**
 * Checks a tool's input against its schema: list filters as a query string
 * (text coerced, as GET would), everything else as a JSON body (types exact).
 * The problem names the field as `input.<field>`.
 */
export function validateToolInput(tool: Tool, input: unknown): Record<string, unknown> {
  let validate = validators.get(tool.name);
  if (!validate) {
    const httpPart = tool.access === "read" ? "querystring" : "body";
    validate = validatorCompiler({ schema: tool.input, httpPart, method: "POST", url: `/tools/${tool.name}` }) as ValidateFunction;
    validators.set(tool.name, validate);
  }
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw new ApiError("validation_failed", `input: the ${tool.name} tool takes an object`, { errors: [{ in: "body", field: "input", message: "must be object" }] });
  }
  // Validation may coerce and fill defaults: it works on a copy.
  const copy = structuredClone(input) as Record<string, unknown>;
  if (validate(copy)) return copy;
  const errors = fieldErrors(validate.errors ?? [], "body").map((e) => ({ ...e, field: `input.${e.field === "body" ? "" : e.field}`.replace(/\.$/, "") }));
  const detail = errors.length === 1 ? `${tool.name}: ${errors[0]!.field}: ${errors[0]!.message}` : `${tool.name}: ${errors.length} input fields are invalid.`;
  throw new ApiError("validation_failed", detail, { errors });
}

/** Authorizes (again, at the moment it runs) and runs one tool call on validated input. */
export async function runTool(tool: Tool, context: ToolContext, input: Record<string, unknown>): Promise<unknown> {
  requirePermissions(context.caller, tool.permissions);
  return tool.run(context, input as never);
}

