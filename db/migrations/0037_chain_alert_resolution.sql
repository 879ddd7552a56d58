DROP INDEX "chain_alerts_kind_subject_key";--> statement-breakpoint
ALTER TABLE "chain_alerts" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "chain_alerts" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "chain_alerts" ADD COLUMN "resolved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "chain_alerts" ADD CONSTRAINT "chain_alerts_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_alerts_kind_subject_key" ON "chain_alerts" USING btree ("kind","subject_id") WHERE "chain_alerts"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "chain_alerts" ADD CONSTRAINT "chain_alerts_resolution_valid" CHECK ("chain_alerts"."resolution" in ('reinstated', 'written_off', 'withdrawal_completed', 'withdrawal_failed'));--> statement-breakpoint
ALTER TABLE "chain_alerts" ADD CONSTRAINT "chain_alerts_resolution_when_resolved" CHECK ("chain_alerts"."resolution" is null or "chain_alerts"."resolved_at" is not null);