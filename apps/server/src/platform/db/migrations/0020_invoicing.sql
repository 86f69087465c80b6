CREATE TABLE "billing_accounts" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"issuing_company_id" uuid NOT NULL,
	"auto_payment" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"issuing_company_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_issuing_company_id_year_pk" PRIMARY KEY("issuing_company_id","year")
);
--> statement-breakpoint
CREATE TABLE "issuing_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"legal_form" text NOT NULL,
	"share_capital" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"siren" text NOT NULL,
	"rcs_city" text NOT NULL,
	"vat_number" text NOT NULL,
	"iban" text,
	"bic" text,
	"invoice_prefix" text NOT NULL,
	"late_penalty_text" text NOT NULL,
	"payment_terms_days" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"number" text,
	"issuing_company_id" uuid NOT NULL,
	"note_id" uuid,
	"invoice_id" uuid,
	"refund_id" uuid,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"lines" jsonb NOT NULL,
	"discounts" jsonb NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_regime" text,
	"vat_rate_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"buyer" jsonb NOT NULL,
	"seller" jsonb,
	"language" text NOT NULL,
	"auto_payment" boolean DEFAULT false NOT NULL,
	"issued_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"pdf_key" text,
	"pdf_sha256" text,
	"paid_at" timestamp with time zone,
	"disputed" boolean DEFAULT false NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_issuing_company_id_issuing_companies_id_fk" FOREIGN KEY ("issuing_company_id") REFERENCES "public"."issuing_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_issuing_company_id_issuing_companies_id_fk" FOREIGN KEY ("issuing_company_id") REFERENCES "public"."issuing_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_issuing_company_id_issuing_companies_id_fk" FOREIGN KEY ("issuing_company_id") REFERENCES "public"."issuing_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issuing_companies_one_default" ON "issuing_companies" USING btree ("is_default") WHERE "issuing_companies"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "issuing_companies_prefix_unique" ON "issuing_companies" USING btree ("invoice_prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_note_start_unique" ON "sales" USING btree ("app_id","period_start") WHERE "sales"."kind" = 'delivery_note';--> statement-breakpoint
CREATE UNIQUE INDEX "sales_note_invoiced_once" ON "sales" USING btree ("note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_refund_once" ON "sales" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_number_unique" ON "sales" USING btree ("issuing_company_id","number");--> statement-breakpoint
CREATE INDEX "sales_app_documents_idx" ON "sales" USING btree ("app_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "sales"."kind" <> 'delivery_note';--> statement-breakpoint
CREATE INDEX "sales_documents_idx" ON "sales" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "sales"."kind" <> 'delivery_note';--> statement-breakpoint
CREATE INDEX "sales_pending_notes_idx" ON "sales" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "sales"."kind" = 'delivery_note' and "sales"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sales_number_idx" ON "sales" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sales_issued_idx" ON "sales" USING btree ("issuing_company_id","issued_at");--> statement-breakpoint
CREATE INDEX "sales_invoice_idx" ON "sales" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "sales_pdf_key_idx" ON "sales" USING btree ("pdf_key");--> statement-breakpoint
CREATE POLICY "billing_accounts_tenant_isolation" ON "billing_accounts" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "sales_tenant_isolation" ON "sales" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- ===== Hand-written (keep at the end; the lead renumbers at merge time) =====
-- What a sale billed never changes once written (an invoice's number, amounts, lines, VAT, buyer, seller and PDF;
-- a note's lines and amounts): whoever updates, the trigger refuses. Only status, paid_at, disputed,
-- refunded_cents, cancelled_at/by and updated_at move.
CREATE FUNCTION sales_refuse_frozen_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.app_id, OLD.kind, OLD.number, OLD.issuing_company_id, OLD.note_id, OLD.invoice_id, OLD.refund_id, OLD.period_start, OLD.period_end,
      OLD.lines, OLD.discounts, OLD.net_cents, OLD.vat_regime, OLD.vat_rate_percent, OLD.vat_cents, OLD.total_cents, OLD.buyer, OLD.seller,
      OLD.language, OLD.auto_payment, OLD.issued_at, OLD.due_at, OLD.pdf_key, OLD.pdf_sha256, OLD.created_at)
     IS DISTINCT FROM
     (NEW.app_id, NEW.kind, NEW.number, NEW.issuing_company_id, NEW.note_id, NEW.invoice_id, NEW.refund_id, NEW.period_start, NEW.period_end,
      NEW.lines, NEW.discounts, NEW.net_cents, NEW.vat_regime, NEW.vat_rate_percent, NEW.vat_cents, NEW.total_cents, NEW.buyer, NEW.seller,
      NEW.language, NEW.auto_payment, NEW.issued_at, NEW.due_at, NEW.pdf_key, NEW.pdf_sha256, NEW.created_at) THEN
    RAISE EXCEPTION 'sale % (%) is frozen: its number, amounts, lines and PDF never change once written', OLD.id, OLD.kind USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER sales_frozen BEFORE UPDATE ON "sales" FOR EACH ROW EXECUTE FUNCTION sales_refuse_frozen_change();--> statement-breakpoint
CREATE FUNCTION sales_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sale % (%) cannot be deleted: a note is cancelled, an invoice refunded by a credit note', OLD.id, OLD.kind USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER sales_no_delete BEFORE DELETE ON "sales" FOR EACH ROW EXECUTE FUNCTION sales_refuse_delete();--> statement-breakpoint
-- The application role: sales and counters are never deleted; only the product administrator's transactions
-- (the connecting role) change issuing companies.
REVOKE DELETE ON "sales", "invoice_counters" FROM "app_user";--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON "issuing_companies" FROM "app_user";
