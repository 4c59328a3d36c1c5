import { and, arrayContains, eq, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/connection.ts";
import { previousAttributes, write, type Emit, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { defineList, jsonOf, listJson, listPage, type Page } from "../../platform/lists.ts";
import { checkCurrencyPrecision, fromCents, toCents } from "../../platform/money.ts";
import { requireAccount } from "./accounts-lookups.ts";
import { requireContacts } from "./contacts-lookups.ts";
import { Deal, type CreateDealInput, type DealApi, type UpdateDealInput } from "./deals-schemas.ts";
import { deals, type DealRow } from "./deals-table.ts";
import { resolveStage } from "./pipelines-service.ts";
import { STAGE_KINDS, type StageRow } from "./pipelines-table.ts";
import { ownedRow } from "../../platform/owned-rows.ts";

export function dealToApi(row: DealRow): DealApi {
  return {
    id: row.id,
    object: "deal",
    name: row.name,
    account_id: row.accountId,
    contact_ids: row.contactIds,
    pipeline_id: row.pipelineId,
    stage_id: row.stageId,
    amount: row.amountCents === null ? null : fromCents(row.amountCents),
    currency: row.currency,
    expected_close_date: row.expectedCloseDate,
    status: row.status,
    closed_at: row.closedAt?.toISOString() ?? null,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const dealList = defineList({
  table: deals,
  tiebreak: deals.id,
  filters: {
    status: { kind: "enum", column: deals.status, values: STAGE_KINDS },
    pipeline_id: { kind: "id", column: deals.pipelineId, idKind: "pipeline" },
    stage_id: { kind: "id", column: deals.stageId, idKind: "stage" },
    account_id: { kind: "id", column: deals.accountId, idKind: "account" },
    contact_id: { kind: "array", column: deals.contactIds, idKind: "contact", description: "Deals involving this contact; a comma list means any of them." },
    currency: { kind: "text", column: deals.currency, description: "ISO 4217 code." },
    amount: { kind: "money", column: deals.amountCents },
    expected_close_date: { kind: "date", column: deals.expectedCloseDate },
    closed_at: { kind: "datetime", column: deals.closedAt },
    created_at: { kind: "datetime", column: deals.createdAt },
    updated_at: { kind: "datetime", column: deals.updatedAt },
  },
  sorts: {
    created_at: deals.createdAt,
    updated_at: deals.updatedAt,
    amount: deals.amountCents,
    expected_close_date: deals.expectedCloseDate,
    closed_at: deals.closedAt,
    name: deals.name,
  },
  defaultSort: "-created_at",
  search: [deals.name],
  // dealToApi, in SQL (see JsonItem).
  json: {
    schema: Deal,
    fields: {
      id: jsonOf.text(deals.id),
      object: jsonOf.literal("deal"),
      name: jsonOf.text(deals.name),
      account_id: jsonOf.text(deals.accountId),
      contact_ids: jsonOf.textArray(deals.contactIds),
      pipeline_id: jsonOf.text(deals.pipelineId),
      stage_id: jsonOf.text(deals.stageId),
      amount: jsonOf.money(deals.amountCents),
      currency: jsonOf.text(deals.currency),
      expected_close_date: jsonOf.date(deals.expectedCloseDate),
      status: jsonOf.text(deals.status),
      closed_at: jsonOf.timestamp(deals.closedAt),
      metadata: jsonOf.stringRecord(deals.metadata),
      created_at: jsonOf.timestamp(deals.createdAt),
      updated_at: jsonOf.timestamp(deals.updatedAt),
    },
  },
});

export async function listDeals(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<DealApi>> {
  return listPage(db, dealList.spec, dealList.parse(orgId, query, now), dealToApi);
}

/** listDeals as the response body (JSON text written by the database). */
export async function listDealsJson(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<string> {
  return listJson(db, dealList.spec, dealList.parse(orgId, query, now), now);
}

export async function getDeal(db: Db, orgId: string, id: string): Promise<DealApi> {
  return dealToApi(await ownedRow(db, deals, orgId, id, "deal"));
}

function lockDeal(tx: Tx, orgId: string, id: string): Promise<DealRow> {
  return ownedRow(tx, deals, orgId, id, "deal", "update");
}

/** The status and close time a deal has in a stage: closed when it enters a won or lost stage, open again when it leaves. */
function placement(stage: StageRow, before: DealRow | undefined, now: Date) {
  const closedAt = stage.kind === "open" ? null : before && before.status === stage.kind ? before.closedAt : now;
  return { pipelineId: stage.pipelineId, stageId: stage.id, status: stage.kind, closedAt };
}

export async function createDeal(db: Db, ctx: WriteContext, input: CreateDealInput): Promise<DealApi> {
  const currency = input.currency ?? "USD";
  const amountCents = input.amount == null ? null : toCents(input.amount);
  if (amountCents !== null) checkCurrencyPrecision("amount", amountCents, currency);
  const row = await write(db, ctx, async (tx, emit) => {
    if (input.account_id) await requireAccount(tx, ctx.orgId, input.account_id);
    await requireContacts(tx, ctx.orgId, input.contact_ids ?? [], "contact_ids");
    const stage = await resolveStage(tx, emit, ctx, input.pipeline_id, input.stage_id);
    const [created] = await tx
      .insert(deals)
      .values({
        orgId: ctx.orgId,
        id: newId("deal"),
        name: input.name,
        accountId: input.account_id ?? null,
        contactIds: input.contact_ids ?? [],
        ...placement(stage, undefined, ctx.now),
        amountCents,
        currency,
        expectedCloseDate: input.expected_close_date ?? null,
        metadata: input.metadata ?? {},
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    const object = dealToApi(created!);
    emit({ type: "deal.created", object });
    if (created!.status === "won") emit({ type: "deal.won", object });
    if (created!.status === "lost") emit({ type: "deal.lost", object });
    return created!;
  });
  return dealToApi(row);
}

export async function updateDeal(db: Db, ctx: WriteContext, id: string, input: UpdateDealInput): Promise<DealApi> {
  const row = await write(db, ctx, async (tx, emit) => {
    // What the deal will name first, then the deal: the order deleting an account or a contact locks them in.
    if (input.account_id) await requireAccount(tx, ctx.orgId, input.account_id);
    if (input.contact_ids) await requireContacts(tx, ctx.orgId, input.contact_ids, "contact_ids");
    const before = await lockDeal(tx, ctx.orgId, id);
    const moving = input.stage_id !== undefined || (input.pipeline_id !== undefined && input.pipeline_id !== before.pipelineId);
    const stage = moving ? await resolveStage(tx, emit, ctx, input.pipeline_id, input.stage_id) : undefined;
    const currency = input.currency ?? before.currency;
    const amountCents = input.amount === undefined ? before.amountCents : input.amount === null ? null : toCents(input.amount);
    if (amountCents !== null) checkCurrencyPrecision("amount", amountCents, currency);
    const [after] = await tx
      .update(deals)
      .set({
        name: input.name ?? before.name,
        accountId: input.account_id === undefined ? before.accountId : input.account_id,
        contactIds: input.contact_ids ?? before.contactIds,
        ...(stage ? placement(stage, before, ctx.now) : {}),
        amountCents,
        currency,
        expectedCloseDate: input.expected_close_date === undefined ? before.expectedCloseDate : input.expected_close_date,
        metadata: input.metadata ?? before.metadata,
        updatedAt: ctx.now,
      })
      .where(and(eq(deals.orgId, ctx.orgId), eq(deals.id, id)))
      .returning();
    emitDealUpdate(emit, before, after!);
    return after!;
  });
  return dealToApi(row);
}

/** deal.updated with what changed; on a stage move also deal.stage_changed, and deal.won / deal.lost on entering a closed stage. */
function emitDealUpdate(emit: Emit, before: DealRow, after: DealRow): void {
  const object = dealToApi(after);
  const previous = previousAttributes(dealToApi(before), object);
  if (Object.keys(previous).length === 0) return;
  emit({ type: "deal.updated", object, previous });
  if (before.stageId === after.stageId) return;
  const { stage_id, pipeline_id, status, closed_at } = previous;
  emit({ type: "deal.stage_changed", object, previous: { stage_id, ...(pipeline_id ? { pipeline_id } : {}), ...(status ? { status, closed_at } : {}) } });
  if (after.status !== before.status && after.status === "won") emit({ type: "deal.won", object });
  if (after.status !== before.status && after.status === "lost") emit({ type: "deal.lost", object });
}

export async function deleteDeal(db: Db, ctx: WriteContext, id: string): Promise<{ id: string; object: "deal"; deleted: true }> {
  await write(db, ctx, async (tx, emit) => {
    const row = await lockDeal(tx, ctx.orgId, id);
    await tx.delete(deals).where(and(eq(deals.orgId, ctx.orgId), eq(deals.id, id)));
    emit({ type: "deal.deleted", object: dealToApi(row) });
  });
  return { id, object: "deal", deleted: true };
}

async function rewriteDeals(tx: Tx, emit: Emit, ctx: WriteContext, match: SQL, change: PgUpdateSetSource<typeof deals>) {
  const before = await tx
    .select()
    .from(deals)
    .where(and(eq(deals.orgId, ctx.orgId), match))
    .for("update");
  if (before.length === 0) return;
  const after = await tx
    .update(deals)
    .set({ ...change, updatedAt: ctx.now })
    .where(and(eq(deals.orgId, ctx.orgId), match))
    .returning();
  const byId = new Map(before.map((r) => [r.id, r]));
  for (const row of after) emitDealUpdate(emit, byId.get(row.id)!, row);
}

/** The account is going away: its deals stay, without it. */
export async function detachAccountFromDeals(tx: Tx, emit: Emit, ctx: WriteContext, accountId: string): Promise<void> {
  await rewriteDeals(tx, emit, ctx, eq(deals.accountId, accountId), { accountId: null });
}

/** The contact is going away: it leaves every deal that named it. */
export async function removeContactFromDeals(tx: Tx, emit: Emit, ctx: WriteContext, contactId: string): Promise<void> {
  await rewriteDeals(tx, emit, ctx, arrayContains(deals.contactIds, [contactId]), { contactIds: sql`array_remove(${deals.contactIds}, ${contactId})` });
}
