import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../src/platform/events/catalog.ts";
import { createTestDatabase, testDbKind, type TestDatabase } from "../helpers/database.ts";
import { enginery, ROOT, run, start, type Server, type Target } from "../helpers/processes.ts";

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * The README and every page of docs/ say what the product does; this file holds them to it.
 * - Figures the code decides, and links between the pages (anchors included).
 * - The README's shell blocks that talk to the server (the quick start and the tour) run, in
 *   order, with bash and curl, against a real `serve` process started as a newcomer starts it
 *   (a first start, with the key it prints).
 * - Every curl example in docs/ is sent to that server: its route exists, the key it names is
 *   accepted, it causes no 5xx, and no field of its body or query is refused unless the example
 *   shows a placeholder there (`inv_...`) or the problem it gets is printed after it.
 * - Every function module in docs/ deploys; every `bin/enginery` command, `npm run` script and
 *   repository path a command names exists.
 */
const exec = promisify(execFile);
const PAGES = [
  "README.md",
  ...fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`),
];
const TEXT = new Map(PAGES.map((page) => [page, fs.readFileSync(path.join(ROOT, page), "utf8")]));
const ALL = [...TEXT.values()].join("\n");

interface Block {
  page: string;
  lang: string;
  code: string;
  /** The fenced block right after this one, if only prose-free whitespace separates them. */
  next?: Block;
}

/** Fenced code blocks, indented ones (inside list items) included. */
function blocks(page: string): Block[] {
  const found: Block[] = [];
  const text = TEXT.get(page)!;
  const fence = /^( *)```(\w*)\n([\s\S]*?)^\1```[ \t]*$/gm;
  let previousEnd = -1;
  for (let match = fence.exec(text); match; match = fence.exec(text)) {
    const indent = match[1]!.length;
    const code = match[3]!
      .split("\n")
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join("\n");
    const block: Block = { page, lang: match[2]!, code };
    const last = found.at(-1);
    if (last && text.slice(previousEnd, match.index).trim() === "") last.next = block;
    found.push(block);
    previousEnd = match.index + match[0].length;
  }
  return found;
}

/**
 * A shell block's commands: continuation lines joined, quoted newlines kept, comments dropped,
 * each cut at its first unquoted pipe.
 */
function commands(code: string): string[] {
  const out: string[] = [];
  let current = "";
  let quote: string | null = null;
  let piped = false;
  const finish = () => {
    if (current.trim() !== "") out.push(current.trim());
    current = "";
    piped = false;
  };
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      if (!piped) current += ch;
      continue;
    }
    if (ch === "\\" && code[i + 1] === "\n") {
      i++;
      if (!piped) current += " ";
      continue;
    }
    if (ch === "\n") {
      finish();
      continue;
    }
    if (ch === "#" && (i === 0 || /\s/.test(code[i - 1]!))) {
      while (i + 1 < code.length && code[i + 1] !== "\n") i++;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    if (ch === "|" && code[i + 1] !== "|") piped = true;
    if (!piped) current += ch;
  }
  finish();
  return out;
}

/** Shell words of a command (quotes removed; enough for the commands the docs show). */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

const shellBlocks = (page: string) => blocks(page).filter((b) => b.lang === "sh");

describe("README and docs/", () => {
  it("counts the event kinds GET /v1/event_types lists", () => {
    const counts = [...ALL.matchAll(/GET \/v1\/event_types` for the (\d+) kinds/g)].map((m) => m[1]);
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) expect(count).toBe(String(EVENT_TYPES.length));
  });

  it("links only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const [page, text] of TEXT) {
      const withoutCode = text.replace(/^( *)```[\s\S]*?^\1```/gm, "");
      for (const [, target] of withoutCode.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [file, anchor] = target!.split("#") as [string, string | undefined];
        const resolved = file === "" ? page : path.normalize(path.join(path.dirname(page), file));
        if (!fs.existsSync(path.join(ROOT, resolved))) broken.push(`${page}: ${target} (no file ${resolved})`);
        else if (anchor && resolved.endsWith(".md") && !headingSlugs(fs.readFileSync(path.join(ROOT, resolved), "utf8")).has(anchor)) {
          broken.push(`${page}: ${target} (no heading #${anchor} in ${resolved})`);
        }
      }
    }
    expect(broken, broken.join("\n")).toEqual([]);
  });

  it("links every docs/ page from the README", () => {
    const readme = TEXT.get("README.md")!;
    const missing = PAGES.filter((p) => p.startsWith("docs/") && !readme.includes(`](${p})`));
    expect(missing).toEqual([]);
  });

  it("names only npm scripts, CLI commands and files that exist", async () => {
    const scripts = Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts);
    const help = (await run(["help"], enginery({ dataDir: os.tmpdir() }))).stdout;
    const wrong: string[] = [];
    for (const page of PAGES) {
      for (const block of shellBlocks(page)) {
        for (const command of commands(block.code)) {
          const argv = words(command.replace(/^(\w+=\S*\s+)+/, ""));
          if (argv[0] === "npm" && argv[1] === "run" && !scripts.includes(argv[2]!)) wrong.push(`${page}: npm run ${argv[2]}`);
          if (argv[0] === "bin/enginery") {
            const [group, sub] = argv.slice(1).filter((w) => !w.startsWith("-"));
            const usage = sub && !/[/.]/.test(sub) && help.includes(`  ${group} ${sub}`) ? `${group} ${sub}` : group;
            if (!help.includes(`  ${usage}`)) wrong.push(`${page}: ${command}`);
            for (const flag of argv.filter((w) => w.startsWith("--"))) {
              if (!help.includes(flag)) wrong.push(`${page}: ${command} (${flag})`);
            }
          }
          if (argv[0] === "curl" || argv[0] === "cat") continue;
          for (const word of argv) {
            if (/^[\w.-]+\/[\w./-]+\.(ts|mjs|js|json|md|py|cpuprofile)$/.test(word) && !fs.existsSync(path.join(ROOT, word))) {
              wrong.push(`${page}: ${command} (no file ${word})`);
            }
          }
        }
      }
    }
    expect(wrong, wrong.join("\n")).toEqual([]);
  });

  describe("against a real server", () => {
    let tmp: string;
    let testDb: TestDatabase | undefined;
    let server: Server;
    let base: string;
    let key: string;

    beforeAll(async () => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-readme-"));
      let target: Target = { dataDir: path.join(tmp, "data") };
      if (testDbKind() === "postgres") {
        testDb = await createTestDatabase();
        target = { databaseUrl: testDb.url! };
      }
      // A newcomer's start: the demo organization and its key on the first start.
      server = start(["serve"], enginery(target, { PORT: "0", LOG_LEVEL: "warn", FUNCTION_WORKERS: "1" }));
      base = (await server.waitFor(/serving (http:\/\/\S+)/, 120_000))[1]!;
      key = (await server.waitFor(/export KEY=(ek_live_\w+)/))[1]!;
    }, 150_000);

    afterAll(async () => {
      await server?.stop();
      await testDb?.drop();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    });

    /** bash with the reader's setup: KEY exported, the server at localhost:8080. */
    const bash = (script: string, cwd: string, extraEnv: Record<string, string> = {}) =>
      exec("bash", ["-c", script.replaceAll("localhost:8080", base.replace(/^http:\/\//, ""))], {
        cwd,
        env: { ...process.env, KEY: key, ...extraEnv },
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024,
      });

    it("runs the README's quick start and tour, in order, as written", async () => {
      const readme = TEXT.get("README.md")!;
      // The tour's stand-in handler listens on 4000; each run takes a free port of its own, since both
      // databases' runs of this file may be at that step at once (one would forward to the other's handler).
      const handlerPort = await freePort();
      const script = shellBlocks("README.md")
        .filter((b) => b.code.includes("$KEY"))
        .map((b) => b.code)
        .join("\n")
        .replaceAll("localhost:4000", `localhost:${handlerPort}`)
        .replaceAll(".listen(4000)", `.listen(${handlerPort})`);
      expect(script, "the tour's handler port").toContain(`.listen(${handlerPort})`);
      expect(script).toContain("functions deploy");
      // The reader's directory is the project's: bin/enginery is there, overdue.ts gets written there.
      const cwd = fs.mkdtempSync(path.join(tmp, "reader-"));
      fs.symlinkSync(path.join(ROOT, "bin"), path.join(cwd, "bin"));
      // Each curl reports its status on stderr; the script stops at the first command that fails.
      const prelude = `set -euo pipefail\ncurl() { command curl -sS -w '%{stderr}HTTP %{http_code}\\n' "$@"; }\n`;
      const { stdout, stderr } = await bash(prelude + script, cwd).catch((error: { stdout: string; stderr: string; message: string }) => {
        throw new Error(`the README's commands failed: ${error.message}\n--- stdout\n${error.stdout}\n--- stderr\n${error.stderr}`);
      });
      const statuses = [...stderr.matchAll(/^HTTP (\d+)$/gm)].map((m) => Number(m[1]));
      const curls = (script.match(/\bcurl\b/g) ?? []).length;
      expect(statuses, stderr).toHaveLength(curls);
      // Every request succeeds but the one the tour shows failing (a bad request, named as such).
      const failures = statuses.filter((s) => s >= 400);
      expect(failures, `${stdout}\n${stderr}`).toEqual(readme.match(/A bad request gets a problem/) ? [400] : []);
      expect(stdout).toMatch(/"total": \d+/); // the function's answer
      expect(stdout).toMatch(/invoices are overdue/); // the agent's
      expect(stdout).toMatch(/"event_type": "invoice\.paid"/); // the webhook's delivery
      expect(stdout).toMatch(/\d\d:\d\d:\d\d {2}--> invoice\.paid \[evt_\w+\] {2}<-- \[\d+\] POST http:\/\/localhost:\d+\/webhooks/); // listen's line
      expect(stdout).toMatch(/handler got invoice\.paid/); // the stand-in handler
    }, 180_000);

    it("serves every docs/ page, linked from the API reference's document", async () => {
      const document = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { info: { description: string } };
      expect(document.info.description).toContain("](/docs/guides)");
      const index = await fetch(`${base}/docs/guides`);
      expect(index.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await index.text();
      for (const page of PAGES.filter((p) => p.startsWith("docs/"))) {
        const name = path.basename(page, ".md");
        expect(html).toContain(`href="/docs/guides/${name}"`);
        const served = await fetch(`${base}/docs/guides/${name}`);
        expect(served.status, page).toBe(200);
        expect(served.headers.get("content-type")).toMatch(/^text\/plain; charset=utf-8/);
        expect(await served.text()).toBe(TEXT.get(page));
      }
      for (const bad of ["nope", "..%2FREADME", "%2e%2e%2fpackage"]) {
        const refused = await fetch(`${base}/docs/guides/${bad}`);
        expect(refused.status, bad).toBe(404);
        expect(((await refused.json()) as { code: string }).code).toBe("not_found");
      }
    });

    it("deploys every function module in docs/", async () => {
      const modules = PAGES.flatMap((page) => blocks(page)).filter((b) => b.lang === "ts" && /^export default/m.test(b.code));
      expect(modules.length).toBeGreaterThan(0);
      for (const [i, module] of modules.entries()) {
        const response = await fetch(`${base}/v1/functions`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          // Each handler the module has gets its trigger (a trigger without its handler is refused).
          body: JSON.stringify({
            name: `docs-example-${i}`,
            source: module.code,
            triggers: { http: /\bfetch\s*\(/.test(module.code), events: /\bevent\s*\(/.test(module.code) ? ["invoice.paid"] : [] },
          }),
        });
        expect(response.status, `${module.page}:\n${module.code}\n${await response.clone().text()}`).toBe(201);
      }
    }, 120_000);

    it("runs the client libraries' examples in docs/ against the server", async () => {
      const examples = PAGES.flatMap((page) => blocks(page)).filter(
        (b) => (b.lang === "ts" && b.code.includes("@enginery/sdk")) || (b.lang === "python" && b.code.includes("from enginery")),
      );
      expect(examples.map((e) => e.lang).sort()).toEqual(["python", "ts"]);
      // Inside the project (its ignored .enginery/), so that `@enginery/sdk` resolves as it does for a user's app.
      fs.mkdirSync(path.join(ROOT, ".enginery"), { recursive: true });
      const dir = fs.mkdtempSync(path.join(ROOT, ".enginery", "docs-examples-"));
      try {
        for (const example of examples) {
          const code = example.code.replaceAll("http://localhost:8080", base).replaceAll('"ek_live_..."', JSON.stringify(key));
          const file = path.join(dir, example.lang === "ts" ? "example.ts" : "example.py");
          fs.writeFileSync(file, code);
          const [command, args, env] =
            example.lang === "ts" ? [process.execPath, ["--import", "tsx", file], {}] : ["python3", [file], { PYTHONPATH: path.join(ROOT, "sdks", "python") }];
          const { stdout } = await exec(command, args, { cwd: dir, env: { ...process.env, KEY: key, ...env }, timeout: 60_000 }).catch(
            (e: { stdout: string; stderr: string; message: string }) => {
              throw new Error(`${example.page}'s ${example.lang} example failed: ${e.message}\n${e.stderr}`);
            },
          );
          // Both print the overdue invoices: number and amount due, one a line.
          expect(stdout, `${example.page} (${example.lang})`).toMatch(/^INV-\d+ [\d.]+$/m);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);

    it("has only JSON that parses in its json blocks", () => {
      const broken = PAGES.flatMap((page) => blocks(page)).filter((b) => b.lang === "json" && parseJson(b.code.replace(/"[^"]*\.\.\."/g, '"x"')) === null);
      expect(broken.map((b) => `${b.page}: ${b.code.slice(0, 80)}`)).toEqual([]);
    });

    it("sends every curl example in docs/ to a route that exists, with fields it accepts", async () => {
      const wrong: string[] = [];
      for (const page of PAGES.filter((p) => p.startsWith("docs/"))) {
        for (const block of shellBlocks(page)) {
          for (const command of commands(block.code).filter((c) => /^curl\s/.test(c))) {
            const problem = await sendExample(command);
            if (problem) wrong.push(`${page}: ${command}\n  ${problem}`);
          }
        }
      }
      expect(wrong, wrong.join("\n")).toEqual([]);

      async function sendExample(command: string): Promise<string | null> {
        const { stdout } = await bash(`${command} -s -w '\\n%{http_code}'`, tmp).catch((e: { stdout: string }) => ({ stdout: e.stdout ?? "" }));
        const lines = stdout.trimEnd().split("\n");
        const status = Number(lines.pop());
        const text = lines.join("\n");
        if (!status) return "no answer";
        if (status >= 500) return `${status}: ${text.slice(0, 300)}`;
        const body = parseJson(text);
        if (body?.code === "route_not_found") return `no such route: ${body.detail}`;
        if (status === 401 && command.includes("$KEY")) return `the key was refused: ${text.slice(0, 300)}`;
        const errors = Array.isArray(body?.errors) ? (body.errors as { in?: string; field?: string }[]) : [];
        const example = exampleValues(command);
        const refused = errors.filter((e) => (e.in === "body" || e.in === "query") && !String(example.get(topField(e.field)) ?? "").includes("..."));
        if (refused.length === 0) return null;
        // A refusal the page prints right after the example is what the example is for.
        const documented = [...blocksOf(command)].map((b) => parseJson(b.next?.lang === "json" ? b.next.code : ""));
        if (documented.some((d) => JSON.stringify(d?.errors) === JSON.stringify(body.errors))) return null;
        return `refused: ${JSON.stringify(refused)}`;
      }
    }, 240_000);
  });
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  for (const [, heading] of markdown.replace(/^( *)```[\s\S]*?^\1```/gm, "").matchAll(/^#{1,6} (.+)$/gm)) {
    slugs.add(
      heading!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replace(/ /g, "-"),
    );
  }
  return slugs;
}

/** The blocks (of any page) holding this command. */
function* blocksOf(command: string): Generator<Block> {
  for (const page of PAGES) for (const block of blocks(page)) if (commands(block.code).includes(command)) yield block;
}

/** An example's query parameters and top-level JSON body fields, by name. */
function exampleValues(command: string): Map<string, unknown> {
  const values = new Map<string, unknown>();
  const argv = words(command);
  for (const [i, word] of argv.entries()) {
    if (/^https?:\/\//.test(word) || /^localhost:/.test(word)) {
      const url = new URL(word.startsWith("http") ? word : `http://${word}`);
      for (const [name, value] of url.searchParams) values.set(name.replace(/\[.*$/, ""), value);
    }
    if ((word === "-d" || word === "--data") && argv[i + 1]?.startsWith("{")) {
      for (const [name, value] of Object.entries(parseJson(argv[i + 1]!) ?? {})) values.set(name, JSON.stringify(value));
    }
  }
  return values;
}

const topField = (field: string | undefined) => String(field ?? "").split(/[.[]/)[0]!;

// biome-ignore lint/suspicious/noExplicitAny: answers of any shape are inspected by name.
function parseJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
