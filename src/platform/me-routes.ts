import { Type } from "typebox";
import { ApiKey } from "./auth/api-keys-routes.ts";
import { apiKeyToApi } from "./auth/api-keys-service.ts";
import type { Api } from "./http.ts";
import { orgToApi } from "./orgs/orgs-service.ts";
import { PLAN_LIMITS, WINDOW_MS } from "./rate-limit/rate-limit-hook.ts";
import { callerOf } from "./request-context.ts";

const Me = Type.Object(
  {
    object: Type.Literal("me"),
    organization: Type.Object({
      id: Type.String(),
      object: Type.Literal("organization"),
      name: Type.String(),
      plan: Type.String(),
      created_at: Type.String({ format: "date-time" }),
    }),
    api_key: Type.Union([ApiKey, Type.Null()], {
      description: "The calling key; null when the caller is a member signed in to the dashboard (see member) or an OAuth access token (see oauth_grant).",
    }),
    member: Type.Optional(
      Type.Object(
        { user: Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() }), membership_id: Type.String(), role: Type.String() },
        { description: "Present when the caller is a member signed in to the dashboard." },
      ),
    ),
    oauth_grant: Type.Optional(
      Type.Object(
        {
          id: Type.String(),
          app: Type.Object({ id: Type.String(), name: Type.String() }),
          scopes: Type.Array(Type.String(), { description: "What the token may do: the scopes granted, narrowed by the consenting member's current role." }),
          user_id: Type.Union([Type.String(), Type.Null()], { description: "The member who consented; null for client_credentials." }),
        },
        { description: "Present when the caller is an OAuth access token." },
      ),
    ),
    permissions: Type.Array(Type.String()),
    rate_limit: Type.Object({
      limit: Type.Integer({ description: "Requests per window." }),
      remaining: Type.Integer({ description: "Left in the window, after this request." }),
      reset_seconds: Type.Integer({ description: "Seconds until the full allowance is back." }),
      window_seconds: Type.Integer(),
    }),
  },
  { $id: "Me" },
);

export function registerMeRoutes(app: Api): void {
  app.get(
    "/v1/me",
    {
      schema: {
        tags: ["Identity"],
        operationId: "getMe",
        summary: "The calling identity",
        description: "The organization, the API key (without its secret), its permissions and the current rate-limit state.",
        response: { 200: Me },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const limit = PLAN_LIMITS[caller.org.plan];
      const rl = request.rateLimit;
      return {
        object: "me" as const,
        organization: orgToApi(caller.org),
        api_key: caller.member || caller.oauth ? null : apiKeyToApi(caller.key, request.now),
        ...(caller.oauth && {
          oauth_grant: {
            id: caller.oauth.grantId,
            app: { id: caller.oauth.appId, name: caller.oauth.appName },
            scopes: [...caller.oauth.scopes],
            user_id: caller.oauth.userId,
          },
        }),
        ...(caller.member && {
          member: {
            user: { id: caller.member.userId, email: caller.member.email, name: caller.member.name },
            membership_id: caller.member.membershipId,
            role: caller.member.role,
          },
        }),
        permissions: [...caller.permissions],
        rate_limit: {
          limit,
          remaining: rl?.remaining ?? limit,
          reset_seconds: rl?.resetSeconds ?? 0,
          window_seconds: WINDOW_MS / 1000,
        },
      };
    },
  );
}
