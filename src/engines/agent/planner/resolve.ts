import type { PendingQuestion } from "../agent-table.ts";
import type { Tool } from "../tools.ts";
import type { PlannerTurn, ToolOutcome } from "../turn.ts";
import { labelOf, type Item, type Page } from "./answer.ts";
import { properties, toolFor, type Catalog, type Op } from "./catalog.ts";
import { escapeRegExp, heardWords, likeness, resourceOf, soundKey, STOPWORDS } from "./lexicon.ts";

/** Operations that only read: planned with the caller's own tools, so a read never ends in a refusal. */
const READ_OPS = new Set<Op>(["list", "get", "latest", "dossier"]);

/** A reply that ends the turn early: a question back, a refusal, a failed call. */
export class Stop {
  constructor(readonly reply: { content: string; pending?: PendingQuestion | null }) {}
}

/** For `.catch`: a lookup that found nothing is undefined; a question back, or any other failure, goes on. */
export function noneFound(error: unknown): undefined {
  if (error instanceof Stop && !error.reply.pending) return undefined;
  throw error;
}

export interface FindOptions {
  write: boolean;
  query?: Record<string, unknown>;
  /** Of several matches, the ones the request can apply to; used only when it keeps some. */
  narrow?: (items: Item[]) => Item[] | Promise<Item[]>;
}

export interface Found {
  id: string;
  label: string;
  item?: Item;
}

/** What a question back remembers: the request, and the choices already made. */
export interface Carried {
  message: string;
  choices: Record<string, string>;
}

function outcomeText(tool: string, intended: string, outcome: Exclude<ToolOutcome, { status: "completed" }>): string {
  // A person reads this (the dashboard puts Approve / Deny beside it); API clients act on the action's approval_id.
  if (outcome.status === "approval_required")
    return `${outcome.reason} This waits for approval: once it is approved, I will ${intended}; until then nothing changes.`;
  // The caller may be a dashboard member, an OAuth app or a key: the problem's own words say whose permission is missing.
  if (outcome.error.code === "insufficient_permission") return `I can't ${intended}: ${outcome.error.detail}`;
  return `That did not work (${tool}): ${outcome.error.detail}`;
}

/** One turn's tool calls, and the names it has resolved to records. */
export class Session {
  /** Labels of the records this turn resolved, by id (for the reply). */
  readonly labels = new Map<string, string>();

  constructor(
    readonly turn: PlannerTurn,
    readonly catalog: Catalog,
    readonly carried: Carried,
    /** The whole registry's operations: a change the caller may not make is still called, to be refused and recorded. */
    readonly registry: Catalog = catalog,
  ) {}

  /** The tool for an operation: the caller's own; for a change, the registry's when the caller lacks it (refused when called). */
  tool(resource: string, op: Op): Tool | undefined {
    return toolFor(this.catalog, resource, op) ?? (READ_OPS.has(op) ? undefined : toolFor(this.registry, resource, op));
  }

  /** The caller holds the tool's permissions (a change nobody asked for in words is made only then). */
  mayUse(tool: Tool | undefined): tool is Tool {
    return tool !== undefined && this.turn.tools.available.includes(tool);
  }

  /** `intended` says in words what the call does, for the reply when it waits for approval. */
  async call(tool: Tool, input: Record<string, unknown>, intended = `run ${tool.name}`): Promise<unknown> {
    // Anything but a list may change what the lists said.
    this.pages.clear();
    this.everything.clear();
    return this.run(tool, input, intended);
  }

  /** A change of several, which may wait for approval: how it went, the turn going on either way. */
  async propose(tool: Tool, input: Record<string, unknown>, intended: string): Promise<"completed" | "approval_required"> {
    this.pages.clear();
    this.everything.clear();
    const outcome = await this.turn.tools.call(tool.name, input);
    if (outcome.status === "completed" || outcome.status === "approval_required") return outcome.status;
    throw new Stop({ content: outcomeText(tool.name, intended, outcome) });
  }

