import type { EventSubscriber } from "./platform/events/fan-out.ts";
import { functionRunsSubscriber } from "./functions/runs-fanout.ts";
import { deliveriesSubscriber } from "./webhooks/deliveries-fanout.ts";

/**
 * Who owes work for committed events: webhook endpoints (deliveries) and
 * event-triggered functions (runs), written by the statement that writes the
 * events (see EventSubscriber). Every composition point passes this list:
 * buildApp and allJobs take it as a required argument, and the CLI
 * (openMigrated), the tests' databases and the bench wire the database they
 * open with wireSubscribers. The order is the order of the fan-out in the
 * events statement.
 */
export const featureSubscribers: readonly EventSubscriber[] = [deliveriesSubscriber, functionRunsSubscriber];
