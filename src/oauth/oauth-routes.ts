import { Type } from "typebox";
import type { Api } from "../platform/http.ts";
import { callerOf, writeContext } from "../platform/request-context.ts";
import { Id, IdParams, ListEnvelope, Nullable, NullableTimestamp, OPTIONAL_BODY, StringEnum, Timestamp } from "../platform/schemas.ts";
import { appList, appToApi, grantList, type OAuthService } from "./oauth-service.ts";
import { CLIENT_TYPES } from "./oauth-table.ts";
import { SCOPES } from "../platform/auth/scopes.ts";

const appTags = ["OAuth apps"];
const grantTags = ["OAuth grants"];
/** Registering apps and disconnecting them is managing credentials: the same permission as API keys. */
const manage = { permission: "api_keys:manage" } as const;
const AppParams = IdParams("oauthApp");
const GrantParams = IdParams("oauthGrant");

const NO_CONTROL = "^[^\\u0000-\\u001f\\u007f]*$";
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: NO_CONTROL, description: "Shown to members on the consent page." });
const RedirectUris = Type.Array(Type.String({ minLength: 1, maxLength: 2000, pattern: NO_CONTROL }), {
  minItems: 1,
  maxItems: 10,
  description: "Where authorization answers may be sent, compared exactly: https, or http to a loopback address.",
});
const Scopes = Type.Array(StringEnum(SCOPES), { minItems: 1, maxItems: SCOPES.length, uniqueItems: true, description: "The most the app may ask for." });
const LogoUrl = Nullable(Type.String({ format: "uri", maxLength: 2000, pattern: NO_CONTROL }), { description: "An https URL of the app's logo." });

export const OAuthApp = Type.Object({
  id: Id("oauthApp"),
  object: Type.Literal("oauth_app"),
  client_id: Type.String({ description: "The app's OAuth client_id (its id)." }),
  name: Type.String(),
  client_type: StringEnum(CLIENT_TYPES, { description: "confidential apps authenticate with a client secret; public ones (browser, native, MCP clients) cannot keep one." }),
  redirect_uris: Type.Array(Type.String()),
  scopes: Type.Array(Type.String()),
  logo_url: Nullable(Type.String()),
  client_secret_hint: Nullable(Type.String(), { description: "The start and end of the current client secret (confidential apps)." }),
  created_at: Timestamp("Creation time."),
  updated_at: Timestamp("Last change."),
}, { $id: "OauthApp" });

const WithSecret = Type.Intersect([
  OAuthApp,
  Type.Object({ client_secret: Type.Optional(Type.String({ description: "Shown once, in this answer only (confidential apps; a replay with the same Idempotency-Key leaves it out). Store it safely." })) }),
], { $id: "OauthAppWithClientSecret" });

export const OAuthGrant = Type.Object({
  id: Id("oauthGrant"),
  object: Type.Literal("oauth_grant"),
  app: Nullable(Type.Object({ id: Type.String(), name: Type.String(), logo_url: Nullable(Type.String()) }), { description: "null once the app is deleted." }),
  user_id: Nullable(Type.String(), { description: "The member who consented; null for client_credentials." }),
  scopes: Type.Array(Type.String()),
  status: StringEnum(["active", "revoked"]),
  created_at: Timestamp("When consent was given."),
  revoked_at: NullableTimestamp("When the grant was revoked."),
}, { $id: "OauthGrant" });

const CreateApp = Type.Object(
  { name: Name, client_type: StringEnum(CLIENT_TYPES), redirect_uris: RedirectUris, scopes: Scopes, logo_url: Type.Optional(LogoUrl) },
  { additionalProperties: false },
);
const UpdateApp = Type.Object(
  { name: Type.Optional(Name), redirect_uris: Type.Optional(RedirectUris), scopes: Type.Optional(Scopes), logo_url: Type.Optional(LogoUrl) },
  { additionalProperties: false, minProperties: 1 },
);

export function registerOAuthAppRoutes(app: Api, oauth: OAuthService): void {
  app.get(
    "/v1/oauth_apps",
    { config: manage, schema: { tags: appTags, operationId: "listOAuthApps", summary: "List OAuth apps", querystring: appList.querystring, response: { 200: ListEnvelope(OAuthApp) } } },
    async (request) => oauth.listApps(callerOf(request).org.id, request.query as Record<string, unknown>, request.now),
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
      const { app: created, secret } = await oauth.createApp(writeContext(request), request.body);
      return reply.code(201).send({ ...created, ...(secret && { client_secret: secret }) });
    },
  );

  app.get(
    "/v1/oauth_apps/:id",
    { config: manage, schema: { tags: appTags, operationId: "getOAuthApp", summary: "Get an OAuth app", params: AppParams, response: { 200: OAuthApp } } },
    async (request) => appToApi(await oauth.ownApp(callerOf(request).org.id, request.params.id)),
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
    async (request) => oauth.updateApp(callerOf(request).org.id, request.params.id, request.body, request.now),
  );

  app.delete(
    "/v1/oauth_apps/:id",
    {
      config: manage,
      schema: { tags: appTags, operationId: "deleteOAuthApp", summary: "Delete an OAuth app", description: "Revokes every grant the app holds; its tokens stop working at once.", params: AppParams, response: { 200: OAuthApp } },
    },
    async (request) => oauth.deleteApp(writeContext(request), request.params.id),
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
      const { app: rotated, secret } = await oauth.rotateSecret(callerOf(request).org.id, request.params.id, request.now);
      return { ...rotated, client_secret: secret };
    },
  );

  app.get(
    "/v1/oauth_grants",
    {
      config: manage,
      schema: { tags: grantTags, operationId: "listOAuthGrants", summary: "List connected apps", description: "The organization's active grants: which app may do what, and who consented.", querystring: grantList.querystring, response: { 200: ListEnvelope(OAuthGrant) } },
    },
    async (request) => oauth.listGrants(callerOf(request).org.id, request.query as Record<string, unknown>, request.now),
  );

  app.get(
    "/v1/oauth_grants/:id",
    { config: manage, schema: { tags: grantTags, operationId: "getOAuthGrant", summary: "Get a grant", params: GrantParams, response: { 200: OAuthGrant } } },
    async (request) => oauth.getGrant(callerOf(request).org.id, request.params.id),
  );

  app.delete(
    "/v1/oauth_grants/:id",
    {
      config: manage,
      schema: { tags: grantTags, operationId: "revokeOAuthGrant", summary: "Disconnect an app", description: "Revokes the grant: its access and refresh tokens are refused from the next request on, by every server process.", params: GrantParams, response: { 200: OAuthGrant } },
    },
    async (request) => oauth.revokeGrant(writeContext(request), request.params.id),
  );
}
