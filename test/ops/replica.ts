import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

/**
 * A real PostgreSQL streaming replica of the test server, made with
 * pg_basebackup and started with pg_ctl as the `postgres` user, on a free
 * port with its data in a temporary directory. Nothing here skips: a machine
 * that cannot make one fails the test with the reason.
 *
 * The primary must accept replication connections from 127.0.0.1: when its
 * pg_hba.conf has no such rule, one is appended (`host replication all
 * 127.0.0.1/32 trust`, the trust the test server already gives every
 * database) and the configuration reloaded, once; the change is idempotent.
 * wal_level and max_wal_senders need a restart to change, so they are only
 * checked.
 */
const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const OS_USER = process.env.PG_OS_USER ?? "postgres";

export interface Replica {
  port: number;
  /** postgres:// URL of `database` on the replica. */
  urlOf(database: string): string;
  /** A connection to the replica's copy of `database` (for pg_wal_replay_pause and checks). */
  sql(database: string): postgres.Sql;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function asPostgresUser(command: string, args: string[], timeoutMs = 120_000): string {
  try {
    return execFileSync("runuser", ["-u", OS_USER, "--", path.join(BIN, command), ...args], {
      encoding: "utf8",
      timeout: timeoutMs,
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${command} ${args.join(" ")} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

/** Lets 127.0.0.1 open replication connections to the primary (see above). */
async function allowReplication(admin: postgres.Sql): Promise<void> {
  const [settings] = await admin<{ wal_level: string; senders: number; hba: string }[]>`
    SELECT current_setting('wal_level') AS wal_level, current_setting('max_wal_senders')::int AS senders, current_setting('hba_file') AS hba`;
  if (!settings || settings.wal_level === "minimal" || settings.senders < 2) {
    throw new Error(
      `the test PostgreSQL cannot stream to a replica: wal_level=${settings?.wal_level}, max_wal_senders=${settings?.senders} (needs replica and at least 2; both need a restart)`,
    );
  }
  const rules = await admin<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_hba_file_rules
    WHERE 'replication' = ANY(database) AND (address IS NULL OR address = '127.0.0.1' OR type = 'local') AND error IS NULL AND auth_method = 'trust' AND type IN ('host', 'hostnossl')`;
  if (rules[0]!.n > 0) return;
  const file = settings.hba;
  const line = "host replication all 127.0.0.1/32 trust";
  const text = fs.readFileSync(file, "utf8");
  if (!text.includes(line)) fs.appendFileSync(file, `${text.endsWith("\n") ? "" : "\n"}# added by Enginery's read-replica test\n${line}\n`);
  await admin`SELECT pg_reload_conf()`;
  // The postmaster reloads asynchronously.
  for (let i = 0; i < 50; i++) {
    const [listed] = await admin<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND error IS NULL`;
    if (listed!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`added "${line}" to ${file} and reloaded, but the primary does not list it`);
}

export async function startReplica(primaryUrl: string): Promise<Replica> {
  const primary = new URL(primaryUrl);
  const admin = postgres(primaryUrl, { max: 1, onnotice: () => {} });
  try {
    await allowReplication(admin);
  } finally {
    await admin.end();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-replica-"));
  execFileSync("chown", [OS_USER, dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  asPostgresUser("pg_basebackup", [
    "-h",
    primary.hostname,
    "-p",
    primary.port || "5432",
    "-U",
    primary.username || "postgres",
    "-D",
    data,
    "-X",
    "stream",
    "-R",
    "-c",
    "fast",
  ]);
  // A Debian cluster keeps its configuration outside the data directory: the copy needs its own.
  fs.writeFileSync(
    path.join(data, "postgresql.conf"),
    `hot_standby = on\nlisten_addresses = '127.0.0.1'\nport = ${port}\nunix_socket_directories = '${dir}'\nmax_connections = 100\nshared_buffers = 32MB\n`,
  );
  fs.writeFileSync(path.join(data, "pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 trust\n");
  fs.writeFileSync(path.join(data, "pg_ident.conf"), "");
  execFileSync("chown", ["-R", OS_USER, data]);
  asPostgresUser("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);

  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const connections: postgres.Sql[] = [];
  return {
    port,
    urlOf,
    sql(database) {
      const sql = postgres(urlOf(database), { max: 1, onnotice: () => {} });
      connections.push(sql);
      return sql;
    },
    async stop() {
      await Promise.all(connections.map((c) => c.end({ timeout: 1 })));
      try {
        asPostgresUser("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
