ALTER TABLE "contacts" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "is_time_zone_set_by_hand" boolean DEFAULT false NOT NULL;