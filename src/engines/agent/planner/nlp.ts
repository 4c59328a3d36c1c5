/**
 * The language libraries, loaded on the first turn rather than when the
 * server starts (together about 0.6 s to load; a turn then takes 1-3 ms of
 * them): compromise for lemmas (closed -> close, bills -> bill), chrono-node
 * for dates.
 */
type Compromise = typeof import("compromise").default;
type Chrono = typeof import("chrono-node");

/** The loaded language libraries, as the parser receives them. */
export type Language = { nlp: Compromise; chrono: Chrono };

let loading: Promise<{ nlp: Compromise; chrono: Chrono }> | null = null;
export function loadLanguage(): Promise<{ nlp: Compromise; chrono: Chrono }> {
  loading ??= Promise.all([import("compromise"), import("chrono-node")]).then(([c, chrono]) => ({ nlp: c.default, chrono }));
  return loading;
}

/** Each word's root as compromise reads it in this sentence (verbs to the infinitive, nouns to the singular). */
/** Each word's part-of-speech tags, in order ("never went": Negative; Verb, PastTense). */
export function tagsOf(lang: Language, text: string): string[][] {
  return (lang.nlp(text).terms().json() as { terms: { tags: string[] }[] }[]).map((t) => t.terms[0]?.tags ?? []);
}

export function roots(nlp: Compromise, text: string): Map<string, string> {
  const out = new Map<string, string>();
  const doc = nlp(text);
  doc.compute("root");
  for (const sentence of doc.json({ terms: { normal: true } }) as { terms: { normal: string; root?: string }[] }[]) {
    for (const term of sentence.terms) if (term.root && term.normal) out.set(term.normal, term.root);
  }
  return out;
}

export interface DateRange {
  gte?: string;
  lt?: string;
  /** The words naming which date ("due", "close", "created"), if any. */
  hint?: string;
  /** A single day named for a value ("due end of March"). */
  day?: string;
}

export const COUNT_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};
/** "the next two weeks" as "the next 2 weeks", padded so every position in the text stays where it was. */
const countsAsDigits = (lower: string) =>
  lower.replace(
    /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|sixty|ninety)(?=\s+(?:day|week|month)s?\b)/g,
    (w) => String(COUNT_WORDS[w]).padEnd(w.length, " "),
  );

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d = 1) => new Date(Date.UTC(y, m, d));

/** Named days chrono does not know. */
const HOLIDAYS: Record<string, [number, number]> = {
  christmas: [11, 25],
  xmas: [11, 25],
  "christmas eve": [11, 24],
  "new year": [0, 1],
  "new year's": [0, 1],
  "new year's day": [0, 1],
  "new year's eve": [11, 31],
  "new years eve": [11, 31],
  nye: [11, 31],
  halloween: [9, 31],
  "valentine's": [1, 14],
};

