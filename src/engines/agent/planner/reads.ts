import { capitalize, labelOf, lineOf, listText, money, personName, plural, SCREEN, sums, sumText, type Item, type Page } from "./answer.ts";
import { enumValues, properties } from "./catalog.ts";
import { filtersFor, type Query } from "./filters.ts";
import type { Parsed } from "./parse.ts";
import { noneFound, Stop, toldApart, type Found, type Session } from "./resolve.ts";
import { AVERAGE, likeness, SORT_ASKED } from "./lexicon.ts";

/** Pages a sum reads at most (100 records each): a turn makes a bounded number of calls. */
const SUM_PAGES = 5;
const OWED = /\b(owe[sd]?|owing|outstanding|unpaid|receivables?|collect|balance|waiting (?:on|for)|expecting|still\s+(?:got\s+)?to\s+pay)\b/i;

/** Up to SUM_PAGES full pages of a list, and the list's total. */
async function pages(s: Session, resource: string, query: Record<string, unknown>): Promise<{ items: Item[]; total: number }> {
  const items: Item[] = [];
  let total = 0;
  for (let page = 1; page <= SUM_PAGES; page++) {
    const got = await s.list(resource, { ...query, per_page: 100, page });
    items.push(...got.data);
    total = got.meta.total;
    if (items.length >= total || got.data.length === 0) break;
  }
  return { items, total };
}

const noun = (resource: string) => resource.replace(/_/g, " ");

/** Words for a sort field, as its list names it. */
const SORT_WORDS: [RegExp, string[]][] = [
  [/^(?:amount|size|value|price|total|deal\s+size|money|worth)$/, ["amount"]],
  [/^(?:close|closing|expected\s+close|close\s+date|closing\s+date|expected\s+close\s+date)$/, ["expected_close_date"]],
  [/^(?:due|due\s+date|deadline|date\s+due)$/, ["due_date"]],
  [/^(?:date|date\s+added|created|creation\s+date|age|newest|recent|when\s+(?:added|created))$/, ["created_at"]],
  [/^(?:last\s+update|updated|last\s+updated|update|activity)$/, ["updated_at"]],
  [/^(?:rating|score|stars?)$/, ["rating"]],
  [/^(?:name|names|alphabetically|in\s+alphabetical\s+order|a\s*-\s*z|z\s*-\s*a|title)$/, ["name", "title", "last_name", "client"]],
  [/^(?:last\s+name|surname|family\s+name)$/, ["last_name"]],
  [/^(?:first\s+name)$/, ["first_name"]],
  [/^(?:client|customer|company)$/, ["client", "name"]],
  [/^(?:revenue|annual\s+revenue|turnover)$/, ["annual_revenue"]],
  [/^(?:employees|headcount|employee\s+count|staff)$/, ["employee_count"]],
  [/^(?:number|invoice\s+number)$/, ["number"]],
  [/^(?:stage\s+change|last\s+stage\s+change|time\s+in\s+stage)$/, ["stage_changed_at"]],
];
const DESCENDING_FIRST = new Set(["amount", "rating", "annual_revenue", "employee_count", "created_at", "updated_at", "closed_at", "stage_changed_at"]);

/** The list's sort for the order a request asks ("-amount"), when its list sorts by that field. */
export function sortAsked(s: Session, resource: string, raw: string): string | undefined {
  const m = SORT_ASKED.exec(raw);
  if (!m) return undefined;
  const said = (m[1] ?? m[2] ?? m[3]!).trim().toLowerCase().replace(/\s+/g, " ");
  const fields = SORT_WORDS.find(([words]) => words.test(said))?.[1] ?? [said.replace(/\s+/g, "_")];
  const field = fields.find((f) => sortable(s, resource, f));
  if (!field) return undefined;
  const way = (m[4] ?? "").toLowerCase();
  const down =
    /^desc|^(?:highest|biggest|largest|most|newest|latest)|^high\s+to/.test(way) || /^z\s*-\s*a$/.test(said)
      ? true
      : /^asc|^(?:lowest|smallest|least|oldest|earliest|soonest)|^low\s+to/.test(way)
        ? false
        : DESCENDING_FIRST.has(field);
  return `${down ? "-" : ""}${field}`;
}

/** Whether a resource's list sorts by the field (its sort parameter says so). */
export function sortable(s: Session, resource: string, field: string): boolean {
  const sort = properties(s.tool(resource, "list")).sort as { description?: string } | undefined;
  return new RegExp(`\\b${field}\\b`).test(sort?.description ?? "");
}

/**
 * "the three largest open deals, ranked by amount", "how many days": words of the question taken as a name to
 * search for. When nothing matches them, they are left out, so the question is answered rather than "none matching".
 */
async function withoutLooseWords(s: Session, resource: string, query: Record<string, unknown>, said: string[], loose: Query["loose"]): Promise<void> {
  if (loose.length === 0) return;
  const probe = await s.list(resource, { ...query, per_page: 1 });
  if (probe.meta.total > 0) return;
  for (const { key, said: words } of loose) {
    delete query[key];
    said.splice(said.indexOf(words), 1);
  }
}

/** "whatever its current status", "paid or not": every invoice the span holds, not only those still owed. */
const ANY_STATUS =
  /\b(?:whatever|regardless\s+of|irrespective\s+of|any|all|every)\s+(?:its\s+|their\s+|the\s+)?(?:current\s+)?status(?:es)?\b|\bpaid\s+or\s+(?:not|unpaid)\b/i;
/** "Has Pied Piper paid their invoice yet?", "is the Globex deal won?": whether records are in a state, asked yes or no. */
const YES_OR_NO = /^\s*(?:has|have|is|are|did|was|were)\b/i;

