DROP INDEX "signers_request_index_unique";--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "delegated_to_signer_id" uuid;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "delegation_reason" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "delegated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "delegation_ip" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "delegated_from_signer_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "signers_request_index_unique" ON "signers" USING btree ("request_id","signer_index") WHERE status <> 'delegated';