import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Engine, KeyKind } from "./permissions.ts";

export const apiKeys = pgTable(
  "api_keys",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    kind: text("kind").$type<KeyKind>().notNull(),
    engines: text("engines").array().$type<Engine[]>().notNull(),
    /** SHA-256 of the whole secret, hex. The secret itself is never stored. */
    secretHash: text("secret_hash").notNull(),
    /** "ek_live_AbCd…WxYz": enough to recognise a key in a list, useless to an attacker. */
    hint: text("hint").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    // Authentication looks a key up by its hash alone, before the org is known.
    uniqueIndex("api_keys_secret_hash_key").on(t.secretHash),
    index("api_keys_org_created_idx").on(t.orgId, t.createdAt),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Server processes alive (each beats every 2 s), whose key-cache eviction a revocation waits for. */
export const apiProcesses = pgTable("api_processes", {
  id: text("id").primaryKey(),
  seenAt: timestamp("seen_at", { withTimezone: true, mode: "date" }).notNull(),
});
