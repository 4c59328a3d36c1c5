import { createHash, randomInt } from "node:crypto";

/**
 * API key secrets: "ek_live_" + 32 random base62 characters + a 6-character
 * checksum of them. The checksum lets a mistyped or truncated key be refused
 * without touching the database; only the SHA-256 of the whole secret is stored.
 */
const PREFIX = "ek_live_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const SHAPE = new RegExp(`^${PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

function checksum(body: string): string {
  const digest = createHash("sha256").update(`${PREFIX}${body}`).digest();
  let out = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) out += ALPHABET[digest[i]! % ALPHABET.length];
  return out;
}

export function generateSecret(): string {
  let body = "";
  // randomInt is uniform (no modulo bias) and cryptographically strong.
  for (let i = 0; i < RANDOM_LENGTH; i++) body += ALPHABET[randomInt(ALPHABET.length)];
  return `${PREFIX}${body}${checksum(body)}`;
}

/** True when the text has the shape of a key and its checksum is right. */
export function isWellFormedSecret(secret: string): boolean {
  if (!SHAPE.test(secret)) return false;
  const body = secret.slice(PREFIX.length, PREFIX.length + RANDOM_LENGTH);
  return secret.endsWith(checksum(body));
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** What lists show of a key: its start and end, never enough to use it. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, PREFIX.length + 4)}…${secret.slice(-4)}`;
}
