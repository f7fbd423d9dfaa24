CREATE TABLE "address_book_cards" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"version" bigint NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"href_name" text,
	"uid" text
);
--> statement-breakpoint
CREATE TABLE "device_passwords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"access" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "address_book_cards" ADD CONSTRAINT "address_book_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_passwords" ADD CONSTRAINT "device_passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_book_cards_user_id_version_index" ON "address_book_cards" USING btree ("user_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "address_book_cards_user_id_href_name_index" ON "address_book_cards" USING btree ("user_id","href_name");--> statement-breakpoint
CREATE INDEX "device_passwords_user_id_index" ON "device_passwords" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_passwords_secret_hash_index" ON "device_passwords" USING btree ("secret_hash");--> statement-breakpoint
-- Each contact row an insert, update or delete touches is labelled with the list version its
-- statement ends on (the statement-level bump of migration 0007 runs after the row triggers).
-- The owner's version row is locked first, so two writers for one user are labelled in the
-- order they commit and a sync token never skips a change made by a slower transaction.
CREATE FUNCTION "label_address_book_card"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
  card uuid;
  current_version bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    owner := OLD."user_id";
    card := OLD."id";
  ELSE
    owner := NEW."user_id";
    card := NEW."id";
  END IF;
  -- A contact deleted with its owner leaves no tombstone.
  IF NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = owner) THEN
    RETURN NULL;
  END IF;
  SELECT "version" INTO current_version FROM "contact_list_versions"
    WHERE "user_id" = owner FOR UPDATE;
  INSERT INTO "address_book_cards" AS c ("contact_id", "user_id", "version", "is_deleted")
    VALUES (card, owner, COALESCE(current_version, 0) + 1, TG_OP = 'DELETE')
    ON CONFLICT ("contact_id") DO UPDATE
      SET "user_id" = EXCLUDED."user_id", "version" = EXCLUDED."version",
          "is_deleted" = EXCLUDED."is_deleted";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_address_book_card" AFTER INSERT OR UPDATE OR DELETE ON "contacts"
  FOR EACH ROW EXECUTE FUNCTION "label_address_book_card"();
--> statement-breakpoint
INSERT INTO "address_book_cards" ("contact_id", "user_id", "version")
  SELECT c."id", c."user_id", COALESCE(v."version", 0)
  FROM "contacts" c LEFT JOIN "contact_list_versions" v ON v."user_id" = c."user_id";
