CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"signer_id" uuid,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "signature_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"signer_id" uuid,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "signer_codes" (
	"signer_id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone,
	"sends_in_window" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signer_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "attestation_key" text;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_signature_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signature_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_events" ADD CONSTRAINT "signature_events_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_events" ADD CONSTRAINT "signature_events_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_codes" ADD CONSTRAINT "signer_codes_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_codes" ADD CONSTRAINT "signer_codes_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_document_version_unique" ON "document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "document_versions_app_idx" ON "document_versions" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_events_request_seq_unique" ON "signature_events" USING btree ("request_id","seq");--> statement-breakpoint
CREATE INDEX "signature_events_app_request_idx" ON "signature_events" USING btree ("app_id","request_id");--> statement-breakpoint
CREATE POLICY "document_versions_tenant_isolation" ON "document_versions" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "signature_events_tenant_isolation" ON "signature_events" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "signer_codes_tenant_isolation" ON "signer_codes" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- The evidence trail is append-only for the application role (issue 5): rows go away only with their request.
REVOKE UPDATE, DELETE ON "signature_events" FROM "app_user";
