import type { Api } from "./api.ts";
import type { World } from "./world.ts";

/*
 * How a case is judged. A case is planned from the organization as it is
 * before the turn (the records it is about, the figures the reply must
 * state); after the turn each check looks at the API's state, the turn's
 * events and the reply. Every change the turn made must be one a check asked
 * for: anything else is a wrong write, reported apart from failures.
 */

export type Engine = "finance" | "growth" | "talent" | "intelligence";
export const ENGINES: Engine[] = ["finance", "growth", "talent", "intelligence"];
/** read: a lookup; write: a change (or a proposal waiting for approval); question: the right answer is a question or a refusal, and no change; figure: a business figure. */
export type Kind = "read" | "write" | "question" | "figure";
export const KINDS: Kind[] = ["read", "write", "question", "figure"];

export interface ApiEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> & { id?: string }; previous_attributes?: Record<string, unknown> };
  request: { conversation_id?: string };
}

export interface Action {
  tool: string;
  input: Record<string, unknown>;
  status: string;
  approval_id: string | null;
}

/** What the turn did, as the judge sees it. */
export interface Turn {
  reply: string;
  actions: Action[];
  /** The turn's events that change data (the agent's own bookkeeping left out). */
  changes: ApiEvent[];
  /** Actions waiting for approval. */
  proposals: Action[];
  api: Api;
  before: World;
  after: () => Promise<World>;
}

export interface Check {
  /** The expectation in words, for the report. */
  text: string;
  /** A failure's reason, or null when it holds. */
  judge(turn: Turn): Promise<string | null> | string | null;
  /** Changes this check asked for. */
  allows?(event: ApiEvent): boolean;
  /** Whether this check asked for an approval. */
  expectsProposal?: boolean;
}

export interface Plan {
  say: string;
  expect: Check[];
}

export interface Case {
  /** The request, or its template with placeholders (<an overdue invoice>) when the records are chosen at run time. */
  label: string;
  engine: Engine;
  kind: Kind;
  plan(world: World): Plan;
}

/* Events that record the conversation itself, not a change to the organization's data. */
const BOOKKEEPING = new Set([
  "agent.conversation_started",
  "agent.message_created",
  "agent.action_completed",
  "agent.action_failed",
  "agent.approval_required",
]);
export const isChange = (event: ApiEvent) => !BOOKKEEPING.has(event.type);

/** The turn's changes that no check asked for. */
export function wrongWrites(checks: Check[], changes: ApiEvent[]): ApiEvent[] {
  return changes.filter((event) => !checks.some((check) => check.allows?.(event)));
}

/* ---------- the reply ---------- */

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The number as people write it: 1234 / 1,234, a word up to twelve. */
function numberPattern(n: number): RegExp {
  const forms = [String(n), n.toLocaleString("en-US")];
  if (Number.isInteger(n) && n >= 0 && n < WORDS.length) forms.push(WORDS[n]!);
  return new RegExp(`(?<![\\w.,/-])(${[...new Set(forms)].map(escapeRegExp).join("|")})(?![\\w-]|[.,]\\d)`, "i");
}

export function mentionsNumber(reply: string, n: number): boolean {
  return numberPattern(n).test(reply);
}

