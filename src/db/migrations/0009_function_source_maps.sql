-- Stack traces of a function point into the customer's own file: each version keeps the name it was deployed
-- under and the source map of its compiled code (versions deployed before have neither and report compiled positions).
ALTER TABLE "function_versions" ADD COLUMN "filename" text NOT NULL DEFAULT 'function.ts';
--> statement-breakpoint
ALTER TABLE "function_versions" ADD COLUMN "source_map" text;
