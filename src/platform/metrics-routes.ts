import http from "node:http";
import type { FastifyInstance } from "fastify";
import { metricsAuthorized, type Metrics } from "./metrics.ts";

/** The label of requests no route matched: one series for all of them, not one per probed URL. */
const UNMATCHED = "(unmatched)";

/**
 * Counts every answered request by route pattern (`/v1/invoices/:id`, never
 * the raw URL, so series stay few) and serves /metrics on the API port when a
 * token is configured. Without METRICS_TOKEN the API port has no /metrics (a
 * 404 like any unknown path): the numbers describe every tenant's traffic and
 * must not be public.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  app.addHook("onResponse", async (request, reply) => {
    metrics.request(request.method, request.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
  });
  if (token === null) return;
  app.get("/metrics", { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!metricsAuthorized(request.headers.authorization, token)) {
      return reply.code(401).header("www-authenticate", 'Bearer realm="metrics"').type("text/plain").send("metrics need METRICS_TOKEN as a bearer token\n");
    }
    const { contentType, body } = await metrics.exposition();
    return reply.type(contentType).send(body);
  });
}

/**
 * The metrics listener on METRICS_PORT: /metrics only, behind METRICS_TOKEN
 * when set. Plain node:http, since it serves one path and must keep answering
 * when the API's own hooks (auth, rate limits) would refuse, and in workers,
 * which have no API listener.
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string; token: string | null },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== "GET" || (request.url ?? "").split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("only GET /metrics here\n");
      return;
    }
    if (!metricsAuthorized(request.headers.authorization, options.token)) {
      response
        .writeHead(401, { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' })
        .end("metrics need METRICS_TOKEN as a bearer token\n");
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => response.writeHead(200, { "content-type": contentType }).end(body),
      (error: Error) => response.writeHead(500, { "content-type": "text/plain" }).end(`metrics could not be collected: ${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
