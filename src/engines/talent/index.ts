import type { TSchema } from "typebox";
import type { Api, RouteDeps } from "../../platform/http.ts";
import { registerCandidateRoutes } from "./candidates-routes.ts";
import { Candidate } from "./candidates-schemas.ts";
import { registerJobRoutes } from "./jobs-routes.ts";
import { Job } from "./jobs-schemas.ts";

/** The talent engine's registration: its routes, and the schemas of the objects its events carry. */
export function registerTalent(app: Api, deps: RouteDeps): { eventObjects: Record<string, TSchema> } {
  registerJobRoutes(app, deps);
  registerCandidateRoutes(app, deps);
  return { eventObjects: { job: Job, candidate: Candidate } };
}
