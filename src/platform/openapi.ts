import type { SwaggerOptions } from "@fastify/swagger";
import { COMMA_LIST, EVENT_STREAM, OPTIONAL_BODY, RAW_EXCHANGE } from "./schemas.ts";
import { oauthSecurityScheme } from "./auth/scopes.ts";

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON walked by key; its shape is OpenAPI's, not a TypeScript type.
type Json = Record<string, any>;

/**
 * Headers every response carries are set by hooks (request id, rate limit), not by the routes, so they are
 * described once here and referred to from every operation.
 */
const headers: Json = {
  "X-Request-Id": {
    description: "This request's id: the X-Request-Id the caller sent when it was sane, or a new req_ id. Quote it to support.",
    schema: { type: "string", examples: ["req_01jd8z6q4m2c8v3t5y7w9x0a1b"] },
  },
  "X-RateLimit-Limit": {
    description: "Requests this API key may make a minute on its organization's plan (authenticated requests).",
    schema: { type: "integer", minimum: 0, examples: [1000] },
  },
  "X-RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer", minimum: 0, examples: [998] } },
  "X-RateLimit-Reset": { description: "Seconds until the limit is whole again.", schema: { type: "integer", minimum: 0, examples: [1] } },
  "Retry-After": { description: "Seconds to wait before the next request is allowed.", required: true, schema: { type: "integer", minimum: 0, examples: [3] } },
  "Idempotent-Replayed": {
    description: "true when this is the stored response of an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
};
const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const RATE_LIMIT_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

const parameters: Json = {
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description: "Makes a POST safe to retry: a repeat with the same key and request answers the first response again (kept 24 hours) without acting twice.",
    schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$", examples: ["4f1c2d9e-invoice-1"] },
  },
  RequestId: {
    name: "X-Request-Id",
    in: "header",
    required: false,
    description: "Your own id for this request, kept as its request_id (echoed in X-Request-Id and problems) when it is 1 to 128 of A-Z a-z 0-9 . _ : -.",
    schema: { type: "string", maxLength: 128 },
  },
};

const DATE = "2026-11-24";
const FORMAT_EXAMPLES: Record<string, string> = {
  date: DATE,
  "date-time": `${DATE}T09:30:00.000Z`,
  email: "ada@example.com",
  uri: "https://example.com/",
  iso4217: "USD",
  iso3166: "US",
};

/**
 * An example value built from the schema's own field examples, so every main
 * object carries one that cannot drift from what it describes (openapi.test.ts
 * validates each against its schema).
 */
export function exampleOf(schema: Json | undefined, resolve: (schema: Json | undefined) => Json | undefined = (s) => s, depth = 0): unknown {
  schema = resolve(schema);
  if (!schema || depth > 12) return undefined;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v: unknown) => v !== null) ?? null;
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part: Json) => exampleOf(part, resolve, depth + 1)));
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return exampleOf(branches.find((b: Json) => resolve(b)?.type !== "null") ?? branches[0], resolve, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t: string) => t !== "null") ?? "null") : schema.type;
  switch (type) {
    case "object": {
      // Optional fields appear when they carry their own example: a request example shows the usual call.
      const required = new Set<string>(schema.required ?? []);
      const out: Json = {};
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Json)) {
        if (required.has(name) || property.examples?.length) out[name] = exampleOf(property, resolve, depth + 1);
      }
      // An update takes at least one field: the first ones it lists.
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Json)) {
        if (Object.keys(out).length >= (schema.minProperties ?? 0)) break;
        if (!(name in out) && !property.pattern) out[name] = exampleOf(property, resolve, depth + 1);
      }
      return out;
    }
    case "array": {
      const item = exampleOf(schema.items, resolve, depth + 1);
      return item === undefined || schema.maxItems === 0 ? [] : [item];
    }
    case "string":
      return FORMAT_EXAMPLES[schema.format] ?? (schema.minLength > 6 ? "x".repeat(schema.minLength) : "string");
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return undefined;
  }
}

