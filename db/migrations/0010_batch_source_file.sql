ALTER TABLE "files" DROP CONSTRAINT "files_purpose_valid";--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "source_file_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_source_file_fk" FOREIGN KEY ("org_id","source_file_id") REFERENCES "public"."files"("org_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose_valid" CHECK ("files"."purpose" in ('sender_document', 'proof_of_settlement', 'batch_source', 'other'));