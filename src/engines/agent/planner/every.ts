import { capitalize, labelOf, plural, type Item } from "./answer.ts";
import { enumValues, properties } from "./catalog.ts";
import { filtersFor } from "./filters.ts";
import { sortable } from "./reads.ts";
import { escapeRegExp, VALUE_WORDS, type Action } from "./lexicon.ts";
import type { Parsed, Phrase } from "./parse.ts";
import { Stop, type Found, type Session } from "./resolve.ts";
import { MOST_AT_ONCE, setState } from "./writes.ts";

/**
 * A change to the records a condition picks: every one ("move every Stark
 * deal still in Lead in to Qualified", "reject all the 1-star applicants at
 * screening", "finalize every Umbrella draft due within 30 days"), or the one a
 * superlative picks ("mark the largest deal in Negotiation as won", "void
 * Stark's oldest open invoice"). The records are picked as a list is read
 * (filters.ts), then each is changed as one named would be. Nothing changes
 * when the condition picks none, more than a person would check in one reply
 * (MOST_AT_ONCE), or, for a superlative, a tie: they are named, to narrow it.
 */

/** The changes a condition may pick the records of. */
export const BULK_ACTIONS = new Set<Action>(["stage", "update", "reject", "hire", "win", "lose", "close", "finalize", "void", "uncollectible"]);

const EVERY = /\b(?:all|every|each|both)\b/gi;
/** Records whose change is final are left out of a move (a won deal is not moved back by "every Stark deal"). */
const FINAL: Record<string, string[]> = { deal: ["won", "lost"], candidate: ["hired", "rejected", "withdrawn"], job: ["closed"] };
const INVOICE_OPS: Record<string, { op: "finalize" | "void" | "uncollectible"; states: string[]; done: string; doing: string }> = {
  finalize: { op: "finalize", states: ["draft"], done: "finalized", doing: "finalizing" },
  void: { op: "void", states: ["open", "overdue", "uncollectible"], done: "voided", doing: "voiding" },
  uncollectible: { op: "uncollectible", states: ["open", "overdue"], done: "marked uncollectible", doing: "writing off" },
};

/** "every Stark deal", "all the drafts", "each 1-star candidate": every, all or each before the records' noun or state. */
export function saysEvery(p: Parsed): boolean {
  const words = [...p.resourceWords, ...p.states.flatMap((st) => [st, ...(VALUE_WORDS[st] ?? [])])].map((w) => w.toLowerCase());
  if (words.length === 0) return false;
  const said = p.said ?? p.raw;
  for (const m of said.matchAll(EVERY)) {
    // "both" names two records already said ("both of them"); only "both Stark deals" picks by a condition.
    const reach = m[0].toLowerCase() === "both" ? 3 : 6;
    const next = said
      .slice(m.index + m[0].length)
      .toLowerCase()
      .split(/[^a-z0-9-]+/)
      .filter(Boolean)
      .slice(0, reach);
    if (next.some((w) => words.includes(w) || words.includes(w.replace(/s$/, "")))) return true;
  }
  return false;
}

/** "the largest", "Stark's oldest", "their highest-rated": the one record a superlative picks, by which field and which end. */
const SUPERLATIVES =
  "largest|biggest|highest|top|most\\s+valuable|smallest|lowest|least\\s+valuable|oldest|earliest|newest|latest|most\\s+recent|strongest|best|weakest|worst";
const SUPERLATIVE = new RegExp(`\\b(?:the|their|its|his|her|our|my|[a-z][\\w.&-]*['’]s?)\\s+(${SUPERLATIVES})\\b`, "i");
/** A phrase that is only a superlative ("oldest", "lowest-rated"): no name. */
const SUPERLATIVE_WORD = new RegExp(`^(?:${SUPERLATIVES})(?:[- ](?:rated|ranked|scored|valued?|paid))?$`, "i");

interface Most {
  word: string;
  field: string;
  descending: boolean;
}

function superlative(s: Session, p: Parsed, resource: string): Most | undefined {
  const m = SUPERLATIVE.exec(p.said ?? p.raw);
  if (!m) return undefined;
  const word = m[1]!.toLowerCase().replace(/\s+/g, " ");
  const props = properties(s.tool(resource, "list"));
  if (/^(?:oldest|earliest|newest|latest|most recent)$/.test(word)) {
    const field = resource === "invoice" && sortable(s, resource, "due_date") ? "due_date" : "created_at";
    return { word, field, descending: !/^(?:oldest|earliest)$/.test(word) };
  }
  const descending = /^(?:largest|biggest|highest|top|most valuable|strongest|best)$/.test(word);
  const rated = /^(?:strongest|best|weakest|worst)$/.test(word) || /\b(?:rated|rating|stars?)\b/i.test(p.raw);
  if (rated && "rating[gte]" in props) return { word, field: "rating", descending };
  if (!("amount[gte]" in props)) return undefined;
  const owed = resource === "invoice" && /\b(?:open|overdue|unpaid|outstanding|owed|owing|due)\b/i.test(p.raw);
  return { word, field: owed ? "amount_due" : "amount", descending };
}

/** Where the records go ("to Qualified", "as won"): the phrase, when a stage is named by it rather than by a state word. */
function destination(p: Parsed, action: Action): Phrase | undefined {
  if (!["stage", "update"].includes(action) || p.to) return undefined;
  return p.phrases.find((ph) => ph.prep === "to" || ph.prep === "into" || ph.prep === "as");
}

