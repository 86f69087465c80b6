-- What the delivery counters of migration 0040 cost, and what a view reads (issue 24 item 9). On a scratch database:
--   createdb -h 127.0.0.1 -U postgres paraphe_bench_tallies
--   psql -h 127.0.0.1 -U postgres -d paraphe_bench_tallies -f apps/server/bench/invitation-tallies.sql
--   dropdb -h 127.0.0.1 -U postgres paraphe_bench_tallies
-- A campaign of 100,000 invitations queued in batches of 1,000 (as queueBatch does), then 20,000 of them recorded
-- `sent` 50 per statement and transaction (as recordSent does), with the triggers and without them; then EXPLAIN of
-- the view's read, of the count it replaces, and of /healthz's oldest-waiting read.
\timing on
CREATE TABLE outbox_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(), app_id uuid, channel text NOT NULL, recipient text NOT NULL,
  subject text, text text NOT NULL, html text, template text NOT NULL, attachments jsonb NOT NULL DEFAULT '[]',
  language text NOT NULL, status text NOT NULL DEFAULT 'queued', error text, attempts jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz, about text, tally text);
CREATE INDEX outbox_status_created_idx ON outbox_messages (status, created_at DESC NULLS FIRST, id DESC NULLS FIRST);
CREATE INDEX outbox_waiting_idx ON outbox_messages (channel, created_at) WHERE status in ('queued', 'retrying');
CREATE TABLE outbox_tallies (app_id uuid NOT NULL, tally text NOT NULL, delivered integer NOT NULL DEFAULT 0,
  waiting integer NOT NULL DEFAULT 0, failed integer NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, tally));
CREATE FUNCTION outbox_delivery_bucket(status text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE WHEN status IN ('sent', 'captured') THEN 'delivered' WHEN status = 'failed' THEN 'failed' ELSE 'waiting' END
$$;
CREATE FUNCTION outbox_tallies_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO outbox_tallies AS t (app_id, tally, delivered, waiting, failed)
    SELECT app_id, tally, count(*) FILTER (WHERE outbox_delivery_bucket(status) = 'delivered'),
      count(*) FILTER (WHERE outbox_delivery_bucket(status) = 'waiting'), count(*) FILTER (WHERE outbox_delivery_bucket(status) = 'failed')
    FROM changed_new WHERE tally IS NOT NULL AND app_id IS NOT NULL GROUP BY app_id, tally
    ON CONFLICT (app_id, tally) DO UPDATE SET delivered = t.delivered + excluded.delivered, waiting = t.waiting + excluded.waiting,
      failed = t.failed + excluded.failed, updated_at = now();
  ELSE
    INSERT INTO outbox_tallies AS t (app_id, tally, delivered, waiting, failed)
    SELECT app_id, tally, delivered, waiting, failed FROM (
      SELECT app_id, tally, coalesce(sum(d) FILTER (WHERE b = 'delivered'), 0) AS delivered,
        coalesce(sum(d) FILTER (WHERE b = 'waiting'), 0) AS waiting, coalesce(sum(d) FILTER (WHERE b = 'failed'), 0) AS failed
      FROM (SELECT app_id, tally, outbox_delivery_bucket(status) AS b, 1 AS d FROM changed_new WHERE tally IS NOT NULL AND app_id IS NOT NULL
            UNION ALL SELECT app_id, tally, outbox_delivery_bucket(status), -1 FROM changed_old WHERE tally IS NOT NULL AND app_id IS NOT NULL) moves
      GROUP BY app_id, tally) delta
    WHERE delivered <> 0 OR waiting <> 0 OR failed <> 0
    ON CONFLICT (app_id, tally) DO UPDATE SET delivered = t.delivered + excluded.delivered, waiting = t.waiting + excluded.waiting,
      failed = t.failed + excluded.failed, updated_at = now();
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER outbox_tallies_insert AFTER INSERT ON outbox_messages REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_tallies_count();
CREATE TRIGGER outbox_tallies_update AFTER UPDATE ON outbox_messages REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_tallies_count();

CREATE PROCEDURE queue_campaign(campaign text) LANGUAGE plpgsql AS $$
BEGIN
  FOR batch IN 0..99 LOOP
    INSERT INTO outbox_messages (app_id, channel, recipient, subject, text, html, template, language, about, tally)
    SELECT '00000000-0000-0000-0000-000000000001', 'email', 'signer' || (batch * 1000 + i) || '@example.com', 'Please sign',
      repeat('Invitation text. ', 40), repeat('<p>Invitation html.</p>', 40), 'signature-invitation', 'en', 'signer:' || gen_random_uuid(), campaign
    FROM generate_series(1, 1000) i;
  END LOOP;
END $$;
-- 20,000 of them recorded `sent`, 50 per statement, each statement its own transaction (as recordSent runs).
CREATE PROCEDURE send_campaign(campaign text) LANGUAGE plpgsql AS $$
BEGIN
  FOR round IN 1..400 LOOP
    UPDATE outbox_messages m SET status = 'sent', sent_at = now(), attempts = m.attempts || '[{"at":"x"}]'
    WHERE m.id IN (SELECT id FROM outbox_messages WHERE tally = campaign AND status = 'queued' LIMIT 50);
    COMMIT;
  END LOOP;
END $$;
CREATE INDEX bench_tally_status_idx ON outbox_messages (tally, status);

\echo '--- with the triggers: queue 100,000 (100 x 1,000), then record 20,000 sent, 50 per statement'
CALL queue_campaign('invitations:campaign:with');
ANALYZE outbox_messages;
CALL send_campaign('invitations:campaign:with');
\echo '--- without the triggers'
ALTER TABLE outbox_messages DISABLE TRIGGER outbox_tallies_insert;
ALTER TABLE outbox_messages DISABLE TRIGGER outbox_tallies_update;
CALL queue_campaign('invitations:campaign:without');
ANALYZE outbox_messages;
CALL send_campaign('invitations:campaign:without');
ALTER TABLE outbox_messages ENABLE TRIGGER outbox_tallies_insert;
ALTER TABLE outbox_messages ENABLE TRIGGER outbox_tallies_update;
ANALYZE outbox_messages;
ANALYZE outbox_tallies;
\echo '--- the counters agree with a count'
SELECT * FROM outbox_tallies;
SELECT status, count(*) FROM outbox_messages WHERE tally = 'invitations:campaign:with' GROUP BY status;
\echo '--- what a view reads (figuresOf)'
EXPLAIN (ANALYZE, BUFFERS) SELECT tally, delivered, waiting, failed FROM outbox_tallies WHERE tally IN ('invitations:campaign:with');
\echo '--- what the count would cost instead'
EXPLAIN (ANALYZE, BUFFERS) SELECT status, count(*) FROM outbox_messages WHERE tally = 'invitations:campaign:with' GROUP BY status;
\echo '--- /healthz oldest waiting (oldestWaiting), 200,000 rows'
EXPLAIN (ANALYZE, BUFFERS) select (select min(created_at) from outbox_messages where status in ('queued', 'retrying') and channel = 'email') as email,
  (select min(created_at) from outbox_messages where status in ('queued', 'retrying') and channel = 'sms') as sms;
