/** One invalid field of a request, as the API names it. */
export interface FieldError {
  in: "body" | "query" | "path" | "header";
  field: string;
  message: string;
}

/** The problem details (RFC 9457) the API answers errors with. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  request_id: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

/** Any error answered by the API: status, stable code, detail and the request id to quote. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly requestId: string | null;
  readonly problem: Problem | null;
  readonly headers: Headers | null;

  constructor(status: number, problem: Problem | null, headers: Headers | null, fallback?: string) {
    const detail = problem?.detail ?? fallback ?? `HTTP ${status}`;
    super(problem ? `${problem.title}: ${detail}` : detail);
    this.name = new.target.name;
    this.status = status;
    this.code = problem?.code ?? "unknown";
    this.detail = detail;
    this.requestId = problem?.request_id ?? headers?.get("x-request-id") ?? null;
    this.problem = problem;
    this.headers = headers;
  }
}

/** 400/422 with the fields that are wrong. */
export class ValidationError extends ApiError {
  get errors(): FieldError[] {
    return this.problem?.errors ?? [];
  }
}
/** 401: no key, an unknown, revoked or expired one. */
export class AuthenticationError extends ApiError {}
/** 403: the key may not do this. */
export class PermissionError extends ApiError {}
/** 404: no such object in this organization. */
export class NotFoundError extends ApiError {}
/** 409: the object's state forbids it, or the same Idempotency-Key is still running. */
export class ConflictError extends ApiError {}
/** 429: too many requests for the key's plan. */
export class RateLimitError extends ApiError {
  /** Seconds to wait, from Retry-After. */
  get retryAfter(): number | null {
    const value = Number(this.headers?.get("retry-after"));
    return Number.isFinite(value) && this.headers?.has("retry-after") ? value : null;
  }
}
/** The API could not be reached, or did not answer in time (after the retries). */
export class ConnectionError extends ApiError {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(0, null, null, message);
  }
}

/** A webhook whose signature, timestamp or headers do not check out. */
export class WebhookVerificationError extends Error {
  override name = "WebhookVerificationError";
}

export function errorFor(status: number, problem: Problem | null, headers: Headers): ApiError {
  if (status === 400 || (status === 422 && problem?.errors)) return new ValidationError(status, problem, headers);
  if (status === 401) return new AuthenticationError(status, problem, headers);
  if (status === 403) return new PermissionError(status, problem, headers);
  if (status === 404) return new NotFoundError(status, problem, headers);
  if (status === 409) return new ConflictError(status, problem, headers);
  if (status === 429) return new RateLimitError(status, problem, headers);
  return new ApiError(status, problem, headers);
}
