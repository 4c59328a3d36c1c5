import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, type CliOutcome } from "../../eval/agent/cli.ts";
import { CASES } from "../../eval/agent/cases.ts";
import { createTestDatabase } from "../helpers/database.ts";
import { count, created, type Case } from "../../eval/agent/judge.ts";

/**
 * `npm run agent:eval -- --provider openai ...` against a local server that
 * speaks the chat-completions protocol (streamed, as OpenAI, Ollama, vLLM and
 * llama.cpp do). The model here is a script that reads the request and the
 * tools it is offered, and acts as a good or a careless model would: the
 * judge must pass the first and catch the second.
 */
interface ChatBody {
  model: string;
  messages: { role: string; content: string | null }[];
  tools?: { function: { name: string } }[];
}
const received: { body: ChatBody; headers: IncomingMessage["headers"] }[] = [];

/** The offered tool whose name has all these words (the registry's names may change; what they say stays). */
function tool(body: ChatBody, ...words: string[]): string {
  const found = body.tools?.map((t) => t.function.name).find((name) => words.every((w) => name.toLowerCase().includes(w)));
  if (!found) throw new Error(`no tool with ${words.join(", ")} among ${body.tools?.map((t) => t.function.name).join(", ")}`);
  return found;
}

type Step = { call: { name: string; args: Record<string, unknown> }[] } | { say: string };

/** What the scripted model does next in the conversation it is sent. */
function model(body: ChatBody): Step {
  const last = body.messages.at(-1)!;
  const asked = [...body.messages].reverse().find((m) => m.role === "user")!.content ?? "";
  if (last.role === "tool") {
    const result = JSON.parse(last.content ?? "{}").result;
    if (result?.data) return { say: `${result.meta.total} invoices are overdue: ${result.data.map((i: { number: string }) => i.number).join(", ")}.` };
    return { say: "Done." };
  }
  if (asked === "which invoices are overdue?") return { call: [{ name: tool(body, "invoice", "list"), args: { status: "overdue", per_page: 100 } }] };
  const contact = (first: string, last: string, email: string) => ({
    name: tool(body, "contact", "create"),
    args: { first_name: first, last_name: last, email },
  });
  if (asked === "add a contact Jane Roe, jane@roe.io") return { call: [contact("Jane", "Roe", "jane@roe.io")] };
  // A careless model: the right contact, and one nobody asked for.
  if (asked === "add a contact Jane Roe, jane@roe.io, and nobody else")
    return { call: [contact("Jane", "Roe", "jane@roe.io"), contact("John", "Roe", "john@roe.io")] };
  // A model that misreads a value.
  if (asked === "add a contact Jim Roe, jim@roe.io") return { call: [contact("Jim", "Roe", "jim@roe.com")] };
  return { say: "Which one do you mean?" };
}

