/*
 * The planner passes every message through more than a thousand rewrite rules, and running each pattern was
 * most of a turn's time. Most rules need a word the message does not hold ("turn ... down" needs "turn" and
 * "down"), so a rule first looks for its words with a plain substring search, and its pattern runs only when
 * they are there.
 *
 * The words are read from the pattern's own source, never written by hand: the strings any match must contain.
 * The check is a necessary condition, so a rule it skips could not have matched, and no result changes.
 *
 * The reader is a small scanner rather than a full parser: regexpp (the parser ESLint uses) was tried and read
 * the rules in 0.5 s on a cold start, the time of a hundred turns. The scanner reads them in a few milliseconds,
 * and it says nothing where it is unsure (a class, an escape it does not know, an optional part): a pattern
 * it cannot read is always run.
 */

/** Sets of lower-case strings: a match contains one string of every set. Empty when nothing certain is known. */
export type Needed = readonly (readonly string[])[];

// Longer alternations than this are not worth the substring searches.
const MAX_SET = 16;
// Shorter words are in nearly every message, and filter nothing.
const MIN_LENGTH = 3;
// A few sets are enough to rule a pattern out; more only cost searches.
const MAX_SETS = 3;

const strength = (set: readonly string[]) => (set.length ? Math.min(...set.map((s) => s.length)) : 0);
const strongest = (sets: readonly (readonly string[])[]) =>
  sets.reduce<readonly string[] | undefined>(
    (a, b) => (!a || strength(b) > strength(a) || (strength(b) === strength(a) && b.length < a.length) ? b : a),
    undefined,
  );

class Unreadable extends Error {}

/** A scanner over one pattern's source. Each method reads from `at` and leaves `at` after what it read. */
class Scanner {
  at = 0;
  constructor(
    private readonly source: string,
    private readonly unicode: boolean,
  ) {}

  /** Alternatives separated by "|", up to ")" or the end: what every alternative needs, joined. */
  alternation(): string[][] {
    const branches = [this.sequence()];
    while (this.source[this.at] === "|") {
      this.at++;
      branches.push(this.sequence());
    }
    if (branches.length === 1) return branches[0]!;
    const best = branches.map(strongest);
    if (best.some((b) => !b || strength(b) === 0)) return [];
    const union = [...new Set(best.flatMap((b) => b!))];
    return union.length <= MAX_SET ? [union] : [];
  }

  /** Atoms in a row: the runs of literal characters it must hold, and what its groups need. */
  private sequence(): string[][] {
    const sets: string[][] = [];
    let run = "";
    const end = () => {
      if (run) sets.push([run]);
      run = "";
    };
    while (this.at < this.source.length && this.source[this.at] !== "|" && this.source[this.at] !== ")") {
      const atom = this.atom();
      const min = this.quantifier();
      if (atom.kind === "char") {
        // "ab?c" holds "a" and "c"; "ab+c" holds "ab" and "bc".
        if (min === 0) end();
        else if (min === undefined) run += atom.char;
        else {
          run += atom.char;
          end();
          run = atom.char;
        }
      } else if (atom.kind === "zero") {
        // \b, ^, $ and lookarounds match no characters: the text around them is still one run.
        if (min !== 0) sets.push(...atom.needs);
      } else {
        end();
        if (min !== 0) sets.push(...atom.needs);
      }
    }
    end();
    return sets;
  }

  /** How many times the atom just read must appear: undefined for once, else the quantifier's least count. */
  private quantifier(): number | undefined {
    const c = this.source[this.at];
    let min: number | undefined;
    if (c === "*" || c === "?") min = 0;
    else if (c === "+") min = 1;
    else if (c === "{") {
      const m = /^\{(\d+)(,\d*)?\}/.exec(this.source.slice(this.at, this.at + 24));
      if (!m) return undefined;
      this.at += m[0].length - 1;
      min = Number(m[1]);
      // "{1}" is exactly once.
      if (min === 1 && m[2] === undefined) {
        this.at++;
        if (this.source[this.at] === "?") this.at++;
        return undefined;
      }
    } else return undefined;
    this.at++;
    if (this.source[this.at] === "?") this.at++;
    return min;
  }

