-- An update that gives a contact to another owner changes both owners' lists: bump the version
-- of each owner a changed row had before and after the statement (migration 0007 bumped only
-- the new one, so the old owner's kept answer could outlive the contact; decision 203).
CREATE OR REPLACE FUNCTION "bump_contact_list_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "contact_list_versions" AS v ("user_id", "version")
      SELECT DISTINCT o."user_id", 1 FROM old_rows o JOIN "users" u ON u."id" = o."user_id"
      ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "contact_list_versions" AS v ("user_id", "version")
      SELECT owners."user_id", 1
      FROM (SELECT n."user_id" FROM new_rows n UNION SELECT o."user_id" FROM old_rows o) owners
      JOIN "users" u ON u."id" = owners."user_id"
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
DROP TRIGGER "contacts_list_version_update" ON "contacts";
--> statement-breakpoint
CREATE TRIGGER "contacts_list_version_update" AFTER UPDATE ON "contacts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_contact_list_versions"();
