import { sql } from "drizzle-orm";
import type { Database } from "../src/db/connection.ts";
import { generateSecret, hashSecret, secretHint } from "../src/platform/auth/api-key-secret.ts";
import { apiKeys } from "../src/platform/auth/api-keys-table.ts";
import { rowsOf } from "../src/db/rows.ts";

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

/** The write benchmark's invoices: a client name of their own, so they can be told from the loaded ones and removed. */
export const WRITE_CLIENT = "Bench write";

/**
 * Removes what the write benchmarks made (their invoices and contacts, their
 * events and idempotency records), so every run starts from the same data
 * set. The events are matched on (org_id, object_id), their index's order: by
 * object_id alone, with the new rows not yet in the statistics, PostgreSQL
 * scanned the whole index once per invoice.
 */
export async function removeWrites(database: Database): Promise<void> {
  await database.exec(`
    DELETE FROM events e USING invoices i
      WHERE i.client = '${WRITE_CLIENT}' AND e.org_id = i.org_id AND e.object_id = i.id AND e.type = 'invoice.created';
    DELETE FROM invoices WHERE client = '${WRITE_CLIENT}';
    DELETE FROM events e USING contacts c
      WHERE c.email LIKE 'bench-%@example.com' AND e.org_id = c.org_id AND e.object_id = c.id AND e.type = 'contact.created';
    DELETE FROM contacts WHERE email LIKE 'bench-%@example.com';
    DELETE FROM idempotency_keys WHERE key LIKE 'bench-%';
    ANALYZE invoices, contacts, events;`);
}

/** The bulk-loaded invoices (the large account's have an account_id; these do not; nor are they the writes'). */
export async function countInvoices(database: Database): Promise<number> {
  const result = await database.db.execute<{ n: string }>(
    sql`SELECT count(*)::text AS n FROM invoices WHERE org_id LIKE 'org_0bench0%' AND account_id IS NULL AND client <> ${WRITE_CLIENT}`,
  );
  return Number(rowsOf<{ n: string }>(result)[0]?.n ?? 0);
}

/** The large account of the dossier benchmark: in the first bench organization. */
export const LARGE_ACCOUNT = "acc_0" + "1a7e".padEnd(25, "0");
const BENCH_ORG = `org_0bench${"1".padStart(20, "0")}`;

/**
 * One account with 500 contacts, 200 deals (across the six stages of a
 * pipeline, two currencies), 500 invoices and a created event for each, plus
 * sequence enrollments for 100 of its contacts: the dossier benchmark's worst
 * realistic case. Idempotent: does nothing when the account exists.
 */
