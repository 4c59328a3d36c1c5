import { ENGINES, KINDS, type Engine, type Kind } from "./judge.ts";
import type { CaseResult } from "./runner.ts";

export interface Tally {
  passed: number;
  total: number;
  rate: number;
}

export interface Summary {
  planner: string;
  cases: number;
  passed: number;
  rate: number;
  wrong_writes: number;
  by_engine: Record<Engine, Tally>;
  by_kind: Record<Kind, Tally>;
  by_engine_and_kind: Record<Engine, Record<Kind, Tally>>;
  seconds: number;
  turn_ms_p50: number;
}

const tally = (results: CaseResult[]): Tally => {
  const passed = results.filter((r) => r.passed).length;
  return { passed, total: results.length, rate: results.length ? passed / results.length : 0 };
};

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export function summarize(results: CaseResult[], planner: string, seconds: number): Summary {
  const all = tally(results);
  return {
    planner,
    cases: all.total,
    passed: all.passed,
    rate: all.rate,
    wrong_writes: results.filter((r) => r.wrongWrites.length).length,
    by_engine: Object.fromEntries(ENGINES.map((e) => [e, tally(results.filter((r) => r.engine === e))])) as Record<Engine, Tally>,
    by_kind: Object.fromEntries(KINDS.map((k) => [k, tally(results.filter((r) => r.kind === k))])) as Record<Kind, Tally>,
    by_engine_and_kind: Object.fromEntries(
      ENGINES.map((e) => [e, Object.fromEntries(KINDS.map((k) => [k, tally(results.filter((r) => r.engine === e && r.kind === k))]))]),
    ) as Record<Engine, Record<Kind, Tally>>,
    seconds,
    turn_ms_p50:
      Math.round(
        percentile(
          results.map((r) => r.ms),
          0.5,
        ) * 10,
      ) / 10,
  };
}

const cell = (t: Tally) => (t.total ? `${t.passed}/${t.total} ${Math.round(t.rate * 100)}%`.padEnd(14) : "-".padEnd(14));
const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}...` : s).replace(/\n/g, " / ");

/** The report people read: the table, the wrong writes, the failures, the time. */
export function formatReport(results: CaseResult[], summary: Summary): string {
  const lines: string[] = [];
  lines.push(`Agent evaluation: ${summary.cases} cases, planner ${summary.planner}`, "");
  lines.push(`${"".padEnd(14)}${KINDS.map((k) => k.padEnd(14)).join("")}all`);
  for (const engine of ENGINES)
    lines.push(`${engine.padEnd(14)}${KINDS.map((k) => cell(summary.by_engine_and_kind[engine][k])).join("")}${cell(summary.by_engine[engine])}`);
  lines.push(
    `${"all".padEnd(14)}${KINDS.map((k) => cell(summary.by_kind[k])).join("")}${cell({ passed: summary.passed, total: summary.cases, rate: summary.rate })}`,
    "",
  );

  const wrong = results.filter((r) => r.wrongWrites.length);
  lines.push(`Wrong writes (changes nobody asked for, worse than a failure): ${wrong.length}`);
  for (const r of wrong) lines.push(`  [${r.engine} ${r.kind}] "${r.say}"`, ...r.wrongWrites.map((w) => `      ${w}`));
  lines.push("");

  const failed = results.filter((r) => !r.passed);
  lines.push(`Failures: ${failed.length}`);
  for (const r of failed) {
    lines.push(`  [${r.engine} ${r.kind}] "${r.say}"`);
    lines.push(`      expected: ${r.expected.join("; ")}`);
    lines.push(`      got:      ${r.failures.concat(r.wrongWrites.map((w) => `wrong write ${w}`)).join("; ")}`);
    lines.push(`      reply:    ${clip(r.reply)}`);
    if (r.actions.length) lines.push(`      actions:  ${clip(r.actions.map((a) => `${a.tool} ${JSON.stringify(a.input)} ${a.status}`).join(", "), 400)}`);
  }
  lines.push(
    "",
    `Passed ${summary.passed} of ${summary.cases} (${(summary.rate * 100).toFixed(1)}%), wrong writes in ${summary.wrong_writes}. Time ${summary.seconds.toFixed(1)} s (chat turn p50 ${summary.turn_ms_p50} ms).`,
  );
  return lines.join("\n");
}
