import { distance } from "fastest-levenshtein";
import { ID_PREFIXES } from "../../../platform/ids.ts";
import { ACTION_WORDS, actionOf, FIELD_WORDS, GROUP_WORDS, near, resourceOf, REWRITES, STOPWORDS, VALUE_WORDS, type Action } from "./lexicon.ts";
import { readAmounts, readDates, roots, type Amount, type DateRange } from "./nlp.ts";

type Language = Awaited<ReturnType<typeof import("./nlp.ts").loadLanguage>>;

/** A run of words that is not vocabulary: a name, to be resolved through search. */
export interface Phrase {
  text: string;
  /** The preposition before it ("at Acme", "for Backend Engineer", "Acme's": "of"). */
  prep?: string;
  /** It came before the first resource word ("the Initech deal"). */
  beforeNoun: boolean;
  /** The resource word right after it, when it reads as part of a name ("the Acme renewal"). */
  noun?: string;
  /** The resource that word names ("for the Backend Engineer job": job). */
  nounResource?: string;
}

export interface Parsed {
  raw: string;
  action?: Action;
  /** Asked as a question or a request to see (which, what, how many, show): a read, whatever verbs follow. */
  question: boolean;
  resource?: string;
  /** Every resource word, in order. */
  resources: string[];
  /** Names of states (enum values), in order; `to` the one the request moves something to. */
  states: string[];
  groups: string[];
  to?: string;
  amounts: Amount[];
  dates: DateRange;
  numbers: { prefix: string; digits: string; raw: string }[];
  emails: string[];
  domains: string[];
  quoted: string[];
  top?: number;
  phrases: Phrase[];
  fields: { words: string; value: string }[];
  /** Words it could not place (neither vocabulary nor in a name). */
  unplaced: string[];
  /** The action's own word ("draft", "bill"), when a verb named it. */
  verb?: string;
  /** Fields asked about ("what's Leo's email?"). */
  asked: string[];
  /** The first resource word was plural ("deals", not "deal"). */
  plural?: boolean;
  resourceWords: string[];
  /** A currency named on its own ("GBP invoices", "in euros"). */
  currency?: string;
  /** Numeric filters named in words ("rated 4 or more"). */
  numeric: { field: string; op?: "gte" | "lte" | "gt" | "lt"; value: number }[];
  /** Record ids named in the request, with the resource their prefix says. */
  ids: { resource: string; id: string }[];
}

