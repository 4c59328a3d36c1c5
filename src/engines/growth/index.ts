import type { TSchema } from "typebox";
import type { Db } from "../../db/connection.ts";
import type { Api, RouteDeps } from "../../platform/http.ts";
import type { Job } from "../../platform/scheduler.ts";
import { Account } from "./accounts-schemas.ts";
import { registerAccountRoutes } from "./accounts-routes.ts";
import { Contact } from "./contacts-schemas.ts";
import { registerContactRoutes } from "./contacts-routes.ts";
import { Deal } from "./deals-schemas.ts";
import { registerDealRoutes } from "./deals-routes.ts";
import { resumeEnrichments, type Enricher } from "./enrichment-service.ts";
import type { MailTransport } from "./mail-transport.ts";
import { Pipeline } from "./pipelines-schemas.ts";
import { registerPipelineRoutes } from "./pipelines-routes.ts";
import { advanceEnrollments } from "./sequences-job.ts";
import { Enrollment, Sequence } from "./sequences-schemas.ts";
import { registerSequenceRoutes } from "./sequences-routes.ts";

export interface GrowthDeps extends RouteDeps {
  enricher: Enricher;
}

/** The growth engine's registration: its routes, and the schemas of the objects its events carry. */
export function registerGrowth(app: Api, deps: GrowthDeps): { eventObjects: Record<string, TSchema> } {
  registerContactRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerPipelineRoutes(app, deps);
  registerDealRoutes(app, deps);
  registerSequenceRoutes(app, deps);
  return { eventObjects: { contact: Contact, account: Account, pipeline: Pipeline, deal: Deal, sequence: Sequence, enrollment: Enrollment } };
}

/** The growth engine's scheduled work. */
export function growthJobs(db: Db, deps: { enricher: Enricher; mail: MailTransport }): Job[] {
  return [
    { name: "sequences.advance", run: (now) => advanceEnrollments(db, deps.mail, now) },
    { name: "accounts.enrichment", run: (now) => resumeEnrichments(db, deps.enricher, now) },
  ];
}
