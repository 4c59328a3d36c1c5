import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from "fastify";
import type { Db } from "../db/connection.ts";

/** The Fastify instance routes are declared on: request types come from the TypeBox schemas. */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** What route modules get from the composition root. */
export interface RouteDeps {
  db: Db;
}

/** A route the server answers, as registered (tests build their route matrices from these, not from a hand-kept list). */
export interface ServedRoute {
  method: string;
  url: string;
  /** Left out of the OpenAPI document (dashboard, OAuth pages, sub-paths). */
  hidden: boolean;
  /** The request's schemas, as declared (JSON Schema). */
  request: { body?: unknown; querystring?: unknown; params?: unknown };
  /** The whole schema as declared: operationId, summary, description, response (the agent's tools are made of it). */
  schema: Record<string, unknown>;
  /** The route's config: the permission it needs, public, the agent's approval rule. */
  config: Record<string, unknown>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route this server answers (HEAD aside), in registration order. */
    servedRoutes: ServedRoute[];
  }
}

/** Records every route registered after this call, in any plugin, on app.servedRoutes. */
export function recordServedRoutes(app: FastifyInstance): void {
  const served: ServedRoute[] = [];
  app.decorate("servedRoutes", served);
  app.addHook("onRoute", (route) => {
    const schema = (route.schema ?? {}) as { hide?: boolean; body?: unknown; querystring?: unknown; params?: unknown };
    const request = { body: schema.body, querystring: schema.querystring, params: schema.params };
    const config = (route.config ?? {}) as Record<string, unknown>;
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== "HEAD") served.push({ method, url: route.url, hidden: Boolean(schema.hide), request, schema: schema as Record<string, unknown>, config });
    }
  });
}