const PREPS = new Set(["at", "for", "with", "from", "of", "in", "into", "to", "on", "onto", "by", "about", "as", "called", "named", "under", "via"]);
const QUESTION_START = /^(?:which|what|what's|whats|who|whom|whose|how|show|list|find|display|give|get|are|is|do|does|did|any|can you (?:show|list|find|tell)|tell me|i need (?:a list|to see)|let me see|pull up|search|look up|where|when)\b/;
const BILL_VERBS = new Set(["bill", "invoice", "charge"]);
const LEAD_FILLER = new Set(["please", "pls", "plz", "can", "could", "would", "you", "kindly", "go", "ahead", "and", "just", "now", "ok", "okay", "hey", "hi", "so", "then", "also"]);
/** Fields a question may ask about a record ("what's Leo's email?"). */
const ASKABLE = new Set(["email", "e-mail", "title", "phone", "stage", "status", "domain", "website", "industry", "location", "country", "department", "source", "rating", "balance", "owner", "amount"]);
const RESOURCE_SINGULARS = new Set(["business", "status", "process"]);
const CURRENCY_NAMES: Record<string, string> = { usd: "USD", dollar: "USD", dollars: "USD", eur: "EUR", euro: "EUR", euros: "EUR", gbp: "GBP", pound: "GBP", pounds: "GBP", sterling: "GBP", chf: "CHF", cad: "CAD", aud: "AUD", jpy: "JPY", yen: "JPY" };
const PAST_VERBS = new Set(["closed", "won", "lost", "paid", "settled", "hired", "rejected", "collected", "voided", "cancelled", "canceled", "signed"]);
/** Words that say which date, read with the date itself. */
const DATE_WORDS = new Set(["due", "dated", "closing", "created", "added", "issued", "expected", "expiring"]);
const SPACE = (length: number) => " ".repeat(length);

/** Words that make one token when they appear together ("past due", "based in"). */
const MULTI = [...new Set([...Object.values(VALUE_WORDS).flat(), ...Object.keys(GROUP_WORDS)].filter((w) => w.includes(" ")))].sort((a, b) => b.length - a.length);

const VALUE_NAMES = Object.keys(VALUE_WORDS).filter((v) => v.length >= 5);
/** A misspelt state ("unpiad", "overdeu"): one edit from a state or group word of five letters or more. */
function fuzzyValue(word: string): string | undefined {
  if (word.length < 5) return undefined;
  const hit = VALUE_NAMES.find((v) => near(word, v) || (word.length > 6 && distance(word, v) === 2 && word[0] === v[0]));
  if (hit) return hit;
  if (near(word, "unpaid") || distance(word, "outstanding") <= 2) return "unpaid";
  return undefined;
}

function blank(text: string, spans: [number, number][]): string {
  let out = text;
  for (const [a, b] of spans) out = out.slice(0, a) + " | " + SPACE(Math.max(0, b - a - 3)) + out.slice(b);
  return out;
}

const FIELD_SYNONYMS = Object.values(FIELD_WORDS)
  .flat()
  .filter((w) => !["for", "called", "named", "due", "close", "closes", "number", "value", "worth", "size", "client", "customer", "position", "team"].includes(w))
  .sort((a, b) => b.length - a.length);
const FIELD_ASSIGN = new RegExp(`\\b(?:(?:their|its|his|her|the|new|a|an)\\s+)?(${FIELD_SYNONYMS.map((w) => w.replace(/[-]/g, "\\-")).join("|")})\\s*(?:is|=|:|to|should be|will be|becomes)\\s+([^,;]+?)(?=\\s*(?:[,;]|\\band\\b|\\bwith\\b|$))`, "gi");

/** Reads a request into what it asks, about what, which records and which values. Deterministic; no lookups. */
export function parse(lang: Language, message: string, now: Date): Parsed {
  const raw = message.trim().replace(/\s+/g, " ");
  let text = REWRITES.reduce((t, [from, to]) => t.replace(from, to), raw);
  const spans: [number, number][] = [];
  const out: Parsed = { raw, question: false, resources: [], states: [], groups: [], amounts: [], dates: {}, numbers: [], emails: [], domains: [], quoted: [], phrases: [], fields: [], unplaced: [], asked: [], resourceWords: [], numeric: [], ids: [] };

  for (const m of text.matchAll(/["“”]([^"“”]{1,200})["“”]/g)) {
    out.quoted.push(m[1]!.trim());
    spans.push([m.index!, m.index! + m[0].length]);
  }
  text = blank(text, spans.splice(0));
  // Record ids as the API writes them (inv_01h...): what they name is in their prefix.
  for (const m of text.matchAll(/\b([a-z]+)_[0-9a-hjkmnp-tv-z]{26}\b/g)) {
    const resource = Object.entries(ID_PREFIXES).find(([, prefix]) => prefix === m[1])?.[0];
    if (resource) out.ids.push({ resource, id: m[0] });
    spans.push([m.index!, m.index! + m[0].length]);
  }
  text = blank(text, spans.splice(0));
  for (const m of text.matchAll(/<?\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b>?/g)) {
    out.emails.push(m[0].replace(/[<>]/g, "").toLowerCase());
    spans.push([m.index!, m.index! + m[0].length]);
  }
  text = blank(text, spans.splice(0));
  for (const m of text.matchAll(/\b(?:https?:\/\/)?(?:www\.)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?:\/\S*)?/gi)) {
    if (/^\d/.test(m[1]!) || /\.\d/.test(m[0])) continue;
    out.domains.push(m[1]!.toLowerCase());
    spans.push([m.index!, m.index! + m[0].length]);
  }
  text = blank(text, spans.splice(0));
  for (const m of text.matchAll(/\b([a-z]{2,5})[-#]?(\d{1,9})\b/gi)) {
    if (!/[-#]/.test(m[0]) && !/^(inv)$/i.test(m[1]!)) continue;
    out.numbers.push({ prefix: m[1]!.toUpperCase(), digits: m[2]!, raw: m[0] });
    spans.push([m.index!, m.index! + m[0].length]);
  }
  for (const m of text.matchAll(/\b(invoice|bill)\s*(?:#|no\.?|number|num\.?)?\s*(\d{1,9})\b(?!\s*(?:k|m|usd|eur|gbp|dollars?|euros?|%))/gi)) {
    out.numbers.push({ prefix: "INV", digits: m[2]!, raw: m[2]! });
    spans.push([m.index! + m[0].length - m[2]!.length, m.index! + m[0].length]);
  }
  text = blank(text, spans.splice(0));
  // Verbs of more than one word.
  const asking = QUESTION_START.test(text.toLowerCase());
  // "invoices we wrote off", "show the bad debt": a state to filter by; "write off INV-7", "INV-7 is bad debt": the change.
  const writtenOff = /\b(written[- ]off|wrote off|write[- ]?offs)\b|\bbad[- ]debts?\b/i.exec(text);
  if (writtenOff && (asking || writtenOff[1] || (out.numbers.length === 0 && !/\b(?:mark|flag|treat|record|log)\b|\bis\b/i.test(text)))) {
    out.states.push("uncollectible");
    spans.push([writtenOff.index, writtenOff.index + writtenOff[0].length]);
    text = blank(text, spans.splice(0));
  }
  const multi = /\b(write[- ]?off|write (?:it|them|this|that|these|those) off|bad[- ]debts?)\b|\b(?:record|log|register|enter|add|got|get|gotten|received|receive|took|take|collected|collect|had|booked|book|applied|apply|taken)\s+(?:a\s+|the\s+|another\s+|one\s+)?(?:partial\s+|part\s+|full\s+)?payment\b|\bset\s+up\b/i.exec(text);
  if (multi) {
    out.action = multi[1] ? "uncollectible" : /payment/i.test(multi[0]) ? "pay" : "create";
    out.verb = multi[1] ? "write off" : /payment/i.test(multi[0]) ? "payment" : "set up";
    spans.push([multi.index, multi.index + multi[0].length]);
  }
  const late = /\b(?:more than|over|at least|>)\s*(\d{1,4})\s*days?\s+(?:overdue|late|past[- ]due)\b/i.exec(text);
  if (late) {
    out.states.push("overdue");
    out.dates = { lt: new Date(now.getTime() - Number(late[1]) * 86_400_000).toISOString().slice(0, 10), hint: "due" };
    spans.push([late.index, late.index + late[0].length]);
  }
  const out_ = /^\s*(?:please\s+)?(?:take|remove|pull|drop|get)\s+(.+?)\s+(?:out of|off|from)\s+(?:the\s+)?(.+?)(?:\s+(?:sequence|campaign|cadence))?\s*[.!]?$/i.exec(text);
  if (out_ && !/\b(invoice|account|deal|job|pipeline|list)s?\b/i.test(out_[2]!)) {
    // "take Ann Lee out of Intro": leaving a sequence, not a deletion.
    out.action = "unenroll";
    const verb = /\b(?:take|remove|pull|drop|get)\b/i.exec(text)!;
    spans.push([verb.index, verb.index + verb[0].length]);
  }
  const phone = /\b(?:phone|mobile|cell|tel(?:ephone)?)(?:\s+number)?\s*(?:is|=|:|to|should be)?\s*(\+?\d[\d\s().-]{5,}\d)/i.exec(text);
  if (phone) {
    out.fields.push({ words: "phone", value: phone[1]!.trim() });
    spans.push([phone.index, phone.index + phone[0].length]);
  }
  const about = /^\s*(?:tell me (?:all )?about|brief me on|give me (?:a |the )?(?:rundown|brief(?:ing)?|summary) (?:on|of)|what do we know about)\b/i.exec(text);
  if (about) {
    out.action = "summarize";
    spans.push([about.index, about.index + about[0].length]);
  }
  const rated = /\brat(?:ed|ing)\s*(?:of\s+|is\s+|at least\s+|above\s+)?(\d)(?:\s*(?:stars?|\/5))?(\s*(?:\+|or (?:more|higher|above|better)|and (?:up|above)))?/i.exec(text);
  if (rated) {
    out.numeric.push({ field: "rating", op: rated[2] || /at least|above/.test(rated[0]) ? "gte" : undefined, value: Number(rated[1]) });
    spans.push([rated.index, rated.index + rated[0].length]);
  }
  text = blank(text, spans.splice(0));
  const top = /\b(?:top|first|largest|biggest|highest|last|latest)\s+(\d{1,3})\b(?!\s*(?:days?|weeks?|months?|years?|hours?)\b)/i.exec(text);
  if (top) {
    out.top = Number(top[1]);
    spans.push([top.index + top[0].length - top[1]!.length, top.index + top[0].length]);
    text = blank(text, spans.splice(0));
  }
  const dates = readDates(lang.chrono, text, now);
  out.dates = { ...dates.range, ...out.dates };
  text = blank(text, dates.spans);
  out.amounts = readAmounts(text).filter((a) => a.currency || a.op || a.value >= 10 || /\d\s?[km]\b/i.test(text.slice(a.index, a.index + a.length)));
  text = blank(text, out.amounts.map((a) => [a.index, a.index + a.length]));

  for (const m of text.matchAll(FIELD_ASSIGN)) {
    const value = m[2]!.trim().replace(/[.!?]+$/, "");
    if (!value) continue;
    // "their domain is contoso.com": the value was already read (a domain, an email, an amount); the field words go too.
    out.fields.push({ words: m[1]!.toLowerCase(), value: value === "|" ? "" : value });
    spans.push([m.index!, m.index! + m[0].length]);
  }
  const based = /\b(?:based|located|headquartered|hq'?d?)\s+(?:in|at)\s+([^,;|]+?)(?=\s*(?:[,;|]|\band\b|\bwith\b|$))/i.exec(text);
  if (based) {
    out.fields.push({ words: "based in", value: based[1]!.trim() });
    spans.push([based.index, based.index + based[0].length]);
  }
  const make = /\bmake\s+(?:him|her|them|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+(?:the\s+|a\s+|an\s+|our\s+)?([^,;|]+?)\s*$/i.exec(text);
  if (make && !/\b(paid|won|lost|active|inactive|hired|rejected)\b/i.test(make[1]!)) {
    out.fields.push({ words: "title", value: make[1]!.trim().replace(/[.!]+$/, "") });
    spans.push([make.index + make[0].length - make[1]!.length - (make[0].endsWith(" ") ? 1 : 0), make.index + make[0].length]);
  }
  text = blank(text, spans.splice(0));

  const currencyWord = /\b(usd|eur|gbp|chf|cad|aud|jpy|euros?|dollars?|pounds?|sterling|yen)\b/i.exec(text);
  if (currencyWord) {
    out.currency = CURRENCY_NAMES[currencyWord[1]!.toLowerCase()];
    text = blank(text, [[currencyWord.index, currencyWord.index + currencyWord[0].length]]);
  }
  let cased = text.replace(/[’]/g, "'").replace(/[,;:()!?]/g, " | ").replace(/\bU\.?S\.?A?\b\.?/g, "USA").replace(/\bU\.K\.?/g, "UK");
  for (const multi of MULTI) cased = cased.replace(new RegExp(`\\b${multi.replace(/[-]/g, "\\-")}\\b`, "gi"), multi.replace(/[ -]/g, "_"));
  const lower = cased.toLowerCase();
  out.question = QUESTION_START.test(lower.trim());
  if (/\bhow many\b|\bnumber of\b|\bcount\b/.test(lower)) out.action = "count";
  else if (/\bhow much\b|\btotal\b|\bsum\b|\bowe[sd]?\b|\bowing\b/.test(lower)) out.action = "sum";
  else if (/\b(top|largest|biggest|highest|most valuable|largest)\b/.test(lower) && out.question !== false) out.action = out.question || /^(top|largest|biggest)/.test(lower.trim()) ? "top" : undefined;

  const rootMap = roots(lang.nlp, lower.replace(/_/g, " "));
  const shown = [...cased.matchAll(/[A-Za-z0-9_\u00C0-\u024F][A-Za-z0-9_\u00C0-\u024F'&.-]*|\|/g)].map((m) => m[0].replace(/[.]+$/, ""));
  const words = shown.map((w) => w.toLowerCase());
  const valueIndex = new Map<string, string>();
  for (const [value, synonyms] of Object.entries(VALUE_WORDS)) for (const s of [value, ...synonyms]) valueIndex.set(s.replace(/[ -]/g, "_"), value);
  const groupIndex = new Map(Object.keys(GROUP_WORDS).map((g) => [g.replace(/ /g, "_"), g]));

  let phrase: string[] = [];
  let prep: string | undefined;
  let lastPrep: string | undefined;
  let pendingTo = false;
  const flush = (noun?: string, nounResource?: string) => {
    if (phrase.length > 0) out.phrases.push({ text: phrase.join(" "), prep, beforeNoun: out.resources.length === 0, noun, nounResource });
    phrase = [];
    prep = undefined;
  };
  const isPlural = (w: string) => /[^s]s$|ies$/.test(w) && resourceOf(w) !== undefined && !RESOURCE_SINGULARS.has(w);
  const vocabulary = (w: string) => !w || w === "|" || PREPS.has(w) || STOPWORDS.has(w) || valueIndex.has(w) || groupIndex.has(w) || resourceOf(w) !== undefined || ACTION_WORDS[w] !== undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === "|") {
      flush();
      lastPrep = undefined;
      pendingTo = false;
      continue;
    }
    const possessive = /'s?$/.test(word) && word.length > 2 && !/^(we|they|you|i|let|it|that|what|who|there|here|he|she)'/.test(word);
    const bare = possessive ? word.replace(/'s?$/, "") : word;
    const root = rootMap.get(bare) ?? bare;
    const fuzzy = valueIndex.has(bare) || groupIndex.has(bare) || resourceOf(bare) || ACTION_WORDS[bare] ? undefined : fuzzyValue(bare);
    const value = valueIndex.get(bare) ?? (fuzzy && !GROUP_WORDS[fuzzy] ? fuzzy : undefined);
    const group = groupIndex.get(bare) ?? (fuzzy && GROUP_WORDS[fuzzy] ? fuzzy : undefined);
    const next = words[i + 1] ?? "";
    const lead = !out.action && words.slice(0, i).every((w) => LEAD_FILLER.has(w));
    // "the Account Executive job": a capitalized resource word before another capitalized word is part of a name.
    const inName = i > 0 && /^[A-Z]/.test(shown[i]!) && /^[A-Z]/.test(shown[i + 1] ?? "") && !vocabulary(next);
    const resource = possessive || inName ? undefined : resourceOf(bare);
    // A vocabulary word inside a name: "the New lead follow-up sequence".
    const vocab = value || group || ACTION_WORDS[root];
    if (vocab && !resource && !PREPS.has(bare) && !STOPWORDS.has(bare) && !possessive && next !== "|" && !PREPS.has(next) && resourceOf(next) === undefined) {
      const capitalized = i > 0 && /^[A-Z]/.test(shown[i]!) && phrase.length === 0 && !lead;
      const inside = phrase.length > 0 && !pendingTo && !vocabulary(next) && (value !== undefined || group !== undefined);
      if (capitalized || inside) {
        if (phrase.length === 0) prep = lastPrep;
        phrase.push(shown[i]!);
        continue;
      }
    }
    if (ASKABLE.has(bare) && !lead && (out.question || /'s?$/.test(words[i - 1] ?? "") || words.slice(0, i).some((w) => w === "what" || w === "what's" || w === "whats" || w === "which"))) {
      flush();
      out.asked.push(bare);
      continue;
    }
    // "we closed the Acme renewal", "Umbrella paid INV-7": a state word after a subject is a verb; "closed roles" is not.
    if (!out.action && !out.question && i > 0 && PAST_VERBS.has(bare) && !resourceOf(next) && !["the", "a", "all", "any", "|", "not", "never"].includes(words[i - 1]!) && !(out.plural && out.resources.length > 0)) {
      flush();
      out.action = ACTION_WORDS[root] ?? ACTION_WORDS[bare];
      if (value) out.states.push(value);
      continue;
    }
    // The first word, an imperative: "void INV-22", "draft an invoice", "new invoice: ..." (but "open deals", "new contacts" are states).
    const billing = lead && !out.question && BILL_VERBS.has(bare) && !isPlural(next) && next !== "" && !resourceOf(next);
    if (billing) {
      // "bill Hooli Cloud 2,350 USD": an invoice to make.
      flush();
      out.action = "create";
      out.verb = bare;
      out.resources.push("invoice");
      out.resourceWords.push(bare);
      continue;
    }
    const leadAction = lead && !out.question ? (ACTION_WORDS[bare] ?? actionOf(root)) : undefined;
    if (leadAction && (!(value || group || resource) || ["a", "an", "the", "|", "my", "our", "this", "that", ""].includes(next) || (!vocabulary(next) && !isPlural(next)) || (resourceOf(next) !== undefined && !isPlural(next)))) {
      flush();
      out.action = leadAction;
      out.verb = bare;
      continue;
    }
    if (DATE_WORDS.has(bare) && (out.dates.gte || out.dates.lt || out.dates.day)) {
      flush();
      continue;
    }
    // "contacts that are customers", "mark Leo as a customer": a state, though the word also names a resource.
    if (resource && value && (pendingTo || out.resources.length > 0)) {
      flush();
      out.states.push(value);
      if (pendingTo) out.to = value;
      pendingTo = false;
      continue;
    }
    if (resource && phrase.length > 0 && prep) {
      // "for the Backend Engineer job": the noun says what the phrase names, not what the request is about.
      flush(bare, resource);
      lastPrep = undefined;
      continue;
    }
    if (resource && !(phrase.length > 0 && out.resources.includes(resource) && !PREPS.has(next))) {
      // "the Acme renewal": the noun may be part of the name.
      // "sequence enrollments", "job applicants": the first noun qualifies the second, which is what is asked about.
      if (out.resources.length > 0 && i > 0 && resourceOf(words[i - 1]!) === out.resources.at(-1) && phrase.length === 0) {
        out.resources.pop();
        out.resourceWords.pop();
      }
      if (out.resources.length === 0) out.plural = isPlural(bare);
      out.resources.push(resource);
      out.resourceWords.push(bare);
      flush(phrase.length > 0 ? bare : undefined, phrase.length > 0 ? resource : undefined);
      lastPrep = undefined;
      continue;
    }
    if (group && !(bare === "due" && (out.dates.day || out.dates.lt || out.dates.gte))) {
      flush();
      out.groups.push(group);
      continue;
    }
    if (value) {
      flush();
      out.states.push(value);
      if (pendingTo) out.to = value;
      pendingTo = false;
      continue;
    }
    if (PREPS.has(bare)) {
      flush();
      lastPrep = bare;
      pendingTo = bare === "to" || bare === "as" || bare === "into";
      continue;
    }
    const action = STOPWORDS.has(bare) && !ACTION_WORDS[bare] ? undefined : actionOf(root);
    if (action && (phrase.length === 0 || shown[i] === bare) && !(phrase.length > 0 && ["new", "open", "set", "start", "log", "draft", "issue", "send", "drop", "hold", "look", "see", "big", "large", "high", "profile", "summary", "brief"].includes(bare))) {
      flush();
      if (!out.action || (out.action === "list" && !out.question)) {
        out.action = action;
        out.verb = bare;
      }
      continue;
    }
    if (STOPWORDS.has(bare) || STOPWORDS.has(root)) {
      flush();
      continue;
    }
    if (phrase.length === 0) prep = lastPrep;
    phrase.push(possessive ? shown[i]!.replace(/'s?$/i, "") : shown[i]!);
    if (possessive) {
      prep = prep ?? "of";
      flush();
      lastPrep = "of";
    }
  }
  flush();
  if (out.question && (!out.action || ["create", "update", "stage", "pay", "void", "delete", "win", "lose", "close", "hire", "reject"].includes(out.action))) {
    if (!["count", "sum", "top"].includes(out.action ?? "")) out.action = "list";
  }
  out.resource = out.resources[0];
  return out;
}

/** The words after the last "in/into/on/to/for" of a request, as a sequence's name ("the New lead follow-up sequence": New lead follow-up). */
export function sequenceName(raw: string): string | undefined {
  const m = /\b(?:in|into|on|onto|to|for)\s+(?:the\s+|our\s+)?((?:(?!\b(?:in|into|on|onto|to|for)\b).)+?)(?:\s+(?:sequence|campaign|cadence|drip|outreach)s?)?\s*[.!?]?$/i.exec(raw.trim());
  const name = m?.[1]?.trim();
  // "in the last 30 days", "on hold": a date or a state, not a name.
  return name && !/^(it|them|this|that|hold)$/i.test(name) && !/\d|\b(?:last|this|next|past|today|yesterday|week|month|quarter|year)\b/i.test(name) ? name : undefined;
}
