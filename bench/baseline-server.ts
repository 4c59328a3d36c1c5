import Fastify from "fastify";

/**
 * The baseline: a bare Fastify route returning a fixed page of 25 invoices in
 * the API's envelope. No auth, no database, no schema: what the hardware and
 * Node give us, measured in the same run as the real endpoint.
 */
const invoice = (i: number) => ({
  id: `inv_01m7zs5rxeenbvsxtztmn4q${String(i).padStart(3, "0")}`,
  object: "invoice",
  number: `INV-${String(i).padStart(6, "0")}`,
  client: "Gringotts Holdings",
  description: "Onboarding workshop",
  account_id: null,
  amount: 16280.44,
  amount_paid: 6512.18,
  amount_due: 9768.26,
  currency: "USD",
  status: "overdue",
  due_date: "2026-10-29",
  days_overdue: 23,
  issued_at: "2026-11-21T19:26:18.586Z",
  paid_at: null,
  metadata: { source: "bench" },
  created_at: "2026-11-21T19:26:18.586Z",
  updated_at: "2026-11-21T19:26:18.586Z",
});
const page = { data: Array.from({ length: 25 }, (_, i) => invoice(i)), meta: { total: 180, page: 1, per_page: 25 } };

const app = Fastify();
app.get("/v1/invoices", async () => page);
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
