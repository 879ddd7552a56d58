CREATE TABLE "approval_policies" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"require_separate_confirmer" boolean DEFAULT false NOT NULL,
	"threshold_usdt" numeric(30, 6),
	"updated_by_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_policies_threshold_positive" CHECK ("approval_policies"."threshold_usdt" > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_orders" ADD COLUMN "tracking_reference" uuid;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_orders_tracking_reference_key" ON "payout_orders" USING btree ("tracking_reference") WHERE "payout_orders"."tracking_reference" is not null;