ALTER TABLE "fax_attempts" ADD COLUMN "line_code" text;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "uncertain_choice" text;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "uncertain_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "uncertain_chosen_by" text;