import fs from "node:fs";

/**
 * What /proc says about a process (Linux): the CPU it has used and its memory.
 * CPU time, unlike req/s, barely moves when other work shares the cores, so
 * the capacity model and the read benchmark measure in it.
 */
const TICK = 100; // USER_HZ on Linux

/** User + system CPU time of a process so far, in ms (0 once it is gone). */
export function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICK;
  } catch {
    return 0;
  }
}

export function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
}

export function children(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
