CREATE TABLE "activity_monthly" (
	"app_id" uuid NOT NULL,
	"month" date NOT NULL,
	"user_id" uuid,
	"source" text NOT NULL,
	"metric" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_monthly_key" UNIQUE NULLS NOT DISTINCT("app_id","month","user_id","source","metric")
);
--> statement-breakpoint
ALTER TABLE "activity_monthly" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "dashboard_backfills" (
	"name" text PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "activity_monthly" ADD CONSTRAINT "activity_monthly_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_monthly_month_metric_idx" ON "activity_monthly" USING btree ("month","metric","app_id");--> statement-breakpoint
CREATE POLICY "activity_monthly_tenant_isolation" ON "activity_monthly" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- ===== Hand-written (dashboards) =====
-- The activity figures only grow for the application role (the recorder upserts); the backfill list is the platform's.
REVOKE DELETE ON "activity_monthly" FROM "app_user";--> statement-breakpoint
REVOKE ALL ON "dashboard_backfills" FROM "app_user";--> statement-breakpoint
-- A database with requests before this migration: their stored events are counted once, at the next start
-- (domains/dashboards/backfill.ts, in the background; docs/dashboards.md).
INSERT INTO "dashboard_backfills" ("name") VALUES ('activity');
