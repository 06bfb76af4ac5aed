CREATE TABLE "fax_text_words" (
	"fax_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"direction" text NOT NULL,
	"configuration" text NOT NULL,
	"words" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "reads_fax_text" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "text_key" text;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "text_language" text;--> statement-breakpoint
ALTER TABLE "fax_text_words" ADD CONSTRAINT "fax_text_words_fax_id_faxes_id_fk" FOREIGN KEY ("fax_id") REFERENCES "public"."faxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fax_text_words_account_words_idx" ON "fax_text_words" USING gin ("account_id","direction","words");