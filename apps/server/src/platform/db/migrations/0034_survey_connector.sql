CREATE TABLE "survey_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"token_sealed" text NOT NULL,
	"account_name" text,
	"account_email" text,
	"form_id" text,
	"form_title" text,
	"form_url" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"connected_by" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_connections_app_key" UNIQUE("app_id")
);
--> statement-breakpoint
ALTER TABLE "survey_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "survey_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"signer_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_invitations_request_signer_key" UNIQUE("request_id","signer_id")
);
--> statement-breakpoint
ALTER TABLE "survey_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "survey_connections" ADD CONSTRAINT "survey_connections_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_connections" ADD CONSTRAINT "survey_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "survey_connections_tenant_isolation" ON "survey_connections" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "survey_invitations_tenant_isolation" ON "survey_invitations" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);