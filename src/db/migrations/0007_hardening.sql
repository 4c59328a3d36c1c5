ALTER TABLE "idempotency_keys" ADD COLUMN "committed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "alive_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "api_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
