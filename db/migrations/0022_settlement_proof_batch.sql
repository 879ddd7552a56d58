ALTER TABLE "settlement_proofs" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "settlement_proofs" ADD COLUMN "transaction_hash" text;--> statement-breakpoint
ALTER TABLE "settlement_proofs" ADD CONSTRAINT "settlement_proofs_batch_fk" FOREIGN KEY ("org_id","batch_id") REFERENCES "public"."payout_batches"("org_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_proofs_batch_idx" ON "settlement_proofs" USING btree ("batch_id","recorded_at") WHERE "settlement_proofs"."batch_id" is not null;--> statement-breakpoint
ALTER TABLE "settlement_proofs" ADD CONSTRAINT "settlement_proofs_transaction_hash_present" CHECK (btrim("settlement_proofs"."transaction_hash") <> '');