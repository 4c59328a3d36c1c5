import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that take minutes, slowest first. Vitest orders files by their last run's time, or, with no record of one
 * (a clean clone, as on CI), largest file first: these are four-line files, so they started last and ran alone at
 * the end while the other worker sat idle. Started first, they run beside everything else.
 */
export const LONG_FILES = [
  "test/agent/eval-offline-people.test.ts",
  "test/agent/eval-offline-money.test.ts",
  "test/hardening/fuzz.test.ts",
  "test/oauth/revocation-processes.test.ts",
  "test/hardening/revocation-processes.test.ts",
];

/** Vitest's own order, with the long files moved to the front. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONG_FILES.findIndex((long) => file.moduleId.endsWith(long));
      return at < 0 ? LONG_FILES.length : at;
    };
    // Array.prototype.sort is stable: within a rank, vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
