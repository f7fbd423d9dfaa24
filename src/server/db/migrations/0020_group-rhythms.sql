CREATE TABLE "tag_rhythms" (
	"user_id" text NOT NULL,
	"tag_key" text NOT NULL,
	"tag" text NOT NULL,
	"rhythm_interval" integer NOT NULL,
	"rhythm_unit" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_rhythms_user_id_tag_key_pk" PRIMARY KEY("user_id","tag_key")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "rhythm_tag" text;--> statement-breakpoint
ALTER TABLE "tag_rhythms" ADD CONSTRAINT "tag_rhythms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;