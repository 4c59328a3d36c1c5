import { sql } from "drizzle-orm";
import type { Database } from "../src/db/connection.ts";
import { generateSecret, hashSecret, secretHint } from "../src/platform/auth/api-key-secret.ts";
import { apiKeys } from "../src/platform/auth/api-keys-table.ts";
import { rowsOf } from "../src/db/migrate.ts";

/**
 * Loads `orgs` organizations with `perOrg` invoices each, in plain SQL
 * (generate_series).
 * Invoice mix per org: 60% paid, 15% open and due later,
 * 15% open and past due (overdue), 5% draft, 5% void; due dates over the last
 * two years. `overdue_notified_at` is set so a scheduler would not flood events.
 */
export async function loadInvoices(database: Database, orgs: number, perOrg: number, today: Date): Promise<void> {
  const day = today.toISOString().slice(0, 10);
  await database.exec(`
    INSERT INTO orgs (id, name, plan, invoice_counter, created_at)
    SELECT 'org_0bench' || lpad(o::text, 20, '0'), 'Bench org ' || o, 'enterprise', ${perOrg}, now()
    FROM generate_series(1, ${orgs}) AS o;

    INSERT INTO invoices (org_id, id, number, client, description, amount_cents, amount_paid_cents, currency, status,
                          due_date, metadata, issued_at, paid_at, overdue_notified_at, created_at, updated_at)
    SELECT 'org_0bench' || lpad(o::text, 20, '0'),
           'inv_0' || substr(md5(o::text || '-' || n::text), 1, 25),
           'INV-' || lpad(n::text, 6, '0'),
           (ARRAY['Northwind Traders','Globex Corporation','Initech','Umbrella Health','Stark Logistics','Wayne Enterprises','Hooli Cloud','Pied Piper'])[1 + (n % 8)],
           'Services rendered',
           amount,
           CASE WHEN bucket < 60 THEN amount ELSE 0 END,
           (ARRAY['USD','USD','USD','EUR','GBP'])[1 + (n % 5)],
           CASE WHEN bucket < 60 THEN 'paid' WHEN bucket < 90 THEN 'open' WHEN bucket < 95 THEN 'draft' ELSE 'void' END,
           CASE WHEN bucket BETWEEN 60 AND 74 THEN DATE '${day}' + (1 + n % 60)
                WHEN bucket BETWEEN 75 AND 89 THEN DATE '${day}' - (1 + n % 120)
                ELSE DATE '${day}' - (n % 730) END,
           '{}'::jsonb,
           now() - make_interval(days => n % 730),
           CASE WHEN bucket < 60 THEN now() - make_interval(days => n % 700) END,
           CASE WHEN bucket BETWEEN 75 AND 89 THEN now() END,
           now() - make_interval(days => n % 730, secs => n),
           now() - make_interval(days => n % 730)
    FROM generate_series(1, ${orgs}) AS o,
         generate_series(1, ${perOrg}) AS n,
         LATERAL (SELECT (hashtext(o::text || ':' || n::text) & 2147483647) % 100 AS bucket,
                         10000 + (hashtext(n::text || ':' || o::text) & 2147483647) % 2000000 AS amount) AS r;
  `);
  // Bulk loads leave no visibility map and no statistics; PGlite has no autovacuum to make them.
  await database.exec("VACUUM ANALYZE");
}

/** (Re)creates one full-access key per bench organization and returns the secrets. */
export async function loadKeys(database: Database, orgs: number, today: Date): Promise<string[]> {
  await database.exec("DELETE FROM api_keys WHERE id LIKE 'key_0bench%'");
  const secrets: string[] = [];
  const rows = [];
  for (let o = 1; o <= orgs; o++) {
    const secret = generateSecret();
    secrets.push(secret);
    rows.push({
      orgId: `org_0bench${String(o).padStart(20, "0")}`,
      id: `key_0bench${String(o).padStart(20, "0")}`,
      name: "bench",
      kind: "full_access" as const,
      engines: [],
      secretHash: hashSecret(secret),
      hint: secretHint(secret),
      createdAt: today,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(apiKeys).values(rows.slice(i, i + 500));
  return secrets;
}

export async function countInvoices(database: Database): Promise<number> {
  const result = await database.db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM invoices`);
  return Number(rowsOf<{ n: string }>(result)[0]?.n ?? 0);
}
