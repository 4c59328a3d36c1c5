import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";

const getApp = useTestApp();

describe("the dashboard's page and assets", () => {
  it("serves one page and its bundle from this server, with a CSP that allows nothing else", async () => {
    const url = getApp().url;
    const page = await fetch(`${url}/dashboard`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((a) => !a.startsWith("data:"));
    expect(assets.sort()).toEqual(["/dashboard/assets/app.css", "/dashboard/assets/app.js"]);
    expect(html).not.toMatch(/<script>[^<]/); // nothing inline

    const js = await fetch(`${url}/dashboard/assets/app.js`);
    expect(js.headers.get("content-type")).toMatch(/^text\/javascript/);
    const code = await js.text();
    expect(code.length).toBeGreaterThan(10_000);
    // No CDN: the only absolute URLs are the XML namespaces Preact names (SVG, MathML, XHTML).
    const urls = (code.match(/https?:\/\/[^"'`\s)]+/g) ?? []).filter((u) => !u.startsWith("http://www.w3.org/"));
    expect(urls).toEqual([]);
    expect(code).not.toContain("could not be built");
    const css = await fetch(`${url}/dashboard/assets/app.css`);
    expect(await css.text()).toContain(".sidebar");
    expect((await fetch(`${url}/dashboard/`)).status).toBe(200);
  });
});
