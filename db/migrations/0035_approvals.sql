CREATE TABLE "approval_grants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"stage_index" integer NOT NULL,
	"person_id" uuid NOT NULL,
	"user_id" uuid,
	"api_key_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_grants_one_actor" CHECK (num_nonnulls("approval_grants"."user_id", "approval_grants"."api_key_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"object_type" text NOT NULL,
	"object_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stages" jsonb NOT NULL,
	"makers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"approval_digest" text,
	"rejected_by_user_id" uuid,
	"rejected_at" timestamp (3) with time zone,
	"rejection_reason" text,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_object_valid" CHECK ("approval_requests"."object_type" in ('batch', 'withdrawal', 'wallet', 'approval_rules')),
	CONSTRAINT "approval_requests_status_valid" CHECK ("approval_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "approval_rule_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"rule_id" uuid NOT NULL,
	"proposed" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_user_id" uuid,
	"apply_after" timestamp (3) with time zone,
	"decided_by_user_id" uuid,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rule_changes_kind_valid" CHECK ("approval_rule_changes"."kind" in ('update', 'delete')),
	CONSTRAINT "approval_rule_changes_status_valid" CHECK ("approval_rule_changes"."status" in ('pending', 'applied', 'cancelled')),
	CONSTRAINT "approval_rule_changes_proposed" CHECK (("approval_rule_changes"."kind" = 'update') = ("approval_rule_changes"."proposed" is not null))
);
--> statement-breakpoint
CREATE TABLE "approval_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"object" text NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stages" jsonb NOT NULL,
	"origin" text DEFAULT 'rules' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rules_object_valid" CHECK ("approval_rules"."object" in ('batch', 'withdrawal', 'wallet', 'approval_rules')),
	CONSTRAINT "approval_rules_origin_valid" CHECK ("approval_rules"."origin" in ('rules', 'policy')),
	CONSTRAINT "approval_rules_stages_present" CHECK (jsonb_array_length("approval_rules"."stages") > 0)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "require_review_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "requote_tolerance_percent" numeric(5, 2) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "approval_digest" text;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_grants" ADD CONSTRAINT "approval_grants_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_grants" ADD CONSTRAINT "approval_grants_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_rejected_by_user_id_users_id_fk" FOREIGN KEY ("rejected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_changes" ADD CONSTRAINT "approval_rule_changes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_changes" ADD CONSTRAINT "approval_rule_changes_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_changes" ADD CONSTRAINT "approval_rule_changes_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_grants_person_key" ON "approval_grants" USING btree ("request_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_object_key" ON "approval_requests" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "approval_requests_org_status_idx" ON "approval_requests" USING btree ("org_id","status","id");--> statement-breakpoint
CREATE INDEX "approval_rule_changes_due_idx" ON "approval_rule_changes" USING btree ("org_id","status","apply_after");--> statement-breakpoint
CREATE INDEX "approval_rules_org_object_idx" ON "approval_rules" USING btree ("org_id","object");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_requote_tolerance_range" CHECK ("organizations"."requote_tolerance_percent" >= 0 and "organizations"."requote_tolerance_percent" <= 100);--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_source_valid" CHECK ("payout_batches"."source" in ('portal', 'csv', 'api'));--> statement-breakpoint
-- Backfill: organizations that existed before the approvals release keep confirming without a digest (DESIGN
-- "Approvals"); the column's default (on) applies to organizations opened from now on.
UPDATE "organizations" SET "require_review_digest" = false;--> statement-breakpoint
-- Backfill: a batch a person made came from the portal (its form, or a CSV when it kept one); keys' batches are 'api'.
UPDATE "payout_batches" SET "source" = CASE WHEN "source_file_id" IS NOT NULL THEN 'csv' ELSE 'portal' END WHERE "created_by_user_id" IS NOT NULL;--> statement-breakpoint
-- Backfill: every batch's approval digest, from the same canonical text as its review digest (review-digest.ts).
UPDATE "payout_batches" b SET "approval_digest" = encode(sha256(convert_to(coalesce((SELECT jsonb_agg(t.o - 'fee_amount' - 'source_amount' ORDER BY t.n) FROM jsonb_array_elements(payout_review_canonical(b.id)::jsonb -> 'orders') WITH ORDINALITY AS t(o, n)), '[]'::jsonb)::text, 'UTF8')), 'hex');
--> statement-breakpoint
-- Backfill: today's approval policy becomes rules that give exactly today's behaviour (DESIGN "Rules"): each switch
-- on is one rule of origin 'policy' with one stage, one approver who is none of the object's makers.
INSERT INTO "approval_rules" ("id", "org_id", "object", "name", "conditions", "stages", "origin", "created_by_user_id", "created_at", "updated_at")
SELECT gen_random_uuid(), "org_id", 'batch', 'Approval policy: a separate confirmer',
       CASE WHEN "threshold_usdt" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('amount_usdt_gte', "threshold_usdt"::text) END,
       '[{"name": "Second approver", "required": 1, "role": "approver"}]'::jsonb, 'policy', "updated_by_user_id", "updated_at", "updated_at"
  FROM "approval_policies" WHERE "require_separate_confirmer";--> statement-breakpoint
INSERT INTO "approval_rules" ("id", "org_id", "object", "name", "conditions", "stages", "origin", "created_by_user_id", "created_at", "updated_at")
SELECT gen_random_uuid(), "org_id", 'withdrawal', 'Approval policy: four eyes on withdrawals', '{}'::jsonb,
       '[{"name": "Second approver", "required": 1, "role": "approver"}]'::jsonb, 'policy', "updated_by_user_id", "updated_at", "updated_at"
  FROM "approval_policies" WHERE "withdrawals_require_approval";--> statement-breakpoint
INSERT INTO "approval_rules" ("id", "org_id", "object", "name", "conditions", "stages", "origin", "created_by_user_id", "created_at", "updated_at")
SELECT gen_random_uuid(), "org_id", 'wallet', 'Approval policy: four eyes on new wallets', '{}'::jsonb,
       '[{"name": "Second approver", "required": 1, "role": "approver"}]'::jsonb, 'policy', "updated_by_user_id", "updated_at", "updated_at"
  FROM "approval_policies" WHERE "wallets_require_approval";
