import type { PendingQuestion } from "../agent-table.ts";
import type { Planner, PlannerReply, PlannerTurn } from "../turn.ts";
import { labelOf, type Item } from "./answer.ts";
import { catalogOf, enumValues, properties, type Catalog } from "./catalog.ts";
import { eachNumbered, focus, questionsOf, requestsOf, saysSeveral } from "./clauses.ts";
import { describe } from "./describe.ts";
import { BULK_ACTIONS, pickedRecords } from "./every.ts";
import { FIELD_WORDS, GROUP_WORDS, READS, rewrite, VALUE_WORDS, type Action } from "./lexicon.ts";
import { asksFigures, FIGURE_PHRASES, figures } from "./metrics.ts";
import { loadLanguage, type Language } from "./nlp.ts";
import { parse, rewritten, sequenceOf, type Parsed } from "./parse.ts";
import { tagOf } from "./filters.ts";
import {
  accountsBy,
  anything,
  clientsOf,
  candidatesByStage,
  dealsByStage,
  duplicates,
  enrolledAt,
  events,
  peopleWhoDo,
  read,
  roleAsked,
  sequencesAsked,
  sequencesOfContact,
  stagesOf,
} from "./reads.ts";
import { noneFound, pickOption, Session, Stop, type Carried } from "./resolve.ts";
import { namesForAddresses } from "./references.ts";
import { companyAndPeople, type CompanyAndPeople } from "./several.ts";
import { spoken } from "./spoken.ts";
import {
  accountOp,
  create,
  enroll,
  GENERIC_SEQUENCE,
  invoiceOp,
  joinDeal,
  ONTO_DEAL,
  pay,
  remove,
  sequenceOp,
  setState,
  soleSequence,
  unenroll,
  update,
} from "./writes.ts";

/**
 * The built-in planner: no model, no network, deterministic. It parses a
 * request into what to do, about which resource, which records and which
 * values (parse.ts), over the tools the caller may use (catalog.ts); resolves
 * names through the tools' search, asking when a name matches several records
 * or none; and answers with the figures and the records' names. Every lookup
 * and change goes through the tool registry, so it is authorized and recorded
 * like a model's. docs: README "What the offline planner understands".
 */

/** "CFO of ", "head of finance at ": a title before the name of whom it is at. */
const TITLE_OF =
  /^(?:the\s+)?(?:c[a-z]{1,3}o|controller|(?:head|director|vp)\s+of\s+\w+|[a-z]+\s+(?:director|manager|head|lead|officer))\s+(?:of|at|for)\s+(?:the\s+)?/i;
const WRITES = new Set<Action>([
  "create",
  "update",
  "stage",
  "delete",
  "void",
  "uncollectible",
  "pay",
  "enroll",
  "unenroll",
  "pause",
  "resume",
  "archive",
  "hire",
  "reject",
  "enrich",
  "finalize",
  "win",
  "lose",
  "close",
]);
/** Resources in the order a state word is tried on ("overdue" is an invoice's before anything else's). */
const ORDER = ["invoice", "deal", "candidate", "job", "contact", "sequence", "account", "enrollment"];
const BY_ACTION: Partial<Record<Action, string>> = {
  pay: "invoice",
  void: "invoice",
  uncollectible: "invoice",
  finalize: "invoice",
  enroll: "sequence",
  unenroll: "sequence",
  pause: "sequence",
  resume: "sequence",
  archive: "sequence",
  hire: "candidate",
  reject: "candidate",
  enrich: "account",
  summarize: "account",
  win: "deal",
  lose: "deal",
};

const FIELD_WORDS_INDEX = new Map<string, string[]>();
for (const [field, words] of Object.entries(FIELD_WORDS)) for (const w of words) FIELD_WORDS_INDEX.set(w, [...(FIELD_WORDS_INDEX.get(w) ?? []), field]);

const HIRING = ["applied", "screening", "interview", "offer", "hired", "rejected"];

const SEQUENCE_OPS: Record<string, "pause" | "resume" | "archive"> = { paused: "pause", active: "resume", archived: "archive" };
const SEQUENCE_NOUN = /\b(sequences?|campaigns?|cadences?|drips?|flows?|outreach)\b/i;
/** "anyone at Globex still getting our emails", "who at Initech is in a sequence": people asked of, by what they are sent. */
const WHO_MAILED =
  /\b(?:who|anyone|anybody|any\s+(?:one|contacts?|people)|which\s+(?:people|contacts)|active\s+enrollments)\b.*\b(?:sequences?|campaigns?|cadences?|drips?|flows?|outreach|e-?mails|mails|messages|enrollments?|enrolled)\b/i;

/** A state some word of a name says ("lead" in "New lead follow-up"): part of the name, not a filter or a target. */
function inName(state: string, name: string | undefined): boolean {
  if (!name) return false;
  return [state, ...(VALUE_WORDS[state] ?? [])].some((w) => new RegExp(`\\b${w.replace(/[-]/g, "\\-")}\\b`, "i").test(name));
}

