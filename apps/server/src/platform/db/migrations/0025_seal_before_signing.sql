ALTER TABLE "stamp_accounts" ADD COLUMN "certificate_sha256" text;--> statement-breakpoint
-- Accounts made before this migration: the fingerprint of the certificate their sealed identity holds (base64 DER).
UPDATE "stamp_accounts" SET "certificate_sha256" = encode(sha256(decode("sealed"->>'certificate', 'base64')), 'hex');--> statement-breakpoint
ALTER TABLE "stamp_accounts" ALTER COLUMN "certificate_sha256" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "stamp_accounts_certificate_idx" ON "stamp_accounts" USING btree ("certificate_sha256");
