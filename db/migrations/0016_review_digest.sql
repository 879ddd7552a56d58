CREATE TABLE "batch_reviews" (
	"batch_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"digest" text NOT NULL,
	"canonical" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_reviews_pkey" PRIMARY KEY("batch_id","digest"),
	CONSTRAINT "batch_reviews_digest_format" CHECK ("batch_reviews"."digest" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "review_digest" text;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "review_outdated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD COLUMN "details_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD COLUMN "details_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- What an approval binds (DESIGN "What an approval binds"): the one definition of the canonical text a batch's
-- review_digest is the SHA-256 of. Compact JSON with a fixed key order: quote_expires_at, then per order by line its
-- amounts, currency, fee type, purpose and both parties with the version of their details. Amounts are the stored
-- numeric text (scale 6): the digest is opaque to clients, only its equality matters.
CREATE FUNCTION payout_review_canonical(p_batch_id uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT '{"quote_expires_at":'
    || to_json(to_char(b.quote_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
    || ',"orders":[' || coalesce((
      SELECT string_agg(
        '{"beneficiary_amount":' || to_json(o.beneficiary_amount::text)::text
        || ',"beneficiary_currency":' || to_json(o.beneficiary_currency)::text
        || ',"fee_type":' || to_json(o.fee_type)::text
        || ',"fee_amount":' || coalesce(to_json(o.fee_amount::text)::text, 'null')
        || ',"source_amount":' || coalesce(to_json(o.source_amount::text)::text, 'null')
        || ',"purpose_code":' || to_json(o.purpose_code)::text
        || ',"sender_profile_id":' || to_json(o.sender_profile_id::text)::text
        || ',"sender_details_version":' || s.details_version::text
        || ',"beneficiary_profile_id":' || to_json(o.beneficiary_profile_id::text)::text
        || ',"beneficiary_details_version":' || bp.details_version::text
        || '}', ',' ORDER BY o.line_number)
      FROM payout_orders o
      JOIN sender_profiles s ON s.id = o.sender_profile_id
      JOIN beneficiary_profiles bp ON bp.id = o.beneficiary_profile_id
      WHERE o.batch_id = b.id), '') || ']}'
  FROM payout_batches b WHERE b.id = p_batch_id
$$;
--> statement-breakpoint
-- Existing batches get their digest (and its canonical text, so a confirm carrying it can be answered with a diff).
INSERT INTO "batch_reviews" ("batch_id", "org_id", "digest", "canonical")
SELECT c.id, c.org_id, encode(sha256(convert_to(c.canonical, 'UTF8')), 'hex'), c.canonical
FROM (SELECT b.id, b.org_id, payout_review_canonical(b.id) AS canonical FROM "payout_batches" b) c;
--> statement-breakpoint
UPDATE "payout_batches" b SET "review_digest" = r."digest" FROM "batch_reviews" r WHERE r."batch_id" = b."id";
--> statement-breakpoint
ALTER TABLE "payout_batches" ALTER COLUMN "review_digest" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_reviews" ADD CONSTRAINT "batch_reviews_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_reviews" ADD CONSTRAINT "batch_reviews_batch_fk" FOREIGN KEY ("org_id","batch_id") REFERENCES "public"."payout_batches"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_orders_draft_sender_idx" ON "payout_orders" USING btree ("sender_profile_id") WHERE "payout_orders"."status" = 'DRAFT';--> statement-breakpoint
CREATE INDEX "payout_orders_draft_beneficiary_idx" ON "payout_orders" USING btree ("beneficiary_profile_id") WHERE "payout_orders"."status" = 'DRAFT';--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_review_digest_format" CHECK ("payout_batches"."review_digest" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_details_version_positive" CHECK ("beneficiary_profiles"."details_version" >= 1);--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD CONSTRAINT "sender_profiles_details_version_positive" CHECK ("sender_profiles"."details_version" >= 1);