ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_status_valid";--> statement-breakpoint
UPDATE "webhook_endpoints" SET "status" = 'enabled' WHERE "status" = 'active';--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "status" SET DEFAULT 'enabled';--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "last_latency_ms" integer;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "last_response_body" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_signing_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "webhook_endpoints" SET "disabled_at" = "updated_at" WHERE "status" = 'disabled' AND "disabled_at" IS NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_response_body_capped" CHECK (octet_length("webhook_deliveries"."last_response_body") <= 4096);--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_disabled_at_iff_disabled" CHECK (("webhook_endpoints"."status" = 'disabled') = ("webhook_endpoints"."disabled_at" is not null));--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_previous_secret_expires" CHECK (("webhook_endpoints"."previous_signing_secret_encrypted" is null) = ("webhook_endpoints"."previous_secret_expires_at" is null));--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_status_valid" CHECK ("webhook_endpoints"."status" in ('enabled', 'disabled'));