export async function loadLargeAccount(database: Database): Promise<void> {
  const exists = await database.db.execute(sql`SELECT 1 FROM accounts WHERE org_id = ${BENCH_ORG} AND id = ${LARGE_ACCOUNT}`);
  if (rowsOf(exists).length > 0) return;
  const org = `'${BENCH_ORG}'`;
  const acc = `'${LARGE_ACCOUNT}'`;
  const id = (prefix: string, seed: string) => `'${prefix}_0' || substr(md5('${seed}' || n::text), 1, 25)`;
  await database.exec(`
    INSERT INTO accounts (org_id, id, name, domain, industry, country, metadata, created_at, updated_at)
    VALUES (${org}, ${acc}, 'Large Account Inc', 'large-account.example', 'Software', 'US', '{}', now() - interval '400 days', now());

    INSERT INTO pipelines (org_id, id, name, is_default, created_at, updated_at)
    VALUES (${org}, 'pipe_0${"1a7e".padEnd(25, "0")}', 'Bench pipeline', false, now(), now());
    INSERT INTO pipeline_stages (org_id, id, pipeline_id, name, position, probability, kind)
    SELECT ${org}, ${id("stage", "stage")}, 'pipe_0${"1a7e".padEnd(25, "0")}', 'Stage ' || n, n,
           (ARRAY[10, 25, 50, 75, 100, 0])[n + 1], (ARRAY['open', 'open', 'open', 'open', 'won', 'lost'])[n + 1]
    FROM generate_series(0, 5) AS n;

    INSERT INTO contacts (org_id, id, first_name, last_name, email, title, account_id, lifecycle_stage, tags, metadata, created_at, updated_at)
    SELECT ${org}, ${id("con", "contact")}, 'Person', 'Number ' || n, 'person' || n || '@large-account.example',
           (ARRAY['CFO', 'VP Engineering', 'Engineer', 'Account Manager', 'Analyst'])[1 + n % 5], ${acc},
           (ARRAY['lead', 'qualified', 'customer'])[1 + n % 3], '{}', '{}', now() - make_interval(hours => n), now() - make_interval(mins => n)
    FROM generate_series(1, 500) AS n;

    INSERT INTO deals (org_id, id, name, account_id, contact_ids, pipeline_id, stage_id, amount_cents, currency, expected_close_date, status, closed_at, metadata, created_at, updated_at)
    SELECT ${org}, ${id("deal", "deal")}, 'Deal ' || n, ${acc}, ARRAY['con_0' || substr(md5('contact' || (1 + n % 500)::text), 1, 25)],
           'pipe_0${"1a7e".padEnd(25, "0")}', 'stage_0' || substr(md5('stage' || (n % 6)::text), 1, 25),
           100000 + n * 1000, (ARRAY['USD', 'EUR'])[1 + n % 2], current_date + (n % 90),
           (ARRAY['open', 'open', 'open', 'open', 'won', 'lost'])[1 + n % 6],
           CASE WHEN n % 6 >= 4 THEN now() - make_interval(days => n) END, '{}', now() - make_interval(days => n), now()
    FROM generate_series(1, 200) AS n;

    INSERT INTO invoices (org_id, id, number, client, account_id, amount_cents, amount_paid_cents, currency, status, due_date, metadata, issued_at, paid_at, overdue_notified_at, created_at, updated_at)
    SELECT ${org}, ${id("inv", "large-invoice")}, 'LA-' || lpad(n::text, 6, '0'), 'Large Account Inc', ${acc},
           50000 + n * 100, CASE WHEN n % 4 = 0 THEN 50000 + n * 100 ELSE 0 END, (ARRAY['USD', 'EUR'])[1 + n % 2],
           CASE WHEN n % 4 = 0 THEN 'paid' WHEN n % 10 = 1 THEN 'draft' ELSE 'open' END,
           current_date - 60 + (n % 120), '{}', now() - make_interval(days => n % 365), CASE WHEN n % 4 = 0 THEN now() END,
           CASE WHEN n % 4 <> 0 THEN now() END, now() - make_interval(days => n % 365), now()
    FROM generate_series(1, 500) AS n;

    INSERT INTO sequences (org_id, id, name, status, steps, metadata, created_at, updated_at)
    VALUES (${org}, 'seq_0${"1a7e".padEnd(25, "0")}', 'Bench sequence', 'active',
            '[{"type":"email","delay_days":0,"subject":"Hi","body":"Hello"},{"type":"email","delay_days":3,"subject":"Again","body":"Hello"}]', '{}', now(), now());
    INSERT INTO sequence_enrollments (org_id, id, sequence_id, contact_id, status, current_step, next_step_at, created_at, updated_at)
    SELECT ${org}, ${id("enr", "enrollment")}, 'seq_0${"1a7e".padEnd(25, "0")}', 'con_0' || substr(md5('contact' || n::text), 1, 25),
           'active', 1, now() + interval '3 days', now() - interval '1 day', now()
    FROM generate_series(1, 100) AS n;

    INSERT INTO events (org_id, id, type, object_id, data, created_at)
    SELECT ${org}, 'evt_0' || substr(md5('large-event' || kind || n::text), 1, 25), kind || '.created', object_id,
           jsonb_build_object('object', jsonb_build_object('id', object_id)), now() - make_interval(mins => n)
    FROM (
      SELECT 'contact' AS kind, n, 'con_0' || substr(md5('contact' || n::text), 1, 25) AS object_id FROM generate_series(1, 500) AS n
      UNION ALL SELECT 'deal', n, 'deal_0' || substr(md5('deal' || n::text), 1, 25) FROM generate_series(1, 200) AS n
      UNION ALL SELECT 'invoice', n, 'inv_0' || substr(md5('large-invoice' || n::text), 1, 25) FROM generate_series(1, 500) AS n
    ) AS objects;
  `);
  await database.exec("ANALYZE");
}

