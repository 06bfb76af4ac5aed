CREATE TABLE "email_to_fax_senders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "email_to_fax_settings_senders_idx";--> statement-breakpoint
ALTER TABLE "email_to_fax_senders" ADD CONSTRAINT "email_to_fax_senders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_to_fax_senders" ADD CONSTRAINT "email_to_fax_senders_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_to_fax_senders_account_address_idx" ON "email_to_fax_senders" USING btree ("account_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "email_to_fax_senders_active_address_idx" ON "email_to_fax_senders" USING btree ("address") WHERE "email_to_fax_senders"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "email_to_fax_senders_token_idx" ON "email_to_fax_senders" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_to_fax_senders_address_idx" ON "email_to_fax_senders" USING btree ("address");--> statement-breakpoint
-- The addresses allowed so far were never proven (decision 064): each waits for its owner's confirmation, its link to
-- be sent by the worker (sent_at null), asked in the name of the account's owner.
INSERT INTO "email_to_fax_senders" ("account_id", "address", "status", "requested_by")
SELECT DISTINCT s."account_id", lower(a."address"), 'pending', (
  SELECT m."user_id" FROM "account_members" m WHERE m."account_id" = s."account_id" AND m."role" = 'owner' LIMIT 1
)
FROM "email_to_fax_settings" s, unnest(s."allowed_senders") AS a("address")
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "email_to_fax_settings" DROP COLUMN "allowed_senders";