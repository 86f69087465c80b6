CREATE TABLE "tenant_seals" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"origin" text DEFAULT 'platform' NOT NULL,
	"company" text NOT NULL,
	"sealed" jsonb NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_seals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenant_seals" ADD CONSTRAINT "tenant_seals_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_seals_tenant_isolation" ON "tenant_seals" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);