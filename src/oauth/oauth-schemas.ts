import { Type } from "typebox";
import { Id, Nullable, NullableTimestamp, StringEnum, Timestamp } from "../platform/schemas.ts";
import { CLIENT_TYPES } from "./oauth-table.ts";

/** An OAuth app as the API shows it (appToApi). */
export const OAuthApp = Type.Object(
  {
    id: Id("oauthApp"),
    object: Type.Literal("oauth_app"),
    client_id: Type.String({ description: "The app's OAuth client_id (its id)." }),
    name: Type.String(),
    client_type: StringEnum(CLIENT_TYPES, {
      description: "confidential apps authenticate with a client secret; public ones (browser, native, MCP clients) cannot keep one.",
    }),
    redirect_uris: Type.Array(Type.String()),
    scopes: Type.Array(Type.String()),
    logo_url: Nullable(Type.String()),
    client_secret_hint: Nullable(Type.String(), { description: "The start and end of the current client secret (confidential apps)." }),
    created_at: Timestamp("Creation time."),
    updated_at: Timestamp("Last change."),
  },
  { $id: "OauthApp" },
);

/** A grant as the API shows it (grantToApi): an organization's consent to an app. */
export const OAuthGrant = Type.Object(
  {
    id: Id("oauthGrant"),
    object: Type.Literal("oauth_grant"),
    app: Nullable(Type.Object({ id: Type.String(), name: Type.String(), logo_url: Nullable(Type.String()) }), { description: "null once the app is deleted." }),
    user_id: Nullable(Type.String(), { description: "The member who consented; null for client_credentials." }),
    scopes: Type.Array(Type.String()),
    status: StringEnum(["active", "revoked"]),
    created_at: Timestamp("When consent was given."),
    revoked_at: NullableTimestamp("When the grant was revoked."),
  },
  { $id: "OauthGrant" },
);
