ALTER TABLE "campaigns" ADD COLUMN "documents_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "signer_data_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "documents_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "signer_data_purged_at" timestamp with time zone;