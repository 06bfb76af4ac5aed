CREATE TABLE "fax_class_examples" (
	"fax_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"document_class" text NOT NULL,
	"words" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "document_class" text;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "class_confidence" real;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "classified_by" text;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "found_fields" jsonb;--> statement-breakpoint
ALTER TABLE "fax_class_examples" ADD CONSTRAINT "fax_class_examples_fax_id_faxes_id_fk" FOREIGN KEY ("fax_id") REFERENCES "public"."faxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fax_class_examples_account_idx" ON "fax_class_examples" USING btree ("account_id","created_at" DESC NULLS LAST);