/**
 * The value a request-supplied name picks from a record, if the record itself
 * has it: `record[name]` would also find `__proto__`, `constructor` or
 * `toString` on Object.prototype. Every lookup by a name from a request goes
 * through here.
 */
export function own<T>(record: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}
