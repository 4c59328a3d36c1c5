import type { PendingQuestion } from "./agent-table.ts";
import type { Planner, PlannerReply, PlannerTurn, ToolOutcome } from "./turn.ts";

/**
 * The built-in planner: no model, no network, deterministic. It recognizes a
 * set of plain-English requests (docs/agent.md: "What the offline planner
 * understands"), resolves names through the tools' search, asks when a name is
 * ambiguous or missing, and says plainly what it cannot do. Every lookup and
 * change goes through the tool registry, so it is authorized and recorded like
 * a model's.
 */

type Intent = { kind: string } & Record<string, string | number | undefined>;
type Item = Record<string, unknown> & { id: string };
type Page = { data: Item[]; meta: { total: number } };

const STAGES = ["applied", "screening", "interview", "offer", "hired", "rejected"] as const;

/** Things that can be named in a request, and how to search for and label them. */
const ENTITIES = {
  account: { tool: "accounts_list", prefix: "acc_", label: (i: Item) => String(i.name) },
  contact: { tool: "contacts_list", prefix: "con_", label: (i: Item) => personName(i) },
  deal: { tool: "deals_list", prefix: "deal_", label: (i: Item) => String(i.name) },
  sequence: { tool: "sequences_list", prefix: "seq_", label: (i: Item) => String(i.name) },
  job: { tool: "jobs_list", prefix: "job_", label: (i: Item) => String(i.title) },
  candidate: { tool: "candidates_list", prefix: "cand_", label: (i: Item) => personName(i) },
  invoice: { tool: "invoices_list", prefix: "inv_", label: (i: Item) => `${String(i.number)} (${String(i.client)})` },
} as const;
type Entity = keyof typeof ENTITIES;

function personName(i: Item): string {
  const name = [i.first_name, i.last_name].filter(Boolean).join(" ");
  return name || String(i.email ?? i.id);
}

