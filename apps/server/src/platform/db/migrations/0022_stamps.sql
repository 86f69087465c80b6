CREATE TABLE "stamp_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"label" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"sealed" jsonb NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stamp_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "stamps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"created_by" uuid,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"account_id" uuid,
	"seals" jsonb NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stamps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stamp_accounts" ADD CONSTRAINT "stamp_accounts_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_accounts" ADD CONSTRAINT "stamp_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_account_id_stamp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."stamp_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stamp_accounts_app_idx" ON "stamp_accounts" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_accounts_one_default_idx" ON "stamp_accounts" USING btree ("app_id") WHERE "stamp_accounts"."is_default";--> statement-breakpoint
CREATE INDEX "stamps_app_created_idx" ON "stamps" USING btree ("app_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "stamp_accounts_tenant_isolation" ON "stamp_accounts" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "stamps_tenant_isolation" ON "stamps" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- ==== hand-written (stamps) ====
-- The history of sealed files is append-only for the application role (a deleted account only nulls account_id,
-- through the foreign key, which runs as the table owner).
REVOKE UPDATE, DELETE ON "stamps" FROM "app_user";
