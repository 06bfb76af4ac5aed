CREATE TABLE "quota_notices" (
	"account_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"percent" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_notices_account_id_period_start_percent_pk" PRIMARY KEY("account_id","period_start","percent")
);
--> statement-breakpoint
CREATE TABLE "usage_invoice_items" (
	"ledger_line_id" bigint PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "overage_cents_per_page" integer;--> statement-breakpoint
ALTER TABLE "quota_notices" ADD CONSTRAINT "quota_notices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_invoice_items" ADD CONSTRAINT "usage_invoice_items_ledger_line_id_usage_ledger_id_fk" FOREIGN KEY ("ledger_line_id") REFERENCES "public"."usage_ledger"("id") ON DELETE cascade ON UPDATE no action;