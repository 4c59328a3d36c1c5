import type { Permission } from "./permissions.ts";

/**
 * Scopes are permissions: a token holds the ones granted, and the one
 * permission guard checks them like a key's. Two permissions are never
 * granted to an app: managing API keys (an app could mint itself a key that
 * outlives its grant, and manage OAuth apps) and managing members.
 */
export const SCOPES = [
  "finance:read",
  "finance:write",
  "growth:read",
  "growth:write",
  "talent:read",
  "talent:write",
  "agent:read",
  "agent:write",
  "events:read",
  "webhooks:manage",
  "functions:manage",
  "functions:invoke",
] as const satisfies readonly Permission[];
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "finance:read": "Read invoices",
  "finance:write": "Create and change invoices",
  "growth:read": "Read contacts, accounts, deals, pipelines and sequences",
  "growth:write": "Create and change contacts, accounts, deals, pipelines and sequences",
  "talent:read": "Read jobs and candidates",
  "talent:write": "Create and change jobs and candidates",
  "agent:read": "Ask the agent and read its conversations",
  "agent:write": "Approve the agent's actions and delete conversations",
  "events:read": "Read the event log",
  "webhooks:manage": "Manage webhook endpoints",
  "functions:manage": "Deploy and manage edge functions",
  "functions:invoke": "Invoke edge functions",
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** "a b c" -> ["a", "b", "c"] (RFC 6749 scope syntax), deduplicated, in catalog order; undefined names the unknown ones. */
export function parseScope(text: string): { scopes: Scope[]; unknown: string[] } {
  const words = text.split(" ").filter((w) => w !== "");
  const unknown = words.filter((w) => !isScope(w));
  return { scopes: SCOPES.filter((s) => words.includes(s)), unknown };
}

/**
 * The OpenAPI side: the OAuth 2.0 security scheme, and on each operation the
 * scopes it takes (its permissions, when every one is a scope), so a client
 * generator or reader sees both ways in.
 */
export const oauthSecurityScheme = {
  type: "oauth2",
  description:
    "OAuth 2.0 for integrations (see docs/oauth.md). Authorization code with PKCE (S256, required), refresh tokens that rotate on every use, and client_credentials for an organization's own confidential apps. Server metadata: /.well-known/oauth-authorization-server. Access tokens (eoat_...) are sent as Authorization: Bearer, like API keys.",
  flows: {
    authorizationCode: { authorizationUrl: "/oauth/authorize", tokenUrl: "/oauth/token", refreshUrl: "/oauth/token", scopes: SCOPE_DESCRIPTIONS },
    clientCredentials: { tokenUrl: "/oauth/token", scopes: SCOPE_DESCRIPTIONS },
  },
} as const;

export function operationSecurity(permission: Permission | readonly Permission[] | undefined): Record<string, string[]>[] | undefined {
  if (!permission) return undefined;
  const needed = typeof permission === "string" ? [permission] : [...permission];
  // Routes an OAuth token can never reach (API keys, members) are for API keys only.
  if (!needed.every(isScope)) return [{ apiKey: [] }];
  return [{ apiKey: [] }, { oauth2: needed }];
}
