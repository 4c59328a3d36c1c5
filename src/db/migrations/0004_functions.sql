CREATE TABLE "function_invocations" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"function_id" text NOT NULL,
	"version" integer NOT NULL,
	"trigger" text NOT NULL,
	"event_id" text,
	"run_id" text,
	"method" text,
	"response_status" integer,
	"status" text NOT NULL,
	"error_name" text,
	"error_message" text,
	"error_stack" text,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" real NOT NULL,
	"cpu_ms" real NOT NULL,
	"logs" jsonb NOT NULL,
	"logs_truncated" boolean NOT NULL,
	"request_id" text,
	CONSTRAINT "function_invocations_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "function_runs" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"function_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"status" text NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "function_runs_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "function_versions" (
	"org_id" text NOT NULL,
	"function_id" text NOT NULL,
	"version" integer NOT NULL,
	"source" text NOT NULL,
	"code" text NOT NULL,
	"sha256" text NOT NULL,
	"env" jsonb NOT NULL,
	"secrets" text,
	"secret_names" text[] NOT NULL,
	"http_trigger" boolean NOT NULL,
	"event_triggers" text[] NOT NULL,
	"limits" jsonb NOT NULL,
	"deployed_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "function_versions_org_id_function_id_version_pk" PRIMARY KEY("org_id","function_id","version")
);
--> statement-breakpoint
CREATE TABLE "functions" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"active_version" integer NOT NULL,
	"latest_version" integer NOT NULL,
	"event_triggers" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "functions_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE INDEX "function_invocations_org_function_started_idx" ON "function_invocations" USING btree ("org_id","function_id","started_at","id");--> statement-breakpoint
CREATE INDEX "function_invocations_started_idx" ON "function_invocations" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "function_runs_function_event_key" ON "function_runs" USING btree ("org_id","function_id","event_id");--> statement-breakpoint
CREATE INDEX "function_runs_due_idx" ON "function_runs" USING btree ("next_attempt_at") WHERE status IN ('pending', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "functions_org_name_key" ON "functions" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "functions_org_created_idx" ON "functions" USING btree ("org_id","created_at","id");