import { money, type Item } from "./answer.ts";
import { enumValues, formatOf, properties } from "./catalog.ts";
import { DEPARTMENTS, escapeRegExp, GROUP_WORDS, likeness, placeCode, READS, rewrite, VALUE_WORDS } from "./lexicon.ts";
import { singular } from "./catalog.ts";
import type { Parsed, Phrase } from "./parse.ts";
import { Stop, type Session } from "./resolve.ts";

/** A list call's query, built from what the request names, and the same in words for the reply. */
export interface Query {
  query: Record<string, unknown>;
  said: string[];
  /** Phrases no filter or search could take. */
  unplaced: Phrase[];
  /** The words start with a state ("overdue", "in interview"): the reply says "are overdue". */
  stated: boolean;
  /** Filters taken from words of the question (Phrase.loose), by their key and what the reply says of them. */
  loose: { key: string; said: string }[];
}

/** The enum values a state word may mean: its own name, or the states it is a synonym of ("active" deals are open). */
function meanings(state: string): string[] {
  return [
    state,
    ...Object.entries(VALUE_WORDS)
      .filter(([value, words]) => value !== state && words.includes(state))
      .map(([value]) => value),
  ];
}

/** Relations a list filters on, and the prepositions that name them ("invoices for Acme", "candidates for Backend Engineer"). */
const RELATIONS: { field: string; resource: string; preps: string[] }[] = [
  { field: "account_id", resource: "account", preps: ["at", "for", "from", "of", "with", "by", "to"] },
  { field: "job_id", resource: "job", preps: ["for", "to", "on", "in", "of", "at"] },
  { field: "sequence_id", resource: "sequence", preps: ["in", "on", "of", "for", "from", "to"] },
  { field: "contact_id", resource: "contact", preps: ["with", "for", "of"] },
];

/** Which of a list's date fields the request means. */
function dateField(props: Record<string, unknown>, p: Parsed): string | undefined {
  const has = (f: string) => `${f}[gte]` in props;
  const hint = p.dates.hint;
  const closed = p.states.some((s) => s === "won" || s === "lost") || p.groups.includes("closed");
  const order =
    hint === "due"
      ? ["due_date"]
      : hint === "close"
        ? closed
          ? ["closed_at", "expected_close_date"]
          : ["expected_close_date", "closed_at"]
        : hint === "paid"
          ? ["paid_at", "updated_at"]
          : closed
            ? ["closed_at"]
            : ["created_at"];
  return order.find(has) ?? (has("created_at") ? "created_at" : undefined);
}

