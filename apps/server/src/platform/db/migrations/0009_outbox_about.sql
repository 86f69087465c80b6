ALTER TABLE "outbox_messages" ADD COLUMN "about" text;--> statement-breakpoint
CREATE INDEX "outbox_about_idx" ON "outbox_messages" USING btree ("about");