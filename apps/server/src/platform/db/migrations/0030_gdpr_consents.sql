CREATE TABLE "consent_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"accepted" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_acceptances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "legal_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gdpr_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"email" text,
	"subject_hint" text NOT NULL,
	"requested_by" uuid,
	"counts" jsonb,
	"storage_key" text,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gdpr_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "gdpr_settings" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"finished_documents_months" integer NOT NULL,
	"signer_data_months" integer NOT NULL,
	"stale_contacts_months" integer NOT NULL,
	"evidence_months" integer NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" uuid,
	"last_purge_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gdpr_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "documents_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "signer_data_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "evidence_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_acceptances" ADD CONSTRAINT "consent_acceptances_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_acceptances" ADD CONSTRAINT "consent_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_texts" ADD CONSTRAINT "legal_texts_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_requests" ADD CONSTRAINT "gdpr_requests_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_requests" ADD CONSTRAINT "gdpr_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_settings" ADD CONSTRAINT "gdpr_settings_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_settings" ADD CONSTRAINT "gdpr_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_acceptances_app_idx" ON "consent_acceptances" USING btree ("app_id","at");--> statement-breakpoint
CREATE INDEX "consent_acceptances_user_kind_idx" ON "consent_acceptances" USING btree ("user_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_texts_kind_version_unique" ON "legal_texts" USING btree ("kind","version");--> statement-breakpoint
CREATE INDEX "gdpr_requests_app_created_idx" ON "gdpr_requests" USING btree ("app_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "gdpr_requests_token_hash_unique" ON "gdpr_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signature_requests_app_finished_idx" ON "signature_requests" USING btree ("app_id",coalesce("completed_at", "canceled_at", "updated_at")) WHERE status in ('completed', 'refused', 'canceled', 'expired');--> statement-breakpoint
CREATE INDEX "signers_app_email_idx" ON "signers" USING btree ("app_id",lower("email"));--> statement-breakpoint
CREATE POLICY "consent_acceptances_tenant_isolation" ON "consent_acceptances" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "gdpr_requests_tenant_isolation" ON "gdpr_requests" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "gdpr_settings_tenant_isolation" ON "gdpr_settings" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Hand-written (docs/gdpr.md): what a person accepted, and the versions of the texts, are records: never changed
-- nor removed by the application (a new version is a new row).
REVOKE UPDATE, DELETE ON "consent_acceptances", "legal_texts" FROM "app_user";
