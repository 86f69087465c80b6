-- Hand-written (docs/lists.md "Search"): the search-text triggers of migration 0016 find their rows by key.
-- 1. A request's signers were read by request id alone, which no index leads with (signers_app_request_idx is
--    (app_id, request_id)): each refresh scanned the signers of the tenant. The tenant is now named too.
-- 2. The statement trigger of signers' inserts and deletes matched `r.id IN (SELECT … FROM changed_signers)`: a
--    transition table has no statistics, and the join could be planned as a scan of the tenant's requests on every
--    create. The changed requests are now looked up by primary key (`= ANY` of the array of their ids).
CREATE OR REPLACE FUNCTION signature_request_search_text(app uuid, request uuid, label text, description text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', label, description,
    (SELECT string_agg(concat_ws(' ', s.firstname, s.lastname, s.email), ' ' ORDER BY s.signer_index)
       FROM signers s WHERE s.app_id = app AND s.request_id = request))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION signature_requests_fill_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.source = 'single' THEN
    NEW.search_text := signature_request_search_text(NEW.app_id, NEW.id, NEW.label, NEW.description);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION signers_refresh_request_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE signature_requests r SET search_text = signature_request_search_text(r.app_id, r.id, r.label, r.description)
  WHERE r.id = ANY (ARRAY(SELECT DISTINCT request_id FROM changed_signers)) AND r.source = 'single';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION signer_refresh_request_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE signature_requests r SET search_text = signature_request_search_text(r.app_id, r.id, r.label, r.description)
  WHERE r.id = NEW.request_id AND r.source = 'single';
  RETURN NULL;
END $$;--> statement-breakpoint
DROP FUNCTION signature_request_search_text(uuid, text, text);
