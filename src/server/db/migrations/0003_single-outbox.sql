-- Mail and SMS move into the one outbox (decision 080). Rows already delivered or kept for the
-- dev mailbox are copied as sent; rows still waiting are copied as pending, so nothing is lost.
INSERT INTO "outbox" ("id", "user_id", "channel", "kind", "to", "subject", "html", "text", "status", "attempts", "last_error", "next_attempt_at", "transport", "sent_at", "created_at")
SELECT "id", "user_id", 'email', "kind", "to", "subject", "html", "text",
  CASE WHEN "status" = 'dev' THEN 'sent' ELSE "status" END, "attempts", "last_error", "next_attempt_at",
  CASE WHEN "status" = 'dev' THEN 'dev' WHEN "status" = 'sent' THEN 'smtp' END,
  COALESCE("sent_at", CASE WHEN "status" = 'dev' THEN "created_at" END), "created_at"
FROM "mail_outbox";--> statement-breakpoint
INSERT INTO "outbox" ("id", "user_id", "channel", "kind", "to", "text", "status", "attempts", "last_error", "next_attempt_at", "transport", "sent_at", "created_at")
SELECT "id", "user_id", 'sms', "kind", "to", "body",
  CASE WHEN "status" = 'dev' THEN 'sent' ELSE "status" END, "attempts", "last_error", "next_attempt_at",
  CASE WHEN "status" = 'dev' THEN 'dev' WHEN "status" = 'sent' THEN 'twilio' END,
  COALESCE("sent_at", CASE WHEN "status" = 'dev' THEN "created_at" END), "created_at"
FROM "sms_outbox";--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;--> statement-breakpoint
DROP TABLE "sms_outbox" CASCADE;
