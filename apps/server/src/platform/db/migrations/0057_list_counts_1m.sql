CREATE TABLE "operation_document_usage" (
	"app_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"document_name" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "operation_document_usage_operation_id_document_name_pk" PRIMARY KEY("operation_id","document_name")
);
--> statement-breakpoint
ALTER TABLE "operation_document_usage" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "campaign_signatories_lastname_status_trgm_idx";--> statement-breakpoint
DROP INDEX "campaign_signatories_firstname_status_trgm_idx";--> statement-breakpoint
DROP INDEX "campaign_signatories_email_status_trgm_idx";--> statement-breakpoint
ALTER TABLE "campaign_signatories" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("firstname" || ' ' || "lastname" || ' ' || "email")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "operation_document_usage" ADD CONSTRAINT "operation_document_usage_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_document_usage" ADD CONSTRAINT "operation_document_usage_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_app_kind_documents_idx" ON "sales" USING btree ("app_id","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "sales"."kind" <> 'delivery_note';--> statement-breakpoint
CREATE INDEX "sales_app_kind_status_documents_idx" ON "sales" USING btree ("app_id","kind","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "sales"."kind" <> 'delivery_note';--> statement-breakpoint
CREATE INDEX "sales_app_status_documents_idx" ON "sales" USING btree ("app_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "sales"."kind" <> 'delivery_note';--> statement-breakpoint
CREATE INDEX "sales_status_documents_idx" ON "sales" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "sales"."kind" <> 'delivery_note';--> statement-breakpoint
CREATE INDEX "campaign_signatories_search_status_trgm_idx" ON "campaign_signatories" USING gin ("campaign_id","status","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "operation_document_usage_tenant_isolation" ON "operation_document_usage" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Hand-written (docs/lists.md "Signatories, orders and invoices at 1,000,000"): the orders per file name, kept by the database with the orders
-- (statement triggers: one grouped upsert per statement of 1,000 imported orders, not one per row). The update
-- trigger is per row and only on a change of the name (a column list allows no transition table): the app never
-- renames an order's file, status updates during a dispatch do not fire it.
CREATE FUNCTION operation_document_usage_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO operation_document_usage AS u (app_id, operation_id, document_name, orders)
  SELECT app_id, operation_id, document_name, count(*) FROM added_orders GROUP BY 1, 2, 3 ORDER BY 2, 3
  ON CONFLICT (operation_id, document_name) DO UPDATE SET orders = u.orders + excluded.orders;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION operation_document_usage_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE operation_document_usage u SET orders = u.orders - r.n
  FROM (SELECT operation_id, document_name, count(*) AS n FROM removed_orders GROUP BY 1, 2) r
  WHERE u.operation_id = r.operation_id AND u.document_name = r.document_name;
  DELETE FROM operation_document_usage u
  WHERE u.operation_id = ANY (ARRAY(SELECT DISTINCT operation_id FROM removed_orders)) AND u.orders <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION operation_document_usage_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE operation_document_usage SET orders = orders - 1 WHERE operation_id = OLD.operation_id AND document_name = OLD.document_name;
  DELETE FROM operation_document_usage WHERE operation_id = OLD.operation_id AND document_name = OLD.document_name AND orders <= 0;
  INSERT INTO operation_document_usage AS u (app_id, operation_id, document_name, orders)
  VALUES (NEW.app_id, NEW.operation_id, NEW.document_name, 1)
  ON CONFLICT (operation_id, document_name) DO UPDATE SET orders = u.orders + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER operation_orders_usage_insert AFTER INSERT ON operation_orders
  REFERENCING NEW TABLE AS added_orders FOR EACH STATEMENT EXECUTE FUNCTION operation_document_usage_added();--> statement-breakpoint
CREATE TRIGGER operation_orders_usage_delete AFTER DELETE ON operation_orders
  REFERENCING OLD TABLE AS removed_orders FOR EACH STATEMENT EXECUTE FUNCTION operation_document_usage_removed();--> statement-breakpoint
CREATE TRIGGER operation_orders_usage_rename AFTER UPDATE OF document_name ON operation_orders
  FOR EACH ROW WHEN (OLD.document_name IS DISTINCT FROM NEW.document_name) EXECUTE FUNCTION operation_document_usage_renamed();--> statement-breakpoint
-- The existing orders counted once (a grouping of every operation's orders: seconds at a few million orders).
INSERT INTO operation_document_usage (app_id, operation_id, document_name, orders)
SELECT app_id, operation_id, document_name, count(*) FROM operation_orders GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The signatories' new search text has no statistics until the next automatic analyze: without them a broad search
-- was planned as a selective one (320 rows estimated for 71,432).
ANALYZE campaign_signatories;
