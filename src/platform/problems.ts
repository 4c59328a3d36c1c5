import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { newId } from "./ids.ts";
import { ApiError, ERROR_CODES, invalidField, problemType, type ErrorCode, type ProblemBody } from "./errors.ts";
import { own } from "./own.ts";
import { fieldErrors } from "./validation.ts";

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: "A URI naming the kind of problem; GET it for a description." }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String({ description: "Stable, machine-readable error code.", enum: Object.keys(ERROR_CODES) }),
    request_id: Type.String(),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          in: Type.String({ enum: ["body", "query", "path", "header"] }),
          field: Type.String(),
          message: Type.String(),
        }),
      ),
    ),
  },
  { $id: "Problem", additionalProperties: true, description: "RFC 9457 problem details." },
);

/** The RFC 9457 body of an error; sendProblem sends it, a stored idempotent answer may hold one, and an event stream that has begun ends with one. */
export function problemBody(error: ApiError, requestId: string): ProblemBody {
  const body: ProblemBody = {
    type: problemType(error.code),
    title: ERROR_CODES[error.code].title,
    status: error.status,
    detail: error.detail,
    code: error.code,
    request_id: requestId,
  };
  const { headers: _headers, ...extras } = error.extras;
  return Object.assign(body, extras);
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  const body = problemBody(error, request.id);
  if (error.extras.headers) reply.headers(error.extras.headers);
  // Errors raised before the onRequest hooks (a malformed URL) must carry the id too.
  reply.header("x-request-id", request.id);
  return reply.code(error.status).type("application/problem+json").send(body);
}

const FASTIFY_CODES: Record<string, (error: FastifyError, request?: FastifyRequest) => ApiError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (_e, request) =>
    new ApiError(
      "unsupported_media_type",
      `Send request bodies as application/json (got ${JSON.stringify(String(request?.headers["content-type"] ?? "no content type").slice(0, 100))}).`,
    ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new ApiError("validation_failed", "The Content-Length header does not match the body."),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new ApiError("payload_too_large", "The request body is larger than this endpoint accepts."),
  FST_ERR_CTP_INVALID_JSON_BODY: (e) => new ApiError("invalid_json", `The body is not valid JSON: ${e.message}`),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new ApiError("invalid_json", "The body is empty but the Content-Type says JSON."),
  FST_ERR_BAD_URL: () => new ApiError("validation_failed", "The URL is malformed."),
};

/** Any thrown thing -> the ApiError it means. Unknown errors become a 500 that says nothing internal. */
export function toApiError(error: unknown, request?: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as FastifyError & { validation?: unknown[]; validationContext?: string };
  if (Array.isArray(e.validation)) {
    const errors = fieldErrors(e.validation as never, e.validationContext ?? "body");
    const detail = errors.length === 1 ? `${errors[0]!.field}: ${errors[0]!.message}` : `${errors.length} fields are invalid; see errors.`;
    return new ApiError("validation_failed", detail, { errors });
  }
  const mapped = e.code ? own(FASTIFY_CODES, e.code) : undefined;
  if (mapped) return mapped(e, request);
  if (e instanceof SyntaxError && e.statusCode === 400) return new ApiError("invalid_json", `The body is not valid JSON: ${e.message}`);
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    return new ApiError(e.statusCode === 413 ? "payload_too_large" : "validation_failed", e.message);
  }
  return new ApiError("internal_error", "Something went wrong on our side. It has been logged; quote the request id if you contact us.");
}

/** Routes seen at registration, to tell "no such path" (404) from "no such method here" (405). */
function methodIndex(app: FastifyInstance) {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook("onRoute", (route) => {
    if (route.url.includes("*")) return;
    const pattern = new RegExp(`^${route.url.replace(/:[^/]+/g, "[^/]+")}/?$`);
    const methods = ([] as string[]).concat(route.method);
    const existing = routes.find((r) => r.pattern.source === pattern.source);
    if (existing) for (const m of methods) existing.methods.add(m);
    else routes.push({ pattern, methods: new Set(methods) });
  });
  return (path: string): string[] => {
    const found = routes.find((r) => r.pattern.test(path));
    return found ? [...found.methods].filter((m) => m !== "HEAD") : [];
  };
}