export async function filtersFor(s: Session, p: Parsed, resource: string, phrases: Phrase[]): Promise<Query> {
  const props = properties(s.tool(resource, "list"));
  const query: Record<string, unknown> = {};
  const said: string[] = [];
  const unplaced: Phrase[] = [];
  const loose: Query["loose"] = [];

  const groups = p.groups.flatMap((g) => [g, ...(GROUP_WORDS[g] ?? [])]);
  for (const [field, schema] of Object.entries(props)) {
    if (field.includes("[")) continue;
    const values = enumValues(schema);
    if (values.length === 0) continue;
    const named = new Set<string>();
    // ("deals recorded as won": in a read, the state said after "as" is which records, not a move.)
    for (const state of p.states)
      for (const v of meanings(state))
        if (values.includes(v) && (v !== p.to || READS.has(p.action ?? "list"))) {
          named.add(v);
          break;
        }
    const grouped = new Set<string>();
    for (const g of p.groups) {
      if (values.includes(g)) grouped.add(g);
      // (A deal "in the pipeline" is one still open.)
      else if (g === "in the pipeline" && resource === "deal" && values.includes("open")) grouped.add("open");
      else for (const v of GROUP_WORDS[g] ?? []) if (values.includes(v)) grouped.add(v);
    }
    // "owed and past due": a state inside the group narrows it; one outside it adds to it ("draft or unpaid").
    const narrows = named.size > 0 && [...named].every((v) => grouped.has(v));
    const hits = narrows ? named : new Set([...named, ...grouped]);
    // An open invoice past its due date is "overdue" to the API, but still open to a person.
    if (hits.has("open") && values.includes("overdue") && resource === "invoice") hits.add("overdue");
    // "contacts that are not customers yet", "everyone except the rejected": the field's other values.
    const left = new Set(p.without.states.flatMap((st) => meanings(st)).filter((v) => values.includes(v)));
    if (left.size > 0) {
      const kept = [...(hits.size > 0 ? hits : values)].filter((v) => !left.has(v));
      hits.clear();
      for (const v of kept) hits.add(v);
    }
    if (hits.size > 0) {
      query[field] = [...hits].join(",");
      // Every stage from applied to offer is "still in the pipeline" to a person.
      const pipeline = GROUP_WORDS["in the pipeline"]!;
      const whole = hits.size === pipeline.length && pipeline.every((v) => hits.has(v));
      said.push(whole ? "still in the pipeline" : `${field === "stage" ? "in " : ""}${[...hits].join(" or ")}`);
    }
  }
  void groups;
  // "every client except Wayne Enterprises", "outside the Engineering department": a value left out, by its field.
  for (const ph of p.without.phrases) {
    const after = p.raw.slice(p.raw.toLowerCase().indexOf(ph.text.toLowerCase()) + ph.text.length);
    const field = /^\s+(?:department|dept|team)\b/i.test(after)
      ? "department"
      : resource === "invoice"
        ? "client"
        : ph.prep === "in" || ph.prep === "from"
          ? "location"
          : undefined;
    if (!field || !(`${field}[ne]` in props) || query[`${field}[ne]`] !== undefined) continue;
    query[`${field}[ne]`] = ph.text;
    said.push(`not ${ph.text}`);
  }
  const firstIsState = said.length > 0;

  // A deal's stage lives in its pipeline: stage names are the pipelines' own.
  let rest = phrases;
  if (resource === "deal" && "stage_id" in props && s.tool("pipeline", "list") && (phrases.length > 0 || p.states.length > 0 || /\bstage\b/i.test(p.raw))) {
    const pipelines = await s.list("pipeline", { per_page: 100 });
    const stages = pipelines.data.flatMap((pl) => (pl.stages as Item[]) ?? []);
    const matched = new Set<string>();
    const names: string[] = [];
    for (const stage of stages) {
      const name = String(stage.name).toLowerCase();
      const phrase = phrases.find((ph) => likeness(ph.text, name) >= 0.85 || ph.text === `${name} stage`);
      // ("still in Lead in": a stage named in words that are also a state's, "lead", is the stage when all of its name is said.)
      const pattern = name.replace(/[^a-z0-9 ]/g, ".");
      const spelt = new RegExp(`\\b${pattern}\\b${name.includes(" ") ? "" : "(?=\\s+stage)"}`).test(rewrite(p.raw).toLowerCase());
      if (phrase || p.states.includes(name) || spelt) {
        matched.add(stage.id);
        names.push(String(stage.name));
        // ("are we negotiating with ... in the Negotiation stage": the stage said twice is one filter.)
        const isStage = (r: Phrase) => likeness(r.text, name) >= 0.85 || r.text === `${name} stage`;
        if (phrase) rest = rest.filter((r) => !isStage(r));
      }
    }
    if (matched.size > 0) {
      query.stage_id = [...matched].join(",");
      said.push(`in ${names.join(" or ")}`);
    }
  }

  // "more than 15 thousand still owing": the balance, not the amount billed.
  // ("the bills where the customer still owes us more than 15,000": what they owe is the balance too.)
  const owing = /\b(?:owing|owed|outstanding|left|remaining|balance|amount[_ ]due|still\s+due|still\s+owes?)\b/i.test(p.raw);
  const moneyField = (owing ? ["amount_due", "amount", "annual_revenue"] : ["amount", "amount_due", "annual_revenue"]).find((f) => `${f}[gte]` in props);
  for (const a of p.amounts) {
    // "invoices around 8k": within a tenth either side.
    if (a.approx && moneyField && !p.amounts.some((b) => b.op)) {
      query[`${moneyField}[gte]`] = Math.round(a.value * 90) / 100;
      query[`${moneyField}[lte]`] = Math.round(a.value * 110) / 100;
      said.push(`around ${a.currency ? money(a.value, a.currency) : a.value.toLocaleString("en-US")}`);
      if (a.currency && "currency" in props) query.currency = a.currency;
      continue;
    }
    if (!a.op || !moneyField) continue;
    query[`${moneyField}[${a.op}]`] = a.value;
    const value = a.currency ? money(a.value, a.currency) : a.value.toLocaleString("en-US");
    said.push(
      moneyField === "amount_due"
        ? `with ${{ gt: "more than", gte: "at least", lt: "less than", lte: "at most" }[a.op]} ${value} still due`
        : `${{ gt: "above", gte: "at least", lt: "under", lte: "at most" }[a.op]} ${value}`,
    );
    if (a.currency && "currency" in props) query.currency = a.currency;
  }

  if (p.currency && "currency" in props) {
    query.currency = p.currency;
    said.push(`in ${p.currency}`);
  }
  for (const n of p.numeric) {
    if (!(`${n.field}[gte]` in props)) continue;
    query[n.op ? `${n.field}[${n.op}]` : n.field] = n.value;
    // Part-paid says the unpaid statuses already: "4 invoices are part-paid", not "open or overdue part-paid".
    if (n.field === "amount_paid" && n.op === "gt" && n.value === 0) {
      const unpaid = said.indexOf("open or overdue");
      said.splice(unpaid < 0 ? said.length : unpaid, unpaid < 0 ? 0 : 1, "part-paid");
      continue;
    }
    said.push(`${n.field} ${n.op ? { gte: "at least ", gt: "above ", lte: "at most ", lt: "below " }[n.op] : ""}${n.value}`);
  }

  for (const [field, present] of Object.entries(p.having ?? {})) {
    if (!(`${field}[exists]` in props)) continue;
    query[`${field}[exists]`] = present;
    said.push(`${present ? "with" : "without"} a ${field.replace(/_/g, " ")}`);
  }

  const dates = { ...p.dates };
  if (dates.gte || dates.lt) {
    const field = dateField(props, p);
    if (field) {
      const dateTime = formatOf(props[field] as never) === "date-time" || formatOf(props[`${field}[gte]`] as never) === "date-time";
      const at = (d: string) => (dateTime ? `${d}T00:00:00.000Z` : d);
      // "due before Christmas" asks what is coming due: from today, when the day is still ahead.
      const today = s.turn.now.toISOString().slice(0, 10);
      if (!dates.gte && dates.lt && dates.lt > today && field === "due_date" && !p.states.includes("overdue")) dates.gte = today;
      // "deals we expect to close in January": a close still expected is an open deal's.
      if (field === "expected_close_date" && "status" in props && query.status === undefined && !p.groups.includes("closed")) query.status = "open";
      if (dates.gte) query[`${field}[gte]`] = at(dates.gte);
      if (dates.lt) query[`${field}[lt]`] = at(dates.lt);
      const word = field.replace(/_at$|_date$/, "").replace(/_/g, " ");
      // ("12 invoices are paid from ... ": the state already says the word the span reads with.)
      if (said.at(-1) === word) said.pop();
      said.push(`${word} ${dates.gte && dates.lt ? `from ${dates.gte} to before ${dates.lt}` : dates.gte ? `since ${dates.gte}` : `before ${dates.lt}`}`);
    }
  }

  // ("how much do Wayne still owe us, on Wayne's unpaid invoices": one name said twice is one filter.)
  rest = rest.filter((ph, n) => !rest.slice(0, n).some((earlier) => earlier.text.toLowerCase() === ph.text.toLowerCase()));
  for (const phrase of rest) {
    // "decision makers at Stark", "contacts tagged vip": a tag the records carry.
    const tag = "tags" in props && (!phrase.prep || phrase.prep === "tagged") ? await tagOf(s, resource, phrase.text, phrase.prep === "tagged") : undefined;
    if (tag) {
      query.tags = tag;
      said.push(`tagged ${tag}`);
      continue;
    }
    // "in Stark Logistics's unpaid invoices": whose records, whatever the preposition before the owner.
    const owns = phrase.beforeNoun && new RegExp(`\\b${escapeRegExp(phrase.text)}['’]s?\\s`, "i").test(p.said ?? p.raw);
    const relation =
      RELATIONS.find((r) => r.field in props && r.resource === phrase.nounResource && r.resource !== resource) ??
      (owns ? RELATIONS.find((r) => r.field === "account_id" && r.field in props && r.resource !== resource && s.tool(r.resource, "list")) : undefined) ??
      RELATIONS.find(
        (r) =>
          r.field in props &&
          r.resource !== resource &&
          s.tool(r.resource, "list") &&
          ((phrase.prep && r.preps.includes(phrase.prep)) ||
            (!phrase.prep && (phrase.beforeNoun || phrase.nounResource === resource) && r.field === "account_id")),
      );
    if (relation) {
      try {
        const found = await s.find(relation.resource, phrase.text, { write: false });
        query[relation.field] = found.id;
        said.push(`${phrase.prep === "at" ? "at" : "for"} ${found.label}`);
        // "the Umbrella Health pilot deal": the account's whole name, then words of the record's own.
        const own = phrase.text.toLowerCase().startsWith(`${found.label.toLowerCase()} `) ? phrase.text.slice(found.label.length).trim() : "";
        if (own && phrase.nounResource === resource && "q" in props && query.q === undefined) {
          query.q = own;
          said.push(`matching “${own}”`);
        }
        continue;
      } catch (error) {
        if (!(error instanceof Stop) || error.reply.pending) throw error;
        // "the umbrella health consulting invoice": the account's name, then words of the record's own.
        const split = relation.resource === "account" && "q" in props ? await ownerThen(s, phrase.text) : undefined;
        if (split) {
          query[relation.field] = split.id;
          query.q = split.rest;
          said.push(`for ${split.label}`, `matching “${split.rest}”`);
          continue;
        }
        // "the Stark deal for the support upgrade", "the Globex invoice for the custom integration build": the
        // account is known, so words no account has are the record's own (its name, its description).
        // ("Did Gringotts pay the pipeline review invoice": a client already named, by its name on the invoices.)
        if ("q" in props && query.q === undefined && (query.account_id !== undefined || query["client[contains]"] !== undefined)) {
          query.q = phrase.text;
          said.push(`matching “${phrase.text}”`);
          if (phrase.loose) loose.push({ key: "q", said: said.at(-1)! });
          continue;
        }
        // "the hooley data migration deal": the record's own name, misheard; found as the record, by its name.
        // (An invoice has no name of its own: its client's follows.)
        if ("q" in props && query.q === undefined && phrase.nounResource === resource && !("client[contains]" in props)) {
          const itself = await s.find(resource, phrase.text, { write: false }).catch(() => undefined);
          if (itself) {
            query.q = itself.label;
            said.push(`named “${itself.label}”`);
            continue;
          }
        }
        // An invoice's client need not be an account: fall back to its name, as the invoices write it when one is
        // near ("Wayne Enterprisess").
        if (!("client[contains]" in props)) throw error;
        const billed = [...new Set((await s.list(resource, { per_page: 100 })).data.map((i) => String(i.client ?? "")))];
        const near = billed.filter((c) => likeness(c, phrase.text) >= 0.85);
        query["client[contains]"] = near.length === 1 ? near[0] : phrase.text;
        said.push(`for clients named like “${String(query["client[contains]"])}”`);
        if (phrase.loose) loose.push({ key: "client[contains]", said: said.at(-1)! });
        continue;
      }
    }
    // Text fields named by a preposition: "accounts in the US", "candidates from referrals", "jobs in London".
    // ("accts - US only", "US based accounts": a country alone, or said before "based", is where they are.)
    const place = placeCode(phrase.text.replace(/[-\s]+based$/i, ""));
    if (place && "country" in props && ["in", "from", "at", "based", undefined].includes(phrase.prep)) {
      query.country = place;
      said.push(`in ${place}`);
      continue;
    }
    const textField =
      phrase.prep === "from" || phrase.prep === "via"
        ? ["source"].find((f) => f in props)
        : phrase.prep === "in" || phrase.prep === "at"
          ? // ("jobs in Engineering", "roles in the Sales team": a department is no place.)
            (DEPARTMENTS.has(phrase.text.toLowerCase()) || new RegExp(String.raw`\b${escapeRegExp(phrase.text)}\s+(?:department|dept|team)\b`, "i").test(p.raw)
              ? ["department[contains]"]
              : ["location[contains]", "department[contains]", "industry[contains]"]
            ).find((f) => f in props)
          : undefined;
    if (textField) {
      query[textField] = textField === "source" ? singular(phrase.text.toLowerCase()) : phrase.text;
      said.push(textField === "source" ? `from ${String(query.source)}` : `${textField.replace("[contains]", "")} ${String(query[textField])}`);
      continue;
    }
    // "invoices Stark Logisitcs": a name said without a preposition, misspelt, is the client's when an account stands
    // out by its spelling (searched as words, it would match nothing; an invoice has no name of its own).
    if (resource === "invoice" && !phrase.prep && /^[A-Z]/.test(phrase.text) && query.account_id === undefined && s.tool("account", "list")) {
      const owner = await s.find("account", phrase.text, { write: false }).catch(() => undefined);
      if (owner) {
        query.account_id = owner.id;
        said.push(`for ${owner.label}`);
        continue;
      }
    }
    if ("q" in props && query.q === undefined) {
      query.q = phrase.text;
      said.push(`matching “${phrase.text}”`);
      if (phrase.loose) loose.push({ key: "q", said: said.at(-1)! });
      continue;
    }
    unplaced.push(phrase);
  }
  for (const quoted of p.quoted) {
    if ("q" in props && query.q === undefined) {
      query.q = quoted;
      said.push(`matching “${quoted}”`);
    }
  }
  return { query, said, unplaced, stated: firstIsState, loose };
}

