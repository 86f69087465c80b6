CREATE TABLE "operation_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"title" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"page_count" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "operation_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"row_index" integer NOT NULL,
	"signers" jsonb NOT NULL,
	"document_name" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"request_id" uuid,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"owner_user_id" uuid,
	"label" text DEFAULT '' NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"options" jsonb NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"n_draft" integer DEFAULT 0 NOT NULL,
	"n_before_send" integer DEFAULT 0 NOT NULL,
	"n_pending" integer DEFAULT 0 NOT NULL,
	"n_ready" integer DEFAULT 0 NOT NULL,
	"n_completed" integer DEFAULT 0 NOT NULL,
	"n_failed" integer DEFAULT 0 NOT NULL,
	"n_canceled" integer DEFAULT 0 NOT NULL,
	"n_expired" integer DEFAULT 0 NOT NULL,
	"dispatched" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"dispatch_started_at" timestamp with time zone,
	"dispatch_finished_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"archive_key" text,
	"archive_generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "operation_documents" ADD CONSTRAINT "operation_documents_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_documents" ADD CONSTRAINT "operation_documents_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_orders" ADD CONSTRAINT "operation_orders_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_orders" ADD CONSTRAINT "operation_orders_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operation_documents_file_unique" ON "operation_documents" USING btree ("operation_id","file_name");--> statement-breakpoint
CREATE INDEX "operation_documents_storage_key_idx" ON "operation_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "operation_orders_status_idx" ON "operation_orders" USING btree ("operation_id","status","row_index");--> statement-breakpoint
CREATE UNIQUE INDEX "operation_orders_row_unique" ON "operation_orders" USING btree ("operation_id","row_index");--> statement-breakpoint
CREATE INDEX "operation_orders_request_idx" ON "operation_orders" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "operation_orders_search_trgm_idx" ON "operation_orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operations_app_created_idx" ON "operations" USING btree ("app_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "operations_app_status_idx" ON "operations" USING btree ("app_id","status");--> statement-breakpoint
CREATE INDEX "signature_requests_app_bulk_sent_idx" ON "signature_requests" USING btree ("app_id","sent_at") WHERE source <> 'single';--> statement-breakpoint
CREATE POLICY "operation_documents_tenant_isolation" ON "operation_documents" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "operation_orders_tenant_isolation" ON "operation_orders" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "operations_tenant_isolation" ON "operations" AS PERMISSIVE FOR ALL TO "app_user" USING (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (app_id = nullif(current_setting('app.tenant_id', true), '')::uuid);