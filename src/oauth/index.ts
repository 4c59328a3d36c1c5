import type { Db } from "../db/connection.ts";
import type { Api } from "../platform/http.ts";
import type { RateLimitStore } from "../platform/rate-limit/gcra.ts";
import { registerAuthorizationServer } from "./authorization-server-routes.ts";
import { registerOAuthAppRoutes } from "./oauth-apps-routes.ts";
import { registerOAuthGrantRoutes } from "./oauth-grants-routes.ts";
import { OAuthGrant } from "./oauth-schemas.ts";

export { oauthBearer } from "./access-tokens.ts";

/**
 * OAuth 2.0 for integrations: apps and connected apps under /v1 (API
 * routes like any other), and the authorization server (/oauth/*, the
 * /.well-known metadata). The form parser the OAuth endpoints need is
 * registered in their own scope: /v1 stays JSON only.
 */
export async function registerOAuth(app: Api, db: Db, throttle: RateLimitStore) {
  registerOAuthAppRoutes(app, db);
  registerOAuthGrantRoutes(app, db);
  await app.register(async (scope: Api) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, new URLSearchParams(body as string)),
    );
    registerAuthorizationServer(scope, db, throttle);
  });
  return { eventObjects: { oauth_grant: OAuthGrant } };
}
