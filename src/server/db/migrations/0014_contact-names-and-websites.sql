ALTER TABLE "contacts" ADD COLUMN "name_prefix" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "name_suffix" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "nickname" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "websites" jsonb DEFAULT '[]'::jsonb NOT NULL;