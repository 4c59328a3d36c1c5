import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Standard Webhooks signatures: `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>">`, keyed with the bytes after "whsec_" (base64).
 * Several signatures are space-separated (during a secret rotation).
 */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.slice("whsec_".length), "base64");
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The headers of one delivery attempt, signed with every secret that is still valid. */
export function signatureHeaders(secrets: string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => sign(s, id, timestamp, body)).join(" "),
  };
}

/** Whether one of the signatures in the header was made with this secret (our own tests and the CLI use it). */
export function verify(secret: string, id: string, timestamp: number, body: string, header: string): boolean {
  const expected = Buffer.from(sign(secret, id, timestamp, body));
  return header.split(" ").some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
