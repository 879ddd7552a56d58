ALTER TABLE "beneficiary_profiles" DROP CONSTRAINT "beneficiary_profiles_status_valid";--> statement-breakpoint
ALTER TABLE "sender_profiles" DROP CONSTRAINT "sender_profiles_status_valid";--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD COLUMN "requested_information" jsonb;--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD COLUMN "staff_correction" jsonb;--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD COLUMN "corrected_by_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD COLUMN "requested_information" jsonb;--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD COLUMN "staff_correction" jsonb;--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD COLUMN "corrected_by_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_requested_information_iff_action_required" CHECK (("beneficiary_profiles"."requested_information" is not null) = ("beneficiary_profiles"."status" = 'action_required'));--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_status_valid" CHECK ("beneficiary_profiles"."status" in ('draft', 'in_review', 'ready', 'rejected', 'action_required'));--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD CONSTRAINT "sender_profiles_requested_information_iff_action_required" CHECK (("sender_profiles"."requested_information" is not null) = ("sender_profiles"."status" = 'action_required'));--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD CONSTRAINT "sender_profiles_status_valid" CHECK ("sender_profiles"."status" in ('draft', 'in_review', 'ready', 'rejected', 'action_required'));