import { Type } from "typebox";
import { Id, Nullable, StringEnum, Timestamp } from "../platform/schemas.ts";
import { CLIENT_TYPES } from "./oauth-table.ts";

/** An OAuth app as the API shows it (appToApi); the service writes its list in SQL from the same schema. */
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
