import type { Candidate, Contact, Deal, Invoice, Job, Stage, World } from "./world.ts";

/*
 * What the judge works out from the data, the way the people asking mean it:
 * dates relative to today (UTC, as the API's due dates are), sums per
 * currency, the records a name or a status designates. Nothing here reads
 * the agent's code.
 */

export const DAY = 86_400_000;
export const iso = (d: Date) => d.toISOString().slice(0, 10);
export const today = (w: World) => iso(w.now);
export const addDays = (date: string, days: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY));
const parts = (date: string) => date.split("-").map(Number) as [number, number, number];
const lastDayOf = (year: number, month: number) => iso(new Date(Date.UTC(year, month, 0)));

/** The first and last day of this month (offset 0), next month (1), last month (-1). */
export function month(w: World, offset = 0): [string, string] {
  const [y, m] = parts(today(w));
  const first = new Date(Date.UTC(y, m - 1 + offset, 1));
  return [iso(first), lastDayOf(first.getUTCFullYear(), first.getUTCMonth() + 1)];
}

/** The last day of the named month (1-12), the next time it comes (this month counts). */
export function endOfNamedMonth(w: World, m: number): string {
  const [y, current] = parts(today(w));
  return lastDayOf(m >= current ? y : y + 1, m);
}

/** A day of the year (month 1-12), the next time it comes (today counts). */
export function nextDate(w: World, m: number, d: number): string {
  const [y] = parts(today(w));
  const thisYear = iso(new Date(Date.UTC(y, m - 1, d)));
  return today(w) <= thisYear ? thisYear : iso(new Date(Date.UTC(y + 1, m - 1, d)));
}

/** The quarter holding today: its first and last day. */
export function quarter(w: World): [string, string] {
  const [y, m] = parts(today(w));
  const q = Math.floor((m - 1) / 3);
  return [iso(new Date(Date.UTC(y, q * 3, 1))), lastDayOf(y, q * 3 + 3)];
}

/** Monday of this week (ISO weeks). */
export function monday(w: World): string {
  const day = (w.now.getUTCDay() + 6) % 7;
  return addDays(today(w), -day);
}

/** "next friday" as people mean it: the coming one, or the one after (when today is close to it). 0 = Sunday. */
export function nextWeekday(w: World, weekday: number): string[] {
  const ahead = (weekday - w.now.getUTCDay() + 7) % 7 || 7;
  return [addDays(today(w), ahead), addDays(today(w), ahead + 7)];
}

/** The upcoming Christmas Day. */
export function christmas(w: World): string {
  const [y] = parts(today(w));
  const thisYear = `${y}-12-25`;
  return today(w) <= thisYear ? thisYear : `${y + 1}-12-25`;
}

/* ---------- invoices ---------- */

export const unpaid = (i: Invoice) => i.status === "open" || i.status === "overdue";
export const overdue = (i: Invoice) => i.status === "overdue";
export const numbers = (list: Invoice[]) => list.map((i) => i.number);
/** An invoice number as people shorten it: INV-000007 -> INV-7. */
export const shortNumber = (i: Invoice) => i.number.replace(/-0+(?=\d)/, "-");

export function sums(list: { currency: string }[], value: (x: never) => number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of list) out[x.currency] = Math.round(((out[x.currency] ?? 0) + value(x as never)) * 100) / 100;
  return out;
}
export const dueSums = (list: Invoice[]) => sums(list, (i: Invoice) => i.amount_due);
export const amountSums = (list: Invoice[]) => sums(list, (i: Invoice) => i.amount);

/** Invoices billed to a client, by the start of its name ("Stark" -> Stark Logistics). */
export const ofClient = (w: World, name: string) => w.invoices.filter((i) => i.client.toLowerCase().startsWith(name.toLowerCase()));
export const clientNames = (w: World) => [...new Set(w.invoices.map((i) => i.client))];

/** The first record that fits, or an error naming what the case needed (the demo data changed). */
export function pick<T>(list: T[], fits: (x: T) => boolean, what: string): T {
  const found = list.find(fits);
  if (!found) throw new Error(`no ${what} in the data`);
  return found;
}

/** A client whose unpaid invoices number exactly n. */
export function clientWithUnpaid(w: World, n: number, more: (i: Invoice) => boolean = () => true): string {
  const client = clientNames(w).find((c) => {
    const open = w.invoices.filter((i) => i.client === c && unpaid(i));
    return open.length === n && open.every(more);
  });
  if (!client) throw new Error(`no client with exactly ${n} unpaid invoice(s)`);
  return client;
}

/* ---------- growth ---------- */

export const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;
export const accountNamed = (w: World, name: string) => pick(w.accounts, (a) => a.name.toLowerCase().startsWith(name.toLowerCase()), `account ${name}`);
export const contactsOf = (w: World, accountId: string) => w.contacts.filter((c) => c.account_id === accountId);
/** Contacts whose full name no other contact shares (so a name designates one). */
export const uniqueContacts = (w: World) => w.contacts.filter((c) => w.contacts.filter((o) => fullName(o) === fullName(c)).length === 1);
export const stages = (w: World): Stage[] => w.pipelines.flatMap((p) => p.stages);
export const stageOf = (w: World, d: Deal) => pick(stages(w), (s) => s.id === d.stage_id, "stage");
export const stageNamed = (w: World, name: string) => pick(stages(w), (s) => s.name.toLowerCase() === name.toLowerCase(), `stage ${name}`);
export const dealsOf = (w: World, accountId: string) => w.deals.filter((d) => d.account_id === accountId);
export const dealNames = (list: Deal[]) => list.map((d) => d.name);
/**
 * An account whose "deal" designates one open deal, in one of these stages
 * (by name): its only deal, or else its only open one.
 */
export function soleOpenDeal(w: World, inStages?: string[]): { deal: Deal; account: string } {
  const fits = (d: Deal) => d.status === "open" && (!inStages || inStages.includes(stageOf(w, d).name));
  for (const onlyDeal of [true, false]) {
    for (const account of w.accounts) {
      const deals = dealsOf(w, account.id);
      const open = deals.filter((d) => d.status === "open");
      if ((onlyDeal ? deals.length : open.length) === 1 && fits(open[0] ?? deals[0]!)) return { deal: open[0]!, account: account.name };
    }
  }
  throw new Error(`no account with a single open deal${inStages ? ` in ${inStages.join("/")}` : ""}`);
}
/** An open deal in one of these stages (by name). */
export const openDealIn = (w: World, inStages: string[]) =>
  pick(w.deals, (d) => d.status === "open" && inStages.includes(stageOf(w, d).name), `open deal in ${inStages.join("/")}`);
/** The part of a demo deal's name after its account ("Stark Logistics: Support upgrade" -> "Support upgrade"). */
export const dealTopic = (d: Deal) => d.name.split(": ").slice(1).join(": ") || d.name;
export const enrolledContacts = (w: World, sequenceId: string): Contact[] =>
  w.enrollments
    .filter((e) => e.sequence_id === sequenceId && e.status === "active")
    .map((e) => pick(w.contacts, (c) => c.id === e.contact_id, "enrolled contact"));

/* ---------- talent ---------- */

export const jobNamed = (w: World, text: string): Job => pick(w.jobs, (j) => j.title.toLowerCase().includes(text.toLowerCase()), `job ${text}`);
export const candidatesOf = (w: World, jobId: string) => w.candidates.filter((c) => c.job_id === jobId);
export const names = (list: { first_name: string; last_name: string }[]) => list.map(fullName);
export const inStage = (w: World, stage: string): Candidate[] => w.candidates.filter((c) => c.stage === stage);
