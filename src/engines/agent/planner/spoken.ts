import { unnotated } from "./notation.ts";
import { unpasted } from "./pasted.ts";
import { fromChinese } from "./chinese.ts";
import { fromIndonesian } from "./indonesian.ts";
import { fromItalian } from "./italian.ts";
import { fromPolish } from "./polish.ts";
import { fromPortuguese } from "./portuguese.ts";
import { fromSpanish } from "./spanish.ts";
import { fromSwahili } from "./swahili.ts";
import { fromTagalog } from "./tagalog.ts";
import { ISO_CODES } from "./nlp.ts";
import { fromTurkish } from "./turkish.ts";
import { ACTION_WORDS, actionOf, HIRING_MANAGER, outsideQuotes, RESOURCE_WORDS, STOPWORDS, VALUE_WORDS } from "./lexicon.ts";

/**
 * Dictated text as it would have been typed. Speech-to-text leaves fillers
 * ("um", "okay so"), numbers in words ("twenty five hundred dollars"),
 * corrections in passing ("move it to proposal no wait negotiation") and
 * addresses read out ("priya dot nair at hooli dot cloud"). The parser reads
 * digits, one value per slot and written addresses, so the message is put in
 * that form once, before anything else reads it.
 *
 * compromise's number reader was tried first and left out: it reads the
 * pronoun "one" as 1, "first name" as "1st name", "twelve and a half thousand"
 * as 12000 and "twenty fifth" as 4th.
 */

const UNITS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SCALES: Record<string, number> = { thousand: 1_000, grand: 1_000, million: 1_000_000, billion: 1_000_000_000 };
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};
const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

type Kind = "unit" | "teen" | "tens" | "tensUnit" | "hundred" | "scale" | "half";

/** What may follow each kind of number word inside one number ("twenty five hundred", not "four five"). */
const FOLLOWS: Record<Kind | "start", Kind[]> = {
  start: ["unit", "teen", "tens", "hundred"],
  unit: ["hundred", "scale", "half"],
  teen: ["hundred", "scale", "half"],
  tens: ["tensUnit", "hundred", "scale", "half"],
  tensUnit: ["hundred", "scale", "half"],
  hundred: ["unit", "teen", "tens", "scale", "half"],
  scale: ["unit", "teen", "tens", "hundred"],
  half: ["hundred", "scale"],
};

function kindOf(word: string, last: Kind | "start"): Kind | undefined {
  if (word in UNITS) return last === "tens" ? "tensUnit" : "unit";
  if (word in TEENS) return "teen";
  if (word in TENS) return "tens";
  if (word === "hundred") return "hundred";
  if (word in SCALES) return "scale";
  return undefined;
}

/**
 * The numbers said in words, as digits: "twelve thousand eighteen" 12018, "twenty five hundred" 2500, "twelve and a
 * half thousand" 12500, "two point five million" 2500000, "a hundred" 100. A lone "one" stays a word ("the one
 * that's open").
 */
export function numbersAsDigits(text: string): string {
  const words = text.split(/([\s,.?!;:]+)/);
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    const read = readNumber(words, i);
    if (!read) {
      out.push(words[i]!);
      i++;
      continue;
    }
    out.push(String(read.value));
    i = read.end;
  }
  return out.join("");
}

/** The number starting at words[start] (tokens alternate word, space), or none. */
function readNumber(words: string[], start: number): { value: number; end: number } | null {
  const word = (k: number) => (words[k] ?? "").toLowerCase().replace(/-/g, " ");
  // "twenty-five" is one token: read its halves in turn.
  const parts: { text: string; end: number }[] = [];
  // A capital in mid-sentence names something ("Seven Seas Ltd"), and a number never runs past punctuation.
  if (start > 0 && /^[A-Z]/.test(words[start] ?? "")) return null;
  for (let k = start; k < words.length && parts.length < 24; k += 2) {
    if (k > start && !/^\s+$/.test(words[k - 1]!)) break;
    const w = word(k);
    if (!/^[a-z ]+$/.test(w)) break;
    for (const piece of w.split(" ")) parts.push({ text: piece, end: k + 1 });
  }
  let total = 0;
  let current = 0;
  let last: Kind | "start" = "start";
  let used = 0;
  let decimals = "";
  let p = 0;
  // "a hundred", "a thousand": "a" counts as one only there.
  if (parts[0]?.text === "a" && (parts[1]?.text === "hundred" || (parts[1]?.text ?? "") in SCALES)) {
    current = 1;
    last = "unit";
    p = 1;
  }
  for (; p < parts.length; p++) {
    const w = parts[p]!.text;
    // "and" joins only inside a number: "one hundred and five", "twelve and a half".
    if (w === "and" && last !== "start") {
      if (parts[p + 1]?.text === "a" && parts[p + 2]?.text === "half") {
        current += 0.5;
        last = "half";
        p += 2;
        used = p + 1;
        continue;
      }
      const next = parts[p + 1] ? kindOf(parts[p + 1]!.text, last) : undefined;
      if ((last === "hundred" || last === "scale") && next && next !== "hundred" && next !== "scale") continue;
      break;
    }
    // "two point five million".
    if (w === "point" && last !== "start" && last !== "half" && (parts[p + 1]?.text ?? "") in UNITS) {
      let q = p + 1;
      while ((parts[q]?.text ?? "") in UNITS) decimals += UNITS[parts[q++]!.text];
      current += Number(`0.${decimals}`);
      p = q - 1;
      used = q;
      last = "half";
      continue;
    }
    const kind = kindOf(w, last);
    if (!kind || !FOLLOWS[last].includes(kind)) break;
    if (kind === "unit" || kind === "tensUnit") current += UNITS[w]!;
    else if (kind === "teen") current += TEENS[w]!;
    else if (kind === "tens") current += TENS[w]!;
    else if (kind === "hundred") current = (current || 1) * 100;
    else {
      total += (current || 1) * SCALES[w]!;
      current = 0;
    }
    last = kind;
    used = p + 1;
  }
  if (!used) return null;
  const taken = parts.slice(0, used);
  // A lone "one" is a pronoun far more often than a number ("the one that's still open", "one of them").
  if (taken.length === 1 && taken[0]!.text === "one") return null;
  // A token only partly read ("twenty-something"): leave it as written.
  const end = taken[taken.length - 1]!.end;
  if (parts[used] && parts[used]!.end === end) return null;
  return { value: Math.round((total + current) * 100) / 100, end };
}

