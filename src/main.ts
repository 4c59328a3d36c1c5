import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config.ts";
import { EmbeddedDatabaseInUse } from "./db/embedded-lock.ts";
import { keysCreate, keysList, keysRevoke, migrateCommand, orgsCreate, orgsList, UsageError, usersCreate } from "./cli/admin.ts";
import { serve, worker } from "./cli/serve.ts";
import { subscribeFeatures } from "./subscribers.ts";
import { functionsDeploy, functionsInvoke, functionsLogs, RequestFailed, type FunctionsFlags } from "./cli/functions.ts";

const HELP = `enginery <command>

  serve                         start the API server (also runs the scheduler unless SCHEDULER=false)
  worker                        run the scheduler, webhook dispatcher and function triggers, without the API
  migrate                       bring the database schema up to date
  orgs create --name <name> [--plan free|growth|enterprise]
  orgs list
  keys create --org <org id> --kind read_only|full_access|engine
              [--engines finance,growth,talent,agent] [--name <name>] [--expires-in-days <n>]
  keys list --org <org id>
  keys revoke <key id>
  users create --email <email> --org <org id> [--role owner|admin|developer|viewer] [--name <name>]
                                a person who signs in to the dashboard (password printed once)
  functions deploy <file> --name <name>      deploy a .js/.ts module (a new version if the function exists)
  functions invoke <name> [--data <json>] [--method <method>]
  functions logs <name> [--limit <n>]         latest invocations with their console lines
      (functions commands talk to the HTTP API: --url <base url> (ENGINERY_URL, default http://localhost:$PORT)
       and --key <api key> (ENGINERY_API_KEY))

Configuration comes from the environment: PORT, HOST, DATABASE_URL, DATA_DIR, REDIS_URL, LOG_LEVEL, METRICS_PORT, ... (see README).`;

async function main(argv: string[]): Promise<void> {
  subscribeFeatures();
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
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
      data: { type: "string" },
      method: { type: "string" },
      limit: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, sub, arg] = positionals;
  if (values.help || !command || command === "help") {
    console.log(HELP);
    return;
  }
  if (command === "functions") return functionsCommand(sub, arg, values);
  const config = loadConfig();
  switch (`${command} ${sub ?? ""}`.trim()) {
    case "serve":
      return serve(config);
    case "worker":
      return worker(config);
    case "migrate":
      return migrateCommand(config);
    case "orgs create":
      return orgsCreate(config, values);
    case "orgs list":
      return orgsList(config);
    case "keys create":
      return keysCreate(config, values);
    case "keys list":
      return keysList(config, values);
    case "keys revoke":
      return keysRevoke(config, arg);
    case "users create":
      return usersCreate(config, values);
    default:
      throw new UsageError(`unknown command "${positionals.join(" ")}"; see enginery help`);
  }
}

/** Clients of the HTTP API: no configuration of the server's own is needed. */
function functionsCommand(sub: string | undefined, arg: string | undefined, values: FunctionsFlags): Promise<void> {
  switch (sub) {
    case "deploy":
      return functionsDeploy(arg, values);
    case "invoke":
      return functionsInvoke(arg, values);
    case "logs":
      return functionsLogs(arg, values);
    default:
      throw new UsageError(`unknown command "functions ${sub ?? ""}"; see enginery help`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`enginery: invalid configuration: ${error.message}`);
  } else if (error instanceof EmbeddedDatabaseInUse || error instanceof RequestFailed) {
    console.error(`enginery: ${error.message}`);
  } else if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    // One line, always: parseArgs explains some errors over several.
    console.error(`enginery: ${(error as Error).message.replace(/\s*\n\s*/g, " ")}`);
  } else {
    console.error("enginery: failed:", error);
  }
  process.exit(1);
});