export function registerProblemHandling(app: FastifyInstance): void {
  const allowedMethods = methodIndex(app);

  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error, request);
    if (apiError.status >= 500) request.log.error({ err: error }, "unhandled error");
    else request.log.info({ code: apiError.code, detail: apiError.detail }, "request refused");
    if (apiError.code === "payload_too_large") discardRest(request, reply);
    return sendProblem(request, reply, apiError);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0]!;
    const methods = allowedMethods(path);
    if (methods.length > 0) {
      return sendProblem(
        request,
        reply,
        new ApiError("method_not_allowed", `${request.method} is not allowed on ${path}; use ${methods.join(", ")}.`, {
          headers: { allow: methods.join(", ") },
        }),
      );
    }
    return sendProblem(request, reply, new ApiError("route_not_found", `There is no route ${request.method} ${path}. See /docs.`));
  });

  // Each problem type URI resolves to a short description of the problem.
  app.get(
    "/problems/:code",
    {
      config: { public: true },
      schema: { hide: true, params: Type.Object({ code: Type.String() }) },
    },
    async (request, reply) => {
      const code = (request.params as { code: string }).code as ErrorCode;
      const entry = own(ERROR_CODES, code);
      if (!entry) throw new ApiError("not_found", `There is no problem type ${code}.`);
      return reply.send({ type: problemType(code), code, status: entry.status, title: entry.title });
    },
  );
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (a header
 * block or URL too large, a request line that is not HTTP); they get a problem
 * too, written straight to the socket, with a request id of their own.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (!socket.writable) return void socket.destroy(error);
  const apiError =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new ApiError("headers_too_large", "The URL and headers together are larger than this server accepts (16 KB); send long inputs in a body.")
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? new ApiError("request_timeout", "The request was not received in time.")
        : new ApiError("validation_failed", "The request is not valid HTTP/1.1.");
  const requestId = newId("request");
  const body = JSON.stringify(problemBody(apiError, requestId));
  socket.end(
    `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\n` +
      `content-type: application/problem+json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * With Node's own Host check off (it answers a bare 400), the request reaches
 * the app, which refuses it here like any other error. HTTP/1.0 had no Host.
 */
export function registerHostCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (request.headers.host === undefined && request.raw.httpVersion !== "1.0") {
      throw invalidField("header", "Host", "is required (HTTP/1.1)");
    }
  });
}

/**
 * How much of a body refused as too large is read and thrown away (and for how long) before the connection is
 * closed: 16 times the body limit covers the file a client sends by mistake, as nginx's lingering close does,
 * and costs reading it, never holding it. Past either bound the connection is cut, after the answer.
 */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 30_000;

/**
 * Answers a too-large body without resetting the connection: a server that closes while the client still sends
 * makes the client's next write fail (EPIPE), and Node's fetch or Python's http.client report that instead of the
 * 413 (3 times in 4 for 5 MB). The rest is read and discarded instead, and the connection kept.
 */
function discardRest(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete) return;
  // Fastify asks to close so the rest is never read; reading it is what lets the client see the answer.
  reply.removeHeader("connection");
  let read = 0;
  const cut = () => {
    clearTimeout(timer);
    const close = () => raw.socket?.destroy();
    if (reply.raw.writableFinished) close();
    else reply.raw.once("finish", close);
  };
  const timer = setTimeout(cut, DRAIN_MS);
  timer.unref();
  raw.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_LIMIT_BYTES) cut();
  });
  raw.once("end", () => clearTimeout(timer));
  raw.once("close", () => clearTimeout(timer));
  raw.resume();
}
