ALTER TABLE "plans" ADD COLUMN "api_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "webhooks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "fax_to_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_users" integer DEFAULT 1;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "fax_numbers_included" integer DEFAULT 1 NOT NULL;