/** A read over one resource: list, count, sum or top, filtered by what the request names. */
export async function read(s: Session, p: Parsed, resource: string): Promise<string> {
  if (!s.tool(resource, "list")) throw new Stop({ content: `This API key cannot read ${noun(resource)}s.` });
  const byId = p.ids.find((i) => i.resource === resource);
  const get = s.tool(resource, "get");
  if (byId && get) return showOne((await s.call(get, { [`${resource}_id`]: byId.id })) as Item);
  if (resource === "invoice" && p.numbers.length > 0) {
    const found = await s.find("invoice", p.numbers[0]!.raw, { write: false });
    const item = found.item ?? ((await s.call(s.tool("invoice", "get")!, { invoice_id: found.id })) as Item);
    return showInvoice(item);
  }
  // "total candidates from LinkedIn": a total of records without money is their count.
  if (p.action === "sum" && !("amount[gte]" in properties(s.tool(resource, "list")))) p = { ...p, action: "count" };
  const share = SHARE.test(p.raw);
  const phrases = share ? p.phrases.filter((ph) => !SHARE_WORDS.test(ph.text)) : p.phrases;
  const { query, said, unplaced, stated, loose } = await filtersFor(s, p, resource, phrases);
  if (unplaced.length > 0) return `I could not place “${unplaced.map((u) => u.text).join("”, “")}” in a search of ${noun(resource)}s. ${nearest(s, resource)}`;
  await withoutLooseWords(s, resource, query, said, loose);
  if (share && (query.stage !== undefined || query.status !== undefined)) return shareOf(s, resource, query, said);
  // Owing, and "due before Christmas", are about invoices still to be paid.
  // "when is the workshop invoice due" names no span: the invoice may be a draft.
  const spanned = p.dates.gte !== undefined || p.dates.lt !== undefined || p.dates.day !== undefined;
  const owed =
    resource === "invoice" &&
    (OWED.test(p.raw) || OWED.test(p.said ?? "") || (p.dates.hint === "due" && spanned && !ANY_STATUS.test(p.raw))) &&
    query.status === undefined;
  if (owed) {
    query.status = "open,overdue";
    said.unshift("unpaid");
  }
  const where = said.length > 0 ? ` ${said.join(" ")}` : "";
  // "2 invoices are overdue", "1 job is open": a state reads with its verb.
  const be = (n: number) => (stated || owed ? (n === 1 ? " is" : " are") : "");
  // "how much have we collected": what every invoice has been paid so far, part payments included.
  const collected = resource === "invoice" && p.action === "sum" && /\b(?:collected|received|brought\s+in|bring\s+in|taken\s+in|lodged|banked)\b/i.test(p.raw);
  if (collected) {
    if (query.status === "paid") {
      delete query.status;
      said.splice(0, said.length, ...said.filter((w) => w !== "paid"));
    }
    query["amount_paid[gt]"] = 0;
  }
  const moneyField = collected
    ? "amount_paid"
    : resource === "invoice" && (owed || /^(open|overdue|open,overdue)$/.test(String(query.status ?? "")))
      ? "amount_due"
      : "amount";

  if (p.action === "sum") {
    // "the largest deals in Negotiation, with their total": in that order.
    const order = p.top && sortable(s, resource, "amount") ? (p.ascending ? "amount" : "-amount") : sortable(s, resource, "due_date") ? "due_date" : undefined;
    const { items, total } = await pages(s, resource, { ...query, ...(order ? { sort: order } : {}) });
    const debtor = owed && typeof query.account_id === "string" ? s.labels.get(query.account_id) : undefined;
    if (total === 0) return debtor ? `${debtor} owes nothing: no open invoices.` : `No ${noun(resource)}s${where}: nothing to add up.`;
    if (debtor && items.length === total) {
      const late = items.filter((i) => i.status === "overdue");
      const overdue = late.length > 0 ? ` ${late.length} overdue (${sumText(sums(late, "amount_due"))}).` : " None is overdue.";
      return `${debtor} owes ${sumText(sums(items, "amount_due"))} on ${plural(total, "open invoice")}.${overdue}\n${listText({ data: items, meta: { total } })}`;
    }
    // "the average deal size": each currency's mean over the records read.
    if (AVERAGE.test(p.raw) && items.length === total) {
      const means = sums(items, moneyField).map((x) => {
        const n = items.filter((i) => String(i.currency ?? "") === x.currency && i[moneyField] !== null && i[moneyField] !== undefined).length;
        return `${money(Math.round((x.amount / n) * 100) / 100, x.currency)} (over ${plural(n, noun(resource))})`;
      });
      return `The average ${noun(resource)}${where}${moneyField === "amount_due" ? " still due" : moneyField === "amount_paid" ? " collected" : ""}: ${means.join(", ")}.`;
    }
    const sum = sumText(sums(items, moneyField));
    const partial = items.length < total ? ` (the first ${items.length} of ${total}; ask with a narrower filter for the rest)` : "";
    const what = moneyField === "amount_due" ? " due" : moneyField === "amount_paid" ? " collected" : "";
    return `${capitalize(plural(total, noun(resource)))}${be(total)}${where}: ${sum}${what} in all${partial}.\n${listText({ data: items, meta: { total } })}`;
  }
  const top = p.action === "top";
  // The largest by what is still due has no sort of its own: read them all (100) and sort here.
  const byDue = top && moneyField === "amount_due";
  // "the strongest applicant", "going by their ratings": the top by rating where records have one.
  const byRating = top && sortable(s, resource, "rating") && !sortable(s, resource, "amount");
  const asked = sortAsked(s, resource, p.raw);
  const sort = asked
    ? asked
    : byRating
      ? p.ascending
        ? "rating"
        : "-rating"
      : top && !byDue && sortable(s, resource, "amount")
        ? p.ascending
          ? "amount"
          : "-amount"
        : resource === "invoice" && sortable(s, resource, "due_date") && query.status
          ? "due_date"
          : undefined;
  // "which one is the biggest": one.
  const one = p.plural === false || /\bwhich\s+one\b/i.test(p.raw);
  const perPage = Math.min(100, Math.max(1, p.top ?? (top ? (one ? 1 : 5) : SCREEN)));
  // A list of money reads a full page (one call either way), so its sum is exact whenever it fits.
  const money_ = properties(s.tool(resource, "list"))["amount[gte]"] !== undefined;
  const page = await s.list(resource, {
    ...query,
    per_page: byDue || (money_ && !top) ? 100 : byRating ? Math.max(perPage, 10) : perPage,
    ...(sort ? { sort } : {}),
  });
  if (byDue) page.data = page.data.sort((a, b) => (Number(b.amount_due) - Number(a.amount_due)) * (p.ascending ? -1 : 1)).slice(0, perPage);
  // Ratings are a few stars: those tied with the last one shown are shown too.
  if (byRating) page.data = page.data.filter((i, n) => n < perPage || i.rating === page.data[perPage - 1]?.rating);
  // "where's catherine johnson at": a name searched for and not found, misspelt or misheard, is its nearest record.
  if (page.meta.total === 0 && typeof query.q === "string" && Object.keys(query).every((k) => k === "q" || k === "status")) {
    const near = await s.find(resource, query.q, { write: false }).catch(noneFound);
    if (near?.item && near.label.toLowerCase() !== query.q.toLowerCase()) {
      await decorate(s, resource, [near.item], query);
      return `(I took “${query.q}” as ${near.label}.) ${p.asked.length > 0 ? answerFields(near.item, p.asked) : showOne(near.item)}`;
    }
  }
  await decorate(s, resource, page.data, query);
  if (p.asked.length > 0 && page.data.length === 1) return answerFields(page.data[0]!, p.asked);
  const total = page.meta.total;
  // Asked whether they are in a state, and none is: "no", and the records as they are.
  if (total === 0 && query.status !== undefined && p.action === "list" && YES_OR_NO.test(p.said ?? p.raw) && (p.states.length > 0 || p.groups.length > 0)) {
    const rest = await read(s, { ...p, states: [], groups: [], to: undefined }, resource);
    if (!rest.startsWith("No ")) return `No: none is ${String(query.status).replace(/,/g, " or ")}. ${rest}`;
  }
  if (total === 0) return `No ${noun(resource)}s${be(2)}${where}.`;
  const figure =
    money_ && page.data.some((i) => i.currency)
      ? `, ${sumText(sums(page.data, moneyField))}${moneyField === "amount_due" ? " due" : ""} ${total > page.data.length ? `on the first ${page.data.length}` : "in all"}`
      : "";
  if (total === 1 && page.data[0]) return `${capitalize(plural(1, noun(resource)))}${be(1)}${where}: ${showOne(page.data[0])}`;
  if (top)
    return `The ${Math.min(page.data.length, total) === 1 ? "" : `${Math.min(page.data.length, total)} `}${byRating ? (p.ascending ? "lowest-rated" : "highest-rated") : p.ascending ? "smallest" : "largest"} ${Math.min(page.data.length, total) === 1 ? noun(resource) : `${noun(resource)}s`}${where} (of ${total}):\n${listText({ data: page.data, meta: { total: page.data.length } })}`;
  return `${capitalize(plural(total, noun(resource)))}${be(total)}${where}${figure}:\n${listText(page, p.top ?? SCREEN)}`;
}

