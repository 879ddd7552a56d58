CREATE TABLE "batch_makers" (
	"batch_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid,
	"api_key_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_makers_one_actor" CHECK (num_nonnulls("batch_makers"."user_id", "batch_makers"."api_key_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "batch_makers" ADD CONSTRAINT "batch_makers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_makers" ADD CONSTRAINT "batch_makers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_makers" ADD CONSTRAINT "batch_makers_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_makers" ADD CONSTRAINT "batch_makers_batch_fk" FOREIGN KEY ("org_id","batch_id") REFERENCES "public"."payout_batches"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_makers_user_key" ON "batch_makers" USING btree ("batch_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_makers_api_key_key" ON "batch_makers" USING btree ("batch_id","api_key_id");--> statement-breakpoint
-- Existing batches: their creator is their first maker (re-quotes and party changes before 2.7.0 were not recorded).
INSERT INTO "batch_makers" ("batch_id", "org_id", "user_id", "api_key_id", "created_at")
SELECT "id", "org_id", "created_by_user_id", "created_by_api_key_id", "created_at" FROM "payout_batches";
