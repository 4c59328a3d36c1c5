/**
 * The one closed set of error codes, each mapped to its HTTP status and title
 * in one place. Every error response is an RFC 9457 problem built from an
 * ApiError by the error handler; nothing else writes error bodies.
 */
export const ERROR_CODES = {
  validation_failed: { status: 400, title: "Invalid request" },
  invalid_json: { status: 400, title: "Malformed JSON body" },
  invalid_api_key: { status: 401, title: "Invalid API key" },
  missing_api_key: { status: 401, title: "Missing API key" },
  api_key_revoked: { status: 401, title: "API key revoked" },
  api_key_expired: { status: 401, title: "API key expired" },
  insufficient_permission: { status: 403, title: "Permission denied" },
  not_found: { status: 404, title: "Not found" },
  route_not_found: { status: 404, title: "No such route" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict" },
  invalid_state_transition: { status: 409, title: "Invalid state transition" },
  idempotency_key_in_progress: { status: 409, title: "Request with this idempotency key in progress" },
  request_timeout: { status: 408, title: "Request timeout" },
  payload_too_large: { status: 413, title: "Request body too large" },
  unsupported_media_type: { status: 415, title: "Unsupported content type" },
  idempotency_key_reused: { status: 422, title: "Idempotency key reused with a different request" },
  function_compile_error: { status: 422, title: "Function source does not compile" },
  unprocessable: { status: 422, title: "Request cannot be processed" },
  rate_limited: { status: 429, title: "Rate limit exceeded" },
  too_many_streams: { status: 429, title: "Too many open event streams" },
  headers_too_large: { status: 431, title: "Request headers too large" },
  internal_error: { status: 500, title: "Internal server error" },
  function_failed: { status: 500, title: "Function failed" },
  function_limit_exceeded: { status: 500, title: "Function exceeded a limit" },
  function_timeout: { status: 504, title: "Function timed out" },
  agent_provider_failed: { status: 502, title: "The agent's model provider failed" },
  agent_provider_timeout: { status: 504, title: "The agent's model provider timed out" },
  service_unavailable: { status: 503, title: "Service unavailable" },
  invalid_credentials: { status: 401, title: "Invalid email or password" },
  not_signed_in: { status: 401, title: "Not signed in" },
  csrf_token_invalid: { status: 403, title: "Missing or invalid CSRF token" },
  invalid_access_token: { status: 401, title: "Invalid, expired or revoked OAuth access token" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface FieldError {
  /** Where the field is: body, query, path or header. */
  in: "body" | "query" | "path" | "header";
  /** The field's path, e.g. "amount", "metadata.plan", "steps[0].type", "amount[gte]". */
  field: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  request_id: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extras: { errors?: FieldError[]; headers?: Record<string, string>; [key: string]: unknown } = {},
  ) {
    super(detail);
    this.status = ERROR_CODES[code].status;
  }
}

export function problemType(code: ErrorCode): string {
  return `/problems/${code}`;
}

export function notFound(what: string, id: string): ApiError {
  return new ApiError("not_found", `No ${what} with id ${id}.`);
}

export function invalidField(location: FieldError["in"], field: string, message: string): ApiError {
  return new ApiError("validation_failed", `${field}: ${message}`, { errors: [{ in: location, field, message }] });
}

/** A body field names a resource that does not exist in the caller's organization (or is not theirs). */
export function unknownReference(field: string, what: string, id: string): ApiError {
  return new ApiError("unprocessable", `${field}: no ${what} with id ${id} in this organization.`, {
    errors: [{ in: "body", field, message: `names no ${what} in this organization` }],
  });
}