const dayOrdinal = (n: string | number) => {
  const d = Number(n);
  return `${d}${d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th"}`;
};

/** "the twenty fifth of january", "march third", "the 15 of next month": the day as digits ("25th"), only beside a month. */
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function ordinalDays(text: string): string {
  const ordinal = `((?:twenty|thirty)[ -])?(${Object.keys(ORDINALS).join("|")})`;
  const value = (tens: string | undefined, word: string) => dayOrdinal((tens ? TENS[tens.trim().toLowerCase()]! : 0) + ORDINALS[word.toLowerCase()]!);
  return (
    text
      .replace(new RegExp(String.raw`\b(?:the\s+)?${ordinal}(?=\s+of\s+${MONTH}\b)`, "gi"), (_, tens, word) => `the ${value(tens, word)}`)
      // "the 15 of next month", "between the 1 and the 15 of next month": a day written as a bare number is a day of the month.
      .replace(
        new RegExp(String.raw`\b(?:the\s+)?([12]?\d|3[01])(?=\s+of\s+(?:${MONTH}|(?:next|this|the\s+following|the\s+coming)\s+month)\b)`, "gi"),
        (_, n: string) => `the ${dayOrdinal(n)}`,
      )
      .replace(
        /\bthe\s+([12]?\d|3[01])(?=\s+(?:and|to|until|till|through|-)\s+the\s+(?:[12]?\d|3[01])(?:st|nd|rd|th)\s+of\b)/gi,
        (_, n: string) => `the ${dayOrdinal(n)}`,
      )
      .replace(new RegExp(String.raw`\b(${MONTH})\s+(?:the\s+)?${ordinal}\b`, "gi"), (_, month, tens, word) => `${month} ${value(tens, word)}`)
  );
}

const FILLERS = /(?:^|\s)(?:u+m+|u+h+|e+r+m+|u+h+m+|h+m+|you know|like i said),?(?=\s|$)/gi;
const OPENERS = /^(?:(?:okay|ok|alright|all right|right|so|yeah|hey)\b[,.]?\s+)+(?=\S)/i;

