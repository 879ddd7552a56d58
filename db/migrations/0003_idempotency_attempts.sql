-- Replays are byte-identical: the body is kept as the bytes that were sent (jsonb reordered keys).
ALTER TABLE "idempotency_records" ALTER COLUMN "response_body" SET DATA TYPE bytea USING convert_to("response_body"::text, 'UTF8');--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "attempt_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "response_content_type" text;
