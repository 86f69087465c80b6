CREATE TABLE "merge_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"created_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"sheet_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"first_line_is_header" boolean NOT NULL,
	"lines" jsonb NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "merge_batches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "merge_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"created_by" uuid,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"storage_key" text NOT NULL,
	"docx_key" text NOT NULL,
	"variables" jsonb NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merge_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "merge_batches" ADD CONSTRAINT "merge_batches_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_batches" ADD CONSTRAINT "merge_batches_template_id_merge_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."merge_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_batches" ADD CONSTRAINT "merge_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_templates" ADD CONSTRAINT "merge_templates_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_templates" ADD CONSTRAINT "merge_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merge_batches_app_created_idx" ON "merge_batches" USING btree ("app_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "merge_batches_template_idx" ON "merge_batches" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "merge_templates_app_created_idx" ON "merge_templates" USING btree ("app_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE POLICY "merge_batches_tenant_isolation" ON "merge_batches" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "merge_templates_tenant_isolation" ON "merge_templates" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);