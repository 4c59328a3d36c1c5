import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Type } from "typebox";
import { ApiError } from "./errors.ts";
import type { Api } from "./http.ts";

/**
 * The reference pages of docs/ (one per area), served as they are written so
 * that the API reference at /docs can link to them from any server, with no
 * copy of the repository at hand. Markdown reads as plain text, so they are
 * sent as text rather than rendered. src/platform/ and dist/platform/ are both
 * two levels below the project, where docs/ is.
 */
const DOCS_DIR = fileURLToPath(new URL("../../docs/", import.meta.url));
const PAGE = /^[a-z0-9-]+$/;

/** docs/'s pages, each with the title of its first line. */
async function listGuides(): Promise<{ name: string; title: string }[]> {
  const files = (await fs.promises.readdir(DOCS_DIR)).filter((f) => f.endsWith(".md"));
  const guides = await Promise.all(
    files.map(async (file) => {
      const text = await fs.promises.readFile(`${DOCS_DIR}${file}`, "utf8");
      return { name: file.slice(0, -3), title: /^# (.+)$/m.exec(text)?.[1] ?? file };
    }),
  );
  return guides.sort((a, b) => a.title.localeCompare(b.title));
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function registerGuides(app: Api): void {
  app.get("/docs/guides", { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    const items = (await listGuides()).map((g) => `<li><a href="/docs/guides/${g.name}">${escapeHtml(g.title)}</a></li>`).join("\n");
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Enginery guides</title></head><body><main><h1>Enginery guides</h1><p>The reference, one page per area, in Markdown. The API reference is at <a href="/docs">/docs</a>.</p><ul>\n${items}\n</ul></main></body></html>`;
    return reply.type("text/html; charset=utf-8").header("content-security-policy", "default-src 'none'").send(html);
  });
  app.get("/docs/guides/:page", { config: { public: true }, schema: { hide: true, params: Type.Object({ page: Type.String() }) } }, async (request, reply) => {
    const { page } = request.params as { page: string };
    const name = page.replace(/\.md$/, "");
    const text = PAGE.test(name) ? await fs.promises.readFile(`${DOCS_DIR}${name}.md`, "utf8").catch(() => null) : null;
    if (text === null) throw new ApiError("not_found", `There is no guide ${page}. The guides are listed at /docs/guides.`);
    return reply.type("text/plain; charset=utf-8").header("x-content-type-options", "nosniff").send(text);
  });
}
