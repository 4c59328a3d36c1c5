import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import swagger from "@fastify/swagger";
import Fastify from "fastify";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { openApiOptions } from "../../src/platform/openapi.ts";
import { COMMA_LIST, EVENT_STREAM, StreamEvent } from "../../src/platform/schemas.ts";
import { validatorCompiler } from "../../src/platform/validation.ts";
import { useTestApp } from "../helpers/harness.ts";

/**
 * Issue 27: standard tools accept the document. Redocly's linter (the CLI, its recommended rules as
 * redocly.yaml extends them) reports no problem on the document a real server serves, nor on one built
 * from routes shaped as the next ones may be: the fixes are in the document builder, not per route.
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = path.join(ROOT, "node_modules/@redocly/cli/bin/cli.js");
const PUBLIC_URL = "https://api.enginery.test";
const t = useTestApp({ publicUrl: PUBLIC_URL });

interface LintProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer: string }[];
}

/** Every problem Redocly's CLI finds in a document, under the repository's redocly.yaml. */
async function lint(document: unknown): Promise<LintProblem[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-lint-"));
  const file = path.join(dir, "openapi.json");
  fs.writeFileSync(file, JSON.stringify(document));
  // No telemetry or update check: the test must not depend on any network but the server's.
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };
  const args = [CLI, "lint", "--config", path.join(ROOT, "redocly.yaml"), "--format", "json", "--max-problems", "1000", file];
  try {
    let stdout: string;
    try {
      ({ stdout } = await run(process.execPath, args, { env, cwd: dir, maxBuffer: 64 * 1024 * 1024 }));
    } catch (error) {
      // Exit code 1 when it found errors: its report is still on stdout.
      stdout = (error as { stdout?: string }).stdout ?? "";
      if (!stdout.trim()) throw error;
    }
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const summary = (problems: LintProblem[]) => problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

/** Every key of a JSON value, at any depth, with where it is. */
function keysOf(node: unknown, at = "#", out: [string, string][] = []): [string, string][] {
  if (!node || typeof node !== "object") return out;
  for (const [key, value] of Object.entries(node)) {
    out.push([key, at]);
    keysOf(value, `${at}/${key}`, out);
  }
  return out;
}

describe("Redocly lint (recommended rules)", () => {
  it("reports no error and no warning on the document the server serves", async () => {
    const response = await t().client.get("/v1/openapi.json", { key: null });
    expect(response.status).toBe(200);
    const document = response.body;
    expect(summary(await lint(document))).toEqual([]);
    // PUBLIC_URL is the server; the licence is the project's.
    expect(document.servers).toEqual([{ url: PUBLIC_URL, description: expect.any(String) }]);
    expect(document.info.license.name).toMatch(/UNLICENSED/);
    // The validator's private keyword is published as an extension, never as itself.
    const keys = keysOf(document);
    expect(keys.filter(([key]) => key === "errorMessage")).toEqual([]);
    expect(keys.some(([key]) => key === "x-error-message")).toBe(true);
  }, 120_000);

  it("fails a document that breaks the rules (the check can fail)", async () => {
    const response = await t().client.get("/v1/openapi.json", { key: null });
    const broken = structuredClone(response.body);
    delete broken.servers;
    broken.components.schemas.Invoice.errorMessage = "leaked";
    const rules = (await lint(broken)).filter((p) => p.severity === "error").map((p) => p.ruleId);
    expect(rules).toContain("no-empty-servers");
    expect(rules).toContain("struct");
  }, 120_000);

  it("holds for routes of any shape: private keywords anywhere, comma lists, wildcards and event streams", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    await app.register(swagger, openApiOptions());
    const Thing = Type.Object(
      { id: Type.String(), errorMessage: Type.String({ description: "A field that happens to bear the keyword's name." }) },
      { $id: "Thing" },
    );
    const Name = Type.String({ minLength: 1, pattern: "\\S", errorMessage: "must not be only spaces" });
    app.post(
      "/v1/things",
      {
        schema: {
          operationId: "createThing",
          summary: "Create a thing",
          tags: ["Things"],
          querystring: Type.Object({ kind: Type.Optional(Type.String({ [COMMA_LIST]: { type: "string", enum: ["a", "b"] } })) }),
          body: Type.Object({ name: Name, tags: Type.Array(Name), either: Type.Union([Name, Type.Null()]) }, { errorMessage: "must be a thing" }),
          response: { 200: Thing },
          [EVENT_STREAM]: Type.Union([
            StreamEvent("thing.made", Thing, "A thing was made."),
            StreamEvent("done", Type.Object({ ok: Type.Boolean() }), "The end."),
          ]),
        },
      },
      async () => ({ id: "t1", errorMessage: "" }),
    );
    app.get(
      "/v1/things/:id/files/*",
      {
        schema: {
          operationId: "getThingFile",
          summary: "Read a thing's file",
          tags: ["Things"],
          params: Type.Object({ id: Type.String(), "*": Type.String() }),
          response: { 200: Thing },
        },
      },
      async () => ({ id: "t1", errorMessage: "" }),
    );
    await app.ready();
    const document = structuredClone(app.swagger()) as Record<string, any>;
    await app.close();

    // Errors only: the warnings here (no 4XX answer) are for what app.ts's onRoute hook adds to every real route.
    expect(summary((await lint(document)).filter((p) => p.severity === "error"))).toEqual([]);
    expect(document.servers).toEqual([{ url: "/", description: expect.any(String) }]);
    const keys = keysOf(document);
    // A property named errorMessage stays a property; the keyword, wherever it was, is an extension.
    const named = keys.filter(([key]) => key === "errorMessage").map(([, at]) => at);
    expect(named).toContain("#/components/schemas/Thing/properties");
    for (const at of named) expect(at).toMatch(/\/properties$|\/example$/);
    expect(keys.filter(([key]) => key === "x-error-message").length).toBeGreaterThanOrEqual(4);
    const create = document.paths["/v1/things"].post;
    expect(create.parameters.find((p: any) => p.name === "kind")).toMatchObject({
      style: "form",
      explode: false,
      schema: { type: "array", items: { enum: ["a", "b"] } },
    });
    const stream = create.responses["200"].content["text/event-stream"];
    expect(stream.schema.type).toBe("string");
    expect(stream["x-item-schema"].anyOf[0].properties.data).toEqual({ $ref: "#/components/schemas/Thing" });
    const file = document.paths["/v1/things/{id}/files/{path}"].get;
    expect(file.parameters.find((p: any) => p.name === "path")).toMatchObject({ in: "path", required: true, "x-allow-reserved": true });
  }, 120_000);
});
