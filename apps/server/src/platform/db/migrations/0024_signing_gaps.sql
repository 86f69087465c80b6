ALTER TABLE "signature_requests" ADD COLUMN "completion_failure" text;
