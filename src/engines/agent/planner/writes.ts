import type { Tool } from "../tools.ts";
import { distance } from "fastest-levenshtein";
import { capitalize, labelOf, money, personName, plural, sums, sumText, type Item } from "./answer.ts";
import { classify, enumValues, formatOf, properties, requiredOf } from "./catalog.ts";
import { describe } from "./describe.ts";
import {
  DEPARTMENTS,
  escapeRegExp,
  FIELD_WORDS,
  heardWords,
  likeness,
  placeCode,
  resourceOf,
  STOPWORDS,
  TITLE_HEADS,
  VALUE_WORDS,
  type Action,
} from "./lexicon.ts";
import { tagOf } from "./filters.ts";
import { dossierWithDeals, type Dossier } from "./reads.ts";
import { countOf, shiftDate, type Amount } from "./nlp.ts";
import { sequenceOf, type Parsed, type Phrase } from "./parse.ts";
import { heardIn, noneFound, sharesWord, Stop, type FindOptions, type Found, type Session } from "./resolve.ts";

/** Words for a person that are no one's name: "a new guy", "the new starter", "someone". */
const SOMEONE =
  /^(?:(?:a|an|the|our|their|this|that)\s+)?(?:new\s+)?(?:guy|gal|girl|lady|woman|man|chap|bloke|lad|lass|fella|fellow|person|someone|somebody|hire|starter|joiner|colleague|employee|member|dude|boss|one)s?$/i;

/**
 * Changes. A change is made only when what to do, to which record and with
 * which values are all placed: a name that matches several records or none is
 * a question back, a word that fits nowhere is a refusal ("a wrong write is
 * worse than no write"), a missing required value is asked for.
 */

const noun = (resource: string) => resource.replace(/_/g, " ");

/** Prepositions that tie a phrase to a related record, by the field it fills. */
const RELATED: Record<string, string[]> = {
  account_id: ["at", "for", "from", "of", "with", "to", "on"],
  job_id: ["for", "to", "on", "in", "at", "into"],
  sequence_id: ["in", "into", "on", "to", "for"],
  contact_id: ["with", "for"],
  pipeline_id: ["in", "into"],
};

function idKey(tool: Tool, resource: string): string {
  const props = properties(tool);
  if (`${resource}_id` in props) return `${resource}_id`;
  return requiredOf(tool).find((k) => k.endsWith("_id")) ?? "id";
}

function unplaced(phrases: Phrase[]): never {
  throw new Stop({
    content: `I did not change anything: I could not place “${phrases.map((p) => p.text).join("”, “")}” in the request. Could you say it with the record's exact name, or in quotes?`,
  });
}

/**
 * "New enquiry from Northwind!! Christmas party for about 80, looking at the ballroom. Can you log it as a deal -
 * call it Christmas party, value $8,500": when the record is named in words ("called X", quoted), the sentences of
 * story before the one that names it hold no value of it; a word left unplaced there is a remark.
 */
function withoutStory(p: Parsed, phrases: Phrase[], name: string | undefined): Phrase[] {
  const said = p.said ?? "";
  // (A phrase's place is counted in the message as typed.)
  const told = withoutAfterthought(p.raw, phrases);
  if (!name) return told;
  const naming = new RegExp(String.raw`(?:\b(?:called|named|name\s+is)\s+|["“])${escapeRegExp(name)}`, "i").exec(said);
  if (!naming) return told;
  const start = Math.max(...[".", "!", "?"].map((mark) => said.lastIndexOf(mark, naming.index)));
  // (A name in capitals there may be a record not found: still unplaced.)
  const remark = (ph: Phrase) =>
    ph.at !== undefined && ph.at >= 0 && ph.at < start && (/^\p{Ll}/u.test(ph.text) || name.toLowerCase().includes(ph.text.toLowerCase()));
  return told.filter((ph) => !remark(ph));
}

/**
 * "... make out a bill to Initech for the consulting? I have not got his figures to hand just now, but I did not want
 * it forgotten": a sentence after the first, told in the first person and holding no value, says how the one asking
 * stands, not what the record holds; a word left unplaced there is a remark.
 */
