ALTER TABLE "contacts" ADD COLUMN "station_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "station_warning" jsonb;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "expected_station_id" text;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "announced_station_id" text;