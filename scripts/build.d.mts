// Types for build.mjs (plain JavaScript: it runs during `npm install`), for the test setup and the benchmarks.
export function distIsFresh(): boolean;
/** Builds dist/ from src/; resolves with the number of modules compiled. */
export function build(): Promise<number>;
