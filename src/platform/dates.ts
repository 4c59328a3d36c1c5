const DAY_MS = 86_400_000;

let lastInstant = Number.NaN;
let lastDate = "";

/** The UTC calendar date of an instant, YYYY-MM-DD. Lists ask it once per row with one instant, hence the memo. */
export function utcDate(instant: Date): string {
  const ms = instant.getTime();
  if (ms !== lastInstant) {
    lastInstant = ms;
    lastDate = instant.toISOString().slice(0, 10);
  }
  return lastDate;
}

/** Whole days from one YYYY-MM-DD date to a later one. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}
