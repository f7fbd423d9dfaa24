CREATE TABLE "inbound_addresses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"forward_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_addresses_forwardToken_unique" UNIQUE("forward_token")
);
--> statement-breakpoint
CREATE TABLE "replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"from" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"read_by" text NOT NULL,
	"delivery_id" uuid,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"reply_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"contact_id" uuid,
	"candidate_ids" text[] DEFAULT '{}' NOT NULL,
	"name" text,
	"details" jsonb NOT NULL,
	"evidence" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"undo" jsonb,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD COLUMN "contact_ids" jsonb;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "reply_id" uuid;--> statement-breakpoint
ALTER TABLE "inbound_addresses" ADD CONSTRAINT "inbound_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_delivery_id_reminder_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."reminder_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_actions" ADD CONSTRAINT "reply_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_actions" ADD CONSTRAINT "reply_actions_reply_id_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_actions" ADD CONSTRAINT "reply_actions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replies_user_id_received_at_index" ON "replies" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "replies_one_per_message" ON "replies" USING btree ("user_id","message_id") WHERE "replies"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "reply_actions_user_id_status_index" ON "reply_actions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "reply_actions_reply_id_index" ON "reply_actions" USING btree ("reply_id");