  private atom(): { kind: "char"; char: string } | { kind: "zero" | "other"; needs: string[][] } {
    const c = this.source[this.at]!;
    this.at++;
    if (c === "^" || c === "$") return { kind: "zero", needs: [] };
    if (c === ".") return { kind: "other", needs: [] };
    if (c === "[") return this.characterClass();
    if (c === "(") return this.group();
    if (c === "\\") return this.escape();
    if (c === "{" && this.unicode) throw new Unreadable();
    return literal(c);
  }

  private characterClass(): { kind: "other"; needs: string[][] } {
    while (this.at < this.source.length && this.source[this.at] !== "]") this.at += this.source[this.at] === "\\" ? 2 : 1;
    if (this.at >= this.source.length) throw new Unreadable();
    this.at++;
    return { kind: "other", needs: [] };
  }

  private group(): { kind: "zero" | "other"; needs: string[][] } {
    const head = this.groupHead();
    this.at += head.length;
    const needs = this.alternation();
    if (this.source[this.at] !== ")") throw new Unreadable();
    this.at++;
    if (head === "?=" || head === "?<=") return { kind: "zero", needs };
    if (head === "?!" || head === "?<!") return { kind: "zero", needs: [] };
    return { kind: "other", needs };
  }

  /** "?:", "?=", "?!", "?<=", "?<!", "?<name>" or nothing (a plain group); "(?i:...)" and others are not read. */
  private groupHead(): string {
    const source = this.source;
    if (source[this.at] !== "?") return "";
    const next = source[this.at + 1];
    if (next === ":" || next === "=" || next === "!") return source.slice(this.at, this.at + 2);
    if (next === "<") {
      const after = source[this.at + 2];
      if (after === "=" || after === "!") return source.slice(this.at, this.at + 3);
      const close = source.indexOf(">", this.at);
      if (close > 0) return source.slice(this.at, close + 1);
    }
    throw new Unreadable();
  }

  private escape(): { kind: "char"; char: string } | { kind: "zero" | "other"; needs: string[][] } {
    const c = this.source[this.at];
    if (c === undefined) throw new Unreadable();
    this.at++;
    if (c === "b" || c === "B") return { kind: "zero", needs: [] };
    if (c === "p" || c === "P" || c === "k" || (c === "u" && this.source[this.at] === "{")) {
      // \p{L}, \k<name>, \u{1F600}: skip to the closing bracket.
      const close = this.source.indexOf(c === "k" ? ">" : "}", this.at);
      if (close < 0) throw new Unreadable();
      this.at = close + 1;
      return { kind: "other", needs: [] };
    }
    if (c === "u") this.at += 4;
    else if (c === "x") this.at += 2;
    else if (c === "c") this.at += 1;
    // Letters and digits escaped are classes, controls or back-references; anything else stands for itself.
    return /[A-Za-z0-9]/.test(c) ? { kind: "other", needs: [] } : literal(c);
  }
}

// ASCII only: under /iu, "s" and "k" also match "ſ" and the Kelvin sign, which `searchable` folds; no other
// character outside ASCII matches an ASCII letter under /i.
const literal = (c: string): { kind: "char"; char: string } | { kind: "other"; needs: string[][] } =>
  c.charCodeAt(0) <= 0x7f ? { kind: "char", char: c.toLowerCase() } : { kind: "other", needs: [] };

const cache = new WeakMap<RegExp, Needed>();

/** The strings a match of the pattern must contain (see Needed); empty when the pattern must always be run. */
export function needed(pattern: RegExp): Needed {
  const known = cache.get(pattern);
  if (known) return known;
  let out: Needed = [];
  if (!pattern.flags.includes("v")) {
    try {
      const scanner = new Scanner(pattern.source, pattern.unicode);
      const sets = scanner.alternation();
      if (scanner.at === pattern.source.length)
        out = sets
          .filter((s) => strength(s) >= MIN_LENGTH)
          .sort((a, b) => strength(b) - strength(a))
          .slice(0, MAX_SETS);
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
    }
  }
  cache.set(pattern, out);
  return out;
}

/** A text in the form its words are looked for in (lower case, "ſ" as "s", the Kelvin sign as "k"). */
export const searchable = (text: string) => text.toLowerCase().replace(/ſ/g, "s");

/** Whether the pattern might match the text (in searchable form): false only when it cannot. */
export const mayMatch = (pattern: RegExp, text: string) => needed(pattern).every((set) => set.some((word) => text.includes(word)));
