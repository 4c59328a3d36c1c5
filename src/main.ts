import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config.ts";
import { EmbeddedDatabaseInUse } from "./db/embedded-lock.ts";
import { keysCreate, keysList, keysRevoke, migrateCommand, orgsCreate, orgsList, UsageError } from "./cli/admin.ts";
import { serve, worker } from "./cli/serve.ts";

const HELP = `enginery <command>

  serve                         start the API server (also runs the scheduler unless SCHEDULER=false)
  worker                        run the scheduler alone (overdue invoices, clean-ups)
  migrate                       bring the database schema up to date
  orgs create --name <name> [--plan free|growth|enterprise]
  orgs list
  keys create --org <org id> --kind read_only|full_access|engine
              [--engines finance,growth,talent,agent] [--name <name>] [--expires-in-days <n>]
  keys list --org <org id>
  keys revoke <key id>

Configuration comes from the environment: PORT, HOST, DATABASE_URL, DATA_DIR, REDIS_URL, LOG_LEVEL (see README).`;

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: "string" },
      plan: { type: "string" },
      org: { type: "string" },
      kind: { type: "string" },
      engines: { type: "string" },
      "expires-in-days": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, sub, arg] = positionals;
  if (values.help || !command || command === "help") {
    console.log(HELP);
    return;
  }
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
    default:
      throw new UsageError(`unknown command "${positionals.join(" ")}"; see enginery help`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`enginery: invalid configuration: ${error.message}`);
  } else if (error instanceof EmbeddedDatabaseInUse) {
    console.error(`enginery: ${error.message}`);
  } else if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    // One line, always: parseArgs explains some errors over several.
    console.error(`enginery: ${(error as Error).message.replace(/\s*\n\s*/g, " ")}`);
  } else {
    console.error("enginery: failed:", error);
  }
  process.exit(1);
});
