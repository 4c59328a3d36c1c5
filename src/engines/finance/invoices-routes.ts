import { readerOf } from "../../platform/read-routing.ts";
import type { Api, RouteDeps } from "../../platform/http.ts";
import { callerOf, writeContext } from "../../platform/request-context.ts";
import { sendJson } from "../../platform/lists.ts";
import { Deleted, IdParams, ListEnvelope, NoBody } from "../../platform/schemas.ts";
import { CreateInvoice, Invoice, PayInvoice, UpdateInvoice } from "./invoices-schemas.ts";
import { createInvoice, deleteInvoice, getInvoice, invoiceList, listInvoicesJson, payInvoice, transitionInvoice, updateInvoice } from "./invoices-service.ts";

const tags = ["Invoices"];
const read = { permission: "finance:read" } as const;
const writeAccess = { permission: "finance:write" } as const;
const Params = IdParams("invoice");

export function registerInvoiceRoutes(app: Api, { db }: RouteDeps): void {
  app.get(
    "/v1/invoices",
    {
      config: read,
      schema: {
        tags,
        operationId: "listInvoices",
        summary: "List invoices",
        description: "Filter with status (overdue included), currency, client, amount, amount paid and date ranges; search with q; sort with sort.",
        querystring: invoiceList.querystring,
        response: { 200: ListEnvelope(Invoice) },
      },
    },
    async (request, reply) =>
      sendJson(reply, await listInvoicesJson(await readerOf(request), callerOf(request).org.id, request.query as Record<string, unknown>, request.now)),
  );

  app.post(
    "/v1/invoices",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "createInvoice",
        summary: "Create an invoice",
        description: "Created as draft, or open when status is open. Accepts Idempotency-Key.",
        body: CreateInvoice,
        response: { 201: Invoice },
      },
    },
    async (request, reply) => reply.code(201).send(await createInvoice(db, writeContext(request), request.body)),
  );

  app.get(
    "/v1/invoices/:id",
    { config: read, schema: { tags, operationId: "getInvoice", summary: "Get an invoice", params: Params, response: { 200: Invoice } } },
    async (request) => getInvoice(db, callerOf(request).org.id, request.params.id, request.now),
  );

  app.patch(
    "/v1/invoices/:id",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "updateInvoice",
        summary: "Update an invoice",
        description: "Drafts can change every field; open invoices all but number and currency; closed ones only description and metadata.",
        params: Params,
        body: UpdateInvoice,
        response: { 200: Invoice },
      },
    },
    async (request) => updateInvoice(db, writeContext(request), request.params.id, request.body),
  );

  app.delete(
    "/v1/invoices/:id",
    {
      config: { ...writeAccess, approval: "Deleting an invoice cannot be undone." },
      schema: { tags, operationId: "deleteInvoice", summary: "Delete a draft invoice", params: Params, response: { 200: Deleted("invoice") } },
    },
    async (request) => deleteInvoice(db, writeContext(request), request.params.id),
  );

  // approval: why an agent's call waits for a person (engines/agent/route-tools.ts); the API runs it at once.
  const actions = [
    ["finalize", "finalizeInvoice", "Finalize a draft (draft -> open)", undefined],
    ["void", "voidInvoice", "Void an open or uncollectible invoice", "Voiding an invoice cancels money owed."],
    ["mark_uncollectible", "markInvoiceUncollectible", "Mark an open invoice uncollectible", "Marking an invoice uncollectible writes off money owed."],
  ] as const;
  for (const [action, operationId, summary, approval] of actions) {
    app.post(
      `/v1/invoices/:id/${action}`,
      { config: { ...writeAccess, approval }, schema: { tags, operationId, summary, params: Params, body: NoBody, response: { 200: Invoice } } },
      async (request) => transitionInvoice(db, writeContext(request), request.params.id, action),
    );
  }

  app.post(
    "/v1/invoices/:id/pay",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "payInvoice",
        summary: "Record a payment",
        description: "Partial payments are allowed; a payment above the amount due is refused. The invoice is paid when nothing is due.",
        params: Params,
        body: PayInvoice,
        response: { 200: Invoice },
      },
    },
    async (request) => payInvoice(db, writeContext(request), request.params.id, request.body.amount),
  );
}
