DROP INDEX "signature_requests_label_trgm_idx";--> statement-breakpoint
DROP INDEX "signature_requests_description_trgm_idx";--> statement-breakpoint
DROP INDEX "signers_lastname_trgm_idx";--> statement-breakpoint
DROP INDEX "signers_firstname_trgm_idx";--> statement-breakpoint
DROP INDEX "signers_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written (docs/lists.md "Search"): the single requests' search text is kept by the database itself, whatever
-- code path writes a request or its signers: label, description, then each signer's first name, last name, e-mail.
CREATE FUNCTION signature_request_search_text(request uuid, label text, description text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', label, description,
    (SELECT string_agg(concat_ws(' ', s.firstname, s.lastname, s.email), ' ' ORDER BY s.signer_index) FROM signers s WHERE s.request_id = request))
$$;--> statement-breakpoint
CREATE FUNCTION signature_requests_fill_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.source = 'single' THEN
    NEW.search_text := signature_request_search_text(NEW.id, NEW.label, NEW.description);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER signature_requests_search_text BEFORE INSERT OR UPDATE OF label, description ON signature_requests
  FOR EACH ROW EXECUTE FUNCTION signature_requests_fill_search_text();--> statement-breakpoint
-- Signers are inserted and deleted in sets (a request's signers, a campaign chunk's copies): one statement-level
-- update per set, and only of single requests (campaign copies are searched from their campaign).
CREATE FUNCTION signers_refresh_request_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE signature_requests r SET search_text = signature_request_search_text(r.id, r.label, r.description)
  WHERE r.id IN (SELECT DISTINCT request_id FROM changed_signers) AND r.source = 'single';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER signers_search_text_insert AFTER INSERT ON signers REFERENCING NEW TABLE AS changed_signers
  FOR EACH STATEMENT EXECUTE FUNCTION signers_refresh_request_search_text();--> statement-breakpoint
CREATE TRIGGER signers_search_text_delete AFTER DELETE ON signers REFERENCING OLD TABLE AS changed_signers
  FOR EACH STATEMENT EXECUTE FUNCTION signers_refresh_request_search_text();--> statement-breakpoint
-- Updates of signers are frequent (status, reminders) and rarely touch a name: a row trigger only when one changes.
CREATE FUNCTION signer_refresh_request_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE signature_requests r SET search_text = signature_request_search_text(r.id, r.label, r.description)
  WHERE r.id = NEW.request_id AND r.source = 'single';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER signers_search_text_update AFTER UPDATE ON signers FOR EACH ROW
  WHEN (OLD.firstname IS DISTINCT FROM NEW.firstname OR OLD.lastname IS DISTINCT FROM NEW.lastname OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION signer_refresh_request_search_text();--> statement-breakpoint
UPDATE signature_requests SET search_text = signature_request_search_text(id, label, description) WHERE source = 'single';--> statement-breakpoint
-- The index is built after the backfill (one pass instead of one update per entry), then the planner's statistics
-- are refreshed (every row was rewritten; the lists' plans depend on them).
CREATE INDEX "signature_requests_search_trgm_idx" ON "signature_requests" USING gin ("search_text" gin_trgm_ops) WHERE source = 'single';--> statement-breakpoint
ANALYZE signature_requests;
