import type { Tool } from "../tools.ts";

/**
 * What the planner can do, read off the tools the caller may use: each tool
 * is an operation (list, create, pay, ...) on a resource (invoice, deal, ...).
 * Both the hand-written names (invoices_list) and the generated ones
 * (list_invoices, from the operationId) read the same way, and a tool the key
 * may not use is simply absent, so a read-only key's planner never plans a write.
 */
export type Op =
  | "list"
  | "get"
  | "create"
  | "update"
  | "delete"
  | "pay"
  | "void"
  | "uncollectible"
  | "finalize"
  | "move"
  | "enroll"
  | "unenroll"
  | "pause"
  | "resume"
  | "archive"
  | "enrich"
  | "dossier"
  | "latest";

/** Verbs of tool names, one or two words, and the operation they are. */
const VERBS: Record<string, Op> = {
  list: "list",
  get: "get",
  read: "latest",
  latest: "latest",
  create: "create",
  take: "create",
  update: "update",
  delete: "delete",
  pay: "pay",
  record_payment: "pay",
  void: "void",
  mark_uncollectible: "uncollectible",
  uncollectible: "uncollectible",
  finalize: "finalize",
  move: "move",
  enroll: "enroll",
  unenroll: "unenroll",
  pause: "pause",
  activate: "resume",
  archive: "archive",
  enrich: "enrich",
  dossier: "dossier",
};

/** Operations that belong to one resource whatever the tool's name says (enroll_contact enrolls in a sequence). */
const OWNER: Partial<Record<Op, string>> = {
  enroll: "sequence",
  unenroll: "sequence",
  dossier: "account",
  enrich: "account",
  pay: "invoice",
  void: "invoice",
  uncollectible: "invoice",
  finalize: "invoice",
  latest: "snapshot",
};

export function singular(word: string): string {
  if (/ies$/.test(word)) return word.slice(0, -3) + "y";
  if (/(ss|us)$/.test(word)) return word;
  return word.replace(/s$/, "");
}

function snake(text: string): string {
  return text.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

/** The operation and resource a tool is, or null for a tool the planner has no use for. */
export function classify(tool: Tool): { op: Op; resource: string; named?: string } | null {
  const meta = tool as Tool & { operationId?: string; resource?: string };
  const words = snake(meta.operationId ?? tool.name).split("_");
  let op: Op | undefined;
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const pair = VERBS[`${words[i]}_${words[i + 1]}`];
    if (!op && pair) {
      op = pair;
      i++;
      continue;
    }
    const verb = VERBS[words[i]!];
    // "get_latest_snapshot", "get_account_dossier": the later, more specific word decides.
    if (verb && (!op || op === "get")) {
      op = verb;
      continue;
    }
    rest.push(words[i]!);
  }
  if (!op) return null;
  if (op === "latest" && rest.length > 1) return null;
  const resource = OWNER[op] ?? meta.resource ?? rest.map(singular).join("_");
  return resource ? { op, resource, named: rest.map(singular).join("_") } : null;
}

export type Catalog = Map<string, Partial<Record<Op, Tool>>>;

export function catalogOf(tools: readonly Tool[]): Catalog {
  const out: Catalog = new Map();
  for (const tool of tools) {
    const c = classify(tool);
    if (!c) continue;
    // list_enrollments is a sequence's (its path) and the enrollments' own list (its name).
    for (const resource of new Set([c.resource, c.named && c.named !== c.resource && !c.named.includes("_") ? c.named : c.resource])) {
      const ops = out.get(resource) ?? {};
      // A resource's own tool (list_sequences) wins over a sub-resource's that reads alike.
      if (!ops[c.op] || tool.name.length < ops[c.op]!.name.length) ops[c.op] = tool;
      out.set(resource, ops);
    }
  }
  return out;
}

export function toolFor(catalog: Catalog, resource: string, op: Op): Tool | undefined {
  return catalog.get(resource)?.[op];
}

type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  const?: unknown;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};

export function properties(tool: Tool | undefined): Record<string, Schema> {
  return ((tool?.input as Schema | undefined)?.properties ?? {}) as Record<string, Schema>;
}

export function requiredOf(tool: Tool): string[] {
  return (tool.input as Schema).required ?? [];
}

/** The values an enum field accepts: from the schema's enum, its anyOf constants, or "One of a, b, c" (list filters). */
export function enumValues(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (schema.enum) return schema.enum.map(String);
  if (schema.anyOf) {
    const consts = schema.anyOf.flatMap((s) => (s.const !== undefined ? [String(s.const)] : enumValues(s)));
    if (consts.length > 0) return consts;
  }
  const listed = /One of ([a-z0-9_, ]+?)(?:;|\.|$)/.exec(schema.description ?? "");
  return listed ? listed[1]!.split(/,\s*/).filter(Boolean) : [];
}

export function formatOf(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  return schema.format ?? schema.anyOf?.map((s) => s.format).find(Boolean);
}
