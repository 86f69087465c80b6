ALTER TABLE "signature_fields" ADD COLUMN "width" double precision;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD COLUMN "height" double precision;