/** The organization of the snapshot benchmark: 100,000 invoices, 20,000 deals, 20,000 candidates. */
export const INTELLIGENCE_ORG = `org_0benchintel${"1".padStart(15, "0")}`;

/**
 * Loads the snapshot benchmark's organization in plain SQL: invoices over two
 * years in every state and three currencies, deals over a six-stage pipeline
 * (a third closed in the last year), 200 jobs with 100 candidates each, their
 * stage histories, 5,000 contacts and 2,000 enrollments. Idempotent.
 */
export async function loadIntelligenceOrg(database: Database): Promise<void> {
  const org = `'${INTELLIGENCE_ORG}'`;
  const exists = await database.db.execute(sql`SELECT 1 FROM orgs WHERE id = ${INTELLIGENCE_ORG}`);
  if (rowsOf(exists).length > 0) return;
  const pipe = `'pipe_0${"1e7e".padEnd(25, "0")}'`;
  await database.exec(`
    INSERT INTO orgs (id, name, plan, invoice_counter, created_at) VALUES (${org}, 'Snapshot bench org', 'enterprise', 100000, now());

    INSERT INTO invoices (org_id, id, number, client, amount_cents, amount_paid_cents, currency, status, due_date, metadata, issued_at, paid_at, overdue_notified_at, created_at, updated_at)
    SELECT ${org}, 'inv_0' || substr(md5('intel-invoice' || n::text), 1, 25), 'SB-' || lpad(n::text, 6, '0'), 'Client ' || (n % 500),
           amount, CASE WHEN bucket < 55 THEN amount WHEN bucket < 60 THEN amount / 2 ELSE 0 END,
           (ARRAY['USD', 'USD', 'EUR', 'GBP'])[1 + n % 4],
           CASE WHEN bucket < 55 THEN 'paid' WHEN bucket < 90 THEN 'open' WHEN bucket < 95 THEN 'draft' WHEN bucket < 98 THEN 'void' ELSE 'uncollectible' END,
           current_date - 400 + (n % 460), '{}',
           CASE WHEN bucket < 90 OR bucket >= 95 THEN now() - make_interval(days => n % 730) END,
           CASE WHEN bucket < 55 THEN now() - make_interval(days => n % 700) END,
           now(), now() - make_interval(days => n % 730), now()
    FROM generate_series(1, 100000) AS n,
         LATERAL (SELECT (hashtext('ib' || n::text) & 2147483647) % 100 AS bucket, 10000 + (hashtext('ia' || n::text) & 2147483647) % 500000 AS amount) AS r;

    INSERT INTO pipelines (org_id, id, name, is_default, created_at, updated_at) VALUES (${org}, ${pipe}, 'Sales', true, now(), now());
    INSERT INTO pipeline_stages (org_id, id, pipeline_id, name, position, probability, kind)
    SELECT ${org}, 'stage_0' || substr(md5('intel-stage' || n::text), 1, 25), ${pipe}, 'Stage ' || n, n,
           (ARRAY[10, 25, 50, 75, 100, 0])[n + 1], (ARRAY['open', 'open', 'open', 'open', 'won', 'lost'])[n + 1]
    FROM generate_series(0, 5) AS n;

    INSERT INTO deals (org_id, id, name, contact_ids, pipeline_id, stage_id, amount_cents, currency, status, closed_at, metadata, created_at, updated_at)
    SELECT ${org}, 'deal_0' || substr(md5('intel-deal' || n::text), 1, 25), 'Deal ' || n, '{}', ${pipe},
           'stage_0' || substr(md5('intel-stage' || (n % 6)::text), 1, 25), 100000 + (n % 1000) * 1000, (ARRAY['USD', 'EUR'])[1 + n % 2],
           (ARRAY['open', 'open', 'open', 'open', 'won', 'lost'])[1 + n % 6],
           CASE WHEN n % 6 >= 4 THEN now() - make_interval(days => n % 365) END, '{}', now() - make_interval(days => n % 400), now()
    FROM generate_series(1, 20000) AS n;

    INSERT INTO contacts (org_id, id, first_name, last_name, email, lifecycle_stage, tags, metadata, created_at, updated_at)
    SELECT ${org}, 'con_0' || substr(md5('intel-contact' || n::text), 1, 25), 'Contact', 'No ' || n, 'c' || n || '@intel.example', 'lead', '{}', '{}',
           now() - make_interval(days => n % 120), now()
    FROM generate_series(1, 5000) AS n;
    INSERT INTO sequences (org_id, id, name, status, steps, metadata, created_at, updated_at)
    VALUES (${org}, 'seq_0${"1e7e".padEnd(25, "0")}', 'Bench', 'active', '[{"type":"email","delay_days":0,"subject":"Hi","body":"Hello"}]', '{}', now(), now());
    INSERT INTO sequence_enrollments (org_id, id, sequence_id, contact_id, status, current_step, last_step_index, last_step_at, created_at, updated_at)
    SELECT ${org}, 'enr_0' || substr(md5('intel-enrollment' || n::text), 1, 25), 'seq_0${"1e7e".padEnd(25, "0")}',
           'con_0' || substr(md5('intel-contact' || n::text), 1, 25), (ARRAY['active', 'completed', 'replied'])[1 + n % 3], 1, 0, now() - make_interval(days => n % 100),
           now() - make_interval(days => n % 100), now()
    FROM generate_series(1, 2000) AS n;

    INSERT INTO jobs (org_id, id, title, employment_type, status, metadata, created_at, updated_at)
    SELECT ${org}, 'job_0' || substr(md5('intel-job' || n::text), 1, 25), 'Job ' || n, 'full_time', CASE WHEN n % 4 = 0 THEN 'closed' ELSE 'open' END, '{}',
           now() - make_interval(days => n), now()
    FROM generate_series(1, 200) AS n;
    INSERT INTO candidates (org_id, id, job_id, first_name, last_name, email, stage, metadata, stage_changed_at, created_at, updated_at)
    SELECT ${org}, 'cand_0' || substr(md5('intel-candidate' || n::text), 1, 25), 'job_0' || substr(md5('intel-job' || (1 + n % 200)::text), 1, 25),
           'Candidate', 'No ' || n, 'cand' || n || '@intel.example',
           (ARRAY['applied', 'screening', 'interview', 'offer', 'hired', 'rejected'])[1 + n % 6], '{}',
           now() - make_interval(days => n % 30), now() - make_interval(days => 30 + n % 300), now()
    FROM generate_series(1, 20000) AS n;
    INSERT INTO candidate_stage_changes (org_id, candidate_id, seq, from_stage, to_stage, changed_at)
    SELECT org_id, id, 1, NULL, 'applied', created_at FROM candidates WHERE org_id = ${org};
    INSERT INTO candidate_stage_changes (org_id, candidate_id, seq, from_stage, to_stage, changed_at)
    SELECT org_id, id, 2, 'applied', stage, stage_changed_at FROM candidates WHERE org_id = ${org} AND stage <> 'applied';
  `);
  await database.exec("ANALYZE");
}
