ALTER TABLE "email_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "html_body" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "transport" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "state" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "resolved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "resolved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "resent_as_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_needs_staff_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."state" in ('failed', 'unknown') and "email_outbox"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_state_valid" CHECK ("email_outbox"."state" in ('queued', 'sending', 'sent', 'failed', 'unknown'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_transport_valid" CHECK ("email_outbox"."transport" in ('sandbox', 'smtp'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_resolution_valid" CHECK ("email_outbox"."resolution" in ('resent', 'resolved'));