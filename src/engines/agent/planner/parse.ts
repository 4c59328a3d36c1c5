import { distance } from "fastest-levenshtein";
import { ID_PREFIXES } from "../../../platform/ids.ts";
import {
  ACTION_WORDS,
  actionOf,
  CREATE_REMARKS,
  WANT_TO,
  CREATE_START,
  expandShorthand,
  FIELD_WORDS,
  GROUP_WORDS,
  near,
  PREPS,
  QUESTION_START,
  READS,
  REASON,
  resourceOf,
  rewrite,
  STOPWORDS,
  TIME_SAID,
  TITLE_HEADS,
  VALUE_WORDS,
  type Action,
} from "./lexicon.ts";
import { askedLast, focus } from "./clauses.ts";
import { countOf, ISO_CODES, readAmounts, readDates, readShift, roots, tagsOf, type Amount, type DateRange, type Language, type Shift } from "./nlp.ts";

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
  /** Where it starts in the request (-1 when rewritten): "620 euros for support hours" puts a phrase after an amount. */
  at?: number;
  /** Words of the question rather than a name ("ranked", "with titles", "how many days"): left out of a search that finds nothing with them. */
  loose?: boolean;
}

export interface Parsed {
  raw: string;
  /** The request as read: rewritten in plain words, remarks and asides left out. */
  said?: string;
  action?: Action;
  /** Asked as a question or a request to see (which, what, how many, show): a read, whatever verbs follow. */
  question: boolean;
  resource?: string;
  /** Every resource word, in order. */
  resources: string[];
  /** Names of states (enum values), in order; `to` the one the request moves something to. */
  states: string[];
  groups: string[];
  /** What a read leaves out ("except Wayne", "not customers yet", "outside the Engineering department"). */
  without: { states: string[]; phrases: Phrase[] };
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
  /** Fields the records must have, or must lack ("accounts with no domain", "contacts that have a phone"): field -> present. */
  having?: Record<string, boolean>;
  /** The first resource word was plural ("deals", not "deal"). */
  plural?: boolean;
  resourceWords: string[];
  /** A currency named on its own ("GBP invoices", "in euros"). */
  currency?: string;
  /** Numeric filters named in words ("rated 4 or more"). */
  numeric: { field: string; op?: "gte" | "lte" | "gt" | "lt"; value: number }[];
  /** The top of the other end: "the smallest overdue invoice". */
  ascending?: boolean;
  /** Days to move the record's own date by ("push it back two weeks"). */
  shift?: Shift;
  /** Record ids named in the request, with the resource their prefix says. */
  ids: { resource: string; id: string }[];
}

const STATE_NAMES = new Set(Object.entries(VALUE_WORDS).flatMap(([value, words]) => [value, ...words]));
const BILL_VERBS = new Set(["bill", "invoice", "charge"]);
const LEAD_FILLER = new Set([
  "please",
  "pls",
  "plz",
  "can",
  "could",
  "would",
  "you",
  "kindly",
  "go",
  "ahead",
  "and",
  "just",
  "now",
  "ok",
  "okay",
  "hey",
  "hi",
  "so",
  "then",
  "also",
]);
/** A request put as a question: "could you mark it paid?", "pls can we move it?". */
const REQUEST_MODAL =
  /^(?:(?:please|pls|kindly|so|and|ok|okay|also)\s+)*(?:can|could|would|will|may|shall|might)\s+(?:you|we|i|u)\b|\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?\w+/i;

/** Fields a question may ask about a record ("what's Leo's email?"). */
const ASKABLE = new Set([
  "email",
  "e-mail",
  "title",
  "phone",
  "stage",
  "status",
  "domain",
  "website",
  "industry",
  "location",
  "country",
  "department",
  "source",
  "rating",
  "balance",
  "owner",
  "amount",
]);
const RESOURCE_SINGULARS = new Set(["business", "status", "process"]);
const CURRENCY_NAMES: Record<string, string> = {
  usd: "USD",
  dollar: "USD",
  dollars: "USD",
  eur: "EUR",
  euro: "EUR",
  euros: "EUR",
  gbp: "GBP",
  pound: "GBP",
  pounds: "GBP",
  sterling: "GBP",
  chf: "CHF",
  cad: "CAD",
  aud: "AUD",
  jpy: "JPY",
  yen: "JPY",
};
/** A currency said on its own: by its name in any case, or by any ISO code in capitals ("in KES"). */
const CURRENCY_NAME = /\b(usd|eur|gbp|chf|cad|aud|jpy|euros?|dollars?|pounds?|sterling|yen)\b/i;
const CURRENCY_CODE = new RegExp(String.raw`\b(${ISO_CODES.join("|")})\b`);
const PAST_VERBS = new Set([
  "closed",
  "won",
  "lost",
  "paid",
  "settled",
  "hired",
  "rejected",
  "collected",
  "voided",
  "cancelled",
  "canceled",
  "signed",
  "wired",
  "transferred",
  "remitted",
  "fell_through",
  "closed_won",
  "closed_lost",
]);
/** Words that deny what follows ("won't be paid", "not interested"): the state after them is not asserted. */
const NEGATIONS =
  /^(?:not|never|no|won't|wont|haven't|havent|hasn't|hasnt|isn't|isnt|aren't|arent|wasn't|wasnt|weren't|werent|didn't|didnt|doesn't|doesnt|don't|dont|can't|cant|cannot|couldn't|shouldn't|wouldn't|unlikely)$/;
/** Words that leave out what follows them in a read: "except Wayne", "other than customers", "leave out the lead". */
const EXCLUDING =
  /^(?:except(?:\s+for)?|excluding|exclude|besides|other\s+than|apart\s+from|leave\s+out|leaving\s+out|outside(?:\s+of)?|ignore|ignoring|minus|but\s+not)\b/;
/** Words that say which date, read with the date itself. */
const DATE_WORDS = new Set(["due", "dated", "close", "closes", "closing", "created", "added", "issued", "expected", "expiring", "joined", "signed"]);
/** Field words whose value is a count, read as a number where the amount reader took it. */
const COUNT_FIELDS = new Set(FIELD_WORDS.employee_count);
const SPACE = (length: number) => " ".repeat(length);

const MULTI_DEPARTMENTS = ["customer success", "customer support", "customer service", "customer experience"];
// Job titles whose first word names a resource: "applicants for account executive" are not about accounts.
const MULTI_TITLES = ["account executive", "account manager", "account director", "account coordinator", "contact center"];

const FIELD_INDEX = Object.entries(FIELD_WORDS).flatMap(([field, ws]) => ws.map((w) => [w, field] as const));

/** Words that make one token when they appear together ("past due", "based in"). */
// Departments of two words ("customer success") are one token: their first word may name a resource.
const MULTI = [
  ...new Set([...Object.values(VALUE_WORDS).flat(), ...Object.keys(GROUP_WORDS), ...MULTI_DEPARTMENTS, ...MULTI_TITLES].filter((w) => w.includes(" "))),
].sort((a, b) => b.length - a.length);

const VALUE_NAMES = Object.keys(VALUE_WORDS).filter((v) => v.length >= 5);
/** A misspelt state ("unpiad", "overdeu"): one edit from a state or group word of five letters or more. */
/** Words one letter from a state that mean something else ("wired the money" is not "hired"). */
const NOT_MISSPELT = new Set([
  "wired",
  "fired",
  "tired",
  "hiked",
  "wiped",
  "mired",
  "wires",
  "hides",
  "lost",
  "posed",
  "pasted",
  "opener",
  "spent",
  "wound",
  "overage",
  "overages",
]);
function fuzzyValue(word: string): string | undefined {
  if (word.length < 5 || NOT_MISSPELT.has(word)) return undefined;
  const hit = VALUE_NAMES.find((v) => near(word, v) || (word.length > 6 && distance(word, v) === 2 && word[0] === v[0]));
  if (hit) return hit;
  if (near(word, "unpaid") || distance(word, "outstanding") <= 2) return "unpaid";
  return undefined;
}

