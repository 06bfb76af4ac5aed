CREATE TABLE "account_blocklist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"prefix" text NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "inbound_call_id" text;--> statement-breakpoint
ALTER TABLE "account_blocklist" ADD CONSTRAINT "account_blocklist_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_blocklist" ADD CONSTRAINT "account_blocklist_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_blocklist_account_prefix_idx" ON "account_blocklist" USING btree ("account_id","prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "faxes_inbound_call_idx" ON "faxes" USING btree ("inbound_call_id");