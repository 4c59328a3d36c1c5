/**
 * The web APIs an isolate has no built-in for (URL, URLSearchParams,
 * TextEncoder/TextDecoder, atob/btoa, crypto, structuredClone), answered by
 * Node's own implementations in the worker through one synchronous
 * callback: the prelude keeps the objects' state, this module only computes.
 * Exact by construction (the same WHATWG URL parser and encoders as Node),
 * and small: nothing here keeps anything between calls.
 *
 * Answers are { value } or { error: { name, message } }; the prelude throws
 * the matching error inside the isolate.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

type Answer = { value: unknown } | { error: { name: string; message: string } };

const URL_PARTS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"] as const;
const HASHES: Record<string, string> = { "SHA-1": "sha1", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512" };
/** crypto.getRandomValues fills at most this many bytes (as in browsers); generateKey asks for fewer. */
const MAX_RANDOM = 65_536;

function partsOf(url: URL): Record<string, string> {
  const parts: Record<string, string> = { origin: url.origin };
  for (const part of URL_PARTS) parts[part] = url[part];
  return parts;
}

function bytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  throw new TypeError("expected bytes");
}

const ops: Record<string, (...args: unknown[]) => unknown> = {
  "url.parse": (input, base) => {
    try {
      return partsOf(new URL(String(input), base === undefined ? undefined : String(base)));
    } catch {
      throw new TypeError(`Invalid URL: ${String(input).slice(0, 200)}`);
    }
  },
  "url.canParse": (input, base) => URL.canParse(String(input), base === undefined ? undefined : String(base)),
  "url.set": (href, part, value) => {
    const url = new URL(String(href));
    if (part === "href") return ops["url.parse"]!(value);
    if (!(URL_PARTS as readonly string[]).includes(String(part))) throw new TypeError(`URL has no ${String(part)}`);
    // The setters ignore what they cannot take, as the standard says.
    (url as unknown as Record<string, string>)[String(part)] = String(value);
    return partsOf(url);
  },
  "qs.parse": (text) => [...new URLSearchParams(String(text))],
  "qs.serialize": (pairs) => new URLSearchParams(pairs as [string, string][]).toString(),
  "text.encode": (text) => new Uint8Array(Buffer.from(String(text), "utf8")),
  "text.encodeInto": (text, room) => {
    const source = String(text);
    const out = new Uint8Array(Number(room));
    const { read, written } = new TextEncoder().encodeInto(source, out);
    return [read, written, out.subarray(0, written)];
  },
  "text.encoding": (label) => {
    try {
      return new TextDecoder(String(label)).encoding;
    } catch {
      throw new RangeError(`the encoding ${JSON.stringify(String(label).slice(0, 50))} is not supported`);
    }
  },
  "text.decode": (input, encoding, fatal, ignoreBOM) => {
    try {
      return new TextDecoder(String(encoding), { fatal: fatal === true, ignoreBOM: ignoreBOM === true }).decode(bytes(input));
    } catch (error) {
      throw new TypeError(`the data is not valid ${String(encoding)}: ${(error as Error).message}`);
    }
  },
  atob: (text) => {
    try {
      return atob(String(text));
    } catch {
      throw Object.assign(new Error("atob: the string is not valid base64"), { name: "InvalidCharacterError" });
    }
  },
  btoa: (text) => {
    try {
      return btoa(String(text));
    } catch {
      throw Object.assign(new Error("btoa: the string has characters outside Latin-1"), { name: "InvalidCharacterError" });
    }
  },
  "base64url.decode": (text) => new Uint8Array(Buffer.from(String(text), "base64url")),
  "base64url.encode": (data) => Buffer.from(bytes(data)).toString("base64url"),
  "crypto.random": (count) => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 0 || n > MAX_RANDOM)
      throw Object.assign(new Error(`at most ${MAX_RANDOM} random bytes at once`), { name: "QuotaExceededError" });
    return new Uint8Array(randomBytes(n));
  },
  "crypto.uuid": () => randomUUID(),
  "crypto.digest": (hash, data) => new Uint8Array(createHash(HASHES[String(hash)]!).update(bytes(data)).digest()),
  "crypto.hmac": (hash, key, data) => new Uint8Array(createHmac(HASHES[String(hash)]!, bytes(key)).update(bytes(data)).digest()),
  "crypto.hmacVerify": (hash, key, signature, data) => {
    const expected = createHmac(HASHES[String(hash)]!, bytes(key)).update(bytes(data)).digest();
    const given = bytes(signature);
    return given.length === expected.length && timingSafeEqual(expected, given);
  },
  // The value was copied in by isolated-vm's structured clone on the way here, and is copied back the same way.
  clone: (value) => value,
};

/** One synchronous call from an isolate. Never throws: errors are answers. */
export function webCall(op: string, ...args: unknown[]): Answer {
  const fn = Object.hasOwn(ops, op) ? ops[op] : undefined;
  if (!fn) return { error: { name: "TypeError", message: `no such host operation: ${String(op)}` } };
  try {
    return { value: fn(...args) };
  } catch (error) {
    const e = error as Error;
    return { error: { name: e.name === "TypeError" || e.name === "RangeError" ? e.name : e.name || "Error", message: String(e.message) } };
  }
}
