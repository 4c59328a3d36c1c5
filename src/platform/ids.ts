import { typeid } from "typeid-js";

/**
 * Prefixed, time-sortable ids (TypeID: prefix + UUIDv7 in Crockford base32).
 * The prefix says what an id names, so a contact id sent where an invoice id
 * belongs is refused at the edge, and ids sort by creation time.
 */
export const ID_PREFIXES = {
  org: "org",
  apiKey: "key",
  invoice: "inv",
  event: "evt",
  request: "req",
  contact: "con",
  account: "acc",
  pipeline: "pipe",
  stage: "stage",
  deal: "deal",
  sequence: "seq",
  enrollment: "enr",
  message: "msg",
  job: "job",
  candidate: "cand",
  snapshot: "snap",
  webhookEndpoint: "whe",
  webhookDelivery: "whd",
  webhookAttempt: "wha",
  function: "fn",
  functionInvocation: "fninv",
  functionRun: "fnrun",
  user: "usr",
  membership: "mem",
  session: "ses",
  invite: "ivt",
  conversation: "conv",
  agentMessage: "amsg",
  agentAction: "act",
  approval: "apr",
  oauthApp: "oapp",
  oauthGrant: "ogr",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

export function newId(kind: IdKind): string {
  return typeid(ID_PREFIXES[kind]).toString();
}

/** The regular expression an id of this kind matches (used by schemas and parsers). */
export function idPattern(kind: IdKind): string {
  return `^${ID_PREFIXES[kind]}_[0-7][0-9a-hjkmnp-tv-z]{25}$`;
}

const compiled = new Map<IdKind, RegExp>();

export function isId(kind: IdKind, value: string): boolean {
  let pattern = compiled.get(kind);
  if (!pattern) {
    pattern = new RegExp(idPattern(kind));
    compiled.set(kind, pattern);
  }
  return pattern.test(value);
}
