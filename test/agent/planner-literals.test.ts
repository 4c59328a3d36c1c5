import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CREATE_REMARKS, REWRITES } from "../../src/engines/agent/planner/lexicon.ts";
import { mayMatch, needed, searchable } from "../../src/engines/agent/planner/literals.ts";

/** The words a rewrite rule needs before its pattern is run: read from the pattern, and never wrong. */
describe("the words a pattern needs", () => {
  it.each([
    [/\bturn\s+(\S+)\s+down\b/gi, [["turn"], ["down"]]],
    // An optional letter ends a run; a repeated one ends it and starts the next.
    [/\binvoices?\s+due\b/i, [["invoice"], ["due"]]],
    [/\bpaid+\s+off\b/i, [["paid"], ["off"]]],
    [/\bover{2,3}due\b/i, [["over"], ["rdue"]]],
    // An alternation needs one of its words; a lookbehind's words are needed too.
    [/(?<=\bfor\s+)(?:acme|globex)\s+(?:inc|ltd)\b/i, [["acme", "globex"], ["for"], ["inc", "ltd"]]],
    // An escaped punctuation mark stands for itself; an escaped letter is a class.
    [/\bq\.?t\.?r\b|\bquarter\s*\d/i, []],
    [/\bnet-30\b/i, [["net-30"]]],
    // What a negative lookahead says is not needed, and does not break the run around it.
    [/\bpay(?!ment)ing\b/i, [["paying"]]],
    // Nothing is said of what may be absent, of classes, or of letters outside ASCII.
    [/(?:hello\s+)?[a-z]+/i, []],
    [/über\s+uns/i, [["ber"], ["uns"]]],
    [/\bab\b/i, []],
  ] as const)("%s", (pattern, words) => {
    expect(needed(pattern)).toEqual(words);
  });

  it("says nothing of a pattern it cannot read, which is then always run", () => {
    // "(?i:...)" is newer than Node 20's patterns: the scanner reads the source alone.
    const modifier = { source: String.raw`(?i:turn)\s+down`, flags: "", unicode: false } as RegExp;
    expect(needed(modifier)).toEqual([]);
    const sets = new RegExp("[[a-z]--[aeiou]]extra", "v");
    expect(needed(sets)).toEqual([]);
    expect(mayMatch(sets, "nothing here")).toBe(true);
  });

  it("finds the words in any case, and under /iu the letters outside ASCII that fold to them", () => {
    expect(mayMatch(/\bturn\s+it\s+down\b/iu, searchable("TURN it DOWN"))).toBe(true);
    expect(/\bmisc\b/iu.test("miſc")).toBe(true);
    expect(mayMatch(/\bmisc\b/iu, searchable("miſc"))).toBe(true);
    expect(/\bkeep\b/iu.test("\u212Aeep")).toBe(true);
    expect(mayMatch(/\bkeep\b/iu, searchable("\u212Aeep"))).toBe(true);
  });

  // Every string quoted in the agent's tests is a message someone might type; the check must never skip a rule
  // that matches one of them.
  const messages = [
    ...new Set(
      readdirSync("test/agent")
        .filter((f) => f.endsWith(".ts"))
        .flatMap((f) => [...readFileSync(`test/agent/${f}`, "utf8").matchAll(/"((?:[^"\\]|\\.){8,400})"|`([^`$]{8,400})`/g)].map((m) => m[1] ?? m[2]!)),
    ),
  ];

  it("never skips a rule that matches the agent's test messages", () => {
    expect(messages.length).toBeGreaterThan(500);
    const skipped: string[] = [];
    for (const [pattern] of [...REWRITES, ...CREATE_REMARKS]) {
      const probe = new RegExp(pattern.source, pattern.flags.replace("g", ""));
      for (const message of messages) if (!mayMatch(pattern, searchable(message)) && probe.test(message)) skipped.push(`${pattern} on ${message}`);
    }
    expect(skipped).toEqual([]);
  });

  it("rules most rules out for an everyday message", () => {
    const text = searchable("how many invoices are overdue");
    const run = REWRITES.filter(([pattern]) => mayMatch(pattern, text)).length;
    expect(run).toBeLessThan(REWRITES.length / 4);
  });
});
