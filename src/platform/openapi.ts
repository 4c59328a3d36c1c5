import type { SwaggerOptions } from "@fastify/swagger";
import { OPTIONAL_BODY } from "./schemas.ts";

/**
 * Corrections to what @fastify/swagger generates: it marks every request body
 * required, but one the route may omit (action routes' NoBody) is not; and
 * error responses are sent as application/problem+json, not application/json.
 */
function fixOperations({ openapiObject }: { openapiObject: Record<string, any> }) {
  for (const path of Object.values(openapiObject.paths ?? {}) as Record<string, any>[]) {
    for (const operation of Object.values(path)) {
      const body = operation?.requestBody;
      const schema = body?.content?.["application/json"]?.schema;
      if (schema?.[OPTIONAL_BODY] === true) body.required = false;
      for (const [status, response] of Object.entries(operation?.responses ?? {}) as [string, any][]) {
        const content = response?.content;
        if (/^[45]/.test(status) && content?.["application/json"]) {
          response.content = { "application/problem+json": content["application/json"] };
        }
      }
    }
  }
  return openapiObject;
}

export const openApiOptions: SwaggerOptions = {
  transformObject: fixOperations as never,
  openapi: {
    openapi: "3.1.0",
    info: {
      title: "Enginery API",
      version: "v1",
      description:
        "The business-platform API: finance, growth, talent and agent engines, events and webhooks.\n\n" +
        "Authenticate with `Authorization: Bearer <API key>`. Lists return `{ data, meta: { total, page, per_page } }`; " +
        "errors are RFC 9457 problem details (`application/problem+json`) with a stable `code`, the `request_id` and, " +
        "for invalid input, `errors[]` naming each field. POST accepts `Idempotency-Key`. Every authenticated response " +
        "carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds).",
    },
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key, ek_live_..." } },
    },
    security: [{ apiKey: [] }],
    tags: [
      { name: "Invoices", description: "Finance engine." },
      { name: "Events", description: "Everything that changed, in order." },
      { name: "API keys", description: "Keys of the organization (full-access keys only)." },
      { name: "Identity", description: "Who is calling." },
      { name: "Health", description: "Liveness and readiness." },
    ],
  },
};