function withoutAfterthought(raw: string, phrases: Phrase[]): Phrase[] {
  const sentences = [...raw.matchAll(/[^.?!,]+(?:,(?!\s*(?:but|and|so)\b)[^.?!,]*)*(?:[.?!]+|,)?/g)];
  const afterthought = (ph: Phrase) => {
    if (ph.at === undefined || ph.at < 0 || !/^\p{Ll}/u.test(ph.text)) return false;
    const sentence = sentences.find((m) => m.index! <= ph.at! && ph.at! < m.index! + m[0].length);
    return (
      sentence !== undefined &&
      sentence.index! > 0 &&
      /^\s*(?:(?:but|and|so)\s+)?(?:i|we)\s+(?:have|had|am|was|were|did|do|don't|didn't|haven't|hadn't|will|shall|won't|can't|cannot)\b/i.test(sentence[0]) &&
      !/[\d@"“£$€]/.test(sentence[0])
    );
  };
  return phrases.filter((ph) => !afterthought(ph));
}

/** A word that ends a company's name, never a person's ("Wayne Enterprises", "Acme Robotics"). */
const COMPANY_WORD =
  /\s(?:enterprises|inc|ltd|llc|llp|plc|gmbh|corp|corporation|company|group|holdings|labs|logistics|industries|traders|trading|solutions|systems|technologies|biotech|robotics|materials|partners|consulting|confectionery|foods|health|cloud|bank)\.?$/i;

/** "an invoice ... towards AMC renewal": on an invoice, a deal's word says what the work billed is. */
const billsWork = (resource: string, ph: Phrase) => resource === "invoice" && ph.nounResource === "deal" && ph.noun !== undefined && /^[A-Z]/.test(ph.text);

/** The name text of a phrase, with the resource word that followed it when that may be part of the name. */
async function findPhrase(s: Session, resource: string, phrase: Phrase, write = true, narrow?: FindOptions["narrow"]): Promise<Found> {
  try {
    return await findNamed(s, resource, phrase, write, narrow);
  } catch (error) {
    if (!(error instanceof Stop) || error.reply.pending || resource !== "candidate") throw error;
    return (await candidateOfJob(s, phrase.text)) ?? Promise.reject(error);
  }
}

async function findNamed(s: Session, resource: string, phrase: Phrase, write: boolean, narrow?: FindOptions["narrow"]): Promise<Found> {
  // "the Acme renewal" may be the deal's whole name; "the Intro sequence" only says what Intro is.
  if (phrase.noun && !new RegExp(`^${resource}s?$`).test(phrase.noun)) {
    let withNoun: Stop;
    try {
      return await s.find(resource, `${phrase.text} ${phrase.noun}`, { write, narrow });
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      withNoun = error;
    }
    // "the senior backend engineer opening": the noun only said what it is, unless the name alone finds nothing.
    try {
      return await s.find(resource, phrase.text, { write, narrow });
    } catch (error) {
      if (!(error instanceof Stop) || error.reply.pending || !withNoun.reply.pending) throw error;
      throw withNoun;
    }
  }
  return s.find(resource, phrase.text, { write, narrow });
}

/** "the backend engineer candidate": a candidate named by the job, when the job has one in process; several are asked. */
async function candidateOfJob(s: Session, text: string): Promise<Found | undefined> {
  if (!s.tool("job", "list")) return undefined;
  const slot = `job:${text.toLowerCase()}`;
  const chosen = s.carried.choices[slot];
  const jobs = chosen ? [{ id: chosen, title: s.carried.choices[`${slot}:label`] }] : (await s.list("job", { q: text, per_page: 2 })).data;
  // "move the candidate for the associate opening on": no such job; which one was meant is asked.
  if (jobs.length === 0 && /\b(?:role|job|position|opening|posting|req|vacancy)\b/i.test(s.carried.message)) {
    const open = (await s.list("job", { status: "open", per_page: 5 })).data;
    if (open.length > 0)
      s.ask(
        `I found no job matching “${text}”. Which one did you mean?`,
        slot,
        open.map((j) => ({ id: j.id, label: labelOf(j) })),
      );
  }
  if (jobs.length !== 1) return undefined;
  const job = jobs[0]!;
  const page = await s.list("candidate", { job_id: job.id, stage: "applied,screening,interview,offer", per_page: 20 });
  if (page.data.length === 0) return undefined;
  const options = page.data.map((c) => ({ id: c.id, label: personName(c) }));
  if (options.length === 1) return options[0];
  s.ask(`${job.title ?? text} has ${options.length} candidates in process. Which one?`, `candidate:${text.toLowerCase()}`, options);
}

/** Whom an invoice is to: "an invoice to Northwind for the workshop" is Northwind's, for the workshop. */
function billedTo(phrases: Phrase[], amounts: Parsed["amounts"]): Phrase | undefined {
  const fors = phrases.filter((ph) => ph.prep === "for");
  return (
    phrases.find((ph) => ph.prep === "to" && !after(ph, amounts)) ??
    fors.find((ph) => !after(ph, amounts)) ??
    // "a $12k invoice for Pied Piper for the integration build": the first "for" is whom, the second what for.
    (fors.length > 1 ? fors[0] : undefined)
  );
}

/** "send Northwind an invoice", "raise Acme a bill": the name between the verb and the invoice it is sent. */
function sentTo(raw: string, name: string): boolean {
  const said =
    /\b(?:send|sending|email|give|raise|issue|make|do|cut|draw\s+up)\s+(.+?)\s+(?:an?|another|one|the|their)\s+(?:new\s+)?(?:\w+\s+)?(?:invoice|inv|bill)\b/i.exec(
      raw,
    );
  if (said !== null && said[1]!.toLowerCase() === name.toLowerCase()) return true;
  // "invoice Aperture for the november retainer", "bill Globex for the workshop": the verb's object is the client.
  return new RegExp(
    `(?:^|[^\\w\\s]\\s*|\\b(?:you|u|we|please|pls|and|to|then|just)\\s+)(?:invoice|bill|charge)\\s+${escapeRegExp(name)}(?:\\s|[,.]|$)`,
    "i",
  ).test(raw);
}

/** The phrase comes after the request's amount ("620 euros for support hours"). */
function after(phrase: Phrase, amounts: Parsed["amounts"]): boolean {
  const at = amounts.find((a) => !a.op)?.at ?? -1;
  return at >= 0 && (phrase.at ?? -1) > at;
}

/** Where candidates come from, said with "from" or "via" ("from linkedin"). */
const SOURCES = new Set([
  "linkedin",
  "indeed",
  "referral",
  "referrals",
  "website",
  "careers page",
  "glassdoor",
  "agency",
  "recruiter",
  "job board",
  "event",
  "conference",
  "university",
  "campus",
]);

/** Of several records a change matches, the ones it can apply to: a deal still open, a candidate still in the process. */
const STILL_OPEN: Record<string, (i: Item) => boolean> = {
  deal: (i) => i.status === "open",
  candidate: (i) => !["hired", "rejected"].includes(String(i.stage)),
  job: (i) => i.status !== "closed",
  invoice: (i) => ["open", "overdue", "draft"].includes(String(i.status)),
};
const stillOpen = (resource: string): FindOptions["narrow"] => {
  const fits = STILL_OPEN[resource];
  return fits ? (items) => items.filter(fits) : undefined;
};

/** Records a record belongs to, and the prepositions that say so ("Radia for the designer role", "Olivia from Umbrella"). */
const OWNERS: { field: string; resource: string; preps: string[] }[] = [
  { field: "job_id", resource: "job", preps: ["for", "on", "in"] },
  { field: "account_id", resource: "account", preps: ["at", "from", "with", "of"] },
];

/**
 * "we're passing on Radia Perlman for the designer role": a phrase naming the record's job or account says which
 * of several it is, and is checked against the one found.
 */
async function owner(
  s: Session,
  resource: string,
  phrases: Phrase[],
  own: Phrase,
): Promise<{ phrase: Phrase; field: string; id: string; label: string } | undefined> {
  const props = properties(s.tool(resource, "list"));
  for (const ph of phrases) {
    if (ph === own) continue;
    for (const o of OWNERS) {
      if (o.resource === resource || !(o.field in props) || !s.tool(o.resource, "list")) continue;
      if (ph.nounResource !== o.resource && !(ph.prep && o.preps.includes(ph.prep) && !ph.nounResource)) continue;
      try {
        const found = await findPhrase(s, o.resource, ph, false);
        return { phrase: ph, field: o.field, id: found.id, label: found.label };
      } catch (error) {
        if (!(error instanceof Stop) || error.reply.pending) throw error;
      }
    }
  }
  return undefined;
}

/** The record a change is about: a record number, a quoted name, or the one phrase left. */
async function target(s: Session, p: Parsed, resource: string, phrases: Phrase[], narrow?: FindOptions["narrow"]): Promise<{ found: Found; rest: Phrase[] }> {
  // ("bump that deal's value": the noun of the record changed is no name.)
  const named = phrases.filter((ph) => resourceOf(ph.text.toLowerCase()) !== resource);
  const { found, rest } = await targetOf(s, p, resource, named.length > 0 ? named : phrases, narrow);
  return { found, rest: withoutRemarks(p, found, rest) };
}

/**
 * "INV-22 for Umbrella Health, we made it by mistake", "Linus Torvalds accepted our offer and signs on monday": once
 * a record is found by its number, id, quoted or capitalised name, a lone lowercase word left over is part of a
 * remark, not a name; and an invoice's client, said again, only confirms it.
 */
function withoutRemarks(p: Parsed, found: Found, rest: Phrase[]): Phrase[] {
  const named = capitalisedName(p, found);
  const client = typeof found.item?.client === "string" ? found.item.client.toLowerCase() : undefined;
  // ("the Account Executive opening in New York": where the record is, said again, only confirms it.)
  const place = typeof found.item?.location === "string" ? found.item.location.toLowerCase() : undefined;
  return rest.filter((ph) => {
    if (client && (client === ph.text.toLowerCase() || client.startsWith(`${ph.text.toLowerCase()} `))) return false;
    if (place && ph.prep && ["in", "at", "based in"].includes(ph.prep) && place === ph.text.toLowerCase()) return false;
    // (Not a word that may be a value: a state, a stage's name "to negotiation", a word placed by a preposition.)
    const remark =
      /^\p{Ll}[\p{Ll}-]*$/u.test(ph.text) &&
      !STOPWORDS.has(ph.text) &&
      p.raw.includes(ph.text) &&
      (!ph.prep || ["by", "after", "before", "since", "about"].includes(ph.prep)) &&
      !VALUE_WORDS_SAID.has(ph.text) &&
      !/^(?:lead|qualified|proposal|negotiation|won|lost|open|closed)$/.test(ph.text);
    return !(named && remark);
  });
}

const VALUE_WORDS_SAID = new Set(Object.entries(VALUE_WORDS).flatMap(([value, words]) => [value, ...words]));

/** The request names the record in capitals (or by number, id or quotes): a lowercase request may hold names in lowercase. */
function capitalisedName(p: Parsed, found: Found): boolean {
  if (p.ids.length > 0 || p.numbers.length > 0 || p.quoted.length > 0) return true;
  return found.label.split(/[\s:]+/).some((w) => w.length > 1 && /^\p{Lu}/u.test(w) && p.raw.includes(w));
}

async function targetOf(s: Session, p: Parsed, resource: string, phrases: Phrase[], narrow?: FindOptions["narrow"]): Promise<{ found: Found; rest: Phrase[] }> {
  const byId = p.ids.find((i) => i.resource === resource);
  if (byId) return { found: { id: byId.id, label: s.labels.get(byId.id) ?? byId.id }, rest: phrases };
  if (resource === "invoice" && p.numbers[0]) return { found: await s.find("invoice", p.numbers[0].raw, { write: true }), rest: phrases };
  if (p.quoted[0]) return { found: await s.find(resource, p.quoted[0], { write: true, narrow }), rest: phrases };
  const own = phrases.find((ph) => !ph.prep || ph.prep === "of" || ph.beforeNoun) ?? phrases[0];
  if (!own) {
    const named = await personNamedIn(s, resource, p.raw);
    if (named) return { found: named, rest: phrases };
    throw new Stop({ content: `Which ${noun(resource)} do you mean? Give me its name${resource === "invoice" ? " or number" : ""}.` });
  }
  // An invoice has no name of its own: it is named by its client.
  // In a change, an amount is the new value ("it should be 19,500"), not which invoice.
  if (resource === "invoice")
    return {
      found: await invoiceTarget(s, p, [own], INVOICE_STATES.join(","), p.action !== "update"),
      // ("Umbrella's pipeline review invoice": the words naming the invoice are not a value.)
      rest: phrases.filter((ph) => ph !== own && !(ph.nounResource === "invoice" && (ph.at ?? -1) > (own.at ?? -1))),
    };
  // "Globex Corporation's Pilot project": the owner's name and the record's, read together ("Globex Corporation: Pilot project").
  const owned = phrases[phrases.indexOf(own) + 1];
  // "Umbrella Health signed the pilot": who, then what of theirs, as two phrases with no preposition.
  // "Hooli Cloud are taking 25 licences ... on the data migration": an account's deal named by its words after "on".
  const onDeal = resource === "deal" && owned !== undefined && !own.prep && ["on", "for", "about"].includes(owned.prep ?? "");
  if ((own.prep === "of" && owned?.prep === "of") || (owned && !own.prep && !owned.prep && resource !== "candidate" && resource !== "contact") || onDeal) {
    try {
      return { found: await s.find(resource, `${own.text} ${owned.text}`, { write: true, narrow }), rest: phrases.filter((ph) => ph !== own && ph !== owned) };
    } catch (error) {
      if (!(error instanceof Stop) || error.reply.pending) throw error;
    }
  }
  // "Petrel Labs' sensor pilot", "drop Shearwater's harbour app": a deal named by its own words, among its account's.
  if (resource === "deal" && owned && owned !== own && s.tool("account", "list") && s.tool("deal", "list")) {
    const account = await accountCalled(s, own.text, true);
    const words = owned.text.toLowerCase().split(/\s+/);
    const theirs = account ? (await s.list("deal", { account_id: account.id, per_page: 100 })).data : [];
    const hits = theirs.filter((d) => words.every((w) => String(d.name).toLowerCase().includes(w)));
    const fit = hits.length > 1 && narrow ? await narrow(hits) : hits;
    if (fit.length === 1) return { found: { id: fit[0]!.id, label: labelOf(fit[0]!), item: fit[0] }, rest: phrases.filter((ph) => ph !== own && ph !== owned) };
  }
  const of = await owner(s, resource, phrases, own);
  if (!of) {
    try {
      return { found: await findPhrase(s, resource, own, true, narrow), rest: phrases.filter((ph) => ph !== own) };
    } catch (error) {
      // "pass the deal of Heron Bakery to won": a deal named by its account alone, its own name being another.
      const sole = error instanceof Stop && !error.reply.pending && resource === "deal" ? await openDealOf(s, own.text, narrow) : undefined;
      if (!sole) throw error;
      return { found: sole, rest: phrases.filter((ph) => ph !== own) };
    }
  }
  const theirs = async (items: Item[]) => {
    const mine = items.filter((i) => i[of.field] === of.id);
    return narrow && mine.length > 1 ? narrow(mine) : mine;
  };
  const found = await findPhrase(s, resource, own, true, theirs);
  if (found.item && found.item[of.field] !== of.id) throw new Stop({ content: `${found.label} is not linked to ${of.label}. Nothing changed.` });
  return { found, rest: phrases.filter((ph) => ph !== own && ph !== of.phrase) };
}

/** The one open deal of the account called so; of several, a question; undefined for no such account or no open deal. */
async function openDealOf(s: Session, name: string, narrow?: FindOptions["narrow"]): Promise<Found | undefined> {
  if (!s.tool("account", "list") || !s.tool("deal", "list")) return undefined;
  const account = await accountCalled(s, name, true);
  if (!account) return undefined;
  const open = (await s.list("deal", { account_id: account.id, status: "open", per_page: 100 })).data;
  const fit = open.length > 1 && narrow ? await narrow(open) : open;
  if (fit.length > 1)
    s.ask(
      `${labelOf(account)} has ${fit.length} open deals. Which one?`,
      `deal:${name.toLowerCase()}`,
      fit.slice(0, 5).map((d) => ({ id: d.id, label: labelOf(d) })),
    );
  return fit[0] ? { id: fit[0].id, label: labelOf(fit[0]), item: fit[0] } : undefined;
}

/**
 * "phone screen w radia perlman went great, move to interview": a change that names no one is done to the one
 * person whose full name the message gives, however it is written. Two people of that name, or none: undefined.
 */
/** "sam.okoro@outlook.com" spells "sam okoro" (or "s.okoro", "sokoro"): each of its words is in the address's local part. */
function addressSpells(email: string, name: string): boolean {
  const local = email.split("@")[0]!.toLowerCase();
  const words = name.toLowerCase().split(/\s+/);
  return words.at(-1)!.length > 1 && local.includes(words.at(-1)!) && local.startsWith(words[0]![0]!);
}

async function personNamedIn(s: Session, resource: string, message: string): Promise<Found | undefined> {
  if ((resource !== "candidate" && resource !== "contact") || !s.tool(resource, "list")) return undefined;
  const words = ` ${message.toLowerCase().replace(/[^\p{L}\d'’-]+/gu, " ")} `;
  const page = await s.list(resource, { per_page: 100 });
  const hits = page.data.filter((i) => words.includes(` ${labelOf(i).toLowerCase()} `));
  if (hits.length !== 1) return undefined;
  s.labels.set(hits[0]!.id, labelOf(hits[0]!));
  return { id: hits[0]!.id, label: labelOf(hits[0]!), item: hits[0] };
}

const FIELD_INDEX = Object.entries(FIELD_WORDS).flatMap(([field, words]) => words.map((w) => [w, field] as const));

/** Values a request sets, read into a tool's fields; the phrases it used are removed from `phrases`. */
async function values(s: Session, p: Parsed, tool: Tool, phrases: Phrase[], skip: Set<string>): Promise<Record<string, unknown>> {
  const props = properties(tool);
  const input: Record<string, unknown> = {};
  const has = (f: string) => f in props && !skip.has(f);
  if (p.emails[0] && has("email")) input.email = p.emails[0];
  if (p.domains[0]) {
    if (has("domain")) input.domain = p.domains[0];
    else if (has("website")) input.website = `https://${p.domains[0]}`;
  }
  // Of several figures, the one said as money ("40 more seats, $36k": the $36k); of several bare ones, the new value
  // ("60 seats instead of 50 ... up to 71,500"): the one said after "to", else the one not said as the old value.
  // ("bump the value up to 71,500": on a change, "up to" says the new value, not a ceiling.)
  const raised = (a: Amount) => tool.name.startsWith("update_") && a.at !== undefined && a.at >= 0 && /^(?:up|down)\s+to\b/i.test(p.raw.slice(a.at));
  const bare = p.amounts.filter((a) => !a.op || raised(a)).map((a) => (raised(a) ? { ...a, op: undefined, at: (a.at ?? 0) + 6 } : a));
  const before = (a: Amount) => (a.at !== undefined && a.at >= 0 ? p.raw.slice(Math.max(0, a.at - 16), a.at) : "");
  const newValue = bare.filter((a) => /\b(?:to|now|be|is|at|=|:)\s*[$€£]?\s*$/i.test(before(a)));
  const oldValue = (a: Amount) => /\b(?:instead\s+of|from|was|of|not|rather\s+than)\s*[$€£]?\s*$/i.test(before(a));
  const amount =
    bare.find((a) => a.currency) ??
    (bare.length > 1
      ? newValue.length === 1
        ? newValue[0]
        : bare.filter((a) => !oldValue(a)).length === 1
          ? bare.find((a) => !oldValue(a))
          : undefined
      : bare[0]);
  if (bare.length > 1 && !amount && tool.name.startsWith("update_"))
    throw new Stop({ content: `Which figure is the new amount: ${bare.map((a) => a.value.toLocaleString("en-US")).join(" or ")}? Nothing changed.` });
  if (amount) {
    const field = ["amount", "annual_revenue"].find(has);
    if (field) input[field] = amount.value;
    if (amount.currency && has("currency")) input.currency = amount.currency;
  }
  // "a new invoice for Acme in euros": the currency said on its own.
  // (On a change it picks which record: "push the due date of the euro invoice".)
  if (p.currency && input.currency === undefined && has("currency") && tool.name.startsWith("create_")) input.currency = p.currency;
  if (p.dates.day || p.dates.gte) {
    // "due between the 1st and the 15th": a span is not a date to set; which day is asked.
    const span = p.dates.gte && p.dates.lt ? Date.parse(p.dates.lt) - Date.parse(p.dates.gte) : 0;
    const slot = `field:${p.dates.hint === "close" ? "expected_close_date" : "due_date"}`;
    if (!p.dates.day && span > 86_400_000 && /\bbetween\b/i.test(p.raw) && s.carried.choices[slot] === undefined)
      s.ask("Which day exactly should it be (e.g. 2026-04-30 or “the 15th of next month”)?", slot, []);
    const day = p.dates.day ?? p.dates.gte!;
    const dateFields = Object.keys(props).filter((f) => has(f) && !f.includes("[") && formatOf(props[f]) === "date");
    const field =
      dateFields.find((f) => (p.dates.hint === "due" ? f === "due_date" : p.dates.hint === "close" ? f.includes("close") : true)) ??
      (dateFields.length === 1 ? dateFields[0] : undefined);
    if (field) input[field] = day;
  }
  const unusable: string[] = [];
  for (const { words, value: said } of p.fields) {
    const value = said.includes("|") ? "" : said;
    if (!value) continue;
    const fields = FIELD_INDEX.filter(([w]) => w === words).map(([, f]) => f);
    if (words === "based in") fields.unshift("location", "city", "country");
    const field = fields.find(has);
    // A value said for a field this change has no place for is not dropped in silence.
    if (!field) {
      if (!fields.some((f) => skip.has(f))) unusable.push(`${words} ${value}`);
      continue;
    }
    if (field === "domain" || field === "website") {
      const domain = value
        .toLowerCase()
        .replace(/^https?:\/\//, "")
        .replace(/\/.*$/, "");
      input[field] = field === "website" ? `https://${domain}` : domain;
    } else if (field === "amount" || field === "employee_count" || field === "rating") {
      const n = Number(value.replace(/[^0-9.]/g, ""));
      if (Number.isFinite(n) && n > 0) input[field] = n;
    } else if (field === "tags") {
      input.tags = [...new Set([...((input.tags as string[] | undefined) ?? []), value])];
    } else if (field === "country") {
      // ("UK" is the United Kingdom, whose code is GB.)
      const code = placeCode(value) ?? (value.length === 2 ? value.toUpperCase() : undefined);
      if (code) input.country = code;
      else unusable.push(`${words} ${value}`);
    } else input[field] = value;
  }
  if (unusable.length > 0) unplaced(unusable.map((text) => ({ text, beforeNoun: false, at: -1 })));
  for (const [field, schema] of Object.entries(props)) {
    if (!has(field) || input[field] !== undefined) continue;
    const allowed = enumValues(schema);
    if (allowed.length === 0) continue;
    const hit = p.states
      .flatMap((st) => [
        st,
        ...Object.entries(VALUE_WORDS)
          .filter(([, w]) => w.includes(st))
          .map(([v]) => v),
      ])
      .find((v) => allowed.includes(v));
    if (hit && !(field === "status" && tool.name.includes("deal"))) input[field] = hit;
  }
  // "in London", "remote": where a job is; "based in Lisbon": an account's country.
  const where = phrases.find((ph) => ph.prep === "in" || ph.prep === "based");
  if (where && has("location") && input.location === undefined && !phrases.some((ph) => ph !== where && ph.nounResource === "sequence")) {
    input.location = where.text;
    phrases.splice(phrases.indexOf(where), 1);
  } else if (where && has("country") && input.country === undefined && placeCode(where.text)) {
    input.country = placeCode(where.text);
    phrases.splice(phrases.indexOf(where), 1);
  }
  const remote = phrases.find((ph) => /^(remote|hybrid|on-?site)$/i.test(ph.text));
  if (remote && has("location") && input.location === undefined) {
    input.location = capitalize(remote.text.toLowerCase());
    phrases.splice(phrases.indexOf(remote), 1);
  }
  // Related records named with a preposition: "at Acme", "for the Backend Engineer role".
  for (const [field, preps] of Object.entries(RELATED)) {
    if (!has(field)) continue;
    const resource = field.replace(/_id$/, "");
    const phrase = phrases.find((ph) => ph.prep && preps.includes(ph.prep));
    if (!phrase || !s.tool(resource, "list")) continue;
    const found = await findPhrase(s, resource, phrase);
    input[field] = found.id;
    phrases.splice(phrases.indexOf(phrase), 1);
  }
  return input;
}

/** Answers to questions asked about this request ("What amount?"), by field. */
function answered(s: Session, tool: Tool, input: Record<string, unknown>): void {
  const props = properties(tool);
  for (const [key, value] of Object.entries(s.carried.choices)) {
    if (!key.startsWith("field:")) continue;
    const field = key.slice(6);
    if (!(field in props) || input[field] !== undefined) continue;
    const schema = props[field] as { type?: string; anyOf?: { type?: string }[] };
    const numeric = schema.type === "number" || schema.type === "integer" || schema.anyOf?.some((x) => x.type === "number");
    if (field === "first_name" && /\s/.test(value.trim()) && "last_name" in props && input.last_name === undefined) {
      const [first, ...rest] = value.trim().split(/\s+/);
      input.first_name = first;
      input.last_name = rest.join(" ");
      continue;
    }
    input[field] = numeric ? Number(value.replace(/[^0-9.]/g, "")) : value;
  }
}

/** The currency of every invoice the client has had, when they all share one. */
async function usualCurrency(s: Session, input: Record<string, unknown>): Promise<string | undefined> {
  const query =
    typeof input.account_id === "string" ? { account_id: input.account_id } : typeof input.client === "string" ? { client: input.client } : undefined;
  if (!query || !s.tool("invoice", "list")) return undefined;
  const page = (await s.list("invoice", { ...query, per_page: 100 })) as { data: Item[] };
  const currencies = new Set(page.data.map((i) => String(i.currency)));
  return currencies.size === 1 ? [...currencies][0] : undefined;
}

function askFor(s: Session, resource: string, missing: string[]): never {
  const field = missing[0]!;
  const hint: Record<string, string> = {
    amount: "What amount (e.g. 1200 or 12k)?",
    due_date: "When is it due (e.g. 2026-04-30 or “end of April”)?",
    currency: "Which currency (e.g. USD, EUR)?",
    email: "What is their email address?",
    job_id: "For which job?",
    client: "Who is the client?",
  };
  s.ask(
    `To create the ${noun(resource)} I need ${missing.map((m) => m.replace(/_id$/, "").replace(/_/g, " ")).join(" and ")}. ${hint[field] ?? `What is the ${field.replace(/_/g, " ")}?`}`,
    `field:${field}`,
    [],
  );
}

/**
 * "a new contact at hooli cloud priya nair", "a candidate for the account executive role joan clarke": said without
 * capitals or a stop, the person's name runs on after the record they belong to. The record's exact name, said
 * first, marks where the person's begins.
 */
async function nameAfterRecord(s: Session, props: Record<string, unknown>, phrases: Phrase[]): Promise<string | undefined> {
  for (const [field, preps] of Object.entries(RELATED)) {
    const resource = field.replace(/_id$/, "");
    const k = phrases.findIndex((ph) => ph.prep && preps.includes(ph.prep) && ph.text.split(/\s+/).length >= 3);
    if (!(field in props) || k < 0 || !s.tool(resource, "list")) continue;
    const said = phrases[k]!.text.toLowerCase().replace(/^(?:the|our)\s+/, "");
    const page = (await s.list(resource, { per_page: 100 })) as { data: Item[] };
    const label = page.data
      .map((i) => labelOf(i))
      .filter((l) => said.startsWith(`${l.toLowerCase().replace(/\s+(?:role|job|position)$/, "")} `))
      .sort((a, b) => b.length - a.length)[0];
    if (!label) continue;
    const rest = said
      .slice(label.length)
      .replace(/^\s*(?:role|job|position|opening)?\s+/, "")
      .trim();
    if (!/^[a-z][\p{L}'-]*(?:\s+[a-z][\p{L}'-]*){1,2}$/iu.test(rest)) continue;
    phrases[k] = { ...phrases[k]!, text: label };
    return rest;
  }
  return undefined;
}

/**
 * The one account with exactly this name (any case), or, as the first word of its name, one whose name begins with
 * it ("globex" is Globex Corporation); its label kept for the reply; undefined for none or several.
 */
async function accountCalled(s: Session, name: string, asFirstWord = false): Promise<Item | undefined> {
  const page = (await s.list("account", { q: name, per_page: 5 })) as { data: Item[] };
  const lower = name.toLowerCase();
  const hits = page.data.filter((a) => String(a.name).toLowerCase() === lower || (asFirstWord && String(a.name).toLowerCase().startsWith(`${lower} `)));
  if (hits.length !== 1) return undefined;
  s.labels.set(hits[0]!.id, labelOf(hits[0]!));
  return hits[0];
}

/**
 * "a deal for Initech platform rollout": the account's name, then what the record is, in one phrase no account is
 * named by. The account is taken from its whole name at the phrase's start, and the rest stays as a phrase of its own.
 */
async function splitOwner(s: Session, phrases: Phrase[], input: Record<string, unknown>): Promise<void> {
  const joined = phrases.find((ph) => ph.prep && ["for", "with", "at"].includes(ph.prep) && !ph.nounResource && /^\S+(?:\s+\S+){1,5}$/.test(ph.text));
  if (!joined || !s.tool("account", "list") || (await s.list("account", { q: joined.text, per_page: 1 })).data.length > 0) return;
  const words = joined.text.split(/\s+/);
  for (let n = Math.min(words.length - 1, 3); n >= 1; n--) {
    const account = await accountCalled(s, words.slice(0, n).join(" "), true);
    if (!account) continue;
    input.account_id = account.id;
    phrases.splice(phrases.indexOf(joined), 1, { ...joined, prep: undefined, text: words.slice(n).join(" "), at: undefined });
    return;
  }
}

/** "for them", "to the client": whose a new record is, pointed at rather than named. */
const OWNER_POINTED = /\b(?:for|with|to|at|of)\s+(?:them|him|her|the\s+(?:client|customer|company|account|prospect))\b/i;

/**
 * "set up the renewal opp for them, same terms as last year", "create one deal for the client": a new record whose
 * owner is pointed at but named nowhere in the message is asked about; a guess would file it under nobody, or under
 * the wrong name.
 */
async function ownerPointedAt(s: Session, p: Parsed, resource: string, props: Record<string, unknown>): Promise<void> {
  const field = "account_id" in props ? "account_id" : "client" in props ? "client" : undefined;
  if (!field || !OWNER_POINTED.test(p.raw) || p.quoted.length > 0 || p.numbers.length > 0 || p.emails.length > 0) return;
  if (p.phrases.some((ph) => /^\p{Lu}/u.test(ph.text)) || s.carried.choices["field:owner"]) return;
  s.ask(`Which ${field === "client" ? "client" : "account"} is the new ${noun(resource)} for?`, "field:owner", []);
}

/** Words that say what kind of deal it is, when it is given no name of its own. */
const DEAL_KIND = /\b(renewal|expansion|upsell|upgrade|pilot|rollout|migration|onboarding|extension)\b/i;

/**
 * "add a new customer: Priya Nair, priya.nair@aperturelabs.fr, she's the head of finance at Aperture Labs": a person
 * said with an account's word. An account has no address or title, so a person's name with their own address (its
 * local part holds their name) or a title is a contact.
 */
function personAsCustomer(p: Parsed): boolean {
  const person = p.phrases.find((ph) => !ph.prep && !ph.nounResource && /^[A-Z][\p{L}'-]+\s+[A-Z][\p{L}'-]+$/u.test(ph.text));
  if (!person) return false;
  const [first, last] = person.text.toLowerCase().split(/\s+/);
  const own = p.emails.some((e) => {
    const local = e.split("@")[0]!;
    return local.includes(first!) || local.includes(last!);
  });
  return own || p.fields.some((f) => f.words === "title" && f.value);
}

/** A name typed in lower case as names are written: its first letter (or every word's) in capitals. */
const capitalized = (text: string, every = false) => text.replace(every ? /\b[a-z]/g : /^[a-z]/, (c) => c.toUpperCase());
/** A place typed in lower case: "nyc" is NYC, "denver" Denver. */
const placeWritten = (text: string) => (/^[a-z]{2,3}$/.test(text) ? text.toUpperCase() : capitalized(text));

export async function create(s: Session, p: Parsed, resource: string): Promise<string> {
  if (resource === "account" && personAsCustomer(p) && s.tool("contact", "create")) return create(s, p, "contact");
  const tool = s.tool(resource, "create");
  if (!tool) throw new Stop({ content: `I cannot create ${noun(resource)}s: no tool for it is available to this API key. Nothing changed.` });
  const props = properties(tool);
  await ownerPointedAt(s, p, resource, props);
  // An address the message gives that the reading lost (a remark cut as a reason) is a value with no place: nothing is created without it.
  const lost = (p.raw.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []).filter((e) => !p.emails.includes(e.toLowerCase()));
  if (lost.length > 0) unplaced(lost.map((text) => ({ text, beforeNoun: false })));
  // ("the new facilities manager at Aperture Labs. Please add her as a contact at Aperture Labs": one place, said twice.)
  const phrases = p.phrases.filter(
    (ph, n) => !p.phrases.slice(0, n).some((earlier) => earlier.text.toLowerCase() === ph.text.toLowerCase() && earlier.prep === ph.prep),
  );
  const input: Record<string, unknown> = {};
  // The name: quoted, "called X", the words right after the noun, or "for X" when nothing else is for.
  const person = "first_name" in props;
  // A person's title is a value, not their name.
  const nameField = (person ? ["name"] : ["name", "title", "client"]).find((f) => f in props);
  let name = p.quoted[0] ?? p.fields.find((f) => f.words === "name" || f.words === "called" || f.words === "named")?.value;
  if (!name && nameField === "name" && resource !== "account" && "account_id" in props) await splitOwner(s, phrases, input);
  if (!name) {
    const relatedPreps = new Set(
      Object.entries(RELATED)
        .filter(([f]) => f in props)
        .flatMap(([, preps]) => preps),
    );
    // "a contact for Maria Garcia at Globex": a person's name reads as one, whatever its preposition.
    // ("a new contact for Hooli Cloud, please: Priya Raman": the name set apart before the one said with "for".)
    const named = (ph: Phrase) => !ph.nounResource && /^[A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+){1,2}$/u.test(ph.text);
    // ("sam okoro, sam.okoro@outlook.com": a name typed in lower case is a person's when their address spells it.)
    const spelt = (ph: Phrase) => !ph.nounResource && /^[\p{L}'-]+(?:\s+[\p{L}'-]+){1,2}$/u.test(ph.text) && p.emails.some((e) => addressSpells(e, ph.text));
    const personLike = person
      ? (phrases.find((ph) => !ph.prep && spelt(ph)) ??
        phrases.find((ph) => !ph.prep && named(ph) && phrases.some((x) => x.prep === "for" && named(x) && (x.at ?? 0) < (ph.at ?? 0))) ??
        phrases.find((ph) => (!ph.prep || ["for", "called", "named"].includes(ph.prep)) && named(ph)))
      : undefined;
    const phrase =
      personLike ??
      phrases.find((ph) => ph.prep === "called" || ph.prep === "named") ??
      // "send northwind an invoice for the onboarding workshop": whom it is sent is the client; "for" says what for.
      (nameField === "client" ? phrases.find((ph) => !ph.prep && sentTo(p.raw, ph.text)) : undefined) ??
      // An invoice's client is whom it is for or to ("a new invoice for Oscorp"), before any stray word.
      (nameField === "client" ? billedTo(phrases, p.amounts) : undefined) ??
      phrases.find((ph) => !ph.prep && (!ph.beforeNoun || p.resources.length === 0)) ??
      (nameField === "client" ? billedTo(phrases, p.amounts) : undefined) ??
      phrases.find((ph) => !ph.prep) ??
      phrases.find((ph) => ph.prep && !relatedPreps.has(ph.prep) && ["for", "as"].includes(ph.prep)) ??
      // "a 45k opportunity with Globex for a data warehouse project": the account is named otherwise; "for" says what it is.
      (nameField === "name" && phrases.some((ph) => ph.prep && ph.prep !== "for" && relatedPreps.has(ph.prep))
        ? phrases.find((ph) => ph.prep === "for" && !ph.nounResource)
        : undefined) ??
      // "an invoice for Wayne Enterprises": a client billed need not be an account; its name, in capitals, is the client.
      (nameField === "client"
        ? phrases.find((ph) => ph.prep && ["for", "to", "at"].includes(ph.prep) && !ph.nounResource && /^\p{Lu}/u.test(ph.text))
        : undefined);
    if (phrase) {
      // "a deal Initech Renewal": a synonym of the resource after the name belongs to it.
      // (Only when it is written as part of the name: "Customer Success Manager role" is a role called Customer Success Manager.)
      const nounInName =
        phrase.noun &&
        phrase.nounResource === resource &&
        !new RegExp(`^${resource}s?$`).test(phrase.noun) &&
        new RegExp(`\\b${phrase.text.replace(/[^\\w\\s]/g, ".")}\\s+${phrase.noun[0]!.toUpperCase()}${phrase.noun.slice(1)}\\b`).test(p.raw);
      // After "called" or "named" everything is the name: "called Support renewal".
      name = nounInName || ((phrase.prep === "called" || phrase.prep === "named") && phrase.noun) ? `${phrase.text} ${phrase.noun}` : phrase.text;
      phrases.splice(phrases.indexOf(phrase), 1);
    }
  }
  if (!name && person) name = await nameAfterRecord(s, props, phrases);
  // "a new contact at globex priya nair": dictated, the account's name then the person's, read as one phrase.
  if (!name && person && "account_id" in props && s.tool("account", "list")) {
    const joined = phrases.find((ph) => ph.prep && ["at", "from", "with"].includes(ph.prep) && /^[\p{L}'-]+(?:\s+[\p{L}'-]+){2,5}$/u.test(ph.text));
    const words = joined?.text.split(/\s+/) ?? [];
    for (let n = words.length - 2; joined && n >= 1 && !name; n--) {
      if (words.length - n > 3) break;
      const account = await s.find("account", words.slice(0, n).join(" "), { write: false }).catch(noneFound);
      if (!account) continue;
      input.account_id = account.id;
      name = words.slice(n).join(" ");
      phrases.splice(phrases.indexOf(joined), 1);
    }
  }
  // "Acme just hired a new VP of Sales, add them as a contact": a company's name is whose they are, not who.
  if (name && person && "account_id" in props && s.tool("account", "list")) {
    const company = await accountCalled(s, name);
    if (company) {
      input.account_id = company.id;
      name = undefined;
    }
  }
  // ("wayne enterprises have changed buyers again. add them as a contact": a company with no account is no person's name.)
  if (name && person && COMPANY_WORD.test(name)) name = undefined;
  // ("there's a new guy started at Aperture Labs, add him": who they are is no name; the name is asked for.)
  if (name && person && SOMEONE.test(name)) name = undefined;
  if (name && person) {
    // Names typed or dictated in lower case are stored as people write them.
    let words = name.split(/\s+/).map((w) => (/^\p{Ll}+$/u.test(w) ? w[0]!.toUpperCase() + w.slice(1) : w));
    // "priya nair vp sales": a title after the name.
    const head = words.findIndex((w, n) => n >= 2 && TITLE_HEADS.has(w.toLowerCase()));
    if (head > 0 && "title" in props && !p.fields.some((f) => f.words === "title")) {
      input.title = words.slice(head).join(" ");
      words = words.slice(0, head);
    }
    input.first_name = words[0];
    if (words.length > 1) input.last_name = words.slice(1).join(" ");
  } else if (name && nameField) {
    // ("Halvorsen & Pike LLP": the ampersand the words were read without, as it was written.)
    const written = new RegExp(name.split(/\s+/).map(escapeRegExp).join(String.raw`\s+(?:&\s+)?`), "i").exec(p.raw)?.[0];
    input[nameField] = written?.includes("&") ? written : name;
  }
  // "620 euros for support hours": a "for" after the amount says what it is for.
  const purpose =
    "description" in props
      ? (phrases.find((ph) => ph.prep === "for" && (!ph.nounResource || billsWork(resource, ph)) && after(ph, p.amounts)) ??
        // "a facture for Wonka Confectionery for the design of the packaging": a second "for", in lower case, says what for.
        (input.client ? phrases.find((ph) => ph.prep === "for" && !ph.nounResource && /^\p{Ll}/u.test(ph.text)) : undefined) ??
        // "a new invoice for Hooli Cloud - onboarding workshop, $4,200": what it is for, set apart after the client.
        (input.client ? (phrases.find((ph) => !ph.prep && !ph.nounResource) ?? phrases.find((ph) => ph.prep === "for" && !ph.nounResource)) : undefined))
      : undefined;
  if (purpose) {
    input.description = billsWork(resource, purpose) ? `${purpose.text} ${purpose.noun}` : purpose.text;
    phrases.splice(phrases.indexOf(purpose), 1);
    // "£4,250 deposit for their summer garden party": a word naming the amount, said between it and what it is for.
    const amount = p.amounts.find((a) => !a.op);
    const named = amount
      ? phrases.find(
          (ph) =>
            !ph.prep &&
            ph.at !== undefined &&
            purpose.at !== undefined &&
            ph.at > (amount.at ?? amount.index) &&
            ph.at - ((amount.at ?? amount.index) + amount.length) <= 2 &&
            ph.at < purpose.at,
        )
      : undefined;
    if (named && /^\p{Ll}/u.test(named.text)) {
      input.description = `${named.text} for ${purpose.text}`;
      phrases.splice(phrases.indexOf(named), 1);
    }
    // "for the custom integration build, phase 2": words set apart right after what it is for are part of it.
    const more = phrases.find(
      (ph) => !ph.prep && ph.at !== undefined && purpose.at !== undefined && ph.at > purpose.at && ph.at - (purpose.at + purpose.text.length) <= 3,
    );
    if (more) {
      input.description = `${purpose.text}, ${more.text}`;
      phrases.splice(phrases.indexOf(more), 1);
    }
    // "for the redesign of their brand identity": what it is of belongs to it.
    const ofWhat = (ph: Phrase) =>
      new RegExp(String.raw`\b${escapeRegExp(purpose.text)}(\s+of\s+(?:(?:the|their|his|her|its|our)\s+)?${escapeRegExp(ph.text)})\b`, "i").exec(
        p.said ?? p.raw,
      );
    const of = phrases.find((ph) => ph.prep === "of" && !ph.nounResource && ofWhat(ph));
    if (of) {
      input.description = `${String(input.description)}${ofWhat(of)![1]}`;
      phrases.splice(phrases.indexOf(of), 1);
    }
    // "for the bits and bobs", "for travel and expenses": one thing said with "and", read as two.
    const joined = phrases.find(
      (ph) =>
        ph.prep === "for" &&
        !ph.nounResource &&
        new RegExp(`\\b${escapeRegExp(purpose.text)}\\s+(?:and|&)\\s+${escapeRegExp(ph.text)}\\b`, "i").test(p.said ?? p.raw),
    );
    if (joined) {
      input.description = `${String(input.description)} and ${joined.text}`;
      phrases.splice(phrases.indexOf(joined), 1);
    }
  }
  // "Tony Stark, tony@x.com, CEO, Stark Logistics": an account named on its own, by its exact name.
  if ("account_id" in props && s.tool("account", "list")) {
    // ("initech want a deal called ...": typed in lower case, the whole of an account's name is still its name.)
    for (const ph of phrases.filter(
      (x) => !x.prep && (/^[A-Z]/.test(x.text) || (input.account_id === undefined && !/\s/.test(x.text) && x.text.length >= 4)),
    )) {
      const account = await accountCalled(s, ph.text);
      if (!account) continue;
      input.account_id = account.id;
      phrases.splice(phrases.indexOf(ph), 1);
      break;
    }
  }
  // "Sales Engineer, Engineering, Paris": a department and a place named on their own.
  for (const ph of [...phrases].filter((x) => !x.prep || x.prep === "in" || x.prep === "from" || x.prep === "via")) {
    const department = ph.text.replace(/\s+(?:department|dept|team)$/i, "");
    const industry = /^(.+?)\s+(?:industry|sector)$/i.exec(ph.text)?.[1];
    const source = ph.text.toLowerCase().replace(/^(?:a|an|the)\s+/, "");
    // "analytics team": a word for a department says what precedes it is one.
    // ("in the Litigation department", read as "in Litigation": the word was said in the message.)
    const saidDepartment =
      (department !== ph.text && department.length > 0) || new RegExp(String.raw`\b${escapeRegExp(ph.text)}\s+(?:department|dept|team)\b`, "i").test(p.raw);
    // ("finance dept, nyc": a team and a place typed in lower case are stored as names are written.)
    if ("department" in props && input.department === undefined && (DEPARTMENTS.has(department.toLowerCase()) || saidDepartment))
      input.department = capitalized(department);
    else if ("industry" in props && input.industry === undefined && industry) input.industry = industry;
    else if ("source" in props && input.source === undefined && SOURCES.has(source)) input.source = source;
    else if ("location" in props && input.location === undefined && !ph.prep && placeCode(ph.text)) input.location = placeWritten(ph.text);
    else continue;
    phrases.splice(phrases.indexOf(ph), 1);
  }
  Object.assign(input, await values(s, p, tool, phrases, new Set(["first_name", "last_name", nameField ?? ""])));
  // "draft an invoice": the verb is the state it starts in.
  if (p.verb && "status" in props && input.status === undefined && enumValues(props.status).includes(p.verb)) input.status = p.verb;
  // "bill Vandelay 12k ... and send it out": made and issued in one go.
  if (
    "status" in props &&
    input.status === undefined &&
    enumValues(props.status).includes("open") &&
    /\b(?:and|then)\s+(?:then\s+)?(?:send|issue|finali[sz]e|email|mail)\b(?:\s+(?:it|that|this|them))?/i.test(p.raw)
  )
    input.status = "open";
  // "Sam Patel <sam@initech.io>, VP Sales at Initech": a person's second unplaced phrase is their title.
  const titled = person && "title" in props && input.title === undefined ? phrases.find((ph) => !ph.prep || ph.prep === "as") : undefined;
  if (titled) {
    input.title = titled.text;
    phrases.splice(phrases.indexOf(titled), 1);
  }
  // "..., decision maker": a tag the organization's records already carry.
  if ("tags" in props)
    for (const ph of [...phrases].filter((x) => !x.prep)) {
      const tag = await tagOf(s, resource, ph.text);
      if (!tag) continue;
      input.tags = [...new Set([...((input.tags as string[] | undefined) ?? []), tag])];
      phrases.splice(phrases.indexOf(ph), 1);
    }
  // "Start it at Proposal", "in the Negotiation stage": a new deal's stage, by its name in a pipeline.
  // "stick it in qualified": a state word may be a stage's name too.
  if ("stage_id" in props && (phrases.length > 0 || p.states.length > 0) && s.tool("pipeline", "list")) {
    const pipelines = (await s.list("pipeline", { per_page: 100 })).data as { id: string; stages?: { id: string; name: string }[] }[];
    const stages = pipelines.flatMap((pl) => (pl.stages ?? []).map((st) => ({ pl, st })));
    for (const said of [...phrases.map((ph) => ph.text), ...p.states]) {
      const hit = stages.filter(({ st }) => st.name.toLowerCase() === said.toLowerCase());
      if (hit.length !== 1) continue;
      input.stage_id = hit[0]!.st.id;
      if ("pipeline_id" in props) input.pipeline_id = hit[0]!.pl.id;
      const ph = phrases.find((x) => x.text === said);
      if (ph) phrases.splice(phrases.indexOf(ph), 1);
      break;
    }
  }
  // "Hedy Lamarr, 4 stars": a figure said of the new record is its value; one said as a range ("4 stars or more") has no place.
  for (const n of p.numeric) {
    if (!(n.field in props) || input[n.field] !== undefined) continue;
    if (n.op) unplaced([{ text: `${n.field} ${n.op} ${n.value}`, beforeNoun: false }]);
    input[n.field] = n.value;
  }
  // "bill Leo Andersen's company": the account found is whom the invoice bills.
  if ("client" in props && input.client === undefined && typeof input.account_id === "string" && s.labels.has(input.account_id))
    input.client = s.labels.get(input.account_id);
  // "step 1: email right away, subject "...", body "..." step 2: 3 days later ...": a sequence's steps, as written.
  const steps = "steps" in props ? stepsOf(p.raw) : undefined;
  if (steps) {
    input.steps = steps.steps;
    const told = steps.text.toLowerCase();
    for (const ph of [...phrases]) if (told.includes(ph.text.toLowerCase())) phrases.splice(phrases.indexOf(ph), 1);
  }
  // "open a req: fp&a analyst, finance dept, nyc, full time", "an HVAC service tech, full time, Denver, field ops": a
  // job's place and then its team, set apart by commas, when nothing else took them.
  if (resource === "job")
    for (const ph of [...phrases].filter((x) => !x.prep || x.prep === "in" || x.prep === "at")) {
      if ("location" in props && input.location === undefined && (placeCode(ph.text) || /^[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?$/.test(ph.text)))
        input.location = placeWritten(ph.text);
      else if ("department" in props && input.department === undefined && !ph.prep && /^[a-z][\w&/-]*(?:\s+[\w&/-]+)?$/i.test(ph.text))
        input.department = capitalized(ph.text, true);
      else continue;
      phrases.splice(phrases.indexOf(ph), 1);
    }
  // ("finance dept": a team typed in lower case is stored as its name is written.)
  if (resource === "job" && typeof input.department === "string" && /^[a-z]/.test(input.department)) input.department = capitalized(input.department, true);
  // ("a forklift driver for the reno warehouse": a job's title and place typed in lower case, as they are written.)
  if (resource === "job" && typeof input.location === "string" && /^[a-z]/.test(input.location)) input.location = placeWritten(input.location);
  if (resource === "job" && typeof input.title === "string" && /^[a-z][a-z\s-]*$/.test(input.title)) input.title = capitalized(input.title, true);
  answered(s, tool, input);
  const told = withoutStory(p, phrases, name);
  if (told.length > 0) unplaced(told);
  if (resource === "invoice" && input.client && !input.account_id && "account_id" in props && s.tool("account", "list")) {
    // Bill the account of that name when exactly one has it; a client needs no account.
    const page = (await s.list("account", { q: String(input.client), per_page: 5 })) as { data: Item[] };
    const said = String(input.client).toLowerCase();
    const exact = page.data.filter((a) => String(a.name).toLowerCase() === said);
    // "bill Globex": the one account whose name starts with those words is the client, by its full name.
    const starts = page.data.filter((a) => String(a.name).toLowerCase().startsWith(`${said} `));
    // "new inv for initech": the client as the account writes its name.
    if (exact.length === 1) {
      input.account_id = exact[0]!.id;
      input.client = String(exact[0]!.name);
    } else if (exact.length === 0 && starts.length === 1) {
      input.account_id = starts[0]!.id;
      input.client = String(starts[0]!.name);
    }
    // "bill Wayne": a client billed before and in no account, by the full name its invoices carry.
    if (!input.account_id && s.tool("invoice", "list")) {
      const billed = (await s.list("invoice", { q: String(input.client), per_page: 20 }).catch(noneFound)) as { data: Item[] } | undefined;
      const names = new Set((billed?.data ?? []).map((i) => String(i.client)).filter((c) => c.toLowerCase().startsWith(`${said} `)));
      if (names.size === 1) input.client = [...names][0];
    }
    // "Hooli Cloud asked": a name written with capitals that runs into lower-case words was read past its end; a
    // client no account has is asked about rather than billed as read.
    const client = String(input.client);
    if (!input.account_id && /^[A-Z]/.test(client) && /\s(?!(?:ltd|inc|llc|plc|gmbh|corp|co|and|of|the|de|la)\b)[a-z]{3,}\b/.test(client))
      throw new Stop({ content: `Who is the client? I read “${client}”, which no account is called. Nothing changed.` });
  }
  if ("account_id" in props && input.account_id === undefined && nameField === "name" && typeof input.name === "string" && s.tool("account", "list")) {
    // "Initech expansion": a deal named after its account belongs to it, when exactly one account's name starts it.
    const first = input.name.split(/\s+/)[0]!;
    const page = (await s.list("account", { q: first, per_page: 5 })) as { data: Item[] };
    // "Globe platform expansion" (a slip for Globex): the first word one letter off an account's first word.
    const near = (a: Item) => {
      const word = String(a.name).split(/\s+/)[0]!.toLowerCase();
      return first.length >= 4 && distance(first.toLowerCase(), word) <= 1;
    };
    const owners = page.data.filter(
      (a) =>
        String(input.name).toLowerCase().startsWith(String(a.name).toLowerCase()) ||
        String(input.name)
          .toLowerCase()
          .startsWith(`${String(a.name).split(/\s+/)[0]!.toLowerCase()} `) ||
        near(a),
    );
    if (owners.length === 1) {
      input.account_id = owners[0]!.id;
      s.labels.set(String(owners[0]!.id), String(owners[0]!.name));
    }
  }
  // "Priya Raman, priya.raman@initech.io": a person whose address is at an account's domain works there (as CRMs link them).
  if (person && typeof input.email === "string" && input.account_id === undefined && "account_id" in props && s.tool("account", "list")) {
    const domain = input.email.split("@")[1]!.toLowerCase();
    const page = (await s.list("account", { domain, per_page: 2 })) as { data: Item[] };
    if (page.data.length === 1) {
      input.account_id = page.data[0]!.id;
      s.labels.set(page.data[0]!.id, labelOf(page.data[0]!));
    }
  }
  // "the new globex cfo": a company and a role, not a name; the name is asked.
  const role = typeof input.last_name === "string" ? input.last_name.split(/\s+/) : [];
  // "the new Globex CFO, Dana Lee": the name is the one said beside them (read as the title).
  const named = typeof input.title === "string" && /^\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2}$/u.test(input.title) ? input.title : undefined;
  if (person && typeof input.first_name === "string" && role.length > 0 && TITLE_HEADS.has(role[0]!.toLowerCase()) && (input.title === undefined || named)) {
    const company = "account_id" in props && s.tool("account", "list") ? await accountCalled(s, input.first_name, true) : undefined;
    if (company) {
      input.account_id ??= company.id;
      input.title = role.map((w) => (/^c[a-z]o$/i.test(w) ? w.toUpperCase() : w)).join(" ");
      delete input.first_name;
      delete input.last_name;
      if (named) [input.first_name, input.last_name] = [named.split(/\s+/)[0], named.split(/\s+/).slice(1).join(" ")];
    }
  }
  // "a new VP of Sales at Globex": a title is not a name; whose the record is, is asked.
  if (person && typeof input.first_name === "string" && TITLE_HEADS.has(input.first_name.toLowerCase()) && input.title === undefined) {
    input.title = [input.first_name, input.last_name].filter(Boolean).join(" ");
    delete input.first_name;
    delete input.last_name;
  }
  if (resource === "invoice" && typeof input.client === "string" && typeof input.account_id === "string") {
    const label = s.labels.get(input.account_id);
    if (label && label.toLowerCase() === input.client.toLowerCase()) input.client = label;
  }
  // "a new expansion opp at Globex", "a new deal for Initech for their renewal": named as deals are, its account and its kind.
  if (resource === "deal" && nameField && input[nameField] === undefined && typeof input.account_id === "string") {
    const kind = DEAL_KIND.exec(p.raw)?.[1];
    const account = s.labels.get(input.account_id);
    if (kind && account) input[nameField] = `${account}: ${kind[0]!.toUpperCase()}${kind.slice(1).toLowerCase()}`;
  }
  // "bill Tyrell 7 grand": an amount without its currency is in the one the client has always been billed in.
  if (resource === "invoice" && input.amount !== undefined && input.currency === undefined && "currency" in props)
    input.currency = await usualCurrency(s, input);
  const missing = requiredOf(tool).filter((f) => input[f] === undefined);
  if (person && !input.first_name && !input.email && !missing.includes("email")) missing.unshift("first_name");
  if (!person && nameField && !input[nameField] && !missing.includes(nameField)) missing.unshift(nameField);
  if (missing.length > 0) askFor(s, resource, missing);
  const same = await existing(s, resource, input);
  if (same) return await completed(s, resource, same, input);
  const made = (await s.call(tool, input, `create the ${noun(resource)}`)) as Item;
  const facts = [
    made.email,
    made.domain,
    made.amount ? money(Number(made.amount), String(made.currency)) : null,
    made.due_date ? `due ${String(made.due_date)}` : null,
    made.title && person ? made.title : null,
  ].filter(Boolean);
  const owner = input.account_id ? (s.labels.get(String(input.account_id)) ?? String(input.account_id)) : undefined;
  // Whose the new record is, said back: a name read with a slip ("Globe") shows the account it was taken for.
  const at = owner && resource === "contact" ? ` at ${owner}` : owner && resource === "deal" ? ` for ${owner}` : "";
  return `Created ${noun(resource)} ${made.number ? String(made.number) + " for " + String(made.client) : labelOf(made)}${facts.length ? ` (${facts.join(", ")})` : ""}${at}: ${made.id}.`;
}

