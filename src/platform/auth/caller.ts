import type { OrgRow } from "../orgs/orgs-table.ts";
import type { ApiKeyRow } from "./api-keys-table.ts";
import type { Permission } from "./permissions.ts";

/** A person signed in to the dashboard, acting in one organization through a session. */
export interface MemberIdentity {
  userId: string;
  email: string;
  name: string;
  membershipId: string;
  role: string;
  sessionId: string;
}

/**
 * The authenticated identity behind a request: one key of one organization.
 * A signed-in member is a caller too: `member` says who, and `key` is a
 * stand-in built from the membership (its id names the rate-limit bucket), so
 * every route and the one permission guard treat both alike. What any caller
 * may see and do is decided from `permissions` alone (access.ts): a stand-in
 * key's kind (a member's, an OAuth token's) decides nothing.
 */
export interface Caller {
  org: OrgRow;
  key: ApiKeyRow;
  permissions: ReadonlySet<Permission>;
  member?: MemberIdentity;
  /** Present when the caller is an OAuth access token: the grant it was issued under (its id names the rate-limit bucket). */
  oauth?: OAuthIdentity;
}

/** An app acting through an OAuth grant: the scopes granted, for the member who consented (none for client_credentials). */
export interface OAuthIdentity {
  grantId: string;
  appId: string;
  appName: string;
  scopes: readonly string[];
  userId: string | null;
}
