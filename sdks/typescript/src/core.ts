import { ApiError, ConnectionError, errorFor, type Problem } from "./errors.js";

export interface ClientOptions {
  /** An API key, ek_live_... */
  apiKey: string;
  /** Where the API is; default http://localhost:8080. */
  baseUrl?: string;
  /** How long one attempt may take; default 30 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt (connection errors, 409 in progress, 429, 5xx); default 2. */
  maxRetries?: number;
  /** A fetch of your own (a proxy, a test double); default the global fetch. */
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  /** The Idempotency-Key of a POST; by default one is generated per call and kept across its retries. */
  idempotencyKey?: string;
  timeoutMs?: number;
  maxRetries?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The rate-limit state the last response reported. */
export interface RateLimit {
  limit: number;
  remaining: number;
  /** Seconds until the limit is whole again. */
  resetSeconds: number;
}

/** What a raw request (an edge function's invocation) may send; named here since Node's types have no global BodyInit. */
export type RawBody = string | ArrayBuffer | Uint8Array | Blob | URLSearchParams | FormData | ReadableStream<Uint8Array>;

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** The events of a streamed answer, in order: an `error` event is thrown (as an ApiError), never yielded. */
export type EventStream<E extends { event: string }> = AsyncGenerator<Exclude<E, { event: "error" }>, void, undefined>;

/** A page of a list, as the API returns it. */
export interface ListEnvelope<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}

/** A page, and the way to the next one. */
export interface Page<T> extends ListEnvelope<T> {
  hasNextPage(): boolean;
  nextPage(): Promise<Page<T>>;
}

