import type { Config } from "../config.ts";
import type { Database } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { createApiKey, findKeyOrg, listApiKeys, revokeApiKey } from "../platform/auth/api-keys-service.ts";
import { ENGINES, KEY_KINDS, type Engine, type KeyKind } from "../platform/auth/permissions.ts";
import type { WriteContext } from "../platform/events/outbox.ts";
import { isId } from "../platform/ids.ts";
import { createOrg, findOrg, listOrgs } from "../platform/orgs/orgs-service.ts";
import { PLANS, type Plan } from "../platform/orgs/orgs-table.ts";
import { createUser, findUser } from "../identity/identity-service.ts";
import { ROLES, type Role } from "../identity/identity-table.ts";
import { generatePassword } from "../identity/passwords.ts";
import { openDatabase } from "../db/connection.ts";
import { databaseTarget, openMigrated } from "./database.ts";
import { UsageError } from "./usage.ts";

type Flags = Record<string, string | boolean | undefined>;

function flag(flags: Flags, name: string, required: true): string;
function flag(flags: Flags, name: string, required?: false): string | undefined;
function flag(flags: Flags, name: string, required = false): string | undefined {
  const value = flags[name];
  if (value === undefined || value === true || value === "") {
    if (required) throw new UsageError(`--${name} is required`);
    return undefined;
  }
  return String(value);
}

async function withDatabase<T>(config: Config, run: (database: Database) => Promise<T>): Promise<T> {
  const database = await openMigrated(config, { shortLived: true });
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

function cliContext(orgId: string): WriteContext {
  return { orgId, requestId: null, idempotencyKey: null, now: new Date() };
}

export async function migrateCommand(config: Config): Promise<void> {
  const database = await openDatabase(databaseTarget(config, { shortLived: true }));
  try {
    const applied = await migrate(database);
    console.log(applied.length ? `Applied ${applied.join(", ")}.` : "The database is up to date.");
  } finally {
    await database.close();
  }
}

export async function orgsCreate(config: Config, flags: Flags): Promise<void> {
  const name = flag(flags, "name", true);
  const plan = (flag(flags, "plan") ?? "free") as Plan;
  if (!PLANS.includes(plan)) throw new UsageError(`--plan must be one of ${PLANS.join(", ")}`);
  const org = await withDatabase(config, (d) => createOrg(d.db, { name, plan }, new Date()));
  console.log(`Created organization "${org.name}" on the ${org.plan} plan.`);
  console.log(org.id);
}

export async function orgsList(config: Config): Promise<void> {
  await withDatabase(config, async (d) => {
    for (const org of await listOrgs(d.db)) console.log([org.id, org.plan.padEnd(10), org.name].join("  "));
  });
}

export async function keysCreate(config: Config, flags: Flags): Promise<void> {
  const orgId = flag(flags, "org", true);
  if (!isId("org", orgId)) throw new UsageError(`--org must be an organization id (org_...), got "${orgId}"`);
  const kind = flag(flags, "kind", true) as KeyKind;
  if (!KEY_KINDS.includes(kind)) throw new UsageError(`--kind must be one of ${KEY_KINDS.join(", ")}`);
  const engines = (flag(flags, "engines") ?? "").split(",").filter(Boolean) as Engine[];
  const unknown = engines.filter((e) => !ENGINES.includes(e));
  if (unknown.length) throw new UsageError(`--engines: unknown ${unknown.join(", ")}; use ${ENGINES.join(", ")}`);
  const days = flag(flags, "expires-in-days");
  if (days !== undefined && !/^[1-9]\d{0,4}$/.test(days)) throw new UsageError("--expires-in-days must be a whole number of days, 1 or more");
  const expiresAt = days ? new Date(Date.now() + Number(days) * 86_400_000) : null;

  const { key, secret } = await withDatabase(config, async (d) => {
    if (!(await findOrg(d.db, orgId))) throw new UsageError(`There is no organization ${orgId}.`);
    return createApiKey(d.db, cliContext(orgId), { name: flag(flags, "name"), kind, engines, expiresAt });
  });
  console.log(`Created ${key.kind} key ${key.id} (${key.name})${key.expires_at ? `, expiring ${key.expires_at}` : ""}.`);
  console.log("The secret below is shown once; store it now.");
  console.log(secret);
}

export async function keysList(config: Config, flags: Flags): Promise<void> {
  const orgId = flag(flags, "org", true);
  if (!isId("org", orgId)) throw new UsageError(`--org must be an organization id (org_...), got "${orgId}"`);
  await withDatabase(config, async (d) => {
    if (!(await findOrg(d.db, orgId))) throw new UsageError(`There is no organization ${orgId}.`);
    const now = new Date();
    for (let page = 1; ; page++) {
      const result = await listApiKeys(d.db, orgId, { page, per_page: 100 }, now);
      for (const k of result.data) {
        console.log([k.id, k.status.padEnd(7), k.kind.padEnd(11), k.hint, k.engines.join(",") || "-", k.name].join("  "));
      }
      if (page * 100 >= result.meta.total) break;
    }
  });
}

export async function keysRevoke(config: Config, id: string | undefined): Promise<void> {
  if (!id || !isId("apiKey", id)) throw new UsageError("usage: enginery keys revoke <key id (key_...)>");
  const key = await withDatabase(config, async (d) => {
    const orgId = await findKeyOrg(d.db, id);
    if (!orgId) throw new UsageError(`There is no API key ${id}.`);
    return revokeApiKey(d.db, cliContext(orgId), id);
  });
  console.log(`Revoked ${key.id} (${key.name}) at ${key.revoked_at}.`);
}

export async function usersCreate(config: Config, flags: Flags): Promise<void> {
  const email = flag(flags, "email", true);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new UsageError(`--email must be an email address, got "${email}"`);
  const orgId = flag(flags, "org", true);
  if (!isId("org", orgId)) throw new UsageError(`--org must be an organization id (org_...), got "${orgId}"`);
  const role = (flag(flags, "role") ?? "owner") as Role;
  if (!ROLES.includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(", ")}`);
  const password = generatePassword();
  const { user, membership, isNew } = await withDatabase(config, async (d) => {
    if (!(await findOrg(d.db, orgId))) throw new UsageError(`There is no organization ${orgId}.`);
    const isNew = !(await findUser(d.db, email));
    return { ...(await createUser(d.db, { email, password, name: flag(flags, "name"), orgId, role }, new Date())), isNew };
  });
  console.log(`${user.email} is now ${membership.role} of ${orgId} (${membership.id}). Sign in at /dashboard.`);
  console.log(isNew ? `Their password, shown this once: ${password}` : "They already had an account: they sign in with their own password.");
}
