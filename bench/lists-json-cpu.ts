/**
 * A list page written by the row mapper and the serializer against the same
 * page written by the database (lists.ts, JsonItem), in CPU per page: the
 * same query a thousand times in process, the two paths alternating in
 * blocks (interleaved A/B), so a change of load hits both alike.
 * Node's CPU from process.cpuUsage(); on PostgreSQL, its backends' too (/proc).
 * Runs on a scratch database of its own (created and dropped here) and on
 * PGlite in memory.
 *
 *   node --import tsx bench/lists-json-cpu.ts [--pages 1000] [--blocks 10] [--only postgres|pglite]
 */
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import build from "fast-json-stringify";
import postgres from "postgres";
import type { TSchema } from "typebox";
import { openDatabase, type Database } from "../src/db/connection.ts";
import { migrate } from "../src/db/migrate.ts";
import { Deal } from "../src/engines/growth/deals-schemas.ts";
import { createDeal, listDeals, listDealsJson } from "../src/engines/growth/deals-service.ts";
import { Pipeline } from "../src/engines/growth/pipelines-schemas.ts";
import { createPipeline, listPipelines, listPipelinesJson } from "../src/engines/growth/pipelines-service.ts";
import { Sequence } from "../src/engines/growth/sequences-schemas.ts";
import { createSequence, listSequences, listSequencesJson } from "../src/engines/growth/sequences-service.ts";
import type { Page } from "../src/platform/lists.ts";
import { createOrg } from "../src/platform/orgs/orgs-service.ts";
import { ListEnvelope } from "../src/platform/schemas.ts";
import { cpuMs } from "./proc.ts";
import { wireSubscribers } from "../src/platform/events/outbox.ts";
import { featureSubscribers } from "../src/subscribers.ts";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "1000" },
    blocks: { type: "string", default: "10" },
    only: { type: "string" },
  },
});
const PAGES = Number(values.pages);
const BLOCKS = Number(values.blocks);
const BASE = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Query = Record<string, unknown>;
interface Case {
  name: string;
  query: Query;
  /** The old route: the row mapper's page, written by the serializer Fastify compiles from the response schema. */
  mapped: (db: Database["db"], orgId: string, query: Query, now: Date) => Promise<Page<unknown>>;
  schema: TSchema;
  json: (db: Database["db"], orgId: string, query: Query, now: Date) => Promise<string>;
}

const CASES: Case[] = [
  { name: "deals", query: { per_page: 25 }, mapped: listDeals, schema: Deal, json: listDealsJson },
  { name: "sequences (3 steps each)", query: { per_page: 25 }, mapped: listSequences, schema: Sequence, json: listSequencesJson },
  { name: "pipelines (6 stages each)", query: { per_page: 25 }, mapped: listPipelines, schema: Pipeline, json: listPipelinesJson },
];

async function seed(database: Database): Promise<string> {
  wireSubscribers(database.db, featureSubscribers);
  const now = new Date("2026-03-10T12:00:00.000Z");
  const org = await createOrg(database.db, { name: "Bench", plan: "enterprise" }, now);
  const ctx = (i: number) => ({ orgId: org.id, requestId: null, idempotencyKey: null, now: new Date(now.getTime() + i * 1000) });
  const metadata = { source: "import", region: "eu-west", owner: "ann@example.com" };
  for (let i = 0; i < 100; i++) {
    await createDeal(database.db, ctx(i), { name: `Deal ${i} "quoted"`, amount: 1000 + i + 0.5, expected_close_date: "2026-06-30", metadata });
    await createSequence(database.db, ctx(i), {
      name: `Sequence ${i}`,
      steps: [
        { type: "email", delay_days: 0, subject: "Hello {{first_name}}", body: 'A body of a few words, with "quotes" and a line\nbreak.' },
        { type: "wait", delay_days: 2 },
        { type: "task", delay_days: 1, subject: "Call" },
      ],
      metadata,
    });
  }
  const stages = [
    { name: "Lead in", probability: 10 },
    { name: "Qualified", probability: 25 },
    { name: "Proposal", probability: 50 },
    { name: "Negotiation", probability: 75 },
    { name: "Won", kind: "won" as const },
    { name: "Lost", kind: "lost" as const },
  ];
  for (let i = 0; i < 30; i++) await createPipeline(database.db, ctx(i), { name: `Pipeline ${i}`, stages });
  return org.id;
}

async function measure(kind: string, database: Database, backends: () => Promise<number[]>): Promise<void> {
  const orgId = await seed(database);
  const now = new Date("2026-03-11T00:00:00.000Z");
  for (const c of CASES) {
    const serialize = build(ListEnvelope(c.schema));
    const old = async () => serialize(await c.mapped(database.db, orgId, c.query, now));
    const json = () => c.json(database.db, orgId, c.query, now);
    if ((await old()) !== (await json())) throw new Error(`${c.name}: the two paths answer different bytes`);
    const totals = { old: { node: 0, pg: 0 }, json: { node: 0, pg: 0 } };
    for (let i = 0; i < 50; i++) await Promise.all([old(), json()]); // warm-up: statements prepared, code optimized
    const perBlock = Math.max(1, Math.floor(PAGES / BLOCKS));
    for (let block = 0; block < BLOCKS; block++) {
      for (const [label, run] of block % 2 === 0
        ? ([
            ["old", old],
            ["json", json],
          ] as const)
        : ([
            ["json", json],
            ["old", old],
          ] as const)) {
        const pids = await backends();
        const pgBefore = pids.reduce((a, p) => a + cpuMs(p), 0);
        const before = process.cpuUsage();
        for (let i = 0; i < perBlock; i++) await run();
        const used = process.cpuUsage(before);
        totals[label].node += (used.user + used.system) / 1000;
        totals[label].pg += pids.reduce((a, p) => a + cpuMs(p), 0) - pgBefore;
      }
    }
    const pages = perBlock * BLOCKS;
    const ms = (v: number) => (v / pages).toFixed(3);
    const oldAll = (totals.old.node + totals.old.pg) / pages;
    const jsonAll = (totals.json.node + totals.json.pg) / pages;
    console.log(
      `${kind.padEnd(8)} ${c.name.padEnd(26)} row mapper: node ${ms(totals.old.node)} ms, db ${ms(totals.old.pg)} ms | database JSON: node ${ms(totals.json.node)} ms, db ${ms(totals.json.pg)} ms | all ${(oldAll / jsonAll).toFixed(2)}x less`,
    );
  }
}

console.log(
  `${PAGES} pages per path and list, in ${BLOCKS} alternating blocks; load average ${(await import("node:os"))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
if (values.only !== "pglite") {
  const name = `enginery_listjson_cpu_${randomBytes(4).toString("hex")}`;
  const admin = postgres(BASE, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
  try {
    await migrate(database);
    const backends = async () => (await admin<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = ${name}`).map((r) => r.pid);
    await measure("postgres", database, backends);
  } finally {
    await database.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
if (values.only !== "postgres") {
  const database = await openDatabase({ kind: "pglite-memory" });
  await migrate(database);
  await measure("pglite", database, async () => []);
  await database.close();
}
console.log(
  `load average at the end ${(await import("node:os"))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
