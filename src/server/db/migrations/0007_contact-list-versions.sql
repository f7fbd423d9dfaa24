CREATE TABLE "contact_list_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_list_versions" ADD CONSTRAINT "contact_list_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every statement that inserts, updates or deletes contacts bumps each owner's list version once,
-- in its own transaction (decision 140). Statement-level, so a 1,000-row import bumps it once.
CREATE FUNCTION "bump_contact_list_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "contact_list_versions" AS v ("user_id", "version")
      SELECT DISTINCT o."user_id", 1 FROM old_rows o JOIN "users" u ON u."id" = o."user_id"
      ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  ELSE
    INSERT INTO "contact_list_versions" AS v ("user_id", "version")
      SELECT DISTINCT n."user_id", 1 FROM new_rows n
      ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_list_version_insert" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_contact_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "contacts_list_version_update" AFTER UPDATE ON "contacts"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_contact_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "contacts_list_version_delete" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_contact_list_versions"();
