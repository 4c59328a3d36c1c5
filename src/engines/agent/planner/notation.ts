import { recordSaid } from "./pasted.ts";
import { outsideQuotes, resourceOf } from "./lexicon.ts";

/*
 * A request typed the way a programmer types, in the shapes that span more than a word: JSON-ish objects and
 * "key=value" lists of a record's values, arrows ("INV-12 -> paid"), "set deal.stage = ...", "tags += ...",
 * "count(...)", "sum(...)", "order by ... desc", "limit 5", "like '%@domain'", backticks. Each is said in the words
 * the parser reads, once, before anything else reads the message; a message with none of them is as it was. A
 * single comparison ("amount_due > 10k", "status = overdue") is a word-level rewrite, with the others in
 * lexicon.ts (NOTATION_REWRITES).
 */

/** `{"first_name": "Priya", "amount": 4200}`: the pairs of an object written inline, values unquoted. */
function pairsOf(body: string): Record<string, string> | undefined {
  const pairs: Record<string, string> = {};
  for (const m of body.matchAll(/["']?([A-Za-z_][\w ]*?)["']?\s*[:=]\s*(?:"([^"]*)"|'([^']*)'|\[([^\]]*)\]|([^,}]+?))\s*(?=,|$)/g)) {
    const value = (m[2] ?? m[3] ?? m[4]?.replace(/["']/g, "") ?? m[5] ?? "").trim();
    if (value && value !== "null") pairs[m[1]!.trim().toLowerCase().replace(/[_ ]+/g, " ")] = value;
  }
  return Object.keys(pairs).length >= 2 ? pairs : undefined;
}

/** `name='Support renewal', account=Aperture Labs, amount=42000`: a record's values, said as a person would. */
function objectsSaid(text: string): string {
  const braces = text.replace(/\{([^{}]*)\}/g, (written, body: string) => {
    const pairs = pairsOf(body);
    return (pairs && recordSaid(pairs, text.slice(0, text.indexOf(written)))) ?? written;
  });
  // Not braced: three or more "key=value" after the request's words ("new deal -> name='...', account=..., amount=...").
  return braces.replace(
    /(?<=^|[:>]\s*|\s)((?:[a-z_]+\s*=\s*(?:'[^']*'|"[^"]*"|[^,&|=]+?)\s*(?:,|&&)\s*){2,}[a-z_]+\s*=\s*(?:'[^']*'|"[^"]*"|[^,&|=]+?))\s*$/i,
    (written, list: string) => {
      const pairs = pairsOf(list.replace(/&&/g, ","));
      return (pairs && recordSaid(pairs, braces.slice(0, braces.length - written.length))) ?? written;
    },
  );
}

/** "INV-12 -> paid", "deal -> won": a state a record is marked with (a stage is moved to). */
const MARKED = /^(?:paid|won|lost|void|voided|uncollectible|hired|rejected|closed|archived|paused)$/i;

/** "james@stark.com: lifecycle_stage -> qualified": what comes before the arrow ends with the field set. */
const FIELD_LAST = /\b(?:stage|status|title|email|phone|amount|due\s*date|close\s*date|lifecycle[_ ]stage|source|location|department|rating)\s*$/i;

export function unnotated(message: string): string {
  // Nothing a programmer writes: left as it was, at no cost.
  if (!/[`{}=<>|&]|->|\b[a-z]+_[a-z]+\b|\b(?:order\s+by|limit\s+\d|count\s*\(|sum\s*\(|i?like\s+["']%)/i.test(message)) return message;
  let text = message.replace(/`([^`]*)`/g, "$1");
  text = objectsSaid(text);
  // "tags += "champion"": a tag added; "-=" one taken away.
  text = text.replace(/\btags?\s*\+=\s*["']?([\w-]+)["']?/gi, "tag as $1").replace(/\btags?\s*-=\s*["']?([\w-]+)["']?/gi, "remove the tag $1");
  // "sum(amount_due)", "count(candidates)": a total, a count.
  text = text.replace(/\bsum\s*\(\s*([\w.]+)\s*\)/gi, (_, f: string) => `total ${f.replace(/[._]+/g, " ")} of`);
  text = text.replace(/\bcount\s*\(\s*\*?\s*([\w.]*)\s*\)/gi, (_, f: string) => `how many ${f.replace(/[._]+/g, " ")}`.trimEnd());
  // "(draft -> open)" beside a verb that says it: how the state goes, already asked.
  text = text.replace(/\s*\(\s*[a-z]+\s*->\s*[a-z]+\s*\)/gi, "");
  // "set deal.stage = negotiation for Tyrell Biotech": the field of the named record's deal, set.
  text = text.replace(
    /\bset\s+([a-z]+)[._ ]([a-z_]+)\s*(?:=|:|->|to)\s*["']?([\w -]+?)["']?\s+(?:for|on|of)\s+(.+?)\s*$/i,
    (written, kind: string, field: string, value: string, owner: string) =>
      resourceOf(kind.toLowerCase()) ? `set the ${field.replace(/_/g, " ")} of ${owner}'s ${kind} to ${value}` : written,
  );
  text = text.replace(/\bset\s+([a-z]+)[._]([a-z_]+)\s*(?:=|:|->)\s*/gi, (_, kind: string, field: string) => `set the ${kind} ${field.replace(/_/g, " ")} to `);
  // "order by amount desc", "limit 5": the order and how many.
  text = text.replace(/,?\s*\border\s+by\s+([\w.]+)(?:\s+(desc|asc))?/gi, (_, f: string, dir?: string) =>
    dir?.toLowerCase() === "asc" ? ` sorted by ${f.replace(/[._]+/g, " ")} ascending` : ` sorted by ${f.replace(/[._]+/g, " ")}`,
  );
  // ("list ... limit 5": the first five, said before what they are.)
  const limit = /,?\s*\blimit\s+(\d+)\b/i.exec(text);
  if (limit) {
    text = text.replace(limit[0], "");
    const verb = /^\s*(?:list|show|get|find|give\s+me|select|filter|query|pull)\s+/i.exec(text)?.[0] ?? "";
    text = `${verb ? "show " : ""}top ${limit[1]} ${text.slice(verb.length)}`;
  }
  // "count(candidates) group by... no just the ones in interview": what was begun, taken back.
  text = text.replace(/\s*\bgroup\s+by\b[^,;.]*?\.{2,}\s*(?:no|nah|actually|scratch\s+that|wait)\b[,\s]*/gi, " ");
  text = text.replace(/\bgroup\s+by\s+([\w.]+)/gi, (_, f: string) => `by ${f.replace(/[._]+/g, " ")}`);
  // "email like '%@aperturelabs.fr'": at that domain.
  text = text.replace(/\bwhere\s+e-?mail\s+(?:like|ilike|ends\s+with)\s*['"]%?@?([\w-]+(?:\.[\w-]+)+)%?['"]/gi, "at $1");
  text = text.replace(/\be-?mail\s+(?:like|ilike|ends\s+with)\s*['"]%?@?([\w-]+(?:\.[\w-]+)+)%?['"]/gi, "at $1");
  text = text.replace(/\b([\w.]+)\s+(?:like|ilike)\s+['"]%?([^'"%]+)%?['"]/gi, "$1 matching $2");
  // "status != paid": not in that state; "job = "Senior Backend Engineer"": that job's.
  text = text.replace(/\b(?:status|state|stage)\s*(?:!=|<>)\s*["']?([a-z]+)["']?/gi, "not $1");
  text = text.replace(/\b(job|role|account|client|company|customer)(?:[_ ](?:id|name))?\s*==?\s*["']([^"']+)["']/gi, "for the $2 $1");
  text = text.replace(/\s*\|\|\s*/g, " or ");
  // "INV-12 -> paid", "stark deal -> negotiation", "create invoice -> aperture labs", "DSO (USD) -> ?".
  // (An arrow before the fields wanted, "INV-38 -> status / amount_paid?", asks; it is left to be read as such.)
  text = text.replace(/\s*->\s*\?/g, "?");
  // "tim crushed the final -> move to offer": an arrow before a verb is "then".
  text = text.replace(/\s*(?:->|=>)\s*(?=(?:move|mark|set|put|bump|push|reject|dq|advance|send|add|log|bill|close|enrol+|update)\b)/gi, ". ");
  if (!text.includes("?")) {
    text = text.replace(/^(\s*(?:create|new|add|draft|make|open|bill|invoice|raise|charge)\b[^>]*?)\s*->\s*(?=(.*))/i, (_, verb: string, rest: string) =>
      rest.includes(",") ? `${verb}: ` : `${verb} for `,
    );
    text = text.replace(/^([^>]*?)\s*->\s*([a-z][\w -]*?)(?=\s*(?:[,.;!]|&&|\band\b|$))/i, (_, what: string, to: string) =>
      /^\s*(?:move|set|mark|change|update|put|push)\b/i.test(what)
        ? `${what} to ${to}`
        : FIELD_LAST.test(what)
          ? `set ${what} to ${to}`
          : MARKED.test(to)
            ? `mark ${what} ${to}`
            : `move ${what} to ${to}`,
    );
  }
  // "win_rate", "hiring_funnel": a field's words ("amount_paid" stays: said as words it would be a payment).
  // (Nor in a list of the fields wanted, "INV-38 -> status / amount_due?", which is read as written; nor in quotes,
  // where "Happy to help, {{first_name}}" is a message's text.)
  if (!/(?:->|→|:)\s*[a-z_]+(?:\s*\/\s*[a-z_]+)+/i.test(text))
    text = outsideQuotes(text, (part) =>
      part.replace(/(?<![\w@.{])([a-z]+)_([a-z]+)(?:_([a-z]+))?(?![\w@.}])/g, (written, ...words: (string | undefined)[]) =>
        written.includes("paid") ? written : words.slice(0, 3).filter(Boolean).join(" "),
      ),
    );
  text = text.replace(/\s*&&\s*(?![a-z_ ]{2,20}\s*(?:=|==|!=|>=|<=|>|<))/gi, ", and ");
  // (Lines stay lines: a pasted email's shape is read after this.)
  return text
    .replace(/[ \t]*,(?:[ \t]*,)+/g, ",")
    .replace(/[ \t]+,/g, ",")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}
