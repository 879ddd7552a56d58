CREATE TABLE "manual_deposits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"amount" numeric(30, 6) NOT NULL,
	"transaction_hash" text NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"recorded_by_user_id" uuid NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp (3) with time zone,
	"rejection_reason" text,
	"deposit_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_deposits_amount_positive" CHECK ("manual_deposits"."amount" > 0),
	CONSTRAINT "manual_deposits_status_valid" CHECK ("manual_deposits"."status" in ('recorded', 'confirmed', 'rejected')),
	CONSTRAINT "manual_deposits_decided" CHECK (("manual_deposits"."status" = 'recorded') = ("manual_deposits"."decided_by_user_id" is null)
        and ("manual_deposits"."status" = 'confirmed') = ("manual_deposits"."deposit_id" is not null)
        and ("manual_deposits"."status" = 'rejected') = ("manual_deposits"."rejection_reason" is not null)),
	CONSTRAINT "manual_deposits_four_eyes" CHECK ("manual_deposits"."status" <> 'confirmed' or "manual_deposits"."decided_by_user_id" <> "manual_deposits"."recorded_by_user_id")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_number" text NOT NULL,
	"bic" text NOT NULL,
	"currency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_currency_format" CHECK ("payout_accounts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payout_accounts_bic_format" CHECK ("payout_accounts"."bic" ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$')
);
--> statement-breakpoint
ALTER TABLE "payout_orders" ADD COLUMN "bank_reference" text;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD COLUMN "sent_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD COLUMN "payout_account_id" uuid;--> statement-breakpoint
ALTER TABLE "manual_deposits" ADD CONSTRAINT "manual_deposits_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_deposits" ADD CONSTRAINT "manual_deposits_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_deposits" ADD CONSTRAINT "manual_deposits_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_deposits" ADD CONSTRAINT "manual_deposits_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_deposits" ADD CONSTRAINT "manual_deposits_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manual_deposits_chain_tx_key" ON "manual_deposits" USING btree ("chain_id","transaction_hash");--> statement-breakpoint
CREATE INDEX "manual_deposits_status_created_idx" ON "manual_deposits" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_active_currency_key" ON "payout_accounts" USING btree ("currency") WHERE "payout_accounts"."active";--> statement-breakpoint
ALTER TABLE "payout_orders" ADD CONSTRAINT "payout_orders_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD CONSTRAINT "payout_orders_payout_account_id_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE restrict ON UPDATE no action;