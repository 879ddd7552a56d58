ALTER TABLE "payout_batches" ADD COLUMN "paid_source_amount" numeric(30, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "released_source_amount" numeric(30, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Existing batches: what their orders paid out and, once confirmed, what went back to the balance.
UPDATE "payout_batches" b SET
  "paid_source_amount" = coalesce((SELECT sum(o."source_amount") FROM "payout_orders" o
    WHERE o."batch_id" = b."id" AND o."status" = 'COMPLETED'), 0),
  "released_source_amount" = CASE WHEN b."confirmed_at" IS NULL THEN 0 ELSE coalesce((SELECT sum(o."source_amount")
    FROM "payout_orders" o WHERE o."batch_id" = b."id" AND o."status" IN ('FAILED', 'CANCELLED_EXPIRED')), 0) END;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_funds_within_total" CHECK ("payout_batches"."paid_source_amount" >= 0 and "payout_batches"."released_source_amount" >= 0
        and "payout_batches"."paid_source_amount" + "payout_batches"."released_source_amount" <= "payout_batches"."total_source_amount");