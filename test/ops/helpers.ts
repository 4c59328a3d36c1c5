import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { enginery, run, start, type Server } from "../helpers/processes.ts";

/**
 * Real processes for the operations tests: `enginery serve` and `enginery
 * worker` on this file's PostgreSQL database and the shared Redis, a webhook
 * receiver that verifies signatures with the public `standardwebhooks`
 * library, and a Prometheus exposition parser.
 */
export const ON_POSTGRES = process.env.TEST_DB === "postgres";
export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number, state: () => string = () => ""): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${state() ? `: ${state()}` : ""}`);
    await sleep(25);
  }
}

export class Processes {
  readonly all: Server[] = [];
  constructor(readonly databaseUrl: string) {}

  private env(extra: Record<string, string>) {
    return enginery(
      { databaseUrl: this.databaseUrl },
      {
        PORT: "0",
        LOG_LEVEL: "warn",
        SNAPSHOT_EVERY_HOURS: "0",
        REDIS_URL,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
        WEBHOOK_ALLOW_HTTP: "true",
        FUNCTION_WORKERS: "1",
        ...extra,
      },
    );
  }

  serve(extra: Record<string, string> = {}): Server {
    const server = start(["serve"], this.env(extra));
    this.all.push(server);
    return server;
  }

  worker(extra: Record<string, string> = {}): Server {
    const worker = start(["worker"], this.env(extra));
    this.all.push(worker);
    return worker;
  }

  /** Runs a CLI command on the database (orgs create, keys create) and returns its stdout. */
  async cli(args: string[]): Promise<string> {
    const done = await run(args, this.env({}));
    if (done.code !== 0) throw new Error(`enginery ${args.join(" ")} failed: ${done.stderr}`);
    return done.stdout;
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.all.splice(0).map((s) => s.stop("SIGKILL")));
  }
}

export async function apiUrlOf(server: Server): Promise<string> {
  return (await server.waitFor(/Enginery is serving (http:\/\/localhost:\d+)/, 150_000))[1]!;
}

export async function metricsUrlOf(server: Server): Promise<string> {
  return (await server.waitFor(/Metrics: (http:\/\/localhost:\d+\/metrics)/, 150_000))[1]!;
}

/** A new organization on `plan` and a full-access key of it, made with the CLI as an operator does. */
export async function newOrg(processes: Processes, name: string, plan: "free" | "growth" | "enterprise"): Promise<{ orgId: string; key: string }> {
  const created = await processes.cli(["orgs", "create", "--name", name, "--plan", plan]);
  const orgId = created.match(/\b(org_[0-9a-z]+)\b/)![1]!;
  const keyed = await processes.cli(["keys", "create", "--org", orgId, "--kind", "full_access"]);
  return { orgId, key: keyed.match(/\b(ek_live_[0-9A-Za-z]+)\b/)![1]! };
}

export function api(baseUrl: string, key: string) {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const parse = async (response: Response) => {
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };
  return {
    async get(path: string): Promise<{ status: number; body: any }> {
      const response = await fetch(baseUrl + path, { headers });
      return { status: response.status, body: await parse(response) };
    },
    async post(path: string, body: unknown = {}): Promise<{ status: number; body: any }> {
      const response = await fetch(baseUrl + path, { method: "POST", headers, body: JSON.stringify(body) });
      return { status: response.status, body: await parse(response) };
    },
  };
}

export interface Received {
  id: string;
  type: string;
  orgId: string;
  objectId: string;
}

/**
 * A local webhook receiver. Every request's signature is checked with
 * `standardwebhooks` against the endpoint secrets it was told; a bad one is
 * recorded in `invalid`. `answer` decides each response (default 200 at once).
 */
export async function webhookReceiver(answer: (received: Received, res: http.ServerResponse) => void = (_, res) => res.writeHead(200).end("ok")) {
  const secrets: string[] = [];
  const received: Received[] = [];
  const invalid: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const headers = {
        "webhook-id": String(req.headers["webhook-id"]),
        "webhook-timestamp": String(req.headers["webhook-timestamp"]),
        "webhook-signature": String(req.headers["webhook-signature"]),
      };
      const payload = secrets
        .map((secret) => {
          try {
            return new Webhook(secret).verify(body, headers) as any;
          } catch {
            return null;
          }
        })
        .find((p) => p !== null);
      if (!payload) {
        invalid.push(headers["webhook-id"]);
        res.writeHead(400).end("bad signature");
        return;
      }
      const one = { id: payload.id, type: payload.type, orgId: payload.org_id, objectId: payload.data?.object?.id };
      received.push(one);
      answer(one, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    secrets,
    received,
    invalid,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Samples of a Prometheus text exposition, by name and labels. */
export function parseMetrics(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const samples = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = line.match(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  return parseMetrics(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

export async function scrape(url: string, token?: string): Promise<{ status: number; text: string; contentType: string | null }> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, text: await response.text(), contentType: response.headers.get("content-type") };
}
