import { UsageError } from "./usage.ts";

/**
 * What the CLI's commands that are clients of the HTTP API share (functions,
 * listen, trigger): where the server is and which key to use, like curl, so
 * they work against any Enginery server, local or remote.
 */
export interface ApiFlags {
  "api-url"?: string;
  "api-key"?: string;
  /** The older names of --api-url and --api-key, kept working. */
  url?: string;
  key?: string;
}

export class RequestFailed extends Error {}

export interface Target {
  url: string;
  key: string;
}

export function target(flags: ApiFlags, env: NodeJS.ProcessEnv): Target {
  const key = flags["api-key"] ?? flags.key ?? env.ENGINERY_API_KEY;
  if (!key) throw new UsageError("an API key is needed: --api-key <key> or ENGINERY_API_KEY");
  // The first one set wins; a bad one is named as the caller wrote it.
  const [name, given] = (
    [
      ["--api-url", flags["api-url"]],
      ["--url", flags.url],
      ["ENGINERY_API_URL", env.ENGINERY_API_URL],
      ["ENGINERY_URL", env.ENGINERY_URL],
    ] as const
  ).find(([, v]) => v) ?? ["--api-url", `http://localhost:${env.PORT ?? 8080}`];
  const url = given!.replace(/\/+$/, "");
  if (!/^https?:\/\//.test(url)) throw new UsageError(`${name} must start with http:// or https://, got "${url}"`);
  return { url, key };
}

export interface Answer {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read by the commands field by field.
  json: any;
}

export async function call(t: Target, method: string, path: string, body?: string): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${t.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${t.key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body,
    });
  } catch (error) {
    throw new RequestFailed(`cannot reach ${t.url}: ${(error as Error).cause ?? (error as Error).message}`);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: a function may answer anything.
  }
  return { status: response.status, text, json };
}

/** A problem body as one line: "422 function_compile_error: source: line 3, column 7: ...". */
export function problem(res: Answer): RequestFailed {
  const detail = res.json?.detail ?? res.text.slice(0, 500);
  return new RequestFailed(`${res.status} ${res.json?.code ?? "error"}: ${detail}`);
}
