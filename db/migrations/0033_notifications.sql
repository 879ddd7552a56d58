CREATE TABLE "low_balance_alerts" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"alerted_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_org_id_kind_pk" PRIMARY KEY("user_id","org_id","kind"),
	CONSTRAINT "notification_preferences_kind_valid" CHECK ("notification_preferences"."kind" in ('approval_requested', 'approval_decided', 'approval_rules_change', 'batch_finished', 'order_failed', 'deposit_credited', 'low_balance', 'withdrawal_awaiting_approval', 'webhook_endpoint_disabled', 'security'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"email_outbox_id" uuid,
	"read_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_valid" CHECK ("notifications"."kind" in ('approval_requested', 'approval_decided', 'approval_rules_change', 'batch_finished', 'order_failed', 'deposit_credited', 'low_balance', 'withdrawal_awaiting_approval', 'webhook_endpoint_disabled', 'security')),
	CONSTRAINT "notifications_channel_valid" CHECK ("notifications"."channel" in ('in_app', 'email'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "low_balance_threshold_usdt" numeric(30, 6);--> statement-breakpoint
ALTER TABLE "low_balance_alerts" ADD CONSTRAINT "low_balance_alerts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_email_outbox_id_email_outbox_id_fk" FOREIGN KEY ("email_outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_user_channel_key" ON "notifications" USING btree ("event_id","user_id","channel");--> statement-breakpoint
CREATE INDEX "notifications_user_org_created_idx" ON "notifications" USING btree ("user_id","org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","org_id") WHERE "notifications"."read_at" is null and "notifications"."channel" = 'in_app';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_valid" CHECK ("email_outbox"."kind" in ('invitation', 'password_reset', 'staff_invitation', 'notice', 'notification_approval_requested', 'notification_approval_decided', 'notification_approval_rules_change', 'notification_batch_finished', 'notification_order_failed', 'notification_deposit_credited', 'notification_low_balance', 'notification_withdrawal_awaiting_approval', 'notification_webhook_endpoint_disabled', 'notification_security'));