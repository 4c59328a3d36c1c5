CREATE TABLE "accounts" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"domain" text,
	"industry" text,
	"employee_count" integer,
	"annual_revenue_cents" bigint,
	"country" text,
	"website" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enrichment_status" text DEFAULT 'none' NOT NULL,
	"enrichment_source" text,
	"enrichment_data" jsonb,
	"enriched_at" timestamp with time zone,
	"enrichment_requested_at" timestamp with time zone,
	"enrichment_error" text,
	"enrichment_failed_at" timestamp with time zone,
	"enrichment_claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "accounts_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"title" text,
	"account_id" text,
	"lifecycle_stage" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contacts_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "pipeline_stages" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"pipeline_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"probability" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "pipeline_stages_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pipelines_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"account_id" text,
	"contact_ids" text[] DEFAULT '{}' NOT NULL,
	"pipeline_id" text NOT NULL,
	"stage_id" text NOT NULL,
	"amount_cents" bigint,
	"currency" text NOT NULL,
	"expected_close_date" date,
	"status" text NOT NULL,
	"closed_at" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deals_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "sequence_enrollments" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"sequence_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"status" text NOT NULL,
	"current_step" integer DEFAULT 0 NOT NULL,
	"next_step_at" timestamp with time zone,
	"last_step_index" integer,
	"last_step_at" timestamp with time zone,
	"stop_reason" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sequence_enrollments_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "sequence_messages" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"sequence_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"direction" text NOT NULL,
	"step_index" integer,
	"address" text,
	"subject" text,
	"body" text NOT NULL,
	"transport" text,
	"transport_message_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sequence_messages_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "sequences" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"steps" jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sequences_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_org_domain_key" ON "accounts" USING btree ("org_id","domain");--> statement-breakpoint
CREATE INDEX "accounts_org_created_idx" ON "accounts" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_org_name_idx" ON "accounts" USING btree ("org_id","name","id");--> statement-breakpoint
CREATE INDEX "accounts_enrichment_pending_idx" ON "accounts" USING btree ("enrichment_requested_at") WHERE enrichment_status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_org_email_key" ON "contacts" USING btree ("org_id","email");--> statement-breakpoint
CREATE INDEX "contacts_org_created_idx" ON "contacts" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_org_account_idx" ON "contacts" USING btree ("org_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_org_stage_created_idx" ON "contacts" USING btree ("org_id","lifecycle_stage","created_at","id");--> statement-breakpoint
CREATE INDEX "pipeline_stages_org_pipeline_idx" ON "pipeline_stages" USING btree ("org_id","pipeline_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "pipelines_org_default_key" ON "pipelines" USING btree ("org_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "pipelines_org_created_idx" ON "pipelines" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deals_org_created_idx" ON "deals" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deals_org_account_idx" ON "deals" USING btree ("org_id","account_id");--> statement-breakpoint
CREATE INDEX "deals_org_stage_idx" ON "deals" USING btree ("org_id","stage_id");--> statement-breakpoint
CREATE INDEX "deals_org_pipeline_status_idx" ON "deals" USING btree ("org_id","pipeline_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_active_contact_key" ON "sequence_enrollments" USING btree ("org_id","sequence_id","contact_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "enrollments_org_sequence_created_idx" ON "sequence_enrollments" USING btree ("org_id","sequence_id","created_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_org_contact_idx" ON "sequence_enrollments" USING btree ("org_id","contact_id");--> statement-breakpoint
CREATE INDEX "enrollments_due_idx" ON "sequence_enrollments" USING btree ("next_step_at") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "sequence_messages_org_created_idx" ON "sequence_messages" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sequence_messages_org_enrollment_idx" ON "sequence_messages" USING btree ("org_id","enrollment_id");--> statement-breakpoint
CREATE INDEX "sequences_org_created_idx" ON "sequences" USING btree ("org_id","created_at","id");