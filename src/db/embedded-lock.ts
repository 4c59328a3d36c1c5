import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is a single-process database: two processes writing the same data
 * directory would corrupt it. A lock file beside the directory, holding the
 * owner's pid, lets exactly one process open it; a lock left by a process that
 * died is taken over.
 */
export class EmbeddedDatabaseInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Enginery process (pid ${pid}). ` +
        `Stop that process first (for example the running server), or set DATABASE_URL to use PostgreSQL, which many processes can share.`,
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockPath(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, "")}.lock`;
}

/** Takes the lock or throws EmbeddedDatabaseInUse. Returns the function that releases it. */
export function acquireEmbeddedLock(dataDir: string): () => void {
  const file = lockPath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number(fs.readFileSync(file, "utf8").trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new EmbeddedDatabaseInUse(dataDir, owner);
    }
    // A stale lock (its process is gone): remove it and try again.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}.`);
}