function period(unit: string, which: string, now: Date): { gte: Date; lt: Date } | null {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const shift = which === "last" || which === "previous" || which === "past" ? -1 : which === "next" ? 1 : 0;
  if (unit === "day") {
    const start = utc(y, m, now.getUTCDate() + shift);
    return { gte: start, lt: new Date(start.getTime() + DAY) };
  }
  if (unit === "week") {
    const monday = utc(y, m, now.getUTCDate() - ((now.getUTCDay() + 6) % 7) + 7 * shift);
    return { gte: monday, lt: new Date(monday.getTime() + 7 * DAY) };
  }
  if (unit === "month") return { gte: utc(y, m + shift), lt: utc(y, m + shift + 1) };
  if (unit === "quarter") {
    const q = Math.floor(m / 3) + shift;
    return { gte: utc(y, q * 3), lt: utc(y, q * 3 + 3) };
  }
  if (unit === "year") return { gte: utc(y + shift, 0), lt: utc(y + shift + 1, 0) };
  return null;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** A record's own date moved by a span: days (weeks as 7) or calendar months, later when positive. */
export interface Shift {
  days: number;
  months: number;
  /** "give them another week": time granted counts from today when the date has passed. */
  granted?: boolean;
}

const SPAN_COUNT = String.raw`(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|(?:a\s+)?couple(?:\s+of)?)`;
const DURATION = new RegExp(
  String.raw`\b(?:(another|an\s+extra|one\s+more)\s+|(by|for)\s+)?(?:(?:${SPAN_COUNT}\s+)?(?:(more|extra|further|additional)\s+)?(days?|weeks?|months?|fortnights?)|(a\s+fortnight))\b`,
  "gi",
);
// Verbs that move a date by a span; the ones that say which way are read with their particle.
const SHIFT_VERB =
  /\b(push(?:ed|ing|es)?|mov(?:e|ed|ing)|slip(?:s|ped|ping)?|sl(?:id|ide|ides|iding)|delay(?:s|ed|ing)?|postpon(?:e|ed|ing)|extend(?:s|ed|ing)?|bump(?:s|ed|ing)?|kick(?:s|ed|ing)?|giv(?:e|ing)|gave|grant(?:ed)?|pull(?:s|ed|ing)?|br(?:ing|ought)|shift(?:s|ed|ing)?|make|set|change)\b/i;
const LATER = /\b(?:back|out|later|further\s+out|down\s+the\s+road)\b/i;
const EARLIER = /\b(?:in|forward|up|earlier|sooner|ahead)\b/i;

/**
 * "push the close date on the Stark deal out by two weeks", "extend INV-3 by 10 days", "give Hooli another week",
 * "pull the Umbrella close in a week", "make the due date a fortnight later": a record's date moved by a span, and
 * the words that said it. Not a day named outright ("move it to next week", "due in 30 days").
 */
export function readShift(text: string): { shift: Shift; spans: [number, number][] } | null {
  const sentences = text.split(/(?<=[.!?;])\s+/);
  let offset = 0;
  for (const sentence of sentences) {
    const found = shiftIn(sentence);
    if (found) return { shift: found.shift, spans: found.spans.map(([a, b]) => [a + offset, b + offset]) };
    offset += sentence.length + (text.slice(offset + sentence.length).match(/^\s*/)?.[0].length ?? 0);
  }
  return null;
}

function shiftIn(sentence: string): { shift: Shift; spans: [number, number][] } | null {
  const verb = SHIFT_VERB.exec(sentence);
  if (!verb) return null;
  for (const d of sentence.slice(verb.index).matchAll(DURATION)) {
    const at = verb.index + d.index!;
    const between = sentence.slice(verb.index + verb[0].length, at);
    const word = verb[1]!.toLowerCase();
    const pulls = /^(?:pull|br[io])/.test(word);
    // "another week" counts one; a bare "week" ("next week") is no span.
    if (!d[3] && !d[1] && !d[6]) continue;
    const after = /^\s*(later|earlier|sooner|back|out|in|forward|up)\b/i.exec(sentence.slice(at + d[0].length));
    // "due in 30 days", "within a week", "for the next two weeks": a day or a period, not a move.
    if (!d[2] && /\b(?:in|within|next|last|past|every|each|over)\s*$/i.test(between) && !(pulls && /\bin\s*$/i.test(between))) continue;
    if (between.split(/\s+/).filter(Boolean).length > 12) break;
    const more = Boolean(d[1] || d[4]);
    const later = LATER.test(between) || /^(later|back|out)$/i.test(after?.[1] ?? "");
    const earlier = EARLIER.test(between.replace(/\bin\s+(?:the\s+)?(?:system|crm)\b/gi, "")) || /^(earlier|sooner|in|forward|up)$/i.test(after?.[1] ?? "");
    const says = /^(?:make|set|change)/.test(word);
    let sign = 0;
    if (pulls) sign = -1;
    else if (says) sign = after?.[1] && /^(later|back|out)$/i.test(after[1]) ? 1 : after?.[1] && /^(earlier|sooner)$/i.test(after[1]) ? -1 : 0;
    else if (later || more) sign = 1;
    else if (earlier && /^(?:mov|push|bump|shift)/.test(word)) sign = -1;
    else if (/^(?:delay|postpon|extend|giv|gave|grant|slip|sl[ie]d|push|bump|kick)/.test(word) || d[2] === "by") sign = 1;
    if (sign === 0) continue;
    const count = countOf(d[3] ?? "a");
    const unit = d[6] ? "fortnight" : d[5]!.toLowerCase().replace(/s$/, "");
    const shift: Shift =
      unit === "month" ? { days: 0, months: sign * count } : { days: sign * count * (unit === "week" ? 7 : unit === "fortnight" ? 14 : 1), months: 0 };
    if (/^(?:giv|gave|grant)/.test(word)) shift.granted = true;
    const spans: [number, number][] = [[verb.index, verb.index + verb[0].length]];
    const particle = (later ? LATER : earlier ? EARLIER : null)?.exec(between);
    if (particle) spans.push([verb.index + verb[0].length + particle.index, verb.index + verb[0].length + particle.index + particle[0].length]);
    spans.push([at, at + d[0].length + (after ? after[0].length : 0)]);
    return { shift, spans };
  }
  return null;
}

/** A count said in a span: digits, a word ("two"), "a" or "an", "a couple of". */
export function countOf(word: string): number {
  const w = word.trim().toLowerCase();
  if (/^\d+$/.test(w)) return Number(w);
  if (/couple/.test(w)) return 2;
  if (w === "a" || w === "an") return 1;
  return COUNT_WORDS[w] ?? 1;
}

/** A date moved by a shift: months by the calendar (31 Jan + 1 month is the last of February). */
export function shiftDate(day: string, shift: Shift): string {
  const [y, m, d] = day.slice(0, 10).split("-").map(Number) as [number, number, number];
  if (shift.months) {
    const last = new Date(Date.UTC(y, m - 1 + shift.months + 1, 0)).getUTCDate();
    return iso(utc(y, m - 1 + shift.months, Math.min(d, last)));
  }
  return iso(new Date(utc(y, m - 1, d).getTime() + shift.days * DAY));
}

/** A day or span named in the text, with the words it took (so they are not read as names). */
const DATE_WORD = new RegExp(
  String.raw`\b(?:${MONTHS.join("|")}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|today|tomorrow|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|${Object.keys(HOLIDAYS).join("|")}|(?:end|start|beginning)\s+of\s+(?:the\s+)?(?:month|quarter|year)|of\s+(?:next|this|the\s+following|the\s+coming)\s+month)\b|\b\d{1,4}[/-]\d{1,2}(?:[/-]\d{1,4})?\b`,
);
const MONTH_IN = new RegExp(`\\b(${MONTHS.join("|")}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\b`);

/**
 * "between 1 and 15 December", "between today and xmas (not counting xmas day)": both ends said as dates (a bare
 * day takes the other end's month), the last day included unless the request leaves it out.
 */
function betweenDates(chrono: Chrono, lower: string, now: Date): { gte: string; lt: string; index: number; length: number } | undefined {
  const m =
    /\bbetween\s+(?:the\s+)?(.{1,30}?)\s+(?:and|&)\s+(?:the\s+)?(.{1,30}?)(?=\s*(?:[?.!,;()]|\s[-–—]\s|$)|\s+(?:have|has|are|is|was|were|that|which|and|not|but|inclusive|excluding|for|from|to|in|of(?!\s+(?:(?:next|this|the\s+following|the\s+coming)\s+month|(?:the|this|next)\s+(?:year|quarter|month|week)|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)))\b)/.exec(
      lower,
    );
  if (!m || !DATE_WORD.test(m[2]!)) return undefined;
  const bare = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(m[1]!.trim());
  // "between the 1st and the 15th of next month": the bare day is of the month the other end names.
  const of = /\bof\s+.+$/.exec(m[2]!)?.[0];
  // "between now and the end of the year": from today.
  const start = /^(?:now|right now|today|this morning)$/.test(m[1]!.trim()) ? "today" : m[1]!;
  const first = bare && of ? `the ${m[1]!.trim()} ${of}` : bare && MONTH_IN.test(m[2]!) ? `${bare[1]} ${MONTH_IN.exec(m[2]!)![1]}` : start;
  if (!bare && !DATE_WORD.test(first)) return undefined;
  // "that fell due between 1 and 15 October": in the past, the October gone.
  const said = /\b(?:fell|was|were|did|had|went|last)\b/.test(lower) ? "from" : "on";
  const oneDay = (r: DateRange) => r.day ?? (r.gte && r.lt && Date.parse(r.lt) - Date.parse(r.gte) === DAY ? r.gte : undefined);
  let from = oneDay(readDates(chrono, `${said} ${first}`, now).range);
  let to = oneDay(readDates(chrono, `${said} ${m[2]}`, now).range);
  // "between 1 and 15 March" on the 10th: the start, read forward, fell a year on; it is this month's.
  if (from && to && from > to) from = `${Number(from.slice(0, 4)) - 1}${from.slice(4)}`;
  if (!from || !to || from > to) return undefined;
  // "due between 1 and 15 October", asked in late November: the October just gone, not next year's.
  const halfYear = 183 * DAY;
  if (Date.parse(from) - now.getTime() > halfYear && now.getTime() - Date.parse(`${Number(to.slice(0, 4)) - 1}${to.slice(4)}`) < halfYear) {
    from = `${Number(from.slice(0, 4)) - 1}${from.slice(4)}`;
    to = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
  }
  const excluded = /\b(?:not\s+(?:counting|including)|excluding|exclusive)\b/.test(lower.slice(m.index));
  return { gte: from, lt: excluded ? to : iso(new Date(Date.parse(to) + DAY)), index: m.index, length: m[0].length };
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

export function readDates(chrono: Chrono, text: string, now: Date): { range: DateRange; spans: [number, number][] } {
  const range: DateRange = {};
  const spans: [number, number][] = [];
  const lower = text.toLowerCase();
  const take = (index: number, length: number) => spans.push([index, index + length]);
  // "issued invoices due ...": due says which date; issued only which invoices.
  const hint = /\bdue\b/.test(lower) ? "due" : /\b(clos(?:e|es|ed|ing)|expected|created|added|new|applied|joined|signed|paid|issued)\b/.exec(lower)?.[1];
  if (hint) range.hint = hint.startsWith("clos") || hint === "expected" ? "close" : hint;
  const between = betweenDates(chrono, lower, now);
  if (between) {
    take(between.index, between.length);
    return { range: { ...range, gte: between.gte, lt: between.lt }, spans };
  }

  // "due within 30 days": the days from today up to that one (a change's due date is that day: "payable within 30 days").
  const within = /\bwithin\s+(?:the\s+)?(?:next\s+)?(\d{1,3}|an?)\s+(day|week|month)s?\b/.exec(countsAsDigits(lower));
  if (within) {
    const today = utc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const days = (/^\d/.test(within[1]!) ? Number(within[1]) : 1) * { day: 1, week: 7, month: 30 }[within[2] as "day" | "week" | "month"];
    take(within.index, within[0].length);
    const day = new Date(today.getTime() + days * DAY);
    return { range: { ...range, day: iso(day), gte: iso(today), lt: iso(new Date(day.getTime() + DAY)) }, spans };
  }
  const span =
    /\b(?:in\s+)?(?:the\s+)?(next|last|past|coming|previous)\s+(\d{1,3})\s+(day|week|month)s?\b|\bin\s+(\d{1,3})\s+(day|week|month)s?\b|\b(\d{1,3})\s+(day|week|month)s?\s+(ago|from now|from today|later)\b/.exec(
      countsAsDigits(lower),
    );
  if (span) {
    const unitDays = (u: string) => (u === "day" ? 1 : u === "week" ? 7 : 30);
    const today = utc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    take(span.index, span[0].length);
    if (span[1]) {
      const days = Number(span[2]) * unitDays(span[3]!);
      const back = span[1] === "last" || span[1] === "past" || span[1] === "previous";
      range.gte = iso(back ? new Date(today.getTime() - days * DAY) : today);
      range.lt = iso(back ? new Date(today.getTime() + DAY) : new Date(today.getTime() + (days + 1) * DAY));
      return { range, spans };
    }
    // "due in 30 days", "3 days ago": one day.
    const days = span[4] ? Number(span[4]) * unitDays(span[5]!) : Number(span[6]) * unitDays(span[7]!) * (span[8] === "ago" ? -1 : 1);
    const day = new Date(today.getTime() + days * DAY);
    range.day = iso(day);
    const before = lower.slice(0, span.index);
    if (/\b(before|until|by)\s*$/.test(before)) range.lt = iso(day);
    else if (/\b(since|after)\s*$/.test(before)) range.gte = iso(day);
    else {
      range.gte = iso(day);
      range.lt = iso(new Date(day.getTime() + DAY));
    }
    return { range, spans };
  }
  // "in the last month", "over the past week": the days up to today, not the calendar month before.
  const rolling = /\b(?:in|over|during|within)\s+the\s+(?:last|past)\s+(week|month|year)\b/.exec(lower);
  if (rolling) {
    const today = utc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const days = { week: 7, month: 30, year: 365 }[rolling[1] as "week" | "month" | "year"];
    take(rolling.index, rolling[0].length);
    range.gte = iso(new Date(today.getTime() - days * DAY));
    range.lt = iso(new Date(today.getTime() + DAY));
    return { range, spans };
  }
  const nth = /\b(?:on\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\s+of\s+(?:the\s+)?(this|next|last)\s+month\b/.exec(lower);
  if (nth) {
    const month = period("month", nth[2]!, now)!.gte;
    const day = utc(month.getUTCFullYear(), month.getUTCMonth(), Number(nth[1]));
    take(nth.index, nth[0].length);
    range.day = iso(day);
    range.gte = iso(day);
    range.lt = iso(new Date(day.getTime() + DAY));
    return { range, spans };
  }
  // "push the due date to the 1st", "by the 15th": the next such day of a month, today included.
  const bare =
    /\b(?:to|on|by|until|till|for|before)\s+(the\s+(\d{1,2})(?:st|nd|rd|th))\b(?!\s+(?:of|day|week|month|time|call|interview|round|place|percent|%)\b|\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)/.exec(
      lower,
    );
  const nthDay = Number(bare?.[2] ?? 0);
  if (bare && nthDay >= 1 && nthDay <= 31) {
    let day = utc(now.getUTCFullYear(), now.getUTCMonth(), nthDay);
    // ("push the due date to the 1st", said on the 1st: a day something is put off to comes after today.)
    const putOff = /\b(?:push|move|extend|postpone|delay|bump|kick|give)\w*\b/.test(lower.slice(0, bare.index)) && /^(?:to|until|till)\b/.test(bare[0]);
    const first = utc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + (putOff ? 1 : 0)).getTime();
    // Past this month's, or a day this month has not (the 31st of November): the next month that has it.
    for (let ahead = 1; day.getUTCDate() !== nthDay || day.getTime() < first; ahead++) day = utc(now.getUTCFullYear(), now.getUTCMonth() + ahead, nthDay);
    take(bare.index + bare[0].length - bare[1]!.length, bare[1]!.length);
    range.day = iso(day);
    range.gte = iso(day);
    range.lt = iso(new Date(day.getTime() + DAY));
    return { range, spans };
  }
  const endOf =
    /\b(?:the\s+)?end of (?:the\s+)?(this|next|last)\s+(week|month|quarter|year)\b|\b(this|next|last)\s+(week|month|quarter|year)(?:'s)?\s+end\b/.exec(lower);
  const relative = endOf
    ? null
    : /\b(this|last|next|previous|past|current)\s+(day|week|month|quarter|year)\b|\b(today|yesterday|tomorrow)\b|\b(year to date|ytd|month to date|mtd)\b/.exec(
        lower,
      );
  if (relative && /\b\d{1,2}(?:st|nd|rd|th)?\s+of\s+(?:the\s+)?$/.test(lower.slice(0, relative.index))) {
    // "the 15th of next month": one day, read below by chrono.
  } else if (relative) {
    const [word, which, unit, day, toDate] = relative;
    let span: { gte: Date; lt: Date } | null;
    if (day) span = period("day", day === "today" ? "this" : day === "yesterday" ? "last" : "next", now);
    else if (toDate)
      span = { gte: toDate.startsWith("y") ? utc(now.getUTCFullYear(), 0) : utc(now.getUTCFullYear(), now.getUTCMonth()), lt: new Date(now.getTime() + DAY) };
    else span = period(unit!, which!, now);
    if (span) {
      const before = lower.slice(0, relative.index);
      if (/\b(before|until|till|by)\s*$/.test(before)) range.lt = iso(span.gte);
      else if (/\b(since|after|starting)\s*$/.test(before)) range.gte = iso(span.gte);
      else {
        range.gte = iso(span.gte);
        range.lt = iso(span.lt);
      }
      take(relative.index, word.length);
    }
    return { range, spans };
  }
  const month = new RegExp(`\\b(?:in|during)\\s+(${MONTHS.join("|")})\\b`).exec(lower);
  if (month) {
    const m = MONTHS.indexOf(month[1]!);
    // "closing in January" said in November is next January; "added in December" said in March, last December.
    const ahead = range.hint === "close" || range.hint === "due";
    const y = now.getUTCFullYear() + (ahead && m < now.getUTCMonth() ? 1 : !ahead && m > now.getUTCMonth() ? -1 : 0);
    range.gte = iso(utc(y, m));
    range.lt = iso(utc(y, m + 1));
    take(month.index, month[0].length);
    return { range, spans };
  }
  // "closing end of Q1", "due in Q3": the next such quarter (this year's while it has not ended).
  // Only as a date after a word of time ("Q1 webinar invite" is a name).
  const q =
    /\b(?:(?:the\s+)?(end|start|beginning)\s+of\s+|(?:in|by|during|before|after|until|till|through|for|closing|due|close|expected|this|next)\s+(?:the\s+)?)q([1-4])(?:\s+(20\d\d))?\b/.exec(
      lower,
    );
  if (q) {
    const n = Number(q[2]) - 1;
    const year = q[3] ? Number(q[3]) : utc(now.getUTCFullYear(), n * 3 + 3).getTime() <= now.getTime() ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
    const [first, next] = [utc(year, n * 3), utc(year, n * 3 + 3)];
    const at = q.index + q[0].search(/(?:the\s+)?(?:end|start|beginning)\b|q[1-4]/);
    take(at, q.index + q[0].length - at);
    if (q[1]) {
      const one = q[1] === "end" ? new Date(next.getTime() - DAY) : first;
      range.day = iso(one);
      range.gte = iso(one);
      range.lt = iso(new Date(one.getTime() + DAY));
    } else {
      range.gte = iso(first);
      range.lt = iso(next);
    }
    return { range, spans };
  }
  let day: Date | null = null;
  let at = -1;
  let length = 0;
  for (const [name, [m, d]] of Object.entries(HOLIDAYS).sort(([a], [b]) => a.length - b.length)) {
    const hit = lower.search(new RegExp(`\\b${name.replace(/'/g, "['’]?")}\\b`));
    if (hit < 0) continue;
    const thisYear = utc(now.getUTCFullYear(), m, d);
    day = thisYear.getTime() < now.getTime() - DAY ? utc(now.getUTCFullYear() + 1, m, d) : thisYear;
    at = hit;
    length = name.length;
  }
  if (!day && endOf) {
    const span = period((endOf[2] ?? endOf[4])!, (endOf[1] ?? endOf[3])!, now)!;
    day = new Date(span.lt.getTime() - DAY);
    at = endOf.index;
    length = endOf[0].length;
  }
  if (!day) {
    const end = /\bend of (?:the )?(month|quarter|year|(?:[a-z]+))\b/.exec(lower);
    if (end && (MONTHS.includes(end[1]!) || ["month", "quarter", "year"].includes(end[1]!))) {
      const span = MONTHS.includes(end[1]!)
        ? { lt: utc(now.getUTCFullYear() + (MONTHS.indexOf(end[1]!) < now.getUTCMonth() ? 1 : 0), MONTHS.indexOf(end[1]!) + 1) }
        : period(end[1]!, "this", now)!;
      day = new Date(span.lt.getTime() - DAY);
      at = end.index;
      length = end[0].length;
    }
  }
  if (!day) {
    // "a week on Friday", "Friday week" (British): the Friday after the coming one.
    const weekOn =
      /\b(?:a\s+week\s+(?:on|from)\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+week)\b/.exec(
        lower,
      );
    if (weekOn) {
      const wanted = WEEKDAYS.indexOf((weekOn[1] ?? weekOn[2])!);
      const today = utc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const ahead = (wanted - today.getUTCDay() + 7) % 7 || 7;
      day = new Date(today.getTime() + (ahead + 7) * DAY);
      at = weekOn.index;
      length = weekOn[0].length;
    }
  }
  if (!day) {
    // ("this morning", said in the evening, is today's, not tomorrow's.)
    const hits = chrono.parse(text, now, { forwardDate: !/\b(since|last|ago|from|this\s+(?:morning|afternoon)|earlier)\b/.test(lower) });
    // ("for their November API overage ..., due 31 December": the day said as when it is due, of two.)
    const hit = hits.find((h) => /\bdue\s+(?:on\s+|by\s+)?(?:the\s+)?$/i.test(text.slice(0, h.index))) ?? hits[0];
    // "blue sun's invoice", "the sat nav deal": a weekday's short form is a day only where a day is expected.
    const bareDay =
      hit &&
      /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)$/i.test(hit.text.trim()) &&
      !/\b(?:on|by|next|last|this|since|till|until|before|after|from|due)\s*$/i.test(text.slice(0, hit.index));
    // ("can move on to Proposal now", "who's on it right now": at present, no day to set or filter by.)
    const bareNow = hit && /^(?:right\s+)?now$/i.test(hit.text.trim());
    // ("a Night Porter", "the Morning Shift Lead": a time of day in capitals inside a name is no day.)
    const inName =
      hit && /^(?:Night|Morning|Evening|Afternoon|Noon|Midnight|Weekend)$/.test(hit.text.trim()) && /^\s+[A-Z]/.test(text.slice(hit.index + hit.text.length));
    // ("deals over 1m", "2.5m": a million, not a minute or a time of day.)
    const scaled = hit && /^\d+(?:[.,]\d+)?\s?m$/i.test(hit.text.trim());
    if (hit && !bareDay && !bareNow && !inName && !scaled && !/^\d+$/.test(hit.text.trim())) {
      day = hit.start.date();
      at = hit.index;
      length = hit.text.length;
      if (hit.end) {
        range.gte = iso(day);
        range.lt = iso(new Date(hit.end.date().getTime() + DAY));
        take(at, length);
        return { range, spans };
      }
    }
  }
  if (!day) return { range, spans };
  take(at, length);
  const before = lower.slice(0, at);
  const dayIso = iso(day);
  range.day = dayIso;
  // "by the end of next month", "until Friday": that day included; "before Friday": not.
  if (/\b(by|until|till|up to)\s*(?:the\s*)?$/.test(before)) range.lt = iso(new Date(day.getTime() + DAY));
  // "before the end of the year": the end is the last day's end, so that day is included.
  else if (/\b(before|earlier than|prior to)\s*(?:the\s*)?$/.test(before))
    range.lt = /^(?:the\s+)?end\b/.test(lower.slice(at)) ? iso(new Date(day.getTime() + DAY)) : dayIso;
  else if (/\b(since|after|from|later than|starting)\s*$/.test(before)) range.gte = dayIso;
  else if (/\bon\s*$/.test(before) || !range.hint || range.hint !== "due" || !/\bdue\s*$/.test(before)) {
    range.gte = dayIso;
    range.lt = iso(new Date(day.getTime() + DAY));
  } else {
    range.gte = dayIso;
    range.lt = iso(new Date(day.getTime() + DAY));
  }
  return { range, spans };
}

export interface Amount {
  value: number;
  currency?: string;
  op?: "gte" | "gt" | "lte" | "lt";
  index: number;
  length: number;
  /** Where it stands in the request as typed (-1 when not found there). */
  at?: number;
  /** Said as a rough figure ("about 8.5k", "eighty five hundred and something"): a record's is within a tenth of it. */
  approx?: boolean;
  /** Said to a scale ("4.8k", "5k"): a record's figure rounds to it, within this much either side. */
  rounding?: number;
}

/**
 * Currencies written by their ISO 4217 code, beyond those named in words below ("KES 450,000", "NGN 2m"): codes that
 * are also English words ("TRY", "MAD", "PHP", "ALL") are left out.
 */
export const ISO_CODES =
  "USD EUR GBP CHF CAD AUD JPY SEK NOK DKK INR SGD HKD NZD ZAR AED PLN BRL MXN KES UGX TZS RWF ETB NGN GHS EGP ZMW XOF XAF CNY KRW IDR MYR THB VND TWD SAR QAR KWD BHD OMR ILS CZK HUF UAH ARS CLP PKR BDT LKR NPR ISK TND JOD".split(
    " ",
  );
const CURRENCY_WORDS: Record<string, string> = {
  ...Object.fromEntries(ISO_CODES.map((code) => [code.toLowerCase(), code])),
  // "KSh 450,000", "Kshs. 5,000": Kenyan shillings, as Kenya writes them.
  ksh: "KES",
  kshs: "KES",
  $: "USD",
  usd: "USD",
  dollar: "USD",
  dollars: "USD",
  bucks: "USD",
  "€": "EUR",
  eur: "EUR",
  euro: "EUR",
  euros: "EUR",
  "£": "GBP",
  gbp: "GBP",
  pound: "GBP",
  pounds: "GBP",
  sterling: "GBP",
  chf: "CHF",
  cad: "CAD",
  aud: "AUD",
  jpy: "JPY",
  yen: "JPY",
  sek: "SEK",
  nok: "NOK",
  dkk: "DKK",
  inr: "INR",
  sgd: "SGD",
  hkd: "HKD",
  nzd: "NZD",
  zar: "ZAR",
  aed: "AED",
  pln: "PLN",
  rupee: "INR",
  rupees: "INR",
  brl: "BRL",
  mxn: "MXN",
};
const SCALE: Record<string, number> = { k: 1e3, thousand: 1e3, grand: 1e3, m: 1e6, mm: 1e6, million: 1e6, mil: 1e6, bn: 1e9, billion: 1e9 };
const CUR = Object.keys(CURRENCY_WORDS)
  .filter((w) => w.length > 1)
  .join("|");
const AMOUNT = new RegExp(
  `(?:(more than|greater than|larger than|bigger than|over|above|exceeding|at least|min(?:imum)?|>=|>|less than|smaller than|under|below|at most|max(?:imum)?|up to|<=|<)\\s*)?([$€£])?\\s?(\\d{1,3}(?:[ \\u00a0\\u202f]\\d{3})+(?=(?:\\.\\d+)?\\s?(?:${CUR})\\b)|(?<=[$€£]\\s?)\\d{1,3}(?:[ \\u00a0\\u202f]\\d{3})+(?![\\d,])|\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?\\s?(k|m|mm|bn|thousand|grand|million|mil|billion)?\\b\\s?(${CUR})?\\b`,
  "gi",
);
const OPS: Record<string, Amount["op"]> = {
  "more than": "gt",
  "greater than": "gt",
  "larger than": "gt",
  "bigger than": "gt",
  over: "gt",
  above: "gt",
  exceeding: "gt",
  "at least": "gte",
  min: "gte",
  minimum: "gte",
  ">=": "gte",
  ">": "gt",
  "less than": "lt",
  "smaller than": "lt",
  under: "lt",
  below: "lt",
  "at most": "lte",
  max: "lte",
  maximum: "lte",
  "up to": "lte",
  "<=": "lte",
  "<": "lt",
};

const ROUGH_BEFORE = /\b(?:about|around|roughly|approx(?:imately|\.)?|circa|some|nearly|almost|~)\s*$/i;

/** Sums of money and numbers in the text: "above 5k", "$500", "12k euros", "between 1k and 3k". */
const YEAR_AFTER_MONTH = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?,?)?\s*$/i;
export function readAmounts(text: string): Amount[] {
  const out: Amount[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const [whole, op, symbol, digits, decimals, scale, word] = m;
    // ("a discount of 10%", "probability 40 percent": a share is no sum of money.)
    if (!symbol && !word && /^\s?(?:%|percent\b|per\s?cent\b|pct\b)/i.test(text.slice(m.index! + whole.trimEnd().length))) continue;
    // ("... to 3 February 2027", "Jan 13, 2027": a date's year, when the date itself was read elsewhere.)
    if (!op && !symbol && !word && !scale && !/\d/.test(decimals ?? "") && /^(?:19|20)\d\d$/.test(digits!) && YEAR_AFTER_MONTH.test(text.slice(0, m.index!)))
      continue;
    const value = Number(digits!.replace(/[,\s]/g, "") + (decimals ?? "")) * (scale ? SCALE[scale.toLowerCase()]! : 1);
    // ("$12,500 MXN", "$900 CAD": the code says which dollar or peso the sign stands for.)
    const currency = word ? CURRENCY_WORDS[word.toLowerCase()] : symbol ? CURRENCY_WORDS[symbol] : undefined;
    // The word saying it is rough is part of the amount ("around 8.5k").
    const rough = op ? null : ROUGH_BEFORE.exec(text.slice(0, m.index!));
    const index = m.index! - (rough?.[0].length ?? 0);
    const length = whole.trimEnd().length + m.index! - index;
    // "4.8k" is any figure that rounds to it: 4,750 to 4,850.
    const rounding = scale ? (SCALE[scale.toLowerCase()]! * 10 ** -(decimals ? decimals.length - 1 : 0)) / 2 : undefined;
    out.push({
      value: Math.round(value * 100) / 100,
      currency,
      op: op ? OPS[op.toLowerCase()] : undefined,
      index,
      length,
      ...(rough ? { approx: true } : {}),
      ...(rounding ? { rounding } : {}),
    });
  }
  const between = /\bbetween\s*$/i;
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i]!;
    const b = out[i + 1]!;
    if (between.test(text.slice(0, a.index)) && /^\s*(and|to|-)\s*$/i.test(text.slice(a.index + a.length, b.index))) {
      a.op = "gte";
      b.op = "lte";
      a.currency ??= b.currency;
    }
  }
  return out;
}
