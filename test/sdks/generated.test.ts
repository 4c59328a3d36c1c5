import { describe, expect, it } from "vitest";
import { loadDocument } from "../../sdks/document.ts";
import { generatedFiles, staleFiles } from "../../sdks/generate.ts";

/** CI fails when a route schema changed and `npm run sdks:generate` was not run. */
// Independent of the database: run once, in the pglite project (PGLITE_ONLY in vitest.config.ts).
describe("generated SDK files", () => {
  it("are what sdks/generate.ts makes of the current document, byte for byte", async () => {
    const doc = await loadDocument();
    const files = generatedFiles(doc);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(["openapi.json", "typescript/src/generated.ts", "python/enginery/types.py", "python/enginery/_resources.py"]),
    );
    expect(staleFiles(files), "run npm run sdks:generate and commit the result").toEqual([]);
  }, 60_000);

  it("are generated deterministically, and a change to the document shows as stale", async () => {
    const doc = await loadDocument();
    expect(generatedFiles(doc)).toEqual(generatedFiles(structuredClone(doc)));
    doc.paths["/v1/invoices"].get.summary = "Something else";
    expect(staleFiles(generatedFiles(doc))).toEqual(["openapi.json", "typescript/src/generated.ts", "python/enginery/_resources.py"]);
  }, 60_000);
});
