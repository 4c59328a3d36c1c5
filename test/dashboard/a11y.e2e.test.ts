import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { invite, PASSWORD, SessionClient, signUp, uniqueEmail } from "../identity/session-client.ts";
import { newPage, scriptErrors, shot, useBrowser } from "./browser.ts";

/**
 * axe-core's WCAG 2.1 A and AA rules on every page of the dashboard, signed out
 * and signed in as each role (owner, admin, developer, viewer: they see
 * different buttons and forms), with data on every page so that tables, charts
 * and forms are all there to judge. Any violation fails with the rule, the
 * elements and what axe says to fix, one line each.
 */
// Evaluated through the DevTools protocol: the dashboard's CSP (script-src 'self') refuses injected script tags, rightly.
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const ROLES = ["owner", "admin", "developer", "viewer"] as const;

interface AxeNode {
  target: string[];
  failureSummary?: string;
  any: { data?: { messageKey?: string } | null }[];
}
interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Runs axe on the page as it is now; the violations, one readable line per element. Text whose
 * contrast axe cannot decide (one character, like the logo's; text inside an SVG image; a gradient
 * behind it) it reports as "incomplete": that contrast is computed here from the colours the
 * browser resolved, against the same WCAG thresholds, so it fails too when it is too low.
 */
async function audit(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: AxeResult[]; incomplete: AxeResult[] }> } }).axe.run(document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations", "incomplete"],
      }),
    WCAG_21_AA,
  );
  const found = results.violations.flatMap((v) =>
    v.nodes.map((n) => `${label}: ${v.id} (${v.impact}): ${v.help} at ${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ").trim()}`),
  );
  const undecided = results.incomplete
    .filter((r) => r.id === "color-contrast")
    .flatMap((r) => r.nodes)
    // Symbols and pictographs are not text (1.4.3 does not apply to them).
    .filter((n) => !n.any.some((c) => c.data?.messageKey === "nonBmp"))
    .map((n) => n.target[0]!);
  for (const low of await page.evaluate(lowContrast, undecided)) found.push(`${label}: color-contrast (computed): ${low}`);
  return found;
}

/** In the page: each element whose text contrast is below WCAG AA, as "selector: fg on bg is r:1, needs t:1". */
function lowContrast(selectors: string[]): string[] {
  const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const luminance = (c: number[]) => {
    const [r, g, b] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const ratio = (a: number[], b: number[]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  const out: string[] = [];
  for (const selector of selectors) {
    const element = document.querySelector(selector);
    if (!element) continue;
    const style = getComputedStyle(element);
    const fg = element instanceof SVGElement && style.fill.startsWith("rgb") ? style.fill : style.color;
    // The nearest background: every stop of a gradient, or an opaque colour.
    let backgrounds: string[] = ["rgb(255, 255, 255)"];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const s = getComputedStyle(node);
      const stops = s.backgroundImage.match(/rgba?\([^)]*\)/g);
      if (stops) {
        backgrounds = stops;
        break;
      }
      if (!/^(transparent|rgba\(0, 0, 0, 0\))$/.test(s.backgroundColor)) {
        backgrounds = [s.backgroundColor];
        break;
      }
    }
    const size = Number.parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    const worst = Math.min(...backgrounds.map((bg) => ratio(rgb(fg), rgb(bg))));
    if (worst < needed) out.push(`${selector}: ${fg} on ${backgrounds.join(" / ")} is ${worst.toFixed(2)}:1, needs ${needed}:1`);
  }
  return out;
}

/**
 * Presses Tab (at most 60 times) until `selector` has the focus, and checks that the browser
 * shows it (a focus ring of 2px or more): fails if the element cannot be reached.
 */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate((s) => {
      const active = document.activeElement;
      if (!active?.matches(s)) return null;
      const style = getComputedStyle(active);
      return { outline: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    }, selector);
    if (!focused) continue;
    expect(focused.outline, `focus on ${selector} is not visible`).not.toBe("none");
    expect(focused.width, `focus on ${selector} is not visible`).toBeGreaterThanOrEqual(2);
    return;
  }
  throw new Error(`${selector} is not reachable with Tab`);
}