const RETRYABLE_409 = new Set(["idempotency_key_in_progress"]);

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** Exponential backoff with jitter: 0.5 s, 1 s, 2 s ... at most 8 s, each between half and all of it. */
function backoff(attempt: number): number {
  const ceiling = Math.min(8_000, 500 * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function searchOf(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.append(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The HTTP layer every resource method goes through. */
export class Transport {
  rateLimit: RateLimit | null = null;
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    if (!options.apiKey) throw new TypeError("Enginery: apiKey is required");
    this.baseUrl = (options.baseUrl ?? "http://localhost:8080").replace(/\/+$/, "");
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  private retryable(response: Response, problem: Problem | null): boolean {
    if (response.status === 429 || response.status >= 500) return true;
    return response.status === 409 && RETRYABLE_409.has(problem?.code ?? "");
  }

  private remember(headers: Headers): void {
    const limit = headers.get("x-ratelimit-limit");
    if (limit === null) return;
    this.rateLimit = { limit: Number(limit), remaining: Number(headers.get("x-ratelimit-remaining")), resetSeconds: Number(headers.get("x-ratelimit-reset")) };
  }

  /** One logical request: retried as needed, one Idempotency-Key for all its attempts when it is a POST. */
  async request<T>(method: string, path: string, init: { query?: Query; body?: unknown; options?: RequestOptions } = {}): Promise<T> {
    const { text } = await this.send(method, path, { ...init, accept: "application/json" });
    return parse(text ?? "") as T;
  }

  /**
   * A request answered with Server-Sent Events: each event as `{ event, data }` (data parsed as JSON), in order.
   * An `error` event (the operation failed after the stream began) is thrown as the ApiError its problem
   * names. An answer in JSON instead (an idempotent replay of a finished stream) is its final event, `done`.
   * The timeout bounds the wait for the answer to begin, not the stream.
   */
  async *stream<E extends { event: string; data: unknown }>(
    method: string,
    path: string,
    init: { query?: Query; body?: unknown; options?: RequestOptions } = {},
  ): EventStream<E> {
    const { response, text } = await this.send(method, path, { ...init, accept: "text/event-stream, application/json" });
    if (text !== undefined) {
      yield { event: "done", data: parse(text) } as Exclude<E, { event: "error" }>;
      return;
    }
    for await (const { event, data } of serverSentEvents(response.body!)) {
      const parsed = parse(data);
      if (event === "error") throw errorFor((parsed as Problem).status ?? 500, parsed as Problem, response.headers);
      yield { event, data: parsed } as Exclude<E, { event: "error" }>;
    }
  }

  /**
   * Sends with retries (connection errors, 409 in progress, 429, 5xx) and throws the error an answer names.
   * A successful answer's body is read (text) unless it is an event stream, which is left to the caller.
   */
  private async send(
    method: string,
    path: string,
    { query, body, options = {}, accept }: { query?: Query; body?: unknown; options?: RequestOptions; accept: string },
  ): Promise<{ response: Response; text?: string }> {
    const headers: Record<string, string> = { accept, ...this.options.headers, ...options.headers, authorization: `Bearer ${this.options.apiKey}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method === "POST") headers["idempotency-key"] = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    const url = this.baseUrl + path + searchOf(query);
    const maxRetries = options.maxRetries ?? this.options.maxRetries ?? 2;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 30_000;
    const payload = body === undefined ? undefined : JSON.stringify(body);

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      let text: string | undefined;
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new DOMException(`No answer within ${timeoutMs} ms`, "TimeoutError")), timeoutMs);
      try {
        const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
        response = await this.fetch(url, { method, headers, body: payload, signal });
        const streamed = response.ok && (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
        if (!streamed) text = await response.text();
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (attempt < maxRetries) {
          await sleep(backoff(attempt), options.signal);
          continue;
        }
        const timedOut = (error as Error)?.name === "TimeoutError";
        throw new ConnectionError(
          timedOut ? `No answer from ${this.baseUrl} within ${timeoutMs} ms` : `Could not reach ${this.baseUrl}: ${(error as Error)?.message ?? error}`,
          error,
        );
      } finally {
        clearTimeout(timer);
      }
      this.remember(response.headers);
      if (response.ok) return { response, text };
      const parsed = parse(text ?? "");
      const problem = parsed && typeof parsed === "object" && "status" in parsed ? (parsed as Problem) : null;
      if (attempt < maxRetries && this.retryable(response, problem)) {
        const after = Number(response.headers.get("retry-after"));
        await sleep(response.headers.has("retry-after") && Number.isFinite(after) ? Math.min(after, 60) * 1000 : backoff(attempt), options.signal);
        continue;
      }
      throw errorFor(response.status, problem, response.headers);
    }
  }

  /** A request whose answer is passed back as it is (an edge function's own response). */
  async raw(
    method: string,
    path: string,
    init: { query?: Query; body?: RawBody | null; headers?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const headers = { ...this.options.headers, ...init.headers, authorization: `Bearer ${this.options.apiKey}` };
    const response = await this.fetch(this.baseUrl + path + searchOf(init.query), {
      method,
      headers,
      body: (init.body ?? null) as BodyInit | null,
      signal: init.signal,
    });
    this.remember(response.headers);
    return response;
  }

  /** A list call: awaiting it gives the first page; iterating it gives every item of every page. */
  list<T>(path: string, query: Query | undefined, options: RequestOptions | undefined): PagePromise<T> {
    const fetchPage = async (page: number): Promise<Page<T>> => {
      const envelope = await this.request<ListEnvelope<T>>("GET", path, { query: { ...query, page: page === 1 ? query?.page : page }, options });
      const { meta } = envelope;
      return {
        ...envelope,
        hasNextPage: () => meta.page * meta.per_page < meta.total,
        nextPage: () => fetchPage(meta.page + 1),
      };
    };
    return new PagePromise(fetchPage(Number(query?.page ?? 1)));
  }
}

/**
 * The events of a text/event-stream body (the WHATWG format): `event:` names one (message when absent),
 * `data:` lines are joined by newlines, a blank line ends it; comments (`:`) and ids are skipped.
 */
async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A \r that ends the chunk may be half of a \r\n: wait for the next one.
        if (end === buffer.length - 1 && buffer[end] === "\r") break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith("\r\n", end) ? 2 : 1));
        if (line === "") {
          if (data.length) yield { event: event || "message", data: data.join("\n") };
          event = "";
          data = [];
          continue;
        }
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
    }
  } finally {
    // Leaving early (a break in for await) closes the connection instead of reading the rest.
    await reader.cancel().catch(() => {});
  }
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The first page (await it), and every item of every page (for await ... of it). */
export class PagePromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  constructor(private readonly first: Promise<Page<T>>) {
    // Iterating without awaiting must not leave an unhandled rejection behind.
    first.catch(() => {});
  }

  // biome-ignore lint/suspicious/noThenProperty: a list call is awaitable for its first page and iterable for all of them, by design.
  then<A = Page<T>, B = never>(
    onFulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.first.then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<T> | B> {
    return this.first.catch(onRejected);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page = await this.first;
    for (;;) {
      yield* page.data;
      if (!page.hasNextPage() || page.data.length === 0) return;
      page = await page.nextPage();
    }
  }

  /** Every item of every page, in one array. */
  async all(): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}

export { ApiError };
