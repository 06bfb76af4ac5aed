ALTER TABLE "fax_attempts" ADD COLUMN "first_page" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fax_attempts" ADD COLUMN "call" jsonb;