CREATE TABLE "stamp_certificates" (
	"certificate_sha256" text NOT NULL,
	"app_id" uuid NOT NULL,
	"source" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_certificates_certificate_sha256_app_id_pk" PRIMARY KEY("certificate_sha256","app_id")
);
--> statement-breakpoint
ALTER TABLE "stamp_certificates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stamp_certificates" ADD CONSTRAINT "stamp_certificates_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stamp_certificates_app_idx" ON "stamp_certificates" USING btree ("app_id");--> statement-breakpoint
CREATE POLICY "stamp_certificates_tenant_isolation" ON "stamp_certificates" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- ==== hand-written (stamps: who holds which certificate, issue 24 item 4) ====
-- Every certificate a stamp account holds today (the oldest account's date when a tenant imported it twice).
INSERT INTO "stamp_certificates" ("certificate_sha256", "app_id", "source", "subject", "issuer", "created_at")
SELECT DISTINCT ON ("certificate_sha256", "app_id") "certificate_sha256", "app_id", "source", "subject", "issuer", "created_at"
FROM "stamp_accounts" ORDER BY "certificate_sha256", "app_id", "created_at"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Append-only for the application role: the record outlives the account; the tenant's deletion cascades as the owner.
REVOKE UPDATE, DELETE ON "stamp_certificates" FROM "app_user";