/** An amount as people write it: 1,234.50 or 1234.50 or 1234.5, or rounded to the unit (1,235). */
export function mentionsAmount(reply: string, amount: number): boolean {
  const forms = new Set<string>();
  const whole = Math.round(amount);
  for (const n of [amount.toFixed(2), String(amount)]) forms.add(n);
  forms.add(amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  forms.add(amount.toLocaleString("en-US", { maximumFractionDigits: 2 }));
  forms.add(String(whole));
  forms.add(whole.toLocaleString("en-US"));
  const pattern = new RegExp(`(?<![\\w.,/-])(${[...forms].map(escapeRegExp).join("|")})(?![\\w-]|[.,]\\d)`);
  return pattern.test(reply);
}

/** A reply saying there is nothing. */
const NONE = /\b(no|none|nothing|zero|0)\b/i;

const SYMBOLS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥" };

/** The reply states this count. */
export function count(n: number, what = "records"): Check {
  return {
    text: `the reply states ${n} ${what}`,
    judge: ({ reply }) => (n === 0 ? (NONE.test(reply) ? null : `no "none" or 0 in the reply`) : mentionsNumber(reply, n) ? null : `${n} is not in the reply`),
  };
}

/** The reply states each currency's sum (currencies whose sum is 0 may be left out). */
export function money(sums: Record<string, number>, what = "total"): Check {
  const entries = Object.entries(sums).filter(([, v]) => Math.abs(v) > 0.001);
  const text = entries.length ? entries.map(([c, v]) => `${v.toFixed(2)} ${c}`).join(", ") : "nothing";
  return {
    text: `the reply states the ${what}: ${text}`,
    judge: ({ reply }) => {
      if (!entries.length) return /\b(no|none|nothing|zero|0(\.00)?)\b/i.test(reply) ? null : "the reply does not say there is nothing";
      const missing = entries.filter(
        ([c, v]) => !mentionsAmount(reply, Math.round(v * 100) / 100) || !(reply.includes(c) || (SYMBOLS[c] && reply.includes(SYMBOLS[c]!))),
      );
      return missing.length ? `missing from the reply: ${missing.map(([c, v]) => `${v.toFixed(2)} ${c}`).join(", ")}` : null;
    },
    // A figure of the snapshot may be answered from a fresh one, as figure() allows.
    allows: (event) => event.type === "intelligence.snapshot_created",
  };
}

/** A figure such as a rate (0.8 -> "80%") or a number of days, rounded as people round it. */
export function figure(value: number | null, what: string, as: "percent" | "number" = "number"): Check {
  return {
    text:
      value === null
        ? `the reply says there is no ${what} yet`
        : `the reply states the ${what}: ${as === "percent" ? `${Math.round(value * 1000) / 10}%` : value}`,
    judge: ({ reply }) => {
      if (value === null) return /\b(no|none|not|n\/a|nothing)\b/i.test(reply) ? null : `the reply does not say there is no ${what}`;
      const shown = as === "percent" ? value * 100 : value;
      const values = [shown, Math.round(shown), Math.round(shown * 10) / 10];
      const forms =
        as === "percent" ? [...values.map(String), shown.toFixed(1)].map((v) => new RegExp(`(?<![\\w.])${escapeRegExp(v)}\\s?%`)) : values.map(numberPattern);
      return forms.some((f) => f.test(reply)) ? null : `${as === "percent" ? `${Math.round(shown * 10) / 10}%` : shown} is not in the reply`;
    },
    // Taking a fresh snapshot to answer is fair; its figures are the same data.
    allows: (event) => event.type === "intelligence.snapshot_created",
  };
}

/** A name or number as a whole word of the reply (INV-000001 is not in INV-0000012). */
const mentionsLabel = (reply: string, label: string) => new RegExp(`(?<![\\w-])${escapeRegExp(label)}(?![\\w-])`, "i").test(reply);

/**
 * The reply names the right records: at least `atLeast` of `labels` (all
 * when fewer), and none of `others` (records of the same kind the request
 * excludes).
 */
export function names(labels: string[], others: string[] = [], atLeast = 3): Check {
  const wanted = [...new Set(labels)];
  const excluded = [...new Set(others)].filter(
    (o) => !wanted.some((w) => w.toLowerCase() === o.toLowerCase() || w.toLowerCase().includes(o.toLowerCase()) || o.toLowerCase().includes(w.toLowerCase())),
  );
  const need = Math.min(atLeast, wanted.length);
  return {
    text: wanted.length
      ? `the reply names ${need === wanted.length ? "" : `${need} of `}${wanted.slice(0, 6).join(", ")}${wanted.length > 6 ? ", ..." : ""}${excluded.length ? ` and none of ${excluded.slice(0, 4).join(", ")}${excluded.length > 4 ? ", ..." : ""}` : ""}`
      : `the reply says there are none${excluded.length ? ` and names none of ${excluded.slice(0, 4).join(", ")}${excluded.length > 4 ? ", ..." : ""}` : ""}`,
    judge: ({ reply }) => {
      const has = (label: string) => mentionsLabel(reply, label);
      const found = wanted.filter(has);
      const wrong = excluded.filter(has);
      if (wrong.length) return `the reply names ${wrong.slice(0, 3).join(", ")}, which the request excludes`;
      if (!wanted.length && !NONE.test(reply)) return "the reply does not say there are none";
      if (found.length < need)
        return `the reply names ${found.length} of ${wanted.length} (needed ${need}): missing ${wanted
          .filter((w) => !has(w))
          .slice(0, 3)
          .join(", ")}`;
      return null;
    },
  };
}

/** The reply names none of these records (a count's reply that lists the wrong ones is wrong). */
export function excludes(labels: string[]): Check {
  return {
    text: `the reply names none of ${labels.slice(0, 4).join(", ")}${labels.length > 4 ? ", ..." : ""}`,
    judge: ({ reply }) => {
      const wrong = labels.filter((l) => mentionsLabel(reply, l));
      return wrong.length ? `the reply names ${wrong.slice(0, 3).join(", ")}, which the request excludes` : null;
    },
  };
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The reply states this date (2026-12-08, December 8, 8 Dec, 12/08/2026...). */
export function date(iso: string, what = "date"): Check {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const month = MONTHS[m - 1]!;
  const forms = [
    iso,
    `${month} ${d}`,
    `${d} ${month}`,
    `${month.slice(0, 3)} ${d}`,
    `${d} ${month.slice(0, 3)}`,
    `${m}/${d}/${y}`,
    `${d}/${m}/${y}`,
    `${String(m).padStart(2, "0")}/${String(d).padStart(2, "0")}/${y}`,
  ];
  return {
    text: `the reply states the ${what}: ${iso}`,
    judge: ({ reply }) =>
      forms.some((f) => new RegExp(`(?<![\\w/-])${escapeRegExp(f)}(?![\\w/-]|\\d)`, "i").test(reply)) ? null : `${iso} is not in the reply`,
  };
}

/** The reply contains this text (case-insensitive): a status, a name. */
export function says(...alternatives: string[]): Check {
  return {
    text: `the reply says ${alternatives.map((a) => `"${a}"`).join(" or ")}`,
    judge: ({ reply }) => (alternatives.some((a) => reply.toLowerCase().includes(a.toLowerCase())) ? null : `none of ${alternatives.join(" / ")} in the reply`),
  };
}

/* ---------- the state ---------- */

export interface Matcher {
  text: string;
  test(value: unknown): boolean;
}
export type Expected = Record<string, unknown | Matcher>;

const isMatcher = (v: unknown): v is Matcher => typeof v === "object" && v !== null && typeof (v as Matcher).test === "function";
const show = (v: unknown) => (isMatcher(v) ? v.text : JSON.stringify(v));

export const is = {
  /** The same text whatever the case and surrounding spaces. */
  text: (s: string): Matcher => ({ text: `"${s}" (any case)`, test: (v) => typeof v === "string" && v.trim().toLowerCase() === s.toLowerCase() }),
  /** Text containing this, whatever the case. */
  containing: (s: string): Matcher => ({ text: `containing "${s}"`, test: (v) => typeof v === "string" && v.toLowerCase().includes(s.toLowerCase()) }),
  oneOf: (...values: unknown[]): Matcher => ({
    text: `one of ${values.map(show).join(", ")}`,
    test: (v) => values.some((x) => JSON.stringify(x) === JSON.stringify(v)),
  }),
  /** An array holding these values (any order, others allowed). */
  including: (...values: unknown[]): Matcher => ({
    text: `including ${values.map(show).join(", ")}`,
    test: (v) => Array.isArray(v) && values.every((x) => v.some((y) => JSON.stringify(y).toLowerCase() === JSON.stringify(x).toLowerCase())),
  }),
  /** Anything `test` accepts, described by `text`. */
  where: (text: string, test: (value: never) => boolean): Matcher => ({ text, test: (v) => test(v as never) }),
  not: (value: unknown): Matcher => ({ text: `not ${show(value)}`, test: (v) => JSON.stringify(v) !== JSON.stringify(value) }),
};

function mismatches(object: Record<string, unknown>, expected: Expected): string[] {
  return Object.entries(expected)
    .filter(([field, want]) => (isMatcher(want) ? !want.test(object[field]) : JSON.stringify(object[field]) !== JSON.stringify(want)))
    .map(([field, want]) => `${field} is ${JSON.stringify(object[field])}, expected ${show(want)}`);
}

/** Where each kind of record is read. */
const PATHS: Record<string, string> = {
  invoice: "/v1/invoices",
  contact: "/v1/contacts",
  account: "/v1/accounts",
  deal: "/v1/deals",
  sequence: "/v1/sequences",
  job: "/v1/jobs",
  candidate: "/v1/candidates",
  pipeline: "/v1/pipelines",
};
export type RecordKind = keyof typeof PATHS;

const objectId = (event: ApiEvent) => event.data.object.id;

/**
 * A record of this kind was created and now has these values (later changes
 * to it in the turn are its own). One is asked for: the first that matches.
 * Any other, and one made with the wrong values (a misread), is a wrong write.
 */
export function created(kind: RecordKind, expected: Expected): Check {
  let createdId: string | undefined;
  return {
    text: `a new ${kind} with ${Object.entries(expected)
      .map(([f, v]) => `${f} ${show(v)}`)
      .join(", ")}`,
    async judge({ changes, api }) {
      const made = changes.filter((e) => e.type === `${kind}.created`).map(objectId);
      if (!made.length) return `no ${kind} was created`;
      let failure: string | undefined;
      for (const id of made) {
        const now = await api.call<Record<string, unknown>>("GET", `${PATHS[kind]}/${id}`);
        const wrong = now.status === 200 ? mismatches(now.body, expected) : [`it answers ${now.status}`];
        if (!wrong.length) {
          createdId = id;
          return null;
        }
        failure ??= `the new ${kind}: ${wrong.join("; ")}`;
      }
      return failure!;
    },
    allows: (event) => createdId !== undefined && objectId(event) === createdId,
  };
}

/** This record now has these values. The changes to it are the ones asked for, unless it ends with other values (a misread). */
export function changed(kind: RecordKind, id: string, expected: Expected, label = id): Check {
  let right = false;
  return {
    text: `${kind} ${label} now has ${Object.entries(expected)
      .map(([f, v]) => `${f} ${show(v)}`)
      .join(", ")}`,
    async judge({ api }) {
      const now = await api.call<Record<string, unknown>>("GET", `${PATHS[kind]}/${id}`);
      if (now.status !== 200) return `${kind} ${label} answers ${now.status}`;
      const wrong = mismatches(now.body, expected);
      right = wrong.length === 0;
      return right ? null : `${kind} ${label}: ${wrong.join("; ")}`;
    },
    allows: (event) => right && objectId(event) === id && event.type.startsWith(`${kind}.`),
  };
}

/** An action waits for approval: its tool's name says what (/void/), its input names the record; nothing changed yet. */
export function approval(tool: RegExp, ...refs: string[]): Check {
  return {
    text: `an approval is pending for ${tool.source} on ${refs.join(" / ")}`,
    expectsProposal: true,
    judge: ({ proposals }) => {
      const right = proposals.find((p) => tool.test(p.tool) && refs.some((r) => JSON.stringify(p.input).includes(r)));
      if (right) return null;
      return proposals.length
        ? `the approval waits for ${proposals.map((p) => `${p.tool} ${JSON.stringify(p.input)}`).join(", ")}`
        : "no action waits for approval";
    },
  };
}

/** The contact is newly enrolled (active) in the sequence. */
export function enrolled(sequenceId: string, contactId: string, label: string): Check {
  const isIt = (event: ApiEvent) => event.data.object.sequence_id === sequenceId && event.data.object.contact_id === contactId;
  return {
    text: `${label} is enrolled in the sequence`,
    judge: ({ changes }) => (changes.some((e) => e.type === "sequence.contact_enrolled" && isIt(e)) ? null : `${label} was not enrolled`),
    allows: (event) => event.type.startsWith("sequence.") && isIt(event),
  };
}

/** The contact's enrollment in the sequence is stopped by hand. */
export function unenrolled(sequenceId: string, contactId: string, label: string): Check {
  const isIt = (event: ApiEvent) => event.data.object.sequence_id === sequenceId && event.data.object.contact_id === contactId;
  return {
    text: `${label} is taken out of the sequence`,
    judge: ({ changes }) => (changes.some((e) => e.type === "sequence.contact_unenrolled" && isIt(e)) ? null : `${label} is still enrolled`),
    allows: (event) => event.type === "sequence.contact_unenrolled" && isIt(event),
  };
}

/** Nothing may change and nothing may wait for approval: the right outcome is a question or a refusal. */
export function noChange(): Check {
  return {
    text: "nothing changes and nothing waits for approval",
    judge: ({ changes, proposals }) =>
      changes.length ? `changed: ${changes.map((e) => e.type).join(", ")}` : proposals.length ? `proposed ${proposals.map((p) => p.tool).join(", ")}` : null,
  };
}

/** A case whose request is the same whatever the data: its label is what is said. */
export const ask = (engine: Engine, kind: Kind, say: string, expect: (w: World) => Check[]): Case => ({
  label: say,
  engine,
  kind,
  plan: (w) => ({ say, expect: expect(w) }),
});
/** A case about records chosen from the data at run time (its label names them by placeholder, "void <an open invoice>"). */
export const about = (engine: Engine, kind: Kind, label: string, plan: (w: World) => Plan): Case => ({ label, engine, kind, plan });
/** The right outcome is a question back or a refusal: nothing changes. */
export const unclear = (engine: Engine, say: string): Case => ask(engine, "question", say, () => [noChange()]);

/** The reply is a question back (it ends a sentence with "?"). */
export function asksBack(): Check {
  return { text: "the reply asks a question", judge: ({ reply }) => (reply.includes("?") ? null : "the reply asks nothing") };
}
