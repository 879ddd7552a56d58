CREATE TABLE "webhook_endpoint_drains" (
	"endpoint_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"lease_expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "resend_requested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoint_drains" ADD CONSTRAINT "webhook_endpoint_drains_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint_drains" ADD CONSTRAINT "webhook_endpoint_drains_endpoint_fk" FOREIGN KEY ("org_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_due_idx" ON "webhook_deliveries" USING btree ("endpoint_id","next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_resend_idx" ON "webhook_deliveries" USING btree ("endpoint_id") WHERE "webhook_deliveries"."resend_requested_at" is not null;