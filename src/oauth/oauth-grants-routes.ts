import type { Db } from "../db/connection.ts";
import type { Api } from "../platform/http.ts";
import { callerOf, writeContext } from "../platform/request-context.ts";
import { IdParams, ListEnvelope } from "../platform/schemas.ts";
import { getGrant, grantList, listGrants, revokeGrant } from "./oauth-grants-service.ts";
import { OAuthGrant } from "./oauth-schemas.ts";

// /v1/oauth_grants: the apps connected to an organization, and disconnecting them.

const grantTags = ["OAuth grants"];
/** Disconnecting an app is managing credentials: the same permission as API keys (and as registering apps). */
const manage = { permission: "api_keys:manage" } as const;
const GrantParams = IdParams("oauthGrant");

export function registerOAuthGrantRoutes(app: Api, db: Db): void {
  app.get(
    "/v1/oauth_grants",
    {
      config: manage,
      schema: {
        tags: grantTags,
        operationId: "listOAuthGrants",
        summary: "List connected apps",
        description: "The organization's active grants: which app may do what, and who consented.",
        querystring: grantList.querystring,
        response: { 200: ListEnvelope(OAuthGrant) },
      },
    },
    async (request) => listGrants(db, callerOf(request).org.id, request.query as Record<string, unknown>, request.now),
  );

  app.get(
    "/v1/oauth_grants/:id",
    { config: manage, schema: { tags: grantTags, operationId: "getOAuthGrant", summary: "Get a grant", params: GrantParams, response: { 200: OAuthGrant } } },
    async (request) => getGrant(db, callerOf(request).org.id, request.params.id),
  );

  app.delete(
    "/v1/oauth_grants/:id",
    {
      config: manage,
      schema: {
        tags: grantTags,
        operationId: "revokeOAuthGrant",
        summary: "Disconnect an app",
        description: "Revokes the grant: its access and refresh tokens are refused from the next request on, by every server process.",
        params: GrantParams,
        response: { 200: OAuthGrant },
      },
    },
    async (request) => revokeGrant(db, writeContext(request), request.params.id),
  );
}