/** "move it to proposal no wait negotiation": the word corrected gives way to the one said after. */
const CORRECTION =
  /(\S+)(\s+\S+)?[,.]?\s+(?:no[,.]?\s+wait|wait[,.]?\s+no|no[,.]?\s+sorry|sorry[,.]?\s+no|no[,.]?\s+actually|actually[,.]?\s+no|oops|scratch that)(?:[,.]?\s+(?:no|actually|sorry|i\s+mean))*[,.]?\s+(\S+)(?=(\s+[a-z][a-z'’-]*)?)/gi;

function corrected(text: string): string {
  return text.replace(CORRECTION, (_, before: string, last: string | undefined, after: string, next: string | undefined) => {
    // "to rejected no wait to offer", "closed won no wait closed lost": the phrase said again from its first word.
    if (last && before.toLowerCase() === after.toLowerCase()) return after;
    // "reject alan turing no wait sorry grace hopper": a name of two words gives way to another.
    const word = (w: string | undefined) => w !== undefined && /^[a-z][a-z'’-]+$/i.test(w.trim()) && !STOPWORDS.has(w.trim().toLowerCase());
    if (last && word(before) && word(last) && word(after) && word(next) && !NUMBER_WORD.test(after)) return after;
    // "invoice number eleven no sorry twelve": the one word before gives way.
    return last ? `${before} ${after}` : after;
  });
}
const NUMBER_WORD = /^(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|\w+ty|hundred|thousand)$/i;

const TLD = "(?:com|io|co|net|org|ai|app|dev|cloud|biz|info|uk|de|fr|es|it|nl|eu|us|ca|au|tech|xyz|me)";
const PART = "[a-z0-9][a-z0-9-]*";

/** "priya dot nair at hooli dot cloud" as priya.nair@hooli.cloud, "acme dot io" as acme.io. */
function addresses(text: string): string {
  const dotted = (s: string) =>
    s
      .replace(/\s+(?:dot)\s+/gi, ".")
      .replace(/\s+underscore\s+/gi, "_")
      .replace(/\s+(?:dash|hyphen)\s+/gi, "-");
  const domain = String.raw`${PART}(?:\s+(?:dot|dash|hyphen)\s+${PART})*\s+dot\s+${TLD}`;
  const local = String.raw`${PART}(?:\s+(?:dot|underscore|dash|hyphen)\s+${PART})+`;
  return (
    text
      // A local part read out in pieces, or a single word right after "email (is)".
      .replace(new RegExp(String.raw`\b(${local})\s+at\s+(${domain})\b`, "gi"), (_, l, d) => `${dotted(l)}@${dotted(d)}`)
      .replace(
        new RegExp(String.raw`\b((?:e-?mail|address)(?:\s+(?:is|address))?:?\s+)(${PART})\s+at\s+(${domain})\b`, "gi"),
        (_, lead, l, d) => `${lead}${l}@${dotted(d)}`,
      )
      .replace(new RegExp(String.raw`\b(${domain})\b`, "gi"), (d) => dotted(d))
  );
}

/** Words after which "she", "they" or "we" go on the same clause ("how much do they owe", "the one that we sent"). */
const JOINS = new Set(
  (
    "do does did can could should would will shall must may might have has had are is was were am be been what who whom which whose how when where why " +
    "that than and but or nor because if so as since until while whether though although once unless whatever whoever wherever whenever " +
    "to for of at in on by with from about into onto like said says told tell asked ask think thought know knew mean see hope guess sure " +
    "not also just only even then else ever"
  ).split(" "),
);
/** "...for now we're rewriting the emails", "...four stars he did way better": a remark begun without a stop. */
const REMARK =
  /\s+(?=the\s+(?:[a-z]+\s+)?(?:team|panel|client|customer|manager|interviewers?)\s+(?:loved|liked|said|says|wants|thinks|thought|was|were|is|are)\b|(?:i|we|he|she|they)(?:['’](?:s|re|m)\s+[a-z]|\s+(?:am|is|are|was|were|need|needs|told|said|says|took|did|loved|liked|wants|want|asked|just|already|came|went|skipped|accepted|declined|called|mentioned|decided|signed|will|won't|can't)\b))/gi;
const VERB_AFTER_SO = /\s+(?:so|and so)\s+(?=([a-z]+)\b)/gi;
/** "tim burners lee move him to offer": the record said first, then the request with a pronoun for it. */
const TOPIC_THEN_PRONOUN = /^((?:[a-z0-9&'’-]+\s+){0,5}[a-z0-9&'’-]+)\s+([a-z]+)\s+(?:it|him|her|them)\b/i;
const NOT_A_TOPIC = /\b(?:can|could|would|will|you|u|please|pls|i|we|let|let's|to|and|then|just|now|also|should|must|need|want)\b/i;

/**
 * A dictated run-on cut into the sentences a writer would have made: the request, then each remark in its own
 * sentence ("pause the new lead follow up sequence for now. we're rewriting the emails"), so remarks stay remarks
 * and a value said in one ("she's the head of finance") is told. Only a message with no stop of its own is cut.
 */
/** "...she's their new head of ops": a remark begun with no stop, inside one clause of several. */
const remarkCut = (whole: string, at: number, all: string) => {
  const before = /([a-z'’]+)$/i.exec(all.slice(0, at))?.[1]?.toLowerCase() ?? "";
  // "remind me what role she's up for": a question's own clause.
  const asking = /\b(?:what|which|where|who|whom|how|when|why)\s+(?:\S+\s+){0,2}$/i.test(all.slice(0, at + 1));
  return !before || JOINS.has(before) || asking ? whole : ". ";
};

function sentences(text: string): string {
  // "add a new contact at globex priya nair she's their new head of ops, email is ...": commas alone are no stops
  // between a name and a remark, so each clause is cut where a remark begins.
  if (!/[;:!?]|[.](?:\s|$)|\s[-–—]\s|\p{Extended_Pictographic}/u.test(text) && text.includes(","))
    return text
      .split(/(?<=,)(?!\d)/)
      .map((clause) => clause.replace(REMARK, remarkCut))
      .join("");
  if (/[,;:!?]|[.](?:\s|$)|\s[-–—]\s|\p{Extended_Pictographic}/u.test(text)) return text;
  let out = text.replace(/\s+(?:yeah|yep|okay so|ok so|alright so)\s+/gi, ". ");
  out = out.replace(/\s+go\s+ahead\s+and\s+/gi, " ");
  out = out.replace(VERB_AFTER_SO, (whole, verb: string, at: number, all: string) =>
    actionOf(verb.toLowerCase()) || /^(?:can|could|would|please|write\s+off|take\s)/i.test(all.slice(at + whole.length)) ? ", " : whole,
  );
  // "...twelve thousand dollars can you log that payment": the request asked at the end.
  out = out.replace(/(?<=\S)\s+(?=(?:can|could|would)\s+you\s+[a-z]+)/gi, ". ");
  out = out.replace(REMARK, remarkCut);
  // "...finance email is priya@x.io": each value told apart from the one before.
  out = out.replace(
    /(?<=[a-z0-9])\s+(?=(?:(?:her|his|their|the)\s+)?(?:e-?mail|phone|title|website|domain|location|department|source)(?:\s+address)?\s+is\b)/gi,
    ", ",
  );
  // "...based in london full time under the engineering department": a job's terms, each its own value.
  out = out
    .replace(/(?<=[a-z])\s+(?=(?:full|part)[- ]time\b|remote\b|hybrid\b|on[- ]site\b)/gi, ", ")
    .replace(/(?<=[a-z])\s+(?:under|in|for|within)\s+(?:the\s+)?([a-z&]+(?:\s+[a-z&]+)?)\s+(department|dept|team)\b/gi, ", $1 $2");
  const topic = TOPIC_THEN_PRONOUN.exec(out);
  if (topic && actionOf(topic[2]!.toLowerCase()) && !NOT_A_TOPIC.test(topic[1]!) && !actionOf(/^\S+/.exec(topic[1]!)![0].toLowerCase()))
    out = `${topic[2]} ${topic[1]}${out.slice(topic[0].length)}`;
  return out;
}

/** Words whose "g" is dropped in speech ("owin' us", "sittin in negotiation", "this mornin"): written whole. */
const DROPPED_G = new Set(
  (
    "owing sitting getting looking hiring morning evening screening nothing something anything everything chasing going doing " +
    "coming saying thinking talking working waiting paying billing sending calling checking asking trying running putting " +
    "moving closing selling buying planning fixing reckoning interviewing following pending outstanding missing showing " +
    "telling holding hanging dragging kidding fishing drilling hauling invoicing booking quoting hoping wondering"
  ).split(" "),
);
/** Words said for force ("every dang invoice", "them darn emails"): no part of the request. */
const EXPLETIVES = /\b(?:dang|darn|dadgum|doggone|damn|damned|freakin['’g]?|friggin['’g]?|flippin['’g]?|bloody|goddamn)\s+(?=\S)/gi;

/** Nigerian Pidgin in a business message ("Abeg check if Pied Piper don pay. How much dem still owe us?"). */
const PIDGIN_PAST: Record<string, string> = {
  pay: "paid",
  send: "sent",
  sign: "signed",
  accept: "accepted",
  reply: "replied",
  apply: "applied",
  resign: "resigned",
  close: "closed",
  finish: "finished",
};
function unpidgined(text: string): string {
  return text
    .replace(/\babeg\b[,!]?\s*/gi, "please ")
    .replace(/\bdon\s+(pay|send|sign|accept|reply|apply|resign|close|finish)\b/gi, (_, verb: string) => `has ${PIDGIN_PAST[verb.toLowerCase()]}`)
    .replace(/\bdem\s+(?:dey\s+)?/g, "they ")
    .replace(/\bwetin\b/gi, "what")
    .replace(/\buna\b/g, "you")
    .replace(/\s+(?:abi|sha|o)(?=\s*[.!?,]|\s*$)/g, "");
}

/**
 * Office English as the Gulf, Korea, Eastern Europe and Kenya write it: greetings and blessings ("Salam,",
 * "inshallah", "yalla"), "5,000/-", "KSh 5,000/=", "make new deal", "open new vacancy", "first name Jisoo, last name
 * Park", "(90 days)" after a span it restates.
 */
function officeEnglish(text: string): string {
  return (
    text
      .replace(/^\s*(?:salam|salaam|as-?salaam?u?\s+alaikum|marhaba|alhamdulillah|mashallah)\b[,!.\s]*/gi, "")
      .replace(/[,.!]?\s*\b(?:yalla(?:\s+quickly)?|habibi|inshallah|insha['’]?allah|shukran|mafi\s+mushkil(?:\s+from\s+our\s+side)?)\b[!.]*/gi, "")
      .replace(/(\d)\/[-=]/g, "$1")
      // "KSh 450,000", "Kshs. 5,000/=": Kenyan shillings, by their code.
      .replace(/\bK\s?shs?\b\.?\s?(?=\d)/gi, "KES ")
      .replace(/\b(make|create|add|register)\s+(?:one\s+)?new\s+(?=(?:deal|invoice|contact|candidate|job|account|vacancy|position)\b)/gi, "$1 a new ")
      .replace(/\bopen\s+(?:a\s+|one\s+)?new\s+(?:vacancy|position|role|opening)\b/gi, "create a new job")
      .replace(
        /^\s*(?:please\s+|kindly\s+)?find\s+below\s+(?:the\s+)?(?:details\s+(?:of|for)\s+(?:the\s+|a\s+|one\s+)?new\s+([a-z]+)|new\s+([a-z]+)\s+details)(?:\s+and\s+(?:please\s+|kindly\s+)?add\s+(?:the\s+same|it|them|him|her))?(?:\s+in\s+(?:the\s+)?system)?\s*:/gi,
        (_, a?: string, b?: string) => `add a new ${a ?? b}:`,
      )
      .replace(/\s+in\s+system\b/gi, "")
      .replace(/,?\s*(?:please\s+)?register\s*:/gi, ":")
      .replace(/\b([A-Z][\w'’-]+\s+[A-Z][\w'’-]+)\s*[—–:,-]\s*first\s+name\s+([\p{L}'’-]+)\s*,?\s*(?:and\s+)?last\s+name\s+([\p{L}'’-]+)/gu, "$2 $3")
      .replace(/\b((?:last|past|previous)\s+\d+\s+(?:months?|weeks?))\s*\(\s*\d+\s+days\s*\)/gi, "$1")
      .replace(/,\s*(?:the\s+)?balance\s+(?:they|he|she|the\s+client)\s+will\s+pay\b[^.?!]*/gi, "")
      // "can you record it? its not the full amount hey": a part payment, said after the request.
      .replace(/\?\s*(?:it['’]?s|its)\s+not\s+the\s+(?:full|whole)\s+(?:amount|thing|balance)\b(?:\s+hey)?[.!]*\s*$/gi, ", a part payment.")
  );
}

/** Scots words in office English: "gonnae", "cannae", "wee", "the now", "the day", "fae", "outwith", "folk", "aye". */
const SCOTS_NOT: Record<string, string> = {
  cannae: "can't",
  canna: "can't",
  dinnae: "don't",
  dinna: "don't",
  didnae: "didn't",
  doesnae: "doesn't",
  isnae: "isn't",
  wasnae: "wasn't",
  wouldnae: "wouldn't",
  couldnae: "couldn't",
  shouldnae: "shouldn't",
  willnae: "won't",
  hasnae: "hasn't",
  havnae: "haven't",
  havenae: "haven't",
};

function unscotted(text: string): string {
  return (
    text
      .replace(/\b(I['’]?m|I\s+am|we['’]?re|we\s+are|they['’]?re|they\s+are|he['’]?s|she['’]?s|it['’]?s)\s+gonnae\b/gi, "$1 going to")
      .replace(/\bgonnae\s+no\b/gi, "don't")
      .replace(/\bgonnae\s+(?:you\s+)?/gi, "can you ")
      .replace(
        /\b(?:cannae|canna|dinnae|dinna|didnae|doesnae|isnae|wasnae|wouldnae|couldnae|shouldnae|willnae|hasnae|havnae|havenae)\b/gi,
        (w) => SCOTS_NOT[w.toLowerCase()]!,
      )
      .replace(/^\s*aye\b[,!.\s]*(?:so\s+)?/i, "")
      .replace(/\bwee\s+/gi, "")
      .replace(/\bthe\s+now\b/gi, "now")
      .replace(/\bat\s+the\s+minute\b/gi, "now")
      .replace(/\bthe\s+morn\b(?!\s+of\b)/gi, "tomorrow")
      // ("got $2,000 in fae Initech the day": today, where "the day" closes the clause.)
      .replace(
        /(?<!\b(?:of|on|by|for|that|same|whole|all|one|next|previous|every|each|per|a|what|which)\s)\bthe\s+day\b(?=\s*(?:[.,!?;]|$)|\s+(?:against|and|so|but|too|as\s+well)\b)/gi,
        "today",
      )
      .replace(/\bfae\b/gi, "from")
      .replace(/\boutwith\b/gi, "outside")
      .replace(/\bfolk\b/gi, "people")
      .replace(/[,;.]?\s*\bfair\s+play\b[.!,]*/gi, "")
      .replace(/\b(it|that|them|this)\s+mind\b(?=\s*[,.!?;]|\s*$)/gi, "$1")
      .replace(/[,.!]?\s+\bta\s*[.!]*\s*$/gi, "")
      // ("Isla Haddad's been promoted": has been.)
      .replace(/(?<=\p{L})['’]s\s+been\b/gu, " has been")
  );
}

function spokenWords(text: string): string {
  return unpidgined(text)
    .replace(/\b([a-z]+in)['’]?(?=[\s.,;:!?)]|$)/g, (word: string, stem: string) => (DROPPED_G.has(`${stem}g`) ? `${stem}g` : word))
    .replace(EXPLETIVES, "")
    .replace(/\bouttas?\b/gi, "out of")
    .replace(/\boughta\b/gi, "ought to")
    .replace(/\b(?:y'?|y’)all\b/gi, "you")
    .replace(
      /\b(getting|get|gets|got|on|of|all|with|for|to)\s+them\s+(?=(?:[\w-]+\s+)?(?:emails|invoices|bills|deals|candidates|folks|jobs|accounts|contacts)\b)/gi,
      "$1 the ",
    )
    .replace(/(?<=\b(?:see|get|send|show|all\s+of|scratch|reject|mark|void|pay|move)\s+)['’]?em\b/gi, "them");
}

/** Dictated text in typed form: fillers out, numbers as digits, corrections applied, addresses written. */
/** Capitals that are the thing's name, not a shout. */
const ACRONYMS = new Set(
  (
    "USD EUR GBP CHF CAD AUD JPY INV AE AM SDR BDR CFO CEO COO CTO CMO CRO VP SVP EVP HR AR AP QBR DSO KPI KPIS ARR MRR API PO " +
    "ASAP EOW EOD EOM EOY FYI BTW US USA UK EU UAE IT QA UX UI ID PDF CRM SaaS NDA MSA SOW RFP POC ROI LLC LTD INC GMBH PLC"
  )
    .split(" ")
    .concat(ISO_CODES),
);
/** Words that say what to do, a state or a kind of record: shouted, they are still those words. */
const SHOUTED_WORDS = new Set([
  ...STOPWORDS,
  ...Object.keys(ACTION_WORDS),
  ...Object.values(VALUE_WORDS).flat(),
  ...Object.values(RESOURCE_WORDS).flat(),
  // ("how much money is PAST DUE all together": a state's words shouted, never a name.)
  ..."past due off out together".split(" "),
]);
/** Short words shouted for emphasis ("paid in FULL"), not acronyms. */
const EMPHASIS = new Set("full urgent huge big still again really very today late soon".split(" "));

/**
 * "WE WON NORTHWIND!!!", "paid in FULL": a word in capitals for emphasis is the word; a name in capitals
 * (NORTHWIND) is written as a name. Acronyms (USD, CFO, INV-3) and a message with no lower case at all stay.
 */
function unshouted(text: string): string {
  if (!/[a-z]/.test(text)) return text.toLowerCase().replace(/(^|[.!?]\s+)([a-z])/g, (_, at: string, c: string) => at + c.toUpperCase());
  return text.replace(/\b[A-Z]{2,}\b(?![-\d])/g, (word, at: number) => {
    if (ACRONYMS.has(word) || /^Q[1-4]$/.test(word)) return word;
    const lower = word.toLowerCase();
    // ("FRANCES ACCEPTED": a shouted past or -ing form is a verb, not part of a name.)
    if (SHOUTED_WORDS.has(lower) || /^[A-Z]{3,}(?:ED|ING)$/.test(word)) return lower;
    // ("an HVAC service tech": a short word in capitals among lower-case ones is an acronym, not a shout.)
    const beside = `${text.slice(Math.max(0, at - 30), at)} ${text.slice(at + word.length, at + word.length + 30)}`;
    if (word.length <= 5 && !EMPHASIS.has(lower) && !/\b[A-Z]{2,}\b/.test(beside)) return word;
    return word[0] + lower.slice(1);
  });
}

/**
 * Signs that the one writing puts the day first: sterling or euros, British or Commonwealth words, a company agreed
 * with as a plural, or another date in the message that can only be day first ("15/01"). Without one, "3/2" is read as most software reads it.
 */
const DAY_FIRST_SIGNS =
  /£|€|\b(?:GBP|EUR|sterling|quid|pence|fortnight|cheers|ta|aye|wee|gonnae|cannae|fae|outwith|colour|favour|whilst|organisation|cheque|kindly|revert|do\s+the\s+needful|mate|lads?|grand|reckon)\b|(?<![\d/])(?:1[3-9]|2\d|3[01])\/(?:0?[1-9]|1[0-2])(?![\d])/i;
/** "Umbrella Health have asked": a company as a plural, as British English agrees with it. */
const COMPANY_AS_PLURAL =
  /\b(?!(?:The|We|They|You|I)\b)[A-Z][\w&'’-]+(?:\s+(?!and\b)[A-Z][\w&'’-]+)+\s+have\s+(?:just\s+|now\s+|finally\s+)?(?:asked|paid|sent|signed|said|agreed|confirmed|requested|come\s+back|been\s+in\s+touch|rung|emailed|called)\b/;

/** "push the due date back to 3/2" from a day-first writer: the 3rd of February, written out so no reader guesses. */
function dayFirstDates(message: string): string {
  if (!DAY_FIRST_SIGNS.test(message) && !COMPANY_AS_PLURAL.test(message)) return message;
  return message.replace(
    /\b(to|on|by|for|until|till|before|after|from|due|dated|date|of|is|be|close|closes|closing)\s+(?:the\s+)?(0?[1-9]|1[0-2])\/(0?[1-9]|1[0-2])(?:\/(\d{4}|\d{2}))?(?![\d/])/gi,
    (_, word: string, d: string, m: string, y: string | undefined) =>
      `${word} ${Number(d)} ${MONTHS[Number(m) - 1]!}${y ? ` ${y.length === 2 ? `20${y}` : y}` : ""}`,
  );
}
/** "KES 450,000", "USD 21000.00": a currency's code before the figure (said after it, where amounts take it). */
const CODE_BEFORE_FIGURE = new RegExp(String.raw`\b(${ISO_CODES.join("|")})\s?(\d(?:[\d,]*\d)?(?:\.\d+)?(?:\s?(?:k|m|mm|bn)\b)?)(?![\d.,]?\d)`, "g");

export function spoken(message: string): string {
  let text = spokenWords(
    fromSpanish(
      fromPortuguese(
        fromItalian(
          fromPolish(
            fromIndonesian(
              fromTagalog(fromSwahili(fromTurkish(fromChinese(unscotted(officeEnglish(unshouted(unpasted(unnotated(dayFirstDates(message)))))))))),
            ),
          ),
        ),
      ),
    ),
  )
    .replace(HIRING_MANAGER, "hiring manager")
    .replace(FILLERS, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(OPENERS, "");
  text = addresses(text);
  // "y'all got anything from Wayne yet?? what all invoices ...": whom the question after it is about; alone, whether they paid.
  text = text
    .replace(/^\s*(?:have\s+|did\s+)?(?:you|we)\s+(?:got|get|received|receive|heard)\s+anything\s+from\s+(.+?)\s+yet\s*\?+\s*(?=\S)/i, "$1 - ")
    .replace(/^\s*(?:have\s+|did\s+)?(?:you|we)\s+(?:got|get|received|receive)\s+anything\s+from\s+(.+?)\s+yet\s*\?*\s*$/i, "has $1 paid anything yet?");
  // "how're we fixed with Acme, what's owed": the account the question after it is about.
  text = text.replace(
    /^\s*how(?:'re|’re|\s+are)\s+(?:we|things)\s+(?:fixed|placed|set|looking|doing|going)\s+(?:with|for|on)\s+(.+?)\s*[,:;?–—-]+\s*(?=(?:what|how|who|which|when|anything)\b)/i,
    "$1 - ",
  );
  // "reckon how many folks ...? all of em, don't matter what stage": the hedge and the "whatever the stage" hold no request.
  text = text
    .replace(/^\s*(?:i\s+)?(?:reckon|suppose)\s+(?=(?:how|what|which|who|when|where)\b)/i, "")
    .replace(
      /[?.,;]?\s*\b(?:all\s+of\s+(?:them|'?em)\b[,\s]*)?(?:it\s+)?(?:don'?t|doesn'?t|does\s+not|no)\s+matter\s+(?:what|which)\s+(?:stage|status|state)\b/gi,
      "?",
    );
  // "how about push INV-13 due date 2 week more? please do it": a change suggested, then asked for.
  text = text.replace(
    /\bhow\s+about\s+((?:push|move|change|extend|mark|set|make|add|close|give)\b[^?]*)\?\s*(?:(?:please|pls|kindly)\s+(?:do\s+it|go\s+ahead|proceed)\b[.!]*)?/gi,
    "$1.",
  );
  // "the payment of Stark all arrive? which invoice still not pay": which of theirs are unpaid, one question.
  text = text.replace(
    /\b(?:did\s+|has\s+)?(?:the\s+)?payments?\s+(?:of|from)\s+(.+?)\s+(?:all\s+)?(?:arrive|arrived|came|come|come\s+in|received)(?:\s+already)?\s*\?+\s*(?:which|what)\s+(invo\w*|bills?)\s+(?:is\s+|are\s+)?still\s+(?:not\s+(?:pay|paid)(?:\s+yet)?|unpaid|open)\s*\?*/gi,
    "which invoices of $1 are still unpaid?",
  );
  // "how much does X still owe us? I mean all the invoices not yet paid, also the overdue": the same question, said again.
  text = text.replace(
    /(\?)\s*I\s+mean\s+(?:all\s+)?(?:the\s+)?(?:invoices|ones|bills)\s+(?:not\s+(?:yet\s+)?paid|unpaid|still\s+open|which\s+[^?.!]*\b(?:must|have\s+to|need\s+to)\s+pay)\b[^?.!]*[.?!]*/gi,
    "$1",
  );
  // "move it to closed won + update the amount to 35k": a plus between two requests is an "and".
  text = text.replace(/\s\+\s(?=(?:update|set|change|move|mark|add|push|bump|make|put|tag|enrol+|remove|take)\b)/gi, " and ");
  // « New lead follow-up »: a name in French quotation marks.
  text = text.replace(/«\s*([^«»]{1,80}?)\s*»/g, '"$1"');
  // "... stop contacting them full stop", "new paragraph": punctuation said aloud when dictating.
  text = text
    .replace(/\s*\bfull\s+stop\b\s*/gi, ". ")
    .replace(/\s*\bquestion\s+mark\b\s*/gi, "? ")
    .trim();
  // "Hello Sam, which ...": whom the message is addressed to is no part of it.
  text = text.replace(/^\s*(?:hi|hello|hey|dear|morning|good\s+(?:morning|afternoon|evening))\s+[A-Z][a-z]+\s*[,!:–—-]\s*/i, "");
  // "que vacancies are open? sorry, which vacancies": what the one asking corrected themselves to.
  text = text.replace(/^[^.?!]{3,80}[?.!,]\s*(?:sorry|oops|i\s+mean|i\s+meant)[,:]?\s+(?=(?:which|what|how|who|when|where|show|list)\b)/i, "");
  // "when's the tyrell deal supposed to close again": asked again, the same question.
  text = text.replace(/^(\s*(?:when|what|who|which|how|where)\b[^?]*?)\s+again(?=\s*[?.!]*\s*$)/i, "$1");
  // "between now and the end of the year": from today ("now" alone is a filler elsewhere).
  text = text.replace(/\bbetween\s+(?:right\s+)?now\s+and\b/gi, "between today and");
  // "our d s o", "the k p i list": an abbreviation said letter by letter.
  // (Edges by letters of any script: "bakım sözleşmesi" holds no "m s".)
  text = text.replace(/(?<![\p{L}\p{N}_])(?:[b-hj-z]\s){1,3}[b-hj-z](?![\p{L}\p{N}_'’])/giu, (letters) => letters.replace(/\s/g, "").toUpperCase());
  // "3 000,50 €", "18 000 €", "€ 45 000": thousands set apart by spaces, as French writes them, next to a currency.
  text = text.replace(
    /(?<![\d.,])(\d{1,3}(?:[ \u00a0\u202f]\d{3})+)(?:,(\d{1,2}))?(?=\s?(?:€|\$|£|(?:USD|EUR|GBP|CHF|INR|euros?|dollars?|pounds?)\b))|(?<=(?:[€$£]|\b(?:USD|EUR|GBP|CHF|INR))\s?)(\d{1,3}(?:[ \u00a0\u202f]\d{3})+)(?:,(\d{1,2}))?(?!\d|,\d)/gi,
    (_, a?: string, aCents?: string, b?: string, bCents?: string) => {
      const cents = aCents ?? bCents;
      return `${(a ?? b)!.replace(/\D/g, "")}${cents ? `.${cents}` : ""}`;
    },
  );
  // "USD 1w", "3w RMB": ten thousands (万, "wan"), as China counts, next to a currency.
  text = text.replace(
    /(\b(?:USD|EUR|GBP|RMB|CNY|HKD)\s?|[$¥]\s?)(\d+(?:\.\d+)?)\s?w\b|\b(\d+(?:\.\d+)?)\s?w(?=\s?(?:USD|EUR|GBP|RMB|CNY|HKD|dollars?)\b)/gi,
    (_, cur: string | undefined, a: string | undefined, b: string | undefined) => `${cur ?? ""}${Math.round(Number(a ?? b) * 10_000)}`,
  );
  // "INR 1,50,000": lakhs grouped in twos, as India writes them; "1.5 lakh", "2 crore": the same, in words.
  text = text.replace(/(?<![\d.,])\d{1,2}(?:,\d{2})+,\d{3}(?![\d,])/g, (n: string) => n.replace(/,/g, ""));
  text = text.replace(/\s*\(\s*(?:(?:INR|Rs\.?|₹)\s?)?\d+(?:\.\d+)?\s*(?:lakhs?|lacs?|crores?)\s*\)/gi, "");
  text = text.replace(/\b(\d+(?:\.\d+)?)\s*(lakhs?|lacs?|crores?)\b/gi, (_, n: string, unit: string) =>
    String(Math.round(Number(n) * (/^c/i.test(unit) ? 1e7 : 1e5))),
  );
  // "2.500,00 GBP", "18.065,37", "USD 8.925,59.": thousands with dots and cents after a comma, as most of Europe writes them.
  text = text.replace(
    /(?<![\d.,])(\d{1,3}(?:\.\d{3})+|\d{1,3}),(\d{2})(?!\d|[.,]\d)/g,
    (_, whole: string, cents: string) => `${whole.replace(/\./g, "")}.${cents}`,
  );
  // "12,5k", "1,2 m": a comma before one or two digits and a scale is a decimal comma ("12,500k" is not).
  text = text.replace(/(?<![\d.,])(\d{1,3}),(\d{1,2})(\s?(?:k|m|mm|bn)\b)/gi, "$1.$2$3");
  // "USD 32.500", "€ 1.250": a dot before three digits after a currency is a thousands separator, as most of Europe writes it.
  text = text.replace(
    /(\b(?:USD|EUR|GBP|CHF)\s?|[€$£]\s?)(\d{1,3}(?:\.\d{3})+)(?!\d|[.,]\d)/gi,
    (_, cur: string, n: string) => `${cur}${n.replace(/\./g, "")}`,
  );
  // "above USD 21000.00", "EUR 450": a currency's code before the figure is said after it, where amounts take it.
  text = text.replace(CODE_BEFORE_FIGURE, "$2 $1");
  // "1.250 €", "32.500 euros": the same, the currency after.
  text = text.replace(/(?<![\d.,])(\d{1,3}(?:\.\d{3})+)(?=\s?(?:€|\$|£|(?:USD|EUR|GBP|CHF|euros?|dollars?|pounds?)\b))/gi, (n: string) => n.replace(/\./g, ""));
  // "18000 €", "3000€": a currency's sign after the figure, as most of Europe writes it, is its code.
  text = text.replace(/(\d(?:[\d,.]*\d)?(?:\s?(?:k|m|mm|bn)\b)?)\s?([€£])(?![\d])/gi, (_, n: string, sign: string) => `${n} ${sign === "€" ? "EUR" : "GBP"}`);
  // "15/01", "30/12/2026": day first, as most of the world writes it, when the first number cannot be a month.
  // ("31-03-2027", "31.03.2027": the same, with the year, which dashes and dots need to be read as a date.)
  text = text.replace(/(?<![\d/.-])(1[3-9]|2\d|3[01])([-.])(0?[1-9]|1[0-2])\2(\d{4})(?![\d.-]\d)/g, (_, d: string, _sep: string, m: string, y: string) => {
    return `${Number(d)} ${MONTHS[Number(m) - 1]!} ${y}`;
  });
  text = text.replace(/(?<![\d/.-])(1[3-9]|2\d|3[01])\/(0?[1-9]|1[0-2])(?:\/(\d{4}|\d{2}))?(?![\d/])/g, (_, d: string, m: string, y: string | undefined) => {
    const month = MONTHS[Number(m) - 1]!;
    return `${Number(d)} ${month}${y ? ` ${y.length === 2 ? `20${y}` : y}` : ""}`;
  });
  // "expected close 31.03", "due date on 20.01": day and month with a dot, after a word that says a date follows.
  text = text.replace(
    /\b(close|closing|due|deadline|date|on|until|till|before|after|from)\s+(0?[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])(?![\d.,]\d|\d)/gi,
    (_, word: string, d: string, m: string) => `${word} ${Number(d)} ${MONTHS[Number(m) - 1]!}`,
  );
  text = ordinalDays(text);
  // "the last day of next month", "of next quarter": its end.
  text = text.replace(
    /\b(?:the\s+)?(?:very\s+)?last\s+day\s+of\s+(?=(?:the\s+)?(?:next|this|the\s+following|the\s+coming)\s+(?:month|quarter|year|week)\b|(?:the\s+)?(?:month|quarter|year)\b)/gi,
    "the end of ",
  );
  text = outsideQuotes(text, numbersAsDigits);
  // "twelve thousand eighteen dollars and twenty seven cents".
  text = text.replace(
    /\b(\d+)\s+(dollars?|euros?|pounds?|bucks)\s+and\s+(\d{1,2})\s+(?:cents?|pence|p)\b/gi,
    (_, whole, unit, cents) => `${whole}.${cents.padStart(2, "0")} ${unit}`,
  );
  text = corrected(text);
  // "eighty five hundred and something", "8.5k-ish", "12k or so": a rough figure.
  text = text.replace(/\b(\d[\d,.]*(?:\s?k\b)?)(?:-?ish|\s+odd|\s+or\s+so|\s+and\s+(?:change|something|a\s+bit))\b/gi, "about $1");
  // Heard for "invoice": a phrase no one types.
  text = text.replace(/\bin\s?voice(s?)\b/gi, "invoice$1");
  return sentences(text);
}
