/** A command used wrongly: one line on stderr, exit code 1, no stack. */
export class UsageError extends Error {}
