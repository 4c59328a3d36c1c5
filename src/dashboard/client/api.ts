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

export async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && csrf) headers["x-csrf-token"] = csrf;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: any;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const problem: Problem = parsed?.code ? parsed : { status: response.status, title: response.statusText, detail: text || response.statusText, code: "unknown" };
    if (problem.code === "not_signed_in") onSignedOut();
    throw new ApiProblem(problem);
  }
  return parsed as T;
}

export interface List<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}

export function can(session: Session, permission: string): boolean {
  return session.permissions.includes(permission);
}
