CREATE TABLE "usage_invoice_items" (
	"ledger_line_id" bigint PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "overage_cents_per_page" integer;--> statement-breakpoint
ALTER TABLE "usage_invoice_items" ADD CONSTRAINT "usage_invoice_items_ledger_line_id_usage_ledger_id_fk" FOREIGN KEY ("ledger_line_id") REFERENCES "public"."usage_ledger"("id") ON DELETE cascade ON UPDATE no action;