/**
 * The account or person a create names that is already on file: same name, and (for a person) same account. An
 * address or domain said that the record of that name does not have is another one of that name, as CRMs
 * dedupe (HubSpot: contacts by email, companies by domain): undefined, and it is created.
 */
async function existing(s: Session, resource: string, input: Record<string, unknown>): Promise<Item | undefined> {
  if (resource !== "account" && resource !== "contact") return undefined;
  const name = resource === "account" ? String(input.name ?? "") : [input.first_name, input.last_name].filter(Boolean).join(" ");
  if (!name || (resource === "contact" && !input.last_name)) return undefined;
  const key = resource === "account" ? "domain" : "email";
  const lower = (v: unknown) => String(v ?? "").toLowerCase();
  const page = (await s.list(resource, { q: name, per_page: 20 })) as { data: Item[] };
  const same = page.data.filter(
    (r) =>
      lower(labelOf(r)) === name.toLowerCase() &&
      (resource === "account" || input.account_id === undefined || r.account_id === input.account_id) &&
      (input[key] === undefined || !r[key] || lower(r[key]) === lower(input[key])),
  );
  const exact = input[key] === undefined ? undefined : same.find((r) => lower(r[key]) === lower(input[key]));
  if (exact) return exact;
  // Two of that name and nothing said that tells them apart: which one (or a new one) is asked.
  if (same.length > 1)
    throw new Stop({
      content: `There are ${same.length} ${noun(resource)}s called ${name} already (${same.map((r) => String(r[key] ?? r.id)).join(", ")}). Which one, or is this another? Nothing changed.`,
    });
  return same[0];
}

