ALTER TABLE "users" DROP CONSTRAINT "users_staff_role_valid";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Every staff member keeps exactly the role they had: it becomes both their primary role and the one they hold.
UPDATE "users" SET "staff_roles" = array["staff_role"] WHERE "staff_role" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_roles_valid" CHECK ("users"."staff_roles" <@ array['support', 'support_lead', 'operations', 'treasury']::text[]);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_held" CHECK (("users"."staff_role" is null and cardinality("users"."staff_roles") = 0) or "users"."staff_role" = any("users"."staff_roles"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_valid" CHECK ("users"."staff_role" in ('support', 'support_lead', 'operations', 'treasury'));