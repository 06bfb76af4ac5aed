CREATE TABLE "fhir_connections" (
	"account_id" text PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"auth_kind" text NOT NULL,
	"secret" text NOT NULL,
	"client_id" text,
	"token_url" text,
	"algorithm" text,
	"key_id" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"send_automatically" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fax_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"resource_id" text,
	"binary_id" text,
	"patient_reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fhir_connections" ADD CONSTRAINT "fhir_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_exports" ADD CONSTRAINT "fhir_exports_fax_id_faxes_id_fk" FOREIGN KEY ("fax_id") REFERENCES "public"."faxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_exports" ADD CONSTRAINT "fhir_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fhir_exports_fax_idx" ON "fhir_exports" USING btree ("fax_id");--> statement-breakpoint
CREATE INDEX "fhir_exports_account_idx" ON "fhir_exports" USING btree ("account_id","created_at");