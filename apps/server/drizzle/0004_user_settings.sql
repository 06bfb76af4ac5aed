CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"fax_received" boolean DEFAULT true NOT NULL,
	"fax_sent_confirmation" boolean DEFAULT true NOT NULL,
	"promotional_offers" boolean DEFAULT false NOT NULL,
	"default_fax_quality" text DEFAULT 'standard' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;