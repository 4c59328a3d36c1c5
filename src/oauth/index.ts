import type { Db } from "../db/connection.ts";
import type { Api } from "../platform/http.ts";
import type { RateLimitStore } from "../platform/rate-limit/gcra.ts";
import { registerAuthorizationServer } from "./authorization-server.ts";
import { registerOAuthAppRoutes, OAuthGrant } from "./oauth-routes.ts";
import { OAuthService } from "./oauth-service.ts";

export { oauthBearer } from "./oauth-service.ts";

/**
 * OAuth 2.0 for integrations: apps and connected apps under /v1 (API
 * routes like any other), and the authorization server (/oauth/*, the
 * /.well-known metadata). The form parser the OAuth endpoints need is
 * registered in their own scope: /v1 stays JSON only.
 */
export async function registerOAuth(app: Api, db: Db, throttle: RateLimitStore) {
  const oauth = new OAuthService(db);
  registerOAuthAppRoutes(app, oauth);
  await app.register(async (scope: Api) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, new URLSearchParams(body as string)));
    registerAuthorizationServer(scope, db, oauth, throttle);
  });
  return { eventObjects: { oauth_grant: OAuthGrant } };
}