function addExample(media: Json | undefined, resolve: (schema: Json | undefined) => Json | undefined): void {
  if (!media?.schema || media.example !== undefined) return;
  const example = exampleOf(media.schema, resolve);
  if (example !== undefined) media.example = example;
}

/** An edge function's own answer: any status, body and content type it chose. */
function describeRawExchange(method: string, operation: Json): void {
  const any = { "*/*": { schema: {} } };
  // Any query string reaches the function: OpenAPI's free-form form (an exploded object of any keys).
  operation.parameters = [
    ...(operation.parameters ?? []),
    {
      name: "query",
      in: "query",
      required: false,
      style: "form",
      explode: true,
      description: "Any query parameters (?x=1&y=two): passed to the function as they are.",
      schema: { type: "object", additionalProperties: { type: "string" } },
    },
  ];
  if (method !== "get" && method !== "options") {
    operation.requestBody = { required: false, description: "Passed to the function as it is, in any content type.", content: any };
  }
  operation.responses = {
    default: {
      description: "The function's own response: its status, headers and body as it returned them.",
      headers: {
        "X-Function-Invocation-Id": { description: "The invocation's id (its log: GET /v1/functions/{name}/invocations).", schema: { type: "string" } },
        "X-Function-Version": { description: "The version that ran.", schema: { type: "string" } },
      },
      content: any,
    },
    ...operation.responses,
  };
}

/**
 * Named schemas (an `$id`, see schemaName in schemas.ts) become components/schemas/<$id>, referred to by $ref.
 * @fastify/swagger does this for a named schema nested in a route's schema, but leaves one that is the whole
 * response inline: each of those is wrapped here for the document only (the route keeps its own schema), so
 * swagger sees it nested, and fixOperations unwraps the $ref it becomes.
 */
const NAMED_ROOT = "x-named-root";

/** `$id` -> the schema it names, across every route: one name may not stand for two different schemas. */
type Names = Map<string, { schema: object; json?: string }>;

function checkNames(schema: unknown, names: Names, where: string): void {
  if (!schema || typeof schema !== "object") return;
  const id = (schema as { $id?: unknown }).$id;
  if (typeof id === "string") {
    const known = names.get(id);
    // Most uses are the very object declared once (Invoice): it and what it holds were checked already.
    if (known?.schema === schema) return;
    if (known === undefined) names.set(id, { schema });
    // @fastify/swagger keeps the first schema of a name and refers every other use to it.
    else if ((known.json ??= JSON.stringify(known.schema)) !== JSON.stringify(schema)) {
      throw new Error(`Two different schemas are named ${id} (${where}): name one of them otherwise`);
    }
  }
  for (const value of Object.values(schema)) checkNames(value, names, where);
}

/** Request schemas are not named (see schemaName in schemas.ts): the shared Ajv would refuse a name used twice. */
function checkUnnamed(schema: unknown, where: string): void {
  if (!schema || typeof schema !== "object") return;
  const id = (schema as { $id?: unknown }).$id;
  if (id !== undefined) throw new Error(`${where}: a request schema is named ${String(id)}; only response schemas take an $id`);
  for (const value of Object.values(schema)) checkUnnamed(value, where);
}

function nameResponses(names: Names) {
  return ({ schema, url }: { schema: Json; url: string }) => {
    for (const part of ["body", "querystring", "params", "headers"]) checkUnnamed(schema?.[part], `${url} ${part}`);
    if (!schema?.response) return { schema, url };
    checkNames(schema.response, names, url);
    const response: Json = {};
    for (const [status, body] of Object.entries(schema.response as Json)) {
      // The description stays on the wrapper: swagger takes the response's description from it.
      response[status] = typeof body?.$id === "string" ? { [NAMED_ROOT]: true, description: body.description, allOf: [body] } : body;
    }
    return { schema: { ...schema, response }, url };
  };
}

/** Unwraps what nameResponses wrapped: the response is the $ref the named schema became. */
function unwrapNamed(media: Json | undefined): void {
  const schema = media?.schema;
  if (schema?.[NAMED_ROOT]) media!.schema = schema.allOf[0];
}

