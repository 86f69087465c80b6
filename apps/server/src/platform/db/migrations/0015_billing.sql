CREATE TABLE "billing_prices" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"unit_prices" jsonb NOT NULL,
	"discounts" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_prices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "billing_profiles" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"billing_email" text NOT NULL,
	"company_name" text NOT NULL,
	"registration_number" text NOT NULL,
	"department" text,
	"vat_number" text,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"payment_method" text NOT NULL,
	"iban" text,
	"bic" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_profiles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "consumption_monthly" (
	"app_id" uuid NOT NULL,
	"month" date NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"test_quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "consumption_monthly_key" UNIQUE NULLS NOT DISTINCT("app_id","month","user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "consumption_monthly" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "consumptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"billable" boolean NOT NULL,
	"test_mode" boolean NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"event_id" uuid NOT NULL,
	"request_id" uuid,
	"signer_id" uuid,
	"campaign_id" uuid,
	CONSTRAINT "consumptions_event_kind_unique" UNIQUE("event_id","kind")
);
--> statement-breakpoint
ALTER TABLE "consumptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "billing_prices" ADD CONSTRAINT "billing_prices_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_monthly" ADD CONSTRAINT "consumption_monthly_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumptions" ADD CONSTRAINT "consumptions_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consumptions_app_occurred_idx" ON "consumptions" USING btree ("app_id","occurred_at");--> statement-breakpoint
CREATE POLICY "billing_prices_tenant_isolation" ON "billing_prices" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "billing_profiles_tenant_isolation" ON "billing_profiles" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "consumption_monthly_tenant_isolation" ON "consumption_monthly" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "consumptions_tenant_isolation" ON "consumptions" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Hand-written: consumption rows are append-only for the application role (billing history is never rewritten).
REVOKE UPDATE, DELETE ON "consumptions" FROM "app_user";
