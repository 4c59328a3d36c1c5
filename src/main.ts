import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config.ts";
import { startEmbeddedEngine } from "./db/embedded-engine.ts";
import { EmbeddedDatabaseInUse } from "./db/embedded-lock.ts";
import { ApiError } from "./platform/errors.ts";
import { functionsDeploy, functionsInvoke, functionsLogs, RequestFailed, type FunctionsFlags } from "./cli/functions.ts";
import { UsageError } from "./cli/usage.ts";
import type { ListenFlags } from "./cli/listen.ts";

/*
 * Only what every command needs is imported above (no database driver, no
 * Fastify, no esbuild, no isolated-vm): each command loads its own modules
 * when it runs, so `--version`, `help` and the admin commands start at once.
 */

/** Each group's lines of the help, so `enginery orgs` alone can print its own. */
const USAGE = {
  serve: ["serve                         start the API server (also runs the scheduler unless SCHEDULER=false)"],
  worker: ["worker                        run the scheduler, webhook dispatcher and function triggers, without the API"],
  migrate: ["migrate                       bring the database schema up to date"],
  orgs: ["orgs create --name <name> [--plan free|growth|enterprise]", "orgs list"],
  keys: [
    "keys create --org <org id> --kind read_only|full_access|engine",
    "            [--engines finance,growth,talent,agent] [--name <name>] [--expires-in-days <n>]",
    "keys list --org <org id>",
    "keys revoke <key id>",
  ],
  users: [
    "users create --email <email> --org <org id> [--role owner|admin|developer|viewer] [--name <name>]",
    "                              a person who signs in to the dashboard (password printed once)",
  ],
  functions: [
    "functions deploy <file> --name <name>      deploy a .js/.ts module (a new version if the function exists)",
    "functions invoke <name> [--data <json>] [--method <method>]",
    "functions logs <name> [--limit <n>]         latest invocations with their console lines",
  ],
  listen: [
    "listen --forward-to <url> [--events 'invoice.*,deal.won']",
    "                              forward the organization's events as they happen to a local handler, signed",
    "                              as webhooks with a secret printed at start; resumes after a network cut",
  ],
  trigger: ["trigger <event type>          make a real event of that kind through the API (enginery trigger --help lists them)"],
  "": [
    "    (functions, listen and trigger talk to the HTTP API: --api-url <base url> (ENGINERY_API_URL, default",
    "     http://localhost:$PORT) and --api-key <api key> (ENGINERY_API_KEY))",
  ],
};
type Group = keyof typeof USAGE;

const HELP = `enginery <command>

${Object.values(USAGE)
  .flat()
  .map((line) => `  ${line}`)
  .join("\n")}
  --version                     print the version

Configuration comes from the environment: PORT, HOST, DATABASE_URL, DATA_DIR, REDIS_URL, LOG_LEVEL, METRICS_PORT, ... (see docs/operations.md).`;

