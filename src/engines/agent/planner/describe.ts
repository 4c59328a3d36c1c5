import type { Tool } from "../tools.ts";
import { labelOf, money, personName, plural, type Item } from "./answer.ts";
import { classify } from "./catalog.ts";

const PAST: Record<string, string> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  void: "voided",
  uncollectible: "marked uncollectible",
  finalize: "finalized",
  pause: "paused",
  resume: "activated",
  archive: "archived",
  unenroll: "unenrolled",
};

/** One line saying what a completed call did, for every tool: replies and the line after an approval. */
export function describe(tool: string, result: unknown): string {
  const r = (result ?? {}) as Item;
  // Only the name is known here: the operation is read from it, the resource from the result's own `object`.
  const kind = classify({ name: tool } as Tool);
  if (!kind) return `${tool} finished.`;
  const op = kind.op;
  const resource = typeof r.object === "string" && !["list"].includes(r.object) ? r.object.replace(/^intelligence_/, "") : kind.resource;
  const noun = resource.replace(/_/g, " ");
  if (op === "enroll") {
    if (Array.isArray(r.enrolled)) {
      const out = r as unknown as { enrolled: unknown[]; failed: { contact_id: string; detail: string }[] };
      return `enrolled ${plural(out.enrolled.length, "contact")}.${out.failed.map((f) => `\n- not enrolled ${f.contact_id}: ${f.detail}`).join("")}`;
    }
    return `enrolled ${String(r.contact_id ?? "the contact")} (${r.id}).`;
  }
  if (op === "pay") return `recorded the payment on ${String(r.number)}; ${money(Number(r.amount_due), String(r.currency))} still due (${String(r.status)}).`;
  if (op === "move") return r.stage ? `${personName(r)} is now ${String(r.stage)}.` : `${labelOf(r)} is now ${String(r.status)}.`;
  if (op === "enrich") {
    const e = r.enrichment as { status?: string } | undefined;
    return `enrichment of ${String(r.name)} is ${e?.status ?? "requested"}${r.industry ? `: ${String(r.industry)}` : ""}${r.employee_count ? `, ${String(r.employee_count)} employees` : ""}.`;
  }
  if (resource === "snapshot" && op === "create") return `took snapshot ${r.id}.`;
  if (op === "delete" || r.deleted === true) return `deleted ${noun} ${r.id}.`;
  const past = PAST[op];
  if (!past) return `${tool} finished.`;
  const amount = r.amount !== undefined && r.amount !== null && r.currency ? `, ${money(Number(r.amount), String(r.currency))}` : "";
  const state = op === "update" && (r.stage || r.status) ? `; it is now ${String(r.stage ?? r.status)}` : "";
  // An invoice's number is what people use (INV-000042); other records by name, with their id.
  if (r.object === "invoice" && op !== "create") return `${past} ${String(r.number)}.`;
  return `${past} ${noun} ${labelOf(r)}${r.object === "invoice" ? "" : amount}, ${r.id}${state}.`;
}
