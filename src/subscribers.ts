import { subscribeToEvents } from "./platform/events/outbox.ts";
import { webhookAndFunctionSubscriber } from "./webhooks/fanout.ts";

/**
 * Who owes work for committed events: webhook endpoints and event-triggered
 * functions (their deliveries and runs are written by the statement that
 * writes the events; see fanout.ts). Called by every composition
 * point that writes (the CLI, buildApp, the scheduler's jobs); subscribing
 * twice is harmless.
 */
export function subscribeFeatures(): void {
  subscribeToEvents(webhookAndFunctionSubscriber);
}
