ALTER TABLE "accounts" ADD COLUMN "fax_header_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "fax_header_name" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "fax_attempts" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "fax_numbers" ADD COLUMN "station_id" text;