const OPTIONS = {
  name: { type: "string" },
  email: { type: "string" },
  role: { type: "string" },
  plan: { type: "string" },
  org: { type: "string" },
  kind: { type: "string" },
  engines: { type: "string" },
  "expires-in-days": { type: "string" },
  url: { type: "string" },
  key: { type: "string" },
  "api-url": { type: "string" },
  "api-key": { type: "string" },
  "forward-to": { type: "string" },
  events: { type: "string" },
  data: { type: "string" },
  method: { type: "string" },
  limit: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;

function version(): string {
  // ../package.json from src/main.ts and from dist/main.js alike.
  return (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
}

function groupUsage(group: Group): string {
  return `usage:\n${USAGE[group].map((line) => `  ${line.startsWith(`${group} `) ? "enginery " : "         "}${line}`).join("\n")}`;
}

/** A group's subcommands, as its help lines name them ("create", "list"). */
function subcommands(group: Group): string[] {
  return [
    ...new Set(
      USAGE[group]
        .filter((line) => line.startsWith(`${group} `))
        .map((line) => line.split(" ")[1]!)
        .filter((word) => /^[a-z]+$/.test(word)),
    ),
  ];
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
  const [command, sub, arg] = positionals;
  if (values.version) return void console.log(version());
  if (command === "trigger" && values.help) return void console.log(`${groupUsage("trigger")}\n\n${(await import("./cli/trigger.ts")).triggerKinds()}`);
  if (values.help || !command || command === "help") return void console.log(HELP);
  if (!(command in USAGE) || command === "") throw new UsageError(`unknown command "${command}"; see enginery help`);
  const group = command as Group;
  if (group === "listen" || group === "trigger") return apiClientCommand(group, positionals.slice(1), values);
  const subs = subcommands(group);
  if (subs.length === 0 && sub !== undefined) throw new UsageError(`unknown command "${group} ${sub}"; see enginery help`);
  // `enginery orgs` alone asks what the group does.
  if (subs.length > 0 && sub === undefined) return void console.log(groupUsage(group));
  if (subs.length > 0 && !subs.includes(sub!)) throw new UsageError(`unknown command "${group} ${sub}"; ${group} commands: ${subs.join(", ")}`);
  if (group === "functions") return functionsCommand(sub, arg, values);

  const config = loadConfig();
  if (group === "serve" || group === "worker") {
    const { serve, worker } = await import("./cli/serve.ts");
    return group === "serve" ? serve(config) : worker(config);
  }
  // On the embedded database, its engine compiles on other threads while the command's modules load.
  if (!config.databaseUrl) void startEmbeddedEngine();
  const admin = await import("./cli/admin.ts");
  switch (`${group} ${sub ?? ""}`.trim()) {
    case "migrate":
      return admin.migrateCommand(config);
    case "orgs create":
      return admin.orgsCreate(config, values);
    case "orgs list":
      return admin.orgsList(config);
    case "keys create":
      return admin.keysCreate(config, values);
    case "keys list":
      return admin.keysList(config, values);
    case "keys revoke":
      return admin.keysRevoke(config, arg);
    case "users create":
      return admin.usersCreate(config, values);
  }
}

/** Clients of the HTTP API: no configuration of the server's own is needed. */
function functionsCommand(sub: string | undefined, arg: string | undefined, values: FunctionsFlags): Promise<void> {
  if (sub === "deploy") return functionsDeploy(arg, values);
  if (sub === "invoke") return functionsInvoke(arg, values);
  return functionsLogs(arg, values);
}

/** listen and trigger: clients of the HTTP API, as the functions commands are. */
async function apiClientCommand(group: "listen" | "trigger", args: string[], values: ListenFlags): Promise<void> {
  if (group === "listen") {
    if (args.length > 0) throw new UsageError(`listen takes no arguments, got "${args.join(" ")}"; usage: enginery ${USAGE.listen[0]}`);
    return (await import("./cli/listen.ts")).listen(values);
  }
  if (args.length > 1) throw new UsageError(`trigger takes one event type, got "${args.join(" ")}"`);
  return (await import("./cli/trigger.ts")).trigger(args[0], values);
}

/** A service's refusal as one line, its fields named as the flags that set them (`--engines is required ...`). */
function refusal(error: ApiError): string {
  const fields = error.extras.errors ?? [];
  const flags = fields.filter((f) => f.field.replace(/_/g, "-") in OPTIONS);
  if (flags.length === 0 || flags.length !== fields.length) return error.detail;
  return flags.map((f) => `--${f.field.replace(/_/g, "-")} ${f.message}`).join("; ");
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`enginery: invalid configuration: ${error.message}`);
  } else if (error instanceof EmbeddedDatabaseInUse || error instanceof RequestFailed) {
    console.error(`enginery: ${error.message}`);
  } else if (error instanceof ApiError && error.status < 500) {
    console.error(`enginery: ${refusal(error)}`);
  } else if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    // One line, always: parseArgs explains some errors over several.
    console.error(`enginery: ${(error as Error).message.replace(/\s*\n\s*/g, " ")}`);
  } else {
    console.error("enginery: failed:", error);
  }
  process.exit(1);
});
