import { runCli, USAGE, UsageError } from "./cli.ts";

/* npm run agent:eval -- [options]: see cli.ts, and the README's agent section. */
try {
  const outcome = await runCli(process.argv.slice(2), { progress: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${outcome === "help" ? USAGE : outcome.output}\n`);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`${error.message}\n\n${USAGE}\n`);
  process.exitCode = 2;
}
