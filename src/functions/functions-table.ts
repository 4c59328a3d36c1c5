import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { InvocationStatus, LogLine } from "./runtime/protocol.ts";

/** One function per (org, name); what runs is its active version. */
export const functions = pgTable(
  "functions",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    activeVersion: integer("active_version").notNull(),
    latestVersion: integer("latest_version").notNull(),
    /** The event kinds the active version runs on (its patterns expanded; see triggerKinds), for the outbox's fan-out. */
    eventTriggers: text("event_triggers").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex("functions_org_name_key").on(t.orgId, t.name),
    index("functions_org_created_idx").on(t.orgId, t.createdAt, t.id),
    // The outbox's subscriber lookup on every write reads only these (migration 0010).
    index("functions_org_event_triggers_idx").on(t.orgId).where(sql`cardinality(${t.eventTriggers}) > 0`),
  ],
);

export interface FunctionLimitsRow {
  cpu_ms: number;
  memory_mb: number;
  timeout_ms: number;
}

/** Versions are immutable: a deploy adds one, a rollback points the function at an older one. */
export const functionVersions = pgTable(
  "function_versions",
  {
    orgId: text("org_id").notNull(),
    functionId: text("function_id").notNull(),
    version: integer("version").notNull(),
    /** As deployed (JavaScript or TypeScript). */
    source: text("source").notNull(),
    /** What runs: the source with its types stripped. */
    code: text("code").notNull(),
    /** The name the source was deployed under: stack traces name it. */
    filename: text("filename").notNull(),
    /** Source map of `code` back to `source` (JSON); null for versions deployed before maps were kept. */
    sourceMap: text("source_map"),
    sha256: text("sha256").notNull(),
    env: jsonb("env").$type<Record<string, string>>().notNull(),
    /** AES-256-GCM ciphertext of the secrets object (see secrets.ts); null when there are none. */
    secrets: text("secrets"),
    secretNames: text("secret_names").array().notNull(),
    httpTrigger: boolean("http_trigger").notNull(),
    eventTriggers: text("event_triggers").array().notNull(),
    limits: jsonb("limits").$type<FunctionLimitsRow>().notNull(),
    /** The API key whose permissions the version's ctx reads use. */
    deployedBy: text("deployed_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.functionId, t.version] })],
);

export const INVOCATION_TRIGGERS = ["http", "event"] as const;
export type InvocationTrigger = (typeof INVOCATION_TRIGGERS)[number];

export const functionInvocations = pgTable(
  "function_invocations",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    functionId: text("function_id").notNull(),
    version: integer("version").notNull(),
    trigger: text("trigger").$type<InvocationTrigger>().notNull(),
    /** Event triggers: the event handled and the run that tried it. */
    eventId: text("event_id"),
    runId: text("run_id"),
    /** HTTP: the method and the status answered. */
    method: text("method"),
    responseStatus: integer("response_status"),
    status: text("status").$type<InvocationStatus>().notNull(),
    errorName: text("error_name"),
    errorMessage: text("error_message"),
    errorStack: text("error_stack"),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    durationMs: real("duration_ms").notNull(),
    cpuMs: real("cpu_ms").notNull(),
    logs: jsonb("logs").$type<LogLine[]>().notNull(),
    logsTruncated: boolean("logs_truncated").notNull(),
    requestId: text("request_id"),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index("function_invocations_org_function_started_idx").on(t.orgId, t.functionId, t.startedAt, t.id),
    index("function_invocations_started_idx").on(t.startedAt),
  ],
);

export const RUN_STATUSES = ["pending", "succeeded", "failed", "exhausted"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** One event for one function with an event trigger: written with the event, run at least once. */
export const functionRuns = pgTable(
  "function_runs",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    functionId: text("function_id").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    status: text("status").$type<RunStatus>().notNull(),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex("function_runs_function_event_key").on(t.orgId, t.functionId, t.eventId),
    index("function_runs_due_idx").on(t.nextAttemptAt).where(sql`status IN ('pending', 'failed')`),
  ],
);

export type FunctionRow = typeof functions.$inferSelect;
export type FunctionVersionRow = typeof functionVersions.$inferSelect;
export type InvocationRow = typeof functionInvocations.$inferSelect;
export type RunRow = typeof functionRuns.$inferSelect;
