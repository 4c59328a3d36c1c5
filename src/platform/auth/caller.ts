import type { OrgRow } from "../orgs/orgs-table.ts";
import type { ApiKeyRow } from "./api-keys-table.ts";
import type { Permission } from "./permissions.ts";

/** The authenticated identity behind a request: one key of one organization. */
export interface Caller {
  org: OrgRow;
  key: ApiKeyRow;
  permissions: ReadonlySet<Permission>;
}
