import { Transport, type ClientOptions, type RateLimit } from "./core.js";
import { Resources, type TypedEvent } from "./generated.js";
import { signWebhook, verifyWebhook, type VerifyOptions, type WebhookHeaders } from "./webhooks.js";

export * from "./errors.js";
export * from "./generated.js";
export type { ClientOptions, EventStream, ListEnvelope, Page, Query, RateLimit, RawBody, RequestOptions } from "./core.js";
export { PagePromise } from "./core.js";
export { signWebhook, verifyWebhook, type VerifyOptions, type WebhookHeaders } from "./webhooks.js";

/** Webhook helpers (Standard Webhooks), also usable without a client: verifyWebhook, signWebhook. */
export class Webhooks {
  /** Checks a delivery's signature and timestamp; returns its event, typed by `type`. */
  verify(payload: string, headers: WebhookHeaders, secret: string | readonly string[], options?: VerifyOptions): Promise<TypedEvent> {
    return verifyWebhook(payload, headers, secret, options);
  }

  /** The headers a delivery of this payload would carry: for testing your receiver. */
  sign(payload: string, secret: string, options?: { id?: string; timestamp?: Date }) {
    return signWebhook(payload, secret, options);
  }
}

/**
 * The Enginery API client.
 *
 *   const client = new Enginery({ apiKey: process.env.ENGINERY_API_KEY! });
 *   for await (const invoice of client.invoices.list({ status: "overdue" })) console.log(invoice.number);
 */
export class Enginery extends Resources {
  readonly webhooks = new Webhooks();
  private readonly transport: Transport;

  constructor(options: ClientOptions) {
    const transport = new Transport(options);
    super(transport);
    this.transport = transport;
  }

  /** The rate-limit state of the key, as of the last response (null before the first). */
  get rateLimit(): RateLimit | null {
    return this.transport.rateLimit;
  }
}

export default Enginery;
