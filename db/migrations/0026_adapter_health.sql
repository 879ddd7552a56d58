CREATE TABLE "adapter_health" (
	"adapter" text PRIMARY KEY NOT NULL,
	"implementation" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"checked_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "adapter_health_state_valid" CHECK ("adapter_health"."state" in ('ok', 'degraded'))
);
