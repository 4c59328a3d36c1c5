import { readerOf } from "../../platform/read-routing.ts";
import type { Api } from "../../platform/http.ts";
import { callerOf, writeContext } from "../../platform/request-context.ts";
import { sendJson } from "../../platform/lists.ts";
import { Deleted, IdParams, ListEnvelope } from "../../platform/schemas.ts";
import { Contact, CreateContact, UpdateContact } from "./contacts-schemas.ts";
import { contactList, createContact, deleteContact, getContact, listContactsJson, updateContact } from "./contacts-service.ts";
import type { GrowthDeps } from "./index.ts";

const tags = ["Contacts"];
const read = { permission: "growth:read" } as const;
const writeAccess = { permission: "growth:write" } as const;
const Params = IdParams("contact");

export function registerContactRoutes(app: Api, { db }: GrowthDeps): void {
  app.get(
    "/v1/contacts",
    {
      config: read,
      schema: {
        tags,
        operationId: "listContacts",
        summary: "List contacts",
        description: "Filter by email, account_id, lifecycle_stage, tags (any of) and dates; search names and email with q.",
        querystring: contactList.querystring,
        response: { 200: ListEnvelope(Contact) },
      },
    },
    async (request, reply) =>
      sendJson(reply, await listContactsJson(await readerOf(request), callerOf(request).org.id, request.query as Record<string, unknown>, request.now)),
  );

  app.post(
    "/v1/contacts",
    {
      config: writeAccess,
      schema: {
        tags,
        operationId: "createContact",
        summary: "Create a contact",
        description:
          "The email is unique in the organization (case-insensitive; a duplicate is a 409 naming the existing contact). Without account_id, the contact joins the account whose domain matches the email's.",
        body: CreateContact,
        response: { 201: Contact },
      },
    },
    async (request, reply) => reply.code(201).send(await createContact(db, writeContext(request), request.body)),
  );

  app.get(
    "/v1/contacts/:id",
    { config: read, schema: { tags, operationId: "getContact", summary: "Get a contact", params: Params, response: { 200: Contact } } },
    async (request) => getContact(db, callerOf(request).org.id, request.params.id),
  );

  app.patch(
    "/v1/contacts/:id",
    {
      config: writeAccess,
      schema: { tags, operationId: "updateContact", summary: "Update a contact", params: Params, body: UpdateContact, response: { 200: Contact } },
    },
    async (request) => updateContact(db, writeContext(request), request.params.id, request.body),
  );

  app.delete(
    "/v1/contacts/:id",
    {
      config: { ...writeAccess, approval: "Deleting a contact cannot be undone." },
      schema: {
        tags,
        operationId: "deleteContact",
        summary: "Delete a contact",
        description: "The contact leaves the deals that named it, and its active sequence enrollments stop.",
        params: Params,
        response: { 200: Deleted("contact") },
      },
    },
    async (request) => deleteContact(db, writeContext(request), request.params.id),
  );
}
