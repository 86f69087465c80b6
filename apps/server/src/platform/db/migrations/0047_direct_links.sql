CREATE TABLE "request_template_link_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"language" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone NOT NULL,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"request_id" uuid
);
--> statement-breakpoint
ALTER TABLE "request_template_link_claims" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "request_template_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_at" timestamp with time zone,
	"published_by" uuid,
	"max_uses" integer,
	"use_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"per_ip_per_hour" integer DEFAULT 10 NOT NULL,
	"per_address_per_day" integer DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_template_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "request_template_link_claims" ADD CONSTRAINT "request_template_link_claims_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_template_link_claims" ADD CONSTRAINT "request_template_link_claims_link_id_request_template_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."request_template_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_template_link_claims" ADD CONSTRAINT "request_template_link_claims_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_template_links" ADD CONSTRAINT "request_template_links_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_template_links" ADD CONSTRAINT "request_template_links_template_id_request_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."request_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_template_links" ADD CONSTRAINT "request_template_links_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_template_link_claims_ip_idx" ON "request_template_link_claims" USING btree ("link_id","ip","created_at");--> statement-breakpoint
CREATE INDEX "request_template_link_claims_email_idx" ON "request_template_link_claims" USING btree ("link_id","email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "request_template_links_template_idx" ON "request_template_links" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_template_links_slug_idx" ON "request_template_links" USING btree ("slug");--> statement-breakpoint
CREATE POLICY "request_template_link_claims_tenant_isolation" ON "request_template_link_claims" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "request_template_links_tenant_isolation" ON "request_template_links" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);