function showInvoice(i: Item): string {
  const paid = Number(i.amount_paid) > 0 ? `, ${money(Number(i.amount_paid), String(i.currency))} paid` : "";
  return `${String(i.number)} for ${String(i.client)}: ${money(Number(i.amount), String(i.currency))}${paid}, ${money(Number(i.amount_due), String(i.currency))} due ${String(i.due_date)}; status ${String(i.status)}${Number(i.days_overdue) > 0 ? ` (${String(i.days_overdue)} days overdue)` : ""}. (${i.id})`;
}

/** Names for the ids a record holds, so replies name them: a deal's stage, an enrollment's contact. */
async function decorate(s: Session, resource: string, items: Item[], query: Record<string, unknown> = {}): Promise<void> {
  if (items.length === 0) return;
  if (resource === "deal" && items.some((i) => i.stage_id) && s.tool("pipeline", "list")) {
    const pipelines = await s.list("pipeline", { per_page: 100 });
    const names = new Map(pipelines.data.flatMap((pl) => ((pl.stages as Item[]) ?? []).map((st) => [st.id, String(st.name)] as const)));
    for (const i of items) if (names.has(String(i.stage_id))) i.stage = names.get(String(i.stage_id));
  }
  // A candidate's line says which job they are up for.
  // (A list for one job says it once, in its heading.)
  if (resource === "candidate" && query.job_id === undefined && items.some((i) => i.job_id) && s.tool("job", "list")) {
    const jobs = await s.list("job", { per_page: 100 });
    const titles = new Map(jobs.data.map((j) => [j.id, String(j.title)] as const));
    for (const i of items) if (titles.has(String(i.job_id))) i.job = titles.get(String(i.job_id));
  }
  if (resource === "enrollment" && items.some((i) => i.contact_id) && s.tool("contact", "list")) {
    const contacts = await s.list("contact", { per_page: 100 });
    const names = new Map(contacts.data.map((c) => [c.id, personName(c)] as const));
    for (const i of items) if (names.has(String(i.contact_id))) i.name = names.get(String(i.contact_id));
  }
}

const ASKED_FIELDS: Record<string, string[]> = {
  email: ["email"],
  "e-mail": ["email"],
  title: ["title"],
  phone: ["phone"],
  // (A contact's stage is its lifecycle stage.)
  stage: ["stage", "status", "lifecycle_stage"],
  status: ["status", "stage"],
  domain: ["domain", "website"],
  website: ["website", "domain"],
  industry: ["industry"],
  location: ["location", "country"],
  country: ["country"],
  department: ["department"],
  source: ["source"],
  rating: ["rating"],
  amount: ["amount"],
  owner: ["owner"],
  balance: ["amount_due"],
};

/** "what's Leo Andersen's email?": the fields asked, of one record. */
export function answerFields(i: Item, asked: string[]): string {
  const parts = asked.flatMap((a) => {
    const field = (ASKED_FIELDS[a] ?? [a]).find((f) => i[f] !== undefined && i[f] !== null);
    if (!field) return [`no ${a} on record`];
    const value = field === "amount" || field === "amount_due" ? money(Number(i[field]), String(i.currency)) : String(i[field]);
    // An overdue invoice's status says how late it is.
    const late = field === "status" && Number(i.days_overdue) > 0 ? ` (${String(i.days_overdue)} days overdue)` : "";
    // An open deal's stage says when it is expected to close.
    const closing =
      /^stage/.test(field) && i.status === "open" && typeof i.expected_close_date === "string" ? `, expected to close ${i.expected_close_date}` : "";
    // "the status of the Hooli deal": where it is in the pipeline says more than "open".
    const stage = field === "status" && i.stage_id && typeof i.stage === "string" && i.stage !== value ? `, in ${i.stage}` : "";
    return [`${a} ${value}${stage}${late}${closing}`];
  });
  // (A candidate is told with the job they applied for: one person may be up for two.)
  const applied = typeof i.job === "string" ? ` (for ${i.job})` : "";
  return `${labelOf(i)}${applied}: ${parts.join(", ")}. (${i.id})`;
}

/** One record, as a person would want it read back. */
export function showOne(i: Item): string {
  if (i.number && i.client) return showInvoice(i);
  return `${lineOf(i).slice(2)}. (${i.id})`;
}

/** The closest thing the planner can do with a resource, offered when it could not place part of a request. */
export function nearest(s: Session, resource: string): string {
  const ops = Object.keys(s.catalog.get(resource) ?? {});
  const can = ops.filter((o) => ["list", "create", "update", "delete"].includes(o));
  return can.length > 0 ? `I can ${can.join(", ")} ${noun(resource)}s: name a state, an amount, a date or a name it has.` : "";
}

export async function events(s: Session, p: Parsed): Promise<string> {
  const page = await s.list("event", { per_page: p.top ?? SCREEN });
  if (page.meta.total === 0) return "Nothing has happened yet.";
  return `The last ${page.data.length} events (of ${page.meta.total}):\n${page.data.map((e) => `- ${String(e.timestamp ?? e.created_at)} ${String(e.type)} ${String((e.data as { object?: { id?: string } })?.object?.id ?? "")}`).join("\n")}`;
}

