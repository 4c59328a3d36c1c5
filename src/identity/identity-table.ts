import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * People. A user is global (one email, one password) and belongs to
 * organizations through memberships, so these two tables are the only ones
 * not led by org_id: a user's row is looked up by email before any
 * organization is known.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Lower-cased and trimmed: one person, one row. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** "scrypt$<log2 N>$<r>$<p>$<salt>$<hash>" (base64url); see passwords.ts. */
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

export const ROLES = ["owner", "admin", "developer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const memberships = pgTable(
  "memberships",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    userId: text("user_id").notNull(),
    role: text("role").$type<Role>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), uniqueIndex("memberships_org_user_key").on(t.orgId, t.userId), index("memberships_user_idx").on(t.userId)],
);

/** Dashboard sessions: the cookie holds a random secret, the row its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id").notNull(),
    /** The organization the member is acting in (switchable among their memberships). */
    orgId: text("org_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

export const invites = pgTable(
  "invites",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** When set, only this email may accept. */
    email: text("email"),
    role: text("role").$type<Role>().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), uniqueIndex("invites_token_hash_key").on(t.tokenHash)],
);

export type UserRow = typeof users.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;
