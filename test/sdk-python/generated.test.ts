import { describe, expect, it } from "vitest";
import { emit, type OpenApiDocument } from "../../sdks/python/codegen.ts";
import { staleFiles } from "../../sdks/python/generate.ts";
import { testDbKind } from "../helpers/database.ts";
import { useTestApp } from "../helpers/harness.ts";

/** The Python library's generated files match the document the server serves (npm run sdks:generate:python). */
const t = useTestApp();

describe.runIf(testDbKind() === "pglite")("the Python library's generated code", () => {
  it("is up to date with /v1/openapi.json", async () => {
    const response = await t().client.get<OpenApiDocument>("/v1/openapi.json");
    expect(response.status).toBe(200);
    const files = emit(response.body);
    expect(Object.keys(files).sort()).toEqual(["sdks/python/enginery/_resources.py", "sdks/python/enginery/types.py"]);
    expect(staleFiles(files), "run npm run sdks:generate:python").toEqual([]);
  });

  it("is deterministic", async () => {
    const doc = (await t().client.get<OpenApiDocument>("/v1/openapi.json")).body;
    expect(emit(structuredClone(doc))).toEqual(emit(doc));
  });
});
