import { registerSchema, setShouldValidateSchema, validate, type Validator } from "@hyperjump/json-schema/openapi-3-1";

/**
 * The contract test: every exchange the test suite makes is checked against
 * the OpenAPI document by an independent validator (@hyperjump/json-schema's
 * OpenAPI 3.1 dialect, a different implementation from the Ajv that validates
 * requests and the serializer that writes responses). A response the document
 * does not describe, or a request the server accepted that the document would
 * refuse, is a failure of the test that made it.
 *
 * Set ENGINERY_CONTRACT=off to skip it (it is on by default).
 */

// The document is JSON walked by key.
type Json = Record<string, any>;

export interface Exchange {
  method: string;
  /** Path and query string, as sent. */
  url: string;
  requestHeaders: Record<string, string>;
  /** The request body as sent (text), if any. */
  requestBody?: string;
  status: number;
  responseHeaders: Headers;
  responseText: string;
}

// The schemas are validated once by the document test (@readme/openapi-parser); here they are only used.
setShouldValidateSchema(false);

const pointer = (parts: string[]) => "/" + parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
/** Each distinct schema is registered once per process under its own URI. */
let registered = 0;

interface Route {
  template: string;
  pattern: RegExp;
  names: string[];
}

const DIALECT = "https://spec.openapis.org/oas/3.1/dialect/base";
const COMPONENT = "#/components/schemas/";

/** A copy of a schema whose references to the document's components point at `base` (their registered copy). */
function pointedAt(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((n) => pointedAt(n, base));
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" && value.startsWith(COMPONENT) ? `${base}#/$defs/${value.slice(COMPONENT.length)}` : pointedAt(value, base),
    ]),
  );
}

export class Contract {
  private readonly validators = new Map<string, Promise<Validator>>();
  private readonly routes: Route[];
  /** Where this document's components/schemas are registered (once, on the first check). */
  private components?: string;