function blank(text: string, spans: [number, number][]): string {
  let out = text;
  // The mark keeps the text's length, so the other spans found on it still point where they did.
  for (const [a, b] of spans) out = out.slice(0, a) + (b - a >= 3 ? ` | ${SPACE(b - a - 3)}` : " |".slice(0, b - a)) + out.slice(b);
  return out;
}

const FIELD_SYNONYMS = Object.values(FIELD_WORDS)
  .flat()
  .filter(
    (w) => !["for", "called", "named", "due", "close", "closes", "number", "value", "worth", "size", "client", "customer", "position", "team"].includes(w),
  )
  .sort((a, b) => b.length - a.length);
const FIELD_ASSIGN = new RegExp(
  `\\b(?:(?:their|its|his|her|the|new|a|an)\\s+)?(${FIELD_SYNONYMS.map((w) => w.replace(/[-]/g, "\\-")).join("|")})\\s*(?:is|=|:|to|should be|will be|becomes)\\s+([^,;]+?)(?=\\s*(?:[,;]|[.!?](?:\\s|$)|\\band\\b|\\bwith\\b|$))`,
  "gi",
);

/** "set the title of James Novak to Director of Operations": the field, whose it is, then the value. */
const FIELD_OF_ASSIGN = new RegExp(
  `\\b(?:the\\s+)?(${FIELD_SYNONYMS.map((w) => w.replace(/[-]/g, "\\-")).join("|")})\\s+(?:of|for|on)\\s+(?:the\\s+)?(.{1,60}?)\\s+(?:to|as|=|should be|will be)\\s+([^,;]+?)(?=\\s*(?:[,;]|[.!?](?:\\s|$)|\\band\\b|\\bwith\\b|$))`,
  "gid",
);

/** Field words a record may lack: not those that also name a value's role ("for", "due", "close") or a record ("client"). */
const LACK_WORDS = FIELD_INDEX.map(([w]) => w)
  .filter(
    (w) =>
      !["for", "called", "named", "name", "due", "close", "closes", "number", "value", "worth", "size", "client", "customer", "billed to", "mail"].includes(w),
  )
  .sort((a, b) => b.length - a.length)
  .join("|");
const ON_FILE = String.raw`(?:\s+(?:on file|set|filled in|recorded|listed|yet|entered))?`;
/** "with no domain", "without a phone", "missing their email", "that don't have an industry": group 1 is the field's word. */
const LACKING = new RegExp(
  String.raw`\b(?:(?:with|has|have|having|had|got)\s+no|without|missing|lacking|(?:don'?t|doesn'?t|do not|does not|didn'?t|haven'?t|hasn'?t)\s+(?:have|got|give|given))(?:\s+(?:an?|any|the|their|its|his|her))?\s+(${LACK_WORDS})\b${ON_FILE}`,
  "gi",
);
/** "contacts with an email", "accounts that have a website on file": only at the end of a clause, where no value follows. */
const HAVING = new RegExp(String.raw`\b(?:with|has|have|having)\s+(?:an?|their|its)\s+(${LACK_WORDS})\b${ON_FILE}(?=\s*(?:[,.?!;]|$|\band\b|\bor\b))`, "gi");

/** One word that only describes: a superlative, an adverb or a verb in -ing ("the strongest", "falling due", "expecting"), so not a name. */
function describes(lang: Language, ph: Phrase): boolean {
  const terms = tagsOf(lang, ph.text);
  // "drafts that never went out", "not a fit unfortunately": words that tell how, none that names (a noun, a number,
  // an adjective as in "stark"), describe.
  if (terms.length > 1 || /-/.test(ph.text))
    return !/-/.test(ph.text) && terms.every((tags) => tags.some((t) => TELLING.has(t)) && !tags.some((t) => NAMING.has(t)));
  const tags = terms[0] ?? [];
  if (tags.includes("Noun") || tags.includes("ProperNoun")) return false;
  // Before a noun a verb in -ing may be a name's ("engineering jobs"); a superlative never is.
  return ["Superlative", "Comparative", "Adverb"].some((t) => tags.includes(t)) || (tags.includes("Gerund") && !ph.noun);
}

/** "... ignore write-offs": a text that ends in words leaving out what follows. */
const EXCLUDED_BEFORE = new RegExp(String.raw`(?:^|\s)${EXCLUDING.source.slice(1)}(?:\s+(?:the|any))?\s*$`);
/** "we need to ...", said before a request to create. */
const WANTING = new RegExp(String.raw`^\s*${WANT_TO.source}\s+`, "i");
/** Words a question is made of ("ranked", "days", "with titles", "Split"): verbs, plurals, words that tell how, never a name's. */
const COMMON = new Set(["Verb", "Adverb", "Adjective", "Plural", "Gerund", "PastTense", "Infinitive", "Preposition", "Conjunction", "Determiner", "Pronoun"]);
const NAMED = new Set(["ProperNoun", "Person", "Place", "Organization", "FirstName", "LastName", "Acronym", "Value"]);
function questionWords(lang: Language, ph: Phrase): boolean {
  if ((ph.prep && !["with", "across", "by"].includes(ph.prep)) || !/^[A-Za-z]+(?:\s+[A-Za-z][a-z]*){0,2}$/.test(ph.text)) return false;
  return tagsOf(lang, ph.text).every((tags) => tags.some((t) => COMMON.has(t)) && !tags.some((t) => NAMED.has(t)));
}

/** Whether a phrase is only adverbs and the like ("unfortunately", "over the holidays" is not: it has a noun). */
function tells(lang: Language, ph: Phrase): boolean {
  const terms = tagsOf(lang, ph.text);
  return terms.every((tags) => tags.some((t) => TELLING.has(t) && t !== "Verb") && !tags.some((t) => NAMING.has(t)));
}

const TELLING = new Set(["Verb", "Negative", "Adverb", "Pronoun", "Determiner", "Preposition", "Conjunction", "QuestionWord", "Copula", "Modal"]);
const NAMING = new Set(["Noun", "ProperNoun", "Value", "Adjective", "Acronym"]);

/** Reads a request into what it asks, about what, which records and which values. Deterministic; no lookups. */
/** Where candidates come from, as people say it. */
const SOURCES = String.raw`linkedin|indeed|an?\s+referral|referrals?|our\s+website|the\s+website|website|glassdoor|an?\s+agency|agency|an?\s+job\s+board|job\s+boards?|angellist|wellfound|a\s+career\s+fair|career\s+fair`;
const LATE_N = String.raw`(\d{1,4}|an?|one|two|three|four|six)`;
const LATE_UNIT = String.raw`(days?|weeks?|months?)`;
const LATE_WORD = String.raw`(?:overdue|late|past[- ]due|outstanding)`;
const LATE_FORMS: [RegExp, "over" | "atLeast" | "between" | "under"][] = [
  [new RegExp(String.raw`\b(?:between\s+)?${LATE_N}\s*(?:-|–|to|and)\s*${LATE_N}\s*${LATE_UNIT}\s+(?:\w+\s+)?${LATE_WORD}`, "i"), "between"],
  [new RegExp(String.raw`\b${LATE_WORD}\s+(?:by\s+|for\s+)?(?:between\s+)?${LATE_N}\s*(?:-|–|to|and)\s*${LATE_N}\s*${LATE_UNIT}`, "i"), "between"],
  [
    new RegExp(
      String.raw`\b${LATE_N}\s*\+\s*${LATE_UNIT}\s+(?:\w+\s+)?${LATE_WORD}|\b${LATE_N}\s*${LATE_UNIT}\s*(?:\+|or more|or longer|and over|and up)\s+(?:\w+\s+)?${LATE_WORD}`,
      "i",
    ),
    "atLeast",
  ],
  [
    new RegExp(
      String.raw`\b(?:at least|>=)\s*${LATE_N}\s*${LATE_UNIT}\s+${LATE_WORD}|\b${LATE_WORD}\s+(?:by\s+|for\s+)?(?:at least\s+)?${LATE_N}\s*(?:\+\s*)?${LATE_UNIT}(?:\s*(?:\+|or more|or longer))?`,
      "i",
    ),
    "atLeast",
  ],
  [
    new RegExp(
      // "more than 60 days of overdue", "really late paying us, like more than sixty days".
      String.raw`\b(?:more than|over|longer than|>)\s*${LATE_N}\s*${LATE_UNIT}\s+(?:of\s+)?${LATE_WORD}|\b${LATE_WORD}\s+(?:[\w']+,?\s+){0,4}?(?:by\s+|for\s+)?(?:more than|over|longer than|>)\s*${LATE_N}\s*${LATE_UNIT}`,
      "i",
    ),
    "over",
  ],
  [
    new RegExp(
      String.raw`\b(?:under|less than|fewer than|within|up to|<)\s*${LATE_N}\s*${LATE_UNIT}\s+${LATE_WORD}|\b${LATE_WORD}\s+(?:by\s+|for\s+)?(?:under|less than|fewer than|up to|<)\s*${LATE_N}\s*${LATE_UNIT}`,
      "i",
    ),
    "under",
  ],
];

