import type { PGlite } from "@electric-sql/pglite";
import { StatementCache } from "./statement-cache.ts";

let named = 0;

/**
 * How PGlite runs a statement built once (runText in connection.ts). Planning
 * costs it more than running a list's statement: the engine runs in
 * WebAssembly on this thread, and each extended-protocol query is parsed and
 * planned anew. So the text is PREPAREd once in the session (one process owns
 * an embedded database and its one session, so what the session holds is the
 * process's to keep) and EXECUTEd with a generic plan: about 3x less time per
 * list page (bench row "PGlite GET /v1/invoices?status=overdue"). The values
 * go into the EXECUTE as literals; only strings and finite numbers are
 * (quotes doubled; standard_conforming_strings is on, so that is the whole
 * escape), anything else runs as an ordinary query.
 */
export function embeddedQuery(client: PGlite): (text: string, values: unknown[]) => Promise<Record<string, unknown>[]> {
  const names = new StatementCache<string, string>();
  return async (text, values) => {
    const literals = values.map(sqlLiteral);
    if (literals.some((literal) => literal === undefined)) return (await client.query<Record<string, unknown>>(text, values)).rows;
    let name = names.get(text);
    if (!name) {
      name = `kept_${++named}`;
      await client.exec(`PREPARE ${name} AS ${text}`);
      const evicted = names.set(text, name);
      if (evicted) await client.exec(`DEALLOCATE ${evicted}`);
    }
    // SET inside the one implicit transaction of a multi-statement exec: an error rolls it back too.
    const results = await client.exec(`SET plan_cache_mode = force_generic_plan; EXECUTE ${name}(${literals.join(", ")}); RESET plan_cache_mode`);
    return results[1]!.rows as Record<string, unknown>[];
  };
}

function sqlLiteral(value: unknown): string | undefined {
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}
