import { parseArgs } from "node:util";
import type { AgentSettings } from "../../src/engines/agent/planners.ts";
import { CASES } from "./cases.ts";
import { formatReport, summarize } from "./report.ts";
import { runCases } from "./runner.ts";
import { remote, startLocal, type Target } from "./server.ts";

const USAGE = `npm run agent:eval -- [options]

Runs the agent evaluation: every case on a fresh demo organization, judged from the API's state.
  --provider offline|openai   the planner (offline: the built-in one; openai: any OpenAI-compatible server)
  --base-url URL              the model server (with --provider openai), e.g. http://127.0.0.1:11434/v1
  --model NAME                the model (with --provider openai)
  --api-key KEY               the model server's key (with --provider openai; or AGENT_API_KEY)
  --max-steps N               tool calls per turn (default 8)
  --timeout-ms N              the model's time per step (default 60000)
  --filter TEXT               only the cases whose request, engine or kind contains TEXT
  --json                      print the results as JSON instead of the report
  --api-url URL --key KEY     run against a server already running, in the organization of KEY
                              (cases share it and change it: use a fresh demo organization)
  --quiet                     no progress line per case`;

const { values } = parseArgs({
  options: {
    provider: { type: "string", default: "offline" },
    "base-url": { type: "string" },
    model: { type: "string" },
    "api-key": { type: "string" },
    "max-steps": { type: "string", default: "8" },
    "timeout-ms": { type: "string", default: "60000" },
    filter: { type: "string" },
    json: { type: "boolean", default: false },
    "api-url": { type: "string" },
    key: { type: "string" },
    quiet: { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function settings(): AgentSettings {
  const maxSteps = Number(values["max-steps"]);
  if (!Number.isInteger(maxSteps) || maxSteps < 1 || maxSteps > 50) fail("--max-steps must be a whole number from 1 to 50");
  if (values.provider === "offline") return { provider: "offline", maxSteps };
  if (values.provider !== "openai") fail(`--provider must be offline or openai, got "${values.provider}"`);
  if (!values.model) fail("--provider openai needs --model");
  const timeoutMs = Number(values["timeout-ms"]);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100) fail("--timeout-ms must be a whole number of milliseconds, at least 100");
  return {
    provider: "openai",
    baseUrl: values["base-url"] ?? "https://api.openai.com/v1",
    apiKey: values["api-key"] ?? process.env.AGENT_API_KEY ?? null,
    model: values.model,
    maxSteps,
    timeoutMs,
  };
}

if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

let target: Target;
let planner: string;
if (values["api-url"]) {
  const key = values.key ?? process.env.ENGINERY_API_KEY;
  if (!key) fail("--api-url needs --key (or ENGINERY_API_KEY): a full-access key of the organization to run in");
  target = remote(values["api-url"], key);
  planner = `of the server at ${values["api-url"]}`;
} else {
  const agent = settings();
  planner = agent.provider === "offline" ? "offline" : `openai ${agent.model} at ${agent.baseUrl}`;
  target = await startLocal(agent);
}

const started = performance.now();
try {
  const results = await runCases(target, CASES, {
    filter: values.filter,
    onResult: values.quiet || values.json ? undefined : (r, i, n) => process.stderr.write(`${String(i + 1).padStart(3)}/${n} ${r.wrongWrites.length ? "WRONG WRITE" : r.passed ? "pass" : "FAIL"}  ${r.say}\n`),
  });
  const summary = summarize(results, planner, (performance.now() - started) / 1000);
  process.stdout.write(values.json ? `${JSON.stringify({ summary, results }, null, 2)}\n` : `${formatReport(results, summary)}\n`);
} finally {
  await target.close();
}
