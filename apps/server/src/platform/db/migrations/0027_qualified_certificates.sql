CREATE TABLE "qualified_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile" text NOT NULL,
	"provider" text NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"identity_verified_at" timestamp with time zone,
	"renews_id" uuid,
	"submitted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"activated_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"refusal_reason" text,
	"expired_at" timestamp with time zone,
	"end_reason" text,
	"renewal_notified_at" timestamp with time zone,
	"certificate" text,
	"chain" jsonb,
	"serial_number" text,
	"issuer" text,
	"not_after" timestamp with time zone,
	"credential_id" text,
	"key_salt" text,
	"sealed_key" jsonb,
	"signatures_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qualified_certificates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "qualified_certificates" ADD CONSTRAINT "qualified_certificates_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualified_certificates" ADD CONSTRAINT "qualified_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qualified_certificates_app_user_idx" ON "qualified_certificates" USING btree ("app_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "qualified_certificates_status_idx" ON "qualified_certificates" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "qualified_certificates_email_idx" ON "qualified_certificates" USING btree ("app_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "qualified_certificates_one_pending_idx" ON "qualified_certificates" USING btree ("user_id") WHERE "qualified_certificates"."status" in ('open', 'verified');--> statement-breakpoint
CREATE POLICY "qualified_certificates_tenant_isolation" ON "qualified_certificates" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);