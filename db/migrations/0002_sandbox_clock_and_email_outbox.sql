CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid,
	"user_id" uuid,
	"to_address" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_kind_valid" CHECK ("email_outbox"."kind" in ('invitation', 'password_reset', 'notice'))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sandbox_clock_offset_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_org_created_idx" ON "email_outbox" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_user_created_idx" ON "email_outbox" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_sandbox_clock_forward" CHECK ("organizations"."sandbox_clock_offset_seconds" >= 0);