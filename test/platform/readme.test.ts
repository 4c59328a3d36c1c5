import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../src/platform/events/catalog.ts";

/** Figures the README states that the code decides. */
const README = fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");

describe("README", () => {
  it("counts the event kinds GET /v1/event_types lists", () => {
    expect(/GET \/v1\/event_types` for the (\d+) kinds/.exec(README)?.[1]).toBe(String(EVENT_TYPES.length));
  });
});
