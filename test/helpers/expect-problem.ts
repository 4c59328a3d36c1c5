import { expect } from "vitest";
import type { ApiResponse } from "./harness.ts";

/**
 * Asserts an RFC 9457 problem response: status, code, the problem media type,
 * every required member, and a request_id equal to the x-request-id header.
 */
export function expectProblem(res: ApiResponse, status: number, code: string, context = ""): any {
  const where = context ? `${context}: ` : "";
  expect(res.status, `${where}status (body ${res.text})`).toBe(status);
  expect(res.headers.get("content-type"), `${where}content-type`).toMatch(/^application\/problem\+json/);
  expect(res.body, `${where}body`).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status,
    detail: expect.any(String),
    code,
    request_id: expect.any(String),
  });
  const requestId = res.headers.get("x-request-id");
  expect(requestId, `${where}x-request-id header`).toBeTruthy();
  expect(res.body.request_id, `${where}request_id`).toBe(requestId);
  expect(res.text, `${where}no stack trace`).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  return res.body;
}

/** The errors[] entries of a problem, as "in:field" ("body:amount", "query:sort"). */
export function errorFields(res: ApiResponse): string[] {
  return ((res.body?.errors ?? []) as { in: string; field: string }[]).map((e) => `${e.in}:${e.field}`);
}

/** A 400 validation_failed problem naming exactly these fields, all in `location`; returns the problem. */
export function expectInvalid(res: ApiResponse, fields: string[], location = "body", context = ""): any {
  const problem = expectProblem(res, 400, "validation_failed", context);
  expect(errorFields(res).sort(), `${context ? `${context}: ` : ""}fields (${res.text})`).toEqual(fields.map((f) => `${location}:${f}`).sort());
  return problem;
}
