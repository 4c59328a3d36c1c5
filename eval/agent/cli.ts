import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { Database } from "../../src/db/connection.ts";
import type { AgentSettings } from "../../src/engines/agent/planners.ts";
import { CASES } from "./cases.ts";
import type { Case } from "./judge.ts";
import { formatReport, summarize, type Summary } from "./report.ts";
import { runCases, type CaseResult } from "./runner.ts";
import { remote, startLocal, type Target } from "./server.ts";

export const USAGE = `npm run agent:eval -- [options]

Runs the agent evaluation: every case on a fresh demo organization, judged from the API's state.
  --provider offline|openai   the planner (offline: the built-in one; openai: any OpenAI-compatible server)
  --base-url URL              the model server (with --provider openai), e.g. http://127.0.0.1:11434/v1
  --model NAME                the model (with --provider openai)
  --api-key KEY               the model server's key (with --provider openai; or AGENT_API_KEY)
  --max-steps N               tool calls per turn (default 8)
  --timeout-ms N              the model's time per step (default 60000)
  --filter TEXT               only the cases whose request, engine or kind contains TEXT (any case)
  --cases FILE                a set of your own instead of the built-in one: a module (.ts or .js)
                              whose CASES export is a Case[] written with judge.ts and facts.ts
  --json                      print the summary and every case's result as JSON instead of the report
  --api-url URL --key KEY     run against a server already running, in the organization of KEY
                              (the cases share it and change it: give it a fresh demo organization)
  --quiet                     no progress line per case`;

export class UsageError extends Error {}

export interface CliOutcome {
  summary: Summary;
  results: CaseResult[];
  /** What the command prints: the report, or the JSON. */
  output: string;
}

const OPTIONS = {
  provider: { type: "string", default: "offline" },
  "base-url": { type: "string" },
  model: { type: "string" },
  "api-key": { type: "string" },
  "max-steps": { type: "string", default: "8" },
  "timeout-ms": { type: "string", default: "60000" },
  filter: { type: "string" },
  cases: { type: "string" },
  json: { type: "boolean", default: false },
  "api-url": { type: "string" },
  key: { type: "string" },
  quiet: { type: "boolean", default: false },
  help: { type: "boolean", short: "h" },
} as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>["values"];

function wholeNumber(raw: string, flag: string, min: number, max: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

/** The planner settings the flags ask for (the same ones AGENT_* gives a server). */
export function agentSettings(values: Values, env: NodeJS.ProcessEnv = process.env): AgentSettings {
  const maxSteps = wholeNumber(values["max-steps"], "--max-steps", 1, 50);
  if (values.provider === "offline") {
    for (const flag of ["base-url", "model", "api-key"] as const) if (values[flag] !== undefined) throw new UsageError(`--${flag} is for --provider openai`);
    return { provider: "offline", maxSteps };
  }
  if (values.provider !== "openai") throw new UsageError(`--provider must be offline or openai, got "${values.provider}"`);
  if (!values.model) throw new UsageError("--provider openai needs --model (e.g. gpt-4o-mini, llama3.1)");
  const baseUrl = values["base-url"] ?? "https://api.openai.com/v1";
  if (!/^https?:\/\//.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL, got "${baseUrl}"`);
  return {
    provider: "openai",
    baseUrl,
    apiKey: values["api-key"] ?? env.AGENT_API_KEY ?? null,
    model: values.model,
    maxSteps,
    timeoutMs: wholeNumber(values["timeout-ms"], "--timeout-ms", 100, 600_000),
  };
}

export interface CliOptions {
  /** Receives a line per case (unless --quiet or --json). */
  progress?: (line: string) => void;
  /** The cases to choose from (all of them by default). */
  cases?: Case[];
  /** The database the app starts on (closed at the end); a fresh one by default. */
  database?: Database;
}

/** The CASES of a module of the user's own (--cases). */
async function casesFrom(file: string): Promise<Case[]> {
  const path = resolve(file);
  let module: { CASES?: unknown };
  try {
    module = await import(pathToFileURL(path).href);
  } catch (error) {
    throw new UsageError(`--cases ${file}: cannot load it: ${(error as Error).message}`);
  }
  const cases = module.CASES;
  if (!Array.isArray(cases) || !cases.every((c) => typeof c?.label === "string" && typeof c?.plan === "function")) {
    throw new UsageError(`--cases ${file}: it must export CASES, an array of cases (see eval/agent/cases.ts)`);
  }
  return cases as Case[];
}

/** Runs the evaluation the arguments describe. */
export async function runCli(args: string[], { progress, cases = CASES, database }: CliOptions = {}): Promise<CliOutcome | "help"> {
  let values: Values;
  try {
    values = parseArgs({ args, options: OPTIONS, strict: true }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return "help";
  if (values.cases) cases = await casesFrom(values.cases);
  let target: Target;
  let planner: string;
  if (values["api-url"]) {
    const key = values.key ?? process.env.ENGINERY_API_KEY;
    if (!key) throw new UsageError("--api-url needs --key (or ENGINERY_API_KEY): a full-access key of the organization to run in");
    if (values.provider !== "offline" || values.model)
      throw new UsageError("--api-url runs the server's own planner: set AGENT_PROVIDER and AGENT_MODEL on that server instead of --provider and --model");
    target = remote(values["api-url"], key);
    planner = `the one of the server at ${values["api-url"]}`;
  } else {
    const agent = agentSettings(values);
    planner = agent.provider === "offline" ? "offline (built in)" : `openai-compatible, model ${agent.model} at ${agent.baseUrl}`;
    target = await startLocal(agent, database);
  }
  const started = performance.now();
  try {
    const show = values.quiet || values.json ? undefined : progress;
    const results = await runCases(target, cases, {
      filter: values.filter,
      onResult: show && ((r, i, n) => show(`${String(i + 1).padStart(3)}/${n} ${r.wrongWrites.length ? "WRONG WRITE" : r.passed ? "pass" : "FAIL"}  ${r.say}`)),
    });
    const summary = summarize(results, planner, (performance.now() - started) / 1000);
    return { summary, results, output: values.json ? JSON.stringify({ summary, results }, null, 2) : formatReport(results, summary) };
  } finally {
    await target.close();
  }
}