/** The resource a request is about when it names none: by its verb, a record number, or a state only one resource has. */
function inferResource(catalog: Catalog, p: Parsed): string | undefined {
  const byAction = p.action ? BY_ACTION[p.action] : undefined;
  if (byAction) return byAction;
  if (p.numbers.length > 0) return "invoice";
  // "push the Globex pilot a month": a date moved is a deal's close unless it is a due date or a payment's time.
  if (p.shift) return p.dates.hint === "due" || /\b(?:pay|paying|payment|owe|owes|bill)\b/i.test(p.raw) ? "invoice" : "deal";
  if (p.groups.some((g) => ["unpaid", "outstanding", "owed", "owing", "receivable"].includes(g)) || (p.action === "sum" && /\bowe/i.test(p.said ?? p.raw)))
    return "invoice";
  // "we closed the Hooli migration": the verb's own state says nothing of what was closed.
  // "still in the running": a group of states says what has them as much as a state does ("in the pipeline" is
  // sales' word as much as hiring's, so it says nothing here).
  const said = [
    ...(p.action === "close" ? p.states.filter((st) => st !== "closed") : p.states),
    ...p.groups.filter((g) => g !== "in the pipeline").flatMap((g) => GROUP_WORDS[g] ?? []),
  ];
  const states = said.flatMap((st) => [
    st,
    ...Object.entries(VALUE_WORDS)
      .filter(([v, w]) => v !== st && w.includes(st))
      .map(([v]) => v),
  ]);
  const writeOp = p.action && WRITES.has(p.action);
  // "mark it won": where a record goes is its last state said; the record is of the kind that has that state.
  const dest = p.action === "stage" ? (p.to ?? said.at(-1)) : undefined;
  if (dest)
    for (const resource of ORDER) {
      const ops = catalog.get(resource);
      if (ops && Object.values(properties(ops.list)).some((schema) => enumValues(schema).includes(dest))) return resource;
    }
  for (const resource of ORDER) {
    const ops = catalog.get(resource);
    if (!ops) continue;
    // "delete the umbrella draft": a state that is not where the record goes says which records are meant.
    const tools = writeOp
      ? [ops.move, ops.update, ...(p.to || ["stage", "close", "win", "lose", "hire", "reject"].includes(p.action!) ? [] : [ops.list])]
      : [ops.list];
    // A sum is of money: "how much is in qualified" is not about contacts.
    if (p.action === "sum" && !writeOp && !("amount[gte]" in properties(ops.list))) continue;
    const accepts = tools.flatMap((t) => Object.values(properties(t)).flatMap((schema) => enumValues(schema)));
    if (states.some((st) => accepts.includes(st) && !["open", "active"].includes(st))) return resource;
  }
  if (p.phrases.some((ph) => ph.nounResource === "sequence") && catalog.has("enrollment") && /\b(who|whom|enrolled|enrollments?|in)\b/i.test(p.raw))
    return "enrollment";
  if (p.dates.hint === "due" && catalog.has("invoice")) return "invoice";
  // "what's expected to close next month": the resource with a close date.
  if (p.dates.hint === "close" && catalog.has("deal")) return "deal";
  // "who", "anyone", "somebody": people.
  if (/\b(?:who|whom|any(?:one|body)|some(?:one|body)|every(?:one|body))\b/i.test(p.said ?? p.raw))
    return catalog.has("candidate") &&
      (/\b(hire|hired|interview|applied|applying|screen|offer)/i.test(p.raw) || p.phrases.some((ph) => ph.nounResource === "job"))
      ? "candidate"
      : "contact";
  if (p.phrases.some((ph) => ph.nounResource === "job") && catalog.has("candidate") && /\b(applicants?|candidates?|applying|applied)\b/i.test(p.raw))
    return "candidate";
  // "Is Initech still sitting on that api usage overage invoice?": the kind a name was said with.
  // (A pipeline named is its deals: the caller reads those.)
  const kind = p.phrases.find((ph) => ph.nounResource && ph.nounResource !== "pipeline" && catalog.has(ph.nounResource))?.nounResource;
  if (kind && p.question) return kind;
  return undefined;
}

