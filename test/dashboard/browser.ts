import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";

/**
 * Debian's Chromium driven by playwright-core: a real browser against the real
 * server. Screenshots of every page land in SHOTS_DIR for a person to look at.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SHOTS_DIR = process.env.SHOTS_DIR ?? "/tmp/shots";

export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is not started yet");
    return browser;
  };
}

export async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1360, height: 860 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  // A dialog (confirm) is accepted, as a person would.
  page.on("dialog", (dialog) => void dialog.accept());
  // Any script error on a page fails the test that loaded it.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  (page as Page & { scriptErrors: string[] }).scriptErrors = errors;
  return page;
}

export function scriptErrors(page: Page): string[] {
  return (page as Page & { scriptErrors: string[] }).scriptErrors;
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** Signs up through the form, as a new person does. */
export async function signUpInBrowser(page: Page, email: string, password: string, organization = "Analytical Engines"): Promise<void> {
  await page.goto("/dashboard#/sign-up");
  await page.fill("input[name=name]", "Ada Lovelace");
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", password);
  await page.fill("input[name=organization_name]", organization);
  await page.click("button:has-text('Create organization')");
  await page.waitForSelector("aside.sidebar");
}

export async function signInInBrowser(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/dashboard#/sign-in");
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", password);
  await page.click("button:has-text('Sign in')");
  await page.waitForSelector("aside.sidebar");
}
