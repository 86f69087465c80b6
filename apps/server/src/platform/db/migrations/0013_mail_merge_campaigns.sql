ALTER TABLE "campaign_signatories" ADD COLUMN "merge_storage_key" text;--> statement-breakpoint
ALTER TABLE "campaign_signatories" ADD COLUMN "merge_sha256" text;--> statement-breakpoint
ALTER TABLE "campaign_signatories" ADD COLUMN "merge_page_count" integer;--> statement-breakpoint
ALTER TABLE "campaign_signatories" ADD COLUMN "merge_size_bytes" integer;--> statement-breakpoint
ALTER TABLE "campaign_signatories" ADD COLUMN "merge_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "merge_document" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "data_keys" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_signatories_merge_key_idx" ON "campaign_signatories" USING btree ("merge_storage_key");