  private constructor(readonly document: Json) {
    // Literal segments before parameters: /snapshots/latest is not /snapshots/{id}.
    this.routes = Object.keys(document.paths)
      .map((template) => {
        const names: string[] = [];
        // A sub-path parameter (x-allow-reserved, see openapi.ts) takes the rest of the path, slashes included.
        const subPaths = new Set(
          Object.values(document.paths[template] as Json).flatMap((operation: Json) =>
            ((operation?.parameters ?? []) as Json[]).filter((p) => p.in === "path" && p["x-allow-reserved"] === true).map((p) => p.name as string),
          ),
        );
        const source = template
          .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
          .replace(/\{([^}]+)\}/g, (_m, name: string) => (names.push(name), subPaths.has(name) ? "(.+)" : "([^/]+)"));
        return { template, pattern: new RegExp(`^${source}/?$`), names };
      })
      .sort((a, b) => a.names.length - b.names.length);
  }

  /** A document to check exchanges against. */
  static load(document: Json): Contract {
    return new Contract(document);
  }

  static enabled(): boolean {
    return process.env.ENGINERY_CONTRACT !== "off";
  }

  /** Validates a value against the schema at a place in the document (a list of keys); undefined when valid. */
  async check(parts: string[], value: unknown): Promise<string | undefined> {
    // Compiling is the costly part (validating takes a millisecond or two), and the document repeats schemas
    // (the same parameters, the $ref to a model): one validator per distinct schema, each compiled in the
    // OpenAPI 3.1 dialect, its $refs to components/schemas pointing at their one registered copy.
    const schema = parts.reduce((at: Json | undefined, key) => at?.[key], this.document);
    if (schema === undefined) return `no schema at ${parts.join("/")}`;
    const key = JSON.stringify(schema);
    let validator = this.validators.get(key);
    if (!validator) {
      if (!this.components) {
        this.components = `https://contract.invalid/components/${++registered}`;
        registerSchema({ $schema: DIALECT, $defs: pointedAt(this.document.components?.schemas ?? {}, this.components) as Json }, this.components);
      }
      const uri = `https://contract.invalid/schemas/${++registered}`;
      registerSchema({ $schema: DIALECT, ...(pointedAt(schema, this.components) as Json) }, uri);
      validator = validate(uri);
      this.validators.set(key, validator);
    }
    const compiled = await validator;
    if (compiled(value as never, "FLAG").valid) return undefined;
    const output = compiled(value as never, "BASIC");
    if (output.valid) return undefined;
    const failures = (output.errors ?? [])
      .filter((e) => !/(anyOf|oneOf|allOf|properties|items|\$ref|validate)$/.test(e.keyword))
      .map((e) => `${e.instanceLocation} fails ${pointer(parts)}${e.absoluteKeywordLocation.split("#")[1] ?? ""}`);
    return failures.slice(0, 5).join("; ") || "invalid";
  }

  private resolve(node: Json): Json {
    let current = node;
    while (current?.$ref) {
      current = current.$ref
        .slice(2)
        .split("/")
        .reduce((at: Json, key: string) => at?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], this.document);
    }
    return current;
  }

  /** The problems with one exchange; none when the document describes it. */
  async problems(exchange: Exchange): Promise<string[]> {
    const method = exchange.method.toLowerCase();
    const url = new URL(exchange.url, "http://contract.invalid");
    let route: Route | undefined;
    let params: string[] = [];
    for (const candidate of this.routes) {
      const match = candidate.pattern.exec(url.pathname);
      if (match && this.document.paths[candidate.template][method]) {
        route = candidate;
        params = match.slice(1);
        break;
      }
    }
    // Not a documented operation (an unknown route's 404, /docs, /problems): nothing to hold it to.
    if (!route) return [];
    const base = ["paths", route.template, method];
    const operation = this.document.paths[route.template][method] as Json;
    const problems: string[] = [];
    const add = (problem: string | undefined, where: string) => problem && problems.push(`${where}: ${problem}`);

    if (exchange.status >= 200 && exchange.status < 300) await this.checkRequest(exchange, operation, base, route, params, url, add);
    await this.checkResponse(exchange, operation, base, add);
    return problems.map((p) => `${exchange.method} ${route.template} -> ${exchange.status}: ${p}`);
  }

  /** A request the server accepted must be one the document allows. */
  private async checkRequest(
    exchange: Exchange,
    operation: Json,
    base: string[],
    route: Route,
    values: string[],
    url: URL,
    add: (problem: string | undefined, where: string) => void,
  ): Promise<void> {
    const parameters = ((operation.parameters ?? []) as Json[]).map((p, index) => ({ index, p: this.resolve(p), ref: p.$ref as string | undefined }));
    const at = (index: number, ref: string | undefined) => (ref ? ref.slice(2).split("/") : [...base, "parameters", String(index)]);
    for (const [i, name] of route.names.entries()) {
      const parameter = parameters.find(({ p }) => p.in === "path" && p.name === name);
      if (!parameter) add("not documented", `path parameter ${name}`);
      else add(await this.check([...at(parameter.index, parameter.ref), "schema"], decodeURIComponent(values[i]!)), `path parameter ${name}`);
    }
    for (const [name, value] of url.searchParams) {
      const parameter = parameters.find(({ p }) => p.in === "query" && p.name === name);
      // A free-form parameter (an exploded object) takes any name: its values are checked against its additionalProperties.
      const freeForm = parameters.find(({ p }) => p.in === "query" && p.schema?.type === "object" && (p.explode ?? true));
      if (!parameter && freeForm) {
        add(await this.check([...at(freeForm.index, freeForm.ref), "schema"], { [name]: value }), `query parameter ${name}`);
        continue;
      }
      if (!parameter) {
        add("accepted by the server but not documented", `query parameter ${name}`);
        continue;
      }
      add(await this.check([...at(parameter.index, parameter.ref), "schema"], queryValue(value, parameter.p)), `query parameter ${name}`);
    }
    for (const { p, index, ref } of parameters) {
      if (p.in === "query" && p.required && !url.searchParams.has(p.name)) add("is required", `query parameter ${p.name}`);
      if (p.in !== "header") continue;
      const value = Object.entries(exchange.requestHeaders).find(([k]) => k.toLowerCase() === p.name.toLowerCase())?.[1];
      if (value !== undefined) add(await this.check([...at(index, ref), "schema"], value), `header ${p.name}`);
    }
    const body = operation.requestBody as Json | undefined;
    const sent = exchange.requestBody !== undefined && exchange.requestBody !== "";
    if (!sent) {
      if (body?.required) add("is required but none was sent", "request body");
      return;
    }
    if (!body) return add("sent and accepted, but the operation documents none", "request body");
    const type = mediaType(Object.entries(exchange.requestHeaders).find(([k]) => k.toLowerCase() === "content-type")?.[1]);
    const key = body.content[type] ? type : body.content["*/*"] ? "*/*" : undefined;
    if (!key) return add(`content type ${type} is not documented`, "request body");
    if (key !== "application/json") return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(exchange.requestBody!);
    } catch {
      return add("was accepted but is not JSON", "request body");
    }
    add(await this.check([...base, "requestBody", "content", key, "schema"], parsed), "request body");
  }

  /** Each event of a stream, `{ event, data }` with its data parsed, against the schema of one event. */
  private async checkEvents(text: string, at: string[], add: (problem: string | undefined, where: string) => void): Promise<void> {
    for (const [index, { event, data }] of parseEvents(text).entries()) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        add(`data is not JSON`, `event ${index} (${event})`);
        continue;
      }
      add(await this.check(at, { event, data: parsed }), `event ${index} (${event})`);
    }
  }

  private async checkResponse(exchange: Exchange, operation: Json, base: string[], add: (problem: string | undefined, where: string) => void): Promise<void> {
    const responses = operation.responses as Json;
    const status = String(exchange.status);
    // An edge function's own answer (marked by its invocation id) is described by the invoke operation's default response.
    const own =
      exchange.responseHeaders.has("x-function-invocation-id") &&
      responses.default &&
      !mediaType(exchange.responseHeaders.get("content-type") ?? "").endsWith("problem+json");
    const key = own ? "default" : [status, `${status[0]}XX`, "default"].find((k) => responses[k]);
    if (!key) return add("not documented", "status");
    const response = this.resolve(responses[key]);
    // Where the response is described: in the operation, or the component it refers to (the problem answers).
    const responseAt = typeof responses[key].$ref === "string" ? (responses[key].$ref as string).slice(2).split("/") : [...base, "responses", key];
    for (const [name, header] of Object.entries((response.headers ?? {}) as Json)) {
      const definition = this.resolve(header);
      const value = exchange.responseHeaders.get(name);
      if (value === null) {
        if (definition.required) add("is required but missing", `response header ${name}`);
        continue;
      }
      const schemaAt = header.$ref ? [...(header.$ref as string).slice(2).split("/"), "schema"] : [...responseAt, "headers", name, "schema"];
      add(await this.check(schemaAt, coerce(value, definition.schema)), `response header ${name}`);
    }
    const content = response.content as Json | undefined;
    if (!exchange.responseText) return;
    if (!content) return add("has a body the document does not describe", "response");
    const type = mediaType(exchange.responseHeaders.get("content-type") ?? "");
    const mediaKey = content[type] ? type : content["*/*"] ? "*/*" : undefined;
    if (!mediaKey) return add(`content type ${type} is not documented (${Object.keys(content).join(", ")})`, "response");
    if (content[mediaKey]["x-item-schema"]) return this.checkEvents(exchange.responseText, [...responseAt, "content", mediaKey, "x-item-schema"], add);
    if (!/json$/.test(mediaKey)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(exchange.responseText);
    } catch {
      return add("is not JSON", "response body");
    }
    add(await this.check([...responseAt, "content", mediaKey, "schema"], sampled(parsed)), "response body");
  }
}

