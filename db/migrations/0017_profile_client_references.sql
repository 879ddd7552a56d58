ALTER TABLE "beneficiary_profiles" ADD COLUMN "client_reference" text;--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD COLUMN "client_reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiary_profiles_org_client_reference_key" ON "beneficiary_profiles" USING btree ("org_id","client_reference") WHERE "beneficiary_profiles"."client_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sender_profiles_org_client_reference_key" ON "sender_profiles" USING btree ("org_id","client_reference") WHERE "sender_profiles"."client_reference" is not null;--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_client_reference_length" CHECK (char_length("beneficiary_profiles"."client_reference") between 1 and 100);--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD CONSTRAINT "sender_profiles_client_reference_length" CHECK (char_length("sender_profiles"."client_reference") between 1 and 100);