/** The change's own state (where the records go): not a condition on which records. */
function selection(p: Parsed, action: Action): Parsed {
  const dest = destination(p, action);
  const to = p.to ?? (action === "win" ? "won" : action === "lose" ? "lost" : action === "reject" ? "rejected" : action === "hire" ? "hired" : undefined);
  const raw = dest ? p.raw.replace(new RegExp(`\\b(?:to|into|as)\\s+(?:the\\s+)?${escapeRegExp(dest.text)}.*$`, "i"), "") : p.raw;
  return {
    ...p,
    raw,
    said: raw,
    action: "list",
    to: undefined,
    states: p.states.filter((st) => st !== to),
    // ("the oldest draft": the superlative is no name.)
    phrases: p.phrases.filter((ph) => ph !== dest && !SUPERLATIVE_WORD.test(ph.text)),
  };
}

/**
 * The change applied to each record the rest of the request picks, or undefined when it names no condition this can
 * read (the single-record path then takes it).
 */
export async function pickedRecords(s: Session, p: Parsed, resource: string, action: Action): Promise<string | undefined> {
  const every = saysEvery(p);
  const most = every ? undefined : superlative(s, p, resource);
  if (!every && !most) return undefined;
  const invoiceOp = resource === "invoice" ? INVOICE_OPS[action] : undefined;
  if (resource === "invoice" && !invoiceOp) return undefined;
  // One account's invoices in a state are writes.ts's (it knows clients that are no account): a date or an amount is this.
  if (every && invoiceOp && p.amounts.length === 0 && p.dates.gte === undefined && p.dates.lt === undefined && p.numeric.length === 0) return undefined;
  if (!s.tool(resource, "list")) return undefined;
  // A move says where to: without it (or with values to set instead) it is not a change of state.
  if (["stage", "update"].includes(action) && !p.to && !destination(p, action)) return undefined;
  const sel = selection(p, action);
  const { query, said, unplaced } = await filtersFor(s, sel, resource, sel.phrases);
  if (unplaced.length > 0) return undefined;
  if (every && Object.keys(query).length === 0)
    throw new Stop({ content: `Which ${resource}s? Say which ones (a state, an account, a date, a name). Nothing changed.` });
  const props = properties(s.tool(resource, "list"));
  if (invoiceOp) {
    const asked = String(query.status ?? "")
      .split(",")
      .filter((st) => invoiceOp.states.includes(st));
    query.status = (asked.length > 0 ? asked : invoiceOp.states).join(",");
  } else {
    const field = resource === "candidate" ? "stage" : "status";
    const values = enumValues(props[field]);
    if (query[field] === undefined && values.length > 0 && FINAL[resource]) query[field] = values.filter((v) => !FINAL[resource]!.includes(v)).join(",");
  }
  if (most && sortable(s, resource, most.field)) query.sort = `${most.descending ? "-" : ""}${most.field}`;
  const page = await s.list(resource, { ...query, per_page: 100 });
  const where = said.length > 0 ? ` ${said.join(" ")}` : "";
  let items = page.data;
  if (items.length === 0) return `No ${resource}s${where}. Nothing changed.`;
  if (most) {
    const value = (i: Item) => (most.field.endsWith("_date") || most.field.endsWith("_at") ? Date.parse(String(i[most.field])) : Number(i[most.field]));
    const sorted = [...items].sort((a, b) => (value(a) - value(b)) * (most.descending ? -1 : 1));
    const tied = sorted.filter((i) => value(i) === value(sorted[0]!));
    const slot = `${resource}:${most.word}`;
    const chosen = tied.find((i) => i.id === s.carried.choices[slot]);
    if (tied.length > 1 && !chosen)
      s.ask(
        `${tied.length} ${resource}s${where} share the ${most.word} ${most.field.replace(/_/g, " ")}. Which one?`,
        slot,
        tied.slice(0, 5).map((i) => ({ id: i.id, label: labelOf(i) })),
      );
    items = [chosen ?? sorted[0]!];
  } else if (page.meta.total > MOST_AT_ONCE) {
    const shown = items.slice(0, 10).map((i) => `- ${labelOf(i)}`);
    throw new Stop({
      content: `${plural(page.meta.total, resource)}${where} match; I change at most ${MOST_AT_ONCE} at a time. Name them, or narrow it. Nothing changed.\n${shown.join("\n")}`,
    });
  }
  if (invoiceOp) return everyInvoiceOf(s, items, invoiceOp, where);
  const lines: string[] = [];
  for (const item of items) {
    const one = { ...p, phrases: [], states: p.to ? [p.to] : [], to: p.to ?? destination(p, action)?.text };
    const found: Found = { id: item.id, label: labelOf(item), item };
    lines.push(await setState(s, one, resource, action, found));
  }
  return items.length === 1 ? lines[0]! : `${plural(items.length, resource)}${where}:\n${lines.map((l) => `- ${l}`).join("\n")}`;
}

async function everyInvoiceOf(s: Session, items: Item[], op: (typeof INVOICE_OPS)[string], where: string): Promise<string> {
  const tool = s.tool("invoice", op.op);
  if (!tool) throw new Stop({ content: `I cannot ${op.op === "uncollectible" ? "mark invoices uncollectible" : `${op.op} invoices`} with this API key.` });
  const outcomes: string[] = [];
  for (const i of items) outcomes.push(await s.propose(tool, { invoice_id: i.id }, `${op.op} ${labelOf(i)}`));
  const numbers = items.map((i) => String(i.number)).join(", ");
  if (outcomes.every((o) => o === "completed")) return `Done: ${op.done} ${numbers} (${plural(items.length, "invoice")}${where}).`;
  const whose = [...new Set(items.map((i) => String(i.client)))].join(", ");
  return `${capitalize(op.doing)} ${numbers} (${whose}) waits for approval${items.length > 1 ? ", one for each invoice" : ""}; until then nothing changes.`;
}
