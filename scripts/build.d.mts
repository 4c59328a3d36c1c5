// Types for build.mjs (plain JavaScript: it runs during `npm install`), for the test setup and the benchmarks.
/** True when <root>/dist/ (default: this project's) was built after the last change to anything in <root>/src/. */
export function distIsFresh(root?: string): boolean;
/** Builds dist/ from src/; resolves with the number of modules compiled. */
export function build(): Promise<number>;
