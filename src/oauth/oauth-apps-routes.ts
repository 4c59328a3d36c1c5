import { Type } from "typebox";
import type { Db } from "../db/connection.ts";
import type { Api } from "../platform/http.ts";
import { callerOf, writeContext } from "../platform/request-context.ts";
import { IdParams, ListEnvelope, Nullable, OPTIONAL_BODY, StringEnum } from "../platform/schemas.ts";
import { OAuthApp } from "./oauth-schemas.ts";
import { appList, appToApi, createApp, deleteApp, listApps, ownApp, rotateSecret, updateApp } from "./oauth-apps-service.ts";
import { CLIENT_TYPES } from "./oauth-table.ts";
import { SCOPES } from "../platform/auth/scopes.ts";

// /v1/oauth_apps: an organization's OAuth apps (the authorization server's routes are in authorization-server-routes.ts).

const appTags = ["OAuth apps"];
/** Registering apps and disconnecting them is managing credentials: the same permission as API keys. */
const manage = { permission: "api_keys:manage" } as const;
const AppParams = IdParams("oauthApp");

const NO_CONTROL = "^[^\\u0000-\\u001f\\u007f]*$";
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: NO_CONTROL, description: "Shown to members on the consent page." });
const RedirectUris = Type.Array(Type.String({ minLength: 1, maxLength: 2000, pattern: NO_CONTROL }), {
  minItems: 1,
  maxItems: 10,
  description: "Where authorization answers may be sent, compared exactly: https, or http to a loopback address.",
});
const Scopes = Type.Array(StringEnum(SCOPES), { minItems: 1, maxItems: SCOPES.length, uniqueItems: true, description: "The most the app may ask for." });
const LogoUrl = Nullable(Type.String({ format: "uri", maxLength: 2000, pattern: NO_CONTROL }), { description: "An https URL of the app's logo." });

const WithSecret = Type.Intersect(
  [
    OAuthApp,
    Type.Object({
      client_secret: Type.Optional(
        Type.String({
          description: "Shown once, in this answer only (confidential apps; a replay with the same Idempotency-Key leaves it out). Store it safely.",
        }),
      ),
    }),
  ],
  { $id: "OauthAppWithClientSecret" },
);

const CreateApp = Type.Object(
  { name: Name, client_type: StringEnum(CLIENT_TYPES), redirect_uris: RedirectUris, scopes: Scopes, logo_url: Type.Optional(LogoUrl) },
  { additionalProperties: false },
);
const UpdateApp = Type.Object(
  { name: Type.Optional(Name), redirect_uris: Type.Optional(RedirectUris), scopes: Type.Optional(Scopes), logo_url: Type.Optional(LogoUrl) },
  { additionalProperties: false, minProperties: 1 },
);

export function registerOAuthAppRoutes(app: Api, db: Db): void {
  app.get(
    "/v1/oauth_apps",
    {
      config: manage,
      schema: {
        tags: appTags,
        operationId: "listOAuthApps",
        summary: "List OAuth apps",
        querystring: appList.querystring,
        response: { 200: ListEnvelope(OAuthApp) },
      },
    },
    async (request) => listApps(db, callerOf(request).org.id, request.query as Record<string, unknown>, request.now),
  );

  app.post(
    "/v1/oauth_apps",
    {
      config: manage,
      schema: {
        tags: appTags,
        operationId: "createOAuthApp",
        summary: "Register an OAuth app",
        description: "Only members of this organization can authorize the app. A confidential app's client_secret is in this answer only.",
        body: CreateApp,
        response: { 201: WithSecret },
      },
    },
    async (request, reply) => {
      const { app: created, secret } = await createApp(db, writeContext(request), request.body);
      return reply.code(201).send({ ...created, ...(secret && { client_secret: secret }) });
    },
  );

  app.get(
    "/v1/oauth_apps/:id",
    { config: manage, schema: { tags: appTags, operationId: "getOAuthApp", summary: "Get an OAuth app", params: AppParams, response: { 200: OAuthApp } } },
    async (request) => appToApi(await ownApp(db, callerOf(request).org.id, request.params.id)),
  );

  app.patch(
    "/v1/oauth_apps/:id",
    {
      config: manage,
      schema: {
        tags: appTags,
        operationId: "updateOAuthApp",
        summary: "Update an OAuth app",
        description: "Narrowing scopes narrows every token already issued to the app from its next request on.",
        params: AppParams,
        body: UpdateApp,
        response: { 200: OAuthApp },
      },
    },
    async (request) => updateApp(db, writeContext(request), request.params.id, request.body),
  );

  app.delete(
    "/v1/oauth_apps/:id",
    {
      config: manage,
      schema: {
        tags: appTags,
        operationId: "deleteOAuthApp",
        summary: "Delete an OAuth app",
        description: "Revokes every grant the app holds; its tokens stop working at once.",
        params: AppParams,
        response: { 200: OAuthApp },
      },
    },
    async (request) => deleteApp(db, writeContext(request), request.params.id),
  );

  app.post(
    "/v1/oauth_apps/:id/rotate_secret",
    {
      config: manage,
      schema: {
        tags: appTags,
        operationId: "rotateOAuthAppSecret",
        summary: "Rotate a confidential app's client secret",
        description: "The old secret stops working at once; the new one is in this answer only.",
        params: AppParams,
        body: Type.Object({}, { additionalProperties: false, [OPTIONAL_BODY]: true }),
        response: { 200: WithSecret },
      },
    },
    async (request) => {
      const { app: rotated, secret } = await rotateSecret(db, writeContext(request), request.params.id);
      return { ...rotated, client_secret: secret };
    },
  );
}
