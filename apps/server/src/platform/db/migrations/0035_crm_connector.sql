CREATE TABLE "crm_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"provider" text DEFAULT 'hubspot' NOT NULL,
	"portal_id" text NOT NULL,
	"hub_domain" text,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"connected_by" uuid,
	"connected_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "crm_oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_oauth_states" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "crm_write_backs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"signer_id" uuid NOT NULL,
	"idc" text NOT NULL,
	"outcome" text NOT NULL,
	"label" text NOT NULL,
	"signer_name" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"file_ids" jsonb,
	"note_id" text,
	"error" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_write_backs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_oauth_states" ADD CONSTRAINT "crm_oauth_states_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_oauth_states" ADD CONSTRAINT "crm_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_write_backs" ADD CONSTRAINT "crm_write_backs_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_connections_app_key" ON "crm_connections" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "crm_oauth_states_app_idx" ON "crm_oauth_states" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_write_backs_request_signer_key" ON "crm_write_backs" USING btree ("request_id","signer_id","outcome");--> statement-breakpoint
CREATE INDEX "crm_write_backs_failed_idx" ON "crm_write_backs" USING btree ("app_id","updated_at" DESC NULLS LAST) WHERE status = 'failed';--> statement-breakpoint
CREATE POLICY "crm_connections_tenant_isolation" ON "crm_connections" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "crm_oauth_states_tenant_isolation" ON "crm_oauth_states" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "crm_write_backs_tenant_isolation" ON "crm_write_backs" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);