/**
 * "James Novak at Stark - direct line is +44 ..., pls add it", "Tyrell is HQ'd in the US, add that to their
 * account": a create of a record that exists adds what it says to that record; nothing is made twice.
 */
async function completed(s: Session, resource: string, found: Item, input: Record<string, unknown>): Promise<string> {
  const label = labelOf(found);
  const identity = new Set(["name", "first_name", "last_name", "account_id"]);
  const given = Object.entries(input).filter(([k, v]) => !identity.has(k) && v !== undefined);
  const changes = Object.fromEntries(given.filter(([k, v]) => JSON.stringify(found[k]) !== JSON.stringify(v)));
  if (Array.isArray(changes.tags)) changes.tags = [...new Set([...((found.tags as string[] | undefined) ?? []), ...(changes.tags as string[])])];
  if (Object.keys(changes).length === 0) return `${label} is already on file (${found.id}). Nothing changed.`;
  const tool = s.tool(resource, "update");
  if (!tool)
    throw new Stop({ content: `${label} is already on file (${found.id}), and I cannot change ${noun(resource)}s with this API key. Nothing changed.` });
  const result = (await s.call(tool, { [idKey(tool, resource)]: found.id, ...changes }, `update ${label}`)) as Item;
  return `${label} is already on file, so I updated it rather than adding another: ${Object.entries(changes)
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${Array.isArray(v) ? v.join(", ") : String(v)}`)
    .join(", ")}. (${result.id})`;
}

/** "put James Novak on Stark's support upgrade deal as a contact", "add Ava Chen to the Globex pilot deal". */
export const ONTO_DEAL =
  /\b(?:add|put|attach|link)\s+(?!(?:a|an|the|new|another)\s)[^,.;]+?\s+(?:to|on|onto)\s+(?!(?:negotiation|proposal|qualified|lead|won|lost)\b)[^,.;]*?\b(?:deal|opportunity|opp)\b/i;

/** A contact joins the people on a deal: the deal's contacts, with this one added. */
export async function joinDeal(s: Session, p: Parsed): Promise<string> {
  const tool = s.tool("deal", "update");
  if (!tool || !("contact_ids" in properties(tool))) throw new Stop({ content: "I cannot change a deal's contacts with this API key." });
  const [person, ...rest] = p.phrases;
  if (!person || rest.length === 0) throw new Stop({ content: "Whom should I add, and to which deal? Nothing changed." });
  const contact = await findPhrase(s, "contact", person);
  const { found: deal } = await target(s, p, "deal", rest);
  // The deal as it is now: the people on it are kept, whatever a search's copy of it said.
  const get = s.tool("deal", "get");
  const item = get ? ((await s.call(get, { [idKey(get, "deal")]: deal.id })) as Item) : deal.item;
  if (!item) throw new Stop({ content: "I cannot read a deal's contacts with this API key. Nothing changed." });
  const ids = Array.isArray(item.contact_ids) ? item.contact_ids.map(String) : [];
  if (ids.includes(contact.id)) return `${contact.label} is already on ${deal.label}. Nothing changed.`;
  await s.call(tool, { [idKey(tool, "deal")]: deal.id, contact_ids: [...ids, contact.id] }, `add ${contact.label} to ${deal.label}`);
  return `Added ${contact.label} to ${deal.label}.`;
}

export async function update(s: Session, p: Parsed, resource: string, _action: Action = "update"): Promise<string> {
  const tool = s.tool(resource, "update");
  if (!tool) throw new Stop({ content: `I cannot change ${noun(resource)}s with this API key.` });
  const together = namedTogether(p);
  if (together) return updateEach(s, p, resource, together);
  const rename = /\brename\b/i.test(p.raw) ? p.phrases.find((ph) => ph.prep === "to") : undefined;
  // Of several that match, a change is meant for the one still in play ("bump their deal": the open one).
  const { found, rest } = await target(
    s,
    p,
    resource,
    p.phrases.filter((ph) => ph !== rename),
    stillOpen(resource),
  );
  // "bump their deal to negotiation and make it 48k": a stage said beside the values is one of them.
  const stageSaid = "stage_id" in properties(tool) ? rest.find((ph) => ph.prep && ["to", "into", "in"].includes(ph.prep)) : undefined;
  const stage = stageSaid
    ? await stageOfDeal(s, found, stageSaid.text).catch((error) => (error instanceof Stop ? undefined : Promise.reject(error)))
    : undefined;
  if (stage) rest.splice(rest.indexOf(stageSaid!), 1);
  const input = await values(s, p, tool, rest, new Set([idKey(tool, resource)]));
  // "push the due date on the twenty one thousand dollar one": the figure said which record, beside what changes.
  const own = found.item ? [found.item.amount, found.item.amount_due].map(Number) : [];
  const newFigure = /\b(?:amount|value|price|total|make\s+it|(?:up|down|to)\s+[$€£]?\d)/i.test(p.said ?? p.raw);
  if (
    typeof input.amount === "number" &&
    !newFigure &&
    Object.keys(input).some((k) => k !== "amount" && k !== "currency") &&
    own.some((v) => Math.abs(v - Number(input.amount)) <= v * 0.1)
  ) {
    delete input.amount;
    delete input.currency;
  }
  if (stage) input.stage_id = stage.id;
  if (rename) input[["name", "title"].find((f) => f in properties(tool)) ?? "name"] = rename.text;
  if (rest.length > 0) unplaced(rest);
  if (p.shift) Object.assign(input, await shifted(s, resource, tool, found, p));
  // "set that job's status to closed": a word for several states that is one of this record's own.
  if (Object.keys(input).length === 0) {
    const props = properties(tool);
    const state = p.groups.find((g) => Object.values(props).some((schema) => enumValues(schema).includes(g)));
    if (state) return setState(s, { ...p, to: state, states: [state] }, resource, "stage", found);
  }
  if (Object.keys(input).length === 0)
    throw new Stop({ content: `What should change on ${found.label}? Say it as “set its <field> to <value>”. Nothing changed.` });
  if (Array.isArray(input.tags)) {
    // A tag is added to the record's own, not put in their place.
    const current = found.item ?? ((await s.call(s.tool(resource, "get")!, { [idKey(tool, resource)]: found.id })) as Item);
    input.tags = [...new Set([...((current.tags as string[] | undefined) ?? []), ...(input.tags as string[])])];
  }
  const result = await s.call(tool, { [idKey(tool, resource)]: found.id, ...input }, `update ${found.label}`);
  // A stage is said by its name, not its id.
  return `Updated ${noun(resource)} ${found.label}: ${Object.entries(input)
    .map(([k, v]) => `${k.replace(/_id$/, "").replace(/_/g, " ")} ${k === "stage_id" && stage ? stage.name : String(v)}`)
    .join(", ")}. (${(result as Item).id})`;
}

/** "push it back two weeks": the record's own date (due, or close), moved by the days said. */
async function shifted(s: Session, resource: string, tool: Tool, found: Found, p: Parsed): Promise<Record<string, string>> {
  const props = properties(tool);
  const dates = Object.keys(props).filter((f) => formatOf(props[f]) === "date");
  const field = dates.find((f) => (p.dates.hint === "close" ? f.includes("close") : p.dates.hint === "due" ? f === "due_date" : true)) ?? dates[0];
  const current = found.item ?? ((await s.call(s.tool(resource, "get")!, { [idKey(tool, resource)]: found.id })) as Item);
  const from = field ? current[field] : undefined;
  if (!field || typeof from !== "string")
    throw new Stop({ content: `${found.label} has no ${field ? field.replace(/_/g, " ") : "date"} to move. Nothing changed.` });
  const today = s.turn.now.toISOString().slice(0, 10);
  return { [field]: shiftDate(p.shift!.granted && from.slice(0, 10) < today ? today : from, p.shift!) };
}

/** The state a move names: "to offer", "as won", hire, reject, close. */
function stateOf(p: Parsed, action: Action, resource: string): string | undefined {
  if (action === "hire") return "hired";
  // "we're not going ahead with the Hooli deal": a deal turned down is lost.
  if (action === "reject") return resource === "deal" ? "lost" : "rejected";
  if (action === "win") return "won";
  if (action === "lose") return "lost";
  if (action === "close") return resource === "job" ? "closed" : resource === "deal" ? (p.states.includes("lost") ? "lost" : "won") : undefined;
  const state = p.to ?? p.states.at(-1);
  return resource === "deal" && state && ["rejected", "declined", "cancelled", "canceled", "withdrawn"].includes(state) ? "lost" : state;
}

const NEXT = /^(?:the\s+)?next(?:\s+(?:stage|step|round|level))?$/i;

/** The stage after the record's own: the next of a candidate's stages, or of the deal's pipeline (open stages only). */
async function nextStage(s: Session, resource: string, found: Found): Promise<string> {
  const item = found.item ?? ((await s.call(s.tool(resource, "get")!, { [`${resource}_id`]: found.id })) as Item);
  if (resource === "deal") {
    const pipeline = (await s.call(s.tool("pipeline", "get")!, { pipeline_id: item.pipeline_id })) as { stages: { id: string; name: string; kind: string }[] };
    const at = pipeline.stages.findIndex((st) => st.id === item.stage_id);
    const next = pipeline.stages[at + 1];
    if (at < 0 || !next || next.kind !== "open")
      throw new Stop({ content: `${found.label} has no open stage after this one: say won or lost. Nothing changed.` });
    return next.name;
  }
  const field = Object.entries(properties(s.tool(resource, "update")!)).find(([, schema]) => enumValues(schema).includes(String(item.stage ?? item.status)));
  const values = field ? enumValues(field[1]) : [];
  const next = values[values.indexOf(String(item.stage ?? item.status)) + 1];
  if (!next || /^(?:rejected|withdrawn|archived|closed|lost)$/.test(next))
    throw new Stop({ content: `${found.label} has no stage after ${String(item.stage ?? item.status)}. Nothing changed.` });
  return next;
}

const STEP = /\bstep\s+(?:\d+|one|two|three|four|five)\s*[:.)-]\s*/gi;

/** A sequence's steps written out ("step 1: email right away, subject "…", body "…""), and the text they take up. */
function stepsOf(raw: string): { steps: Record<string, unknown>[]; text: string } | undefined {
  const starts = [...raw.matchAll(STEP)];
  if (starts.length === 0) return undefined;
  const steps: Record<string, unknown>[] = [];
  for (const [n, m] of starts.entries()) {
    const part = raw.slice(m.index + m[0].length, starts[n + 1]?.index ?? raw.length);
    const subject = /\b(?:subject|title)\s*[:=]?\s*["“]([^"”]+)["”]/i.exec(part)?.[1];
    const body = /\b(?:body|text|message|copy)\s*[:=]?\s*["“]([^"”]+)["”]/i.exec(part)?.[1];
    const later =
      /\b(\d+|one|two|three|four|five|six|seven|ten|fourteen)\s+days?\s+(?:later|after)\b|\b(?:wait|after)\s+(\d+|one|two|three|four|five|six|seven|ten|fourteen)\s+days?\b/i.exec(
        part,
      );
    const delay = later ? countOf((later[1] ?? later[2])!) : 0;
    const type = /\btask\b/i.test(part) && !/\bemail\b/i.test(part) ? "task" : /^\s*wait\b/i.test(part) && !subject ? "wait" : "email";
    // A step whose words cannot be placed is not guessed at: the request is read as written.
    if (type === "email" && (!subject || !body)) return undefined;
    if (type === "task" && !subject) return undefined;
    steps.push({ type, delay_days: Number.isFinite(delay) ? delay : 0, ...(subject ? { subject } : {}), ...(type === "email" && body ? { body } : {}) });
  }
  return { steps, text: raw.slice(starts[0]!.index) };
}

/**
 * "we're into negotiation now. Move it along in the pipeline", "their deal should be at Proposal now. can you move it":
 * where the record goes, said in the remark before the request (a later lookup checks it is one of its stages).
 */
async function stateTold(s: Session, p: Parsed, resource: string): Promise<string | undefined> {
  if (p.said === undefined || p.said === p.raw) return undefined;
  const told = [...p.raw.matchAll(/\b(?:into|to|at|in)\s+(?:the\s+)?([a-z]+)(?:\s+stage)?\b/gi)].map((m) => m[1]!.toLowerCase());
  if (told.length === 0) return undefined;
  // A deal's stages are its pipelines' own names.
  const stages =
    resource === "deal" && s.tool("pipeline", "list")
      ? new Set(
          ((await s.list("pipeline", { per_page: 100 })).data as { stages?: { name: string; kind: string }[] }[]).flatMap((pl) =>
            (pl.stages ?? []).filter((st) => st.kind === "open").map((st) => st.name.toLowerCase()),
          ),
        )
      : undefined;
  return told.filter((w) => (stages ? stages.has(w) : w in VALUE_WORDS && w !== "open")).at(-1);
}

export async function setState(s: Session, p: Parsed, resource: string, action: Action, known?: Found): Promise<string> {
  let phrases = [...p.phrases];
  let state = stateOf(p, action, resource);
  // A deal's stage may be one of its pipeline's own names ("to proposal").
  // "put it in Proposal": in, after a verb of placing, says where to.
  const placing = /\b(?:put|stick|place|drop|pop|park)\b/i.test(p.raw);
  // "put the Tyrell deal in Proposal, we sent them the offer": a state of another kind of record, said in a remark, is
  // not where a deal goes when a stage is named.
  const foreign = resource === "deal" && state !== undefined && !p.to && !["won", "lost"].includes(state);
  const toPhrase = phrases.find(
    (ph) => ph.prep === "to" || ph.prep === "into" || (ph.prep === "as" && (!state || foreign)) || (ph.prep === "in" && placing && (!state || foreign)),
  );
  if ((!state || foreign) && toPhrase) {
    state = toPhrase.text;
    phrases = phrases.filter((ph) => ph !== toPhrase);
  }
  if (!state) state = await stateTold(s, p, resource);
  if (!state) throw new Stop({ content: `To which stage or status? Nothing changed.` });
  // "move her on to the next stage": the stage after the one the record is in.
  if (NEXT.test(state)) {
    if (resource === "invoice") throw new Stop({ content: "An invoice has no next stage: say paid, void or written off. Nothing changed." });
    const { found, rest } = await target(s, p, resource, phrases, stillOpen(resource));
    if (rest.length > 0) unplaced(rest);
    return setState(s, { ...p, phrases: [], to: await nextStage(s, resource, found), states: [] }, resource, "stage", found);
  }
  if (resource === "invoice") {
    if (state === "paid") return pay(s, p, phrases);
    if (state === "void" || state === "uncollectible") return invoiceOp(s, p, state, phrases);
  }
  const { found, rest } = known ? { found: known, rest: [] } : await target(s, p, resource, phrases, stillOpen(resource));
  if (rest.length > 0) unplaced(rest);
  const move = s.tool(resource, "move");
  if (move) {
    const key = idKey(move, resource);
    const field = Object.keys(properties(move)).find((k) => k !== key)!;
    const result = (await s.call(move, { [key]: found.id, [field]: state }, `move ${found.label} to ${state}`)) as Item;
    return `Moved ${found.label} to ${state}; it is now ${String(result.status ?? result.stage ?? state)}.`;
  }
  const tool = s.tool(resource, "update");
  if (!tool) throw new Stop({ content: `I cannot change ${noun(resource)}s with this API key.` });
  const key = idKey(tool, resource);
  const props = properties(tool);
  let field = Object.keys(props).find((k) => enumValues(props[k]).includes(state!));
  let value: string = state;
  if (!field && "stage_id" in props) {
    const stage = await stageOfDeal(s, found, state);
    field = "stage_id";
    value = stage.id;
    state = stage.name;
  }
  if (!field) throw new Stop({ content: `A ${noun(resource)} has no state “${state}”. Nothing changed.` });
  // "move to interview and give 4 stars": a figure said exactly, of a field the same change sets, goes with it.
  // ("the 3 star candidate" describes: only a figure given is set.)
  const given = /\b(?:give|gave|giving|rate|rated|re-?rate|score|scored|set|bump|make)\b[^.,;!?]{0,25}?\b\d+(?:\.\d+)?\s*(?:stars?|\/\s*5|out\s+of)?/i.test(
    p.raw,
  );
  const also = given ? Object.fromEntries(p.numeric.filter((n) => !n.op && n.field in props && n.field !== field).map((n) => [n.field, n.value])) : {};
  const result = (await s.call(tool, { [key]: found.id, [field]: value, ...also }, `move ${found.label} to ${state}`)) as Item;
  const extra = Object.entries(also).map(([f, v]) => `, ${f} ${String(v)}`);
  return `Moved ${found.label} to ${state}${extra.join("")}${result.status && result.status !== state ? `; it is now ${String(result.status)}` : ""}.`;
}

/** The stage of a deal's own pipeline a name or kind (won, lost) names. */
async function stageOfDeal(s: Session, deal: Found, wanted: string): Promise<{ id: string; name: string }> {
  const get = s.tool("deal", "get");
  const item = deal.item ?? (get ? ((await s.call(get, { deal_id: deal.id })) as Item) : undefined);
  const pipelineTool = s.tool("pipeline", "get");
  if (!item || !pipelineTool) throw new Stop({ content: "I cannot read the deal's pipeline with this API key. Nothing changed." });
  const pipeline = (await s.call(pipelineTool, { pipeline_id: item.pipeline_id })) as { name: string; stages: { id: string; name: string; kind: string }[] };
  const w = wanted.toLowerCase();
  const stage =
    pipeline.stages.find((st) => st.name.toLowerCase() === w) ??
    pipeline.stages.find((st) => st.kind === w && w !== "open") ??
    pipeline.stages.find((st) => st.name.toLowerCase().startsWith(w));
  if (!stage)
    throw new Stop({
      content: `The pipeline ${pipeline.name} has no stage “${wanted}”; its stages: ${pipeline.stages.map((st) => st.name).join(", ")}. Nothing changed.`,
    });
  return stage;
}

const INVOICE_STATES = ["draft", "open", "overdue", "paid", "void", "uncollectible"];

/** The account a phrase starts with, and the words after it ("umbrella health consulting": Umbrella Health, "consulting"). */
async function accountThen(s: Session, text: string): Promise<{ account: Found; rest: string[]; query: Record<string, string> } | null> {
  if (!s.tool("account", "list")) return null;
  const words = text.split(/\s+/);
  for (let n = words.length; n >= 1; n--) {
    const account = await s.find("account", words.slice(0, n).join(" "), { write: true }).catch(() => null);
    if (account) return { account, rest: words.slice(n), query: { account_id: account.id } };
  }
  return null;
}

const clientOf = (i: Item) => String(i.client ?? "");

/**
 * A client with no account, and the words after its name ("the gringotts data migration draft": Gringotts Holdings,
 * "data migration"), as the invoice query naming it. The whole phrase is the client when no shorter one bills.
 */
async function clientThen(s: Session, text: string, status: string): Promise<{ query: Record<string, string>; rest: string[] }> {
  const words = text.split(/\s+/);
  for (let n = words.length; n >= 1; n--) {
    const client = words.slice(0, n).join(" ");
    const page = await s.list("invoice", { "client[contains]": client, status, per_page: 100 });
    if (page.data.length === 0) continue;
    // "blue son freight": the first word found the client; the rest are the rest of its name, heard, not what was billed.
    const heard = n < words.length ? heardIn(page.data, text, clientOf, clientOf) : undefined;
    if (!heard) return { query: { "client[contains]": client }, rest: words.slice(n) };
    return { query: { "client[contains]": clientOf(heard) }, rest: words.slice(heardWords(text.toLowerCase().split(/\s+/), clientOf(heard))) };
  }
  // "the blue son freight invoice": a client heard, not spelt.
  const billed = await s.list("invoice", { status, per_page: 100 });
  const heard = heardIn(billed.data, text, clientOf, clientOf);
  if (heard && sharesWord(clientOf(heard), text)) return { query: { "client[contains]": clientOf(heard) }, rest: [] };
  // "the gringots draft": one client whose name has a word the slip is near.
  const slips = text.split(/\s+/).filter((w) => w.length >= 5);
  const near = new Set(
    billed.data.map(clientOf).filter(
      (c) =>
        c.split(/\s+/).some((w) => w.length >= 5 && slips.some((x) => likeness(w, x) >= 0.85)) ||
        // ("piedpiper": a name run together.)
        slips.some((x) => x.toLowerCase() === c.replace(/\s+/g, "").toLowerCase()),
    ),
  );
  if (near.size === 1) return { query: { "client[contains]": [...near][0]! }, rest: [] };
  return { query: { "client[contains]": text }, rest: [] };
}

/**
 * An invoice named by its client rather than its number: "Umbrella's invoice", "the monarch draft", "the umbrella
 * draft for 18,605.37", "the Umbrella Health consulting invoice". The states said narrow the allowed ones, an
 * amount and the words after the client's name narrow the rest; one left is the invoice, several are a question.
 */
async function invoiceTarget(s: Session, p: Parsed, phrases: Phrase[], states: string, amountNames = true): Promise<Found> {
  if (p.numbers[0] || p.quoted[0] || p.ids.some((i) => i.resource === "invoice")) return (await target(s, p, "invoice", phrases)).found;
  const phrase = phrases[0];
  if (!phrase) throw new Stop({ content: "Which invoice? Give me its number (e.g. INV-000042). Nothing changed." });
  const allowed = states.split(",");
  const said = p.states.filter((st) => allowed.includes(st) && st !== p.to);
  // "their pending bill": an open invoice past its due date is overdue to the API, still open to a person.
  if (said.includes("open") && allowed.includes("overdue") && !said.includes("overdue")) said.push("overdue");
  const status = (said.length > 0 ? said : allowed).join(",");
  const describedBy = (words: string[]) => (i: Item) =>
    words.every((w) =>
      String(i.description ?? "")
        .toLowerCase()
        .includes(w.toLowerCase()),
    );
  let owner: { rest: string[]; query: Record<string, string> } = (await accountThen(s, phrase.text)) ?? (await clientThen(s, phrase.text, status));
  let page = await s.list("invoice", { ...owner.query, status, per_page: 100 });
  // ("Curlew Plumbing paid": an account that shares only the first word, "Curlew Studios", is not the client billed
  // under the whole name.)
  if (owner.rest.length > 0 && "account" in owner && !page.data.some(describedBy(owner.rest))) {
    const byClient = await clientThen(s, phrase.text, status);
    const billed = await s.list("invoice", { ...byClient.query, status, per_page: 100 });
    if (billed.data.length > 0) [owner, page] = [byClient, billed];
  }
  // A payment's amount is what was paid, not which invoice.
  const amount = amountNames ? p.amounts.find((a) => !a.op) : undefined;
  let items = page.data.filter((i) => (!amount || saidMoney(i.amount, amount) || saidMoney(i.amount_due, amount)) && describedBy(owner.rest)(i));
  // "the twenty one thousand dollar one" for 21,508.44: a round figure that names an invoice is what it comes to.
  if (items.length === 0 && amount && !amount.approx && amount.value >= 1000 && amount.value % 1000 === 0)
    items = page.data.filter((i) => saidMoney(i.amount, { ...amount, approx: true }) && describedBy(owner.rest)(i));
  // "Umbrella's pipeline review invoice", "Did Gringotts pay the pipeline review invoice": the words before
  // "invoice", after the client's name, are what was billed (when some invoice of theirs is).
  const billed = p.phrases.find((ph) => ph !== phrase && ph.nounResource === "invoice" && (ph.at ?? -1) > (phrase.at ?? -1));
  if (owner.rest.length === 0 && billed && items.length > 1) {
    const described = items.filter(describedBy(billed.text.split(/\s+/)));
    if (described.length > 0) items = described;
  }
  const picked = items.length > 1 ? (pickedBy(p.raw, items) ?? narrowed(p, items, allowed.length > 2)) : items[0];
  // "send Initech the invoice for the pilot project": what it was for, said, must be what the one invoice bills.
  // ("..., send them the invoice for it": for something told before, which no invoice's description says.)
  const billedFor = /\b(?:invoice|bill)\s+for\s+([^,.;!?]+)/i.exec(p.raw)?.[1]?.toLowerCase() ?? "";
  const purpose = p.phrases.find((ph) => ph !== phrase && ph.prep === "for" && !ph.nounResource && billedFor.includes(ph.text.toLowerCase()));
  const elsewhere = (i: Item) =>
    (purpose && !describedBy(purpose.text.split(/\s+/).filter((w) => w.length > 3 && !STOPWORDS.has(w.toLowerCase())))(i)) ||
    /\b(?:invoice|bill)\s+for\s+(?:it|that|this)\b/i.test(p.raw);
  if (picked && items.length === 1 && p.action === "finalize" && elsewhere(picked))
    throw new Stop({
      content: `Which invoice? ${phrase.text}'s ${String(picked.status)} invoice is ${String(picked.number)}${picked.description ? ` (${String(picked.description)})` : ""}${purpose ? `, not one for “${purpose.text}”` : ""}. Give me its number, or ask me to create a new one. Nothing changed.`,
    });
  if (picked) return { id: picked.id, label: labelOf(picked), item: picked };
  const which = `${status.replace(/,/g, " or ")} invoice${amount ? ` of ${amount.value.toLocaleString("en-US")}` : ""}`;
  // "send Aperture Labs an invoice for the workshop": with no draft of theirs to send, a new one (whose amount is asked).
  if (items.length === 0 && p.action === "finalize" && /\b(?:an?|new|another)\s+(?:invoice|bill)\s+for\b/i.test(p.raw) && s.tool("invoice", "create"))
    throw new Stop({ content: await create(s, { ...p, action: "create" }, "invoice") });
  if (items.length === 0) throw new Stop({ content: `I found no ${which} for “${phrase.text}”. Nothing changed.` });
  s.ask(
    `${phrase.text} has ${items.length} ${which}s. Which one?`,
    `invoice:${phrase.text.toLowerCase()}`,
    items.slice(0, 5).map((i) => ({ id: i.id, label: labelOf(i) })),
  );
}