/** Opens a dashboard route and waits until its page has loaded its data. */
async function open(page: Page, route: string, ready: string): Promise<void> {
  await page.goto(`/dashboard#/${route}`);
  await page.waitForSelector(ready);
  await page.waitForFunction(() => !document.querySelector(".loading"));
  // Charts and lists render in the frame after their data arrives.
  await page.waitForTimeout(150);
}

describe("dashboard: accessibility (axe-core, WCAG 2.1 A and AA) on every page", () => {
  const getApp = useTestApp({ identity: { signInLimits: { perAccount: 100, perIp: 1000, windowMs: 60_000 } }, functionWorkers: 1 });
  const getBrowser = useBrowser();
  const sessions = new Map<string, SessionClient>();
  let inviteToken: string;
  let ids: { endpoint: string; conversations: Map<string, string>; oauthApp: string };

  beforeAll(async () => {
    const app = getApp();
    const { session: owner } = await signUp(app.url, { organization_name: "Northwind" });
    sessions.set("owner", owner);
    for (const role of ROLES.slice(1)) sessions.set(role, (await invite(owner, role)).session);
    const day = (n: number) => new Date(app.clock().getTime() + n * 86_400_000).toISOString().slice(0, 10);
    for (const [client, amount, due] of [
      ["Globex", 1200, -10],
      ["Initech", 800, -45],
      ["Umbrella", 5000, -100],
      ["Hooli", 300, 20],
    ] as const) {
      await owner.post("/v1/invoices", { client, amount, currency: "USD", due_date: day(due), status: "open" });
    }
    const account = (await owner.post("/v1/accounts", { name: "Globex Corporation", domain: "globex.com" })).body;
    await owner.post("/v1/contacts", { first_name: "Ava", last_name: "Chen", email: "ava@globex.com", account_id: account.id });
    await owner.post("/v1/deals", { name: "Platform rollout", amount: 24000, account_id: account.id });
    const job = (await owner.post("/v1/jobs", { title: "Staff Engineer" })).body;
    await owner.post("/v1/candidates", { job_id: job.id, first_name: "Lin", last_name: "Park", email: "lin@example.com" });
    expect((await owner.post("/v1/intelligence/snapshots")).status).toBe(201);
    await owner.post("/v1/api_keys", { name: "erp-sync", kind: "read_only" });
    const endpoint = (await owner.post("/v1/webhook_endpoints", { url: "https://example.com/hooks", events: ["invoice.*"] })).body;
    await owner.post("/v1/functions", { name: "digest", source: "export default { fetch() { return { ok: true }; } }" });
    await owner.post("/v1/functions/digest/invoke");
    const oauthApp = (
      await owner.post("/v1/oauth_apps", {
        name: "Ledger Sync",
        client_type: "confidential",
        redirect_uris: ["https://ledger.example/callback"],
        scopes: ["finance:read"],
      })
    ).body;
    // Each member opens a conversation of their own (who sees whose conversations is the agent's rule, not this test's).
    const conversations = new Map<string, string>();
    for (const role of ROLES)
      conversations.set(role, (await sessions.get(role)!.post("/v1/agent/chat", { message: "which invoices are overdue?" })).body.conversation_id);
    inviteToken = (await owner.post("/dashboard/api/invites", { role: "viewer" })).body.url.split("/invite/")[1];
    ids = { endpoint: endpoint.id, conversations, oauthApp: oauthApp.id };
  });

  it("has no violations on the signed-out pages", async () => {
    const page = await newPage(getBrowser(), getApp().url);
    const found: string[] = [];
    for (const [route, ready] of [
      ["sign-in", "input[name=email]"],
      ["sign-up", "input[name=organization_name]"],
      [`invite/${inviteToken}`, "input[name=password]"],
    ] as const) {
      await open(page, route, ready);
      await shot(page, `a11y-signed-out-${route.split("/")[0]}`);
      found.push(...(await audit(page, route.split("/")[0]!)));
    }
    expect(found, found.join("\n")).toEqual([]);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it("works from the keyboard: sign in, reach the navigation, open a row's details and close them, focus always visible", async () => {
    const app = getApp();
    const email = uniqueEmail("keys");
    await sessions
      .get("owner")!
      .post("/dashboard/api/invites", { role: "developer", email })
      .then(async (created) => {
        const joined = new SessionClient(app.url);
        await joined.post("/dashboard/api/invites/accept", { token: created.body.url.split("/invite/")[1], email, password: PASSWORD, name: "Kay Board" });
      });
    const page = await newPage(getBrowser(), app.url);
    await page.goto("/dashboard#/sign-in");
    await page.waitForSelector("input[name=email]");
    await tabTo(page, "input[name=email]");
    await page.keyboard.type(email);
    await tabTo(page, "input[name=password]");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForSelector("aside.sidebar");

    await open(page, "overview", "[data-testid=chart-aging] svg");
    await tabTo(page, "a[href='#/data/accounts']");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=data] tbody tr");
    await tabTo(page, "[data-testid=data] tbody tr");
    await page.keyboard.press("Enter");
    await page.waitForSelector(".modal .stat");
    // The dialog takes the focus once it has opened.
    await page.waitForFunction(() => document.querySelector(".modal")?.contains(document.activeElement), undefined, { timeout: 5_000 });
    await tabTo(page, ".modal pre"); // the dossier's JSON scrolls with the arrow keys once focused
    // The dialog is modal: Tab and Shift+Tab cycle inside it.
    for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => document.querySelector(".modal")!.contains(document.activeElement)), key).toBe(true);
    }
    await page.keyboard.press("Escape");
    await page.waitForSelector(".modal", { state: "detached" });
    // And gives it back to the row that opened it.
    await page.waitForFunction(() => document.activeElement?.matches("[data-testid=data] tbody tr"), undefined, { timeout: 5_000 });
    await shot(page, "a11y-keyboard-row-focused");
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  for (const role of ROLES) {
    it(`has no violations on any page signed in as ${role}`, async () => {
      const app = getApp();
      const page = await newPage(getBrowser(), app.url);
      const cookie = sessions.get(role)!.cookie!.split("=");
      await page.context().addCookies([{ name: cookie[0]!, value: cookie.slice(1).join("="), url: app.url }]);
      const pages: [route: string, ready: string, then?: () => Promise<unknown>][] = [
        ["overview", "[data-testid=chart-aging] svg"],
        ["agent", "h1"],
        [`agent/${ids.conversations.get(role)}`, "text=overdue"],
        ["data/invoices", "[data-testid=data] tbody tr"],
        ["data/contacts", "[data-testid=data] tbody tr"],
        ["data/accounts", "[data-testid=data] tbody tr"],
        // The dossier opens in a dialog over the accounts list.
        [
          "data/accounts",
          "[data-testid=data] tbody tr",
          () => page.click("[data-testid=data] >> text=Globex Corporation").then(() => page.waitForSelector(".modal .stat")),
        ],
        ["data/deals", "[data-testid=data] tbody tr"],
        ["data/candidates", "[data-testid=data] tbody tr"],
        ["keys", "h1"],
        ["webhooks", "h1"],
        [`webhooks/${ids.endpoint}`, "h1"],
        ["functions", "h1"],
        ["functions/digest", "h1"],
        ["events", "[data-testid=events] tbody tr"],
        ["oauth-apps", "h1"],
        ["members", "h1"],
        ["connected-apps", "h1"],
      ];
      const found: string[] = [];
      for (const [route, ready, then] of pages) {
        await open(page, route, ready);
        await then?.();
        if (role === "owner" || role === "viewer") await shot(page, `a11y-${role}-${route.replaceAll("/", "-").slice(0, 24)}${then ? "-dialog" : ""}`);
        found.push(...(await audit(page, `${role} ${route}`)));
      }
      // The OAuth consent page (server-rendered, outside the app) and its error page.
      const authorize = (redirect: string) =>
        `/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: ids.oauthApp, redirect_uri: redirect, scope: "finance:read", state: "s", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" })}`;
      for (const [name, redirect, ready] of [
        ["consent", "https://ledger.example/callback", "text=Connect Ledger Sync"],
        ["consent error", "https://elsewhere.example/", "h1"],
      ] as const) {
        await page.goto(authorize(redirect));
        await page.waitForSelector(ready);
        if (role === "owner" || role === "viewer") await shot(page, `a11y-${role}-${name.replace(" ", "-")}`);
        found.push(...(await audit(page, `${role} ${name}`)));
      }
      expect(found, found.join("\n")).toEqual([]);
      expect(scriptErrors(page)).toEqual([]);
      await page.context().close();
    }, 180_000);
  }
});