const server = createServer(async (req, res) => {
  let text = "";
  for await (const chunk of req) text += chunk;
  const body = JSON.parse(text) as ChatBody;
  received.push({ body, headers: req.headers });
  const step = model(body);
  const chunk = (delta: Record<string, unknown>) =>
    `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
  res.writeHead(200, { "content-type": "text/event-stream" });
  if ("say" in step) res.write(chunk({ role: "assistant", content: step.say }));
  else {
    const calls = step.call.map((c, index) => ({
      index,
      id: `call_${index}`,
      type: "function",
      function: { name: c.name, arguments: JSON.stringify(c.args) },
    }));
    res.write(chunk({ role: "assistant", content: null, tool_calls: calls }));
  }
  res.end("data: [DONE]\n\n");
});

let baseUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const byLabel = (label: string): Case => {
  const found = CASES.find((c) => c.label === label);
  if (!found) throw new Error(`no case "${label}"`);
  return found;
};
const write = (say: string, plan: Case["plan"]): Case => ({ label: say, engine: "growth", kind: "write", plan });

async function evaluate(cases: Case[]): Promise<CliOutcome> {
  const testDb = await createTestDatabase();
  try {
    const outcome = await runCli(["--provider", "openai", "--base-url", baseUrl, "--model", "scripted-model", "--api-key", "sk-eval-test", "--json"], {
      cases,
      database: testDb.database,
    });
    if (outcome === "help") throw new Error("help");
    return outcome;
  } finally {
    await testDb.drop();
  }
}

describe("npm run agent:eval -- --provider openai", () => {
  it("runs the cases through the model, and judges its answers and changes from the API", async () => {
    received.length = 0;
    const cases = [
      byLabel("which invoices are overdue?"),
      byLabel("add a contact Jane Roe, jane@roe.io"),
      write("add a contact Jane Roe, jane@roe.io, and nobody else", () => ({
        say: "add a contact Jane Roe, jane@roe.io, and nobody else",
        expect: [created("contact", { email: "jane@roe.io" })],
      })),
      write("add a contact Jim Roe, jim@roe.io", () => ({ say: "add a contact Jim Roe, jim@roe.io", expect: [created("contact", { email: "jim@roe.io" })] })),
      {
        label: "how many invoices are overdue? (wrong figure expected)",
        engine: "finance",
        kind: "read",
        plan: () => ({ say: "which invoices are overdue?", expect: [count(9999)] }),
      },
      byLabel("create a deal"),
    ] satisfies Case[];
    const { summary, results, output } = await evaluate(cases);

    // The model was the one asked, with the key given, and offered the tools.
    expect(received[0]!.body.model).toBe("scripted-model");
    expect(received[0]!.headers.authorization).toBe("Bearer sk-eval-test");
    expect(received[0]!.body.tools!.length).toBeGreaterThan(5);
    expect(summary.planner).toContain("scripted-model");

    const [overdue, jane, careless, misread, wrongFigure, question] = results;
    expect(overdue).toMatchObject({ passed: true, failures: [], wrongWrites: [] });
    expect(overdue!.reply).toMatch(/^\d+ invoices are overdue: INV-/);
    expect(jane).toMatchObject({ passed: true, wrongWrites: [] });
    expect(jane!.actions).toEqual([expect.objectContaining({ status: "completed", input: expect.objectContaining({ email: "jane@roe.io" }) })]);
    // The contact asked for is there, but so is one nobody asked for: a wrong write (and the judge says that two were made).
    expect(careless!.passed).toBe(false);
    expect(careless!.wrongWrites).toEqual([expect.stringMatching(/^contact\.created con_\w+ "John Roe"$/)]);
    // A contact made with a misread value is a failure, and a change nobody asked for.
    expect(misread!.failures).toEqual(['the new contact: email is "jim@roe.com", expected "jim@roe.io"']);
    expect(misread!.wrongWrites).toEqual([expect.stringMatching(/^contact\.created con_\w+ "Jim Roe"$/)]);
    expect(wrongFigure!.failures).toEqual(["9999 is not in the reply"]);
    expect(question).toMatchObject({ passed: true, kind: "question", reply: "Which one do you mean?" });

    expect(summary).toMatchObject({ cases: 6, passed: 3, wrong_writes: 2 });
    expect(summary.by_kind.write).toEqual({ passed: 1, total: 3, rate: 1 / 3 });
    expect(JSON.parse(output).summary.passed).toBe(3);
  }, 180_000);

  it("flags are checked before anything starts", async () => {
    await expect(runCli(["--provider", "openai"])).rejects.toThrow("--provider openai needs --model");
    await expect(runCli(["--provider", "claude"])).rejects.toThrow('--provider must be offline or openai, got "claude"');
    await expect(runCli(["--model", "m"])).rejects.toThrow("--model is for --provider openai");
    await expect(runCli(["--provider", "openai", "--model", "m", "--base-url", "ftp://x"])).rejects.toThrow("--base-url must be an http(s) URL");
    await expect(runCli(["--max-steps", "0"])).rejects.toThrow("--max-steps must be a whole number from 1 to 50");
    await expect(runCli(["--api-url", "http://127.0.0.1:9"])).rejects.toThrow("--api-url needs --key");
    await expect(runCli(["--colour"])).rejects.toThrow(/Unknown option '--colour'/);
    expect(await runCli(["--help"])).toBe("help");
  });
});
