import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { PASSWORD, SessionClient, uniqueEmail } from "../identity/session-client.ts";
import { newPage, scriptErrors, shot, signInInBrowser, signUpInBrowser, useBrowser } from "./browser.ts";

const FUNCTION_V2 = `export default { async fetch(request, ctx) { console.log("v2 here"); return { version: 2 }; } };`;

describe("dashboard: the other pages in a real browser", () => {
  const getApp = useTestApp({ identity: { signInLimits: { perAccount: 100, perIp: 1000, windowMs: 60_000 } }, functionWorkers: 1 });
  const getBrowser = useBrowser();

  it("deploys a function from pasted source, invokes it, deploys again and rolls back", async () => {
    const page = await newPage(getBrowser(), getApp().url);
    await signUpInBrowser(page, uniqueEmail("fn"), PASSWORD);
    await page.goto("/dashboard#/functions");
    await page.waitForSelector("text=No functions yet");
    await page.click("text=+ Deploy function");
    await page.fill("input[name=fn_name]", "overdue-digest");
    await shot(page, "14-functions-deploy");
    await page.click(".modal button:has-text('Deploy')");
    await page.waitForSelector("h2:has-text('overdue-digest')");
    await page.click("button:has-text('Invoke')");
    await page.waitForSelector("[data-testid=invocations] >> text=0 overdue for Analytical Engines");

    await page.click("text=Deploy new version");
    await page.fill("textarea[name=source]", FUNCTION_V2);
    await page.click(".modal button:has-text('Deploy')");
    await page.waitForSelector("td:has-text('v2')");
    const invoked = await page.evaluate(async () => {
      const s = await (await fetch("/dashboard/api/session")).json();
      return (await fetch("/v1/functions/overdue-digest/invoke", { method: "POST", headers: { "x-csrf-token": s.csrf_token } })).json();
    });
    expect(invoked).toEqual({ version: 2 });
    await page.click(".tabs button:has-text('Versions')");
    await page.click("button:has-text('Roll back to this')");
    await page.waitForSelector("[data-testid=versions] tr:has-text('v1') >> text=live");
    await shot(page, "15-functions-versions");
    // The function reads with a key of the member's own, listed with the others.
    await page.goto("/dashboard#/keys");
    await page.waitForSelector("text=Dashboard deploys:");
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it("shows the overview charts, the data with the API's filters, the events and the members", async () => {
    const app = getApp();
    const owner = new SessionClient(app.url);
    const email = uniqueEmail("tour");
    await owner.post("/dashboard/api/sign_up", { email, password: PASSWORD, name: "Tour Guide", organization_name: "Northwind" });
    // Data made through the API, with the owner's session.
    const day = (n: number) => new Date(app.clock().getTime() + n * 86_400_000).toISOString().slice(0, 10);
    for (const [client, amount, due] of [
      ["Globex", 1200, -10],
      ["Initech", 800, -45],
      ["Umbrella", 5000, -100],
      ["Hooli", 300, 20],
    ] as const) {
      expect((await owner.post("/v1/invoices", { client, amount, currency: "USD", due_date: day(due), status: "open" })).status).toBe(201);
    }
    const account = await owner.post("/v1/accounts", { name: "Globex Corporation", domain: "globex.com" });
    await owner.post("/v1/contacts", { first_name: "Ava", last_name: "Chen", email: "ava@globex.com", account_id: account.body.id });
    await owner.post("/v1/deals", { name: "Platform rollout", amount: 24000, account_id: account.body.id });
    await owner.post("/v1/deals", { name: "Pilot", amount: 6000 });
    const job = await owner.post("/v1/jobs", { title: "Staff Engineer" });
    for (const [first, last] of [
      ["Lin", "Park"],
      ["Sam", "Ortiz"],
      ["Kai", "Berg"],
    ]) {
      await owner.post("/v1/candidates", { job_id: job.body.id, first_name: first, last_name: last, email: `${first}@example.com` });
    }

    const page = await newPage(getBrowser(), app.url);
    await signInInBrowser(page, email, PASSWORD);
    await page.goto("/dashboard#/overview");
    await page.waitForSelector("text=No snapshot yet");
    await page.click("text=Take a snapshot now");
    await page.waitForSelector("[data-testid=chart-aging] svg rect");
    expect(await page.locator("[data-testid=chart-aging] rect").count()).toBe(4);
    expect(await page.locator("[data-testid=chart-pipeline] rect").count()).toBeGreaterThan(0);
    expect(await page.textContent("[data-testid=chart-candidates]")).toContain("applied");
    await shot(page, "16-overview");

    await page.goto("/dashboard#/data/invoices");
    await page.waitForSelector("[data-testid=data] >> text=Umbrella");
    await page.selectOption("select[name=status]", "overdue");
    await page.fill("input[name=filters]", "amount[gte]=1000");
    await page.press("input[name=filters]", "Enter");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=data] tbody tr").length === 2);
    await shot(page, "17-data-invoices");
    await page.fill("input[name=filters]", "colour=red");
    await page.press("input[name=filters]", "Enter");
    await page.waitForSelector("[role=alert] >> text=colour");
    await shot(page, "18-data-filter-error");

    await page.goto("/dashboard#/data/accounts");
    await page.click("[data-testid=data] >> text=Globex Corporation");
    await page.waitForSelector(".modal >> text=dossier");
    await page.waitForSelector(".modal .stat");
    await shot(page, "19-data-dossier");
    await page.keyboard.press("Escape");
    for (const kind of ["contacts", "deals", "candidates"]) {
      await page.goto(`/dashboard#/data/${kind}`);
      await page.waitForSelector("[data-testid=data] tbody tr");
      await shot(page, `20-data-${kind}`);
    }

    await page.goto("/dashboard#/events");
    await page.waitForSelector("[data-testid=events] >> text=invoice.created");
    await page.selectOption("select[name=type]", "deal.*");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-testid=events] tbody tr td:first-child")].every((td) => td.textContent!.startsWith("deal.")),
    );
    await page.click("[data-testid=events] tbody tr");
    await page.waitForFunction(() => /"type": "deal\.created"/.test(document.querySelector(".json")?.textContent ?? ""));
    await shot(page, "21-events");

    await page.goto("/dashboard#/members");
    await page.selectOption("select[name=invite_role]", "viewer");
    await page.click("text=Create invite link");
    const link = (await page.textContent("[data-testid=secret] .secret-value"))!.trim();
    expect(link).toMatch(/\/dashboard\/#\/invite\/[\w-]+$/);
    await shot(page, "22-members");

    // The invitee accepts in a browser of their own and lands as a viewer.
    const invitee = await newPage(getBrowser(), app.url);
    await invitee.goto(link);
    await invitee.fill("input[name=email]", uniqueEmail("invitee"));
    await invitee.fill("input[name=password]", PASSWORD);
    await shot(invitee, "23-invite-accept");
    await invitee.click("button:has-text('Accept invite')");
    await invitee.waitForSelector("[data-testid=role]:has-text('viewer')");
    await invitee.goto(`${app.url}/dashboard#/webhooks`);
    await invitee.waitForSelector("text=Your role cannot manage webhooks");
    await invitee.goto(`${app.url}/dashboard#/functions`);
    await invitee.waitForSelector("h1:has-text('Edge functions')");
    expect(await invitee.locator("text=+ Deploy function").count()).toBe(0);

    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=members] tbody tr").length === 2);
    await shot(page, "24-members-joined");
    expect(scriptErrors(page)).toEqual([]);
    expect(scriptErrors(invitee)).toEqual([]);
    await page.context().close();
    await invitee.context().close();
  });

  it("follows the event stream on the Events page: a write made through the API appears without a reload", async () => {
    const page = await newPage(getBrowser(), getApp().url);
    await signUpInBrowser(page, uniqueEmail("live"), PASSWORD);
    // A key of the member's organization, for a program writing through the API outside the browser.
    const key = await page.evaluate(async () => {
      const s = await (await fetch("/dashboard/api/session")).json();
      const made = await fetch("/v1/api_keys", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": s.csrf_token },
        body: JSON.stringify({ kind: "full_access", name: "live test" }),
      });
      return (await made.json()).secret as string;
    });
    await page.goto("/dashboard#/events");
    await page.waitForSelector("[data-testid=events-live]");
    const rowsBefore = await page.locator("[data-testid=events] tbody tr").count();
    const written = await fetch(`${getApp().url}/v1/invoices`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ client: "Live Follow Ltd", amount: 42, currency: "EUR", due_date: "2031-01-31" }),
    });
    const invoice = (await written.json()) as { id: string };
    await page.waitForSelector(`[data-testid=events] tbody tr:first-child >> text=${invoice.id}`, { timeout: 15_000 });
    expect(await page.locator("[data-testid=events] tbody tr").count()).toBe(rowsBefore + 1);
    // A filter the event does not match: the stream follows the filter too.
    await page.selectOption("select[name=type]", "deal.*");
    await page.waitForSelector("[data-testid=events-live]");
    await fetch(`${getApp().url}/v1/invoices`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ client: "Not A Deal", amount: 1, currency: "EUR", due_date: "2031-01-31" }),
    });
    const deal = (await (
      await fetch(`${getApp().url}/v1/deals`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Live deal", amount: 10 }),
      })
    ).json()) as { id: string };
    await page.waitForSelector(`[data-testid=events] >> text=${deal.id}`, { timeout: 15_000 });
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-testid=events] tbody tr td:first-child")].every((td) => td.textContent!.startsWith("deal.")),
    );
    await shot(page, "21b-events-live");
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
