/*
 * One message that creates a company and its people: "add Hollis Search Group (hollissearch.com) as an account, and
 * their recruiter Dana Whitfield as a contact there", "signed a new client today, Larkspur Coffee Roasters, website's
 * larkspurcoffee.com. can you add them, plus their two people: Niamh Byrne (niamh@...) and Cian Walsh, cian@...".
 * Read as one request per record, the account's first, each of them a request the planner already understands.
 * Only the clear shape is taken: a company named, then people each named in full, at least one with an address.
 */

const NAME = String.raw`[A-Z][\w&'’.-]*(?:\s+(?:[A-Z][\w&'’.-]*|&|of|and))*?`;
/** "add Hollis Search Group (hollissearch.com) as an account", "create Globex as a client". */
const ADDED_AS = new RegExp(
  String.raw`\b(?:add|create|set\s+up|enter|register|put\s+in)\s+(${NAME})(?:\s*\(\s*([a-z0-9.-]+\.[a-z]{2,})\s*\))?\s+as\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?(?:account|client|customer|company)\b`,
);
/** "signed a new client today, Larkspur Coffee Roasters, ... can you add them": a company told, then added. */
const TOLD_NEW = new RegExp(
  String.raw`\bnew\s+(?:client|customer|account|company)(?:\s+(?:today|yesterday|this\s+week))?\s*[,:–—-]?\s+(${NAME})(?=\s*[,.;(]|\s+[-–—])[\s\S]*?\b(?:add|create|set\s+up|put\s+in)\s+(?:them|it)\b`,
);
/** Where the people begin: "and their recruiter ...", "plus their two people:", "and add two people there:". */
const PEOPLE = /\b(?:and|plus|also|with)\s+(?:add\s+)?(?:their|its|the|(?:two|three|four|2|3|4|a\s+few|some)\b)|\bpeople\s+there\b|\bcontacts?\s+there\b/i;
const PERSON = /\b([A-Z][a-z'’-]+)\s+([A-Z][a-z'’-]+(?:-[A-Z][a-z'’-]+)?)\b/g;
const TITLE_SAID = /\btitle\s+(?:is|should\s+be|:)\s+([A-Za-z][\w &/-]{1,60}?)(?=\s*(?:[,.;!?]|$|\s+and\b))/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const DOMAIN = /\b(?:www\.)?((?:[a-z0-9-]+\.)+[a-z]{2,})\b/i;

export interface CompanyAndPeople {
  company: string;
  domain?: string;
  /** A request per person, each naming the company as where they work. */
  people: string[];
}

/** The company and a request per person, or undefined when the message is not of that shape. */
export function companyAndPeople(message: string): CompanyAndPeople | undefined {
  const added = ADDED_AS.exec(message) ?? TOLD_NEW.exec(message);
  if (!added) return undefined;
  const company = added[1]!.trim();
  const afterCompany = added.index + added[0].length;
  const rest = message.slice(afterCompany);
  const start = rest.search(PEOPLE);
  if (start < 0) return undefined;
  const people = rest.slice(start);
  // (A title in capitals, "her title is Senior Technical Recruiter", names no one.)
  const untitled = people.replace(TITLE_SAID, (said) => " ".repeat(said.length));
  const found = [...untitled.matchAll(PERSON)].filter((m) => !company.includes(m[0]) && !/^(?:Her|His|Their|Its|The)$/.test(m[1]!));
  if (found.length === 0 || !EMAIL.test(people)) return undefined;
  const domain = added[2] ?? DOMAIN.exec(message.slice(0, afterCompany + start).replace(new RegExp(EMAIL.source, "g"), ""))?.[1];
  const requests: string[] = [];
  for (const [k, m] of found.entries()) {
    const details = people.slice(m.index! + m[0].length, found[k + 1]?.index ?? people.length);
    const email = EMAIL.exec(details)?.[0];
    // "her title is Senior Technical Recruiter", or the role said before the name ("their recruiter Dana Whitfield").
    const title =
      new RegExp(TITLE_SAID.source, "i").exec(details)?.[1] ??
      /\b(?:their|its|the)\s+([a-z][a-z-]+(?:\s+[a-z][a-z-]+)?)\s+$/.exec(people.slice(0, m.index))?.[1];
    requests.push(`add a new contact ${m[1]} ${m[2]} at ${company}${email ? `, email ${email.toLowerCase()}` : ""}${title ? `, title: ${title.trim()}` : ""}`);
  }
  return { company, domain: domain?.toLowerCase(), people: requests };
}