const sameMoney = (a: unknown, b: number) => Math.round(Number(a) * 100) === Math.round(b * 100);
/** A record's figure is the one said: exactly, or within a tenth of a rough one ("the 8.5k-ish invoice"). */
const saidMoney = (a: unknown, said: Amount) =>
  said.approx
    ? Math.abs(Number(a) - said.value) <= said.value * 0.1
    : sameMoney(a, said.value) || (said.rounding !== undefined && Math.abs(Number(a) - said.value) <= said.rounding);

/**
 * One of several invoices, told apart by what else the request says of it: its currency ("the euro invoice",
 * "the one in GBP"), a figure it holds ("paid the £6,142.86 invoice in full"), words of its description ("the
 * support plan invoice"), or, among every status, its being unpaid (a due date moved is an unpaid invoice's).
 * Each narrows only when something is left; undefined unless exactly one remains.
 */
function narrowed(p: Parsed, items: Item[], anyStatus: boolean): Item | undefined {
  const currency = p.currency ?? p.amounts.find((a) => a.currency)?.currency;
  const words = p.phrases.flatMap((ph) => ph.text.toLowerCase().split(/\s+/)).filter((w) => w.length > 3 && !STOPWORDS.has(w) && resourceOf(w) === undefined);
  const tests: ((i: Item) => boolean)[] = [
    (i) => !currency || i.currency === currency,
    (i) => p.amounts.length === 0 || p.amounts.some((a) => !a.op && (saidMoney(i.amount_due, a) || saidMoney(i.amount, a))),
    (i) =>
      words.length === 0 ||
      words.some((w) =>
        String(i.description ?? "")
          .toLowerCase()
          .includes(w),
      ),
    (i) => !anyStatus || ["draft", "open", "overdue"].includes(String(i.status)),
  ];
  let left = items;
  for (const fits of tests) {
    const kept = left.filter(fits);
    if (kept.length > 0) left = kept;
  }
  return left.length === 1 ? left[0] : undefined;
}

