import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { useTestApp } from "../helpers/harness.ts";
import { PASSWORD, uniqueEmail } from "../identity/session-client.ts";
import { newPage, scriptErrors, shot, signUpInBrowser, useBrowser } from "./browser.ts";

describe("dashboard: webhooks in a real browser", () => {
  const getApp = useTestApp({ identity: { signInLimits: { perAccount: 100, perIp: 1000, windowMs: 60_000 } } });
  const getBrowser = useBrowser();
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let receiver: http.Server;
  let receiverUrl: string;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ received: true, n: received.length }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it("adds an endpoint, sends a signed test delivery, shows its attempt and response, edits and resends", async () => {
    const app = getApp();
    const page = await newPage(getBrowser(), app.url);
    await signUpInBrowser(page, uniqueEmail("hooks"), PASSWORD);
    await page.goto("/dashboard#/webhooks");
    await page.waitForSelector("text=No endpoints yet");
    await shot(page, "10-webhooks-empty");

    await page.click("text=+ Add endpoint");
    await page.fill("input[name=url]", receiverUrl);
    await page.fill("input[name=description]", "Local receiver");
    await page.check("input[name=events][value='invoice.paid']");
    await page.fill("input[name=patterns]", "deal.*");
    await shot(page, "11-webhooks-create");
    await page.click(".modal button:has-text('Add endpoint')");
    const secret = (await page.textContent("[data-testid=secret] .secret-value"))!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.click("text=I have stored it");

    // The dispatcher runs once the page's request is in: a click only starts it.
    const posted = (suffix: string) => page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith(suffix));
    await Promise.all([posted("/test"), page.click("button:has-text('Send test')")]);
    await app.dispatcher.runOnce();
    await page.click("button:has-text('Refresh')");
    await page.waitForSelector("[data-testid=deliveries] >> text=succeeded");
    expect(received).toHaveLength(1);
    // The receiver verifies the signature with the secret the page showed.
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>) as { type: string };
    expect(payload.type).toBe("webhook_endpoint.ping");
    await shot(page, "12-webhooks-detail");

    await page.click("[data-testid=deliveries] tr.clickable");
    await page.waitForSelector("[data-testid=attempt] >> text=200");
    expect(await page.textContent("[data-testid=attempt] pre")).toContain('"received":true');
    await shot(page, "13-webhooks-delivery");
    await Promise.all([posted("/resend"), page.click(".modal button:has-text('Resend')")]);
    await app.dispatcher.runOnce();
    await page.click(".modal .icon");

    // Edit: the events and the retry policy.
    await page.click("button:has-text('Edit')");
    await page.check("input[name=events][value='invoice.created']");
    await page.selectOption("select[name=retry]", "1");
    await page.click(".modal button:has-text('Save')");
    await page.waitForSelector("text=retries after 5s, 1m, 10m");
    const endpoints = await page.evaluate(async () => (await (await fetch("/v1/webhook_endpoints")).json()).data);
    expect(endpoints[0].events.sort()).toEqual(["deal.*", "invoice.created", "invoice.paid"]);
    expect(received.length).toBe(2);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
