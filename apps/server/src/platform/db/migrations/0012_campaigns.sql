CREATE TABLE "campaign_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"document_type" text DEFAULT 'pdf' NOT NULL,
	"file_name" text NOT NULL,
	"check_box_texts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"page_count" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "campaign_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"created_by" uuid,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"preview" jsonb NOT NULL,
	"sheet_rows" integer NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"mapping" jsonb,
	"variables" jsonb,
	"ignore_first_line" boolean,
	"total_rows" integer,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"warnings" integer DEFAULT 0 NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"domain_check" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "campaign_signatories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"row_index" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"language" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"request_id" uuid,
	"signer_id" uuid,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_signatories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"owner_user_id" uuid,
	"type" text DEFAULT 'campain' NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"options" jsonb NOT NULL,
	"signatory_count" integer DEFAULT 0 NOT NULL,
	"n_draft" integer DEFAULT 0 NOT NULL,
	"n_queued" integer DEFAULT 0 NOT NULL,
	"n_sent" integer DEFAULT 0 NOT NULL,
	"n_opened" integer DEFAULT 0 NOT NULL,
	"n_signed" integer DEFAULT 0 NOT NULL,
	"n_refused" integer DEFAULT 0 NOT NULL,
	"n_expired" integer DEFAULT 0 NOT NULL,
	"n_canceled" integer DEFAULT 0 NOT NULL,
	"n_failed" integer DEFAULT 0 NOT NULL,
	"dispatched" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"dispatch_started_at" timestamp with time zone,
	"dispatch_finished_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"archive_key" text,
	"archive_generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "source" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_documents" ADD CONSTRAINT "campaign_documents_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_documents" ADD CONSTRAINT "campaign_documents_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_imports" ADD CONSTRAINT "campaign_imports_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_imports" ADD CONSTRAINT "campaign_imports_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_imports" ADD CONSTRAINT "campaign_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_signatories" ADD CONSTRAINT "campaign_signatories_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_signatories" ADD CONSTRAINT "campaign_signatories_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_documents_campaign_idx" ON "campaign_documents" USING btree ("app_id","campaign_id","position");--> statement-breakpoint
CREATE INDEX "campaign_documents_storage_key_idx" ON "campaign_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "campaign_imports_campaign_idx" ON "campaign_imports" USING btree ("app_id","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_signatories_campaign_email_unique" ON "campaign_signatories" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "campaign_signatories_campaign_status_idx" ON "campaign_signatories" USING btree ("campaign_id","status","row_index");--> statement-breakpoint
CREATE INDEX "campaign_signatories_campaign_row_idx" ON "campaign_signatories" USING btree ("campaign_id","row_index");--> statement-breakpoint
CREATE INDEX "campaign_signatories_request_idx" ON "campaign_signatories" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "campaign_signatories_app_sent_idx" ON "campaign_signatories" USING btree ("app_id","sent_at");--> statement-breakpoint
CREATE INDEX "campaigns_app_created_idx" ON "campaigns" USING btree ("app_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_app_status_idx" ON "campaigns" USING btree ("app_id","status");--> statement-breakpoint
CREATE INDEX "signature_requests_app_source_created_idx" ON "signature_requests" USING btree ("app_id","source","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "signature_requests_source_id_idx" ON "signature_requests" USING btree ("source_id");--> statement-breakpoint
CREATE POLICY "campaign_documents_tenant_isolation" ON "campaign_documents" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "campaign_imports_tenant_isolation" ON "campaign_imports" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "campaign_signatories_tenant_isolation" ON "campaign_signatories" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "campaigns_tenant_isolation" ON "campaigns" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);