ALTER TABLE "reminder_deliveries" ADD COLUMN "line_sizes" jsonb;
