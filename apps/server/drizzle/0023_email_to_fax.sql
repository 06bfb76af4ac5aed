CREATE TABLE "email_to_fax_settings" (
	"account_id" text PRIMARY KEY NOT NULL,
	"allowed_senders" text[] DEFAULT '{}'::text[] NOT NULL,
	"auth_policy" text,
	"include_body" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_to_fax_settings" ADD CONSTRAINT "email_to_fax_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_to_fax_settings_senders_idx" ON "email_to_fax_settings" USING gin ("allowed_senders");