/** "the most on a single invoice": one invoice, not a client's total. */
const ONE_INVOICE = /\b(?:a|one)\s+(?:single\s+)?(?:\w+\s+){0,2}(?:invoice|bill)\b|\bwhich\s+one\b/i;
const OWES_MOST = /\b(?:owe[sd]?|owing)\s+(?:us\s+)?(?:the\s+)?most\b|\b(?:largest|biggest|top)\s+(?:\d+\s+)?debtors?\b/i;
const BY_STAGE = /\b(?:(?:broken\s+down|split|grouped)\s+)?(?:by|per)\s+stage\b|\b(?:for\s+)?(?:each|every)\s+stage\b|\bstage\s+by\s+stage\b/i;
const HIRING_PROGRESS =
  /\bhow(?:'s|’s|\s+is|\s+are)\s+(?:the\s+|our\s+)?(?:hiring|recruiting|recruitment|candidates)\s+(?:looking|going|coming\s+along|shaping\s+up)\b/i;
const BY_CLIENT = /\b(?:broken\s+down|split|grouped|sorted|listed)?\s*(?:by|per)\s+(?:client|customer|account|company)\b/i;

const CLIENT_NAMES = /\b(?:company|client|customer|account)\s+names\b|\bjust\s+the\s+(?:names|companies|clients|customers)\b/i;

/** Values said in a read are what to filter by: "based in X" is a place, "came in through X" a source. */
function asFilters(s: Session, p: Parsed): Parsed {
  const filters = p.fields.filter((f) => f.words === "based in" || f.words === "source");
  if (filters.length === 0) return p;
  const phrases = filters.map((f) => ({ text: f.value, prep: f.words === "source" ? "from" : "in", beforeNoun: false }));
  // "who came in through LinkedIn": the records that have a source.
  const bySource = filters.some((f) => f.words === "source") && !p.resource ? ORDER.find((r) => "source" in properties(s.tool(r, "list"))) : undefined;
  return {
    ...p,
    fields: p.fields.filter((f) => !filters.includes(f)),
    phrases: [...p.phrases, ...phrases],
    resource: p.resource ?? bySource,
    action: p.action ?? "list",
  };
}

/** A resource's changes (a move, an update) take this state as a value. */
function accepts(catalog: Catalog, resource: string, state: string): boolean {
  const ops = catalog.get(resource);
  if (!ops) return false;
  // A state is a stage or status ("offer"), not any value an enum holds ("contract" is an employment type).
  return [ops.move, ops.update].some((t) =>
    Object.entries(properties(t)).some(([field, schema]) => /stage|status/.test(field) && enumValues(schema).includes(state)),
  );
}

function help(catalog: Catalog): string {
  const lines = [...catalog]
    .filter(([r]) => !["event", "pipeline", "enrollment"].includes(r))
    .map(([resource, ops]) => `- ${resource}s: ${Object.keys(ops).join(", ")}`);
  return `I can help with: requests about the records you may use, and the business figures:\n${lines.join("\n")}\nAsk for a list, a count (“how many …”), a total (“how much …”), the largest, or a change, naming states, amounts, dates and names as you would to a colleague; and for win rate, pipeline, receivables, DSO or the hiring funnel.`;
}

function notUnderstood(s: Session, p: Parsed, resource?: string): string {
  const head = `I can't do that yet: I did not understand “${p.raw.slice(0, 200)}”.`;
  if (resource) {
    const ops = Object.keys(s.catalog.get(resource) ?? {});
    return `${head} I understood it is about ${resource}s, but not what to do with them. For ${resource}s I can: ${ops.join(", ")}.`;
  }
  if (p.action) {
    const known = [...s.catalog.keys()].filter((r) => !["event", "enrollment"].includes(r));
    return `${head} I understood “${p.action}”, but not what it is about: name one of ${known.map((r) => `${r}s`).join(", ")}.`;
  }
  return `${head} I found no action and no record type in it. Ask “help” for what I can do; e.g. a list, a count, a total or a change of invoices, deals, contacts, candidates or jobs.`;
}

/**
 * "don't mark anything yet, just checking", "don't put anything in yet", "don't mark INV-12 as paid yet": the one asking
 * wants nothing changed.
 */
const HANDS_OFF =
  /\b(?:don'?t|do\s+not|dont|no\s+need\s+to)\s+(?:mark|change|update|record|touch|edit|modify|void|delete|log|move|do)\s+(?:anything|it|them|that|this)\b|\b(?:don'?t|do\s+not|dont)\s+(?:put|add|create|enter|save|open)\s+anything\b|\b(?:don'?t|do\s+not|dont)\s+(?:mark|change|update|record|void|delete|move|close|reject|pay)\s[^.?!]{1,60}?\byet\b|\bjust\s+(?:checking|looking|asking|curious)\b|\bread[- ]only\b|\bno\s+changes?\s+(?:yet|please|pls|for\s+now)\b/i;

/** "make a discount of 10% on the invoice", "give Acme 5% off": an invoice holds one amount, so the new one is asked for. */
const DISCOUNT = /\b(?:make|give|apply|offer|add|put|grant|do|take|knock)\b[^.?!]{0,40}\b(?:discount|rebate|markdown)s?\b|\d\s?%\s+off\b/i;

async function plan(s: Session, given: Parsed): Promise<string> {
  let p = given;
  const lower = p.raw.toLowerCase();
  if (/^(help|\?|what can you do|what do you (?:understand|know)|how do i use you)\W*$/.test(lower)) return help(s.catalog);
  if (DISCOUNT.test(lower) && !/^\s*(?:how|what|which|who|when|did|do|does|have|has|is|are|was|were)\b|\?/.test(lower))
    return "An invoice holds a single amount, so I can't apply a discount to it as such. Which invoice is it, and what should its new amount be? Nothing changed.";
  // A message that says to change nothing is read, whatever else it tells ("says they paid INV-12 ... don't mark anything yet").
  if (p.action !== undefined && WRITES.has(p.action) && HANDS_OFF.test(lower))
    p = { ...p, action: p.numbers.length > 0 || p.quoted.length > 0 ? "show" : "list" };
  const write = p.action !== undefined && WRITES.has(p.action);
  // "how many invoices are overdue according to the latest snapshot": the snapshot's figure, whatever else it names.
  if (p.resources.includes("snapshot") || p.phrases.some((ph) => ph.nounResource === "snapshot") || p.action === "snapshot") {
    const fresh =
      /\b(take|create|make|new|fresh|run|rerun|re-run|refresh|compute|recompute|recalculate|regenerate|update|generate|now)\b|^\s*(?:please\s+)?snapshot\b/.test(
        lower,
      );
    return figures(s, asksFigures(lower) ?? asksFigures("snapshot")!, fresh);
  }
  const wanted = asksFigures(lower);
  // ("sizing top of funnel for the nurture: how many contacts ...": a figure's word in a heading cut off asks for no figure.)
  const asked = /^\s*[a-z]+ing\b[^:?.!]{0,80}:\s/i.test(p.raw) ? (p.said ?? p.raw).toLowerCase() : lower;
  const specific =
    /\b(rate|funnel|weighted|dso|days sales|aging|ageing|time to hire|days to hire|time to fill|days to fill|percent|percentage|proportion|ratio|how often|(?:business|company|things|we) (?:doing|going)|how (?:long|fast|quickly|soon) do|how (?:long|fast|quickly)\b[^?.]{0,40}\b(?:to (?:hire|fill)|pay(?:ing)? us))\b/.test(
      asked,
    ) || FIGURE_PHRASES.test(asked);
  // "how many deals did we win and how many did we lose": both counts are the snapshot's, over its 90 days.
  const wonAndLost =
    /\bw(?:i|o)n\b.*\blos[et]\b|\blos[et]\b.*\bw(?:i|o)n\b/.test(lower) && (!p.dates.gte || /\b(?:90 days|three months|3 months)\b/.test(lower));
  const explicit = p.resource && !["pipeline"].includes(p.resource) && !specific && !wonAndLost;
  const changes = write && !(specific && ["hire", "close", "win", "lose"].includes(p.action!));
  const stagesAsked = /\bstages\b/.test(lower) && !/\b(?:worth|value|how much|money|deals?|by stage)\b/.test(lower);
  // "how much pipeline have we got with Umbrella Health": the snapshot holds the whole business, not one account's part.
  // "umbrella health's total outstanding", "the stark logistics pipeline": one account's, by its name before the
  // figure (a pipeline's own name, "the Sales pipeline", is the whole business's).
  const scoped =
    !specific &&
    (p.phrases.some((ph) => ph.prep && ["with", "for", "at", "from", "of"].includes(ph.prep)) ||
      (p.phrases.some((ph) => ph.nounResource === "pipeline") && !(await pipelineNamed(s, p))));
  // "open pipeline sitting in Negotiation", "expected to close in the next 30 days": a part of it, from its deals.
  // "negotiation vs proposal: how much is in each stage": stages named to be compared, not a part asked for.
  const eachStage = /\b(?:by|each|per|every)\s+stage\b/.test(lower);
  const narrowed = async () =>
    !specific && ((p.dates.hint === "close" && (p.dates.gte !== undefined || p.dates.lt !== undefined)) || (!eachStage && (await namesStage(s, p))));
  if (wanted && !changes && !explicit && !stagesAsked && !scoped && !(await narrowed())) return figures(s, wanted, false);
  // "how many people did we hire in the last year": the snapshot's hires, not contacts.
  if (wanted && /\bhire[ds]?\b/.test(lower) && /\b(?:year|365|12 months|twelve months)\b/.test(lower) && !p.resources.some((r) => r !== "contact"))
    return figures(s, wanted, false);
  if (p.resource === "event" || /^what happened\b|\brecent (?:activity|events)\b/.test(lower)) return events(s, p);
  // "which names appear more than once in our contacts", "any duplicate accounts?": records that share a name.
  // (Not "INV-22 is the duplicate one ... void INV-22 please": a duplicate named, to be removed.)
  if (!write && DUPLICATES.test(lower) && !/\b(?:void|delete|remove|cancel|archive|merge)\b/.test(lower))
    return duplicates(s, p.resource && s.tool(p.resource, "list") ? p.resource : "contact");

  // "send Tim an offer": the verb's usual resource (an invoice is sent) gives way to a state only another resource has.
  const usual = p.action ? BY_ACTION[p.action] : undefined;
  // (A sequence's verbs keep theirs: its names hold state words, "New lead follow-up".)
  if (usual && usual !== "sequence" && !p.resource && p.numbers.length === 0 && p.ids.length === 0) {
    const elsewhere = p.states.find((st) => !accepts(s.catalog, usual, st) && ORDER.some((r) => r !== usual && accepts(s.catalog, r, st)));
    if (elsewhere) p = { ...p, action: "stage", to: elsewhere };
  }
  // "who's the finance contact at Stark", "the person who handles procurement over at Globex", "whos the cfo at
  // northwind": people by what they do (before any phrase is read as a filter).
  const role = roleAsked(p.said ?? p.raw) ?? roleAsked(p.raw);
  const roleAt =
    p.phrases.find((ph) => ph.prep === "at" && ph.nounResource !== "job") ??
    p.phrases.find((ph) => ph.prep && ["for", "with", "from", "in"].includes(ph.prep) && ph.nounResource !== "job") ??
    // ("the Director of Marketing of Aperture Labs": whose, after the title's own "of".)
    (role ? p.phrases.filter((ph) => ph.prep === "of" && !roleAsked(`who is the ${ph.text}`)).at(-1) : undefined) ??
    // ("the email of the CFO of Stark Logistics": one phrase, the title then whose.)
    (role
      ? p.phrases.map((ph) => ({ ...ph, text: ph.text.replace(TITLE_OF, "") })).find((ph) => ph.text.length > 1 && !roleAsked(`who is the ${ph.text}`))
      : undefined);
  if (role && roleAt && (!p.action || READS.has(p.action)) && (!p.resource || p.resource === "contact") && s.tool("contact", "list"))
    return peopleWhoDo(s, role, roleAt, p.raw);
  // A question or a plural names what to find: "accounts based in the UK", "who came in through LinkedIn".
  if ((p.question || p.plural) && (!p.action || READS.has(p.action))) p = asFilters(s, p);
  // "Olivia Tanaka signed, mark them as a customer": the person's new lifecycle stage is the change, not a deal won.
  if (p.action === "win" && p.fields.some((f) => f.words === "lifecycle stage") && !p.resources.includes("deal") && s.tool("contact", "update"))
    p = { ...p, action: "update", resource: "contact", states: p.states.filter((st) => st !== "won") };
  // "Acme's phone number is +1 555 0100": a statement of a value is a change.
  if (!p.action && p.fields.some((f) => f.value) && !p.question) p = { ...p, action: "update" };
  let resource = p.resource && p.resource !== "pipeline" ? p.resource : (inferResource(s.catalog, p) ?? (p.resource === "pipeline" ? "deal" : undefined));
  // "anything still live in the pipe with Aperture Labs?": sales' pipeline is its deals.
  if (
    !resource &&
    p.groups.includes("in the pipeline") &&
    /\bpipe(?:line)?\b/i.test(p.raw) &&
    !/\b(?:hiring|candidates?|applicants?|recruit\w*)\b/i.test(p.raw) &&
    s.catalog.has("deal")
  )
    resource = "deal";
  // "people we hired", "people in interview": people in hiring are candidates.
  if (
    resource === "contact" &&
    /\b(people|person|persons)\b/i.test(p.raw) &&
    !SEQUENCE_NOUN.test(p.raw) &&
    s.catalog.has("candidate") &&
    (p.states.some((st) => HIRING.includes(st)) ||
      p.groups.some((g) => (GROUP_WORDS[g] ?? []).some((st) => HIRING.includes(st))) ||
      p.phrases.some((ph) => ph.nounResource === "job"))
  )
    resource = "candidate";
  // "who is in the Intro sequence": the sequence's enrollments.
  if (resource === "contact" && p.phrases.some((ph) => ph.nounResource === "sequence") && s.catalog.has("enrollment")) resource = "enrollment";
  let action = p.action;
  // "make the enrolment of Leo in the sequence X", "create an enrollment for Ava in Intro": an enrollment is made by enrolling.
  if (resource === "enrollment" && action && ["create", "update", "stage"].includes(action) && s.tool("sequence", "enroll")) return enroll(s, p);
  // "push the due date on the monarch draft to jan 15": the date moves, not the record.
  if (action === "stage" && !p.to && p.dates.day && /\b(?:due|close|closing|start)\s+date\b/i.test(p.raw)) action = "update";
  // "we're hiring a contract DevOps Engineer": a new job, not a hire.
  // "we need a part-time bookkeeper in London": a role to open, when the request says how it is employed.
  const wantsRole =
    !action &&
    /\bwe\s+(?:need|want|are\s+looking\s+for|'re\s+looking\s+for|are\s+after)\s+(?:a|an|another|two|three|\d+)\b/i.test(p.raw) &&
    p.states.some((st) => ["full_time", "part_time", "contract", "internship", "temporary"].includes(st));
  if (wantsRole && s.catalog.has("job")) {
    action = "create";
    resource = "job";
  }
  if (
    action === "hire" &&
    /\b(?:we'?re|we are|i'?m|are we|we will be|we'll be|start)\s+hiring\b|\bhiring\s+(?:a|an|two|three|\d+)\b/i.test(p.said ?? p.raw) &&
    s.catalog.has("job")
  ) {
    action = "create";
    resource = "job";
  }
  // "put Ann in the Intro sequence", "add Ann to Intro", "sign Ann up for Intro": an enrollment, when the place is a sequence.
  // "drop Ann into Intro" puts her in; only "drop ... from" takes out or deletes.
  const dropsIn = action === "delete" && p.verb === "drop" && /\b(?:into|in|onto|on|to)\b/i.test(p.raw) && !/\b(?:from|out of|off)\b/i.test(p.raw);
  if (
    action &&
    (["create", "stage", "update", "enroll"].includes(action) || dropsIn) &&
    (!p.to || inName(p.to, sequenceOf(p))) &&
    (await intoSequence(s, p, resource))
  )
    return enroll(s, p);
  // "put the Intro sequence on hold", "set Intro to active": a sequence's own pause / resume / archive.
  const sequenceState = p.to ?? p.states.find((st) => st in SEQUENCE_OPS);
  if (resource === "sequence" && action && ["stage", "update"].includes(action) && sequenceState && sequenceState in SEQUENCE_OPS)
    return sequenceOp(s, p, SEQUENCE_OPS[sequenceState]!);
  const told = p.said ?? p.raw;
  // "is anyone at Globex still getting the follow-up emails? who?": an account's people, by their enrollments.
  if (
    (!action || READS.has(action)) &&
    (!resource || ["contact", "enrollment", "sequence"].includes(resource)) &&
    WHO_MAILED.test(told) &&
    s.tool("enrollment", "list")
  ) {
    const at = p.phrases.find((ph) => ph.prep && ["at", "from", "with", "of"].includes(ph.prep) && ph.nounResource !== "sequence");
    const account = at && s.tool("account", "list") ? await s.find("account", at.text, { write: false }).catch(noneFound) : undefined;
    const said = sequenceOf(p);
    if (account) return enrolledAt(s, account, said && !GENERIC_SEQUENCE.test(said) ? said : undefined);
  }
  // "the people in the Intro campaign", "enrollments in new lead follow-up": a sequence's enrollments, by its whole name.
  if (
    (!action || READS.has(action)) &&
    (resource === "enrollment" || (resource === "contact" && (SEQUENCE_NOUN.test(p.raw) || SEQUENCE_NOUN.test(told)))) &&
    s.tool("enrollment", "list")
  ) {
    const said = sequenceOf(p);
    // "how many active sequence enrollments": over every sequence, a figure of the snapshot.
    if (!said && resource === "enrollment" && wanted) return figures(s, wanted, false);
    // "who's still getting the follow-up emails": the one sequence there is, when no name is said.
    const name =
      said && !GENERIC_SEQUENCE.test(said)
        ? said
        : resource === "enrollment" || (p.phrases.length === 0 && p.question)
          ? (await soleSequence(s)).label
          : undefined;
    if (name) {
      const outside = (text: string) => !name.toLowerCase().includes(text.toLowerCase());
      p = {
        ...p,
        states: p.states.filter((st) => !inName(st, name)),
        phrases: [...p.phrases.filter((ph) => outside(ph.text)), { text: name, prep: "in", beforeNoun: false, noun: "sequence", nounResource: "sequence" }],
      };
      resource = "enrollment";
    }
  }
  // "how much is sitting in proposal": money in a pipeline stage is the deals'.
  if (!resource && action && READS.has(action) && (await namesStage(s, p))) resource = "deal";
  // "what's expected to close in the next two weeks": what closes is a deal.
  if (!resource && action && READS.has(action) && p.dates.hint === "close" && (p.dates.gte || p.dates.lt) && s.catalog.has("deal")) resource = "deal";
  // "which client owes us the most", "our 3 largest debtors": clients ranked by what they owe.
  if ((!action || READS.has(action)) && OWES_MOST.test(p.said ?? p.raw) && !ONE_INVOICE.test(p.raw) && s.tool("invoice", "list")) return clientsOf(s, p);
  // "Wayne Enterprises' balance": what the account owes.
  if (p.asked.includes("balance") && (!resource || resource === "account") && s.catalog.has("invoice"))
    return read(s, { ...p, action: "sum", asked: [] }, "invoice");
  if (p.asked.length > 0 && !resource && p.phrases.length > 0) return anything(s, p.phrases[0]!.text, p.asked);
  // "issue an invoice to Initech for 1500 USD": a new invoice (issued at once), not an existing draft.
  if (
    action &&
    ["finalize", "pay", "void"].includes(action) &&
    /\b(?:an?|new)\s+(?:\w+\s+)?(?:invoice|bill)\b/i.test(p.raw) &&
    p.amounts.some((am) => !am.op) &&
    s.catalog.get("invoice")?.create
  ) {
    p = { ...p, verb: action === "finalize" ? "open" : p.verb };
    action = "create";
    resource = "invoice";
  }
  // "we got 750 from Stark against INV-36": money received on an invoice is a payment.
  if (
    (!action || ["create", "finalize", "pay"].includes(action)) &&
    !p.question &&
    p.numbers.length > 0 &&
    p.amounts.some((a) => !a.op) &&
    /\b(?:got|received|collected|took|wired|transferred|sent|paid|remitted|(?:part\s+|partial\s+)?(?:payment|receipt)\s+of)\b/i.test(p.raw) &&
    s.tool("invoice", "pay")
  )
    return pay(s, p);
  // "INV-1 is uncollectible", "the Acme deal is lost": a statement of a state is a move to it.
  // ("candidates whose stage is interview" is a filter, not a statement.)
  const stating = /\b(?:is|are)\b/i.test(p.raw.replace(/\b(?:whose|where|with)\s+(?:the\s+|their\s+)?[\w_]+(?:\s+[\w_]+)?\s+(?:is|are)\b/gi, ""));
  if (!action && !p.question && p.states.length === 1 && stating && (p.numbers.length > 0 || p.phrases.length > 0)) {
    action = "stage";
    p = { ...p, to: p.states[0] };
  }
  const enrolledWhere = sequencesAsked(p.said ?? p.raw);
  if (enrolledWhere && (!action || READS.has(action)) && s.tool("enrollment", "list") && s.tool("contact", "list")) return sequencesOfContact(s, enrolledWhere);
  // "stark support upgrade is in negotiation now": a deal said to be at a stage of its pipeline is moved there.
  const atStage = !action && !p.question ? /\b(?:is|are|'s)\s+(?:now\s+)?(?:in|at|into)\s+(?:the\s+)?([a-z]+(?:\s+[a-z]+)?)\b/i.exec(p.raw) : null;
  if (atStage && s.tool("deal", "update") && s.tool("pipeline", "list")) {
    const pipelines = await s.list("pipeline", { per_page: 100 });
    const said = atStage[1]!.toLowerCase().replace(/\s+(?:stage|now)$/, "");
    const stage = pipelines.data.flatMap((pl) => (pl.stages as { name: string }[] | undefined) ?? []).find((st) => st.name.toLowerCase() === said);
    // (What follows the stage is why: "..., they came back on the proposal".)
    const named = p.phrases.filter((ph) => ph.text.toLowerCase() !== said && ph.at !== undefined && ph.at >= 0 && ph.at < atStage.index);
    if (stage && named.length > 0) return setState(s, { ...p, phrases: named, action: "stage", to: stage.name }, "deal", "stage");
  }
  // "decision makers at Stark": people by a tag they carry.
  const described =
    p.phrases[0] &&
    !p.phrases[0].prep &&
    p.phrases[0].text === p.phrases[0].text.toLowerCase() &&
    p.phrases.some((ph) => ph.prep === "at" || ph.prep === "from");
  if (!resource && (!action || READS.has(action)) && described && s.tool("contact", "list") && (await tagOf(s, "contact", p.phrases[0]!.text)))
    resource = "contact";
  // "which clients have overdue invoices": the invoices' clients.
  if (
    (!action || READS.has(action)) &&
    p.resources[0] === "account" &&
    p.resources.includes("invoice") &&
    /\b(?:have|has|with|owe|owing)\b/i.test(p.raw) &&
    s.tool("invoice", "list")
  )
    return clientsOf(s, p);
  // "which accounts have something in negotiation", "accounts with no open deals", "with at least 3 contacts":
  // accounts by what their deals or contacts hold.
  // ("which of our clients are in the Negotiation stage": theirs is the deal in it.)
  if (
    (!action || READS.has(action)) &&
    p.resources[0] === "account" &&
    /\b(?:have|has|had|with|without|no|lack\w*)\b|\b(?:are|is)\s+(?:still\s+|now\s+)?(?:in|at)\b/i.test(p.raw)
  ) {
    // ("which accounts have we won": won and lost are a deal's.)
    const held =
      p.resources.find((r) => r === "deal" || r === "contact") ??
      ((await namesStage(s, p)) || p.states.some((st) => st === "won" || st === "lost") ? "deal" : undefined);
    if ((held === "deal" || held === "contact") && s.tool(held, "list")) return accountsBy(s, p, held);
  }
  // "which customers are more than 60 days overdue": the clients of the invoices in that state.
  if (
    (!action || READS.has(action)) &&
    p.resources.length === 1 &&
    p.resources[0] === "account" &&
    p.states.some((st) => st === "overdue" || st === "unpaid") &&
    s.tool("invoice", "list")
  )
    return clientsOf(s, p);
  // "everything that's overdue, broken down by client": the invoices, grouped by whom they bill.
  if ((!action || READS.has(action)) && resource === "invoice" && BY_CLIENT.test(p.raw) && !p.phrases.some((ph) => ph.prep) && s.tool("invoice", "list"))
    return clientsOf(s, p);
  // "Who's still owing us money that's gone past due? Just the company names": whom the invoices bill.
  if ((!action || READS.has(action)) && resource === "invoice" && CLIENT_NAMES.test(p.raw) && !p.phrases.some((ph) => ph.prep) && s.tool("invoice", "list"))
    return clientsOf(s, p);
  // "the pipe by stage", "for each stage, how many open deals and what value": the deals, per stage.
  if ((!action || READS.has(action)) && (resource === "deal" || resource === "pipeline") && BY_STAGE.test(p.raw) && s.tool("deal", "list"))
    return dealsByStage(s, p);
  // "how many candidates at each stage for the AE job", "how's the hiring looking for it": the job's funnel.
  if (
    (!action || READS.has(action)) &&
    ((resource === "candidate" && BY_STAGE.test(p.raw)) || ((resource === "candidate" || resource === "job") && HIRING_PROGRESS.test(p.raw))) &&
    s.tool("candidate", "list")
  )
    // ("how's the hiring going": the word names no stage.)
    return candidatesByStage(s, HIRING_PROGRESS.test(p.raw) && !/\bhired\b/i.test(p.raw) ? { ...p, states: p.states.filter((st) => st !== "hired") } : p);
  // "what are the stages of our pipeline": the pipelines' stages, not their value.
  if (
    (!action || READS.has(action)) &&
    /\bstages\b/i.test(p.raw) &&
    /\bpipelines?\b/i.test(p.raw) &&
    !/\b(?:worth|value|how much|money|deals?|by stage)\b/i.test(p.raw) &&
    s.tool("pipeline", "list")
  )
    return stagesOf(s);
  if (!action || READS.has(action)) {
    if (resource) return read(s, { ...p, action: action ?? "list" }, resource);
    if (p.asked.length > 0 && p.phrases.length > 0) return anything(s, p.phrases[0]!.text, p.asked);
    // "Globex", "Radia Perlman?": a name alone asks for that record.
    if (p.phrases.length === 1 && (action || /^[A-Z]/.test(p.phrases[0]!.text))) return anything(s, p.phrases[0]!.text);
    return notUnderstood(s, p);
  }
  // "put James Novak on Stark's support upgrade deal as a contact": one of the deal's people.
  if (["create", "stage", "update"].includes(action) && ONTO_DEAL.test(p.said ?? p.raw) && s.tool("contact", "list")) return joinDeal(s, p);
  // "move every Stark deal still in Lead in to Qualified", "mark the largest deal in Negotiation won": the records a condition picks.
  if (resource && BULK_ACTIONS.has(action)) {
    const done = await pickedRecords(s, p, resource, action);
    if (done !== undefined) return done;
  }
  switch (action) {
    case "summarize":
      if (resource && resource !== "account") return read(s, { ...p, action: "list" }, resource);
      if (!s.tool("account", "dossier")) return p.phrases[0] ? anything(s, p.phrases[0].text) : notUnderstood(s, p);
      return accountOp(s, p, "dossier").catch((error: unknown) => {
        // Not an account: whatever record has that name.
        if (error instanceof Stop && !error.reply.pending && p.phrases[0]) return anything(s, p.phrases[0].text);
        throw error;
      });
    case "enrich":
      return accountOp(s, p, "enrich");
    case "pay":
      return pay(s, p);
    case "void":
      if (resource === "sequence") return sequenceOp(s, p, "archive");
      if (resource === "job") return setState(s, p, "job", "close");
      if (resource && resource !== "invoice") return remove(s, p, resource);
      // "kill the Monarch draft invoice": a draft was never issued, so it is deleted, not voided.
      if (p.states.length === 1 && p.states[0] === "draft") return remove(s, p, "invoice");
      return invoiceOp(s, p, "void");
    case "uncollectible":
      return invoiceOp(s, p, "uncollectible");
    case "finalize":
      return invoiceOp(s, p, "finalize");
    case "enroll":
      return enroll(s, p);
    case "unenroll":
      return unenroll(s, p);
    case "pause":
    case "resume":
    case "archive":
      return sequenceOp(s, p, action);
  }
  // "log 300 received on INV-13": a payment on an existing invoice, not a new record.
  if (
    action === "create" &&
    p.numbers.length > 0 &&
    !p.resources.some((r) => r !== "invoice") &&
    /\b(?:received|receive|paid|payment|collected|got|took)\b/i.test(p.raw) &&
    s.tool("invoice", "pay")
  )
    return pay(s, p);
  if (!resource && action === "create") resource = await newRecordOf(s, p);
  if (!resource && p.phrases.length > 0 && ["stage", "update", "delete", "close", "win", "lose"].includes(action)) {
    // "the Initech renewal": the word after the name says what it is; else the record's name does ("rename Globex East ...").
    resource = p.phrases.find((ph) => ph.nounResource)?.nounResource ?? (await whichResource(s, p, action));
    // "move her to the next stage", with no one named before: whom is asked.
    const onlyWhere = p.phrases.every((ph) => ph.prep === "to" || ph.prep === "as" || ph.prep === "into" || (ph.prep === "in" && /^next\b/i.test(ph.text)));
    if (!resource && onlyWhere && /\b(?:him|her)\b/i.test(p.raw) && s.catalog.has("candidate")) resource = "candidate";
    if (!resource && onlyWhere && /\b(?:it|that|this|them)\b/i.test(p.raw))
      throw new Stop({ content: "Which record do you mean? Give me its name. Nothing changed." });
    if (!resource) return `I found no record matching “${p.quoted[0] ?? p.phrases[0]!.text}”. Nothing changed.`;
  }
  if (!resource) return notUnderstood(s, p);
  switch (action) {
    case "create":
      if (resource === "sequence" && p.phrases.some((ph) => ph.prep === "to" || ph.prep === "into") && p.phrases.length >= 2) return enroll(s, p);
      return create(s, p, resource);
    case "update": {
      const values = p.fields.length > 0 || p.amounts.length > 0 || p.dates.day !== undefined || p.emails.length > 0 || p.domains.length > 0;
      if ((p.states.length > 0 && !values) || (resource === "deal" && p.phrases.some((ph) => ph.prep === "to") && !values))
        return setState(s, p, resource, "stage");
      return update(s, p, resource, action);
    }
    case "delete":
      return remove(s, p, resource);
    default: {
      // "bump the amount on INV-39 to 16,000": a value, not a state.
      const values = p.fields.length > 0 || p.amounts.length > 0 || p.dates.day !== undefined;
      if (action === "stage" && !p.to && p.states.length === 0 && values) return update(s, p, resource, action);
      // "move their data migration opp to closed won and update the amount to 35k": the move, then the value.
      if (p.to && values && ALSO_SET.test(p.raw)) {
        const moved = await setState(s, p, resource, action);
        return `${moved}\n${await update(s, { ...p, states: [], to: undefined, action: "update" }, resource, "update")}`;
      }
      return setState(s, p, resource, action);
    }
  }
}

/** Where "in/into/on/to/for X" puts someone, when X is a sequence (by its noun, or its name): the request is an enrollment. */
async function intoSequence(s: Session, p: Parsed, resource: string | undefined): Promise<boolean> {
  if (!s.tool("sequence", "enroll") || !s.tool("sequence", "list")) return false;
  const name = sequenceOf(p);
  if (!name) return false;
  const person = p.phrases.some((ph) => !ph.prep && !name.toLowerCase().includes(ph.text.toLowerCase())) || p.emails.length > 0;
  if (!person) return false;
  if (resource === "sequence" || resource === "enrollment" || p.phrases.some((ph) => ph.nounResource === "sequence") || p.action === "enroll") return true;
  // A resource named in words rules it out; one only inferred (from "lead" in "New lead follow-up") does not.
  if (p.resource && p.resource !== "contact") return false;
  // ("the new lead follow up" is "New lead follow-up": said, a hyphen is a space.)
  const said = SEQUENCE_NOUN.test(p.raw) || /\bfollow[- ]?ups?\b/i.test(p.raw);
  for (const q of new Set([name, ...(said ? [name.split(/\s+/).slice(0, 2).join(" ")] : [])]))
    if ((await s.list("sequence", { q, per_page: 1 })).data.length > 0) return true;
  return false;
}

/**
 * "add Priya Shah priya@globex.com to Globex": a new record named by no noun.
 * A person added to a job is a candidate, to an account (or with only an
 * email) a contact.
 */
async function newRecordOf(s: Session, p: Parsed): Promise<string | undefined> {
  const place = p.phrases.find((ph) => ph.prep && ["to", "at", "for", "with", "from"].includes(ph.prep));
  if (place?.nounResource === "job" || (place && s.tool("job", "list") && (await s.list("job", { q: place.text, per_page: 1 })).data.length > 0))
    return s.catalog.has("candidate") ? "candidate" : undefined;
  if (place?.nounResource === "account" || (place && s.tool("account", "list") && (await s.list("account", { q: place.text, per_page: 1 })).data.length > 0))
    return s.catalog.has("contact") ? "contact" : undefined;
  if (p.emails.length > 0 && s.catalog.has("contact")) return "contact";
  return undefined;
}

/** A phrase or state that is the name of a pipeline stage ("in proposal", "sitting in qualified"). */
/** "the Sales pipeline": a phrase before "pipeline" that is one of the pipelines' names. */
async function pipelineNamed(s: Session, p: Parsed): Promise<boolean> {
  if (!s.tool("pipeline", "list")) return true;
  const pipelines = await s.list("pipeline", { per_page: 100 });
  const names = new Set(pipelines.data.map((pl) => String(pl.name).toLowerCase()));
  return p.phrases.some(
    (ph) => ph.nounResource === "pipeline" && (names.has(ph.text.toLowerCase()) || /^(?:our|the|whole|total|entire|open|current|main)$/i.test(ph.text)),
  );
}

async function namesStage(s: Session, p: Parsed): Promise<boolean> {
  if (!s.tool("deal", "list") || !s.tool("pipeline", "list")) return false;
  const words = [...p.phrases.map((ph) => ph.text), ...p.states].map((w) => w.toLowerCase());
  if (words.length === 0) return false;
  const pipelines = await s.list("pipeline", { per_page: 100 });
  const stages = pipelines.data.flatMap((pl) => ((pl.stages as { name: string }[]) ?? []).map((st) => st.name.toLowerCase()));
  // ("something in Lead in": a stage whose name is also a state's word, said whole.)
  const raw = rewrite(p.raw).toLowerCase();
  return (
    words.some((w) => stages.includes(w) || stages.includes(w.replace(/\s+stage$/, ""))) ||
    stages.some((st) => st.includes(" ") && new RegExp(`\\b${st.replace(/[^a-z0-9 ]/g, ".")}\\b`).test(raw))
  );
}

/** The resource whose records have the name a change names ("move Acme expansion to proposal"): the first with a match. */
async function whichResource(s: Session, p: Parsed, action: Action): Promise<string | undefined> {
  const name = p.quoted[0] ?? p.phrases.find((ph) => ph.prep !== "to" && ph.prep !== "as")?.text;
  if (!name) return undefined;
  const order = action === "stage" ? ["deal", "candidate", "contact"] : ["account", "contact", "deal", "candidate", "job", "sequence"];
  // "rate John 5 stars": only records with the fields being set are candidates; those first.
  const setting = p.fields.flatMap((f) => FIELD_WORDS_INDEX.get(f.words) ?? []);
  const holds = (resource: string) => setting.some((f) => f in properties(s.tool(resource, "update")));
  if (setting.length > 0) order.sort((a, b) => Number(holds(b)) - Number(holds(a)));
  for (const resource of order) {
    if (setting.length > 0 && !holds(resource) && order.some(holds)) continue;
    const needed = action === "delete" ? "delete" : action === "stage" ? "list" : "update";
    if (!s.tool(resource, "list") || !s.tool(resource, needed)) continue;
    let page = await s.list(resource, { q: name, per_page: 2 });
    // A person's full name is searched by its first word, then kept by the whole name.
    if (page.data.length === 0 && /\s/.test(name)) {
      // A person's full name is searched by its first word; "Hooli data migration" is "Hooli Cloud: Data migration", every word in it.
      // (The whole first page, when it holds every record, is the one the change's own lookup reads next: no call twice.)
      const all = await s.list(resource, { per_page: 100 });
      const byWord = all.meta.total <= all.data.length ? all : await s.list(resource, { q: name.split(/\s+/)[0], per_page: 100 });
      const words = name.toLowerCase().split(/\s+/);
      page = {
        data: byWord.data.filter((i) => labelOf(i).toLowerCase() === name.toLowerCase() || words.every((w) => labelOf(i).toLowerCase().includes(w))),
        meta: byWord.meta,
      };
    }
    if (page.data.length > 0) return resource;
  }
  return undefined;
}

/** "... and update the amount to 35k": a value set beside a move. */
const ALSO_SET =
  /\b(?:and|then|\+)\s+(?:also\s+)?(?:update|set|change|make|bump|put)\s+(?:the\s+|its\s+)?(?:amount|value|deal\s+size|size|close\s+date|expected\s+close(?:\s+date)?|due\s+date)\s+(?:to|at)\b/i;

const DUPLICATES =
  /\b(?:duplicates?|duplicated|dupes?|dups|appears?\s+(?:more\s+than\s+once|twice)|listed\s+(?:twice|more\s+than\s+once)|double\s+entries|same\s+name)\b/;

/** The request a message makes, or the earlier request it completes (an answer to the question asked). */
function carriedOf(pending: PendingQuestion | null, message: string): Carried {
  const fresh = { message, choices: {} };
  if (!pending) return fresh;
  const earlier = pending.intent as Partial<Carried>;
  if (typeof earlier.message !== "string") return fresh;
  const choices = { ...(earlier.choices ?? {}) };
  if (pending.options.length > 0) {
    const picked = pickOption(pending, message);
    if (!picked) return fresh;
    return { message: earlier.message, choices: { ...choices, [pending.slot]: picked.id, [`${pending.slot}:label`]: picked.label } };
  }
  // A free answer ("12k", "end of April") completes the request; a new request replaces it.
  if (message.trim().split(/\s+/).length > 6) return fresh;
  return { message: earlier.message, choices: { ...choices, [pending.slot]: message.trim() } };
}

/**
 * Several records to create, in order: the first (the company) must be made before the rest (its people) refer to
 * it, so a question or a refusal there stops the whole; one about a person is answered beside the others.
 * (A company already there is not made twice: its people join it.)
 */
async function planEach(s: Session, lang: Language, { company, domain, people }: CompanyAndPeople, now: Date): Promise<string> {
  const create = s.tool("account", "create");
  if (!create) throw new Stop({ content: "I cannot create accounts: no tool for it is available to this API key. Nothing changed." });
  const page = await s.list("account", { q: company, per_page: 5 });
  const existing = page.data.find((a) => labelOf(a).toLowerCase() === company.toLowerCase());
  const account = existing ?? ((await s.call(create, { name: company, ...(domain ? { domain } : {}) }, `create the account ${company}`)) as Item);
  // The people name the company as it was said: found without another search.
  s.carried.choices[`account:${company.toLowerCase()}`] = account.id;
  s.carried.choices[`account:${company.toLowerCase()}:label`] = labelOf(account);
  const answers = [
    existing
      ? `${labelOf(existing)} is already an account: its people join it.`
      : `Created account ${labelOf(account)}${domain ? ` (${domain})` : ""}: ${account.id}.`,
  ];
  if (people.length > 0) answers.push(await inTurn(s, lang, people, now, "\n"));
  return answers.join("\n");
}

/** A question that stopped (nothing found, or a question back) still answers in words, beside the others. */
function stopped(error: unknown): string {
  if (error instanceof Stop) return error.reply.content;
  throw error;
}

/** Several requests of one message, planned in turn; one that stops (a question back) still answers beside the rest. */
async function inTurn(session: Session, lang: Language, requests: string[], now: Date, between: string): Promise<string> {
  const answers: string[] = [];
  for (const request of requests) answers.push(await plan(session, parse(lang, request, now)).catch(stopped));
  return answers.join(between);
}

/** The reply to a message (the request it makes, or the earlier one it completes), in words. */
async function answer(session: Session, lang: Language, carried: Carried, now: Date): Promise<string> {
  // A company and its people in one message: the company made first, then a request per person.
  // (Their addresses are new: none is looked up as a name.)
  const several = Object.keys(carried.choices).length > 0 ? undefined : companyAndPeople(carried.message);
  if (several) return planEach(session, lang, several, now);
  carried.message = await namesForAddresses(session, carried.message);
  // Answers given to questions (a missing value) join the request as if said in it.
  const extra = Object.entries(carried.choices)
    .filter(([k]) => k.startsWith("field:"))
    .map(([, v]) => v)
    .join(" ");
  // Rewriting may make one message two questions ("which is bigger, what Oscorp owes or what Initech owes").
  const whole = rewritten(carried.message);
  // Two changes in one message ("mark it lost, and take Emma off the follow-up emails"): each made in turn.
  const requests = extra ? [] : requestsOf(whole);
  if (requests.length > 1) return inTurn(session, lang, requests, now, "\n");
  // "mark INV-12 and INV-11 as paid": the same change to each record numbered, made in turn.
  // (Read only when the message names several records: most say one, and reading the request costs a pass.)
  const each = extra || !saysSeveral(whole) ? [] : eachNumbered(focus(lang, whole));
  if (each.length > 1) return inTurn(session, lang, each, now, "\n");
  const again = extra ? [] : questionsOf(whole);
  // (A follow-up seen only once rewritten, "On the Globex thing, what do they owe, and how late is their oldest",
  // is left out there too: the first question's answer lists its records.)
  // (A question that says nothing once read, "cash check, am I on track?", is no question of its own.)
  const own = questionsOf(carried.message).filter((q, _, all) => all.length === 1 || rewritten(q).trim() !== "");
  const topicFirst = /^[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*,\s/.test(again[0] ?? "");
  const questions =
    again.length > 1 ? again : extra ? [carried.message] : topicFirst && own.length === 1 && own[0] === carried.message && again[0] !== whole ? again : own;
  // Two questions in one message ("how many hires this year, and how many open jobs?"): each answered in turn.
  if (questions.length > 1) return inTurn(session, lang, questions, now, "\n\n");
  // A follow-up about the same records ("..., and who are they") is left out: the answer names them.
  const message = questions[0]!;
  const parsed = parse(lang, message, now);
  const withAnswers = extra ? { ...parse(lang, `${message} ${extra}`, now), phrases: parsed.phrases } : parsed;
  return plan(session, withAnswers);
}

export function offlinePlanner(): Planner {
  return {
    describe,
    async reply(turn: PlannerTurn): Promise<PlannerReply> {
      const lang = await loadLanguage();
      const said = carriedOf(turn.pending, turn.message);
      const carried = { ...said, message: spoken(said.message) };
      const session = new Session(turn, catalogOf(turn.tools.available), carried, catalogOf(turn.tools.all));
      let result: Omit<PlannerReply, "steps">;
      try {
        result = { content: await answer(session, lang, carried, turn.now) };
      } catch (error) {
        if (!(error instanceof Stop)) throw error;
        result = error.reply;
      }
      for (const line of result.content.split(/(?<=\n)/)) turn.text(line);
      return { ...result, steps: 1 };
    },
  };
}

export { describe };
