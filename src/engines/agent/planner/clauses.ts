import { tagsOf, type Language } from "./nlp.ts";
import {
  actionOf,
  FIELD_WORDS,
  GROUP_WORDS,
  PREPS,
  QUESTION_START,
  READS,
  RESOURCE_WORDS,
  resourceOf,
  STATE_WORDS,
  STOPWORDS,
  VALUE_WORDS,
} from "./lexicon.ts";
import { asksFigures } from "./metrics.ts";

/*
 * A message is often more than its request: a remark before it ("Grace Hopper looks promising, can you move
 * her to screening"), a reason after it ("I have a feeling we forgot a few"). These functions find the request
 * among the message's sentences and clauses, and take from the rest only what the request points back to.
 */

// A pause: punctuation, a dash, an emoji, or "please" starting a new request ("... last night please mark her hired").
const CLAUSE = /\s*(?:[;!]|,(?!\d{3}\b)|\s[-–—]+\s|\p{Extended_Pictographic}+|\s(?=(?:so\s+|and\s+)?please\s))\s*/u;
const POLITE =
  /^(?:(?:can|could|would|will|shall)\s+(?:you|u|we)\s+|please\s+|pls\s+|plz\s+|so\s+|then\s+|and\s+|just\s+|now\s+|go ahead and\s+|let'?s\s+|we (?:should|need to|must)\s+|i need you to\s+|kindly\s+)*/i;
/** Words in a request that stand for a record named before: "move her", "close the job out". */
const PRONOUN = new RegExp(
  // ("the contacts there", "the contacts at Stark" are the records a place says, not one record pointed back at.)
  String.raw`\b(?:him|her|them|it|(?:that|this|the) one|(?:the|that|this)\s+(?:${Object.values(RESOURCE_WORDS).flat().join("|")})(?:s(?!\s+(?:over\s+there|there|at|for|from|with|of|in|on)\b))?)\b`,
  "i",
);
/** "void their open invoice": whose record, said of the remark's subject. */
const POSSESSIVE = /\b(?:their|his|its)\b/i;
const imperative = (clause: string) => {
  const bare = clause.replace(POLITE, "");
  // "sorting interview rooms for next week": what someone is doing, not a request.
  if (/^[a-z]+ing\b/i.test(bare)) return false;
  // "new territory rep is taking over stark": news of someone new, not a request to add them.
  if (/^new\s+(?:[\w-]+\s+){1,3}(?:is|are|was|were|has|have|just|starts|started|joined|takes|taking)\b/i.test(bare)) return false;
  // "write it off", "write off INV-3": a verb of two words.
  return (
    actionOf(/^[a-z]+/i.exec(bare)?.[0]?.toLowerCase() ?? "") !== undefined ||
    /^(?:put\s+(?:it|him|her|them|this|that)\s+(?:in|into|to|on)\s|write\s+(?:\S+\s+)?off|set\s+up|sign\s+up|rate|re-?rate|score|pause|resume|unpause|(?:tag|label|flag)(?=\s+(?:\S+\s+){0,4}?(?:as|with)\b))\b|^(?:take|pull|get|drop)\s+\S+(?:\s+\S+)?\s+(?:out\s+of|off)\b/i.test(
      bare,
    )
  );
};

/** "acme called": who did it, when it is one to three words before the verb, written in lower case or not. */
function subjectOf(lang: Language, clause: string): string | undefined {
  const words: string[] = [];
  for (const term of lang.nlp(clause).terms().json() as { text: string; terms: { tags: string[] }[] }[]) {
    const tags = term.terms[0]?.tags ?? [];
    if (tags.includes("Verb") || tags.includes("Copula")) break;
    if (tags.includes("Pronoun") || tags.includes("Determiner") || tags.includes("Preposition")) return undefined;
    words.push(term.text);
  }
  if (words.length === 0 || words.length > 3 || words.length === clause.trim().split(/\s+/).length) return undefined;
  if (words.some((w) => STOPWORDS.has(w.toLowerCase()) || resourceOf(w.toLowerCase()) !== undefined)) return undefined;
  return words.join(" ");
}

/** "globex - how much do they owe": a few words set apart before a question, naming nothing else, are its topic. */
function topicWords(lang: Language, before: string[]): string | undefined {
  if (before.length !== 1) return undefined;
  const words = before[0]!.trim().split(/\s+/);
  if (words.length > 3 || words.some((w) => STOPWORDS.has(w.toLowerCase()) || resourceOf(w.toLowerCase()) !== undefined)) return undefined;
  return tagsOf(lang, before[0]!).some((tags) => tags.includes("Verb") || tags.includes("Pronoun")) ? undefined : before[0]!.trim();
}

/**
 * "Grace Hopper looks promising, can you move her on to screening", "Tyrell went with a competitor, mark it lost":
 * a remark about someone, then the request about them. The request is kept, its pronoun standing for the
 * remark's subject (the words before the remark's verb); a remark holding figures, addresses or quotes is kept whole.
 */
function withoutRemark(lang: Language, text: string): string {
  const clauses = text.split(CLAUSE).filter(Boolean);
  if (clauses.length < 2 || imperative(clauses[0]!)) return text;
  // "HR is reviewing the referral scheme, which candidates came through referrals?": the question is the request.
  // "could you move her to the next stage?" ends with a question mark but is a request.
  const question = clauses.findIndex(
    (c, i) => i > 0 && asks(c) && !(imperative(c) && !QUESTION_START.test(c.replace(POLITE, "").toLowerCase())) && !asks(clauses[0]!),
  );
  const before = clauses.slice(0, question);
  // "the customer on INV-21, when is it due": it is the record numbered before the question.
  const numbered = before
    .map((c) => RECORD_NUMBER.exec(c)?.[0])
    .filter(Boolean)
    .at(-1);
  const asked = clauses.slice(question).join(", ");
  if (question > 0 && numbered && /\b(?:it|that|this)\b/i.test(clauses[question]!) && !RECORD_NUMBER.test(asked) && !before.some(imperative))
    return asked.replace(/\b(?:it|that|this)\b/i, numbered);
  // ("renewal call w Acme in an hour": the words of a meeting name no records asked about.)
  const met = question > 0 ? metWith(before.join(", ")) : undefined;
  if (
    question > 0 &&
    !before.some(holdsData) &&
    !before.some(imperative) &&
    (met !== undefined || !before.some((c) => VOCABULARY.test(c) || CURRENCY_WORD.test(c)))
  ) {
    // "Ava at Stark, can you show me their open invoices": they are the organization someone was named at.
    // "qbr with stark tmrw, what do they owe": the one the meeting is with, in whatever case.
    const name = organization(before.join(", ")) ?? met ?? clauses.slice(0, question).map(properName).find(Boolean) ?? subjectOf(lang, before.at(-1)!);
    const rest = clauses.slice(question).join(", ");
    // ("prep - what open deals do we have with Umbrella Health and what are they worth": they are the name the question says.)
    const topic =
      name ||
      properName(
        clauses
          .slice(question)
          .join(", ")
          .replace(/^\S+\s*/, ""),
      )
        ? undefined
        : topicWords(lang, before);
    // "katherine johnson - where is she at in the process": she is the person set apart.
    if (topic && /\b(?:she|he|her|him)\b/i.test(rest)) return rest.replace(/\b(?:she|he|her|him)\b/i, topic);
    if (topic)
      return rest
        .replace(/\b(?:over\s+)?there\b/i, `at ${topic}`)
        .replace(/\b(?:they|them)\b/i, topic)
        .replace(/\btheir\b/i, `${topic}'s`);
    if (!name) return rest;
    // "Wayne Enterprises, how much is still owed": a name set apart before a question that points at no one is its topic.
    if (before.length === 1 && before[0]!.trim() === name && !/\b(?:they|them|their|there|it|its)\b/i.test(rest))
      return `${rest.replace(/[?.!\s]+$/, "")} for ${name}?`;
    // "Stark Logistics keeps paying late, how much do they owe us": they are the one named.
    return rest
      .replace(/\b(?:over )?there\b/i, `at ${name}`)
      .replace(/\b(?:they|them)\b/i, name)
      .replace(/\btheir\b/i, `${name}'s`);
  }
  const k = clauses.findIndex((c, i) => i > 0 && imperative(c));
  if (k <= 0) return text;
  // "the deals of Stark Logistics that are still open, which are and in what stage?": the records asked about are
  // named before the question, which names none of its own.
  const wh = QUESTION_START.test(clauses[k]!.replace(POLITE, "").trim().toLowerCase());
  if (wh && clauses.slice(0, k).some((c) => VOCABULARY.test(c)) && !VOCABULARY.test(clauses[k]!)) return text;
  // "they wired the full balance on INV-11 this morning, so please mark it as paid": "it" is the record numbered.
  const number = clauses
    .slice(0, k)
    .map((c) => RECORD_NUMBER.exec(c)?.[0])
    .filter(Boolean)
    .at(-1);
  // ("got 2k usd from acme against INV-38, log it": the amount told is the request's too, so the remark stays.)
  const amountTold = clauses.slice(0, k).some((c) => MONEY_TOLD.test(c.replace(RECORD_NUMBER, "")));
  if (number && !amountTold && PRONOUN.test(clauses[k]!)) return [clauses[k]!.replace(POLITE, "").replace(PRONOUN, number), ...clauses.slice(k + 1)].join(", ");
  // "Oscorp asked for more time on INV-8, cash flow issues — can we push the due date to the 15th": the date of the record numbered.
  const fieldOf = /\bthe\s+(due\s+date|amount|balance)\b/i;
  if (number && !amountTold && fieldOf.test(clauses[k]!) && !RECORD_NUMBER.test(clauses[k]!))
    return [clauses[k]!.replace(POLITE, "").replace(fieldOf, `the $1 of ${number}`), ...clauses.slice(k + 1)].join(", ");
  // "Stark came back on our proposal for the "Support upgrade" deal, ..., so move it to Negotiation": it is the record
  // named in quotes.
  const quoted = clauses
    .slice(0, k)
    .map((c) => /["“][^"“”]{2,60}["”](?:\s+(?:deal|invoice|job|role|sequence))?/.exec(c)?.[0])
    .filter(Boolean)
    .at(-1);
  if (quoted && !/["“]/.test(clauses[k]!) && /\b(?:it|that\s+one|this\s+one)\b/i.test(clauses[k]!))
    return [clauses[k]!.replace(POLITE, "").replace(/\b(?:it|that\s+one|this\s+one)\b/i, `the ${quoted}`), ...clauses.slice(k + 1)].join(", ");
  // ("isla haddad's title is vp finance, can you update the title on their contact": the value is told first.)
  if (clauses.slice(0, k).some((c) => holdsData(c) || FIELD_TOLD.test(c))) return text;
  // Which record a deletion means is never guessed from a remark, unless the remark names it ("Pied Piper's invoice was a duplicate, so void it").
  const verb = actionOf(/^[a-z]+/i.exec(clauses[k]!.replace(POLITE, ""))?.[0]?.toLowerCase() ?? "");
  const destructive = verb !== undefined && ["delete", "void", "uncollectible", "archive"].includes(verb);
  const recordSaid = namedRecord(clauses[0]!);
  if (destructive && recordSaid && PRONOUN.test(clauses[k]!))
    return [clauses[k]!.replace(POLITE, "").replace(PRONOUN, recordSaid), ...clauses.slice(k + 1)].join(", ");
  const subject: string[] = [];
  const terms = lang.nlp(clauses[0]!).terms().json() as { text: string; terms: { tags: string[] }[] }[];
  for (const [n, term] of terms.entries()) {
    const tags = term.terms[0]?.tags ?? [];
    // ("Pied Piper asked ...": a word in capitals before another opens a name, whatever else it may be.)
    const inName = /^\p{Lu}/u.test(term.text) && /^\p{Lu}/u.test(terms[n + 1]?.text ?? "") && subject.every((w) => /^\p{Lu}/u.test(w));
    if (((tags.includes("Verb") && !/ing$/i.test(term.text)) || tags.includes("Copula")) && !inName) break;
    // "Isla Haddad and Leo Andersen both showed up": both, all or each ends who was named.
    if (subject.length > 0 && /^(?:both|all|each)$/i.test(term.text)) break;
    // "pied piper finally paid up": how or when is not who.
    if (tags.includes("Adverb")) continue;
    subject.push(term.text);
  }
  // "Katherine's final interview went well": the one the remark is about is the possessor.
  const owner = subject.findIndex((w) => /['’]s$/i.test(w));
  if (owner >= 0) {
    subject.splice(owner + 1);
    subject[owner] = subject[owner]!.replace(/['’]s$/i, "");
  }
  // "tim berners lee the designer guy absolutely nailed the interview": a name, then who they are.
  const apposed = subject.findIndex((w, n) => n >= 2 && /^(?:the|our|a|an|that|this)$/i.test(w));
  const nameLike = (w: string) => /^[a-z][a-z'’-]+$/i.test(w) && !/ing$/i.test(w) && !STOPWORDS.has(w.toLowerCase()) && !PREPS.has(w.toLowerCase());
  if (apposed > 0 && apposed <= 3 && subject.length > 3 && subject.slice(0, apposed).every(nameLike)) subject.splice(apposed);
  // "references for frances allen came back lukewarm": the one it is about follows the preposition.
  const about = subject.map((w) => /^(?:for|on|about|of|with)$/i.test(w)).lastIndexOf(true);
  if (about > 0 && about < subject.length - 1 && !/^[A-Z]/.test(subject[0]!)) subject.splice(0, about + 1);
  // "After the phone screen we've decided ... with Alan": a name written with a capital, when the subject names no one.
  if (
    subject.length === 0 ||
    subject.length > 5 ||
    PREPS.has(subject[0]!.toLowerCase()) ||
    /^(?:i|we|you|they|after|before|since|following|given|when|if)$/i.test(subject[0]!) ||
    // ("We've decided not to take Ken Thompson forward ..., mark them as rejected": them is the one named.)
    (/^(?:i|we|you|they)['’](?:ve|re|d|m|ll)$/i.test(subject[0]!) && /\b(?:him|her|them)\b/i.test(clauses[k]!)) ||
    // "The hiring manager liked Ken Thompson's resume, move them to screening": who is told of, not who told.
    (/^(?:the|a|an|our|my|their)$/i.test(subject[0]!) &&
      !subject.slice(1).some((w) => /^[A-Z]/.test(w)) &&
      properName(clauses.slice(0, k).join(", ")) !== undefined)
  ) {
    const name = properName(clauses.slice(0, k).join(", "));
    subject.splice(0, subject.length, ...(name ? name.split(/\s+/) : []));
  }
  const command = clauses[k]!.replace(POLITE, "");
  const rest = clauses.slice(k + 1);
  // "finally got the green light, open a req: ...": what happened to the one asking, which the request needs nothing of.
  const happened = clauses.slice(0, k).every((c) => tagsOf(lang, c).some((tags) => tags.includes("Verb") && !tags.includes("Gerund")));
  // (Not before a question: "offers out - which cands" says which records are asked about.)
  if (subject.length === 0 && happened && !asks(command) && command.includes(" ") && !PRONOUN.test(command) && !POSSESSIVE.test(command))
    return [command, ...rest].join(", ");
  // Not a remark: no verb after a subject.
  if (subject.length === 0 || subject.length > 5 || subject.length === clauses[0]!.split(/\s+/).length) return text;
  // "Diane has had a think and doesn't feel Radia Perlman is right for us ... rejecting her application": her is the
  // one person the remark names in full, when its subject is someone else named by a first name alone.
  const someone = /^(?:him|her)$/i.test(PRONOUN.exec(command)?.[0] ?? "") && subject.length === 1 && /^[A-Z]/.test(subject[0]!);
  const fullNames = someone
    ? [
        ...clauses
          .slice(0, k)
          .join(", ")
          .matchAll(/\b([A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?\s+[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?)\b/g),
      ].map((m) => m[1]!)
    : [];
  if (fullNames.length === 1 && !fullNames[0]!.startsWith(`${subject[0]} `)) return [command.replace(PRONOUN, fullNames[0]!), ...rest].join(", ");
  // "Acme is late again, void INV-3": the request names its record itself.
  const named = subject.filter((w) => !STOPWORDS.has(w.toLowerCase()) && resourceOf(w.toLowerCase()) === undefined);
  // "the proposal went out to Tyrell, so bump their deal": whose, by the name the remark gives.
  // "Spoke to Ava at Stark, can you show me their open invoices": their is the organization someone was named at.
  const told = clauses.slice(0, k).join(", ");
  const whose =
    (/\btheir\b/i.test(command) ? (organization(told) ?? toldName(told)) : undefined) ?? properName(told) ?? (named.length > 0 ? subject.join(" ") : undefined);
  // "Hooli asked for more time on the euro invoice, push its due date out": its is the record the remark names.
  // "..., push the due date back two weeks": a date of no record named is the told record's.
  const field =
    /\bits\s+((?:due|close|start)\s+date|amount|value|stage|status|location|title|description)\b/i.exec(command) ??
    (RECORD_NUMBER.test(command) ||
    /[.?!]\s/.test(told) ||
    // "to the end of January" names a day, not whose date it is.
    /\b(?:of|on|for)\s+(?:the|their|his|her|[A-Z])/.test(
      command.replace(/\b(?:the\s+)?(?:end|start|beginning|middle|mid|first\s+week|last\s+week|first|last)\s+of\s+(?:the\s+)?/gi, ""),
    )
      ? null
      : /\bthe\s+((?:due|close|start)\s+date|amount|value)\b/i.exec(command));
  const record = field && whose ? TOLD_RECORD.exec(told) : null;
  if (field && record)
    return [
      command.replace(field[0], `the ${field[1]} of the ${record[1]!.toLowerCase().includes(whose!.toLowerCase()) ? "" : `${whose} `}${record[1]}${record[2]}`),
      ...rest,
    ].join(", ");
  // "Umbrella pilot is slipping, push the close date to end of January": the date of what the remark is about.
  if (field && !record && !POSSESSIVE.test(command) && named.length > 0 && subject.length <= 4)
    return [command.replace(field[0], `the ${field[1]} of ${subject.join(" ")}`), ...rest].join(", ");
  if (POSSESSIVE.test(command) && whose) return [command.replace(POSSESSIVE, `${whose}'s`), ...rest].join(", ");
  // "James Novak signs off on everything, tag as decision-maker": a verb with no object is done to the remark's subject.
  const objectless = /^((?:tag|label|flag|move|mark|set|put|add|enrol?l|sign\s+up|bump|advance|change|update))\s+(?=(?:as|to|into|in|with|on)\b)/i.exec(
    command,
  );
  if (objectless && named.length > 0 && !PRONOUN.test(command) && subject.every((w) => /^[A-Z]/.test(w)))
    return [`${objectless[1]} ${subject.join(" ")} ${command.slice(objectless[0].length)}`, ...rest].join(", ");
  // "tom said no to alan turing for the backend role, pls reject": a bare verb doing what the remark told is done
  // to whom the remark told it of.
  if (!command.includes(" ")) {
    const told0 = clauses[0]!.split(/\s+/);
    const at = told0.findIndex((w, i) => i >= subject.length && /^[a-z]+$/i.test(w));
    const stem = told0[at]?.toLowerCase() ?? "";
    const same = [stem, stem.replace(/ed$/, ""), stem.replace(/d$/, "")].some(
      (w) => actionOf(w) !== undefined && actionOf(w) === actionOf(command.toLowerCase()),
    );
    if (same && at + 1 < told0.length) return [`${command} ${told0.slice(at + 1).join(" ")}`, ...rest].join(", ");
  }
  if (!PRONOUN.test(command)) return command.includes(" ") ? [command, ...rest].join(", ") : text;
  // "Emma Dubois from Hooli left": the person, and where, said as "at" so the request's own "from" stays its own.
  const from = subject.findIndex((w, n) => n >= 2 && /^(?:from|of)$/i.test(w) && /^[A-Z]/.test(subject[n + 1] ?? ""));
  if (from > 0) subject[from] = "at";
  // A deletion's "him" or "her" is the person the remark names by full name ("Leo Andersen has left Stark, delete him").
  const person =
    /^(?:him|her)$/i.test(PRONOUN.exec(command)?.[0] ?? "") &&
    /^[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){1,2}(?:\s+at\s+[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)?$/.test(subject.join(" "));
  // ... or the one a superlative picks among the records the remark counts ("has 2 drafts, the smaller one is a dupe").
  const picked = /\b(?:oldest|earliest|newest|latest|small(?:er|est)|larg(?:er|est)|big(?:ger|gest)|cheap(?:er|est))\s+one\b/i.test(
    clauses.slice(0, k).join(" "),
  );
  const said = PRONOUN.exec(command)![0];
  const kind = /^(?:the|that|this)\s+(\S+)$/i.exec(said)?.[1];
  // "we're done with the account executive job - close the req": the req is the job the remark names.
  const toldOfKind = ofKindTold(told, kind);
  // ("We've made our hire for the Product Designer role, so set that job's status to closed": so whoever told it.)
  if (named.length === 0 && !destructive && toldOfKind) return [command.replace(PRONOUN, `the ${toldOfKind} ${kind}`), ...rest].join(", ");
  if (named.length === 0 || (destructive && !person && !picked)) return text;
  // "it", "that one", "that deal" stand for a thing: the last thing the remark names, with whose it is when it names no one.
  // "The owner has signed off the Initech pipeline review invoice, so could you send it out": it is the record named.
  const recordTold = /^(?:it|(?:that|this) one)$/i.test(said) ? namedRecord(told) : undefined;
  if (recordTold) return [command.replace(PRONOUN, `the ${recordTold}`), ...rest].join(", ");
  if (toldOfKind) return [command.replace(PRONOUN, `the ${toldOfKind} ${kind}`), ...rest].join(", ");
  // "Radia Perlman passed the screening, put the candidate in interview": the candidate is the person named, not what they passed.
  const personKind = kind !== undefined && ["candidate", "contact"].includes(resourceOf(kind.toLowerCase()) ?? "");
  if (personKind && subject.length >= 2 && subject.every((w) => /^[A-Z]/.test(w))) return [command.replace(PRONOUN, subject.join(" ")), ...rest].join(", ");
  const thing = /^(?:it|(?:that|this|the) one)$/i.test(said) || (kind && resourceOf(kind.toLowerCase())) ? lastThing(clauses.slice(0, k).join(" ")) : undefined;
  const whole = thing && resourceOf(thing.split(/\s+/).at(-1)!.toLowerCase()) === undefined ? thing : undefined;
  const noun = kind && resourceOf(kind.toLowerCase()) !== undefined && resourceOf(subject.at(-1)!.toLowerCase()) === undefined ? ` ${kind}` : "";
  // "has 2 draft invoices, the smaller one ...": the records counted, of which the superlative picks one.
  const counted = picked
    ? /\b(?:has|have|got)\s+\d{1,2}\s+((?:[a-z]+\s+)?)(invoice|bill|deal|contact|candidate|job|role)s\b/i.exec(clauses.slice(0, k).join(" "))
    : null;
  if (counted) return [command.replace(PRONOUN, `${subject.join(" ")} ${counted[1]}${counted[2]}`), ...rest].join(", ");
  if (whole) return [command.replace(PRONOUN, `${/[A-Z]/.test(whole) ? whole : `${subject.join(" ")} ${whole}`}${noun}`), ...rest].join(", ");
  // ("the interview was very good, put him in the next phase": him is a person, which "the interview" is not.)
  if (/^(?:him|her)$/i.test(said) && /^(?:the|a|an|this|that|our|my|their)$/i.test(subject[0] ?? "") && !subject.some((w) => /^[A-Z]/.test(w))) return text;
  // "we filled the Account Executive role, close the req": the req is the role named, and still a req.
  return [command.replace(PRONOUN, `${subject.join(" ")}${noun}`), ...rest].join(", ");
}

/** "the account executive job" in "we're done with the account executive job": the name of a record of this kind a remark tells of. */
function ofKindTold(told: string, kind: string | undefined): string | undefined {
  const sameKind = kind ? resourceOf(kind.toLowerCase().replace(/s$/, "")) : undefined;
  if (!sameKind) return undefined;
  const m = new RegExp(String.raw`\b(?:the|our|their|that|this)\s+((?:[\w-]+\s+){1,4}?)(?:${RESOURCE_WORDS[sameKind]!.join("|")})s?\b`, "i").exec(told);
  return m ? m[1]!.trim() : undefined;
}

/** "the euro invoice", "their data migration deal": a record a remark tells of, by the words before its kind. */
const TOLD_RECORD =
  /(?:\b(?:the|their|that|this|our)|(?<=\b[A-Z][\w&-]*['’]s?))\s+((?:[\w-]+\s+){0,3}?)(invoice|bill|deal|job|role|opportunity|(?:project|pilot|renewal|expansion|rollout|migration|upgrade)(?:\s+deal)?)\b/i;

/** "Aperture Labs' legal team needs more time on the data migration contract": the deal told of, by its owner's name. */
function dealTold(remark: string, owner: string): string | undefined {
  const m = /\b(?:the|their|our|that)\s+((?:[a-z][\w-]*\s+){0,3}?)(contract|deal|project|opportunity|renewal|pilot|rollout|migration|upgrade|expansion)\b/.exec(
    remark,
  );
  if (!m) return undefined;
  const words = `${m[1]!}${/^(?:contract|deal|project|opportunity)$/.test(m[2]!) ? "" : m[2]!}`.trim();
  return words ? `${owner} ${words} deal` : undefined;
}

/** "I mean the one at Aperture Labs, not the Umbrella Health one": where the one meant is. */
const WHICH_ONE =
  /^\s*(?:(?:no,?\s+)?i\s+mean[t]?|(?:that's|it's|specifically)|the\s+right\s+one\s+is)\s+the\s+one\s+(at|from|with|in|for)\s+([^,.!?]+?)(?:\s*,?\s*(?:and\s+)?not\s+[^.!?]+)?\s*[.!?]*\s*$/i;

/** "Pied Piper's invoice", "the Oscorp Materials invoice", "the Stark Logistics support upgrade deal": a record a remark names. */
function namedRecord(remark: string): string | undefined {
  const owned =
    /\b([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*['’]s\s+(?:[a-z][\w-]*\s+){0,3}(?:invoice|bill|deal|job|role|sequence|campaign|project|pilot|renewal|expansion|rollout|migration|upgrade))\b/.exec(
      remark,
    )?.[1];
  if (owned) return owned;
  // "I've checked the draft invoice for Initech against their lease": the record, then whose.
  const forWhom =
    /\b(?:[Tt]he|[Tt]heir|[Oo]ur)\s+((?:(?:draft|open|overdue|unpaid|latest|last|new|one)\s+)?(?:invoice|bill|deal)\s+(?:for|to|of|with)\s+[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)/.exec(
      remark,
    )?.[1];
  if (forWhom) return forWhom;
  const m =
    /\b(?:[Tt]he|[Tt]heir|[Oo]ur)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*(?:\s+[a-z][\w-]*){0,3}\s+(?:invoice|bill|deal|job|role|position|opening|sequence|campaign)(?:\s+in\s+(?:[A-Z]{3}|euros?|pounds?|dollars?|sterling))?)\b/.exec(
      remark,
    );
  return m?.[1];
}

/** Any word naming a state, a group of states or a kind of record: a clause holding one says what is asked. */
const VOCABULARY = new RegExp(
  String.raw`\b(?:${[...Object.values(VALUE_WORDS).flat(), ...Object.keys(GROUP_WORDS), ...Object.values(RESOURCE_WORDS).flat()]
    .map((w) => w.replace(/[-]/g, "[- ]?"))
    .join("|")})s?\b`,
  "i",
);
const asks = (clause: string) =>
  QUESTION_START.test(clause.trim().toLowerCase()) || /\b(?:how many|how much)\b|\?\s*$|^\s*(?:the\s+)?(?:number|count|total)\s+of\b/i.test(clause);
// "renewal call in 10 min": a time of day or a wait holds nothing a request needs.
// "has 2 draft invoices": a count of records is not a value either.
/** An amount of money: "2k usd", "$3,200", "EUR 450", "12.5k". */
const MONEY_TOLD = /[$€£]\s?\d|\b\d[\d,.]*\s?(?:k|m)?\s*(?:usd|eur|gbp|chf|dollars?|euros?|pounds?|bucks|quid)\b|\b(?:usd|eur|gbp|chf)\s?\d|\b\d[\d,.]*\s?k\b/i;
const holdsData = (clause: string) =>
  /[\d@"“”£$€]/.test(
    clause
      .replace(
        /\b\d+\s*(?:min|mins|minutes|hrs?|hours?|secs?|seconds|am|pm)\b|\b\d{1,2}:\d{2}\b|\b1[:-]on[:-]1\b|\b1:1s?\b|\bin\s+\d{1,2}(?=\s*$|\s*[,;—–-])|\bat\s+\d{1,2}(?:\s*o['’]clock)?(?=\s*$|\s*[,;!?]|\s+(?:about|to|for|with|re|regarding|today|tomorrow|and|so)\b)/gi,
        "",
      )
      // "we've agreed an extra 2 weeks": a span of time told is not a value either.
      .replace(/\b(?:an?\s+)?(?:extra|another|more|other)\s+\d{1,3}\s+(?:days?|weeks?|months?)\b/gi, "")
      .replace(/\b\d{1,2}\s+(?:[a-z]+\s+)?(?:invoices|bills|deals|contacts|candidates|jobs|roles|accounts)\b/gi, "")
      // "ken's 2nd call was meh": which call, not a value.
      .replace(/\b\d{1,2}(?:st|nd|rd|th)\s+(?:call|interview|round|meeting|chat|conversation|screen|time|try|attempt)\b/gi, ""),
  );
/** "in dollars, which is the biggest ...": a currency said before the question narrows it. */
const CURRENCY_WORD = /\b(?:usd|eur|gbp|euros?|dollars?|pounds?|sterling|yen)\b/i;
const RECORD_NUMBER = /\b[a-z]{2,5}-\d{1,9}\b/i;
const RECORD_NUMBERS = new RegExp(RECORD_NUMBER.source, "gi");
/** "INV-12 and INV-11", "INV-3, INV-4 & INV-5": several records numbered in one list. */
const NUMBER_LIST = /\b[a-z]{2,5}-\d{1,9}(?:\s*(?:,|and|&|\+)\s*(?:and\s+)?[a-z]{2,5}-\d{1,9}\b)+/i;

/**
 * "mark INV-12 and INV-11 as paid", "void INV-3, INV-4 and INV-5": the same change to each record numbered, one request
 * per record (a read over several, "what do INV-1 and INV-2 add up to", stays one).
 */
export function eachNumbered(text: string): string[] {
  const verb = actionOf(/^[a-z]+/i.exec(text.replace(POLITE, ""))?.[0]?.toLowerCase() ?? "");
  // (A change that waits for approval is proposed for each: the turn records one approval per record, each decided
  // on its own, and runs nothing more.)
  if (!verb || READS.has(verb)) return [];
  const list = NUMBER_LIST.exec(text);
  if (list) return list[0].match(RECORD_NUMBERS)!.map((n) => text.replace(list[0], n));
  // "move Radia Perlman and Alan Turing on to interview": people named in full, each moved. (A new record, or an
  // enrolment, reads its own list.)
  const people = EACH_PERSON.has(verb) ? PERSON_LIST.exec(text) : null;
  return people
    ? people[0]
        .split(/\s*(?:,|\band\b|&)\s*/)
        .filter(Boolean)
        .map((n) => text.replace(people[0], n))
    : [];
}
/** Whether a message may name several records for one change: a cheap test before the request is read for them. */
export const saysSeveral = (text: string) => (text.match(RECORD_NUMBERS)?.length ?? 0) > 1 || PERSON_LIST.test(text);
const EACH_PERSON = new Set(["stage", "reject", "hire", "archive", "unenroll"]);
const PERSON_NAME = String.raw`[A-Z][a-z'’]+(?:-[A-Z]?[a-z'’]+)?\s+[A-Z][a-z'’]+(?:-[A-Z]?[a-z'’]+)?`;
const PERSON_LIST = new RegExp(String.raw`\b${PERSON_NAME}(?:\s*,\s*${PERSON_NAME})*,?\s+(?:and|&)\s+${PERSON_NAME}\b`);
/** "Ava at Stark Logistics", "a new lead over at Hooli Cloud": the organization someone was named at. */
function organization(remark: string): string | undefined {
  const m = /\b(?:at|from|over\s+at|with|of)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)/.exec(remark);
  if (!m) return undefined;
  const before = remark.slice(0, m.index);
  // Only a person's place: "Ava at Stark", "Mia Rossi from Tyrell"; not "a call with Ava".
  return /\b[A-Z][a-z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?\s*$|\b(?:lead|contact|person|guy|woman|man|someone|buyer|champion|team|folks|people)\s*$/.test(before)
    ? m[1]!.replace(/['’]s$/i, "")
    : undefined;
}

/** "Lucas Silva at Initech", "Mia Rossi from Tyrell": a person by their name and their organization's. */
const PERSON_AT = /\b[A-Z][a-z][\w'’-]*\s+[A-Z][\w'’-]+\s+(?:at|from|of)\s+[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*/;

/** "qbr with stark tmrw", "renewal call w Acme Robotics in an hour": whom a meeting is with. */
const MEETING_WITH =
  /\b(?:call|meeting|qbr|sync|demo|lunch|dinner|catch-?up|check-?in|review|chat|1:1|onsite|visit)\s+(?:w\/?|with)\s+([\w&'’.-]+(?:\s+[\w&'’.-]+){0,2}?)(?=\s+(?:tmrw|tomorrow|today|tonight|later|next|this|on|at|in|soon|first|after|before)\b|\s*$)/i;
function metWith(remark: string): string | undefined {
  const who = MEETING_WITH.exec(remark)?.[1];
  return who && !STOPWORDS.has(who.toLowerCase()) && !/^(?:the|a|an|my|our|their|him|her|them)\b/i.test(who) ? who : undefined;
}

/**
 * The name a remark is about, for "they" and "their" in the request: "Diane is seeing the Umbrella Health team":
 * Umbrella Health, the last name of several words, else the last name (a first name that opens a sentence is
 * usually who is telling, not who is told of).
 */
function toldName(remark: string): string | undefined {
  const names: string[] = [];
  let rest = remark;
  for (let name = properName(rest); name; name = properName(rest)) {
    names.push(name);
    rest = rest.slice(rest.indexOf(name) + name.length);
  }
  return names.filter((n) => n.includes(" ")).at(-1) ?? names.at(-1);
}

const CALENDAR =
  /^(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|christmas|easter)$/i;
/** Titles, shorthand and time zones written in capitals that name no one: "the CFO", "my QBR", "their PO", "10:00 CET". */
const ROLE_TITLE =
  /^(?:CEO|CFO|COO|CTO|CRO|CMO|CPO|CHRO|VP|SVP|EVP|HR|AP|AR|PO|QBR|CS|CSM|AE|SDR|BDR|PM|IT|OK|FYI|ASAP|EOD|EOM|EOW|ETA|TBD|ARR|MRR|NPS|KPI|OKR|CET|CEST|GMT|BST|UTC|PST|PDT|EST|EDT|CST|CDT|MST|MDT|IST|AEST|AEDT)$/;
/** Names written with capitals inside a remark ("I'm meeting Stark Logistics next week"), past its first word. */
function properName(clause: string): string | undefined {
  for (const m of clause.matchAll(/\b[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*/g)) {
    // "Before I call Stark": the words a sentence opens with are not the name.
    // "Prepping for the Globex call", "Had a call with Mia": a sentence's first word, capitalized only for being first.
    const first =
      m.index === 0 || /[.!?]\s*$/.test(clause.slice(0, m.index))
        ? /^[A-Z][a-z]*(?:ing|ed)\b\s*|^(?:Had|Got|Just|Quick|Not|Going|Spoke|Met|Heard|Saw|Found)\b\s*/.exec(m[0])
        : null;
    // ("Tyrell's AP people": the name ends at its possessive.)
    const name = m[0]
      .slice(first?.[0].length ?? 0)
      .split(/['’]s\s/)[0]!
      .replace(/['’]s?$/i, "")
      .replace(/^(?:(?:the|i|i['’](?:m|ve|d|ll)|im|ive|we['’](?:ve|re|d|ll)|before|after|since|when|if|our|my|we|so|and|but|just)\s+)+/i, "");
    if (!name) continue;
    // "After the call", "I'm meeting...": a sentence's first word is capitalized anyway.
    if (
      !name.includes(" ") &&
      (STOPWORDS.has(name.toLowerCase()) ||
        /^(?:i|i['’](?:m|ve|d|ll)|im|ive|we['’](?:ve|re|d|ll)|after|before|since|following|given|when|if|our|my)$/i.test(name))
    )
      continue;
    // "the 31st of March", "by Friday": a day, not a name; "The CFO has a call with Umbrella Health": a role, not a name.
    if (CALENDAR.test(name) || ROLE_TITLE.test(name)) continue;
    return name;
  }
  return undefined;
}

/**
 * A message of several sentences or clauses, of which one asks something and the others tell why or what
 * happened ("I have a feeling we forgot a few", "finance wants it for the forecast", "Globex's AP lady just
 * called"): the request is read, the rest kept only for what the request points back to (a record number for
 * "it", a name for "over there"). Sentences holding figures are kept, since a request may need them.
 */
/** "Who are our largest debtors? US dollar invoices only, please.": a sentence narrowing the question before it joins it. */
function narrowed(sentences: string[]): string[] {
  const out: string[] = [];
  for (const x of sentences) {
    const last = out.at(-1);
    if (
      last &&
      asks(last) &&
      /\b(?:only|just)\b/i.test(x) &&
      !PURPOSE.test(x.trim()) &&
      (CURRENCY_WORD.test(x) || (x.toLowerCase().match(/[a-z'-]+/g) ?? []).some((w) => STATE_WORDS.has(w))) &&
      !asks(x) &&
      !imperative(x)
    )
      out[out.length - 1] = `${last.replace(/\?\s*$/, "")}, ${x.replace(/[.!]+\s*$/, "")}?`;
    else out.push(x);
  }
  return out;
}

/** "I think people give the applicants stars out of 5?": a guess said after the question, not another one. */
const HEDGE = /^(?:i|we)\s+(?:think|believe|guess|assume|suppose|reckon)\b(?!.*\b(?:how\s+many|how\s+much|which|what|who)\b)/i;
/** "I need to know how many interview slots to book", "Just want to make sure ...": why the question before was asked. */
const PURPOSE =
  /^(?:(?:i|we)\s+)?(?:just\s+)?(?:want|wanted)\s+to\s+(?:make\s+sure|double[- ]check|be\s+sure|raise|mention|bring\s+(?:it|this|that)\s+up)\b|^(?:i|we)\s+(?:(?:need|want|have|'d\s+like|would\s+like|just\s+want|just\s+need)\s+to\s+(?:know|figure\s+out|work\s+out|understand|see|check)\s+(?:how\s+(?:many|much)|which|what|who|whether|if)\b[^.?!]*?\b(?:to|i|we|should)\s+\w+|(?:am|'m)\s+trying\s+to\s+(?:understand|figure\s+out|work\s+out|see|learn|get\s+a\s+sense))/i;
function withoutAsides(text: string): string {
  const sentences = narrowed(text.split(/(?<=[.?!])\s+(?=\S)/).filter(Boolean));
  if (sentences.length < 2) return text;
  const requests = sentences.filter(
    (x, i) =>
      !(i > 0 && (PURPOSE.test(x.trim()) || HEDGE.test(x.trim()))) &&
      (imperative(x) ||
        asks(x) ||
        x
          .split(CLAUSE)
          .slice(1)
          .some((c) => imperative(c))) &&
      !/^(?:would|could|can|will) you\??$/i.test(x.trim()),
  );
  if (requests.length === 0) return cheered(sentences) ?? text;
  const asides = sentences.filter((x) => !requests.includes(x));
  // "Enroll Olivia Tanaka in the follow-up. I mean the one at Aperture Labs, not the Umbrella one": which Olivia.
  const which = asides.map((x) => WHICH_ONE.exec(x)).find(Boolean);
  const person = which ? /\b[A-Z][\w'’-]+\s+[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?\b/.exec(requests.join(" ")) : null;
  if (which && person) {
    const request = requests.join(" ");
    return `${request.slice(0, person.index + person[0].length)} ${which[1]} ${which[2]!.trim()}${request.slice(person.index + person[0].length)}`;
  }
  // ("I need to send a few "thanks, but no" follow-ups today": words quoted in what the one asking will do are no value.)
  let request = requests.join(" ");
  // ("Harbourside Dental are taking Unit 4. Please raise an invoice to them for ..., £7,500": a request that says its
  // own amount needs no other figure the story holds.)
  const ownAmount = MONEY_TOLD.test(request);
  const kept = asides.filter(
    (x) =>
      holdsData(x) &&
      !HEDGE.test(x.trim()) &&
      !(OWN_PLAN.test(x.trim()) && !/[\d@£$€]/.test(x)) &&
      !(ownAmount && !MONEY_TOLD.test(x) && !/[@"“]/.test(x) && !RECORD_NUMBER.test(x)),
  );
  // "invoices in draft. Tell me how many there are": how many of the records told.
  const thereAre = /\bhow\s+many\s+(?:of\s+them\s+)?there\s+are\b/i;
  const toldRecords = asides.map((x) => x.replace(/[.!?]+$/, "").trim()).find((x) => x.split(/\s+/).length <= 10 && VOCABULARY.test(x) && !asks(x));
  if (toldRecords && thereAre.test(request)) request = request.replace(thereAre, `how many ${toldRecords} there are`);
  // "The controller has signed off both Gringotts drafts. Please finalise them": them are the records counted.
  const counted =
    /\b(?:both|all(?:\s+(?:of\s+)?the)?|the|those|these|their)\s+(?:(?:two|three|four|five|\d)\s+)?((?:[A-Z][\w&'’-]*\s+)*)(?:(draft|open|overdue|unpaid)\s+)?(invoices|bills|drafts)\b/.exec(
      asides.join(" "),
    );
  if (counted && /\b(?:them|those|these|both)\b/i.test(request) && !RECORD_NUMBER.test(request)) {
    const owner = counted[1]!.trim();
    const kind = counted[3] === "drafts" ? "draft invoices" : `${counted[2] ? `${counted[2]} ` : ""}${counted[3]}`;
    return request.replace(/\b(?:them|those|these|both)\b/i, `all of ${owner ? `${owner}'s ` : "the "}${kind}`);
  }
  // "Initech paid INV-12 in full and Globex have cleared INV-11 as well. Can you mark them both as paid?": each one told.
  const numbers = [...new Set(kept.flatMap((x) => x.match(RECORD_NUMBERS) ?? []).map((n) => n.toUpperCase()))];
  const all = /\b(?:them\s+both|both\s+of\s+them|them\s+all|all\s+of\s+them|both|them|those|these)\b/i;
  if (numbers.length > 1 && all.test(request) && !RECORD_NUMBER.test(request)) return request.replace(all, numbers.join(" and "));
  const number = kept.map((x) => RECORD_NUMBER.exec(x)?.[0]).find(Boolean);
  if (number && PRONOUN.test(request)) return request.replace(PRONOUN, number);
  // "The "Stark Logistics: Platform rollout" deal is still at Lead in, ... Please move it to Qualified": it is the
  // record named in quotes.
  const quotedName = kept.map((x) => /["“][^"“”]{2,60}["”]/.exec(x)?.[0]).find(Boolean);
  if (quotedName && !/["“]/.test(request) && /\b(?:it|that\s+one|this\s+one)\b/i.test(request))
    return request.replace(/\b(?:it|that\s+one|this\s+one)\b/i, quotedName);
  // "they'll pay INV-37 next week. push the due date to next friday": the date of the invoice told of.
  const field = /\b(?:the|its)\s+(due\s+date|amount|balance)\b/i;
  if (number && field.test(request) && !RECORD_NUMBER.test(request)) return request.replace(field, `the $1 of ${number}`);
  // "massive dynamic asked for more time on inv-19. fine, move due to end of jan": its due date, said short.
  const dueShort = /(?<=\b(?:move|push|set|change|extend|bump|shift)\s+)(?:the\s+)?due(?:\s+date)?\b/i;
  if (number && dueShort.test(request) && !RECORD_NUMBER.test(request)) return request.replace(dueShort, `the due date of ${number}`);
  // "Lucas Silva at Initech ... just got another sales follow-up email. pls stop those for them": those are the emails
  // told of and them the person who got them (only them, not the whole sequence).
  const mailed = /\b(?:e-?mails?|mails|messages|sequence|campaign|cadence|drip)\b/i.test(asides.join(" "));
  const stopsThose = /^\s*(?:(?:please|pls|plz|can you|could you)\s+)*(?:stop|end|halt|cut\s+off|turn\s+off)\s+(?:those|these|them|that|this|it)\b/i;
  const mailedPerson = mailed && stopsThose.test(request) ? PERSON_AT.exec(asides.join(" ")) : null;
  if (mailedPerson) return `unenroll ${mailedPerson[0]} from the sequence`;
  // "Ava at Stark Logistics. What deals do we have open with them?": they, there and their are the organization a
  // person was named at, when one was.
  const org = kept.length === 0 ? asides.map(organization).find(Boolean) : undefined;
  const name = kept.length === 0 ? (org ?? toldName(asides.join(" "))) : undefined;
  if (name && /\bover there\b|\bthere\b/i.test(request)) request = request.replace(/\b(?:over )?there\b/i, `at ${name}`);
  // ("We've got a new client — Harbourside Dental ... raise an invoice to them": the name of several words told.)
  const whom = org ?? (name?.includes(" ") && !properName(request.replace(/^\S+\s*/, "")) ? name : undefined);
  if (whom && /\b(?:with|for|from|to|of|at)\s+them\b/i.test(request)) request = request.replace(/\b(with|for|from|to|of|at)\s+them\b/i, `$1 ${whom}`);
  // "Tyrell Biotech went into administration. write off what they still owe us": they are the one the remark opens with.
  // "I want to chase Stark before we close the month. Can you list what they owe": they are the only one the remark names.
  const only = name && !properName(asides.join(" ").replace(name, "")) && !properName(request.replace(/^\S+/, "")) ? name : undefined;
  const opener = org ?? (name && asides.some((x) => x.trimStart().startsWith(name)) ? name : only);
  if (opener && /\bthey\b/i.test(request) && !/\b(?:she|he|her|him|his)\b/i.test(request)) request = request.replace(/\bthey\b/i, opener);
  // "The Stark Logistics support upgrade deal has slipped. Push its close date out": the record the remark names.
  // "We're rewriting the new lead follow-up emails. Could you pause that sequence?": that sequence is the one told of.
  const that = /\b(?:that|this)\s+([a-z]+)\b/i.exec(request);
  const kind = that ? resourceOf(that[1]!.toLowerCase()) : undefined;
  if (that && kind) {
    const nouns = [...RESOURCE_WORDS[kind]!, ...(kind === "sequence" ? ["emails", "messages", "mails"] : [])].join("|");
    const told = new RegExp(String.raw`\b(?:the|our|their)\s+((?:[\w-]+\s+){1,4}?)(?:${nouns})s?\b`, "i").exec(asides.join(" "));
    if (told) return request.replace(that[0], `the ${told[1]!.trim()} ${that[1]}`);
    // "Stark Logistics came back on the heads of terms for the support upgrade. Move that deal into Negotiation".
    // (Only when the story opens with the name: "Stark have told Diane ..." is Stark's, read below.)
    const deal = kind === "deal" && name && asides.some((x) => x.trimStart().startsWith(name)) ? dealTold(asides.join(" "), name) : undefined;
    if (deal) return request.replace(that[0], `the ${deal}`);
  }
  // "Hooli rang about the data migration invoice. ... push the due date back 14 days": the date of the record told of.
  const toldRecord = name ? TOLD_RECORD.exec(asides.join(" ")) : null;
  const fieldOnly = /\b(?:the|its)\s+((?:due|close|start)\s+date|amount|location|title)\b/i.exec(request);
  if (toldRecord && fieldOnly && !RECORD_NUMBER.test(request) && !properName(request.replace(/^\S+\s*/, ""))) {
    const owner = toldRecord[1]!.toLowerCase().includes(name!.toLowerCase()) ? "" : `${name} `;
    return request.replace(fieldOnly[0], `the ${fieldOnly[1]} of the ${owner}${toldRecord[1]}${toldRecord[2]}`);
  }
  const record = asides.map(namedRecord).find(Boolean) ?? (name ? dealTold(asides.join(" "), name) : undefined);
  if (record && /\bits\b/i.test(request)) return request.replace(/\bits\b/i, `the ${record}'s`);
  if (record && PRONOUN.test(request) && /^(?:it|(?:that|this|the) one)$/i.test(PRONOUN.exec(request)![0])) return request.replace(PRONOUN, `the ${record}`);
  // "Hooli Cloud signed! Please mark their deal as won": whose, by the name the remark gives.
  // "Soylent never signed off ..., they're disputing the whole invoice. void it": it is the invoice told of, theirs.
  const kindTold = /\b(?:the|their|that|this)\s+(?:whole\s+|entire\s+|full\s+)?(invoice|bill|deal)\b/i.exec(asides.join(" "));
  if (name && kindTold && /^(?:it|that one)$/i.test(PRONOUN.exec(request)?.[0] ?? "") && !properName(request.replace(/^\S+\s*/, "")))
    return request.replace(PRONOUN, `${name}'s ${kindTold[1]!.toLowerCase()}`);
  // "the candidate who called in, Katherine Johnson, wants to know where she is. what stage is she at?": she is the
  // one person the asides name in full.
  const people = [
    // ("Ken Thomson's CV ... for the Account Executive post": the person, not the role.)
    ...new Set(
      [
        ...asides
          .join(" ")
          .matchAll(
            /\b([A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?\s+[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?)\b(?!\s+(?:role|job|post|position|opening|vacancy|req|team|department|deal|invoice|sequence)\b)/g,
          ),
      ].map((m) => m[1]!.replace(/['’]s?$/, "")),
    ),
  ].filter((n) => !CALENDAR.test(n.split(" ")[0]!) && n !== org);
  // ("I need to send Isla Haddad the breakdown. What's her email?": her email is the one person's.)
  const theirField = /\b(?:his|her)\b(?=\s+(?:record|title|stage|email|e-mail|phone|mobile|application|contact|details|profile|number|status|rating|address))/i;
  if (people.length === 1 && (/\b(?:she|he|him)\b/i.test(request) || theirField.test(request)) && !properName(request.replace(/^\S+\s*/, "")))
    return request.replace(/\b(?:she|he|him)\b/i, people[0]!).replace(theirField, `${people[0]}'s`);
  // "our candidate at the offer stage accepted! mark them as hired": them are whoever is at that stage (asked about
  // when several are).
  const described = asides
    .map((x) => /\b(?:our|the|my|that)\s+(?:candidate|applicant|person|guy|woman|man|one)\s+(?:at|in|on)\s+(?:the\s+)?([a-z-]+)(?:\s+stage)?\b/i.exec(x))
    .find((m) => m && STATE_WORDS.has(m[1]!.toLowerCase()));
  if (described && people.length === 0 && /\b(?:them|her|him)\b/i.test(request) && !properName(request.replace(/^\S+\s*/, "")))
    return request.replace(/\b(?:them|her|him)\b/i, `the candidate in ${described[1]!.toLowerCase()}`);
  if (name && POSSESSIVE.test(request)) return request.replace(POSSESSIVE, `${name}'s`);
  // "a call with Acme Robotics ... list every statement of theirs that has not been settled": theirs is the one met.
  if (name && /\bof\s+theirs\b/i.test(request)) return request.replace(/\bof\s+theirs\b/i, `for ${name}`);
  // "FRANCES SIGNED 🎉 pls mark as hired on the design opening": a verb with no object is done to the one told of.
  const objectless = /^((?:mark|move|set|put|advance|bump|tag|flag))\s+(?=(?:as|to|into)\b)/i.exec(request.replace(POLITE, ""));
  // ("Alan Turing has been shortlisted ... for Senior Backend Engineer. move to interview": the one the news opens with.)
  // ("Radia Perlman (Product Designer) passed the screening": the person, whatever the brackets say of them.)
  const opensWith =
    /^([A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){1,2})(?:\s+\([^()]{2,40}\))?\s+(?:has|have|had|is|was|did|passed|got|nailed|aced|accepted|signed)\b/.exec(
      asides[0] ?? "",
    )?.[1];
  if (objectless && (opensWith ?? name) && (kept.length === 0 || opensWith) && !PRONOUN.test(request)) {
    const bare = request.replace(POLITE, "");
    return `${objectless[1]} ${opensWith ?? name} ${bare.slice(objectless[0].length)}`;
  }
  // "Aperture Labs are looking at the second floor. Put a new deal on the pipeline for it — call it "Aperture Labs:
  // Second floor lease"": the name given in quotes says what it is for.
  if (/\b(?:call\s+it|called|named|name\s+it|titled)\s+["“][^"“”]{2,80}["”]/i.test(request) && /\s+for\s+(?:it|that|this)\b/i.test(request))
    return request.replace(/\s+for\s+(?:it|that|this)\b/i, "");
  // A pronoun with no record number to stand for: the remark before it says whom (withoutRemark).
  // "in the pipeline" is a group of stages, not a record pointed back at.
  // ("the Account Executive role" is named, not pointed at.)
  // ("Of the invoices we have sent out, which ...": records a clause of their own describes are not pointed back at.)
  const pointing = request
    .replace(/\bin\s+the\s+pipeline\b/gi, "")
    .replace(/\b(?:the|that|this)\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)+/g, "")
    .replace(/\b(?:of|among|from)\s+the\s+[a-z]+s\b|\bthe\s+[a-z]+s\s+(?=(?:we|that|which|who|you|i)\b)/gi, "");
  if (kept.length === 0 && (PRONOUN.test(pointing) || POSSESSIVE.test(pointing)) && asides[0] === sentences[0])
    return `${asides[0]!.replace(/[.!?]+$/, "")}, ${request}`;
  return [...kept.map((x) => x.replace(/[.!?]+$/, "")), request].join(", ");
}

/**
 * "PO came thru!! aperture data migration is closed won": a cheer, then the news that is the request (a record's new
 * state). The cheer holds nothing, so the news is read alone.
 */
function cheered(sentences: string[]): string | undefined {
  const news = sentences.findIndex((x) =>
    (/\b(?:is|are|was|were|has\s+been|got)\s+(?:now\s+)?(?:officially\s+)?([a-z-]+)/i.exec(x)?.slice(1) ?? []).some((w) => STATE_WORDS.has(w.toLowerCase())),
  );
  if (news <= 0 || !sentences.slice(0, news).every((x) => /!\s*$/.test(x) && !holdsData(x) && !VOCABULARY.test(x))) return undefined;
  return sentences.slice(news).join(" ");
}

/** "umbrella signed the pilot", "went with a competitor on the platform rollout": the last thing named after an article. */
function lastThing(remark: string): string | undefined {
  const things = [
    ...remark.matchAll(
      /\b(?:the|their|our|his|her|that|this)\s+((?:[\w'-]+\s+){0,3}?[\w'-]+)(?=\s+(?:this|that|last|yesterday|today|tonight|we|they|for|to|with|from|on|at|is|was)\b|\s*$)/gi,
    ),
  ];
  const last = things.at(-1)?.[1];
  return last && !STOPWORDS.has(last.toLowerCase()) ? last : undefined;
}

/** "her email is ...", "and the source should be referral", "email priya@x.com": a value said after a request. */
const TRAILING_VALUE =
  /^(?:with|as|and\s+(?:her|his|their|its)|(?:and\s+)?(?:her|his|their|its)\s+(?:email|e-mail|phone|mobile|number|title|address|website|domain)\b|(?:and\s+)?(?:the\s+)?(?:title|email|e-mail|phone|mobile|domain|website|location|department|source)\s+(?:should\s+be|is|will\s+be|=|:)|(?:email|e-mail)\s+\S+@)/i;
/** Words a request says only to point back at what the message told before it: "add her as a contact", "set the job up". */
const POINTING = new Set(
  "him her them it that this these those the a an new one as for up in on to into against their his its please pls plz too then now thanks thx system crm".split(
    " ",
  ),
);
const PAID_TOLD = /\b(?:paid|sent|wired|transferred|settled|remitted|came in|received|got\s+(?=[$€£\d]|(?:usd|eur|gbp)\b))\b/i;
const BACK_VERB = /^(?:add|create|open|raise|log|record|enter|book|register|draft|make|set\s+up|put\s+in|set|put|issue)\b/i;

/**
 * "Hooli asked us to bill them £3,250 for the workshop, due end of next month. Can you raise the invoice?",
 * "Northwind sent 1.2k euros toward their bill, can you record that payment?": the message tells the record,
 * then a short request only points back at it. Read as the request followed by what it points back to
 * ("raise an invoice: Hooli asked us ..."); undefined when the message is not of that shape.
 */
export function askedLast(text: string): string | undefined {
  const sentences = text
    .replace(/(?:[,\s]+(?:(?:would|could|can|will)\s+(?:you|u)|please|pls|plz|thanks|thank you|thx|ty|ta|cheers))+\s*[?.!]*\s*$/i, "")
    .split(/(?<=[.?!])\s+(?=\S)|\s*(?:;|,(?!\d{3}))\s*|\s[-–—]+\s/)
    .filter(Boolean);
  if (sentences.length < 2) return undefined;
  // "Could you add her as a candidate, with referral as the source?": a value said after the request is told too.
  // "Could I add her as a contact? Her email is priya@hooli.cloud.": a value said after the request, in a sentence of its own.
  // ("..., email priya@x.com, and the source should be referral": every value said after it.)
  let trailing = 0;
  while (sentences.length - trailing > 2 && TRAILING_VALUE.test(sentences.at(-1 - trailing)!)) trailing++;
  // "Could you add her as a candidate: Priya Raman": whom, said after the request.
  const asked = sentences.at(-1 - trailing)!;
  const namedAfter = /:\s*([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){1,2})\s*[?.!]*\s*$/.exec(asked);
  const said = (namedAfter ? asked.slice(0, namedAfter.index) : asked).replace(POLITE, "").replace(/[?.!\s]+$/, "");
  // "add him at Northwind": where the one pointed back at belongs, said with the request.
  const placed = /\s+(?:at|under|with|from)\s+([A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*)*)$/.exec(said);
  const place = placed?.[1];
  const last = placed ? said.slice(0, placed.index) : said;
  // ("met sarah lindqvist at aperture, ...": how the one asking came to know them is no part of who they are.)
  const told = [...sentences.slice(0, -1 - trailing), ...(namedAfter ? [namedAfter[1]!] : []), ...sentences.slice(sentences.length - trailing)]
    .map((x) => x.replace(/[.!?]+$/, ""))
    .join(", ")
    .replace(/[.!?]+$/, "")
    .replace(
      /^(?:(?:i|we)\s+)?(?:just\s+)?(?:met|spoke\s+(?:to|with)|talked\s+(?:to|with)|chatted\s+with|ran\s+into|bumped\s+into|heard\s+from|had\s+(?:a\s+)?(?:call|coffee|lunch|chat|meeting)\s+with)\s+(?=\S+\s+\S)/i,
      "",
    );
  const change = /^(?:update|change|fix|adjust|amend|edit)\b/i.exec(last)?.[0];
  // "Received EUR 5,000 from Acme against INV-21 today. Pls update it": what was told is a payment.
  if (
    change &&
    /^\s*(?:it|this|that|them|the\s+same|accordingly|the\s+payment)?\s*$/i.test(last.slice(change.length)) &&
    PAID_TOLD.test(told) &&
    /\d/.test(told)
  )
    return `record a payment: ${told}`;
  if (change) return updatedBack(last.slice(change.length), told);
  const verb = BACK_VERB.exec(last)?.[0];
  if (!verb) return undefined;
  const said_ = last.slice(verb.length).toLowerCase().split(/\s+/).filter(Boolean);
  // "add him as a referral": how they came is told with the request.
  const referral = said_.some((w) => /^referrals?$/.test(w));
  const words = said_.filter((w) => !/^referrals?$/.test(w));
  // "add her as a lead contact": a state said with the noun goes with it.
  const states = words.filter((w) => !POINTING.has(w) && resourceOf(w) === undefined && STATE_WORDS.has(w));
  // "record the part payment on their invoice": how much of it was paid is said with the noun.
  const part = words.includes("payment") ? words.find((w) => /^(?:part|partial)$/.test(w)) : undefined;
  if (!words.every((w) => POINTING.has(w) || w === "payment" || w === part || resourceOf(w) !== undefined || states.includes(w))) return undefined;
  if (!words.some((w) => /^(?:him|her|them|it|that|this|these|those|the|one)$/.test(w))) return undefined;
  // "Hooli says they paid 30k on INV-17. log it": what was told is a payment.
  // "Stark sent over a payment this morning, could you record it against their account?": what was told is a payment.
  const paymentTold =
    /^(?:record|log|enter|book|register)$/i.test(verb) &&
    /\bpayment\b|\bpaid\b/i.test(told) &&
    !words.some((w) => w !== "account" && resourceOf(w) !== undefined);
  // (A payment told is of someone, whether or not their name has capitals: "tyrell made a payment".)
  if (!holdsData(told) && !properName(told) && !paymentTold) return undefined;
  // "set the job up": the words setting up; "set it" alone changes something, and is not this.
  if (/^(?:set|put)$/i.test(verb) && !words.includes(verb.toLowerCase() === "set" ? "up" : "in")) return undefined;
  // ("put the candidate in interview": into a state is a move, not a new record.)
  const into = /\b(?:in|into|to)\s+(?:the\s+)?([a-z-]+)\s*$/i.exec(last)?.[1]?.toLowerCase();
  if (/^(?:set|put)$/i.test(verb) && into && STATE_WORDS.has(into)) return undefined;
  // "add him at Northwind": a person put at an organization is its contact; one told of with a role to fill
  // ("Sam referred someone for the backend opening: ... add him"), its candidate.
  // (Only when the story names the person: an address, or a full name after its first words. "Globex has a new
  // head of procurement starting Monday, can you add her" names nobody, and is asked about.)
  const someone = words.some((w) => w === "him" || w === "her") && (/@/.test(told) || /.\b[A-Z][a-z’'-]+\s+[A-Z][a-z’'-]+/.test(told));
  const forRole = /\b(?:opening|role|req|position|job|vacancy|posting)\b/i.test(told);
  const person = someone && (place || forRole || holdsData(told)) ? (forRole && !place ? "candidate" : "contact") : undefined;
  // "Can you create one?": one of the kind the story named ("they don't have an account in here yet").
  const kindTold = words.includes("one")
    ? told
        .toLowerCase()
        .split(/[^a-z]+/)
        .map((w) => resourceOf(w))
        .filter((r): r is string => r !== undefined)
        .at(-1)
    : undefined;
  const named = words.find((w) => w === "payment" || resourceOf(w) !== undefined);
  // "add her to the account": the account is where she goes.
  const noun = paymentTold
    ? "payment"
    : named && resourceOf(named) === "account" && someone
      ? "contact"
      : (named ?? kindTold ?? (PAID_TOLD.test(told) && /\d/.test(told) ? "payment" : person));
  if (!noun) return undefined;
  // ("the invoice of Northwind, it is paid yesterday. please register it": paid, with no figure, is paid in full.)
  const whole = !part && !/\d/.test(told) && /\b(?:is|was|has\s+been|got|been)\s+(?:fully\s+)?paid\b/i.test(told);
  if (noun === "payment")
    return /^(?:record|log|enter|book|add|register)$/i.test(verb) ? `record a ${part ? "part " : whole ? "full " : ""}payment: ${told}` : undefined;
  return `${/^(?:set|put)$/i.test(verb) ? `${verb} up` : verb} a ${[...states, noun].join(" ")}${place ? ` at ${place}` : ""}: ${told}${referral ? ", source: referral" : ""}`;
}

/** "her title is ...", "promoted to ...": a told value a bare "update" points back to. */
const FIELD_TOLD = /\b(?:title|phone|email|domain|website|stage|status|amount|due date|close date|rating|location|department)\s+is\b/i;
const FIELD_TOKENS = new Set(Object.values(FIELD_WORDS).flatMap((ws) => ws.flatMap((w) => w.split(" "))));
/**
 * "Northwind wants to sign by the end of next month - update the close date on their deal", "Tim withdrew
 * from the designer process, update his record": the change is what was told, about the record pointed at.
 */
function updatedBack(rest: string, told: string): string | undefined {
  const words = rest.toLowerCase().split(/\s+/).filter(Boolean);
  const fits = (w: string) =>
    POINTING.has(w) ||
    FIELD_TOKENS.has(w) ||
    resourceOf(w) !== undefined ||
    /^(?:their|his|its|record|details|info|entry|accordingly|crm|stage|status)$/.test(w);
  // "isla haddad at stark got promoted, her title is finance director now. update": a bare update points back too.
  if (!words.every(fits) || (words.length > 0 && !words.some((w) => /^(?:him|her|them|it|that|this|their|his|its|the)$/.test(w)))) return undefined;
  const noun = words.find((w) => resourceOf(w) !== undefined);
  // "the product designer role is going contract. update the posting": the told names a record of the kind updated.
  const sameKind = noun !== undefined && told.split(/\s+/).some((w) => resourceOf(w.toLowerCase()) === resourceOf(noun));
  // "mia rossi at tyrell is qualified now, update her": a state told of someone, whatever the case of their name.
  const stateTold = (/\b(?:is|are|moved\s+to)\s+(?:now\s+)?(?:a\s+|an\s+)?([a-z-]+)/i.exec(told)?.[1] ?? "").toLowerCase();
  // ("isla haddad at stark's title is vp finance, update the title on their contact": the field told is the one updated.)
  const fieldTold = FIELD_TOLD.test(told) && (words.length === 0 || words.some((w) => FIELD_TOKENS.has(w) || /^(?:it|them|their|his|her)$/.test(w)));
  if (!properName(told) && !fieldTold && !sameKind && !STATE_WORDS.has(stateTold)) return undefined;
  // ("moved Tyrell to proposal this morning": when it happened is no date of the record's.)
  const when = /\s*\b(?:this\s+(?:morning|afternoon|evening)|yesterday|last\s+night|earlier\s+today|just\s+now)\b/gi;
  return `update ${noun && !sameKind ? `${noun}: ` : ""}${told.replace(when, "")}`;
}

/**
 * "Tyrell platform rollout: yesterday we had a good meeting ... Put it please in Proposal": a topic before a colon,
 * then what happened, then the request, whose "it" is the topic.
 */
function topicFirst(text: string): string {
  const m = /^\s*([A-Z][\w&'’-]*(?:\s+[\w&'’-]+){0,5})\s*(:|\s[-–—]+|,)\s+(.+)$/s.exec(text);
  if (!m || imperative(m[1]!) || asks(m[1]!)) return text;
  // "Tyrell today — they liked the numbers": when the story happened is no part of the topic.
  const topic = m[1]!.replace(/\s+(?:today|yesterday|this\s+(?:morning|afternoon|week)|earlier(?:\s+today)?|just\s+now)$/i, "");
  // ("Tyrell Biotech, they liked the numbers. ...": set apart by a comma or a dash, a topic is a name, in capitals, and
  // the story names no record of its own: "Stuffed up — INV-22 was raised by mistake. Void it" voids INV-22.)
  if (m[2] !== ":" && (!/^[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,3}$/.test(topic) || RECORD_NUMBER.test(m[3]!))) return text;
  const sentences = m[3]!.split(/(?<=[.?!])\s+(?=\S)/);
  // ("Tyrell - move it along": set apart by a dash or a comma, a topic is one only when a story comes between it and the request.)
  if (m[2] !== ":" && sentences.length < 2) return text;
  let k = sentences.length - 1;
  while (k >= 0 && !(imperative(sentences[k]!) || sentences[k]!.split(CLAUSE).some((c) => imperative(c)))) k--;
  const pointer = /\b(?:it|this one|that one|the\s+(deal|opp|opportunity|invoice|application))\b(?:\s+please\b)?/i;
  if (k < 0 || !pointer.test(sentences[k]!)) return text;
  const request = sentences[k]!.replace(pointer, (_said, noun?: string) => `the ${topic}${noun ? ` ${noun}` : ""}`);
  return [...sentences.slice(0, k).filter(holdsData), request, ...sentences.slice(k + 1)].join(" ");
}

/**
 * "pause the follow-up sequence, nobody's reading email over the holidays", "kill the Monarch draft, deal fell
 * thru": a clause after the request in which someone or something does something (a subject, then its verb) is
 * why, and changes nothing. One that holds a value, a state or a question is kept.
 */
const OWN_PLAN =
  /^(?:(?:i|we)(?:'ll|'m|'re|\s+will|\s+am|\s+are)?\s+)?(?:(?:really|still|just)\s+)?(?:need|needs|have|has|got|gotta|want|wanna|trying|try|going|gonna|about|planning|hoping|meaning)\s+(?:to\s+)?(?:get\s+)?[a-z]+/i;
/** "just names is fine", "per currency is fine", "either is ok": how the answer may come, not what is asked. */
const ANSWER_FORM = /^(?:(?:just|only|a|the)\s+)?[a-z]+(?:\s+[a-z]+){0,2}\s+(?:is|are|would\s+be|will\s+do)\s+(?:fine|ok|okay|enough|good|great|perfect)\b/i;
/** "sorting out referral bonuses this week": what the one asking is doing; not a verb of a filter ("closing next month"). */
const DOING = /^(?!(?:closing|expiring|ending|starting|falling|coming|going|looking|including|excluding|covering|due|paying|owing)\b)[a-z]+ing\b/i;
/** "... stark logistics i've got a call with them in 10 minutes": dictated with no comma, a first-person remark begins. */
const SPOKEN_REMARK =
  /(?<!\b(?:who|whom|that|which|what|where|when|if|so|because|do|did|can|could|should|would|will|have|as|than|and|but|or)) (?=(?:i've got|i have got|i've|i'm|im|i am|i want|i need|i might|i'll|i will|i gotta|i have to|i wanna|i'd like|i was|i just)\b)/i;
function withoutReason(lang: Language, text: string): string {
  const split = text.includes(",") || /[.?!]\s/.test(text) ? text : text.replace(SPOKEN_REMARK, ", ");
  const clauses = split.split(CLAUSE).filter(Boolean);
  const first = clauses[0] ?? "";
  if (clauses.length < 2 || !(imperative(first) || asks(first)) || /[.?!]\s/.test(split)) return text;
  // Words the request itself says are no reason to keep a clause that repeats them ("... through referrals, sorting out referral bonuses").
  const own = new Set((first.toLowerCase().match(/[a-z'’-]+/g) ?? []).flatMap((w) => [w, w.replace(/s$/, "")]));
  const why = (clause: string) => {
    if (asks(clause) || imperative(clause) || holdsData(clause) || FIELD_TOLD.test(clause)) return false;
    if (ANSWER_FORM.test(clause.trim())) return true;
    const words = clause.toLowerCase().match(/[a-z'’-]+/g) ?? [];
    if (words.some((w) => (STATE_WORDS.has(w) || GROUP_WORDS[w] !== undefined) && !own.has(w) && !own.has(w.replace(/s$/, "")))) return false;
    // "..., need to sort her laptop", "..., trying to size my next batch": what the one asking will do next.
    if (OWN_PLAN.test(clause.trim())) return true;
    // ("building the org chart for my account plan": an account plan is no account.)
    const plain = clause.replace(/\b(?:this|next|last)\s+(?:week|month)\b|\baccount\s+(?:plans?|reviews?|maps?|planning)\b|\borg\s*charts?\b/gi, "");
    if (DOING.test(clause.trim()) && !VOCABULARY.test(plain)) return true;
    const terms = tagsOf(lang, clause);
    const verb = terms.findIndex((tags, i) => i > 0 && (tags.includes("Verb") || tags.includes("Copula")) && !tags.includes("Gerund"));
    return verb > 0 && terms.slice(0, verb).some((tags) => tags.includes("Noun") || tags.includes("Pronoun"));
  };
  const kept = clauses.filter((c, i) => i === 0 || !why(c));
  return kept.length === clauses.length ? text : kept.join(", ");
}

/** The request a message makes, with what its pronouns point back to written in. */
export function focus(lang: Language, text: string): string {
  return withoutReason(lang, withoutRemark(lang, withoutAsides(topicFirst(text))));
}

/** A question that starts a second request in the same message: "..., and how many jobs do we have open?" */
const NEXT_QUESTION =
  /\s+and\s+(?=(?:what(?:'s|\s+is|\s+are)\s+(?:our|the)|how\s+many|how\s+much)\b)|(?:[,;?]|\s[-–—+&]\s)\s*(?:and\s+|also\s+|plus\s+)?(?=(?:how\s+many|how\s+much|which|what|who|whose|when|where|is\s+there|are\s+there)\b|\s*(?:the\s+)?(?:number|count)\s+of\b)|\?\s+(?=(?:do|does|did|is|are|was|were|has|have|can|could|will)\b)/gi;
/** Words by which a follow-up points at the records the first question found: "and who are they", "what do they add up to". */
const SAME_RECORDS = /\b(?:they|them|those|these|it|its|each|one|ones|their|together|in\s+all|altogether|total)\b/i;

/**
 * The separate questions one message asks ("how many people have we hired this year, and how many jobs do we have
 * open?"). A follow-up about the same records ("..., and who are they", "and what do they add up to") is not a
 * second question: the first one's answer names and sums its records. Requests that change things are never split.
 */
export function questionsOf(text: string): string[] {
  const marks = [...text.matchAll(NEXT_QUESTION)].map((m) => m.index! + m[0].length);
  if (marks.length === 0) return [text];
  const parts: string[] = [];
  let from = 0;
  for (const at of marks) {
    parts.push(text.slice(from, at));
    from = at;
  }
  parts.push(text.slice(from));
  const cleaned = parts
    .map((x) =>
      x
        .replace(/^\s*(?:and|also|plus)\s+/i, "")
        .replace(/[\s,;+&–—-]*(?:\b(?:and|also|plus)\b)?[\s,;+&–—-]*$/i, "")
        .trim(),
    )
    .filter(Boolean);
  // "Office manager here, sorting rooms. Who is still in the pipeline ...": the first part asks in its last sentence.
  // ("median time-to-hire + # of hires": a figure named is asked for.)
  // (Not "of the USD receivables, how much ...": a part that names what the question after it is about.)
  const asksIn = (c: string) =>
    c.split(/(?<=[.?!:,])\s+(?=\S)/).some(asks) ||
    (asksFigures(c) !== null && c.split(/\s+/).length <= 6 && !/^(?:of|for|in|on|about|from|among|across|within|regarding)\b/i.test(c.trim()));
  // "Globex, what do they still owe us, and ...": a topic set apart belongs to the question after it.
  if (cleaned.length > 2 && !asksIn(cleaned[0]!) && cleaned[0]!.split(/\s+/).length <= 4) cleaned.splice(0, 2, `${cleaned[0]}, ${cleaned[1]}`);
  if (cleaned.length < 2 || !asksIn(cleaned[0]!) || cleaned.some((c) => imperative(c) && !asksIn(c))) return [text];
  const kept = [cleaned[0]!];
  for (const part of cleaned.slice(1)) {
    // A follow-up names no kind of record of its own, or points back at the first question's.
    // ("and what's our median time-to-hire": a figure of the business is a question of its own.)
    const ownKind =
      asksFigures(part) !== null ||
      part.split(/\s+/).some((w) => resourceOf(w.toLowerCase().replace(/[^a-z-]/g, "")) !== undefined) ||
      // ("what lifecycle stage is the CRM showing": the system asked is no record.)
      [...part.matchAll(/\b[A-Z][\w&'’-]+/g)].some((m) => m.index! > 0 && !cleaned[0]!.includes(m[0]) && !/^(?:CRM|System|Platform)$/.test(m[0]));
    // ("how many open reqs + how much is overdue in total": a state the first question did not name is records of their own.)
    const newState = part
      .toLowerCase()
      .split(/[^a-z-]+/)
      .some((w) => STATE_WORDS.has(w) && resourceOf(w) === undefined && !cleaned[0]!.toLowerCase().includes(w));
    // "anything more than 60 days overdue? which invoices": which they are, asked again.
    // ("and how many people we have hired in the past twelve months altogether": a figure asked, whatever its words.)
    if (
      (!ownKind && !newState) ||
      (SAME_RECORDS.test(part) && asksFigures(part) === null && !newState) ||
      /^(?:which|what)\s+(?:ones?|[a-z]+s)(?:\s+(?:are\s+they|are\s+those|is\s+it))?\s*\??$/i.test(part) ||
      // ("..., + how many days late is it": how late each is, which the answer says.)
      /^how\s+(?:many\s+days|long)\s+(?:late|overdue|past\s+due|behind)\s+(?:is|are)\s+(?:it|they|that|those)\b/i.test(part) ||
      // ("How many deals is that and who with?": the count and the names the answer gives.)
      /^how\s+many\s+(?:[a-z]+\s+)?(?:is|are)\s+(?:that|those|they|there)\b/i.test(part) ||
      // ("how's the hiring looking for the AE job? like how many folks at each stage": the same records, counted per stage.)
      /^(?:like\s+|i\s+mean\s+)?how\s+many\s+(?:folks|people|candidates|applicants|of\s+them)?\s*(?:are\s+)?(?:at|in|per|by)\s+(?:each|every|which)?\s*stage\s*\??$/i.test(
        part,
      ) ||
      // ("..., and which position is that application for": the job a candidate's answer names.)
      /^(?:which|what)\s+(?:position|job|role|opening|vacancy|req)\s+(?:is|was|did)\s+(?:that|the|this|his|her|their|he|she|they)\b/i.test(part) ||
      // "whats the biggest open opp? which account + how much": whose it is and what it is worth, which the answer says.
      /^(?:which|what|whose)\s+(?:account|client|customer|company|stage|one)(?:\s*(?:\+|and|&|,)\s*(?:how\s+much|the\s+amount|(?:the\s+)?value|when))?\s*\??$/i.test(
        part,
      )
    ) {
      // ("what stage is the Northwind deal in, and what is its amount": another field of the same record, asked with it.)
      if (FIELD_OF_IT.test(part)) kept[0] = `${kept[0]!.replace(/[?.!\s]+$/, "")}, and ${part}`;
      continue;
    }
    // "..., and how many of those have reached the interview stage": of the first question's records, in a state of their own.
    const kind = cleaned[0]!
      .toLowerCase()
      .split(/\s+/)
      .map((w) => w.replace(/[^a-z-]/g, ""))
      .find((w) => resourceOf(w) !== undefined && /s$/.test(w));
    kept.push(!ownKind && kind ? part.replace(/\b(?:of\s+)?(?:those|them|these)\b/i, kind) : part);
  }
  return kept;
}

/** "what is its amount", "and their email": a field of the record the question before is about. */
const FIELD_OF_IT =
  /\b(?:its|their|his|her)\s+(?:amount|value|email|phone|title|owner|rating|source|website|domain)\b|^what\s+(?:value|amount)\b[^?.!]*\b(?:it|that)\b/i;

/** Verbs that begin a second change in the same message ("..., and 86 Emma from the follow-up emails"). */
const THEN_VERB = String.raw`(?:close|reject|remove|take|enrol+|unenrol+|void|pause|resume|hire|archive|cancel|mark|move|delete)\b(?!\s+(?:date|dates|is|are|was|were|by|on|in|of)\b)`;
/** "open a stock picker role, and add marco diaz (...) to it": a person added to the job just made. */
const ADD_TO_IT = String.raw`add\s+[\p{L}'’-]+\s+[\p{L}'’-]+\s+(?:\([^)]*\)\s+|<[^>]*>\s+|[\w.+-]+@\S+\s+)?(?:to|for|on)\s+(?:it|that\s+(?:role|job|one)|the\s+new\s+(?:role|job|one))\b`;
const NEXT_REQUEST = new RegExp(
  String.raw`(?:[,.!;]|\p{Extended_Pictographic})?\s+(?:and|&|then|also|plus)\s+(?:then\s+|also\s+)?(?:please\s+|pls\s+)?(?=${THEN_VERB}\b|${ADD_TO_IT})|[.!;]\s+(?:and\s+)?(?:then\s+)?(?:please\s+|pls\s+)?(?=${THEN_VERB}\b)`,
  "giu",
);
/** What a second change names for itself: a name, a record number, or every one of a kind. */
const OWN_OBJECT = /\s(?:\p{Lu}|["“]|[a-z]{2,5}-\d|(?:all|every|each)\b|the\s+(?:remaining|rest|other)\b)/u;
/** "the account executive role", "the Product Designer job": the job a first change names. */
const JOB_NAMED = /\b(?:the|an?)\s+((?:(?!the\b)[\w&'’-]+\s+){1,4})(role|job|position|posting|opening|req|vacancy)\b/i;
/** "reject the rest for it": "it" is the job named before, when there is one. */
const forTheJob = (part: string, before: string) => {
  const named = JOB_NAMED.exec(before);
  // ("a temp stock picker role": the job made, by its name; how it is held is no part of it.)
  const job = named ? `the ${named[1]!.replace(/^(?:new|temp|temporary|part[- ]time|full[- ]time|contract|permanent)\s+/i, "")}${named[2]}` : undefined;
  return job ? part.replace(/\b(?:for|of|on|to)\s+(?:it|that\s+one|that\s+role|that\s+job|the\s+new\s+(?:role|job|one))\b/i, `for ${job}`) : part;
};

/**
 * The separate changes one message asks for, in order: "globex went with another caterer - mark it lost. and take
 * Emma Dubois off the follow-up emails", "close the Account Executive role and reject everyone still in the pile
 * for it". A later change must name its own records (a name, a number, every one of a kind), or its candidates
 * "for it", the job the first change names; "record it and mark it paid" is one change, not two.
 */
export function requestsOf(text: string): string[] {
  const marks = [...text.matchAll(NEXT_REQUEST)];
  if (marks.length === 0) return [text];
  // A later part that names nothing of its own ("... role. close the posting") belongs to the part before it.
  const parts: string[] = [];
  let from = 0;
  for (const [n, m] of marks.entries()) {
    const end = marks[n + 1]?.index ?? text.length;
    const next = text.slice(m.index! + m[0].length, end);
    const own = forTheJob(next, text.slice(0, m.index));
    // ("... for a while. Please take them out of the New lead sequence": them is the one the story told of.)
    // ("and move alan turing up to interview": a name typed in lower case is its own too.)
    const named =
      OWN_OBJECT.test(own) ||
      /^\s*\S+\s+(?!(?:it|them|him|her|this|that|these|those|the|a|an|their|his|its|my|our|to|into|on|onto|up|back|forward|along|over|out|off|in|as)\b)[a-z][a-z'’-]+\s+[a-z][a-z'’-]+/.test(
        own,
      );
    if (!named || /^\s*\S+\s+(?:it|them|him|her|this|that|these|those)\b/i.test(own)) continue;
    parts.push(text.slice(from, m.index));
    from = m.index! + m[0].length;
  }
  parts.push(text.slice(from));
  // (The first part is a change too, not only the story before one.)
  const requested = (part: string) => part.split(/(?<=[.!?])\s+|\s*(?:[;,]|\s[-–—]\s|\p{Extended_Pictographic})\s*/u).some(imperative);
  if (parts.length < 2 || asks(parts[0]!) || !requested(parts[0]!)) return [text];
  return parts.map((part, n) => (n > 0 ? forTheJob(part, parts.slice(0, n).join(" ")) : part).trim());
}
