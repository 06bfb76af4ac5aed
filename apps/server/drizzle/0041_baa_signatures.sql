CREATE TABLE "baa_signatures" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"signed_by" text,
	"signer_name" text NOT NULL,
	"signer_title" text NOT NULL,
	"organisation" text NOT NULL,
	"version" text NOT NULL,
	"language" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text,
	"file_key" text NOT NULL,
	"file_sha256" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "baa_signatures" ADD CONSTRAINT "baa_signatures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baa_signatures" ADD CONSTRAINT "baa_signatures_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baa_signatures_account_idx" ON "baa_signatures" USING btree ("account_id","signed_at");