CREATE TABLE "porting_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"requested_by" text,
	"numbers" text[] NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"holder" jsonb NOT NULL,
	"signed_name" text NOT NULL,
	"signed_on" date NOT NULL,
	"language" text NOT NULL,
	"loa_file_key" text NOT NULL,
	"loa_sha256" text NOT NULL,
	"bill_file_key" text NOT NULL,
	"bill_file_name" text NOT NULL,
	"bill_content_type" text NOT NULL,
	"port_date" date,
	"rejection_reason" text,
	"carrier" text,
	"carrier_order_id" text,
	"carrier_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "porting_requests" ADD CONSTRAINT "porting_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "porting_requests" ADD CONSTRAINT "porting_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "porting_requests_account_idx" ON "porting_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "porting_requests_status_idx" ON "porting_requests" USING btree ("status","created_at");