/*
 * A request written in another language, whole or in part, put into English before the planner reads it: the
 * phrases whose order differs are turned as a whole, then the rest word by word. Names are kept (a word in capitals
 * inside a sentence, an address, a domain) and so is anything in quotes. Each language (spanish.ts, portuguese.ts)
 * gives its words; a message is translated only when it holds a word that language alone has.
 */
import { outsideQuotes } from "./lexicon.ts";

export type Phrase = [RegExp, string | ((...m: string[]) => string)];

export interface Language {
  /** A word no English request holds: one makes the message one to translate. */
  markers: RegExp;
  /** Read before single words, in order. */
  phrases: Phrase[];
  /** Words in lower case, without their accents unless the accent tells two words apart. */
  words: Record<string, string>;
  /**
   * A word the list lacks, read from its parts, for a language that builds its words ("wamelipa", they have paid):
   * its English, or undefined to keep it. `before` is the text ahead of it in its sentence.
   */
  inflected?: (word: string, before: string) => string | undefined;
}

const bare = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");

function translated(text: string, { phrases, words, inflected }: Language): string {
  let out = text;
  for (const [from, to] of phrases) out = typeof to === "string" ? out.replace(from, to) : out.replace(from, to);
  // A word in capitals inside a sentence is a name ("Isla Haddad", "Monterrey"); at a sentence's start it is read.
  // (An address or a domain is kept whole: "mariana.gomez@umbrella-health.de" holds a "de".)
  return out.replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bhttps?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)+\b|\p{L}+/gu, (word, at: number, whole: string) => {
    if (/[@./]/.test(word)) return word;
    const lower = word.toLowerCase();
    const start = /(?:^|[.?!¿¡:]\s*)$/.test(whole.slice(Math.max(0, at - 3), at));
    if (word !== lower && !start) return word;
    const english = words[lower] ?? words[bare(lower)] ?? inflected?.(lower, whole.slice(0, at).replace(/^[\s\S]*[.?!]\s*/, ""));
    if (english === undefined) return word;
    return start && english ? english[0]!.toUpperCase() + english.slice(1) : english;
  });
}

/** A token of letters and digits together: a record's id ("inv_01m8r8ba1e"), a code; never a word to translate. */
const CODE = /(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_]*\p{N})(?=[\p{L}\p{N}_]*[A-Za-z_])[\p{L}\p{N}_]+/gu;

/** An address, a link or a domain ("mei@globex.com", "globex.com"): a name, whatever words it holds. */
const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bhttps?:\/\/\S+|\b[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.\p{L}{2,}\b(?!\.?\p{L})/gu;

/** The text with its codes and addresses kept aside while `change` reads the rest ("ba" inside an id is no word). */
function outsideCodes(text: string, change: (part: string) => string): string {
  const kept: string[] = [];
  const masked = text.replace(ADDRESS, (address) => `\u0000${kept.push(address) - 1}\u0000`).replace(CODE, (code) => `\u0000${kept.push(code) - 1}\u0000`);
  return change(masked).replace(/\u0000(\d+)\u0000/g, (_, i: string) => kept[Number(i)]!);
}

/** Puts a message holding the language's words into English; any other message is returned as it was. */
export function translator(language: Language): (message: string) => string {
  return (message) => {
    if (!language.markers.test(message.replace(CODE, " "))) return message;
    return outsideQuotes(message, (text) => outsideCodes(text, (rest) => translated(rest, language)))
      .replace(/[¿¡]/g, "")
      .replace(/\s{2,}/g, " ")
      .replace(/\s+([,.?!])/g, "$1")
      .replace(/^[\s,;:]+/, "")
      .trim();
  };
}
