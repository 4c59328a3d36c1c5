import { QueryBuilder } from "drizzle-orm/pg-core";
import { memberships, type Role } from "./identity-table.ts";

export type { Role };

/**
 * Each member's role in each organization, as a subquery another area joins
 * into its own statement. OAuth's bearer lookup joins the consenting member's
 * role into the one query that authenticates a token (a service call would add
 * a query to every request), so a removed member or a lowered role counts on
 * the next request. PostgreSQL flattens the subquery into a plain join.
 */
export const memberRoles = new QueryBuilder()
  .select({ orgId: memberships.orgId, userId: memberships.userId, role: memberships.role })
  .from(memberships)
  .as("member_roles");
