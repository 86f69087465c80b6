CREATE TABLE "custom_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"host" text NOT NULL,
	"purpose" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"cname_ok" boolean,
	"last_checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_app_purpose_idx" ON "custom_domains" USING btree ("app_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_verified_host_idx" ON "custom_domains" USING btree ("host") WHERE status = 'verified';--> statement-breakpoint
CREATE INDEX "custom_domains_host_idx" ON "custom_domains" USING btree ("host");--> statement-breakpoint
CREATE POLICY "custom_domains_tenant_isolation" ON "custom_domains" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);