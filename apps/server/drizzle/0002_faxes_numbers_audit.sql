CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"account_id" text,
	"ip" text,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"outcome" text NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "fax_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fax_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"line" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_ms" integer,
	"pages_sent" integer DEFAULT 0 NOT NULL,
	"result" text
);
--> statement-breakpoint
CREATE TABLE "fax_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fax_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"read_at" timestamp with time zone,
	"from_number" text,
	"to_number" text NOT NULL,
	"recipient_name" text,
	"sender_name" text,
	"cover_subject" text,
	"cover_message" text,
	"quality" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"pages" integer,
	"line" text,
	"failure_reason" text,
	"failure_message" text,
	"scheduled_at" timestamp with time zone,
	"idempotency_key" text,
	"document_key" text,
	"document_sha256" text,
	"image_key" text,
	"image_bytes" integer,
	"thumbnail_key" text,
	"source_fax_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fax_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"number_type" text DEFAULT 'local' NOT NULL,
	"provider" text DEFAULT 'faxline' NOT NULL,
	"country_code" text,
	"status" text DEFAULT 'available' NOT NULL,
	"account_id" text,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fax_numbers_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan_id" text;--> statement-breakpoint
ALTER TABLE "fax_attempts" ADD CONSTRAINT "fax_attempts_fax_id_faxes_id_fk" FOREIGN KEY ("fax_id") REFERENCES "public"."faxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fax_files" ADD CONSTRAINT "fax_files_fax_id_faxes_id_fk" FOREIGN KEY ("fax_id") REFERENCES "public"."faxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faxes" ADD CONSTRAINT "faxes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faxes" ADD CONSTRAINT "faxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fax_numbers" ADD CONSTRAINT "fax_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_object_idx" ON "audit_events" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "fax_attempts_fax_number_idx" ON "fax_attempts" USING btree ("fax_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "fax_files_fax_position_idx" ON "fax_files" USING btree ("fax_id","position");--> statement-breakpoint
CREATE INDEX "faxes_account_direction_created_idx" ON "faxes" USING btree ("account_id","direction","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "faxes_account_idempotency_idx" ON "faxes" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "faxes_source_fax_idx" ON "faxes" USING btree ("source_fax_id");--> statement-breakpoint
CREATE INDEX "fax_numbers_account_idx" ON "fax_numbers" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "fax_numbers_status_idx" ON "fax_numbers" USING btree ("status");