/**
 * "their oldest overdue invoice", "the smaller one is a dupe": the one record a superlative picks among several, or
 * undefined when none is said (or two records tie).
 */
function pickedBy(raw: string, items: Item[]): Item | undefined {
  const said =
    // ("paid it last week", "first thing tomorrow": when, not which.)
    /\b(oldest|earliest|first(?!\s+(?:thing|week|day|of|half|quarter|time))|longest|most\s+overdue|newest|latest|most\s+recent|last(?!\s+(?:week|month|year|night|time|quarter|day|days|weeks|months|couple|few|monday|tuesday|wednesday|thursday|friday|saturday|sunday))|small(?:er|est)|low(?:er|est)|cheap(?:er|est)|larg(?:er|est)|big(?:ger|gest)|high(?:er|est))\b/i
      .exec(raw)?.[1]
      ?.toLowerCase();
  if (!said) return undefined;
  const byAmount = /^(?:small|low|cheap|larg|big|high)/.test(said);
  const key = (i: Item) => (byAmount ? Number(i.amount) : Date.parse(String(i.due_date ?? i.created_at ?? "")));
  const most = /^(?:newest|latest|most\s+recent|last|larg|big|high)/.test(said);
  const sorted = [...items].sort((a, b) => (most ? key(b) - key(a) : key(a) - key(b)));
  return key(sorted[0]!) === key(sorted[1]!) ? undefined : sorted[0];
}

