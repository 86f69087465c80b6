CREATE TABLE "outbox_tallies" (
	"app_id" uuid NOT NULL,
	"tally" text NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_tallies_app_id_tally_pk" PRIMARY KEY("app_id","tally")
);
--> statement-breakpoint
ALTER TABLE "outbox_tallies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "tally" text;--> statement-breakpoint
CREATE INDEX "outbox_waiting_idx" ON "outbox_messages" USING btree ("channel","created_at") WHERE status in ('queued', 'retrying');--> statement-breakpoint
CREATE POLICY "outbox_tallies_tenant_isolation" ON "outbox_tallies" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Delivery figures per group (outbox_messages.tally), kept in the same statement as each message's insert and status
-- change, whoever makes it (the delivery job, a re-queuing, the GDPR redaction, the repair of abandoned messages):
-- a view reads one row per campaign instead of counting its messages. Statement triggers with transition tables: a
-- batch of 1,000 invitations or of 50 `sent` records is one upsert per group, not one per message.
CREATE FUNCTION outbox_delivery_bucket(status text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE WHEN status IN ('sent', 'captured') THEN 'delivered' WHEN status = 'failed' THEN 'failed' ELSE 'waiting' END
$$;--> statement-breakpoint
CREATE FUNCTION outbox_tallies_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO outbox_tallies AS t (app_id, tally, delivered, waiting, failed)
    SELECT app_id, tally,
      count(*) FILTER (WHERE outbox_delivery_bucket(status) = 'delivered'),
      count(*) FILTER (WHERE outbox_delivery_bucket(status) = 'waiting'),
      count(*) FILTER (WHERE outbox_delivery_bucket(status) = 'failed')
    FROM changed_new WHERE tally IS NOT NULL AND app_id IS NOT NULL
    GROUP BY app_id, tally
    ON CONFLICT (app_id, tally) DO UPDATE SET delivered = t.delivered + excluded.delivered, waiting = t.waiting + excluded.waiting,
      failed = t.failed + excluded.failed, updated_at = now();
  ELSE
    INSERT INTO outbox_tallies AS t (app_id, tally, delivered, waiting, failed)
    SELECT app_id, tally, delivered, waiting, failed FROM (
      SELECT app_id, tally,
        coalesce(sum(d) FILTER (WHERE b = 'delivered'), 0) AS delivered,
        coalesce(sum(d) FILTER (WHERE b = 'waiting'), 0) AS waiting,
        coalesce(sum(d) FILTER (WHERE b = 'failed'), 0) AS failed
      FROM (
        SELECT app_id, tally, outbox_delivery_bucket(status) AS b, 1 AS d FROM changed_new WHERE tally IS NOT NULL AND app_id IS NOT NULL
        UNION ALL
        SELECT app_id, tally, outbox_delivery_bucket(status), -1 FROM changed_old WHERE tally IS NOT NULL AND app_id IS NOT NULL
      ) moves
      GROUP BY app_id, tally
    ) delta
    WHERE delivered <> 0 OR waiting <> 0 OR failed <> 0
    ON CONFLICT (app_id, tally) DO UPDATE SET delivered = t.delivered + excluded.delivered, waiting = t.waiting + excluded.waiting,
      failed = t.failed + excluded.failed, updated_at = now();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER outbox_tallies_insert AFTER INSERT ON outbox_messages REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_tallies_count();--> statement-breakpoint
CREATE TRIGGER outbox_tallies_update AFTER UPDATE ON outbox_messages REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_tallies_count();
