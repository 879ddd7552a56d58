CREATE TABLE "payment_file_orders" (
	"file_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"uetr" uuid NOT NULL,
	"group_number" integer NOT NULL,
	"amount" numeric(30, 6) NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payment_file_orders_pkey" PRIMARY KEY("file_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "payment_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'built' NOT NULL,
	"currency" text NOT NULL,
	"payout_account_id" uuid NOT NULL,
	"transaction_count" integer NOT NULL,
	"control_sum" numeric(30, 6) NOT NULL,
	"content" text NOT NULL,
	"sha256" text NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"sent_by_user_id" uuid,
	"sent_at" timestamp (3) with time zone,
	"cancelled_by_user_id" uuid,
	"cancelled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_files_format_valid" CHECK ("payment_files"."format" in ('pain.001.001.09', 'csv')),
	CONSTRAINT "payment_files_status_valid" CHECK ("payment_files"."status" in ('built', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "payment_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"file_id" uuid,
	"filename" text NOT NULL,
	"content" text NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" uuid NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reports_format_valid" CHECK ("payment_reports"."format" in ('pain.002.001.10', 'camt.054.001.08', 'csv'))
);
--> statement-breakpoint
ALTER TABLE "payment_file_orders" ADD CONSTRAINT "payment_file_orders_file_id_payment_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."payment_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_file_orders" ADD CONSTRAINT "payment_file_orders_order_id_payout_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payout_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_file_orders" ADD CONSTRAINT "payment_file_orders_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_files" ADD CONSTRAINT "payment_files_payout_account_id_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_files" ADD CONSTRAINT "payment_files_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_files" ADD CONSTRAINT "payment_files_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_files" ADD CONSTRAINT "payment_files_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_file_id_payment_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."payment_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_file_orders_open_order_key" ON "payment_file_orders" USING btree ("order_id") WHERE not "payment_file_orders"."released";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_file_orders_uetr_key" ON "payment_file_orders" USING btree ("uetr");--> statement-breakpoint
CREATE INDEX "payment_file_orders_org_idx" ON "payment_file_orders" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "payment_files_created_idx" ON "payment_files" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reports_sha256_key" ON "payment_reports" USING btree ("sha256");