-- Every key of a user-owned table names its owner, so the tables can be distributed by user_id
-- (docs/deployment.md, "Distribution by user_id"). Primary keys become (id, user_id): a lookup by
-- id alone still finds its row through the key, and each table keeps its index that leads with
-- user_id. Secrets stay unique together with their owner; foreign keys between user-owned tables
-- carry user_id on both sides. On PostgreSQL each new key's index is built CONCURRENTLY before this
-- transaction (db/client.ts), so on a populated database it only swaps constraints.
ALTER TABLE "reminder_deliveries" DROP CONSTRAINT "reminder_deliveries_reminder_id_user_reminders_id_fk";--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_import_id_imports_id_fk";--> statement-breakpoint
ALTER TABLE "interactions" DROP CONSTRAINT "interactions_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER TABLE "interactions" DROP CONSTRAINT "interactions_import_id_imports_id_fk";--> statement-breakpoint
ALTER TABLE "replies" DROP CONSTRAINT "replies_delivery_id_reminder_deliveries_id_fk";--> statement-breakpoint
ALTER TABLE "reply_actions" DROP CONSTRAINT "reply_actions_reply_id_replies_id_fk";--> statement-breakpoint
ALTER TABLE "reply_actions" DROP CONSTRAINT "reply_actions_contact_id_contacts_id_fk";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "api_tokens_id_user_id_pk" ON "api_tokens" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "contact_undos_id_user_id_pk" ON "contact_undos" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "contacts_id_user_id_pk" ON "contacts" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "device_passwords_id_user_id_pk" ON "device_passwords" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "feedback_id_user_id_pk" ON "feedback" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "idempotency_keys_id_user_id_pk" ON "idempotency_keys" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "imports_id_user_id_pk" ON "imports" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "interactions_id_user_id_pk" ON "interactions" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reminder_deliveries_id_user_id_pk" ON "reminder_deliveries" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "replies_id_user_id_pk" ON "replies" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reply_actions_id_user_id_pk" ON "reply_actions" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "user_notifications_id_user_id_pk" ON "user_notifications" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "user_reminders_id_user_id_pk" ON "user_reminders" ("id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "webhook_deliveries_id_user_id_pk" ON "webhook_deliveries" ("id", "user_id");--> statement-breakpoint
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_pkey", ADD CONSTRAINT "api_tokens_id_user_id_pk" PRIMARY KEY USING INDEX "api_tokens_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "contact_undos" DROP CONSTRAINT "contact_undos_pkey", ADD CONSTRAINT "contact_undos_id_user_id_pk" PRIMARY KEY USING INDEX "contact_undos_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_pkey", ADD CONSTRAINT "contacts_id_user_id_pk" PRIMARY KEY USING INDEX "contacts_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "device_passwords" DROP CONSTRAINT "device_passwords_pkey", ADD CONSTRAINT "device_passwords_id_user_id_pk" PRIMARY KEY USING INDEX "device_passwords_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "feedback" DROP CONSTRAINT "feedback_pkey", ADD CONSTRAINT "feedback_id_user_id_pk" PRIMARY KEY USING INDEX "feedback_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_pkey", ADD CONSTRAINT "idempotency_keys_id_user_id_pk" PRIMARY KEY USING INDEX "idempotency_keys_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_pkey", ADD CONSTRAINT "imports_id_user_id_pk" PRIMARY KEY USING INDEX "imports_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "interactions" DROP CONSTRAINT "interactions_pkey", ADD CONSTRAINT "interactions_id_user_id_pk" PRIMARY KEY USING INDEX "interactions_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "reminder_deliveries" DROP CONSTRAINT "reminder_deliveries_pkey", ADD CONSTRAINT "reminder_deliveries_id_user_id_pk" PRIMARY KEY USING INDEX "reminder_deliveries_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "replies" DROP CONSTRAINT "replies_pkey", ADD CONSTRAINT "replies_id_user_id_pk" PRIMARY KEY USING INDEX "replies_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "reply_actions" DROP CONSTRAINT "reply_actions_pkey", ADD CONSTRAINT "reply_actions_id_user_id_pk" PRIMARY KEY USING INDEX "reply_actions_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "user_notifications" DROP CONSTRAINT "user_notifications_pkey", ADD CONSTRAINT "user_notifications_id_user_id_pk" PRIMARY KEY USING INDEX "user_notifications_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "user_reminders" DROP CONSTRAINT "user_reminders_pkey", ADD CONSTRAINT "user_reminders_id_user_id_pk" PRIMARY KEY USING INDEX "user_reminders_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey", ADD CONSTRAINT "webhook_deliveries_id_user_id_pk" PRIMARY KEY USING INDEX "webhook_deliveries_id_user_id_pk";--> statement-breakpoint
-- Push devices and webhooks are read per user (a handful each): their keys lead with the owner.
CREATE UNIQUE INDEX IF NOT EXISTS "push_subscriptions_user_id_id_pk" ON "push_subscriptions" ("user_id", "id");--> statement-breakpoint
ALTER TABLE "push_subscriptions" DROP CONSTRAINT "push_subscriptions_pkey",
  ADD CONSTRAINT "push_subscriptions_user_id_id_pk" PRIMARY KEY USING INDEX "push_subscriptions_user_id_id_pk";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "webhooks_user_id_id_pk" ON "webhooks" ("user_id", "id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_webhook_fk";--> statement-breakpoint
ALTER TABLE "webhooks" DROP CONSTRAINT "webhooks_user_id_id", DROP CONSTRAINT "webhooks_pkey",
  ADD CONSTRAINT "webhooks_user_id_id_pk" PRIMARY KEY USING INDEX "webhooks_user_id_id_pk";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_fk" FOREIGN KEY ("user_id", "webhook_id") REFERENCES "webhooks" ("user_id", "id") ON DELETE CASCADE NOT VALID;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "one_tap_uses_token_hash_user_id_pk" ON "one_tap_uses" ("token_hash", "user_id");--> statement-breakpoint
ALTER TABLE "one_tap_uses" DROP CONSTRAINT "one_tap_uses_pkey",
  ADD CONSTRAINT "one_tap_uses_token_hash_user_id_pk" PRIMARY KEY USING INDEX "one_tap_uses_token_hash_user_id_pk";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "address_book_cards_user_id_contact_id_pk" ON "address_book_cards" ("user_id", "contact_id");--> statement-breakpoint
ALTER TABLE "address_book_cards" DROP CONSTRAINT "address_book_cards_pkey",
  ADD CONSTRAINT "address_book_cards_user_id_contact_id_pk" PRIMARY KEY USING INDEX "address_book_cards_user_id_contact_id_pk";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "user_settings_calendar_token_user_id_unique" ON "user_settings" ("calendar_token", "user_id");--> statement-breakpoint
ALTER TABLE "user_settings" DROP CONSTRAINT "user_settings_calendarToken_unique";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "inbound_addresses_forward_token_user_id_unique" ON "inbound_addresses" ("forward_token", "user_id");--> statement-breakpoint
ALTER TABLE "inbound_addresses" DROP CONSTRAINT "inbound_addresses_forwardToken_unique";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "api_tokens_token_hash_user_id" ON "api_tokens" ("token_hash", "user_id");--> statement-breakpoint
DROP INDEX "api_tokens_token_hash";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "device_passwords_secret_hash_user_id_index" ON "device_passwords" ("secret_hash", "user_id");--> statement-breakpoint
DROP INDEX "device_passwords_secret_hash_index";--> statement-breakpoint
-- Foreign keys within one owner's rows; the existing rows are checked after the migration commits.
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_reminder_fk" FOREIGN KEY ("reminder_id", "user_id") REFERENCES "user_reminders" ("id", "user_id") ON DELETE SET NULL ("reminder_id") NOT VALID;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_import_fk" FOREIGN KEY ("import_id", "user_id") REFERENCES "imports" ("id", "user_id") ON DELETE SET NULL ("import_id") NOT VALID;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_contact_fk" FOREIGN KEY ("contact_id", "user_id") REFERENCES "contacts" ("id", "user_id") ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_import_fk" FOREIGN KEY ("import_id", "user_id") REFERENCES "imports" ("id", "user_id") ON DELETE SET NULL ("import_id") NOT VALID;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_delivery_fk" FOREIGN KEY ("delivery_id", "user_id") REFERENCES "reminder_deliveries" ("id", "user_id") ON DELETE SET NULL ("delivery_id") NOT VALID;--> statement-breakpoint
ALTER TABLE "reply_actions" ADD CONSTRAINT "reply_actions_reply_fk" FOREIGN KEY ("reply_id", "user_id") REFERENCES "replies" ("id", "user_id") ON DELETE CASCADE NOT VALID;--> statement-breakpoint
ALTER TABLE "reply_actions" ADD CONSTRAINT "reply_actions_contact_fk" FOREIGN KEY ("contact_id", "user_id") REFERENCES "contacts" ("id", "user_id") ON DELETE SET NULL ("contact_id") NOT VALID;--> statement-breakpoint
-- A card is keyed by its owner and contact; a contact given to another owner leaves a tombstone
-- in the old owner's book and a card in the new one's.
CREATE OR REPLACE FUNCTION "label_address_book_card"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
  card uuid;
  current_version bigint;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."user_id" IS DISTINCT FROM NEW."user_id"
     AND EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."user_id") THEN
    SELECT "version" INTO current_version FROM "contact_list_versions"
      WHERE "user_id" = OLD."user_id" FOR UPDATE;
    UPDATE "address_book_cards"
      SET "version" = COALESCE(current_version, 0) + 1, "is_deleted" = true
      WHERE "user_id" = OLD."user_id" AND "contact_id" = OLD."id";
  END IF;
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
    ON CONFLICT ("user_id", "contact_id") DO UPDATE
      SET "version" = EXCLUDED."version", "is_deleted" = EXCLUDED."is_deleted";
  RETURN NULL;
END
$$;
