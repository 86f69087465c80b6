ALTER TABLE "editor_links" ALTER COLUMN "request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "editor_links" ADD COLUMN "kind" text DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "editor_links" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "editor_links" ADD CONSTRAINT "editor_links_template_id_request_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."request_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editor_links" ADD CONSTRAINT "editor_links_target" CHECK (("editor_links"."kind" = 'request' and "editor_links"."request_id" is not null and "editor_links"."template_id" is null) or ("editor_links"."kind" = 'template' and "editor_links"."request_id" is null));