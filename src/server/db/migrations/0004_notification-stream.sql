CREATE TABLE "notification_events" (
	"user_id" text NOT NULL,
	"position" bigint NOT NULL,
	"kind" text NOT NULL,
	"user_notification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_events_user_id_position_pk" PRIMARY KEY("user_id","position")
);
--> statement-breakpoint
CREATE TABLE "notification_positions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"position" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "announcement_key" text;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_positions" ADD CONSTRAINT "notification_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_notifications_notification_id_user_id_index" ON "user_notifications" USING btree ("notification_id","user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_announcementKey_unique" UNIQUE("announcement_key");