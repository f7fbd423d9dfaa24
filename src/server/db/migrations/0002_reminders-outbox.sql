CREATE TABLE "one_tap_uses" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"delivery_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"failure" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"transport" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_heartbeats" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "reminder_deliveries_user_id_scheduled_for_index";--> statement-breakpoint
DROP INDEX "reminder_deliveries_user_id_index";--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD COLUMN "outbox_id" uuid;--> statement-breakpoint
ALTER TABLE "user_reminders" ADD COLUMN "anchor_date" text;--> statement-breakpoint
ALTER TABLE "user_reminders" ADD COLUMN "last_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "email_reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "email_bounced_address" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "email_bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "sms_failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "sms_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "one_tap_uses" ADD CONSTRAINT "one_tap_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_user_id_index" ON "outbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_claimable" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_to_index" ON "outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "outbox_delivery_id_index" ON "outbox" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_deliveries_one_per_occurrence" ON "reminder_deliveries" USING btree ("user_id","scheduled_for") WHERE not "reminder_deliveries"."is_test";--> statement-breakpoint
CREATE INDEX "reminder_deliveries_user_id_created_at_index" ON "reminder_deliveries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reminder_deliveries_outbox_id_index" ON "reminder_deliveries" USING btree ("outbox_id");--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_calendarToken_unique" UNIQUE("calendar_token");