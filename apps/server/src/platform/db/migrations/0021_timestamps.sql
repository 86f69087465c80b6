CREATE TABLE "file_timestamps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"kind" text NOT NULL,
	"output_key" text NOT NULL,
	"receipt_key" text,
	"timestamped_at" timestamp with time zone NOT NULL,
	"tsa_name" text NOT NULL,
	"serial" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_timestamps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "file_timestamps" ADD CONSTRAINT "file_timestamps_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_timestamps" ADD CONSTRAINT "file_timestamps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_timestamps_app_created_idx" ON "file_timestamps" USING btree ("app_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "file_timestamps_tenant_isolation" ON "file_timestamps" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- ===== Hand-written (timestamps; keep at the end; the lead renumbers at merge time) =====
-- A time-stamp record is a fact: the application role may add and read rows, never rewrite them.
REVOKE UPDATE ON "file_timestamps" FROM app_user;
