CREATE TABLE "quota_notices" (
	"account_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"percent" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_notices_account_id_period_start_percent_pk" PRIMARY KEY("account_id","period_start","percent")
);
--> statement-breakpoint
ALTER TABLE "quota_notices" ADD CONSTRAINT "quota_notices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;