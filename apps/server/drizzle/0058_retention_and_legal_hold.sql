CREATE TABLE "inbox_retention_policies" (
	"inbox_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"scope" text NOT NULL,
	"fax_id" uuid,
	"number" text,
	"reason" text NOT NULL,
	"set_by" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	"lift_reason" text
);
--> statement-breakpoint
CREATE TABLE "retention_policies" (
	"account_id" text PRIMARY KEY NOT NULL,
	"days" integer,
	"zero_footprint" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "content_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "content_deleted_by" text;--> statement-breakpoint
ALTER TABLE "inbox_retention_policies" ADD CONSTRAINT "inbox_retention_policies_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_retention_policies" ADD CONSTRAINT "inbox_retention_policies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_fax_id_faxes_id_fk" FOREIGN KEY ("fax_id") REFERENCES "public"."faxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_policies" ADD CONSTRAINT "retention_policies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_policies" ADD CONSTRAINT "retention_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_retention_policies_account_idx" ON "inbox_retention_policies" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "legal_holds_active_idx" ON "legal_holds" USING btree ("account_id") WHERE "legal_holds"."lifted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "faxes_account_content_kept_idx" ON "faxes" USING btree ("account_id","created_at") WHERE "faxes"."content_deleted_at" IS NULL;