/** What a number counts when it is not money: "40 more seats". */
const COUNTED =
  /^\s+(?:more\s+|extra\s+|additional\s+|new\s+)?(?:seats?|users?|licen[cs]es?|hours?|days?|weeks?|months?|years?|units?|items?|logins?|accounts?|locations?|sites?)\b/i;

const PART_PAID =
  /\b(?:part(?:ly|ially)?[- ]?paid|paid (?:in part|(?:only )?(?:some|part|a (?:part|portion|bit)) of (?:it|them|the (?:amount|balance|invoice))|something)|(?:had|have|has|with|got|received|made)\s+(?:a\s+|some\s+)?(?:partial|part)[- ]payments?|partial(?:ly)?[- ]pa(?:id|yments?))\b/i;

/** How late invoices are, as a range of due dates: "60+ days late" is due on or before 60 days ago. */
function lateness(text: string, now: Date): { range: { gte?: string; lt?: string }; span: [number, number] } | null {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (daysAgo: number) => new Date(today - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const days = (count: string, unit: string) => countOf(count) * (unit.toLowerCase().startsWith("week") ? 7 : unit.toLowerCase().startsWith("month") ? 30 : 1);
  for (const [form, kind] of LATE_FORMS) {
    const m = form.exec(text);
    if (!m) continue;
    // Each form has one way to match: the groups it used are, in order, the counts and the unit.
    const [n1, n2, n3] = m.slice(1).filter((g) => g !== undefined) as string[];
    const span: [number, number] = [m.index, m.index + m[0].length];
    if (kind === "between") {
      const low = days(n1!, n3!);
      const high = days(n2!, n3!);
      if (high < low) continue;
      return { range: { gte: day(high), lt: day(low - 1) }, span };
    }
    const n = days(n1!, n2!);
    // "under a month late": overdue, by at most that many days (the aging buckets' 1-30 holds 30).
    if (kind === "under") return { range: { gte: day(n) }, span };
    return { range: kind === "atLeast" ? { lt: day(n - 1) } : { lt: day(n) }, span };
  }
  return null;
}

/** A message with its shorthand written out and its everyday phrasings rewritten, as parse reads it. */
/** A phrase after "for" in a request to create: what the record is for. */
const inPurposeOf = (out: Parsed, prep: string | undefined) => out.action === "create" && prep === "for" && out.resources.length > 0;

export const rewritten = (message: string) => rewrite(expandShorthand(message.trim().replace(/\s+/g, " ")));

export function parse(lang: Language, message: string, now: Date): Parsed {
  // Shorthand is written out in the raw text too, which later rules test ("whos" is "who's", "ppl" people).
  const raw = expandShorthand(message.trim().replace(/\s+/g, " "));
  let text = rewrite(raw);
  const pointedBack = askedLast(text);
  if (pointedBack) text = pointedBack;
  const creating = CREATE_START.test(pointedBack ?? text);
  // "add James to the New lead follow-up? he downloaded our pricing guide yesterday": a story told after a request
  // holds nothing it needs.
  if (creating && !pointedBack)
    text = text.replace(
      // ("She's my counterpart for a joint internship program": who they are to the one asking, no value; "She's the one
      // booking their staff in": what they do, no title; "One of our physios is going on maternity leave": why.)
      /(?<=[.?!])\s+(?:(?:he|she|they|we|i)\s+(?!(?:is|are|was|were|has|have|had|runs|leads|heads|manages|owns|works)\b)[a-z]+ed\b|(?:one|some|a\s+few|two|several|most)\s+of\s+(?:our|my|the)\s+[a-z]+\s+(?:is|are|was|were|has|have|will|['’]s|['’]re)\b|(?:he|she|they)(?:'s|'re|\s+is|\s+are|\s+will\s+be)\s+(?:my|our|the\s+(?:one|person|people|ones)\s+(?:who\s+)?[a-z]+ing)\s+)[^\d@"“.?!]*[.?!]?\s*$/i,
      "",
    );
  // "we need to add Tom Reed at Initech": the "to" of wanting is not where the record goes.
  text = creating ? rewrite(text.replace(WANTING, ""), CREATE_REMARKS) : focus(lang, text).replace(REASON, "");
  // "write the Oscorp Materials invoice off": the verb together, before the record it names.
  text = text.replace(/\bwrite\s+(?!(?:it|them|this|that|these|those)\s+off\b)([^,.;!?\s][^,.;!?]{0,60}?)\s+off\b/i, "write off $1");
  const spans: [number, number][] = [];
  const out: Parsed = {
    raw,
    said: text,
    question: false,
    resources: [],
    states: [],
    without: { states: [], phrases: [] },
    groups: [],
    amounts: [],
    dates: {},
    numbers: [],
    emails: [],
    domains: [],
    quoted: [],
    phrases: [],
    fields: [],
    unplaced: [],
    asked: [],
    resourceWords: [],
    numeric: [],
    ids: [],
  };
  // "notes: portfolio strong, shaky on design systems, want a second opinion": free text runs to the end, commas,
  // days and figures in it included.
  const notes = /\bnotes?\s*:\s*(\S[\s\S]*)$/i.exec(text);
  if (notes) {
    // (The note as the person wrote it, before any rule read it; in quotes, the words inside them.)
    const written = /\bnotes?\b[^:"“]{0,80}?:\s*(\S[\s\S]*)$/i.exec(raw)?.[1] ?? notes[1]!;
    const note = written.trim().replace(/[.!]+$/, "");
    out.fields.push({ words: "notes", value: /^["“][^"“”]+["”]$/.test(note) ? note.slice(1, -1).trim() : note });
    text = text.slice(0, notes.index);
  }

  // Double quotes, or single ones around words ('API usage overage'), not an apostrophe's.
  for (const m of text.matchAll(/["“”]([^"“”]{1,200})["“”]|(?<![\w'‘’])['‘]([^'‘’"“”]*?[^\s'‘’"“”])['’](?![\w'‘’])/g)) {
    const quoted = (m[1] ?? m[2]!).trim();
    // "description 'API usage overage'": the value of the field named before it.
    // ("update their title to "VP of Finance"": the title's new value, not a record's name.)
    const field =
      /\b(description|memo|desc)\s*(?:is|:|=|of|as)?\s*$/i.exec(text.slice(0, m.index)) ??
      /\b(title)\s*(?:(?:should\s+be|is|:|=|as)|(?:\s+\w+){0,3}?\s+(?:to|into))\s*$/i.exec(text.slice(0, m.index));
    // "move her to 'interview'": a state in quotes is still the state.
    if (m[2] && STATE_NAMES.has(quoted.toLowerCase())) continue;
    if (field) {
      out.fields.push({ words: field[1]!.toLowerCase() === "title" ? "title" : "description", value: quoted });
      spans.push([field.index, m.index! + m[0].length]);
    } else {
      out.quoted.push(quoted);
      spans.push([m.index!, m.index! + m[0].length]);
    }
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
  // (Not the end of a hyphenated word: "trade-show-2026" is a tag, not record SHOW-2026.)
  for (const m of text.matchAll(/(?<![\w]-)\b([a-z]{2,5})[-#]?(\d{1,9})\b(?:['’]s\b)?/gi)) {
    if (!/[-#]/.test(m[0]) && !/^(inv)$/i.test(m[1]!)) continue;
    out.numbers.push({ prefix: m[1]!.toUpperCase(), digits: m[2]!, raw: m[0].replace(/['’]s$/i, "") });
    spans.push([m.index!, m.index! + m[0].length]);
  }
  for (const m of text.matchAll(
    /\b(invoice|bill|inv)\s*(?:#|no\.?|number|num\.?)?\s*(\d{1,9})\b(?![.,]\d)(?!\s*(?:(?:k|m|usd|eur|gbp|dollars?|euros?|pounds?|bucks)\b|%|\+|(?:or\s+more\s+)?(?:days?|weeks?|months?)\b))/gi,
  )) {
    out.numbers.push({ prefix: "INV", digits: m[2]!, raw: m[2]! });
    spans.push([m.index! + m[0].length - m[2]!.length, m.index! + m[0].length]);
  }
  text = blank(text, spans.splice(0));
  // Verbs of more than one word.
  const asking = QUESTION_START.test(text.toLowerCase());
  // "invoices we wrote off", "show the bad debt": a state to filter by; "write off INV-7", "INV-7 is bad debt": the change.
  const writtenOff = /\b(written[- ]off|wrote off|write[- ]?offs)\b|\bbad[- ]debts?\b/i.exec(text);
  if (writtenOff && (asking || writtenOff[1] || (out.numbers.length === 0 && !/\b(?:mark|flag|treat|record|log)\b|\bis\b/i.test(text)))) {
    // ("ignore write-offs", "except the written-off ones": left out.)
    const leftOut = EXCLUDED_BEFORE.test(text.slice(0, writtenOff.index).toLowerCase());
    (leftOut ? out.without.states : out.states).push("uncollectible");
    spans.push([writtenOff.index, writtenOff.index + writtenOff[0].length]);
    text = blank(text, spans.splice(0));
  }
  const multi =
    /\b(write[- ]?off|write (?:it|them|this|that|these|those) off|bad[- ]debts?)\b|\b(?:record|log|register|enter|add|got|get|gotten|received|receive|took|take|collected|collect|had|booked|book|applied|apply|taken|post|posted|made|make|sent|wired|remitted)\s+(?:a\s+|the\s+|another\s+|one\s+)?(?:[$€£]?\s?\d[\d,.]*\s*(?:k\b)?\s*(?:usd|eur|gbp|dollars?|euros?|pounds?)?\s*)?(?:partial\s+|part\s+|full\s+)?payment\b(?!\s+(?:reminders?|links?|terms|plans?|schedules?|dates?|details|requests?|methods?))|\bset\s+up\b/i.exec(
      text,
    );
  if (multi) {
    const payment = !multi[1] && /payment$/i.test(multi[0]);
    out.action = multi[1] ? "uncollectible" : payment ? "pay" : "create";
    out.verb = multi[1] ? "write off" : payment ? "payment" : "set up";
    if (payment) {
      // The verb and "payment" are taken; an amount between them ("apply a $250 payment") is read as an amount.
      const verb = /^\S+/.exec(multi[0])![0];
      // ("a part payment": how much was paid is read from the raw text, and "part" is no name.)
      const kind = /\b(?:partial|part|full)\s+payment$/i.exec(multi[0]);
      const end = multi.index + multi[0].length;
      spans.push([multi.index, multi.index + verb.length], [kind ? multi.index + kind.index : end - "payment".length, end]);
    } else spans.push([multi.index, multi.index + multi[0].length]);
  }
  // "tag Leo as champion", "label Ann with vip": a tag to add.
  // ("... as trade-show-2026 please": a courtesy after the tag is not part of it.)
  const tag =
    /\b(?:tag|label|flag)\s+(.+?)\s+(?:as|with)\s+(?:an?\s+|the\s+)?["“]?([\w-]+(?:\s(?!(?:please|pls|plz|thanks|thx|too)\b)[\w-]+)?)["”]?(?:\s+(?:please|pls|plz|thanks|thx|too))?\s*[.!]?$/i.exec(
      text,
    );
  if (tag && !/\b(?:invoices?|bills?)\b/i.test(tag[1]!)) {
    out.action = "update";
    out.verb = "tag";
    out.fields.push({ words: "tags", value: tag[2]!.toLowerCase().replace(/\s+/g, "-") });
    spans.push([tag.index, tag.index + tag[0].indexOf(tag[1]!)], [tag.index + tag[0].indexOf(tag[1]!) + tag[1]!.length, tag.index + tag[0].length]);
  }
  // "more than 60 days overdue", "60+ days late", "31-60 days past due", "overdue by between 61 and 90 days".
  const late = lateness(text, now);
  if (late) {
    out.states.push("overdue");
    out.dates = { ...late.range, hint: "due" };
    spans.push(late.span);
  }
  // "part-paid invoices", "which have had a partial payment": something paid, something still due.
  const part = PART_PAID.exec(text);
  if (part) {
    out.groups.push("unpaid");
    out.numeric.push({ field: "amount_paid", op: "gt", value: 0 });
    spans.push([part.index, part.index + part[0].length]);
  }
  const out_ =
    /^\s*(?:please\s+)?(?:take|remove|pull|drop|get)\s+(.+?)\s+(?:out of|off|from)\s+(?:the\s+)?(.+?)(?:\s+(?:sequence|campaign|cadence))?\s*[.!]?$/i.exec(
      text,
    );
  // "remove her from our contacts" deletes her; out of a sequence is the only "out of" that unenrolls.
  if (out_ && !/\b(invoice|account|deal|job|pipeline|list|contact|candidate|crm|system|database|record|address\s+book)s?\b/i.test(out_[2]!)) {
    // "take Ann Lee out of Intro": leaving a sequence, not a deletion.
    out.action = "unenroll";
    const verb = /\b(?:take|remove|pull|drop|get)\b/i.exec(text)!;
    spans.push([verb.index, verb.index + verb[0].length]);
  }
  // "his direct line, +1 415 555 0142", "Priya Nair, Head of Finance, 415-555-0199": a phone number, named or not.
  const phone =
    /\b(?:phone|mobile|cell|tel(?:ephone)?|(?:direct\s+)?line)(?:\s+number)?\s*(?:is|=|:|,|-|to|should be)?\s*(\+?\d[\d\s().-]{5,}\d)/i.exec(text) ??
    /(?<![\w.+-])((?:\+\d{1,3}[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4})(?![\w-])/.exec(text);
  if (phone) {
    out.fields.push({ words: "phone", value: phone[1]!.trim() });
    spans.push([phone.index, phone.index + phone[0].length]);
  } else {
    // "update the phone of Noah Schmidt to +49 151 23456789": the field, its owner, then the number.
    const apart = /\b(?:phone|mobile|cell|tel(?:ephone)?|line)(?:\s+number)?\b(.{1,60}?)\s(?:to|is|:|=)\s*(\+?\d[\d\s().-]{5,}\d)/i.exec(text);
    if (apart) {
      out.fields.push({ words: "phone", value: apart[2]!.trim() });
      const owner = apart.index + apart[0].indexOf(apart[1]!);
      spans.push([apart.index, owner], [owner + apart[1]!.length, apart.index + apart[0].length]);
    }
  }
  // "accounts with no domain", "contacts missing a phone", "deals without a close date": a field that is or is not filled in.
  for (const [pattern, present] of [
    [LACKING, false],
    [HAVING, true],
  ] as const) {
    for (const m of text.matchAll(pattern)) {
      out.having ??= {};
      for (const [w, f] of FIELD_INDEX) if (w === m[1]!.toLowerCase()) out.having[f] = present;
      spans.push([m.index!, m.index! + m[0].length]);
    }
    text = blank(text, spans.splice(0));
  }
  // "referred by Ken", "Linus referred her", "came in through LinkedIn", "came in as referrals", "with referral as the
  // source": where a candidate came from.
  const source =
    /\b(?:referred\s+(?:by|from)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s+referred\s+(?:him|her|them))\b/.exec(text) ??
    new RegExp(
      String.raw`\b(?:(?:came|come|comes|applied)\s+(?:in\s+|to\s+us\s+)?(?:through|via|from|by|as)\s+(${SOURCES})|with\s+(${SOURCES})\s+as\s+(?:the|her|his|their)\s+source)\b`,
      "i",
    ).exec(text);
  if (source) {
    const from = (source[1] ?? source[2])
      ?.replace(/^(?:a|an|our|the)\s+/i, "")
      .replace(/^referrals$/i, "referral")
      .toLowerCase();
    out.fields.push({ words: "source", value: from ?? "referral" });
    spans.push([source.index, source.index + source[0].length]);
  }
  const about = /^\s*(?:tell me (?:all )?about|brief me on|give me (?:a |the )?(?:rundown|brief(?:ing)?|summary) (?:on|of)|what do we know about)\b/i.exec(
    text,
  );
  if (about) {
    out.action = "summarize";
    spans.push([about.index, about.index + about[0].length]);
  }
  // "rate Ann 5 stars", "give Radia a rating of 3": a rating to set, not one to filter by.
  const rateAs =
    asking && !/^\s*(?:please\s+)?give\s+(?!me\b|us\b)/i.test(text)
      ? null
      : /\b(?:rate|score|grade|give)\s+(.+?)\s+(?:an?\s+)?(?:(?:rating|score)\s+of\s+)?(\d)(?:\s*(?:stars?|\/\s?5|out of 5|points?))?(?!\s*(?:k|m|%|\d|[.,]\d))\b/i.exec(
          text,
        );
  if (rateAs) {
    out.action = "update";
    out.verb = "rate";
    out.fields.push({ words: "rating", value: rateAs[2]! });
    const nameAt = rateAs.index + rateAs[0].indexOf(rateAs[1]!);
    spans.push([rateAs.index, nameAt], [nameAt + rateAs[1]!.length, rateAs.index + rateAs[0].length]);
    text = blank(text, spans.splice(0));
  }
  const rated = rateAs
    ? null
    : /\b(?:rat(?:ed|ing)s?|(?:did|do|have|has)\s+(?:we|you|they|i)\s+(?:\w+\s+)?rated?)\s*(?:an?\s+)?(?:of\s+|is\s+|at least\s+|(above|over|more than|higher than|greater than)\s+|(below|under|less than|lower than)\s+)?(\d)(?:\s*(?:stars?|\/5))?(\s*(?:\+|or (?:more|higher|above|better)|and (?:up|above)))?/i.exec(
        text,
      );
  if (rated) {
    const op = rated[1] ? "gt" : rated[2] ? "lt" : rated[4] || /at least/.test(rated[0]) ? "gte" : undefined;
    out.numeric.push({ field: "rating", op, value: Number(rated[3]) });
    spans.push([rated.index, rated.index + rated[0].length]);
  }
  // "which candidates did we give 5 stars", "4-star applicants or better": stars are a rating.
  // "our 4s and 5s": ratings said as plurals, the lowest of them and up.
  const plurals = rateAs || rated ? null : /\b([1-5])s(?:\s*(?:,|and|&|or|\/)\s*([1-5])s)+\b/i.exec(text);
  if (plurals) {
    const said = [...plurals[0].matchAll(/([1-5])s/g)].map((m) => Number(m[1]));
    out.numeric.push({ field: "rating", op: Math.max(...said) === 5 ? "gte" : undefined, value: Math.min(...said) });
    spans.push([plurals.index, plurals.index + plurals[0].length]);
    text = blank(text, spans.splice(0));
  }
  const starred = rateAs || rated ? null : /\b([1-5])[-\s]?stars?\b(\s*(?:\+|or (?:more|higher|above|better)|and (?:up|above)))?/i.exec(text);
  if (starred) {
    // "4-star applicants or better": the comparison may follow the noun.
    const end = starred.index + starred[0].length;
    const after = /^\s+\w+(\s+(?:or (?:more|higher|above|better)|and (?:up|above)))\b/i.exec(text.slice(end));
    out.numeric.push({ field: "rating", op: starred[2] || after ? "gte" : undefined, value: Number(starred[1]) });
    spans.push([starred.index, end]);
    if (after) spans.push([end + after[0].length - after[1]!.length, end + after[0].length]);
  }
  text = blank(text, spans.splice(0));
  // "accounts with more than 100 employees", "companies with a headcount under 50": the account's size.
  const staffed = /\b(?:accounts?|compan(?:y|ies)|customers?|clients?|firms?|businesses|organi[sz]ations?)\b/i.test(text)
    ? /\b(?:(more\s+than|over|above|at\s+least|fewer\s+than|less\s+than|under|below|at\s+most)\s+)?(\d[\d,]*)\s*(\+|\s+or\s+more|\s+or\s+(?:fewer|less))?\s+(?:employees|staff|people|workers)\b|\b(?:a\s+)?(?:headcount|employee\s+count|staff\s+count|number\s+of\s+employees)\s+(?:of\s+|is\s+)?(more\s+than|over|above|at\s+least|fewer\s+than|less\s+than|under|below|at\s+most)\s+(\d[\d,]*)/i.exec(
        text,
      )
    : null;
  if (staffed) {
    const said = (staffed[1] ?? staffed[4] ?? staffed[3] ?? "").trim().toLowerCase();
    const op = /^(?:more|over|above)/.test(said)
      ? "gt"
      : /^(?:at\s+least|\+|or\s+more)/.test(said)
        ? "gte"
        : /^(?:fewer|less|under|below)/.test(said)
          ? "lt"
          : /^(?:at\s+most|or\s+(?:fewer|less))/.test(said)
            ? "lte"
            : undefined;
    out.numeric.push({ field: "employee_count", op, value: Number((staffed[2] ?? staffed[5])!.replace(/,/g, "")) });
    spans.push([staffed.index, staffed.index + staffed[0].length]);
    text = blank(text, spans.splice(0));
  }
  // "top 3", "the 5 most overdue": how many to show.
  const top =
    /\b(?:top|first|largest|biggest|highest|last|latest)\s+(\d{1,3})\b(?!\s*(?:days?|weeks?|months?|years?|hours?)\b)|\b(\d{1,3})\s+(?=(?:most|least|oldest|newest|latest|largest|biggest|highest|lowest|smallest)\b|(?:clients?|customers?|accounts?|companies)\s+(?:(?:who|that)\s+)?owe)/i.exec(
      text,
    );
  if (top) {
    const n = top[1] ?? top[2]!;
    out.top = Number(n);
    const at = top.index + top[0].indexOf(n);
    spans.push([at, at + n.length]);
    text = blank(text, spans.splice(0));
  }
  // "push INV-15's due date back two weeks", "extend INV-3 by 10 days": a shift of the record's own date.
  // "give Hooli another week": a give that is not "give me" is a request.
  const shift = asking && !/^\s*(?:please\s+)?give\s+(?!me\b|us\b)/i.test(text) ? null : readShift(text);
  if (shift) {
    out.shift = shift.shift;
    out.action = "update";
    out.verb = "shift";
    text = blank(text, shift.spans);
  }
  const dates = readDates(lang.chrono, text, now);
  // A range already read ("overdue for more than 60 days") is the one asked: chrono's guesses at the rest do not join it.
  out.dates = out.dates.gte || out.dates.lt ? out.dates : { ...dates.range, ...out.dates };
  text = blank(text, dates.spans);
  out.amounts = readAmounts(text)
    .map((a) => ({ ...a, at: raw.indexOf(text.slice(a.index, a.index + a.length).trim()) }))
    .filter((a) => a.currency || a.op || a.value >= 10 || /\d\s?[km]\b/i.test(text.slice(a.index, a.index + a.length)))
    // "40 more seats", "12 users": a count of things, not money.
    .filter((a) => a.currency || !COUNTED.test(text.slice(a.index + a.length)));
  text = blank(
    text,
    out.amounts.map((a) => [a.index, a.index + a.length]),
  );
  // "40 more seats": a count told about the deal, which no field holds.
  text = text.replace(/\b\d+\s+(?:more\s+|extra\s+|additional\s+|new\s+)?(?:seats?|users?|licen[cs]es?|logins?)\b/gi, (m) => " ".repeat(m.length));

  for (const m of text.matchAll(FIELD_OF_ASSIGN)) {
    const value = m[3]!.trim().replace(/[.!?]+$/, "");
    if (!value || /\d/.test(m[2]!)) continue;
    out.fields.push({ words: m[1]!.toLowerCase(), value: value === "|" ? "" : value });
    const [nameAt] = m.indices![2]!;
    spans.push([m.index!, nameAt], [m.indices![2]![1], m.index! + m[0].length]);
  }
  text = blank(text, spans.splice(0));
  for (const m of text.matchAll(FIELD_ASSIGN)) {
    const value = m[2]!.trim().replace(/[.!?]+$/, "");
    if (!value) continue;
    // "their domain is contoso.com": the value was already read (a domain, an email, an amount); the field words go too.
    // A count's value ("employee count is 200") is that number, not an amount of money.
    const count =
      value === "|" && COUNT_FIELDS.has(m[1]!.toLowerCase())
        ? out.amounts.find((a) => a.index >= m.index! && a.index < m.index! + m[0].length && !a.currency)
        : undefined;
    if (count) out.amounts.splice(out.amounts.indexOf(count), 1);
    out.fields.push({ words: m[1]!.toLowerCase(), value: count ? String(count.value) : value === "|" ? "" : value });
    spans.push([m.index!, m.index! + m[0].length]);
  }
  const based = /\b(?:based|located|headquartered|hq'?d?)\s+(?:in|at)\s+([^,;|?!]+?)(?=\s*(?:[,;|?!]|\.(?:\s|$)|\band\b|\bwith\b|$))/i.exec(text);
  if (based) {
    out.fields.push({ words: "based in", value: based[1]!.trim() });
    spans.push([based.index, based.index + based[0].length]);
  }
  const make = /\bmake\s+(?:him|her|them|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+(?:the\s+|a\s+|an\s+|our\s+)?([^,;|]+?)\s*$/i.exec(text);
  // "make her an offer", "make it paid": a state, not a title.
  if (
    make &&
    !/\b(paid|won|lost|active|inactive|hired|rejected)\b/i.test(make[1]!) &&
    !STATE_NAMES.has(
      make[1]!
        .trim()
        .toLowerCase()
        .replace(/[.!]+$/, ""),
    )
  ) {
    out.fields.push({ words: "title", value: make[1]!.trim().replace(/[.!]+$/, "") });
    spans.push([make.index + make[0].length - make[1]!.length - (make[0].endsWith(" ") ? 1 : 0), make.index + make[0].length]);
  }
  text = blank(text, spans.splice(0));

  const currencyWord = CURRENCY_NAME.exec(text) ?? CURRENCY_CODE.exec(text);
  if (currencyWord) {
    out.currency = CURRENCY_NAMES[currencyWord[1]!.toLowerCase()] ?? currencyWord[1];
    text = blank(text, [[currencyWord.index, currencyWord.index + currencyWord[0].length]]);
  }
  let cased = text
    .replace(/[’]/g, "'")
    .replace(/[,;:()!?]|\s[-–—]+\s/g, " | ")
    .replace(/\bU\.?S\.?A?\b\.?/g, "USA")
    .replace(/\bU\.K\.?/g, "UK");
  // Joined as one word, in the case it was written ("Account Executive" stays a name).
  for (const multi of MULTI) cased = cased.replace(new RegExp(`\\b${multi.replace(/[-]/g, "\\-")}\\b`, "gi"), (said) => said.replace(/[ -]/g, "_"));
  const lower = cased.toLowerCase();
  // "quick question, the Pied Piper bill, ..., when was it supposed to be paid by?": a clause asking, past the start.
  out.question =
    QUESTION_START.test(lower.trim()) ||
    (raw.match(/[^.?!]*\?/g) ?? []).some((asked) => {
      const clause = asked
        .split(/[,;:]|\s[-–—]+\s/)
        .at(-1)!
        .trim()
        .toLowerCase();
      // ("INV-47 - did we already write it off?": whether something was done, asked past the start.)
      // ("..., how do I do that?": how to do what was asked, which asks it done.)
      return (
        asked.trim() !== clause &&
        /^(?:when|what|what's|which|who|whom|whose|how|where|(?:did|have|has)\s+(?:we|you|they|i)\b)/.test(clause) &&
        !/^how\s+(?:do|can|would)\s+i\s+do\s+(?:that|it|this)\b/.test(clause)
      );
    }) ||
    // "inv-38 - whats left to pay", "globex: how much do they owe": typed as a heading, then the question, with no mark.
    (!raw.includes("?") &&
      /^(?:what(?:'s|s)?|which|who(?:'s|s)?|how\s+(?:much|many|long)|when(?:'s|s)?|where(?:'s|s)?)\s+(?!a\b|an\b)/i.test(
        raw
          .split(/\s[-–—]+\s|:\s/)
          .at(-1)!
          .trim(),
      )) ||
    // "the hooley data migration deal what stage is it in and when ...": dictated, a question past the start, with no mark.
    (!/[?.!,;]/.test(raw) && /\s(?:what|which|when|where|how)\s+(?:\w+\s+)?(?:is|are|was|were|do|does|did)\s+(?:it|they|he|she|we)\b/i.test(raw)) ||
    // "the INV-38 of Acme is paid?", "Frances is in which stage?": a statement asked, not a request ("could you ... paid?").
    (raw.match(/[^.?!]*\?/g) ?? []).some(
      (asked) => /\b(?:is|are|was|were|has|have)\s+(?:\S+\s+){0,3}\S+\s*\?$/i.test(asked.trim()) && !REQUEST_MODAL.test(asked.trim()),
    );
  if (/\bhow many\b|\bnumber of\b|\bcount\b/.test(lower)) out.action = "count";
  // "write off what they owe": owing says which invoices, not that a sum is asked.
  else if (/\bhow much\b|\btotal\b|\bsum\b|\bowe[sd]?\b|\bowing\b/.test(lower) && !(out.action === "uncollectible" && !/\bhow much\b/.test(lower)))
    out.action = "sum";
  else if (
    /\b(top|largest|biggest|highest|most valuable|smallest|lowest|least valuable|strongest|weakest|best|top[- ]rated|highest[- ]rated)\b/.test(lower) &&
    out.question !== false
  )
    out.action = out.question || /^(top|largest|biggest|smallest|lowest|strongest|best)/.test(lower.trim()) ? "top" : undefined;

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
  // After "except", "other than", "leave out", "aren't": what is named up to the next pause is left out.
  let excluding = false;
  const flush = (noun?: string, nounResource?: string) => {
    if (phrase.length > 0)
      (excluding ? out.without.phrases : out.phrases).push({
        text: phrase.join(" ").replace(/_/g, " "),
        prep,
        beforeNoun: out.resources.length === 0,
        noun,
        nounResource,
        at: raw.toLowerCase().indexOf(phrase.join(" ").toLowerCase()),
      });
    phrase = [];
    prep = undefined;
  };
  const isPlural = (w: string) => /[^s]s$|ies$/.test(w) && resourceOf(w) !== undefined && !RESOURCE_SINGULARS.has(w);
  const vocabulary = (w: string) =>
    !w ||
    w === "|" ||
    PREPS.has(w) ||
    STOPWORDS.has(w) ||
    valueIndex.has(w) ||
    groupIndex.has(w) ||
    resourceOf(w) !== undefined ||
    ACTION_WORDS[w] !== undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === "|") {
      flush();
      excluding = false;
      lastPrep = undefined;
      pendingTo = false;
      continue;
    }
    const cue = EXCLUDING.exec(words.slice(i, i + 2).join(" "));
    if (cue && i > 0) {
      flush();
      excluding = true;
      i += cue[0].split(" ").length - 1;
      continue;
    }
    const possessive = /'s?$/.test(word) && word.length > 2 && !/^(we|they|you|i|let|it|that|what|who|there|here|he|she)'/.test(word);
    const bare = possessive ? word.replace(/'s?$/, "") : word;
    const root = rootMap.get(bare) ?? bare;
    const fuzzy = valueIndex.has(bare) || groupIndex.has(bare) || resourceOf(bare) || ACTION_WORDS[bare] ? undefined : fuzzyValue(bare);
    const value = valueIndex.get(bare) ?? (fuzzy && !GROUP_WORDS[fuzzy] ? fuzzy : undefined);
    const group = groupIndex.get(bare) ?? (fuzzy && GROUP_WORDS[fuzzy] ? fuzzy : undefined);
    const next = words[i + 1] ?? "";
    const denied =
      NEGATIONS.test(words[i - 1] ?? "") || (/^(?:be|been|being|yet|going|to|get|got|ever)$/.test(words[i - 1] ?? "") && NEGATIONS.test(words[i - 2] ?? ""));
    if (denied && (value || group || PAST_VERBS.has(bare) || ACTION_WORDS[root])) {
      // "haven't been paid" are unpaid ones; any other denied state or verb says nothing to act on ("won't be paid, mark it uncollectible").
      flush();
      if (value === "paid") out.groups.push("unpaid");
      // "candidates that aren't rejected or already hired": the states named are left out, up to the pause.
      else if (value && /^(?:not|isn't|isnt|aren't|arent)$/.test(words[i - 1] ?? "")) {
        out.without.states.push(value);
        excluding = true;
      }
      continue;
    }
    if (excluding && (value || group)) {
      flush();
      out.without.states.push(...(value ? [value] : (GROUP_WORDS[group!] ?? [])));
      continue;
    }
    const lead = !out.action && words.slice(0, i).every((w) => LEAD_FILLER.has(w));
    // "the Account Executive job": a capitalized resource word before another capitalized word is part of a name.
    const inName = i > 0 && /^[A-Z]/.test(shown[i]!) && /^[A-Z]/.test(shown[i + 1] ?? "") && !vocabulary(next);
    // "for the account executive role": after a preposition, a resource word followed by a name word and then a noun is part of the name.
    const inLowerName =
      phrase.length === 0 &&
      (lastPrep !== undefined || ["the", "our", "this", "that"].includes(words[i - 1] ?? "")) &&
      !vocabulary(next) &&
      words.slice(i + 2, i + 5).some((w) => resourceOf(w) !== undefined);
    // "an invoice for the pipeline review consulting": what a new record is for may begin with another resource's word.
    const inPurpose =
      phrase.length === 0 &&
      inPurposeOf(out, lastPrep) &&
      resourceOf(bare) !== undefined &&
      resourceOf(bare) !== out.resources[0] &&
      !isPlural(bare) &&
      !vocabulary(next);
    const resource = (possessive && phrase.length === 0) || inName || inLowerName || inPurpose ? undefined : resourceOf(bare);
    // A vocabulary word inside a name: "the New lead follow-up sequence".
    const vocab = value || group || ACTION_WORDS[root];
    // "for the pipeline health check, due ...": what a new record is for ends at the pause, whatever its last word.
    if (
      (vocab || STOPWORDS.has(bare)) &&
      !value &&
      !group &&
      !/^(?:please|pls|plz|thanks|thx|asap|now|today|too|also|again|then|yet|though|tho|ok|okay|it|them|this|that)$/.test(bare) &&
      phrase.length > 1 &&
      phrase.every((w) => w === w.toLowerCase()) &&
      inPurposeOf(out, prep) &&
      (next === "|" || next === "")
    ) {
      phrase.push(shown[i]!);
      continue;
    }
    // "Head of Community Giving", "Grants Officer": a capitalized word continuing a capitalized name is part of it, though
    // it reads as a verb ("giving") or is near a state's word ("officer", "offer"). (Not a verb as written: "Biotech. Move it".)
    if (
      vocab &&
      !valueIndex.has(bare) &&
      !groupIndex.has(bare) &&
      !resource &&
      !ACTION_WORDS[bare] &&
      !possessive &&
      /^[A-Z]/.test(shown[i]!) &&
      /^[A-Z]/.test(phrase.at(-1) ?? "") &&
      !["the", "a", "an", "it", "them", "him", "her", "this", "that", "me", "us"].includes(next)
    ) {
      phrase.push(shown[i]!);
      continue;
    }
    if (vocab && !resource && !PREPS.has(bare) && !STOPWORDS.has(bare) && !possessive && next !== "|" && !PREPS.has(next) && resourceOf(next) === undefined) {
      const capitalized = i > 0 && /^[A-Z]/.test(shown[i]!) && phrase.length === 0 && !lead;
      const inside = phrase.length > 0 && !pendingTo && !vocabulary(next) && (value !== undefined || group !== undefined);
      if (capitalized || inside) {
        if (phrase.length === 0) prep = lastPrep;
        phrase.push(shown[i]!);
        continue;
      }
    }
    if (
      ASKABLE.has(bare) &&
      !lead &&
      (out.question || /'s?$/.test(words[i - 1] ?? "") || words.slice(0, i).some((w) => w === "what" || w === "what's" || w === "whats" || w === "which"))
    ) {
      flush();
      out.asked.push(bare);
      continue;
    }
    // "we closed the Acme renewal", "Umbrella paid INV-7": a state word after a subject is a verb; "closed roles" is not.
    if (
      !out.action &&
      !out.question &&
      i > 0 &&
      PAST_VERBS.has(bare) &&
      !resourceOf(next) &&
      !["the", "a", "all", "any", "|", "not", "never"].includes(words[i - 1]!) &&
      !(out.plural && out.resources.length > 0)
    ) {
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
    if (
      leadAction &&
      (!(value || group || resource || bare === "new") ||
        ["a", "an", "the", "|", "my", "our", "this", "that", "all", "every", "each", "both", "these", "those", "their", "his", "her", "its", ""].includes(
          next,
        ) ||
        (!vocabulary(next) && !isPlural(next)) ||
        (resourceOf(next) !== undefined && !isPlural(next)))
    ) {
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
    // "which of the product designer applicants", "the total of the open umbrella deals": a plural after "of" is what is asked about.
    const asksOf =
      ["of", "on", "in", "across"].includes(prep ?? "") &&
      isPlural(bare) &&
      out.resources.length === 0 &&
      (out.question || out.action === "sum" || out.action === "count");
    if (resource && phrase.length > 0 && prep && !asksOf) {
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
    // "Accounts Payable Lead", "Engineering Lead": a capitalized state word closing a capitalized name is part of it (a title).
    if (value && bare === "lead" && phrase.length > 0 && /^[A-Z]/.test(shown[i]!) && /^[A-Z]/.test(phrase.at(-1)!)) {
      phrase.push(shown[i]!);
      continue;
    }
    if (value) {
      flush();
      out.states.push(value);
      if (pendingTo) out.to = value;
      pendingTo = false;
      continue;
    }
    // "Front of House Supervisor", "Bank of Ireland": an "of" after one word in capitals, before another, is part of one
    // name. ("Noah Schmidt of Globex" is a person of a company.)
    if (bare === "of" && i > 1 && phrase.length === 1 && /^[A-Z]/.test(phrase[0]!) && /^[A-Z]/.test(shown[i + 1] ?? "")) {
      phrase.push(shown[i]!);
      continue;
    }
    // "head of IT", "VP of Sales": a title's "of" is part of it.
    if (
      bare === "of" &&
      phrase.length === 1 &&
      TITLE_HEADS.has(phrase[0]!.toLowerCase()) &&
      next &&
      next !== "|" &&
      (!vocabulary(next) || /^[A-Z]/.test(shown[i + 1]!))
    ) {
      phrase.push(shown[i]!, shown[i + 1]!);
      i++;
      continue;
    }
    if (PREPS.has(bare)) {
      flush();
      lastPrep = bare;
      pendingTo = bare === "to" || bare === "as" || bare === "into";
      continue;
    }
    // "James's new phone number": past the start, "new" describes; it does not ask to create.
    // "an invoice for the onboarding workshop": once the request has its verb, a gerund before a name word describes it.
    const describing = out.action !== undefined && /ing$/.test(bare) && !!next && next !== "|" && !PREPS.has(next) && !STOPWORDS.has(next) && !vocabulary(next);
    const action = (STOPWORDS.has(bare) && !ACTION_WORDS[bare]) || (bare === "new" && (!lead || isPlural(next))) || describing ? undefined : actionOf(root);
    if (
      action &&
      (phrase.length === 0 || shown[i] === bare) &&
      !(
        phrase.length > 0 &&
        [
          "new",
          "open",
          "set",
          "start",
          "log",
          "draft",
          "issue",
          "send",
          "drop",
          "hold",
          "look",
          "see",
          "big",
          "large",
          "high",
          "profile",
          "summary",
          "brief",
        ].includes(bare)
      )
    ) {
      flush();
      if (!out.action || (out.action === "list" && !out.question)) {
        out.action = action;
        out.verb = bare;
      }
      continue;
    }
    if (STOPWORDS.has(bare) || STOPWORDS.has(root) || (bare === "new" && (!lead || isPlural(next)))) {
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
  // "make a new invoice for Acme", "make one invoice for Northwind": make a thing is to create it; "make her VP" changes her.
  if (
    out.verb === "make" &&
    out.resourceWords[0] &&
    new RegExp(String.raw`\bmake\s+(?:(?:a|an|one|another|me|us)\s+)*(?:new\s+|fresh\s+|draft\s+|separate\s+)*${out.resourceWords[0]}\b`, "i").test(
      rewrite(raw),
    )
  )
    out.action = "create";
  // "with domain northwind.com": the value was read already; its field word names no record.
  const readAlready: Record<string, boolean> = {
    domain: out.domains.length > 0,
    website: out.domains.length > 0,
    email: out.emails.length > 0,
    amount: out.amounts.length > 0,
  };
  out.phrases = out.phrases.filter((ph) => !FIELD_INDEX.some(([w, f]) => w === ph.text.toLowerCase() && readAlready[f]));
  if (
    out.question &&
    (!out.action ||
      ["create", "update", "stage", "pay", "void", "delete", "win", "lose", "close", "hire", "reject", "uncollectible", "finalize", "archive"].includes(
        out.action,
      ))
  ) {
    // "did we already write that one off?": whether it was is asked, by the state it would be in.
    if (out.action === "uncollectible" && !out.states.includes("uncollectible")) out.states.push("uncollectible");
    // "did we actually hire anyone for the AE role?", "who'd we reject for it?": those in the state the verb makes.
    const made = { hire: "hired", reject: "rejected" }[out.action === "hire" || out.action === "reject" ? out.action : (out.verb ?? "")];
    if (made && out.states.length === 0 && !out.to) out.states.push(made);
    if (!["count", "sum", "top"].includes(out.action ?? "")) out.action = "list";
  }
  if (out.action === "top" && /\b(?:smallest|small|lowest|low|cheapest|least valuable|weakest)\b/i.test(raw)) out.ascending = true;
  // "when's the workshop invoice due?": when it is due is asked, not which are still due.
  if (out.groups.includes("due") && out.dates.gte === undefined && out.dates.lt === undefined && /\b(?:when|what\s+date|which\s+date)\b/i.test(raw))
    out.groups = out.groups.filter((g) => g !== "due");
  out.resource = out.resources[0];
  // "the strongest applicants", "anything falling due": in a read, lower-case words with no noun among them describe; they name nothing.
  // In a change, only words that tell how ("not a fit unfortunately", "nobody's reading email") are left out.
  const reading = !out.action || READS.has(out.action);
  out.phrases = out.phrases.filter((ph) => ph.text !== ph.text.toLowerCase() || ph.prep || !(reading ? describes(lang, ph) : tells(lang, ph)));
  if (reading) for (const ph of out.phrases) if (questionWords(lang, ph)) ph.loose = true;
  return out;
}

/** The words after the last "in/into/on/to/for" of a request, as a sequence's name ("the New lead follow-up sequence": New lead follow-up). */
/** The sequence a request names: in its own words, or as read ("the list of emails we send to new leads"). */
export function sequenceOf(p: Parsed): string | undefined {
  const noun = /\b(?:sequence|campaign|cadence|drip|outreach)s?\b/i;
  // "in the sequence "New lead follow-up"": a quoted name after the noun is the whole name.
  const quoted = /\b(?:sequence|campaign|cadence|drip|outreach)\s+(?:called\s+|named\s+)?["“]([^"”]+)["”]/i.exec(p.raw);
  if (quoted) return quoted[1];
  // "in the sequence Intro", "to the campaign Spring Launch": the name after the noun, in capitals.
  const after = /\b(?:in|into|to|on|from|of)\s+(?:the\s+)?(?:sequence|campaign|cadence)\s+(?:called\s+|named\s+)?([A-Z][^,.;!?]*?)\s*(?=[,.;!?]|$)/.exec(p.raw);
  if (after) return after[1];
  // ("should get the follow up emails (the drip one)": the raw words may name none; what was read may.)
  return noun.test(p.raw) || !p.said ? (sequenceName(p.raw) ?? (p.said ? sequenceName(p.said) : undefined)) : sequenceName(p.said);
}

export function sequenceName(message: string): string | undefined {
  // "add James to the New lead follow-up sequence? he downloaded our guide": the sentence naming a sequence.
  const said =
    message
      .split(/(?<=[.?!])\s+(?=\S)/)
      .filter((x) => /\b(?:sequence|campaign|cadence|drip|outreach)s?\b|\bfollow[- ]?up\b/i.test(x))
      .at(-1) ?? message;
  // "..., he is interested", "... please": what follows the sequence's name is not part of it.
  const keyword = [...said.matchAll(/\b(?:sequence|campaign|cadence|drip|outreach)s?\b|\bfollow[- ]?up\b/gi)].at(-1);
  // ("the Intro sequence at the moment just names is fine": a sequence's noun ends its name.)
  const end = !keyword
    ? -1
    : /^follow/i.test(keyword[0])
      ? said.slice(keyword.index! + keyword[0].length).search(/\s*(?:[,;]|\s[-–—]\s|\s(?:please|pls|plz|thanks|thx)\b)/i)
      : 0;
  const cut = keyword && end >= 0 ? said.slice(0, keyword.index! + keyword[0].length + end) : said;
  // "pause the new lead follow-up until January": when, not which.
  // ("who's going through the follow-up sequence" is who is in it.)
  const raw = cut
    .replace(TIME_SAID, "")
    .replace(/\b(?:going|getting|running|moving|working)\s+(?:through|thru)\b/gi, "in")
    .replace(/\s+(?:until|till|til|through|thru)\s+.*$/i, "");
  const m =
    /\b(?:in|into|on|onto|to|for)\s+(?:the\s+|our\s+)?(?:(?:sequence|campaign|cadence)\s+(?=[A-Z]))?((?:(?!\b(?:in|into|on|onto|to|for)\b).)+?)(?:\s+(?:sequence|campaign|cadence|drip|outreach)s?|(?<=follow[- ]?up)\s+(?:e-?mails?|messages|mailings?|emails?\s+sequence))?\s*[.!?]?$/i.exec(
      raw.trim(),
    );
  const name = m?.[1]?.trim();
  // "the email drip": words any sequence could have say it is the sequence, not which one.
  if (name && /^(?:(?:e-?mail|mailing|automatic|automated|nurture|marketing|outreach)\s*)+$/i.test(name)) return "the sequence";
  // "in the last 30 days", "on hold": a date or a state, not a name.
  return name && !/^(it|them|this|that|hold)$/i.test(name) && !/\d|\b(?:last|this|next|past|today|yesterday|week|month|quarter|year)\b/i.test(name)
    ? name
    : undefined;
}
