CREATE TABLE "oauth_apps" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text,
	"name" text NOT NULL,
	"client_type" text NOT NULL,
	"secret_hash" text,
	"secret_hint" text,
	"redirect_uris" text[] NOT NULL,
	"scopes" text[] NOT NULL,
	"logo_url" text,
	"dynamic" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oauth_apps_org_created_idx" ON "oauth_apps" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE TABLE "oauth_grants" (
	"org_id" text NOT NULL,
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"user_id" text,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "oauth_grants_org_created_idx" ON "oauth_grants" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE INDEX "oauth_grants_app_idx" ON "oauth_grants" USING btree ("app_id");
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"org_id" text NOT NULL,
	"grant_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"code_challenge" text,
	"redirect_uri" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oauth_tokens_grant_idx" ON "oauth_tokens" USING btree ("grant_id");
