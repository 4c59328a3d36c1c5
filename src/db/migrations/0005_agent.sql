CREATE TABLE "agent_conversations" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"key_id" text NOT NULL,
	"positions" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"pending" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_conversations_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "agent_messages" (
	"org_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_messages_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "agent_actions" (
	"org_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"id" text NOT NULL,
	"message_id" text NOT NULL,
	"position" integer NOT NULL,
	"tool" text NOT NULL,
	"input" jsonb NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"error" jsonb,
	"approval_id" text,
	"approval_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_actions_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE INDEX "agent_conversations_org_created_idx" ON "agent_conversations" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "agent_messages_org_conversation_idx" ON "agent_messages" USING btree ("org_id","conversation_id","position");--> statement-breakpoint
CREATE INDEX "agent_actions_org_conversation_idx" ON "agent_actions" USING btree ("org_id","conversation_id","position");--> statement-breakpoint
CREATE INDEX "agent_actions_org_approval_idx" ON "agent_actions" USING btree ("org_id","approval_id");--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "conversation_id" text;
