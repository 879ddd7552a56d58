ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_sub_status_matches_status";--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "role" SET DEFAULT 'member';--> statement-breakpoint
ALTER TABLE "approval_policies" ADD COLUMN "withdrawals_require_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD COLUMN "wallets_require_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "min_withdrawal_amount" numeric(30, 6) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "pending_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "added_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "added_by_api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "approved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "approved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "approved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "approved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "rejected_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_added_by_api_key_id_api_keys_id_fk" FOREIGN KEY ("added_by_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_rejected_by_user_id_users_id_fk" FOREIGN KEY ("rejected_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chains" ADD CONSTRAINT "chains_min_withdrawal_positive" CHECK ("chains"."min_withdrawal_amount" > 0);--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_approved_together" CHECK (("wallets"."approved_by_user_id" is null) = ("wallets"."approved_at" is null) and not ("wallets"."pending_approval" and "wallets"."approved_at" is not null));--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_approved_together" CHECK (("withdrawal_requests"."approved_by_user_id" is null) = ("withdrawal_requests"."approved_at" is null));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_sub_status_matches_status" CHECK (("withdrawals"."status", "withdrawals"."sub_status") in (('SUBMITTED', 'pending_approval'), ('SUBMITTED', 'awaiting_approval'), ('PROCESSING', 'signing'), ('PROCESSING', 'broadcasting'), ('PROCESSING', 'confirming'), ('COMPLETED', 'confirmed'), ('FAILED', 'rejected'), ('FAILED', 'broadcast_failed'), ('FAILED', 'reverted')));