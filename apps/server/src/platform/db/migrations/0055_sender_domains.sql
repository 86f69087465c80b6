CREATE TABLE "sender_domains" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"address" text NOT NULL,
	"display_name" text,
	"selector" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"public_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"dkim_state" text,
	"spf_state" text,
	"dmarc_state" text,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"verified_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sender_domains" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sender_domains" ADD CONSTRAINT "sender_domains_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_domains" ADD CONSTRAINT "sender_domains_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sender_domains_domain_idx" ON "sender_domains" USING btree ("domain");--> statement-breakpoint
CREATE POLICY "sender_domains_tenant_isolation" ON "sender_domains" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);