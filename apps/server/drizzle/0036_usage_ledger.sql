CREATE TABLE "usage_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"fax_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"other_number" text,
	"pages" integer NOT NULL,
	"kind" text NOT NULL,
	"rate_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "reserved_pages" integer;--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD CONSTRAINT "usage_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_ledger_fax_kind_idx" ON "usage_ledger" USING btree ("fax_id","kind");--> statement-breakpoint
CREATE INDEX "usage_ledger_account_at_idx" ON "usage_ledger" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "faxes_account_in_flight_idx" ON "faxes" USING btree ("account_id") WHERE "faxes"."status" in ('queued', 'scheduled', 'converting', 'sending');