CREATE TABLE "reminder_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"address" text,
	"label" text,
	"secret" text,
	"connect_token_hash" text,
	"connect_expires_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "reminder_deliveries_one_per_occurrence";--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD COLUMN "lane" text DEFAULT 'primary' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "reminder_channels" ADD CONSTRAINT "reminder_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_channels_one_per_kind" ON "reminder_channels" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_channels_one_account_per_chat" ON "reminder_channels" USING btree ("kind","address") WHERE "reminder_channels"."kind" in ('telegram', 'whatsapp');--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_channels_connect_token" ON "reminder_channels" USING btree ("connect_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_deliveries_one_per_occurrence" ON "reminder_deliveries" USING btree ("user_id","scheduled_for","lane") WHERE not "reminder_deliveries"."is_test";