/** The schema a $ref names (#/components/schemas/Name), or the schema itself. */
function resolver(openapiObject: Json): (schema: Json | undefined) => Json | undefined {
  return (schema) => {
    let current = schema;
    while (typeof current?.$ref === "string") current = openapiObject.components?.schemas?.[current.$ref.slice(current.$ref.lastIndexOf("/") + 1)];
    return current;
  };
}

/**
 * Corrections and additions to what @fastify/swagger generates: it marks every
 * request body required, but one the route may omit (action routes' NoBody) is
 * not; error responses are sent as application/problem+json, not
 * application/json; the headers hooks add (request id, rate limit,
 * idempotency) are documented on every operation; media types get examples.
 */
function fixOperations({ openapiObject }: { openapiObject: Json }) {
  const responses: Json = {};
  openapiObject.components = { ...openapiObject.components, headers, parameters, responses };
  const resolve = resolver(openapiObject);
  /**
   * The error answers are the same on most operations (the problem body and the headers every response
   * carries): the first of each kind becomes components/responses/<name>, and every identical one a $ref.
   */
  const share = (name: string, response: Json): Json => {
    responses[name] ??= response;
    return JSON.stringify(responses[name]) === JSON.stringify(response) ? { $ref: `#/components/responses/${name}` } : response;
  };
  for (const path of Object.values(openapiObject.paths ?? {}) as Json[]) {
    for (const [method, operation] of Object.entries(path) as [string, Json][]) {
      const body = operation?.requestBody;
      const schema = body?.content?.["application/json"]?.schema;
      if (schema?.[OPTIONAL_BODY] === true) body.required = false;
      if (operation[RAW_EXCHANGE]) {
        delete operation[RAW_EXCHANGE];
        describeRawExchange(method, operation);
      }
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      operation.parameters = [
        ...(operation.parameters ?? []),
        ...(method === "post" && !isPublic ? [{ $ref: "#/components/parameters/IdempotencyKey" }] : []),
        { $ref: "#/components/parameters/RequestId" },
      ];
      for (const [status, response] of Object.entries(operation?.responses ?? {}) as [string, Json][]) {
        unwrapNamed(response?.content?.["application/json"]);
        const content = response?.content;
        if (/^[45]/.test(status) && content?.["application/json"]) {
          response.content = { "application/problem+json": content["application/json"] };
        }
        response.headers = { ...response.headers, "X-Request-Id": ref("X-Request-Id") };
        if (!isPublic) for (const name of RATE_LIMIT_HEADERS) response.headers[name] = ref(name);
        if (method === "post" && !isPublic && /^2/.test(status)) response.headers["Idempotent-Replayed"] = ref("Idempotent-Replayed");
        if (/^2/.test(status)) addExample(response.content?.["application/json"], resolve);
      }
      if (!isPublic && operation.responses?.["4XX"]) {
        const problem = operation.responses["4XX"];
        operation.responses["429"] = {
          description: "Too many requests for this key's plan: retry after Retry-After seconds.",
          headers: { ...problem.headers, "Retry-After": ref("Retry-After") },
          content: problem.content,
        };
      }
      if (body) addExample(body.content?.["application/json"], resolve);
      for (const status of ["4XX", "5XX", "429"]) {
        const response = operation.responses?.[status];
        if (!response?.content?.["application/problem+json"]) continue;
        operation.responses[status] = share(status === "429" ? "RateLimited" : isPublic ? "PublicProblem" : "Problem", response);
      }
    }
  }
  return openapiObject;
}

/**
 * The keywords a schema of an OpenAPI 3.1 document may carry: JSON Schema 2020-12's (core, applicator,
 * validation, unevaluated, format, content, meta-data) and OpenAPI's own. Any other (a validator's private
 * keyword such as `errorMessage`) is published as an `x-` extension, which every tool ignores.
 */
