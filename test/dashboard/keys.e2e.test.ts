import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { invite, PASSWORD, signUp, uniqueEmail } from "../identity/session-client.ts";
import { newPage, scriptErrors, shot, signInInBrowser, signUpInBrowser, useBrowser } from "./browser.ts";

// One browser run is enough (PGLITE_ONLY in vitest.config.ts): the HTTP tests cover both databases.
describe("dashboard: API keys in a real browser", () => {
  const getApp = useTestApp({ identity: { signInLimits: { perAccount: 100, perIp: 1000, windowMs: 60_000 } } });
  const getBrowser = useBrowser();

  async function me(secret: string) {
    const res = await fetch(`${getApp().url}/v1/me`, { headers: { authorization: `Bearer ${secret}` } });
    return { status: res.status, body: (await res.json()) as any };
  }

  it("signs up, makes a key and calls the API with it, revokes it, rolls another, signs out and in", async () => {
    const page = await newPage(getBrowser(), getApp().url);
    await page.goto("/dashboard");
    await page.waitForSelector("text=Sign in");
    await shot(page, "01-sign-in");
    await page.click("text=Create an organization");
    await page.waitForSelector("text=Create your organization");
    await shot(page, "02-sign-up");

    const email = uniqueEmail("browser");
    await signUpInBrowser(page, email, PASSWORD);
    await page.waitForSelector("text=No API keys yet");
    await shot(page, "03-keys-empty");

    // An engine key for finance.
    await page.click("text=+ Create key");
    await page.fill("input[name=name]", "Billing sync");
    await page.check("input[name=kind][value=engine]");
    await page.check("input[name=engines][value=finance]");
    await shot(page, "04-keys-create");
    await page.click(".modal button:has-text('Create key')");
    const secret = (await page.textContent("[data-testid=secret] .secret-value"))!.trim();
    expect(secret).toMatch(/^ek_live_/);
    await page.click("[data-testid=secret] button:has-text('Copy')");
    await page.waitForSelector("text=Copied ✓");
    await shot(page, "05-keys-secret");

    const used = await me(secret);
    expect(used.status).toBe(200);
    expect(used.body.api_key).toMatchObject({ name: "Billing sync", kind: "engine", engines: ["finance"] });
    await page.click("text=I have stored it");
    expect(await page.locator("[data-testid=secret]").count()).toBe(0);

    // Revoke it: the API refuses it from the next request.
    const row = page.locator(`tr[data-key-id="${used.body.api_key.id}"]`);
    await page.reload();
    await row.waitFor();
    expect(await row.textContent()).toMatch(/ago/); // last used, just now
    await row.locator("button:has-text('Revoke')").click();
    await row.locator("text=revoked").waitFor();
    expect((await me(secret)).body.code).toBe("api_key_revoked");

    // Roll a full-access key with no grace: the new secret works, the old one stops.
    await page.click("text=+ Create key");
    await page.check("input[name=kind][value=full_access]");
    await page.fill("input[name=name]", "Deploy bot");
    await page.click(".modal button:has-text('Create key')");
    const first = (await page.textContent("[data-testid=secret] .secret-value"))!.trim();
    await page.click("text=I have stored it");
    const firstId = (await me(first)).body.api_key.id;
    await page.locator(`tr[data-key-id="${firstId}"] button:has-text('Roll')`).click();
    await page.selectOption("select[name=delay]", "0");
    await shot(page, "06-keys-roll");
    await page.click(".modal button:has-text('Roll key')");
    await page.waitForSelector('text=New secret of "Deploy bot"');
    const second = (await page.textContent("[data-testid=secret] .secret-value"))!.trim();
    expect(second).not.toBe(first);
    expect((await me(first)).body.code).toBe("api_key_expired");
    expect((await me(second)).body.api_key).toMatchObject({ name: "Deploy bot", kind: "full_access" });
    await shot(page, "07-keys-list");

    await page.click("button:has-text('Sign out')");
    await page.waitForSelector("text=Sign in");
    await signInInBrowser(page, email, PASSWORD);
    expect(await page.textContent("[data-testid=role]")).toBe("owner");
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it("shows a wrong password clearly", async () => {
    const page = await newPage(getBrowser(), getApp().url);
    await page.goto("/dashboard#/sign-in");
    await page.fill("input[name=email]", uniqueEmail("nobody"));
    await page.fill("input[name=password]", "not the password");
    await page.click("button:has-text('Sign in')");
    await page.waitForSelector("[role=alert]:has-text('The email or password is not right.')");
    await shot(page, "08-sign-in-error");
    await page.context().close();
  });

  it("gives a viewer no create button, and the server refuses the viewer anyway", async () => {
    const owner = await signUp(getApp().url);
    const viewer = await invite(owner.session, "viewer");
    const page = await newPage(getBrowser(), getApp().url);
    await signInInBrowser(page, viewer.email, PASSWORD);
    await page.goto("/dashboard#/keys");
    await page.waitForSelector("text=Your role cannot see API keys");
    expect(await page.locator("text=+ Create key").count()).toBe(0);
    await shot(page, "09-keys-viewer");
    // The page's own session, with its CSRF token: still refused by the one permission guard.
    const status = await page.evaluate(async () => {
      const session = await (await fetch("/dashboard/api/session")).json();
      const res = await fetch("/v1/api_keys", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": session.csrf_token },
        body: JSON.stringify({ kind: "full_access" }),
      });
      return res.status;
    });
    expect(status).toBe(403);
    await page.context().close();
  });
});
