import { expect } from "vitest";
import type { ApiResponse, Client } from "../helpers/harness.ts";

/** The instant agent tests start from (UTC). */
export const NOW = "2026-03-10T12:00:00.000Z";

export async function made(res: Promise<ApiResponse>, status = 201): Promise<any> {
  const out = await res;
  expect(out.status, out.text).toBe(status);
  return out.body;
}

export interface World {
  acme: string;
  initech: string;
  globexEast: string;
  globexWest: string;
  acmeContacts: string[];
  overdue: { id: string; number: string }[];
  initechInvoices: string[];
  initechDeal: string;
  intro: string;
  backend: string;
  interviewing: string[];
}

/**
 * A small organization the planner's requests run against: accounts, people,
 * invoices (two overdue), a deal, a sequence, a job with candidates.
 */
export async function seedWorld(client: Client): Promise<World> {
  const account = (name: string, domain: string) => made(client.post("/v1/accounts", { name, domain }));
  const acme = (await account("Acme", "acme.example")).id;
  const initech = (await account("Initech", "initech.example")).id;
  const globexEast = (await account("Globex East", "globex-east.example")).id;
  const globexWest = (await account("Globex West", "globex-west.example")).id;
  const acmeContacts: string[] = [];
  for (const [first, last] of [
    ["Ann", "Lee"],
    ["Bob", "Stone"],
  ]) {
    acmeContacts.push(
      (await made(client.post("/v1/contacts", { first_name: first, last_name: last, email: `${first!.toLowerCase()}@acme.example`, account_id: acme }))).id,
    );
  }
  const invoice = (body: Record<string, unknown>) => made(client.post("/v1/invoices", { currency: "USD", status: "open", ...body }));
  const a = await invoice({ client: "Initech", account_id: initech, amount: 1200, due_date: "2026-02-01" });
  const b = await invoice({ client: "Initech", account_id: initech, amount: 800.5, due_date: "2026-04-01" });
  const c = await invoice({ client: "Acme", account_id: acme, amount: 300, due_date: "2026-03-01" });
  await invoice({ client: "Acme", account_id: acme, amount: 50, due_date: "2026-05-01" });
  const initechDeal = (await made(client.post("/v1/deals", { name: "Initech renewal", account_id: initech, amount: 5000 }))).id;
  const intro = (
    await made(client.post("/v1/sequences", { name: "Intro", status: "active", steps: [{ type: "email", subject: "Hi {{first_name}}", body: "Hello" }] }))
  ).id;
  const backend = (await made(client.post("/v1/jobs", { title: "Backend Engineer" }))).id;
  const interviewing: string[] = [];
  for (const [first, last, stage] of [
    ["Cara", "Diaz", "interview"],
    ["Dan", "Eve", "screening"],
    ["Eli", "Fox", "interview"],
  ]) {
    const cand = await made(
      client.post("/v1/candidates", { job_id: backend, first_name: first, last_name: last, email: `${first!.toLowerCase()}@mail.example` }),
    );
    for (const step of ["screening", "interview"]) {
      if (step === "interview" && stage !== "interview") break;
      await made(client.patch(`/v1/candidates/${cand.id}`, { stage: step }), 200);
    }
    if (stage === "interview") interviewing.push(cand.id);
  }
  return {
    acme,
    initech,
    globexEast,
    globexWest,
    acmeContacts,
    overdue: [
      { id: a.id, number: a.number },
      { id: c.id, number: c.number },
    ],
    initechInvoices: [a.id, b.id],
    initechDeal,
    intro,
    backend,
    interviewing,
  };
}

export async function chat(client: Client, message: string, conversationId?: string, headers?: Record<string, string>): Promise<any> {
  const res = await client.post("/v1/agent/chat", conversationId ? { message, conversation_id: conversationId } : { message }, { headers });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

interface SseEvent {
  event: string;
  data: any;
}

/** Reads a text/event-stream response chunk by chunk, as a browser's EventSource would, into its events. */
export async function readEvents(response: Response): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n");
      events.push({ event, data: JSON.parse(data) });
    }
  }
  expect(buffer).toBe("");
  return events;
}
