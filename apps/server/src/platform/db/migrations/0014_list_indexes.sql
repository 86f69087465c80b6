-- Hand-written: the trigram operator classes of the indexes below (docs/lists.md). pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database owner may create it without superuser rights. PGlite loads it (platform/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "campaign_signatories_lastname_trgm_idx" ON "campaign_signatories" USING gin ("lastname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaign_signatories_firstname_trgm_idx" ON "campaign_signatories" USING gin ("firstname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaign_signatories_email_trgm_idx" ON "campaign_signatories" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signature_requests_app_source_status_created_idx" ON "signature_requests" USING btree ("app_id","source","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "signature_requests_app_source_label_idx" ON "signature_requests" USING btree ("app_id","source","label","id");--> statement-breakpoint
CREATE INDEX "signature_requests_label_trgm_idx" ON "signature_requests" USING gin ("label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signature_requests_description_trgm_idx" ON "signature_requests" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signers_lastname_trgm_idx" ON "signers" USING gin ("lastname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signers_firstname_trgm_idx" ON "signers" USING gin ("firstname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signers_email_trgm_idx" ON "signers" USING gin ("email" gin_trgm_ops);