CREATE TABLE "staff_reads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"view_id" uuid,
	"operation" text NOT NULL,
	"method" text NOT NULL,
	"resource" text NOT NULL,
	"request_id" text,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_reads" ADD CONSTRAINT "staff_reads_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_reads" ADD CONSTRAINT "staff_reads_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_reads" ADD CONSTRAINT "staff_reads_view_id_impersonation_sessions_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."impersonation_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_reads_org_idx" ON "staff_reads" USING btree ("org_id","created_at","id");--> statement-breakpoint
-- Sessions that raced into several open views keep their newest one; the others end now, as expired, so the
-- unique index below can hold.
UPDATE "impersonation_sessions" i SET "ended_at" = least(i."expires_at", now()), "end_reason" = 'expired'
WHERE i."ended_at" IS NULL AND EXISTS (
  SELECT 1 FROM "impersonation_sessions" newer
  WHERE newer."user_session_id" = i."user_session_id" AND newer."ended_at" IS NULL
    AND (newer."started_at", newer."id") > (i."started_at", i."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "impersonation_sessions_one_open_key" ON "impersonation_sessions" USING btree ("user_session_id") WHERE "impersonation_sessions"."ended_at" is null;--> statement-breakpoint
-- The record of staff reads is what an organization's admins audit support by: append-only.
CREATE FUNCTION staff_reads_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_reads rows are append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER staff_reads_append_only BEFORE UPDATE OR DELETE ON "staff_reads"
  FOR EACH ROW EXECUTE FUNCTION staff_reads_append_only();