/** "paid one part", "a partial payment", "part of it": less than the whole balance. */
const PART_SAID =
  /\b(?:one\s+part|a\s+part|part\s+of|partial(?:ly)?|partly|in\s+part|part[- ]pa(?:id|yment)|(?:some|a\s+(?:portion|chunk|bit))\s+of\s+(?:it|them|the|their|his|her|its|our|what)|half|not\s+(?:the\s+)?(?:all|whole|full)|(?:did\s*n[o']?t|didn’t|haven'?t|hasn'?t)\s+pa(?:y|id)\s+(?:it\s+)?(?:all|in\s+full|the\s+(?:whole|full))|short[- ]?paid)\b/i;

export async function pay(s: Session, p: Parsed, phrases = p.phrases): Promise<string> {
  const tool = s.tool("invoice", "pay");
  if (!tool) throw new Stop({ content: "I cannot record payments with this API key." });
  // "Bank rec shows a transfer from Tyrell ...": the one it came from says whose invoice, before any other name.
  const payerFirst = [...phrases].sort((a, b) => Number(b.prep === "from") - Number(a.prep === "from"));
  const found = await invoiceTarget(s, p, payerFirst.slice(0, 1), "open,overdue", false);
  const current = found.item ?? ((await s.call(s.tool("invoice", "get")!, { invoice_id: found.id })) as Item);
  // "paid one part of the invoice of 21,508.44, we received 10,000": a figure that is the invoice's own says which
  // invoice; the other one is what came in.
  const said = p.amounts.filter((a) => !a.op).map((a) => a.value);
  const owns = (v: number) => [current.amount, current.amount_due].some((x) => Math.abs(Number(x) - v) < 0.005);
  const amount =
    (said.length > 1 ? said.find((v) => !owns(v)) : said[0]) ??
    (s.carried.choices["field:amount"] ? Number(s.carried.choices["field:amount"].replace(/[^0-9.]/g, "")) || undefined : undefined);
  // "record a payment on INV-12" says a payment came, not that it was paid in full; "paid one part" says it was not:
  // ask how much.
  const partly = PART_SAID.test(p.raw) && (amount === undefined || owns(amount));
  if (
    (amount === undefined &&
      p.verb === "payment" &&
      !/\b(?:in full|full payment|fully|everything|the rest|the balance|whole amount)\b/i.test(`${p.raw} ${p.said ?? ""}`)) ||
    partly
  )
    s.ask(`How much was paid on ${found.label}?`, "field:amount", []);
  // "Oscorp sent us 400 for INV-3" when INV-3 is Pied Piper's: the payer and the invoice disagree, so nothing is recorded.
  const payer =
    p.numbers.length > 0
      ? (p.phrases.find((ph) => /^[A-Z]/.test(ph.text) && ph.prep === "from") ??
        // (The one who paid is said before the figure: "Oscorp sent us 400 for INV-3", not "... once their PO clears".)
        p.phrases.find((ph) => /^[A-Z]/.test(ph.text) && !ph.prep && (ph.at ?? 0) < p.raw.search(/\d/)))
      : undefined;
  if (payer && !String(current.client).toLowerCase().includes(payer.text.split(/\s+/)[0]!.toLowerCase())) {
    return `${String(current.number)} is billed to ${String(current.client)}, not ${payer.text}: nothing recorded. Name the invoice ${payer.text} paid, or say it without the payer.`;
  }
  if (Number(current.amount_due) <= 0) return `${String(current.number)} has nothing due (${String(current.status)}). Nothing changed.`;
  // "they paid 30k on INV-17" when 19,717 is due: a payment larger than the balance is a misreading somewhere, so it is asked about, not recorded.
  if (amount !== undefined && amount > Number(current.amount_due) + 0.005) {
    return `${String(current.number)} has only ${money(Number(current.amount_due), String(current.currency))} due, less than the ${money(amount, String(current.currency))} you said was paid. Nothing recorded: should I record ${money(Number(current.amount_due), String(current.currency))} (the balance), or is it another invoice?`;
  }
  const paying = amount ?? Number(current.amount_due);
  const result = (await s.call(tool, { invoice_id: found.id, amount: paying }, `record ${money(paying, String(current.currency))} on ${found.label}`)) as Item;
  return `Recorded ${money(paying, String(current.currency))} on ${String(result.number)}; ${money(Number(result.amount_due), String(result.currency))} still due (${String(result.status)}).`;
}

export async function invoiceOp(s: Session, p: Parsed, op: "void" | "uncollectible" | "finalize", phrases = p.phrases): Promise<string> {
  const tool = s.tool("invoice", op);
  if (!tool) throw new Stop({ content: `I cannot ${op === "uncollectible" ? "mark invoices uncollectible" : `${op} invoices`} with this API key.` });
  const states = op === "finalize" ? "draft" : op === "void" ? "open,overdue,uncollectible" : "open,overdue";
  // "finalise both Gringotts drafts", "void all of Hooli's invoices": each of one account's invoices in those states.
  const every =
    op === "finalize"
      ? /\b(?:both|all|every|each)\b[^.!?]{0,40}\b(?:drafts|invoices|bills)\b/i.test(p.raw) || /\b(?:both|all)\b/i.test(p.raw)
      : EVERYTHING_OWED.test(p.raw);
  if (every && phrases[0]) return everyInvoice(s, tool, op, phrases[0], states);
  const found = await invoiceTarget(s, p, phrases.slice(0, 1), states);
  // "cancel INV-34" when it is paid: named by its number, it may be in a state the change does not apply to.
  const status = found.item?.status;
  if (typeof status === "string" && !states.split(",").includes(status))
    return `${found.label} is ${status}: only ${states.replace(/,(?=[^,]*$)/, " or ").replace(/,/g, ", ")} invoices can be ${{ void: "voided", uncollectible: "written off", finalize: "finalized" }[op]}. Nothing changed.`;
  const words = { void: `void ${found.label}`, uncollectible: `mark ${found.label} uncollectible`, finalize: `finalize ${found.label}` }[op];
  const result = await s.call(tool, { invoice_id: found.id }, words);
  return `Done: ${describe(tool.name, result)}`;
}

/** "write off what they still owe us", "void all of their invoices": every such invoice of one account. */
const EVERYTHING_OWED =
  /\b(?:what|everything|all)\b[^.!?]{0,40}\bowe[sd]?\b|\b(?:all|every|each)\s+(?:(?:of\s+)?(?:their|its|his|her|the|[A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*)*['’]s?)\s+)?(?:\w+\s+)?(?:invoices?|bills?)\b/i;
/** A turn's calls are bounded: a bulk change of more than this is asked to be narrowed. */
export const MOST_AT_ONCE = 5;

async function everyInvoice(s: Session, tool: Tool, op: "void" | "uncollectible" | "finalize", phrase: Phrase, states: string): Promise<string> {
  const name = phrase.text.replace(/^(?:(?:both|all|every|each|of|the)\s+)+/i, "");
  // An invoice's client need not be an account: then its name says whose.
  const owner = await accountThen(s, name);
  const client = owner ? undefined : (await clientThen(s, name, states)).query;
  const page = await s.list("invoice", { ...(owner ? { account_id: owner.account.id } : client), status: states, per_page: 100 });
  const items = page.data;
  const whose = owner?.account.label ?? client?.["client[contains]"] ?? name;
  if (items.length === 0) return `${whose} has no ${states.replace(/,/g, " or ")} invoices. Nothing changed.`;
  if (items.length > MOST_AT_ONCE)
    throw new Stop({ content: `${whose} has ${items.length} such invoices; name them, ${MOST_AT_ONCE} at most at a time. Nothing changed.` });
  const verb = { void: "void", uncollectible: "mark uncollectible", finalize: "finalize" }[op];
  const outcomes: string[] = [];
  for (const i of items) outcomes.push(await s.propose(tool, { invoice_id: i.id }, `${verb} ${labelOf(i)}`));
  const numbers = items.map((i) => String(i.number)).join(", ");
  const total = sumText(sums(items, op === "finalize" ? "amount" : "amount_due"));
  if (outcomes.every((o) => o === "completed"))
    return `Done: ${{ void: "voided", uncollectible: "marked uncollectible", finalize: "finalized" }[op]} ${numbers} (${total}).`;
  return `${op === "void" ? "Voiding" : "Writing off"} ${plural(items.length, "invoice")} of ${whose} (${numbers}; ${total} due) ${items.length === 1 ? "waits for approval" : "waits for approval, one for each invoice"}; until then nothing changes.`;
}

export async function remove(s: Session, p: Parsed, resource: string): Promise<string> {
  const tool = s.tool(resource, "delete");
  if (!tool) throw new Stop({ content: `I cannot delete ${noun(resource)}s with this API key.` });
  const { found, rest } = await target(s, p, resource, p.phrases);
  if (rest.length > 0) unplaced(rest);
  const result = await s.call(tool, { [idKey(tool, resource)]: found.id }, `delete ${noun(resource)} ${found.label}`);
  return `Done: ${describe(tool.name, result)}`;
}

/**
 * "Olivia Tanaka at Aperture": a person named with their account, which
 * narrows the search for them. Takes the account's phrase out of `people`.
 */
async function employer(s: Session, people: Phrase[]): Promise<(person: Phrase) => Record<string, unknown> | undefined> {
  // ("Leo Andersen of Stark Logistics": of, before a capital, is where too.)
  const at = people.findIndex((ph, n) => n > 0 && ph.prep !== undefined && (["at", "from"].includes(ph.prep) || (ph.prep === "of" && /^[A-Z]/.test(ph.text))));
  if (at < 0 || !s.tool("account", "list")) return () => undefined;
  const account = await findPhrase(s, "account", people[at]!, false);
  // "Sofia Kowalski at Aperture Labs and Isla Haddad", "Isla Haddad and Sofia Kowalski at Aperture Labs": the place
  // is said of the person named right before it (each other name is found as it is, and asked about when shared).
  const nearest = people[at - 1];
  people.splice(at, 1);
  return (person) => (person === nearest ? { account_id: account.id } : undefined);
}

/** "tag Isla Haddad and Leo Andersen as webinar-dec": the same values for two or three records named with "and". */
function namedTogether(p: Parsed): Phrase[] | undefined {
  if (p.fields.length === 0 || p.numbers.length > 0 || p.ids.length > 0 || p.quoted.length > 0) return undefined;
  const named = p.phrases.filter((ph) => !ph.prep && /^\p{Lu}/u.test(ph.text));
  if (named.length < 2 || named.length > 3 || named.length !== p.phrases.length) return undefined;
  const said = p.said ?? p.raw;
  const between = (a: Phrase, b: Phrase) => said.slice(said.indexOf(a.text) + a.text.length, said.indexOf(b.text)).trim();
  return named.slice(1).every((ph, n) => /^(?:,|,?\s*and|&)$/i.test(between(named[n]!, ph))) ? named : undefined;
}

/** Each record is found before any changes: a name that fails leaves nothing half done. */
async function updateEach(s: Session, p: Parsed, resource: string, named: Phrase[]): Promise<string> {
  const found: Found[] = [];
  for (const ph of named) found.push(await findPhrase(s, resource, ph));
  const replies: string[] = [];
  for (const one of found) replies.push(await update(s, { ...p, phrases: [], ids: [{ resource, id: one.id }] }, resource));
  return replies.join("\n");
}

/** Enrolls people (named, or everyone at an account) in a sequence. */
export async function enroll(s: Session, p: Parsed): Promise<string> {
  const tool = s.tool("sequence", "enroll");
  if (!tool) throw new Stop({ content: "I cannot enroll contacts with this API key." });
  // The sequence's name is the request's last words after in/to/for, read whole: it may hold vocabulary ("New lead follow-up").
  // "start sending the follow-up emails to Isla": the words after "to" are whom, and the sequence is unnamed.
  const sending = /\b(?:start|begin)\s+(?:sending|emailing)\b/i.test(p.raw);
  const tail = p.quoted[0] ?? (sending ? "the sequence" : sequenceOf(p));
  // ("the lead follow-up emails": the emails are the sequence's.)
  const inTail = (ph: Phrase) => tail?.toLowerCase().includes(ph.text.toLowerCase().replace(/\s+(?:e-?mails?|messages|mailings?)$/, ""));
  const phrases = p.phrases.filter(
    (ph) =>
      !(inTail(ph) && ph.prep && ["in", "into", "on", "onto", "to", "for"].includes(ph.prep)) && !(inTail(ph) && p.phrases.some((o) => o !== ph && !inTail(o))),
  );
  // "throw james into the new lead follow up, he's the CEO and hasn't heard from us in ages": words in a clause
  // after the sequence's name tell why, not whom (names of people are written before it).
  const told = (p.said ?? p.raw).toLowerCase();
  const tailEnd = tail ? told.indexOf(tail.toLowerCase()) + tail.length : -1;
  const pause = tailEnd > 0 ? told.slice(tailEnd).search(/[,;.!?]/) : -1;
  if (pause >= 0) {
    const after = (ph: Phrase) => told.indexOf(ph.text.toLowerCase(), tailEnd + pause) >= 0 && !told.slice(0, tailEnd).includes(ph.text.toLowerCase());
    for (let n = phrases.length - 1; n >= 0; n--) if (after(phrases[n]!) && phrases[n]!.text === phrases[n]!.text.toLowerCase()) phrases.splice(n, 1);
  }
  const generic = tail !== undefined && GENERIC_SEQUENCE.test(tail);
  const seqPhrase = generic
    ? undefined
    : tail
      ? ({ text: tail, beforeNoun: false } as Phrase)
      : [...phrases].reverse().find((ph) => ph.prep && ["in", "into", "on", "to", "for"].includes(ph.prep));
  if (!seqPhrase && !generic) throw new Stop({ content: "In which sequence? Nothing changed." });
  const sequence = seqPhrase ? await findPhrase(s, "sequence", seqPhrase) : await soleSequence(s);
  const others = phrases.filter((ph) => ph !== seqPhrase);
  let contacts: Found[] = [];
  let more = "";
  let at = "";
  const everyone = /\b(everyone|everybody|all)\b/i.test(p.raw);
  const accountPhrase = others.find((ph) => ph.prep && ["at", "from", "of"].includes(ph.prep));
  if (accountPhrase && everyone) {
    const account = await findPhrase(s, "account", accountPhrase);
    const people = await s.list("contact", { account_id: account.id, per_page: 100 });
    if (people.data.length === 0) return `Nobody at ${account.label} to enroll. Nothing changed.`;
    contacts = people.data.map((c) => ({ id: c.id, label: personName(c) }));
    at = ` at ${account.label}`;
    if (people.meta.total > people.data.length)
      more = `\n…and ${people.meta.total - people.data.length} more at ${account.label}, not enrolled (100 at a time).`;
    others.splice(others.indexOf(accountPhrase), 1);
  } else {
    const queryFor = await employer(s, others);
    for (const ph of others.splice(0)) {
      const query = queryFor(ph);
      try {
        contacts.push(query ? await s.find("contact", ph.text, { write: true, query }) : await findPhrase(s, "contact", ph));
      } catch (error) {
        // "add the webinar leads to the flow": a group described, not named, is asked about.
        if (!(error instanceof Stop) || error.reply.pending || /\p{Lu}/u.test(ph.text)) throw error;
        throw new Stop({ content: `Which contacts do you mean by “${ph.text}”? Name the people to enroll in ${sequence.label}. Nothing changed.` });
      }
    }
    for (const email of p.emails) contacts.push(await s.find("contact", email, { write: true }));
  }
  if (others.length > 0) unplaced(others);
  // ("lucas silva ... - the aperture one": a second phrase that says which one finds the same person.)
  contacts = contacts.filter((c, i) => contacts.findIndex((o) => o.id === c.id) === i);
  if (contacts.length === 0) throw new Stop({ content: `Whom should I enroll in ${sequence.label}? Nothing changed.` });
  // Several people at once: the bulk tool when the key has it (one call, one approval over the threshold).
  const bulk = contacts.length > 1 ? s.turn.tools.available.find((t) => classify(t)?.op === "enroll" && "contact_ids" in properties(t)) : undefined;
  const chosen = bulk ?? tool;
  const props = properties(chosen);
  if ("contact_ids" in props) {
    const intended = `enroll ${contacts.length === 1 ? contacts[0]!.label : `${contacts.length} contacts`}${at} in ${sequence.label}`;
    const result = (await s.call(chosen, { [idKey(chosen, "sequence")]: sequence.id, contact_ids: contacts.map((c) => c.id) }, intended)) as {
      enrolled: unknown[];
      failed: { detail: string }[];
    };
    if (contacts.length === 1 && result.failed.length > 0) return `I could not enroll ${contacts[0]!.label} in ${sequence.label}: ${result.failed[0]!.detail}`;
    return `In ${sequence.label}: ${describe(chosen.name, result)}${more}`;
  }
  const done: string[] = [];
  const failed: string[] = [];
  for (const c of contacts) {
    const outcome = await s.turn.tools.call(tool.name, { [idKey(tool, "sequence")]: sequence.id, contact_id: c.id });
    if (outcome.status === "completed") done.push(c.label);
    else if (outcome.status === "approval_required") return `${outcome.reason} This waits for approval; until then nothing changes.`;
    else failed.push(`${c.label}: ${outcome.error.detail}`);
  }
  return `Enrolled ${done.length > 0 ? done.join(", ") : "nobody"} in ${sequence.label}.${failed.map((f) => `\n- not enrolled ${f}`).join("")}${more}`;
}

/** pause, resume, archive a sequence: its own operation, or its status. */
export async function sequenceOp(s: Session, p: Parsed, op: "pause" | "resume" | "archive"): Promise<string> {
  const { found, rest } = await target(s, p, "sequence", p.phrases);
  if (rest.length > 0) unplaced(rest);
  const status = { pause: "paused", resume: "active", archive: "archived" }[op];
  const tool = s.tool("sequence", op);
  if (tool) {
    const result = (await s.call(tool, { [idKey(tool, "sequence")]: found.id }, `${op} ${found.label}`)) as Item;
    return `${capitalize(found.label)} is now ${String(result.status ?? status)}.`;
  }
  const update = s.tool("sequence", "update");
  if (!update || !enumValues(properties(update).status).includes(status)) throw new Stop({ content: `I cannot ${op} sequences with this API key.` });
  const result = (await s.call(update, { [idKey(update, "sequence")]: found.id, status }, `${op} ${found.label}`)) as Item;
  return `${capitalize(found.label)} is now ${String(result.status)}.`;
}

export async function accountOp(s: Session, p: Parsed, op: "enrich" | "dossier"): Promise<string> {
  const tool = s.tool("account", op);
  if (!tool) throw new Stop({ content: `I cannot ${op === "enrich" ? "enrich accounts" : "summarize accounts"} with this API key.` });
  const { found } = await target(s, p, "account", p.phrases.slice(0, 1));
  const result = await s.call(tool, { [idKey(tool, "account")]: found.id }, `${op} ${found.label}`);
  if (op === "enrich") return capitalize(describe(tool.name, result));
  return dossierWithDeals(s, found.id, result as Dossier);
}

/** "the sequence", "the list", "the follow-up emails": no name, only what it is. */
export const GENERIC_SEQUENCE =
  /^(?:(?:the|our|this|that|these)\s+)?(?:(?:email|mailing|follow[- ]?up|automatic|automated|nurture|drip|marketing)\s+)*(?:sequences?|campaigns?|cadences?|flows?|list|emails|drip|outreach|mails|messages)$/i;

/** The sequence meant when none is named: the organization's only one, or a question naming them. */
export async function soleSequence(s: Session): Promise<Found> {
  const page = await s.list("sequence", { per_page: 10 });
  if (page.data.length === 1) return { id: page.data[0]!.id, label: String(page.data[0]!.name) };
  if (page.data.length === 0) throw new Stop({ content: "There is no sequence yet. Nothing changed." });
  throw new Stop({ content: `Which sequence? ${page.data.map((q) => String(q.name)).join(", ")}. Nothing changed.` });
}

/** Takes people out of a sequence: their active enrollment there, ended. */
export async function unenroll(s: Session, p: Parsed): Promise<string> {
  const tool = s.tool("sequence", "unenroll");
  const list = s.tool("enrollment", "list");
  if (!tool || !list) throw new Stop({ content: "I cannot take contacts out of sequences with this API key." });
  const phrases = [...p.phrases];
  // "pull Liam at Northwind out of the sequence": no name said, so "at Northwind" says which Liam, not which sequence.
  // "out of the follow up mails": the words before the kind of thing may name it.
  // (In the request as read first: "stop the follow-up mails to Lucas - take out from the sequence" reads "from the follow-up sequence".)
  const unnamedOf = (text: string) =>
    /\b(?:out\s+(?:of|from)|off|from)\s+(?:the|our|this|that)\s+((?:[\w-]+\s+){0,2}?)(?:sequence|campaign|cadence|list|(?:e-?)?mails|messages|drip|outreach)\b/i.exec(
      text,
    );
  // ("Lucas asked for a break from our emails. Please take them out of the New lead follow-up sequence": the request
  // names it, whatever the story says.)
  const namedInSaid = /\b(?:out\s+(?:of|from)|off|from)\s+(?:the\s+|our\s+)?["“]?\p{Lu}/u.test(p.said ?? "");
  const unnamedSaid = (p.said ? unnamedOf(p.said) : null) ?? (namedInSaid ? null : unnamedOf(p.raw));
  const unnamed = unnamedSaid !== null;
  // "out of the follow-up sequence": the word naming it is not a person.
  if (unnamedSaid) for (const ph of [...phrases]) if (unnamedSaid[0].toLowerCase().includes(ph.text.toLowerCase())) phrases.splice(phrases.indexOf(ph), 1);
  const seqPhrase = unnamed
    ? undefined
    : ([...phrases].reverse().find((ph) => ph.prep && ["from", "of", "in", "off"].includes(ph.prep)) ?? (phrases.length > 1 ? phrases.at(-1) : undefined));
  if (!seqPhrase && !unnamed) throw new Stop({ content: "Out of which sequence? Nothing changed." });
  const words = unnamedSaid?.[1]?.trim();
  const byWords = words ? await s.find("sequence", words, { write: false }).catch(() => undefined) : undefined;
  const sequence = seqPhrase ? await findPhrase(s, "sequence", seqPhrase) : (byWords ?? (await soleSequence(s)));
  const people = phrases.filter((ph) => ph !== seqPhrase);
  if (people.length === 0) throw new Stop({ content: `Whom should I take out of ${sequence.label}? Nothing changed.` });
  const found: { contact: Found; enrollment: string }[] = [];
  // "Lucas Silva from Initech": the account says which Lucas Silva.
  const queryFor = await employer(s, people);
  // Everyone is found before anyone is taken out: a name that fails leaves nothing half done.
  for (const ph of people) {
    // Of two people with one name, the one in the sequence.
    const narrow = async (items: Item[]) => {
      const active = (await s.call(list, { sequence_id: sequence.id, status: "active", per_page: 100 })) as { data: Item[] };
      const enrolled = new Set(active.data.map((e) => e.contact_id));
      return items.filter((i) => enrolled.has(i.id));
    };
    const query = queryFor(ph);
    const contact = query ? await s.find("contact", ph.text, { write: true, query, narrow }) : await findPhrase(s, "contact", ph, true, narrow);
    const page = (await s.call(list, { sequence_id: sequence.id, contact_id: contact.id, status: "active", per_page: 1 })) as { data: Item[] };
    if (page.data.length === 0) throw new Stop({ content: `${contact.label} is not active in ${sequence.label}. Nothing changed.` });
    found.push({ contact, enrollment: page.data[0]!.id });
  }
  for (const { contact, enrollment } of found)
    await s.call(tool, { sequence_id: sequence.id, enrollment_id: enrollment }, `take ${contact.label} out of ${sequence.label}`);
  return `Took ${found.map((f) => f.contact.label).join(", ")} out of ${sequence.label}.`;
}
