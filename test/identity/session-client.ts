import type { ApiResponse, RequestOptions } from "../helpers/harness.ts";

/**
 * A browser's side of a dashboard session, over plain HTTP: it keeps the
 * session cookie the server sets and sends the CSRF token on writes, as the
 * dashboard's own code does.
 */
export class SessionClient {
  cookie: string | null = null;
  csrf: string | null = null;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, options: RequestOptions & { csrf?: string | null } = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (csrf && method !== "GET") headers["x-csrf-token"] = csrf;
    let body = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const value = /^enginery_session=([^;]*)/.exec(setCookie)?.[1];
      this.cookie = value ? `enginery_session=${value}` : null;
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if ((path.endsWith("/sign_in") || path.endsWith("/sign_up") || path.endsWith("/invites/accept")) && response.ok)
      this.csrf = (parsed as { csrf_token: string }).csrf_token;
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions & { csrf?: string | null }) {
    return this.request<T>("POST", path, { ...options, body });
  }
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions & { csrf?: string | null }) {
    return this.request<T>("PATCH", path, { ...options, body });
  }
  delete<T = any>(path: string, options?: RequestOptions & { csrf?: string | null }) {
    return this.request<T>("DELETE", path, options);
  }
}

let counter = 0;
export const PASSWORD = "correct horse battery";

export function uniqueEmail(tag = "user"): string {
  return `${tag}-${++counter}-${Date.now()}@example.com`;
}

/** A new person with a new organization, signed in. */
export async function signUp(baseUrl: string, overrides: Record<string, string> = {}): Promise<{ session: SessionClient; email: string; orgId: string }> {
  const session = new SessionClient(baseUrl);
  const email = overrides.email ?? uniqueEmail();
  const res = await session.post("/dashboard/api/sign_up", {
    email,
    password: PASSWORD,
    name: "Ada Lovelace",
    organization_name: "Analytical Engines",
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`sign up: ${res.status} ${res.text}`);
  const me = await session.get("/dashboard/api/session");
  return { session, email, orgId: me.body.organization.id };
}

/** Someone invited into the session's organization with a role, signed in. */
export async function invite(owner: SessionClient, role: string): Promise<{ session: SessionClient; email: string; membershipId: string }> {
  const created = await owner.post("/dashboard/api/invites", { role });
  if (created.status !== 201) throw new Error(`invite: ${created.status} ${created.text}`);
  const token = created.body.url.split("/invite/")[1];
  const session = new SessionClient(owner.baseUrl);
  const email = uniqueEmail(role);
  const accepted = await session.post("/dashboard/api/invites/accept", { token, email, password: PASSWORD, name: `A ${role}` });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${accepted.text}`);
  const me = await session.get("/v1/me");
  return { session, email, membershipId: me.body.member.membership_id };
}
