CREATE TABLE "signature_sepa_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"signer_id" uuid NOT NULL,
	"document_id" uuid,
	"rum" text NOT NULL,
	"ics" text NOT NULL,
	"type" text NOT NULL,
	"debtor_name" text NOT NULL,
	"debtor_address" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_sepa_mandates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "signature_sepa_mandates" ADD CONSTRAINT "signature_sepa_mandates_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_sepa_mandates" ADD CONSTRAINT "signature_sepa_mandates_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_sepa_mandates" ADD CONSTRAINT "signature_sepa_mandates_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_sepa_mandates" ADD CONSTRAINT "signature_sepa_mandates_document_id_signature_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signature_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signature_sepa_mandates_creditor_rum_unique" ON "signature_sepa_mandates" USING btree ("app_id","ics","rum");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_sepa_mandates_request_unique" ON "signature_sepa_mandates" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "signature_sepa_mandates_app_signed_idx" ON "signature_sepa_mandates" USING btree ("app_id","signed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE POLICY "signature_sepa_mandates_tenant_isolation" ON "signature_sepa_mandates" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);