/** A record whatever it is ("show Cara Diaz"): searched in each resource the key may read. */
export async function anything(s: Session, name: string, asked: string[] = []): Promise<string> {
  const hits: { resource: string; item: Item }[] = [];
  // A person is named by two words ("Ava Chen", "ava chen"); "Blue Sun Freight", "the Tyrell platform rollout" are not.
  const person = /^[\p{L}'’.-]+\s+[\p{L}'’-]+$/u.test(name.trim());
  // (An invoice's client may be a company with no account: searched before the kinds a name less often is.)
  const order = ["candidate", "contact", "account", "invoice", "deal", "job", "sequence"];
  // "what's Tyrell's website": first the records that have the field asked about (by their schemas).
  const holds = (resource: string) =>
    asked.some((a) => (ASKED_FIELDS[a] ?? [a]).some((f) => f in properties(s.tool(resource, "update") ?? s.tool(resource, "create"))));
  if (asked.length > 0) order.sort((a, b) => Number(holds(b)) - Number(holds(a)));
  else {
    const account = await accountNamed(s, name);
    if (account) return account;
  }
  const spreadFirst = !person && /\s/.test(name.trim());
  for (const resource of order) {
    if (!s.tool(resource, "list")) continue;
    // Every kind searched costs a call or two: what the turn's limit leaves unsearched is said, not failed on.
    if (s.turn.tools.callsLeft() < 1) break;
    // "the tyrell platform rollout": words spread over a deal's or a job's name, read before the kinds left.
    if (resource === "deal" && spreadFirst) {
      hits.push(...(await spreadOver(s, name, ["deal", "job"])));
      if (hits.length > 0) break;
    }
    let page: Page = await s.list(resource, { q: name, per_page: 5 });
    // Search matches one column at a time: a person's full name is found by its first word (a surname misspelt,
    // "Isla Hadad", by its likeness, as a name is found for a change).
    if (page.data.length === 0 && person && (resource === "candidate" || resource === "contact") && s.turn.tools.callsLeft() > 2) {
      const byWord = await s.list(resource, { q: name.split(/\s+/)[0], per_page: 100 });
      page = { data: byWord.data.filter((i) => likeness(labelOf(i), name) >= 0.85), meta: { total: 0 } };
    }
    for (const item of page.data) hits.push({ resource, item });
    if (hits.length > 0) break;
  }
  // "the tyrell platform rollout": its words spread over a record's name ("Tyrell Biotech: Platform rollout").
  if (hits.length === 0 && !spreadFirst && s.turn.tools.callsLeft() >= 2) hits.push(...(await spreadOver(s, name, ["deal", "job"])));
  if (hits.length === 0) return `I found nothing named “${name}”.`;
  // "whats lucas silva's email, the guy at initech": namesakes told apart by what else the message says of one.
  const apart =
    hits.length > 1
      ? toldApart(
          hits.map((h) => h.item),
          s.carried.message,
          name,
        )
      : undefined;
  if (apart) hits.splice(0, hits.length, hits.find((h) => h.item === apart)!);
  // "the Rhona Kerr who works at Tay Freight": namesakes told apart by the account the message names.
  else if (hits.length > 1) {
    const theirs = await atNamedAccount(s, hits, name);
    if (theirs) hits.splice(0, hits.length, theirs);
  }
  // "the Hooli Cloud thing, what stage is it at": an account has no stage; its open deals do.
  if (hits.length === 1 && hits[0]!.resource === "account" && asked.some((a) => a === "stage" || a === "status") && s.tool("deal", "list")) {
    const deals = (await s.list("deal", { account_id: hits[0]!.item.id, status: "open", per_page: 10 })).data;
    await decorate(s, "deal", deals);
    if (deals.length === 1) return answerFields(deals[0]!, ["stage"]);
    if (deals.length > 1)
      return `${labelOf(hits[0]!.item)} has ${deals.length} open deals:\n${deals.map((d) => `- ${labelOf(d)}: ${String(d.stage ?? "no stage")}`).join("\n")}`;
  }
  if (hits.length === 1 && asked.length > 0) {
    await decorate(s, hits[0]!.resource, [hits[0]!.item]);
    return answerFields(hits[0]!.item, asked);
  }
  if (hits.length === 1) {
    await decorate(s, hits[0]!.resource, [hits[0]!.item]);
    return `${capitalize(noun(hits[0]!.resource))}: ${showOne(hits[0]!.item)}`;
  }
  return `Records matching “${name}”:\n${hits.map((h) => `- ${noun(h.resource)} ${labelOf(h.item)} (${h.item.id})`).join("\n")}`;
}

/** Of people sharing a name, the one at the account the message names after "at", "from" or "with" (one call). */
async function atNamedAccount(s: Session, hits: { resource: string; item: Item }[], name: string) {
  const where =
    /\b(?:at|from|with)\s+(?:the\s+)?([\p{L}\d][\p{L}\d&'’.-]*(?:\s+[\p{L}\d][\p{L}\d&'’.-]*){0,3}?)(?=\s*(?:[,.?!)]|$|\s+-|\s+(?:and|please|pls)\b))/iu.exec(
      s.carried.message.replace(name, " "),
    )?.[1];
  if (!where || !hits.every((h) => h.item.account_id) || !s.tool("account", "list") || s.turn.tools.callsLeft() < 1) return undefined;
  const account = await s.find("account", where, { write: false }).catch(noneFound);
  const theirs = account ? hits.filter((h) => h.item.account_id === account.id) : [];
  return theirs.length === 1 ? theirs[0] : undefined;
}

/** Records of these kinds whose names hold every word said, each as the start of one of theirs. */
async function spreadOver(s: Session, name: string, resources: string[]): Promise<{ resource: string; item: Item }[]> {
  const words = name
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 1 && w !== "the");
  if (words.length < 2) return [];
  for (const resource of resources) {
    if (!s.tool(resource, "list")) continue;
    const page = await s.list(resource, { per_page: 100 });
    const fit = page.data.filter((i) => {
      const own = labelOf(i)
        .toLowerCase()
        .split(/[^a-z0-9]+/);
      return words.every((w) => own.some((o) => o.startsWith(w)));
    });
    if (fit.length > 0) return fit.map((item) => ({ resource, item }));
  }
  return [];
}

/** "which clients have overdue invoices": the clients of the invoices the request filters, each once. */
const COUNT_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10 };

/** "more than one late invoice", "2 or more", "at least three", "multiple": the fewest records a group must have. */
function leastCount(text: string): number {
  const n = (w: string) => COUNT_WORDS[w.toLowerCase()] ?? Number(w);
  const m =
    /\b(?:(more than|over|above|greater than)\s+(\d+|one|two|three|four|five|six|ten)|(at least|min(?:imum)?(?: of)?)\s+(\d+|one|two|three|four|five|six|ten)|(\d+|two|three|four|five)\s*(?:\+|or more)|(multiple|several|many))\s+(?:(?:\w+\s+){0,2}(?:invoices?|bills?|deals?|opportunit(?:y|ies)|contacts?|people)|of\s+(?:them|those|these))\b/i.exec(
      text,
    );
  if (!m) return 0;
  if (m[2]) return n(m[2]) + 1;
  if (m[4]) return n(m[4]);
  if (m[5]) return n(m[5]);
  return 2;
}