export function money(amount: number, currency: string): string {
  return `${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}

function totals(items: Item[], field: string): string {
  const sums = new Map<string, number>();
  for (const i of items) sums.set(String(i.currency), (sums.get(String(i.currency)) ?? 0) + Number(i[field]));
  return [...sums].map(([c, a]) => money(Math.round(a * 100) / 100, c)).join(" + ") || "nothing";
}

const clean = (s: string) => s.trim().replace(/^["'“‘]+|["'”’?.!]+$/g, "").replace(/^the\s+/i, "").trim();

/** Request patterns, tried in order; the first that matches decides. */
const RULES: { test: RegExp; intent: (m: RegExpMatchArray) => Intent }[] = [
  { test: /^(help|\?|what can you do\??|what do you understand\??)$/i, intent: () => ({ kind: "help" }) },
  { test: /\b(overdue|past due|late)\b.*\binvoices?\b|\binvoices?\b.*\b(overdue|past due|late)\b/i, intent: () => ({ kind: "overdue" }) },
  { test: /^how much (?:does|do|did) (.+?) (?:still )?owe(?: us)?\??$/i, intent: (m) => ({ kind: "owe", account: clean(m[1]!) }) },
  { test: /^(?:what(?:'s| is) the )?(?:balance|amount due) (?:of|for) (.+?)\??$/i, intent: (m) => ({ kind: "owe", account: clean(m[1]!) }) },
  { test: /^(?:please )?(?:create|add|new) (?:a |an )?(?:new )?contact:?\s+(.+)$/i, intent: (m) => contactIntent(m[1]!) },
  { test: /^(?:please )?(?:create|add|new) (?:a |an )?(?:new )?account:?\s+(.+?)(?:\s*\(?((?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)+)\)?)?$/i, intent: (m) => ({ kind: "create_account", name: clean(m[1]!), domain: m[2] }) },
  {
    test: /^(?:please )?(?:create|add|new) (?:a |an )?(?:new )?deal:?\s+(.+?)\s+(?:for|with|at)\s+(.+?)(?:\s+(?:worth|for|of)\s+\$?([\d,]+(?:\.\d{1,2})?)\s*([A-Za-z]{3})?)?$/i,
    intent: (m) => ({ kind: "create_deal", name: clean(m[1]!), account: clean(m[2]!), amount: m[3]?.replace(/,/g, ""), currency: m[4]?.toUpperCase() }),
  },
  { test: /^(?:please )?(?:create|add|new) (?:a |an )?(?:new )?(?:outreach )?sequence:?\s+(?:called |named )?(.+)$/i, intent: (m) => ({ kind: "create_sequence", name: clean(m[1]!) }) },
  { test: /^(?:move|set|mark) (?:the )?(.+?) deal (?:to|as) (.+?)$/i, intent: (m) => ({ kind: "move_deal", deal: clean(m[1]!), stage: clean(m[2]!) }) },
  { test: /^(?:move|set|mark) (?:the )?deal (.+?) (?:to|as) (.+?)$/i, intent: (m) => ({ kind: "move_deal", deal: clean(m[1]!), stage: clean(m[2]!) }) },
  {
    test: /^enroll (?:everyone|everybody|all(?: the)?(?: contacts)?|all contacts) (?:at|from|of) (.+?) (?:in|into|on) (.+?)(?: sequence)?$/i,
    intent: (m) => ({ kind: "enroll_account", account: clean(m[1]!), sequence: clean(m[2]!.replace(/\s+sequence$/i, "")) }),
  },
  { test: /^enroll (.+?) (?:in|into|on) (.+?)$/i, intent: (m) => ({ kind: "enroll_contact", contact: clean(m[1]!), sequence: clean(m[2]!.replace(/\s+sequence\W*$/i, "")) }) },
  {
    test: new RegExp(`^(?:who(?:'s| is| are)?|which candidates are|list candidates|show candidates) (?:in|at) (${STAGES.join("|")})(?: stage)? (?:for|on) (.+?)$`, "i"),
    intent: (m) => ({ kind: "candidates", stage: m[1]!.toLowerCase(), job: clean(m[2]!).replace(/\s+(?:job|role|position|opening)$/i, "") }),
  },
  { test: /^(?:who(?:'s| is| are)? applying|(?:list |show )?(?:the )?candidates) (?:for|to) (.+?)$/i, intent: (m) => ({ kind: "candidates", job: clean(m[1]!).replace(/\s+(?:job|role|position|opening)$/i, "") }) },
  { test: new RegExp(`^(?:move|advance) (?:candidate )?(.+?) to (${STAGES.join("|")})\\W*$`, "i"), intent: (m) => ({ kind: "move_candidate", candidate: clean(m[1]!), stage: m[2]!.toLowerCase() }) },
  { test: /^(reject|hire) (?:candidate )?(.+?)$/i, intent: (m) => ({ kind: "move_candidate", candidate: clean(m[2]!), stage: m[1]!.toLowerCase() === "hire" ? "hired" : "rejected" }) },
  { test: /^(?:summarize|summarise|summary of|brief me on|tell me about|dossier (?:for|of|on)) (?:the )?(?:account )?(.+?)$/i, intent: (m) => ({ kind: "summarize", account: clean(m[1]!) }) },
  { test: /^enrich (?:the )?(?:account )?(.+?)$/i, intent: (m) => ({ kind: "enrich", account: clean(m[1]!) }) },
  { test: /^(?:who works at|(?:list |show )?(?:the )?(?:contacts|people) (?:at|of|from)) (.+?)$/i, intent: (m) => ({ kind: "contacts_at", account: clean(m[1]!) }) },
  {
    test: /^record (?:a )?payment of \$?([\d,]+(?:\.\d{1,2})?)(?:\s*[A-Za-z]{3})? (?:on|for|against|to) (?:invoice )?(\S+?)\W*$/i,
    intent: (m) => ({ kind: "pay", amount: m[1]!.replace(/,/g, ""), invoice: clean(m[2]!) }),
  },
  { test: /^mark (?:invoice )?(\S+) (?:as )?paid\W*$/i, intent: (m) => ({ kind: "pay_full", invoice: clean(m[1]!) }) },
  { test: /^void (?:invoice )?(\S+?)\W*$/i, intent: (m) => ({ kind: "void", invoice: clean(m[1]!) }) },
  { test: /^(?:mark (?:invoice )?(\S+) (?:as )?uncollectible|write off (?:invoice )?(\S+?))\W*$/i, intent: (m) => ({ kind: "uncollectible", invoice: clean(m[1] ?? m[2]!) }) },
  { test: /^(?:delete|remove) (?:the )?contact (.+?)$/i, intent: (m) => ({ kind: "delete_contact", contact: clean(m[1]!) }) },
  { test: /^(?:take|make|compute) (?:a |an )?(?:new )?(?:intelligence )?snapshot\W*$/i, intent: () => ({ kind: "snapshot_take" }) },
  { test: /\b(?:latest|last|current) (?:intelligence )?snapshot\b|^how are we doing\W*$|^(?:business )?summary\W*$/i, intent: () => ({ kind: "snapshot_read" }) },
  { test: /\b(?:recent|latest|last) (?:events|activity)\b|^what happened\b/i, intent: () => ({ kind: "events" }) },
];

function contactIntent(rest: string): Intent {
  let text = rest.trim().replace(/[.!]+$/, "");
  let account: string | undefined;
  const at = /\s+(?:at|from|of)\s+(.+)$/i.exec(text);
  if (at) {
    account = clean(at[1]!);
    text = text.slice(0, at.index);
  }
  const email = /\S+@\S+\.\S+/.exec(text)?.[0]?.replace(/[<>(),]/g, "");
  const words = text
    .replace(/\S+@\S+\.\S+/, "")
    .replace(/[<>(),]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return { kind: "create_contact", first_name: words[0], last_name: words.slice(1).join(" ") || undefined, email, account };
}

export const UNDERSTOOD = [
  "which invoices are overdue?",
  "how much does Initech owe?",
  "create a contact Jane Roe jane@roe.io at Acme",
  "create an account Acme (acme.com)",
  "create a deal Initech renewal for Initech worth 5000 USD",
  "move the Initech deal to won",
  "create a sequence Intro",
  "enroll everyone at Acme in the Intro sequence / enroll Jane Roe in Intro",
  "who is in interview for the Backend Engineer job? / candidates for Backend Engineer",
  "move Ann Lee to offer / hire Ann Lee / reject Ann Lee",
  "summarize account Acme / who works at Acme / enrich Acme",
  "record a payment of 500 on INV-0003 / mark INV-0003 paid",
  "void INV-0003 / mark INV-0003 uncollectible / delete contact Jane Roe (these wait for approval)",
  "take a snapshot / latest snapshot",
  "recent events",
];

const HELP = `I can help with:\n${UNDERSTOOD.map((u) => `- ${u}`).join("\n")}`;

class Stop {
  constructor(readonly reply: Omit<PlannerReply, "steps">) {}
}

/** One turn's work: the tools, and the reply being built. */
class Session {
  constructor(readonly turn: PlannerTurn) {}

  /** `intended` says in words what the call does, for the reply when it waits for approval. */
  async call(tool: string, input: Record<string, unknown>, intended = `run ${tool}`): Promise<unknown> {
    const outcome = await this.turn.tools.call(tool, input);
    if (outcome.status === "completed") return outcome.result;
    throw new Stop({ content: outcomeText(tool, intended, outcome) });
  }

  /** Resolves a name to one record: by id, by a single or exact search hit, or by asking which. */
  async resolve(entity: Entity, intent: Intent, slot: string, searched?: Page): Promise<{ id: string; label: string; item?: Item }> {
    const known = intent[`${slot}_id`];
    if (typeof known === "string") return { id: known, label: String(intent[`${slot}_label`] ?? known) };
    const name = String(intent[slot] ?? "").trim();
    const spec = ENTITIES[entity];
    if (!name) throw new Stop({ content: `Which ${entity} do you mean? Give me its name.` });
    if (name.startsWith(spec.prefix)) return { id: name, label: name };
    const query: Record<string, unknown> = entity === "invoice" ? { number: name, per_page: 10 } : { q: name, per_page: 10 };
    let page = searched ?? ((await this.call(spec.tool, query)) as Page);
    if (entity === "invoice" && page.data.length === 0) page = (await this.call(spec.tool, { q: name, per_page: 10 })) as Page;
    if (page.data.length === 0 && /\s/.test(name) && (entity === "candidate" || entity === "contact")) {
      // Search matches one column at a time: "Dan Eve" is found by its first word, then kept by its whole name.
      const byWord = (await this.call(spec.tool, { q: name.split(/\s+/)[0], per_page: 100 })) as Page;
      page = { data: byWord.data.filter((i) => spec.label(i).toLowerCase() === name.toLowerCase()), meta: byWord.meta };
    }
    const exact = page.data.filter((i) => spec.label(i).toLowerCase() === name.toLowerCase() || String(i.number ?? "").toLowerCase() === name.toLowerCase());
    const pick = exact.length === 1 ? exact[0] : page.data.length === 1 ? page.data[0] : undefined;
    if (pick) return { id: pick.id, label: spec.label(pick), item: pick };
    if (page.data.length === 0) throw new Stop({ content: `I found no ${entity} matching “${name}”.` });
    const options = page.data.slice(0, 5).map((i) => ({ id: i.id, label: spec.label(i) }));
    throw new Stop({
      content: `More than one ${entity} matches “${name}”. Which one?\n${options.map((o, n) => `${n + 1}. ${o.label} (${o.id})`).join("\n")}\nAnswer with the number, the name or the id.`,
      pending: { intent, slot, options },
    });
  }
}

function outcomeText(tool: string, intended: string, outcome: Exclude<ToolOutcome, { status: "completed" }>): string {
  // A person reads this (the dashboard puts Approve / Deny beside it); API clients act on the action's approval_id.
  if (outcome.status === "approval_required") return `${outcome.reason} This waits for approval: once it is approved, I will ${intended}; until then nothing changes.`;
  if (outcome.error.code === "insufficient_permission") return `I can't do that with this API key: ${outcome.error.detail}`;
  return `That did not work (${tool}): ${outcome.error.detail}`;
}

/** One line per kind of tool result, for replies and approvals. */
export function describe(tool: string, result: unknown): string {
  const r = (result ?? {}) as Item;
  switch (tool) {
    case "contacts_create":
      return `created contact ${personName(r)}${r.email ? ` (${String(r.email)})` : ""}, ${r.id}.`;
    case "contacts_update":
      return `updated contact ${personName(r)}, ${r.id}.`;
    case "contacts_delete":
    case "accounts_delete":
      return `deleted ${r.id}.`;
    case "accounts_create":
      return `created account ${String(r.name)}, ${r.id}.`;
    case "accounts_update":
      return `updated account ${String(r.name)}, ${r.id}.`;
    case "accounts_enrich": {
      const e = r.enrichment as { status?: string } | undefined;
      return `enrichment of ${String(r.name)} is ${e?.status ?? "requested"}${r.industry ? `: ${String(r.industry)}` : ""}${r.employee_count ? `, ${String(r.employee_count)} employees` : ""}.`;
    }
    case "deals_create":
      return `created deal ${String(r.name)}, ${r.id}${r.amount ? `, ${money(Number(r.amount), String(r.currency))}` : ""}.`;
    case "deals_move":
      return `moved deal ${String(r.name)}; it is now ${String(r.status)}.`;
    case "sequences_create":
      return `created sequence ${String(r.name)} (${String(r.status)}), ${r.id}.`;
    case "sequences_enroll": {
      const out = r as unknown as { enrolled: unknown[]; failed: { contact_id: string; detail: string }[] };
      const failed = out.failed.map((f) => `\n- not enrolled ${f.contact_id}: ${f.detail}`).join("");
      return `enrolled ${out.enrolled.length} contact${out.enrolled.length === 1 ? "" : "s"}.${failed}`;
    }
    case "candidates_move":
      return `moved ${personName(r)} to ${String(r.stage)}.`;
    case "invoices_record_payment":
      return `recorded the payment on ${String(r.number)}; ${money(Number(r.amount_due), String(r.currency))} still due (${String(r.status)}).`;
    case "invoices_void":
      return `voided ${String(r.number)}.`;
    case "invoices_mark_uncollectible":
      return `marked ${String(r.number)} uncollectible.`;
    case "snapshots_take":
      return `took snapshot ${r.id}.`;
    default:
      return `${tool} finished.`;
  }
}

type Handler = (s: Session, intent: Intent) => Promise<string>;

const invoiceLine = (i: Item) =>
  `- ${String(i.number)} · ${String(i.client)} · ${money(Number(i.amount_due), String(i.currency))} due ${String(i.due_date)}${Number(i.days_overdue) > 0 ? ` (${String(i.days_overdue)} days overdue)` : ""}`;
const more = (page: Page) => (page.meta.total > page.data.length ? `\n…and ${page.meta.total - page.data.length} more.` : "");

const HANDLERS: Record<string, Handler> = {
  help: async () => HELP,
  overdue: async (s) => {
    const page = (await s.call("invoices_list", { status: "overdue", sort: "due_date", per_page: 100 })) as Page;
    if (page.meta.total === 0) return "No invoices are overdue.";
    const n = page.meta.total;
    return `${n} invoice${n === 1 ? " is" : "s are"} overdue, ${totals(page.data, "amount_due")} in all:\n${page.data.map(invoiceLine).join("\n")}${more(page)}`;
  },
  owe: async (s, intent) => {
    const name = String(intent.account);
    let filter: Record<string, unknown>;
    let label = name;
    const accounts = intent.account_id ? null : ((await s.call("accounts_list", { q: name, per_page: 10 })) as Page);
    if (accounts && accounts.data.length === 0) {
      filter = { "client[contains]": name };
    } else {
      const account = await s.resolve("account", intent, "account", accounts ?? undefined);
      filter = { account_id: account.id };
      label = account.label;
    }
    const page = (await s.call("invoices_list", { ...filter, status: "open,overdue", sort: "due_date", per_page: 100 })) as Page;
    if (page.meta.total === 0) return `${label} owes nothing: no open invoices.`;
    const overdue = page.data.filter((i) => i.status === "overdue");
    const late = overdue.length > 0 ? ` ${overdue.length} overdue (${totals(overdue, "amount_due")}).` : " None is overdue.";
    return `${label} owes ${totals(page.data, "amount_due")} on ${page.meta.total} open invoice${page.meta.total === 1 ? "" : "s"}.${late}\n${page.data.map(invoiceLine).join("\n")}${more(page)}`;
  },
  create_contact: async (s, intent) => {
    if (!intent.first_name && !intent.email) return "Tell me the contact's name or email, e.g. “create a contact Jane Roe jane@roe.io at Acme”.";
    const input: Record<string, unknown> = {};
    if (intent.first_name) input.first_name = intent.first_name;
    if (intent.last_name) input.last_name = intent.last_name;
    if (intent.email) input.email = intent.email;
    let at = "";
    if (intent.account || intent.account_id) {
      const account = await s.resolve("account", intent, "account");
      input.account_id = account.id;
      at = ` at ${account.label}`;
    }
    const contact = (await s.call("contacts_create", input)) as Item;
    return `Created contact ${personName(contact)}${contact.email ? ` (${String(contact.email)})` : ""}${at}: ${contact.id}.`;
  },
  create_account: async (s, intent) => {
    const input: Record<string, unknown> = { name: intent.name };
    if (intent.domain) input.domain = intent.domain;
    const account = (await s.call("accounts_create", input)) as Item;
    return `Created account ${String(account.name)}${account.domain ? ` (${String(account.domain)})` : ""}: ${account.id}.`;
  },
  create_deal: async (s, intent) => {
    const account = await s.resolve("account", intent, "account");
    const input: Record<string, unknown> = { name: intent.name, account_id: account.id };
    if (intent.amount) input.amount = Number(intent.amount);
    if (intent.currency) input.currency = intent.currency;
    const deal = (await s.call("deals_create", input)) as Item;
    return `Created deal ${String(deal.name)} for ${account.label}${deal.amount ? `, ${money(Number(deal.amount), String(deal.currency))}` : ""}: ${deal.id}.`;
  },
  create_sequence: async (s, intent) => {
    const sequence = (await s.call("sequences_create", { name: intent.name })) as Item;
    return `Created sequence ${String(sequence.name)} (${String(sequence.status)}, no steps yet): ${sequence.id}. Add steps with PATCH /v1/sequences/${sequence.id}.`;
  },
  move_deal: async (s, intent) => {
    let deal: { id: string; label: string };
    if (intent.deal_id) {
      deal = await s.resolve("deal", intent, "deal");
    } else {
      const byName = (await s.call("deals_list", { q: intent.deal, per_page: 10 })) as Page;
      if (byName.data.length === 0) {
        // "the Initech deal": the open deal of the account named Initech.
        const account = await s.resolve("account", { ...intent, account: intent.deal }, "account");
        const ofAccount = (await s.call("deals_list", { account_id: account.id, status: "open", per_page: 10 })) as Page;
        if (ofAccount.data.length === 0) return `${account.label} has no open deal.`;
        if (ofAccount.data.length > 1) {
          const options = ofAccount.data.slice(0, 5).map((d) => ({ id: d.id, label: String(d.name) }));
          throw new Stop({
            content: `${account.label} has ${ofAccount.data.length} open deals. Which one?\n${options.map((o, n) => `${n + 1}. ${o.label} (${o.id})`).join("\n")}`,
            pending: { intent, slot: "deal", options },
          });
        }
        deal = { id: ofAccount.data[0]!.id, label: String(ofAccount.data[0]!.name) };
      } else {
        deal = await s.resolve("deal", intent, "deal", byName);
      }
    }
    const moved = (await s.call("deals_move", { deal_id: deal.id, stage: intent.stage })) as Item;
    return `Moved ${deal.label} to ${String(intent.stage)}; the deal is now ${String(moved.status)}.`;
  },
  enroll_account: async (s, intent) => {
    const account = await s.resolve("account", intent, "account");
    const sequence = await s.resolve("sequence", intent, "sequence");
    const people = (await s.call("contacts_list", { account_id: account.id, per_page: 100 })) as Page;
    if (people.data.length === 0) return `Nobody at ${account.label} to enroll.`;
    const contactIds = people.data.map((c) => c.id);
    const intended = `enroll ${contactIds.length} contact${contactIds.length === 1 ? "" : "s"} at ${account.label} in ${sequence.label}`;
    const result = await s.call("sequences_enroll", { sequence_id: sequence.id, contact_ids: contactIds }, intended);
    return `In ${sequence.label}: ${describe("sequences_enroll", result)}${more(people)}`;
  },
  enroll_contact: async (s, intent) => {
    const contact = await s.resolve("contact", intent, "contact");
    const sequence = await s.resolve("sequence", intent, "sequence");
    const result = await s.call("sequences_enroll", { sequence_id: sequence.id, contact_ids: [contact.id] });
    const out = result as { failed: { detail: string }[] };
    return out.failed.length > 0 ? `I could not enroll ${contact.label} in ${sequence.label}: ${out.failed[0]!.detail}` : `Enrolled ${contact.label} in ${sequence.label}.`;
  },
  candidates: async (s, intent) => {
    const job = await s.resolve("job", intent, "job");
    const filter: Record<string, unknown> = { job_id: job.id, per_page: 100, sort: "last_name" };
    if (intent.stage) filter.stage = intent.stage;
    const page = (await s.call("candidates_list", filter)) as Page;
    const where = intent.stage ? ` in ${String(intent.stage)}` : "";
    if (page.meta.total === 0) return `Nobody${where} for ${job.label}.`;
    const lines = page.data.map((c) => `- ${personName(c)} (${String(c.email)})${intent.stage ? "" : `, ${String(c.stage)}`}`).join("\n");
    return `${page.meta.total} candidate${page.meta.total === 1 ? "" : "s"}${where} for ${job.label}:\n${lines}${more(page)}`;
  },
  move_candidate: async (s, intent) => {
    const candidate = await s.resolve("candidate", intent, "candidate");
    const moved = (await s.call("candidates_move", { candidate_id: candidate.id, stage: intent.stage })) as Item;
    return `Moved ${candidate.label} to ${String(moved.stage)}.`;
  },
  summarize: async (s, intent) => {
    const account = await s.resolve("account", intent, "account");
    const d = (await s.call("accounts_dossier", { account_id: account.id })) as {
      account: Item;
      signals: { days_since_last_activity: number | null; open_deal_count: number; win_rate: number | null; outstanding: { currency: string; amount: number }[] | null; overdue: { currency: string; amount: number }[] | null; active_enrollment_count: number };
      contacts: { total: number; data: Item[] };
      deals: { pipeline: { currency: string; open_value: number }[] };
    };
    const a = d.account;
    const facts = [a.industry, a.employee_count ? `${String(a.employee_count)} employees` : null, a.country].filter(Boolean).join(", ");
    const sum = (xs: { currency: string; amount: number }[] | null) => (xs && xs.length > 0 ? xs.map((x) => money(x.amount, x.currency)).join(" + ") : "nothing");
    const lines = [
      `${String(a.name)}${a.domain ? ` (${String(a.domain)})` : ""}${facts ? `: ${facts}` : ""}.`,
      `- ${d.contacts.total} contact${d.contacts.total === 1 ? "" : "s"}${d.contacts.data.length > 0 ? `: ${d.contacts.data.slice(0, 5).map(personName).join(", ")}` : ""}`,
      `- ${d.signals.open_deal_count} open deal${d.signals.open_deal_count === 1 ? "" : "s"}${d.deals.pipeline.length > 0 ? ` worth ${d.deals.pipeline.map((p) => money(p.open_value, p.currency)).join(" + ")}` : ""}${d.signals.win_rate !== null ? `; win rate ${Math.round(d.signals.win_rate * 100)}%` : ""}`,
      d.signals.outstanding === null ? "- invoices: not visible to this key" : `- outstanding ${sum(d.signals.outstanding)}, overdue ${sum(d.signals.overdue)}`,
      `- ${d.signals.active_enrollment_count} active sequence enrollment${d.signals.active_enrollment_count === 1 ? "" : "s"}`,
      d.signals.days_since_last_activity === null ? "- no activity yet" : `- last activity ${d.signals.days_since_last_activity} day${d.signals.days_since_last_activity === 1 ? "" : "s"} ago`,
    ];
    return lines.join("\n");
  },
  enrich: async (s, intent) => {
    const account = await s.resolve("account", intent, "account");
    const result = await s.call("accounts_enrich", { account_id: account.id });
    const text = describe("accounts_enrich", result);
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  contacts_at: async (s, intent) => {
    const account = await s.resolve("account", intent, "account");
    const page = (await s.call("contacts_list", { account_id: account.id, per_page: 100, sort: "last_name" })) as Page;
    if (page.meta.total === 0) return `No contacts at ${account.label} yet.`;
    return `${page.meta.total} contact${page.meta.total === 1 ? "" : "s"} at ${account.label}:\n${page.data.map((c) => `- ${personName(c)}${c.title ? `, ${String(c.title)}` : ""}${c.email ? ` (${String(c.email)})` : ""}`).join("\n")}${more(page)}`;
  },
  pay: async (s, intent) => {
    const invoice = await s.resolve("invoice", intent, "invoice");
    const result = await s.call("invoices_record_payment", { invoice_id: invoice.id, amount: Number(intent.amount) });
    return `Recorded ${describe("invoices_record_payment", result).replace(/^recorded /, "")}`;
  },
  pay_full: async (s, intent) => {
    const invoice = await s.resolve("invoice", intent, "invoice");
    const current = (await s.call("invoices_get", { invoice_id: invoice.id })) as Item;
    if (Number(current.amount_due) <= 0) return `${String(current.number)} has nothing due (${String(current.status)}).`;
    const result = await s.call("invoices_record_payment", { invoice_id: invoice.id, amount: Number(current.amount_due) });
    return `Recorded ${money(Number(current.amount_due), String(current.currency))}: ${describe("invoices_record_payment", result).replace(/^recorded the payment on /, "")}`;
  },
  void: async (s, intent) => {
    const invoice = await s.resolve("invoice", intent, "invoice");
    return `Voided: ${describe("invoices_void", await s.call("invoices_void", { invoice_id: invoice.id }, `void ${invoice.label}`))}`;
  },
  uncollectible: async (s, intent) => {
    const invoice = await s.resolve("invoice", intent, "invoice");
    return `Done: ${describe("invoices_mark_uncollectible", await s.call("invoices_mark_uncollectible", { invoice_id: invoice.id }, `mark ${invoice.label} uncollectible`))}`;
  },
  delete_contact: async (s, intent) => {
    const contact = await s.resolve("contact", intent, "contact");
    return `Done: ${describe("contacts_delete", await s.call("contacts_delete", { contact_id: contact.id }, `delete contact ${contact.label}`))}`;
  },
  snapshot_take: async (s) => {
    const snap = (await s.call("snapshots_take", {})) as Item;
    return `Took snapshot ${snap.id}.\n${snapshotText(snap)}`;
  },
  snapshot_read: async (s) => snapshotText((await s.call("snapshots_read", {})) as Item),
  events: async (s) => {
    const page = (await s.call("events_list", { per_page: 10 })) as Page;
    if (page.meta.total === 0) return "Nothing has happened yet.";
    return `The last ${page.data.length} events:\n${page.data.map((e) => `- ${String(e.timestamp)} ${String(e.type)} ${String((e.data as { object: { id: string } }).object.id)}`).join("\n")}`;
  },
};

function snapshotText(snap: Item): string {
  const f = snap.finance as { currencies: { currency: string; outstanding: number; overdue: number }[]; overdue_count: number };
  const g = snap.growth as { pipeline: { totals: { currency: string; open_value: number; deal_count: number }[] } };
  const t = snap.talent as { open_jobs: number };
  const outstanding = f.currencies.map((c) => `${money(c.outstanding, c.currency)} (${money(c.overdue, c.currency)} overdue)`).join(" + ") || "nothing";
  const pipeline = g.pipeline.totals.map((p) => `${p.deal_count} deals, ${money(p.open_value, p.currency)}`).join(" + ") || "no open deals";
  return `As of ${String(snap.generated_at)}: outstanding ${outstanding}, ${f.overdue_count} overdue invoices; pipeline ${pipeline}; ${t.open_jobs} open jobs.`;
}

/** An answer to the question asked last turn: a number, an id, or (part of) a label of one option. */
function answer(pending: PendingQuestion, message: string): { id: string; label: string } | undefined {
  const text = clean(message).toLowerCase();
  const ordinals = ["first", "second", "third", "fourth", "fifth"];
  const n = /^\d+$/.test(text) ? Number(text) - 1 : ordinals.findIndex((o) => text === o || text === `the ${o}` || text === `${o} one` || text === `the ${o} one`);
  if (n >= 0 && n < pending.options.length) return pending.options[n];
  return (
    pending.options.find((o) => o.id === clean(message)) ??
    pending.options.find((o) => o.label.toLowerCase() === text) ??
    (text.length >= 3 ? pending.options.filter((o) => o.label.toLowerCase().includes(text)).at(0) : undefined)
  );
}

export function offlinePlanner(): Planner {
  return {
    describe,
    async reply(turn) {
      let intent: Intent | undefined;
      const chosen = turn.pending ? answer(turn.pending, turn.message) : undefined;
      if (turn.pending && chosen) {
        intent = { ...(turn.pending.intent as Intent), [`${turn.pending.slot}_id`]: chosen.id, [`${turn.pending.slot}_label`]: chosen.label };
      } else {
        const message = turn.message.trim().replace(/\s+/g, " ");
        for (const rule of RULES) {
          const m = message.match(rule.test);
          if (m) {
            intent = rule.intent(m);
            break;
          }
        }
      }
      let result: Omit<PlannerReply, "steps">;
      if (!intent) {
        result = { content: `I can't do that yet: I did not understand “${turn.message.trim().slice(0, 200)}”. ${HELP}` };
      } else {
        try {
          result = { content: await HANDLERS[intent.kind]!(new Session(turn), intent) };
        } catch (error) {
          if (!(error instanceof Stop)) throw error;
          result = error.reply;
        }
      }
      for (const line of result.content.split(/(?<=\n)/)) turn.text(line);
      return { ...result, steps: 1 };
    },
  };
}
