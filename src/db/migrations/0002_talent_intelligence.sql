CREATE TABLE "jobs" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"department" text,
	"location" text,
	"employment_type" text NOT NULL,
	"status" text NOT NULL,
	"closed_at" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jobs_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "candidate_stage_changes" (
	"org_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"seq" integer NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "candidate_stage_changes_org_id_candidate_id_seq_pk" PRIMARY KEY("org_id","candidate_id","seq")
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"job_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"stage" text NOT NULL,
	"source" text,
	"rating" integer,
	"resume_url" text,
	"notes" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stage_changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "candidates_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "intelligence_snapshots" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"trigger" text NOT NULL,
	"figures" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "intelligence_snapshots_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE INDEX "jobs_org_created_idx" ON "jobs" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_org_status_idx" ON "jobs" USING btree ("org_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_org_job_email_key" ON "candidates" USING btree ("org_id","job_id","email");--> statement-breakpoint
CREATE INDEX "candidates_org_created_idx" ON "candidates" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "candidates_org_job_stage_idx" ON "candidates" USING btree ("org_id","job_id","stage");--> statement-breakpoint
CREATE INDEX "candidates_org_stage_idx" ON "candidates" USING btree ("org_id","stage","stage_changed_at");--> statement-breakpoint
CREATE INDEX "intelligence_snapshots_org_created_idx" ON "intelligence_snapshots" USING btree ("org_id","created_at","id");