/**
 * What ctx lets customer code read, and where each read goes in the API. One
 * table serves both sides: the prelude builds ctx.engines from ENGINE_READS,
 * and the host turns a read into a GET on the path below (so a function sees
 * exactly what the API returns, checked and counted the same way).
 */
export type ReadOp = "list" | "get" | "dossier" | "latest";

export const READS: Record<string, { path: string; ops: readonly ReadOp[] }> = {
  "finance.invoices": { path: "/v1/invoices", ops: ["list", "get"] },
  "growth.contacts": { path: "/v1/contacts", ops: ["list", "get"] },
  "growth.accounts": { path: "/v1/accounts", ops: ["list", "get", "dossier"] },
  "growth.pipelines": { path: "/v1/pipelines", ops: ["list", "get"] },
  "growth.deals": { path: "/v1/deals", ops: ["list", "get"] },
  "growth.sequences": { path: "/v1/sequences", ops: ["list", "get"] },
  "talent.jobs": { path: "/v1/jobs", ops: ["list", "get"] },
  "talent.candidates": { path: "/v1/candidates", ops: ["list", "get"] },
  "intelligence.snapshots": { path: "/v1/intelligence/snapshots", ops: ["list", "get", "latest"] },
};

/** engine -> resource -> ops, for ctx.engines (snapshots have their own ctx.snapshots). */
export const ENGINE_READS: Record<string, Record<string, readonly ReadOp[]>> = {};
for (const [name, { ops }] of Object.entries(READS)) {
  const [engine, resource] = name.split(".") as [string, string];
  if (engine === "intelligence") continue;
  (ENGINE_READS[engine] ??= {})[resource] = ops;
}