const SCHEMA_KEYWORDS = new Set([
  "$schema",
  "$id",
  "$ref",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
  "$vocabulary",
  "$comment",
  "$defs",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "prefixItems",
  "items",
  "contains",
  "properties",
  "patternProperties",
  "additionalProperties",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "type",
  "enum",
  "const",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  "format",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  "title",
  "description",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
  "discriminator",
  "xml",
  "externalDocs",
  "example",
]);
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const SCHEMA_VALUES = new Set([
  "not",
  "if",
  "then",
  "else",
  "items",
  "contains",
  "additionalProperties",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
]);

const extensionName = (keyword: string) => `x-${keyword.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** A schema with its private keywords renamed to x- extensions, recursively (values, enums and examples left as they are). */
function publishableSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key.startsWith("x-")) out[key] = value;
    else if (!SCHEMA_KEYWORDS.has(key)) out[extensionName(key)] = value;
    else if (SCHEMA_MAPS.has(key) && value && typeof value === "object")
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, publishableSchema(s)]));
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map(publishableSchema);
    else if (SCHEMA_VALUES.has(key)) out[key] = publishableSchema(value);
    else out[key] = value;
  }
  return out;
}

/** Every schema under a `schema` key of the document made publishable (components/schemas: see publish). */
function publishSchemas(node: unknown): void {
  if (!node || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node as Json)) {
    // Extensions are ours to shape (eventStream publishes its own); examples are values, not schemas.
    if (key.startsWith("x-") || key === "example" || key === "examples") continue;
    if (key === "schema" && value && typeof value === "object") (node as Json)[key] = publishableSchema(value);
    else publishSchemas(value);
  }
}

/**
 * A query parameter whose schema says it takes a comma list (COMMA_LIST: the schema of one item) is published
 * as what it is in OpenAPI's terms: an array serialized `form` without explode (status=draft,open), so the
 * item's enum reaches generators and validating proxies.
 */
function commaLists(operation: Json): void {
  for (const parameter of (operation.parameters ?? []) as Json[]) {
    const item = parameter.schema?.[COMMA_LIST];
    if (parameter.in !== "query" || !item) continue;
    parameter.schema = { type: "array", items: item, minItems: 1 };
    parameter.style = "form";
    parameter.explode = false;
  }
}

/**
 * A wildcard route (/invoke/*, rendered {*}) has no OpenAPI form: it is published as a {path} parameter that
 * may hold slashes, so a sub-path request (/invoke/orders/42) is one the document describes. Its slashes are
 * sent as they are: that is allowReserved, which OpenAPI 3.1's schema admits on query parameters only (3.2
 * extends it to path parameters), so it is published as x-allow-reserved (SUB_PATH), which the generators read.
 */
const WILDCARD = "{*}";
export const SUB_PATH = "x-allow-reserved";
function wildcardPaths(openapiObject: Json): void {
  const paths: Json = {};
  for (const [template, item] of Object.entries((openapiObject.paths ?? {}) as Json)) {
    if (!template.endsWith(`/${WILDCARD}`)) {
      paths[template] = item;
      continue;
    }
    for (const operation of Object.values(item as Json) as Json[]) {
      for (const parameter of (operation?.parameters ?? []) as Json[]) {
        if (parameter.in !== "path" || parameter.name !== "*") continue;
        parameter.name = "path";
        parameter[SUB_PATH] = true;
      }
    }
    paths[`${template.slice(0, -WILDCARD.length)}{path}`] = item;
  }
  openapiObject.paths = paths;
}

/**
 * A route answering Server-Sent Events declares the schema of one event (EVENT_STREAM: `{ event, data }`).
 * OpenAPI 3.1 has no keyword for one item of a stream (3.2's itemSchema): the body is published as the text
 * it is, and the event schema under x-item-schema, its named objects referring to their components.
 */
function eventStream(operation: Json, names: Set<string>): void {
  const item = operation[EVENT_STREAM];
  if (!item) return;
  delete operation[EVENT_STREAM];
  const success = operation.responses?.["200"];
  if (!success) return;
  success.content = {
    ...success.content,
    "text/event-stream": {
      schema: { type: "string", description: "Server-Sent Events: `event: <name>` and `data: <JSON>` per event; x-item-schema describes one." },
      "x-item-schema": publishableSchema(referNamed(item, names)),
    },
  };
}

/** A schema whose named parts (an $id that is a component) are $refs to their component. */
function referNamed(schema: unknown, names: Set<string>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => referNamed(s, names));
  if (!schema || typeof schema !== "object") return schema;
  const id = (schema as Json).$id;
  if (typeof id === "string" && names.has(id)) return { $ref: `#/components/schemas/${id}` };
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, referNamed(value, names)]));
}

