import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { PASSWORD, signUp } from "../identity/session-client.ts";
import { newPage, scriptErrors, shot, useBrowser } from "../dashboard/browser.ts";
import { discover, insecure, oauth } from "./integration.ts";

/**
 * Consent as a person gives it, in Chromium: the integration sends the
 * signed-out browser to /oauth/authorize, the member signs in on the dashboard
 * and comes back to the consent page, clicks Allow, and the browser lands on
 * the integration's callback (a local server) with the code. Then the member
 * disconnects the app under Connected apps, and registers an app of their own.
 */
describe("OAuth consent and connected apps in a real browser", () => {
  const getApp = useTestApp({ identity: { signInLimits: { perAccount: 100, perIp: 1000, windowMs: 60_000 } } });
  const getBrowser = useBrowser();
  let callback: http.Server;
  let callbackUrl: string;
  const landed: string[] = [];

  beforeAll(async () => {
    callback = http.createServer((request, response) => {
      landed.push(request.url ?? "");
      response.end("connected");
    });
    await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
    callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  });
  afterAll(() => new Promise<void>((resolve) => callback.close(() => resolve())));

  it("signs in from the authorize URL, consents, and disconnects the app", async () => {
    const { email } = await signUp(getApp().url);
    const as = await discover(getApp().url);
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { redirect_uris: [callbackUrl], client_name: "Ledger Sync", token_endpoint_auth_method: "none" },
        insecure,
      ),
    );
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(as.authorization_endpoint!);
    for (const [name, value] of Object.entries({
      client_id: client.client_id,
      redirect_uri: callbackUrl,
      response_type: "code",
      scope: "finance:read",
      state: "s-123",
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    })) {
      url.searchParams.set(name, value);
    }

    const page = await newPage(getBrowser(), getApp().url);
    await page.goto(url.toString());
    await page.waitForSelector("input[name=email]");
    await page.fill("input[name=email]", email);
    await page.fill("input[name=password]", PASSWORD);
    await page.click("button:has-text('Sign in')");
    await page.waitForSelector("text=Connect Ledger Sync");
    expect(await page.textContent("main")).toContain("Read invoices");
    await shot(page, "oauth-01-consent");
    await page.click("button:has-text('Allow')");
    await page.waitForURL(/\/callback\?/);
    // The callback server also sees the browser's /favicon.ico: the callback is the request with the code.
    const answer = new URL(landed.find((u) => u.startsWith("/callback?"))!, callbackUrl);
    expect(answer.searchParams.get("state")).toBe("s-123");
    const params = oauth.validateAuthResponse(as, client, answer, "s-123");
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, callbackUrl, verifier, insecure),
    );
    const me = async () => (await fetch(`${getApp().url}/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status;
    expect(await me()).toBe(200);

    await page.goto(`${getApp().url}/dashboard/#/connected-apps`);
    const row = page.locator("[data-testid=grants] tr", { hasText: "Ledger Sync" });
    await row.waitFor();
    await shot(page, "oauth-02-connected-apps");
    await row.locator("button:has-text('Disconnect')").click();
    await page.waitForSelector("text=No connected apps");
    expect(await me()).toBe(401);

    await page.goto(`${getApp().url}/dashboard/#/oauth-apps`);
    await page.click("text=+ Register app");
    await page.fill("input[name=name]", "Nightly Export");
    await page.fill("textarea[name=redirect_uris]", "https://export.example/callback");
    await page.click(".modal button:has-text('Register app')");
    const secret = (await page.textContent("[data-testid=secret] .secret-value"))!.trim();
    expect(secret).toMatch(/^eocs_/);
    await page.locator("[data-testid=oauth-apps] tr", { hasText: "Nightly Export" }).waitFor();
    await shot(page, "oauth-03-apps");
    expect(scriptErrors(page)).toEqual([]);
  });
});
