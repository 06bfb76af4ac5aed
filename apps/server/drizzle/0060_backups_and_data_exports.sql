CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"location" text,
	"size_bytes" bigint,
	"file_count" integer,
	"error" text,
	CONSTRAINT "backup_runs_kind" CHECK ("backup_runs"."kind" IN ('manual', 'automatic')),
	CONSTRAINT "backup_runs_status" CHECK ("backup_runs"."status" IN ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"requested_by" text,
	"status" text DEFAULT 'building' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"file_key" text,
	"size_bytes" bigint,
	"fax_count" integer,
	CONSTRAINT "data_exports_status" CHECK ("data_exports"."status" IN ('building', 'ready', 'failed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "data_exports_account_idx" ON "data_exports" USING btree ("account_id","requested_at");