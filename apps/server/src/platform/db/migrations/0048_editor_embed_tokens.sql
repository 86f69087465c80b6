CREATE TABLE "editor_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"api_key_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "editor_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "editor_links" ADD CONSTRAINT "editor_links_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editor_links" ADD CONSTRAINT "editor_links_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editor_links" ADD CONSTRAINT "editor_links_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "editor_links_token_hash_unique" ON "editor_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "editor_links_app_idx" ON "editor_links" USING btree ("app_id","expires_at");--> statement-breakpoint
CREATE POLICY "editor_links_tenant_isolation" ON "editor_links" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);