import { labelOf, type Item } from "./answer.ts";
import { Stop, type Session } from "./resolve.ts";

/*
 * People in sales name a contact by their address ("isla.haddad@starklogistics.com direct line is ...") and a
 * company by its domain ("the aperturelabs.fr folks"). An address or a domain that a record of the organization
 * carries is read as that record's name, so everything downstream resolves it as any name. One that no record
 * carries, or one given as a value ("her email is ...", "domain: acme.io"), stays as written.
 */

const EMAIL = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g;
const DOMAIN = /(?<![\w@.-])(?:https?:\/\/)?(?:www\.)?((?:[a-z0-9-]+\.)+[a-z]{2,})\b(?![@\w-])/gi;
/** "email is x", "domain to x", "website: x": the address is the value being set. */
const AS_VALUE = /\b(?:e-?mail|address|domain|website|site|url|web)\s*(?:is|was|to|=|:|as|of)?\s*(?:now\s+)?$/i;

export async function namesForAddresses(s: Session, text: string): Promise<string> {
  // A turn's calls are few: the first three addresses and domains are looked up, the rest stay as written.
  const emails = [...text.matchAll(EMAIL)].filter((m) => !AS_VALUE.test(text.slice(0, m.index))).slice(0, 3);
  const domains = [...text.replace(EMAIL, (m) => " ".repeat(m.length)).matchAll(DOMAIN)]
    .filter((m) => !AS_VALUE.test(text.slice(0, m.index)) && !/\.\d/.test(m[0]))
    .slice(0, 3 - emails.length);
  if (emails.length === 0 && domains.length === 0) return text;
  const swaps: { at: number; length: number; name: string }[] = [];
  if (emails.length > 0 && s.tool("contact", "list")) {
    for (const m of emails) {
      const name = await unlessRefused(contactName(s, m[0].toLowerCase()));
      if (name) swaps.push({ at: m.index, length: m[0].length, name });
    }
  }
  if (domains.length > 0 && s.tool("account", "list")) {
    for (const m of domains) {
      const page = (await unlessRefused(s.list("account", { domain: m[1]!.toLowerCase(), per_page: 2 }))) as { data: Item[] } | undefined;
      if (page?.data.length === 1) swaps.push({ at: m.index, length: m[0].length, name: labelOf(page.data[0]!) });
    }
  }
  let out = text;
  for (const swap of swaps.sort((a, b) => b.at - a.at)) out = out.slice(0, swap.at) + swap.name + out.slice(swap.at + swap.length);
  return out;
}

/** A lookup the API refuses (an address its filter does not accept) names nothing: the text stays as written. */
async function unlessRefused<T>(lookup: Promise<T>): Promise<T | undefined> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof Stop) return undefined;
    throw error;
  }
}

/** The contact's name, with their account's when another contact has the same name ("Lucas Silva at Aperture Labs"). */
async function contactName(s: Session, email: string): Promise<string | undefined> {
  const page = (await s.list("contact", { email, per_page: 2 })) as { data: Item[] };
  if (page.data.length !== 1) return undefined;
  const person = page.data[0]!;
  const name = labelOf(person);
  const namesakes = (await s.list("contact", { q: name, per_page: 20 })) as { data: Item[] };
  const shared = namesakes.data.filter((c) => labelOf(c).toLowerCase() === name.toLowerCase()).length > 1;
  if (!shared || typeof person.account_id !== "string" || !s.tool("account", "list")) return name;
  const accounts = (await s.list("account", { per_page: 100 })) as { data: Item[] };
  const account = accounts.data.find((a) => a.id === person.account_id);
  return account ? `${name} at ${labelOf(account)}` : name;
}
