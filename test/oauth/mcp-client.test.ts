import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { signUp } from "../identity/session-client.ts";
import { CALLBACK, openAuthorize, submitConsent } from "./integration.ts";

/**
 * An MCP client finds us by itself: the official MCP SDK's client, given only
 * the /mcp URL, gets a 401, follows resource_metadata to the authorization
 * server, registers itself (RFC 7591), sends the member to consent with PKCE,
 * exchanges the code and lists the agent's tools with the token.
 */
const getApp = useTestApp({ identity: { signInLimits: { perAccount: 1000, perIp: 1000, windowMs: 60_000 } } });

class MemoryProvider implements OAuthClientProvider {
  info: any;
  saved: any;
  verifier = "";
  authorizationUrl: URL | undefined;
  get redirectUrl() {
    return CALLBACK;
  }
  get clientMetadata() {
    return {
      redirect_uris: [CALLBACK],
      client_name: "MCP Test Client",
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: "agent:read finance:read",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: any) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: any) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe("the MCP SDK's client authorizes itself against /mcp", () => {
  it("discovers, registers, gets consent and lists tools with the token", async () => {
    const { session } = await signUp(getApp().url);
    const provider = new MemoryProvider();
    const endpoint = new URL(`${getApp().url}/mcp`);
    const first = new StreamableHTTPClientTransport(endpoint, { authProvider: provider });
    await expect(new McpClient({ name: "mcp-test", version: "1" }).connect(first)).rejects.toThrow(/Unauthorized/i);
    expect(provider.info.client_id).toMatch(/^oapp_/);
    expect(provider.authorizationUrl?.pathname).toBe("/oauth/authorize");

    const page = await openAuthorize(session, provider.authorizationUrl!);
    expect(page.status, page.html.slice(0, 300)).toBe(200);
    const answer = await submitConsent(session, page, "approve");
    const code = new URL(answer.location!).searchParams.get("code");
    expect(code).toBeTruthy();
    await first.finishAuth(code!);
    expect(provider.saved.access_token).toMatch(/^eoat_/);

    const client = new McpClient({ name: "mcp-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: provider }));
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    await client.close();
  });
});
