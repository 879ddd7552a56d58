ALTER TABLE "beneficiary_profiles" DROP CONSTRAINT "beneficiary_profiles_iban_format";--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD COLUMN "iban_last4" text;--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD COLUMN "account_number_last4" text;--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD COLUMN "id_document_number_last4" text;--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_iban_encrypted" CHECK ("beneficiary_profiles"."iban" like 'v2:%');--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_iban_last4_iff_set" CHECK (("beneficiary_profiles"."iban" is null) = ("beneficiary_profiles"."iban_last4" is null));--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_iban_last4_format" CHECK (char_length("beneficiary_profiles"."iban_last4") between 1 and 4);--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_account_number_encrypted" CHECK ("beneficiary_profiles"."account_number" like 'v2:%');--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_account_number_last4_iff_set" CHECK (("beneficiary_profiles"."account_number" is null) = ("beneficiary_profiles"."account_number_last4" is null));--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_account_number_last4_format" CHECK (char_length("beneficiary_profiles"."account_number_last4") between 1 and 4);--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD CONSTRAINT "sender_profiles_id_document_number_encrypted" CHECK ("sender_profiles"."id_document_number" like 'v2:%');--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD CONSTRAINT "sender_profiles_id_document_number_last4_iff_set" CHECK (("sender_profiles"."id_document_number" is null) = ("sender_profiles"."id_document_number_last4" is null));--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD CONSTRAINT "sender_profiles_id_document_number_last4_format" CHECK (char_length("sender_profiles"."id_document_number_last4") between 1 and 4);