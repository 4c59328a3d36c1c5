// Every table, for drizzle-kit (migrations) and the typed query builder.
export * from "../platform/orgs/orgs-table.ts";
export * from "../platform/auth/api-keys-table.ts";
export * from "../platform/idempotency/idempotency-table.ts";
export * from "../platform/events/events-table.ts";
export * from "../engines/finance/invoices-table.ts";
export * from "../engines/growth/accounts-table.ts";
export * from "../engines/growth/contacts-table.ts";
export * from "../engines/growth/pipelines-table.ts";
export * from "../engines/growth/deals-table.ts";
export * from "../engines/growth/sequences-table.ts";
export * from "../engines/talent/jobs-table.ts";
export * from "../engines/talent/candidates-table.ts";
export * from "../intelligence/snapshots-table.ts";
export * from "../webhooks/webhooks-table.ts";
export * from "../functions/functions-table.ts";
export * from "../identity/identity-table.ts";
export * from "../engines/agent/agent-table.ts";
