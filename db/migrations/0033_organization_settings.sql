ALTER TABLE "organizations" ADD COLUMN "low_balance_threshold_usdt" numeric(30, 6);--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "require_review_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "requote_tolerance_percent" numeric(5, 2) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_requote_tolerance_range" CHECK ("organizations"."requote_tolerance_percent" >= 0 and "organizations"."requote_tolerance_percent" <= 100);--> statement-breakpoint
-- Backfill: organizations that existed before the approvals release keep confirming without a digest (DESIGN
-- "Approvals"); the column's default (on) applies to organizations opened from now on.
UPDATE "organizations" SET "require_review_digest" = false;
