ALTER TABLE "approval_rule_changes" DROP CONSTRAINT "approval_rule_changes_kind_valid";--> statement-breakpoint
ALTER TABLE "approval_rule_changes" ALTER COLUMN "rule_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "rejected_by_api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "rejected_by_name" text;--> statement-breakpoint
ALTER TABLE "approval_rule_changes" ADD COLUMN "proposed_policy" jsonb;--> statement-breakpoint
ALTER TABLE "approval_rule_changes" ADD COLUMN "requested_by_api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD COLUMN "details_changed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD COLUMN "details_changed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_rejected_by_api_key_id_api_keys_id_fk" FOREIGN KEY ("rejected_by_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_changes" ADD CONSTRAINT "approval_rule_changes_requested_by_api_key_id_api_keys_id_fk" FOREIGN KEY ("requested_by_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_changes" ADD CONSTRAINT "approval_rule_changes_policy" CHECK (("approval_rule_changes"."kind" = 'policy') = ("approval_rule_changes"."proposed_policy" is not null) and ("approval_rule_changes"."kind" = 'policy') = ("approval_rule_changes"."rule_id" is null));--> statement-breakpoint
ALTER TABLE "approval_rule_changes" ADD CONSTRAINT "approval_rule_changes_kind_valid" CHECK ("approval_rule_changes"."kind" in ('update', 'delete', 'policy'));--> statement-breakpoint
-- Backfill: a rejection given before the name was kept shows its user's name.
UPDATE "approval_requests" r SET "rejected_by_name" = u."name" FROM "users" u WHERE u."id" = r."rejected_by_user_id" AND r."rejected_by_name" IS NULL;