/** The events of a text/event-stream body: `event:` and the `data:` lines (joined), per blank-line-ended block. */
export function parseEvents(text: string): { event: string; data: string }[] {
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim() && !block.split(/\r?\n/).every((line) => line.startsWith(":")))
    .map((block) => {
      const lines = block.split(/\r?\n/);
      const field = (name: string) => lines.filter((l) => l.startsWith(`${name}:`)).map((l) => l.slice(name.length + 1).replace(/^ /, ""));
      return { event: field("event")[0] ?? "message", data: field("data").join("\n") };
    });
}

/**
 * A list page with its first items only: validating is a few microseconds per field, and whole pages of
 * 100 rows, thousands of times over, would add a third to the suite's time. The suite's many lists of
 * different data still reach every kind of row.
 */
const SAMPLED_ITEMS = 5;
function sampled(body: unknown): unknown {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length <= SAMPLED_ITEMS) return body;
  return { ...(body as object), data: data.slice(0, SAMPLED_ITEMS) };
}

function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A query value as the document reads it: an array parameter serialized form without explode is a comma list. */
function queryValue(value: string, parameter: Json): unknown {
  const schema = parameter.schema;
  if (schema?.type === "array" && (parameter.style ?? "form") === "form" && parameter.explode === false)
    return value.split(",").map((item) => coerce(item, schema.items));
  return coerce(value, schema);
}

/** Query strings and headers are text; a number or boolean parameter is read as one (as the server does). */
function coerce(value: string, schema: Json | undefined): unknown {
  const types = ([] as string[]).concat(schema?.type ?? []);
  if ((types.includes("integer") || types.includes("number")) && value.trim() !== "" && !Number.isNaN(Number(value))) return Number(value);
  if (types.includes("boolean") && (value === "true" || value === "false")) return value === "true";
  return value;
}
