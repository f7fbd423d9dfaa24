-- Relationships name a contact together with its owner, so both people are one user's.
CREATE UNIQUE INDEX "contacts_user_id_id_index" ON "contacts" USING btree ("user_id","id");--> statement-breakpoint
CREATE TABLE "relationships" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"related_contact_id" uuid NOT NULL,
	"type" text NOT NULL,
	"type_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relationships_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "relationships_not_self" CHECK ("relationships"."contact_id" <> "relationships"."related_contact_id")
);
--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_user_id_contact_id_contacts_user_id_id_fk" FOREIGN KEY ("user_id","contact_id") REFERENCES "public"."contacts"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_user_id_related_contact_id_contacts_user_id_id_fk" FOREIGN KEY ("user_id","related_contact_id") REFERENCES "public"."contacts"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "relationships_user_id_contact_id_related_contact_id_type_key_index" ON "relationships" USING btree ("user_id","contact_id","related_contact_id","type_key");--> statement-breakpoint
CREATE INDEX "relationships_user_id_related_contact_id_index" ON "relationships" USING btree ("user_id","related_contact_id");