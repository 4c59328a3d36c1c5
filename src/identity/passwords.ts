import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashes with scrypt (node:crypto, run on libuv's thread pool so the
 * event loop keeps serving). The default cost is OWASP's recommendation
 * (N = 2^17, r = 8, p = 1: 128 MiB and a few hundred milliseconds per hash);
 * each hash records its own parameters, so raising the cost later leaves old
 * hashes verifiable. Tests pass a lower cost to stay fast.
 */
export interface PasswordCost {
  log2N: number;
  r: number;
  p: number;
}

export const RECOMMENDED_COST: PasswordCost = { log2N: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

function derive(password: string, salt: Buffer, cost: PasswordCost): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, cost: PasswordCost = RECOMMENDED_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.log2N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Constant-time comparison of the derived keys; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { log2N: Number(log2N), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password for people who did not choose one (the demo user, `enginery users create`): 20 characters of an unambiguous 57-letter alphabet, about 116 bits. */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  let out = "";
  for (let i = 0; i < 20; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
