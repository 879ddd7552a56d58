CREATE SEQUENCE "public"."funding_address_derivation_index_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 2147483647 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "chain_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"chain_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"org_id" uuid,
	"subject_id" uuid NOT NULL,
	"message" text NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_alerts_kind_valid" CHECK ("chain_alerts"."kind" in ('credited_deposit_vanished', 'withdrawal_mismatch'))
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"funding_address_id" uuid NOT NULL,
	"transaction_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"token_address" text NOT NULL,
	"raw_amount" numeric(78, 0) NOT NULL,
	"token_decimals" integer NOT NULL,
	"amount" numeric(30, 6) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmations" integer NOT NULL,
	"required_confirmations" integer NOT NULL,
	"deposit_id" uuid,
	"credited_at" timestamp (3) with time zone,
	"reorged_at" timestamp (3) with time zone,
	"vanished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_deposits_amount_not_negative" CHECK ("chain_deposits"."amount" >= 0 and "chain_deposits"."raw_amount" > 0),
	CONSTRAINT "chain_deposits_status_valid" CHECK ("chain_deposits"."status" in ('pending', 'credited', 'reorged')),
	CONSTRAINT "chain_deposits_credited" CHECK (("chain_deposits"."status" = 'credited') = ("chain_deposits"."deposit_id" is not null and "chain_deposits"."credited_at" is not null)
        and ("chain_deposits"."status" = 'reorged') = ("chain_deposits"."reorged_at" is not null)
        and ("chain_deposits"."vanished_at" is null or "chain_deposits"."status" = 'credited'))
);
--> statement-breakpoint
CREATE TABLE "chain_watch_blocks" (
	"chain_id" uuid NOT NULL,
	"token_address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	CONSTRAINT "chain_watch_blocks_chain_id_token_address_block_number_pk" PRIMARY KEY("chain_id","token_address","block_number")
);
--> statement-breakpoint
CREATE TABLE "chain_watch_checkpoints" (
	"chain_id" uuid NOT NULL,
	"token_address" text NOT NULL,
	"last_scanned_block" bigint NOT NULL,
	"head_block" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_watch_checkpoints_chain_id_token_address_pk" PRIMARY KEY("chain_id","token_address")
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_sub_status_matches_status";--> statement-breakpoint
DROP INDEX "deposits_chain_tx_key";--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "log_index" integer;--> statement-breakpoint
ALTER TABLE "funding_addresses" ADD COLUMN "derivation_index" integer;--> statement-breakpoint
ALTER TABLE "chain_alerts" ADD CONSTRAINT "chain_alerts_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_funding_address_id_funding_addresses_id_fk" FOREIGN KEY ("funding_address_id") REFERENCES "public"."funding_addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_watch_blocks" ADD CONSTRAINT "chain_watch_blocks_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_watch_checkpoints" ADD CONSTRAINT "chain_watch_checkpoints_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_alerts_kind_subject_key" ON "chain_alerts" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "chain_alerts_created_idx" ON "chain_alerts" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_chain_tx_log_key" ON "chain_deposits" USING btree ("chain_id","transaction_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_deposits_org_created_idx" ON "chain_deposits" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "chain_deposits_chain_status_block_idx" ON "chain_deposits" USING btree ("chain_id","status","block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_deposit_key" ON "chain_deposits" USING btree ("deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_addresses_derivation_index_key" ON "funding_addresses" USING btree ("derivation_index");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_chain_tx_log_key" UNIQUE NULLS NOT DISTINCT("chain_id","transaction_hash","log_index");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_sub_status_matches_status" CHECK (("withdrawals"."status", "withdrawals"."sub_status") in (('SUBMITTED', 'pending_approval'), ('SUBMITTED', 'awaiting_approval'), ('PROCESSING', 'signing'), ('PROCESSING', 'broadcasting'), ('PROCESSING', 'confirming'), ('PROCESSING', 'needs_review'), ('COMPLETED', 'confirmed'), ('FAILED', 'rejected'), ('FAILED', 'broadcast_failed'), ('FAILED', 'reverted')));