-- The event stream's order (platform/events/event-stream.ts): each event carries the id of the transaction
-- that wrote it. A reader takes only events whose transaction is older than the oldest one still running
-- (pg_snapshot_xmin), in (tx_id, seq) order, so no event can later appear before one already read: seq alone
-- is handed out at insert, and concurrent transactions commit out of that order. Rows written before this
-- migration read as transaction 0, in seq order. The constant default first: adding the column does not
-- rewrite the table.
ALTER TABLE "events" ADD COLUMN "tx_id" xid8 NOT NULL DEFAULT '0';
--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "tx_id" SET DEFAULT pg_current_xact_id();
--> statement-breakpoint
CREATE INDEX "events_org_tx_seq_idx" ON "events" USING btree ("org_id", "tx_id", "seq");