/** An account named by the first words of a phrase, and the words left after it. */
async function ownerThen(s: Session, text: string): Promise<{ id: string; label: string; rest: string } | undefined> {
  const words = text.split(/\s+/);
  for (let n = words.length - 1; n >= 1; n--) {
    const found = await s.find("account", words.slice(0, n).join(" "), { write: false }).catch(() => undefined);
    if (found) return { id: found.id, label: found.label, rest: words.slice(n).join(" ") };
  }
  return undefined;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .trim()
    .replace(/['’]s$/, "")
    .replace(/[\s_]+/g, "-");
const tagsSeen = new WeakMap<Session, Map<string, Set<string>>>();

/**
 * The tag a phrase names ("decision makers" is decision-maker), among the
 * tags a page of the resource's records carry (read once per turn), or
 * said with "tagged" whatever the records hold.
 */
export async function tagOf(s: Session, resource: string, text: string, said = false): Promise<string | undefined> {
  const wanted = slug(text);
  // ("tagged as decision-makers": a tag said in the plural is the one the records carry, when they carry it.)
  if (said && !/s(?:-|$)/.test(wanted)) return wanted;
  let byResource = tagsSeen.get(s);
  if (!byResource) tagsSeen.set(s, (byResource = new Map()));
  let tags = byResource.get(resource);
  if (!tags) {
    const page = await s.list(resource, { per_page: 100 });
    tags = new Set(page.data.flatMap((i) => (Array.isArray(i.tags) ? (i.tags as string[]) : [])));
    byResource.set(resource, tags);
  }
  const known = [wanted, wanted.replace(/s$/, ""), wanted.replace(/s-/g, "-"), wanted.replace(/s(-|$)/g, "$1")].find((t) => tags.has(t));
  return known ?? (said ? wanted : undefined);
}