export async function clientsOf(s: Session, p: Parsed): Promise<string> {
  const { query, said, loose } = await filtersFor(s, p, "invoice", p.phrases);
  await withoutLooseWords(s, "invoice", query, said, loose);
  // What a client owes is on its invoices still to be paid.
  if (query.status === undefined && OWED.test(p.raw)) query.status = "open,overdue";
  const page = await s.list("invoice", { ...query, per_page: 100 });
  const clients = new Map<string, Item[]>();
  for (const i of page.data) clients.set(String(i.client), [...(clients.get(String(i.client)) ?? []), i]);
  const least = leastCount(p.raw);
  if (least > 1) for (const [client, items] of clients) if (items.length < least) clients.delete(client);
  const where = `${least > 1 ? ` (at least ${least})` : ""}${said.length > 0 ? ` ${said.join(" ")}` : ""}`;
  if (clients.size === 0) return `No client has invoices${where}.`;
  if (RANKED.test(p.raw)) return rankedClients(clients, p, where);
  const lines = [...clients].map(([client, items]) => `- ${client}: ${plural(items.length, "invoice")}, ${sumText(sums(items, "amount_due"))} due`);
  const partial = page.meta.total > page.data.length ? ` (from the first ${page.data.length} of ${page.meta.total} invoices)` : "";
  return `${plural(clients.size, "client")} with invoices${where}${partial}:\n${lines.join("\n")}`;
}

/** "the pipe by stage: how many open deals and what value in each": the deals a request picks, counted and summed per stage. */
export async function dealsByStage(s: Session, p: Parsed): Promise<string> {
  // ("per stage, with what each is worth": the grouping's own words name no deal.)
  const phrases = p.phrases.filter((ph) => !/^(?:per|each|every|stage|stages|worth|value|total|sum)$/i.test(ph.text));
  const { query, said, unplaced } = await filtersFor(s, { ...p, resource: "deal" }, "deal", phrases);
  if (unplaced.length > 0) return `I could not place “${unplaced.map((u) => u.text).join("”, “")}” in a search of deals. ${nearest(s, "deal")}`;
  if (query.status === undefined) query.status = "open";
  const { items, total } = await pages(s, "deal", query);
  await decorate(s, "deal", items);
  const where = said.length > 0 ? ` ${said.join(" ")}` : " open";
  if (items.length === 0) return `No deals${where}.`;
  const byStage = new Map<string, Item[]>();
  for (const i of items) byStage.set(String(i.stage ?? "no stage"), [...(byStage.get(String(i.stage ?? "no stage")) ?? []), i]);
  const lines = [...byStage].map(([stage, held]) => `- ${stage}: ${plural(held.length, "deal")}, ${sumText(sums(held, "amount"))}`);
  const partial = items.length < total ? ` (from the first ${items.length} of ${total})` : "";
  return `${capitalize(plural(items.length, "deal"))}${where} by stage, ${sumText(sums(items, "amount"))} in all${partial}:\n${lines.join("\n")}`;
}

/** "what percentage of them did we hire", "what share of the invoices are overdue": a part of the records, against all. */
const SHARE =
  /\b(?:what|which)\s+(?:percent(?:age)?|share|proportion|fraction|part)\b|\bhow\s+many\s+out\s+of\b|\b(?:percent(?:age)?|share|proportion)\s+of\b/i;
const SHARE_WORDS = /^(?:percent(?:age)?|share|proportion|fraction|part)$/i;

async function shareOf(s: Session, resource: string, query: Record<string, unknown>, said: string[]): Promise<string> {
  const { stage, status, ...all } = query;
  const [part, whole] = await Promise.all([pages(s, resource, query), pages(s, resource, all)]);
  if (whole.total === 0) return `No ${noun(resource)}s${said.length > 0 ? ` ${said.join(" ")}` : ""}.`;
  const state = String(stage ?? status).replace(/,/g, " or ");
  const rest = said.filter((w) => !w.split(/\s+/).some((x) => state.includes(x)));
  const percent = Math.round((part.total / whole.total) * 1000) / 10;
  return `${part.total} of ${plural(whole.total, noun(resource))}${rest.length > 0 ? ` ${rest.join(" ")}` : ""} ${part.total === 1 ? "is" : "are"} ${state}: ${percent}%.`;
}

/** "how many candidates at each stage for the Account Executive job": a job's funnel, from its candidates. */
export async function candidatesByStage(s: Session, p: Parsed): Promise<string> {
  const phrases = p.phrases.filter((ph) => !/^(?:per|each|every|stage|stages|hiring|funnel)$/i.test(ph.text));
  const { query, said, unplaced } = await filtersFor(s, { ...p, resource: "candidate" }, "candidate", phrases);
  if (unplaced.length > 0) return `I could not place “${unplaced.map((u) => u.text).join("”, “")}” in a search of candidates. ${nearest(s, "candidate")}`;
  const { items, total } = await pages(s, "candidate", query);
  const where = said.length > 0 ? ` ${said.join(" ")}` : "";
  if (items.length === 0) return `No candidates${where}.`;
  // The stages in the order a candidate moves through them, as the list's own filter names them.
  const order = enumValues(properties(s.tool("candidate", "list")).stage);
  const byStage = new Map<string, Item[]>();
  for (const i of items) byStage.set(String(i.stage), [...(byStage.get(String(i.stage)) ?? []), i]);
  const stages = [...byStage.keys()].sort((a, b) => (order.indexOf(a) + 1 || order.length + 1) - (order.indexOf(b) + 1 || order.length + 1));
  const lines = stages.map((stage) => {
    const held = byStage.get(stage)!;
    return `- ${stage}: ${held.length} (${held.map((i) => personName(i)).join(", ")})`;
  });
  const partial = items.length < total ? ` (from the first ${items.length} of ${total})` : "";
  return `${capitalize(plural(items.length, "candidate"))}${where} by stage${partial}:\n${lines.join("\n")}`;
}

const RANKED = /\b(?:most|largest|biggest|highest|top|rank|ranked|ranking)\b/i;

