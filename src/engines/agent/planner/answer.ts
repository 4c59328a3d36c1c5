/** How the planner words figures, records and lists. */
export type Item = Record<string, unknown> & { id: string };
export type Page = { data: Item[]; meta: { total: number; page?: number; per_page?: number } };

/** Lines a list shows before saying how many more there are. */
export const SCREEN = 10;

// One formatter: toLocaleString with options builds a new one per call (a tenth of a millisecond each, per line of a reply).
const AMOUNT = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function money(amount: number, currency: string): string {
  return `${AMOUNT.format(amount)} ${currency}`;
}

export function plural(n: number, noun: string): string {
  if (n === 1) return `1 ${noun}`;
  const many = /(s|x|ch|sh)$/.test(noun) ? `${noun}es` : /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
  return `${n.toLocaleString("en-US")} ${many}`;
}

export function personName(i: Item): string {
  const name = [i.first_name, i.last_name].filter(Boolean).join(" ");
  return name || String(i.email ?? i.id);
}

/** The name a person would use for a record. */
export function labelOf(i: Item): string {
  if (i.object === "invoice" || (i.number && i.client)) return `${String(i.number)} (${String(i.client)})`;
  if (i.first_name !== undefined || i.last_name !== undefined) return personName(i);
  if (typeof i.name === "string") return i.name;
  if (typeof i.title === "string") return i.title;
  if (typeof i.type === "string") return i.type;
  return i.id;
}

/** Sums of a money field, one per currency: "1,200.00 USD + 300.00 EUR". */
export function sums(items: Item[], field: string): { currency: string; amount: number }[] {
  const by = new Map<string, number>();
  for (const i of items) {
    if (i[field] === null || i[field] === undefined) continue;
    by.set(String(i.currency ?? ""), (by.get(String(i.currency ?? "")) ?? 0) + Number(i[field]));
  }
  return [...by].map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 }));
}

export function sumText(items: { currency: string; amount: number }[]): string {
  return items.length > 0 ? items.map((s) => money(s.amount, s.currency)).join(" + ") : "nothing";
}

/** One line naming a record and what a person acts on. */
export function lineOf(i: Item): string {
  if (i.number && i.client) {
    const overdue = Number(i.days_overdue) > 0 ? `, ${String(i.days_overdue)} days overdue` : "";
    const owed = i.status === "open" || i.status === "overdue";
    return `- ${String(i.number)} · ${String(i.client)} · ${money(Number(owed ? i.amount_due : i.amount), String(i.currency))}${owed ? " due" : ","} ${owed ? "" : "due date "}${String(i.due_date)} (${String(i.status)}${overdue})`;
  }
  const parts: string[] = [];
  if (i.amount !== undefined && i.amount !== null && i.currency) parts.push(money(Number(i.amount), String(i.currency)));
  for (const key of ["title", "email", "stage", "status", "lifecycle_stage", "domain", "department", "location", "expected_close_date"] as const) {
    if (key === "title" && typeof i.name !== "string" && i.first_name === undefined) continue;
    if (i[key] !== undefined && i[key] !== null && i[key] !== "") parts.push(String(i[key]));
  }
  if (typeof i.job === "string") parts.push(`for ${i.job}`);
  // A candidate's stars say how they are rated, next to their stage.
  if (typeof i.rating === "number") parts.push(`${i.rating}★`);
  return `- ${labelOf(i)}${parts.length > 0 ? ` (${parts.join(", ")})` : ""}`;
}

export function listText(page: Page, shown = SCREEN): string {
  const lines = page.data.slice(0, shown).map(lineOf);
  const more = page.meta.total - Math.min(shown, page.data.length);
  return lines.join("\n") + (more > 0 ? `\n…and ${more} more.` : "");
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