/** What the document publishes beyond what swagger renders: only OpenAPI 3.1 forms, whatever a route declares. */
function publish(openapiObject: Json): Json {
  wildcardPaths(openapiObject);
  const names = new Set(Object.keys(openapiObject.components?.schemas ?? {}));
  for (const path of Object.values((openapiObject.paths ?? {}) as Json) as Json[]) {
    for (const operation of Object.values(path) as Json[]) {
      commaLists(operation);
      eventStream(operation, names);
    }
  }
  publishSchemas(openapiObject);
  for (const [name, schema] of Object.entries((openapiObject.components?.schemas ?? {}) as Json))
    openapiObject.components.schemas[name] = publishableSchema(schema);
  return openapiObject;
}

/** The document's servers: PUBLIC_URL when set, else "/" (the origin the document was fetched from). */
function serversOf(publicUrl: string | null | undefined): { url: string; description: string }[] {
  if (publicUrl) return [{ url: publicUrl, description: "This server (PUBLIC_URL)." }];
  return [{ url: "/", description: "The origin this document was fetched from." }];
}

/** The options of one app's document (each app checks its own names). */
export const openApiOptions = ({ publicUrl }: { publicUrl?: string | null } = {}): SwaggerOptions => ({
  transform: nameResponses(new Map()) as never,
  transformObject: ((input: { openapiObject: Json }) => publish(fixOperations(input))) as never,
  // A schema with an $id, wherever routes use it, is emitted once as components/schemas/<$id> and referred to.
  refResolver: { buildLocalReference: (json) => String(json.$id) },
  openapi: {
    openapi: "3.1.0",
    servers: serversOf(publicUrl),
    info: {
      title: "Enginery API",
      version: "v1",
      // The project's own terms (package.json: UNLICENSED, no public licence granted); an SPDX identifier when it has one.
      license: { name: "Proprietary (UNLICENSED): all rights reserved" },
      description:
        "The business-platform API: finance, growth, talent and agent engines, events and webhooks.\n\n" +
        "Authenticate with `Authorization: Bearer <API key>`. Lists return `{ data, meta: { total, page, per_page } }`; " +
        "errors are RFC 9457 problem details (`application/problem+json`) with a stable `code`, the `request_id` and, " +
        "for invalid input, `errors[]` naming each field. POST accepts `Idempotency-Key`. Every authenticated response " +
        "carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds); a 429 carries `Retry-After`. " +
        "Amounts are JSON numbers with at most two decimals (`x-max-decimals: 2`; none for currencies without minor units).\n\n" +
        "**Guides**: the reference, one page per area (the conventions, each engine, the agent and MCP, webhooks, edge functions, " +
        "OAuth, the dashboard, client libraries, operations, reliability), at [/docs/guides](/docs/guides).",
    },
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key, ek_live_..." }, oauth2: oauthSecurityScheme },
    },
    security: [{ apiKey: [] }, { oauth2: [] }],
    tags: [
      { name: "Invoices", description: "Finance engine." },
      { name: "Events", description: "Everything that changed, in order." },
      { name: "API keys", description: "Keys of the organization (full-access keys only)." },
      { name: "Identity", description: "Who is calling." },
      { name: "Health", description: "Liveness and readiness." },
      { name: "OAuth apps", description: "OAuth 2.0 clients the organization registers for its integrations." },
      { name: "OAuth grants", description: "Connected apps: the consent an organization gave, and its revocation." },
    ],
  },
});
