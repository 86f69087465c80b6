-- Hand-written: btree_gin gives plain columns (the tenant, the campaign or operation, the status) a GIN operator class,
-- so one GIN index serves the search and the status filter together (docs/lists.md, issue 28). Like pg_trgm it is a
-- trusted extension (PostgreSQL 13+): the database owner creates it; PGlite loads its contrib build (platform/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "campaign_signatories_lastname_trgm_idx";--> statement-breakpoint
DROP INDEX "campaign_signatories_firstname_trgm_idx";--> statement-breakpoint
DROP INDEX "campaign_signatories_email_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_app_lastname_idx";--> statement-breakpoint
DROP INDEX "operation_orders_search_trgm_idx";--> statement-breakpoint
DROP INDEX "signature_requests_app_source_created_idx";--> statement-breakpoint
DROP INDEX "signature_requests_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lastname_key" text GENERATED ALWAYS AS (lower("lastname")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_signatories_lastname_status_trgm_idx" ON "campaign_signatories" USING gin ("campaign_id","status","lastname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaign_signatories_firstname_status_trgm_idx" ON "campaign_signatories" USING gin ("campaign_id","status","firstname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaign_signatories_email_status_trgm_idx" ON "campaign_signatories" USING gin ("campaign_id","status","email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_app_lastname_key_idx" ON "contacts" USING btree ("app_id","lastname_key","id");--> statement-breakpoint
CREATE INDEX "operation_orders_search_status_trgm_idx" ON "operation_orders" USING gin ("operation_id","status","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signature_requests_app_source_created_id_idx" ON "signature_requests" USING btree ("app_id","source","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "signature_requests_search_status_trgm_idx" ON "signature_requests" USING gin ("app_id","status","search_text" gin_trgm_ops) WHERE source = 'single';