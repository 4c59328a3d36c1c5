import { expect } from "vitest";
import type { ApiResponse, Client } from "./harness.ts";

/** Deploys version 1 of a function, the body sent as given; a refused deploy fails the test. Returns the function as the API shows it. */
export async function deploy(client: Client, body: Record<string, unknown>): Promise<any> {
  const response = await client.post("/v1/functions", body);
  expect(response.status, `deploy ${String(body.name)}: ${response.text}`).toBe(201);
  return response.body;
}

/**
 * Deploys version 1 of a function the test then runs. It gets 1 s of CPU
 * unless the test says otherwise: isolated-vm counts a running isolate's CPU
 * time on a wall clock between samples, so on a loaded machine the default
 * 50 ms can run out in a function that does nearly nothing.
 */
export function deployToRun(client: Client, name: string, source: string, extra: Record<string, unknown> = {}): Promise<any> {
  return deploy(client, { name, source, ...extra, limits: { cpu_ms: 1_000, ...(extra.limits as object | undefined) } });
}

/** Deploys a new version (live at once); a refused deploy fails the test. Returns the function as the API shows it. */
export async function deployVersion(client: Client, name: string, body: Record<string, unknown>): Promise<any> {
  const response = await client.post(`/v1/functions/${name}/versions`, body);
  expect(response.status, `deploy a version of ${name}: ${response.text}`).toBe(201);
  return response.body;
}

/** Calls a function over HTTP: POST to /invoke unless `method` and `path` (below /invoke) say otherwise. */
export function invoke(
  client: Client,
  name: string,
  options: { method?: string; path?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const { method = "POST", path = "", ...rest } = options;
  return client.request(method, `/v1/functions/${name}/invoke${path}`, rest);
}