  private async run(tool: Tool, input: Record<string, unknown>, intended = `run ${tool.name}`): Promise<unknown> {
    const outcome = await this.turn.tools.call(tool.name, input);
    if (outcome.status === "completed") return outcome.result;
    throw new Stop({ content: outcomeText(tool.name, intended, outcome) });
  }

  /** Lists read in this turn: a name tried two ways ("Hooli Cloud data migration", then "Hooli") asks each page once. */
  private readonly pages = new Map<string, Promise<Page>>();

  list(resource: string, query: Record<string, unknown>): Promise<Page> {
    const tool = this.tool(resource, "list");
    if (!tool) throw new Stop({ content: `This API key cannot read ${resource}s.` });
    const key = `${tool.name}:${JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
    let page = this.pages.get(key);
    if (!page) {
      page = this.run(tool, query) as Promise<Page>;
      this.pages.set(key, page);
      if (Object.keys(query).every((k) => k === "per_page" || k === "page")) {
        page.then(
          (read) => read.meta.total <= read.data.length && this.everything.set(resource, read.data),
          () => undefined,
        );
      }
    }
    return page;
  }

  /** Every record of a resource, when one unfiltered page this turn held them all. */
  private readonly everything = new Map<string, Item[]>();

  /**
   * A name searched for: among every record when this turn has read them all ("Stark support upgrade", then
   * "Stark support", then "Stark" cost no calls once the accounts are known), else by the list's search.
   */
  private search(resource: string, name: string, base: Record<string, unknown>): Promise<Page> {
    const all = Object.keys(base).every((k) => k === "per_page") ? this.everything.get(resource) : undefined;
    // A list with no search of its own (pipelines) is searched here, on its first page.
    if (!all && !("q" in properties(this.tool(resource, "list"))))
      return this.list(resource, { per_page: 100 }).then((page) => this.within(page.data, name, base));
    if (!all) return this.list(resource, { ...base, q: name });
    return Promise.resolve(this.within(all, name, base));
  }

  private within(all: Item[], name: string, base: Record<string, unknown>): Page {
    const wanted = name.toLowerCase();
    const data = all.filter((i) => Object.values(i).some((v) => typeof v === "string" && v.toLowerCase().includes(wanted)));
    return { data: data.slice(0, Number(base.per_page ?? 20)), meta: { total: data.length } } as Page;
  }

  /** Asks the person to pick, remembering the request so the answer resumes it. */
  ask(content: string, slot: string, options: { id: string; label: string }[]): never {
    const listed = options.map((o, n) => `${n + 1}. ${o.label} (${o.id})`).join("\n");
    throw new Stop({
      content: options.length > 0 ? `${content}\n${listed}\nAnswer with the number, the name or the id.` : content,
      pending: { intent: { ...this.carried }, slot, options },
    });
  }

  /**
   * One record by its name, number or id: an exact or single search hit; a
   * near spelling (typo) only when it stands out, and for a change only after
   * the person confirms it; several matches or none: a question, never a guess.
   */
  async find(resource: string, name: string, options: FindOptions): Promise<Found> {
    const found = await this.lookup(resource, name, options);
    this.labels.set(found.id, found.label);
    return found;
  }

  private async lookup(resource: string, name: string, options: FindOptions): Promise<Found> {
    const key = `${resource}:${name.toLowerCase()}`;
    const chosen = this.carried.choices[key];
    if (chosen) return { id: chosen, label: this.carried.choices[`${key}:label`] ?? chosen };
    const base = { per_page: 20, ...options.query };
    let page: Page | undefined;
    if (resource === "invoice") {
      // ("invoice 8", dictated: the number alone is an invoice's.)
      const m = /^(?:([a-z]{2,5})[-#]?)?(\d+)$/i.exec(name);
      const prefix = m?.[1]?.toUpperCase() ?? "INV";
      // (The number as the API writes it first, INV-000013 for "INV-13": a turn's calls are few, and most numbers are
      // generated; one typed by hand in another form is tried next.)
      const candidates = m ? [`${prefix}-${m[2]!.padStart(6, "0")}`, ...(m[1] ? [name.toUpperCase()] : [])] : [name];
      for (const number of new Set(candidates)) {
        page = await this.list("invoice", { ...base, number });
        if (page.data.length > 0) break;
      }
      if (m && page?.data.length === 0) throw new Stop({ content: `I found no invoice numbered ${name.toUpperCase()}.` });
    }
    if (!page || page.data.length === 0) page = await this.search(resource, name, base);
    if (page.data.length === 0 && /\s/.test(name)) {
      // Search matches one column at a time: "Dan Eve" is found by its first word, then kept by its whole name.
      // When every record fits on one page, that page (read next anyway, when nothing matches) holds them: one call fewer.
      const all = await this.list(resource, { ...options.query, per_page: 100 });
      const byWord = all.meta.total <= all.data.length ? all : await this.list(resource, { ...base, q: name.split(/\s+/)[0], per_page: 100 });
      page = { data: byWord.data.filter((i) => likeness(labelOf(i), name) >= 0.85), meta: byWord.meta };
    }
    // Several match, but the change applies to only some ("move the Tyrell deal": its open one).
    if (page.data.length > 1 && options.narrow) {
      const fit = await options.narrow(page.data);
      if (fit.length > 0) page = { ...page, data: fit };
    }
    const exact = page.data.filter((i) => labelOf(i).toLowerCase() === name.toLowerCase() || String(i.number ?? "").toLowerCase() === name.toLowerCase());
    const pick = exact.length === 1 ? exact[0] : page.data.length === 1 ? page.data[0] : undefined;
    if (pick) return { id: pick.id, label: labelOf(pick), item: pick };
    const apart = page.data.length > 1 ? toldApart(page.data, this.carried.message, name) : undefined;
    if (apart) return { id: apart.id, label: labelOf(apart), item: apart };
    if (page.data.length > 1) {
      this.ask(`More than one ${resource} matches “${name}”. Which one?`, key, choices(page.data.slice(0, 5)));
    }
    // No hit: the name's words spread over the record's name ("globex pilot project" is "Globex Corporation: Pilot project"), or a typo.
    const recent = await this.list(resource, { ...options.query, per_page: 100 });
    const words = name
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w.length > 1)
      .map(stem);
    // The words may also be where it is, its team or what it is for: "the Berlin backend job".
    const said = (i: Item) =>
      [labelOf(i), ...["location", "department", "description", "client", "industry"].map((f) => (typeof i[f] === "string" ? i[f] : ""))]
        .join(" ")
        .toLowerCase();
    let spread = recent.data.filter((i) => words.every((w) => new RegExp(`(^|[^a-z0-9])${w.replace(/[^a-z0-9]/g, ".")}`).test(said(i))));
    if (spread.length > 1 && options.narrow) {
      const fit = await options.narrow(spread);
      if (fit.length > 0) spread = fit;
    }
    const spreadApart = spread.length > 1 ? toldApart(spread, this.carried.message, name) : undefined;
    if (spreadApart) spread = [spreadApart];
    if (spread.length === 1) return { id: spread[0]!.id, label: labelOf(spread[0]!), item: spread[0] };
    if (spread.length > 1) this.ask(`More than one ${resource} matches “${name}”. Which one?`, key, choices(spread.slice(0, 5)));
    // (A change needs one word of the name said as it is written: "enrich Initek" is confirmed first.)
    const heard = heardIn(recent.data, name);
    if (heard && (!options.write || sharesWord(labelOf(heard), name))) return { id: heard.id, label: labelOf(heard), item: heard };
    const ranked = recent.data
      .map((i) => ({
        i,
        score: Math.max(
          likeness(labelOf(i), name),
          ...labelOf(i)
            .split(/[\s()]+/)
            .filter((w) => w.length > 2)
            .map((w) => likeness(w, name)),
          wordwise(labelOf(i), name),
        ),
      }))
      .sort((a, b) => b.score - a.score);
    const best = ranked[0];
    // "umbrela's pilot": a one-word slip for a word several records share ("Umbrella Health: ..."), looked up as written right.
    const slip = !/\s/.test(name) && name.length >= 5 && best && best.score >= 0.8 ? spelledRight(labelOf(best.i), name) : undefined;
    if (slip && (ranked[1]?.score ?? 0) >= best!.score - 0.05 && slip.toLowerCase() !== name.toLowerCase()) return this.lookup(resource, slip, options);
    if (best && best.score >= (name.length >= 6 ? 0.7 : 0.75) && (ranked[1]?.score ?? 0) < best.score - 0.05) {
      if (!options.write) return { id: best.i.id, label: labelOf(best.i), item: best.i };
      this.ask(`I found no ${resource} named “${name}”. Did you mean this one?`, key, [{ id: best.i.id, label: labelOf(best.i) }]);
    }
    if (resource === "account") {
      const employer = await this.employerOf(name, key);
      if (employer) return employer;
    }
    throw new Stop({ content: `I found no ${resource} matching “${name}”.${options.write ? " Nothing changed." : ""}` });
  }

  /** "bill Olivia Tanaka's company": the account of the contact of that name; of several namesakes, a question. */
  private async employerOf(name: string, key: string): Promise<Found | undefined> {
    if (!new RegExp(`\\b${escapeRegExp(name)}['’]s?\\s+(?:company|employer|firm|account|business|organi[sz]ation|org)\\b`, "i").test(this.carried.message))
      return undefined;
    if (!this.tool("contact", "list")) return undefined;
    const people = (await this.list("contact", { q: name.split(/\s+/)[0], per_page: 100 })).data.filter((c) => labelOf(c).toLowerCase() === name.toLowerCase());
    const ids = [...new Set(people.map((c) => c.account_id).filter((id): id is string => typeof id === "string"))];
    if (ids.length === 0) return undefined;
    const accounts = (await this.list("account", { per_page: 100 })).data.filter((a) => ids.includes(a.id));
    if (accounts.length === 1) return { id: accounts[0]!.id, label: labelOf(accounts[0]!), item: accounts[0] };
    this.ask(`${name} is a contact at ${accounts.length} accounts. Which one?`, key, choices(accounts.slice(0, 5)));
  }
}

/**
 * "oz corp" (Oscorp Materials), "katherine johnson crushed the interview" (Katherine Johnson): the one record whose
 * name is heard in the words said, from the first, when no other is heard in as many. Two or more words heard, or one
 * long enough not to be another's by chance ("initek").
 */
export function heardIn<T extends Item>(items: T[], name: string, label: (i: T) => string = labelOf, one: (i: T) => string = (i) => i.id): T | undefined {
  const words = name.toLowerCase().split(/\s+/).filter(Boolean);
  const scored = items.map((i) => ({ i, n: heardWords(words, label(i)) }));
  const most = Math.max(0, ...scored.map((x) => x.n));
  // (`one` says which records are one: a client's invoices are one client heard.)
  const top = scored.filter((x) => x.n === most);
  if (new Set(top.map((x) => one(x.i))).size !== 1) return undefined;
  if (most >= 2 || (words.length === 1 && soundKey(words[0]!).length >= 3)) return top[0]!.i;
  return undefined;
}

/** Whether a word of three letters or more is said as the name writes it ("alan touring": Alan). */
export function sharesWord(label: string, said: string): boolean {
  const own = new Set(label.toLowerCase().split(/[^a-z0-9]+/));
  return said
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((w) => w.length >= 3 && own.has(w));
}

/** An answer to the question asked last turn: a number, an id, yes, or (part of) a label of one option. */
export function pickOption(pending: PendingQuestion, message: string): { id: string; label: string } | undefined {
  const raw = message
    .trim()
    .replace(/^["'“‘]+|["'”’?.!]+$/g, "")
    .trim();
  const text = raw.toLowerCase().replace(/^the\s+/, "");
  const ordinals = ["first", "second", "third", "fourth", "fifth"];
  const n = /^\d+$/.test(text) ? Number(text) - 1 : ordinals.findIndex((o) => text === o || text === `${o} one`);
  if (n >= 0 && n < pending.options.length) return pending.options[n];
  if (pending.options.length === 1 && /^(yes|yep|yeah|y|correct|right|that one|ok|okay|sure|please do|do it)\b/.test(text)) return pending.options[0];
  return (
    pending.options.find((o) => o.id === raw) ??
    pending.options.find((o) => o.label.toLowerCase() === text) ??
    (text.length >= 3 ? pending.options.filter((o) => o.label.toLowerCase().includes(text)).at(0) : undefined)
  );
}

/**
 * "Hooli signed!! mark the data migration deal as won": of the records the name matches, the one whose name holds
 * another word of the message (Hooli), when exactly one does.
 */
/** "seat" and "seats" are one word here. */
const stem = (w: string) => w.replace(/(?<=[a-z]{3})s$/, "");

export function toldApart(items: Item[], message: string, name: string): Item | undefined {
  const named = new Set(name.toLowerCase().split(/[^a-z0-9]+/));
  const said = new Set(
    message
      .toLowerCase()
      // "..., not the Umbrella one": a name said to leave a record out never picks it.
      .replace(/\b(?:not|except|excluding|other\s+than|rather\s+than|instead\s+of)\s+(?:(?:the|that|this|their|its)\s+)?(?:[\w'’-]+\s+){0,3}[\w'’-]+/g, " ")
      .split(/[^a-z0-9]+/)
      // ("umbrela's pilot", found as "Umbrella": the slip is the name said, not a word telling records apart.)
      .filter((w) => (w.length > 3 || /^\d{2,}$/.test(w)) && !named.has(w) && !named.has(stem(w)) && !STOPWORDS.has(w) && resourceOf(w) === undefined)
      .filter((w) => w.length < 5 || ![...named].some((n) => n.length >= 5 && likeness(n, w) >= 0.8))
      .map(stem),
  );
  if (said.size === 0) return undefined;
  const heard = new Set([...said].filter((w) => w.length >= 4).map(soundKey));
  // "lucas silva, the guy at initek": where they work is in their address's domain, heard as well as spelt.
  const wordsOf = (i: Item) =>
    [labelOf(i), typeof i.email === "string" ? i.email.replace(/^[^@]*@/, "") : "", typeof i.client === "string" ? i.client : ""]
      .join(" ")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  // ("aperturelabs.fr" is Aperture's: a domain runs a company's words together.)
  const hits = items.filter((i) =>
    wordsOf(i).some((w) => said.has(stem(w)) || (w.length >= 4 && heard.has(soundKey(w))) || [...said].some((x) => x.length >= 5 && w.startsWith(x))),
  );
  return hits.length === 1 ? hits[0] : undefined;
}

/** Records to choose from, told apart when they share a name ("Olivia Tanaka, olivia.tanaka@aperturelabs.fr"). */
function choices(items: Item[]): { id: string; label: string }[] {
  const labels = items.map(labelOf);
  return items.map((i, n) => {
    const label = labels[n]!;
    const twin = labels.filter((l) => l === label).length > 1;
    const detail = twin
      ? [i.email, i.title, i.client, i.amount !== undefined ? `${i.amount} ${i.currency ?? ""}`.trim() : undefined].find((d) => d)
      : undefined;
    return { id: i.id, label: detail ? `${label}, ${String(detail)}` : label };
  });
}

/**
 * "hooley data migration" for "Hooli Cloud: Data migration", "catherine johnson" for "Katherine Johnson": each
 * word said near a word of the name (as misheard or misspelt), scored by their mean; 0 when any word is far.
 */
export function wordwise(label: string, said: string): number {
  const words = said
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 2);
  const own = label
    .toLowerCase()
    .split(/[\s():,-]+/)
    .filter((w) => w.length > 1);
  if (words.length < 2 || own.length === 0) return 0;
  const best = words.map((w) => Math.max(...own.map((o) => likeness(o, w))));
  return best.every((b) => b >= 0.6) ? best.reduce((a, b) => a + b, 0) / best.length : 0;
}

/** The word of a record's name a slip was for ("umbrela" in "Umbrella Health: Pilot project" is "Umbrella"). */
function spelledRight(label: string, slip: string): string | undefined {
  return label.split(/[\s:()]+/).find((w) => w.length > 2 && likeness(w, slip) >= 0.8);
}
