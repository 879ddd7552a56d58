CREATE TABLE "rate_feed_state" (
	"source" text PRIMARY KEY NOT NULL,
	"last_attempt_at" timestamp (3) with time zone,
	"last_success_at" timestamp (3) with time zone,
	"last_error" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_sheets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"published_at" timestamp (3) with time zone NOT NULL,
	"valid_until" timestamp (3) with time zone NOT NULL,
	"published_by_user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_sheets_valid_after_published" CHECK ("rate_sheets"."valid_until" > "rate_sheets"."published_at")
);
--> statement-breakpoint
ALTER TABLE "fx_rates" ADD COLUMN "rate_sheet_id" uuid;--> statement-breakpoint
ALTER TABLE "rate_sheets" ADD CONSTRAINT "rate_sheets_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_sheets_published_idx" ON "rate_sheets" USING btree ("published_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_rate_sheet_id_rate_sheets_id_fk" FOREIGN KEY ("rate_sheet_id") REFERENCES "public"."rate_sheets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fx_rates_rate_sheet_idx" ON "fx_rates" USING btree ("rate_sheet_id");--> statement-breakpoint
CREATE INDEX "fx_rates_source_effective_idx" ON "fx_rates" USING btree ("source","effective_at" DESC NULLS LAST);