import { readerOf } from "../../platform/read-routing.ts";
import type { Api } from "../../platform/http.ts";
import { callerOf, writeContext } from "../../platform/request-context.ts";
import { Deleted, IdParams, ListEnvelope, NoBody } from "../../platform/schemas.ts";
import { Account, CreateAccount, UpdateAccount } from "./accounts-schemas.ts";
import { accountList, createAccount, deleteAccount, getAccount, listAccounts, updateAccount } from "./accounts-service.ts";
import { Dossier } from "./dossier-schemas.ts";
import { accountDossier } from "./dossier-service.ts";
import { requestEnrichment } from "./enrichment-service.ts";
import type { GrowthDeps } from "./index.ts";

const tags = ["Accounts"];
const read = { permission: "growth:read" } as const;
const writeAccess = { permission: "growth:write" } as const;
const Params = IdParams("account");

export function registerAccountRoutes(app: Api, { db, enricher }: GrowthDeps): void {
  app.get(
    "/v1/accounts",
    {
      config: read,
      schema: {
        tags,
        operationId: "listAccounts",
        summary: "List accounts",
        description: "Filter by domain, industry, country, size, revenue and enrichment status; search name and domain with q.",
        querystring: accountList.querystring,
        response: { 200: ListEnvelope(Account) },
      },
    },
    async (request) => listAccounts(await readerOf(request), callerOf(request).org.id, request.query as Record<string, unknown>, request.now),
  );

  app.post(
    "/v1/accounts",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "createAccount",
        summary: "Create an account",
        description: "The domain is normalized (acme.com) and unique in the organization; a duplicate is a 409 naming the existing account.",
        body: CreateAccount,
        response: { 201: Account },
      },
    },
    async (request, reply) => reply.code(201).send(await createAccount(db, writeContext(request), request.body)),
  );

  app.get(
    "/v1/accounts/:id",
    { config: read, schema: { tags, operationId: "getAccount", summary: "Get an account", params: Params, response: { 200: Account } } },
    async (request) => getAccount(db, callerOf(request).org.id, request.params.id),
  );

  app.patch(
    "/v1/accounts/:id",
    {
      config: writeAccess,
      schema: { tags, operationId: "updateAccount", summary: "Update an account", params: Params, body: UpdateAccount, response: { 200: Account } },
    },
    async (request) => updateAccount(db, writeContext(request), request.params.id, request.body),
  );

  app.delete(
    "/v1/accounts/:id",
    {
      config: { ...writeAccess, approval: "Deleting an account cannot be undone." },
      schema: {
        tags,
        operationId: "deleteAccount",
        summary: "Delete an account",
        description: "Its contacts and deals stay, no longer linked to it (each emits its updated event).",
        params: Params,
        response: { 200: Deleted("account") },
      },
    },
    async (request) => deleteAccount(db, writeContext(request), request.params.id),
  );

  app.get(
    "/v1/accounts/:id/dossier",
    {
      config: read,
      schema: {
        tags,
        operationId: "getAccountDossier",
        summary: "Get an account's dossier",
        description:
          "One document for someone about to call the account: the account and its enrichment, contacts, deals with pipeline value, invoices with totals (keys that may read finance), active sequence enrollments, the last 50 events, and signals.",
        params: Params,
        response: { 200: Dossier },
      },
    },
    async (request) => accountDossier(await readerOf(request), callerOf(request), request.params.id, request.now),
  );

  app.post(
    "/v1/accounts/:id/enrich",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "enrichAccount",
        summary: "Enrich an account",
        description:
          "Runs the configured enrichment provider. 200 with the account when it finishes quickly (enrichment.status enriched or failed); 202 with status pending when it takes longer, in which case it finishes in the background and emits account.enriched. Enrichment fills empty fields only.",
        params: Params,
        body: NoBody,
        response: { 200: Account, 202: Account },
      },
    },
    async (request, reply) => {
      const { status, account } = await requestEnrichment(db, writeContext(request), request.params.id, enricher);
      return reply.code(status).send(account);
    },
  );
}