/** "accounts with no open deals", "don't have a deal": the accounts left out are the ones asked for. */
const NONE_OF =
  /\b(?:no|without|zero|lack(?:s|ing)?|(?:do|does)\s*(?:n[o']?t|n’t)\s+have|have\s+n[o']?t\s+got|haven[’']?t\s+got)\s+(?:an?\s+|any\s+)?(?:\w+\s+){0,2}?(?:deals?|opportunit(?:y|ies)|contacts?|people)\b/i;

/**
 * "which accounts have something in negotiation", "accounts with an open deal over 50k", "accounts with no open
 * deals", "accounts with at least 3 contacts": accounts by what their deals or contacts hold, read from those.
 */
export async function accountsBy(s: Session, p: Parsed, resource: "deal" | "contact"): Promise<string> {
  // ("3 or more contacts": the count is leastCount's, not a name.)
  const phrases = p.phrases.filter((ph) => ph.nounResource !== "account" && !/^\d+$/.test(ph.text));
  // ("no open deals": the "no" is of the accounts, not of the deals' state.)
  const noneSaid = NONE_OF.exec(p.said ?? p.raw)?.[0].toLowerCase();
  const none = noneSaid !== undefined;
  // ("no open deals": the state said after "no" is the deals'.)
  const stateSaid = noneSaid?.match(/\b(?:open|won|lost|closed)\b/g) ?? [];
  const states = none ? [...new Set([...p.states, ...p.without.states, ...stateSaid.map((w) => (w === "closed" ? "won" : w))])] : p.states;
  const without = none ? { ...p.without, states: [] } : p.without;
  const { query, said, unplaced } = await filtersFor(s, { ...p, resource, states, without }, resource, phrases);
  if (unplaced.length > 0) return `I could not place “${unplaced.map((u) => u.text).join("”, “")}” in a search of ${resource}s. ${nearest(s, resource)}`;
  const { items, total } = await pages(s, resource, query);
  const byAccount = new Map<string, Item[]>();
  for (const i of items) if (typeof i.account_id === "string") byAccount.set(i.account_id, [...(byAccount.get(i.account_id) ?? []), i]);
  const least = leastCount(p.raw);
  if (least > 1) for (const [id, held] of byAccount) if (held.length < least) byAccount.delete(id);
  const accounts = await pages(s, "account", {});
  const names = new Map(accounts.items.map((a) => [a.id, labelOf(a)] as const));
  const kind = `${resource}${said.length > 0 ? ` ${said.join(" ")}` : ""}`;
  const partial = items.length < total ? ` (from the first ${items.length} of ${total} ${resource}s)` : "";
  if (none) {
    const left = accounts.items.filter((a) => !byAccount.has(a.id)).map(labelOf);
    if (left.length === 0) return `Every account has a ${kind}${partial}.`;
    return `${plural(left.length, "account")} with no ${kind}${partial}:\n${left.map((n) => `- ${n}`).join("\n")}`;
  }
  if (byAccount.size === 0) return `No account has a ${kind}${least > 1 ? ` (at least ${least})` : ""}.`;
  const lines = [...byAccount].map(([id, held]) => {
    const money_ = held.some((i) => i.currency) ? `, ${sumText(sums(held, "amount"))}` : "";
    return `- ${names.get(id) ?? id}: ${plural(held.length, resource)}${money_}${resource === "deal" ? ` (${held.map(labelOf).join("; ")})` : ""}`;
  });
  const counted = least > 1 ? `at least ${least} ${resource}s${said.length > 0 ? ` ${said.join(" ")}` : ""}` : `a ${kind}`;
  return `${plural(byAccount.size, "account")} with ${counted}${partial}:\n${lines.join("\n")}`;
}

/**
 * "which client owes us the most in dollars", "our three largest debtors on overdue balances": clients by what
 * they owe, in one currency (the one asked, else the one most of the invoices are in), largest first.
 */
function rankedClients(clients: Map<string, Item[]>, p: Parsed, where: string): string {
  const all = [...clients.values()].flat();
  const counts = new Map<string, number>();
  for (const i of all) counts.set(String(i.currency), (counts.get(String(i.currency)) ?? 0) + 1);
  const currency = p.currency ?? [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const owed = [...clients]
    .map(([client, items]) => {
      const mine = items.filter((i) => i.currency === currency);
      return { client, count: mine.length, due: mine.reduce((sum, i) => sum + Number(i.amount_due), 0) };
    })
    .filter((c) => c.count > 0)
    .sort((a, b) => b.due - a.due);
  const n = Math.min(owed.length, p.top ?? (p.plural ? 5 : 1));
  if (n === 0) return `No client owes anything in ${currency}${where}.`;
  const lines = owed.slice(0, n).map((c) => `- ${c.client}: ${money(c.due, currency)} due on ${plural(c.count, "invoice")}`);
  const others = counts.size > 1 && !p.currency ? ` (in ${currency}; ask for another currency by name)` : "";
  if (n === 1) return `${owed[0]!.client} owes the most${where}: ${money(owed[0]!.due, currency)} on ${plural(owed[0]!.count, "invoice")}${others}.`;
  return `The ${n} clients who owe the most${where}${others}:\n${lines.join("\n")}`;
}

/** The pipelines and their stages, in order. */
export async function stagesOf(s: Session): Promise<string> {
  const page = await s.list("pipeline", { per_page: 100 });
  if (page.data.length === 0) return "No pipelines yet: the first deal makes the default one.";
  return page.data.map((pl) => `${String(pl.name)}: ${((pl.stages as { name: string }[]) ?? []).map((st) => st.name).join(" → ")}`).join("\n");
}

/** What people do, by the words their titles hold. */
const ROLES: Record<string, RegExp> = {
  finance: /\b(?:cfo|chief financial|financ\w*|controller|comptroller|accounts? payable|ap|accounting|accountant|treasur\w*|billing|payables?)\b/i,
  procurement: /\b(?:procurement|purchasing|buyer|sourcing|vendor)\b/i,
  engineering: /\b(?:cto|chief technology|engineer\w*|developer|technical|architect|devops)\b/i,
  marketing: /\b(?:cmo|marketing|brand|growth|communications)\b/i,
  sales: /\b(?:sales|account executive|business development|cro|revenue)\b/i,
  operations: /\b(?:coo|operations|ops)\b/i,
  people: /\b(?:hr|human resources|people|talent|recruit\w*|chro)\b/i,
  legal: /\b(?:legal|counsel|attorney|lawyer|compliance)\b/i,
  data: /\b(?:data|analyst|analytics)\b/i,
  leadership: /\b(?:ceo|chief executive|founder|president|owner|managing director|gm|general manager)\b/i,
};
/** A chief's letters and the title they stand for. */
const CHIEFS: Record<string, RegExp> = {
  cfo: /\b(?:cfo|chief\s+financ\w*\s+officer)\b/i,
  ceo: /\b(?:ceo|chief\s+executive(?:\s+officer)?)\b/i,
  cto: /\b(?:cto|chief\s+techn\w*\s+officer)\b/i,
  coo: /\b(?:coo|chief\s+operati\w*\s+officer)\b/i,
  cmo: /\b(?:cmo|chief\s+marketing\s+officer)\b/i,
  cro: /\b(?:cro|chief\s+revenue\s+officer)\b/i,
};
const ROLE_WORDS: Record<string, string> = {
  finance: "finance",
  financial: "finance",
  accounting: "finance",
  billing: "finance",
  "accounts payable": "finance",
  ap: "finance",
  payments: "finance",
  payment: "finance",
  invoices: "finance",
  procurement: "procurement",
  purchasing: "procurement",
  engineering: "engineering",
  technical: "engineering",
  tech: "engineering",
  marketing: "marketing",
  sales: "sales",
  operations: "operations",
  ops: "operations",
  hr: "people",
  legal: "legal",
  data: "data",
  exec: "leadership",
  executive: "leadership",
  leadership: "leadership",
  cfo: "finance",
  controller: "finance",
  cto: "engineering",
  cmo: "marketing",
  cro: "sales",
  coo: "operations",
  ceo: "leadership",
};
const ROLE_WORD = Object.keys(ROLE_WORDS).join("|");
const ROLE_ASKED = [
  new RegExp(String.raw`\b(${ROLE_WORD})\s+(?:contact|person|people|lead|guy|gal|side|team|folks?|someone|decision[- ]makers?|buyer|owner)s?\b`, "i"),
  new RegExp(
    String.raw`\bwho\s+(?:handles|runs|looks\s+after|owns|manages|does|deals\s+with|is\s+in\s+charge\s+of|is\s+responsible\s+for|takes\s+care\s+of|signs\s+off\s+on|approves)\s+(?:the\s+|their\s+|our\s+)?(${ROLE_WORD})\b`,
    "i",
  ),
  // "whos the cfo over at northwind", "who is their controller".
  /\bwho(?:'?s|\s+is|\s+are)\s+(?:the\s+|their\s+|our\s+)?(cfo|cto|cmo|cro|coo|ceo|controller)\b/i,
  // "who is the Director of Marketing of Aperture Labs", "who's the head of finance over at Stark": a title holding the work.
  new RegExp(String.raw`\bwho(?:'?s|\s+is|\s+are)\s+(?:the\s+|their\s+|our\s+)?(?:[\w-]+\s+){0,2}?(?:of\s+|for\s+)?(${ROLE_WORD})\b`, "i"),
  // "email of financial director of Northwind": whoever directs that work.
  new RegExp(
    String.raw`\b(?:e-?mail|phone(?:\s+number)?|number|details|contact\s+details)\s+(?:for|of)\s+(?:the\s+|their\s+)?(${ROLE_WORD})\s+(?:director|manager|head|lead|officer|person|contact)\b`,
    "i",
  ),
  // "the CFO's email at Stark": the same, said with a possessive.
  /\b(cfo|cto|cmo|cro|coo|ceo|controller)['’]s\s+(?:e-?mail|phone(?:\s+number)?|number|details|contact\s+details)\b/i,
  // "the email for the cfo at northwind": how to reach whoever does that work.
  /\b(?:e-?mail|phone(?:\s+number)?|number|details|contact\s+details)\s+(?:for|of)\s+(?:the\s+|their\s+)?(cfo|cto|cmo|cro|coo|ceo|controller)\b/i,
  // "who do I chase for payment at Aperture Labs": whoever pays.
  new RegExp(
    String.raw`\bwho\s+(?:do|should|can|would)\s+(?:i|we)\s+(?:chase|contact|email|call|ask|speak\s+to|talk\s+to|send\s+\w+\s+to)\s+(?:for|about|re|regarding)\s+(?:the\s+)?(${ROLE_WORD})\b`,
    "i",
  ),
];

/** The kind of work a question asks people by ("the finance contact", "who handles procurement"), if any. */
export function roleAsked(raw: string): string | undefined {
  for (const form of ROLE_ASKED) {
    const m = form.exec(raw);
    if (m) return ROLE_WORDS[m[1]!.toLowerCase()];
  }
  return undefined;
}

const wholeWords = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;

/** The contacts at an account whose titles say they do that work; all its contacts when none does. */
export async function peopleWhoDo(s: Session, role: string, at: { text: string }, said = ""): Promise<string> {
  const account = await s.find("account", at.text, { write: false });
  const page = await s.list("contact", { account_id: account.id, per_page: 100 });
  // ("the Account Executive at Globex": a title said whole names its holders before any family of titles; only in
  // the sentence that asks, not in "... I don't want to bother their CEO with it".)
  const asking = said.split(/(?<=[.?!])\s+/).find((x) => x.toLowerCase().includes(at.text.toLowerCase())) ?? said;
  const titled = page.data.filter((c) => typeof c.title === "string" && c.title.length > 1 && wholeWords(asking).includes(wholeWords(c.title)));
  // ("the CFO": a chief's letters name the one whose title spells them out, before the rest of that work's people.)
  const chief = Object.entries(CHIEFS).find(([letters]) => new RegExp(`\\b${letters}\\b`, "i").test(asking))?.[1];
  const chiefs = chief ? page.data.filter((c) => chief.test(String(c.title ?? ""))) : [];
  const named = titled.length > 0 ? titled : chiefs;
  const doers = named.length > 0 ? named : page.data.filter((c) => ROLES[role]!.test(String(c.title ?? "")));
  if (doers.length > 0)
    return `${named.length > 0 ? String(named[0]!.title) : capitalize(role)} at ${account.label}: ${plural(doers.length, "contact")}.\n${listText({ data: doers, meta: { total: doers.length } })}`;
  if (page.data.length === 0) return `${account.label} has no contacts yet.`;
  return `No contact at ${account.label} has ${/^[aeiou]/.test(role) ? "an" : "a"} ${role} title. Its contacts:\n${listText(page)}`;
}

/** "is Leo Andersen in any sequence?": the sequences a person is enrolled in, by their enrollments. */
const ANY_SEQUENCE =
  /\b(?:is|are|was)\s+(.+?)\s+(?:already\s+|currently\s+|still\s+)?(?:in|enrolled\s+in|on|part\s+of|getting)\s+(?:any|a|some|the|one\s+of\s+the|one\s+of\s+our|our)\s+(?:sequences?|cadences?|campaigns?|drips?)\b|\b(?:which|what)\s+(?:sequences?|cadences?|campaigns?)\s+(?:is|are)\s+(.+?)\s+(?:in|enrolled\s+in|on)\b/i;
export const sequencesAsked = (raw: string) => {
  const m = ANY_SEQUENCE.exec(raw);
  return m ? (m[1] ?? m[2])!.trim() : undefined;
};
/** "Lucas Silva at Initech": the one of that name whose account it is. */
async function atAccount(s: Session, name: string): Promise<{ id: string; label: string } | undefined> {
  const at = /^(.+?)\s+at\s+(.+)$/.exec(name);
  if (!at || !s.tool("account", "list")) return undefined;
  const account = await s.find("account", at[2]!, { write: false });
  const page = await s.list("contact", { q: at[1]!, account_id: account.id, per_page: 5 });
  return page.data.length === 1 ? { id: page.data[0]!.id, label: `${labelOf(page.data[0]!)} at ${account.label}` } : undefined;
}
/** "is anyone at Globex still getting the follow-up emails? who?": the account's people with an active enrollment. */
export async function enrolledAt(s: Session, account: Found, sequenceName?: string): Promise<string> {
  const people = new Map((await s.list("contact", { account_id: account.id, per_page: 100 })).data.map((c) => [c.id, personName(c)] as const));
  const all = (await s.list("sequence", { per_page: 100 })).data;
  const named = sequenceName ? all.filter((q) => labelOf(q).toLowerCase() === sequenceName.toLowerCase()) : [];
  // A turn's calls are few: the first sequences are read, and the answer says when there were more.
  const sequences = named.length > 0 ? named : all;
  const read = sequences.slice(0, 5);
  const inIt = new Map<string, string[]>();
  for (const seq of read) {
    const page = (await s.call(s.tool("enrollment", "list")!, { sequence_id: seq.id, status: "active", per_page: 100 })) as Page;
    for (const e of page.data) {
      const who = people.get(String(e.contact_id));
      if (who) inIt.set(who, [...(inIt.get(who) ?? []), labelOf(seq)]);
    }
  }
  const unread = sequences.length - read.length;
  const rest = unread > 0 ? ` (${plural(unread, "more sequence")} not checked; ask about one by name)` : "";
  const where = named.length > 0 ? ` in ${labelOf(named[0]!)}` : inIt.size === 0 ? " in any sequence" : " in a sequence";
  if (inIt.size === 0) return `No one at ${account.label} is active${where}${rest}.`;
  const lines = [...inIt].map(([who, seqs]) => `- ${who}: ${seqs.join(", ")}`);
  return `${inIt.size} ${inIt.size === 1 ? "person" : "people"} at ${account.label} ${inIt.size === 1 ? "is" : "are"} active${where}${rest}:\n${lines.join("\n")}`;
}

export async function sequencesOfContact(s: Session, name: string): Promise<string> {
  const person = (await atAccount(s, name)) ?? (await s.find("contact", name, { write: false }));
  const sequences = (await s.list("sequence", { per_page: 100 })).data;
  // A turn's calls are few: the first sequences are read, and the answer says when there were more.
  const read = sequences.slice(0, 5);
  const inIt: string[] = [];
  for (const seq of read) {
    const page = (await s.call(s.tool("enrollment", "list")!, { sequence_id: seq.id, contact_id: person.id, per_page: 5 })) as Page;
    for (const e of page.data) inIt.push(`${labelOf(seq)} (${String(e.status)})`);
  }
  const unread = sequences.length - read.length;
  const rest = unread > 0 ? ` (${plural(unread, "more sequence")} not checked; ask about one by name)` : "";
  if (inIt.length === 0) return `${person.label} is not in any sequence${unread > 0 ? " I checked" : ""}.${rest}`;
  return `${person.label} is in ${inIt.join(", ")}.${rest}`;
}

/** Records that share a name (people by full name), each told apart by its email or what it belongs to. */
export async function duplicates(s: Session, resource: string): Promise<string> {
  const { items } = await pages(s, resource, {});
  const byName = new Map<string, Item[]>();
  for (const i of items) {
    const name = labelOf(i).trim().toLowerCase();
    byName.set(name, [...(byName.get(name) ?? []), i]);
  }
  const twins = [...byName.values()].filter((group) => group.length > 1);
  if (twins.length === 0) return `No two ${noun(resource)}s share a name (${plural(items.length, noun(resource))} checked).`;
  const lines = twins.map((group) => `- ${labelOf(group[0]!)} × ${group.length}: ${group.map((i) => String(i.email ?? i.domain ?? i.id)).join(", ")}`);
  return `${plural(twins.length, "name")} appear more than once among ${plural(items.length, noun(resource))}:\n${lines.join("\n")}`;
}

export type Dossier = {
  account: Item;
  signals: {
    days_since_last_activity: number | null;
    open_deal_count: number;
    win_rate: number | null;
    outstanding: { currency: string; amount: number }[] | null;
    overdue: { currency: string; amount: number }[] | null;
    active_enrollment_count: number;
  };
  contacts: { total: number; data: Item[] };
  deals: { pipeline: { currency: string; open_value: number }[] };
};

function dossierText(d: Dossier, deals: Item[] = []): string {
  const a = d.account;
  const facts = [a.industry, a.employee_count ? `${String(a.employee_count)} employees` : null, a.country].filter(Boolean).join(", ");
  const sum = (xs: { currency: string; amount: number }[] | null) => (xs && xs.length > 0 ? xs.map((x) => money(x.amount, x.currency)).join(" + ") : "nothing");
  return [
    `${String(a.name)}${a.domain ? ` (${String(a.domain)})` : ""}${facts ? `: ${facts}` : ""}.`,
    `- ${d.contacts.total} contact${d.contacts.total === 1 ? "" : "s"}${d.contacts.data.length > 0 ? `: ${d.contacts.data.slice(0, 5).map(personName).join(", ")}` : ""}`,
    `- ${d.signals.open_deal_count} open deal${d.signals.open_deal_count === 1 ? "" : "s"}${d.deals.pipeline.length > 0 ? ` worth ${d.deals.pipeline.map((pl) => money(pl.open_value, pl.currency)).join(" + ")}` : ""}${d.signals.win_rate !== null ? `; win rate ${Math.round(d.signals.win_rate * 100)}%` : ""}`,
    ...deals.map(
      (x) =>
        `  - ${labelOf(x)} (${x.amount === null || x.amount === undefined ? "no amount" : money(Number(x.amount), String(x.currency))}, ${String(x.status)})`,
    ),
    d.signals.outstanding === null ? "- invoices: not visible to this key" : `- outstanding ${sum(d.signals.outstanding)}, overdue ${sum(d.signals.overdue)}`,
    `- ${d.signals.active_enrollment_count} active sequence enrollment${d.signals.active_enrollment_count === 1 ? "" : "s"}`,
    d.signals.days_since_last_activity === null
      ? "- no activity yet"
      : `- last activity ${d.signals.days_since_last_activity} day${d.signals.days_since_last_activity === 1 ? "" : "s"} ago`,
  ].join("\n");
}

/** An account's dossier read back, with its deals by name (newest first): what "what's going on with Initech" asks for. */
export async function dossierWithDeals(s: Session, accountId: string, dossier: Dossier): Promise<string> {
  const deals = s.tool("deal", "list") ? await s.list("deal", { account_id: accountId, per_page: 5, sort: "-updated_at" }).catch(() => undefined) : undefined;
  return dossierText(dossier, deals?.data ?? []);
}

/** "Globex", "give me an overview of Globex": a name that is one account's is that account, read whole. */
async function accountNamed(s: Session, name: string): Promise<string | undefined> {
  const dossier = s.tool("account", "dossier");
  if (!dossier || !s.tool("account", "list")) return undefined;
  const wanted = name.toLowerCase();
  const page = await s.list("account", { q: name, per_page: 5 });
  const match = page.data.filter((a) => String(a.name).toLowerCase() === wanted || String(a.name).toLowerCase().startsWith(`${wanted} `));
  if (match.length !== 1) return undefined;
  const id = match[0]!.id;
  return dossierWithDeals(s, id, (await s.call(dossier, { account_id: id })) as Dossier);
}
