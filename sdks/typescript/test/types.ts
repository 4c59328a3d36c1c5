// Example code a user writes, compiled by test/sdks/types.test.ts: it must type-check, and each
// `@ts-expect-error` line must be an error (tsc reports a directive that catches nothing).
import { Enginery, RateLimitError, ValidationError, type Invoice, type TypedEvent } from "@enginery/sdk";

const client = new Enginery({ apiKey: "ek_live_x", baseUrl: "http://localhost:8080", timeoutMs: 10_000, maxRetries: 3 });

export async function examples(): Promise<void> {
  const invoice = await client.invoices.create({ client: "Initech", amount: 1250.5, currency: "USD", due_date: "2027-01-31" });
  const status: "draft" | "open" | "paid" | "overdue" | "void" | "uncollectible" = invoice.status;
  void status;

  // @ts-expect-error a misspelt field name
  await client.invoices.create({ clinet: "Initech", amount: 1, currency: "USD", due_date: "2027-01-31" });
  // @ts-expect-error a required field left out
  await client.invoices.create({ client: "Initech", currency: "USD", due_date: "2027-01-31" });
  // @ts-expect-error an amount as a string
  await client.invoices.pay(invoice.id, { amount: "12.50" });
  // @ts-expect-error an enum value that does not exist
  await client.jobs.create({ title: "Engineer", employment_type: "full-time" });
  // @ts-expect-error a stage that does not exist
  await client.candidates.update("cand_x", { stage: "interviewing-ish" });

  const page = await client.invoices.list({ status: "overdue", per_page: 10, "amount[gte]": 1000 });
  const first: Invoice | undefined = page.data[0];
  // @ts-expect-error a field the invoice does not have
  void first?.amount_owed;
  // @ts-expect-error a query parameter the list does not take
  await client.invoices.list({ colour: "red" });
  for await (const each of client.invoices.list({ status: "open" })) {
    const due: number = each.amount_due;
    void due;
  }

  // Enum filters: one value, several (an array: sent as a comma list), and [ne]; a misspelt value is an error.
  await client.invoices.list({ status: ["open", "overdue"], "status[ne]": "void" });
  await client.candidates.list({ stage: "screening" });
  await client.contacts.list({ lifecycle_stage: ["lead", "qualified"] });
  // @ts-expect-error an enum filter value that does not exist
  await client.invoices.list({ status: "overdoo" });
  // @ts-expect-error a misspelt value inside a comma list
  await client.invoices.list({ status: ["open", "overdoo"] });
  // @ts-expect-error a misspelt value after [ne]
  await client.deals.list({ "status[ne]": "one" });

  // The agent: a reply object, or with stream: true its events, each typed by its name.
  const reply = await client.agent.chat({ message: "which invoices are overdue?" });
  const said: string = reply.message.content;
  void said;
  for await (const step of client.agent.chat({ message: "and Initech?", conversation_id: reply.conversation_id, stream: true })) {
    if (step.event === "message.delta") void step.data.delta.length;
    if (step.event === "action.completed") void step.data.tool;
    if (step.event === "done") void step.data.actions.length;
    // @ts-expect-error a delta carries text, not an action
    if (step.event === "message.delta") void step.data.tool;
    // @ts-expect-error an error event is thrown, never yielded
    if (step.event === "error") void step;
  }
  // @ts-expect-error the old name is gone
  await client.agent.chatWith({ message: "hi" });

  const dossier = await client.accounts.dossier("acc_x");
  void dossier.account.name;
  // @ts-expect-error a method that does not exist
  await client.webhookEndpoints.remove("we_x");

  const endpoint = await client.webhookEndpoints.create({ url: "https://example.com/hooks", events: ["invoice.*"] });
  const event: TypedEvent = await client.webhooks.verify("{}", new Headers(), endpoint.secret!); // absent only on an idempotent replay
  if (event.type === "invoice.paid") {
    const paid: number = event.data.object.amount_paid;
    void paid;
    // @ts-expect-error an invoice event's object is an invoice, not a deal
    void event.data.object.stage_id;
  }
  if (event.type === "deal.stage_changed") void event.data.object.stage_id;

  const listed = await client.events.get("evt_x");
  if (listed.type === "deal.won") void listed.data.object.stage_id;
  // @ts-expect-error an event type that does not exist
  if (listed.type === "invoice.payed") void listed;

  try {
    await client.me.get();
  } catch (error) {
    if (error instanceof ValidationError) for (const e of error.errors) void `${e.field}: ${e.message}`;
    if (error instanceof RateLimitError) void (error.retryAfter ?? 0);
  }
  void client.rateLimit?.remaining;
}
