import { WebhookVerificationError } from "./errors.js";
import type { TypedEvent } from "./generated.js";

/** Headers as fetch gives them, or as a plain object (Node's IncomingHttpHeaders, Express's req.headers). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the webhook-timestamp may be from now, in seconds; default 300. */
  toleranceSeconds?: number;
  /** The current time (tests). */
  now?: Date;
}

const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(" ") : value;
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Standard Webhooks: base64 HMAC-SHA256 of "<id>.<timestamp>.<payload>", keyed with the bytes after whsec_. */
async function signature(secret: string, id: string, timestamp: string, payload: string): Promise<string> {
  if (!secret.startsWith("whsec_")) throw new WebhookVerificationError("The secret must be the whsec_... value the endpoint was given");
  const key = await globalThis.crypto.subtle.importKey("raw", base64ToBytes(secret.slice("whsec_".length)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await globalThis.crypto.subtle.sign("HMAC", key, encoder.encode(`${id}.${timestamp}.${payload}`));
  return bytesToBase64(new Uint8Array(mac));
}

/** Compares in time that does not depend on where the strings differ. */
function equal(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a webhook delivery (Standard Webhooks) and returns its event, typed
 * by its `type`. `payload` is the raw body text, exactly as received; `secret`
 * one secret or several (while rotating, deliveries carry a signature per
 * secret, and any match is enough).
 */
export async function verifyWebhook(
  payload: string,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): Promise<TypedEvent> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature header");
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError("Invalid webhook-timestamp");
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(now - Number(timestamp)) > tolerance) throw new WebhookVerificationError(`The webhook-timestamp is more than ${tolerance} s from now`);
  const offered = signatures.split(" ").flatMap((part) => (part.startsWith("v1,") ? [part.slice(3)] : []));
  for (const candidate of typeof secret === "string" ? [secret] : secret) {
    const expected = await signature(candidate, id, timestamp, payload);
    if (offered.some((sig) => equal(sig, expected))) {
      try {
        return JSON.parse(payload) as TypedEvent;
      } catch {
        throw new WebhookVerificationError("The payload is not JSON");
      }
    }
  }
  throw new WebhookVerificationError("No signature matches");
}

/** Signs a payload as the API does: the headers a delivery of it would carry (for your tests). */
export async function signWebhook(
  payload: string,
  secret: string,
  options: { id?: string; timestamp?: Date } = {},
): Promise<Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string>> {
  const id = options.id ?? `msg_${globalThis.crypto.randomUUID().replaceAll("-", "")}`;
  const timestamp = String(Math.floor((options.timestamp ?? new Date()).getTime() / 1000));
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${await signature(secret, id, timestamp, payload)}` };
}
