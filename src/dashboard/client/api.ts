/** The dashboard talks to the real API: /v1 with the session cookie, plus /dashboard/api for people and sessions. */
export interface Session {
  user: { id: string; email: string; name: string };
  organization: { id: string; name: string; plan: string };
  role: "owner" | "admin" | "developer" | "viewer";
  permissions: string[];
  csrf_token: string;
  organizations: { id: string; name: string; role: string }[];
}

export interface Problem {
  status: number;
  title: string;
  detail: string;
  code: string;
  errors?: { field: string; message: string }[];
}

export class ApiProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

let csrf: string | null = null;
let onSignedOut: () => void = () => {};

export function setCsrf(token: string | null): void {
  csrf = token;
}

export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

function headersFor(method: string, body: unknown, accept = "application/json"): Record<string, string> {
  const headers: Record<string, string> = { accept };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && csrf) headers["x-csrf-token"] = csrf;
  return headers;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON of any shape; callers type it (api<T>).
function parseJson(text: string): any {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** A failed response as the problem it carries (or one made from its status), signing out when the session has ended. */
function problemOf(response: Response, text: string): ApiProblem {
  const parsed = parseJson(text);
  const problem: Problem = parsed?.code
    ? parsed
    : { status: response.status, title: response.statusText, detail: text || response.statusText, code: "unknown" };
  if (problem.code === "not_signed_in") onSignedOut();
  return new ApiProblem(problem);
}

// biome-ignore lint/suspicious/noExplicitAny: untyped calls read the JSON field by field.
export async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: headersFor(method, body),
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!response.ok) throw problemOf(response, text);
  return parseJson(text) as T;
}

/**
 * A POST answered as text/event-stream (the agent's chat with stream: true):
 * `onEvent` gets each event as it arrives, and the answer is the `done`
 * event's data; an `error` event is thrown as the problem it carries. A JSON
 * answer (a problem found before the stream opened, or an idempotent replay)
 * is handled as api() handles it. Without a readable body the whole stream is
 * read at once, so the page still gets every event, only not as it happens.
 */
// biome-ignore lint/suspicious/noExplicitAny: each event type has its own JSON; the page narrows it.
export async function apiStream<T>(path: string, body: unknown, onEvent: (type: string, data: any) => void): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    headers: headersFor("POST", body, "text/event-stream, application/json"),
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  if (!response.ok) throw problemOf(response, await response.text());
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return parseJson(await response.text()) as T;
  let buffer = "";
  let outcome: { done: T } | { error: ApiProblem } | undefined;
  const take = (chunk: string) => {
    // Our server ends lines with \n only (stream.ts), so that is all this reads.
    buffer += chunk;
    let end: number;
    while (outcome === undefined && (end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let type = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) type = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length === 0) continue;
      const value = parseJson(data.join("\n"));
      if (type === "done") outcome = { done: value as T };
      else if (type === "error") outcome = { error: new ApiProblem(value as Problem) };
      else onEvent(type, value);
    }
  };
  const reader = response.body?.getReader();
  if (!reader) take(await response.text());
  else {
    const decoder = new TextDecoder();
    while (outcome === undefined) {
      const { value, done } = await reader.read();
      if (done) break;
      take(decoder.decode(value, { stream: true }));
    }
    if (outcome !== undefined) await reader.cancel().catch(() => undefined);
  }
  if (outcome === undefined) throw new Error("The answer stopped before it finished. Reload the conversation to see what was recorded.");
  if ("error" in outcome) throw outcome.error;
  return outcome.done;
}

export interface List<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}

export function can(session: Session, permission: string): boolean {
  return session.permissions.includes(permission);
}
